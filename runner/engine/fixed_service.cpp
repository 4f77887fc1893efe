#include "fixed_service.h"

#include <chrono>
#include <cstdio>
#include <thread>

namespace tp::runner
{
namespace
{

class FixedService : public Workload
{
public:
    explicit FixedService(const WorkloadConfig &c)
        : m_batch(c.batch), m_seconds(c.serviceSeconds), m_perSample(c.serviceSecondsPerSample)
    {
    }

    nlohmann::json shape() const override
    {
        return {{"batch", m_batch},
                {"service_seconds", m_seconds},
                {"service_seconds_per_sample", m_perSample}};
    }
    std::string modelRevision() const override
    {
        char text[96];
        std::snprintf(text, sizeof text, "fixed-service(%.9g s + %.9g s/sample)", m_seconds,
                      m_perSample);
        return text;
    }
    void build() override {}
    bool compile() override { return false; }
    std::vector<std::string> compiledOps() const override { return {}; }
    // Sleeps to 100 µs before the end, then spins: a sleep alone overshoots by the timer slack.
    void forward() override
    {
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        const auto end =
            start + std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double>(m_seconds + m_perSample * double(m_batch)));
        const auto spinFrom = end - std::chrono::microseconds(100);
        if (spinFrom > start)
            std::this_thread::sleep_until(spinFrom);
        while (Clock::now() < end) {
        }
        m_ran = true;
    }
    bool outputFinite() override { return m_ran; }
    bool reshape(long long batch, long long) override
    {
        m_batch = batch;
        return true;
    }

private:
    long long m_batch;
    double m_seconds, m_perSample;
    bool m_ran = false;
};

} // namespace

std::unique_ptr<Workload> makeFixedServiceWorkload(const WorkloadConfig &config)
{
    return std::make_unique<FixedService>(config);
}

} // namespace tp::runner
