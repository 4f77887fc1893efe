#include "frozen_sample.h"

namespace tp::frozen
{

std::string outputsFileName(const std::string &executionKey)
{
    std::string name;
    for (char c : executionKey.substr(0, 160)) {
        const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                           (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
        name += plain ? c : '_';
    }
    return (name.empty() ? std::string("run") : name) + ".safetensors";
}

} // namespace tp::frozen
