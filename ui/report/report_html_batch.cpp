// The report's batch job section (the article's nightly embedding job, sections 5 and 9): what
// the pilot's batch job is (catalog, window, frozen sample, quality target), the performance
// gate's deadline verdict with each side's projection, and where each side's executions spent
// their time end to end, part by part: the Panels page's breakdown, per side.
#include "report_html_batch.h"

#include "frontend/model_text_tr.h"
#include "report_format.h"
#include "report_html.h"
#include "ui/charts/end_to_end_chart.h"
#include "ui/format.h"

namespace tp::report
{

namespace
{

Html partCell(double seconds, double wall, const QLocale &locale)
{
    if (wall <= 0)
        return markup(QStringLiteral("—"));
    return markup(QStringLiteral("%1 (%2 %)"))
        .arg(fmt::duration(seconds), locale.toString(100 * seconds / wall, 'f', 1));
}

Html batchJobFacts(const PilotDefinition &p, const QLocale &locale)
{
    const BatchJob &b = p.batchJob;
    HtmlTable t({{ReportHtml::tr("Batch job"), 30}, {ReportHtml::tr("Stated by the pilot"), 70}});
    t.row({esc(ReportHtml::tr("Catalog")),
           b.catalogItems > 0 ? esc(ReportHtml::tr("%1 items").arg(locale.toString(b.catalogItems)))
                              : esc(ReportHtml::tr("not stated"))});
    t.row({esc(ReportHtml::tr("Window")), b.windowSeconds > 0
                                              ? esc(hours(b.windowSeconds / 3600.0, locale))
                                              : esc(ReportHtml::tr("not stated"))});
    QString sample = ReportHtml::tr("not stated");
    if (!b.sampleFile.empty())
        sample =
            ReportHtml::tr("file %1, tensor %2, sha256 %3")
                .arg(fmt::fromStd(b.sampleFile),
                     b.sampleTensor.empty() ? QStringLiteral("—") : fmt::fromStd(b.sampleTensor),
                     b.sampleHash.empty() ? QStringLiteral("—") : fmt::fromStd(b.sampleHash));
    else if (b.sampleItems > 0)
        sample = ReportHtml::tr("%1 items generated from seed %2")
                     .arg(locale.toString(b.sampleItems), locale.toString(b.sampleSeed));
    t.row({esc(ReportHtml::tr("Frozen sample")), esc(sample)});
    if (p.qualityKind == kRecallQuality)
        t.row({esc(ReportHtml::tr("Quality")),
               esc(ReportHtml::tr("retrieval recall@%1 against the baseline, mean at least %2")
                       .arg(locale.toString(p.qualityK), locale.toString(p.qualityTarget)))});
    return t.html();
}

} // namespace

Html batchJobHtml(const ReportData &d, const QLocale &locale)
{
    Html h = markup(QStringLiteral("<h2>%1</h2><p>%2</p>"))
                 .arg(ReportHtml::tr("Batch job and end-to-end time"),
                      ReportHtml::tr(
                          "Where each side's executions spent their time: waiting for capacity, "
                          "attempts lost (runs repeated because they were not valid evidence), "
                          "preparation, compile, warm-up, steady compute and checkpoints, each "
                          "timed apart; other is the rest of the wall clock. Summed over the "
                          "executions the gate definitions select for the side."));
    const PilotDefinition &pilot = d.review.pilot;
    if (pilot.batchJob.any()) {
        h += batchJobFacts(pilot, locale);
        for (const GateResult &g : d.review.report.gates)
            for (const CriterionResult &c : g.criteria)
                if (c.id == "batch_deadline_met")
                    h += markup(QStringLiteral("<p><b>%1</b>: %2 — %3</p>"))
                             .arg(esc(criterionName(c.id)), verdictHtml(c.verdict),
                                  esc(trModelText(c.detail, locale)));
    }
    const EndToEndGroup base = sumGroups(d.baseline.panels.endToEnd),
                        cand = sumGroups(d.candidate.panels.endToEnd);
    if (base.executions == 0 && cand.executions == 0)
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("No execution of either side has a wall clock yet."));
    HtmlTable t({{ReportHtml::tr("Part"), 30},
                 {trModelText(d.baseline.label, locale), 35, true},
                 {trModelText(d.candidate.label, locale), 35, true}});
    for (BreakdownPart part : breakdownParts()) {
        if (base.total.part(part) <= 0 && cand.total.part(part) <= 0)
            continue; // a part neither side has (no queue, no checkpoint): not a row of zeros
        const Html name = markup(QStringLiteral("<span style=\"color:%1\">■</span> %2"))
                              .arg(esc(EndToEndChart::partColor(part).name()),
                                   esc(EndToEndChart::partName(part)));
        t.row({name, partCell(base.total.part(part), base.total.wall, locale),
               partCell(cand.total.part(part), cand.total.wall, locale)});
    }
    const auto total = [&](const EndToEndGroup &g) {
        return g.executions == 0
                   ? markup(QStringLiteral("—"))
                   : esc(ReportHtml::tr("%1 in %2 execution(s), %3 attempt(s) lost; runs %4")
                             .arg(fmt::duration(g.total.wall), locale.toString(g.executions),
                                  locale.toString(g.total.attemptsLost), idRanges(g.runIds)));
    };
    t.row({esc(ReportHtml::tr("Wall time")), total(base), total(cand)}, QStringLiteral("#f5f5f5"));
    return h + t.html();
}

} // namespace tp::report
