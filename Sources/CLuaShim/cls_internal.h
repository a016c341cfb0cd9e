#ifndef CLS_INTERNAL_H
#define CLS_INTERNAL_H
/* Shared between the shim's C files; never seen by Swift. */
#include "CLuaShim.h"
#include <lauxlib.h>
#include <lualib.h>
#include <signal.h>

#define CLS_MAX_CALENDARS 32
#define CLS_DEFAULT_MEMORY ((size_t)64 << 20)
#define CLS_DAY_FIELD_COUNT 8
/* Sent by cls_guard_interrupt to the thread running Lua; ignored by default, rarely used. */
#define CLS_GUARD_SIGNAL SIGURG
#define CLS_POOL_CHUNK ((size_t)256 << 10)
/* With the hook off there is no instruction budget; pattern matching in one run is
 * still bounded by this many steps. */
#define CLS_UNHOOKED_STEPS 200000000LL

typedef struct cls_host {
    size_t used, limit;
    cls_pool *pool;             /* the run's shared cap, or NULL */
    size_t reserved;            /* bytes reserved from the pool (a multiple of the chunk) */
    int pool_refused;           /* the last failed allocation was the pool's refusal */
    /* budget: `remaining` is what is left of the running call's budget; the count hook
     * and the pattern matcher (cls_pattern.h) both take from it. Without a hook it holds
     * the pattern matcher's CLS_UNHOOKED_STEPS. */
    long long call_budget, load_budget, active_budget, remaining;
    long long spent; /* taken from the budget by the last run (cls_budget_spent) */
    int hook_enabled, hook_count, exhausted;
    /* output */
    int verbose;
    char print_prefix[256];
    cls_print_fn print_line;
    /* callbacks */
    void *context;
    cls_convert_fn convert;
    cls_from_calendar_fn from_calendar;
    /* errors */
    cls_error error;
    int marked_kind;            /* kind of the last error raised by the shim itself */
    char marked_message[512];   /* ... and its message, to recognise it after a rethrow */
    char *source;               /* "@path" of the policy chunk */
    char short_src[LUA_IDSIZE]; /* how Lua abbreviates it in messages */
    char prelude_src[LUA_IDSIZE];
    int prelude_form;           /* CLS_FORM_* of the last prelude loaded */
    /* evaluation */
    int has_today;
    long long today;
    char *calendars[CLS_MAX_CALENDARS];
    int calendar_count;
    int function_ref[CLS_FN_COUNT];
    int call_base;              /* stack top below the policy call in progress */
    int selection_ref, day_meta_ref, date_meta_ref, selection_meta_ref;
    const char *day_field[CLS_DAY_FIELD_COUNT]; /* interned field names (cls_day_view.c) */
    int civil_valid, civil_month, civil_dom;    /* the last day's civil date */
    long long civil_day, civil_year;
    /* tracing for coverage and explain (cls_trace.c); NULL when off */
    struct cls_trace_record *trace;
} cls_host;

static inline cls_host *cls_host_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (cls_host *)ud;
}

/* Whether the running call has an instruction budget (the count hook is on). */
static inline int cls_counting(const cls_host *h) { return h->hook_enabled && h->active_budget > 0; }

/* Raises an error of a given kind; the message handler recognises it by text. */
int cls_raise(lua_State *L, int kind, const char *fmt, ...);
/* Runs `body` (a C function taking one light userdata) under lua_pcall with the
 * message handler, with `budget` instructions. Returns the Lua status. */
int cls_protected(lua_State *L, lua_CFunction body, void *argument, long long budget);
/* The budget hook, and the tracing hook that wraps it (cls_trace.c). */
void cls_budget_hook(lua_State *L, lua_Debug *ar);
void cls_trace_hook(lua_State *L, lua_Debug *ar);
void cls_trace_free(cls_host *h);
void cls_trace_begin(cls_host *h);
void cls_trace_end(cls_host *h);
/* With the message handler at index 1 and a function and its `nargs` arguments
 * above it, calls it with `budget` instructions; classifies any failure. */
int cls_run_armed(lua_State *L, cls_host *h, int nargs, long long budget);
/* The same with the message handler at `handler` (the function sits just above it);
 * on failure the whole stack is dropped. */
int cls_run_armed_at(lua_State *L, cls_host *h, int nargs, long long budget, int handler);
/* The message handler cls_run_armed expects at index 1. */
int cls_msgh(lua_State *L);
/* Checks and reads what a policy function returned (`n` values from `first`) into `c`;
 * a type error is recorded and the stack cut to h->call_base. Returns a Lua status. */
int cls_read_results(lua_State *L, cls_host *h, cls_call *c, int first, int n);
/* Reports entering and leaving a protected call to the thread's guard (cls_guard.c). */
cls_guard *cls_guard_enter(lua_State *L, lua_State **previous);
void cls_guard_leave(cls_guard *g, lua_State *previous);
const char *cls_guard_reason(const cls_guard *g);
/* Resets the error record before an operation. */
void cls_error_reset(cls_host *h);

/* Library opening and wrappers. */
int cls_open_sandbox(lua_State *L);
int cls_open_patterns(lua_State *L);
/* Bounded table.insert, table.remove and table.move into the table at `table` (cls_table.c). */
void cls_open_table_bounds(lua_State *L, int table);
/* Day, calendar date and selection views. */
int cls_open_views(lua_State *L);
void cls_push_day(lua_State *L, long long day_number, int calendar_tag);
void cls_open_day_view(lua_State *L);
/* 1 and the day number when the value at idx is a day, else 0. */
int cls_check_day(lua_State *L, int idx, long long *day_number);
/* A metatable with __name, __index, a refusing __newindex and a hidden __metatable. */
int cls_new_meta(lua_State *L, const char *name, lua_CFunction index, lua_CFunction tostring);
int cls_readonly(lua_State *L);
/* A day in a named calendar (Gregorian in C, others through the host); raises on failure, the
 * message starting with `who` (e.g. "cal.convert: ", or ""). */
void cls_convert(lua_State *L, long long day_number, const char *calendar, cls_calendar_date *out,
                 const char *who);
void cls_push_date(lua_State *L, const cls_calendar_date *date, int tag);
void cls_push_native(lua_State *L);
/* Adds native.byYear (cls_by_year.c) to the native table at index `native`. */
void cls_register_by_year(lua_State *L, int native);

/* Date helpers. */
void cls_civil(long long day_number, long long *y, int *m, int *d);
long long cls_day_number(long long y, int m, int d);
int cls_days_in_month(long long y, int m);
size_t cls_format_iso(long long day_number, char *buffer, size_t capacity);
int cls_parse_iso(const char *text, size_t length, long long *day_number);

#endif
