#include "dist_group.h"

#include "gradient_sync.h"
#include "local_rendezvous.h"
#include "protocol.h"

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <torch/csrc/distributed/c10d/FileStore.hpp>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <thread>

namespace tp::runner
{
namespace
{

using Clock = std::chrono::steady_clock;

std::string errorText(const std::exception &e)
{
    if (const auto *c = dynamic_cast<const c10::Error *>(&e))
        return c->what_without_backtrace();
    std::string s = e.what();
    const auto nl = s.find('\n');
    return nl == std::string::npos ? s : s.substr(0, nl);
}

std::string fixed(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

} // namespace

struct DistGroup::Impl final : GradientSync {
    DistOptions options;
    Emitter &emitter;
    std::chrono::milliseconds timeout;
    std::optional<LocalRendezvous> local; // a loopback rendezvous: the FileStore's files
    c10::intrusive_ptr<c10d::Store> store;
    c10::intrusive_ptr<c10d::ProcessGroupGloo> pg;
    long long allreduceCount = 0;
    double allreduceSeconds = 0;
    long long allreduceBytes = 0;
    bool failed = false;
    bool connected = false; // run_started is out: a failure is a distributed_failure event
    std::uint64_t step = 0; // the step of the latest all-reduce

    Impl(const DistOptions &o, Emitter &e)
        : options(o), emitter(e), timeout(static_cast<long long>(o.timeoutSeconds * 1000.0))
    {
    }

    void broadcastParameters(std::vector<at::Tensor> &params) override
    {
        if (options.worldSize == 1)
            return;
        std::vector<at::Tensor> flat;
        flat.reserve(params.size());
        for (const at::Tensor &p : params)
            flat.push_back(p.detach().reshape(-1).to(at::kFloat));
        std::vector<at::Tensor> v{at::cat(flat)};
        c10d::BroadcastOptions opts;
        opts.rootRank = 0;
        run("broadcast of the parameters", 0, [&] { pg->broadcast(v, opts)->wait(timeout); });
        at::NoGradGuard noGrad;
        long long offset = 0;
        for (at::Tensor &p : params) {
            p.copy_(v[0].narrow(0, offset, p.numel()).view_as(p));
            offset += p.numel();
        }
    }

    void allReduceGradients(std::vector<at::Tensor> &params, std::uint64_t step) override
    {
        std::vector<at::Tensor> flat;
        flat.reserve(params.size());
        for (const at::Tensor &p : params)
            flat.push_back(p.grad().defined() ? p.grad().reshape(-1).to(at::kFloat)
                                              : at::zeros({p.numel()}, at::kFloat));
        std::vector<at::Tensor> v{at::cat(flat)};
        const auto t0 = Clock::now();
        this->step = step;
        run("all-reduce", step, [&] { pg->allreduce(v)->wait(timeout); });
        allreduceSeconds += std::chrono::duration<double>(Clock::now() - t0).count();
        ++allreduceCount;
        allreduceBytes = v[0].numel() * 4;
        v[0].div_(static_cast<double>(options.worldSize));
        at::NoGradGuard noGrad;
        long long offset = 0;
        for (at::Tensor &p : params) {
            at::Tensor slice = v[0].narrow(0, offset, p.numel()).view(p.sizes()).to(p.dtype());
            if (p.grad().defined())
                p.mutable_grad().copy_(slice);
            else
                p.mutable_grad() = slice;
            offset += p.numel();
        }
    }

    template <typename F> void run(const std::string &what, std::uint64_t step, F &&f)
    {
        const auto t0 = Clock::now();
        try {
            f();
        } catch (const std::exception &e) {
            failed = true;
            // Every rank of a cancelled group gets the signal; a peer that stopped first makes
            // this collective fail, but the run was cancelled, not broken.
            if (const int sig = cancelSignal())
                throw StopRequested{"cancelled", "cancelled by signal " + std::to_string(sig),
                                    128 + sig};
            const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
            const std::string text = errorText(e);
            emitter.event("distributed_failure", {{"step", step},
                                                  {"detected_seconds", seconds},
                                                  {"error", text},
                                                  {"rank", options.rank},
                                                  {"world_size", options.worldSize}});
            throw DistError("distributed: " + what + " failed at step " + std::to_string(step) +
                            " after " + fixed(seconds) + " s: " + text);
        }
    }
};

DistGroup::DistGroup(const DistOptions &options, Emitter &emitter)
    : m(std::make_unique<Impl>(options, emitter))
{
}

DistGroup::~DistGroup()
{
    if (m->failed) { // a peer is gone: Gloo's teardown would wait for it; leak instead
        (void)m->pg.release();
        (void)m->store.release();
    }
}

std::string DistGroup::connect(const std::string &ownExecutionKey)
{
    const DistOptions &o = m->options;
    const auto t0 = Clock::now();
    try {
        if (isLoopbackHost(o.host)) {
            // No socket at all (local_rendezvous.h): only this user's processes can join.
            m->local.emplace(o.port);
            if (o.rank == 0) {
                m->local->claim(o.rendezvous());
            } else if (!m->local->awaitOwner(m->timeout)) {
                const double s = std::chrono::duration<double>(Clock::now() - t0).count();
                throw DistError("distributed: rendezvous " + o.rendezvous() +
                                " unreachable after " + fixed(s) + " s: no rank 0 serves it");
            }
            auto store = c10::make_intrusive<c10d::FileStore>(m->local->storePath(), o.worldSize);
            store->setTimeout(m->timeout);
            m->store = store;
            if (o.rank == 0)
                m->local->publish();
        } else {
            // Across hosts: rank 0's TCPStore, which listens on every interface without
            // authentication (README: run multi-host groups on a network you trust).
            c10d::TCPStoreOptions so;
            so.port = static_cast<std::uint16_t>(o.port);
            so.isServer = o.rank == 0;
            so.numWorkers = static_cast<std::size_t>(o.worldSize);
            so.waitWorkers = false;
            so.timeout = m->timeout;
            m->store = c10::make_intrusive<c10d::TCPStore>(o.host, so);
        }
    } catch (const DistError &) {
        throw;
    } catch (const RendezvousError &e) {
        throw DistError(std::string("distributed: ") + e.what());
    } catch (const std::exception &e) {
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        throw DistError("distributed: rendezvous " + o.rendezvous() + " unreachable after " +
                        fixed(s) + " s: " + errorText(e));
    }
    std::string group;
    try {
        const std::string me = std::to_string(o.rank);
        if (m->store->add("tp/join/" + me, 1) > 1)
            throw DistError("distributed: rank " + me + " joined the group at " + o.rendezvous() +
                            " twice");
        set("tp/ws/" + me, std::to_string(o.worldSize));
        auto peerSize = [&](int r) { return std::stoi(get("tp/ws/" + std::to_string(r))); };
        if (o.rank == 0) {
            set("tp/group", ownExecutionKey);
            for (int r = 1; r < o.worldSize; ++r)
                if (const int n = peerSize(r); n != o.worldSize)
                    throw DistError("distributed: this rank has world size " +
                                    std::to_string(o.worldSize) + ", rank " + std::to_string(r) +
                                    " has " + std::to_string(n));
            group = ownExecutionKey;
        } else {
            if (const int n = peerSize(0); n != o.worldSize)
                throw DistError("distributed: this rank has world size " +
                                std::to_string(o.worldSize) + ", rank 0 has " + std::to_string(n));
            group = get("tp/group");
        }
        auto opts = c10d::ProcessGroupGloo::Options::create(m->timeout);
        opts->devices.push_back(isLoopbackHost(o.host)
                                    ? c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1")
                                    : c10d::ProcessGroupGloo::createDefaultDevice());
        m->pg = c10::make_intrusive<c10d::ProcessGroupGloo>(
            c10::make_intrusive<c10d::PrefixStore>("pg", m->store), o.rank, o.worldSize, opts);
        m->connected = true;
    } catch (const DistError &) {
        m->failed = true;
        throw;
    } catch (const std::exception &e) {
        m->failed = true;
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        throw DistError("distributed: forming the group at " + o.rendezvous() + " failed after " +
                        fixed(s) + " s: " + errorText(e));
    }
    return group;
}

bool DistGroup::finish()
{
    if (m->failed || !m->store)
        return false;
    try {
        if (m->options.rank != 0) {
            m->store->add("tp/finished", 1);
            return true;
        }
        const auto until = Clock::now() + m->timeout;
        while (m->store->add("tp/finished", 0) < m->options.worldSize - 1) {
            if (Clock::now() > until)
                return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return true;
    } catch (const std::exception &) {
        return false;
    }
}

bool DistGroup::anyRank(bool mine)
{
    std::vector<at::Tensor> v{at::full({1}, mine ? 1.0f : 0.0f, at::kFloat)};
    c10d::AllreduceOptions opts;
    opts.reduceOp = c10d::ReduceOp::MAX;
    m->run("the phase vote", m->step, [&] { m->pg->allreduce(v, opts)->wait(m->timeout); });
    return v[0].item<float>() > 0.5f;
}

GradientSync &DistGroup::sync()
{
    return *m;
}

nlohmann::json DistGroup::counters() const
{
    return {{"allreduce_count", m->allreduceCount},
            {"allreduce_seconds", m->allreduceSeconds},
            {"allreduce_bytes", m->allreduceBytes}};
}

bool DistGroup::failed() const
{
    return m->failed;
}

void DistGroup::set(const std::string &key, const std::string &value)
{
    const std::vector<std::uint8_t> bytes(value.begin(), value.end());
    if (m->connected) // a checkpoint's handshake: a lost rank 0 is reported like a collective
        m->run("publishing " + key, m->step, [&] { m->store->set(key, bytes); });
    else
        m->store->set(key, bytes);
}

std::string DistGroup::get(const std::string &key)
{
    if (m->connected) {
        std::vector<std::uint8_t> v;
        m->run("waiting for " + key, m->step, [&] { v = m->store->get(key); });
        return std::string(v.begin(), v.end());
    }
    try {
        const std::vector<std::uint8_t> v = m->store->get(key);
        return std::string(v.begin(), v.end());
    } catch (const std::exception &e) {
        m->failed = true;
        throw DistError("distributed: waiting for " + key + " failed: " + errorText(e));
    }
}

} // namespace tp::runner
