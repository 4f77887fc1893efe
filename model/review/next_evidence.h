#pragma once
// What would decide each criterion the evidence leaves open (issue 30): for every insufficient
// criterion of a gate report, the runs to launch — side, workload, mode, dtype, shapes, preset, as
// the pilot defines its sides — or the input only a reviewer can give. The throughput criterion
// brings its own estimate of how much more evidence its interval needs (gate_criteria.cpp); its
// runs are completed here from the pilot. No Qt.
#include "gate_report.h"
#include "model/pilot/pilot.h"

#include <string>
#include <vector>

namespace tp
{

class EvidenceReader;

// Sets `next` on every insufficient criterion of `report`.
void attachNextEvidence(GateReport &report, const PilotDefinition &pilot,
                        const EvidenceReader &evidence);

// The protocol preset of the newest evidence run that declares one ("standard" when none does):
// the runs asked for are measured like the evidence they join.
std::string evidencePreset(const GateReport &report, const EvidenceReader &evidence);

// Every run the report's open criteria ask for, each once: the same run asked for by several
// criteria keeps the largest count and profile.
std::vector<EvidenceRequest> missingRuns(const GateReport &report);

} // namespace tp
