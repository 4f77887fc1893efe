// Checkpoint/resume of the training runner and the `torchpilot faulttest` recovery test, end to
// end with the real runner: resumed losses bitwise equal to an uninterrupted run, RPO/RTO stored
// as a run that the operations gate judges, and clear errors for bad input. The checkpoint files
// themselves (torn or hostile): tst_checkpoint_files.
#include "checkpoint_fixture.h"
#include "model/review/gate_report.h"
#include "model/review/gates.h"
#include "model/store/store.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <map>

using nlohmann::json;

using namespace tptest;

class TestFaultTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void resumeEqualsUninterrupted_data();
    void resumeEqualsUninterrupted();
    void faulttestStoresRecoveryForTheGate();
    void faulttestDrivesThePythonRunner();
    void badInput_data();
    void badInput();

private:
    QTemporaryDir m_dir;
};

void TestFaultTest::resumeEqualsUninterrupted_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("mode");
    QTest::newRow("train-mlp eager") << QStringLiteral("train-mlp") << QStringLiteral("eager");
    QTest::newRow("train-mlp compiled")
        << QStringLiteral("train-mlp") << QStringLiteral("compiled");
    QTest::newRow("train-encoder eager")
        << QStringLiteral("train-encoder") << QStringLiteral("eager");
}

void TestFaultTest::resumeEqualsUninterrupted()
{
    QFETCH(QString, workload);
    QFETCH(QString, mode);
    const QStringList args = trainArgs(workload, mode, 24);
    const Output reference = runner(args); // no checkpoints at all
    QCOMPARE(reference.exitCode, 0);
    QCOMPARE(reference.losses.size(), std::size_t(24));
    const QString dir = m_dir.filePath(QStringLiteral("resume-") + workload + mode);
    const Output checkpointed = runner(args + checkpointArgs(dir, 5));
    QCOMPARE(checkpointed.exitCode, 0);
    QCOMPARE(bitwiseDifference(reference.losses, checkpointed.losses),
             QString()); // checkpoints change nothing
    QCOMPARE(checkpointed.finished["summary"]["training"]["checkpoints"].value("count", 0), 4);
    // Keep the checkpoint of step 9 as the newest (steps 14 and 19 "never happened").
    for (int step : {14, 19})
        QVERIFY(QFile::remove(stepFile(dir, step, "json")) &&
                QFile::remove(stepFile(dir, step, "ckpt")));
    const Output resumed =
        runner(args + checkpointArgs(dir, 5) + QStringList{QStringLiteral("--resume"), dir});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
    QCOMPARE(resumed.resume.value("from_step", -1), 9);
    // The schedule halves the rate once 7 and 14 steps are done: step 10 trains at 1e-3 / 2.
    QCOMPARE(resumed.resume.value("learning_rate", 0.0), 0.0005);
    QCOMPARE(resumed.losses.begin()->first, 10LL); // the numbering continues
    QCOMPARE(resumed.losses.rbegin()->first, 23LL);
    QCOMPARE(resumed.finished["summary"]["training"].value("first_step", 0), 10);
    const QString diff = bitwiseDifference(reference.losses, resumed.losses);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestFaultTest::faulttestStoresRecoveryForTheGate()
{
    const QString db = m_dir.filePath(QStringLiteral("faulttest.sqlite"));
    const Output ft =
        run(QStringLiteral(TP_APP_PATH),
            {QStringLiteral("faulttest"), QStringLiteral("--db"), db, QStringLiteral("--runner"),
             QStringLiteral(TP_RUNNER_PATH), QStringLiteral("--steps"), QStringLiteral("60"),
             QStringLiteral("--checkpoint-every"), QStringLiteral("10"), QStringLiteral("--trials"),
             QStringLiteral("2"), QStringLiteral("--seed"), QStringLiteral("7")});
    QVERIFY2(ft.exitCode == 0, qPrintable(ft.err));

    tp::Store store(db.toStdString());
    tp::RunSelection faulttests;
    faulttests.workload = "faulttest";
    const auto runs = store.listRuns(faulttests);
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs.front().mode, std::string("compiled"));
    QCOMPARE(runs.front().status, std::string("ok"));
    const json rec = json::parse(runs.front().summaryJson)["recovery"];
    QCOMPARE(rec.value("verified", false), true);
    QCOMPARE(rec.value("trials", 0), 2);
    QCOMPARE(rec.value("max_abs_loss_diff", -1.0), 0.0);
    const long long rpo = rec.value("rpo_steps", -1LL), kill = rec.value("kill_step", -1LL);
    const long long checkpoint = rec.value("checkpoint_step", -1LL);
    QCOMPARE_GE(checkpoint, 9); // checkpoints hold steps 9, 19, …
    QVERIFY2((checkpoint + 1) % 10 == 0, qPrintable(QString::number(checkpoint)));
    QCOMPARE(rpo, kill - checkpoint);
    QCOMPARE_GE(rpo, 0);
    QCOMPARE_LT(rpo, 60);
    QCOMPARE_GT(rec.value("rto_seconds", -1.0), 0.0);
    QCOMPARE(rec["per_trial"].size(), std::size_t(2));
    // The evidence says which runner it measured.
    QCOMPARE(rec.value("runner_kind", std::string()), std::string("cpp"));
    QCOMPARE(json::parse(runs.front().summaryJson).value("runner_kind", std::string()),
             std::string("cpp"));

    auto evaluate = [&](double maxRpo, double maxRto) {
        const json defs = {
            {"name", "faulttest"},
            {"baseline", {{"selection", {{"mode", "eager"}}}}},
            {"candidate", {{"selection", {{"mode", "compiled"}}}}},
            {"operations", {{"max_rpo_steps", maxRpo}, {"max_rto_seconds", maxRto}}},
            {"gates",
             {{{"id", "operations"}, {"criteria", {"checkpoint_resume_within_rpo_rto"}}}}}};
        const tp::GateReport report =
            tp::evaluateGates(tp::parseGateDefinitions(defs, "test"), store, {});
        return report.gates.front().criteria.front();
    };
    const tp::CriterionResult allowed = evaluate(100, 120);
    QVERIFY2(allowed.verdict == tp::Verdict::Pass, allowed.detail.english().c_str());
    QCOMPARE(allowed.runIds, std::vector<long long>{runs.front().id});
    const tp::CriterionResult tight = evaluate(0, 0.001); // no process restarts in a millisecond
    QVERIFY2(tight.verdict == tp::Verdict::Fail, tight.detail.english().c_str());
}

// The same worker-failure test on the Python runner (what runs on a TorchTPU host): SIGKILL at a
// random step, resume from its checkpoint (torch.save state, the C++ runner's manifest layout),
// losses bitwise equal to an uninterrupted Python run, RPO/RTO stored and judged as evidence.
void TestFaultTest::faulttestDrivesThePythonRunner()
{
    const QString db = m_dir.filePath(QStringLiteral("faulttest-python.sqlite"));
    const Output ft =
        run(QStringLiteral(TP_APP_PATH),
            {QStringLiteral("faulttest"), QStringLiteral("--db"), db,
             QStringLiteral("--runner-kind"), QStringLiteral("python"), QStringLiteral("--python"),
             QStringLiteral("/usr/bin/python3"), QStringLiteral("--runner"),
             QStringLiteral(TP_SOURCE_DIR "/runner/python/torchpilot_runner.py"),
             QStringLiteral("--steps"), QStringLiteral("60"), QStringLiteral("--checkpoint-every"),
             QStringLiteral("10"), QStringLiteral("--trials"), QStringLiteral("2"),
             QStringLiteral("--seed"), QStringLiteral("7")});
    if (ft.exitCode == 2 && ft.err.contains(QStringLiteral("not an executable")))
        QSKIP("Debian's /usr/bin/python3 is not installed");
    QVERIFY2(ft.exitCode == 0, qPrintable(ft.err));
    tp::Store store(db.toStdString());
    tp::RunSelection faulttests;
    faulttests.workload = "faulttest";
    const auto runs = store.listRuns(faulttests);
    QCOMPARE(runs.size(), std::size_t(1));
    const json rec = json::parse(runs.front().summaryJson)["recovery"];
    QCOMPARE(rec.value("verified", false), true);
    QCOMPARE(rec.value("max_abs_loss_diff", -1.0), 0.0);
    QCOMPARE(rec.value("runner_kind", std::string()), std::string("python"));
    QCOMPARE_GE(rec.value("rpo_steps", -1LL), 0);
    QCOMPARE_GT(rec.value("rto_seconds", -1.0), 0.0);
    QVERIFY(runs.front().valid.value_or(false)); // the store: a verified recovery test is evidence
}

void TestFaultTest::badInput_data()
{
    QTest::addColumn<bool>("app");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString train = QStringLiteral("--workload=train-mlp");
    QTest::newRow("runner --resume missing dir")
        << false
        << QStringList{train, QStringLiteral("--resume"), QStringLiteral("/nonexistent/ckpt")}
        << QStringLiteral("torchpilot-runner: error: --resume");
    const QString empty = m_dir.filePath(QStringLiteral("empty"));
    QVERIFY(QDir().mkpath(empty));
    QTest::newRow("runner --resume empty dir")
        << false << QStringList{train, QStringLiteral("--resume"), empty}
        << QStringLiteral("no complete checkpoint");
    QTest::newRow("runner --checkpoint-every 0")
        << false
        << QStringList{train, QStringLiteral("--checkpoint-dir"), QStringLiteral("/tmp/x"),
                       QStringLiteral("--checkpoint-every"), QStringLiteral("0")}
        << QStringLiteral("torchpilot-runner: error: --checkpoint-every");
    QTest::newRow("runner --checkpoint-dir without every")
        << false << QStringList{train, QStringLiteral("--checkpoint-dir"), QStringLiteral("/tmp/x")}
        << QStringLiteral("needs --checkpoint-every");
    QTest::newRow("runner checkpoints on inference")
        << false
        << QStringList{QStringLiteral("--workload=mlp"), QStringLiteral("--steps"),
                       QStringLiteral("5")}
        << QStringLiteral("applies only to the training workloads");
    QTest::newRow("faulttest --checkpoint-every 0")
        << true << QStringList{QStringLiteral("--checkpoint-every"), QStringLiteral("0")}
        << QStringLiteral("torchpilot: error: --checkpoint-every");
    QTest::newRow("faulttest every too large")
        << true
        << QStringList{QStringLiteral("--steps"), QStringLiteral("10"),
                       QStringLiteral("--checkpoint-every"), QStringLiteral("9")}
        << QStringLiteral("leaves no step");
    QTest::newRow("faulttest inference workload")
        << true << QStringList{QStringLiteral("--workload"), QStringLiteral("mlp")}
        << QStringLiteral("--workload must be train-mlp or train-encoder");
    QTest::newRow("faulttest unknown runner kind")
        << true << QStringList{QStringLiteral("--runner-kind"), QStringLiteral("rust")}
        << QStringLiteral("--runner-kind must be cpp or python");
    QTest::newRow("faulttest python without interpreter")
        << true
        << QStringList{QStringLiteral("--runner-kind"), QStringLiteral("python"),
                       QStringLiteral("--python"), QStringLiteral("/nonexistent/python3")}
        << QStringLiteral("Python interpreter '/nonexistent/python3' is not an executable file");
    QTest::newRow("faulttest missing runner")
        << true
        << QStringList{QStringLiteral("--runner"), QStringLiteral("/nonexistent/torchpilot-runner")}
        << QStringLiteral("is not an executable file");
}

void TestFaultTest::badInput()
{
    QFETCH(bool, app);
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString db = m_dir.filePath(QStringLiteral("bad.sqlite"));
    const Output o =
        app ? run(QStringLiteral(TP_APP_PATH),
                  QStringList{QStringLiteral("faulttest"), QStringLiteral("--db"), db,
                              QStringLiteral("--runner"), QStringLiteral(TP_RUNNER_PATH)} +
                      args)
            : runner(args);
    QCOMPARE(o.exitCode, 2);
    QVERIFY2(o.err.contains(message), qPrintable(o.err));
    QVERIFY(o.losses.empty());
    QVERIFY(!QFile::exists(db)); // nothing stored
}

QTEST_GUILESS_MAIN(TestFaultTest)
#include "tst_faulttest.moc"
