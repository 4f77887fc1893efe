#pragma once
// What a user asked to launch, as plain values (the launch dialog fills it, a command line
// could too): validated with readable messages, then expanded to one RunSpec per mode × dtype.
#include "run_spec.h"
#include "target_profile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace tp
{

struct LaunchRequest {
    Q_DECLARE_TR_FUNCTIONS(LaunchRequest)
public:
    QString workload =
        QStringLiteral("mlp"); // mlp | encoder | torchscript | train-mlp | train-encoder
    QStringList modes{QStringLiteral("eager"), QStringLiteral("compiled")};
    QStringList dtypes{QStringLiteral("float32"), QStringLiteral("bfloat16")};
    int batch = 64;
    int seqLen = 128;    // encoder workloads only
    int worldSize = 1;   // training: data-parallel ranks on this machine (RankGroupLauncher)
    QString modelPath;   // torchscript only
    QString inputSpec;   // torchscript only: "float32[64,128];int64[64,16]"
    QString catalogPath; // shape catalog JSON; empty: the batch above only
    QString preset = QStringLiteral("standard"); // smoke | standard | loadgen | custom
    int warmup = 20;                             // custom preset: minimum warmup iterations
    int iterations = 500;                        // custom preset: minimum steady iterations
    double minSeconds = 0;                       // custom preset: minimum steady seconds (0: none)
    int threads = 1;
    double deadlineSeconds = 0; // 0: none
    int profileSteps = 0;       // > 0: profile N calls after the steady phase (0: the target's)
    bool transfers = false;     // inference: time the copies to and from the device
    bool pinned = false;        // ... from pinned host memory where the device allows it
    TargetProfile target;       // where the runs execute (default: this machine)
    QString runKeyPrefix;       // empty: the runner's default keys

    QStringList validate() const;         // one sentence per problem; empty when valid
    std::vector<RunSpec> toSpecs() const; // empty when invalid
    int runCount() const { return int(modes.size() * dtypes.size()); }

    static bool isEncoderWorkload(const QString &workload);
    // resources/catalogs/default.json as installed: <exe dir>/../share/torchpilot/catalogs (a
    // build tree stages the same layout); empty when not found.
    static QString shippedCatalogPath();
};

} // namespace tp
