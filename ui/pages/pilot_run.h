#pragma once
// `torchpilot pilot … --no-dashboard` as a child process (the app's own executable by default):
// the GUI's "Run pilot", with every database write in the child, never on the GUI thread. The
// child's output (stdout and stderr merged) arrives line by line; its progress lines
// ("[k/N] what (S s so far)") and what it leaves for the reviewer are picked out.
#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

class QTimer;

namespace tp
{

class PilotRun : public QObject
{
    Q_OBJECT
public:
    static constexpr int kKillGraceMs = 3000; // after cancel()'s SIGTERM, SIGKILL

    explicit PilotRun(QObject *parent = nullptr);
    // A pilot still running is killed and waited for (2 s at most), without signals: no orphan
    // child survives its owner.
    ~PilotRun() override;

    // The torchpilot executable; default QCoreApplication::applicationFilePath().
    void setProgram(const QString &path) { m_program = path; }
    QString program() const { return m_program; }

    // Runs `<program> pilot --db <databasePath> --preset <preset> --no-dashboard` (no shell, the
    // environment inherited). false, and a line saying so, when a pilot runs already; true:
    // finished() follows, also when the program cannot start (then after this returns).
    bool start(const QString &databasePath, const QString &preset);
    // SIGTERM, then SIGKILL after kKillGraceMs if it still runs; finished(…, true) follows.
    void cancel();
    bool isRunning() const { return m_active; } // from start() until finished()

    // The indented lines after "Left for the reviewer …" of the latest pilot, trimmed.
    QStringList leftForReviewer() const { return m_left; }

    // "[2/5] candidate inference (3 s so far)" → 2, 5, "candidate inference"; false for any other
    // line.
    static bool parseProgress(const QString &line, int *step, int *total, QString *what);

Q_SIGNALS:
    void line(const QString &text); // every line of the child's output, and why it failed
    void progress(int step, int total, const QString &what); // step k of total has started
    // exitCode: the child's; -1 when it crashed, was killed or never started.
    void finished(int exitCode, bool cancelled);

private:
    void onReadyRead();
    void onProcessFinished(int exitCode, QProcess::ExitStatus status);
    void onErrorOccurred(QProcess::ProcessError error);
    void handleLine(QString text);
    static bool isLeftHeader(const QString &text);

    QProcess *m_process = nullptr;
    QTimer *m_killTimer = nullptr;
    QString m_program;
    QByteArray m_partial; // a line not yet ended by '\n'
    QStringList m_left;
    bool m_inLeft = false;
    bool m_cancelled = false;
    bool m_active = false;
};

} // namespace tp
