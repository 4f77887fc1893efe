#pragma once
// Merging another TorchPilot database into ours (`torchpilot import OTHER.sqlite`, drag-and-drop):
// runs with their samples, events, shape cases, training steps and alerts by execution key;
// pilots by name; recorded decisions (with their sign-offs) by evidence hash, time and author,
// keeping both as history. Review inputs (cost models, rollback path) are never merged: they are
// what this database's reviewers entered. Idempotent: merging the same file twice adds nothing.
//
// The file is untrusted (model/store/merge_vetting.h). A private copy is made first, and the copy
// is what is vetted and then attached (read-only, immutable, by a URI of our own making): the bytes
// vetted are the bytes merged. It is refused unless it is TorchPilot's, of our schema version,
// free of views, triggers and virtual tables, intact, with our columns and types, every sample
// chunk decodable and every JSON column within limits. It is copied in one transaction in which
// every merged run is judged again from its own samples under our validity policy, whatever it
// claims. Merged decisions and sign-offs are history marked with their source file (merged_from,
// schema v11): never our pilot's last review, never a sign-off of ours. Refused: nothing of ours
// changes. No Qt.
#include <string>
#include <vector>

namespace tp
{

class Store;

struct MergeReport {
    long long runs = 0, samples = 0, pilots = 0, decisions = 0; // added
    long long runsAlreadyHere = 0, decisionsAlreadyHere = 0, pilotConflicts = 0;
};

// Throws StoreError with a message naming the file and what is wrong with it (not a SQLite file,
// not a regular file, another application's database, a newer or older TorchPilot schema, views,
// triggers or virtual tables, corruption, a value of the wrong type, a bad sample chunk, JSON
// too deep or too large).
MergeReport mergeDatabase(Store &ours, const std::string &otherPath);

// True when the file starts with SQLite's header ("SQLite format 3\0").
bool looksLikeSqlite(const std::string &path);
// What a file that is not a contract stream looks like, from its first bytes: "a PDF document",
// "a gzip archive", "a ZIP archive", "a PNG image", "an ELF executable", "a zstd archive",
// "binary data", "text that is not JSON".
std::string describeContent(const std::string &path);

} // namespace tp
