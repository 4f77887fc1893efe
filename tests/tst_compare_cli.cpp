// torchpilot compare, run as a process on a real store: the figures are the Compare page's
// (compareRuns with the same ids gives the same intervals, bit for bit), every format parses,
// the axis is inferred, --fail-if-slower and --fail-if-confounded set the exit code, and bad
// input exits 2 with a clear message and leaves the database as it was.
#include "gate_fixture.h"
#include "model/analysis/compare.h"
#include "model/analysis/compare_report.h"
#include "model/analysis/end_to_end.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "test_util.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using nlohmann::json;

namespace
{
// One run of 200 steady samples around `seconds` (±0.45 % spread), batch 64.
void writeRun(std::ofstream &out, const std::string &key, const std::string &mode,
              const std::string &dtype, int threads, double seconds)
{
    json started = {{"v", 1},
                    {"event", "run_started"},
                    {"run_key", key},
                    {"execution_key", key},
                    {"workload", "mlp"},
                    {"mode", mode},
                    {"dtype", dtype},
                    {"device", "cpu"},
                    {"target", "local"},
                    {"shape", {{"batch", 64}, {"in", 128}}},
                    {"started_at", "2026-12-01T10:00:00Z"},
                    {"cache_state", "warm"},
                    {"env",
                     {{"torch", "1.13.1"},
                      {"runner", "0.1.0"},
                      {"threads", threads},
                      {"blas", "openblas"},
                      {"cpu_model", "Test CPU"}}}};
    std::vector<double> samples;
    samples.reserve(200);
    for (int i = 0; i < 200; ++i)
        samples.push_back(seconds * (1 + 0.001 * (i % 10) - 0.0045));
    out << started.dump() << '\n'
        << json{{"v", 1},
                {"event", "phase"},
                {"phase", "steady"},
                {"batch", 64},
                {"seconds", samples}}
               .dump()
        << '\n'
        << json{{"v", 1},
                {"event", "run_finished"},
                {"status", "ok"},
                {"summary", {{"mean_batch_seconds", seconds}, {"finite", true}}}}
               .dump()
        << '\n';
}
} // namespace

class TestCompareCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void jsonIsTheComparePagesFigures();
    void formats();
    void inferredAxisAndConfounders();
    void failIfSlower_data();
    void failIfSlower();
    void latestAndRunIds();
    void badInput_data();
    void badInput();
    void servingCurvesOfBothSides();

private:
    using Result = tptest::AppBytes;
    static Result compare(const QStringList &args)
    {
        return tptest::runSubcommand(QStringLiteral("compare"), args);
    }
    QStringList sides(const char *baseline, const char *candidate) const
    {
        return {QStringLiteral("--db"),        m_db,
                QStringLiteral("--baseline"),  QLatin1String(baseline),
                QStringLiteral("--candidate"), QLatin1String(candidate)};
    }
    QTemporaryDir m_dir;
    QString m_db;
    std::vector<long long> m_ids;
};

void TestCompareCli::initTestCase()
{
    const QString stream = m_dir.filePath(QStringLiteral("runs.jsonl"));
    {
        std::ofstream out(stream.toStdString());
        writeRun(out, "eager", "eager", "float32", 1, 0.010);       // 1 baseline
        writeRun(out, "compiled", "compiled", "float32", 1, 0.012); // 2 20 % slower
        writeRun(out, "bf16", "compiled", "bfloat16", 1, 0.005);    // 3 twice as fast
        writeRun(out, "threads", "eager", "float32", 4, 0.008);     // 4 other thread count
    }
    m_db = m_dir.filePath(QStringLiteral("c.sqlite"));
    tp::Store store(m_db.toStdString());
    m_ids = tp::importFile(store, stream.toStdString()).runIds;
    QCOMPARE(m_ids.size(), std::size_t(4));
}

void TestCompareCli::jsonIsTheComparePagesFigures()
{
    const Result j = compare(sides("run=1", "mode=compiled,dtype=float32") +
                             QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(j.code, 0);
    const json got = json::parse(j.out.toStdString());
    tp::Store store(m_db.toStdString());
    tp::CompareOptions options;
    options.axis = "mode";
    const tp::Comparison page = tp::compareRuns(store, {m_ids[0]}, {m_ids[1]}, options);
    QCOMPARE(got["metrics"].size(), std::size_t(4));
    for (std::size_t i = 0; i < 4; ++i) {
        const json &m = got["metrics"][i];
        QCOMPARE(m["ratio"].get<double>(), *page.metrics[i].ratio);
        QCOMPARE(m["ci_low"].get<double>(), *page.metrics[i].ciLow); // bit for bit
        QCOMPARE(m["ci_high"].get<double>(), *page.metrics[i].ciHigh);
        QCOMPARE(m["verdict"].get<std::string>(), std::string("worse"));
    }
    QCOMPARE_LT(std::abs(got["metrics"][0]["ratio"].get<double>() - 1.2), 1e-9);
    QCOMPARE_LT(std::abs(got["metrics"][0]["slowdown_percent"].get<double>() - 20), 1e-6);
    QCOMPARE(got["baseline"]["runs"], json::array({m_ids[0]}));
    QCOMPARE(got["candidate"]["samples"].get<int>(), 200);
    QCOMPARE(got["confounders"].size(), tp::confounderKeys().size());
    QVERIFY(got["like_for_like"].get<bool>());
}

void TestCompareCli::formats()
{
    const QStringList base = sides("run=1", "run=2");
    const Result text = compare(base);
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.contains("mean_batch_seconds") && text.out.contains("1.2") &&
                 text.out.contains("worse") && text.out.contains("Confounders:"),
             text.out.constData());
    const Result csv =
        compare(base + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(csv.code, 0);
    const QList<QByteArray> rows = csv.out.trimmed().split('\n');
    // The header, 4 metrics, the confounders, then each end-to-end part and the wall time.
    QCOMPARE(rows.size(),
             qsizetype(1 + 4 + tp::confounderKeys().size() + tp::breakdownParts().size() + 1));
    QVERIFY(rows.back().startsWith("end_to_end,wall,"));
    QCOMPARE(rows[0].trimmed(),
             QByteArray("section,name,baseline,candidate,ratio,ci_low,ci_high,verdict"));
    QVERIFY(rows[1].startsWith("metric,mean,0.0"));
    QVERIFY(rows[1].trimmed().endsWith(",worse"));
    for (const QByteArray &row : rows)
        QCOMPARE(row.count(','), 7); // no field needs quoting here: 8 columns each
    const Result md =
        compare(base + QStringList{QStringLiteral("--format"), QStringLiteral("markdown"),
                                   QStringLiteral("--metric"), QStringLiteral("p99")});
    QCOMPARE(md.code, 0);
    QVERIFY2(md.out.contains("| p99_batch_seconds |") && !md.out.contains("mean_batch_seconds") &&
                 md.out.contains("| Factor |"),
             md.out.constData());
}

void TestCompareCli::inferredAxisAndConfounders()
{
    const Result modeOnly = compare(sides("mode=eager,run=1", "mode=compiled,dtype=float32") +
                                    QStringList{QStringLiteral("--format"), QStringLiteral("json"),
                                                QStringLiteral("--fail-if-confounded")});
    QCOMPARE(modeOnly.code, 0);
    // The runs are the default pilot's two sides: the pilot explains the mode's difference.
    auto stateOf = [](const QByteArray &out, const char *factor) {
        const json parsed = json::parse(out.toStdString());
        for (const json &c : parsed["confounders"])
            if (c["factor"] == factor)
                return c["state"].get<std::string>();
        return std::string();
    };
    QCOMPARE(stateOf(modeOnly.out, "mode"), std::string("allowed"));
    // The other way round no pilot side matches; --axis names the difference compared on purpose.
    const Result axis = compare(sides("mode=compiled,dtype=float32", "run=1") +
                                QStringList{QStringLiteral("--format"), QStringLiteral("json"),
                                            QStringLiteral("--axis"), QStringLiteral("mode")});
    QCOMPARE(axis.code, 0);
    QCOMPARE(stateOf(axis.out, "mode"), std::string("expected"));
    // Mode and dtype both differ, so no axis is inferred. Run 1 lies in the selected pilot's
    // baseline side and run 3 in its candidate side: the pilot allows both differences, with its
    // reasons, as the Compare page does.
    const Result pilot =
        compare(sides("run=1", "run=3") + QStringList{QStringLiteral("--fail-if-confounded")});
    QCOMPARE(pilot.code, 0);
    QVERIFY2(pilot.out.contains("allowed: ") && !pilot.out.contains("DIFFERS"),
             pilot.out.constData());
    // The same runs the other way round are no pilot's sides: --fail-if-confounded trips.
    const Result both =
        compare(sides("run=3", "run=1") + QStringList{QStringLiteral("--fail-if-confounded")});
    QCOMPARE(both.code, 1);
    QVERIFY2(both.err.contains("not like for like"), both.err.constData());
    QVERIFY(both.out.contains("DIFFERS"));
    // Threads differ between two eager float32 runs: flagged, whatever the axis.
    const Result threads = compare(sides("run=1", "run=4") +
                                   QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(threads.code, 0);
    QVERIFY(!json::parse(threads.out.toStdString())["like_for_like"].get<bool>());
}

void TestCompareCli::failIfSlower_data()
{
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("pct");
    QTest::addColumn<int>("code");
    QTest::newRow("20 % slower, 10 allowed") << "run=2"
                                             << ""
                                             << "10" << 1;
    QTest::newRow("20 % slower, 25 allowed") << "run=2"
                                             << ""
                                             << "25" << 0;
    QTest::newRow("throughput, 10 allowed") << "run=2"
                                            << "throughput"
                                            << "10" << 1;
    QTest::newRow("p99, 30 allowed") << "run=2"
                                     << "p99"
                                     << "30" << 0;
    QTest::newRow("twice as fast, 0 allowed") << "run=3"
                                              << ""
                                              << "0" << 0;
}

void TestCompareCli::failIfSlower()
{
    QFETCH(QString, candidate);
    QFETCH(QString, metric);
    QFETCH(QString, pct);
    QFETCH(int, code);
    QStringList args = sides("run=1", "");
    args[5] = candidate;
    args << QStringLiteral("--fail-if-slower") << pct;
    if (!metric.isEmpty())
        args << QStringLiteral("--metric") << metric;
    const Result r = compare(args);
    QVERIFY2(r.code == code, r.err.constData());
    QVERIFY(r.err.contains(code ? "FAIL" : "pass"));
}

void TestCompareCli::latestAndRunIds()
{
    // Two eager float32 runs (1 and 4): --latest keeps the newest.
    const Result r = compare(sides("mode=eager,dtype=float32", "run=2") +
                             QStringList{QStringLiteral("--latest"), QStringLiteral("--format"),
                                         QStringLiteral("json")});
    QCOMPARE(r.code, 0);
    QCOMPARE(json::parse(r.out.toStdString())["baseline"]["runs"], json::array({m_ids[3]}));
    const Result pooled = compare(sides("mode=eager,dtype=float32", "run=2-3") +
                                  QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    const json p = json::parse(pooled.out.toStdString());
    QCOMPARE(p["baseline"]["runs"], json::array({m_ids[0], m_ids[3]}));
    QCOMPARE(p["candidate"]["samples"].get<int>(), 400);
}

void TestCompareCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString db = QStringLiteral("%DB%");
    QTest::newRow("no --db") << QStringList{QStringLiteral("--baseline"), QStringLiteral("run=1"),
                                            QStringLiteral("--candidate"), QStringLiteral("run=2")}
                             << "compare needs --db";
    QTest::newRow("no candidate") << QStringList{QStringLiteral("--db"), db,
                                                 QStringLiteral("--baseline"),
                                                 QStringLiteral("run=1")}
                                  << "compare needs --db";
    QTest::newRow("missing database")
        << QStringList{QStringLiteral("--db"),        QStringLiteral("/nonexistent/x.sqlite"),
                       QStringLiteral("--baseline"),  QStringLiteral("run=1"),
                       QStringLiteral("--candidate"), QStringLiteral("run=2")}
        << "no database at";
    QTest::newRow("foreign file") << QStringList{QStringLiteral("--db"),
                                                 QStringLiteral("%FOREIGN%"),
                                                 QStringLiteral("--baseline"),
                                                 QStringLiteral("run=1"),
                                                 QStringLiteral("--candidate"),
                                                 QStringLiteral("run=2")}
                                  << "cannot open database";
    auto with = [&](const char *b, const char *c, const QStringList &more) {
        return QStringList{QStringLiteral("--db"),        db,
                           QStringLiteral("--baseline"),  QLatin1String(b),
                           QStringLiteral("--candidate"), QLatin1String(c)} +
               more;
    };
    QTest::newRow("unknown key") << with("colour=red", "run=2", {}) << "unknown key 'colour'";
    QTest::newRow("bad run id") << with("run=x", "run=2", {}) << "is not a run id";
    QTest::newRow("empty side") << with("run=1", "mode=nosuch", {})
                                << "no run matches the candidate selection";
    QTest::newRow("unknown format")
        << with("run=1", "run=2", {QStringLiteral("--format"), QStringLiteral("xml")})
        << "unknown format 'xml'";
    QTest::newRow("unknown metric")
        << with("run=1", "run=2", {QStringLiteral("--metric"), QStringLiteral("max")})
        << "unknown metric 'max'";
    QTest::newRow("bad percentage")
        << with("run=1", "run=2", {QStringLiteral("--fail-if-slower"), QStringLiteral("-5")})
        << "needs a percentage";
    QTest::newRow("unknown axis") << with("run=1", "run=2",
                                          {QStringLiteral("--axis"), QStringLiteral("colour")})
                                  << "unknown factor 'colour'";
}

void TestCompareCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString foreign = m_dir.filePath(QStringLiteral("foreign.sqlite"));
    {
        QFile f(foreign);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a database at all, just text\n");
    }
    for (QString &a : args)
        a.replace(QStringLiteral("%DB%"), m_db).replace(QStringLiteral("%FOREIGN%"), foreign);
    const QByteArray dbBefore = tptest::fileHash(m_db), foreignBefore = tptest::fileHash(foreign);
    const Result r = compare(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty());
    QCOMPARE(tptest::fileHash(m_db), dbBefore);
    QCOMPARE(tptest::fileHash(foreign), foreignBefore);
}

// Server-scenario runs: `compare` carries each side's latency–throughput curve and its peak
// within the selected pilot's SLO (gate_fixture.h's probes: baseline 100 QPS, candidate 200).
void TestCompareCli::servingCurvesOfBothSides()
{
    const QString db = m_dir.filePath(QStringLiteral("serving.sqlite"));
    {
        tp::Store store(db.toStdString());
        tp::RunIngestor in(store, "fixture");
        in.feed(tptest::servingStreams());
        QCOMPARE(in.finish().runIds.size(), std::size_t(5));
    }
    const QStringList args{QStringLiteral("--db"),        db,
                           QStringLiteral("--baseline"),  QStringLiteral("mode=eager"),
                           QStringLiteral("--candidate"), QStringLiteral("mode=compiled")};
    const Result j =
        compare(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(j.code == 0, j.err.constData());
    const json got = json::parse(j.out.toStdString());
    QCOMPARE(got["serving"]["baseline"]["peak_qps"].get<double>(), 100.0);
    QCOMPARE(got["serving"]["candidate"]["peak_qps"].get<double>(), 200.0);
    QCOMPARE(got["serving"]["peak_ratio"].get<double>(), 2.0);
    QCOMPARE(got["serving"]["candidate"]["points"].size(), std::size_t(3));
    QVERIFY(!got["serving"]["candidate"]["points"][2]["within_slo"].get<bool>());
    // Nothing closed-loop to hold to a threshold: said, never a silent pass.
    QCOMPARE(
        compare(args + QStringList{QStringLiteral("--fail-if-slower"), QStringLiteral("5")}).code,
        2);
    // A side that matches no run of either kind is an empty selection, curves or not.
    const Result empty = compare({QStringLiteral("--db"), db, QStringLiteral("--baseline"),
                                  QStringLiteral("mode=eager"), QStringLiteral("--candidate"),
                                  QStringLiteral("mode=nosuch")});
    QVERIFY2(empty.code == 2 && empty.err.contains("no run matches the"), empty.err.constData());
    const Result text = compare(args);
    QVERIFY2(text.out.contains("Throughput within the SLO") &&
                 text.out.contains("candidate: peak 200 QPS"),
             text.out.constData());
}

QTEST_GUILESS_MAIN(TestCompareCli)
#include "tst_compare_cli.moc"
