"""Checks `calpolicy eval --format ics` against `eval --format json` for the same span.

usage: ics_export_oracle.py check FILE.ics FILE.json
       ics_export_oracle.py uids OLD.ics NEW.ics CHANGED_SUMMARY

`check` reads the file as bytes (CRLF, 75-octet lines, each physical line valid UTF-8), parses
it with `icalendar` (an independent RFC 5545 reader), and checks every event against the JSON
days: each denied or decorated day lies in exactly one all-day event whose SUMMARY and
DESCRIPTION say what the JSON says; no other day is in an event; neighbouring events differ.
`uids` checks that the events of NEW that OLD also had (same days, summary, description) kept
their UID, and that some event did change. Prints "N passed, N failed" (events and days).
"""
import datetime
import json
import sys

import icalendar

failures = []
passed = 0


def fail(message):
    failures.append(message)
    if len(failures) <= 20:
        print("ics: " + message, file=sys.stderr)


def raw_lines(data):
    if not data.endswith(b"\r\n"):
        fail("the file does not end with CRLF")
    lines = data.split(b"\r\n")[:-1]
    for number, line in enumerate(lines, 1):
        if b"\n" in line or b"\r" in line:
            fail(f"line {number}: a bare CR or LF")
        if len(line) > 75:
            fail(f"line {number}: {len(line)} octets (at most 75)")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            fail(f"line {number}: not valid UTF-8 on its own (folded inside a character?)")
    return lines


def name_of(policy):
    """JSON names a policy by its path as given; the feed's DESCRIPTION by its file name
    (the feed is shared, and subscribers know the policy, not the server's folders)."""
    return policy.rsplit("/", 1)[-1]


def expected(day):
    """(summary, description) for a JSON day, or None when it has no event."""
    denied = not day["selectable"]
    decoration = day["decoration"]
    if not denied and decoration is None:
        return None
    label = decoration.get("label") if decoration else None
    reason = day["reason"] if denied else None
    summary = label or reason or ("Not selectable" if denied else "Decorated")
    lines = []
    if denied:
        line = "Not selectable" + (": " + reason if reason else "")
        if day["policy"]:
            line += " (" + name_of(day["policy"]) + ")"
        lines.append(line)
    if decoration is not None:
        line = "Decorated" + (": " + label if label else "")
        if day["decorationPolicy"]:
            line += " (" + name_of(day["decorationPolicy"]) + ")"
        lines.append(line)
    return summary, "\n".join(lines)


def events(path):
    data = open(path, "rb").read()
    raw_lines(data)
    calendar = icalendar.Calendar.from_ical(data)
    if str(calendar.get("VERSION")) != "2.0":
        fail("VERSION is not 2.0")
    if not calendar.get("PRODID"):
        fail("no PRODID")
    if not calendar.get("X-WR-CALNAME"):
        fail("no X-WR-CALNAME")
    found = []
    for event in calendar.walk("VEVENT"):
        start = event.decoded("DTSTART")
        end = event.decoded("DTEND")
        if isinstance(start, datetime.datetime) or isinstance(end, datetime.datetime):
            fail(f"{event.get('UID')}: not an all-day event")
            continue
        found.append({
            "uid": str(event.get("UID")),
            "start": start,
            "end": end,
            "summary": str(event.get("SUMMARY")),
            "description": str(event.get("DESCRIPTION")),
            "stamp": event.decoded("DTSTAMP"),
        })
    return found


def check(ics_path, json_path):
    global passed
    document = json.load(open(json_path))
    today = datetime.date.fromisoformat(document["today"])
    found = events(ics_path)
    uids = [e["uid"] for e in found]
    if len(set(uids)) != len(uids):
        fail("UIDs repeat")
    by_day = {}
    for event in found:
        if event["end"] <= event["start"]:
            fail(f"{event['uid']}: DTEND is not after DTSTART")
        if event["stamp"] != datetime.datetime.combine(today, datetime.time(), datetime.timezone.utc):
            fail(f"{event['uid']}: DTSTAMP {event['stamp']} is not today {today} at 00:00Z")
        day = event["start"]
        while day < event["end"]:
            if day in by_day:
                fail(f"{day}: in two events")
            by_day[day] = event
            day += datetime.timedelta(days=1)
    ok = len(failures) == 0
    for event in found:
        passed += 1
    days = document["days"]
    seen = set()
    for day in days:
        date = datetime.date.fromisoformat(day["date"])
        seen.add(date)
        want = expected(day)
        event = by_day.get(date)
        if want is None:
            if event is not None:
                fail(f"{date}: neither denied nor decorated, but in event {event['summary']!r}")
                continue
        elif event is None:
            fail(f"{date}: {want[0]!r} has no event")
            continue
        elif (event["summary"], event["description"]) != want:
            fail(f"{date}: event says {(event['summary'], event['description'])!r}, JSON {want!r}")
            continue
        passed += 1
    for date in by_day:
        if date not in seen:
            fail(f"{date}: an event outside the span")
    # Runs are merged: two events that touch say different things.
    ordered = sorted(found, key=lambda e: e["start"])
    for a, b in zip(ordered, ordered[1:]):
        if a["end"] == b["start"] and (a["summary"], a["description"]) == (b["summary"], b["description"]):
            fail(f"{a['start']} and {b['start']}: one run split into two events")
    return ok


def uids(old_path, new_path, changed_summary):
    global passed
    old = {(e["start"], e["end"], e["summary"], e["description"]): e["uid"] for e in events(old_path)}
    new = events(new_path)
    changed = 0
    for event in new:
        key = (event["start"], event["end"], event["summary"], event["description"])
        if key in old:
            if old[key] != event["uid"]:
                fail(f"{event['start']} {event['summary']!r}: unchanged event got a new UID")
            else:
                passed += 1
        else:
            changed += 1
            if event["summary"] != changed_summary:
                fail(f"{event['start']} {event['summary']!r}: changed, though the edit did not touch it")
    if changed == 0:
        fail("the edited policy changed no event")


def main():
    if sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "uids":
        uids(sys.argv[2], sys.argv[3], sys.argv[4])
    print(f"{passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
