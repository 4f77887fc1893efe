#pragma once
// What a stored value may be (threat model I2, docs/threat-model.md): text is valid UTF-8, cut
// only between characters; times and rates are finite and in a physical range. Every boundary
// that stores a value from outside (ingest, merge) and every writer of JSON (exports, the CLI's
// --json outputs) goes through these. No Qt.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace tp
{

namespace physical
{
// A duration the store keeps: 0 (a coarse timer), or from a picosecond (below any timer) to
// 10^7 s (116 days, longer than any benchmark phase, compile or step).
inline constexpr double kMinSeconds = 1e-12;
inline constexpr double kMaxSeconds = 1e7;
// A rate (samples or tokens per second) or a count-like figure kept as a double.
inline constexpr double kMaxRate = 1e15;

bool seconds(double s);
bool rate(double r);
// "field 'seconds' holds 1e+308 s: a duration must be 0 or from 1e-12 to 1e+07 s"
std::string secondsProblem(const std::string &field, double s);
} // namespace physical

// Whether `text` is well-formed UTF-8 (simdjson's validator).
bool isValidUtf8(std::string_view text);
// `text` as valid UTF-8: each ill-formed sequence becomes U+FFFD.
std::string repairedUtf8(std::string_view text);
// At most `maxBytes` bytes of `text`, never cut inside a character (text repaired first).
std::string utf8Prefix(std::string_view text, std::size_t maxBytes);
// A JSON value as text for output (exports, --json, messages): never throws on text that is not
// UTF-8 (each ill-formed sequence becomes U+FFFD); non-finite numbers become null.
std::string dumpText(const nlohmann::json &value, int indent = -1);

} // namespace tp
