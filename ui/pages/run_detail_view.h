#pragma once
// Everything about one run: header (key, configuration, status, start), the protocol's figures,
// the environment it ran in, its error, the alerts recorded with it, and the cold-vs-warm chart.
#include "model/alerts/alert_rules.h"
#include "model/store/run_record.h"

#include "model/analysis/dist_runs.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

class QFormLayout;
class QLabel;
class QStackedWidget;

namespace tp
{

class ColdWarmChart;
class Store;
struct RunRecord;

class RunDetailView : public QWidget
{
    Q_OBJECT
public:
    explicit RunDetailView(QWidget *parent = nullptr);
    ~RunDetailView() override;

    // Reads the run, its warmup/steady samples and its alerts on a worker thread (its own
    // connection to the store's file), then shows them and emits runLoaded(); an unknown id (or
    // a store error) shows the empty state with an explanation. A newer call supersedes it.
    void loadRun(const Store &store, long long runId);
    // Shows already-loaded data (no store access).
    void showRun(const RunRecord &run, const std::vector<double> &warmup,
                 const std::vector<double> &steady, const std::vector<RunAlert> &alerts = {});
    void showEmpty(const QString &message = {});

    long long runId() const { return m_runId; }
    const std::string &runKey() const { return m_runKey; } // of the run shown, else empty

signals:
    void runLoaded(long long runId); // loadRun() finished (0: nothing to show, see the message)

private:
    struct Loaded {
        quint64 generation = 0;
        long long runId = 0;
        std::optional<RunRecord> run;
        std::vector<double> warmup, steady;
        std::vector<RunAlert> alerts;
        std::optional<DistributedRun> group;
        QString error;
    };
    void applyLoaded(Loaded loaded);
    QWidget *buildContent();
    QWidget *buildFigureGroups(); // from a table of groups and rows
    QLabel *addFigure(QFormLayout *form, const QString &label);

    long long m_runId = 0;
    std::string m_runKey;
    std::shared_ptr<std::atomic<quint64>> m_generation;
    QStackedWidget *m_stack = nullptr;
    void showVerdicts(const RunRecord &run);
    void showAlerts(const std::vector<RunAlert> &alerts);

    QLabel *m_empty = nullptr;
    QLabel *m_title = nullptr, *m_subtitle = nullptr, *m_status = nullptr, *m_started = nullptr;
    QLabel *m_firstCall = nullptr, *m_warmupMean = nullptr, *m_steadyMean = nullptr;
    QLabel *m_p50 = nullptr, *m_p90 = nullptr, *m_p99 = nullptr, *m_throughput = nullptr;
    QLabel *m_finite = nullptr, *m_steadyCount = nullptr, *m_batch = nullptr;
    QLabel *m_threads = nullptr, *m_torch = nullptr, *m_cpu = nullptr, *m_blas = nullptr;
    QLabel *m_host = nullptr, *m_source = nullptr;
    QLabel *m_error = nullptr;
    QLabel *m_alerts = nullptr;
    QLabel *m_distributed = nullptr; // the run's data-parallel group, when it is a rank
    void showGroup(const std::optional<DistributedRun> &group);
    QLabel *m_validity = nullptr, *m_witness = nullptr, *m_precision = nullptr, *m_cache = nullptr,
           *m_resources = nullptr;
    ColdWarmChart *m_chart = nullptr;
};

} // namespace tp
