# The documents of a `calpolicy gitops-pause` stream that are due now: for each Flux object, the
# last document whose calpolicy.dev/applies-at has come (the stream is in order of that instant,
# so the last due is the current state: suspended inside a window, resumed after it). Instants
# are UTC, `2026-12-24T00:00:00Z`, which compare as text. Used by the CronJob of docs/gitops.md:
#   awk -v now="$(date -u +%Y-%m-%dT%H:%M:%SZ)" -f due.awk pause.yaml | kubectl apply --server-side ...
function flush(   key) {
    if (doc != "" && at != "" && at <= now) {
        key = kind "/" namespace "/" name
        if (!(key in due)) order[++count] = key
        due[key] = doc
    }
    doc = ""; at = ""; kind = ""; namespace = ""; name = ""
}
/^---$/ { flush(); doc = "---\n"; next }
doc == "" { next }
{ doc = doc $0 "\n" }
/^kind: / { kind = $2 }
/^  name: / { name = $2 }
/^  namespace: / { namespace = $2 }
/^    calpolicy\.dev\/applies-at: / { at = $2; gsub(/"/, "", at) }
END {
    flush()
    for (i = 1; i <= count; i++) printf "%s", due[order[i]]
}
