// The rendezvous of a rank group on one host (runner/engine/local_rendezvous.h), with the real
// torchpilot-runner: nothing listens on the rendezvous port while the group trains, the run says
// which store it met through, and a second rank 0 on a live port is refused like a bound port.
// The Python runner's side: tests/python/test_runner_rendezvous.py.
#include "dist_fixture.h"

#include <QFile>
#include <QtTest>

using namespace tptest;

class TestRendezvous : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void loopbackGroupListensNowhere();
};

namespace
{
// Whether anything on this host listens on TCP `port` (IPv4 or IPv6): /proc/net/tcp{,6} rows whose
// local port matches and whose state is 0A (LISTEN).
bool listensOn(int port)
{
    const QString hex = QStringLiteral(":%1").arg(port, 4, 16, QLatin1Char('0')).toUpper();
    for (const char *table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        QFile f(QString::fromLatin1(table));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &line : f.readAll().split('\n')) {
            const QList<QByteArray> cols = line.simplified().split(' ');
            if (cols.size() > 3 && cols[1].endsWith(hex.toLatin1()) && cols[3] == "0A")
                return true;
        }
    }
    return false;
}
} // namespace

// A group on one host meets through a FileStore in a private directory (local_rendezvous.h):
// nothing listens on the rendezvous port while it trains, and a second rank 0 on that port is
// refused like a bound port would be.
void TestRendezvous::loopbackGroupListensNowhere()
{
    const int port = tp::RankGroupLauncher::freeLoopbackPort();
    // Long enough (about a second or more) that the group still holds the port while a second
    // rank 0 starts, loads libtorch and tries it, even on a loaded machine.
    const QStringList common = train(1500) + words("--dist-timeout 10");
    bool checked = false, listened = true;
    int secondExit = -2;
    QString secondErr;
    const Group g =
        runRanks({common + rankFlags(2, 0, port), common + rankFlags(2, 1, port)}, {},
                 [&](std::size_t r, const json &e) {
                     if (checked || r != 0 || e.value("event", "") != "train_step")
                         return false;
                     checked = true;
                     listened = listensOn(port);
                     QProcess second;
                     second.start(QStringLiteral(TP_RUNNER_PATH),
                                  train(5) + words("--dist-timeout 3") + rankFlags(2, 0, port));
                     second.waitForFinished(30000);
                     secondExit = second.exitCode();
                     secondErr = QString::fromUtf8(second.readAllStandardError());
                     return false;
                 });
    for (const Rank &o : g.ranks) {
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        QCOMPARE(o.env().value("rendezvous_store", std::string()), std::string("file"));
    }
    QVERIFY(checked);
    QVERIFY2(!listened, "something listens on the rendezvous port of a loopback group");
    QCOMPARE(secondExit, 1);
    QVERIFY2(secondErr.contains(QStringLiteral("127.0.0.1:%1 is in use by process").arg(port)),
             qPrintable(secondErr));
}

QTEST_GUILESS_MAIN(TestRendezvous)
#include "tst_rendezvous.moc"
