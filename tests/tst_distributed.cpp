// Data-parallel training end to end with the real torchpilot-runner and torchpilot: two ranks on
// loopback form one group (flags, env://, GKE TPU env), train deterministically on their own data
// shards, are stored and aggregated by the app; a lost or hung rank, an unreachable rendezvous,
// mismatched world sizes and a duplicate rank end within their timeout; bad input is refused
// before anything trains. Coordinated checkpoints: tst_dist_checkpoint.cpp.
#include "dist_fixture.h"
#include "model/store/dist_run_rows.h"
#include "model/store/store.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace tptest;

class TestDistributed : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ranksGroupBackFromValues();
    void twoRanksTrainOneGroup();
    void appStoresAndAggregatesTheRanks();
    void lostRankEndsTheSurvivorInTime_data();
    void lostRankEndsTheSurvivorInTime();
    void badInput_data();
    void badInput();
    void rendezvousFailuresEndInTime();
    void duplicateRankIsRefused();
    void envRendezvous_data();
    void envRendezvous();

private:
    QTemporaryDir m_dir;
    std::vector<std::map<long long, double>> m_groupLosses; // rank r's losses of a 20-step group
};

// groupRanks on values, no database: groups in the order they first appear (newest first), ranks
// sorted, the aggregate only when every rank has a throughput, the slowest rank named.
void TestDistributed::ranksGroupBackFromValues()
{
    auto row = [](long long id, const char *group, int rank, int world, std::optional<double> sps) {
        tp::RankRow r;
        r.runId = id;
        r.group = group;
        r.rank = rank;
        r.worldSize = world;
        r.status = "ok";
        r.runKey = group;
        r.samplesPerSecond = sps;
        return r;
    };
    const auto runs = tp::groupRanks({row(9, "b", 1, 2, 90.0), row(8, "b", 0, 2, 110.0),
                                      row(5, "a", 0, 2, 100.0), row(4, "a", 1, 2, std::nullopt)});
    QCOMPARE(runs.size(), std::size_t(2));
    QCOMPARE(runs[0].group, std::string("b"));
    QCOMPARE(runs[0].ranks[0].runId, 8LL); // by rank
    QCOMPARE(runs[0].aggregateSamplesPerSecond.value_or(0), 200.0);
    QCOMPARE(runs[0].slowestRank, 1);
    QVERIFY(runs[0].complete());
    QVERIFY(!runs[1].aggregateSamplesPerSecond); // rank 1 reported no throughput
    QCOMPARE(tp::scalingEfficiency(runs[0], 100.0).value_or(0), 1.0);
}

void TestDistributed::twoRanksTrainOneGroup()
{
    const int steps = 20;
    auto runGroup = [&](const QString &key) {
        auto args = group(train(steps));
        args[0] << QStringLiteral("--execution-key") << key; // rank 0's key names the group
        args[1] << QStringLiteral("--execution-key") << QStringLiteral("ignored-by-rank-1");
        return runRanks(args).ranks;
    };
    const auto a = runGroup(QStringLiteral("dist-a")), b = runGroup(QStringLiteral("dist-b"));
    for (int r = 0; r < 2; ++r) {
        const Rank &o = a[static_cast<std::size_t>(r)];
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        const json d = o.env();
        QVERIFY(!d.empty());
        QCOMPARE(d.value("world_size", 0), 2);
        QCOMPARE(d.value("rank", -1), r);
        QCOMPARE(d.value("group", std::string()), std::string("dist-a"));
        QCOMPARE(d.value("source", std::string()), std::string("flags"));
        QCOMPARE(d.value("backend", std::string()), std::string("gloo"));
        QCOMPARE(d.value("global_batch", 0), 32);
        QCOMPARE(o.started.value("execution_key", std::string()), "dist-a#" + std::to_string(r));
        const json s = o.summary();
        QVERIFY(!s.empty());
        QCOMPARE(s.value("allreduce_count", 0), steps);
        QCOMPARE(s.value("world_size", 0), 2);
        QCOMPARE(s.value("rank", -1), r);
        QCOMPARE(s.value("group", std::string()), std::string("dist-a"));
        QCOMPARE_GT(s.value("allreduce_bytes", 0LL), 0);
        QCOMPARE(o.losses.size(), std::size_t(steps));
        // The same group again: bit for bit the same losses on every rank.
        QCOMPARE(b[static_cast<std::size_t>(r)].losses.size(), std::size_t(steps));
        const QString diff = bitwiseDifference(o.losses, b[static_cast<std::size_t>(r)].losses);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("rank %1: ").arg(r) + diff));
        QCOMPARE(b[static_cast<std::size_t>(r)].started.value("execution_key", std::string()),
                 "dist-b#" + std::to_string(r));
    }
    QCOMPARE(a[0].summary().value("allreduce_bytes", 0LL),
             a[1].summary().value("allreduce_bytes", -1LL));
    for (long long step : {0LL, steps - 1LL}) // different data shards
        QVERIFY(!sameBits(a[0].losses.at(step), a[1].losses.at(step)));
    m_groupLosses = {a[0].losses, a[1].losses};

    // One process, no group: no distributed keys; its batch 0 is rank 0's (seed·1000003 + 0·2 + 0)
    // with the same weights, so step 0 matches and step 1 (other data, averaged update) does not.
    const Rank single = runRanks({train(steps)}).ranks.front();
    QVERIFY2(single.exitCode == 0, qPrintable(single.err));
    QVERIFY(single.started.is_object() && single.finished.is_object());
    QVERIFY(single.env().empty() && single.summary().empty());
    QVERIFY(sameBits(single.losses.at(0), a[0].losses.at(0)));
    QVERIFY(!sameBits(single.losses.at(1), a[0].losses.at(1)));
    // A 1-rank group is real (a group, an all-reduce per step) and trains exactly as one process.
    const Rank one =
        runRanks({train(steps) + rankFlags(1, 0, tp::RankGroupLauncher::freeLoopbackPort())})
            .ranks.front();
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    QCOMPARE(one.env().value("world_size", 0), 1);
    QCOMPARE(one.summary().value("allreduce_count", 0), steps);
    QCOMPARE(one.losses.size(), std::size_t(steps));
    QCOMPARE(bitwiseDifference(single.losses, one.losses), QString());
}

void TestDistributed::appStoresAndAggregatesTheRanks()
{
    const QString db = m_dir.filePath(QStringLiteral("app.sqlite"));
    QProcess app;
    app.start(QStringLiteral(TP_APP_PATH),
              QStringList{QStringLiteral("run"), QStringLiteral("--db"), db,
                          QStringLiteral("--runner"), QStringLiteral(TP_RUNNER_PATH)} +
                  words("--workload train-mlp --mode eager --dtype float32 --world-size 2 "
                        "--steps 30 --batch 16 --threads 1 --warmup 2"));
    QVERIFY(app.waitForFinished(120000));
    const QString out = QString::fromUtf8(app.readAllStandardOutput());
    QVERIFY2(app.exitCode() == 0, qPrintable(out + QString::fromUtf8(app.readAllStandardError())));
    QVERIFY2(out.contains(QStringLiteral("2 of 2 ranks ok — aggregate")), qPrintable(out));

    tp::Store store(db.toStdString());
    std::map<int, tp::RunRecord> byRank;
    for (const tp::RunRecord &r : store.listRuns()) {
        byRank[json::parse(r.envJson)["distributed"].value("rank", -1)] = r;
        QCOMPARE(r.status, std::string("ok"));
        QVERIFY(r.samplesPerSecond.has_value());
    }
    QCOMPARE(byRank.size(), std::size_t(2));
    QVERIFY(byRank.count(0) && byRank.count(1));
    const auto d = tp::distributedRunOf(store, byRank[1].id);
    QVERIFY(d.has_value());
    QCOMPARE(d->group + "#0", byRank[0].executionKey);
    QCOMPARE(d->worldSize, 2);
    QCOMPARE(d->batch, 16LL);
    QCOMPARE(d->ranks.size(), std::size_t(2));
    QVERIFY(d->complete());
    QCOMPARE(d->ranks[0].runId, byRank[0].id);
    const double r0 = *byRank[0].samplesPerSecond, r1 = *byRank[1].samplesPerSecond;
    QVERIFY(d->aggregateSamplesPerSecond.has_value());
    QCOMPARE(*d->aggregateSamplesPerSecond, r0 + r1);
    QCOMPARE(d->slowestRank, r0 <= r1 ? 0 : 1);
    QCOMPARE(*d->slowestSamplesPerSecond, std::min(r0, r1));
    QCOMPARE(tp::distributedRuns(store).size(), std::size_t(1));
    const auto eff = tp::scalingEfficiency(*d, r0);
    QVERIFY(eff.has_value());
    QCOMPARE(*eff, (r0 + r1) / (2 * r0));
}

void TestDistributed::lostRankEndsTheSurvivorInTime_data()
{
    QTest::addColumn<int>("sig");
    QTest::addColumn<int>("victim");
    QTest::addColumn<bool>("atCheckpoint"); // lost right after step 9, in the checkpoint's barrier
    QTest::newRow("rank 1 SIGKILL: the socket tells") << int(SIGKILL) << 1 << false;
    QTest::newRow("rank 1 SIGSTOP: only the timeout tells") << int(SIGSTOP) << 1 << false;
    QTest::newRow("rank 0 SIGKILL: the store goes too") << int(SIGKILL) << 0 << false;
    QTest::newRow("rank 1 SIGKILL at a checkpoint") << int(SIGKILL) << 1 << true;
    QTest::newRow("rank 0 SIGKILL at a checkpoint") << int(SIGKILL) << 0 << true;
}

void TestDistributed::lostRankEndsTheSurvivorInTime()
{
    QFETCH(int, sig);
    QFETCH(int, victim);
    QFETCH(bool, atCheckpoint);
    QStringList args = train(100000) + words("--dist-timeout 5");
    if (atCheckpoint)
        args << QStringLiteral("--checkpoint-dir")
             << m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()))
             << QStringLiteral("--checkpoint-every") << QStringLiteral("10");
    const Group g = runRanks(
        group(args), {},
        [&](std::size_t r, const json &e) {
            return static_cast<int>(r) == victim && e.value("event", "") == "train_step" &&
                   e.value("first_step", -1) >= (atCheckpoint ? 9 : 0);
        },
        sig);
    const Rank &survivor = g.ranks[victim == 0 ? 1 : 0];
    QVERIFY2(g.signalledAtMs >= 0, qPrintable(survivor.err));
    const qint64 ms = survivor.endedMs - g.signalledAtMs;
    QVERIFY2(ms <= 15000, qPrintable(QStringLiteral("the survivor ended %1 ms after").arg(ms)));
    QVERIFY2(survivor.exitCode == 1, qPrintable(survivor.err));
    QCOMPARE(survivor.finished.value("status", std::string()), std::string("failed"));
    QVERIFY2(survivor.error().rfind("distributed: ", 0) == 0, survivor.error().c_str());
    // Every lost peer is reported as a distributed_failure event (faulttest relies on it).
    QVERIFY2(survivor.distFailure.is_object(), survivor.error().c_str());
    const double detected = survivor.distFailure.value("detected_seconds", -1.0);
    QVERIFY2(detected >= (sig == SIGSTOP ? 4.0 : 0.0) && detected <= 5 + 5,
             qPrintable(QString::number(detected)));
    const long long step = survivor.distFailure.value("step", -1LL);
    QVERIFY(!survivor.losses.empty());
    QCOMPARE_GE(survivor.losses.rbegin()->first + 1, step);
    if (!atCheckpoint) {
        QVERIFY2(survivor.error().rfind("distributed: all-reduce failed at step " +
                                            std::to_string(step) + " after ",
                                        0) == 0,
                 survivor.error().c_str());
        QCOMPARE(survivor.losses.rbegin()->first + 1, step);
    }
    QCOMPARE(g.ranks[static_cast<std::size_t>(victim)].exitCode, -1); // killed
}

void TestDistributed::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QString>("message");
    const QStringList t = train(5), none;
    const QString rdv = QStringLiteral("--rendezvous must be HOST:PORT with a port in 1..65535");
    QTest::newRow("world size 0") << t + words("--world-size 0") << none
                                  << QStringLiteral("--world-size must be at least 1, got 0");
    QTest::newRow("rank out of range")
        << t + words("--world-size 2 --rank 2") << none
        << QStringLiteral("--rank 2 is out of range for --world-size 2 (0..1)");
    QTest::newRow("rendezvous without port")
        << t + words("--world-size 2 --rank 0 --rendezvous nohost") << none << rdv;
    QTest::newRow("rendezvous port too large")
        << t + words("--world-size 2 --rank 0 --rendezvous h:70000") << none << rdv;
    QTest::newRow("rank without world size")
        << t + words("--rank 1") << none << QStringLiteral("--rank needs --world-size");
    QTest::newRow("world size without rank")
        << t + words("--world-size 2") << none << QStringLiteral("--world-size 2 needs --rank");
    QTest::newRow("inference workload")
        << words("--workload mlp --world-size 2 --rank 0") << none
        << QStringLiteral("data-parallel ranks need a training workload");
    QTest::newRow("WORLD_SIZE not a number")
        << t << words("WORLD_SIZE=abc") << QStringLiteral("WORLD_SIZE=abc is not an integer");
    QTest::newRow("dist timeout 0") << t + words("--world-size 2 --rank 0 --dist-timeout 0") << none
                                    << QStringLiteral("--dist-timeout must be");
}

void TestDistributed::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, env);
    QFETCH(QString, message);
    const Rank o = runRanks({args}, {env}).ranks.front();
    QCOMPARE(o.exitCode, 2);
    QVERIFY2(o.endedMs < 5000, qPrintable(QString::number(o.endedMs)));
    QVERIFY2(o.out.isEmpty(), o.out.constData()); // nothing trained, nothing announced
    const QStringList lines = o.err.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.front().startsWith(QStringLiteral("torchpilot-runner: error: ")) &&
                 lines.front().contains(message),
             qPrintable(o.err));
}

void TestDistributed::rendezvousFailuresEndInTime()
{
    // Rank 1 with nobody serving the rendezvous; rank 0 with nobody joining.
    for (int rank : {1, 0}) {
        const int port = tp::RankGroupLauncher::freeLoopbackPort();
        const Rank o =
            runRanks({train(5) + rankFlags(2, rank, port) + words("--dist-timeout 3")}).ranks[0];
        QVERIFY2(o.exitCode == 1, qPrintable(o.err));
        // Its --dist-timeout (3 s) is honoured, not c10d's 30 min default: a hang guard at 10x
        // the 3 s and the runner's start.
        QVERIFY2(o.endedMs <= 60000, qPrintable(QString::number(o.endedMs)));
        QVERIFY(o.losses.empty());
        QCOMPARE(o.finished.value("status", std::string()), std::string("failed"));
        const std::string expected =
            rank == 1 ? "distributed: rendezvous 127.0.0.1:" + std::to_string(port) +
                            " unreachable after "
                      : std::string("distributed: ");
        QVERIFY2(o.error().rfind(expected, 0) == 0, o.error().c_str());
    }
    // Rank 0 says 2 ranks, rank 1 says 3: both stop, at least one names the world sizes.
    const int port = tp::RankGroupLauncher::freeLoopbackPort();
    const QStringList common = train(5) + words("--dist-timeout 5");
    const Group g = runRanks({common + rankFlags(2, 0, port), common + rankFlags(3, 1, port)});
    for (const Rank &o : g.ranks) {
        QVERIFY2(o.exitCode != 0, qPrintable(o.err));
        QCOMPARE_LE(o.endedMs, 60000); // a hang guard: 10x the 5 s --dist-timeout and the start
        QVERIFY(o.losses.empty());
        QVERIFY2(o.error().rfind("distributed: ", 0) == 0, qPrintable(o.err));
    }
    QVERIFY2(g.ranks[0].error() == "distributed: this rank has world size 2, rank 1 has 3" ||
                 g.ranks[1].error() == "distributed: this rank has world size 3, rank 0 has 2",
             (g.ranks[0].error() + " | " + g.ranks[1].error()).c_str());
}

void TestDistributed::duplicateRankIsRefused()
{
    // Ranks 0, 1 and 1 again: one of the two rank-1 processes is refused, the group trains (long
    // enough, a few seconds, that the later one still finds rank 0's store to be refused by).
    const int steps = 2000;
    auto args = group(train(steps) + words("--dist-timeout 10"));
    args.push_back(args[1]);
    const Group g = runRanks(args);
    QVERIFY2(g.ranks[0].exitCode == 0, qPrintable(g.ranks[0].err));
    int refused = 0;
    for (std::size_t r : {1, 2}) {
        const Rank &o = g.ranks[r];
        if (o.exitCode == 0) {
            QCOMPARE(o.losses.size(), std::size_t(steps));
            continue;
        }
        ++refused;
        QCOMPARE(o.exitCode, 1);
        QVERIFY(o.losses.empty());
        QVERIFY2(o.error() == "distributed: rank 1 joined the group at " +
                                  args[1].last().toStdString() + " twice",
                 o.error().c_str());
    }
    QCOMPARE(refused, 1);
}

void TestDistributed::envRendezvous_data()
{
    QTest::addColumn<QStringList>("flags"); // {port}, {rank}: filled in per rank
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QString>("source");
    QTest::newRow("env://") << QStringList()
                            << words("WORLD_SIZE=2 RANK={rank} MASTER_ADDR=127.0.0.1 "
                                     "MASTER_PORT={port}")
                            << QStringLiteral("env");
    QTest::newRow("GKE TPU env")
        << QStringList()
        << words("TPU_WORKER_HOSTNAMES=127.0.0.1,127.0.0.1 JOB_COMPLETION_INDEX={rank} "
                 "MASTER_PORT={port}")
        << QStringLiteral("tpu-env");
    QTest::newRow("flags win over env")
        << words("--world-size 2 --rank {rank} --rendezvous 127.0.0.1:{port}")
        << words("WORLD_SIZE=5 RANK=4 MASTER_ADDR=10.255.255.1 MASTER_PORT=1")
        << QStringLiteral("flags");
}

void TestDistributed::envRendezvous()
{
    QFETCH(QStringList, flags);
    QFETCH(QStringList, env);
    QFETCH(QString, source);
    const QString port = QString::number(tp::RankGroupLauncher::freeLoopbackPort());
    std::vector<QStringList> args, envs;
    for (const QString &rank : {QStringLiteral("0"), QStringLiteral("1")}) {
        args.push_back(train(20) + flags);
        envs.push_back(env);
        for (QStringList *list : {&args.back(), &envs.back()})
            list->replaceInStrings(QStringLiteral("{port}"), port)
                .replaceInStrings(QStringLiteral("{rank}"), rank);
    }
    const Group g = runRanks(args, envs);
    for (int r = 0; r < 2; ++r) {
        const Rank &o = g.ranks[static_cast<std::size_t>(r)];
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        const json d = o.env();
        QVERIFY(!d.empty());
        QCOMPARE(d.value("source", std::string()), source.toStdString());
        QCOMPARE(d.value("world_size", 0), 2);
        QCOMPARE(d.value("rank", -1), r);
        QCOMPARE(d.value("rendezvous", std::string()), "127.0.0.1:" + port.toStdString());
        // However the group was named, it trains exactly as the flags' group did.
        QCOMPARE(o.losses.size(), std::size_t(20));
        if (m_groupLosses.size() == 2) {
            const QString diff =
                bitwiseDifference(m_groupLosses[static_cast<std::size_t>(r)], o.losses);
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
        }
    }
}

QTEST_GUILESS_MAIN(TestDistributed)
#include "tst_distributed.moc"
