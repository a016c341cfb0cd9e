"""Runs every benchmark workload, repetition after repetition, and summarises them.

Called by benchmarks/run.sh after it has built the release binaries:

    harness.py [--reps N] [--days N] [--cold-pairs N] [--json PATH] [--quick]

Each repetition runs every workload once, so the two sides of a comparison always run
close together in time; a ratio is computed inside each repetition (or each A/B pair for
whole processes) and the median of those ratios is reported, never a ratio of two lone
times. In-process figures are process CPU time per operation (the machine is shared, so
wall time mostly measures the other jobs); whole-process figures are wall time, with
CPU time beside them.
"""

import argparse
import atexit
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, ".build", "release", "calpolicy-bench")
CALPOLICY = os.path.join(ROOT, ".build", "release", "calpolicy")
# The cold starts time the binary as a user's host has it: put in place by
# scripts/install-binary.sh, the step `make install`, the .deb and the image share (stripped,
# then written in large pieces). The kernel keeps a file's cached pages in the pieces it was
# written in, and the linker writes its output through a mapping, 4 KiB at a time: started from
# the build folder, the same bytes take ~15 % longer for as long as that file stays cached. That
# start is timed as well ("as linked"). Same file system as the build, so the same page cache.
INSTALLED = os.path.join(ROOT, ".build", "bench-installed")
# Built by `run.sh --dynamic` (plain `swift build -c release`, shared Swift runtime and Foundation).
CALPOLICY_DYNAMIC = os.path.join(ROOT, ".build", "dynamic", "release", "calpolicy")
PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
HOLIDAYS = os.path.join(ROOT, "policies", "us-federal-holidays.lua")
PEERS = os.path.join(ROOT, "benchmarks", "peers")
TRIVIAL = os.path.join(ROOT, "benchmarks", "policies", "trivial.lua")

FIRST_DAY = "1900-01-01"
PEER_YEARS = (1900, 2199)

# (numerator, denominator, what the ratio says); the median of per-repetition ratios.
RATIOS = [
    ("calpolicy.holidays.hook-off", "limit.native-swift", "Lua policy (hook off) / native Swift policy"),
    ("calpolicy.holidays.hook-off", "limit.bare-lua-call", "Lua policy (hook off) / bare protected call"),
    ("calpolicy.trivial.hook-off", "limit.bare-lua-call", "trivial policy (hook off) / bare protected call"),
    ("calpolicy.trivial.hook-on", "calpolicy.trivial.hook-off", "budget hook cost, trivial policy"),
    ("calpolicy.holidays.hook-on", "calpolicy.holidays.hook-off", "budget hook cost, holiday policy"),
    ("calpolicy.trivial.hook-sliced", "calpolicy.trivial.hook-off", "sliced budget cost, trivial policy"),
    ("calpolicy.holidays.hook-sliced", "calpolicy.holidays.hook-off", "sliced budget cost, holiday policy"),
    ("peerA.lua-table", "calpolicy.holidays.hook-on", "peer A table loop / calpolicy (hook on)"),
    ("peerA.lua-integer", "calpolicy.holidays.hook-on", "peer A integer loop / calpolicy (hook on)"),
    ("peerB.python-holidays-perday", "calpolicy.weekday-holidays", "peer B per day / calpolicy per day"),
    ("peerB.csv-process", "calpolicy.csv-process", "peer B whole process / calpolicy whole process (wall)"),
    ("peerB.csv-process", "calpolicy.csv-process@cpu", "peer B whole process / calpolicy whole process (CPU)"),
    ("calpolicy.csv-process", "peerB.csv-process", "calpolicy / python-holidays, 300-year CSV (wall)"),
    ("calpolicy.csv-vs-lua", "peerA.csv-process", "calpolicy / pure-Lua loop, 300-year CSV (wall)"),
    ("calpolicy.json-process", "calpolicy.csv-vs-json", "calpolicy 300-year JSON / CSV (wall)"),
    ("coldstart.calpolicy", "coldstart.ncal", "calpolicy cold start / ncal (wall)"),
    ("coldstart.calpolicy", "coldstart.ncal@cpu", "calpolicy cold start / ncal (CPU)"),
    ("coldstart.calpolicy-uncached", "coldstart.ncal-beside-uncached",
     "calpolicy cold start, compile cache off / ncal (wall)"),
    ("coldstart.calpolicy-as-linked", "coldstart.ncal-beside-as-linked",
     "calpolicy cold start, the build folder's binary as linked / ncal (wall)"),
    ("coldstart.calpolicy-dynamic", "coldstart.ncal-beside-dynamic", "dynamic calpolicy cold start / ncal (wall)"),
    ("coldstart.calpolicy-dynamic", "coldstart.ncal-beside-dynamic@cpu", "dynamic calpolicy cold start / ncal (CPU)"),
]

# (metric or ratio, comparison, bound, label) — checked against the medians.
TARGETS = [
    ("calpolicy.holidays.hook-off", "<=", 250, "holiday policy, hook off <= 250 ns/day"),
    ("calpolicy.holidays.hook-on", "<=", 350, "holiday policy, hook on <= 350 ns/day"),
    ("peerA.lua-table/calpolicy.holidays.hook-on", ">", 1, "faster than peer A's table loop"),
    ("peerB.python-holidays-perday/calpolicy.weekday-holidays", ">=", 5, ">= 5x peer B per day"),
    ("peerB.csv-process/calpolicy.csv-process", ">=", 10, ">= 10x peer B whole process (wall)"),
    ("peerB.csv-process/calpolicy.csv-process@cpu", ">=", 10, ">= 10x peer B whole process (CPU)"),
    ("grid.gregorian", "<=", 1_000, "Gregorian month grid <= 1 us"),
    ("grid.hebrew", "<=", 100_000, "Hebrew month grid <= 100 us"),
    ("grid.persian", "<=", 100_000, "Persian month grid <= 100 us"),
    ("calpolicy.csv-process/peerB.csv-process", "<=", 0.10, "300-year CSV <= 0.10 of python-holidays (wall)"),
    ("calpolicy.csv-vs-lua/peerA.csv-process", "<=", 0.5, "300-year CSV <= 0.5 of the pure-Lua loop (wall)"),
    ("calpolicy.json-process/calpolicy.csv-vs-json", "<=", 2, "300-year JSON <= 2x CSV (wall)"),
    ("calpolicy.all-true-floor", "<=", 80, "all-true policy to CSV <= 80 ns/day (wall)"),
    ("coldstart.calpolicy/coldstart.ncal", "<=", 1.5, "cold start <= 1.5x ncal (wall)"),
    ("coldstart.calpolicy/coldstart.ncal", "<=", 2, "cold start <= 2x ncal (wall)"),
    ("coldstart.calpolicy/coldstart.ncal@cpu", "<=", 2, "cold start <= 2x ncal (CPU)"),
]


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def day_number(iso):
    return (date.fromisoformat(iso) - date(1970, 1, 1)).days


def install_binary(binary, label):
    """The binary installed as scripts/install-binary.sh installs it, under INSTALLED/label."""
    folder = os.path.join(INSTALLED, label)
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, "calpolicy")
    subprocess.run([os.path.join(ROOT, "scripts", "install-binary.sh"), binary, target, target + ".debug"],
                   check=True, cwd=ROOT, env=dict(os.environ, STRIP="1"))
    return target


def run_json_lines(command):
    """Runs a command that prints JSON objects (one per line, or one {"results": [...]})."""
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {done.returncode}: {done.stderr.strip()[-500:]}")
    text = done.stdout.strip()
    if text.startswith('{"results"'):
        return json.loads(text)["results"]
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def spawn(argv, stdout_path=os.devnull, env=None):
    """One whole process: wall ns, CPU ns (user + sys) and peak RSS (KiB), via wait4."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ if env is None else env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter_ns() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {code}")
    cpu = (usage.ru_utime + usage.ru_stime) * 1e9
    return wall, cpu, usage.ru_maxrss


class Runner:
    def __init__(self, args):
        self.args = args
        self.samples = {}  # metric -> list of per-repetition values (ns per op)
        self.info = {}  # metric -> unit, operations, check, wall, skipped
        self.pair_ratios = {}  # "a/b" -> ratios measured pair by pair (whole processes)
        self.ncal = "/usr/bin/ncal"
        self.installed = install_binary(CALPOLICY, "current")  # INSTALLED says why
        self.baseline_installed = None
        self.cli_problem = None  # why calpolicy cannot run a Lua policy here, once known
        # The compile cache (docs/cli.md) of every calpolicy run here: its own, so the cold
        # starts are measured as a user's second run is (the policy's bytecode kept), beside
        # the same with the cache off (every run parses the text).
        self.cache = tempfile.mkdtemp(prefix="calpolicy-bench-cache-")
        os.environ["CALPOLICY_CACHE"] = self.cache
        atexit.register(shutil.rmtree, self.cache, True)

    def record(self, result, rep):
        name = result["name"]
        info = self.info.setdefault(name, {"unit": result.get("unit", "day"), "checks": set(), "wall": []})
        if result.get("skipped"):
            info["skipped"] = result["skipped"]
            return
        info["operations"] = result.get("operations")
        info["checks"].add(result.get("check"))
        if result.get("wall_ns_per_op") is not None:
            info["wall"].append(result["wall_ns_per_op"])
        self.samples.setdefault(name, [None] * self.args.reps)[rep] = result["ns_per_op"]

    def repetition(self, rep):
        a = self.args
        first = day_number(FIRST_DAY)
        bench = [BENCH, "--root", ROOT, "--days", str(a.days), "--first", FIRST_DAY,
                 "--peer-years", f"{PEER_YEARS[0]}-{PEER_YEARS[1]}"]
        for result in run_json_lines(bench):
            self.record(result, rep)
        if a.baseline:
            self.baseline_repetition(rep, first)
        for mode in ("table", "integer"):
            command = ["lua5.4", os.path.join(PEERS, "lua-loop.lua"), ROOT, HOLIDAYS, str(first), str(a.days), mode]
            for result in run_json_lines(command):
                self.record(result, rep)
        command = [PYTHON, os.path.join(PEERS, "holidays_perday.py"), str(PEER_YEARS[0]), str(PEER_YEARS[1])]
        for result in run_json_lines(command):
            self.record(result, rep)
        self.whole_processes(rep)

    def baseline_repetition(self, rep, first):
        """The same in-process workloads and whole processes with a baseline build, in the same
        repetition, so each ratio current/baseline compares runs minutes apart at most."""
        a = self.args
        base = os.path.abspath(a.baseline)
        bench = [os.path.join(base, ".build", "release", "calpolicy-bench"), "--root", base, "--days", str(a.days),
                 "--first", FIRST_DAY, "--peer-years", f"{PEER_YEARS[0]}-{PEER_YEARS[1]}"]
        for result in run_json_lines(bench):
            result["name"] = "baseline:" + result["name"]
            self.record(result, rep)
        cli = os.path.join(base, ".build", "release", "calpolicy")

        def own(argv):
            # The baseline reads its own checkout's policy files: a policy may use a field
            # (answersForYear) that an older binary refuses.
            return [arg.replace(ROOT, base, 1) if arg.startswith(ROOT + os.sep) else arg for arg in argv]
        csv = self.calpolicy_csv()
        self.alternate(rep, "current.csv-process", csv, "baseline:current.csv-process", [cli] + own(csv[1:]), pairs=3)
        json_ = self.calpolicy_json()
        self.alternate(rep, "current.json-process", json_, "baseline:current.json-process", [cli] + own(json_[1:]),
                       pairs=3)
        month = ["eval", HOLIDAYS, "--month", "2026-12"]
        if self.baseline_installed is None:
            self.baseline_installed = install_binary(cli, "baseline")
        self.alternate(rep, "current.coldstart", [self.installed] + month, "baseline:current.coldstart",
                       [self.baseline_installed] + own(month), pairs=a.cold_pairs)

    def calpolicy_csv(self):
        # --timeout: a loaded machine must not turn a slow run into a failed one.
        return [CALPOLICY, "eval", HOLIDAYS, "--include", "weekdays", "--from", f"{PEER_YEARS[0]}-01-01",
                "--to", f"{PEER_YEARS[1]}-12-31", "--timeout", "120", "--format", "csv"]

    def calpolicy_json(self):
        return self.calpolicy_csv()[:-1] + ["json"]

    def trivial_csv(self, last_year):
        return [CALPOLICY, "eval", TRIVIAL, "--from", f"{PEER_YEARS[0]}-01-01", "--to", f"{last_year}-12-31",
                "--timeout", "120", "--format", "csv"]

    def lua_csv(self):
        # posix_spawn does not search PATH: the interpreter by its full path.
        return [shutil.which("lua5.4") or "lua5.4", os.path.join(PEERS, "lua_csv.lua"), ROOT, HOLIDAYS,
                str(PEER_YEARS[0]), str(PEER_YEARS[1])]

    def python_csv(self):
        return [PYTHON, os.path.join(PEERS, "holidays_csv.py"), str(PEER_YEARS[0]), str(PEER_YEARS[1])]

    def alternate(self, rep, a_name, a_argv, b_name, b_argv, pairs, a_env=None):
        """A/B pairs, the order flipping each pair; records medians and per-pair ratios a/b."""
        walls = {a_name: [], b_name: []}
        cpus = {a_name: [], b_name: []}
        ratios = self.pair_ratios.setdefault(f"{a_name}/{b_name}", [])
        cpu_ratios = self.pair_ratios.setdefault(f"{a_name}/{b_name}@cpu", [])
        for i in range(pairs):
            order = [(a_name, a_argv), (b_name, b_argv)]
            if (i + rep) % 2:
                order.reverse()
            got, got_cpu = {}, {}
            for name, argv in order:
                wall, cpu, _ = spawn(argv, env=a_env if name == a_name else None)
                got[name], got_cpu[name] = wall, cpu
                walls[name].append(wall)
                cpus[name].append(cpu)
            ratios.append(got[a_name] / got[b_name])
            if got_cpu[b_name] > 0:
                cpu_ratios.append(got_cpu[a_name] / got_cpu[b_name])
        for name in (a_name, b_name):
            self.record({"name": name, "unit": "process", "operations": 1,
                         "ns_per_op": statistics.median(walls[name]), "check": 0}, rep)
            self.info[name].setdefault("cpu", []).append(statistics.median(cpus[name]))

    def whole_processes(self, rep):
        if self.cli_problem is None:
            try:
                spawn(self.calpolicy_csv())
                self.cli_problem = ""
            except RuntimeError as error:
                self.cli_problem = str(error)
        if self.cli_problem:
            for name in ("calpolicy.csv-process", "peerB.csv-process", "coldstart.calpolicy", "coldstart.ncal"):
                self.info.setdefault(name, {"unit": "process", "checks": set(), "wall": []})["skipped"] = self.cli_problem
            return
        self.alternate(rep, "peerB.csv-process", self.python_csv(), "calpolicy.csv-process", self.calpolicy_csv(),
                       pairs=1)
        self.alternate(rep, "calpolicy.csv-vs-lua", self.calpolicy_csv(), "peerA.csv-process", self.lua_csv(), pairs=1)
        self.alternate(rep, "calpolicy.json-process", self.calpolicy_json(), "calpolicy.csv-vs-json",
                       self.calpolicy_csv(), pairs=1)
        # The all-true floor: a policy that allows every day, 300 years of CSV less one year of it
        # (start-up, loading and the first year's work cancel out), per day.
        self.alternate(rep, "calpolicy.trivial-csv-300y", self.trivial_csv(PEER_YEARS[1]),
                       "calpolicy.trivial-csv-1y", self.trivial_csv(PEER_YEARS[0]), pairs=3)
        days = day_number(f"{PEER_YEARS[1]}-12-31") - day_number(f"{PEER_YEARS[0]}-12-31")
        floor = (self.samples["calpolicy.trivial-csv-300y"][rep] - self.samples["calpolicy.trivial-csv-1y"][rep]) / days
        self.record({"name": "calpolicy.all-true-floor", "unit": "day", "operations": days, "ns_per_op": floor,
                     "check": 0}, rep)
        self.alternate(rep, "coldstart.calpolicy", [self.installed, "eval", HOLIDAYS, "--month", "2026-12"],
                       "coldstart.ncal", [self.ncal, "12", "2026"], pairs=self.args.cold_pairs)
        self.alternate(rep, "coldstart.calpolicy-as-linked", [CALPOLICY, "eval", HOLIDAYS, "--month", "2026-12"],
                       "coldstart.ncal-beside-as-linked", [self.ncal, "12", "2026"], pairs=self.args.cold_pairs)
        self.alternate(rep, "coldstart.calpolicy-uncached", [self.installed, "eval", HOLIDAYS, "--month", "2026-12"],
                       "coldstart.ncal-beside-uncached", [self.ncal, "12", "2026"], pairs=self.args.cold_pairs,
                       a_env=dict(os.environ, CALPOLICY_CACHE="off"))
        if self.args.dynamic:
            self.alternate(rep, "coldstart.calpolicy-dynamic", [CALPOLICY_DYNAMIC, "eval", HOLIDAYS, "--month", "2026-12"],
                           "coldstart.ncal-beside-dynamic", [self.ncal, "12", "2026"], pairs=self.args.cold_pairs)

    def memory(self):
        """Peak RSS of the CLI (KiB): the largest of three runs each, as GNU time reports it.

        Not wait4 from here: a child forked by this Python process starts with Python's
        resident set as its high-water mark, which exec does not reset."""
        runs = {
            "one month, text": [CALPOLICY, "eval", HOLIDAYS, "--month", "2026-12"],
            "100 years, csv": [CALPOLICY, "eval", HOLIDAYS, "--from", "2000-01-01", "--to", "2099-12-31",
                               "--format", "csv"],
            "100 years, json": [CALPOLICY, "eval", HOLIDAYS, "--from", "2000-01-01", "--to", "2099-12-31",
                                "--format", "json"],
            "400 years, json": [CALPOLICY, "eval", HOLIDAYS, "--from", "1800-01-01", "--to", "2199-12-31",
                                "--timeout", "120", "--format", "json"],
            "ncal 12 2026": [self.ncal, "12", "2026"],
        }
        peaks = {}
        report = os.path.join("/tmp", f"calpolicy-bench-{os.getpid()}.rss")
        for label, argv in runs.items():
            try:
                values = []
                for _ in range(3):
                    spawn(["/usr/bin/time", "-f", "%M", "-o", report] + argv)
                    with open(report) as f:
                        values.append(int(f.read().split()[-1]))
                peaks[label] = max(values)
            except (RuntimeError, OSError, ValueError) as error:
                peaks[label] = f"skipped: {error}"
        if os.path.exists(report):
            os.remove(report)
        return peaks

    def csv_agreement(self):
        """Rows and selectable days of both CSVs (checked once, outside the timing)."""
        out = {}
        for name, argv in (("calpolicy", self.calpolicy_csv()), ("python-holidays", self.python_csv())):
            path = os.path.join("/tmp" if os.path.isdir("/tmp") else ROOT, f"calpolicy-bench-{os.getpid()}-{name}.csv")
            try:
                spawn(argv, stdout_path=path)
                with open(path) as f:
                    header = f.readline().rstrip("\n").split(",")
                    column = header.index("selectable")
                    rows = selectable = 0
                    for line in f:
                        rows += 1
                        # Only quoted fields hold commas, and none comes before `selectable`.
                        selectable += line.split(",")[column] == "true"
                out[name] = {"rows": rows, "selectable": selectable, "header": header}
            except (RuntimeError, ValueError, OSError) as error:
                out[name] = {"skipped": str(error)}
            finally:
                if os.path.exists(path):
                    os.remove(path)
        return out


def median_ratio(runner, a, b):
    key = f"{a}/{b}"
    if key in runner.pair_ratios and runner.pair_ratios[key]:
        return statistics.median(runner.pair_ratios[key]), len(runner.pair_ratios[key])
    sa, sb = runner.samples.get(a), runner.samples.get(b)
    if not sa or not sb:
        return None, 0
    ratios = [x / y for x, y in zip(sa, sb) if x is not None and y]
    return (statistics.median(ratios), len(ratios)) if ratios else (None, 0)


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {"nproc": os.cpu_count(), "cpu": model, "kernel": platform.release(),
            "load_average_1min_at_end": round(load, 2) if load is not None else None}


def fmt(ns, unit):
    if ns is None:
        return "-"
    if unit == "process" or ns >= 100_000:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 10_000:
        return f"{ns / 1e3:.1f} us"
    return f"{ns:.1f} ns"


def summarise(runner, peaks, agreement, seconds):
    metrics = {}
    for name, info in runner.info.items():
        values = [v for v in runner.samples.get(name, []) if v is not None]
        entry = {"unit": info["unit"], "repetitions": len(values)}
        if info.get("skipped") and not values:
            entry["skipped"] = info["skipped"]
        else:
            entry["median_ns_per_op"] = statistics.median(values)
            entry["min_ns_per_op"] = min(values)
            entry["max_ns_per_op"] = max(values)
            if info["wall"]:
                entry["median_wall_ns_per_op"] = statistics.median(info["wall"])
            if info.get("cpu"):
                entry["median_cpu_ns_per_process"] = statistics.median(info["cpu"])
            entry["operations"] = info.get("operations")
            entry["check"] = sorted(c for c in info["checks"] if c is not None)
        metrics[name] = entry
    ratios = {}
    for a, b, label in RATIOS:
        value, n = median_ratio(runner, a, b)
        ratios[f"{a}/{b}"] = {"median": value, "samples": n, "meaning": label}
    targets = []
    for key, op, bound, label in TARGETS:
        value = ratios[key]["median"] if "/" in key else metrics.get(key, {}).get("median_ns_per_op")
        met = None
        if value is not None:
            met = {"<=": value <= bound, ">=": value >= bound, ">": value > bound}[op]
        targets.append({"target": label, "value": value, "met": met})
    rss = peaks.get("400 years, json")
    targets.append({"target": "peak RSS of the 400-year JSON <= 30 MiB (MiB)",
                    "value": rss / 1024 if isinstance(rss, int) else None,
                    "met": rss <= 30 * 1024 if isinstance(rss, int) else None})
    baseline = {}
    for name in runner.samples:
        if name.startswith("baseline:"):
            continue
        value, n = median_ratio(runner, name, "baseline:" + name)
        if value is not None:
            baseline[name] = {"median": value, "samples": n}
    checks = {
        "native and Lua policies deny the same days": (
            metrics.get("limit.native-swift", {}).get("check") ==
            metrics.get("calpolicy.holidays.hook-on", {}).get("check") ==
            metrics.get("peerA.lua-table", {}).get("check") ==
            metrics.get("peerA.lua-integer", {}).get("check")),
    }
    return {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "command": "benchmarks/run.sh " + " ".join(sys.argv[1:]),
        "repetitions": runner.args.reps,
        "days": runner.args.days,
        "peer_span": f"{PEER_YEARS[0]}-01-01..{PEER_YEARS[1]}-12-31",
        "cold_start_pairs": runner.args.cold_pairs * runner.args.reps,
        "seconds": round(seconds, 1),
        "metrics": metrics,
        "ratios": ratios,
        "targets": targets,
        "peak_rss_kib": peaks,
        "csv_agreement": agreement,
        "checks": checks,
        "current_over_baseline": baseline,
    }


def table(summary):
    lines = ["| workload | median | range | unit |", "|---|---:|---:|---|"]
    for name, m in summary["metrics"].items():
        if "skipped" in m:
            lines.append(f"| {name} | skipped | | {m['skipped'][:80]} |")
            continue
        unit = m["unit"]
        per = {"day": "CPU per day", "grid": "CPU per grid", "eval": "CPU per eval",
               "process": "wall per process"}.get(unit, unit)
        if "median_cpu_ns_per_process" in m:
            per += f" (CPU {fmt(m['median_cpu_ns_per_process'], unit)})"
        lines.append(f"| {name} | {fmt(m['median_ns_per_op'], unit)} | "
                     f"{fmt(m['min_ns_per_op'], unit)} – {fmt(m['max_ns_per_op'], unit)} | {per} |")
    lines += ["", "| ratio (median of pair-by-pair ratios) | value | pairs |", "|---|---:|---:|"]
    for key, r in summary["ratios"].items():
        value = "-" if r["median"] is None else f"{r['median']:.2f}x"
        lines.append(f"| {r['meaning']} | {value} | {r['samples']} |")
    lines += ["", "| target | measured | met |", "|---|---:|---|"]
    for t in summary["targets"]:
        value = "-" if t["value"] is None else (f"{t['value']:.2f}" if t["value"] < 100 else f"{t['value']:.0f}")
        met = {True: "yes", False: "**no**", None: "not measured"}[t["met"]]
        lines.append(f"| {t['target']} | {value} | {met} |")
    if summary["current_over_baseline"]:
        lines += ["", "| workload: current / baseline (median of per-repetition ratios) | ratio | samples |",
                  "|---|---:|---:|"]
        for name, r in summary["current_over_baseline"].items():
            lines.append(f"| {name} | {r['median']:.3f} | {r['samples']} |")
    lines += ["", "| peak RSS | KiB |", "|---|---:|"]
    for label, kib in summary["peak_rss_kib"].items():
        lines.append(f"| {label} | {kib} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="calpolicy benchmarks")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--days", type=int, default=1_000_000)
    parser.add_argument("--cold-pairs", type=int, default=10, help="A/B cold-start pairs per repetition")
    parser.add_argument("--json", help="also write the JSON summary to this file")
    parser.add_argument("--dynamic", action="store_true",
                        help="also time the cold start of a plain dynamically linked build (run.sh builds it)")
    parser.add_argument("--quick", action="store_true", help="2 repetitions of 100,000 days (a smoke run)")
    parser.add_argument("--baseline", help="a checkout whose release build (calpolicy, calpolicy-bench) runs "
                                           "beside this one in every repetition (benchmarks/compare.sh makes it)")
    args = parser.parse_args()
    if args.dynamic and not os.access(CALPOLICY_DYNAMIC, os.X_OK):
        parser.error(f"--dynamic needs {CALPOLICY_DYNAMIC}; run benchmarks/run.sh --dynamic to build it")
    if args.quick:
        args.reps, args.days, args.cold_pairs = 2, 100_000, 4
    start = time.monotonic()
    runner = Runner(args)
    for rep in range(args.reps):
        log(f"repetition {rep + 1} of {args.reps}")
        runner.repetition(rep)
    log("peak memory and CSV agreement")
    peaks = runner.memory()
    agreement = runner.csv_agreement()
    summary = summarise(runner, peaks, agreement, time.monotonic() - start)
    print(table(summary))
    print()
    print(json.dumps(summary, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
