// The safetensors reader (model/contract/safetensors.h): a file written here byte by byte reads
// back as its tensors, metadata and values; the reader holds its threat model over generated
// hostile files — every truncation of a valid file, 20 000 random byte mutations (each read back
// or refused with SafetensorsError, never a crash nor a read past the bytes), and named cases
// (a huge header length, overlapping, holed or trailing data, a shape that overflows or
// disagrees with its offsets, an unknown dtype, non-string metadata, a non-regular file).
#include "model/contract/safetensors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <limits>

#include <nlohmann/json.hpp>

#include <cstring>
#include <random>

using nlohmann::json;

namespace
{
std::string rawFile(const std::string &h, const std::string &data)
{
    std::string out(8, '\0');
    std::uint64_t n = h.size();
    for (int i = 0; i < 8; ++i, n >>= 8)
        out[std::size_t(i)] = char(n & 0xff);
    return out + h + data;
}

std::string file(const json &header, const std::string &data)
{
    return rawFile(header.dump(), data);
}

std::string floats(std::initializer_list<float> v)
{
    std::string out(v.size() * 4, '\0');
    std::memcpy(out.data(), std::data(v), out.size());
    return out;
}

// Two tensors: a 2×3 float32 matrix and 2 int32 labels, with metadata.
std::string valid()
{
    const json header = {
        {"__metadata__", {{"format", "pt"}}},
        {"emb", {{"dtype", "F32"}, {"shape", {2, 3}}, {"data_offsets", {0, 24}}}},
        {"labels", {{"dtype", "I32"}, {"shape", {2}}, {"data_offsets", {24, 32}}}}};
    return file(header, floats({1, 2, 3, 4, 5, 6}) + std::string(8, '\1'));
}

bool refused(const std::string &bytes, const char *needle)
{
    try {
        const tp::Safetensors f = tp::parseSafetensors(bytes, "s.safetensors");
        (void)f;
    } catch (const tp::SafetensorsError &e) {
        const std::string what = e.what();
        return what.rfind("s.safetensors: ", 0) == 0 && what.find(needle) != std::string::npos;
    }
    return false;
}
} // namespace

class TestSafetensors : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsBack();
    void namedRefusals();
    void everyTruncationIsRefused();
    void mutationsNeverCrash();
    void files();
    void writtenMatrixReadsBack();
};

void TestSafetensors::readsBack()
{
    const std::string bytes = valid();
    const tp::Safetensors f = tp::parseSafetensors(bytes, "s.safetensors");
    QCOMPARE(f.tensors.size(), std::size_t(2));
    QCOMPARE(f.metadata.at("format"), std::string("pt"));
    QCOMPARE(f.tensors.at("labels").dtype, std::string("I32"));
    const tp::Float32Matrix m = tp::readFloat32Matrix(bytes, f, "emb", "s.safetensors");
    QCOMPARE(m.rows, std::size_t(2));
    QCOMPARE(m.cols, std::size_t(3));
    QCOMPARE(m.values, (std::vector<float>{1, 2, 3, 4, 5, 6}));
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError,
                             tp::readFloat32Matrix(bytes, f, "labels", "s.safetensors"));
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError,
                             tp::readFloat32Matrix(bytes, f, "nope", "s.safetensors"));
    // Bytes other than the parsed file's, shorter: refused, never read past.
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError,
                             tp::readFloat32Matrix(bytes.substr(0, 40), f, "emb", "s"));
    // An empty tensor and an empty file of tensors are fine.
    QCOMPARE(tp::parseSafetensors(file(json::object(), ""), "e").tensors.size(), std::size_t(0));
}

void TestSafetensors::namedRefusals()
{
    const json emb = {{"dtype", "F32"}, {"shape", {2, 3}}, {"data_offsets", {0, 24}}};
    const std::string data = floats({1, 2, 3, 4, 5, 6});
    std::string huge = valid();
    huge[7] = '\x7f';
    QVERIFY(refused(huge, "over the format's limit"));
    std::string longer = valid();
    longer[0] = char(longer[0] + 100);
    QVERIFY(refused(longer, "only"));
    QVERIFY(refused("short", "too short"));
    QVERIFY(refused(file(json::array(), ""), "not a JSON object"));
    QVERIFY(refused(file({{"a", emb}}, data + "xx"), "belong to no tensor"));
    QVERIFY(refused(file({{"a", emb}, {"b", emb}}, data), "overlaps"));
    json gap = emb;
    gap["data_offsets"] = {4, 28};
    QVERIFY(refused(file({{"a", gap}}, data + "abcd"), "has a hole"));
    json wrong = emb;
    wrong["shape"] = {2, 2};
    QVERIFY(refused(file({{"a", wrong}}, data), "its offsets span 24"));
    json overflow = emb;
    overflow["shape"] = {1ULL << 40, 1ULL << 40};
    QVERIFY(refused(file({{"a", overflow}}, data), "overflows"));
    json dtype = emb;
    dtype["dtype"] = "Q4";
    QVERIFY(refused(file({{"a", dtype}}, data), "unknown dtype"));
    json negative = emb;
    negative["shape"] = {-2, 3};
    QVERIFY(refused(file({{"a", negative}}, data), "not a non-negative integer"));
    json outside = emb;
    outside["data_offsets"] = {0, 1000};
    QVERIFY(refused(file({{"a", outside}}, data), "outside the 24 data bytes"));
    json extra = emb;
    extra["more"] = 1;
    QVERIFY(refused(file({{"a", extra}}, data), "not {dtype, shape, data_offsets}"));
    QVERIFY(refused(file({{"__metadata__", {{"k", 1}}}}, ""), "is not a string"));
    QVERIFY(refused(rawFile(std::string(100, '['), ""), "deeper than 64"));
    QVERIFY(refused(rawFile("{not json", ""), "not a JSON object"));
}

void TestSafetensors::everyTruncationIsRefused()
{
    const std::string bytes = valid();
    for (std::size_t n = 0; n < bytes.size(); ++n)
        QVERIFY2(refused(bytes.substr(0, n), ""), qPrintable(QString::number(n)));
}

void TestSafetensors::mutationsNeverCrash()
{
    const std::string bytes = valid();
    std::mt19937 rng(43);
    int read = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string m = bytes;
        for (unsigned j = 1 + rng() % 4; j > 0; --j)
            m[rng() % m.size()] = char(rng() % 256);
        try {
            const tp::Safetensors f = tp::parseSafetensors(m, "m");
            for (const auto &[name, t] : f.tensors)
                if (t.dtype == "F32" && t.shape.size() == 2)
                    QCOMPARE(tp::readFloat32Matrix(m, f, name, "m").values.size() * 4,
                             std::size_t(t.end - t.begin));
            ++read;
        } catch (const tp::SafetensorsError &) {
        }
    }
    QVERIFY2(read > 0 && read < 20000, qPrintable(QString::number(read)));
}

void TestSafetensors::files()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("s.safetensors")).toStdString();
    {
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        const std::string bytes = valid();
        f.write(bytes.data(), qint64(bytes.size()));
    }
    QCOMPARE(tp::readSafetensorsFile(path, 1 << 20), valid());
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError, tp::readSafetensorsFile(path, 10));
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError,
                             tp::readSafetensorsFile(dir.path().toStdString(), 1 << 20));
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError, tp::readSafetensorsFile("/dev/zero", 1 << 20));
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError,
                             tp::readSafetensorsFile(path + ".missing", 1 << 20));
    // A FIFO with no writer is refused at once (never waited on); a link is not followed.
    const std::string fifo = dir.filePath(QStringLiteral("fifo")).toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError, tp::readSafetensorsFile(fifo, 1 << 20));
    const std::string link = dir.filePath(QStringLiteral("link")).toStdString();
    QCOMPARE(::symlink(path.c_str(), link.c_str()), 0);
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError, tp::readSafetensorsFile(link, 1 << 20));
}

// What the runners write a frozen sample's embeddings as: our parser reads it back value for
// value (extreme floats included), the data starts 8-aligned, the same values give the same bytes.
void TestSafetensors::writtenMatrixReadsBack()
{
    const std::vector<float> values{0.0f,
                                    -0.0f,
                                    1.5f,
                                    -3.25e-38f,
                                    std::numeric_limits<float>::max(),
                                    std::numeric_limits<float>::denorm_min(),
                                    std::numeric_limits<float>::infinity(),
                                    42.0f};
    const std::string bytes =
        tp::float32MatrixSafetensors("embeddings", 4, 2, values, {{"sample_seed", "7"}});
    QCOMPARE(bytes,
             tp::float32MatrixSafetensors("embeddings", 4, 2, values, {{"sample_seed", "7"}}));
    const tp::Safetensors f = tp::parseSafetensors(bytes, "w.safetensors");
    QCOMPARE(f.dataOffset % 8, std::uint64_t(0));
    QCOMPARE(f.metadata.at("sample_seed"), std::string("7"));
    const tp::Float32Matrix m = tp::readFloat32Matrix(bytes, f, "embeddings", "w.safetensors");
    QCOMPARE(m.rows, std::size_t(4));
    QCOMPARE(m.cols, std::size_t(2));
    QCOMPARE(std::memcmp(m.values.data(), values.data(), values.size() * sizeof(float)), 0);
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError, tp::float32MatrixSafetensors("e", 3, 3, values));
    QVERIFY_THROWS_EXCEPTION(tp::SafetensorsError,
                             tp::float32MatrixSafetensors("e", std::size_t(1) << 62, 4, values));
    // An empty matrix is a valid file too.
    const std::string empty = tp::float32MatrixSafetensors("e", 0, 5, {});
    QCOMPARE(tp::readFloat32Matrix(empty, tp::parseSafetensors(empty, "e"), "e", "e").rows,
             std::size_t(0));
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
