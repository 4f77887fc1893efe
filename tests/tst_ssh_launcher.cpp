// The SSH launcher against a real sshd on 127.0.0.1 (tests/ssh_fixture.h) running the real
// runner: runs land in the store tagged with their target; hostile run keys and model paths
// arrive byte-identical and run nothing; cancel stops the remote runner; a dropped connection
// fails the run but keeps its samples; unreachable targets fail fast with a clear message.
#include "run_queue.h"
#include "ssh_fixture.h"
#include "ssh_launcher.h"
#include "store.h"

#include <QSignalSpy>
#include <QtTest>

Q_DECLARE_METATYPE(tp::LaunchResult)
Q_DECLARE_METATYPE(tp::LaunchProgress)

namespace {
tp::RunSpec quickSpec(const QString &runKey)
{
    tp::RunSpec s;
    s.warmup = 2;
    s.iterations = 20;
    s.runKey = runKey;
    s.extraArgs = {QStringLiteral("--max-warmup"), QStringLiteral("2"), QStringLiteral("--no-precision")};
    return s;
}

tp::RunSpec endlessSpec(const QString &runKey)
{
    tp::RunSpec s = quickSpec(runKey);
    s.iterations = 50000000; // runs until cancelled
    return s;
}

// The runner processes sshd started for this run key (not the local ssh that names it too).
QList<qint64> remoteRunners(const QString &key)
{
    return tptest::SshFixture::processesMatching(TP_RUNNER_PATH, key.toUtf8());
}

QString uniqueKey(const char *what)
{
    return QStringLiteral("ssh-test-%1-%2-%3").arg(QLatin1String(what)).arg(::getpid()).arg(QDateTime::currentMSecsSinceEpoch());
}
} // namespace

class TestSshLauncher : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runLandsInTheStoreTagged();
    void hostileArgumentsArriveVerbatim_data();
    void hostileArgumentsArriveVerbatim();
    void cancelStopsTheRemoteRunner();
    void droppedConnectionFailsAndKeepsSamples();
    void unreachableTargetsFailFast_data();
    void unreachableTargetsFailFast();
    void queueRunsEachRequestOnItsTarget();
    void queueShutdownCancelsTheRemoteRun();
    void cliTargetsAndRun();

private:
    tp::LaunchResult launch(tp::SshLauncher &l, const tp::RunSpec &spec, int timeoutMs = 60000);
    QString m_skip;
    tptest::SshFixture m_ssh;
    QTemporaryDir m_dir;
    QString m_model; // a TorchScript file made once; copied to hostile paths
};

void TestSshLauncher::initTestCase()
{
    qRegisterMetaType<tp::LaunchResult>();
    qRegisterMetaType<tp::LaunchProgress>();
    if (const QString missing = tptest::SshFixture::missingBinaries(); !missing.isEmpty())
        QSKIP(qPrintable(missing));
    QString error;
    QVERIFY2(m_ssh.start(&error), qPrintable(error));
    m_model = m_dir.filePath(QStringLiteral("model.pt"));
    QProcess py;
    py.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral(TP_SOURCE_DIR "/runner/python/make_test_model.py"), m_model});
    QVERIFY(py.waitForFinished(120000));
    QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
}

tp::LaunchResult TestSshLauncher::launch(tp::SshLauncher &l, const tp::RunSpec &spec, int timeoutMs)
{
    QSignalSpy done(&l, &tp::Launcher::finished);
    l.start(spec);
    if (!done.wait(timeoutMs))
        return {};
    return done.at(0).at(0).value<tp::LaunchResult>();
}

void TestSshLauncher::runLandsInTheStoreTagged()
{
    tp::Store store(m_dir.filePath(QStringLiteral("tagged.sqlite")).toStdString());
    tp::SshLauncher l(store, m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    QSignalSpy started(&l, &tp::Launcher::runStarted);
    const tp::LaunchResult r = launch(l, quickSpec(QStringLiteral("ssh/tagged")));
    QVERIFY2(r.status == QLatin1String("ok"), qPrintable(r.status + QStringLiteral(": ") + r.error));
    QCOMPARE(started.size(), 1);
    QVERIFY(l.remotePid() > 1);
    const auto run = store.run(r.runId);
    QCOMPARE(run->target, std::string("loopback"));
    QCOMPARE(QString::fromStdString(run->source),
             QStringLiteral("ssh://%1@127.0.0.1:%2").arg(tptest::SshFixture::userName()).arg(m_ssh.port()));
    QCOMPARE(run->runKey, std::string("ssh/tagged"));
    QCOMPARE(store.samples(r.runId, "steady").size(), std::size_t(20));
    QCOMPARE(store.samples(r.runId, "first_call").size(), std::size_t(1));
}

void TestSshLauncher::hostileArgumentsArriveVerbatim_data()
{
    // @C@ is replaced by the canary path: if any of these ran as shell syntax, it would exist.
    QTest::addColumn<QString>("hostile");
    QTest::newRow("semicolon") << QStringLiteral("k;touch @C@");
    QTest::newRow("command substitution") << QStringLiteral("$(touch @C@)");
    QTest::newRow("backticks") << QStringLiteral("`touch @C@`");
    QTest::newRow("single quotes") << QStringLiteral("it's';touch @C@;'");
    QTest::newRow("double quotes") << QStringLiteral("\"$(touch @C@)\"");
    QTest::newRow("newlines") << QStringLiteral("a\ntouch @C@\nb");
    QTest::newRow("spaces and globs") << QStringLiteral("  a b  * ? [x] ~ ");
    QTest::newRow("pipes and redirects") << QStringLiteral("x|touch @C@ >@C@ & wait");
    QTest::newRow("backslashes") << QStringLiteral("a\\';touch @C@;#\\");
    QTest::newRow("variables") << QStringLiteral("$HOME ${PATH} $$ $0 !!");
    QTest::newRow("unicode") << QStringLiteral("clé/ключ/€/🚀");
}

void TestSshLauncher::hostileArgumentsArriveVerbatim()
{
    QFETCH(QString, hostile);
    const QString canary = m_dir.filePath(QStringLiteral("pwned"));
    QFile::remove(canary); // each row on its own
    hostile.replace(QStringLiteral("@C@"), canary);
    // The model sits under a directory named by the hostile text too (only '/' splits it).
    const QString model = m_dir.filePath(QStringLiteral("models/") + hostile + QStringLiteral("/m.pt"));
    QVERIFY(QDir().mkpath(QFileInfo(model).absolutePath()));
    QFile::remove(model);
    QVERIFY(QFile::copy(m_model, model));
    tp::Store store(m_dir.filePath(QStringLiteral("hostile.sqlite")).toStdString());
    tp::SshLauncher l(store, m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    tp::RunSpec spec = quickSpec(hostile);
    spec.workload = QStringLiteral("torchscript");
    spec.batch = 8;
    spec.extraArgs << QStringLiteral("--model") << model << QStringLiteral("--input") << QStringLiteral("float32[8,16]");
    const tp::LaunchResult r = launch(l, spec);
    QVERIFY2(r.status == QLatin1String("ok"), qPrintable(r.status + QStringLiteral(": ") + r.error));
    QCOMPARE(QString::fromStdString(store.run(r.runId)->runKey), hostile); // byte-identical
    QVERIFY2(!QFileInfo::exists(canary), "a hostile argument was run by the remote shell");
}

void TestSshLauncher::cancelStopsTheRemoteRunner()
{
    tp::Store store(m_dir.filePath(QStringLiteral("cancel.sqlite")).toStdString());
    tp::SshLauncher l(store, m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    QSignalSpy progress(&l, &tp::Launcher::progress);
    QSignalSpy done(&l, &tp::Launcher::finished);
    const QString key = uniqueKey("cancel");
    l.start(endlessSpec(key));
    QVERIFY(progress.wait(60000));
    QCOMPARE(remoteRunners(key).size(), 1); // the remote runner
    QElapsedTimer clock;
    clock.start();
    l.cancel();
    QVERIFY(done.wait(30000));
    qInfo("cancel took %lld ms", clock.elapsed());
    const auto r = done.at(0).at(0).value<tp::LaunchResult>();
    QCOMPARE(r.status, QStringLiteral("cancelled"));
    const auto run = store.run(r.runId);
    QCOMPARE(run->status, std::string("cancelled"));
    QVERIFY(run->complete); // the runner wrote its own run_finished after SIGTERM
    QCOMPARE(store.samples(r.runId, "first_call").size(), std::size_t(1));
    QTRY_VERIFY_WITH_TIMEOUT(remoteRunners(key).isEmpty(), 10000);
}

void TestSshLauncher::droppedConnectionFailsAndKeepsSamples()
{
    tp::Store store(m_dir.filePath(QStringLiteral("dropped.sqlite")).toStdString());
    tp::SshLauncher l(store, m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    QSignalSpy started(&l, &tp::Launcher::runStarted);
    QSignalSpy done(&l, &tp::Launcher::finished);
    const QString key = uniqueKey("dropped");
    l.start(endlessSpec(key));
    QVERIFY(started.wait(60000));
    const long long runId = started.at(0).at(0).toLongLong();
    QTRY_VERIFY_WITH_TIMEOUT(store.samples(runId, "warmup").size() == 2, 60000);
    QCOMPARE(remoteRunners(key).size(), 1);
    QVERIFY(m_ssh.dropConnections() > 0);
    QVERIFY(done.wait(30000));
    const auto r = done.at(0).at(0).value<tp::LaunchResult>();
    qInfo("dropped: %s", qPrintable(r.error));
    QCOMPARE(r.exitCode, 255);
    QCOMPARE(r.status, QStringLiteral("failed"));
    QVERIFY2(r.error.contains(QStringLiteral("connection to 'loopback' lost")), qPrintable(r.error));
    const auto run = store.run(runId);
    QVERIFY(!run->complete);
    QCOMPARE(store.samples(runId, "first_call").size(), std::size_t(1));
    QCOMPARE(store.samples(runId, "warmup").size(), std::size_t(2));
    // Its stdout pipe is gone: the remote runner dies on its next write (SIGPIPE).
    QTRY_VERIFY_WITH_TIMEOUT(remoteRunners(key).isEmpty(), 10000);
}

void TestSshLauncher::unreachableTargetsFailFast_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("expected"); // in the error
    QTest::newRow("wrong port") << QStringLiteral("port") << QStringLiteral("Connection refused");
    QTest::newRow("unknown host key") << QStringLiteral("known_hosts") << QStringLiteral("Host key verification failed");
    QTest::newRow("key not authorized") << QStringLiteral("identity") << QStringLiteral("Permission denied");
    QTest::newRow("silent server") << QStringLiteral("silent") << QStringLiteral("timed out");
    QTest::newRow("unresolvable host") << QStringLiteral("dns") << QStringLiteral("Could not resolve hostname");
    QTest::newRow("host as an ssh option") << QStringLiteral("option") << QStringLiteral("must not start with '-'");
    QTest::newRow("host with a space") << QStringLiteral("space") << QStringLiteral("spaces or control");
    QTest::newRow("no such runner") << QStringLiteral("runner") << QStringLiteral("not found");
}

void TestSshLauncher::unreachableTargetsFailFast()
{
    QFETCH(QString, what);
    QFETCH(QString, expected);
    tp::TargetProfile p = m_ssh.profile(QStringLiteral("broken"), QStringLiteral(TP_RUNNER_PATH));
    tptest::SilentServer silent;
    const QString canary = m_dir.filePath(QStringLiteral("pwned-option"));
    if (what == QLatin1String("port"))
        p.port = tptest::SshFixture::freePort();
    else if (what == QLatin1String("known_hosts"))
        p.knownHostsFile = m_dir.filePath(QStringLiteral("empty_known_hosts"));
    else if (what == QLatin1String("identity"))
        p.identityFile = m_ssh.path("host_key"); // a valid key, just not an authorized one
    else if (what == QLatin1String("silent"))
        p.port = silent.listen(), p.connectTimeoutSeconds = 2; // accepts, never says a word
    else if (what == QLatin1String("dns"))
        p.host = QStringLiteral("no-such-host.invalid");
    else if (what == QLatin1String("option"))
        p.host = QStringLiteral("-oProxyCommand=touch ") + canary;
    else if (what == QLatin1String("space"))
        p.host = QStringLiteral("127.0.0.1 -oProxyCommand=x");
    else if (what == QLatin1String("runner"))
        p.runnerPath = m_dir.filePath(QStringLiteral("no-such-runner"));
    tp::Store store(m_dir.filePath(QStringLiteral("unreachable.sqlite")).toStdString());
    tp::SshLauncher l(store, p);
    QElapsedTimer clock;
    clock.start();
    const tp::LaunchResult r = launch(l, quickSpec(QStringLiteral("unreachable")), 30000);
    QVERIFY2(!r.status.isEmpty(), "no finished() within 30 s");
    qInfo("%lld ms: %s", clock.elapsed(), qPrintable(r.error));
    QVERIFY2(clock.elapsed() < 20000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(r.status, QStringLiteral("error"));
    QCOMPARE(r.runId, 0LL);
    QVERIFY2(r.error.contains(expected), qPrintable(r.error));
    QVERIFY2(r.error.contains(QStringLiteral("broken")), qPrintable(r.error)); // names the target
    QVERIFY(!QFileInfo::exists(canary));
    QCOMPARE(store.runCount(), 0LL);
}

void TestSshLauncher::queueRunsEachRequestOnItsTarget()
{
    const QString db = m_dir.filePath(QStringLiteral("queue.sqlite"));
    {
        tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
        QSignalSpy finished(&queue, &tp::RunQueue::jobFinished);
        const int remote = queue.enqueue({quickSpec(QStringLiteral("q/remote"))},
                                         m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)))
                               .first();
        const int local = queue.enqueue({quickSpec(QStringLiteral("q/local"))}).first();
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

void TestSshLauncher::queueShutdownCancelsTheRemoteRun()
{
    const QString db = m_dir.filePath(QStringLiteral("shutdown.sqlite"));
    const QString key = uniqueKey("shutdown");
    long long runId = 0;
    {
        tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
        const int id = queue.enqueue({endlessSpec(key)},
                                     m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)))
                           .first();
        QTRY_VERIFY_WITH_TIMEOUT(queue.job(id).runId != 0 && !queue.job(id).phase.isEmpty(), 60000);
        runId = queue.job(id).runId;
        QCOMPARE(remoteRunners(key).size(), 1);
    } // ~RunQueue: cancelAndWait(): remote SIGTERM, the runner's own record, then the session ends
    const auto run = tp::Store(db.toStdString()).run(runId);
    QCOMPARE(run->status, std::string("cancelled"));
    QVERIFY(run->complete);
    QTRY_VERIFY_WITH_TIMEOUT(remoteRunners(key).isEmpty(), 10000);
}

void TestSshLauncher::cliTargetsAndRun()
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
    const tp::TargetProfile p = m_ssh.profile(QStringLiteral("loop"), QStringLiteral(TP_RUNNER_PATH));
    QString output;
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--add-ssh"), QStringLiteral("loop"), QStringLiteral("--host"),
                  p.host, QStringLiteral("--user"), p.user, QStringLiteral("--port"), QString::number(p.port),
                  QStringLiteral("--identity"), p.identityFile, QStringLiteral("--known-hosts"), p.knownHostsFile,
                  QStringLiteral("--runner"), p.runnerPath}, &output), 0);
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--add-ssh"), QStringLiteral("bad"), QStringLiteral("--host"),
                  QStringLiteral("-oProxyCommand=x")}, &output), 2);
    QVERIFY2(output.contains(QStringLiteral("must not start with '-'")), qPrintable(output));
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--list")}, &output), 0);
    QVERIFY2(output.startsWith(QStringLiteral("local\t")) && output.contains(QStringLiteral("loop\tssh\tssh://")),
             qPrintable(output));
    QCOMPARE(app({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("loop"), QStringLiteral("--db"), db,
                  QStringLiteral("--mode"), QStringLiteral("eager"), QStringLiteral("--dtype"), QStringLiteral("float32"),
                  QStringLiteral("--warmup"), QStringLiteral("2"), QStringLiteral("--iterations"), QStringLiteral("20"),
                  QStringLiteral("--run-key"), QStringLiteral("cli")}, &output), 0);
    QVERIFY2(output.contains(QStringLiteral("@ loop: ok")), qPrintable(output));
    QCOMPARE(tp::Store(db.toStdString()).run(1)->target, std::string("loop"));
    QCOMPARE(app({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("nowhere"), QStringLiteral("--db"), db},
                 &output), 2);
    QVERIFY2(output.contains(QStringLiteral("no target named 'nowhere'")), qPrintable(output));
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--remove"), QStringLiteral("loop")}), 0);
    QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--list")}, &output), 0);
    QVERIFY2(!output.contains(QStringLiteral("loop")), qPrintable(output));
}

QTEST_GUILESS_MAIN(TestSshLauncher)
#include "tst_ssh_launcher.moc"
