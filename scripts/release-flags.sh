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
#   --defsym=ucal_open_72=swift_ucal_open ...  libical (cal.ics, RSCALE recurrences) calls 16
#                           functions of ICU's stable C API under Debian's versioned names
#                           (ucal_*_72, uenum_*_72, ...). The static Foundation already links an
#                           ICU with its data (_FoundationICU, exporting swift_ucal_open, ...), so
#                           each of libical's names is defined as Foundation's function: one ICU
#                           data set in the binary instead of two (one function needs a C wrapper,
#                           scripts/libical-icu-shim.c, compiled into .build/release-flags) (Debian's libicudata.a is ~30 MB
#                           of .rodata). --undefined=swift_... and -l_FoundationICU make the
#                           linker take them from the archive in every link. Only when every name libical.a needs has a swift_
#                           counterpart; otherwise (another libical or toolchain) the system ICU
#                           is linked as before, -licui18n -licuuc -licudata, with a note. Only
#                           for the static link: a dynamic build gets ICU through libical.so.
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
    flags+=(-Xswiftc -static-executable)
    icu_flags=()
    libdir=$(pkg-config --variable=libdir libical 2>/dev/null || true)
    foundation_icu=$toolchain_bin/../lib/swift_static/linux/lib_FoundationICU.a
    if [ -f "$libdir/libical.a" ] && [ -f "$foundation_icu" ] && command -v nm >/dev/null 2>&1; then
        exported=$(nm --defined-only "$foundation_icu" 2>/dev/null | awk '$2 == "T" && $3 ~ /^swift_/ { print $3 }' | sort -u)
        for name in $(nm -u "$libdir/libical.a" 2>/dev/null | awk '{ print $2 }' | grep -E '^u[a-z]*_[A-Za-z0-9]+_[0-9]+$' | sort -u); do
            base=${name%_*}
            if [ "$base" = ucal_getKeywordValuesForLocale ] && grep -qx "swift_$base" <<<"$exported"; then
                # Not an alias: a NULL locale must become "" (scripts/libical-icu-shim.c says why).
                shim=.build/release-flags/libical-icu-shim.o
                if [ ! -f "$shim" ] || [ scripts/libical-icu-shim.c -nt "$shim" ] || ! grep -q "$name" "$shim"; then
                    mkdir -p .build/release-flags
                    "$toolchain_bin/clang" -c -O2 -fPIC -DLIBICAL_NAME="$name" scripts/libical-icu-shim.c -o "$shim" \
                        || { note "cannot compile scripts/libical-icu-shim.c"; icu_flags=(); break; }
                fi
                icu_flags+=(-Xlinker "$PWD/$shim" -Xlinker "--undefined=swift_$base")
            elif grep -qx "swift_$base" <<<"$exported"; then
                icu_flags+=(-Xlinker "--defsym=$name=swift_$base" -Xlinker "--undefined=swift_$base")
            else
                note "libical needs $name, which Foundation's ICU does not export; linking the system ICU (a second ICU data set, ~30 MB)"
                icu_flags=()
                break
            fi
        done
    fi
    if [ "${#icu_flags[@]}" -gt 0 ]; then
        # --undefined makes lld take each function from the archive even in a link that does
        # not otherwise need it (the PreludeCompiler build tool gets the same flags).
        flags+=("${icu_flags[@]}" -Xlinker -l_FoundationICU)
    else
        flags+=(-Xlinker -licui18n -Xlinker -licuuc -Xlinker -licudata)
    fi
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
