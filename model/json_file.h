#pragma once
// Reads a JSON configuration file (catalog, precision policy, cost presets, gate definitions),
// throwing the caller's error type with a message that names the file. No Qt.
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace tp {

template <class Error>
nlohmann::json readJsonFile(const std::string &path, const char *what)
{
    std::ifstream in(path);
    if (!in)
        throw Error("cannot read " + std::string(what) + " '" + path + "'");
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded())
        throw Error(path + ": malformed JSON");
    return j;
}

} // namespace tp
