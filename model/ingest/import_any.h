#pragma once
// One file from outside, whatever it is: a SQLite file is merged (the store's mergeDatabase),
// anything else ingested as a contract stream (importFile). What `torchpilot import` and
// drag-and-drop do.
#include "model/store/store_merge.h"

#include <string>
#include <vector>

namespace tp
{

class Store;

// What `torchpilot import` and drag-and-drop do with one file: a SQLite file is merged
// (mergeDatabase), anything else is ingested as a contract stream (importFile).
struct ImportResult {
    bool merged = false;
    long long runs = 0, samples = 0, duplicateSamples = 0;
    std::vector<long long> runIds; // contract streams: the runs touched
    MergeReport merge;
    std::vector<std::string> warnings;
    // Runs not stored because a stored run has their execution key and other evidence
    // (IngestReport::refused): each names the run. An import with any is a failure.
    std::vector<std::string> refused;
};
ImportResult importAny(Store &store, const std::string &path);

} // namespace tp
