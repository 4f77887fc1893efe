#include "charts_page.h"

#include "frontend/model_text_tr.h"
#include "frontend/settings.h"
#include "model/session/chart_data_loader.h"
#include "model/session/chart_session.h"
#include "model/store/store.h"
#include "ui/charts/break_even_table.h"
#include "ui/charts/cache_state_chart.h"
#include "ui/charts/latency_chart.h"
#include "ui/charts/phase_chart.h"
#include "ui/charts/serving_curve_chart.h"
#include "ui/charts/serving_queue_chart.h"
#include "ui/charts/speedup_chart.h"
#include "ui/charts/throughput_chart.h"
#include "ui/charts/trace_chart.h"
#include "ui/format.h"
#include "ui/widgets/scroll_page.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <atomic>

namespace tp
{

ChartsPage::ChartsPage(const StoreLocation &store, Settings *settings, QWidget *parent)
    : QWidget(parent), m_settings(settings),
      m_session(store.isNull() ? nullptr : std::make_shared<ChartSession>(store.path, store.policy))
{
    m_pool.setMaxThreadCount(1); // one connection, one query at a time; newer requests cancel

    // Header labels never change their size hint: a relayout would resize (and redraw) every
    // chart below on each selection.
    m_selection = new QLabel;
    m_selection->setTextFormat(Qt::RichText); // the bold run key; every stored value escaped
    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_selection->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_status = new QLabel;
    m_status->setFixedWidth(m_status->fontMetrics().horizontalAdvance(tr("Loading…")) + 12);
    m_kind = new QComboBox;
    m_kind->addItem(tr("Histogram"));
    m_kind->addItem(tr("CDF"));
    m_kind->setToolTip(tr("How the latency distribution is drawn"));
    if (m_settings && m_settings->latencyChartKind() == Settings::LatencyChartKind::Cdf)
        m_kind->setCurrentIndex(1);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ChartsPage::setLatencyKind);

    auto *header = new QHBoxLayout;
    header->addWidget(m_selection, 1);
    header->addWidget(m_status);
    header->addWidget(new QLabel(tr("Latency:")));
    header->addWidget(m_kind);

    m_latency = new LatencyChart;
    m_latency->setKind(m_kind->currentIndex() == 1 ? LatencyChart::Kind::Cdf
                                                   : LatencyChart::Kind::Histogram);
    m_trace = new TraceChart;
    m_phase = new PhaseChart;
    m_cache = new CacheStateChart;
    m_throughput = new ThroughputChart;
    m_speedup = new SpeedupChart;
    auto *grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    // The pilot's break-even first: it needs no selected run. The phase and throughput charts
    // have many categories/points: they get whole rows.
    m_breakEven = new BreakEvenTable;
    grid->addWidget(m_breakEven, 0, 0, 1, 2);
    // The pilot's serving evidence, pilot-level like the break-even: both sides' latency–
    // throughput curves (server scenario).
    m_serving = new ServingCurveChart;
    m_serving->setMinimumHeight(300);
    m_servingQueue = new ServingQueueChart;
    m_servingQueue->setMinimumHeight(260);
    auto *serving = new QHBoxLayout;
    serving->addWidget(m_serving, 3);
    serving->addWidget(m_servingQueue, 2);
    grid->addLayout(serving, 1, 0, 1, 2);
    grid->addWidget(m_latency, 2, 0);
    grid->addWidget(m_trace, 2, 1);
    grid->addWidget(m_phase, 3, 0, 1, 2);
    grid->addWidget(m_speedup, 4, 0);
    grid->addWidget(m_cache, 4, 1);
    grid->addWidget(m_throughput, 5, 0, 1, 2);
    auto *content = new QWidget;
    content->setLayout(grid);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(scrollPage(content), 1);
    clear();
    prewarm();
}

void ChartsPage::prewarm()
{
    // Open the worker's connection and build its run index now, not on the first selection.
    if (std::shared_ptr<ChartSession> session = m_session)
        m_pool.start([session] { session->prewarm(); });
}

ChartsPage::~ChartsPage()
{
    if (m_session)
        m_session->supersede(++m_generation); // anything still running stops at its next check
    m_pool.waitForDone();
}

void ChartsPage::setStore(const StoreLocation &store)
{
    if (m_session)
        m_session->supersede(++m_generation);
    // A new connection; the old one closes with the last job holding it.
    m_session = store.isNull() ? nullptr : std::make_shared<ChartSession>(store.path, store.policy);
    m_breakEven->clear();
    m_breakEvenStale = true;
    clear();
    prewarm();
}

void ChartsPage::showDefaultRun()
{
    if (m_runId > 0)
        clear();
}

void ChartsPage::clear()
{
    if (m_session)
        m_session->supersede(++m_generation);
    m_runId = 0;
    m_defaultRunId = 0;
    m_runIds.clear();
    m_loading = false;
    m_selection->setText(tr("Select a run on the Runs page to chart it with its siblings."));
    m_selection->setToolTip(QString());
    m_status->clear();
    clearCharts();
    m_pending = true; // the default run (and the break-even when stale)
    if (isVisible())
        startLoad();
}

void ChartsPage::clearCharts()
{
    m_groupKey.clear();
    m_speedupKey.clear();
    m_cacheKey.clear();
    m_latency->clear();
    m_trace->clear();
    m_phase->clear();
    m_cache->clear();
    m_throughput->clear();
    m_speedup->clear();
}

void ChartsPage::showRun(long long runId)
{
    showRuns(runId, {});
}

void ChartsPage::showRuns(long long focusRunId, const QList<long long> &runIds)
{
    if (focusRunId <= 0) {
        clear();
        return;
    }
    m_runId = focusRunId;
    m_runIds = runIds;
    m_pending = true;
    if (isVisible())
        startLoad();
}

void ChartsPage::reload()
{
    m_groupKey.clear();
    m_speedupKey.clear();
    m_cacheKey.clear();
    m_breakEvenStale = true;
    if (m_session)
        m_session->markIndexStale(); // runs may have changed without changing their count
    if (m_runId > 0) {
        showRuns(m_runId, m_runIds);
    } else {
        m_pending = true; // the default run, picked again: newer runs may have samples
        if (isVisible())
            startLoad();
    }
}

void ChartsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_pending)
        startLoad();
}

void ChartsPage::startLoad()
{
    m_pending = false;
    if (!m_session)
        return;
    const quint64 generation = ++m_generation;
    m_session->supersede(generation);
    // A run's charts, the chosen run's or the default's (apply() ends it, with or without a run).
    m_loading = true;
    m_status->setText(tr("Loading…"));
    ChartRequest request;
    request.runId = m_runId;
    request.defaultFocus = m_runId <= 0;
    request.runIds.assign(m_runIds.begin(), m_runIds.end());
    request.breakEven = m_breakEvenStale;
    std::shared_ptr<ChartSession> session = m_session;
    ChartsPage *page = this; // alive while the job runs: the destructor waits for the pool
    m_pool.start([page, session, request, generation] {
        auto data = std::make_shared<const ChartData>(session->load(request, generation));
        // Back on the GUI thread; a posted call dies with its receiver if the page is gone.
        QMetaObject::invokeMethod(
            page,
            [page, generation, data] {
                if (generation == page->m_generation && !data->cancelled)
                    page->apply(*data); // else superseded: a newer request is on its way
            },
            Qt::QueuedConnection);
    });
}

void ChartsPage::apply(const ChartData &data)
{
    m_loading = false;
    m_status->clear();
    if (m_runId <= 0) // the request was for the default run
        m_defaultRunId = data.focusRunId;
    if (data.breakEvenLoaded) {
        m_breakEvenStale = false;
        m_breakEven->setRows(data.breakEven, trModelText(data.baselineLabel),
                             trModelText(data.candidateLabel));
        std::vector<ServingCurveSide> serving{
            {trModelText(data.baselineLabel), data.baselineServing},
            {trModelText(data.candidateLabel), data.candidateServing}};
        m_servingQueue->setCurves(serving);
        m_serving->setCurves(std::move(serving), data.sloSeconds);
        Q_EMIT breakEvenUpdated();
    }
    if (data.focusRunId <= 0) { // no run has steady samples: only the break-even
        clearCharts();
        m_selection->setToolTip(QString());
        m_selection->setText(
            !data.error.empty()
                ? tr("Cannot compute the break-even: %1")
                      .arg(QString::fromStdString(data.error))
                      .toHtmlEscaped()
                : tr("No run has steady samples yet. Select a run on the Runs page to chart it "
                     "with its siblings."));
        return;
    }
    if (!data.error.empty() || !data.focus) {
        const QString message = tr("Cannot chart run %1: %2")
                                    .arg(data.focusRunId)
                                    .arg(QString::fromStdString(data.error));
        clearCharts();
        m_selection->setText(message.toHtmlEscaped());
        Q_EMIT loadFailed(data.focusRunId, message);
        return;
    }
    const RunRecord &focus = *data.focus;
    const QString prefix = QString::fromStdString(ChartQueries::runKeyPrefix(focus.runKey));
    m_selection->setToolTip(fmt::plainToolTip(
        data.defaultFocus
            ? tr("Charted by default: the newest run with steady samples (the selected pilot's "
                 "candidate side first) and the runs launched with the same run-key prefix "
                 "(%1/…). Select a run on the Runs page to chart another.")
                  .arg(prefix)
            : tr("Charted: the selected run and the runs launched with the same "
                 "run-key prefix (%1/…)")
                  .arg(prefix)));
    // One pass: a "%2" inside the run key stays as it is.
    m_selection->setText(
        tr("<b>%1</b> — %2 runs in the selection; %3 comparable (%4 · %5 · %6)")
            .arg(fmt::fromStd(focus.runKey).toHtmlEscaped(), QString::number(data.selection.size()),
                 QString::number(data.group.size()), fmt::fromStd(focus.workload).toHtmlEscaped(),
                 fmt::fromStd(focus.dtype).toHtmlEscaped(),
                 fmt::fromStd(focus.device).toHtmlEscaped()));
    m_latency->setLatency(focus, data.latency);
    m_trace->setTrace(focus, data.latency);
    // Switching between runs of one group leaves the group charts as they are; the cache-state
    // chart depends only on the workload/dtype/device and its figures.
    const std::string groupKey = data.groupKey();
    if (groupKey != m_groupKey) {
        m_groupKey = groupKey;
        m_phase->setRuns(data.group, data.shapeCases);
        m_throughput->setRuns(data.group, data.shapeCases);
    }
    std::string speedupKey = groupKey;
    if (data.speedup)
        speedupKey += "|s" + std::to_string(data.speedup->baselineRunId) + '/' +
                      std::to_string(data.speedup->candidateRunId);
    if (speedupKey != m_speedupKey) {
        m_speedupKey = speedupKey;
        m_speedup->setSpeedup(data.group, data.speedup);
    }
    std::string cacheKey = focus.workload + '|' + focus.dtype + '|' + focus.device;
    for (const CacheStateGroup &g : data.cacheStates)
        cacheKey += '|' + g.mode + '/' + g.cacheState + '/' + std::to_string(g.runs) + '/' +
                    std::to_string(g.medianSeconds);
    if (cacheKey != m_cacheKey) {
        m_cacheKey = cacheKey;
        m_cache->setGroups(focus, data.cacheStates);
    }
    Q_EMIT chartsUpdated(focus.id);
}

void ChartsPage::setLatencyKind(int index)
{
    const bool cdf = index == 1;
    m_latency->setKind(cdf ? LatencyChart::Kind::Cdf : LatencyChart::Kind::Histogram);
    if (m_settings)
        m_settings->setLatencyChartKind(cdf ? Settings::LatencyChartKind::Cdf
                                            : Settings::LatencyChartKind::Histogram);
}

} // namespace tp
