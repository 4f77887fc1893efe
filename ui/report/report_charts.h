#pragma once
// The report's charts as vector objects in a QTextDocument. On the GUI thread the dashboard's own
// chart widgets (ColdWarmChart, LatencyChart) are filled with each side's chart run, laid out off
// screen at a fixed logical size and recorded into QPictures (paint commands: paths and text);
// the text layout, on any thread, replays them scaled wherever it placed the object — on a PDF
// that is paths and text, never a raster image.
#include <QObject>
#include <QPicture>
#include <QTextObjectInterface>

#include <vector>

class QTextDocument;

namespace tp
{

struct ReportData;

// The charts in the order of chartsHtml(): cold vs warm (current path, candidate), then latency
// (current path, candidate), then both sides' latency–throughput curves (servingHtml()); a null
// picture where a side has no run. Needs a QApplication; GUI
// thread only (the charts are widgets).
std::vector<QPicture> renderReportCharts(const ReportData &data);

class ReportChartObjects : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    explicit ReportChartObjects(std::vector<QPicture> charts, QObject *parent = nullptr);

    // Registers the object handler on `doc` and replaces every chart placeholder paragraph with
    // a chart object `width` document units wide. Returns how many charts were placed.
    int install(QTextDocument *doc, double width);

    QSizeF intrinsicSize(QTextDocument *doc, int posInDocument, const QTextFormat &format) override;
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *doc, int posInDocument,
                    const QTextFormat &format) override;

    static constexpr int kObjectType = 0x1000 + 7; // QTextFormat::UserObject + 7
    // The logical size charts are laid out at (screen pixels), then scaled onto the page.
    static constexpr double kLogicalWidth = 760, kLogicalHeight = 400;

private:
    std::vector<QPicture> m_charts;
};

} // namespace tp
