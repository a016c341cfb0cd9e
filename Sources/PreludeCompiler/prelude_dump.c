/* Compiling a chunk of the Lua the engine ships into the dump the build ships: for the
 * prelude the one without local names when it proves out (dump_names.c), else, and for the
 * other files, the whole dump. */
#include <lua.h>
#include <lauxlib.h>
#include "dump_buffer.h"
#include "dump_names.h"
#include "prelude_dump.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef dump_buffer buffer;

static int dump_writer(lua_State *L, const void *data, size_t size, void *ud) {
    (void)L;
    return dump_append(ud, data, size);
}

int dump_top(lua_State *L, buffer *out, int strip) {
    int status = lua_dump(L, dump_writer, out, strip);
    lua_pop(L, 1);
    return status != 0 || out->length == 0;
}

static int same(const buffer *a, const buffer *b) {
    return a->length == b->length && memcmp(a->bytes, b->bytes, a->length) == 0;
}

/*
 * `full` without the names of locals, proved three ways before it is used: it loads;
 * dumped again it is itself (the rewrite wrote the format lundump reads); stripped it is
 * the original stripped (nothing but debug names changed). The original function is on top
 * of L's stack and stays there. 0 when proved.
 */
static int lean_dump(lua_State *L, const buffer *full, buffer *lean, const char *chunkname) {
    if (dump_drop_local_names(full->bytes, full->length, lean) != 0) return 1;
    buffer again = {0}, stripped = {0}, original = {0};
    int failed = luaL_loadbufferx(L, (const char *)lean->bytes, lean->length, chunkname, "b") != LUA_OK;
    if (!failed) {
        lua_pushvalue(L, -1);
        failed = dump_top(L, &again, 0) || dump_top(L, &stripped, 1);
    } else {
        lua_pop(L, 1);
    }
    if (!failed) {
        lua_pushvalue(L, -1);
        failed = dump_top(L, &original, 1);
    }
    failed = failed || !same(&again, lean) || !same(&stripped, &original) || lean->length >= full->length;
    free(again.bytes);
    free(stripped.bytes);
    free(original.bytes);
    return failed;
}

/* Compiles `text` (named `chunkname`) into `out`: the dump without local names when that
 * proves out (lean_dump), else the whole dump. 0, or 1 with the message printed. */
int compile_part(lua_State *L, const unsigned char *text, size_t length, const char *chunkname,
                 const char *input, const char *what, buffer *out, int *lean_ok) {
    if (luaL_loadbufferx(L, (const char *)text, length, chunkname, "t") != LUA_OK) {
        fprintf(stderr, "%s: error: %s: %s\n", input, what, lua_tostring(L, -1));
        lua_pop(L, 1);
        return 1;
    }
    /* Not stripped: the chunk name and line numbers keep cal's messages and tracebacks as
     * they are for the text. Only the names of its locals go (dump_names.c). */
    buffer code = {0};
    lua_pushvalue(L, -1);
    if (dump_top(L, &code, 0) != 0) {
        fprintf(stderr, "%s: error: %s: cannot dump the compiled chunk\n", input, what);
        lua_pop(L, 1);
        free(code.bytes);
        return 1;
    }
    buffer lean = {0};
    int proved = lean_dump(L, &code, &lean, chunkname) == 0;
    lua_pop(L, 1);
    if (proved) {
        free(code.bytes);
        *out = lean;
    } else {
        fprintf(stderr, "%s: warning: %s: the dump without local names did not prove out; shipping the whole dump\n",
                input, what);
        free(lean.bytes);
        *out = code;
        *lean_ok = 0;
    }
    return 0;
}

int compile_whole(lua_State *L, const unsigned char *text, size_t length, const char *chunkname,
                  const char *input, buffer *out) {
    if (luaL_loadbufferx(L, (const char *)text, length, chunkname, "t") != LUA_OK) {
        fprintf(stderr, "%s: error: %s\n", input, lua_tostring(L, -1));
        lua_pop(L, 1);
        return 1;
    }
    /* Not stripped, and no name dropped: the chunk's messages and tracebacks are the text's. */
    if (dump_top(L, out, 0) != 0) {
        fprintf(stderr, "%s: error: cannot dump the compiled chunk\n", input);
        return 1;
    }
    return 0;
}
