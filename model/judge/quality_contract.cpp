#include "quality_contract.h"

#include "model/contract/contract.h"

#include <algorithm>
#include <iterator>

namespace tp
{

int qualityContractGap(const RunRecord &r)
{
    const bool unchecked = r.precisionVerdict.empty() && r.dtype != "float32" && r.dtype != "fp32";
    const bool gaps[] = {!r.complete || r.status != status::Ok,
                         !r.finite.value_or(false),
                         !r.valid,
                         !r.valid.value_or(false),
                         r.precisionVerdict == "fail",
                         unchecked};
    const auto first = std::find(std::begin(gaps), std::end(gaps), true);
    return first == std::end(gaps) ? -1 : static_cast<int>(first - std::begin(gaps));
}

} // namespace tp
