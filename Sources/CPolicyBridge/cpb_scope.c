/* A policy's `scope`, read raw at load as data (exporters and integrations read it without Lua). */
#include "cpb_internal.h"
#include <string.h>

enum { CPB_SCOPE_PATTERNS_MAX = 256, CPB_SCOPE_VALUE_MAX = 256, CPB_SCOPE_KEY_MAX = 261 };

/* One pattern of `key` as a line "<kind>\t<key>\t<pattern>\n" appended to the table at `acc`. */
static void cpb_scope_line(lua_State *L, int acc, char kind, const char *key, int index) {
    size_t len;
    const char *p = lua_tolstring(L, index, &len);
    if (len == 0 || len > CPB_SCOPE_VALUE_MAX)
        cls_raise(L, CLS_KIND_TYPE, "policy field 'scope.%s': a value is 1 to %d bytes", key, CPB_SCOPE_VALUE_MAX);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)p[i] < 0x20 || (unsigned char)p[i] == 0x7F)
            cls_raise(L, CLS_KIND_TYPE, "policy field 'scope.%s': a value holds no control characters", key);
    if (lua_rawlen(L, acc) >= CPB_SCOPE_PATTERNS_MAX)
        cls_raise(L, CLS_KIND_TYPE, "policy field 'scope' holds more than %d values", CPB_SCOPE_PATTERNS_MAX);
    lua_pushfstring(L, "%c\t%s\t%s\n", kind, key, p);
    lua_rawseti(L, acc, (lua_Integer)lua_rawlen(L, acc) + 1);
}

/* `key`'s value at `value`: a string, or a plain list of strings. */
static void cpb_scope_value(lua_State *L, int acc, char kind, const char *key, int value) {
    if (lua_type(L, value) == LUA_TSTRING) { cpb_scope_line(L, acc, kind, key, value); return; }
    if (lua_type(L, value) != LUA_TTABLE || lua_getmetatable(L, value))
        cls_raise(L, CLS_KIND_TYPE, "policy field 'scope.%s' must be a string or a list of strings", key);
    lua_Unsigned n = lua_rawlen(L, value);
    if (n == 0) cls_raise(L, CLS_KIND_TYPE, "policy field 'scope.%s' is an empty list (it would match nothing)", key);
    for (lua_Unsigned i = 1; i <= n; i++) {
        if (lua_rawgeti(L, value, (lua_Integer)i) != LUA_TSTRING)
            cls_raise(L, CLS_KIND_TYPE, "policy field 'scope.%s[%d]' must be a string, got %s", key, (int)i,
                      luaL_typename(L, -1));
        cpb_scope_line(L, acc, kind, key, lua_gettop(L));
        lua_pop(L, 1);
    }
}

/* The keys of a scope table (`kind` 'i') or of its `exclude` ('x'), read raw. */
static void cpb_scope_table(lua_State *L, int table, char kind, int acc) {
    if (lua_getmetatable(L, table))
        cls_raise(L, CLS_KIND_TYPE, "policy field 'scope' must be a plain table (it has a metatable)");
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING)
            cls_raise(L, CLS_KIND_TYPE, "policy field 'scope' has a key that is not a string (%s)", luaL_typename(L, -2));
        size_t klen;
        const char *key = lua_tolstring(L, -2, &klen);
        if (klen == 0 || klen > CPB_SCOPE_KEY_MAX || memchr(key, 0, klen) != NULL || strchr(key, '\t') || strchr(key, '\n'))
            cls_raise(L, CLS_KIND_TYPE, "policy field 'scope' has a key that is not a context key");
        if (kind == 'i' && strcmp(key, "exclude") == 0) {
            if (lua_type(L, -1) != LUA_TTABLE)
                cls_raise(L, CLS_KIND_TYPE, "policy field 'scope.exclude' must be a table, got %s", luaL_typename(L, -1));
            cpb_scope_table(L, lua_gettop(L), 'x', acc);
        } else {
            cpb_scope_value(L, acc, kind, key, lua_gettop(L));
        }
        lua_pop(L, 1);
    }
}

/* scope = { KEY = "pattern" | { "pattern", ... }, exclude = { KEY = ... } }: read raw into one
 * string of lines "i|x\tKEY\tPATTERN\n" the host parses (it checks the keys against the
 * context's vocabulary, with did-you-mean); left on the stack for the host to copy. */
void cpb_scope(lua_State *L, int source, cpb_policy_info *info) {
    lua_pushliteral(L, "scope");
    int t = lua_rawget(L, source);
    if (t == LUA_TNIL) { lua_pop(L, 1); return; }
    if (t != LUA_TTABLE)
        cls_raise(L, CLS_KIND_TYPE, "policy field 'scope' must be a table { KEY = { 'value', ... }, exclude = { ... } }, got %s",
                  luaL_typename(L, -1));
    int scope = lua_gettop(L);
    lua_createtable(L, 8, 0);
    int acc = lua_gettop(L);
    cpb_scope_table(L, scope, 'i', acc);
    int n = (int)lua_rawlen(L, acc);
    luaL_checkstack(L, n + 1, "policy field 'scope'");
    for (int i = 1; i <= n; i++) lua_rawgeti(L, acc, i);
    lua_concat(L, n);
    info->scope = lua_tolstring(L, -1, &info->scope_len);
    info->has_scope = 1;
}
