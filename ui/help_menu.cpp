#include "help_menu.h"

#include "frontend/version_info.h"

#include <QAction>
#include <QApplication>
#include <QMessageBox>

namespace tp
{

HelpMenu::HelpMenu(QWidget *parent) : QMenu(tr("&Help"), parent)
{
    m_about = addAction(tr("&About TorchPilot…"), this, &HelpMenu::showAbout);
    m_about->setObjectName(QStringLiteral("aboutAction"));
    m_about->setMenuRole(QAction::AboutRole);
    m_about->setStatusTip(tr("What TorchPilot is, and the versions it runs with"));
    QAction *aboutQt = addAction(tr("About &Qt…"), qApp, &QApplication::aboutQt);
    aboutQt->setObjectName(QStringLiteral("aboutQtAction"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

QString HelpMenu::aboutText()
{
    return tr("TorchPilot helps a team decide, with measured evidence, whether a PyTorch "
              "workload should move from GPU to TPU.") +
           QStringLiteral("\n\n") + versionText();
}

void HelpMenu::showAbout()
{
    QWidget *owner = parentWidget() ? parentWidget()->window() : nullptr;
    auto *box = new QMessageBox(owner);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setWindowTitle(tr("About TorchPilot"));
    box->setTextFormat(Qt::PlainText);
    box->setText(aboutText());
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setStandardButtons(QMessageBox::Ok);
    const QIcon icon = QApplication::windowIcon();
    if (!icon.isNull())
        box->setIconPixmap(icon.pixmap(64, 64));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace tp
