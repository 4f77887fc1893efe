#pragma once
// Under the gate checklist: what would decide each criterion the evidence leaves open (the runs
// to launch, the reviewer input, the estimate of how much more evidence a straddling interval
// needs, or that it is within this machine's noise), and "Collect missing evidence", which asks
// for exactly those runs to be queued. Plain data in (the Review page's evaluated report).
#include "model/review/gate_report.h"

#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace tp
{

class NextEvidencePanel : public QWidget
{
    Q_OBJECT
public:
    explicit NextEvidencePanel(QWidget *parent = nullptr);

    void setReport(const GateReport &report);
    void clear();
    void setCollectEnabled(bool enabled); // a store, and no write in progress
    const std::vector<EvidenceRequest> &missing() const { return m_missing; }
    QString text() const; // what the panel lists, as plain text

Q_SIGNALS:
    void collectRequested(const std::vector<tp::EvidenceRequest> &runs);

private:
    void updateButton();

    QLabel *m_title;
    QTextBrowser *m_list;
    QPushButton *m_collect;
    std::vector<EvidenceRequest> m_missing;
    bool m_enabled = true;
};

} // namespace tp

Q_DECLARE_METATYPE(std::vector<tp::EvidenceRequest>)
