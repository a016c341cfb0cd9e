"""The 14 KB AdmissionReview of benchmarks/admit.sh and benchmarks/admit-read.sh: the fixture's
UPDATE of a Deployment, grown to a realistic pod template (containers with env, probes and
resources) and a last-applied-configuration annotation. Usage: admit_review.py OUT.json"""
import copy, json, sys
review = json.load(open("Tests/fixtures/admission/reviews/update-image.json"))
request = review["request"]
def grow(obj, image):
    spec = obj["spec"]["template"]["spec"]
    container = spec["containers"][0]
    container["image"] = image
    container["env"] = [{"name": f"SETTING_{i:02d}", "value": f"value-{i:02d}-" + "x" * 40} for i in range(36)]
    container["resources"] = {"requests": {"cpu": "250m", "memory": "256Mi"}, "limits": {"memory": "512Mi"}}
    container["readinessProbe"] = {"httpGet": {"path": "/ready", "port": 8080}, "periodSeconds": 5}
    spec["containers"].append({"name": "proxy", "image": "envoyproxy/envoy:v1.31.0",
                               "args": ["--config-path", "/etc/envoy/envoy.yaml"] + [f"--opt-{i}" for i in range(20)]})
    obj["metadata"].setdefault("annotations", {})["kubectl.kubernetes.io/last-applied-configuration"] = \
        json.dumps({"apiVersion": "apps/v1", "kind": "Deployment", "spec": obj["spec"]})[:1800]
for key, image in (("object", "registry.example.com/checkout:2.4.1"), ("oldObject", "registry.example.com/checkout:2.4.0")):
    if request.get(key):
        grow(request[key], image)
body = json.dumps(review)
open(sys.argv[1], "w").write(body)
print(f"review: {len(body)} bytes ({request['operation']} of {request['kind']['kind']})")
