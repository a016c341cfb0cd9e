/* See include/CalpolicyBenchLua.h. */
#include "CalpolicyBenchLua.h"
#include <lauxlib.h>

static int cpb_prepare_body(lua_State *L) {
    if (luaL_loadstring(L, "return function(n) return true end") != LUA_OK) return lua_error(L);
    lua_call(L, 0, 1);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

int cpb_prepare_bare(lua_State *L) {
    lua_settop(L, 0);
    lua_pushcfunction(L, cpb_prepare_body);
    int reference = -1;
    if (lua_pcall(L, 0, 1, 0) == LUA_OK) reference = (int)lua_tointeger(L, -1);
    lua_settop(L, 0);
    return reference;
}

int cpb_bare_call(lua_State *L, int reference, long long argument) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, reference);
    lua_pushinteger(L, (lua_Integer)argument);
    int result = lua_pcall(L, 1, 1, 0) == LUA_OK ? lua_toboolean(L, -1) : -1;
    lua_settop(L, 0);
    return result;
}
