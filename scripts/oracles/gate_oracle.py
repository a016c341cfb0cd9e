"""Checks `calpolicy gate` against `calpolicy eval`'s intervals and an independent model.

Usage: gate_oracle.py CALPOLICY TMPDIR ARGOCD_WINDOWS (the built scripts/oracles/argocd_windows.go)

The stack is Tests/fixtures/hours: whole days (canSelect, in the stack's zone), weekly hours
(hoursFor in America/New_York) and one-off timed windows (hoursFor in Australia/Sydney, some on
its DST change days). For each of three stack zones -- Europe/Berlin (DST, north), Australia/
Sydney (DST, south), Asia/Kolkata (none) -- every 15 minutes of 2026 (35,040 instants) is asked
of one `gate --batch` process, and the answers are compared with:

- the `intervals` of `eval --format json` over the same stack and zone: closed exactly inside
  them, with their reason and policy; "until" is the end of the run of adjacent intervals, or the
  start of the next one (none within a year: null);
- a model of the three policies written here with Python's zoneinfo (PEP 495: a skipped wall
  time is read with the offset before the gap, a repeated one is its first occurrence).

and, for the same zone, with the windows `export gitlab-freeze-periods` wrote for 2026 (in UTC,
and with crons in each of four zones, UTC near their DST changes), expanded with croniter: an
exported freeze is closed at exactly the sampled instants gate calls closed, and its windows
open and close at exactly the instants where eval's closed runs (clipped to the export's span)
begin and end.

The windows `export argocd-sync-windows` wrote (the same five cron zones) are checked against
Argo CD's own rule, not croniter's: scripts/oracles/argocd_windows.go applies the controller's
SyncWindow.active with the cron library Argo CD uses (robfig/cron v3). That rule reads the cron in
UTC shifted by the zone's offset at the moment of the check, so it measures a duration on the wall
clock; croniter measures elapsed time and cannot see a window that ends an hour early across a DST
change. Asked at every 15 minutes of the year (offset by 7 min 30 s, off every boundary) and one
second either side of every run's start and end: closed exactly inside eval's runs. The start
second itself differs by design (Argo CD's window opens just after its cron fires; the gate's
[from, to) is closed at `from`): each tool matches the gate to within one second.

Then the same rule over Tests/fixtures/hours/dst_weekends.lua (Friday 15:00 to Monday 09:00 over
each 2026 DST weekend of Berlin, New York and Sydney), exported with crons in each of those zones:
windows that hold a DST change far from both ends, which must last their wall-clock length.

Then scopes (Tests/fixtures/scope/argo: a policy scoped to a service, a namespace, a cluster, a
service and a namespace, and an environment the exported slice gives, beside the unscoped Sundays):
the windows `export argocd-sync-windows --context environment=production` wrote, each naming the
applications, namespaces and clusters of its policy's scope, are read with PyYAML and, for each of
16 Applications (name x namespace x cluster), filtered by Argo CD's own rule of which windows apply
to an Application (andOperator included); at every hour of the year (offset by 30 min) they close
exactly where `gate --batch` with that Application's service, namespace and cluster as context
does. Applications outside every scope see only Sundays; no window may reach one it should not.

The last line is "N passed, N failed" (instants x zones, one per export and zone, and one per
scoped Application).
"""

import bisect
import json
import re
import subprocess
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import yaml
from croniter import croniter

FIXTURES = "Tests/fixtures/hours"
POLICIES = [f"{FIXTURES}/freeze_days.lua", f"{FIXTURES}/weekly_hours.lua", f"{FIXTURES}/one_off.lua"]
ZONES = ["Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"]
YEAR = 2026
STEP = 15 * 60
TODAY = "2026-06-01"
LOOK_AHEAD = 366 * 86400
EVAL_SPAN = ("2025-12-30", "2028-01-03")
DST_WEEKENDS = f"{FIXTURES}/dst_weekends.lua"
DST_ZONES = ["Europe/Berlin", "America/New_York", "Australia/Sydney"]


def instant(text):
    return int(datetime.fromisoformat(text).timestamp())


def wall(zone, day, minute):
    """The instant of a wall time, by zoneinfo (fold=0)."""
    base = datetime(day.year, day.month, day.day, tzinfo=zone)
    if minute == 1440:
        nxt = day + timedelta(days=1)
        return int(datetime(nxt.year, nxt.month, nxt.day, tzinfo=zone).timestamp())
    return int(base.replace(hour=minute // 60, minute=minute % 60).timestamp())


def hm(text):
    return int(text[:2]) * 60 + int(text[3:])


# The model: each layer's closed wall intervals of a day, as the fixtures define them.
FREEZE = {date(2026, 4, 3): "Good Friday release freeze", date(2026, 11, 26): "Thanksgiving"}
ONE_OFF = {
    date(2026, 4, 5): ("01:30", "03:00", "Sydney fall-back maintenance"),
    date(2026, 10, 4): ("01:30", "03:00", "Sydney spring-forward maintenance"),
    date(2026, 3, 29): ("10:00", "13:30", "data-centre move"),
    date(2026, 6, 15): ("23:00", "24:00", "late cut-over"),
    date(2026, 6, 16): ("00:00", "01:15", "late cut-over"),
    date(2026, 8, 20): ("09:00", "09:15", "quarter-hour window"),
}


def freeze(day):
    if (day.month == 12 and day.day >= 24) or (day.month == 1 and day.day <= 2):
        return [(0, 1440, "Year-end change freeze")]
    return [(0, 1440, FREEZE[day])] if day in FREEZE else []


def weekly(day):
    wd = day.isoweekday()  # Monday 1 ... Sunday 7
    if wd == 5:
        return [(900, 1440, "no Friday-afternoon deploys")]
    if wd == 1:
        return [(0, 540, "Monday: deploy hours only"), (1020, 1440, "Monday: deploy hours only")]
    return []


def one_off(day):
    if day in ONE_OFF:
        a, b, reason = ONE_OFF[day]
        return [(hm(a), hm(b), reason)]
    return []


def model_spans(stack_zone):
    """Each layer's closed spans as instants over the sampled year and a margin."""
    layers = [(stack_zone, freeze, POLICIES[0]), (ZoneInfo("America/New_York"), weekly, POLICIES[1]),
              (ZoneInfo("Australia/Sydney"), one_off, POLICIES[2])]
    spans = []
    for index, (zone, rule, policy) in enumerate(layers):
        day = date(YEAR - 1, 12, 29)
        while day <= date(YEAR + 1, 1, 3):
            for a, b, reason in rule(day):
                start, end = wall(zone, day, a), wall(zone, day, b)
                if start < end:
                    spans.append((index, start, end, reason, policy))
            day += timedelta(days=1)
    return spans


def model_state(spans, t):
    owners = [s for s in spans if s[1] <= t < s[2]]
    if not owners:
        return None
    first = min(owners, key=lambda s: s[0])  # first layer; within it, its spans in day order
    return first[3], first[4]


def eval_intervals(binary, zone, policies=POLICIES):
    out = subprocess.run([binary, "eval", *policies, "--from", EVAL_SPAN[0], "--to", EVAL_SPAN[1], "--format", "json",
                          "--time-zone", zone, "--today", TODAY], check=True, capture_output=True, text=True).stdout
    document = json.loads(out)
    assert document["timeZone"] == zone, document["timeZone"]
    pieces = []
    for day in document["days"]:
        for piece in day["intervals"]:
            pieces.append((instant(piece["from"]), instant(piece["to"]), piece["reason"], piece["policy"]))
    pieces.sort()
    return pieces


def expected_from_eval(pieces, starts, t):
    """(closed, reason, policy, until) at t, from eval's pieces."""
    i = bisect.bisect_right(starts, t) - 1
    if i >= 0 and pieces[i][0] <= t < pieces[i][1]:
        end = pieces[i][1]
        j = i + 1
        while j < len(pieces) and pieces[j][0] == end:
            end = pieces[j][1]
            j += 1
        return True, pieces[i][2], pieces[i][3], end if end < t + LOOK_AHEAD else None
    nxt = pieces[i + 1][0] if i + 1 < len(pieces) else None
    return False, None, None, nxt if nxt is not None and nxt < t + LOOK_AHEAD else None


def parse_duration(text):
    match = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?", text)
    assert match and text, text
    return int(match.group(1) or 0) * 3600 + int(match.group(2) or 0) * 60


def next_fire(expression, after, zone="UTC"):
    """The first firing of a cron in `zone` at or after `after` (seconds), by croniter."""
    start = datetime.fromtimestamp(after - 60, ZoneInfo(zone))
    return int(croniter(expression, start).get_next(datetime).timestamp())


def export(binary, target, zone, cron_zone, policies=POLICIES):
    extra = ["--cron-time-zone", cron_zone] if cron_zone else []
    return subprocess.run([binary, "export", target, *policies, "--from", f"{YEAR}-01-01", "--to", f"{YEAR}-12-31",
                           "--time-zone", zone, "--today", TODAY, *extra], check=True, capture_output=True,
                          text=True).stdout


def argocd_entries(binary, zone, cron_zone=None, policies=POLICIES):
    """Each exported Argo CD window as its YAML says it: kind, schedule, duration, timeZone..."""
    text = export(binary, "argocd-sync-windows", zone, cron_zone, policies)
    assert f"# regenerate-by: {YEAR}-12-31" in text
    windows = []
    entry = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("- kind:"):
            entry = {"kind": line.split(":", 1)[1].strip()}
            windows.append(entry)
        elif ":" in line and not line.startswith("#") and not line.startswith("- "):
            key, value = line.split(":", 1)
            entry[key] = json.loads(value) if value.strip().startswith('"') else value.strip()
    for w in windows:
        assert w["kind"] == "deny" and w["timeZone"] in ("UTC", cron_zone), w
        parse_duration(w["duration"])
    return windows


def argocd_disagreements(rule, entries, expected_runs, span_start, span_end):
    """Instants where Argo CD's rule (ARGOCD_WINDOWS) and eval's closed runs disagree."""
    instants = list(range(span_start + 450, span_end, STEP))
    for a, b in expected_runs:
        instants += [t for t in (a - 1, a + 1, b - 1, b + 1) if span_start < t < span_end - 1]
    instants.sort()
    request = {"windows": [{k: w[k] for k in ("schedule", "duration", "timeZone")} for w in entries],
               "instants": instants}
    states = subprocess.run([rule], input=json.dumps(request), check=True, capture_output=True,
                            text=True).stdout.strip()
    assert len(states) == len(instants), (len(states), len(instants))
    starts = [a for a, _ in expected_runs]
    wrong = []
    for t, state in zip(instants, states):
        i = bisect.bisect_right(starts, t) - 1
        closed = i >= 0 and expected_runs[i][0] <= t < expected_runs[i][1]
        if (state == "1") != closed:
            wrong.append((datetime.fromtimestamp(t, timezone.utc).isoformat(), "argo closed" if state == "1" else "argo open"))
    return wrong


SCOPED = ["Tests/fixtures/scope/argo/service.lua", "Tests/fixtures/scope/argo/namespace.lua",
          "Tests/fixtures/scope/argo/cluster.lua", "Tests/fixtures/scope/argo/service-namespace.lua",
          "Tests/fixtures/scope/argo/environment.lua", "Tests/fixtures/scope/sundays.lua"]
SLICE = ["--context", "environment=production"]
APPS = [{"name": name, "namespace": namespace, "cluster": cluster, "server": f"https://{cluster}.example"}
        for name in ("payments", "payments-eu", "api", "web")
        for namespace in ("prod-eu", "staging")
        for cluster in ("eu-west-1", "us-east-1")]


def scoped_argocd(binary, tmp, rule):
    """Per Application: Argo CD's rule over the scoped export against the gate with its context."""
    text = subprocess.run([binary, "export", "argocd-sync-windows", *SCOPED, "--from", f"{YEAR}-01-01",
                           "--to", f"{YEAR}-12-31", "--today", TODAY, *SLICE], check=True, capture_output=True,
                          text=True).stdout
    windows = yaml.safe_load(text)["syncWindows"]
    assert {"applications", "namespaces", "clusters", "andOperator"} <= {k for w in windows for k in w}, windows[:3]
    first = int(datetime(YEAR, 1, 1, tzinfo=timezone.utc).timestamp())
    last = int(datetime(YEAR + 1, 1, 1, tzinfo=timezone.utc).timestamp())
    instants = list(range(first + 1800, last, 3600))
    batch = f"{tmp}/scoped-instants.txt"
    with open(batch, "w") as f:
        for t in instants:
            f.write(datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") + "\n")
    passed = failed = 0
    for app in APPS:
        context = ["--context", f"service={app['name']}", "--context", f"namespace={app['namespace']}",
                   "--context", f"cluster={app['cluster']}"]
        out = subprocess.run([binary, "gate", *SCOPED, "--batch", batch, "--today", TODAY, "--format", "json",
                              *SLICE, *context], check=True, capture_output=True, text=True).stdout
        gate = ["0" if json.loads(line)["open"] else "1" for line in out.splitlines()]
        request = {"windows": windows, "instants": instants, "app": app}
        argo = subprocess.run([rule], input=json.dumps(request), check=True, capture_output=True,
                              text=True).stdout.strip()
        wrong = [datetime.fromtimestamp(t, timezone.utc).isoformat() for t, g, a in zip(instants, gate, argo) if g != a]
        if len(gate) == len(argo) == len(instants) and not wrong:
            passed += 1
        else:
            failed += 1
            print(f"scoped argocd-sync-windows for {app}: Argo CD's rule and the gate disagree at {len(wrong)} "
                  f"instants, first {wrong[:3]}", file=sys.stderr)
    return passed, failed


def gitlab_windows(binary, zone, span_start, cron_zone=None):
    document = json.loads(export(binary, "gitlab-freeze-periods", zone, cron_zone))
    assert document["regenerateBy"] == f"{YEAR}-12-31"
    out = []
    for period in document["freezePeriods"]:
        tz = period["cron_timezone"]
        assert tz in ("UTC", cron_zone), period
        start = next_fire(period["freeze_start"], span_start, tz)
        out.append((start, next_fire(period["freeze_end"], start + 60, tz)))
    return out


def runs(pieces, lo, hi):
    """eval's pieces clipped to [lo, hi), adjacent ones merged: the closed runs."""
    merged = []
    for a, b, _, _ in pieces:
        a, b = max(a, lo), min(b, hi)
        if a >= b:
            continue
        if merged and merged[-1][1] == a:
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


def main():
    binary, tmp, rule = sys.argv[1], sys.argv[2], sys.argv[3]
    first = int(datetime(YEAR, 1, 1, tzinfo=timezone.utc).timestamp())
    last = int(datetime(YEAR + 1, 1, 1, tzinfo=timezone.utc).timestamp())
    instants = list(range(first, last, STEP))
    batch = f"{tmp}/instants.txt"
    with open(batch, "w") as f:
        for t in instants:
            f.write(datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") + "\n")
    passed = failed = 0
    for zone in ZONES:
        out = subprocess.run([binary, "gate", *POLICIES, "--batch", batch, "--time-zone", zone, "--today", TODAY,
                              "--format", "json"], check=True, capture_output=True, text=True).stdout
        answers = [json.loads(line) for line in out.splitlines()]
        assert len(answers) == len(instants), (len(answers), len(instants))
        pieces = eval_intervals(binary, zone)
        starts = [p[0] for p in pieces]
        spans = model_spans(ZoneInfo(zone))
        tz = ZoneInfo(zone)
        span_start = int(datetime(YEAR, 1, 1, tzinfo=tz).timestamp())
        span_end = int(datetime(YEAR + 1, 1, 1, tzinfo=tz).timestamp())
        expected_runs = runs(pieces, span_start, span_end)
        # In UTC (the default), and with crons in each zone this check uses (UTC near its changes).
        exports = {"gitlab-freeze-periods": gitlab_windows(binary, zone, span_start)}
        for cron_zone in ZONES + ["America/New_York"]:
            exports[f"gitlab-freeze-periods in {cron_zone}"] = gitlab_windows(binary, zone, span_start, cron_zone)
        for cron_zone in [None] + ZONES + ["America/New_York"]:
            name = "argocd-sync-windows" + (f" in {cron_zone}" if cron_zone else "")
            wrong = argocd_disagreements(rule, argocd_entries(binary, zone, cron_zone), expected_runs, span_start, span_end)
            if not wrong:
                passed += 1
            else:
                failed += 1
                print(f"{zone} {name}: Argo CD's rule disagrees with eval's runs at {len(wrong)} instants, "
                      f"first {wrong[:3]}", file=sys.stderr)
        for name, windows in exports.items():
            if sorted(windows) == expected_runs:
                passed += 1
            else:
                failed += 1
                missing = sorted(set(expected_runs) - set(windows))[:3]
                extra = sorted(set(windows) - set(expected_runs))[:3]
                print(f"{zone} {name}: windows differ from eval's runs; missing {missing}, extra {extra}",
                      file=sys.stderr)
        shown = 0
        for t, answer in zip(instants, answers):
            got = (not answer["open"], answer["reason"], answer["policy"],
                   instant(answer["until"]) if answer["until"] else None)
            want = expected_from_eval(pieces, starts, t)
            modelled = model_state(spans, t)
            model_ok = (modelled is None) == answer["open"] and (modelled is None or modelled == (answer["reason"],
                                                                                                  answer["policy"]))
            exported_ok = True
            if span_start <= t < span_end:
                for windows in exports.values():
                    exported_ok = exported_ok and any(a <= t < b for a, b in windows) == (not answer["open"])
            if got == want and model_ok and exported_ok and instant(answer["at"]) == t and answer["timeZone"] == zone:
                passed += 1
                continue
            failed += 1
            if shown < 5:
                shown += 1
                print(f"{zone} {answer['at']}: gate {got}, eval {want}, model {modelled}, exports agree {exported_ok}",
                      file=sys.stderr)
    # Windows that hold a DST change far from both ends (Tests/fixtures/hours/dst_weekends.lua),
    # exported with crons in the zone that changes: Argo CD must close them for their whole length.
    for zone in DST_ZONES:
        tz = ZoneInfo(zone)
        span_start = int(datetime(YEAR, 1, 1, tzinfo=tz).timestamp())
        span_end = int(datetime(YEAR + 1, 1, 1, tzinfo=tz).timestamp())
        expected_runs = runs(eval_intervals(binary, zone, [DST_WEEKENDS]), span_start, span_end)
        assert len(expected_runs) == 6, expected_runs
        wrong = argocd_disagreements(rule, argocd_entries(binary, zone, zone, [DST_WEEKENDS]), expected_runs,
                                     span_start, span_end)
        if not wrong:
            passed += 1
        else:
            failed += 1
            print(f"{zone} dst_weekends argocd-sync-windows in {zone}: Argo CD's rule disagrees with eval's runs at "
                  f"{len(wrong)} instants, first {wrong[:3]}", file=sys.stderr)
    scoped_passed, scoped_failed = scoped_argocd(binary, tmp, rule)
    passed, failed = passed + scoped_passed, failed + scoped_failed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
