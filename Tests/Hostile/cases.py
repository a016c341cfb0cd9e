"""The case manifest (cases.tsv) as data."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Case:
    id: str
    fixture: str
    command: str
    exits: set[int]
    stderr: str
    checks: list[str]
    xfail: str | None


def load_cases(path: Path) -> list[Case]:
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 7:
            raise SystemExit(f"{path.name}:{number}: expected 7 tab-separated columns, got {len(cols)}")
        id, fixture, command, exits, stderr, checks, xfail = cols
        cases.append(Case(
            id=id, fixture=fixture, command=command,
            exits={int(e) for e in exits.split("|")},
            stderr=stderr, checks=[] if checks == "-" else checks.split(" "),
            xfail=None if xfail == "-" else xfail,
        ))
    ids = [c.id for c in cases]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise SystemExit(f"{path.name}: duplicate case ids: {', '.join(sorted(dupes))}")
    return cases
