#pragma once
// Throughput (samples/s) against batch size, from the runs' shape catalog cases: one line per
// run of the comparison group (per mode), and per sequence length when the catalog varies it.
// Runs without shape cases contribute their own batch and throughput as a single point.
#include "chart_panel.h"
#include "model/evidence/run_record.h"

#include <map>
#include <vector>

namespace tp
{

class ThroughputChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit ThroughputChart(QWidget *parent = nullptr);

    void setRuns(const std::vector<RunRecord> &group,
                 const std::map<long long, std::vector<ShapeCaseRecord>> &shapeCases);
    void clear(const QString &message = {});

    int lineCount() const { return m_lines; }

private:
    int m_lines = 0;
};

} // namespace tp
