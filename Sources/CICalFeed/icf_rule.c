/* Refusing, at parse, the RRULEs one libical call would spin on. libical 3.0's iterator looks for
 * the next instance inside one `icalrecur_iterator_next` (and `_new`) call, step by step at the
 * rule's frequency up to the year 2582: a rule that can never occur, or a sub-daily rule that
 * skips months, is minutes of one C call nothing can interrupt (FREQ=MINUTELY;BYMONTH=2;
 * BYMONTHDAY=30). What is refused:
 *   - a FREQ above DAILY (SECONDLY, MINUTELY, HOURLY) with a BY part that picks days (BYMONTH,
 *     BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYDAY, BYSETPOS), or with BYHOUR/BYMINUTE/BYSECOND and an
 *     INTERVAL over 1 (which may never align): so each call steps at most one day;
 *   - a rule whose BYMONTH, BYMONTHDAY, BYYEARDAY, BYWEEKNO and BYDAY (with DTSTART's month, day
 *     or weekday where RFC 5545 takes them) name no day of any year: checked over the 14 kinds
 *     of year (leap or not, seven weekdays for January 1), counting generously where a week
 *     number depends on the next or previous year, so a rule that can occur is never refused;
 *   - a DAILY rule stepping a multiple of 7 days with a BYDAY that misses DTSTART's weekday;
 *   - a BYSETPOS no period can reach, an INTERVAL below 1, and leap months in a Gregorian rule.
 * A rule with another RSCALE (RFC 7529, iterated through ICU) is held to the frequency limits only.
 * What is left costs at most ~0.3 s per call (measured: a DAILY rule whose INTERVAL meets its
 * other parts only after centuries), and icf_between bounds a lookup's total time
 * (ICF_MAX_LOOKUP_MS), checked between calls. */
#include "icf_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static int length_of(const short *list, int size) {
    int n = 0;
    while (n < size && list[n] != ICAL_RECURRENCE_ARRAY_MAX) n++;
    return n;
}

typedef struct days {
    const short *month, *month_day, *year_day, *week_no, *day;
    int months, month_days, year_days, week_nos, weekdays;
    int freq, week_start; /* week_start 1 = Sunday ... 7 = Saturday */
} days;

static int in_list(const short *list, int n, int value, int negative) {
    for (int i = 0; i < n; i++)
        if (list[i] == value || (negative != 0 && list[i] == negative)) return 1;
    return 0;
}

/* Whether BYWEEKNO allows day `doy` of a year whose January 1 falls on `jan1` (0 = Sunday). */
static int week_matches(const days *d, int doy, int year_length, int jan1) {
    if (d->week_nos == 0) return 1;
    int offset = (jan1 - (d->week_start - 1) + 7) % 7;  /* days from the week's start to January 1 */
    int first = offset <= 3 ? 1 - offset : 8 - offset;  /* day of year week 1 starts on */
    int weeks = 0;
    while (first + 7 * weeks + 3 <= year_length) weeks++;
    if (doy < first) /* the previous year's last week: 52 or 53 there */
        return in_list(d->week_no, d->week_nos, 52, -1) || in_list(d->week_no, d->week_nos, 53, -1);
    int week = (doy - first) / 7 + 1;
    if (week > weeks) /* the next year's week 1 */
        return in_list(d->week_no, d->week_nos, 1, -52) || in_list(d->week_no, d->week_nos, 1, -53);
    return in_list(d->week_no, d->week_nos, week, week - weeks - 1);
}

/* Whether BYDAY allows a day: its weekday, and its position in the month or year when the
 * entry has one (RFC 5545: within the month for MONTHLY and for YEARLY with BYMONTH, within the
 * year for YEARLY otherwise; ignored with BYWEEKNO or other frequencies). */
static int weekday_matches(const days *d, int weekday, int mday, int month_length, int doy, int year_length) {
    if (d->weekdays == 0) return 1;
    for (int i = 0; i < d->weekdays; i++) {
        if ((int)icalrecurrencetype_day_day_of_week(d->day[i]) != weekday) continue;
        int position = icalrecurrencetype_day_position(d->day[i]);
        if (position == 0) return 1;
        if (d->freq == ICAL_MONTHLY_RECURRENCE || (d->freq == ICAL_YEARLY_RECURRENCE && d->months > 0)) {
            if (position == (mday - 1) / 7 + 1 || position == -((month_length - mday) / 7 + 1)) return 1;
        } else if (d->freq == ICAL_YEARLY_RECURRENCE && d->week_nos == 0) {
            if (position == (doy - 1) / 7 + 1 || position == -((year_length - doy) / 7 + 1)) return 1;
        } else {
            return 1;
        }
    }
    return 0;
}

/* The most days the day parts allow in one month and in one year, over every kind of year. */
static void count_days(const days *d, int *per_month, int *per_year) {
    static const int lengths[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    *per_month = *per_year = 0;
    for (int leap = 0; leap <= 1; leap++) {
        for (int jan1 = 0; jan1 < 7; jan1++) {
            int year_length = 365 + leap, doy = 0, in_year = 0;
            for (int month = 1; month <= 12; month++) {
                int month_length = lengths[month - 1] + (month == 2 ? leap : 0), in_month = 0;
                for (int mday = 1; mday <= month_length; mday++) {
                    doy++;
                    int weekday = (jan1 + doy - 1) % 7 + 1;
                    if (d->months > 0 && !in_list(d->month, d->months, month, 0)) continue;
                    if (d->month_days > 0 &&
                        !in_list(d->month_day, d->month_days, mday, mday - month_length - 1)) continue;
                    if (d->year_days > 0 && !in_list(d->year_day, d->year_days, doy, doy - year_length - 1)) continue;
                    if (!week_matches(d, doy, year_length, jan1)) continue;
                    if (!weekday_matches(d, weekday, mday, month_length, doy, year_length)) continue;
                    in_month++;
                }
                in_year += in_month;
                if (in_month > *per_month) *per_month = in_month;
            }
            if (in_year > *per_year) *per_year = in_year;
        }
    }
}

int icf_rule_check(const struct icalrecurrencetype *rule, struct icaltimetype start, char *why, size_t capacity) {
    static const char *const names[] = {"SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"};
    const struct icalrecurrencetype *r = rule;
    int months = length_of(r->by_month, ICAL_BY_MONTH_SIZE);
    int month_days = length_of(r->by_month_day, ICAL_BY_MONTHDAY_SIZE);
    int year_days = length_of(r->by_year_day, ICAL_BY_YEARDAY_SIZE);
    int week_nos = length_of(r->by_week_no, ICAL_BY_WEEKNO_SIZE);
    int weekdays = length_of(r->by_day, ICAL_BY_DAY_SIZE);
    int set_positions = length_of(r->by_set_pos, ICAL_BY_SETPOS_SIZE);
    int hours = length_of(r->by_hour, ICAL_BY_HOUR_SIZE);
    int minutes = length_of(r->by_minute, ICAL_BY_MINUTE_SIZE);
    int seconds = length_of(r->by_second, ICAL_BY_SECOND_SIZE);
    if (r->freq < ICAL_SECONDLY_RECURRENCE || r->freq > ICAL_YEARLY_RECURRENCE) {
        snprintf(why, capacity, "RRULE has no valid FREQ");
        return -1;
    }
    const char *freq = names[r->freq];
    /* RFC 7529: a rule in another calendar (RSCALE=CHINESE, leap months "5L") is iterated by
     * libical through ICU; the Gregorian day counting below does not apply to it, so only the
     * frequency limits do, and a lookup's time budget (icf_between) bounds the rest. */
    int other_calendar = r->rscale != NULL && strcasecmp(r->rscale, "GREGORIAN") != 0;
    if (r->interval < 1) {
        snprintf(why, capacity, "RRULE INTERVAL must be 1...32767");
        return -1;
    }
    if (r->count < 0) {
        snprintf(why, capacity, "RRULE COUNT must not be negative");
        return -1;
    }
    for (int i = 0; i < months && !other_calendar; i++) {
        int month = icalrecurrencetype_month_month(r->by_month[i]);
        if (icalrecurrencetype_month_is_leap(r->by_month[i]) || month < 1 || month > 12) {
            snprintf(why, capacity, "RRULE BYMONTH must be 1...12 (no leap months)");
            return -1;
        }
    }
    if (r->freq < ICAL_DAILY_RECURRENCE) {
        const char *part = months ? "BYMONTH" : month_days ? "BYMONTHDAY" : year_days ? "BYYEARDAY"
                         : week_nos ? "BYWEEKNO" : weekdays ? "BYDAY" : set_positions ? "BYSETPOS" : NULL;
        if (part != NULL) {
            snprintf(why, capacity,
                     "RRULE FREQ=%s with %s is not supported: a rule more often than daily may narrow only "
                     "BYHOUR, BYMINUTE and BYSECOND", freq, part);
            return -1;
        }
        if (r->interval > 1 && (hours || minutes || seconds)) {
            snprintf(why, capacity,
                     "RRULE FREQ=%s with INTERVAL=%d and %s is not supported (the steps may never meet it)", freq,
                     r->interval, hours ? "BYHOUR" : minutes ? "BYMINUTE" : "BYSECOND");
            return -1;
        }
        return 0;
    }
    if (other_calendar) return 0;
    /* Every 7th day (or 14th ...) is always DTSTART's weekday: a BYDAY without it never matches. */
    if (r->freq == ICAL_DAILY_RECURRENCE && r->interval % 7 == 0 && weekdays > 0) {
        int start_weekday = icaltime_day_of_week(start), meets = 0;
        for (int i = 0; i < weekdays; i++)
            meets |= (int)icalrecurrencetype_day_day_of_week(r->by_day[i]) == start_weekday;
        if (!meets) {
            snprintf(why, capacity, "RRULE can never occur: every %d days from DTSTART is the same weekday, not one BYDAY names",
                     r->interval);
            return -1;
        }
    }
    /* The day parts as the iterator uses them: RFC 5545 takes DTSTART's month and day where a
     * YEARLY or MONTHLY rule names none. */
    short start_month[2] = {(short)start.month, ICAL_RECURRENCE_ARRAY_MAX};
    short start_day[2] = {(short)start.day, ICAL_RECURRENCE_ARRAY_MAX};
    days d = {r->by_month, r->by_month_day, r->by_year_day, r->by_week_no, r->by_day,
              months, month_days, year_days, week_nos, weekdays, r->freq,
              r->week_start >= ICAL_SUNDAY_WEEKDAY && r->week_start <= ICAL_SATURDAY_WEEKDAY ? (int)r->week_start : 2};
    int picks_day = month_days || year_days || week_nos || weekdays;
    if (r->freq == ICAL_YEARLY_RECURRENCE && !picks_day) {
        if (!months) { d.month = start_month; d.months = 1; }
        d.month_day = start_day;
        d.month_days = 1;
    } else if (r->freq == ICAL_MONTHLY_RECURRENCE && !month_days && !weekdays && !year_days) {
        d.month_day = start_day;
        d.month_days = 1;
    }
    int per_month, per_year;
    count_days(&d, &per_month, &per_year);
    if (per_year == 0) {
        snprintf(why, capacity,
                 "RRULE can never occur: its BYMONTH, BYMONTHDAY, BYYEARDAY, BYWEEKNO and BYDAY%s name no day of any year",
                 d.month_day == start_day || d.month == start_month ? " (with DTSTART's day)" : "");
        return -1;
    }
    if (set_positions > 0) {
        long per_day = (long)(hours ? hours : 1) * (minutes ? minutes : 1) * (seconds ? seconds : 1);
        long most = r->freq == ICAL_DAILY_RECURRENCE ? per_day
                  : r->freq == ICAL_WEEKLY_RECURRENCE ? 7 * per_day
                  : r->freq == ICAL_MONTHLY_RECURRENCE ? per_month * per_day
                  : (week_nos ? per_year + 14 : per_year) * per_day;
        for (int i = 0; i < set_positions; i++)
            if (r->by_set_pos[i] != 0 && labs((long)r->by_set_pos[i]) <= most) return 0;
        snprintf(why, capacity, "RRULE can never occur: no BYSETPOS is within the %ld instances a %s period holds at most",
                 most, freq);
        return -1;
    }
    return 0;
}
