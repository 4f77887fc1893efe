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

double number(const json &o, const char *key, double fallback, const std::string &origin,
              const std::string &prefix = {})
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number() || it->get<double>() < 0)
        fail(origin, prefix + key, "must be a number >= 0");
    return it->get<double>();
}

std::size_t count(const json &o, const char *key, std::size_t fallback, const std::string &origin,
                  const std::string &prefix = {})
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > (1LL << 40))
        fail(origin, prefix + key, "must be a non-negative integer");
    return static_cast<std::size_t>(it->get<long long>());
}

bool flag(const json &o, const char *key, bool fallback, const std::string &origin)
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
    p.minIterations = count(doc, "min_steady_iterations", p.minIterations, origin);
    p.minSeconds = number(doc, "min_steady_seconds", p.minSeconds, origin);
    p.maxIqrOverMedian = number(doc, "max_iqr_over_median", p.maxIqrOverMedian, origin);
    p.requireFinite = flag(doc, "require_finite", p.requireFinite, origin);
    p.requireWarmupSettled = flag(doc, "require_warmup_settled", p.requireWarmupSettled, origin);
    p.requireStatusOk = flag(doc, "require_status_ok", p.requireStatusOk, origin);
    if (const auto presets = doc.find("presets"); presets != doc.end()) {
        if (!presets->is_object())
            fail(origin, "presets", "must be an object of preset names");
        for (const auto &[presetName, body] : presets->items()) {
            const std::string prefix = "presets." + presetName + ".";
            if (!body.is_object())
                fail(origin, "presets." + presetName, "must be an object");
            p.presets[presetName] = {count(body, "min_steady_iterations", 0, origin, prefix),
                                     number(body, "min_steady_seconds", 0, origin, prefix)};
        }
    }
    if (const auto w = doc.find("witness"); w != doc.end()) {
        if (!w->is_object())
            fail(origin, "witness", "must be an object");
        p.witnessRelTolerance =
            number(*w, "relative_tolerance", p.witnessRelTolerance, origin, "witness.");
        p.witnessAbsTolerance =
            number(*w, "absolute_tolerance", p.witnessAbsTolerance, origin, "witness.");
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
