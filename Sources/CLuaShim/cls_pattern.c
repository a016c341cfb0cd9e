/* Lua's pattern matcher runs in C, where the count hook never fires, and it can
 * backtrack exponentially. These are string.find/match/gmatch/gsub with the same
 * pattern language, written to count their steps against the policy's shared
 * instruction budget, so a pathological pattern ends with a budget error. */
#include "cls_internal.h"
#include <ctype.h>
#include <string.h>

#define CLS_ESC '%'
#define CLS_SPECIALS "^$*+?.([%-"
#define CLS_MAXCAPTURES 32
#define CLS_CAP_UNFINISHED (-1)
#define CLS_CAP_POSITION (-2)
#define CLS_MAXDEPTH 200
/* With the hook off there is no budget; still bound one pattern call. */
#define CLS_UNHOOKED_STEPS 200000000LL

typedef struct cls_match {
    const char *src_init, *src_end, *p_end;
    lua_State *L;
    int depth;
    int level;
    long long steps, max_steps;
    struct { const char *init; ptrdiff_t len; } capture[CLS_MAXCAPTURES];
} cls_match;

static void cls_over_budget(cls_match *ms) {
    cls_host *h = cls_host_of(ms->L);
    if (h->hook_enabled && h->active_budget > 0) {
        h->exhausted = 1;
        h->remaining = 0;
        lua_sethook(ms->L, lua_gethook(ms->L), LUA_MASKCOUNT, 1);
        cls_raise(ms->L, CLS_KIND_BUDGET, "instruction budget of %lld exhausted (in pattern matching)", h->active_budget);
    }
    cls_raise(ms->L, CLS_KIND_BUDGET, "pattern matching exceeded %lld steps", ms->max_steps);
}

static inline void cls_step(cls_match *ms, long long n) {
    ms->steps += n;
    if (ms->steps > ms->max_steps) cls_over_budget(ms);
}

static void cls_prepare(cls_match *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    cls_host *h = cls_host_of(L);
    ms->L = L;
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->steps = 0;
    ms->max_steps = (h->hook_enabled && h->active_budget > 0) ? (h->remaining > 0 ? h->remaining : 1) : CLS_UNHOOKED_STEPS;
}

static void cls_reset(cls_match *ms) {
    ms->level = 0;
    ms->depth = CLS_MAXDEPTH;
}

/* Charges what was used to the shared budget. */
static void cls_charge(cls_match *ms) {
    cls_host *h = cls_host_of(ms->L);
    if (h->hook_enabled && h->active_budget > 0) h->remaining -= ms->steps;
    ms->max_steps -= ms->steps;
    ms->steps = 0;
}

static int cls_class(int c, int cl) {
    int res;
    switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    case 'z': res = (c == 0); break; /* deprecated, still in 5.4 */
    default: return cl == c;
    }
    if (isupper(cl)) res = !res;
    return res;
}

static int cls_bracket(int c, const char *p, const char *ec) {
    int sig = 1;
    if (*(p + 1) == '^') {
        sig = 0;
        p++;
    }
    while (++p < ec) {
        if (*p == CLS_ESC) {
            p++;
            if (cls_class(c, (unsigned char)*p)) return sig;
        } else if (*(p + 1) == '-' && p + 2 < ec) {
            p += 2;
            if ((unsigned char)*(p - 2) <= c && c <= (unsigned char)*p) return sig;
        } else if ((unsigned char)*p == c) {
            return sig;
        }
    }
    return !sig;
}

static const char *cls_class_end(cls_match *ms, const char *p) {
    switch (*p++) {
    case CLS_ESC:
        if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do {
            if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*(p++) == CLS_ESC && p < ms->p_end) p++;
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

static int cls_single(cls_match *ms, const char *s, const char *p, const char *ep) {
    if (s >= ms->src_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case CLS_ESC: return cls_class(c, (unsigned char)*(p + 1));
    case '[': return cls_bracket(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *cls_do_match(cls_match *ms, const char *s, const char *p);

static const char *cls_balance(cls_match *ms, const char *s, const char *p) {
    if (p >= ms->p_end - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || *s != *p) return NULL;
    int b = *p, e = *(p + 1), cont = 1;
    while (++s < ms->src_end) {
        cls_step(ms, 1);
        if (*s == e) {
            if (--cont == 0) return s + 1;
        } else if (*s == b) {
            cont++;
        }
    }
    return NULL;
}

static const char *cls_max_expand(cls_match *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (cls_single(ms, s + i, p, ep)) {
        i++;
        cls_step(ms, 1);
    }
    while (i >= 0) {
        const char *res = cls_do_match(ms, s + i, ep + 1);
        if (res) return res;
        i--;
    }
    return NULL;
}

static const char *cls_min_expand(cls_match *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *res = cls_do_match(ms, s, ep + 1);
        if (res != NULL) return res;
        if (cls_single(ms, s, p, ep)) s++;
        else return NULL;
    }
}

static const char *cls_start_capture(cls_match *ms, const char *s, const char *p, int what) {
    if (ms->level >= CLS_MAXCAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[ms->level].init = s;
    ms->capture[ms->level].len = what;
    ms->level++;
    const char *res = cls_do_match(ms, s, p);
    if (res == NULL) ms->level--;
    return res;
}

static const char *cls_end_capture(cls_match *ms, const char *s, const char *p) {
    int l = -1;
    for (int level = ms->level - 1; level >= 0; level--)
        if (ms->capture[level].len == CLS_CAP_UNFINISHED) {
            l = level;
            break;
        }
    if (l < 0) luaL_error(ms->L, "invalid pattern capture");
    ms->capture[l].len = s - ms->capture[l].init;
    const char *res = cls_do_match(ms, s, p);
    if (res == NULL) ms->capture[l].len = CLS_CAP_UNFINISHED;
    return res;
}

static int cls_check_capture(cls_match *ms, int l) {
    l -= '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == CLS_CAP_UNFINISHED)
        return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    return l;
}

static const char *cls_match_capture(cls_match *ms, const char *s, int l) {
    l = cls_check_capture(ms, l);
    size_t len = (size_t)ms->capture[l].len;
    cls_step(ms, 1 + (long long)(len / 16));
    if ((size_t)(ms->src_end - s) >= len && memcmp(ms->capture[l].init, s, len) == 0) return s + len;
    return NULL;
}

static const char *cls_do_match(cls_match *ms, const char *s, const char *p) {
    if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
init:
    cls_step(ms, 1);
    if (p != ms->p_end) {
        switch (*p) {
        case '(':
            if (*(p + 1) == ')') s = cls_start_capture(ms, s, p + 2, CLS_CAP_POSITION);
            else s = cls_start_capture(ms, s, p + 1, CLS_CAP_UNFINISHED);
            break;
        case ')':
            s = cls_end_capture(ms, s, p + 1);
            break;
        case '$':
            if (p + 1 != ms->p_end) goto dflt;
            s = (s == ms->src_end) ? s : NULL;
            break;
        case CLS_ESC:
            switch (*(p + 1)) {
            case 'b':
                s = cls_balance(ms, s, p + 2);
                if (s != NULL) {
                    p += 4;
                    goto init;
                }
                break;
            case 'f': {
                p += 2;
                if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
                const char *ep = cls_class_end(ms, p);
                int previous = (s == ms->src_init) ? '\0' : (unsigned char)*(s - 1);
                int current = (s < ms->src_end) ? (unsigned char)*s : '\0';
                if (!cls_bracket(previous, p, ep - 1) && cls_bracket(current, p, ep - 1)) {
                    p = ep;
                    goto init;
                }
                s = NULL;
                break;
            }
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
                s = cls_match_capture(ms, s, (unsigned char)*(p + 1));
                if (s != NULL) {
                    p += 2;
                    goto init;
                }
                break;
            default:
                goto dflt;
            }
            break;
        default:
        dflt: {
            const char *ep = cls_class_end(ms, p);
            if (!cls_single(ms, s, p, ep)) {
                if (*ep == '*' || *ep == '?' || *ep == '-') {
                    p = ep + 1;
                    goto init;
                }
                s = NULL;
            } else {
                switch (*ep) {
                case '?': {
                    const char *res = cls_do_match(ms, s + 1, ep + 1);
                    if (res != NULL) {
                        s = res;
                    } else {
                        p = ep + 1;
                        goto init;
                    }
                    break;
                }
                case '+': s = cls_max_expand(ms, s + 1, p, ep); break;
                case '*': s = cls_max_expand(ms, s, p, ep); break;
                case '-': s = cls_min_expand(ms, s, p, ep); break;
                default:
                    s++;
                    p = ep;
                    goto init;
                }
            }
            break;
        }
        }
    }
    ms->depth++;
    return s;
}

/* Pushes capture i (or the whole match when there are none); returns its length
 * or CLS_CAP_POSITION when it pushed a position. */
static void cls_push_capture(cls_match *ms, int i, const char *s, const char *e) {
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

static int cls_push_captures(cls_match *ms, const char *s, const char *e) {
    int n = (ms->level == 0 && s) ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++) cls_push_capture(ms, i, s, e);
    return n;
}

static int cls_no_specials(const char *p, size_t l) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, CLS_SPECIALS)) return 0;
        upto += strlen(p + upto) + 1;
    } while (upto <= l);
    return 1;
}

static const char *cls_memfind(cls_match *ms, const char *s1, size_t l1, const char *s2, size_t l2) {
    if (l2 == 0) return s1;
    if (l2 > l1) return NULL;
    const char *init;
    l2--;
    l1 = l1 - l2;
    while (l1 > 0 && (init = memchr(s1, *s2, l1)) != NULL) {
        init++;
        cls_step(ms, 1 + (long long)(l2 / 16));
        if (memcmp(init, s2 + 1, l2) == 0) return init - 1;
        l1 -= (size_t)(init - s1);
        s1 = init;
    }
    return NULL;
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
    if (find && (lua_toboolean(L, 4) || cls_no_specials(p, lp))) {
        cls_prepare(&ms, L, s, ls, p, lp);
        const char *s2 = cls_memfind(&ms, s + init, ls - init, p, lp);
        cls_charge(&ms);
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
        cls_prepare(&ms, L, s, ls, p, lp);
        do {
            cls_reset(&ms);
            cls_step(&ms, 1);
            const char *res = cls_do_match(&ms, s1, p);
            if (res != NULL) {
                cls_charge(&ms);
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, res - s);
                    return cls_push_captures(&ms, NULL, 0) + 2;
                }
                return cls_push_captures(&ms, s1, res);
            }
        } while (s1++ < ms.src_end && !anchor);
        cls_charge(&ms);
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
    cls_host *h = cls_host_of(L);
    gm->ms.steps = 0;
    gm->ms.max_steps = (h->hook_enabled && h->active_budget > 0) ? (h->remaining > 0 ? h->remaining : 1) : CLS_UNHOOKED_STEPS;
    for (const char *src = gm->src; src <= gm->ms.src_end; src++) {
        cls_reset(&gm->ms);
        cls_step(&gm->ms, 1);
        const char *e = cls_do_match(&gm->ms, src, gm->p);
        if (e != NULL && e != gm->lastmatch) {
            gm->src = gm->lastmatch = e;
            cls_charge(&gm->ms);
            return cls_push_captures(&gm->ms, src, e);
        }
    }
    cls_charge(&gm->ms);
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
    cls_prepare(&gm->ms, L, s, ls, p, lp);
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
    cls_step(ms, 1 + (long long)(l / 16));
    while ((p = memchr(news, CLS_ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;
        if (*p == CLS_ESC) {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*p)) {
            cls_push_capture(ms, *p - '1', s, e);
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
        int n = cls_push_captures(ms, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        cls_push_capture(ms, 0, s, e);
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
    cls_prepare(&ms, L, src, srcl, p, lp);
    while (n < max_s) {
        cls_reset(&ms);
        cls_step(&ms, 1);
        const char *e = cls_do_match(&ms, src, p);
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
    cls_charge(&ms);
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
