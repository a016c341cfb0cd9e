/* The instruction budget: the count hook every budgeted run arms (cls_run.c), and the
 * budgets a state was given. */
#include "cls_internal.h"

/* The count is shared by everything running in the state and, once spent, the
 * hook fires on every instruction, so a policy's own pcall cannot outlast it. */
void cls_budget_hook(lua_State *L, lua_Debug *ar) {
    cls_host *h = cls_host_of(L);
    cls_patrol_check(); /* a look asked for the watcher while this call ran */
    cls_guard *g = cls_guard_current();
    if (g != NULL && cls_guard_interrupted(g)) {
        lua_sethook(L, cls_budget_hook, LUA_MASKCOUNT, 1);
        cls_raise(L, CLS_KIND_TIMEOUT, "%s", cls_guard_reason(g));
    }
    if (ar->event != LUA_HOOKCOUNT) {
        /* The call or return a look asked to hear of (cls_guard.c): the watcher runs now, so
         * the hook goes back to counting alone (at every instruction once exhausted). */
        if (h->exhausted) lua_sethook(L, cls_budget_hook, LUA_MASKCOUNT, 1);
        else if (cls_counting(h)) lua_sethook(L, cls_budget_hook, LUA_MASKCOUNT, h->hook_count);
        else lua_sethook(L, NULL, 0, 0);
        if (!h->exhausted) return;
    } else if (!h->exhausted) {
        h->remaining -= h->hook_count;
        if (h->remaining > 0) return;
        h->exhausted = 1;
        /* Same hook (tracing wraps this one), now on every instruction. */
        lua_sethook(L, lua_gethook(L), lua_gethookmask(L) | LUA_MASKCOUNT, 1);
    }
    cls_raise(L, CLS_KIND_BUDGET, "instruction budget of %lld exhausted", h->active_budget);
}

long long cls_budget_spent(lua_State *L) { return cls_host_of(L)->spent; }

long long cls_call_budget(lua_State *L) { return cls_host_of(L)->call_budget; }

long long cls_load_budget(lua_State *L) { return cls_host_of(L)->load_budget; }
