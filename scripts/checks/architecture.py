#!/usr/bin/env python3
"""The house's rules, checked on the sources (the way import-linter holds a Python project to its
layers). docs/architecture.md states each rule and its reason; this script is their test.

  architecture.py [ROOT]   exit 0 when every rule holds, 1 with one line per breach

Rules:
  imports     each module imports only the modules below it (the table MAY_IMPORT)
  lua-strings no Lua source in a Swift or C string literal under Sources/ (Lua lives in .lua files)
  use-cases   no JSONValue in CalPolicyRequests/UseCases (documents are Rendering's)
  clock       no civil-time read (Date(), time(, gettimeofday, clock_gettime(CLOCK_REALTIME,
              localtime_r, TimeZone.current) outside CalendarData, the one clock
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
SOURCES = os.path.join(ROOT, "Sources")

SYSTEM = {"Foundation", "Glibc", "Synchronization", "Dispatch", "Testing", "XCTest"}
# Each Swift module and the modules it may import (besides the system's). The C libraries each
# have one Swift module that sees them: CLua and CLuaShim LuaHost, CPolicyBridge PolicyEngine,
# CMicroHTTPD and CTLSCredentials (the GnuTLS shim, CGnuTLS seen by it alone) MHDHost; CArchive
# PolicyBundle; CNettle and CGetRandom Crypto (every signature, hash and MAC over nettle); CCurl
# HTTPClient, which only the server (dynamically linked) may import: the static CLI never links libcurl.
# CYAML (libyaml) DeclarativePolicy.
# CEdit (libedit) CalPolicyCLI (the repl's line editing).
MAY_IMPORT = {
    "CalendarCore": set(),
    "CalendarData": {"CalendarCore"},
    "LuaHost": {"CLua", "CLuaShim"},
    "Crypto": {"CNettle", "CGetRandom"},
    "PolicyBundle": {"CArchive", "Crypto"},
    "PolicyEngine": {"CalendarCore", "CalendarData", "LuaHost", "CPolicyBridge", "DeclarativePolicy"},
    "DeclarativePolicy": {"CalendarCore", "CalendarData", "CYAML"},
    "Rendering": {"CalendarCore", "CalendarData", "PolicyEngine", "PolicyBundle"},
    "CalPolicyRequests": {"CalendarCore", "CalendarData", "PolicyEngine", "Rendering", "PolicyBundle",
                          "Crypto"},
    "CalPolicyArguments": {"CalendarCore", "CalendarData", "PolicyEngine", "CalPolicyRequests"},
    "CalPolicyCLI": {"CalendarCore", "CalendarData", "PolicyEngine", "Rendering", "CalPolicyRequests",
                     "CalPolicyArguments", "PolicyBundle", "CEdit"},
    "MHDHost": {"CMicroHTTPD", "CTLSCredentials"},
    "HTTPClient": {"CCurl"},
    "CalPolicyServer": {"CalendarCore", "CalendarData", "PolicyEngine", "Rendering", "CalPolicyRequests",
                        "CalPolicyArguments", "MHDHost", "HTTPClient", "Crypto", "PolicyBundle"},
    "calpolicy": {"CalPolicyCLI", "CHeapTuning", "CStartup"},
    "calpolicy-serve": {"CalPolicyServer", "CHeapTuning", "CStartup"},
}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)

CIVIL_TIME = [
    (re.compile(r"\bDate\(\)"), "Date()"),
    (re.compile(r"(?<![\w.])time\("), "time("),
    (re.compile(r"\bgettimeofday\b"), "gettimeofday"),
    (re.compile(r"clock_gettime\(\s*CLOCK_REALTIME"), "clock_gettime(CLOCK_REALTIME"),
    (re.compile(r"\blocaltime_r\b|\blocaltime\("), "localtime_r"),
    (re.compile(r"\bTimeZone\.current\b|\bTimeZone\.autoupdatingCurrent\b"), "TimeZone.current"),
]

# What marks a literal as Lua: a construct only Lua has (a function value, `local x =` without
# a shell's `local x=`, `~=`, `elseif`, a block's `end`, a generic `for ... in pairs`), and a
# second marker of any kind. A message that names a Lua function ("define function canSelect")
# has one; a shell completion script (`then`, `local cur=`, `fi`) has no Lua-only construct.
LUA_ONLY = [
    re.compile(r"\bfunction\s*[\w.:]*\s*\([^)]*\)"),
    re.compile(r"\blocal\s+[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s+="),
    re.compile(r"~="),
    re.compile(r"\belseif\b"),
    re.compile(r"(?m)^\s*end\b[,)]?\s*$"),
    re.compile(r"\bfor\s+[\w,\s]+\s+in\s+(?:i?pairs|next)\b"),
]
LUA_ANY = LUA_ONLY + [
    re.compile(r"\bthen\b"),
    re.compile(r"\breturn\s+[\w{(\"']"),
    re.compile(r"\bsetmetatable\s*\(|\brequire\s*\("),
]
# The build-time compiler writes the glue of cal.lua's lazy sections (a section's header and the
# locals it receives) around the section's own text, read from cal.lua: generated code that never
# ships, not a home of Lua.
LUA_STRING_EXEMPT = {"Sources/PreludeCompiler/lazy_sections.c"}


def strip_comments_and_literals(text, language):
    """(code without comments, [(line, literal text)])."""
    code, literals = [], []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            code.append("\n" * text.count("\n", i, j))
            i = j
            continue
        if language == "c" and c == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            code.append("''")
            i = j + 1
            continue
        if language == "swift" and (text.startswith('"""', i) or text.startswith('#"""', i)):
            hashes = 1 if text[i] == "#" else 0
            close = '"""' + "#" * hashes
            start = i + 3 + hashes
            j = text.find(close, start)
            j = n if j < 0 else j
            literals.append((line, text[start:j]))
            line += text.count("\n", i, j)
            code.append('""' + "\n" * text.count("\n", i, j))
            i = j + len(close)
            continue
        if c == '"' or (language == "swift" and c == "#" and text.startswith('#"', i)):
            hashes = 0
            while language == "swift" and text.startswith("#", i + hashes):
                hashes += 1
            start = i + hashes + 1
            close = '"' + "#" * hashes
            j = start
            while j < n and not text.startswith(close, j) and text[j] != "\n":
                j += 2 if (text[j] == "\\" and hashes == 0) else 1
            literal = text[start:j]
            # C joins adjacent literals: one string to the reader.
            if language == "c" and literals and literals[-1][0] == line and code and code[-1] == '""':
                literals[-1] = (line, literals[-1][1] + literal)
            else:
                literals.append((line, literal))
            code.append('""')
            i = j + len(close)
            continue
        if c == "\n":
            line += 1
        code.append(c)
        i += 1
    return "".join(code), literals


def looks_like_lua(literal):
    text = literal.replace("\\n", "\n").replace('\\"', '"')
    return any(marker.search(text) for marker in LUA_ONLY) and sum(1 for marker in LUA_ANY if marker.search(text)) >= 2


def module_of(path):
    rel = os.path.relpath(path, SOURCES)
    return rel.split(os.sep)[0]


def main():
    breaches = []
    for folder, _, files in sorted(os.walk(SOURCES)):
        for name in sorted(files):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, ROOT)
            module = module_of(path)
            language = "swift" if name.endswith(".swift") else "c" if name.endswith((".c", ".h")) else None
            if language is None:
                continue
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            code, literals = strip_comments_and_literals(text, language)
            if language == "swift":
                allowed = MAY_IMPORT.get(module)
                for match in IMPORT.finditer(code):
                    imported = match.group(1)
                    if imported in SYSTEM or imported == module:
                        continue
                    if allowed is None:
                        breaches.append(f"imports: {rel}: module {module} is not in the table (scripts/checks/architecture.py)")
                        break
                    if imported not in allowed:
                        line = code.count("\n", 0, match.start()) + 1
                        breaches.append(f"imports: {rel}:{line}: {module} may not import {imported}"
                                        f" (it may import {', '.join(sorted(allowed)) or 'only the system'})")
                if rel.startswith("Sources/CalPolicyRequests/UseCases/") and re.search(r"\bJSONValue\b", code):
                    breaches.append(f"use-cases: {rel}: a use case builds JSON (JSONValue); documents are Rendering's")
            if module != "CalendarData":
                for pattern, label in CIVIL_TIME:
                    for match in pattern.finditer(code):
                        line = code.count("\n", 0, match.start()) + 1
                        breaches.append(f"clock: {rel}:{line}: {label} reads civil time outside CalendarData (use Clock)")
            if rel not in LUA_STRING_EXEMPT:
                for line, literal in literals:
                    if looks_like_lua(literal):
                        shown = literal.strip().replace("\n", "\\n")[:60]
                        breaches.append(f"lua-strings: {rel}:{line}: Lua source in a string literal ('{shown}...'); "
                                        "Lua lives in .lua files")
    for breach in breaches:
        print(f"architecture: {breach}")
    print(f"{0 if breaches else 1} passed, {len(breaches)} failed" if breaches else "1 passed, 0 failed")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
