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
    alone in its folder, and neither its secret nor its path appears in the output.
Standard library only, so it runs with any Python 3.9+.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIXTURES = HERE / "fixtures"
TIME_LIMIT = 10.0
RSS_LIMIT = 512 * 1024 * 1024
POLL = 0.02


@dataclass
class Case:
    id: str
    fixture: str
    command: str
    exits: set[int]
    stderr: str
    checks: list[str]
    xfail: str | None


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


class Sandbox:
    """The temporary world of one run: the canary, copies of fixtures that name it, special paths."""

    def __init__(self, base: Path):
        self.base = base
        self.canary_dir = base / "canary"
        self.canary_dir.mkdir()
        self.canary = self.canary_dir / "canary.txt"
        self.canary_new = self.canary_dir / "created-by-policy.txt"
        self.secret = "canary-secret-" + secrets.token_hex(12)
        self.canary.write_text(self.secret + "\n")
        self.canary_stat = self.canary.stat()
        self.policies = base / "policies"
        self.policies.mkdir()
        self.missing = base / "missing" / "missing-policy.lua"

    def fixture_path(self, case: Case, scratch: Path) -> Path | None:
        spec = case.fixture
        if spec == "@dir":
            path = scratch / "policy-dir.lua"
            path.mkdir()
            return path
        if spec == "@missing":
            return self.missing
        if spec == "@unreadable":
            path = scratch / "unreadable-policy.lua"
            path.write_text("return {}\n")
            path.chmod(0)
            return path
        if spec.startswith("@newline:"):
            name = spec[len("@newline:"):]
            path = scratch / ("policy\nwith-newline-" + name)
            shutil.copyfile(FIXTURES / name, path)
            return path
        if spec.startswith("@long:"):
            deep = scratch / ("a-folder-name-long-enough-to-pass-lua-chunk-name-limit-" + "x" * 40) / "policies"
            deep.mkdir(parents=True)
            path = deep / spec[len("@long:"):]
            shutil.copyfile(FIXTURES / spec[len("@long:"):], path)
            return path
        source = FIXTURES / spec
        data = source.read_bytes()
        if b"@CANARY" not in data:
            return source
        path = scratch / spec
        data = data.replace(b"@CANARY_NEW@", str(self.canary_new).encode())
        data = data.replace(b"@CANARY@", str(self.canary).encode())
        path.write_bytes(data)
        return path

    def canary_problems(self) -> list[str]:
        problems = []
        if not self.canary.exists():
            return ["the canary file was removed or renamed"]
        if self.canary.read_text() != self.secret + "\n":
            problems.append("the canary file's content changed")
        st = self.canary.stat()
        if (st.st_mtime_ns, st.st_ino) != (self.canary_stat.st_mtime_ns, self.canary_stat.st_ino):
            problems.append("the canary file was rewritten")
        extra = sorted(p.name for p in self.canary_dir.iterdir() if p != self.canary)
        if extra:
            problems.append(f"new files beside the canary: {', '.join(extra)}")
        return problems


NOBODY = 65534


def binary_runs_as_nobody(binary: Path) -> bool:
    try:
        return subprocess.run([str(binary), "--version"], user=NOBODY, group=NOBODY, extra_groups=[],
                              capture_output=True, timeout=TIME_LIMIT).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def run_guarded(argv: list[str], cwd: Path, env: dict[str, str],
                as_nobody: bool = False) -> tuple[int | None, str | None, float, int, bytes, bytes]:
    """Runs argv; returns (status or None, guard message, seconds, peak RSS bytes, stdout, stderr)."""
    drop = {"user": NOBODY, "group": NOBODY, "extra_groups": []} if as_nobody else {}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                start_new_session=True, **drop)
        guard = None
        status = None
        rusage = None
        while True:
            pid, wait_status, rusage = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                status = os.waitstatus_to_exitcode(wait_status)
                break
            elapsed = time.monotonic() - start
            rss = current_rss(proc.pid)
            if guard is None and elapsed > TIME_LIMIT:
                guard = f"still running after {TIME_LIMIT:.0f} s (hang guard)"
            elif guard is None and rss > RSS_LIMIT:
                guard = f"resident memory passed {RSS_LIMIT >> 20} MiB ({rss >> 20} MiB)"
            if guard is not None:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                _, wait_status, rusage = os.wait4(proc.pid, 0)
                status = None
                break
            time.sleep(POLL)
        proc.returncode = -1  # reaped above; keeps Popen from waiting again
        seconds = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        return status, guard, seconds, rusage.ru_maxrss * 1024, out.read(), err.read()


def current_rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmRSS:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


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
    words = [w.replace("{fixture}", str(fixture)).replace("{fixtures}", str(FIXTURES))
              .replace("{missing}", str(box.missing)).replace("{nl}", "\n") for w in shlex.split(case.command)]
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(scratch),
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
        "SWIFT_BACKTRACE": "enable=no",
        "CALPOLICY_CANARY": str(box.canary),
    }
    status, guard, result.seconds, result.peak_rss, result.stdout, result.stderr = run_guarded(
        [str(binary), *words], work, env, as_nobody)
    result.status = status
    p = result.problems
    if guard:
        p.append(guard)
    elif status is not None and status < 0:
        p.append(f"killed by signal {-status} ({signal.Signals(-status).name})")
    elif status not in case.exits:
        p.append(f"exit status {status}, expected {'|'.join(map(str, sorted(case.exits)))}")
    if result.peak_rss > RSS_LIMIT and not guard:
        p.append(f"peak resident memory {result.peak_rss >> 20} MiB passed {RSS_LIMIT >> 20} MiB")

    err = result.stderr.decode("utf-8", "replace")
    out = result.stdout.decode("utf-8", "replace")
    if status in (0, 1):
        # 0 is success and 1 an answer CI should stop on (a rejected tap): neither is an error.
        if err:
            p.append(f"stderr not empty on exit status {status}")
    elif status is not None and status > 0:
        lines = err.split("\n")
        if not err.endswith("\n") or len(lines) != 2:
            p.append(f"stderr must be exactly one line, got {err.count(chr(10))} newline(s)")
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
    args = parser.parse_args()
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
