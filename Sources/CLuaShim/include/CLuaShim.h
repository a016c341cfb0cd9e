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

/* ---- Host callbacks ----------------------------------------------------- */

/* One `print` call: the arguments joined by tabs (may hold any bytes, not
 * NUL-terminated for the host's purposes), with the context given in cls_config.
 * The host decides what becomes of it (calpolicy escapes it onto one stderr line). */
typedef void (*cls_print_fn)(void *context, const char *text, size_t length);

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
/* The guard's owner looks at it periodically (a patrol) and calls cls_guard_arm_budget for a
 * call it sees running across two looks: only then may sliced states skip the hook. */
void cls_guard_set_patrolled(cls_guard *guard, int patrolled);
/* 0 when this build cannot arm a sliced budget by a signal (ThreadSanitizer): budgets count strictly. */
int cls_budget_sliced_available(void);
/* From the patrol's thread: arms the count hook of the call running under the guard now (if
 * it is still the same call when the signal arrives), so its budget starts counting. */
void cls_guard_arm_budget(cls_guard *guard);
void cls_guard_progress(const cls_guard *guard, unsigned long long *entries, unsigned long long *exits);
/*
 * The watcher of a process (the host's patrol thread) started only once a run needs it:
 * a thread costs a one-month command ~0.18 ms (6 %) of wall time here, and its first look
 * is a patrol period away, after most commands have ended. Until it runs, a run's guard
 * carries a one-shot timer (cls_guard_schedule_look) that fires where the patrol's first
 * look would: it arms the budget of the call running then, as the patrol would, and asks
 * for the watcher, which the run's own thread then starts at its next protected call, budget
 * hook, or call or return of Lua (never from the signal). A call to the host (calendar conversions, holiday
 * data, files: work Lua cannot interrupt) starts it first (cls_patrol_start_now).
 */
/* Registers the host's function that starts its watcher (called on a run's thread). */
void cls_patrol_set_starter(void (*start)(void));
/* Records that the watcher runs (the host started it itself): nothing is scheduled after. */
void cls_patrol_mark_started(void);
/* Starts the watcher now if it does not run yet (ordinary context only). */
void cls_patrol_start_now(void);
/* Arms `guard`'s one-shot look `nanoseconds` from now, signalled to the calling thread;
 * 0 when armed, -1 when not (the watcher already runs, or no timer: start it instead). */
int cls_guard_schedule_look(cls_guard *guard, long long nanoseconds);
/* Disarms it (before the guard is freed; nothing when none is armed). */
void cls_guard_cancel_look(cls_guard *guard);
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

typedef struct cls_extension {
    int (*open)(lua_State *L);
    void (*close)(void *data);
} cls_extension;

typedef struct cls_config {
    size_t memory_limit;          /* bytes; 0 means the 64 MiB default */
    cls_pool *pool;               /* shared with other states of the run, or NULL */
    long long instruction_budget; /* per call; <= 0 means unlimited */
    long long load_budget;        /* for loading; <= 0 means unlimited */
    int hook_enabled;             /* 0 disables the count hook entirely */
    /* 1: under a patrolled guard (cls_guard_set_patrolled), a call runs without the count
     * hook until it outlives the patrol's slice, when cls_guard_arm_budget arms it on the
     * running thread; the budget then counts from there. 0: counted from the first
     * instruction, exactly (what tests of the budget itself need). */
    int budget_sliced;
    cls_print_fn print_line;      /* where print goes; NULL drops it unread */
    void *print_context;          /* handed to print_line */
    /* What a C library built on the kernel adds to every state (CPolicyBridge's views
     * and policy calls): `open` runs inside the protected open, after the sandbox;
     * `close` frees `extension_data` after the state is closed (also when opening
     * failed: the state owns it from cls_open on). Both may be NULL. */
    const struct cls_extension *extension;
    void *extension_data;
    /* The compile cache's directory (cls_cache.c): a policy chunk's bytecode is kept there
     * and reused while its name and text are unchanged. NULL: no cache. Copied. */
    const char *compile_cache;
} cls_config;

/* A new sandboxed state, or NULL (message written into `error`). */
lua_State *cls_open(const cls_config *config, cls_error *error);
void cls_close(lua_State *L);
/* The state is built (its policy, or a chunk through cls_load_chunk, loaded): the collector
 * goes back to Lua's default pace. */
void cls_settle(lua_State *L);
/* The state's last error (valid until the next operation on the state). */
const cls_error *cls_last_error(lua_State *L);
/* The last error's whole message when the record holds it cut short (ending in "..."),
 * else NULL; valid until the next error of the state. Messages longer than
 * CLS_WHOLE_MESSAGE_MAX bytes end in "..." there too. */
#define CLS_WHOLE_MESSAGE_MAX 4096
const char *cls_last_error_whole(lua_State *L, size_t *length);
/* Field accessors: Swift imports fixed C arrays as tuples. */
static inline const char *cls_error_message(const cls_error *e) { return e->message; }
static inline const char *cls_error_traceback(const cls_error *e) { return e->traceback; }
/* Bytes currently allocated by the state. */
size_t cls_memory_used(lua_State *L);
/* What the last protected run (load, call, script call) took from its budget:
 * instructions counted by the hook (in steps of up to 1,000) plus pattern-matching
 * steps; pattern steps alone when the hook is off. Over the budget when it failed so. */
long long cls_budget_spent(lua_State *L);
/* Whether the last policy chunk loaded came from the compile cache (cls_config.compile_cache)
 * rather than from compiling its text. */
int cls_chunk_cached(lua_State *L);

/* ---- Generic chunks, calls and native functions --------------------------- */

/* A value crossing between Lua and the host. Strings are not copied: in results they
 * stay valid until cls_call_finish; OTHER carries the Lua type name in `string`. */
enum {
    CLS_VALUE_NIL = 0,
    CLS_VALUE_BOOLEAN = 1,
    CLS_VALUE_INTEGER = 2,
    CLS_VALUE_NUMBER = 3,
    CLS_VALUE_STRING = 4,
    CLS_VALUE_OTHER = 5
};

typedef struct cls_value {
    int type;
    int boolean;
    long long integer;
    double number;
    const char *string;
    size_t length;
} cls_value;

/*
 * Compiles a text chunk named `name` (e.g. "=probe" or "@file.lua") without running it;
 * the function is kept in the registry under `*ref`. Returns a Lua status.
 */
int cls_load_chunk(lua_State *L, const char *source, size_t length, const char *name, int *ref);
/* Drops a reference from cls_load_chunk. */
void cls_release_ref(lua_State *L, int ref);
/*
 * Calls the function under `ref` with `nargs` values and the call budget, reading up to
 * `capacity` results into `results` (`*nresults` of them) without running metamethods.
 * Returns a Lua status; results stay valid until cls_call_finish.
 */
int cls_call_ref(lua_State *L, int ref, const cls_value *args, int nargs, cls_value *results, int capacity,
                 int *nresults);
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
 * lines run and remembers the line of the last `return` of each call. `on`: 0 off,
 * CLS_TRACE_LINES lines and returns (coverage, explain), CLS_TRACE_RETURNS the deciding
 * return alone (a replay for provenance: a hook per return, not per line).
 */
#define CLS_TRACE_LINES 1
#define CLS_TRACE_RETURNS 2
int cls_trace_enable(lua_State *L, int on);
/* Mutes (1) or unmutes (0) print: a call replayed for its deciding line prints nothing,
 * since the call that decided already printed. Raises nothing. */
void cls_print_mute(lua_State *L, int on);
/* Per line number, how often it ran (decided = 0) or how often its return ended a
 * call (decided = 1); `count` entries (0 and NULL when tracing is off). */
const unsigned int *cls_trace_lines(lua_State *L, int decided, size_t *count);
/* Line of the last return executed in the policy chunk during the last call; 0 if none. */
int cls_trace_last_return(lua_State *L);

#endif
