/* cal.ics: the .ics files a policy reads while it loads, found and read by the host (Swift,
 * PolicyFolderFile: beside the policy only) and
 * parsed on the host side by CICalFeed (libical), never through Lua's io. cal.ics is a C
 * function added to the cal table after the prelude ran; its Lua part (the object with :on and
 * :between, PolicyEngine's ics.lua, which the host hands over with its bytecode) is compiled on
 * a state's first call, so a policy that reads no .ics file starts as fast as before. The host functions answer nil and a message instead of raising, so the Lua
 * part raises at the policy's own line. */
#include "cpb_internal.h"
#include <CCivilDays.h>
#include "CICalFeed.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#define CPB_ICS_META "calpolicy.ics"
#define CPB_ICS_NAME_MAX 255

typedef struct cpb_ics {
    icf_calendar *calendar;
} cpb_ics;

unsigned long long cpb_content_hash(const char *bytes, size_t length) {
    return cls_fnv1a64(CLS_FNV1A64_BASIS, bytes, length);
}

static void record_input(cpb_state *h, const char *path, unsigned long long hash) {
    if (h->ics_input_count == h->ics_input_capacity) {
        int capacity = h->ics_input_capacity ? h->ics_input_capacity * 2 : 4;
        struct cpb_ics_input *inputs = realloc(h->ics_inputs, sizeof *inputs * (size_t)capacity);
        if (inputs == NULL) return;
        h->ics_inputs = inputs;
        h->ics_input_capacity = capacity;
    }
    char *copy = strdup(path);
    if (copy == NULL) return;
    h->ics_inputs[h->ics_input_count].path = copy;
    h->ics_inputs[h->ics_input_count].hash = hash;
    h->ics_input_count++;
}

void cpb_free_ics_inputs(cpb_state *h) {
    for (int i = 0; i < h->ics_input_count; i++) free(h->ics_inputs[i].path);
    free(h->ics_inputs);
    h->ics_inputs = NULL;
    h->ics_input_count = h->ics_input_capacity = 0;
}

int cpb_ics_input_count(lua_State *L) { return cpb_of(L)->ics_input_count; }

const char *cpb_ics_input(lua_State *L, int index, unsigned long long *hash) {
    cpb_state *h = cpb_of(L);
    if (index < 0 || index >= h->ics_input_count) return NULL;
    *hash = h->ics_inputs[index].hash;
    return h->ics_inputs[index].path;
}

static int cpb_ics_gc(lua_State *L) {
    cpb_ics *ics = luaL_testudata(L, 1, CPB_ICS_META);
    if (ics != NULL && ics->calendar != NULL) {
        icf_free(ics->calendar);
        ics->calendar = NULL;
    }
    return 0;
}

static int refuse(lua_State *L, const char *name, const char *what) {
    lua_pushnil(L);
    lua_pushfstring(L, "'%s' %s", name, what);
    return 2;
}

/* Whether `name` is a plain relative path of the policy's folder: no absolute path, no `..`
 * component, and an .ics file. */
static const char *name_problem(const char *name, size_t length) {
    if (length == 0) return "is empty; expected a file name such as 'closures.ics'";
    if (strlen(name) != length) return "holds a NUL byte";
    if (length > CPB_ICS_NAME_MAX) return "is longer than 255 bytes";
    if (name[0] == '/') return "is an absolute path; name a file in the policy's folder";
    for (const char *p = name; *p; ) {
        const char *slash = strchr(p, '/');
        size_t part = slash ? (size_t)(slash - p) : strlen(p);
        if (part == 2 && p[0] == '.' && p[1] == '.') return "climbs out with '..'; name a file in the policy's folder";
        if (!slash) break;
        p = slash + 1;
    }
    if (length < 5 || strcasecmp(name + length - 4, ".ics") != 0) return "is not an .ics file";
    return NULL;
}

/* The host's file reader (cpb_set_file_reader). */
static cpb_read_file_fn cpb_file_reader = NULL;

void cpb_set_file_reader(cpb_read_file_fn reader) { cpb_file_reader = reader; }

/* open(name) -> calendar | nil, message */
static int cpb_ics_open(lua_State *L) {
    cpb_state *h = cpb_of(L);
    size_t length = 0;
    const char *name = luaL_checklstring(L, 1, &length);
    if (h->loading_path == NULL) {
        lua_pushnil(L);
        lua_pushstring(L, "may only be called while the policy loads");
        return 2;
    }
    const char *problem = name_problem(name, length);
    if (problem != NULL && name[0] == '/') {
        /* Not echoed: an absolute path names something outside, which the message never shows. */
        lua_pushnil(L);
        lua_pushstring(L, "an absolute path is refused; name a file in the policy's folder");
        return 2;
    }
    if (problem != NULL) return refuse(L, name, problem);
    /* The userdata first (Lua may raise for memory here, before any buffer is held), so the
     * parsed calendar is owned by its __gc from the moment it exists. */
    cpb_ics *ics = lua_newuserdatauv(L, sizeof *ics, 0);
    ics->calendar = NULL;
    if (luaL_newmetatable(L, CPB_ICS_META)) {
        lua_pushcfunction(L, cpb_ics_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    /* The host finds and reads the file (it owns file I/O); C parses the bytes. */
    if (cpb_file_reader == NULL) return refuse(L, name, "cannot be read: no file reader");
    char real[PATH_MAX], message[256] = "";
    char *bytes = NULL;
    size_t got = 0;
    cls_patrol_start_now(); /* a file may block (a FIFO): watched from here on */
    int status = cpb_file_reader(h->loading_path, name, ICF_MAX_BYTES, &bytes, &got, real, sizeof real, message,
                                 sizeof message);
    if (status == CPB_READ_TOO_LARGE) {
        lua_pushnil(L);
        lua_pushfstring(L, "'%s' is larger than %d bytes", name, ICF_MAX_BYTES);
        return 2;
    }
    if (status != CPB_READ_OK || bytes == NULL) return refuse(L, name, message[0] ? message : "cannot be read");
    record_input(h, real, cpb_content_hash(bytes, got));
    char error[256];
    int line = 0;
    icf_calendar *calendar = icf_parse(bytes, got, error, sizeof error, &line);
    free(bytes);
    if (calendar == NULL) {
        lua_pushnil(L);
        if (line > 0) lua_pushfstring(L, "%s:%d: %s", name, line, error);
        else lua_pushfstring(L, "%s: %s", name, error);
        return 2;
    }
    ics->calendar = calendar;
    return 1;
}

/* The occurrences of one lookup, gathered in C before any Lua value is made: a Lua memory
 * error while the tables are built then leaves nothing behind (the buffer belongs to a
 * userdata whose __gc frees it), and libical's walk never has Lua raise through it. */
#define CPB_ICS_FOUND_META "calpolicy.ics.found"

typedef struct cpb_ics_found {
    icf_occurrence *items;
    int count, capacity, failed;
} cpb_ics_found;

static int cpb_ics_found_gc(lua_State *L) {
    cpb_ics_found *found = luaL_testudata(L, 1, CPB_ICS_FOUND_META);
    if (found != NULL) {
        free(found->items);
        found->items = NULL;
    }
    return 0;
}

static int cpb_ics_collect(void *context, const icf_occurrence *o) {
    cpb_ics_found *found = context;
    if (found->count == found->capacity) {
        int capacity = found->capacity ? found->capacity * 2 : 64;
        icf_occurrence *items = realloc(found->items, sizeof *items * (size_t)capacity);
        if (items == NULL) {
            found->failed = 1;
            return 1;
        }
        found->items = items;
        found->capacity = capacity;
    }
    found->items[found->count++] = *o;
    return 0;
}

static void set_string(lua_State *L, const char *key, const char *value) {
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
}

static void push_occurrence(lua_State *L, const icf_calendar *calendar, const icf_occurrence *o) {
    lua_createtable(L, 0, 9);
    set_string(L, "summary", icf_summary(calendar, o->event));
    set_string(L, "description", icf_description(calendar, o->event));
    set_string(L, "uid", icf_uid(calendar, o->event));
    int categories = icf_category_count(calendar, o->event);
    lua_createtable(L, categories, 0);
    for (int i = 0; i < categories; i++) {
        lua_pushstring(L, icf_category(calendar, o->event, i));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "categories");
    char iso[32];
    lua_pushlstring(L, iso, ccd_format_iso(o->first_day, iso, sizeof iso));
    lua_setfield(L, -2, "first");
    lua_pushlstring(L, iso, ccd_format_iso(o->last_day, iso, sizeof iso));
    lua_setfield(L, -2, "last");
    lua_pushinteger(L, (lua_Integer)o->first_day);
    lua_setfield(L, -2, "firstDayNumber");
    lua_pushinteger(L, (lua_Integer)o->last_day);
    lua_setfield(L, -2, "lastDayNumber");
    lua_pushboolean(L, o->all_day);
    lua_setfield(L, -2, "allDay");
    if (!o->all_day) {
        lua_pushinteger(L, o->start_minute);
        lua_setfield(L, -2, "startMinute");
        lua_pushinteger(L, (lua_Integer)o->end_minute);
        lua_setfield(L, -2, "endMinute");
        if (o->zone != NULL) set_string(L, "zone", o->zone);
    }
}

/* between(calendar, firstDayNumber, lastDayNumber) -> list | nil, message */
static int cpb_ics_between(lua_State *L) {
    cpb_ics *ics = luaL_checkudata(L, 1, CPB_ICS_META);
    lua_Integer first = luaL_checkinteger(L, 2), last = luaL_checkinteger(L, 3);
    if (ics->calendar == NULL) return luaL_error(L, "the calendar is closed");
    cpb_ics_found *found = lua_newuserdatauv(L, sizeof *found, 0);
    memset(found, 0, sizeof *found);
    if (luaL_newmetatable(L, CPB_ICS_FOUND_META)) {
        lua_pushcfunction(L, cpb_ics_found_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    char error[256];
    if (icf_between(ics->calendar, first, last, cpb_ics_collect, found, error, sizeof error) != 0 || found->failed) {
        free(found->items);
        found->items = NULL;
        lua_pushnil(L);
        lua_pushstring(L, found->failed ? "out of memory" : error);
        return 2;
    }
    lua_createtable(L, found->count, 0);
    for (int i = 0; i < found->count; i++) {
        push_occurrence(L, ics->calendar, &found->items[i]);
        lua_rawseti(L, -2, i + 1);
    }
    free(found->items);
    found->items = NULL;
    return 1;
}

/* cal.ics(name): compiles the Lua part on the first call (kept as the closure's upvalue), then
 * calls its open(name). Runs under the policy's load, so a failure is a policy error. */
static int cpb_cal_ics(lua_State *L) {
    lua_settop(L, 1);
    if (lua_isnil(L, lua_upvalueindex(1))) {
        cpb_push_library(L, CPB_LIBRARY_ICS);
        lua_pushcfunction(L, cpb_ics_open);
        lua_pushcfunction(L, cpb_ics_between);
        lua_pushcfunction(L, cpb_native_day_number);
        lua_pushcfunction(L, cpb_native_civil);
        if (lua_getfield(L, LUA_REGISTRYINDEX, CPB_CHECKS_REGISTRY) != LUA_TTABLE)
            luaL_error(L, "cal.ics: the prelude's checks are missing");
        lua_call(L, 5, 1);
        lua_copy(L, -1, lua_upvalueindex(1));
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    return 1;
}

void cpb_register_ics(lua_State *L, int cal) {
    lua_pushnil(L);
    lua_pushcclosure(L, cpb_cal_ics, 1);
    lua_setfield(L, cal, "ics");
}

char *cpb_vtimezone(const char *location, int first_year, int last_year) {
    return icf_vtimezone(location, first_year, last_year);
}
