#pragma once
// CSV fields (RFC 4180) for what TorchPilot writes as CSV: the run export, the comparison.
#include <nlohmann/json.hpp>

#include <string>

namespace tp
{

// A double with 17 significant digits: the stored value exactly when read back.
std::string g17(double v);
// One CSV field: strings quoted when they hold , " CR or LF; doubles with 17 digits; null empty.
std::string csvField(const nlohmann::json &v);

} // namespace tp
