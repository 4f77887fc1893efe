#include "transfers.h"

#include "model/contract/contract.h"

#include <algorithm>

namespace tp::runner
{

double medianOf(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

nlohmann::json timeInferenceTransfers(Workload &w, std::size_t steadyCalls, bool pinned,
                                      const TransferTimer &timer, const PhaseWriter &write)
{
    const TransferInfo info = w.prepareTransfers(pinned);
    if (!info.supported)
        return nullptr;
    const std::size_t n = std::max<std::size_t>(1, steadyCalls);
    std::vector<double> h2d, d2h;
    for (std::size_t i = 0; i < n; ++i) {
        timer.check();
        h2d.push_back(timer.timedCopy([&] { w.copyInputToDevice(); }));
        d2h.push_back(timer.timedCopy([&] { w.copyOutputToHost(); }));
    }
    write(tp::phase::HostToDevice, h2d);
    write(tp::phase::DeviceToHost, d2h);
    return {{"host_memory", info.hostMemory},      {"pinned_requested", pinned},
            {"h2d_bytes", info.inputBytes},        {"d2h_bytes", info.outputBytes},
            {"h2d_median_seconds", medianOf(h2d)}, {"d2h_median_seconds", medianOf(d2h)}};
}

nlohmann::json trainingTransfers(const std::vector<double> &copies, bool pinnedRequested,
                                 long long batchBytes)
{
    return {{"host_memory", "pageable"},
            {"pinned_requested", pinnedRequested},
            {"h2d_bytes", batchBytes},
            {"h2d_median_seconds", medianOf(copies)}};
}

} // namespace tp::runner
