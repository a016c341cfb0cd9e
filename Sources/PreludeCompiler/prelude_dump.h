#ifndef PRELUDE_DUMP_H
#define PRELUDE_DUMP_H
#include <lua.h>
#include "dump_buffer.h"

/* Dumps the function on top of L's stack (popped) into a fresh buffer; 0 on success. */
int dump_top(lua_State *L, dump_buffer *out, int strip);
/* Compiles `text` (named `chunkname`) into `out`: the dump without local names when that
 * proves out, else the whole dump (and `*lean_ok` becomes 0). 0, or 1 with the message
 * printed (`input` and `what` name the file and the part in it). */
int compile_part(lua_State *L, const unsigned char *text, size_t length, const char *chunkname,
                 const char *input, const char *what, dump_buffer *out, int *lean_ok);
/* Compiles `text` (named `chunkname`) into `out` as it is: the whole dump, every name kept.
 * 0, or 1 with the message printed (`input` names the file). */
int compile_whole(lua_State *L, const unsigned char *text, size_t length, const char *chunkname,
                  const char *input, dump_buffer *out);
#endif
