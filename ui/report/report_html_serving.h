#pragma once
// The report's "Throughput within the SLO" section (report_html_serving.cpp).
#include "report_data.h"
#include "report_format.h"

#include <QLocale>

namespace tp::report
{

// Each side's server-scenario probes (the latency–throughput curve as a table), its peak within
// the SLO and the performance gate's throughput_within_slo; after the break-even section.
Html servingHtml(const ReportData &d, const QLocale &locale);
// The indexes of its charts among renderReportCharts()'s: the curve, and queue wait against
// compute time.
inline constexpr int kServingChart = 4;
inline constexpr int kServingQueueChart = 5;

} // namespace tp::report
