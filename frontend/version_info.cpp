#include "version_info.h"

#include "model/contract/contract.h"
#include "model/store/store.h"

#include <QtGlobal>
#include <sqlite3.h>

#ifndef TORCHPILOT_LIBTORCH_VERSION
#define TORCHPILOT_LIBTORCH_VERSION "unknown"
#endif

namespace tp
{

QStringList versionLines()
{
    const QString qtRun = QString::fromLatin1(qVersion());
    const QString qtBuilt = QStringLiteral(QT_VERSION_STR);
    return {
        QStringLiteral("TorchPilot %1").arg(QStringLiteral(TORCHPILOT_VERSION)),
        qtRun == qtBuilt ? QStringLiteral("Qt %1").arg(qtRun)
                         : QStringLiteral("Qt %1 (built with %2)").arg(qtRun, qtBuilt),
        QStringLiteral("libtorch %1").arg(QStringLiteral(TORCHPILOT_LIBTORCH_VERSION)),
        QStringLiteral("SQLite %1").arg(QString::fromLatin1(sqlite3_libversion())),
        QStringLiteral("run contract v%1").arg(kContractVersion),
        QStringLiteral("store schema %1").arg(Store::kSchemaVersion),
    };
}

QString versionText()
{
    return versionLines().join(QLatin1Char('\n'));
}

} // namespace tp
