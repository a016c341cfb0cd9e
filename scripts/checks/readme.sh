#!/usr/bin/env bash
# README's examples: every `$ calpolicy ...` line in a code block of README.md whose files are
# all in the repository is run, and its output compared with the lines shown under it (up to
# the next `$` line or the block's end). A line `…` stands for any number of lines (output
# cut short, or shown again from its middle on); `$ echo $?` compares the exit status;
# timings (`3.1 ms`) are compared as `N ms`. Commands naming a file the repository does not
# have (`edge.lua`) are skipped and listed, and so is `calpolicy serve`, which runs until stopped
# (scripts/checks/serve.sh checks it). Other `$` lines (`$ curl ...`, continued with `\`) only
# end the example before them.
#   scripts/checks/readme.sh [BINARY]   (default: build and use the debug binary)
# Prints "N passed, N failed" and exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/debug/calpolicy}
if [ $# -eq 0 ]; then swift build --product calpolicy >/dev/null; fi
export SWIFT_BACKTRACE=enable=no NO_COLOR=1 LANG=C.UTF-8 TZ=UTC
exec python3 - "$binary" README.md <<'PY'
import os, re, shlex, subprocess, sys

binary, readme = sys.argv[1], sys.argv[2]
lines = open(readme, encoding="utf-8").read().split("\n")

# Examples: line number, argv, expected lines (`…` among them) and the expected status.
examples, in_block, current = [], False, None
for number, line in enumerate(lines, 1):
    if line.startswith("```"):
        if in_block and current: examples.append(current)
        in_block, current = not in_block, None
        continue
    if not in_block:
        continue
    if line.startswith("$ "):
        if line.strip() == "$ echo $?":
            if current: current["status_next"] = True
            continue
        if current: examples.append(current)
        argv = shlex.split(line[2:]) if line.startswith("$ calpolicy ") else line[2:].split()[:1]
        current = {"line": number, "argv": argv, "out": [], "status": None, "status_next": False}
        continue
    if current is None:
        continue
    if current["status_next"]:
        current["status"] = int(line.strip())
        current["status_next"] = False
    elif current["status"] is None:
        current["out"].append("…" if line.strip() == "…" else line)

def timings(text):
    return re.sub(r"\b\d+(\.\d+)? ms\b", "N ms", text)

def difference(want, got):
    """Where `got` departs from `want` (a `…` in `want` skips lines), or None."""
    i = j = 0
    while j < len(want):
        if want[j] == "…":
            j += 1
            if j == len(want): return None
            while i < len(got) and timings(got[i]) != timings(want[j]): i += 1
            if i == len(got): return f"want: {want[j]!r} after '…'\n  got:  no such line"
            continue
        if i >= len(got): return f"want: {want[j]!r}\n  got:  end of output"
        if timings(got[i]) != timings(want[j]): return f"want: {want[j]!r}\n  got:  {got[i]!r}"
        i += 1; j += 1
    return None if i == len(got) else f"want: end of output\n  got:  {got[i]!r}"

passed = failed = 0
skipped, served = [], []
for example in examples:
    argv = example["argv"]
    if not argv or argv[0] != "calpolicy":
        continue
    # A zone name (`--time-zone Europe/Berlin`) has a slash but is no file.
    files = [w for i, w in enumerate(argv) if i > 0 and not w.startswith("-") and argv[i - 1] != "--time-zone"
             and (w.endswith(".lua") or "/" in w)]
    if any(not os.path.exists(f) for f in files):
        skipped.append(f"README.md:{example['line']}: {' '.join(argv)}")
        continue
    if len(argv) > 1 and argv[1] == "serve":
        served.append(f"README.md:{example['line']}: {' '.join(argv)}")
        continue
    run = subprocess.run([binary] + argv[1:], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    got = run.stdout.split("\n")
    if got and got[-1] == "": got.pop()
    # A block that shows error lines (`calpolicy: ...`) shows what a terminal shows: stderr's
    # lines first (check reports each problem as it finds it, the summary last).
    if any(line.startswith("calpolicy: ") for line in example["out"]):
        errors = [line for line in run.stderr.split("\n") if line]
        got = errors + got
    problems = []
    found = difference(example["out"], got)
    if found: problems.append("output differs:\n  " + found)
    expected = example["status"] if example["status"] is not None else 0
    if run.returncode != expected:
        problems.append(f"exit {run.returncode}, README shows {expected}: {run.stderr.strip()}")
    if problems:
        failed += 1
        print(f"README.md:{example['line']}: {' '.join(argv)}")
        for problem in problems: print("  " + problem)
    else:
        passed += 1
for line in skipped:
    print(f"skipped (needs a file the repository does not have): {line}")
for line in served:
    print(f"skipped (runs until stopped; scripts/checks/serve.sh checks it): {line}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or passed == 0 else 0)
PY
