#pragma once
// The decision half of the report (report_html_decision.cpp): cover, gate table, changes since the
// last review; the document's style sheet, title and chart placeholders.
#include "report_data.h"
#include "report_format.h"

#include <QLocale>
#include <QString>

namespace tp::report
{

// The document's default style sheet (fonts, headings, muted text).
QString styleSheet();
// The text the renderer looks for to insert chart `index` (its own paragraph), and the name of
// the anchor around it: text from the data that happens to read the same is never taken for it.
QString chartPlaceholder(int index);
QString chartAnchor(int index);
// The report's title, also in every page header. Text, not HTML.
QString reportTitle();
QString workloadsText(const ReportData &d);

Html coverHtml(const ReportData &d, const QLocale &locale);
Html gatesHtml(const ReportData &d, const QLocale &locale);
Html changesHtml(const ReportData &d, const QLocale &locale);

} // namespace tp::report
