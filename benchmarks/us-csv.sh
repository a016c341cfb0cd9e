#!/usr/bin/env bash
# Issue 51's workload, whole processes: 300 years (1900-2199) of U.S. federal holidays and
# weekends as CSV, the two policies the project ships, against python-holidays writing
# `date,selectable` for the same days (benchmarks/peers/holidays_selectable.py).
#
# Runs, alternately N times (default 15), and prints medians and ratios:
#   * us:      eval policies/us-federal-holidays.lua                      (one policy)
#   * us+wk:   eval policies/weekends.lua policies/us-federal-holidays.lua (two policies)
#   * before:  the same two policies as they were before they answered a year at once
#              (day by day, from git revision BEFORE, default 90ca4ed), same binary
#   * peer:    the python-holidays script
# and checks that the two-policy CSV's date and selectable columns are those of the
# day-by-day policies byte for byte, and how many days differ from python-holidays' U.S.
# list (it lists none after its end_year, 2100, and its default category is not the federal one).
# Usage: benchmarks/us-csv.sh [CALPOLICY] [N]  (default .build/release/calpolicy)
set -euo pipefail
cd "$(dirname "$0")/.."
calpolicy=${1:-.build/release/calpolicy}
runs=${2:-15}
before_rev=${BEFORE:-90ca4ed}
python=.venv/bin/python
[ -x "$calpolicy" ] || { echo "us-csv.sh: $calpolicy is not built (make release)" >&2; exit 1; }
"$python" -c "import holidays" || { echo "us-csv.sh: python-holidays missing in .venv" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/before"
for f in weekends us-federal-holidays; do git show "$before_rev:policies/$f.lua" >"$work/before/$f.lua"; done
span=(--from 1900-01-01 --to 2199-12-31 --format csv --today 2026-12-01)

run_us() { "$calpolicy" eval policies/us-federal-holidays.lua "${span[@]}"; }
run_two() { "$calpolicy" eval policies/weekends.lua policies/us-federal-holidays.lua "${span[@]}"; }
run_before() { "$calpolicy" eval "$work/before/weekends.lua" "$work/before/us-federal-holidays.lua" "${span[@]}"; }
run_before_us() { "$calpolicy" eval "$work/before/us-federal-holidays.lua" "${span[@]}"; }
run_peer() { "$python" benchmarks/peers/holidays_selectable.py 1900 2199; }

# Results first: the year answers must be the day-by-day answers, whole rows.
run_two >"$work/two.csv"
run_before >"$work/before.csv"
sed "s#$work/before/#policies/#g" "$work/before.csv" | cmp -s "$work/two.csv" - || { echo "us-csv.sh: two-policy CSV differs from the day-by-day policies" >&2; exit 1; }
run_peer >"$work/peer.csv"
cut -d, -f1,6 "$work/two.csv" | tail -n +2 >"$work/two.cols"
tail -n +2 "$work/peer.csv" >"$work/peer.cols"
differ=$(diff "$work/two.cols" "$work/peer.cols" | grep -c '^<' || true)
echo "two-policy CSV = day-by-day CSV byte for byte ($(wc -l <"$work/two.csv") lines);" \
     "date,selectable against python-holidays: $differ of $(wc -l <"$work/peer.cols") days differ (its list ends in 2100 and is not the federal one)"

# Wall time (date +%s%N) and CPU time (bash's `time`: user + system of the run) per run: on a
# shared machine the CPU figures move less than the wall ones.
declare -A times cpus
names=(us two before before_us peer)
TIMEFORMAT='%3U %3S'
for _ in $(seq "$runs"); do
    for name in "${names[@]}"; do
        start=$(date +%s%N)
        cpu=$( { time case $name in
            us) run_us ;; two) run_two ;; before) run_before ;; before_us) run_before_us ;; peer) run_peer ;;
        esac >/dev/null; } 2>&1 )
        end=$(date +%s%N)
        times[$name]+="$(( (end - start) / 1000 )) "
        cpus[$name]+="$(awk -v u="${cpu% *}" -v s="${cpu#* }" 'BEGIN { printf "%d", (u + s) * 1000000 }') "
    done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "calpolicy: $calpolicy, median of $runs alternating runs (ms)"
for kind in wall cpu; do
    declare -n all=$([ "$kind" = wall ] && echo times || echo cpus)
    m_us=$(median "${all[us]}"); m_two=$(median "${all[two]}"); m_before=$(median "${all[before]}")
    m_before_us=$(median "${all[before_us]}"); m_peer=$(median "${all[peer]}")
    echo "[$kind] before (day by day, $before_rev): us-federal-holidays.lua $m_before_us, + weekends.lua $m_before"
    echo "[$kind] after (answersForYear):           us-federal-holidays.lua $m_us, + weekends.lua $m_two"
    echo "[$kind] python-holidays date,selectable:  $m_peer"
    echo "[$kind] two policies / one policy: before $(ratio "$m_before" "$m_before_us"), after $(ratio "$m_two" "$m_us") (target <= 1.3)"
    echo "[$kind] two-policy CSV / python-holidays: before $(ratio "$m_before" "$m_peer"), after $(ratio "$m_two" "$m_peer") (target <= 0.10)"
    unset -n all
done
