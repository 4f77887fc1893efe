// A batch job end to end (model/analysis/batch_job.h) with known answers: a run whose every part
// is written out sums to its wall time plus the waits and the lost attempts before it; timed
// parts beyond the wall clock are named as an overrun, never a negative part; a retry chain is
// followed back (a cycle ends it); generated extreme values (NaN, ±inf, negative, beyond the
// physical range) never give a negative, non-finite or unbalanced breakdown. The projection
// against a batch window passes, fails or stays insufficient exactly where the interval says.
#include "memory_evidence.h"
#include "model/analysis/batch_job.h"
#include "model/analysis/compare_report.h"
#include "model/analysis/retrieval.h"
#include "model/contract/contract.h"
#include "model/contract/frozen_sample.h"
#include "model/contract/model_texts.h"
#include "model/contract/safetensors.h"
#include "model/pilot/pilot.h"
#include "model/review/gate_report.h"
#include "model/review/next_evidence.h"
#include "model/review/review.h"

#include <QtTest>

#include <sys/stat.h>

#include <cmath>
#include <limits>
#include <random>

namespace
{
double partSum(const tp::EndToEnd &e)
{
    double sum = 0;
    for (tp::BreakdownPart p : tp::breakdownParts())
        sum += e.part(p);
    return sum;
}

tp::RunRecord run(long long id, const std::string &key, double wall, const std::string &retryOf)
{
    tp::RunRecord r;
    r.id = id;
    r.executionKey = key;
    r.retryOf = retryOf;
    r.status = "ok";
    r.wallSeconds = wall;
    return r;
}

// A valid single-stream encoder run of one side: `fixed` seconds beyond its 20 steady samples of
// `seconds` each at batch 10.
tp::RunRecord &sideRun(tptest::MemoryEvidence &ev, long long id, const std::string &mode,
                       double fixed, double seconds)
{
    tp::RunRecord r = run(id, "x" + std::to_string(id), fixed + 20 * seconds, "");
    r.workload = "encoder";
    r.mode = mode;
    r.dtype = "float32";
    r.device = "cpu";
    r.complete = true;
    r.valid = true;
    r.batch = 10;
    r.sampleCount = 20;
    r.samplesPerSecond = 10 / seconds;
    r.startedAt = "2026-12-07T00:00:" + std::to_string(10 + id) + "Z";
    ev.setSamples(id, tp::phase::Steady, std::vector<double>(20, seconds));
    return ev.add(r);
}

tp::PilotDefinition batchPilot(long long items, double window)
{
    tp::PilotDefinition p = tp::defaultPilot();
    p.name = "nightly";
    p.workload = "encoder";
    p.batchJob.catalogItems = items;
    p.batchJob.windowSeconds = window;
    p.batchJob.sampleItems = 256;
    p.batchJob.sampleSeed = 7;
    return p;
}

const tp::CriterionResult *criterion(const tp::GateReport &r, const std::string &id)
{
    for (const auto &g : r.gates)
        for (const auto &c : g.criteria)
            if (c.id == id)
                return &c;
    return nullptr;
}

std::vector<tp::TimedSample> constant(std::size_t n, double seconds, double batch)
{
    return std::vector<tp::TimedSample>(n, tp::TimedSample{seconds, batch});
}
} // namespace

class TestBatchJob : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyPartWrittenOutSumsToTheWall();
    void partsBeyondTheWallClockAreAnOverrun();
    void aRetryCycleEnds();
    void generatedExtremeValuesStayBalanced();
    void deadlinePassesFailsOrStaysOpen();
    void noisySamplesWidenTheInterval();
    void missingEvidenceIsInsufficient();
    void pilotBatchJobRoundTripsAndIsBounded();
    void gateJudgesTheCandidatesWindow();
    void groupsCountEachAttemptOnce();
    void compareCarriesTheBreakdown();
    void recallGateReadsTheOutputsBack();
};

void TestBatchJob::everyPartWrittenOutSumsToTheWall()
{
    tptest::MemoryEvidence ev;
    // Two lost attempts (4 s; 5 s after a 1 s queue wait), then the run that counts.
    ev.add(run(1, "e1", 4.0, ""));
    ev.add(run(2, "e2", 5.0, "e1"));
    ev.setQueueWait(2, 1.0);
    tp::RunRecord r = run(3, "e3", 10.0, "e2");
    r.summaryJson = R"({"prepare_seconds":1.5,"compile_seconds":2.0})";
    r.firstCallSeconds = 2.25;
    ev.add(r);
    ev.setSamples(3, tp::phase::Warmup, {0.25, 0.25});
    ev.setSamples(3, tp::phase::Steady, {0.5, 0.5, 0.5, 0.5});
    ev.addEvent(3, tp::ev::Checkpoint, R"({"step":10,"seconds":0.5})");
    ev.addEvent(3, tp::ev::Checkpoint, R"({"step":20,"seconds":0.25})");
    ev.setQueueWait(3, 2.0);
    ev.setCapacityWait(3, 1.0);

    const auto e = tp::endToEnd(ev, r, ev.listRuns());
    QVERIFY(e);
    QCOMPARE(e->capacityWait, 3.0);
    QCOMPARE(e->lostAttempts, 10.0);
    QCOMPARE(e->attemptsLost, std::size_t(2));
    QCOMPARE(e->lostRuns, (std::vector<long long>{1, 2}));
    QCOMPARE(e->preparation, 1.5);
    QCOMPARE(e->compile, 2.0);
    QCOMPARE(e->warmup, 0.75); // the first call's 0.25 beyond compile + 2 × 0.25
    QCOMPARE(e->steady, 2.0);
    QCOMPARE(e->checkpoint, 0.75);
    QCOMPARE(e->other, 3.0); // 10 − (1.5 + 2 + 0.75 + 2 + 0.75)
    QCOMPARE(e->overrun, 0.0);
    QCOMPARE(e->wall, 23.0); // 3 waiting + 10 lost + the run's own 10
    QCOMPARE(partSum(*e), e->wall);

    // Without a wall clock there is no breakdown.
    tp::RunRecord bare = run(4, "e4", 0, "");
    bare.wallSeconds.reset();
    QVERIFY(!tp::endToEnd(ev, bare, ev.listRuns()));
}

void TestBatchJob::partsBeyondTheWallClockAreAnOverrun()
{
    tp::RunTimes t;
    t.wallSeconds = 3.0;
    t.prepareSeconds = 1.0;
    t.steadySeconds = 2.5;
    const tp::EndToEnd e = tp::endToEnd(7, t, {});
    QCOMPARE(e.other, 0.0);
    QCOMPARE(e.overrun, 0.5);
    QCOMPARE(e.wall, 3.5);
    QCOMPARE(partSum(e), e.wall);
}

void TestBatchJob::aRetryCycleEnds()
{
    tptest::MemoryEvidence ev;
    ev.add(run(1, "a", 1.0, "b"));
    ev.add(run(2, "b", 2.0, "a"));
    const tp::RunRecord r = run(3, "c", 3.0, "b");
    ev.add(r);
    const auto e = tp::endToEnd(ev, r, ev.listRuns());
    QVERIFY(e);
    QCOMPARE(e->lostRuns, (std::vector<long long>{1, 2})); // b, then a, whose retry_of b is seen
    QCOMPARE(e->lostAttempts, 3.0);
    QCOMPARE(partSum(*e), e->wall);
    // A run naming itself loses nothing.
    const tp::RunRecord self = run(4, "d", 1.0, "d");
    ev.add(self);
    QCOMPARE(tp::endToEnd(ev, self, ev.listRuns())->attemptsLost, std::size_t(0));
}

void TestBatchJob::generatedExtremeValuesStayBalanced()
{
    const double extremes[] = {std::numeric_limits<double>::quiet_NaN(),
                               std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(),
                               -1.0,
                               0.0,
                               1e-300,
                               1e-12,
                               1e7,
                               1e7 * (1 + 1e-9),
                               1e300,
                               std::numeric_limits<double>::max()};
    std::mt19937_64 rng(43);
    std::uniform_int_distribution<std::size_t> pick(0, std::size(extremes));
    std::uniform_real_distribution<double> ordinary(0.0, 100.0);
    const auto value = [&] {
        const std::size_t i = pick(rng);
        return i == std::size(extremes) ? ordinary(rng) : extremes[i];
    };
    for (int n = 0; n < 20000; ++n) {
        tp::RunTimes t;
        for (double *f : {&t.wallSeconds, &t.queueWait, &t.capacityWait, &t.prepareSeconds,
                          &t.compileSeconds, &t.firstCallSeconds, &t.warmupSeconds,
                          &t.steadySeconds, &t.medianSeconds, &t.checkpointSeconds})
            *f = value();
        const tp::EndToEnd e = tp::endToEnd(1, t, {{2, value()}, {3, value()}});
        for (tp::BreakdownPart p : tp::breakdownParts()) {
            QVERIFY2(std::isfinite(e.part(p)) && e.part(p) >= 0, tp::breakdownKey(p));
            QVERIFY(e.part(p) <= 1e7 * 2); // a part is at most a recorded duration, or two
        }
        QVERIFY(std::isfinite(e.overrun) && e.overrun >= 0);
        QVERIFY(std::abs(partSum(e) - e.wall) <= 1e-9 * std::max(1.0, e.wall));
    }
}

void TestBatchJob::deadlinePassesFailsOrStaysOpen()
{
    // Fixed costs 30 s and 50 s (median 40); 20 samples/s exactly: 1000 items take 50 s.
    tp::EndToEnd a, b;
    a.wall = 40;
    a.steady = 10;
    b.wall = 60;
    b.steady = 10;
    const auto steady = constant(50, 0.5, 10);
    const auto at = [&](double window) {
        return tp::projectDeadline({1000, window}, {a, b}, steady);
    };
    const tp::DeadlineProjection p = at(100);
    QVERIFY(p.measured);
    QCOMPARE(p.fixedSeconds.point, 40.0);
    QCOMPARE(p.fixedSeconds.low, 30.0);
    QCOMPARE(p.fixedSeconds.high, 50.0);
    QCOMPARE(p.itemSeconds.point, 0.05);
    QCOMPARE(p.totalSeconds.point, 90.0);
    QCOMPARE(p.totalSeconds.low, 80.0);
    QCOMPARE(p.totalSeconds.high, 100.0);
    QCOMPARE(p.runs, std::size_t(2));
    QCOMPARE(p.samples, std::size_t(50));
    QCOMPARE(p.verdict, tp::DeadlineProjection::Verdict::Pass); // even the high end fits
    QCOMPARE(at(79.5).verdict, tp::DeadlineProjection::Verdict::Fail);
    QCOMPARE(at(90).verdict, tp::DeadlineProjection::Verdict::Insufficient);
    QCOMPARE(at(80).verdict, tp::DeadlineProjection::Verdict::Insufficient);
}

void TestBatchJob::noisySamplesWidenTheInterval()
{
    tp::EndToEnd e;
    e.wall = 12;
    e.steady = 2;
    std::vector<tp::TimedSample> steady(200);
    for (std::size_t i = 0; i < steady.size(); ++i)
        steady[i] = {i % 2 ? 0.4 : 0.6, 10};
    const auto p = tp::projectDeadline({10000, 1e6}, {e}, steady);
    QVERIFY(p.measured);
    QCOMPARE(p.itemSeconds.point, 0.05); // Σbatch / Σseconds: 2000 / 100
    QVERIFY(p.itemSeconds.low < p.itemSeconds.point && p.itemSeconds.point < p.itemSeconds.high);
    QVERIFY(p.totalSeconds.low < p.totalSeconds.point);
    QCOMPARE(p.verdict, tp::DeadlineProjection::Verdict::Pass);
    // A window inside the interval is not decided by it.
    const auto open = tp::projectDeadline({10000, p.totalSeconds.point}, {e}, steady);
    QCOMPARE(open.verdict, tp::DeadlineProjection::Verdict::Insufficient);
}

void TestBatchJob::missingEvidenceIsInsufficient()
{
    tp::EndToEnd e;
    e.wall = 5;
    e.steady = 1;
    const auto none = tp::projectDeadline({10, 1e6}, {}, constant(10, 0.1, 1));
    QVERIFY(!none.measured);
    QCOMPARE(none.verdict, tp::DeadlineProjection::Verdict::Insufficient);
    const auto one = tp::projectDeadline({10, 1e6}, {e}, constant(1, 0.1, 1));
    QVERIFY(!one.measured);
    QCOMPARE(one.verdict, tp::DeadlineProjection::Verdict::Insufficient);
    // Measured, but no window stated: figures without a verdict.
    const auto unset = tp::projectDeadline({0, 0}, {e}, constant(10, 0.1, 1));
    QVERIFY(unset.measured);
    QCOMPARE(unset.verdict, tp::DeadlineProjection::Verdict::Insufficient);
}

void TestBatchJob::pilotBatchJobRoundTripsAndIsBounded()
{
    tp::PilotDefinition p = batchPilot(2000000, 21600);
    p.qualityKind = tp::kRecallQuality;
    p.qualityK = 10;
    p.qualityTarget = 0.95;
    const nlohmann::json j = tp::pilotToJson(p);
    QCOMPARE(j["batch_job"]["catalog_items"].get<long long>(), 2000000LL);
    QCOMPARE(j["quality"]["k"].get<long long>(), 10LL);
    const tp::PilotDefinition back = tp::parsePilot(j, "test");
    QCOMPARE(tp::pilotToJson(back), j);
    // A pilot without a batch job writes neither key: its evidence hash stays as it was.
    const nlohmann::json plain = tp::pilotToJson(tp::defaultPilot());
    QVERIFY(!plain.contains("batch_job"));
    QVERIFY(!plain["quality"].contains("k"));
    // --set reaches every field; an empty value clears one.
    tp::setPilotField(p, "batch_job.window_seconds", "3600");
    QCOMPARE(p.batchJob.windowSeconds, 3600.0);
    tp::setPilotField(p, "quality.k", "5");
    QCOMPARE(p.qualityK, 5LL);
    tp::setPilotField(p, "batch_job.sample_seed", "");
    QCOMPARE(p.batchJob.sampleSeed, 0LL);
    QVERIFY_THROWS_EXCEPTION(tp::PilotError, tp::setPilotField(p, "batch_job.nope", "1"));
    // Out of bounds, each refused with the field named.
    const auto refused = [&](const char *key, const nlohmann::json &value, const char *named) {
        nlohmann::json bad = j;
        nlohmann::json::json_pointer ptr(key);
        bad[ptr] = value;
        try {
            tp::parsePilot(bad, "pilot.json");
        } catch (const tp::PilotError &e) {
            const std::string what = e.what();
            return what.find("pilot.json") != std::string::npos &&
                   what.find(named) != std::string::npos;
        }
        return false;
    };
    QVERIFY(refused("/batch_job/window_seconds", 1e300, "window_seconds"));
    QVERIFY(refused("/batch_job/window_seconds", -1, "window_seconds"));
    QVERIFY(refused("/batch_job/catalog_items", 1.5, "catalog_items"));
    QVERIFY(refused("/batch_job/catalog_items", 1e16, "catalog_items"));
    QVERIFY(refused("/batch_job/sample_items", 4097, "sample_items"));
    QVERIFY(refused("/batch_job/sample_items", 10, "quality.k")); // k must be below the sample
    QVERIFY(refused("/batch_job/sample_hash", "abc", "sample_hash"));
    QVERIFY(refused("/batch_job", "nightly", "batch_job"));
    QVERIFY(refused("/quality/k", 0, "quality.k"));
    QVERIFY(refused("/quality/target", 1.5, "quality.target"));
    QVERIFY(refused("/quality/kind", "recall", "quality.kind"));
}

void TestBatchJob::gateJudgesTheCandidatesWindow()
{
    // Candidate: fixed 30 s and 50 s, 0.05 s per item (batch 10 in 0.5 s); baseline twice as slow
    // per item. 1000 items: candidate 80..100 s, baseline 130 s.
    tptest::MemoryEvidence ev;
    sideRun(ev, 1, "eager", 30, 1.0);
    sideRun(ev, 2, "compiled", 30, 0.5);
    sideRun(ev, 3, "compiled", 50, 0.5);
    const auto defs = tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json");
    const auto judge = [&](long long items, double window) {
        const tp::PilotDefinition pilot = batchPilot(items, window);
        tp::GateReport r = tp::evaluateGates(tp::applyPilot(defs, pilot), ev, {});
        tp::attachNextEvidence(r, pilot, ev);
        return r;
    };
    const tp::GateReport pass = judge(1000, 100);
    const tp::CriterionResult *c = criterion(pass, "batch_deadline_met");
    QVERIFY(c);
    QCOMPARE(c->verdict, tp::Verdict::Pass);
    QCOMPARE(c->runIds, (std::vector<long long>{1, 2, 3}));
    const std::string detail = c->detail.english();
    QVERIFY2(detail.find("candidate: 1000 items would take 90 s [80 s, 100 s]") !=
                 std::string::npos,
             detail.c_str());
    QVERIFY2(detail.find("baseline: 1000 items would take 130 s") != std::string::npos,
             detail.c_str());

    QCOMPARE(criterion(judge(1000, 79), "batch_deadline_met")->verdict, tp::Verdict::Fail);
    const tp::GateReport open = judge(1000, 90);
    c = criterion(open, "batch_deadline_met");
    QCOMPARE(c->verdict, tp::Verdict::Insufficient);
    QVERIFY(c->next && !c->next->runs.empty());
    QCOMPARE(c->next->runs.front().side, std::string("candidate"));
    QVERIFY(!c->next->runs.front().catalog);

    // No window stated: the reviewer's input names the command.
    tp::PilotDefinition noWindow = batchPilot(0, 0);
    noWindow.batchJob.sampleItems = 64;
    tp::GateReport r = tp::evaluateGates(tp::applyPilot(defs, noWindow), ev, {});
    tp::attachNextEvidence(r, noWindow, ev);
    c = criterion(r, "batch_deadline_met");
    QCOMPARE(c->detail, tp::Message(tp::txt::CriterionNoBatchWindow));
    QVERIFY(c->next->reviewerInput.english().find("--set batch_job.window_seconds") !=
            std::string::npos);
    // A pilot without a batch job has no such criterion.
    QVERIFY(!criterion(tp::evaluateGates(tp::applyPilot(defs, tp::defaultPilot()), ev, {}),
                       "batch_deadline_met"));
}

void TestBatchJob::groupsCountEachAttemptOnce()
{
    // Platform A: run 2 repeats invalid run 1 (both selected); platform B: run 3 alone. Run 4 is
    // still running: no execution yet.
    tptest::MemoryEvidence ev;
    tp::RunRecord a1 = run(1, "a1", 4, ""), a2 = run(2, "a2", 6, "a1"), b = run(3, "b", 5, "");
    a1.mode = a2.mode = "eager";
    b.mode = "compiled";
    for (tp::RunRecord *r : {&a1, &a2, &b}) {
        r->complete = true;
        r->device = "cpu";
        r->dtype = "float32";
        ev.add(*r);
    }
    ev.setSamples(2, tp::phase::Steady, {1, 1, 1});
    ev.setCapacityWait(3, 2);
    tp::RunRecord running = run(4, "r", 1, "");
    running.status = "running";
    ev.add(running);
    const auto groups = tp::endToEndGroups(ev, ev.listRuns());
    QCOMPARE(groups.size(), std::size_t(2));
    const tp::EndToEndGroup &eager = groups[1].mode == "eager" ? groups[1] : groups[0];
    const tp::EndToEndGroup &compiled = groups[1].mode == "eager" ? groups[0] : groups[1];
    QCOMPARE(eager.executions, std::size_t(1)); // run 1 counts inside run 2, not on its own
    QCOMPARE(eager.runIds, (std::vector<long long>{1, 2}));
    QCOMPARE(eager.total.lostAttempts, 4.0);
    QCOMPARE(eager.total.steady, 3.0);
    QCOMPARE(eager.total.wall, 10.0);
    QCOMPARE(compiled.total.capacityWait, 2.0);
    QCOMPARE(compiled.total.wall, 7.0);
    const tp::EndToEndGroup all = tp::sumGroups(groups);
    QCOMPARE(all.executions, std::size_t(2));
    QCOMPARE(all.total.wall, 17.0);
    QCOMPARE(partSum(all.total), all.total.wall);
    QCOMPARE(all.runIds, (std::vector<long long>{1, 2, 3}));
}

void TestBatchJob::compareCarriesTheBreakdown()
{
    tptest::MemoryEvidence ev;
    sideRun(ev, 1, "eager", 30, 1.0);
    sideRun(ev, 2, "compiled", 50, 0.5);
    const tp::Comparison c = tp::compareRuns(ev, {1}, {2});
    QCOMPARE(c.baselineEndToEnd.total.wall, 50.0);
    QCOMPARE(c.candidateEndToEnd.total.wall, 60.0);
    const nlohmann::json j = tp::comparisonJson(c, std::nullopt, 0.95);
    QCOMPARE(j["end_to_end"]["baseline"]["wall_seconds"].get<double>(), 50.0);
    QCOMPARE(j["end_to_end"]["candidate"]["parts"]["steady"].get<double>(), 10.0);
    QCOMPARE(j["end_to_end"]["candidate"]["parts"]["other"].get<double>(), 50.0);
    const std::string csv = tp::comparisonCsv(c, std::nullopt);
    QVERIFY2(csv.find("end_to_end,wall,50,60,") != std::string::npos, csv.c_str());
    QVERIFY(tp::comparisonMarkdown(c, std::nullopt, 0.95).find("| wall | 50 | 60 |") !=
            std::string::npos);
}

namespace
{
// 4 clusters of 3 items along e_0 … e_3 (k = 2: each item's neighbours are its cluster's other
// two), each vector scaled by a per-item factor cosine does not see.
std::vector<float> clusters()
{
    std::vector<float> v(std::size_t(48), 0.0f);
    for (std::size_t i = 0; i < 12; ++i)
        v[i * 4 + i / 3] = 1.0f + 0.1f * float(i % 5);
    return v;
}

// A run with an outputs event naming `file`, written with `values` (12 × 4).
void outputsRun(tptest::MemoryEvidence &ev, long long id, const std::string &mode,
                const std::string &file, const std::vector<float> &values)
{
    const std::string bytes =
        tp::float32MatrixSafetensors(tp::frozen::kEmbeddingsTensor, 12, 4, values);
    QFile f(QString::fromStdString(file));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes.data(), qint64(bytes.size()));
    f.close();
    tp::RunRecord &r = sideRun(ev, id, mode, 1, 0.1);
    r.startedAt = "2026-12-07T01:00:" + std::to_string(10 + id) + "Z";
    const nlohmann::json e = {{"path", file},
                              {"sha256", tp::sha256Hex(bytes)},
                              {"rows", 12},
                              {"dim", 4},
                              {"sample_seed", 7},
                              {"finite", true},
                              {"tensor", "embeddings"}};
    ev.addEvent(id, tp::frozen::kOutputsEvent, e.dump());
}
} // namespace

void TestBatchJob::recallGateReadsTheOutputsBack()
{
    QTemporaryDir dir;
    const auto file = [&](const char *name) {
        return dir.filePath(QString::fromUtf8(name)).toStdString();
    };
    std::vector<float> swapped = clusters();
    for (std::size_t d = 0; d < 4; ++d) // items 0 and 3 trade places between clusters 0 and 1
        std::swap(swapped[d], swapped[12 + d]);
    tp::PilotDefinition pilot = batchPilot(1000, 1e6);
    pilot.batchJob.sampleItems = 12;
    pilot.qualityKind = tp::kRecallQuality;
    pilot.qualityK = 2;
    pilot.qualityTarget = 0.9;
    const auto defs = tp::applyPilot(
        tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json"), pilot);
    const auto judge = [&](const tptest::MemoryEvidence &ev) {
        tp::GateReport r = tp::evaluateGates(defs, ev, {});
        tp::attachNextEvidence(r, pilot, ev);
        const tp::CriterionResult *c = criterion(r, "retrieval_recall_at_k");
        return c ? *c : tp::CriterionResult{};
    };

    tptest::MemoryEvidence same;
    outputsRun(same, 1, "eager", file("b.safetensors"), clusters());
    outputsRun(same, 2, "compiled", file("c.safetensors"), clusters());
    tp::CriterionResult c = judge(same);
    QCOMPARE(c.verdict, tp::Verdict::Pass);
    QCOMPARE(c.runIds, (std::vector<long long>{1, 2}));
    QVERIFY2(c.detail.english().find("run 2 against run 1: mean recall@2 1 over 12 items") !=
                 std::string::npos,
             c.detail.english().c_str());

    // The swapped side: queries 0 and 3 recall nothing, the four others of their clusters half,
    // the six of the other clusters everything: mean (4 × 0.5 + 6) / 12 = 2/3.
    tptest::MemoryEvidence perturbed;
    outputsRun(perturbed, 1, "eager", file("b2.safetensors"), clusters());
    outputsRun(perturbed, 2, "compiled", file("s.safetensors"), swapped);
    c = judge(perturbed);
    QCOMPARE(c.verdict, tp::Verdict::Fail);
    QVERIFY2(c.detail.english().find("mean recall@2 0.6667 over 12 items (10th percentile 0.05, "
                                     "least 0, worst items 0 (0), 3 (0), 1 (0.5)") !=
                 std::string::npos,
             c.detail.english().c_str());

    // A file changed after its run: left out, named; nothing else compared.
    QFile tampered(dir.filePath(QStringLiteral("c.safetensors")));
    QVERIFY(tampered.open(QIODevice::Append));
    tampered.write("x");
    tampered.close();
    c = judge(same);
    QCOMPARE(c.verdict, tp::Verdict::Insufficient);
    QVERIFY2(c.detail.english().find("the outputs of run 2 cannot be used: ") != std::string::npos,
             c.detail.english().c_str());
    QVERIFY(c.next && c.next->runs.size() == 2);

    // A relative path, a FIFO instead of a file: named, never read.
    tptest::MemoryEvidence odd;
    outputsRun(odd, 1, "eager", file("b3.safetensors"), clusters());
    outputsRun(odd, 2, "compiled", file("c3.safetensors"), clusters());
    odd.addEvent(2, tp::frozen::kOutputsEvent,
                 R"({"path":"c3.safetensors","sha256":"00","rows":12,"dim":4,"sample_seed":7})");
    QVERIFY(judge(odd).detail.english().find("is not an absolute path") != std::string::npos);
    const std::string fifo = file("fifo");
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    odd.addEvent(2, tp::frozen::kOutputsEvent,
                 nlohmann::json{
                     {"path", fifo}, {"sha256", "00"}, {"rows", 12}, {"dim", 4}, {"sample_seed", 7}}
                     .dump());
    QVERIFY(judge(odd).detail.english().find("not a regular file") != std::string::npos);

    // Generated hostile outputs events (rows, dim and sha256 from extreme values, paths to the
    // real file, a directory, nothing): never compared, never a crash, the run named.
    const nlohmann::json extremes[] = {-1,        0,         1,    11,      13, 4097,
                                       1LL << 31, 1LL << 62, "12", nullptr, 1.5};
    const std::string paths[] = {file("c3.safetensors"), dir.path().toStdString(), "/nonexistent"};
    std::mt19937_64 rng(43);
    for (int n = 0; n < 200; ++n) {
        tptest::MemoryEvidence hostile;
        outputsRun(hostile, 1, "eager", file("b4.safetensors"), clusters());
        outputsRun(hostile, 2, "compiled", file("c4.safetensors"), clusters());
        const auto pick = [&] { return extremes[rng() % std::size(extremes)]; };
        nlohmann::json e = {{"path", paths[rng() % std::size(paths)]},
                            {"sha256", rng() % 2 ? nlohmann::json("00") : pick()},
                            {"rows", pick()},
                            {"dim", pick()},
                            {"sample_seed", 7}};
        if (e["rows"] == 12 && e["dim"] == 4) // the sample's own shape: its file still differs
            e["sha256"] = "00";
        hostile.addEvent(2, tp::frozen::kOutputsEvent, e.dump());
        const tp::CriterionResult h = judge(hostile);
        QVERIFY2(h.verdict == tp::Verdict::Insufficient, e.dump().c_str());
    }

    // No least recall stated: the reviewer's input names the command.
    pilot.qualityTarget = 0;
    const auto open = tp::applyPilot(
        tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json"), pilot);
    tp::GateReport r = tp::evaluateGates(open, same, {});
    tp::attachNextEvidence(r, pilot, same);
    QVERIFY(criterion(r, "retrieval_recall_at_k")
                ->next->reviewerInput.english()
                .find("--set quality.target=R") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestBatchJob)
#include "tst_batch_job.moc"
