#include "precision.h"

#include "json_file.h"
#include "model_text.h"
#include "model_texts.h"

#include <cmath>
#include <cstdio>

namespace tp
{
using nlohmann::json;

namespace
{

double nonNegative(const json &obj, const char *key, double fallback, const std::string &where)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return fallback;
    if (!it->is_number() || it->get<double>() < 0)
        throw PolicyError(where + "." + key + " must be a non-negative number");
    return it->get<double>();
}

} // namespace

PrecisionPolicy parsePolicy(const json &j, const std::string &origin)
{
    if (!j.is_object())
        throw PolicyError(origin + ": a precision policy must be a JSON object");
    PrecisionPolicy p;
    auto name = j.find("name");
    if (name == j.end() || !name->is_string() || name->get<std::string>().empty())
        throw PolicyError(origin + ": field 'name' must be a non-empty string");
    p.name = name->get<std::string>();
    if (auto v = j.find("version"); v != j.end()) {
        if (!v->is_number_integer() || *v < 0 || *v > 1000000)
            throw PolicyError(origin + ": field 'version' must be an integer from 0 to 1000000");
        p.version = v->get<int>();
    }
    if (auto r = j.find("reference"); r != j.end()) {
        if (!r->is_string() ||
            (*r != policy_reference::Float32 && *r != policy_reference::SameDtype))
            throw PolicyError(origin + ": field 'reference' must be \"float32\" or \"same-dtype\"");
        p.reference = r->get<std::string>();
    }
    auto tols = j.find("tolerances");
    if (tols == j.end() || !tols->is_object() || tols->empty())
        throw PolicyError(origin +
                          ": field 'tolerances' must be an object with one entry per dtype");
    for (const auto &[dtype, t] : tols->items()) {
        const std::string where = origin + ": tolerances." + dtype;
        if (!t.is_object())
            throw PolicyError(where + " must be an object");
        Tolerance tol;
        tol.rtol = nonNegative(t, "rtol", -1, where);
        tol.atol = nonNegative(t, "atol", -1, where);
        if (tol.rtol < 0 || tol.atol < 0)
            throw PolicyError(where + " needs both 'rtol' and 'atol'");
        tol.maxMismatchPercent = nonNegative(t, "max_mismatch_percent", 0, where);
        tol.minCosine = nonNegative(t, "min_cosine", 0.999, where);
        if (tol.maxMismatchPercent > 100 || tol.minCosine > 1)
            throw PolicyError(where + ": max_mismatch_percent must be ≤ 100 and min_cosine ≤ 1");
        p.tolerances[dtype] = tol;
    }
    if (auto tr = j.find("training"); tr != j.end()) {
        if (!tr->is_object())
            throw PolicyError(origin + ": field 'training' must be an object");
        const std::string where = origin + ": training";
        const double steps = nonNegative(*tr, "steps", p.trainingSteps, where);
        if (steps > 1000000) // before the cast: a double beyond int is undefined behaviour
            throw PolicyError(where + ".steps must be at most 1000000");
        p.trainingSteps = static_cast<int>(steps);
        p.minGradientCosine = nonNegative(*tr, "min_gradient_cosine", p.minGradientCosine, where);
        p.maxLossDivergence = nonNegative(*tr, "max_loss_divergence", p.maxLossDivergence, where);
        if (p.trainingSteps < 1)
            throw PolicyError(where + ".steps must be at least 1");
    }
    return p;
}

std::string referenceDtype(const PrecisionPolicy &policy, const std::string &measuredDtype)
{
    return policy.reference == policy_reference::SameDtype ? measuredDtype : "float32";
}

PrecisionPolicy loadPolicy(const std::string &path)
{
    return parsePolicy(readJsonFile<PolicyError>(path, "precision policy"), path);
}

PrecisionPolicy defaultPolicy()
{
    // Keep in step with resources/policies/default.json (a test checks they agree).
    return parsePolicy(json::parse(R"({
      "name": "default", "version": 1,
      "tolerances": {
        "float32":  {"rtol": 1.3e-6, "atol": 1e-5, "max_mismatch_percent": 0.0, "min_cosine": 0.99999},
        "bfloat16": {"rtol": 1.6e-2, "atol": 1e-5, "max_mismatch_percent": 5.0, "min_cosine": 0.999},
        "float16":  {"rtol": 1e-3,   "atol": 1e-5, "max_mismatch_percent": 1.0, "min_cosine": 0.9999}
      },
      "training": {"steps": 20, "min_gradient_cosine": 0.99, "max_loss_divergence": 0.05}
    })"),
                       "built-in default policy");
}

Comparison compare(const std::vector<float> &cand, const std::vector<float> &ref,
                   const Tolerance &tol)
{
    Comparison c;
    c.elements = ref.size();
    if (cand.size() != ref.size()) {
        c.sizesMatch = false;
        return c;
    }
    double dot = 0, nc = 0, nr = 0;
    std::size_t mismatched = 0;
    for (std::size_t i = 0; i < ref.size(); ++i) {
        const double a = cand[i], b = ref[i];
        if (!std::isfinite(a) || !std::isfinite(b)) {
            c.finite = false;
            ++mismatched;
            continue;
        }
        const double err = std::fabs(a - b);
        c.maxAbsError = std::max(c.maxAbsError, err);
        if (b != 0)
            c.maxRelError = std::max(c.maxRelError, err / std::fabs(b));
        if (err > tol.atol + tol.rtol * std::fabs(b))
            ++mismatched;
        dot += a * b;
        nc += a * a;
        nr += b * b;
    }
    c.mismatchPercent = ref.empty() ? 0 : 100.0 * double(mismatched) / double(ref.size());
    c.cosine = (nc > 0 && nr > 0) ? dot / std::sqrt(nc * nr) : (nc == nr ? 1.0 : 0.0);
    return c;
}

PrecisionVerdict judgeOutputs(const Comparison &c, const Tolerance &tol)
{
    PrecisionVerdict v;
    if (!c.sizesMatch)
        v.reasons.emplace_back(txt::PrecisionSizes);
    if (!c.finite)
        v.reasons.emplace_back(txt::PrecisionNonFinite);
    if (c.mismatchPercent > tol.maxMismatchPercent)
        v.reasons.push_back(
            Message(txt::PrecisionMismatch,
                    {textNumber(c.mismatchPercent, 3), textNumber(tol.atol, 3),
                     textNumber(tol.rtol, 3), textNumber(tol.maxMismatchPercent, 3)}));
    if (c.cosine < tol.minCosine)
        v.reasons.push_back(Message(txt::PrecisionCosine,
                                    {fixedDecimals(c.cosine, 6), fixedDecimals(tol.minCosine, 6)}));
    v.pass = v.reasons.empty();
    return v;
}

double lossDivergence(const std::vector<double> &cand, const std::vector<double> &ref)
{
    double worst = 0;
    const std::size_t n = std::min(cand.size(), ref.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(cand[i]) || !std::isfinite(ref[i]))
            return INFINITY;
        const double scale = std::max(std::fabs(ref[i]), 1e-12);
        worst = std::max(worst, std::fabs(cand[i] - ref[i]) / scale);
    }
    return worst;
}

} // namespace tp
