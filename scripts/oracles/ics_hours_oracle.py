"""Checks the timed events of `eval --format ics` with the icalendar package.

Usage: ics_hours_oracle.py CALPOLICY TMPDIR

For the hours fixtures (Tests/fixtures/hours) over 2026 in three stack zones, the iCalendar
export is parsed with icalendar: its VTIMEZONE (built by libical, TZID the plain IANA name) is
turned into a tzinfo by icalendar itself (`Timezone.to_tz`), and every timed event's DTSTART and
DTEND, read with that tzinfo and with zoneinfo, must be the instants of a run of one policy's
closed time in `eval --format json` of that policy alone (same reason), and every such run on a
day that policy does not deny whole must have its event: other layers never cut a window. Then the export is read back: `calpolicy import` writes a policy beside it
(cal.ics: all-day events deny their days, `events:hoursOn(day)` gives the timed ones as hoursFor
intervals in their zone), and that policy's `eval` intervals must be the original's, day by day
(instants and reasons). The last line is "N passed, N failed" (events, runs and days).
"""

import json
import os
import subprocess
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from icalendar import Calendar

POLICIES = ["Tests/fixtures/hours/freeze_days.lua", "Tests/fixtures/hours/weekly_hours.lua",
            "Tests/fixtures/hours/one_off.lua"]
ZONES = ["Europe/Berlin", "Australia/Sydney", "UTC"]
ARGS = ["--from", "2026-01-01", "--to", "2026-12-31", "--today", "2026-06-01"]


def run(binary, zone, fmt, policies=POLICIES):
    return subprocess.run([binary, "eval", *policies, *ARGS, "--time-zone", zone, "--format", fmt], check=True,
                          capture_output=True, text=True).stdout


def expected_runs(binary, zone):
    """Each policy's own runs of one reason, from `eval` of that policy alone, on the days it does
    not deny whole itself: a timed window is one event whatever other layers deny inside it."""
    runs = []
    for policy in POLICIES:
        runs += policy_runs(json.loads(run(binary, zone, "json", [policy])))
    return sorted(runs)


def policy_runs(document):
    runs = []
    for day in document["days"]:
        if not day["selectable"]:
            continue
        for piece in day.get("intervals", []):  # a policy without hours has none
            start = int(datetime.fromisoformat(piece["from"]).timestamp())
            end = int(datetime.fromisoformat(piece["to"]).timestamp())
            if runs and runs[-1][1] == start and runs[-1][2] == piece["reason"]:
                runs[-1] = (runs[-1][0], end, piece["reason"])
            else:
                runs.append((start, end, piece["reason"]))
    return runs


def instant(prop, tzinfos):
    """A DTSTART/DTEND's instant, once per way of reading its zone."""
    value = prop.dt
    tzid = prop.params.get("TZID")
    if tzid is None:
        assert value.tzinfo is not None and value.utcoffset().total_seconds() == 0, value
        return {int(value.timestamp())}
    naive = value.replace(tzinfo=None)
    return {int(naive.replace(tzinfo=tz).timestamp()) for tz in tzinfos[tzid]}


def read_back(binary, zone, ics_text, folder):
    """Each day's (from, to, reason) from the policy `calpolicy import` writes for the export."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "hours.ics"), "w", encoding="utf-8") as f:
        f.write(ics_text)
    subprocess.run([binary, "import", os.path.join(folder, "hours.ics"), "--today", "2026-01-01"], check=True,
                   capture_output=True, text=True)
    reader = os.path.join(folder, "hours.lua")
    with open(reader, encoding="utf-8") as f:
        wrote_zone = f"zone = {json.dumps(zone)}" in f.read()
    assert wrote_zone or zone == "UTC", f"import wrote no zone {zone}"
    out = subprocess.run([binary, "eval", reader, *ARGS, "--time-zone", zone, "--format", "json"], check=True,
                         capture_output=True, text=True).stdout
    return {day["date"]: [(p["from"], p["to"], p["reason"]) for p in day["intervals"]]
            for day in json.loads(out)["days"]}


def main():
    binary, tmp = sys.argv[1], sys.argv[2]
    passed = failed = 0
    for zone in ZONES:
        ics_text = run(binary, zone, "ics")
        calendar = Calendar.from_ical(ics_text)
        document = json.loads(run(binary, zone, "json"))
        want = expected_runs(binary, zone)
        original = {day["date"]: [(p["from"], p["to"], p["reason"]) for p in day["intervals"]]
                    for day in document["days"]}
        back = read_back(binary, zone, ics_text, os.path.join(tmp, zone.replace("/", "_")))
        for date, pieces in original.items():
            if back.get(date) == pieces:
                passed += 1
            else:
                failed += 1
                print(f"{zone} {date}: read back {back.get(date)}, exported {pieces}", file=sys.stderr)
        tzinfos = {}
        for vtimezone in calendar.walk("VTIMEZONE"):
            tzid = str(vtimezone["TZID"])
            tzinfos[tzid] = [vtimezone.to_tz(), ZoneInfo(tzid)]
        if zone != "UTC" and zone not in tzinfos:
            print(f"{zone}: no VTIMEZONE with TZID {zone}", file=sys.stderr)
            failed += 1
        got = []
        for event in calendar.walk("VEVENT"):
            if "closed" not in str(event.get("CATEGORIES").to_ical(), "utf-8"):
                continue
            starts, ends = instant(event["DTSTART"], tzinfos), instant(event["DTEND"], tzinfos)
            if len(starts) != 1 or len(ends) != 1:
                print(f"{zone}: {event['SUMMARY']}: VTIMEZONE and zoneinfo disagree: {starts} {ends}", file=sys.stderr)
                failed += 1
                continue
            got.append((starts.pop(), ends.pop(), str(event["SUMMARY"])))
        got.sort()
        for run_ in want:
            if run_ in got:
                passed += 1
            else:
                failed += 1
                print(f"{zone}: no event for {run_}", file=sys.stderr)
        for extra in sorted(set(got) - set(want)):
            failed += 1
            print(f"{zone}: event {extra} is no run of closed time", file=sys.stderr)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
