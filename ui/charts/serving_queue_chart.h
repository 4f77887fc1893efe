#pragma once
// Where a served query's time goes as load grows: each side's mean queue wait (dashed) and mean
// compute time (solid) per server-scenario probe, against completed QPS (both log10, in
// decades). Below the knee compute dominates; past it the queue does, which is what the p99 curve
// (ServingCurveChart) cannot say by itself. Painted directly: the Charts page and the PDF report
// paint it through paint().
#include "serving_curve_chart.h"

namespace tp
{

class ServingQueueChart : public QWidget
{
    Q_OBJECT
public:
    explicit ServingQueueChart(QWidget *parent = nullptr);

    void setCurves(std::vector<ServingCurveSide> sides);

    static void paint(QPainter &painter, const QRectF &area,
                      const std::vector<ServingCurveSide> &sides, const QFont &font,
                      const QColor &text, const QColor &background);

    QSize sizeHint() const override { return {640, 320}; }
    QSize minimumSizeHint() const override { return {260, 200}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::vector<ServingCurveSide> m_sides;
};

} // namespace tp
