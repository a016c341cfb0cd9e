"""The pipeline templates (integrations/) run as a CI runner runs them, against a stand-in GitLab.

usage: integrations.py CALPOLICY_BINARY

The GitLab jobs' before_script and script lines are read from integrations/gitlab-ci/gate.yml
with PyYAML (`extends` resolved as GitLab does: variables merged, lists replaced) and run by
bash with `set -eo pipefail`, as the runner does. Their GitLab is a local HTTP server written
here from GitLab's documented REST contract: freeze periods (list paginated by page/per_page,
per_page at most 100, the X-Next-Page / X-Total-Pages headers, sorted by creation; POST, DELETE)
and project CI/CD variables (GET/PUT /variables/:key with 404 for a missing key, POST
/variables), every call needing the PRIVATE-TOKEN header. The composite action's steps
(integrations/github-actions/gate/action.yml) run the same way with GITHUB_OUTPUT / GITHUB_PATH.
Prints "N passed, N failed"; exits 1 on any failure.
"""
import collections, json, os, re, shutil, subprocess, sys, tempfile, threading, time, traceback, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.path.abspath(sys.argv[1])
TOKEN = "glpat-test-token"
PROJECT = "42"
KEY = "CALPOLICY_FREEZE_PERIOD_IDS"
POLICIES = f"{ROOT}/policies/change-freeze.lua {ROOT}/examples/deploy-hours.lua"
ZONE = "Europe/Berlin"

passed = failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}" + (f"\n  {detail}" if detail else ""))


# --- A stand-in GitLab ---------------------------------------------------------------------

class GitLab:
    def __init__(self):
        self.lock = threading.Lock()
        self.periods = collections.OrderedDict()  # id -> period, in creation order
        self.next_id = 1000
        self.variables = {}
        self.log = []  # (method, path) of every authorised call
        self.fail_post_at = None  # the n-th freeze period POST (1-based) answers 500
        self.posts = 0
        self.bad_per_page = []

    def add(self, start, end, zone="UTC"):
        with self.lock:
            self.next_id += 1
            self.periods[self.next_id] = {"id": self.next_id, "freeze_start": start, "freeze_end": end,
                                          "cron_timezone": zone,
                                          "created_at": "2026-01-01T00:00:00.000Z",
                                          "updated_at": "2026-01-01T00:00:00.000Z"}
            return self.next_id


def make_handler(gitlab):
    prefix = f"/api/v4/projects/{PROJECT}"

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, status, body=None, headers=()):
            data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def params(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode() if length else ""
            if (self.headers.get("Content-Type") or "").startswith("application/json"):
                try:
                    value = json.loads(raw)
                except ValueError:
                    return None
                return value if isinstance(value, dict) else None
            return {k: v[-1] for k, v in urllib.parse.parse_qs(raw, keep_blank_values=True).items()}

        def handle_any(self, method):
            url = urllib.parse.urlsplit(self.path)
            query = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
            if self.headers.get("PRIVATE-TOKEN") != TOKEN:
                return self.reply(401, {"message": "401 Unauthorized"})
            if not url.path.startswith(prefix + "/"):
                return self.reply(404, {"message": "404 Project Not Found"})
            path = url.path[len(prefix):]
            with gitlab.lock:
                gitlab.log.append((method, path + ("?" + url.query if url.query else "")))
            if path == "/freeze_periods" and method == "GET":
                try:
                    page = int(query.get("page", "1")); per_page = int(query.get("per_page", "20"))
                except ValueError:
                    return self.reply(400, {"error": "page/per_page invalid"})
                if per_page > 100:
                    gitlab.bad_per_page.append(per_page)
                per_page = max(1, min(per_page, 100))  # GitLab caps per_page at 100
                page = max(page, 1)
                with gitlab.lock:
                    items = list(gitlab.periods.values())
                pages = max(1, -(-len(items) // per_page))
                chunk = items[(page - 1) * per_page: page * per_page]
                return self.reply(200, chunk, [
                    ("X-Page", str(page)), ("X-Per-Page", str(per_page)), ("X-Total", str(len(items))),
                    ("X-Total-Pages", str(pages)),
                    ("X-Next-Page", str(page + 1) if page < pages else ""),
                    ("X-Prev-Page", str(page - 1) if page > 1 else "")])
            if path == "/freeze_periods" and method == "POST":
                body = self.params()
                with gitlab.lock:
                    gitlab.posts += 1
                    if gitlab.fail_post_at is not None and gitlab.posts == gitlab.fail_post_at:
                        return self.reply(500, {"message": "500 Internal Server Error"})
                if not body or any(len(str(body.get(f, "")).split()) != 5 for f in ("freeze_start", "freeze_end")):
                    return self.reply(400, {"message": {"freeze_start": ["is invalid syntax"]}})
                new = gitlab.add(body["freeze_start"], body["freeze_end"], body.get("cron_timezone", "UTC"))
                return self.reply(201, gitlab.periods[new])
            m = re.fullmatch(r"/freeze_periods/(\d+)", path)
            if m and method == "DELETE":
                with gitlab.lock:
                    if gitlab.periods.pop(int(m.group(1)), None) is None:
                        return self.reply(404, {"message": "404 Not found"})
                return self.reply(204)
            m = re.fullmatch(r"/variables/([A-Za-z0-9_]+)", path)
            if m and method in ("GET", "PUT"):
                key = m.group(1)
                if key not in gitlab.variables:
                    return self.reply(404, {"message": "404 Variable Not Found"})
                if method == "PUT":
                    body = self.params()
                    if body is None or "value" not in body:
                        return self.reply(400, {"error": "value is missing"})
                    gitlab.variables[key]["value"] = body["value"]
                return self.reply(200, gitlab.variables[key])
            if path == "/variables" and method == "POST":
                body = self.params()
                if not body or not body.get("key") or "value" not in body:
                    return self.reply(400, {"error": "key, value are missing"})
                if body["key"] in gitlab.variables:
                    return self.reply(400, {"message": {"key": [f"({body['key']}) has already been taken"]}})
                gitlab.variables[body["key"]] = {
                    "variable_type": "env_var", "key": body["key"], "value": body["value"],
                    "protected": body.get("protected") == "true", "masked": body.get("masked") == "true",
                    "raw": body.get("raw") == "true", "environment_scope": "*", "description": None}
                return self.reply(201, gitlab.variables[body["key"]])
            return self.reply(404, {"error": "404 Not Found"})

        def do_GET(self): self.handle_any("GET")
        def do_POST(self): self.handle_any("POST")
        def do_PUT(self): self.handle_any("PUT")
        def do_DELETE(self): self.handle_any("DELETE")

    return Handler


class Server:
    def __init__(self, gitlab):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(gitlab))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/api/v4"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown(); self.httpd.server_close()


# --- Running the templates -----------------------------------------------------------------

GITLAB_YAML = yaml.safe_load(open(f"{ROOT}/integrations/gitlab-ci/gate.yml", encoding="utf-8"))


def resolve(name):
    job = GITLAB_YAML[name]
    base = resolve(job["extends"]) if "extends" in job else {}
    merged = dict(base)
    for k, v in job.items():
        if k == "extends":
            continue
        merged[k] = {**base.get(k, {}), **v} if isinstance(v, dict) and isinstance(base.get(k), dict) else v
    return merged


def run_gitlab_job(name, workdir, variables, shell="bash", path=None):
    job = resolve(name)
    lines = list(job.get("before_script", [])) + list(job["script"])
    script = ("set -eo pipefail\n" if shell == "bash" else "set -e\n") + "\n".join(lines) + "\n"
    script_file = os.path.join(workdir, "job.sh")
    with open(script_file, "w") as f:
        f.write(script)
    env = {"PATH": path or os.environ["PATH"], "HOME": workdir, "TMPDIR": workdir, "LANG": "C.UTF-8",
           "SWIFT_BACKTRACE": "enable=no", "CI_PROJECT_ID": PROJECT, "CI_PROJECT_DIR": workdir,
           "CI_PIPELINE_SOURCE": "schedule"}
    env.update({k: str(v) for k, v in job.get("variables", {}).items()})
    env.update(variables)  # project CI/CD variables override the YAML's, as in GitLab
    return subprocess.run([shell, script_file], cwd=workdir, env=env, capture_output=True, text=True, timeout=300)


def export_periods(workdir):
    with open(os.path.join(workdir, "freeze-periods.json"), encoding="utf-8") as f:
        return [(p["freeze_start"], p["freeze_end"], p["cron_timezone"]) for p in json.load(f)["freezePeriods"]]


def fields(p):
    return (p["freeze_start"], p["freeze_end"], p["cron_timezone"])


def seed(gitlab, stale=249, with_variable=True):
    """Hand-made periods before, between and after 249 of an earlier run's, one of them identical
    to an exported period (ids, not contents, say whose a period is)."""
    hand = [gitlab.add("0 23 * * 5", "0 8 * * 1", "Europe/Berlin"), gitlab.add("0 0 24 12 *", "0 0 27 12 *")]
    owned = [gitlab.add(f"{m} {h} {d} {mo} *", f"{m} {h + 1} {d} {mo} *")
             for i in range(stale) for m, h, d, mo in [(i % 60, i % 22, 1 + i % 28, 1 + i % 12)]]
    hand.append(gitlab.add("0 17 7 12 *", "0 7 8 12 *"))  # what the export also writes
    hand.append(gitlab.add("30 6 * * 1-5", "0 7 * * 1-5", "Asia/Kolkata"))
    if with_variable:
        gitlab.variables[KEY] = {"variable_type": "env_var", "key": KEY, "value": " ".join(map(str, owned)),
                                 "protected": False, "masked": False, "raw": True, "environment_scope": "*"}
    return {i: dict(gitlab.periods[i]) for i in hand}, owned


def assert_replaced(gitlab, hand, owned_before, exported, label):
    now = gitlab.periods
    check(all(i in now and now[i] == p for i, p in hand.items()), f"{label}: every hand-made period is untouched",
          f"missing or changed: {[i for i, p in hand.items() if now.get(i) != p]}")
    stale = [i for i in owned_before if i in now]
    check(not stale, f"{label}: no period of the earlier run remains", f"{len(stale)} remain")
    mine = [p for i, p in now.items() if i not in hand]
    check(sorted(map(fields, mine)) == sorted(exported),
          f"{label}: the job's periods are exactly the export's {len(exported)}",
          f"{len(mine)} periods; {len(set(map(fields, mine)) ^ set(exported))} differ")
    recorded = set(map(int, gitlab.variables.get(KEY, {}).get("value", "").split()))
    check(recorded == {i for i in now if i not in hand}, f"{label}: {KEY} lists exactly the job's periods",
          f"recorded {len(recorded)}, the job's {len(now) - len(hand)}")
    check(not gitlab.bad_per_page, f"{label}: never asks for more than 100 a page", str(gitlab.bad_per_page))
    methods = [m for m, p in gitlab.log if p.startswith("/freeze_periods") and m != "GET"]
    check(methods.count("POST") == len(exported), f"{label}: one POST a period", str(methods.count("POST")))
    first_delete = methods.index("DELETE") if "DELETE" in methods else len(methods)
    check("POST" not in methods[first_delete:], f"{label}: creates every new period before deleting an old one")


def freeze_runs(tmp):
    gitlab = GitLab()
    server = Server(gitlab)
    base = {"CI_API_V4_URL": server.url, "CALPOLICY_API_TOKEN": TOKEN, "CALPOLICY": BINARY,
            "CALPOLICY_POLICIES": POLICIES, "CALPOLICY_TIME_ZONE": ZONE}
    try:
        # A project with hand-made periods and 249 of an earlier run's: run the job twice.
        hand, owned = seed(gitlab)
        check(len(gitlab.periods) > 200, "the seeded project spans three pages of 100")
        for run in (1, 2):
            work = tempfile.mkdtemp(dir=tmp)
            before = [i for i in gitlab.periods if i not in hand]
            gitlab.log.clear()
            started = time.monotonic()
            r = run_gitlab_job(".calpolicy-freeze-periods", work, base)
            print(f"integrations: freeze periods run {run}: {len(gitlab.log)} API calls, {time.monotonic() - started:.1f} s")
            check(r.returncode == 0, f"freeze periods run {run} succeeds", r.stderr[-2000:])
            if r.returncode:
                continue
            exported = export_periods(work)
            check(len(exported) > 200, f"run {run}: the export has over 200 periods (several pages)", str(len(exported)))
            assert_replaced(gitlab, hand, before, exported, f"run {run}")
            pages = [p for m, p in gitlab.log if m == "GET" and p.startswith("/freeze_periods?")]
            check(len(pages) >= 5, f"run {run}: reads every page of freeze periods", f"{len(pages)} pages read")

        # A first run in a project with hand-made periods only: the variable is created.
        gitlab.periods.clear(); gitlab.variables.clear(); gitlab.log.clear()
        hand = {i: dict(gitlab.periods[i]) for i in [gitlab.add("0 22 * * 5", "0 6 * * 1")]}
        work = tempfile.mkdtemp(dir=tmp)
        r = run_gitlab_job(".calpolicy-freeze-periods", work, base, shell="dash")  # a runner image without bash
        check(r.returncode == 0, "first run (no variable yet, under dash) succeeds", r.stderr[-2000:])
        if r.returncode == 0:
            assert_replaced(gitlab, hand, [], export_periods(work), "first run")
            check(gitlab.variables.get(KEY, {}).get("masked") is False and gitlab.variables[KEY]["raw"] is True,
                  "first run: the variable is created unmasked and raw")

        # A run that fails half-way leaves the old periods and records what it created.
        for fail_at in (1, 150):
            gitlab.periods.clear(); gitlab.variables.clear()
            hand, owned = seed(gitlab)
            gitlab.posts, gitlab.fail_post_at = 0, fail_at
            work = tempfile.mkdtemp(dir=tmp)
            r = run_gitlab_job(".calpolicy-freeze-periods", work, base)
            lines = [l for l in r.stderr.splitlines() if l.startswith("calpolicy: ")]
            check(r.returncode == 1 and len(lines) == 1 and "HTTP 500" in lines[0],
                  f"POST {fail_at} failing: exit 1 with one calpolicy: line", f"{r.returncode} {r.stderr[-600:]}")
            check(all(i in gitlab.periods for i in owned) and all(i in gitlab.periods for i in hand),
                  f"POST {fail_at} failing: nothing is deleted")
            recorded = set(map(int, gitlab.variables.get(KEY, {}).get("value", "").split()))
            check(recorded == set(gitlab.periods) - set(hand),
                  f"POST {fail_at} failing: every period it made is recorded")
            gitlab.fail_post_at = None; gitlab.log.clear()
            before = [i for i in gitlab.periods if i not in hand]
            r = run_gitlab_job(".calpolicy-freeze-periods", work, base)
            check(r.returncode == 0, f"POST {fail_at} failing: the next run succeeds", r.stderr[-2000:])
            if r.returncode == 0:
                assert_replaced(gitlab, hand, before, export_periods(work), f"after POST {fail_at} failed")

        # Refusals: a wrong token, a variable holding something else. Nothing changes.
        for label, variables, value in [
                ("a wrong token", {"CALPOLICY_API_TOKEN": "wrong"}, None),
                ("no token", {"CALPOLICY_API_TOKEN": ""}, None),
                ("a variable edited by hand", {}, "1001, 1002"),
                ("a variable holding names", {}, "$OTHER")]:
            gitlab.periods.clear(); gitlab.variables.clear()
            hand, owned = seed(gitlab)
            if value is not None:
                gitlab.variables[KEY]["value"] = value
            snapshot = dict(gitlab.periods)
            r = run_gitlab_job(".calpolicy-freeze-periods", tempfile.mkdtemp(dir=tmp), {**base, **variables})
            lines = [l for l in r.stderr.splitlines() if l.startswith("calpolicy: freeze periods: ")]
            check(r.returncode in (1, 2) and len(lines) == 1, f"{label}: fails with one calpolicy: line",
                  f"{r.returncode} {r.stderr[-600:]}")
            check(gitlab.periods == snapshot, f"{label}: no period is created or deleted")
    finally:
        server.close()


def fake_deb(tmp):
    """A .deb laid out as scripts/deb.sh lays it out (usr/bin/calpolicy), holding the binary."""
    root = os.path.join(tmp, "debroot")
    os.makedirs(f"{root}/DEBIAN"); os.makedirs(f"{root}/usr/bin")
    shutil.copy(BINARY, f"{root}/usr/bin/calpolicy")
    with open(f"{root}/DEBIAN/control", "w") as f:
        f.write("Package: calpolicy\nVersion: 0.0.0\nArchitecture: amd64\nMaintainer: test <t@example.org>\n"
                "Description: test\n")
    deb = os.path.join(tmp, "calpolicy_0.0.0_amd64.deb")
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "-b", root, deb], check=True, capture_output=True)
    return deb


def bare_path(tmp):
    """A PATH with the runner's tools (sh, curl, dpkg-deb, ...) and no calpolicy."""
    bin_dir = os.path.join(tmp, "bare-bin")
    os.makedirs(bin_dir)
    for tool in ["bash", "sh", "dash", "curl", "dpkg-deb", "tar", "mktemp", "head", "id", "date", "grep", "sed",
                 "tr", "wc", "rm", "cat", "tail", "xz", "gzip", "zstd", "rmdir", "mkdir", "ls", "dpkg", "find"]:
        found = shutil.which(tool)
        if found:
            os.symlink(found, os.path.join(bin_dir, tool))
    return bin_dir


def install_cases(tmp):
    path = bare_path(tmp)
    check(shutil.which("calpolicy", path=path) is None, "the bare PATH has no calpolicy")
    deb = fake_deb(tmp)
    notdeb = os.path.join(tmp, "not-a.deb")
    with open(notdeb, "w") as f:
        f.write("<html>404</html>\n")
    gate = {"CALPOLICY_POLICIES": POLICIES, "CALPOLICY_TIME_ZONE": ZONE}
    for shell in ("bash", "dash"):
        for label, variables, want_status, want in [
                ("neither on PATH nor CALPOLICY_DEB_URL", {}, 2, "calpolicy: install: 'calpolicy' is not on PATH"),
                ("an unreachable CALPOLICY_DEB_URL", {"CALPOLICY_DEB_URL": "file:///nonexistent/calpolicy.deb"}, 2,
                 "calpolicy: install: cannot download"),
                ("a CALPOLICY_DEB_URL that is no .deb", {"CALPOLICY_DEB_URL": f"file://{notdeb}"}, 2,
                 "is not a calpolicy .deb"),
                ("a CALPOLICY that does not exist", {"CALPOLICY": "/opt/none/calpolicy"}, 2,
                 "calpolicy: install: '/opt/none/calpolicy' is not on PATH"),
                ("CALPOLICY_DEB_URL", {"CALPOLICY_DEB_URL": f"file://{deb}"}, None, None)]:
            for job in (".calpolicy-gate", ".calpolicy-freeze-periods"):
                if want is None and job == ".calpolicy-freeze-periods":
                    continue
                r = run_gitlab_job(job, tempfile.mkdtemp(dir=tmp), {**gate, **variables}, shell=shell, path=path)
                where = f"{job} under {shell}, {label}"
                if want is None:
                    check(r.returncode in (0, 1) and re.search(r"^(open|closed) until ", r.stdout, re.M)
                          and "calpolicy " in r.stdout, f"{where}: installs from the .deb and answers",
                          f"{r.returncode} {r.stdout[-300:]} {r.stderr[-600:]}")
                    continue
                lines = [l for l in r.stderr.splitlines() if l.startswith("calpolicy: ")]
                check(r.returncode == want_status and r.returncode != 127 and len(lines) == 1 and want in lines[0],
                      f"{where}: exit {want_status} with one clear line", f"{r.returncode} {r.stderr[-600:]}")


# --- The GitHub composite action -----------------------------------------------------------

ACTION = yaml.safe_load(open(f"{ROOT}/integrations/github-actions/gate/action.yml", encoding="utf-8"))


def run_action(tmp, inputs, path):
    """The composite action's steps in order, as the runner runs them: bash -eo pipefail, env with
    ${{ inputs.* }} and ${{ steps.*.outputs.* }} filled in, GITHUB_PATH lines put on PATH for the
    steps after. Returns (status, outputs of each step, all output)."""
    values = {k: v.get("default", "") for k, v in ACTION["inputs"].items()}
    values.update(inputs)
    outputs, log, current_path = {}, "", path
    for step in ACTION["runs"]["steps"]:
        out_file, path_file = os.path.join(tmp, "out"), os.path.join(tmp, "path")
        open(out_file, "w").close(); open(path_file, "w").close()

        def fill(text):
            text = re.sub(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", lambda m: values[m.group(1)], text)
            return re.sub(r"\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}",
                          lambda m: outputs.get(m.group(1), {}).get(m.group(2), ""), text)
        env = {"PATH": current_path, "HOME": tmp, "RUNNER_TEMP": tmp, "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
               "GITHUB_OUTPUT": out_file, "GITHUB_PATH": path_file}
        env.update({k: fill(str(v)) for k, v in step.get("env", {}).items()})
        r = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120)
        log += r.stdout + r.stderr
        outputs[step["id"]] = dict(l.split("=", 1) for l in open(out_file).read().splitlines() if "=" in l)
        added = [l for l in open(path_file).read().splitlines() if l]
        current_path = ":".join(list(reversed(added)) + [current_path])
        if r.returncode:
            return r.returncode, outputs, log
    return 0, outputs, log


def action_cases(tmp):
    gh = os.path.join(tmp, "gh")
    os.makedirs(gh)
    # The runner's tools and python3 (GitHub-hosted runners have it), no calpolicy.
    path = f"{bare_path(gh)}:{os.path.dirname(sys.executable)}"
    deb = fake_deb(gh)
    policies = "policies/change-freeze.lua examples/deploy-hours.lua"
    for label, inputs, want_status, want in [
            ("neither on PATH nor deb-url", {}, 2, "::error title=calpolicy install::calpolicy: install: 'calpolicy' is not on PATH"),
            ("an unreachable deb-url", {"deb-url": "file:///nonexistent.deb"}, 2, "cannot download deb-url"),
            ("deb-url, closed", {"deb-url": f"file://{deb}", "at": "2026-12-11T16:05:00+01:00"}, 1,
             "::error title=Deploys are closed::closed until 2026-12-"),
            ("deb-url, open", {"deb-url": f"file://{deb}", "at": "2026-12-15T09:30:00+01:00"}, 0, "open until 2026-12-"),
            ("the calpolicy input", {"calpolicy": BINARY, "at": "2026-12-15T09:30:00+01:00"}, 0, "open until"),
            ("a bad instant", {"calpolicy": BINARY, "at": "2026-12-15T09:30"}, 2, "calpolicy gate failed (exit 2)")]:
        status, outputs, log = run_action(tempfile.mkdtemp(dir=tmp),
                                          {"policies": policies, "time-zone": ZONE, **inputs}, path)
        check(status == want_status and want in log, f"action, {label}: exit {want_status}, says so",
              f"{status} {log[-800:]}")
        if want_status in (0, 1):
            gate = outputs.get("gate", {})
            check(gate.get("open") == ("true" if want_status == 0 else "false") and gate.get("until"),
                  f"action, {label}: outputs open and until", str(gate))

    # A reason with quotes, backslashes and a line that looks like an output, read with python3
    # and, on a runner without it (a container job), by the step's bash: the same one-line outputs.
    freeze = open(f"{ROOT}/policies/change-freeze.lua", encoding="utf-8").read()
    tricky = 'Year-end \\"freeze\\" \\\\ C:\\\\tmp\\nopen=true'
    assert 'reason = "Year-end change freeze"' in freeze
    policy = os.path.join(gh, "freeze.lua")
    with open(policy, "w", encoding="utf-8") as f:
        f.write(freeze.replace('reason = "Year-end change freeze"', f'reason = "{tricky}"'))
    python_dir = os.path.dirname(sys.executable)
    answers = {}
    for label, runner_path in [("with python3", path), ("without python3", path.replace(":" + python_dir, ""))]:
        check(label == "with python3" or shutil.which("python3", path=runner_path) is None,
              f"action, {label}: the PATH is as said")
        status, outputs, log = run_action(tempfile.mkdtemp(dir=tmp), {
            "policies": policy, "time-zone": ZONE, "calpolicy": BINARY, "at": "2026-12-21T12:00:00+01:00"}, runner_path)
        answers[label] = outputs.get("gate", {})
        check(status == 1 and answers[label].get("open") == "false", f"action, {label}: closed, not opened by a reason",
              f"{status} {outputs} {log[-600:]}")
    check(answers["with python3"] == answers["without python3"]
          and answers["with python3"].get("reason", "").endswith('Year-end "freeze" \\ C:\\tmp open=true'),
          "action: python3 and bash read the same reason, on one line", str(answers))


def main():
    tmp = tempfile.mkdtemp(prefix="calpolicy-integrations.")
    try:
        for section in (freeze_runs, install_cases, action_cases):
            try:
                section(tmp)
            except Exception:
                check(False, f"{section.__name__} ran to its end", traceback.format_exc())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"integrations: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
