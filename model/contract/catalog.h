#pragma once
// The shape catalog: the explicit list of shapes a pilot must run, extremes included, plus the
// observed variable lengths used to compare bucketing (padding) against exact shapes.
// No Qt, no torch.
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class CatalogError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct ShapeCase {
    long long batch = 0;
    long long seqLen = 0; // 0: the workload has no sequence dimension
};

// The most shape cases one catalog may make (and entries one of its arrays may hold): each case
// is a measured run, so a larger catalog is a mistake, not a sweep (threat model I3, I6).
inline constexpr std::size_t kMaxCatalogCases = 4096;

struct ShapeCatalog {
    std::string name;
    int version = 1;
    std::vector<long long> batchSizes;
    std::vector<long long> seqLens;         // may be empty
    std::vector<std::string> dtypes;        // which dtypes the pilot must cover
    int warmup = 3;                         // per case
    int iterations = 20;                    // per case
    double slowFirstCallRatio = 5.0;        // first call > ratio × steady median: "slow"
    std::vector<long long> buckets;         // sequence-length buckets (ascending)
    std::vector<long long> observedSeqLens; // real lengths seen in production traffic

    // Every (batch, seq_len) pair; without seq lens, seqLen is 0.
    std::vector<ShapeCase> cases(bool workloadHasSequence) const;
};

ShapeCatalog parseCatalog(const nlohmann::json &j, const std::string &origin);
ShapeCatalog loadCatalog(const std::string &path);

struct BucketingReport {
    std::size_t distinctExact = 0;    // shapes compiled when every length runs as is
    std::size_t distinctBucketed = 0; // shapes compiled when lengths are padded to buckets
    double paddingWaste = 0;          // padded tokens / total tokens processed when bucketed
    std::size_t unbucketable = 0;     // lengths above the largest bucket (run exact)
};

// Smallest bucket ≥ length, or the length itself when it exceeds every bucket.
long long bucketFor(long long length, const std::vector<long long> &buckets);
BucketingReport analyseBucketing(const std::vector<long long> &observed,
                                 const std::vector<long long> &buckets);

} // namespace tp
