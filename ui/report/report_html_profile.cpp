#include "report_html_profile.h"

#include "frontend/model_text_tr.h"
#include "report_html.h"
#include "ui/format.h"

namespace tp::report
{
namespace
{

QString copiesText(const RunProfile &p, const QLocale &locale)
{
    QStringList parts;
    for (const auto &[name, n] : p.copiesByOp)
        if (n > 0)
            parts << QStringLiteral("%1 ×%2").arg(fmt::fromStd(name), locale.toString(n));
    const QString perCall = locale.toString(p.copiesPerCall.value_or(0), 'g', 3);
    return parts.isEmpty()
               ? perCall
               : QStringLiteral("%1 (%2)").arg(perCall, parts.join(QStringLiteral(", ")));
}

Html sideHtml(const ReportSide &s, const QLocale &locale)
{
    Html h = markup(QStringLiteral("<h3>%1</h3>")).arg(esc(trModelText(s.label, locale)));
    if (!s.profile)
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("Not profiled: run this side with --profile-steps N "
                                           "(a pilot: its Profile steps option) to see where its "
                                           "time goes."));
    const RunProfile &p = *s.profile;
    if (!p.error.empty())
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("Run #%1: the profile could not be read: %2")
                                .arg(p.runId)
                                .arg(fmt::fromStd(p.error)));
    const int steps = std::max(1, p.steps);
    double selfSum = 0;
    for (const ProfileOp &op : p.ops)
        selfSum += op.selfSeconds;
    h += markup(QStringLiteral("<p>%1</p>"))
             .arg(ReportHtml::tr("Run #%1: %2 call(s) profiled with %3 after the steady phase. "
                                 "Host↔device copy operators per call: %4.")
                      .arg(p.runId)
                      .arg(p.steps)
                      .arg(fmt::fromStd(p.tool), copiesText(p, locale)));
    HtmlTable t({{ReportHtml::tr("Operator"), 40},
                 {ReportHtml::tr("Device"), 10},
                 {ReportHtml::tr("Calls per call"), 14, true},
                 {ReportHtml::tr("Self per call"), 14, true},
                 {ReportHtml::tr("Total per call"), 12, true},
                 {ReportHtml::tr("Share"), 10, true}});
    for (std::size_t i = 0; i < p.ops.size() && i < kReportProfileOps; ++i) {
        const ProfileOp &op = p.ops[i];
        t.row({esc(fmt::fromStd(op.name)), esc(fmt::fromStd(op.device)),
               esc(locale.toString(double(op.calls) / steps, 'g', 3)),
               esc(fmt::duration(op.selfSeconds / steps)),
               esc(fmt::duration(op.totalSeconds / steps)),
               esc(selfSum > 0 ? locale.toString(100.0 * op.selfSeconds / selfSum, 'f', 1) +
                                     QLatin1Char('%')
                               : QStringLiteral("—"))});
    }
    h += t.html();
    if (!p.tracePath.empty())
        h += markup(QStringLiteral("<p>%1</p>"))
                 .arg(ReportHtml::tr("Trace (%1, %2): %3")
                          .arg(fmt::fromStd(p.traceFormat),
                               locale.formattedDataSize(p.traceBytes.value_or(0)),
                               fmt::fromStd(p.tracePath)));
    return h;
}

} // namespace

Html profileHtml(const ReportData &d, const QLocale &locale)
{
    const Html h =
        markup(QStringLiteral("<h2>%1</h2><p>%2</p>"))
            .arg(ReportHtml::tr("Where the time goes"),
                 ReportHtml::tr("A short profiler capture of each side, taken after its timed "
                                "samples (no sample carries profiler overhead). Copy operators "
                                "(aten::copy_, aten::_to_copy) beyond the current path's are "
                                "host round-trips: operators that fell back to the CPU."));
    return h + sideHtml(d.baseline, locale) + sideHtml(d.candidate, locale);
}

} // namespace tp::report
