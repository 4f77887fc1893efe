#pragma once
// A real OpenSSH server on 127.0.0.1 for the SSH launcher's tests: a throwaway ed25519 host key
// and client key, a free non-default port, authorized_keys, pid file and config in a temporary
// directory, and a known_hosts file with the host key for [127.0.0.1]:PORT. sshd runs in the
// foreground (-D -e) as this test's child and is stopped with it. Needs /usr/sbin/sshd,
// /usr/bin/ssh and ssh-keygen (Debian: openssh-server, openssh-client); without them the tests
// skip with that message. Below: the short and endless runs the SSH tests launch.
#include "runner/launch/run_spec.h"
#include "runner/launch/target_profile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tptest
{

class SshFixture
{
public:
    static constexpr const char *kSshd = "/usr/sbin/sshd";
    static constexpr const char *kSsh = "/usr/bin/ssh";
    static constexpr const char *kKeygen = "/usr/bin/ssh-keygen";

    ~SshFixture() { stop(); }

    // Empty when every binary is there, else what is missing (the reason to skip).
    static QString missingBinaries()
    {
        QStringList missing;
        for (const char *b : {kSshd, kSsh, kKeygen})
            if (!QFileInfo(QLatin1String(b)).isExecutable())
                missing << QLatin1String(b);
        return missing.isEmpty() ? QString()
                                 : QStringLiteral("OpenSSH not installed (missing %1; Debian: "
                                                  "openssh-server openssh-client)")
                                       .arg(missing.join(QStringLiteral(", ")));
    }

    // Starts sshd and waits until it listens; false and *error on failure.
    bool start(QString *error)
    {
        auto fail = [error](const QString &why) {
            *error = why;
            return false;
        };
        if (!m_dir.isValid())
            return fail(QStringLiteral("no temporary directory"));
        QDir().mkpath(QStringLiteral("/run/sshd")); // sshd's privilege separation directory
        for (const char *key : {"host_key", "client_key"}) {
            QProcess keygen;
            keygen.start(QLatin1String(kKeygen),
                         {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                          QStringLiteral("-N"), QString(), QStringLiteral("-f"), path(key)});
            if (!keygen.waitForFinished(20000) || keygen.exitCode() != 0)
                return fail(QStringLiteral("ssh-keygen failed: ") +
                            QString::fromUtf8(keygen.readAllStandardError()));
        }
        m_port = freePort();
        const QByteArray hostPub = read(path("host_key.pub")).split(' ').mid(0, 2).join(' ');
        write(path("known_hosts"),
              "[127.0.0.1]:" + QByteArray::number(m_port) + ' ' + hostPub + '\n');
        write(path("authorized_keys"), read(path("client_key.pub")));
        write(path("sshd_config"),
              QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2\n"
                             "AuthorizedKeysFile %3\nPidFile %4\nUsePAM no\n"
                             "StrictModes no\nPasswordAuthentication no\n"
                             "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
                             "AllowUsers %5\nMaxStartups 50\nLogLevel VERBOSE\n")
                  .arg(m_port)
                  .arg(path("host_key"), path("authorized_keys"), path("sshd.pid"), userName())
                  .toUtf8());
        m_sshd.setProcessChannelMode(QProcess::MergedChannels);
        m_sshd.start(QLatin1String(kSshd), {QStringLiteral("-D"), QStringLiteral("-e"),
                                            QStringLiteral("-f"), path("sshd_config")});
        if (!m_sshd.waitForStarted(10000))
            return fail(QStringLiteral("cannot start sshd: ") + m_sshd.errorString());
        QByteArray log;
        for (int i = 0; i < 100 && !log.contains("Server listening"); ++i) {
            if (m_sshd.state() == QProcess::NotRunning)
                return fail(QStringLiteral("sshd exited: ") +
                            QString::fromUtf8(log + m_sshd.readAll()));
            m_sshd.waitForReadyRead(100);
            log += m_sshd.readAll();
        }
        if (!log.contains("Server listening"))
            return fail(QStringLiteral("sshd did not listen within 10 s: ") +
                        QString::fromUtf8(log));
        return true;
    }

    void stop()
    {
        if (m_sshd.state() == QProcess::NotRunning)
            return;
        m_sshd.terminate();
        if (!m_sshd.waitForFinished(5000)) {
            m_sshd.kill();
            m_sshd.waitForFinished(2000);
        }
    }

    // A profile that logs in to this server as the current user with the throwaway key.
    tp::TargetProfile profile(const QString &name, const QString &runnerPath) const
    {
        tp::TargetProfile p =
            tp::TargetProfile::ssh(name, QStringLiteral("127.0.0.1"), userName(), m_port);
        p.identityFile = path("client_key");
        p.knownHostsFile = path("known_hosts");
        p.runnerPath = runnerPath;
        p.connectTimeoutSeconds = 5;
        return p;
    }

    // Drops every connection: SIGKILL to sshd's per-connection processes (its children and their
    // sshd children), not to what they run. The listener stays up.
    int dropConnections() const
    {
        QList<qint64> victims;
        QList<qint64> parents{m_sshd.processId()};
        while (!parents.isEmpty()) {
            const qint64 parent = parents.takeFirst();
            for (qint64 child : children(parent)) {
                if (read(QStringLiteral("/proc/%1/comm").arg(child)).trimmed() != "sshd")
                    continue; // the remote shell or runner: left to notice the closed pipe
                victims << child;
                parents << child;
            }
        }
        for (qint64 pid : victims)
            ::kill(static_cast<pid_t>(pid), SIGKILL);
        return int(victims.size());
    }

    // PIDs of the processes running `program` whose command line contains `needle` (like pgrep
    // -f, from /proc, so no procps is needed), e.g. the runner with a unique run key.
    static QList<qint64> processesMatching(const QByteArray &program, const QByteArray &needle)
    {
        QList<qint64> pids;
        for (qint64 pid : allPids()) {
            QByteArray cmdline = read(QStringLiteral("/proc/%1/cmdline").arg(pid));
            if (cmdline.startsWith(program + '\0') && cmdline.replace('\0', ' ').contains(needle))
                pids << pid;
        }
        return pids;
    }

    int port() const { return m_port; }
    qint64 sshdPid() const { return m_sshd.processId(); }
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QString dir() const { return m_dir.path(); }
    QByteArray serverLog() { return m_sshd.readAll(); }

    static QString userName()
    {
        const passwd *pw = ::getpwuid(::getuid());
        return pw ? QString::fromLocal8Bit(pw->pw_name) : qEnvironmentVariable("USER");
    }

    // A TCP port on 127.0.0.1 nobody listens on right now.
    static int freePort()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        int port = 0;
        if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), len) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
            port = ntohs(addr.sin_port);
        ::close(fd);
        return port;
    }

private:
    static QList<qint64> allPids()
    {
        QList<qint64> pids;
        for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool ok = false;
            const qint64 pid = entry.toLongLong(&ok);
            if (ok)
                pids << pid;
        }
        return pids;
    }
    static QList<qint64> children(qint64 parent)
    {
        QList<qint64> out;
        for (qint64 pid : allPids()) { // /proc/PID/stat: "pid (comm) state ppid …"
            const QByteArray stat = read(QStringLiteral("/proc/%1/stat").arg(pid));
            const QList<QByteArray> rest = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
            if (rest.size() > 1 && rest.at(1).toLongLong() == parent)
                out << pid;
        }
        return out;
    }
    static QByteArray read(const QString &file)
    {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static void write(const QString &file, const QByteArray &bytes)
    {
        QFile f(file);
        if (f.open(QIODevice::WriteOnly))
            f.write(bytes);
    }

    QTemporaryDir m_dir;
    QProcess m_sshd;
    int m_port = 0;
};

// A TCP port on 127.0.0.1 whose connections the kernel accepts but nobody ever answers.
struct SilentServer {
    int fd = -1;
    int listen()
    {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), len) != 0 || ::listen(fd, 8) != 0 ||
            ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) != 0)
            return 0;
        return ntohs(addr.sin_port);
    }
    ~SilentServer()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// A short real run: 2 warmup and 20 steady iterations, no precision check (about a second).
inline tp::RunSpec quickSpec(const QString &runKey)
{
    tp::RunSpec s;
    s.warmup = 2;
    s.iterations = 20;
    s.runKey = runKey;
    s.extraArgs = {QStringLiteral("--max-warmup"), QStringLiteral("2"),
                   QStringLiteral("--no-precision")};
    return s;
}

inline tp::RunSpec endlessSpec(const QString &runKey)
{
    tp::RunSpec s = quickSpec(runKey);
    s.iterations = 50000000; // runs until cancelled
    return s;
}

// The runner processes sshd started for this run key (not the local ssh that names it too).
inline QList<qint64> remoteRunners(const QString &key)
{
    return SshFixture::processesMatching(TP_RUNNER_PATH, key.toUtf8());
}

inline QString uniqueKey(const char *what)
{
    return QStringLiteral("ssh-test-%1-%2-%3")
        .arg(QLatin1String(what))
        .arg(::getpid())
        .arg(QDateTime::currentMSecsSinceEpoch());
}

} // namespace tptest
