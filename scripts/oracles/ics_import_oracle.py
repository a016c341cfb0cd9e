"""Checks cal.ics day by day against Python's icalendar + recurring-ical-events.

usage: ics_import_oracle.py FILE.ics EVAL.json

EVAL.json is `calpolicy eval --format json` of a policy whose decorationFor labels each day
with the occurrences `feed:on(day)` answered: "uid|summary|cat+cat" items, sorted, joined by
" ;; ". The oracle expands the same file independently and labels each day of the span the
same way. An occurrence's days run from its start to just before its end, counted in the zone
it starts in (a date-time ending at midnight does not reach the next day; one without a
duration is one day). Prints "N passed, N failed" (days).
"""
import datetime
import json
import sys

import icalendar
import recurring_ical_events


def categories(event):
    value = event.get("CATEGORIES")
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    out = []
    for v in values:
        out.extend(str(c) for c in v.cats)
    return out


def days_of(event):
    start = event.decoded("DTSTART")
    if "DTEND" in event:
        end = event.decoded("DTEND")
    elif "DURATION" in event:
        end = start + event.decoded("DURATION")
    else:
        end = start + datetime.timedelta(days=1) if not isinstance(start, datetime.datetime) else start
    if not isinstance(start, datetime.datetime):
        last = end - datetime.timedelta(days=1)
        return start, max(last, start)
    if start.tzinfo is not None and end.tzinfo is not None:
        end = end.astimezone(start.tzinfo)
    if end <= start:
        return start.date(), start.date()
    return start.date(), (end - datetime.timedelta(microseconds=1)).date()


def main():
    ics_path, json_path = sys.argv[1], sys.argv[2]
    calendar = icalendar.Calendar.from_ical(open(ics_path, "rb").read())
    document = json.load(open(json_path))
    first = datetime.date.fromisoformat(document["from"])
    last = datetime.date.fromisoformat(document["to"])
    expected = {}
    for event in recurring_ical_events.of(calendar).between(first, last + datetime.timedelta(days=1)):
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        item = "|".join([str(event.get("UID", "")), str(event.get("SUMMARY", "")), "+".join(categories(event))])
        a, b = days_of(event)
        day = max(a, first)
        while day <= min(b, last):
            expected.setdefault(day, []).append(item)
            day += datetime.timedelta(days=1)
    passed, failed = 0, 0
    for entry in document["days"]:
        day = datetime.date.fromisoformat(entry["date"])
        decoration = entry["decoration"]
        got = decoration["label"] if decoration else None
        want = " ;; ".join(sorted(expected.get(day, []))) or None
        if got == want:
            passed += 1
        else:
            failed += 1
            if failed <= 20:
                print(f"ics-import: {ics_path.split('/')[-1]} {day}: cal.ics {got!r}, oracle {want!r}", file=sys.stderr)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
