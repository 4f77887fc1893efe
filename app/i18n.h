#pragma once
// The UI language: TorchPilot's own translation (:/i18n/torchpilot_<locale>.qm, compiled from
// resources/translations/*.ts at build time) plus Qt's own strings (qtbase_<locale>.qm from the
// Qt translations directory, when installed), and the default QLocale for numbers and dates.
#include <QString>

class QCoreApplication;

namespace tp
{

// Installs the translators for `language` on `app` and sets QLocale::setDefault() to match.
// `language`: "" follows the system locale (QLocale::system()), "en" (or "C") forces English,
// "pt_BR" Portuguese (Brazil); any other locale name is tried the same way (other Portuguese
// locales get pt_BR text with their own numbers) and falls back to English. Call once, after the
// application object exists and before any widget or message is built. Returns the locale name
// actually in effect for the UI text ("en" when untranslated).
QString installTranslations(QCoreApplication &app, const QString &language);

// The languages the UI is translated into, as locale names, English first: {"en", "pt_BR"}.
QStringList availableLanguages();

} // namespace tp
