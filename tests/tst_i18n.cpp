// Translations: the committed pt_BR .ts is complete and consistent with the sources (so a new
// untranslated string fails here), the compiled app speaks Portuguese when the system or the
// setting asks for it, and the dashboard's tabs follow the installed language.
#include "app/i18n.h"
#include "frontend/settings.h"
#include "model/store/store.h"
#include "ui/language_menu.h"
#include "ui/main_window.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace
{

const QString kTsFile = QStringLiteral(TP_SOURCE_DIR "/resources/translations/torchpilot_pt_BR.ts");

struct Message {
    QString context, source, comment;
    bool numerus = false;
    QString type;             // translation type: "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or the numerus forms
    QString key() const { return context + QChar(0x1f) + source + QChar(0x1f) + comment; }
};

QList<Message> readTs(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(path);
        return {};
    }
    QList<Message> out;
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = Message{
                context, {},
                {},      xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"),
                {},      {}};
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            m.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (m.numerus) {
                while (xml.readNextStartElement())
                    m.translations << xml.readElementText(); // <numerusform>
            } else {
                m.translations << xml.readElementText();
            }
            out << m;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return out;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d+|n)"));
    QSet<QString> found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(1));
    return found;
}

// "&File" has an accelerator; "&&" is a literal ampersand and "& " is not one.
bool hasAccelerator(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("(^|[^&])&[^&\\s]"));
    return text.contains(re);
}

QString lupdatePath()
{
    const QString path = QStringLiteral(TP_LUPDATE_PATH);
    return QFileInfo(path).isExecutable() ? path : QString();
}

struct AppResult {
    int code = -1;
    QString out, err;
};

} // namespace

class TestI18n : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tsIsCompletelyTranslated();
    void sourcesHaveNoUntranslatedString();
    void appPrintsPortuguese_data();
    void appPrintsPortuguese();
    void mainWindowTabsFollowTheLanguage();
    void languageMenuStoresTheChoice();

private:
    AppResult app(const QStringList &args, const QString &lcAll, const QString &language);
    QTemporaryDir m_dir;
};

void TestI18n::tsIsCompletelyTranslated()
{
    QString error;
    const QList<Message> messages = readTs(kTsFile, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE_GT(messages.size(), 100);
    QStringList problems;
    for (const Message &m : messages) {
        if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
            continue;
        const QString where = m.context + QStringLiteral(": \"") + m.source + QLatin1Char('"');
        if (m.type == QLatin1String("unfinished"))
            problems << QStringLiteral("unfinished: ") + where;
        if (m.translations.isEmpty() || (m.numerus && m.translations.size() != 2))
            problems << QStringLiteral("wrong number of forms: ") + where;
        const QSet<QString> wanted = placeholders(m.source);
        for (const QString &t : m.translations) {
            if (t.trimmed().isEmpty() && !m.source.trimmed().isEmpty()) {
                problems << QStringLiteral("empty: ") + where;
                continue;
            }
            const QSet<QString> got = placeholders(t);
            for (const QString &p : wanted)
                if (!got.contains(p))
                    problems << QStringLiteral("%%1 missing in \"%2\": %3").arg(p, t, where);
            for (const QString &p : got)
                if (!wanted.contains(p))
                    problems << QStringLiteral("extra %%1 in \"%2\": %3").arg(p, t, where);
            if (hasAccelerator(m.source) && !hasAccelerator(t))
                problems << QStringLiteral("accelerator & lost in \"%1\": %2").arg(t, where);
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestI18n::sourcesHaveNoUntranslatedString()
{
    const QString lupdate = lupdatePath();
    if (lupdate.isEmpty())
        QSKIP("lupdate not installed (qt6-l10n-tools)");
    const QString fresh = m_dir.filePath(QStringLiteral("fresh_pt_BR.ts"));
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    const QString src = QStringLiteral(TP_SOURCE_DIR);
    // The same scan as the update_translations target: ui/, frontend/, app/, runner/launch/,
    // runner/orchestrate/ and the catalog of model sentences.
    p.start(lupdate, {src + QStringLiteral("/ui"), src + QStringLiteral("/frontend"),
                      src + QStringLiteral("/app"), src + QStringLiteral("/runner/launch"),
                      src + QStringLiteral("/runner/orchestrate"),
                      src + QStringLiteral("/model/contract/model_texts.h"),
                      QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                      QStringLiteral("none"), QStringLiteral("-source-language"),
                      QStringLiteral("en"), QStringLiteral("-target-language"),
                      QStringLiteral("pt_BR"), QStringLiteral("-ts"), fresh});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAll().constData());
    QString error;
    const QList<Message> found = readTs(fresh, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!found.isEmpty());
    QSet<QString> committed;
    for (const Message &m : readTs(kTsFile, &error))
        if (m.type != QLatin1String("vanished") && m.type != QLatin1String("obsolete"))
            committed.insert(m.key());
    QStringList missing;
    for (const Message &m : found)
        if (!committed.contains(m.key()))
            missing << m.context + QStringLiteral(": \"") + m.source + QLatin1Char('"');
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral(
                            "%1 source string(s) not in %2 — run the update_translations target "
                            "and translate them:\n")
                            .arg(missing.size())
                            .arg(QFileInfo(kTsFile).fileName()) +
                        missing.join(QLatin1Char('\n'))));
}

AppResult TestI18n::app(const QStringList &args, const QString &lcAll, const QString &language)
{
    // A settings store of our own: the user's choice in ~/.config must not leak in.
    const QString config =
        m_dir.filePath(QStringLiteral("config-") + lcAll + QLatin1Char('-') + language);
    if (!language.isEmpty()) {
        QDir().mkpath(config + QStringLiteral("/TorchPilot"));
        tp::Settings s(config + QStringLiteral("/TorchPilot/torchpilot.conf"));
        s.setLanguage(language);
        s.sync();
    }
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("LC_ALL"), lcAll);
    env.insert(QStringLiteral("LANG"), lcAll);
    env.remove(QStringLiteral("LANGUAGE"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TP_APP_PATH), args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

void TestI18n::appPrintsPortuguese_data()
{
    QTest::addColumn<QString>("lcAll");
    QTest::addColumn<QString>("language"); // the setting; empty follows the system
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("help");
    QTest::newRow("system pt_BR") << QStringLiteral("pt_BR.UTF-8") << QString()
                                  << QStringLiteral("Decisão: inconclusivo")
                                  << QStringLiteral("Avalia os cinco portões de aprovação");
    QTest::newRow("setting pt_BR") << QStringLiteral("C.UTF-8") << QStringLiteral("pt_BR")
                                   << QStringLiteral("Decisão: inconclusivo")
                                   << QStringLiteral("Arquivo do banco de dados SQLite");
    QTest::newRow("system pt_PT gets pt_BR text")
        << QStringLiteral("pt_PT.UTF-8") << QString() << QStringLiteral("Decisão: inconclusivo")
        << QStringLiteral("Avalia os cinco portões de aprovação");
    QTest::newRow("system C") << QStringLiteral("C.UTF-8") << QString()
                              << QStringLiteral("Decision: inconclusive")
                              << QStringLiteral("Evaluate the five approval gates");
    QTest::newRow("setting en beats system pt_BR")
        << QStringLiteral("pt_BR.UTF-8") << QStringLiteral("en")
        << QStringLiteral("Decision: inconclusive")
        << QStringLiteral("Evaluate the five approval gates");
}

void TestI18n::appPrintsPortuguese()
{
    QFETCH(QString, lcAll);
    QFETCH(QString, language);
    QFETCH(QString, decision);
    QFETCH(QString, help);
    const QString db = m_dir.filePath(QStringLiteral("empty-%1.sqlite")
                                          .arg(QString::fromUtf8(QTest::currentDataTag()))
                                          .replace(QLatin1Char(' '), QLatin1Char('_')));
    AppResult r = app({QStringLiteral("gates"), QStringLiteral("--db"), db}, lcAll, language);
    QCOMPARE(r.code, 1); // an empty database decides nothing: inconclusive
    QVERIFY2(r.out.contains(decision), qPrintable(r.out + r.err));
    r = app({QStringLiteral("gates"), QStringLiteral("--help")}, lcAll, language);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(help), qPrintable(r.out + r.err));
}

void TestI18n::mainWindowTabsFollowTheLanguage()
{
    tp::Settings settings(m_dir.filePath(QStringLiteral("gui.ini")));
    settings.setLanguage(QStringLiteral("pt_BR"));
    tp::Store store(m_dir.filePath(QStringLiteral("gui.sqlite")).toStdString());
    const auto tabTexts = [&store, &settings] {
        tp::MainWindow w(&store, &settings);
        auto *tabs = w.findChild<QTabWidget *>();
        QStringList texts;
        for (int i = 0; tabs && i < tabs->count(); ++i)
            texts << tabs->tabText(i);
        QStringList menus;
        for (QAction *a : w.menuBar()->actions())
            menus << a->text();
        return texts + menus;
    };

    QCOMPARE(tp::installTranslations(*QCoreApplication::instance(), settings.language()),
             QStringLiteral("pt_BR"));
    QCOMPARE(QLocale().toString(1.5, 'f', 1), QStringLiteral("1,5")); // numbers follow the language
    QStringList texts = tabTexts();
    for (const char *pt :
         {"Execuções", "Fila", "Painéis", "Comparar", "Gráficos", "&Arquivo", "&Idioma"})
        QVERIFY2(texts.contains(QString::fromUtf8(pt)),
                 qPrintable(texts.join(QStringLiteral(" | "))));

    QCOMPARE(tp::installTranslations(*QCoreApplication::instance(), QStringLiteral("en")),
             QStringLiteral("en"));
    texts = tabTexts();
    for (const char *en : {"Runs", "Queue", "Panels", "Compare", "Charts", "&File", "&Language"})
        QVERIFY2(texts.contains(QLatin1String(en)), qPrintable(texts.join(QStringLiteral(" | "))));
    QCOMPARE(QLocale().toString(1.5, 'f', 1), QStringLiteral("1.5"));
}

void TestI18n::languageMenuStoresTheChoice()
{
    tp::Settings settings(m_dir.filePath(QStringLiteral("menu.ini")));
    tp::LanguageMenu menu(&settings);
    QCOMPARE(menu.actions().size(), tp::LanguageMenu::languages().size());
    QSignalSpy chosen(&menu, &tp::LanguageMenu::languageChosen);
    menu.actions().at(2)->trigger(); // Português (Brasil)
    QCOMPARE(settings.language(), QStringLiteral("pt_BR"));
    QVERIFY(menu.actions().at(2)->isChecked());
    QCOMPARE(chosen.size(), 1);
    menu.actions().at(0)->trigger(); // System
    QCOMPARE(settings.language(), QString());
    QVERIFY(menu.actions().at(0)->isChecked());
    QVERIFY(!menu.actions().at(2)->isChecked());
}

QTEST_MAIN(TestI18n)
#include "tst_i18n.moc"
