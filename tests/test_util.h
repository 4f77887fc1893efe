#pragma once
// Small helpers shared by the tests: fixture paths and byte-exact file snapshots.
#include <QCryptographicHash>
#include <QFile>
#include <QString>

namespace tptest {

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

} // namespace tptest
