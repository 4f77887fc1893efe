// torchpilot: the dashboard by default; headless subcommands import, run and pilot.
#include "cli_commands.h"
#include "compare_command.h"
#include "db_command.h"
#include "export_command.h"
#include "faulttest_command.h"
#include "frontend/settings.h"
#include "frontend/version_info.h"
#include "gates_command.h"
#include "gui.h"
#include "i18n.h"
#include "model/store/store_merge.h"
#include "peak_command.h"
#include "pilot_command.h"
#include "pilots_command.h"
#include "probes_command.h"
#include "report_command.h"
#include "review_command.h"
#include "targets_command.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QTextStream>
#include <algorithm>
#include <iterator>
#include <memory>

namespace
{
struct Main {
    Q_DECLARE_TR_FUNCTIONS(Main)
};

// The subcommands that need no display, and what runs each.
struct Headless {
    const char *name;
    int (*run)(const QStringList &args);
};
const Headless kHeadless[] = {
    {"import", tp::cli::importCommand},   {"run", tp::cli::runCommand},
    {"gates", tp::cli::gatesCommand},     {"review", tp::cli::reviewCommand},
    {"targets", tp::cli::targetsCommand}, {"faulttest", tp::cli::faulttestCommand},
    {"pilots", tp::cli::pilotsCommand},   {"export", tp::cli::exportCommand},
    {"compare", tp::cli::compareCommand}, {"db", tp::cli::dbCommand},
    {"peak", tp::cli::peakCommand},       {"probes", tp::cli::probesCommand},
};

const Headless *headless(const QString &command)
{
    for (const Headless &h : kHeadless)
        if (command == QLatin1String(h.name))
            return &h;
    return nullptr;
}

// The dashboard's options; --help and --version need no display, so they are answered before
// a QApplication would refuse to start.
void addDashboardOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(
        Main::tr("TorchPilot: measured evidence for moving a PyTorch workload "
                 "from GPU to TPU.\nSubcommands: import, run, pilot, pilots, gates, review, "
                 "compare, report, export, targets, faulttest, peak, probes, db (see "
                 "'torchpilot <command> --help')."));
    p.addHelpOption();
    p.addOption({{QStringLiteral("v"), QStringLiteral("version")},
                 Main::tr("Print the versions of TorchPilot, Qt, libtorch, SQLite and the run "
                          "contract.")});
    p.addOptions({
        {QStringLiteral("db"), Main::tr("SQLite database file."), Main::tr("path"),
         tp::cli::defaultDatabasePath()},
        {QStringLiteral("screenshot"), Main::tr("Render the main window to a PNG and exit."),
         Main::tr("file")},
        {QStringLiteral("page"),
         Main::tr("Page to show first: runs, queue, panels, compare, charts, review; "
                  "review/cost or review/pilot for a tab of the Review page, "
                  "compare/serving, compare/operators or compare/end-to-end for one of the "
                  "Compare page, panels/end-to-end for the Panels page's end-to-end panel."),
         Main::tr("name")},
    });
    p.addPositionalArgument(
        QStringLiteral("file"),
        Main::tr("A TorchPilot database to open (as --db), or result files (.jsonl, .json) to "
                 "import into the database."),
        Main::tr("[file…]"));
}

bool wantsHelpOrVersion(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "-h" || a == "--help" || a == "--help-all" || a == "-?" || a == "-v" ||
            a == "--version")
            return true;
    }
    return false;
}

// A file argument names a database when its name says so (.sqlite, .db, .torchpilot) or its
// header is SQLite's, as the MIME type reads it; anything else (.jsonl, .json, .tprun, a stream
// under any name) is a result file to import, which the importer checks.
bool isDatabaseArgument(const QString &file)
{
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("sqlite") || suffix == QLatin1String("db") ||
        suffix == QLatin1String("torchpilot"))
        return true;
    return tp::looksLikeSqlite(QFile::encodeName(file).toStdString());
}

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("torchpilot"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TORCHPILOT_VERSION));
    // Every command speaks the language chosen in the dashboard (Settings), else the system's.
    tp::installTranslations(*QCoreApplication::instance(), tp::Settings().language());
}

// The arguments a subcommand parses: the program's, without the subcommand's name.
QStringList subcommandArguments()
{
    QStringList args = QCoreApplication::arguments();
    args.removeAt(1);
    return args;
}

int runHeadless(const QString &command, int &argc, char **argv)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    return headless(command)->run(subcommandArguments());
}

int runReport(int &argc, char **argv)
{
    // Qt Charts draw through widgets: a QApplication even without a display (offscreen).
    if (!tp::cli::displayAvailable() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    setIdentity();
    return tp::cli::reportCommand(subcommandArguments());
}

int runPilot(int &argc, char **argv)
{
    std::unique_ptr<QCoreApplication> app;
    if (tp::cli::displayAvailable())
        app = std::make_unique<QApplication>(argc, argv);
    else
        app = std::make_unique<QCoreApplication>(argc, argv);
    setIdentity();
    return tp::cli::pilotCommand(subcommandArguments(),
                                 [](const QString &db) { return tp::cli::runGui(db, QString()); });
}

int printHelpOrVersion(int &argc, char **argv)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    QCommandLineParser p;
    addDashboardOptions(p);
    p.process(app); // --help prints and exits here
    QTextStream(stdout) << tp::versionText() << Qt::endl;
    return 0;
}

int refuseWithoutDisplay(int &argc, char **argv)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    QTextStream(stderr)
        << Main::tr("torchpilot: error: no display available (DISPLAY and WAYLAND_DISPLAY "
                    "are unset). Use QT_QPA_PLATFORM=offscreen with --screenshot, or a "
                    "headless subcommand: import, run, pilot, gates, compare, report, "
                    "export (torchpilot --help lists them).")
        << Qt::endl;
    return 1;
}

// A database given as a file argument (a double-click in the file manager) is opened; result
// files are imported into the database. Without either the dashboard reopens the last one.
// Returns 0, or 2 after the message when a file argument cannot be used.
int readFileArguments(const QCommandLineParser &p, QString *db, QStringList *imports)
{
    *db = p.value(QStringLiteral("db"));
    bool dbGiven = p.isSet(QStringLiteral("db"));
    for (const QString &file : p.positionalArguments()) {
        if (!isDatabaseArgument(file)) {
            *imports << file;
        } else if (!dbGiven) {
            if (!QFileInfo(file).isFile()) { // a typo must not become a new, empty database
                QTextStream(stderr)
                    << Main::tr("torchpilot: error: no database at '%1' (--db PATH creates one)")
                           .arg(file)
                    << Qt::endl;
                return 2;
            }
            *db = file;
            dbGiven = true;
        } else {
            QTextStream(stderr)
                << Main::tr("torchpilot: error: one database at a time ('%1')").arg(file)
                << Qt::endl;
            return 2;
        }
    }
    if (!dbGiven && !tp::Settings().lastDatabase().isEmpty())
        *db = tp::Settings().lastDatabase();
    return 0;
}

int runDashboard(int &argc, char **argv)
{
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/torchpilot/icons/torchpilot.svg")));
    QCommandLineParser p;
    addDashboardOptions(p);
    p.process(app);
    QString db;
    QStringList imports;
    if (const int code = readFileArguments(p, &db, &imports))
        return code;
    return tp::cli::runGui(db, p.value(QStringLiteral("screenshot")),
                           p.value(QStringLiteral("page")), imports);
}
} // namespace

int main(int argc, char **argv)
{
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (headless(command))
        return runHeadless(command, argc, argv);
    if (command == QLatin1String("report"))
        return runReport(argc, argv);
    if (command == QLatin1String("pilot"))
        return runPilot(argc, argv);
    if (wantsHelpOrVersion(argc, argv))
        return printHelpOrVersion(argc, argv);
    if (!tp::cli::renderingAvailable())
        return refuseWithoutDisplay(argc, argv);
    return runDashboard(argc, argv);
}
