/* Text chunks (loading, naming, calling by reference), calling a function for text (a
 * global one with a string for policy tests, the prelude's native ones), and read-only
 * metatables. */
#include "cls_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How Lua abbreviates a chunk name in messages (luaO_chunkid for '@' and '='). */
static void cls_chunk_id(char *out, const char *name) {
    size_t len = strlen(name);
    if (name[0] == '=' || len <= LUA_IDSIZE) {
        snprintf(out, LUA_IDSIZE, "%s", name + (name[0] == '=' || name[0] == '@'));
        return;
    }
    /* "..." then the last LUA_IDSIZE - 4 characters of the name */
    snprintf(out, LUA_IDSIZE, "...%s", name + len - (LUA_IDSIZE - 4));
}

void cls_name_chunk(lua_State *L, int role, const char *name) {
    cls_host *h = cls_host_of(L);
    if (role == CLS_CHUNK_MAIN) cls_chunk_id(h->short_src, name);
    else if (role == CLS_CHUNK_HELPER) cls_chunk_id(h->prelude_src, name);
}

const char *cls_set_main_chunk(lua_State *L, const char *path) {
    cls_host *h = cls_host_of(L);
    size_t n = strlen(path);
    char *chunkname = malloc(n + 2);
    if (chunkname == NULL) return NULL;
    chunkname[0] = '@';
    memcpy(chunkname + 1, path, n + 1);
    free(h->source);
    h->source = chunkname;
    return chunkname;
}

void cls_load_text(lua_State *L, const char *source, size_t length, const char *name, int role) {
    cls_name_chunk(L, role, name);
    if (length > 0 && source[0] == LUA_SIGNATURE[0])
        cls_raise(L, CLS_KIND_SANDBOX, "binary chunks are not allowed in policies");
    cls_host *h = cls_host_of(L);
    if (role == CLS_CHUNK_MAIN) {
        h->chunk_cached = cls_cache_load(L, source, length, name);
        if (h->chunk_cached) return;
    }
    int status = luaL_loadbufferx(L, source, length, name, "t");
    if (status != LUA_OK) {
        /* The loader returns its error; re-raise it marked as a syntax error. */
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "cannot load chunk";
        cls_raise(L, status == LUA_ERRMEM ? CLS_KIND_MEMORY : CLS_KIND_SYNTAX, "%s", msg);
    }
    if (role == CLS_CHUNK_MAIN) cls_cache_store(L, source, length, name);
}

int cls_chunk_cached(lua_State *L) { return cls_host_of(L)->chunk_cached; }

/* ---- compiled chunks kept by reference ------------------------------------- */

typedef struct cls_chunk_args {
    const char *source;
    size_t length;
    const char *name;
    int *ref;
    const cls_value *args;
    int nargs;
    cls_value *results;
    int capacity;
    int *nresults;
} cls_chunk_args;

static int cls_load_chunk_body(lua_State *L) {
    cls_chunk_args *a = lua_touserdata(L, 1);
    cls_load_text(L, a->source, a->length, a->name, CLS_CHUNK_OTHER);
    *a->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

int cls_load_chunk(lua_State *L, const char *source, size_t length, const char *name, int *ref) {
    *ref = LUA_NOREF;
    cls_chunk_args a = {.source = source, .length = length, .name = name, .ref = ref};
    int status = cls_protected(L, cls_load_chunk_body, &a, cls_host_of(L)->load_budget);
    cls_settle(L);
    return status;
}

void cls_release_ref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }

static void cls_push_value(lua_State *L, const cls_value *v) {
    switch (v->type) {
    case CLS_VALUE_BOOLEAN: lua_pushboolean(L, v->boolean); break;
    case CLS_VALUE_INTEGER: lua_pushinteger(L, (lua_Integer)v->integer); break;
    case CLS_VALUE_NUMBER: lua_pushnumber(L, (lua_Number)v->number); break;
    case CLS_VALUE_STRING: lua_pushlstring(L, v->string ? v->string : "", v->length); break;
    default: lua_pushnil(L); break;
    }
}

/* Reads a value in place: type tests and lua_tolstring on strings only, so nothing
 * raises, allocates or runs a metamethod. */
void cls_read_value(lua_State *L, int idx, cls_value *out) {
    memset(out, 0, sizeof *out);
    switch (lua_type(L, idx)) {
    case LUA_TNIL: case LUA_TNONE: out->type = CLS_VALUE_NIL; break;
    case LUA_TBOOLEAN: out->type = CLS_VALUE_BOOLEAN; out->boolean = lua_toboolean(L, idx); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) {
            out->type = CLS_VALUE_INTEGER;
            out->integer = (long long)lua_tointeger(L, idx);
        } else {
            out->type = CLS_VALUE_NUMBER;
            out->number = (double)lua_tonumber(L, idx);
        }
        break;
    case LUA_TSTRING: out->type = CLS_VALUE_STRING; out->string = lua_tolstring(L, idx, &out->length); break;
    default:
        out->type = CLS_VALUE_OTHER;
        out->string = lua_typename(L, lua_type(L, idx));
        out->length = strlen(out->string);
        break;
    }
}

static int cls_call_ref_body(lua_State *L) {
    cls_chunk_args *a = lua_touserdata(L, 1);
    lua_settop(L, 0);
    luaL_checkstack(L, a->nargs + 1, "too many arguments");
    lua_rawgeti(L, LUA_REGISTRYINDEX, *a->ref);
    for (int i = 0; i < a->nargs; i++) cls_push_value(L, &a->args[i]);
    lua_call(L, a->nargs, LUA_MULTRET);
    return lua_gettop(L); /* left on the stack until cls_call_finish */
}

int cls_call_ref(lua_State *L, int ref, const cls_value *args, int nargs, cls_value *results, int capacity,
                 int *nresults) {
    *nresults = 0;
    cls_chunk_args a = {.ref = &ref, .args = args, .nargs = nargs};
    int status = cls_protected(L, cls_call_ref_body, &a, cls_host_of(L)->call_budget);
    if (status != LUA_OK) return status;
    /* results sit above the message handler at index 1 */
    int n = lua_gettop(L) - 1;
    for (int i = 0; i < n && i < capacity; i++) cls_read_value(L, 2 + i, &results[i]);
    *nresults = n < capacity ? n : capacity;
    return LUA_OK;
}

/* ---- calling a function for text ------------------------------------------ */

int cls_call_text(lua_State *L, int nargs, const char *label, const char *name) {
    lua_call(L, nargs, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
        const char *type = luaL_typename(L, -1);
        return cls_raise(L, CLS_KIND_TYPE, "%s must return a string, got %s", lua_pushfstring(L, label, name), type);
    }
    return 1;
}

int cls_protected_text(lua_State *L, lua_CFunction body, void *argument, long long budget, const char **out,
                       size_t *out_len) {
    *out = NULL;
    *out_len = 0;
    int status = cls_protected(L, body, argument, budget);
    /* the text sits above the message handler at index 1; a body that found nothing to
     * call returned nothing */
    if (status == LUA_OK && lua_gettop(L) > 1) *out = lua_tolstring(L, -1, out_len);
    return status;
}

typedef struct cls_global_call {
    const char *name;
    const char *argument;
    size_t length;
} cls_global_call;

static int cls_global_body(lua_State *L) {
    cls_global_call *c = lua_touserdata(L, 1);
    lua_settop(L, 0);
    if (lua_getglobal(L, c->name) != LUA_TFUNCTION)
        return cls_raise(L, CLS_KIND_TYPE, "'%s' must be a function, got %s", c->name, luaL_typename(L, -1));
    lua_pushlstring(L, c->argument, c->length);
    return cls_call_text(L, 1, "'%s'", c->name); /* left on the stack until cls_call_finish */
}

int cls_call_global(lua_State *L, const char *name, const char *argument, size_t length,
                    const char **out, size_t *out_len) {
    cls_global_call c = {name, argument, length};
    return cls_protected_text(L, cls_global_body, &c, cls_host_of(L)->call_budget, out, out_len);
}

/* ---- read-only metatables -------------------------------------------------- */

/* __newindex of a view: names the view (its __name, the closure's upvalue) and the field. */
int cls_readonly(lua_State *L) {
    const char *name = lua_tostring(L, lua_upvalueindex(1));
    if (name == NULL) name = luaL_typename(L, 1);
    if (lua_type(L, 2) == LUA_TSTRING)
        return cls_raise(L, CLS_KIND_SANDBOX, "'%s' is read-only (tried to set '%.40s')", name, lua_tostring(L, 2));
    return cls_raise(L, CLS_KIND_SANDBOX, "'%s' is read-only", name);
}

int cls_new_meta(lua_State *L, const char *name, lua_CFunction index, lua_CFunction tostring) {
    lua_createtable(L, 0, 8);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, index);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_pushcclosure(L, cls_readonly, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    if (tostring) {
        lua_pushcfunction(L, tostring);
        lua_setfield(L, -2, "__tostring");
    }
    return lua_gettop(L);
}
