#include "catalog.h"

#include "json_file.h"
#include "sound_values.h"

#include <algorithm>
#include <set>

namespace tp
{
using nlohmann::json;

namespace
{

std::vector<long long> positiveInts(const json &j, const char *field, const std::string &origin,
                                    bool required)
{
    auto it = j.find(field);
    if (it == j.end()) {
        if (required)
            throw CatalogError(origin + ": field '" + field + "' is required");
        return {};
    }
    if (!it->is_array() || (required && it->empty()))
        throw CatalogError(origin + ": field '" + field +
                           "' must be a non-empty array of positive integers");
    if (it->size() > kMaxCatalogCases)
        throw CatalogError(origin + ": field '" + field + "' holds " + std::to_string(it->size()) +
                           " entries, over the limit of " + std::to_string(kMaxCatalogCases));
    std::vector<long long> out;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json &v = (*it)[i];
        if (!v.is_number_integer() || v.get<long long>() <= 0 || v.get<long long>() > (1LL << 31))
            throw CatalogError(origin + ": " + field + "[" + std::to_string(i) +
                               "] must be a positive integer, got " + dumpText(v));
        out.push_back(v.get<long long>());
    }
    return out;
}

int positiveInt(const json &j, const char *field, int fallback, const std::string &origin)
{
    auto it = j.find(field);
    if (it == j.end())
        return fallback;
    if (!it->is_number_integer() || it->get<long long>() < 1 || it->get<long long>() > 1000000)
        throw CatalogError(origin + ": field '" + field +
                           "' must be an integer between 1 and 1000000");
    return it->get<int>();
}

} // namespace

std::vector<ShapeCase> ShapeCatalog::cases(bool workloadHasSequence) const
{
    std::vector<ShapeCase> out;
    for (long long b : batchSizes) {
        if (!workloadHasSequence || seqLens.empty()) {
            out.push_back({b, 0});
            continue;
        }
        for (long long s : seqLens)
            out.push_back({b, s});
    }
    return out;
}

ShapeCatalog parseCatalog(const json &j, const std::string &origin)
{
    if (!j.is_object())
        throw CatalogError(origin + ": a shape catalog must be a JSON object");
    ShapeCatalog c;
    auto name = j.find("name");
    if (name == j.end() || !name->is_string() || name->get<std::string>().empty())
        throw CatalogError(origin + ": field 'name' must be a non-empty string");
    c.name = name->get<std::string>();
    c.version = positiveInt(j, "version", 1, origin);
    c.batchSizes = positiveInts(j, "batch_sizes", origin, true);
    c.seqLens = positiveInts(j, "seq_lens", origin, false);
    if (c.batchSizes.size() * std::max<std::size_t>(c.seqLens.size(), 1) > kMaxCatalogCases)
        throw CatalogError(origin + ": " + std::to_string(c.batchSizes.size()) + " batch sizes × " +
                           std::to_string(c.seqLens.size()) + " sequence lengths make more than " +
                           std::to_string(kMaxCatalogCases) + " shape cases");
    if (auto d = j.find("dtypes"); d != j.end()) {
        if (!d->is_array())
            throw CatalogError(origin + ": field 'dtypes' must be an array of strings");
        for (std::size_t i = 0; i < d->size(); ++i) {
            const json &v = (*d)[i];
            static const std::set<std::string> known{"float32", "bfloat16", "float16"};
            if (!v.is_string() || !known.count(v.get<std::string>()))
                throw CatalogError(origin + ": dtypes[" + std::to_string(i) +
                                   "] must be one of float32, bfloat16, float16, got " +
                                   dumpText(v));
            c.dtypes.push_back(v.get<std::string>());
        }
    }
    c.warmup = positiveInt(j, "warmup", c.warmup, origin);
    c.iterations = positiveInt(j, "iterations", c.iterations, origin);
    if (auto r = j.find("slow_first_call_ratio"); r != j.end()) {
        if (!r->is_number() || r->get<double>() <= 1)
            throw CatalogError(origin + ": field 'slow_first_call_ratio' must be a number above 1");
        c.slowFirstCallRatio = r->get<double>();
    }
    if (auto b = j.find("bucketing"); b != j.end()) {
        if (!b->is_object())
            throw CatalogError(origin + ": field 'bucketing' must be an object");
        const std::string where = origin + ": bucketing";
        c.buckets = positiveInts(*b, "seq_len_buckets", where, true);
        if (!std::is_sorted(c.buckets.begin(), c.buckets.end()))
            throw CatalogError(where + ".seq_len_buckets must be in ascending order");
        c.observedSeqLens = positiveInts(*b, "observed_seq_lens", where, true);
    }
    return c;
}

ShapeCatalog loadCatalog(const std::string &path)
{
    return parseCatalog(readJsonFile<CatalogError>(path, "shape catalog"), path);
}

long long bucketFor(long long length, const std::vector<long long> &buckets)
{
    auto it = std::lower_bound(buckets.begin(), buckets.end(), length);
    return it == buckets.end() ? length : *it;
}

BucketingReport analyseBucketing(const std::vector<long long> &observed,
                                 const std::vector<long long> &buckets)
{
    BucketingReport r;
    std::set<long long> exact, bucketed;
    long long real = 0, padded = 0;
    for (long long len : observed) {
        exact.insert(len);
        const long long b = bucketFor(len, buckets);
        if (b == len && !std::binary_search(buckets.begin(), buckets.end(), len))
            ++r.unbucketable;
        bucketed.insert(b);
        real += len;
        padded += b;
    }
    r.distinctExact = exact.size();
    r.distinctBucketed = bucketed.size();
    r.paddingWaste = padded > 0 ? double(padded - real) / double(padded) : 0.0;
    return r;
}

} // namespace tp
