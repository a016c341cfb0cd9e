/* table.insert, table.remove and table.move with a bound on the elements they shift.
 *
 * Stock Lua shifts elements in a C loop whose length comes from `#t`, which a policy's
 * `__len` can make as large as it likes (or change between two reads); the loop runs no
 * Lua instruction, so no hook can stop it. These versions read the length once and
 * refuse a shift of more than CLS_SHIFT_LIMIT elements, which no real policy table
 * needs; element reads and writes still honour __index/__newindex as in stock Lua.
 *
 * insert and remove follow tinsert and tremove of Lua 5.4's ltablib.c:
 * Copyright (C) 1994-2023 Lua.org, PUC-Rio. MIT license (see LICENSE). */
#include "cls_internal.h"

#define CLS_SHIFT_LIMIT ((lua_Integer)1 << 24)

static int cls_too_many(lua_State *L, const char *function) {
    return cls_raise(L, CLS_KIND_BUDGET, "%s of more than %lld elements is not allowed", function,
                     (long long)CLS_SHIFT_LIMIT);
}

static int cls_has_field(lua_State *L, const char *key, int n) {
    lua_pushstring(L, key);
    return lua_rawget(L, -n) != LUA_TNIL;
}

/* ltablib's aux_getn with TAB_RW: a table, or a value whose metatable offers all three. */
static lua_Integer cls_length(lua_State *L, int arg) {
    if (lua_type(L, arg) != LUA_TTABLE) {
        int n = 1;
        if (lua_getmetatable(L, arg) && cls_has_field(L, "__index", ++n) && cls_has_field(L, "__newindex", ++n) &&
            cls_has_field(L, "__len", ++n))
            lua_pop(L, n);
        else
            luaL_checktype(L, arg, LUA_TTABLE);
    }
    return luaL_len(L, arg);
}

static int cls_table_insert(lua_State *L) {
    lua_Integer pos;
    lua_Integer e = cls_length(L, 1);
    e = luaL_intop(+, e, 1); /* first empty element */
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3: {
        pos = luaL_checkinteger(L, 2);
        /* check whether 'pos' is in [1, e] */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        if ((lua_Unsigned)e - (lua_Unsigned)pos > (lua_Unsigned)CLS_SHIFT_LIMIT) return cls_too_many(L, "table.insert");
        for (lua_Integer i = e; i > pos; i--) { /* move up elements */
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i); /* t[i] = t[i - 1] */
        }
        break;
    }
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos); /* t[pos] = v */
    return 0;
}

static int cls_table_remove(lua_State *L) {
    lua_Integer size = cls_length(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size) /* validate 'pos' if given */
        /* check whether 'pos' is in [1, size + 1] */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    if (pos < size && (lua_Unsigned)size - (lua_Unsigned)pos > (lua_Unsigned)CLS_SHIFT_LIMIT)
        return cls_too_many(L, "table.remove");
    lua_geti(L, 1, pos); /* result = t[pos] */
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos); /* t[pos] = t[pos + 1] */
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos); /* remove entry t[pos] */
    return 1;
}

/* table.move: stock Lua, after checking the count. */
static int cls_table_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    if (e >= f && (lua_Unsigned)e - (lua_Unsigned)f >= (lua_Unsigned)CLS_SHIFT_LIMIT)
        return cls_too_many(L, "table.move");
    int top = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, top, LUA_MULTRET);
    return lua_gettop(L);
}

void cls_open_table_bounds(lua_State *L, int table) {
    lua_pushcfunction(L, cls_table_insert);
    lua_setfield(L, table, "insert");
    lua_pushcfunction(L, cls_table_remove);
    lua_setfield(L, table, "remove");
    lua_getfield(L, table, "move");
    lua_pushcclosure(L, cls_table_move, 1);
    lua_setfield(L, table, "move");
}
