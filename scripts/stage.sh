#!/usr/bin/env bash
# The one staged install the shipping checks share (install, completion, deb, systemd, image,
# kubernetes): the release CLI (scripts/release-flags.sh, in .build/release, the build the
# startup-order check and `make release` use too) and the release server (.build/serve-release),
# installed with PREFIX=/usr into .build/stage/root by scripts/install.sh. Prints that root.
#
# Built once: a release build runs only when a source is newer than its last build (SwiftPM's own
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
sources=(Sources Plugins Package.swift scripts/startup.order scripts/release-flags.sh scripts/libical-icu-shim.c)

# A stamp per binary, touched after each successful build: a no-op build leaves the binary's
# time alone, so the binary itself cannot say that it is current.
stale() {  # stale BINARY STAMP: missing, or a source is newer than the last build
    [ ! -x "$1" ] || [ ! -f "$2" ] || [ -n "$(find "${sources[@]}" -newer "$2" -print -quit)" ]
}
mkdir -p .build
if stale "$cli" .build/stage-cli.stamp; then
    touch .build/stage-cli.stamp.new
    # shellcheck disable=SC2046  # the flags are words
    swift build -c release --product calpolicy $(scripts/release-flags.sh) >&2
    mv .build/stage-cli.stamp.new .build/stage-cli.stamp
fi
if stale "$serve" .build/stage-serve.stamp; then
    touch .build/stage-serve.stamp.new
    swift build -c release --product calpolicy-serve --scratch-path .build/serve-release >&2
    mv .build/stage-serve.stamp.new .build/stage-serve.stamp
fi

key=$( { sha256sum "$cli" "$serve"
         find scripts/install.sh scripts/install-binary.sh scripts/help2man.py deploy policies docs README.md LICENSE \
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
