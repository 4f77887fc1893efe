#pragma once
// The report's charts as vector objects in a QTextDocument: the dashboard's own chart widgets
// (ColdWarmChart, LatencyChart) are filled with each side's chart run, laid out off screen at a
// fixed logical size, and their QGraphicsScene is painted with the document's QPainter wherever
// the text layout placed the object — on a PDF that is paths and text, never a raster image.
// Needs a QApplication (the charts are widgets); use on the GUI thread.
#include <QObject>
#include <QTextObjectInterface>

#include <memory>
#include <vector>

class QChart;
class QChartView;
class QTextDocument;

namespace tp {

struct ReportData;

class ReportCharts : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    // Charts in the order of chartsHtml(): cold vs warm (current path, candidate), then latency.
    explicit ReportCharts(const ReportData &data, QObject *parent = nullptr);
    ~ReportCharts() override;

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
    QChart *chart(int index) const;

    std::vector<std::unique_ptr<QChartView>> m_views; // index: see the constructor; null: none
};

} // namespace tp
