#!/usr/bin/env python3
"""End-to-end checks of `calpolicy serve` (scripts/checks/serve.sh runs this).

Starts the real server on port 0 and talks HTTP to it with the standard library only.
Each check prints `ok NAME` or `FAIL NAME: why`; the last line is `N passed, N failed`.
"""
import argparse
import hashlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
US = "policies/us-federal-holidays.lua"
LOOP = "Tests/Hostile/fixtures/r-loop-canselect.lua"
SLOW_C = "Tests/Hostile/fixtures/w-slow-c-per-call.lua"
# Hostile policies served beside clean ones: a memory bomb, a table growing forever, error objects.
BOMB = "Tests/Hostile/fixtures/r-string-doubling.lua"
TABLE_BOMB = "Tests/Hostile/fixtures/r-table-bomb.lua"
ERROR_TABLE = "Tests/Hostile/fixtures/b-error-table.lua"
ERROR_TOSTRING = "Tests/Hostile/fixtures/b-error-tostring-error.lua"
ORIGIN = "https://app.example.com"
TODAY = "2026-12-01"

results = []


def check(name):
    def wrap(fn):
        results.append((name, fn))
        return fn
    return wrap


class Server:
    def __init__(self, binary, args, env=None):
        self.proc = subprocess.Popen([binary] + args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env or os.environ.copy())
        self.stderr_lines = []
        line = self.proc.stdout.readline().decode()
        if not line.startswith("listening on http://127.0.0.1:"):
            err = self.proc.stderr.read().decode() if self.proc.poll() is not None else ""
            raise RuntimeError(f"unexpected first line {line!r} {err}")
        self.first_line = line
        self.port = int(line.strip().rsplit(":", 1)[1])
        self.reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.reader.start()

    def _read_stderr(self):
        for raw in self.proc.stderr:
            self.stderr_lines.append(raw.decode(errors="replace").rstrip("\n"))

    def request(self, method, path, body=None, headers=None, timeout=20):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        result = (response.status, {k.lower(): v for k, v in response.getheaders()}, data)
        self.last_raw_headers = response.getheaders()  # repeats kept, which the dict folds
        conn.close()
        return result

    def get(self, path, headers=None, timeout=20):
        return self.request("GET", path, headers=headers, timeout=timeout)

    def post_json(self, path, obj, headers=None):
        h = {"Content-Type": "application/json"}
        h.update(headers or {})
        return self.request("POST", path, body=json.dumps(obj).encode(), headers=h)

    def stop(self, sig=signal.SIGTERM, timeout=10):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def cli(binary, args):
    return subprocess.run([binary] + args, cwd=ROOT, capture_output=True, timeout=60)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def error_of(status, data, want_status, want_code, want_parameter="-"):
    expect(status == want_status, f"status {status}, wanted {want_status}: {data[:300]!r}")
    obj = json.loads(data)
    expect(obj["error"]["code"] == want_code, f"code {obj['error']['code']}, wanted {want_code}")
    expect(isinstance(obj["error"]["message"], str) and obj["error"]["message"], "empty message")
    if want_parameter != "-":
        expect(obj["error"]["parameter"] == want_parameter,
               f"parameter {obj['error']['parameter']!r}, wanted {want_parameter!r}")
    return obj["error"]


def wait_for_line(server, predicate, timeout=5):
    """The first stderr line matching, waiting for the reader thread (the line is written before the answer)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for line in list(server.stderr_lines):
            if predicate(line):
                return line
        time.sleep(0.02)
    return None


def wait_for_decisions(path, ids, timeout=5):
    """The decision log's lines once every id in `ids` has its line (or the deadline passed)."""
    deadline = time.time() + timeout
    while True:
        with open(path) as f:
            lines = [json.loads(line) for line in f]
        if set(ids) <= {e["id"] for e in lines} or time.time() >= deadline:
            return lines
        time.sleep(0.02)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    args = parser.parse_args()
    bindir = os.path.join(ROOT, args.bin) if not os.path.isabs(args.bin) else args.bin
    serve_bin = os.path.join(bindir, "calpolicy-serve")
    cli_bin = os.path.join(bindir, "calpolicy")

    work = tempfile.mkdtemp(prefix="calpolicy-serve-check-")
    reload_policy = os.path.join(work, "reload.lua")
    with open(reload_policy, "w") as f:
        f.write('return { decorationFor = function(day) if day.iso == "2026-12-02" then return {label = "first"} end end }\n')
    decision_log = os.path.join(work, "decisions.jsonl")
    slow_policy = os.path.join(work, "slow.lua")
    with open(slow_policy, "w") as f:
        f.write("return { canSelect = function(day) local n = 0 for i = 1, 3000000 do n = n + i end return true end }\n")

    server = Server(serve_bin, [US, "--listen", "127.0.0.1:0", "--today", TODAY, "--timeout", "1", "--watch",
                                "--stack", f"us={US}", "--stack", f"loop={LOOP}", "--stack", f"slowc={SLOW_C}",
                                "--stack", f"reload={reload_policy}", "--stack", f"slow={slow_policy}",
                                "--stack", f"bomb={BOMB}", "--stack", f"tablebomb={TABLE_BOMB}",
                                "--stack", f"errtable={ERROR_TABLE}", "--stack", f"errtostring={ERROR_TOSTRING}",
                                "--cors-origin", ORIGIN, "--decision-log", decision_log,
                                "--threads", "4"])

    @check("first line names the bound port")
    def _():
        expect(server.first_line.endswith("\n") and server.port > 0, server.first_line)

    @check("health, ready")
    def _():
        status, headers, data = server.get("/health")
        expect(status == 200 and json.loads(data)["status"] == "ok", data)
        status, _, data = server.get("/ready")
        expect(status == 200 and json.loads(data)["ready"] is True, data)

    @check("/v1/month is eval --format json, byte for byte")
    def _():
        for query, extra in [("month=2026-12", ["--month", "2026-12"]),
                             ("month=5784-06L&calendar=hebrew&locale=de_DE", ["--month", "5784-06L", "--calendar", "hebrew", "--locale", "de_DE"]),
                             ("month=2026-02&firstWeekday=2&weekRule=locale", ["--month", "2026-02", "--first-weekday", "2", "--week-rule", "locale"])]:
            status, headers, data = server.get("/v1/month?" + query)
            expect(status == 200, f"{query}: {status} {data[:200]!r}")
            expect(headers.get("content-type") == "application/json", headers)
            out = cli(cli_bin, ["eval", US] + extra + ["--today", TODAY, "--format", "json"])
            expect(out.returncode == 0, out.stderr)
            expect(data == out.stdout, f"{query}: differs from eval ({len(data)} vs {len(out.stdout)} bytes)")

    @check("/v1/year and /v1/days are eval's documents")
    def _():
        status, _, data = server.get("/v1/year?year=2027")
        out = cli(cli_bin, ["eval", US, "--year", "2027", "--today", TODAY, "--format", "json"])
        expect(status == 200 and data == out.stdout, f"year {status}")
        status, _, data = server.get("/v1/days?from=2026-12-20&to=2027-01-05")
        out = cli(cli_bin, ["eval", US, "--from", "2026-12-20", "--to", "2027-01-05", "--today", TODAY, "--format", "json"])
        expect(status == 200 and data == out.stdout, f"days {status}")
        expect(len(json.loads(data)["days"]) == 17, "17 days")

    @check("/v1/days caps the span at 1,000 days")
    def _():
        status, _, data = server.get("/v1/days?from=2026-01-01&to=2028-12-31")
        err = error_of(status, data, 400, "bad_request", "to")
        expect("1000" in err["message"], err["message"])
        status, _, data = server.get("/v1/days?from=2026-01-01")
        error_of(status, data, 400, "bad_request", "to")

    @check("/v1/calendar.ics is eval --format ics --feed-name STACK, byte for byte, filtered and capped like it")
    def _():
        status, headers, data = server.get("/v1/calendar.ics?from=2026-11-01&to=2027-01-31")
        expect(status == 200, f"{status} {data[:200]!r}")
        expect(headers.get("content-type") == "text/calendar; charset=utf-8", headers)
        named = ["--feed-name", "default"]
        out = cli(cli_bin, ["eval", US, "--from", "2026-11-01", "--to", "2027-01-31", "--today", TODAY, "--format", "ics"] + named)
        expect(out.returncode == 0 and data == out.stdout, "differs from eval --format ics")
        expect(b"\r\nSUMMARY:Christmas Day\r\n" in data, "Christmas as an event")
        expect(b"\r\nX-WR-CALNAME:default\r\n" in data, "named after the stack")
        status, _, data = server.get("/v1/calendar.ics?from=2026-11-01&to=2027-01-31&only=decorated&policy=us-federal-holidays")
        out = cli(cli_bin, ["eval", US, "--from", "2026-11-01", "--to", "2027-01-31", "--today", TODAY, "--format", "ics",
                            "--only", "decorated", "--policy", "us-federal-holidays"] + named)
        expect(status == 200 and out.returncode == 0 and data == out.stdout, "filtered: differs from eval --format ics")
        status, _, data = server.get("/v1/calendar.ics")
        out = cli(cli_bin, ["eval", US, "--today", TODAY, "--format", "ics"] + named)
        expect(status == 200 and data == out.stdout, "default span: this year and the next, as eval")
        status, _, data = server.get("/v1/calendar.ics?from=2026-01-01&to=2040-12-31")
        err = error_of(status, data, 400, "bad_request", "to")
        expect("3660" in err["message"], err["message"])

    @check("/v1/week and /v1/period")
    def _():
        status, _, data = server.get("/v1/week?date=2026-12-25&firstWeekday=2")
        expect(status == 200, data[:200])
        days = json.loads(data)["days"]
        expect([d["date"] for d in days][0] == "2026-12-21" and len(days) == 7, days[0])
        out = cli(cli_bin, ["eval", US, "--week", "2026-12-25", "--first-weekday", "2", "--today", TODAY, "--format", "json"])
        expect(out.returncode == 0 and data == out.stdout, "week: differs from eval --week")
        expect(json.loads(data)["period"]["id"] == "2026-W52", json.loads(data)["period"])
        status, _, data = server.get("/v1/week?date=2026-13-01")
        error_of(status, data, 400, "bad_request", "date")
        status, _, data = server.get("/v1/period?kind=month&date=2026-12-15&step=-1")
        obj = json.loads(data)
        expect(status == 200 and obj["id"] == "2026-11" and obj["first"] == "2026-11-01" and obj["last"] == "2026-11-30", obj)
        expect(obj["previous"]["id"] == "2026-10" and obj["next"]["id"] == "2026-12", obj)
        status, _, data = server.get("/v1/period?kind=week&date=2026-12-25&step=1&firstWeekday=2")
        obj = json.loads(data)
        expect(obj["first"] == "2026-12-28" and obj["last"] == "2027-01-03", obj)
        status, _, data = server.get("/v1/period?kind=fortnight&date=2026-12-25")
        error_of(status, data, 400, "bad_request", "kind")
        status, _, data = server.get("/v1/period?kind=year&date=2026-12-25&step=2")
        error_of(status, data, 400, "bad_request", "step")

    @check("/v1/explain is explain --format json")
    def _():
        status, _, data = server.get("/v1/explain?date=2026-12-25")
        out = cli(cli_bin, ["explain", US, "2026-12-25", "--today", TODAY, "--format", "json"])
        expect(status == 200 and data == out.stdout, f"{status} {data[:300]!r} vs {out.stdout[:300]!r}")

    @check("POST /v1/select is select --format json")
    def _():
        body = {"mode": "range", "taps": ["2026-12-21", "2026-12-28"], "rangeRule": "skip",
                "limits": {"maxLength": 7}}
        status, _, data = server.post_json("/v1/select", body)
        out = cli(cli_bin, ["select", US, "--mode", "range", "--range-rule", "skip", "--max-length", "7",
                            "--tap", "2026-12-21", "--tap", "2026-12-28", "--today", TODAY, "--format", "json"])
        expect(status == 200 and data == out.stdout, f"{status} {data[:300]!r}")
        body = {"mode": "multiple", "selection": ["2026-12-21", "2026-12-22"], "taps": ["2026-12-22"],
                "limits": {"maxCount": 3}}
        status, _, data = server.post_json("/v1/select", body)
        expect(status == 200 and json.loads(data)["selection"] == ["2026-12-21"], data)
        body = {"mode": "range", "pending": "2026-12-28", "taps": ["2026-12-30"]}
        status, _, data = server.post_json("/v1/select", body)
        expect(status == 200 and len(json.loads(data)["selection"]) == 3, data)

    @check("a supplied selection is re-checked: a denied day is refused (422)")
    def _():
        status, _, data = server.post_json("/v1/select", {"mode": "multiple", "selection": ["2026-12-25"],
                                                          "taps": ["2026-12-22"]})
        err = error_of(status, data, 422, "selection_refused", "selection")
        expect("2026-12-25" in err["message"] and "us-federal-holidays.lua" in err["message"], err)

    @check("select errors: 400 naming API fields, 405, 413, 415")
    def _():
        status, _, data = server.post_json("/v1/select", {"mode": "single", "taps": ["2026-12-21"], "rangeRule": "skip"})
        err = error_of(status, data, 400, "bad_request", "rangeRule")
        expect(err["message"] == "rangeRule: applies only to mode range, not mode single", err)
        status, _, data = server.post_json("/v1/select", {"mode": "range", "taps": ["2026-12-21"],
                                                          "limits": {"minLength": 5, "maxLength": 3}})
        err = error_of(status, data, 400, "bad_request", "limits.maxLength")
        expect(err["message"] == "invalid value '3' for 'limits.maxLength': must not be less than limits.minLength 5", err)
        status, _, data = server.post_json("/v1/select", {"mode": "sometimes", "taps": ["2026-12-21"]})
        error_of(status, data, 400, "bad_request", "mode")
        status, _, data = server.post_json("/v1/select", {"mode": "single", "taps": ["2026-02-30"]})
        error_of(status, data, 400, "bad_request", "taps")
        status, _, data = server.post_json("/v1/select", {"mode": "multiple", "taps": ["2026-12-21"], "limits": {"maxCount": 0}})
        error_of(status, data, 400, "bad_request", "limits.maxCount")
        status, _, data = server.post_json("/v1/select", {"mode": "multiple", "taps": ["2026-12-21"], "limits": {"maxCount": "2"}})
        error_of(status, data, 400, "bad_request", "limits.maxCount")
        status, _, data = server.request("POST", "/v1/select", body=b"{not json", headers={"Content-Type": "application/json"})
        error_of(status, data, 400, "bad_request")
        status, _, data = server.request("POST", "/v1/select", body=b"mode=single", headers={"Content-Type": "text/plain"})
        error_of(status, data, 415, "unsupported_media_type")
        big = json.dumps({"mode": "multiple", "taps": ["2026-12-21"] * 6000}).encode()
        expect(len(big) > 65536, len(big))
        status, _, data = server.request("POST", "/v1/select", body=big, headers={"Content-Type": "application/json"})
        error_of(status, data, 413, "payload_too_large")
        status, headers, data = server.get("/v1/select")
        error_of(status, data, 405, "method_not_allowed")
        expect(headers.get("allow") == "POST", headers)
        status, _, data = server.request("POST", "/v1/month", body=b"{}", headers={"Content-Type": "application/json"})
        error_of(status, data, 405, "method_not_allowed")

    @check("400 for a bad parameter names it as the API does, with the CLI's reason")
    def _():
        status, _, data = server.get("/v1/month?month=2026-13")
        err = error_of(status, data, 400, "bad_request", "month")
        expect(err["message"] == "invalid value '2026-13' for 'month': month must be 1...12", err)
        out = cli(cli_bin, ["eval", US, "--month", "2026-13"])
        expect(out.stderr.decode().strip() == "calpolicy: invalid value '2026-13' for '--month <YYYY-MM>': month must be 1...12",
               out.stderr)
        expect("--" not in err["message"], err)
        status, _, data = server.get("/v1/month?month=2026-12&firstWeekday=9")
        error_of(status, data, 400, "bad_request", "firstWeekday")
        status, _, data = server.get("/v1/month?month=2026-12&calendar=mayan")
        error_of(status, data, 400, "bad_request", "calendar")
        status, _, data = server.get("/v1/month?mnth=2026-12")
        error_of(status, data, 400, "bad_request", "mnth")
        status, _, data = server.get("/v1/explain")
        error_of(status, data, 400, "bad_request", "date")

    @check("404 for an unknown route or stack")
    def _():
        status, _, data = server.get("/v2/month")
        error_of(status, data, 404, "not_found")
        status, _, data = server.get("/v1/month?stack=nope")
        error_of(status, data, 404, "unknown_stack", "stack")

    @check("stacks: stack=NAME picks one, the first is the default")
    def _():
        _, h1, d1 = server.get("/v1/month?month=2026-12")
        _, h2, d2 = server.get("/v1/month?month=2026-12&stack=default")
        _, h3, d3 = server.get("/v1/month?month=2026-12&stack=reload")
        expect(d1 == d2 and h1["x-policy-stack"] == "default", h1)
        expect(h3["x-policy-stack"] == "reload" and d3 != d1, h3)

    @check("ETag, If-None-Match → 304, X-Policy-Version")
    def _():
        status, headers, data = server.get("/v1/month?month=2026-11")
        etag = headers.get("etag")
        expect(status == 200 and etag and headers.get("x-policy-version"), headers)
        status, headers2, data2 = server.get("/v1/month?month=2026-11", headers={"If-None-Match": etag})
        expect(status == 304 and data2 == b"" and headers2.get("etag") == etag, (status, headers2))
        status, headers3, _ = server.get("/v1/month?month=2026-11&today=2026-11-02")
        expect(status == 200 and headers3["etag"] != etag, "another today, another ETag")
        status, _, _ = server.get("/v1/month?month=2026-10", headers={"If-None-Match": etag})
        expect(status == 200, "another query is not 304")
        _, _, again = server.get("/v1/month?month=2026-11")
        expect(again == data, "the cached answer is the same document")

    @check("/v1/status: path, SHA-256, loaded-at, last reload")
    def _():
        status, _, data = server.get("/v1/status")
        obj = json.loads(data)
        expect(status == 200 and obj["defaultStack"] == "default", obj)
        stacks = {s["name"]: s for s in obj["stacks"]}
        expect(set(stacks) == {"default", "us", "loop", "slowc", "reload", "slow", "bomb", "tablebomb", "errtable",
                               "errtostring"}, stacks.keys())
        policy = stacks["default"]["policies"][0]
        with open(os.path.join(ROOT, US), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        expect(policy["path"] == US and policy["sha256"] == digest and policy["loadedAt"], policy)
        status, headers, _ = server.get("/v1/status")
        expect(headers.get("etag"), headers)
        status, _, _ = server.get("/v1/status", headers={"If-None-Match": headers["etag"]})
        expect(status == 304, status)

    @check("a hostile stack gets its JSON error (500, 503) while a clean one keeps answering")
    def _():
        outcome = {}

        def hostile():
            outcome["loop"] = server.get("/v1/month?month=2026-12&stack=loop")
            outcome["slowc"] = server.get("/v1/month?month=2026-12&stack=slowc", timeout=30)

        thread = threading.Thread(target=hostile)
        thread.start()
        clean = []
        while thread.is_alive():
            t0 = time.time()
            status, _, _ = server.get("/v1/days?from=2026-12-01&to=2026-12-03&today=2026-12-0%d" % (len(clean) % 9 + 1))
            clean.append((status, time.time() - t0))
            time.sleep(0.02)
        thread.join()
        status, _, data = outcome["loop"]
        err = error_of(status, data, 500, "policy_error")
        expect("r-loop-canselect.lua" in err["message"] and "2026-12-" in err["message"], err)
        status, _, data = outcome["slowc"]
        err = error_of(status, data, 503, "policy_timeout")
        expect("w-slow-c-per-call.lua" in err["message"], err)
        expect(clean and all(s == 200 for s, _ in clean), clean)
        status, _, _ = server.get("/v1/month?month=2026-12&stack=us")
        expect(status == 200, "clean stack after")
        _, _, metrics = server.get("/metrics")
        expect(b'calpolicy_policy_errors_total{stack="loop",kind="policy"}' in metrics, metrics)
        expect(b'calpolicy_policy_errors_total{stack="slowc",kind="timeout"}' in metrics, metrics)

    @check("memory bombs and error objects: a JSON 500 naming the policy and the day; the server keeps answering")
    def _():
        for stack, fixture in [("bomb", BOMB), ("tablebomb", TABLE_BOMB), ("errtable", ERROR_TABLE),
                               ("errtostring", ERROR_TOSTRING)]:
            for round_ in range(2):
                # Twice: the policy set that failed goes back to the pool and must answer (fail) again.
                status, headers, data = server.get(f"/v1/month?month=2026-12&stack={stack}&today=2026-12-0{round_ + 1}",
                                                   timeout=60)
                err = error_of(status, data, 500, "policy_error")
                expect(os.path.basename(fixture) in err["message"] and "2026-1" in err["message"], (stack, err))
                expect("x-request-id" in headers, headers)
            status, _, _ = server.get("/v1/month?month=2026-12&stack=us&today=2026-12-09")
            expect(status == 200, f"clean stack after {stack}: {status}")
        status, _, data = server.post_json("/v1/select?stack=errtable", {"mode": "single", "taps": ["2026-12-21"]})
        err = error_of(status, data, 500, "policy_error")
        expect("b-error-table.lua" in err["message"] and "2026-12-21" in err["message"], err)
        expect(server.get("/health")[0] == 200 and server.proc.poll() is None, "still running")
        _, _, metrics = server.get("/metrics")
        expect(b'calpolicy_policy_errors_total{stack="bomb",kind="policy"}' in metrics, metrics)
        gauges = {l.split()[0]: int(l.split()[1]) for l in metrics.decode().splitlines()
                  if l.startswith("calpolicy_stack_memory")}
        for stack in ["bomb", "tablebomb", "default"]:
            used = gauges[f'calpolicy_stack_memory_bytes{{stack="{stack}"}}']
            limit = gauges[f'calpolicy_stack_memory_limit_bytes{{stack="{stack}"}}']
            expect(0 < used <= limit, (stack, used, limit))

    @check("--cors-origin: preflight 204, the allowed origin echoed with Vary: Origin; other origins get nothing")
    def _():
        status, headers, data = server.request("OPTIONS", "/v1/select", headers={
            "Origin": ORIGIN, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type"})
        expect(status == 204 and data == b"", (status, data))
        expect(headers.get("access-control-allow-origin") == ORIGIN, headers)
        # Once: a repeated Access-Control-Allow-Origin makes the browser refuse the call.
        expect([k.lower() for k, _ in server.last_raw_headers].count("access-control-allow-origin") == 1,
               server.last_raw_headers)
        expect("POST" in headers.get("access-control-allow-methods", "")
               and "content-type" in headers.get("access-control-allow-headers", "").lower()
               and "authorization" in headers.get("access-control-allow-headers", "").lower(), headers)
        expect("Origin" in headers.get("vary", ""), headers)
        status, headers, _ = server.get("/v1/month?month=2026-12", headers={"Origin": ORIGIN})
        expect(status == 200 and headers.get("access-control-allow-origin") == ORIGIN, headers)
        expect("Origin" in headers.get("vary", "") and "ETag" in headers.get("access-control-expose-headers", ""), headers)
        status, headers, _ = server.get("/v1/month?month=2026-12", headers={"Origin": "https://evil.example.com"})
        expect(status == 200 and not any(k.startswith("access-control-") for k in headers), headers)
        status, headers, _ = server.request("OPTIONS", "/v1/month", headers={
            "Origin": "https://evil.example.com", "Access-Control-Request-Method": "GET"})
        expect(not any(k.startswith("access-control-") for k in headers), headers)
        status, headers, _ = server.get("/v1/month?month=2026-12")
        expect(not any(k.startswith("access-control-") for k in headers), headers)

    @check("--decision-log: one JSON line per decision request, written through")
    def _():
        marker = "2026-12-0%d" % 7
        status, headers, _ = server.get(f"/v1/days?from=2026-12-01&to=2026-12-03&today={marker}")
        expect(status == 200, status)
        rid = headers["x-request-id"]
        ids = [rid]
        ids.append(server.post_json("/v1/select", {"mode": "single", "taps": ["2026-12-21"]})[1]["x-request-id"])
        ids.append(server.get("/v1/month?month=2026-13")[1]["x-request-id"])
        server.get("/health")
        # The line is queued before the answer leaves and written by the log's own writer
        # (a stalled file never holds an answer): it lands moments later, in order.
        lines = wait_for_decisions(decision_log, ids)
        mine = [e for e in lines if e["id"] == rid]
        expect(len(mine) == 1, (rid, lines[-3:]))
        entry = mine[0]
        expect(entry["route"] == "/v1/days" and entry["stack"] == "default" and entry["status"] == 200
               and entry["query"] == {"from": "2026-12-01", "to": "2026-12-03", "today": marker}
               and entry["today"] == marker and len(entry["version"]) == 16 and entry["error"] is None
               and entry["time"].endswith("Z"), entry)
        # The answer is in the line (a document as its digest and ETag), the decision's id in a
        # header of the answer, never in its body.
        expect(entry["decisionId"] == headers.get("x-decision-id") and entry["answer"]["etag"] == headers.get("etag")
               and len(entry["answer"]["sha256"]) == 64 and entry["data"].keys() == {"tzdata", "holidays"}, entry)
        select = [e for e in lines if e["route"] == "/v1/select" and e["body"] == {"mode": "single", "taps": ["2026-12-21"]}]
        expect(select and select[-1]["status"] == 200, lines[-3:])
        bad = [e for e in lines if e["query"] == {"month": "2026-13"}]
        expect(bad and bad[-1]["status"] == 400 and bad[-1]["error"]["code"] == "bad_request", bad)
        expect(not any(e["route"] in ("/health", "/metrics", "/v1/status") for e in lines), "only decisions")
        hostile = [e for e in lines if e["stack"] == "errtable"]
        expect(hostile and hostile[0]["status"] == 500 and "b-error-table.lua" in hostile[0]["error"]["message"], hostile)

    @check("reload: a broken edit is refused, a good edit goes live")
    def _():
        _, headers, before = server.get("/v1/month?month=2026-12&stack=reload")
        version = headers["x-policy-version"]
        with open(reload_policy, "w") as f:
            f.write("return { canSelect = function(day) return end end end\n")
        deadline = time.time() + 5
        while time.time() < deadline:
            stacks = {s["name"]: s for s in json.loads(server.get("/v1/status")[2])["stacks"]}
            attempt = stacks["reload"]["lastReload"]
            if attempt and attempt["result"] == "refused":
                break
            time.sleep(0.1)
        expect(attempt and attempt["result"] == "refused" and "reload.lua" in attempt["error"], attempt)
        status, headers, still = server.get("/v1/month?month=2026-12&stack=reload")
        expect(status == 200 and still == before and headers["x-policy-version"] == version, "old version answers")
        expect(any("reload refused" in line for line in server.stderr_lines), "one log line")
        _, _, metrics = server.get("/metrics")
        expect(b'calpolicy_reloads_total{stack="reload",result="refused"}' in metrics, metrics)
        with open(reload_policy, "w") as f:
            f.write('return { decorationFor = function(day) if day.iso == "2026-12-02" then return {label = "second"} end end }\n')
        deadline = time.time() + 5
        while time.time() < deadline:
            status, headers, after = server.get("/v1/month?month=2026-12&stack=reload")
            if headers["x-policy-version"] != version:
                break
            time.sleep(0.1)
        # eval JSON's `period` has a key "first": the old label is looked for in the day it decorated.
        day = next(d for d in json.loads(after)["days"] if d["date"] == "2026-12-02")
        expect(headers["x-policy-version"] != version and day["decoration"]["label"] == "second"
               and "first" not in day["label"] and b'"first"' not in after.replace(b'"first": "2026-12-01"', b''),
               "new version live")
        stacks = {s["name"]: s for s in json.loads(server.get("/v1/status")[2])["stacks"]}
        expect(stacks["reload"]["lastReload"]["result"] == "loaded", stacks["reload"])
        _, _, metrics = server.get("/metrics")
        text = metrics.decode()
        count = [l for l in text.splitlines() if l.startswith("calpolicy_reload_swap_seconds_count ")]
        expect(count and int(count[0].split()[1]) >= 1 and "calpolicy_reload_build_seconds_sum " in text, text[-800:])
        expect(any("reloaded (file changed)" in l and "swapped in" in l for l in server.stderr_lines), "reload line times")

    @check("reload under load: every answer is one whole version")
    def _():
        versions = {}
        for label in ["alpha", "beta"]:
            versions[label] = f'return {{ decorationFor = function(day) return {{label = "{label}"}} end, canSelect = function(day) return false, "{label}" end }}\n'
        stop = threading.Event()
        seen = []
        problems = []

        def client():
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
            i = 0
            while not stop.is_set():
                i += 1
                conn.request("GET", f"/v1/days?from=2026-12-01&to=2026-12-07&stack=reload&today=2026-11-{i % 28 + 1:02d}")
                r = conn.getresponse()
                data = r.read()
                if r.status != 200:
                    problems.append((r.status, data[:200]))
                    continue
                days = json.loads(data)["days"]
                labels = {d["decoration"]["label"] if d["decoration"] else None for d in days}
                reasons = {d["reason"] for d in days}
                if len(labels) != 1 or labels != reasons:
                    problems.append((labels, reasons))
                seen.append(labels.pop())
            conn.close()

        with open(reload_policy, "w") as f:
            f.write(versions["beta"])
        deadline = time.time() + 5
        while time.time() < deadline and b'"beta"' not in server.get("/v1/days?from=2026-12-01&to=2026-12-01&stack=reload")[2]:
            time.sleep(0.05)
        threads = [threading.Thread(target=client) for _ in range(4)]
        for t in threads:
            t.start()
        for round_ in range(12):
            with open(reload_policy, "w") as f:
                f.write(versions["alpha" if round_ % 2 == 0 else "beta"])
            time.sleep(0.3)
        stop.set()
        for t in threads:
            t.join()
        expect(not problems, problems[:3])
        expect(len(seen) > 20 and {"alpha", "beta"} <= set(seen), (len(seen), set(seen)))

    @check("SIGHUP reloads (and reopens the decision log)")
    def _():
        before = json.loads(server.get("/v1/status")[2])
        os.rename(decision_log, decision_log + ".1")
        server.proc.send_signal(signal.SIGHUP)
        deadline = time.time() + 5
        while time.time() < deadline:
            stacks = {s["name"]: s for s in json.loads(server.get("/v1/status")[2])["stacks"]}
            if stacks["default"]["lastReload"]:
                break
            time.sleep(0.1)
        expect(stacks["default"]["lastReload"]["result"] == "unchanged", stacks["default"])
        # The reopen follows the reloads: wait until a decision lands in the new file.
        landed = False
        deadline = time.time() + 10
        while time.time() < deadline and not landed:
            _, headers, _ = server.get("/v1/days?from=2026-12-01&to=2026-12-01")
            if os.path.exists(decision_log):
                with open(decision_log) as f:
                    landed = any(json.loads(line)["id"] == headers["x-request-id"] for line in f)
            if not landed:
                time.sleep(0.05)
        expect(landed, "the reopened decision log gets the lines")
        with open(decision_log + ".1") as f:
            expect(sum(1 for _ in f) > 10, "the rotated file keeps the earlier lines")

    @check("metrics: requests by route and status, latency histogram")
    def _():
        status, headers, data = server.get("/metrics")
        text = data.decode()
        expect(status == 200 and headers["content-type"].startswith("text/plain"), headers)
        expect('calpolicy_http_requests_total{route="/v1/month",status="200"}' in text, text[:500])
        expect('calpolicy_http_requests_total{route="/v1/month",status="304"}' in text, "304 counted")
        expect("calpolicy_http_request_duration_seconds_bucket{le=\"+Inf\"}" in text, "histogram")

    @check("one access-log line per request: request id, client, stack and version")
    def _():
        _, headers, _ = server.get("/v1/month?month=2026-08&today=2026-08-08")
        rid = headers["x-request-id"]
        line = wait_for_line(server, lambda l: f"id={rid}" in l)
        expect(line and line.startswith("GET /v1/month?month=2026-08&today=2026-08-08 200 "), server.stderr_lines[-3:])
        expect(" client=127.0.0.1" in line and " stack=default version=" + headers["x-policy-version"] in line, line)

    @check("SIGTERM: a request in flight finishes, then exit 0")
    def _():
        outcome = {}

        def slow():
            try:
                # 15 days of the slow policy: ~0.3 s on a quiet machine, in flight at SIGTERM and
                # well inside --timeout 1 when the machine is busy (30 days ran past it).
                outcome["r"] = server.get("/v1/days?from=2026-01-01&to=2026-01-15&stack=slow", timeout=30)
            except Exception as error:  # noqa: BLE001
                outcome["r"] = (None, {}, repr(error).encode())

        t0 = time.time()
        thread = threading.Thread(target=slow)
        thread.start()
        time.sleep(0.05)
        code = server.stop(signal.SIGTERM)
        thread.join()
        status, _, data = outcome["r"]
        expect(status == 200, (status, data[:200], server.stderr_lines[-4:]))
        expect(len(json.loads(data)["days"]) == 15, data[:200])
        expect(code == 0, f"exit {code}")
        stopping = [i for i, line in enumerate(server.stderr_lines) if "stopping" in line]
        answered = [i for i, line in enumerate(server.stderr_lines) if "stack=slow 200 " in line]
        expect(stopping and answered and stopping[0] < answered[0], server.stderr_lines[-4:])
        expect(any("stopping" in line for line in server.stderr_lines), server.stderr_lines[-3:])

    failed = run_all()
    server.stop(signal.SIGKILL)

    # Separate servers: startup refusals and the CLI's hand-over.
    del results[:]

    @check("a non-loopback address needs --token-file or --insecure")
    def _():
        out = subprocess.run([serve_bin, US, "--listen", "0.0.0.0:0"], cwd=ROOT, capture_output=True, timeout=30)
        lines = out.stderr.decode().splitlines()
        expect(out.returncode == 2 and len(lines) == 1 and lines[0].startswith("calpolicy: --listen: "), out)

    @check("bearer token: 401 without it, 200 with it; health stays open")
    def _():
        token = os.path.join(work, "token")
        with open(token, "w") as f:
            f.write("s3cret\n")
        s = Server(serve_bin, [US, "--listen", "127.0.0.1:0", "--token-file", token, "--today", TODAY])
        try:
            status, headers, data = s.get("/v1/month?month=2026-12")
            error_of(status, data, 401, "unauthorized")
            status, _, _ = s.get("/v1/month?month=2026-12", headers={"Authorization": "Bearer s3cret"})
            expect(status == 200, status)
            expect(s.get("/health")[0] == 200, "health")
        finally:
            expect(s.stop(signal.SIGINT) == 0, "SIGINT exits 0")

    @check("--diagnostic-addr: /metrics and /v1/status without a token there, 401 on the main listener; no decisions")
    def _():
        token = os.path.join(work, "token")
        with open(token, "w") as f:
            f.write("s3cret\n")
        s = Server(serve_bin, [US, "--listen", "127.0.0.1:0", "--token-file", token, "--today", TODAY,
                               "--diagnostic-addr", "127.0.0.1:0"])
        try:
            line = s.proc.stdout.readline().decode()
            expect(line.startswith("diagnostics on http://127.0.0.1:"), line)
            diagnostic = int(line.strip().rsplit(":", 1)[1])

            def on_diagnostic(path):
                conn = http.client.HTTPConnection("127.0.0.1", diagnostic, timeout=20)
                conn.request("GET", path)
                response = conn.getresponse()
                data = response.read()
                conn.close()
                return response.status, data

            for path in ("/metrics", "/v1/status"):
                status, data = on_diagnostic(path)
                expect(status == 200, f"{path} on the diagnostic listener: {status} {data[:200]!r}")
                status, _, data = s.get(path)
                error_of(status, data, 401, "unauthorized")
                status, _, _ = s.get(path, headers={"Authorization": "Bearer s3cret"})
                expect(status == 200, f"{path} with the token: {status}")
            expect(on_diagnostic("/v1/month?month=2026-12")[0] == 404, "a decision route on the diagnostic listener")
        finally:
            expect(s.stop(signal.SIGINT) == 0, "SIGINT exits 0")

    @check("--log-format off: no access-log line per request; the decision log and errors still written")
    def _():
        decisions = os.path.join(work, "off-decisions.jsonl")
        s = Server(serve_bin, [os.path.join(ROOT, "policies/change-freeze.lua"), "--listen", "127.0.0.1:0",
                               "--today", TODAY, "--log-format", "off", "--decision-log", decisions])
        try:
            for path in ("/v1/month?month=2026-12", "/v1/gate?at=2026-12-24T10:00:00Z", "/v1/month?month=2026-13"):
                s.get(path)
            conn = socket.create_connection(("127.0.0.1", s.port), timeout=5)
            conn.sendall(b"GET /health HTTP/1.1\r\n\r\n")  # no Host: libmicrohttpd's own 400, "unanswered"
            conn.recv(4096)
            conn.close()
        finally:
            code = s.stop(signal.SIGTERM)
        expect(code == 0, f"exit {code}")
        requests = [line for line in s.stderr_lines if "id=" in line or '"id"' in line]
        expect(not requests, f"access-log lines with --log-format off: {requests[:3]}")
        expect(any("stopping" in line for line in s.stderr_lines), f"server events still on stderr: {s.stderr_lines}")
        with open(decisions) as f:
            lines = f.read().splitlines()
        expect(any('"route": "/v1/gate"' in line for line in lines), f"decision log: {lines}")

    @check("the default locale comes from LANG, as for eval")
    def _():
        env = dict(os.environ, LANG="de_DE.UTF-8")
        env.pop("LC_ALL", None)
        env.pop("LC_TIME", None)
        s = Server(serve_bin, [US, "--listen", "127.0.0.1:0", "--today", TODAY], env=env)
        try:
            status, _, data = s.get("/v1/month?month=2026-12")
            out = subprocess.run([cli_bin, "eval", US, "--month", "2026-12", "--today", TODAY, "--format", "json"],
                                 cwd=ROOT, capture_output=True, timeout=60, env=env)
            expect(status == 200 and data == out.stdout and b'"locale": "de_DE"' in data, data[:200])
        finally:
            s.stop()

    @check("built-in defaults (--include, --max): month and explain as eval and explain give them")
    def _():
        builtins = ["--include", "weekdays", "--max", "2026-12-20"]
        s = Server(serve_bin, [US, "--listen", "127.0.0.1:0", "--today", TODAY] + builtins)
        try:
            status, _, data = s.get("/v1/month?month=2026-12")
            out = cli(cli_bin, ["eval", US, "--month", "2026-12", "--today", TODAY, "--format", "json"] + builtins)
            expect(status == 200 and data == out.stdout, f"month {status}")
            status, _, data = s.get("/v1/explain?date=2026-12-26")
            out = cli(cli_bin, ["explain", US, "2026-12-26", "--today", TODAY, "--format", "json"] + builtins)
            expect(out.returncode == 0 and status == 200 and data == out.stdout, f"explain {status}: {data[:300]!r}")
        finally:
            s.stop()

    @check("--log-format json: one JSON object per request, and the server's own lines (start, reload, stop) as JSON events")
    def _():
        folder = tempfile.mkdtemp()
        policy = os.path.join(folder, "us.lua")
        shutil.copy(os.path.join(ROOT, US), policy)
        s = Server(serve_bin, [policy, "--listen", "127.0.0.1:0", "--today", TODAY, "--log-format", "json"])
        try:
            _, headers, _ = s.get("/v1/month?month=2026-12")
            rid = headers["x-request-id"]
            line = wait_for_line(s, lambda l: rid in l)
            entry = json.loads(line)
            expect(entry["id"] == rid and entry["route"] == "/v1/month" and entry["status"] == 200
                   and entry["stack"] == "default" and entry["version"] == headers["x-policy-version"]
                   and entry["client"] == "127.0.0.1" and entry["query"] == {"month": "2026-12"}
                   and isinstance(entry["durationUs"], int) and entry["method"] == "GET", entry)
            _, headers, _ = s.get("/nope")
            entry = json.loads(wait_for_line(s, lambda l: headers["x-request-id"] in l))
            expect(entry["status"] == 404 and entry["route"] is None and entry["stack"] is None, entry)
            # The server's own lines are JSON too: start, reload, stop.
            with open(policy, "a") as handle:
                handle.write("\n-- edited\n")
            s.proc.send_signal(signal.SIGHUP)
            wait_for_line(s, lambda l: '"event": "reloaded"' in l or '"event":"reloaded"' in l)
        finally:
            s.stop()
        events = [json.loads(l) for l in s.stderr_lines if '"event"' in l]
        kinds = [e["event"] for e in events]
        expect(all(l.startswith("{") for l in s.stderr_lines if l), s.stderr_lines[:5])
        expect(kinds[:1] == ["listening"] and "reloaded" in kinds and kinds[-2:] == ["stopping", "stopped"], kinds)
        expect(events[0]["version"] and events[0]["commit"], events[0])
        shutil.rmtree(folder, ignore_errors=True)

    @check("--time-zone: today is the date in that zone (default UTC); an unknown zone is a usage error")
    def _():
        from datetime import datetime, timezone
        from zoneinfo import ZoneInfo
        for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", None]:
            s = Server(serve_bin, [US, "--listen", "127.0.0.1:0"] + (["--time-zone", zone] if zone else []))
            try:
                tz = ZoneInfo(zone) if zone else timezone.utc
                before = datetime.now(tz).date().isoformat()
                status, _, data = s.get("/v1/days?from=2026-12-25&to=2026-12-25")
                after = datetime.now(tz).date().isoformat()
                expect(status == 200, data[:200])
                today = json.loads(data)["today"]
                expect(today in (before, after), (zone, today, before))
                status, _, data = s.get("/v1/days?from=2026-12-25&to=2026-12-25&today=2026-01-02")
                expect(json.loads(data)["today"] == "2026-01-02", "today= still wins")
            finally:
                s.stop()
        out = subprocess.run([serve_bin, US, "--listen", "127.0.0.1:0", "--time-zone", "Mars/Olympus"], cwd=ROOT,
                             capture_output=True, timeout=30)
        lines = out.stderr.decode().splitlines()
        expect(out.returncode == 2 and len(lines) == 1 and "--time-zone" in lines[0], out)

    @check("--decision-log that cannot be opened: one line, exit 2; bad --log-format, --cors-origin: exit 2")
    def _():
        out = subprocess.run([serve_bin, US, "--listen", "127.0.0.1:0", "--decision-log", os.path.join(work, "no", "dir.jsonl")],
                             cwd=ROOT, capture_output=True, timeout=30)
        lines = out.stderr.decode().splitlines()
        expect(out.returncode == 2 and len(lines) == 1 and lines[0].startswith("calpolicy: --decision-log: "), out)
        # A FIFO nobody reads: refused at once, never a start that hangs in open().
        fifo = os.path.join(work, "decisions.fifo")
        os.mkfifo(fifo)
        out = subprocess.run([serve_bin, US, "--listen", "127.0.0.1:0", "--decision-log", fifo], cwd=ROOT,
                             capture_output=True, timeout=30)
        lines = out.stderr.decode().splitlines()
        expect(out.returncode == 2 and len(lines) == 1 and "no reader" in lines[0], out)
        for bad in [["--log-format", "xml"], ["--cors-origin", "app.example.com"]]:
            out = subprocess.run([serve_bin, US, "--listen", "127.0.0.1:0"] + bad, cwd=ROOT, capture_output=True, timeout=30)
            expect(out.returncode == 2 and len(out.stderr.decode().splitlines()) == 1, (bad, out))

    @check("with --log-format json, a refused start is one JSON error event, whatever refused it")
    def _():
        refusals = [
            ["missing.lua"],                                                        # a policy file
            [US, "--bogus"],                                                        # the option parser
            [US, "--time-zone", "Mars/Olympus"],                                    # a value
            [US, "--decision-log", os.path.join(work, "no", "dir.jsonl")],          # the decision log
            ["Tests/Hostile/fixtures/r-loop-load.lua"],                             # a stack that cannot load
        ]
        for words in refusals:
            for flag in (["--log-format", "json"], ["--log-format=json"]):
                out = subprocess.run([serve_bin] + words + ["--listen", "127.0.0.1:0"] + flag, cwd=ROOT,
                                     capture_output=True, timeout=60)
                lines = out.stderr.decode().splitlines()
                expect(out.returncode in (2, 3) and len(lines) == 1, (words, flag, out))
                event = json.loads(lines[0])
                expect(event["event"] == "error" and event["message"].startswith("calpolicy: ") and "time" in event,
                       (words, event))
            # Without it, the same refusal is the plain line.
            out = subprocess.run([serve_bin] + words + ["--listen", "127.0.0.1:0"], cwd=ROOT, capture_output=True,
                                 timeout=60)
            expect(out.stderr.decode().startswith("calpolicy: "), (words, out))

    @check("serve --help lists the options")
    def _():
        out = subprocess.run([serve_bin, "--help"], cwd=ROOT, capture_output=True, timeout=30)
        text = out.stdout.decode()
        expect(out.returncode == 0 and all(o in text for o in ["--cors-origin", "--log-format", "--decision-log", "--time-zone"]), text)

    @check("the server answers as docs/openapi.yaml says (schemathesis, bounded)")
    def _():
        tool = os.path.join(os.path.dirname(sys.executable), "schemathesis")
        expect(os.path.exists(tool), f"{tool} missing: run scripts/setup.sh test (scripts/requirements-test.txt pins it)")
        s = Server(serve_bin, [US, "--listen", "127.0.0.1:0", "--today", TODAY, "--threads", "2"])
        try:
            # Run from the scratch directory: schemathesis and hypothesis keep caches in the cwd.
            out = subprocess.run([tool, "run", os.path.join(ROOT, "docs", "openapi.yaml"), "--url", f"http://127.0.0.1:{s.port}",
                                  "--max-examples", "3", "--phases", "examples,coverage,fuzzing",
                                  "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
                                  "response_headers_conformance,response_schema_conformance",
                                  "--max-time", "40", "--request-timeout", "10", "--generation-deterministic",
                                  "--warnings", "off"],
                                 cwd=work, capture_output=True, timeout=120,
                                 env=dict(os.environ, SCHEMATHESIS_HOOKS="", NO_COLOR="1"))
            summary = [l for l in out.stdout.decode().splitlines() if "generated" in l or "passed" in l or "failed" in l]
            expect(out.returncode == 0, out.stdout.decode()[-3000:] + out.stderr.decode()[-1000:])
            expect(any("generated" in l for l in summary), summary)
        finally:
            expect(s.stop() == 0, "exit 0")

    @check("calpolicy serve hands over to calpolicy-serve")
    def _():
        s = Server(cli_bin, ["serve", US, "--listen", "127.0.0.1:0", "--today", TODAY])
        try:
            expect(s.get("/health")[0] == 200, "health")
        finally:
            s.stop()
        lonely = os.path.join(work, "bin")
        os.makedirs(lonely, exist_ok=True)
        shutil.copy(cli_bin, os.path.join(lonely, "calpolicy"))
        env = dict(os.environ, PATH="/usr/bin:/bin")
        out = subprocess.run([os.path.join(lonely, "calpolicy"), "serve", US], cwd=ROOT, capture_output=True,
                             timeout=30, env=env)
        lines = out.stderr.decode().splitlines()
        expect(out.returncode == 2 and len(lines) == 1 and "calpolicy-serve" in lines[0], out)

    @check("a bad policy at start: one line, exit 3; a missing one: exit 2")
    def _():
        out = subprocess.run([serve_bin, "Tests/Hostile/fixtures/r-loop-load.lua", "--listen", "127.0.0.1:0"],
                             cwd=ROOT, capture_output=True, timeout=60)
        expect(out.returncode == 3 and len(out.stderr.decode().splitlines()) == 1, out)
        out = subprocess.run([serve_bin, "missing.lua"], cwd=ROOT, capture_output=True, timeout=30)
        expect(out.returncode == 2 and out.stderr.decode().startswith("calpolicy: missing.lua: no such file"), out)

    @check("--gate-tests: an edit whose tests fail is refused, one whose tests pass goes live")
    def _():
        gate = os.path.join(work, "gate")
        os.makedirs(gate, exist_ok=True)
        for name in ["weekends.lua", "weekends_test.lua"]:
            shutil.copy(os.path.join(ROOT, "policies", name), os.path.join(gate, name))
        policy = os.path.join(gate, "weekends.lua")
        s = Server(serve_bin, [policy, "--listen", "127.0.0.1:0", "--watch", "--gate-tests", "--today", TODAY])
        try:
            _, headers, _ = s.get("/v1/month?month=2026-12")
            version = headers["x-policy-version"]
            with open(policy) as f:
                text = f.read()
            with open(policy, "w") as f:
                f.write(text.replace('return false, "weekend"', 'return true'))
            attempt = None
            deadline = time.time() + 10
            while time.time() < deadline:
                attempt = json.loads(s.get("/v1/status")[2])["stacks"][0]["lastReload"]
                if attempt:
                    break
                time.sleep(0.1)
            expect(attempt and attempt["result"] == "refused" and "tests failed" in attempt["error"], attempt)
            expect(s.get("/v1/month?month=2026-12")[1]["x-policy-version"] == version, "old version answers")
            with open(policy, "w") as f:
                f.write(text.replace('"Saturdays and Sundays cannot be selected."', '"No weekends."'))
            deadline = time.time() + 10
            while time.time() < deadline:
                if s.get("/v1/month?month=2026-12")[1]["x-policy-version"] != version:
                    break
                time.sleep(0.1)
            expect(s.get("/v1/month?month=2026-12")[1]["x-policy-version"] != version, "new version live")
        finally:
            s.stop()

    failed += run_all()
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


totals = [0, 0]


def run_all():
    failed = 0
    for name, fn in results:
        try:
            fn()
            print(f"ok {name}")
            totals[0] += 1
        except Exception as error:  # noqa: BLE001 - every failure is reported the same way
            print(f"FAIL {name}: {error}")
            totals[1] += 1
            failed += 1
    return failed


if __name__ == "__main__":
    code = main()
    print(f"{totals[0]} passed, {totals[1]} failed")
    sys.exit(code)
