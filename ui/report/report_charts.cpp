#include "report_charts.h"

#include "chart_data_loader.h"
#include "cold_warm_chart.h"
#include "latency_chart.h"
#include "report_data.h"
#include "report_format.h"
#include "report_html.h"

#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QChart>
#include <QLegend>
#include <QXYSeries>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QPainter>
#include <QTextCursor>
#include <QTextDocument>
#include <QAbstractTextDocumentLayout>

namespace tp {

namespace {
enum Property { IndexProperty = 0x100000 + 1, WidthProperty, HeightProperty };

// Print look: white, square, no shadow (a shadow is a raster effect).
void prepare(QChartView &view)
{
    QChart *c = view.chart();
    c->setBackgroundRoundness(0);
    c->setDropShadowEnabled(false);
    c->setBackgroundBrush(Qt::white);
    c->setBackgroundPen(QPen(QColor(0xb0, 0xbe, 0xc5), 1));
    c->resize(QSizeF(ReportCharts::kLogicalWidth, ReportCharts::kLogicalHeight));
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

ReportCharts::ReportCharts(const ReportData &data, QObject *parent) : QObject(parent)
{
    const ReportSide *sides[] = {&data.baseline, &data.candidate};
    m_views.resize(4);
    for (int side = 0; side < 2; ++side) {
        const ReportSide &s = *sides[side];
        if (!s.chartRun)
            continue;
        auto coldWarm = std::make_unique<ColdWarmChart>();
        coldWarm->setRun(*s.chartRun, s.warmup, s.steady);
        m_views[side] = std::move(coldWarm);

        auto latency = std::make_unique<LatencyChart>();
        const LatencySummary summary =
            ChartDataLoader::summarizeLatency(*s.chartRun, s.firstCall, s.warmup, s.steady, ChartRequest{});
        if (summary.steadyCount > 0)
            latency->setLatency(*s.chartRun, summary);
        else
            latency->clear(LatencyChart::tr("%1 — no steady-state samples stored")
                               .arg(QString::fromStdString(s.chartRun->runKey)));
        m_views[2 + side] = std::move(latency);
    }
    for (auto &v : m_views)
        if (v)
            prepare(*v);
    // The charts lay themselves out on posted layout requests.
    QCoreApplication::sendPostedEvents();
}

ReportCharts::~ReportCharts() = default;

QChart *ReportCharts::chart(int index) const
{
    return index >= 0 && index < int(m_views.size()) && m_views[index] ? m_views[index]->chart() : nullptr;
}

int ReportCharts::install(QTextDocument *doc, double width)
{
    doc->documentLayout()->registerHandler(kObjectType, this);
    const double height = width * kLogicalHeight / kLogicalWidth;
    int placed = 0;
    for (int i = 0; i < int(m_views.size()); ++i) {
        QTextCursor found = doc->find(report::chartPlaceholder(i));
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

QSizeF ReportCharts::intrinsicSize(QTextDocument *, int, const QTextFormat &format)
{
    return {format.doubleProperty(WidthProperty), format.doubleProperty(HeightProperty)};
}

void ReportCharts::drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &format)
{
    QChart *c = chart(format.intProperty(IndexProperty));
    if (!c || !c->scene())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    c->scene()->render(painter, rect, c->sceneBoundingRect(), Qt::IgnoreAspectRatio);
    painter->restore();
}

} // namespace tp
