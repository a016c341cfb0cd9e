#ifndef CPOLICYBRIDGE_H
#define CPOLICYBRIDGE_H
/*
 * The policy-shaped C on top of the kernel (CLuaShim): the `day`, `day.calendar` and
 * `selection` views, the native helpers of the `cal` prelude (convert, fromCalendar,
 * today, byYear), loading a policy chunk and calling its functions for runs of days,
 * and reading what they return. A state gets all of it by opening with
 * cpb_extension() and a record from cpb_new(). Seen by PolicyEngine only.
 */
#include <stddef.h>
#include <lua.h>
#include "CLuaShim.h"

/* ---- Calendar conversions (implemented by the host, called from C) ---------- */

/* A date in some calendar system, as the host computes it. */
typedef struct cpb_calendar_date {
    long long year, month, day, era;
    int has_era;
    int is_leap_month;
} cpb_calendar_date;

/* Return 0 on success; otherwise write a message into `message` (NUL-terminated). */
typedef int (*cpb_convert_fn)(void *context, long long day_number, const char *calendar,
                              cpb_calendar_date *out, char *message, size_t capacity);
typedef int (*cpb_from_calendar_fn)(void *context, const char *calendar, long long year,
                                    long long month, long long day, int is_leap_month,
                                    long long *day_number, char *message, size_t capacity);

/* ---- Holiday data (implemented by the host, called from C) ----------------- */

/* One lookup for cal.holidays/cal.weekend: `op` and its text and number as the Lua part
 * (CPB_LIBRARY_HOLIDAYS) passes them. Sets *answer to a malloc'd buffer of *length bytes (the
 * caller frees it) and returns 0, or sets it to a message and returns 1. Never touches Lua. */
typedef int (*cpb_holiday_fn)(int op, const char *text, size_t text_length, long long number,
                              char **answer, size_t *length);
/* The process's holiday host; NULL (the default) makes cal.holidays an error. */
void cpb_set_holiday_host(cpb_holiday_fn host);

/* ---- The Lua parts of cal.ics and cal.holidays (given by the host) ---------- */

/* Each is compiled on a state's first call of its cal function, so the prelude every policy
 * loads stays as it is and a policy that calls neither starts no slower. C holds no Lua
 * source: the host hands each over, text and build-time dump, before its first state opens. */
enum { CPB_LIBRARY_ICS = 0, CPB_LIBRARY_HOLIDAYS = 1, CPB_LIBRARY_COUNT = 2 };
/* Sets part `which`: its chunk name ("=cal.ics"), its text and the dump of that text (NULL
 * and 0 for none), all copied. A state loads the dump when it loads and carries `name`, else
 * compiles the text, so messages and tracebacks read the same whichever form ran. Set once
 * per process; 0, or 1 when memory ran out (calling that part is then an error). */
int cpb_set_library(int which, const char *name, const char *text, size_t text_length, const char *bytecode,
                    size_t bytecode_length);

/* ---- Opening ---------------------------------------------------------------- */

typedef struct cpb_state cpb_state;
/* The bridge's record for one state, handed to cls_open as `extension_data` with
 * cpb_extension() (the state frees it). Conversions other than Gregorian go through
 * `convert`/`from_calendar` with `context`; NULL ones make those calendars unavailable. */
cpb_state *cpb_new(void *context, cpb_convert_fn convert, cpb_from_calendar_fn from_calendar);

/* The host reads files, C parses their bytes. `cal.ics(name)` asks the reader for the file
 * `name` (already checked to be a plain relative .ics name) in the folder of the policy at
 * `policy_path`: it resolves it (staying inside that folder), reads at most `limit` bytes of a
 * regular file, and returns 0 with `*bytes` (malloc'd, freed by C), `*length` and the resolved
 * path in `real` (`real_capacity` bytes). Otherwise it returns CPB_READ_REFUSED with a problem
 * for "'name' <problem>" in `message`, or CPB_READ_TOO_LARGE. Set once, before any state opens. */
enum { CPB_READ_OK = 0, CPB_READ_REFUSED = 1, CPB_READ_TOO_LARGE = 2 };
typedef int (*cpb_read_file_fn)(const char *policy_path, const char *name, size_t limit, char **bytes,
                                size_t *length, char *real, size_t real_capacity, char *message, size_t capacity);
void cpb_set_file_reader(cpb_read_file_fn reader);
const cls_extension *cpb_extension(void);
/* Registers a calendar name for day.calendar; returns its tag or -1. */
int cpb_register_calendar(lua_State *L, const char *name);

/* ---- Loading ---------------------------------------------------------------- */

/* hoursFor and answersForYear are optional and never part of a day run (cpb_call_days calls
 * the first three); cpb_call_hours and cpb_call_year ask them alone. */
enum { CPB_FN_CANSELECT = 0, CPB_FN_CANDESELECT = 1, CPB_FN_DECORATION = 2, CPB_FN_HOURS = 3, CPB_FN_YEAR = 4,
       CPB_FN_COUNT = 5 };

/* What a loaded policy offers; strings stay valid until the next call on the state. */
typedef struct cpb_policy_info {
    int has_function[CPB_FN_COUNT];
    int line_defined[CPB_FN_COUNT];
    const char *name, *description, *version;
    size_t name_len, description_len, version_len;
    const char *zone;        /* zone = "Europe/Berlin": the IANA name hoursFor's wall times are in */
    size_t zone_len;
    int global_style;        /* the chunk returned nothing: its globals are the policy */
    const char *extras;      /* keys outside the contract, see cpb_collect_extras */
    size_t extras_len;
    /* coverage = { from = "YYYY-MM-DD", to = "YYYY-MM-DD" }: the days its data is meant for */
    int has_coverage_from, has_coverage_to;
    long long coverage_from, coverage_to; /* day numbers */
    /* scope = { KEY = ..., exclude = { ... } }: lines "i|x\tKEY\tPATTERN\n" (cpb_scope) */
    int has_scope;
    const char *scope;
    size_t scope_len;
    /* overridable = false | true | { maxHours = N, requireTicket = bool, approvers = { ... } }
     * (cpb_overridable): absent, an open rule, or a hard freeze nothing lifts */
    int has_overridable;
    int overridable_hard;        /* overridable = false */
    long long max_hours;         /* 0: no limit */
    int require_ticket;
    const char *approvers;       /* "NAME\n" per approver (NULL: anyone) */
    size_t approvers_len;
} cpb_policy_info;

/* The .ics files cal.ics read while the policy loaded (their real paths, in order) and a hash of
 * each one's bytes (cpb_content_hash), so a reload can tell that one changed. */
int cpb_ics_input_count(lua_State *L);
const char *cpb_ics_input(lua_State *L, int index, unsigned long long *hash);
/* The years of holiday data the policy has resolved through cal.holidays so far (at load or in
 * any call): 1 and the narrowest span (the latest first year, the earliest last year) with the
 * data set ending first ("holidays:IN:public") copied into `source`; 0 when it read none. */
int cpb_holiday_data_span(lua_State *L, int *first, int *last, char *source, size_t capacity);
/* 64-bit FNV-1a of the bytes. */
unsigned long long cpb_content_hash(const char *bytes, size_t length);

enum { CPB_FORM_NONE = 0, CPB_FORM_TEXT = 1, CPB_FORM_BYTECODE = 2 };

/*
 * Runs the helper prelude (chunk named `prelude_name`), which receives the native
 * table and returns the `cal` table, installed read-only as global `cal`. The prelude
 * is trusted, so it alone may come as a binary dump (`bytecode`, may be NULL); a dump
 * that does not load, or does not carry `prelude_name`, falls back to the text.
 * Returns a Lua status; details in cls_last_error.
 */
int cpb_load_prelude(lua_State *L, const char *source, size_t length, const char *bytecode,
                     size_t bytecode_length, const char *prelude_name);
/* How many lazy sections of cal this state's prelude has (0: loaded whole, e.g. from text),
 * and in `loaded` how many a policy's reads have loaded so far (cpb_lazy.c). */
int cpb_prelude_sections(lua_State *L, int *loaded);
/* CPB_FORM_* of the last prelude chunk loaded in this state (CPB_FORM_NONE before any, or when it did not load). */
int cpb_prelude_form(lua_State *L);
/* Calls the function the prelude left in its `native` table under `name` (no arguments; one
 * string back) under lua_pcall with the call budget: how the host reads what cal keeps for it
 * (`windowRows`, for lint) without a global. `*out` is NULL when there is no such function;
 * the string stays on the stack until cpb_native_finish. Returns a Lua status. */
int cpb_native_text(lua_State *L, const char *name, const char **out, size_t *out_len);
void cpb_native_finish(lua_State *L);
/*
 * Loads and runs a policy chunk (text only), named "@" + `path` for Lua and
 * reported with `path` by the host; fills `info`. Returns a Lua status.
 */
int cpb_load_policy(lua_State *L, const char *source, size_t length, const char *path,
                    cpb_policy_info *info);

/* ---- Evaluation --------------------------------------------------------------- */

/* One policy function's answer (strings valid until cpb_call_finish). */
typedef struct cpb_call {
    int function;            /* CPB_FN_* */
    long long day_number;
    int calendar_tag;
    int allowed;
    const char *reason; size_t reason_len;
    int has_decoration;
    int decoration_kind;     /* 0 default, 1 image, 2 custom */
    int decoration_size;     /* -1 none, 0 small, 1 medium, 2 large */
    const char *label; size_t label_len;
    const char *color; size_t color_len;
    const char *image; size_t image_len;
} cpb_call;

/* Plain data built into one Lua table, op by op (a declarative policy's typed values, never
 * text to run): OPEN starts a table, CLOSE ends it, the others are values. Each op but the root
 * OPEN is stored in the table being built under `key` (bytes), or appended when `key` is NULL. */
enum { CPB_TREE_OPEN = 1, CPB_TREE_CLOSE = 2, CPB_TREE_STRING = 3, CPB_TREE_INTEGER = 4, CPB_TREE_BOOLEAN = 5 };
typedef struct cpb_tree_op {
    int kind;
    const char *key; size_t key_len;
    const char *text; size_t text_len;
    long long number;
} cpb_tree_op;
/* Sets global `name` to the table `ops` builds (ops[0] OPEN, the last its CLOSE); a Lua status. */
int cpb_set_global_tree(lua_State *L, const char *name, const cpb_tree_op *ops, size_t count);

/* Replaces the selection view handed to policy functions (days ascending). */
int cpb_set_selection(lua_State *L, const long long *days, size_t count);
/* The decision's context policies see as their last argument: `count` keys (`environment`,
 * `labels.team`) and values, checked by the host; a Lua status. */
int cpb_set_context(lua_State *L, const char *const *keys, const size_t *key_lengths, const char *const *values,
                    const size_t *value_lengths, size_t count);

/* Several policy functions for one day. */
typedef struct cpb_day_call {
    /* inputs */
    long long day_number;
    int calendar_tag;
    int has_today;
    long long today;
    int wants;               /* bit (1 << CPB_FN_*) for each function to call */
    int weekday;             /* cpb_call_year: 1...7 for a `weekly` answer (day_number 0), else 0 */
    /* outputs */
    int failed;              /* CPB_FN_* of the call that failed */
    cpb_call select, deselect, decoration;
} cpb_day_call;

/* A day's answer for one function (CPB_FN_*): how the host addresses the record's fields
 * (Swift would need key paths, whose metadata a cold start pays for). */
static inline const cpb_call *cpb_day_answer(const cpb_day_call *day, int function) {
    return function == CPB_FN_CANSELECT ? &day->select
         : function == CPB_FN_CANDESELECT ? &day->deselect : &day->decoration;
}

/*
 * The one way into a policy's functions: calls the wanted functions of `count` days in
 * order (a span; a single day is a run of one) in one crossing from the host and one
 * protected call (cls_run_calls), each function under its own budget. Every successful
 * call's strings stay valid until cpb_call_finish: `answered` days succeeded, the failing
 * day's `failed` names the function, and nothing after it ran. An error the policy raised
 * unwinds the whole run: the answers before it keep their verdicts and decoration flags,
 * and their strings are withdrawn (NULL), since the stack holding them is gone. A single
 * day, and any day of a traced state, has a protected call per function instead.
 */
int cpb_call_days(lua_State *L, cpb_day_call *days, int count, int *answered);
/*
 * Calls answersForYear(year) once, under its budget and protected call, and reads the table
 * it returned: for each day number it lists (within first_day...last_day, the year's days)
 * one record in `out` with `select` (allowed unless `selectable = false`, the `reason`) and
 * `decoration` filled, as canSelect and decorationFor would answer for an empty selection.
 * A `weekly` table keyed by weekday (1 = Sunday ... 7 = Saturday) gives one record per
 * weekday it lists (`weekday` set, `day_number` 0): the answer of every day of the year on
 * that weekday that is not listed by day number. Days neither lists are selectable and
 * undecorated. At most `capacity` (366 + 7) records, in table order; `count` says how many.
 * A malformed answer is a type error (no key but day numbers of the year and `weekly`, no
 * weekly key but 1...7, no field but selectable, reason and decoration, no metatables).
 * Strings stay valid until cpb_call_finish.
 */
int cpb_call_year(lua_State *L, long long year, long long first_day, long long last_day, int has_today,
                  long long today, cpb_day_call *out, int capacity, int *count);

/* One closed interval hoursFor returned: wall minutes [from, to) of the day, 0...1440. */
typedef struct cpb_hours {
    int from, to;
    const char *reason; size_t reason_len; /* NULL when none; valid until cpb_call_finish */
} cpb_hours;
enum { CPB_MAX_HOURS = 96 };

/*
 * Calls hoursFor(day, selection) for one day, under its budget and protected call, and
 * checks what it returned: nil (no closed time) or a list whose items are intervals
 * ({ from = minutes, to = minutes, reason = text }, as cal.closed makes them) or lists of
 * intervals (as cal.openOnly returns). Anything else is a type error, so a malformed
 * answer never reads as "open". Fills at most `capacity` records; a policy without
 * hoursFor answers nothing. Call cpb_call_finish after reading the reasons.
 */
int cpb_call_hours(lua_State *L, long long day_number, int calendar_tag, int has_today, long long today,
                   cpb_hours *out, int capacity, int *count);

/* Releases the values successful calls left for the host to copy. */
void cpb_call_finish(lua_State *L);
/* How many policy functions the state has called since it opened, replays included: what
 * a benchmark counts to show the Lua calls a document costs. Raises nothing. */
unsigned long long cpb_calls(lua_State *L);

/* ---- Zones for the iCalendar export ------------------------------------------- */

/* A VTIMEZONE for the IANA zone `location` over first_year...last_year (CICalFeed's
 * icf_vtimezone): malloc'd text the caller frees, or NULL. */
char *cpb_vtimezone(const char *location, int first_year, int last_year);

#endif
