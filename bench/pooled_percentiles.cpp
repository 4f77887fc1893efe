// Pooled percentiles over every run of a database, two ways, each in a process of
// its own so its peak RSS is its own: `stream` (streamed_stats.h pooledQuantiles: two passes over
// the chunks, exact) and `sort` (every sample materialised and sorted, as the Panels page did).
// Prints the p50/p90/p99, the wall time and the peak RSS; the two must agree to the last bit.
//   pooled_percentiles DB.sqlite stream|sort
// e.g. on gen_large_db OUT --runs 10000 --samples 1000 --big 10000000 (bench/README.md).
#include "model/charts/long_samples.h"
#include "model/contract/stats.h"
#include "model/store/store.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: pooled_percentiles DB.sqlite stream|sort\n");
        return 2;
    }
    const std::string mode = argv[2];
    tp::Store store(argv[1]);
    std::vector<long long> ids;
    for (const tp::RunRecord &r : store.listRuns())
        ids.push_back(r.id);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<double> q;
    std::size_t n = 0;
    if (mode == "stream") {
        q = tp::pooledQuantiles(store, ids, "steady", {0.5, 0.9, 0.99}, &n);
    } else {
        std::vector<double> pool;
        for (long long id : ids) {
            const auto s = store.samples(id, "steady");
            pool.insert(pool.end(), s.begin(), s.end());
        }
        std::sort(pool.begin(), pool.end());
        n = pool.size();
        for (double x : {0.5, 0.9, 0.99})
            q.push_back(tp::percentileSorted(pool, x));
    }
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    std::printf("%s: %zu samples from %zu runs in %.0f ms, peak RSS %.0f MiB; p50 %.17g p90 %.17g "
                "p99 %.17g\n",
                mode.c_str(), n, ids.size(), ms, double(u.ru_maxrss) / 1024.0, q[0], q[1], q[2]);
    return 0;
}
