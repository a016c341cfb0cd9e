/* The decision's context as policies read it: the last argument of every policy function
 * (`canSelect(day, selection, context)`, `decorationFor(day, context)`, `answersForYear(year,
 * context)`), a read-only table whose missing keys read as nil and whose `labels` is always a
 * (possibly empty) read-only table, so `context.labels["app.kubernetes.io/name"]` never raises. */
#include "cpb_internal.h"
#include <string.h>

static int cpb_context_newindex(lua_State *L) {
    return cls_raise(L, CLS_KIND_RUNTIME, "the context is read-only");
}

/* A read-only view of the table at the top (replaced by the view): an empty table whose
 * metatable reads through to it and refuses writes. */
static void cpb_context_view(lua_State *L) {
    int data = lua_gettop(L);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, data);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, cpb_context_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "context");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_replace(L, data);
}

typedef struct {
    const char *const *keys;
    const size_t *key_lengths;
    const char *const *values;
    const size_t *value_lengths;
    size_t count;
} cpb_context_args;

/* Builds the context `a` gives and stores it as the state's (under a protected call). */
static void cpb_build_context(lua_State *L, const cpb_context_args *a) {
    cpb_state *h = cpb_of(L);
    lua_createtable(L, 0, (int)a->count);
    int data = lua_gettop(L);
    lua_createtable(L, 0, 0);
    int labels = lua_gettop(L);
    for (size_t i = 0; i < a->count; i++) {
        const char *key = a->keys[i];
        size_t length = a->key_lengths[i];
        int label = length > 7 && memcmp(key, "labels.", 7) == 0;
        if (label) lua_pushlstring(L, key + 7, length - 7);
        else lua_pushlstring(L, key, length);
        lua_pushlstring(L, a->values[i], a->value_lengths[i]);
        lua_rawset(L, label ? labels : data);
    }
    cpb_context_view(L); /* labels */
    lua_setfield(L, data, "labels");
    cpb_context_view(L); /* the context */
    if (h->context_ref == LUA_NOREF) h->context_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    else lua_rawseti(L, LUA_REGISTRYINDEX, h->context_ref);
}

static int cpb_set_context_body(lua_State *L) {
    cpb_build_context(L, lua_touserdata(L, 1));
    return 0;
}

void cpb_open_context(lua_State *L) {
    cpb_context_args none = {NULL, NULL, NULL, NULL, 0};
    cpb_build_context(L, &none);
}

int cpb_set_context(lua_State *L, const char *const *keys, const size_t *key_lengths, const char *const *values,
                    const size_t *value_lengths, size_t count) {
    cpb_context_args a = {keys, key_lengths, values, value_lengths, count};
    return cls_protected(L, cpb_set_context_body, &a, 0);
}

void cpb_push_context(lua_State *L, cpb_state *h) {
    if (h->context_ref == LUA_NOREF) lua_pushnil(L);
    else lua_rawgeti(L, LUA_REGISTRYINDEX, h->context_ref);
}
