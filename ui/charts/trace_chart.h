#pragma once
// Per-iteration time of the focus run: the first call, then every warmup and steady iteration
// in order, on a log time axis. Long runs arrive min/max downsampled (≤ 2000 points), so a
// million-iteration run draws as fast as a short one and still shows every spike.
#include "chart_panel.h"
#include "model/charts/chart_data.h"

namespace tp
{

class TraceChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit TraceChart(QWidget *parent = nullptr);

    void setTrace(const RunRecord &run, const LatencySummary &latency);
    void clear(const QString &message = {});

    // Points drawn in all series (for tests: bounded whatever the run length).
    int pointCount() const { return m_pointCount; }
    double unitScale() const { return m_unitScale; } // seconds × scale = axis value

private:
    int m_pointCount = 0;
    double m_unitScale = 1.0;
};

} // namespace tp
