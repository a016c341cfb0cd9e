#ifndef LAZY_BUNDLE_H
#define LAZY_BUNDLE_H
#include <lua.h>
#include "dump_buffer.h"
#include "lazy_sections.h"

/* The survey (dump_globals.c) reads this liblua's bytecode as written: 0 when it does.
 * `probe` is the text of survey_probe.lua. */
int lazy_survey_proves_out(lua_State *L, const dump_buffer *probe);
/* The bundle the build ships when cal.lua has lazy sections: each section's imports narrowed
 * to the core locals it uses, then the core's dump, the sections, their length and "cplz"
 * (cpb_lazy.c reads it), every part checked against `whole_dump`, the whole file's.
 * 0, or 1 with the message printed. */
int lazy_bundle(lua_State *L, lazy_plan *plan, const dump_buffer *source, const dump_buffer *whole_dump,
                const char *input, const char *chunkname, dump_buffer *bundle, int *lean_ok);
#endif
