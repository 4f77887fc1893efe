#pragma once
// Fixtures of the decision-review tests: the shipped gate definitions, cost models, inputs with
// everything a reviewer enters, and fixture files from tests/data/ imported into a store.
#include "ingestor.h"
#include "review.h"
#include "test_util.h"

#include <QStringList>

namespace tptest
{

inline tp::GateDefinitions definitions()
{
    return tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json");
}

inline tp::CostModel cost(const std::string &name, double acceleratorPerHour)
{
    tp::CostModel m;
    m.name = name;
    m.acceleratorPerHour = acceleratorPerHour;
    m.hostPerHour = 0.4;
    return m;
}

inline tp::ReviewInputs fullInputs()
{
    tp::ReviewInputs in;
    in.baselineCost = cost("gpu", 3);
    in.candidateCost = cost("tpu", 2);
    in.rollbackPath = "route traffic back to the GPU pool";
    return in;
}

// "kind subject: before -> after", one line per change.
inline QStringList changeList(const std::vector<tp::ReviewChange> &changes)
{
    QStringList out;
    for (const auto &c : changes)
        out << QString::fromStdString(c.kind + (c.subject.empty() ? "" : " " + c.subject) + ": " +
                                      c.before + " -> " + c.after);
    return out;
}

inline void importFiles(tp::Store &store, const QStringList &files)
{
    for (const QString &f : files)
        tp::importFile(store, dataFile(f.toUtf8().constData()).toStdString());
}

} // namespace tptest
