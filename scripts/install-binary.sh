#!/usr/bin/env bash
# Puts one release binary in place the way `make install` (scripts/install.sh) does, and so the
# .deb and the image (scripts/stage.sh): stripped, its debug info kept in DEBUG and linked with
# .gnu_debuglink, or as built with STRIP=0. benchmarks/harness.py times the binary installed by
# this same script.
#
#   scripts/install-binary.sh BINARY TARGET [DEBUG]     (STRIP=0 in the environment: no strip)
#
# The last step writes TARGET in large pieces (`install` copies 128 KiB and more at a time),
# never in the small ones `strip` writes (or the mmap through which lld writes its output). The
# kernel keeps a file's cached pages in the pieces it was written in: this binary written 4 KiB at
# a time starts about 15 % slower (one-month eval, whole process: ~1.45 ms against ~1.26 ms,
# 248 against 228 page faults), for as long as the file stays cached. Same bytes either way.
set -euo pipefail
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: scripts/install-binary.sh BINARY TARGET [DEBUG]" >&2; exit 2; }
binary=$1 target=$2 debug=${3:-}
staged=$target.tmp
if [ "${STRIP:-1}" = 1 ]; then
    [ -n "$debug" ] || { echo "install-binary: stripping needs a DEBUG file (or STRIP=0)" >&2; exit 2; }
    objcopy --only-keep-debug "$binary" "$debug"
    chmod 0644 "$debug"
    cp "$binary" "$staged"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$staged"
    # The link's directory part is not stored: gdb looks for NAME.debug by name.
    absolute=$(realpath -m "$staged")
    (cd "$(dirname "$debug")" && objcopy --add-gnu-debuglink="$(basename "$debug")" "$absolute")
    install -m 0755 "$staged" "$target.new"
    rm -f "$staged"
else
    install -m 0755 "$binary" "$target.new"
fi
mv -f "$target.new" "$target"
