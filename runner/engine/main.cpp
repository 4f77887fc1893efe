// torchpilot-runner: measures one workload in one execution mode and writes the TorchPilot run
// contract (JSON Lines) on stdout. Diagnostics go to stderr. See runner/engine/engine.h.
#include "emitter.h"
#include "engine.h"
#include "options.h"

#include <chrono>
#include <exception>
#include <iostream>

int main(int argc, char **argv)
{
    using namespace tp::runner;
    const auto processStart = std::chrono::steady_clock::now();

    const ParsedOptions parsed = parseOptions(argc, argv, std::cout, std::cerr);
    if (parsed.exitNow)
        return parsed.exitCode;

    Emitter emitter(Emitter::claimStdout());
    installCancelHandlers();
    try {
        return runBenchmark(parsed.options, emitter, processStart);
    } catch (const std::exception &e) { // runBenchmark reports its own errors; this is a bug
        std::cerr << "torchpilot-runner: internal error: " << e.what() << '\n';
        return exitcode::RunFailed;
    }
}
