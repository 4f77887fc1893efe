#pragma once
// Takes a current database back to an older schema for migration tests: v13's collection columns
// go, v12's phase_lines and arrival columns go, v11's merged_from columns go, v10's compiled-mode
// shape columns go, v9's sample chunks become v1–v8 `samples` rows again (one per value), v8's
// pilot columns go.
#include "model/samples/sample_codec.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

namespace tptest
{

// v15 → v14: no typed validity reasons, the default pilot's labels and reasons in English only.
inline void downgradeToV14(SQLite::Database &db)
{
    db.exec("ALTER TABLE runs DROP COLUMN validity_messages_json");
    db.exec(
        "UPDATE pilots SET definition_json = json_remove(definition_json, "
        "'$.baseline.label_message', '$.candidate.label_message', "
        "'$.allowed_differences[0].reason_message', '$.allowed_differences[1].reason_message')");
    db.exec("PRAGMA user_version = 14");
}

inline void downgradeToV13(SQLite::Database &db)
{
    downgradeToV14(db);
    db.exec("DROP INDEX runs_by_scenario");
    db.exec("ALTER TABLE runs DROP COLUMN scenario");
    db.exec("PRAGMA user_version = 13");
}

inline void downgradeToV12(SQLite::Database &db)
{
    downgradeToV13(db);
    db.exec("ALTER TABLE runs DROP COLUMN collection_order");
    db.exec("ALTER TABLE runs DROP COLUMN retry_of");
    db.exec("PRAGMA user_version = 12");
}

inline void downgradeToV11(SQLite::Database &db)
{
    downgradeToV12(db);
    db.exec("DROP TABLE phase_lines");
    db.exec("ALTER TABLE runs DROP COLUMN last_line_at");
    db.exec("ALTER TABLE runs DROP COLUMN longest_line_gap");
    db.exec("PRAGMA user_version = 11");
}

inline void downgradeToV10(SQLite::Database &db)
{
    downgradeToV11(db);
    db.exec("ALTER TABLE decision_snapshots DROP COLUMN merged_from");
    db.exec("ALTER TABLE gate_signoffs DROP COLUMN merged_from");
    db.exec("PRAGMA user_version = 10");
}

inline void downgradeToV9(SQLite::Database &db)
{
    downgradeToV10(db);
    for (const char *column : {"compile_seconds", "graphs", "recompiles", "eager_fallback",
                               "cache_requests", "cache_hits", "xla_compile_seconds"})
        db.exec(std::string("ALTER TABLE shape_cases DROP COLUMN ") + column);
    db.exec("PRAGMA user_version = 9");
}

inline void downgradeToV8(SQLite::Database &db)
{
    downgradeToV9(db);
    db.exec("CREATE TABLE samples(run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, "
            "phase TEXT NOT NULL, seq INTEGER NOT NULL, seconds REAL NOT NULL, "
            "PRIMARY KEY(run_id, phase, seq)) WITHOUT ROWID");
    SQLite::Statement chunks(db, "SELECT run_id, phase, first_seq, count, codec, data FROM "
                                 "sample_chunks ORDER BY run_id, phase, first_seq");
    SQLite::Statement row(db, "INSERT INTO samples VALUES(?, ?, ?, ?)");
    while (chunks.executeStep()) {
        std::vector<double> values;
        const SQLite::Column data = chunks.getColumn(5);
        tp::decodeChunk(chunks.getColumn(4).getInt(), data.getBlob(), std::size_t(data.getBytes()),
                        std::size_t(chunks.getColumn(3).getInt64()), values);
        for (std::size_t i = 0; i < values.size(); ++i) {
            row.bind(1, static_cast<int64_t>(chunks.getColumn(0).getInt64()));
            row.bind(2, chunks.getColumn(1).getString());
            row.bind(3, static_cast<int64_t>(chunks.getColumn(2).getInt64() + int64_t(i)));
            row.bind(4, values[i]);
            row.exec();
            row.reset();
        }
    }
    chunks.reset();
    db.exec("DROP TABLE sample_chunks");
    db.exec("PRAGMA user_version = 8");
}

inline void downgradeToV7(SQLite::Database &db)
{
    downgradeToV8(db);
    db.exec("DROP INDEX decision_snapshots_by_pilot");
    db.exec("ALTER TABLE decision_snapshots DROP COLUMN pilot_id");
    db.exec("ALTER TABLE gate_signoffs DROP COLUMN pilot_id");
    db.exec("PRAGMA user_version = 7");
}

} // namespace tptest
