"""The temporary world of one suite run: the canary file, fixture copies that name it, special paths."""
from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = FIXTURES.parent.parent.parent


class Sandbox:
    """The temporary world of one run: the canary, copies of fixtures that name it, special paths."""

    def __init__(self, base: Path):
        self.base = base
        self.canary_dir = base / "canary"
        self.canary_dir.mkdir()
        self.canary = self.canary_dir / "canary.txt"
        self.canary_new = self.canary_dir / "created-by-policy.txt"
        self.secret = "canary-secret-" + secrets.token_hex(12)
        self.canary.write_text(self.secret + "\n")
        self.canary_stat = self.canary.stat()
        self.policies = base / "policies"
        self.policies.mkdir()
        self.missing = base / "missing" / "missing-policy.lua"

    def fixture_path(self, case: Case, scratch: Path) -> Path | None:
        spec = case.fixture
        if spec == "@dir":
            path = scratch / "policy-dir.lua"
            path.mkdir()
            return path
        if spec == "@missing":
            return self.missing
        special = self.not_a_file(spec, scratch)
        if special is not None:
            return special
        if spec == "@unreadable":
            path = scratch / "unreadable-policy.lua"
            path.write_text("return {}\n")
            path.chmod(0)
            return path
        if spec.startswith("@newline:"):
            name = spec[len("@newline:"):]
            path = scratch / ("policy\nwith-newline-" + name)
            shutil.copyfile(FIXTURES / name, path)
            return path
        if spec.startswith("@long:"):
            deep = scratch / ("a-folder-name-long-enough-to-pass-lua-chunk-name-limit-" + "x" * 40) / "policies"
            deep.mkdir(parents=True)
            path = deep / spec[len("@long:"):]
            shutil.copyfile(FIXTURES / spec[len("@long:"):], path)
            return path
        source = FIXTURES / spec
        data = source.read_bytes()
        if b"@CANARY" not in data:
            return source
        path = scratch / spec
        data = data.replace(b"@CANARY_NEW@", str(self.canary_new).encode())
        data = data.replace(b"@CANARY@", str(self.canary).encode())
        path.write_bytes(data)
        return path

    def not_a_file(self, spec: str, scratch: Path) -> Path | None:
        """Paths that are not regular files, for every file input (each must be refused at once):
        @fifo (a FIFO no one writes; @fifo:NAME names it), @fifo-link (a symlink to one), @chardev (/dev/zero),
        @sparse (a sparse file of 64 GiB, over every size bound), and folders holding one where a
        file is read: @tzdir-fifo (a zone database whose Europe/Berlin is a FIFO; pass it as
        TZDIR={fixture}), @data-fifo (holiday data whose DE.tsv is a FIFO; CALPOLICY_DATA={fixture}),
        @data-dir (holiday data whose DE.tsv is a folder), @ics-fifo (a policy reading
        closures.ics with cal.ics, where closures.ics is a FIFO), and for `--overrides DIR`:
        @overrides-big (a folder whose BIG-1.json is a 10 MB override), @overrides-fifo-file (a
        folder whose FIFO-1.json is a FIFO)."""
        if spec == "@fifo" or spec.startswith("@fifo:"):
            path = scratch / (spec[len("@fifo:"):] if spec.startswith("@fifo:") else "input.fifo")
            os.mkfifo(path)
            return path
        if spec == "@fifo-link":
            os.mkfifo(scratch / "target.fifo")
            path = scratch / "link-to-fifo.lua"
            path.symlink_to(scratch / "target.fifo")
            return path
        if spec == "@chardev":
            return Path("/dev/zero")
        if spec == "@sparse":
            path = scratch / "sparse.lua"
            with open(path, "wb") as f:
                f.truncate(64 << 30)
            return path
        if spec == "@tzdir-fifo":
            zones = scratch / "zoneinfo"
            (zones / "Europe").mkdir(parents=True)
            os.mkfifo(zones / "Europe" / "Berlin")
            return zones
        if spec in ("@data-fifo", "@data-dir"):
            root = scratch / "data"
            (root / "holidays").mkdir(parents=True)
            shutil.copyfile(ROOT / "data" / "holidays" / "index.tsv", root / "holidays" / "index.tsv")
            if spec == "@data-fifo":
                os.mkfifo(root / "holidays" / "DE.tsv")
            else:
                (root / "holidays" / "DE.tsv").mkdir()
            return root
        if spec in ("@overrides-big", "@overrides-fifo-file"):
            folder = scratch / "overrides"
            folder.mkdir()
            if spec == "@overrides-big":
                head = '{"id": "BIG-1", "scope": {}, "from": "2026-12-24T00:00:00Z", "until": "2026-12-25T00:00:00Z", "reason": "'
                tail = '"}\n'
                (folder / "BIG-1.json").write_text(head + "x" * (10_000_000 - len(head) - len(tail)) + tail)
            else:
                os.mkfifo(folder / "FIFO-1.json")
            return folder
        if spec == "@ics-fifo":
            path = scratch / "ics-fifo.lua"
            path.write_text('local closed = cal.ics("closures.ics")\n'
                            'return { canSelect = function(day) return true end }\n')
            os.mkfifo(scratch / "closures.ics")
            return path
        return None

    def canary_problems(self) -> list[str]:
        problems = []
        if not self.canary.exists():
            return ["the canary file was removed or renamed"]
        if self.canary.read_text() != self.secret + "\n":
            problems.append("the canary file's content changed")
        st = self.canary.stat()
        if (st.st_mtime_ns, st.st_ino) != (self.canary_stat.st_mtime_ns, self.canary_stat.st_ino):
            problems.append("the canary file was rewritten")
        extra = sorted(p.name for p in self.canary_dir.iterdir() if p != self.canary)
        if extra:
            problems.append(f"new files beside the canary: {', '.join(extra)}")
        return problems
