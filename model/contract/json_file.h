#pragma once
// Reads a JSON configuration file (catalog, precision policy, cost presets, gate definitions),
// throwing the caller's error type with a message that names the file, and for a syntax error
// the line and column ("cost.json: malformed JSON at line 3, column 14: syntax error …"). No Qt.
//
// Threat model I3: a configuration file is a regular file of at most kMaxConfigBytes, nested at
// most kMaxConfigDepth levels; anything else is refused with a message naming the file, before
// it is parsed (a FIFO is never waited on, a device never read). The Python runner's
// tp_jsonfile.py applies the same limits with the same messages.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace tp
{

inline constexpr std::size_t kMaxConfigBytes = std::size_t(16) << 20;
inline constexpr int kMaxConfigDepth = 128;

// True when arrays/objects in `text` nest deeper than `limit` (brackets inside strings skipped):
// checked before a parser recurses into them.
inline bool jsonNestsDeeperThan(std::string_view text, int limit)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

// Line and column (1-based) of the byte at 1-based position `byte` of `text`.
inline std::string jsonLineColumn(const std::string &text, std::size_t byte)
{
    const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1, lineStart = 0;
    for (std::size_t i = 0; i < end; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return "line " + std::to_string(line) + ", column " + std::to_string(end - lineStart + 1);
}

// Parses `text` from `origin` (a path, for messages); a syntax error throws Error naming the
// origin, the line and the column, and what nlohmann found wrong.
template <class Error>
nlohmann::json parseJsonText(const std::string &text, const std::string &origin)
{
    if (jsonNestsDeeperThan(text, kMaxConfigDepth))
        throw Error(origin + ": JSON nested deeper than " + std::to_string(kMaxConfigDepth) +
                    " levels");
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error &e) {
        // e.what(): "[json.exception.parse_error.101] parse error at line 3, column 14: <why>"
        std::string why = e.what();
        if (const auto colon = why.find(": ", why.find("parse error")); colon != std::string::npos)
            why = why.substr(colon + 2);
        throw Error(origin + ": malformed JSON at " + jsonLineColumn(text, e.byte) + ": " + why);
    } catch (const nlohmann::json::exception &e) {
        // out_of_range: a number beyond a double ("1e400"), found by fuzz_config.
        std::string why = e.what();
        if (const auto close = why.find("] "); close != std::string::npos)
            why = why.substr(close + 2);
        throw Error(origin + ": malformed JSON: " + why);
    }
}

// A numeric field of an object, or nothing when it is absent or not a number.
inline std::optional<double> jsonNumber(const nlohmann::json &o, const char *key)
{
    const auto it = o.find(key);
    if (it == o.end() || !it->is_number())
        return std::nullopt;
    return it->get<double>();
}

// The bytes of configuration file `path` (`what`: "shape catalog", for messages), refused unless
// it is a regular file of at most kMaxConfigBytes.
template <class Error> std::string readConfigBytes(const std::string &path, const char *what)
{
    const std::string named = std::string(what) + " '" + path + "'";
    // O_NONBLOCK: opening a FIFO does not wait for a writer; its type is refused below.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        throw Error("cannot read " + named + ": " + std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {
    };
    if (::fstat(fd, &st) != 0)
        throw Error("cannot read " + named + ": " + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        throw Error("cannot read " + named + ": not a regular file");
    if (std::uint64_t(st.st_size) > kMaxConfigBytes)
        throw Error("cannot read " + named + ": " + std::to_string(st.st_size) +
                    " bytes, over the limit of " + std::to_string(kMaxConfigBytes >> 20) +
                    " MiB for a configuration file");
    std::string text(std::size_t(st.st_size) + 1, '\0'); // one more: a file that grew is seen
    std::size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw Error("cannot read " + named + ": " + std::strerror(errno));
        if (n == 0)
            break;
        got += std::size_t(n);
    }
    if (got > std::size_t(st.st_size))
        throw Error("cannot read " + named + ": it grew while it was read");
    text.resize(got);
    return text;
}

template <class Error> nlohmann::json readJsonFile(const std::string &path, const char *what)
{
    return parseJsonText<Error>(readConfigBytes<Error>(path, what), path);
}

} // namespace tp
