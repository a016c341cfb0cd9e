/* The state's error record, and raising a classified error into it: the bottom of the
 * kernel, used by every part that may fail. */
#include "cls_internal.h"
#include <stdarg.h>
#include <stdio.h>

void cls_error_reset(cls_host *h) {
    h->error.kind = CLS_KIND_NONE;
    h->error.line = 0;
    h->error.message[0] = 0;
    h->error.traceback[0] = 0;
    h->marked_kind = CLS_KIND_NONE;
    h->marked_message[0] = 0;
}

int cls_raise(lua_State *L, int kind, const char *fmt, ...) {
    cls_host *h = cls_host_of(L);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->marked_message, sizeof h->marked_message, fmt, ap);
    va_end(ap);
    h->marked_kind = kind;
    lua_pushstring(L, h->marked_message);
    return lua_error(L);
}

const cls_error *cls_last_error(lua_State *L) { return &cls_host_of(L)->error; }

cls_error *cls_error_record(lua_State *L) { return &cls_host_of(L)->error; }

void cls_error_clear(lua_State *L) { cls_error_reset(cls_host_of(L)); }
