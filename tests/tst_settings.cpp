// Settings (the one QSettings wrapper) and the recent-databases menu: typed round trips through
// an INI file, the recent list's order/dedup/limit, clamping, and the menu's entries.
#include "frontend/settings.h"
#include "ui/recent_databases_menu.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

class TestSettings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripsThroughTheFile();
    void recentDatabasesOrderAndLimit();
    void defaultsAndClamping();
    void recentMenuListsAndRequests();

private:
    QString iniPath(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QTemporaryDir m_dir;
};

void TestSettings::roundTripsThroughTheFile()
{
    const QString ini = iniPath("round.ini");
    {
        tp::Settings s(ini);
        s.setLastDatabase(m_dir.filePath(QStringLiteral("a/../b.sqlite")));
        s.setWindowGeometry(QByteArray("\x01\x02geometry", 10));
        s.setWindowState(QByteArray("state"));
        s.setSplitterState(QStringLiteral("runs"), QByteArray("split"));
        s.setLatencyChartKind(tp::Settings::LatencyChartKind::Cdf);
        s.setLanguage(QStringLiteral("pt_BR"));
        s.setMaxParallelRuns(3);
        s.sync();
    }
    QVERIFY(QFile::exists(ini));
    tp::Settings s(ini);
    QCOMPARE(s.lastDatabase(), QDir::cleanPath(m_dir.filePath(QStringLiteral("b.sqlite"))));
    QCOMPARE(s.windowGeometry(), QByteArray("\x01\x02geometry", 10));
    QCOMPARE(s.windowState(), QByteArray("state"));
    QCOMPARE(s.splitterState(QStringLiteral("runs")), QByteArray("split"));
    QCOMPARE(s.splitterState(QStringLiteral("other")), QByteArray());
    QCOMPARE(s.latencyChartKind(), tp::Settings::LatencyChartKind::Cdf);
    QCOMPARE(s.language(), QStringLiteral("pt_BR"));
    QCOMPARE(s.maxParallelRuns(), 3);
}

void TestSettings::recentDatabasesOrderAndLimit()
{
    tp::Settings s(iniPath("recent.ini"));
    QVERIFY(s.recentDatabases().isEmpty());
    auto db = [&](int i) { return m_dir.filePath(QStringLiteral("db%1.sqlite").arg(i)); };
    for (int i = 1; i <= 10; ++i)
        s.addRecentDatabase(db(i));
    QStringList expected;
    for (int i = 10; i >= 3; --i)
        expected << db(i);
    QCOMPARE(s.recentDatabases(), expected); // most recent first, 8 at most
    s.addRecentDatabase(db(5));              // re-opening moves it to the front, no duplicate
    QCOMPARE(s.recentDatabases().front(), db(5));
    QCOMPARE(s.recentDatabases().count(db(5)), 1);
    QCOMPARE(s.recentDatabases().size(), tp::Settings::kMaxRecentDatabases);
    s.removeRecentDatabase(db(5));
    QVERIFY(!s.recentDatabases().contains(db(5)));
    s.noteDatabaseOpened(db(42));
    QCOMPARE(s.recentDatabases().front(), db(42));
    QCOMPARE(s.lastDatabase(), db(42));
    s.clearRecentDatabases();
    QVERIFY(s.recentDatabases().isEmpty());
    QCOMPARE(s.lastDatabase(), db(42)); // the last database is kept
}

void TestSettings::defaultsAndClamping()
{
    tp::Settings s(iniPath("defaults.ini"));
    QCOMPARE(s.latencyChartKind(), tp::Settings::LatencyChartKind::Histogram);
    QCOMPARE(s.maxParallelRuns(), 1);
    QCOMPARE(s.language(), QString());
    QCOMPARE(s.lastDatabase(), QString());
    s.setMaxParallelRuns(0);
    QCOMPARE(s.maxParallelRuns(), 1);
    s.setMaxParallelRuns(1000);
    QCOMPARE(s.maxParallelRuns(), tp::Settings::kMaxParallelRunsLimit);
    s.addRecentDatabase(QString());
    QVERIFY(s.recentDatabases().isEmpty());
}

void TestSettings::recentMenuListsAndRequests()
{
    tp::Settings s(iniPath("menu.ini"));
    tp::RecentDatabasesMenu menu(&s);
    QCOMPARE(menu.actions().size(), 1); // "No recent databases", disabled
    QVERIFY(!menu.actions().front()->isEnabled());

    const QString present = m_dir.filePath(QStringLiteral("present.sqlite"));
    QFile f(present);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const QString missing = m_dir.filePath(QStringLiteral("gone.sqlite"));
    s.addRecentDatabase(missing);
    s.addRecentDatabase(present);
    menu.rebuild();
    const QList<QAction *> actions = menu.actions(); // present, missing, separator, clear
    QCOMPARE(actions.size(), 4);
    QVERIFY(actions[0]->text().startsWith(QStringLiteral("&1 present.sqlite")));
    QVERIFY(actions[0]->isEnabled());
    QVERIFY(actions[1]->text().startsWith(QStringLiteral("&2 gone.sqlite")));
    QVERIFY(!actions[1]->isEnabled()); // the file is gone
    QVERIFY(actions[2]->isSeparator());

    QSignalSpy requested(&menu, &tp::RecentDatabasesMenu::databaseRequested);
    actions[0]->trigger();
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.front().front().toString(), QDir::cleanPath(present));

    actions[3]->trigger(); // Clear Menu
    QVERIFY(s.recentDatabases().isEmpty());
    QTRY_COMPARE(menu.actions().size(), 1);
}

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
