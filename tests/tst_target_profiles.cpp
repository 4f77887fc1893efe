// Target profiles and the SSH command line, without a network: POSIX quoting proven against a
// real /bin/sh, host/user checks, the exact ssh argument vector, the remote PID line, JSON
// (de)serialisation with its errors, the profiles file, and the launcher factory. Bad user names
// are refused when a profile is read, validated and turned into an ssh command line.
#include "model/store/store.h"
#include "runner/launch/kube_launcher.h"
#include "runner/launch/launch_request.h"
#include "runner/launch/launcher_factory.h"
#include "runner/launch/local_launcher.h"
#include "runner/launch/shell_quote.h"
#include "runner/launch/ssh_command.h"
#include "runner/launch/ssh_launcher.h"
#include "runner/launch/target_profiles.h"

#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestTargetProfiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shellQuoteSurvivesARealShell_data();
    void shellQuoteSurvivesARealShell();
    void hostAndUserChecks_data();
    void hostAndUserChecks();
    void userNames_data();
    void userNames();
    void sshArgumentVector();
    void pidLine_data();
    void pidLine();
    void jsonRoundTrip();
    void jsonErrors_data();
    void jsonErrors();
    void profilesFile();
    void profilesFileErrors_data();
    void profilesFileErrors();
    void launchRequestTargets();
    void factoryMakesTheRightLauncher();
};

void TestTargetProfiles::shellQuoteSurvivesARealShell_data()
{
    QTest::addColumn<QString>("arg");
    int i = 0;
    for (const char *s :
         {"", "plain", "a b", "it's", "''", "'\\''", "$(id)", "`id`", "a;b", "x\ny\n", "\\", "*",
          "$HOME ${PATH}", "\"q\"", "-n", "€ ключ", "#c", "a\tb"})
        QTest::addRow("%d", i++) << QString::fromUtf8(s);
}

void TestTargetProfiles::shellQuoteSurvivesARealShell()
{
    QFETCH(QString, arg);
    QProcess sh; // the shell prints the one word it parsed, byte for byte
    sh.start(QStringLiteral("/bin/sh"),
             {QStringLiteral("-c"), QStringLiteral("printf '%s' ") + tp::shellQuote(arg)});
    QVERIFY(sh.waitForFinished(10000));
    QCOMPARE(sh.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), arg);
    QCOMPARE(tp::shellQuote(QStringLiteral("it's")), QStringLiteral("'it'\\''s'"));
}

void TestTargetProfiles::hostAndUserChecks_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("user");
    QTest::addColumn<bool>("ok");
    QTest::newRow("name") << QStringLiteral("gpu-box.example.org") << QStringLiteral("bench")
                          << true;
    QTest::newRow("ipv4, no user") << QStringLiteral("10.0.0.7") << QString() << true;
    QTest::newRow("ipv6") << QStringLiteral("::1") << QStringLiteral("ci_user") << true;
    QTest::newRow("host option") << QStringLiteral("-oProxyCommand=sh") << QString() << false;
    QTest::newRow("user option") << QStringLiteral("h") << QStringLiteral("-oProxyCommand=sh")
                                 << false;
    QTest::newRow("host space") << QStringLiteral("h -p 1") << QString() << false;
    QTest::newRow("user space") << QStringLiteral("h") << QStringLiteral("a b") << false;
    QTest::newRow("host newline") << QStringLiteral("h\nx") << QString() << false;
    QTest::newRow("user control") << QStringLiteral("h") << QStringLiteral("a\x01") << false;
    QTest::newRow("user@host") << QStringLiteral("me@h") << QString() << false;
    QTest::newRow("host shell chars") << QStringLiteral("h;id") << QString() << false;
    QTest::newRow("empty host") << QString() << QString() << false;
}

void TestTargetProfiles::hostAndUserChecks()
{
    QFETCH(QString, host);
    QFETCH(QString, user);
    QFETCH(bool, ok);
    const QStringList errors = tp::TargetProfile::ssh(QStringLiteral("t"), host, user).validate();
    QCOMPARE(errors.isEmpty(), ok);
}

void TestTargetProfiles::userNames_data()
{
    QTest::addColumn<QString>("user");
    QTest::addColumn<bool>("ok");
    for (const char *good : {"bench", "ci_user", "first.last", "u-1", "_svc", "R2D2"})
        QTest::addRow("ok %s", good) << QString::fromUtf8(good) << true;
    const std::pair<const char *, QString> bad[] = {
        {"option", QStringLiteral("-oProxyCommand=sh")},
        {"bare dash", QStringLiteral("-")},
        {"space", QStringLiteral("a b")},
        {"tab", QStringLiteral("a\tb")},
        {"newline", QStringLiteral("a\nb")},
        {"nul", QStringLiteral("a") + QChar(0) + QStringLiteral("b")},
        {"at", QStringLiteral("me@evil.example")},
        {"colon", QStringLiteral("me:22")},
        {"single quote", QStringLiteral("it's")},
        {"double quote", QStringLiteral("a\"b")},
        {"semicolon", QStringLiteral("a;id")},
        {"dollar", QStringLiteral("$(id)")},
        {"backtick", QStringLiteral("`id`")},
        {"percent", QStringLiteral("%h")},
        {"pipe", QStringLiteral("a|b")},
        {"ampersand", QStringLiteral("a&b")},
        {"redirect", QStringLiteral("a>b")},
        {"backslash", QStringLiteral("a\\b")},
        {"slash", QStringLiteral("../x")},
        {"glob", QStringLiteral("a*")},
        {"non-ascii", QStringLiteral("jos\u00e9")},
    };
    for (const auto &[name, user] : bad)
        QTest::addRow("bad %s", name) << user << false;
}

// Refused in all three places a user name passes through, each error naming the target and the
// field: reading the profile, validating it, building the ssh command line.
void TestTargetProfiles::userNames()
{
    QFETCH(QString, user);
    QFETCH(bool, ok);
    tp::TargetProfile p = tp::TargetProfile::ssh(QStringLiteral("box"), QStringLiteral("h"), user);
    const QString validation = p.validate().join(QLatin1Char(' '));
    QString read, built;
    const auto loaded = tp::TargetProfile::fromJson(p.toJson(), &read);
    const QStringList args = tp::ssh::runArguments(p, {QStringLiteral("--x")}, &built);
    if (ok) {
        QVERIFY2(validation.isEmpty() && loaded && read.isEmpty(), qPrintable(validation + read));
        QCOMPARE(args.mid(args.indexOf(QStringLiteral("-l")), 4),
                 (QStringList{QStringLiteral("-l"), user, QStringLiteral("--"), p.host}));
        return;
    }
    QVERIFY2(validation.contains(QStringLiteral("SSH target 'box'")) &&
                 validation.contains(QStringLiteral("The user")),
             qPrintable(validation));
    QVERIFY(!loaded);
    QVERIFY2(read.contains(QStringLiteral("target 'box': \"user\"")), qPrintable(read));
    QVERIFY(args.isEmpty());
    QVERIFY2(built.contains(QStringLiteral("target 'box', field \"user\"")), qPrintable(built));
    QVERIFY(tp::ssh::killArguments(p, 4242).isEmpty());
}

void TestTargetProfiles::sshArgumentVector()
{
    tp::TargetProfile p = tp::TargetProfile::ssh(
        QStringLiteral("box"), QStringLiteral("gpu.example"), QStringLiteral("bench"), 2222);
    p.identityFile = QStringLiteral("/keys/id");
    p.knownHostsFile = QStringLiteral("/keys/known_hosts");
    p.runnerPath = QStringLiteral("/opt/tp/runner");
    const QStringList args =
        tp::ssh::runArguments(p, {QStringLiteral("--run-key"), QStringLiteral("a'b; c")});
    const QString joined = args.join(QLatin1Char('|'));
    for (const char *expected : {"-o|BatchMode=yes", "-o|StrictHostKeyChecking=yes",
                                 "-o|UserKnownHostsFile=/keys/known_hosts", "-o|ConnectTimeout=10",
                                 "-i|/keys/id", "-p|2222", "-l|bench", "|--|gpu.example|"})
        QVERIFY2(joined.contains(QLatin1String(expected)), expected);
    QCOMPARE(args.indexOf(QStringLiteral("--")), args.size() - 3); // then host, then the command
    QCOMPARE(args.last(),
             QStringLiteral("sh -c 'echo torchpilot-pid:$$ >&2; exec \"$@\"' torchpilot "
                            "'/opt/tp/runner' '--run-key' 'a'\\''b; c'; exit $?"));
    QCOMPARE(tp::ssh::killArguments(p, 4242).last(), QStringLiteral("kill -TERM 4242"));
    QCOMPARE(p.source(), QStringLiteral("ssh://bench@gpu.example:2222"));
    p.knownHostsFile = QStringLiteral("/keys/with space");
    QVERIFY(!p.validate().isEmpty()); // ssh would split it into two files
    p.knownHostsFile = QStringLiteral("/keys/%h");
    QVERIFY(!p.validate().isEmpty()); // ssh would expand %h
}

void TestTargetProfiles::pidLine_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<qint64>("pid");
    QTest::newRow("ok") << QStringLiteral("torchpilot-pid:12345") << qint64(12345);
    QTest::newRow("sign") << QStringLiteral("torchpilot-pid:-1") << qint64(0);
    QTest::newRow("shell text") << QStringLiteral("torchpilot-pid:1;reboot") << qint64(0);
    QTest::newRow("space") << QStringLiteral("torchpilot-pid: 12") << qint64(0);
    QTest::newRow("too long") << QStringLiteral("torchpilot-pid:12345678901") << qint64(0);
    QTest::newRow("init") << QStringLiteral("torchpilot-pid:1") << qint64(0);
    QTest::newRow("other") << QStringLiteral("runner: ok") << qint64(0);
}

void TestTargetProfiles::pidLine()
{
    QFETCH(QString, line);
    QFETCH(qint64, pid);
    QCOMPARE(tp::ssh::parsePidLine(line), pid);
}

void TestTargetProfiles::jsonRoundTrip()
{
    tp::TargetProfile p = tp::TargetProfile::ssh(QStringLiteral("box"), QStringLiteral("h"),
                                                 QStringLiteral("u"), 2200);
    p.identityFile = QStringLiteral("~/.ssh/id_ed25519");
    p.runnerPath = QStringLiteral("/opt/runner");
    p.connectTimeoutSeconds = 7;
    QString error;
    const auto back = tp::TargetProfile::fromJson(p.toJson(), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->toJson(), p.toJson());
    // A target's default profile steps: kept, and given to every run that sets none itself.
    p.profileSteps = 7;
    QCOMPARE(tp::TargetProfile::fromJson(p.toJson(), &error)->profileSteps, 7);
    const tp::RunnerCommand command = p.runnerCommand();
    QVERIFY(
        command.arguments({}).join(QLatin1Char(' ')).endsWith(QStringLiteral("--profile-steps 7")));
    QCOMPARE(command.arguments({QStringLiteral("--profile-steps"), QStringLiteral("2")})
                 .count(QStringLiteral("--profile-steps")),
             1);
    tp::TargetProfile k;
    k.name = QStringLiteral("gke");
    k.kind = tp::TargetProfile::Kind::Kubernetes;
    k.kubernetes = QJsonObject{{QStringLiteral("namespace"), QStringLiteral("bench")}};
    QCOMPARE(tp::TargetProfile::fromJson(k.toJson(), &error)->kubernetes,
             k.kubernetes); // kept opaque
}

void TestTargetProfiles::jsonErrors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("no name") << QByteArray(R"({"kind":"ssh","host":"h"})")
                             << QStringLiteral("needs a \"name\"");
    QTest::newRow("bad kind") << QByteArray(R"({"name":"a","kind":"ftp"})")
                              << QStringLiteral("\"kind\" must be");
    QTest::newRow("port type") << QByteArray(R"({"name":"a","kind":"ssh","host":"h","port":"22"})")
                               << QStringLiteral("\"port\" must be a whole number");
    QTest::newRow("port range") << QByteArray(
                                       R"({"name":"a","kind":"ssh","host":"h","port":70000})")
                                << QStringLiteral("from 1 to 65535");
    QTest::newRow("host type") << QByteArray(R"({"name":"a","kind":"ssh","host":5})")
                               << QStringLiteral("\"host\" must be a string");
    QTest::newRow("no host") << QByteArray(R"({"name":"a","kind":"ssh"})")
                             << QStringLiteral("needs a \"host\"");
    QTest::newRow("k8s type") << QByteArray(R"({"name":"a","kind":"kubernetes","kubernetes":[]})")
                              << QStringLiteral("must be an object");
    QTest::newRow("runner kind")
        << QByteArray(R"({"name":"a","kind":"ssh","host":"h","runner":"rust"})")
        << QStringLiteral("\"runner\" must be \"cpp\" or \"python\", not 'rust'");
    QTest::newRow("runner type") << QByteArray(R"({"name":"a","kind":"ssh","host":"h","runner":1})")
                                 << QStringLiteral("\"runner\" must be a string");
    QTest::newRow("device") << QByteArray(R"({"name":"a","kind":"ssh","host":"h","device":"gpu"})")
                            << QStringLiteral(
                                   "\"device\" must be \"cpu\", \"cuda\" or \"tpu\", not 'gpu'");
    QTest::newRow("profile steps")
        << QByteArray(R"({"name":"a","kind":"ssh","host":"h","profile_steps":-1})")
        << QStringLiteral("\"profile_steps\" must be a whole number from 0 to 10000");
    QTest::newRow("python type") << QByteArray(
                                        R"({"name":"a","kind":"ssh","host":"h","python":[]})")
                                 << QStringLiteral("\"python\" must be a string");
}

void TestTargetProfiles::jsonErrors()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    QString why;
    QVERIFY(!tp::TargetProfile::fromJson(QJsonDocument::fromJson(json).object(), &why));
    QVERIFY2(why.contains(error), qPrintable(why));
}

void TestTargetProfiles::profilesFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config/targets.json"));
    tp::TargetProfiles profiles(path);
    QString error;
    QVERIFY(profiles.load(&error)); // missing file: only local
    QCOMPARE(profiles.profiles().size(), 1);
    QVERIFY(profiles.profiles().first().isLocal());
    QVERIFY(
        profiles.put(tp::TargetProfile::ssh(QStringLiteral("a"), QStringLiteral("ha")), &error));
    QVERIFY(
        profiles.put(tp::TargetProfile::ssh(QStringLiteral("b"), QStringLiteral("hb")), &error));
    QVERIFY(profiles.put(tp::TargetProfile::ssh(QStringLiteral("a"), QStringLiteral("ha2")),
                         &error)); // replaces
    QVERIFY(!profiles.put(tp::TargetProfile::ssh(QStringLiteral("local"), QStringLiteral("h")),
                          &error));
    QVERIFY(
        !profiles.put(tp::TargetProfile::ssh(QStringLiteral("c"), QStringLiteral("-oX")), &error));
    QVERIFY2(profiles.save(&error), qPrintable(error));
    tp::TargetProfiles again(path);
    QVERIFY2(again.load(&error), qPrintable(error));
    QCOMPARE(again.profiles().size(), 3);
    QCOMPARE(again.profiles().at(1).name, QStringLiteral("a"));
    QCOMPARE(again.find(QStringLiteral("a"))->host, QStringLiteral("ha2"));
    QVERIFY(again.remove(QStringLiteral("a"), &error));
    QVERIFY(!again.remove(QStringLiteral("a"), &error));
    QVERIFY(error.contains(QStringLiteral("No target named 'a'")));
    QVERIFY(!again.remove(QStringLiteral("local"), &error));
    QVERIFY(again.find(QStringLiteral("local")));
}

void TestTargetProfiles::profilesFileErrors_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("error");
    QTest::newRow("malformed") << QByteArray("{\"targets\": [") << QStringLiteral("malformed JSON");
    QTest::newRow("not an object") << QByteArray("[]") << QStringLiteral("\"targets\" array");
    QTest::newRow("version") << QByteArray(R"({"version":2,"targets":[]})")
                             << QStringLiteral("unsupported version 2");
    QTest::newRow("entry") << QByteArray(
                                  R"({"targets":[{"name":"a","kind":"ssh","host":"h","port":0}]})")
                           << QStringLiteral("target 1: target 'a': \"port\"");
    QTest::newRow("duplicate")
        << QByteArray(
               R"({"targets":[{"name":"a","kind":"ssh","host":"h"},{"name":"a","kind":"ssh","host":"g"}]})")
        << QStringLiteral("target 2: the name 'a' is used twice");
    QTest::newRow("local") << QByteArray(R"({"targets":[{"name":"local","kind":"local"}]})")
                           << QStringLiteral("built in");
    QTest::newRow("user option")
        << QByteArray(R"({"targets":[{"name":"a","kind":"ssh","host":"h","user":"-oX=y"}]})")
        << QStringLiteral("target 1: target 'a': \"user\": The user '-oX=y' must not start");
}

void TestTargetProfiles::profilesFileErrors()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("targets.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    tp::TargetProfiles profiles(path);
    QString why;
    QVERIFY(!profiles.load(&why));
    QVERIFY2(why.startsWith(path) && why.contains(error), qPrintable(why));
}

void TestTargetProfiles::launchRequestTargets()
{
    tp::LaunchRequest r;
    r.workload = QStringLiteral("torchscript");
    r.modelPath = QStringLiteral("/on/the/remote/host/model.pt");
    r.inputSpec = QStringLiteral("float32[8,16]");
    QVERIFY(!r.validate().isEmpty()); // local: the file must exist here
    r.target = tp::TargetProfile::ssh(QStringLiteral("box"), QStringLiteral("gpu.example"));
    QVERIFY2(r.validate().isEmpty(), qPrintable(r.validate().join(QLatin1Char(' ')))); // read there
    r.target.host = QStringLiteral("-oProxyCommand=x");
    QVERIFY(!r.validate().isEmpty());
    r.target = tp::TargetProfile();
    r.target.name = QStringLiteral("gke");
    r.target.kind = tp::TargetProfile::Kind::Kubernetes;
    QVERIFY(r.validate().join(QLatin1Char(' ')).contains(QStringLiteral("container image")));
    r.target.kubernetes = QJsonObject{{QStringLiteral("image"), QStringLiteral("reg/runner:1")},
                                      {QStringLiteral("topology"), QStringLiteral("2by2")}};
    QVERIFY(r.validate().join(QLatin1Char(' ')).contains(QStringLiteral("topology")));
    r.target.kubernetes.insert(QStringLiteral("topology"), QStringLiteral("2x2"));
    QVERIFY2(r.validate().isEmpty(), qPrintable(r.validate().join(QLatin1Char(' '))));
}

void TestTargetProfiles::factoryMakesTheRightLauncher()
{
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("f.sqlite")).toStdString());
    QObject parent;
    QVERIFY(qobject_cast<tp::LocalLauncher *>(
        tp::makeLauncher(tp::TargetProfile::local(), store, &parent)));
    auto *ssh = qobject_cast<tp::SshLauncher *>(tp::makeLauncher(
        tp::TargetProfile::ssh(QStringLiteral("box"), QStringLiteral("h")), store, &parent));
    QVERIFY(ssh);
    QCOMPARE(ssh->profile().name, QStringLiteral("box"));
    tp::TargetProfile k;
    k.name = QStringLiteral("gke");
    k.kind = tp::TargetProfile::Kind::Kubernetes;
    k.kubernetes = QJsonObject{{QStringLiteral("image"), QStringLiteral("reg/runner:1")}};
    QVERIFY(qobject_cast<tp::KubeLauncher *>(tp::makeLauncher(k, store, &parent)));
    k.kubernetes.insert(QStringLiteral("privileged"), true); // not a setting we accept
    QString error;
    QVERIFY(!tp::makeLauncher(k, store, &parent, &error));
    QVERIFY2(error.contains(QStringLiteral("privileged")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestTargetProfiles)
#include "tst_target_profiles.moc"
