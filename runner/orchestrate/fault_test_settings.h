#pragma once
// What one fault test runs (fault_test.h): the training workload and its size, the trials, the
// runner (C++, or the Python runner under an interpreter), the database and run key; checked and
// completed by resolve() before the first process starts. QtCore only.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tp
{

// The translation context of every sentence of the fault test, the library's and `faulttest`'s.
struct FaultTest {
    Q_DECLARE_TR_FUNCTIONS(FaultTest)
};

struct FaultTestSettings {
    QString db, runner, workload = QStringLiteral("train-mlp"), mode = QStringLiteral("compiled");
    QString runKey;                                      // empty: faulttest/<workload>/<mode>
    QString runnerKind = QStringLiteral("cpp");          // cpp | python
    QString python = QStringLiteral("/usr/bin/python3"); // python: the interpreter
    long long steps = 200, seed = 42;
    int every = 20, trials = 1, batch = 64, seqLen = 32;
    int worldSize = 1;       // > 1: a data-parallel group (fault_group.h)
    double distTimeout = 10; // the ranks' collective timeout, seconds

    // Checks the settings together and completes them: the runner found when empty (the C++ one,
    // or torchpilot_runner.py), the interpreter found on PATH, the run key. Returns why they
    // cannot run, in one translated sentence, or an empty string.
    QString resolve();
    // Every process of the test is {program(), leadingArguments() + runnerArguments()…}: the C++
    // runner itself, or the interpreter with torchpilot_runner.py as its first argument.
    bool isPython() const { return runnerKind == QLatin1String("python"); }
    QString program() const { return isPython() ? python : runner; }
    // The runner arguments every process shares: CPU, one thread, float32, a fixed step count,
    // and a learning-rate schedule whose state has to survive the restart as well.
    QStringList commonArguments() const;
};

} // namespace tp
