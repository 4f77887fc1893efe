#pragma once
// PRIVATE to gate_criteria*.cpp: throughput_within_slo, the article's inference contract
// ("throughput within the SLO, including latency percentiles and failures"). Each side's peak is
// the highest target QPS of its valid server-scenario runs whose latency at the SLO's percentile
// (failed queries ranked last) stays within the SLO with failures within the allowed share; the
// candidate's peak against the baseline's, with a bootstrap interval that resamples every probe's
// queries and finds both peaks again. No Qt.
#include "gate_criteria.h"

namespace tp::detail
{

CriterionResult throughputWithinSlo(const GateEvidence &c, const std::string &id);
// probes_cover_time_to_ready (operations gate, the article's section 6): the pilot's startupProbe
// lets a pod start at least as long as the candidate's p99 cold time to ready (process start to
// first valid result, over at least kMinColdStarts cold processes), and its livenessProbe, when
// declared, outlasts the longest call after ready, so no probe restarts a pod while it compiles.
CriterionResult probesCoverTimeToReady(const GateEvidence &c, const std::string &id);

} // namespace tp::detail
