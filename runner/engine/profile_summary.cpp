#include "profile_summary.h"
#include "model/contract/output_file.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace tp::runner
{
using nlohmann::json;

namespace
{

struct OpTotals {
    long long calls = 0;
    std::uint64_t selfUs = 0, totalUs = 0;
    std::string device;
};

bool isCopyOp(const std::string &name)
{
    return name == "aten::copy_" || name == "aten::_to_copy";
}

// Per thread, spans sorted by start (longer first on ties) nest like a call stack.
void walkThread(std::vector<const ProfileSpan *> &spans, std::map<std::string, OpTotals> &ops,
                std::map<std::string, long long> &copies)
{
    std::sort(spans.begin(), spans.end(), [](const ProfileSpan *a, const ProfileSpan *b) {
        return a->startUs != b->startUs ? a->startUs < b->startUs : a->durationUs > b->durationUs;
    });
    struct Open {
        const ProfileSpan *span;
        std::uint64_t childrenUs;
    };
    std::vector<Open> stack;
    auto close = [&](const Open &o) {
        OpTotals &t = ops[o.span->name];
        ++t.calls;
        t.totalUs += o.span->durationUs;
        t.selfUs += o.span->durationUs - std::min(o.childrenUs, o.span->durationUs);
        t.device = o.span->device;
    };
    for (const ProfileSpan *s : spans) {
        while (!stack.empty() &&
               stack.back().span->startUs + stack.back().span->durationUs <= s->startUs) {
            close(stack.back());
            stack.pop_back();
        }
        bool insideToCopy = false;
        for (const Open &o : stack)
            insideToCopy = insideToCopy || o.span->name == "aten::_to_copy";
        if (isCopyOp(s->name) && !(s->name == "aten::copy_" && insideToCopy))
            ++copies[s->name];
        if (!stack.empty())
            stack.back().childrenUs += s->durationUs;
        stack.push_back({s, 0});
    }
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
        close(*it);
}

} // namespace

json summarizeProfile(const std::vector<ProfileSpan> &spans, int steps)
{
    std::map<std::pair<std::string, std::uint64_t>, std::vector<const ProfileSpan *>> byThread;
    for (const ProfileSpan &s : spans)
        byThread[{s.device, s.threadId}].push_back(&s);
    std::map<std::string, OpTotals> ops;
    std::map<std::string, long long> copies{{"aten::copy_", 0}, {"aten::_to_copy", 0}};
    for (auto &[thread, list] : byThread)
        walkThread(list, ops, copies);

    std::vector<std::pair<std::string, OpTotals>> sorted(ops.begin(), ops.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) {
        return a.second.selfUs != b.second.selfUs ? a.second.selfUs > b.second.selfUs
                                                  : a.first < b.first;
    });
    json top = json::array();
    for (std::size_t i = 0; i < sorted.size() && i < kProfileTopOps; ++i) {
        const auto &[name, t] = sorted[i];
        top.push_back({{"name", name},
                       {"calls", t.calls},
                       {"self_seconds", static_cast<double>(t.selfUs) * 1e-6},
                       {"total_seconds", static_cast<double>(t.totalUs) * 1e-6},
                       {"device", t.device}});
    }
    long long copyCalls = 0;
    json byOp = json::object();
    for (const auto &[name, n] : copies) {
        byOp[name] = n;
        copyCalls += n;
    }
    return {{"ops", top},
            {"ops_seen", ops.size()},
            {"copies",
             {{"calls", copyCalls},
              {"per_call", steps > 0 ? static_cast<double>(copyCalls) / steps : 0.0},
              {"by_op", byOp}}}};
}

void checkProfileDir(const std::string &dir)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir) || ::access(dir.c_str(), W_OK) != 0)
        throw std::runtime_error("--profile-dir " + dir + ": not a writable directory" +
                                 (ec ? " (" + ec.message() + ")" : std::string()));
}

std::string traceFileName(const std::string &executionKey)
{
    std::string name = executionKey.empty() ? std::string("run") : executionKey;
    for (char &c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'))
            c = '_';
    return name + ".pt.trace.json";
}

json writeChromeTrace(const std::vector<ProfileSpan> &spans, const std::string &dir,
                      const std::string &executionKey)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir, ec);
    const fs::path path = fs::absolute(fs::path(dir) / traceFileName(executionKey), ec);
    json events = json::array();
    const auto pid = static_cast<long long>(::getpid());
    for (const ProfileSpan &s : spans)
        events.push_back({{"name", s.name},
                          {"cat", s.device == "cpu" ? "cpu_op" : "kernel"},
                          {"ph", "X"},
                          {"ts", s.startUs},
                          {"dur", s.durationUs},
                          {"pid", pid},
                          {"tid", s.threadId}});
    const json trace = {{"traceEvents", events},
                        {"displayTimeUnit", "ms"},
                        {"otherData", {{"producer", "torchpilot-runner (libtorch profiler)"}}}};
    const std::string text = trace.dump(-1, ' ', false, json::error_handler_t::replace);
    try { // a new file renamed into place; a link, FIFO or device there is refused (I4)
        writeOutputFile(path.string(), text);
    } catch (const OutputError &e) {
        return {{"error", e.what()}};
    }
    return {{"path", path.string()}, {"bytes", text.size()}, {"format", "chrome_trace"}};
}

} // namespace tp::runner
