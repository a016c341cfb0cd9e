/* The growing byte buffer every part of the tool writes into (dump_buffer.h). */
#include "dump_buffer.h"
#include <stdlib.h>
#include <string.h>

int dump_append(dump_buffer *b, const void *data, size_t size) {
    if (b->length + size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->length + size) capacity *= 2;
        unsigned char *grown = realloc(b->bytes, capacity);
        if (grown == NULL) return 1;
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, size);
    b->length += size;
    return 0;
}
