#pragma once
// Fixtures of the decision-review tests: the shipped gate definitions, cost models, inputs with
// everything a reviewer enters, and fixture files from tests/data/ imported into a store.
#include "model/ingest/ingestor.h"
#include "model/pilot/pilot.h"
#include "model/review/cost.h"
#include "model/session/evaluate_review.h"
#include "test_util.h"

#include <QStringList>

namespace tptest
{

// The shipped gates with the default pilot's serving probes, as the product applies a pilot.
inline tp::GateDefinitions definitions()
{
    tp::GateDefinitions d = tp::loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json");
    d.probes = tp::defaultPilot().probes;
    return d;
}

inline tp::CostModel cost(const std::string &name, double acceleratorPerHour)
{
    tp::CostModel m;
    m.name = name;
    m.acceleratorPerHour = acceleratorPerHour;
    m.hostPerHour = 0.4;
    return m;
}

// The shipped cost presets (resources/cost/presets.json): the first for the baseline, the third
// for the candidate, and the reviewer's rollback path.
inline tp::ReviewInputs presetInputs(const std::string &rollbackPath)
{
    const auto presets = tp::loadCostPresets(TP_SOURCE_DIR "/resources/cost/presets.json");
    tp::ReviewInputs in;
    in.baselineCost = presets.at(0);
    in.candidateCost = presets.at(2);
    in.rollbackPath = rollbackPath;
    return in;
}

// A recorded review under the shipped gates: `inputs` saved, the compatibility gate signed, a
// decision recorded. Returns the state the decision was recorded in.
inline tp::ReviewState recordReview(tp::Store &store, const tp::ReviewInputs &inputs,
                                    const std::string &signer, const std::string &signNote,
                                    const std::string &decider, const std::string &comment)
{
    tp::ReviewStore review(store);
    review.saveInputs(inputs);
    tp::ReviewState s = tp::evaluateReview(store, definitions());
    review.signOff("compatibility", signer, signNote, s.evidenceHash);
    review.recordDecision(s.report, s.evidence, decider, comment);
    return s;
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
                                      c.before.english() + " -> " + c.after.english());
    return out;
}

inline void importFiles(tp::Store &store, const QStringList &files)
{
    for (const QString &f : files)
        tp::importFile(store, dataFile(f.toUtf8().constData()).toStdString());
}

} // namespace tptest
