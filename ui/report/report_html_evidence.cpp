// The evidence half of the report: the three panels per side, the chart pages and the precision
// verdicts.
#include "report_html_evidence.h"

#include "frontend/model_text_tr.h"
#include "report_format.h"
#include "report_html.h"
#include "ui/format.h"

#include <QStringList>

#include <array>

namespace tp::report
{

namespace
{
using State = PanelFigure::State;
using Unit = PanelFigure::Unit;

Html figureValue(const PanelFigure &f, const std::optional<CostModel> &cost, const QLocale &locale)
{
    switch (f.state) {
    case State::Value:
        break;
    case State::NoData:
        return esc(ReportHtml::tr("no data"));
    case State::NotConfigured:
        return esc(ReportHtml::tr("not configured"));
    case State::NotMeasured:
        return esc(ReportHtml::tr("not measured"));
    case State::NotMeasuredCpu:
        return esc(ReportHtml::tr("not measured (CPU)"));
    case State::NotApplicable:
        return esc(ReportHtml::tr("not applicable for local runs"));
    }
    const double v = f.value.value_or(0.0);
    QString value;
    switch (f.unit) {
    case Unit::Runs:
        value = locale.toString(qlonglong(v));
        if (f.outOf)
            return markup(ReportHtml::tr("<b>%1</b> of %2 runs"))
                .arg(value, locale.toString(*f.outOf));
        return markup(ReportHtml::tr("<b>%1</b> extra execution(s)")).arg(value);
    case Unit::Seconds:
        value = fmt::duration(v);
        break;
    case Unit::SamplesPerSecond:
        return markup(ReportHtml::tr("<b>%1</b> samples/s")).arg(fmt::throughput(v));
    case Unit::Bytes:
        value = locale.formattedDataSize(qint64(v));
        break;
    case Unit::Cores:
        return markup(ReportHtml::tr("<b>%1 %</b> of one core")).arg(fmt::number3(v * 100.0));
    case Unit::Cost:
        // The currency is data: money() is text, escaped by arg().
        return markup(ReportHtml::tr("<b>%1</b> per useful result"))
            .arg(money(v, cost ? cost->currency : std::string(), locale));
    }
    return markup(QStringLiteral("<b>%1</b>")).arg(value);
}

Html figureCell(const PanelFigure &f, const std::optional<CostModel> &cost, const QLocale &locale)
{
    Html h = figureValue(f, cost, locale);
    QString small = trModelText(f.note, locale); // text: a note may quote a cost model's name
    if (!f.runIds.empty())
        small += (small.isEmpty() ? QString() : QStringLiteral(" · ")) +
                 ReportHtml::tr("runs %1").arg(idRanges(f.runIds));
    if (!small.isEmpty())
        h += markup(QStringLiteral("<br/><span class=\"small\">%1</span>")).arg(small);
    return h;
}

using Getter = const PanelFigure &(*)(const PanelFigures &);
} // namespace

Html panelsHtml(const ReportData &d, const QLocale &locale)
{
    Html h =
        markup(QStringLiteral("<h1 style=\"page-break-before:always\">%1</h1><p>%2</p>"))
            .arg(ReportHtml::tr("The three panels"),
                 ReportHtml::tr(
                     "Business, application and infrastructure figures of each side, over every "
                     "run the gate definitions select for it (valid or not)."));
    struct Row {
        QString name;
        Getter get;
    };
    const std::array<std::pair<QString, std::vector<Row>>, 3> panels = {{
        {ReportHtml::tr("Business"),
         {{ReportHtml::tr("Completed runs"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.business.completed; }},
          {ReportHtml::tr("Within deadline"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.business.withinDeadline; }},
          {ReportHtml::tr("Meeting the quality contract"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.business.meetingContract; }},
          {ReportHtml::tr("Cost per useful result"),
           [](const PanelFigures &p) -> const PanelFigure & {
               return p.business.costPerUsefulResult;
           }}}},
        {ReportHtml::tr("Application"),
         {{ReportHtml::tr("Latency p50"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.latencyP50; }},
          {ReportHtml::tr("Latency p90"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.latencyP90; }},
          {ReportHtml::tr("Latency p99"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.latencyP99; }},
          {ReportHtml::tr("Median of run p99"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.medianRunP99; }},
          {ReportHtml::tr("Throughput"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.throughput; }},
          {ReportHtml::tr("Throughput within the SLO"),
           [](const PanelFigures &p) -> const PanelFigure & {
               return p.application.throughputWithinSlo;
           }},
          {ReportHtml::tr("Errors"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.errors; }},
          {ReportHtml::tr("Queue wait"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.queueWait; }},
          {ReportHtml::tr("Time without progress"),
           [](const PanelFigures &p) -> const PanelFigure & {
               return p.application.timeWithoutProgress;
           }},
          {ReportHtml::tr("Host → device copy per batch"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.application.hostToDevice; }},
          {ReportHtml::tr("Device → host copy per batch"),
           [](const PanelFigures &p) -> const PanelFigure & {
               return p.application.deviceToHost;
           }}}},
        {ReportHtml::tr("Infrastructure"),
         {{ReportHtml::tr("CPU time"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.infrastructure.cpuTime; }},
          {ReportHtml::tr("CPU utilisation"),
           [](const PanelFigures &p) -> const PanelFigure & {
               return p.infrastructure.cpuUtilisation;
           }},
          {ReportHtml::tr("Peak RAM"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.infrastructure.peakRam; }},
          {ReportHtml::tr("Restarts / retries"),
           [](const PanelFigures &p) -> const PanelFigure & { return p.infrastructure.restarts; }},
          {ReportHtml::tr("Accelerator memory"),
           [](const PanelFigures &p)
               -> const PanelFigure & { return p.infrastructure.acceleratorMemory; }},
          {ReportHtml::tr("Capacity wait"),
           [](const PanelFigures &p)
               -> const PanelFigure & { return p.infrastructure.capacityWait; }}}},
    }};
    for (const auto &[title, rows] : panels) {
        h += markup(QStringLiteral("<h2>%1</h2>")).arg(title);
        HtmlTable t({{ReportHtml::tr("Figure"), 20},
                     {trModelText(d.baseline.label, locale), 40},
                     {trModelText(d.candidate.label, locale), 40}});
        for (const Row &row : rows)
            t.row({esc(row.name),
                   figureCell(row.get(d.baseline.panels), d.baseline.costModel, locale),
                   figureCell(row.get(d.candidate.panels), d.candidate.costModel, locale)});
        h += t.html();
    }
    return h;
}

Html chartsHtml(const ReportData &d, const QLocale &locale)
{
    const ReportSide *sides[] = {&d.baseline, &d.candidate};
    auto caption = [&](const ReportSide &s, const QString &sideName) {
        const RunRecord &r = *s.chartRun;
        return markup(QStringLiteral("<p><b>%1</b> <span class=\"muted\">(%2)</span> — %3 <span "
                                     "class=\"muted\">(%4)</span></p>"))
            .arg(sideName, trModelText(s.label, locale),
                 markup(ReportHtml::tr("run %1, %2")).arg(r.id, r.runKey),
                 markup(ReportHtml::tr("%1 · %2 · %3 · %n steady sample(s)", nullptr,
                                       int(s.latency.steadyCount)))
                     .arg(r.mode, r.dtype, fmt::statusLabel(r.status)));
    };
    const QString names[] = {ReportHtml::tr("Current path"), ReportHtml::tr("Candidate")};
    Html h;
    const QString titles[] = {ReportHtml::tr("Cold start vs warm state"),
                              ReportHtml::tr("Steady-state latency")};
    const QString intros[] = {
        ReportHtml::tr(
            "The first call (cold: compilation, allocation, caches) against the warmup and "
            "steady-state "
            "time per batch of each side's newest valid run. Log scale: the first call is often "
            "100–1000× a steady batch."),
        ReportHtml::tr(
            "Distribution of the steady-state time per batch of the same runs, with the p50, p90 "
            "and p99 markers the SLO is judged on.")};
    for (int page = 0; page < 2; ++page) {
        h += markup(QStringLiteral("<h1 style=\"page-break-before:always\">%1</h1><p>%2</p>"))
                 .arg(titles[page], intros[page]);
        for (int side = 0; side < 2; ++side) {
            if (!sides[side]->chartRun) {
                h += markup(QStringLiteral("<p><b>%1</b> — %2</p>"))
                         .arg(names[side], ReportHtml::tr("no run on this side."));
                continue;
            }
            h += caption(*sides[side], names[side]);
            const int chart = page * 2 + side;
            h += markup(QStringLiteral("<p align=\"center\"><a name=\"%1\">%2</a></p>"))
                     .arg(chartAnchor(chart), chartPlaceholder(chart));
        }
    }
    return h;
}

Html precisionHtml(const ReportData &d, const QLocale &locale)
{
    Html h = markup(QStringLiteral("<h1 style=\"page-break-before:always\">%1</h1><p>%2</p>"))
                 .arg(ReportHtml::tr("Precision verdicts"),
                      ReportHtml::tr("Each checked run against the reference its policy "
                                     "names, on identical weights and inputs, with that "
                                     "policy's tolerances: the float32 eager reference by "
                                     "default, or an eager reference in the run's own dtype "
                                     "(bfloat16 against bfloat16, as TorchTPU's parity guide "
                                     "compares); each row says which. Under "
                                     "the mode: the precision float32 matmuls ran at "
                                     "(highest is full float32; TF32 and TorchTPU's default "
                                     "bf16 passes are lower)."));
    for (const GateResult &g : d.review.report.gates)
        for (const CriterionResult &c : g.criteria)
            if (c.id == "precision_within_policy" || c.id == "loss_curve_within_tolerance" ||
                c.id == "outputs_finite")
                h += markup(QStringLiteral("<p>%1: %2 — %3</p>"))
                         .arg(criterionName(c.id), verdictHtml(c.verdict),
                              trModelText(c.detail, locale));
    if (d.precision.empty())
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("No run recorded a precision verdict."));
    // Widths leave room for the longest translated headers ("Desvio", "aprovado"): a word
    // never breaks inside a cell.
    HtmlTable t({{QStringLiteral("#"), 5, true},
                 {ReportHtml::tr("Run key"), 20},
                 {ReportHtml::tr("Mode · dtype"), 13},
                 {ReportHtml::tr("Policy · reference"), 14},
                 {ReportHtml::tr("Verdict"), 12},
                 {ReportHtml::tr("Max abs / rel error"), 14, true},
                 {ReportHtml::tr("Cosine"), 11, true},
                 {ReportHtml::tr("Mismatch"), 11, true}});
    auto sci = [&](std::optional<double> v) {
        return v ? locale.toString(*v, 'g', 3) : QStringLiteral("—");
    };
    for (const PrecisionRow &p : d.precision) {
        Html key = esc(p.runKey);
        if (!p.reasons.empty()) {
            QStringList reasons;
            for (const Message &r : p.reasons)
                reasons << trModelText(r, locale);
            key += markup(QStringLiteral("<br/><span class=\"small\">%1</span>"))
                       .arg(reasons.join(QStringLiteral("; ")));
        }
        const Verdict v = p.verdict == "pass"   ? Verdict::Pass
                          : p.verdict == "fail" ? Verdict::Fail
                                                : Verdict::Insufficient;
        Html policy = esc(p.policy);
        if (!p.reference.empty())
            policy +=
                markup(QStringLiteral("<br/>")) + markup(ReportHtml::tr("vs %1")).arg(p.reference);
        Html modeDtype = markup(QStringLiteral("%1 · %2")).arg(p.mode, p.dtype);
        if (!p.matmulPrecision.empty())
            modeDtype += markup(QStringLiteral("<br/><span class=\"small\">%1</span>"))
                             .arg(markup(ReportHtml::tr("matmul %1")).arg(p.matmulPrecision));
        t.row({esc(QString::number(p.runId)), key, modeDtype, policy, verdictHtml(v),
               markup(QStringLiteral("%1 / %2")).arg(sci(p.maxAbsError), sci(p.maxRelError)),
               esc(p.cosine ? locale.toString(*p.cosine, 'f', 5) : QStringLiteral("—")),
               esc(p.mismatchPercent
                       ? ReportHtml::tr("%1 %").arg(locale.toString(*p.mismatchPercent, 'f', 2))
                       : QStringLiteral("—"))});
    }
    return h + t.html();
}

} // namespace tp::report
