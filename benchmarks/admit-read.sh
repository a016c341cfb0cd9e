#!/usr/bin/env bash
# µs of CPU per AdmissionReview read, before and after the reader selected its fields: the
# release admit-read-bench (built beside `make release-serve`'s calpolicy-serve) reads the 14 KB
# review of benchmarks/admit.sh with the full-tree reader and with the selecting one, in
# alternating rounds, and prints the median round of each (not part of `make test`).
#
#   benchmarks/admit-read.sh [ROUNDS] [READS-PER-ROUND]     (default 7 rounds of 5000 reads)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product admit-read-bench --scratch-path .build/serve-release 2>&1 | grep -E "error:" && exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 benchmarks/admit_review.py "$work/review.json"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
.build/serve-release/release/admit-read-bench "$work/review.json" "${1:-7}" "${2:-5000}"
