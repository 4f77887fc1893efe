#pragma once
// Renders a ReportData as an A4 PDF: one QTextDocument (HTML sections of report_html.h, charts as
// vector objects of ReportCharts; a ReportDocument, which loads no file or other resource the HTML
// might name) laid out against the PDF writer itself and painted page by page with a header and
// "Page N of M" footer. The file is written through QSaveFile: on any failure nothing is left at
// the destination. Only recording the charts needs the GUI thread: the layout and the PDF can be
// made on a worker.
#include <QCoreApplication>
#include <QLocale>
#include <QPicture>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace tp
{

struct ReportData;

class ReportRenderer
{
    Q_DECLARE_TR_FUNCTIONS(ReportRenderer)
public:
    struct Result {
        bool ok = false;
        int pages = 0;
        QString error; // translated, names the file
    };

    // `locale` formats numbers and dates (the text language is the installed translator's).
    // Renders the charts first: GUI thread only.
    static Result writePdf(const ReportData &data, const QString &path, const QLocale &locale);
    // With charts already recorded (renderReportCharts(), on the GUI thread): any thread.
    static Result writePdf(const ReportData &data, const std::vector<QPicture> &charts,
                           const QString &path, const QLocale &locale);

    // The whole report as HTML with chart placeholders; `fitKey` shortens appendix run keys.
    static QString html(const ReportData &data, const QLocale &locale,
                        const std::function<QString(const QString &)> &fitKey = {});
};

} // namespace tp
