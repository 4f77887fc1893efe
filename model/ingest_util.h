#pragma once
// PRIVATE to the ingestor's .cpp files: small JSON and SQLite helpers they share.
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace tp::ingest_detail {
using nlohmann::json;

// FNV-1a 64: a stable content key for streams that carry no execution key of their own.
inline std::string contentKey(const std::string &text)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

inline void bindOpt(SQLite::Statement &q, const char *name, const std::optional<double> &v)
{
    if (v)
        q.bind(name, *v);
    else
        q.bind(name); // NULL
}

inline double numOr(const json &o, const char *key, double fallback)
{
    auto it = o.find(key);
    return it != o.end() && it->is_number() ? it->get<double>() : fallback;
}

inline std::string strOr(const json &o, const char *key, const std::string &fallback)
{
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : fallback;
}

inline std::string dumpJson(const json &j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}


} // namespace tp::ingest_detail
