#pragma once
// SQL of the evidence store, one migration per schema version. Migration N takes a database at
// user_version N-1 to N; they run in order inside one transaction.
#include <array>

namespace tp::schema {

inline constexpr int kApplicationId = 0x54507031; // "TPp1": marks a TorchPilot database

inline constexpr std::array<const char *, 1> kMigrations = {
    // v1: runs, their per-iteration samples, and every raw event line.
    R"sql(
CREATE TABLE runs(
  id INTEGER PRIMARY KEY,
  execution_key TEXT NOT NULL UNIQUE,
  run_key TEXT NOT NULL,
  workload TEXT NOT NULL DEFAULT '',
  mode TEXT NOT NULL DEFAULT '',
  device TEXT NOT NULL DEFAULT '',
  dtype TEXT NOT NULL DEFAULT '',
  target TEXT NOT NULL DEFAULT 'local',
  source TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'running',
  complete INTEGER NOT NULL DEFAULT 0 CHECK(complete IN (0, 1)),
  started_at TEXT NOT NULL DEFAULT '',
  finished_at TEXT NOT NULL DEFAULT '',
  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  error TEXT NOT NULL DEFAULT '',
  batch INTEGER NOT NULL DEFAULT 0,
  threads INTEGER NOT NULL DEFAULT 0,
  first_call_seconds REAL,
  warmup_mean_seconds REAL,
  mean_batch_seconds REAL,
  samples_per_second REAL,
  p50_seconds REAL,
  p90_seconds REAL,
  p99_seconds REAL,
  finite INTEGER,
  shape_json TEXT NOT NULL DEFAULT '{}',
  env_json TEXT NOT NULL DEFAULT '{}',
  summary_json TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX runs_by_started ON runs(started_at);
CREATE TABLE samples(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  phase TEXT NOT NULL,
  seq INTEGER NOT NULL,
  seconds REAL NOT NULL,
  PRIMARY KEY(run_id, phase, seq)
) WITHOUT ROWID;
CREATE TABLE events(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY(run_id, seq)
) WITHOUT ROWID;
)sql",
};

} // namespace tp::schema
