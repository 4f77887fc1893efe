#include "fault_test_text.h"

#include "cli_commands.h"
#include "runner/orchestrate/fault_test.h"

#include <QLocale>
#include <QTextStream>

namespace tp::cli
{
using nlohmann::json;

void printTrial(const TrialResult &t)
{
    if (t.killStep < 0 || t.checkpointStep < 0) {
        out() << FaultTest::tr("  trial %1: %2").arg(t.trial).arg(t.problem) << Qt::endl;
        return;
    }
    if (t.worldSize > 1)
        out() << FaultTest::tr("  trial %1: rank %2 of %3 killed; the others stopped after %4 s")
                     .arg(t.trial)
                     .arg(t.killRank)
                     .arg(t.worldSize)
                     .arg(QLocale().toString(t.detectSeconds, 'f', 3))
              << Qt::endl;
    out() << FaultTest::tr("  trial %1: killed after step %2 (target %3), resumed from the "
                           "checkpoint of step %4: "
                           "RPO %5 steps, RTO %6 s; %7")
                 .arg(t.trial)
                 .arg(t.killStep)
                 .arg(t.killTarget)
                 .arg(t.checkpointStep)
                 .arg(t.rpoSteps)
                 .arg(QLocale().toString(t.rtoSeconds, 'f', 3),
                      t.verified
                          ? FaultTest::tr(
                                "all %1 compared losses bitwise equal to the uninterrupted run")
                                .arg(t.comparedSteps)
                          : t.problem)
          << Qt::endl;
}

// The group's detection, the checkpoints' cost, and the verdict with its run.
void printSummary(const FaultTestResult &result)
{
    const json &recovery = result.recovery;
    if (recovery.contains("distributed"))
        out() << FaultTest::tr("  %1 ranks: the lost rank was detected by every other rank within "
                               "%2 s (bound %3 s: the collective timeout + 10 s)")
                     .arg(recovery["distributed"]["world_size"].get<int>())
                     .arg(QLocale().toString(
                         recovery["distributed"]["detect_seconds"].get<double>(), 'f', 3))
                     .arg(recovery["distributed"]["detect_bound_seconds"].get<double>())
              << Qt::endl;
    const json &ckpt = result.checkpoints;
    out() << FaultTest::tr("  checkpoints: %1 written, %2 bytes each, %3 ms mean, %4 ms max")
                 .arg(ckpt["count"].get<long long>())
                 .arg(QLocale().toString(ckpt["bytes"].get<long long>()),
                      QLocale().toString(ckpt["mean_seconds"].get<double>() * 1e3, 'f', 1),
                      QLocale().toString(ckpt["max_seconds"].get<double>() * 1e3, 'f', 1))
          << Qt::endl;
    out() << (result.outcome == FaultTestResult::Outcome::Verified
                  ? FaultTest::tr(
                        "recovery verified: RPO ≤ %1 steps, RTO ≤ %2 s over %3 trial(s) [run %4]")
                  : FaultTest::tr(
                        "recovery NOT verified: RPO %1 steps, RTO %2 s over %3 trial(s) [run %4]"))
                 .arg(recovery["rpo_steps"].get<long long>())
                 .arg(QLocale().toString(recovery["rto_seconds"].get<double>(), 'f', 3))
                 .arg(result.trials.size())
                 .arg(result.runId)
          << Qt::endl;
}

} // namespace tp::cli
