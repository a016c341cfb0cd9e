/* Opens the allowed libraries one by one and replaces what a policy must not reach. */
#include "cls_internal.h"
#include <stdio.h>
#include <string.h>

static const char *const cls_forbidden_globals[] = {
    "io", "os", "debug", "package", "require", "dofile", "loadfile", "coroutine", "loadstring", NULL
};

/* Stands in for a removed function, so a policy learns why it failed. */
static int cls_denied(lua_State *L) {
    return cls_raise(L, CLS_KIND_SANDBOX, "'%s' is not available in policies",
                     lua_tostring(L, lua_upvalueindex(1)));
}

static void cls_deny(lua_State *L, int table, const char *field, const char *shown) {
    lua_pushstring(L, shown);
    lua_pushcclosure(L, cls_denied, 1);
    lua_setfield(L, table, field);
}

/* _G's __index: missing globals are nil, except the removed libraries, which say so. */
static int cls_global_index(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        const char *key = lua_tostring(L, 2);
        for (int i = 0; cls_forbidden_globals[i]; i++)
            if (strcmp(key, cls_forbidden_globals[i]) == 0)
                return cls_raise(L, CLS_KIND_SANDBOX, "'%s' is not available in policies", key);
    }
    return 0;
}

/* print never reaches stdout: dropped, or with verbose handed to the host, which
 * escapes it (controls, bidi, line separators) and writes one stderr line. */
static int cls_print(lua_State *L) {
    cls_host *h = cls_host_of(L);
    if (!h->verbose || !h->print_line) return 0;
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    h->print_line(h->print_prefix, text, len);
    return 0;
}

/* Finalizers run with hooks off, outside any budget: refuse __gc up front. */
static int cls_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return cls_raise(L, CLS_KIND_SANDBOX, "'__gc' metamethods are not allowed in policies");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* Only counting is deterministic and harmless. */
static int cls_collectgarbage(lua_State *L) {
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "count") != 0)
        return cls_raise(L, CLS_KIND_SANDBOX, "collectgarbage('%s') is not available in policies; only 'count'", opt);
    lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) + (lua_Number)lua_gc(L, LUA_GCCOUNTB, 0) / 1024);
    return 1;
}

/* load: text only, and the policy's own globals unless it passes an environment.
 * A chunk name the caller gives is shown as "load:NAME" ("=load:" for Lua, a leading
 * '@' or '=' dropped), so a loaded chunk can never pass for the policy file ("@path")
 * in error lines, coverage or explain. */
static int cls_load(lua_State *L) {
    int has_env = !lua_isnoneornil(L, 4);
    lua_settop(L, 4);
    if (!lua_isnil(L, 2)) {
        const char *name = luaL_checkstring(L, 2);
        if (name[0] == '@' || name[0] == '=') name++;
        lua_pushfstring(L, "=load:%s", name);
        lua_replace(L, 2);
    }
    const char *mode = luaL_optstring(L, 3, "t");
    if (strchr(mode, 'b') != NULL)
        return cls_raise(L, CLS_KIND_SANDBOX, "binary chunks are not allowed in policies");
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    if (!has_env) lua_settop(L, 3);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* An error raised by the budget hook reaches the message handler while hooks are
 * off; a policy's own handler must not run then, or it could loop forever. */
static int cls_xpcall_handler(lua_State *L) {
    if (cls_host_of(L)->exhausted) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int cls_xpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, cls_xpcall_handler, 1);
    lua_replace(L, 2);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* string.rep of empty pieces would loop n times in C, beyond any hook. */
static int cls_string_rep(lua_State *L) {
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0 && l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    int top = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, top, 1);
    return 1;
}

/* Replaces table[field] with `fn`, keeping the original as its upvalue. */
static void cls_wrap(lua_State *L, int table, const char *field, lua_CFunction fn) {
    lua_getfield(L, table, field);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, table, field);
}

static void cls_require(lua_State *L, const char *name, lua_CFunction open) {
    luaL_requiref(L, name, open, 1);
    lua_pop(L, 1);
}

int cls_open_sandbox(lua_State *L) {
    cls_require(L, LUA_GNAME, luaopen_base);
    cls_require(L, LUA_STRLIBNAME, luaopen_string);
    cls_require(L, LUA_TABLIBNAME, luaopen_table);
    cls_require(L, LUA_MATHLIBNAME, luaopen_math);
    cls_require(L, LUA_UTF8LIBNAME, luaopen_utf8);

    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    lua_pushnil(L);
    lua_setfield(L, g, "dofile");
    lua_pushnil(L);
    lua_setfield(L, g, "loadfile");
    lua_pushcfunction(L, cls_print);
    lua_setfield(L, g, "print");
    lua_pushcfunction(L, cls_collectgarbage);
    lua_setfield(L, g, "collectgarbage");
    cls_wrap(L, g, "setmetatable", cls_setmetatable);
    cls_wrap(L, g, "load", cls_load);
    cls_wrap(L, g, "xpcall", cls_xpcall);

    lua_getfield(L, g, LUA_STRLIBNAME);
    int s = lua_gettop(L);
    cls_deny(L, s, "dump", "string.dump");
    cls_wrap(L, s, "rep", cls_string_rep);
    lua_pop(L, 1);

    lua_getfield(L, g, LUA_TABLIBNAME);
    cls_open_table_bounds(L, lua_gettop(L));
    lua_pop(L, 1);

    /* Deterministic evaluation: no random numbers seeded from the clock. */
    lua_getfield(L, g, LUA_MATHLIBNAME);
    cls_deny(L, lua_gettop(L), "random", "math.random");
    cls_deny(L, lua_gettop(L), "randomseed", "math.randomseed");
    lua_pop(L, 1);

    /* The string metatable is shared by every string: hide it. */
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, cls_global_index);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, g);
    lua_pop(L, 1);
    return 0;
}
