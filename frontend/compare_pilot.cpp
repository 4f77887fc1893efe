#include "compare_pilot.h"

#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "model_text_tr.h"

#include <algorithm>

namespace tp
{

// The selected pilot's allowed differences apply when each side's runs are the pilot's runs of
// that side: then a difference the pilot explains is marked "allowed: reason", and the columns
// carry the sides' names (worker thread).
CompareOptions withPilotReasons(Store &store, const std::vector<long long> &base,
                                const std::vector<long long> &cand, CompareOptions options,
                                QString *baselineLabel, QString *candidateLabel)
{
    const PilotDefinition pilot = PilotStore(store).selected();
    auto within = [&store](const PilotSide &side, const std::vector<long long> &ids) {
        RunSelection sel = side.selection("");
        sel.runIds = ids;
        return store.listRuns(sel).size() == ids.size();
    };
    if (within(pilot.baseline, base) && within(pilot.candidate, cand)) {
        for (const AllowedDifference &a : pilot.allowed)
            options.allowed[a.factor] = a.reason;
        *baselineLabel = trModelText(pilot.baseline.label);
        *candidateLabel = trModelText(pilot.candidate.label);
    }
    return options;
}

// The pilot's own comparison: the newest valid run of each side with the pilot's workload.
std::optional<ComparePreset> pilotPreset(Store &store)
{
    const PilotDefinition pilot = PilotStore(store).selected();
    auto newest = [&](const PilotSide &side) {
        long long id = 0;
        for (const RunRecord &r : store.listRuns(side.selection(pilot.workload)))
            if (r.valid.value_or(false))
                id = std::max(id, r.id);
        return id;
    };
    const long long b = newest(pilot.baseline), c = newest(pilot.candidate);
    if (!b || !c || b == c)
        return std::nullopt;
    return ComparePreset{
        "pilot", pilot.workload, pilot.name, pilot.baseline.label, pilot.candidate.label, b, c};
}

} // namespace tp
