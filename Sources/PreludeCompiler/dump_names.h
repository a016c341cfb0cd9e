#ifndef DUMP_NAMES_H
#define DUMP_NAMES_H
#include "dump_buffer.h"
#include <stddef.h>

/* Writes `dump` (a Lua 5.4 binary chunk) to `out` without the names of its locals;
 * 0, or 1 when the dump is not in the format this reads (out then holds a partial copy). */
int dump_drop_local_names(const unsigned char *dump, size_t length, dump_buffer *out);

#endif
