// Exact search at the frozen sample's sizes (issue 43): recall@k of a candidate against a
// reference (model/analysis/retrieval.h, both sides ranked by cosine similarity) beside its peer,
// the bare work any exact search must do on the same data: every item's dot product with every
// other item on both sides (2 · n² · dim multiply-adds), summed so nothing is optimised away.
// Prints, per size: the seconds of each and their ratio (measured in one process, same inputs).
//   retrieval_search [k] [n:dim ...]      default k 10, sizes 256:32 1024:32 1024:256 4096:256
#include "model/analysis/retrieval.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace
{
tp::Embeddings random(std::size_t n, std::size_t dim, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> normal;
    tp::Embeddings e{n, dim, std::vector<float>(n * dim)};
    for (float &v : e.values)
        v = normal(rng);
    return e;
}

double seconds(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
} // namespace

int main(int argc, char **argv)
{
    const std::size_t k = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 10;
    std::vector<std::string> sizes;
    for (int i = 2; i < argc; ++i)
        sizes.emplace_back(argv[i]);
    if (sizes.empty())
        sizes = {"256:32", "1024:32", "1024:256", "4096:256"};
    std::printf("%8s %6s %12s %12s %8s %10s\n", "items", "dim", "recall_s", "dots_s", "ratio",
                "mean");
    for (const std::string &s : sizes) {
        const std::size_t n = std::strtoul(s.c_str(), nullptr, 10);
        const std::size_t dim = std::strtoul(s.substr(s.find(':') + 1).c_str(), nullptr, 10);
        const tp::Embeddings ref = random(n, dim, 1);
        tp::Embeddings cand = ref;
        std::mt19937_64 rng(2);
        std::normal_distribution<float> noise(0.0f, 0.05f);
        for (float &v : cand.values)
            v += noise(rng);
        auto t0 = std::chrono::steady_clock::now();
        const tp::RetrievalQuality q = tp::retrievalRecall(cand, ref, k);
        const double recall = seconds(t0);
        t0 = std::chrono::steady_clock::now();
        double sink = 0;
        for (const tp::Embeddings *e : {static_cast<const tp::Embeddings *>(&cand), &ref})
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = 0; j < n; ++j) {
                    float dot = 0;
                    for (std::size_t d = 0; d < dim; ++d)
                        dot += e->values[i * dim + d] * e->values[j * dim + d];
                    sink += dot;
                }
        const double dots = seconds(t0);
        std::printf("%8zu %6zu %12.4f %12.4f %8.2f %10.4f%s\n", n, dim, recall, dots, recall / dots,
                    q.mean, sink == 0.123 ? "*" : "");
    }
    return 0;
}
