#pragma once
// Alerts in the user's language: the rules store one English sentence with each alert
// (alert_rules.h); what a person reads is worded here, with tr(), from the alert's kind and
// details. Used by the queue's log, the Queue page, the status bar and the run detail.
#include "model/alerts/alert_rules.h"

#include <QCoreApplication>
#include <QString>

namespace tp
{

struct AlertText {
    Q_DECLARE_TR_FUNCTIONS(AlertText)
public:
    // "no progress", "checkpoint late", "quality drop", "target unavailable" (else the raw kind).
    static QString kindName(const std::string &kind);
    // What happened, in one sentence, without the kind's name.
    static QString message(const RunAlert &alert);
    // "critical" | "warning", translated.
    static QString severityName(AlertSeverity severity);
};

} // namespace tp
