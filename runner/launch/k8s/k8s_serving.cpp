#include "k8s_serving.h"

#include "k8s_manifest.h"
#include "model/analysis/readiness_runs.h"
#include "model/pilot/pilot.h"

namespace tp
{

ServingDeploymentText servingDeploymentYaml(const EvidenceReader &evidence,
                                            const PilotDefinition &pilot, bool candidate,
                                            const std::string &image, int port)
{
    RunSelection side = (candidate ? pilot.candidate : pilot.baseline).selection("");
    side.scenario.clear(); // every process of the side, server runs included
    const ReadinessFigures f = readinessFigures(evidence, readinessRuns(evidence, side));
    ServingDeploymentText out;
    out.coldStarts = f.coldRuns;
    ServingProbes probes = pilot.probes;
    std::string comment;
    if (probes.startup) {
        out.basis = ServingDeploymentText::Basis::Declared;
        comment = "the probes pilot '" + pilot.name + "' declares";
    } else if (f.coldRuns >= kMinColdStarts) {
        const ProbeProposal p = proposeProbes(f);
        probes = {p.startup, p.readiness, p.liveness};
        out.basis = ServingDeploymentText::Basis::Proposed;
        comment = "probes proposed from " + std::to_string(f.coldRuns) +
                  " cold starts (torchpilot probes)";
    } else {
        return out;
    }
    // The pilot's name is one line (parsePilot), so the comment cannot end early.
    out.yaml = "# " + comment + "\n" +
               toYaml(servingDeployment(probes, "torchpilot-serving", image, port));
    return out;
}

} // namespace tp
