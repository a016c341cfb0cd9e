/* answersForYear(year): a policy's answers for a whole Gregorian year in one call, so a run
 * of days asks Lua once per year instead of once per day and function (a holiday policy built
 * on cal.byYear already holds its year as a table). The table is read raw, like every answer:
 * nothing behind a metatable, no key but the year's day numbers and `weekly` (answers by
 * weekday), no field but selectable, reason and decoration; anything else is a type error, never a silently open day. Strings are
 * read in place and stay anchored on the stack until cpb_call_finish. */
#include "cpb_internal.h"
#include <CCivilDays.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Prefixes the recorded type error with the year and the day (or weekly entry) it is about. */
static int cpb_year_error(lua_State *L, long long year, long long day, long long weekday) {
    cls_error *error = cls_error_record(L);
    char original[sizeof error->message];
    memcpy(original, error->message, sizeof original);
    char where[32] = "";
    if (weekday != 0) snprintf(where, sizeof where, " weekly[%lld]", weekday);
    else if (day != LLONG_MIN) {
        char iso[16];
        ccd_format_iso(day, iso, sizeof iso);
        snprintf(where, sizeof where, " for %s", iso);
    }
    snprintf(error->message, sizeof error->message, "answersForYear(%lld)%s: %s", year, where, original);
    return LUA_ERRRUN;
}

/* One entry `{ selectable = false, reason = "...", decoration = {...} }` at `entry` into `d`. */
static int cpb_year_entry(lua_State *L, cpb_state *h, int entry, cpb_day_call *d) {
    char got[96];
    if (lua_getmetatable(L, entry)) {
        lua_pop(L, 1);
        return cpb_type_error(L, h, "an answer with a metatable (return plain tables)");
    }
    lua_pushnil(L);
    while (lua_next(L, entry) != 0) {
        int key = lua_gettop(L) - 1, value = lua_gettop(L);
        if (!lua_checkstack(L, 8)) return cpb_type_error(L, h, "too many fields");
        size_t len = 0;
        const char *name = lua_type(L, key) == LUA_TSTRING ? lua_tolstring(L, key, &len) : NULL;
        if (name != NULL && cpb_field_is(name, len, "selectable")) {
            if (lua_type(L, value) != LUA_TBOOLEAN) {
                cpb_describe(L, value, got, sizeof got);
                return cpb_type_error(L, h, "selectable must be a boolean, got %s", got);
            }
            d->select.allowed = lua_toboolean(L, value);
        } else if (name != NULL && cpb_field_is(name, len, "reason")) {
            if (cpb_text(L, h, value, "the reason", &d->select.reason, &d->select.reason_len) != 0) return LUA_ERRRUN;
        } else if (name != NULL && cpb_field_is(name, len, "decoration")) {
            if (lua_type(L, value) != LUA_TTABLE) {
                cpb_describe(L, value, got, sizeof got);
                return cpb_type_error(L, h, "decoration must be a table, got %s", got);
            }
            if (lua_getmetatable(L, value)) {
                lua_pop(L, 1);
                return cpb_type_error(L, h, "a decoration with a metatable (return plain tables)");
            }
            /* The decoration reader keeps its anchors above the call base: everything below
             * (the iteration, the tables) stays where it is. */
            h->call_base = lua_gettop(L);
            if (cpb_check_decoration(L, h, &d->decoration, value) != LUA_OK) return LUA_ERRRUN;
        } else {
            cpb_describe(L, key, got, sizeof got);
            return cpb_type_error(L, h, "an answer with the field %s (expected selectable, reason, decoration)", got);
        }
        lua_pushvalue(L, key); /* the iteration goes on; key and value stay as anchors */
    }
    if (d->select.allowed) d->select.reason = NULL, d->select.reason_len = 0; /* as canSelect: no reason when allowed */
    return LUA_OK;
}

/* The record of the answer table at `value` for `day` (a listed day) or `weekday` (1...7, a
 * weekly answer; day 0), read into the next slot of `out`. `*previous` is the last table read:
 * its record is the last one written, so the same table again (a weekend layer lists one table
 * for all its days) copies that record, whose strings its entry anchors. No Lua code runs while
 * the answers are read, so the table cannot have changed. */
static int cpb_year_record(lua_State *L, cpb_state *h, long long year, int value, long long day, long long weekday,
                           cpb_day_call *out, int capacity, int *count, const void **previous) {
    char got[96];
    if (lua_type(L, value) != LUA_TTABLE) {
        cpb_describe(L, value, got, sizeof got);
        cpb_type_error(L, h, "an answer must be a table, got %s", got);
        return cpb_year_error(L, year, day, weekday);
    }
    if (*count >= capacity) {
        cpb_type_error(L, h, "returned more than %d answers", capacity);
        return cpb_year_error(L, year, LLONG_MIN, 0);
    }
    cpb_day_call *d = &out[(*count)++];
    const void *table = lua_topointer(L, value);
    if (table == *previous) {
        *d = out[*count - 2];
    } else {
        memset(d, 0, sizeof *d);
        d->wants = (1 << CPB_FN_CANSELECT) | (1 << CPB_FN_DECORATION);
        d->select.function = CPB_FN_CANSELECT;
        d->select.allowed = 1;
        d->decoration.function = CPB_FN_DECORATION;
        d->decoration.decoration_size = -1;
        if (cpb_year_entry(L, h, value, d) != LUA_OK) return cpb_year_error(L, year, day, weekday);
        *previous = table;
    }
    d->day_number = day;
    d->weekday = (int)weekday;
    d->select.day_number = day;
    d->decoration.day_number = day;
    return LUA_OK;
}

/* The answers of `table` into `out`: the year's table (`weekly` 0; already checked to be a
 * plain table), keyed by the year's day numbers and `weekly`; or its `weekly` table (`weekly`
 * 1), keyed by weekday, 1 (Sunday) ... 7 (Saturday): an answer for every day of the year on
 * that weekday that the year's table does not list (a weekend layer: two records a year
 * instead of 104). Each key and value stays on the stack as the anchor of the strings read. */
static int cpb_year_table(lua_State *L, cpb_state *h, long long year, int table, int weekly, long long first_day,
                          long long last_day, cpb_day_call *out, int capacity, int *count, const void **previous) {
    char got[96];
    if (weekly && lua_type(L, table) != LUA_TTABLE) {
        cpb_describe(L, table, got, sizeof got);
        cpb_type_error(L, h, "weekly must be a table keyed by weekday (cal.SUNDAY ... cal.SATURDAY), got %s", got);
        return cpb_year_error(L, year, LLONG_MIN, 0);
    }
    if (weekly && lua_getmetatable(L, table)) {
        lua_pop(L, 1);
        cpb_type_error(L, h, "weekly has a metatable (return a plain table)");
        return cpb_year_error(L, year, LLONG_MIN, 0);
    }
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        int key = lua_gettop(L) - 1, value = lua_gettop(L);
        if (!lua_checkstack(L, 16)) {
            cpb_type_error(L, h, "returned too many answers");
            return cpb_year_error(L, year, LLONG_MIN, 0);
        }
        size_t len = 0;
        const char *name = lua_type(L, key) == LUA_TSTRING ? lua_tolstring(L, key, &len) : NULL;
        if (!weekly && name != NULL && cpb_field_is(name, len, "weekly")) {
            int status = cpb_year_table(L, h, year, value, 1, first_day, last_day, out, capacity, count, previous);
            if (status != LUA_OK) return status;
            lua_pushvalue(L, key);
            continue;
        }
        lua_Integer number = lua_isinteger(L, key) ? lua_tointeger(L, key) : 0;
        long long low = weekly ? 1 : first_day, high = weekly ? 7 : last_day;
        if (!lua_isinteger(L, key) || number < low || number > high) {
            cpb_describe(L, key, got, sizeof got);
            if (weekly) {
                cpb_type_error(L, h, "weekly has the key %s (expected a weekday, cal.SUNDAY (1) ... cal.SATURDAY (7))", got);
            } else {
                cpb_type_error(L, h, "returned the key %s (expected day numbers of %lld, e.g. cal.dayNumber(%lld, 12, 25), "
                               "or weekly)", got, year, year);
            }
            return cpb_year_error(L, year, LLONG_MIN, 0);
        }
        if (cpb_year_record(L, h, year, value, weekly ? 0 : number, weekly ? number : 0, out, capacity, count,
                            previous) != LUA_OK)
            return LUA_ERRRUN;
        lua_pushvalue(L, key); /* the iteration goes on; key and value stay below as anchors */
    }
    return LUA_OK;
}

int cpb_call_year(lua_State *L, long long year, long long first_day, long long last_day, int has_today,
                  long long today, cpb_day_call *out, int capacity, int *count) {
    cls_host *host = cls_host_find(L);
    cpb_state *h = (cpb_state *)cls_host_extension(host);
    char got[96];
    *count = 0;
    if (lua_gettop(L) != 0) lua_settop(L, 0);
    int refused = cpb_call_refused(L, h, CPB_FN_YEAR, 16);
    if (refused != LUA_OK) return refused;
    h->has_today = has_today;
    h->today = today;
    h->call_base = 0;
    int handler = 1;
    lua_pushcfunction(L, cls_msgh);
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->function_ref[CPB_FN_YEAR]);
    lua_pushinteger(L, (lua_Integer)year);
    cpb_push_context(L, h);
    h->calls++;
    int status = cls_call_at(L, host, 2, h->call_budget, handler);
    if (status != LUA_OK) return status;
    int n = lua_gettop(L) - handler, result = handler + 1;
    if (n != 1 || lua_type(L, result) != LUA_TTABLE) {
        if (n == 0) snprintf(got, sizeof got, "nothing");
        else if (n > 1) snprintf(got, sizeof got, "%d values", n);
        else cpb_describe(L, result, got, sizeof got);
        cpb_type_error(L, h, "must return one table of answers keyed by day number, got %s", got);
        return cpb_year_error(L, year, LLONG_MIN, 0);
    }
    if (lua_getmetatable(L, result)) {
        lua_pop(L, 1);
        cpb_type_error(L, h, "returned a table with a metatable (return a plain table)");
        return cpb_year_error(L, year, LLONG_MIN, 0);
    }
    const void *previous = NULL; /* the last answer table read (its record is the last one written) */
    return cpb_year_table(L, h, year, result, 0, first_day, last_day, out, capacity, count, &previous);
}
