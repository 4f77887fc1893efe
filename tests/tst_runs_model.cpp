// RunsModel: model invariants under QAbstractItemModelTester, numeric sort role, formatting.
#include "model/ingest/ingestor.h"
#include "test_util.h"
#include "ui/models/runs_model.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QtTest>

class TestRunsModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void passesModelTester();
    void sortsNumerically();
    void missingValuesShowDash();
    void findsRowsById();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
};

void TestRunsModel::initTestCase()
{
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("m.sqlite")).toStdString());
    for (const char *f :
         {"valid_run.jsonl", "two_runs.jsonl", "smoke_compiled.json", "truncated_run.jsonl"})
        tp::importFile(*m_store, tptest::dataFile(f).toStdString());
}

void TestRunsModel::passesModelTester()
{
    tp::RunsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setRuns(m_store->listRuns());
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.columnCount(), int(tp::RunsModel::ColumnCount));
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            for (int role :
                 {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(tp::RunsModel::SortRole),
                  int(tp::RunsModel::RunIdRole), int(Qt::ForegroundRole)})
                model.data(model.index(r, c), role);
    model.setRuns({});
    QCOMPARE(model.rowCount(), 0);
    model.setRuns(m_store->listRuns());
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setSortRole(tp::RunsModel::SortRole);
    proxy.sort(tp::RunsModel::SteadyMean);
}

void TestRunsModel::sortsNumerically()
{
    tp::RunsModel model;
    model.setRuns(m_store->listRuns());
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(tp::RunsModel::SortRole);
    proxy.sort(tp::RunsModel::FirstCall, Qt::DescendingOrder);
    // smoke.py's 12.5 s first call sorts above 0.5 s and 3 ms, whatever their text looks like.
    const auto top =
        proxy.index(0, tp::RunsModel::FirstCall).data(tp::RunsModel::SortRole).toDouble();
    QCOMPARE(top, 12.5);
    double previous = top;
    for (int r = 1; r < proxy.rowCount(); ++r) {
        const QVariant v = proxy.index(r, tp::RunsModel::FirstCall).data(tp::RunsModel::SortRole);
        if (!v.isValid())
            continue;
        QCOMPARE_LE(v.toDouble(), previous);
        previous = v.toDouble();
    }
}

void TestRunsModel::missingValuesShowDash()
{
    tp::RunsModel model;
    model.setRuns(m_store->listRuns());
    // two_runs.jsonl's second run failed with no steady samples.
    const auto runs = m_store->listRuns();
    int failedRow = -1;
    for (int i = 0; i < int(runs.size()); ++i)
        if (runs[i].status == "failed")
            failedRow = i;
    QCOMPARE_GE(failedRow, 0);
    QCOMPARE(model.index(failedRow, tp::RunsModel::SteadyMean).data().toString(),
             QStringLiteral("—"));
    QVERIFY(model.index(failedRow, tp::RunsModel::Status)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("non-finite")));
}

void TestRunsModel::findsRowsById()
{
    tp::RunsModel model;
    const auto runs = m_store->listRuns();
    model.setRuns(runs);
    for (int i = 0; i < int(runs.size()); ++i) {
        QCOMPARE(model.rowForRunId(runs[i].id), i);
        QCOMPARE(model.index(i, 0).data(tp::RunsModel::RunIdRole).toLongLong(), runs[i].id);
    }
    QCOMPARE(model.rowForRunId(987654), -1);
}

QTEST_MAIN(TestRunsModel)
#include "tst_runs_model.moc"
