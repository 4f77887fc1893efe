#pragma once
// The selected pilot on the Compare page (worker thread, the worker's own store connection):
// its allowed differences and side names when the compared runs are its sides' runs, and the
// pilot's own comparison as a preset.
#include "model/analysis/compare.h"

#include <QString>

#include <optional>
#include <vector>

namespace tp
{

class Store;

// `options` with the pilot's allowed differences, and the sides' names (translated), when each
// side's runs lie within the pilot's side; else `options` as given and the names left empty.
CompareOptions withPilotReasons(Store &store, const std::vector<long long> &base,
                                const std::vector<long long> &cand, CompareOptions options,
                                QString *baselineLabel, QString *candidateLabel);

// The newest valid run of each side with the pilot's workload (axis "pilot", fixedValue: the
// pilot's name, side values: its labels); nullopt when a side has none. The Compare page's
// default.
std::optional<ComparePreset> pilotPreset(Store &store);

} // namespace tp
