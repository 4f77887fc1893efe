#pragma once
// The "Panels" page: the article's three observability panels (Business, Application,
// Infrastructure) as cards of big figures over a filtered selection of runs. Every figure is a
// button that asks, through showRuns(), to list the runs behind it. Figures are computed by
// tp::computePanels on a worker thread with its own store connection; a newer reload cancels
// and supersedes an older one, whose result is dropped.
#include "model/analysis/panels.h"
#include "ui/store_location.h"

#include <QFont>
#include <QList>
#include <QWidget>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QScrollArea;

namespace tp
{

class EndToEndChart;
class Store;

class PanelsPage : public QWidget
{
    Q_OBJECT
public:
    explicit PanelsPage(StoreLocation store, QWidget *parent = nullptr);
    // A running computation sees the bumped generation, stops, and its result is dropped.
    ~PanelsPage() override { ++*m_generation; }

    // Another database (nullptr: none), then reload(); a running computation is superseded.
    void setStore(StoreLocation store)
    {
        m_db = std::move(store);
        reload();
    }
    // Recomputes every figure in the background for the current filters.
    void reload();
    // The cost model hook (see PanelOptions::costPerUsefulResult), its figure shown in
    // `currency`; until set, the figure reads "not configured". The hook runs on the worker
    // thread: thread-safe, no widgets. Takes effect at the next reload().
    void
    setCostModel(std::function<PanelFigure(const std::vector<RunRecord> &)> costPerUsefulResult,
                 const QString &currency)
    {
        m_options.costPerUsefulResult = std::move(costPerUsefulResult);
        m_currency = currency;
    }

    RunSelection selection() const;
    const PanelFigures &figures() const { return m_figures; }
    bool isBusy() const { return m_busy; }
    // "end-to-end": scrolls to the End to end panel (the last), and keeps it in view while the
    // page's height changes.
    bool showSection(const QString &name);

Q_SIGNALS:
    // A figure was clicked: list these runs (ascending ids) under `title`.
    void showRuns(const QList<qlonglong> &runIds, const QString &title);
    // New figures were applied (or the computation failed: `error` says why).
    void computed(const QString &error);

private:
    struct Card {
        QString title;
        std::size_t index = 0; // position in the card order (see panels_page.cpp)
        QPushButton *value = nullptr;
        QLabel *unit = nullptr, *note = nullptr;
    };
    struct Result;

    QWidget *buildFilterBar();
    QWidget *buildPanel(const QString &title, const QString &subtitle, std::size_t first,
                        std::size_t count);
    QWidget *buildEndToEnd();
    void addCard(QGridLayout *grid, Card &card, int row, int column);
    void apply(const Result &result);
    void applyFacets(const RunFacets &facets);
    void showCard(Card &card);

    StoreLocation m_db; // never a connection: workers open their own
    std::vector<Card> m_cards;
    static constexpr std::size_t kPeriod = 6; // m_combos: the six fields, then the period
    std::array<QComboBox *, 7> m_combos{};    // workload, mode, dtype, device, status, target
    QComboBox *m_side = nullptr;              // all runs, or one side of the selected pilot
    QLabel *m_state = nullptr;
    EndToEndChart *m_endToEnd = nullptr; // where the executions' time went (issue 43)
    QScrollArea *m_scroll = nullptr;
    PanelFigures m_figures;
    PanelOptions m_options;
    QString m_currency;
    QFont m_bigFont, m_textFont, m_smallFont;
    bool m_busy = false;
    std::shared_ptr<std::atomic<quint64>> m_generation;
};

} // namespace tp
