// torchpilot faulttest: the article's recovery test (runner/orchestrate/fault_test.h) as a
// command: its options parsed into FaultTestSettings, its trials and summary printed as they come.
// A training run is checkpointed, its worker is SIGKILLed at a random step, a new worker resumes
// from the newest complete checkpoint, and the recovered losses must equal an uninterrupted run's
// bit for bit; RPO and RTO are stored as a run of workload "faulttest", which the operations
// gate's checkpoint_resume_within_rpo_rto reads. --runner-kind python drives
// torchpilot_runner.py instead of torchpilot-runner; the run records which one it measured.
#include "faulttest_command.h"

#include "cli_commands.h"
#include "fault_test_text.h"
#include "model/store/store.h"
#include "runner/orchestrate/fault_test.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QTextStream>

namespace tp::cli
{
using nlohmann::json;

namespace
{

void addFaultTestOptions(QCommandLineParser &p)
{
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
}

// Reads the options into `s`; prints one error line and returns false on bad input.
bool readSettings(const QCommandLineParser &p, FaultTestSettings &s)
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
    if (worldSize > 64) // before it is narrowed to an int
        return fail(
            FaultTest::tr("--world-size %1: at most 64 ranks on one machine").arg(worldSize));
    s.worldSize = static_cast<int>(worldSize);
    s.distTimeout = static_cast<double>(distTimeout);
    s.every = static_cast<int>(every);
    s.trials = static_cast<int>(trials);
    s.batch = static_cast<int>(batch);
    s.seqLen = static_cast<int>(seqLen);
    s.workload = p.value(QStringLiteral("workload"));
    s.mode = p.value(QStringLiteral("mode"));
    s.runnerKind = p.value(QStringLiteral("runner-kind"));
    s.runner = p.value(QStringLiteral("runner"));
    s.python = p.value(QStringLiteral("python"));
    s.db = p.value(QStringLiteral("db"));
    s.runKey = p.value(QStringLiteral("run-key"));
    const QString why = s.resolve();
    return why.isEmpty() || fail(why);
}

} // namespace

int faulttestCommand(const QStringList &args)
{
    QCommandLineParser p;
    addFaultTestOptions(p);
    p.process(args);
    if (!p.positionalArguments().isEmpty()) {
        err() << FaultTest::tr("torchpilot: error: faulttest takes no positional argument")
              << Qt::endl;
        return 2;
    }
    FaultTestSettings s;
    if (!readSettings(p, s))
        return 2;
    out() << FaultTest::tr("faulttest %1 (%2, %3 steps, a checkpoint every %4, seed %5, %6 "
                           "trial(s), %7 runner)")
                 .arg(s.workload, s.mode)
                 .arg(s.steps)
                 .arg(s.every)
                 .arg(s.seed)
                 .arg(s.trials)
                 .arg(s.runnerKind)
          << Qt::endl;
    QDir().mkpath(QFileInfo(s.db).absolutePath());
    std::unique_ptr<Store> store;
    try {
        store = std::make_unique<Store>(s.db.toStdString());
    } catch (const std::exception &e) {
        err() << FaultTest::tr("torchpilot: error: %1").arg(QString::fromStdString(e.what()))
              << Qt::endl;
        return 1;
    }
    FaultTestObserver observer;
    observer.referenceDone = [&s](const RunnerOutput &reference) {
        out() << FaultTest::tr("  reference: %1 steps uninterrupted, final loss %2")
                     .arg(s.steps)
                     .arg(reference.losses.rbegin()->second, 0, 'g', 17)
              << Qt::endl;
    };
    observer.trialDone = printTrial;
    const FaultTestResult result = runFaultTest(*store, s, observer);
    if (result.outcome == FaultTestResult::Outcome::Failed ||
        result.outcome == FaultTestResult::Outcome::Cancelled) {
        err() << FaultTest::tr("torchpilot: error: %1").arg(result.error) << Qt::endl;
        return 1;
    }
    printSummary(result);
    return result.outcome == FaultTestResult::Outcome::Verified ? 0 : 1;
}

} // namespace tp::cli
