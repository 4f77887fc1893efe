#include "target_profiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>

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
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("cannot read the file (%1)").arg(file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
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
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(root).toJson(QJsonDocument::Indented)) < 0 || !file.commit()) {
        if (error)
            *error = tr("%1: cannot write the file (%2)")
                         .arg(QDir::toNativeSeparators(m_path), file.errorString());
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
