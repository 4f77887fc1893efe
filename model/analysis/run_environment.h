#pragma once
// What a run recorded of where it ran (run_started.env, with run_finished.summary for the
// accelerator's compile costs) and of its precision check (the last "precision" event), read once
// into values: the run details view and the PDF show these fields and never parse the JSON nor
// spell the contract's keys. A field the run did not record is empty; a value of another type
// than the contract's (a hostile stream) is shown as its JSON text, never a crash. Fields the
// contract does not name are kept (`other`).
#include "model/analysis/accelerator_facts.h"
#include "model/contract/model_text.h"
#include "model/evidence/run_record.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tp
{

struct RunEnvironment {
    enum class Runner { Unknown, Cpp, Python };
    Runner runner = Runner::Unknown; // env.runner_kind "python"; a C++ runner reports env.runner
    std::string runnerVersion;       // env.runner (the C++ runner's version)
    std::string torch;               // torch's version
    std::string threads;             // intra-op threads: the run's own column, else env.threads
    std::string cpuModel, hostname, os;
    std::string blas, blasBuild, blasThreads;
    std::string matmulPrecision; // matmulPrecisionMode(): "" when the run did not record it
    AcceleratorFacts accelerator;
    std::map<std::string, std::string> other; // every other field of env, as JSON text
};

RunEnvironment runEnvironment(const RunRecord &run);

// The reference comparison a run's precision check made (the runner's "precision" event).
struct PrecisionCheck {
    std::string reference;
    std::optional<double> rtol, atol, maxAbsError, maxRelError, mismatchPercent, cosine;
    // Typed when the runner wrote them typed too ("reason_messages", the same English), else
    // the runner's own words as written.
    std::vector<Message> reasons;
};

// The last precision event among `events`; nullopt when there is none or it is not an object.
std::optional<PrecisionCheck> lastPrecisionCheck(const std::vector<EventRecord> &events);

} // namespace tp
