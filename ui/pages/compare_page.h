#pragma once
// The "Compare" page: check baseline runs and candidate runs (or pick a preset such as eager vs
// compiled for one workload and dtype), name the axis being compared, and read the ratio table
// (bootstrap 95 % intervals, better/worse/inconclusive) and the confounder table, where a factor
// that differs between the sides without being the compared axis is highlighted in amber. Below,
// each side's top operators (OperatorsComparison), from the first of its runs that was profiled.
// tp::compareRuns and tp::runProfile run on a worker thread with its own store connection; a newer
// request supersedes an older one, whose result is dropped.
// By default the page checks the selected pilot's sides: the newest valid run of its baseline side
// against the newest valid run of its candidate side, with the pilot's workload (pilotPreset);
// only when a side has none, the first mode/dtype preset. The default follows the pilot and the
// runs on every reload until the user (or a caller) chooses runs, a preset or an axis: that
// choice (a run checked at least) is kept while the database stays the same.
#include "model/analysis/compare.h"
#include "model/analysis/run_profile.h"
#include "model/analysis/serving_curve.h"
#include "ui/store_location.h"

#include <QList>
#include <QPair>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QTableView;
class QTableWidget;
class QTabWidget;
class QTimer;

namespace tp
{

class CompareModel;
class OperatorsComparison;
class RunCheckModel;
class EndToEndChart;
class ServingCurveChart;
class Store;

class ComparePage : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePage(StoreLocation store, QWidget *parent = nullptr);
    ~ComparePage() override // a running listing's or comparison's result is dropped
    {
        ++*m_generation;
        ++*m_listing;
    }

    // Another database (nullptr: none); the checks are cleared, then reload().
    void setStore(StoreLocation store)
    {
        m_db = std::move(store);
        reload();
    }
    // Re-reads the runs and presets on a worker, keeping the checked runs (same database), and
    // recompares; listed() says when the lists show them.
    void reload();
    bool isListing() const { return m_listingBusy; }
    // Checks exactly these runs on each side, sets the compared axis ("mode", "dtype", … or
    // empty) and compares.
    void setSides(const QList<qlonglong> &baseline, const QList<qlonglong> &candidate,
                  const QString &axis = {});
    // Presets offered (the combo also holds "Custom selection" first).
    int presetCount() const { return static_cast<int>(m_presets.size()); }
    void applyPreset(int index);
    // The runs checked on each side, in list order (newest first).
    QList<qlonglong> baselineChecked() const;
    QList<qlonglong> candidateChecked() const;
    // Shows the tab "comparison", "operators" or "serving"; false for another name.
    bool showTab(const QString &name);
    // True while the checks are the page's default (the pilot's sides), no one's choice.
    bool showsDefault() const { return !m_userChoice; }

    const Comparison &comparison() const { return m_comparison; }
    CompareModel *model() const { return m_model; }
    OperatorsComparison *operators() const { return m_operators; }
    // Both sides' latency–throughput curves (server scenario) on one plot: the checked server
    // runs of each side, else the pilot's sides' server runs.
    ServingCurveChart *servingChart() const { return m_serving; }
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    // A run was double-clicked in a list: show it.
    void showRuns(const QList<qlonglong> &runIds, const QString &title);
    // A comparison was applied, or could not be made (`error` says why).
    void computed(const QString &error);
    // reload() finished: the lists and presets show the database's runs.
    void listed();

private:
    struct Result {
        quint64 generation = 0;
        Comparison comparison;
        QString error;
        QString baselineLabel, candidateLabel; // the pilot's, when the sides are its runs
        std::optional<RunProfile> baselineProfile, candidateProfile; // a profiled run's each
        ServingCurve baselineServing, candidateServing;
        double sloSeconds = 0;
        bool servingFromPilot = false; // no checked server run: the pilot's sides' curves
    };

    struct Listing {
        quint64 generation = 0;
        std::string path;
        std::vector<ComparePreset> presets;
        int defaultPreset = -1;                 // the pilot's preset, else the first; -1: none
        QList<QPair<qlonglong, QString>> items; // run id and its label, newest first
        QString error;
    };
    void applyListing(Listing listing);
    void applyDefault(int preset); // the page's own choice: kept only until a reload
    QWidget *buildSides();
    QWidget *buildResults();
    QList<qlonglong> checked(RunCheckModel *list) const;
    void check(RunCheckModel *list, const QList<qlonglong> &ids);
    void compareNow();
    void apply(const Result &result);
    void showConfounders(const std::vector<Confounder> &confounders);

    StoreLocation m_db;       // never a connection: workers open their own
    std::string m_listedPath; // database whose runs the lists show
    std::vector<ComparePreset> m_presets;
    QComboBox *m_preset = nullptr, *m_axis = nullptr;
    RunCheckModel *m_baseline = nullptr, *m_candidate = nullptr; // the two sides' lists
    QTableView *m_table = nullptr;
    QTableWidget *m_confounders = nullptr;
    QLabel *m_state = nullptr, *m_notes = nullptr;
    QTimer *m_debounce = nullptr;
    CompareModel *m_model = nullptr;
    OperatorsComparison *m_operators = nullptr; // each side's top operators
    ServingCurveChart *m_serving = nullptr;
    EndToEndChart *m_endToEnd = nullptr; // each side's time, part by part (issue 43)
    QLabel *m_servingNote = nullptr;
    QTabWidget *m_tabs = nullptr;
    Comparison m_comparison;
    bool m_busy = false;
    bool m_userChoice = false; // the checks (or the axis) are a user's or caller's, not the default
    std::shared_ptr<std::atomic<quint64>> m_generation;
    std::shared_ptr<std::atomic<quint64>> m_listing = std::make_shared<std::atomic<quint64>>(0);
    bool m_listingBusy = false;
};

} // namespace tp
