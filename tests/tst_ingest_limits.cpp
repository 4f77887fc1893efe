// Ingest in bounded memory and time (ingestor.h, ingest_limits): a line over 4 MiB stops the
// import with an error naming the file and the line, keeping every run and sample before it; a
// line just under the limit imports; a device is refused unread; a FIFO that never ends a line,
// or that sends nothing but lines that store nothing, stops within seconds; warnings past the
// kept number are counted, not kept.
#include "model/ingest/import_any.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "test_util.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

namespace
{

const QByteArray kStarted =
    R"({"v":1,"event":"run_started","execution_key":"limits-1","run_key":"limits/mlp",)"
    R"("workload":"mlp","mode":"eager","dtype":"float32","device":"cpu","shape":{"batch":8}})"
    "\n";

QByteArray phaseLine(int values)
{
    return R"({"v":1,"event":"phase","phase":"steady","batch":8,"seconds":[)" +
           QByteArray("0.000123456789012345,").repeated(values - 1) + "0.000123456789012345]}\n";
}

} // namespace

class TestIngestLimits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void overlongLineStopsAndKeepsWhatCameBefore();
    void lineJustUnderTheLimitImports();
    void devicesAreRefusedUnread();
    void endlessFifosStopInTime_data();
    void endlessFifosStopInTime();
    void warningsAreCountedNotKept();

private:
    QString write(const char *name, const QByteArray &bytes)
    {
        QString path = m_dir.filePath(QLatin1String(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        f.write(bytes);
        return path;
    }
    QTemporaryDir m_dir;
};

void TestIngestLimits::overlongLineStopsAndKeepsWhatCameBefore()
{
    const int big = int(tp::ingest_limits::kMaxLineBytes / 21) + 10; // just over 4 MiB
    const QString path =
        write("overlong.jsonl", kStarted + phaseLine(100) + phaseLine(big) + phaseLine(100));
    tp::Store store(m_dir.filePath(QStringLiteral("overlong.sqlite")).toStdString());
    try {
        tp::importFile(store, path.toStdString());
        QFAIL("an over-long line was imported");
    } catch (const tp::StoreError &e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.contains(path) && what.contains(QLatin1String("line 3 is longer than 4 MiB")),
                 e.what());
        QVERIFY2(what.contains(QLatin1String("1 run(s) and 100 sample(s) before it are stored")),
                 e.what());
    }
    // The run and its first 100 samples are kept; the run is incomplete, saying why.
    QCOMPARE(store.runCount(), 1LL);
    const tp::RunRecord run = store.listRuns().front();
    QCOMPARE(store.samples(run.id, "steady").size(), std::size_t(100));
    QCOMPARE(run.status, std::string("incomplete"));
    QVERIFY2(QString::fromStdString(run.error).contains(QLatin1String("longer than 4 MiB")),
             run.error.c_str());
}

void TestIngestLimits::lineJustUnderTheLimitImports()
{
    const int values = int((tp::ingest_limits::kMaxLineBytes - 200) / 21);
    const QByteArray line = phaseLine(values);
    QCOMPARE_LE(std::size_t(line.size()), tp::ingest_limits::kMaxLineBytes);
    const QString path = write("wide.jsonl", kStarted + line);
    tp::Store store(m_dir.filePath(QStringLiteral("wide.sqlite")).toStdString());
    const tp::IngestReport r = tp::importFile(store, path.toStdString());
    QVERIFY(r.stopped.empty());
    QCOMPARE(r.samples, static_cast<long long>(values));
}

void TestIngestLimits::devicesAreRefusedUnread()
{
    tp::Store store(m_dir.filePath(QStringLiteral("device.sqlite")).toStdString());
    for (const char *device : {"/dev/zero", "/dev/urandom"}) {
        QElapsedTimer t;
        t.start();
        try {
            tp::importAny(store, device);
            QFAIL("a device was imported");
        } catch (const tp::StoreError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("is a device")), e.what());
        }
        // A hang guard: a device is refused by its type, before a byte is read (well under a
        // millisecond); reading /dev/zero would never end.
        QCOMPARE_LT(t.elapsed(), 10000);
    }
    QCOMPARE(store.runCount(), 0LL);
}

void TestIngestLimits::endlessFifosStopInTime_data()
{
    QTest::addColumn<QString>("feeder");
    QTest::addColumn<QString>("message");
    QTest::newRow("no newline, ever") << "cat /dev/zero"
                                      << "is longer than 4 MiB";
    QTest::newRow("lines that store nothing, for ever") << "yes"
                                                        << "10000 lines in a row were not stored";
    QTest::newRow("a run, then endless garbage lines")
        << QStringLiteral("printf '%1'; yes '{\"v\":1}'")
               .arg(QString::fromLatin1(kStarted.trimmed() + "\\n"))
        << "lines in a row were not stored";
}

void TestIngestLimits::endlessFifosStopInTime()
{
    QFETCH(QString, feeder);
    QFETCH(QString, message);
    const QString fifo =
        m_dir.filePath(QStringLiteral("fifo-%1").arg(QString::number(QTest::currentDataTag()[0])));
    QFile::remove(fifo);
    QCOMPARE(::mkfifo(qPrintable(fifo), 0600), 0);
    QProcess writer;
    writer.start(QStringLiteral("sh"), {QStringLiteral("-c"), feeder + QStringLiteral(" > '") +
                                                                  fifo + QLatin1Char('\'')});
    QVERIFY(writer.waitForStarted());
    tp::Store store(m_dir.filePath(QStringLiteral("fifo.sqlite")).toStdString());
    QElapsedTimer t;
    t.start();
    try {
        tp::importAny(store, fifo.toStdString()); // a FIFO is a stream, never a database
        QFAIL("an endless stream was imported");
    } catch (const tp::StoreError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(fifo), e.what());
    }
    // A hang guard: the stream is endless, so only the limits end the import (about a second
    // here); a missing limit would wait for ever.
    QCOMPARE_LT(t.elapsed(), 60000);
    writer.kill();
    writer.waitForFinished();
}

void TestIngestLimits::warningsAreCountedNotKept()
{
    QByteArray bytes = kStarted;
    for (int i = 0; i < 3000; ++i) // 3000 bad lines, each followed by a good one
        bytes += "not json\n" + phaseLine(1);
    const QString path = write("warnings.jsonl", bytes);
    tp::Store store(m_dir.filePath(QStringLiteral("warnings.sqlite")).toStdString());
    const tp::IngestReport r = tp::importFile(store, path.toStdString());
    QVERIFY(r.stopped.empty());
    QCOMPARE(r.samples, 3000LL);
    QCOMPARE_GE(r.warningCount, 3000); // each bad line (and the run that never finished, if so)
    QCOMPARE(r.warnings.size(), tp::ingest_limits::kMaxWarnings);
    const tp::ImportResult any = tp::importAny(store, path.toStdString());
    QVERIFY(!any.warnings.empty());
    QVERIFY2(QString::fromStdString(any.warnings.back()).contains(QLatin1String("more warnings")),
             any.warnings.back().c_str());
}

QTEST_GUILESS_MAIN(TestIngestLimits)
#include "tst_ingest_limits.moc"
