"""Runs one command under hang and memory guards, reporting status, time, peak memory and output."""
from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

TIME_LIMIT = 10.0
RSS_LIMIT = 512 * 1024 * 1024
POLL = 0.02
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
