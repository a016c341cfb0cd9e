/*
 * Drops the names of locals from a Lua 5.4 dump, keeping everything else — code,
 * constants, nested functions, upvalue names, the chunk name and every line number — byte
 * for byte.
 *
 * Why: undumping the prelude was the largest step of a one-month command after parsing
 * (~0.56 M instructions), much of it interning the 494 names of its locals. A local's name
 * only ever shows in a message about a fault inside the prelude ("... (local 'opts')"),
 * naming a variable the policy's author cannot see; without it the message is the same
 * less that parenthesis. Line numbers (tracebacks, `--verbose`, and the message handler's
 * positions) and upvalue names (which tell a global from a field in messages) stay.
 * One-month eval: 2.67 M instructions before, 2.48 M after.
 *
 * The format is the one lundump.c reads (ldump.c writes) for LUAC_VERSION 0x54: sizes as
 * 7-bit groups, most significant first, the last group marked with 0x80. The caller proves
 * every rewrite (main.c): the result must load, dump back to itself, and strip to the same
 * bytes as the original; otherwise the full dump is shipped.
 */
#include "dump_names.h"
#include "dump_buffer.h"
#include "dump_reader.h"
#include <string.h>

/* Copies [from, r->p) to out. */
static void copy_since(reader *r, const unsigned char *from, dump_buffer *out) {
    if (!r->failed && dump_append(out, from, (size_t)(r->p - from)) != 0) r->failed = 1;
}

static void put_no_locals(reader *r, dump_buffer *out) {
    static const unsigned char zero = 0x80; /* size 0, the last (only) group */
    if (!r->failed && dump_append(out, &zero, 1) != 0) r->failed = 1;
}

static void function(reader *r, dump_buffer *out, size_t instruction, size_t integer, size_t number, int depth) {
    if (depth > 200) { r->failed = 1; return; }
    const unsigned char *from = r->p;
    skip_function_head(r);
    size_t code = read_size(r);
    if (!r->failed && code > (size_t)(r->end - r->p) / instruction) { r->failed = 1; return; }
    take(r, code * instruction);
    size_t constants = read_size(r);
    for (size_t i = 0; i < constants && !r->failed; i++) {
        size_t ignored;
        read_constant(r, integer, number, &ignored);
    }
    if (r->failed) return;
    size_t upvalues = read_size(r);
    take(r, upvalues * 3);      /* instack, idx, kind */
    copy_since(r, from, out);
    from = r->p;
    size_t protos = read_size(r);
    copy_since(r, from, out);
    for (size_t i = 0; i < protos && !r->failed; i++) function(r, out, instruction, integer, number, depth + 1);
    /* debug: line info and absolute line info kept */
    from = r->p;
    size_t lines = read_size(r);
    take(r, lines);
    size_t absolute = read_size(r);
    for (size_t i = 0; i < absolute && !r->failed; i++) { read_size(r); read_size(r); }
    copy_since(r, from, out);
    /* local names dropped */
    size_t locals = read_size(r);
    for (size_t i = 0; i < locals && !r->failed; i++) { skip_string(r); read_size(r); read_size(r); }
    put_no_locals(r, out);
    /* upvalue names kept */
    from = r->p;
    size_t names = read_size(r);
    for (size_t i = 0; i < names && !r->failed; i++) skip_string(r);
    copy_since(r, from, out);
}

int dump_drop_local_names(const unsigned char *dump, size_t length, dump_buffer *out) {
    reader r = {dump, dump + length, 0};
    size_t instruction, integer, number;
    if (read_header(&r, &instruction, &integer, &number) != 0) return 1;
    copy_since(&r, dump, out);
    function(&r, out, instruction, integer, number, 0);
    return r.failed || r.p != r.end;
}
