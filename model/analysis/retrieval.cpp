#include "retrieval.h"

#include "model/contract/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tp
{

namespace
{

void check(const Embeddings &e, const char *side)
{
    if (e.rows == 0 || e.dim == 0 || e.values.size() != e.rows * e.dim)
        throw RetrievalError(std::string(side) + " embeddings: " + std::to_string(e.values.size()) +
                             " values do not make " + std::to_string(e.rows) + " items of " +
                             std::to_string(e.dim));
    for (std::size_t i = 0; i < e.values.size(); ++i)
        if (!std::isfinite(e.values[i]))
            throw RetrievalError(std::string(side) + " embeddings: item " +
                                 std::to_string(i / e.dim) + " holds a value that is not finite");
}

// Each item scaled to unit length (a zero vector stays zero), in double.
std::vector<double> normalised(const Embeddings &e)
{
    std::vector<double> out(e.values.begin(), e.values.end());
    for (std::size_t r = 0; r < e.rows; ++r) {
        double *row = out.data() + r * e.dim;
        const double norm = std::sqrt(std::inner_product(row, row + e.dim, row, 0.0));
        if (norm > 0)
            std::transform(row, row + e.dim, row, [norm](double v) { return v / norm; });
    }
    return out;
}

std::vector<std::size_t> neighbours(const std::vector<double> &unit, std::size_t rows,
                                    std::size_t dim, std::size_t query, std::size_t k)
{
    const double *q = unit.data() + query * dim;
    std::vector<std::pair<double, std::size_t>> scored; // (similarity, item)
    scored.reserve(rows - 1);
    for (std::size_t i = 0; i < rows; ++i)
        if (i != query) {
            const double *row = unit.data() + i * dim;
            scored.emplace_back(std::inner_product(q, q + dim, row, 0.0), i);
        }
    const auto closer = [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    };
    std::partial_sort(scored.begin(), scored.begin() + std::ptrdiff_t(k), scored.end(), closer);
    std::vector<std::size_t> out;
    out.reserve(k);
    for (std::size_t i = 0; i < k; ++i)
        out.push_back(scored[i].second);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

std::vector<std::size_t> nearestNeighbours(const Embeddings &e, std::size_t query, std::size_t k)
{
    check(e, "the");
    if (query >= e.rows || k == 0 || k >= e.rows)
        throw RetrievalError("query " + std::to_string(query) + " with k " + std::to_string(k) +
                             " among " + std::to_string(e.rows) + " items");
    return neighbours(normalised(e), e.rows, e.dim, query, k);
}

RetrievalQuality retrievalRecall(const Embeddings &candidate, const Embeddings &reference,
                                 std::size_t k, std::size_t worstCount)
{
    check(candidate, "candidate");
    check(reference, "reference");
    if (candidate.rows != reference.rows)
        throw RetrievalError("the candidate has " + std::to_string(candidate.rows) +
                             " items and the reference " + std::to_string(reference.rows) +
                             ": recall compares the same frozen sample");
    if (k == 0 || k >= candidate.rows)
        throw RetrievalError("k = " + std::to_string(k) + " must be at least 1 and below the " +
                             std::to_string(candidate.rows) + " items");
    const std::vector<double> cand = normalised(candidate), ref = normalised(reference);
    RetrievalQuality q;
    q.k = k;
    q.items = candidate.rows;
    q.recall.reserve(q.items);
    for (std::size_t i = 0; i < q.items; ++i) {
        const auto a = neighbours(cand, candidate.rows, candidate.dim, i, k);
        const auto b = neighbours(ref, reference.rows, reference.dim, i, k);
        std::vector<std::size_t> both;
        std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
        q.recall.push_back(double(both.size()) / double(k));
    }
    q.mean = std::accumulate(q.recall.begin(), q.recall.end(), 0.0) / double(q.items);
    std::vector<double> sorted = q.recall;
    std::sort(sorted.begin(), sorted.end());
    q.min = sorted.front();
    q.p10 = percentileSorted(sorted, 0.10);
    std::vector<std::size_t> order(q.items);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&q](std::size_t a, std::size_t b) { return q.recall[a] < q.recall[b]; });
    for (std::size_t i = 0; i < std::min(worstCount, order.size()); ++i)
        q.worst.emplace_back(order[i], q.recall[order[i]]);
    return q;
}

} // namespace tp
