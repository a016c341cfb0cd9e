/* cal.holidays and cal.weekend: the built-in holiday data (data/holidays) for a policy. The
 * host (Swift's HolidayData) reads the files and answers lookups through one callback set once
 * per process, in plain text: C never opens a file, and the host never touches Lua (it runs
 * between two Lua calls and returns). The Lua part (argument checks, errors at the policy's line,
 * per-year tables built on first use) is the host's too (holidays.lua, handed over with its
 * bytecode through cpb_set_library), compiled on a state's first call, so a policy that names no
 * holidays starts as before. */
#include "cpb_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CPB_HOLIDAYS_REGISTRY "calpolicy.holidays"
#define CPB_HOLIDAYS_BUFFER_META "calpolicy.holidays.buffer"

static cpb_holiday_fn holiday_host = NULL;

void cpb_set_holiday_host(cpb_holiday_fn host) { __atomic_store_n(&holiday_host, host, __ATOMIC_RELEASE); }

static int buffer_gc(lua_State *L) {
    char **slot = luaL_testudata(L, 1, CPB_HOLIDAYS_BUFFER_META);
    if (slot != NULL) {
        free(*slot);
        *slot = NULL;
    }
    return 0;
}

/* A resolve answer "KEY\tFIRST\tLAST" (KEY "holidays:IN:public|local") narrows the state's
 * record of the data its policy read (cpb_holiday_data_span). Reads the buffer only. */
static void note_data_span(lua_State *L, const char *answer, size_t length) {
    cpb_state *h = cpb_of(L);
    const char *tab1 = memchr(answer, '\t', length);
    if (h == NULL || tab1 == NULL) return;
    char years[48];
    size_t rest = length - (size_t)(tab1 + 1 - answer);
    if (rest >= sizeof years) return;
    memcpy(years, tab1 + 1, rest);
    years[rest] = '\0';
    int first = 0, last = 0;
    if (sscanf(years, "%d\t%d", &first, &last) != 2) return;
    if (!h->data_known || first > h->data_first) h->data_first = first;
    if (!h->data_known || last < h->data_last) {
        h->data_last = last;
        size_t key = (size_t)(tab1 - answer);
        const char *bar = memchr(answer, '|', key);
        if (bar != NULL) key = (size_t)(bar - answer);
        if (key >= sizeof h->data_source) key = sizeof h->data_source - 1;
        memcpy(h->data_source, answer, key);
        h->data_source[key] = '\0';
    }
    h->data_known = 1;
}

int cpb_holiday_data_span(lua_State *L, int *first, int *last, char *source, size_t capacity) {
    cpb_state *h = cpb_of(L);
    if (h == NULL || !h->data_known) return 0;
    *first = h->data_first;
    *last = h->data_last;
    if (capacity > 0) snprintf(source, capacity, "%s", h->data_source);
    return 1;
}

/* host(op, text, number) -> answer | nil, message. The answer is malloc'd by the host and owned by
 * a userdata from before the call, so a memory error while it is pushed frees it all the same. */
static int holiday_call(lua_State *L) {
    lua_Integer op = luaL_checkinteger(L, 1);
    size_t length = 0;
    const char *text = luaL_optlstring(L, 2, "", &length);
    lua_Integer number = luaL_optinteger(L, 3, 0);
    cpb_holiday_fn host = __atomic_load_n(&holiday_host, __ATOMIC_ACQUIRE);
    if (host == NULL) {
        lua_pushnil(L);
        lua_pushliteral(L, "this host has no holiday data");
        return 2;
    }
    cls_patrol_start_now(); /* host work Lua cannot interrupt: watched from here on */
    char **slot = lua_newuserdatauv(L, sizeof *slot, 0);
    *slot = NULL;
    if (luaL_newmetatable(L, CPB_HOLIDAYS_BUFFER_META)) {
        lua_pushcfunction(L, buffer_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    size_t answer_length = 0;
    int status = host((int)op, text, length, (long long)number, slot, &answer_length);
    if (status == 0 && op == 1 && *slot != NULL) note_data_span(L, *slot, answer_length);
    if (status != 0) lua_pushnil(L);
    lua_pushlstring(L, *slot != NULL ? *slot : "", *slot != NULL ? answer_length : 0);
    free(*slot);
    *slot = NULL;
    return status != 0 ? 2 : 1;
}

/* The Lua part's table {holidays = fn, weekend = fn}, compiled and kept in the registry on first use.
 * Without a host there is nothing to look up: the error a state without one always gave. */
static void push_library(lua_State *L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, CPB_HOLIDAYS_REGISTRY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    if (__atomic_load_n(&holiday_host, __ATOMIC_ACQUIRE) == NULL) {
        lua_pushliteral(L, "this host has no holiday data");
        lua_error(L);
    }
    cpb_push_library(L, CPB_LIBRARY_HOLIDAYS);
    lua_pushcfunction(L, holiday_call);
    lua_pushcfunction(L, cpb_native_day_number);
    lua_pushcfunction(L, cpb_native_civil);
    if (lua_getfield(L, LUA_REGISTRYINDEX, CPB_CHECKS_REGISTRY) != LUA_TTABLE)
        luaL_error(L, "cal.holidays: the prelude's checks are missing");
    lua_call(L, 4, 1);                 /* library */
    luaL_checktype(L, -1, LUA_TTABLE);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, CPB_HOLIDAYS_REGISTRY);
}

/* cal.holidays(place, options) and cal.weekend(place, day): the library's function of that name. */
static int forward(lua_State *L) {
    int n = lua_gettop(L);
    push_library(L);
    lua_getfield(L, -1, lua_tostring(L, lua_upvalueindex(1)));
    lua_remove(L, -2);
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

void cpb_register_holidays(lua_State *L, int cal) {
    lua_pushliteral(L, "holidays");
    lua_pushcclosure(L, forward, 1);
    lua_setfield(L, cal, "holidays");
    lua_pushliteral(L, "weekend");
    lua_pushcclosure(L, forward, 1);
    lua_setfield(L, cal, "weekend");
}
