#include "target_profile.h"

#include "ssh_command.h"

#include "runner/launch/k8s/k8s_job.h"

#include <QJsonDocument>

#include <QJsonValue>
#include <QRegularExpression>

namespace tp
{

namespace
{
const QString kName = QStringLiteral("name"), kKind = QStringLiteral("kind"),
              kHost = QStringLiteral("host"), kUser = QStringLiteral("user"),
              kPort = QStringLiteral("port"), kIdentity = QStringLiteral("identity_file"),
              kKnownHosts = QStringLiteral("known_hosts_file"),
              kRunner = QStringLiteral("runner_path"), kTimeout = QStringLiteral("connect_timeout"),
              kKubernetes = QStringLiteral("kubernetes"), kRunnerKind = QStringLiteral("runner"),
              kPython = QStringLiteral("python"), kDevice = QStringLiteral("device"),
              kProfileSteps = QStringLiteral("profile_steps");
} // namespace

TargetProfile TargetProfile::ssh(const QString &name, const QString &host, const QString &user,
                                 int port)
{
    TargetProfile p;
    p.name = name;
    p.kind = Kind::Ssh;
    p.host = host;
    p.user = user;
    p.port = port;
    return p;
}

QString TargetProfile::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Local:
        return QStringLiteral("local");
    case Kind::Ssh:
        return QStringLiteral("ssh");
    case Kind::Kubernetes:
        return QStringLiteral("kubernetes");
    }
    return {};
}

std::optional<TargetProfile::Kind> TargetProfile::kindFromName(const QString &name)
{
    for (Kind k : {Kind::Local, Kind::Ssh, Kind::Kubernetes})
        if (kindName(k) == name)
            return k;
    return std::nullopt;
}

bool TargetProfile::isValidName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral(R"(^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$)"));
    return re.match(name).hasMatch();
}

QStringList TargetProfile::validate() const
{
    QStringList errors;
    if (!isValidName(name))
        errors << tr("Target name '%1': use 1 to 64 letters, digits, '.', '_' or '-', starting "
                     "with a letter or digit.")
                      .arg(name);
    if (kind == Kind::Local && name != QLatin1String("local"))
        errors << tr("Only the built-in target 'local' runs on this machine.");
    if (kind != Kind::Local && name == QLatin1String("local"))
        errors << tr("The name 'local' is reserved for this machine.");
    if (kind == Kind::Ssh)
        for (const QString &e : ssh::checkProfile(*this))
            errors << tr("SSH target '%1': %2").arg(name, e);
    errors << validateRunner();
    if (kind == Kind::Kubernetes) {
        try {
            const KubeJobConfig c = kubeConfig();
            if (c.image.empty())
                errors
                    << tr("Kubernetes target '%1': set the container image (\"image\").").arg(name);
        } catch (const KubeError &e) {
            errors << QString::fromUtf8(e.what());
        }
    }
    return errors;
}

QString TargetProfile::source() const
{
    if (kind == Kind::Ssh)
        return QStringLiteral("ssh://%1%2:%3")
            .arg(user.isEmpty() ? QString() : user + QLatin1Char('@'), host)
            .arg(port);
    if (kind == Kind::Kubernetes)
        return QStringLiteral("kubernetes://") + name;
    return QStringLiteral("local:") + runnerPath;
}

QString TargetProfile::describe() const
{
    if (kind == Kind::Local)
        return tr("this machine");
    if (kind == Kind::Kubernetes) {
        try {
            const KubeJobConfig c = kubeConfig();
            return tr("Kubernetes Job: %1/%2, %3 %4")
                .arg(c.context.empty() ? tr("current context") : QString::fromStdString(c.context),
                     QString::fromStdString(c.ns), QString::fromStdString(c.accelerator),
                     QString::fromStdString(c.topology));
        } catch (const KubeError &) {
            return tr("Kubernetes Job (invalid settings)");
        }
    }
    return source();
}

QJsonObject TargetProfile::toJson() const
{
    QJsonObject o{{kName, name}, {kKind, kindName(kind)}};
    if (kind == Kind::Ssh) {
        o.insert(kHost, host);
        o.insert(kUser, user);
        o.insert(kPort, port);
        o.insert(kIdentity, identityFile);
        o.insert(kKnownHosts, knownHostsFile);
        o.insert(kRunner, runnerPath);
        o.insert(kTimeout, connectTimeoutSeconds);
    } else if (kind == Kind::Kubernetes) {
        o.insert(kKubernetes, kubernetes);
    }
    if (profileSteps > 0)
        o.insert(kProfileSteps, profileSteps);
    // Only when set: an unset field keeps following its default (e.g. device tpu → python).
    for (const auto &[key, value] :
         {std::pair{kRunnerKind, runner}, {kPython, python}, {kDevice, device}})
        if (!value.isEmpty())
            o.insert(key, value);
    return o;
}

std::optional<TargetProfile> TargetProfile::fromJson(const QJsonObject &o, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    TargetProfile p;
    if (!o.value(kName).isString() || o.value(kName).toString().isEmpty())
        return fail(tr("a target needs a \"name\" (a string)"));
    p.name = o.value(kName).toString();
    const auto kind = kindFromName(o.value(kKind).toString());
    if (!kind)
        return fail(
            tr("target '%1': \"kind\" must be \"local\", \"ssh\" or \"kubernetes\"").arg(p.name));
    p.kind = *kind;
    for (const auto &[key, field] : {std::pair{kHost, &p.host},
                                     {kUser, &p.user},
                                     {kIdentity, &p.identityFile},
                                     {kKnownHosts, &p.knownHostsFile},
                                     {kRunner, &p.runnerPath},
                                     {kRunnerKind, &p.runner},
                                     {kPython, &p.python},
                                     {kDevice, &p.device}}) {
        const QJsonValue v = o.value(key);
        if (!v.isUndefined() && !v.isNull() && !v.isString())
            return fail(tr("target '%1': \"%2\" must be a string").arg(p.name, key));
        *field = v.toString();
    }
    for (const auto &[key, field, min, max] : {std::tuple{kPort, &p.port, 1, 65535},
                                               {kTimeout, &p.connectTimeoutSeconds, 1, 600},
                                               {kProfileSteps, &p.profileSteps, 0, 10000}}) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            continue;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != static_cast<int>(d) || d < min || d > max)
            return fail(tr("target '%1': \"%2\" must be a whole number from %3 to %4")
                            .arg(p.name, key)
                            .arg(min)
                            .arg(max));
        *field = static_cast<int>(d);
    }
    const QJsonValue k8s = o.value(kKubernetes);
    if (!k8s.isUndefined() && !k8s.isObject())
        return fail(tr("target '%1': \"kubernetes\" must be an object").arg(p.name));
    p.kubernetes = k8s.toObject();
    RunnerCommand::Kind runnerKind = RunnerCommand::Kind::Cpp;
    if (!p.runner.isEmpty() && !RunnerCommand::kindFromName(p.runner, &runnerKind))
        return fail(tr("target '%1': \"runner\" must be \"cpp\" or \"python\", not '%2'")
                        .arg(p.name, p.runner));
    if (!isValidDevice(p.device))
        return fail(tr("target '%1': \"device\" must be \"cpu\", \"cuda\" or \"tpu\", not '%2'")
                        .arg(p.name, p.device));
    if (p.kind == Kind::Ssh && p.host.isEmpty())
        return fail(tr("target '%1': an ssh target needs a \"host\"").arg(p.name));
    // A user that ssh could read as an option or shell syntax is refused as soon as it is read
    // (the error names the entry to fix); the host is checked when the target is used.
    if (const QString e = ssh::checkUser(p.user); p.kind == Kind::Ssh && !e.isEmpty())
        return fail(tr("target '%1': \"user\": %2").arg(p.name, e));
    return p;
}

KubeJobConfig TargetProfile::kubeConfig() const
{
    const std::string origin = "target '" + name.toStdString() + "'";
    // The profile's runner, python and device, when set, are the Job's runner_kind, python and
    // device; naming one in both places with different values is an error, not a silent pick.
    QJsonObject settings = kubernetes;
    for (const auto &[field, value] : {std::pair{QStringLiteral("runner_kind"), runner},
                                       {QStringLiteral("python"), python},
                                       {QStringLiteral("device"), device}}) {
        if (value.isEmpty())
            continue;
        const QJsonValue there = settings.value(field);
        if (there.isString() && there.toString() != value)
            throw KubeError(origin + ": the profile says " + value.toStdString() +
                            " but the Job settings' '" + field.toStdString() + "' say " +
                            there.toString().toStdString());
        settings.insert(field, value);
    }
    const auto j = nlohmann::json::parse(
        QJsonDocument(settings).toJson(QJsonDocument::Compact).toStdString(), nullptr, false);
    return parseKubeJobConfig(j, origin);
}

} // namespace tp
