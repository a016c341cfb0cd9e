#ifndef CLS_INTERNAL_H
#define CLS_INTERNAL_H
/* Shared between the shim's C files; never seen by Swift. */
#include "CLuaShim.h"
#include "cls_extension.h"
#include "cls_guard.h"
#include <lauxlib.h>
#include <lualib.h>
#include <signal.h>

#define CLS_DEFAULT_MEMORY ((size_t)64 << 20)
/* The collector's pause, percent of the heap the last cycle kept: while a state is built,
 * and after (Lua's default; cls_open.c says why). */
#define CLS_GC_PAUSE 300
#define CLS_GC_SETTLED_PAUSE 200
/* Sent by cls_guard_interrupt to the thread running Lua; ignored by default, rarely used. */
#define CLS_GUARD_SIGNAL SIGURG
#define CLS_POOL_CHUNK ((size_t)256 << 10)
/* With the hook off there is no instruction budget; pattern matching in one run is
 * still bounded by this many steps. */
#define CLS_UNHOOKED_STEPS 200000000LL
/* The state's arena (cls_alloc.c): blocks up to CLS_ARENA_SMALL bytes come from chunks of
 * CLS_ARENA_CHUNK bytes, at most CLS_ARENA_CHUNKS of them; past that, malloc. */
#define CLS_ARENA_CHUNK ((size_t)64 << 10)
#define CLS_ARENA_CHUNKS 8
#define CLS_ARENA_SMALL ((size_t)1 << 10)


typedef struct cls_host {
    void *extension_data;       /* first: cls_extension_of reads it */
    const cls_extension *extension;
    size_t used, limit;
    cls_pool *pool;             /* the run's shared cap, or NULL */
    size_t reserved;            /* bytes reserved from the pool (a multiple of the chunk) */
    int pool_refused;           /* the last failed allocation was the pool's refusal */
    /* the arena: small blocks bumped from chunks, never freed one by one (cls_alloc.c) */
    char *arena_cursor, *arena_end;
    char *arena_chunks[CLS_ARENA_CHUNKS];
    int arena_count;
    /* budget: `remaining` is what is left of the running call's budget; the count hook
     * and the pattern matcher (cls_pattern_match.h) both take from it. Without a hook it holds
     * the pattern matcher's CLS_UNHOOKED_STEPS. */
    long long call_budget, load_budget, active_budget, remaining;
    long long spent; /* taken from the budget by the last run (cls_budget_spent) */
    int hook_enabled, hook_count, exhausted;
    int budget_sliced;          /* the hook waits for the patrol (cls_config.budget_sliced) */
    /* output: where print goes (cls_sandbox.c), NULL to drop it */
    cls_print_fn print_line;
    void *print_context;
    int print_muted;            /* a replay (provenance's traced call): print says nothing twice */
    /* errors */
    cls_error error;
    int marked_kind;            /* kind of the last error raised by the shim itself */
    char marked_message[512];   /* ... and its message (its first 511 bytes), to recognise it after a rethrow */
    size_t marked_length;       /* ... and the whole message's length */
    char *source;               /* "@path" of the policy chunk */
    char *cache_dir;            /* the compile cache's directory (cls_cache.c), or NULL */
    int chunk_cached;           /* the last policy chunk came from the compile cache */
    char short_src[LUA_IDSIZE]; /* how Lua abbreviates it in messages */
    char prelude_src[LUA_IDSIZE]; /* ... and of the helper chunk */
    /* tracing for coverage and explain (cls_trace.c); NULL when off */
    struct cls_trace_record *trace;
    /* a run of calls (cls_run_calls): the call in flight's guard, left by cls_run_calls when
     * the call raised past cls_call_inside; `in_run` tells the message handler the run's C
     * function sits below the policy's frames */
    struct cls_guard *inside_guard;
    lua_State *inside_previous;
    int inside_call, in_run;
} cls_host;

/* A regular file of at most `limit` bytes at `name` in the directory `dir`, opened without
 * blocking or following a link (fd, and its stat in `st`), or -1 (cls_file.c). */
struct stat;
int cls_open_regular(int dir, const char *name, size_t limit, struct stat *st);

/* The compile cache (cls_cache.c): pushes the chunk compiled from exactly this name and text
 * and returns 1, or returns 0 and pushes nothing; stores the function on top of the stack. */
int cls_cache_load(lua_State *L, const char *source, size_t length, const char *name);
void cls_cache_store(lua_State *L, const char *source, size_t length, const char *name);

/* Whether `msg` is the message cls_raise raised last (so its kind is known). */
int cls_is_marked(const cls_host *h, const char *msg, size_t len);

static inline cls_host *cls_host_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (cls_host *)ud;
}

/* Whether a signal reaches a thread running Lua at once. Not under ThreadSanitizer: its runtime
 * holds an asynchronous signal until the thread calls an intercepted function, which a loop
 * inside the uninstrumented liblua never does; there a sliced budget would never be armed, so
 * budgets count strictly (cls_budget_sliced_available). */
#if defined(__SANITIZE_THREAD__)
#define CLS_SIGNALS_PROMPT 0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CLS_SIGNALS_PROMPT 0
#endif
#endif
#ifndef CLS_SIGNALS_PROMPT
#define CLS_SIGNALS_PROMPT 1
#endif


/* Whether the running call has an instruction budget (the count hook is on). */
static inline int cls_counting(const cls_host *h) { return h->hook_enabled && h->active_budget > 0; }

/* The kernel's files, from the bottom up: each uses only those listed above it.
 *   cls_error.c    the error record, cls_raise
 *   cls_alloc.c    the capped allocator and the run's pool
 *   cls_guard.c    the guard of a run (stopping Lua from another thread)
 *   cls_budget.c   the count hook and the configured budgets
 *   cls_trace.c    line tracing, wrapping the budget hook
 *   cls_msgh.c     the message handler: any error value into the error record
 *   cls_run.c      arming a run, cls_protected, runs of calls
 *   cls_chunk.c    text chunks, calls by reference or by global name, read-only metatables
 *   cls_table.c, cls_pattern_match.c, cls_pattern.c, cls_sandbox.c   what policies see
 *   cls_stack.c    running on a thread with enough native stack
 *   cls_open.c     opening and closing a state */

/* Resets the error record before an operation (cls_error.c). */
void cls_error_reset(cls_host *h);

/* The allocator given to lua_newstate, and the pool's share of a state (cls_alloc.c). */
void *cls_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
void cls_pool_retain(cls_pool *pool);
/* Gives back what the closed state reserved from its pool, and its reference. */
void cls_pool_leave(cls_host *h);
/* Frees the arena's chunks: after lua_close, or when lua_newstate failed. */
void cls_arena_release(cls_host *h);

/* The message handler every protected run is called under (cls_msgh.c). */
int cls_msgh(lua_State *L);

/* Entering and leaving a protected call are in cls_guard.h; the reason a guard stopped. */
const char *cls_guard_reason(const cls_guard *g);

/* The budget hook (cls_budget.c), and the tracing hook that wraps it (cls_trace.c). */
void cls_budget_hook(lua_State *L, lua_Debug *ar);
void cls_trace_hook(lua_State *L, lua_Debug *ar);
int cls_trace_mask(const cls_host *h);
void cls_trace_free(cls_host *h);
void cls_trace_begin(cls_host *h);
void cls_trace_end(cls_host *h);

/* With the message handler at index 1 and a function and its `nargs` arguments
 * above it, calls it with `budget` instructions; classifies any failure (cls_run.c). */
int cls_run_armed(lua_State *L, int nargs, long long budget);

/* Reads a value in place without raising, allocating or running metamethods (cls_chunk.c). */
void cls_read_value(lua_State *L, int idx, cls_value *out);


/* Bounded table.insert, table.remove and table.move into the table at `table` (cls_table.c). */
void cls_open_table_bounds(lua_State *L, int table);
/* The budgeted string.find, match, gmatch and gsub (cls_pattern.c). */
int cls_open_patterns(lua_State *L);
/* The policy's globals, built from the allow-list (cls_sandbox.c). */
int cls_open_sandbox(lua_State *L);
#endif
