// Idempotent promotion under re-import and under concurrency: the same file imported again, and
// two `torchpilot import` processes started at the same moment on the same file and the same
// database (new or existing). Both exit 0, each sample is stored exactly once (the new samples
// the two report add up to the file's), one run per execution key, nothing duplicated.
#include "contract_fixture.h"
#include "model/store/store.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

// "FILE: 2 run(s), 123 new sample(s), 456 already stored" → {123, 456}
std::pair<long long, long long> reportedSamples(const QString &out)
{
    static const QRegularExpression re(
        QStringLiteral("(\\d+) new sample\\(s\\), (\\d+) already stored"));
    const auto m = re.match(out);
    if (!m.hasMatch())
        return {-1, -1};
    return {m.captured(1).toLongLong(), m.captured(2).toLongLong()};
}

tptest::DbFigures figures(const QString &path)
{
    SQLite::Database db(path.toStdString());
    return tptest::dbFigures(db);
}

} // namespace

class TestConcurrentImport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void reimportIsANoOp();
    void twoImportsAtOnce_data();
    void twoImportsAtOnce();

private:
    QString m_big, m_other;
    tptest::BigStream m_spec, m_otherSpec;
    QTemporaryDir m_dir;
};

void TestConcurrentImport::initTestCase()
{
    m_big = m_dir.filePath(QStringLiteral("big.jsonl"));
    m_spec.linesPerRun = 500; // 2 runs × 500 lines × 100 samples: long enough to overlap
    QVERIFY(tptest::writeBigStream(m_big, m_spec));
    m_other = m_dir.filePath(QStringLiteral("other.jsonl"));
    m_otherSpec = m_spec;
    m_otherSpec.keyPrefix = QStringLiteral("other");
    QVERIFY(tptest::writeBigStream(m_other, m_otherSpec));
}

void TestConcurrentImport::reimportIsANoOp()
{
    const QString db = m_dir.filePath(QStringLiteral("again.sqlite"));
    auto r = tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), db, m_big});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(reportedSamples(r.out), std::make_pair(m_spec.samples(), 0LL));
    const auto first = figures(db);
    r = tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), db, m_big});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // Says clearly that nothing was new.
    QCOMPARE(reportedSamples(r.out), std::make_pair(0LL, m_spec.samples()));
    QVERIFY2(figures(db) == first, qPrintable(tptest::describe(figures(db))));
    QCOMPARE(first.runs, 2LL);
    QCOMPARE(first.samples, m_spec.samples());
    qInfo("re-import: %s", qPrintable(r.out.trimmed()));
}

void TestConcurrentImport::twoImportsAtOnce_data()
{
    QTest::addColumn<bool>("existingDb");
    QTest::addColumn<bool>("sameFile");
    for (int trial = 0; trial < 3; ++trial) {
        QTest::addRow("new db, same file #%d", trial) << false << true;
        QTest::addRow("existing db, same file #%d", trial) << true << true;
    }
    QTest::newRow("new db, different files") << false << false;
    QTest::newRow("existing db, different files") << true << false;
}

void TestConcurrentImport::twoImportsAtOnce()
{
    QFETCH(bool, existingDb);
    QFETCH(bool, sameFile);
    const QString db = m_dir.filePath(
        QString::fromLatin1(QTest::currentDataTag())
            .replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-")) +
        QStringLiteral(".sqlite"));
    if (existingDb) {
        tp::Store s(db.toStdString());
    }
    const QString second = sameFile ? m_big : m_other;
    QProcess a, b;
    const QString app = QStringLiteral(TP_APP_PATH);
    a.start(app, {QStringLiteral("import"), QStringLiteral("--db"), db, m_big});
    b.start(app, {QStringLiteral("import"), QStringLiteral("--db"), db, second});
    QVERIFY(a.waitForFinished(120000));
    QVERIFY(b.waitForFinished(120000));
    const QString outA = QString::fromUtf8(a.readAllStandardOutput()),
                  errA = QString::fromUtf8(a.readAllStandardError());
    const QString outB = QString::fromUtf8(b.readAllStandardOutput()),
                  errB = QString::fromUtf8(b.readAllStandardError());
    QVERIFY2(a.exitStatus() == QProcess::NormalExit && a.exitCode() == 0, qPrintable(errA));
    QVERIFY2(b.exitStatus() == QProcess::NormalExit && b.exitCode() == 0, qPrintable(errB));
    QCOMPARE(QString::fromStdString(tptest::integrityCheck(db.toStdString())),
             QStringLiteral("ok"));
    const auto f = figures(db);
    const long long files = sameFile ? 1 : 2;
    QCOMPARE(f.runs, 2 * files);
    QCOMPARE(f.keys, f.runs); // one run per execution key
    QCOMPARE(f.complete, f.runs);
    QCOMPARE(f.samples, files * m_spec.samples());
    QCOMPARE(f.maintainedSamples, f.samples);
    QCOMPARE(f.events, files * m_spec.events());
    const auto ra = reportedSamples(outA), rb = reportedSamples(outB);
    if (sameFile) { // each sample promoted once: what one stored, the other found already there
        QCOMPARE(ra.first + rb.first, m_spec.samples());
        QCOMPARE(ra.first + ra.second, m_spec.samples());
        QCOMPARE(rb.first + rb.second, m_spec.samples());
    } else {
        QCOMPARE(ra, std::make_pair(m_spec.samples(), 0LL));
        QCOMPARE(rb, std::make_pair(m_spec.samples(), 0LL));
    }
    qInfo("%s: A stored %lld new / %lld already there, B %lld / %lld; %s", QTest::currentDataTag(),
          ra.first, ra.second, rb.first, rb.second, qPrintable(tptest::describe(f)));
}

QTEST_GUILESS_MAIN(TestConcurrentImport)
#include "tst_concurrent_import.moc"
