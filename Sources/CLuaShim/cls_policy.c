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

static int cls_prelude_body(lua_State *L) {
    cls_load_args *a = lua_touserdata(L, 1);
    cls_host *h = cls_host_of(L);
    cls_load_text(L, a, h->prelude_src);
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

int cls_load_prelude(lua_State *L, const char *source, size_t length, const char *prelude_name) {
    cls_host *h = cls_host_of(L);
    cls_load_args a = {source, length, prelude_name, NULL};
    return cls_protected(L, cls_prelude_body, &a, h->load_budget);
}

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
    cls_load_args a = {source, length, chunkname, info};
    return cls_protected(L, cls_policy_body, &a, h->load_budget);
}

/* ---- calls ------------------------------------------------------------------ */

/* A short rendering of what came back, for type errors. */
static const char *cls_describe(lua_State *L, int idx) {
    int t = lua_type(L, idx);
    if (t == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        return lua_pushfstring(L, "string '%s%s'", len > 40 ? lua_pushlstring(L, s, 40) : s, len > 40 ? "..." : "");
    }
    if (t == LUA_TNUMBER) {
        lua_pushvalue(L, idx);
        return lua_pushfstring(L, "number %s", lua_tostring(L, -1));
    }
    return luaL_typename(L, idx);
}

#define CLS_MAX_TEXT 4096

static const char *cls_text(lua_State *L, int idx, const char *what, size_t *len) {
    int t = lua_type(L, idx);
    if (t == LUA_TNIL) { *len = 0; return NULL; }
    if (t != LUA_TSTRING) {
        cls_raise(L, CLS_KIND_TYPE, "%s must be a string, got %s", what, cls_describe(L, idx));
        return NULL;
    }
    const char *s = lua_tolstring(L, idx, len);
    if (*len > CLS_MAX_TEXT)
        cls_raise(L, CLS_KIND_TYPE, "%s is too long (%zu bytes, at most %d)", what, *len, CLS_MAX_TEXT);
    return s;
}

static int cls_choice(lua_State *L, int idx, const char *what, const char *const *options, int count) {
    size_t len;
    const char *s = cls_text(L, idx, what, &len);
    if (s == NULL) return -1;
    for (int i = 0; i < count; i++)
        if (strlen(options[i]) == len && memcmp(options[i], s, len) == 0) return i;
    cls_raise(L, CLS_KIND_TYPE, "%s must be %s, got '%s'", what,
              count == 3 && options[0][0] == 's' ? "'small', 'medium' or 'large'" : "'default', 'image' or 'custom'", s);
    return -1;
}

static void cls_check_decoration(lua_State *L, int idx, cls_call *c) {
    static const char *const kinds[] = {"default", "image", "custom"};
    static const char *const sizes[] = {"small", "medium", "large"};
    static const char *const fields[] = {"kind", "label", "color", "image", "size"};
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        int known = 0;
        if (lua_type(L, -2) == LUA_TSTRING)
            for (int i = 0; i < 5; i++) known |= strcmp(lua_tostring(L, -2), fields[i]) == 0;
        if (!known) {
            if (lua_type(L, -2) == LUA_TSTRING)
                cls_raise(L, CLS_KIND_TYPE, "decorationFor returned an unknown field '%s' (expected kind, label, color, image, size)",
                          lua_tostring(L, -2));
            cls_raise(L, CLS_KIND_TYPE, "decorationFor returned a table with a %s key (expected kind, label, color, image, size)",
                      luaL_typename(L, -2));
        }
        lua_pop(L, 1);
    }
    c->has_decoration = 1;
    for (int i = 0; i < 5; i++) {
        lua_pushstring(L, fields[i]);
        lua_rawget(L, idx);
    }
    int base = lua_gettop(L) - 4;
    int kind = cls_choice(L, base, "decoration kind", kinds, 3);
    c->decoration_kind = kind < 0 ? 0 : kind;
    c->label = cls_text(L, base + 1, "decoration label", &c->label_len);
    c->color = cls_text(L, base + 2, "decoration color", &c->color_len);
    c->image = cls_text(L, base + 3, "decoration image", &c->image_len);
    c->decoration_size = cls_choice(L, base + 4, "decoration size", sizes, 3);
}

static int cls_call_body(lua_State *L) {
    cls_call *c = lua_touserdata(L, 1);
    cls_host *h = cls_host_of(L);
    const char *fname = cls_function_names[c->function];
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->function_ref[c->function]);
    cls_push_day(L, c->day_number, c->calendar_tag);
    int nargs = 1;
    if (c->function != CLS_FN_DECORATION) {
        if (h->selection_ref == LUA_NOREF) lua_pushnil(L);
        else lua_rawgeti(L, LUA_REGISTRYINDEX, h->selection_ref);
        nargs = 2;
    }
    lua_call(L, nargs, LUA_MULTRET);
    int n = lua_gettop(L);
    if (c->function == CLS_FN_DECORATION) {
        c->has_decoration = 0;
        /* Falling off the end means no decoration (unlike the verdict functions). */
        if (n == 0 || lua_type(L, 1) == LUA_TNIL) return n;
        if (lua_type(L, 1) != LUA_TTABLE)
            return cls_raise(L, CLS_KIND_TYPE, "decorationFor must return a table or nil, got %s", cls_describe(L, 1));
        cls_check_decoration(L, 1, c);
        return lua_gettop(L);
    }
    if (n == 0)
        return cls_raise(L, CLS_KIND_TYPE, "%s returned nothing; return true, or false and a reason", fname);
    if (lua_type(L, 1) != LUA_TBOOLEAN)
        return cls_raise(L, CLS_KIND_TYPE, "%s must return a boolean, got %s", fname, cls_describe(L, 1));
    c->allowed = lua_toboolean(L, 1);
    c->reason = NULL;
    c->reason_len = 0;
    if (n >= 2 && !c->allowed) c->reason = cls_text(L, 2, "the reason", &c->reason_len);
    return lua_gettop(L);
}

int cls_call_policy(lua_State *L, cls_call *call) {
    cls_host *h = cls_host_of(L);
    h->has_today = call->has_today;
    h->today = call->today;
    if (call->function < 0 || call->function >= CLS_FN_COUNT || h->function_ref[call->function] == LUA_NOREF) {
        cls_error_reset(h);
        h->error.kind = CLS_KIND_RUNTIME;
        strcpy(h->error.message, "no such policy function");
        return LUA_ERRRUN;
    }
    return cls_protected(L, cls_call_body, call, h->call_budget);
}

void cls_call_finish(lua_State *L) { lua_settop(L, 0); }
