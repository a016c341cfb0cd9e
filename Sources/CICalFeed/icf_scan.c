/* The structural scan of an .ics file's text before libical sees it: libical is lenient and
 * says nothing of lines, so what is wrong with the shape of the file (junk bytes, a line that
 * is not NAME:VALUE, unbalanced or too deep BEGIN/END) is found here, with its line. */
#include "icf_internal.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int name_char(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

static int fail(char *error, size_t capacity, int *line, int at, const char *message) {
    snprintf(error, capacity, "%s", message);
    *line = at;
    return -1;
}

/* The value of a BEGIN or END line: the bytes after ':' up to the end, without spaces. */
static size_t component_name(const char *value, size_t length, char *out, size_t capacity) {
    while (length > 0 && (value[length - 1] == ' ' || value[length - 1] == '\t')) length--;
    if (length >= capacity) length = capacity - 1;
    memcpy(out, value, length);
    out[length] = 0;
    return length;
}

int icf_scan(const char *bytes, size_t length, int *event_lines, int capacity, int *event_count,
             char *error, size_t error_capacity, int *line) {
    char stack[ICF_MAX_DEPTH][32];
    int stack_line[ICF_MAX_DEPTH];
    int depth = 0, seen_calendar = 0, number = 0, logical_line = 0, logical_colon = 1;
    char message[160];
    *event_count = 0;
    *line = 0;
    size_t at = 0;
    if (length >= 3 && memcmp(bytes, "\xEF\xBB\xBF", 3) == 0) at = 3;
    while (at < length) {
        size_t end = at;
        while (end < length && bytes[end] != '\n') end++;
        size_t stop = end;
        if (stop > at && bytes[stop - 1] == '\r') stop--;
        number++;
        for (size_t i = at; i < stop; i++) {
            unsigned char c = (unsigned char)bytes[i];
            if ((c < 0x20 && c != '\t') || c == 0x7F) {
                snprintf(message, sizeof message, "not iCalendar text (control byte 0x%02X)", c);
                return fail(error, error_capacity, line, number, message);
            }
        }
        const char *text = bytes + at;
        size_t n = stop - at;
        at = end < length ? end + 1 : end;
        if (n == 0) continue;
        if (text[0] == ' ' || text[0] == '\t') {
            if (logical_line == 0) return fail(error, error_capacity, line, number, "a continuation line before any property");
            if (!logical_colon && memchr(text, ':', n)) logical_colon = 1;
            continue;
        }
        if (!logical_colon) return fail(error, error_capacity, line, logical_line, "expected NAME:VALUE (no ':')");
        logical_line = number;
        size_t name_end = 0;
        while (name_end < n && name_char((unsigned char)text[name_end])) name_end++;
        if (name_end == 0 || (name_end < n && text[name_end] != ':' && text[name_end] != ';'))
            return fail(error, error_capacity, line, number, "expected NAME:VALUE (a property name of letters, digits and '-')");
        logical_colon = memchr(text, ':', n) != NULL;
        int is_begin = name_end == 5 && strncasecmp(text, "BEGIN", 5) == 0;
        int is_end = name_end == 3 && strncasecmp(text, "END", 3) == 0;
        if (depth == 0 && !is_begin)
            return fail(error, error_capacity, line, number,
                        seen_calendar ? "text after END:VCALENDAR" : "expected BEGIN:VCALENDAR");
        if (!is_begin && !is_end) continue;
        if (name_end >= n || text[name_end] != ':')
            return fail(error, error_capacity, line, number, "expected BEGIN:NAME or END:NAME");
        char name[32];
        component_name(text + name_end + 1, n - name_end - 1, name, sizeof name);
        if (is_begin) {
            if (depth == 0) {
                if (seen_calendar) return fail(error, error_capacity, line, number, "a second VCALENDAR (one per file)");
                if (strcasecmp(name, "VCALENDAR") != 0)
                    return fail(error, error_capacity, line, number, "expected BEGIN:VCALENDAR");
                seen_calendar = 1;
            }
            if (depth == ICF_MAX_DEPTH) {
                snprintf(message, sizeof message, "components nested more than %d deep", ICF_MAX_DEPTH);
                return fail(error, error_capacity, line, number, message);
            }
            if (depth == 1 && strcasecmp(name, "VEVENT") == 0) {
                if (*event_count >= capacity) {
                    snprintf(message, sizeof message, "more than %d events", capacity);
                    return fail(error, error_capacity, line, number, message);
                }
                event_lines[(*event_count)++] = number;
            }
            strcpy(stack[depth], name);
            stack_line[depth] = number;
            depth++;
        } else {
            if (depth == 0 || strcasecmp(stack[depth - 1], name) != 0) {
                snprintf(message, sizeof message, "END:%.31s does not close BEGIN:%.31s", name,
                         depth > 0 ? stack[depth - 1] : "(nothing)");
                return fail(error, error_capacity, line, number, message);
            }
            depth--;
        }
    }
    if (!logical_colon) return fail(error, error_capacity, line, logical_line, "expected NAME:VALUE (no ':')");
    if (depth > 0) {
        snprintf(message, sizeof message, "BEGIN:%.31s is never closed", stack[depth - 1]);
        return fail(error, error_capacity, line, stack_line[depth - 1], message);
    }
    if (!seen_calendar) return fail(error, error_capacity, line, number > 0 ? 1 : 0, "expected BEGIN:VCALENDAR");
    return 0;
}
