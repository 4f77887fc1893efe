// The gate table of `torchpilot gates` and `torchpilot pilot`, with the verdict and decision names
// in the reader's language (--json keeps the model's names). Context "Gates": the strings were
// gates_command.cpp's, and keep their translations.
#include "gate_table_text.h"

#include "frontend/model_text_tr.h"
#include "frontend/next_evidence_text.h"
#include "review_text.h"

#include <QCoreApplication>

namespace tp::cli
{

namespace
{
struct Gates {
    Q_DECLARE_TR_FUNCTIONS(Gates)
};

void printGate(QTextStream &out, const GateResult &g)
{
    out << QStringLiteral("%1  %2")
               .arg(verdictText(g.verdict).toUpper(), -13)
               .arg(QString::fromStdString(g.id))
        << Qt::endl;
    for (const CriterionResult &c : g.criteria) {
        QStringList runs;
        for (long long id : c.runIds)
            runs << QString::number(id);
        out << QStringLiteral("    %1 %2: %3%4")
                   .arg(verdictText(c.verdict), -13)
                   .arg(QString::fromStdString(c.id), trModelText(c.detail),
                        runs.isEmpty() ? QString()
                                       : Gates::tr(" [runs %1]").arg(runs.join(QLatin1Char(','))))
            << Qt::endl;
        if (c.next) // what would decide it
            for (const QString &line : nextEvidenceLines(*c.next))
                out << QStringLiteral("                  %1").arg(line) << Qt::endl;
    }
}
} // namespace

QString verdictText(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return Gates::tr("pass", "gate verdict");
    case Verdict::Fail:
        return Gates::tr("fail", "gate verdict");
    case Verdict::Insufficient:
        return Gates::tr("insufficient", "gate verdict");
    }
    return QString::fromStdString(verdictName(v));
}

QString decisionText(Decision d)
{
    switch (d) {
    case Decision::Migrate:
        return Gates::tr("migrate", "gate decision");
    case Decision::KeepCurrentPath:
        return Gates::tr("keep", "gate decision: keep the current path");
    case Decision::Inconclusive:
        return Gates::tr("inconclusive", "gate decision");
    }
    return QString::fromStdString(decisionName(d));
}

void printGateTable(QTextStream &out, const ReviewState &state)
{
    const GateReport &report = state.report;
    out << Gates::tr("Pilot %1 (version %2): %3 vs %4")
               .arg(QString::fromStdString(state.pilot.name))
               .arg(state.pilot.version)
               .arg(trModelText(state.definitions.baselineLabel),
                    trModelText(state.definitions.candidateLabel))
        << Qt::endl;
    for (const GateResult &g : report.gates)
        printGate(out, g);
    if (!report.excludedInvalidRuns.empty())
        out << Gates::tr("Runs excluded as invalid evidence: %n", nullptr,
                         int(report.excludedInvalidRuns.size()))
            << Qt::endl;
    out << Gates::tr("Decision: %1").arg(decisionText(report.decision)) << Qt::endl;
    printReviewStatus(out, state);
}

int decisionExitCode(Decision decision)
{
    return decision == Decision::Migrate ? 0 : 1;
}

} // namespace tp::cli
