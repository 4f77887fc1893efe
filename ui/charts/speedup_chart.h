#pragma once
// Eager → compiled speedup per shape (bars: eager mean ÷ compiled mean, > 1 is faster) with the
// geometric mean of those speedups as a labelled horizontal line and 1× (no change) as a dashed
// reference. Without shape cases, the two runs' steady means make a single bar.
#include "chart_panel.h"
#include "model/charts/speedup.h"
#include "model/evidence/run_record.h"

#include <vector>

namespace tp
{

class SpeedupChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit SpeedupChart(QWidget *parent = nullptr);

    // `group` names the two runs; `speedup` empty: the group lacks an eager or a compiled run.
    void setSpeedup(const std::vector<RunRecord> &group,
                    const std::optional<SpeedupResult> &speedup);
    void clear(const QString &message = {});

    // What was drawn (for tests): bar values and the geometric-mean line's value.
    QList<double> barValues() const { return m_bars; }
    std::optional<double> geometricMeanLine() const { return m_geometricMean; }

private:
    QList<double> m_bars;
    std::optional<double> m_geometricMean;
};

} // namespace tp
