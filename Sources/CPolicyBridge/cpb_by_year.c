/* native.byYear: the lookup cal.byYear returns, in C. Holiday policies call it for every
 * displayed day, twice (canSelect, then decorationFor). In Lua it was ~16 VM
 * instructions plus a `day.dayNumber` read through the day's __index, all trapped by the
 * budget hook; here a day's number comes straight from the light userdata and nothing
 * is interpreted unless `build` runs. Behaviour and messages match the pure-Lua
 * cal.byYear, which plain lua5.4 (Tests/lua) still uses. */
#include "cpb_internal.h"
#include <stdio.h>
#include <string.h>

/* Upvalues of the lookup closure. */
enum { UP_BUILD = 1, UP_YEARS, UP_CURRENT, UP_LAST_DAY, UP_LAST_ANSWER, UP_STATE };

typedef struct cpb_year_range {
    long long first, last; /* day numbers of the year in UP_CURRENT; first > last when none */
    /* The last day asked, when it was a real day (light userdata): kept here, not in an
     * upvalue, as is whether its answer was nil (most days), to spare upvalue writes. */
    void *last_key;
    int has_last_key, last_answer_nil, last_day_in_upvalue;
} cpb_year_range;

/* How cal.lua's show() names a value in messages. */
static void cpb_show(lua_State *L, int idx, char *out, size_t cap) {
    int t = lua_type(L, idx);
    if (t == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        if (len > 40) snprintf(out, cap, "'%.40s...'", s);
        else snprintf(out, cap, "'%s'", s);
    } else if (t == LUA_TNUMBER) {
        lua_pushvalue(L, idx);
        snprintf(out, cap, "'%s'", lua_tostring(L, -1));
        lua_pop(L, 1);
    } else {
        snprintf(out, cap, "%s", lua_typename(L, t));
    }
}

/* An integer field of a day given as a table (or anything indexable). */
static long long cpb_day_field_integer(lua_State *L, const char *field) {
    lua_getfield(L, 1, field);
    int ok = 0;
    lua_Integer v = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &ok) : 0;
    if (!ok) {
        char got[64];
        cpb_show(L, -1, got, sizeof got);
        return luaL_error(L, "cal.byYear: day.%s must be an integer, got %s", field, got);
    }
    lua_pop(L, 1);
    return v;
}

/* Pushes year y's table, building it on first use (build(y) must return a table). */
static void cpb_by_year_push(lua_State *L, lua_Integer y) {
    if (lua_rawgeti(L, lua_upvalueindex(UP_YEARS), y) != LUA_TNIL) return;
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(UP_BUILD));
    lua_pushinteger(L, y);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TTABLE) {
        char got[64];
        cpb_show(L, -1, got, sizeof got);
        luaL_error(L, "cal.byYear: build(%I) must return a table, got %s", y, got);
        return;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, lua_upvalueindex(UP_YEARS), y);
}

/* The year's table itself, built once (shared with the day lookups): `f(2026)`, what a
 * policy's answersForYear reads. */
static int cpb_by_year_table(lua_State *L) {
    int ok = 0;
    lua_Integer y = lua_tointegerx(L, 1, &ok);
    if (!ok || y < 1 || y > 9999) {
        char got[64];
        cpb_show(L, 1, got, sizeof got);
        return luaL_error(L, "cal.byYear: a year must be an integer 1...9999, got %s", got);
    }
    cpb_by_year_push(L, y);
    return 1;
}

static int cpb_by_year_lookup(lua_State *L) {
    cpb_year_range *st = lua_touserdata(L, lua_upvalueindex(UP_STATE));
    int type = lua_type(L, 1); /* once: this runs for every day a holiday policy is asked about */
    if (type == LUA_TNUMBER) return cpb_by_year_table(L);
    int light = type == LUA_TLIGHTUSERDATA;
    void *key = light ? lua_touserdata(L, 1) : NULL;
    /* The same day again: light userdata compare by value, anything else as `==` does. */
    if (light ? (st->has_last_key && key == st->last_key)
              : (st->last_day_in_upvalue && lua_compare(L, 1, lua_upvalueindex(UP_LAST_DAY), LUA_OPEQ))) {
        if (st->last_answer_nil) lua_pushnil(L);
        else lua_pushvalue(L, lua_upvalueindex(UP_LAST_ANSWER));
        return 1;
    }
    long long n;
    if (light) n = cpb_day_of(key);
    else n = cpb_day_field_integer(L, "dayNumber");
    if (n < st->first || n > st->last) {
        long long y;
        if (light) {
            int m, d;
            cpb_civil(n, &y, &m, &d);
        } else {
            y = cpb_day_field_integer(L, "year");
            /* A table day's year is the policy's own value: checked before build() sees it
             * and before cpb_day_number does arithmetic on it. */
            if (y < 1 || y > 9999)
                return luaL_error(L, "cal.byYear: day.year must be 1...9999, got '%I'", (lua_Integer)y);
        }
        cpb_by_year_push(L, (lua_Integer)y);
        lua_replace(L, lua_upvalueindex(UP_CURRENT));
        st->first = cpb_day_number(y, 1, 1);
        st->last = cpb_day_number(y, 12, 31);
    }
    int answer = lua_geti(L, lua_upvalueindex(UP_CURRENT), n); /* the year's table may have an __index */
    if (light) {
        st->last_key = key;
        st->has_last_key = 1;
        st->last_day_in_upvalue = 0;
    } else {
        lua_pushvalue(L, 1);
        lua_replace(L, lua_upvalueindex(UP_LAST_DAY));
        st->has_last_key = 0;
        st->last_day_in_upvalue = 1;
    }
    st->last_answer_nil = answer == LUA_TNIL;
    if (!st->last_answer_nil) {
        lua_pushvalue(L, -1);
        lua_replace(L, lua_upvalueindex(UP_LAST_ANSWER));
    }
    return 1;
}

/* native.byYear(build): cal.byYear has checked that `build` is a function. */
static int cpb_native_by_year(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_newtable(L);                 /* UP_YEARS */
    lua_pushnil(L);                  /* UP_CURRENT */
    lua_pushnil(L);                  /* UP_LAST_DAY: a day that is not a light userdata */
    lua_pushnil(L);                  /* UP_LAST_ANSWER */
    cpb_year_range *range = lua_newuserdatauv(L, sizeof *range, 0); /* UP_STATE */
    memset(range, 0, sizeof *range);
    range->first = 1;
    range->last = 0;
    lua_pushcclosure(L, cpb_by_year_lookup, UP_STATE);
    return 1;
}

void cpb_register_by_year(lua_State *L, int native) {
    lua_pushcfunction(L, cpb_native_by_year);
    lua_setfield(L, native, "byYear");
}
