/* ISO dates to and from day numbers, over CCivilDays' arithmetic. */
#include "cpb_internal.h"
#include <CCivilDays.h>
#include <stdio.h>

/* The arithmetic itself lives in CCivilDays (its one C home); these keep the bridge's names. */
void cpb_civil(long long z, long long *y, int *m, int *d) { ccd_civil(z, y, m, d); }

long long cpb_day_number(long long y, int m, int d) { return ccd_day_number(y, m, d); }

int cpb_days_in_month(long long y, int m) { return ccd_days_in_month(y, m); }

size_t cpb_format_iso(long long day_number, char *buffer, size_t capacity) {
    long long y;
    int m, d;
    cpb_civil(day_number, &y, &m, &d);
    int n = y < 0 ? snprintf(buffer, capacity, "-%04lld-%02d-%02d", -y, m, d)
                  : snprintf(buffer, capacity, "%04lld-%02d-%02d", y, m, d);
    return n < 0 ? 0 : (size_t)n;
}

/* Exactly YYYY-MM-DD with year 0001...9999 and a day that exists. */
int cpb_parse_iso(const char *t, size_t len, long long *day_number) {
    if (len != 10 || t[4] != '-' || t[7] != '-') return 0;
    int v[8], k = 0;
    for (size_t i = 0; i < 10; i++) {
        if (i == 4 || i == 7) continue;
        if (t[i] < '0' || t[i] > '9') return 0;
        v[k++] = t[i] - '0';
    }
    long long y = v[0] * 1000 + v[1] * 100 + v[2] * 10 + v[3];
    int m = v[4] * 10 + v[5], d = v[6] * 10 + v[7];
    if (y < 1 || m < 1 || m > 12 || d < 1 || d > cpb_days_in_month(y, m)) return 0;
    *day_number = cpb_day_number(y, m, d);
    return 1;
}
