#include "language_menu.h"

#include "frontend/settings.h"

#include <QAction>
#include <QActionGroup>
#include <QMessageBox>

namespace tp
{

LanguageMenu::LanguageMenu(Settings *settings, QWidget *parent)
    : QMenu(tr("&Language"), parent), m_settings(settings), m_group(new QActionGroup(this))
{
    m_group->setExclusive(true);
    const QStringList names{tr("&System", "language: follow the system locale"),
                            // Each language in its own words, whatever the UI language is.
                            QStringLiteral("&English"), QStringLiteral("&Português (Brasil)")};
    const QStringList codes = languages();
    for (int i = 0; i < codes.size(); ++i) {
        QAction *action = addAction(names.at(i));
        action->setCheckable(true);
        action->setData(codes.at(i));
        m_group->addAction(action);
        const QString &code = codes.at(i);
        connect(action, &QAction::triggered, this, [this, code] { choose(code); });
    }
    actions().constFirst()->setStatusTip(tr("Follow the system locale (LANG, LC_ALL, LANGUAGE)"));
    connect(this, &QMenu::aboutToShow, this, &LanguageMenu::syncChecks);
    syncChecks();
}

QStringList LanguageMenu::languages()
{
    return {QString(), QStringLiteral("en"), QStringLiteral("pt_BR")};
}

void LanguageMenu::syncChecks()
{
    const QString current = m_settings ? m_settings->language() : QString();
    for (QAction *action : m_group->actions())
        action->setChecked(action->data().toString() == current);
}

void LanguageMenu::choose(const QString &language)
{
    const QString before = m_settings ? m_settings->language() : QString();
    if (m_settings) {
        m_settings->setLanguage(language);
        m_settings->sync();
    }
    syncChecks();
    Q_EMIT languageChosen(language);
    if (language == before)
        return;
    auto *note = new QMessageBox(QMessageBox::Information, tr("Language"),
                                 tr("The new language applies the next time TorchPilot starts."),
                                 QMessageBox::Ok, parentWidget());
    note->setAttribute(Qt::WA_DeleteOnClose);
    note->open();
}

} // namespace tp
