#pragma once
// Reads a JSON configuration file (catalog, precision policy, cost presets, gate definitions),
// throwing the caller's error type with a message that names the file, and for a syntax error
// the line and column ("cost.json: malformed JSON at line 3, column 14: syntax error …"). No Qt.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

namespace tp
{

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
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error &e) {
        // e.what(): "[json.exception.parse_error.101] parse error at line 3, column 14: <why>"
        std::string why = e.what();
        if (const auto colon = why.find(": ", why.find("parse error")); colon != std::string::npos)
            why = why.substr(colon + 2);
        throw Error(origin + ": malformed JSON at " + jsonLineColumn(text, e.byte) + ": " + why);
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

template <class Error> nlohmann::json readJsonFile(const std::string &path, const char *what)
{
    std::ifstream in(path, std::ios::binary);
    std::string text;
    try { // reading a directory throws from the stream buffer
        if (in)
            text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    } catch (const std::exception &) {
        in.setstate(std::ios::badbit);
    }
    if (!in.is_open() || in.bad())
        throw Error("cannot read " + std::string(what) + " '" + path + "'");
    return parseJsonText<Error>(text, path);
}

} // namespace tp
