#include "pilot_store.h"
#include "store_connection.h"

#include "model/contract/sound_values.h"
#include "model/store/sqlite_row.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

namespace tp
{
using nlohmann::json;
using sqlrow::guarded;

namespace
{

PilotDefinition readPilot(SQLite::Statement &q)
{
    const long long id = q.getColumn(0).getInt64();
    const json j = json::parse(q.getColumn(1).getString(), nullptr, false);
    PilotDefinition p = parsePilot(j, "stored pilot " + std::to_string(id));
    p.id = id;
    p.version = q.getColumn(2).getInt();
    return p;
}

void insert(SQLite::Database &db, const PilotDefinition &p, bool selected)
{
    SQLite::Statement q(db, "INSERT INTO pilots(name, version, definition_json, selected) "
                            "VALUES(?, ?, ?, ?)");
    q.bind(1, p.name);
    q.bind(2, p.version);
    q.bind(3, dumpText(pilotToJson(p, PilotJson::Stored)));
    q.bind(4, selected ? 1 : 0);
    q.exec();
}

} // namespace

PilotStore::PilotStore(Store &store) : m_store(store) {}

std::vector<PilotDefinition> PilotStore::list() const
{
    return guarded("read the pilots", [&] {
        SQLite::Statement q(StoreConnection::of(m_store),
                            "SELECT id, definition_json, version FROM pilots ORDER BY id");
        std::vector<PilotDefinition> out;
        while (q.executeStep())
            out.push_back(readPilot(q));
        return out;
    });
}

std::optional<PilotDefinition> PilotStore::find(const std::string &name) const
{
    return guarded("read a pilot", [&]() -> std::optional<PilotDefinition> {
        SQLite::Statement q(StoreConnection::of(m_store),
                            "SELECT id, definition_json, version FROM pilots WHERE name = ?");
        q.bind(1, name);
        if (!q.executeStep())
            return std::nullopt;
        return readPilot(q);
    });
}

PilotDefinition PilotStore::selected() const
{
    return guarded("read the selected pilot", [&] {
        SQLite::Statement q(StoreConnection::of(m_store),
                            "SELECT id, definition_json, version FROM pilots "
                            "ORDER BY selected DESC, id LIMIT 1");
        if (!q.executeStep())
            throw PilotError("the database holds no pilot (add one with 'torchpilot pilots "
                             "--add FILE')");
        return readPilot(q);
    });
}

PilotDefinition PilotStore::resolve(const std::string &name) const
{
    if (name.empty())
        return selected();
    if (auto p = find(name))
        return *p;
    std::string names;
    for (const PilotDefinition &p : list())
        names += (names.empty() ? "" : ", ") + p.name;
    throw PilotError("no pilot named '" + name + "' (the database has: " + names + ")");
}

PilotDefinition PilotStore::add(PilotDefinition pilot)
{
    pilot = parsePilot(pilotToJson(pilot, PilotJson::Stored),
                       "pilot '" + pilot.name + "'"); // validated
    if (find(pilot.name))
        throw PilotError("a pilot named '" + pilot.name + "' already exists");
    pilot.version = 1;
    guarded("add a pilot", [&] {
        SQLite::Transaction tx(StoreConnection::of(m_store),
                               SQLite::TransactionBehavior::IMMEDIATE);
        const bool first =
            StoreConnection::of(m_store).execAndGet("SELECT count(*) FROM pilots").getInt() == 0;
        insert(StoreConnection::of(m_store), pilot, first);
        tx.commit();
    });
    return *find(pilot.name);
}

PilotDefinition PilotStore::update(const std::string &name, PilotDefinition pilot)
{
    PilotDefinition old = resolve(name);
    pilot = parsePilot(pilotToJson(pilot, PilotJson::Stored), "pilot '" + pilot.name + "'");
    if (pilot.name != old.name && find(pilot.name))
        throw PilotError("a pilot named '" + pilot.name + "' already exists");
    pilot.version = old.version;
    pilot.id = old.id;
    if (pilotToJson(pilot, PilotJson::Stored) == pilotToJson(old, PilotJson::Stored))
        return old; // nothing changed: the version stays
    pilot.version = old.version + 1;
    guarded("update a pilot", [&] {
        SQLite::Statement q(StoreConnection::of(m_store),
                            "UPDATE pilots SET name = ?, version = ?, definition_json = ?, "
                            "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");
        q.bind(1, pilot.name);
        q.bind(2, pilot.version);
        q.bind(3, dumpText(pilotToJson(pilot, PilotJson::Stored)));
        q.bind(4, static_cast<int64_t>(old.id));
        q.exec();
    });
    return pilot;
}

void PilotStore::remove(const std::string &name)
{
    const PilotDefinition p = resolve(name);
    guarded("remove a pilot", [&] {
        SQLite::Transaction tx(StoreConnection::of(m_store),
                               SQLite::TransactionBehavior::IMMEDIATE);
        if (StoreConnection::of(m_store).execAndGet("SELECT count(*) FROM pilots").getInt() <= 1)
            throw PilotError("'" + name + "' is the only pilot; add another before removing it");
        // Its decisions stay in the history, with no pilot (a later pilot may reuse the id);
        // its pending sign-offs go with it.
        for (const char *sql :
             {"UPDATE decision_snapshots SET pilot_id = NULL WHERE pilot_id = ?",
              "UPDATE gate_signoffs SET pilot_id = NULL WHERE pilot_id = ? AND "
              "snapshot_id IS NOT NULL",
              "DELETE FROM gate_signoffs WHERE pilot_id = ?", "DELETE FROM pilots WHERE id = ?"}) {
            SQLite::Statement q(StoreConnection::of(m_store), sql);
            q.bind(1, static_cast<int64_t>(p.id));
            q.exec();
        }
        // Still exactly one selected pilot.
        StoreConnection::of(m_store).exec(
            "UPDATE pilots SET selected = 1 WHERE id = (SELECT id FROM pilots "
            "ORDER BY selected DESC, id LIMIT 1)");
        tx.commit();
    });
}

void PilotStore::select(const std::string &name)
{
    const PilotDefinition p = resolve(name);
    guarded("select a pilot", [&] {
        SQLite::Statement q(StoreConnection::of(m_store), "UPDATE pilots SET selected = (id = ?)");
        q.bind(1, static_cast<int64_t>(p.id));
        q.exec();
    });
}

void PilotStore::seedDefault(SQLite::Database &db)
{
    if (db.execAndGet("SELECT count(*) FROM pilots").getInt() == 0)
        insert(db, defaultPilot(), true);
}

} // namespace tp
