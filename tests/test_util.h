#pragma once
// Small helpers shared by the tests: fixture paths and byte-exact file snapshots.
#include <QCryptographicHash>
#include <QFile>
#include <QString>

#include "validity_policy.h"

namespace tptest
{

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
