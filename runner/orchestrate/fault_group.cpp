#include "fault_group.h"

#include "fault_test_settings.h"
#include "runner/launch/rank_group_launcher.h"

#include <QDir>
#include <QProcess>
#include <QThread>

#include <cmath>
#include <limits>
#include <memory>

namespace tp
{
namespace
{

struct RankProcess {
    std::unique_ptr<QProcess> process;
    QByteArray pending, stderrTail;
    bool ended = false;
};

} // namespace

std::vector<QStringList> rankArguments(const QStringList &common, int worldSize, int port,
                                       double distTimeoutSeconds)
{
    std::vector<QStringList> out;
    out.reserve(worldSize > 0 ? static_cast<std::size_t>(worldSize) : 0);
    for (int r = 0; r < worldSize; ++r)
        out.push_back(common + QStringList{QStringLiteral("--world-size"),
                                           QString::number(worldSize), QStringLiteral("--rank"),
                                           QString::number(r), QStringLiteral("--rendezvous"),
                                           QStringLiteral("127.0.0.1:%1").arg(port),
                                           QStringLiteral("--dist-timeout"),
                                           QString::number(distTimeoutSeconds)});
    return out;
}

GroupOutput runRunnerGroup(const QString &program, const std::vector<QStringList> &perRankArgs,
                           int timeoutMs, int killRank, long long killAtStep, int survivorBoundMs,
                           const QElapsedTimer &clock, const std::atomic_bool *cancel)
{
    const std::size_t n = perRankArgs.size();
    GroupOutput g;
    g.ranks.resize(n);
    g.endedAtNs.assign(n, -1);
    std::vector<RankProcess> procs(n);
    for (std::size_t r = 0; r < n; ++r) {
        procs[r].process = std::make_unique<QProcess>();
        procs[r].process->setProgram(program);
        procs[r].process->setArguments(perRankArgs[r]);
        procs[r].process->start();
    }
    const qint64 deadline = clock.nsecsElapsed() + qint64(timeoutMs) * 1000000;
    std::size_t running = n;
    while (running > 0) {
        const qint64 now = clock.nsecsElapsed();
        const bool pastBound =
            g.killedAtNs >= 0 && now - g.killedAtNs > qint64(survivorBoundMs) * 1000000;
        g.cancelled |= cancel && cancel->load();
        for (std::size_t r = 0; r < n; ++r) {
            RankProcess &p = procs[r];
            if (p.ended)
                continue;
            if (g.cancelled) {
                p.process->kill();
            } else if (now > deadline || pastBound) {
                g.forcedSurvivors |= pastBound;
                g.ranks[r].timedOut = now > deadline;
                p.process->kill();
            }
            p.process->waitForReadyRead(2);
            p.pending += p.process->readAllStandardOutput();
            if (static_cast<int>(r) == killRank && g.killedAtNs >= 0)
                p.pending.clear(); // what the killed rank wrote after the kill does not count
            p.stderrTail = (p.stderrTail + p.process->readAllStandardError()).right(2000);
            qsizetype nl;
            while ((nl = p.pending.indexOf('\n')) >= 0) {
                const QByteArray line = p.pending.left(nl);
                p.pending.remove(0, nl + 1);
                RunnerOutput &o = g.ranks[r];
                const bool hadSteps = !o.losses.empty();
                handleRunnerLine(line, o);
                if (!hadSteps && !o.losses.empty()) {
                    bool all = true;
                    for (const RunnerOutput &x : g.ranks)
                        all &= !x.losses.empty();
                    if (all)
                        g.allSteppedAtNs = clock.nsecsElapsed();
                }
                if (static_cast<int>(r) == killRank && g.killedAtNs < 0 && !o.losses.empty() &&
                    o.losses.rbegin()->first >= killAtStep) {
                    g.killedAtNs = clock.nsecsElapsed();
                    p.process->kill(); // SIGKILL: no handler, no flush, no last checkpoint
                    p.pending.clear();
                    break;
                }
            }
            if (p.process->state() == QProcess::NotRunning || p.process->waitForFinished(0)) {
                p.ended = true;
                --running;
                g.endedAtNs[r] = clock.nsecsElapsed();
                RunnerOutput &o = g.ranks[r];
                o.crashed = p.process->exitStatus() == QProcess::CrashExit;
                o.exitCode =
                    p.process->error() == QProcess::FailedToStart ? -1 : p.process->exitCode();
                o.stderrTail =
                    QString::fromUtf8(p.stderrTail).trimmed().section(QLatin1Char('\n'), -3);
            }
        }
    }
    return g;
}

TrialResult runGroupFaultTrial(const GroupTrialSetup &setup, int trial, long long killTarget,
                               int killRank,
                               const std::vector<std::map<long long, double>> &references)
{
    const TrialSetup &b = setup.base;
    TrialResult r;
    r.trial = trial;
    r.killTarget = killTarget;
    r.worldSize = setup.worldSize;
    r.killRank = killRank;
    r.detectBoundSeconds = setup.distTimeoutSeconds + 10.0;
    QDir().mkpath(b.checkpointDir);
    const QStringList ckpt{QStringLiteral("--checkpoint-dir"), b.checkpointDir,
                           QStringLiteral("--checkpoint-every"),
                           QString::number(b.checkpointEvery)};
    QElapsedTimer clock;
    clock.start();
    const int boundMs = static_cast<int>(r.detectBoundSeconds * 1000);
    const GroupOutput killed = runRunnerGroup(
        b.runner,
        rankArguments(b.args + ckpt, setup.worldSize, RankGroupLauncher::freeLoopbackPort(),
                      setup.distTimeoutSeconds),
        b.timeoutMs, killRank, killTarget, boundMs, clock, b.cancel);
    const RunnerOutput &victim = killed.ranks[static_cast<std::size_t>(killRank)];
    if (killed.cancelled) {
        r.problem = FaultTest::tr("cancelled");
        return r;
    }
    for (const RunnerOutput &o : killed.ranks)
        r.checkpoints.insert(r.checkpoints.end(), o.checkpoints.begin(), o.checkpoints.end());
    if (killed.killedAtNs < 0) {
        r.problem = FaultTest::tr("rank %1 ended (exit code %2) before step %3 could be "
                                  "interrupted: %4")
                        .arg(killRank)
                        .arg(victim.exitCode)
                        .arg(killTarget)
                        .arg(victim.stderrTail);
        return r;
    }
    r.killStep = victim.losses.rbegin()->first;
    r.survivorsStopped = !killed.forcedSurvivors;
    for (std::size_t k = 0; k < killed.ranks.size(); ++k) {
        if (static_cast<int>(k) == killRank)
            continue;
        const RunnerOutput &o = killed.ranks[k];
        r.detectSeconds = std::max(
            r.detectSeconds, static_cast<double>(killed.endedAtNs[k] - killed.killedAtNs) / 1e9);
        const bool failedCleanly = o.finished.value("status", std::string()) == "failed" &&
                                   o.distributedFailure.is_object() && o.exitCode == 1;
        if (!failedCleanly && r.problem.isEmpty())
            r.problem = killed.forcedSurvivors
                            ? FaultTest::tr("rank %1 did not stop within %2 s of the kill")
                                  .arg(k)
                                  .arg(r.detectBoundSeconds)
                            : FaultTest::tr("rank %1 did not report the lost rank (exit code %2)")
                                  .arg(k)
                                  .arg(o.exitCode);
        r.survivorsStopped &= failedCleanly;
    }

    const GroupOutput resumed = runRunnerGroup(
        b.runner,
        rankArguments(b.args + ckpt + QStringList{QStringLiteral("--resume"), b.checkpointDir},
                      setup.worldSize, RankGroupLauncher::freeLoopbackPort(),
                      setup.distTimeoutSeconds),
        b.timeoutMs, -1, -1, boundMs, clock, b.cancel);
    if (resumed.cancelled) {
        r.problem = FaultTest::tr("cancelled");
        return r;
    }
    const RunnerOutput &lead = resumed.ranks.front();
    r.resume = lead.resume;
    for (const RunnerOutput &o : resumed.ranks) {
        r.checkpoints.insert(r.checkpoints.end(), o.checkpoints.begin(), o.checkpoints.end());
        if ((o.crashed || o.exitCode != 0 || !o.resume.is_object()) && r.problem.isEmpty())
            r.problem = FaultTest::tr("a resumed rank failed (exit code %1): %2")
                            .arg(o.exitCode)
                            .arg(o.stderrTail);
        if (o.resume.is_object() && lead.resume.is_object() &&
            o.resume.value("from_step", -1LL) != lead.resume.value("from_step", -1LL) &&
            r.problem.isEmpty())
            r.problem = FaultTest::tr("the resumed ranks loaded different checkpoints");
    }
    if (!r.problem.isEmpty())
        return r;
    r.checkpointStep = lead.resume.value("from_step", -1LL);
    r.rpoSteps = r.killStep - r.checkpointStep;
    if (resumed.allSteppedAtNs >= 0)
        r.rtoSeconds = static_cast<double>(resumed.allSteppedAtNs - killed.killedAtNs) / 1e9;

    for (std::size_t k = 0; k < resumed.ranks.size(); ++k) { // every rank, bit for bit
        std::map<long long, double> recovered;
        for (const auto &[step, loss] : killed.ranks[k].losses)
            if (step <= r.checkpointStep)
                recovered[step] = loss;
        for (const auto &[step, loss] : resumed.ranks[k].losses)
            recovered[step] = loss;
        if (static_cast<long long>(recovered.size()) != b.steps && r.problem.isEmpty())
            r.problem = FaultTest::tr("rank %1's recovered run has %2 of %3 steps")
                            .arg(k)
                            .arg(recovered.size())
                            .arg(b.steps);
        for (const auto &[step, loss] : recovered) {
            const auto ref = references[k].find(step);
            ++r.comparedSteps;
            if (ref == references[k].end() || !bitwiseEqual(ref->second, loss)) {
                ++r.mismatches;
                const double d = ref == references[k].end()
                                     ? std::numeric_limits<double>::infinity()
                                     : std::fabs(ref->second - loss);
                r.maxAbsLossDiff = std::max(
                    r.maxAbsLossDiff, std::isnan(d) ? std::numeric_limits<double>::infinity() : d);
            }
        }
    }
    if (r.problem.isEmpty() && r.rpoSteps < 0)
        r.problem = FaultTest::tr("the resumed group loaded step %1, after the last step %2 the "
                                  "killed rank reported")
                        .arg(r.checkpointStep)
                        .arg(r.killStep);
    if (r.problem.isEmpty() && r.mismatches > 0)
        r.problem =
            FaultTest::tr("%1 of %2 losses differ from the uninterrupted group (max |Δ| %3)")
                .arg(r.mismatches)
                .arg(r.comparedSteps)
                .arg(r.maxAbsLossDiff, 0, 'g', 3);
    r.verified = r.problem.isEmpty() && r.rtoSeconds >= 0 && r.survivorsStopped;
    return r;
}

} // namespace tp
