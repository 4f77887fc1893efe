// torchpilot faulttest: the article's recovery test. A training run is checkpointed, its worker is
// SIGKILLed at a random step, a new worker resumes from the newest complete checkpoint, and the
// recovered loss sequence must equal an uninterrupted run's bit for bit (CPU, one thread). RPO
// (completed steps lost) and RTO (kill → first new step) are stored as a run of workload
// "faulttest" through the contract ingestor, where the operations gate's
// checkpoint_resume_within_rpo_rto criterion reads summary.recovery. --runner-kind python drives
// torchpilot_runner.py instead of torchpilot-runner; the run records which one it measured.
#include "cli_commands.h"
#include "fault_group.h"
#include "fault_record.h"
#include "fault_trial.h"

#include "model/contract/contract.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "runner/launch/local_launcher.h"
#include "runner/launch/rank_group_launcher.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <random>

namespace tp::cli
{
using nlohmann::json;

namespace
{

struct FaultTest {
    Q_DECLARE_TR_FUNCTIONS(FaultTest)
};

using Settings = FaultTestSettings;

// Reads and checks the options; prints one error line and returns false on bad input.
bool readSettings(const QCommandLineParser &p, Settings &s)
{
    auto fail = [](const QString &why) {
        err() << FaultTest::tr("torchpilot: error: %1").arg(why) << Qt::endl;
        return false;
    };
    auto integer = [&](const char *name, long long min, long long &value) {
        bool ok = false;
        value = p.value(QLatin1String(name)).toLongLong(&ok);
        if (!ok || value < min)
            return fail(FaultTest::tr("--%1 must be an integer of at least %2, got '%3'")
                            .arg(QLatin1String(name))
                            .arg(min)
                            .arg(p.value(QLatin1String(name))));
        return true;
    };
    long long every = 0, trials = 0, batch = 0, seqLen = 0, worldSize = 0, distTimeout = 0;
    if (!integer("steps", 3, s.steps) || !integer("checkpoint-every", 1, every) ||
        !integer("trials", 1, trials) || !integer("seed", 0, s.seed) ||
        !integer("batch", 1, batch) || !integer("seq-len", 1, seqLen) ||
        !integer("world-size", 1, worldSize) || !integer("dist-timeout", 1, distTimeout))
        return false;
    if (worldSize > 64)
        return fail(
            FaultTest::tr("--world-size %1: at most 64 ranks on one machine").arg(worldSize));
    s.worldSize = static_cast<int>(worldSize);
    s.distTimeout = static_cast<double>(distTimeout);
    s.every = static_cast<int>(every);
    s.trials = static_cast<int>(trials);
    s.batch = static_cast<int>(batch);
    s.seqLen = static_cast<int>(seqLen);
    if (s.every > s.steps - 2)
        return fail(
            FaultTest::tr(
                "--checkpoint-every %1 leaves no step to interrupt after the first checkpoint: "
                "use at most --steps − 2 (%2)")
                .arg(s.every)
                .arg(s.steps - 2));
    s.workload = p.value(QStringLiteral("workload"));
    if (s.workload != QLatin1String("train-mlp") && s.workload != QLatin1String("train-encoder"))
        return fail(FaultTest::tr("--workload must be train-mlp or train-encoder, got '%1'")
                        .arg(s.workload));
    s.mode = p.value(QStringLiteral("mode"));
    if (s.mode != QLatin1String("eager") && s.mode != QLatin1String("compiled"))
        return fail(FaultTest::tr("--mode must be eager or compiled, got '%1'").arg(s.mode));
    s.runnerKind = p.value(QStringLiteral("runner-kind"));
    const bool python = s.runnerKind == QLatin1String("python");
    if (!python && s.runnerKind != QLatin1String("cpp"))
        return fail(
            FaultTest::tr("--runner-kind must be cpp or python, got '%1'").arg(s.runnerKind));
    s.runner = p.isSet(QStringLiteral("runner")) ? p.value(QStringLiteral("runner"))
               : python                          ? LocalLauncher::locatePythonRunner()
                                                 : LocalLauncher::locateRunner();
    const QFileInfo runner(s.runner);
    if (python && (s.runner.isEmpty() || !runner.isFile()))
        return fail(
            FaultTest::tr(
                "Python runner '%1' is not a file (use --runner PATH to torchpilot_runner.py)")
                .arg(s.runner));
    if (!python && (s.runner.isEmpty() || !runner.isFile() || !runner.isExecutable()))
        return fail(FaultTest::tr("runner '%1' is not an executable file (use --runner PATH)")
                        .arg(s.runner));
    if (python) { // an absolute interpreter, or a name found on PATH
        s.python = p.value(QStringLiteral("python"));
        const QString found = s.python.contains(QLatin1Char('/'))
                                  ? s.python
                                  : QStandardPaths::findExecutable(s.python);
        if (found.isEmpty() || !QFileInfo(found).isExecutable())
            return fail(FaultTest::tr(
                            "Python interpreter '%1' is not an executable file (use --python PATH)")
                            .arg(s.python));
        if (s.runner.startsWith(QLatin1Char('-'))) // the interpreter would read it as an option
            return fail(
                FaultTest::tr("the Python runner path '%1' must not start with '-'").arg(s.runner));
        s.python = found;
    }
    s.db = p.value(QStringLiteral("db"));
    s.runKey = p.isSet(QStringLiteral("run-key"))
                   ? p.value(QStringLiteral("run-key"))
                   : QStringLiteral("faulttest/%1/%2").arg(s.workload, s.mode);
    return true;
}

// Runner arguments every process of the test shares: CPU, one thread, float32, a fixed step
// count, and a learning-rate schedule so that its state has to survive the restart as well.
QStringList runnerArgs(const Settings &s)
{
    QStringList a{QStringLiteral("--workload"),
                  s.workload,
                  QStringLiteral("--mode"),
                  s.mode,
                  QStringLiteral("--dtype"),
                  QStringLiteral("float32"),
                  QStringLiteral("--device"),
                  QStringLiteral("cpu"),
                  QStringLiteral("--threads"),
                  QStringLiteral("1"),
                  QStringLiteral("--batch"),
                  QString::number(s.batch),
                  QStringLiteral("--seed"),
                  QString::number(s.seed),
                  QStringLiteral("--steps"),
                  QString::number(s.steps),
                  QStringLiteral("--warmup"),
                  QStringLiteral("2"),
                  QStringLiteral("--no-precision"),
                  QStringLiteral("--lr-step-size"),
                  QString::number(std::max<long long>(1, s.steps / 4)),
                  QStringLiteral("--lr-gamma"),
                  QStringLiteral("0.5"),
                  QStringLiteral("--run-key"),
                  s.runKey};
    if (s.workload == QLatin1String("train-encoder"))
        a << QStringLiteral("--seq-len") << QString::number(s.seqLen);
    return a;
}

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
                 .arg(QLocale().toString(t.rtoSeconds, 'f', 3))
                 .arg(t.verified
                          ? FaultTest::tr(
                                "all %1 compared losses bitwise equal to the uninterrupted run")
                                .arg(t.comparedSteps)
                          : t.problem)
          << Qt::endl;
}

} // namespace

int faulttestCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        FaultTest::tr("Recovery test: kill a checkpointing training worker at a random step, "
                      "resume it from its newest "
                      "complete checkpoint, verify the losses equal an uninterrupted run bitwise, "
                      "and store RPO/RTO as a run "
                      "of workload 'faulttest'. Exit 0 verified, 1 not verified, 2 bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"),
         FaultTest::tr("SQLite database file (default: %1).").arg(defaultDatabasePath()),
         FaultTest::tr("path"), defaultDatabasePath()},
        {QStringLiteral("workload"),
         FaultTest::tr("Training workload: train-mlp (default) or train-encoder."),
         FaultTest::tr("name"), QStringLiteral("train-mlp")},
        {QStringLiteral("mode"),
         FaultTest::tr("Execution mode: compiled (default, the candidate path) or eager."),
         FaultTest::tr("mode"), QStringLiteral("compiled")},
        {QStringLiteral("steps"), FaultTest::tr("Training steps of the whole run (default 200)."),
         FaultTest::tr("n"), QStringLiteral("200")},
        {QStringLiteral("checkpoint-every"),
         FaultTest::tr("Steps between checkpoints (default 20)."), FaultTest::tr("n"),
         QStringLiteral("20")},
        {QStringLiteral("seed"),
         FaultTest::tr("Seed of the training and of the kill steps (default 42)."),
         FaultTest::tr("n"), QStringLiteral("42")},
        {QStringLiteral("trials"), FaultTest::tr("Kill/resume trials (default 1)."),
         FaultTest::tr("n"), QStringLiteral("1")},
        {QStringLiteral("batch"), FaultTest::tr("Batch size (default 64)."), FaultTest::tr("n"),
         QStringLiteral("64")},
        {QStringLiteral("seq-len"), FaultTest::tr("Sequence length of train-encoder (default 32)."),
         FaultTest::tr("n"), QStringLiteral("32")},
        {QStringLiteral("run-key"), FaultTest::tr("Run key (default faulttest/<workload>/<mode>)."),
         FaultTest::tr("key")},
        {QStringLiteral("runner"),
         FaultTest::tr(
             "Path of torchpilot-runner, or of torchpilot_runner.py for --runner-kind python."),
         FaultTest::tr("path")},
        {QStringLiteral("runner-kind"),
         FaultTest::tr("Runner to test: cpp (torchpilot-runner, default) or python."),
         FaultTest::tr("kind"), QStringLiteral("cpp")},
        {QStringLiteral("python"),
         FaultTest::tr("Interpreter of the Python runner (default /usr/bin/python3)."),
         FaultTest::tr("path"), QStringLiteral("/usr/bin/python3")},
        {QStringLiteral("world-size"),
         FaultTest::tr("Data-parallel ranks on loopback (default 1); > 1 kills one rank at a "
                       "seeded step, the others must stop within the collective timeout."),
         FaultTest::tr("n"), QStringLiteral("1")},
        {QStringLiteral("dist-timeout"),
         FaultTest::tr("Collective timeout of the ranks in seconds (default 10)."),
         FaultTest::tr("s"), QStringLiteral("10")},
    });
    p.process(args);
    if (!p.positionalArguments().isEmpty()) {
        err() << FaultTest::tr("torchpilot: error: faulttest takes no positional argument")
              << Qt::endl;
        return 2;
    }
    Settings s;
    if (!readSettings(p, s))
        return 2;
    QTemporaryDir work;
    if (!work.isValid()) {
        err() << FaultTest::tr("torchpilot: error: cannot create a temporary directory: %1")
                     .arg(work.errorString())
              << Qt::endl;
        return 1;
    }
    // Every process of the test is {program, leading…, args…}: the C++ runner itself, or the
    // interpreter with torchpilot_runner.py as its first argument.
    const bool python = s.runnerKind == QLatin1String("python");
    const QString program = python ? s.python : s.runner;
    const QStringList common = (python ? QStringList{s.runner} : QStringList()) + runnerArgs(s);
    out() << FaultTest::tr("faulttest %1 (%2, %3 steps, a checkpoint every %4, seed %5, %6 "
                           "trial(s), %7 runner)")
                 .arg(s.workload, s.mode)
                 .arg(s.steps)
                 .arg(s.every)
                 .arg(s.seed)
                 .arg(s.trials)
                 .arg(s.runnerKind)
          << Qt::endl;
    // The uninterrupted reference: one process, or every rank of one group (losses by rank).
    std::vector<RunnerOutput> referenceRanks;
    if (s.worldSize > 1) {
        QElapsedTimer clock;
        clock.start();
        referenceRanks =
            runRunnerGroup(program,
                           rankArguments(common, s.worldSize, RankGroupLauncher::freeLoopbackPort(),
                                         s.distTimeout),
                           600000, -1, -1, 0, clock)
                .ranks;
    } else {
        referenceRanks.push_back(runRunner(program, common, 600000));
    }
    const RunnerOutput &reference = referenceRanks.front();
    bool referenceOk = true;
    for (const RunnerOutput &o : referenceRanks)
        referenceOk &=
            o.exitCode == 0 && !o.crashed && static_cast<long long>(o.losses.size()) == s.steps;
    if (!referenceOk) {
        err() << FaultTest::tr(
                     "torchpilot: error: the uninterrupted reference run failed (exit code %1): %2")
                     .arg(reference.exitCode)
                     .arg(reference.stderrTail)
              << Qt::endl;
        return 1;
    }
    out() << FaultTest::tr("  reference: %1 steps uninterrupted, final loss %2")
                 .arg(s.steps)
                 .arg(reference.losses.rbegin()->second, 0, 'g', 17)
          << Qt::endl;
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
    std::vector<TrialResult> trials;
    for (int i = 1; i <= s.trials; ++i) {
        TrialSetup setup{program, common,  work.filePath(QStringLiteral("trial-%1").arg(i)),
                         s.every, s.steps, 600000};
        const long long target = pick(rng);
        trials.push_back(s.worldSize > 1 ? runGroupFaultTrial({setup, s.worldSize, s.distTimeout},
                                                              i, target, pickRank(rng), references)
                                         : runFaultTrial(setup, i, target, reference.losses));
        printTrial(trials.back());
    }
    json recovery = recoverySummary(trials);
    recovery["runner_kind"] =
        s.runnerKind.toStdString(); // what the operations gate's evidence measured
    if (recovery.contains("distributed"))
        out() << FaultTest::tr("  %1 ranks: the lost rank was detected by every other rank within "
                               "%2 s (bound %3 s: the collective timeout + 10 s)")
                     .arg(s.worldSize)
                     .arg(QLocale().toString(
                         recovery["distributed"]["detect_seconds"].get<double>(), 'f', 3))
                     .arg(recovery["distributed"]["detect_bound_seconds"].get<double>())
              << Qt::endl;
    const json ckpt = checkpointSummary(trials);
    out() << FaultTest::tr("  checkpoints: %1 written, %2 bytes each, %3 ms mean, %4 ms max")
                 .arg(ckpt["count"].get<long long>())
                 .arg(QLocale().toString(ckpt["bytes"].get<long long>()))
                 .arg(QLocale().toString(ckpt["mean_seconds"].get<double>() * 1e3, 'f', 1))
                 .arg(QLocale().toString(ckpt["max_seconds"].get<double>() * 1e3, 'f', 1))
          << Qt::endl;

    QDir().mkpath(QFileInfo(s.db).absolutePath());
    long long runId = 0;
    try {
        Store store(s.db.toStdString());
        runId = recordFaultTestRun(store, s, reference, trials, recovery);
    } catch (const std::exception &e) {
        err() << FaultTest::tr("torchpilot: error: %1").arg(QString::fromStdString(e.what()))
              << Qt::endl;
        return 1;
    }
    const bool verified = recovery["verified"].get<bool>();
    out() << (verified
                  ? FaultTest::tr(
                        "recovery verified: RPO ≤ %1 steps, RTO ≤ %2 s over %3 trial(s) [run %4]")
                  : FaultTest::tr(
                        "recovery NOT verified: RPO %1 steps, RTO %2 s over %3 trial(s) [run %4]"))
                 .arg(recovery["rpo_steps"].get<long long>())
                 .arg(QLocale().toString(recovery["rto_seconds"].get<double>(), 'f', 3))
                 .arg(s.trials)
                 .arg(runId)
          << Qt::endl;
    return verified ? 0 : 1;
}

} // namespace tp::cli
