// libFuzzer target: the bytes of a database file to merge (mutated from a genuine TorchPilot
// database) merged into a copy of another genuine one, as `torchpilot import OTHER.sqlite` does.
// The invariant of store_merge.h: a refused merge leaves ours byte-identical; an accepted one
// leaves it usable: it opens, every run is judged again from its samples, every phase and event
// reads back, the pilots and the review history read. Anything else aborts.
//
// TP_FUZZ_MERGE_SEED=PATH fuzz_merge: writes the genuine database the seed corpus starts from
// (small pages, so that it fits libFuzzer's -max_len) to PATH and exits.
#include "model/ingest/ingestor.h"
#include "model/store/pilot_store.h"
#include "model/store/run_judging.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "model/store/store_merge.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace
{

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz_merge: %s\n", what);
        std::abort();
    }
}

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeAll(const std::string &path, const std::string &bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

// A genuine database: the fixture streams ingested, a second pilot; one file (no -wal), small
// pages.
std::string genuine(const std::string &path, const char *fixture)
{
    std::filesystem::remove(path);
    {
        tp::Store s(path);
        tp::importFile(s, std::string(TP_SOURCE_DIR "/tests/data/") + fixture);
        tp::PilotDefinition p = tp::defaultPilot();
        p.name = std::string("pilot-") + fixture;
        tp::PilotStore(s).add(p);
        tp::StoreConnection::of(s).exec("PRAGMA journal_mode = DELETE");
    }
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA page_size = 512");
        db.exec("VACUUM");
    }
    return readAll(path);
}

struct Session {
    std::string dir, ours, theirs, pristine;
    Session()
    {
        char tmpl[] = "/tmp/fuzz_merge-XXXXXX";
        check(::mkdtemp(tmpl) != nullptr, "cannot make a temporary directory");
        dir = tmpl;
        ours = dir + "/ours.sqlite";
        theirs = dir + "/theirs.sqlite";
        genuine(ours, "valid_run.jsonl");
        { // as the store leaves it (write-ahead log on), so that opening it changes no byte
            tp::Store settle(ours);
        }
        pristine = readAll(ours);
    }
    ~Session() { std::filesystem::remove_all(dir); }
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    if (const char *seed = std::getenv("TP_FUZZ_MERGE_SEED")) {
        genuine(seed, "panels_realistic.jsonl");
        std::exit(0);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static Session s;
    writeAll(s.ours, s.pristine);
    std::filesystem::remove(s.ours + "-wal");
    std::filesystem::remove(s.ours + "-shm");
    writeAll(s.theirs, std::string(reinterpret_cast<const char *>(data), size));
    bool merged = false;
    {
        tp::Store ours(s.ours);
        try {
            tp::mergeDatabase(ours, s.theirs);
            merged = true;
        } catch (const std::exception &) {
        }
    }
    if (!merged) {
        check(readAll(s.ours) == s.pristine, "a refused merge changed our database");
        return 0;
    }
    // Accepted: the store's open and judge path, and every read a command makes.
    try {
        tp::Store ours(s.ours);
        for (const tp::RunRecord &r : ours.listRuns()) {
            tp::judgeStoredRun(ours, r.id);
            long long n = 0;
            SQLite::Statement phases(tp::StoreConnection::of(ours),
                                     "SELECT DISTINCT phase FROM sample_chunks WHERE "
                                     "run_id = ?");
            phases.bind(1, static_cast<int64_t>(r.id));
            while (phases.executeStep())
                n += static_cast<long long>(
                    ours.samples(r.id, phases.getColumn(0).getString()).size());
            check(n == ours.run(r.id)->sampleCount,
                  "a run's sample count disagrees with its chunks");
            ours.events(r.id);
        }
        tp::PilotStore(ours).list();
        check(tp::StoreConnection::of(ours).execAndGet("PRAGMA integrity_check").getString() ==
                  "ok",
              "our database fails its integrity check after a merge");
    } catch (const std::exception &e) {
        std::fprintf(stderr, "fuzz_merge: our database is unusable after a merge: %s\n", e.what());
        std::abort();
    }
    return 0;
}
