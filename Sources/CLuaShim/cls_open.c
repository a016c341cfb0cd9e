/* Opening and closing a state: the host record, the sandbox, the budgeted patterns and
 * the extension, in that order; the top of the kernel. */
#include "cls_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cls_open_body(lua_State *L) {
    cls_open_sandbox(L);
    cls_open_patterns(L);
    const cls_extension *extension = cls_host_of(L)->extension;
    if (extension != NULL && extension->open != NULL) extension->open(L);
    return 0;
}

/* The extension's record belongs to the state from cls_open on. */
static void cls_release_extension(const cls_config *config) {
    if (config->extension != NULL && config->extension->close != NULL) config->extension->close(config->extension_data);
}

lua_State *cls_open(const cls_config *config, cls_error *error) {
    cls_host *h = calloc(1, sizeof *h);
    if (h == NULL) {
        if (error) snprintf(error->message, sizeof error->message, "out of memory");
        cls_release_extension(config);
        return NULL;
    }
    h->limit = config->memory_limit ? config->memory_limit : CLS_DEFAULT_MEMORY;
    h->pool = config->pool;
    if (h->pool != NULL) cls_pool_retain(h->pool);
    h->call_budget = config->instruction_budget;
    h->load_budget = config->load_budget;
    h->hook_enabled = config->hook_enabled;
    h->budget_sliced = config->budget_sliced;
    h->print_line = config->print_line;
    h->print_context = config->print_context;
    h->extension = config->extension;
    h->extension_data = config->extension_data;
    if (config->compile_cache != NULL && config->compile_cache[0] != '\0') h->cache_dir = strdup(config->compile_cache);
    lua_State *L = lua_newstate(cls_alloc, h);
    if (L == NULL) {
        if (error) {
            error->kind = CLS_KIND_MEMORY;
            snprintf(error->message, sizeof error->message, "cannot create a lua state within %zu bytes", h->limit);
        }
        cls_pool_release(h->pool);
        cls_arena_release(h);
        free(h->cache_dir);
        free(h);
        cls_release_extension(config);
        return NULL;
    }
    /* While the state is built (libraries, prelude, then the policy) nearly every object it
     * makes stays alive, so a collector cycle then marks them all for little: the pause is
     * CLS_GC_PAUSE until its first chunk has loaded (cls_settle), Lua's default after. A one-month
     * command runs one cycle fewer (~95 K of its ~2.27 M instructions, callgrind). */
    lua_gc(L, LUA_GCINC, CLS_GC_PAUSE, 0, 0);
    int status = cls_protected(L, cls_open_body, NULL, h->load_budget);
    if (status != LUA_OK) {
        if (error) *error = h->error;
        cls_close(L);
        return NULL;
    }
    return L;
}

void cls_settle(lua_State *L) { lua_gc(L, LUA_GCINC, CLS_GC_SETTLED_PAUSE, 0, 0); }

void cls_close(lua_State *L) {
    if (L == NULL) return;
    cls_host *h = cls_host_of(L);
    lua_close(L);
    cls_arena_release(h); /* after lua_close: the last blocks it freed were in the arena */
    cls_pool_leave(h);
    if (h->extension != NULL && h->extension->close != NULL) h->extension->close(h->extension_data);
    free(h->source);
    free(h->cache_dir);
    cls_trace_free(h);
    free(h);
}
