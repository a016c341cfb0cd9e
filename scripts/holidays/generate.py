"""Writes the holiday data set: one text file per country or market from python-holidays.

    generate.py OUT_DIR [CODE ...]

Every country, subdivision, financial market and category python-holidays supports, for
2000-2060, each holiday one row with the subdivisions it applies to, its name in the
country's default language and in English, and what the English name says (observed,
estimated, half-day close). The header of each file records the subdivisions, the coverage
(first and last year with data) per subdivision and category, and the weekend by date.
The output is deterministic: the same python-holidays version writes the same bytes
(scripts/checks/holidays-data.sh compares them with the committed files).
"""

import collections
import datetime
import re
import sys
import time
import warnings

import holidays
from holidays import country_holidays, financial_holidays
from holidays.holiday_base import HolidayBase

import names

FIRST, LAST = 2000, 2060
# Where holidays stop by law, not because a table ends: no horizon is read from the data, and
# the years after the last holiday are covered (they have none).
NOT_HORIZONS = {
    "CK": "the islands' gospel days stop being public holidays in 2012 (Amendment Act 2011)",
    "UA": "martial law suspends the public holidays from 2022",
}
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def entities():
    """(code, display name, is a market) for every country and market, by code."""
    found = []
    for registry, market in ((holidays.registry.COUNTRIES, False), (holidays.registry.FINANCIAL, True)):
        for entry in registry.values():
            found.append((entry[1], re.sub(r"(?<=[a-z])(?=[A-Z])", " ", entry[0]), market))
    return sorted(found)


def english_of(languages, default):
    """en_US, else another English, else the default language (36 countries have no English)."""
    if "en_US" in languages:
        return "en_US"
    others = sorted(language for language in languages if language.startswith("en"))
    return others[0] if others else default


def make(code, market, **options):
    return (financial_holidays if market else country_holidays)(code, **options)


def by_day(calendar):
    return {day: names.split(name) for day, name in calendar.items() if FIRST <= day.year <= LAST}


def observed_of(day, english, lookups):
    """The nearest day within 10 days named like the observed holiday without '(observed)':
    first among the holidays as given, then among them without observed rules (markets drop
    a holiday that falls on a weekend and keep only its observed day). '?' when none is found."""
    base = names.plain_name(names.observed_base(english))
    for days in lookups:
        for distance in range(0, 11):
            for other in (day - datetime.timedelta(distance), day + datetime.timedelta(distance)):
                if any(names.plain_name(n) == base for n in days.get(other, [])):
                    return other.isoformat()
    return "?"


def horizon(rows_by_year):
    """The last year of a calendar table that stops early (India's Hindu holidays after 2035):
    five or more names seen nearly every year of a decade or more that all stop in one
    year before the last year with data, after which a year holds at most 3/4 as many
    holidays. None when there is no such year."""
    years_of = collections.defaultdict(set)
    for year, english_names in rows_by_year.items():
        for name in english_names:
            years_of[names.plain_name(names.observed_base(name))].add(year)
    last_data = max(rows_by_year)
    stops = collections.Counter()
    for years in years_of.values():
        span = max(years) - min(years) + 1
        if span >= 10 and len(years) >= 0.9 * span and max(years) < last_data:
            stops[max(years)] += 1
    def mean(years):
        return sum(len(rows_by_year.get(year, [])) for year in years) / max(1, len(years))

    # A stop that renames holidays keeps their number; a table that ends loses them.
    ends = [year for year, count in stops.items()
            if count >= 5 and mean(range(year + 1, last_data + 1)) <= 0.75 * mean(range(year - 9, year + 1))]
    return min(ends) if ends else None


def weekend_runs(calendar, overridden):
    """[(first day, last day, weekdays)] for 2000-2060: one run unless the class changes it by date."""
    if not overridden:
        return [(datetime.date(FIRST, 1, 1), datetime.date(LAST, 12, 31), frozenset(calendar.weekend))]
    runs = []
    day, end = datetime.date(FIRST, 1, 1), datetime.date(LAST, 12, 31)
    while day <= end:
        days = frozenset(calendar._get_weekend(day))
        if runs and runs[-1][2] == days:
            runs[-1] = (runs[-1][0], day, days)
        else:
            runs.append((day, day, days))
        day += datetime.timedelta(1)
    return runs


def country(code, display, market):
    base = make(code, market)
    default = base.default_language
    languages = sorted(base.supported_languages)
    english = english_of(languages, default)
    categories = sorted(base.supported_categories, key=lambda c: (c != base.default_category, c))
    subdivisions = list(base.subdivisions)
    aliases = base.get_subdivision_aliases()
    calendars = [None] + subdivisions
    years = range(FIRST, LAST + 1)

    rows = collections.defaultdict(set)   # (date, category, name, english, observedOf, estimated, close) -> where
    spans = {}
    for category in categories:
        every_calendar = collections.defaultdict(set)
        for sub in calendars:
            options = dict(subdiv=sub, categories=(category,))
            local = by_day(make(code, market, years=years, language=default, **options))
            if english != default:
                english_days = by_day(make(code, market, years=years, language=english, **options))
            else:
                english_days = local
            lookups = []
            for observed in (True, False):
                wide = make(code, market, years=range(FIRST - 1, LAST + 2), language=english,
                            observed=observed, **options)
                lookups.append({day: names.split(name) for day, name in wide.items()})
            per_year = collections.defaultdict(list)
            for day in local:
                parts, english_parts = local[day], english_days[day]
                if len(parts) != len(english_parts):
                    raise SystemExit(f"{code} {sub} {day}: {parts} and {english_parts} do not pair")
                for name, english_name in zip(parts, english_parts):
                    observed = observed_of(day, english_name, lookups) if names.is_observed(english_name) else ""
                    row = (day.isoformat(), category, name, "" if english_name == name else english_name,
                           observed, "e" if names.is_estimated(english_name) else "",
                           names.close_time(english_name))
                    rows[row].add(sub)
                    per_year[day.year].append(english_name)
            if per_year:
                first = max(min(per_year), base.start_year)
                last = min(LAST if code in NOT_HORIZONS else max(per_year), base.end_year)
                spans[(sub, category)] = (first, last)
                for year, english_names in per_year.items():
                    every_calendar[year].update(english_names)
        # A table's end is a horizon of the whole category: a name that moves from the country
        # to its subdivisions (the Cook Islands' gospel days in 2012) has not stopped.
        stop = horizon(every_calendar) if every_calendar and code not in NOT_HORIZONS else None
        if stop is not None:
            for key, (first, last) in list(spans.items()):
                if key[1] == category:
                    spans[key] = (first, min(last, stop))


    # A category's years with data, widened to its default category's: a sparse category (three
    # years of government holidays) has no holidays in the other years, not no data.
    coverage = []
    for category in categories:
        for sub in calendars:
            own, default_span = spans.get((sub, category)), spans.get((sub, categories[0]))
            known = [span for span in (own, default_span) if span]
            if known:
                first, last = min(s[0] for s in known), max(s[1] for s in known)
                coverage.append((sub or "-", category, str(first), str(last)))
            else:
                coverage.append((sub or "-", category, "-", "-"))

    overridden = type(base)._get_weekend is not HolidayBase._get_weekend
    weekends = []
    country_runs = weekend_runs(base, overridden)
    weekends += [("-", r) for r in country_runs]
    if overridden:
        for sub in subdivisions:
            runs = weekend_runs(make(code, market, subdiv=sub), True)
            if runs != country_runs:
                weekends += [(sub, r) for r in runs]
    everything = make(code, market, years=years, categories=tuple(categories), language=default)
    workdays = sorted(day for day in everything.weekend_workdays
                      if FIRST <= day.year <= LAST and everything._is_weekend(day))

    everywhere = set(calendars)
    out = [f"# Holidays of {display} ({code}) from python-holidays {holidays.__version__} (MIT, see LICENSE),"
           " written by scripts/holidays/generate.py; regenerate rather than edit.",
           f"entity\t{code}\t{display}\t{'market' if market else 'country'}",
           f"source\tpython-holidays\t{holidays.__version__}",
           "languages\t" + "\t".join(languages),
           f"names\t{default or '-'}\t{english or '-'}",
           "categories\t" + "\t".join(categories)]
    for sub in subdivisions:
        out.append(f"subdivision\t{sub}\t" + "\t".join(sorted(aliases.get(sub, []))))
    out += ["coverage\t" + "\t".join(entry) for entry in coverage]
    for sub, (first, last, days) in weekends:
        out.append(f"weekend\t{sub}\t{first.isoformat()}\t{last.isoformat()}\t"
                   + ",".join(WEEKDAYS[d] for d in sorted(days)))
    out += [f"workday\t{day.isoformat()}" for day in workdays]
    out.append("holidays\tdate\tcategory\twhere\tname\tenglishName\tobservedOf\testimated\tclose")
    order = {category: index for index, category in enumerate(categories)}
    for row in sorted(rows, key=lambda r: (r[0], order[r[1]], r[3] or r[2], r[2])):
        where = rows[row]
        subs = "*" if where == everywhere else ",".join(sorted(s or "-" for s in where))
        date, category, name, english_name, observed, estimated, close = row
        out.append("\t".join((date, category, subs, name, english_name, observed, estimated, close)))
    for line in out:
        if "\n" in line or line.count("\t") != line.rstrip("\n").count("\t"):
            raise SystemExit(f"{code}: a name holds a line break")
    index = (code, display, "market" if market else "country", str(len(subdivisions)), ",".join(categories),
             ",".join(languages) or "-", coverage[0][2], coverage[0][3])
    return "\n".join(out) + "\n", index


def main():
    warnings.simplefilter("ignore")
    out_dir, wanted = sys.argv[1], set(sys.argv[2:])
    started = time.time()
    index = ["# Countries and markets of this folder: code, name, kind, subdivisions, categories, languages,"
             " coverage of the default category (first, last year)",
             f"source\tpython-holidays\t{holidays.__version__}"]
    for code, display, market in entities():
        if wanted and code not in wanted:
            continue
        text, entry = country(code, display, market)
        with open(f"{out_dir}/{code}.tsv", "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        index.append("\t".join(entry))
    if not wanted:
        with open(f"{out_dir}/index.tsv", "w", encoding="utf-8", newline="\n") as file:
            file.write("\n".join(index) + "\n")
    print(f"generate: {len(index) - 2} files in {time.time() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
