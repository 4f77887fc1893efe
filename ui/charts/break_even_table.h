#pragma once
// The compile-cost break-even of the selected pilot (model/pilot/break_even.h), one row per
// workload, shape and candidate mode/dtype: each side's first call and steady-state time, the
// candidate's extra first-call cost, and after how many calls its faster steady state pays that
// back
// ("never" in amber when it is not faster). Shown on the Charts page; the PDF has the same table.
#include "model/pilot/break_even.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace tp
{

class BreakEvenTable : public QWidget
{
    Q_OBJECT
public:
    explicit BreakEvenTable(QWidget *parent = nullptr);

    void setRows(const std::vector<BreakEvenRow> &rows, const QString &baselineLabel,
                 const QString &candidateLabel);
    void clear() { setRows({}, {}, {}); }
    QTableWidget *table() const { return m_table; }

    // "after 12 calls", "at once", "never": how a row's break-even reads everywhere.
    static QString callsText(const std::optional<long long> &calls);
    // "mlp batch 64 × seq 128"
    static QString shapeText(const BreakEvenRow &row);

private:
    QLabel *m_title = nullptr;
    QTableWidget *m_table = nullptr;
};

} // namespace tp
