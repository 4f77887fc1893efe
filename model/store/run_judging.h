#pragma once
// The store's side of the judge: a stored run read back with its samples, judged
// (model/judge/run_judge.h, on values) and its verdict written into its row; stale verdicts
// re-judged under the current policy.
#include "model/judge/run_judge.h"

namespace tp
{

class Store;

// Reads run `runId` with its samples, judges it and writes figures, verdict, policy id and
// witness disagreements into its row. The caller holds the transaction, if any.
void judgeStoredRun(Store &store, long long runId, const ValidityPolicy &policy);
void judgeStoredRun(Store &store, long long runId); // under store.validityPolicy()

// Re-judges every finished or abandoned run judged under another policy (or never judged by the
// store: databases from before schema v6). Returns how many runs were re-judged.
long long rejudgeStaleRuns(Store &store, const ValidityPolicy &policy);
long long rejudgeStaleRuns(Store &store); // under store.validityPolicy()

} // namespace tp
