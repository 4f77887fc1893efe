#pragma once
// Steady-state latency distribution of the focus run, as a histogram (sample count per bin) or
// an empirical CDF, with vertical p50/p90/p99 markers labelled with their value. The data comes
// reduced (≤ 40 bins, ≤ 1000 CDF points) whatever the number of samples.
#include "chart_panel.h"
#include "model/charts/chart_data.h"

namespace tp
{

class LatencyChart : public ChartPanel
{
    Q_OBJECT
public:
    enum class Kind { Histogram, Cdf };

    explicit LatencyChart(QWidget *parent = nullptr);

    void setLatency(const RunRecord &run, const LatencySummary &latency);
    void setKind(Kind kind);
    Kind kind() const { return m_kind; }
    void clear(const QString &message = {});

    // Where the markers were drawn, in seconds (p50, p90, p99 order; missing ones skipped), and
    // the chart's unit scale (seconds × scale = axis value). For tests.
    QList<double> markerSeconds() const { return m_markerSeconds; }
    double unitScale() const { return m_unitScale; }

private:
    void render();
    void drawHistogram(double scale, const QString &unit);
    void drawCdf(double scale, const QString &unit);
    // One vertical marker from y = 0 to `top`, labelled at height `labelY`.
    void addMarker(const QString &name, double seconds, double scale, double top, double labelY,
                   const QColor &color);

    Kind m_kind = Kind::Histogram;
    bool m_hasData = false;
    std::string m_runKey;
    LatencySummary m_latency;
    QList<double> m_markerSeconds;
    double m_unitScale = 1.0;
};

} // namespace tp
