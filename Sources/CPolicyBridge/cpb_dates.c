/* Integer Gregorian arithmetic (days since 1970-01-01), mirroring CalendarCore's. */
#include "cpb_internal.h"
#include <stdio.h>

static long long cpb_floor_div(long long a, long long b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

void cpb_civil(long long z, long long *y, int *m, int *d) {
    z += 719468;
    long long era = cpb_floor_div(z, 146097);
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

/* Callers check their inputs first: y within 1...9999 (or any value far from the long long
 * limits), m within 1...12 and d within 1...31; nothing here is checked. */
long long cpb_day_number(long long y, int m, int d) {
    y -= m <= 2;
    long long era = cpb_floor_div(y, 400);
    long long yoe = y - era * 400;
    long long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int cpb_days_in_month(long long y, int m) {
    static const int lengths[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) return 29;
    return lengths[m - 1];
}

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
