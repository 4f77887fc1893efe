#pragma once
// A serving Deployment whose probe block is sized from the evidence (the article's section 6):
// the pilot's declared probes, else the ones its side's cold starts propose
// (model/analysis/readiness_runs.h), as YAML that kubectl takes. The Job preview and
// `torchpilot probes --format yaml` write it. No Qt.
#include <cstddef>
#include <string>

namespace tp
{

class EvidenceReader;
struct PilotDefinition;

struct ServingDeploymentText {
    enum class Basis { Declared, Proposed, None }; // None: no probes declared, too few cold starts
    Basis basis = Basis::None;
    std::size_t coldStarts = 0;
    std::string yaml; // empty with Basis::None; its first line a comment saying whose probes
};

ServingDeploymentText servingDeploymentYaml(const EvidenceReader &evidence,
                                            const PilotDefinition &pilot, bool candidate,
                                            const std::string &image, int port);

} // namespace tp
