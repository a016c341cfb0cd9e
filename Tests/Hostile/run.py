#!/usr/bin/env python3
"""Runs the hostile-policy cases in cases.tsv against the built calpolicy binary.

Each case runs in its own process group and working directory, under hang guards (killed after
10 s, or as soon as its resident memory passes 512 MiB). Guards, not speed checks: a healthy run
of every case takes a fraction of them. What every case asserts, on top of its own line:
  * the process ended by itself, with no signal, and with the expected status;
  * status 0: nothing on stderr; otherwise exactly one stderr line `calpolicy: ...` naming the file;
  * JSON output, when asked for, is either complete and valid or absent;
  * the working directory is still empty afterwards;
  * for `canary` cases: a file outside the project holding a secret still exists, unchanged,
    alone in its folder, and neither its secret nor its path appears in the output;
  * no AddressSanitizer, LeakSanitizer or UndefinedBehaviorSanitizer report on stderr, and not the
    sanitizers' exit status (for a sanitized binary: scripts/checks/hostile-sanitized.sh; the
    ASAN_OPTIONS, UBSAN_OPTIONS and LSAN_OPTIONS of the runner's environment reach each case).
Standard library only, so it runs with any Python 3.9+.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import process
from cases import Case, load_cases
from process import binary_runs_as_nobody, run_guarded
from sandbox import FIXTURES, Sandbox

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# Characters that end a line somewhere: CR, VT, FF, the C0 separators, NEL, LS and PS.
CODE_POINT = re.compile(r"\{u\+([0-9A-Fa-f]{4})\}")
LINE_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
# A sanitizer's report, whatever the options: ASan and LSan errors, UBSan's `runtime error:` lines
# (printed without halting unless halt_on_error is set) and every sanitizer's SUMMARY line.
SANITIZER_REPORT = re.compile(r"ERROR: (?:Address|Leak)Sanitizer|WARNING: AddressSanitizer|"
                              r"SUMMARY: \w*Sanitizer|^\S+:\d+:\d+: runtime error: |UndefinedBehaviorSanitizer",
                              re.MULTILINE)
# A leading environment assignment in a case's command.
ENV_WORD = re.compile(r"^[A-Z][A-Z0-9_]*=")
# The exit status hostile-sanitized.sh gives the sanitizers (exitcode=86): calpolicy itself uses 0...3.
SANITIZER_EXIT = 86
SANITIZER_ENV = ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS")
# The instruction budget's mode (LuaBudgetMode): scripts/checks/hostile.sh runs the corpus under each.
PASSED_ENV = ("CALPOLICY_BUDGET",)


@dataclass
class Outcome:
    case: Case
    problems: list[str] = field(default_factory=list)
    skipped: str | None = None
    status: int | None = None
    stdout: bytes = b""
    stderr: bytes = b""
    seconds: float = 0.0
    peak_rss: int = 0


WARM = False
DEADLINE = "did not finish within"


def run_case(case: Case, binary: Path, box: Sandbox, outcomes: dict[str, Outcome]) -> Outcome:
    result = Outcome(case)
    # Root reads a mode-000 file anyway: run that case as 'nobody', or skip it saying why.
    as_nobody = case.fixture == "@unreadable" and os.geteuid() == 0
    if as_nobody and not binary_runs_as_nobody(binary):
        result.skipped = "running as root, which reads a mode-000 file anyway, and 'nobody' cannot run the binary"
        return result
    scratch = Path(tempfile.mkdtemp(prefix=case.id[:40] + "-", dir=box.base))
    work = scratch / "cwd"
    work.mkdir()
    if as_nobody:
        for folder in (box.base, scratch, work):
            folder.chmod(0o777 if folder == work else 0o755)
    fixture = box.fixture_path(case, scratch)
    words = [CODE_POINT.sub(lambda m: chr(int(m.group(1), 16)), w)
             .replace("{fixture}", str(fixture)).replace("{fixtures}", str(FIXTURES))
              .replace("{missing}", str(box.missing)).replace("{nl}", "\n") for w in shlex.split(case.command)]
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(scratch),
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
        "SWIFT_BACKTRACE": "enable=no",
        "CALPOLICY_CANARY": str(box.canary),
    }
    env.update({name: os.environ[name] for name in SANITIZER_ENV + PASSED_ENV if name in os.environ})
    # Leading NAME=VALUE words set the case's environment, as in a shell (TZDIR={fixture} eval ...).
    while words and ENV_WORD.match(words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    status, guard, result.seconds, result.peak_rss, result.stdout, result.stderr = run_guarded(
        [str(binary), *words], work, env, as_nobody)
    result.status = status
    p = result.problems
    err = result.stderr.decode("utf-8", "replace")
    out = result.stdout.decode("utf-8", "replace")
    report = SANITIZER_REPORT.search(err)
    if report:
        line = err[err.rfind("\n", 0, report.start()) + 1:].split("\n", 1)[0]
        p.append(f"sanitizer report on stderr: {shorten(line, 200)}")
    if status == SANITIZER_EXIT:
        p.append(f"exit status {SANITIZER_EXIT}: a sanitizer stopped the process")
    if guard:
        p.append(guard)
    elif status is not None and status < 0:
        p.append(f"killed by signal {-status} ({signal.Signals(-status).name})")
    elif status not in case.exits and status != SANITIZER_EXIT:
        p.append(f"exit status {status}, expected {'|'.join(map(str, sorted(case.exits)))}")
    if result.peak_rss > process.RSS_LIMIT and not guard:
        p.append(f"peak resident memory {result.peak_rss >> 20} MiB passed {process.RSS_LIMIT >> 20} MiB")

    if status in (0, 1):
        # 0 is success and 1 an answer CI should stop on (a rejected tap): neither is an error.
        if err:
            p.append(f"stderr not empty on exit status {status}")
    elif status is not None and status > 0 and not report and status != SANITIZER_EXIT:
        lines = err.split("\n")
        if not err.endswith("\n") or len(lines) != 2:
            p.append(f"stderr must be exactly one line, got {err.count(chr(10))} newline(s)")
        breaks = LINE_BREAKS.findall(err[:-1])
        if breaks:
            # Log tools (Python's splitlines, JavaScript, many viewers) split on these too.
            p.append(f"stderr line holds line breaks other than \\n: {sorted({hex(ord(b)) for b in breaks})}")
        first = lines[0]
        if not first.startswith("calpolicy: "):
            p.append("stderr line does not start with 'calpolicy: '")
        name = fixture.name if fixture else ""
        pattern = case.stderr.replace("{file}", re.escape(name)).replace("{path}", re.escape(str(fixture)))
        if case.stderr == "-":
            p.append("failed where success was the only answer")
        elif not re.search(pattern, first):
            p.append(f"stderr line does not match /{pattern}/")
    if "--format" in words and words[words.index("--format") + 1:][:1] == ["json"] and status is not None:
        if status == 0 or out.strip():
            try:
                json.loads(out)
            except ValueError as e:
                p.append(f"stdout is not valid JSON ({e})")
    leftovers = sorted(x.name for x in work.iterdir())
    if leftovers:
        p.append(f"files appeared in the working directory: {', '.join(leftovers)}")

    for check in case.checks:
        if check == "canary":
            p.extend(box.canary_problems())
            for what, text in (("stdout", out), ("stderr", err)):
                if box.secret in text:
                    p.append(f"the canary's secret appears on {what}")
                if str(box.canary) in text:
                    p.append(f"the canary's path appears on {what}")
        elif check.startswith("out~"):
            if not re.search(check[4:], out):
                p.append(f"stdout does not match /{check[4:]}/")
        elif check.startswith("out!~"):
            m = re.search(check[5:], out)
            if m:
                p.append(f"stdout matches /{check[5:]}/: {shorten(m.group(0))}")
        elif check.startswith("err!~"):
            if re.search(check[5:], err):
                p.append(f"stderr matches /{check[5:]}/")
        elif check.startswith("errlen<="):
            if len(err) > int(check[8:]):
                p.append(f"stderr is {len(err)} characters long, more than {check[8:]}")
        elif check.startswith("same-as:"):
            other = outcomes.get(check[8:])
            if other is None or other.problems or other.skipped:
                p.append(f"reference case '{check[8:]}' did not succeed")
            else:
                try:
                    if answers(json.loads(out)) != answers(json.loads(other.stdout)):
                        p.append(f"answers differ from '{check[8:]}'")
                except ValueError:
                    p.append(f"cannot compare with '{check[8:]}': not JSON")
        else:
            p.append(f"unknown check '{check}' in the manifest")
    if WARM and not guard and status is not None and status >= 0 and status != SANITIZER_EXIT:
        # Again, in the same place: the compile cache under HOME now holds what the first run
        # compiled, and undumped bytecode must answer and fail byte for byte the same.
        again = run_guarded([str(binary), *words], work, env, as_nobody)
        if again[1]:
            p.append(f"warm: {again[1]}")
        elif DEADLINE in err:
            # Where a deadline stops a run (line, day, partial output) is a matter of timing.
            if again[0] != status or DEADLINE not in again[5].decode("utf-8", "replace"):
                p.append(f"warm: with the compile cache warm the run did not meet its deadline the same way: "
                         f"exit {again[0]}, stderr {shorten(again[5].decode('utf-8', 'replace').rstrip(), 200)}")
        elif (again[0], again[4], again[5]) != (status, result.stdout, result.stderr):
            p.append(f"warm: with the compile cache warm the run differs: exit {again[0]}, "
                     f"stderr {shorten(again[5].decode('utf-8', 'replace').rstrip(), 200)}")
    shutil.rmtree(scratch, ignore_errors=True)
    return result


def answers(document):
    """A JSON result without the list of policy files, which names every file given."""
    if isinstance(document, dict):
        return {k: v for k, v in document.items() if k != "policies"}
    return document


def shorten(text: str, limit: int = 300) -> str:
    text = text.replace("\x1b", "\\x1b").replace("\x07", "\\x07")
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/calpolicy"))
    parser.add_argument("--filter", default="", help="run only cases whose id contains this")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-v", "--verbose", action="store_true", help="print every case, not just failures")
    parser.add_argument("--timeout", type=float, default=process.TIME_LIMIT,
                        help=f"hang guard per case in seconds (default {process.TIME_LIMIT:.0f}; "
                             "more for a sanitized build)")
    parser.add_argument("--rss-limit-mb", type=int, default=process.RSS_LIMIT >> 20,
                        help=f"memory guard per case in MiB (default {process.RSS_LIMIT >> 20})")
    parser.add_argument("--warm", action="store_true",
                        help="run each case a second time in the same place (HOME, and so the compile "
                             "cache, kept) and require the same exit, stdout and stderr")
    args = parser.parse_args()
    global WARM
    WARM = args.warm
    process.TIME_LIMIT = args.timeout
    process.RSS_LIMIT = args.rss_limit_mb << 20
    binary = Path(args.binary).resolve()
    if not os.access(binary, os.X_OK):
        print(f"hostile: no executable at '{binary}'; build it with `swift build --product calpolicy`")
        print("0 passed, 1 failed")
        return 1
    cases = [c for c in load_cases(HERE / "cases.tsv") if args.filter in c.id]
    if args.filter:
        needed = {ch[8:] for c in cases for ch in c.checks if ch.startswith("same-as:")}
        cases = [c for c in load_cases(HERE / "cases.tsv") if c in cases or c.id in needed]

    outcomes: dict[str, Outcome] = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="calpolicy-hostile-") as base:
        box = Sandbox(Path(base))
        first = [c for c in cases if not any(ch.startswith("same-as:") for ch in c.checks)]
        later = [c for c in cases if c not in first]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for o in pool.map(lambda c: run_case(c, binary, box, outcomes), first):
                outcomes[o.case.id] = o
        for c in later:
            outcomes[c.id] = run_case(c, binary, box, outcomes)
        canary_intact = box.canary_problems()

    passed = failed = xfailed = skipped = 0
    for c in cases:
        o = outcomes[c.id]
        detail = f"{c.id} [{c.fixture}] status={o.status} {o.seconds:.2f}s {o.peak_rss >> 20}MiB"
        if o.skipped:
            skipped += 1
            print(f"SKIP  {c.id}: {o.skipped}")
            continue
        if o.problems and c.xfail:
            xfailed += 1
            print(f"XFAIL {detail}\n      known: {c.xfail}")
            for problem in o.problems:
                print(f"      - {problem}")
            continue
        if o.problems:
            failed += 1
            print(f"FAIL  {detail}")
            print(f"      command: calpolicy {c.command}")
            for problem in o.problems:
                print(f"      - {problem}")
            print(f"      stderr: {shorten(o.stderr.decode('utf-8', 'replace').rstrip())}")
            if o.stdout:
                print(f"      stdout: {shorten(o.stdout.decode('utf-8', 'replace').strip(), 200)}")
            continue
        passed += 1
        if c.xfail:
            print(f"XPASS {detail}: marked xfail ({c.xfail}) but passes; remove the mark in cases.tsv")
        elif args.verbose:
            print(f"ok    {detail}")
    if canary_intact:
        failed += 1
        print(f"FAIL  canary after the whole run: {'; '.join(canary_intact)}")
    print(f"hostile: {len(cases)} cases in {time.monotonic() - started:.1f} s; "
          f"{xfailed} xfail (known, listed above), {skipped} skipped (listed above)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
