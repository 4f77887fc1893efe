#pragma once
// What both runners share, from one file: resources/protocol/runner.json (the protocol's default
// options and its presets, the contract version, the compile-cost method). The C++ runner
// compiles the file in (so the binary needs nothing beside it on a remote host); the Python
// runner reads the installed copy. tests/python/test_runner_parity.py holds the two equal.
#include <string>
#include <vector>

namespace tp::runner
{

// The protocol options a preset sets (a run's explicit options override them).
struct ProtocolValues {
    int warmup = 0, maxWarmup = 0, warmupWindow = 0, iterations = 0;
    double warmupCv = 0, minTime = 0;
    // Serving scenarios (model/contract/serving.h): the minimum query counts and duration.
    long long serverMinQueries = 0, offlineMinQueries = 0;
    double minDuration = 0;
};

// The defaults without a preset ("protocol_defaults").
const ProtocolValues &protocolDefaults();
// The preset called `name`, or nullptr.
const ProtocolValues *protocolPreset(const std::string &name);
// The presets' names, in the file's order.
const std::vector<std::string> &protocolPresetNames();

} // namespace tp::runner
