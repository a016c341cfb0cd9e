/* A policy's `overridable`, read raw at load as data: whether a break-glass override may lift
 * it, for how long at most, and on whose approval. Exporters and the override loader read it
 * without running Lua, so it is a plain value like `scope`. */
#include "cpb_internal.h"
#include <string.h>

enum { CPB_APPROVERS_MAX = 64, CPB_APPROVER_MAX = 256, CPB_OVERRIDE_HOURS_MAX = 24 * 366 * 10 };

/* approvers = { "name", ... }: a plain non-empty list of 1..256-byte names without control
 * characters, joined as "NAME\n" lines. */
static void cpb_approvers(lua_State *L, int value, cpb_policy_info *info) {
    if (lua_type(L, value) != LUA_TTABLE || lua_getmetatable(L, value))
        cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.approvers' must be a list of strings");
    lua_Unsigned n = lua_rawlen(L, value);
    if (n == 0) cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.approvers' is an empty list (nobody could approve)");
    if (n > CPB_APPROVERS_MAX)
        cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.approvers' holds more than %d names", CPB_APPROVERS_MAX);
    luaL_checkstack(L, (int)n + 2, "policy field 'overridable.approvers'");
    int first = lua_gettop(L) + 1;
    for (lua_Unsigned i = 1; i <= n; i++) {
        if (lua_rawgeti(L, value, (lua_Integer)i) != LUA_TSTRING)
            cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.approvers[%d]' must be a string, got %s", (int)i,
                      luaL_typename(L, -1));
        size_t len;
        const char *p = lua_tolstring(L, -1, &len);
        if (len == 0 || len > CPB_APPROVER_MAX)
            cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.approvers[%d]' is 1 to %d bytes", (int)i, CPB_APPROVER_MAX);
        for (size_t k = 0; k < len; k++)
            if ((unsigned char)p[k] < 0x20 || (unsigned char)p[k] == 0x7F)
                cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.approvers[%d]' holds a control character", (int)i);
        lua_pushliteral(L, "\n");
    }
    lua_concat(L, lua_gettop(L) - first + 1);
    info->approvers = lua_tolstring(L, -1, &info->approvers_len);
}

void cpb_overridable(lua_State *L, int source, cpb_policy_info *info) {
    lua_pushliteral(L, "overridable");
    int t = lua_rawget(L, source);
    if (t == LUA_TNIL) { lua_pop(L, 1); return; }
    info->has_overridable = 1;
    if (t == LUA_TBOOLEAN) {
        info->overridable_hard = !lua_toboolean(L, -1);
        lua_pop(L, 1);
        return;
    }
    /* Plain: a limit behind __index would be skipped and the override silently unlimited. */
    int table = cpb_field_table(L, "overridable",
                                "false, true or a table { maxHours = N, requireTicket = true, approvers = { ... } }");
    for (lua_pushnil(L); lua_next(L, table) != 0; lua_pop(L, 1)) {
        size_t klen = 0;
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &klen) : NULL;
        int value = lua_gettop(L);
        if (k != NULL && cpb_field_is(k, klen, "maxHours")) {
            if (!lua_isinteger(L, value) || lua_tointeger(L, value) < 1 || lua_tointeger(L, value) > CPB_OVERRIDE_HOURS_MAX)
                cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.maxHours' must be a whole number of hours, 1 to %d",
                          CPB_OVERRIDE_HOURS_MAX);
            info->max_hours = (long long)lua_tointeger(L, value);
        } else if (k != NULL && cpb_field_is(k, klen, "requireTicket")) {
            if (lua_type(L, value) != LUA_TBOOLEAN)
                cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable.requireTicket' must be true or false, got %s",
                          luaL_typename(L, value));
            info->require_ticket = lua_toboolean(L, value);
        } else if (k != NULL && cpb_field_is(k, klen, "approvers")) {
            cpb_approvers(L, value, info);
            lua_insert(L, table); /* the joined names below the table, alive for the host */
            table++;
        } else {
            cls_raise(L, CLS_KIND_TYPE, "policy field 'overridable' holds only maxHours, requireTicket and approvers");
        }
    }
    lua_pop(L, 1);
}
