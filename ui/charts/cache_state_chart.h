#pragma once
// Cold process vs warm cache: the first call of every run of the focus's workload, dtype and
// device in the database, grouped by mode (categories) and cache state (bars), as the median
// over those runs, with the run count in each category label. A persistent compilation cache
// (warm) should shrink the compiled mode's first call; the article says never to assume it is on.
#include "chart_panel.h"
#include "model/charts/chart_data.h"

namespace tp
{

class CacheStateChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit CacheStateChart(QWidget *parent = nullptr);

    void setGroups(const RunRecord &focus, const std::vector<CacheStateGroup> &groups);
    void clear(const QString &message = {});

    int barSetCount() const { return m_sets; }

private:
    int m_sets = 0;
};

} // namespace tp
