#pragma once
// The Pilot section of the Review page: picks one of the stored pilots and edits it in a PilotForm
// — what the comparison holds fixed (workload, model, catalog, precision policy, SLO, quality
// target), each side's declared platform (target profile, device, runner, mode, dtype, batch,
// threads) and the differences allowed between the sides — with the differences the form declares
// listed live (amber when a difference is not allowed). It does no database work: it validates with
// parsePilot and emits requests, and the page writes them on its worker thread and reports back
// through showStatus and setPilots.
#include "model/pilot/pilot.h"

#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace tp
{

class PilotForm;

class PilotEditor : public QWidget
{
    Q_OBJECT
public:
    explicit PilotEditor(QWidget *parent = nullptr);

    // Fills the pilot picker ("name (vN)") and shows `selectedName` (the first pilot when absent;
    // the shipped default, unsaved, when there are none). Emits nothing.
    void setPilots(const std::vector<PilotDefinition> &pilots, const std::string &selectedName);
    // The definition the form holds, with the id and version of the pilot shown.
    PilotDefinition current() const;
    // The pilot as last shown (before edits).
    const PilotDefinition &shown() const { return m_shown; }

    // True while the form holds edits not saved to the pilot shown.
    bool isModified() const;
    // A result line under the form; red when `error`.
    void showStatus(const QString &text, bool error);
    // Disables the buttons and the picker while the page works.
    void setBusy(bool busy)
    {
        m_busy = busy;
        updateButtons();
    }

public Q_SLOTS:
    void revert() { showPilot(m_shown, m_stored); } // back to the pilot shown
    // Validates the form as a new pilot called `name` and emits addRequested
    // ("Save as new pilot…" asks for the name, then calls this).
    void addAs(const QString &name);

Q_SIGNALS:
    void selectRequested(const QString &name);
    void saveRequested(const QString &originalName, const tp::PilotDefinition &edited);
    void addRequested(const tp::PilotDefinition &pilot);
    void removeRequested(const QString &name);

private:
    void showPilot(const PilotDefinition &p, bool stored);
    void selected(int index);
    void save();
    void saveAsNew();
    void remove()
    {
        if (m_stored)
            Q_EMIT removeRequested(QString::fromStdString(m_shown.name));
    }
    // Shows why and returns false when `p` does not parse or takes another pilot's name.
    bool valid(const PilotDefinition &p, const std::string &originalName);
    void updateDifferences();
    void updateButtons();

    std::vector<PilotDefinition> m_pilots;
    PilotDefinition m_shown;
    bool m_stored = false, m_busy = false;
    QComboBox *m_combo = nullptr;
    PilotForm *m_form = nullptr;
    QLabel *m_differences = nullptr, *m_status = nullptr;
    QPushButton *m_save = nullptr, *m_add = nullptr, *m_remove = nullptr, *m_revert = nullptr;
};

} // namespace tp

Q_DECLARE_METATYPE(tp::PilotDefinition)
