#pragma once
// An open criterion's next evidence (model/review/next_evidence.h) in the user's language, as the
// gates command, the Review page and the PDF write it: "2 × candidate mlp compiled float32, shape
// catalog, preset standard, 5 calls profiled", the reviewer input, the estimate. QtCore only.
#include "model/review/gates.h"

#include <QLocale>
#include <QString>
#include <QStringList>

namespace tp
{

QString evidenceRequestText(const EvidenceRequest &run, const QLocale &locale = QLocale());

// One line per part: the estimate, each run to launch, the reviewer input ("Run: …",
// "Reviewer: …").
QStringList nextEvidenceLines(const NextEvidence &next, const QLocale &locale = QLocale());

} // namespace tp
