#pragma once
// Bar chart of one run's protocol phases: first (cold) call against warmup and steady state,
// with steady p50/p99. The first call is often 100–1000× a steady batch, so the value axis is
// logarithmic and every bar carries its value in its category label.
#include "model/store/run_record.h"

#include <QChartView>

#include <vector>

class QBarCategoryAxis;
class QLogValueAxis;
class QStackedBarSeries;

namespace tp
{

class ColdWarmChart : public QChartView
{
    Q_OBJECT
public:
    explicit ColdWarmChart(QWidget *parent = nullptr);

    // warmup/steady: per-iteration seconds of those phases (may be empty; the summary is used).
    void setRun(const RunRecord &run, const std::vector<double> &warmup,
                const std::vector<double> &steady);
    void clear();

    QSize sizeHint() const override { return {640, 360}; }

private:
    void resetChart();

    QChart *m_chart = nullptr;
};

} // namespace tp
