#!/usr/bin/env bash
# The committed holiday data set (data/holidays) is what scripts/holidays/generate.py writes
# with the pinned python-holidays (scripts/holidays/requirements.txt, the same pin as
# scripts/requirements-test.txt): the name patterns' unit test, then every file regenerated
# into a temporary folder and compared byte for byte (about 30 s for all 283 files).
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2
pinned=$(sed -n 's/^holidays==//p' scripts/holidays/requirements.txt)
have=$(.venv/bin/python -c 'import holidays; print(holidays.__version__)')
if [ "$pinned" != "$have" ]; then
    echo "holidays-data: python-holidays $have is installed, the data is pinned to $pinned" >&2
    exit 1
fi

(cd scripts/holidays && ../../.venv/bin/python -m unittest -q test_names)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LANG=C.UTF-8 .venv/bin/python scripts/holidays/generate.py "$tmp"
cp data/holidays/LICENSE "$tmp/LICENSE"
if ! diff -rq data/holidays "$tmp" >"$tmp.diff"; then
    cat "$tmp.diff"
    echo "holidays-data: data/holidays differs from what scripts/holidays/generate.py writes"
    rm -f "$tmp.diff"
    exit 1
fi
rm -f "$tmp.diff"
echo "holidays-data: $(ls data/holidays/*.tsv | wc -l) files match python-holidays $pinned"
