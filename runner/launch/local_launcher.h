#pragma once
// Starts one runner process on this machine with QProcess (never through a shell), streams its
// stdout into the store as the lines arrive, and reports how it ended. Cancel: SIGTERM (the
// runner writes run_finished cancelled), SIGKILL after a grace period.
#include "launcher.h"

#include <QProcess>

namespace tp {

class LocalLauncher : public Launcher {
    Q_OBJECT
public:
    // target: the name stored with the runs ("local", or a local profile's name).
    LocalLauncher(Store &store, QString runnerPath, QObject *parent = nullptr,
                  QString target = QStringLiteral("local"));
    ~LocalLauncher() override;

    void start(const RunSpec &spec) override;
    void cancel() override;
    void cancelAndWait(int graceMs) override;
    bool isRunning() const override;
    QString commandLine(const RunSpec &spec) const override;
    qint64 processId() const { return m_process ? m_process->processId() : 0; }

    // Finds torchpilot-runner: $TORCHPILOT_RUNNER, next to this executable, then $PATH.
    static QString locateRunner();

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);

    QString m_runnerPath, m_target;
    QProcess *m_process = nullptr;
};

} // namespace tp
