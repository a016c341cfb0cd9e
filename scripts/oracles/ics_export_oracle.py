"""Checks the feed of `calpolicy eval --format ics` against `eval --format json` for the same span.

usage: ics_export_oracle.py check FILE.ics STACKED.json [LAYER.json ...]
       ics_export_oracle.py filter FULL.ics FILTERED.ics ONLY POLICIES EXCLUDED
       ics_export_oracle.py uids OLD.ics NEW.ics CHANGED_SUMMARY
       ics_export_oracle.py window FILE.ics SUMMARY FIRST LAST

The feed holds one event per window: a run of consecutive days on which one policy (named in
X-CALPOLICY-POLICY) gave the same answer, whichever layer of the stack decided.

`check` reads the file as bytes (CRLF, 75-octet lines, each physical line valid UTF-8), parses
it with `icalendar` (an independent RFC 5545 reader, as a subscriber would) and checks it day by
day against the JSON: a day the stack denies lies in a denied event of the deciding policy whose
first DESCRIPTION line gives the JSON's reason; a decorated day lies in an event of the
decorating policy whose SUMMARY is the label; a day neither denied nor decorated lies in no
denied event. Each LAYER.json is one policy evaluated alone: that policy's events cover exactly
the days it denies or decorates, with its summary, and two of its events that touch say
different things (one event per window). `filter` checks that FILTERED holds exactly the events
of FULL the filter promises (ONLY: denied|decorated|-; POLICIES, EXCLUDED: comma-separated
names or -), unchanged. `uids` checks that the events of NEW that OLD also had kept their UID,
and that some event did change. `window` checks that SUMMARY is exactly one event, FIRST to
LAST. Prints "N passed, N failed".
"""
import datetime
import json
import sys

import icalendar

failures = []
passed = 0
ONE_DAY = datetime.timedelta(days=1)


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
    """JSON names a policy by its path as given; the feed by its file name (the feed is shared,
    and subscribers know the policy, not the server's folders)."""
    return policy.rsplit("/", 1)[-1]


def stem_matches(name, policy):
    """The feed's filter names: the display name, the file stem, a reference's kind."""
    return name == policy or (policy.endswith(".lua") and name == policy[:-4]) or \
        (":" in policy and name == policy.split(":", 1)[0])


def events(path):
    data = open(path, "rb").read()
    raw_lines(data)
    calendar = icalendar.Calendar.from_ical(data)
    if str(calendar.get("VERSION")) != "2.0":
        fail("VERSION is not 2.0")
    for name in ("PRODID", "X-WR-CALNAME", "NAME", "COLOR", "REFRESH-INTERVAL"):
        if not calendar.get(name):
            fail(f"no {name}")
    if calendar.get("X-WR-CALNAME") != calendar.get("NAME"):
        fail("X-WR-CALNAME and NAME differ")
    found = []
    for event in calendar.walk("VEVENT"):
        start = event.decoded("DTSTART")
        end = event.decoded("DTEND")
        if isinstance(start, datetime.datetime) or isinstance(end, datetime.datetime):
            fail(f"{event.get('UID')}: not an all-day event")
            continue
        if end <= start:
            fail(f"{event.get('UID')}: DTEND is not after DTSTART")
        categories = event.get("CATEGORIES")
        cats = set(str(c) for c in categories.cats) if categories is not None else set()
        found.append({
            "uid": str(event.get("UID")),
            "start": start,
            "end": end,
            "summary": str(event.get("SUMMARY")),
            "description": str(event.get("DESCRIPTION")),
            "policy": str(event.get("X-CALPOLICY-POLICY")),
            "categories": cats,
            "stamp": event.decoded("DTSTAMP"),
        })
    uids = [e["uid"] for e in found]
    if len(set(uids)) != len(uids):
        fail("UIDs repeat")
    return found


def days_of(event):
    day = event["start"]
    while day < event["end"]:
        yield day
        day += ONE_DAY


def check(ics_path, json_path, layer_paths):
    global passed
    document = json.load(open(json_path))
    today = datetime.date.fromisoformat(document["today"])
    found = events(ics_path)
    covering = {}
    for event in found:
        if event["stamp"] != datetime.datetime.combine(today, datetime.time(), datetime.timezone.utc):
            fail(f"{event['uid']}: DTSTAMP {event['stamp']} is not today {today} at 00:00Z")
        for day in days_of(event):
            covering.setdefault(day, []).append(event)
    dates = set()
    for day in document["days"]:
        date = datetime.date.fromisoformat(day["date"])
        dates.add(date)
        here = covering.get(date, [])
        ok = True
        denied = [e for e in here if "denied" in e["categories"]]
        if day["selectable"]:
            if denied:
                fail(f"{date}: selectable, but in denied event {denied[0]['summary']!r}")
                ok = False
        else:
            policy = name_of(day["policy"])
            mine = [e for e in denied if e["policy"] == policy]
            line = "Not selectable" + (": " + day["reason"] if day["reason"] else "") + " (" + policy + ")"
            if len(mine) != 1 or mine[0]["description"].split("\n")[0] != line:
                fail(f"{date}: denied by {policy} ({day['reason']!r}), events {[(e['policy'], e['summary']) for e in here]}")
                ok = False
        if day["decoration"] is not None:
            policy = name_of(day["decorationPolicy"])
            label = day["decoration"].get("label")
            mine = [e for e in here if e["policy"] == policy and "decorated" in e["categories"]]
            if len(mine) != 1 or (label and mine[0]["summary"] != label):
                fail(f"{date}: decorated {label!r} by {policy}, events {[(e['policy'], e['summary']) for e in here]}")
                ok = False
        passed += ok
    for date in covering:
        if date not in dates:
            fail(f"{date}: an event outside the span")
    for layer_path in layer_paths:
        check_layer(found, json.load(open(layer_path)))


def check_layer(found, document):
    """One policy alone: its events are exactly its own answers, one per window."""
    global passed
    (policy,) = [name_of(p) for p in document["policies"]]
    mine = sorted((e for e in found if e["policy"] == policy), key=lambda e: e["start"])
    by_day = {}
    for event in mine:
        for day in days_of(event):
            if day in by_day:
                fail(f"{policy} {day}: in two of its events")
            by_day[day] = event
    for a, b in zip(mine, mine[1:]):
        if a["end"] == b["start"] and (a["summary"], a["categories"]) == (b["summary"], b["categories"]):
            fail(f"{policy} {a['start']} and {b['start']}: one window split into two events")
    for day in document["days"]:
        date = datetime.date.fromisoformat(day["date"])
        event = by_day.get(date)
        denied = not day["selectable"]
        decoration = day["decoration"]
        if not denied and decoration is None:
            if event is not None:
                fail(f"{policy} {date}: no answer, but in event {event['summary']!r}")
            else:
                passed += 1
            continue
        label = decoration.get("label") if decoration else None
        reason = day["reason"] if denied else None
        summary = label or reason or ("Not selectable" if denied else "Decorated")
        categories = ({"denied"} if denied else set()) | ({"decorated"} if decoration is not None else set())
        if event is None:
            fail(f"{policy} {date}: {summary!r} has no event")
        elif (event["summary"], event["categories"]) != (summary, categories):
            fail(f"{policy} {date}: event {event['summary']!r} {sorted(event['categories'])}, "
                 f"JSON {summary!r} {sorted(categories)}")
        else:
            passed += 1


def admitted(event, only, policies, excluded):
    if only != "-" and only not in event["categories"]:
        return False
    if policies and not any(stem_matches(n, event["policy"]) for n in policies):
        return False
    return not any(stem_matches(n, event["policy"]) for n in excluded)


def filtered(full_path, filtered_path, only, policies, excluded):
    global passed
    names = lambda text: [] if text == "-" else text.split(",")
    policies, excluded = names(policies), names(excluded)
    key = lambda e: (e["uid"], e["start"], e["end"], e["summary"], e["description"], e["policy"])
    want = [key(e) for e in events(full_path) if admitted(e, only, policies, excluded)]
    got = [key(e) for e in events(filtered_path)]
    if not want:
        fail("the filter keeps nothing: a vacuous check")
    if got != want:
        fail(f"only={only} policy={policies} exclude={excluded}: {len(got)} events, expected {len(want)}; "
             f"extra {[k[3] for k in got if k not in want][:5]}, missing {[k[3] for k in want if k not in got][:5]}")
    else:
        passed += len(got)


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
            if changed_summary not in event["summary"] + event["description"]:
                fail(f"{event['start']} {event['summary']!r}: changed, though the edit did not touch it")
    if changed == 0:
        fail("the edited policy changed no event")


def window(path, summary, first, last):
    global passed
    matching = [e for e in events(path) if e["summary"] == summary]
    spans = [(str(e["start"]), str(e["end"] - ONE_DAY)) for e in matching]
    if spans != [(first, last)]:
        fail(f"{summary!r}: events {spans}, expected one {first} … {last}")
    else:
        passed += 1


def main():
    command = sys.argv[1]
    if command == "check":
        check(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif command == "filter":
        filtered(*sys.argv[2:7])
    elif command == "uids":
        uids(sys.argv[2], sys.argv[3], sys.argv[4])
    elif command == "window":
        window(*sys.argv[2:6])
    print(f"{passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
