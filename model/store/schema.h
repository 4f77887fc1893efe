#pragma once
// SQL of the evidence store, one migration per schema version. Migration N takes a database at
// user_version N-1 to N; they run in order inside one transaction.
#include <array>

namespace tp::schema
{

inline constexpr int kApplicationId = 0x54507031; // "TPp1": marks a TorchPilot database

inline constexpr std::array<const char *, 15> kMigrations = {
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
    // v2: validity and precision verdicts, cache state and resources on runs; shape catalog
    // cases and training steps as their own tables.
    R"sql(
ALTER TABLE runs ADD COLUMN valid INTEGER CHECK(valid IN (0, 1));
ALTER TABLE runs ADD COLUMN validity_reasons TEXT NOT NULL DEFAULT '[]';
ALTER TABLE runs ADD COLUMN precision_verdict TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN precision_policy TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN cache_state TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN peak_rss_bytes INTEGER;
ALTER TABLE runs ADD COLUMN cpu_user_seconds REAL;
ALTER TABLE runs ADD COLUMN cpu_system_seconds REAL;
ALTER TABLE runs ADD COLUMN wall_seconds REAL;
CREATE TABLE shape_cases(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  batch INTEGER NOT NULL,
  seq_len INTEGER NOT NULL DEFAULT 0,
  first_call_seconds REAL,
  mean_seconds REAL,
  p50_seconds REAL,
  p99_seconds REAL,
  samples_per_second REAL,
  slow_first_call INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY(run_id, seq)
) WITHOUT ROWID;
CREATE TABLE train_steps(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  step INTEGER NOT NULL,
  loss REAL,
  seconds REAL,
  PRIMARY KEY(run_id, step)
) WITHOUT ROWID;
)sql",
    // v3: queue bookkeeping, a maintained sample count (listing 10 000 runs must not count
    // millions of samples), and when each event line arrived (time without progress).
    R"sql(
ALTER TABLE runs ADD COLUMN queued_at TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN sample_count INTEGER NOT NULL DEFAULT 0;
UPDATE runs SET sample_count = (SELECT count(*) FROM samples s WHERE s.run_id = runs.id);
ALTER TABLE events ADD COLUMN received_at REAL;
)sql",
    // v4: the decision review. What reviewers entered (cost models, rollback path) as JSON by
    // key; decision snapshots with the canonical evidence they rest on and its SHA-256; per-gate
    // sign-offs, pending (snapshot_id NULL) until a decision is recorded.
    R"sql(
CREATE TABLE review_inputs(
  key TEXT PRIMARY KEY,
  json TEXT NOT NULL
);
CREATE TABLE decision_snapshots(
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  reviewer TEXT NOT NULL CHECK(length(trim(reviewer)) > 0),
  comment TEXT NOT NULL DEFAULT '',
  decision TEXT NOT NULL,
  evidence_hash TEXT NOT NULL,
  definitions TEXT NOT NULL DEFAULT '',
  evidence_json TEXT NOT NULL
);
CREATE TABLE gate_signoffs(
  id INTEGER PRIMARY KEY,
  gate_id TEXT NOT NULL CHECK(length(gate_id) > 0),
  reviewer TEXT NOT NULL CHECK(length(trim(reviewer)) > 0),
  signed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  comment TEXT NOT NULL DEFAULT '',
  evidence_hash TEXT NOT NULL,
  snapshot_id INTEGER REFERENCES decision_snapshots(id)
);
CREATE INDEX gate_signoffs_by_snapshot ON gate_signoffs(snapshot_id);
)sql",
    // v5: alerts raised while runs execute (no progress, late checkpoint, quality drop, target
    // unavailable). Each is also an "alert" event of its run; run_id is NULL when there was no
    // run to record it with (the target could not be reached).
    R"sql(
CREATE TABLE alerts(
  id INTEGER PRIMARY KEY,
  run_id INTEGER REFERENCES runs(id) ON DELETE CASCADE,
  target TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL CHECK(length(kind) > 0),
  message TEXT NOT NULL DEFAULT '',
  details_json TEXT NOT NULL DEFAULT '{}',
  raised_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX alerts_by_run ON alerts(run_id);
)sql",
    // v6: the store is the judge. Figures and the validity verdict are recomputed from the
    // samples under a versioned validity policy (resources/validity/); the runner's summary stays
    // in summary_json as a witness and its disagreements with the store are kept. Every existing
    // run is re-judged after this migration (validity_policy '' never matches a policy id).
    R"sql(
ALTER TABLE runs ADD COLUMN validity_policy TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN store_summary_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE runs ADD COLUMN witness_json TEXT NOT NULL DEFAULT '[]';
)sql",
    // v7: pilots, the platform comparisons a decision is about (model/pilot/pilot.h). Each edit
    // bumps
    // `version`; `selected` marks the one the Review, panels and the PDF work on. The store seeds
    // the default pilot right after this migration (Store::migrate), so an older database keeps
    // its verdicts: the default's sides are the old gate file's eager float32 vs compiled.
    R"sql(
CREATE TABLE pilots(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK(length(name) > 0),
  version INTEGER NOT NULL DEFAULT 1 CHECK(version >= 1),
  definition_json TEXT NOT NULL,
  selected INTEGER NOT NULL DEFAULT 0 CHECK(selected IN (0, 1)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
)sql",
    // v8: decisions and sign-offs belong to a pilot, so each pilot has its own review history and
    // "changes since the last review" compares a pilot with its own last decision. An older
    // decision goes to the pilot its evidence names, else to the selected pilot (the default one
    // that reproduces its verdicts); a sign-off follows its decision, a pending one the selected
    // pilot. CASE: json_extract would fail on a malformed document.
    R"sql(
ALTER TABLE decision_snapshots ADD COLUMN pilot_id INTEGER;
ALTER TABLE gate_signoffs ADD COLUMN pilot_id INTEGER;
UPDATE decision_snapshots SET pilot_id = coalesce(
  (SELECT p.id FROM pilots p WHERE p.name = CASE WHEN json_valid(decision_snapshots.evidence_json)
     THEN json_extract(decision_snapshots.evidence_json, '$.pilot.name') END),
  (SELECT id FROM pilots ORDER BY selected DESC, id LIMIT 1));
UPDATE gate_signoffs SET pilot_id = coalesce(
  (SELECT s.pilot_id FROM decision_snapshots s WHERE s.id = gate_signoffs.snapshot_id),
  (SELECT id FROM pilots ORDER BY selected DESC, id LIMIT 1));
CREATE INDEX decision_snapshots_by_pilot ON decision_snapshots(pilot_id, id);
)sql",
    // v9: samples in chunks (model/store/sample_chunks.h): one row per phase line of at most 4096
    // consecutive samples, with count, min, max and sum, the values packed in `data` (codec 0:
    // raw little-endian doubles; 1: byte-shuffled, zstd). Store::migrate moves the `samples`
    // rows into chunks and drops that table in the same transaction.
    R"sql(
CREATE TABLE sample_chunks(
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  phase TEXT NOT NULL,
  first_seq INTEGER NOT NULL CHECK(first_seq >= 0),
  count INTEGER NOT NULL CHECK(count > 0),
  min REAL NOT NULL,
  max REAL NOT NULL,
  sum REAL NOT NULL,
  codec INTEGER NOT NULL CHECK(codec IN (0, 1)),
  data BLOB NOT NULL,
  UNIQUE(run_id, phase, first_seq)
);
)sql",
    // v10: what compiling each catalog shape cost and did (the shape_case event since both
    // runners measure compile cost at the first call): compile_seconds (first call minus the
    // steady median), graphs and recompiles counted from dynamo's deltas, eager_fallback (a
    // recompile limit was hit and the shape ran eagerly), TorchTPU's compilation cache requests,
    // hits and XLA compile seconds. NULL: not measured, or not available on that torch.
    R"sql(
ALTER TABLE shape_cases ADD COLUMN compile_seconds REAL;
ALTER TABLE shape_cases ADD COLUMN graphs INTEGER;
ALTER TABLE shape_cases ADD COLUMN recompiles INTEGER;
ALTER TABLE shape_cases ADD COLUMN eager_fallback INTEGER CHECK(eager_fallback IN (0, 1));
ALTER TABLE shape_cases ADD COLUMN cache_requests INTEGER;
ALTER TABLE shape_cases ADD COLUMN cache_hits INTEGER;
ALTER TABLE shape_cases ADD COLUMN xla_compile_seconds REAL;
)sql",
    // v11: decisions and sign-offs merged from another database (model/store/store_merge.h) are
    // kept
    // as history, marked with the file they came from; they are never this database's last
    // review of a pilot nor one of its sign-offs. '' marks what was recorded here.
    R"sql(
ALTER TABLE decision_snapshots ADD COLUMN merged_from TEXT NOT NULL DEFAULT '';
ALTER TABLE gate_signoffs ADD COLUMN merged_from TEXT NOT NULL DEFAULT '';
)sql",
    // v12: the store's cost follows the samples, not the lines. A phase line is no longer an
    // `events` row: its samples go to chunks that start at multiples of 4096 whatever the line
    // size (model/store/sample_chunks.h), the lines are counted per phase (phase_lines), and the
    // arrival
    // figures the panels need are kept per run: when the last line arrived and the longest wait
    // between two lines (NULL: not known, e.g. imported before v12 without arrival times).
    // Store::migrate moves the old phase events into these and compacts the chunks.
    R"sql(
ALTER TABLE runs ADD COLUMN last_line_at REAL;
ALTER TABLE runs ADD COLUMN longest_line_gap REAL;
CREATE TABLE phase_lines(
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  phase TEXT NOT NULL,
  lines INTEGER NOT NULL DEFAULT 0 CHECK(lines >= 0),
  PRIMARY KEY(run_id, phase)
) WITHOUT ROWID;
)sql",
    // v13: how a pilot collected each run (runner/orchestrate/pilot_evidence.h): its place in the
    // pilot's order, where baseline and candidate alternate (NULL: not collected by a pilot), and
    // the attempt it repeats because that one was not valid evidence, by execution key so that a
    // merge keeps the link ('': a first attempt).
    R"sql(
ALTER TABLE runs ADD COLUMN collection_order INTEGER;
ALTER TABLE runs ADD COLUMN retry_of TEXT NOT NULL DEFAULT '';
)sql",
    // v14: the serving scenario a run measured (model/contract/serving.h): single-stream (one call
    // after another, every run before v14), server or offline, from env.protocol.scenario.name.
    // A server or offline run's queries are sample chunks of the series query.* (no new table);
    // the closed-loop figures and gates select single-stream runs only.
    R"sql(
ALTER TABLE runs ADD COLUMN scenario TEXT NOT NULL DEFAULT 'single-stream';
UPDATE runs SET scenario = json_extract(env_json, '$.protocol.scenario.name')
WHERE json_valid(env_json)
  AND json_extract(env_json, '$.protocol.scenario.name') IN ('server', 'offline');
CREATE INDEX runs_by_scenario ON runs(scenario);
)sql",
    // v15: sentences are typed (model/contract/model_text.h). A run's validity reasons are also
    // kept as messages (catalog identifier and arguments; validity_reasons keeps their English
    // for JSON and exports): every run is re-judged once by the write-opening step to fill them.
    // The default pilot (named "local", stored in English since v7) gets the identifiers of its
    // labels and reasons where they still read as the model wrote them (matched exactly, once,
    // here); another pilot's labels are its author's words.
    R"sql(
ALTER TABLE runs ADD COLUMN validity_messages_json TEXT NOT NULL DEFAULT '[]';
UPDATE runs SET validity_policy = '';
UPDATE pilots SET definition_json =
  json_set(definition_json, '$.baseline.label_message', 'DefaultBaselineLabel')
WHERE name = 'local' AND json_valid(definition_json)
  AND json_extract(definition_json, '$.baseline.label') = 'local eager float32 (current)';
UPDATE pilots SET definition_json =
  json_set(definition_json, '$.candidate.label_message', 'DefaultCandidateLabel')
WHERE name = 'local' AND json_valid(definition_json)
  AND json_extract(definition_json, '$.candidate.label') = 'local compiled (candidate)';
UPDATE pilots SET definition_json =
  json_set(definition_json, '$.allowed_differences[0].reason_message', 'AllowedModeReason')
WHERE name = 'local' AND json_valid(definition_json)
  AND json_extract(definition_json, '$.allowed_differences[0].reason') =
      'the candidate path is the compiled one';
UPDATE pilots SET definition_json =
  json_set(definition_json, '$.allowed_differences[1].reason_message', 'AllowedDtypeReason')
WHERE name = 'local' AND json_valid(definition_json)
  AND json_extract(definition_json, '$.allowed_differences[1].reason') =
      'the candidate may run a lower precision within the precision policy';
)sql",
};

} // namespace tp::schema
