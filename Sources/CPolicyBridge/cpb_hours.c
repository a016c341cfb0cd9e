/* Asking a policy for a day's closed hours (hoursFor) and reading what it returned, in one of
 * exactly these shapes (anything else is the policy's type error, so the gate errs closed):
 *   nil                                         no closed hours
 *   { from = m, to = m [, reason = s] }         one interval (cal.closed), integer minutes
 *                                               0 <= from < to <= 1440, nothing else in it
 *   { I1, I2, ... }                             a list (keys 1...n only) of intervals or of
 *   { cal.openOnly(...), cal.closed(...) }      lists of intervals (one level, as openOnly)
 * each read raw and strictly, since anything the reader skipped would leave the gate silently
 * open. The call itself is cpb_call_one's (cpb_call.c). */
#include "cpb_internal.h"
#include <string.h>

/* An integer field of an interval, 0...1440: 0 when fine, else the error was recorded. */
static int cpb_minutes(lua_State *L, cpb_state *h, int interval, const char *field, int *out) {
    lua_pushstring(L, field);
    int t = lua_rawget(L, interval);
    int ok = t == LUA_TNUMBER && lua_isinteger(L, -1);
    lua_Integer v = ok ? lua_tointeger(L, -1) : -1;
    if (!ok || v < 0 || v > 1440) {
        char got[96];
        cpb_describe(L, -1, got, sizeof got);
        cpb_type_error(L, h, "hoursFor returned an interval whose '%s' is %s (expected minutes 0...1440; "
                       "build intervals with cal.closed or cal.openOnly)", field, got);
        return -1;
    }
    lua_pop(L, 1);
    *out = (int)v;
    return 0;
}

/* One interval table at `interval` into out[*count]; its reason stays alive in the table,
 * which stays on the stack until cpb_call_finish. */
static int cpb_read_interval(lua_State *L, cpb_state *h, int interval, cpb_hours *out, int capacity, int *count) {
    if (*count >= capacity)
        return cpb_type_error(L, h, "hoursFor returned more than %d intervals", capacity);
    cpb_hours *r = &out[*count];
    if (cpb_minutes(L, h, interval, "from", &r->from) != 0) return LUA_ERRRUN;
    if (cpb_minutes(L, h, interval, "to", &r->to) != 0) return LUA_ERRRUN;
    if (r->from >= r->to)
        return cpb_type_error(L, h, "hoursFor returned an interval from minute %d to %d (from must be before to)",
                              r->from, r->to);
    lua_pushliteral(L, "reason");
    lua_rawget(L, interval);
    if (cpb_text(L, h, -1, "an interval's reason", &r->reason, &r->reason_len) != 0) return LUA_ERRRUN;
    lua_pop(L, 1); /* the table holds the string */
    (*count)++;
    return LUA_OK;
}

/* A table the engine reads raw must hold nothing it would skip: no metatable (its __index
 * and __len are never consulted); an interval holds the keys 'from', 'to' and 'reason' and
 * nothing else; a list holds the keys 1...#t and nothing else. Otherwise an interval kept
 * under a name (`{ eve = cal.closed(...) }`), an all-day interval nested at [1] of another
 * interval, or a list that also carries from/to would be read as something it does not say,
 * and the gate silently open. 0 when exact, else the error is recorded. */
static int cpb_plain_table(lua_State *L, cpb_state *h, int idx, int list, const char *what) {
    idx = lua_absindex(L, idx);
    if (lua_getmetatable(L, idx)) {
        lua_pop(L, 1);
        cpb_type_error(L, h, "hoursFor returned %s with a metatable (return plain tables: "
                       "{ cal.closed(...), ... })", what);
        return -1;
    }
    lua_Unsigned length = list ? lua_rawlen(L, idx) : 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        int fine;
        if (list) {
            fine = lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
                   (lua_Unsigned)lua_tointeger(L, -1) <= length;
        } else {
            size_t len = 0;
            const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
            fine = key != NULL && ((len == 4 && memcmp(key, "from", 4) == 0) || (len == 2 && memcmp(key, "to", 2) == 0) ||
                                   (len == 6 && memcmp(key, "reason", 6) == 0));
        }
        if (!fine) {
            char key[96];
            cpb_describe(L, -1, key, sizeof key);
            lua_pop(L, 1);
            if (list)
                cpb_type_error(L, h, "hoursFor returned %s with the key %s (a list holds intervals at 1, 2, 3 ... "
                               "only)", what, key);
            else
                cpb_type_error(L, h, "hoursFor returned %s with the key %s (an interval holds 'from', 'to' and "
                               "'reason' only)", what, key);
            return -1;
        }
    }
    return 0;
}

/* Whether the table at `idx` is one interval (it has a 'from' key) rather than a list. */
static int cpb_is_interval(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushliteral(L, "from");
    int t = lua_rawget(L, idx);
    lua_pop(L, 1);
    return t != LUA_TNIL;
}

static int cpb_read_hours(lua_State *L, cpb_state *h, int first, int n, cpb_hours *out, int capacity, int *count) {
    char got[96];
    if (n == 0) return LUA_OK;
    if (n > 1) { /* even after a nil: one value, exactly */
        cpb_describe(L, first + 1, got, sizeof got);
        return cpb_type_error(L, h, "hoursFor must return one list of intervals, got %d values (the second %s); "
                              "return { cal.closed(...), cal.closed(...) }", n, got);
    }
    if (lua_type(L, first) == LUA_TNIL) return LUA_OK;
    if (lua_type(L, first) != LUA_TTABLE) {
        cpb_describe(L, first, got, sizeof got);
        return cpb_type_error(L, h, "hoursFor must return a list of intervals or nil, got %s", got);
    }
    if (cpb_is_interval(L, first)) {
        if (cpb_plain_table(L, h, first, 0, "an interval") != 0) return LUA_ERRRUN;
        return cpb_read_interval(L, h, first, out, capacity, count);
    }
    if (cpb_plain_table(L, h, first, 1, "a list") != 0) return LUA_ERRRUN;
    lua_Unsigned length = lua_rawlen(L, first);
    for (lua_Unsigned i = 1; i <= length; i++) {
        if (lua_rawgeti(L, first, (lua_Integer)i) != LUA_TTABLE) {
            cpb_describe(L, -1, got, sizeof got);
            return cpb_type_error(L, h, "hoursFor returned %s as interval %llu (expected cal.closed(...) or "
                                  "cal.openOnly(...))", got, (unsigned long long)i);
        }
        int item = lua_gettop(L);
        int status;
        if (cpb_is_interval(L, item)) {
            if (cpb_plain_table(L, h, item, 0, "an interval") != 0) return LUA_ERRRUN;
            status = cpb_read_interval(L, h, item, out, capacity, count);
        } else {
            if (cpb_plain_table(L, h, item, 1, "a list inside the list") != 0) return LUA_ERRRUN;
            lua_Unsigned inner = lua_rawlen(L, item);
            status = LUA_OK;
            for (lua_Unsigned j = 1; j <= inner && status == LUA_OK; j++) {
                if (lua_rawgeti(L, item, (lua_Integer)j) != LUA_TTABLE || !cpb_is_interval(L, -1)) {
                    cpb_describe(L, -1, got, sizeof got);
                    return cpb_type_error(L, h, "hoursFor returned %s inside interval list %llu (expected "
                                          "cal.closed(...) or cal.openOnly(...))", got, (unsigned long long)i);
                }
                /* An error has already cut the stack back to the call's base (cpb_type_error):
                 * return at once, popping nothing more (a pop there aborted in lua_settop). */
                if (cpb_plain_table(L, h, -1, 0, "an interval") != 0) return LUA_ERRRUN;
                status = cpb_read_interval(L, h, lua_gettop(L), out, capacity, count);
                if (status != LUA_OK) return status;
                lua_pop(L, 1);
            }
        }
        if (status != LUA_OK) return status;
        lua_pop(L, 1);
    }
    return LUA_OK;
}

int cpb_call_hours(lua_State *L, long long day_number, int calendar_tag, int has_today, long long today,
                   cpb_hours *out, int capacity, int *count) {
    cls_host *host = cls_host_find(L);
    cpb_state *h = (cpb_state *)cls_host_extension(host);
    *count = 0;
    if (h->function_ref[CPB_FN_HOURS] == LUA_NOREF) return LUA_OK;
    if (lua_gettop(L) != 0) lua_settop(L, 0);
    h->has_today = has_today;
    h->today = today;
    cpb_call c;
    memset(&c, 0, sizeof c);
    c.function = CPB_FN_HOURS;
    c.day_number = day_number;
    c.calendar_tag = calendar_tag;
    int status = cpb_call_one(L, host, h, &c);
    if (status != LUA_OK) return status;
    int handler = h->call_base + 1;
    int n = lua_gettop(L) - handler;
    if (!lua_checkstack(L, 8)) return cpb_type_error(L, h, "hoursFor returned too many values");
    /* The returned tables stay on the stack (their reasons are read in place) until
     * cpb_call_finish. */
    return cpb_read_hours(L, h, handler + 1, n, out, capacity, count);
}
