// The SSH launcher against a real sshd on 127.0.0.1 (tests/ssh_fixture.h) running the real
// runner: runs land in the store tagged with their target; hostile run keys and model paths
// arrive byte-identical and run nothing; cancel stops the remote runner; a dropped connection
// fails the run (a killed runner leaves it incomplete), both keep their samples; unreachable
// targets fail fast with a clear message.
#include "model/store/store.h"
#include "runner/launch/ssh_launcher.h"
#include "ssh_fixture.h"

#include <QSignalSpy>
#include <QtTest>

Q_DECLARE_METATYPE(tp::LaunchResult)
Q_DECLARE_METATYPE(tp::LaunchProgress)

class TestSshLauncher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runLandsInTheStoreTagged();
    void hostileArgumentsArriveVerbatim_data();
    void hostileArgumentsArriveVerbatim();
    void cancelStopsTheRemoteRunner();
    void remoteEndMidRunKeepsSamples_data();
    void remoteEndMidRunKeepsSamples();
    void unreachableTargetsFailFast_data();
    void unreachableTargetsFailFast();

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
    py.start(QStringLiteral("/usr/bin/python3"),
             {QStringLiteral(TP_SOURCE_DIR "/runner/python/make_test_model.py"), m_model});
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
    tp::SshLauncher l(store,
                      m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    QSignalSpy started(&l, &tp::Launcher::runStarted);
    const tp::LaunchResult r = launch(l, tptest::quickSpec(QStringLiteral("ssh/tagged")));
    QVERIFY2(r.status == QLatin1String("ok"),
             qPrintable(r.status + QStringLiteral(": ") + r.error));
    QCOMPARE(started.size(), 1);
    QCOMPARE_GT(l.remotePid(), 1);
    const auto run = store.run(r.runId);
    QCOMPARE(run->target, std::string("loopback"));
    QCOMPARE(QString::fromStdString(run->source), QStringLiteral("ssh://%1@127.0.0.1:%2")
                                                      .arg(tptest::SshFixture::userName())
                                                      .arg(m_ssh.port()));
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
    const QString model =
        m_dir.filePath(QStringLiteral("models/") + hostile + QStringLiteral("/m.pt"));
    QVERIFY(QDir().mkpath(QFileInfo(model).absolutePath()));
    QFile::remove(model);
    QVERIFY(QFile::copy(m_model, model));
    tp::Store store(m_dir.filePath(QStringLiteral("hostile.sqlite")).toStdString());
    tp::SshLauncher l(store,
                      m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    tp::RunSpec spec = tptest::quickSpec(hostile);
    spec.workload = QStringLiteral("torchscript");
    spec.batch = 8;
    spec.extraArgs << QStringLiteral("--model") << model << QStringLiteral("--input")
                   << QStringLiteral("float32[8,16]");
    const tp::LaunchResult r = launch(l, spec);
    QVERIFY2(r.status == QLatin1String("ok"),
             qPrintable(r.status + QStringLiteral(": ") + r.error));
    QCOMPARE(QString::fromStdString(store.run(r.runId)->runKey), hostile); // byte-identical
    QVERIFY2(!QFileInfo::exists(canary), "a hostile argument was run by the remote shell");
}

void TestSshLauncher::cancelStopsTheRemoteRunner()
{
    tp::Store store(m_dir.filePath(QStringLiteral("cancel.sqlite")).toStdString());
    tp::SshLauncher l(store,
                      m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    QSignalSpy progress(&l, &tp::Launcher::progress);
    QSignalSpy done(&l, &tp::Launcher::finished);
    const QString key = tptest::uniqueKey("cancel");
    l.start(tptest::endlessSpec(key));
    QVERIFY(progress.wait(60000));
    QCOMPARE(tptest::remoteRunners(key).size(), 1); // the remote runner
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
    QTRY_VERIFY_WITH_TIMEOUT(tptest::remoteRunners(key).isEmpty(), 10000);
}

void TestSshLauncher::remoteEndMidRunKeepsSamples_data()
{
    QTest::addColumn<bool>("dropConnection"); // else: SIGKILL to the remote runner itself
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("error");
    QTest::newRow("dropped connection") << true << 255 << QStringLiteral("failed")
                                        << QStringLiteral("connection to 'loopback' lost");
    QTest::newRow("runner killed")
        << false << 137 << QStringLiteral("incomplete")
        << QStringLiteral("remote runner on 'loopback' was killed by signal 9");
}

void TestSshLauncher::remoteEndMidRunKeepsSamples()
{
    QFETCH(bool, dropConnection);
    QFETCH(int, exitCode);
    QFETCH(QString, status);
    QFETCH(QString, error);
    tp::Store store(m_dir.filePath(QStringLiteral("dropped.sqlite")).toStdString());
    tp::SshLauncher l(store,
                      m_ssh.profile(QStringLiteral("loopback"), QStringLiteral(TP_RUNNER_PATH)));
    QSignalSpy started(&l, &tp::Launcher::runStarted);
    QSignalSpy done(&l, &tp::Launcher::finished);
    const QString key = tptest::uniqueKey("dropped");
    l.start(tptest::endlessSpec(key));
    QVERIFY(started.wait(60000));
    const long long runId = started.at(0).at(0).toLongLong();
    QTRY_VERIFY_WITH_TIMEOUT(store.samples(runId, "warmup").size() == 2, 60000);
    QCOMPARE(tptest::remoteRunners(key),
             QList<qint64>{l.remotePid()}); // the PID line is the runner's
    if (dropConnection)
        QCOMPARE_GT(m_ssh.dropConnections(), 0);
    else
        QCOMPARE(::kill(static_cast<pid_t>(l.remotePid()), SIGKILL), 0);
    QVERIFY(done.wait(30000));
    const auto r = done.at(0).at(0).value<tp::LaunchResult>();
    qInfo("%s", qPrintable(r.error));
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.status, status);
    QVERIFY2(r.error.contains(error), qPrintable(r.error));
    const auto run = store.run(runId);
    QVERIFY(!run->complete);
    QCOMPARE(store.samples(runId, "first_call").size(), std::size_t(1));
    QCOMPARE(store.samples(runId, "warmup").size(), std::size_t(2));
    // Its stdout pipe is gone: the remote runner dies on its next write (SIGPIPE).
    QTRY_VERIFY_WITH_TIMEOUT(tptest::remoteRunners(key).isEmpty(), 10000);
}

void TestSshLauncher::unreachableTargetsFailFast_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("expected"); // in the error
    QTest::newRow("wrong port") << QStringLiteral("port") << QStringLiteral("Connection refused");
    QTest::newRow("unknown host key")
        << QStringLiteral("known_hosts") << QStringLiteral("Host key verification failed");
    QTest::newRow("key not authorized")
        << QStringLiteral("identity") << QStringLiteral("Permission denied");
    QTest::newRow("silent server") << QStringLiteral("silent") << QStringLiteral("timed out");
    QTest::newRow("unresolvable host")
        << QStringLiteral("dns") << QStringLiteral("Could not resolve hostname");
    QTest::newRow("host as an ssh option")
        << QStringLiteral("option") << QStringLiteral("must not start with '-'");
    QTest::newRow("host with a space")
        << QStringLiteral("space") << QStringLiteral("spaces or control");
    QTest::newRow("user as an ssh option")
        << QStringLiteral("user option") << QStringLiteral("user '-oProxyCommand");
    QTest::newRow("user with shell syntax")
        << QStringLiteral("user shell") << QStringLiteral("may only contain");
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
    else if (what == QLatin1String("user option"))
        p.user = QStringLiteral("-oProxyCommand=touch_") + canary;
    else if (what == QLatin1String("user shell")) // would reach ssh's %r expansion
        p.user = QStringLiteral("u$(touch_%1)`touch_%1`").arg(canary);
    else if (what == QLatin1String("runner"))
        p.runnerPath = m_dir.filePath(QStringLiteral("no-such-runner"));
    tp::Store store(m_dir.filePath(QStringLiteral("unreachable.sqlite")).toStdString());
    tp::SshLauncher l(store, p);
    QElapsedTimer clock;
    clock.start();
    // A hang guard only: each case fails at once here (a closed port, a refused value, a missing
    // runner: well under a second), never after ssh's 10 s connect timeout times ten.
    const tp::LaunchResult r = launch(l, tptest::quickSpec(QStringLiteral("unreachable")), 100000);
    QVERIFY2(!r.status.isEmpty(), "no finished() within 100 s");
    qInfo("%lld ms: %s", clock.elapsed(), qPrintable(r.error));
    QCOMPARE(r.status, QStringLiteral("error"));
    QCOMPARE(r.runId, 0LL);
    QVERIFY2(r.error.contains(expected), qPrintable(r.error));
    QVERIFY2(r.error.contains(QStringLiteral("broken")), qPrintable(r.error)); // names the target
    QVERIFY(!QFileInfo::exists(canary));
    QCOMPARE(store.runCount(), 0LL);
}

QTEST_GUILESS_MAIN(TestSshLauncher)
#include "tst_ssh_launcher.moc"
