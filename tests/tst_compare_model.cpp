// CompareModel under QAbstractItemModelTester, and the Compare page offscreen: its default (the
// selected pilot's sides), presets, the confounder table's amber warnings, and a screenshot on a
// realistic database.
#include "gate_fixture.h"
#include "model/ingest/ingestor.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "test_util.h"
#include "ui/charts/serving_curve_chart.h"
#include "ui/models/compare_model.h"
#include "ui/models/run_check_model.h"
#include "ui/pages/compare_page.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using Verdict = tp::MetricComparison::Verdict;

class TestCompareModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void passesModelTester();
    void rolesAndText();
    void runCheckModel();
    void pageAppliesPresetAndWarns();
    void pilotPresetNamesTheColumns();
    void defaultIsThePilotsSides();
    void servingTabShowsBothCurves();
    void screenshot();

private:
    static std::vector<tp::MetricComparison> halved()
    {
        std::vector<tp::TimedSample> b, c;
        for (int i = 0; i < 100; ++i) {
            b.push_back({0.002 + 0.00001 * (i % 5), 32});
            c.push_back({b.back().seconds / 2, 32});
        }
        return tp::compareSamples(b, c);
    }
    static QTableWidget *confounderTable(tp::ComparePage &page)
    {
        return page.findChild<QTableWidget *>();
    }

    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
    std::vector<long long> m_ids; // fixture runs R1..R8 (see tst_panels.cpp)
};

void TestCompareModel::initTestCase()
{
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("f.sqlite")).toStdString(),
                                          tptest::fixturePolicy());
    m_ids = tp::importFile(*m_store, tptest::dataFile("panels_fixture.jsonl").toStdString()).runIds;
}

void TestCompareModel::passesModelTester()
{
    tp::CompareModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setMetrics(halved());
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(tp::CompareModel::ColumnCount));
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::ForegroundRole),
                             int(tp::CompareModel::SortRole), int(tp::CompareModel::VerdictRole),
                             int(tp::CompareModel::CiLowRole), int(tp::CompareModel::CiHighRole)})
                model.data(model.index(r, c), role);
    model.setMetrics(tp::compareSamples({}, {})); // NoData rows
    model.setMetrics({});
    model.setMetrics(halved());
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setSortRole(tp::CompareModel::SortRole);
    proxy.sort(tp::CompareModel::Ratio, Qt::DescendingOrder);
    QVERIFY(qFuzzyCompare(
        proxy.index(0, tp::CompareModel::Ratio).data(tp::CompareModel::SortRole).toDouble(), 2.0));
}

void TestCompareModel::rolesAndText()
{
    tp::CompareModel model;
    model.setMetrics(halved());
    auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(text(0, tp::CompareModel::Metric), QStringLiteral("Mean batch time"));
    QCOMPARE(text(0, tp::CompareModel::Ratio), QStringLiteral("0.500×"));
    QCOMPARE(text(3, tp::CompareModel::Ratio), QStringLiteral("2.00×"));
    QCOMPARE(text(0, tp::CompareModel::Verdict), QStringLiteral("better"));
    QVERIFY(text(0, tp::CompareModel::Interval).contains(QStringLiteral(" – ")));
    QCOMPARE(model.index(0, 0).data(tp::CompareModel::VerdictRole).toInt(), int(Verdict::Better));
    QCOMPARE_LT(model.index(0, 0).data(tp::CompareModel::CiLowRole).toDouble(), 0.5001);
    model.setMetrics(tp::compareSamples({}, {}));
    QCOMPARE(text(0, tp::CompareModel::Interval), QStringLiteral("—"));
    QCOMPARE(text(0, tp::CompareModel::Verdict), QStringLiteral("no data"));
    QVERIFY(!model.index(0, 0).data(tp::CompareModel::CiLowRole).isValid());
}

// The Compare page's checkable run lists: one reset, user clicks reported, programmatic checks
// not (they must not start a comparison of their own).
void TestCompareModel::runCheckModel()
{
    tp::RunCheckModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy user(&model, &tp::RunCheckModel::checkedChanged);
    model.setRuns(
        {{3, QStringLiteral("#3 c")}, {2, QStringLiteral("#2 b")}, {1, QStringLiteral("#1 a")}});
    QCOMPARE(resets.count(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(1).data().toString(), QStringLiteral("#2 b"));
    QCOMPARE(model.index(1).data(tp::RunCheckModel::RunIdRole).toLongLong(), 2LL);
    QVERIFY(model.flags(model.index(0)) & Qt::ItemIsUserCheckable);
    QCOMPARE(model.checkedIds(), QList<qlonglong>());

    model.setChecked({1, 3, 99}); // 99 is not listed: ignored
    QCOMPARE(model.checkedIds(), (QList<qlonglong>{3, 1}));
    QCOMPARE(model.index(0).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QCOMPARE(user.count(), 0);

    QVERIFY(model.setData(model.index(1), Qt::Checked, Qt::CheckStateRole)); // a click
    QCOMPARE(user.count(), 1);
    QCOMPARE(model.checkedIds(), (QList<qlonglong>{3, 2, 1}));
    QVERIFY(!model.setData(model.index(1), QStringLiteral("x"), Qt::EditRole));

    model.setRuns({{5, QStringLiteral("#5")}}); // a new listing clears the checks
    QCOMPARE(model.checkedIds(), QList<qlonglong>());
}

void TestCompareModel::pageAppliesPresetAndWarns()
{
    tp::ComparePage page(m_store.get());
    QSignalSpy done(&page, &tp::ComparePage::computed);
    QSignalSpy listed(&page, &tp::ComparePage::listed);
    page.reload();             // opens on the pilot's sides (defaultIsThePilotsSides)
    QVERIFY(page.isListing()); // the runs are read on a worker
    QVERIFY(listed.wait(20000));
    QCOMPARE(page.presetCount(), 4); // mode and dtype presets, then the pilot's own comparison
    QVERIFY(done.count() > 0 || done.wait(20000));
    QCOMPARE(done.last().first().toString(), QString());
    // The first preset: eager R3 vs compiled R2, both bfloat16.
    done.clear();
    page.applyPreset(0);
    QVERIFY(done.wait(20000));
    QCOMPARE(done.last().first().toString(), QString());
    QVERIFY(!page.showsDefault()); // a choice, kept over a reload
    QCOMPARE(page.comparison().baselineRuns, std::vector<long long>{m_ids[2]});
    QCOMPARE(page.comparison().candidateRuns, std::vector<long long>{m_ids[1]});
    QVERIFY(!page.comparison().hasUnexpectedConfounder()); // only the mode differs, on purpose
    QCOMPARE(page.model()->rowCount(), 4);
    // Mean .020 vs .0075: the candidate takes 0.375× the time.
    QVERIFY(qFuzzyCompare(*page.comparison().metrics[0].ratio, 0.375));
    QTableWidget *table = confounderTable(page);
    QVERIFY(table);
    QCOMPARE(table->rowCount(), int(tp::confounderKeys().size()));
    const QColor amber(0xff, 0xe0, 0x82);
    auto amberRows = [&] {
        QStringList rows;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0)->background().color() == amber)
                rows << table->item(r, 0)->text();
        return rows;
    };
    QVERIFY(amberRows().isEmpty());
    // R1 eager/float32 vs R2 compiled/bfloat16 along "mode": the runs of the default pilot's
    // two sides, whose dtype difference the pilot allows with a reason.
    done.clear();
    page.setSides({m_ids[0]}, {m_ids[1]}, QStringLiteral("mode"));
    QVERIFY(done.wait(20000));
    QVERIFY(amberRows().isEmpty());
    QVERIFY(!page.comparison().hasUnexpectedConfounder());
    QString dtypeVerdict;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text() == QLatin1String("Dtype"))
            dtypeVerdict = table->item(r, 3)->text();
    QVERIFY2(dtypeVerdict.startsWith(QLatin1String("allowed: ")), qPrintable(dtypeVerdict));
    // Once the pilot no longer lists it, the same dtype difference is amber.
    {
        tp::PilotStore pilots(*m_store);
        tp::PilotDefinition p = pilots.selected();
        tp::setPilotField(p, "allowed.dtype", "");
        pilots.update(p.name, p);
    }
    done.clear();
    page.setSides({m_ids[0]}, {m_ids[1]}, QStringLiteral("mode"));
    QVERIFY(done.wait(20000));
    QCOMPARE(amberRows(), QStringList{QStringLiteral("Dtype")});
    QVERIFY(page.comparison().hasUnexpectedConfounder());
    // Nothing checked on one side: no comparison, and the page says why.
    done.clear();
    page.setSides({m_ids[0]}, {});
    QCOMPARE(done.count(), 1);
    QVERIFY(!done.first().first().toString().isEmpty());
    QCOMPARE(page.model()->rowCount(), 0);
}

void TestCompareModel::pilotPresetNamesTheColumns()
{
    tp::ComparePage page(m_store.get());
    QSignalSpy done(&page, &tp::ComparePage::computed);
    QSignalSpy listed(&page, &tp::ComparePage::listed);
    page.reload();
    QVERIFY(listed.wait(20000));
    QVERIFY(done.count() > 0 || done.wait(20000));
    // The page opens on the pilot's runs, whose columns carry its sides' names.
    QCOMPARE(page.model()->headerData(1, Qt::Horizontal).toString(),
             QStringLiteral("local eager float32 (current)"));
    // Mode presets name the columns "Baseline" and "Candidate".
    done.clear();
    page.applyPreset(0);
    QVERIFY(done.wait(20000));
    QCOMPARE(page.model()->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Baseline"));
    done.clear();
    page.applyPreset(page.presetCount() - 1);
    QVERIFY(done.count() > 0 || done.wait(20000));
    QCOMPARE(page.model()->headerData(1, Qt::Horizontal).toString(),
             QStringLiteral("local eager float32 (current)"));
    QCOMPARE(page.model()->headerData(2, Qt::Horizontal).toString(),
             QStringLiteral("local compiled (candidate)"));
}

// The page opens on the selected pilot's sides, not on the first pair of modes (eager R3 vs
// compiled R2, both bfloat16): for a pilot of eager float32 against compiled, the newest valid run
// of each side with the pilot's workload — R1 on the left (R5, newer, is invalid), R2 on the right
// (R4 failed, R8 is invalid). The default follows the pilot on a reload; a user's check stays.
void TestCompareModel::defaultIsThePilotsSides()
{
    tp::Store store(m_dir.filePath(QStringLiteral("pilot.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    const std::vector<long long> ids =
        tp::importFile(store, tptest::dataFile("panels_fixture.jsonl").toStdString()).runIds;
    QCOMPARE(ids.size(), std::size_t(8));
    tp::PilotStore pilots(store);
    tp::PilotDefinition pilot;
    pilot.name = "eager-vs-compiled";
    pilot.baseline = {tp::Message::verbatim("eager float32"), "", "", "", "eager", "float32", 0, 0};
    pilot.candidate = {tp::Message::verbatim("compiled"), "", "", "", "compiled", "", 0, 0};
    pilot.allowed = {{"mode", tp::Message::verbatim("the compared axis")},
                     {"dtype", tp::Message::verbatim("the candidate's own precision")}};
    pilots.add(pilot);
    pilots.select(pilot.name);

    tp::ComparePage page(&store);
    QSignalSpy done(&page, &tp::ComparePage::computed);
    QSignalSpy listed(&page, &tp::ComparePage::listed);
    page.reload();
    QVERIFY(listed.wait(20000));
    QVERIFY(done.count() > 0 || done.wait(20000));
    QCOMPARE(done.last().first().toString(), QString());
    QVERIFY(page.showsDefault());
    QCOMPARE(page.baselineChecked(), QList<qlonglong>{ids[0]});
    QCOMPARE(page.candidateChecked(), QList<qlonglong>{ids[1]});
    QCOMPARE(page.comparison().baselineRuns, std::vector<long long>{ids[0]});
    QCOMPARE(page.comparison().candidateRuns, std::vector<long long>{ids[1]});
    QCOMPARE(page.model()->headerData(1, Qt::Horizontal).toString(),
             QStringLiteral("eager float32"));
    QCOMPARE(page.model()->headerData(2, Qt::Horizontal).toString(), QStringLiteral("compiled"));
    QVERIFY(!page.comparison().hasUnexpectedConfounder()); // the pilot allows mode and dtype

    // The pilot's baseline becomes eager float16: on a reload the default follows it (R7).
    tp::setPilotField(pilot, "baseline.dtype", "float16");
    pilots.update(pilot.name, pilot);
    done.clear();
    listed.clear();
    page.reload();
    QVERIFY(listed.wait(20000));
    QVERIFY(done.count() > 0 || done.wait(20000));
    QCOMPARE(page.baselineChecked(), QList<qlonglong>{ids[6]});
    QCOMPARE(page.candidateChecked(), QList<qlonglong>{ids[1]});
    QVERIFY(page.showsDefault());

    // The user also checks R3 on the candidate side: that choice survives a reload.
    const QList<tp::RunCheckModel *> lists =
        page.findChildren<tp::RunCheckModel *>(Qt::FindDirectChildrenOnly);
    QCOMPARE(lists.size(), 2); // baseline, candidate
    tp::RunCheckModel *candidate = lists[1];
    QModelIndex r3;
    for (int row = 0; row < candidate->rowCount(); ++row)
        if (candidate->index(row).data(tp::RunCheckModel::RunIdRole).toLongLong() == ids[2])
            r3 = candidate->index(row);
    QVERIFY(r3.isValid());
    done.clear();
    QVERIFY(candidate->setData(r3, Qt::Checked, Qt::CheckStateRole)); // a click
    QVERIFY(done.wait(20000));
    QVERIFY(!page.showsDefault());
    const QList<qlonglong> chosen{ids[2], ids[1]}; // newest first
    QCOMPARE(page.candidateChecked(), chosen);
    done.clear();
    listed.clear();
    page.reload();
    QVERIFY(listed.wait(20000));
    QVERIFY(done.count() > 0 || done.wait(20000));
    QCOMPARE(page.baselineChecked(), QList<qlonglong>{ids[6]});
    QCOMPARE(page.candidateChecked(), chosen);
    QVERIFY(!page.showsDefault());
}

// The "Throughput within the SLO" tab: both sides' latency–throughput curves on one plot, from
// the pilot's sides while no server run is checked, from the checked server runs once some are.
void TestCompareModel::servingTabShowsBothCurves()
{
    tp::Store store(m_dir.filePath(QStringLiteral("serving.sqlite")).toStdString());
    tp::RunIngestor in(store, "test");
    tptest::FakeRun base{"b1"}, cand{"c1", "compiled"};
    in.feed(tptest::stream(base) + tptest::stream(cand) + tptest::servingStreams());
    const std::vector<long long> ids = in.finish().runIds; // b1, c1, then 5 server probes
    QCOMPARE(ids.size(), std::size_t(7));
    tp::ComparePage page(&store);
    QSignalSpy done(&page, &tp::ComparePage::computed);
    QSignalSpy listed(&page, &tp::ComparePage::listed);
    page.reload();
    QVERIFY(listed.wait(20000));
    QVERIFY(done.count() > 0 || done.wait(20000));
    done.clear();
    page.setSides({ids[0]}, {ids[1]}, QStringLiteral("mode"));
    QVERIFY(done.wait(20000));
    QCOMPARE(page.baselineChecked(), QList<qlonglong>{ids[0]});
    const auto &curves = page.servingChart()->curves();
    QCOMPARE(curves.size(), std::size_t(2));
    QCOMPARE(curves[0].curve.points.size(), std::size_t(2)); // the pilot's sides' probes
    QCOMPARE(curves[1].curve.points.size(), std::size_t(3));
    QCOMPARE(curves[0].curve.peakQps.value_or(0), 100.0);
    QCOMPARE(curves[1].curve.peakQps.value_or(0), 200.0);
    // Two candidate probes checked: the candidate's curve is theirs, the baseline has none.
    done.clear();
    page.setSides({ids[0]}, {ids[5], ids[6]}, QStringLiteral("mode"));
    QVERIFY(done.wait(20000));
    QCOMPARE(page.servingChart()->curves()[1].curve.points.size(), std::size_t(2));
    QVERIFY(page.servingChart()->curves()[0].curve.points.empty());
}

void TestCompareModel::screenshot()
{
    tp::Store store(m_dir.filePath(QStringLiteral("real.sqlite")).toStdString());
    tp::importFile(store, tptest::dataFile("panels_realistic.jsonl").toStdString());
    {
        // The default pilot explains only the mode: the dtype difference below is amber.
        tp::PilotStore pilots(store);
        tp::PilotDefinition p = pilots.selected();
        tp::setPilotField(p, "allowed.dtype", "");
        pilots.update(p.name, p);
    }
    tp::ComparePage page(&store);
    page.resize(1280, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy done(&page, &tp::ComparePage::computed);
    page.reload(); // the default: the pilot's sides (else the first preset, eager vs compiled)
    QVERIFY(done.count() > 0 || done.wait(20000));
    QCOMPARE(done.last().first().toString(), QString());
    // What the page shows: both sides chosen, a row per compared metric.
    QVERIFY(!page.comparison().baselineRuns.empty());
    QVERIFY(!page.comparison().candidateRuns.empty());
    QCOMPARE_GT(page.model()->rowCount(), 0);
    QCOMPARE(page.model()->rowCount(), int(page.comparison().metrics.size()));
    QTest::qWait(100); // let the posted layout requests run before grabbing
    QDir().mkpath(QStringLiteral("screenshots"));
    const QString shot =
        QDir::current().absoluteFilePath(QStringLiteral("screenshots/compare_page.png"));
    QVERIFY(page.grab().save(shot));
    qInfo("screenshot: %s", qPrintable(shot));
    // Not like for like: eager float32 runs vs a compiled bfloat16 run, compared along the mode.
    const auto runs = store.listRuns();
    QList<qlonglong> eager32, compiled16;
    for (const auto &r : runs) {
        if (r.mode == "eager" && r.dtype == "float32")
            eager32 << r.id;
        if (r.mode == "compiled" && r.dtype == "bfloat16")
            compiled16 << r.id;
    }
    done.clear();
    page.setSides(eager32, compiled16, QStringLiteral("mode"));
    QVERIFY(done.wait(20000));
    QVERIFY(page.comparison().hasUnexpectedConfounder());
    // The confounder table shows the dtype difference the pilot does not allow in amber.
    QTableWidget *table = confounderTable(page);
    QVERIFY(table);
    const QColor amberColour(0xff, 0xe0, 0x82);
    QStringList amberRows;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->background().color() == amberColour)
            amberRows << table->item(r, 0)->text();
    QVERIFY2(amberRows.contains(QStringLiteral("Dtype")),
             qPrintable(amberRows.join(QLatin1Char(','))));
    QTest::qWait(100);
    const QString amber = QDir::current().absoluteFilePath(
        QStringLiteral("screenshots/compare_page_confounders.png"));
    QVERIFY(page.grab().save(amber));
    qInfo("screenshot: %s", qPrintable(amber));
}

QTEST_MAIN(TestCompareModel)
#include "tst_compare_model.moc"
