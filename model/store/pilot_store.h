#pragma once
// The pilots of one evidence database (table pilots, schema v7). Names are unique; every edit
// bumps the version; exactly one pilot is selected once any exists. Throws PilotError for bad
// input (unknown name, duplicate name, removing the last pilot) and StoreError on database
// errors. No Qt.
#include "model/pilot/pilot.h"

#include <optional>
#include <string>
#include <vector>

namespace SQLite
{
class Database;
}

namespace tp
{

class Store;

class PilotStore
{
public:
    explicit PilotStore(Store &store);

    std::vector<PilotDefinition> list() const; // by id
    std::optional<PilotDefinition> find(const std::string &name) const;
    // The pilot named `name`, or the selected one when `name` is empty; throws PilotError when
    // no pilot has that name.
    PilotDefinition resolve(const std::string &name = {}) const;
    PilotDefinition selected() const;

    PilotDefinition add(PilotDefinition pilot); // version 1; selected if it is the first
    // Replaces the stored definition of pilot `name` (which may be renamed); version + 1.
    PilotDefinition update(const std::string &name, PilotDefinition pilot);
    void remove(const std::string &name);
    void select(const std::string &name);

    // Inserts defaultPilot() as the selected pilot when the table is empty (migration to v7).
    static void seedDefault(SQLite::Database &db);

private:
    Store &m_store;
};

} // namespace tp
