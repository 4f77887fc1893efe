#pragma once
// The named target profiles, saved as JSON in one file: by default targets.json in the app's
// config directory, next to the settings (~/.config/TorchPilot/targets.json on Linux). The path
// is injectable (tests, `torchpilot --targets FILE`). "local" is built in: always first, never
// written to the file.
//
// File format: {"version": 1, "targets": [ <profile>, … ]} — see target_profile.h for one
// profile. A missing file is an empty list; a malformed one is an error naming the file and
// the entry, never a silent reset.
#include "target_profile.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace tp
{

class TargetProfiles
{
    Q_DECLARE_TR_FUNCTIONS(TargetProfiles)
public:
    explicit TargetProfiles(QString path = defaultPath());

    static QString defaultPath();
    QString path() const { return m_path; }

    // Reads the file (a missing file is fine); false and *error on any problem, nothing loaded.
    bool load(QString *error);
    // Writes every stored profile atomically (the directory is created if needed).
    bool save(QString *error) const;

    // "local" first, then the stored profiles in file order.
    QList<TargetProfile> profiles() const;
    std::optional<TargetProfile> find(const QString &name) const;
    // Adds, or replaces the profile of the same name; refuses an invalid profile or "local".
    bool put(const TargetProfile &profile, QString *error);
    bool remove(const QString &name, QString *error);

private:
    QString m_path;
    QList<TargetProfile> m_stored;
};

} // namespace tp
