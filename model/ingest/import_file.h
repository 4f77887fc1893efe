#pragma once
// Importing a whole file through a RunIngestor (ingestor.h), which declares this too.
#include "ingest_report.h"

#include <string>

namespace tp
{

class Store;

// Imports a file: a contract stream (.jsonl) or the single object printed by smoke.py. A regular
// file or a pipe; a device is refused before it is read. Throws StoreError naming the file when
// it cannot be read, contains no run at all, or stops at a limit (what came before it is kept).
IngestReport importFile(Store &store, const std::string &path);

} // namespace tp
