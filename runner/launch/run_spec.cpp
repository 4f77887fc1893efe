#include "run_spec.h"

namespace tp
{

QStringList RunSpec::runnerArguments() const
{
    QStringList args{QStringLiteral("--workload"), workload,
                     QStringLiteral("--mode"),     mode,
                     QStringLiteral("--dtype"),    dtype,
                     QStringLiteral("--threads"),  QString::number(threads),
                     QStringLiteral("--batch"),    QString::number(batch)};
    // 0: leave it to the runner (its default, or the --preset in extraArgs).
    if (warmup > 0)
        args << QStringLiteral("--warmup") << QString::number(warmup);
    if (iterations > 0)
        args << QStringLiteral("--iterations") << QString::number(iterations);
    if (!runKey.isEmpty())
        args << QStringLiteral("--run-key") << runKey;
    if (profileSteps > 0)
        args << QStringLiteral("--profile-steps") << QString::number(profileSteps);
    // Also without profile steps: a target's default (--profile-steps) writes its trace here too.
    if (!profileDir.isEmpty())
        args << QStringLiteral("--profile-dir") << profileDir;
    if (transfers)
        args << QStringLiteral("--transfers");
    if (pinned)
        args << QStringLiteral("--pinned");
    args << extraArgs;
    return args;
}

QString RunSpec::label() const
{
    return workload + QLatin1Char('/') + mode + QLatin1Char('/') + dtype;
}

std::vector<RunSpec> expandSpecs(const RunSpec &base, const QStringList &modes,
                                 const QStringList &dtypes, const QString &runKeyPrefix)
{
    std::vector<RunSpec> out;
    for (const QString &mode : modes) {
        for (const QString &dtype : dtypes) {
            RunSpec s = base;
            s.mode = mode;
            s.dtype = dtype;
            if (!runKeyPrefix.isEmpty())
                s.runKey = runKeyPrefix + QLatin1Char('/') + s.label();
            out.push_back(s);
        }
    }
    return out;
}

std::vector<RunSpec> pilotSuite(const QString &runKeyPrefix, int warmup, int iterations,
                                int threads)
{
    RunSpec base;
    base.warmup = warmup;
    base.iterations = iterations;
    base.threads = threads;
    return expandSpecs(base, {QStringLiteral("eager"), QStringLiteral("compiled")},
                       {QStringLiteral("float32"), QStringLiteral("bfloat16")}, runKeyPrefix);
}

} // namespace tp
