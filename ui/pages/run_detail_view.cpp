#include "run_detail_view.h"

#include "run_figures.h"

#include "model/contract/contract.h"
#include "model/store/alert_store.h"
#include "model/store/dist_run_rows.h"
#include "model/store/store.h"
#include "runner/launch/alert_text.h"
#include "ui/format.h"
#include "ui/superseding_task.h"
#include "ui/widgets/alert_list.h"
#include "ui/widgets/top_operators_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace tp
{

RunDetailView::RunDetailView(QWidget *parent)
    : QWidget(parent), m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    m_stack = new QStackedWidget(this);
    m_empty = new QLabel(this);
    m_empty->setTextFormat(Qt::PlainText); // may quote a database error
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(buildContent());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    showEmpty();
}

QWidget *RunDetailView::buildContent()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(12, 8, 8, 8);

    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText); // the run key
    m_status = new QLabel;
    QFont statusFont = m_status->font();
    statusFont.setBold(true);
    m_status->setFont(statusFont);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_title, 1);
    titleRow->addWidget(m_status);
    layout->addLayout(titleRow);

    m_subtitle = new QLabel;
    m_subtitle->setTextFormat(Qt::PlainText); // workload, mode, dtype, device, target
    m_started = new QLabel;
    m_started->setTextFormat(Qt::PlainText);
    m_started->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto *subRow = new QHBoxLayout;
    subRow->addWidget(m_subtitle, 1);
    subRow->addWidget(m_started);
    layout->addLayout(subRow);

    m_error = new QLabel;
    m_error->setTextFormat(Qt::PlainText); // the runner's error message
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(
        QStringLiteral("QLabel { color: #c62828; border: 1px solid #e0a0a0; "
                       "border-radius: 3px; padding: 4px; background: #fdf0f0; }"));
    layout->addWidget(m_error);

    m_alerts = new QLabel;
    m_alerts->setObjectName(QStringLiteral("runAlerts"));
    m_alerts->setWordWrap(true);
    m_alerts->setTextFormat(Qt::RichText);
    m_alerts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_alerts);

    m_distributed = new QLabel;
    m_distributed->setTextFormat(Qt::PlainText);
    m_distributed->setObjectName(QStringLiteral("runGroup"));
    m_distributed->setWordWrap(true);
    m_distributed->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_distributed->setStyleSheet(QStringLiteral(
        "QLabel#runGroup { border: 1px solid #8aa4c8; border-radius: 3px; padding: 4px; "
        "background: #eef3fa; }"));
    m_distributed->hide();
    layout->addWidget(m_distributed);

    // Figures in a column on the left, the chart beside them: the page sits under the runs
    // table, so width is plentiful and height is not.
    m_chart = new ColdWarmChart;
    auto *body = new QHBoxLayout;
    body->addWidget(m_figures = new RunFigures);
    body->addWidget(m_chart, 1);
    layout->addLayout(body, 3);
    // Below them, where the time goes: a line, and a table when the run was profiled.
    layout->addWidget(m_operators = new TopOperatorsView, 2);
    return page;
}

void RunDetailView::showEmpty(const QString &message)
{
    ++*m_generation; // a load still running must not replace this
    m_runId = 0;
    m_runKey.clear();
    m_empty->setText(message.isEmpty() ? tr("Select a run to see its figures.") : message);
    m_chart->clear();
    m_stack->setCurrentIndex(0);
}

RunDetailView::~RunDetailView()
{
    ++*m_generation; // a load still running is dropped
}

void RunDetailView::loadRun(const StoreLocation &store, long long runId)
{
    const quint64 generation = ++*m_generation;
    runSuperseding<Loaded>(
        this, m_generation,
        [store, generation, runId] {
            Loaded l;
            l.generation = generation;
            l.runId = runId;
            try {
                const std::unique_ptr<Store> own = store.open(); // this worker's connection
                l.run = own->run(runId);
                if (l.run) {
                    // The samples serve the chart's bars and the count only: read, used and
                    // freed here, never handed to the GUI thread.
                    const std::vector<double> steady = own->samples(runId, phase::Steady);
                    l.steadyCount = steady.size();
                    l.bars =
                        ColdWarmBars::compute(*l.run, own->samples(runId, phase::Warmup), steady);
                    l.alerts = AlertStore(*own).forRun(runId);
                    l.group = distributedRunOf(*own, runId);
                    try { // the run is shown even when its profile cannot be read
                        l.profile = runProfile(*own, runId);
                    } catch (const std::exception &e) {
                        l.profile = RunProfile{};
                        l.profile->error = e.what();
                    }
                }
            } catch (const std::exception &e) {
                l.error = tr("Cannot read run %1: %2").arg(runId).arg(QString::fromUtf8(e.what()));
            }
            return l;
        },
        [this](Loaded l) { applyLoaded(std::move(l)); });
}

void RunDetailView::applyLoaded(Loaded l)
{
    if (!l.error.isEmpty())
        showEmpty(l.error);
    else if (!l.run)
        showEmpty(tr("Run %1 is not in the store.").arg(l.runId));
    else
        showLoaded(*l.run, l.bars, l.steadyCount, l.alerts, std::move(l.profile));
    showGroup(l.run ? l.group : std::nullopt);
    disposeOffThread(std::move(l)); // its profile, alerts and group: freed off the GUI thread
    Q_EMIT runLoaded(m_runId);
}

// A rank of a data-parallel run: the group's aggregate throughput, every rank's, the slowest.
void RunDetailView::showGroup(const std::optional<DistributedRun> &group)
{
    m_distributed->setVisible(group.has_value());
    if (!group)
        return;
    int rank = -1;
    long long ok = 0;
    QStringList ranks;
    for (const RankRun &r : group->ranks) {
        if (r.runId == m_runId)
            rank = r.rank;
        ok += r.status == "ok";
        ranks << tr("rank %1 (#%2) %3/s")
                     .arg(r.rank)
                     .arg(r.runId)
                     .arg(fmt::throughput(r.samplesPerSecond));
    }
    const QString state = group->complete()
                              ? tr("all ranks stored and ok")
                              : tr("%1 of %2 ranks stored and ok").arg(ok).arg(group->worldSize);
    m_distributed->setText(
        tr("Rank %1 of %2, data-parallel (%3): aggregate %4 samples/s, slowest rank %5 — %6")
            .arg(rank)
            .arg(group->worldSize)
            .arg(state, fmt::throughput(group->aggregateSamplesPerSecond))
            .arg(group->slowestRank)
            .arg(ranks.join(QStringLiteral("; "))));
}

// One line per alert recorded with the run, its dot in the severity's colour; the box takes
// the colour of the worst.
void RunDetailView::showAlerts(const std::vector<RunAlert> &alerts)
{
    m_alerts->setVisible(!alerts.empty());
    if (alerts.empty())
        return;
    AlertSeverity worst = AlertSeverity::Warning;
    QStringList lines;
    for (const RunAlert &a : alerts) {
        const AlertSeverity s = alertSeverity(a.kind);
        if (s == AlertSeverity::Critical)
            worst = s;
        lines << tr("<span style=\"color:%1\">&#9679;</span> <b>%2</b> (%3): %4")
                     .arg(AlertList::severityColor(s).name(),
                          AlertText::kindName(a.kind).toHtmlEscaped(),
                          fmt::timestamp(a.raisedAt).toHtmlEscaped(),
                          AlertText::message(a).toHtmlEscaped());
    }
    m_alerts->setText(tr("Alerts recorded with this run:") + QStringLiteral("<br>") +
                      lines.join(QStringLiteral("<br>")));
    m_alerts->setStyleSheet(
        QStringLiteral("QLabel#runAlerts { border: 1px solid %1; border-radius: 3px; padding: 4px; "
                       "background: %2; }")
            .arg(AlertList::severityColor(worst).name(),
                 AlertList::severityBackground(worst).name()));
}

void RunDetailView::showRun(const RunRecord &run, const std::vector<double> &warmup,
                            const std::vector<double> &steady, const std::vector<RunAlert> &alerts,
                            std::optional<RunProfile> profile)
{
    showLoaded(run, ColdWarmBars::compute(run, warmup, steady), steady.size(), alerts,
               std::move(profile));
}

// Texts, the figures and the chart's bars. The chart's geometry does not depend on what it shows
// (it repaints, nothing is laid out again), and a style sheet is set only when the status colour
// changes (setting one re-polishes the widget).
void RunDetailView::showLoaded(const RunRecord &run, const ColdWarmBars &bars,
                               std::size_t steadyCount, const std::vector<RunAlert> &alerts,
                               std::optional<RunProfile> profile)
{
    ++*m_generation; // a load still running must not replace this
    m_runId = run.id;
    m_distributed->hide(); // loadRun() shows the group once it is read
    m_runKey = run.runKey;
    m_title->setText(run.runKey.empty() ? tr("Run %1").arg(run.id) : fmt::fromStd(run.runKey));
    const QString sep = QStringLiteral("  ·  ");
    m_subtitle->setText(QStringList{fmt::fromStd(run.workload), fmt::fromStd(run.mode),
                                    fmt::fromStd(run.dtype), fmt::fromStd(run.device),
                                    fmt::fromStd(run.target)}
                            .join(sep));
    m_status->setText(fmt::statusLabel(run.status).toUpper());
    const QString statusStyle =
        QStringLiteral("QLabel { color: white; background: %1; border-radius: 3px; "
                       "padding: 2px 8px; }")
            .arg(fmt::statusColor(run.status).name());
    if (m_status->styleSheet() != statusStyle)
        m_status->setStyleSheet(statusStyle);
    m_started->setText(tr("#%1 · started %2").arg(run.id).arg(fmt::timestamp(run.startedAt)));

    m_figures->showRun(run, steadyCount);
    m_error->setVisible(!run.error.empty());
    m_error->setText(tr("Error: %1").arg(fmt::fromStd(run.error)));
    showAlerts(alerts);

    m_chart->setBars(bars);
    m_operators->setProfile(std::move(profile));
    m_stack->setCurrentIndex(1);
}

} // namespace tp
