#include "report_renderer.h"

#include "model/contract/output_file.h"
#include "report_charts.h"
#include "report_data.h"
#include "report_document.h"
#include "report_format.h"
#include "report_html.h"
#include "report_paginator.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>
#include <QTextOption>

namespace tp
{

using namespace report;

namespace
{
const QColor kRule(0xb0, 0xbe, 0xc5);
const QColor kMuted(0x54, 0x6e, 0x7a);

void drawHeaderFooter(QPainter &p, const QRectF &page, double band, int index, int count,
                      const QString &left, const QString &right)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(7);
    f = noLigatures(f);
    p.setFont(f);
    p.setPen(kMuted);
    const QRectF header(page.left(), page.top(), page.width(), band * 0.7);
    // Header: title and workload on the left, the evidence hash prefix on the right; elided so
    // the two never overlap.
    const QFontMetricsF fm(f, p.device());
    const QString r = fm.elidedText(right, Qt::ElideRight, page.width() * 0.3);
    const QString l =
        fm.elidedText(left, Qt::ElideRight, page.width() - fm.horizontalAdvance(r) - px(12));
    p.drawText(header, Qt::AlignLeft | Qt::AlignBottom, l);
    p.drawText(header, Qt::AlignRight | Qt::AlignBottom, r);
    p.setPen(QPen(kRule, px(0.75)));
    p.drawLine(QPointF(page.left(), page.top() + band * 0.8),
               QPointF(page.right(), page.top() + band * 0.8));
    const QRectF footer(page.left(), page.bottom() - band * 0.7, page.width(), band * 0.7);
    p.drawLine(QPointF(page.left(), page.bottom() - band * 0.8),
               QPointF(page.right(), page.bottom() - band * 0.8));
    p.setPen(kMuted);
    p.drawText(footer, Qt::AlignHCenter | Qt::AlignTop,
               ReportRenderer::tr("Page %1 of %2").arg(index).arg(count));
}
} // namespace

QString ReportRenderer::html(const ReportData &d, const QLocale &locale,
                             const std::function<QString(const QString &)> &fitKey)
{
    const Html body = coverHtml(d, locale) + gatesHtml(d, locale) + changesHtml(d, locale) +
                      panelsHtml(d, locale) + chartsHtml(d, locale) + batchJobHtml(d, locale) +
                      breakEvenHtml(d, locale) + servingHtml(d, locale) + precisionHtml(d, locale) +
                      costHtml(d, locale) + environmentHtml(d, locale) + profileHtml(d, locale) +
                      appendixHtml(d, locale, fitKey);
    return markup(QStringLiteral("<html><body>%1</body></html>")).arg(body).toString();
}

ReportRenderer::Result ReportRenderer::writePdf(const ReportData &data, const QString &path,
                                                const QLocale &locale)
{
    return writePdf(data, renderReportCharts(data), path, locale);
}

ReportRenderer::Result ReportRenderer::writePdf(const ReportData &data,
                                                const std::vector<QPicture> &chartPictures,
                                                const QString &path, const QLocale &locale)
{
    Result result;
    // Refused before the work when a link, FIFO or device is there (I4); written in memory, then
    // as a new file renamed into place.
    if (const std::string why = outputRefusal(path.toStdString()); !why.empty()) {
        result.error = QString::fromStdString(why);
        return result;
    }
    QByteArray pdf;
    QBuffer file(&pdf);
    file.open(QIODevice::WriteOnly);
    QPdfWriter writer(&file);
    writer.setResolution(kDpi);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                     QMarginsF(12, 10, 12, 10), QPageLayout::Millimeter));
    writer.setTitle(reportTitle());
    writer.setCreator(QStringLiteral("TorchPilot " TORCHPILOT_VERSION));

    // Painter coordinates start at the paint rectangle (inside the margins).
    const QRectF page(QPointF(0, 0), QSizeF(writer.pageLayout().paintRectPixels(kDpi).size()));
    const double band = px(22);
    const QSizeF body(page.width(), page.height() - 2 * band);

    ReportDocument doc; // loads no file or other resource the HTML might name
    doc.documentLayout()->setPaintDevice(&writer);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9);
    doc.setDefaultFont(noLigatures(font));
    doc.setDocumentMargin(0);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere); // long run keys wrap, never clip
    doc.setDefaultTextOption(option);
    doc.setDefaultStyleSheet(styleSheet());
    // Appendix run keys on one line: the width of their column, less padding and borders.
    QFont cellFont(font);
    cellFont.setPointSizeF(kAppendixFontPoints);
    const QFontMetricsF cellMetrics(noLigatures(cellFont), &writer);
    const double keyWidth = body.width() * kAppendixKeyPercent / 100.0 - px(3) * 2 - px(4);
    doc.setHtml(html(data, locale, [&](const QString &key) {
        return cellMetrics.elidedText(key, Qt::ElideMiddle, keyWidth);
    }));
    ReportChartObjects charts(chartPictures);
    charts.install(&doc, body.width() * 0.96);
    // Paginate last: setting the page size lays the whole document out again (an edit only
    // relays out lazily around the changed text).
    doc.setPageSize(body);
    paginate(doc, body.height());

    const int pages = doc.pageCount();
    const QString left = tr("%1 — %2").arg(reportTitle(), workloadsText(data));
    const QString right =
        tr("evidence %1").arg(QString::fromStdString(data.review.evidenceHash.substr(0, 12)));
    QPainter p;
    if (!p.begin(&writer)) {
        result.error = tr("cannot write '%1': the PDF could not be started").arg(path);
        return result;
    }
    QAbstractTextDocumentLayout::PaintContext ctx;
    ctx.palette.setColor(QPalette::Text, Qt::black);
    for (int i = 0; i < pages; ++i) {
        if (i > 0)
            writer.newPage();
        drawHeaderFooter(p, page, band, i + 1, pages, left, right);
        p.save();
        p.translate(0, band - i * body.height());
        const QRectF pageRect(0, i * body.height(), body.width(), body.height());
        p.setClipRect(pageRect);
        // The layout draws every block touching ctx.clip: inset it, so the heading that opens the
        // next page (its top exactly on this page's bottom) is not written here as hidden text.
        ctx.clip = pageRect.adjusted(0, 1, 0, -1);
        doc.documentLayout()->draw(&p, ctx);
        p.restore();
    }
    p.end();
    file.close();
    try {
        writeOutputFile(path.toStdString(), std::string_view(pdf.constData(), pdf.size()));
    } catch (const OutputError &e) {
        result.error = QString::fromStdString(e.what());
        return result;
    }
    result.ok = true;
    result.pages = pages;
    return result;
}

} // namespace tp
