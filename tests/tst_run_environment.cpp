// A run's environment and precision check as values (model/analysis/run_environment.h), the one
// reading the run details view and the PDF show: each field the contract names, the run's own
// thread count first, fields it does not name kept; a value of another type shown as its JSON
// text and no object at all read as an empty environment (generated hostile envs never crash);
// the precision check's reasons typed when the runner wrote them typed with the same English,
// else the runner's words as written.
#include "model/analysis/run_environment.h"
#include "model/contract/model_texts.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <random>

using nlohmann::json;

class TestRunEnvironment : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namedFieldsAndOthers();
    void hostileEnvironments();
    void precisionReasons();
};

void TestRunEnvironment::namedFieldsAndOthers()
{
    tp::RunRecord r;
    r.device = "cpu";
    r.envJson = json{{"runner", "0.3"},    {"torch", "1.13.1"},
                     {"threads", 4},       {"cpu_model", "EPYC"},
                     {"blas", "openblas"}, {"blas_build", "0.3.21"},
                     {"blas_threads", 2},  {"hostname", "h1"},
                     {"os", "Debian 12"},  {"precision", {{"float32_matmul", "highest"}}},
                     {"custom", {1, 2}}}
                    .dump();
    tp::RunEnvironment e = tp::runEnvironment(r);
    QVERIFY(e.runner == tp::RunEnvironment::Runner::Cpp);
    QCOMPARE(e.runnerVersion, std::string("0.3"));
    QCOMPARE(e.torch, std::string("1.13.1"));
    QCOMPARE(e.threads, std::string("4"));
    QCOMPARE(e.blasThreads, std::string("2"));
    QCOMPARE(e.blasBuild, std::string("0.3.21"));
    QCOMPARE(e.os, std::string("Debian 12"));
    QCOMPARE(e.other.at("custom"), std::string("[1,2]"));
    QVERIFY(!e.other.count("torch"));
    r.threads = 8; // the run's own column first
    QCOMPARE(tp::runEnvironment(r).threads, std::string("8"));
    r.envJson = R"({"runner_kind": "python", "runner": "0.3"})";
    QVERIFY(tp::runEnvironment(r).runner == tp::RunEnvironment::Runner::Python);
    r.envJson = "{}";
    QVERIFY(tp::runEnvironment(r).runner == tp::RunEnvironment::Runner::Unknown);
}

void TestRunEnvironment::hostileEnvironments()
{
    tp::RunRecord r;
    r.envJson = R"({"torch": true, "hostname": {"a": [1]}, "threads": "many"})";
    tp::RunEnvironment e = tp::runEnvironment(r);
    QCOMPARE(e.torch, std::string("true"));
    QCOMPARE(e.hostname, std::string(R"({"a":[1]})"));
    QCOMPARE(e.threads, std::string("many"));
    for (const char *text : {"", "[]", "null", "not json", "{\"torch\":"}) {
        r.envJson = text;
        QVERIFY(tp::runEnvironment(r).torch.empty());
    }
    r.envJson = std::string(100000, '[');
    QVERIFY(tp::runEnvironment(r).other.empty());
    // Generated: each named field given a value of a random type; every reading is text.
    std::mt19937 rng(7);
    const char *keys[] = {"runner",       "runner_kind", "torch", "threads",   "cpu_model",  "blas",
                          "blas_threads", "hostname",    "os",    "precision", "tpu_device", "gpu"};
    for (int i = 0; i < 2000; ++i) {
        json env = json::object();
        for (const char *k : keys)
            switch (rng() % 6) {
            case 0:
                env[k] = nullptr;
                break;
            case 1:
                env[k] = double(rng()) / 3.0;
                break;
            case 2:
                env[k] = std::string(rng() % 5, 'x');
                break;
            case 3:
                env[k] = json::array({rng() % 9});
                break;
            case 4:
                env[k] = json{{"k", rng() % 2 == 0}};
                break;
            default:
                break;
            }
        r.envJson = env.dump();
        r.summaryJson = rng() % 2 ? "{}" : R"({"tpu_compile": 5})";
        (void)tp::runEnvironment(r);
    }
}

void TestRunEnvironment::precisionReasons()
{
    const json typed =
        json{{"verdict", "fail"},
             {"rtol", 0.016},
             {"reasons", {"12.9% of elements outside atol 1e-05 + rtol 0.016 (allowed 5%)"}},
             {"reason_messages",
              {{{"id", "PrecisionMismatch"}, {"args", {"12.9", "1e-05", "0.016", "5"}}}}}};
    auto check = [](const json &event) {
        return tp::lastPrecisionCheck({{1, "precision", event.dump()}});
    };
    auto c = check(typed);
    QVERIFY(c);
    QCOMPARE(c->rtol, std::optional<double>(0.016));
    QCOMPARE(c->reasons.size(), std::size_t(1));
    QCOMPARE(c->reasons[0].id(), tp::txt::PrecisionMismatch);
    // Typed reasons that say other English than the runner's are not taken.
    json lying = typed;
    lying["reason_messages"][0]["args"][0] = "0.1";
    QVERIFY(check(lying)->reasons[0].isVerbatim());
    json unknown = typed;
    unknown["reason_messages"][0]["id"] = "NoSuch";
    QVERIFY(check(unknown)->reasons[0].isVerbatim());
    json older = typed; // an older runner: English only
    older.erase("reason_messages");
    QCOMPARE(check(older)->reasons[0].english(), typed["reasons"][0].get<std::string>());
    QVERIFY(check(older)->reasons[0].isVerbatim());
    QVERIFY(!tp::lastPrecisionCheck({}));
    QVERIFY(!tp::lastPrecisionCheck({{1, "precision", "[1]"}}));
    // The last precision event wins.
    const auto last =
        tp::lastPrecisionCheck({{1, "precision", typed.dump()},
                                {2, "precision", json{{"reference", "eager/f32"}}.dump()}});
    QCOMPARE(last->reference, std::string("eager/f32"));
    QVERIFY(last->reasons.empty());
}

QTEST_GUILESS_MAIN(TestRunEnvironment)
#include "tst_run_environment.moc"
