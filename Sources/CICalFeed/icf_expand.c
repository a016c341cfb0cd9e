/* Occurrences touching a span of days: an event's DTSTART, its RRULE's instances, its RDATEs,
 * less its EXDATEs and the instances other events of its UID replace (RECURRENCE-ID).
 * Expanded per lookup, never ahead: an endless rule costs nothing until a day is asked, and
 * then at most ICF_MAX_STEPS steps of all its rules together. */
#include "icf_internal.h"
#include <CCivilDays.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A lookup's budget: steps of all its rules together, and CPU time, checked after every
 * iterator call, so a lookup over thousands of slow rules still ends. CPU time, not the wall
 * clock, so a loaded machine gives the same answers: the thread's CPU clock is a system call,
 * so it is read only once the (vDSO) monotonic clock says the budget may be spent, and then
 * every 20 ms of it (CPU time never runs ahead of the wall clock). */
typedef struct budget {
    long steps;
    int64_t cpu_start, next_check; /* thread CPU ns at the start; monotonic ns of the next CPU read */
} budget;

static int64_t nanoseconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void budget_start(budget *b) {
    b->steps = 0;
    b->cpu_start = nanoseconds(CLOCK_THREAD_CPUTIME_ID);
    b->next_check = nanoseconds(CLOCK_MONOTONIC) + (int64_t)ICF_MAX_LOOKUP_MS * 1000000;
}

static int out_of_time(const icf_event *e, budget *b, char *error, size_t capacity) {
    int64_t now = nanoseconds(CLOCK_MONOTONIC);
    if (now < b->next_check) return 0;
    b->next_check = now + 20 * 1000000;
    if (nanoseconds(CLOCK_THREAD_CPUTIME_ID) - b->cpu_start < (int64_t)ICF_MAX_LOOKUP_MS * 1000000) return 0;
    snprintf(error, capacity, "UID '%.60s' (line %d): RRULEs need more than %d ms of CPU (all events together) to reach the days asked",
             e->uid, e->line, ICF_MAX_LOOKUP_MS);
    return 1;
}

typedef struct starts {
    struct icaltimetype *items;
    int count, capacity;
} starts;

static int push(starts *s, struct icaltimetype t) {
    if (s->count == s->capacity) {
        int capacity = s->capacity ? s->capacity * 2 : 16;
        struct icaltimetype *items = realloc(s->items, sizeof *items * (size_t)capacity);
        if (items == NULL) return -1;
        s->items = items;
        s->capacity = capacity;
    }
    s->items[s->count++] = t;
    return 0;
}

/* Whether two instants name the same instance: by date when either is a date, else by time
 * (icaltime_compare applies each one's zone). */
static int same_instance(struct icaltimetype a, struct icaltimetype b) {
    if (a.is_date || b.is_date) return a.year == b.year && a.month == b.month && a.day == b.day;
    return icaltime_compare(a, b) == 0;
}

static int excluded(const icf_calendar *calendar, const icf_event *e, struct icaltimetype t) {
    icalcomponent *c = e->component;
    for (icalproperty *p = icalcomponent_get_first_property(c, ICAL_EXDATE_PROPERTY); p != NULL;
         p = icalcomponent_get_next_property(c, ICAL_EXDATE_PROPERTY)) {
        if (same_instance(icalproperty_get_datetime_with_component(p, c), t)) return 1;
    }
    /* Only a recurring event's own instances are replaced; an override is not. */
    if (!e->has_overrides) return 0;
    int low = 0, high = calendar->override_count;
    while (low < high) { /* the first override whose UID is not below this one's */
        int mid = (low + high) / 2;
        if (strcmp(calendar->overrides[mid]->uid, e->uid) < 0) low = mid + 1; else high = mid;
    }
    for (int i = low; i < calendar->override_count && strcmp(calendar->overrides[i]->uid, e->uid) == 0; i++)
        if (same_instance(calendar->overrides[i]->recurrence_id, t)) return 1;
    return 0;
}

static int overlaps(const icf_event *e, struct icaltimetype t, int64_t first_day, int64_t last_day) {
    int64_t first, last;
    icf_occurrence_days(e, t, &first, &last);
    return last >= first_day && first <= last_day;
}

static int compare_starts(const void *a, const void *b) {
    return icaltime_compare(*(const struct icaltimetype *)a, *(const struct icaltimetype *)b);
}

/* The instances of a recurring event that may touch the span, unsorted. */
static int expand(const icf_event *e, int64_t first_day, int64_t last_day, starts *out, budget *b,
                  char *error, size_t capacity) {
    if (overlaps(e, e->start, first_day, last_day) && push(out, e->start) != 0) goto memory;
    icalcomponent *c = e->component;
    for (icalproperty *p = icalcomponent_get_first_property(c, ICAL_RDATE_PROPERTY); p != NULL;
         p = icalcomponent_get_next_property(c, ICAL_RDATE_PROPERTY)) {
        struct icaldatetimeperiodtype r = icalproperty_get_rdate(p);
        struct icaltimetype t = icaltime_is_null_time(r.time) ? r.period.start : r.time;
        if (icaltime_is_null_time(t)) continue;
        t.zone = e->start.zone;
        if (overlaps(e, t, first_day, last_day) && push(out, t) != 0) goto memory;
    }
    if (!e->has_rule) return 0;
    /* Instances that start this many days before the span can still reach into it. */
    int64_t reach = (e->length + 86399) / 86400 + 1;
    int64_t start_day = icf_day_number(e->start.year, e->start.month, e->start.day);
    /* No instance before DTSTART, none after UNTIL: no iterator at all. */
    if (start_day > last_day) return 0;
    if (!icaltime_is_null_time(e->rule.until) &&
        icf_day_number(e->rule.until.year, e->rule.until.month, e->rule.until.day) < first_day - reach)
        return 0;
    icalrecur_iterator *it = icalrecur_iterator_new(e->rule, e->rule_start);
    if (it == NULL) {
        snprintf(error, capacity, "UID '%.60s' (line %d): RRULE cannot be expanded", e->uid, e->line);
        return -1;
    }
    if (out_of_time(e, b, error, capacity)) {
        icalrecur_iterator_free(it);
        return -1;
    }
    if (e->rule.count == 0 && start_day < first_day - reach) {
        /* Only without COUNT may the iterator skip ahead (with COUNT it must count from DTSTART). */
        int64_t jump = first_day - reach;
        struct icaltimetype from = e->rule_start;
        long long year;
        ccd_civil(jump, &year, &from.month, &from.day);
        from.year = (int)year;
        if (!e->start.is_date) from.hour = from.minute = from.second = 0;
        icalrecur_iterator_set_start(it, from);
    }
    for (struct icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t);
         t = icalrecur_iterator_next(it)) {
        if (out_of_time(e, b, error, capacity)) {
            icalrecur_iterator_free(it);
            return -1;
        }
        if (++b->steps > ICF_MAX_STEPS) {
            icalrecur_iterator_free(it);
            snprintf(error, capacity,
                     "UID '%.60s' (line %d): RRULE needs more than %d steps (all events together) to reach the days asked",
                     e->uid, e->line, ICF_MAX_STEPS);
            return -1;
        }
        if (icf_day_number(t.year, t.month, t.day) > last_day) break;
        t.zone = e->start.zone; /* the instance in the start's own zone again */
        if (overlaps(e, t, first_day, last_day) && push(out, t) != 0) {
            icalrecur_iterator_free(it);
            goto memory;
        }
    }
    icalrecur_iterator_free(it);
    return 0;
memory:
    snprintf(error, capacity, "out of memory");
    return -1;
}

int icf_between(const icf_calendar *calendar, int64_t first_day, int64_t last_day, icf_visit visit,
                void *context, char *error, size_t capacity) {
    starts found = {0};
    int status = 0;
    budget b; /* shared by every event of one lookup */
    budget_start(&b);
    for (int i = 0; i < calendar->count && status == 0; i++) {
        const icf_event *e = &calendar->events[i];
        if (e->cancelled) continue;
        found.count = 0;
        if (!e->has_rule && icalcomponent_get_first_property(e->component, ICAL_RDATE_PROPERTY) == NULL) {
            if (overlaps(e, e->start, first_day, last_day) && push(&found, e->start) != 0) {
                snprintf(error, capacity, "out of memory");
                status = -1;
            }
        } else if (expand(e, first_day, last_day, &found, &b, error, capacity) != 0) {
            status = -1;
        }
        if (status != 0) break;
        if (found.count > 1) qsort(found.items, (size_t)found.count, sizeof *found.items, compare_starts);
        for (int k = 0; k < found.count; k++) {
            if (k > 0 && icaltime_compare(found.items[k], found.items[k - 1]) == 0) continue;
            if (excluded(calendar, e, found.items[k])) continue;
            struct icaltimetype t = found.items[k];
            icf_occurrence o = {i, 0, 0, t.is_date, 0, 0, NULL};
            icf_occurrence_days(e, t, &o.first_day, &o.last_day);
            if (!t.is_date) {
                int64_t offset = (int64_t)t.hour * 3600 + t.minute * 60 + t.second;
                o.start_minute = t.hour * 60 + t.minute;
                o.end_minute = (offset + e->length + 59) / 60;
                if (icaltime_is_utc(t)) o.zone = "UTC";
                else if (t.zone != NULL) {
                    icaltimezone *zone = (icaltimezone *)t.zone;
                    o.zone = icaltimezone_get_location(zone);
                    if (o.zone == NULL) o.zone = icaltimezone_get_tzid(zone);
                }
            }
            if (visit(context, &o) != 0) {
                status = 1;
                break;
            }
        }
    }
    free(found.items);
    return status < 0 ? -1 : 0;
}
