#include "snapshot_history.h"

#include "frontend/model_text_tr.h"
#include "ui/format.h"
#include "ui/models/gate_checklist_model.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tp
{

namespace
{
QTreeWidget *makeTree(const QStringList &headers)
{
    auto *tree = new QTreeWidget;
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setAlternatingRowColors(true);
    tree->setUniformRowHeights(true);
    tree->setWordWrap(false);
    tree->header()->setStretchLastSection(true);
    return tree;
}

QColor decisionColor(Decision d)
{
    return GateChecklistModel::verdictColor(d == Decision::Migrate ? Verdict::Pass
                                            : d == Decision::KeepCurrentPath
                                                ? Verdict::Fail
                                                : Verdict::Insufficient);
}
} // namespace

SnapshotHistory::SnapshotHistory(QWidget *parent) : QWidget(parent)
{
    m_decisions = makeTree({tr("Recorded"), tr("Reviewer"), tr("Decision"), tr("Evidence"),
                            tr("Sign-offs"), tr("Comment")});
    m_decisions->setObjectName(QStringLiteral("decisions"));
    m_changes = makeTree({tr("Change"), tr("Subject"), tr("Before"), tr("Now")});
    m_changes->setObjectName(QStringLiteral("changes"));
    m_changesCaption = new QLabel;
    m_changesCaption->setTextFormat(Qt::PlainText); // quotes stored times and hashes
    m_changesCaption->setWordWrap(true);

    auto *history = m_historyBox = new QGroupBox(tr("Recorded decisions"));
    auto *h = new QVBoxLayout(history);
    h->addWidget(m_decisions);
    auto *changed = new QGroupBox(tr("What changed since the last review"));
    auto *c = new QVBoxLayout(changed);
    c->addWidget(m_changesCaption);
    c->addWidget(m_changes, 1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(history, 1);
    layout->addWidget(changed, 1);
    clear();
}

void SnapshotHistory::clear()
{
    setSnapshots({});
    setChanges({}, std::nullopt);
}

void SnapshotHistory::setPilotName(const QString &name)
{
    m_historyBox->setTitle(name.isEmpty() ? tr("Recorded decisions")
                                          : tr("Decisions recorded for pilot %1").arg(name));
}

void SnapshotHistory::setSnapshots(const std::vector<DecisionSnapshot> &snapshots)
{
    m_decisions->clear();
    for (const DecisionSnapshot &s : snapshots) {
        QStringList gates;
        for (const GateSignoff &g : s.signoffs)
            gates << GateChecklistModel::gateTitle(g.gateId);
        auto *item = new QTreeWidgetItem(
            {fmt::timestamp(s.createdAt), fmt::fromStd(s.reviewer), decisionText(s.decision),
             GateChecklistModel::shortHash(s.evidenceHash), QLocale().toString(gates.size()),
             fmt::fromStd(s.comment).simplified()});
        item->setForeground(2, decisionColor(s.decision));
        item->setIcon(2, GateChecklistModel::verdictIcon(
                             s.decision == Decision::Migrate           ? Verdict::Pass
                             : s.decision == Decision::KeepCurrentPath ? Verdict::Fail
                                                                       : Verdict::Insufficient));
        // Tooltips quote stored text (hash, gate names, the comment): shown as they are.
        item->setToolTip(
            3,
            fmt::plainToolTip(tr("SHA-256 of the evidence: %1").arg(fmt::fromStd(s.evidenceHash))));
        item->setToolTip(
            4, fmt::plainToolTip(gates.isEmpty()
                                     ? tr("No gate was signed off with this decision")
                                     : tr("Signed off: %1").arg(gates.join(QStringLiteral(", ")))));
        item->setTextAlignment(4, Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(5, fmt::plainToolTip(fmt::fromStd(s.comment)));
        if (!s.mergedFrom.empty()) { // another database's history: shown, never our review
            item->setText(1, tr("%1 (merged)").arg(fmt::fromStd(s.reviewer)));
            const QString from = tr("Merged from %1: history of another database, not a review "
                                    "recorded here")
                                     .arg(fmt::fromStd(s.mergedFrom));
            for (int col = 0; col < item->columnCount(); ++col) {
                QFont italic = item->font(col);
                italic.setItalic(true);
                item->setFont(col, italic);
            }
            item->setToolTip(0, fmt::plainToolTip(from));
            item->setToolTip(1, fmt::plainToolTip(from));
        }
        item->setData(0, Qt::UserRole, qlonglong(s.id));
        m_decisions->addTopLevelItem(item);
    }
    if (snapshots.empty()) {
        auto *none = new QTreeWidgetItem({tr("No decision recorded yet")});
        none->setFlags(Qt::ItemIsEnabled);
        m_decisions->addTopLevelItem(none);
        m_decisions->setFirstColumnSpanned(0, {}, true);
    } else {
        for (int col = 0; col < 5; ++col)
            m_decisions->resizeColumnToContents(col);
    }
}

void SnapshotHistory::setChanges(const std::vector<ReviewChange> &changes,
                                 const std::optional<DecisionSnapshot> &last)
{
    m_changes->clear();
    if (!last)
        m_changesCaption->setText(
            tr("No decision has been recorded yet: nothing to compare with."));
    else if (changes.empty())
        m_changesCaption->setText(tr("The evidence is the same as in the decision of %1 (%2).")
                                      .arg(fmt::timestamp(last->createdAt),
                                           GateChecklistModel::shortHash(last->evidenceHash)));
    else
        m_changesCaption->setText(
            tr("%n difference(s) from the decision of %1 (%2).", nullptr, int(changes.size()))
                .arg(fmt::timestamp(last->createdAt),
                     GateChecklistModel::shortHash(last->evidenceHash)));
    for (const ReviewChange &c : changes) {
        // A criterion's detail is a model sentence: shown in the user's language.
        auto *item = new QTreeWidgetItem(
            {changeKindText(c.kind), subjectText(c), trModelText(c.before), trModelText(c.after)});
        for (int col = 0; col < 4; ++col)
            item->setToolTip(col, fmt::plainToolTip(item->text(col)));
        m_changes->addTopLevelItem(item);
    }
    for (int col = 0; col < 3; ++col)
        m_changes->resizeColumnToContents(col);
}

QString SnapshotHistory::decisionText(Decision d)
{
    switch (d) {
    case Decision::Migrate:
        return tr("migrate");
    case Decision::KeepCurrentPath:
        return tr("keep current path");
    case Decision::Inconclusive:
        return tr("inconclusive ⇒ keep");
    }
    return {};
}

QString SnapshotHistory::subjectText(const ReviewChange &c)
{
    if (c.kind == "gate")
        return GateChecklistModel::gateTitle(c.subject);
    if (c.kind == "criterion")
        return GateChecklistModel::criterionTitle(c.subject);
    if (c.kind.rfind("run_", 0) == 0 && !c.subject.empty())
        return tr("#%1").arg(fmt::fromStd(c.subject));
    return fmt::fromStd(c.subject);
}

QString SnapshotHistory::changeKindText(const std::string &kind)
{
    if (kind == "decision")
        return tr("Decision");
    if (kind == "gate")
        return tr("Gate verdict");
    if (kind == "criterion")
        return tr("Criterion");
    if (kind == "run_added")
        return tr("Run added");
    if (kind == "run_removed")
        return tr("Run removed");
    if (kind == "run_changed")
        return tr("Run changed");
    if (kind == "inputs")
        return tr("Review input");
    if (kind == "definitions")
        return tr("Gate definitions");
    return fmt::fromStd(kind);
}

} // namespace tp
