#pragma once
// The complete run that fuzz_ingest and fuzz_render keep in their store (threat model I1): its
// stream, stored before each input, and everything the store holds about it, compared after.
// Its execution key is in fuzz/contract.dict, so the fuzzer finds streams that name it.
#include "model/ingest/ingestor.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>

namespace tp::fuzz
{

inline constexpr const char *kSealedKey = "fuzz-sealed";

inline std::string sealedStream()
{
    std::string s = R"({"v":1,"event":"run_started","run_key":"fuzz/sealed","execution_key":")" +
                    std::string(kSealedKey) +
                    R"(","workload":"mlp","mode":"eager","device":"cpu","dtype":"float32",)"
                    R"("shape":{"batch":8},"started_at":"2026-12-01T10:00:00Z"})"
                    "\n"
                    R"({"v":1,"event":"resources","cpu_user_seconds":1,"wall_seconds":2})"
                    "\n"
                    R"({"v":1,"event":"phase","phase":"first_call","batch":8,"seconds":[0.04]})"
                    "\n";
    for (int l = 0; l < 20; ++l)
        s += R"({"v":1,"event":"phase","phase":"steady","batch":8,"seconds":[0.001,0.0012,)"
             R"(0.0011,0.00105]})"
             "\n";
    return s + R"({"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}})"
               "\n";
}

// Stores the sealed run in `store`; returns its id.
inline long long storeSealedRun(Store &store)
{
    RunIngestor in(store, "fuzz");
    in.feed(sealedStream());
    in.finish();
    return *store.runIdForExecutionKey(kSealedKey);
}

// Everything stored about run `id`: its row, events, chunks, phase lines and typed tables.
inline std::string snapshot(SQLite::Database &db, long long id)
{
    std::string s;
    for (const char *sql :
         {"SELECT * FROM runs WHERE id = ?", "SELECT seq, event, json FROM events WHERE run_id = ?",
          "SELECT phase, first_seq, count, hex(data) FROM sample_chunks WHERE run_id = ?",
          "SELECT phase, lines FROM phase_lines WHERE run_id = ?",
          "SELECT * FROM shape_cases WHERE run_id = ?",
          "SELECT * FROM train_steps WHERE run_id = ?"}) {
        SQLite::Statement q(db, sql);
        q.bind(1, static_cast<int64_t>(id));
        while (q.executeStep())
            for (int c = 0; c < q.getColumnCount(); ++c)
                s += q.getColumn(c).getString() + "|";
        s += "\n";
    }
    return s;
}

} // namespace tp::fuzz
