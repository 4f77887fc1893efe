// The workload factory: maps a --workload name to its implementation. No torch here; each
// workload's torch code lives in its own .cpp.
#include "workloads.h"

#include "encoder.h"
#include "fixed_service.h"
#include "mlp.h"
#include "torchscript_workload.h"
#include "training.h"

#include <stdexcept>

namespace tp::runner
{

std::unique_ptr<Workload> makeWorkload(const std::string &name, const WorkloadConfig &config)
{
    if (name == "mlp")
        return makeMlpWorkload(config);
    if (name == "encoder")
        return makeEncoderWorkload(config);
    if (name == "torchscript")
        return makeTorchScriptWorkload(config);
    if (name == "fixed-service")
        return makeFixedServiceWorkload(config);
    if (name == "train-mlp")
        return makeTrainMlpWorkload(config);
    if (name == "train-encoder")
        return makeTrainEncoderWorkload(config);
    throw std::invalid_argument("unknown workload '" + name + "'");
}

} // namespace tp::runner
