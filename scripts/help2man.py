#!/usr/bin/env python3
"""Turns the help text of calpolicy and calpolicy-serve into man pages (roff), so the pages
are the --help text and cannot drift from it.

    scripts/help2man.py CALPOLICY CALPOLICY_SERVE OUTDIR

Runs `CALPOLICY --help`, `CALPOLICY help COMMAND` for every command that help lists (except
serve, whose page is calpolicy-serve's own) and `CALPOLICY_SERVE --help`, and writes
calpolicy.1, calpolicy-COMMAND.1 and calpolicy-serve.1 into OUTDIR (uncompressed; the
Makefile compresses them). The help format it reads is HelpFormatter's: `OVERVIEW: ...`,
`USAGE: ...`, a section header in capitals ending in ':' (`OPTIONS:`, `COMMANDS:`), entries
indented by two spaces with two or more spaces between the label and its text, and free
paragraphs. A help text this script cannot read is an error, never a page with holes.
"""
import os
import re
import subprocess
import sys

HEADER = re.compile(r"^([A-Z][A-Z ]+):(?: (.*))?$")
ENTRY = re.compile(r"^  (\S.*?)\s{2,}(\S.*)$")


def run(*argv):
    result = subprocess.run(argv, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    if result.returncode != 0:
        sys.exit(f"help2man: {' '.join(argv)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def parse(text):
    """[(section, [lines])] in order; the first line of a header with text keeps it."""
    sections = []
    for line in text.rstrip("\n").split("\n"):
        match = HEADER.match(line)
        if match:
            sections.append((match.group(1), [match.group(2)] if match.group(2) else []))
        elif sections:
            sections[-1][1].append(line)
        elif line.strip():
            sys.exit(f"help2man: text before the first section: {line!r}")
    return sections


def escape(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def paragraphs(lines):
    out, current = [], []
    for line in lines + [""]:
        if line.strip():
            current.append(escape(line.strip()))
        elif current:
            out += [".PP"] + current
            current = []
    return out


def page(name, version, text, see_also):
    sections = dict(parse(text))
    for required in ("OVERVIEW", "USAGE"):
        if required not in sections:
            sys.exit(f"help2man: {name}: no {required}: line in its help")
    overview = [l for l in sections["OVERVIEW"] if l.strip()]
    summary = " ".join(l.strip() for l in overview)
    usage = sections["USAGE"][0]
    roff = [f'.TH {name.upper()} 1 "" "calpolicy {version}" "User Commands"',
            ".SH NAME", f"{name} \\- {escape(summary.rstrip('.'))}",
            ".SH SYNOPSIS", escape(usage),
            ".SH DESCRIPTION", escape(summary)]
    for section, lines in parse(text):
        if section in ("OVERVIEW", "USAGE"):
            continue
        roff.append(f".SH {section}")
        body, rest = [], []
        for line in lines:
            match = ENTRY.match(line)
            if match and not rest:
                label, help_text = match.groups()
                body += [".TP", f"\\fB{escape(label)}\\fR", escape(help_text)]
            elif line.strip() or body:
                rest.append(line)
        roff += body + paragraphs(rest)
        if not body and not rest:
            sys.exit(f"help2man: {name}: section {section} is empty")
    roff += [".SH SEE ALSO", ", ".join(f"\\fB{escape(other)}\\fR(1)" for other in see_also if other != name)]
    return "\n".join(roff) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().split("\n\n")[1])
    cli, serve, outdir = sys.argv[1:]
    os.makedirs(outdir, exist_ok=True)
    top = run(cli, "--help")
    version = run(cli, "--version").split()[1]  # "calpolicy 0.1.0 (commit)"
    commands = []
    for section, lines in parse(top):
        if section == "COMMANDS":
            commands = [ENTRY.match(l).group(1) for l in lines if ENTRY.match(l)]
    if not commands:
        sys.exit("help2man: 'calpolicy --help' lists no COMMANDS")
    names = ["calpolicy"] + [f"calpolicy-{c}" for c in commands]
    pages = {"calpolicy": top, "calpolicy-serve": run(serve, "--help")}
    for command in commands:
        if command != "serve":
            pages[f"calpolicy-{command}"] = run(cli, "help", command)
    for name, text in pages.items():
        with open(os.path.join(outdir, f"{name}.1"), "w") as out:
            out.write(page(name, version, text, names))
    print(f"help2man: {len(pages)} pages in {outdir}")


main()
