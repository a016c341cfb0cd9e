#ifndef CLS_GUARD_H
#define CLS_GUARD_H
/* The guard's record and what every protected call does with it, inline: entering and
 * leaving are a few stores, and as calls of their own they cost a run of trivial calls
 * ~50 instructions a call (cls_guard.c holds the rest: installing, interrupting, the
 * patrol's signal). */
#include "CLuaShim.h"
#include <stdatomic.h>
#include <pthread.h>
#include <time.h>

struct cls_guard {
    _Atomic unsigned long long entries, exits; /* written by the run's thread only */
    _Atomic int interrupted;
    _Atomic unsigned long thread;              /* the thread that entered Lua last */
    char reason[512];                          /* written before `interrupted` is set */
    _Atomic long long note[4];                 /* the host's note of the work (cls_guard_note) */
    _Atomic int patrolled;                     /* its owner arms budgets (cls_guard_arm_budget) */
    _Atomic unsigned long long arm_serial;     /* the entry whose budget the patrol asked to arm */
    timer_t look;                              /* the one-shot look before the watcher runs */
    int has_look;                              /* whether `look` is armed (its owner's thread only) */
};

/* 1 once the watcher is wanted, 2 once it runs (cls_guard.c). */
extern _Atomic int cls_patrol_phase;
void cls_patrol_start_wanted(void);

/* At a protected call or a budget hook, on the run's thread: starts the watcher a look asked for. */
static inline void cls_patrol_check(void) {
    if (__builtin_expect(atomic_load_explicit(&cls_patrol_phase, memory_order_relaxed) == 1, 0))
        cls_patrol_start_wanted();
}

/* The calling thread's guard (cls_guard_install), and the state it is running Lua in. */
extern __thread cls_guard *cls_tls_guard;
extern __thread lua_State *volatile cls_tls_running;

/* Reports entering a protected call to the thread's guard; NULL when none is installed. */
static inline cls_guard *cls_guard_enter(lua_State *L, lua_State **previous) {
    cls_guard *g = cls_tls_guard;
    if (g == NULL) return NULL;
    cls_patrol_check();
    atomic_store_explicit(&g->thread, (unsigned long)pthread_self(), memory_order_relaxed);
    *previous = cls_tls_running;
    cls_tls_running = L;
    atomic_store_explicit(&g->entries, atomic_load_explicit(&g->entries, memory_order_relaxed) + 1,
                          memory_order_release);
    return g;
}

/* Reports leaving it. */
static inline void cls_guard_leave(cls_guard *g, lua_State *previous) {
    cls_tls_running = previous;
    atomic_store_explicit(&g->exits, atomic_load_explicit(&g->exits, memory_order_relaxed) + 1,
                          memory_order_release);
}

/* cls_guard_interrupted, inline. */
static inline int cls_guard_stopped(const cls_guard *g) {
    return atomic_load_explicit(&g->interrupted, memory_order_acquire);
}

/* Whether the calling thread's guard is patrolled, so a sliced state may leave the hook off
 * until the patrol arms it. */
static inline int cls_guard_patrolled_here(void) {
    cls_guard *g = cls_tls_guard;
    return g != NULL && atomic_load_explicit(&g->patrolled, memory_order_relaxed);
}

#endif
