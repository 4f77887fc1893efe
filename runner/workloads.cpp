// The workload factory: maps a --workload name to its implementation. No torch here; each
// workload's torch code lives in its own .cpp.
#include "engine.h"
#include "mlp.h"

#include <stdexcept>

namespace tp::runner
{

std::unique_ptr<Workload> makeWorkload(const std::string &name, const WorkloadConfig &config)
{
    if (name == "mlp")
        return makeMlpWorkload(config);
    throw std::invalid_argument("unknown workload '" + name + "'");
}

} // namespace tp::runner
