#pragma once
// The ranks of one data-parallel training run on this machine: one child launcher per rank, all
// started at once (they must rendezvous), on a loopback port found free just before. Each rank's
// stream is stored as its own run; the runs share env.distributed.group
// (model/analysis/dist_runs.h). finished() comes once, after every rank ended: rank 0's run, failed
// when any rank failed. Cancel reaches every rank.
#include "launcher.h"

#include <functional>
#include <vector>

namespace tp
{

class RankGroupLauncher : public Launcher
{
    Q_OBJECT
public:
    using Factory = std::function<Launcher *(QObject *parent)>;
    // makeChild creates one rank's launcher (a LocalLauncher of the target).
    RankGroupLauncher(Store &store, Factory makeChild, QObject *parent = nullptr);

    void start(const RunSpec &spec) override;
    void cancel() override;
    void cancelAndWait(int graceMs) override;
    bool isRunning() const override;
    QString commandLine(const RunSpec &spec) const override;

    // The ranks' run ids of the last start(), by rank (0 until a rank announced its run).
    const std::vector<long long> &rankRuns() const { return m_runIds; }
    // A TCP port on 127.0.0.1 that was free a moment ago (0 when none could be bound).
    static int freeLoopbackPort();
    // rank's spec: `spec` plus --world-size, --rank and --rendezvous.
    static RunSpec rankSpec(const RunSpec &spec, int rank, int port);

private:
    void onChildFinished(int rank, const LaunchResult &result);

    Factory m_makeChild;
    std::vector<Launcher *> m_children;
    std::vector<LaunchResult> m_results;
    std::vector<long long> m_runIds;
    int m_pending = 0;
    int m_port = 0;
};

} // namespace tp
