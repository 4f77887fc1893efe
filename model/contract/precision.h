#pragma once
// The precision policy: a candidate (dtype, mode) is compared with the float32 eager reference
// on identical weights and inputs; tolerances come from a named, versioned policy file, never
// from the test that wants to pass. No Qt, no torch.
#include "model/contract/model_text.h"
#include <nlohmann/json.hpp>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class PolicyError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct Tolerance {
    double rtol = 0, atol = 0;
    double maxMismatchPercent = 0; // elements outside atol + rtol*|ref| allowed, in %
    double minCosine = 0.999;
};

// What the measured outputs are compared against: the float32 eager reference on identical
// weights and inputs (the default), or an eager reference in the measured dtype ("same-dtype":
// bfloat16 against bfloat16, as TorchTPU's parity guide compares; it isolates the device and
// compiler from the dtype's own rounding). The precision event's "reference" names it.
namespace policy_reference
{
inline constexpr const char *Float32 = "float32";
inline constexpr const char *SameDtype = "same-dtype";
} // namespace policy_reference

struct PrecisionPolicy {
    std::string name;
    int version = 1;
    std::string reference = policy_reference::Float32; // a policy_reference value
    std::map<std::string, Tolerance> tolerances;       // by dtype
    // Training: steps compared, minimum gradient cosine, allowed relative loss divergence.
    int trainingSteps = 20;
    double minGradientCosine = 0.99;
    double maxLossDivergence = 0.05;
};

// Parses a policy; errors name the file and the field ("policy.json: tolerances.bfloat16.rtol
// must be a non-negative number").
PrecisionPolicy parsePolicy(const nlohmann::json &j, const std::string &origin);
PrecisionPolicy loadPolicy(const std::string &path);
PrecisionPolicy defaultPolicy(); // the built-in copy of resources/policies/default.json
// The dtype the reference runs in for a measured dtype under `policy`.
std::string referenceDtype(const PrecisionPolicy &policy, const std::string &measuredDtype);

struct Comparison {
    std::size_t elements = 0;
    double maxAbsError = 0, maxRelError = 0, mismatchPercent = 0, cosine = 1;
    bool sizesMatch = true;
    bool finite = true;
};

// Element-wise comparison of candidate against reference with one tolerance.
Comparison compare(const std::vector<float> &candidate, const std::vector<float> &reference,
                   const Tolerance &tol);

struct PrecisionVerdict {
    bool pass = false;
    std::vector<Message> reasons; // why it failed
};

PrecisionVerdict judgeOutputs(const Comparison &c, const Tolerance &tol);
// Training: max relative divergence between two loss curves over the common steps.
double lossDivergence(const std::vector<double> &candidate, const std::vector<double> &reference);

} // namespace tp
