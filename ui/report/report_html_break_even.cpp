// The report's compile-cost break-even section: the same rows as the Charts page's table.
#include "report_html_break_even.h"

#include "report_format.h"
#include "report_html.h"
#include "ui/charts/break_even_table.h"
#include "ui/format.h"

namespace tp::report
{

Html breakEvenHtml(const ReportData &d, const QLocale &locale)
{
    Html h = markup(QStringLiteral("<h2>%1</h2><p>%2</p>"))
                 .arg(ReportHtml::tr("Compile cost break-even"),
                      ReportHtml::tr("For each shape both sides measured: the candidate's "
                                     "extra first call (compilation) over the current path's, "
                                     "and after how many calls its steady state pays it back. "
                                     "Medians over the valid runs of each side."));
    if (d.breakEven.empty())
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("No shape was measured on both sides yet."));
    HtmlTable t({{ReportHtml::tr("Workload and shape"), 22},
                 {ReportHtml::tr("Candidate"), 14},
                 {ReportHtml::tr("First call: current · candidate"), 22, true},
                 {ReportHtml::tr("Extra"), 10, true},
                 {ReportHtml::tr("Steady: current · candidate"), 18, true},
                 {ReportHtml::tr("Paid back"), 14, true}});
    for (const BreakEvenRow &r : d.breakEven) {
        QString calls = BreakEvenTable::callsText(r.calls);
        if (r.calls && *r.calls > 0)
            calls = ReportHtml::tr("after %1 calls").arg(locale.toString(*r.calls));
        t.row({esc(BreakEvenTable::shapeText(r)),
               esc((fmt::fromStd(r.mode) + QLatin1Char(' ') + fmt::fromStd(r.dtype)).trimmed()),
               markup(QStringLiteral("%1 · %2"))
                   .arg(fmt::duration(r.baselineFirstCall), fmt::duration(r.candidateFirstCall)),
               esc(fmt::duration(r.extraFirstCall())),
               markup(QStringLiteral("%1 · %2"))
                   .arg(fmt::duration(r.baselineSteady), fmt::duration(r.candidateSteady)),
               r.calls
                   ? esc(calls)
                   : markup(QStringLiteral("<span style=\"color:#ef6c00\">%1</span>")).arg(calls)});
    }
    return h + t.html();
}

} // namespace tp::report
