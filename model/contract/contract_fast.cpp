#include "contract_fast.h"

#include "serving.h"

#include "contract.h"
#include "sound_values.h"

#include <simdjson.h>

namespace tp::detail
{

namespace
{

// An array of durations as the contract keeps them (physical::seconds); false for anything else.
bool readSecondsArray(simdjson::dom::element value, std::vector<double> &out)
{
    simdjson::dom::array array;
    if (value.get_array().get(array))
        return false;
    out.clear();
    out.reserve(array.size());
    for (const simdjson::dom::element v : array) {
        double d;
        if (v.get_double().get(d) || !physical::seconds(d))
            return false;
        out.push_back(d);
    }
    return true;
}

} // namespace

bool parseSamplesLine(const std::string &line, nlohmann::json &rest, std::vector<double> &seconds)
{
    // Per line (no thread-local state outliving a worker thread), nesting at most as deep as the
    // slow path allows: a deeper line fails here and the slow path names the error.
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    simdjson::dom::object object;
    if (parser.allocate(line.size(), std::size_t(kMaxJsonDepth)) || parser.parse(line).get(doc) ||
        doc.get_object().get(object))
        return false;
    rest = nlohmann::json::object();
    bool found = false;
    for (const simdjson::dom::key_value_pair field : object) {
        if (field.key == "seconds") { // the last one wins, as in nlohmann
            if (!readSecondsArray(field.value, seconds))
                return false;
            found = true;
            continue;
        }
        nlohmann::json value = nlohmann::json::parse(simdjson::minify(field.value), nullptr, false);
        if (value.is_discarded())
            return false;
        rest[std::string(field.key)] = std::move(value);
    }
    return found;
}

struct PhaseLineParser::Impl {
    simdjson::dom::parser parser; // its buffers grow to the longest line seen, then are reused
};

PhaseLineParser::PhaseLineParser() : m(std::make_unique<Impl>()) {}

PhaseLineParser::~PhaseLineParser() = default;

bool PhaseLineParser::parse(const std::string &line, std::string &phase, long long &batch,
                            std::vector<double> &seconds)
{
    simdjson::dom::element doc;
    simdjson::dom::object object;
    if (m->parser.parse(line).get(doc) || doc.get_object().get(object))
        return false;
    bool version = false, event = false, named = false, values = false;
    batch = 0;
    for (const simdjson::dom::key_value_pair field : object) {
        if (field.key == "v") {
            int64_t v;
            if (version || field.value.get_int64().get(v) || v < 1 || v > kContractVersion)
                return false;
            version = true;
        } else if (field.key == "event") {
            std::string_view name;
            if (event || field.value.get_string().get(name) || name != "phase")
                return false;
            event = true;
        } else if (field.key == "phase") {
            std::string_view name;
            if (named || field.value.get_string().get(name) || name.empty() ||
                serving::isQuerySeries(std::string(name))) // reserved: the slow path says so
                return false;
            phase.assign(name);
            named = true;
        } else if (field.key == "batch") {
            int64_t b;
            if (field.value.get_int64().get(b))
                return false;
            batch = b;
        } else if (field.key == "seconds") {
            if (values || !readSecondsArray(field.value, seconds))
                return false;
            values = true;
        } else {
            return false; // a field of its own: the slow path keeps it
        }
    }
    return version && event && named && values;
}

namespace
{

template <typename Int>
bool readIntArray(simdjson::dom::element value, int64_t lo, int64_t hi, std::vector<Int> &out)
{
    simdjson::dom::array array;
    if (value.get_array().get(array))
        return false;
    out.clear();
    out.reserve(array.size());
    for (const simdjson::dom::element v : array) {
        int64_t i;
        if (v.get_int64().get(i) || i < lo || i > hi)
            return false;
        out.push_back(static_cast<Int>(i));
    }
    return true;
}

} // namespace

bool PhaseLineParser::parseQueries(const std::string &line, serving::QueryBatch &q)
{
    simdjson::dom::element doc;
    simdjson::dom::object object;
    if (m->parser.parse(line).get(doc) || doc.get_object().get(object))
        return false;
    unsigned seen = 0; // one bit per field: each exactly once
    auto once = [&seen](unsigned bit) {
        const bool first = !(seen & bit);
        seen |= bit;
        return first;
    };
    for (const simdjson::dom::key_value_pair field : object) {
        bool ok = false;
        if (field.key == "v") {
            int64_t v;
            ok = once(1) && !field.value.get_int64().get(v) && v >= 1 && v <= kContractVersion;
        } else if (field.key == "event") {
            std::string_view name;
            ok = once(2) && !field.value.get_string().get(name) && name == serving::kEvent;
        } else if (field.key == "first") {
            int64_t first = -1;
            ok = once(4) && !field.value.get_int64().get(first) && first >= 0 &&
                 first <= (int64_t(1) << 53);
            q.first = first;
        } else if (field.key == "scheduled") {
            ok = once(8) && readSecondsArray(field.value, q.scheduled);
        } else if (field.key == "latency") {
            ok = once(16) && readSecondsArray(field.value, q.latency);
        } else if (field.key == "queue") {
            ok = once(32) && readSecondsArray(field.value, q.queue);
        } else if (field.key == "issue_lag") {
            ok = once(64) && readSecondsArray(field.value, q.issueLag);
        } else if (field.key == "batch") {
            ok = once(128) && readIntArray(field.value, 0, serving::kMaxBatch, q.batch);
        } else if (field.key == "outcome") {
            ok = once(256) && readIntArray(field.value, serving::Ok, serving::Timeout, q.outcome);
        }
        if (!ok)
            return false; // a field of its own, a repeated one or a value to name: the slow path
    }
    const std::size_t n = q.latency.size();
    return seen == 511 && q.scheduled.size() == n && q.queue.size() == n &&
           q.issueLag.size() == n && q.batch.size() == n && q.outcome.size() == n;
}

} // namespace tp::detail
