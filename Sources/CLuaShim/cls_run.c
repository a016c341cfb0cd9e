/* Protected runs: arming the budget (and tracing) for one call, running it under the message
 * handler (cls_msgh.c), and classifying what went wrong. */
#include "cls_internal.h"
#include <stdio.h>
#include <string.h>

static inline __attribute__((always_inline)) void cls_arm(lua_State *L, cls_host *h, long long budget) {
    h->exhausted = 0;
    h->active_budget = budget;
    int counting = cls_counting(h);
    if (counting) {
        h->hook_count = budget < 1000 ? (int)budget : 1000;
        h->remaining = budget;
    } else {
        h->remaining = CLS_UNHOOKED_STEPS; /* for pattern matching alone */
    }
    if (h->trace != NULL) {
        cls_trace_begin(h);
        /* Tracing wraps the budget hook, so coverage and explain stay budgeted. */
        lua_sethook(L, cls_trace_hook, cls_trace_mask(h) | (counting ? LUA_MASKCOUNT : 0),
                    counting ? h->hook_count : 0);
        return;
    }
    /* Sliced: the budget is set, but the hook waits until the call outlives the patrol's slice
     * (cls_guard_arm_budget); most calls end long before and never pay for it. */
    if (!counting || (CLS_SIGNALS_PROMPT && h->budget_sliced && cls_guard_patrolled_here())) {
        if (lua_gethook(L) != NULL) lua_sethook(L, NULL, 0, 0);
        return;
    }
    lua_sethook(L, cls_budget_hook, LUA_MASKCOUNT, h->hook_count);
}

int cls_budget_sliced_available(void) { return CLS_SIGNALS_PROMPT; }

int cls_protected(lua_State *L, lua_CFunction body, void *argument, long long budget) {
    cls_host *h = cls_host_of(L);
    cls_error_reset(h);
    lua_settop(L, 0);
    lua_pushcfunction(L, cls_msgh);
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, argument);
    return cls_run_armed(L, 1, budget);
}

static void cls_disarm(lua_State *L, cls_host *h) {
    (void)h;
    if (lua_gethook(L) != NULL) lua_sethook(L, NULL, 0, 0);
}

/* Turns a failed or overspent protected call's status into the error record. */
static int cls_classify(cls_host *h, int status, int exhausted) {
    if (exhausted) {
        /* Spent, whatever the policy did with the error afterwards. */
        if (status == LUA_OK || h->error.kind != CLS_KIND_BUDGET) {
            h->error.kind = CLS_KIND_BUDGET;
            if (cls_counting(h))
                snprintf(h->error.message, sizeof h->error.message,
                         "instruction budget of %lld exhausted", h->active_budget);
            else
                snprintf(h->error.message, sizeof h->error.message,
                         "pattern matching exceeded %lld steps", CLS_UNHOOKED_STEPS);
        }
        status = LUA_ERRRUN;
    } else if (status == LUA_ERRMEM) {
        h->error.kind = CLS_KIND_MEMORY;
        snprintf(h->error.message, sizeof h->error.message, "memory limit of %zu bytes exceeded", h->limit);
    } else if (status == LUA_ERRERR) {
        if (h->error.kind == CLS_KIND_NONE) h->error.kind = CLS_KIND_RUNTIME;
        snprintf(h->error.message, sizeof h->error.message, "error while handling an error (stack overflow?)");
    } else if (h->error.kind == CLS_KIND_NONE) {
        h->error.kind = CLS_KIND_RUNTIME;
        snprintf(h->error.message, sizeof h->error.message, "unknown error (status %d)", status);
    }
    if (h->error.kind == CLS_KIND_MEMORY && h->pool_refused)
        snprintf(h->error.message, sizeof h->error.message,
                 "memory limit of %zu bytes for all policies of the run exceeded", cls_pool_limit(h->pool));
    else if (h->error.kind == CLS_KIND_MEMORY)
        snprintf(h->error.message, sizeof h->error.message, "memory limit of %zu bytes exceeded", h->limit);
    return status;
}

static inline __attribute__((always_inline)) int cls_run_host(lua_State *L, cls_host *h, int nargs,
                                                             long long budget, int handler);

int cls_run_armed(lua_State *L, int nargs, long long budget) {
    return cls_run_armed_at(L, nargs, budget, 1);
}

/* The run's guard stopped it: this call's error, whatever the call did. */
static int cls_stopped(lua_State *L, cls_host *h, cls_guard *g) {
    lua_sethook(L, NULL, 0, 0);
    h->error.kind = CLS_KIND_TIMEOUT;
    h->error.line = 0;
    h->error.traceback[0] = 0;
    snprintf(h->error.message, sizeof h->error.message, "%s", cls_guard_reason(g));
    return LUA_ERRRUN;
}

int cls_run_armed_at(lua_State *L, int nargs, long long budget, int handler) {
    return cls_run_host(L, cls_host_of(L), nargs, budget, handler);
}

int cls_call_at(lua_State *L, cls_host *h, int nargs, long long budget, int handler) {
    cls_error_reset(h);
    return cls_run_host(L, h, nargs, budget, handler);
}

static inline __attribute__((always_inline)) int cls_run_host(lua_State *L, cls_host *h, int nargs,
                                                             long long budget, int handler) {
    cls_arm(L, h, budget);
    /* Entered after arming, so a stop signalled from now on is not overwritten. */
    lua_State *previous = NULL;
    cls_guard *g = cls_guard_enter(L, &previous);
    if (g != NULL && cls_guard_stopped(g)) {
        cls_guard_leave(g, previous);
        cls_stopped(L, h, g);
        lua_settop(L, handler - 1);
        return LUA_ERRRUN;
    }
    h->pool_refused = 0;
    int status = lua_pcall(L, nargs, LUA_MULTRET, handler);
    /* Not only the flag: a run that overdrew the budget without the hook firing again
     * afterwards (pattern steps charged just before it returned) is over budget too. */
    int exhausted = h->exhausted || h->remaining < 0;
    h->spent = (cls_counting(h) ? budget : CLS_UNHOOKED_STEPS) - h->remaining;
    if (g != NULL) cls_guard_leave(g, previous);
    cls_disarm(L, h);
    if (g != NULL && cls_guard_stopped(g)) {
        /* A stop raised inside the call keeps the line and traceback it was raised at. */
        if (status == LUA_OK || h->error.kind != CLS_KIND_TIMEOUT) cls_stopped(L, h, g);
        lua_settop(L, handler - 1);
        return LUA_ERRRUN;
    }
    if (status == LUA_OK) cls_trace_end(h);
    if (status == LUA_OK && !exhausted) return LUA_OK;
    status = cls_classify(h, status, exhausted);
    lua_settop(L, handler - 1); /* what earlier calls of a span left stays valid */
    return status;
}

int cls_tracing(cls_host *h) { return h->trace != NULL; }

/* One call of a run (see cls_extension.h): cls_run_host without the protected call. */
int cls_call_inside(lua_State *L, cls_host *h, int nargs, long long budget) {
    cls_error_reset(h);
    cls_arm(L, h, budget);
    lua_State *previous = NULL;
    cls_guard *g = cls_guard_enter(L, &previous);
    if (g != NULL && cls_guard_stopped(g)) {
        cls_guard_leave(g, previous);
        return cls_stopped(L, h, g);
    }
    h->pool_refused = 0;
    /* Should the call raise, cls_run_calls leaves the guard and disarms in its place. */
    h->inside_guard = g;
    h->inside_previous = previous;
    h->inside_call = 1;
    lua_callk(L, nargs, LUA_MULTRET, 0, NULL);
    h->inside_call = 0;
    int exhausted = h->exhausted || h->remaining < 0;
    h->spent = (cls_counting(h) ? budget : CLS_UNHOOKED_STEPS) - h->remaining;
    if (g != NULL) cls_guard_leave(g, previous);
    cls_disarm(L, h);
    if (g != NULL && cls_guard_stopped(g)) return cls_stopped(L, h, g);
    if (!exhausted) return LUA_OK;
    return cls_classify(h, LUA_OK, exhausted);
}

int cls_run_calls(lua_State *L, cls_host *h, lua_CFunction body, void *argument) {
    int handler = lua_gettop(L) + 1;
    lua_pushcfunction(L, cls_msgh);
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, argument);
    h->inside_call = 0;
    h->in_run = 1;
    int status = lua_pcall(L, 1, LUA_MULTRET, handler);
    h->in_run = 0;
    lua_remove(L, handler); /* the results, if any, move down onto its slot */
    if (status == LUA_OK) return LUA_OK;
    lua_settop(L, handler - 1);
    if (!h->inside_call) {
        /* Raised by the run itself, outside any call (not expected: its steps do not raise). */
        return cls_classify(h, status, 0);
    }
    /* A call raised: what cls_run_host does after a failed protected call. */
    h->inside_call = 0;
    int exhausted = h->exhausted || h->remaining < 0;
    h->spent = (cls_counting(h) ? h->active_budget : CLS_UNHOOKED_STEPS) - h->remaining;
    cls_guard *g = h->inside_guard;
    if (g != NULL) cls_guard_leave(g, h->inside_previous);
    cls_disarm(L, h);
    if (g != NULL && cls_guard_stopped(g)) {
        if (h->error.kind != CLS_KIND_TIMEOUT) cls_stopped(L, h, g);
        return LUA_ERRRUN;
    }
    return cls_classify(h, status, exhausted);
}

/* lua_settop is not free (it checks for to-be-closed variables): a call that left
 * nothing, the common case, skips it. */
void cls_call_finish(lua_State *L) {
    if (lua_gettop(L) != 0) lua_settop(L, 0);
}
