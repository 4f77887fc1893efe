// The Review page's gate checklist model alone: gates and their criteria as a tree
// (QAbstractItemModelTester), evidence run ids, fresh and out-of-date sign-offs, verdict colours.
#include "ui/models/gate_checklist_model.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QtTest>

using tp::GateChecklistModel;

class TestGateChecklistModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void checklistModel();
    void verdictColours_data();
    void verdictColours();
};

namespace
{
tp::Message V(const char *text)
{
    return tp::Message::verbatim(text);
}

tp::GateReport sampleReport()
{
    using tp::Verdict;
    tp::GateReport r;
    r.definitions = "default@1";
    r.gates = {
        {"compatibility",
         Verdict::Pass,
         {{"outputs_finite", Verdict::Pass, V("all finite"), {1, 2}, {}}}},
        {"performance",
         Verdict::Fail,
         {{"p99_within_slo", Verdict::Fail, V("p99 9 ms > 5 ms"), {3}, {}},
          {"throughput_vs_baseline", Verdict::Pass, V("1.4×"), {1, 2, 3, 4, 5, 6, 7, 8}, {}}}},
        {"cost",
         Verdict::Insufficient,
         {{"cost_per_useful_result_not_worse", Verdict::Insufficient, V("-"), {}, {}}}}};
    r.decision = tp::Decision::KeepCurrentPath;
    return r;
}
} // namespace

void TestGateChecklistModel::checklistModel()
{
    GateChecklistModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    tp::GateSignoff fresh{1, "compatibility", "Ana", "2026-12-01T10:00:00Z", "ok", "abc", 0, 0, {}};
    tp::GateSignoff stale{2, "performance", "Bea", "2026-12-01T09:00:00Z", "", "old", 0, 0, {}};
    model.setReview(sampleReport(), {fresh, stale}, std::nullopt, "abc");
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(GateChecklistModel::ColumnCount));
    const QModelIndex perf = model.index(1, 0);
    QCOMPARE(model.rowCount(perf), 2);
    QCOMPARE(model.rowCount(model.index(0, 0, perf)), 0);
    QCOMPARE(perf.data().toString(), QStringLiteral("2. Performance"));
    QCOMPARE(model.index(0, 0, perf).data().toString(),
             QStringLiteral("p99 latency within the SLO"));
    QCOMPARE(model.index(0, GateChecklistModel::Detail, perf).data().toString(),
             QStringLiteral("p99 9 ms > 5 ms"));
    QCOMPARE(model.gateIdAt(model.index(1, GateChecklistModel::Evidence, perf)),
             QStringLiteral("performance"));
    QCOMPARE(model.index(1, GateChecklistModel::Evidence, perf).data().toString(),
             QStringLiteral("#1, #2, #3, #4, #5, #6, +2 more"));
    QCOMPARE(model.index(1, 0, perf)
                 .data(GateChecklistModel::RunIdsRole)
                 .value<QList<qlonglong>>()
                 .size(),
             8);
    QCOMPARE(model.index(1, GateChecklistModel::Evidence, perf)
                 .data(GateChecklistModel::SortRole)
                 .toLongLong(),
             8);
    QVERIFY(!model.index(0, 0).data(GateChecklistModel::StaleSignoffRole).toBool());
    QVERIFY(perf.data(GateChecklistModel::StaleSignoffRole).toBool());
    QCOMPARE(model.staleSignoffCount(), 1);
    QVERIFY(model.index(0, GateChecklistModel::Signoff)
                .data()
                .toString()
                .contains(QStringLiteral("Ana")));
    QVERIFY(model.index(1, GateChecklistModel::Signoff)
                .data()
                .toString()
                .contains(QStringLiteral("older evidence")));
    QCOMPARE(model.index(2, GateChecklistModel::Signoff).data().toString(),
             QStringLiteral("not signed off"));
    QVERIFY(!model.headerData(GateChecklistModel::Signoff, Qt::Horizontal).toString().isEmpty());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestGateChecklistModel::verdictColours_data()
{
    QTest::addColumn<int>("gateRow");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QColor>("colour");
    QTest::newRow("pass green") << 0 << "pass" << QColor(0x2e, 0x7d, 0x32);
    QTest::newRow("fail red") << 1 << "fail" << QColor(0xc6, 0x28, 0x28);
    QTest::newRow("insufficient amber") << 2 << "insufficient" << QColor(0xb2, 0x6a, 0x00);
}

void TestGateChecklistModel::verdictColours()
{
    QFETCH(int, gateRow);
    QFETCH(QString, text);
    QFETCH(QColor, colour);
    GateChecklistModel model;
    model.setReview(sampleReport(), {}, std::nullopt, "h");
    const QModelIndex v = model.index(gateRow, GateChecklistModel::VerdictColumn);
    QCOMPARE(v.data().toString(), text);
    QCOMPARE(v.data(Qt::ForegroundRole).value<QColor>(), colour);
    QVERIFY(!v.data(Qt::DecorationRole).value<QIcon>().isNull());
}

QTEST_MAIN(TestGateChecklistModel)
#include "tst_gate_checklist_model.moc"
