#!/usr/bin/python3
"""A stand-in for kubectl + a GKE TPU cluster, for tests only (no cluster can run on the
development machine). It keeps its state in $FAKE_KUBE_STATE, validates what is applied with the
same offline schema check as tst_k8s_job, keeps the pod Pending (Unschedulable) for
$FAKE_KUBE_PENDING_POLLS polls, then "runs" the Job's container command for real on this machine
when its logs are followed (stdout and stderr merged, as the kubelet does). Every call's argv is
appended to calls.jsonl so tests can check what TorchPilot asked for."""
import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from validate_manifest import validate  # noqa: E402

STATE = os.environ.get("FAKE_KUBE_STATE", "")


def path(name):
    return os.path.join(STATE, name)


def load(name, default=None):
    try:
        with open(path(name), encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return default


def save(name, value):
    with open(path(name), "w", encoding="utf-8") as f:
        json.dump(value, f)


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def pod_json(job):
    st = load("pod", {})
    name = job["metadata"]["name"] + "-x7k2p"
    if "created" not in st:
        st = {"created": time.time(), "polls": 0}
    st["polls"] += 1
    pending = st["polls"] <= int(os.environ.get("FAKE_KUBE_PENDING_POLLS", "2"))
    waiting = os.environ.get("FAKE_KUBE_WAITING", "")
    status = {"phase": "Pending", "conditions": [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
              "message": "0/4 nodes are available: 4 Insufficient google.com/tpu."}]}
    if waiting and not pending:
        status = {"phase": "Pending", "containerStatuses": [{"name": "runner", "state": {"waiting": {
            "reason": waiting, "message": "Back-off pulling image \"%s\"" % job["spec"]["template"]["spec"]["containers"][0]["image"]}}}]}
    elif not pending:
        st.setdefault("started", time.time())
        status = {"phase": "Running", "containerStatuses": [{"name": "runner", "state": {"running": {"startedAt": iso(st["started"])}}}]}
    save("pod", st)
    return {"metadata": {"name": name, "namespace": job["metadata"]["namespace"], "creationTimestamp": iso(st["created"]),
                         "labels": job["spec"]["template"]["metadata"]["labels"]},
            "spec": {"nodeName": "gke-tpu-v6e-pool-1" if not pending else ""}, "status": status}


def main(argv):
    with open(path("calls.jsonl"), "a", encoding="utf-8") as f:
        f.write(json.dumps(argv) + "\n")
    while argv and argv[0] in ("--kubeconfig", "--context"):
        argv = argv[2:]
    if os.environ.get("FAKE_KUBE_UNREACHABLE"):
        print("The connection to the server 127.0.0.1:6443 was refused - did you specify the right host or port?",
              file=sys.stderr)
        return 1
    job = load("job.json")
    if argv[:3] == ["apply", "-f", "-"]:
        doc = json.load(sys.stdin)
        errors = []
        validate(doc, errors)
        if errors:
            print("error: error validating data: " + "; ".join(errors), file=sys.stderr)
            return 1
        for item in doc["items"]:
            if item["kind"] == "Job":
                save("job.json", item)
            print("%s/%s" % (item["kind"].lower(), item["metadata"]["name"]))
        return 0
    if argv[:2] == ["get", "pods"]:
        print(json.dumps({"apiVersion": "v1", "kind": "List", "items": [pod_json(job)] if job else []}))
        return 0
    if argv[:2] == ["logs", "-f"]:
        cmd = job["spec"]["template"]["spec"]["containers"][0]["command"]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        save("runner.pid", proc.pid)
        for line in proc.stdout:
            sys.stdout.buffer.write(line)
            sys.stdout.flush()
        save("exit_code", proc.wait())
        return 0
    if argv[:2] == ["get", "job"]:
        if load("deleted"):
            print('Error from server (NotFound): jobs.batch "%s" not found' % argv[2], file=sys.stderr)
            return 1
        code = load("exit_code", 0)
        cond = ({"type": "Complete", "status": "True"} if code == 0 else
                {"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff limit"})
        print(json.dumps({"kind": "Job", "metadata": job["metadata"],
                          "status": {"succeeded" if code == 0 else "failed": 1, "conditions": [cond]}}))
        return 0
    if argv[:2] == ["get", "events"]:
        jn, pn = job["metadata"]["name"], job["metadata"]["name"] + "-x7k2p"
        ev = [("Job", jn, "SuccessfulCreate", "Created pod: " + pn), ("Pod", pn, "FailedScheduling", "0/4 nodes are available"),
              ("Pod", pn, "Scheduled", "Successfully assigned"), ("Pod", pn, "Pulled", "Container image already present"),
              ("Pod", pn, "Started", "Started container runner"), ("Pod", "someone-elses-pod", "Killing", "unrelated")]
        print(json.dumps({"kind": "List", "items": [{"involvedObject": {"kind": k, "name": n}, "reason": r, "message": m,
                                                      "type": "Normal"} for k, n, r, m in ev]}))
        return 0
    if argv[:2] == ["delete", "job"]:
        pid = load("runner.pid")
        if pid:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        save("deleted", True)
        print('job.batch "%s" deleted' % argv[2])
        return 0
    print("fake kubectl: unsupported call %r" % argv, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
