// ReviewStore: the review tables of schema v4 (review_inputs, gate_signoffs, decision_snapshots).
#include "review_store.h"
#include "store_connection.h"

#include "model/review/review.h"
#include "model/store/sqlite_row.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <cctype>

namespace tp
{
using nlohmann::json;

namespace
{

const char *kSignoffColumns =
    "id, gate_id, reviewer, signed_at, comment, evidence_hash, coalesce(snapshot_id, 0), "
    "coalesce(pilot_id, 0), merged_from";
const char *kSnapshotColumns =
    "id, created_at, reviewer, comment, decision, evidence_hash, evidence_json, "
    "coalesce(pilot_id, 0), merged_from";
// The pilot a sign-off or decision belongs to when the caller names none: the one `evidence`
// names, else the selected one (0 when the database has no pilot).
long long impliedPilot(Store &store, const json &evidence)
{
    if (evidence.contains("pilot") && evidence["pilot"].is_object()) {
        SQLite::Statement q(StoreConnection::of(store), "SELECT id FROM pilots WHERE name = ?");
        q.bind(1, evidence["pilot"].value("name", ""));
        if (q.executeStep())
            return q.getColumn(0).getInt64();
    }
    SQLite::Statement q(StoreConnection::of(store),
                        "SELECT id FROM pilots ORDER BY selected DESC, id LIMIT 1");
    return q.executeStep() ? q.getColumn(0).getInt64() : 0;
}

// "pilot_id IS ?" matches NULL too; 0 binds as NULL (no pilot recorded).
void bindPilot(SQLite::Statement &q, int index, long long pilotId)
{
    if (pilotId)
        q.bind(index, static_cast<int64_t>(pilotId));
    else
        q.bind(index);
}

std::string trimmed(const std::string &s)
{
    auto space = [](unsigned char c) { return std::isspace(c) != 0; };
    const auto begin = std::find_if_not(s.begin(), s.end(), space);
    const auto end = std::find_if_not(s.rbegin(), s.rend(), space).base();
    return begin < end ? std::string(begin, end) : std::string();
}

std::string requireReviewer(const std::string &reviewer)
{
    std::string name = trimmed(reviewer);
    if (name.empty())
        throw ReviewError("a reviewer name is required (it was empty)");
    return name;
}

Decision decisionFromName(const std::string &name)
{
    return name == "migrate" ? Decision::Migrate
           : name == "keep"  ? Decision::KeepCurrentPath
                             : Decision::Inconclusive;
}

GateSignoff readSignoff(SQLite::Statement &q)
{
    GateSignoff s;
    sqlrow::readRow(q, s.id, s.gateId, s.reviewer, s.signedAt, s.comment, s.evidenceHash,
                    s.snapshotId, s.pilotId, s.mergedFrom);
    return s;
}

using sqlrow::guarded;

// Sign-offs selected by `where`, whose one `?` (if any) is bound to `id`.
std::vector<GateSignoff> signoffsWhere(Store &store, const std::string &where, long long id)
{
    SQLite::Statement q(StoreConnection::of(store), std::string("SELECT ") + kSignoffColumns +
                                                        " FROM gate_signoffs WHERE " + where +
                                                        " ORDER BY id");
    if (id)
        q.bind(1, static_cast<int64_t>(id));
    std::vector<GateSignoff> out;
    while (q.executeStep())
        out.push_back(readSignoff(q));
    return out;
}

// Snapshots selected by `tail` (an ORDER BY / WHERE clause; `?` is bound to `id`), with their
// sign-offs.
std::vector<DecisionSnapshot> readSnapshots(Store &store, const std::string &tail, long long id)
{
    return guarded("read the decision snapshots", [&] {
        SQLite::Statement q(StoreConnection::of(store), std::string("SELECT ") + kSnapshotColumns +
                                                            " FROM decision_snapshots " + tail);
        if (id)
            q.bind(1, static_cast<int64_t>(id));
        std::vector<DecisionSnapshot> out;
        while (q.executeStep()) {
            DecisionSnapshot s;
            std::string decision, evidence;
            sqlrow::readRow(q, s.id, s.createdAt, s.reviewer, s.comment, decision, s.evidenceHash,
                            evidence, s.pilotId, s.mergedFrom);
            s.decision = decisionFromName(decision);
            s.evidence = json::parse(evidence, nullptr, false);
            if (s.evidence.is_discarded())
                throw StoreError("decision snapshot #" + std::to_string(s.id) +
                                 " holds malformed evidence JSON");
            out.push_back(std::move(s));
        }
        for (DecisionSnapshot &s : out)
            s.signoffs = signoffsWhere(store, "snapshot_id = ?", s.id);
        return out;
    });
}

} // namespace

ReviewStore::ReviewStore(Store &store) : m_store(store) {}

ReviewInputs ReviewStore::inputs() const
{
    ReviewInputs in;
    guarded("read the review inputs", [&] {
        SQLite::Statement q(StoreConnection::of(m_store),
                            "SELECT key, json FROM review_inputs ORDER BY key");
        while (q.executeStep()) {
            const std::string key = q.getColumn(0).getString();
            const json value = json::parse(q.getColumn(1).getString(), nullptr, false);
            const std::string origin = m_store.path() + ": review input '" + key + "'";
            if (value.is_discarded())
                throw ReviewError(origin + " is malformed JSON");
            try {
                if (key == "baseline_cost")
                    in.baselineCost = parseCostModel(value, origin);
                else if (key == "candidate_cost")
                    in.candidateCost = parseCostModel(value, origin);
                else if (key == "rollback_path")
                    in.rollbackPath = value.is_string()
                                          ? value.get<std::string>()
                                          : throw ReviewError(origin + " must be a string");
            } catch (const CostError &e) {
                throw ReviewError(e.what());
            }
        }
        return 0;
    });
    return in;
}

void ReviewStore::saveInputs(const ReviewInputs &inputs)
{
    guarded("save the review inputs", [&] {
        SQLite::Transaction tx(StoreConnection::of(m_store),
                               SQLite::TransactionBehavior::IMMEDIATE);
        StoreConnection::of(m_store).exec("DELETE FROM review_inputs");
        SQLite::Statement q(StoreConnection::of(m_store),
                            "INSERT INTO review_inputs(key, json) VALUES(?, ?)");
        auto put = [&q](const char *key, const json &value) {
            q.bind(1, key);
            q.bind(2, value.dump(-1, ' ', false, json::error_handler_t::replace));
            q.exec();
            q.reset();
        };
        if (inputs.baselineCost)
            put("baseline_cost", costModelToJson(*inputs.baselineCost));
        if (inputs.candidateCost)
            put("candidate_cost", costModelToJson(*inputs.candidateCost));
        if (!inputs.rollbackPath.empty())
            put("rollback_path", inputs.rollbackPath);
        tx.commit();
        return 0;
    });
}

GateSignoff ReviewStore::signOff(const std::string &gateId, const std::string &reviewer,
                                 const std::string &comment, const std::string &evidenceHash,
                                 long long pilotId)
{
    const std::string name = requireReviewer(reviewer);
    if (gateId.empty())
        throw ReviewError("a gate id is required to sign off");
    return guarded("record the sign-off", [&] {
        SQLite::Transaction tx(StoreConnection::of(m_store),
                               SQLite::TransactionBehavior::IMMEDIATE);
        if (!pilotId)
            pilotId = impliedPilot(m_store, json());
        SQLite::Statement del(StoreConnection::of(m_store),
                              "DELETE FROM gate_signoffs WHERE gate_id = ? AND snapshot_id IS NULL "
                              "AND pilot_id IS ?");
        del.bind(1, gateId);
        bindPilot(del, 2, pilotId);
        del.exec();
        SQLite::Statement q(StoreConnection::of(m_store),
                            "INSERT INTO gate_signoffs(gate_id, reviewer, comment, "
                            "evidence_hash, pilot_id) VALUES(?, ?, ?, ?, ?)");
        q.bind(1, gateId);
        q.bind(2, name);
        q.bind(3, comment);
        q.bind(4, evidenceHash);
        bindPilot(q, 5, pilotId);
        q.exec();
        const long long id = StoreConnection::of(m_store).getLastInsertRowid();
        tx.commit();
        SQLite::Statement read(StoreConnection::of(m_store),
                               std::string("SELECT ") + kSignoffColumns +
                                   " FROM gate_signoffs WHERE id = ?");
        read.bind(1, static_cast<int64_t>(id));
        read.executeStep();
        return readSignoff(read);
    });
}

GateSignoff ReviewStore::signOff(const ReviewState &state, const std::string &gateId,
                                 const std::string &reviewer, const std::string &comment)
{
    const auto &gates = state.report.gates;
    if (std::none_of(gates.begin(), gates.end(),
                     [&](const GateResult &g) { return g.id == gateId; })) {
        std::string known;
        for (const GateResult &g : gates)
            known += (known.empty() ? "" : ", ") + g.id;
        throw ReviewError("unknown gate '" + gateId + "' (gates of " + state.report.definitions +
                          ": " + known + ")");
    }
    return signOff(gateId, reviewer, comment, state.evidenceHash, state.pilot.id);
}

std::vector<GateSignoff> ReviewStore::pendingSignoffs(long long pilotId) const
{
    return guarded("read the sign-offs", [&] {
        return signoffsWhere(m_store,
                             pilotId ? "snapshot_id IS NULL AND merged_from = '' AND pilot_id = ?"
                                     : "snapshot_id IS NULL AND merged_from = ''",
                             pilotId);
    });
}

DecisionSnapshot ReviewStore::recordDecision(const ReviewState &state, const std::string &reviewer,
                                             const std::string &comment)
{
    return recordDecision(state.report, state.evidence, reviewer, comment, state.pilot.id);
}

DecisionSnapshot ReviewStore::recordDecision(const GateReport &report, const json &evidence,
                                             const std::string &reviewer,
                                             const std::string &comment, long long pilotId)
{
    const std::string name = requireReviewer(reviewer);
    const std::string bytes = canonicalDump(evidence);
    const long long id = guarded("record the decision", [&] {
        SQLite::Transaction tx(StoreConnection::of(m_store),
                               SQLite::TransactionBehavior::IMMEDIATE);
        if (!pilotId)
            pilotId = impliedPilot(m_store, evidence);
        SQLite::Statement q(
            StoreConnection::of(m_store),
            "INSERT INTO decision_snapshots(reviewer, comment, decision, evidence_hash, "
            "definitions, evidence_json, pilot_id) VALUES(?, ?, ?, ?, ?, ?, ?)");
        q.bind(1, name);
        q.bind(2, comment);
        q.bind(3, decisionName(report.decision));
        q.bind(4, sha256Hex(bytes));
        q.bind(5, report.definitions);
        q.bind(6, bytes);
        bindPilot(q, 7, pilotId);
        q.exec();
        const long long snapshot = StoreConnection::of(m_store).getLastInsertRowid();
        SQLite::Statement attach(StoreConnection::of(m_store),
                                 "UPDATE gate_signoffs SET snapshot_id = ? WHERE "
                                 "snapshot_id IS NULL AND merged_from = '' AND "
                                 "pilot_id IS ?");
        attach.bind(1, static_cast<int64_t>(snapshot));
        bindPilot(attach, 2, pilotId);
        attach.exec();
        tx.commit();
        return snapshot;
    });
    auto recorded = readSnapshots(m_store, "WHERE id = ?", id);
    if (!recorded.empty())
        return std::move(recorded.front());
    throw StoreError("the recorded decision #" + std::to_string(id) + " cannot be read back");
}

std::vector<DecisionSnapshot> ReviewStore::snapshots(long long pilotId) const
{
    return readSnapshots(
        m_store, pilotId ? "WHERE pilot_id = ? ORDER BY id DESC" : "ORDER BY id DESC", pilotId);
}

std::optional<DecisionSnapshot> ReviewStore::latestSnapshot(long long pilotId) const
{
    // A decision merged from another database is history, never this database's last review.
    auto latest = readSnapshots(m_store,
                                pilotId ? "WHERE pilot_id = ? AND merged_from = '' ORDER BY id "
                                          "DESC LIMIT 1"
                                        : "WHERE merged_from = '' ORDER BY id DESC LIMIT 1",
                                pilotId);
    if (latest.empty())
        return std::nullopt;
    return std::move(latest.front());
}

} // namespace tp
