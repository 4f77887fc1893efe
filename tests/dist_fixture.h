#pragma once
// The ranks of a data-parallel group as the distributed tests start them: the real
// torchpilot-runner, one QProcess per rank (no shell), all at once on a loopback rendezvous,
// their streams read concurrently (a rank whose pipe filled up would stall the whole group), the
// contract lines parsed per rank. Used by tst_distributed and tst_dist_checkpoint.
#include "runner/launch/rank_group_launcher.h"
#include "test_util.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tptest
{
using nlohmann::json;

struct Rank {
    int exitCode = -1; // -1: crashed (a signal) or never ended
    qint64 endedMs = -1;
    QByteArray out;
    QString err;
    std::map<long long, double> losses; // train_step losses by step
    json started, finished, resume, distFailure;
    std::vector<json> checkpoints;

    std::string error() const { return finished.value("error", std::string()); }
    // run_started env.distributed and run_finished summary.distributed ({} when absent).
    json env() const { return distributedOf(started, "env"); }
    json summary() const { return distributedOf(finished, "summary"); }
    static json distributedOf(const json &e, const char *key)
    {
        const json inner = e.is_object() ? e.value(key, json()) : json();
        const json d = inner.is_object() ? inner.value("distributed", json()) : json();
        return d.is_object() ? d : json::object();
    }
};

struct Group {
    std::vector<Rank> ranks;
    qint64 signalledAtMs = -1;
};

// Called for every event line of every rank; true: send that rank `sig` now (once per group).
using SignalHook = std::function<bool(std::size_t rank, const json &event)>;

inline void recordLine(const QByteArray &line, Rank &o)
{
    json e = json::parse(line.toStdString(), nullptr, false);
    if (!e.is_object())
        return;
    const std::string name = e.value("event", std::string());
    if (name == "train_step" && e.contains("loss") && e["loss"].is_array())
        for (std::size_t i = 0; i < e["loss"].size(); ++i)
            o.losses[e.value("first_step", 0LL) + static_cast<long long>(i)] =
                e["loss"][i].get<double>();
    if (name == "checkpoint")
        o.checkpoints.push_back(e);
    json *slot = name == "run_started"           ? &o.started
                 : name == "run_finished"        ? &o.finished
                 : name == "resume"              ? &o.resume
                 : name == "distributed_failure" ? &o.distFailure
                                                 : nullptr;
    if (slot)
        *slot = e;
}

// Runs every argument list at once until each process ended (all killed after timeoutMs; a
// signalled rank once all the others ended). env[r]: "NAME=value" entries for process r; the
// launchers' variables of this test's own environment are removed.
inline Group runRanks(const std::vector<QStringList> &args,
                      const std::vector<QStringList> &env = {}, const SignalHook &hook = {},
                      int sig = SIGKILL, int timeoutMs = 120000)
{
    QElapsedTimer clock;
    clock.start();
    Group g;
    g.ranks.resize(args.size());
    std::vector<std::unique_ptr<QProcess>> procs;
    std::vector<QByteArray> pending(args.size());
    for (std::size_t r = 0; r < args.size(); ++r) {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"WORLD_SIZE", "RANK", "MASTER_ADDR", "MASTER_PORT",
                                 "TPU_WORKER_HOSTNAMES", "JOB_COMPLETION_INDEX"})
            e.remove(QLatin1String(name));
        for (const QString &kv : r < env.size() ? env[r] : QStringList())
            e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        procs.push_back(std::make_unique<QProcess>());
        procs.back()->setProcessEnvironment(e);
        procs.back()->start(QStringLiteral(TP_RUNNER_PATH), args[r]);
    }
    std::size_t running = procs.size(), victim = procs.size();
    while (running > 0) {
        for (std::size_t r = 0; r < procs.size(); ++r) {
            Rank &o = g.ranks[r];
            QProcess &p = *procs[r];
            if (o.endedMs >= 0)
                continue;
            if (clock.elapsed() > timeoutMs || (r == victim && running == 1))
                p.kill();
            p.waitForReadyRead(5);
            const bool ended = p.state() == QProcess::NotRunning || p.waitForFinished(0);
            const QByteArray chunk = p.readAllStandardOutput();
            o.out += chunk;
            pending[r] += chunk;
            o.err += QString::fromUtf8(p.readAllStandardError());
            for (qsizetype nl; (nl = pending[r].indexOf('\n')) >= 0;) {
                const QByteArray line = pending[r].left(nl);
                pending[r].remove(0, nl + 1);
                recordLine(line, o);
                const json e = json::parse(line.toStdString(), nullptr, false);
                if (hook && victim == procs.size() && e.is_object() && hook(r, e)) {
                    ::kill(static_cast<pid_t>(p.processId()), sig);
                    g.signalledAtMs = clock.elapsed();
                    victim = r;
                }
            }
            if (ended) {
                o.endedMs = clock.elapsed();
                o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
                --running;
            }
        }
    }
    return g;
}

// "--a 1 --b 2" as arguments.
inline QStringList words(const char *text)
{
    return QString::fromLatin1(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

// A small train-mlp run of exactly `steps` steps (a learning-rate schedule that a resume must
// restore, too).
inline QStringList train(int steps)
{
    return words("--workload train-mlp --mode eager --device cpu --batch 16 --threads 1 --warmup 2 "
                 "--no-precision --lr-step-size 7 --lr-gamma 0.5 --steps") +
           QStringList{QString::number(steps)};
}

inline QStringList rankFlags(int worldSize, int rank, int port)
{
    return {QStringLiteral("--world-size"), QString::number(worldSize),
            QStringLiteral("--rank"),       QString::number(rank),
            QStringLiteral("--rendezvous"), QStringLiteral("127.0.0.1:%1").arg(port)};
}

// Every rank's arguments: `common` plus its flags, on a port free a moment ago.
inline std::vector<QStringList> group(const QStringList &common, int worldSize = 2)
{
    const int port = tp::RankGroupLauncher::freeLoopbackPort();
    std::vector<QStringList> out;
    out.reserve(worldSize > 0 ? static_cast<std::size_t>(worldSize) : 0);
    for (int r = 0; r < worldSize; ++r)
        out.push_back(common + rankFlags(worldSize, r, port));
    return out;
}

} // namespace tptest
