#include "report_format.h"

#include "ui/format.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace tp::report
{

QFont noLigatures(QFont font)
{
    font.setLetterSpacing(QFont::AbsoluteSpacing, 0.02); // invisible: 1/50 px per character
    return font;
}

Html join(const std::vector<Html> &parts, const Html &separator)
{
    Html out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += i == 0 ? parts[i] : separator + parts[i];
    return out;
}

QString idRanges(std::vector<long long> ids, int maxParts)
{
    if (ids.empty())
        return QStringLiteral("—");
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    QStringList parts;
    std::size_t listed = 0;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
            ++j;
        if (maxParts > 0 && parts.size() >= maxParts)
            break;
        if (j - i >= 2) {
            parts << QStringLiteral("%1–%2").arg(ids[i]).arg(ids[j]);
            listed += j - i + 1;
            i = j + 1;
        } else {
            parts << QString::number(ids[i]);
            ++listed;
            ++i;
        }
    }
    QString text = parts.join(QStringLiteral(", "));
    if (listed < ids.size())
        text += QLatin1Char(' ') + ReportText::tr("… and %n more run(s) (see the appendix)",
                                                  nullptr, int(ids.size() - listed));
    return text;
}

namespace
{
QDateTime parse(const std::string &iso)
{
    QDateTime t = QDateTime::fromString(QString::fromStdString(iso), Qt::ISODateWithMs);
    static const QRegularExpression subMillis(QStringLiteral("(\\.\\d{3})\\d+"));
    if (!t.isValid()) // more than millisecond precision ("…44.873964Z")
        t = QDateTime::fromString(
            QString::fromStdString(iso).replace(subMillis, QStringLiteral("\\1")),
            Qt::ISODateWithMs);
    return t.toUTC();
}
} // namespace

QString dateTime(const std::string &iso, const QLocale &locale)
{
    if (iso.empty())
        return QStringLiteral("—");
    const QDateTime t = parse(iso);
    if (!t.isValid())
        return QString::fromStdString(iso);
    return ReportText::tr("%1 %2 UTC")
        .arg(locale.toString(t.date(), QLocale::ShortFormat),
             t.time().toString(QStringLiteral("HH:mm")));
}

QString date(const std::string &iso, const QLocale &locale)
{
    if (iso.empty())
        return QStringLiteral("—");
    const QDateTime t = parse(iso);
    return t.isValid() ? locale.toString(t.date(), QLocale::LongFormat)
                       : QString::fromStdString(iso);
}

QString number(std::optional<double> v, int decimals, const QLocale &locale)
{
    return v ? locale.toString(*v, 'f', decimals) : QStringLiteral("—");
}

QString money(std::optional<double> v, const std::string &currency, const QLocale &locale)
{
    if (!v)
        return QStringLiteral("—");
    // Two decimals from 1 up; below, three significant digits without an exponent.
    const double a = std::abs(*v);
    const int decimals =
        a >= 1.0 || a == 0.0 ? 2 : std::min(12, 2 - int(std::floor(std::log10(a))));
    const QString amount = locale.toString(*v, 'f', decimals);
    return QStringLiteral("%1 %2").arg(amount, QString::fromStdString(currency));
}

QString verdictLabel(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return ReportText::tr("pass");
    case Verdict::Fail:
        return ReportText::tr("fail");
    case Verdict::Insufficient:
        return ReportText::tr("insufficient evidence");
    }
    return {};
}

QString verdictColor(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("#2e7d32");
    case Verdict::Fail:
        return QStringLiteral("#c62828");
    case Verdict::Insufficient:
        return QStringLiteral("#e65100");
    }
    return {};
}

Html verdictHtml(Verdict v)
{
    return markup(QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>"))
        .arg(verdictColor(v), verdictLabel(v));
}

QString decisionLabel(Decision d)
{
    switch (d) {
    case Decision::Migrate:
        return ReportText::tr("Migrate to the candidate");
    case Decision::KeepCurrentPath:
        return ReportText::tr("Keep the current path");
    case Decision::Inconclusive:
        return ReportText::tr("Inconclusive — keep the current path");
    }
    return {};
}

QString decisionExplanation(Decision d)
{
    switch (d) {
    case Decision::Migrate:
        return ReportText::tr("Every gate passed on valid evidence.");
    case Decision::KeepCurrentPath:
        return ReportText::tr("At least one gate failed.");
    case Decision::Inconclusive:
        return ReportText::tr(
            "No gate failed, but at least one lacks valid evidence; inconclusive evidence "
            "keeps the current path.");
    }
    return {};
}

QString decisionColor(Decision d)
{
    return d == Decision::Migrate           ? QStringLiteral("#2e7d32")
           : d == Decision::KeepCurrentPath ? QStringLiteral("#c62828")
                                            : QStringLiteral("#e65100");
}

QString gateName(const std::string &id)
{
    if (id == "compatibility")
        return ReportText::tr("1. Compatibility");
    if (id == "correctness")
        return ReportText::tr("2. Correctness and precision");
    if (id == "performance")
        return ReportText::tr("3. Performance");
    if (id == "operations")
        return ReportText::tr("4. Operations");
    if (id == "cost")
        return ReportText::tr("5. Cost");
    return QString::fromStdString(id);
}

QString criterionName(const std::string &id)
{
    if (id == "catalog_shapes_in_required_modes")
        return ReportText::tr("Catalog shapes run in every required mode");
    if (id == "no_unsupported_op_failures")
        return ReportText::tr("No failure on an unsupported operator");
    if (id == "no_host_round_trips")
        return ReportText::tr("No host round-trips beyond the baseline's");
    if (id == "outputs_finite")
        return ReportText::tr("Outputs are finite");
    if (id == "precision_within_policy")
        return ReportText::tr("Precision within the policy");
    if (id == "loss_curve_within_tolerance")
        return ReportText::tr("Loss curve within tolerance");
    if (id == "p99_within_slo")
        return ReportText::tr("p99 latency within the SLO");
    if (id == "throughput_vs_baseline")
        return ReportText::tr("Closed-loop throughput against the current path");
    if (id == "throughput_within_slo")
        return ReportText::tr("Throughput within the SLO (peak QPS, server scenario)");
    if (id == "cold_start_and_recompile_reported")
        return ReportText::tr("Cold start and recompilation reported");
    if (id == "checkpoint_resume_within_rpo_rto")
        return ReportText::tr("Checkpoint and resume within RPO/RTO");
    if (id == "distributed_recovery")
        return ReportText::tr("Distributed recovery: one rank lost, group resumed");
    if (id == "batch_deadline_met")
        return ReportText::tr("Batch job: the whole catalog inside its window");
    if (id == "retrieval_recall_at_k")
        return ReportText::tr("Retrieval: recall@k of the frozen sample against the baseline");
    if (id == "no_progress_alerts_absent")
        return ReportText::tr("No no-progress alert");
    if (id == "probes_cover_time_to_ready")
        return ReportText::tr("Kubernetes probes cover the measured time to ready");
    if (id == "rollback_path_recorded")
        return ReportText::tr("Rollback path recorded");
    if (id == "cost_per_useful_result_not_worse")
        return ReportText::tr("Cost per useful result not worse");
    return QString::fromStdString(id);
}

QString hours(double h, const QLocale &locale)
{
    if (h >= 0.1)
        return ReportText::tr("%1 h").arg(locale.toString(h, 'f', 2));
    return fmt::duration(h * 3600.0);
}

void HtmlTable::setFontSize(double points)
{
    m_cellStyle = QStringLiteral(" style=\"font-size:%1pt\"").arg(points);
}

void HtmlTable::row(const std::vector<Html> &cells, const QString &background)
{
    m_rows += background.isEmpty() ? markup(QStringLiteral("<tr>"))
                                   : markup(QStringLiteral("<tr bgcolor=\"%1\">")).arg(background);
    for (std::size_t i = 0; i < cells.size() && i < m_columns.size(); ++i)
        m_rows +=
            markup(QStringLiteral("<td width=\"%1%\"%2%3>%4</td>"))
                .arg(m_columns[i].widthPercent,
                     markup(m_columns[i].right ? QStringLiteral(" align=\"right\"") : QString()),
                     markup(m_cellStyle), cells[i]);
    m_rows += markup(QStringLiteral("</tr>"));
}

void HtmlTable::spanRow(const Html &cell, const QString &background)
{
    m_rows +=
        markup(QStringLiteral("<tr%1><td colspan=\"%2\"%3>%4</td></tr>"))
            .arg(background.isEmpty() ? Html()
                                      : markup(QStringLiteral(" bgcolor=\"%1\"")).arg(background),
                 m_columns.size(), markup(m_cellStyle), cell);
}

Html HtmlTable::html() const
{
    Html h = markup(
        QStringLiteral("<table width=\"100%\" border=\"1\" cellspacing=\"0\" cellpadding=\"3\" "
                       "style=\"border-collapse:collapse; border-color:#b0bec5; "
                       "border-style:solid\"><thead><tr>"));
    for (const Column &c : m_columns)
        h += markup(QStringLiteral("<th width=\"%1%\" bgcolor=\"#eceff1\" align=\"%2\"%3>%4</th>"))
                 .arg(c.widthPercent,
                      markup(c.right ? QStringLiteral("right") : QStringLiteral("left")),
                      markup(m_cellStyle), c.header);
    return h + markup(QStringLiteral("</tr></thead>")) + m_rows +
           markup(QStringLiteral("</table>"));
}

} // namespace tp::report
