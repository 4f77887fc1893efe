// A multi-host TPU topology through the Kubernetes launcher and tests/k8s/fake_kubectl.py: an
// Indexed Job of two pods, each one rank of the real runner; one run per rank in one group, both
// pods followed at once, the Job's NetworkPolicy and headless Service deleted at the end; a rank
// whose pod dies before run_finished fails the launch.
#include "k8s/kube_fixture.h"

#include <QtTest>

#include <set>

using namespace tp;
using namespace tptest;
using nlohmann::json;

namespace
{
// 2x4 on hosts of 4 chips: an Indexed Job of 2 pods, each one rank (the real runner) of train-mlp.
LaunchResult runTwoRanks(Store &store)
{
    KubeJobConfig c = config();
    c.topology = "2x4";
    c.chipsPerHost = 4;
    KubeLauncher l(store, c, QStringLiteral("gke-v6e"));
    l.setKubectl(kFake);
    l.setPollInterval(200);
    RunSpec s = spec(QStringLiteral("k8s/dist"), 0);
    s.workload = QStringLiteral("train-mlp");
    s.warmup = 0;
    s.extraArgs = QStringList{QStringLiteral("--steps"), QStringLiteral("6"),
                              QStringLiteral("--dist-timeout"), QStringLiteral("20")};
    return runToEnd(l, s);
}
} // namespace

class TestKubeIndexed : public QObject
{
    Q_OBJECT
    QTemporaryDir m_state;
private Q_SLOTS:
    void init()
    {
        QVERIFY(m_state.isValid());
        if (!resetFakeKube(m_state))
            QSKIP("python3-kubernetes missing (packaging/setup-debian.sh installs it)");
    }

    // One run per rank, one group; both pods followed at once; the Service deleted at the end.
    void indexedJobTwoRanks()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("k.sqlite")).toStdString());
        const LaunchResult r = runTwoRanks(store);
        QVERIFY2(r.status == QLatin1String("ok"), qPrintable(r.error));
        const auto runs = store.listRuns();
        QCOMPARE(runs.size(), size_t(2));
        std::set<int> ranks;
        std::set<std::string> groups;
        for (const RunRecord &run : runs) {
            QCOMPARE(QString::fromStdString(run.status), QStringLiteral("ok"));
            const auto d = nlohmann::json::parse(run.envJson).value("distributed", json());
            QVERIFY2(d.value("world_size", 0) == 2, run.envJson.c_str());
            const int rank = d.value("rank", -1);
            ranks.insert(rank);
            groups.insert(d.value("group", ""));
            QVERIFY(QString::fromStdString(run.source).endsWith(QStringLiteral("/%1").arg(rank)));
            const auto sched = nlohmann::json::parse(eventJson(store, run.id, "k8s_scheduling"));
            QVERIFY2(sched["index"] == rank, sched.dump().c_str());
            QVERIFY2(sched["hosts"] == 2, sched.dump().c_str());
            if (rank == 0)
                QCOMPARE(r.runId, run.id); // the launch's run is rank 0's
        }
        QCOMPARE(ranks, (std::set<int>{0, 1}));
        QCOMPARE(groups.size(), size_t(1));
        const QList<QJsonArray> c = calls(m_state.path());
        const auto logsCalls = std::count_if(c.begin(), c.end(), [](const QJsonArray &a) {
            return a.at(2).toString() == QLatin1String("logs");
        });
        QCOMPARE_EQ(logsCalls, 2);
        QCOMPARE(c.at(c.size() - 2).at(3).toString(), QStringLiteral("networkpolicy"));
        QCOMPARE(c.last().at(3).toString(), QStringLiteral("service"));
    }

    // Rank 1's pod dies after its last all-reduce, before run_finished: the launch failed.
    void indexedJobRankFails()
    {
        qputenv("FAKE_KUBE_CUT_FINISH", "1");
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("k.sqlite")).toStdString());
        const LaunchResult r = runTwoRanks(store);
        QCOMPARE(r.status, QStringLiteral("failed"));
        QVERIFY2(r.error.startsWith(QStringLiteral("rank 1 (pod ")), qPrintable(r.error));
        QCOMPARE(QString::fromStdString(store.run(r.runId)->status), QStringLiteral("ok"));
        QCOMPARE(store.runCount(), 2LL);
    }
};

QTEST_GUILESS_MAIN(TestKubeIndexed)
#include "tst_kube_indexed.moc"
