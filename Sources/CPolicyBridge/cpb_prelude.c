/* Loading the `cal` prelude (its build-time bytecode, else its text) and installing it as a
 * read-only table, under lua_pcall. */
#include "cpb_internal.h"

typedef struct cpb_prelude_args {
    const char *source;
    size_t length;
    const char *name;
    const char *bytecode; /* its precompiled form, or NULL */
    size_t bytecode_length;
} cpb_prelude_args;

/* The registry key of the prelude's `native` table. */
#define CPB_NATIVE_KEY "calpolicy.native"

static int cpb_cal_readonly(lua_State *L) {
    return cls_raise(L, CLS_KIND_SANDBOX, "'cal' is read-only");
}

/* pairs(cal) walks the library behind the read-only proxy (the iterator's upvalue), so a
 * policy, and the test that every cal function has an editor annotation, can list what cal
 * holds. The lazy sections are loaded first, so the list is whole; the proxy, not the
 * library, is the iteration's state, so pairs never hands the policy a writable cal. */
static int cpb_cal_next(lua_State *L) {
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1))) return 2;
    lua_pushnil(L);
    return 1;
}

static int cpb_cal_pairs(lua_State *L) {
    if (lua_type(L, lua_upvalueindex(2)) == LUA_TTABLE) cpb_lazy_load_all(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, cpb_cal_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

static int cpb_prelude_body(lua_State *L) {
    cpb_prelude_args *a = lua_touserdata(L, 1);
    cpb_state *h = cpb_of(L);
    const char *sections = NULL;
    size_t sections_length = 0;
    size_t core_length = a->bytecode == NULL ? 0
        : cpb_lazy_split(a->bytecode, a->bytecode_length, &sections, &sections_length);
    /* The dump's core only: the lazy sections after it load on first use. */
    if (cpb_load_dump(L, a->bytecode, core_length, a->name)) {
        cls_name_chunk(L, CLS_CHUNK_HELPER, a->name);
        h->prelude_form = CPB_FORM_BYTECODE;
    } else {
        cls_load_text(L, a->source, a->length, a->name, CLS_CHUNK_HELPER);
        h->prelude_form = CPB_FORM_TEXT;
        sections_length = 0; /* the text is the whole library */
    }
    cpb_push_native(L);
    /* Kept for the host (cpb_native_text): what cal leaves in it, the policy never sees. */
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, CPB_NATIVE_KEY);
    int lazy = 0;
    if (sections_length > 0) {
        cpb_lazy_prepare(L, lua_gettop(L), sections, sections_length, a->name);
        lua_insert(L, -3); /* below the chunk and its argument */
        lazy = lua_gettop(L) - 2;
    }
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TTABLE)
        return cls_raise(L, CLS_KIND_TYPE, "the helper library must return a table, got %s", luaL_typename(L, -1));
    /* Installed as a read-only proxy: the policy cannot rewrite cal for itself. */
    int cal = lua_gettop(L);
    cpb_register_ics(L, cal);
    cpb_register_holidays(L, cal);
    if (lazy != 0) cpb_lazy_install(L, lazy, cal);
    lua_newtable(L);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, cal);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, cal);
    if (lazy != 0) lua_pushvalue(L, lazy); else lua_pushnil(L);
    lua_pushcclosure(L, cpb_cal_pairs, 2);
    lua_setfield(L, -2, "__pairs");
    lua_pushcfunction(L, cpb_cal_readonly);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_setglobal(L, "cal");
    return 0;
}

int cpb_load_prelude(lua_State *L, const char *source, size_t length, const char *bytecode,
                     size_t bytecode_length, const char *prelude_name) {
    cpb_state *h = cpb_of(L);
    h->prelude_form = CPB_FORM_NONE;
    cpb_prelude_args a = {source, length, prelude_name, bytecode, bytecode_length};
    return cls_protected(L, cpb_prelude_body, &a, cls_load_budget(L));
}

int cpb_prelude_form(lua_State *L) { return cpb_of(L)->prelude_form; }

static int cpb_native_text_body(lua_State *L) {
    const char *name = lua_touserdata(L, 1);
    lua_settop(L, 0);
    if (lua_getfield(L, LUA_REGISTRYINDEX, CPB_NATIVE_KEY) != LUA_TTABLE) return 0;
    if (lua_getfield(L, -1, name) != LUA_TFUNCTION) return 0;
    return cls_call_text(L, 0, "native.%s", name); /* left on the stack until cpb_native_finish */
}

int cpb_native_text(lua_State *L, const char *name, const char **out, size_t *out_len) {
    /* the body only reads the name */
    return cls_protected_text(L, cpb_native_text_body, (void *)name, cls_call_budget(L), out, out_len);
}

void cpb_native_finish(lua_State *L) {
    if (lua_gettop(L) != 0) lua_settop(L, 0);
}
