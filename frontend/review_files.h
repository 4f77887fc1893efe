#pragma once
// The review's input files read from a Qt path (a ":/torchpilot/…" resource or a file on disk):
// one place for the GUI, the PDF report and the gates/review/report commands. Errors name the
// file and, for a syntax error, the line and column (model/contract/json_file.h).
#include "model/review/cost.h"
#include "model/review/gates.h"

#include <QString>

#include <nlohmann/json.hpp>

namespace tp
{

// The shipped gate definitions and cost presets (resources/).
inline QString defaultGateDefinitionsPath()
{
    return QStringLiteral(":/torchpilot/gates/default.json");
}
inline QString defaultCostPresetsPath()
{
    return QStringLiteral(":/torchpilot/cost/presets.json");
}

// Throws std::runtime_error when the file cannot be read or is not JSON.
nlohmann::json readJsonPath(const QString &path);
// Throws GateError / std::runtime_error.
GateDefinitions readGateDefinitions(const QString &path);
// The presets of a presets file ({"presets": [...]}); throws CostError / std::runtime_error.
std::vector<CostModel> readCostPresets(const QString &path);
// The preset called `name`; throws CostError when there is none.
CostModel readCostPreset(const QString &presetsPath, const QString &name);

} // namespace tp
