#!/usr/bin/env python3
"""Proves the hostile-suite runner can fail: each stand-in 'calpolicy' below breaks one rule the
runner guards (reads or deletes the canary, hangs, eats memory, crashes, prints two lines, leaves a
file behind, wrong status), and the runner must report it. Prints `N passed, N failed`."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import process  # noqa: E402
import run  # noqa: E402
from sandbox import Sandbox  # noqa: E402
from cases import Case  # noqa: E402

process.TIME_LIMIT = 2.0

# Each stand-in breaks one rule; the runner must report a problem containing the given words.
STAND_INS = {
    "reads the canary": ('echo "calpolicy: $2: $(cat "$CALPOLICY_CANARY")" >&2; exit 3', "secret appears on stderr"),
    "names the canary": ('echo "calpolicy: $2: $CALPOLICY_CANARY" >&2; exit 3', "path appears on stderr"),
    "deletes the canary": ('rm -f "$CALPOLICY_CANARY"; echo "calpolicy: $2: x" >&2; exit 3', "removed"),
    "rewrites the canary": ('cp "$CALPOLICY_CANARY" /tmp/c.$$; mv /tmp/c.$$ "$CALPOLICY_CANARY"; '
                            'echo "calpolicy: $2: x" >&2; exit 3', "rewritten"),
    "creates beside the canary": ('touch "$(dirname "$CALPOLICY_CANARY")/new"; echo "calpolicy: $2: x" >&2; exit 3',
                                  "new files beside the canary"),
    "hangs": ("sleep 30", "hang guard"),
    "eats memory": ("exec python3 -c 'b = bytearray(700 << 20); import time; time.sleep(5)'", "resident memory"),
    "crashes": ("kill -SEGV $$", "signal 11"),
    "prints two lines": ('printf "calpolicy: %s: one\\ntwo\\n" "$2" >&2; exit 3', "exactly one line"),
    "leaves a file": ('touch left-behind; echo "calpolicy: $2: x" >&2; exit 3', "working directory"),
    "wrong status": ('echo "calpolicy: $2: x" >&2; exit 2', "exit status 2"),
    "does not name the file": ('echo "calpolicy: something failed" >&2; exit 3', "does not match"),
    "prints broken json": ('echo "{"; exit 0', "not valid JSON"),
    "reports undefined behaviour": ('echo "{}"; echo "cls_dates.c:21:17: runtime error: signed integer overflow" >&2; '
                                    'exit 0', "sanitizer report"),
    "reports a memory error": ('echo "calpolicy: $2: x" >&2; echo "==1==ERROR: AddressSanitizer: heap-use-after-free" '
                               '>&2; exit 3', "sanitizer report"),
    "halts in a sanitizer": ("exit 86", "a sanitizer stopped the process"),
}


def main() -> int:
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="calpolicy-selftest-") as base:
        base_path = Path(base)
        for name, (body, words) in STAND_INS.items():
            box_dir = base_path / name.replace(" ", "-")
            box_dir.mkdir()
            box = Sandbox(box_dir)
            binary = box_dir / "calpolicy"
            binary.write_text("#!/bin/bash\n" + body + "\n")
            binary.chmod(0o755)
            expected_exit = {0} if "json" in name or "undefined" in name else {3}
            case = Case(id=name.replace(" ", "-"), fixture="e-io-open.lua",
                            command="eval {fixture} --month 2026-12 --format json", exits=expected_exit,
                            stderr=r"{file}" if expected_exit == {3} else "-", checks=["canary"], xfail=None)
            outcome = run.run_case(case, binary, box, {})
            caught = [p for p in outcome.problems if words in p]
            if caught:
                passed += 1
                print(f"ok    '{name}' caught: {caught[0]}")
            else:
                failed += 1
                print(f"FAIL  '{name}' went unnoticed as '{words}'; problems: {outcome.problems}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
