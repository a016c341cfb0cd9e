/* Derived from match() and its helpers in lstrlib.c of Lua 5.4. Copyright (C) 1994-2023
 * Lua.org, PUC-Rio. MIT license: the full notice is in LICENSE (third-party section). */
/* Lua's pattern matcher runs in C, where the count hook never fires, and it can
 * backtrack exponentially. This is the same pattern language, matched by code that
 * counts its steps against the policy's shared instruction budget, so a pathological
 * pattern ends with a budget error. The string functions are in cls_pattern.c. */
#include "cls_pattern_match.h"
#include <ctype.h>
#include <string.h>

/* The overdraft stays in `remaining`: the run reports it (cls_run_armed_at). */
/* A run stopped from outside (Ctrl-C in the REPL, a deadline) ends with its reason, not with
 * the budget it would have spent: a loop of long string calls seldom reaches the count hook,
 * which is where Lua code notices an interrupt. */
static void cls_pattern_raise_if_interrupted(lua_State *L) {
    cls_guard *g = cls_guard_current();
    if (g != NULL && cls_guard_interrupted(g)) cls_raise(L, CLS_KIND_TIMEOUT, "%s", cls_guard_reason(g));
}

void cls_pattern_over_budget(cls_match *ms) {
    cls_pattern_raise_if_interrupted(ms->L);
    cls_host *h = cls_host_of(ms->L);
    if (cls_counting(h)) {
        h->exhausted = 1;
        /* Every further instruction raises again; tracing (line and return events) stays on. */
        lua_sethook(ms->L, lua_gethook(ms->L), lua_gethookmask(ms->L) | LUA_MASKCOUNT, 1);
        cls_raise(ms->L, CLS_KIND_BUDGET, "instruction budget of %lld exhausted (in pattern matching)", h->active_budget);
    }
    cls_raise(ms->L, CLS_KIND_BUDGET, "pattern matching exceeded %lld steps", CLS_UNHOOKED_STEPS);
}

void cls_pattern_prepare(cls_match *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    cls_pattern_raise_if_interrupted(L); /* every string.find/match/gmatch/gsub call looks first */
    ms->L = L;
    ms->budget = &cls_host_of(L)->remaining;
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
}

void cls_pattern_reset(cls_match *ms) {
    ms->level = 0;
    ms->depth = CLS_MAXDEPTH;
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


static const char *cls_balance(cls_match *ms, const char *s, const char *p) {
    if (p >= ms->p_end - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || *s != *p) return NULL;
    int b = *p, e = *(p + 1), cont = 1;
    while (++s < ms->src_end) {
        cls_pattern_step(ms, 1);
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
        cls_pattern_step(ms, 1);
    }
    while (i >= 0) {
        const char *res = cls_pattern_match(ms, s + i, ep + 1);
        if (res) return res;
        i--;
    }
    return NULL;
}

static const char *cls_min_expand(cls_match *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *res = cls_pattern_match(ms, s, ep + 1);
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
    const char *res = cls_pattern_match(ms, s, p);
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
    const char *res = cls_pattern_match(ms, s, p);
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
    /* A position capture has no text: in lstrlib.c its length, cast to size_t, is longer
     * than any subject, so a back-reference to it never matches. */
    if (ms->capture[l].len == CLS_CAP_POSITION) return NULL;
    size_t len = (size_t)ms->capture[l].len;
    cls_pattern_step(ms, 1 + (long long)(len / 16));
    if ((size_t)(ms->src_end - s) >= len && memcmp(ms->capture[l].init, s, len) == 0) return s + len;
    return NULL;
}

const char *cls_pattern_match(cls_match *ms, const char *s, const char *p) {
    if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
init:
    cls_pattern_step(ms, 1);
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
                    const char *res = cls_pattern_match(ms, s + 1, ep + 1);
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
