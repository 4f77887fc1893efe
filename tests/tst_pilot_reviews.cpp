// Each pilot has its own review: sign-offs and decisions belong to the pilot they were made
// under (schema v8), "changes since the last review" compares a pilot with its own last decision,
// a removed pilot's decisions stay in the history without a pilot, and decisions recorded before
// v8 migrate to the pilot their evidence names (else to the selected pilot).
#include "model/review/gates.h"
#include "model/session/evaluate_review.h"
#include "model/store/pilot_store.h"
#include "model/store/schema.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "schema_downgrade.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>
#include <QtTest>

namespace
{

tp::GateDefinitions gateFile()
{
    return tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json");
}

tp::PilotDefinition otherPilot()
{
    tp::PilotDefinition p = tp::defaultPilot();
    p.name = "other";
    p.sloP99Seconds = 0.5;
    return p;
}

} // namespace

class TestPilotReviews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void decisionsArePerPilot();
    void removedPilotKeepsItsHistory();
    void v7DecisionsMigrateToTheirPilot();

private:
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QTemporaryDir m_dir;
};

void TestPilotReviews::decisionsArePerPilot()
{
    tp::Store store(path("per-pilot.sqlite").toStdString(), tptest::fixturePolicy());
    tp::PilotStore pilots(store);
    const tp::PilotDefinition local = pilots.selected();
    const tp::PilotDefinition other = pilots.add(otherPilot());
    tp::ReviewStore reviews(store);

    const tp::ReviewState l1 = tp::evaluateReview(store, gateFile());
    reviews.signOff(l1, "performance", "ana", "");
    const tp::ReviewState o1 = tp::evaluateReview(store, gateFile(), std::nullopt, "other");
    reviews.signOff(o1, "cost", "bea", "");
    // Each pilot sees only its own pending sign-off.
    QCOMPARE(tp::evaluateReview(store, gateFile()).pendingSignoffs.size(), std::size_t(1));
    QCOMPARE(o1.pendingSignoffs.size(), std::size_t(0)); // evaluated before bea signed
    const auto otherPending =
        tp::evaluateReview(store, gateFile(), std::nullopt, "other").pendingSignoffs;
    QCOMPARE(otherPending.size(), std::size_t(1));
    QCOMPARE(otherPending[0].gateId, std::string("cost"));
    QCOMPARE(otherPending[0].pilotId, other.id);

    const tp::DecisionSnapshot ld = reviews.recordDecision(l1, "ana", "local first");
    QCOMPARE(ld.pilotId, local.id);
    QCOMPARE(ld.signoffs.size(), std::size_t(1)); // ana's, not bea's
    QCOMPARE(ld.signoffs[0].gateId, std::string("performance"));
    QCOMPARE(ld.toJson()["pilot"].get<std::string>(), std::string("local"));

    // The other pilot has no decision yet: no last review, nothing "changed since".
    const tp::ReviewState o2 = tp::evaluateReview(store, gateFile(), std::nullopt, "other");
    QVERIFY(!o2.lastReview);
    QVERIFY(o2.changesSinceLastReview.empty());
    QCOMPARE(o2.pendingSignoffs.size(), std::size_t(1)); // bea's is still pending
    const tp::DecisionSnapshot od = reviews.recordDecision(o2, "bea", "");
    QCOMPARE(od.pilotId, other.id);
    QCOMPARE(od.signoffs.size(), std::size_t(1));
    QCOMPARE(od.signoffs[0].gateId, std::string("cost"));

    QCOMPARE(reviews.snapshots().size(), std::size_t(2));
    QCOMPARE(reviews.snapshots(local.id).size(), std::size_t(1));
    QCOMPARE(reviews.latestSnapshot(local.id)->id, ld.id);
    QCOMPARE(reviews.latestSnapshot(other.id)->id, od.id);

    // Editing one pilot is a change for that pilot only.
    tp::PilotDefinition edited = pilots.resolve("other");
    edited.sloP99Seconds = 0.25;
    pilots.update("other", edited);
    const tp::ReviewState o3 = tp::evaluateReview(store, gateFile(), std::nullopt, "other");
    QCOMPARE(o3.lastReview->id, od.id);
    QVERIFY(std::any_of(o3.changesSinceLastReview.begin(), o3.changesSinceLastReview.end(),
                        [](const tp::ReviewChange &c) { return c.subject == "slo"; }));
    const tp::ReviewState l2 = tp::evaluateReview(store, gateFile());
    QCOMPARE(l2.lastReview->id, ld.id);
    QVERIFY(l2.changesSinceLastReview.empty());
    QCOMPARE(l2.evidenceHash, ld.evidenceHash);

    // Without a pilot named, a write goes to the pilot its evidence names.
    const tp::DecisionSnapshot implied = reviews.recordDecision(o3.report, o3.evidence, "cid", "");
    QCOMPARE(implied.pilotId, other.id);
}

void TestPilotReviews::removedPilotKeepsItsHistory()
{
    tp::Store store(path("removed.sqlite").toStdString(), tptest::fixturePolicy());
    tp::PilotStore pilots(store);
    const tp::PilotDefinition other = pilots.add(otherPilot());
    tp::ReviewStore reviews(store);
    const tp::ReviewState s = tp::evaluateReview(store, gateFile(), std::nullopt, "other");
    reviews.signOff(s, "cost", "bea", "");
    const tp::DecisionSnapshot d = reviews.recordDecision(s, "bea", "");
    reviews.signOff(s, "correctness", "bea", ""); // pending when the pilot goes
    pilots.remove("other");
    const auto all = reviews.snapshots();
    QCOMPARE(all.size(), std::size_t(1));
    QCOMPARE(all[0].id, d.id);
    QCOMPARE(all[0].pilotId, 0LL);
    QCOMPARE(all[0].signoffs.size(), std::size_t(1));
    QVERIFY(reviews.pendingSignoffs().empty());
    // A new pilot (SQLite may give it the freed id) starts with no history.
    const tp::PilotDefinition again = pilots.add(otherPilot());
    QVERIFY(reviews.snapshots(again.id).empty());
    QVERIFY(!tp::evaluateReview(store, gateFile(), std::nullopt, "other").lastReview);
    Q_UNUSED(other);
}

void TestPilotReviews::v7DecisionsMigrateToTheirPilot()
{
    const std::string db = path("v7.sqlite").toStdString();
    long long localId = 0, otherId = 0;
    {
        tp::Store store(db, tptest::fixturePolicy());
        tp::PilotStore pilots(store);
        localId = pilots.selected().id;
        otherId = pilots.add(otherPilot()).id;
        tp::ReviewStore reviews(store);
        const tp::ReviewState s = tp::evaluateReview(store, gateFile(), std::nullopt, "other");
        reviews.signOff(s, "cost", "bea", "");
        reviews.recordDecision(s, "bea", ""); // #1 names "other"
        tp::StoreConnection::of(store).exec(
            "INSERT INTO decision_snapshots(reviewer, decision, evidence_hash, "
            "evidence_json) VALUES('old', 'keep', 'x', '{}')"); // #2 before pilots
        tp::StoreConnection::of(store).exec(
            "INSERT INTO decision_snapshots(reviewer, decision, evidence_hash, "
            "evidence_json) VALUES('bad', 'keep', 'x', 'not json')"); // #3
        reviews.signOff(s, "correctness", "bea", "");                 // pending
    }
    {
        // Back to schema 7 exactly: no pilot columns.
        SQLite::Database raw(db, SQLite::OPEN_READWRITE);
        tptest::downgradeToV7(raw);
    }
    tp::Store store(db, tptest::fixturePolicy());
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    SQLite::Statement q(tp::StoreConnection::of(store),
                        "SELECT coalesce(pilot_id, 0) FROM decision_snapshots "
                        "ORDER BY id");
    std::vector<long long> owners;
    while (q.executeStep())
        owners.push_back(q.getColumn(0).getInt64());
    QCOMPARE(owners, (std::vector<long long>{otherId, localId, localId}));
    SQLite::Statement s(tp::StoreConnection::of(store),
                        "SELECT gate_id, coalesce(pilot_id, 0) FROM gate_signoffs "
                        "ORDER BY id");
    std::vector<std::pair<std::string, long long>> signoffs;
    while (s.executeStep())
        signoffs.emplace_back(s.getColumn(0).getString(), s.getColumn(1).getInt64());
    // The attached one follows its decision; the pending one goes to the selected pilot.
    QCOMPARE(signoffs, (std::vector<std::pair<std::string, long long>>{{"cost", otherId},
                                                                       {"correctness", localId}}));
}

QTEST_GUILESS_MAIN(TestPilotReviews)
#include "tst_pilot_reviews.moc"
