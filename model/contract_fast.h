#pragma once
// The fast path of parseEventLine for lines that carry samples (phase lines, thousands of numbers
// each): simdjson parses and validates the whole line and reads the `seconds` array straight into
// doubles; the few other fields go into `rest` as nlohmann JSON, so every later check and message
// is the one the slow path gives. Internal to tp_contract.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp::detail
{

// True when `line` is a JSON object whose `seconds` field is an array of non-negative numbers:
// then `seconds` holds them and `rest` every other field. False for anything else (malformed
// JSON, no such array, a non-number, a negative or out-of-range value): the caller parses the
// line the slow way, which says what is wrong.
bool parseSamplesLine(const std::string &line, nlohmann::json &rest, std::vector<double> &seconds);

} // namespace tp::detail
