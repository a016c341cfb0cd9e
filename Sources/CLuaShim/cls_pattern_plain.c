/* Derived from str_find_aux's plain search (nospecials, lmemfind) in lstrlib.c of Lua 5.4.
 * Copyright (C) 1994-2023 Lua.org, PUC-Rio. MIT license: the full notice is in LICENSE
 * (third-party section). */
/* string.find with a pattern that has no special characters (or plain = true): a search for
 * the bytes, charged to the same budget as the matcher (cls_pattern_match.c), which it would
 * otherwise escape: a long subject scanned again and again costs like matching it. */
#include "cls_pattern_match.h"
#include <string.h>

int cls_pattern_is_plain(const char *p, size_t l) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, CLS_SPECIALS)) return 0;
        upto += strlen(p + upto) + 1;
    } while (upto <= l);
    return 1;
}

const char *cls_pattern_find_plain(cls_match *ms, const char *s1, size_t l1, const char *s2, size_t l2) {
    if (l2 == 0) return s1;
    if (l2 > l1) return NULL;
    const char *init;
    l2--;
    l1 = l1 - l2;
    /* Charged like the matcher's memcmp: a step per 16 bytes scanned or compared. */
    while (l1 > 0 && (init = memchr(s1, *s2, l1)) != NULL) {
        init++;
        cls_pattern_step(ms, 1 + (long long)((size_t)(init - s1) / 16 + l2 / 16));
        if (memcmp(init, s2 + 1, l2) == 0) return init - 1;
        l1 -= (size_t)(init - s1);
        s1 = init;
    }
    cls_pattern_step(ms, 1 + (long long)(l1 / 16));
    return NULL;
}

