#pragma once
// The real training runner as the checkpoint tests drive it (tst_faulttest, tst_checkpoint_files):
// a run's train_step losses, resume and run_finished events, its arguments, and bitwise loss
// comparison.
#include "model/contract/contract.h"
#include "test_util.h"

#include <QProcess>
#include <QString>
#include <QStringList>

#include <cstring>
#include <map>

namespace tptest
{

struct Output {
    int exitCode = -1;
    std::map<long long, double> losses; // train_step losses by step
    nlohmann::json resume, finished;
    QString err;
};

inline Output run(const QString &program, const QStringList &args)
{
    Output o;
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(300000))
        return o;
    o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    o.err = QString::fromUtf8(p.readAllStandardError());
    for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
        const auto r = tp::parseEventLine(line.toStdString());
        if (!r.event)
            continue;
        const nlohmann::json &e = r.event->raw;
        if (r.event->name == "train_step") {
            const long long first = e.value("first_step", 0LL);
            for (std::size_t i = 0; i < e["loss"].size(); ++i)
                o.losses[first + static_cast<long long>(i)] = e["loss"][i].get<double>();
        } else if (r.event->name == "resume") {
            o.resume = e;
        } else if (r.event->name == "run_finished") {
            o.finished = e;
        }
    }
    return o;
}

inline Output runner(const QStringList &args)
{
    return run(QStringLiteral(TP_RUNNER_PATH), args);
}

inline QStringList trainArgs(const QString &workload, const QString &mode, int steps)
{
    QStringList a{QStringLiteral("--workload"),
                  workload,
                  QStringLiteral("--mode"),
                  mode,
                  QStringLiteral("--device"),
                  QStringLiteral("cpu"),
                  QStringLiteral("--steps"),
                  QString::number(steps),
                  QStringLiteral("--warmup"),
                  QStringLiteral("2"),
                  QStringLiteral("--no-precision"),
                  QStringLiteral("--lr-step-size"),
                  QStringLiteral("7"),
                  QStringLiteral("--lr-gamma"),
                  QStringLiteral("0.5")};
    if (workload == QLatin1String("train-encoder"))
        a << QStringLiteral("--batch") << QStringLiteral("4") << QStringLiteral("--seq-len")
          << QStringLiteral("16");
    return a;
}

inline QStringList checkpointArgs(const QString &dir, int every)
{
    return {QStringLiteral("--checkpoint-dir"), dir, QStringLiteral("--checkpoint-every"),
            QString::number(every)};
}

inline QString stepFile(const QString &dir, int step, const char *ext)
{
    return dir + QStringLiteral("/step-%1.").arg(step, 10, 10, QLatin1Char('0')) +
           QLatin1String(ext);
}

} // namespace tptest
