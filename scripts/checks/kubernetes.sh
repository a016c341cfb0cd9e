#!/usr/bin/env bash
# deploy/kubernetes, offline:
#   - every manifest validates against Kubernetes' own schemas (kubernetes-validate, pinned in
#     scripts/requirements-test.txt, strict: unknown fields are errors) for KUBERNETES_VERSION;
#   - the Deployment serves only files its ConfigMap holds, mounts the ConfigMap as a folder
#     (never subPath, whose copy never updates), probes /ready and /health, has 2 replicas;
#     the ConfigMap's policies are the repository's policies/ text; the PDB and the Service
#     select the Deployment's pods;
#   - the kubelet's ConfigMap update, simulated: a folder laid out as the kubelet does
#     (policy.lua → ..data/policy.lua, ..data → ..TIMESTAMP) gets a new ..TIMESTAMP and ..data
#     is renamed over atomically; the staged calpolicy-serve --watch must reload and answer
#     with the new policy.
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
version=${KUBERNETES_VERSION:-1.30}

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "kubernetes: FAILED: $*"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

validate=.venv/bin/kubernetes-validate
[ -x "$validate" ] || { bad "kubernetes-validate not found in .venv (scripts/setup.sh test installs it)"; finish; }
# The service's manifests and the GitHub rule's own (one replica with its state, deploy/kubernetes/github).
for manifest in deploy/kubernetes/*.yaml deploy/kubernetes/github/*.yaml; do
    [ "$(basename "$manifest")" = kustomization.yaml ] && continue
    if out=$("$validate" --strict -k "$version" "$manifest" 2>&1) && ! grep -qi "error\|invalid" <<<"$out"; then ok
    else bad "$manifest: $out"; fi
done
# A broken manifest must fail (the validator is really looking).
sed 's/containerPort: 8443/containerPort: "eighty"/' deploy/kubernetes/deployment.yaml >"${TMPDIR:-/tmp}/broken-$$.yaml"
if "$validate" --strict -k "$version" "${TMPDIR:-/tmp}/broken-$$.yaml" >/dev/null 2>&1; then bad "a string containerPort validated"; else ok; fi
rm -f "${TMPDIR:-/tmp}/broken-$$.yaml"

.venv/bin/python - <<'PY' && ok || bad "the manifests do not fit together (see above)"
import glob, yaml
docs = {}
for path in glob.glob("deploy/kubernetes/*.yaml"):
    for doc in yaml.safe_load_all(open(path)):
        docs[doc["kind"]] = doc
kustomization = docs.pop("Kustomization")
deployment, configmap = docs["Deployment"], docs["ConfigMap"]
assert sorted(kustomization["resources"]) == sorted(p.split("/")[-1] for p in glob.glob("deploy/kubernetes/*.yaml")
                                                   if not p.endswith("kustomization.yaml")), "kustomization resources"
spec = deployment["spec"]
assert spec["replicas"] == 2, "replicas"
pod = spec["template"]["spec"]
container = pod["containers"][0]
volume = next(v for v in pod["volumes"] if v.get("configMap"))
assert volume["configMap"]["name"] == configmap["metadata"]["name"], "the volume names another ConfigMap"
mount = next(m for m in container["volumeMounts"] if m["name"] == volume["name"])
assert "subPath" not in mount, "a subPath mount never sees ConfigMap updates"
served = [a for a in container["args"] if a.startswith(mount["mountPath"] + "/")]
assert served, "no policy from the ConfigMap in args"
for path in served:
    assert path.rsplit("/", 1)[1] in configmap["data"], f"{path} is not a key of the ConfigMap"
for key, text in configmap["data"].items():
    assert text == open(f"policies/{key}").read(), f"ConfigMap {key} differs from policies/{key}"
assert "--watch" in container["args"], "no --watch"
diagnostic = container["args"][container["args"].index("--diagnostic-addr") + 1]
assert diagnostic.startswith("127.0.0.1:"), "the probes' diagnostic listener is loopback only"
assert container["readinessProbe"]["exec"]["command"][1:] == ["--probe", f"http://{diagnostic}/ready"]
assert container["livenessProbe"]["exec"]["command"][1:] == ["--probe", f"http://{diagnostic}/health"]
assert container["resources"]["requests"]["memory"], "no memory request"
labels = spec["template"]["metadata"]["labels"]
for kind in ("Service", "PodDisruptionBudget"):
    selector = docs[kind]["spec"]["selector"]
    selector = selector.get("matchLabels", selector)
    assert all(labels.get(k) == v for k, v in selector.items()), f"the {kind} does not select the pods"
assert spec["selector"]["matchLabels"].items() <= labels.items()
# The webhook reaches the pods: the Service's ports name container ports, the pair cert-manager
# writes is the Secret the pods mount and give --tls-cert, and the CA injected is that certificate's.
names = {p["name"] for p in container["ports"]}
for port in docs["Service"]["spec"]["ports"]:
    assert port["targetPort"] in names, f"the Service targets port {port['targetPort']}, which no container names"
certificate = docs["Certificate"]
tls = next(v for v in pod["volumes"] if v.get("secret"))
assert tls["secret"]["secretName"] == certificate["spec"]["secretName"], "the pods mount another Secret than the Certificate's"
tls_mount = next(m for m in container["volumeMounts"] if m["name"] == tls["name"])["mountPath"]
args = container["args"]
assert args[args.index("--tls-cert") + 1] == tls_mount + "/tls.crt" and args[args.index("--tls-key") + 1] == tls_mount + "/tls.key"
webhook = docs["ValidatingWebhookConfiguration"]
injected = webhook["metadata"]["annotations"]["cert-manager.io/inject-ca-from"]
assert injected == f"{certificate['metadata']['namespace']}/{certificate['metadata']['name']}", "CA injected from another Certificate"
service = webhook["webhooks"][0]["clientConfig"]["service"]
assert f"{service['name']}.{service['namespace']}.svc" in certificate["spec"]["dnsNames"], "the certificate does not name the webhook's Service"
assert service["port"] in {p["port"] for p in docs["Service"]["spec"]["ports"]}, "the webhook calls a port the Service lacks"
print(f"kubernetes: {len(served)} policies from ConfigMap '{configmap['metadata']['name']}', folder mount, probes, selectors")
PY

root=$(scripts/stage.sh) || { bad "the staged install could not be made"; finish; }
work=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null; rm -rf "$work"' EXIT
volume=$work/volume
mkdir -p "$volume/..2026_01_01_00_00_00.1"
cp policies/weekends.lua "$volume/..2026_01_01_00_00_00.1/policy.lua"
ln -s ..2026_01_01_00_00_00.1 "$volume/..data"
ln -s ..data/policy.lua "$volume/policy.lua"
"$root/usr/bin/calpolicy-serve" "$volume/policy.lua" --listen 127.0.0.1:0 --watch --today 2026-12-01 >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 200); do grep -q listening "$work/out" && break; sleep 0.05; done
base=$(sed -n 's/^listening on //p' "$work/out")
[ -n "$base" ] || { bad "calpolicy-serve did not start: $(cat "$work/err")"; finish; }
day() { curl -s "$base/v1/days?from=2026-12-25&to=2026-12-25"; }
before=$(day)
version_before=$(curl -s "$base/v1/status" | sed -n 's/.*"version": "\([0-9a-f]*\)".*/\1/p')
grep -q '"selectable": true' <<<"$before" && ok || bad "before the update, 2026-12-25 is not selectable: $before"
# The kubelet's update: a new timestamped folder, a new link renamed over ..data, the old folder removed.
mkdir "$volume/..2026_01_02_00_00_00.2"
cat >"$volume/..2026_01_02_00_00_00.2/policy.lua" <<'EOF'
return { canSelect = function(day) if day.month == 12 and day.day == 25 then return false, "closed by the update" end return true end }
EOF
ln -s ..2026_01_02_00_00_00.2 "$volume/..data_tmp"
mv -T "$volume/..data_tmp" "$volume/..data"
rm -rf "$volume/..2026_01_01_00_00_00.1"
after=""
for _ in $(seq 100); do
    after=$(day)
    grep -q "closed by the update" <<<"$after" && break
    sleep 0.1
done
grep -q "closed by the update" <<<"$after" && ok || bad "--watch did not reload after the ..data swap: $after"
status=$(curl -s "$base/v1/status")
version_after=$(sed -n 's/.*"version": "\([0-9a-f]*\)".*/\1/p' <<<"$status")
[ -n "$version_before" ] && [ -n "$version_after" ] && [ "$version_before" != "$version_after" ] \
    && ! grep -q '"lastReload": null' <<<"$status" && ok \
    || bad "/v1/status does not show the reload (version $version_before → $version_after)"
finish
