#include "serving_judge.h"

#include "model/contract/json_file.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace tp
{
using nlohmann::json;

namespace
{

// Above this many queries over the bound, how many more early stopping would need is not
// computed (the run has shown or not shown its tail already; the search costs O(over) per step).
constexpr long long kMaxOverForEarlyStopping = 100000;

struct ServingMinimums {
    std::size_t queries;
    double seconds;
    std::string from;
};

ServingMinimums servingMinimums(const std::string &scenario, const json &proto,
                                const json &declared, const ValidityPolicy &policy)
{
    const bool offline = scenario == serving::scenario::Offline;
    const ServingPolicy &sp = policy.serving;
    ServingMinimums m{offline ? sp.offlineMinQueries : sp.serverMinQueries, sp.minSeconds,
                      "policy " + policy.id()};
    auto raise = [&m](double queries, double seconds, const std::string &from) {
        if (queries > double(m.queries) && queries < 1e15) {
            m.queries = static_cast<std::size_t>(queries);
            m.from = from;
        }
        if (seconds > m.seconds && std::isfinite(seconds)) {
            m.seconds = seconds;
            m.from = from;
        }
    };
    if (const auto preset = proto.find("preset"); preset != proto.end() && preset->is_string())
        if (const auto it = policy.presets.find(preset->get<std::string>());
            it != policy.presets.end())
            raise(double(offline ? it->second.offlineQueries : it->second.serverQueries),
                  it->second.servingSeconds, preset->get<std::string>() + " preset");
    raise(jsonNumber(declared, "min_queries").value_or(0),
          jsonNumber(declared, "min_duration_seconds").value_or(0), "the run's declared scenario");
    return m;
}

} // namespace

ServingJudgement judgeServing(const serving::Columns &queries, const std::string &scenario,
                              const json &proto, const ValidityPolicy &policy)
{
    ServingJudgement j;
    const json declared = proto.is_object() && proto.value("scenario", json()).is_object()
                              ? proto["scenario"]
                              : json::object();
    const ServingPolicy &sp = policy.serving;
    const double percentile =
        std::clamp(jsonNumber(declared, "slo_percentile").value_or(0.99), 0.5, 0.99999);
    const serving::Figures f =
        serving::summarize(queries, scenario, percentile, sp.lateIssueSeconds);
    j.figures = f;
    j.json = serving::figuresJson(f);
    j.json["scenario"] = scenario;
    const ServingMinimums mins = servingMinimums(scenario, proto, declared, policy);
    j.json.update({{"min_queries", mins.queries},
                   {"min_seconds", mins.seconds},
                   {"minimums_from", mins.from},
                   {"late_issue_seconds", sp.lateIssueSeconds},
                   {"max_late_fraction", sp.maxLateFraction}});
    if (f.queries == 0) {
        j.reasons.push_back(Message(txt::ValidityNoQueries, {scenario}));
        return j;
    }
    if (static_cast<std::size_t>(f.queries) < mins.queries)
        j.reasons.push_back(Message(txt::ValidityTooFewQueries,
                                    {std::to_string(f.queries), std::to_string(mins.queries)}));
    // LoadGen's MinDurationMet: a server run's last scheduled arrival, an offline run's end.
    const double span =
        scenario == serving::scenario::Offline ? f.lastDoneSeconds : f.scheduledSeconds;
    if (span < mins.seconds)
        j.reasons.push_back(
            Message(txt::ValidityTooShortSchedule, {textNumber(span), textNumber(mins.seconds)}));
    if (double(f.late) > sp.maxLateFraction * double(f.queries))
        j.reasons.push_back(
            Message(txt::ValidityGeneratorBehind,
                    {std::to_string(f.late), std::to_string(f.queries),
                     textNumber(sp.lateIssueSeconds), textNumber(sp.maxLateFraction * 100)}));

    // The latency bound the run declared: met, missed or undecided at the policy's confidence.
    const auto bound = jsonNumber(declared, "slo_seconds");
    if (scenario != serving::scenario::Server || !bound || !(*bound > 0)) {
        j.json["slo"] = {{"verdict", "no bound declared"}};
        return j;
    }
    long long over = 0;
    const std::size_t n = std::min(queries.latency.size(), queries.outcome.size());
    for (std::size_t i = 0; i < n; ++i)
        over += queries.outcome[i] != serving::Ok || queries.latency[i] > *bound;
    const long long within = static_cast<long long>(n) - over;
    const double c = sp.earlyStoppingConfidence;
    // The queries early stopping needs, when the share within the bound can still show it (at
    // most p of them within never does, however many there are): bounded work, O(over) per step.
    std::optional<long long> needed;
    if (double(within) > percentile * double(n) && over <= kMaxOverForEarlyStopping)
        needed = serving::earlyStoppingMinPassing(over, percentile, c) + over;
    std::string verdict = "undecided";
    if (needed && static_cast<long long>(n) >= *needed)
        verdict = "met";
    else if (serving::percentileShownOver(within, over, percentile, c))
        verdict = "missed";
    j.json["slo"] = {
        {"bound_seconds", *bound}, {"percentile", percentile},
        {"over_bound", over},      {"queries_needed", needed ? json(*needed) : json()},
        {"confidence", c},         {"rule", "LoadGen early stopping (early_stopping.cc, d = 0)"},
        {"verdict", verdict}};
    return j;
}

} // namespace tp
