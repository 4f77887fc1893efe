#include "run_outcome_text.h"

#include "cli_commands.h"
#include "model/store/dist_run_rows.h"
#include "model/store/store.h"
#include "rank_group_text.h"
#include "runner/orchestrate/spec_runs.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTextStream>

#include <optional>

namespace tp::cli
{
namespace
{
struct Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

QString formatSeconds(std::optional<double> s)
{
    if (!s)
        return QStringLiteral("—");
    const double v = *s;
    if (v < 1e-3)
        return QStringLiteral("%1 µs").arg(v * 1e6, 0, 'f', 1);
    if (v < 1.0)
        return QStringLiteral("%1 ms").arg(v * 1e3, 0, 'f', 2);
    return QStringLiteral("%1 s").arg(v, 0, 'f', 3);
}
} // namespace

void printRunnerLine(const QString &line)
{
    err() << QStringLiteral("  runner: ") << line << Qt::endl;
}

bool printSpecRun(Store &store, const SpecRun &specRun)
{
    const LaunchResult &result = specRun.launch;
    const QString &label = specRun.label;
    const auto run = result.runId ? store.run(result.runId) : std::nullopt;
    if (result.runId && distributedRunOf(store, result.runId)) { // local ranks or pods
        const bool groupOk = printRankGroup(store, result.runId, label);
        if (!groupOk)
            out() << Cli::tr("%1: %2 — %3").arg(label, result.status, result.error) << Qt::endl;
        return groupOk;
    }
    if (run && run->status == "ok") {
        out() << Cli::tr("%1: ok — steady %2/batch (p50 %3, p99 %4), %5 samples/s, first call "
                         "%6 [run %7]")
                     .arg(label, formatSeconds(run->meanBatchSeconds),
                          formatSeconds(run->p50Seconds), formatSeconds(run->p99Seconds),
                          QLocale::system().toString(run->samplesPerSecond.value_or(0), 'f', 0),
                          formatSeconds(run->firstCallSeconds))
                     .arg(run->id)
              << Qt::endl;
        return true;
    }
    out() << Cli::tr("%1: %2 — %3%4")
                 .arg(label, result.status, result.error,
                      result.runId ? Cli::tr(" [run %1]").arg(result.runId) : QString())
          << Qt::endl;
    return false;
}

} // namespace tp::cli
