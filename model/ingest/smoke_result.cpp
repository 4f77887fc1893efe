#include "smoke_result.h"

#include "ingest_util.h"

namespace tp
{
using namespace ingest_detail;

SmokeRun smokeRun(const json &o)
{
    SmokeRun run;
    const std::string mode = strOr(o, "mode", "unknown");
    RunStarted &s = run.started;
    s.runKey = "smoke/" + mode;
    s.workload = "smoke-mlp";
    s.mode = mode;
    s.dtype = strOr(o, "dtype", "bfloat16");
    s.device = strOr(o, "device", o.contains("torch_tpu") ? "tpu" : "");
    s.shape = {{"batch", 64}, {"in", 128}};
    s.env = json::object();
    for (const char *k : {"torch", "torch_tpu"})
        if (o.contains(k))
            s.env[k] = o[k];
    run.executionKey = "smoke:" + contentKey(dumpJson(o));
    run.event.kind = Event::Kind::RunStarted;
    run.event.name = "smoke_result";
    run.event.raw = o;
    run.event.started = s;
    RunFinished &f = run.finished;
    f.summaryJson = o;
    f.summary.firstCallSeconds = numOr(o, "first_call_seconds", 0.0);
    f.summary.meanBatchSeconds = numOr(o, "mean_batch_seconds", 0.0);
    f.summary.samplesPerSecond = numOr(o, "samples_per_second", 0.0);
    if (o.contains("finite") && o["finite"].is_boolean())
        f.summary.finite = o["finite"].get<bool>();
    f.status = f.summary.finite.value_or(false) ? status::Ok : status::Failed;
    if (f.status == status::Failed)
        f.error = "smoke result reports non-finite output";
    return run;
}

} // namespace tp
