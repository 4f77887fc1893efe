#include "kubectl.h"

#include <QJsonDocument>

namespace tp
{

QStringList kubectlArgs(const KubeJobConfig &config, const QStringList &args)
{
    QStringList out;
    if (!config.kubeconfig.empty())
        out << QStringLiteral("--kubeconfig") << QString::fromStdString(config.kubeconfig);
    if (!config.context.empty())
        out << QStringLiteral("--context") << QString::fromStdString(config.context);
    return out + args;
}

QStringList kubectlApplyArgs()
{
    return {QStringLiteral("apply"), QStringLiteral("-f"), QStringLiteral("-"),
            QStringLiteral("-o"), QStringLiteral("name")};
}

QStringList kubectlPodsArgs(const QString &ns, const QString &job)
{
    return {QStringLiteral("get"), QStringLiteral("pods"),
            QStringLiteral("-n"),  ns,
            QStringLiteral("-l"),  QStringLiteral("torchpilot/job=") + job,
            QStringLiteral("-o"),  QStringLiteral("json")};
}

QStringList kubectlLogsArgs(const QString &ns, const QString &pod)
{
    return {QStringLiteral("logs"),       QStringLiteral("-f"), QStringLiteral("-n"),    ns,
            QStringLiteral("pod/") + pod, QStringLiteral("-c"), QStringLiteral("runner")};
}

QStringList kubectlJobArgs(const QString &ns, const QString &job)
{
    return {QStringLiteral("get"), QStringLiteral("job"), job, QStringLiteral("-n"), ns,
            QStringLiteral("-o"),  QStringLiteral("json")};
}

QStringList kubectlEventsArgs(const QString &ns)
{
    return {QStringLiteral("get"), QStringLiteral("events"), QStringLiteral("-n"), ns,
            QStringLiteral("-o"),  QStringLiteral("json")};
}

QStringList kubectlDeleteArgs(const QString &ns, const QString &kind, const QString &name)
{
    return {QStringLiteral("delete"),      kind, name,
            QStringLiteral("-n"),          ns,   QStringLiteral("--ignore-not-found"),
            QStringLiteral("--wait=false")};
}

QStringList kubectlDeleteJobArgs(const QString &ns, const QString &job)
{
    return {QStringLiteral("delete"),      QStringLiteral("job"), job, QStringLiteral("-n"), ns,
            QStringLiteral("--wait=false")};
}

nlohmann::json kubeJson(const QJsonObject &object)
{
    return nlohmann::json::parse(QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString(),
                                 nullptr, false);
}

} // namespace tp
