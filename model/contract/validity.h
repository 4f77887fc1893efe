#pragma once
// Whether a run's steady-state figures can serve as evidence, and why not. A run that fails any
// check is kept and shown, but gates never count it. No Qt, no torch.
#include "model/contract/model_text.h"
#include "stats.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp
{

struct ValidityCriteria {
    std::size_t minIterations = 10; // fewer steady samples than this: percentiles are not stable
    double minSeconds = 0.0;        // steady phase must last at least this long
    double maxIqrOverMedian = 0.10; // above: too noisy to compare
};

struct ValidityInput {
    SampleStats steady;
    double steadySeconds = 0.0; // sum of the steady samples
    bool warmupSettled = true;  // false: the warmup cap was hit before times settled
    bool finite = true;
};

struct Validity {
    bool valid = true;
    std::vector<Message> reasons; // empty when valid
    nlohmann::json toJson() const;
};

Validity assessValidity(const ValidityInput &in, const ValidityCriteria &criteria);

// Warmup is over when the median of the last `window` iterations differs from the median of the
// window before it by less than `tolerance` (relative), i.e. times stopped drifting. Noise is
// judged separately, by the steady state's IQR/median.
class WarmupDetector
{
public:
    WarmupDetector(std::size_t window, double tolerance) : m_window(window), m_tolerance(tolerance)
    {
    }
    void add(double seconds) { m_samples.push_back(seconds); }
    bool settled() const;
    double lastDrift() const; // relative median change between the last two windows (or -1)

private:
    std::size_t m_window;
    double m_tolerance;
    std::vector<double> m_samples;
};

} // namespace tp
