// The orchestration library (runner/orchestrate) as the CLI and the GUI call it, without either:
//  - a pilot's plan from its definition alone: the steps, their runs (the two sides alternating),
//    run keys, targets, ranks, and the fault test left out (or skipped, with why, on a remote
//    candidate);
//  - the fault test's settings checked before anything starts;
//  - cancel: a fault test cancelled after its reference stores nothing, a pilot cancelled before
//    its first step starts none; an unknown target stops the collection with its name.
#include "model/pilot/pilot.h"
#include "model/store/store.h"
#include "runner/orchestrate/pilot_evidence.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

class TestOrchestrate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void planOfTheDefaultPilot();
    void planOfARemoteDistributedCandidate();
    void planWithoutTrainingOrFaultTest();
    void faultTestSettingsAreChecked();
    void cancelledFaultTestStoresNothing();
    void cancelledPilotStartsNothing();
    void unknownTargetStopsTheCollection();

private:
    static QStringList labels(const tp::PilotStep &step)
    {
        QStringList out;
        for (const tp::PlannedRun &r : step.runs)
            out << r.label();
        return out;
    }
    QTemporaryDir m_dir;
};

void TestOrchestrate::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("TORCHPILOT_RUNNER", TP_RUNNER_PATH);      // LocalLauncher::locateRunner()
    qputenv("XDG_CONFIG_HOME", m_dir.path().toUtf8()); // no target profiles file
}

void TestOrchestrate::planOfTheDefaultPilot()
{
    tp::PilotOptions options;
    options.preset = QStringLiteral("smoke");
    options.catalog = QStringLiteral("/srv/catalog.json");
    options.runKeyPrefix = QStringLiteral("p");
    std::vector<tp::PilotStep> steps = tp::planPilot(tp::defaultPilot(), options);
    QCOMPARE(steps.size(), std::size_t(4));
    using K = tp::PilotStep::Kind;
    // The serving step: each side's peak QPS within the pilot's SLO, probes under the smoke
    // preset, the side's mode and batch (no batch difference allowed: one max batch).
    QCOMPARE(steps[1].kind, K::Serving);
    QCOMPARE(steps[1].peaks.size(), std::size_t(2));
    QVERIFY(!steps[1].peaks[0].candidate && steps[1].peaks[1].candidate);
    const tp::PeakSearchSettings &peak = steps[1].peaks[1].settings;
    QCOMPARE(peak.base.mode, QStringLiteral("compiled"));
    QCOMPARE(peak.sloSeconds, tp::defaultPilot().sloP99Seconds);
    QCOMPARE(peak.maxBatches, std::vector<long long>{64});
    QCOMPARE(peak.preset, QStringLiteral("smoke"));
    QCOMPARE(peak.runKeyPrefix, QStringLiteral("p/candidate-serving"));
    steps.erase(steps.begin() + 1); // the rest as before
    QCOMPARE(steps[0].kind, K::Inference);
    QCOMPARE(steps[0].what, QStringLiteral("inference, baseline and candidate alternating"));
    // The candidate runs every required mode, float32 and bfloat16; the baseline's one run
    // repeats between them, so the two sides alternate whatever the machine does meanwhile.
    QCOMPARE(labels(steps[0]).join(QLatin1Char(' ')),
             QStringLiteral("baseline mlp/eager/float32 candidate mlp/eager/float32 "
                            "baseline mlp/eager/float32 candidate mlp/eager/bfloat16 "
                            "baseline mlp/eager/float32 candidate mlp/compiled/float32 "
                            "baseline mlp/eager/float32 candidate mlp/compiled/bfloat16"));
    const tp::RunSpec &first = steps[0].runs[0].spec;
    QCOMPARE(first.runKey, QStringLiteral("p/baseline/mlp/eager/float32"));
    QCOMPARE(steps[0].runs[1].spec.runKey, QStringLiteral("p/candidate/mlp/eager/float32"));
    QCOMPARE(first.extraArgs,
             (QStringList{QStringLiteral("--preset"), QStringLiteral("smoke"),
                          QStringLiteral("--catalog"), QStringLiteral("/srv/catalog.json")}));
    QCOMPARE(first.iterations, 0); // the preset decides
    QCOMPARE(steps[0].runs[0].target, QStringLiteral("local"));
    QVERIFY(!steps[0].runs[0].candidate);
    QVERIFY(steps[0].runs[1].candidate);
    // Every inference run profiles 5 calls after its steady phase (the compatibility gate's
    // host round-trips); training runs are not profiled.
    for (const tp::PlannedRun &run : steps[0].runs) {
        QCOMPARE(run.spec.profileSteps, 5);
        QVERIFY(run.spec.runnerArguments().contains(QStringLiteral("--profile-steps")));
    }
    QCOMPARE(steps[1].kind, K::Training);
    QCOMPARE(labels(steps[1]),
             (QStringList{QStringLiteral("baseline train-mlp/eager/float32"),
                          QStringLiteral("candidate train-mlp/compiled/float32")}));
    QCOMPARE(steps[1].runs[0].spec.profileSteps, 0);
    QCOMPARE(steps[1].runs[1].spec.extraArgs,
             (QStringList{QStringLiteral("--preset"), QStringLiteral("smoke")})); // no target loss
    QCOMPARE(steps[2].kind, K::FaultTest);
    QVERIFY(steps[2].skipped.isEmpty());
    QCOMPARE(steps[2].faultTest.mode, QStringLiteral("compiled"));
    QCOMPARE(steps[2].faultTest.runKey, QStringLiteral("p/candidate-faulttest"));
    QCOMPARE(steps[2].faultTest.runnerKind, QStringLiteral("cpp"));
    // Alternating when either side has more runs, and a side alone as it is.
    auto named = [](const char *name) {
        return tp::PlannedRun{{}, QString::fromLatin1(name), false};
    };
    auto targets = [](const std::vector<tp::PlannedRun> &runs) {
        QStringList out;
        for (const tp::PlannedRun &r : runs)
            out << r.target;
        return out.join(QString());
    };
    QCOMPARE(targets(tp::interleave({named("a"), named("b"), named("c")}, {named("X")})),
             QStringLiteral("aXbXcX"));
    QCOMPARE(targets(tp::interleave({named("a"), named("b")}, {named("X"), named("Y")})),
             QStringLiteral("aXbY"));
    QCOMPARE(targets(tp::interleave({}, {named("X"), named("Y")})), QStringLiteral("XY"));
}

void TestOrchestrate::planOfARemoteDistributedCandidate()
{
    tp::PilotDefinition pilot = tp::defaultPilot();
    pilot.candidate.target = "tpu-host";
    pilot.candidate.runner = "python";
    pilot.candidate.batch = 256;
    pilot.trainingWorldSize = 4;
    pilot.qualityTarget = 0.25;
    tp::PilotOptions noServing;
    noServing.serving = false;
    const std::vector<tp::PilotStep> steps = tp::planPilot(pilot, noServing);
    QCOMPARE(steps.size(), std::size_t(3));
    // With the serving step, the TPU side searches every power of two up to its batch 256 when
    // the pilot allows a batch difference.
    tp::PilotDefinition batchAllowed = pilot;
    batchAllowed.allowed.push_back(
        {"batch", tp::Message::verbatim("the TPU fills its MXUs at 256")});
    const std::vector<tp::PilotStep> withServing = tp::planPilot(batchAllowed, {});
    QCOMPARE(withServing[1].peaks[1].target, QStringLiteral("tpu-host"));
    QCOMPARE(withServing[1].peaks[1].settings.maxBatches,
             (std::vector<long long>{1, 2, 4, 8, 16, 32, 64, 128, 256}));
    QCOMPARE(withServing[1].peaks[0].settings.maxBatches,
             (std::vector<long long>{1, 2, 4, 8, 16, 32, 64}));
    QCOMPARE(steps[0].runs[0].target, QStringLiteral("local"));
    QCOMPARE(steps[0].runs[1].target, QStringLiteral("tpu-host"));
    QCOMPARE(steps[0].runs[1].spec.batch, 256);
    // A local directory means nothing on the remote host: its trace stays there.
    tp::PilotOptions withDir;
    withDir.profileDir = tp::traceDirectoryFor(QStringLiteral("/data/pilot.sqlite"));
    QCOMPARE(withDir.profileDir, QStringLiteral("/data/pilot-traces"));
    withDir.serving = false;
    const std::vector<tp::PilotStep> traced = tp::planPilot(pilot, withDir);
    QCOMPARE(traced[0].runs[0].spec.profileDir, QStringLiteral("/data/pilot-traces"));
    QCOMPARE(traced[0].runs[1].spec.profileDir, QString());
    // Ranks train where they can run: on this machine for the local baseline only.
    QCOMPARE(steps[1].runs[0].spec.worldSize, 4);
    QCOMPARE(steps[1].runs[1].spec.worldSize, 1);
    QVERIFY(steps[1].runs[1].spec.extraArgs.contains(QStringLiteral("--target-loss")));
    // The fault test drives a local process: skipped on a remote candidate, saying how to run it.
    QVERIFY2(steps[2].skipped.contains(QStringLiteral("torchpilot faulttest")),
             qPrintable(steps[2].skipped));
    QCOMPARE(steps[2].faultTest.runnerKind, QStringLiteral("python"));
    QCOMPARE(steps[2].faultTest.worldSize, 4);
}

void TestOrchestrate::planWithoutTrainingOrFaultTest()
{
    tp::PilotOptions noFault;
    noFault.faultTest = false;
    QCOMPARE(tp::planPilot(tp::defaultPilot(), noFault).size(), std::size_t(3));
    noFault.serving = false;
    QCOMPARE(tp::planPilot(tp::defaultPilot(), noFault).size(), std::size_t(2));
    tp::PilotDefinition inferenceOnly = tp::defaultPilot();
    inferenceOnly.trainingWorkload.clear();
    QCOMPARE(tp::planPilot(inferenceOnly, {}).size(), std::size_t(2)); // inference, serving
}

void TestOrchestrate::faultTestSettingsAreChecked()
{
    tp::FaultTestSettings s;
    QCOMPARE(s.resolve(), QString());
    QCOMPARE(s.runner, QStringLiteral(TP_RUNNER_PATH));
    QCOMPARE(s.runKey, QStringLiteral("faulttest/train-mlp/compiled"));
    QVERIFY(s.commonArguments().contains(QStringLiteral("--no-precision")));
    tp::FaultTestSettings bad;
    bad.workload = QStringLiteral("mlp");
    QVERIFY2(bad.resolve().contains(QStringLiteral("train-mlp or train-encoder")),
             qPrintable(bad.resolve()));
    tp::FaultTestSettings tight;
    tight.steps = 10;
    tight.every = 9;
    QVERIFY2(tight.resolve().contains(QStringLiteral("--checkpoint-every 9")),
             qPrintable(tight.resolve()));
    tp::FaultTestSettings missing;
    missing.runner = m_dir.filePath(QStringLiteral("no-runner"));
    QVERIFY2(missing.resolve().contains(QStringLiteral("no-runner")),
             qPrintable(missing.resolve()));
}

void TestOrchestrate::cancelledFaultTestStoresNothing()
{
    tp::Store store(m_dir.filePath(QStringLiteral("fault.sqlite")).toStdString());
    tp::FaultTestSettings s;
    s.steps = 60;
    s.every = 10;
    QCOMPARE(s.resolve(), QString());
    std::atomic_bool cancel{false};
    bool referenceRan = false;
    int trials = 0;
    tp::FaultTestObserver observer;
    observer.referenceDone = [&](const tp::RunnerOutput &reference) {
        referenceRan = reference.losses.size() == 60;
        cancel = true; // as Cancel pilot does from the GUI thread
    };
    observer.trialDone = [&](const tp::TrialResult &) { ++trials; };
    const tp::FaultTestResult r = tp::runFaultTest(store, s, observer, &cancel);
    QVERIFY(referenceRan);
    QCOMPARE(r.outcome, tp::FaultTestResult::Outcome::Cancelled);
    QCOMPARE(trials, 0);
    QCOMPARE(r.runId, 0LL);
    QCOMPARE(store.runCount(), 0LL);
}

void TestOrchestrate::cancelledPilotStartsNothing()
{
    tp::Store store(m_dir.filePath(QStringLiteral("cancelled.sqlite")).toStdString());
    std::atomic_bool cancel{true};
    int started = 0;
    tp::PilotObserver observer;
    observer.stepStarted = [&](const tp::PilotProgress &) { ++started; };
    const tp::PilotEvidence e =
        tp::collectPilotEvidence(store, tp::defaultPilot(), {}, observer, &cancel);
    QVERIFY(e.cancelled);
    QVERIFY(!e.reviewed);
    QCOMPARE(started, 0);
    QCOMPARE(e.exitCode(), 1);
    QCOMPARE(store.runCount(), 0LL);
}

void TestOrchestrate::unknownTargetStopsTheCollection()
{
    tp::Store store(m_dir.filePath(QStringLiteral("unknown.sqlite")).toStdString());
    tp::PilotDefinition pilot = tp::defaultPilot();
    pilot.baseline.target = "no-such-host";
    std::vector<tp::PilotProgress> progress;
    tp::PilotObserver observer;
    observer.stepStarted = [&](const tp::PilotProgress &p) { progress.push_back(p); };
    const tp::PilotEvidence e = tp::collectPilotEvidence(store, pilot, {}, observer);
    QVERIFY2(e.error.contains(QStringLiteral("no-such-host")), qPrintable(e.error));
    QCOMPARE(e.exitCode(), 2);
    QCOMPARE(progress.size(), std::size_t(1)); // the first step started, and stopped there
    QCOMPARE(progress[0].step, 1);
    QCOMPARE(progress[0].total, 4);
    QCOMPARE(store.runCount(), 0LL);
}

QTEST_MAIN(TestOrchestrate)
#include "tst_orchestrate.moc"
