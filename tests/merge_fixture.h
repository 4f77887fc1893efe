#pragma once
// The other team's database of the merge tests (tst_merge, tst_merge_evidence): the realistic
// fixture, a pilot "gpu-vs-tpu", a recorded decision with a sign-off, a rollback path;
// checkpointed so that the file alone holds everything.
#include "model/ingest/ingestor.h"
#include "model/session/evaluate_review.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>

#include <string>

namespace tptest
{

inline tp::GateDefinitions mergeGates()
{
    return tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json");
}

inline std::string theirDatabase(const QTemporaryDir &dir, const char *name)
{
    std::string path = dir.filePath(QLatin1String(name)).toStdString();
    tp::Store s(path); // the shipped policy; ours judges under the fixture one
    tp::importFile(s, dataFile("panels_realistic.jsonl").toStdString());
    tp::PilotDefinition p = tp::defaultPilot();
    p.name = "gpu-vs-tpu";
    p.sloP99Seconds = 0.002;
    tp::PilotStore(s).add(p);
    tp::ReviewInputs in;
    in.rollbackPath = "keep the GPU pool for a month";
    tp::ReviewStore(s).saveInputs(in);
    const tp::ReviewState st = tp::evaluateReview(s, mergeGates());
    tp::ReviewStore(s).signOff(st, "performance", "Bea", "p99 fine");
    tp::ReviewStore(s).recordDecision(st, "Bea Souza", "from the other team");
    tp::StoreConnection::of(s).exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return path;
}

} // namespace tptest
