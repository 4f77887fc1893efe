#include "run_detail_view.h"

#include "alert_list.h"
#include "alert_store.h"
#include "alert_text.h"
#include "cold_warm_chart.h"
#include "contract.h"
#include "format.h"
#include "run_judge.h"
#include "store.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
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

RunDetailView::RunDetailView(QWidget *parent) : QWidget(parent)
{
    m_stack = new QStackedWidget(this);
    m_empty = new QLabel(this);
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

QLabel *RunDetailView::addFigure(QFormLayout *form, const QString &label)
{
    auto *value = new QLabel;
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(label, value);
    return value;
}

QWidget *RunDetailView::buildContent()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(12, 8, 8, 8);

    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status = new QLabel;
    QFont statusFont = m_status->font();
    statusFont.setBold(true);
    m_status->setFont(statusFont);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_title, 1);
    titleRow->addWidget(m_status);
    layout->addLayout(titleRow);

    m_subtitle = new QLabel;
    m_started = new QLabel;
    m_started->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto *subRow = new QHBoxLayout;
    subRow->addWidget(m_subtitle, 1);
    subRow->addWidget(m_started);
    layout->addLayout(subRow);

    auto *timing = new QGroupBox(tr("Timing (per batch)"));
    auto *timingForm = new QFormLayout(timing);
    m_firstCall = addFigure(timingForm, tr("First call (cold):"));
    m_warmupMean = addFigure(timingForm, tr("Warmup mean:"));
    m_steadyMean = addFigure(timingForm, tr("Steady mean:"));
    m_p50 = addFigure(timingForm, tr("Steady p50:"));
    m_p90 = addFigure(timingForm, tr("Steady p90:"));
    m_p99 = addFigure(timingForm, tr("Steady p99:"));

    auto *result = new QGroupBox(tr("Result"));
    auto *resultForm = new QFormLayout(result);
    m_throughput = addFigure(resultForm, tr("Samples/s:"));
    m_finite = addFigure(resultForm, tr("Outputs finite:"));
    m_steadyCount = addFigure(resultForm, tr("Steady samples:"));
    m_batch = addFigure(resultForm, tr("Batch:"));

    auto *verdicts = new QGroupBox(tr("Evidence"));
    auto *verdictForm = new QFormLayout(verdicts);
    m_validity = addFigure(verdictForm, tr("Validity:"));
    m_witness = addFigure(verdictForm, tr("Runner's summary:"));
    m_witness->setObjectName(QStringLiteral("runWitness"));
    m_precision = addFigure(verdictForm, tr("Precision:"));
    m_cache = addFigure(verdictForm, tr("Cache:"));
    m_resources = addFigure(verdictForm, tr("Peak RAM:"));
    m_validity->setWordWrap(true);
    m_witness->setWordWrap(true);
    m_precision->setWordWrap(true);

    auto *env = new QGroupBox(tr("Environment"));
    auto *envForm = new QFormLayout(env);
    m_torch = addFigure(envForm, tr("Torch:"));
    m_threads = addFigure(envForm, tr("Threads:"));
    m_cpu = addFigure(envForm, tr("CPU:"));
    m_blas = addFigure(envForm, tr("BLAS:"));
    m_host = addFigure(envForm, tr("Host:"));
    m_source = addFigure(envForm, tr("Source:"));
    // Free-text values (paths, CPU names) wrap or clip instead of widening the whole page.
    for (QLabel *freeText :
         {m_source, m_torch, m_cpu, m_blas, m_host, m_validity, m_witness, m_precision}) {
        freeText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        freeText->setMinimumWidth(60);
    }
    m_cpu->setWordWrap(true);

    // Figures in a column on the left, the chart beside them: the page sits under the runs
    // table, so width is plentiful and height is not.
    auto *groups = new QGridLayout;
    groups->addWidget(timing, 0, 0);
    groups->addWidget(verdicts, 0, 1);
    groups->addWidget(result, 1, 0);
    groups->addWidget(env, 1, 1);
    groups->setRowStretch(2, 1);
    auto *groupsBox = new QWidget;
    groupsBox->setLayout(groups);
    groupsBox->setFixedWidth(560);
    groups->setContentsMargins(0, 0, 0, 0);

    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(
        QStringLiteral("QLabel { color: #c62828; border: 1px solid #e0a0a0; "
                       "border-radius: 3px; padding: 4px; background: #fdf0f0; }"));
    layout->addWidget(m_error);

    m_alerts = new QLabel;
    m_alerts->setObjectName(QStringLiteral("runAlerts"));
    m_alerts->setWordWrap(true);
    m_alerts->setTextFormat(Qt::RichText);
    m_alerts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_alerts);

    m_chart = new ColdWarmChart;
    auto *body = new QHBoxLayout;
    body->addWidget(groupsBox);
    body->addWidget(m_chart, 1);
    layout->addLayout(body, 1);
    return page;
}

void RunDetailView::showVerdicts(const RunRecord &run)
{
    const QJsonArray reasons =
        QJsonDocument::fromJson(QByteArray::fromStdString(run.validityReasonsJson)).array();
    QStringList why;
    for (const auto &r : reasons)
        why << r.toString();
    if (!run.valid)
        m_validity->setText(fmt::missing());
    else if (*run.valid)
        m_validity->setText(tr("valid evidence"));
    else
        m_validity->setText(
            tr("<b>invalid</b>: %1").arg(why.join(QStringLiteral("; ")).toHtmlEscaped()));
    const QString policy =
        run.validityPolicy.empty() ? fmt::missing() : fmt::fromStd(run.validityPolicy);
    m_validity->setToolTip(
        tr("Judged by the store from the stored samples, validity policy %1").arg(policy) +
        (why.isEmpty() ? QString() : QLatin1Char('\n') + why.join(QLatin1Char('\n'))));
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
    m_witness->setToolTip(differs.join(QLatin1Char('\n'))); // the values, runner against store
    if (run.precisionVerdict.empty())
        m_precision->setText(tr("not checked"));
    else
        m_precision->setText(
            tr("%1 (policy %2)")
                .arg(run.precisionVerdict == "pass" ? tr("pass") : tr("<b>fail</b>"),
                     fmt::fromStd(run.precisionPolicy).toHtmlEscaped()));
    m_cache->setText(run.cacheState.empty() ? fmt::missing() : fmt::fromStd(run.cacheState));
    m_resources->setText(run.peakRssBytes ? QLocale().formattedDataSize(*run.peakRssBytes)
                                          : fmt::missing());
}

void RunDetailView::showEmpty(const QString &message)
{
    m_runId = 0;
    m_empty->setText(message.isEmpty() ? tr("Select a run to see its figures.") : message);
    m_chart->clear();
    m_stack->setCurrentIndex(0);
}

void RunDetailView::showRun(Store &store, long long runId)
{
    try {
        const std::optional<RunRecord> run = store.run(runId);
        if (!run) {
            showEmpty(tr("Run %1 is not in the store.").arg(runId));
            return;
        }
        showRun(*run, store.samples(runId, phase::Warmup), store.samples(runId, phase::Steady),
                AlertStore(store).forRun(runId));
    } catch (const std::exception &e) {
        showEmpty(tr("Cannot read run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }
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
    m_runId = run.id;
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
    m_source->setToolTip(source);

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
