#pragma once
// The versions TorchPilot was built and runs with, for `torchpilot --version` and Help → About:
// TorchPilot itself, Qt (run time and build time), libtorch (the runner's, fixed at build time),
// SQLite (the library loaded), the run contract and the store's schema.
#include <QString>
#include <QStringList>

namespace tp
{

// One "name version" line each, in the order above (product names are not translated).
QStringList versionLines();
// versionLines() as one block, the first line the program's own.
QString versionText();

} // namespace tp
