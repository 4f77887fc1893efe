#pragma once
// Whether a side can process a whole catalog inside its batch window (issue 43, the article's
// nightly embedding job, section 5). No Qt, no store.
//
// A catalog run pays each execution's fixed cost once (everything but steady compute in its
// end-to-end breakdown, end_to_end.h: waits, lost attempts, preparation, compile, warm-up,
// checkpoints, other) and the steady cost per item. Fixed: the median of the side's runs, their
// range as the interval. Per item: 1 / samples per second of the pooled steady samples, with the
// percentile-bootstrap interval (compare.h's method). The total's interval joins the low ends and
// the high ends. Judged against the window: pass when even the high end fits, fail when even the
// low end does not, insufficient when the window lies inside the interval or the evidence is
// missing.
#include "model/analysis/compare.h"
#include "model/analysis/end_to_end.h"

#include <vector>

namespace tp
{

struct BatchWindow {
    long long items = 0; // the catalog's size
    double seconds = 0;  // the time the whole catalog must be done in
    bool set() const { return items > 0 && seconds > 0; }
};

struct Interval {
    double point = 0, low = 0, high = 0;
};

struct DeadlineProjection {
    enum class Verdict { Pass, Fail, Insufficient };
    Verdict verdict = Verdict::Insufficient;
    bool measured = false; // false: no breakdown or fewer than 2 steady samples
    Interval fixedSeconds, itemSeconds, totalSeconds;
    std::size_t runs = 0, samples = 0;
};

DeadlineProjection projectDeadline(const BatchWindow &window, const std::vector<EndToEnd> &runs,
                                   const std::vector<TimedSample> &steady,
                                   const CompareOptions &options = {});

} // namespace tp
