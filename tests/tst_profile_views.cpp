// A run's profiler capture in the GUI: ProfileOpsModel (invariants under QAbstractItemModelTester,
// per-call arithmetic, numeric sort role), TopOperatorsView's line for a profiled run, a run
// without a profile and a malformed profile, and both places that read it on a worker: the run
// detail and the Compare page's side-by-side top operators.
#include "model/analysis/run_profile.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "ui/format.h"
#include "ui/models/profile_ops_model.h"
#include "ui/pages/compare_page.h"
#include "ui/pages/run_detail_view.h"
#include "ui/widgets/operators_comparison.h"
#include "ui/widgets/top_operators_view.h"
#include "widget_test_util.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using nlohmann::json;

namespace
{
json goodEvent()
{
    return json::parse(R"({"v":1,"event":"profile","steps":3,"tool":"torch.profiler",
        "activities":["cpu"],"wall_seconds":0.01,
        "ops":[{"name":"aten::addmm","calls":6,"self_seconds":0.0002,"total_seconds":0.0003,"device":"cpu"},
               {"name":"aten::relu","calls":3,"self_seconds":0.0001,"total_seconds":0.0001,"device":"cpu"}],
        "ops_seen":9,
        "copies":{"calls":9,"per_call":3.0,"by_op":{"aten::copy_":6,"aten::_to_copy":3}},
        "trace":{"path":"/t/k.pt.trace.json","bytes":1234,"format":"chrome_trace"}})");
}

tp::RunProfile goodProfile()
{
    return tp::parseProfileEvent(goodEvent());
}

QString text(const QModelIndex &index)
{
    return index.data().toString();
}

const QString kNotProfiled =
    QStringLiteral("Not profiled: run with --profile-steps N to see where the time goes.");

QString goodLine()
{
    return QStringLiteral("3 call(s) profiled with torch.profiler; host↔device copies per call: 3 "
                          "(aten::_to_copy ×3, aten::copy_ ×6); trace: /t/k.pt.trace.json (") +
           QLocale().formattedDataSize(1234) + QLatin1Char(')');
}

// A run's contract stream; `profile` (if not null) goes between its samples and run_finished.
std::string runLines(const std::string &key, const json &profile)
{
    std::string out;
    out += json{{"v", 1},
                {"event", "run_started"},
                {"run_key", "profile/" + key},
                {"execution_key", "profile-" + key},
                {"workload", "mlp"},
                {"mode", "eager"},
                {"device", "cpu"},
                {"dtype", "float32"},
                {"shape", {{"batch", 64}}},
                {"started_at", "2026-12-01T10:00:00Z"},
                {"env", {{"torch", "2.4.0"}, {"runner", "0.1.0"}, {"threads", 1}}}}
               .dump() +
           "\n";
    out += R"({"v":1,"event":"phase","phase":"steady","batch":64,"seconds":[0.001,0.002,0.0015]})"
           "\n";
    if (!profile.is_null())
        out += profile.dump() + "\n";
    out += R"({"v":1,"event":"run_finished","status":"ok","finished_at":"2026-12-01T10:00:01Z"})"
           "\n";
    return out;
}
} // namespace

class TestProfileViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void modelPassesTester();
    void perCallArithmetic();
    void sortsBySelfTime();
    void viewLine_data();
    void viewLine();
    void runDetailLoadsTheProfile();
    void comparePageShowsBothSides();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
    long long m_profiled = 0, m_plain = 0, m_broken = 0;
};

void TestProfileViews::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("p.sqlite")).toStdString());
    json broken = goodEvent();
    broken["ops"] = json::object();
    const QString path = m_dir.filePath(QStringLiteral("runs.jsonl"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const std::string lines =
        runLines("profiled", goodEvent()) + runLines("plain", json()) + runLines("broken", broken);
    f.write(lines.data(), static_cast<qint64>(lines.size()));
    f.close();
    const std::vector<long long> ids = tp::importFile(*m_store, path.toStdString()).runIds;
    QCOMPARE(ids.size(), std::size_t(3));
    m_profiled = ids[0];
    m_plain = ids[1];
    m_broken = ids[2];
}

void TestProfileViews::modelPassesTester()
{
    tp::ProfileOpsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(tp::ProfileOpsModel::ColumnCount));
    model.setProfile(goodProfile());
    QCOMPARE(model.rowCount(), 2);
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole),
                             int(tp::ProfileOpsModel::SortRole), int(Qt::TextAlignmentRole)})
                model.data(model.index(r, c), role);
    const QStringList headers{
        QStringLiteral("Operator"),       QStringLiteral("Device"),
        QStringLiteral("Calls per call"), QStringLiteral("Self per call"),
        QStringLiteral("Total per call"), QStringLiteral("Share of self time")};
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), headers[c]);
    model.setProfile(std::nullopt);
    QCOMPARE(model.rowCount(), 0);
    json broken = goodEvent();
    broken["copies"] = json::array();
    model.setProfile(tp::parseProfileEvent(broken)); // its operators are not shown
    QCOMPARE(model.rowCount(), 0);
    model.setProfile(goodProfile());
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setSortRole(tp::ProfileOpsModel::SortRole);
    proxy.sort(tp::ProfileOpsModel::SelfShare);
}

void TestProfileViews::perCallArithmetic()
{
    tp::ProfileOpsModel model;
    model.setProfile(goodProfile()); // 3 steps
    QCOMPARE(model.steps(), 3);
    using M = tp::ProfileOpsModel;
    // aten::addmm: 6 calls, 0.2 ms self and 0.3 ms total over 3 calls of the model.
    QCOMPARE(text(model.index(0, M::Operator)), QStringLiteral("aten::addmm"));
    QCOMPARE(text(model.index(0, M::Device)), QStringLiteral("cpu"));
    QCOMPARE(text(model.index(0, M::CallsPerCall)), QStringLiteral("2"));
    QCOMPARE(model.index(0, M::CallsPerCall).data(M::SortRole).toDouble(), 2.0);
    QVERIFY(qFuzzyCompare(model.index(0, M::SelfPerCall).data(M::SortRole).toDouble(), 0.0002 / 3));
    QCOMPARE(text(model.index(0, M::SelfPerCall)), tp::fmt::duration(0.0002 / 3));
    QCOMPARE(text(model.index(0, M::SelfPerCall)), QStringLiteral("66.7 µs"));
    QCOMPARE(text(model.index(0, M::TotalPerCall)), tp::fmt::duration(0.0003 / 3)); // 100 µs
    // Shares of the 0.3 ms of self time listed.
    QCOMPARE(text(model.index(0, M::SelfShare)), QStringLiteral("66.7 %"));
    QCOMPARE(text(model.index(1, M::SelfShare)), QStringLiteral("33.3 %"));
    QVERIFY(qFuzzyCompare(model.index(1, M::SelfShare).data(M::SortRole).toDouble(), 1.0 / 3));
    QCOMPARE(text(model.index(1, M::CallsPerCall)), QStringLiteral("1"));
    // A capture that names no steps has no per-call figures.
    json noSteps = goodEvent();
    noSteps.erase("steps");
    model.setProfile(tp::parseProfileEvent(noSteps));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(text(model.index(0, M::SelfPerCall)), tp::fmt::missing());
    QCOMPARE(model.index(0, M::SelfPerCall).data(M::SortRole).toDouble(), -1.0);
}

void TestProfileViews::sortsBySelfTime()
{
    // Self per call 900 µs, 2 ms, 10 µs: as text "900 µs" would sort above "2.00 ms".
    json e = goodEvent();
    e["steps"] = 1;
    e["ops"] = json::array();
    for (auto [name, self] : {std::pair{"aten::mm", 0.0009}, std::pair{"aten::conv2d", 0.002},
                              std::pair{"aten::add", 0.00001}})
        e["ops"].push_back(
            {{"name", name}, {"calls", 1}, {"self_seconds", self}, {"total_seconds", self}});
    tp::TopOperatorsView view;
    view.setProfile(tp::parseProfileEvent(e));
    QAbstractItemModel *shown = view.table()->model();
    QVERIFY(shown != view.model()); // the table sorts through a proxy
    auto names = [&] {
        QStringList out;
        for (int r = 0; r < shown->rowCount(); ++r)
            out << text(shown->index(r, tp::ProfileOpsModel::Operator));
        return out;
    };
    // Largest self time first by default.
    QCOMPARE(names(), (QStringList{QStringLiteral("aten::conv2d"), QStringLiteral("aten::mm"),
                                   QStringLiteral("aten::add")}));
    view.table()->sortByColumn(tp::ProfileOpsModel::SelfPerCall, Qt::AscendingOrder);
    QCOMPARE(names(), (QStringList{QStringLiteral("aten::add"), QStringLiteral("aten::mm"),
                                   QStringLiteral("aten::conv2d")}));
    view.table()->sortByColumn(tp::ProfileOpsModel::Operator, Qt::AscendingOrder);
    QCOMPARE(names(), (QStringList{QStringLiteral("aten::add"), QStringLiteral("aten::conv2d"),
                                   QStringLiteral("aten::mm")}));
}

void TestProfileViews::viewLine_data()
{
    QTest::addColumn<QByteArray>("field"); // of goodEvent() to change; empty: no profile at all
    QTest::addColumn<QByteArray>("value"); // JSON; "-" removes the field
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("table");
    QTest::newRow("profiled") << QByteArray("tool") << QByteArray(R"("torch.profiler")")
                              << goodLine() << true;
    QTest::newRow("not profiled") << QByteArray() << QByteArray() << kNotProfiled << false;
    QTest::newRow("malformed") << QByteArray("ops") << QByteArray("{}")
                               << QStringLiteral("The profile could not be read: malformed "
                                                 "profile event: field 'ops' must be an array")
                               << false;
    QTest::newRow("capture failed")
        << QByteArray("error") << QByteArray(R"("profiler unavailable")")
        << QStringLiteral("The profile could not be read: profiler unavailable") << false;
    QTest::newRow("no trace") << QByteArray("trace") << QByteArray("-")
                              << QStringLiteral("3 call(s) profiled with torch.profiler; "
                                                "host↔device copies per call: 3 (aten::_to_copy "
                                                "×3, aten::copy_ ×6)")
                              << true;
    QTest::newRow("no copy operators")
        << QByteArray("copies") << QByteArray(R"({"calls":0,"per_call":0})")
        << QStringLiteral("3 call(s) profiled with torch.profiler; host↔device copies per call: "
                          "0; trace: /t/k.pt.trace.json (") +
               QLocale().formattedDataSize(1234) + QLatin1Char(')')
        << true;
}

void TestProfileViews::viewLine()
{
    QFETCH(QByteArray, field);
    QFETCH(QByteArray, value);
    QFETCH(QString, line);
    QFETCH(bool, table);
    std::optional<tp::RunProfile> profile;
    if (!field.isEmpty()) {
        json e = goodEvent();
        if (value == "-")
            e.erase(field.toStdString());
        else
            e[field.toStdString()] = json::parse(value.toStdString());
        profile = tp::parseProfileEvent(e);
    }
    tp::TopOperatorsView view;
    view.setProfile(profile);
    QCOMPARE(view.summary(), line);
    QCOMPARE(tp::TopOperatorsView::summaryFor(profile), line);
    QCOMPARE(tptest::child<QLabel>(view, "topOperatorsSummary")->text(), line);
    QCOMPARE(view.hasOperators(), table);
    QCOMPARE(view.model()->rowCount(), table ? 2 : 0);
    // Selectable: the trace path can be copied.
    QVERIFY(tptest::child<QLabel>(view, "topOperatorsSummary")->textInteractionFlags() &
            Qt::TextSelectableByMouse);
}

void TestProfileViews::runDetailLoadsTheProfile()
{
    tp::RunDetailView view;
    view.resize(1100, 600);
    QSignalSpy loaded(&view, &tp::RunDetailView::runLoaded);
    const std::pair<long long, QString> cases[] = {
        {m_profiled, goodLine()},
        {m_plain, kNotProfiled},
        {m_broken, QStringLiteral("The profile could not be read: malformed profile event: field "
                                  "'ops' must be an array")}};
    for (const auto &[id, line] : cases) {
        loaded.clear();
        view.loadRun(m_store.get(), id); // the profile is read on the worker with the run
        QVERIFY(loaded.wait(20000));
        QCOMPARE(loaded.first().first().toLongLong(), id);
        QCOMPARE(view.operators()->summary(), line);
        QCOMPARE(view.operators()->hasOperators(), id == m_profiled);
    }
    view.loadRun(m_store.get(), m_profiled);
    QVERIFY(loaded.wait(20000));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(50);
    tptest::saveShot(view, "run_detail_profile.png");
}

void TestProfileViews::comparePageShowsBothSides()
{
    tp::ComparePage page(m_store.get());
    QSignalSpy done(&page, &tp::ComparePage::computed);
    QSignalSpy listed(&page, &tp::ComparePage::listed);
    page.reload();
    QVERIFY(listed.wait(20000));
    QVERIFY(done.count() > 0 || done.wait(20000));
    done.clear();
    page.setSides({m_profiled}, {m_plain}, QStringLiteral("mode"));
    QVERIFY(done.wait(20000));
    tp::OperatorsComparison *ops = page.operators();
    QCOMPARE(ops->baseline()->title(), QStringLiteral("Baseline — run #%1").arg(m_profiled));
    QCOMPARE(ops->baseline()->summary(), goodLine());
    QVERIFY(ops->baseline()->hasOperators());
    QCOMPARE(ops->candidate()->title(), QStringLiteral("Candidate"));
    QCOMPARE(ops->candidate()->summary(), kNotProfiled);
    QVERIFY(!ops->candidate()->hasOperators());
    // A side of several runs shows the first that was profiled; a broken one says why.
    done.clear();
    page.setSides({m_plain, m_broken}, {m_plain, m_profiled});
    QVERIFY(done.wait(20000));
    QVERIFY2(ops->baseline()->summary().startsWith(
                 QLatin1String("The profile could not be read: malformed profile event")),
             qPrintable(ops->baseline()->summary()));
    QCOMPARE(ops->candidate()->summary(), goodLine());
    page.resize(1280, 900);
    page.show();
    auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("compareTabs"));
    QVERIFY(tabs);
    tabs->setCurrentWidget(ops);
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTest::qWait(50);
    tptest::saveShot(page, "compare_top_operators.png");
}

QTEST_MAIN(TestProfileViews)
#include "tst_profile_views.moc"
