/* The policy's globals, built from an allow-list: the stock libraries are opened
 * aside, and only the names listed below are copied into fresh tables (kept as they
 * are, wrapped, replaced or denied); everything else is absent. */
#include "cls_internal.h"
#include <stdio.h>
#include <string.h>

static const char *const cls_forbidden_globals[] = {
    "io", "os", "debug", "package", "require", "dofile", "loadfile", "coroutine", "loadstring", NULL
};

/* Calls the function this wrapper stands in for (its upvalue 1) with every value on the
 * stack as arguments; the stack then holds its `nresults` results (LUA_MULTRET: all). */
static void cls_call_wrapped(lua_State *L, int nresults) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, nresults);
}

/* Stands in for a denied function: raises "'<upvalue>' is not available in policies". */
static int cls_denied(lua_State *L) {
    return cls_raise(L, CLS_KIND_SANDBOX, "'%s' is not available in policies",
                     lua_tostring(L, lua_upvalueindex(1)));
}

/* _G's __index: missing globals are nil, except these, which say they are not available. */
static int cls_global_index(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        const char *key = lua_tostring(L, 2);
        for (int i = 0; cls_forbidden_globals[i]; i++)
            if (strcmp(key, cls_forbidden_globals[i]) == 0)
                return cls_raise(L, CLS_KIND_SANDBOX, "'%s' is not available in policies", key);
    }
    return 0;
}

/* print never reaches stdout: dropped unread, or handed to the host, which decides
 * (calpolicy escapes it and writes one stderr line with --verbose). */
static int cls_print(lua_State *L) {
    cls_host *h = cls_host_of(L);
    if (!h->print_line || h->print_muted) return 0;
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
    h->print_line(h->print_context, text, len);
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
    cls_call_wrapped(L, 1);
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
    cls_call_wrapped(L, LUA_MULTRET);
    return lua_gettop(L);
}

/* An error raised by the budget hook reaches the message handler while hooks are
 * off; a policy's own handler must not run then, or it could loop forever. */
static int cls_xpcall_handler(lua_State *L) {
    if (cls_host_of(L)->exhausted) return 1;
    cls_call_wrapped(L, 1);
    return 1;
}

static int cls_xpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, cls_xpcall_handler, 1);
    lua_replace(L, 2);
    cls_call_wrapped(L, LUA_MULTRET);
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
    cls_call_wrapped(L, 1);
    return 1;
}

/* ---- the allow-list ------------------------------------------------------- */

/* What becomes of a listed name: copied as it is, wrapped (the stock function is the
 * wrapper's upvalue), replaced, or denied (a function raising "'lib.name' is not
 * available in policies", so a policy learns why it failed). */
enum { CLS_KEEP, CLS_WRAP, CLS_REPLACE, CLS_DENY };

typedef struct cls_allowed {
    const char *name;
    int how;
    lua_CFunction fn; /* for CLS_WRAP and CLS_REPLACE */
} cls_allowed;

/* The base library: `_G` itself is added once the table exists. warn is stock and
 * silent: the kernel installs no warning function. */
static const cls_allowed cls_base_allowed[] = {
    {"assert"}, {"error"}, {"getmetatable"}, {"ipairs"}, {"next"}, {"pairs"}, {"pcall"},
    {"rawequal"}, {"rawget"}, {"rawlen"}, {"rawset"}, {"select"}, {"tonumber"}, {"tostring"},
    {"type"}, {"warn"}, {"_VERSION"},
    {"xpcall", CLS_WRAP, cls_xpcall},
    {"setmetatable", CLS_WRAP, cls_setmetatable},
    {"load", CLS_WRAP, cls_load},
    {"print", CLS_REPLACE, cls_print},
    {"collectgarbage", CLS_REPLACE, cls_collectgarbage},
    {NULL}
};

/* find, match, gmatch and gsub are the budgeted matcher's (cls_open_patterns). */
static const cls_allowed cls_string_allowed[] = {
    {"byte"}, {"char"}, {"format"}, {"len"}, {"lower"}, {"pack"}, {"packsize"}, {"reverse"},
    {"sub"}, {"unpack"}, {"upper"},
    {"rep", CLS_WRAP, cls_string_rep},
    {"dump", CLS_DENY},
    {NULL}
};

/* insert and remove are bounded versions, and move is wrapped, by cls_open_table_bounds. */
static const cls_allowed cls_table_allowed[] = {
    {"concat"}, {"pack"}, {"unpack"}, {"sort"}, {"move"},
    {NULL}
};

/* Deterministic evaluation: no random numbers seeded from the clock. The names after
 * `ult` exist only in a Lua built with LUA_COMPAT_MATHLIB (Debian's is); a name the
 * library lacks stays absent. */
static const cls_allowed cls_math_allowed[] = {
    {"abs"}, {"ceil"}, {"floor"}, {"fmod"}, {"modf"}, {"tointeger"}, {"type"}, {"max"}, {"min"},
    {"sqrt"}, {"exp"}, {"log"}, {"sin"}, {"cos"}, {"tan"}, {"asin"}, {"acos"}, {"atan"},
    {"deg"}, {"rad"}, {"pi"}, {"huge"}, {"maxinteger"}, {"mininteger"}, {"ult"},
    {"atan2"}, {"cosh"}, {"sinh"}, {"tanh"}, {"pow"}, {"frexp"}, {"ldexp"}, {"log10"},
    {"random", CLS_DENY},
    {"randomseed", CLS_DENY},
    {NULL}
};

static const cls_allowed cls_utf8_allowed[] = {
    {"char"}, {"charpattern"}, {"codes"}, {"codepoint"}, {"len"}, {"offset"},
    {NULL}
};

/* Opens a stock library aside (the base library fills the state's first global table,
 * which is then dropped); leaves its table on the stack and returns its index. */
static int cls_stock(lua_State *L, lua_CFunction open) {
    lua_pushcfunction(L, open);
    lua_call(L, 0, 1);
    return lua_gettop(L);
}

/* A fresh table holding the listed names of the stock table at `stock`, each treated
 * as listed; pushed on the stack, its index returned. */
static int cls_allow(lua_State *L, int stock, const char *library, const cls_allowed *list) {
    int count = 0;
    while (list[count].name != NULL) count++;
    lua_createtable(L, 0, count);
    int t = lua_gettop(L);
    for (const cls_allowed *a = list; a->name != NULL; a++) {
        switch (a->how) {
        case CLS_KEEP:
            if (lua_getfield(L, stock, a->name) == LUA_TNIL) {
                lua_pop(L, 1);
                continue;
            }
            break;
        case CLS_WRAP:
            lua_getfield(L, stock, a->name);
            lua_pushcclosure(L, a->fn, 1);
            break;
        case CLS_REPLACE:
            lua_pushcfunction(L, a->fn);
            break;
        default:
            lua_pushfstring(L, "%s.%s", library, a->name);
            lua_pushcclosure(L, cls_denied, 1);
            break;
        }
        lua_setfield(L, t, a->name);
    }
    return t;
}

/* A library built from its allow-list, pushed; the stock one is dropped. */
static int cls_allowed_library(lua_State *L, lua_CFunction open, const char *name, const cls_allowed *list) {
    int stock = cls_stock(L, open);
    cls_allow(L, stock, name, list);
    lua_remove(L, stock);
    return lua_gettop(L);
}

/* Sets global `name` to a library built from its allow-list; returns the library's index. */
static int cls_allow_library(lua_State *L, int g, const char *name, lua_CFunction open, const cls_allowed *list) {
    int t = cls_allowed_library(L, open, name, list);
    lua_pushvalue(L, t);
    lua_setfield(L, g, name);
    return t;
}

int cls_open_sandbox(lua_State *L) {
    int top = lua_gettop(L);
    int g = cls_allowed_library(L, luaopen_base, LUA_GNAME, cls_base_allowed);
    lua_pushvalue(L, g);
    lua_setfield(L, g, LUA_GNAME);
    /* The fresh table becomes the globals every chunk loaded from now on sees. */
    lua_pushvalue(L, g);
    lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);

    int s = cls_allow_library(L, g, LUA_STRLIBNAME, luaopen_string, cls_string_allowed);
    int t = cls_allow_library(L, g, LUA_TABLIBNAME, luaopen_table, cls_table_allowed);
    cls_open_table_bounds(L, t);
    cls_allow_library(L, g, LUA_MATHLIBNAME, luaopen_math, cls_math_allowed);
    cls_allow_library(L, g, LUA_UTF8LIBNAME, luaopen_utf8, cls_utf8_allowed);

    /* The string metatable is shared by every string: its methods are the allowed
     * string table's, and the metatable itself is hidden. */
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushvalue(L, s);
        lua_setfield(L, -2, "__index");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    /* _G's __index: missing globals are nil, except the forbidden ones, which say so. */
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, cls_global_index);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, g);
    lua_settop(L, top);
    return 0;
}
