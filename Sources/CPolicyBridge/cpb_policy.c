/* Loading a policy chunk and reading its contract (functions, metadata, coverage), under lua_pcall. */
#include "cpb_internal.h"
#include <CCivilDays.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

typedef struct cpb_load_args {
    const char *source;
    size_t length;
    const char *name;
    cpb_policy_info *info;
} cpb_load_args;

static void cpb_metadata(lua_State *L, int table, const char *field, const char **out, size_t *len) {
    int t = lua_getfield(L, table, field);
    if (t == LUA_TNIL) { lua_pop(L, 1); return; }
    if (t == LUA_TNUMBER) lua_tostring(L, -1);
    else if (t != LUA_TSTRING)
        cls_raise(L, CLS_KIND_TYPE, "policy field '%s' must be a string, got %s", field, luaL_typename(L, -1));
    *out = lua_tolstring(L, -1, len);
    /* left on the stack so the string stays alive for the host to copy */
}

/* The keys a policy may hold: the three functions and the metadata. */
static int cpb_contract_key(lua_State *L, int key) {
    if (lua_type(L, key) != LUA_TSTRING) return 0;
    const char *k = lua_tostring(L, key);
    static const char *const keys[] = {"canSelect", "canDeselect", "decorationFor", "hoursFor", "answersForYear",
                                       "name", "description", "version", "coverage", "zone", "scope",
                                       "overridable"};
    for (int i = 0; i < 12; i++) if (strcmp(k, keys[i]) == 0) return 1;
    return 0;
}

enum { CPB_EXTRAS_MAX = 256 };

/*
 * Every key of `source` outside the contract (for globals: also outside `baseline`, the
 * globals that existed before the chunk ran), as one string the host parses: per key,
 * "<s|o>\t<value type>\t<line defined or 0>\t<length>:<key text>\n" ('s' a string key,
 * 'o' any other key, written as "[text]"). At most CPB_EXTRAS_MAX keys. Leaves the
 * string on the stack (alive for the host) and points info at it.
 */
static void cpb_collect_extras(lua_State *L, int source, int baseline, cpb_policy_info *info) {
    lua_createtable(L, 8, 0);
    int list = lua_gettop(L);
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, source) != 0) {
        /* key at -2, value at -1 */
        if (count >= CPB_EXTRAS_MAX || cpb_contract_key(L, -2)) { lua_pop(L, 1); continue; }
        if (baseline != 0) {
            lua_pushvalue(L, -2);
            int known = lua_rawget(L, baseline) != LUA_TNIL;
            lua_pop(L, 1);
            if (known) { lua_pop(L, 1); continue; }
        }
        int line = 0;
        if (lua_type(L, -1) == LUA_TFUNCTION) {
            lua_Debug ar;
            lua_pushvalue(L, -1);
            lua_getinfo(L, ">S", &ar);
            line = ar.linedefined > 0 ? ar.linedefined : 0;
        }
        const char *vtype = luaL_typename(L, -1);
        int kt = lua_type(L, -2);
        if (kt == LUA_TSTRING) {
            size_t len;
            const char *k = lua_tolstring(L, -2, &len);
            lua_pushfstring(L, "s\t%s\t%d\t%d:", vtype, line, (int)len);
            lua_pushlstring(L, k, len);
        } else {
            if (kt == LUA_TNUMBER) {
                lua_pushvalue(L, -2);
                const char *n = lua_tostring(L, -1);
                lua_pushfstring(L, "[%s]", n);
                lua_remove(L, -2);
            } else {
                lua_pushfstring(L, "[%s]", luaL_typename(L, -2));
            }
            size_t len;
            const char *k = lua_tolstring(L, -1, &len);
            lua_pushfstring(L, "o\t%s\t%d\t%d:", vtype, line, (int)len);
            lua_pushlstring(L, k, len);
            lua_remove(L, -3);
        }
        lua_pushliteral(L, "\n");
        lua_concat(L, 3);
        lua_rawseti(L, list, ++count);
        lua_pop(L, 1);
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= count; i++) {
        lua_rawgeti(L, list, i);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    lua_remove(L, list);
    info->extras = lua_tolstring(L, -1, &info->extras_len);
    /* left on the stack so the string stays alive for the host to copy */
}

int cpb_field_table(lua_State *L, const char *field, const char *expected) {
    if (lua_type(L, -1) != LUA_TTABLE)
        cls_raise(L, CLS_KIND_TYPE, "policy field '%s' must be %s, got %s", field, expected, luaL_typename(L, -1));
    int table = lua_gettop(L);
    if (lua_getmetatable(L, table))
        cls_raise(L, CLS_KIND_TYPE, "policy field '%s' must be a plain table (it has a metatable)", field);
    return table;
}

/* coverage = { from = "YYYY-MM-DD", to = "YYYY-MM-DD" } (either end may be left out): read raw,
 * checked here so a bad one stops the load like any other contract field. */
static void cpb_coverage(lua_State *L, int source, cpb_policy_info *info) {
    lua_pushliteral(L, "coverage");
    int t = lua_rawget(L, source);
    if (t == LUA_TNIL) { lua_pop(L, 1); return; }
    /* Plain: an end behind __index would be skipped and the coverage silently open-ended. */
    int table = cpb_field_table(L, "coverage", "a table { from = 'YYYY-MM-DD', to = 'YYYY-MM-DD' }");
    const char *const ends[] = {"from", "to"};
    for (int i = 0; i < 2; i++) {
        lua_pushstring(L, ends[i]);
        int et = lua_rawget(L, table);
        if (et == LUA_TNIL) { lua_pop(L, 1); continue; }
        size_t length = 0;
        const char *text = et == LUA_TSTRING ? lua_tolstring(L, -1, &length) : NULL;
        long long day = 0;
        if (text == NULL)
            cls_raise(L, CLS_KIND_TYPE, "policy field 'coverage.%s' must be a date 'YYYY-MM-DD', got %s", ends[i],
                      luaL_typename(L, -1));
        if (!ccd_parse_iso(text, length, &day))
            cls_raise(L, CLS_KIND_TYPE, "policy field 'coverage.%s' must be a date 'YYYY-MM-DD', got '%s'", ends[i], text);
        if (i == 0) { info->has_coverage_from = 1; info->coverage_from = day; }
        else { info->has_coverage_to = 1; info->coverage_to = day; }
        lua_pop(L, 1);
    }
    for (lua_pushnil(L); lua_next(L, table) != 0; lua_pop(L, 1)) {
        if (lua_type(L, -2) == LUA_TSTRING) { /* by length: "to\0x" is another key, not 'to' */
            size_t klen = 0;
            const char *k = lua_tolstring(L, -2, &klen);
            if (cpb_field_is(k, klen, "from") || cpb_field_is(k, klen, "to")) continue;
        }
        cls_raise(L, CLS_KIND_TYPE, "policy field 'coverage' holds only 'from' and 'to'");
    }
    if (!info->has_coverage_from && !info->has_coverage_to)
        cls_raise(L, CLS_KIND_TYPE, "policy field 'coverage' must give 'from', 'to' or both");
    if (info->has_coverage_from && info->has_coverage_to && info->coverage_from > info->coverage_to)
        cls_raise(L, CLS_KIND_TYPE, "policy field 'coverage': 'from' is after 'to'");
    lua_pop(L, 1);
}

static int cpb_policy_body(lua_State *L) {
    cpb_load_args *a = lua_touserdata(L, 1);
    cpb_state *h = cpb_of(L);
    /* The globals before the chunk runs: a global-style policy's own globals are the rest. */
    lua_pushglobaltable(L);
    lua_createtable(L, 0, 64);
    int baseline = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, baseline - 1) != 0) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushboolean(L, 1);
        lua_rawset(L, baseline);
    }
    lua_remove(L, baseline - 1);
    baseline--;
    cls_load_text(L, a->source, a->length, a->name, CLS_CHUNK_MAIN);
    lua_Debug ar;
    lua_call(L, 0, 1);
    int t = lua_type(L, -1);
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushglobaltable(L);
        a->info->global_style = 1;
    } else if (t != LUA_TTABLE) {
        return cls_raise(L, CLS_KIND_TYPE, "a policy must return a table or nothing, got %s", luaL_typename(L, -1));
    }
    cpb_collect_extras(L, lua_gettop(L), a->info->global_style ? baseline : 0, a->info);
    lua_insert(L, baseline); /* the extras string below the source, out of the way */
    /* Raw reads only: the returned table's metamethods do not run here. */
    lua_createtable(L, 0, 0);
    int plain = lua_gettop(L);
    int source = plain - 1;
    const char *const meta[] = {"name", "description", "version", "zone"};
    for (int i = 0; i < 4; i++) {
        lua_pushstring(L, meta[i]);
        lua_rawget(L, source);
        lua_setfield(L, plain, meta[i]);
    }
    cpb_policy_info *info = a->info;
    for (int i = 0; i < CPB_FN_COUNT; i++) {
        lua_pushstring(L, cpb_function_names[i]);
        int ft = lua_rawget(L, source);
        if (ft == LUA_TNIL) { lua_pop(L, 1); continue; }
        if (ft != LUA_TFUNCTION)
            return cls_raise(L, CLS_KIND_TYPE, "'%s' must be a function, got %s", cpb_function_names[i],
                             luaL_typename(L, -1));
        lua_pushvalue(L, -1);
        lua_getinfo(L, ">S", &ar);
        info->line_defined[i] = ar.linedefined > 0 ? ar.linedefined : 0;
        info->has_function[i] = 1;
        if (h->function_ref[i] != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, h->function_ref[i]);
        h->function_ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    cpb_metadata(L, plain, "name", &info->name, &info->name_len);
    cpb_metadata(L, plain, "description", &info->description, &info->description_len);
    cpb_metadata(L, plain, "version", &info->version, &info->version_len);
    cpb_metadata(L, plain, "zone", &info->zone, &info->zone_len);
    cpb_coverage(L, source, info);
    cpb_scope(L, source, info);
    cpb_overridable(L, source, info);
    return lua_gettop(L);
}

int cpb_load_policy(lua_State *L, const char *source, size_t length, const char *path, cpb_policy_info *info) {
    memset(info, 0, sizeof *info);
    const char *chunkname = cls_set_main_chunk(L, path);
    if (chunkname == NULL) return LUA_ERRMEM;
    cpb_load_args a = {source, length, chunkname, info};
    /* cal.ics opens files beside this path, and only while the policy loads. */
    cpb_state *h = cpb_of(L);
    h->loading_path = path;
    int status = cls_protected(L, cpb_policy_body, &a, cls_load_budget(L));
    h->loading_path = NULL;
    cls_settle(L);
    return status;
}

