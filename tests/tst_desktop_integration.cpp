// Desktop integration files as shipped in the package: the MIME types recognise a TorchPilot
// database by its application_id whatever its name (and leave other SQLite files alone), a
// contract stream by its first event; the .desktop file and the AppStream metainfo pass their
// validators (desktop-file-validate, appstreamcli validate; update-mime-database for the XML).
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QDir>
#include <QFile>
#include <QMimeDatabase>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
const QString kPackaging = QStringLiteral(TP_SOURCE_DIR "/packaging/");

struct Tool {
    int code = -1;
    QByteArray output;
};

Tool runTool(const QString &program, const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}
} // namespace

class TestDesktopIntegration : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void mimeTypes();
    void desktopFile();
    void appstream();

private:
    QTemporaryDir m_dir;
};

void TestDesktopIntegration::initTestCase()
{
    for (const char *tool : {"update-mime-database", "desktop-file-validate", "appstreamcli"})
        QVERIFY2(!QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty(),
                 qPrintable(QStringLiteral("%1 is missing: packaging/setup-debian.sh installs it")
                                .arg(QLatin1String(tool))));
    // The package's MIME XML next to the system's, compiled into one cache as the package's
    // trigger does in /usr/share/mime. One data dir only: Qt 6.4 takes a magic match from the
    // last cache that has one, whatever its priority, so a cache of our types beside the
    // system's would let application/vnd.sqlite3 win where no installed system has two caches.
    const QString mime = m_dir.filePath(QStringLiteral("share/mime"));
    QVERIFY(QDir().mkpath(mime + QStringLiteral("/packages")));
    QVERIFY(QFile::copy(kPackaging + QStringLiteral("mime/torchpilot.xml"),
                        mime + QStringLiteral("/packages/torchpilot.xml")));
    const QDir system(QStringLiteral("/usr/share/mime/packages"));
    for (const QString &xml : system.entryList({QStringLiteral("*.xml")}, QDir::Files))
        if (xml != QLatin1String("torchpilot.xml"))
            QVERIFY(QFile::copy(system.filePath(xml), mime + QStringLiteral("/packages/") + xml));
    const Tool update =
        runTool(QStringLiteral("update-mime-database"), {QStringLiteral("-V"), mime});
    QVERIFY2(update.code == 0 && !update.output.contains("rror"), update.output.constData());
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("share")).toUtf8());
    qputenv("XDG_DATA_DIRS", m_dir.filePath(QStringLiteral("share")).toUtf8());
}

void TestDesktopIntegration::mimeTypes()
{
    // A TorchPilot database under any name, and a plain SQLite file next to it.
    const QString db = m_dir.filePath(QStringLiteral("evidence.db"));
    {
        tp::Store store(db.toStdString());
    }
    const QString plain = m_dir.filePath(QStringLiteral("other.db"));
    {
        SQLite::Database other(plain.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        other.exec("CREATE TABLE t(x)");
    }
    const QString stream = m_dir.filePath(QStringLiteral("run.jsonl"));
    QVERIFY(QFile::copy(QStringLiteral(TP_TEST_DATA_DIR "/review_pilot.jsonl"), stream));
    const QString noise = m_dir.filePath(QStringLiteral("notes.jsonl"));
    writeFile(noise, "{\"event\":\"something else\"}\n");

    const QMimeDatabase mimes;
    QCOMPARE(mimes.mimeTypeForFile(db).name(), QStringLiteral("application/x-torchpilot-database"));
    QVERIFY(mimes.mimeTypeForFile(db).inherits(QStringLiteral("application/vnd.sqlite3")));
    QCOMPARE(mimes.mimeTypeForFile(plain).name(), QStringLiteral("application/vnd.sqlite3"));
    QCOMPARE(mimes.mimeTypeForFile(stream).name(),
             QStringLiteral("application/x-torchpilot-stream"));
    QCOMPARE_NE(mimes.mimeTypeForFile(noise).name(),
                QStringLiteral("application/x-torchpilot-stream"));
}

void TestDesktopIntegration::desktopFile()
{
    const QString file = kPackaging + QStringLiteral("io.github.torchpilot.TorchPilot.desktop");
    const Tool v = runTool(QStringLiteral("desktop-file-validate"), {file});
    QVERIFY2(v.code == 0 && v.output.trimmed().isEmpty(), v.output.constData()); // not even a hint
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("\nExec=torchpilot %F\n"));
    QVERIFY(text.contains("application/x-torchpilot-database;application/x-torchpilot-stream;"));
    QVERIFY(text.contains("Comment[pt_BR]="));
}

void TestDesktopIntegration::appstream()
{
    const Tool v =
        runTool(QStringLiteral("appstreamcli"),
                {QStringLiteral("validate"), QStringLiteral("--no-net"),
                 kPackaging + QStringLiteral("io.github.torchpilot.TorchPilot.metainfo.xml")});
    QVERIFY2(v.code == 0, v.output.constData());
    QVERIFY2(!v.output.contains("W:") && !v.output.contains("E:"), v.output.constData());
}

QTEST_GUILESS_MAIN(TestDesktopIntegration)
#include "tst_desktop_integration.moc"
