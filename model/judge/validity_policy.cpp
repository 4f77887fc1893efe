#include "validity_policy.h"

#include "model/contract/json_file.h"
#include "validity_policy_data.h" // generated: kValidityPolicyJson, kValidityPolicyOrigin

namespace tp
{

namespace
{
using nlohmann::json;

[[noreturn]] void fail(const std::string &origin, const std::string &field, const std::string &what)
{
    throw ValidityPolicyError(origin + ": field '" + field + "' " + what);
}

double policyNumber(const json &o, const char *key, double fallback, const std::string &origin,
                    const std::string &prefix = {})
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number() || it->get<double>() < 0)
        fail(origin, prefix + key, "must be a number >= 0");
    return it->get<double>();
}

std::size_t policyCount(const json &o, const char *key, std::size_t fallback,
                        const std::string &origin, const std::string &prefix = {})
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > (1LL << 40))
        fail(origin, prefix + key, "must be a non-negative integer");
    return static_cast<std::size_t>(it->get<long long>());
}

bool policyFlag(const json &o, const char *key, bool fallback, const std::string &origin)
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_boolean())
        fail(origin, key, "must be true or false");
    return it->get<bool>();
}
} // namespace

ValidityPolicy parseValidityPolicy(const json &doc, const std::string &origin)
{
    if (!doc.is_object())
        throw ValidityPolicyError(origin + ": a validity policy must be a JSON object");
    ValidityPolicy p;
    const auto name = doc.find("name");
    if (name == doc.end() || !name->is_string() || name->get<std::string>().empty())
        fail(origin, "name", "must be a non-empty string");
    p.name = name->get<std::string>();
    const auto version = doc.find("version");
    if (version == doc.end() || !version->is_number_integer() || version->get<long long>() < 1 ||
        version->get<long long>() > 1000000)
        fail(origin, "version", "must be a positive integer");
    p.version = version->get<int>();
    p.minIterations = policyCount(doc, "min_steady_iterations", p.minIterations, origin);
    p.minSeconds = policyNumber(doc, "min_steady_seconds", p.minSeconds, origin);
    p.maxIqrOverMedian = policyNumber(doc, "max_iqr_over_median", p.maxIqrOverMedian, origin);
    p.requireFinite = policyFlag(doc, "require_finite", p.requireFinite, origin);
    p.requireWarmupSettled =
        policyFlag(doc, "require_warmup_settled", p.requireWarmupSettled, origin);
    p.requireStatusOk = policyFlag(doc, "require_status_ok", p.requireStatusOk, origin);
    if (const auto presets = doc.find("presets"); presets != doc.end()) {
        if (!presets->is_object())
            fail(origin, "presets", "must be an object of preset names");
        for (const auto &[presetName, body] : presets->items()) {
            const std::string prefix = "presets." + presetName + ".";
            if (!body.is_object())
                fail(origin, "presets." + presetName, "must be an object");
            p.presets[presetName] = {policyCount(body, "min_steady_iterations", 0, origin, prefix),
                                     policyNumber(body, "min_steady_seconds", 0, origin, prefix),
                                     policyCount(body, "server_min_queries", 0, origin, prefix),
                                     policyCount(body, "offline_min_queries", 0, origin, prefix),
                                     policyNumber(body, "min_serving_seconds", 0, origin, prefix)};
        }
    }
    if (const auto s = doc.find("serving"); s != doc.end()) {
        if (!s->is_object())
            fail(origin, "serving", "must be an object");
        ServingPolicy &v = p.serving;
        const std::string prefix = "serving.";
        v.serverMinQueries =
            policyCount(*s, "server_min_queries", v.serverMinQueries, origin, prefix);
        v.offlineMinQueries =
            policyCount(*s, "offline_min_queries", v.offlineMinQueries, origin, prefix);
        v.minSeconds = policyNumber(*s, "min_serving_seconds", v.minSeconds, origin, prefix);
        v.lateIssueSeconds =
            policyNumber(*s, "late_issue_seconds", v.lateIssueSeconds, origin, prefix);
        v.maxLateFraction =
            policyNumber(*s, "max_late_fraction", v.maxLateFraction, origin, prefix);
        v.earlyStoppingConfidence = policyNumber(*s, "early_stopping_confidence",
                                                 v.earlyStoppingConfidence, origin, prefix);
        if (v.maxLateFraction > 1)
            fail(origin, prefix + "max_late_fraction", "must be a fraction from 0 to 1");
        if (!(v.earlyStoppingConfidence > 0 && v.earlyStoppingConfidence < 1))
            fail(origin, prefix + "early_stopping_confidence", "must be between 0 and 1");
    }
    if (const auto w = doc.find("witness"); w != doc.end()) {
        if (!w->is_object())
            fail(origin, "witness", "must be an object");
        p.witnessRelTolerance =
            policyNumber(*w, "relative_tolerance", p.witnessRelTolerance, origin, "witness.");
        p.witnessAbsTolerance =
            policyNumber(*w, "absolute_tolerance", p.witnessAbsTolerance, origin, "witness.");
    }
    return p;
}

const ValidityPolicy &defaultValidityPolicy()
{
    static const ValidityPolicy policy = parseValidityPolicy(
        parseJsonText<ValidityPolicyError>(kValidityPolicyJson, kValidityPolicyOrigin),
        kValidityPolicyOrigin);
    return policy;
}

} // namespace tp
