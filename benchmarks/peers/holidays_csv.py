"""Peer B, whole process: python-holidays writing one CSV line per day, with the
columns of `calpolicy eval --format csv` (selectable = a weekday and not a US federal
holiday; a holiday is denied with its names as the reason and decorated like the Lua
policy decorates it).

    holidays_csv.py FIRST_YEAR LAST_YEAR > out.csv
"""

import csv
import sys
from datetime import date, timedelta

import holidays
from holidays.constants import GOVERNMENT

COLUMNS = ["date", "year", "month", "day", "weekday", "selectable", "deselectable", "reason",
           "decoration_kind", "decoration_label", "decoration_color", "decoration_image", "decoration_size"]


def main(first_year, last_year):
    federal = holidays.US(categories=(GOVERNMENT,))
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(COLUMNS)
    one = timedelta(days=1)
    day, last = date(first_year, 1, 1), date(last_year, 12, 31)
    while day <= last:
        iso = day.isoformat()
        weekday = day.isoweekday() % 7 + 1  # 1 = Sunday ... 7 = Saturday
        names = federal.get_list(day)
        label = "; ".join(names)
        if names:
            selectable, reason = "false", label
        elif weekday in (1, 7):
            selectable, reason = "false", f"{iso} is a weekend day; only weekdays may be selected"
        else:
            selectable, reason = "true", ""
        decoration = ["default", label, "#c62828", "", "medium"] if names else ["", "", "", "", ""]
        out.writerow([iso, day.year, day.month, day.day, weekday, selectable, "true", reason, *decoration])
        day += one


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
