#pragma once
// The report's sections as HTML for one QTextDocument, in report order. Sections that start a
// page begin with a page break; charts are placeholders (chartPlaceholder(i)) that the renderer
// replaces with vector chart objects. All text goes through tr(); numbers and dates use `locale`.
// Sections are Html (report_format.h): every value from the database is escaped on its way in.
#include "report_html_appendix.h"
#include "report_html_batch.h"
#include "report_html_break_even.h"
#include "report_html_decision.h"
#include "report_html_evidence.h"
#include "report_html_profile.h"
#include "report_html_serving.h"

#include <QCoreApplication>

namespace tp::report
{

// The tr() context of the sections' text (ReportHtml::tr in report_html_*.cpp).
struct ReportHtml {
    Q_DECLARE_TR_FUNCTIONS(ReportHtml)
};

} // namespace tp::report
