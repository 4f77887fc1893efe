#pragma once
// How `faulttest` (and a pilot's fault test step) print the test as it goes: each trial's kill,
// resume, RPO and RTO, then the group's detection, the checkpoints' cost and the verdict.
namespace tp
{
struct TrialResult;
struct FaultTestResult;
} // namespace tp

namespace tp::cli
{

void printTrial(const TrialResult &trial);
void printSummary(const FaultTestResult &result);

} // namespace tp::cli
