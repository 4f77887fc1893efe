#pragma once
// The ratio table of a comparison: one row per metric (mean, median, p99 batch time, samples/s)
// with both sides, the ratio candidate/baseline, its bootstrap interval and the verdict. Plain
// data in: the owner computes a tp::Comparison (off the GUI thread) and hands its metrics over.
#include "model/analysis/compare.h"

#include <QAbstractTableModel>

#include <vector>

namespace tp
{

class CompareModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { Metric, Baseline, Candidate, Ratio, Interval, Verdict, ColumnCount };
    enum Roles {
        SortRole = Qt::UserRole + 1, // raw numbers (ratio, interval low, verdict as int)
        VerdictRole,                 // MetricComparison::Verdict as int, any column
        CiLowRole,                   // interval bounds (double), any column; invalid when none
        CiHighRole
    };

    explicit CompareModel(QObject *parent = nullptr);

    void setMetrics(std::vector<MetricComparison> metrics);
    // The sides' names for the column headers (the pilot's sides); empty: "Baseline", "Candidate".
    void setSideLabels(const QString &baseline, const QString &candidate);
    const MetricComparison *metricAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QString metricName(MetricComparison::Metric m);
    static QString verdictName(MetricComparison::Verdict v);
    // Translated name of a confounder key ("batch" → "Batch size").
    static QString factorName(const std::string &key);

private:
    QString m_baselineLabel, m_candidateLabel;
    QVariant display(const MetricComparison &m, int column) const;
    QVariant sortValue(const MetricComparison &m, int column) const;
    QVariant toolTip(const MetricComparison &m, int column) const;
    QString figure(const MetricComparison &m, const std::optional<double> &v) const;

    std::vector<MetricComparison> m_metrics;
};

} // namespace tp
