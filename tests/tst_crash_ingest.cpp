// Crash-safe ingest, with real processes and SIGKILL at random (seeded) moments:
// (a) the real runner killed while its stdout streams into a RunIngestor: every sample of every
//     complete line received before the cut is stored (checked against the bytes, parsed here
//     with QJsonDocument, independently of the contract parser), the run is incomplete (ok when
//     it had finished), the database stays sound and takes the next run;
// (b) `torchpilot import` killed while importing a 200 000-sample file: PRAGMA integrity_check is
//     ok, tp::Store reopens, and importing again ends at exactly the figures of a clean import.
#include "contract_fixture.h"
#include "model/ingest/ingestor.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <map>

namespace
{

constexpr quint32 kSeed = 20261202;

// One runner process streamed into `store`; killed with SIGKILL after killAfterMs (-1: never).
struct RunnerCut {
    QByteArray bytes; // everything read from its stdout, in order
    tp::IngestReport report;
    bool killed = false;
    qint64 elapsedMs = 0;
};

RunnerCut runRunner(tp::Store &store, int killAfterMs)
{
    RunnerCut c;
    QProcess p;
    p.setStandardErrorFile(QProcess::nullDevice());
    tp::RunIngestor in(store, "local:crash-test");
    auto take = [&] {
        const QByteArray b = p.readAllStandardOutput();
        c.bytes += b;
        in.feed(b.constData(), static_cast<std::size_t>(b.size()));
    };
    QObject::connect(&p, &QProcess::readyReadStandardOutput, take);
    QEventLoop loop;
    QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(TP_RUNNER_PATH),
            {QStringLiteral("--warmup"), QStringLiteral("5"), QStringLiteral("--iterations"),
             QStringLiteral("6000"), QStringLiteral("--threads"), QStringLiteral("1")});
    if (!p.waitForStarted())
        return c;
    QTimer killer;
    if (killAfterMs >= 0) {
        killer.setSingleShot(true);
        QObject::connect(&killer, &QTimer::timeout, &p, [&] {
            if (p.state() == QProcess::Running) {
                p.kill(); // SIGKILL
                c.killed = true;
            }
        });
        killer.start(killAfterMs);
    }
    QTimer::singleShot(120000, &loop, &QEventLoop::quit); // safety net
    if (p.state() != QProcess::NotRunning)
        loop.exec();
    take(); // what was still in the pipe when it died
    c.elapsedMs = t.elapsed();
    c.report = c.killed ? in.finishWithError("runner killed (SIGKILL)") : in.finish();
    return c;
}

// What the bytes say, parsed without the contract parser: the samples of every complete line.
struct Expected {
    bool started = false, finished = false, partialLine = false;
    int completeLines = 0;
    std::map<std::string, std::vector<double>> samples;
};

Expected parseBytes(const QByteArray &bytes)
{
    Expected e;
    QList<QByteArray> lines = bytes.split('\n');
    const QByteArray tail = lines.takeLast(); // after the last newline: empty or cut
    if (!tail.isEmpty()) {
        // A last line cut exactly before its newline is still a whole object (and is stored).
        if (QJsonDocument::fromJson(tail).isObject())
            lines << tail;
        else
            e.partialLine = true;
    }
    for (const QByteArray &line : lines) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        ++e.completeLines;
        const QString event = o.value(QStringLiteral("event")).toString();
        e.started |= event == QLatin1String("run_started");
        e.finished |= event == QLatin1String("run_finished");
        if (event != QLatin1String("phase"))
            continue;
        auto &v = e.samples[o.value(QStringLiteral("phase")).toString().toStdString()];
        for (const auto &s : o.value(QStringLiteral("seconds")).toArray())
            v.push_back(s.toDouble());
    }
    return e;
}

} // namespace

class TestCrashIngest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void runnerKilledAtRandomPoints();
    void appKilledDuringImport();

private:
    QTemporaryDir m_dir;
};

void TestCrashIngest::runnerKilledAtRandomPoints()
{
    const std::string path = m_dir.filePath(QStringLiteral("runner-kill.sqlite")).toStdString();
    tp::Store store(path);
    // A whole run first: how long one takes here, and the store works.
    const RunnerCut whole = runRunner(store, -1);
    QVERIFY(!whole.killed);
    QCOMPARE(whole.report.runIds.size(), std::size_t(1));
    QCOMPARE(store.run(whole.report.runIds.front())->status, std::string("ok"));
    const int span = static_cast<int>(whole.elapsedMs * 11 / 10);
    qInfo("whole run: %lld ms, %lld samples; killing 25 runners at random moments in [0, %d] ms "
          "(seed %u)",
          whole.elapsedMs, whole.report.samples, span, kSeed);

    QRandomGenerator rng(kSeed);
    int beforeStart = 0, cutRuns = 0, finishedRuns = 0, partialLines = 0;
    for (int trial = 0; trial < 25; ++trial) {
        const int delay = rng.bounded(span + 1);
        const long long runsBefore = store.runCount();
        const RunnerCut c = runRunner(store, delay);
        const Expected e = parseBytes(c.bytes);
        partialLines += e.partialLine;
        QString outcome;
        if (!e.started) {
            ++beforeStart;
            outcome = QStringLiteral("no run_started yet: no run");
            QVERIFY(c.report.runIds.empty());
            QCOMPARE(store.runCount(), runsBefore);
        } else {
            QCOMPARE(c.report.runIds.size(), std::size_t(1));
            QCOMPARE(store.runCount(), runsBefore + 1);
            const auto run = store.run(c.report.runIds.front());
            QVERIFY(run);
            long long total = 0;
            for (const char *phase : {"first_call", "warmup", "steady"}) {
                const auto it = e.samples.find(phase);
                const std::vector<double> want =
                    it == e.samples.end() ? std::vector<double>() : it->second;
                QCOMPARE(store.samples(run->id, phase), want); // every value, in order
                total += static_cast<long long>(want.size());
            }
            QCOMPARE(run->sampleCount, total);
            QCOMPARE(c.report.truncated, e.partialLine);
            if (e.finished) {
                ++finishedRuns;
                QCOMPARE(run->status, std::string("ok"));
                QVERIFY(run->complete);
            } else {
                ++cutRuns;
                QCOMPARE(run->status, std::string("incomplete"));
                QVERIFY(!run->complete);
                QVERIFY2(run->error.find("killed") != std::string::npos, run->error.c_str());
            }
            outcome = QStringLiteral("run %1 %2, %3 samples stored (%4 steady)")
                          .arg(run->id)
                          .arg(QString::fromStdString(run->status))
                          .arg(total)
                          .arg(store.samples(run->id, "steady").size());
        }
        QCOMPARE(QString::fromStdString(tptest::integrityCheck(path)), QStringLiteral("ok"));
        qInfo("trial %2d: kill after %4d ms (%s): %6lld bytes, %d complete lines%s; %s", trial,
              delay, c.killed ? "killed" : "had exited", static_cast<long long>(c.bytes.size()),
              e.completeLines, e.partialLine ? " + a cut line" : "", qPrintable(outcome));
    }
    qInfo("runner kill trials: 25; killed before run_started %d, cut mid-run (incomplete) %d, "
          "finished "
          "before the kill (ok) %d, cut inside a line %d; every complete line's samples stored, "
          "integrity_check ok after each",
          beforeStart, cutRuns, finishedRuns, partialLines);
    // The store still takes a whole run (its warmup length varies: the runner warms up until
    // its timings settle).
    const RunnerCut after = runRunner(store, -1);
    const auto last = store.run(after.report.runIds.front());
    QCOMPARE(last->status, std::string("ok"));
    QCOMPARE(last->sampleCount, after.report.samples);
    QCOMPARE(store.samples(last->id, "steady").size(), std::size_t(6000));
}

void TestCrashIngest::appKilledDuringImport()
{
    const QString big = m_dir.filePath(QStringLiteral("big.jsonl"));
    const tptest::BigStream spec;
    QVERIFY(tptest::writeBigStream(big, spec));
    // Reference: a clean import, and how long it takes here.
    const QString clean = m_dir.filePath(QStringLiteral("clean.sqlite"));
    QElapsedTimer t;
    t.start();
    auto r = tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), clean, big});
    const int importMs = static_cast<int>(t.elapsed());
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    tptest::DbFigures reference;
    {
        SQLite::Database db(clean.toStdString());
        reference = tptest::dbFigures(db);
    }
    QCOMPARE(reference.samples, spec.samples());
    QCOMPARE(reference.runs, 2LL);
    QCOMPARE(reference.complete, 2LL);
    QCOMPARE(reference.events, spec.events());
    qInfo("clean import: %d ms, %s", importMs, qPrintable(tptest::describe(reference)));

    QRandomGenerator rng(kSeed + 1);
    const int trials = 8;
    int killed = 0;
    for (int trial = 0; trial < trials; ++trial) {
        const QString db = m_dir.filePath(QStringLiteral("killed-%1.sqlite").arg(trial));
        const int delay = 50 + rng.bounded(importMs); // past the app's start, inside the import
        QProcess p;
        p.start(QStringLiteral(TP_APP_PATH),
                {QStringLiteral("import"), QStringLiteral("--db"), db, big});
        QVERIFY(p.waitForStarted());
        const bool exited = p.waitForFinished(delay);
        if (!exited) {
            p.kill(); // SIGKILL
            QVERIFY(p.waitForFinished());
            ++killed;
        }
        QString state = QStringLiteral("no database file yet");
        if (QFile::exists(db)) {
            QCOMPARE(QString::fromStdString(tptest::integrityCheck(db.toStdString())),
                     QStringLiteral("ok"));
            SQLite::Database raw(db.toStdString());
            long long runs = 0;
            if (raw.tableExists("runs")) {
                const auto partial = tptest::dbFigures(raw);
                // Each line is one transaction: the maintained count never disagrees with the rows.
                QCOMPARE(partial.maintainedSamples, partial.samples);
                QCOMPARE_LE(partial.samples, reference.samples);
                state = tptest::describe(partial);
                runs = partial.runs;
            } else {
                state = QStringLiteral("killed before the schema was committed"); // rolled back
            }
            tp::Store reopened(db.toStdString()); // throws if the store would not open
            QCOMPARE(reopened.runCount(), runs);
        }
        r = tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), db, big});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QString::fromStdString(tptest::integrityCheck(db.toStdString())),
                 QStringLiteral("ok"));
        SQLite::Database again(db.toStdString());
        const auto after = tptest::dbFigures(again);
        QVERIFY2(after == reference, qPrintable(tptest::describe(after)));
        qInfo("trial %d: %s after %d ms: %s; integrity_check ok; re-import → %s (= clean import)",
              trial, exited ? "import had finished" : "SIGKILL", delay, qPrintable(state),
              qPrintable(tptest::describe(after)));
    }
    qInfo("app kill trials: %d (%d killed mid-import); every database sound, reopened, and "
          "completed by "
          "re-import to the clean figures",
          trials, killed);
}

QTEST_GUILESS_MAIN(TestCrashIngest)
#include "tst_crash_ingest.moc"
