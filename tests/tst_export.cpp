// torchpilot export: runs with figures and verdicts as CSV (RFC 4180 quoting) and JSON, samples
// bit for bit, run selections, and bad input (no database, a foreign file, a bad selection, an
// unwritable output) with a clear message and nothing written.
#include "model/ingest/ingestor.h"
#include "model/store/run_export.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using nlohmann::json;

class TestExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void selections_data();
    void selections();
    void csvRuns();
    void jsonWithSamplesIsExact();
    void csvSamplesAreExact();
    void badInput_data();
    void badInput();

private:
    using Result = tptest::AppBytes;
    static Result app(const QStringList &args)
    {
        return tptest::runSubcommand(QStringLiteral("export"), args);
    }
    QString m_db;
    QTemporaryDir m_dir;
};

void TestExport::initTestCase()
{
    m_db = m_dir.filePath(QStringLiteral("x.sqlite"));
    tp::Store store(m_db.toStdString(), tptest::fixturePolicy());
    tp::importFile(store, tptest::dataFile("panels_realistic.jsonl").toStdString());
    // A run key with a comma, a quote and a newline: CSV must quote it.
    tp::StoreConnection::of(store).exec(
        "UPDATE runs SET run_key = 'odd, \"key\"' || char(10) || 'x' WHERE id = 2");
}

void TestExport::selections_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // ids, or "error: …"
    QTest::newRow("all") << ""
                         << "1,2,3,4,5,6,7,8";
    QTest::newRow("ids and a range") << "1,3-5"
                                     << "1,3,4,5";
    QTest::newRow("filter") << "mode=compiled"
                            << "3,4,8";
    QTest::newRow("range and filter") << "1-4,dtype=bfloat16"
                                      << "2,4";
    QTest::newRow("unknown key") << "colour=red"
                                 << "error: unknown key 'colour'";
    QTest::newRow("not a number") << "1-x"
                                  << "error: 'x' is not a run id";
    QTest::newRow("backwards") << "5-3"
                               << "error: not a range";
}

void TestExport::selections()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    try {
        const tp::RunSelection sel = tp::parseRunSelection(text.toStdString());
        tp::Store store(m_db.toStdString());
        QStringList ids;
        for (const tp::RunRecord &r : store.listRuns(sel))
            ids << QString::number(r.id);
        QCOMPARE(ids.join(QLatin1Char(',')), expected);
    } catch (const tp::ExportError &e) {
        QVERIFY2(expected.startsWith(QLatin1String("error: ")), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(expected.mid(7)), e.what());
    }
}

void TestExport::csvRuns()
{
    const QString out = m_dir.filePath(QStringLiteral("runs.csv"));
    const Result r = app({QStringLiteral("--db"), m_db, QStringLiteral("--out"), out});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.contains("8 run(s) exported"));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.startsWith("id,execution_key,run_key,workload,mode,dtype,device,"));
    QVERIFY(text.contains(",\"odd, \"\"key\"\"\nx\",")); // RFC 4180 quoting
    QCOMPARE(text.count("\r\n"), 9);                     // header + 8 runs (the \n is quoted)
    QVERIFY(text.contains("too noisy: IQR/median"));     // the validity reasons
    tp::Store store(m_db.toStdString());
    const tp::RunRecord one = *store.run(1);
    QVERIFY(text.contains(QByteArray::number(*one.p99Seconds, 'g', 17))); // figures, exact
}

void TestExport::jsonWithSamplesIsExact()
{
    const Result r =
        app({QStringLiteral("--db"), m_db, QStringLiteral("--format"), QStringLiteral("json"),
             QStringLiteral("--samples"), QStringLiteral("--runs"), QStringLiteral("1,4")});
    QCOMPARE(r.code, 0);
    const json j = json::parse(r.out.toStdString());
    QCOMPARE(j["runs"].size(), std::size_t(2));
    tp::Store store(m_db.toStdString());
    for (const json &run : j["runs"]) {
        const long long id = run["id"];
        const tp::RunRecord rec = *store.run(id);
        QCOMPARE(run["valid"].get<bool>(), *rec.valid);
        QCOMPARE(run["precision_verdict"].get<std::string>(), rec.precisionVerdict);
        const std::vector<double> steady = run["samples"]["steady"];
        const std::vector<double> stored = store.samples(id, "steady");
        QCOMPARE(steady.size(), stored.size());
        QVERIFY2(std::memcmp(steady.data(), stored.data(), steady.size() * 8) == 0,
                 qPrintable(tptest::firstBitDifference(steady, stored)));
    }
}

void TestExport::csvSamplesAreExact()
{
    const Result r = app({QStringLiteral("--db"), m_db, QStringLiteral("--samples"),
                          QStringLiteral("--runs"), QStringLiteral("3")});
    QCOMPARE(r.code, 0);
    const QList<QByteArray> lines = r.out.split('\n');
    QCOMPARE(lines.front().trimmed(), QByteArray("run_id,execution_key,phase,seq,seconds"));
    tp::Store store(m_db.toStdString());
    std::vector<double> steady;
    for (const QByteArray &line : lines) {
        const QList<QByteArray> f = line.trimmed().split(',');
        if (f.size() == 5 && f[2] == "steady")
            steady.push_back(std::strtod(f[4].constData(), nullptr));
    }
    const std::vector<double> stored = store.samples(3, "steady");
    QCOMPARE(steady.size(), stored.size());
    QVERIFY2(std::memcmp(steady.data(), stored.data(), steady.size() * 8) == 0,
             qPrintable(tptest::firstBitDifference(steady, stored)));
}

void TestExport::badInput_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("no database") << "missing" << 2 << "no database at";
    QTest::newRow("foreign SQLite file") << "foreign" << 1 << "not a TorchPilot one";
    QTest::newRow("bad selection") << "selection" << 2 << "bad run selection";
    QTest::newRow("bad format") << "format" << 2 << "unknown format 'xml'";
    QTest::newRow("unwritable output") << "unwritable" << 1 << "cannot write";
}

void TestExport::badInput()
{
    QFETCH(QString, kind);
    QFETCH(int, code);
    QFETCH(QString, message);
    QString db = m_db;
    QStringList extra;
    if (kind == QLatin1String("missing"))
        db = m_dir.filePath(QStringLiteral("nope.sqlite"));
    if (kind == QLatin1String("foreign")) {
        db = m_dir.filePath(QStringLiteral("foreign.sqlite"));
        SQLite::Database f(db.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        f.exec("CREATE TABLE IF NOT EXISTS t(x)");
    }
    if (kind == QLatin1String("selection"))
        extra << QStringLiteral("--runs") << QStringLiteral("1,,x");
    if (kind == QLatin1String("format"))
        extra << QStringLiteral("--format") << QStringLiteral("xml");
    if (kind == QLatin1String("unwritable"))
        extra << QStringLiteral("--out") << m_dir.filePath(QStringLiteral("no/such/dir/x.csv"));
    const QByteArray before = tptest::fileHash(db);
    const Result r = app(QStringList{QStringLiteral("--db"), db} + extra);
    QCOMPARE(r.code, code);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(r.out.isEmpty());
    QCOMPARE(tptest::fileHash(db), before); // nothing changed, no file created
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
