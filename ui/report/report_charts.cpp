#include "report_charts.h"

#include "frontend/model_text_tr.h"
#include "model/session/chart_data_loader.h"
#include "report_data.h"
#include "report_format.h"
#include "report_html_decision.h"
#include "report_html_serving.h"
#include "ui/charts/cold_warm_chart.h"
#include "ui/charts/latency_chart.h"
#include "ui/charts/serving_curve_chart.h"
#include "ui/charts/serving_queue_chart.h"

#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QAbstractTextDocumentLayout>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QLegend>
#include <QPainter>
#include <QTextCursor>
#include <QTextDocument>
#include <QXYSeries>

#include <memory>

namespace tp
{

namespace
{
enum Property { IndexProperty = 0x100000 + 1, WidthProperty, HeightProperty };

// Print look: white, square, no shadow (a shadow is a raster effect), fixed logical size.
void prepare(QChartView &view)
{
    QChart *c = view.chart();
    c->setBackgroundRoundness(0);
    c->setDropShadowEnabled(false);
    c->setBackgroundBrush(Qt::white);
    c->setBackgroundPen(QPen(QColor(0xb0, 0xbe, 0xc5), 1));
    c->resize(QSizeF(ReportChartObjects::kLogicalWidth, ReportChartObjects::kLogicalHeight));
    // Searchable text: no ligatures in any of the chart's fonts.
    c->setTitleFont(report::noLigatures(c->titleFont()));
    c->legend()->setFont(report::noLigatures(c->legend()->font()));
    for (QAbstractAxis *a : c->axes()) {
        a->setLabelsFont(report::noLigatures(a->labelsFont()));
        a->setTitleFont(report::noLigatures(a->titleFont()));
    }
    for (QAbstractSeries *s : c->series())
        if (auto *xy = qobject_cast<QXYSeries *>(s))
            xy->setPointLabelsFont(report::noLigatures(xy->pointLabelsFont()));
}
} // namespace

std::vector<QPicture> renderReportCharts(const ReportData &data)
{
    const ReportSide *sides[] = {&data.baseline, &data.candidate};
    std::vector<QPicture> pictures(6);
    std::vector<std::unique_ptr<QChartView>> latencies(2);
    const QRectF area(0, 0, ReportChartObjects::kLogicalWidth, ReportChartObjects::kLogicalHeight);
    for (int side = 0; side < 2; ++side) {
        const ReportSide &s = *sides[side];
        if (!s.chartRun)
            continue;
        { // The cold-vs-warm chart paints itself (the run details' chart, in print colours).
            QPainter p(&pictures[std::size_t(side)]);
            p.setRenderHint(QPainter::Antialiasing);
            ColdWarmChart::paint(
                p, area,
                ColdWarmBars::compute(
                    *s.chartRun, s.warmup,
                    LatencyFigures{s.latency.mean, s.latency.p50, s.latency.p90, s.latency.p99}),
                report::noLigatures(QFont()), Qt::black, Qt::white);
            p.setPen(QPen(QColor(0xb0, 0xbe, 0xc5), 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(area.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        auto latency = std::make_unique<LatencyChart>();
        const LatencySummary &summary = s.latency;
        if (summary.steadyCount > 0)
            latency->setLatency(*s.chartRun, summary);
        else
            // The chart's own sentence (its context named, so every lupdate scan agrees).
            latency->clear(QCoreApplication::translate("tp::LatencyChart",
                                                       "%1 — no steady-state samples stored")
                               .arg(QString::fromStdString(s.chartRun->runKey)
                                        .toHtmlEscaped())); // a chart title is rich text
        latencies[std::size_t(side)] = std::move(latency);
    }
    for (auto &v : latencies)
        if (v)
            prepare(*v);
    QCoreApplication::sendPostedEvents(); // the charts lay themselves out on posted requests
    for (std::size_t i = 0; i < latencies.size(); ++i) {
        if (!latencies[i])
            continue;
        QChart *c = latencies[i]->chart();
        QPainter p(&pictures[2 + i]);
        p.setRenderHint(QPainter::Antialiasing);
        c->scene()->render(&p, area, c->sceneBoundingRect(), Qt::IgnoreAspectRatio);
    }
    // Both sides' latency–throughput curves on one plot (the serving section).
    // Then where a query's time goes: queue wait against compute time.
    if (!data.baseline.serving.points.empty() || !data.candidate.serving.points.empty()) {
        const std::vector<ServingCurveSide> serving{
            {trModelText(data.baseline.label, QLocale()), data.baseline.serving},
            {trModelText(data.candidate.label, QLocale()), data.candidate.serving}};
        for (int chart : {report::kServingChart, report::kServingQueueChart}) {
            QPainter p(&pictures[std::size_t(chart)]);
            p.setRenderHint(QPainter::Antialiasing);
            if (chart == report::kServingChart)
                ServingCurveChart::paint(p, area, serving, data.review.definitions.sloP99Seconds,
                                         report::noLigatures(QFont()), Qt::black, Qt::white);
            else
                ServingQueueChart::paint(p, area, serving, report::noLigatures(QFont()), Qt::black,
                                         Qt::white);
            p.setPen(QPen(QColor(0xb0, 0xbe, 0xc5), 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(area.adjusted(0.5, 0.5, -0.5, -0.5));
        }
    }
    return pictures;
}

ReportChartObjects::ReportChartObjects(std::vector<QPicture> charts, QObject *parent)
    : QObject(parent), m_charts(std::move(charts))
{
}

int ReportChartObjects::install(QTextDocument *doc, double width)
{
    doc->documentLayout()->registerHandler(kObjectType, this);
    const double height = width * kLogicalHeight / kLogicalWidth;
    int placed = 0;
    for (int i = 0; i < int(m_charts.size()); ++i) {
        // The placeholder inside its anchor (the HTML parser names the first character): a run
        // key or a comment reading "@@chart:0@@" is text, never taken for the chart's place.
        auto isPlaceholder = [&](const QTextCursor &c) {
            QTextCursor first(doc);
            first.setPosition(c.selectionStart() + 1); // the format of the character before
            return first.charFormat().anchorNames().contains(report::chartAnchor(i));
        };
        QTextCursor found = doc->find(report::chartPlaceholder(i));
        while (!found.isNull() && !isPlaceholder(found))
            found = doc->find(report::chartPlaceholder(i), found);
        if (found.isNull())
            continue;
        QTextCharFormat f;
        f.setObjectType(kObjectType);
        f.setProperty(IndexProperty, i);
        f.setProperty(WidthProperty, width);
        f.setProperty(HeightProperty, height);
        found.insertText(QString(QChar::ObjectReplacementCharacter), f);
        ++placed;
    }
    return placed;
}

QSizeF ReportChartObjects::intrinsicSize(QTextDocument *, int, const QTextFormat &format)
{
    return {format.doubleProperty(WidthProperty), format.doubleProperty(HeightProperty)};
}

void ReportChartObjects::drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int,
                                    const QTextFormat &format)
{
    const int index = format.intProperty(IndexProperty);
    if (index < 0 || index >= int(m_charts.size()) || m_charts[index].isNull())
        return;
    painter->save();
    painter->translate(rect.topLeft());
    // QPainter::drawPicture() scales a picture by the device's resolution over the picture's;
    // undo that, then map the chart's logical size onto `rect`.
    const QPicture &picture = m_charts[index];
    const QPaintDevice *device = painter->device();
    painter->scale(rect.width() / kLogicalWidth * picture.logicalDpiX() / device->logicalDpiX(),
                   rect.height() / kLogicalHeight * picture.logicalDpiY() / device->logicalDpiY());
    painter->drawPicture(0, 0, picture);
    painter->restore();
}

} // namespace tp
