#pragma once
// A filter combo sized for a few characters, not for its longest label: translated labels
// ("Todas as cargas de trabalho") must not push a window past a laptop screen. The popup shows
// the labels whole, and the tooltip always names the current one.
#include <QComboBox>

namespace tp
{

void makeCompact(QComboBox *combo, int characters = 9);

} // namespace tp
