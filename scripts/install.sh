#!/usr/bin/env bash
# Installs (or, with --uninstall, removes) calpolicy under DESTDIR/PREFIX: what `make install`
# and `make uninstall` run. The binaries are the release builds the Makefile made; everything
# else is generated from them (man pages from their --help, completions from
# `calpolicy completion SHELL`) or copied from the repository.
#
#   scripts/install.sh [--uninstall] CALPOLICY CALPOLICY_SERVE
#
# Environment (the Makefile passes its variables):
#   PREFIX (/usr/local)  DESTDIR (empty)
#   STRIP (1)            strip the binaries, keeping their debug info in DEBUGDIR/BINDIR/NAME.debug,
#                        linked with .gnu_debuglink (gdb finds it when DEBUGDIR is /usr/lib/debug)
#   DEBUGDIR ($PREFIX/lib/debug)  SYSTEMDUNITDIR ($PREFIX/lib/systemd/system)
#   ZSHCOMPDIR ($PREFIX/share/zsh/site-functions)  SYSCONFDIR (/etc: only named in the unit)
#
# Layout:
#   bin/calpolicy, bin/calpolicy-serve
#   share/calpolicy/policies/ (the shipped policies, their tests and snapshots)
#   share/calpolicy/holidays/ (data/holidays, when present)
#   share/man/man1/calpolicy*.1.gz
#   share/bash-completion/completions/calpolicy, $ZSHCOMPDIR/_calpolicy,
#   share/fish/vendor_completions.d/calpolicy.fish
#   $SYSTEMDUNITDIR/calpolicy-serve.service (ExecStart names $PREFIX/bin)
#   share/doc/calpolicy/ (README.md, docs/*.md, LICENSE)
set -euo pipefail
cd "$(dirname "$0")/.."

uninstall=0
if [ "${1:-}" = "--uninstall" ]; then uninstall=1; shift; fi
[ $# -eq 2 ] || { echo "usage: scripts/install.sh [--uninstall] CALPOLICY CALPOLICY_SERVE" >&2; exit 2; }
cli=$1 serve=$2

prefix=${PREFIX:-/usr/local}
destdir=${DESTDIR:-}
strip_binaries=${STRIP:-1}
debugdir=${DEBUGDIR:-$prefix/lib/debug}
unitdir=${SYSTEMDUNITDIR:-$prefix/lib/systemd/system}
zshdir=${ZSHCOMPDIR:-$prefix/share/zsh/site-functions}
sysconfdir=${SYSCONFDIR:-/etc}
root=$destdir$prefix

bindir=$prefix/bin
files=(
    "$bindir/calpolicy" "$bindir/calpolicy-serve"
    "$debugdir$bindir/calpolicy.debug" "$debugdir$bindir/calpolicy-serve.debug"
    "$prefix/share/bash-completion/completions/calpolicy" "$zshdir/_calpolicy"
    "$prefix/share/fish/vendor_completions.d/calpolicy.fish"
    "$unitdir/calpolicy-serve.service"
)
folders=("$prefix/share/calpolicy" "$prefix/share/doc/calpolicy")

if [ "$uninstall" -eq 1 ]; then
    for file in "${files[@]}"; do rm -f "$destdir$file"; done
    rm -f "$root"/share/man/man1/calpolicy.1.gz "$root"/share/man/man1/calpolicy-*.1.gz
    for folder in "${folders[@]}"; do rm -rf "${destdir:?}$folder"; done
    echo "uninstalled calpolicy from $destdir$prefix"
    exit 0
fi

for binary in "$cli" "$serve"; do
    [ -x "$binary" ] || { echo "install: $binary not built (make release release-serve)" >&2; exit 1; }
done
if [ "$strip_binaries" = 1 ]; then
    for tool in objcopy strip; do
        command -v "$tool" >/dev/null || { echo "install: $tool not found (Debian: binutils); or install with STRIP=0" >&2; exit 1; }
    done
fi
command -v python3 >/dev/null || { echo "install: python3 not found: it writes the man pages from --help" >&2; exit 1; }

install -d "$root/bin"
for binary in "$cli" "$serve"; do
    name=$(basename "$binary")
    if [ "$strip_binaries" = 1 ]; then
        install -d "$destdir$debugdir$bindir"
        STRIP=1 scripts/install-binary.sh "$binary" "$root/bin/$name" "$destdir$debugdir$bindir/$name.debug"
    else
        STRIP=0 scripts/install-binary.sh "$binary" "$root/bin/$name"
    fi
done

# Data: the shipped policies (with their tests and snapshots) and the holiday data.
share=$root/share/calpolicy
rm -rf "$share"
install -d "$share/policies/snapshots"
install -m 0644 policies/*.lua policies/README.md "$share/policies/"
install -m 0644 policies/snapshots/*.json "$share/policies/snapshots/"
if [ -d data/holidays ]; then
    install -d "$share/holidays"
    cp -R data/holidays/. "$share/holidays/"
    find "$share/holidays" -type d -exec chmod 0755 {} + -o -type f -exec chmod 0644 {} +
fi

# The commit the binaries were built from, for calpolicy-serve's /v1/status and build_info
# (nothing when this is not a git checkout).
git rev-parse --short=12 HEAD 2>/dev/null >"$share/commit" || rm -f "$share/commit"

# Man pages from the binaries' own --help (scripts/help2man.py), compressed reproducibly.
man=$root/share/man/man1
install -d "$man"
rm -f "$man"/calpolicy.1.gz "$man"/calpolicy-*.1.gz
python3 scripts/help2man.py "$cli" "$serve" "$man" >/dev/null
for page in "$man"/calpolicy.1 "$man"/calpolicy-*.1; do
    chmod 0644 "$page"
    gzip -9n -f "$page"
done

# Completions from the command table.
install -d "$root/share/bash-completion/completions" "$destdir$zshdir" "$root/share/fish/vendor_completions.d"
"$cli" completion bash >"$root/share/bash-completion/completions/calpolicy"
"$cli" completion zsh >"$destdir$zshdir/_calpolicy"
"$cli" completion fish >"$root/share/fish/vendor_completions.d/calpolicy.fish"
chmod 0644 "$root/share/bash-completion/completions/calpolicy" "$destdir$zshdir/_calpolicy" \
    "$root/share/fish/vendor_completions.d/calpolicy.fish"

# The systemd unit, naming this prefix's server.
install -d "$destdir$unitdir"
sed -e "s|@BINDIR@|$bindir|g" -e "s|@SYSCONFDIR@|$sysconfdir|g" -e "s|@DATADIR@|$prefix/share/calpolicy|g" \
    -e "s|@DOCDIR@|$prefix/share/doc/calpolicy|g" \
    deploy/calpolicy-serve.service.in >"$destdir$unitdir/calpolicy-serve.service"
chmod 0644 "$destdir$unitdir/calpolicy-serve.service"

doc=$root/share/doc/calpolicy
install -d "$doc"
install -m 0644 README.md LICENSE "$doc/"
install -m 0644 docs/*.md docs/openapi.yaml "$doc/"

echo "installed calpolicy in $destdir$prefix$([ "$strip_binaries" = 1 ] && echo " (stripped; debug info in $debugdir$bindir)")"
