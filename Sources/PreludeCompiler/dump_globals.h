#ifndef DUMP_GLOBALS_H
#define DUMP_GLOBALS_H
#include <stddef.h>

/* A set of names (each NUL-terminated, owned). */
typedef struct dump_names {
    char **names;
    size_t count, capacity;
} dump_names;

/* What a chunk does with names outside itself. */
typedef struct dump_facts {
    dump_names globals;  /* read or written through an upvalue named _ENV */
    dump_names assigned; /* upvalues assigned (SETUPVAL), by name */
} dump_facts;

/* Surveys `dump` (an unstripped Lua 5.4 dump, 4-byte instructions); 0, or 1 when it is not
 * in a format this reads. Facts accumulate: call it for several dumps to get the union. */
int dump_survey(const unsigned char *dump, size_t length, dump_facts *facts);
int dump_names_has(const dump_names *set, const char *name);
/* 0, or 1 when memory ran out. */
int dump_names_add(dump_names *set, const char *name, size_t length);
void dump_names_free(dump_names *set);
void dump_facts_free(dump_facts *facts);
#endif
