#ifndef DUMP_READER_H
#define DUMP_READER_H
/* Reading a Lua 5.4 dump (the format lundump.c reads, ldump.c writes for LUAC_VERSION
 * 0x54): sizes as 7-bit groups, most significant first, the last group marked with 0x80.
 * Shared by the rewrite that drops local names and the survey of global names. */
#include <stddef.h>

typedef struct reader {
    const unsigned char *p, *end;
    int failed;
} reader;

enum {
    TAG_NIL = 0x00, TAG_FALSE = 0x01, TAG_TRUE = 0x11, TAG_INT = 0x03, TAG_FLOAT = 0x13,
    TAG_SHORT_STRING = 0x04, TAG_LONG_STRING = 0x14
};

static inline size_t read_size(reader *r) {
    size_t x = 0;
    for (int i = 0; i < 10; i++) {
        if (r->p >= r->end) { r->failed = 1; return 0; }
        unsigned char b = *r->p++;
        x = (x << 7) | (b & 0x7f);
        if (b & 0x80) return x;
    }
    r->failed = 1;
    return 0;
}

static inline const unsigned char *take(reader *r, size_t n) {
    if (r->failed || (size_t)(r->end - r->p) < n) { r->failed = 1; return NULL; }
    const unsigned char *at = r->p;
    r->p += n;
    return at;
}

/* A dumped string: its bytes and length (NULL for none). */
static inline const unsigned char *read_string(reader *r, size_t *length) {
    size_t size = read_size(r);
    *length = size > 0 ? size - 1 : 0;
    return size > 0 ? take(r, size - 1) : NULL;
}

static inline void skip_string(reader *r) {
    size_t ignored;
    read_string(r, &ignored);
}

/* A function's fields before its code: its source (none when the parent's), linedefined,
 * lastlinedefined, then numparams, is_vararg and maxstacksize. */
static inline void skip_function_head(reader *r) {
    skip_string(r);
    read_size(r);
    read_size(r);
    take(r, 3);
}

/* One constant, its tag then its value (`integer` and `number`: their sizes in the header):
 * a string's bytes with its length, NULL (length 0) for the others; fails on an unknown tag. */
static inline const unsigned char *read_constant(reader *r, size_t integer, size_t number, size_t *length) {
    *length = 0;
    const unsigned char *tag = take(r, 1);
    if (tag == NULL) return NULL;
    switch (*tag) {
    case TAG_NIL: case TAG_FALSE: case TAG_TRUE: return NULL;
    case TAG_INT: take(r, integer); return NULL;
    case TAG_FLOAT: take(r, number); return NULL;
    case TAG_SHORT_STRING: case TAG_LONG_STRING: return read_string(r, length);
    default: r->failed = 1; return NULL;
    }
}

/* The header: signature, version 0x54, format 0, LUAC_DATA, three sizes, LUAC_INT,
 * LUAC_NUM and the main closure's upvalue count. 0 when it is one this reads. */
static inline int read_header(reader *r, size_t *instruction, size_t *integer, size_t *number) {
    const unsigned char *header = take(r, 4 + 1 + 1 + 6 + 3);
    if (header == NULL || header[0] != 0x1b || header[1] != 'L' || header[2] != 'u' || header[3] != 'a' ||
        header[4] != 0x54 || header[5] != 0) return 1;
    *instruction = header[12];
    *integer = header[13];
    *number = header[14];
    if (*instruction == 0 || *integer == 0 || *number == 0 || *instruction > 16 || *integer > 16 || *number > 16)
        return 1;
    take(r, *integer + *number);
    take(r, 1);
    return r->failed;
}
#endif
