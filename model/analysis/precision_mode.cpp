#include "precision_mode.h"

#include <algorithm>
#include <cctype>

namespace tp
{

namespace
{
using nlohmann::json;

// A short, lower-case identifier from a recorded value ("HIGHEST" → "highest"); anything that
// is not a plain name (a hostile stream) is "other".
std::string token(const json &v)
{
    if (!v.is_string())
        return {};
    std::string s = v.get<std::string>();
    if (s.empty() || s.size() > 32 || s == "not available")
        return {};
    for (char &c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (!std::isalnum(u) && c != '_' && c != '-' && c != '.')
            return "other";
        c = static_cast<char>(std::tolower(u));
    }
    return s;
}

bool flag(const json &p, const char *key)
{
    const auto it = p.find(key);
    return it != p.end() && it->is_boolean() && it->get<bool>();
}
} // namespace

std::string matmulPrecisionMode(const json &env, const std::string &device)
{
    if (!env.is_object())
        return {};
    const auto p = env.find("precision");
    if (p == env.end() || !p->is_object())
        return {};
    std::string level = token(p->value("float32_matmul", json()));
    if (level.empty())
        return {};
    if (p->value("source", json()) == "torch_tpu") {
        std::string mode = "tpu:" + level;
        if (flag(*p, "tpu_allow_excess_precision"))
            mode += "+excess-precision";
        return mode;
    }
    if (device == "cuda") {
        if (flag(*p, "cuda_tf32_matmul"))
            level += "+tf32";
        if (flag(*p, "cudnn_tf32"))
            level += "+cudnn-tf32";
    }
    return level;
}

bool isReducedMatmulPrecision(const std::string &mode)
{
    if (mode.empty())
        return false;
    std::string rest = mode.rfind("tpu:", 0) == 0 ? mode.substr(4) : mode;
    const auto plus = rest.find('+');
    if (rest.substr(0, plus) != "highest")
        return true;
    // TF32 lowers a level; TorchTPU's excess precision keeps more than the level asks, so it
    // never makes a mode reduced.
    std::string suffixes = plus == std::string::npos ? std::string() : rest.substr(plus);
    const std::string excess = "+excess-precision";
    for (auto at = suffixes.find(excess); at != std::string::npos; at = suffixes.find(excess))
        suffixes.erase(at, excess.size());
    return !suffixes.empty();
}

} // namespace tp
