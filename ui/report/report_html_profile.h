#pragma once
// The report's "where the time goes" section (report_html_profile.cpp): for each side, the top
// operators of its profiled run by self time per call, the host<->device copies per call and
// where the trace file is; a side without a profile says how to collect one.
#include "report_data.h"
#include "report_format.h"

#include <QLocale>

namespace tp::report
{

// Operators listed per side (the run details show them all).
inline constexpr std::size_t kReportProfileOps = 8;

Html profileHtml(const ReportData &d, const QLocale &locale);

} // namespace tp::report
