#pragma once
// The report's sections as HTML for one QTextDocument, in report order. Sections that start a
// page begin with a page break; charts are placeholders (chartPlaceholder(i)) that the renderer
// replaces with vector chart objects. All text goes through tr(); numbers and dates use `locale`.
// Sections are Html (report_format.h): every value from the database is escaped on its way in.
#include "report_data.h"
#include "report_format.h"

#include <QCoreApplication>
#include <QLocale>
#include <QString>

#include <functional>

namespace tp::report
{

struct ReportHtml {
    Q_DECLARE_TR_FUNCTIONS(ReportHtml)
};

// The document's default style sheet (fonts, headings, muted text).
QString styleSheet();
// The text the renderer looks for to insert chart `index` (its own paragraph), and the name of
// the anchor around it: text from the data that happens to read the same is never taken for it.
QString chartPlaceholder(int index);
QString chartAnchor(int index);
// The report's title, also in every page header. Text, not HTML.
QString reportTitle();
QString workloadsText(const ReportData &d);

// report_html_decision.cpp
Html coverHtml(const ReportData &d, const QLocale &locale);
Html gatesHtml(const ReportData &d, const QLocale &locale);
Html changesHtml(const ReportData &d, const QLocale &locale);
// report_html_evidence.cpp
Html panelsHtml(const ReportData &d, const QLocale &locale);
// Charts 0..3: cold-vs-warm current path, candidate; latency current path, candidate (when the
// side has a chart run; see ReportCharts).
Html chartsHtml(const ReportData &d, const QLocale &locale);
Html precisionHtml(const ReportData &d, const QLocale &locale);
// report_html_break_even.cpp: follows the charts, before the precision verdicts.
Html breakEvenHtml(const ReportData &d, const QLocale &locale);
// report_html_appendix.cpp
Html costHtml(const ReportData &d, const QLocale &locale);
Html environmentHtml(const ReportData &d, const QLocale &locale);
// The appendix's run key column (percent of the text width) and its font size.
inline constexpr int kAppendixKeyPercent = 26;
inline constexpr double kAppendixFontPoints = 7.5;
// `fitKey` shortens a run key to one line of its column (the renderer measures it); one-line
// rows keep the longest table free of rows broken over two pages.
Html appendixHtml(const ReportData &d, const QLocale &locale,
                  const std::function<QString(const QString &)> &fitKey = {});
// The runner summaries that disagree with the store's figures (part of the appendix).
Html witnessHtml(const ReportData &d);

} // namespace tp::report
