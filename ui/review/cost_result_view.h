#pragma once
// The live result of the cost models over the runs the gate definitions select: for each side
// the cost per useful result, what went into it (hours, results, the breakdown by component),
// the amortized migration and, with Spot capacity, the net savings after lost work and resume
// time; below, the ±25 % sensitivity of the cost per useful result to each price.
#include "model/review/cost.h"

#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QTableWidget;

namespace tp
{

class CostResultView : public QWidget
{
    Q_OBJECT
public:
    explicit CostResultView(QWidget *parent = nullptr);

    struct Side {
        QString label;
        std::optional<CostModel> model; // empty: not configured
        std::vector<RunRecord> runs;    // valid runs with a steady state
    };
    // Recomputes both sides (cheap: no database access).
    void show(const Side &baseline, const Side &candidate);

    QTableWidget *results() const { return m_results; }
    QTableWidget *sensitivityTable() const { return m_sensitivity; }
    QString summary() const;

    static QString money(std::optional<double> amount, const std::string &currency);
    static QString componentName(const std::string &component);

private:
    void fillSensitivity(const Side &baseline, const Side &candidate);

    QTableWidget *m_results = nullptr, *m_sensitivity = nullptr;
    QLabel *m_summary = nullptr;
};

} // namespace tp
