/* Tracing for policy tests and explain: which lines of the policy chunk ran, and
 * which `return` ended each call. Only armed on request, so evaluation stays fast. */
#include "cls_internal.h"
#include <stdlib.h>
#include <string.h>

#define CLS_TRACE_MAX_LINES (1 << 20)

typedef struct cls_line_counts {
    unsigned int *counts;
    size_t capacity;
} cls_line_counts;

struct cls_trace_record {
    cls_line_counts lines;   /* how often each line ran */
    cls_line_counts decided; /* how often each line's return ended a call */
    int last_return;
    int returns_only;    /* only the deciding return wanted: no line events (a replay) */
    const char *matched; /* the policy chunk's source string, once seen */
};

void cls_trace_free(cls_host *h) {
    if (h->trace == NULL) return;
    free(h->trace->lines.counts);
    free(h->trace->decided.counts);
    free(h->trace);
    h->trace = NULL;
}

void cls_trace_begin(cls_host *h) {
    if (h->trace != NULL) h->trace->last_return = 0;
}

int cls_trace_enable(lua_State *L, int on) {
    cls_host *h = cls_host_of(L);
    if (!on) {
        cls_trace_free(h);
        return 0;
    }
    if (h->trace != NULL) return 0;
    h->trace = calloc(1, sizeof *h->trace);
    if (h->trace == NULL) return LUA_ERRMEM;
    h->trace->returns_only = on == CLS_TRACE_RETURNS;
    return 0;
}

int cls_trace_mask(const cls_host *h) {
    return h->trace->returns_only ? LUA_MASKRET : LUA_MASKLINE | LUA_MASKRET;
}

/* Whether the function the hook reports belongs to the policy chunk. */
static int cls_trace_is_policy(cls_host *h, const lua_Debug *ar) {
    struct cls_trace_record *t = h->trace;
    if (ar->source == NULL || h->source == NULL) return 0;
    if (ar->source == t->matched) return 1;
    if (strcmp(ar->source, h->source) != 0) return 0;
    t->matched = ar->source;
    return 1;
}

static void cls_trace_count(cls_line_counts *t, int line) {
    if (line <= 0 || line >= CLS_TRACE_MAX_LINES) return;
    size_t index = (size_t)line;
    if (index >= t->capacity) {
        size_t capacity = t->capacity == 0 ? 256 : t->capacity;
        while (capacity <= index) capacity *= 2;
        unsigned int *grown = realloc(t->counts, capacity * sizeof *grown);
        if (grown == NULL) return; /* coverage is best effort; the call itself goes on */
        memset(grown + t->capacity, 0, (capacity - t->capacity) * sizeof *grown);
        t->counts = grown;
        t->capacity = capacity;
    }
    if (t->counts[index] < 0xFFFFFFFFu) t->counts[index]++;
}

void cls_trace_end(cls_host *h) {
    if (h->trace != NULL && h->trace->last_return > 0) cls_trace_count(&h->trace->decided, h->trace->last_return);
}

void cls_trace_hook(lua_State *L, lua_Debug *ar) {
    cls_host *h = cls_host_of(L);
    cls_patrol_check(); /* a look asked for the watcher while this call ran */
    if (ar->event == LUA_HOOKCOUNT) {
        cls_budget_hook(L, ar);
        return;
    }
    if (h->trace == NULL || !lua_getinfo(L, "Sl", ar) || !cls_trace_is_policy(h, ar)) return;
    if (ar->event == LUA_HOOKLINE) cls_trace_count(&h->trace->lines, ar->currentline);
    else if (ar->event == LUA_HOOKRET && ar->currentline > 0) h->trace->last_return = ar->currentline;
}

const unsigned int *cls_trace_lines(lua_State *L, int decided, size_t *count) {
    cls_host *h = cls_host_of(L);
    if (h->trace == NULL) { *count = 0; return NULL; }
    cls_line_counts *t = decided ? &h->trace->decided : &h->trace->lines;
    *count = t->capacity;
    return t->counts;
}

int cls_trace_last_return(lua_State *L) {
    cls_host *h = cls_host_of(L);
    return h->trace == NULL ? 0 : h->trace->last_return;
}

void cls_print_mute(lua_State *L, int on) {
    cls_host_of(L)->print_muted = on ? 1 : 0;
}
