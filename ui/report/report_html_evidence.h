#pragma once
// The evidence half of the report (report_html_evidence.cpp): the panels per side, the chart
// pages and the precision verdicts.
#include "report_data.h"
#include "report_format.h"

#include <QLocale>

namespace tp::report
{

Html panelsHtml(const ReportData &d, const QLocale &locale);
// Charts 0..3: cold-vs-warm current path, candidate; latency current path, candidate (when the
// side has a chart run; see ReportCharts).
Html chartsHtml(const ReportData &d, const QLocale &locale);
Html precisionHtml(const ReportData &d, const QLocale &locale);

} // namespace tp::report
