"""Checks CalendarCore's arithmetic calendars against convertdate (pinned 2.5.1).

Reads the dump written by the CalendarOracleDump Swift test, one line per checked day:
    <calendar> <gregorian ISO> <era or -> <year> <month> <day> <1 if leap month else 0>
and recomputes each from the Gregorian date with convertdate:

  hebrew                 convertdate.hebrew, months renumbered to Foundation's order
                         (Tishri = 1 ... Adar I = 6 in leap years, Adar / Adar II = 7 ... Elul = 13)
  islamic-civil          convertdate.islamic (arithmetic, Friday epoch 16 July 622 Julian)
  islamic-tabular        the same rules one day earlier (Thursday epoch): tabular(d) = civil(d + 1)
  coptic                 convertdate.coptic
  ethiopic-amete-mihret  convertdate.coptic with year + 276 (same rules, epoch 276 Julian years later)
  ethiopic-amete-alem    the Amete Mihret year + 5500
  indian                 convertdate.indian_civil
  persian                convertdate.persian's rule (year starts on the day of the March equinox at
                         Tehran), computed once per year with convertdate.persian.equinox_jd.
                         calpolicy uses the 33-year arithmetic rule; where they part is listed in
                         PERSIAN_RULES_PART and counted separately, and each listed year must still differ.

Prints per-calendar figures and, last, "N passed, N failed"; exits 1 on any failure.
"""
import sys
from collections import Counter, defaultdict

from convertdate import coptic, gregorian, hebrew, indian_civil, islamic, persian

# Persian years (AP) whose 1 Farvardin differs between the 33-year rule and convertdate's
# equinox rule within 1900-2300 CE: convertdate starts each of these a day earlier, so the
# last day of the previous year and every day of these years are numbered differently.
PERSIAN_RULES_PART = {1503: "2124-03-20", 1602: "2223-03-21", 1635: "2256-03-20", 1668: "2289-03-20"}


def hebrew_foundation(jd):
    y, m, d = hebrew.from_jd(jd)
    if 7 <= m <= 11:
        month = m - 6
    elif m == 12:
        month = 6 if hebrew.leap(y) else 7
    elif m == 13:
        month = 7
    else:
        month = m + 7
    return ("-", y, month, d, 1 if month == 6 else 0)


def plain(conv):
    def f(jd):
        y, m, d = conv(jd)
        return ("-", int(y), int(m), int(d), 0)
    return f


def coptic_era(offset, era_value, extra=0):
    def f(jd):
        y, m, d = coptic.from_jd(jd)
        y = int(y) + offset
        return (era_value, y + extra, int(m), int(d), 0)
    return f


class Persian:
    def __init__(self, first_gregorian_year, last_gregorian_year):
        # Julian day (x.5, midnight) of 1 Farvardin for AP years starting in these Gregorian years.
        self.nowruz = {g - 621: persian.equinox_jd(g) + 0.5
                       for g in range(first_gregorian_year, last_gregorian_year + 2)}
        for ap in (1279, 1403):  # the shortcut must agree with convertdate's public to_jd
            if ap in self.nowruz and self.nowruz[ap] != persian.to_jd(ap, 1, 1):
                raise SystemExit(f"persian oracle: equinox shortcut disagrees with to_jd for {ap}")

    def __call__(self, jd):
        year = max(y for y, start in self.nowruz.items() if start <= jd)
        yday = int(jd - self.nowruz[year]) + 1
        if yday <= 186:
            month, day = (yday - 1) // 31 + 1, (yday - 1) % 31 + 1
        else:
            month, day = (yday - 187) // 30 + 7, (yday - 187) % 30 + 1
        return ("-", year, month, day, 0)


def main(path):
    with open(path) as f:
        rows = [line.split() for line in f if line.strip()]
    years = [int(r[1][:4]) for r in rows]
    oracles = {
        "hebrew": hebrew_foundation,
        "islamic-civil": plain(islamic.from_jd),
        "islamic-tabular": lambda jd: plain(islamic.from_jd)(jd + 1),
        "coptic": coptic_era(0, "1"),
        "ethiopic-amete-mihret": coptic_era(276, "1"),
        "ethiopic-amete-alem": lambda jd: ("-",) + coptic_era(276, "1", 5500)(jd)[1:],
        "indian": plain(indian_civil.from_jd),
        "persian": Persian(min(years) - 1, max(years)),
    }
    passed, failed, known = Counter(), Counter(), Counter()
    parted = defaultdict(int)
    shown = 0
    for r in rows:
        if len(r) != 7 or r[0] not in oracles:
            failed["malformed"] += 1
            continue
        cal, iso = r[0], r[1]
        y, m, d = (int(x) for x in iso.split("-"))
        jd = gregorian.to_jd(y, m, d)
        got = (r[2], int(r[3]), int(r[4]), int(r[5]), int(r[6]))
        want = oracles[cal](jd)
        if got == want:
            passed[cal] += 1
            continue
        if cal == "persian":
            years_here = {got[1], want[1]}
            part = next((ap for ap in PERSIAN_RULES_PART if years_here & {ap - 1, ap}), None)
            if part is not None:
                known[cal] += 1
                parted[part] += 1
                continue
        failed[cal] += 1
        if shown < 20:
            shown += 1
            print(f"MISMATCH {cal} {iso}: calpolicy {got}, convertdate {want}")
    for ap, start in PERSIAN_RULES_PART.items():
        if parted[ap] == 0:
            failed["persian"] += 1
            print(f"STALE persian {ap} ({start}) is listed as parting but no longer differs")
    for cal in oracles:
        extra = f", {known[cal]} where the rules part (AP {sorted(parted)})" if known[cal] else ""
        print(f"{cal}: {passed[cal]} passed, {failed[cal]} failed{extra}")
    total_passed, total_failed = sum(passed.values()), sum(failed.values())
    print(f"{total_passed} passed, {total_failed} failed")
    return 1 if total_failed or total_passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
