"""Statistics, warmup settling and the validity verdict, with exactly the definitions of the C++
store (model/contract/stats.cpp, model/contract/validity.cpp): type-7 percentiles, sample standard deviation, MAD
outliers |x - median| / (1.4826 * MAD) > 3.5, warmup drift = |median(last window) - median(window
before)| / median(window before). The store recomputes all of it from the raw samples; these are
the runner's witness figures. Stdlib only."""
import math


def percentile_sorted(sorted_values, q):
    """Type-7 (linear interpolation) percentile of an ascending list; 0.0 when empty."""
    if not sorted_values:
        return 0.0
    q = min(max(q, 0.0), 1.0)
    h = (len(sorted_values) - 1.0) * q
    lo = int(math.floor(h))
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (h - lo) * (sorted_values[hi] - sorted_values[lo])


def median(values):
    return percentile_sorted(sorted(values), 0.5)


class SampleStats:
    __slots__ = ("n", "mean", "stddev", "cv", "median", "p90", "p99", "q1", "q3", "iqr",
                 "min", "max", "mad_outliers")

    def __init__(self):
        self.n = 0
        self.mean = self.stddev = self.cv = self.median = self.p90 = self.p99 = 0.0
        self.q1 = self.q3 = self.iqr = self.min = self.max = 0.0
        self.mad_outliers = 0


def compute_stats(values):
    s = SampleStats()
    x = sorted(values)
    s.n = len(x)
    if not x:
        return s
    s.min, s.max = x[0], x[-1]
    total = 0.0
    for v in x:  # the same summation order as std::accumulate over the sorted samples
        total += v
    s.mean = total / s.n
    if s.n > 1:
        ss = 0.0
        for v in x:
            ss += (v - s.mean) * (v - s.mean)
        s.stddev = math.sqrt(ss / (s.n - 1))
    s.cv = s.stddev / s.mean if s.mean > 0 else 0.0
    s.median = percentile_sorted(x, 0.5)
    s.p90 = percentile_sorted(x, 0.9)
    s.p99 = percentile_sorted(x, 0.99)
    s.q1 = percentile_sorted(x, 0.25)
    s.q3 = percentile_sorted(x, 0.75)
    s.iqr = s.q3 - s.q1
    dev = sorted(abs(v - s.median) for v in x)
    mad = percentile_sorted(dev, 0.5) * 1.4826
    if mad > 0:
        s.mad_outliers = sum(1 for v in x if abs(v - s.median) / mad > 3.5)
    return s


class WarmupDetector:
    """Settled when the median of the last `window` samples drifts less than `tolerance`
    (relative) from the median of the window before."""

    def __init__(self, window, tolerance):
        self.window = window
        self.tolerance = tolerance
        self.samples = []

    def add(self, seconds):
        self.samples.append(seconds)

    def last_drift(self):
        w = self.window
        if w == 0 or len(self.samples) < 2 * w:
            return -1.0
        last = median(self.samples[-w:])
        before = median(self.samples[-2 * w:-w])
        if before <= 0:
            return -1.0
        return abs(last - before) / before


    def settled(self):
        drift = self.last_drift()
        return 0 <= drift < self.tolerance


MIN_ITERATIONS = 10          # ValidityCriteria::minIterations
MAX_IQR_OVER_MEDIAN = 0.10   # ValidityCriteria::maxIqrOverMedian


def _g3(x):
    return "%.3g" % x


def assess_validity(steady, warmup_settled, finite, min_seconds):
    """{"valid": bool, "reasons": [...]}: the rules and wording of model/contract/validity.cpp."""
    st = compute_stats(steady)
    steady_seconds = 0.0
    for v in steady:
        steady_seconds += v
    reasons = []
    if not finite:
        reasons.append("non-finite output")
    if st.n < MIN_ITERATIONS:
        reasons.append("too short: %.0f steady iterations, at least %.0f needed"
                       % (st.n, MIN_ITERATIONS))
    if min_seconds > 0 and steady_seconds < min_seconds:
        reasons.append("too short: steady state lasted %s s, at least %s s required"
                       % (_g3(steady_seconds), _g3(min_seconds)))
    if st.n > 0 and st.median > 0:
        ratio = st.iqr / st.median
        if ratio >= MAX_IQR_OVER_MEDIAN:
            reasons.append("too noisy: IQR/median = %.3f, must be below %.2f"
                           % (ratio, MAX_IQR_OVER_MEDIAN))
    if not warmup_settled:
        reasons.append("steady state never reached: warmup hit its cap before times settled")
    return {"valid": not reasons, "reasons": reasons}


def summary_figures(batch, steady):
    """The steady-state part of summaryJson (runner/engine/emitter.cpp)."""
    st = compute_stats(steady)
    s = {"steady_iterations": st.n, "mean_batch_seconds": st.mean}
    if st.mean > 0:
        s["samples_per_second"] = float(batch) / st.mean
    s.update({"p50_seconds": st.median, "p90_seconds": st.p90, "p99_seconds": st.p99,
              "median_seconds": st.median, "stddev_seconds": st.stddev, "cv": st.cv,
              "iqr_seconds": st.iqr, "min_seconds": st.min, "max_seconds": st.max,
              "mad_outliers": st.mad_outliers, "percentile_method": "linear (type 7)"})
    return s
