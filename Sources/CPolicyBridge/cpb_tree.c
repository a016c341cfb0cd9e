/* Plain data pushed into a state as a table through the C API: how a declarative policy's typed
 * values (Swift's DataTree) reach the engine's fixed Lua that answers for them. No text is
 * compiled; a string is only ever a string value or a key. */
#include "cpb_internal.h"

typedef struct {
    const char *name;
    const cpb_tree_op *ops;
    size_t count;
} cpb_tree_args;

/* The key of the next value, above the table being built (at the top). */
static void cpb_tree_key(lua_State *L, const cpb_tree_op *op) {
    if (op->key != NULL) lua_pushlstring(L, op->key, op->key_len);
    else lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1) + 1);
}

static int cpb_tree_body(lua_State *L) {
    const cpb_tree_args *a = lua_touserdata(L, 1);
    if (a->count < 2 || a->ops[0].kind != CPB_TREE_OPEN)
        return cls_raise(L, CLS_KIND_TYPE, "declarative data must be one table");
    int depth = 0;
    for (size_t i = 0; i < a->count; i++) {
        const cpb_tree_op *op = &a->ops[i];
        luaL_checkstack(L, 4, "declarative data nested too deep");
        switch (op->kind) {
        case CPB_TREE_OPEN:
            if (depth > 0) cpb_tree_key(L, op);
            lua_newtable(L);
            depth++;
            break;
        case CPB_TREE_CLOSE:
            if (depth <= 0) return cls_raise(L, CLS_KIND_TYPE, "declarative data closes a table never opened");
            depth--;
            if (depth > 0) lua_rawset(L, -3);
            break;
        case CPB_TREE_STRING:
        case CPB_TREE_INTEGER:
        case CPB_TREE_BOOLEAN:
            if (depth <= 0) return cls_raise(L, CLS_KIND_TYPE, "declarative data has a value outside its table");
            cpb_tree_key(L, op);
            if (op->kind == CPB_TREE_STRING) lua_pushlstring(L, op->text, op->text_len);
            else if (op->kind == CPB_TREE_INTEGER) lua_pushinteger(L, (lua_Integer)op->number);
            else lua_pushboolean(L, op->number != 0);
            lua_rawset(L, -3);
            break;
        default:
            return cls_raise(L, CLS_KIND_TYPE, "declarative data has an unknown op %d", op->kind);
        }
        if (depth == 0 && i + 1 != a->count) return cls_raise(L, CLS_KIND_TYPE, "declarative data must be one table");
    }
    if (depth != 0) return cls_raise(L, CLS_KIND_TYPE, "declarative data leaves a table open");
    lua_pushglobaltable(L);
    lua_pushstring(L, a->name);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 2);
    return 0;
}

int cpb_set_global_tree(lua_State *L, const char *name, const cpb_tree_op *ops, size_t count) {
    cpb_tree_args a = {name, ops, count};
    return cls_protected(L, cpb_tree_body, &a, 0);
}
