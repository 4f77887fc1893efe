#include "recent_databases_menu.h"

#include "format.h"
#include "frontend/settings.h"

#include <QDir>
#include <QFileInfo>

namespace tp
{

RecentDatabasesMenu::RecentDatabasesMenu(Settings *settings, QWidget *parent)
    : QMenu(tr("Open &Recent"), parent), m_settings(settings)
{
    setToolTipsVisible(true);
    connect(this, &QMenu::aboutToShow, this, &RecentDatabasesMenu::rebuild);
    rebuild();
}

void RecentDatabasesMenu::rebuild()
{
    clear();
    const QStringList paths = m_settings ? m_settings->recentDatabases() : QStringList();
    int number = 0;
    for (const QString &path : paths) {
        ++number;
        const QFileInfo info(path);
        // "&1 runs.sqlite  —  /home/me/bench": the number is the accelerator (1–9 only).
        QString text =
            tr("%1  —  %2").arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath()));
        text.replace(QLatin1Char('&'), QStringLiteral("&&"));
        if (number < 10)
            text = tr("&%1 %2").arg(number).arg(text);
        QAction *action = addAction(text);
        action->setData(path);
        // A path is shown as it is, even one that looks like markup.
        action->setToolTip(fmt::plainToolTip(QDir::toNativeSeparators(path)));
        if (!info.exists()) {
            action->setEnabled(false);
            action->setToolTip(
                fmt::plainToolTip(tr("%1 (file not found)").arg(QDir::toNativeSeparators(path))));
        }
        connect(action, &QAction::triggered, this,
                [this, path] { Q_EMIT databaseRequested(path); });
    }
    if (paths.isEmpty()) {
        QAction *none = addAction(tr("No recent databases"));
        none->setEnabled(false);
    } else {
        addSeparator();
        addAction(tr("&Clear Menu"), this, [this] {
            if (m_settings)
                m_settings->clearRecentDatabases();
            // Not now: rebuild() deletes the action whose signal is being delivered.
            QMetaObject::invokeMethod(this, &RecentDatabasesMenu::rebuild, Qt::QueuedConnection);
        });
    }
}

} // namespace tp
