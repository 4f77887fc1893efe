#pragma once
// Imports result files (contract streams .jsonl, smoke.py's .json) and merges other TorchPilot
// databases (.sqlite, .sqlite3, .db) into a database off the GUI thread, through
// model/ingest/import_any.h's importAny on a connection of its own. Requests queue up
// and run one at a time; each ends with one finished() signal on the GUI thread.
#include <QList>
#include <QObject>
#include <QStringList>
#include <QThreadPool>

namespace tp
{

struct ImportOutcome {
    QStringList imported;     // files that stored at least one run
    QStringList failures;     // "file: why" for the others
    QList<long long> runIds;  // runs touched, in file order
    long long newSamples = 0; // 0 on a re-import (idempotent)
};

class FileImporter : public QObject
{
    Q_OBJECT
public:
    explicit FileImporter(QObject *parent = nullptr);
    ~FileImporter() override;

    // .jsonl, .json, .tprun, .sqlite, .sqlite3 or .db (case-insensitive), an existing regular file.
    static bool isImportable(const QString &path);

    void importFiles(const QString &databasePath, const QStringList &files);
    bool isBusy() const { return m_running > 0; }

Q_SIGNALS:
    void started(int fileCount);
    void finished(const tp::ImportOutcome &outcome);

private:
    QThreadPool m_pool;
    int m_running = 0;
};

} // namespace tp
