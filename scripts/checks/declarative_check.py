"""Declarative policies (scripts/checks/declarative.sh; docs/declarative.md).

1. Equivalence: each freeze of Tests/fixtures/declarative (NAME.yaml, .yml or .json) and its
   hand-written Lua twin NAME.lua answer identically: `eval --format json` over 2026 byte for byte
   (the policy's path written the same, and the Lua twin's deciding lines left out: a declarative
   policy has no line of Lua to point at), and `gate --batch` at every 15 minutes of 2026, each in
   Europe/Berlin and America/New_York (both with DST).
2. The schema: docs/schema/policy.schema.json (draft 2020-12, through check-jsonschema) accepts
   every example and fixture, and rejects every file of Tests/fixtures/declarative/malformed, which
   the loader rejects too (exit 3), naming the field the file's first line gives
   (`# field: closed[0].form`) at its line and column; the schema's own error is at that field or
   one of its parents.
3. Every command reads the format (check, explain, export, a stack with a Lua policy),
   and the server answers as the CLI does and reloads an edited file (--watch).
"""
import concurrent.futures
import datetime as dt
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

BUILD = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
CLI = os.path.join(BUILD, "calpolicy")
SERVE = os.path.join(BUILD, "calpolicy-serve")
FIXTURES = "Tests/fixtures/declarative"
SCHEMA = "docs/schema/policy.schema.json"
ZONES = ["Europe/Berlin", "America/New_York"]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"declarative: FAIL {what}")


def run(*args, stdin=None):
    return subprocess.run([CLI, *args], capture_output=True, text=True, input=stdin)


work = tempfile.mkdtemp(prefix="declarative-")
try:
    # 1. Equivalence with the Lua twins.
    instants = os.path.join(work, "instants.txt")
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    with open(instants, "w") as out:
        for step in range(365 * 96):
            out.write((start + dt.timedelta(minutes=15 * step)).strftime("%Y-%m-%dT%H:%M:%SZ") + "\n")
    lines = re.compile(r'"(line|deselectLine|decorationLine)": [0-9]+')
    twins = sorted(name for name in os.listdir(FIXTURES) if name.endswith((".yaml", ".yml", ".json")))
    check(len(twins) >= 10, f"at least ten declarative fixtures, found {len(twins)}")
    def compare(name, zone):
        """The four runs of one freeze in one zone: its eval and gate answers and its twin's."""
        declarative = os.path.join(FIXTURES, name)
        lua = os.path.join(FIXTURES, name.rsplit(".", 1)[0] + ".lua")
        span = ["--from", "2026-01-01", "--to", "2026-12-31", "--format", "json", "--time-zone", zone]
        evals = run("eval", declarative, *span), run("eval", lua, *span)
        # One process answers the year (each answer looks up to a year ahead for `until`): the
        # default 5 s limit of a run is for one question, not 35,040 on a shared machine.
        gates = (run("gate", declarative, "--batch", instants, "--time-zone", zone, "--timeout", "300"),
                 run("gate", lua, "--batch", instants, "--time-zone", zone, "--timeout", "300"))
        return declarative, lua, evals, gates

    jobs = []
    for name in twins:
        if not os.path.exists(os.path.join(FIXTURES, name.rsplit(".", 1)[0] + ".lua")):
            check(False, f"{name} has no Lua twin")
            continue
        jobs += [(name, zone) for zone in ZONES]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda job: compare(*job), jobs))
    for (name, zone), (declarative, lua, (a, b), (ga, gb)) in zip(jobs, results):
        left = a.stdout.replace(declarative, "POLICY")
        right = lines.sub(lambda m: f'"{m.group(1)}": null', b.stdout.replace(lua, "POLICY"))
        check(a.returncode == 0 and b.returncode == 0 and left == right and len(left) > 10000,
              f"eval {name} = {os.path.basename(lua)} in {zone} (exit {a.returncode}/{b.returncode}: {a.stderr.strip()}"
              f"{b.stderr.strip()}; first difference at byte "
              f"{next((i for i, (x, y) in enumerate(zip(left, right)) if x != y), min(len(left), len(right)))})")
        left = ga.stdout.replace(os.path.basename(declarative), "POLICY").splitlines()
        right = gb.stdout.replace(os.path.basename(lua), "POLICY").splitlines()
        differ = [i for i, (x, y) in enumerate(zip(left, right)) if x != y]
        check(ga.returncode == 0 and len(left) == 365 * 96 and left == right,
              f"gate --batch {name} = {os.path.basename(lua)} in {zone}: {len(left)}/{len(right)} answers, "
              f"{len(differ)} differ" + (f", first {left[differ[0]]!r} vs {right[differ[0]]!r}" if differ else "")
              + ga.stderr.strip())

    # 2. The schema and the loader agree.
    def schema(path):
        done = subprocess.run([sys.executable, "-m", "check_jsonschema", "--schemafile", SCHEMA,
                               "--output-format", "json", path], capture_output=True, text=True)
        try:
            report = json.loads(done.stdout)
        except json.JSONDecodeError:
            return None, done.stdout + done.stderr
        paths = [(error.get("best_deep_match") or error).get("path", "$") for error in report.get("errors", [])]
        return report.get("status") == "ok", paths

    meta = subprocess.run([sys.executable, "-m", "check_jsonschema", "--check-metaschema", SCHEMA],
                          capture_output=True, text=True)
    check(meta.returncode == 0, f"{SCHEMA} is a valid draft 2020-12 schema: {meta.stdout}{meta.stderr}")
    examples = sorted(os.path.join("examples", name) for name in os.listdir("examples") if name.endswith((".yaml", ".yml")))
    examples = [path for path in examples if open(path).readline().startswith("# yaml-language-server: $schema=")]
    examples += sorted(os.path.join("examples", name) for name in os.listdir("examples") if name.endswith(".json"))
    check(len(examples) >= 4, f"examples with the schema modeline or $schema: {examples}")
    for path in examples + [os.path.join(FIXTURES, name) for name in twins]:
        ok, detail = schema(path)
        check(ok is True, f"the schema accepts {path}: {detail}")
        loaded = run("check", path)
        check(loaded.returncode == 0, f"calpolicy check {path}: exit {loaded.returncode} {loaded.stderr.strip()}")
    malformed_folder = os.path.join(FIXTURES, "malformed")
    malformed = sorted(os.listdir(malformed_folder))
    check(len(malformed) >= 20, f"at least 20 malformed files, found {len(malformed)}")
    for name in malformed:
        path = os.path.join(malformed_folder, name)
        field = open(path).readline().removeprefix("# field:").strip()
        loaded = run("eval", path, "--month", "2026-12")
        expected = re.escape(f"calpolicy: {path}:") + r"\d+:\d+: " + (re.escape(field + ": ") if field else "")
        check(loaded.returncode == 3 and re.match(expected, loaded.stderr) is not None and loaded.stderr.count("\n") == 1,
              f"the loader refuses {name} naming '{field}' (exit {loaded.returncode}): {loaded.stderr.strip()}")
        ok, paths = schema(path)
        # `$.closed[0]` names closed[0] and every field inside it.
        names = [p.removeprefix("$").removeprefix(".") for p in paths or []]
        at_field = any(field == n or field.startswith(n + ".") or field.startswith(n + "[") or n == "" for n in names)
        check(ok is False and at_field, f"the schema rejects {name} at '{field}' or a parent: {paths}")

    # The YAML 1.1 traps, through the CLI.
    traps = os.path.join(work, "traps.yaml")
    with open(traps, "w") as out:
        out.write("name: 0755\nversion: 1.10\nholidays: [NO]\nweekly:\n  - days: [fri]\n    from: 15:00\n"
                  "dates:\n  - date: 2026-12-24\n    reason: NO\n")
    answer = run("gate", traps, "--at", "2026-12-11T15:30:00Z")
    check(answer.returncode == 1 and "closed" in answer.stdout, f"15:00 is a wall time: {answer.stdout}{answer.stderr}")
    answer = run("eval", traps, "--from", "2026-12-24", "--to", "2026-12-24", "--format", "json")
    day = json.loads(answer.stdout)["days"][0] if answer.returncode == 0 else {}
    check(day.get("reason") == "NO" and day.get("selectable") is False, f"NO stays text: {answer.stderr}{day}")
    answer = run("eval", traps, "--from", "2026-05-17", "--to", "2026-05-17", "--format", "json")
    day = json.loads(answer.stdout)["days"][0] if answer.returncode == 0 else {}
    check(day.get("selectable") is False, f"holidays [NO] is Norway (17 May): {answer.stderr}{day}")
    big = os.path.join(work, "big.yaml")
    with open(big, "w") as out:
        out.write("name: big\ndates: [" + ", ".join(["2026-12-24"] * 1_000_000) + "]\n")
    began = time.monotonic()
    answer = run("check", big)
    check(answer.returncode == 3 and "a declarative policy is at most 1048576" in answer.stderr
          and time.monotonic() - began < 5, f"a 10 MB file is refused by its size: {answer.stderr.strip()}")
    bomb = os.path.join(work, "bomb.yaml")
    with open(bomb, "w") as out:
        out.write('a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n'
                  'c: [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n')
    answer = run("check", bomb)
    check(answer.returncode == 3 and "anchors (&name) are not allowed" in answer.stderr, f"alias bomb: {answer.stderr.strip()}")
    tagged = os.path.join(work, "tagged.yaml")
    with open(tagged, "w") as out:
        out.write("name: !!python/object/apply:os.system [ls]\ndates: [2026-12-24]\n")
    answer = run("check", tagged)
    check(answer.returncode == 3 and "tags (tag:yaml.org,2002:python/object/apply:os.system) are not allowed" in answer.stderr,
          f"python tag: {answer.stderr.strip()}")

    # 3. Every command, stacked with Lua.
    year_end, fridays_lua = os.path.join(FIXTURES, "year-end.yaml"), os.path.join(FIXTURES, "fridays.lua")
    answer = run("gate", year_end, fridays_lua, "--at", "2026-12-21T10:00:00+01:00")
    check(answer.returncode == 1 and "Year-end change freeze (" + year_end + ")" in answer.stdout,
          f"gate over a YAML and a Lua policy: {answer.stdout}{answer.stderr}")
    answer = run("gate", fridays_lua, year_end, "--at", "2026-12-11T16:00:00+01:00")
    check(answer.returncode == 1 and "no Friday-afternoon deploys (" + fridays_lua + ")" in answer.stdout,
          f"the Lua policy of the stack closes its Friday: {answer.stdout}{answer.stderr}")
    answer = run("explain", year_end, "2026-12-24")
    check(answer.returncode == 0 and "Year-end change freeze" in answer.stdout, f"explain: {answer.stdout}{answer.stderr}")
    answer = run("export", "gitlab-freeze-periods", year_end, "--from", "2026-12-01", "--to", "2027-01-31")
    check(answer.returncode == 0 and "freeze_start" in answer.stdout, f"export: {answer.stdout[:300]}{answer.stderr}")
    scoped = os.path.join(FIXTURES, "scoped.yaml")
    answer = run("gate", scoped, "--at", "2026-12-07T08:00:00-05:00", "--context", "environment=staging")
    check(answer.returncode == 0, f"out of scope (staging) is open: {answer.stdout}{answer.stderr}")
    answer = run("gate", scoped, "--at", "2026-12-07T08:00:00-05:00", "--context", "environment=prod-eu")
    check(answer.returncode == 1, f"in scope (prod-eu) is closed: {answer.stdout}{answer.stderr}")

    # The server, and a reload of an edited file.
    live = os.path.join(work, "live.yaml")
    shutil.copy(os.path.join(FIXTURES, "fridays.yaml"), live)
    server = subprocess.Popen([SERVE, live, "--listen", "127.0.0.1:0", "--watch"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        match = re.match(r"listening on http://127\.0\.0\.1:(\d+)", line)
        check(match is not None, f"calpolicy-serve starts with a YAML policy: {line}")
        if match:
            port = int(match.group(1))

            def gate(at):
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request("GET", "/v1/gate?" + urllib.parse.urlencode({"at": at}))
                response = connection.getresponse()
                return response.status, json.loads(response.read())

            for at in ["2026-12-11T15:30:00Z", "2026-12-10T15:30:00Z", "2026-12-12T08:00:00Z"]:
                status, body = gate(at)
                cli = json.loads(run("gate", live, "--at", at, "--format", "json").stdout or "{}")
                check(status == 200 and body.get("open") == cli.get("open") and body.get("reason") == cli.get("reason"),
                      f"GET /v1/gate at {at} answers as the CLI: {body} vs {cli}")
            with open(live, "w") as out:
                out.write("weekly:\n  - days: [thu]\n    reason: no Thursdays\n")
            deadline = time.monotonic() + 10
            body = {}
            while time.monotonic() < deadline:
                status, body = gate("2026-12-10T15:30:00Z")
                if body.get("open") is False:
                    break
                time.sleep(0.3)
            check(body.get("open") is False and body.get("reason") == "no Thursdays", f"--watch reloads the YAML: {body}")
            with open(live, "w") as out:
                out.write("weekly:\n  - days: [thu]\n    reasn: typo\n")
            time.sleep(1.5)
            status, body = gate("2026-12-10T15:30:00Z")
            check(body.get("reason") == "no Thursdays", f"a broken edit keeps the last good version: {body}")
    finally:
        server.terminate()
        server.wait(timeout=10)
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
