#!/usr/bin/python3
"""A stand-in for kubectl + a GKE TPU cluster, for tests only (no cluster can run on the
development machine). It keeps its state in $FAKE_KUBE_STATE, validates what is applied with the
same offline schema check as tst_k8s_job, keeps the pod Pending (Unschedulable) for
$FAKE_KUBE_PENDING_POLLS polls, then "runs" the Job's container command for real on this machine
when its logs are followed (stdout and stderr merged, as the kubelet does). Every call's argv is
appended to calls.jsonl and the objects of the last apply, in order, go to applied.json, so tests
can check what TorchPilot asked for.

An Indexed Job (completionMode Indexed) has one fake pod per index, <job>-<i>-x7k2p. Following
pod i's logs runs the container command with the Job's env, JOB_COMPLETION_INDEX=i (as the Job
controller sets it), and the rendezvous moved to this machine: TPU_WORKER_HOSTNAMES becomes one
127.0.0.1 per index, MASTER_ADDR 127.0.0.1 and MASTER_PORT a free port picked once at apply
time. TorchPilot follows all pods at once, so the ranks run concurrently and can form their
group on loopback."""
import json
import os
import signal
import socket
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


def indexes(job):
    spec = job["spec"]
    return range(spec.get("completions", 1)) if spec.get("completionMode") == "Indexed" else [None]


def pod_name(job, index):
    return job["metadata"]["name"] + ("-x7k2p" if index is None else "-%d-x7k2p" % index)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def container_env(job, index):
    """The process env of pod `index`: the Job's env values on top of ours, rendezvous on loopback."""
    env = dict(os.environ)
    if index is None:
        return env
    for e in job["spec"]["template"]["spec"]["containers"][0].get("env", []):
        if "value" in e:
            env[e["name"]] = e["value"]
    env["JOB_COMPLETION_INDEX"] = str(index)
    if "TPU_WORKER_HOSTNAMES" in env:
        env["TPU_WORKER_HOSTNAMES"] = ",".join(["127.0.0.1"] * len(indexes(job)))
    if "MASTER_ADDR" in env:
        env["MASTER_ADDR"] = "127.0.0.1"
    env["MASTER_PORT"] = str(load("master_port"))
    return env


def pod_json(job, index=None):
    st = load("pod", {})
    name = pod_name(job, index)
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
    meta = {"name": name, "namespace": job["metadata"]["namespace"], "creationTimestamp": iso(st["created"]),
            "labels": job["spec"]["template"]["metadata"]["labels"]}
    node = "gke-tpu-v6e-pool-1"
    if index is not None:
        meta["annotations"] = {"batch.kubernetes.io/job-completion-index": str(index)}
        node += "-%d" % index
    return {"metadata": meta, "spec": {"nodeName": node if not pending else ""}, "status": status}


def pod_index(job, pod):
    """The index of pod/<name> (None for a single-host Job's pod)."""
    for i in indexes(job):
        if pod == "pod/" + pod_name(job, i):
            return i
    raise SystemExit("fake kubectl: no pod %s" % pod)


def suffix(index):
    return "" if index is None else ".%d" % index


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
        save("applied.json", ["%s/%s" % (i["kind"], i["metadata"]["name"]) for i in doc["items"]])
        for item in doc["items"]:
            if item["kind"] == "Job":
                save("job.json", item)
                if item["spec"].get("completionMode") == "Indexed":
                    save("master_port", free_port())
            if item["kind"] == "Service":
                save("service.json", item)
            print("%s/%s" % (item["kind"].lower(), item["metadata"]["name"]))
        return 0
    if argv[:2] == ["get", "pods"]:
        pods = [pod_json(job, i) for i in indexes(job)] if job else []
        print(json.dumps({"apiVersion": "v1", "kind": "List", "items": pods}))
        return 0
    if argv[:2] == ["logs", "-f"]:
        index = pod_index(job, argv[4])
        cmd = job["spec"]["template"]["spec"]["containers"][0]["command"]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=container_env(job, index))
        save("runner.pid" + suffix(index), proc.pid)
        # FAKE_KUBE_CUT_FINISH=i: pod i dies after its last collective, before its run_finished.
        cut = index is not None and os.environ.get("FAKE_KUBE_CUT_FINISH") == str(index)
        for line in proc.stdout:
            if cut and b'"run_finished"' in line:
                continue
            sys.stdout.buffer.write(line)
            sys.stdout.flush()
        code = proc.wait()
        save("exit_code" + suffix(index), 137 if cut else code)
        return 0
    if argv[:2] == ["get", "job"]:
        if load("deleted"):
            print('Error from server (NotFound): jobs.batch "%s" not found' % argv[2], file=sys.stderr)
            return 1
        codes = [load("exit_code" + suffix(i), 0) for i in indexes(job)]
        failed = sum(1 for c in codes if c != 0)
        cond = ({"type": "Complete", "status": "True"} if not failed else
                {"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff limit"})
        print(json.dumps({"kind": "Job", "metadata": job["metadata"],
                          "status": {"succeeded": len(codes) - failed, "failed": failed, "conditions": [cond]}}))
        return 0
    if argv[:2] == ["get", "events"]:
        jn = job["metadata"]["name"]
        ev = []
        for i in indexes(job):
            pn = pod_name(job, i)
            ev += [("Job", jn, "SuccessfulCreate", "Created pod: " + pn), ("Pod", pn, "FailedScheduling", "0/4 nodes are available"),
                   ("Pod", pn, "Scheduled", "Successfully assigned"), ("Pod", pn, "Pulled", "Container image already present"),
                   ("Pod", pn, "Started", "Started container runner")]
        ev.append(("Pod", "someone-elses-pod", "Killing", "unrelated"))
        print(json.dumps({"kind": "List", "items": [{"involvedObject": {"kind": k, "name": n}, "reason": r, "message": m,
                                                      "type": "Normal"} for k, n, r, m in ev]}))
        return 0
    if argv[:2] == ["delete", "job"]:
        for i in indexes(job):
            pid = load("runner.pid" + suffix(i))
            if pid:
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        save("deleted", True)
        print('job.batch "%s" deleted' % argv[2])
        return 0
    if argv[:2] == ["delete", "service"]:
        save("service_deleted", argv[2])
        print('service "%s" deleted' % argv[2])
        return 0
    if argv[:2] == ["delete", "networkpolicy"]:
        save("networkpolicy_deleted", argv[2])
        print('networkpolicy.networking.k8s.io "%s" deleted' % argv[2])
        return 0
    print("fake kubectl: unsupported call %r" % argv, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
