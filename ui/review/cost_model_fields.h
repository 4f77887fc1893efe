#pragma once
// One side's cost model inputs (baseline or candidate), placed in a column of a grid shared with
// the other side so that the field labels are written once: an "use a cost model" check box,
// a preset combo, and one editor per CostModel field. Unchecked means "not configured" (the
// cost gate is then insufficient).
#include "model/review/cost.h"

#include <QObject>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLineEdit;
class QWidget;

namespace tp
{

class CostModelFields : public QObject
{
    Q_OBJECT
public:
    // Writes the labels of every row into column 0 of `grid` from `firstRow`; returns the row
    // after the last one.
    static int addLabels(QGridLayout *grid, int firstRow);

    CostModelFields(const QString &title, QGridLayout *grid, int firstRow, int column,
                    QObject *parent = nullptr);

    std::optional<CostModel> model() const; // empty when the side is not configured
    void setModel(const std::optional<CostModel> &model);
    void setTitle(const QString &title);
    void setPresets(const std::vector<CostModel> &presets);
    // Loads preset `index` of setPresets() into the fields (and checks the side).
    void applyPreset(int index);

    QCheckBox *enabledBox() const { return m_enabled; }
    QComboBox *presetCombo() const { return m_preset; }
    // The editor of a numeric field, by its JSON name ("accelerator_per_hour", …).
    QDoubleSpinBox *field(const char *jsonName) const;

Q_SIGNALS:
    void changed();

private:
    void updateEnabled();

    std::vector<CostModel> m_presets;
    QCheckBox *m_enabled = nullptr, *m_spot = nullptr;
    QComboBox *m_preset = nullptr;
    QLineEdit *m_name = nullptr, *m_currency = nullptr;
    std::vector<QDoubleSpinBox *> m_numbers; // in the order of the field table (cpp)
    bool m_loading = false;
};

} // namespace tp
