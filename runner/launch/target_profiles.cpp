#include "target_profiles.h"
#include "model/contract/json_file.h"
#include "model/contract/output_file.h"

#include <QDir>
#include <QFile>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QStandardPaths>
#include <stdexcept>

namespace tp
{

TargetProfiles::TargetProfiles(QString path) : m_path(std::move(path)) {}

QString TargetProfiles::defaultPath()
{
    // Settings (QSettings "TorchPilot"/"torchpilot") live in <config>/TorchPilot/torchpilot.conf.
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           QStringLiteral("/TorchPilot/targets.json");
}

bool TargetProfiles::load(QString *error)
{
    auto fail = [this, error](const QString &why) {
        if (error)
            *error = tr("%1: %2").arg(QDir::toNativeSeparators(m_path), why);
        return false;
    };
    QFile file(m_path);
    if (!file.exists()) {
        m_stored.clear();
        return true;
    }
    // A regular file of at most kMaxConfigBytes, nested at most kMaxConfigDepth (threat model I3).
    std::string bytes;
    try {
        bytes = readConfigBytes<std::runtime_error>(m_path.toStdString(), "targets file");
    } catch (const std::runtime_error &e) {
        return fail(QString::fromStdString(e.what()));
    }
    if (jsonNestsDeeperThan(bytes, kMaxConfigDepth))
        return fail(tr("JSON nested deeper than %1 levels").arg(kMaxConfigDepth));
    QJsonParseError parseError;
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray::fromStdString(bytes), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(tr("malformed JSON at offset %1: %2")
                        .arg(parseError.offset)
                        .arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    if (!doc.isObject() || !root.value(QStringLiteral("targets")).isArray())
        return fail(tr("expected an object with a \"targets\" array"));
    if (root.value(QStringLiteral("version")).toInt(1) != 1)
        return fail(tr("unsupported version %1 (this TorchPilot reads version 1)")
                        .arg(root.value(QStringLiteral("version")).toInt()));
    QList<TargetProfile> loaded;
    QSet<QString> names;
    const QJsonArray targets = root.value(QStringLiteral("targets")).toArray();
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const QString where = tr("target %1").arg(i + 1);
        if (!targets.at(i).isObject())
            return fail(tr("%1: expected an object").arg(where));
        QString why;
        const auto profile = TargetProfile::fromJson(targets.at(i).toObject(), &why);
        if (!profile)
            return fail(tr("%1: %2").arg(where, why));
        // Names and kinds are checked here; hosts and paths when the target is used, so a bad
        // entry can still be listed and removed.
        if (profile->isLocal() || profile->name == QLatin1String("local") ||
            !TargetProfile::isValidName(profile->name))
            return fail(tr("%1: '%2' cannot be stored (the target 'local' is built in; names "
                           "use 1 to 64 letters, digits, '.', '_' or '-')")
                            .arg(where, profile->name));
        if (names.contains(profile->name))
            return fail(tr("%1: the name '%2' is used twice").arg(where, profile->name));
        names.insert(profile->name);
        loaded << *profile;
    }
    m_stored = loaded;
    return true;
}

bool TargetProfiles::save(QString *error) const
{
    QJsonArray targets;
    for (const TargetProfile &p : m_stored)
        targets.append(p.toJson());
    const QJsonObject root{{QStringLiteral("version"), 1}, {QStringLiteral("targets"), targets}};
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    try { // a new file renamed into place; a link, FIFO or device there is refused (I4)
        writeOutputFile(m_path.toStdString(),
                        QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString());
    } catch (const OutputError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    return true;
}

QList<TargetProfile> TargetProfiles::profiles() const
{
    return QList<TargetProfile>{TargetProfile::local()} + m_stored;
}

std::optional<TargetProfile> TargetProfiles::find(const QString &name) const
{
    for (const TargetProfile &p : profiles())
        if (p.name == name)
            return p;
    return std::nullopt;
}

bool TargetProfiles::put(const TargetProfile &profile, QString *error)
{
    const QStringList problems =
        profile.isLocal() || profile.name == QLatin1String("local")
            ? QStringList{tr("The target 'local' is built in; give the new target another name.")}
            : profile.validate();
    if (!problems.isEmpty()) {
        if (error)
            *error = problems.join(QLatin1Char(' '));
        return false;
    }
    for (TargetProfile &p : m_stored) {
        if (p.name == profile.name) {
            p = profile;
            return true;
        }
    }
    m_stored << profile;
    return true;
}

bool TargetProfiles::remove(const QString &name, QString *error)
{
    for (qsizetype i = 0; i < m_stored.size(); ++i) {
        if (m_stored.at(i).name == name) {
            m_stored.removeAt(i);
            return true;
        }
    }
    if (error)
        *error = name == QLatin1String("local") ? tr("The target 'local' is built in.")
                                                : tr("No target named '%1'.").arg(name);
    return false;
}

} // namespace tp
