#pragma once
// Where runs execute: a named target profile. "local" is this machine (always available, never
// stored); an SSH profile names a host reached with the system OpenSSH client; a Kubernetes
// profile keeps its fields as an opaque JSON object until its launcher exists. The profile's
// name is stored as the `target` of every run it executes.
//
// JSON form (one object per profile, see TargetProfiles for the file):
//   {"name": "gpu-box", "kind": "ssh", "host": "gpu-box.example", "user": "bench", "port": 22,
//    "identity_file": "~/.ssh/id_ed25519", "known_hosts_file": "", "runner_path":
//    "/opt/torchpilot/bin/torchpilot-runner", "connect_timeout": 10}
//   {"name": "tpu-vm", "kind": "ssh", "host": "tpu-vm.example", "runner": "python",
//    "python": "/opt/venv/bin/python3", "device": "tpu"}
//   {"name": "gke-v5e", "kind": "kubernetes", "kubernetes": {…}}
// "runner", "python", "device" and "profile_steps" are optional (files written before them still
// load).
#include "runner_command.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace tp
{

struct KubeJobConfig;

struct TargetProfile {
    Q_DECLARE_TR_FUNCTIONS(TargetProfile)
public:
    enum class Kind { Local, Ssh, Kubernetes };

    QString name = QStringLiteral("local");
    Kind kind = Kind::Local;
    // ssh: the remote host; runnerPath is the runner's path there (empty: torchpilot-runner on
    // the remote PATH). local: runnerPath empty means LocalLauncher::locateRunner().
    QString host, user;
    int port = 22;
    QString identityFile;   // empty: ssh's defaults
    QString knownHostsFile; // empty: ~/.ssh/known_hosts
    QString runnerPath;
    int connectTimeoutSeconds = 10;
    QJsonObject kubernetes; // kubernetes: the Job settings (see k8s_job.h, parseKubeJobConfig)
    // The runner the target starts (JSON "runner"): "cpp" (torchpilot-runner), "python"
    // (torchpilot_runner.py), or empty: python when the device is tpu, else cpp. python: the
    // interpreter (empty: /usr/bin/python3 here, python3 on an SSH host's PATH); for the Python
    // runner runnerPath is the script (empty: LocalLauncher::locatePythonRunner() here,
    // /opt/torchpilot/python/torchpilot_runner.py on an SSH host). device: empty (the runner's
    // default), cpu, cuda or tpu, passed as --device to every run through the target.
    // Kubernetes: when set, these are the Job settings' runner_kind, python and device (whose
    // defaults are python, python3 and tpu: the article's Jobs run on TPUs).
    QString runner, python, device;
    // JSON "profile_steps": every run through this target profiles N calls after its steady
    // phase (runner --profile-steps) unless the run sets its own; 0: none.
    int profileSteps = 0;

    static TargetProfile local() { return {}; }
    static TargetProfile ssh(const QString &name, const QString &host, const QString &user = {},
                             int port = 22);

    bool isLocal() const { return kind == Kind::Local; }
    // What every launcher starts for this target: {program, leading arguments} and the device
    // (runner_command.cpp). Kubernetes: the Job's command (kubeRunnerProgram()).
    RunnerCommand runnerCommand() const;
    RunnerCommand::Kind runnerKind() const;
    QString effectiveDevice() const;
    // "Runner: Python (python3 /opt/…/torchpilot_runner.py), device tpu" / "Runner: C++ (…)".
    QString runnerSummary() const;
    // The Job settings of a Kubernetes profile; throws KubeError naming the field that is wrong.
    KubeJobConfig kubeConfig() const;
    // Problems a person can fix, one sentence each; empty when the profile can be stored (and,
    // for local and ssh, used; a Kubernetes profile cannot run until its launcher exists).
    QStringList validate() const;
    // Stored with the runs: "local:…" is the local launcher's; "ssh://user@host:port".
    QString source() const;
    // One line for lists and combo boxes: "ssh://bench@gpu-box:22".
    QString describe() const;

    QJsonObject toJson() const;
    // Reads one profile; on failure returns nothing and sets *error (which field, what is wrong).
    static std::optional<TargetProfile> fromJson(const QJsonObject &object, QString *error);

    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(const QString &name);
    static bool isValidName(const QString &name);
    static bool isValidDevice(const QString &device); // "", cpu, cuda, tpu

private:
    QStringList validateRunner() const; // the runner fields' problems (part of validate())
};

} // namespace tp
