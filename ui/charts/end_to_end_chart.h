#pragma once
// End to end (issue 43, the article's section 9): one horizontal stacked bar per platform group
// of the selected executions (model/analysis/batch_job.h's endToEndGroups): waiting for
// capacity, attempts lost, preparation, compile, warm-up, steady compute, checkpoints and the
// rest of the wall clock, in one time unit, with each group's executions and total in its label.
// The Panels page's; its part names and colours are the PDF's too.
#include "chart_panel.h"
#include "model/analysis/end_to_end.h"

#include <QColor>
#include <QString>
#include <QStringList>

#include <vector>

namespace tp
{

class EndToEndChart : public ChartPanel
{
    Q_OBJECT
public:
    explicit EndToEndChart(QWidget *parent = nullptr);

    // One bar per group, named `names[i]` where given, else by its platform.
    void setGroups(const std::vector<EndToEndGroup> &groups, const QStringList &names = {});
    void clear(const QString &message = {});
    QSize sizeHint() const override { return {560, 220}; }

    int barSetCount() const { return m_sets; }

    static QString partName(BreakdownPart part);
    static QColor partColor(BreakdownPart part);
    // "cpu · compiled · float32"
    static QString groupName(const EndToEndGroup &g);

private:
    int m_sets = 0;
};

} // namespace tp
