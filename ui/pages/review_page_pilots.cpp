// The Pilot tab of the Review page: the editor's requests become writes that run on the worker's
// own connection, then the gates are evaluated again under the pilot now selected.
#include "review_page.h"

#include "model/pilot/pilot_store.h"
#include "model/store/store.h"
#include "ui/format.h"
#include "ui/review/pilot_editor.h"

#include <QTabWidget>

namespace tp
{

void ReviewPage::connectPilotEditor()
{
    PilotEditor *e = m_pilotEditor;
    connect(e, &PilotEditor::selectRequested, this, [this](const QString &name) {
        evaluate([name](Store &store) {
            PilotStore(store).select(name.toStdString());
            return tr("Pilot “%1” selected: the gates now compare its sides").arg(name);
        });
    });
    connect(e, &PilotEditor::saveRequested, this,
            [this](const QString &original, const PilotDefinition &edited) {
                evaluate([original, edited](Store &store) {
                    const PilotDefinition saved =
                        PilotStore(store).update(original.toStdString(), edited);
                    return tr("Pilot “%1” saved (version %2)")
                        .arg(fmt::fromStd(saved.name), QString::number(saved.version));
                });
            });
    connect(e, &PilotEditor::addRequested, this, [this](const PilotDefinition &pilot) {
        evaluate([pilot](Store &store) {
            PilotStore pilots(store);
            const PilotDefinition added = pilots.add(pilot);
            pilots.select(added.name); // the pilot just made is the one the user looks at
            return tr("Pilot “%1” added and selected").arg(fmt::fromStd(added.name));
        });
    });
    connect(e, &PilotEditor::removeRequested, this, [this](const QString &name) {
        evaluate([name](Store &store) {
            PilotStore(store).remove(name.toStdString());
            return tr("Pilot “%1” removed").arg(name);
        });
    });
}

bool ReviewPage::showTab(const QString &name)
{
    const QStringList names{QStringLiteral("gates"), QStringLiteral("cost"),
                            QStringLiteral("pilot")};
    const int i = int(names.indexOf(name));
    if (i >= 0)
        m_tabs->setCurrentIndex(i);
    return i >= 0;
}

void ReviewPage::applyPilots(const Result &r)
{
    m_pilotEditor->setBusy(false);
    if (!r.error.isEmpty() && r.pilots.empty())
        return m_pilotEditor->showStatus(r.error, true);
    // A reload for another reason (a run landed), or a refused write, keeps the edits in progress.
    if ((r.wrote && !r.writeFailed) || !m_pilotEditor->isModified())
        m_pilotEditor->setPilots(r.pilots, r.selectedPilot);
    if (r.wrote) {
        m_pilotEditor->showStatus(r.writeMessage, r.writeFailed);
        if (!r.writeFailed)
            emit reviewChanged();
    }
}

} // namespace tp
