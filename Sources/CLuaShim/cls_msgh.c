/* The message handler of every protected run (cls_msgh): turns any error value into the
 * state's error record (kind, line, message, traceback) without running metamethods, and
 * keeps a message too long for the record whole for cls_last_error_whole. */
#include "cls_internal.h"
#include <string.h>

/* Registry key of the last message too long for the error record. */
static const char cls_whole_message_key = 0;

const char *cls_last_error_whole(lua_State *L, size_t *length) {
    const cls_error *e = &cls_host_of(L)->error;
    size_t kept = strlen(e->message);
    if (kept != sizeof e->message - 1 || memcmp(e->message + kept - 3, "...", 3) != 0) return NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &cls_whole_message_key) != LUA_TSTRING) {
        lua_pop(L, 1);
        return NULL;
    }
    const char *whole = lua_tolstring(L, -1, length);
    lua_pop(L, 1); /* still referenced by the registry */
    /* Only when it is the message the record holds the start of (not an older one). */
    if (*length <= kept || memcmp(whole, e->message, kept - 3) != 0) return NULL;
    return whole;
}

static void cls_copy(char *dst, size_t cap, const char *src, size_t len) {
    if (len >= cap) {
        len = cap - 4;
        memcpy(dst, src, len);
        memcpy(dst + len, "...", 4);
        return;
    }
    memcpy(dst, src, len);
    dst[len] = 0;
}

/* Copies a traceback, writing the policy's full path where Lua shortened it to
 * "...<last 56 bytes>": a long CI workspace path is still readable and clickable. */
static void cls_copy_traceback(cls_host *h, const char *tb, size_t len) {
    const char *full = h->source != NULL ? h->source + 1 : NULL; /* "@path" */
    size_t short_len = strlen(h->short_src);
    if (full == NULL || short_len < 4 || memcmp(h->short_src, "...", 3) != 0) {
        cls_copy(h->error.traceback, sizeof h->error.traceback, tb, len);
        return;
    }
    size_t full_len = strlen(full), room = sizeof h->error.traceback - 4, out = 0, i = 0;
    char *dst = h->error.traceback;
    while (i < len) {
        int shortened = len - i >= short_len && memcmp(tb + i, h->short_src, short_len) == 0;
        size_t need = shortened ? full_len : 1;
        if (out + need > room) break;
        if (shortened) {
            memcpy(dst + out, full, full_len);
            i += short_len;
        } else {
            dst[out] = tb[i++];
        }
        out += need;
    }
    if (i < len) { /* cut short: marked as cls_copy marks it */
        memcpy(dst + out, "...", 3);
        out += 3;
    }
    dst[out] = 0;
}

/* Strips "<short_src>:<line>: " when short_src is one of ours; returns the line or 0. */
static int cls_strip_position(const char **msg, size_t *len, const char *short_src) {
    size_t n = strlen(short_src);
    if (n == 0 || *len <= n + 3 || memcmp(*msg, short_src, n) != 0 || (*msg)[n] != ':') return 0;
    size_t i = n + 1;
    int line = 0;
    while (i < *len && (*msg)[i] >= '0' && (*msg)[i] <= '9' && line < 100000000) line = line * 10 + ((*msg)[i++] - '0');
    if (line == 0 || i + 1 >= *len || (*msg)[i] != ':' || (*msg)[i + 1] != ' ') return 0;
    *msg += i + 2;
    *len -= i + 2;
    return line;
}

/* Message handler: turns any error value into text without running metamethods,
 * records kind, line (from the host's own record of the chunk) and traceback. */
int cls_msgh(lua_State *L) {
    cls_host *h = cls_host_of(L);
    const char *msg;
    size_t len;
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING || t == LUA_TNUMBER) {
        msg = lua_tolstring(L, 1, &len);
    } else {
        msg = lua_pushfstring(L, "error object is a %s value", lua_typename(L, t));
        len = strlen(msg);
    }
    int marked = cls_is_marked(h, msg, len);
    int line = cls_strip_position(&msg, &len, h->short_src);
    if (line == 0) cls_strip_position(&msg, &len, h->prelude_src);
    if (line == 0 && h->source != NULL) {
        lua_Debug ar;
        for (int level = 1; level < 64 && lua_getstack(L, level, &ar); level++) {
            if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, h->source) == 0) {
                line = ar.currentline;
                break;
            }
        }
    }
    int kind = CLS_KIND_RUNTIME;
    if (marked || cls_is_marked(h, msg, len))
        kind = h->marked_kind;
    else if (len == 17 && memcmp(msg, "not enough memory", 17) == 0)
        kind = CLS_KIND_MEMORY;
    h->error.kind = kind;
    h->error.line = line;
    cls_copy(h->error.message, sizeof h->error.message, msg, len);
    if (len >= sizeof h->error.message) {
        /* Too long for the record: the whole text is kept for cls_last_error_whole, up
         * to CLS_WHOLE_MESSAGE_MAX bytes (an error is one line on a terminal). */
        if (len <= CLS_WHOLE_MESSAGE_MAX) {
            lua_pushlstring(L, msg, len);
        } else {
            lua_pushlstring(L, msg, CLS_WHOLE_MESSAGE_MAX - 3);
            lua_pushliteral(L, "...");
            lua_concat(L, 2);
        }
        lua_rawsetp(L, LUA_REGISTRYINDEX, &cls_whole_message_key);
    }
    luaL_traceback(L, L, NULL, 1);
    size_t tlen;
    const char *tb = lua_tolstring(L, -1, &tlen);
    /* In a run of calls (cls_run_calls) the run's C function is the bottom frame: the
     * traceback ends at the policy's, as for a call of its own. */
    static const char run_frame[] = "\n\t[C]: in ?";
    size_t frame_len = sizeof run_frame - 1;
    if (h->in_run && tlen >= frame_len && memcmp(tb + tlen - frame_len, run_frame, frame_len) == 0) tlen -= frame_len;
    cls_copy_traceback(h, tb, tlen);
    lua_pop(L, 1);
    lua_pushlstring(L, msg, len);
    return 1;
}
