// SSH targets through the queue and the command line, against the real sshd of
// tests/ssh_fixture.h: RunQueue runs each request on its own target and cancels a remote run at
// shutdown (cancelAndWait); `torchpilot targets` manages the profiles file and `torchpilot run
// --target NAME` stores runs tagged with that name.
#include "model/store/store.h"
#include "runner/launch/run_queue.h"
#include "ssh_fixture.h"

#include <QSignalSpy>
#include <QtTest>

class TestSshQueueCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void queueRunsEachRequestOnItsTarget();
    void queueShutdownCancelsTheRemoteRun();
    void cliTargetsAndRun();

private:
    tptest::SshFixture m_ssh;
    QTemporaryDir m_dir;
};

void TestSshQueueCli::initTestCase()
{
    if (const QString missing = tptest::SshFixture::missingBinaries(); !missing.isEmpty())
        QSKIP(qPrintable(missing));
    QString error;
    QVERIFY2(m_ssh.start(&error), qPrintable(error));
}

void TestSshQueueCli::queueRunsEachRequestOnItsTarget()
{
    const QString db = m_dir.filePath(QStringLiteral("queue.sqlite"));
    {
        tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
        QSignalSpy finished(&queue, &tp::RunQueue::jobFinished);
        const int remote =
            queue
                .enqueue({tptest::quickSpec(QStringLiteral("q/remote"))},
                         m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)))
                .first();
        const int local = queue.enqueue({tptest::quickSpec(QStringLiteral("q/local"))}).first();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 120000);
        QCOMPARE(queue.job(remote).state, tp::JobState::Done);
        QCOMPARE(queue.job(local).state, tp::JobState::Done);
        QCOMPARE(queue.job(remote).target, QStringLiteral("loopback"));
        QVERIFY(queue.job(remote).label.endsWith(QStringLiteral(" @ loopback")));
    }
    tp::Store store(db.toStdString());
    QCOMPARE(store.runCount(), 2LL);
    for (const auto &[key, target] : {std::pair{"q/remote", "loopback"}, {"q/local", "local"}}) {
        bool found = false;
        for (long long id = 1; id <= 2; ++id)
            if (const auto run = store.run(id); run && run->runKey == key)
                found = run->target == target;
        QVERIFY2(found, key);
    }
}

void TestSshQueueCli::queueShutdownCancelsTheRemoteRun()
{
    const QString db = m_dir.filePath(QStringLiteral("shutdown.sqlite"));
    const QString key = tptest::uniqueKey("shutdown");
    long long runId = 0;
    {
        tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
        const int id =
            queue
                .enqueue({tptest::endlessSpec(key)},
                         m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)))
                .first();
        QTRY_VERIFY_WITH_TIMEOUT(queue.job(id).runId != 0 && !queue.job(id).phase.isEmpty(), 60000);
        runId = queue.job(id).runId;
        QCOMPARE(tptest::remoteRunners(key).size(), 1);
    } // ~RunQueue: cancelAndWait(): remote SIGTERM, the runner's own record, then the session ends
    const auto run = tp::Store(db.toStdString()).run(runId);
    QCOMPARE(run->status, std::string("cancelled"));
    QVERIFY(run->complete);
    QTRY_VERIFY_WITH_TIMEOUT(tptest::remoteRunners(key).isEmpty(), 10000);
}

void TestSshQueueCli::cliTargetsAndRun()
{
    const QString targets = m_dir.filePath(QStringLiteral("cli/targets.json"));
    const QString db = m_dir.filePath(QStringLiteral("cli.sqlite"));
    auto app = [&](QStringList args, QString *output = nullptr) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        args.insert(1, QStringLiteral("--targets"));
        args.insert(2, targets);
        p.start(QStringLiteral(TP_APP_PATH), args);
        p.waitForFinished(120000);
        if (output)
            *output = QString::fromUtf8(p.readAll());
        return p.exitCode();
    };
    const tp::TargetProfile p =
        m_ssh.profile(QStringLiteral("loop"), QStringLiteral(TP_RUNNER_PATH));
    QString output;
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--add-ssh"), QStringLiteral("loop"),
                  QStringLiteral("--host"), p.host, QStringLiteral("--user"), p.user,
                  QStringLiteral("--port"), QString::number(p.port), QStringLiteral("--identity"),
                  p.identityFile, QStringLiteral("--known-hosts"), p.knownHostsFile,
                  QStringLiteral("--runner"), p.runnerPath},
                 &output),
             0);
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--add-ssh"), QStringLiteral("bad"),
                  QStringLiteral("--host"), QStringLiteral("-oProxyCommand=x")},
                 &output),
             2);
    QVERIFY2(output.contains(QStringLiteral("must not start with '-'")), qPrintable(output));
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--list")}, &output), 0);
    QVERIFY2(output.startsWith(QStringLiteral("local\t")) &&
                 output.contains(QStringLiteral("loop\tssh\tssh://")),
             qPrintable(output));
    QCOMPARE(app({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("loop"),
                  QStringLiteral("--db"), db, QStringLiteral("--mode"), QStringLiteral("eager"),
                  QStringLiteral("--dtype"), QStringLiteral("float32"), QStringLiteral("--warmup"),
                  QStringLiteral("2"), QStringLiteral("--iterations"), QStringLiteral("20"),
                  QStringLiteral("--run-key"), QStringLiteral("cli")},
                 &output),
             0);
    QVERIFY2(output.contains(QStringLiteral("@ loop: ok")), qPrintable(output));
    QCOMPARE(tp::Store(db.toStdString()).run(1)->target, std::string("loop"));
    QCOMPARE(app({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("nowhere"),
                  QStringLiteral("--db"), db},
                 &output),
             2);
    QVERIFY2(output.contains(QStringLiteral("no target named 'nowhere'")), qPrintable(output));
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--remove"), QStringLiteral("loop")}),
             0);
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--list")}, &output), 0);
    QVERIFY2(!output.contains(QStringLiteral("loop")), qPrintable(output));
}

QTEST_GUILESS_MAIN(TestSshQueueCli)
#include "tst_ssh_queue_cli.moc"
