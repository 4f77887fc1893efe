#include "gate_checklist_model.h"

#include "frontend/model_text_tr.h"
#include "ui/format.h"

#include <QHash>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace tp
{

namespace
{
constexpr quintptr kGateRow = 0; // internalId of a gate; a criterion's is its gate row + 1

QList<qlonglong> runList(const std::vector<long long> &ids)
{
    return QList<qlonglong>(ids.begin(), ids.end());
}

QString runsText(const std::vector<long long> &ids, std::size_t max)
{
    QStringList out;
    for (std::size_t i = 0; i < ids.size() && i < max; ++i)
        out << QStringLiteral("#%1").arg(ids[i]);
    if (ids.size() > max)
        out << GateChecklistModel::tr("+%1 more").arg(ids.size() - max);
    return out.join(QStringLiteral(", "));
}
} // namespace

GateChecklistModel::GateChecklistModel(QObject *parent) : QAbstractItemModel(parent) {}

void GateChecklistModel::setReview(const GateReport &report, std::vector<GateSignoff> pending,
                                   std::optional<DecisionSnapshot> last,
                                   const std::string &evidenceHash)
{
    beginResetModel();
    m_gates = report.gates;
    m_pending = std::move(pending);
    m_last = std::move(last);
    m_hash = evidenceHash;
    endResetModel();
}

void GateChecklistModel::clear()
{
    beginResetModel();
    m_gates.clear();
    m_pending.clear();
    m_last.reset();
    m_hash.clear();
    endResetModel();
}

QModelIndex GateChecklistModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row()) + 1 : kGateRow);
}

QModelIndex GateChecklistModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kGateRow)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kGateRow);
}

int GateChecklistModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_gates.size());
    if (parent.column() != 0 || parent.internalId() != kGateRow)
        return 0; // criteria have no children
    return int(m_gates[std::size_t(parent.row())].criteria.size());
}

int GateChecklistModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

const GateResult *GateChecklistModel::gateOf(const QModelIndex &index) const
{
    if (!index.isValid())
        return nullptr;
    const std::size_t row = index.internalId() == kGateRow ? std::size_t(index.row())
                                                           : std::size_t(index.internalId() - 1);
    return row < m_gates.size() ? &m_gates[row] : nullptr;
}

const CriterionResult *GateChecklistModel::criterionOf(const QModelIndex &index) const
{
    const GateResult *g = gateOf(index);
    if (!g || index.internalId() == kGateRow || std::size_t(index.row()) >= g->criteria.size())
        return nullptr;
    return &g->criteria[std::size_t(index.row())];
}

QString GateChecklistModel::gateIdAt(const QModelIndex &index) const
{
    const GateResult *g = gateOf(index);
    return g ? QString::fromStdString(g->id) : QString();
}

const GateSignoff *GateChecklistModel::pendingSignoff(const std::string &gateId) const
{
    auto it = std::find_if(m_pending.begin(), m_pending.end(),
                           [&](const GateSignoff &s) { return s.gateId == gateId; });
    return it == m_pending.end() ? nullptr : &*it;
}

const GateSignoff *GateChecklistModel::recordedSignoff(const std::string &gateId) const
{
    if (!m_last)
        return nullptr;
    auto it = std::find_if(m_last->signoffs.begin(), m_last->signoffs.end(),
                           [&](const GateSignoff &s) { return s.gateId == gateId; });
    return it == m_last->signoffs.end() ? nullptr : &*it;
}

bool GateChecklistModel::isStale(const std::string &gateId) const
{
    const GateSignoff *s = pendingSignoff(gateId);
    return s && !m_hash.empty() && s->evidenceHash != m_hash;
}

int GateChecklistModel::staleSignoffCount() const
{
    return int(std::count_if(m_gates.begin(), m_gates.end(),
                             [this](const GateResult &g) { return isStale(g.id); }));
}

QString GateChecklistModel::signoffText(const std::string &gateId) const
{
    if (const GateSignoff *s = pendingSignoff(gateId))
        return isStale(gateId)
                   ? tr("⚠ %1 — signed against older evidence").arg(fmt::fromStd(s->reviewer))
                   : tr("✔ %1, %2").arg(fmt::fromStd(s->reviewer), fmt::timestamp(s->signedAt));
    if (const GateSignoff *s = recordedSignoff(gateId))
        return tr("%1 (last decision)").arg(fmt::fromStd(s->reviewer));
    return tr("not signed off");
}

QVariant GateChecklistModel::data(const QModelIndex &index, int role) const
{
    const GateResult *g = gateOf(index);
    if (!g)
        return {};
    const CriterionResult *c = criterionOf(index);
    const Verdict verdict = c ? c->verdict : g->verdict;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(index);
    case Qt::ToolTipRole: {
        const QVariant tip = toolTip(index); // run keys, names, errors: shown as they are
        return tip.isValid() ? QVariant(fmt::plainToolTip(tip.toString())) : tip;
    }
    case SortRole:
        return sortValue(index);
    case VerdictRole:
        return int(verdict);
    case IdRole:
        return QString::fromStdString(c ? c->id : g->id);
    case GateIdRole:
        return QString::fromStdString(g->id);
    case RunIdsRole:
        return QVariant::fromValue(runList(c ? c->runIds : std::vector<long long>{}));
    case StaleSignoffRole:
        return !c && isStale(g->id);
    case Qt::DecorationRole:
        return column == VerdictColumn ? QVariant(verdictIcon(verdict)) : QVariant();
    case Qt::ForegroundRole:
        if (column == VerdictColumn)
            return verdictColor(verdict);
        if (column == Signoff && !c)
            return isStale(g->id)          ? QVariant(verdictColor(Verdict::Insufficient))
                   : pendingSignoff(g->id) ? QVariant(verdictColor(Verdict::Pass))
                                           : QVariant(QColor(0x75, 0x75, 0x75));
        return {};
    case Qt::FontRole:
        if (!c && (column == Item || column == VerdictColumn)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QVariant GateChecklistModel::display(const QModelIndex &index) const
{
    const GateResult *g = gateOf(index);
    const CriterionResult *c = criterionOf(index);
    switch (index.column()) {
    case Item:
        return c ? criterionTitle(c->id) : tr("%1. %2").arg(index.row() + 1).arg(gateTitle(g->id));
    case VerdictColumn:
        return verdictText(c ? c->verdict : g->verdict);
    case Detail:
        if (c)
            return trModelText(c->detail);
        return g->criteria.size() == 1 ? tr("1 criterion")
                                       : tr("%1 criteria").arg(g->criteria.size());
    case Evidence:
        return c ? runsText(c->runIds, 6) : QVariant();
    case Signoff:
        return c ? QVariant() : QVariant(signoffText(g->id));
    default:
        return {};
    }
}

QVariant GateChecklistModel::sortValue(const QModelIndex &index) const
{
    const GateResult *g = gateOf(index);
    const CriterionResult *c = criterionOf(index);
    switch (index.column()) {
    case Item:
        return index.row();
    case VerdictColumn:
        return int(c ? c->verdict : g->verdict);
    case Detail:
        return display(index);
    case Evidence:
        return c ? qlonglong(c->runIds.size()) : 0LL;
    case Signoff: {
        const GateSignoff *s = c ? nullptr : pendingSignoff(g->id);
        return s ? fmt::fromStd(s->signedAt) : QString();
    }
    default:
        return {};
    }
}

QVariant GateChecklistModel::toolTip(const QModelIndex &index) const
{
    const GateResult *g = gateOf(index);
    const CriterionResult *c = criterionOf(index);
    switch (index.column()) {
    case Item:
        return fmt::fromStd(c ? c->id : g->id);
    case Detail:
        return c ? trModelText(c->detail) : QVariant();
    case Evidence:
        return c && !c->runIds.empty()
                   ? tr("Runs used as evidence: %1").arg(runsText(c->runIds, 1000))
                   : QVariant();
    case Signoff: {
        const GateSignoff *s = c ? nullptr : pendingSignoff(g->id);
        if (!s)
            s = c ? nullptr : recordedSignoff(g->id);
        if (!s)
            return c ? QVariant() : tr("Right-click or use “Sign off…” to sign this gate off");
        QString tip = tr("%1 signed off on %2 against evidence %3")
                          .arg(fmt::fromStd(s->reviewer), fmt::timestamp(s->signedAt),
                               shortHash(s->evidenceHash));
        if (!s->comment.empty())
            tip += QStringLiteral("\n") + fmt::fromStd(s->comment);
        if (isStale(g->id) && s == pendingSignoff(g->id))
            tip +=
                QStringLiteral("\n") +
                tr("The evidence changed since (now %1): sign off again.").arg(shortHash(m_hash));
        return tip;
    }
    default:
        return {};
    }
}

QVariant GateChecklistModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Item:
        return tr("Gate / criterion");
    case VerdictColumn:
        return tr("Verdict");
    case Detail:
        return tr("What was measured");
    case Evidence:
        return tr("Evidence runs");
    case Signoff:
        return tr("Sign-off");
    default:
        return {};
    }
}

QString GateChecklistModel::gateTitle(const std::string &id)
{
    if (id == "compatibility")
        return tr("Compatibility");
    if (id == "correctness")
        return tr("Correctness and precision");
    if (id == "performance")
        return tr("Performance");
    if (id == "operations")
        return tr("Operations");
    if (id == "cost")
        return tr("Cost");
    return fmt::fromStd(id);
}

QString GateChecklistModel::criterionTitle(const std::string &id)
{
    static const std::pair<const char *, const char *> titles[] = {
        {"catalog_shapes_in_required_modes", QT_TR_NOOP("Shape catalog in every required mode")},
        {"no_unsupported_op_failures", QT_TR_NOOP("No unsupported-operation failures")},
        {"no_host_round_trips", QT_TR_NOOP("No host round-trips beyond the baseline's")},
        {"outputs_finite", QT_TR_NOOP("Outputs are finite")},
        {"precision_within_policy", QT_TR_NOOP("Precision within the policy")},
        {"loss_curve_within_tolerance", QT_TR_NOOP("Loss curve within tolerance")},
        {"p99_within_slo", QT_TR_NOOP("p99 latency within the SLO")},
        {"throughput_vs_baseline", QT_TR_NOOP("Closed-loop throughput versus the baseline")},
        {"throughput_within_slo", QT_TR_NOOP("Throughput within the SLO (peak QPS)")},
        {"cold_start_and_recompile_reported", QT_TR_NOOP("Cold start and recompilation reported")},
        {"checkpoint_resume_within_rpo_rto", QT_TR_NOOP("Checkpoint resume within RPO and RTO")},
        {"distributed_recovery", QT_TR_NOOP("Distributed recovery: one rank lost, group resumed")},
        {"batch_deadline_met", QT_TR_NOOP("Batch job: the whole catalog inside its window")},
        {"retrieval_recall_at_k",
         QT_TR_NOOP("Retrieval: recall@k of the frozen sample against the baseline")},
        {"no_progress_alerts_absent", QT_TR_NOOP("No no-progress alerts")},
        {"rollback_path_recorded", QT_TR_NOOP("Rollback path recorded")},
        {"probes_cover_time_to_ready", QT_TR_NOOP("Probes cover the measured time to ready")},
        {"cost_per_useful_result_not_worse", QT_TR_NOOP("Cost per useful result not worse")}};
    for (const auto &[key, title] : titles)
        if (id == key)
            return tr(title);
    return fmt::fromStd(id);
}

QString GateChecklistModel::verdictText(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return tr("pass");
    case Verdict::Fail:
        return tr("fail");
    case Verdict::Insufficient:
        return tr("insufficient");
    }
    return {};
}

QColor GateChecklistModel::verdictColor(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QColor(0x2e, 0x7d, 0x32);
    case Verdict::Fail:
        return QColor(0xc6, 0x28, 0x28);
    case Verdict::Insufficient:
        return QColor(0xb2, 0x6a, 0x00);
    }
    return {};
}

QIcon GateChecklistModel::verdictIcon(Verdict v)
{
    static QHash<int, QIcon> cache;
    if (auto it = cache.constFind(int(v)); it != cache.constEnd())
        return *it;
    QPixmap pm(14, 14);
    pm.fill(Qt::transparent);
    {
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(verdictColor(v));
        if (v == Verdict::Insufficient) // a diamond: tells amber apart without relying on colour
            p.drawPolygon(QPolygonF({{7, 1.5}, {12.5, 7}, {7, 12.5}, {1.5, 7}}));
        else if (v == Verdict::Fail)
            p.drawRect(QRectF(2.5, 2.5, 9, 9));
        else
            p.drawEllipse(QRectF(2, 2, 10, 10));
    }
    return *cache.insert(int(v), QIcon(pm));
}

QString GateChecklistModel::shortHash(const std::string &hash)
{
    return QString::fromStdString(hash.substr(0, 12));
}

} // namespace tp
