#pragma once
// `torchpilot export`: runs with their figures and verdicts (and, on request, their samples) as
// CSV (RFC 4180) or JSON, for other tools. No Qt.
#include "model/contract/csv_field.h"
#include "store.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class ExportError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// A run selection as typed: comma-separated run ids and ranges ("3,7-9") and/or filters
// ("mode=compiled,dtype=bfloat16"; keys workload, mode, dtype, device, status, target, runner,
// batch, from, before). Empty: every run. Throws ExportError naming the bad token.
RunSelection parseRunSelection(const std::string &text);

// The export's columns, in order: identity, configuration, figures, verdicts.
const std::vector<std::string> &exportColumns();
// One run as {column: value} (null for a figure not measured; validity_reasons an array).
nlohmann::json exportRun(const RunRecord &run);

// Runs: one CSV row each under the exportColumns() header, then the serving figures of a server
// or offline run as serving_<name> columns (empty for a single-stream run).
void writeRunsCsv(std::ostream &out, const std::vector<RunRecord> &runs);
// Samples: run_id,execution_key,phase,seq,seconds, one row per sample (17 significant digits:
// the stored doubles exactly).
void writeSamplesCsv(std::ostream &out, const Store &store, const std::vector<RunRecord> &runs);
// Profiles (--profiles): one row per top operator of each profiled run (rank 1 = most self
// time), with the capture's steps and host<->device copies per call.
void writeProfilesCsv(std::ostream &out, const Store &store, const std::vector<RunRecord> &runs);
// {"runs": [exportRun + "profile" (a run profiled with --profile-steps) + "transfers" (medians of
// phases h2d/d2h) + + (withSamples) "samples": {phase: [seconds…]}]}.
nlohmann::json exportJson(const Store &store, const std::vector<RunRecord> &runs, bool withSamples);

} // namespace tp
