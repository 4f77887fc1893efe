#include "run_detail_view.h"

#include "core/model_text_tr.h"
#include "model/alerts/alert_store.h"
#include "model/analysis/precision_mode.h"
#include "model/contract/contract.h"
#include "model/judge/run_judge.h"
#include "model/store/store.h"
#include "runner/launch/alert_text.h"
#include "ui/charts/cold_warm_chart.h"
#include "ui/format.h"
#include "ui/superseding_task.h"
#include "ui/widgets/alert_list.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace tp
{

namespace
{
QString envText(const QJsonObject &env, const QString &key)
{
    const QJsonValue v = env.value(key);
    if (v.isString() && !v.toString().isEmpty())
        return v.toString();
    if (v.isDouble())
        return QString::number(v.toDouble());
    if (v.isBool())
        return v.toBool() ? RunDetailView::tr("yes") : RunDetailView::tr("no");
    return fmt::missing();
}
} // namespace

RunDetailView::RunDetailView(QWidget *parent)
    : QWidget(parent), m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    m_stack = new QStackedWidget(this);
    m_empty = new QLabel(this);
    m_empty->setTextFormat(Qt::PlainText); // may quote a database error
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(buildContent());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    showEmpty();
}

void RunDetailView::showVerdicts(const RunRecord &run)
{
    const QStringList why = trModelTexts(run.validityReasonsJson); // in the user's language
    if (!run.valid)
        m_validity->setText(fmt::missing());
    else if (*run.valid)
        m_validity->setText(tr("valid evidence"));
    else
        m_validity->setText(
            tr("<b>invalid</b>: %1").arg(why.join(QStringLiteral("; ")).toHtmlEscaped()));
    const QString policy =
        run.validityPolicy.empty() ? fmt::missing() : fmt::fromStd(run.validityPolicy);
    m_validity->setToolTip(fmt::plainToolTip(
        tr("Judged by the store from the stored samples, validity policy %1").arg(policy) +
        (why.isEmpty() ? QString() : QLatin1Char('\n') + why.join(QLatin1Char('\n')))));
    // The runner's own summary is a witness: where it disagrees with the store's figures, say so.
    QStringList differs, fields;
    for (const WitnessDisagreement &w : witnessDisagreements(run.witnessJson)) {
        differs << tr("%1: runner %2, store %3")
                       .arg(fmt::fromStd(w.field), fmt::fromStd(w.runner), fmt::fromStd(w.store));
        fields << fmt::fromStd(w.field);
    }
    if (run.validityPolicy.empty())
        m_witness->setText(fmt::missing());
    else if (differs.isEmpty())
        m_witness->setText(tr("agrees with the store"));
    else
        m_witness->setText(
            tr("<b>disagrees</b> with the store on %n figure(s): %1", nullptr, int(fields.size()))
                .arg(fields.join(QStringLiteral(", ")).toHtmlEscaped()));
    m_witness->setToolTip(
        fmt::plainToolTip(differs.join(QLatin1Char('\n')))); // the values, runner against store
    // The float32 matmul precision the run measured under (torch's setting, TF32, TorchTPU's
    // passes): a float32 failure under a reduced mode is that mode's doing first.
    const std::string matmul =
        matmulPrecisionMode(nlohmann::json::parse(run.envJson, nullptr, false), run.device);
    const QString matmulText =
        matmul.empty() ? QString()
                       : tr("; float32 matmuls: %1").arg(fmt::fromStd(matmul).toHtmlEscaped());
    if (run.precisionVerdict.empty())
        m_precision->setText(tr("not checked") + matmulText);
    else
        m_precision->setText(
            tr("%1 (policy %2)")
                .arg(run.precisionVerdict == "pass" ? tr("pass") : tr("<b>fail</b>"),
                     fmt::fromStd(run.precisionPolicy).toHtmlEscaped()) +
            matmulText);
    m_cache->setText(run.cacheState.empty() ? fmt::missing() : fmt::fromStd(run.cacheState));
    m_resources->setText(run.peakRssBytes ? QLocale().formattedDataSize(*run.peakRssBytes)
                                          : fmt::missing());
}

void RunDetailView::showEmpty(const QString &message)
{
    ++*m_generation; // a load still running must not replace this
    m_runId = 0;
    m_runKey.clear();
    m_empty->setText(message.isEmpty() ? tr("Select a run to see its figures.") : message);
    m_chart->clear();
    m_stack->setCurrentIndex(0);
}

RunDetailView::~RunDetailView()
{
    ++*m_generation; // a load still running is dropped
}

void RunDetailView::loadRun(const Store &store, long long runId)
{
    const quint64 generation = ++*m_generation;
    const std::string path = store.path();
    const ValidityPolicy policy = store.validityPolicy();
    runSuperseding<Loaded>(
        this, m_generation,
        [path, policy, generation, runId] {
            Loaded l;
            l.generation = generation;
            l.runId = runId;
            try {
                Store own(path, policy); // its own connection: never shared across threads
                l.run = own.run(runId);
                if (l.run) {
                    l.warmup = own.samples(runId, phase::Warmup);
                    l.steady = own.samples(runId, phase::Steady);
                    l.alerts = AlertStore(own).forRun(runId);
                    l.group = distributedRunOf(own, runId);
                }
            } catch (const std::exception &e) {
                l.error = tr("Cannot read run %1: %2").arg(runId).arg(QString::fromUtf8(e.what()));
            }
            return l;
        },
        [this](Loaded l) { applyLoaded(std::move(l)); });
}

void RunDetailView::applyLoaded(Loaded l)
{
    if (!l.error.isEmpty())
        showEmpty(l.error);
    else if (!l.run)
        showEmpty(tr("Run %1 is not in the store.").arg(l.runId));
    else
        showRun(*l.run, l.warmup, l.steady, l.alerts);
    showGroup(l.run ? l.group : std::nullopt);
    emit runLoaded(m_runId);
}

// A rank of a data-parallel run: the group's aggregate throughput, every rank's, the slowest.
void RunDetailView::showGroup(const std::optional<DistributedRun> &group)
{
    m_distributed->setVisible(group.has_value());
    if (!group)
        return;
    int rank = -1;
    long long ok = 0;
    QStringList ranks;
    for (const RankRun &r : group->ranks) {
        if (r.runId == m_runId)
            rank = r.rank;
        ok += r.status == "ok";
        ranks << tr("rank %1 (#%2) %3/s")
                     .arg(r.rank)
                     .arg(r.runId)
                     .arg(fmt::throughput(r.samplesPerSecond));
    }
    const QString state = group->complete()
                              ? tr("all ranks stored and ok")
                              : tr("%1 of %2 ranks stored and ok").arg(ok).arg(group->worldSize);
    m_distributed->setText(
        tr("Rank %1 of %2, data-parallel (%3): aggregate %4 samples/s, slowest rank %5 — %6")
            .arg(rank)
            .arg(group->worldSize)
            .arg(state, fmt::throughput(group->aggregateSamplesPerSecond))
            .arg(group->slowestRank)
            .arg(ranks.join(QStringLiteral("; "))));
}

// One line per alert recorded with the run, its dot in the severity's colour; the box takes
// the colour of the worst.
void RunDetailView::showAlerts(const std::vector<RunAlert> &alerts)
{
    m_alerts->setVisible(!alerts.empty());
    if (alerts.empty())
        return;
    AlertSeverity worst = AlertSeverity::Warning;
    QStringList lines;
    for (const RunAlert &a : alerts) {
        const AlertSeverity s = alertSeverity(a.kind);
        if (s == AlertSeverity::Critical)
            worst = s;
        lines << tr("<span style=\"color:%1\">&#9679;</span> <b>%2</b> (%3): %4")
                     .arg(AlertList::severityColor(s).name(),
                          AlertText::kindName(a.kind).toHtmlEscaped(),
                          fmt::timestamp(a.raisedAt).toHtmlEscaped(),
                          AlertText::message(a).toHtmlEscaped());
    }
    m_alerts->setText(tr("Alerts recorded with this run:") + QStringLiteral("<br>") +
                      lines.join(QStringLiteral("<br>")));
    m_alerts->setStyleSheet(
        QStringLiteral("QLabel#runAlerts { border: 1px solid %1; border-radius: 3px; padding: 4px; "
                       "background: %2; }")
            .arg(AlertList::severityColor(worst).name(),
                 AlertList::severityBackground(worst).name()));
}

void RunDetailView::showRun(const RunRecord &run, const std::vector<double> &warmup,
                            const std::vector<double> &steady, const std::vector<RunAlert> &alerts)
{
    ++*m_generation; // a load still running must not replace this
    m_runId = run.id;
    m_distributed->hide(); // loadRun() shows the group once it is read
    m_runKey = run.runKey;
    m_title->setText(run.runKey.empty() ? tr("Run %1").arg(run.id) : fmt::fromStd(run.runKey));
    const QString sep = QStringLiteral("  ·  ");
    m_subtitle->setText(QStringList{fmt::fromStd(run.workload), fmt::fromStd(run.mode),
                                    fmt::fromStd(run.dtype), fmt::fromStd(run.device),
                                    fmt::fromStd(run.target)}
                            .join(sep));
    m_status->setText(fmt::statusLabel(run.status).toUpper());
    m_status->setStyleSheet(
        QStringLiteral("QLabel { color: white; background: %1; border-radius: 3px; "
                       "padding: 2px 8px; }")
            .arg(fmt::statusColor(run.status).name()));
    m_started->setText(tr("#%1 · started %2").arg(run.id).arg(fmt::timestamp(run.startedAt)));

    m_firstCall->setText(fmt::duration(run.firstCallSeconds));
    m_warmupMean->setText(fmt::duration(run.warmupMeanSeconds));
    m_steadyMean->setText(fmt::duration(run.meanBatchSeconds));
    m_p50->setText(fmt::duration(run.p50Seconds));
    m_p90->setText(fmt::duration(run.p90Seconds));
    m_p99->setText(fmt::duration(run.p99Seconds));
    m_throughput->setText(fmt::throughput(run.samplesPerSecond));
    m_finite->setText(!run.finite   ? fmt::missing()
                      : *run.finite ? tr("yes")
                                    : tr("NO — non-finite outputs"));
    m_steadyCount->setText(QLocale().toString(static_cast<qlonglong>(steady.size())));
    m_batch->setText(run.batch > 0 ? QLocale().toString(run.batch) : fmt::missing());
    // An imported file's full path would widen the form; its name is enough, the path is a tooltip.
    const QString source = fmt::fromStd(run.source);
    const bool isPath =
        source.contains(QLatin1Char('/')) && !source.contains(QStringLiteral("://"));
    m_source->setText(source.isEmpty() ? fmt::missing()
                      : isPath         ? QFileInfo(source).fileName()
                                       : source);
    m_source->setToolTip(fmt::plainToolTip(source));

    const QJsonObject env =
        QJsonDocument::fromJson(QByteArray::fromStdString(run.envJson)).object();
    // Which runner measured it: the Python runner says so; the C++ runner reports its version.
    const QString runnerKind = env.value(QStringLiteral("runner_kind")).toString();
    const QString runner = runnerKind == QLatin1String("python")    ? tr("Python runner")
                           : env.contains(QStringLiteral("runner")) ? tr("C++ runner")
                                                                    : QString();
    m_torch->setText(runner.isEmpty()
                         ? envText(env, QStringLiteral("torch"))
                         : tr("%1 · %2").arg(envText(env, QStringLiteral("torch")), runner));
    const QString threads =
        run.threads > 0 ? QString::number(run.threads) : envText(env, QStringLiteral("threads"));
    m_threads->setText(threads);
    m_cpu->setText(envText(env, QStringLiteral("cpu_model")));
    QString blas = envText(env, QStringLiteral("blas"));
    if (env.contains(QStringLiteral("blas_threads")))
        blas = tr("%1 (%2 threads)").arg(blas, envText(env, QStringLiteral("blas_threads")));
    m_blas->setText(blas);
    m_host->setText(envText(env, QStringLiteral("hostname")));

    showVerdicts(run);
    m_error->setVisible(!run.error.empty());
    m_error->setText(tr("Error: %1").arg(fmt::fromStd(run.error)));
    showAlerts(alerts);

    m_chart->setRun(run, warmup, steady);
    m_stack->setCurrentIndex(1);
}

} // namespace tp
