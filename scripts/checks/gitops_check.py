#!/usr/bin/env python3
"""`calpolicy gitops-pause` checked from outside (see gitops.sh): every document validates
against Flux's own CRD schema for the version it names (Tests/fixtures/flux-crds), the edges
agree with `calpolicy gate` at their instants, integrations/flux/due.awk picks the state a
CronJob applies, docs/gitops.md's CronJob is a valid Kubernetes object, and bad input is one
line and exit 2. Prints "N passed, N failed"."""
import copy
import os
import subprocess
import sys

import jsonschema
import yaml

CALPOLICY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/calpolicy"
CRDS = "Tests/fixtures/flux-crds"
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("ok " + what)
    else:
        failed += 1
        print("FAILED " + what)


def run(*args):
    return subprocess.run([CALPOLICY, *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "NO_COLOR": "1", "LANG": "C.UTF-8"})


def schemas():
    """(apiVersion, kind) -> the openAPIV3Schema of each served version."""
    found = {}
    for name in sorted(os.listdir(CRDS)):
        if not name.endswith(".yaml"):
            continue
        with open(os.path.join(CRDS, name)) as f:
            crd = yaml.safe_load(f)
        for version in crd["spec"]["versions"]:
            if version.get("served"):
                found[(crd["spec"]["group"] + "/" + version["name"], crd["spec"]["names"]["kind"])] = \
                    version["schema"]["openAPIV3Schema"]
    return found


def as_patch(schema):
    """The schema without `required`: a document carries only the fields it sets (server-side
    apply merges it into the live object, whose required fields the API server checks)."""
    schema = copy.deepcopy(schema)

    def strip(node):
        if isinstance(node, dict):
            node.pop("required", None)
            for value in node.values():
                strip(value)
        elif isinstance(node, list):
            for value in node:
                strip(value)
    strip(schema)
    return schema


def unknown_fields(document, schema, path=""):
    """Fields the schema does not declare (the API server's strict field validation)."""
    if not isinstance(document, dict) or "properties" not in schema:
        return []
    out = []
    for key, value in document.items():
        if key not in schema["properties"]:
            out.append(path + key)
        else:
            out += unknown_fields(value, schema["properties"][key], path + key + ".")
    return out


def gate(instant, *policies):
    return run("gate", *policies, "--at", instant).returncode


def main():
    known = schemas()
    check(set(known) == {("kustomize.toolkit.fluxcd.io/v1", "Kustomization"), ("helm.toolkit.fluxcd.io/v2", "HelmRelease")},
          f"the Flux CRDs serve Kustomization v1 and HelmRelease v2 ({sorted(known)})")
    policies = ["policies/change-freeze.lua", "policies/weekends.lua"]
    objects = ["--kustomization", "flux-system/apps", "--helmrelease", "payments/checkout", "--kustomization", "flux-system/infra"]
    done = run("gitops-pause", *policies, "--from", "2026-12-01", "--to", "2027-01-31", *objects)
    check(done.returncode == 0 and not done.stderr, f"gitops-pause over two months exits 0 ({done.returncode} {done.stderr[:200]})")
    documents = [d for d in yaml.safe_load_all(done.stdout) if d is not None]
    check(len(documents) > 0 and len(documents) % 3 == 0, f"one document per object and edge ({len(documents)})")
    bad = []
    for document in documents:
        schema = known.get((document.get("apiVersion"), document.get("kind")))
        if schema is None:
            bad.append(f"{document.get('apiVersion')} {document.get('kind')}: no served CRD version")
            continue
        try:
            jsonschema.validate(document, as_patch(schema), cls=jsonschema.Draft7Validator)
        except jsonschema.ValidationError as error:
            bad.append(error.message)
        bad += [f"unknown field {f}" for f in unknown_fields(document, schema)]
        if set(document["spec"]) != {"suspend"}:
            bad.append(f"spec sets more than suspend: {document['spec']}")
    check(not bad, f"every document validates against its Flux CRD schema, no unknown field ({bad[:3]})")

    # Order and pairing: per object suspend, resume, suspend, ...; instants never go back.
    instants = [d["metadata"]["annotations"]["calpolicy.dev/applies-at"] for d in documents]
    check(instants == sorted(instants), "documents are in order of their applies-at")
    by_object = {}
    for d in documents:
        key = (d["kind"], d["metadata"]["namespace"], d["metadata"]["name"])
        by_object.setdefault(key, []).append(d)
    check(len(by_object) == 3, f"three objects ({sorted(by_object)})")
    alternate = all(
        [d["spec"]["suspend"] for d in docs] == [i % 2 == 0 for i in range(len(docs))]
        and all((d["metadata"]["annotations"]["calpolicy.dev/pause"] == "suspend") == d["spec"]["suspend"] for d in docs)
        for docs in by_object.values())
    check(alternate, "each object is suspended, then resumed, in turn; the annotation says which")

    # The edges against the gate: closed from each suspend, open from each resume, the other
    # way just before (the span's first instant excepted).
    first = by_object[("Kustomization", "flux-system", "apps")]
    wrong = []
    for d in first:
        at = d["metadata"]["annotations"]["calpolicy.dev/applies-at"]
        expected = 1 if d["spec"]["suspend"] else 0
        if gate(at, *policies) != expected:
            wrong.append(f"{at}: gate is not {'closed' if expected else 'open'}")
    check(not wrong and len(first) >= 2, f"the gate is closed at every suspend and open at every resume ({wrong[:3]}, {len(first)} edges)")
    # The year-end freeze (2026-12-18 .. 2027-01-04, with its weekends) is one suspend.
    year_end = [d for d in first if "Year-end change freeze" in d["metadata"]["annotations"]["calpolicy.dev/reason"]]
    check([d["metadata"]["annotations"]["calpolicy.dev/applies-at"] for d in year_end] == ["2026-12-18T00:00:00Z", "2027-01-05T00:00:00Z"],
          f"the year-end freeze is suspended at its first day and resumed after its last ({[d['metadata']['annotations'] for d in year_end]})")

    # due.awk: what a CronJob applies at an instant.
    def due(now):
        text = subprocess.run(["awk", "-v", f"now={now}", "-f", "integrations/flux/due.awk"], input=done.stdout,
                              capture_output=True, text=True, check=True).stdout
        return [(d["metadata"]["name"], d["spec"]["suspend"]) for d in yaml.safe_load_all(text) if d]
    check(due("2026-12-25T12:00:00Z") == [("apps", True), ("infra", True), ("checkout", True)],
          f"due.awk inside the freeze: every object suspended ({due('2026-12-25T12:00:00Z')})")
    check(due("2027-01-05T09:00:00Z") == [("apps", False), ("infra", False), ("checkout", False)],
          f"due.awk after the freeze: every object resumed ({due('2027-01-05T09:00:00Z')})")
    check(due("2026-11-01T00:00:00Z") == [], "due.awk before the first edge: nothing to apply")

    # A span ending inside the freeze: no resume, said in the header.
    inside = run("gitops-pause", "policies/change-freeze.lua", "--from", "2026-12-01", "--to", "2026-12-24",
                 "--kustomization", "flux-system/apps")
    docs = [d for d in yaml.safe_load_all(inside.stdout) if d]
    check(inside.returncode == 0 and [d["spec"]["suspend"] for d in docs] == [True]
          and "no resume is written" in inside.stdout,
          f"a span ending inside a window writes its suspend and no resume ({[d['spec'] for d in docs]})")
    # No closed time: an empty stream that says so.
    empty = run("gitops-pause", "policies/change-freeze.lua", "--from", "2027-02-01", "--to", "2027-02-28",
                "--helmrelease", "default/web")
    check(empty.returncode == 0 and not [d for d in yaml.safe_load_all(empty.stdout) if d]
          and "nothing to suspend" in empty.stdout, "a span with no closed time is an empty stream saying so")

    # Bad input: one line, exit 2.
    for args, words, what in [
        (["--from", "2026-12-01", "--to", "2026-12-31"], "--kustomization", "no object named"),
        (["--from", "2026-12-01", "--to", "2026-12-31", "--kustomization", "apps"], "NAMESPACE/NAME", "an object without a namespace"),
        (["--from", "2026-12-01", "--to", "2026-12-31", "--helmrelease", "Flux_System/apps"], "namespace", "a namespace Kubernetes refuses"),
        (["--from", "2026-12-01", "--to", "2026-12-31", "--kustomization", "flux-system/-apps"], "name", "a name Kubernetes refuses"),
        (["--from", "2026-12-31", "--to", "2026-12-01", "--kustomization", "flux-system/apps"], "before --from", "--to before --from"),
        (["--from", "2026-01-01", "--to", "2027-06-30", "--kustomization", "flux-system/apps"], "12 months", "a span over 12 months"),
        (["--to", "2026-12-31", "--kustomization", "flux-system/apps"], "--from", "no --from"),
    ]:
        result = run("gitops-pause", "policies/change-freeze.lua", *args)
        lines = result.stderr.strip().splitlines()
        check(result.returncode == 2 and len(lines) == 1 and lines[0].startswith("calpolicy: ") and words in lines[0]
              and not result.stdout, f"{what}: exit 2, one line ({result.returncode}: {result.stderr.strip()[:160]})")
    # The CronJob of docs/gitops.md is a valid Kubernetes object (strict: no unknown field).
    with open("docs/gitops.md") as f:
        blocks = f.read().split("```yaml\n")[1:]
    cronjob = next((b.split("```", 1)[0] for b in blocks if "kind: CronJob" in b), None)
    validate = os.path.join(os.path.dirname(sys.executable), "kubernetes-validate")
    if cronjob is None or not os.path.exists(validate):
        check(False, f"docs/gitops.md has a CronJob and kubernetes-validate is installed ({validate})")
    else:
        path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"gitops-cronjob-{os.getpid()}.yaml")
        with open(path, "w") as f:
            f.write(cronjob)
        done = subprocess.run([validate, "--strict", "-k", "1.30", path], capture_output=True, text=True, timeout=120)
        os.unlink(path)
        check(done.returncode == 0 and "error" not in done.stdout.lower(),
              f"the CronJob of docs/gitops.md validates against Kubernetes' schemas ({done.stdout.strip()[:200]})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
