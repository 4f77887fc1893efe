#include "next_evidence_text.h"

#include "model_text_tr.h"

#include <QCoreApplication>

namespace tp
{
namespace
{
struct NextEvidenceText {
    Q_DECLARE_TR_FUNCTIONS(NextEvidenceText)
};

QString sideText(const std::string &side)
{
    return side == "baseline" ? NextEvidenceText::tr("baseline")
                              : NextEvidenceText::tr("candidate");
}

QString kindText(const std::string &kind)
{
    if (kind == "training")
        return NextEvidenceText::tr("training");
    if (kind == "faulttest")
        return NextEvidenceText::tr("fault test");
    if (kind == "peak")
        return NextEvidenceText::tr("peak search (server scenario)");
    return NextEvidenceText::tr("inference");
}
} // namespace

QString evidenceRequestText(const EvidenceRequest &run, const QLocale &locale)
{
    QStringList parts;
    parts << NextEvidenceText::tr("%1 %2 %3 %4 %5")
                 .arg(sideText(run.side), kindText(run.kind), QString::fromStdString(run.workload),
                      QString::fromStdString(run.mode), QString::fromStdString(run.dtype))
                 .simplified();
    if (run.kind == "inference")
        parts << (run.catalog ? NextEvidenceText::tr("shape catalog")
                              : NextEvidenceText::tr("the side's batch"));
    parts << NextEvidenceText::tr("preset %1").arg(QString::fromStdString(run.preset));
    if (run.profileSteps > 0)
        parts << NextEvidenceText::tr("%1 calls profiled").arg(locale.toString(run.profileSteps));
    if (run.worldSize > 1)
        parts << NextEvidenceText::tr("%1 ranks").arg(locale.toString(run.worldSize));
    const QString text = parts.join(QStringLiteral(", "));
    return run.count > 1 ? NextEvidenceText::tr("%1 × %2").arg(locale.toString(run.count), text)
                         : text;
}

QStringList nextEvidenceLines(const NextEvidence &next, const QLocale &locale)
{
    QStringList lines;
    if (!next.estimate.empty())
        lines << trModelText(next.estimate, locale);
    for (const EvidenceRequest &run : next.runs)
        lines << NextEvidenceText::tr("Run: %1").arg(evidenceRequestText(run, locale));
    if (!next.reviewerInput.empty())
        lines << NextEvidenceText::tr("Reviewer: %1").arg(trModelText(next.reviewerInput, locale));
    return lines;
}

} // namespace tp
