// torchpilot: the dashboard by default; headless subcommands import, run and pilot.
#include "cli_commands.h"
#include "gui.h"
#include "i18n.h"
#include "settings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTextStream>
#include <memory>

namespace
{
struct Main {
    Q_DECLARE_TR_FUNCTIONS(Main)
};

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("torchpilot"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TORCHPILOT_VERSION));
    // Every command speaks the language chosen in the dashboard (Settings), else the system's.
    tp::installTranslations(*QCoreApplication::instance(), tp::Settings().language());
}
} // namespace

int main(int argc, char **argv)
{
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (command == QLatin1String("import") || command == QLatin1String("run") ||
        command == QLatin1String("gates") || command == QLatin1String("review") ||
        command == QLatin1String("targets") || command == QLatin1String("faulttest") ||
        command == QLatin1String("pilots") || command == QLatin1String("export")) {
        QCoreApplication app(argc, argv);
        setIdentity();
        QStringList args = QCoreApplication::arguments();
        args.removeAt(1);
        if (command == QLatin1String("gates"))
            return tp::cli::gatesCommand(args);
        if (command == QLatin1String("review"))
            return tp::cli::reviewCommand(args);
        if (command == QLatin1String("targets"))
            return tp::cli::targetsCommand(args);
        if (command == QLatin1String("faulttest"))
            return tp::cli::faulttestCommand(args);
        if (command == QLatin1String("pilots"))
            return tp::cli::pilotsCommand(args);
        if (command == QLatin1String("export"))
            return tp::cli::exportCommand(args);
        return command == QLatin1String("import") ? tp::cli::importCommand(args)
                                                  : tp::cli::runCommand(args);
    }
    if (command == QLatin1String("report")) {
        // Qt Charts draw through widgets: a QApplication even without a display (offscreen).
        if (!tp::cli::displayAvailable() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        setIdentity();
        QStringList args = QCoreApplication::arguments();
        args.removeAt(1);
        return tp::cli::reportCommand(args);
    }
    if (command == QLatin1String("pilot")) {
        std::unique_ptr<QCoreApplication> app;
        if (tp::cli::displayAvailable())
            app = std::make_unique<QApplication>(argc, argv);
        else
            app = std::make_unique<QCoreApplication>(argc, argv);
        setIdentity();
        QStringList args = QCoreApplication::arguments();
        args.removeAt(1);
        return tp::cli::pilotCommand(
            args, [](const QString &db) { return tp::cli::runGui(db, QString()); });
    }
    if (!tp::cli::renderingAvailable()) {
        QCoreApplication app(argc, argv);
        setIdentity();
        QTextStream(stderr)
            << Main::tr("torchpilot: error: no display available (DISPLAY and WAYLAND_DISPLAY "
                        "are unset). Use QT_QPA_PLATFORM=offscreen with --screenshot, or a "
                        "headless subcommand: import, run, pilot.")
            << Qt::endl;
        return 1;
    }
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/torchpilot/icons/torchpilot.svg")));
    QCommandLineParser p;
    p.setApplicationDescription(
        Main::tr("TorchPilot: measured evidence for moving a PyTorch workload "
                 "from GPU to TPU.\nSubcommands: import, run, pilot, pilots, gates, review, "
                 "report, export (see "
                 "'torchpilot <command> --help')."));
    p.addHelpOption();
    p.addVersionOption();
    p.addOptions({
        {QStringLiteral("db"), Main::tr("SQLite database file."), Main::tr("path"),
         tp::cli::defaultDatabasePath()},
        {QStringLiteral("screenshot"), Main::tr("Render the main window to a PNG and exit."),
         Main::tr("file")},
        {QStringLiteral("page"),
         Main::tr("Page to show first: runs, queue, panels, compare, charts, review; "
                  "review/cost or review/pilot for a tab of the Review page."),
         Main::tr("name")},
    });
    p.process(app);
    // Without --db the dashboard reopens the database used last.
    QString db = p.value(QStringLiteral("db"));
    if (!p.isSet(QStringLiteral("db")) && !tp::Settings().lastDatabase().isEmpty())
        db = tp::Settings().lastDatabase();
    return tp::cli::runGui(db, p.value(QStringLiteral("screenshot")),
                           p.value(QStringLiteral("page")));
}
