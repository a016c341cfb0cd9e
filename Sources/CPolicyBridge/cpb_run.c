/* A run of days under one protected call (cls_run_calls): each wanted function of each day,
 * each under its own budget and guard entry (cls_call_inside), read as cpb_call.c reads a
 * single call; and the single-day road (a question asked alone, tracing) through cpb_call_one. */
#include "cpb_internal.h"

/* The record of the next wanted function of `day` (the lowest bit left in `*wants`, which it
 * clears), addressed to the day; `*function` names it. The day's `today` is the state's. */
static cpb_call *cpb_next_call(cpb_state *h, cpb_day_call *day, unsigned *wants, int *function) {
    int f = __builtin_ctz(*wants);
    *wants &= *wants - 1;
    cpb_call *c = f == CPB_FN_CANSELECT ? &day->select : f == CPB_FN_CANDESELECT ? &day->deselect : &day->decoration;
    c->function = f;
    c->day_number = day->day_number;
    c->calendar_tag = day->calendar_tag;
    h->has_today = day->has_today;
    h->today = day->today;
    *function = f;
    return c;
}

/* One day's wanted functions, above what earlier days of a span left on the stack. */
static int cpb_call_wanted(lua_State *L, cls_host *host, cpb_state *h, cpb_day_call *day) {
    for (unsigned wants = (unsigned)day->wants & 7u; wants != 0;) {
        int f;
        cpb_call *c = cpb_next_call(h, day, &wants, &f);
        int status = cpb_call_one(L, host, h, c);
        if (status != LUA_OK) {
            day->failed = f;
            return status;
        }
    }
    return LUA_OK;
}

/* A run of days in one protected call (cls_run_calls), each function under its own budget. */
typedef struct cpb_day_run {
    cls_host *host;
    cpb_state *h;
    cpb_day_call *days;
    int count;
    int answered; /* days whose every wanted call succeeded */
    int status;   /* why the run stopped without an error unwinding it */
} cpb_day_run;

/* Where the run's body keeps what each call pushes (see cpb_day_run_body): slot 1 is the
 * run's record, then the three day functions in CPB_FN_* order, then the selection. */
enum {
    CPB_RUN_FIRST_FUNCTION = 2,
    CPB_RUN_SELECTION = CPB_RUN_FIRST_FUNCTION + CPB_FN_HOURS,
    CPB_RUN_CONTEXT = CPB_RUN_SELECTION + 1,
    CPB_RUN_SLOTS = 5
};

/* Stack slots reserved at a time for the run's calls and what they keep (see cpb_day_run_body). */
enum { CPB_RUN_ROOM = 64 };

/* The body of the run: each wanted function of each day, called with cls_call_inside. What the
 * host reads stays on this function's stack (cpb_keep) and is returned, so it lands on the
 * host's stack, alive until cpb_call_finish. */
static int cpb_day_run_body(lua_State *L) {
    cpb_day_run *run = (cpb_day_run *)lua_touserdata(L, 1);
    cpb_state *h = run->h;
    /* The three functions (nil where not defined), the selection and the context, read from the registry
     * once for the run into slots 2..5 and pushed from there for each call: two registry reads
     * a call cost ~80 instructions. Nothing a policy runs can change them (the registry is out
     * of its reach; the selection is set before the run). */
    if (!lua_checkstack(L, CPB_RUN_SLOTS + 8)) {
        run->status = cpb_stack_refused(L);
        return lua_gettop(L) - 1;
    }
    for (int f = 0; f < CPB_FN_HOURS; f++) {
        if (h->function_ref[f] == LUA_NOREF) lua_pushnil(L);
        else lua_rawgeti(L, LUA_REGISTRYINDEX, h->function_ref[f]);
    }
    if (h->selection_ref == LUA_NOREF) lua_pushnil(L);
    else lua_rawgeti(L, LUA_REGISTRYINDEX, h->selection_ref);
    cpb_push_context(L, h);
    /* The stack is made to hold a call's 8 slots ahead of time, CPB_RUN_ROOM at once: below
     * `room` the slots are reserved (lua_checkstack raised this frame's top, which a stack
     * shrink respects), so most calls skip lua_checkstack (~20 instructions a call). */
    int room = lua_gettop(L) + 8;
    /* Each call's results go above what the calls before it kept (kept_top); what is not kept
     * may stay there for a while (cpb_drop_results). */
    h->kept_top = lua_gettop(L);
    h->lazy_drop = 1;
    for (int i = 0; i < run->count; i++) {
        cpb_day_call *day = &run->days[i];
        for (unsigned wants = (unsigned)day->wants & 7u; wants != 0;) {
            int f;
            cpb_call *c = cpb_next_call(h, day, &wants, &f);
            day->failed = f; /* before the call: an error raised in it never comes back here */
            int top = lua_gettop(L);
            int status = LUA_OK;
            if (h->function_ref[f] == LUA_NOREF) {
                status = cpb_call_refused(L, h, f, 8);
            } else if (top + 8 > room) {
                if (lua_checkstack(L, CPB_RUN_ROOM)) room = top + CPB_RUN_ROOM;
                else if (lua_checkstack(L, 8)) room = top + 8;
                else status = cpb_call_refused(L, h, f, 8);
            }
            if (status == LUA_OK) {
                h->call_base = h->kept_top;
                lua_pushvalue(L, CPB_RUN_FIRST_FUNCTION + f);
                cpb_push_day(L, c->day_number, c->calendar_tag);
                int nargs = 2;
                if (f != CPB_FN_DECORATION) lua_pushvalue(L, CPB_RUN_SELECTION), nargs = 3;
                lua_pushvalue(L, CPB_RUN_CONTEXT);
                h->calls++;
                status = cls_call_inside(L, run->host, nargs, h->call_budget);
                if (status != LUA_OK) lua_settop(L, h->call_base);
                else status = cpb_read_results(L, h, c, top + 1, lua_gettop(L) - top);
            }
            if (status != LUA_OK) {
                run->status = status;
                return lua_gettop(L) - 1;
            }
        }
        run->answered = i + 1;
    }
    return lua_gettop(L) - 1;
}

int cpb_call_days(lua_State *L, cpb_day_call *days, int count, int *answered) {
    /* One lookup of the state's records for the whole run. */
    cls_host *host = cls_host_find(L);
    cpb_state *h = (cpb_state *)cls_host_extension(host);
    if (lua_gettop(L) != 0) lua_settop(L, 0); /* settop is not free; after cpb_call_finish it is 0 */
    if (count == 1 || cls_tracing(host)) {
        /* One day (a question asked alone: select, explain, a picker's tap) gains nothing from a
         * run and would pay for its C frame; tracing (explain, coverage) wraps each call with its
         * own protected call. */
        for (int i = 0; i < count; i++) {
            int status = cpb_call_wanted(L, host, h, &days[i]);
            if (status != LUA_OK) {
                *answered = i;
                return status;
            }
        }
        *answered = count;
        return LUA_OK;
    }
    cpb_day_run run = {host, h, days, count, 0, LUA_OK};
    int status = cls_run_calls(L, host, cpb_day_run_body, &run);
    h->lazy_drop = 0; /* however the run ended */
    *answered = run.answered;
    if (status == LUA_OK) return run.status;
    if (run.status == LUA_OK) {
        /* An error unwound the run and took the strings the answers before it pointed to. The
         * stack throws those answers away with the error; only their verdicts and whether they
         * decorated may still be read, so their texts are withdrawn rather than left dangling. */
        for (int i = 0; i <= run.answered && i < count; i++) {
            cpb_call *calls[3] = {&days[i].select, &days[i].deselect, &days[i].decoration};
            for (int f = 0; f < 3; f++) {
                calls[f]->reason = NULL, calls[f]->reason_len = 0;
                calls[f]->label = NULL, calls[f]->label_len = 0;
                calls[f]->color = NULL, calls[f]->color_len = 0;
                calls[f]->image = NULL, calls[f]->image_len = 0;
            }
        }
    }
    return status;
}

void cpb_call_finish(lua_State *L) { cls_call_finish(L); }

unsigned long long cpb_calls(lua_State *L) { return cpb_of(L)->calls; }
