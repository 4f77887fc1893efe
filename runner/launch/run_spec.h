#pragma once
// What to run: one runner process = one workload in one mode and dtype (the article's rule that
// each execution mode runs in its own process). Plain values; the launchers turn them into an
// argument vector that is never interpreted by a shell.
#include <QString>
#include <QStringList>
#include <vector>

namespace tp
{

struct RunSpec {
    QString workload = QStringLiteral("mlp");
    QString mode = QStringLiteral("eager");
    QString dtype = QStringLiteral("float32");
    int warmup = 5;      // minimum warmup iterations; 0 = the runner's default or preset
    int iterations = 50; // minimum steady iterations; 0 = the runner's default or preset
    int threads = 1;
    int batch = 64;
    QString runKey;        // empty: the runner's default
    QStringList extraArgs; // passed through verbatim, after the known options
    // Data-parallel ranks of one training run (> 1: RankGroupLauncher starts one process per
    // rank on loopback; each adds --world-size N --rank R --rendezvous 127.0.0.1:PORT).
    int worldSize = 1;
    // After the steady phase (contract revision 2): N calls under the profiler, the trace into
    // profileDir (empty: the runner's default, ./torchpilot-traces on the host that runs it);
    // the input and output copies timed apart (phases h2d, d2h), from pinned host memory.
    int profileSteps = 0;
    QString profileDir;
    bool transfers = false;
    bool pinned = false;

    QStringList runnerArguments() const;
    QString label() const; // "mlp/eager/float32"
};

// The article's pilot: its MLP in eager and compiled mode, fp32 and bf16.
std::vector<RunSpec> pilotSuite(const QString &runKeyPrefix, int warmup, int iterations,
                                int threads);

// Cartesian product of modes × dtypes for one base spec, one process each.
std::vector<RunSpec> expandSpecs(const RunSpec &base, const QStringList &modes,
                                 const QStringList &dtypes, const QString &runKeyPrefix);

} // namespace tp
