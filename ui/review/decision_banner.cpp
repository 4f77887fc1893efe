#include "decision_banner.h"

#include "snapshot_history.h"
#include "ui/format.h"
#include "ui/models/gate_checklist_model.h"

#include <QGridLayout>
#include <QLabel>

namespace tp
{

namespace
{
QString gateList(const GateReport &report, Verdict verdict)
{
    QStringList names;
    for (const GateResult &g : report.gates)
        if (g.verdict == verdict)
            names << GateChecklistModel::gateTitle(g.id);
    return names.join(QStringLiteral(", ")).toHtmlEscaped(); // an unknown gate shows its id
}
} // namespace

DecisionBanner::DecisionBanner(QWidget *parent) : QWidget(parent)
{
    // The three labels are rich text (bold decision, code hash), built with every stored value
    // escaped; set explicitly, so an escaped message never shows its entities.
    m_decision = new QLabel;
    m_decision->setTextFormat(Qt::RichText);
    m_decision->setObjectName(QStringLiteral("banner"));
    m_decision->setWordWrap(true);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_decision->setFont(big);
    m_hash = new QLabel;
    m_hash->setTextFormat(Qt::RichText);
    m_hash->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_review = new QLabel;
    m_review->setTextFormat(Qt::RichText);
    m_review->setWordWrap(true);
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_decision, 0, 0);
    layout->addWidget(m_hash, 0, 1, Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(m_review, 1, 0, 1, 2);
    layout->setColumnStretch(0, 1);
    showMessage(tr("Evaluating the gates…"));
}

QString DecisionBanner::decisionText() const
{
    return m_decision->text();
}
QString DecisionBanner::hashText() const
{
    return m_hash->text();
}
QString DecisionBanner::reviewText() const
{
    return m_review->text();
}

void DecisionBanner::paint(const QString &colour, const QString &fill)
{
    m_decision->setStyleSheet(QStringLiteral("QLabel#banner { color: #1b1b1b; background: %1;"
                                             " border: 1px solid %2; border-left: 6px solid %2;"
                                             " border-radius: 4px; padding: 8px; }")
                                  .arg(fill, colour));
}

void DecisionBanner::showMessage(const QString &message)
{
    m_decision->setText(message.toHtmlEscaped());
    paint(QStringLiteral("#757575"), QStringLiteral("#f5f5f5"));
    m_hash->clear();
    m_hash->setToolTip({});
    m_review->clear();
}

void DecisionBanner::showState(const ReviewState &state, int staleSignoffs)
{
    const GateReport &report = state.report;
    switch (report.decision) {
    case Decision::Migrate:
        m_decision->setText(
            tr("<b>Migrate to the candidate</b> — every gate passes on valid evidence."));
        paint(QStringLiteral("#2e7d32"), QStringLiteral("#e8f5e9"));
        break;
    case Decision::KeepCurrentPath:
        m_decision->setText(
            tr("<b>Keep the current path</b> — failed: %1.").arg(gateList(report, Verdict::Fail)));
        paint(QStringLiteral("#c62828"), QStringLiteral("#ffebee"));
        break;
    case Decision::Inconclusive:
        m_decision->setText(
            tr("<b>Inconclusive ⇒ keep the current path</b> — not enough evidence for: %1.")
                .arg(gateList(report, Verdict::Insufficient)));
        paint(QStringLiteral("#b26a00"), QStringLiteral("#fff8e1"));
        break;
    }
    m_hash->setText(tr("Evidence <code>%1</code>")
                        .arg(GateChecklistModel::shortHash(state.evidenceHash).toHtmlEscaped()));
    m_hash->setToolTip(fmt::plainToolTip(
        tr("SHA-256 of the evidence document (%1):\n%2")
            .arg(fmt::fromStd(report.definitions), fmt::fromStd(state.evidenceHash))));
    QStringList line;
    if (const auto &last = state.lastReview)
        line << tr("Last recorded decision: <b>%1</b> on %2 by %3 (%4) — %5")
                    .arg(SnapshotHistory::decisionText(last->decision),
                         fmt::timestamp(last->createdAt).toHtmlEscaped(),
                         fmt::fromStd(last->reviewer).toHtmlEscaped(),
                         GateChecklistModel::shortHash(last->evidenceHash).toHtmlEscaped(),
                         state.changesSinceLastReview.empty()
                             ? tr("the evidence has not changed since")
                             : tr("%n change(s) in the evidence since", nullptr,
                                  int(state.changesSinceLastReview.size())));
    else
        line << tr("No decision recorded yet: sign off each gate, then record the decision.");
    line << tr("%n pending sign-off(s)", nullptr, int(state.pendingSignoffs.size()));
    if (staleSignoffs > 0)
        line << QStringLiteral("<font color=\"#b26a00\">%1</font>")
                    .arg(tr("⚠ %n signed against older evidence", nullptr, staleSignoffs));
    m_review->setText(line.join(QStringLiteral(" · ")));
}

} // namespace tp
