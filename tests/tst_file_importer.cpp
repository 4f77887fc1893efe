// Drag-and-drop import (FileImporter): contract streams are ingested and another TorchPilot
// database is merged, off the GUI thread; a file that is neither is reported with what it is,
// and the others still import.
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "test_util.h"
#include "ui/pages/file_importer.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

class TestFileImporter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dropsStreamsDatabasesAndJunk();
};

void TestFileImporter::dropsStreamsDatabasesAndJunk()
{
    QTemporaryDir dir;
    const QString other = dir.filePath(QStringLiteral("colleague.sqlite"));
    {
        tp::Store s(other.toStdString());
        tp::importFile(s, tptest::dataFile("panels_realistic.jsonl").toStdString());
        tp::StoreConnection::of(s).exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    const QString pdf = dir.filePath(QStringLiteral("report.json")); // a PDF with a JSON name
    {
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
    }
    QVERIFY(tp::FileImporter::isImportable(other));
    QVERIFY(tp::FileImporter::isImportable(tptest::dataFile("valid_run.jsonl")));
    QVERIFY(!tp::FileImporter::isImportable(dir.filePath(QStringLiteral("missing.sqlite"))));
    const QString ours = dir.filePath(QStringLiteral("ours.sqlite"));
    tp::FileImporter importer;
    QSignalSpy done(&importer, &tp::FileImporter::finished);
    importer.importFiles(ours, {tptest::dataFile("valid_run.jsonl"), other, pdf});
    QVERIFY(done.wait(20000));
    const auto outcome = done.front().front().value<tp::ImportOutcome>();
    QCOMPARE(outcome.imported.size(), 2);
    QCOMPARE(outcome.failures.size(), 1);
    QVERIFY2(outcome.failures.front().contains(QStringLiteral("it holds a PDF document")),
             qPrintable(outcome.failures.front()));
    tp::Store store(ours.toStdString());
    QCOMPARE(store.runCount(), 9LL); // 1 + the colleague's 8
}

QTEST_MAIN(TestFileImporter)
#include "tst_file_importer.moc"
