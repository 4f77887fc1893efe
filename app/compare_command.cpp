// torchpilot compare: baseline vs candidate runs, chosen by selection, with the Compare page's
// figures (model/analysis/compare.h: ratios, percentile-bootstrap intervals, confounders; the
// selected pilot's allowed differences through frontend/compare_pilot.h) as text, JSON, CSV or
// Markdown. Exit 0; 1 when --fail-if-slower (or --fail-if-confounded) trips; 2 bad input or nothing
// to compare.
#include "compare_command.h"
#include "frontend/model_text_tr.h"

#include "cli_commands.h"
#include "frontend/compare_pilot.h"
#include "frontend/qt_text.h"
#include "model/analysis/compare_report.h"
#include "model/analysis/serving_curve.h"
#include "model/contract/serving.h"
#include "model/contract/sound_values.h"
#include "model/store/pilot_store.h"
#include "model/store/run_export.h"
#include "model/store/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <iostream>

namespace tp::cli
{

namespace
{
struct Compare {
    Q_DECLARE_TR_FUNCTIONS(Compare)
};

// A side's selection as typed; without status= only runs that finished ok (status=any: all).
RunSelection sideSelection(const QString &text)
{
    RunSelection sel = parseRunSelection(text.toStdString());
    if (sel.status.empty())
        sel.status = "ok";
    else if (sel.status == "any")
        sel.status.clear();
    // The closed-loop figures compare single-stream runs; the server runs of the same selection
    // are each side's latency–throughput curve (servingCurve narrows to them itself).
    if (sel.scenario.empty())
        sel.scenario = serving::scenario::SingleStream;
    return sel;
}

// The one dimension two selections differ in, when it is a confounder (mode, dtype, device,
// workload, batch, runner): that difference is what is compared on purpose.
std::string inferredAxis(const RunSelection &b, const RunSelection &c)
{
    std::vector<std::string> differ;
    const std::pair<const char *, bool> keys[] = {
        {"workload", b.workload != c.workload}, {"mode", b.mode != c.mode},
        {"dtype", b.dtype != c.dtype},          {"device", b.device != c.device},
        {"batch", b.batch != c.batch},          {"runner", b.runner != c.runner}};
    for (const auto &[key, differs] : keys)
        if (differs)
            differ.emplace_back(key);
    return differ.size() == 1 ? differ.front() : std::string();
}

QString figure(const std::optional<double> &v)
{
    return v && std::isfinite(*v) ? QString::number(*v, 'g', 4) : QStringLiteral("—");
}

QString verdictText(MetricComparison::Verdict v)
{
    switch (v) {
    case MetricComparison::Verdict::Better:
        return Compare::tr("better");
    case MetricComparison::Verdict::Worse:
        return Compare::tr("worse");
    case MetricComparison::Verdict::Inconclusive:
        return Compare::tr("inconclusive");
    case MetricComparison::Verdict::NoData:
        break;
    }
    return Compare::tr("no data");
}

QString runList(const std::vector<long long> &ids)
{
    QStringList out;
    for (long long id : ids)
        out << QStringLiteral("#%1").arg(id);
    return out.isEmpty() ? Compare::tr("none") : out.join(QStringLiteral(", "));
}

void printText(const Comparison &c, std::optional<CompareMetric> only, double confidence)
{
    QTextStream &o = out();
    o << Compare::tr("Baseline: %1 (%2 steady samples)")
             .arg(runList(c.baselineRuns))
             .arg(c.baselineSamples)
      << '\n'
      << Compare::tr("Candidate: %1 (%2 steady samples)")
             .arg(runList(c.candidateRuns))
             .arg(c.candidateSamples)
      << "\n\n";
    o << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
             .arg(Compare::tr("metric"), -22)
             .arg(Compare::tr("baseline"), 11)
             .arg(Compare::tr("candidate"), 11)
             .arg(Compare::tr("ratio"), 8)
             .arg(Compare::tr("%1 % interval").arg(std::lround(confidence * 100)), -20)
             .arg(Compare::tr("verdict"));
    for (const MetricComparison &m : reportedMetrics(c, only))
        o << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                 .arg(QLatin1String(MetricComparison::metricKey(m.metric)), -22)
                 .arg(figure(m.baseline), 11)
                 .arg(figure(m.candidate), 11)
                 .arg(figure(m.ratio), 8)
                 .arg(m.ciLow ? QStringLiteral("[%1, %2]").arg(figure(m.ciLow), figure(m.ciHigh))
                              : QStringLiteral("—"),
                      -20)
                 .arg(verdictText(m.verdict));
    o << '\n' << Compare::tr("Confounders:") << '\n';
    for (const Confounder &f : c.confounders) {
        const QString state = f.mixed ? Compare::tr("mixed within a side")
                              : !f.allowedReason.empty()
                                  ? Compare::tr("allowed: %1").arg(trModelText(f.allowedReason))
                              : f.expected ? Compare::tr("differs (the compared axis)")
                              : f.differs  ? Compare::tr("DIFFERS")
                                           : Compare::tr("same");
        auto values = [](const std::vector<std::string> &v) {
            QStringList out;
            for (const std::string &s : v)
                out << (s.empty() ? Compare::tr("unknown") : fromStd(s));
            return out.join(QStringLiteral(", "));
        };
        o << QStringLiteral("  %1 %2 | %3 — %4\n")
                 .arg(fromStd(f.key), -16)
                 .arg(values(f.baseline), values(f.candidate), state);
    }
    for (const Message &w : c.warnings)
        o << Compare::tr("warning: %1").arg(trModelText(w)) << '\n';
    o << (c.hasUnexpectedConfounder() ? Compare::tr("Not like for like: see the confounders.")
                                      : Compare::tr("Like for like: only the compared axis "
                                                    "differs."))
      << Qt::endl;
}

void addCompareOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(Compare::tr(
        "Compare baseline and candidate runs: candidate/baseline ratios of the mean, median and "
        "p99 batch time and of samples/s, with percentile-bootstrap intervals and the confounder "
        "list, as on the Compare page. A selection is key=value[,key=value…] over workload, "
        "mode, dtype, device, target, runner, batch, status (default ok, 'any' for all) and run "
        "(an id or a range such as run=7-9). Exit status 0; 1 when --fail-if-slower or "
        "--fail-if-confounded trips; 2 bad input or nothing to compare."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"), Compare::tr("SQLite database file."), Compare::tr("path")},
        {QStringLiteral("baseline"), Compare::tr("The baseline runs."), Compare::tr("selection")},
        {QStringLiteral("candidate"), Compare::tr("The candidate runs."), Compare::tr("selection")},
        {QStringLiteral("metric"),
         Compare::tr("Report only this metric, and the one --fail-if-slower tests: mean, "
                     "median, p99 or throughput (default: all four reported, mean tested)."),
         Compare::tr("metric")},
        {QStringLiteral("format"), Compare::tr("text, json, csv or markdown (default text)."),
         Compare::tr("format"), QStringLiteral("text")},
        {QStringLiteral("fail-if-slower"),
         Compare::tr("Exit 1 when the candidate is slower than the baseline by more than PCT "
                     "percent even at the end of the interval most favourable to it."),
         Compare::tr("PCT")},
        {QStringLiteral("fail-if-confounded"),
         Compare::tr("Exit 1 when a factor other than the compared one differs.")},
        {QStringLiteral("axis"),
         Compare::tr("The factor compared on purpose (mode, dtype, device, …; default: the one "
                     "key the two selections differ in)."),
         Compare::tr("factor")},
        {QStringLiteral("latest"), Compare::tr("Only the newest matching run of each side.")},
    });
}

// What the options ask for, checked.
struct CompareRequest {
    QString db, format;
    std::optional<CompareMetric> only; // --metric
    std::optional<double> threshold;   // --fail-if-slower
    RunSelection baseline, candidate;
    CompareOptions options; // the --axis
};

// --metric and --fail-if-slower into *r; false after the message when either does not parse.
bool readMetricOptions(const QCommandLineParser &p, CompareRequest *r)
{
    if (p.isSet(QStringLiteral("metric"))) {
        r->only = compareMetricFromName(p.value(QStringLiteral("metric")).toStdString());
        if (!r->only) {
            fail(Compare::tr("unknown metric '%1' (mean, median, p99 or throughput)")
                     .arg(p.value(QStringLiteral("metric"))));
            return false;
        }
    }
    if (p.isSet(QStringLiteral("fail-if-slower"))) {
        bool ok = false;
        r->threshold = p.value(QStringLiteral("fail-if-slower")).toDouble(&ok);
        if (!ok || !std::isfinite(*r->threshold) || *r->threshold < 0) {
            fail(Compare::tr("--fail-if-slower needs a percentage ≥ 0, not '%1'")
                     .arg(p.value(QStringLiteral("fail-if-slower"))));
            return false;
        }
    }
    return true;
}

// The two selections and the compared axis into *r; false after the message on bad input.
bool readSides(const QCommandLineParser &p, CompareRequest *r)
{
    try {
        r->baseline = sideSelection(p.value(QStringLiteral("baseline")));
        r->candidate = sideSelection(p.value(QStringLiteral("candidate")));
    } catch (const ExportError &e) {
        fail(fromStd(e.what()));
        return false;
    }
    r->options.axis = p.isSet(QStringLiteral("axis"))
                          ? p.value(QStringLiteral("axis")).toStdString()
                          : inferredAxis(r->baseline, r->candidate);
    const std::vector<std::string> &keys = confounderKeys();
    if (!r->options.axis.empty() &&
        std::find(keys.begin(), keys.end(), r->options.axis) == keys.end()) {
        fail(Compare::tr("unknown factor '%1' for --axis").arg(fromStd(r->options.axis)));
        return false;
    }
    return true;
}

// The options, checked in order; nullopt after the message (exit 2) at the first bad one.
std::optional<CompareRequest> readRequest(const QCommandLineParser &p)
{
    CompareRequest r;
    r.db = p.value(QStringLiteral("db"));
    r.format = p.value(QStringLiteral("format"));
    if (r.db.isEmpty() || !p.isSet(QStringLiteral("baseline")) ||
        !p.isSet(QStringLiteral("candidate"))) {
        fail(Compare::tr("compare needs --db PATH --baseline SELECTION --candidate "
                         "SELECTION"));
        return std::nullopt;
    }
    if (!QStringList{QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("csv"),
                     QStringLiteral("markdown")}
             .contains(r.format)) {
        fail(Compare::tr("unknown format '%1' (text, json, csv or markdown)").arg(r.format));
        return std::nullopt;
    }
    if (!readMetricOptions(p, &r))
        return std::nullopt;
    if (!QFileInfo(r.db).isFile()) {
        fail(Compare::tr("no database at '%1' (the file does not exist)").arg(r.db));
        return std::nullopt;
    }
    if (!readSides(p, &r))
        return std::nullopt;
    return r;
}

// Each side's server-scenario runs (the latency–throughput curve and its peak within the
// selected pilot's SLO): what a closed-loop comparison cannot show.
struct ServingSides {
    ServingCurve baseline, candidate;
    double sloSeconds = 0;
    bool any() const { return !baseline.points.empty() || !candidate.points.empty(); }
};

nlohmann::json servingSideJson(const ServingCurve &c)
{
    nlohmann::json points = nlohmann::json::array();
    for (const ServingPoint &p : c.points)
        points.push_back({{"run_id", p.runId},
                          {"target_qps", p.targetQps},
                          {"completed_qps", p.completedQps},
                          {"max_batch", p.maxBatch},
                          {"latency_p50_seconds", p.p50},
                          {"slo_percentile_latency_seconds",
                           p.sloLatency ? nlohmann::json(*p.sloLatency) : nlohmann::json()},
                          {"failure_rate", p.failureRate},
                          {"mean_queue_seconds", p.meanQueue},
                          {"mean_compute_seconds", p.meanCompute},
                          {"valid", p.valid},
                          {"within_slo", p.withinSlo}});
    return {{"peak_qps", c.peakQps ? nlohmann::json(*c.peakQps) : nlohmann::json()},
            {"peak_run_id", c.peakRunId},
            {"peak_is_lower_bound", c.generatorBound},
            {"points", points}};
}

nlohmann::json servingJson(const ServingSides &s)
{
    nlohmann::json j = {{"slo_p99_seconds", s.sloSeconds},
                        {"baseline", servingSideJson(s.baseline)},
                        {"candidate", servingSideJson(s.candidate)}};
    if (s.baseline.peakQps && s.candidate.peakQps && *s.baseline.peakQps > 0)
        j["peak_ratio"] = *s.candidate.peakQps / *s.baseline.peakQps;
    return j;
}

void printServing(const ServingSides &s)
{
    out() << Qt::endl
          << Compare::tr("Throughput within the SLO (server scenario, p99 <= %1 s):")
                 .arg(s.sloSeconds)
          << Qt::endl;
    for (const auto &[name, c] : {std::pair{Compare::tr("baseline"), &s.baseline},
                                  std::pair{Compare::tr("candidate"), &s.candidate}}) {
        if (c->points.empty())
            out() << Compare::tr("  %1: no server-scenario run").arg(name) << Qt::endl;
        else if (!c->peakQps)
            out() << Compare::tr("  %1: %2 probes, none within the SLO")
                         .arg(name)
                         .arg(c->points.size())
                  << Qt::endl;
        else
            out() << Compare::tr("  %1: peak %2%3 QPS (run %4; %5 probes)")
                         .arg(name, c->generatorBound ? QStringLiteral(">= ") : QString())
                         .arg(*c->peakQps, 0, 'g', 7)
                         .arg(c->peakRunId)
                         .arg(c->points.size())
                  << Qt::endl;
    }
}

// The runs of both sides compared; nullopt after the message when the store will not open or a
// side matches no run.
std::optional<Comparison> loadComparison(const QCommandLineParser &p, const CompareRequest &r,
                                         ServingSides *serving)
{
    try {
        Store store(r.db.toStdString());
        auto ids = [&](const RunSelection &sel) {
            std::vector<long long> out;
            for (const RunRecord &run : store.listRuns(sel))
                out.push_back(run.id);
            if (p.isSet(QStringLiteral("latest")) && out.size() > 1)
                out = {*std::max_element(out.begin(), out.end())};
            return out;
        };
        const std::vector<long long> b = ids(r.baseline), c = ids(r.candidate);
        serving->sloSeconds = PilotStore(store).selected().sloP99Seconds;
        serving->baseline = servingCurve(store, r.baseline, serving->sloSeconds);
        serving->candidate = servingCurve(store, r.candidate, serving->sloSeconds);
        // A side with no closed-loop run still counts when it holds server runs: their curves
        // are the comparison. A side with no run of either kind is an empty selection (exit 2).
        const bool baselineHeld = !b.empty() || !serving->baseline.points.empty();
        const bool candidateHeld = !c.empty() || !serving->candidate.points.empty();
        if ((b.empty() || c.empty()) && baselineHeld && candidateHeld)
            return std::nullopt;
        if (b.empty() || c.empty()) {
            serving->baseline.points.clear(); // an error, never a curve in its place
            serving->candidate.points.clear();
            fail(Compare::tr("no run matches the %1 selection '%2'")
                     .arg(b.empty() ? Compare::tr("baseline") : Compare::tr("candidate"),
                          p.value(b.empty() ? QStringLiteral("baseline")
                                            : QStringLiteral("candidate"))));
            return std::nullopt;
        }
        QString baselineLabel, candidateLabel;
        return compareRuns(
            store, b, c, withPilotReasons(store, b, c, r.options, &baselineLabel, &candidateLabel));
    } catch (const std::exception &e) { // StoreError: foreign, newer or corrupt database
        fail(fromStd(e.what()));
        return std::nullopt;
    }
}

void printComparison(const Comparison &comparison, const CompareRequest &r, double confidence,
                     const ServingSides &serving)
{
    if (r.format == QLatin1String("json")) {
        nlohmann::json j = comparisonJson(comparison, r.only, confidence);
        if (serving.any())
            j["serving"] = servingJson(serving);
        std::cout << dumpText(j, 2) << '\n';
    } else if (r.format == QLatin1String("text") && serving.any()) {
        printText(comparison, r.only, confidence);
        printServing(serving);
    } else if (r.format == QLatin1String("csv"))
        std::cout << comparisonCsv(comparison, r.only);
    else if (r.format == QLatin1String("markdown"))
        std::cout << comparisonMarkdown(comparison, r.only, confidence);
    else
        printText(comparison, r.only, confidence);
    std::cout << std::flush;
}

// --fail-if-slower: 0 pass, 1 the candidate is too slow, 2 (after the message) nothing to test.
int slowdownVerdict(const Comparison &comparison, std::optional<CompareMetric> only,
                    double threshold)
{
    const CompareMetric tested = only.value_or(CompareMetric::MeanSeconds);
    const std::vector<MetricComparison> tests = reportedMetrics(comparison, tested);
    const Slowdown s = tests.empty() ? Slowdown() : slowdownOf(tests.front());
    if (!s.pointPercent)
        return fail(Compare::tr("no %1 figures to test --fail-if-slower against")
                        .arg(QLatin1String(compareMetricName(tested))));
    const double judged = s.bestCasePercent.value_or(*s.pointPercent);
    if (s.exceeds(threshold)) {
        err() << Compare::tr("compare: FAIL: the candidate is %1 % slower (%2), more than the "
                             "%3 % allowed")
                     .arg(QString::number(judged, 'f', 1), QLatin1String(compareMetricName(tested)),
                          QString::number(threshold))
              << Qt::endl;
        return 1;
    }
    err() << Compare::tr("compare: pass: %1 slowdown %2 % (at most %3 % allowed)")
                 .arg(QLatin1String(compareMetricName(tested)), QString::number(judged, 'f', 1),
                      QString::number(threshold))
          << Qt::endl;
    return 0;
}
} // namespace

int compareCommand(const QStringList &args)
{
    QCommandLineParser p;
    addCompareOptions(p);
    p.process(args);
    const std::optional<CompareRequest> r = readRequest(p);
    if (!r)
        return 2;
    ServingSides serving;
    const std::optional<Comparison> comparison = loadComparison(p, *r, &serving);
    if (!comparison && serving.any()) { // no closed-loop run on a side: the serving curves alone
        if (r->threshold || p.isSet(QStringLiteral("fail-if-confounded")))
            return fail(Compare::tr("no single-stream runs to test against (the selections hold "
                                    "server-scenario runs only)"));
        if (r->format == QLatin1String("json"))
            std::cout << dumpText({{"serving", servingJson(serving)}}, 2) << '\n' << std::flush;
        else
            printServing(serving);
        return 0;
    }
    if (!comparison)
        return 2;
    try { // whatever the store holds, an error with a message, never an abort
        printComparison(*comparison, *r, CompareOptions().confidence, serving);
    } catch (const std::exception &e) {
        fail(fromStd(e.what()), 1);
        return 1;
    }

    int code = 0;
    if (r->threshold) {
        code = slowdownVerdict(*comparison, r->only, *r->threshold);
        if (code == 2)
            return code;
    }
    if (p.isSet(QStringLiteral("fail-if-confounded")) && comparison->hasUnexpectedConfounder()) {
        err() << Compare::tr("compare: FAIL: not like for like (a factor other than the compared "
                             "one differs)")
              << Qt::endl;
        code = 1;
    }
    return code;
}

} // namespace tp::cli
