#include "sound_values.h"

#include <simdjson.h>

#include <cmath>
#include <sstream>

namespace tp
{

namespace physical
{

bool seconds(double s)
{
    return s == 0 || (s >= kMinSeconds && s <= kMaxSeconds); // false for NaN too
}

bool rate(double r)
{
    return r >= 0 && r <= kMaxRate;
}

std::string secondsProblem(const std::string &field, double s)
{
    std::ostringstream o;
    o << "field '" << field << "' holds " << s << " s: a duration must be 0 or from " << kMinSeconds
      << " to " << kMaxSeconds << " s";
    return o.str();
}

} // namespace physical

bool isValidUtf8(std::string_view text)
{
    return simdjson::validate_utf8(text.data(), text.size());
}

std::string repairedUtf8(std::string_view text)
{
    if (isValidUtf8(text))
        return std::string(text);
    // nlohmann's serializer replaces each ill-formed sequence with U+FFFD; its output is a JSON
    // string literal, read back as the repaired text.
    const std::string literal = nlohmann::json(std::string(text))
                                    .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return nlohmann::json::parse(literal).get<std::string>();
}

std::string utf8Prefix(std::string_view text, std::size_t maxBytes)
{
    std::string s = repairedUtf8(text);
    if (s.size() <= maxBytes)
        return s;
    std::size_t end = maxBytes;
    while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80)
        --end; // s[end] continues the character that starts before it
    s.resize(end);
    return s;
}

std::string dumpText(const nlohmann::json &value, int indent)
{
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace tp
