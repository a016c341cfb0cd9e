/* Parsing with libical, after the scan: the events' start, length, rule and text. */
#include "icf_internal.h"
#include <CCivilDays.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t icf_day_number(int year, int month, int day) { return ccd_day_number(year, month, day); }

/* Seconds since 1970-01-01 00:00 of the time's own fields (no zone applied). */
static int64_t field_seconds(struct icaltimetype t) {
    int64_t seconds = icf_day_number(t.year, t.month, t.day) * 86400;
    if (!t.is_date) seconds += (int64_t)t.hour * 3600 + t.minute * 60 + t.second;
    return seconds;
}

void icf_occurrence_days(const icf_event *event, struct icaltimetype start, int64_t *first, int64_t *last) {
    int64_t day = icf_day_number(start.year, start.month, start.day);
    *first = day;
    if (start.is_date) {
        int64_t days = (event->length + 86399) / 86400;
        *last = day + (days > 1 ? days - 1 : 0);
    } else {
        int64_t offset = (int64_t)start.hour * 3600 + start.minute * 60 + start.second;
        *last = event->length > 0 ? day + (offset + event->length - 1) / 86400 : day;
    }
}

static int fail(char *error, size_t capacity, int *line, int at, const char *message) {
    snprintf(error, capacity, "%s", message);
    *line = at;
    return -1;
}

static int valid_time(struct icaltimetype t) {
    return !icaltime_is_null_time(t) && t.year >= 1 && t.year <= 9999 && t.month >= 1 && t.month <= 12 &&
           t.day >= 1 && t.day <= 31;
}

static int read_event(icf_event *e, icalcomponent *component, int line, char *error, size_t capacity, int *at) {
    char message[200];
    e->component = component;
    e->line = line;
    if (icalcomponent_count_errors(component) > 0) {
        icalproperty *p = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY);
        const char *text = p ? icalproperty_get_xlicerror(p) : NULL;
        snprintf(message, sizeof message, "%s", text ? text : "a malformed property in this event");
        return fail(error, capacity, at, line, message);
    }
    e->cancelled = icalcomponent_get_status(component) == ICAL_STATUS_CANCELLED;
    icalproperty *start = icalcomponent_get_first_property(component, ICAL_DTSTART_PROPERTY);
    if (start == NULL) return fail(error, capacity, at, line, "an event without DTSTART");
    e->start = icalproperty_get_datetime_with_component(start, component);
    if (!valid_time(e->start)) return fail(error, capacity, at, line, "DTSTART is not a date in 0001...9999");
    e->length = e->start.is_date ? 86400 : 0;
    icalproperty *end = icalcomponent_get_first_property(component, ICAL_DTEND_PROPERTY);
    icalproperty *duration = icalcomponent_get_first_property(component, ICAL_DURATION_PROPERTY);
    if (end != NULL) {
        struct icaltimetype t = icalproperty_get_datetime_with_component(end, component);
        if (!valid_time(t)) return fail(error, capacity, at, line, "DTEND is not a date in 0001...9999");
        if (t.is_date != e->start.is_date)
            return fail(error, capacity, at, line, "DTEND and DTSTART must both be dates or both date-times");
        /* The end in the start's zone: an event's days are counted where it starts. */
        if (!t.is_date && t.zone != NULL && e->start.zone != NULL && t.zone != e->start.zone)
            t = icaltime_convert_to_zone(t, (icaltimezone *)e->start.zone);
        e->length = field_seconds(t) - field_seconds(e->start);
        if (e->length < 0) return fail(error, capacity, at, line, "DTEND is before DTSTART");
    } else if (duration != NULL) {
        struct icaldurationtype d = icalproperty_get_duration(duration);
        if (icaldurationtype_is_bad_duration(d)) return fail(error, capacity, at, line, "DURATION is not a duration");
        e->length = icaldurationtype_as_int(d);
        if (e->length < 0) return fail(error, capacity, at, line, "DURATION is negative");
    }
    icalproperty *rule = icalcomponent_get_first_property(component, ICAL_RRULE_PROPERTY);
    if (rule != NULL) {
        e->rule = icalproperty_get_rrule(rule);
        if (e->rule.freq == ICAL_NO_RECURRENCE) return fail(error, capacity, at, line, "RRULE has no valid FREQ");
        /* Before any iterator exists: a rule one libical call would spin on is refused (icf_rule.c). */
        if (icf_rule_check(&e->rule, e->start, message, sizeof message) != 0)
            return fail(error, capacity, at, line, message);
        /* libical 3.0's iterator opens an ICU calendar in DTSTART's zone; for a zone ICU does not
         * know by libical's name (every TZID, and floating times) that costs ~0.5 M instructions
         * per iterator. The rule is walked on DTSTART's wall-clock fields labelled UTC instead
         * (the same instances: the days are counted in the start's zone anyway), with a UTC
         * UNTIL first moved into the start's zone so the last instance is still the right one. */
        e->rule_start = e->start;
        e->rule_start.zone = icaltimezone_get_utc_timezone();
        if (!icaltime_is_null_time(e->rule.until) && !e->rule.until.is_date) {
            struct icaltimetype until = e->rule.until;
            if (icaltime_is_utc(until) && e->start.zone != NULL && !e->start.is_date)
                until = icaltime_convert_to_zone(until, (icaltimezone *)e->start.zone);
            until.zone = icaltimezone_get_utc_timezone();
            e->rule.until = until;
        }
        e->has_rule = 1;
    }
    icalproperty *rid = icalcomponent_get_first_property(component, ICAL_RECURRENCEID_PROPERTY);
    if (rid != NULL) {
        e->recurrence_id = icalproperty_get_datetime_with_component(rid, component);
        e->has_recurrence_id = valid_time(e->recurrence_id);
    }
    const char *text;
    e->summary = (text = icalcomponent_get_summary(component)) ? text : "";
    e->description = (text = icalcomponent_get_description(component)) ? text : "";
    e->uid = (text = icalcomponent_get_uid(component)) ? text : "";
    int count = icalcomponent_count_properties(component, ICAL_CATEGORIES_PROPERTY);
    if (count > 0) {
        e->categories = calloc((size_t)count, sizeof *e->categories);
        if (e->categories == NULL) return fail(error, capacity, at, line, "out of memory");
        for (icalproperty *p = icalcomponent_get_first_property(component, ICAL_CATEGORIES_PROPERTY);
             p != NULL && e->category_count < count;
             p = icalcomponent_get_next_property(component, ICAL_CATEGORIES_PROPERTY)) {
            const char *category = icalproperty_get_categories(p);
            if (category != NULL) e->categories[e->category_count++] = category;
        }
    }
    return 0;
}

static int compare_uids(const void *a, const void *b) {
    return strcmp((*(const icf_event *const *)a)->uid, (*(const icf_event *const *)b)->uid);
}

/* The events with a RECURRENCE-ID, sorted by UID, and which recurring events they replace an
 * instance of: found once here, not per instance per lookup. */
static int index_overrides(icf_calendar *calendar) {
    int count = 0;
    for (int i = 0; i < calendar->count; i++) count += calendar->events[i].has_recurrence_id;
    if (count == 0) return 0;
    calendar->overrides = malloc(sizeof *calendar->overrides * (size_t)count);
    if (calendar->overrides == NULL) return -1;
    for (int i = 0; i < calendar->count; i++)
        if (calendar->events[i].has_recurrence_id) calendar->overrides[calendar->override_count++] = &calendar->events[i];
    qsort(calendar->overrides, (size_t)count, sizeof *calendar->overrides, compare_uids);
    for (int i = 0; i < calendar->count; i++) {
        icf_event *e = &calendar->events[i];
        if (e->has_recurrence_id || e->uid[0] == 0) continue;
        const icf_event *key = e;
        e->has_overrides = bsearch(&key, calendar->overrides, (size_t)count, sizeof *calendar->overrides,
                                   compare_uids) != NULL;
    }
    return 0;
}

icf_calendar *icf_parse(const char *bytes, size_t length, char *error, size_t capacity, int *line) {
    *line = 0;
    if (length > ICF_MAX_BYTES) {
        snprintf(error, capacity, "larger than %d bytes", ICF_MAX_BYTES);
        return NULL;
    }
    int *event_lines = malloc(sizeof(int) * ICF_MAX_EVENTS);
    if (event_lines == NULL) {
        snprintf(error, capacity, "out of memory");
        return NULL;
    }
    int event_count = 0;
    if (icf_scan(bytes, length, event_lines, ICF_MAX_EVENTS, &event_count, error, capacity, line) != 0) {
        free(event_lines);
        return NULL;
    }
    char *text = malloc(length + 1);
    icf_calendar *calendar = calloc(1, sizeof *calendar);
    if (text == NULL || calendar == NULL) {
        free(text), free(calendar), free(event_lines);
        snprintf(error, capacity, "out of memory");
        return NULL;
    }
    memcpy(text, bytes, length);
    text[length] = 0;
    icalerror_set_errors_are_fatal(0);
    calendar->root = icalparser_parse_string(text);
    free(text);
    if (calendar->root == NULL || icalcomponent_isa(calendar->root) != ICAL_VCALENDAR_COMPONENT) {
        free(event_lines);
        icf_free(calendar);
        snprintf(error, capacity, "libical found no VCALENDAR");
        *line = 1;
        return NULL;
    }
    calendar->events = calloc((size_t)(event_count > 0 ? event_count : 1), sizeof *calendar->events);
    if (calendar->events == NULL) {
        free(event_lines);
        icf_free(calendar);
        snprintf(error, capacity, "out of memory");
        return NULL;
    }
    /* One loop over the calendar's own iterator: nothing inside it asks for a first component
     * of the root again (that would reset the iterator and never end). */
    for (icalcomponent *c = icalcomponent_get_first_component(calendar->root, ICAL_VEVENT_COMPONENT); c != NULL;
         c = icalcomponent_get_next_component(calendar->root, ICAL_VEVENT_COMPONENT)) {
        if (calendar->count >= event_count) break;
        int index = calendar->count++;
        if (read_event(&calendar->events[index], c, event_lines[index], error, capacity, line) != 0) {
            free(event_lines);
            icf_free(calendar);
            return NULL;
        }
    }
    free(event_lines);
    if (index_overrides(calendar) != 0) {
        icf_free(calendar);
        snprintf(error, capacity, "out of memory");
        *line = 0;
        return NULL;
    }
    return calendar;
}

void icf_free(icf_calendar *calendar) {
    if (calendar == NULL) return;
    for (int i = 0; i < calendar->count; i++) free(calendar->events[i].categories);
    free(calendar->events);
    free(calendar->overrides);
    if (calendar->root != NULL) icalcomponent_free(calendar->root);
    free(calendar);
}

int icf_event_count(const icf_calendar *calendar) { return calendar->count; }
const char *icf_summary(const icf_calendar *c, int i) { return c->events[i].summary; }
const char *icf_description(const icf_calendar *c, int i) { return c->events[i].description; }
const char *icf_uid(const icf_calendar *c, int i) { return c->events[i].uid; }
int icf_category_count(const icf_calendar *c, int i) { return c->events[i].category_count; }
const char *icf_category(const icf_calendar *c, int i, int k) { return c->events[i].categories[k]; }
