/* The state's error record, and raising a classified error into it: the bottom of the
 * kernel, used by every part that may fail. */
#include "cls_internal.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void cls_error_reset(cls_host *h) {
    h->error.kind = CLS_KIND_NONE;
    h->error.line = 0;
    h->error.message[0] = 0;
    h->error.traceback[0] = 0;
    h->marked_kind = CLS_KIND_NONE;
    h->marked_message[0] = 0;
    h->marked_length = 0;
}

int cls_is_marked(const cls_host *h, const char *msg, size_t len) {
    if (h->marked_kind == CLS_KIND_NONE || h->marked_length != len) return 0;
    size_t kept = strlen(h->marked_message);
    return memcmp(h->marked_message, msg, kept < len ? kept : len) == 0;
}

int cls_raise(lua_State *L, int kind, const char *fmt, ...) {
    cls_host *h = cls_host_of(L);
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(h->marked_message, sizeof h->marked_message, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    h->marked_kind = kind;
    h->marked_length = (size_t)n;
    if ((size_t)n < sizeof h->marked_message) {
        va_end(again);
        lua_pushlstring(L, h->marked_message, (size_t)n);
    } else {
        /* The whole message, however long: formatted again into memory Lua owns. */
        char *whole = lua_newuserdatauv(L, (size_t)n + 1, 0);
        vsnprintf(whole, (size_t)n + 1, fmt, again);
        va_end(again);
        lua_pushlstring(L, whole, (size_t)n);
        lua_remove(L, -2);
    }
    return lua_error(L);
}

const cls_error *cls_last_error(lua_State *L) { return &cls_host_of(L)->error; }

cls_error *cls_error_record(lua_State *L) { return &cls_host_of(L)->error; }

void cls_error_clear(lua_State *L) { cls_error_reset(cls_host_of(L)); }
