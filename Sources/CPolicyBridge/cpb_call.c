/* Calling a policy function: the function itself runs directly under lua_pcall
 * (pushing the day, a light userdata, and registry reads allocate nothing), and
 * what it returned is checked afterwards with calls that can neither raise nor
 * allocate — type tests, raw traversal, reading strings in place — so type errors
 * are written straight into the error record. */
#include "cpb_internal.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CPB_MAX_TEXT 4096

const char *const cpb_function_names[CPB_FN_COUNT] = {"canSelect", "canDeselect", "decorationFor",
                                                      "hoursFor", "answersForYear"};

/* Records a type error (no Lua involved) and drops the results. */
int cpb_type_error(lua_State *L, cpb_state *h, const char *fmt, ...) {
    cls_error *error = cls_error_record(L);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(error->message, sizeof error->message, fmt, ap);
    va_end(ap);
    error->kind = CLS_KIND_TYPE;
    error->line = 0;
    error->traceback[0] = 0;
    lua_settop(L, h->call_base); /* earlier calls of a span keep their results */
    return LUA_ERRRUN;
}

/* What came back, e.g. "string 'yes'", "number 1", "table"; never allocates. */
void cpb_describe(lua_State *L, int idx, char *out, size_t cap) {
    int t = lua_type(L, idx);
    if (t == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        snprintf(out, cap, "string '%.*s%s'", (int)(len > 40 ? 40 : len), s, len > 40 ? "..." : "");
    } else if (t == LUA_TNUMBER && lua_isinteger(L, idx)) {
        snprintf(out, cap, "number %lld", (long long)lua_tointeger(L, idx));
    } else if (t == LUA_TNUMBER) {
        char number[64];
        snprintf(number, sizeof number, "%.14g", (double)lua_tonumber(L, idx));
        if (number[strspn(number, "-0123456789")] == '\0') strcat(number, ".0"); /* as Lua prints floats */
        snprintf(out, cap, "number %s", number);
    } else {
        snprintf(out, cap, "%s", lua_typename(L, t));
    }
}

/* A string field (nil allowed): 0 when fine, else the error was recorded. */
int cpb_text(lua_State *L, cpb_state *h, int idx, const char *what, const char **out, size_t *len) {
    int t = lua_type(L, idx);
    if (t == LUA_TNIL) {
        *out = NULL;
        *len = 0;
        return 0;
    }
    if (t != LUA_TSTRING) {
        char got[96];
        cpb_describe(L, idx, got, sizeof got);
        cpb_type_error(L, h, "%s must be a string, got %s", what, got);
        return -1;
    }
    *out = lua_tolstring(L, idx, len);
    if (*len > CPB_MAX_TEXT) {
        cpb_type_error(L, h, "%s is too long (%zu bytes, at most %d)", what, *len, CPB_MAX_TEXT);
        return -1;
    }
    return 0;
}

/* A string field's value (at the top) read and copied to its anchor slot. */
static int cpb_anchored_text(lua_State *L, cpb_state *h, const char *what, const char **out, size_t *len,
                             int anchor) {
    if (cpb_text(L, h, -1, what, out, len) != 0) return -1;
    lua_copy(L, -1, anchor);
    return 0;
}

static int cpb_choice(lua_State *L, cpb_state *h, int idx, const char *what, const char *const *options,
                      const char *expected, int *out) {
    const char *s;
    size_t len;
    if (cpb_text(L, h, idx, what, &s, &len) != 0) return -1;
    for (int i = 0; i < 3; i++)
        if (strlen(options[i]) == len && memcmp(options[i], s, len) == 0) {
            *out = i;
            return 0;
        }
    cpb_type_error(L, h, "%s must be %s, got '%.*s'", what, expected, (int)(len > 40 ? 40 : len), s);
    return -1;
}

/* Keeps only the `count` slots from `first` above the call's base and drops everything
 * else the call left (its other results, ignored extra values): the kept slots hold the
 * strings the host reads after the span, and nothing else piles up over a span's days.
 * lua_copy and lua_settop neither allocate nor raise. */
static void cpb_keep(lua_State *L, cpb_state *h, int first, int count) {
    for (int i = 0; i < count; i++) lua_copy(L, first + i, h->call_base + 1 + i);
    lua_settop(L, h->call_base + count);
    h->kept_top = h->call_base + count;
}

/* Results nothing is kept from, from `first`, `n` of them: cut away at once, except in a run of
 * calls (lazy_drop), where they stay above what the calls keep until CPB_RUN_JUNK slots have
 * piled up and then go in one lua_settop (a settop per call was ~30 instructions a call). A later
 * keep copies its values down over them (the run sets call_base to kept_top), so they are never
 * trapped below a kept value. */
enum { CPB_RUN_JUNK = 32 };
static inline void cpb_drop_results(lua_State *L, cpb_state *h, int first, int n) {
    if (h->lazy_drop && first + n - 1 - h->call_base < CPB_RUN_JUNK) return;
    lua_settop(L, h->call_base);
}

int cpb_check_decoration(lua_State *L, cpb_state *h, cpb_call *c, int result) {
    static const char *const kinds[] = {"default", "image", "custom"};
    static const char *const sizes[] = {"small", "medium", "large"};
    const char *expected = "(expected kind, label, color, image, size)";
    c->decoration_kind = 0;
    c->decoration_size = -1;
    /* Records are reused (the single-day record, a run's buffer): a field the table leaves out
     * must not keep the last day's text. */
    c->label = c->color = c->image = NULL;
    c->label_len = c->color_len = c->image_len = 0;
    if (!lua_checkstack(L, 8)) return cpb_type_error(L, h, "decorationFor returned too many values");
    /* Read raw, as answersForYear's decorations are: fields behind __index would be skipped. */
    if (lua_getmetatable(L, result))
        return cpb_type_error(L, h, "decorationFor returned a table with a metatable (return a plain table)");
    /* Anchors for the label, colour and image strings: the table may be changed by the
     * next call of a span (the same table returned with a new label), so the strings the
     * host will read are held by stack slots of their own, not only by the table. */
    int anchor = lua_gettop(L) + 1;
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushnil(L);
    while (lua_next(L, result) != 0) { /* raw: no metamethods run */
        if (lua_type(L, -2) != LUA_TSTRING)
            return cpb_type_error(L, h, "decorationFor returned a table with a %s key %s",
                                  lua_typename(L, lua_type(L, -2)), expected);
        size_t len;
        const char *key = lua_tolstring(L, -2, &len);
        int bad = 0;
        if (len == 4 && memcmp(key, "kind", 4) == 0)
            bad = cpb_choice(L, h, -1, "decoration kind", kinds, "'default', 'image' or 'custom'", &c->decoration_kind);
        else if (len == 4 && memcmp(key, "size", 4) == 0)
            bad = cpb_choice(L, h, -1, "decoration size", sizes, "'small', 'medium' or 'large'", &c->decoration_size);
        else if (len == 5 && memcmp(key, "label", 5) == 0)
            bad = cpb_anchored_text(L, h, "decoration label", &c->label, &c->label_len, anchor);
        else if (len == 5 && memcmp(key, "color", 5) == 0)
            bad = cpb_anchored_text(L, h, "decoration color", &c->color, &c->color_len, anchor + 1);
        else if (len == 5 && memcmp(key, "image", 5) == 0)
            bad = cpb_anchored_text(L, h, "decoration image", &c->image, &c->image_len, anchor + 2);
        else
            return cpb_type_error(L, h, "decorationFor returned an unknown field '%.*s' %s",
                                  (int)(len > 40 ? 40 : len), key, expected);
        if (bad) return LUA_ERRRUN;
        lua_pop(L, 1);
    }
    c->has_decoration = 1;
    cpb_keep(L, h, anchor, 3);
    return LUA_OK;
}

/* Whether `function` can be called now: defined, and `slots` more stack slots to be had.
 * LUA_OK, else the error is recorded and its status returned. */
int cpb_call_refused(lua_State *L, cpb_state *h, int function, int slots) {
    if (function < 0 || function >= CPB_FN_COUNT || h->function_ref[function] == LUA_NOREF) {
        cls_error_clear(L);
        cls_error *error = cls_error_record(L);
        error->kind = CLS_KIND_RUNTIME;
        strcpy(error->message, "no such policy function");
        return LUA_ERRRUN;
    }
    if (!lua_checkstack(L, slots)) return cpb_stack_refused(L);
    return LUA_OK;
}

/* The stack cannot grow: recorded as the memory limit (what a failed allocation reports). */
int cpb_stack_refused(lua_State *L) {
    cls_error_clear(L);
    cls_error *error = cls_error_record(L);
    error->kind = CLS_KIND_MEMORY;
    snprintf(error->message, sizeof error->message, "memory limit of %zu bytes exceeded", cls_memory_limit(L));
    return LUA_ERRMEM;
}

/* The function `c` names and its arguments: the day, the selection but for decorationFor, and
 * the context. Returns how many arguments. Registry reads and a light userdata: nothing
 * allocates or raises. */
static int cpb_push_call(lua_State *L, cpb_state *h, const cpb_call *c) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->function_ref[c->function]);
    cpb_push_day(L, c->day_number, c->calendar_tag);
    if (c->function == CPB_FN_DECORATION) {
        cpb_push_context(L, h);
        return 2;
    }
    if (h->selection_ref == LUA_NOREF) lua_pushnil(L);
    else lua_rawgeti(L, LUA_REGISTRYINDEX, h->selection_ref);
    cpb_push_context(L, h);
    return 3;
}

/* One policy function, called above what earlier calls of the same span kept on the
 * stack: only the strings the host reads (cpb_keep), alive until cpb_call_finish. */
int cpb_call_one(lua_State *L, cls_host *host, cpb_state *h, cpb_call *c) {
    /* The common case checked here; cpb_call_refused (a call per function per day) records why not. */
    if ((unsigned)c->function >= CPB_FN_COUNT || h->function_ref[c->function] == LUA_NOREF || !lua_checkstack(L, 8)) {
        int refused = cpb_call_refused(L, h, c->function, 8);
        if (refused != LUA_OK) return refused;
    }
    h->call_base = lua_gettop(L);
    int handler = h->call_base + 1;
    lua_pushcfunction(L, cls_msgh);
    int nargs = cpb_push_call(L, h, c);
    h->calls++;
    int status = cls_call_at(L, host, nargs, h->call_budget, handler);
    if (status != LUA_OK) return status;
    if (c->function >= CPB_FN_HOURS) return LUA_OK; /* cpb_call_hours reads its own results */
    /* results sit above the message handler */
    return cpb_read_results(L, h, c, handler + 1, lua_gettop(L) - handler);
}

int cpb_read_results(lua_State *L, cpb_state *h, cpb_call *c, int first, int n) {
    const char *fname = cpb_function_names[c->function];
    char got[96];
    c->has_decoration = 0;
    c->reason = NULL;
    c->reason_len = 0;
    if (c->function == CPB_FN_DECORATION) {
        /* Falling off the end means no decoration (unlike the verdict functions). */
        if (n == 0 || lua_type(L, first) == LUA_TNIL) {
            cpb_drop_results(L, h, first, n);
            return LUA_OK;
        }
        if (lua_type(L, first) != LUA_TTABLE) {
            cpb_describe(L, first, got, sizeof got);
            return cpb_type_error(L, h, "decorationFor must return a table or nil, got %s", got);
        }
        return cpb_check_decoration(L, h, c, first);
    }
    if (n == 0) return cpb_type_error(L, h, "%s returned nothing; return true, or false and a reason", fname);
    if (lua_type(L, first) != LUA_TBOOLEAN) {
        cpb_describe(L, first, got, sizeof got);
        return cpb_type_error(L, h, "%s must return a boolean, got %s", fname, got);
    }
    c->allowed = lua_toboolean(L, first);
    if (n >= 2 && !c->allowed) {
        if (cpb_text(L, h, first + 1, "the reason", &c->reason, &c->reason_len) != 0) return LUA_ERRRUN;
        cpb_keep(L, h, first + 1, 1);
    } else {
        cpb_drop_results(L, h, first, n);
    }
    return LUA_OK;
}
