/* Derived from MatchState and the constants of lstrlib.c of Lua 5.4. Copyright (C) 1994-2023
 * Lua.org, PUC-Rio. MIT license: the full notice is in LICENSE (third-party section). */
#ifndef CLS_PATTERN_MATCH_H
#define CLS_PATTERN_MATCH_H
/* The budgeted pattern matcher (cls_pattern_match.c), shared with the string
 * functions built on it (cls_pattern.c). Never seen by Swift. */
#include "cls_internal.h"

#define CLS_ESC '%'
#define CLS_SPECIALS "^$*+?.([%-"
#define CLS_MAXCAPTURES 32
#define CLS_CAP_UNFINISHED (-1)
#define CLS_CAP_POSITION (-2)
#define CLS_MAXDEPTH 200

/* Steps are taken straight off the state's shared budget (cls_host.remaining), the
 * count the instruction hook decrements too: every step is charged the moment it is
 * taken, so matches nested through gsub callbacks, __index of a replacement table or
 * xpcall handlers share one budget, and a match that ends in an error (caught by a
 * policy's pcall or not) has paid for what it did. */
typedef struct cls_match {
    const char *src_init, *src_end, *p_end;
    lua_State *L;
    long long *budget; /* &cls_host.remaining */
    int depth;
    int level;
    struct { const char *init; ptrdiff_t len; } capture[CLS_MAXCAPTURES];
} cls_match;

/* Raises the budget error: the policy's shared budget, or the pattern cap when it has none. */
void cls_pattern_over_budget(cls_match *ms);
/* Charges `n` steps; past the budget, raises. */
static inline void cls_pattern_step(cls_match *ms, long long n) {
    if ((*ms->budget -= n) < 0) cls_pattern_over_budget(ms);
}

void cls_pattern_prepare(cls_match *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp);
/* Before each match attempt. */
void cls_pattern_reset(cls_match *ms);
/* The end of a match of pattern `p` at `s`, or NULL. */
const char *cls_pattern_match(cls_match *ms, const char *s, const char *p);
/* Whether a pattern has no special characters (a plain find). */
int cls_pattern_is_plain(const char *p, size_t l);
const char *cls_pattern_find_plain(cls_match *ms, const char *s1, size_t l1, const char *s2, size_t l2);

#endif
