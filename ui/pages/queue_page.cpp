#include "queue_page.h"

#include "pilot_controls.h"

#include "model/pilot/pilot.h"
#include "runner/launch/run_queue.h"
#include "runner/launch/target_profiles.h"
#include "runner/orchestrate/pilot_plan.h"
#include "runner/orchestrate/spec_runs.h"
#include "ui/dialogs/launch_dialog.h"
#include "ui/models/queue_model.h"
#include "ui/widgets/alert_list.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tp
{

QueuePage::QueuePage(RunQueue *queue, QWidget *parent)
    : QWidget(parent), m_queue(queue), m_model(new QueueModel(this))
{
    m_newRun = new QPushButton(tr("New runs…"));
    m_newRun->setObjectName(QStringLiteral("newRuns"));
    m_cancelAll = new QPushButton(tr("Cancel all"));
    m_cancelAll->setObjectName(QStringLiteral("cancelAll"));
    m_clearFinished = new QPushButton(tr("Clear finished"));
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    connect(m_newRun, &QPushButton::clicked, this, &QueuePage::openLaunchDialog);
    connect(m_cancelAll, &QPushButton::clicked, m_queue, &RunQueue::cancelAll);
    connect(m_clearFinished, &QPushButton::clicked, this, [this] {
        m_model->removeFinished();
        updateSummary();
    });

    m_table = new QTableView;
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 14);
    QHeaderView *header = m_table->horizontalHeader();
    header->setHighlightSections(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(QueueModel::Progress, QHeaderView::Stretch);
    header->setMinimumSectionSize(60);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &QueuePage::onRowsInserted);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { showLogOf(selectedJobId()); });

    m_logTitle = new QLabel(tr("Log"));
    m_logTitle->setTextFormat(Qt::PlainText); // "Log — <the job's label>"
    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLogLines);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("Select a job to follow its runner's log (stderr)."));
    auto *logBox = new QWidget;
    auto *logLayout = new QVBoxLayout(logBox);
    logLayout->setContentsMargins(0, 0, 0, 0);
    logLayout->addWidget(m_logTitle);
    logLayout->addWidget(m_log);

    m_alerts = new AlertList;
    connect(m_alerts, &AlertList::runActivated, this, &QueuePage::runActivated);

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(m_alerts);
    splitter->addWidget(logBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 2);
    splitter->setChildrenCollapsible(false);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_newRun);
    m_pilot = new PilotControls([this] { return m_queue->databasePath(); }, this);
    QLayout *pilotRow = m_pilot->addTo(buttons);
    buttons->addWidget(m_cancelAll);
    buttons->addWidget(m_clearFinished);
    buttons->addWidget(m_summary, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addLayout(pilotRow);
    layout->addWidget(splitter, 1);

    connectPilot();
    connect(m_queue, &RunQueue::jobChanged, this, &QueuePage::onJobChanged);
    connect(m_queue, &RunQueue::jobFinished, this, &QueuePage::onJobFinished);
    connect(m_queue, &RunQueue::jobLog, this, &QueuePage::onJobLog);
    connect(m_queue, &RunQueue::alertRaised, this, &QueuePage::onAlert);
    for (const QueueJobStatus &job : m_queue->jobs())
        m_model->upsert(job);
    updateSummary();
}

void QueuePage::connectPilot()
{
    m_pilot->setRefusal([this] {
        return m_queue->pendingCount() > 0
                   ? tr("Wait for the queued runs to finish: parallel runs perturb each "
                        "other's timings.")
                   : QString();
    });
    connect(m_pilot, &PilotControls::started, this, [this] {
        m_logs.remove(kPilotLogId);
        m_newRun->setEnabled(false);
        m_table->selectionModel()->clearCurrentIndex(); // selecting any job shows its log again
        showLogOf(kPilotLogId);
    });
    connect(m_pilot, &PilotControls::logLine, this,
            [this](const QString &line) { appendLog(kPilotLogId, line); });
    connect(m_pilot, &PilotControls::finished, this, [this](int exitCode) {
        m_newRun->setEnabled(true);
        Q_EMIT pilotFinished(exitCode);
    });
    connect(m_pilot, &PilotControls::decided, this, &QueuePage::pilotDecided);
}

PilotRun *QueuePage::pilotRun() const
{
    return m_pilot->pilotRun();
}

void QueuePage::runPilot()
{
    m_pilot->runPilot();
}

QList<int> QueuePage::enqueue(const std::vector<RunSpec> &specs, const TargetProfile &target)
{
    QList<int> ids = m_queue->enqueue(specs, target); // rows appear through jobChanged
    if (selectedJobId() == 0 && !ids.isEmpty())
        selectJob(ids.constFirst());
    return ids;
}

QString QueuePage::collectEvidence(const std::vector<EvidenceRequest> &runs,
                                   const PilotDefinition &pilot)
{
    PilotOptions options;
    options.profileDir = traceDirectoryFor(m_queue->databasePath());
    int faultTests = 0;
    const std::vector<PlannedRun> planned = planRequests(pilot, runs, options, &faultTests);
    // Each side's runs on its target, in the order asked.
    std::vector<std::pair<QString, std::vector<RunSpec>>> byTarget;
    for (const PlannedRun &run : planned) {
        auto it = std::find_if(byTarget.begin(), byTarget.end(),
                               [&](const auto &t) { return t.first == run.target; });
        if (it == byTarget.end())
            it = byTarget.insert(byTarget.end(), {run.target, {}});
        it->second.push_back(run.spec);
    }
    QStringList problems;
    int queued = 0;
    for (const auto &[name, specs] : byTarget) {
        QString why;
        const std::optional<TargetProfile> target =
            name == QLatin1String("local")
                ? std::optional<TargetProfile>(TargetProfile::local())
                : resolveTarget(name, TargetProfiles::defaultPath(), {}, &why);
        if (!target) {
            problems << why;
            continue;
        }
        queued += static_cast<int>(enqueue(specs, *target).size());
    }
    QString message = tr("Queued %1 run(s) of the missing evidence.").arg(queued);
    if (faultTests > 0)
        message += QLatin1Char(' ') + tr("The fault test is not a queued run: run it with "
                                         "'torchpilot faulttest' on the candidate's host.");
    if (!problems.isEmpty())
        message += QLatin1Char(' ') + problems.join(QLatin1Char(' '));
    return message;
}

void QueuePage::openLaunchDialog()
{
    auto *dialog = new LaunchDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setMaxParallel(m_queue->maxParallel());
    dialog->setDatabasePath(m_queue->databasePath());
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_queue->setMaxParallel(dialog->maxParallel());
        std::vector<RunSpec> specs = dialog->specs();
        // A local run's trace is kept next to the database (a remote one stays on its host).
        const bool local = dialog->target().isLocal();
        if (local)
            for (RunSpec &s : specs)
                s.profileDir = traceDirectoryFor(m_queue->databasePath());
        enqueue(specs, dialog->target());
    });
    dialog->open();
}

void QueuePage::selectJob(int jobId)
{
    const int row = m_model->rowForJob(jobId);
    if (row >= 0)
        m_table->selectRow(row);
}

int QueuePage::selectedJobId() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? current.data(QueueModel::JobIdRole).toInt() : 0;
}

void QueuePage::onJobChanged(const QueueJobStatus &job)
{
    m_model->upsert(job);
    updateRowWidgets(m_model->rowForJob(job.jobId));
    if (job.runId != 0 && m_announced.value(job.jobId) != job.runId) {
        m_announced.insert(job.jobId, job.runId);
        Q_EMIT runStarted(job.runId);
    }
    updateSummary();
}

void QueuePage::onJobFinished(const QueueJobStatus &job)
{
    QString line = tr("— %1: %2").arg(job.label, QueueModel::stateText(job));
    if (!job.error.isEmpty())
        line += tr(" (%1)").arg(job.error);
    appendLog(job.jobId, line);
    if (job.runId != 0)
        Q_EMIT runFinished(job.runId);
}

void QueuePage::onJobLog(int jobId, const QString &line)
{
    appendLog(jobId, line);
}

void QueuePage::onAlert(int jobId, const RunAlert &alert)
{
    const QueueJobStatus *job = m_model->jobAt(m_model->rowForJob(jobId));
    m_alerts->addAlert(alert, job ? job->label : QString());
    Q_EMIT alertRaised(alert);
}

void QueuePage::showAlertHistory(const std::vector<RunAlert> &newestFirst,
                                 const QHash<long long, QString> &runLabels)
{
    m_alerts->setAlerts(newestFirst, runLabels);
}

void QueuePage::appendLog(int jobId, const QString &line)
{
    QStringList &lines = m_logs[jobId];
    lines << line;
    if (lines.size() > kMaxLogLines)
        lines.remove(0, lines.size() - kMaxLogLines);
    if (jobId == m_shownJob)
        m_log->appendPlainText(line);
}

void QueuePage::showLogOf(int jobId)
{
    m_shownJob = jobId;
    const QueueJobStatus *job = m_model->jobAt(m_model->rowForJob(jobId));
    m_logTitle->setText(jobId == kPilotLogId ? tr("Pilot log")
                        : job                ? tr("Log — %1").arg(job->label)
                                             : tr("Log"));
    m_log->setPlainText(m_logs.value(jobId).join(QLatin1Char('\n')));
    m_log->moveCursor(QTextCursor::End);
}

void QueuePage::onRowsInserted(const QModelIndex &, int first, int last)
{
    for (int row = first; row <= last; ++row) {
        auto *bar = new QProgressBar;
        bar->setRange(0, 1000);
        bar->setTextVisible(true);
        m_table->setIndexWidget(m_model->index(row, QueueModel::Progress), bar);
        auto *cancel = new QToolButton;
        cancel->setText(tr("Cancel"));
        cancel->setAutoRaise(true);
        const int jobId = m_model->index(row, 0).data(QueueModel::JobIdRole).toInt();
        cancel->setToolTip(tr("Queued: remove it. Running: stop the runner (SIGTERM); what it "
                              "measured so far is kept, marked cancelled."));
        connect(cancel, &QToolButton::clicked, this, [this, cancel, jobId] {
            cancel->setEnabled(false);
            cancel->setText(tr("Cancelling…"));
            m_queue->cancel(jobId);
        });
        m_table->setIndexWidget(m_model->index(row, QueueModel::Action), cancel);
        updateRowWidgets(row);
    }
    if (selectedJobId() == 0)
        m_table->selectRow(first);
}

void QueuePage::updateRowWidgets(int row)
{
    const QueueJobStatus *job = m_model->jobAt(row);
    if (!job)
        return;
    const QModelIndex progress = m_model->index(row, QueueModel::Progress);
    if (job->isFinished()) { // the model's text says how it ended; nothing left to cancel
        m_table->setIndexWidget(progress, nullptr);
        m_table->setIndexWidget(m_model->index(row, QueueModel::Action), nullptr);
        return;
    }
    if (auto *bar = qobject_cast<QProgressBar *>(m_table->indexWidget(progress))) {
        const bool busy = job->state == JobState::Running && job->fraction < 0;
        bar->setRange(0, busy ? 0 : 1000); // no fraction yet (first call, warmup): busy bar
        bar->setValue(int(std::max(0.0, job->fraction) * 1000));
        bar->setFormat(QueueModel::progressText(*job));
    }
}

void QueuePage::updateSummary()
{
    const int running = m_queue->runningCount();
    const int pending = m_queue->pendingCount();
    const QString how = m_queue->maxParallel() == 1
                            ? tr("one at a time (parallel runs perturb each other's timings)")
                            : tr("up to %1 at once — parallel runs perturb each other's timings")
                                  .arg(m_queue->maxParallel());
    m_summary->setText(
        tr("%1 running, %2 queued; runs execute %3.").arg(running).arg(pending - running).arg(how));
    m_cancelAll->setEnabled(pending > 0);
    if (pending != m_lastPending) {
        m_lastPending = pending;
        Q_EMIT pendingCountChanged(pending);
    }
}

} // namespace tp
