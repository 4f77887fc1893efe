#pragma once
// Fake runners for the alert tests: small /bin/sh scripts that print a synthetic run contract
// (a runner that hangs after its first phase line, a replay of a measured run at a given speed,
// a training run with sparse checkpoints) and a closed TCP port on 127.0.0.1 for an SSH target
// that cannot be reached.
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tptest
{

using nlohmann::json;

inline QByteArray line(const json &o)
{
    return QByteArray::fromStdString(o.dump()) + '\n';
}

inline json startedEvent(const std::string &runKey, const std::string &executionKey,
                         json env = json::object())
{
    return {{"v", 1},
            {"event", "run_started"},
            {"run_key", runKey},
            {"execution_key", executionKey},
            {"workload", "mlp"},
            {"mode", "compiled"},
            {"device", "cpu"},
            {"dtype", "float32"},
            {"shape", {{"batch", 64}}},
            {"env", env}};
}

// A finished, valid run of `steadySeconds` per batch of 64 (12 steady samples).
inline QByteArray measuredRun(const std::string &runKey, const std::string &executionKey,
                              double steadySeconds)
{
    const std::vector<double> steady(12, steadySeconds);
    QByteArray out = line(startedEvent(runKey, executionKey));
    out += line({{"v", 1},
                 {"event", "phase"},
                 {"phase", "first_call"},
                 {"batch", 64},
                 {"seconds", {0.01}}});
    out += line(
        {{"v", 1}, {"event", "phase"}, {"phase", "steady"}, {"batch", 64}, {"seconds", steady}});
    out += line({{"v", 1},
                 {"event", "run_finished"},
                 {"status", "ok"},
                 {"summary",
                  {{"first_call_seconds", 0.01},
                   {"mean_batch_seconds", steadySeconds},
                   {"samples_per_second", 64 / steadySeconds},
                   {"p50_seconds", steadySeconds},
                   {"p90_seconds", steadySeconds},
                   {"p99_seconds", steadySeconds},
                   {"finite", true},
                   {"validity", {{"valid", true}, {"reasons", json::array()}}}}}});
    return out;
}

// A training run that checkpoints every `every` steps as it announces, but writes only the first
// checkpoint and then trains `steps` steps in all (one train_step line per step).
inline QByteArray sparseCheckpoints(const std::string &runKey, int every, int steps)
{
    QByteArray out = line(startedEvent(runKey, runKey + "-exec",
                                       {{"checkpoint", {{"dir", "/tmp/ckpt"}, {"every", every}}}}));
    for (int s = 0; s < steps; ++s) {
        out += line({{"v", 1},
                     {"event", "train_step"},
                     {"first_step", s},
                     {"loss", {1.0 / (s + 1)}},
                     {"seconds", {0.01}}});
        if (s == every - 1)
            out += line({{"v", 1},
                         {"event", "checkpoint"},
                         {"step", s},
                         {"seconds", 0.001},
                         {"bytes", 1024}});
    }
    out += line({{"v", 1},
                 {"event", "run_finished"},
                 {"status", "ok"},
                 {"summary", {{"training", {{"steps", steps}, {"final_loss", 1.0 / steps}}}}}});
    return out;
}

// Writes `body` as an executable /bin/sh script named `name` in `dir`; returns its path.
inline QString shellScript(const QTemporaryDir &dir, const QString &name, const QByteArray &body)
{
    QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

// A runner that prints `contract` (kept in a file next to it) and exits.
inline QString replayRunner(const QTemporaryDir &dir, const QString &name,
                            const QByteArray &contract)
{
    QFile f(dir.filePath(name + QStringLiteral(".jsonl")));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(contract);
    f.close();
    return shellScript(dir, name, "exec cat '" + f.fileName().toUtf8() + "'\n");
}

// A runner that announces its run and one phase line, then hangs: `exec sleep` dies on SIGTERM;
// ignoreTerm: SIGTERM is ignored and only SIGKILL ends it.
inline QString hangingRunner(const QTemporaryDir &dir, const QString &name,
                             const std::string &executionKey, bool ignoreTerm = false)
{
    const QByteArray lines =
        line(startedEvent("alerts/hang/compiled", executionKey)) + line({{"v", 1},
                                                                         {"event", "phase"},
                                                                         {"phase", "first_call"},
                                                                         {"batch", 64},
                                                                         {"seconds", {0.003}}});
    QByteArray body = ignoreTerm ? "trap '' TERM\n" : "";
    body += "printf '%s' '" + lines + "'\n";
    body += ignoreTerm ? "while :; do sleep 1; done\n" : "exec sleep 600\n";
    return shellScript(dir, name, body);
}

// A TCP port on 127.0.0.1 that nothing listens on (bound, then closed).
inline int closedPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

} // namespace tptest
