"""Checks `calpolicy workdays` against numpy's business-day functions.

Usage: workdays_oracle.py CALPOLICY TMPDIR

For each stack: the stack's denied days over SPAN come from `calpolicy eval --format csv`;
a weekday denied on every one of its days in SPAN is off in numpy's `weekmask`, every other
denied day goes into `holidays=`. Then QUESTIONS random (start, count) pairs are asked of
`workdays --batch` (one process per stack) and compared with `numpy.busday_offset` (roll
'forward' for count >= 0, 'backward' below: calpolicy's documented rule), and QUESTIONS
random (from, to) pairs with `numpy.busday_count`. Questions stay well inside SPAN, so no
answer depends on a day numpy was not told about. The last line is "N passed, N failed".
"""

import csv
import subprocess
import sys
from datetime import date, timedelta

import numpy as np

SPAN = ("2014-01-01", "2045-12-31")
QUESTIONS = 10_000
TODAY = "2026-12-01"
STACKS = {
    "us": ["policies/weekends.lua", "policies/us-federal-holidays.lua"],
    "uk": ["policies/weekends.lua", "policies/uk-bank-holidays.lua"],
    # Saudi Arabia: a Friday-Saturday weekend, and holidays that move with the Hijri calendar.
    "sa": ["weekends:SA", "holidays:SA"],
}


def numpy_calendar(calpolicy, policies, tmp):
    out = subprocess.run([calpolicy, "eval", *policies, "--from", SPAN[0], "--to", SPAN[1],
                          "--today", TODAY, "--format", "csv"], check=True, capture_output=True, text=True).stdout
    denied = [date.fromisoformat(row["date"]) for row in csv.DictReader(out.splitlines())
              if row["selectable"] == "false"]
    first, last = date.fromisoformat(SPAN[0]), date.fromisoformat(SPAN[1])
    total = [0] * 7
    day = first
    while day <= last:
        total[day.weekday()] += 1
        day += timedelta(days=1)
    off = [0] * 7
    for day in denied:
        off[day.weekday()] += 1
    weekmask = [off[i] < total[i] for i in range(7)]
    holidays = [d for d in denied if weekmask[d.weekday()]]
    return weekmask, np.array(holidays, dtype="datetime64[D]")


def check(calpolicy, name, policies, tmp, rng):
    weekmask, holidays = numpy_calendar(calpolicy, policies, tmp)
    cal = np.busdaycalendar(weekmask=weekmask, holidays=holidays)
    base = np.datetime64("2016-01-01")
    width = (np.datetime64("2043-12-31") - base).astype(int)
    starts = base + rng.integers(0, width, QUESTIONS).astype("timedelta64[D]")
    counts = rng.integers(-300, 301, QUESTIONS)
    counts[: QUESTIONS // 10] = rng.integers(-3, 4, QUESTIONS // 10)  # many small counts, 0 among them
    froms = base + rng.integers(0, width, QUESTIONS).astype("timedelta64[D]")
    tos = froms + rng.integers(-500, 501, QUESTIONS).astype("timedelta64[D]")
    lines = [f"add {s} {c}" for s, c in zip(starts, counts)] + [f"between {f} {t}" for f, t in zip(froms, tos)]
    path = f"{tmp}/{name}.questions"
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    got = subprocess.run([calpolicy, "workdays", *policies, "--today", TODAY, "--batch", path],
                         check=True, capture_output=True, text=True).stdout.splitlines()
    expected = []
    forward = np.busday_offset(starts, np.maximum(counts, 0), roll="forward", busdaycal=cal)
    backward = np.busday_offset(starts, np.minimum(counts, 0), roll="backward", busdaycal=cal)
    expected += [str(f if c >= 0 else b) for f, b, c in zip(forward, backward, counts)]
    expected += [str(n) for n in np.busday_count(froms, tos, busdaycal=cal)]
    mismatches = [(q, g, e) for q, g, e in zip(lines, got, expected) if g != e]
    if len(got) != len(expected):
        mismatches.append(("answers", len(got), len(expected)))
    for q, g, e in mismatches[:10]:
        print(f"workdays {name}: {q}: calpolicy {g}, numpy {e}", file=sys.stderr)
    off = "".join("-" if on else "X" for on in weekmask)
    print(f"{name}: weekmask Mon..Sun {off} (X off), {len(holidays)} holidays, "
          f"{len(lines)} questions, {len(mismatches)} mismatches", file=sys.stderr)
    return len(lines) - len(mismatches), len(mismatches)


def main():
    calpolicy, tmp = sys.argv[1], sys.argv[2]
    rng = np.random.default_rng(28)
    passed = failed = 0
    for name, policies in STACKS.items():
        p, f = check(calpolicy, name, policies, tmp, rng)
        passed += p
        failed += f
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
