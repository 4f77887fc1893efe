#pragma once
// The quality contract, defined once: a run meets it when it finished ok, its outputs were
// finite, its steady state is valid evidence, and its precision verdict passed — an unchecked
// precision is accepted only for float32, which is its own reference. The cost model's useful
// results, the business panel and the gates all use this definition.
#include "model/evidence/run_record.h"

#include <array>

namespace tp
{

// Why a run misses the contract, in the order checked.
inline constexpr std::array<const char *, 6> kQualityGaps = {
    "not ok",  "non-finite",       "no validity verdict",
    "invalid", "precision failed", "reduced-precision, precision unchecked"};

// Index into kQualityGaps of the first reason the run misses the contract; -1 when it meets it.
int qualityContractGap(const RunRecord &r);
inline bool meetsQualityContract(const RunRecord &r)
{
    return qualityContractGap(r) < 0;
}

} // namespace tp
