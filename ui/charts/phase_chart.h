#pragma once
// First call vs warmup vs steady state, grouped per mode: one category per run of the
// comparison group (its summary figures), then — when the runs measured a shape catalog — one
// category per mode and shape (first call and steady mean of that shape; warmup is not measured
// per shape). Log time axis: a first call is often 100–1000× a steady batch.
#include "chart_panel.h"
#include "model/evidence/run_record.h"

#include <map>
#include <vector>

namespace tp
{

class PhaseChart : public ChartPanel
{
    Q_OBJECT
public:
    static constexpr int kMaxCategories = 24;

    explicit PhaseChart(QWidget *parent = nullptr);

    void setRuns(const std::vector<RunRecord> &group,
                 const std::map<long long, std::vector<ShapeCaseRecord>> &shapeCases);
    void clear(const QString &message = {});

    // Category labels as drawn (plain text, for tests).
    QStringList categories() const { return m_categories; }

private:
    QStringList m_categories;
};

} // namespace tp
