#pragma once
// Everything about one run: header (key, configuration, status, start), its error, the alerts
// recorded with it, its data-parallel group, the protocol's figures and the environment it ran in
// (RunFigures), the cold-vs-warm chart and its top operators when it was profiled
// (TopOperatorsView). Reads the run from the store on a worker thread.
#include "model/alerts/alert_rules.h"
#include "model/analysis/run_profile.h"
#include "model/evidence/run_record.h"
#include "ui/charts/cold_warm_chart.h"
#include "ui/store_location.h"
#include "ui/superseding_task.h"

#include "model/analysis/dist_runs.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QStackedWidget;

namespace tp
{

class RunFigures;
class Store;
class TopOperatorsView;
struct RunRecord;

class RunDetailView : public QWidget
{
    Q_OBJECT
public:
    explicit RunDetailView(QWidget *parent = nullptr);
    ~RunDetailView() override;

    // Reads the run, its warmup/steady samples, its alerts and its profile on a worker thread
    // (its own connection to the store's file), then shows them and emits runLoaded(); an unknown
    // id (or a store error) shows the empty state with an explanation. A newer call supersedes it.
    void loadRun(const StoreLocation &store, long long runId);
    // Shows already-loaded data (no store access); no profile: "Not profiled".
    void showRun(const RunRecord &run, const std::vector<double> &warmup,
                 const std::vector<double> &steady, const std::vector<RunAlert> &alerts = {},
                 std::optional<RunProfile> profile = std::nullopt);
    void showEmpty(const QString &message = {});

    long long runId() const { return m_runId; }
    const std::string &runKey() const { return m_runKey; } // of the run shown, else empty
    TopOperatorsView *operators() const { return m_operators; }

Q_SIGNALS:
    void runLoaded(long long runId); // loadRun() finished (0: nothing to show, see the message)

private:
    struct Loaded {
        quint64 generation = 0;
        long long runId = 0;
        std::optional<RunRecord> run;
        std::size_t steadyCount = 0; // the samples themselves stay on the worker
        std::vector<RunAlert> alerts;
        std::optional<DistributedRun> group;
        std::optional<RunProfile> profile;
        ColdWarmBars bars; // the chart's bars, computed with the samples on the worker
        QString error;
        OffThreadPayload payload; // freed through disposeOffThread(), never on the GUI thread
    };
    void applyLoaded(Loaded loaded);
    void showLoaded(const RunRecord &run, const ColdWarmBars &bars, std::size_t steadyCount,
                    const std::vector<RunAlert> &alerts, std::optional<RunProfile> profile);
    QWidget *buildContent();
    void showGroup(const std::optional<DistributedRun> &group);
    void showAlerts(const std::vector<RunAlert> &alerts);

    long long m_runId = 0;
    std::string m_runKey;
    std::shared_ptr<std::atomic<quint64>> m_generation;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_empty = nullptr;
    QLabel *m_title = nullptr, *m_subtitle = nullptr, *m_status = nullptr, *m_started = nullptr;
    QLabel *m_error = nullptr;
    QLabel *m_alerts = nullptr;
    QLabel *m_distributed = nullptr; // the run's data-parallel group, when it is a rank
    RunFigures *m_figures = nullptr;
    ColdWarmChart *m_chart = nullptr;
    TopOperatorsView *m_operators = nullptr; // the run's profiler capture
};

} // namespace tp
