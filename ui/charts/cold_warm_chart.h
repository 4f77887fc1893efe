#pragma once
// Bar chart of one run's protocol phases: first (cold) call against warmup and steady state,
// with steady p50/p99. The first call is often 100–1000× a steady batch, so the value axis is
// logarithmic and every bar carries its value under its name.
//
// Painted directly, not a Qt Charts scene: the run details show it for every run a person
// clicks, and a QChart rebuilt per run (axes, series, legend, a relayout whenever a label's text
// changed its size) held the GUI thread for most of a run's details. Here the geometry depends
// on the widget's size and font only, never on the text shown, so showing a run is computing
// five bars (ColdWarmBars, which a worker can do) and one repaint. The PDF report paints the
// same chart with paint() into its vector pictures.
//
// Any value the store can hold is drawn: missing, zero, negative or non-finite times have no
// bar; 1e-320 s and 1e308 s have theirs, on an axis computed in decades (log10), never by
// scaling a value that could overflow.
#include "model/charts/chart_summaries.h"
#include "model/evidence/run_record.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QPainter;

namespace tp
{

// What the chart draws, computed from a run and its samples (no widget; any thread).
struct ColdWarmBars {
    struct Bar {
        QString name;       // two lines, split at "<br>"
        QString value;      // the bar's time, formatted
        double decades = 0; // log10 of the time in the axis unit; meaningful when `present`
        bool present = false;
        int group = 0; // 0 cold, 1 warmup, 2 steady
    };
    QString title;
    std::array<Bar, 5> bars;
    bool empty = true;                // no bar to draw: the title says why
    int minDecade = 0, maxDecade = 1; // the axis, in decades of the unit
    QString unitSuffix;
    QString axisTitle;

    // The steady figures are the judge's (latencyFigures), computed from `steady` only for a run
    // not judged yet.
    static ColdWarmBars compute(const RunRecord &run, const std::vector<double> &warmup,
                                const std::vector<double> &steady);
    static ColdWarmBars compute(const RunRecord &run, const std::vector<double> &warmup,
                                const LatencyFigures &steady);
    static ColdWarmBars none(); // "No run selected"
};

class ColdWarmChart : public QWidget
{
    Q_OBJECT
public:
    explicit ColdWarmChart(QWidget *parent = nullptr);

    // warmup/steady: per-iteration seconds of those phases (may be empty; the summary is used).
    void setRun(const RunRecord &run, const std::vector<double> &warmup,
                const std::vector<double> &steady);
    void setBars(ColdWarmBars bars); // computed elsewhere (a worker)
    void clear();
    const ColdWarmBars &bars() const { return m_bars; }

    // Paints `bars` into `area` with `font` (the widget's, or the report's): the widget's own
    // paintEvent and the PDF report both draw through it.
    static void paint(QPainter &painter, const QRectF &area, const ColdWarmBars &bars,
                      const QFont &font, const QColor &text, const QColor &background);
    static const std::array<QColor, 3> &groupColors();

    QSize sizeHint() const override { return {640, 360}; }
    QSize minimumSizeHint() const override { return {240, 260}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    ColdWarmBars m_bars;
};

} // namespace tp
