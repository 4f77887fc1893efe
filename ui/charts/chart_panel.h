#pragma once
// Base of the charts page's charts: a QChartView that builds a fresh QChart per update (reusing
// one leaves stale axis items on screen), with the shared look: no animation, small margins,
// legend at the bottom, and the colours of phases and modes used by every chart.
#include <QChartView>

#include <string>
#include <vector>

class QAbstractAxis;
class QLogValueAxis;
class QValueAxis;

namespace tp
{

struct RunRecord;

class ChartPanel : public QChartView
{
    Q_OBJECT
public:
    explicit ChartPanel(QWidget *parent = nullptr);

    // An empty chart whose title explains why there is nothing to draw.
    void showMessage(const QString &title);
    QSize sizeHint() const override { return {560, 320}; }

    enum Phase { FirstCall, Warmup, Steady };
    static QColor phaseColor(Phase phase);
    // A stable colour per execution mode (eager, compiled, then a palette by name).
    static QColor modeColor(const std::string &mode);
    // How a run is named among `group`: its mode, plus its cache state when another run of the
    // group has the same mode, plus "#id" when that is still ambiguous.
    static QString runLabel(const RunRecord &run, const std::vector<RunRecord> &group);

protected:
    // Replaces the chart with an empty one titled `title` and returns it.
    QChart *resetChart(const QString &title);
    // A log axis spanning whole decades around [lo, hi] (both > 0), labels "%g"; minor grid
    // lines when it spans at most two decades.
    static QLogValueAxis *decadeAxis(double lo, double hi, const QString &title,
                                     double base = 10.0);
    // A linear axis over [lo, hi] with nice tick numbers.
    static QValueAxis *linearAxis(double lo, double hi, const QString &title);
    // Attach `axis` to the chart at `alignment` and to every series of the chart so far.
    void attach(QAbstractAxis *axis, Qt::Alignment alignment);

    QChart *m_chart = nullptr;
};

} // namespace tp
