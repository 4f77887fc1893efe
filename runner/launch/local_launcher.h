#pragma once
// Starts one runner process on this machine (RunnerProcess: QProcess, never through a shell),
// streams its stdout into the store as the lines arrive, and reports how it ended. Cancel:
// SIGTERM (the runner writes run_finished cancelled), SIGKILL after a grace period.
#include "launcher.h"
#include "runner_command.h"
#include "runner_process.h"

#include <QProcess>

namespace tp
{

class LocalLauncher : public Launcher
{
    Q_OBJECT
public:
    // target: the name stored with the runs ("local", or a local profile's name).
    // command: the runner's program and leading arguments (TargetProfile::runnerCommand()).
    LocalLauncher(Store &store, RunnerCommand command, QObject *parent = nullptr,
                  QString target = QStringLiteral("local"));
    // The C++ runner at runnerPath.
    LocalLauncher(Store &store, QString runnerPath, QObject *parent = nullptr,
                  QString target = QStringLiteral("local"));
    ~LocalLauncher() override;

    void start(const RunSpec &spec) override;
    void cancel() override;
    void cancelAndWait(int graceMs) override;
    bool isRunning() const override;
    QString commandLine(const RunSpec &spec) const override;
    qint64 processId() const { return m_runner ? m_runner->process()->processId() : 0; }

    // Finds torchpilot-runner: $TORCHPILOT_RUNNER, next to this executable, then $PATH.
    static QString locateRunner();
    // Finds torchpilot_runner.py: $TORCHPILOT_PYTHON_RUNNER, then
    // <exe dir>/../share/torchpilot/python/ (installed, or staged in a build tree); empty when
    // neither exists.
    static QString locatePythonRunner();
    const RunnerCommand &command() const { return m_command; }

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);

    RunnerCommand m_command;
    QString m_target;
    RunnerProcess *m_runner = nullptr;
};

} // namespace tp
