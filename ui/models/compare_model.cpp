#include "compare_model.h"

#include "ui/format.h"

#include <QBrush>
#include <QColor>

namespace tp
{

using M = MetricComparison::Metric;
using V = MetricComparison::Verdict;

namespace
{
QString ratioText(const std::optional<double> &v)
{
    return v ? QStringLiteral("%1×").arg(fmt::number3(*v)) : fmt::missing();
}
} // namespace

CompareModel::CompareModel(QObject *parent) : QAbstractTableModel(parent) {}

void CompareModel::setMetrics(std::vector<MetricComparison> metrics)
{
    beginResetModel();
    m_metrics = std::move(metrics);
    endResetModel();
}

const MetricComparison *CompareModel::metricAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_metrics.size()))
        return nullptr;
    return &m_metrics[static_cast<std::size_t>(row)];
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_metrics.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CompareModel::metricName(M m)
{
    switch (m) {
    case M::MeanSeconds:
        return tr("Mean batch time");
    case M::MedianSeconds:
        return tr("Median batch time");
    case M::P99Seconds:
        return tr("p99 batch time");
    case M::SamplesPerSecond:
        return tr("Throughput (samples/s)");
    }
    return {};
}

QString CompareModel::verdictName(V v)
{
    switch (v) {
    case V::Better:
        return tr("better");
    case V::Worse:
        return tr("worse");
    case V::Inconclusive:
        return tr("inconclusive");
    case V::NoData:
        return tr("no data");
    }
    return {};
}

QString CompareModel::factorName(const std::string &key)
{
    if (key == "batch")
        return tr("Batch size");
    if (key == "dtype")
        return tr("Dtype");
    if (key == "matmul_precision")
        return tr("float32 matmul precision");
    if (key == "threads")
        return tr("Threads");
    if (key == "torch")
        return tr("PyTorch version");
    if (key == "runner")
        return tr("Runner version");
    if (key == "device")
        return tr("Device");
    if (key == "mode")
        return tr("Mode");
    if (key == "workload")
        return tr("Workload");
    if (key == "cache_state")
        return tr("Cache state");
    if (key == "blas")
        return tr("BLAS");
    if (key == "cpu_model")
        return tr("CPU model");
    return QString::fromStdString(key);
}

QString CompareModel::figure(const MetricComparison &m, const std::optional<double> &v) const
{
    return m.metric == M::SamplesPerSecond ? fmt::throughput(v) : fmt::duration(v);
}

QVariant CompareModel::display(const MetricComparison &m, int column) const
{
    switch (column) {
    case Metric:
        return metricName(m.metric);
    case Baseline:
        return figure(m, m.baseline);
    case Candidate:
        return figure(m, m.candidate);
    case Ratio:
        return ratioText(m.ratio);
    case Interval:
        if (!m.ciLow || !m.ciHigh)
            return fmt::missing();
        return tr("%1 – %2").arg(fmt::number3(*m.ciLow), fmt::number3(*m.ciHigh));
    case Verdict:
        return verdictName(m.verdict);
    }
    return {};
}

QVariant CompareModel::sortValue(const MetricComparison &m, int column) const
{
    switch (column) {
    case Metric:
        return static_cast<int>(m.metric);
    case Baseline:
        return fmt::sortValue(m.baseline);
    case Candidate:
        return fmt::sortValue(m.candidate);
    case Ratio:
        return fmt::sortValue(m.ratio);
    case Interval:
        return fmt::sortValue(m.ciLow);
    case Verdict:
        return static_cast<int>(m.verdict);
    }
    return {};
}

QVariant CompareModel::toolTip(const MetricComparison &m, int column) const
{
    switch (column) {
    case Ratio:
        return m.lowerIsBetter ? tr("Candidate / baseline: below 1 the candidate is faster")
                               : tr("Candidate / baseline: above 1 the candidate processes more "
                                    "samples per second");
    case Interval:
        if (!m.ciLow)
            return tr("No interval: a side has fewer than two steady samples");
        return tr("95 % percentile-bootstrap interval of the ratio (fixed seed, reproducible)");
    case Verdict:
        switch (m.verdict) {
        case V::Inconclusive:
            return tr("The interval contains 1: the evidence does not separate the two sides");
        case V::NoData:
            return tr("Not enough steady samples on one side");
        default:
            return tr("The whole interval lies on one side of 1");
        }
    }
    return {};
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MetricComparison &m = m_metrics[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(m, column);
    case SortRole:
        return sortValue(m, column);
    case VerdictRole:
        return static_cast<int>(m.verdict);
    case CiLowRole:
        return m.ciLow ? QVariant(*m.ciLow) : QVariant();
    case CiHighRole:
        return m.ciHigh ? QVariant(*m.ciHigh) : QVariant();
    case Qt::ToolTipRole:
        return toolTip(m, column);
    case Qt::ForegroundRole:
        if (column != Verdict)
            return {};
        if (m.verdict == V::Better)
            return QBrush(fmt::statusColor("ok"));
        if (m.verdict == V::Worse)
            return QBrush(fmt::statusColor("failed"));
        return QBrush(fmt::statusColor(""));
    case Qt::TextAlignmentRole:
        return column == Metric || column == Verdict ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                     : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

void CompareModel::setSideLabels(const QString &baseline, const QString &candidate)
{
    if (baseline == m_baselineLabel && candidate == m_candidateLabel)
        return;
    m_baselineLabel = baseline;
    m_candidateLabel = candidate;
    Q_EMIT headerDataChanged(Qt::Horizontal, Baseline, Candidate);
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Metric:
        return tr("Metric");
    case Baseline:
        return m_baselineLabel.isEmpty() ? tr("Baseline") : m_baselineLabel;
    case Candidate:
        return m_candidateLabel.isEmpty() ? tr("Candidate") : m_candidateLabel;
    case Ratio:
        return tr("Ratio");
    case Interval:
        return tr("95 % CI");
    case Verdict:
        return tr("Verdict");
    }
    return {};
}

} // namespace tp
