#include "fault_test.h"

#include "fault_group.h"
#include "fault_record.h"
#include "runner/launch/rank_group_launcher.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

#include <cerrno>
#include <csignal>

#include <algorithm>
#include <random>

namespace tp
{
namespace
{
constexpr int kProcessTimeoutMs = 600000;

// The uninterrupted reference: one process, or every rank of one group (losses by rank).
std::vector<RunnerOutput> runReference(const FaultTestSettings &s, const std::atomic_bool *cancel)
{
    const QStringList common = s.commonArguments();
    if (s.worldSize <= 1)
        return {runRunner(s.program(), common, kProcessTimeoutMs, cancel)};
    QElapsedTimer clock;
    clock.start();
    return runRunnerGroup(s.program(),
                          rankArguments(common, s.worldSize, RankGroupLauncher::freeLoopbackPort(),
                                        s.distTimeout),
                          kProcessTimeoutMs, -1, -1, 0, clock, cancel)
        .ranks;
}

// The work directory of a fault test: torchpilot-faulttest-<pid>-XXXXXX in the temporary
// directory; those of fault tests whose process is gone (killed) are removed first (threat model
// I5).
QString workTemplate()
{
    const QString prefix = QStringLiteral("torchpilot-faulttest-");
    QDir tmp(QDir::tempPath());
    for (const QString &name :
         tmp.entryList({prefix + QLatin1Char('*')}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const qint64 pid = name.mid(prefix.size()).section(QLatin1Char('-'), 0, 0).toLongLong(&ok);
        if (ok && pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            QDir(tmp.filePath(name)).removeRecursively();
    }
    return tmp.filePath(prefix + QString::number(QCoreApplication::applicationPid()) +
                        QStringLiteral("-XXXXXX"));
}

bool wasCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

} // namespace

FaultTestResult runFaultTest(Store &store, const FaultTestSettings &s,
                             const FaultTestObserver &observer, const std::atomic_bool *cancel)
{
    FaultTestResult result;
    QTemporaryDir work(workTemplate());
    if (!work.isValid()) {
        result.error =
            FaultTest::tr("cannot create a temporary directory: %1").arg(work.errorString());
        return result;
    }
    const std::vector<RunnerOutput> referenceRanks = runReference(s, cancel);
    result.reference = referenceRanks.front();
    if (wasCancelled(cancel)) {
        result.outcome = FaultTestResult::Outcome::Cancelled;
        return result;
    }
    for (const RunnerOutput &o : referenceRanks)
        if (o.exitCode != 0 || o.crashed || static_cast<long long>(o.losses.size()) != s.steps) {
            result.error =
                FaultTest::tr("the uninterrupted reference run failed (exit code %1): %2")
                    .arg(o.exitCode)
                    .arg(o.stderrTail);
            return result;
        }
    if (observer.referenceDone)
        observer.referenceDone(result.reference);
    // Kill targets: after the first checkpoint (step every − 1), leaving a tenth of the run to
    // resume.
    std::mt19937_64 rng(static_cast<std::uint64_t>(s.seed));
    const long long last =
        std::max<long long>(s.every, s.steps - 1 - std::max<long long>(1, s.steps / 10));
    std::uniform_int_distribution<long long> pick(s.every, last);
    std::uniform_int_distribution<int> pickRank(0, s.worldSize - 1);
    std::vector<std::map<long long, double>> references;
    references.reserve(referenceRanks.size());
    for (const RunnerOutput &o : referenceRanks)
        references.push_back(o.losses);
    for (int i = 1; i <= s.trials; ++i) {
        TrialSetup setup{s.program(),
                         s.commonArguments(),
                         work.filePath(QStringLiteral("trial-%1").arg(i)),
                         s.every,
                         s.steps,
                         kProcessTimeoutMs,
                         cancel};
        const long long target = pick(rng);
        result.trials.push_back(s.worldSize > 1
                                    ? runGroupFaultTrial({setup, s.worldSize, s.distTimeout}, i,
                                                         target, pickRank(rng), references)
                                    : runFaultTrial(setup, i, target, result.reference.losses));
        if (wasCancelled(cancel)) {
            result.outcome = FaultTestResult::Outcome::Cancelled;
            return result;
        }
        if (observer.trialDone)
            observer.trialDone(result.trials.back());
    }
    result.recovery = recoverySummary(result.trials);
    result.recovery["runner_kind"] =
        s.runnerKind.toStdString(); // what the gate's evidence measured
    result.checkpoints = checkpointSummary(result.trials);
    try {
        result.runId =
            recordFaultTestRun(store, s, result.reference, result.trials, result.recovery);
    } catch (const std::exception &e) {
        result.error = QString::fromStdString(e.what());
        return result;
    }
    result.outcome = result.recovery.value("verified", false)
                         ? FaultTestResult::Outcome::Verified
                         : FaultTestResult::Outcome::NotVerified;
    return result;
}

} // namespace tp
