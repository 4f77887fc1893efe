#pragma once
// Small helpers shared by the tests: fixture paths and byte-exact file snapshots.
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>

#include "model/judge/validity_policy.h"

namespace tptest
{

// What a run of the built torchpilot did: its exit code (-1: timed out or crashed) and streams.
struct AppResult {
    int exitCode = -1;
    QString out, err;
};

inline AppResult runApp(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(QStringLiteral(TP_APP_PATH), args);
    AppResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// `torchpilot SUBCOMMAND args…` with its output as bytes (for JSON, CSV and byte comparisons).
struct AppBytes {
    int code = -1;
    QByteArray out, err;
};
inline AppBytes runSubcommand(const QString &subcommand, const QStringList &args)
{
    const AppResult r = runApp(QStringList{subcommand} + args);
    return {r.exitCode, r.out.toUtf8(), r.err.toUtf8()};
}

inline QString dataFile(const char *name)
{
    return QStringLiteral(TP_TEST_DATA_DIR "/") + QLatin1String(name);
}

inline QByteArray fileHash(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// A shipped file as the programs find it: <exe dir>/../share/torchpilot/<relative>, staged in the
// build tree as it is installed (cmake/packaging.cmake). Empty unless it is there and holds the
// same bytes as the source tree's `sourceRelative`.
inline QString stagedShareFile(const QString &relative, const QString &sourceRelative)
{
    const QFileInfo staged(QCoreApplication::applicationDirPath() +
                           QStringLiteral("/../share/torchpilot/") + relative);
    const QString source = QStringLiteral(TP_SOURCE_DIR "/") + sourceRelative;
    if (!staged.isFile() || fileHash(staged.filePath()) != fileHash(source))
        return {};
    return staged.canonicalFilePath();
}

// For tests of arithmetic on tiny hand-made fixtures (4 samples, deliberately spread): the store
// still judges status, completeness and finiteness, but not length or noise. The shipped policy
// itself is tested in tst_judge.
inline tp::ValidityPolicy fixturePolicy()
{
    tp::ValidityPolicy p = tp::defaultValidityPolicy();
    p.name = "test-fixture";
    p.minIterations = 1;
    p.maxIqrOverMedian = 1e9;
    for (auto &preset : p.presets)
        preset.second = {};
    return p;
}

} // namespace tptest
