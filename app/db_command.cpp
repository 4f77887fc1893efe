// torchpilot db compact: the database's sample chunks rewritten in the v12 layout and the file
// shrunk by VACUUM (model/store/store_compact.h). Prints what it did; exit 2 on bad input.
#include "db_command.h"

#include "cli_commands.h"
#include "frontend/qt_text.h"
#include "model/store/store.h"
#include "model/store/store_compact.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>
#include <QTextStream>

namespace tp::cli
{

namespace
{
struct DbCmd {
    Q_DECLARE_TR_FUNCTIONS(DbCmd)
};

} // namespace

int dbCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        DbCmd::tr("Maintain a database. 'compact': rewrite its samples in chunks of 4096 and give "
                  "the freed space back (VACUUM); lossless, and safe to interrupt."));
    p.addHelpOption();
    p.addOption({QStringLiteral("db"), DbCmd::tr("The TorchPilot database."), DbCmd::tr("path")});
    p.addPositionalArgument(QStringLiteral("action"), DbCmd::tr("compact"));
    p.process(args);
    const QStringList actions = p.positionalArguments();
    if (actions != QStringList{QStringLiteral("compact")})
        return fail(DbCmd::tr("db needs one action: compact"), 2);
    const QString db = p.value(QStringLiteral("db"));
    if (db.isEmpty())
        return fail(DbCmd::tr("db compact needs --db PATH"), 2);
    if (!QFileInfo(db).isFile())
        return fail(DbCmd::tr("no database at '%1' (the file does not exist)").arg(db), 2);
    try {
        Store store(db.toStdString());
        const CompactReport r = compactDatabase(store);
        const QLocale c = QLocale::c();
        out() << DbCmd::tr("%1: %2 sample chunk(s) became %3; the file went from %4 to %5 bytes.")
                     .arg(db, c.toString(r.chunksBefore), c.toString(r.chunksAfter),
                          c.toString(qulonglong(r.bytesBefore)),
                          c.toString(qulonglong(r.bytesAfter)))
              << Qt::endl;
    } catch (const std::exception &e) {
        return fail(fromStd(e.what()), 1);
    }
    return 0;
}

} // namespace tp::cli
