"""Compares calpolicy's evaluation of the shipped holiday policies with python-holidays.

Usage: holidays_oracle.py [--easter FILE] --check COUNTRY CSV FIRST_YEAR LAST_YEAR [--check ...]
                          [--compare COUNTRY HAND_CSV GENERATED_CSV ...]

CSV is `calpolicy eval weekends.lua <policy> --format csv` for Jan 1 of FIRST_YEAR to Dec 31
of LAST_YEAR. For every day the expected answer is: selectable when it is Monday-Friday and
not a holiday or observed day in python-holidays, and the decoration label is the day's
python-holidays names (compared as a set, since several names on one day are joined with "; ");
the reason is "weekend" on Saturday and Sunday (weekends.lua denies first), else the label.
Known, deliberate differences are listed in ALLOWED below, each with its reason; they are
reported but do not fail. With --easter, cal.easter's dates (both kinds) are compared with
dateutil's for every year listed. With --compare, the hand-written policy's CSV and the
generated data's (`holidays:US:government`, `holidays:GB-ENG`, both behind weekends.lua, same
span) must agree day by day on selectable and the decoration's names, but for the days in
ALLOWED_GENERATED. The last line is "N passed, N failed" (days and years).
"""

import csv
import sys
from datetime import date, timedelta

import holidays
from holidays.constants import GOVERNMENT


def reference(country, first, last):
    years = range(first, last + 1)
    if country == "us":
        # Federal holidays live in the GOVERNMENT category of python-holidays' US class.
        return holidays.US(years=years, categories=(GOVERNMENT,))
    if country == "uk":
        return holidays.UK(subdiv="ENG", years=years)
    raise SystemExit(f"holidays_oracle.py: unknown country '{country}'; expected 'us' or 'uk'")


def labels(text):
    return frozenset(part for part in (text or "").split("; ") if part)


def _memorial_days():
    # Memorial Day on May 30, 1888-1970, was a federal holiday; python-holidays files it under
    # PUBLIC only, so its GOVERNMENT calendar misses it.
    return {date(y, 5, 30): ({"Memorial Day"}, set()) for y in range(1888, 1971)}


# Deliberate differences: (country, day) -> (labels calpolicy gives, labels python-holidays gives).
# Each entry must match exactly, so an allow-listed day that changes in either source fails.
ALLOWED = {
    "us": {
        **_memorial_days(),
        # Half-day closings by executive order: the morning is worked, so the policy keeps the
        # day selectable and undecorated.
        date(2002, 12, 24): (set(), {"Christmas Eve (half-day closing)"}),
        date(2009, 12, 24): (set(), {"Christmas Eve (half-day closing)"}),
        date(2015, 12, 24): (set(), {"Christmas Eve (half-day closing)"}),
    },
    "uk": {
        # New Year's Day became a bank holiday in England and Wales on 1 January 1974;
        # python-holidays starts it in 1975.
        date(1974, 1, 1): ({"New Year's Day"}, set()),
    },
}


# Deliberate differences between a hand-written policy and the generated data for the same
# calendar: (country, day) -> (labels of the hand-written policy, labels of the generated data).
# Both are selectable on these days (the generated data only decorates a half day).
ALLOWED_GENERATED = {
    "us": {
        # Half-day closings by executive order: the policy leaves the day plain, the generated
        # data marks it (decorated, still selectable, as every half day is).
        date(2002, 12, 24): (set(), {"Christmas Eve (half-day closing)"}),
        date(2009, 12, 24): (set(), {"Christmas Eve (half-day closing)"}),
        date(2015, 12, 24): (set(), {"Christmas Eve (half-day closing)"}),
    },
    "uk": {},
}


def compare(country, hand_path, generated_path):
    """Hand-written policy against the generated data, day by day (same stack, same span)."""
    allowed = ALLOWED_GENERATED[country]
    with open(hand_path, newline="") as f:
        hand = {row["date"]: row for row in csv.DictReader(f)}
    with open(generated_path, newline="") as f:
        generated = {row["date"]: row for row in csv.DictReader(f)}
    passed = failed = excused = 0
    problems = []
    if hand.keys() != generated.keys() or not hand:
        problems.append(f"{country}: the two evaluations cover different days")
        failed += 1
    used = set()
    for key in sorted(hand.keys() & generated.keys()):
        a, b = hand[key], generated[key]
        ours, theirs = labels(a["decoration_label"]), labels(b["decoration_label"])
        if ours == theirs and a["selectable"] == b["selectable"]:
            passed += 1
            continue
        day = date.fromisoformat(key)
        if allowed.get(day) == (set(ours), set(theirs)) and a["selectable"] == b["selectable"]:
            used.add(day)
            excused += 1
            passed += 1
            continue
        failed += 1
        problems.append(f"{country} {key}: hand-written selectable={a['selectable']} labels={sorted(ours)}; "
                        f"generated selectable={b['selectable']} labels={sorted(theirs)}")
    for day in sorted(set(allowed) - used):
        # An allow-listed day inside the span that no longer differs: the list is stale.
        if day.isoformat() in hand:
            failed += 1
            problems.append(f"{country} {day}: allow-listed in ALLOWED_GENERATED but no longer differs")
    for line in problems[:30]:
        print(line)
    print(f"{country} hand-written vs generated: {passed} days agree ({excused} of them deliberate differences), "
          f"{failed} differ")
    return passed, failed


def check(country, path, first, last):
    ref = reference(country, first, last)
    allowed = ALLOWED[country]
    passed = failed = excused = 0
    problems = []
    expected_day = date(first, 1, 1)
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            day = date.fromisoformat(row["date"])
            if day != expected_day:
                problems.append(f"{country} {row['date']}: expected a row for {expected_day}")
                failed += 1
                expected_day = day
            expected_day += timedelta(days=1)
            theirs = labels("; ".join(ref.get_list(day)))
            ours = labels(row["decoration_label"])
            # The reason comes from the first denying policy: weekends.lua, else the holiday's name.
            want_reason = "weekend" if day.weekday() >= 5 else row["decoration_label"]
            if row["reason"] != want_reason:
                failed += 1
                problems.append(f"{country} {day}: reason {row['reason']!r}, expected {want_reason!r}")
                continue
            want_selectable = day.weekday() < 5 and not theirs
            got_selectable = row["selectable"] == "true"
            if ours == theirs and got_selectable == want_selectable:
                passed += 1
                continue
            if day in allowed and allowed[day] == (set(ours), set(theirs)):
                want_selectable = day.weekday() < 5 and not ours
                if got_selectable == want_selectable:
                    excused += 1
                    passed += 1
                    continue
            failed += 1
            problems.append(
                f"{country} {day}: calpolicy selectable={got_selectable} labels={sorted(ours)}; "
                f"python-holidays selectable={want_selectable} labels={sorted(theirs)}"
            )
    if expected_day != date(last + 1, 1, 1):
        problems.append(f"{country}: rows end before {last}-12-31")
        failed += 1
    for line in problems[:30]:
        print(line)
    if len(problems) > 30:
        print(f"... and {len(problems) - 30} more")
    print(f"{country} {first}-{last}: {passed} days agree ({excused} of them deliberate differences), "
          f"{failed} differ")
    return passed, failed


def check_easter(path):
    """Each line of PATH is "year western orthodox" from cal.easter; compares with dateutil."""
    from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter

    passed = failed = 0
    with open(path) as f:
        for line in f:
            year, western, orthodox = line.split()
            want = (str(easter(int(year), EASTER_WESTERN)), str(easter(int(year), EASTER_ORTHODOX)))
            if (western, orthodox) == want:
                passed += 1
            else:
                failed += 1
                if failed <= 30:
                    print(f"easter {year}: cal gives {western} / {orthodox}, dateutil {want[0]} / {want[1]}")
    print(f"cal.easter: {passed} years agree with dateutil (western and orthodox), {failed} differ")
    return passed, failed


def main(argv):
    checks = []
    comparisons = []
    easter_files = []
    i = 0
    while i < len(argv):
        if argv[i] == "--easter" and i + 1 < len(argv):
            easter_files.append(argv[i + 1])
            i += 2
            continue
        if argv[i] == "--compare" and i + 3 < len(argv):
            comparisons.append((argv[i + 1], argv[i + 2], argv[i + 3]))
            i += 4
            continue
        if argv[i] != "--check" or i + 4 >= len(argv):
            raise SystemExit(__doc__)
        checks.append((argv[i + 1], argv[i + 2], int(argv[i + 3]), int(argv[i + 4])))
        i += 5
    if not checks and not easter_files and not comparisons:
        raise SystemExit(__doc__)
    total_passed = total_failed = 0
    for path in easter_files:
        p, f = check_easter(path)
        total_passed += p
        total_failed += f
    for country, path, first, last in checks:
        p, f = check(country, path, first, last)
        total_passed += p
        total_failed += f
    for country, hand, generated in comparisons:
        p, f = compare(country, hand, generated)
        total_passed += p
        total_failed += f
    print(f"{total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
