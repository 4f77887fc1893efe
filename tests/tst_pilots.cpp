// Pilots: the platform comparison stored in the database. Parsing and its errors, the pilot
// store (versions, duplicates, the last pilot, selection), gates that select runs by the
// pilot's sides over fixture databases whose sides are on different targets, devices and
// runners, unlisted differences flagged, a pilot edit shown as a change since the last review,
// and a database from before pilots migrating to the default pilot with its old verdicts.
#include "model/ingest/ingestor.h"
#include "model/review/gate_report.h"
#include "model/review/gates.h"
#include "model/session/evaluate_review.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "schema_downgrade.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>

#include <QtTest>
#include <set>

using nlohmann::json;

namespace
{

struct Run {
    std::string key, target = "local", device = "cpu", runner = "cpp", mode = "eager",
                     dtype = "float32";
    double sps = 100000;
    long long batch = 64;
};

std::string stream(const Run &r)
{
    std::string out;
    auto line = [&out](const json &j) { out += j.dump() + "\n"; };
    const json env = r.runner == "python" ? json{{"runner_kind", "python"}, {"runner", "0.3"}}
                                          : json{{"runner", "0.3"}};
    line({{"v", 1},
          {"event", "run_started"},
          {"run_key", r.key},
          {"execution_key", r.key + "@1"},
          {"workload", "mlp"},
          {"mode", r.mode},
          {"dtype", r.dtype},
          {"device", r.device},
          {"shape", {{"batch", r.batch}}},
          {"env", env}});
    std::vector<double> steady(200, double(r.batch) / r.sps);
    line({{"v", 1},
          {"event", "phase"},
          {"phase", "first_call"},
          {"batch", r.batch},
          {"seconds", {0.01}}});
    line({{"v", 1},
          {"event", "phase"},
          {"phase", "steady"},
          {"batch", r.batch},
          {"seconds", steady}});
    line({{"v", 1}, {"event", "precision"}, {"verdict", "pass"}, {"policy", "default"}});
    line({{"v", 1},
          {"event", "run_finished"},
          {"status", "ok"},
          {"summary", {{"batch", r.batch}, {"finite", true}}}});
    return out;
}

void ingest(tp::Store &store, const Run &r)
{
    tp::RunIngestor in(store, "fixture", r.target);
    in.feed(stream(r));
    in.finish();
}

tp::GateDefinitions gateFile()
{
    return tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json");
}

// The gate file as schema 6 shipped it: the sides, SLO and modes were its own.
tp::GateDefinitions schema6GateFile()
{
    QFile f(QStringLiteral(TP_SOURCE_DIR "/resources/gates/default.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    json j = json::parse(f.readAll().toStdString());
    j["baseline"] = {{"label", "current path (eager float32)"},
                     {"selection", {{"mode", "eager"}, {"dtype", "float32"}}}};
    j["candidate"] = {{"label", "candidate (compiled)"}, {"selection", {{"mode", "compiled"}}}};
    j["required_modes"] = {"eager", "compiled"};
    j["slo"] = {{"p99_seconds", 0.005}, {"min_throughput_ratio", 1.0}};
    return tp::parseGateDefinitions(j, "schema-6 gates");
}

tp::PilotDefinition gpuVsTpu()
{
    tp::PilotDefinition p = tp::defaultPilot();
    p.name = "gpu-vs-tpu";
    p.baseline = {tp::Message::verbatim("GPU a2-highgpu (current)"),
                  "gpu-ssh",
                  "cuda",
                  "python",
                  "compiled",
                  "float32",
                  0,
                  0};
    p.candidate = {tp::Message::verbatim("TPU v6e 1x1 (candidate)"),
                   "tpu-v6e",
                   "tpu",
                   "python",
                   "compiled",
                   "bfloat16",
                   0,
                   0};
    p.allowed = {
        {"target", tp::Message::verbatim("the platforms compared")},
        {"device", tp::Message::verbatim("the platforms compared")},
        {"dtype", tp::Message::verbatim("bf16 is the TPU's native precision, within the policy")}};
    return p;
}

std::set<long long> ids(const std::vector<long long> &v)
{
    return {v.begin(), v.end()};
}

} // namespace

class TestPilots : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void newDatabaseHasTheDefaultPilot();
    void badPilots_data();
    void badPilots();
    void storeVersionsAndRules();
    void setField();
    void sidesSelectRuns_data();
    void sidesSelectRuns();
    void unlistedDifferenceFlagged();
    void editAfterDecisionIsAChange();
    void oldDatabaseMigratesWithItsVerdicts();
    void v14DatabaseGetsTypedMessages();
    void shippedTemplateParses();

private:
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QTemporaryDir m_dir;
};

void TestPilots::newDatabaseHasTheDefaultPilot()
{
    tp::Store store(path("new.sqlite").toStdString());
    tp::PilotStore pilots(store);
    QCOMPARE(pilots.list().size(), std::size_t(1));
    const tp::PilotDefinition p = pilots.selected();
    QCOMPARE(p.name, std::string("local"));
    QCOMPARE(p.version, 1);
    QCOMPARE(tp::pilotToJson(p), tp::pilotToJson(tp::defaultPilot()));
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
}

void TestPilots::badPilots_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error");
    const json good = tp::pilotToJson(gpuVsTpu());
    auto with = [&](const char *ptr, json v) {
        json j = good;
        j[json::json_pointer(ptr)] = std::move(v);
        return QString::fromStdString(j.dump());
    };
    QTest::newRow("not an object") << "[]"
                                   << "must be a JSON object";
    QTest::newRow("empty name") << with("/name", "") << "'name'";
    QTest::newRow("bad runner") << with("/candidate/runner", "rust") << "runner must be cpp";
    QTest::newRow("cpp on tpu") << with("/candidate/runner", "cpp") << "cannot use device tpu";
    QTest::newRow("bad mode") << with("/baseline/mode", "jit") << "mode must be eager";
    QTest::newRow("negative slo") << with("/slo/p99_seconds", -1) << "non-negative";
    QTest::newRow("no reason") << with("/allowed_differences/0/reason", "")
                               << "needs a factor and a reason";
    QTest::newRow("unknown side field") << with("/baseline/gpu", "a100") << "unknown field 'gpu'";
    QTest::newRow("metric without name")
        << with("/quality/kind", "metric") << "needs quality.metric";
    QTest::newRow("fractional batch") << with("/baseline/batch", 1.5) << "whole number";
}

void TestPilots::badPilots()
{
    QFETCH(QString, json);
    QFETCH(QString, error);
    try {
        tp::parsePilot(json::parse(json.toStdString()), "test.json");
        QFAIL("accepted");
    } catch (const tp::PilotError &e) {
        QVERIFY2(std::string(e.what()).find(error.toStdString()) != std::string::npos, e.what());
    }
}

void TestPilots::storeVersionsAndRules()
{
    tp::Store store(path("store.sqlite").toStdString());
    tp::PilotStore pilots(store);
    tp::PilotDefinition added = pilots.add(gpuVsTpu());
    QCOMPARE(added.version, 1);
    QCOMPARE(pilots.selected().name, std::string("local")); // adding does not select
    QVERIFY_THROWS_EXCEPTION(tp::PilotError, pilots.add(gpuVsTpu()));
    QCOMPARE(pilots.update("gpu-vs-tpu", added).version, 1); // unchanged: same version
    added.sloP99Seconds = 0.002;
    QCOMPARE(pilots.update("gpu-vs-tpu", added).version, 2);
    QCOMPARE(pilots.find("gpu-vs-tpu")->sloP99Seconds, 0.002);
    pilots.select("gpu-vs-tpu");
    QCOMPARE(pilots.selected().name, std::string("gpu-vs-tpu"));
    QVERIFY_THROWS_EXCEPTION(tp::PilotError, pilots.select("nope"));
    pilots.remove("gpu-vs-tpu");
    QCOMPARE(pilots.selected().name, std::string("local"));           // still one selected
    QVERIFY_THROWS_EXCEPTION(tp::PilotError, pilots.remove("local")); // the last one stays
    QCOMPARE(pilots.list().size(), std::size_t(1));
}

void TestPilots::setField()
{
    tp::PilotDefinition p = tp::defaultPilot();
    tp::setPilotField(p, "candidate.target", "tpu-v6e");
    tp::setPilotField(p, "candidate.batch", "256");
    tp::setPilotField(p, "allowed.batch", "the TPU needs larger batches");
    tp::setPilotField(p, "slo.p99_seconds", "0.01");
    tp::setPilotField(p, "required_modes", "compiled");
    QCOMPARE(p.candidate.target, std::string("tpu-v6e"));
    QCOMPARE(p.candidate.batch, 256LL);
    QCOMPARE(p.sloP99Seconds, 0.01);
    QCOMPARE(p.requiredModes, std::vector<std::string>{"compiled"});
    QCOMPARE(p.allowed.back().factor, std::string("batch"));
    tp::setPilotField(p, "allowed.batch", ""); // removes it
    QCOMPARE(p.allowed.back().factor, std::string("dtype"));
    QVERIFY_THROWS_EXCEPTION(tp::PilotError, tp::setPilotField(p, "colour", "red"));
    QVERIFY_THROWS_EXCEPTION(tp::PilotError, tp::setPilotField(p, "slo.p99_seconds", "fast"));
    QVERIFY_THROWS_EXCEPTION(tp::PilotError, tp::setPilotField(p, "candidate.runner", "rust"));
    QCOMPARE(p.candidate.runner, std::string()); // a refused edit changes nothing
}

void TestPilots::sidesSelectRuns_data()
{
    QTest::addColumn<QString>("pilot");
    QTest::addColumn<QList<int>>("baseline"); // run ids, by the ingest order below (1-based)
    QTest::addColumn<QList<int>>("candidate");
    QTest::addColumn<QString>("throughput"); // verdict of throughput_vs_baseline
    // 1 GPU python compiled fp32, 2 TPU python compiled bf16, 3 TPU python eager bf16,
    // 4 local cpp eager fp32, 5 local cpp compiled fp32, 6 GPU cpp compiled fp32.
    QTest::newRow("gpu vs tpu") << "gpu-vs-tpu" << QList<int>{1} << QList<int>{2} << "pass";
    QTest::newRow("default: modes, any target")
        << "local" << QList<int>{4} << QList<int>{1, 2, 5, 6} << "pass";
    QTest::newRow("slow candidate") << "slow" << QList<int>{1} << QList<int>{3} << "fail";
}

void TestPilots::sidesSelectRuns()
{
    QFETCH(QString, pilot);
    QFETCH(QList<int>, baseline);
    QFETCH(QList<int>, candidate);
    QFETCH(QString, throughput);
    const QString db = path("sides.sqlite");
    if (!QFile::exists(db)) {
        tp::Store store(db.toStdString(), tptest::fixturePolicy());
        ingest(store, {"gpu", "gpu-ssh", "cuda", "python", "compiled", "float32", 100000});
        ingest(store, {"tpu", "tpu-v6e", "tpu", "python", "compiled", "bfloat16", 250000});
        ingest(store, {"tpu-eager", "tpu-v6e", "tpu", "python", "eager", "bfloat16", 20000});
        ingest(store, {"cpu-eager", "local", "cpu", "cpp", "eager", "float32", 50000});
        ingest(store, {"cpu-compiled", "local", "cpu", "cpp", "compiled", "float32", 60000});
        ingest(store, {"gpu-cpp", "gpu-ssh", "cuda", "cpp", "compiled", "float32", 90000});
        tp::PilotStore pilots(store);
        pilots.add(gpuVsTpu());
        tp::PilotDefinition slow = gpuVsTpu();
        slow.name = "slow";
        slow.candidate.mode = "eager";
        slow.allowed.push_back({"mode", tp::Message::verbatim("testing")});
        pilots.add(slow);
    }
    tp::Store store(db.toStdString(), tptest::fixturePolicy());
    const tp::ReviewState s =
        tp::evaluateReview(store, gateFile(), std::nullopt, pilot.toStdString());
    auto asSet = [](const QList<int> &l) {
        std::set<long long> out;
        for (int v : l)
            out.insert(v);
        return out;
    };
    QCOMPARE(ids(s.report.baselineRuns), asSet(baseline));
    QCOMPARE(ids(s.report.candidateRuns), asSet(candidate));
    QCOMPARE(s.definitions.baselineLabel, s.pilot.baseline.label);
    bool found = false;
    for (const tp::GateResult &g : s.report.gates)
        for (const tp::CriterionResult &c : g.criteria)
            if (c.id == "throughput_vs_baseline") {
                QCOMPARE(QString::fromStdString(tp::verdictName(c.verdict)), throughput);
                found = true;
            }
    QVERIFY(found);
}

void TestPilots::unlistedDifferenceFlagged()
{
    tp::PilotDefinition p = gpuVsTpu();
    p.candidate.batch = 256; // the TPU side runs larger batches, but nobody said why
    auto diffs = tp::sideDifferences(p);
    auto batch = std::find_if(diffs.begin(), diffs.end(),
                              [](const tp::SideDifference &d) { return d.factor == "batch"; });
    QVERIFY(batch != diffs.end());
    QVERIFY(!batch->allowed);
    QCOMPARE(batch->candidate, std::string("256"));
    for (const tp::SideDifference &d : diffs)
        if (d.factor != "batch")
            QVERIFY2(d.allowed, d.factor.c_str());
    p.allowed.push_back({"batch", tp::Message::verbatim("the TPU needs 256 to fill its cores")});
    for (const tp::SideDifference &d : tp::sideDifferences(p))
        QVERIFY2(d.allowed, d.factor.c_str());
    // The runner differs nowhere here; a C++ baseline against a Python candidate is flagged.
    p.baseline.runner = "cpp";
    diffs = tp::sideDifferences(p);
    QVERIFY(std::any_of(diffs.begin(), diffs.end(), [](const tp::SideDifference &d) {
        return d.factor == "runner" && !d.allowed;
    }));
}

void TestPilots::editAfterDecisionIsAChange()
{
    tp::Store store(path("edit.sqlite").toStdString(), tptest::fixturePolicy());
    ingest(store, {"e", "local", "cpu", "cpp", "eager", "float32", 50000});
    tp::ReviewStore reviews(store);
    const tp::ReviewState before = tp::evaluateReview(store, gateFile());
    reviews.recordDecision(before.report, before.evidence, "ana", "");
    QVERIFY(tp::evaluateReview(store, gateFile()).changesSinceLastReview.empty());
    tp::PilotStore pilots(store);
    tp::PilotDefinition p = pilots.selected();
    p.sloP99Seconds = 0.001;
    pilots.update(p.name, p);
    const tp::ReviewState after = tp::evaluateReview(store, gateFile());
    QCOMPARE_NE(QString::fromStdString(after.evidenceHash),
                QString::fromStdString(before.evidenceHash));
    bool sloChange = false, versionChange = false;
    for (const tp::ReviewChange &c : after.changesSinceLastReview) {
        sloChange |= c.kind == "pilot" && c.subject == "slo";
        versionChange |= c.kind == "pilot" && c.subject == "version" && c.after.english() == "2";
    }
    QVERIFY(sloChange);
    QVERIFY(versionChange);
}

// Schema v15 (typed sentences): a v14 file is refused read-only, and opening it for writing
// re-judges every run once, so its validity reasons come back as catalog messages with the same
// English, and gives the stored default pilot its labels' and reasons' identifiers; a user's
// label stays the user's words.
void TestPilots::v14DatabaseGetsTypedMessages()
{
    const std::string db = path("v14.sqlite").toStdString();
    std::string english;
    {
        tp::Store store(db, tptest::fixturePolicy());
        std::string cut = stream({"cut"});
        cut.erase(cut.rfind('\n', cut.size() - 2) + 1); // no run_finished: incomplete
        tp::RunIngestor in(store, "fixture", "local");
        in.feed(cut);
        in.finish();
        english = store.run(1)->validityReasonsJson;
        QVERIFY2(english != "[]", english.c_str());
        tp::PilotDefinition mine = gpuVsTpu();
        mine.name = "mine";
        mine.baseline.label = tp::Message::verbatim("local eager float32 (current)");
        tp::PilotStore(store).add(mine);
    }
    {
        SQLite::Database raw(db, SQLite::OPEN_READWRITE);
        tptest::downgradeToV14(raw);
    }
    QVERIFY_THROWS_EXCEPTION(tp::StoreError, tp::Store::openReadOnly(db, tp::ValidityPolicy{}));
    tp::Store store(db, tptest::fixturePolicy());
    QCOMPARE(store.schemaVersion(), 15);
    const tp::RunRecord run = *store.run(1);
    QCOMPARE(run.validityReasonsJson, english); // the English column as it was
    QVERIFY(!run.validityReasons.empty());
    for (const tp::Message &m : run.validityReasons)
        QVERIFY2(!m.isVerbatim(), m.english().c_str());
    QCOMPARE(json(tp::englishOf(run.validityReasons)).dump(), json::parse(english).dump());
    tp::PilotStore pilots(store);
    const tp::PilotDefinition fallback = *pilots.find(tp::defaultPilot().name);
    QCOMPARE(fallback.baseline.label.id(), tp::txt::DefaultBaselineLabel);
    QCOMPARE(fallback.candidate.label.id(), tp::txt::DefaultCandidateLabel);
    QCOMPARE(fallback.allowed.at(0).reason.id(), tp::txt::AllowedModeReason);
    QCOMPARE(fallback.allowed.at(1).reason.id(), tp::txt::AllowedDtypeReason);
    // Only the default pilot is matched: "mine" holds the same words as a label, written by a
    // user, and they stay the user's.
    const tp::PilotDefinition own = *pilots.find("mine");
    QCOMPARE(own.baseline.label, tp::Message::verbatim("local eager float32 (current)"));
    QVERIFY(own.allowed.at(0).reason.isVerbatim());
}

void TestPilots::oldDatabaseMigratesWithItsVerdicts()
{
    const std::string db = path("v6.sqlite").toStdString();
    std::vector<std::string> oldVerdicts;
    {
        tp::Store store(db, tptest::fixturePolicy());
        ingest(store, {"a", "local", "cpu", "cpp", "eager", "float32", 50000});
        ingest(store, {"b", "local", "cpu", "cpp", "compiled", "float32", 60000});
        ingest(store, {"c", "local", "cpu", "cpp", "compiled", "bfloat16", 40000});
        // The verdicts as schema 6 gave them: the gate file's own sides, no pilot.
        const tp::GateDefinitions old = schema6GateFile();
        QCOMPARE(old.baseline.mode, std::string("eager"));
        for (const tp::GateResult &g : tp::evaluateGates(old, store, tp::GateInputs{}).gates)
            for (const tp::CriterionResult &c : g.criteria)
                oldVerdicts.push_back(c.id + "=" + tp::verdictName(c.verdict) + ":" +
                                      c.detail.english());
    }
    {
        // Back to schema 6 exactly: no pilots table.
        SQLite::Database raw(db, SQLite::OPEN_READWRITE);
        tptest::downgradeToV7(raw);
        raw.exec("DROP TABLE pilots");
        raw.exec("PRAGMA user_version = 6");
    }
    tp::Store store(db, tptest::fixturePolicy());
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    QCOMPARE(tp::PilotStore(store).selected().name, std::string("local"));
    std::vector<std::string> now;
    for (const tp::GateResult &g : tp::evaluateReview(store, gateFile()).report.gates)
        for (const tp::CriterionResult &c : g.criteria)
            now.push_back(c.id + "=" + tp::verdictName(c.verdict) + ":" + c.detail.english());
    QCOMPARE(now, oldVerdicts);
}

void TestPilots::shippedTemplateParses()
{
    QFile f(QStringLiteral(TP_SOURCE_DIR "/resources/pilots/gpu-ssh-vs-tpu-v6e.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const tp::PilotDefinition p =
        tp::parsePilot(json::parse(f.readAll().toStdString()), "template");
    QCOMPARE(p.candidate.device, std::string("tpu"));
    QCOMPARE(p.candidate.runner, std::string("python"));
    for (const tp::SideDifference &d : tp::sideDifferences(p))
        QVERIFY2(d.allowed, d.factor.c_str()); // the template explains every difference
}

QTEST_GUILESS_MAIN(TestPilots)
#include "tst_pilots.moc"
