// Shape catalog: the shipped default parses, malformed catalogs name the field, bucketing
// figures against hand-computed cases.
#include "model/contract/catalog.h"

#include <QtTest>

using nlohmann::json;

class TestCatalog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultCatalog();
    void errors_data();
    void errors();
    void bucketing();
    void missingFile();
};

void TestCatalog::defaultCatalog()
{
    const tp::ShapeCatalog c = tp::loadCatalog(TP_SOURCE_DIR "/resources/catalogs/default.json");
    QCOMPARE(c.name, std::string("default"));
    QCOMPARE(c.batchSizes.front(), 1LL); // the extremes are in the contract
    QCOMPARE_GE(c.batchSizes.back(), 256);
    QCOMPARE(c.cases(false).size(), c.batchSizes.size());
    QCOMPARE(c.cases(true).size(), c.batchSizes.size() * c.seqLens.size());
    QVERIFY(!c.observedSeqLens.empty());
}

void TestCatalog::errors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("array") << QByteArray("[1]") << "must be a JSON object";
    QTest::newRow("no name") << QByteArray(R"({"batch_sizes":[1]})") << "field 'name'";
    QTest::newRow("no batches") << QByteArray(R"({"name":"c"})")
                                << "field 'batch_sizes' is required";
    QTest::newRow("empty batches") << QByteArray(R"({"name":"c","batch_sizes":[]})")
                                   << "'batch_sizes' must be a non-empty array";
    QTest::newRow("zero batch") << QByteArray(R"({"name":"c","batch_sizes":[1,0]})")
                                << "batch_sizes[1] must be a positive integer, got 0";
    QTest::newRow("string seq") << QByteArray(
                                       R"({"name":"c","batch_sizes":[1],"seq_lens":["128"]})")
                                << "seq_lens[0] must be a positive integer, got \"128\"";
    QTest::newRow("bad dtype")
        << QByteArray(R"({"name":"c","batch_sizes":[1],"dtypes":["float32","int4"]})")
        << "dtypes[1] must be one of";
    QTest::newRow("bad iterations")
        << QByteArray(R"({"name":"c","batch_sizes":[1],"iterations":0})") << "field 'iterations'";
    QTest::newRow("unsorted buckets")
        << QByteArray(
               R"({"name":"c","batch_sizes":[1],"bucketing":{"seq_len_buckets":[64,32],"observed_seq_lens":[5]}})")
        << "bucketing.seq_len_buckets must be in ascending order";
    QTest::newRow("no observed")
        << QByteArray(R"({"name":"c","batch_sizes":[1],"bucketing":{"seq_len_buckets":[64]}})")
        << "field 'observed_seq_lens' is required";
    QTest::newRow("ratio") << QByteArray(
                                  R"({"name":"c","batch_sizes":[1],"slow_first_call_ratio":0.5})")
                           << "slow_first_call_ratio";
}

void TestCatalog::errors()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    try {
        tp::parseCatalog(json::parse(text.toStdString()), "shapes.json");
        QFAIL("should have thrown");
    } catch (const tp::CatalogError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("shapes.json")), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
    }
}

void TestCatalog::bucketing()
{
    const std::vector<long long> buckets{32, 64, 128};
    QCOMPARE(tp::bucketFor(1, buckets), 32LL);
    QCOMPARE(tp::bucketFor(32, buckets), 32LL);
    QCOMPARE(tp::bucketFor(33, buckets), 64LL);
    QCOMPARE(tp::bucketFor(500, buckets), 500LL); // above every bucket: runs exact
    // 10→32, 30→32, 40→64, 64→64, 200→200: padded 392, real 344 → waste 48/392
    const auto r = tp::analyseBucketing({10, 30, 40, 64, 200}, buckets);
    QCOMPARE(r.distinctExact, std::size_t(5));
    QCOMPARE(r.distinctBucketed, std::size_t(3)); // 32, 64, 200
    QCOMPARE(r.unbucketable, std::size_t(1));
    QVERIFY(qFuzzyCompare(r.paddingWaste, 48.0 / 392.0));
}

void TestCatalog::missingFile()
{
    QVERIFY_THROWS_EXCEPTION(tp::CatalogError, tp::loadCatalog("/no/such/catalog.json"));
}

QTEST_APPLESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
