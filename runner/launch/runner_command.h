#pragma once
// The program a target starts for each run, and its leading arguments: the C++ runner is
// {torchpilot-runner}, the Python runner {interpreter, torchpilot_runner.py}. Every launcher
// (local process, SSH, Kubernetes Job) builds its argument vector from one of these
// (TargetProfile::runnerCommand()), then the run's own arguments, then `--device DEVICE` when
// the target names a device and the run does not. No shell ever reads these words.
#include <QString>
#include <QStringList>

namespace tp
{

struct RunnerCommand {
    enum class Kind { Cpp, Python };

    Kind kind = Kind::Cpp;
    QString program;      // cpp: the runner; python: the interpreter
    QStringList leading;  // python: {script}
    QString device;       // empty: the runner's default
    int profileSteps = 0; // > 0: --profile-steps N unless the run sets its own

    // Leading arguments, the run's arguments, then --device and --profile-steps (unless the run
    // names them).
    QStringList arguments(const QStringList &runArguments) const;
    // program + arguments(runArguments).
    QStringList argv(const QStringList &runArguments) const;
    // Something to start: a program, and for python a script.
    bool isComplete() const;
    // "torchpilot-runner" / "python3 /app/torchpilot_runner.py", for labels and sources.
    QString display() const;

    static QString kindName(Kind kind); // "cpp" | "python"
    static bool kindFromName(const QString &name, Kind *kind);
};

// The defaults a profile falls back to when it does not name them.
namespace runner_defaults
{
inline const char *const kLocalPython = "/usr/bin/python3";
inline const char *const kRemotePython = "python3";
inline const char *const kRemoteCpp = "torchpilot-runner"; // on the remote PATH
// A script cannot be looked up on PATH by an interpreter: SSH targets use this absolute path
// unless their profile sets runner_path (see packaging/ for the install layout).
inline const char *const kRemotePythonScript = "/opt/torchpilot/python/torchpilot_runner.py";
} // namespace runner_defaults

} // namespace tp
