// The install rules (the Debian package is made from them): `cmake --install` into a temporary
// prefix gives every file the package must hold, the installed programs carry no path of the
// source or build tree, and the installed torchpilot — started from that prefix, with no
// environment pointing anywhere — prints its versions and help without a display and runs a
// benchmark with the runner it finds beside itself.
#include "model/store/store.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
struct Result {
    int code = -1;
    QString out, err;
};
} // namespace

class TestInstall : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void packageFiles();
    void noBuildTreePaths();
    void versionAndHelpWithoutDisplay();
    void runsFromItsPrefix();

private:
    Result installed(const QStringList &args, int timeoutMs = 240000) const
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
        env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        QProcess p;
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(m_dir.path());
        p.start(m_prefix + QStringLiteral("/bin/torchpilot"), args);
        if (!p.waitForFinished(timeoutMs))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }
    QTemporaryDir m_dir;
    QString m_prefix;
};

void TestInstall::initTestCase()
{
    m_prefix = m_dir.filePath(QStringLiteral("prefix"));
    QProcess cmake;
    cmake.setProcessChannelMode(QProcess::MergedChannels);
    cmake.start(QStringLiteral("cmake"),
                {QStringLiteral("--install"), QStringLiteral(TP_BINARY_DIR),
                 QStringLiteral("--prefix"), m_prefix});
    QVERIFY(cmake.waitForFinished(120000));
    QVERIFY2(cmake.exitCode() == 0, cmake.readAll().constData());
}

void TestInstall::packageFiles()
{
    for (const char *file :
         {"bin/torchpilot", "bin/torchpilot-runner", "share/torchpilot/python/torchpilot_runner.py",
          "share/torchpilot/python/torchpilot_pyrunner/tp_engine.py",
          "share/torchpilot/python/torchpilot_pyrunner/__init__.py",
          "share/torchpilot/translations/torchpilot_pt_BR.qm",
          "share/torchpilot/catalogs/default.json", "share/torchpilot/gates/default.json",
          "share/torchpilot/cost/presets.json", "share/torchpilot/validity/default.json",
          "share/applications/io.github.torchpilot.TorchPilot.desktop",
          "share/metainfo/io.github.torchpilot.TorchPilot.metainfo.xml",
          "share/icons/hicolor/scalable/apps/torchpilot.svg", "share/mime/packages/torchpilot.xml",
          "share/man/man1/torchpilot.1.gz", "share/man/man1/torchpilot-runner.1.gz",
          "share/doc/torchpilot/copyright", "share/doc/torchpilot/changelog.Debian.gz"})
        QVERIFY2(QFileInfo(m_prefix + QLatin1Char('/') + QLatin1String(file)).isFile(), file);
    QVERIFY(QFileInfo(m_prefix + QStringLiteral("/bin/torchpilot-runner")).isExecutable());
    QVERIFY(QFileInfo(m_prefix + QStringLiteral("/share/torchpilot/python/torchpilot_runner.py"))
                .isExecutable());
    QDirIterator it(m_prefix, QDirIterator::Subdirectories);
    while (it.hasNext())
        QVERIFY2(!it.next().contains(QStringLiteral("__pycache__")), qPrintable(it.filePath()));
}

void TestInstall::noBuildTreePaths()
{
#ifdef __SANITIZE_ADDRESS__
    // GCC 12 writes the sanitizers' source locations with absolute paths, which
    // -ffile-prefix-map does not rewrite; the package is made from the Release build.
    QSKIP("a sanitizer build embeds its source paths");
#endif
    for (const char *program : {"bin/torchpilot", "bin/torchpilot-runner"}) {
        QFile f(m_prefix + QLatin1Char('/') + QLatin1String(program));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY2(!bytes.contains(TP_SOURCE_DIR "/"), program);
        QVERIFY2(!bytes.contains(TP_BINARY_DIR "/"), program);
    }
}

void TestInstall::versionAndHelpWithoutDisplay()
{
    const Result v = installed({QStringLiteral("--version")});
    QVERIFY2(v.code == 0, qPrintable(v.err));
    for (const char *part : {"TorchPilot 0.", "Qt 6.", "libtorch ", "SQLite 3.", "run contract v"})
        QVERIFY2(v.out.contains(QLatin1String(part)), qPrintable(v.out));
    const Result h = installed({QStringLiteral("--help")});
    QVERIFY2(h.code == 0, qPrintable(h.err));
    QVERIFY2(h.out.contains(QStringLiteral("compare")), qPrintable(h.out));
    QVERIFY2(h.out.contains(QStringLiteral("--db")), qPrintable(h.out));
    QVERIFY(!h.err.contains(QStringLiteral("no display")));
    const Result c = installed({QStringLiteral("compare"), QStringLiteral("--help")});
    QVERIFY2(c.code == 0, qPrintable(c.err));
    QVERIFY2(c.out.contains(QStringLiteral("--fail-if-slower")), qPrintable(c.out));
}

void TestInstall::runsFromItsPrefix()
{
    // No TORCHPILOT_RUNNER in the environment: the runner beside the installed program runs.
    const QString db = m_dir.filePath(QStringLiteral("run.sqlite"));
    const Result r =
        installed({QStringLiteral("run"), QStringLiteral("--db"), db, QStringLiteral("--mode"),
                   QStringLiteral("eager"), QStringLiteral("--dtype"), QStringLiteral("float32"),
                   QStringLiteral("--warmup"), QStringLiteral("1"), QStringLiteral("--iterations"),
                   QStringLiteral("5")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const tp::Store store(db.toStdString());
    QCOMPARE(store.listRuns().size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
