#pragma once
// Small helpers shared by the tests: fixture paths and byte-exact file snapshots.
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>

#include <cstring>
#include <map>
#include <vector>

#include "model/judge/validity_policy.h"

namespace tptest
{

// Whether two doubles are the same bits (NaN payloads and -0.0 included): stored samples and
// restored losses must round-trip exactly, not merely compare equal.
inline bool sameBits(double a, double b)
{
    // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison): bit-exact round trip on purpose
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Empty when `a` and `b` hold the same doubles bit for bit (up to the shorter one); else the first
// sample that differs, both values in full.
inline QString firstBitDifference(const std::vector<double> &a, const std::vector<double> &b)
{
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (!sameBits(a[i], b[i]))
            return QStringLiteral("sample %1: %2 vs %3")
                .arg(i)
                .arg(a[i], 0, 'g', 17)
                .arg(b[i], 0, 'g', 17);
    return {};
}

// Empty when every step of `part` has the reference's loss bit for bit; else the first step that
// is missing or differs, both values in full.
inline QString bitwiseDifference(const std::map<long long, double> &reference,
                                 const std::map<long long, double> &part)
{
    for (const auto &[step, loss] : part) {
        const auto ref = reference.find(step);
        if (ref == reference.end())
            return QStringLiteral("step %1 is not in the reference").arg(step);
        if (!sameBits(ref->second, loss))
            return QStringLiteral("step %1: %2 vs %3")
                .arg(step)
                .arg(ref->second, 0, 'g', 17)
                .arg(loss, 0, 'g', 17);
    }
    return {};
}

// What a run of the built torchpilot did: its exit code (-1: timed out or crashed) and streams.
struct AppResult {
    int exitCode = -1;
    QString out, err;
};

inline AppResult runApp(const QStringList &args, const QProcessEnvironment &env,
                        int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(env);
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

inline AppResult runApp(const QStringList &args, int timeoutMs = 120000)
{
    return runApp(args, QProcessEnvironment::systemEnvironment(), timeoutMs);
}

// The environment of a user without a display: no DISPLAY, Wayland or platform plugin; the
// built runner; XDG data (the default database) under `dataHome`.
inline QProcessEnvironment headlessEnv(const QString &dataHome)
{
    auto env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.insert(QStringLiteral("TORCHPILOT_RUNNER"), QStringLiteral(TP_RUNNER_PATH));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    return env;
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
