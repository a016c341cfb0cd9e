#!/usr/bin/env python3
"""Compares cal.inGregorianYear with convertdate (see scripts/checks/cal-helpers.sh).

Reads `calpolicy eval scripts/oracles/in-gregorian-year.lua --format csv` on stdin: each
day's decoration label lists the Hebrew (H:m-d, L for Adar I) and Islamic civil (I:m-d)
dates cal.inGregorianYear placed on it. Every day must carry exactly its own Hebrew and
Islamic date, in calpolicy's (Foundation's) month numbering.
"""
import csv
import sys

from convertdate import gregorian, hebrew, islamic

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from calendars import hebrew_foundation  # noqa: E402  (the same renumbering as calendars.py)


def main():
    rows = csv.DictReader(sys.stdin)
    passed = failed = 0
    shown = 0
    for row in rows:
        y, m, d = (int(x) for x in row["date"].split("-"))
        jd = gregorian.to_jd(y, m, d)
        _, _, hm, hd, leap = hebrew_foundation(jd)
        iy, im, idd = islamic.from_jd(jd)
        want = sorted([f"H:{hm}-{hd}{'L' if leap else ''}", f"I:{int(im)}-{int(idd)}"])
        # Day 30 is asked for, day 31 never exists in either calendar.
        got = sorted(row["decoration_label"].split(" "))
        if got == want:
            passed += 1
            continue
        failed += 1
        if shown < 20:
            shown += 1
            print(f"MISMATCH {row['date']}: inGregorianYear placed {got}, convertdate says {want}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
