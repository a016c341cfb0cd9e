#ifndef CICALFEED_H
#define CICALFEED_H
/* iCalendar files as days, over libical: parse a file's bytes once, then ask for the
 * occurrences that touch a span of days, expanding recurrence lazily and within bounds.
 * Knows nothing of Lua, policies or files on disk (the caller reads the bytes).
 *
 * Days are day numbers: days since 1970-01-01. An occurrence's days are counted in the
 * time zone its DTSTART is written in (its TZID, UTC for a 'Z' time, as written when
 * floating), never the machine's zone. */
#include <stddef.h>
#include <stdint.h>

typedef struct icf_calendar icf_calendar;

/* The most bytes a file may have, BEGIN nesting it may use, events it may hold, and
 * recurrence steps the rules of all events may take together in one lookup. */
#define ICF_MAX_BYTES (1 << 20)
#define ICF_MAX_DEPTH 8
#define ICF_MAX_EVENTS 20000
#define ICF_MAX_STEPS 200000
/* The most CPU time one lookup may spend expanding rules, checked between libical's calls (each
 * of which the rule checks at parse keep short; icf_rule.c). */
#define ICF_MAX_LOOKUP_MS 1000

/* Parses `length` bytes. On failure returns NULL, writes a message into `error` and the
 * 1-based line it concerns into `*line` (0 when no line applies). */
icf_calendar *icf_parse(const char *bytes, size_t length, char *error, size_t error_capacity, int *line);
void icf_free(icf_calendar *calendar);
int icf_event_count(const icf_calendar *calendar);

/* What an occurrence reports; the strings belong to the calendar. */
typedef struct icf_occurrence {
    int event;                  /* index of the event */
    int64_t first_day, last_day;
    int all_day;
    /* A timed occurrence's wall clock in its DTSTART's zone: the minute it starts on first_day,
     * and the minute it ends counted from first_day's midnight (rounded up: never shorter). */
    int start_minute;
    int64_t end_minute;
    const char *zone;           /* that zone's IANA name (its X-LIC-LOCATION or TZID), "UTC", or NULL when floating */
} icf_occurrence;

typedef int (*icf_visit)(void *context, const icf_occurrence *occurrence);

/* Calls `visit` for every occurrence with a day in first_day...last_day, events in file order,
 * each event's occurrences in time order; stops early when visit returns non-zero. Returns 0,
 * or -1 with a message in `error` when the rules need more than ICF_MAX_STEPS steps or
 * ICF_MAX_LOOKUP_MS milliseconds of CPU in all. */
int icf_between(const icf_calendar *calendar, int64_t first_day, int64_t last_day, icf_visit visit,
                void *context, char *error, size_t error_capacity);

/* An event's text fields ("" when absent) and categories (count, then each). */
const char *icf_summary(const icf_calendar *calendar, int event);
const char *icf_description(const icf_calendar *calendar, int event);
const char *icf_uid(const icf_calendar *calendar, int event);
int icf_category_count(const icf_calendar *calendar, int event);
const char *icf_category(const icf_calendar *calendar, int event, int index);

/* A VTIMEZONE for the IANA zone `location` (libical's zone data) truncated to the years
 * first_year...last_year, its TZID the plain name; malloc'd text with CRLF line ends (the caller
 * frees it), or NULL for a zone libical does not know. */
char *icf_vtimezone(const char *location, int first_year, int last_year);

#endif
