// A profile event read back as evidence (model/analysis/run_profile.h): from a runner or from an
// imported file, so every field is checked and bounded; a malformed event says what is wrong
// and is never usable evidence for the gate.
#include "model/analysis/run_profile.h"

#include <QtTest>

using nlohmann::json;

class TestRunProfile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsAWellFormedEvent();
    void hostileEvents_data();
    void hostileEvents();
    void boundsTheOperators();
    void withoutAnOperatorTable();
};

namespace
{
json goodEvent()
{
    return json::parse(R"({"v":1,"event":"profile","steps":3,"tool":"torch.profiler",
        "activities":["cpu","cuda"],"wall_seconds":0.01,
        "ops":[{"name":"aten::addmm","calls":6,"self_seconds":0.0002,"total_seconds":0.0003,"device":"cpu"},
               {"name":"aten::relu","calls":3,"self_seconds":0.0001,"total_seconds":0.0001,"device":"cpu"}],
        "ops_seen":9,
        "copies":{"calls":9,"per_call":3.0,"by_op":{"aten::copy_":6,"aten::_to_copy":3}},
        "trace":{"path":"/t/k.pt.trace.json","bytes":1234,"format":"chrome_trace"}})");
}
} // namespace

void TestRunProfile::readsAWellFormedEvent()
{
    const tp::RunProfile p = tp::parseProfileEvent(goodEvent());
    QVERIFY2(p.error.empty(), p.error.c_str());
    QVERIFY(p.usable());
    QCOMPARE(p.steps, 3);
    QCOMPARE(p.ops.size(), std::size_t(2));
    QCOMPARE(p.ops[0].name, std::string("aten::addmm"));
    QCOMPARE(p.ops[0].calls, 6LL);
    QCOMPARE(p.opsSeen, 9LL);
    QCOMPARE(*p.copiesPerCall, 3.0);
    QCOMPARE(p.copyCalls, 9LL);
    QCOMPARE(p.copiesByOp.size(), std::size_t(2));
    QCOMPARE(p.tracePath, std::string("/t/k.pt.trace.json"));
    QCOMPARE(*p.traceBytes, 1234LL);
    QCOMPARE(p.activities, (std::vector<std::string>{"cpu", "cuda"}));
}

void TestRunProfile::hostileEvents_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QByteArray>("value"); // JSON; "-" removes the field
    QTest::addColumn<QString>("error");
    QTest::newRow("ops not an array") << "ops" << QByteArray("{}") << "'ops' must be an array";
    QTest::newRow("op not an object") << "ops" << QByteArray("[1]") << "not an object";
    QTest::newRow("negative self time")
        << "ops" << QByteArray(R"([{"name":"x","calls":1,"self_seconds":-1,"total_seconds":1}])")
        << "needs a name";
    QTest::newRow("time as text")
        << "ops" << QByteArray(R"([{"name":"x","calls":1,"self_seconds":"1","total_seconds":1}])")
        << "needs a name";
    QTest::newRow("no copies") << "copies" << QByteArray("-") << "'copies' is missing";
    QTest::newRow("copies not an object") << "copies" << QByteArray("[]") << "must be an object";
    QTest::newRow("copies without per_call")
        << "copies" << QByteArray(R"({"calls":1})") << "needs calls and per_call";
    QTest::newRow("huge per_call")
        << "copies" << QByteArray(R"({"calls":1e300,"per_call":1})") << "needs calls and per_call";
    QTest::newRow("the capture failed")
        << "error" << QByteArray(R"("profiler unavailable")") << "profiler unavailable";
}

void TestRunProfile::hostileEvents()
{
    QFETCH(QString, field);
    QFETCH(QByteArray, value);
    QFETCH(QString, error);
    json e = goodEvent();
    if (value == "-")
        e.erase(field.toStdString());
    else
        e[field.toStdString()] = json::parse(value.toStdString());
    const tp::RunProfile p = tp::parseProfileEvent(e);
    QVERIFY(!p.usable());
    QVERIFY2(QString::fromStdString(p.error).contains(error), p.error.c_str());
    QVERIFY(!tp::parseProfileEvent(json(42)).usable());
}

void TestRunProfile::boundsTheOperators()
{
    json e = goodEvent();
    e["ops"] = json::array();
    for (int i = 0; i < 10000; ++i)
        e["ops"].push_back({{"name", std::string(5000, 'a')},
                            {"calls", 1},
                            {"self_seconds", 0.1},
                            {"total_seconds", 0.2}});
    const tp::RunProfile p = tp::parseProfileEvent(e);
    QVERIFY(p.usable());
    QCOMPARE(p.ops.size(), tp::kMaxProfileOps);
    QCOMPARE_LE(p.ops[0].name.size(), std::size_t(310));
}

// TorchTPU's XProf capture alone: a trace, no operator table; nothing counted, nothing wrong.
void TestRunProfile::withoutAnOperatorTable()
{
    json e = goodEvent();
    e["ops"] = "not available";
    e["ops_seen"] = "not available";
    e["copies"] = "not available";
    e["trace"] = {{"path", "/t/xprof"}, {"bytes", 99}, {"format", "xplane"}};
    const tp::RunProfile p = tp::parseProfileEvent(e);
    QVERIFY2(p.error.empty(), p.error.c_str());
    QVERIFY(!p.usable());
    QVERIFY(p.ops.empty());
    QCOMPARE(p.traceFormat, std::string("xplane"));
}

QTEST_GUILESS_MAIN(TestRunProfile)
#include "tst_run_profile.moc"
