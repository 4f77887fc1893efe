// The report's "Throughput within the SLO" section: the article's inference contract (section 5:
// throughput inside the SLO, latency percentiles and failures) as each side measured it with
// open-loop server-scenario runs, and what the performance gate concluded from them.
#include "report_html_serving.h"

#include "frontend/model_text_tr.h"
#include "report_format.h"
#include "report_html.h"
#include "ui/format.h"

namespace tp::report
{
namespace
{

Html sideTable(const ReportSide &side, const QLocale &locale)
{
    const ServingCurve &c = side.serving;
    Html h = markup(QStringLiteral("<h3>%1</h3>")).arg(esc(trModelText(side.label, locale)));
    if (c.points.empty())
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("No server-scenario run yet: run the pilot's serving "
                                           "step or 'torchpilot peak'."));
    if (c.peakQps)
        h += markup(QStringLiteral("<p>%1</p>"))
                 .arg(esc((c.generatorBound
                               ? ReportHtml::tr("Peak within the SLO: at least %1 QPS (run %2); "
                                                "a higher rate could not be issued on time by "
                                                "this machine's load generator.")
                               : ReportHtml::tr("Peak within the SLO: %1 QPS (run %2)."))
                              .arg(locale.toString(*c.peakQps, 'g', 6))
                              .arg(c.peakRunId)));
    else
        h += markup(QStringLiteral("<p>%1</p>"))
                 .arg(ReportHtml::tr("No probe kept the SLO with failures within the allowed "
                                     "share."));
    HtmlTable t({{ReportHtml::tr("Run"), 10, true},
                 {ReportHtml::tr("Target QPS"), 11, true},
                 {ReportHtml::tr("Completed/s"), 12, true},
                 {ReportHtml::tr("Max batch"), 9, true},
                 {ReportHtml::tr("p50"), 9, true},
                 {ReportHtml::tr("p99, failures last"), 13, true},
                 {ReportHtml::tr("Failed"), 8, true},
                 {ReportHtml::tr("Queue · compute"), 16, true},
                 {ReportHtml::tr("Within the SLO"), 12}});
    for (const ServingPoint &p : c.points) {
        QString verdict = p.withinSlo ? ReportHtml::tr("yes")
                          : !p.valid  ? (p.generatorBehind ? ReportHtml::tr("generator late")
                                                           : ReportHtml::tr("not valid"))
                                      : ReportHtml::tr("no");
        const bool peak = c.peakQps && p.runId == c.peakRunId;
        t.row(
            {esc(QString::number(p.runId)), esc(locale.toString(p.targetQps, 'g', 6)),
             esc(locale.toString(p.completedQps, 'f', 1)), esc(locale.toString(p.maxBatch)),
             esc(fmt::duration(p.p50)),
             esc(p.sloLatency ? fmt::duration(*p.sloLatency) : ReportHtml::tr("failed")),
             esc(locale.toString(p.failureRate * 100, 'g', 3) + QLatin1Char('%')),
             markup(QStringLiteral("%1 · %2"))
                 .arg(fmt::duration(p.meanQueue), fmt::duration(p.meanCompute)),
             peak ? markup(QStringLiteral("<b>%1</b>")).arg(ReportHtml::tr("peak")) : esc(verdict)},
            peak ? QStringLiteral("#e8f5e9") : QString());
    }
    return h + t.html();
}

} // namespace

Html servingHtml(const ReportData &d, const QLocale &locale)
{
    const GateDefinitions &defs = d.review.definitions;
    Html h = markup(QStringLiteral("<h2>%1</h2><p>%2</p>"))
                 .arg(ReportHtml::tr("Throughput within the SLO"),
                      ReportHtml::tr("Open-loop server-scenario runs (MLPerf LoadGen): Poisson "
                                     "arrivals at a target rate, a queue and a dynamic batcher, "
                                     "each query's latency from its scheduled arrival. The SLO: "
                                     "p99 at most %1 with at most %2% of queries failed.")
                          .arg(fmt::duration(defs.sloP99Seconds),
                               locale.toString(defs.maxFailureRate * 100, 'g', 3)));
    for (const GateResult &g : d.review.report.gates)
        for (const CriterionResult &c : g.criteria)
            if (c.id == "throughput_within_slo")
                h += markup(QStringLiteral("<p><b>%1</b> %2</p>"))
                         .arg(esc(criterionName(c.id)), esc(trModelText(c.detail, locale)));
    if (!d.baseline.serving.points.empty() || !d.candidate.serving.points.empty())
        for (int chart : {kServingChart, kServingQueueChart})
            h += markup(QStringLiteral("<p align=\"center\"><a name=\"%1\">%2</a></p>"))
                     .arg(chartAnchor(chart), chartPlaceholder(chart));
    return h + sideTable(d.baseline, locale) + sideTable(d.candidate, locale);
}

} // namespace tp::report
