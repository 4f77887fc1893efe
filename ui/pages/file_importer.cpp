#include "file_importer.h"

#include "model/ingest/import_any.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"

#include <QFileInfo>

namespace tp
{

FileImporter::FileImporter(QObject *parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1); // one writer at a time
}

FileImporter::~FileImporter()
{
    m_pool.waitForDone();
}

bool FileImporter::isImportable(const QString &path)
{
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    // Contract streams, and other TorchPilot databases to merge.
    return info.isFile() &&
           (suffix == QLatin1String("jsonl") || suffix == QLatin1String("json") ||
            suffix == QLatin1String("sqlite") || suffix == QLatin1String("db") ||
            suffix == QLatin1String("sqlite3") || suffix == QLatin1String("tprun"));
}

void FileImporter::importFiles(const QString &databasePath, const QStringList &files)
{
    if (files.isEmpty())
        return;
    ++m_running;
    Q_EMIT started(static_cast<int>(files.size()));
    FileImporter *importer = this; // alive while the job runs: the destructor waits for the pool
    m_pool.start([importer, databasePath, files] {
        ImportOutcome out;
        try {
            Store store(databasePath.toStdString());
            for (const QString &file : files) {
                try {
                    const ImportResult report = importAny(store, file.toStdString());
                    out.imported << file;
                    for (long long id : report.runIds)
                        out.runIds << id;
                    out.newSamples += report.samples;
                    for (const std::string &why : report.refused)
                        out.failures << tr("%1: %2").arg(QFileInfo(file).fileName(),
                                                         QString::fromStdString(why));
                } catch (const std::exception &e) {
                    out.failures << tr("%1: %2").arg(QFileInfo(file).fileName(),
                                                     QString::fromUtf8(e.what()));
                }
            }
        } catch (const std::exception &e) { // the database itself could not be opened
            out.failures << QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(
            importer,
            [importer, out] {
                --importer->m_running;
                Q_EMIT importer->finished(out);
            },
            Qt::QueuedConnection);
    });
}

} // namespace tp
