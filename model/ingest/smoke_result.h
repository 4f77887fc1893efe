#pragma once
// The article's smoke.py prints one object with aggregates only, no contract stream. Here it is
// read as the contract events of one complete run (its run_started, its only event and its
// run_finished), which RunIngestor (ingestor.h) stores like any other run.
#include "model/contract/contract.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp
{

struct SmokeRun {
    RunStarted started;
    std::string executionKey; // "smoke:" and the object's content key: a re-import is the same run
    Event event;              // the object itself, stored as the run's only event "smoke_result"
    RunFinished finished;     // ok when the object reports finite output, else failed
    std::vector<std::string> refused; // figures out of their physical range (the run failed)
};

// `o` is a smoke object (isSmokeObject, contract.h).
SmokeRun smokeRun(const nlohmann::json &o);

} // namespace tp
