// The serving scenarios' contract and judgement (model/contract/serving.h,
// model/judge/serving_judge.h): LoadGen's early-stopping numbers and percentile, the seeded
// Poisson schedule, the queries line's checks (generated hostile values), the store's figures and
// verdicts from stored queries, the reserved series names, a complete server run that a second
// stream cannot rewrite, and a v13 database migrated to the scenario column.
#include "model/contract/contract.h"
#include "model/contract/contract_fast.h"
#include "model/contract/serving.h"
#include "model/ingest/ingestor.h"
#include "model/judge/serving_judge.h"
#include "model/store/run_export.h"
#include "model/store/store.h"
#include "schema_downgrade.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>
#include <sstream>

using namespace tp;
using nlohmann::json;
namespace sv = tp::serving;

namespace
{

// A server run's queries: n arrivals at `qps` (deterministic gaps), each with `latency`, and
// `late` of them issued 5 ms late, `failed` of them failing (the last ones).
sv::Columns columns(std::size_t n, double qps, double latency, std::size_t late = 0,
                    std::size_t failed = 0)
{
    sv::Columns c;
    for (std::size_t i = 0; i < n; ++i) {
        c.scheduled.push_back(double(i + 1) / qps);
        c.latency.push_back(latency);
        c.queue.push_back(latency / 4);
        c.issueLag.push_back(i < late ? 5e-3 : 1e-5);
        c.batch.push_back(1);
        c.outcome.push_back(i + failed >= n ? sv::Timeout : sv::Ok);
    }
    return c;
}

json serverProtocol(double minQueries, double minSeconds, double slo = 0)
{
    json s = {{"name", "server"},
              {"target_qps", 100},
              {"min_queries", minQueries},
              {"min_duration_seconds", minSeconds},
              {"slo_percentile", 0.99}};
    if (slo > 0)
        s["slo_seconds"] = slo;
    return {{"preset", ""}, {"scenario", s}};
}

std::string joined(const std::vector<tp::Message> &m)
{
    std::string out;
    for (const tp::Message &s : m)
        out += (out.empty() ? "" : " | ") + s.english();
    return out;
}

// A server run's stream: run_started, first call, warmup, `n` queries in lines of 100.
std::string serverStream(const std::string &key, std::size_t n, double latency)
{
    RunStarted s;
    s.runKey = "fixed/eager/float32";
    s.executionKey = key;
    s.workload = "fixed-service";
    s.mode = "eager";
    s.device = "cpu";
    s.dtype = "float32";
    s.startedAt = "2026-12-07T00:00:00Z";
    s.shape = {{"batch", 1}};
    s.env = {{"protocol", serverProtocol(double(n), 0.0)}};
    std::string out = toLine(s) + "\n";
    out += toLine(PhaseSamples{phase::FirstCall, 1, {0.002}}) + "\n";
    out += toLine(PhaseSamples{phase::Warmup, 1, {0.001, 0.001, 0.001}}) + "\n";
    sv::QueryBatch q;
    for (std::size_t i = 0; i < n; ++i) {
        q.scheduled.push_back(double(i) * 0.01);
        q.latency.push_back(latency + 1e-6 * double(i % 7));
        q.queue.push_back(latency / 2);
        q.issueLag.push_back(0);
        q.batch.push_back(1);
        q.outcome.push_back(sv::Ok);
        if (q.size() == 100 || i + 1 == n) {
            out += sv::toLine(q) + "\n";
            q.first += static_cast<long long>(q.size());
            q.clear();
        }
    }
    RunFinished f;
    f.status = status::Ok;
    f.summary.finite = true;
    return out + toLine(f) + "\n";
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // LoadGen's own numbers (early_stopping.cc; the reference's derived totals at p = 0.99 and the
    // single-stream "Processed at least 64 queries" at p = 0.90).
    void earlyStoppingKnownAnswers_data()
    {
        QTest::addColumn<long long>("over");
        QTest::addColumn<double>("p");
        QTest::addColumn<long long>("total");
        QTest::newRow("p99 t=0") << 0LL << 0.99 << 459LL;
        QTest::newRow("p99 t=1") << 1LL << 0.99 << 662LL;
        QTest::newRow("p99 t=10") << 10LL << 0.99 << 2010LL;
        QTest::newRow("p99 t=100") << 100LL << 0.99 << 12571LL;
        QTest::newRow("p90 h_min + 1") << 1LL << 0.90 << 64LL;
    }
    void earlyStoppingKnownAnswers()
    {
        QFETCH(long long, over);
        QFETCH(double, p);
        QFETCH(long long, total);
        const long long h = sv::earlyStoppingMinPassing(over, p);
        // p90: LoadGen's h_min = find_min_passing(1, p) = 63 and it needs h_min + 1 queries.
        QCOMPARE(p < 0.95 ? h + 1 : h + over, total);
    }

    void loadgenPercentileIsTheFloorIndex()
    {
        std::vector<double> v;
        v.reserve(1000);
        for (int i = 0; i < 1000; ++i)
            v.push_back(i);
        QCOMPARE(sv::loadgenPercentile(v, 0.99), 990.0);
        QCOMPARE(sv::loadgenPercentile(v, 0.5), 500.0);
        QCOMPARE(sv::loadgenPercentile(v, 0.9999), 999.0);
        QCOMPARE(sv::loadgenPercentile({}, 0.99), 0.0);
    }

    // Poisson arrivals: exponential gaps of mean 1/qps, reproducible from the seed, generated
    // until both minimums are met (LoadGen's GenerateQueries).
    void scheduleIsSeededPoisson()
    {
        const auto a = sv::arrivalSchedule(200, 7, 100000, 0, 1LL << 40);
        QCOMPARE(a, sv::arrivalSchedule(200, 7, 100000, 0, 1LL << 40));
        QVERIFY(a != sv::arrivalSchedule(200, 8, 100000, 0, 1LL << 40));
        QCOMPARE(a.size(), std::size_t(100000));
        double sum = 0, sq = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const double gap = a[i] - (i ? a[i - 1] : 0.0);
            QVERIFY(gap >= 0);
            sum += gap;
            sq += gap * gap;
        }
        const double mean = sum / double(a.size());
        const double cv = std::sqrt(sq / double(a.size()) - mean * mean) / mean;
        QVERIFY2(std::fabs(mean * 200 - 1) < 0.02, qPrintable(QString::number(mean)));
        QVERIFY2(std::fabs(cv - 1) < 0.02, qPrintable(QString::number(cv))); // exponential: cv 1
        // Both minimums: 10 queries but 2 s at 100 QPS -> about 200; 500 queries over 1 s -> 500.
        const auto byTime = sv::arrivalSchedule(100, 1, 10, 2.0, 1LL << 40);
        QVERIFY(byTime.back() >= 2.0 && byTime[byTime.size() - 2] < 2.0);
        QCOMPARE(sv::arrivalSchedule(100, 1, 500, 1.0, 1LL << 40).size(), std::size_t(500));
        QCOMPARE(sv::arrivalSchedule(100, 1, 500, 1.0, 50).size(), std::size_t(50));
        QVERIFY(sv::arrivalSchedule(0, 1, 500, 1.0, 50).empty());
    }

    // Generated hostile values: whatever a line holds, readQueries accepts exactly the lines whose
    // every value is physical, aligned and in range, and names the field otherwise.
    void queriesLineChecksEveryValue()
    {
        std::mt19937_64 rng(12345);
        const double extremes[] = {0.0,
                                   1e-13,
                                   1e-12,
                                   1e7,
                                   1.5e7,
                                   -1e-9,
                                   std::numeric_limits<double>::max(),
                                   std::numeric_limits<double>::denorm_min(),
                                   0.004};
        const long long ints[] = {
            0, 1, 3, -1, sv::kMaxBatch, sv::kMaxBatch + 1, std::numeric_limits<long long>::max()};
        const char *fields[] = {"scheduled", "latency", "queue", "issue_lag", "batch", "outcome"};
        detail::PhaseLineParser fastParser;
        int fastTaken = 0;
        for (int round = 0; round < 2000; ++round) {
            json o = {{"v", 1}, {"event", "queries"}, {"first", 0}};
            const std::size_t n = rng() % 4;
            bool good = true;
            for (int f = 0; f < 6; ++f) {
                json arr = json::array();
                const std::size_t len = (rng() % 10 == 0) ? n + 1 : n;
                good = good && len == n;
                for (std::size_t i = 0; i < len; ++i) {
                    if (f < 4) {
                        const double v = extremes[rng() % std::size(extremes)];
                        good = good && (v == 0 || (v >= 1e-12 && v <= 1e7));
                        arr.push_back(v);
                    } else {
                        const long long v = ints[rng() % std::size(ints)];
                        good = good && v >= 0 && v <= (f == 4 ? sv::kMaxBatch : 2);
                        arr.push_back(v);
                    }
                }
                o[fields[f]] = arr;
            }
            const ParseResult r = parseEventLine(o.dump());
            QVERIFY2(bool(r.event) == good, qPrintable(QString::fromStdString(
                                                o.dump() + " -> " + (r.event ? "" : r.error))));
            // The ingestor's fast path accepts no line the contract refuses, and reads the same
            // values from every line it takes.
            sv::QueryBatch fast;
            if (fastParser.parseQueries(o.dump(), fast)) {
                QVERIFY2(r.event, o.dump().c_str());
                QCOMPARE(fast.seriesValues(), r.event->queries.seriesValues());
                QCOMPARE(fast.first, r.event->queries.first);
                ++fastTaken;
            }
            if (!good)
                QVERIFY(r.error.rfind("queries: field '", 0) == 0 ||
                        r.error.find("one value per query") != std::string::npos);
        }
        QVERIFY(fastTaken > 0);
        // A phase line may not take a query series' name, on either parser.
        for (const std::string &line :
             {std::string(R"({"v":1,"event":"phase","phase":"query.latency","seconds":[1e-3]})"),
              toLine(PhaseSamples{"query.latency", 1, std::vector<double>(300, 1e-3)})}) {
            const ParseResult r = parseEventLine(line);
            QVERIFY(!r.event);
            QVERIFY(r.error.find("reserved") != std::string::npos);
        }
    }

    void judgesMinimumsAndTheGenerator()
    {
        const ValidityPolicy &policy = defaultValidityPolicy();
        auto j = judgeServing(columns(600, 100, 0.004), "server", serverProtocol(500, 5), policy);
        QVERIFY2(j.reasons.empty(), joined(j.reasons).c_str());
        QCOMPARE(j.figures.queries, 600LL);
        QVERIFY(std::fabs(j.figures.completedQps - 599.0 / (6.0 + 0.004)) < 1e-9);
        QCOMPARE(j.json["slo"]["verdict"].get<std::string>(), std::string("no bound declared"));

        j = judgeServing(columns(300, 100, 0.004), "server", serverProtocol(500, 5), policy);
        QVERIFY(joined(j.reasons).find("300 queries, at least 500") != std::string::npos);
        QVERIFY(joined(j.reasons).find("queries over 3 s, at least 5 s") != std::string::npos);

        // 1% late is allowed, 2% is not.
        j = judgeServing(columns(1000, 100, 0.004, 10), "server", serverProtocol(100, 0), policy);
        QVERIFY2(j.reasons.empty(), joined(j.reasons).c_str());
        j = judgeServing(columns(1000, 100, 0.004, 20), "server", serverProtocol(100, 0), policy);
        QVERIFY(joined(j.reasons).find("fell behind its schedule: 20 of 1000") !=
                std::string::npos);
        j = judgeServing({}, "server", serverProtocol(100, 0), policy);
        QVERIFY(joined(j.reasons).find("no queries") != std::string::npos);
    }

    // The declared bound at its percentile: met, missed or undecided by LoadGen's early stopping;
    // a failed query counts as over the bound and never improves the tail.
    void judgesTheLatencyBound()
    {
        const ValidityPolicy &policy = defaultValidityPolicy();
        auto verdict = [&](const sv::Columns &c, double slo) {
            return judgeServing(c, "server", serverProtocol(100, 0, slo), policy)
                .json["slo"]["verdict"]
                .get<std::string>();
        };
        QCOMPARE(verdict(columns(1000, 100, 0.004), 0.005), std::string("met"));
        QCOMPARE(verdict(columns(300, 100, 0.004), 0.005), std::string("undecided")); // < 459
        QCOMPARE(verdict(columns(1000, 100, 0.006), 0.005), std::string("missed"));
        // 3% failed: the p99 is a failure whatever the others' latency.
        sv::Columns failing = columns(1000, 100, 0.004, 0, 30);
        QCOMPARE(verdict(failing, 0.005), std::string("missed"));
        const auto j = judgeServing(failing, "server", serverProtocol(100, 0, 0.005), policy);
        QVERIFY(j.json["slo_percentile_latency_seconds"].is_null());
        QCOMPARE(j.figures.timeouts, 30LL);
        QCOMPARE(j.figures.p99, 0.004); // the ok queries' own percentile
    }

    // A server stream through the ingestor: the store keeps the queries as series, judges the run
    // from them, and a second stream with the key may not rewrite it.
    void storeJudgesAndSealsAServerRun()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("s.sqlite")).toStdString());
        {
            RunIngestor in(store, "test");
            in.feed(serverStream("srv-1", 1000, 0.004));
            const IngestReport r = in.finish();
            QVERIFY(r.refused.empty());
        }
        const auto run = store.run(*store.runIdForExecutionKey("srv-1"));
        QVERIFY(run);
        QCOMPARE(QString::fromStdString(run->scenario), QStringLiteral("server"));
        QVERIFY2(run->valid.value_or(false), run->validityReasonsJson.c_str());
        QVERIFY(!run->samplesPerSecond); // the closed-loop columns stay empty
        const json figures = json::parse(run->storeSummaryJson);
        QCOMPARE(figures["kind"].get<std::string>(), std::string("server scenario"));
        QCOMPARE(figures["serving"]["queries"].get<long long>(), 1000LL);
        QCOMPARE(store.samples(run->id, sv::series::Latency).size(), std::size_t(1000));
        // The CSV export carries the figures as serving_<name> columns.
        std::ostringstream csv;
        writeRunsCsv(csv, {*run});
        const std::string text = csv.str();
        const std::string header = text.substr(0, text.find("\r\n"));
        QVERIFY2(header.find(",serving_completed_qps,") != std::string::npos, header.c_str());
        QVERIFY2(text.find(",1000,0,") != std::string::npos, text.c_str()); // queries, failures
        RunSelection closedLoop;
        closedLoop.scenario = sv::scenario::SingleStream;
        QVERIFY(store.listRuns(closedLoop).empty());

        // The same stream again stores nothing new; one query's latency changed is refused.
        {
            RunIngestor again(store, "test");
            again.feed(serverStream("srv-1", 1000, 0.004));
            QVERIFY(again.finish().refused.empty());
        }
        {
            RunIngestor forged(store, "test");
            forged.feed(serverStream("srv-1", 1000, 0.0001));
            const IngestReport r = forged.finish();
            QCOMPARE(r.refused.size(), std::size_t(1));
        }
        QCOMPARE(store.samples(run->id, sv::series::Latency).front(), 0.004);

        // A queries line that does not follow the ones before it is not stored.
        {
            std::string stream = serverStream("srv-2", 300, 0.004);
            const std::string from = "\"first\":100";
            stream.replace(stream.find(from), from.size(), "\"first\":150");
            RunIngestor gap(store, "test");
            gap.feed(stream);
            const IngestReport r = gap.finish();
            QVERIFY(r.warningCount >= 1);
            QVERIFY(r.warnings.front().find("starting at query 150") != std::string::npos);
        }
    }

    // A v13 database: its server runs (declared in env.protocol.scenario) get their scenario.
    void migratesTheScenarioColumn()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("m.sqlite")).toStdString();
        {
            Store store(path);
            RunIngestor in(store, "test");
            in.feed(serverStream("srv-m", 500, 0.004));
            in.finish();
        }
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            tptest::downgradeToV13(db);
        }
        Store store(path);
        QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
        QCOMPARE(QString::fromStdString(store.run(1)->scenario), QStringLiteral("server"));
    }
};

QTEST_GUILESS_MAIN(TestServing)
#include "tst_serving.moc"
