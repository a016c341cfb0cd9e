#ifndef CLS_EXTENSION_H
#define CLS_EXTENSION_H
/*
 * What a C library built on the kernel (CPolicyBridge) may use inside a state: its own
 * record, raising classified errors, protected runs under the budget and the message
 * handler, the state's chunk names, and read-only metatables. The kernel never includes
 * an extension's headers.
 */
#include "CLuaShim.h"

/* The extension's record given in cls_config: the first field of the kernel's host
 * record, so reading it costs one load after lua_getallocf. */
static inline void *cls_extension_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return *(void **)ud;
}

/* The kernel's record of a state, opaque here. Found once per crossing from the host, so
 * a run of calls (a span of days) looks the state up once instead of once per call. */
typedef struct cls_host cls_host;
static inline cls_host *cls_host_find(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (cls_host *)ud;
}
/* The extension's record, from a host record already found. */
static inline void *cls_host_extension(cls_host *h) { return *(void **)h; }
/* cls_run_armed_at for a host record already found, with the error record cleared first:
 * what a loop of calls does per call. */
int cls_call_at(lua_State *L, cls_host *h, int nargs, long long budget, int handler);

/* A run of calls in one protected call: cls_run_calls runs `body` (a C function taking one
 * light userdata, returning what it leaves on its stack) under lua_pcall with the message
 * handler; `body` makes each call with cls_call_inside, which arms that call's own budget and
 * reports it to the thread's guard exactly as cls_call_at does, but raises nothing of its own:
 * an error the called function raises unwinds the whole run to cls_run_calls, which records it
 * as cls_call_at would (what `body` kept on its stack is then gone). cls_call_inside returns
 * LUA_OK, or LUA_ERRRUN (recorded) when the call overspent its budget or the guard stopped the
 * run; its results are then still on the stack. cls_run_calls returns the Lua status, the
 * values `body` returned above the stack's top at the call; cls_run_calls_raised tells whether
 * an error unwound the run. Not for a traced state (cls_tracing): tracing wraps each
 * call with cls_call_at. */
int cls_run_calls(lua_State *L, cls_host *h, lua_CFunction body, void *argument);
int cls_call_inside(lua_State *L, cls_host *h, int nargs, long long budget);
int cls_tracing(cls_host *h);
/* Raises an error of a given kind (CLS_KIND_*); the message handler recognises it by text. */
int cls_raise(lua_State *L, int kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Runs `body` (a C function taking one light userdata) under lua_pcall with the
 * message handler and `budget` instructions. Returns the Lua status. */
int cls_protected(lua_State *L, lua_CFunction body, void *argument, long long budget);
/* Inside a protected body: calls the function below its `nargs` arguments for one result,
 * which must be a string (else a type error naming it: `label`, a lua_pushfstring format,
 * applied to `name`, such as "'%s'"). Returns 1, the string left as the body's result. */
int cls_call_text(lua_State *L, int nargs, const char *label, const char *name);
/* cls_protected for a body that returns one string (cls_call_text) or nothing: `out` is
 * that string on LUA_OK, valid until the stack is cleared, else NULL. */
int cls_protected_text(lua_State *L, lua_CFunction body, void *argument, long long budget, const char **out,
                       size_t *out_len);
/* With the message handler at `handler` and a function and its `nargs` arguments just
 * above it, calls it with `budget` instructions and classifies any failure; on failure
 * the stack is cut to below the handler. */
int cls_run_armed_at(lua_State *L, int nargs, long long budget, int handler);
/* The message handler cls_run_armed_at expects. */
int cls_msgh(lua_State *L);
/* The state's error record, and clearing it before an operation. */
cls_error *cls_error_record(lua_State *L);
void cls_error_clear(lua_State *L);
/* The configured budgets and memory cap. */
long long cls_call_budget(lua_State *L);
long long cls_load_budget(lua_State *L);
size_t cls_memory_limit(lua_State *L);

/* Chunk roles the message handler knows: positions in either are stripped from messages
 * into the error's line; the main chunk also names tracebacks, traced lines and the
 * line of an error raised below it. */
enum { CLS_CHUNK_OTHER = 0, CLS_CHUNK_MAIN = 1, CLS_CHUNK_HELPER = 2 };
/* Makes "@path" the main chunk's name; returns it (owned by the state) or NULL. */
const char *cls_set_main_chunk(lua_State *L, const char *path);
/* Records how Lua abbreviates `name` in messages for a role. */
void cls_name_chunk(lua_State *L, int role, const char *name);
/* Pushes a text chunk's function (a binary one is refused before Lua's undump sees it);
 * raises a syntax error (or memory) on failure. Names it for `role`. */
void cls_load_text(lua_State *L, const char *source, size_t length, const char *name, int role);

/* A metatable with __name, __index, a refusing __newindex and a hidden __metatable;
 * returns its stack index. */
int cls_new_meta(lua_State *L, const char *name, lua_CFunction index, lua_CFunction tostring);
/* The refusing __newindex of read-only views. */
int cls_readonly(lua_State *L);

/* 64-bit FNV-1a of `length` bytes, continuing from `hash` (start with CLS_FNV1A64_BASIS). */
#define CLS_FNV1A64_BASIS 0xcbf29ce484222325ULL
#define CLS_FNV1A64_PRIME 0x100000001b3ULL
uint64_t cls_fnv1a64(uint64_t hash, const void *bytes, size_t length);

#endif
