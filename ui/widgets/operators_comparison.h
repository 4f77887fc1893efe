#pragma once
// The Compare page's "Top operators": the baseline's and the candidate's profiler captures side
// by side (a TopOperatorsView each, titled with the side's label and the run shown), so a
// reviewer sees where each side's time goes. A side without a profile says so.
#include "model/analysis/run_profile.h"

#include <QWidget>

#include <optional>

namespace tp
{

class TopOperatorsView;

class OperatorsComparison : public QWidget
{
    Q_OBJECT
public:
    explicit OperatorsComparison(QWidget *parent = nullptr);

    // The sides' labels ("Baseline", a pilot's side …) and the profile shown for each (that of
    // one of the side's runs, or nothing).
    void setSides(const QString &baselineLabel, std::optional<RunProfile> baseline,
                  const QString &candidateLabel, std::optional<RunProfile> candidate);
    // Nothing to compare: both sides empty, titled "Baseline" and "Candidate".
    void clear();

    TopOperatorsView *baseline() const { return m_baseline; }
    TopOperatorsView *candidate() const { return m_candidate; }

    // A side's title: its label, and the run whose profile is shown ("Baseline — run #12").
    static QString sideTitle(const QString &label, const std::optional<RunProfile> &profile);

private:
    TopOperatorsView *m_baseline = nullptr, *m_candidate = nullptr;
};

} // namespace tp
