// How a pilot collects its runs (runner/orchestrate/pilot_evidence.h), with the real runner behind
// a wrapper that makes chosen attempts invalid evidence the way a busy machine does: too few
// steady samples for the preset (it appends --iterations 3 under the smoke preset's 20).
//  - a run the store judges not valid evidence is run again after the step's other runs, each
//    retry saying why, and is linked to the attempt it repeats; nothing is deleted;
//  - what stays invalid after --retries is named with its attempts and reasons;
//  - every run records its place in the pilot's order, baseline and candidate alternating;
//  - `torchpilot pilot --retries N` prints the retries and what stayed invalid.
#include "model/pilot/pilot.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "runner/orchestrate/pilot_evidence.h"
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestPilotCollection : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void invalidRunsAreCollectedAgain();
    void aRepeatedRunNeedsOneValidAttempt();
    void whatStaysInvalidIsNamed();
    void noRetriesWhenAskedForNone();
    void theCommandPrintsRetries();

private:
    // A store that judges by sample count only: noise on a busy test machine never decides.
    static tp::ValidityPolicy countOnly()
    {
        tp::ValidityPolicy p = tp::defaultValidityPolicy();
        p.name = "count-only";
        p.maxIqrOverMedian = 1e9;
        p.requireWarmupSettled = false;
        return p;
    }
    // One baseline and one candidate run of the MLP, no training, no fault test.
    static tp::PilotDefinition smallPilot()
    {
        tp::PilotDefinition pilot = tp::defaultPilot();
        pilot.trainingWorkload.clear();
        pilot.requiredModes = {"compiled"};
        pilot.candidate.mode = "compiled";
        pilot.candidate.dtype = "float32";
        return pilot;
    }
    tp::PilotOptions options(int retries) const
    {
        tp::PilotOptions o;
        o.preset = QStringLiteral("smoke");
        o.runner = m_wrapper;
        o.retries = retries;
        o.profileSteps = 0;
        o.faultTest = false;
        o.serving = false; // the retries of the inference step are what these tests count
        o.runKeyPrefix = QStringLiteral("p%1").arg(++m_pilots);
        return o;
    }
    QTemporaryDir m_dir;
    QString m_wrapper;
    mutable int m_pilots = 0;
};

void TestPilotCollection::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("XDG_CONFIG_HOME", m_dir.path().toUtf8()); // no target profiles file
    // The first attempt of each run key (every attempt with FLAKY_ALWAYS=1) measures 3 samples.
    m_wrapper = m_dir.filePath(QStringLiteral("flaky-runner"));
    QFile script(m_wrapper);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QByteArrayLiteral("#!/bin/sh\nkey=''; prev=''\n"
                                   "for a in \"$@\"; do [ \"$prev\" = --run-key ] && key=\"$a\"; "
                                   "prev=\"$a\"; done\n"
                                   "seen=\"$FLAKY_STATE/$(printf %s \"$key\" | tr / _)\"\n"
                                   "if [ ! -e \"$seen\" ] || [ \"$FLAKY_ALWAYS\" = 1 ]; then\n"
                                   "  : > \"$seen\"; exec '" TP_RUNNER_PATH
                                   "' \"$@\" --iterations 3\nfi\nexec '" TP_RUNNER_PATH
                                   "' \"$@\"\n"));
    script.close();
    QVERIFY(script.setPermissions(script.permissions() | QFile::ExeOwner));
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("state"))));
    qputenv("FLAKY_STATE", m_dir.filePath(QStringLiteral("state")).toUtf8());
}

void TestPilotCollection::invalidRunsAreCollectedAgain()
{
    qputenv("FLAKY_ALWAYS", "0");
    tp::Store store(m_dir.filePath(QStringLiteral("again.sqlite")).toStdString(), countOnly());
    std::vector<tp::PilotRetry> retries;
    tp::PilotObserver observer;
    observer.retrying = [&](const tp::PilotRetry &r) { retries.push_back(r); };
    const tp::PilotEvidence e = tp::collectPilotEvidence(store, smallPilot(), options(2), observer);
    QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
    QCOMPARE(e.failures, 0);
    QCOMPARE(e.runs, 4);
    QCOMPARE(e.retries, 2);
    QVERIFY(e.stillInvalid.empty());
    // Both first attempts were invalid; each retry said which run it repeats and why.
    QCOMPARE(retries.size(), std::size_t(2));
    QCOMPARE(retries[0].label, QStringLiteral("baseline mlp/eager/float32"));
    QCOMPARE(retries[0].previous, 1LL);
    QCOMPARE(retries[0].retry, 1);
    QCOMPARE(retries[0].retries, 2);
    QVERIFY2(retries[0].reasons.join(QString()).contains(QStringLiteral("20")),
             qPrintable(retries[0].reasons.join(QStringLiteral("; "))));
    QCOMPARE(retries[1].label, QStringLiteral("candidate mlp/compiled/float32"));
    QCOMPARE(retries[1].previous, 2LL);
    // Every attempt is kept, in the order it ran: baseline, candidate, then the retries, each
    // linked to the attempt it repeats.
    const std::vector<tp::RunRecord> runs = store.listRuns({});
    QCOMPARE(runs.size(), std::size_t(4));
    for (std::size_t i = 0; i < runs.size(); ++i)
        QCOMPARE(runs[i].collectionOrder.value_or(0), static_cast<long long>(i + 1));
    QCOMPARE(runs[0].mode, std::string("eager"));
    QCOMPARE(runs[1].mode, std::string("compiled"));
    QCOMPARE(runs[0].valid, std::optional<bool>(false));
    QCOMPARE(runs[1].valid, std::optional<bool>(false));
    QCOMPARE(runs[2].retryOf, runs[0].executionKey);
    QCOMPARE(runs[3].retryOf, runs[1].executionKey);
    QCOMPARE(runs[0].retryOf, std::string());
    QCOMPARE(runs[2].valid, std::optional<bool>(true));
    QCOMPARE(runs[3].valid, std::optional<bool>(true));
}

void TestPilotCollection::aRepeatedRunNeedsOneValidAttempt()
{
    // Two candidate runs: the baseline runs between them twice. Its first attempt is invalid,
    // its repetition valid: it is not run a third time; both candidate runs are.
    qputenv("FLAKY_ALWAYS", "0");
    tp::Store store(m_dir.filePath(QStringLiteral("repeat.sqlite")).toStdString(), countOnly());
    tp::PilotDefinition pilot = smallPilot();
    pilot.candidate.dtype = "float32,bfloat16";
    std::vector<QString> retried;
    tp::PilotObserver observer;
    observer.retrying = [&](const tp::PilotRetry &r) { retried.push_back(r.label); };
    const tp::PilotEvidence e = tp::collectPilotEvidence(store, pilot, options(2), observer);
    QCOMPARE(e.runs, 6);
    QCOMPARE(retried, (std::vector<QString>{QStringLiteral("candidate mlp/compiled/float32"),
                                            QStringLiteral("candidate mlp/compiled/bfloat16")}));
    QVERIFY(e.stillInvalid.empty());
    const std::vector<tp::RunRecord> runs = store.listRuns({});
    QCOMPARE(runs[2].runKey, runs[0].runKey); // the baseline again, not a retry
    QCOMPARE(runs[2].retryOf, std::string());
    QCOMPARE(runs[4].retryOf, runs[1].executionKey);
    QCOMPARE(runs[5].retryOf, runs[3].executionKey);
}

void TestPilotCollection::whatStaysInvalidIsNamed()
{
    qputenv("FLAKY_ALWAYS", "1");
    tp::Store store(m_dir.filePath(QStringLiteral("stays.sqlite")).toStdString(), countOnly());
    const tp::PilotEvidence e = tp::collectPilotEvidence(store, smallPilot(), options(1));
    QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
    QCOMPARE(e.runs, 4);
    QCOMPARE(e.retries, 2);
    QCOMPARE(e.stillInvalid.size(), std::size_t(2));
    QCOMPARE(e.stillInvalid[0].label, QStringLiteral("baseline mlp/eager/float32"));
    QCOMPARE(e.stillInvalid[0].attempts, (std::vector<long long>{1, 3}));
    QCOMPARE(e.stillInvalid[1].attempts, (std::vector<long long>{2, 4}));
    QVERIFY(!e.stillInvalid[1].reasons.isEmpty());
    const std::vector<tp::RunRecord> runs = store.listRuns({});
    QCOMPARE(runs.size(), std::size_t(4)); // nothing deleted
    QCOMPARE(runs[3].retryOf, runs[1].executionKey);
}

void TestPilotCollection::noRetriesWhenAskedForNone()
{
    qputenv("FLAKY_ALWAYS", "1");
    tp::Store store(m_dir.filePath(QStringLiteral("none.sqlite")).toStdString(), countOnly());
    const tp::PilotEvidence e = tp::collectPilotEvidence(store, smallPilot(), options(0));
    QCOMPARE(e.runs, 2);
    QCOMPARE(e.retries, 0);
    QCOMPARE(e.stillInvalid.size(), std::size_t(2));
    QCOMPARE(store.runCount(), 2LL);
}

void TestPilotCollection::theCommandPrintsRetries()
{
    // The shipped policy judges here; every attempt measures 3 samples: invalid whatever the noise.
    qputenv("FLAKY_ALWAYS", "1");
    const QString db = m_dir.filePath(QStringLiteral("cli.sqlite"));
    {
        tp::Store store(db.toStdString());
        tp::PilotStore(store).update("local", smallPilot()); // the seeded, selected pilot
    }
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(TP_APP_PATH),
            {QStringLiteral("pilot"), QStringLiteral("--db"), db, QStringLiteral("--preset"),
             QStringLiteral("smoke"), QStringLiteral("--runner"), m_wrapper,
             QStringLiteral("--retries"), QStringLiteral("1"), QStringLiteral("--no-faulttest"),
             QStringLiteral("--no-serving"), QStringLiteral("--profile-steps"), QStringLiteral("0"),
             QStringLiteral("--no-dashboard")});
    QVERIFY(p.waitForFinished(120000));
    const QString text = QString::fromUtf8(p.readAll());
    QCOMPARE(p.exitCode(), 1); // inconclusive: no valid evidence
    QVERIFY2(text.contains(QStringLiteral("retry 1 of 1: baseline mlp/eager/float32, since run 1 "
                                          "is not valid evidence: ")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Runs: 4, baseline and candidate alternating; retries "
                                          "of runs that were not valid evidence: 2.")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Not valid evidence after 1 retries: candidate "
                                          "mlp/compiled/float32 [runs 2,4]: ")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Decision: ")), qPrintable(text));
    // The gate table says what would decide the criteria left open: the runs, measured like the
    // evidence (the smoke preset), and what a reviewer gives.
    QVERIFY2(text.contains(QStringLiteral("                  Run: candidate inference mlp "
                                          "compiled float32, shape catalog, preset smoke, 5 calls "
                                          "profiled")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("                  Reviewer: a rollback path: ")),
             qPrintable(text));
    QProcess gates;
    gates.start(QStringLiteral(TP_APP_PATH),
                {QStringLiteral("gates"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QVERIFY(gates.waitForFinished(60000));
    const nlohmann::json report =
        nlohmann::json::parse(gates.readAllStandardOutput().toStdString());
    const nlohmann::json &catalog = report["gates"][0]["criteria"][0];
    QCOMPARE(catalog["verdict"].get<std::string>(), std::string("insufficient"));
    QCOMPARE(catalog["next_evidence"]["runs"][0]["preset"].get<std::string>(),
             std::string("smoke"));
    QCOMPARE(QProcess::execute(QStringLiteral(TP_APP_PATH),
                               {QStringLiteral("pilot"), QStringLiteral("--db"), db,
                                QStringLiteral("--retries"), QStringLiteral("-1")}),
             2);
}

QTEST_MAIN(TestPilotCollection)
#include "tst_pilot_collection.moc"
