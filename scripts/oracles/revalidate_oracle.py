"""Checks `calpolicy revalidate` against a brute-force check of every stored selection.

Usage: revalidate_oracle.py CALPOLICY TMPDIR

For each stack, SELECTIONS random stored selections (single, multiple and range modes, written
as `selection`, `days`, `range: {from, to}` and `range: [from, to]`, ids as strings and
integers) over SPAN go into one file, which one `calpolicy revalidate --format json` process
checks. The stack's answer for each day comes from `calpolicy eval --format csv` over SPAN (the
evaluation path, not revalidate's); the brute force walks every day of every selection and
keeps, for each selection holding a denied day, its first denied day, that day's reason and
policy, and the number of its denied days. The two lists must be equal.
The last line is "N passed, N failed" (selections).
"""

import csv
import json
import os
import random
import subprocess
import sys
from datetime import date, timedelta

SPAN = ("2026-01-01", "2028-12-31")
SELECTIONS = 20_000
TODAY = "2026-12-01"
STACKS = {
    "us": ["policies/weekends.lua", "policies/us-federal-holidays.lua"],
    "de": ["holidays:DE-BE", "weekends:DE"],
    "freeze": ["policies/change-freeze.lua", "policies/payday.lua"],
}


def answers(calpolicy, policies):
    out = subprocess.run([calpolicy, "eval", *policies, "--from", SPAN[0], "--to", SPAN[1],
                          "--today", TODAY, "--format", "csv"], check=True, capture_output=True, text=True).stdout
    return {row["date"]: (row["select_reason"], row["policy"]) for row in csv.DictReader(out.splitlines())
            if row["selectable"] == "false"}


def generate(rng, count=SELECTIONS, span=SPAN, mixed=True):
    """`count` stored selections over `span` as JSON lines, and (id, line, mode, ISO days) of each.
    `mixed`: ids as integers and strings, and every way a line may give its days; else string
    ids, `selection` lists and `range` pairs (benchmarks/revalidate.sh)."""
    first, last = date.fromisoformat(span[0]), date.fromisoformat(span[1])
    width = (last - first).days
    lines, days_of = [], []
    for index in range(count):
        start = first + timedelta(days=rng.randrange(width - 40))
        ident = index if mixed and index % 3 == 0 else f"b-{index}"
        mode = rng.choice(["single", "multiple", "range"]) if mixed else ("single", "multiple", "range")[index % 3]
        if mode == "single":
            days = [start]
        elif mode == "multiple":
            days = sorted({start + timedelta(days=rng.randrange(30)) for _ in range(rng.randrange(1, 7))})
        else:
            days = [start + timedelta(days=i) for i in range(rng.randrange(1, 21 if mixed else 31))]
        iso = [d.isoformat() for d in days]
        record = {"id": ident, "mode": mode}
        if mode == "range" and (not mixed or index % 2 == 0):
            record["range"] = {"from": iso[0], "to": iso[-1]} if mixed and index % 4 == 0 else [iso[0], iso[-1]]
        else:
            record["days" if mixed and index % 5 == 0 else "selection"] = iso
        lines.append(json.dumps(record))
        days_of.append((str(ident), index + 1, mode, iso))
    return lines, days_of


def main():
    calpolicy, tmp = sys.argv[1], sys.argv[2]
    rng = random.Random(28)
    passed = failed = 0
    for name, policies in STACKS.items():
        denied = answers(calpolicy, policies)
        lines, selections = generate(rng)
        path = os.path.join(tmp, f"{name}.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        run = subprocess.run([calpolicy, "revalidate", *policies, "--selections", path, "--today", TODAY,
                              "--format", "json"], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print(f"revalidate {name}: exit {run.returncode}: {run.stderr.strip()}")
            failed += len(selections)
            continue
        got = {(r["id"], r["line"]): r for r in json.loads(run.stdout)["refused"]}
        expected = {}
        for ident, line, mode, iso in selections:
            hit = [d for d in iso if d in denied]
            if hit:
                day = min(hit)
                expected[(ident, line)] = {"id": ident, "line": line, "mode": mode, "date": day,
                                           "reason": denied[day][0], "policy": denied[day][1],
                                           "refusedDays": len(set(hit))}
        for key in sorted(set(got) | set(expected), key=lambda k: k[1]):
            if got.get(key) == expected.get(key):
                passed += 1
            else:
                failed += 1
                if failed <= 10:
                    print(f"{name} line {key[1]}: revalidate {got.get(key)}, brute force {expected.get(key)}")
        passed += len(selections) - len(set(got) | set(expected))
        exit_wanted = 1 if expected else 0
        if run.returncode != exit_wanted:
            failed += 1
            print(f"{name}: exit {run.returncode}, expected {exit_wanted}")
        print(f"{name}: {len(selections)} selections, {len(expected)} refused")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
