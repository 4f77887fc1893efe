// What merged evidence becomes (store_merge.h): what is vetted is what is merged (a name with %2f
// attaches no other file); every merged run is judged again under our policy whatever verdict it
// claims; merged decisions are history marked with their file, never our last review, and their
// rollback path is not taken; after merges refused and accepted every command works on ours.
#include "merge_fixture.h"
#include "model/session/evaluate_review.h"
#include "model/store/store_merge.h"
#include "screenshot_pixels.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestMergeEvidence : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void percentEncodedNameMergesThatFile();
    void forgedVerdictIsJudgedAgain();
    void mergedDecisionsAreHistoryNotOurReview();
    void everyCommandWorksAfterMerges();

private:
    std::string theirs(const char *name) { return tptest::theirDatabase(m_dir, name); }
    static tp::GateDefinitions gates() { return tptest::mergeGates(); }
    QTemporaryDir m_dir;
};

// SQLite decodes %XX in a URI: "a%2fb.sqlite" once attached "a/b.sqlite", a file nobody vetted.
void TestMergeEvidence::percentEncodedNameMergesThatFile()
{
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("pct")));
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("pct/a")));
    const std::string genuine = theirs("pct/a%2fb.sqlite");
    { // the decoy the decoded name reaches: a view named runs over other rows
        const std::string decoy = theirs("pct/a/b.sqlite");
        SQLite::Database db(decoy, SQLite::OPEN_READWRITE);
        db.exec("DELETE FROM runs WHERE id > 1");
        db.exec("PRAGMA journal_mode = DELETE");
    }
    tp::Store ours(m_dir.filePath(QStringLiteral("pct-ours.sqlite")).toStdString());
    const tp::MergeReport r = tp::mergeDatabase(ours, genuine);
    QCOMPARE(r.runs, 8LL); // the genuine file's eight runs, not the decoy's one
    QCOMPARE(ours.runCount(), 8LL);
}

// A run that claims our policy and a valid verdict with no samples at all.
void TestMergeEvidence::forgedVerdictIsJudgedAgain()
{
    const std::string other = theirs("forged.sqlite");
    tp::Store ours(m_dir.filePath(QStringLiteral("forged-ours.sqlite")).toStdString(),
                   tptest::fixturePolicy());
    std::string key;
    {
        SQLite::Database db(other, SQLite::OPEN_READWRITE);
        key = db.execAndGet("SELECT execution_key FROM runs ORDER BY id LIMIT 1").getString();
        db.exec("DELETE FROM sample_chunks WHERE run_id = (SELECT min(id) FROM runs)");
        SQLite::Statement q(db, "UPDATE runs SET valid = 1, validity_reasons = '[]', sample_count "
                                "= 1000000, validity_policy = ? WHERE id = (SELECT min(id) FROM "
                                "runs)");
        q.bind(1, ours.validityPolicy().id());
        q.exec();
        db.exec("PRAGMA journal_mode = DELETE");
    }
    tp::mergeDatabase(ours, other);
    const auto id = ours.runIdForExecutionKey(key);
    QVERIFY(id);
    const auto run = ours.run(*id);
    QVERIFY(run);
    QCOMPARE(run->sampleCount, 0LL); // counted from the chunks merged
    QVERIFY2(run->valid != std::optional<bool>(true), run->validityReasonsJson.c_str());
    QVERIFY2(run->validityReasonsJson != "[]", run->validityReasonsJson.c_str());
}

void TestMergeEvidence::mergedDecisionsAreHistoryNotOurReview()
{
    const std::string other = theirs("reviews.sqlite");
    tp::Store ours(m_dir.filePath(QStringLiteral("reviews-ours.sqlite")).toStdString(),
                   tptest::fixturePolicy());
    tp::importFile(ours, tptest::dataFile("valid_run.jsonl").toStdString());
    tp::mergeDatabase(ours, other);
    const auto history = tp::ReviewStore(ours).snapshots();
    QCOMPARE(history.size(), std::size_t(1));
    const std::string source =
        QFileInfo(QString::fromStdString(other)).absoluteFilePath().toStdString();
    QCOMPARE(history[0].mergedFrom, source);
    QCOMPARE(history[0].signoffs.size(), std::size_t(1));
    QCOMPARE(history[0].signoffs[0].mergedFrom, source);
    QCOMPARE(history[0].toJson().value("merged_from", std::string()), source);
    // Not the last review of any of our pilots, and no sign-off of ours.
    for (const tp::PilotDefinition &p : tp::PilotStore(ours).list()) {
        QVERIFY(!tp::ReviewStore(ours).latestSnapshot(p.id));
        QVERIFY(tp::ReviewStore(ours).pendingSignoffs(p.id).empty());
    }
    const tp::ReviewState st = tp::evaluateReview(ours, gates());
    QVERIFY(!st.lastReview);
    // Their rollback path does not become ours (it would pass our rollback criterion).
    QVERIFY(tp::ReviewStore(ours).inputs().rollbackPath.empty());
    // A decision recorded here takes none of theirs with it and becomes the last review.
    const auto mine = tp::ReviewStore(ours).recordDecision(st, "Ana", "ours");
    QVERIFY(mine.mergedFrom.empty());
    QVERIFY(mine.signoffs.empty());
    QCOMPARE(tp::ReviewStore(ours).latestSnapshot(st.pilot.id)->id, mine.id);
}

// The invariant, through the real program: after merges refused and accepted (a forged verdict, a
// decision from elsewhere), every command works on our database and the dashboard opens on it.
void TestMergeEvidence::everyCommandWorksAfterMerges()
{
    const QString ours = m_dir.filePath(QStringLiteral("cli-ours.sqlite"));
    {
        tp::Store store(ours.toStdString());
        tp::importFile(store, tptest::dataFile("valid_run.jsonl").toStdString());
        tp::mergeDatabase(store, theirs("cli-theirs.sqlite"));
        const std::string bad = theirs("cli-bad.sqlite");
        {
            SQLite::Database db(bad, SQLite::OPEN_READWRITE);
            db.exec("UPDATE sample_chunks SET count = 2305843009213693953 WHERE id = (SELECT "
                    "min(id) FROM sample_chunks)");
            db.exec("PRAGMA journal_mode = DELETE");
        }
        QVERIFY_THROWS_EXCEPTION(tp::StoreError, tp::mergeDatabase(store, bad));
    }
    auto run = [&](const QStringList &args, bool display = false) {
        QProcess p;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("cli-xdg")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("cli-xdg")));
        if (display)
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TP_APP_PATH), args);
        if (!p.waitForFinished(120000))
            return std::make_pair(-2, QStringLiteral("timed out"));
        return std::make_pair(p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                              QString::fromUtf8(p.readAllStandardError()));
    };
    const QString db = QStringLiteral("--db");
    const auto gates = run({QStringLiteral("gates"), db, ours});
    QVERIFY2(gates.first == 0 || gates.first == 1, // a verdict
             qPrintable(QStringLiteral("exit code %1: %2").arg(gates.first).arg(gates.second)));
    const QString pdf = m_dir.filePath(QStringLiteral("cli.pdf"));
    const auto report = run({QStringLiteral("report"), db, ours, QStringLiteral("--out"), pdf});
    QVERIFY2(report.first == 0, qPrintable(report.second));
    QCOMPARE_GT(QFileInfo(pdf).size(), 0);
    const auto exported = run({QStringLiteral("export"), db, ours});
    QVERIFY2(exported.first == 0, qPrintable(exported.second));
    const auto imported =
        run({QStringLiteral("import"), db, ours, tptest::dataFile("panels_realistic.jsonl")});
    QVERIFY2(imported.first == 0, qPrintable(imported.second));
    const QString png = m_dir.filePath(QStringLiteral("cli.png"));
    const auto shot = run({db, ours, QStringLiteral("--screenshot"), png}, true);
    QVERIFY2(shot.first == 0, qPrintable(shot.second));
    // The dashboard opened on it: a painted window, the first of its runs selected (one row of
    // the runs table in the highlight colour) and its detail shown, with the cold-vs-warm chart's
    // first call, warmup and steady-state bars in their fixed colours (cold_warm_chart.cpp).
    const tptest::ShotPixels pixels(png);
    QVERIFY(!pixels.image.isNull());
    QCOMPARE_GE(pixels.image.width(), 800);
    QCOMPARE_GE(pixels.image.height(), 500);
    QCOMPARE_GE(pixels.colours(), 8);
    QCOMPARE_GE(pixels.selectedRowLines(), 12);
    QCOMPARE_LE(pixels.selectedRowLines(), 40);
    QCOMPARE_GE(pixels.pixels(qRgb(0x3f, 0x51, 0xb5)), 500);
    QCOMPARE_GE(pixels.pixels(qRgb(0xff, 0x98, 0x00)), 500);
    QCOMPARE_GE(pixels.pixels(qRgb(0x00, 0x96, 0x88)), 500);
}

QTEST_GUILESS_MAIN(TestMergeEvidence)
#include "tst_merge_evidence.moc"
