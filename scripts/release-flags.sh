#!/usr/bin/env bash
# Prints the SwiftPM flags of the release build (`make release`, benchmarks/run.sh,
# scripts/startup-order.sh) on one line, keeping only what this toolchain accepts, so a new
# toolchain still builds: a flag it refuses is dropped with a note on stderr and the build
# is only a little slower to start, never broken. Every flag only makes the binary start
# faster; none changes what it does. Takes about a second (one swiftc typecheck).
#
#   -static-executable      Swift runtime, Foundation, liblua5.4.a and libm linked in: no
#                           shared libraries to load and relocate (~1/3 of the cold start).
#                           Needs the toolchain's static SDK (lib/swift_static).
#   -use-ld=lld             links without gold's glibc warnings; needs ld.lld.
#   -licui18n -licuuc -licudata  libical (cal.ics) is linked statically with the system ICU
#                           (Debian's libicu-dev, 72) it was built against; Foundation's own ICU
#                           has prefixed symbols, so the two never clash. Only for the static
#                           link: a dynamic build gets ICU through libical.so.
#   --symbol-ordering-file  places the functions a cold start runs side by side
#                           (scripts/startup.order, made by scripts/startup-order.sh), so
#                           fewer pages of code are mapped at start; lld only. The path is
#                           relative: build from the repository root.
#   -disable-concrete-type-metadata-mangled-name-accessors  (an undocumented frontend flag)
#                           metadata of generic types such as Set<LuaFunctionSlot> is reached
#                           through accessors, not mangled names: demangling one checks each
#                           `Hashable` requirement by scanning every protocol conformance in
#                           the binary (Foundation's included), ~0.3 M instructions per new
#                           key type on a start that runs ~4 M in all. Probed with a typecheck
#                           of an empty file; a toolchain that no longer knows it refuses it.
set -euo pipefail
cd "$(dirname "$0")/.."

swiftc=${SWIFTC:-swiftc}
note() { echo "release-flags: $*; building without it (the binary starts a little slower)" >&2; }

flags=()
toolchain_bin=$(dirname "$(readlink -f "$(command -v "$swiftc")")")

if [ -e "$toolchain_bin/../lib/swift_static/linux/static-executable-args.lnk" ]; then
    flags+=(-Xswiftc -static-executable -Xlinker -licui18n -Xlinker -licuuc -Xlinker -licudata)
else
    note "no static SDK next to $swiftc (lib/swift_static/linux), so no -static-executable"
fi

# clang (the link driver behind swiftc) looks for ld.lld beside itself, then on PATH.
if [ -x "$toolchain_bin/ld.lld" ] || command -v ld.lld >/dev/null 2>&1; then
    flags+=(-Xswiftc -use-ld=lld)
    lld=1
else
    note "ld.lld not found, so no -use-ld=lld and no --symbol-ordering-file (lld only)"
    lld=0
fi

flags+=(-Xlinker -lm)

frontend_flag=-disable-concrete-type-metadata-mangled-name-accessors
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
: >"$probe/empty.swift"
if "$swiftc" -Xfrontend "$frontend_flag" -typecheck "$probe/empty.swift" >"$probe/log" 2>&1; then
    flags+=(-Xswiftc -Xfrontend -Xswiftc "$frontend_flag")
else
    note "this toolchain refuses the frontend flag $frontend_flag ($(head -n 1 "$probe/log"))"
fi

if [ "$lld" -eq 1 ]; then
    flags+=(-Xlinker --symbol-ordering-file=scripts/startup.order -Xlinker --no-warn-symbol-ordering)
fi

echo "${flags[*]}"
