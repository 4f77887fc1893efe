#include "rank_group_launcher.h"

#include <QTimer>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tp
{

RankGroupLauncher::RankGroupLauncher(Store &store, Factory makeChild, QObject *parent)
    : Launcher(store, parent), m_makeChild(std::move(makeChild))
{
}

int RankGroupLauncher::freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0; // the kernel picks a free port
    socklen_t len = sizeof addr;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
        port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

RunSpec RankGroupLauncher::rankSpec(const RunSpec &spec, int rank, int port)
{
    RunSpec r = spec;
    r.worldSize = 1; // the child is one process
    r.extraArgs << QStringLiteral("--world-size") << QString::number(spec.worldSize)
                << QStringLiteral("--rank") << QString::number(rank)
                << QStringLiteral("--rendezvous")
                << QStringLiteral("127.0.0.1:") + QString::number(port);
    return r;
}

QString RankGroupLauncher::commandLine(const RunSpec &spec) const
{
    const int ranks = std::max(1, spec.worldSize);
    std::unique_ptr<Launcher> probe(m_makeChild(nullptr));
    return tr("%1 ranks, each: %2")
        .arg(ranks)
        .arg(probe->commandLine(rankSpec(spec, 0, m_port ? m_port : 29500)));
}

void RankGroupLauncher::start(const RunSpec &spec)
{
    Q_ASSERT(!isRunning());
    qDeleteAll(m_children);
    m_children.clear();
    const int ranks = std::max(1, spec.worldSize);
    m_results.assign(static_cast<std::size_t>(ranks), LaunchResult{});
    m_runIds.assign(static_cast<std::size_t>(ranks), 0);
    m_pending = ranks;
    m_port = freeLoopbackPort();
    if (m_port == 0) {
        QTimer::singleShot(0, this, [this] {
            LaunchResult r;
            r.status = QStringLiteral("error");
            r.error = tr("no free loopback port for the ranks' rendezvous");
            m_pending = 0;
            Q_EMIT finished(r);
        });
        return;
    }
    for (int rank = 0; rank < ranks; ++rank) {
        Launcher *child = m_makeChild(this);
        child->setAlertThresholds(alertThresholds());
        m_children.push_back(child);
        connect(child, &Launcher::runStarted, this, [this, rank](long long id) {
            m_runIds[static_cast<std::size_t>(rank)] = id;
            if (rank == 0) // the launch's run; the others are in rankRuns() and the group
                Q_EMIT runStarted(id);
        });
        connect(child, &Launcher::logLine, this, [this, rank](const QString &line) {
            Q_EMIT logLine(QStringLiteral("[rank %1] ").arg(rank) + line);
        });
        if (rank == 0)
            connect(child, &Launcher::progress, this, &Launcher::progress);
        connect(child, &Launcher::alertRaised, this, &Launcher::alertRaised);
        connect(child, &Launcher::finished, this,
                [this, rank](const LaunchResult &r) { onChildFinished(rank, r); });
    }
    for (int rank = 0; rank < ranks; ++rank)
        m_children[static_cast<std::size_t>(rank)]->start(rankSpec(spec, rank, m_port));
}

void RankGroupLauncher::onChildFinished(int rank, const LaunchResult &result)
{
    m_results[static_cast<std::size_t>(rank)] = result;
    if (--m_pending > 0)
        return;
    LaunchResult out = m_results.front();
    for (std::size_t r = 0; r < m_results.size(); ++r) {
        const LaunchResult &x = m_results[r];
        out.warnings << x.warnings;
        if (x.status != QLatin1String("ok") && out.status == QLatin1String("ok")) {
            out.status = x.status;
            out.error = tr("rank %1: %2").arg(r).arg(x.error);
            out.exitCode = x.exitCode;
        }
    }
    Q_EMIT finished(out);
}

void RankGroupLauncher::cancel()
{
    for (Launcher *c : m_children)
        c->cancel();
}

void RankGroupLauncher::cancelAndWait(int graceMs)
{
    for (Launcher *c : m_children)
        c->cancel(); // every rank gets SIGTERM at once, then each is waited for
    for (Launcher *c : m_children)
        c->cancelAndWait(graceMs);
}

bool RankGroupLauncher::isRunning() const
{
    return m_pending > 0;
}

} // namespace tp
