"""Peer of benchmarks/us-csv.sh, whole process: python-holidays writing `date,selectable` for
every day of a span, selectable = not a weekend and not a U.S. holiday (`holidays.US`, its
default category), one line per day.

    holidays_selectable.py FIRST_YEAR LAST_YEAR > out.csv
"""

import sys
from datetime import date, timedelta

import holidays


def main(first_year, last_year):
    us = holidays.US(years=range(first_year, last_year + 1))
    out = sys.stdout
    out.write("date,selectable\n")
    one = timedelta(days=1)
    day, last = date(first_year, 1, 1), date(last_year, 12, 31)
    lines = []
    while day <= last:
        selectable = day.weekday() < 5 and day not in us
        lines.append(f"{day.isoformat()},{'true' if selectable else 'false'}\n")
        day += one
    out.write("".join(lines))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
