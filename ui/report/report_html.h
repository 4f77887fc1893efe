#pragma once
// The report's sections as HTML for one QTextDocument, in report order. Sections that start a
// page begin with a page break; charts are placeholders (chartPlaceholder(i)) that the renderer
// replaces with vector chart objects. All text goes through tr(); numbers and dates use `locale`.
#include "report_data.h"

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
// The text the renderer looks for to insert chart `index` (its own paragraph).
QString chartPlaceholder(int index);
// The report's title, also in every page header.
QString reportTitle();
QString workloadsText(const ReportData &d);

// report_html_decision.cpp
QString coverHtml(const ReportData &d, const QLocale &locale);
QString gatesHtml(const ReportData &d, const QLocale &locale);
QString changesHtml(const ReportData &d, const QLocale &locale);
// report_html_evidence.cpp
QString panelsHtml(const ReportData &d, const QLocale &locale);
// Charts 0..3: cold-vs-warm current path, candidate; latency current path, candidate (when the
// side has a chart run; see ReportCharts).
QString chartsHtml(const ReportData &d, const QLocale &locale);
QString precisionHtml(const ReportData &d, const QLocale &locale);
// report_html_break_even.cpp: follows the charts, before the precision verdicts.
QString breakEvenHtml(const ReportData &d, const QLocale &locale);
// report_html_appendix.cpp
QString costHtml(const ReportData &d, const QLocale &locale);
QString environmentHtml(const ReportData &d, const QLocale &locale);
// The appendix's run key column (percent of the text width) and its font size.
inline constexpr int kAppendixKeyPercent = 26;
inline constexpr double kAppendixFontPoints = 7.5;
// `fitKey` shortens a run key to one line of its column (the renderer measures it); one-line
// rows keep the longest table free of rows broken over two pages.
QString appendixHtml(const ReportData &d, const QLocale &locale,
                     const std::function<QString(const QString &)> &fitKey = {});
// The runner summaries that disagree with the store's figures (part of the appendix).
QString witnessHtml(const ReportData &d);

} // namespace tp::report
