// libFuzzer target: arbitrary bytes through RunIngestor into an in-memory Store that holds one
// complete run (execution key "fuzz-sealed", in fuzz/contract.dict) — contract streams, the
// smoke.py single object, truncated last lines, runs cut by finishWithError. Nothing may throw out
// of the ingestor or crash, what it reports must match what the store holds, and the complete run
// must not change (threat model I1), whatever the stream says under its key.
#include "model/ingest/ingestor.h"
#include "model/store/store_connection.h"
#include "sealed_run.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

namespace
{

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz_ingest: %s\n", what);
        std::abort();
    }
}

long long count(tp::Store &s, const std::string &sql)
{
    return tp::StoreConnection::of(s).execAndGet(sql).getInt64();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // First byte: how the stream arrives (chunk size) and how it ends; the rest is the stream.
    const unsigned mode = size > 0 ? data[0] : 0;
    if (size > 0) {
        ++data;
        --size;
    }
    static const std::size_t kChunks[] = {1, 3, 17, 4096};
    const std::size_t chunk = kChunks[mode & 3];
    // One in-memory store for the whole session (migrating a fresh one per input costs more than
    // the ingest); emptied before each input, so every input starts from the same state.
    static tp::Store store(":memory:");
    static const long long sealed = tp::fuzz::storeSealedRun(store);
    static const std::string sealedBefore =
        tp::fuzz::snapshot(tp::StoreConnection::of(store), sealed);
    // Cascades to samples, events, shape cases, train steps.
    tp::StoreConnection::of(store).exec("DELETE FROM runs WHERE id <> " + std::to_string(sealed));
    const std::string others = " WHERE run_id <> " + std::to_string(sealed);
    tp::IngestReport report;
    {
        tp::RunIngestor in(store, "fuzz");
        for (std::size_t i = 0; i < size; i += chunk)
            in.feed(reinterpret_cast<const char *>(data) + i, std::min(chunk, size - i));
        if (mode & 4)
            in.annotate("k8s_events", {{"events", nlohmann::json::array({"x"})}});
        report =
            (mode & 8) ? in.finishWithError("runner killed", tp::status::Cancelled) : in.finish();
    }
    // Invariants: every sample reported new is stored, the maintained count agrees, every run
    // reported exists and none is left "running".
    check(tp::fuzz::snapshot(tp::StoreConnection::of(store), sealed) == sealedBefore,
          "the complete run changed");
    const long long rows =
        count(store, "SELECT coalesce(sum(count), 0) FROM sample_chunks" + others);
    check(rows == report.samples, "samples reported != samples stored");
    check(count(store, "SELECT coalesce(sum(sample_count), 0) FROM runs WHERE id <> " +
                           std::to_string(sealed)) == rows,
          "runs.sample_count disagrees with the samples table");
    check(count(store, "SELECT count(*) FROM runs WHERE complete = 0 AND status = 'running'") == 0,
          "an unfinished run was left running after finish()");
    std::set<long long> reported(report.runIds.begin(), report.runIds.end());
    reported.insert(sealed); // named or not, it is in the store
    check(store.runCount() == static_cast<long long>(reported.size()),
          "the store holds a run the report does not name");
    for (long long id : reported)
        check(store.run(id).has_value(), "a reported run is missing");
    return 0;
}
