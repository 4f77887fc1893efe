// The decision review: canonical evidence and its SHA-256 (stable across evaluations, re-opening,
// re-importing and rebuilding the same database), sign-offs attached to snapshots, rejected bad
// sign-offs, stored inputs and overrides, and the v3 → v4 migration. What changed since the last
// review (hash and diff after a new run, an invalid run, new inputs): tst_review_diff.cpp.
#include "model/session/evaluate_review.h"
#include "model/store/schema.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "review_fixture.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/SQLiteCpp.h>

using nlohmann::json;

using namespace tptest;

class TestReview : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sha256KnownVectors_data();
    void sha256KnownVectors();
    void hashIsStable_data();
    void hashIsStable();
    void signoffsAttachToSnapshot();
    void badSignoffRejected_data();
    void badSignoffRejected();
    void inputsRoundTrip_data();
    void inputsRoundTrip();
    void overridesReplaceStoredInputs();
    void migratesV3ToV4();

private:
    std::string dbPath(const QString &name) const
    {
        return m_dir.filePath(name + QStringLiteral(".sqlite")).toStdString();
    }
    static void import(tp::Store &store, const QStringList &files) { importFiles(store, files); }
    QTemporaryDir m_dir;
};

void TestReview::sha256KnownVectors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("digest");
    // FIPS 180-2 test vectors.
    QTest::newRow("empty") << QByteArray()
                           << "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    QTest::newRow("abc") << QByteArray("abc")
                         << "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    QTest::newRow("448 bits") << QByteArray(
                                     "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                              << "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
}

void TestReview::sha256KnownVectors()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, digest);
    QCOMPARE(QString::fromStdString(tp::sha256Hex(input.toStdString())), digest);
}

void TestReview::hashIsStable_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::newRow("review pilot") << QStringList{QStringLiteral("review_pilot.jsonl")};
    QTest::newRow("charts fixture") << QStringList{QStringLiteral("charts_fixture.jsonl")};
    QTest::newRow("panels fixture") << QStringList{QStringLiteral("panels_fixture.jsonl")};
    QTest::newRow("valid + failed run")
        << QStringList{QStringLiteral("valid_run.jsonl"), QStringLiteral("two_runs.jsonl")};
}

void TestReview::hashIsStable()
{
    QFETCH(QStringList, files);
    const QString tag =
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
    const auto defs = definitions();
    std::string first;
    {
        tp::Store store(dbPath(QStringLiteral("stable-a-") + tag));
        import(store, files);
        tp::ReviewStore(store).saveInputs(fullInputs());
        const auto a = tp::evaluateReview(store, defs);
        const auto b = tp::evaluateReview(store, defs);
        QCOMPARE(a.evidenceHash, b.evidenceHash);
        QCOMPARE(tp::canonicalDump(a.evidence), tp::canonicalDump(b.evidence));
        QCOMPARE(a.evidenceHash, tp::sha256Hex(tp::canonicalDump(a.evidence)));
        QCOMPARE(a.evidenceHash.size(), std::size_t(64));
        QVERIFY(!a.evidence["runs"].empty());
        first = a.evidenceHash;
        import(store, files); // re-importing the same streams stores nothing new
        QCOMPARE(tp::evaluateReview(store, defs).evidenceHash, first);
    }
    {
        tp::Store reopened(dbPath(QStringLiteral("stable-a-") + tag));
        QCOMPARE(tp::evaluateReview(reopened, defs).evidenceHash, first);
    }
    // Another database built from the same files, imported at another time: same evidence.
    QTest::qWait(5);
    tp::Store other(dbPath(QStringLiteral("stable-b-") + tag));
    import(other, files);
    tp::ReviewStore(other).saveInputs(fullInputs());
    QCOMPARE(tp::evaluateReview(other, defs).evidenceHash, first);
}

void TestReview::signoffsAttachToSnapshot()
{
    tp::Store store(dbPath(QStringLiteral("signoff")));
    import(store, {QStringLiteral("charts_fixture.jsonl")});
    tp::ReviewStore reviews(store);
    const auto defs = definitions();
    auto state = tp::evaluateReview(store, defs);
    const auto first = reviews.signOff(state, "performance", "bob", "p99 looks fine");
    QCOMPARE(first.snapshotId, 0LL);
    QCOMPARE(first.evidenceHash, state.evidenceHash);
    QVERIFY2(
        QRegularExpression(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"))
            .match(QString::fromStdString(first.signedAt))
            .hasMatch(),
        first.signedAt.c_str());
    reviews.signOff(state, "performance", "  carol  ", ""); // replaces bob's pending sign-off
    reviews.signOff(state, "cost", "dave", "");
    state = tp::evaluateReview(store, defs);
    QCOMPARE(state.pendingSignoffs.size(), std::size_t(2));
    QCOMPARE(state.pendingSignoffs[0].gateId, std::string("performance"));
    QCOMPARE(state.pendingSignoffs[0].reviewer, std::string("carol")); // stored trimmed
    QCOMPARE(state.pendingSignoffs[1].gateId, std::string("cost"));

    const auto one = reviews.recordDecision(state.report, state.evidence, "erin", "keep for now");
    QCOMPARE(one.signoffs.size(), std::size_t(2));
    for (const auto &s : one.signoffs)
        QCOMPARE(s.snapshotId, one.id);
    QCOMPARE(one.decision, state.report.decision);
    QCOMPARE(one.comment, std::string("keep for now"));
    QVERIFY(reviews.pendingSignoffs().empty());

    reviews.signOff(tp::evaluateReview(store, defs), "compatibility", "frank", "");
    const auto two = reviews.recordDecision(state.report, state.evidence, "erin", "");
    QCOMPARE(two.signoffs.size(), std::size_t(1));
    const auto all = reviews.snapshots();
    QCOMPARE(all.size(), std::size_t(2));
    QCOMPARE(all[0].id, two.id); // newest first
    QCOMPARE(all[1].signoffs.size(), std::size_t(2));
    QCOMPARE(reviews.latestSnapshot()->id, two.id);
    QCOMPARE(reviews.latestSnapshot()->toJson()["signoffs"][0]["gate"].get<std::string>(),
             std::string("compatibility"));
}

void TestReview::badSignoffRejected_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("gate");
    QTest::addColumn<QString>("reviewer");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown gate") << "signoff"
                                  << "speed"
                                  << "alice"
                                  << "unknown gate 'speed'";
    QTest::newRow("empty reviewer") << "signoff"
                                    << "cost"
                                    << ""
                                    << "reviewer name is required";
    QTest::newRow("blank reviewer") << "signoff"
                                    << "cost"
                                    << " \t "
                                    << "reviewer name is required";
    QTest::newRow("record, blank reviewer") << "record"
                                            << ""
                                            << "  "
                                            << "reviewer name is required";
}

void TestReview::badSignoffRejected()
{
    QFETCH(QString, action);
    QFETCH(QString, gate);
    QFETCH(QString, reviewer);
    QFETCH(QString, error);
    tp::Store store(dbPath(
        QStringLiteral("bad-") +
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'))));
    import(store, {QStringLiteral("valid_run.jsonl")});
    tp::ReviewStore reviews(store);
    const auto state = tp::evaluateReview(store, definitions());
    try {
        if (action == QLatin1String("signoff"))
            reviews.signOff(state, gate.toStdString(), reviewer.toStdString(), "");
        else
            reviews.recordDecision(state.report, state.evidence, reviewer.toStdString(), "");
        QFAIL("should have thrown");
    } catch (const tp::ReviewError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
    }
    QVERIFY(reviews.pendingSignoffs().empty());
    QVERIFY(reviews.snapshots().empty());
}

void TestReview::inputsRoundTrip_data()
{
    QTest::addColumn<int>("variant");
    QTest::newRow("nothing entered") << 0;
    QTest::newRow("both costs and rollback") << 1;
    QTest::newRow("spot and migration engineering, one side") << 2;
    QTest::newRow("rollback only, non-ASCII") << 3;
}

void TestReview::inputsRoundTrip()
{
    QFETCH(int, variant);
    tp::ReviewInputs in;
    if (variant == 1)
        in = fullInputs();
    if (variant == 2) {
        tp::CostModel spot = cost("tpu-spot", 2.7);
        spot.currency = "EUR";
        spot.spot = true;
        spot.spotDiscount = 0.6;
        spot.preemptionsPerHour = 0.1;
        spot.resumeHours = 0.1;
        spot.migrationEngineeringCost = 40000;
        spot.amortizeOverResults = 1e9;
        in.candidateCost = spot;
    }
    if (variant == 3)
        in.rollbackPath = "reverter para a imagem GPU v41 — tráfego de volta";
    const std::string path = dbPath(QStringLiteral("inputs-%1").arg(variant));
    {
        tp::Store store(path);
        tp::ReviewStore(store).saveInputs(
            fullInputs()); // overwritten below: nothing of it may remain
        tp::ReviewStore(store).saveInputs(in);
    }
    tp::Store store(path);
    const tp::ReviewInputs got = tp::ReviewStore(store).inputs();
    QCOMPARE(tp::reviewInputsToJson(got), tp::reviewInputsToJson(in));
    QCOMPARE(got.rollbackPath, in.rollbackPath);
    QCOMPARE(got.candidateCost.has_value(), in.candidateCost.has_value());
    if (variant == 2) {
        QVERIFY(got.candidateCost->spot);
        QCOMPARE(got.candidateCost->spotDiscount, 0.6);
        QCOMPARE(got.candidateCost->currency, std::string("EUR"));
    }
}

void TestReview::overridesReplaceStoredInputs()
{
    tp::Store store(dbPath(QStringLiteral("overrides")));
    import(store, {QStringLiteral("charts_fixture.jsonl")});
    tp::ReviewStore(store).saveInputs(fullInputs());
    const auto stored = tp::evaluateReview(store, definitions());
    QCOMPARE(stored.inputs.rollbackPath, fullInputs().rollbackPath);
    const auto overridden = tp::evaluateReview(store, definitions(), tp::ReviewInputs{});
    QVERIFY(overridden.inputs.rollbackPath.empty());
    QCOMPARE_NE(QString::fromStdString(overridden.evidenceHash),
                QString::fromStdString(stored.evidenceHash));
    for (const auto &g : overridden.report.gates)
        for (const auto &c : g.criteria)
            if (c.id == "rollback_path_recorded" || c.id == "cost_per_useful_result_not_worse")
                QCOMPARE(tp::verdictName(c.verdict), std::string("insufficient"));
}

void TestReview::migratesV3ToV4()
{
    // A v3 file with runs, written through SQL only, as a v3 release would have left it.
    const std::string withRuns = dbPath(QStringLiteral("v3-runs"));
    {
        SQLite::Database db(withRuns, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        for (int v = 0; v < 3; ++v)
            db.exec(tp::schema::kMigrations[static_cast<std::size_t>(v)]);
        db.exec("PRAGMA application_id = " + std::to_string(tp::schema::kApplicationId));
        db.exec("PRAGMA user_version = 3");
        db.exec("INSERT INTO runs(id, execution_key, run_key, mode, dtype, status, complete, "
                "valid, sample_count) "
                "VALUES(1, 'k-eager', 'old/eager', 'eager', 'float32', 'ok', 1, 1, 3), "
                "(2, 'k-compiled', 'old/compiled', 'compiled', 'float32', 'ok', 1, 1, 3)");
        db.exec("INSERT INTO samples VALUES(1, 'steady', 0, 0.1), (1, 'steady', 1, 0.1), (1, "
                "'steady', 2, 0.1)");
    }
    tp::Store store(withRuns);
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion); // v3 → v4 and on
    for (const char *table : {"review_inputs", "gate_signoffs", "decision_snapshots"})
        QVERIFY2(tp::StoreConnection::of(store).tableExists(table), table);
    QCOMPARE(store.runCount(), 2LL);
    QCOMPARE(store.run(1)->executionKey, std::string("k-eager"));
    QCOMPARE(store.samples(1, "steady").size(), std::size_t(3));
    tp::ReviewStore reviews(store);
    QVERIFY(!reviews.inputs().baselineCost);
    QVERIFY(reviews.snapshots().empty());
    const auto state = tp::evaluateReview(store, definitions());
    QCOMPARE(state.report.baselineRuns, std::vector<long long>{1});
    QCOMPARE(state.report.candidateRuns, std::vector<long long>{2});
    reviews.recordDecision(state.report, state.evidence, "migrator", "");
    QCOMPARE(reviews.snapshots().size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TestReview)
#include "tst_review.moc"
