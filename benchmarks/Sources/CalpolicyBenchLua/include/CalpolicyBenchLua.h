#ifndef CALPOLICY_BENCH_LUA_H
#define CALPOLICY_BENCH_LUA_H
/*
 * The floor for the per-day Lua cost: one lua_pcall of a function that returns
 * true, with an integer argument, no day view, no budget hook and no result
 * checks. Runs on a state opened by the engine (cls_open), so the allocator is
 * the engine's capped one. Nothing here can raise outside a protected call.
 */
#include <lua.h>

/* Compiles `return function(n) return true end` under lua_pcall and keeps the
 * function in the registry; returns its reference, or -1 on failure. */
int cpb_prepare_bare(lua_State *L);

/* Calls the kept function with `argument` under lua_pcall: 1 or 0 for its truth,
 * -1 if the call failed. */
int cpb_bare_call(lua_State *L, int reference, long long argument);

#endif
