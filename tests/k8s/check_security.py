"""What the schema cannot say about a Job's security baseline (runner/launch/k8s/k8s_security.cpp), checked
offline over the objects of one manifest by validate_manifest.py:
- every Job's pods are selected by a NetworkPolicy of their namespace that restricts both Ingress
  and Egress; its ingress admits only the Job's own pods (an Indexed Job's rendezvous), none for a
  single-host Job; every egress rule names its destinations (none is "anywhere"), and the only pods
  it reaches are the Job's own and kube-dns (port 53);
- no egress reaches the metadata server (169.254.169.254, 169.254.169.252, fd20:ce::254) beyond
  DNS unless the pods' ServiceAccount uses Workload Identity; that one carries a Google service
  account NAME@PROJECT.iam.gserviceaccount.com and its pods run where the GKE metadata server does;
- Roles grant no wildcard and no Secrets; a RoleBinding's Role is one of the manifest's."""
import ipaddress
import re

JOB_NAME_LABELS = ("batch.kubernetes.io/job-name", "job-name")  # set by the Job controller
WI_ANNOTATION = "iam.gke.io/gcp-service-account"
WI_NODE_LABEL = "iam.gke.io/gke-metadata-server-enabled"
GSA = re.compile(r"[a-z][-a-z0-9]{4,28}[a-z0-9]@[a-z][-a-z0-9]{4,28}[a-z0-9]\.iam\.gserviceaccount\.com")
METADATA = [ipaddress.ip_network(a) for a in ("169.254.169.254/32", "169.254.169.252/32", "fd20:ce::254/128")]


def meta(o, key):
    return (o.get("metadata") or {}).get(key)


def pod_labels(job):
    """The labels of the Job's pods: its template's and the controller's own."""
    labels = dict(((job.get("spec") or {}).get("template") or {}).get("metadata", {}).get("labels") or {})
    for k in JOB_NAME_LABELS:
        labels[k] = meta(job, "name")
    return labels


def selects(selector, labels):
    if not isinstance(selector, dict) or selector.get("matchExpressions"):
        return False
    return all(labels.get(k) == v for k, v in (selector.get("matchLabels") or {}).items())


def own_pods_only(peer, job):
    """A peer that is exactly the Job's own pods: a podSelector on its job-name, nothing wider."""
    if set(peer) != {"podSelector"}:
        return False
    match = peer["podSelector"].get("matchLabels") or {}
    return selects(peer["podSelector"], pod_labels(job)) and any(
        match.get(k) == meta(job, "name") for k in JOB_NAME_LABELS)


def is_dns(peer, rule):
    """kube-dns in kube-system, on port 53 only."""
    ports = rule.get("ports") or []
    return (peer.get("namespaceSelector", {}).get("matchLabels") == {"kubernetes.io/metadata.name": "kube-system"}
            and peer.get("podSelector", {}).get("matchLabels") == {"k8s-app": "kube-dns"}
            and not peer.get("ipBlock") and ports and all(p.get("port") == 53 for p in ports))


def reaches_metadata(rule):
    ports = rule.get("ports") or []
    if ports and all(p.get("port") == 53 for p in ports):
        return False  # the metadata server's resolver (Cloud DNS for GKE)
    for peer in rule.get("to") or []:
        block = peer.get("ipBlock")
        if not block:
            continue
        try:
            net = ipaddress.ip_network(block.get("cidr", ""), strict=False)
            excepted = [ipaddress.ip_network(e, strict=False) for e in block.get("except") or []]
        except ValueError:
            continue  # the schema check reports it
        for m in METADATA:
            if m.version == net.version and m.subnet_of(net) and not any(
                    e.version == m.version and m.subnet_of(e) for e in excepted):
                return True
    return False


def check_policy(policy, job, wi, errors):
    name, spec = meta(policy, "name"), policy.get("spec") or {}
    where = "NetworkPolicy %s (Job %s)" % (name, meta(job, "name"))
    if set(spec.get("policyTypes") or []) != {"Ingress", "Egress"}:
        errors.append("%s: policyTypes must be Ingress and Egress" % where)
    indexed = (job.get("spec") or {}).get("completionMode") == "Indexed"
    for rule in spec.get("ingress") or []:
        peers = rule.get("from") or []
        if not indexed:
            errors.append("%s: a single-host Job admits no inbound traffic" % where)
        elif not peers or not all(own_pods_only(p, job) for p in peers):
            errors.append("%s: ingress from %r admits pods other than the Job's own" % (where, peers))
    for rule in spec.get("egress") or []:
        if not rule.get("to"):
            errors.append("%s: an egress rule without destinations allows anywhere" % where)
        elif reaches_metadata(rule) and not wi:
            errors.append("%s: egress %r reaches the metadata server without Workload Identity" %
                          (where, rule["to"]))
        for peer in rule.get("to") or []:
            if "ipBlock" not in peer and not own_pods_only(peer, job) and not is_dns(peer, rule):
                errors.append("%s: egress to %r reaches pods other than the Job's own and kube-dns" %
                              (where, peer))


def check_security(objects, errors):
    objects = [o for o in objects if isinstance(o, dict)]

    def of(kind):
        return [o for o in objects if o.get("kind") == kind]

    accounts = {(meta(o, "namespace"), meta(o, "name")): o for o in of("ServiceAccount")}
    for job in of("Job"):
        ns, pod = meta(job, "namespace"), ((job.get("spec") or {}).get("template") or {}).get("spec") or {}
        account = accounts.get((ns, pod.get("serviceAccountName"))) or {}
        gsa = (meta(account, "annotations") or {}).get(WI_ANNOTATION)
        if gsa is not None and not GSA.fullmatch(gsa):
            errors.append("ServiceAccount %s: %s %r is not NAME@PROJECT.iam.gserviceaccount.com" %
                          (meta(account, "name"), WI_ANNOTATION, gsa))
        if gsa is not None and (pod.get("nodeSelector") or {}).get(WI_NODE_LABEL) != "true":
            errors.append("Job %s: Workload Identity pods need nodeSelector %s: \"true\"" %
                          (meta(job, "name"), WI_NODE_LABEL))
        policies = [p for p in of("NetworkPolicy") if meta(p, "namespace") == ns and
                    selects((p.get("spec") or {}).get("podSelector"), pod_labels(job))]
        if not policies:
            errors.append("Job %s: no NetworkPolicy selects its pods" % meta(job, "name"))
        for p in policies:
            check_policy(p, job, gsa is not None, errors)
    roles = {(meta(r, "namespace"), meta(r, "name")) for r in of("Role")}
    for role in of("Role"):
        for rule in role.get("rules") or []:
            granted = [v for k in ("apiGroups", "resources", "verbs") for v in rule.get(k) or []]
            if "*" in granted or "secrets" in (rule.get("resources") or []):
                errors.append("Role %s: grants %r (no wildcards, no Secrets)" % (meta(role, "name"), rule))
    for binding in of("RoleBinding"):
        ref = binding.get("roleRef") or {}
        if ref.get("kind") == "Role" and roles and (meta(binding, "namespace"), ref.get("name")) not in roles:
            errors.append("RoleBinding %s: binds Role %r, which the manifest does not define" %
                          (meta(binding, "name"), ref.get("name")))
