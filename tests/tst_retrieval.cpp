// Retrieval quality (model/analysis/retrieval.h) with known answers: items in clusters of k + 1
// identical vectors along orthogonal directions, so each item's k nearest neighbours are exactly
// the rest of its cluster. A candidate equal to the reference up to scale and rotation recalls
// everything; swapping two items between clusters costs each swapped query all of its recall and
// each other member of the two clusters one neighbour in k, exactly; ties are broken by the lower
// index; wrong shapes, k and non-finite values are refused with the reason named.
#include "model/analysis/retrieval.h"

#include <QtTest>

#include <cmath>

namespace
{
// `clusters` clusters of `size` items along e_0, e_1, … (dim = clusters), item i in cluster
// i / size; each vector scaled by a per-item factor (cosine does not see it).
tp::Embeddings clustered(std::size_t clusters, std::size_t size)
{
    tp::Embeddings e;
    e.rows = clusters * size;
    e.dim = clusters;
    e.values.assign(e.rows * e.dim, 0.0f);
    for (std::size_t i = 0; i < e.rows; ++i)
        e.values[i * e.dim + i / size] = 1.0f + 0.1f * float(i % 7);
    return e;
}

void swapItems(tp::Embeddings &e, std::size_t a, std::size_t b)
{
    for (std::size_t d = 0; d < e.dim; ++d)
        std::swap(e.values[a * e.dim + d], e.values[b * e.dim + d]);
}
} // namespace

class TestRetrieval : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void identicalUpToScaleAndRotationRecallsAll();
    void swappedItemsLoseAKnownShare();
    void tiesGoToTheLowerIndex();
    void refusals();
};

void TestRetrieval::identicalUpToScaleAndRotationRecallsAll()
{
    const std::size_t k = 4;
    const tp::Embeddings ref = clustered(6, k + 1);
    tp::Embeddings cand = ref;
    // A rotation in the plane of e_0 and e_1 (cosines unchanged) and another scale per item.
    const double c = std::cos(0.7), s = std::sin(0.7);
    for (std::size_t i = 0; i < cand.rows; ++i) {
        float *row = cand.values.data() + i * cand.dim;
        const double x = row[0], y = row[1];
        row[0] = float(c * x - s * y);
        row[1] = float(s * x + c * y);
        for (std::size_t d = 0; d < cand.dim; ++d)
            row[d] *= 3.0f;
    }
    const tp::RetrievalQuality q = tp::retrievalRecall(cand, ref, k);
    QCOMPARE(q.items, std::size_t(30));
    QCOMPARE(q.mean, 1.0);
    QCOMPARE(q.min, 1.0);
    QCOMPARE(tp::nearestNeighbours(ref, 7, k), (std::vector<std::size_t>{5, 6, 8, 9}));
}

void TestRetrieval::swappedItemsLoseAKnownShare()
{
    const std::size_t k = 4, size = k + 1, clusters = 6;
    const tp::Embeddings ref = clustered(clusters, size);
    tp::Embeddings cand = ref;
    swapItems(cand, 2, 12); // item 2 (cluster 0) and item 12 (cluster 2) trade places
    const tp::RetrievalQuality q = tp::retrievalRecall(cand, ref, k, 3);
    // Items 2 and 12 now sit among the other cluster: none of their neighbours is recalled. The
    // other members of clusters 0 and 2 lose the swapped one for the stranger: (k − 1) / k.
    for (std::size_t i = 0; i < q.items; ++i) {
        const std::size_t cluster = i / size;
        const double expected = (i == 2 || i == 12)              ? 0.0
                                : (cluster == 0 || cluster == 2) ? double(k - 1) / double(k)
                                                                 : 1.0;
        QCOMPARE(q.recall[i], expected);
    }
    const double mean =
        (2 * (size - 1) * double(k - 1) / double(k) + double((clusters - 2) * size)) /
        double(clusters * size);
    QVERIFY(std::fabs(q.mean - mean) < 1e-12);
    QCOMPARE(q.min, 0.0);
    QCOMPARE(q.worst.size(), std::size_t(3));
    QCOMPARE(q.worst[0], (std::pair<std::size_t, double>{2, 0.0}));
    QCOMPARE(q.worst[1], (std::pair<std::size_t, double>{12, 0.0}));
    QCOMPARE(q.worst[2], (std::pair<std::size_t, double>{0, 0.75})); // lowest index of the next
    // Recall is not symmetric in general, but this swap is: the reference against the candidate
    // loses the same share.
    QVERIFY(std::fabs(tp::retrievalRecall(ref, cand, k).mean - mean) < 1e-12);
}

void TestRetrieval::tiesGoToTheLowerIndex()
{
    // Five identical items: every other item is equally near; the lower indices win.
    tp::Embeddings e;
    e.rows = 5;
    e.dim = 2;
    e.values = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    QCOMPARE(tp::nearestNeighbours(e, 3, 2), (std::vector<std::size_t>{0, 1}));
    QCOMPARE(tp::nearestNeighbours(e, 0, 2), (std::vector<std::size_t>{1, 2}));
    // A zero vector is as far from every item as any other: the lower indices again.
    e.values[0] = e.values[1] = 0;
    QCOMPARE(tp::nearestNeighbours(e, 0, 2), (std::vector<std::size_t>{1, 2}));
}

void TestRetrieval::refusals()
{
    const tp::Embeddings ok = clustered(3, 3);
    auto refused = [](auto f, const char *needle) {
        try {
            f();
        } catch (const tp::RetrievalError &e) {
            return std::string(e.what()).find(needle) != std::string::npos;
        }
        return false;
    };
    tp::Embeddings shorter = ok;
    shorter.values.pop_back();
    QVERIFY(refused([&] { tp::retrievalRecall(shorter, ok, 2); }, "values do not make 9 items"));
    tp::Embeddings fewer = clustered(3, 2);
    QVERIFY(refused([&] { tp::retrievalRecall(fewer, ok, 2); }, "the same frozen sample"));
    QVERIFY(refused([&] { tp::retrievalRecall(ok, ok, 0); }, "k = 0"));
    QVERIFY(refused([&] { tp::retrievalRecall(ok, ok, 9); }, "below the 9 items"));
    tp::Embeddings nan = ok;
    nan.values[7] = std::nanf("");
    QVERIFY(refused([&] { tp::retrievalRecall(ok, nan, 2); }, "reference embeddings: item 2"));
    QVERIFY(refused([&] { tp::nearestNeighbours(ok, 9, 2); }, "query 9"));
}

QTEST_GUILESS_MAIN(TestRetrieval)
#include "tst_retrieval.moc"
