/* A VTIMEZONE for an IANA zone, built by libical from the zone data and truncated to the years
 * an export spans (a zone's full history is long: Berlin's goes back to 1893). libical 3.0's
 * truncation leaves three things other readers refuse or misread, mended here: the TZID it
 * prefixes ("/freeassociation.sourceforge.net/Europe/Berlin"; an empty prefix is ignored) is
 * rewritten to the plain IANA name, a TZUNTIL it cannot fill is dropped, and RDATEs it writes in
 * UTC are written in local time as RFC 5545 requires (UTC plus the observance's TZOFFSETFROM). */
#include "icf_internal.h"
#include <stdlib.h>
#include <string.h>

static void icf_local_rdates(icalcomponent *observance) {
    icalproperty *from = icalcomponent_get_first_property(observance, ICAL_TZOFFSETFROM_PROPERTY);
    int offset = from ? icalproperty_get_tzoffsetfrom(from) : 0;
    for (icalproperty *p = icalcomponent_get_first_property(observance, ICAL_RDATE_PROPERTY); p;
         p = icalcomponent_get_next_property(observance, ICAL_RDATE_PROPERTY)) {
        struct icaldatetimeperiodtype value = icalproperty_get_rdate(p);
        if (icaltime_is_null_time(value.time) || !icaltime_is_utc(value.time)) continue;
        struct icaltimetype local = value.time;
        icaltime_adjust(&local, 0, 0, 0, offset);
        local.zone = NULL;
        value.time = local;
        icalproperty_set_rdate(p, value);
    }
}

static struct icaltimetype icf_new_year(int year) {
    struct icaltimetype t = icaltime_null_time();
    t.year = year;
    t.month = 1;
    t.day = 1;
    t.is_date = 0;
    return t;
}

char *icf_vtimezone(const char *location, int first_year, int last_year) {
    icaltimezone *zone = icaltimezone_get_builtin_timezone(location);
    if (zone == NULL) return NULL;
    icalcomponent *source = icaltimezone_get_component(zone);
    if (source == NULL) return NULL;
    icalcomponent *vtimezone = icalcomponent_new_clone(source);
    icaltimezone_truncate_vtimezone(vtimezone, icf_new_year(first_year), icf_new_year(last_year + 1), 0);
    icalproperty *tzid = icalcomponent_get_first_property(vtimezone, ICAL_TZID_PROPERTY);
    if (tzid) icalproperty_set_tzid(tzid, location);
    icalproperty *until;
    while ((until = icalcomponent_get_first_property(vtimezone, ICAL_TZUNTIL_PROPERTY)) != NULL) {
        icalcomponent_remove_property(vtimezone, until);
        icalproperty_free(until);
    }
    for (icalcomponent *c = icalcomponent_get_first_component(vtimezone, ICAL_ANY_COMPONENT); c;
         c = icalcomponent_get_next_component(vtimezone, ICAL_ANY_COMPONENT))
        icf_local_rdates(c);
    char *text = icalcomponent_as_ical_string_r(vtimezone);
    icalcomponent_free(vtimezone);
    return text;
}
