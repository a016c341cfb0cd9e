#ifndef CLUASHIM_H
#define CLUASHIM_H
/*
 * The C side of the Lua bridge. Everything here that can raise a Lua error runs
 * under lua_pcall, so a longjmp never crosses a Swift frame. Swift sees only the
 * functions below plus a few static-inline wrappers for macros it cannot import.
 */
#include <stddef.h>
#include <stdint.h>
#include <lua.h>

/* ---- Macro wrappers (Swift cannot import function-like macros) ---------- */

/* lua_pop is a macro over lua_settop. */
static inline void cls_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
/* LUA_REGISTRYINDEX expands to an expression Swift cannot import. */
static inline int cls_registry_index(void) { return LUA_REGISTRYINDEX; }
/* lua_tostring is a macro over lua_tolstring; callers must check the type first. */
static inline const char *cls_string_at(lua_State *L, int idx, size_t *len) {
    return lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, len) : NULL;
}

/* ---- Error kinds --------------------------------------------------------- */

enum {
    CLS_KIND_NONE = 0,
    CLS_KIND_RUNTIME = 1,
    CLS_KIND_SYNTAX = 2,
    CLS_KIND_TYPE = 3,
    CLS_KIND_SANDBOX = 4,
    CLS_KIND_BUDGET = 5,
    CLS_KIND_MEMORY = 6,
    CLS_KIND_TIMEOUT = 7
};

/* The last error of a state, copied out of Lua inside the protected call. */
typedef struct cls_error {
    int kind;
    int line;              /* 0 when unknown */
    char message[1024];
    char traceback[4096];
} cls_error;

/* ---- Host callbacks (implemented in Swift, called by C trampolines) ------ */

/* A date in some calendar system, as the Swift side computes it. */
typedef struct cls_calendar_date {
    long long year, month, day, era;
    int has_era;
    int is_leap_month;
} cls_calendar_date;

/* Return 0 on success; otherwise write a message into `message` (NUL-terminated). */
typedef int (*cls_convert_fn)(void *context, long long day_number, const char *calendar,
                              cls_calendar_date *out, char *message, size_t capacity);
typedef int (*cls_from_calendar_fn)(void *context, const char *calendar, long long year,
                                    long long month, long long day, int is_leap_month,
                                    long long *day_number, char *message, size_t capacity);

/* One `print` call when verbose: the state's print prefix and the arguments joined by
 * tabs (may hold any bytes); the host escapes and writes it as one stderr line. */
typedef void (*cls_print_fn)(const char *prefix, const char *text, size_t length);

/* ---- State --------------------------------------------------------------- */

/* ---- memory shared by the states of one run ---------------------------------
 * Each state keeps its own cap; a pool caps all the states that share it together.
 * States reserve from it in chunks, so the allocator's fast path stays lock-free. */
typedef struct cls_pool cls_pool;
cls_pool *cls_pool_new(size_t limit);
/* Frees the pool once no state uses it any more (states hold a reference). */
void cls_pool_release(cls_pool *pool);
size_t cls_pool_used(const cls_pool *pool);
size_t cls_pool_limit(const cls_pool *pool);

/* ---- the guard of a run (cls_guard.c) -----------------------------------------
 * Installed on the thread that runs a piece of work; every protected call on that
 * thread reports to it, and another thread can stop the Lua code running under it. */
typedef struct cls_guard cls_guard;
cls_guard *cls_guard_new(void);
void cls_guard_free(cls_guard *guard);
/* Makes `guard` (or NULL) the calling thread's guard; returns the one it replaces. */
cls_guard *cls_guard_install(cls_guard *guard);
cls_guard *cls_guard_current(void);
/* Protected calls entered and left so far under the guard (read from any thread). */
void cls_guard_progress(const cls_guard *guard, unsigned long long *entries, unsigned long long *exits);
/* Installs the signal handler cls_guard_interrupt uses; call once before interrupting. */
void cls_guard_prepare(void);
/* From another thread: every later protected call under the guard fails with `reason`
 * (a CLS_KIND_TIMEOUT error), and the Lua code running now is stopped at its next
 * instruction. Code inside a C function is not reached until that function returns. */
void cls_guard_interrupt(cls_guard *guard, const char *reason);
int cls_guard_interrupted(const cls_guard *guard);
/* The host's note of what runs now under the calling thread's guard (four numbers of
 * its own meaning, e.g. a policy, the functions asked and a run of days), read by the
 * watcher to name stuck work; a no-op without a guard. */
void cls_guard_note(long long subject, long long detail, long long first, long long last);
void cls_guard_noted(const cls_guard *guard, long long out[4]);

typedef struct cls_config {
    size_t memory_limit;          /* bytes; 0 means the 64 MiB default */
    cls_pool *pool;               /* shared with other states of the run, or NULL */
    long long instruction_budget; /* per call; <= 0 means unlimited */
    long long load_budget;        /* for loading; <= 0 means unlimited */
    int hook_enabled;             /* 0 disables the count hook entirely */
    int verbose;                  /* print goes to stderr when non-zero */
    const char *print_prefix;     /* e.g. the policy file name, may be NULL */
    cls_print_fn print_line;      /* where verbose print goes; NULL drops it */
    void *context;                /* passed back to the callbacks */
    cls_convert_fn convert;
    cls_from_calendar_fn from_calendar;
} cls_config;

/* A new sandboxed state, or NULL (message written into `error`). */
lua_State *cls_open(const cls_config *config, cls_error *error);
void cls_close(lua_State *L);
/* The state's last error (valid until the next operation on the state). */
const cls_error *cls_last_error(lua_State *L);
/* Field accessors: Swift imports fixed C arrays as tuples. */
static inline const char *cls_error_message(const cls_error *e) { return e->message; }
static inline const char *cls_error_traceback(const cls_error *e) { return e->traceback; }
/* Bytes currently allocated by the state. */
size_t cls_memory_used(lua_State *L);
/* What the last protected run (load, call, script call) took from its budget:
 * instructions counted by the hook (in steps of up to 1,000) plus pattern-matching
 * steps; pattern steps alone when the hook is off. Over the budget when it failed so. */
long long cls_budget_spent(lua_State *L);
/* Registers a calendar name for day.calendar; returns its tag or -1. */
int cls_register_calendar(lua_State *L, const char *name);

/* ---- Loading ------------------------------------------------------------- */

enum { CLS_FN_CANSELECT = 0, CLS_FN_CANDESELECT = 1, CLS_FN_DECORATION = 2, CLS_FN_COUNT = 3 };

/* What a loaded policy offers; strings stay valid until the next call on the state. */
typedef struct cls_policy_info {
    int has_function[CLS_FN_COUNT];
    int line_defined[CLS_FN_COUNT];
    const char *name, *description, *version;
    size_t name_len, description_len, version_len;
} cls_policy_info;

enum { CLS_FORM_NONE = 0, CLS_FORM_TEXT = 1, CLS_FORM_BYTECODE = 2 };

/*
 * Runs the helper prelude (chunk named `prelude_name`), which receives the native
 * table and returns the `cal` table, installed read-only as global `cal`. The prelude
 * is trusted, so it alone may come as a binary dump (`bytecode`, may be NULL); a dump
 * that does not load, or does not carry `prelude_name`, falls back to the text.
 * Returns a Lua status; details in cls_last_error.
 */
int cls_load_prelude(lua_State *L, const char *source, size_t length, const char *bytecode,
                     size_t bytecode_length, const char *prelude_name);
/* CLS_FORM_* of the last prelude chunk loaded in this state (CLS_FORM_NONE before any, or when it did not load). */
int cls_prelude_form(lua_State *L);
/*
 * Loads and runs a policy chunk (text only), named "@" + `path` for Lua and
 * reported with `path` by the host; fills `info`. Returns a Lua status.
 */
int cls_load_policy(lua_State *L, const char *source, size_t length, const char *path,
                    cls_policy_info *info);

/* ---- Evaluation ---------------------------------------------------------- */

typedef struct cls_call {
    /* inputs */
    int function;            /* CLS_FN_* */
    long long day_number;
    int calendar_tag;
    int has_today;
    long long today;
    /* outputs (strings valid until cls_call_finish) */
    int allowed;
    const char *reason; size_t reason_len;
    int has_decoration;
    int decoration_kind;     /* 0 default, 1 image, 2 custom */
    int decoration_size;     /* -1 none, 0 small, 1 medium, 2 large */
    const char *label; size_t label_len;
    const char *color; size_t color_len;
    const char *image; size_t image_len;
} cls_call;

/* Replaces the selection view handed to policy functions (days ascending). */
int cls_set_selection(lua_State *L, const long long *days, size_t count);
/* Calls one policy function and validates what it returns. Returns a Lua status. */
int cls_call_policy(lua_State *L, cls_call *call);
/* Several policy functions for one day. */
typedef struct cls_day_call {
    /* inputs */
    long long day_number;
    int calendar_tag;
    int has_today;
    long long today;
    int wants;               /* bit (1 << CLS_FN_*) for each function to call */
    /* outputs */
    int failed;              /* CLS_FN_* of the call that failed */
    cls_call select, deselect, decoration;
} cls_day_call;

/*
 * Calls the wanted functions of `count` days in order (a span) in one crossing from the
 * host, each function under its own budget and protected call. Every successful call's
 * strings stay valid until cls_call_finish, also after a failure: `answered` days
 * succeeded, the failing day's `failed` names the function, and nothing after it ran.
 */
int cls_call_days(lua_State *L, cls_day_call *days, int count, int *answered);
/*
 * Policy function calls finished so far in this process, by any state (a relaxed
 * atomic counter). A watchdog that watches a run of days as one piece of work reads it
 * to see that calls inside the run still finish.
 */
/* Releases the values successful calls left for the host to copy. */
void cls_call_finish(lua_State *L);

/* ---- Native stack -------------------------------------------------------- */

/*
 * Runs `body(argument)` on this thread if it has at least `headroom` bytes of
 * stack left, else on a fresh thread with a `stack_size` stack (joined before
 * returning). Returns 0, or an errno value if no thread could be started.
 */
int cls_run_with_stack(void (*body)(void *), void *argument, size_t headroom, size_t stack_size);
/* Bytes of native stack left below the caller (0 when unknown). */
size_t cls_stack_headroom(void);

/* ---- Scripts and tracing (policy tests, coverage, explain) --------------- */

/*
 * Calls the global function `name` with one string argument under the call budget;
 * it must return a string, left in `out` until cls_call_finish. Returns a Lua status.
 */
int cls_call_global(lua_State *L, const char *name, const char *argument, size_t length,
                    const char **out, size_t *out_len);
/*
 * Tracing of the policy chunk (off by default, costs a hook per line): counts the
 * lines run and remembers the line of the last `return` of each call.
 */
int cls_trace_enable(lua_State *L, int on);
/* Per line number, how often it ran (decided = 0) or how often its return ended a
 * call (decided = 1); `count` entries (0 and NULL when tracing is off). */
const unsigned int *cls_trace_lines(lua_State *L, int decided, size_t *count);
/* Line of the last return executed in the policy chunk during the last call; 0 if none. */
int cls_trace_last_return(lua_State *L);

#endif
