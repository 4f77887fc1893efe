#pragma once
// The checks a run makes besides timing, written against the Workload interface (no torch):
// the precision comparison with the float32 eager reference, the shape catalog, and the
// training figures. The engine calls them inside the right autograd mode.
#include "emitter.h"
#include "model/contract/catalog.h"
#include "model/contract/precision.h"
#include "protocol.h"
#include "workload.h"

namespace tp::runner
{

// Inference: compares `measured`'s last output with a freshly built float32 eager reference
// (same seed, same shape). Emits a `precision` event and returns its verdict object.
nlohmann::json checkInferencePrecision(const WorkloadConfig &config, const std::string &workload,
                                       Workload &measured, const PrecisionPolicy &policy,
                                       Emitter &emitter);

// Training: trains a fresh candidate and a float32 eager reference for policy.trainingSteps
// steps from identical weights and data; compares first-step gradients and the loss curves.
nlohmann::json checkTrainingPrecision(const WorkloadConfig &config, const std::string &workload,
                                      const PrecisionPolicy &policy, Emitter &emitter);

// Runs every catalog case on `w` (reshape, first call, warmup, steady), one shape_case event
// each, then the bucketing comparison. Returns the catalog summary.
nlohmann::json runCatalog(const ShapeCatalog &catalog, Workload &w, const TimedCall &call,
                          const RunControl &control, Emitter &emitter);

// Training bookkeeping: losses per step, emitted as train_step lines in batches of `flushEvery`
// (1: a line per step, so a watcher sees each step as it completes). Steps are numbered from
// `firstStep` (a run resumed from a checkpoint continues the numbering).
class TrainingLog
{
public:
    TrainingLog(Emitter &emitter, double targetLoss, std::size_t firstStep = 0,
                std::size_t flushEvery = 256)
        : m_emitter(emitter), m_target(targetLoss), m_firstStep(firstStep),
          m_flushEvery(flushEvery < 1 ? 1 : flushEvery)
    {
    }
    void record(double loss, double stepSeconds);
    void flush();
    nlohmann::json summary(long long batch) const;

private:
    Emitter &m_emitter;
    double m_target;
    std::size_t m_firstStep, m_flushEvery;
    std::vector<double> m_losses, m_seconds;
    std::size_t m_flushed = 0;
    double m_elapsed = 0;
    double m_timeToTarget = -1;
    long long m_stepsToTarget = -1;
};

} // namespace tp::runner
