/* The bridge's top: the `selection` view and the native helpers of the cal prelude, and
 * the registration of every view (the day in cpb_day_view.c, `day.calendar` in
 * cpb_date_view.c) as the kernel's extension. Each view is a userdata with C
 * metamethods; a kept view never changes. */
#include "cpb_internal.h"
#include <CCivilDays.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cpb_selection {
    size_t count;
    long long days[1];
} cpb_selection;

/* ---- native.convert / native.fromCalendar / native.today ------------------ */

static int cpb_native_today(lua_State *L) {
    cpb_state *h = cpb_of(L);
    if (!h->has_today) { lua_pushnil(L); return 1; }
    char buffer[32];
    lua_pushlstring(L, buffer, ccd_format_iso(h->today, buffer, sizeof buffer));
    return 1;
}

static int cpb_native_convert(lua_State *L) {
    size_t len;
    const char *iso = luaL_checklstring(L, 1, &len);
    const char *calendar = luaL_checkstring(L, 2);
    long long day_number;
    if (!ccd_parse_iso(iso, len, &day_number))
        return cls_raise(L, CLS_KIND_RUNTIME, "cal.convert: invalid date '%s': expected YYYY-MM-DD", iso);
    cpb_calendar_date date;
    cpb_convert(L, day_number, calendar, &date, "cal.convert: ");
    lua_createtable(L, 0, 6);
    lua_pushstring(L, calendar);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, date.year);
    lua_setfield(L, -2, "year");
    lua_pushinteger(L, date.month);
    lua_setfield(L, -2, "month");
    lua_pushinteger(L, date.day);
    lua_setfield(L, -2, "day");
    lua_pushboolean(L, date.is_leap_month);
    lua_setfield(L, -2, "isLeapMonth");
    if (date.has_era) {
        lua_pushinteger(L, date.era);
        lua_setfield(L, -2, "era");
    }
    return 1;
}

/* The years, months and days native.fromCalendar passes on: wide enough for every calendar's
 * own numbering, narrow enough that no arithmetic on them (here, in the host's calendars)
 * can overflow. Checked before anything else touches the values; the Swift bridge checks
 * the same bound (PolicyDateBridge.componentRange). */
#define CPB_CALENDAR_FIELD_LIMIT 999999

static int cpb_native_from_calendar(lua_State *L) {
    cpb_state *h = cpb_of(L);
    const char *calendar = luaL_checkstring(L, 1);
    lua_Integer y = luaL_checkinteger(L, 2), m = luaL_checkinteger(L, 3), d = luaL_checkinteger(L, 4);
    int leap = lua_toboolean(L, 5);
    const lua_Integer fields[3] = {y, m, d};
    static const char *const names[3] = {"year", "month", "day"};
    for (int i = 0; i < 3; i++)
        if (fields[i] < -CPB_CALENDAR_FIELD_LIMIT || fields[i] > CPB_CALENDAR_FIELD_LIMIT)
            return cls_raise(L, CLS_KIND_RUNTIME, "cal.fromCalendar: %s %lld is out of range (%d...%d)", names[i],
                             (long long)fields[i], -CPB_CALENDAR_FIELD_LIMIT, CPB_CALENDAR_FIELD_LIMIT);
    long long day_number = 0;
    if (cpb_is_gregorian(calendar)) {
        if (leap || y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > cpb_days_in_month(y, (int)m))
            return cls_raise(L, CLS_KIND_RUNTIME, "cal.fromCalendar: no such date %lld-%lld-%lld in calendar '%s'",
                             (long long)y, (long long)m, (long long)d, calendar);
        day_number = cpb_day_number(y, (int)m, (int)d);
    } else {
        char message[1024] = ""; /* the host's messages are bounded: long input is elided */
        if (h->from_calendar == NULL)
            return cls_raise(L, CLS_KIND_RUNTIME, "cal.fromCalendar: calendar '%s' is not available", calendar);
        cls_patrol_start_now(); /* host work Lua cannot interrupt: watched from here on */
        if (h->from_calendar(h->context, calendar, y, m, d, leap, &day_number, message, sizeof message) != 0)
            return cls_raise(L, CLS_KIND_RUNTIME, "cal.fromCalendar: %s", message);
    }
    char buffer[32];
    lua_pushlstring(L, buffer, ccd_format_iso(day_number, buffer, sizeof buffer));
    return 1;
}

/* ---- native.dayNumber / native.civil: cal's day arithmetic, from CCivilDays -------- */

/* native.dayNumber(y, m, d): cal checks the ranges before it asks. */
int cpb_native_day_number(lua_State *L) {
    lua_Integer y = luaL_checkinteger(L, 1), m = luaL_checkinteger(L, 2), d = luaL_checkinteger(L, 3);
    if (y < -1000000 || y > 1000000 || m < 1 || m > 12 || d < 1 || d > 31)
        return luaL_error(L, "dayNumber: %d-%d-%d is out of range", (int)y, (int)m, (int)d);
    lua_pushinteger(L, (lua_Integer)ccd_day_number(y, (int)m, (int)d));
    return 1;
}

/* native.civil(n) -> y, m, d. */
int cpb_native_civil(lua_State *L) {
    lua_Integer n = luaL_checkinteger(L, 1);
    if (n < -400000000 || n > 400000000) return luaL_error(L, "civil: day number %d is out of range", (int)n);
    long long y;
    int m, d;
    ccd_civil(n, &y, &m, &d);
    lua_Integer parts[] = {(lua_Integer)y, m, d};
    for (int i = 0; i < 3; i++) lua_pushinteger(L, parts[i]);
    return 3;
}

/* native.shareChecks(t): the prelude's argument checks (show, dayArg), kept for the holiday
   library, which is compiled later and would otherwise carry copies of them. */
static int cpb_native_share_checks(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, CPB_CHECKS_REGISTRY);
    return 0;
}

void cpb_push_native(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"dayNumber", cpb_native_day_number}, {"civil", cpb_native_civil}, {"today", cpb_native_today},
        {"convert", cpb_native_convert}, {"fromCalendar", cpb_native_from_calendar},
        {"shareChecks", cpb_native_share_checks}, {NULL, NULL},
    };
    lua_createtable(L, 0, 7);
    luaL_setfuncs(L, functions, 0);
    cpb_register_by_year(L, lua_gettop(L));
}

/* ---- selection ----------------------------------------------------------- */

static int cpb_selection_contains(lua_State *L) {
    cpb_selection *u = lua_touserdata(L, lua_upvalueindex(1));
    int arg = lua_rawequal(L, 1, lua_upvalueindex(1)) ? 2 : 1; /* selection:contains(x) too */
    long long target;
    if (!cpb_check_day(L, arg, &target)) {
        size_t len = 0;
        const char *iso = lua_type(L, arg) == LUA_TSTRING ? lua_tolstring(L, arg, &len) : NULL;
        if (iso == NULL || !ccd_parse_iso(iso, len, &target))
            return cls_raise(L, CLS_KIND_RUNTIME, "selection.contains expects a day or 'YYYY-MM-DD', got %s",
                             iso ? iso : luaL_typename(L, arg));
    }
    size_t lo = 0, hi = u->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (u->days[mid] < target) lo = mid + 1; else hi = mid;
    }
    lua_pushboolean(L, lo < u->count && u->days[lo] == target);
    return 1;
}

static int cpb_selection_index(lua_State *L) {
    cpb_selection *u = lua_touserdata(L, 1);
    if (lua_type(L, 2) == LUA_TNUMBER) {
        lua_Integer i = lua_tointeger(L, 2);
        if (i >= 1 && (size_t)i <= u->count) {
            char buffer[32];
            lua_pushlstring(L, buffer, ccd_format_iso(u->days[i - 1], buffer, sizeof buffer));
        } else
            lua_pushnil(L);
        return 1;
    }
    size_t len = 0;
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &len) : "";
    if (cpb_field_is(key, len, "contains")) {
        lua_getiuservalue(L, 1, 1);
        return 1;
    }
    return cls_raise(L, CLS_KIND_RUNTIME, "selection has no field '%s' (use selection[i], #selection, selection.contains)", key);
}

static int cpb_selection_len(lua_State *L) {
    cpb_selection *u = lua_touserdata(L, 1);
    lua_pushinteger(L, (lua_Integer)u->count);
    return 1;
}

static int cpb_set_selection_body(lua_State *L) {
    cpb_state *h = cpb_of(L);
    const long long *days = ((const void *const *)lua_touserdata(L, 1))[0];
    size_t count = *(const size_t *)((const void *const *)lua_touserdata(L, 1))[1];
    cpb_selection *u = lua_newuserdatauv(L, sizeof(cpb_selection) + count * sizeof(long long), 1);
    u->count = count;
    if (count) memcpy(u->days, days, count * sizeof(long long));
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->selection_meta_ref);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, cpb_selection_contains, 1);
    lua_setiuservalue(L, -2, 1);
    if (h->selection_ref == LUA_NOREF) {
        h->selection_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    } else {
        lua_rawseti(L, LUA_REGISTRYINDEX, h->selection_ref);
    }
    return 0;
}

int cpb_set_selection(lua_State *L, const long long *days, size_t count) {
    const void *args[2] = {days, &count};
    return cls_protected(L, cpb_set_selection_body, (void *)args, 0);
}

int cpb_open_views(lua_State *L) {
    cpb_state *h = cpb_of(L);
    cpb_open_day_view(L);
    cpb_open_date_view(L);
    int t = cls_new_meta(L, "selection", cpb_selection_index, NULL);
    lua_pushcfunction(L, cpb_selection_len);
    lua_setfield(L, t, "__len");
    h->selection_meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    cpb_open_context(L);
    return 0;
}

/* ---- the bridge as a kernel extension ---------------------------------------- */

cpb_state *cpb_new(void *context, cpb_convert_fn convert, cpb_from_calendar_fn from_calendar) {
    cpb_state *h = calloc(1, sizeof *h);
    if (h == NULL) return NULL;
    h->context = context;
    h->convert = convert;
    h->from_calendar = from_calendar;
    for (int i = 0; i < CPB_FN_COUNT; i++) h->function_ref[i] = LUA_NOREF;
    h->selection_ref = h->day_meta_ref = h->date_meta_ref = h->selection_meta_ref = h->context_ref = LUA_NOREF;
    return h;
}

static int cpb_open(lua_State *L) {
    cpb_of(L)->call_budget = cls_call_budget(L);
    return cpb_open_views(L);
}

static void cpb_free(void *data) {
    cpb_state *h = data;
    if (h == NULL) return;
    for (int i = 0; i < h->calendar_count; i++) free(h->calendars[i]);
    cpb_free_ics_inputs(h);
    free(h);
}

const cls_extension *cpb_extension(void) {
    static const cls_extension extension = {cpb_open, cpb_free};
    return &extension;
}

int cpb_register_calendar(lua_State *L, const char *name) {
    cpb_state *h = cpb_of(L);
    for (int i = 0; i < h->calendar_count; i++)
        if (strcmp(h->calendars[i], name) == 0) return i;
    if (h->calendar_count >= CPB_MAX_CALENDARS) return -1;
    char *copy = strdup(name);
    if (copy == NULL) return -1;
    h->calendars[h->calendar_count] = copy;
    return h->calendar_count++;
}
