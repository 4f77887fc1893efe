#pragma once
// The report's batch job section (report_html_batch.cpp, issue 43): the pilot's batch job, its
// deadline verdict, and each side's end-to-end breakdown.
#include "report_data.h"
#include "report_format.h"

#include <QLocale>

namespace tp::report
{

// In the report it follows the charts, before the break-even table.
Html batchJobHtml(const ReportData &d, const QLocale &locale);

} // namespace tp::report
