#pragma once
// PRIVATE to the ingestor's .cpp files: small JSON helpers they share.
#include "model/store/sqlite_row.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace tp::ingest_detail
{
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

using sqlrow::dumpJson; // (model/store/sqlite_row.h)

inline double numOr(const json &o, const char *key, double fallback)
{
    auto it = o.find(key);
    return it != o.end() && it->is_number() ? it->get<double>() : fallback;
}

// An integer field for an INTEGER column: fractions truncated, anything beyond [lo, hi] (1e300,
// 2^64-1) clamped — a cast of an out-of-range double is undefined behaviour.
inline constexpr std::int64_t kMaxExactInt = std::int64_t(1) << 53;
inline std::int64_t intOr(const json &o, const char *key, std::int64_t fallback,
                          std::int64_t lo = -kMaxExactInt, std::int64_t hi = kMaxExactInt)
{
    auto it = o.find(key);
    if (it == o.end() || !it->is_number())
        return fallback;
    if (it->is_number_unsigned()) {
        const std::uint64_t u = it->get<std::uint64_t>();
        return u > static_cast<std::uint64_t>(hi) ? hi : static_cast<std::int64_t>(u);
    }
    if (it->is_number_integer())
        return std::clamp(it->get<std::int64_t>(), lo, hi);
    const double d = it->get<double>();
    if (d <= static_cast<double>(lo))
        return lo;
    return d >= static_cast<double>(hi) ? hi : static_cast<std::int64_t>(d);
}

inline std::string strOr(const json &o, const char *key, const std::string &fallback)
{
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : fallback;
}

} // namespace tp::ingest_detail
