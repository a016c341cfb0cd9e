#ifndef ICF_INTERNAL_H
#define ICF_INTERNAL_H
/* Shared between the feed's C files; never seen by Swift or the bridge.
 *   icf_scan.c    the structural scan of the raw text (lines, nesting, junk), with line numbers
 *   icf_parse.c   libical's parse, the events' fields
 *   icf_rule.c    the rules refused before libical iterates them
 *   icf_expand.c  occurrences of a span of days
 *   icf_vtimezone.c  VTIMEZONEs for the export, from libical's zone data */
#include "CICalFeed.h"
#include <libical/ical.h>

typedef struct icf_event {
    icalcomponent *component;   /* owned by the calendar's root */
    int line;                   /* of its BEGIN:VEVENT */
    int cancelled;
    struct icaltimetype start;  /* DTSTART, its zone resolved when it has a TZID */
    int64_t length;             /* seconds from start to end, as written in the start's zone */
    int has_rule;
    struct icalrecurrencetype rule;  /* UNTIL moved into the start's wall time (see icf_parse.c) */
    struct icaltimetype rule_start;  /* DTSTART's fields, labelled UTC for libical's iterator */
    int has_overrides;               /* another event of this UID has a RECURRENCE-ID */
    int has_recurrence_id;
    struct icaltimetype recurrence_id;
    const char *summary, *description, *uid;
    const char **categories;
    int category_count;
} icf_event;

struct icf_calendar {
    icalcomponent *root;
    icf_event *events;
    int count;
    const icf_event **overrides;     /* the events with a RECURRENCE-ID, sorted by UID */
    int override_count;
};

/* The scan: 0, or -1 with a message and line. `event_lines` gets the line of each
 * BEGIN:VEVENT inside the VCALENDAR, in order (at most `capacity`), `*event_count` their number. */
int icf_scan(const char *bytes, size_t length, int *event_lines, int capacity, int *event_count,
             char *error, size_t error_capacity, int *line);

/* 0 when libical may iterate `rule` from `start`, else -1 with why it is refused (icf_rule.c). */
int icf_rule_check(const struct icalrecurrencetype *rule, struct icaltimetype start, char *why, size_t capacity);

int64_t icf_day_number(int year, int month, int day);
/* The first and last day an occurrence starting at `start` covers. */
void icf_occurrence_days(const icf_event *event, struct icaltimetype start, int64_t *first, int64_t *last);
#endif
