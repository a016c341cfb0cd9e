/* Derived from str_find_aux, gmatch, gsub and their helpers in lstrlib.c of Lua 5.4. Copyright (C)
 * 1994-2023 Lua.org, PUC-Rio. MIT license: the full notice is in LICENSE (third-party section). */
/* string.find/match/gmatch/gsub for policies, on the budgeted matcher in
 * cls_pattern_match.c: same results as Lua's own (checked against stock lua5.4 by
 * PatternMatcherOracleTests), but a pathological pattern ends with a budget error. */
#include "cls_pattern_match.h"
#include <ctype.h>
#include <string.h>

/* Pushes capture i (or the whole match when there are none); returns its length
 * or CLS_CAP_POSITION when it pushed a position. */
static void cls_pattern_push_capture(cls_match *ms, int i, const char *s, const char *e) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(ms->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t l = ms->capture[i].len;
    if (l == CLS_CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
    if (l == CLS_CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
    else lua_pushlstring(ms->L, ms->capture[i].init, (size_t)l);
}

static int cls_pattern_push_captures(cls_match *ms, const char *s, const char *e) {
    int n = (ms->level == 0 && s) ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++) cls_pattern_push_capture(ms, i, s, e);
    return n;
}

static size_t cls_start(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static int cls_find_aux(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = cls_start(luaL_optinteger(L, 3, 1), ls) - 1;
    cls_match ms;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || cls_pattern_is_plain(p, lp))) {
        cls_pattern_prepare(&ms, L, s, ls, p, lp);
        const char *s2 = cls_pattern_find_plain(&ms, s + init, ls - init, p, lp);
        if (s2) {
            lua_pushinteger(L, (s2 - s) + 1);
            lua_pushinteger(L, (lua_Integer)((s2 - s) + lp));
            return 2;
        }
    } else {
        const char *s1 = s + init;
        int anchor = (*p == '^');
        if (anchor) {
            p++;
            lp--;
        }
        cls_pattern_prepare(&ms, L, s, ls, p, lp);
        do {
            cls_pattern_reset(&ms);
            cls_pattern_step(&ms, 1);
            const char *res = cls_pattern_match(&ms, s1, p);
            if (res != NULL) {
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, res - s);
                    return cls_pattern_push_captures(&ms, NULL, 0) + 2;
                }
                return cls_pattern_push_captures(&ms, s1, res);
            }
        } while (s1++ < ms.src_end && !anchor);
    }
    luaL_pushfail(L);
    return 1;
}

static int cls_find(lua_State *L) { return cls_find_aux(L, 1); }
static int cls_match_fn(lua_State *L) { return cls_find_aux(L, 0); }

typedef struct cls_gmatch {
    const char *src, *p, *lastmatch;
    cls_match ms;
} cls_gmatch;

static int cls_gmatch_aux(lua_State *L) {
    cls_gmatch *gm = lua_touserdata(L, lua_upvalueindex(3));
    gm->ms.L = L;
    for (const char *src = gm->src; src <= gm->ms.src_end; src++) {
        cls_pattern_reset(&gm->ms);
        cls_pattern_step(&gm->ms, 1);
        const char *e = cls_pattern_match(&gm->ms, src, gm->p);
        if (e != NULL && e != gm->lastmatch) {
            gm->src = gm->lastmatch = e;
            return cls_pattern_push_captures(&gm->ms, src, e);
        }
    }
    return 0;
}

static int cls_gmatch_fn(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = cls_start(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);
    cls_gmatch *gm = lua_newuserdatauv(L, sizeof *gm, 0);
    if (init > ls) init = ls + 1;
    cls_pattern_prepare(&gm->ms, L, s, ls, p, lp);
    gm->src = s + init;
    gm->p = p;
    gm->lastmatch = NULL;
    lua_pushcclosure(L, cls_gmatch_aux, 3);
    return 1;
}

static void cls_add_s(cls_match *ms, luaL_Buffer *b, const char *s, const char *e) {
    size_t l;
    lua_State *L = ms->L;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    cls_pattern_step(ms, 1 + (long long)(l / 16));
    while ((p = memchr(news, CLS_ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;
        if (*p == CLS_ESC) {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*p)) {
            cls_pattern_push_capture(ms, *p - '1', s, e);
            luaL_tolstring(L, -1, NULL);
            lua_remove(L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", CLS_ESC);
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

static int cls_add_value(cls_match *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = ms->L;
    switch (tr) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int n = cls_pattern_push_captures(ms, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        cls_pattern_push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
        break;
    default:
        cls_add_s(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int cls_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *lastmatch = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = (*p == '^');
    lua_Integer n = 0;
    int changed = 0;
    cls_match ms;
    luaL_Buffer b;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    cls_pattern_prepare(&ms, L, src, srcl, p, lp);
    while (n < max_s) {
        cls_pattern_reset(&ms);
        cls_pattern_step(&ms, 1);
        const char *e = cls_pattern_match(&ms, src, p);
        if (e != NULL && e != lastmatch) {
            n++;
            changed = cls_add_value(&ms, &b, src, e, tr) | changed;
            src = lastmatch = e;
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

int cls_open_patterns(lua_State *L) {
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushcfunction(L, cls_find);
    lua_setfield(L, -2, "find");
    lua_pushcfunction(L, cls_match_fn);
    lua_setfield(L, -2, "match");
    lua_pushcfunction(L, cls_gmatch_fn);
    lua_setfield(L, -2, "gmatch");
    lua_pushcfunction(L, cls_gsub);
    lua_setfield(L, -2, "gsub");
    lua_pop(L, 1);
    return 0;
}
