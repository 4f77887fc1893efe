#pragma once
// The catalog of model sentences (see model_text.h): each entry is an identifier and its English
// template, whose %1…%9 a Message's arguments fill (Message(txt::Name, {…})). QT_TRANSLATE_NOOP
// marks each template for lupdate (context "tp::ModelText"); the model itself needs no Qt. The
// identifier's name is what a stored message keeps: rename an entry only with a migration. The
// order is free (no sentence is ever matched against the templates). No Qt.
#include <cstdint>

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif

// clang-format off
#define TP_MODEL_TEXTS(X) \
    /* Values a change since the last review shows (review_diff.cpp): verdicts, decisions, runs */ \
    X(ValuePass, QT_TRANSLATE_NOOP("tp::ModelText", "pass")) \
    X(ValueFail, QT_TRANSLATE_NOOP("tp::ModelText", "fail")) \
    X(ValueInsufficient, QT_TRANSLATE_NOOP("tp::ModelText", "insufficient")) \
    X(ValueMigrate, QT_TRANSLATE_NOOP("tp::ModelText", "migrate")) \
    X(ValueKeep, QT_TRANSLATE_NOOP("tp::ModelText", "keep")) \
    X(ValueInconclusive, QT_TRANSLATE_NOOP("tp::ModelText", "inconclusive")) \
    X(ValueNone, QT_TRANSLATE_NOOP("tp::ModelText", "none")) \
    X(ChangeNoRuns, QT_TRANSLATE_NOOP("tp::ModelText", "no runs")) \
    X(ChangeRuns, QT_TRANSLATE_NOOP("tp::ModelText", "runs %1")) \
    /* The default pilot's sides */ \
    X(DefaultBaselineLabel, QT_TRANSLATE_NOOP("tp::ModelText", "local eager float32 (current)")) \
    X(DefaultCandidateLabel, QT_TRANSLATE_NOOP("tp::ModelText", "local compiled (candidate)")) \
    X(AllowedModeReason, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate path is the compiled one")) \
    X(AllowedDtypeReason, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate may run a lower precision within the precision policy")) \
    /* Compile-cost break-even (break_even.cpp) */ \
    X(BreakEvenWorst, QT_TRANSLATE_NOOP("tp::ModelText", "compile cost paid back after at most %1 calls (%2)")) \
    X(BreakEvenNever, QT_TRANSLATE_NOOP("tp::ModelText", "never paid back for %1 of %2 shapes (steady state not faster)")) \
    /* Comparison warnings (compare.cpp) */ \
    X(CompareBaselineMissing, QT_TRANSLATE_NOOP("tp::ModelText", "baseline: run #%1 does not exist")) \
    X(CompareCandidateMissing, QT_TRANSLATE_NOOP("tp::ModelText", "candidate: run #%1 does not exist")) \
    X(CompareBaselineInvalid, QT_TRANSLATE_NOOP("tp::ModelText", "run #%1 (baseline) is invalid evidence: %2")) \
    X(CompareCandidateInvalid, QT_TRANSLATE_NOOP("tp::ModelText", "run #%1 (candidate) is invalid evidence: %2")) \
    X(CompareBaselineNoSamples, QT_TRANSLATE_NOOP("tp::ModelText", "run #%1 (baseline) has no steady samples")) \
    X(CompareCandidateNoSamples, QT_TRANSLATE_NOOP("tp::ModelText", "run #%1 (candidate) has no steady samples")) \
    X(CompareBothSides, QT_TRANSLATE_NOOP("tp::ModelText", "run #%1 is on both sides")) \
    /* Gate criteria details (gate_criteria.cpp) */ \
    X(CriterionNoCatalog, QT_TRANSLATE_NOOP("tp::ModelText", "no valid run measured a shape catalog")) \
    X(CriterionNoModeCatalog, QT_TRANSLATE_NOOP("tp::ModelText", "no valid %1 run measured the shape catalog")) \
    X(CriterionNoCandidate, QT_TRANSLATE_NOOP("tp::ModelText", "no candidate run")) \
    X(CriterionNoUnsupported, QT_TRANSLATE_NOOP("tp::ModelText", "no candidate run failed on an unsupported operator")) \
    X(CriterionNoFiniteCheck, QT_TRANSLATE_NOOP("tp::ModelText", "no candidate run checked its outputs")) \
    X(CriterionFinite, QT_TRANSLATE_NOOP("tp::ModelText", "outputs finite in %1 candidate run(s)")) \
    X(CriterionNoTraining, QT_TRANSLATE_NOOP("tp::ModelText", "not applicable: the pilot has no training workload")) \
    X(CriterionNoPrecision, QT_TRANSLATE_NOOP("tp::ModelText", "no valid candidate run was compared with the reference")) \
    X(CriterionPrecisionWithin, QT_TRANSLATE_NOOP("tp::ModelText", "all %1 compared run(s) within policy")) \
    X(CriterionNoSlo, QT_TRANSLATE_NOOP("tp::ModelText", "no latency SLO (slo.p99_seconds) in the gate definitions")) \
    X(CriterionNoLatency, QT_TRANSLATE_NOOP("tp::ModelText", "no valid candidate latency")) \
    X(CriterionP99Within, QT_TRANSLATE_NOOP("tp::ModelText", "p99 ≤ %1 s in %2 run(s)")) \
    X(CriterionNoBothSides, QT_TRANSLATE_NOOP("tp::ModelText", "no workload has valid runs on both sides")) \
    X(CriterionNoFirstCall, QT_TRANSLATE_NOOP("tp::ModelText", "run %1 has no first-call time")) \
    X(CriterionNoValidCandidate, QT_TRANSLATE_NOOP("tp::ModelText", "no valid candidate run")) \
    X(CriterionNoRecompileCost, QT_TRANSLATE_NOOP("tp::ModelText", "cold start reported, but no shape catalog measured the recompile cost")) \
    X(CriterionColdStart, QT_TRANSLATE_NOOP("tp::ModelText", "first call and per-shape first calls reported")) \
    X(CriterionRecoveryOutside, QT_TRANSLATE_NOOP("tp::ModelText", "run %1: RPO %2 steps, RTO %3 s (outside target or not verified)")) \
    X(CriterionRecovery, QT_TRANSLATE_NOOP("tp::ModelText", "run %1: RPO %2 steps, RTO %3 s")) \
    X(CriterionNoFaultTest, QT_TRANSLATE_NOOP("tp::ModelText", "no checkpoint/resume fault test was recorded")) \
    X(CriterionDistRecovery, QT_TRANSLATE_NOOP("tp::ModelText", "run %1: %2 ranks, a killed rank was detected by the others in %3 s (bound %4 s), RPO %5 steps, RTO %6 s")) \
    X(CriterionDistRecoveryOutside, QT_TRANSLATE_NOOP("tp::ModelText", "run %1: %2 ranks, detected in %3 s (bound %4 s), RPO %5 steps, RTO %6 s (outside target, not verified, or fewer ranks than the pilot trains)")) \
    X(CriterionNoDistFaultTest, QT_TRANSLATE_NOOP("tp::ModelText", "no worker-failure test of %1 ranks was recorded (torchpilot faulttest --world-size %1)")) \
    X(CriterionNoProgressNone, QT_TRANSLATE_NOOP("tp::ModelText", "no no-progress alert in %1 candidate run(s)")) \
    X(CriterionNoCostModel, QT_TRANSLATE_NOOP("tp::ModelText", "cost model not configured for both sides")) \
    X(CriterionNoUseful, QT_TRANSLATE_NOOP("tp::ModelText", "a side has no valid run with a useful result")) \
    X(CriterionNoContractResult, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate produced no result that meets the quality contract")) \
    X(CriterionCost, QT_TRANSLATE_NOOP("tp::ModelText", "cost per useful result: candidate %1 vs baseline %2 %3")) \
    X(CriterionNoRollback, QT_TRANSLATE_NOOP("tp::ModelText", "no rollback path recorded by a reviewer")) \
    X(CriterionRollback, QT_TRANSLATE_NOOP("tp::ModelText", "rollback path: %1")) \
    /* What would decide an open criterion (next_evidence.cpp, gate_criteria.cpp's throughput) */ \
    X(NextMoreEvidence, QT_TRANSLATE_NOOP("tp::ModelText", "about %1 more steady samples of the baseline and %2 of the candidate (%3 more run(s) of each side) would put the interval on one side of %4×, with 80% power")) \
    X(NextWithinRunNoise, QT_TRANSLATE_NOOP("tp::ModelText", "within noise: not decidable here — the ratio %1× is %2% from the required %3×, and identical runs here differ by %4%: even %5 runs of each side resolve %6% at best")) \
    X(NextWithinSampleNoise, QT_TRANSLATE_NOOP("tp::ModelText", "within noise: not decidable here — the ratio %1× is %2% from the required %3×, and deciding it would take over %4 times the samples measured")) \
    X(NextInputRollback, QT_TRANSLATE_NOOP("tp::ModelText", "a rollback path: the Review page, or torchpilot review --set-rollback TEXT")) \
    X(NextInputCost, QT_TRANSLATE_NOOP("tp::ModelText", "a cost model for each side: the Review page's cost models, or torchpilot review --set-cost baseline|candidate")) \
    X(NextInputSlo, QT_TRANSLATE_NOOP("tp::ModelText", "a p99 latency SLO: the Review page's pilot editor, or torchpilot pilots --edit %1 --set slo.p99_seconds=S")) \
    X(NextInputTraining, QT_TRANSLATE_NOOP("tp::ModelText", "a training workload for the pilot: torchpilot pilots --edit %1 --set training_workload=train-mlp")) \
    X(CriterionNoProfile, QT_TRANSLATE_NOOP("tp::ModelText", "no candidate run carries a profile: run the candidate with --profile-steps N (a pilot: its Profile steps option)")) \
    X(CriterionNoRoundTrips, QT_TRANSLATE_NOOP("tp::ModelText", "no host round-trips beyond the baseline's in %1 profiled candidate run(s) (%2 copy operators per call)")) \
    /* Validity reasons (validity.cpp, run_judge.cpp) */ \
    X(ValidityNonFinite, QT_TRANSLATE_NOOP("tp::ModelText", "non-finite output")) \
    X(ValidityTooFewIterations, QT_TRANSLATE_NOOP("tp::ModelText", "too short: %1 steady iterations, at least %2 needed")) \
    X(ValidityTooFewSeconds, QT_TRANSLATE_NOOP("tp::ModelText", "too short: steady state lasted %1 s, at least %2 s required")) \
    X(ValidityTooNoisy, QT_TRANSLATE_NOOP("tp::ModelText", "too noisy: IQR/median = %1, must be below %2")) \
    X(ValidityNotSettled, QT_TRANSLATE_NOOP("tp::ModelText", "steady state never reached: warmup hit its cap before times settled")) \
    X(ValidityUnknownPreset, QT_TRANSLATE_NOOP("tp::ModelText", "unknown protocol preset '%1': the validity policy has no minimums for it")) \
    X(ValidityIncomplete, QT_TRANSLATE_NOOP("tp::ModelText", "incomplete: the stream ended before run_finished")) \
    X(ValidityStatus, QT_TRANSLATE_NOOP("tp::ModelText", "run ended with status '%1'")) \
    X(ValidityRecoveryNotVerified, QT_TRANSLATE_NOOP("tp::ModelText", "recovery test not verified")) \
    X(ValiditySyncNotBlocking, QT_TRANSLATE_NOOP("tp::ModelText", "the device synchronize did not wait for a compiled call's output (%1 s, against %2 s waiting on the output): its timings are not the device's")) \
    X(ValidityEagerFallback, QT_TRANSLATE_NOOP("tp::ModelText", "compiled mode ran eagerly: a recompile limit was hit")) \
    X(ValiditySteadyRecompile, QT_TRANSLATE_NOOP("tp::ModelText", "compiled again after the warmup (%1 TorchTPU compile-cache misses, %2 dynamo frames): the steady samples include compile time, as a per-step scalar that recompiles every step does")) \
    X(ValiditySummaryOnly, QT_TRANSLATE_NOOP("tp::ModelText", "no per-iteration samples: the runner reported a summary only, which cannot be checked")) \
    X(ValidityNoSamples, QT_TRANSLATE_NOOP("tp::ModelText", "no per-iteration samples: no steady state was measured")) \
    X(ValidityFiniteNotReported, QT_TRANSLATE_NOOP("tp::ModelText", "finite outputs not reported")) \
    X(ValidityNoQueries, QT_TRANSLATE_NOOP("tp::ModelText", "no queries: the %1 scenario measured nothing")) \
    X(ValidityTooFewQueries, QT_TRANSLATE_NOOP("tp::ModelText", "too short: %1 queries, at least %2 needed")) \
    X(ValidityTooShortSchedule, QT_TRANSLATE_NOOP("tp::ModelText", "too short: queries over %1 s, at least %2 s required")) \
    X(ValidityGeneratorBehind, QT_TRANSLATE_NOOP("tp::ModelText", "the load generator fell behind its schedule: %1 of %2 queries issued more than %3 s late, at most %4% allowed")) \
    /* Precision verdict reasons (precision.cpp; the runners' training check writes the same) */ \
    X(PrecisionSizes, QT_TRANSLATE_NOOP("tp::ModelText", "output sizes differ from the reference")) \
    X(PrecisionNonFinite, QT_TRANSLATE_NOOP("tp::ModelText", "non-finite values in the output")) \
    X(PrecisionCosine, QT_TRANSLATE_NOOP("tp::ModelText", "cosine similarity %1 below %2")) \
    X(PrecisionGradientCosine, QT_TRANSLATE_NOOP("tp::ModelText", "first-step gradient cosine %1 below %2")) \
    X(PrecisionLossDivergence, QT_TRANSLATE_NOOP("tp::ModelText", "loss curve diverges by %1% (allowed %2%)")) \
    X(PrecisionReducedMatmul, QT_TRANSLATE_NOOP("tp::ModelText", "float32 matmuls ran at reduced precision (%1)")) \
    X(CriterionReducedMatmulRuns, QT_TRANSLATE_NOOP("tp::ModelText", "float32 matmuls at reduced precision in run(s) %1 (%2)")) \
    /* Panel notes (panels.cpp); a count list is one "; " part per count */ \
    X(PanelCompleted, QT_TRANSLATE_NOOP("tp::ModelText", "sent run_finished")) \
    X(PanelWithinDeadline, QT_TRANSLATE_NOOP("tp::ModelText", "completed, not timed out")) \
    X(PanelMeetingContract, QT_TRANSLATE_NOOP("tp::ModelText", "ok, finite, valid, precision not failed")) \
    X(PanelNotCounted, QT_TRANSLATE_NOOP("tp::ModelText", "not counted: %1")) \
    X(PanelNoCostModel, QT_TRANSLATE_NOOP("tp::ModelText", "no cost model yet")) \
    X(PanelCostModel, QT_TRANSLATE_NOOP("tp::ModelText", "cost model %1: total cost of the selected runs (lost attempts included) / results meeting the quality contract")) \
    X(PanelNoSteadySamples, QT_TRANSLATE_NOOP("tp::ModelText", "no valid steady samples")) \
    X(PanelNoRunP99, QT_TRANSLATE_NOOP("tp::ModelText", "no valid run with a p99")) \
    X(PanelRunP99One, QT_TRANSLATE_NOOP("tp::ModelText", "median of the p99 of %1 run")) \
    X(PanelRunP99, QT_TRANSLATE_NOOP("tp::ModelText", "median of the p99 of %1 runs")) \
    X(PanelNoOkRun, QT_TRANSLATE_NOOP("tp::ModelText", "no ok run")) \
    X(PanelThroughputOne, QT_TRANSLATE_NOOP("tp::ModelText", "median over %1 run with status ok")) \
    X(PanelThroughput, QT_TRANSLATE_NOOP("tp::ModelText", "median over %1 runs with status ok")) \
    X(PanelNoErrors, QT_TRANSLATE_NOOP("tp::ModelText", "none failed, timed out or non-finite")) \
    X(PanelServingQueueWait, QT_TRANSLATE_NOOP("tp::ModelText", "mean wait in the serving queue of %1 queries in %2 server-scenario runs")) \
    X(PanelNoServingWithinSlo, QT_TRANSLATE_NOOP("tp::ModelText", "no selected server-scenario run keeps the latency bound it declared")) \
    X(PanelThroughputWithinSlo, QT_TRANSLATE_NOOP("tp::ModelText", "highest completed QPS of %1 server-scenario runs within their declared SLO")) \
    X(PanelNoQueue, QT_TRANSLATE_NOOP("tp::ModelText", "no selected run went through a queue")) \
    X(PanelQueueWaitOne, QT_TRANSLATE_NOOP("tp::ModelText", "mean over %1 run queued")) \
    X(PanelQueueWait, QT_TRANSLATE_NOOP("tp::ModelText", "mean over %1 runs queued")) \
    X(PanelNoTransfers, QT_TRANSLATE_NOOP("tp::ModelText", "no selected run timed its copies (runner option --transfers)")) \
    X(PanelTransferOne, QT_TRANSLATE_NOOP("tp::ModelText", "median copy time per batch of %1 run")) \
    X(PanelTransfer, QT_TRANSLATE_NOOP("tp::ModelText", "median over %1 runs of each run's median copy time per batch")) \
    X(PanelNoLiveRun, QT_TRANSLATE_NOOP("tp::ModelText", "no live run (imports are left out)")) \
    X(PanelGapOne, QT_TRANSLATE_NOOP("tp::ModelText", "largest gap between two event lines, run #%1 (of %2 run)")) \
    X(PanelGap, QT_TRANSLATE_NOOP("tp::ModelText", "largest gap between two event lines, run #%1 (of %2 runs)")) \
    X(PanelNoResources, QT_TRANSLATE_NOOP("tp::ModelText", "no resources reported")) \
    X(PanelCpuTimeOne, QT_TRANSLATE_NOOP("tp::ModelText", "user + system, %1 run")) \
    X(PanelCpuTime, QT_TRANSLATE_NOOP("tp::ModelText", "user + system, %1 runs")) \
    X(PanelCpuUtilisationOne, QT_TRANSLATE_NOOP("tp::ModelText", "mean (user + system) / wall over %1 run")) \
    X(PanelCpuUtilisation, QT_TRANSLATE_NOOP("tp::ModelText", "mean (user + system) / wall over %1 runs")) \
    X(PanelRestartsOne, QT_TRANSLATE_NOOP("tp::ModelText", "same run key run again (%1 run involved)")) \
    X(PanelRestarts, QT_TRANSLATE_NOOP("tp::ModelText", "same run key run again (%1 runs involved)")) \
    X(PanelAllOnCpu, QT_TRANSLATE_NOOP("tp::ModelText", "every run was on the CPU")) \
    X(PanelNotReported, QT_TRANSLATE_NOOP("tp::ModelText", "not reported by the runs")) \
    X(PanelCapacityWaitOne, QT_TRANSLATE_NOOP("tp::ModelText", "mean pod pending → running over %1 run")) \
    X(PanelCapacityWait, QT_TRANSLATE_NOOP("tp::ModelText", "mean pod pending → running over %1 runs")) \
    X(PanelCapacityNotRecorded, QT_TRANSLATE_NOOP("tp::ModelText", "Kubernetes capacity wait not recorded for these runs")) \
    X(PanelLocalNoCapacity, QT_TRANSLATE_NOOP("tp::ModelText", "local runs never wait for capacity")) \
    X(PanelRun, QT_TRANSLATE_NOOP("tp::ModelText", "run #%1")) \
    /* Templates that start with an argument */ \
    X(BreakEvenShapeSeq, QT_TRANSLATE_NOOP("tp::ModelText", "%1 batch %2 seq %3, %4")) \
    X(BreakEvenShape, QT_TRANSLATE_NOOP("tp::ModelText", "%1 batch %2, %3")) \
    X(CriterionEagerFallback, QT_TRANSLATE_NOOP("tp::ModelText", "%1 ran %2 of %3 shapes eagerly after a recompile limit (run(s) %4)")) \
    X(CriterionMisses, QT_TRANSLATE_NOOP("tp::ModelText", "%1 misses %2 of %3 shapes")) \
    X(CriterionAllShapes, QT_TRANSLATE_NOOP("tp::ModelText", "%1 shapes ran in every required mode")) \
    X(CriterionUnsupported, QT_TRANSLATE_NOOP("tp::ModelText", "%1 candidate run(s) failed on unsupported operators")) \
    X(CriterionNonFinite, QT_TRANSLATE_NOOP("tp::ModelText", "%1 candidate run(s) produced non-finite outputs")) \
    X(CriterionPrecisionOutside, QT_TRANSLATE_NOOP("tp::ModelText", "%1 of %2 candidate run(s) outside the precision policy")) \
    X(CriterionP99Above, QT_TRANSLATE_NOOP("tp::ModelText", "%1 run(s) with p99 above %2 s")) \
    X(CriterionNoProgress, QT_TRANSLATE_NOOP("tp::ModelText", "%1 candidate run(s) raised a no-progress alert")) \
    X(CriterionRoundTrips, QT_TRANSLATE_NOOP("tp::ModelText", "%1: %2 host↔device copies per call in candidate run(s) %3 against %4 in baseline run(s) %5 (%6)")) \
    X(CriterionNoBaselineProfile, QT_TRANSLATE_NOOP("tp::ModelText", "%1: %2 host↔device copies per call in candidate run(s) %3, and no baseline run of it carries a profile to compare with (run the baseline with --profile-steps N)")) \
    X(CriterionPeakNoServerRuns, QT_TRANSLATE_NOOP("tp::ModelText", "the %1 side has no server-scenario run that is valid evidence: its peak QPS within the SLO is not measured")) \
    X(CriterionPeakNoneWithin, QT_TRANSLATE_NOOP("tp::ModelText", "no server run of the %1 side keeps p99 within %2 s with at most %3% failed")) \
    X(CriterionPeakInterval, QT_TRANSLATE_NOOP("tp::ModelText", "peak QPS within the SLO: candidate %1, baseline %2, candidate/baseline = %3× [%4×, %5×] (required ≥ %6×)")) \
    X(CriterionPeakStraddles, QT_TRANSLATE_NOOP("tp::ModelText", "peak QPS within the SLO: candidate %1, baseline %2, candidate/baseline = %3×, interval [%4×, %5×] straddles the required %6×")) \
    X(CriterionPeakBounded, QT_TRANSLATE_NOOP("tp::ModelText", "peak QPS within the SLO: candidate %1, baseline %2 (≥: a lower bound, the load generator could not issue a higher rate on time on this machine), candidate/baseline = %3×, required %4×")) \
    X(NextPeakGenerator, QT_TRANSLATE_NOOP("tp::ModelText", "the peaks lie beyond what this machine's load generator can issue on time: a faster host, or a model whose service time the generator can outpace, would decide it")) \
    X(NextPeakSearch, QT_TRANSLATE_NOOP("tp::ModelText", "a peak search on each side without one (torchpilot peak, or the pilot's serving step)")) \
    X(NextPeakProbes, QT_TRANSLATE_NOOP("tp::ModelText", "probes closer to each side's peak (a finer --resolution) or longer probes (--preset standard) would narrow the interval")) \
    /* probes_cover_time_to_ready (gate_criteria_serving.cpp) */ \
    X(CriterionReadyTooFewColdStarts, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate side has %1 cold start(s) with a time to ready, and %2 are needed to size its probes")) \
    X(CriterionReadyNoStartupProbe, QT_TRANSLATE_NOOP("tp::ModelText", "the pilot declares no startupProbe: from %1 cold starts (p99 time to ready %2 s) the proposal is a startupProbe of period %3 s × failureThreshold %4 and a livenessProbe of period %5 s × failureThreshold %6")) \
    X(CriterionReadyStartupShort, QT_TRANSLATE_NOOP("tp::ModelText", "the startupProbe allows %1 s, less than the p99 cold time to ready of %2 s over %3 cold starts: the kubelet would restart a cold pod before it is ready (failureThreshold %4 covers it with margin)")) \
    X(CriterionReadyStartupCovers, QT_TRANSLATE_NOOP("tp::ModelText", "the startupProbe allows %1 s against the p99 cold time to ready of %2 s over %3 cold starts")) \
    X(CriterionReadyWarm, QT_TRANSLATE_NOOP("tp::ModelText", "warm starts: p99 %1 s over %2")) \
    X(CriterionReadyLivenessShort, QT_TRANSLATE_NOOP("tp::ModelText", "the livenessProbe gives up after %1 s, less than the longest call after ready (%2 s: a new shape's compile or the p99 call): it could restart a pod while it compiles")) \
    X(CriterionReadyLivenessCovers, QT_TRANSLATE_NOOP("tp::ModelText", "the livenessProbe gives up after %1 s, longer than the longest call after ready (%2 s)")) \
    X(CriterionReadyNoLiveness, QT_TRANSLATE_NOOP("tp::ModelText", "no livenessProbe declared: a hung server would never be restarted")) \
    X(NextInputProbes, QT_TRANSLATE_NOOP("tp::ModelText", "the serving probes: torchpilot probes --db FILE proposes them from the cold starts, then torchpilot pilots --edit %1 --set serving.startup_probe.failure_threshold=N (and period_seconds, liveness_probe.…)")) \
    X(CriterionThroughputStraddles, QT_TRANSLATE_NOOP("tp::ModelText", "%1: candidate/baseline = %2×, interval [%3×, %4×] straddles the required %5×")) \
    X(CriterionThroughputInterval, QT_TRANSLATE_NOOP("tp::ModelText", "%1: candidate/baseline = %2× [%3×, %4×] (required ≥ %5×)")) \
    X(CriterionThroughputRequired, QT_TRANSLATE_NOOP("tp::ModelText", "%1: candidate/baseline = %2× (required ≥ %3×)")) \
    X(CriterionThroughput, QT_TRANSLATE_NOOP("tp::ModelText", "%1: candidate/baseline = %2×")) \
    X(PrecisionMismatch, QT_TRANSLATE_NOOP("tp::ModelText", "%1% of elements outside atol %2 + rtol %3 (allowed %4%)")) \
    X(PanelPooledOne, QT_TRANSLATE_NOOP("tp::ModelText", "%1 pooled steady samples of %2 run with a valid steady state")) \
    X(PanelPooled, QT_TRANSLATE_NOOP("tp::ModelText", "%1 pooled steady samples of %2 runs with a valid steady state")) \
    X(CountIncompleteOrRunning, QT_TRANSLATE_NOOP("tp::ModelText", "%1 incomplete or running")) \
    X(CountTimedOut, QT_TRANSLATE_NOOP("tp::ModelText", "%1 timed out")) \
    X(CountNotOk, QT_TRANSLATE_NOOP("tp::ModelText", "%1 not ok")) \
    X(CountNoValidityVerdict, QT_TRANSLATE_NOOP("tp::ModelText", "%1 no validity verdict")) \
    X(CountReducedUnchecked, QT_TRANSLATE_NOOP("tp::ModelText", "%1 reduced-precision, precision unchecked")) \
    X(CountPrecisionFailed, QT_TRANSLATE_NOOP("tp::ModelText", "%1 precision failed")) \
    X(CountFailed, QT_TRANSLATE_NOOP("tp::ModelText", "%1 failed")) \
    X(CountNonFinite, QT_TRANSLATE_NOOP("tp::ModelText", "%1 non-finite")) \
    X(CountInvalid, QT_TRANSLATE_NOOP("tp::ModelText", "%1 invalid")) \
    X(CountIncomplete, QT_TRANSLATE_NOOP("tp::ModelText", "%1 incomplete")) \
    X(CountCancelled, QT_TRANSLATE_NOOP("tp::ModelText", "%1 cancelled")) \
    /* The batch job's deadline (gate_criteria_batch.cpp, issue 43) */ \
    X(CriterionNoBatchWindow, QT_TRANSLATE_NOOP("tp::ModelText", "the pilot states no batch window (batch_job.catalog_items and batch_job.window_seconds)")) \
    X(CriterionBatchNoEvidence, QT_TRANSLATE_NOOP("tp::ModelText", "%1: no valid run of %2 with a wall clock and steady samples")) \
    X(CriterionBatchProjection, QT_TRANSLATE_NOOP("tp::ModelText", "%1: %2 items would take %3 s [%4 s, %5 s] (fixed %6 s per execution, %7 items/s steady, %8 run(s))")) \
    X(CriterionBatchFits, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate fits the %1 s window even at the interval's high end")) \
    X(CriterionBatchMisses, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate misses the %1 s window even at the interval's low end")) \
    X(CriterionBatchStraddles, QT_TRANSLATE_NOOP("tp::ModelText", "the %1 s window lies inside the candidate's interval")) \
    X(NextInputBatchWindow, QT_TRANSLATE_NOOP("tp::ModelText", "a batch window: torchpilot pilots --edit %1 --set batch_job.catalog_items=N --set batch_job.window_seconds=S")) \
    X(NextBatchNarrow, QT_TRANSLATE_NOOP("tp::ModelText", "%1 more run(s) of the candidate narrow its interval, though a window this close to the projection (%2% away) may need a run on the real catalog")) \
    X(CriterionNoRecallTarget, QT_TRANSLATE_NOOP("tp::ModelText", "the pilot states no least mean recall (quality.target)")) \
    X(CriterionNoOutputs, QT_TRANSLATE_NOOP("tp::ModelText", "no candidate run has the frozen sample's outputs beside a baseline run with the same sample")) \
    X(CriterionOutputsUnusable, QT_TRANSLATE_NOOP("tp::ModelText", "the outputs of run %1 cannot be used: %2")) \
    X(CriterionRecallPair, QT_TRANSLATE_NOOP("tp::ModelText", "run %1 against run %2: mean recall@%3 %4 over %5 items (10th percentile %6, least %7, worst items %8)")) \
    X(CriterionRecallBelow, QT_TRANSLATE_NOOP("tp::ModelText", "%1 of %2 candidate run(s) below the least mean recall %3")) \
    X(CriterionRecallWithin, QT_TRANSLATE_NOOP("tp::ModelText", "%1 candidate run(s) at or above the least mean recall %2")) \
    X(NextInputRecallTarget, QT_TRANSLATE_NOOP("tp::ModelText", "the least mean recall: torchpilot pilots --edit %1 --set quality.target=R")) \
    X(SideBaseline, QT_TRANSLATE_NOOP("tp::ModelText", "baseline")) \
    X(SideCandidate, QT_TRANSLATE_NOOP("tp::ModelText", "candidate"))
// clang-format on

namespace tp
{
// One identifier per catalog entry; Verbatim is text the model did not make.
enum class MessageId : std::uint16_t {
    Verbatim,
#define TP_TEXT_ID(name, text) name,
    TP_MODEL_TEXTS(TP_TEXT_ID)
#undef TP_TEXT_ID
};
} // namespace tp

// txt::Name: the identifier, as the producers write it (Message(txt::Name, {...})).
namespace tp::txt
{
#define TP_TEXT_CONSTANT(name, text) inline constexpr MessageId name = MessageId::name;
TP_MODEL_TEXTS(TP_TEXT_CONSTANT)
#undef TP_TEXT_CONSTANT
} // namespace tp::txt
