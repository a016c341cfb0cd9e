#ifndef CCIVILDAYS_H
#define CCIVILDAYS_H
#include <stddef.h>
/* The one C home of Gregorian day arithmetic: days since 1970-01-01 (day 0) to and from a
 * proleptic Gregorian year, month and day. The bridge's day views, cal's helpers (through the
 * prelude's native functions), cal.ics and the iCalendar recurrence expansion all use these;
 * CalendarCore's GregorianMath is the other home, and a test holds the two equal over
 * +-10,000 years of day numbers. Nothing here allocates, raises or checks its inputs: callers
 * keep years far from the long long limits, months in 1...12 and days in 1...31. */

/* The day number of year `y`, month `m`, day `d`. */
long long ccd_day_number(long long y, int m, int d);

/* The year, month and day of day number `n`. */
void ccd_civil(long long n, long long *y, int *m, int *d);

/* Days in month `m` of year `y` (28...31). */
int ccd_days_in_month(long long y, int m);

/* The one C grammar of a date's text, the twin of CalendarCore's `Day(iso:)` (a test holds the
 * two equal over every day 0001-01-01...9999-12-31 and a corpus of malformed text): exactly
 * YYYY-MM-DD, year 0001...9999, a day that exists. Writes the day number and returns 1, else
 * returns 0 and writes nothing. `text` need not end in NUL. */
int ccd_parse_iso(const char *text, size_t length, long long *day_number);

/* Day number `n` as YYYY-MM-DD (a year below 0 as -YYYY-MM-DD) into `buffer`; returns the
 * length snprintf gives (at most 26 bytes are needed). */
size_t ccd_format_iso(long long n, char *buffer, size_t capacity);

#endif
