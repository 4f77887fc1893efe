#include "store_merge.h"

#include "ingestor.h"
#include "run_judge.h"
#include "schema.h"
#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <vector>

namespace tp
{

namespace
{

// The tables copied, each with our column list (id columns are remapped, never copied).
const char *const kTables[] = {"runs",          "sample_chunks", "events", "shape_cases",
                               "train_steps",   "alerts",        "pilots", "decision_snapshots",
                               "gate_signoffs", "review_inputs"};

std::vector<std::string> columns(SQLite::Database &db, const std::string &schema,
                                 const std::string &table)
{
    SQLite::Statement q(db, "SELECT name FROM pragma_table_info(?, ?) ORDER BY cid");
    q.bind(1, table);
    q.bind(2, schema);
    std::vector<std::string> out;
    while (q.executeStep())
        out.push_back(q.getColumn(0).getString());
    return out;
}

std::string joined(const std::vector<std::string> &cols, const std::string &prefix,
                   const std::set<std::string> &skip = {})
{
    std::string s;
    for (const std::string &c : cols)
        if (!skip.count(c))
            s += (s.empty() ? "" : ", ") + prefix + '"' + c + '"';
    return s;
}

// Everything checked on a connection of its own, read-only and defensive, before the file is
// attached to ours.
void vet(const std::string &path, const std::string &ourPath)
{
    const std::string what = "'" + path + "'";
    std::error_code ec;
    if (std::filesystem::equivalent(path, ourPath, ec))
        throw StoreError(what + " is this database itself; nothing was merged");
    if (!looksLikeSqlite(path))
        throw StoreError(what + " is not a SQLite database (nor a contract stream); nothing was "
                                "merged");
    // It is read immutable (nothing in it is recovered or written): changes still in its write-
    // ahead log would be missed without a word.
    if (std::ifstream wal(path + "-wal", std::ios::binary | std::ios::ate); wal && wal.tellg() > 0)
        throw StoreError(what + " has changes not yet written into it (" + path +
                         "-wal): close the TorchPilot that has it open, then merge again; nothing "
                         "was merged");
    sqlite3 *raw = nullptr;
    if (sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        const std::string why = raw ? sqlite3_errmsg(raw) : "out of memory";
        sqlite3_close(raw);
        throw StoreError("cannot open " + what + ": " + why);
    }
    std::unique_ptr<sqlite3, int (*)(sqlite3 *)> db(raw, sqlite3_close);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    auto integer = [&](const char *sql) {
        sqlite3_stmt *st = nullptr;
        long long v = -1;
        if (sqlite3_prepare_v2(raw, sql, -1, &st, nullptr) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW)
            v = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        if (v < 0)
            throw StoreError(what + " cannot be read as a database (" + sqlite3_errmsg(raw) +
                             "); nothing was merged");
        return v;
    };
    const long long app = integer("PRAGMA application_id");
    if (app != schema::kApplicationId)
        throw StoreError(what + " is a SQLite database of another application (application_id " +
                         std::to_string(app) + "), not a TorchPilot one; nothing was merged");
    const long long version = integer("PRAGMA user_version");
    if (version != Store::kSchemaVersion)
        throw StoreError(
            what + " is a TorchPilot database of schema version " + std::to_string(version) +
            (version > Store::kSchemaVersion ? ", newer than this TorchPilot reads ("
                                             : "; merging needs this TorchPilot's (") +
            std::to_string(Store::kSchemaVersion) + ")" +
            (version < Store::kSchemaVersion ? ": open it once with this TorchPilot to upgrade it"
                                             : ": use a newer TorchPilot") +
            "; nothing was merged");
    if (integer("SELECT count(*) FROM sqlite_schema WHERE type IN ('trigger', 'view')") > 0)
        throw StoreError(what + " holds triggers or views, which TorchPilot never creates: it is "
                                "not merged (nothing of it was run)");
    sqlite3_stmt *st = nullptr;
    std::string check;
    if (sqlite3_prepare_v2(raw, "PRAGMA quick_check", -1, &st, nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        check = reinterpret_cast<const char *>(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    if (check != "ok")
        throw StoreError(what + " is damaged (" + (check.empty() ? sqlite3_errmsg(raw) : check) +
                         "); nothing was merged");
}

} // namespace

bool looksLikeSqlite(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    return in.read(header, 16) && std::string(header, 16) == std::string("SQLite format 3\0", 16);
}

std::string describeContent(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::string head(512, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    const std::pair<const char *, const char *> magic[] = {
        {"%PDF", "a PDF document"},
        {"\x1f\x8b", "a gzip archive"},
        {"PK\x03\x04", "a ZIP archive"},
        {"\x89PNG", "a PNG image"},
        {"\x7f"
         "ELF",
         "an ELF executable"},
        {"\x28\xb5\x2f\xfd", "a zstd archive"},
        {"SQLite format 3", "a SQLite database"}};
    for (const auto &[bytes, name] : magic)
        if (head.rfind(bytes, 0) == 0)
            return name;
    for (unsigned char c : head)
        if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t'))
            return "binary data";
    return "text that is not JSON";
}

ImportResult importAny(Store &store, const std::string &path)
{
    ImportResult r;
    if (looksLikeSqlite(path)) {
        r.merged = true;
        r.merge = mergeDatabase(store, path);
        r.runs = r.merge.runs;
        r.samples = r.merge.samples;
        return r;
    }
    const IngestReport in = importFile(store, path);
    r.runs = static_cast<long long>(in.runIds.size());
    r.runIds = in.runIds;
    r.samples = in.samples;
    r.duplicateSamples = in.duplicateSamples;
    r.warnings = in.warnings;
    return r;
}

MergeReport mergeDatabase(Store &ours, const std::string &otherPath)
{
    vet(otherPath, ours.path());
    SQLite::Database &db = ours.db();
    MergeReport r;
    // Read-only and immutable: SQLite neither writes nor recovers anything in that file.
    std::string uri = "file:";
    for (char c : otherPath)
        uri += c == '?' ? std::string("%3f") : c == '#' ? std::string("%23") : std::string(1, c);
    uri += "?mode=ro&immutable=1";
    // Nothing of its schema may call a function with side effects while it is attached.
    int trusted = 1;
    sqlite3_db_config(db.getHandle(), SQLITE_DBCONFIG_TRUSTED_SCHEMA, -1, &trusted);
    sqlite3_db_config(db.getHandle(), SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    struct Detach {
        SQLite::Database &db;
        int trusted;
        bool attached = false;
        ~Detach()
        {
            try {
                if (attached)
                    db.exec("DETACH DATABASE other");
            } catch (...) {
            }
            sqlite3_db_config(db.getHandle(), SQLITE_DBCONFIG_TRUSTED_SCHEMA, trusted, nullptr);
        }
    } detach{db, trusted};
    SQLite::Statement attach(db, "ATTACH DATABASE ? AS other");
    attach.bind(1, uri);
    attach.exec();
    detach.attached = true;
    for (const char *t : kTables)
        if (columns(db, "other", t) != columns(db, "main", t))
            throw StoreError("'" + otherPath + "': table " + t +
                             " does not have TorchPilot's columns; nothing was merged");

    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec("CREATE TEMP TABLE merge_keys(their_id INTEGER PRIMARY KEY, key TEXT UNIQUE)");
    db.exec("INSERT INTO merge_keys SELECT id, execution_key FROM other.runs WHERE execution_key "
            "NOT IN (SELECT execution_key FROM main.runs)");
    r.runs = db.execAndGet("SELECT count(*) FROM merge_keys").getInt64();
    r.runsAlreadyHere = db.execAndGet("SELECT count(*) FROM other.runs").getInt64() - r.runs;
    const auto runCols = columns(db, "main", "runs");
    db.exec("INSERT INTO main.runs(" + joined(runCols, "", {"id"}) + ") SELECT " +
            joined(runCols, "o.", {"id"}) +
            " FROM other.runs o JOIN merge_keys k ON k.their_id = o.id ORDER BY o.id");
    // The new runs' rows in the child tables, with our run ids.
    const std::string idMap = " FROM other.%T c JOIN merge_keys k ON k.their_id = c.run_id JOIN "
                              "main.runs m ON m.execution_key = k.key";
    for (const char *t : {"sample_chunks", "events", "shape_cases", "train_steps", "alerts"}) {
        const auto cols = columns(db, "main", t);
        std::set<std::string> skip{"run_id"};
        if (std::string(t) == "sample_chunks" || std::string(t) == "alerts")
            skip.insert("id");
        std::string from = idMap;
        from.replace(from.find("%T"), 2, t);
        db.exec(std::string("INSERT INTO main.") + t + "(run_id, " + joined(cols, "", skip) +
                ") SELECT m.id, " + joined(cols, "c.", skip) + from);
    }
    r.samples = db.execAndGet("SELECT coalesce(sum(c.count), 0) FROM main.sample_chunks c JOIN "
                              "main.runs m ON m.id = c.run_id JOIN merge_keys k ON k.key = "
                              "m.execution_key")
                    .getInt64();
    // Pilots by name: theirs when ours has no pilot of that name; never selected over ours.
    r.pilotConflicts = db.execAndGet("SELECT count(*) FROM other.pilots o JOIN main.pilots p ON "
                                     "p.name = o.name AND p.definition_json <> o.definition_json")
                           .getInt64();
    r.pilots = db.execAndGet("SELECT count(*) FROM other.pilots WHERE name NOT IN (SELECT name "
                             "FROM main.pilots)")
                   .getInt64();
    db.exec("INSERT INTO main.pilots(name, version, definition_json, selected, updated_at) "
            "SELECT name, version, definition_json, 0, updated_at FROM other.pilots WHERE name "
            "NOT IN (SELECT name FROM main.pilots) ORDER BY id");
    // Decisions: the same evidence hash, time and reviewer is the same decision.
    db.exec("CREATE TEMP TABLE merge_snapshots(their_id INTEGER PRIMARY KEY)");
    db.exec("INSERT INTO merge_snapshots SELECT o.id FROM other.decision_snapshots o WHERE NOT "
            "EXISTS (SELECT 1 FROM main.decision_snapshots s WHERE s.evidence_hash = "
            "o.evidence_hash AND s.created_at = o.created_at AND s.reviewer = o.reviewer)");
    r.decisions = db.execAndGet("SELECT count(*) FROM merge_snapshots").getInt64();
    r.decisionsAlreadyHere =
        db.execAndGet("SELECT count(*) FROM other.decision_snapshots").getInt64() - r.decisions;
    const auto snapCols = columns(db, "main", "decision_snapshots");
    db.exec("CREATE TEMP TABLE merge_snapshot_ids(their_id INTEGER PRIMARY KEY, our_id INTEGER)");
    SQLite::Statement each(db, "SELECT their_id FROM merge_snapshots ORDER BY their_id");
    std::vector<long long> theirs;
    while (each.executeStep())
        theirs.push_back(each.getColumn(0).getInt64());
    each.reset();
    for (long long id : theirs) {
        SQLite::Statement copy(
            db, "INSERT INTO main.decision_snapshots(" + joined(snapCols, "", {"id", "pilot_id"}) +
                    ", pilot_id) SELECT " + joined(snapCols, "o.", {"id", "pilot_id"}) +
                    ", (SELECT p.id FROM main.pilots p JOIN other.pilots q ON q.name = p.name "
                    "WHERE q.id = o.pilot_id) FROM other.decision_snapshots o WHERE o.id = ?");
        copy.bind(1, static_cast<int64_t>(id));
        copy.exec();
        SQLite::Statement map(db, "INSERT INTO merge_snapshot_ids VALUES(?, ?)");
        map.bind(1, static_cast<int64_t>(id));
        map.bind(2, static_cast<int64_t>(db.getLastInsertRowid()));
        map.exec();
    }
    const auto signCols = columns(db, "main", "gate_signoffs");
    db.exec("INSERT INTO main.gate_signoffs(" +
            joined(signCols, "", {"id", "snapshot_id", "pilot_id"}) +
            ", snapshot_id, pilot_id) SELECT " +
            joined(signCols, "g.", {"id", "snapshot_id", "pilot_id"}) +
            ", m.our_id, (SELECT s.pilot_id FROM main.decision_snapshots s WHERE s.id = m.our_id) "
            "FROM other.gate_signoffs g JOIN merge_snapshot_ids m ON m.their_id = g.snapshot_id");
    // Review inputs: ours win; theirs fill what ours lacks.
    db.exec("INSERT OR IGNORE INTO main.review_inputs SELECT key, json FROM other.review_inputs");
    db.exec("DROP TABLE temp.merge_keys");
    db.exec("DROP TABLE temp.merge_snapshots");
    db.exec("DROP TABLE temp.merge_snapshot_ids");
    tx.commit();
    // Every verdict in this file follows our policy: runs judged under another are judged again.
    rejudgeStaleRuns(ours);
    return r;
}

} // namespace tp
