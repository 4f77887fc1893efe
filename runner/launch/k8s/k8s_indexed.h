#pragma once
// PRIVATE to k8s_manifest.cpp and k8s_indexed.cpp: the multi-host form of the Job, an Indexed
// Job with its headless Service (see k8s_job.h). No Qt.
namespace tp
{

struct KubeJobConfig; // k8s_job.h
struct KubeManifest;  // k8s_manifest.h

// Turns m's Job into an Indexed Job of `hosts` pods that find each other through a headless
// Service: completionMode Indexed, parallelism = completions = hosts, the pods' subdomain, and
// the env the runners form their group from (TPU_WORKER_HOSTNAMES, MASTER_ADDR, MASTER_PORT;
// the rank is the JOB_COMPLETION_INDEX Kubernetes sets). Used by makeKubeJob.
void makeIndexedKubeJob(KubeManifest &m, const KubeJobConfig &config, int hosts);

} // namespace tp
