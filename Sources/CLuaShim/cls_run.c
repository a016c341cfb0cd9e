/* Protected runs: arming the budget (and tracing) for one call, the message handler
 * that turns any error into the state's record, and classifying what went wrong. */
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

/* Registry key of the last message too long for the error record. */
static const char cls_whole_message_key = 0;

const char *cls_last_error_whole(lua_State *L, size_t *length) {
    const cls_error *e = &cls_host_of(L)->error;
    size_t kept = strlen(e->message);
    if (kept != sizeof e->message - 1 || memcmp(e->message + kept - 3, "...", 3) != 0) return NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &cls_whole_message_key) != LUA_TSTRING) {
        lua_pop(L, 1);
        return NULL;
    }
    const char *whole = lua_tolstring(L, -1, length);
    lua_pop(L, 1); /* still referenced by the registry */
    /* Only when it is the message the record holds the start of (not an older one). */
    if (*length <= kept || memcmp(whole, e->message, kept - 3) != 0) return NULL;
    return whole;
}

static void cls_copy(char *dst, size_t cap, const char *src, size_t len) {
    if (len >= cap) {
        len = cap - 4;
        memcpy(dst, src, len);
        memcpy(dst + len, "...", 4);
        return;
    }
    memcpy(dst, src, len);
    dst[len] = 0;
}

/* Copies a traceback, writing the policy's full path where Lua shortened it to
 * "...<last 56 bytes>": a long CI workspace path is still readable and clickable. */
static void cls_copy_traceback(cls_host *h, const char *tb, size_t len) {
    const char *full = h->source != NULL ? h->source + 1 : NULL; /* "@path" */
    size_t short_len = strlen(h->short_src);
    if (full == NULL || short_len < 4 || memcmp(h->short_src, "...", 3) != 0) {
        cls_copy(h->error.traceback, sizeof h->error.traceback, tb, len);
        return;
    }
    size_t full_len = strlen(full), room = sizeof h->error.traceback - 4, out = 0, i = 0;
    char *dst = h->error.traceback;
    while (i < len) {
        int shortened = len - i >= short_len && memcmp(tb + i, h->short_src, short_len) == 0;
        size_t need = shortened ? full_len : 1;
        if (out + need > room) break;
        if (shortened) {
            memcpy(dst + out, full, full_len);
            i += short_len;
        } else {
            dst[out] = tb[i++];
        }
        out += need;
    }
    if (i < len) { /* cut short: marked as cls_copy marks it */
        memcpy(dst + out, "...", 3);
        out += 3;
    }
    dst[out] = 0;
}

/* Strips "<short_src>:<line>: " when short_src is one of ours; returns the line or 0. */
static int cls_strip_position(const char **msg, size_t *len, const char *short_src) {
    size_t n = strlen(short_src);
    if (n == 0 || *len <= n + 3 || memcmp(*msg, short_src, n) != 0 || (*msg)[n] != ':') return 0;
    size_t i = n + 1;
    int line = 0;
    while (i < *len && (*msg)[i] >= '0' && (*msg)[i] <= '9' && line < 100000000) line = line * 10 + ((*msg)[i++] - '0');
    if (line == 0 || i + 1 >= *len || (*msg)[i] != ':' || (*msg)[i + 1] != ' ') return 0;
    *msg += i + 2;
    *len -= i + 2;
    return line;
}

/* Message handler: turns any error value into text without running metamethods,
 * records kind, line (from the host's own record of the chunk) and traceback. */
int cls_msgh(lua_State *L) {
    cls_host *h = cls_host_of(L);
    const char *msg;
    size_t len;
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING || t == LUA_TNUMBER) {
        msg = lua_tolstring(L, 1, &len);
    } else {
        msg = lua_pushfstring(L, "error object is a %s value", lua_typename(L, t));
        len = strlen(msg);
    }
    int marked = cls_is_marked(h, msg, len);
    int line = cls_strip_position(&msg, &len, h->short_src);
    if (line == 0) cls_strip_position(&msg, &len, h->prelude_src);
    if (line == 0 && h->source != NULL) {
        lua_Debug ar;
        for (int level = 1; level < 64 && lua_getstack(L, level, &ar); level++) {
            if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, h->source) == 0) {
                line = ar.currentline;
                break;
            }
        }
    }
    int kind = CLS_KIND_RUNTIME;
    if (marked || cls_is_marked(h, msg, len))
        kind = h->marked_kind;
    else if (len == 17 && memcmp(msg, "not enough memory", 17) == 0)
        kind = CLS_KIND_MEMORY;
    h->error.kind = kind;
    h->error.line = line;
    cls_copy(h->error.message, sizeof h->error.message, msg, len);
    if (len >= sizeof h->error.message) {
        /* Too long for the record: the whole text is kept for cls_last_error_whole, up
         * to CLS_WHOLE_MESSAGE_MAX bytes (an error is one line on a terminal). */
        if (len <= CLS_WHOLE_MESSAGE_MAX) {
            lua_pushlstring(L, msg, len);
        } else {
            lua_pushlstring(L, msg, CLS_WHOLE_MESSAGE_MAX - 3);
            lua_pushliteral(L, "...");
            lua_concat(L, 2);
        }
        lua_rawsetp(L, LUA_REGISTRYINDEX, &cls_whole_message_key);
    }
    luaL_traceback(L, L, NULL, 1);
    size_t tlen;
    const char *tb = lua_tolstring(L, -1, &tlen);
    /* In a run of calls (cls_run_calls) the run's C function is the bottom frame: the
     * traceback ends at the policy's, as for a call of its own. */
    static const char run_frame[] = "\n\t[C]: in ?";
    size_t frame_len = sizeof run_frame - 1;
    if (h->in_run && tlen >= frame_len && memcmp(tb + tlen - frame_len, run_frame, frame_len) == 0) tlen -= frame_len;
    cls_copy_traceback(h, tb, tlen);
    lua_pop(L, 1);
    lua_pushlstring(L, msg, len);
    return 1;
}

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
