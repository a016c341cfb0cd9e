/*
 * The prelude in parts: regions of cal.lua marked `--@lazy NAME` (to the next marker, or
 * `--@lazy end`) are compiled apart from the rest (the core) and loaded by the host the
 * first time a policy reads one of the cal fields they define (cpb_prelude.c). Why: a
 * one-month command spent ~0.55 M instructions undumping and running the whole prelude,
 * most of it functions the policy never calls (other calendars, hours, business days).
 *
 * Lines stay where they are in every part (a section's text is blank down to its first
 * line), so messages and tracebacks name the same `cal:LINE` whichever part ran. A section
 * sees the core's top-level locals that were in scope at its marker: the core hands them
 * over from that line (`native.section(K, function() return a, b, ... end)`), and the
 * section's first line declares them from `...`. The markers are comments, so the file
 * still runs whole under a plain `lua5.4` and as the host's text fallback.
 *
 * Rules for a section, checked at build time by main.c: it reads no local of another
 * section (it would compile into a global read), it assigns no imported local, and it
 * defines at least one cal field no other part defines.
 */
#include "lazy_sections.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct line { const unsigned char *at; size_t length; } line;

static size_t split_lines(const unsigned char *source, size_t length, line **out) {
    size_t count = 1;
    for (size_t i = 0; i < length; i++) count += source[i] == '\n';
    line *lines = calloc(count, sizeof *lines);
    if (lines == NULL) return 0;
    size_t n = 0, start = 0;
    for (size_t i = 0; i <= length; i++) {
        if (i == length || source[i] == '\n') {
            lines[n].at = source + start;
            lines[n].length = i - start;
            n++;
            start = i + 1;
        }
    }
    *out = lines;
    return n;
}

static int starts(const line *l, const char *prefix) {
    size_t n = strlen(prefix);
    return l->length >= n && memcmp(l->at, prefix, n) == 0;
}

static int ident_start(unsigned char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int ident_char(unsigned char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

/* The identifier at `*i` in `l` (skipping spaces first); its length, 0 when none. */
static size_t identifier(const line *l, size_t *i, const unsigned char **start) {
    while (*i < l->length && l->at[*i] == ' ') (*i)++;
    if (*i >= l->length || !ident_start(l->at[*i])) return 0;
    *start = l->at + *i;
    size_t from = *i;
    while (*i < l->length && ident_char(l->at[*i])) (*i)++;
    return *i - from;
}

/* The names a top-level `local` line declares: `local function f`, or `local a, b <const> =`. */
static int declared_locals(const line *l, dump_names *into) {
    size_t i = 6; /* after "local " */
    const unsigned char *name;
    size_t n;
    if (l->length > 15 && memcmp(l->at, "local function ", 15) == 0) {
        i = 15;
        n = identifier(l, &i, &name);
        return n == 0 ? 0 : dump_names_add(into, (const char *)name, n);
    }
    for (;;) {
        n = identifier(l, &i, &name);
        if (n == 0) return 0;
        if (dump_names_add(into, (const char *)name, n) != 0) return 1;
        while (i < l->length && l->at[i] == ' ') i++;
        if (i < l->length && l->at[i] == '<') { /* an attribute */
            while (i < l->length && l->at[i] != '>') i++;
            i++;
            while (i < l->length && l->at[i] == ' ') i++;
        }
        if (i >= l->length || l->at[i] != ',') return 0;
        i++;
    }
}

/* The cal fields a top-level line defines: `function cal.f(`, or `cal.a, cal.b = ...`. */
static int defined_fields(const line *l, dump_names *into) {
    size_t i = 0;
    const unsigned char *name;
    if (starts(l, "function cal.")) {
        i = 13;
        size_t n = identifier(l, &i, &name);
        return n == 0 ? 0 : dump_names_add(into, (const char *)name, n);
    }
    if (!starts(l, "cal.")) return 0;
    while (i + 4 <= l->length && memcmp(l->at + i, "cal.", 4) == 0) {
        i += 4;
        size_t n = identifier(l, &i, &name);
        if (n == 0 || dump_names_add(into, (const char *)name, n) != 0) return n == 0 ? 0 : 1;
        while (i < l->length && l->at[i] == ' ') i++;
        if (i >= l->length || l->at[i] != ',') return 0;
        i++;
        while (i < l->length && l->at[i] == ' ') i++;
    }
    return 0;
}

static size_t section_of_line(const lazy_plan *plan, size_t number) {
    for (size_t k = 0; k < plan->count; k++)
        if (number >= plan->sections[k].first && number <= plan->sections[k].last) return k;
    return (size_t)-1;
}

int lazy_plan_read(const unsigned char *source, size_t length, lazy_plan *plan, char *error, size_t error_size) {
    memset(plan, 0, sizeof *plan);
    line *lines = NULL;
    size_t count = split_lines(source, length, &lines);
    if (count == 0) { snprintf(error, error_size, "out of memory"); return 1; }
    int open = 0;
    for (size_t i = 0; i < count; i++) {
        if (!starts(&lines[i], "--@lazy ")) continue;
        size_t n = lines[i].length - 8;
        while (n > 0 && (lines[i].at[8 + n - 1] == ' ' || lines[i].at[8 + n - 1] == '\r')) n--;
        if (open) plan->sections[plan->count - 1].last = i; /* the line before this marker (1-based i) */
        open = 0;
        if (n == 3 && memcmp(lines[i].at + 8, "end", 3) == 0) continue;
        if (n == 0 || n >= sizeof plan->sections[0].label) {
            snprintf(error, error_size, "line %zu: a lazy marker needs a short name", i + 1);
            free(lines);
            return 1;
        }
        lazy_section *grown = realloc(plan->sections, (plan->count + 1) * sizeof *grown);
        if (grown == NULL) { snprintf(error, error_size, "out of memory"); free(lines); return 1; }
        plan->sections = grown;
        lazy_section *s = &plan->sections[plan->count++];
        memset(s, 0, sizeof *s);
        memcpy(s->label, lines[i].at + 8, n);
        s->marker = i + 1;
        s->first = i + 2;
        s->last = count;
        open = 1;
    }
    /* The fields the core defines: a section may not define one too (its later definition
     * would win in the text, never in the bytecode, where the core's field is found first). */
    dump_names core = {0};
    int failed = 0;
    for (size_t i = 0; i < count && !failed; i++)
        if (section_of_line(plan, i + 1) == (size_t)-1) failed = defined_fields(&lines[i], &core);
    for (size_t k = 0; k < plan->count && !failed; k++) {
        lazy_section *s = &plan->sections[k];
        for (size_t i = 0; i + 1 < s->marker && !failed; i++) /* the core's lines before the marker */
            if (section_of_line(plan, i + 1) == (size_t)-1 && starts(&lines[i], "local "))
                failed = declared_locals(&lines[i], &s->imports);
        for (size_t i = s->first - 1; i < s->last && !failed; i++) failed = defined_fields(&lines[i], &s->exports);
        for (size_t i = 0; i < s->exports.count && !failed; i++)
            if (dump_names_has(&core, s->exports.names[i])) {
                snprintf(error, error_size, "lazy section '%s' (line %zu) defines cal.%s, which the core defines too",
                         s->label, s->marker, s->exports.names[i]);
                dump_names_free(&core);
                free(lines);
                return 1;
            }
        if (!failed && s->exports.count == 0) {
            snprintf(error, error_size, "lazy section '%s' (line %zu) defines no cal field", s->label, s->marker);
            dump_names_free(&core);
            free(lines);
            return 1;
        }
        if (!failed && s->imports.count > 180) {
            snprintf(error, error_size, "lazy section '%s' would import %zu locals (at most 180)", s->label,
                     s->imports.count);
            dump_names_free(&core);
            free(lines);
            return 1;
        }
    }
    dump_names_free(&core);
    free(lines);
    if (failed) snprintf(error, error_size, "out of memory");
    return failed;
}

static int append_text(dump_buffer *out, const char *text) { return dump_append(out, text, strlen(text)); }

static int append_names(dump_buffer *out, const dump_names *names) {
    for (size_t i = 0; i < names->count; i++)
        if ((i > 0 && append_text(out, ", ") != 0) || append_text(out, names->names[i]) != 0) return 1;
    return 0;
}

int lazy_core_text(const lazy_plan *plan, const unsigned char *source, size_t length, dump_buffer *out) {
    line *lines = NULL;
    size_t count = split_lines(source, length, &lines);
    if (count == 0) return 1;
    int failed = 0;
    for (size_t i = 0; i < count && !failed; i++) {
        size_t number = i + 1, k;
        for (k = 0; k < plan->count && plan->sections[k].marker != number; k++) {}
        if (k < plan->count) {
            char head[64];
            snprintf(head, sizeof head, "native.section(%zu, function() return ", k + 1);
            failed = append_text(out, head) || append_names(out, &plan->sections[k].imports) ||
                     append_text(out, " end)");
        } else if (section_of_line(plan, number) == (size_t)-1) {
            failed = dump_append(out, lines[i].at, lines[i].length);
        }
        if (!failed && i + 1 < count) failed = dump_append(out, "\n", 1);
    }
    free(lines);
    return failed;
}

int lazy_section_text(const lazy_plan *plan, size_t index, const unsigned char *source, size_t length,
                      dump_buffer *out) {
    const lazy_section *s = &plan->sections[index];
    line *lines = NULL;
    size_t count = split_lines(source, length, &lines);
    if (count == 0) return 1;
    int failed = s->imports.count > 0 &&
                 (append_text(out, "local ") || append_names(out, &s->imports) || append_text(out, " = ..."));
    for (size_t number = 2; number <= s->last && !failed; number++) {
        failed = dump_append(out, "\n", 1);
        if (!failed && number >= s->first) failed = dump_append(out, lines[number - 1].at, lines[number - 1].length);
    }
    free(lines);
    return failed;
}

int lazy_narrow_imports(lazy_section *section, const dump_names *used) {
    dump_names kept = {0};
    for (size_t i = 0; i < section->imports.count; i++) {
        const char *name = section->imports.names[i];
        if (dump_names_has(used, name) && dump_names_add(&kept, name, strlen(name)) != 0) {
            dump_names_free(&kept);
            return 1;
        }
    }
    dump_names_free(&section->imports);
    section->imports = kept;
    return 0;
}

void lazy_plan_free(lazy_plan *plan) {
    for (size_t k = 0; k < plan->count; k++) {
        dump_names_free(&plan->sections[k].imports);
        dump_names_free(&plan->sections[k].exports);
    }
    free(plan->sections);
    memset(plan, 0, sizeof *plan);
}
