#include "sample_outputs.h"

#include "checkpoint.h"
#include "model/contract/frozen_sample.h"
#include "model/contract/safetensors.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace tp::runner
{

void writeSampleOutputs(Workload &w, const RunOptions &o, long long batch, Emitter &emitter,
                        const RunControl &control)
{
    const auto t0 = std::chrono::steady_clock::now();
    const long long step = std::max(1LL, batch);
    std::vector<float> all;
    long long dim = 0;
    for (long long first = 0; first < o.sampleItems; first += step) {
        control.check();
        const long long n = std::min(step, o.sampleItems - first);
        long long d = 0;
        const std::vector<float> e = w.sampleEmbeddings(o.sampleSeed, first, n, d);
        if (e.empty() || d < 1)
            throw std::runtime_error("--outputs: workload " + o.workload +
                                     " draws no frozen sample");
        if (dim != 0 && d != dim)
            throw std::runtime_error("--outputs: the sample's embeddings changed width (" +
                                     std::to_string(dim) + ", then " + std::to_string(d) + ")");
        dim = d;
        all.insert(all.end(), e.begin(), e.end());
    }
    const bool finite =
        std::all_of(all.begin(), all.end(), [](float f) { return std::isfinite(f); });
    const std::string bytes =
        float32MatrixSafetensors(frozen::kEmbeddingsTensor, static_cast<std::size_t>(o.sampleItems),
                                 static_cast<std::size_t>(dim), all,
                                 {{"sample_items", std::to_string(o.sampleItems)},
                                  {"sample_seed", std::to_string(o.sampleSeed)},
                                  {"workload", o.workload}});
    const std::string sha = sha256Hex(bytes);
    bool written = true;
    std::string path = o.outputsPath;
    struct stat st {
    };
    if (::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) // a directory: addressed by key
        path = (path.back() == '/' ? path : path + "/") + frozen::outputsFileName(o.executionKey);
    if (::lstat(path.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode))
            throw std::runtime_error("--outputs " + path +
                                     ": exists and is not a regular file: not overwritten");
        const std::string kept = readSafetensorsFile(path, bytes.size() + 1);
        if (sha256Hex(kept) != sha)
            throw std::runtime_error("--outputs " + path +
                                     ": already holds other outputs (sha256 " + sha256Hex(kept) +
                                     "): not overwritten");
        written = false; // the same outputs are stored already
    } else {
        writeFileAtomically(path, bytes);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    emitter.event(frozen::kOutputsEvent, {{"path", path},
                                          {"sha256", sha},
                                          {"bytes", bytes.size()},
                                          {"tensor", frozen::kEmbeddingsTensor},
                                          {"rows", o.sampleItems},
                                          {"dim", dim},
                                          {"finite", finite},
                                          {"sample_seed", o.sampleSeed},
                                          {"written", written},
                                          {"seconds", seconds}});
}

} // namespace tp::runner
