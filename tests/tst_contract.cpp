// The run contract parser: every event kind, malformed and hostile lines, unknown content kept.
#include "model/contract/contract.h"

#include <QtTest>

class TestContract : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data();
    void parse();
    void unknownFieldsKept();
    void roundTrip();
    void nonFiniteNeverWrittenAsBareNaN();
    void smokeObjectRecognised();
};

void TestContract::parse_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("eventOrError"); // event name when ok, error substring otherwise

    QTest::newRow("run_started")
        << QByteArray(R"({"v":1,"event":"run_started","run_key":"a","shape":{"batch":8}})") << true
        << "run_started";
    QTest::newRow("phase")
        << QByteArray(R"({"v":1,"event":"phase","phase":"steady","batch":8,"seconds":[0.1,0.2]})")
        << true << "phase";
    QTest::newRow("finished")
        << QByteArray(R"({"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}})")
        << true << "run_finished";
    QTest::newRow("unknown event kept")
        << QByteArray(R"({"v":1,"event":"hbm_usage","bytes":5})") << true << "hbm_usage";
    QTest::newRow("empty") << QByteArray("") << false << "malformed JSON";
    QTest::newRow("garbage") << QByteArray("not json at all") << false << "malformed JSON";
    QTest::newRow("truncated") << QByteArray(R"({"v":1,"event":"phase","seconds":[0.1)") << false
                               << "malformed JSON";
    QTest::newRow("array") << QByteArray("[1,2,3]") << false << "must be a JSON object";
    QTest::newRow("no version") << QByteArray(R"({"event":"phase"})") << false << "'v'";
    QTest::newRow("string version") << QByteArray(R"({"v":"1","event":"phase"})") << false << "'v'";
    QTest::newRow("newer version")
        << QByteArray(R"({"v":2,"event":"phase"})") << false << "unsupported contract version 2";
    QTest::newRow("no event") << QByteArray(R"({"v":1})") << false << "'event'";
    QTest::newRow("phase without name")
        << QByteArray(R"({"v":1,"event":"phase","seconds":[1]})") << false << "'phase'";
    QTest::newRow("seconds not array")
        << QByteArray(R"({"v":1,"event":"phase","phase":"steady","seconds":1})") << false
        << "'seconds'";
    QTest::newRow("seconds with string")
        << QByteArray(R"({"v":1,"event":"phase","phase":"steady","seconds":[1,"x"]})") << false
        << "only numbers";
    QTest::newRow("negative duration")
        << QByteArray(R"({"v":1,"event":"phase","phase":"steady","seconds":[-1]})") << false
        << "negative";
    QTest::newRow("finished without status")
        << QByteArray(R"({"v":1,"event":"run_finished"})") << false << "'status'";
    QTest::newRow("summary not object")
        << QByteArray(R"({"v":1,"event":"run_finished","status":"ok","summary":3})") << false
        << "'summary'";
    QTest::newRow("shape not object")
        << QByteArray(R"({"v":1,"event":"run_started","shape":[1]})") << false << "'shape'";
    QTest::newRow("hostile strings")
        << QByteArray(R"({"v":1,"event":"run_started","run_key":"a;$(rm -rf /)\n'\"","env":{}})")
        << true << "run_started";
}

void TestContract::parse()
{
    QFETCH(QByteArray, line);
    QFETCH(bool, ok);
    QFETCH(QString, eventOrError);
    const tp::ParseResult r = tp::parseEventLine(line.toStdString());
    QCOMPARE(r.event.has_value(), ok);
    if (ok) {
        QCOMPARE(QString::fromStdString(r.event->name), eventOrError);
        QVERIFY(r.error.empty());
    } else {
        QVERIFY2(QString::fromStdString(r.error).contains(eventOrError), r.error.c_str());
    }
}

void TestContract::unknownFieldsKept()
{
    const auto r = tp::parseEventLine(
        R"({"v":1,"event":"phase","phase":"steady","seconds":[0.5],"gpu":{"sm":80}})");
    QVERIFY(r.event);
    QCOMPARE(r.event->raw["gpu"]["sm"].get<int>(), 80);
    QCOMPARE(r.event->phase.seconds.size(), std::size_t(1));
}

void TestContract::roundTrip()
{
    tp::RunStarted s;
    s.runKey = "k/mlp";
    s.executionKey = "k@1";
    s.workload = "mlp";
    s.mode = "compiled";
    s.dtype = "bfloat16";
    s.shape = {{"batch", 64}};
    s.env = {{"threads", 2}};
    auto r = tp::parseEventLine(tp::toLine(s));
    QVERIFY(r.event);
    QCOMPARE(r.event->started.executionKey, s.executionKey);
    QCOMPARE(r.event->started.mode, s.mode);
    QCOMPARE(r.event->started.shape["batch"].get<int>(), 64);

    tp::PhaseSamples p{"warmup", 64, {0.25, 0.5}};
    r = tp::parseEventLine(tp::toLine(p));
    QVERIFY(r.event);
    QCOMPARE(r.event->phase.seconds, p.seconds);
    QCOMPARE(r.event->phase.batch, 64LL);

    tp::RunFinished f;
    f.status = "failed";
    f.error = "boom";
    f.summary.meanBatchSeconds = 0.125;
    f.summary.finite = false;
    r = tp::parseEventLine(tp::toLine(f));
    QVERIFY(r.event);
    QCOMPARE(r.event->finished.status, std::string("failed"));
    QCOMPARE(r.event->finished.error, std::string("boom"));
    QCOMPARE(*r.event->finished.summary.meanBatchSeconds, 0.125);
    QCOMPARE(*r.event->finished.summary.finite, false);
}

void TestContract::nonFiniteNeverWrittenAsBareNaN()
{
    tp::RunFinished f;
    f.status = "failed";
    f.summary.meanBatchSeconds = std::numeric_limits<double>::quiet_NaN();
    const std::string line = tp::toLine(f);
    QVERIFY2(line.find("NaN") == std::string::npos && line.find("nan") == std::string::npos,
             line.c_str());
    QVERIFY(tp::parseEventLine(line).event);
}

void TestContract::smokeObjectRecognised()
{
    using nlohmann::json;
    QVERIFY(tp::isSmokeObject(json::parse(
        R"({"torch":"2.9","torch_tpu":"0.1","mode":"eager","first_call_seconds":1,"mean_batch_seconds":0.1,"samples_per_second":640,"finite":true})")));
    QVERIFY(!tp::isSmokeObject(json::parse(
        R"({"v":1,"event":"run_started","torch":"x","mode":"eager","first_call_seconds":1,"mean_batch_seconds":0.1,"samples_per_second":640})")));
    QVERIFY(!tp::isSmokeObject(json::parse(R"({"torch":"2.9","mode":"eager"})")));
    QVERIFY(!tp::isSmokeObject(json::parse("[1]")));
}

QTEST_APPLESS_MAIN(TestContract)
#include "tst_contract.moc"
