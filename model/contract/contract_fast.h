#pragma once
// The fast path of parseEventLine for lines that carry samples (phase lines, thousands of numbers
// each): simdjson parses and validates the whole line and reads the `seconds` array straight into
// doubles; the few other fields go into `rest` as nlohmann JSON, so every later check and message
// is the one the slow path gives. Internal to tp_contract.
#include "serving.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace tp::detail
{

// True when `line` is a JSON object whose `seconds` field is an array of non-negative numbers:
// then `seconds` holds them and `rest` every other field. False for anything else (malformed
// JSON, no such array, a non-number, a negative or out-of-range value): the caller parses the
// line the slow way, which says what is wrong.
bool parseSamplesLine(const std::string &line, nlohmann::json &rest, std::vector<double> &seconds);

// A phase line as the runners write it, of any size, parsed without nlohmann: an object of
// exactly v (a supported contract version), event "phase", phase (a non-empty string), batch (an
// integer, optional) and seconds (non-negative numbers). Anything else returns false and the
// caller takes parseEventLine, which says what is wrong or keeps the extra fields. The parser's
// buffers are reused from line to line (one per ingestor).
class PhaseLineParser
{
public:
    PhaseLineParser();
    ~PhaseLineParser();
    PhaseLineParser(const PhaseLineParser &) = delete;
    PhaseLineParser &operator=(const PhaseLineParser &) = delete;
    bool parse(const std::string &line, std::string &phase, long long &batch,
               std::vector<double> &seconds);
    // A queries line as the runners write it (serving.h): exactly v, event "queries", first and
    // the six arrays, every value as readQueries accepts it. Anything else returns false and the
    // caller takes parseEventLine. Shares the parser's buffers.
    bool parseQueries(const std::string &line, serving::QueryBatch &queries);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

} // namespace tp::detail
