#include "ssh_command.h"

#include "shell_quote.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

namespace tp::ssh
{

namespace
{
bool hasSpaceOrControl(const QString &s)
{
    for (const QChar c : s) {
        const auto cat = c.category();
        if (c.isSpace() || cat == QChar::Other_Control || cat == QChar::Other_Format ||
            cat == QChar::Separator_Line || cat == QChar::Separator_Paragraph)
            return true;
    }
    return false;
}

QString checkWord(const QString &value, const QString &what)
{
    if (value.startsWith(QLatin1Char('-')))
        return Texts::tr("The %1 '%2' must not start with '-' (ssh would read it as an option).")
            .arg(what, value);
    if (hasSpaceOrControl(value))
        return Texts::tr("The %1 must not contain spaces or control characters.").arg(what);
    return {};
}
} // namespace

QString program()
{
    QString system = QStringLiteral("/usr/bin/ssh");
    if (QFileInfo(system).isExecutable())
        return system;
    return QStandardPaths::findExecutable(QStringLiteral("ssh"));
}

QString checkHost(const QString &host)
{
    if (host.isEmpty())
        return Texts::tr("An SSH target needs a host.");
    if (QString e = checkWord(host, Texts::tr("host")); !e.isEmpty())
        return e;
    if (host.contains(QLatin1Char('@')))
        return Texts::tr("Give the user separately, not as user@host.");
    static const QRegularExpression bad(QStringLiteral(R"(['"\\`$;&|<>(){}*?!#~%,/])"));
    if (host.contains(bad))
        return Texts::tr("The host '%1' may only contain letters, digits, '.', '-', '_', ':' "
                         "and [ ] (IPv6).")
            .arg(host);
    return {};
}

QString checkUser(const QString &user)
{
    if (user.isEmpty())
        return {}; // ssh's default: the local user name, or the User of ~/.ssh/config
    if (QString e = checkWord(user, Texts::tr("user")); !e.isEmpty())
        return e;
    static const QRegularExpression ok(QStringLiteral(R"(^[A-Za-z0-9._][A-Za-z0-9._-]*$)"));
    if (!ok.match(user).hasMatch())
        return Texts::tr(
                   "The user '%1' may only contain ASCII letters, digits, '.', '_' and '-' (no "
                   "'@', ':', quotes, '$', '`', ';' or other shell characters).")
            .arg(user);
    return {};
}

QString checkFilePath(const QString &path, const QString &what)
{
    if (path.isEmpty())
        return {};
    if (QString e = checkWord(path, what); !e.isEmpty())
        return e;
    static const QRegularExpression bad(QStringLiteral(R"(['"\\%$])"));
    if (path.contains(bad))
        return Texts::tr("The %1 path must not contain quotes, backslashes, '%' or '$' (ssh "
                         "would expand them).")
            .arg(what);
    return {};
}

QStringList checkProfile(const TargetProfile &p)
{
    QStringList errors;
    for (const QString &e : {checkHost(p.host), checkUser(p.user),
                             checkFilePath(p.identityFile, Texts::tr("identity file")),
                             checkFilePath(p.knownHostsFile, Texts::tr("known_hosts file"))})
        if (!e.isEmpty())
            errors << e;
    if (p.port < 1 || p.port > 65535)
        errors << Texts::tr("The SSH port must be between 1 and 65535.");
    if (p.connectTimeoutSeconds < 1 || p.connectTimeoutSeconds > 600)
        errors << Texts::tr("The SSH connect timeout must be between 1 and 600 seconds.");
    if (p.runnerPath.contains(QChar(0)))
        errors << Texts::tr("The remote runner path must not contain NUL characters.");
    return errors;
}

QStringList destinationArguments(const TargetProfile &p, QString *error)
{
    // Checked here too, not only by the profile's validation: this is where the words reach ssh.
    for (const auto &[field, problem] : {std::pair{QStringLiteral("host"), checkHost(p.host)},
                                         {QStringLiteral("user"), checkUser(p.user)}}) {
        if (problem.isEmpty())
            continue;
        if (error)
            *error = Texts::tr("target '%1', field \"%2\": %3").arg(p.name, field, problem);
        return {};
    }
    const QString knownHosts = p.knownHostsFile.isEmpty()
                                   ? QDir::homePath() + QStringLiteral("/.ssh/known_hosts")
                                   : p.knownHostsFile;
    auto opt = [](const QString &value) { return QStringList{QStringLiteral("-o"), value}; };
    QStringList args{QStringLiteral("-n"), QStringLiteral("-T"), QStringLiteral("-x"),
                     QStringLiteral("-a")};
    args << opt(QStringLiteral("BatchMode=yes")) << opt(QStringLiteral("StrictHostKeyChecking=yes"))
         << opt(QStringLiteral("UserKnownHostsFile=") + knownHosts)
         << opt(QStringLiteral("ConnectTimeout=%1").arg(p.connectTimeoutSeconds))
         // A peer that vanishes without closing the connection is noticed within ~45 s.
         << opt(QStringLiteral("ServerAliveInterval=15"))
         << opt(QStringLiteral("ServerAliveCountMax=3"))
         << opt(QStringLiteral("LogLevel=ERROR")); // errors only: no banners in the run's log
    if (!p.identityFile.isEmpty())
        args << opt(QStringLiteral("IdentitiesOnly=yes")) << QStringLiteral("-i") << p.identityFile;
    args << QStringLiteral("-p") << QString::number(p.port);
    if (!p.user.isEmpty())
        args << QStringLiteral("-l") << p.user;
    args << QStringLiteral("--") << p.host;
    return args;
}

QString remoteRunnerCommand(const QString &runner, const QStringList &args)
{
    QStringList words{shellQuote(runner)};
    for (const QString &arg : args)
        words << shellQuote(arg);
    // The inner sh prints its PID and execs the runner (same PID); the login shell waits for it
    // and exits with its status, so a runner killed by signal N ends ssh with 128+N, never with
    // ssh's own 255 (which then only means the connection failed).
    return QStringLiteral("sh -c 'echo torchpilot-pid:$$ >&2; exec \"$@\"' torchpilot ") +
           words.join(QLatin1Char(' ')) + QStringLiteral("; exit $?");
}

QStringList runArguments(const TargetProfile &p, const QStringList &runnerArgs, QString *error)
{
    QStringList args = destinationArguments(p, error);
    if (args.isEmpty())
        return {};
    // {runner} or {interpreter, script}, then the run's words and --device: each one quoted.
    const RunnerCommand command = p.runnerCommand();
    return args << remoteRunnerCommand(command.program, command.arguments(runnerArgs));
}

QStringList killArguments(const TargetProfile &p, qint64 pid, QString *error)
{
    Q_ASSERT(pid > 0); // digits only: nothing else reaches the remote shell here
    QStringList args = destinationArguments(p, error);
    if (args.isEmpty())
        return {};
    return args << QStringLiteral("kill -TERM %1").arg(pid);
}

qint64 parsePidLine(const QString &line)
{
    static const QRegularExpression re(QStringLiteral(R"(^torchpilot-pid:([0-9]{1,10})$)"));
    const auto m = re.match(line);
    if (!m.hasMatch())
        return 0;
    bool ok = false;
    const qint64 pid = m.captured(1).toLongLong(&ok);
    return ok && pid > 1 ? pid : 0;
}

} // namespace tp::ssh
