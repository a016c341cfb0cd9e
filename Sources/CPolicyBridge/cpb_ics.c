/* native.ics and native.icsBetween: the .ics files a policy reads while it loads (cal.ics),
 * opened beside the policy only, parsed on the host side by CICalFeed (libical), never
 * through Lua's io. Both answer nil and a message instead of raising, so cal.ics raises at
 * the policy's own line. */
#include "cpb_internal.h"
#include "CICalFeed.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define CPB_ICS_META "calpolicy.ics"
#define CPB_ICS_NAME_MAX 255

typedef struct cpb_ics {
    icf_calendar *calendar;
} cpb_ics;

void cpb_set_policy_folder(lua_State *L, const char *folder) {
    cpb_state *h = cpb_of(L);
    free(h->ics_folder);
    h->ics_folder = folder != NULL ? strdup(folder) : NULL;
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

/* native.ics(name) -> calendar | nil, message */
static int cpb_native_ics(lua_State *L) {
    cpb_state *h = cpb_of(L);
    size_t length = 0;
    const char *name = luaL_checklstring(L, 1, &length);
    if (h->ics_folder == NULL) {
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
    char folder[PATH_MAX], joined[PATH_MAX * 2], real[PATH_MAX];
    if (realpath(h->ics_folder, folder) == NULL) return refuse(L, name, "cannot be found: the policy's folder is gone");
    snprintf(joined, sizeof joined, "%s/%s", folder, name);
    if (realpath(joined, real) == NULL)
        return refuse(L, name, errno == ENOENT ? "does not exist in the policy's folder" : "cannot be resolved");
    size_t folder_length = strlen(folder);
    int inside = strncmp(real, folder, folder_length) == 0 &&
                 (real[folder_length] == '/' || (folder_length == 1 && folder[0] == '/'));
    if (!inside) return refuse(L, name, "resolves outside the policy's folder (a link out?)");
    int fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return refuse(L, name, "cannot be opened");
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return refuse(L, name, "is not a regular file");
    }
    if (info.st_size > ICF_MAX_BYTES) {
        close(fd);
        lua_pushnil(L);
        lua_pushfstring(L, "'%s' is larger than %d bytes", name, ICF_MAX_BYTES);
        return 2;
    }
    size_t size = (size_t)info.st_size;
    char *bytes = malloc(size + 1);
    if (bytes == NULL) {
        close(fd);
        return refuse(L, name, "cannot be read: out of memory");
    }
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, bytes + got, size - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    close(fd);
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
    cpb_ics *ics = lua_newuserdatauv(L, sizeof *ics, 0);
    ics->calendar = calendar;
    if (luaL_newmetatable(L, CPB_ICS_META)) {
        lua_pushcfunction(L, cpb_ics_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return 1;
}

typedef struct cpb_ics_visit {
    lua_State *L;
    const icf_calendar *calendar;
    int list, count;
} cpb_ics_visit;

static void set_string(lua_State *L, const char *key, const char *value) {
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
}

static int cpb_ics_push(void *context, const icf_occurrence *o) {
    cpb_ics_visit *v = context;
    lua_State *L = v->L;
    lua_createtable(L, 0, 9);
    set_string(L, "summary", icf_summary(v->calendar, o->event));
    set_string(L, "description", icf_description(v->calendar, o->event));
    set_string(L, "uid", icf_uid(v->calendar, o->event));
    int categories = icf_category_count(v->calendar, o->event);
    lua_createtable(L, categories, 0);
    for (int i = 0; i < categories; i++) {
        lua_pushstring(L, icf_category(v->calendar, o->event, i));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "categories");
    char iso[32];
    lua_pushlstring(L, iso, cpb_format_iso(o->first_day, iso, sizeof iso));
    lua_setfield(L, -2, "first");
    lua_pushlstring(L, iso, cpb_format_iso(o->last_day, iso, sizeof iso));
    lua_setfield(L, -2, "last");
    lua_pushinteger(L, (lua_Integer)o->first_day);
    lua_setfield(L, -2, "firstDayNumber");
    lua_pushinteger(L, (lua_Integer)o->last_day);
    lua_setfield(L, -2, "lastDayNumber");
    lua_pushboolean(L, o->all_day);
    lua_setfield(L, -2, "allDay");
    lua_rawseti(L, v->list, ++v->count);
    return 0;
}

/* native.icsBetween(calendar, firstDayNumber, lastDayNumber) -> list | nil, message */
static int cpb_native_ics_between(lua_State *L) {
    cpb_ics *ics = luaL_checkudata(L, 1, CPB_ICS_META);
    lua_Integer first = luaL_checkinteger(L, 2), last = luaL_checkinteger(L, 3);
    if (ics->calendar == NULL) return luaL_error(L, "the calendar is closed");
    lua_newtable(L);
    cpb_ics_visit v = {L, ics->calendar, lua_gettop(L), 0};
    char error[256];
    if (icf_between(ics->calendar, first, last, cpb_ics_push, &v, error, sizeof error) != 0) {
        lua_pushnil(L);
        lua_pushstring(L, error);
        return 2;
    }
    return 1;
}

void cpb_register_ics(lua_State *L, int native) {
    lua_pushcfunction(L, cpb_native_ics);
    lua_setfield(L, native, "ics");
    lua_pushcfunction(L, cpb_native_ics_between);
    lua_setfield(L, native, "icsBetween");
}
