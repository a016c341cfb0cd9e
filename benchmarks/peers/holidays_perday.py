"""Peer B, in process: python-holidays (pinned in scripts/requirements-test.txt)
answering "selectable = a weekday and not a US federal holiday" for every day of a span.

    holidays_perday.py FIRST_YEAR LAST_YEAR

Federal holidays are python-holidays' US GOVERNMENT category, as in the oracle check.
The holiday object is created fresh, so the years it fills in lazily are part of the
time, as the Lua policy's per-year cache is. Prints one JSON object: process CPU time
per day and the selectable-day count.
"""

import json
import sys
import time
from datetime import date, timedelta

import holidays
from holidays.constants import GOVERNMENT


def main(first_year, last_year):
    first, last = date(first_year, 1, 1), date(last_year, 12, 31)
    one = timedelta(days=1)
    start_cpu, start_wall = time.process_time_ns(), time.perf_counter_ns()
    federal = holidays.US(categories=(GOVERNMENT,))
    selectable = 0
    day = first
    while day <= last:
        if day.weekday() < 5 and day not in federal:
            selectable += 1
        day += one
    cpu, wall = time.process_time_ns() - start_cpu, time.perf_counter_ns() - start_wall
    days = (last - first).days + 1
    print(json.dumps({"name": "peerB.python-holidays-perday", "unit": "day", "operations": days,
                      "ns_per_op": cpu / days, "wall_ns_per_op": wall / days, "check": selectable}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
