#pragma once
// The "Charts" page: cold-vs-warm evidence for a selection of runs.
//
// Selection: the focus run (the run selected in the Runs table) plus its siblings — the runs
// whose run key has the same launch prefix (the text before the first '/', e.g. "pilot-7" in
// "pilot-7/mlp/eager/float32"): one `torchpilot run` launches eager and compiled, each dtype, in
// one prefix, which is exactly what the comparisons need. showRuns() charts an explicit set
// instead. Of the selection, the runs with the focus's workload, dtype and device form the
// comparison group (modes and cache states side by side). With no run chosen (showDefaultRun()),
// the worker picks the focus: the newest run with steady samples, the selected pilot's candidate
// side first (ChartDataLoader::defaultRun), re-picked on every reload; never a run without
// samples (a fault test) while one with samples exists.
//
// Charts: latency distribution of the focus (histogram or CDF, p50/p90/p99 markers), its
// per-iteration trace, first call vs warmup vs steady per mode and shape, first call cold vs warm
// cache (every run of that workload/dtype/device in the database), throughput vs batch size,
// eager → compiled speedup per shape with the geometric mean.
//
// Loading never blocks the GUI: a worker thread (QThreadPool, one thread) with its own Store
// connection reads and reduces the data (ChartDataLoader) and posts the result back; a newer
// request cancels an older one and superseded results are dropped. While the page is hidden,
// requests are remembered and loaded when it is shown.
#include "ui/store_location.h"
#include <QList>
#include <QThreadPool>
#include <QWidget>

#include <memory>
#include <string>

class QComboBox;
class QLabel;

namespace tp
{

class BreakEvenTable;
class CacheStateChart;
class ChartSession;
class LatencyChart;
class PhaseChart;
class Settings;
class SpeedupChart;
class Store;
class ThroughputChart;
class ServingCurveChart;
class ServingQueueChart;
class TraceChart;
struct ChartData;

class ChartsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ChartsPage(const StoreLocation &store, Settings *settings = nullptr,
                        QWidget *parent = nullptr);
    ~ChartsPage() override;

    void setStore(const StoreLocation &store); // the page reads through its own connection
    void showRun(long long runId);
    void showRuns(long long focusRunId, const QList<long long> &runIds);
    // Re-reads the current selection, and the worker's run index (siblings, first calls): call
    // when runs were added or changed (after an import, when a run finishes).
    void reload();
    // No run chosen: chart the default run (see above); nothing to do when already so.
    void showDefaultRun();

    // The charted run: the chosen one, else the default (0: none, or not known yet).
    long long runId() const { return m_runId > 0 ? m_runId : m_defaultRunId; }
    bool showsDefaultRun() const { return m_runId <= 0; }
    bool isLoading() const { return m_loading; }

    LatencyChart *latencyChart() const { return m_latency; }
    TraceChart *traceChart() const { return m_trace; }
    PhaseChart *phaseChart() const { return m_phase; }
    CacheStateChart *cacheStateChart() const { return m_cache; }
    ThroughputChart *throughputChart() const { return m_throughput; }
    ServingCurveChart *servingChart() const { return m_serving; }
    ServingQueueChart *servingQueueChart() const { return m_servingQueue; }
    SpeedupChart *speedupChart() const { return m_speedup; }
    BreakEvenTable *breakEvenTable() const { return m_breakEven; }

Q_SIGNALS:
    // The charts now show this run's selection (emitted after they were rebuilt).
    void chartsUpdated(long long runId);
    void loadFailed(long long runId, const QString &message);
    // The pilot's break-even table was recomputed (with or without a selected run).
    void breakEvenUpdated();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void prewarm();
    void clear(); // forgets the chosen run: the default is loaded (now, or when shown)
    void startLoad();
    void clearCharts();
    void apply(const ChartData &data);
    void setLatencyKind(int index);

    Settings *m_settings = nullptr;
    long long m_runId = 0;        // the chosen run; 0: the default
    long long m_defaultRunId = 0; // what the worker picked as the default (0: none)
    QList<long long> m_runIds;    // explicit selection; empty = siblings
    bool m_pending = false, m_loading = false;
    quint64 m_generation = 0;
    // Inputs of the phase/throughput, speedup and cache-state charts now drawn: a chart whose
    // inputs did not change is not rebuilt (QtCharts rebuilds cost ~10 ms each).
    std::string m_groupKey, m_speedupKey, m_cacheKey;
    std::shared_ptr<ChartSession> m_session; // the worker's connection and run index
    QThreadPool m_pool;

    QLabel *m_selection = nullptr;
    QLabel *m_status = nullptr;
    QComboBox *m_kind = nullptr;
    LatencyChart *m_latency = nullptr;
    TraceChart *m_trace = nullptr;
    PhaseChart *m_phase = nullptr;
    CacheStateChart *m_cache = nullptr;
    ThroughputChart *m_throughput = nullptr;
    ServingCurveChart *m_serving = nullptr;
    ServingQueueChart *m_servingQueue = nullptr;
    SpeedupChart *m_speedup = nullptr;
    BreakEvenTable *m_breakEven = nullptr;
    bool m_breakEvenStale = true; // runs or pilots changed since the table was computed
};

} // namespace tp
