/* The guard of a run: what lets a host stop Lua code from another thread.
 *
 * A run (a command, a request) installs its guard on the thread that runs it; every
 * protected call made on that thread (or on a large-stack thread it starts) reports its
 * entries and exits there, without locks: the calling thread is the only writer.
 * A watcher thread reads the counters and, when the run is overdue, calls
 * cls_guard_interrupt: the flag makes every later protected call of the run fail at
 * once, and a signal sent to the thread running Lua sets a hook there — as lua.c
 * does for Ctrl-C — that raises at the next instruction and on every one after, so a
 * policy's own pcall cannot outlast it. Code stuck inside a C function never reaches
 * a hook; the watcher sees no exit and the host decides what that costs. */
#define _GNU_SOURCE
#include "cls_internal.h"
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The guard's fields, and the calling thread's guard and running state, are declared in
 * cls_guard.h: a protected call enters and leaves inline. */
__thread cls_guard *cls_tls_guard;
__thread lua_State *volatile cls_tls_running;
static pthread_once_t cls_signal_once = PTHREAD_ONCE_INIT;

cls_guard *cls_guard_new(void) { return calloc(1, sizeof(cls_guard)); }
void cls_guard_free(cls_guard *g) {
    if (g != NULL) cls_guard_cancel_look(g);
    free(g);
}
cls_guard *cls_guard_current(void) { return cls_tls_guard; }

static __thread int cls_tls_was_blocked;

/* Threads of a pool (libdispatch's workers, for one) start with every signal blocked:
 * the stop signal is let through while a guard is installed, and blocked again after. */
cls_guard *cls_guard_install(cls_guard *g) {
    cls_guard *previous = cls_tls_guard;
    if (previous == NULL && g != NULL) {
        sigset_t stop, old;
        sigemptyset(&stop);
        sigaddset(&stop, CLS_GUARD_SIGNAL);
        cls_tls_was_blocked = pthread_sigmask(SIG_UNBLOCK, &stop, &old) == 0 && sigismember(&old, CLS_GUARD_SIGNAL);
    } else if (previous != NULL && g == NULL && cls_tls_was_blocked) {
        sigset_t stop;
        sigemptyset(&stop);
        sigaddset(&stop, CLS_GUARD_SIGNAL);
        pthread_sigmask(SIG_BLOCK, &stop, NULL);
        cls_tls_was_blocked = 0;
    }
    cls_tls_guard = g;
    return previous;
}

void cls_guard_progress(const cls_guard *g, unsigned long long *entries, unsigned long long *exits) {
    *entries = atomic_load_explicit(&g->entries, memory_order_relaxed);
    *exits = atomic_load_explicit(&g->exits, memory_order_relaxed);
}

int cls_guard_interrupted(const cls_guard *g) {
    return atomic_load_explicit(&g->interrupted, memory_order_acquire);
}

const char *cls_guard_reason(const cls_guard *g) { return g->reason; }

void cls_guard_note(long long subject, long long detail, long long first, long long last) {
    cls_guard *g = cls_tls_guard;
    if (g == NULL) return;
    atomic_store_explicit(&g->note[0], subject, memory_order_relaxed);
    atomic_store_explicit(&g->note[1], detail, memory_order_relaxed);
    atomic_store_explicit(&g->note[2], first, memory_order_relaxed);
    atomic_store_explicit(&g->note[3], last, memory_order_relaxed);
}

void cls_guard_noted(const cls_guard *g, long long out[4]) {
    for (int i = 0; i < 4; i++) out[i] = atomic_load_explicit(&g->note[i], memory_order_relaxed);
}

/* Raises on every instruction, call and return once set. */
static void cls_stop_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    cls_guard *g = cls_tls_guard;
    lua_sethook(L, cls_stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
    cls_raise(L, CLS_KIND_TIMEOUT, "%s", g != NULL ? g->reason : "stopped");
}

/* On the thread running Lua: a stop sets the stop hook; an arming request sets the budget's
 * count hook, but only if the call it was meant for is still the one running (the handshake:
 * the entry count the patrol saw), so a call that ended meanwhile leaves the next one alone.
 * lua_sethook is safe here: Lua documents it for signal handlers (lua.c stops on Ctrl-C so). */
static void cls_guard_signal(int sig, siginfo_t *info, void *context) {
    (void)sig, (void)context;
    if (info != NULL && info->si_code == SI_TIMER) {
        /* A run's look before the watcher runs: what the patrol's first look would do. */
        int none = 0;
        atomic_compare_exchange_strong(&cls_patrol_phase, &none, 1);
        cls_guard *owner = info->si_value.sival_ptr;
        if (owner != NULL) cls_guard_arm_budget(owner);
        return;
    }
    lua_State *L = cls_tls_running;
    cls_guard *g = cls_tls_guard;
    if (L == NULL) return;
    if (g == NULL || atomic_load_explicit(&g->interrupted, memory_order_acquire)) {
        lua_sethook(L, cls_stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
        return;
    }
    if (atomic_load_explicit(&g->arm_serial, memory_order_acquire)
        != atomic_load_explicit(&g->entries, memory_order_relaxed))
        return;
    /* Asked by a look before the watcher runs: the hook also hears the next call or return, so
     * the watcher starts soon even in a call that spends its time in C between few
     * instructions (cls_budget_hook puts the hook back as it was meant to be). */
    int watcher_wanted = atomic_load_explicit(&cls_patrol_phase, memory_order_relaxed) == 1;
    cls_host *h = cls_host_of(L);
    lua_Hook hook = lua_gethook(L);
    if (hook == NULL) {
        if (watcher_wanted)
            lua_sethook(L, cls_budget_hook, LUA_MASKCALL | LUA_MASKRET | (cls_counting(h) ? LUA_MASKCOUNT : 0),
                        cls_counting(h) ? h->hook_count : 0);
        else if (cls_counting(h))
            lua_sethook(L, cls_budget_hook, LUA_MASKCOUNT, h->hook_count);
    } else if (watcher_wanted && hook == cls_budget_hook && !(lua_gethookmask(L) & LUA_MASKCALL)) {
        lua_sethook(L, cls_budget_hook, lua_gethookmask(L) | LUA_MASKCALL | LUA_MASKRET, lua_gethookcount(L));
    }
}

static void cls_install_signal(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = cls_guard_signal;
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(CLS_GUARD_SIGNAL, &action, NULL);
}

void cls_guard_prepare(void) { pthread_once(&cls_signal_once, cls_install_signal); }

void cls_guard_interrupt(cls_guard *g, const char *reason) {
    if (atomic_load_explicit(&g->interrupted, memory_order_acquire)) return;
    snprintf(g->reason, sizeof g->reason, "%s", reason);
    atomic_store_explicit(&g->interrupted, 1, memory_order_release);
    unsigned long long in = atomic_load_explicit(&g->entries, memory_order_relaxed);
    unsigned long long out = atomic_load_explicit(&g->exits, memory_order_relaxed);
    if (in != out) pthread_kill((pthread_t)atomic_load_explicit(&g->thread, memory_order_relaxed), CLS_GUARD_SIGNAL);
}

void cls_guard_set_patrolled(cls_guard *g, int patrolled) {
    atomic_store_explicit(&g->patrolled, patrolled != 0, memory_order_relaxed);
}


void cls_guard_arm_budget(cls_guard *g) {
    unsigned long long in = atomic_load_explicit(&g->entries, memory_order_acquire);
    unsigned long long out = atomic_load_explicit(&g->exits, memory_order_relaxed);
    if (in == out) return;
    atomic_store_explicit(&g->arm_serial, in, memory_order_release);
    pthread_kill((pthread_t)atomic_load_explicit(&g->thread, memory_order_relaxed), CLS_GUARD_SIGNAL);
}

/* ---- used by cls_run_armed_at ---------------------------------------------- */



/* ---- the watcher, started when a run needs it (CLuaShim.h) ------------------ */

_Atomic int cls_patrol_phase; /* 0 not wanted yet, 1 wanted, 2 runs */
static void (*_Atomic cls_patrol_starter)(void);

void cls_patrol_set_starter(void (*start)(void)) { atomic_store(&cls_patrol_starter, start); }

void cls_patrol_mark_started(void) { atomic_store(&cls_patrol_phase, 2); }

/* Moves the phase from `from` to running and, if this call did, starts the watcher. */
static void cls_patrol_start_from(int from) {
    if (!atomic_compare_exchange_strong(&cls_patrol_phase, &from, 2)) return;
    void (*start)(void) = atomic_load(&cls_patrol_starter);
    if (start != NULL) start();
}

void cls_patrol_start_now(void) {
    if (atomic_load_explicit(&cls_patrol_phase, memory_order_relaxed) == 2) return;
    cls_patrol_start_from(0);
    cls_patrol_start_from(1);
}

void cls_patrol_start_wanted(void) { cls_patrol_start_from(1); }

int cls_guard_schedule_look(cls_guard *g, long long nanoseconds) {
    if (g->has_look || atomic_load(&cls_patrol_phase) == 2 || atomic_load(&cls_patrol_starter) == NULL) return -1;
    cls_guard_prepare();
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = CLS_GUARD_SIGNAL;
    event.sigev_value.sival_ptr = g;
    event._sigev_un._tid = gettid();
    if (timer_create(CLOCK_MONOTONIC, &event, &g->look) != 0) return -1;
    struct itimerspec when;
    memset(&when, 0, sizeof when);
    when.it_value.tv_sec = nanoseconds / 1000000000;
    when.it_value.tv_nsec = nanoseconds % 1000000000;
    if (timer_settime(g->look, 0, &when, NULL) != 0) {
        timer_delete(g->look);
        return -1;
    }
    g->has_look = 1;
    return 0;
}

/* timer_delete also discards the look's signal if it is still pending, so the handler never
 * sees a guard freed after this. */
void cls_guard_cancel_look(cls_guard *g) {
    if (!g->has_look) return;
    timer_delete(g->look);
    g->has_look = 0;
}
