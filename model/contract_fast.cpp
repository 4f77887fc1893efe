#include "contract_fast.h"

#include "contract.h"

#include <simdjson.h>

namespace tp::detail
{

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
            simdjson::dom::array values;
            if (field.value.get_array().get(values))
                return false;
            seconds.clear();
            seconds.reserve(values.size());
            for (const simdjson::dom::element v : values) {
                double d;
                if (v.get_double().get(d) || !(d >= 0))
                    return false;
                seconds.push_back(d);
            }
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

} // namespace tp::detail
