#pragma once
// Language ▸ System / English / Português (Brasil): the UI language stored in Settings. The
// choice applies the next time TorchPilot starts (translators are installed before any widget is
// built); the menu says so. Each language is named in its own language, as users look for it.
#include <QMenu>

class QActionGroup;

namespace tp
{

class Settings;

class LanguageMenu : public QMenu
{
    Q_OBJECT
public:
    explicit LanguageMenu(Settings *settings, QWidget *parent = nullptr);

    // The choices as locale names, "" (follow the system) first.
    static QStringList languages();

    // Stores `language` ("", "en", "pt_BR") and checks its entry; tells the user it applies on
    // restart when it differs from the language in use (a non-modal note).
    void choose(const QString &language);

Q_SIGNALS:
    void languageChosen(const QString &language);

private:
    void syncChecks();

    Settings *m_settings = nullptr;
    QActionGroup *m_group = nullptr;
};

} // namespace tp
