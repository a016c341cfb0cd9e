#ifndef LAZY_SECTIONS_H
#define LAZY_SECTIONS_H
#include "dump_buffer.h"
#include "dump_globals.h"

/* One region of cal.lua compiled apart and loaded on first use (see lazy_sections.c). */
typedef struct lazy_section {
    char label[64];
    size_t marker;        /* the line of its `--@lazy NAME` marker (1-based) */
    size_t first, last;   /* its lines, inclusive */
    dump_names imports;   /* the core's top-level locals in scope at the marker that it uses */
    dump_names exports;   /* the cal fields it defines */
} lazy_section;

typedef struct lazy_plan {
    lazy_section *sections;
    size_t count;
} lazy_plan;

/* Reads the markers of `source`; 0, or 1 with `error` filled. No markers: count 0. */
int lazy_plan_read(const unsigned char *source, size_t length, lazy_plan *plan, char *error, size_t error_size);
/* The text of the core: every section's lines blank, its marker line the call that hands
 * the section's imports to the host. Same line count as the source. 0, or 1 (memory). */
int lazy_core_text(const lazy_plan *plan, const unsigned char *source, size_t length, dump_buffer *out);
/* The text of section `index`: line 1 takes the imports from `...`, then blank lines to the
 * section's first, then its lines as written. 0, or 1 (memory). */
int lazy_section_text(const lazy_plan *plan, size_t index, const unsigned char *source, size_t length,
                      dump_buffer *out);
/* Keeps of the section's imports only those in `used` (the names the section, compiled
 * without imports, reads or writes as globals), in their order. 0, or 1 (memory). */
int lazy_narrow_imports(lazy_section *section, const dump_names *used);
void lazy_plan_free(lazy_plan *plan);
#endif
