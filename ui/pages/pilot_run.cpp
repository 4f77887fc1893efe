#include "pilot_run.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QTimer>

#include <utility>

namespace tp
{

PilotRun::PilotRun(QObject *parent)
    : QObject(parent), m_process(new QProcess(this)), m_killTimer(new QTimer(this)),
      m_program(QCoreApplication::applicationFilePath())
{
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_killTimer->setSingleShot(true);
    m_killTimer->setInterval(kKillGraceMs);
    connect(m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process->state() != QProcess::NotRunning)
            m_process->kill();
    });
    connect(m_process, &QProcess::readyRead, this, &PilotRun::onReadyRead);
    connect(m_process, &QProcess::finished, this, &PilotRun::onProcessFinished);
    connect(m_process, &QProcess::errorOccurred, this, &PilotRun::onErrorOccurred);
}

PilotRun::~PilotRun()
{
    // The owner may be half destroyed already: no signal reaches it from here on.
    m_process->disconnect(this);
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

bool PilotRun::start(const QString &databasePath, const QString &preset)
{
    if (m_active) {
        Q_EMIT line(tr("A pilot is running already."));
        return false;
    }
    m_partial.clear();
    m_left.clear();
    m_inLeft = false;
    m_cancelled = false;
    m_active = true;
    m_process->start(m_program,
                     {QStringLiteral("pilot"), QStringLiteral("--db"), databasePath,
                      QStringLiteral("--preset"), preset, QStringLiteral("--no-dashboard")});
    return true;
}

void PilotRun::cancel()
{
    if (!m_active)
        return;
    m_cancelled = true;
    if (m_process->state() == QProcess::NotRunning || m_killTimer->isActive())
        return; // not started (finished() is on its way), or asked already
    m_process->terminate();
    m_killTimer->start();
}

bool PilotRun::parseProgress(const QString &line, int *step, int *total, QString *what)
{
    static const QRegularExpression progressLine(QStringLiteral("^\\[(\\d+)/(\\d+)\\]\\s*(.*)$"));
    static const QRegularExpression elapsedTail(QStringLiteral("\\s*\\([^()]*\\)\\s*$"));
    const QRegularExpressionMatch m = progressLine.match(line);
    if (!m.hasMatch())
        return false;
    *step = m.captured(1).toInt();
    *total = m.captured(2).toInt();
    QString text = m.captured(3);
    *what = text.remove(elapsedTail).trimmed(); // "(S s so far)", in whatever language
    return true;
}

bool PilotRun::isLeftHeader(const QString &text)
{
    // The child speaks the dashboard's language (Settings), as this process does.
    const QString translated = QCoreApplication::translate(
        "PilotCmd", "Left for the reviewer (Review page, or 'torchpilot review'):");
    return text.startsWith(QLatin1String("Left for the reviewer")) ||
           text.trimmed() == translated.trimmed();
}

void PilotRun::handleLine(QString text)
{
    if (text.endsWith(QLatin1Char('\r')))
        text.chop(1);
    Q_EMIT line(text);
    int step = 0, total = 0;
    QString what;
    if (parseProgress(text, &step, &total, &what))
        Q_EMIT progress(step, total, what);
    if (m_inLeft) {
        if (text.startsWith(QLatin1String("  "))) {
            m_left << text.trimmed();
            return;
        }
        m_inLeft = false;
    }
    if (isLeftHeader(text))
        m_inLeft = true;
}

void PilotRun::onReadyRead()
{
    m_partial += m_process->readAll();
    qsizetype end;
    while ((end = m_partial.indexOf('\n')) >= 0) {
        const QByteArray bytes = m_partial.left(end);
        m_partial.remove(0, end + 1);
        handleLine(QString::fromUtf8(bytes));
    }
}

void PilotRun::onProcessFinished(int exitCode, QProcess::ExitStatus status)
{
    m_killTimer->stop();
    onReadyRead(); // whatever is still in the pipe, then a last line without '\n'
    if (!m_partial.isEmpty()) {
        const QByteArray rest = std::exchange(m_partial, QByteArray());
        handleLine(QString::fromUtf8(rest));
    }
    if (!m_active)
        return;
    m_active = false;
    if (status == QProcess::CrashExit) {
        if (!m_cancelled)
            Q_EMIT line(tr("The pilot process ended abnormally: %1").arg(m_process->errorString()));
        exitCode = -1;
    }
    Q_EMIT finished(exitCode, m_cancelled);
}

void PilotRun::onErrorOccurred(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || !m_active)
        return; // the other errors end in finished() (crash) or are not fatal (read, write)
    const QString why = m_process->errorString();
    // Possibly still inside start(): the owner hears of it once start() has returned.
    QMetaObject::invokeMethod(
        this,
        [this, why] {
            if (!m_active)
                return;
            m_active = false;
            Q_EMIT line(tr("The pilot could not start (%1): %2").arg(m_program, why));
            Q_EMIT finished(-1, m_cancelled);
        },
        Qt::QueuedConnection);
}

} // namespace tp
