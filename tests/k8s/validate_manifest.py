#!/usr/bin/env python3
"""Offline validation of generated Kubernetes manifests against the API schema that Debian's
python3-kubernetes client carries (its generated models list every field, its type and which
fields are required). Usage: validate_manifest.py FILE.yaml|FILE.json [--expect-json FILE]
Every object of a YAML stream (or a v1 List) is checked: unknown fields, wrong types and missing
required fields are errors. Multi-host Jobs come with a headless Service: it must select the Job's
pods and be their subdomain, and an Indexed Job must run all its indexes at once. Every Job comes
with its security baseline (NetworkPolicy, Role, RoleBinding, Workload Identity), checked by
check_security.py. With --expect-json, the YAML must parse to exactly that JSON (so the YAML writer
is tested too). Exit 0 valid, 1 invalid (errors on stderr), 2 usage."""
import json
import os
import re
import sys

import yaml
from kubernetes import client

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_security import check_security  # noqa: E402

KINDS = {("v1", "Namespace"): "V1Namespace", ("v1", "ServiceAccount"): "V1ServiceAccount",
         ("v1", "Service"): "V1Service", ("batch/v1", "Job"): "V1Job",
         ("networking.k8s.io/v1", "NetworkPolicy"): "V1NetworkPolicy",
         ("rbac.authorization.k8s.io/v1", "Role"): "V1Role",
         ("rbac.authorization.k8s.io/v1", "RoleBinding"): "V1RoleBinding"}
PRIMITIVES = {"str": str, "int": int, "bool": bool, "float": (int, float)}


def check(value, type_name, path, errors):
    if type_name == "object":
        return value
    if type_name in PRIMITIVES:
        ok = isinstance(value, PRIMITIVES[type_name]) and not (type_name == "int" and isinstance(value, bool))
        if not ok:
            errors.append("%s: expected %s, got %r" % (path, type_name, value))
        return value
    m = re.match(r"list\[(.+)\]$", type_name)
    if m:
        if not isinstance(value, list):
            errors.append("%s: expected a list" % path)
            return []
        return [check(v, m.group(1), "%s[%d]" % (path, i), errors) for i, v in enumerate(value)]
    m = re.match(r"dict\(str, (.+)\)$", type_name)
    if m:
        if not isinstance(value, dict):
            errors.append("%s: expected a map" % path)
            return {}
        return {k: check(v, m.group(1), "%s.%s" % (path, k), errors) for k, v in value.items()}
    klass = getattr(client, type_name)
    if not isinstance(value, dict):
        errors.append("%s: expected an object (%s)" % (path, type_name))
        return None
    by_json = {v: k for k, v in klass.attribute_map.items()}
    kwargs = {}
    for key, v in value.items():
        if key not in by_json:
            errors.append("%s.%s: unknown field of %s" % (path, key, type_name))
            continue
        attr = by_json[key]
        kwargs[attr] = check(v, klass.openapi_types[attr], "%s.%s" % (path, key), errors)
    try:
        klass(**kwargs)  # the generated setters reject missing required fields and bad enums
    except (ValueError, TypeError) as e:
        errors.append("%s: %s" % (path, e))
    return value


def check_group(objects, errors):
    """What the schema cannot say: an Indexed Job runs all its indexes at once (the ranks must
    rendezvous), and its pods' subdomain is a headless Service of the same set that selects them;
    the security baseline (check_security.py)."""
    check_security(objects, errors)
    services = {(o.get("metadata", {}).get("namespace"), o.get("metadata", {}).get("name")): o
                for o in objects if isinstance(o, dict) and o.get("kind") == "Service"}
    for job in (o for o in objects if isinstance(o, dict) and o.get("kind") == "Job"):
        spec, name = job.get("spec", {}), job.get("metadata", {}).get("name")
        pod = spec.get("template", {})
        if spec.get("completionMode") == "Indexed" and spec.get("parallelism") != spec.get("completions"):
            errors.append("Job %s: Indexed with parallelism %r != completions %r" %
                          (name, spec.get("parallelism"), spec.get("completions")))
        sub = pod.get("spec", {}).get("subdomain")
        if sub is None:
            continue
        svc = services.get((job.get("metadata", {}).get("namespace"), sub))
        if svc is None:
            errors.append("Job %s: subdomain %r names no Service in its namespace" % (name, sub))
            continue
        sspec = svc.get("spec", {})
        if sspec.get("clusterIP") != "None":
            errors.append("Service %s: a pods' subdomain must be headless (clusterIP: None)" % sub)
        labels = pod.get("metadata", {}).get("labels", {})
        selector = sspec.get("selector") or {}
        if not selector or any(labels.get(k) != v for k, v in selector.items()):
            errors.append("Service %s: selector %r does not select Job %s's pods" % (sub, selector, name))


def validate(obj, errors):
    if obj.get("kind") == "List":
        for i, item in enumerate(obj.get("items", [])):
            validate(item, errors)
        check_group(obj.get("items", []), errors)
        return
    key = (obj.get("apiVersion"), obj.get("kind"))
    if key not in KINDS:
        errors.append("unsupported object %s/%s" % key)
        return
    check(obj, KINDS[key], obj.get("kind", "?"), errors)


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        text = f.read()
    docs = [json.loads(text)] if argv[0].endswith(".json") else [d for d in yaml.safe_load_all(text) if d]
    errors = []
    for d in docs:
        validate(d, errors)
    if len(docs) > 1:
        check_group(docs, errors)
    if len(argv) >= 3 and argv[1] == "--expect-json":
        with open(argv[2], encoding="utf-8") as f:
            expected = json.load(f)
        items = expected["items"] if expected.get("kind") == "List" else [expected]
        if docs != items:
            errors.append("the YAML does not parse to the expected JSON objects")
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
