// The five gates, table-driven over fixture databases built from contract streams: all evidence
// present (migrate), a failing criterion (keep), missing evidence (inconclusive), and invalid
// runs that must never count — from synthetic streams and from fixture files under tests/data/.
#include "gate_fixture.h"
#include "model/ingest/ingestor.h"
#include "model/review/gate_report.h"
#include "model/review/gates.h"
#include "review_fixture.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QtTest>

using nlohmann::json;

namespace
{

using tptest::definitions;
using tptest::FakeRun;
using tptest::recoveryStream;
using tptest::stream;

tp::GateInputs fullInputs()
{
    tp::GateInputs in;
    tp::CostModel gpu, tpu;
    gpu.acceleratorPerHour = 3;
    tpu.acceleratorPerHour = 2;
    in.baselineCost = gpu;
    in.candidateCost = tpu;
    in.rollbackPath = "keep the GPU image v41 and route traffic back";
    return in;
}

} // namespace

class TestGates : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shippedDefinitionsParse();
    void badDefinitions_data();
    void badDefinitions();
    void evaluate_data();
    void evaluate();
    void evaluateFixtureFiles_data();
    void evaluateFixtureFiles();

private:
    QTemporaryDir m_dir;
};

void TestGates::shippedDefinitionsParse()
{
    const auto d = definitions();
    QCOMPARE(d.gates.size(), std::size_t(5));
    const std::vector<std::string> order{"compatibility", "correctness", "performance",
                                         "operations", "cost"};
    for (std::size_t i = 0; i < order.size(); ++i)
        QCOMPARE(d.gates[i].id, order[i]);
}

void TestGates::badDefinitions_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QByteArray sides = R"("baseline":{"selection":{}},"candidate":{"selection":{}})";
    QTest::newRow("no name") << QByteArray("{" + sides + R"(,"gates":[]})") << "field 'name'";
    QTest::newRow("no gates") << QByteArray(R"({"name":"g",)" + sides + "}") << "field 'gates'";
    QTest::newRow("unknown criterion")
        << QByteArray(R"({"name":"g",)" + sides +
                      R"(,"gates":[{"id":"cost","criteria":["vibes"]}]})")
        << "gates[0]: unknown criterion 'vibes'";
    QTest::newRow("bad selection")
        << QByteArray(
               R"({"name":"g","baseline":{"selection":{"mode":3}},"candidate":{"selection":{}},"gates":[]})")
        << "baseline.selection.mode must be a string";
    QTest::newRow("bad slo")
        << QByteArray(
               R"({"name":"g",)" + sides +
               R"(,"slo":{"p99_seconds":"fast"},"gates":[{"id":"p","criteria":["p99_within_slo"]}]})")
        << "slo.p99_seconds";
}

void TestGates::badDefinitions()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    try {
        tp::parseGateDefinitions(json::parse(text.toStdString()), "gates.json");
        QFAIL("should have thrown");
    } catch (const tp::GateError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("gates.json")), e.what());
    }
}

void TestGates::evaluate_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QStringList>(
        "gateVerdicts"); // compatibility, correctness, performance, operations, cost
    QTest::newRow("all evidence")
        << "pass"
        << "migrate" << QString::fromLatin1("pass,pass,pass,pass,pass").split(QLatin1Char(','));
    QTest::newRow("precision fails")
        << "precision"
        << "keep" << QString::fromLatin1("pass,fail,pass,pass,fail").split(QLatin1Char(','));
    QTest::newRow("p99 above SLO")
        << "slow"
        << "keep" << QString::fromLatin1("pass,pass,fail,pass,pass").split(QLatin1Char(','));
    QTest::newRow("unsupported op")
        << "unsupported"
        << "keep" << QString::fromLatin1("fail,pass,pass,pass,pass").split(QLatin1Char(','));
    // The compiled candidate ran one catalog shape eagerly after a recompile limit: no evidence
    // for that shape in compiled mode.
    QTest::newRow("eager fallback")
        << "fallback"
        << "keep" << QString::fromLatin1("fail,pass,pass,pass,pass").split(QLatin1Char(','));
    // A float32 candidate failing precision under reduced matmul precision: the mode is named.
    QTest::newRow("precision fails, reduced matmul")
        << "reduced"
        << "keep" << QString::fromLatin1("pass,fail,pass,pass,fail").split(QLatin1Char(','));
    QTest::newRow("no rollback, no cost")
        << "insufficient"
        << "inconclusive"
        << QString::fromLatin1("pass,pass,pass,insufficient,insufficient").split(QLatin1Char(','));
    // TorchTPU's sign of a CPU fallback: copy operators the baseline does not have.
    QTest::newRow("host round-trips")
        << "roundtrip"
        << "keep" << QString::fromLatin1("fail,pass,pass,pass,pass").split(QLatin1Char(','));
    QTest::newRow("no candidate profile")
        << "noprofile"
        << "inconclusive"
        << QString::fromLatin1("insufficient,pass,pass,pass,pass").split(QLatin1Char(','));
    // Too noisy to time: its timings never count, but its precision verdict does (like its
    // finiteness) — correctness does not depend on timing noise.
    QTest::newRow("candidate invalid")
        << "invalid"
        << "keep"
        << QString::fromLatin1("insufficient,fail,insufficient,pass,insufficient")
               .split(QLatin1Char(','));
    QTest::newRow("candidate invalid, precise")
        << "invalid-precise"
        << "inconclusive"
        << QString::fromLatin1("insufficient,pass,insufficient,pass,insufficient")
               .split(QLatin1Char(','));
}

void TestGates::evaluate()
{
    QFETCH(QString, scenario);
    QFETCH(QString, decision);
    QFETCH(QStringList, gateVerdicts);
    tp::Store store(m_dir.filePath(scenario + QStringLiteral(".sqlite")).toStdString());
    FakeRun base{"base"};
    FakeRun cand{"cand", "compiled"};
    cand.sps = 150000; // 1.5× the baseline
    if (scenario == QLatin1String("precision") || scenario == QLatin1String("reduced"))
        cand.precision = "fail";
    if (scenario == QLatin1String("reduced"))
        base.matmul = "highest", cand.matmul = "medium";
    if (scenario == QLatin1String("fallback"))
        cand.eagerFallback = true;
    if (scenario == QLatin1String("slow"))
        cand.p99 = 0.006; // SLO is 5 ms
    if (scenario == QLatin1String("roundtrip"))
        cand.toCopies = 3;
    if (scenario == QLatin1String("noprofile"))
        cand.copies = -1;
    if (scenario.startsWith(QLatin1String("invalid")))
        cand.valid = false, cand.p99 = 0.006; // the slow p99 would fail — but never counts
    if (scenario == QLatin1String("invalid"))
        cand.precision = "fail"; // counts: a precision verdict is not a timing
    std::string all = stream(base) + stream(cand) + recoveryStream() + tptest::servingStreams();
    if (scenario == QLatin1String("unsupported")) {
        FakeRun broken{"broken", "compiled"};
        broken.status = "failed";
        broken.error =
            "NotImplementedError: Could not run 'aten::foo' with arguments from the 'TPU' backend";
        broken.shapes = false;
        broken.valid = false;
        all += stream(broken);
    }
    tp::RunIngestor in(store, "fixture");
    in.feed(all);
    const auto ingest = in.finish();
    QVERIFY2(ingest.warnings.empty(),
             ingest.warnings.empty() ? "" : ingest.warnings.front().c_str());

    tp::GateInputs inputs =
        scenario == QLatin1String("insufficient") ? tp::GateInputs{} : fullInputs();
    const tp::GateReport report = tp::evaluateGates(definitions(), store, inputs);
    QStringList got;
    for (const auto &g : report.gates)
        got << QString::fromStdString(tp::verdictName(g.verdict));
    const QString dump = QString::fromStdString(report.toJson().dump(1));
    if (got != gateVerdicts)
        qInfo().noquote() << dump; // the whole report, to see which criterion disagreed
    QVERIFY2(got == gateVerdicts, qPrintable(got.join(QLatin1Char(','))));
    QCOMPARE(QString::fromStdString(tp::decisionName(report.decision)), decision);
    // Every criterion names the runs it used, or says why there were none.
    for (const auto &g : report.gates)
        for (const auto &c : g.criteria)
            QVERIFY2(!c.runIds.empty() || c.verdict != tp::Verdict::Pass ||
                         !c.detail.english().empty(),
                     c.id.c_str());
    auto detailOf = [&report](const char *id) {
        for (const auto &g : report.gates)
            for (const auto &c : g.criteria)
                if (c.id == id)
                    return c.detail.english();
        return std::string();
    };
    if (scenario == QLatin1String("roundtrip"))
        QCOMPARE(
            detailOf("no_host_round_trips"),
            std::string("mlp: 5 host↔device copies per call in candidate run(s) 2 against 2 in "
                        "baseline run(s) 1 (aten::_to_copy ×15, aten::copy_ ×10)"));
    if (scenario == QLatin1String("noprofile"))
        QVERIFY2(detailOf("no_host_round_trips").find("--profile-steps") != std::string::npos,
                 detailOf("no_host_round_trips").c_str());
    if (scenario == QLatin1String("pass"))
        QCOMPARE(detailOf("no_host_round_trips"),
                 std::string("no host round-trips beyond the baseline's in 1 profiled candidate "
                             "run(s) (2 copy operators per call)"));
    if (scenario == QLatin1String("fallback"))
        QVERIFY2(detailOf("catalog_shapes_in_required_modes") ==
                     "compiled ran 1 of 2 shapes eagerly after a recompile limit (run(s) 2)",
                 detailOf("catalog_shapes_in_required_modes").c_str());
    if (scenario == QLatin1String("reduced"))
        QVERIFY2(detailOf("precision_within_policy") ==
                     "1 of 1 candidate run(s) outside the precision policy; float32 matmuls at "
                     "reduced precision in run(s) 2 (medium)",
                 detailOf("precision_within_policy").c_str());
    if (scenario == QLatin1String("precision")) {
        const std::string precisionDetail = detailOf("precision_within_policy");
        QVERIFY2(precisionDetail.find("reduced") == std::string::npos, precisionDetail.c_str());
    }
    if (scenario == QLatin1String("invalid")) {
        const long long candId = *store.runIdForExecutionKey("cand@1");
        QCOMPARE_EQ(std::count(report.excludedInvalidRuns.begin(), report.excludedInvalidRuns.end(),
                               candId),
                    1);
        // Its timings are not evidence; its precision verdict is (and is the failure).
        for (const auto &g : report.gates)
            for (const auto &c : g.criteria)
                if (c.id == "p99_within_slo" || c.id == "precision_within_policy")
                    QVERIFY2(std::count(c.runIds.begin(), c.runIds.end(), candId) ==
                                 (c.id == "precision_within_policy" ? 1 : 0),
                             c.id.c_str());
    }
}

// The same verdicts from fixture files under tests/data/, imported as a user would.
void TestGates::evaluateFixtureFiles_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<bool>("withInputs");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("gateVerdicts");
    QTest::addColumn<QString>("excluded"); // runs left out as invalid evidence
    QTest::newRow("pass: review pilot")
        << QStringList{QStringLiteral("review_pilot.jsonl")} << true << "migrate"
        << "pass,pass,pass,pass,pass"
        << "";
    QTest::newRow("fail: p99 above SLO") << QStringList{QStringLiteral("review_pilot.jsonl"),
                                                        QStringLiteral("review_slow_run.jsonl")}
                                         << true << "keep"
                                         << "pass,pass,fail,pass,pass"
                                         << "";
    QTest::newRow("insufficient: no inputs")
        << QStringList{QStringLiteral("review_pilot.jsonl")} << false << "inconclusive"
        << "pass,pass,pass,insufficient,insufficient"
        << "";
    // A failed candidate counts as a failure even though it is not valid timing evidence.
    QTest::newRow("fail: non-finite candidate")
        << QStringList{QStringLiteral("two_runs.jsonl")} << true << "keep"
        << "insufficient,fail,insufficient,insufficient,insufficient"
        << "1,2";
    QTest::newRow("invalid: truncated run")
        << QStringList{QStringLiteral("truncated_run.jsonl")} << true << "inconclusive"
        << "insufficient,insufficient,insufficient,insufficient,insufficient"
        << "1";
}

void TestGates::evaluateFixtureFiles()
{
    QFETCH(QStringList, files);
    QFETCH(bool, withInputs);
    QFETCH(QString, decision);
    QFETCH(QString, gateVerdicts);
    QFETCH(QString, excluded);
    const QString tag =
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
    tp::Store store(m_dir.filePath(QStringLiteral("files-%1.sqlite").arg(tag)).toStdString());
    for (const QString &f : files)
        tp::importFile(store, tptest::dataFile(f.toUtf8().constData()).toStdString());
    if (files.contains(QStringLiteral("review_pilot.jsonl"))) { // each side's peak search
        tp::RunIngestor serving(store, "fixture");
        serving.feed(tptest::servingStreams());
        serving.finish();
    }
    const tp::GateReport report =
        tp::evaluateGates(definitions(), store, withInputs ? fullInputs() : tp::GateInputs{});
    QStringList got;
    for (const auto &g : report.gates)
        got << QString::fromStdString(tp::verdictName(g.verdict));
    if (got.join(QLatin1Char(',')) != gateVerdicts)
        qInfo().noquote() << QString::fromStdString(report.toJson().dump(1));
    QCOMPARE(got.join(QLatin1Char(',')), gateVerdicts);
    QCOMPARE(QString::fromStdString(tp::decisionName(report.decision)), decision);
    QStringList ids;
    for (long long id : report.excludedInvalidRuns)
        ids << QString::number(id);
    QCOMPARE(ids.join(QLatin1Char(',')), excluded);
}

QTEST_APPLESS_MAIN(TestGates)
#include "tst_gates.moc"
