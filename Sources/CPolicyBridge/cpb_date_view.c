/* `day.calendar`: a day in the displayed calendar (Gregorian in C, others through the
 * host's conversion), as a read-only userdata. */
#include "cpb_internal.h"
#include <string.h>

typedef struct cpb_date {
    cpb_calendar_date date;
    int calendar_tag;
} cpb_date;

int cpb_is_gregorian(const char *name) {
    return strcmp(name, "gregorian") == 0 || strcmp(name, "iso8601") == 0;
}

/* Converts a day into a named calendar: Gregorian in C, others through the host. */
void cpb_convert(lua_State *L, long long day_number, const char *calendar, cpb_calendar_date *out,
                 const char *who) {
    cpb_state *h = cpb_of(L);
    memset(out, 0, sizeof *out);
    if (cpb_is_gregorian(calendar)) {
        int m, d;
        cpb_civil(day_number, &out->year, &m, &d);
        out->month = m;
        out->day = d;
        out->era = out->year > 0 ? 1 : 0;
        out->has_era = 1;
        return;
    }
    char message[1024] = ""; /* the host's messages are bounded: long input is elided */
    if (h->convert == NULL) {
        cls_raise(L, CLS_KIND_RUNTIME, "%scalendar '%s' is not available", who, calendar);
        return;
    }
    cls_patrol_start_now(); /* host work Lua cannot interrupt: watched from here on */
    if (h->convert(h->context, day_number, calendar, out, message, sizeof message) != 0)
        cls_raise(L, CLS_KIND_RUNTIME, "%s%s", who, message);
}

void cpb_push_date(lua_State *L, const cpb_calendar_date *date, int tag) {
    cpb_state *h = cpb_of(L);
    cpb_date *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->date = *date;
    u->calendar_tag = tag;
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->date_meta_ref);
    lua_setmetatable(L, -2);
}

static int cpb_date_index(lua_State *L) {
    cpb_date *u = lua_touserdata(L, 1);
    cpb_state *h = cpb_of(L);
    size_t len = 0;
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &len) : "";
    if (cpb_field_is(key, len, "name")) {
        int tag = u->calendar_tag;
        lua_pushstring(L, (tag >= 0 && tag < h->calendar_count) ? h->calendars[tag] : "gregorian");
    } else if (cpb_field_is(key, len, "year")) lua_pushinteger(L, u->date.year);
    else if (cpb_field_is(key, len, "month")) lua_pushinteger(L, u->date.month);
    else if (cpb_field_is(key, len, "day")) lua_pushinteger(L, u->date.day);
    else if (cpb_field_is(key, len, "isLeapMonth")) lua_pushboolean(L, u->date.is_leap_month);
    else if (cpb_field_is(key, len, "era")) {
        if (u->date.has_era) lua_pushinteger(L, u->date.era); else lua_pushnil(L);
    } else
        return cls_raise(L, CLS_KIND_RUNTIME,
                         "day.calendar has no field '%s' (fields: name, year, month, day, isLeapMonth, era)", key);
    return 1;
}

void cpb_open_date_view(lua_State *L) {
    cls_new_meta(L, "calendar date", cpb_date_index, NULL);
    cpb_of(L)->date_meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}
