/* Loading policy chunks and calling their functions, all under lua_pcall. */
#include "cls_internal.h"
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static const char *const cls_function_names[CLS_FN_COUNT] = {"canSelect", "canDeselect", "decorationFor"};

typedef struct cls_load_args {
    const char *source;
    size_t length;
    const char *name;
    cls_policy_info *info;
    const char *bytecode; /* the prelude only: its precompiled form, or NULL */
    size_t bytecode_length;
} cls_load_args;

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

/* Loads text only: a binary chunk is refused before Lua's undump sees it. */
static void cls_load_text(lua_State *L, const cls_load_args *a, char *short_src) {
    cls_chunk_id(short_src, a->name);
    if (a->length > 0 && a->source[0] == LUA_SIGNATURE[0])
        cls_raise(L, CLS_KIND_SANDBOX, "binary chunks are not allowed in policies");
    int status = luaL_loadbufferx(L, a->source, a->length, a->name, "t");
    if (status != LUA_OK) {
        /* The loader returns its error; re-raise it marked as a syntax error. */
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "cannot load chunk";
        cls_raise(L, status == LUA_ERRMEM ? CLS_KIND_MEMORY : CLS_KIND_SYNTAX, "%s", msg);
    }
}

static int cls_cal_readonly(lua_State *L) {
    return cls_raise(L, CLS_KIND_SANDBOX, "'cal' is read-only");
}

/*
 * Loads the trusted prelude's dump, compiled at build time from the same text. Any
 * refusal (another liblua's format, a truncated dump) or a dump whose chunk name is not
 * `name` leaves nothing on the stack and returns 0, so the caller compiles the text:
 * messages and tracebacks then name the chunk the same way whichever form ran.
 */
static int cls_load_bytecode(lua_State *L, const cls_load_args *a) {
    if (a->bytecode == NULL || a->bytecode_length == 0 || a->bytecode[0] != LUA_SIGNATURE[0]) return 0;
    if (luaL_loadbufferx(L, a->bytecode, a->bytecode_length, a->name, "b") != LUA_OK) {
        lua_pop(L, 1);
        return 0;
    }
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar);
    if (ar.source == NULL || strcmp(ar.source, a->name) != 0) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

static int cls_prelude_body(lua_State *L) {
    cls_load_args *a = lua_touserdata(L, 1);
    cls_host *h = cls_host_of(L);
    if (cls_load_bytecode(L, a)) {
        cls_chunk_id(h->prelude_src, a->name);
        h->prelude_form = CLS_FORM_BYTECODE;
    } else {
        cls_load_text(L, a, h->prelude_src);
        h->prelude_form = CLS_FORM_TEXT;
    }
    cls_push_native(L);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TTABLE)
        return cls_raise(L, CLS_KIND_TYPE, "the helper library must return a table, got %s", luaL_typename(L, -1));
    /* Installed as a read-only proxy: the policy cannot rewrite cal for itself. */
    int cal = lua_gettop(L);
    lua_newtable(L);
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, cal);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, cls_cal_readonly);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_setglobal(L, "cal");
    return 0;
}

int cls_load_prelude(lua_State *L, const char *source, size_t length, const char *bytecode,
                     size_t bytecode_length, const char *prelude_name) {
    cls_host *h = cls_host_of(L);
    h->prelude_form = CLS_FORM_NONE;
    cls_load_args a = {source, length, prelude_name, NULL, bytecode, bytecode_length};
    return cls_protected(L, cls_prelude_body, &a, h->load_budget);
}

int cls_prelude_form(lua_State *L) { return cls_host_of(L)->prelude_form; }

static void cls_metadata(lua_State *L, int table, const char *field, const char **out, size_t *len) {
    int t = lua_getfield(L, table, field);
    if (t == LUA_TNIL) { lua_pop(L, 1); return; }
    if (t == LUA_TNUMBER) lua_tostring(L, -1);
    else if (t != LUA_TSTRING)
        cls_raise(L, CLS_KIND_TYPE, "policy field '%s' must be a string, got %s", field, luaL_typename(L, -1));
    *out = lua_tolstring(L, -1, len);
    /* left on the stack so the string stays alive for the host to copy */
}

static int cls_policy_body(lua_State *L) {
    cls_load_args *a = lua_touserdata(L, 1);
    cls_host *h = cls_host_of(L);
    cls_load_text(L, a, h->short_src);
    lua_Debug ar;
    lua_call(L, 0, 1);
    int t = lua_type(L, -1);
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushglobaltable(L);
    } else if (t != LUA_TTABLE) {
        return cls_raise(L, CLS_KIND_TYPE, "a policy must return a table or nothing, got %s", luaL_typename(L, -1));
    }
    /* Raw reads only: the returned table's metamethods do not run here. */
    lua_createtable(L, 0, 0);
    int plain = lua_gettop(L);
    int source = plain - 1;
    const char *const meta[] = {"name", "description", "version"};
    for (int i = 0; i < 3; i++) {
        lua_pushstring(L, meta[i]);
        lua_rawget(L, source);
        lua_setfield(L, plain, meta[i]);
    }
    cls_policy_info *info = a->info;
    for (int i = 0; i < CLS_FN_COUNT; i++) {
        lua_pushstring(L, cls_function_names[i]);
        int ft = lua_rawget(L, source);
        if (ft == LUA_TNIL) { lua_pop(L, 1); continue; }
        if (ft != LUA_TFUNCTION)
            return cls_raise(L, CLS_KIND_TYPE, "'%s' must be a function, got %s", cls_function_names[i],
                             luaL_typename(L, -1));
        lua_pushvalue(L, -1);
        lua_getinfo(L, ">S", &ar);
        info->line_defined[i] = ar.linedefined > 0 ? ar.linedefined : 0;
        info->has_function[i] = 1;
        if (h->function_ref[i] != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, h->function_ref[i]);
        h->function_ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    cls_metadata(L, plain, "name", &info->name, &info->name_len);
    cls_metadata(L, plain, "description", &info->description, &info->description_len);
    cls_metadata(L, plain, "version", &info->version, &info->version_len);
    return lua_gettop(L);
}

int cls_load_policy(lua_State *L, const char *source, size_t length, const char *path, cls_policy_info *info) {
    cls_host *h = cls_host_of(L);
    memset(info, 0, sizeof *info);
    size_t n = strlen(path);
    char *chunkname = malloc(n + 2);
    if (chunkname == NULL) return LUA_ERRMEM;
    chunkname[0] = '@';
    memcpy(chunkname + 1, path, n + 1);
    free(h->source);
    h->source = chunkname;
    cls_load_args a = {source, length, chunkname, info, NULL, 0};
    return cls_protected(L, cls_policy_body, &a, h->load_budget);
}

