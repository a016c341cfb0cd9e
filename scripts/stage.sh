#!/usr/bin/env bash
# The one staged install the shipping checks share (install, completion, deb, systemd, image,
# kubernetes): the release CLI (scripts/release-flags.sh, in .build/release, the build the
# startup-order check and `make release` use too) and the release server (.build/serve-release),
# installed with PREFIX=/usr into .build/stage/root by scripts/install.sh. Prints that root.
#
# Built once: a release build runs only when a source is newer than its binary (SwiftPM's own
# no-op build recompiles PolicyEngine, whose prelude plugin runs every time), and the tree is
# reinstalled only when the key — the binaries' and the installed inputs' SHA-256 — changed.
# A tree installed by another user or by hand is replaced, never trusted: the key is written last.
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no

stage=.build/stage
root=$stage/root
cli=.build/release/calpolicy
serve=.build/serve-release/release/calpolicy-serve
sources=(Sources Plugins Package.swift scripts/startup.order)

stale() {  # stale BINARY: missing, or older than a source
    [ ! -x "$1" ] || [ -n "$(find "${sources[@]}" -newer "$1" -print -quit)" ]
}
if stale "$cli"; then
    # shellcheck disable=SC2046  # the flags are words
    swift build -c release --product calpolicy $(scripts/release-flags.sh) >&2
fi
if stale "$serve"; then
    swift build -c release --product calpolicy-serve --scratch-path .build/serve-release >&2
fi

key=$( { sha256sum "$cli" "$serve"
         find scripts/install.sh scripts/help2man.py deploy policies docs README.md LICENSE \
              $( [ -d data/holidays ] && echo data/holidays ) -type f -print0 | sort -z | xargs -0 sha256sum
       } | sha256sum | cut -d' ' -f1)
if [ -f "$stage/key" ] && [ "$(cat "$stage/key")" = "$key" ] && [ -x "$root/usr/bin/calpolicy" ]; then
    echo "$PWD/$root"
    exit 0
fi
rm -rf "$stage"
mkdir -p "$stage"
PREFIX=/usr DESTDIR="$PWD/$root" SYSTEMDUNITDIR=/lib/systemd/system DEBUGDIR=/usr/lib/debug \
    ZSHCOMPDIR=/usr/share/zsh/vendor-completions scripts/install.sh "$cli" "$serve" >&2
echo "$key" >"$stage/key"
echo "$PWD/$root"
