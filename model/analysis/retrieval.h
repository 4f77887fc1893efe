#pragma once
// Retrieval quality (issue 43, the article's nightly embedding job): what a pipeline delivers is
// which neighbours a query retrieves, not how close each output is to a reference. For every item
// of a frozen sample, the k nearest other items by cosine similarity (exact search; equal
// similarities broken by the lower index, so the answer is deterministic) in the candidate's
// embeddings and in the reference's (the baseline's, or the float32 reference); recall@k of the
// query is the share of the reference's neighbours the candidate retrieves too. No Qt, no store.
//
// Exact search: each query ranks every other item, rows² · dim multiply-adds per side; the sizes
// are the caller's to bound (the batch-job pilot that will call it states them).
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tp
{

// Row-major embeddings: `rows` items of `dim` values each.
struct Embeddings {
    std::size_t rows = 0, dim = 0;
    std::vector<float> values; // rows × dim
};

struct RetrievalQuality {
    std::size_t k = 0, items = 0;
    std::vector<double> recall; // per query item, in item order
    double mean = 0, min = 0;
    double p10 = 0; // the 10th percentile (type 7): the low tail
    // The queries with the lowest recall, lowest first (ties by index), at most `worstCount`.
    std::vector<std::pair<std::size_t, double>> worst;
};

class RetrievalError : public std::invalid_argument
{
public:
    using std::invalid_argument::invalid_argument;
};

// The k nearest other items of `query` (cosine similarity, ties by lower index).
std::vector<std::size_t> nearestNeighbours(const Embeddings &e, std::size_t query, std::size_t k);

// recall@k of `candidate` against `reference` for every item. Throws RetrievalError (naming what
// is wrong) when the two do not hold the same number of items, a matrix's size does not match its
// shape, k is 0 or not below the item count, or a value is not finite. A zero vector has cosine 0
// with every item.
RetrievalQuality retrievalRecall(const Embeddings &candidate, const Embeddings &reference,
                                 std::size_t k, std::size_t worstCount = 10);

} // namespace tp
