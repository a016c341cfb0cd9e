/*
 * Which global names a compiled chunk reads or writes, and which upvalues it assigns,
 * read off its dump. Why: the prelude is compiled in parts (lazy_sections.c), and a part
 * that refers to a local of another part compiles without complaint into a global access
 * that reads nil at run time. Comparing what the parts touch as globals with what the whole
 * file touches catches that at build time. main.c proves the decoding on a probe chunk
 * first; a liblua whose opcodes differ gets the whole prelude in one piece.
 *
 * Lua 5.4 instructions (lopcodes.h): opcode in bits 0-6, A in 7-14, k in 15, B in 16-23,
 * C in 24-31. GETTABUP reads UpValue[B][K[C]], SETTABUP writes UpValue[A][K[B]],
 * SETUPVAL writes UpValue[B].
 */
#include "dump_globals.h"
#include "dump_reader.h"
#include <stdlib.h>
#include <string.h>

enum { OP_SETUPVAL = 10, OP_GETTABUP = 11, OP_SETTABUP = 15 };

int dump_names_has(const dump_names *set, const char *name) {
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->names[i], name) == 0) return 1;
    return 0;
}

int dump_names_add(dump_names *set, const char *name, size_t length) {
    char *copy = malloc(length + 1);
    if (copy == NULL) return 1;
    memcpy(copy, name, length);
    copy[length] = 0;
    if (dump_names_has(set, copy)) { free(copy); return 0; }
    if (set->count == set->capacity) {
        size_t capacity = set->capacity ? set->capacity * 2 : 32;
        char **grown = realloc(set->names, capacity * sizeof *grown);
        if (grown == NULL) { free(copy); return 1; }
        set->names = grown;
        set->capacity = capacity;
    }
    set->names[set->count++] = copy;
    return 0;
}

void dump_names_free(dump_names *set) {
    for (size_t i = 0; i < set->count; i++) free(set->names[i]);
    free(set->names);
    memset(set, 0, sizeof *set);
}

void dump_facts_free(dump_facts *facts) {
    dump_names_free(&facts->globals);
    dump_names_free(&facts->assigned);
}

typedef struct text { const unsigned char *bytes; size_t length; } text;

static int is_env(const text *upvalue) {
    return upvalue->bytes != NULL && upvalue->length == 4 && memcmp(upvalue->bytes, "_ENV", 4) == 0;
}

static void note(reader *r, dump_names *set, const text *name) {
    if (name->bytes != NULL && dump_names_add(set, (const char *)name->bytes, name->length) != 0) r->failed = 1;
}

static void function(reader *r, dump_facts *facts, size_t integer, size_t number, int depth) {
    if (depth > 200) { r->failed = 1; return; }
    skip_function_head(r);
    size_t code_count = read_size(r);
    if (!r->failed && code_count > (size_t)(r->end - r->p) / 4) { r->failed = 1; return; }
    const unsigned char *code = take(r, code_count * 4);
    size_t constant_count = read_size(r);
    if (!r->failed && constant_count > (size_t)(r->end - r->p)) { r->failed = 1; return; }
    text *constants = calloc(constant_count ? constant_count : 1, sizeof *constants);
    if (constants == NULL) { r->failed = 1; return; }
    for (size_t i = 0; i < constant_count && !r->failed; i++)
        constants[i].bytes = read_constant(r, integer, number, &constants[i].length);
    size_t upvalue_count = read_size(r);
    take(r, upvalue_count * 3);
    size_t protos = read_size(r);
    for (size_t i = 0; i < protos && !r->failed; i++) function(r, facts, integer, number, depth + 1);
    size_t lines = read_size(r);
    take(r, lines);
    size_t absolute = read_size(r);
    for (size_t i = 0; i < absolute && !r->failed; i++) { read_size(r); read_size(r); }
    size_t locals = read_size(r);
    for (size_t i = 0; i < locals && !r->failed; i++) { skip_string(r); read_size(r); read_size(r); }
    size_t name_count = read_size(r);
    if (!r->failed && name_count > (size_t)(r->end - r->p)) r->failed = 1;
    text *upvalues = r->failed ? NULL : calloc(upvalue_count ? upvalue_count : 1, sizeof *upvalues);
    if (upvalues == NULL) r->failed = 1;
    for (size_t i = 0; i < name_count && !r->failed; i++) {
        text name;
        name.bytes = read_string(r, &name.length);
        if (i < upvalue_count) upvalues[i] = name;
    }
    for (size_t i = 0; i < code_count && !r->failed && code != NULL; i++) {
        const unsigned char *at = code + 4 * i;
        unsigned long instruction = (unsigned long)at[0] | (unsigned long)at[1] << 8 |
                                    (unsigned long)at[2] << 16 | (unsigned long)at[3] << 24;
        unsigned op = instruction & 0x7f, a = (instruction >> 7) & 0xff;
        unsigned b = (instruction >> 16) & 0xff, c = (instruction >> 24) & 0xff;
        if (op == OP_GETTABUP && b < upvalue_count && is_env(&upvalues[b]) && c < constant_count)
            note(r, &facts->globals, &constants[c]);
        else if (op == OP_SETTABUP && a < upvalue_count && is_env(&upvalues[a]) && b < constant_count)
            note(r, &facts->globals, &constants[b]);
        else if (op == OP_SETUPVAL && b < upvalue_count)
            note(r, &facts->assigned, &upvalues[b]);
    }
    free(constants);
    free(upvalues);
}

int dump_survey(const unsigned char *dump, size_t length, dump_facts *facts) {
    reader r = {dump, dump + length, 0};
    size_t instruction, integer, number;
    if (read_header(&r, &instruction, &integer, &number) != 0 || instruction != 4) return 1;
    function(&r, facts, integer, number, 0);
    return r.failed || r.p != r.end;
}
