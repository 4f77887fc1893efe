// RunFilterProxy and RunFilterBar: each filter alone and combined (table-driven), date range
// bounds, multi-word search, sorting by SortRole, model invariants under
// QAbstractItemModelTester while filters change, and the bar driving the proxy.
#include "model/ingest/ingestor.h"
#include "test_util.h"
#include "ui/models/run_filter_proxy.h"
#include "ui/models/runs_model.h"
#include "ui/widgets/run_filter_bar.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDateEdit>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using Ids = QList<long long>;

class TestRunFilterProxy : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void filters_data();
    void filters();
    void passesModelTesterWhileFiltering();
    void sortsBySortRole();
    void distinctValues();
    void filterBarDrivesProxy();

private:
    Ids sortedVisible(const tp::RunFilterProxy &proxy) const
    {
        Ids ids = proxy.visibleRunIds();
        std::sort(ids.begin(), ids.end());
        return ids;
    }
    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
};

// Fixture runs (ids in import order): 1 fixture eager ok · 2 fixture eager ok · 3 fixture
// compiled failed ("non-finite output") · 4 smoke/compiled bfloat16 tpu, no start time · 5
// fixture eager incomplete · 6 chartfx eager f32 · 7 chartfx compiled f32 · 8 chartfx eager
// bf16 (all 2026-11-20 09:00Z) · 9 chartfx-warm compiled (11-25 06:00Z) · 10 chartfx-warm2
// compiled failed (11-27 12:00Z) · 11 other/encoder eager cuda (12-01 08:00Z). Runs 1–3 and 5
// started 2026-12-01 10:00Z.
void TestRunFilterProxy::initTestCase()
{
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("f.sqlite")).toStdString());
    for (const char *f : {"valid_run.jsonl", "two_runs.jsonl", "smoke_compiled.json",
                          "truncated_run.jsonl", "charts_fixture.jsonl"})
        tp::importFile(*m_store, tptest::dataFile(f).toStdString());
    QCOMPARE(m_store->runCount(), 11LL);
}

void TestRunFilterProxy::filters_data()
{
    QTest::addColumn<QStringList>("fields"); // workload, mode, dtype, device, status
    QTest::addColumn<QDate>("from");
    QTest::addColumn<QDate>("to");
    QTest::addColumn<QString>("search");
    QTest::addColumn<Ids>("expected");
    const QStringList any{{}, {}, {}, {}, {}};
    const QDate none;
    auto f = [](int field, const QString &value) {
        QStringList l{{}, {}, {}, {}, {}};
        l[field] = value;
        return l;
    };
    QTest::newRow("nothing") << any << none << none << QString()
                             << Ids{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    QTest::newRow("workload") << f(0, QStringLiteral("encoder")) << none << none << QString()
                              << Ids{11};
    QTest::newRow("mode") << f(1, QStringLiteral("compiled")) << none << none << QString()
                          << Ids{3, 4, 7, 9, 10};
    QTest::newRow("dtype") << f(2, QStringLiteral("bfloat16")) << none << none << QString()
                           << Ids{4, 8};
    QTest::newRow("device") << f(3, QStringLiteral("cpu")) << none << none << QString()
                            << Ids{1, 2, 3, 5, 6, 7, 8, 9, 10};
    QTest::newRow("status") << f(4, QStringLiteral("failed")) << none << none << QString()
                            << Ids{3, 10};
    QStringList compiledOk = f(1, QStringLiteral("compiled"));
    compiledOk[4] = QStringLiteral("ok");
    QTest::newRow("mode+status") << compiledOk << none << none << QString() << Ids{4, 7, 9};
    QTest::newRow("no match") << f(0, QStringLiteral("resnet")) << none << none << QString()
                              << Ids{};
    // Dates are local; bounds sit days away from every start so any time zone agrees.
    QTest::newRow("date range") << any << QDate(2026, 11, 24) << QDate(2026, 11, 29) << QString()
                                << Ids{9, 10};
    QTest::newRow("date from") << any << QDate(2026, 11, 29) << none << QString()
                               << Ids{1, 2, 3, 5, 11};
    QTest::newRow("date to") << any << none << QDate(2026, 11, 21) << QString() << Ids{6, 7, 8};
    QTest::newRow("search key") << any << none << none << QStringLiteral("chartfx")
                                << Ids{6, 7, 8, 9, 10};
    QTest::newRow("search case") << any << none << none << QStringLiteral("WARM2") << Ids{10};
    QTest::newRow("search words") << any << none << none << QStringLiteral(" eager  bfloat16 ")
                                  << Ids{8};
    QTest::newRow("search error") << any << none << none << QStringLiteral("finite") << Ids{3, 10};
    QTest::newRow("search id") << any << none << none << QStringLiteral("11") << Ids{11};
    QTest::newRow("search status label")
        << any << none << none << QStringLiteral("incomplete") << Ids{5};
    QStringList f32Compiled = f(1, QStringLiteral("compiled"));
    f32Compiled[2] = QStringLiteral("float32");
    QTest::newRow("all together") << f32Compiled << QDate(2026, 11, 1) << QDate(2026, 11, 30)
                                  << QStringLiteral("chartfx") << Ids{7, 9, 10};
}

void TestRunFilterProxy::filters()
{
    QFETCH(QStringList, fields);
    QFETCH(QDate, from);
    QFETCH(QDate, to);
    QFETCH(QString, search);
    QFETCH(Ids, expected);
    tp::RunsModel model;
    model.setRuns(m_store->listRuns());
    tp::RunFilterProxy proxy;
    proxy.setSourceModel(&model);
    QSignalSpy changed(&proxy, &tp::RunFilterProxy::filterChanged);
    for (int i = 0; i < tp::RunFilterProxy::FieldCount; ++i)
        proxy.setFieldFilter(tp::RunFilterProxy::Field(i), fields[i]);
    proxy.setDateRange(from, to);
    proxy.setSearchText(search);
    QCOMPARE(sortedVisible(proxy), expected);
    QCOMPARE(proxy.rowCount(), int(expected.size()));
    QCOMPARE(proxy.isFiltering(), expected.size() != 11);
    QCOMPARE(changed.isEmpty(), expected.size() == 11);
    proxy.clearFilters();
    QCOMPARE(proxy.rowCount(), 11);
    QVERIFY(!proxy.isFiltering());
}

void TestRunFilterProxy::passesModelTesterWhileFiltering()
{
    tp::RunsModel model;
    tp::RunFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    model.setRuns(m_store->listRuns());
    proxy.sort(tp::RunsModel::FirstCall, Qt::DescendingOrder);
    proxy.setFieldFilter(tp::RunFilterProxy::Mode, QStringLiteral("eager"));
    proxy.setSearchText(QStringLiteral("fixture"));
    QCOMPARE(proxy.rowCount(), 3);
    proxy.setDateRange(QDate(2026, 11, 29), QDate());
    model.setRuns(m_store->listRuns()); // a reload under active filters
    QCOMPARE(proxy.rowCount(), 3);
    proxy.setFieldFilter(tp::RunFilterProxy::Mode, QString());
    proxy.setSearchText(QString());
    QCOMPARE(proxy.rowCount(), 5);
    model.setRuns({});
    QCOMPARE(proxy.rowCount(), 0);
    proxy.clearFilters();
    model.setRuns(m_store->listRuns());
    QCOMPARE(proxy.rowCount(), 11);
}

void TestRunFilterProxy::sortsBySortRole()
{
    tp::RunsModel model;
    model.setRuns(m_store->listRuns());
    tp::RunFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setFieldFilter(tp::RunFilterProxy::Workload, QStringLiteral("mlp"));
    proxy.sort(tp::RunsModel::FirstCall, Qt::DescendingOrder);
    // 0.5 s sorts above 40 ms and 3 ms whatever their text looks like.
    QCOMPARE(proxy.index(0, tp::RunsModel::FirstCall).data(tp::RunsModel::SortRole).toDouble(),
             0.5);
    // Run 3 (failed) measured a 0.5 s first call too: the store takes it from its samples.
    const auto top = proxy.visibleRunIds();
    QCOMPARE((std::set<long long>{top.at(0), top.at(1)}), (std::set<long long>{3, 7}));
    proxy.sort(tp::RunsModel::Id, Qt::AscendingOrder);
    QCOMPARE(proxy.visibleRunIds(), (Ids{1, 2, 3, 5, 6, 7, 8, 9, 10}));
}

void TestRunFilterProxy::distinctValues()
{
    tp::RunsModel model;
    model.setRuns(m_store->listRuns());
    using F = tp::RunFilterProxy;
    QCOMPARE(F::distinctValues(model, F::Workload),
             (QStringList{QStringLiteral("encoder"), QStringLiteral("mlp"),
                          QStringLiteral("smoke-mlp")}));
    QCOMPARE(F::distinctValues(model, F::Device),
             (QStringList{QStringLiteral("cpu"), QStringLiteral("cuda"), QStringLiteral("tpu")}));
    QCOMPARE(F::distinctValues(model, F::Status),
             (QStringList{QStringLiteral("failed"), QStringLiteral("incomplete"),
                          QStringLiteral("ok")}));
}

void TestRunFilterProxy::filterBarDrivesProxy()
{
    tp::RunsModel model;
    model.setRuns(m_store->listRuns());
    tp::RunFilterProxy proxy;
    proxy.setSourceModel(&model);
    tp::RunFilterBar bar(&proxy, &model);
    QComboBox *mode = bar.fieldCombo(tp::RunFilterProxy::Mode);
    QCOMPARE(mode->count(), 3); // "All modes", compiled, eager
    mode->setCurrentIndex(mode->findData(QStringLiteral("compiled")));
    QCOMPARE(proxy.rowCount(), 5);
    bar.searchEdit()->setText(QStringLiteral("warm"));
    QCOMPARE(sortedVisible(proxy), (Ids{9, 10}));
    bar.dateTo()->setDate(QDate(2026, 11, 25));
    QCOMPARE(sortedVisible(proxy), (Ids{9}));
    // A reload keeps a choice that still exists…
    model.setRuns(m_store->listRuns());
    bar.refreshChoices();
    QCOMPARE(mode->currentData().toString(), QStringLiteral("compiled"));
    QCOMPARE(sortedVisible(proxy), (Ids{9}));
    // …and drops one that is gone.
    std::vector<tp::RunRecord> eagerOnly;
    for (const tp::RunRecord &r : m_store->listRuns())
        if (r.mode == "eager")
            eagerOnly.push_back(r);
    model.setRuns(eagerOnly);
    bar.refreshChoices();
    QCOMPARE(mode->currentIndex(), 0);
    QCOMPARE(proxy.fieldFilter(tp::RunFilterProxy::Mode), QString());
    bar.clearFilters();
    QVERIFY(!proxy.isFiltering());
    QCOMPARE(bar.searchEdit()->text(), QString());
    QCOMPARE(proxy.rowCount(), int(eagerOnly.size()));
}

QTEST_MAIN(TestRunFilterProxy)
#include "tst_run_filter_proxy.moc"
