#include "review_files.h"

#include "model/contract/json_file.h"

#include <QFile>

#include <stdexcept>

namespace tp
{

nlohmann::json readJsonPath(const QString &path)
{
    if (!path.startsWith(QLatin1Char(':'))) // a file on disk: bounded, regular (threat model I3)
        return readJsonFile<std::runtime_error>(path.toStdString(), "file");
    QFile f(path); // one of our own resources, compiled in
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot read '" + path.toStdString() + "'");
    return parseJsonText<std::runtime_error>(f.readAll().toStdString(), path.toStdString());
}

GateDefinitions readGateDefinitions(const QString &path)
{
    return parseGateDefinitions(readJsonPath(path), path.toStdString());
}

std::vector<CostModel> readCostPresets(const QString &path)
{
    const nlohmann::json j = readJsonPath(path);
    const std::string origin = path.toStdString();
    const auto list = j.is_object() ? j.find("presets") : j.end();
    if (!j.is_object() || list == j.end() || !list->is_array())
        throw CostError(origin + ": field 'presets' must be an array of cost models");
    std::vector<CostModel> out;
    for (std::size_t i = 0; i < list->size(); ++i)
        out.push_back(parseCostModel((*list)[i], origin + ": presets[" + std::to_string(i) + "]"));
    return out;
}

CostModel readCostPreset(const QString &presetsPath, const QString &name)
{
    for (CostModel &m : readCostPresets(presetsPath))
        if (m.name == name.toStdString())
            return m;
    throw CostError(presetsPath.toStdString() + ": no cost preset named '" + name.toStdString() +
                    "'");
}

} // namespace tp
