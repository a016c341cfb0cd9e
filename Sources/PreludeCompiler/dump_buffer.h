#ifndef DUMP_BUFFER_H
#define DUMP_BUFFER_H
/* The tool's only container, in a file of its own so every other part (the local-name
 * rewrite, the compiler, the lazy sections) depends on it and none on another for it. */
#include <stddef.h>

/* A growing byte buffer. */
typedef struct dump_buffer {
    unsigned char *bytes;
    size_t length, capacity;
} dump_buffer;

/* Appends; 0, or 1 when memory ran out. */
int dump_append(dump_buffer *b, const void *data, size_t size);
#endif
