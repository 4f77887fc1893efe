// Coordinated checkpoints of a data-parallel group with the real torchpilot-runner (one shard per
// rank, the manifest last, torn sets skipped by every rank alike, resume only at the same world
// size, losses bitwise equal to an uninterrupted group) and `torchpilot faulttest --world-size 2`,
// whose stored evidence the operations gate judges as distributed_recovery for a 2-rank pilot.
#include "dist_fixture.h"
#include "model/pilot/pilot.h"
#include "model/review/gate_report.h"
#include "model/review/gates.h"
#include "model/store/store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace tptest;

namespace
{

QString shard(const QString &dir, int step, int rank)
{
    return dir + QStringLiteral("/step-%1.rank-%2.ckpt")
                     .arg(step, 10, 10, QLatin1Char('0'))
                     .arg(rank, 5, 10, QLatin1Char('0'));
}

AppResult app(const QStringList &args)
{
    return runApp(args, 300000);
}

// The operations gate's criteria of the shipped definitions under `pilot`, by id.
std::map<std::string, tp::CriterionResult> operations(tp::Store &store,
                                                      const tp::PilotDefinition &pilot)
{
    const tp::GateDefinitions defs = tp::applyPilot(
        tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json"), pilot);
    std::map<std::string, tp::CriterionResult> out;
    for (const tp::GateResult &g : tp::evaluateGates(defs, store, {}).gates)
        if (g.id == "operations")
            for (const tp::CriterionResult &c : g.criteria)
                out[c.id] = c;
    return out;
}

} // namespace

class TestDistCheckpoint : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void coordinatedCheckpointsResume();
    void faulttestIsEvidenceForTheGate();

private:
    QTemporaryDir m_dir;
};

void TestDistCheckpoint::coordinatedCheckpointsResume()
{
    const QString dir = m_dir.filePath(QStringLiteral("ckpt"));
    const auto written =
        runRanks(group(train(20) + QStringList{QStringLiteral("--checkpoint-dir"), dir} +
                       words("--checkpoint-every 5")))
            .ranks;
    for (const Rank &o : written)
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));

    // The manifest of step 19 names both shards with their real size and SHA-256.
    const QString manifestPath = dir + QStringLiteral("/step-0000000019.json");
    QFile mf(manifestPath);
    QVERIFY(mf.open(QIODevice::ReadOnly));
    json m = json::parse(mf.readAll().toStdString(), nullptr, false);
    QVERIFY(m.is_object());
    QCOMPARE(m.value("format", std::string()), std::string("torchpilot-checkpoint-dist-1"));
    QCOMPARE(m.value("step", 0), 19);
    QCOMPARE(m.value("next_step", 0), 20);
    QCOMPARE(m.value("world_size", 0), 2);
    QCOMPARE(m["shards"].size(), std::size_t(2));
    for (int r = 0; r < 2; ++r) {
        const json &s = m["shards"][static_cast<std::size_t>(r)];
        QCOMPARE(s.value("rank", -1), r);
        const QString file = shard(dir, 19, r);
        QCOMPARE(QString::fromStdString(s.value("state_file", std::string())),
                 QFileInfo(file).fileName());
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QCOMPARE(s.value("bytes", -1LL), static_cast<long long>(bytes.size()));
        const QByteArray sha = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
        QCOMPARE(QByteArray::fromStdString(s.value("sha256", std::string())), sha);
        // Each rank's checkpoint event: its own shard, the group's manifest.
        const auto &events = written[static_cast<std::size_t>(r)].checkpoints;
        QCOMPARE(events.size(), std::size_t(4)); // steps 4, 9, 14, 19
        QCOMPARE(events.back().value("step", 0), 19);
        QCOMPARE(events.back().value("world_size", 0), 2);
        QCOMPARE(QByteArray::fromStdString(events.back().value("sha256", std::string())), sha);
        QCOMPARE(QFileInfo(QString::fromStdString(events.back().value("path", std::string())))
                     .fileName(),
                 QFileInfo(file).fileName());
        QCOMPARE(QFileInfo(QString::fromStdString(events.back().value("manifest", std::string())))
                     .fileName(),
                 QFileInfo(manifestPath).fileName());
    }
    // The newest three complete checkpoints are kept (step 4 pruned), nothing half-written.
    QStringList files = QDir(dir).entryList(QDir::Files, QDir::Name);
    QStringList expected;
    for (int step : {9, 14, 19})
        expected << QFileInfo(shard(dir, step, 0)).fileName()
                 << QFileInfo(shard(dir, step, 1)).fileName()
                 << QStringLiteral("step-%1.json").arg(step, 10, 10, QLatin1Char('0'));
    expected.sort();
    QCOMPARE(files, expected);

    // Uninterrupted 30-step group: what every resume below must reproduce bit for bit.
    const auto reference = runRanks(group(train(30))).ranks;
    for (int r = 0; r < 2; ++r) {
        QVERIFY2(reference[static_cast<std::size_t>(r)].exitCode == 0,
                 qPrintable(reference[static_cast<std::size_t>(r)].err));
        QCOMPARE(bitwiseDifference(reference[static_cast<std::size_t>(r)].losses,
                                   written[static_cast<std::size_t>(r)].losses),
                 QString()); // checkpoints change nothing
    }
    const QStringList resume = train(30) + QStringList{QStringLiteral("--resume"), dir};
    auto checkResumed = [&](const std::vector<Rank> &ranks, long long from) {
        for (int r = 0; r < 2; ++r) {
            const Rank &o = ranks[static_cast<std::size_t>(r)];
            QVERIFY2(o.exitCode == 0, qPrintable(o.err));
            QCOMPARE(o.resume.value("from_step", -1LL), from);
            QCOMPARE(o.resume.value("world_size", 0), 2);
            QCOMPARE(
                QFileInfo(QString::fromStdString(o.resume.value("path", std::string()))).fileName(),
                QFileInfo(shard(dir, static_cast<int>(from), r)).fileName());
            QCOMPARE(o.losses.size(), std::size_t(29 - from));
            QCOMPARE(o.losses.begin()->first, from + 1);
            QCOMPARE(o.summary().value("allreduce_count", 0LL), 29 - from);
            const QString diff =
                bitwiseDifference(reference[static_cast<std::size_t>(r)].losses, o.losses);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("rank %1: ").arg(r) + diff));
        }
    };
    checkResumed(runRanks(group(resume)).ranks, 19);
    if (QTest::currentTestFailed())
        return;

    // Rank 1's newest shard is gone: a torn set, which every rank skips for step 14.
    QVERIFY(QFile::remove(shard(dir, 19, 1)));
    const auto torn = runRanks(group(resume)).ranks;
    checkResumed(torn, 14);
    for (const Rank &o : torn)
        QVERIFY2(o.err.contains(QStringLiteral("checkpoint skipped: step-0000000019.json names "
                                               "rank 1's shard step-0000000019.rank-00001.ckpt")) &&
                     o.err.contains(QStringLiteral("missing")),
                 qPrintable(o.err));
    if (QTest::currentTestFailed())
        return;

    // Rank 0's shard of step 14 corrupted, same size: only its SHA-256 tells; both take step 9.
    {
        QFile f(shard(dir, 14, 0));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
        QVERIFY(f.seek(0));
        QCOMPARE_EQ(f.write(bytes), bytes.size());
    }
    const auto corrupt = runRanks(group(resume)).ranks;
    checkResumed(corrupt, 9);
    for (const Rank &o : corrupt)
        QVERIFY2(o.err.contains(QStringLiteral("step-0000000014.json: rank 0's shard")),
                 qPrintable(o.err));

    // Another world size (or none) finds no complete checkpoint: exit 2 before training.
    const std::vector<std::vector<QStringList>> others = {
        {resume}, // one process, no group: the 1-process layout
        {resume + words("--world-size 1")},
        group(resume, 3)};
    for (const auto &args : others) {
        const auto ranks = runRanks(args).ranks;
        for (const Rank &o : ranks) {
            QVERIFY2(o.exitCode == 2, qPrintable(o.err));
            QVERIFY2(o.endedMs < 10000, qPrintable(QString::number(o.endedMs)));
            QVERIFY2(o.err.contains(QStringLiteral("no complete checkpoint")), qPrintable(o.err));
            QVERIFY2(o.out.isEmpty(), o.out.constData());
            if (args.size() == 3)
                QVERIFY2(o.err.contains(QStringLiteral("written by 2 ranks, this group has 3")),
                         qPrintable(o.err));
        }
    }
    // Shards without their manifest never load: with step 9's gone, nothing is complete.
    QVERIFY(QFile::remove(dir + QStringLiteral("/step-0000000009.json")));
    const auto orphans = runRanks(group(resume)).ranks;
    for (const Rank &o : orphans) {
        QVERIFY2(o.exitCode == 2, qPrintable(o.err));
        QVERIFY2(o.out.isEmpty(), o.out.constData());
        QVERIFY2(o.err.contains(QStringLiteral("no complete checkpoint")), qPrintable(o.err));
        QVERIFY2(o.err.contains(QStringLiteral("step-0000000009: 2 shard(s) without a manifest")),
                 qPrintable(o.err));
    }
}

void TestDistCheckpoint::faulttestIsEvidenceForTheGate()
{
    const QString db = m_dir.filePath(QStringLiteral("faulttest.sqlite"));
    const QStringList common{
        QStringLiteral("faulttest"), QStringLiteral("--runner"), QStringLiteral(TP_RUNNER_PATH),
        QStringLiteral("--mode"),    QStringLiteral("eager"),    QStringLiteral("--batch"),
        QStringLiteral("16"),        QStringLiteral("--seed"),   QStringLiteral("7")};
    const AppResult ft = app(
        common + QStringList{QStringLiteral("--db"), db, QStringLiteral("--world-size"),
                             QStringLiteral("2"), QStringLiteral("--steps"), QStringLiteral("60"),
                             QStringLiteral("--checkpoint-every"), QStringLiteral("10"),
                             QStringLiteral("--dist-timeout"), QStringLiteral("5")});
    QVERIFY2(ft.exitCode == 0, qPrintable(ft.out + ft.err));
    QVERIFY2(ft.out.contains(QStringLiteral("2 ranks: the lost rank was detected")),
             qPrintable(ft.out));

    tp::Store store(db.toStdString());
    tp::RunSelection faulttests;
    faulttests.workload = "faulttest";
    const auto runs = store.listRuns(faulttests);
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs.front().status, std::string("ok"));
    QCOMPARE(runs.front().mode, std::string("eager"));
    json rec = json::parse(runs.front().summaryJson)["recovery"];
    QCOMPARE(rec.value("verified", false), true);
    QCOMPARE(rec.value("max_abs_loss_diff", -1.0), 0.0);
    QCOMPARE_GE(rec.value("rpo_steps", -1LL), 0);
    QCOMPARE_GT(rec.value("rto_seconds", -1.0), 0.0);
    json d = rec["distributed"];
    QCOMPARE(d.value("world_size", 0), 2);
    QCOMPARE(d.value("survivors_stopped", false), true);
    QCOMPARE(d["kill_ranks"].size(), std::size_t(1));
    QVERIFY2(d["kill_ranks"][0] == 0 || d["kill_ranks"][0] == 1, d["kill_ranks"].dump().c_str());
    const double detect = d.value("detect_seconds", -1.0);
    QVERIFY2(detect > 0 && detect <= d.value("detect_bound_seconds", 0.0), d.dump().c_str());

    // A 2-rank pilot (whose candidate is this eager evidence) asks for distributed_recovery.
    tp::PilotDefinition pilot = tp::defaultPilot();
    pilot.candidate.mode = "eager";
    pilot.trainingWorldSize = 2;
    auto ops = operations(store, pilot);
    QVERIFY(ops.count("distributed_recovery"));
    QVERIFY2(ops["distributed_recovery"].verdict == tp::Verdict::Pass,
             ops["distributed_recovery"].detail.english().c_str());
    QCOMPARE(ops["distributed_recovery"].runIds, std::vector<long long>{runs.front().id});
    QVERIFY2(ops["checkpoint_resume_within_rpo_rto"].verdict == tp::Verdict::Pass,
             ops["checkpoint_resume_within_rpo_rto"].detail.english().c_str());
    // 2 ranks of evidence do not cover a 4-rank pilot.
    pilot.trainingWorldSize = 4;
    ops = operations(store, pilot);
    QVERIFY2(ops["distributed_recovery"].verdict == tp::Verdict::Fail,
             ops["distributed_recovery"].detail.english().c_str());
    // One-process pilots (and pilots without training) are judged as before: no such criterion.
    pilot.trainingWorldSize = 1;
    QVERIFY(!operations(store, pilot).count("distributed_recovery"));
    pilot.trainingWorldSize = 2;
    pilot.trainingWorkload.clear();
    QVERIFY(!operations(store, pilot).count("distributed_recovery"));

    // The same through the CLI: the pilot edited to 2 ranks, `torchpilot gates --json`.
    const AppResult edit = app({QStringLiteral("pilots"), QStringLiteral("--db"), db,
                                QStringLiteral("--edit"), QStringLiteral("local"),
                                QStringLiteral("--set"), QStringLiteral("training_world_size=2"),
                                QStringLiteral("--set"), QStringLiteral("candidate.mode=eager")});
    QVERIFY2(edit.exitCode == 0, qPrintable(edit.out + edit.err));
    const AppResult gates = app({QStringLiteral("gates"), QStringLiteral("--db"), db,
                                 QStringLiteral("--json"), QStringLiteral("--definitions"),
                                 QStringLiteral(TP_SOURCE_DIR "/resources/gates/default.json")});
    json report = json::parse(gates.out.toStdString(), nullptr, false);
    QVERIFY2(report.is_object(), qPrintable(gates.out + gates.err));
    std::string verdict;
    for (const json &g : report["gates"])
        for (const json &c : g.value("criteria", json::array()))
            if (g.value("id", "") == "operations" && c.value("id", "") == "distributed_recovery")
                verdict = c.value("verdict", std::string());
    QCOMPARE(verdict, std::string("pass"));

    // A one-process faulttest is recovery evidence, but not of a group: insufficient.
    const QString single = m_dir.filePath(QStringLiteral("single.sqlite"));
    const AppResult one =
        app(common + QStringList{QStringLiteral("--db"), single, QStringLiteral("--steps"),
                                 QStringLiteral("20"), QStringLiteral("--checkpoint-every"),
                                 QStringLiteral("5")});
    QVERIFY2(one.exitCode == 0, qPrintable(one.out + one.err));
    tp::Store singleStore(single.toStdString());
    pilot = tp::defaultPilot();
    pilot.candidate.mode = "eager";
    pilot.trainingWorldSize = 2;
    ops = operations(singleStore, pilot);
    QVERIFY2(ops["checkpoint_resume_within_rpo_rto"].verdict == tp::Verdict::Pass,
             ops["checkpoint_resume_within_rpo_rto"].detail.english().c_str());
    QVERIFY(ops.count("distributed_recovery"));
    QVERIFY2(ops["distributed_recovery"].verdict == tp::Verdict::Insufficient,
             ops["distributed_recovery"].detail.english().c_str());
}

QTEST_GUILESS_MAIN(TestDistCheckpoint)
#include "tst_dist_checkpoint.moc"
