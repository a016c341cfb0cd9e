/* The `day` view handed to policy functions: the hottest code in the shim, read
 * once or twice per policy call. Fields are computed when read; no table is built. */
#include "cpb_internal.h"
#include <CCivilDays.h>
#include <string.h>

/* A day is a light userdata whose pointer value encodes the day number and the
 * calendar tag: pushing one allocates nothing (no garbage per call), two views of the
 * same day are equal, and a kept view cannot change. */
#define CPB_DAY_BIAS (1LL << 40) /* any Day the engine can hold stays positive */
#define CPB_TAG_BITS 6

/* The field names, in the order the index tries them (most read first). */
enum { F_DAY_NUMBER, F_YEAR, F_MONTH, F_DAY, F_WEEKDAY, F_ISO, F_YEAR_DAY, F_CALENDAR };
static const char *const cpb_day_fields[CPB_DAY_FIELD_COUNT] = {
    "dayNumber", "year", "month", "day", "weekday", "iso", "yearDay", "calendar"};

static void *cpb_encode_day(long long day_number, int calendar_tag) {
    uintptr_t v = ((uintptr_t)(day_number + CPB_DAY_BIAS) << CPB_TAG_BITS) | (uintptr_t)(calendar_tag & 63);
    return (void *)v;
}

static long long cpb_decode_day(const void *p, int *calendar_tag) {
    uintptr_t v = (uintptr_t)p;
    if (calendar_tag != NULL) *calendar_tag = (int)(v & 63);
    return (long long)(v >> CPB_TAG_BITS) - CPB_DAY_BIAS;
}

void cpb_push_day(lua_State *L, long long day_number, int calendar_tag) {
    lua_pushlightuserdata(L, cpb_encode_day(day_number, calendar_tag));
}

long long cpb_day_of(const void *light) { return cpb_decode_day(light, NULL); }

int cpb_check_day(lua_State *L, int idx, long long *day_number) {
    if (lua_type(L, idx) != LUA_TLIGHTUSERDATA) return 0; /* the only light userdata a policy holds */
    *day_number = cpb_decode_day(lua_touserdata(L, idx), NULL);
    return 1;
}

/* Year, month and day of the last day asked: a policy reads several of them per call. */
static void cpb_civil_cached(cpb_state *h, long long day_number, long long *y, int *m, int *d) {
    if (!h->civil_valid || h->civil_day != day_number) {
        cpb_civil(day_number, &h->civil_year, &h->civil_month, &h->civil_dom);
        h->civil_day = day_number;
        h->civil_valid = 1;
    }
    *y = h->civil_year;
    *m = h->civil_month;
    *d = h->civil_dom;
}

/* Which field `key` names. Short strings are interned and the names are anchored in
 * the registry, so a key equal to a field name is the same pointer: no string compare. */
static int cpb_day_field(const cpb_state *h, const char *key) {
    for (int i = 0; i < CPB_DAY_FIELD_COUNT; i++)
        if (key == h->day_field[i]) return i;
    return -1;
}

static int cpb_day_index(lua_State *L) {
    cpb_state *h = cpb_of(L);
    int tag = 0;
    long long n = cpb_decode_day(lua_touserdata(L, 1), &tag);
    if (lua_type(L, 2) != LUA_TSTRING)
        return cls_raise(L, CLS_KIND_RUNTIME, "day fields are named by strings, got %s", luaL_typename(L, 2));
    const char *key = lua_tolstring(L, 2, NULL);
    long long y;
    int m, d;
    switch (cpb_day_field(h, key)) {
    case F_DAY_NUMBER: lua_pushinteger(L, n); return 1;
    case F_YEAR: cpb_civil_cached(h, n, &y, &m, &d); lua_pushinteger(L, y); return 1;
    case F_MONTH: cpb_civil_cached(h, n, &y, &m, &d); lua_pushinteger(L, m); return 1;
    case F_DAY: cpb_civil_cached(h, n, &y, &m, &d); lua_pushinteger(L, d); return 1;
    case F_WEEKDAY: lua_pushinteger(L, (n % 7 + 7 + 4) % 7 + 1); return 1;
    case F_ISO: {
        char buffer[32];
        lua_pushlstring(L, buffer, ccd_format_iso(n, buffer, sizeof buffer));
        return 1;
    }
    case F_YEAR_DAY:
        cpb_civil_cached(h, n, &y, &m, &d);
        lua_pushinteger(L, n - cpb_day_number(y, 1, 1) + 1);
        return 1;
    case F_CALENDAR: {
        const char *name = (tag >= 0 && tag < h->calendar_count) ? h->calendars[tag] : "gregorian";
        cpb_calendar_date date;
        cpb_convert(L, n, name, &date, "");
        cpb_push_date(L, &date, tag);
        return 1;
    }
    default:
        return cls_raise(L, CLS_KIND_RUNTIME,
                         "day has no field '%s' (fields: year, month, day, weekday, iso, dayNumber, yearDay, calendar)",
                         key);
    }
}

static int cpb_day_tostring(lua_State *L) {
    long long n = cpb_decode_day(lua_touserdata(L, 1), NULL);
    char buffer[32];
    lua_pushlstring(L, buffer, ccd_format_iso(n, buffer, sizeof buffer));
    return 1;
}

static int cpb_day_compare(lua_State *L, int op) {
    long long x, y;
    if (!cpb_check_day(L, 1, &x) || !cpb_check_day(L, 2, &y))
        return cls_raise(L, CLS_KIND_RUNTIME, "days compare only with days");
    lua_pushboolean(L, op == 0 ? x == y : op == 1 ? x < y : x <= y);
    return 1;
}
static int cpb_day_eq(lua_State *L) { return cpb_day_compare(L, 0); }
static int cpb_day_lt(lua_State *L) { return cpb_day_compare(L, 1); }
static int cpb_day_le(lua_State *L) { return cpb_day_compare(L, 2); }

void cpb_open_day_view(lua_State *L) {
    cpb_state *h = cpb_of(L);
    /* Anchors the field names for the state's lifetime (see cpb_day_field). */
    lua_createtable(L, CPB_DAY_FIELD_COUNT, 0);
    for (int i = 0; i < CPB_DAY_FIELD_COUNT; i++) {
        h->day_field[i] = lua_pushstring(L, cpb_day_fields[i]);
        lua_rawseti(L, -2, i + 1);
    }
    luaL_ref(L, LUA_REGISTRYINDEX);
    int t = cls_new_meta(L, "day", cpb_day_index, cpb_day_tostring);
    lua_pushcfunction(L, cpb_day_eq);
    lua_setfield(L, t, "__eq");
    lua_pushcfunction(L, cpb_day_lt);
    lua_setfield(L, t, "__lt");
    lua_pushcfunction(L, cpb_day_le);
    lua_setfield(L, t, "__le");
    /* Light userdata share one metatable: the day's. */
    lua_pushlightuserdata(L, NULL);
    lua_pushvalue(L, t);
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
    h->day_meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}
