#ifndef CPB_INTERNAL_H
#define CPB_INTERNAL_H
/* Shared between the bridge's C files; never seen by Swift. */
#include "CPolicyBridge.h"
#include "cls_extension.h"
#include <lauxlib.h>
#include <lualib.h>
#include <string.h>

#define CPB_MAX_CALENDARS 32

/* Registry slot of the prelude's argument checks (native.shareChecks), used by cal.holidays. */
#define CPB_CHECKS_REGISTRY "calpolicy.checks"
#define CPB_DAY_FIELD_COUNT 8

/* The bridge's record of a state, reached through the kernel's extension slot. */
struct cpb_state {
    /* calendar conversions (the host's) */
    void *context;
    cpb_convert_fn convert;
    cpb_from_calendar_fn from_calendar;
    int prelude_form;           /* CPB_FORM_* of the last prelude loaded */
    /* evaluation */
    long long call_budget;      /* the state's, read once at open */
    unsigned long long calls;   /* policy functions called since open (cpb_calls) */
    int has_today;
    long long today;
    char *calendars[CPB_MAX_CALENDARS];
    int calendar_count;
    int function_ref[CPB_FN_COUNT];
    int call_base;              /* stack top below the policy call in progress */
    /* In a run of calls (cpb_run.c): the top of what the calls keep (cpb_keep), and whether an
     * allowed answer's results may stay above it for a while (cpb_drop_results). */
    int kept_top, lazy_drop;
    int selection_ref, day_meta_ref, date_meta_ref, selection_meta_ref;
    int context_ref; /* the decision's context, read-only (cpb_context.c) */
    const char *day_field[CPB_DAY_FIELD_COUNT]; /* interned field names (cpb_day_view.c) */
    int civil_valid, civil_month, civil_dom;    /* the last day's civil date */
    long long civil_day, civil_year;
    const char *loading_path;   /* the policy's path while it loads (cal.ics), else NULL; borrowed */
    struct cpb_ics_input *ics_inputs; /* the .ics files cal.ics read: real path and content hash */
    int ics_input_count, ics_input_capacity;
    /* The holiday data cal.holidays resolved in this state (cpb_holidays.c): the narrowest years
     * covered, and the data set that ends first ("holidays:IN:public"), so a day past the data a
     * policy read closes the gate rather than opening it. */
    int data_known, data_first, data_last;
    char data_source[64];
};

/* cal's day arithmetic as Lua functions (cpb_views.c), also handed to cal.ics's Lua part. */
int cpb_native_day_number(lua_State *L);
int cpb_native_civil(lua_State *L);

static inline cpb_state *cpb_of(lua_State *L) { return (cpb_state *)cls_extension_of(L); }

/* Whether the `len` bytes at `key` spell `name`. */
static inline int cpb_field_is(const char *key, size_t len, const char *name) {
    return strlen(name) == len && memcmp(key, name, len) == 0;
}

/* The bridge's files, from the bottom up: each uses only those listed above it.
 *   cpb_dates.c      civil date arithmetic and ISO text
 *   cpb_date_view.c  `day.calendar` and calendar conversion
 *   cpb_day_view.c   the `day` view
 *   cpb_by_year.c    native.byYear
 *   cpb_ics.c        cal.ics (.ics files beside the policy, via CICalFeed)
 *   cpb_holidays.c   cal.holidays, cal.weekend (the host's holiday data)
 *   cpb_views.c      `selection`, the native helpers, the extension that opens them all
 *   cpb_call.c, cpb_run.c, cpb_policy.c   a policy call and its results, a run of days under
 *                    one protected call, loading
 *   cpb_hours.c      hoursFor: a day's closed intervals, read strictly
 *   cpb_year.c       answersForYear: a year's answers in one call */

/* Reading what a policy function returned (cpb_call.c), shared with cpb_year.c: a type error
 * recorded without Lua (the stack dropped to the call's base), how a value reads in a message,
 * a string field (nil: NULL), a decoration table. */
int cpb_type_error(lua_State *L, cpb_state *h, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cpb_describe(lua_State *L, int idx, char *out, size_t cap);
int cpb_text(lua_State *L, cpb_state *h, int idx, const char *what, const char **out, size_t *len);
int cpb_check_decoration(lua_State *L, cpb_state *h, cpb_call *c, int result);
int cpb_call_refused(lua_State *L, cpb_state *h, int function, int slots);
/* The stack cannot grow: recorded as the memory limit; returns LUA_ERRMEM. */
int cpb_stack_refused(lua_State *L);
/* One policy function (c->function) for one day above what earlier calls kept, under its own
 * protected call; verdicts and decorations are read (hoursFor and answersForYear leave their
 * results above the call's base for their own readers). */
int cpb_call_one(lua_State *L, cls_host *host, cpb_state *h, cpb_call *c);

/* Date arithmetic (cpb_dates.c). */
void cpb_civil(long long day_number, long long *y, int *m, int *d);
long long cpb_day_number(long long y, int m, int d);
int cpb_days_in_month(long long y, int m);

/* Whether `name` is one of the calendars C converts itself (cpb_date_view.c). */
int cpb_is_gregorian(const char *name);
/* A day in a named calendar (Gregorian in C, others through the host); raises on failure, the
 * message starting with `who` (e.g. "cal.convert: ", or ""). */
void cpb_convert(lua_State *L, long long day_number, const char *calendar, cpb_calendar_date *out,
                 const char *who);
void cpb_push_date(lua_State *L, const cpb_calendar_date *date, int tag);
void cpb_open_date_view(lua_State *L);
/* The day view (cpb_day_view.c). */
void cpb_push_day(lua_State *L, long long day_number, int calendar_tag);
void cpb_open_day_view(lua_State *L);
/* 1 and the day number when the value at idx is a day, else 0. */
int cpb_check_day(lua_State *L, int idx, long long *day_number);
/* The day number of a day view's light userdata, already known to be one (cpb_check_day's
 * decoding without its type test). */
long long cpb_day_of(const void *light);
/* Adds native.byYear (cpb_by_year.c) to the native table at index `native`. */
void cpb_register_by_year(lua_State *L, int native);
/* Sets cal.ics (cpb_ics.c) in the cal table at index `cal`. */
void cpb_register_ics(lua_State *L, int cal);
/* Pushes Lua part `which` (CPB_LIBRARY_*), compiled: its dump when that loads, else its text
 * (cpb_libraries.c). Raises when it does not compile or the host never set it. */
void cpb_push_library(lua_State *L, int which);
/* Pushes the function of a trusted build-time `dump` and returns 1 when it loads and carries
 * chunk name `name`; otherwise pushes nothing and returns 0, for the caller to compile the
 * text (cpb_dump.c). */
int cpb_load_dump(lua_State *L, const char *dump, size_t length, const char *name);
/* Sets cal.holidays and cal.weekend (cpb_holidays.c) in the cal table at index `cal`. */
void cpb_register_holidays(lua_State *L, int cal);
struct cpb_ics_input {
    char *path;
    unsigned long long hash;
};
void cpb_free_ics_inputs(cpb_state *h);
/* cal's lazy sections (cpb_lazy.c). Splits the build's bundle: returns the core dump's
 * length and points `sections` at the sections (none: NULL, 0). Prepare pushes the lazy
 * record and adds native.section to the native table at `native`; install makes the library
 * table at `library` load a section when one of its fields is first read. */
size_t cpb_lazy_split(const char *bundle, size_t length, const char **sections, size_t *sections_length);
void cpb_lazy_prepare(lua_State *L, int native, const char *sections, size_t length, const char *chunk);
void cpb_lazy_install(lua_State *L, int lazy, int library);
void cpb_lazy_load_all(lua_State *L, int lazy);
/* The native helpers' table, and opening every view (cpb_views.c). */
void cpb_push_native(lua_State *L);
int cpb_open_views(lua_State *L);

/* Checks and reads what a policy function returned (`n` values from `first`) into `c`;
 * a type error is recorded and the stack cut to h->call_base. Returns a Lua status
 * (cpb_call.c). */
int cpb_read_results(lua_State *L, cpb_state *h, cpb_call *c, int first, int n);

/* The policy functions' names, in CPB_FN_* order (cpb_call.c). */
extern const char *const cpb_function_names[CPB_FN_COUNT];

/* The decision's context (cpb_context.c): an empty one made when the views open, pushed as the
 * last argument of every policy call. */
void cpb_open_context(lua_State *L);

/* Contract fields read raw at load, as data (cpb_scope.c, cpb_overridable.c); each leaves what
 * it points `info` at on the stack, alive for the host to copy. */
void cpb_scope(lua_State *L, int source, cpb_policy_info *info);
void cpb_overridable(lua_State *L, int source, cpb_policy_info *info);
/* The contract field `field` on the top of the stack as a plain table: its index, else a type
 * error ("must be EXPECTED, got TYPE", or "must be a plain table" when it has a metatable: it is
 * read raw, so an entry behind __index would be skipped and the field silently looser). */
int cpb_field_table(lua_State *L, const char *field, const char *expected);
void cpb_push_context(lua_State *L, cpb_state *h);

#endif
