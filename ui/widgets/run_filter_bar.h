#pragma once
// The filter bar above the runs table: free-text search, one combo per field (workload, mode,
// dtype, device, status — filled with the values present), a start-date range and a count of the
// runs shown. It edits a RunFilterProxy; nothing here reads the store.
#include <QWidget>

#include <array>

class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QToolButton;

namespace tp
{

class RunFilterProxy;
class RunsModel;

class RunFilterBar : public QWidget
{
    Q_OBJECT
public:
    RunFilterBar(RunFilterProxy *proxy, RunsModel *model, QWidget *parent = nullptr);

    // Refills the combos from the model's runs (after a reload), keeping each current choice
    // when that value is still present.
    void refreshChoices();
    void clearFilters();
    QLineEdit *searchEdit() const { return m_search; }
    QComboBox *fieldCombo(int field) const { return m_combos[static_cast<std::size_t>(field)]; }
    QDateEdit *dateFrom() const { return m_from; }
    QDateEdit *dateTo() const { return m_to; }

private:
    void applyDates();
    void updateCount();

    RunFilterProxy *m_proxy = nullptr;
    RunsModel *m_model = nullptr;
    QLineEdit *m_search = nullptr;
    std::array<QComboBox *, 5> m_combos{};
    QDateEdit *m_from = nullptr, *m_to = nullptr;
    QToolButton *m_clear = nullptr;
    QLabel *m_count = nullptr;
};

} // namespace tp
