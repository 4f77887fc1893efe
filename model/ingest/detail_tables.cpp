#include "detail_tables.h"

#include "ingest_util.h"
#include "model/contract/readiness.h"
#include "model/contract/sound_values.h"
#include "model/store/run_writes.h"

#include <cmath>

namespace tp
{
using namespace ingest_detail;

std::vector<std::string> DetailTables::store(long long runId, const Event &e)
{
    RunWrites rows(m_store);
    const json &o = e.raw;
    std::vector<std::string> refused;
    // A duration or a rate is stored only within its physical range (threat model I2); out of it,
    // the column stays NULL and the field is named. Absent (or not a number): `absent`.
    auto checked = [&](const json &obj, const char *key, bool (*sound)(double),
                       std::optional<double> absent) -> std::optional<double> {
        const auto it = obj.find(key);
        if (it == obj.end() || !it->is_number())
            return absent;
        const double v = it->get<double>();
        if (sound(v))
            return v;
        refused.push_back(sound == &physical::seconds
                              ? physical::secondsProblem(key, v) + "; not stored"
                              : "field '" + std::string(key) + "' holds " + dumpJson(*it) +
                                    ", out of its physical range; not stored");
        return std::nullopt;
    };
    if (e.name == ev::Resources) {
        rows.setResources(runId, intOr(o, "peak_rss_bytes", 0),
                          checked(o, "cpu_user_seconds", &physical::seconds, 0.0),
                          checked(o, "cpu_system_seconds", &physical::seconds, 0.0),
                          checked(o, "wall_seconds", &physical::seconds, 0.0));
    } else if (e.name == ev::Readiness) {
        // Kept as the event it is; every reader goes through readiness::parse, which refuses
        // what this names (a merged event too).
        std::string why;
        if (!readiness::parse(o, &why))
            refused.push_back(why + "; the run has no time to ready");
    } else if (e.name == ev::Precision) {
        rows.setPrecision(runId, strOr(o, "verdict", ""), strOr(o, "policy", ""));
    } else if (e.name == ev::ShapeCase) {
        ShapeCaseRecord c;
        c.batch = intOr(o, "batch", 0);
        c.seqLen = intOr(o, "seq_len", 0);
        c.firstCallSeconds = checked(o, "first_call_seconds", &physical::seconds, std::nullopt);
        c.meanSeconds = checked(o, "mean_seconds", &physical::seconds, std::nullopt);
        c.p50Seconds = checked(o, "p50_seconds", &physical::seconds, std::nullopt);
        c.p99Seconds = checked(o, "p99_seconds", &physical::seconds, std::nullopt);
        c.samplesPerSecond = checked(o, "samples_per_second", &physical::rate, std::nullopt);
        const auto slow = o.find("slow_first_call");
        c.slowFirstCall = slow != o.end() && slow->is_boolean() && slow->get<bool>();
        // Compiled mode's facts: a number, a count or a boolean each, else NULL ("not
        // available" stays unknown, never 0).
        auto counted = [&](const char *key) -> std::optional<long long> {
            const auto it = o.find(key);
            if (it != o.end() && it->is_number() && it->get<double>() >= 0)
                return intOr(o, key, 0, 0);
            return std::nullopt;
        };
        c.compileSeconds = checked(o, "compile_seconds", &physical::seconds, std::nullopt);
        c.graphs = counted("graphs");
        c.recompiles = counted("recompiles");
        if (const auto f = o.find("eager_fallback"); f != o.end() && f->is_boolean())
            c.eagerFallback = f->get<bool>();
        c.cacheRequests = counted("cache_requests");
        c.cacheHits = counted("cache_hits");
        c.xlaCompileSeconds = checked(o, "xla_compile_seconds", &physical::seconds, std::nullopt);
        rows.insertShapeCase(runId, m_shapeCaseSeq++, c);
    } else if (e.name == ev::TrainStep) {
        const auto losses = o.find("loss");
        const auto secs = o.find("seconds");
        if (losses == o.end() || !losses->is_array())
            return refused;
        const long long first = intOr(o, "first_step", 0); // ±2^53: first + i never overflows
        std::vector<TrainStepRow> steps;
        steps.reserve(losses->size());
        for (std::size_t i = 0; i < losses->size(); ++i) {
            TrainStepRow row;
            row.step = first + static_cast<long long>(i);
            const json &l = (*losses)[i];
            // A loss is any finite number up to 1e30 in magnitude (a diverging run's included);
            // NaN losses arrive as null.
            if (l.is_number() && std::abs(l.get<double>()) <= 1e30)
                row.loss = l.get<double>();
            if (l.is_number() && !(std::abs(l.get<double>()) <= 1e30))
                refused.push_back("field 'loss' holds " + dumpJson(l) +
                                  ": a loss must be finite and at most 1e30 in magnitude; not "
                                  "stored");
            const bool hasSecs =
                secs != o.end() && secs->is_array() && i < secs->size() && (*secs)[i].is_number();
            const double sec = hasSecs ? (*secs)[i].get<double>() : 0.0;
            if (physical::seconds(sec))
                row.seconds = sec;
            else
                refused.push_back(physical::secondsProblem("seconds", sec) + "; not stored");
            steps.push_back(row);
        }
        rows.insertTrainSteps(runId, steps);
    }
    return refused;
}

} // namespace tp
