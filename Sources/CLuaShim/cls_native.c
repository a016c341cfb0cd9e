/* Host functions registered with Lua: one C closure calls the host's function with the
 * arguments read as values, then pushes its results or raises its error, after the
 * host's frame has returned. */
#include "cls_internal.h"
#include <stdlib.h>
#include <string.h>

#define CLS_NATIVE_RESULTS 16

struct cls_native_entry {
    cls_native_fn fn;
    void *context;
    void (*release)(void *);
    cls_native_entry *next;
};

struct cls_native_out {
    cls_value values[CLS_NATIVE_RESULTS];
    char *copies[CLS_NATIVE_RESULTS];
    int count;
    char *error;
    size_t error_length;
};

int cls_native_push(cls_native_out *out, const cls_value *value) {
    if (out->count >= CLS_NATIVE_RESULTS) return 0;
    cls_value v = *value;
    char *copy = NULL;
    if (v.type == CLS_VALUE_STRING) {
        copy = malloc(v.length + 1);
        if (copy == NULL) return 0;
        if (v.length) memcpy(copy, v.string, v.length);
        copy[v.length] = 0;
        v.string = copy;
    }
    out->copies[out->count] = copy;
    out->values[out->count++] = v;
    return 1;
}

void cls_native_fail(cls_native_out *out, const char *message, size_t length) {
    free(out->error);
    out->error = malloc(length + 1);
    if (out->error == NULL) return;
    memcpy(out->error, message, length);
    out->error[length] = 0;
    out->error_length = length;
}

static void cls_native_out_free(cls_native_out *out) {
    for (int i = 0; i < out->count; i++) free(out->copies[i]);
    free(out->error);
}

static int cls_native_call(lua_State *L) {
    cls_native_entry *entry = lua_touserdata(L, lua_upvalueindex(1));
    int nargs = lua_gettop(L);
    cls_value stack_args[8];
    cls_value *args = nargs <= 8 ? stack_args : lua_newuserdatauv(L, (size_t)nargs * sizeof *args, 0);
    for (int i = 0; i < nargs; i++) cls_read_value(L, i + 1, &args[i]);
    cls_native_out out;
    memset(&out, 0, sizeof out);
    entry->fn(entry->context, args, nargs, &out);
    /* The host has returned: from here on raising is safe. */
    if (out.error != NULL) {
        /* The whole message, kept alive on the stack while it is raised. */
        lua_pushlstring(L, out.error, out.error_length);
        cls_native_out_free(&out);
        return cls_raise(L, CLS_KIND_RUNTIME, "%s", lua_tostring(L, -1));
    }
    if (!lua_checkstack(L, out.count)) {
        cls_native_out_free(&out);
        return luaL_error(L, "too many results");
    }
    /* Each copy is freed once its value is in Lua; a memory error while pushing a
     * string leaves the copies not yet pushed unfreed (at most 16 small strings). */
    for (int i = 0; i < out.count; i++) {
        cls_value *v = &out.values[i];
        switch (v->type) {
        case CLS_VALUE_BOOLEAN: lua_pushboolean(L, v->boolean); break;
        case CLS_VALUE_INTEGER: lua_pushinteger(L, (lua_Integer)v->integer); break;
        case CLS_VALUE_NUMBER: lua_pushnumber(L, (lua_Number)v->number); break;
        case CLS_VALUE_STRING: lua_pushlstring(L, v->string, v->length); break;
        default: lua_pushnil(L); break;
        }
        free(out.copies[i]);
        out.copies[i] = NULL;
    }
    return out.count;
}

typedef struct cls_register_args {
    const char *name;
    cls_native_entry *entry;
} cls_register_args;

static int cls_register_body(lua_State *L) {
    cls_register_args *a = lua_touserdata(L, 1);
    lua_pushlightuserdata(L, a->entry);
    lua_pushcclosure(L, cls_native_call, 1);
    lua_setglobal(L, a->name);
    return 0;
}

int cls_register_native(lua_State *L, const char *name, cls_native_fn fn, void *context,
                        void (*release)(void *)) {
    cls_host *h = cls_host_of(L);
    cls_native_entry *entry = calloc(1, sizeof *entry);
    if (entry == NULL) {
        if (release) release(context);
        return LUA_ERRMEM;
    }
    entry->fn = fn;
    entry->context = context;
    entry->release = release;
    /* Linked before the protected part, so the state releases it whatever happens. */
    entry->next = h->natives;
    h->natives = entry;
    cls_register_args a = {name, entry};
    return cls_protected(L, cls_register_body, &a, h->load_budget);
}

void cls_native_free(cls_host *h) {
    while (h->natives != NULL) {
        cls_native_entry *next = h->natives->next;
        if (h->natives->release) h->natives->release(h->natives->context);
        free(h->natives);
        h->natives = next;
    }
}
