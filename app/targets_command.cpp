// `torchpilot targets`: lists, adds (SSH, Kubernetes) and removes the target profiles that
// `torchpilot run --target NAME` and the launch dialog offer, with the runner each one starts;
// a Kubernetes target's flags include its Job's security baseline (Workload Identity, artifact
// destinations, the launcher's ServiceAccount). The profiles live in one JSON file.
#include "targets_command.h"

#include "cli_commands.h"

#include "model/contract/json_file.h"
#include "runner/launch/target_profiles.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace tp::cli
{

namespace
{

struct TargetsCli {
    Q_DECLARE_TR_FUNCTIONS(TargetsCli)
};

void list(const TargetProfiles &profiles)
{
    for (const TargetProfile &t : profiles.profiles()) {
        // The runner column: its kind, the interpreter and script (or the binary), the device.
        out() << t.name << QLatin1Char('\t') << TargetProfile::kindName(t.kind) << QLatin1Char('\t')
              << t.describe() << QLatin1Char('\t') << t.runnerSummary() << Qt::endl;
    }
}

// --profile-steps into `t`; false and *why when it is not a whole number from 0 to 10000.
bool readProfileSteps(const QCommandLineParser &p, TargetProfile &t, QString *why)
{
    if (!p.isSet(QStringLiteral("profile-steps")))
        return true;
    bool ok = false;
    t.profileSteps = p.value(QStringLiteral("profile-steps")).toInt(&ok);
    if (ok && t.profileSteps >= 0 && t.profileSteps <= 10000)
        return true;
    *why = TargetsCli::tr("--profile-steps must be a whole number from 0 to 10000");
    return false;
}

// A Kubernetes profile from --kube-settings (a JSON object) with the flags on top of it; the
// profile's own validation checks every field (see k8s_job.h).
std::optional<TargetProfile> kubernetesTarget(const QCommandLineParser &p, QString *why)
{
    TargetProfile t;
    t.name = p.value(QStringLiteral("add-kubernetes"));
    t.kind = TargetProfile::Kind::Kubernetes;
    if (p.isSet(QStringLiteral("kube-settings"))) {
        const QString file = p.value(QStringLiteral("kube-settings"));
        std::string bytes; // a regular file, bounded in size and depth (threat model I3)
        try {
            bytes = readConfigBytes<std::runtime_error>(file.toStdString(), "Kubernetes settings");
        } catch (const std::runtime_error &e) {
            *why = QString::fromStdString(e.what());
            return std::nullopt;
        }
        if (jsonNestsDeeperThan(bytes, kMaxConfigDepth)) {
            *why = TargetsCli::tr("%1: JSON nested deeper than %2 levels")
                       .arg(file)
                       .arg(kMaxConfigDepth);
            return std::nullopt;
        }
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(bytes), &e);
        if (!doc.isObject()) {
            *why = TargetsCli::tr("%1: not a JSON object (%2 at byte %3)")
                       .arg(file, e.errorString())
                       .arg(e.offset);
            return std::nullopt;
        }
        t.kubernetes = doc.object();
    }
    for (const char *flag :
         {"image", "context", "kubeconfig", "namespace", "accelerator", "topology"})
        if (p.isSet(QLatin1String(flag)))
            t.kubernetes.insert(QLatin1String(flag), p.value(QLatin1String(flag)));
    if (p.isSet(QStringLiteral("chips-per-host"))) { // a number in the Job settings
        bool ok = false;
        const int n = p.value(QStringLiteral("chips-per-host")).toInt(&ok);
        if (!ok) {
            *why = TargetsCli::tr("--chips-per-host must be an integer, got '%1'")
                       .arg(p.value(QStringLiteral("chips-per-host")));
            return std::nullopt;
        }
        t.kubernetes.insert(QStringLiteral("chips_per_host"), n);
    }
    // The security baseline: Workload Identity, where the run may connect, the launcher's binding.
    for (const auto &[flag, key] : {std::pair{"gcp-service-account", "gcp_service_account"},
                                    {"launcher-service-account", "launcher_service_account"}})
        if (p.isSet(QLatin1String(flag)))
            t.kubernetes.insert(QLatin1String(key), p.value(QLatin1String(flag)));
    if (p.isSet(QStringLiteral("artifact-destination")))
        t.kubernetes.insert(
            QStringLiteral("artifact_destinations"),
            QJsonArray::fromStringList(p.values(QStringLiteral("artifact-destination"))));
    // The runner in the image: --runner-kind, --python, --runner and --device are Job settings.
    for (const auto &[flag, key] : {std::pair{"runner", "runner"},
                                    {"runner-kind", "runner_kind"},
                                    {"python", "python"},
                                    {"device", "device"}})
        if (p.isSet(QLatin1String(flag)))
            t.kubernetes.insert(QLatin1String(key), p.value(QLatin1String(flag)));
    if (!readProfileSteps(p, t, why))
        return std::nullopt;
    if (const QStringList problems = t.validate(); !problems.isEmpty()) {
        *why = problems.join(QLatin1Char(' '));
        return std::nullopt;
    }
    return t;
}

// The Kubernetes Job's settings and its security baseline (--add-kubernetes).
void addKubernetesOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("kube-settings"),
         TargetsCli::tr("JSON file with the Job settings (image, namespace, "
                        "accelerator, topology, requests and limits…)."),
         TargetsCli::tr("file")},
        {QStringLiteral("image"), TargetsCli::tr("Container image of the runner (Kubernetes)."),
         TargetsCli::tr("image")},
        {QStringLiteral("context"), TargetsCli::tr("kubectl context (default: the current one)."),
         TargetsCli::tr("name")},
        {QStringLiteral("kubeconfig"), TargetsCli::tr("kubeconfig file (default: kubectl's)."),
         TargetsCli::tr("file")},
        {QStringLiteral("namespace"),
         TargetsCli::tr("Namespace of the Jobs (default ml-evaluation)."), TargetsCli::tr("name")},
        {QStringLiteral("accelerator"), TargetsCli::tr("GKE TPU accelerator, e.g. tpu-v6e-slice."),
         TargetsCli::tr("name")},
        {QStringLiteral("topology"), TargetsCli::tr("GKE TPU topology, e.g. 2x2 (chips follow)."),
         TargetsCli::tr("AxB")},
        {QStringLiteral("chips-per-host"),
         TargetsCli::tr("TPU chips per host of a multi-host topology (default: auto; more chips "
                        "than one host holds give an Indexed Job, one pod per host)."),
         TargetsCli::tr("n")},
        {QStringLiteral("gcp-service-account"),
         TargetsCli::tr("Google service account the Job runs as through GKE Workload Identity "
                        "(NAME@PROJECT.iam.gserviceaccount.com; no keys)."),
         TargetsCli::tr("email")},
        {QStringLiteral("artifact-destination"),
         TargetsCli::tr("Network the Job may connect to besides DNS, CIDR or CIDR:PORT "
                        "(repeatable; a NetworkPolicy takes addresses, not host names)."),
         TargetsCli::tr("cidr[:port]")},
        {QStringLiteral("launcher-service-account"),
         TargetsCli::tr("ServiceAccount the launcher's Role is bound to: NAME (in the Job's "
                        "namespace) or NAMESPACE:NAME (default: no RoleBinding)."),
         TargetsCli::tr("name")},
    });
}

// Where an SSH target is and how to reach it (--add-ssh).
void addSshOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("host"), TargetsCli::tr("SSH host name or address."),
         TargetsCli::tr("host")},
        {QStringLiteral("user"), TargetsCli::tr("SSH user (default: ssh's)."),
         TargetsCli::tr("user")},
        {QStringLiteral("port"), TargetsCli::tr("SSH port (default 22)."), TargetsCli::tr("port"),
         QStringLiteral("22")},
        {QStringLiteral("identity"), TargetsCli::tr("Private key file (ssh -i)."),
         TargetsCli::tr("file")},
        {QStringLiteral("known-hosts"),
         TargetsCli::tr("known_hosts file (default ~/.ssh/known_hosts)."), TargetsCli::tr("file")},
    });
}

// The runner a target starts (SSH and Kubernetes).
void addRunnerOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("runner"),
         TargetsCli::tr(
             "Path of the runner on the host: torchpilot-runner (default: found on its PATH) "
             "or, for --runner-kind python, torchpilot_runner.py (default "
             "/opt/torchpilot/python/torchpilot_runner.py; Kubernetes: "
             "/app/torchpilot_runner.py)."),
         TargetsCli::tr("path")},
        {QStringLiteral("runner-kind"),
         TargetsCli::tr(
             "Runner the target starts: cpp (torchpilot-runner) or python (torchpilot_runner.py). "
             "Default: python for --device tpu and for Kubernetes, else cpp."),
         TargetsCli::tr("kind")},
        {QStringLiteral("python"),
         TargetsCli::tr(
             "Python interpreter of the python runner (default python3 on the host's PATH)."),
         TargetsCli::tr("path")},
        {QStringLiteral("device"),
         TargetsCli::tr(
             "Device passed as --device to every run: cpu, cuda or tpu (default: the runner's; "
             "Kubernetes: tpu)."),
         TargetsCli::tr("device")},
        {QStringLiteral("profile-steps"),
         TargetsCli::tr("Every run through the target profiles N calls after its steady phase "
                        "(--profile-steps) unless it sets its own (default 0: none)."),
         TargetsCli::tr("N")},
    });
}

// Every option, in the order --help lists them.
void addTargetsOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(TargetsCli::tr(
        "Manage the targets runs can execute on (local, SSH hosts).\n"
        "SSH runs use the system ssh with BatchMode=yes and StrictHostKeyChecking=yes: "
        "the host's key must already be in the known_hosts file and the identity "
        "must not need a passphrase prompt (use ssh-agent)."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("targets"),
         TargetsCli::tr("Target profiles file (default: %1).").arg(TargetProfiles::defaultPath()),
         TargetsCli::tr("file"), TargetProfiles::defaultPath()},
        {QStringLiteral("list"), TargetsCli::tr("List the targets (the default).")},
        {QStringLiteral("add-ssh"), TargetsCli::tr("Add or replace an SSH target."),
         TargetsCli::tr("name")},
        {QStringLiteral("add-kubernetes"),
         TargetsCli::tr("Add or replace a Kubernetes (GKE TPU) target."), TargetsCli::tr("name")},
    });
    addKubernetesOptions(p);
    p.addOption(
        {QStringLiteral("remove"), TargetsCli::tr("Remove a target."), TargetsCli::tr("name")});
    addSshOptions(p);
    addRunnerOptions(p);
    p.addOption({QStringLiteral("connect-timeout"),
                 TargetsCli::tr("Seconds to wait for the connection (default 10)."),
                 TargetsCli::tr("s"), QStringLiteral("10")});
}

// An SSH profile from --add-ssh and its flags; nullopt and *why when --host is missing or a
// number does not parse.
std::optional<TargetProfile> sshTarget(const QCommandLineParser &p, QString *why)
{
    if (!p.isSet(QStringLiteral("host"))) {
        *why = TargetsCli::tr("--add-ssh needs --host");
        return std::nullopt;
    }
    TargetProfile t =
        TargetProfile::ssh(p.value(QStringLiteral("add-ssh")), p.value(QStringLiteral("host")),
                           p.value(QStringLiteral("user")));
    bool portOk = false, timeoutOk = false;
    t.port = p.value(QStringLiteral("port")).toInt(&portOk);
    t.connectTimeoutSeconds = p.value(QStringLiteral("connect-timeout")).toInt(&timeoutOk);
    if (!portOk || !timeoutOk) {
        *why = TargetsCli::tr("--port and --connect-timeout must be whole numbers");
        return std::nullopt;
    }
    t.identityFile = p.value(QStringLiteral("identity"));
    t.knownHostsFile = p.value(QStringLiteral("known-hosts"));
    t.runnerPath = p.value(QStringLiteral("runner"));
    t.runner = p.value(QStringLiteral("runner-kind"));
    t.python = p.value(QStringLiteral("python"));
    t.device = p.value(QStringLiteral("device"));
    if (!readProfileSteps(p, t, why))
        return std::nullopt;
    return t;
}

// --remove, --add-kubernetes or --add-ssh applied to the loaded profiles; false and *why when the
// flags are wrong or the profiles refuse it (exit 2).
bool applyChange(const QCommandLineParser &p, TargetProfiles &profiles, QString *why)
{
    if (p.isSet(QStringLiteral("remove")))
        return profiles.remove(p.value(QStringLiteral("remove")), why);
    const std::optional<TargetProfile> t =
        p.isSet(QStringLiteral("add-kubernetes")) ? kubernetesTarget(p, why) : sshTarget(p, why);
    return t && profiles.put(*t, why);
}

void printChange(const QCommandLineParser &p, const TargetProfiles &profiles)
{
    const bool addKube = p.isSet(QStringLiteral("add-kubernetes"));
    const bool add = p.isSet(QStringLiteral("add-ssh")) || addKube;
    out() << (add ? TargetsCli::tr("target '%1' saved in %2")
                        .arg(p.value(addKube ? QStringLiteral("add-kubernetes")
                                             : QStringLiteral("add-ssh")))
                  : TargetsCli::tr("target '%1' removed from %2")
                        .arg(p.value(QStringLiteral("remove"))))
                 .arg(QDir::toNativeSeparators(profiles.path()))
          << Qt::endl;
}
} // namespace

int targetsCommand(const QStringList &args)
{
    QCommandLineParser p;
    addTargetsOptions(p);
    p.process(args);
    const bool addKube = p.isSet(QStringLiteral("add-kubernetes"));
    const bool add = p.isSet(QStringLiteral("add-ssh")) || addKube,
               remove = p.isSet(QStringLiteral("remove"));
    if (int(p.isSet(QStringLiteral("add-ssh"))) + int(addKube) + int(remove) +
            int(p.isSet(QStringLiteral("list"))) >
        1)
        return fail(
            TargetsCli::tr("choose one of --list, --add-ssh, --add-kubernetes and --remove"), 2);
    TargetProfiles profiles(p.value(QStringLiteral("targets")));
    QString why;
    if (!profiles.load(&why))
        return fail(why, 1);
    if (!add && !remove) {
        list(profiles);
        return 0;
    }
    if (!applyChange(p, profiles, &why))
        return fail(why, 2);
    if (!profiles.save(&why))
        return fail(why, 1);
    printChange(p, profiles);
    return 0;
}

} // namespace tp::cli
