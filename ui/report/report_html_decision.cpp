// The decision half of the report: cover, gate table with sign-offs, changes since the last review.
#include "report_html_decision.h"

#include "frontend/model_text_tr.h"
#include "frontend/next_evidence_text.h"
#include "report_format.h"
#include "report_html.h"

#include "model/contract/model_texts.h"
#include <QStringList>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace tp::report
{

QString styleSheet()
{
    return QStringLiteral(
               "body { font-family: 'DejaVu Sans'; font-size: 9pt; color: #212121; }"
               "h1 { font-size: 16pt; color: #1a237e; margin-top: 0px; margin-bottom: %1px; }"
               "h2 { font-size: 12pt; color: #1a237e; margin-top: %2px; margin-bottom: %1px; }"
               "th { font-size: 8pt; font-weight: bold; }"
               "td { font-size: 8pt; }"
               ".muted { color: #546e7a; }"
               ".small { font-size: 7pt; color: #546e7a; }"
               ".id { font-size: 6.5pt; color: #546e7a; }"
               ".mono { font-family: 'DejaVu Sans Mono'; }")
        .arg(6)
        .arg(14);
}

QString chartPlaceholder(int index)
{
    return QStringLiteral("@@chart:%1@@").arg(index);
}

QString chartAnchor(int index)
{
    return QStringLiteral("tp-chart-%1").arg(index);
}

QString reportTitle()
{
    return ReportHtml::tr("TorchPilot decision report");
}

QString workloadsText(const ReportData &d)
{
    QStringList w;
    for (const std::string &s : d.workloads)
        w << QString::fromStdString(s);
    return w.isEmpty() ? ReportHtml::tr("no evidence run") : w.join(QStringLiteral(", "));
}

namespace
{
Html selectionText(const RunSelection &s)
{
    std::vector<Html> parts;
    const std::pair<QString, const std::string *> fields[] = {
        {ReportHtml::tr("workload"), &s.workload}, {ReportHtml::tr("mode"), &s.mode},
        {ReportHtml::tr("dtype"), &s.dtype},       {ReportHtml::tr("device"), &s.device},
        {ReportHtml::tr("status"), &s.status},     {ReportHtml::tr("target"), &s.target}};
    for (const auto &[name, value] : fields)
        if (!value->empty())
            parts.push_back(markup(QStringLiteral("%1 = %2")).arg(name, *value));
    return parts.empty() ? esc(ReportHtml::tr("every run"))
                         : join(parts, markup(QStringLiteral(", ")));
}

Html field(const QString &name, const Html &value)
{
    return markup(
               QStringLiteral(
                   "<tr><td width=\"28%\" class=\"muted\">%1</td><td width=\"72%\">%2</td></tr>"))
        .arg(name, value);
}
// How the evidence runs were collected: in a pilot's order, the two sides alternating, and how
// many of them repeat an attempt that was not valid evidence (schema v13).
Html collectionHtml(const ReportData &d, const QLocale &locale)
{
    const ReviewState &r = d.review;
    std::set<long long> evidence(r.report.baselineRuns.begin(), r.report.baselineRuns.end());
    evidence.insert(r.report.candidateRuns.begin(), r.report.candidateRuns.end());
    evidence.insert(r.report.excludedInvalidRuns.begin(), r.report.excludedInvalidRuns.end());
    std::vector<long long> retries;
    qlonglong ordered = 0;
    for (const RunRecord &run : d.runs) {
        if (!evidence.count(run.id) || !run.collectionOrder)
            continue;
        ++ordered;
        if (!run.retryOf.empty())
            retries.push_back(run.id);
    }
    if (ordered == 0)
        return esc(ReportHtml::tr("not collected by a pilot: the order of the two sides' runs is "
                                  "not recorded"));
    return markup(ReportHtml::tr("%1 of %2 evidence runs collected by a pilot, baseline and "
                                 "candidate alternating, each with its place in the order; "
                                 "retries of runs that were not valid evidence: %3"))
        .arg(locale.toString(ordered), locale.toString(qlonglong(evidence.size())),
             retries.empty() ? ReportHtml::tr("none") : idRanges(retries));
}

} // namespace

Html coverHtml(const ReportData &d, const QLocale &locale)
{
    const ReviewState &r = d.review;
    const Decision decision = r.report.decision;
    Html h = markup(QStringLiteral("<p class=\"muted\">%1</p><h1 style=\"font-size:22pt\">%2</h1>"))
                 .arg(ReportHtml::tr("TorchPilot — GPU → TPU migration"), reportTitle());
    h += markup(QStringLiteral("<p style=\"font-size:12pt\">%1</p>"))
             .arg(markup(ReportHtml::tr("Workload: %1"))
                      .arg(markup(QStringLiteral("<b>%1</b>")).arg(workloadsText(d))));
    h += markup(QStringLiteral(
                    "<table width=\"100%\" border=\"2\" cellspacing=\"0\" cellpadding=\"10\" "
                    "style=\"border-color:%1; border-style:solid\"><tr><td>"
                    "<p class=\"muted\">%2</p><p style=\"font-size:20pt; font-weight:bold; "
                    "color:%1\">%3</p>"
                    "<p>%4</p></td></tr></table>"))
             .arg(decisionColor(decision), ReportHtml::tr("Decision"), decisionLabel(decision),
                  decisionExplanation(decision));

    Html review;
    if (r.lastReview) {
        const DecisionSnapshot &s = *r.lastReview;
        review = markup(ReportHtml::tr("Last review recorded on %1 by %2 (decision then: %3)."))
                     .arg(dateTime(s.createdAt, locale), s.reviewer, decisionLabel(s.decision));
        if (!s.comment.empty())
            review += markup(QStringLiteral(" <i>“%1”</i>")).arg(s.comment);
        review += markup(QStringLiteral("<br/>")) +
                  (s.evidenceHash == r.evidenceHash
                       ? esc(ReportHtml::tr("The evidence is unchanged since that review."))
                       : markup(QStringLiteral("<b style=\"color:#e65100\">%1</b>"))
                             .arg(ReportHtml::tr(
                                 "The evidence changed since that review: %n change(s), listed "
                                 "under “Changes since the last review”.",
                                 nullptr, int(r.changesSinceLastReview.size()))));
    } else {
        review = markup(ReportHtml::tr("Not yet reviewed. Newest run: %1."))
                     .arg(dateTime(d.newestRunAt, locale));
    }
    h += markup(QStringLiteral("<p>%1</p>")).arg(review);

    h += markup(QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"2\">"));
    h += field(ReportHtml::tr("Evidence hash (SHA-256)"),
               markup(QStringLiteral("<span class=\"mono\">%1</span>")).arg(r.evidenceHash));
    h += field(ReportHtml::tr("Gate definitions"), esc(r.report.definitions));
    h += field(ReportHtml::tr("Current path"),
               markup(QStringLiteral("%1 <span class=\"muted\">(%2)</span>"))
                   .arg(trModelText(r.definitions.baselineLabel, locale),
                        selectionText(r.definitions.baseline)));
    h += field(ReportHtml::tr("Candidate"),
               markup(QStringLiteral("%1 <span class=\"muted\">(%2)</span>"))
                   .arg(trModelText(r.definitions.candidateLabel, locale),
                        selectionText(r.definitions.candidate)));
    h += field(
        ReportHtml::tr("Evidence runs"),
        markup(ReportHtml::tr("current path: %1; candidate: %2; excluded as invalid evidence: %3"))
            .arg(idRanges(r.report.baselineRuns), idRanges(r.report.candidateRuns),
                 idRanges(r.report.excludedInvalidRuns)));
    h += field(ReportHtml::tr("Collection"), collectionHtml(d, locale));
    h += field(
        ReportHtml::tr("Database"),
        markup(ReportHtml::tr("%1, %n run(s)", nullptr, int(d.runs.size()))).arg(d.databaseName));
    h += field(ReportHtml::tr("Rollback path"), r.inputs.rollbackPath.empty()
                                                    ? esc(ReportHtml::tr("not recorded"))
                                                    : esc(r.inputs.rollbackPath));
    h += markup(QStringLiteral("</table><h2>%1</h2>")).arg(ReportHtml::tr("Gates at a glance"));
    HtmlTable t({{ReportHtml::tr("Gate"), 40},
                 {ReportHtml::tr("Verdict"), 25},
                 {ReportHtml::tr("Criteria passed"), 35, true}});
    for (const GateResult &g : r.report.gates) {
        const auto passed =
            std::count_if(g.criteria.begin(), g.criteria.end(),
                          [](const CriterionResult &c) { return c.verdict == Verdict::Pass; });
        t.row({esc(gateName(g.id)), verdictHtml(g.verdict),
               markup(ReportHtml::tr("%1 of %2"))
                   .arg(locale.toString(qlonglong(passed)),
                        locale.toString(qlonglong(g.criteria.size())))});
    }
    return h + t.html();
}

namespace
{
// What was measured, and for an open criterion what would decide it (next_evidence.h).
Html detailHtml(const CriterionResult &c, const QLocale &locale)
{
    Html detail = esc(trModelText(c.detail, locale));
    if (!c.next)
        return detail;
    std::vector<Html> lines;
    for (const QString &line : nextEvidenceLines(*c.next, locale))
        lines.push_back(esc(line));
    return detail + markup(QStringLiteral("<br/><span class=\"small\"><b>%1</b><br/>%2</span>"))
                        .arg(ReportHtml::tr("What would decide it:"),
                             join(lines, markup(QStringLiteral("<br/>"))));
}
} // namespace

Html gatesHtml(const ReportData &d, const QLocale &locale)
{
    const ReviewState &r = d.review;
    Html h = markup(QStringLiteral("<h1 style=\"page-break-before:always\">%1</h1><p>%2</p>"))
                 .arg(ReportHtml::tr("Approval gates"),
                      ReportHtml::tr(
                          "The five gates in order. A criterion without enough valid evidence is "
                          "“insufficient”; the timings of runs whose steady state is not valid "
                          "evidence never count (their finiteness and precision verdicts do)."));
    std::vector<std::pair<GateSignoff, bool>> signoffs; // bool: part of the recorded review
    if (r.lastReview)
        for (const GateSignoff &s : r.lastReview->signoffs)
            signoffs.emplace_back(s, true);
    for (const GateSignoff &s : r.pendingSignoffs)
        signoffs.emplace_back(s, false);
    std::stable_sort(signoffs.begin(), signoffs.end(), [](const auto &a, const auto &b) {
        return a.first.signedAt < b.first.signedAt;
    });

    // The gate is named on each of its rows (bold with its verdict on the first), so a page break
    // inside a gate never leaves rows without their gate or a gate heading alone at a page foot.
    HtmlTable t({{ReportHtml::tr("Gate"), 17},
                 {ReportHtml::tr("Criterion"), 26},
                 {ReportHtml::tr("Verdict"), 14},
                 {ReportHtml::tr("Detail"), 29},
                 {ReportHtml::tr("Evidence runs"), 14}});
    for (const GateResult &g : r.report.gates) {
        bool first = true;
        for (const CriterionResult &c : g.criteria) {
            const Html gate =
                first
                    ? markup(QStringLiteral("<b>%1</b><br/>%2"))
                          .arg(gateName(g.id), verdictHtml(g.verdict))
                    : markup(QStringLiteral("<span class=\"small\">%1</span>")).arg(gateName(g.id));
            t.row({gate,
                   markup(QStringLiteral("%1<br/><span class=\"id\">%2</span>"))
                       .arg(criterionName(c.id), c.id),
                   verdictHtml(c.verdict), detailHtml(c, locale), esc(idRanges(c.runIds))},
                  first ? QStringLiteral("#fafafa") : QString());
            first = false;
        }
        std::vector<Html> lines;
        for (const auto &[s, recorded] : signoffs) {
            if (s.gateId != g.id)
                continue;
            Html line = markup(ReportHtml::tr("Signed off by <b>%1</b> on %2"))
                            .arg(s.reviewer, dateTime(s.signedAt, locale));
            if (!s.comment.empty())
                line += markup(QStringLiteral(": <i>“%1”</i>")).arg(s.comment);
            line += markup(QStringLiteral(" <span class=\"small\">(%1)</span>"))
                        .arg(recorded ? ReportHtml::tr("recorded with the review")
                                      : ReportHtml::tr("pending"));
            if (s.evidenceHash != r.evidenceHash)
                line += markup(QStringLiteral(" <span style=\"color:#e65100\">%1</span>"))
                            .arg(ReportHtml::tr("signed on different evidence"));
            lines.push_back(line);
        }
        const QString who = ReportHtml::tr("Sign-offs, %1:").arg(gateName(g.id)); // text
        t.spanRow(markup(QStringLiteral("<span class=\"muted\">%1</span> %2"))
                      .arg(who, lines.empty()
                                    ? markup(QStringLiteral("<span class=\"muted\">%1</span>"))
                                          .arg(ReportHtml::tr("none."))
                                    : join(lines, markup(QStringLiteral("<br/>")))));
    }
    return h + t.html();
}

namespace
{
QString changeKind(const std::string &kind)
{
    if (kind == "decision")
        return ReportHtml::tr("decision");
    if (kind == "gate")
        return ReportHtml::tr("gate verdict");
    if (kind == "criterion")
        return ReportHtml::tr("criterion verdict");
    if (kind == "run_added")
        return ReportHtml::tr("run added");
    if (kind == "run_removed")
        return ReportHtml::tr("run removed");
    if (kind == "run_changed")
        return ReportHtml::tr("run changed");
    if (kind == "inputs")
        return ReportHtml::tr("review inputs");
    if (kind == "definitions")
        return ReportHtml::tr("gate definitions");
    return QString::fromStdString(kind);
}
} // namespace

Html changesHtml(const ReportData &d, const QLocale &locale)
{
    const ReviewState &r = d.review;
    Html h =
        markup(QStringLiteral("<h2>%1</h2>")).arg(ReportHtml::tr("Changes since the last review"));
    if (!r.lastReview)
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("No review has been recorded yet: all of the evidence "
                                           "in this report is unreviewed."));
    h += markup(QStringLiteral("<p>%1</p>"))
             .arg(markup(
                      ReportHtml::tr("Compared with the review recorded on %1 (evidence hash %2)."))
                      .arg(dateTime(r.lastReview->createdAt, locale),
                           markup(QStringLiteral("<span class=\"mono\">%1…</span>"))
                               .arg(r.lastReview->evidenceHash.substr(0, 16))));
    if (r.changesSinceLastReview.empty())
        return h + markup(QStringLiteral("<p>%1</p>"))
                       .arg(ReportHtml::tr("No change: the evidence is identical."));
    HtmlTable t({{ReportHtml::tr("Change"), 16},
                 {ReportHtml::tr("Subject"), 30},
                 {ReportHtml::tr("Before"), 27},
                 {ReportHtml::tr("Now"), 27}});
    // Lists of run ids come without spaces ("runs 1,9,10"): a space lets them wrap between ids.
    // Spaced in the values before they are rendered (a translation may write "0,25").
    auto spaced = [&locale](const Message &m) {
        const auto space = [](const std::string &s) {
            std::string out;
            for (std::size_t i = 0; i < s.size(); ++i) {
                out += s[i];
                if (s[i] == ',' && i + 1 < s.size() && s[i + 1] != ' ')
                    out += ' ';
            }
            return out;
        };
        if (m.id() == txt::ChangeRuns && m.args().size() == 1)
            return esc(trModelText(Message(txt::ChangeRuns, {space(m.args()[0].text())}), locale));
        if (m.isVerbatim())
            return esc(QString::fromStdString(space(m.english())));
        return esc(trModelText(m, locale));
    };
    for (const ReviewChange &c : r.changesSinceLastReview) {
        Html subject = esc(c.subject);
        if (c.kind == "criterion")
            subject = markup(QStringLiteral("%1<br/><span class=\"id\">%2</span>"))
                          .arg(criterionName(c.subject), c.subject);
        else if (c.kind == "gate")
            subject = esc(gateName(c.subject));
        t.row({esc(changeKind(c.kind)), subject, spaced(c.before), spaced(c.after)});
    }
    return h + t.html();
}

} // namespace tp::report
