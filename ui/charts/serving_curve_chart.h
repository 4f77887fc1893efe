#pragma once
// The latency–throughput curve (model/analysis/serving_curve.h) of one or two sides on one plot,
// as perf_analyzer and Model Analyzer draw it: completed QPS across, latency up (both log10, in
// decades, so any stored value is drawn), each side's latency at the SLO's percentile (failed
// queries ranked last; solid) and its p50 (dashed) through its probes in target order, the SLO
// as a horizontal line, each side's peak within the SLO ringed. A probe that is not valid
// evidence is hollow; one whose tail is a failure sits on the top edge. Painted directly (as
// ColdWarmChart): the Charts page and the PDF report paint it through paint().
#include "model/analysis/serving_curve.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

class QPainter;

namespace tp
{

struct ServingCurveSide {
    QString label;
    ServingCurve curve;
};

class ServingCurveChart : public QWidget
{
    Q_OBJECT
public:
    explicit ServingCurveChart(QWidget *parent = nullptr);

    void setCurves(std::vector<ServingCurveSide> sides, double sloSeconds);
    const std::vector<ServingCurveSide> &curves() const { return m_sides; }

    static void paint(QPainter &painter, const QRectF &area,
                      const std::vector<ServingCurveSide> &sides, double sloSeconds,
                      const QFont &font, const QColor &text, const QColor &background);
    static const std::vector<QColor> &sideColors();
    static QStringList labelsOf(const std::vector<ServingCurveSide> &sides);

    QSize sizeHint() const override { return {640, 360}; }
    QSize minimumSizeHint() const override { return {260, 220}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::vector<ServingCurveSide> m_sides;
    double m_slo = 0;
};

} // namespace tp
