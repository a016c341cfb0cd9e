"""Every writer escapes what came from outside: one table of hostile strings through every format.

Usage: writers_oracle.py CALPOLICY TMPDIR

One table of hostile strings (HOSTILE: line breaks, CR, ESC, C0, DEL, C1, NEL, U+2028/U+2029,
bidi overrides and isolates, NUL, BOM, non-characters, quotes, backslash, YAML specials, Lua
`]]` and `--`, HTML `<&"'`, CSV `,"` and formula starts) is given to the real binary three ways:
as a policy's reasons and labels (day N of 2027 denied with string N), as policy file names, and
as `.ics` file names for `calpolicy import`. Each output is then read by its format's own
consumer and must hold exactly one record per record written, with the string read back
exactly where the format can carry it (else as its documented escape):

- text (`gate --batch`): one line per instant, whatever the reason or policy name holds; no raw
  control, C1, bidi or line-separator character on stdout (TerminalText);
- JSON (`eval --format json`, `export gitlab-freeze-periods`): Python's json, strings exact;
- CSV (`eval --format csv`): Python's csv, one row per day, the field as CSVWriter.appendText
  writes it (terminal escapes, a leading apostrophe before a formula start);
- iCalendar (`eval --format ics`): python icalendar, one event per window, SUMMARY exact less
  the control characters TEXT may not hold;
- HTML (`eval --format html`): Python's html.parser, no element or attribute the string made,
  its text exact after unescaping (control characters as terminal escapes);
- YAML (`export argocd-sync-windows`): PyYAML (YAML 1.1) safe_load, only `syncWindows` at the
  top level, only `kind: deny` windows, descriptions exact; the header comments hold the file
  names and no line of them is anything but a comment;
- Lua (`import`): the generated policy loads in lua5.4 (with `cal.ics` stubbed) and its name
  and description read back exactly; the day with the event is still denied ("Closed"); the
  generated test passes under `calpolicy test`.

The last line is "N passed, N failed".
"""

import csv
import html.parser
import io
import json
import os
import pathlib
import re
import subprocess
import sys

import icalendar
import yaml

HOSTILE = [
    ("newline", "a\nb"),
    ("forged-gate", "x\nopen for at least a year"),
    ("cr", "over\rwritten"),
    ("crlf", "a\r\nb"),
    ("esc", "\x1b[31mred\x1b[0m\x1b]0;title\x07"),
    ("c0", "c0:" + "".join(chr(c) for c in range(1, 32))),
    ("del", "a\x7fb"),
    ("c1", "c1:" + "".join(chr(c) for c in range(0x80, 0xA0))),
    ("nel", "a\x85- kind: allow"),
    ("line-separators", "a\u2028b: c\u2029d"),
    ("bidi", "\u202eevil\u202c \u2066isolate\u2069 \u200fmark"),
    ("nul", "a\x00b"),
    ("bom-nonchar", "\ufeffbom \ufffe\uffff"),
    ("quotes", "\"double\" 'single' `tick`"),
    ("backslash", "back\\slash \\n \\u0041 \\"),
    ("yaml-key", "key: value # not a comment"),
    ("yaml-entry", "- kind: allow"),
    ("yaml-specials", "*alias"),
    ("yaml-anchor", "&anchor !tag |literal >folded %YAML @at"),
    ("yaml-doc", "---\n..."),
    ("lua-long", "]] .. os.exit(3) --[["),
    ("lua-comment", "-- x\nos.exit(3)"),
    ("lua-level", "]==] [=[ ]=]"),
    ("html", "<script>alert(1)</script><b title=\"x\">&amp;'</b>"),
    ("csv-quote", "a,b\"c\",d"),
    ("csv-eq", "=1+2"),
    ("csv-plus", "+SUM(A1)"),
    ("csv-minus", "-1"),
    ("csv-at", "@cmd"),
    ("tab-lead", "\t=1"),
    ("plain", "Christmas Day"),
]

# File names cannot hold '/' or NUL; everything else is fair.
NAME_HOSTILE = [(k, v) for k, v in HOSTILE if "\x00" not in v and "/" not in v]

# What a terminal, a CSV field's text and a YAML comment show (TerminalText.escape).
def terminal(text):
    out = []
    for ch in text:
        c = ord(ch)
        if ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append(" ")
        elif c <= 0x1F or 0x7F <= c <= 0x9F or c == 0x061C or 0x200B <= c <= 0x200F or 0x2028 <= c <= 0x202E \
                or 0x2060 <= c <= 0x206F or c == 0xFEFF:
            out.append("\\u{%x}" % c)
        else:
            out.append(ch)
    return "".join(out)


UNSAFE_ON_A_LINE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}", file=sys.stderr)


def run(args, cwd=None, ok=(0, 1)):
    result = subprocess.run(args, capture_output=True, cwd=cwd, timeout=120)
    if result.returncode not in ok:
        raise RuntimeError(f"{args!r}: exit {result.returncode}: {result.stderr.decode(errors='replace')[:500]}")
    return result


def lua_literal(text):
    """A Lua string literal for any text, every byte outside printable ASCII as \\ddd."""
    out = []
    for b in text.encode("utf-8", "surrogatepass"):
        if 0x20 <= b < 0x7F and b not in (0x22, 0x5C):
            out.append(chr(b))
        else:
            out.append("\\%03d" % b)
    return '"' + "".join(out) + '"'


DAY0 = (2027, 1, 4)  # a Monday; day i of the table is DAY0 + 2i, the day after is open


def day_iso(i):
    from datetime import date, timedelta
    return (date(*DAY0) + timedelta(days=2 * i)).isoformat()


def write_reason_policy(path, name_field=None):
    rows = ",\n".join(f'  ["{day_iso(i)}"] = {lua_literal(text)}' for i, (_, text) in enumerate(HOSTILE))
    name = f"name = {lua_literal(name_field)}," if name_field is not None else ""
    path.write_text(f"""local reasons = {{
{rows}
}}
return {{
  {name}
  canSelect = function(day)
    local r = reasons[day.iso]
    if r then return false, r end
    return true
  end,
  decorationFor = function(day)
    local r = reasons[day.iso]
    if r then return {{ label = r }} end
  end,
}}
""")


class Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.text = [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_data(self, data):
        self.text.append(data)


def main():
    calpolicy, tmp = sys.argv[1], pathlib.Path(sys.argv[2])
    calpolicy = os.path.abspath(calpolicy)
    policy = tmp / "hostile.lua"
    write_reason_policy(policy)
    first, last = day_iso(0), day_iso(len(HOSTILE) - 1)
    common = ["--today", "2026-12-01"]

    # ---- text: gate --batch, one line per instant, with hostile reasons and hostile file names
    instants = []
    for i in range(len(HOSTILE)):
        instants.append(day_iso(i) + "T12:00:00Z")  # closed, hostile reason
        instants.append(day_iso(i) + "T23:59:00Z")  # closed
    from datetime import date, timedelta
    instants.append((date(*DAY0) + timedelta(days=1)).isoformat() + "T12:00:00Z")  # open
    batch = tmp / "instants.txt"
    batch.write_text("\n".join(instants) + "\n")
    named = []
    for i, (key, text) in enumerate(NAME_HOSTILE):
        p = tmp / f"n{i}-{text}.lua"
        try:
            write_reason_policy(p)
        except OSError:
            continue
        named.append((key, p))
    for label, path in [("reasons", policy)] + [(f"file name {k}", p) for k, p in named]:
        out = run([calpolicy, "gate", str(path), "--batch", str(batch), "--time-zone", "UTC"] + common)
        text = out.stdout.decode("utf-8")
        lines = text.split("\n")
        check(lines[-1] == "" and len(lines) - 1 == len(instants),
              f"gate --batch ({label}): {len(lines) - 1} lines for {len(instants)} instants")
        check(all(l.startswith("closed until ") or l.startswith("open ") for l in lines[:-1]),
              f"gate --batch ({label}): a line that is no answer: {[l for l in lines[:-1] if not l.startswith(('closed', 'open'))][:2]!r}")
        closed = [l for l in lines[:-1] if l.startswith("closed")]
        check(len(closed) == 2 * len(HOSTILE), f"gate --batch ({label}): {len(closed)} closed answers")
        check(not UNSAFE_ON_A_LINE.search(text.replace("\n", "")), f"gate --batch ({label}): a raw control on stdout")
        if path == policy:
            for i, (key, reason) in enumerate(HOSTILE):
                line = lines[2 * i]
                check(" — " + terminal(reason) + " (" in line, f"gate text reason {key}: {line!r}")
        out = run([calpolicy, "gate", str(path), "--at", day_iso(0) + "T12:00:00Z", "--time-zone", "UTC",
                   "--format", "json"] + common)
        check(json.loads(out.stdout)["policy"] == str(path), f"gate json policy name ({label})")

    # ---- JSON: eval --format json, reasons exact
    out = run([calpolicy, "eval", str(policy), "--from", first, "--to", last, "--format", "json"] + common)
    doc = json.loads(out.stdout)
    days = {d["date"]: d for d in doc["days"]} if isinstance(doc, dict) and "days" in doc else None
    if days is None:
        check(False, f"eval json: no days list: {list(doc)[:5]}")
    else:
        for i, (key, text) in enumerate(HOSTILE):
            d = days.get(day_iso(i), {})
            check(d.get("reason") == text, f"json reason {key}: {d.get('reason')!r}")

    # ---- CSV: one row per day, fields as CSVWriter.appendText writes them
    out = run([calpolicy, "eval", str(policy), "--from", first, "--to", last, "--format", "csv"] + common)
    rows = list(csv.reader(io.StringIO(out.stdout.decode("utf-8"), newline="")))
    header, body = rows[0], rows[1:]
    expected_days = (len(HOSTILE) - 1) * 2 + 1
    check(len(body) == expected_days, f"csv: {len(body)} rows for {expected_days} days")
    check(out.stdout.count(b"\n") == expected_days + 1, "csv: a row spans lines")
    if "reason" in header:
        col = header.index("reason")
        by_day = {r[header.index("date")]: r for r in body}
        for i, (key, text) in enumerate(HOSTILE):
            want = terminal(text)
            if text and text[0] in "=+-@\t\r":
                want = "'" + want
            got = by_day.get(day_iso(i), [None] * len(header))[col]
            check(got == want, f"csv reason {key}: {got!r} != {want!r}")
    else:
        check(False, f"csv: no reason column in {header}")

    # ---- iCalendar: one event per hostile day, SUMMARY exact less what TEXT cannot hold
    out = run([calpolicy, "eval", str(policy), "--from", first, "--to", last, "--format", "ics"] + common)
    cal = icalendar.Calendar.from_ical(out.stdout)
    events = [c for c in cal.walk("VEVENT")]
    check(len(events) == len(HOSTILE), f"ics: {len(events)} events for {len(HOSTILE)} days")
    summaries = {str(e.get("DTSTART").dt): str(e.get("SUMMARY")) for e in events}

    def ics_text(text):
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        return "".join(ch for ch in text if ch in "\n\t" or not (ord(ch) < 0x20 or ord(ch) == 0x7F))

    for i, (key, text) in enumerate(HOSTILE):
        got = summaries.get(day_iso(i))
        check(got == ics_text(text), f"ics summary {key}: {got!r}")

    # ---- HTML: no element or attribute made by a string; text exact after unescaping
    out = run([calpolicy, "eval", str(policy), "--from", first, "--to", last, "--format", "html"] + common)
    page = out.stdout.decode("utf-8")
    parser = Elements()
    parser.feed(page)
    check("script" not in parser.tags and not any(name == "title" and value == "x" for name, value in parser.attrs),
          "html: an element or attribute from policy text")
    body_text = "".join(parser.text)
    for key, text in HOSTILE:
        if key in ("html", "plain", "quotes", "yaml-entry", "csv-eq"):
            check(terminal(text) in body_text, f"html text {key}")

    # ---- every eval format with hostile policy file names: still one record per record
    for key, path in named:
        out = run([calpolicy, "eval", str(path), "--from", first, "--to", last, "--format", "json"] + common)
        check(len(json.loads(out.stdout)["days"]) == expected_days, f"eval json, file name {key}")
        out = run([calpolicy, "eval", str(path), "--from", first, "--to", last, "--format", "csv"] + common)
        rows = list(csv.reader(io.StringIO(out.stdout.decode("utf-8"), newline="")))
        check(len(rows) == expected_days + 1 and out.stdout.count(b"\n") == expected_days + 1, f"eval csv, file name {key}")
        out = run([calpolicy, "eval", str(path), "--from", first, "--to", last, "--format", "ics"] + common)
        events = icalendar.Calendar.from_ical(out.stdout).walk("VEVENT")
        check(len(events) == len(HOSTILE), f"eval ics, file name {key}: {len(events)} events")
        out = run([calpolicy, "eval", str(path), "--from", first, "--to", last, "--format", "html"] + common)
        parser = Elements()
        parser.feed(out.stdout.decode("utf-8"))
        check("script" not in parser.tags and not any(n == "title" and v == "x" for n, v in parser.attrs),
              f"eval html, file name {key}: an element or attribute from the name")
        out = run([calpolicy, "eval", str(path), "--from", first, "--to", last] + common)
        check(not UNSAFE_ON_A_LINE.search(out.stdout.decode("utf-8").replace("\n", "")), f"eval text, file name {key}")

    # ---- YAML and JSON exports, with hostile reasons and hostile file names
    for label, path in [("reasons", policy)] + [(f"file name {k}", p) for k, p in named]:
        for apps in (["--applications", HOSTILE[8][1]], []):
            out = run([calpolicy, "export", "argocd-sync-windows", str(path), "--from", first, "--to", last] + apps + common)
            raw = out.stdout.decode("utf-8")
            try:
                doc = yaml.safe_load(raw)
            except yaml.YAMLError as error:
                check(False, f"yaml ({label}): PyYAML refuses it: {str(error)[:200]}")
                continue
            check(isinstance(doc, dict) and list(doc) == ["syncWindows"], f"yaml ({label}): top level {list(doc or {})!r}")
            windows = doc.get("syncWindows") or [] if isinstance(doc, dict) else []
            check(len(windows) == len(HOSTILE) and all(w.get("kind") == "deny" for w in windows),
                  f"yaml ({label}): {len(windows)} windows, kinds {sorted(set(w.get('kind') for w in windows))}")
            for line in raw.split("\n"):
                if line and not line.startswith(("#", "syncWindows", "- ", "  ")):
                    check(False, f"yaml ({label}): a stray line {line!r}")
            header = [l for l in raw.split("\n") if l.startswith("#")]
            check(len(header) == 4, f"yaml ({label}): {len(header)} header comment lines")
            if apps:
                check(all(w.get("applications") == [apps[1]] for w in windows), f"yaml ({label}): applications")
            if path == policy:
                for i, (key, text) in enumerate(HOSTILE):
                    got = windows[i].get("description") if i < len(windows) else None
                    check(got == text, f"yaml description {key}: {got!r}")
        out = run([calpolicy, "export", "gitlab-freeze-periods", str(path), "--from", first, "--to", last] + common)
        doc = json.loads(out.stdout)
        check(doc["policies"] == [str(path)] and len(doc["freezePeriods"]) == len(HOSTILE), f"gitlab json ({label})")
        if path == policy:
            for i, (key, text) in enumerate(HOSTILE):
                check(doc["freezePeriods"][i]["description"] == text, f"gitlab description {key}")

    # ---- Lua: import of .ics files with hostile names
    ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\n"
           "DTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20270104\r\nDTEND;VALUE=DATE:20270105\r\n"
           "SUMMARY:Closed\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    stub = tmp / "stub.lua"
    stub.write_text("""
local path, want = arg[1], arg[2]
local function read(p) local f = assert(io.open(p, "rb")); local t = f:read("a"); f:close(); return t end
local ran = false
cal = { ics = function(name)
    ran = true
    return { on = function(_, day) if day.iso == "2027-01-04" then return {{ summary = "Closed", allDay = true }} end return {} end,
             hoursOn = function() return {} end }
  end }
local chunk = assert(loadfile(path, "t"))
local policy = chunk()
assert(ran, "cal.ics not called")
assert(policy.name == read(want), "name does not read back")
local ok, reason = policy.canSelect({ iso = "2027-01-04" })
assert(ok == false and reason == "Closed", "the closed day is selectable")
assert(policy.canSelect({ iso = "2027-01-05" }) == true)
print("ok")
""")
    for i, (key, text) in enumerate(NAME_HOSTILE):
        folder = tmp / f"import{i}"
        folder.mkdir()
        base = f"{text}"
        icsfile = folder / (base + ".ics")
        try:
            icsfile.write_text(ics, newline="")
        except OSError:
            continue
        res = subprocess.run([calpolicy, "import", str(icsfile), "--deny", "--today", "2026-12-01"],
                             capture_output=True, timeout=60)
        if res.returncode != 0:
            err = res.stderr.decode("utf-8", "replace")
            # A refusal is fine when it is one clean line.
            check(err.count("\n") == 1 and err.startswith("calpolicy: ") and not UNSAFE_ON_A_LINE.search(err[:-1]),
                  f"import {key}: exit {res.returncode} and stderr {err!r}")
            continue
        check(res.stdout.count(b"\n") == 2 and not UNSAFE_ON_A_LINE.search(res.stdout.decode().replace("\n", "")),
              f"import {key}: stdout {res.stdout!r}")
        generated = folder / (base + ".lua")
        want = folder / "want.txt"
        want.write_bytes(base.encode())
        lua = subprocess.run(["lua5.4", str(stub), str(generated), str(want)], capture_output=True, timeout=30)
        check(lua.returncode == 0 and lua.stdout == b"ok\n",
              f"import {key}: generated Lua under lua5.4: {lua.stderr.decode(errors='replace')[:300]}")
        source = generated.read_text()
        check(all(l == "" or l.startswith(("--", " ", "local ", "return ", "}")) for l in source.split("\n")),
              f"import {key}: a generated line outside the template")
        test = subprocess.run([calpolicy, "test", str(folder / (base + "_test.lua"))], capture_output=True, timeout=60)
        check(test.returncode == 0, f"import {key}: the generated test: {test.stdout.decode(errors='replace')[-300:]}")
        out = run([calpolicy, "eval", str(generated), "--from", "2027-01-04", "--to", "2027-01-05", "--format", "json"] + common)
        days = {d["date"]: d for d in json.loads(out.stdout)["days"]}
        check(days["2027-01-04"]["selectable"] is False and days["2027-01-05"]["selectable"] is True,
              f"import {key}: the closed day answers selectable")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
