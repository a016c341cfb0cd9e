/* Loading a trusted chunk's build-time dump (the prelude's, the test harness's, cal.ics's and
 * cal.holidays' Lua parts), with the text as the caller's fallback. */
#include "cpb_internal.h"

/*
 * Any refusal (another liblua's format, a truncated dump) or a dump whose chunk name is not
 * `name` leaves nothing on the stack and returns 0, so the caller compiles the text:
 * messages and tracebacks then name the chunk the same way whichever form ran. Only dumps the
 * build made from the engine's own files come here, never a policy's bytes.
 */
int cpb_load_dump(lua_State *L, const char *dump, size_t length, const char *name) {
    if (dump == NULL || length == 0 || dump[0] != LUA_SIGNATURE[0]) return 0;
    if (luaL_loadbufferx(L, dump, length, name, "b") != LUA_OK) {
        lua_pop(L, 1);
        return 0;
    }
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar);
    if (ar.source == NULL || strcmp(ar.source, name) != 0) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}
