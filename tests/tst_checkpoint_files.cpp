// The training runner's checkpoint files, end to end with the real runner: atomic checkpoints (a
// torn newest one falls back to the one before), and a checkpoint directory shared between hosts
// treated as hostile — a link to /dev/zero, a FIFO, a manifest over 1 MiB, a state_file outside
// the directory and a state linked to a good copy outside are skipped with their reason; links
// planted at the names a checkpoint is written to are replaced, never followed.
#include "checkpoint_fixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace tptest;
using nlohmann::json;

class TestCheckpointFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tornNewestCheckpointFallsBack_data();
    void tornNewestCheckpointFallsBack();
    void plantedLinksAreReplacedNotFollowed();

private:
    QTemporaryDir m_dir;
};

void TestCheckpointFiles::tornNewestCheckpointFallsBack_data()
{
    QTest::addColumn<QString>("damage");
    for (const char *d :
         {"truncated state", "corrupt state bytes", "truncated manifest", "state without manifest",
          // A directory shared between hosts is untrusted: none of these is read or followed.
          "manifest a link to /dev/zero", "manifest a FIFO", "manifest over 1 MiB",
          "state_file outside the directory", "state a link to a good copy outside"})
        QTest::newRow(d) << QString::fromLatin1(d);
}

void TestCheckpointFiles::tornNewestCheckpointFallsBack()
{
    QFETCH(QString, damage);
    const QString dir = m_dir.filePath(QStringLiteral("torn-") +
                                       QString(damage).replace(QLatin1Char(' '), QLatin1Char('-')));
    const QStringList args = trainArgs(QStringLiteral("train-mlp"), QStringLiteral("eager"), 30);
    const Output full = runner(args + checkpointArgs(dir, 10));
    QCOMPARE(full.exitCode, 0);
    QCOMPARE(full.losses.size(), std::size_t(30));
    QVERIFY(QFile::exists(stepFile(dir, 29, "ckpt")) && QFile::exists(stepFile(dir, 19, "json")));
    QVERIFY(QDir(dir)
                .entryList({QStringLiteral("*.tmp-*")}, QDir::Files)
                .isEmpty()); // renamed into place

    // The newest checkpoint (step 29) is damaged as a crash or a bad disk would leave it.
    QFile state(stepFile(dir, 29, "ckpt")), manifest(stepFile(dir, 29, "json"));
    if (damage == QLatin1String("truncated state")) {
        QVERIFY(state.resize(state.size() / 2));
    } else if (damage ==
               QLatin1String("corrupt state bytes")) { // same size: only the SHA-256 tells
        QVERIFY(state.open(QIODevice::ReadWrite));
        QByteArray bytes = state.readAll();
        bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
        state.seek(0);
        state.write(bytes);
        state.close();
    } else if (damage == QLatin1String("truncated manifest")) {
        QVERIFY(manifest.resize(manifest.size() / 3));
    } else if (damage == QLatin1String("manifest a link to /dev/zero")) {
        QVERIFY(manifest.remove());
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), stepFile(dir, 29, "json")));
    } else if (damage == QLatin1String("manifest a FIFO")) {
        QVERIFY(manifest.remove());
        QCOMPARE(::mkfifo(qPrintable(stepFile(dir, 29, "json")), 0600), 0);
    } else if (damage == QLatin1String("manifest over 1 MiB")) { // still valid JSON
        QVERIFY(manifest.open(QIODevice::Append));
        manifest.write(QByteArray((1 << 20) + 1, ' '));
        manifest.close();
    } else if (damage == QLatin1String("state_file outside the directory") ||
               damage == QLatin1String("state a link to a good copy outside")) {
        // An exact copy (same bytes and SHA-256) outside: only where it is gives it away.
        const QString outside = dir + QStringLiteral("-outside.ckpt");
        QVERIFY(QFile::copy(stepFile(dir, 29, "ckpt"), outside));
        if (damage == QLatin1String("state a link to a good copy outside")) {
            QVERIFY(state.remove());
            QVERIFY(QFile::link(outside, stepFile(dir, 29, "ckpt")));
        } else {
            QVERIFY(manifest.open(QIODevice::ReadOnly));
            json m = json::parse(manifest.readAll().toStdString());
            manifest.close();
            m["state_file"] = "../" + QFileInfo(outside).fileName().toStdString();
            QVERIFY(manifest.open(QIODevice::WriteOnly | QIODevice::Truncate));
            manifest.write(QByteArray::fromStdString(m.dump()));
            manifest.close();
            QVERIFY(state.remove());
        }
    } else {
        QVERIFY(manifest.remove());
    }
    // Two steps before the end: a resume from step 19 trains steps 20..29.
    const Output resumed = runner(args + QStringList{QStringLiteral("--resume"), dir});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
    QCOMPARE(resumed.resume.value("from_step", -1), 19);
    QVERIFY2(resumed.err.contains(QLatin1String("checkpoint skipped")) &&
                 resumed.err.contains(QLatin1String("step-0000000029")),
             qPrintable(resumed.err));
    QCOMPARE(resumed.losses.begin()->first, 20LL);
    QCOMPARE(resumed.losses.size(), std::size_t(10));
    const QString diff = bitwiseDifference(full.losses, resumed.losses);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

// A link planted where a checkpoint will be written: the new file replaces the link (rename),
// the file it pointed to is never written.
void TestCheckpointFiles::plantedLinksAreReplacedNotFollowed()
{
    const QString dir = m_dir.filePath(QStringLiteral("planted"));
    QVERIFY(QDir().mkpath(dir));
    const QString victim = m_dir.filePath(QStringLiteral("planted-victim"));
    {
        QFile f(victim);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep me");
    }
    for (const char *ext : {"ckpt", "json"})
        QVERIFY(QFile::link(victim, stepFile(dir, 9, ext)));
    const Output out = runner(trainArgs(QStringLiteral("train-mlp"), QStringLiteral("eager"), 10) +
                              checkpointArgs(dir, 10));
    QVERIFY2(out.exitCode == 0, qPrintable(out.err));
    for (const char *ext : {"ckpt", "json"}) {
        const QFileInfo written(stepFile(dir, 9, ext));
        QVERIFY(written.isFile() && !written.isSymLink());
    }
    QFile f(victim);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("keep me"));
}

QTEST_GUILESS_MAIN(TestCheckpointFiles)
#include "tst_checkpoint_files.moc"
