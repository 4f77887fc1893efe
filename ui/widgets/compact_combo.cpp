#include "compact_combo.h"

#include "ui/format.h"

namespace tp
{

void makeCompact(QComboBox *combo, int characters)
{
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(characters);
    const QString fixed = combo->toolTip(); // a tooltip of its own comes first
    auto sync = [combo, fixed] {
        const QString current = combo->currentText();
        // The current item is often stored text (a workload, a target): shown as it is.
        combo->setToolTip(
            fmt::plainToolTip(fixed.isEmpty() ? current : current + QLatin1Char('\n') + fixed));
    };
    sync();
    QObject::connect(combo, &QComboBox::currentIndexChanged, combo, sync);
    QObject::connect(combo->model(), &QAbstractItemModel::dataChanged, combo, sync);
}

} // namespace tp
