#pragma once
// torchpilot report: writes the PDF decision report; needs a QApplication (Qt Charts).
#include <QStringList>

namespace tp::cli
{

int reportCommand(const QStringList &args);

} // namespace tp::cli
