#include "csv_field.h"

#include "sound_values.h"

#include <cstdio>

namespace tp
{

std::string g17(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string csvField(const nlohmann::json &v)
{
    std::string s = v.is_null()           ? std::string()
                    : v.is_string()       ? v.get<std::string>()
                    : v.is_number_float() ? g17(v.get<double>())
                                          : dumpText(v);
    if (s.find_first_of(",\"\r\n") == std::string::npos)
        return s;
    std::string quoted = "\"";
    for (char c : s)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + '"';
}

} // namespace tp
