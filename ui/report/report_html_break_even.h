#pragma once
// The report's compile-cost break-even section (report_html_break_even.cpp).
#include "report_data.h"
#include "report_format.h"

#include <QLocale>

namespace tp::report
{

// The break-even table; in the report it follows the charts, before the precision verdicts.
Html breakEvenHtml(const ReportData &d, const QLocale &locale);

} // namespace tp::report
