/* The Lua parts of cal.ics and cal.holidays as the host hands them over (cpb_set_library): C
 * holds no Lua source of its own, and reads no file. Copied once per process; every state
 * compiles a part on its first call of it (cpb_ics.c, cpb_holidays.c). */
#include "cpb_internal.h"
#include <stdlib.h>

typedef struct cpb_library {
    char *name;
    char *text;
    size_t text_length;
    char *bytecode; /* NULL for none */
    size_t bytecode_length;
} cpb_library;

/* Set before the first state opens, read by every state after: published with release order,
 * so a state that sees a part sees all of its bytes. A replaced part is never freed (a state on
 * another thread may be reading it); the host sets each once. */
static cpb_library *libraries[CPB_LIBRARY_COUNT];

static char *copy(const char *bytes, size_t length) {
    char *out = malloc(length + 1);
    if (out == NULL) return NULL;
    if (length > 0) memcpy(out, bytes, length);
    out[length] = '\0';
    return out;
}

int cpb_set_library(int which, const char *name, const char *text, size_t text_length, const char *bytecode,
                    size_t bytecode_length) {
    if (which < 0 || which >= CPB_LIBRARY_COUNT || name == NULL || text == NULL) return 1;
    cpb_library *part = calloc(1, sizeof *part);
    if (part == NULL) return 1;
    part->name = copy(name, strlen(name));
    part->text = copy(text, text_length);
    part->text_length = text_length;
    if (bytecode != NULL && bytecode_length > 0) {
        part->bytecode = copy(bytecode, bytecode_length);
        part->bytecode_length = part->bytecode != NULL ? bytecode_length : 0;
    }
    if (part->name == NULL || part->text == NULL) {
        free(part->name);
        free(part->text);
        free(part->bytecode);
        free(part);
        return 1;
    }
    __atomic_store_n(&libraries[which], part, __ATOMIC_RELEASE);
    return 0;
}

void cpb_push_library(lua_State *L, int which) {
    cpb_library *part = which >= 0 && which < CPB_LIBRARY_COUNT ? __atomic_load_n(&libraries[which], __ATOMIC_ACQUIRE)
                                                                : NULL;
    if (part == NULL) {
        lua_pushliteral(L, "this host gave no Lua part for this cal function");
        lua_error(L);
    }
    if (cpb_load_dump(L, part->bytecode, part->bytecode_length, part->name)) return;
    if (luaL_loadbufferx(L, part->text, part->text_length, part->name, "t") != LUA_OK) lua_error(L);
}
