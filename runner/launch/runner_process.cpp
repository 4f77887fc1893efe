#include "runner_process.h"

#include <QElapsedTimer>
#include <QTimer>

namespace tp
{

RunnerProcess::RunnerProcess(QObject *parent) : QObject(parent), m_process(new QProcess(this)) {}

RunnerProcess::~RunnerProcess()
{
    if (isRunning()) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

void RunnerProcess::prepare(const RunnerCommand &command, const QStringList &runArguments)
{
    m_process->setProgram(command.program);
    m_process->setArguments(command.arguments(runArguments));
}

void RunnerProcess::terminate(int graceMs)
{
    if (!isRunning())
        return;
    m_process->terminate();
    QTimer::singleShot(graceMs, m_process, [p = m_process] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void RunnerProcess::terminateAndWait(int graceMs, bool alreadyTerminated)
{
    if (!isRunning())
        return;
    if (!alreadyTerminated) // a second SIGTERM would kill the runner before it writes its record
        m_process->terminate();
    if (!m_process->waitForFinished(graceMs)) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

RunnerProcess::Ended RunnerProcess::runToEnd(int timeoutMs,
                                             const std::function<bool(const QByteArray &)> &onLine,
                                             const std::atomic_bool *cancel)
{
    Ended out;
    start();
    if (!m_process->waitForStarted(30000)) {
        out.failedToStart = true;
        out.error = tr("cannot start %1: %2").arg(m_process->program(), m_process->errorString());
        return out;
    }
    QByteArray buffer, errors;
    bool killed = false;
    auto consume = [&](bool atEnd) {
        buffer += m_process->readAllStandardOutput();
        errors += m_process->readAllStandardError();
        if (errors.size() > 4096)
            errors = errors.right(4096);
        for (qsizetype nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
            const QByteArray line = buffer.left(nl);
            buffer.remove(0, nl + 1);
            if (!onLine(line) && !killed) {
                m_process->kill();
                killed = true;
            }
        }
        if (atEnd && !buffer.isEmpty()) { // a killed runner's truncated last line
            onLine(buffer);
            buffer.clear();
        }
    };
    QElapsedTimer since;
    since.start();
    while (isRunning()) {
        if (cancel && cancel->load() && !killed) {
            out.cancelled = true;
            killed = true;
            m_process->kill();
        }
        if (since.elapsed() > timeoutMs) {
            out.timedOut = true;
            m_process->kill();
            m_process->waitForFinished(30000);
            break;
        }
        m_process->waitForReadyRead(50);
        consume(false);
    }
    consume(true); // whatever the runner wrote before it ended
    out.crashed = m_process->exitStatus() == QProcess::CrashExit;
    out.exitCode = m_process->exitCode();
    out.stderrTail = QString::fromUtf8(errors).trimmed();
    return out;
}

QString RunnerProcess::failureText(int exitCode, QProcess::ExitStatus status, bool cancelRequested,
                                   const QString &lastStderr)
{
    QString failure;
    if (status == QProcess::CrashExit)
        failure = cancelRequested ? tr("cancelled: runner killed") : tr("runner crashed");
    else if (exitCode != 0)
        failure = tr("runner exited with code %1").arg(exitCode);
    if (!failure.isEmpty() && !lastStderr.isEmpty())
        failure += QStringLiteral(": ") + lastStderr;
    return failure;
}

} // namespace tp
