#pragma once
// Merging another TorchPilot database into ours (`torchpilot import OTHER.sqlite`, drag-and-drop):
// runs with their samples, events, shape cases, training steps and alerts by execution key;
// pilots by name; recorded decisions (with their sign-offs) by evidence hash, time and author,
// keeping both; review inputs ours win. Idempotent: merging the same file twice adds nothing.
// Merged runs judged under another validity policy are judged again under ours.
//
// The file is untrusted. Before anything is read it is opened read-only, in defensive mode, with
// trusted_schema and views off, and refused unless its application_id is TorchPilot's, its
// schema version is ours, it holds no trigger or view, its integrity check passes and its tables
// have exactly our columns. It is then attached read-only (immutable) and copied in one
// transaction: it is never written, and nothing of it runs in ours. No Qt.
#include <string>
#include <vector>

namespace tp
{

class Store;

struct MergeReport {
    long long runs = 0, samples = 0, pilots = 0, decisions = 0; // added
    long long runsAlreadyHere = 0, decisionsAlreadyHere = 0, pilotConflicts = 0;
};

// Throws StoreError with a message saying what the file is (not a SQLite file, another
// application's database, a newer or older TorchPilot schema, triggers or views, corruption).
MergeReport mergeDatabase(Store &ours, const std::string &otherPath);

// True when the file starts with SQLite's header ("SQLite format 3\0").
bool looksLikeSqlite(const std::string &path);
// What a file that is not a contract stream looks like, from its first bytes: "a PDF document",
// "a gzip archive", "a ZIP archive", "a PNG image", "an ELF executable", "a zstd archive",
// "binary data", "text that is not JSON".
std::string describeContent(const std::string &path);

// What `torchpilot import` and drag-and-drop do with one file: a SQLite file is merged
// (mergeDatabase), anything else is ingested as a contract stream (importFile).
struct ImportResult {
    bool merged = false;
    long long runs = 0, samples = 0, duplicateSamples = 0;
    std::vector<long long> runIds; // contract streams: the runs touched
    MergeReport merge;
    std::vector<std::string> warnings;
};
ImportResult importAny(Store &store, const std::string &path);

} // namespace tp
