#pragma once
// The "Queue" page: the jobs of a RunQueue with a progress bar, elapsed time, ETA and a cancel
// button each, the alerts raised so far, and the live runner log of the selected job. Everything
// it shows arrives through the queue's queued signals (the alert history is handed in by whoever
// owns the database); the page itself never touches the database. "Run pilot" collects the
// selected pilot's evidence on a worker thread (PilotRun, queue_page_pilot.cpp): its steps in a
// progress bar, its runs and trials in the log view.
#include "model/alerts/alert_rules.h"
#include "model/review/gates.h"
#include "runner/launch/run_spec.h"
#include "runner/launch/target_profile.h"

#include <QHash>
#include <QStringList>
#include <QWidget>

#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLayout;
class QModelIndex;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace tp
{

class AlertList;
class PilotControls;
class PilotRun;
class QueueModel;
class RunQueue;
struct PilotDefinition;
struct QueueJobStatus;

class QueuePage : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxLogLines = 2000; // per job, oldest lines dropped first
    static constexpr int kPilotLogId = -1;    // the pilot's output, kept like a job's log

    // The page does not own the queue; it must outlive the page.
    explicit QueuePage(RunQueue *queue, QWidget *parent = nullptr);

    RunQueue *queue() const { return m_queue; }
    QueueModel *model() const { return m_model; }
    AlertList *alertList() const { return m_alerts; }
    // Lists alerts raised before (newest first), e.g. the database's recent ones; replaces the
    // list.
    void showAlertHistory(const std::vector<RunAlert> &newestFirst,
                          const QHash<long long, QString> &runLabels = {});
    QList<int> enqueue(const std::vector<RunSpec> &specs,
                       const TargetProfile &target = TargetProfile::local());
    // Queues the runs open criteria ask for (the Review page's "Collect missing evidence"), as the
    // pilot runs its sides, each on its side's target; says what was queued and what was not.
    QString collectEvidence(const std::vector<EvidenceRequest> &runs, const PilotDefinition &pilot);
    void selectJob(int jobId);
    int selectedJobId() const; // 0 when none
    PilotRun *pilotRun() const;

public Q_SLOTS:
    // Opens the launch dialog (window-modal, no nested event loop); OK enqueues its runs.
    void openLaunchDialog();
    // Runs the selected pilot with the chosen preset on the queue's database, unless runs are
    // queued (they would perturb each other's timings).
    void runPilot();

Q_SIGNALS:
    void runStarted(long long runId);    // a queued job's runner announced its run (row exists)
    void runFinished(long long runId);   // the run's final status is in the database
    void pendingCountChanged(int count); // queued + running jobs
    void alertRaised(const tp::RunAlert &alert); // recorded already; shown in the list
    void runActivated(long long runId);          // the user asked to see this run
    void pilotFinished(int exitCode);            // the pilot ended; its runs are stored
    void pilotDecided(); // the pilot ran to its end: the Review page has its decision

private:
    void onJobChanged(const QueueJobStatus &job);
    void onJobFinished(const QueueJobStatus &job);
    void onJobLog(int jobId, const QString &line);
    void onAlert(int jobId, const RunAlert &alert);
    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void appendLog(int jobId, const QString &line);
    void updateRowWidgets(int row);
    void showLogOf(int jobId);
    void updateSummary();
    // The pilot's controls, their log (kPilotLogId) and the buttons it locks.
    void connectPilot();

    RunQueue *m_queue = nullptr;
    QueueModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_summary = nullptr, *m_logTitle = nullptr;
    QPushButton *m_newRun = nullptr, *m_cancelAll = nullptr, *m_clearFinished = nullptr;
    QPlainTextEdit *m_log = nullptr;
    AlertList *m_alerts = nullptr;
    PilotControls *m_pilot = nullptr;
    QHash<int, QStringList> m_logs;    // by job id
    QHash<int, long long> m_announced; // job id -> run id already announced by runStarted
    int m_shownJob = 0;
    int m_lastPending = -1;
};

} // namespace tp
