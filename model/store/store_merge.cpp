#include "store_merge.h"
#include "store_connection.h"

#include "merge_vetting.h"
#include "model/pilot/pilot.h"
#include "model/store/run_judging.h"
#include "schema.h"
#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <set>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace tp
{

namespace
{

// The tables copied, each with our column list (id columns are remapped, never copied).
const char *const kTables[] = {"runs",          "sample_chunks", "events",     "shape_cases",
                               "train_steps",   "alerts",        "pilots",     "decision_snapshots",
                               "gate_signoffs", "review_inputs", "phase_lines"};

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

// Decisions: the same evidence hash, time and reviewer is the same decision. Theirs are kept as
// history marked with the file they came from (or the one they were merged from before), with
// their sign-offs: never this database's last review of a pilot, never a sign-off of ours.
void mergeDecisions(SQLite::Database &db, const std::string &source, MergeReport &r)
{
    db.exec("CREATE TEMP TABLE merge_snapshots(their_id INTEGER PRIMARY KEY)");
    db.exec("INSERT INTO merge_snapshots SELECT o.id FROM other.decision_snapshots o WHERE NOT "
            "EXISTS (SELECT 1 FROM main.decision_snapshots s WHERE s.evidence_hash = "
            "o.evidence_hash AND s.created_at = o.created_at AND s.reviewer = o.reviewer)");
    r.decisions = db.execAndGet("SELECT count(*) FROM merge_snapshots").getInt64();
    r.decisionsAlreadyHere =
        db.execAndGet("SELECT count(*) FROM other.decision_snapshots").getInt64() - r.decisions;
    const std::set<std::string> remapped{"id", "pilot_id", "merged_from"};
    const auto snapCols = columns(db, "main", "decision_snapshots");
    db.exec("CREATE TEMP TABLE merge_snapshot_ids(their_id INTEGER PRIMARY KEY, our_id INTEGER)");
    std::vector<long long> theirs;
    {
        SQLite::Statement each(db, "SELECT their_id FROM merge_snapshots ORDER BY their_id");
        while (each.executeStep())
            theirs.push_back(each.getColumn(0).getInt64());
    }
    const std::string origin = "CASE WHEN o.merged_from <> '' THEN o.merged_from ELSE ? END";
    SQLite::Statement copy(
        db, "INSERT INTO main.decision_snapshots(" + joined(snapCols, "", remapped) +
                ", pilot_id, merged_from) SELECT " + joined(snapCols, "o.", remapped) +
                ", (SELECT p.id FROM main.pilots p JOIN other.pilots q ON q.name = p.name "
                "WHERE q.id = o.pilot_id), " +
                origin + " FROM other.decision_snapshots o WHERE o.id = ?");
    SQLite::Statement map(db, "INSERT INTO merge_snapshot_ids VALUES(?, ?)");
    for (long long id : theirs) {
        copy.bind(1, source);
        copy.bind(2, static_cast<int64_t>(id));
        copy.exec();
        copy.reset();
        map.bind(1, static_cast<int64_t>(id));
        map.bind(2, static_cast<int64_t>(db.getLastInsertRowid()));
        map.exec();
        map.reset();
    }
    const std::set<std::string> signRemapped{"id", "snapshot_id", "pilot_id", "merged_from"};
    const auto signCols = columns(db, "main", "gate_signoffs");
    SQLite::Statement signoffs(
        db, "INSERT INTO main.gate_signoffs(" + joined(signCols, "", signRemapped) +
                ", snapshot_id, pilot_id, merged_from) SELECT " +
                joined(signCols, "o.", signRemapped) +
                ", m.our_id, (SELECT s.pilot_id FROM main.decision_snapshots s WHERE s.id = "
                "m.our_id), " +
                origin +
                " FROM other.gate_signoffs o JOIN merge_snapshot_ids m ON m.their_id = "
                "o.snapshot_id");
    signoffs.bind(1, source);
    signoffs.exec();
    db.exec("DROP TABLE temp.merge_snapshots");
    db.exec("DROP TABLE temp.merge_snapshot_ids");
}

} // namespace

bool looksLikeSqlite(const std::string &path)
{
    // Only a regular file can be a database: a FIFO or a device is never opened for a blocking
    // read here (opening a FIFO would wait for a writer).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return false;
    struct stat st {
    };
    char header[16] = {};
    const bool yes = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                     ::pread(fd, header, 16, 0) == 16 &&
                     std::string(header, 16) == std::string("SQLite format 3\0", 16);
    ::close(fd);
    return yes;
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

namespace
{

// Their pilots that would be merged (a name we do not have) must read as pilots, under the name
// they are merged by: one that does not would leave our database unable to list its pilots, or
// list one under our pilot's name. Refused before anything is written.
void checkTheirPilots(SQLite::Database &db, const std::string &what)
{
    SQLite::Statement q(db, "SELECT name, definition_json FROM other.pilots WHERE name NOT IN "
                            "(SELECT name FROM main.pilots) ORDER BY id");
    while (q.executeStep()) {
        const std::string name = q.getColumn(0).getString();
        PilotDefinition pilot;
        try {
            pilot = parsePilot(nlohmann::json::parse(q.getColumn(1).getString(), nullptr, false),
                               "pilot '" + name + "'");
        } catch (const std::exception &e) {
            throw StoreError(what + ": " + e.what() + "; nothing was merged");
        }
        // A pilot is listed by the name in its definition and merged by its name column: the two
        // must agree, or a pilot could be listed under one of ours with other limits.
        if (pilot.name != name)
            throw StoreError(what + ": pilot '" + name + "' is defined as '" + pilot.name +
                             "', another name; nothing was merged");
    }
}

} // namespace

MergeReport mergeDatabase(Store &ours, const std::string &otherPath)
{
    const std::string what = "'" + otherPath + "'";
    std::error_code ec;
    if (std::filesystem::equivalent(otherPath, ours.path(), ec))
        throw StoreError(what + " is this database itself; nothing was merged");
    if (const std::string kind = nonRegularKind(otherPath); !kind.empty())
        throw StoreError(what + " is " + kind + ", not a database file; nothing was merged");
    if (!looksLikeSqlite(otherPath))
        throw StoreError(what + " is not a SQLite database (nor a contract stream); nothing was "
                                "merged");
    // The copy is read as it is: changes still in the original's write-ahead log would be missed
    // without a word.
    if (std::ifstream wal(otherPath + "-wal", std::ios::binary | std::ios::ate);
        wal && wal.tellg() > 0)
        throw StoreError(what + " has changes not yet written into it (" + otherPath +
                         "-wal): close the TorchPilot that has it open, then merge again; nothing "
                         "was merged");
    // Vetted and merged from the same private bytes: whatever happens to the file meanwhile.
    const MergeCopy copy(otherPath, ours.path());
    const std::vector<std::string> tables(std::begin(kTables), std::end(kTables));
    vetMergeCopy(copy.path(), otherPath, ours, tables);
    const std::string source = std::filesystem::absolute(otherPath, ec).string();

    SQLite::Database &db = StoreConnection::of(ours);
    MergeReport r;
    // Read-only and immutable: SQLite neither writes nor recovers anything in the copy.
    const std::string uri = fileUri(copy.path()) + "?mode=ro&immutable=1";
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
    checkTheirPilots(db, what);

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
    for (const char *t :
         {"sample_chunks", "events", "shape_cases", "train_steps", "alerts", "phase_lines"}) {
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
    mergeDecisions(db, source, r);
    // Review inputs (cost models, the rollback path) are what our reviewers entered: another
    // database's are never taken, since one would decide a criterion here (a rollback path
    // "recorded" by nobody of ours).
    // The store is the judge: every merged run is judged again from its own samples under our
    // policy, whatever verdict and policy id it arrived with.
    std::vector<long long> merged;
    {
        SQLite::Statement q(db, "SELECT m.id FROM main.runs m JOIN merge_keys k ON k.key = "
                                "m.execution_key ORDER BY m.id");
        while (q.executeStep())
            merged.push_back(q.getColumn(0).getInt64());
    }
    // Counts are derived from the chunks merged, never taken from the file.
    db.exec("UPDATE main.runs SET sample_count = (SELECT coalesce(sum(c.count), 0) FROM "
            "main.sample_chunks c WHERE c.run_id = runs.id) WHERE execution_key IN (SELECT key "
            "FROM merge_keys)");
    for (long long id : merged)
        judgeStoredRun(ours, id);
    db.exec("DROP TABLE temp.merge_keys");
    tx.commit();
    // Every verdict in this file follows our policy: runs judged under another are judged again.
    rejudgeStaleRuns(ours);
    return r;
}

} // namespace tp
