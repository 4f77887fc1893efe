// What changed since the last recorded decision, table-driven from review_pilot.jsonl (every gate
// passes): a run added, a run invalidated, cost inputs changed (with and without a verdict
// change), new definitions, a rollback path removed — each lists exactly its changes.
#include "gate_fixture.h"
#include "model/ingest/ingestor.h"
#include "model/session/evaluate_review.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "review_fixture.h"

#include "test_util.h"
#include <QTemporaryDir>

#include <QtTest>
#include <SQLiteCpp/SQLiteCpp.h>

using namespace tptest;

class TestReviewDiff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void changesSinceLastReview_data();
    void changesSinceLastReview();
    void diffOfDocuments_data();
    void diffOfDocuments();

private:
    QTemporaryDir m_dir;
};

void TestReviewDiff::changesSinceLastReview_data()
{
    QTest::addColumn<QString>("mutation");
    QTest::addColumn<QStringList>("expected");
    // Starting from review_pilot.jsonl, where every gate passes (ids: 1 eager baseline, 2 compiled
    // candidate, 3 recovery fault test), and each side's peak search (4-8, servingStreams()); the
    // slow run becomes 9.
    QTest::newRow("run added")
        << "add"
        << QStringList{
               QStringLiteral("decision: migrate -> keep"),
               QStringLiteral(
                   "criterion catalog_shapes_in_required_modes: runs 1,2,3 -> runs 1,2,3,9"),
               QStringLiteral("criterion no_unsupported_op_failures: runs 2,3 -> runs 2,3,9"),
               QStringLiteral("criterion outputs_finite: runs 2,3 -> runs 2,3,9"),
               QStringLiteral("criterion precision_within_policy: runs 2 -> runs 2,9"),
               QStringLiteral("gate performance: pass -> fail"),
               QStringLiteral("criterion p99_within_slo: pass -> fail"),
               QStringLiteral("criterion p99_within_slo: runs 2 -> runs 9"), // a failure names the
                                                                             // failing runs
               // The slow run's samples pooled with the fast one's: the throughput interval
               // now straddles the required ratio.
               QStringLiteral("criterion throughput_vs_baseline: pass -> insufficient"),
               QStringLiteral("criterion throughput_vs_baseline: runs 1,2 -> runs 1,2,9"),
               QStringLiteral("criterion cold_start_and_recompile_reported: runs 2 -> runs 2,9"),
               QStringLiteral("criterion no_progress_alerts_absent: runs 2,3 -> runs 2,3,9"),
               QStringLiteral("criterion cost_per_useful_result_not_worse: runs 1,2 -> runs 1,2,9"),
               QStringLiteral("run_added 9:  -> review-compiled-slow (ok, valid)")};
    QTest::newRow("run becomes invalid")
        << "invalidate"
        << QStringList{
               QStringLiteral("decision: migrate -> inconclusive"),
               QStringLiteral("gate compatibility: pass -> insufficient"),
               QStringLiteral("criterion catalog_shapes_in_required_modes: pass -> insufficient"),
               QStringLiteral("criterion catalog_shapes_in_required_modes: runs 1,2,3 -> runs 1,3"),
               // Its precision verdict still counts: correctness does not depend on noise.
               QStringLiteral("gate performance: pass -> insufficient"),
               QStringLiteral("criterion p99_within_slo: pass -> insufficient"),
               QStringLiteral("criterion p99_within_slo: runs 2 -> no runs"),
               QStringLiteral("criterion throughput_vs_baseline: pass -> insufficient"),
               QStringLiteral("criterion throughput_vs_baseline: runs 1,2 -> runs 1"),
               QStringLiteral("criterion cold_start_and_recompile_reported: pass -> insufficient"),
               QStringLiteral("criterion cold_start_and_recompile_reported: runs 2 -> no runs"),
               QStringLiteral("gate cost: pass -> insufficient"),
               QStringLiteral("criterion cost_per_useful_result_not_worse: pass -> insufficient"),
               QStringLiteral("criterion cost_per_useful_result_not_worse: runs 1,2 -> runs 1"),
               QStringLiteral("run_changed 2: valid=true; validity_reasons=[] -> valid=false; "
                              "validity_reasons=[\"too noisy\"]")};
    QTest::newRow("cost input changes")
        << "cost"
        << QStringList{
               QStringLiteral("decision: migrate -> keep"),
               QStringLiteral(
                   "inputs candidate_cost: accelerator_per_hour=2.0 -> accelerator_per_hour=6.0"),
               QStringLiteral("gate cost: pass -> fail"),
               QStringLiteral("criterion cost_per_useful_result_not_worse: pass -> fail")};
    QTest::newRow("cost input changes, verdict holds")
        << "cheaper"
        << QStringList{
               QStringLiteral(
                   "inputs candidate_cost: accelerator_per_hour=2.0 -> accelerator_per_hour=1.0"),
               // One hour per run, 64 000 useful results each: 3.4, 2.4 and 1.4 USD an hour.
               QStringLiteral("criterion cost_per_useful_result_not_worse: cost per useful result: "
                              "candidate 0.003125 vs "
                              "baseline 0.004427 USD -> cost per useful result: candidate 0.001823 "
                              "vs baseline 0.004427 USD")};
    QTest::newRow("definitions version")
        << "definitions" << QStringList{QStringLiteral("definitions: default@2 -> default@3")};
    QTest::newRow("rollback removed")
        << "rollback"
        << QStringList{
               QStringLiteral("decision: migrate -> inconclusive"),
               QStringLiteral("inputs rollback_path: route traffic back to the GPU pool -> none"),
               QStringLiteral("gate operations: pass -> insufficient"),
               QStringLiteral("criterion rollback_path_recorded: pass -> insufficient")};
    QTest::newRow("nothing") << "none" << QStringList{};
}

void TestReviewDiff::changesSinceLastReview()
{
    QFETCH(QString, mutation);
    QFETCH(QStringList, expected);
    tp::Store store(m_dir.filePath(QStringLiteral("diff-%1.sqlite").arg(mutation)).toStdString(),
                    tptest::fixturePolicy());
    importFiles(store, {QStringLiteral("review_pilot.jsonl")});
    {
        tp::RunIngestor serving(store, "fixture");
        serving.feed(tptest::servingStreams());
        serving.finish();
    }
    tp::ReviewStore reviews(store);
    reviews.saveInputs(fullInputs());
    auto defs = definitions();
    const auto before = tp::evaluateReview(store, defs);
    QVERIFY(!before.lastReview);
    QCOMPARE(tp::decisionName(before.report.decision), std::string("migrate")); // every gate passes
    QVERIFY(before.changesSinceLastReview.empty());
    const auto snapshot =
        reviews.recordDecision(before.report, before.evidence, "alice", "first look");
    QCOMPARE(snapshot.evidenceHash, before.evidenceHash);

    if (mutation == QLatin1String("add")) {
        importFiles(store, {QStringLiteral("review_slow_run.jsonl")}); // p99 above the 5 ms SLO
    } else if (mutation == QLatin1String("invalidate")) {
        tp::StoreConnection::of(store).exec(
            "UPDATE runs SET valid = 0, validity_reasons = '[\"too noisy\"]' "
            "WHERE execution_key = 'review-compiled'");
    } else if (mutation == QLatin1String("cost")) {
        auto in = fullInputs();
        in.candidateCost = cost("tpu", 6); // now dearer per useful result than the GPU
        reviews.saveInputs(in);
    } else if (mutation == QLatin1String("cheaper")) {
        auto in = fullInputs();
        in.candidateCost = cost("tpu", 1);
        reviews.saveInputs(in);
    } else if (mutation == QLatin1String("rollback")) {
        auto in = fullInputs();
        in.rollbackPath.clear();
        reviews.saveInputs(in);
    }
    if (mutation == QLatin1String("definitions"))
        defs.version = 3;
    const auto after = tp::evaluateReview(store, defs);
    QVERIFY(after.lastReview);
    QCOMPARE(after.lastReview->id, snapshot.id);
    QCOMPARE(after.lastReview->reviewer, std::string("alice"));
    const QStringList got = changeList(after.changesSinceLastReview);
    if (got != expected)
        qInfo().noquote() << got.join(QLatin1Char('\n'));
    QCOMPARE(got, expected);
    QCOMPARE(after.evidenceHash == before.evidenceHash, mutation == QLatin1String("none"));
    QCOMPARE(changeList(tp::diffEvidence(before.evidence, after.evidence)), expected);
    // The stored snapshot is the evidence that was hashed, byte for byte.
    QCOMPARE(tp::evidenceHash(after.lastReview->evidence), before.evidenceHash);
}

// Cases a database rarely produces: a run no longer used, gates and criteria that appear or
// disappear with other definitions, a cost model replaced by another, missing fields.
void TestReviewDiff::diffOfDocuments_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("same") << QByteArray(R"({"decision":"keep","runs":[{"id":1}]})")
                          << QByteArray(R"({"decision":"keep","runs":[{"id":1}]})")
                          << QStringList{};
    QTest::newRow("run removed")
        << QByteArray(
               R"({"runs":[{"id":1,"execution_key":"a","status":"ok","valid":true},{"id":2}]})")
        << QByteArray(R"({"runs":[{"id":2}]})")
        << QStringList{QStringLiteral("run_removed 1: a (ok, valid) -> ")};
    QTest::newRow("summary field")
        << QByteArray(R"({"runs":[{"id":3,"summary":{"p99_seconds":0.001,"finite":true}}]})")
        << QByteArray(R"({"runs":[{"id":3,"summary":{"p99_seconds":0.002,"finite":true}}]})")
        << QStringList{QStringLiteral(
               "run_changed 3: summary.p99_seconds=0.001 -> summary.p99_seconds=0.002")};
    QTest::newRow("gates differ")
        << QByteArray(
               R"({"gates":[{"id":"a","verdict":"pass","criteria":[{"id":"x","verdict":"pass"}]}]})")
        << QByteArray(
               R"({"gates":[{"id":"a","verdict":"pass","criteria":[{"id":"y","verdict":"fail"}]},{"id":"b","verdict":"fail"}]})")
        << QStringList{QStringLiteral("criterion y: none -> fail"),
                       QStringLiteral("criterion x: pass -> none"),
                       QStringLiteral("gate b: none -> fail")};
    QTest::newRow("cost model replaced")
        << QByteArray(R"({"inputs":{"baseline_cost":{"name":"gpu"}}})")
        << QByteArray(R"({"inputs":{"baseline_cost":null}})")
        << QStringList{QStringLiteral("inputs baseline_cost: gpu -> none")};
    QTest::newRow("not documents") << QByteArray("[]") << QByteArray("null") << QStringList{};
}

void TestReviewDiff::diffOfDocuments()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QFETCH(QStringList, expected);
    const auto b = nlohmann::json::parse(before.toStdString()),
               a = nlohmann::json::parse(after.toStdString());
    QCOMPARE(changeList(tp::diffEvidence(b, a)), expected);
}

QTEST_GUILESS_MAIN(TestReviewDiff)
#include "tst_review_diff.moc"
