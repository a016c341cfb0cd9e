#!/usr/bin/env python3
"""Overlay in closed time against an independent model: offices with zones, three at a time, staffed
Monday to Friday 09:00-17:00 local time and closed on their holidays, every 15 minutes of a year.
Two trios: Berlin, New York and São Paulo (all three open together a few hours a weekday, which
the two DST calendars and a zone without DST move around), and Berlin, New York and Sydney (never all
open: follow-the-sun coverage, "any open", is what it has).

The model: an office is open at an instant when, in its own zone (Python's zoneinfo, over the
system's tz database), the local date is not one `calpolicy eval` denies for that office (its
holidays, asked in the office's zone) and the local time is a weekday's 09:00-17:00. "All open":
every office open; "any open": at least one. calpolicy's answers: `overlay --format json` over the
year (its `commonOpen` and `uncovered` windows, in UTC), and `--next-common-open` searches (every
stack, or `--any`; with and without `--min-duration`) from instants across the year.

  overlay_hours.py BINARY   prints "N passed, N failed"; exit 1 on any failure
"""
import bisect
import datetime as dt
import json
import subprocess
import sys
from zoneinfo import ZoneInfo

from common import UTC, Checks

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/calpolicy"
YEAR = 2026
BERLIN = ("ber", "Europe/Berlin", ["Tests/fixtures/overlay/office-berlin.lua", "holidays:DE-BE@Europe/Berlin"])
NEW_YORK = ("nyc", "America/New_York", ["Tests/fixtures/overlay/office-new-york.lua", "holidays:US-NY@America/New_York"])
SAO_PAULO = ("sao", "America/Sao_Paulo", ["Tests/fixtures/overlay/office-sao-paulo.lua", "holidays:BR-SP@America/Sao_Paulo"])
SYDNEY = ("syd", "Australia/Sydney", ["Tests/fixtures/overlay/office-sydney.lua", "holidays:AU-NSW@Australia/Sydney"])
TRIOS = [[BERLIN, NEW_YORK, SAO_PAULO], [BERLIN, NEW_YORK, SYDNEY]]
STEP = 15 * 60
START = int(dt.datetime(YEAR, 1, 1, tzinfo=UTC).timestamp())
END = int(dt.datetime(YEAR + 1, 1, 1, tzinfo=UTC).timestamp())

check = Checks("overlay-hours", shown=20)


def run(*args):
    done = subprocess.run([BINARY, *args, "--today", f"{YEAR}-01-01"], capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def denied_days(zone, policies):
    """The local dates calpolicy denies for an office, asked in its own zone (a day beyond the
    year on either side, so every local date the UTC year touches is known)."""
    code, out, err = run("eval", *policies, "--from", f"{YEAR - 1}-12-30", "--to", f"{YEAR + 1}-01-02",
                         "--format", "json", "--time-zone", zone)
    if code != 0:
        raise SystemExit(f"overlay-hours: eval failed ({code}): {err.strip()}")
    return {day["date"] for day in json.loads(out)["days"] if not day["selectable"]}


MODEL = {}
for office in [BERLIN, NEW_YORK, SAO_PAULO, SYDNEY]:
    MODEL[office[0]] = (ZoneInfo(office[1]), denied_days(office[1], office[2]), {})


def office_open(name, instant):
    zone, denied, known = MODEL[name]
    if instant not in known:
        local = dt.datetime.fromtimestamp(instant, tz=zone)
        known[instant] = local.date().isoformat() not in denied and local.weekday() < 5 and 9 <= local.hour < 17
    return known[instant]


def model(trio, instant, coverage):
    states = [office_open(office[0], instant) for office in trio]
    return all(states) if coverage == "all" else any(states)


def instant_of(text):
    return int(dt.datetime.fromisoformat(text).timestamp())


def windows(items):
    spans = sorted((instant_of(w["from"]), instant_of(w["until"]) if w["until"] else 1 << 62) for w in items)
    starts = [s for s, _ in spans]

    def inside(t):
        i = bisect.bisect_right(starts, t) - 1
        return i >= 0 and spans[i][0] <= t < spans[i][1]
    return inside


def model_next(trio, start, coverage, minimum):
    """The first 15-minute instant at or after `start` opening a run of at least `minimum`
    seconds (every boundary of these offices falls on a quarter hour), and the run's end."""
    t = start
    limit = start + 60 * 86400
    while t < limit:
        if model(trio, t, coverage):
            run_start = t
            while model(trio, t, coverage):
                t += STEP
            if t - run_start >= max(minimum, 1):
                return run_start, t
        else:
            t += STEP
    return None


for trio in TRIOS:
    label = "+".join(office[0] for office in trio)
    stacks = []
    for name, _, policies in trio:
        stacks += ["--stack", name + "=" + ",".join(policies)]

    # The year as windows, one process; every 15 minutes against the model.
    code, out, err = run("overlay", *stacks, "--from", f"{YEAR}-01-01", "--to", f"{YEAR}-12-31", "--time-zone", "UTC",
                         "--format", "json")
    check(code == 0, f"{label}: overlay over the year exits 0 (got {code}: {err.strip()})")
    document = json.loads(out) if code == 0 else {"commonOpen": [], "uncovered": []}
    common = windows(document["commonOpen"])
    uncovered = windows(document["uncovered"])
    open_quarters = 0
    for instant in range(START, END, STEP):
        all_open, any_open = model(trio, instant, "all"), model(trio, instant, "any")
        open_quarters += all_open
        if common(instant) != all_open or (not uncovered(instant)) != any_open:
            stamp = dt.datetime.fromtimestamp(instant, tz=UTC).isoformat()
            check(False, f"{label} at {stamp}: all open: overlay {common(instant)}, model {all_open}; "
                  + f"any open: overlay {not uncovered(instant)}, model {any_open}")
        else:
            check(True, "")
    print(f"overlay-hours: {label}: open in every office {open_quarters / 4:.0f} h of the year")

    # The same year with --any: the same uncovered windows.
    code, out_any, err = run("overlay", *stacks, "--from", f"{YEAR}-01-01", "--to", f"{YEAR}-12-31", "--time-zone",
                             "UTC", "--format", "json", "--any")
    check(code == 0 and json.loads(out_any)["uncovered"] == document["uncovered"],
          f"{label}: --any lists the same uncovered windows")

    # Searches from instants across the year (both DST changes of each side included): every
    # stack, or any; with and without a minimum. Where every office is never open together, the
    # search for all of them must fail (exit 1) rather than answer.
    starts = [START + k * 7 * 86400 + (k * 3600 * 5) % 86400 for k in range(0, 52, 4)]
    starts += [instant_of(f"{YEAR}-03-09T13:00:00+00:00"), instant_of(f"{YEAR}-03-30T07:00:00+00:00"),
               instant_of(f"{YEAR}-10-26T12:00:00+00:00"), instant_of(f"{YEAR}-12-24T12:00:00+00:00")]
    never_all = open_quarters == 0
    for start in starts:
        for coverage, minimum, text in [("all", 0, None), ("all", 3600, "1h"), ("any", 0, None), ("any", 8 * 3600, "8h")]:
            if never_all and coverage == "all" and start != starts[0]:
                continue
            args = ["overlay", *stacks, "--next-common-open", dt.datetime.fromtimestamp(start, tz=UTC).isoformat(),
                    "--time-zone", "UTC", "--format", "json",
                    # A search that finds nothing walks ten years: its run budget is not what is
                    # checked here, and a busy machine must not turn it into a failure.
                    "--timeout", "120"]
            if coverage == "any":
                args.append("--any")
            if text:
                args += ["--min-duration", text]
            code, out, err = run(*args)
            what = f"{label}: next {coverage} open from {dt.datetime.fromtimestamp(start, tz=UTC).isoformat()} (min {text or 0})"
            expected = None if (never_all and coverage == "all") else model_next(trio, start, coverage, minimum)
            if expected is None:
                check(code == 1, what + f": no window expected, got exit {code}")
                continue
            if code != 0:
                check(False, what + f": exit {code}: {err.strip()}")
                continue
            found = json.loads(out)["nextCommonOpen" if coverage == "all" else "nextCovered"]
            got = (instant_of(found["from"]), instant_of(found["until"]) if found["until"] else None)
            check(got == expected, what + f": overlay {found}, model "
                  + f"{[dt.datetime.fromtimestamp(x, tz=UTC).isoformat() for x in expected]}")

check.finish()
