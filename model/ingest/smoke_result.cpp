#include "smoke_result.h"

#include "ingest_util.h"
#include "model/contract/sound_values.h"

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
    // The figures are kept only within their physical range (threat model I2); one out of it is
    // named in the run's error and the result is not evidence.
    auto figure = [&](const char *key, bool (*sound)(double)) {
        const double v = numOr(o, key, 0.0);
        if (sound(v))
            return v;
        run.refused.push_back("field '" + std::string(key) + "' holds " + dumpJson(o.at(key)) +
                              ", out of its physical range");
        return 0.0;
    };
    f.summary.firstCallSeconds = figure("first_call_seconds", &physical::seconds);
    f.summary.meanBatchSeconds = figure("mean_batch_seconds", &physical::seconds);
    f.summary.samplesPerSecond = figure("samples_per_second", &physical::rate);
    if (o.contains("finite") && o["finite"].is_boolean())
        f.summary.finite = o["finite"].get<bool>();
    f.status = f.summary.finite.value_or(false) ? status::Ok : status::Failed;
    if (f.status == status::Failed)
        f.error = "smoke result reports non-finite output";
    if (!run.refused.empty()) {
        f.status = status::Failed;
        f.error = run.refused.front();
    }
    return run;
}

} // namespace tp
