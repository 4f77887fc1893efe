#include "i18n.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QStringList>
#include <QTranslator>

namespace tp
{

namespace
{
// Translators live as long as the application: parented to it, replaced on a second call.
void removeOldTranslators(QCoreApplication &app)
{
    const auto old =
        app.findChildren<QTranslator *>(QStringLiteral("tp_i18n"), Qt::FindDirectChildrenOnly);
    for (QTranslator *t : old) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

bool install(QCoreApplication &app, const QLocale &locale, const QString &name, const QString &dir)
{
    if (dir.isEmpty()) { // TorchPilot's own: the installed .qm first, else the one compiled in
        const QString shared = QCoreApplication::applicationDirPath() +
                               QStringLiteral("/../share/torchpilot/translations");
        return install(app, locale, name, shared) ||
               install(app, locale, name, QStringLiteral(":/i18n"));
    }
    auto *translator = new QTranslator(&app);
    translator->setObjectName(QStringLiteral("tp_i18n"));
    if (!translator->load(locale, name, QStringLiteral("_"), dir) ||
        !QCoreApplication::installTranslator(translator)) {
        delete translator;
        return false;
    }
    return true;
}
} // namespace

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("pt_BR")};
}

QString installTranslations(QCoreApplication &app, const QString &language)
{
    removeOldTranslators(app);
    const QString lang = language.trimmed();
    if (lang == QLatin1String("en") || lang == QLatin1String("C")) {
        // English text; numbers and dates stay with an English system locale (en_GB, en_IN…).
        const QLocale system = QLocale::system();
        QLocale::setDefault(system.language() == QLocale::English || system.language() == QLocale::C
                                ? system
                                : QLocale(QLocale::English, QLocale::UnitedStates));
        return QStringLiteral("en");
    }
    const QLocale locale = lang.isEmpty() ? QLocale::system() : QLocale(lang);
    QLocale::setDefault(locale);
    // QTranslator::load(QLocale, …) tries each of locale.uiLanguages() ("pt-BR", "pt", …).
    QLocale text = locale;
    if (!install(app, text, QStringLiteral("torchpilot"), QString())) {
        // pt_PT, pt_AO…: Brazilian Portuguese reads better than English; numbers keep `locale`.
        text = QLocale(QLocale::Portuguese, QLocale::Brazil);
        if (locale.language() != QLocale::Portuguese ||
            !install(app, text, QStringLiteral("torchpilot"), QString()))
            return QStringLiteral("en");
    }
    install(app, locale, QStringLiteral("qtbase"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return text.name();
}

} // namespace tp
