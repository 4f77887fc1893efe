#pragma once
// Help ▸ About TorchPilot… (what it is for, and the versions it was built and runs with, from
// frontend/version_info.h, selectable to paste into a bug report) and Help ▸ About Qt….
#include <QMenu>

class QAction;

namespace tp
{

class HelpMenu : public QMenu
{
    Q_OBJECT
public:
    explicit HelpMenu(QWidget *parent = nullptr);

    // The About box's text: one sentence, then versionLines(), one a line.
    static QString aboutText();
    // Opens the About box, window-modal over the menu's window, without blocking the caller.
    void showAbout();

    QAction *aboutAction() const { return m_about; }

private:
    QAction *m_about = nullptr;
};

} // namespace tp
