"""Checks the built-in holiday data as the engine answers it against python-holidays itself.

    holidays_world_oracle.py CALPOLICY [CODE ...]

For every country and market (or the CODEs given), `calpolicy holidays CC --dump` prints each
calendar's coverage and every day its policy denies or decorates, one process per country.
For every calendar (the country and each subdivision, each category) and every covered year,
python-holidays is asked for the same days (in the default language and in English, each
passed explicitly): the same days must be denied (days off) or only decorated (half days,
optional categories), with the same names; the first day after the coverage must be denied
as having no data. Prints the counts and exits 1 on any difference.
"""

import collections
import concurrent.futures
import subprocess
import sys
import time
import warnings

import holidays
from holidays import country_holidays, financial_holidays

sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/holidays")
import names  # noqa: E402  (scripts/holidays/names.py: the patterns the generator relies on)

DECORATIVE = {"half_day", "optional", "optional_women", "workday", "unofficial"}


def english_of(languages, default):
    if "en_US" in languages:
        return "en_US"
    others = sorted(language for language in languages if language.startswith("en"))
    return others[0] if others else default


def dump(calpolicy, code):
    out = subprocess.run([calpolicy, "holidays", code, "--dump"], capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()
    return out.stdout, None


def expected(code, market, sub, category, first, last):
    make = financial_holidays if market else country_holidays
    base = make(code)
    default = base.default_language
    english = english_of(base.supported_languages, default)
    options = dict(subdiv=None if sub == "-" else sub, categories=(category,), years=range(first, last + 1))
    local = make(code, language=default, **options)
    english_days = make(code, language=english, **options) if english != default else local
    days = {}
    for day, name in local.items():
        if not first <= day.year <= last:
            continue
        entries = []
        for part, english_part in zip(names.split(name), names.split(english_days[day])):
            shown = part if part == english_part else f"{english_part} ({part})"
            off = category not in DECORATIVE and names.close_time(english_part) == ""
            entries.append((shown, off))
        denied = [shown for shown, off in entries if off]
        text = denied if denied else [shown for shown, _ in entries]
        days[day.isoformat()] = ("false" if denied else "true", sorted(text))
    return days


def main():
    warnings.simplefilter("ignore")
    calpolicy, wanted = sys.argv[1], sys.argv[2:]
    started = time.time()
    entities = [(e[1], False) for e in holidays.registry.COUNTRIES.values()]
    entities += [(e[1], True) for e in holidays.registry.FINANCIAL.values()]
    entities = sorted(e for e in entities if not wanted or e[0] in wanted)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        dumps = dict(zip((c for c, _ in entities), pool.map(lambda e: dump(calpolicy, e[0]), entities)))
    failures, calendars, years, days_checked, uncovered = [], 0, 0, 0, 0
    for code, market in entities:
        text, error = dumps[code]
        if text is None:
            failures.append(f"{code}: calpolicy holidays {code} --dump failed: {error}")
            continue
        spans, answers = {}, collections.defaultdict(dict)
        for line in text.splitlines():
            fields = line.split("\t")
            if fields[0] == "coverage":
                spans[(fields[1], fields[2])] = (int(fields[3]), int(fields[4]))
            elif fields[0] == "day":
                answers[(fields[1], fields[2])][fields[3]] = (fields[4], sorted(fields[5].split("; ")))
            elif fields[0] == "none":
                uncovered += 1
        for (sub, category), (first, last) in sorted(spans.items()):
            calendars += 1
            years += last - first + 1
            got = answers[(sub, category)]
            end = f"{last + 1}-01-01"
            end_answer = got.pop(end, None)
            if end_answer != ("false", [f"no holiday data for {last + 1} (data covers {first}–{last})"]):
                failures.append(f"{code} {sub} {category}: {end} after the coverage answered {end_answer}")
            want = expected(code, market, sub, category, first, last)
            days_checked += (last - first + 1) * 365
            for day in sorted(set(want) | set(got)):
                if want.get(day) != got.get(day):
                    failures.append(f"{code} {sub} {category} {day}: python-holidays {want.get(day)}, "
                                    f"calpolicy {got.get(day)}")
    for failure in failures[:40]:
        print(failure)
    print(f"holidays-world: {len(entities)} countries and markets, {calendars} calendars "
          f"(country or subdivision x category), {years} calendar-years checked, {uncovered} calendars "
          f"without data skipped, {len(failures)} differences, {time.time() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
