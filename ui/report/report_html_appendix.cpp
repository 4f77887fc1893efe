// The closing sections of the report: cost with breakdown and ±25 % sensitivity, environment and
// versions, and the appendix listing every run.
#include "report_html_appendix.h"

#include "frontend/model_text_tr.h"
#include "model/judge/run_judge.h"
#include "report_format.h"
#include "report_html.h"
#include "ui/format.h"

#include <QStringList>

#include <algorithm>
#include <iterator>
#include <set>

namespace tp::report
{

namespace
{
QString costComponent(const std::string &c)
{
    if (c == "accelerator")
        return ReportHtml::tr("accelerator");
    if (c == "host")
        return ReportHtml::tr("host");
    if (c == "storage")
        return ReportHtml::tr("storage");
    if (c == "network")
        return ReportHtml::tr("network");
    if (c == "observability")
        return ReportHtml::tr("observability");
    if (c == "of which preparation")
        return ReportHtml::tr("of which preparation");
    if (c == "of which idle")
        return ReportHtml::tr("of which idle time");
    if (c == "of which compilation")
        return ReportHtml::tr("of which compilation");
    if (c == "of which lost attempts")
        return ReportHtml::tr("of which lost attempts");
    if (c == "of which spot overhead")
        return ReportHtml::tr("of which spot overhead");
    if (c == "all prices")
        return ReportHtml::tr("all prices together");
    return QString::fromStdString(c);
}

bool informative(const std::string &component)
{
    return component.rfind("of which", 0) == 0;
}

// The breakdown lines (or sensitivity rows) of both sides, in the order the cost model lists them.
std::vector<std::string> components(const ReportData &d, bool breakdown)
{
    std::vector<std::string> out;
    auto add = [&](const std::string &c) {
        if (std::find(out.begin(), out.end(), c) == out.end())
            out.push_back(c);
    };
    for (const ReportSide *s : {&d.baseline, &d.candidate}) {
        if (breakdown && s->cost)
            for (const CostLine &l : s->cost->breakdown)
                add(l.component);
        if (!breakdown)
            for (const SensitivityRow &r : s->sensitivity)
                add(r.component);
    }
    // Priced components first, then the informative "of which" lines.
    std::stable_partition(out.begin(), out.end(),
                          [](const std::string &c) { return !informative(c); });
    return out;
}

// One cell of the cost table. Figures are text (money() carries the currency, which is data).
Html sideCost(const ReportSide &s, const QLocale &locale, int what)
{
    if (!s.cost)
        return esc(what == 0 ? ReportHtml::tr("not configured") : QStringLiteral("—"));
    const CostResult &c = *s.cost;
    const std::string &cur = s.costModel->currency;
    switch (what) {
    case 0:
        return markup(QStringLiteral("%1 (%2)")).arg(s.costModel->name, cur);
    case 1:
        return markup(ReportHtml::tr("%1 per hour"))
            .arg(money(s.costModel->pricePerHour(), cur, locale));
    case 2:
        return esc(hours(c.runHours, locale));
    case 3:
        return esc(hours(c.compilationHours, locale));
    case 4:
        return esc(hours(c.lostAttemptHours, locale));
    case 5:
        return esc(hours(c.billedHours, locale));
    case 6:
        return esc(money(c.totalCost, cur, locale));
    case 7:
        return esc(locale.toString(c.usefulResults, 'f', 0));
    case 8:
        return markup(QStringLiteral("<b>%1</b>")).arg(money(c.costPerUsefulResult, cur, locale));
    case 9:
        return esc(money(c.amortizedMigrationPerResult, cur, locale));
    case 10:
        return c.spotNetSavings ? markup(ReportHtml::tr("%1 (on demand: %2)"))
                                      .arg(money(c.spotNetSavings, cur, locale),
                                           money(c.onDemandCost, cur, locale))
                                : esc(QStringLiteral("—"));
    case 11:
        return markup(ReportHtml::tr("useful: %1; lost: %2"))
            .arg(idRanges(c.usefulRunIds), idRanges(c.lostRunIds));
    }
    return {};
}
} // namespace

Html costHtml(const ReportData &d, const QLocale &locale)
{
    Html h =
        markup(QStringLiteral("<h1 style=\"page-break-before:always\">%1</h1><p>%2</p>"))
            .arg(
                ReportHtml::tr("Cost per useful result"),
                ReportHtml::tr(
                    "Total cost attributed to the measured runs (accelerator, host, storage, "
                    "network, "
                    "observability, preparation, idle time and lost attempts) divided by the "
                    "results "
                    "that meet the quality contract. Migration engineering is amortized on its own "
                    "line, never mixed into the running cost."));
    for (const GateResult &g : d.review.report.gates)
        for (const CriterionResult &c : g.criteria)
            if (c.id == "cost_per_useful_result_not_worse")
                h += markup(QStringLiteral("<p>%1: %2 — %3</p>"))
                         .arg(criterionName(c.id), verdictHtml(c.verdict),
                              trModelText(c.detail, locale));
    if (!d.baseline.costModel && !d.candidate.costModel)
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("No cost model was entered for either side, so the cost "
                                           "gate has no evidence. Enter them in the review, or "
                                           "pass --baseline-cost and --candidate-cost."));
    const QString sides[] = {trModelText(d.baseline.label, locale),
                             trModelText(d.candidate.label, locale)};
    HtmlTable t({{ReportHtml::tr("Figure"), 30}, {sides[0], 35, true}, {sides[1], 35, true}});
    const QString rows[] = {ReportHtml::tr("Cost model"),
                            ReportHtml::tr("Price of an hour of execution"),
                            ReportHtml::tr("Run time (failed runs included)"),
                            ReportHtml::tr("of which compilation"),
                            ReportHtml::tr("Lost attempts"),
                            ReportHtml::tr("Billed time"),
                            ReportHtml::tr("Total cost"),
                            ReportHtml::tr("Useful results (samples)"),
                            ReportHtml::tr("Cost per useful result"),
                            ReportHtml::tr("Migration engineering per result (amortized)"),
                            ReportHtml::tr("Spot: net savings"),
                            ReportHtml::tr("Runs")};
    for (int i = 0; i < int(std::size(rows)); ++i)
        t.row({esc(rows[i]), sideCost(d.baseline, locale, i), sideCost(d.candidate, locale, i)});
    h += t.html();

    h +=
        markup(QStringLiteral("<h2>%1</h2><p>%2</p>"))
            .arg(
                ReportHtml::tr("Breakdown"),
                ReportHtml::tr(
                    "The priced components add up to the total; the lines below it say where those "
                    "billed hours went."));
    HtmlTable b({{ReportHtml::tr("Component"), 30}, {sides[0], 35, true}, {sides[1], 35, true}});
    auto amount = [&](const ReportSide &s, const std::string &comp) {
        if (s.cost)
            for (const CostLine &l : s.cost->breakdown)
                if (l.component == comp)
                    return esc(money(l.amount, s.costModel->currency, locale));
        return esc(QStringLiteral("—"));
    };
    bool totalShown = false;
    for (const std::string &c : components(d, true)) {
        if (informative(c) && !totalShown) {
            auto total = [&](const ReportSide &s) {
                return s.cost ? markup(QStringLiteral("<b>%1</b>"))
                                    .arg(money(s.cost->totalCost, s.costModel->currency, locale))
                              : esc(QStringLiteral("—"));
            };
            b.row({markup(QStringLiteral("<b>%1</b>")).arg(ReportHtml::tr("Total")),
                   total(d.baseline), total(d.candidate)},
                  QStringLiteral("#fafafa"));
            totalShown = true;
        }
        const Html name =
            informative(c)
                ? markup(QStringLiteral("<span class=\"muted\">%1</span>")).arg(costComponent(c))
                : esc(costComponent(c));
        b.row({name, amount(d.baseline, c), amount(d.candidate, c)});
    }
    h += b.html();

    h += markup(QStringLiteral("<h2>%1</h2><p>%2</p>"))
             .arg(ReportHtml::tr("Sensitivity: each price ±25 %"),
                  ReportHtml::tr("Cost per useful result when one component's price moves by 25 % "
                                 "and the others stay."));
    HtmlTable s({{ReportHtml::tr("Price"), 20},
                 {ReportHtml::tr("Current path −25 %"), 20, true},
                 {ReportHtml::tr("Current path +25 %"), 20, true},
                 {ReportHtml::tr("Candidate −25 %"), 20, true},
                 {ReportHtml::tr("Candidate +25 %"), 20, true}});
    auto sens = [&](const ReportSide &side, const std::string &comp, bool plus) {
        for (const SensitivityRow &r : side.sensitivity)
            if (r.component == comp)
                return esc(money(plus ? r.plus25 : r.minus25, side.costModel->currency, locale));
        return esc(QStringLiteral("—"));
    };
    for (const std::string &c : components(d, false))
        s.row({esc(costComponent(c)), sens(d.baseline, c, false), sens(d.baseline, c, true),
               sens(d.candidate, c, false), sens(d.candidate, c, true)});
    return h + s.html();
}

Html environmentHtml(const ReportData &d, const QLocale &locale)
{
    Html h = markup(QStringLiteral("<h1 style=\"margin-top:18px\">%1</h1><p>%2</p>"))
                 .arg(ReportHtml::tr("Environment and versions"),
                      ReportHtml::tr(
                          "As each run reported it when it started; runs that measured in the same "
                          "environment share a row."));
    // The accelerator's cell is the longest on a TorchTPU run (name, HBM, eager mode, build,
    // CPU fallback, random state): the widest column.
    HtmlTable t({{ReportHtml::tr("torch"), 9},
                 {ReportHtml::tr("Runner"), 9},
                 {ReportHtml::tr("Threads"), 8, true},
                 {ReportHtml::tr("CPU"), 12},
                 {ReportHtml::tr("Accelerator"), 20},
                 {ReportHtml::tr("BLAS"), 14},
                 {ReportHtml::tr("OS"), 15},
                 {ReportHtml::tr("Runs"), 13}});
    auto v = [](const std::string &s) { return s.empty() ? esc(QStringLiteral("—")) : esc(s); };
    // "TPU v6 lite, 32 GiB HBM, eager DEFER_NEVER": each part only where the run read it.
    auto accelerator = [&](const EnvironmentGroup &g) {
        QStringList parts;
        if (!g.accelerator.empty())
            parts << QString::fromStdString(g.accelerator);
        if (!g.acceleratorMemory.empty())
            parts << ReportHtml::tr("%1 GiB HBM")
                         .arg(locale.toString(
                             QString::fromStdString(g.acceleratorMemory).toDouble() /
                                 double(1ULL << 30),
                             'g', 3));
        if (!g.eagerMode.empty())
            parts << ReportHtml::tr("eager %1").arg(QString::fromStdString(g.eagerMode));
        if (!g.optimizedBuild.empty())
            parts << (g.optimizedBuild == "yes" ? ReportHtml::tr("optimized build")
                                                : ReportHtml::tr("UNOPTIMIZED build"));
        if (!g.cpuFallback.empty())
            parts << (g.cpuFallback == "yes" ? ReportHtml::tr("CPU fallback on")
                                             : ReportHtml::tr("CPU fallback off"));
        if (!g.rngInCheckpoints.empty())
            parts << (g.rngInCheckpoints == "yes"
                          ? ReportHtml::tr("checkpoints keep the TPU random state")
                          : ReportHtml::tr("checkpoints lack the TPU random state"));
        return parts.isEmpty() ? esc(QStringLiteral("—")) : esc(parts.join(QStringLiteral(", ")));
    };
    for (const EnvironmentGroup &g : d.environments)
        t.row({v(g.torch), v(g.runner), v(g.threads), v(g.cpu), accelerator(g), v(g.blas), v(g.os),
               markup(ReportHtml::tr("%1 <span class=\"small\">(%2)</span>"))
                   .arg(idRanges(g.runIds), locale.toString(qlonglong(g.runIds.size())))});
    h += t.html();
    // The compiler's settings, where a TorchTPU run set them: long, so below the table.
    for (const EnvironmentGroup &g : d.environments)
        for (const auto &[name, value] : {std::pair{"XLA_FLAGS", &g.xlaFlags},
                                          std::pair{"LIBTPU_INIT_ARGS", &g.libtpuInitArgs}})
            if (!value->empty())
                h += markup(QStringLiteral("<p class=\"small\">%1</p>"))
                         .arg(markup(ReportHtml::tr("%1 of run(s) %2: <tt>%3</tt>"))
                                  .arg(esc(QString::fromLatin1(name)), idRanges(g.runIds),
                                       esc(*value)));
    if (!d.tpuCompile.empty()) {
        h += markup(QStringLiteral("<p>%1</p>"))
                 .arg(esc(ReportHtml::tr(
                     "What TorchTPU's compiled programs cost at the end of each run: the HBM its "
                     "compilation cache held, its executables, and the compiler's peak host "
                     "memory.")));
        HtmlTable c({{ReportHtml::tr("Run"), 16},
                     {ReportHtml::tr("Compiled programs' HBM"), 28, true},
                     {ReportHtml::tr("Executables"), 20, true},
                     {ReportHtml::tr("Compile host memory peak"), 36, true}});
        auto bytes = [&](const std::optional<double> &b) {
            return b ? esc(locale.formattedDataSize(qint64(*b))) : esc(QStringLiteral("—"));
        };
        for (const TpuCompileRow &r : d.tpuCompile)
            c.row({esc(QStringLiteral("#%1").arg(r.runId)), bytes(r.hbmBytes),
                   r.programs ? esc(locale.toString(qlonglong(*r.programs)))
                              : esc(QStringLiteral("—")),
                   bytes(r.hostPeakBytes)});
        h += c.html();
    }
    return h;
}

Html appendixHtml(const ReportData &d, const QLocale &locale,
                  const std::function<QString(const QString &)> &fitKey)
{
    Html h =
        markup(QStringLiteral("<h1 style=\"page-break-before:always\">%1</h1><p>%2</p>"))
            .arg(ReportHtml::tr("Appendix: every run"),
                 ReportHtml::tr(
                     "%n run(s) in the database, by id. Valid: the steady state is valid evidence. "
                     "Evidence: the side of the decision the gate definitions select the run for "
                     "(only valid, complete runs "
                     "count). "
                     "A run key too long for its column is shortened in the middle (…).",
                     nullptr, int(d.runs.size())));
    HtmlTable t({{ReportHtml::tr("Id"), 5, true},
                 {ReportHtml::tr("Run key"), kAppendixKeyPercent},
                 {ReportHtml::tr("Workload"), 9},
                 {ReportHtml::tr("Mode"), 8},
                 {ReportHtml::tr("Dtype"), 8},
                 {ReportHtml::tr("Status"), 9},
                 {ReportHtml::tr("Valid"), 6},
                 {ReportHtml::tr("Evidence"), 11},
                 {ReportHtml::tr("Samples/s"), 10, true},
                 {ReportHtml::tr("p99"), 8, true}});
    t.setFontSize(kAppendixFontPoints);
    const GateReport &g = d.review.report;
    const std::set<long long> baseline(g.baselineRuns.begin(), g.baselineRuns.end()),
        candidate(g.candidateRuns.begin(), g.candidateRuns.end());
    for (const RunRecord &r : d.runs) {
        const QString valid = !r.valid   ? QStringLiteral("—")
                              : *r.valid ? ReportHtml::tr("yes")
                                         : ReportHtml::tr("no");
        const bool b = baseline.count(r.id), c = candidate.count(r.id);
        const QString role = b && c ? ReportHtml::tr("both sides")
                             : b    ? ReportHtml::tr("current path")
                             : c    ? ReportHtml::tr("candidate")
                                    : QStringLiteral("—");
        // The key is shortened as text, then escaped: an ellipsis never cuts an entity in two.
        const QString key = QString::fromStdString(r.runKey);
        t.row({esc(QString::number(r.id)), esc(fitKey ? fitKey(key) : key), esc(r.workload),
               esc(r.mode), esc(r.dtype), esc(fmt::statusLabel(r.status)), esc(valid), esc(role),
               esc(fmt::throughput(r.samplesPerSecond)), esc(fmt::duration(r.p99Seconds))});
    }
    Q_UNUSED(locale);
    return h + t.html() + witnessHtml(d);
}

// The store judges every run from its samples; the runner's own summary is a witness. Any figure
// where the two disagree beyond rounding is listed here, so a reviewer sees it.
Html witnessHtml(const ReportData &d)
{
    HtmlTable t({{ReportHtml::tr("Id"), 6, true},
                 {ReportHtml::tr("Field"), 34},
                 {ReportHtml::tr("Runner's summary"), 30, true},
                 {ReportHtml::tr("Store"), 30, true}});
    t.setFontSize(kAppendixFontPoints);
    long long runs = 0, rows = 0;
    std::set<std::string> policies;
    for (const RunRecord &r : d.runs) {
        if (!r.validityPolicy.empty())
            policies.insert(r.validityPolicy);
        const auto differs = witnessDisagreements(r.witnessJson);
        runs += differs.empty() ? 0 : 1;
        for (const WitnessDisagreement &w : differs) {
            t.row({esc(QString::number(r.id)), esc(w.field), esc(w.runner), esc(w.store)});
            ++rows;
        }
    }
    QStringList names;
    for (const std::string &p : policies)
        names << QString::fromStdString(p);
    Html h = markup(QStringLiteral("<h2>%1</h2><p>%2</p>"))
                 .arg(ReportHtml::tr("Runner summaries against the store"),
                      markup(ReportHtml::tr("Every figure and validity verdict in this report is "
                                            "computed by the store from the "
                                            "stored samples (validity policy %1); each runner's "
                                            "own summary is kept as a witness."))
                          .arg(names.isEmpty() ? QStringLiteral("—")
                                               : names.join(QStringLiteral(", "))));
    if (rows == 0)
        return h +
               markup(QStringLiteral("<p>%1</p>"))
                   .arg(ReportHtml::tr("Every runner summary agrees with the store's figures."));
    return h +
           markup(QStringLiteral("<p>%1</p>"))
               .arg(ReportHtml::tr("%n run(s) whose runner summary disagrees with the store:",
                                   nullptr, int(runs))) +
           t.html();
}

} // namespace tp::report
