#!/usr/bin/env bash
# setup-calpolicy's one step, also run by scripts/checks/setup-action.sh against a local server:
# download calpolicy-VERSION-linux-x86_64 and SHA256SUMS from BASE/vVERSION/, check the binary's
# SHA-256 against its line in SHA256SUMS, install it into CALPOLICY_INSTALL_DIR and add that to
# GITHUB_PATH. Nothing is installed unless the digest matches and the binary runs.
#
#   CALPOLICY_VERSION=0.1.0 CALPOLICY_BASE_URL=https://... CALPOLICY_INSTALL_DIR=DIR \
#   GITHUB_PATH=FILE [GITHUB_OUTPUT=FILE] install.sh
set -euo pipefail
version=${CALPOLICY_VERSION:?CALPOLICY_VERSION is required}
version=${version#v}
base=${CALPOLICY_BASE_URL:?CALPOLICY_BASE_URL is required}
dir=${CALPOLICY_INSTALL_DIR:?CALPOLICY_INSTALL_DIR is required}
case "$version" in
    *[!0-9A-Za-z.+-]* | "") echo "setup-calpolicy: version '$version' is not a version (like 0.1.0)" >&2; exit 1 ;;
esac
case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x86_64 ;;
    *) echo "setup-calpolicy: releases are built for Linux x86_64, not $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac
name="calpolicy-$version-$platform"
url="${base%/}/v$version"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl --fail --silent --show-error --location --proto '=https,http' --retry 3 -o "$work/$name" "$url/$name"
curl --fail --silent --show-error --location --proto '=https,http' --retry 3 -o "$work/SHA256SUMS" "$url/SHA256SUMS"
expected=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$work/SHA256SUMS")
[ -n "$expected" ] || { echo "setup-calpolicy: SHA256SUMS has no line for $name" >&2; exit 1; }
actual=$(sha256sum "$work/$name" | awk '{ print $1 }')
if [ "$actual" != "$expected" ]; then
    echo "setup-calpolicy: $name: SHA-256 $actual does not match SHA256SUMS ($expected); not installed" >&2
    exit 1
fi
chmod 0755 "$work/$name"
"$work/$name" --version >/dev/null || { echo "setup-calpolicy: $name does not run here" >&2; exit 1; }
mkdir -p "$dir"
install -m 0755 "$work/$name" "$dir/calpolicy"
echo "$dir" >> "${GITHUB_PATH:?GITHUB_PATH is required}"
[ -z "${GITHUB_OUTPUT:-}" ] || echo "path=$dir/calpolicy" >> "$GITHUB_OUTPUT"
echo "setup-calpolicy: $("$dir/calpolicy" --version) in $dir"
