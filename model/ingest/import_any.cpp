#include "import_any.h"

#include "model/ingest/ingestor.h"
#include "model/store/store.h"

namespace tp
{

ImportResult importAny(Store &store, const std::string &path)
{
    ImportResult r;
    if (looksLikeSqlite(path)) {
        r.merged = true;
        r.merge = mergeDatabase(store, path);
        r.runs = r.merge.runs;
        r.samples = r.merge.samples;
        return r;
    }
    const IngestReport in = importFile(store, path);
    r.runs = static_cast<long long>(in.runIds.size());
    r.runIds = in.runIds;
    r.samples = in.samples;
    r.duplicateSamples = in.duplicateSamples;
    r.warnings = in.warnings;
    r.refused = in.refused;
    if (in.warningCount > static_cast<long long>(in.warnings.size()))
        r.warnings.push_back(
            "… and " +
            std::to_string(in.warningCount - static_cast<long long>(in.warnings.size())) +
            " more warnings");
    return r;
}

} // namespace tp
