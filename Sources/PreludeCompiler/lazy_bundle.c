/* The prelude's lazy sections compiled into the bundle the build ships: the plan comes from
 * lazy_sections.c, each part's dump from prelude_dump.c, the checks that a split behaves as the
 * whole file from the survey of dump_globals.c. */
#include <lua.h>
#include <lauxlib.h>
#include "dump_buffer.h"
#include "dump_globals.h"
#include "lazy_bundle.h"
#include "lazy_sections.h"
#include "prelude_dump.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef dump_buffer buffer;

/* The survey (dump_globals.c) must read the probe (survey_probe.lua) the way it was written: a
 * global read, a global write and an assigned upvalue. 0 when it does. */
int lazy_survey_proves_out(lua_State *L, const dump_buffer *probe) {
    if (luaL_loadbufferx(L, (const char *)probe->bytes, probe->length, "=probe", "t") != LUA_OK) {
        lua_pop(L, 1);
        return 1;
    }
    buffer code = {0};
    dump_facts facts = {0};
    int failed = dump_top(L, &code, 0) || dump_survey(code.bytes, code.length, &facts) != 0 ||
                 facts.globals.count != 2 || !dump_names_has(&facts.globals, "y") ||
                 !dump_names_has(&facts.globals, "g") || facts.assigned.count != 1 ||
                 !dump_names_has(&facts.assigned, "x");
    free(code.bytes);
    dump_facts_free(&facts);
    return failed;
}

static int put_u32(buffer *b, size_t value) {
    unsigned char bytes[4] = {(unsigned char)value, (unsigned char)(value >> 8), (unsigned char)(value >> 16),
                              (unsigned char)(value >> 24)};
    return dump_append(b, bytes, 4);
}

/* Every global `part` touches must be one the whole file touches; otherwise a name that is a
 * local in one part is read as a global in another. 0, or 1 with the names printed. */
static int same_globals(const dump_facts *part, const dump_facts *whole, const char *input, const char *what) {
    int failed = 0;
    for (size_t i = 0; i < part->globals.count; i++) {
        if (dump_names_has(&whole->globals, part->globals.names[i])) continue;
        fprintf(stderr, "%s: error: %s reads '%s' as a global, a local of another part of the file; "
                        "move it into the core or into the same lazy section\n", input, what, part->globals.names[i]);
        failed = 1;
    }
    return failed;
}

/* Each section's imports narrowed to the core's locals it uses: compiled without any, the
 * names it then reads or writes as globals. A section's exporter in the core holds one
 * upvalue per import, so every unused one would cost each start an upvalue and its name.
 * 0, or 1 with the message printed. */
static int narrow_imports(lua_State *L, lazy_plan *plan, const buffer *source, const char *input,
                          const char *chunkname) {
    int failed = 0;
    for (size_t k = 0; k < plan->count && !failed; k++) {
        lazy_section *s = &plan->sections[k];
        dump_names candidates = s->imports;
        s->imports = (dump_names){0};
        buffer text = {0}, code = {0};
        dump_facts facts = {0};
        failed = lazy_section_text(plan, k, source->bytes, source->length, &text);
        if (!failed && luaL_loadbufferx(L, (const char *)text.bytes, text.length, chunkname, "t") != LUA_OK) {
            fprintf(stderr, "%s: error: lazy section '%s' (line %zu): %s\n", input, s->label, s->marker,
                    lua_tostring(L, -1));
            lua_pop(L, 1);
            failed = 1;
        } else if (!failed) {
            failed = dump_top(L, &code, 0) || dump_survey(code.bytes, code.length, &facts) != 0;
        }
        s->imports = candidates;
        failed = failed || lazy_narrow_imports(s, &facts.globals);
        dump_facts_free(&facts);
        free(text.bytes);
        free(code.bytes);
    }
    return failed;
}

/*
 * The core, then each lazy section (lazy_sections.c), compiled and checked; `bundle` gets
 * the core's dump, then for each section its field names (each NUL-ended, then an empty
 * one), its dump's length (4 bytes, little-endian) and its dump, then the length of all
 * that after the core (4 bytes) and "cplz". 0, or 1 with the message printed.
 */
static int compile_sections(lua_State *L, const lazy_plan *plan, const buffer *source, const buffer *whole_dump,
                            const char *input, const char *chunkname, buffer *bundle, int *lean_ok) {
    dump_facts whole = {0};
    if (dump_survey(whole_dump->bytes, whole_dump->length, &whole) != 0) {
        fprintf(stderr, "%s: error: cannot survey the prelude's dump\n", input);
        dump_facts_free(&whole);
        return 1;
    }
    buffer text = {0}, part = {0}, sections = {0};
    int failed = lazy_core_text(plan, source->bytes, source->length, &text) ||
                 compile_part(L, text.bytes, text.length, chunkname, input, "the core", &part, lean_ok);
    if (!failed) {
        dump_facts facts = {0};
        failed = dump_survey(part.bytes, part.length, &facts) != 0 || same_globals(&facts, &whole, input, "the core");
        dump_facts_free(&facts);
    }
    failed = failed || dump_append(bundle, part.bytes, part.length);
    for (size_t k = 0; k < plan->count && !failed; k++) {
        const lazy_section *s = &plan->sections[k];
        char what[128];
        snprintf(what, sizeof what, "lazy section '%s' (line %zu)", s->label, s->marker);
        free(text.bytes);
        free(part.bytes);
        text = (buffer){0};
        part = (buffer){0};
        failed = lazy_section_text(plan, k, source->bytes, source->length, &text) ||
                 compile_part(L, text.bytes, text.length, chunkname, input, what, &part, lean_ok);
        dump_facts facts = {0};
        failed = failed || dump_survey(part.bytes, part.length, &facts) != 0 || same_globals(&facts, &whole, input, what);
        for (size_t i = 0; i < facts.assigned.count && !failed; i++) {
            if (!dump_names_has(&s->imports, facts.assigned.names[i])) continue;
            fprintf(stderr, "%s: error: %s assigns '%s', a local of the core; it would change its own copy only\n",
                    input, what, facts.assigned.names[i]);
            failed = 1;
        }
        for (size_t j = 0; j < k && !failed; j++)
            for (size_t i = 0; i < s->exports.count && !failed; i++)
                if (dump_names_has(&plan->sections[j].exports, s->exports.names[i])) {
                    fprintf(stderr, "%s: error: cal.%s is defined in two lazy sections\n", input, s->exports.names[i]);
                    failed = 1;
                }
        dump_facts_free(&facts);
        for (size_t i = 0; i < s->exports.count && !failed; i++)
            failed = dump_append(&sections, s->exports.names[i], strlen(s->exports.names[i]) + 1);
        failed = failed || dump_append(&sections, "", 1) || put_u32(&sections, part.length) ||
                 dump_append(&sections, part.bytes, part.length);
    }
    failed = failed || dump_append(bundle, sections.bytes, sections.length) || put_u32(bundle, sections.length) ||
             dump_append(bundle, "cplz", 4);
    free(text.bytes);
    free(part.bytes);
    free(sections.bytes);
    dump_facts_free(&whole);
    return failed;
}

int lazy_bundle(lua_State *L, lazy_plan *plan, const buffer *source, const buffer *whole_dump, const char *input,
                const char *chunkname, buffer *bundle, int *lean_ok) {
    return narrow_imports(L, plan, source, input, chunkname) ||
           compile_sections(L, plan, source, whole_dump, input, chunkname, bundle, lean_ok);
}
