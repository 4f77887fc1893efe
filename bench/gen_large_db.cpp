// gen_large_db: writes a synthetic evidence store for the UI scale benchmark — by default
// 10 000 runs (2 500 launches × eager/compiled × float32/bfloat16) with 1 000 steady samples
// each (10 M), plus a first call, 10 warmup samples and 4 shape cases per run. The schema comes
// from tp::Store (same migrations as the app); rows go in through prepared statements in one
// transaction with the journal off, which the UI never does — this is a bulk loader for a
// throwaway file. Deterministic (fixed seed).
//
// usage: gen_large_db OUT.sqlite [--runs N] [--samples N] [--big N] [--force]
//   --big N: the last run holds N steady samples (a long MLPerf-style steady state, e.g. 10 M)
#include "model/contract/stats.h"
#include "model/store/sample_chunks.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace
{

struct Options {
    std::string out;
    long long runs = 10000, samples = 1000, big = 0;
    bool force = false;
};

bool parse(int argc, char **argv, Options &o)
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc)
            o.runs = std::atoll(argv[++i]);
        else if (a == "--samples" && i + 1 < argc)
            o.samples = std::atoll(argv[++i]);
        else if (a == "--big" && i + 1 < argc)
            o.big = std::atoll(argv[++i]);
        else if (a == "--force")
            o.force = true;
        else if (!a.empty() && a[0] != '-' && o.out.empty())
            o.out = a;
        else
            return false;
    }
    return !o.out.empty() && o.runs > 0 && o.samples > 0;
}

std::string isoTime(long long epochSeconds)
{
    const std::time_t t = static_cast<std::time_t>(epochSeconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

} // namespace

int main(int argc, char **argv)
{
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: gen_large_db OUT.sqlite [--runs N] [--samples N] [--force]\n");
        return 2;
    }
    if (std::filesystem::exists(o.out)) {
        if (!o.force) {
            std::fprintf(stderr, "gen_large_db: %s exists (use --force to replace it)\n",
                         o.out.c_str());
            return 2;
        }
        for (const char *suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(o.out + suffix);
    }
    const auto t0 = std::chrono::steady_clock::now();
    tp::Store store(o.out); // creates the schema
    SQLite::Database &db = tp::StoreConnection::of(store);
    db.exec("PRAGMA journal_mode = OFF");
    db.exec("PRAGMA synchronous = OFF");
    db.exec(
        "PRAGMA foreign_keys = OFF"); // samples go in before their run row (its summary needs them)

    SQLite::Statement run(db, R"sql(
INSERT INTO runs(id, execution_key, run_key, workload, mode, device, dtype, target, source, status,
  complete, started_at, finished_at, error, batch, threads, first_call_seconds, warmup_mean_seconds,
  mean_batch_seconds, samples_per_second, p50_seconds, p90_seconds, p99_seconds, finite,
  shape_json, env_json, summary_json, sample_count, valid, cache_state)
VALUES(?,?,?,?,?,?,?,'local','gen_large_db',?,1,?,?,?,?,1,?,?,?,?,?,?,?,?,?,?,'{}',?,?,?))sql");
    SQLite::Statement shape(
        db, "INSERT INTO shape_cases(run_id, seq, batch, seq_len, first_call_seconds, "
            "mean_seconds, p50_seconds, p99_seconds, samples_per_second, "
            "slow_first_call) VALUES(?,?,?,0,?,?,?,?,?,?)");

    std::mt19937_64 rng(42);
    std::lognormal_distribution<double> jitter(0.0, 0.08);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const char *modes[] = {"eager", "compiled"};
    const char *dtypes[] = {"float32", "bfloat16"};
    const char *workloads[] = {"mlp", "encoder"};
    const char *devices[] = {"cpu", "tpu"};
    const long long startEpoch = 1764547200; // 2025-12-01T00:00:00Z
    std::vector<double> steady(static_cast<std::size_t>(o.samples));
    long long sampleRows = 0;

    SQLite::Transaction tx(db);
    for (long long id = 1; id <= o.runs; ++id) {
        const long long launch = (id - 1) / 4;
        const int mode = static_cast<int>((id - 1) % 2),
                  dtype = static_cast<int>(((id - 1) / 2) % 2);
        const char *workload = workloads[launch % 2];
        const char *device = devices[(launch / 2) % 2];
        const bool warm = launch % 3 == 0;
        const bool failed = launch % 97 == 13 && mode == 1;
        const long long started = startEpoch + launch * 12600 + (id - 1) % 4 * 30;
        const double base =
            (workload[0] == 'm' ? 8e-5 : 9e-4) * (dtype ? 1.7 : 1.0) * (mode ? 0.7 : 1.0);
        const double first =
            mode ? (warm ? 0.02 : 0.45) * (1 + unit(rng)) : base * 40 * jitter(rng);

        // Stored as the ingestor stores them: chunks of at most 4096 samples (schema v9).
        auto addSamples = [&](const char *phase, const std::vector<double> &values) {
            sampleRows += tp::writeSampleChunks(db, id, phase, 0, values).stored;
        };
        addSamples("first_call", {first});
        double warmSum = 0;
        std::vector<double> warmup;
        for (int i = 0; i < 10; ++i) {
            const double w = base * (1 + 2.0 / (i + 1)) * jitter(rng);
            warmSum += w;
            warmup.push_back(w);
        }
        addSamples("warmup", warmup);
        steady.resize(std::size_t(id == o.runs && o.big > 0 ? o.big : o.samples));
        for (double &s : steady)
            s = base * jitter(rng) * (unit(rng) < 0.01 ? 3.0 : 1.0); // 1 % stalls
        addSamples("steady", steady);
        const double mean =
            std::accumulate(steady.begin(), steady.end(), 0.0) / double(steady.size());
        std::vector<double> sorted = steady;
        std::sort(sorted.begin(), sorted.end());
        const std::string key = "scale-" + std::to_string(launch) + "/" + workload + "/" +
                                modes[mode] + "/" + dtypes[dtype];
        int c = 1;
        run.bind(c++, static_cast<int64_t>(id));
        run.bind(c++, key + "#" + std::to_string(id));
        run.bind(c++, key);
        run.bind(c++, workload);
        run.bind(c++, modes[mode]);
        run.bind(c++, device);
        run.bind(c++, dtypes[dtype]);
        run.bind(c++, failed ? "failed" : "ok");
        run.bind(c++, isoTime(started));
        run.bind(c++, isoTime(started + 20));
        run.bind(c++, failed ? "synthetic failure" : "");
        run.bind(c++, static_cast<int64_t>(64));
        run.bind(c++, first);
        run.bind(c++, warmSum / 10);
        run.bind(c++, mean);
        run.bind(c++, 64 / mean);
        run.bind(c++, tp::percentileSorted(sorted, 0.50));
        run.bind(c++, tp::percentileSorted(sorted, 0.90));
        run.bind(c++, tp::percentileSorted(sorted, 0.99));
        run.bind(c++, failed ? 0 : 1);
        run.bind(c++, R"({"batch":64,"in":128})");
        run.bind(c++, R"({"torch":"1.13.1","runner":"gen_large_db","threads":1})");
        run.bind(c++, static_cast<int64_t>(o.samples + 11));
        run.bind(c++, failed ? 0 : 1);
        run.bind(c++, warm ? "warm" : "cold");
        run.exec();
        run.reset();
        int caseSeq = 0;
        for (long long batch : {1LL, 8LL, 64LL, 256LL}) {
            const double m = base * std::pow(double(batch) / 64.0, 0.8) * jitter(rng);
            shape.bind(1, static_cast<int64_t>(id));
            shape.bind(2, caseSeq++);
            shape.bind(3, static_cast<int64_t>(batch));
            shape.bind(4, m * 30);
            shape.bind(5, m);
            shape.bind(6, m);
            shape.bind(7, m * 1.5);
            shape.bind(8, double(batch) / m);
            shape.bind(9, 1);
            shape.exec();
            shape.reset();
        }
    }
    tx.commit();
    db.exec("PRAGMA journal_mode = WAL");
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("gen_large_db: %s: %lld runs, %lld samples (%lld steady) in %.1f s, %.0f MiB\n",
                o.out.c_str(), o.runs, sampleRows, o.runs * o.samples, secs,
                double(std::filesystem::file_size(o.out)) / (1024.0 * 1024.0));
    return 0;
}
