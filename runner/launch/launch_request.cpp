#include "launch_request.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace tp
{

bool LaunchRequest::isEncoderWorkload(const QString &workload)
{
    return workload == QLatin1String("encoder") || workload == QLatin1String("train-encoder");
}

QString LaunchRequest::shippedCatalogPath()
{
    // bin/../share/torchpilot, installed or staged in a build tree (cmake/packaging.cmake).
    const QFileInfo f(QDir(QCoreApplication::applicationDirPath())
                          .filePath(QStringLiteral("../share/torchpilot/catalogs/default.json")));
    return f.isFile() ? f.canonicalFilePath() : QString();
}

QStringList LaunchRequest::validate() const
{
    QStringList errors;
    if (modes.isEmpty())
        errors << tr("Choose at least one mode.");
    if (dtypes.isEmpty())
        errors << tr("Choose at least one dtype.");
    // Files are checked here only for local runs; a remote target reads them on its own host.
    const bool local = target.isLocal();
    if (workload == QLatin1String("torchscript")) {
        if (local && !QFileInfo(modelPath).isFile())
            errors << tr("The TorchScript workload needs an existing model file.");
        static const QRegularExpression input(QStringLiteral(
            R"(^\s*\w+\[\s*\d+(\s*,\s*\d+)*\s*\](\s*;\s*\w+\[\s*\d+(\s*,\s*\d+)*\s*\])*\s*$)"));
        if (!input.match(inputSpec).hasMatch())
            errors << tr("Model inputs must look like float32[64,128] (several separated by ';').");
    }
    if (workload == QLatin1String("torchscript") && !local && modelPath.isEmpty())
        errors << tr("The TorchScript workload needs the model's path on the target host.");
    if (local && !catalogPath.isEmpty() && !QFileInfo(catalogPath).isFile())
        errors << tr("The shape catalog file does not exist.");
    if (preset == QLatin1String("custom") && (iterations < 1 || warmup < 0 || minSeconds < 0))
        errors << tr("Custom protocol: at least 1 steady iteration, no negative minimums.");
    if (batch < 1 || threads < 1 || seqLen < 1)
        errors << tr("Batch, sequence length and threads must be at least 1.");
    if (worldSize > 1 && !workload.startsWith(QLatin1String("train-")))
        errors << tr("Data-parallel ranks need a training workload.");
    if (worldSize > 1 && !local)
        errors << tr("Data-parallel ranks run on this machine only; a Kubernetes target's ranks "
                     "come from its TPU topology.");
    if (worldSize < 1 || worldSize > 64)
        errors << tr("Ranks must be between 1 and 64.");
    errors << target.validate();
    static const QRegularExpression key(QStringLiteral(R"(^[A-Za-z0-9._:@/+-]{0,120}$)"));
    if (!key.match(runKeyPrefix).hasMatch())
        errors << tr("The run key prefix may use letters, digits and . _ : @ / + - only "
                     "(at most 120).");
    return errors;
}

std::vector<RunSpec> LaunchRequest::toSpecs() const
{
    if (!validate().isEmpty())
        return {};
    RunSpec base;
    base.workload = workload;
    base.threads = threads;
    base.batch = batch;
    base.worldSize = worldSize;
    base.profileSteps = profileSteps;
    base.transfers = transfers;
    base.pinned = pinned;
    auto arg = [&base](const char *option, const QString &value) {
        base.extraArgs << QLatin1String(option) << value;
    };
    if (preset == QLatin1String("custom")) {
        base.warmup = warmup;
        base.iterations = iterations;
        if (minSeconds > 0)
            arg("--min-time", QString::number(minSeconds));
    } else {
        base.warmup = base.iterations = 0; // the preset decides
        arg("--preset", preset);
    }
    if (isEncoderWorkload(workload))
        arg("--seq-len", QString::number(seqLen));
    if (workload == QLatin1String("torchscript")) {
        arg("--model", modelPath);
        static const QRegularExpression whitespace(QStringLiteral("\\s"));
        arg("--input", QString(inputSpec).remove(whitespace));
    }
    if (!catalogPath.isEmpty())
        arg("--catalog", catalogPath);
    if (deadlineSeconds > 0)
        arg("--deadline", QString::number(deadlineSeconds));
    return expandSpecs(base, modes, dtypes, runKeyPrefix);
}

} // namespace tp
