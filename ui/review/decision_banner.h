#pragma once
// The top of the Review page: the decision in one coloured line (migrate green, keep the current
// path red, inconclusive ⇒ keep amber) with the short hash of the evidence it rests on, and
// below it the last recorded decision, whether the evidence changed since, and the sign-offs.
#include "model/review/review.h"

#include <QWidget>

class QLabel;

namespace tp
{

class DecisionBanner : public QWidget
{
    Q_OBJECT
public:
    explicit DecisionBanner(QWidget *parent = nullptr);

    // `staleSignoffs`: pending sign-offs made against other evidence than the current one.
    void showState(const ReviewState &state, int staleSignoffs);
    // No evaluation to show: a message instead (evaluating, no database, an error).
    void showMessage(const QString &message);

    QString decisionText() const;
    QString hashText() const;
    QString reviewText() const;

private:
    void paint(const QString &colour, const QString &fill);

    QLabel *m_decision = nullptr, *m_hash = nullptr, *m_review = nullptr;
};

} // namespace tp
