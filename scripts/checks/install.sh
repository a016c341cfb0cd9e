#!/usr/bin/env bash
# `make install`'s tree (the staged install of scripts/stage.sh, PREFIX=/usr): stripped binaries
# with their debug info beside them (.gnu_debuglink), one ICU in the static CLI (libical's RSCALE
# answered by Foundation's ICU, agreeing with --calendar chinese), a man page per command
# holding every option its --help lists, the shipped policies and holiday data found from
# the install without CALPOLICY_DATA, the unit naming the installed server; then
# `make uninstall` into a scratch DESTDIR leaves no file behind.
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "install: FAILED: $*"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

for tool in readelf nm man gzip python3; do
    command -v "$tool" >/dev/null || { bad "$tool not found (scripts/setup.sh test installs it)"; finish; }
done
root=$(scripts/stage.sh) || { bad "the staged install could not be made"; finish; }
cli=$root/usr/bin/calpolicy
serve=$root/usr/bin/calpolicy-serve

for binary in "$cli" "$serve"; do
    name=$(basename "$binary")
    sections=$(readelf -S -W "$binary")
    if grep -q '\.debug_info' <<<"$sections"; then bad "$name is not stripped"; else ok; fi
    link=$(readelf -p .gnu_debuglink "$binary" 2>/dev/null | grep -o "$name\.debug" | head -n 1)
    [ "$link" = "$name.debug" ] && ok || bad "$name has no .gnu_debuglink to $name.debug"
    debug=$root/usr/lib/debug/usr/bin/$name.debug
    debug_sections=$(readelf -S -W "$debug" 2>/dev/null)
    grep -q '\.debug_info' <<<"$debug_sections" && ok || bad "$debug holds no debug info"
done

# One ICU: the unstripped release CLI defines Foundation's ICU data and not Debian's.
symbols=$(nm .build/release/calpolicy 2>/dev/null | grep -oE 'icudt[0-9]+_dat' | sort -u | tr '\n' ' ')
[ "$(wc -w <<<"$symbols")" -eq 1 ] && ok || bad "the release CLI links ICU data sets: '$symbols' (expected one)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# libical's RSCALE=CHINESE (through Foundation's ICU) and the engine's Chinese calendar agree on
# every New Year from 2024 to 2040.
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//check//EN\r\nBEGIN:VEVENT\r\nUID:cny@check\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:20240210\r\nRRULE:RSCALE=CHINESE;FREQ=YEARLY\r\nSUMMARY:New Year\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' >"$work/cny.ics"
cat >"$work/cny.lua" <<'EOF'
local feed = cal.ics("cny.ics")
return { decorationFor = function(day) if #feed:on(day) > 0 then return { label = "New Year" } end end }
EOF
from_ics=$(cd "$work" && "$cli" eval cny.lua --from 2024-01-01 --to 2040-12-31 --format csv --today 2024-01-01 \
    | awk -F, 'NR > 1 && $10 != "" { print $1 }')
from_calendar=$("$cli" eval --calendar chinese --from 2024-01-01 --to 2040-12-31 --format csv --today 2024-01-01 \
    | awk -F, 'NR > 1 && $3 == 1 && $4 == 1 { print $1 }')
if [ "$(wc -l <<<"$from_ics")" -eq 17 ] && [ "$from_ics" = "$from_calendar" ]; then ok
else bad "RSCALE=CHINESE New Years '$(echo $from_ics)' differ from --calendar chinese '$(echo $from_calendar)'"; fi

# Man pages: one per command of --help, each listing every option of that command's help.
man1=$root/usr/share/man/man1
commands=$("$cli" --help | awk '/^COMMANDS:/ { on = 1; next } /^[A-Z]/ { on = 0 } on && NF { print $1 }')
for command in $commands; do
    if [ "$command" = serve ]; then page=$man1/calpolicy-serve.1.gz; help=$("$serve" --help)
    else page=$man1/calpolicy-$command.1.gz; help=$("$cli" help "$command"); fi
    [ -f "$page" ] || { bad "no man page $page for '$command'"; continue; }
    want=$(awk '/^OPTIONS:/ { on = 1; next } /^$/ { on = 0 } on' <<<"$help" | wc -l)
    got=$(zcat "$page" | grep -c '^\.TP')
    [ "$want" -gt 0 ] && [ "$got" -eq "$want" ] && ok || bad "$page lists $got options, its --help $want"
done
[ -f "$man1/calpolicy.1.gz" ] && ok || bad "no calpolicy.1.gz"
warnings=$(for page in "$man1"/*.gz; do MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null; done)
[ -z "$warnings" ] && ok || bad "man warns: $(head -n 3 <<<"$warnings")"

# Installed data, found beside the binary: a shipped policy and the holiday data.
out=$(cd "$work" && env -u CALPOLICY_DATA "$cli" eval "$root/usr/share/calpolicy/policies/us-federal-holidays.lua" \
    --month 2026-12 --today 2026-12-01 2>&1)
grep -q "Christmas Day" <<<"$out" && ok || bad "installed policy: $out"
out=$(cd "$work" && env -u CALPOLICY_DATA "$cli" eval holidays:DE --month 2026-10 --today 2026-10-01 2>&1)
grep -q "German Unity Day" <<<"$out" && ok || bad "installed holiday data: $out"
grep -qx "ExecStart=/usr/bin/calpolicy-serve .*" "$root/lib/systemd/system/calpolicy-serve.service" && ok \
    || bad "the unit does not start /usr/bin/calpolicy-serve"
grep -q '@[A-Z]*@' "$root/lib/systemd/system/calpolicy-serve.service" && bad "the unit has a placeholder left" || ok
"$serve" --version >/dev/null && ok || bad "the installed calpolicy-serve does not run"

# scripts/install-binary.sh, the step install.sh and the benchmarks' installed binary share: the
# same bytes as the staged install (stripped, with its debug link), or the binary itself with
# STRIP=0, and no staging file left beside the target.
mkdir -p "$work/bin"
if STRIP=1 scripts/install-binary.sh .build/release/calpolicy "$work/bin/calpolicy" "$work/bin/calpolicy.debug" \
    && cmp -s "$work/bin/calpolicy" "$cli"; then ok; else bad "install-binary.sh's binary differs from the staged install's"; fi
if STRIP=0 scripts/install-binary.sh .build/release/calpolicy "$work/bin/plain" && cmp -s "$work/bin/plain" .build/release/calpolicy \
    && [ -x "$work/bin/plain" ]; then ok; else bad "install-binary.sh with STRIP=0 did not install the binary as built"; fi
left=$(cd "$work/bin" && ls | grep -vx -e calpolicy -e calpolicy.debug -e plain)
[ -z "$left" ] && ok || bad "install-binary.sh left: $left"

# make uninstall removes what make install put there, and nothing else.
dest=$work/dest
mkdir -p "$dest/usr/local/share/keep"
touch "$dest/usr/local/share/keep/other-file"
if make -s -o release -o release-serve install DESTDIR="$dest" PREFIX=/usr/local >"$work/log" 2>&1; then ok; else bad "make install: $(tail -n 3 "$work/log")"; fi
[ -x "$dest/usr/local/bin/calpolicy" ] && [ -f "$dest/usr/local/share/man/man1/calpolicy-eval.1.gz" ] \
    && [ -f "$dest/usr/local/lib/systemd/system/calpolicy-serve.service" ] && ok || bad "make install DESTDIR: files missing"
make -s uninstall DESTDIR="$dest" PREFIX=/usr/local >"$work/log" 2>&1 || bad "make uninstall: $(tail -n 3 "$work/log")"
left=$(cd "$dest" && find . -type f | grep -v '^./usr/local/share/keep/other-file$')
[ -z "$left" ] && [ -f "$dest/usr/local/share/keep/other-file" ] && ok || bad "make uninstall left: $(head -n 5 <<<"$left")"
finish
