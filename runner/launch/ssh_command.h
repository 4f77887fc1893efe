#pragma once
// The argument vectors given to the system OpenSSH client (/usr/bin/ssh, started with QProcess,
// never through a local shell), and the checks that keep a profile's words from being read as
// ssh options or shell syntax:
//   ssh -n -T -x -a -o BatchMode=yes -o StrictHostKeyChecking=yes -o UserKnownHostsFile=FILE
//       -o ConnectTimeout=N -o ServerAliveInterval=15 -o ServerAliveCountMax=3 -o LogLevel=ERROR
//       [-o IdentitiesOnly=yes -i IDENTITY] -p PORT [-l USER] -- HOST REMOTE-COMMAND
// The remote command is one string for the remote user's POSIX shell; every runner argument in
// it goes through shellQuote(), only our own fixed text is not:
//   sh -c 'echo torchpilot-pid:$$ >&2; exec "$@"' torchpilot 'runner' '--workload' 'mlp' …; exit $?
// (the Python runner: … torchpilot 'python3' '/opt/torchpilot/python/torchpilot_runner.py' …)
// The inner sh prints its PID first on stderr, then execs the runner (same PID); the login shell
// waits and exits with the runner's status (128+N when killed by signal N), so ssh's own exit
// code 255 means the connection failed, never the runner.
#include "target_profile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tp::ssh
{

struct Texts {
    Q_DECLARE_TR_FUNCTIONS(SshCommand)
};

// The ssh client: /usr/bin/ssh, else the first ssh on PATH; empty when there is none.
QString program();

// Empty when fine, else one sentence naming the field. A host or user must never start with '-'
// (it would be read as an option) nor contain whitespace or control characters; a host has no
// '@'. A user is letters, digits, '.', '_' and '-' only: no '@' or ':' (ssh would split the
// destination), no quotes, '$', '`', ';' or other shell syntax (ssh expands the user into
// ProxyCommand, Match exec and LocalCommand as %r and %u).
QString checkHost(const QString &host);
QString checkUser(const QString &user);
// Identity and known_hosts files: ssh splits option values on whitespace and expands %, ${…}
// and quotes in them, so those are refused rather than escaped.
QString checkFilePath(const QString &path, const QString &what);
// Every check of an SSH profile (host, user, port, files, timeout); empty when usable.
QStringList checkProfile(const TargetProfile &profile);

// Options and destination, up to and including HOST (nothing of the remote command). A host or
// user that fails its check never reaches ssh: the result is empty and *error (when given) says
// which target and field.
QStringList destinationArguments(const TargetProfile &profile, QString *error = nullptr);
// The remote command string for `runner args…`: PID line first, then exec.
QString remoteRunnerCommand(const QString &runner, const QStringList &args);
// Full ssh argv to run the profile's runner (TargetProfile::runnerCommand(), with its --device)
// / to send SIGTERM to a remote PID; empty, with *error, as destinationArguments().
QStringList runArguments(const TargetProfile &profile, const QStringList &runnerArgs,
                         QString *error = nullptr);
QStringList killArguments(const TargetProfile &profile, qint64 pid, QString *error = nullptr);

// "torchpilot-pid:1234" -> 1234; anything else (signs, spaces, letters, > 10 digits) -> 0.
qint64 parsePidLine(const QString &line);

} // namespace tp::ssh
