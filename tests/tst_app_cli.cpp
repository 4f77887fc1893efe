// The torchpilot executable as a user drives it: import, run, pilot without a display, gates and
// review, and clear errors for bad input that leave the database untouched (its window from the
// command line: tst_app_window.cpp).
#include "model/store/store.h"
#include "test_util.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>
#include <set>

class TestAppCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void importTwiceDuplicatesNothing();
    void importBadFilesReportsAndKeepsGoing();
    void newerSchemaDatabaseIsRefusedUntouched();
    void runStoresOneRunPerProcess();
    void pilotWithoutDisplayStoresAndExits();
    void pilotEndsWithTheGatesDecision();
    void gatesExitCodes();
    void reviewSignOffRecordHistory();

private:
    struct Result {
        int code = -1;
        QString out, err;
    };
    Result app(const QStringList &args,
               const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
               int timeoutMs = 240000)
    {
        const tptest::AppResult r = tptest::runApp(args, env, timeoutMs);
        return {r.exitCode, r.out, r.err};
    }
    QProcessEnvironment headless() const
    {
        return tptest::headlessEnv(m_dir.filePath(QStringLiteral("xdg")));
    }
    QString db(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QTemporaryDir m_dir;
};

void TestAppCli::importTwiceDuplicatesNothing()
{
    const QStringList args{QStringLiteral("import"),
                           QStringLiteral("--db"),
                           db("imp.sqlite"),
                           tptest::dataFile("valid_run.jsonl"),
                           tptest::dataFile("smoke_compiled.json"),
                           tptest::dataFile("two_runs.jsonl")};
    Result r = app(args, headless());
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(
                 QStringLiteral("valid_run.jsonl: 1 run(s), 7 new sample(s), 0 already stored")),
             qPrintable(r.out));
    r = app(args, headless());
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(
                 QStringLiteral("valid_run.jsonl: 1 run(s), 0 new sample(s), 7 already stored")),
             qPrintable(r.out));
    tp::Store store(db("imp.sqlite").toStdString());
    QCOMPARE(store.runCount(), 4LL);
}

void TestAppCli::importBadFilesReportsAndKeepsGoing()
{
    Result r = app({QStringLiteral("import"), QStringLiteral("--db"), db("bad.sqlite"),
                    tptest::dataFile("garbage.bin"), QStringLiteral("/no/such/file.jsonl"),
                    tptest::dataFile("truncated_run.jsonl")},
                   headless());
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("garbage.bin' is neither a contract stream (JSON lines) "
                                           "nor a TorchPilot database: it holds binary data")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("cannot read '/no/such/file.jsonl'")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("truncated final line")), qPrintable(r.err));
    tp::Store store(db("bad.sqlite").toStdString());
    QCOMPARE(store.runCount(), 1LL); // the truncated run, kept as incomplete
    QCOMPARE(store.listRuns().front().status, std::string("incomplete"));
    r = app({QStringLiteral("import"), QStringLiteral("--db"), db("bad.sqlite")}, headless());
    QCOMPARE(r.code, 2);
}

void TestAppCli::newerSchemaDatabaseIsRefusedUntouched()
{
    const QString path = db("newer.sqlite");
    {
        tp::Store s(path.toStdString());
    }
    {
        SQLite::Database d(path.toStdString(), SQLite::OPEN_READWRITE);
        d.exec("PRAGMA journal_mode = DELETE");
        d.exec("PRAGMA user_version = " + std::to_string(tp::Store::kSchemaVersion + 1));
    }
    const QByteArray before = tptest::fileHash(path);
    for (const QStringList &args :
         {QStringList{QStringLiteral("import"), QStringLiteral("--db"), path,
                      tptest::dataFile("valid_run.jsonl")},
          QStringList{QStringLiteral("run"), QStringLiteral("--db"), path,
                      QStringLiteral("--iterations"), QStringLiteral("3")}}) {
        const Result r = app(args, headless());
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(QStringLiteral("schema version %1, newer than this TorchPilot supports")
                               .arg(tp::Store::kSchemaVersion + 1)),
            qPrintable(r.err));
    }
    auto env = headless();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const Result r = app({QStringLiteral("--db"), path, QStringLiteral("--screenshot"),
                          m_dir.filePath(QStringLiteral("x.png"))},
                         env);
    QCOMPARE(r.code, 1);
    QCOMPARE(tptest::fileHash(path), before);
}

void TestAppCli::runStoresOneRunPerProcess()
{
    const Result r = app(
        {QStringLiteral("run"), QStringLiteral("--db"), db("run.sqlite"), QStringLiteral("--mode"),
         QStringLiteral("eager,compiled"), QStringLiteral("--dtype"), QStringLiteral("float32"),
         QStringLiteral("--warmup"), QStringLiteral("2"), QStringLiteral("--iterations"),
         QStringLiteral("10"), QStringLiteral("--run-key"), QStringLiteral("cli-test")},
        headless());
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("mlp/eager/float32: ok")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("mlp/compiled/float32: ok")), qPrintable(r.out));
    tp::Store store(db("run.sqlite").toStdString());
    const auto runs = store.listRuns();
    QCOMPARE(runs.size(), std::size_t(2));
    QCOMPARE(runs[0].runKey, std::string("cli-test/mlp/eager/float32"));
    QCOMPARE(runs[1].runKey, std::string("cli-test/mlp/compiled/float32"));
    QCOMPARE_NE(QString::fromStdString(runs[0].executionKey),
                QString::fromStdString(runs[1].executionKey));
    // Each mode ran in its own process.
    QCOMPARE_NE(nlohmann::json::parse(runs[0].envJson).value("pid", 0),
                nlohmann::json::parse(runs[1].envJson).value("pid", 0));
    const Result bad = app({QStringLiteral("run"), QStringLiteral("--db"), db("run.sqlite"),
                            QStringLiteral("--iterations"), QStringLiteral("x")},
                           headless());
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.contains(QStringLiteral("--iterations must be a positive integer")));
}

void TestAppCli::pilotWithoutDisplayStoresAndExits()
{
    const Result r = app(
        {QStringLiteral("pilot"), QStringLiteral("--preset"), QStringLiteral("smoke")}, headless());
    // Exits as `gates` does: no rollback path is stored, so the decision is not "migrate".
    QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("No display available")), qPrintable(r.out));
    // Progress, then the gate table with what only a person can supply (a rollback path is never
    // measured).
    QVERIFY2(r.out.contains(QStringLiteral("[4/4] candidate fault test")), qPrintable(r.out));
    // The serving step: each side's peak QPS within the SLO, every probe a stored server run.
    QVERIFY2(r.out.contains(QStringLiteral("[2/4] serving: each side's peak QPS within the SLO")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("baseline peak: ")) ||
                 r.out.contains(QStringLiteral("baseline: no rate")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("insufficient  rollback_path_recorded: ")),
             qPrintable(r.out));
    // Default database path under the user's data dir (XDG_DATA_HOME here).
    const QString defaultDb = m_dir.filePath(QStringLiteral("xdg/torchpilot/torchpilot.sqlite"));
    QVERIFY2(QFile::exists(defaultDb), qPrintable(r.out));
    tp::Store store(defaultDb.toStdString());
    // The default pilot: the baseline's mlp eager float32 between the candidate's mlp × {eager,
    // compiled} × {float32, bfloat16} over the catalog; train-mlp on each side; the candidate's
    // fault test. Retries of runs judged not valid evidence come on top, each linked.
    std::multiset<std::string> workloads;
    long long order = 0, probes = 0;
    for (const auto &run : store.listRuns()) {
        QCOMPARE(run.status, std::string("ok"));
        QCOMPARE(run.collectionOrder.value_or(0), ++order); // every run has its place
        if (run.scenario == "server") { // the serving step's probes, each a stored run
            ++probes;
            QVERIFY2(run.runKey.find("-serving/qps") != std::string::npos, run.runKey.c_str());
            continue;
        }
        if (!run.retryOf.empty()) {
            const auto repeated = store.runIdForExecutionKey(run.retryOf);
            QVERIFY(repeated && *repeated < run.id);
            QCOMPARE(store.run(*repeated)->valid, std::optional<bool>(false));
            continue;
        }
        workloads.insert(run.workload);
        if (run.workload == "mlp")
            QVERIFY2(!store.shapeCases(run.id).empty(), run.runKey.c_str());
    }
    QCOMPARE(workloads.count("mlp"), std::size_t(8));
    QCOMPARE(workloads.count("train-mlp"), std::size_t(2));
    QCOMPARE(workloads.count("faulttest"), std::size_t(1));
    QVERIFY(probes >= 2); // at least a probe on each side
    // The catalog covers every required mode, so compatibility is judged from evidence. Catalog
    // coverage counts valid runs only: when the parallel suite's load keeps a smoke run too noisy
    // after its retries (it is then named), leaving that criterion open is the right answer.
    if (!r.out.contains(QStringLiteral("Not valid evidence after")))
        for (const char *criterion :
             {"catalog_shapes_in_required_modes", "no_unsupported_op_failures",
              "no_host_round_trips"}) // the compatibility gate's
            QVERIFY2(!r.out.contains(QStringLiteral("insufficient  ") + QLatin1String(criterion)),
                     qPrintable(r.out));
}

void TestAppCli::pilotEndsWithTheGatesDecision()
{
    // `pilot` ends with the gate table and the decision exactly as `gates` then prints them from
    // the same database, and exits with the same code, so a pipeline can use either. Here no cost
    // model and no rollback path are stored: never "migrate", exit 1.
    const QString path = db("pilot-gates.sqlite");
    const Result pilot = app({QStringLiteral("pilot"), QStringLiteral("--preset"),
                              QStringLiteral("smoke"), QStringLiteral("--no-faulttest"),
                              QStringLiteral("--no-dashboard"), QStringLiteral("--db"), path},
                             headless());
    const Result gates = app({QStringLiteral("gates"), QStringLiteral("--db"), path}, headless());
    QVERIFY2(gates.code == 1, qPrintable(gates.out + gates.err));
    QCOMPARE(pilot.code, gates.code);
    QVERIFY2(gates.out.contains(QStringLiteral("\nDecision: ")), qPrintable(gates.out));
    for (const char *gate : {"compatibility", "correctness", "performance", "operations", "cost"})
        QVERIFY2(gates.out.contains(QLatin1String(gate)), gate);
    QVERIFY2(pilot.out.endsWith(gates.out),
             qPrintable(pilot.out + QStringLiteral("\n--- gates:\n") + gates.out));
    // Before the table: the collection, and a pointer to what it left open.
    const QString before = pilot.out.chopped(gates.out.size());
    QVERIFY2(before.contains(QStringLiteral("Pilot evidence collected in")), qPrintable(before));
    QVERIFY2(before.endsWith(QStringLiteral("the criteria marked insufficient below.\n")),
             qPrintable(before));
    QVERIFY2(!pilot.out.contains(QStringLiteral("No display available")), qPrintable(pilot.out));
}

void TestAppCli::gatesExitCodes()
{
    const Result imported = app({QStringLiteral("import"), QStringLiteral("--db"),
                                 db("gates.sqlite"), tptest::dataFile("valid_run.jsonl")},
                                headless());
    QVERIFY2(imported.code == 0, qPrintable(imported.out + imported.err));
    Result r =
        app({QStringLiteral("gates"), QStringLiteral("--db"), db("gates.sqlite")}, headless());
    QCOMPARE(r.code, 1); // not "migrate": a nightly pipeline must stop here
    QVERIFY2(r.out.contains(QStringLiteral("Decision: inconclusive")), qPrintable(r.out));
    for (const char *gate : {"compatibility", "correctness", "performance", "operations", "cost"})
        QVERIFY2(r.out.contains(QLatin1String(gate)), gate);
    r = app({QStringLiteral("gates"), QStringLiteral("--db"), db("gates.sqlite"),
             QStringLiteral("--json")},
            headless());
    QCOMPARE(r.code, 1);
    const auto report = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(report["decision"].get<std::string>(), std::string("inconclusive"));
    QCOMPARE(report["gates"].size(), std::size_t(5));
    r = app({QStringLiteral("gates"), QStringLiteral("--db"), db("gates.sqlite"),
             QStringLiteral("--candidate-cost"), QStringLiteral("no-such-preset")},
            headless());
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("no cost preset named 'no-such-preset'")),
             qPrintable(r.err));
    r = app({QStringLiteral("gates"), QStringLiteral("--db"), db("gates.sqlite"),
             QStringLiteral("--definitions"), tptest::dataFile("garbage.bin")},
            headless());
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("malformed JSON")), qPrintable(r.err));
}

void TestAppCli::reviewSignOffRecordHistory()
{
    const QString path = db("review.sqlite");
    auto cmd = [&](QStringList args) {
        args.insert(1, QStringLiteral("--db"));
        args.insert(2, path);
        return app(args, headless());
    };
    QCOMPARE(cmd({QStringLiteral("import"), tptest::dataFile("review_pilot.jsonl")}).code, 0);
    // Each side's peak search (throughput within the SLO), as the pilot's serving step stores it.
    QCOMPARE(cmd({QStringLiteral("import"), tptest::dataFile("review_serving.jsonl")}).code, 0);
    // Inputs stored once, used by every later `gates` without flags.
    Result r =
        cmd({QStringLiteral("review"), QStringLiteral("--set-cost"), QStringLiteral("baseline"),
             QStringLiteral("--preset"), QStringLiteral("gpu-on-demand-example")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("gpu-on-demand-example")), qPrintable(r.out));
    QCOMPARE(
        cmd({QStringLiteral("review"), QStringLiteral("--set-cost"), QStringLiteral("candidate"),
             QStringLiteral("--preset"), QStringLiteral("tpu-on-demand-example")})
            .code,
        0);
    QCOMPARE(cmd({QStringLiteral("review"), QStringLiteral("--set-rollback"),
                  QStringLiteral("route traffic back to GPU v41")})
                 .code,
             0);
    r = cmd({QStringLiteral("gates"), QStringLiteral("--json")});
    auto report = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(report["evidence_hash"].get<std::string>().size(), std::size_t(64));
    QVERIFY(report["last_review"].is_null());
    QCOMPARE(report["inputs"]["candidate_cost"]["name"].get<std::string>(),
             std::string("tpu-on-demand-example"));
    QCOMPARE(report["gates"][3]["verdict"].get<std::string>(),
             std::string("pass")); // the stored rollback path counts

    // Bad input: exit 2, nothing stored.
    r = cmd({QStringLiteral("review"), QStringLiteral("--sign-off"), QStringLiteral("speed"),
             QStringLiteral("--reviewer"), QStringLiteral("alice")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("unknown gate 'speed'")), qPrintable(r.err));
    r = cmd({QStringLiteral("review"), QStringLiteral("--record"), QStringLiteral("--reviewer"),
             QStringLiteral("  ")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--reviewer NAME is required")), qPrintable(r.err));
    r = cmd({QStringLiteral("review"), QStringLiteral("--set-cost"), QStringLiteral("candidate"),
             QStringLiteral("--preset"), QStringLiteral("nope")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("no cost preset named 'nope'")), qPrintable(r.err));

    r = cmd({QStringLiteral("review"), QStringLiteral("--sign-off"), QStringLiteral("performance"),
             QStringLiteral("--reviewer"), QStringLiteral("alice"), QStringLiteral("--comment"),
             QStringLiteral("p99 inside the SLO")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("Gate performance signed off by alice")),
             qPrintable(r.out));
    r = cmd({QStringLiteral("review"), QStringLiteral("--record"), QStringLiteral("--reviewer"),
             QStringLiteral("bob"), QStringLiteral("--comment"), QStringLiteral("first review")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("Recorded decision #1")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QString::fromStdString(report["evidence_hash"].get<std::string>())),
             qPrintable(r.out));
    r = cmd({QStringLiteral("review"), QStringLiteral("--history")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("#1 ")) && r.out.contains(QStringLiteral("bob")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("sign-off: gate performance by alice")),
             qPrintable(r.out));
    r = cmd({QStringLiteral("gates")});
    QVERIFY2(r.out.contains(QStringLiteral("No changes since the last review (#1, ")),
             qPrintable(r.out));

    // A new run arrives: gates names the last review and exactly what changed since.
    QCOMPARE(cmd({QStringLiteral("import"), tptest::dataFile("review_slow_run.jsonl")}).code, 0);
    r = cmd({QStringLiteral("gates")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("Changes since the last review (#1, ")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral(", bob):")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("gate performance: pass → fail")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("run 9 added: review-compiled-slow (ok, valid)")),
             qPrintable(r.out));
    report = nlohmann::json::parse(
        cmd({QStringLiteral("gates"), QStringLiteral("--json")}).out.toStdString());
    QCOMPARE(report["last_review"]["id"].get<long long>(), 1LL);
    QCOMPARE(report["last_review"]["signoffs"].size(), std::size_t(1));
    const auto &changes = report["changes_since_last_review"];
    QVERIFY(std::any_of(changes.begin(), changes.end(), [](const nlohmann::json &c) {
        return c["kind"] == "gate" && c["subject"] == "performance" && c["after"] == "fail";
    }));
    // Flags still override the stored inputs for one evaluation.
    report = nlohmann::json::parse(
        cmd({QStringLiteral("gates"), QStringLiteral("--json"), QStringLiteral("--candidate-cost"),
             QStringLiteral("tpu-spot-example")})
            .out.toStdString());
    QCOMPARE(report["inputs"]["candidate_cost"]["name"].get<std::string>(),
             std::string("tpu-spot-example"));
}

QTEST_GUILESS_MAIN(TestAppCli)
#include "tst_app_cli.moc"
