// The texts here were RunDetailView's and the shipped translation has them in its context, so
// they are translated with QCoreApplication::translate("tp::RunDetailView", …), not tr().
#include "run_figures.h"

#include "frontend/model_text_tr.h"
#include "model/analysis/run_environment.h"
#include "model/evidence/run_record.h"
#include "model/judge/run_judge.h"
#include "ui/format.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>

#include <utility>
#include <vector>

namespace tp
{

namespace
{
QString envText(const std::string &value)
{
    return value.empty() ? fmt::missing() : fmt::fromStd(value);
}

// The figure groups, left to right and top to bottom: a group's title, its grid cell, and its
// rows (label, the member that shows the value, whether the value is free text that must wrap
// or clip instead of widening the page).
struct FigureRow {
    QLabel *RunFigures::*value;
    const char *label;
    bool freeText = false;
};
struct FigureGroup {
    const char *title;
    int row, column;
    std::vector<FigureRow> rows;
    int columnSpan = 1;
    QGroupBox *RunFigures::*box = nullptr; // kept where the group is shown or hidden per run
};
} // namespace

QLabel *RunFigures::addFigure(QFormLayout *form, const QString &label)
{
    auto *value = new QLabel;
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Figures are text from the run (a CPU name, a host, a path): shown as they are, never taken
    // for markup. The few that format a verdict say so below.
    value->setTextFormat(Qt::PlainText);
    form->addRow(label, value);
    return value;
}

RunFigures::RunFigures(QWidget *parent) : QWidget(parent)
{
    using V = RunFigures;
    const FigureGroup groups[] = {
        {QT_TRANSLATE_NOOP("tp::RunDetailView", "Timing (per batch)"),
         0,
         0,
         {{&V::m_firstCall, QT_TRANSLATE_NOOP("tp::RunDetailView", "First call (cold):")},
          {&V::m_warmupMean, QT_TRANSLATE_NOOP("tp::RunDetailView", "Warmup mean:")},
          {&V::m_steadyMean, QT_TRANSLATE_NOOP("tp::RunDetailView", "Steady mean:")},
          {&V::m_p50, QT_TRANSLATE_NOOP("tp::RunDetailView", "Steady p50:")},
          {&V::m_p90, QT_TRANSLATE_NOOP("tp::RunDetailView", "Steady p90:")},
          {&V::m_p99, QT_TRANSLATE_NOOP("tp::RunDetailView", "Steady p99:")}}},
        {QT_TRANSLATE_NOOP("tp::RunDetailView", "Evidence"),
         0,
         1,
         {{&V::m_validity, QT_TRANSLATE_NOOP("tp::RunDetailView", "Validity:"), true},
          {&V::m_witness, QT_TRANSLATE_NOOP("tp::RunDetailView", "Runner's summary:"), true},
          {&V::m_precision, QT_TRANSLATE_NOOP("tp::RunDetailView", "Precision:"), true},
          {&V::m_cache, QT_TRANSLATE_NOOP("tp::RunDetailView", "Cache:")},
          {&V::m_resources, QT_TRANSLATE_NOOP("tp::RunDetailView", "Peak RAM:")}}},
        {QT_TRANSLATE_NOOP("tp::RunDetailView", "Result"),
         1,
         0,
         {{&V::m_throughput, QT_TRANSLATE_NOOP("tp::RunDetailView", "Samples/s:")},
          {&V::m_finite, QT_TRANSLATE_NOOP("tp::RunDetailView", "Outputs finite:")},
          {&V::m_steadyCount, QT_TRANSLATE_NOOP("tp::RunDetailView", "Steady samples:")},
          {&V::m_batch, QT_TRANSLATE_NOOP("tp::RunDetailView", "Batch:")}}},
        {QT_TRANSLATE_NOOP("tp::RunDetailView", "Environment"),
         1,
         1,
         {{&V::m_torch, QT_TRANSLATE_NOOP("tp::RunDetailView", "Torch:"), true},
          {&V::m_threads, QT_TRANSLATE_NOOP("tp::RunDetailView", "Threads:")},
          {&V::m_cpu, QT_TRANSLATE_NOOP("tp::RunDetailView", "CPU:"), true},
          {&V::m_blas, QT_TRANSLATE_NOOP("tp::RunDetailView", "BLAS:"), true},
          {&V::m_host, QT_TRANSLATE_NOOP("tp::RunDetailView", "Host:"), true},
          {&V::m_source, QT_TRANSLATE_NOOP("tp::RunDetailView", "Source:"), true}}},
        // The GPU's name or the TPU's facts (issue 41): the width of both columns, since the
        // TorchTPU settings run long; shown only for a run that names an accelerator.
        {QT_TRANSLATE_NOOP("tp::RunDetailView", "Accelerator"),
         2,
         0,
         {{&V::m_accelerator, QT_TRANSLATE_NOOP("tp::RunDetailView", "Device:")},
          {&V::m_tpuSettings, QT_TRANSLATE_NOOP("tp::RunDetailView", "TorchTPU:")},
          {&V::m_tpuCompiled, QT_TRANSLATE_NOOP("tp::RunDetailView", "Compiled programs:")}},
         2,
         &V::m_acceleratorBox},
    };
    auto *grid = new QGridLayout;
    for (const FigureGroup &g : groups) {
        auto *box = new QGroupBox(QCoreApplication::translate("tp::RunDetailView", g.title));
        auto *form = new QFormLayout(box);
        for (const FigureRow &r : g.rows) {
            QLabel *value =
                addFigure(form, QCoreApplication::translate("tp::RunDetailView", r.label));
            this->*r.value = value;
            if (r.freeText) { // paths, CPU names: wrap or clip instead of widening the page
                value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
                value->setMinimumWidth(60);
            }
        }
        grid->addWidget(box, g.row, g.column, 1, g.columnSpan);
        if (g.box)
            this->*g.box = box;
    }
    for (QLabel *wraps :
         {m_validity, m_witness, m_precision, m_cpu, m_accelerator, m_tpuSettings, m_tpuCompiled})
        wraps->setWordWrap(true);
    for (QLabel *verdict : {m_validity, m_witness, m_precision}) // <b> verdicts, data escaped
        verdict->setTextFormat(Qt::RichText);
    m_witness->setObjectName(QStringLiteral("runWitness"));
    grid->setRowStretch(3, 1);
    grid->setContentsMargins(0, 0, 0, 0);
    setLayout(grid);
    setFixedWidth(560);
}

void RunFigures::showRun(const RunRecord &run, std::size_t steadyCount)
{
    m_firstCall->setText(fmt::duration(run.firstCallSeconds));
    m_warmupMean->setText(fmt::duration(run.warmupMeanSeconds));
    m_steadyMean->setText(fmt::duration(run.meanBatchSeconds));
    m_p50->setText(fmt::duration(run.p50Seconds));
    m_p90->setText(fmt::duration(run.p90Seconds));
    m_p99->setText(fmt::duration(run.p99Seconds));
    m_throughput->setText(fmt::throughput(run.samplesPerSecond));
    m_finite->setText(!run.finite   ? fmt::missing()
                      : *run.finite ? QCoreApplication::translate("tp::RunDetailView", "yes")
                                    : QCoreApplication::translate("tp::RunDetailView",
                                                                  "NO — non-finite outputs"));
    m_steadyCount->setText(QLocale().toString(static_cast<qlonglong>(steadyCount)));
    m_batch->setText(run.batch > 0 ? QLocale().toString(run.batch) : fmt::missing());
    // An imported file's full path would widen the form; its name is enough, the path is a tooltip.
    const QString source = fmt::fromStd(run.source);
    const bool isPath =
        source.contains(QLatin1Char('/')) && !source.contains(QStringLiteral("://"));
    m_source->setText(source.isEmpty() ? fmt::missing()
                      : isPath         ? QFileInfo(source).fileName()
                                       : source);
    m_source->setToolTip(fmt::plainToolTip(source));
    const RunEnvironment env = runEnvironment(run);
    showEnvironment(env);
    showVerdicts(run, env);
}

void RunFigures::showEnvironment(const RunEnvironment &env)
{
    // Which runner measured it: the Python runner says so; the C++ runner reports its version.
    const QString runner = env.runner == RunEnvironment::Runner::Python
                               ? QCoreApplication::translate("tp::RunDetailView", "Python runner")
                           : env.runner == RunEnvironment::Runner::Cpp
                               ? QCoreApplication::translate("tp::RunDetailView", "C++ runner")
                               : QString();
    m_torch->setText(runner.isEmpty() ? envText(env.torch)
                                      : QCoreApplication::translate("tp::RunDetailView", "%1 · %2")
                                            .arg(envText(env.torch), runner));
    m_threads->setText(envText(env.threads));
    m_cpu->setText(envText(env.cpuModel));
    QString blas = envText(env.blas);
    if (!env.blasThreads.empty())
        blas = QCoreApplication::translate("tp::RunDetailView", "%1 (%2 threads)")
                   .arg(blas, envText(env.blasThreads));
    m_blas->setText(blas);
    m_host->setText(envText(env.hostname));
    showAccelerator(env.accelerator);
}

// The GPU's name, or what a TorchTPU run recorded of its TPU (its name, HBM, eager mode; then its
// build, CPU fallback, random state in checkpoints and compiler flags) and of what its compiled
// programs cost (model/analysis/accelerator_facts.h), in three rows.
void RunFigures::showAccelerator(const AcceleratorFacts &f)
{
    // RunFigures' own tr(): these texts are new, in its own translation context.
    const QLocale locale;
    QStringList device, settings, compiled;
    if (!f.name.empty())
        device << fmt::fromStd(f.name);
    if (f.memoryBytes)
        device << tr("%1 HBM").arg(locale.formattedDataSize(qint64(*f.memoryBytes)));
    if (!f.eagerMode.empty())
        device << tr("eager %1").arg(fmt::fromStd(f.eagerMode));
    if (f.optimizedBuild)
        settings << (*f.optimizedBuild ? tr("optimized build") : tr("UNOPTIMIZED build"));
    if (f.cpuFallback)
        settings << (*f.cpuFallback ? tr("CPU fallback on") : tr("CPU fallback off"));
    if (f.rngInCheckpoints)
        settings << (*f.rngInCheckpoints ? tr("checkpoints keep the TPU random state")
                                         : tr("checkpoints lack the TPU random state"));
    if (f.compiledProgramsHbmBytes)
        compiled << (f.compiledPrograms
                         ? tr("%1 HBM in %2 executables")
                               .arg(locale.formattedDataSize(qint64(*f.compiledProgramsHbmBytes)))
                               .arg(qlonglong(*f.compiledPrograms))
                         : tr("%1 HBM").arg(
                               locale.formattedDataSize(qint64(*f.compiledProgramsHbmBytes))));
    if (f.compileHostPeakBytes)
        compiled << tr("compile host memory peak %1")
                        .arg(locale.formattedDataSize(qint64(*f.compileHostPeakBytes)));
    const QString separator = QStringLiteral(" · ");
    m_accelerator->setText(device.isEmpty() ? fmt::missing() : device.join(separator));
    m_tpuSettings->setText(settings.isEmpty() ? fmt::missing() : settings.join(separator));
    m_tpuCompiled->setText(compiled.isEmpty() ? fmt::missing() : compiled.join(separator));
    // The group only for a run that names an accelerator; TorchTPU's rows only for a TPU run.
    m_acceleratorBox->setVisible(f.tpu || !f.name.empty());
    if (auto *form = qobject_cast<QFormLayout *>(m_acceleratorBox->layout())) {
        form->setRowVisible(m_tpuSettings, f.tpu);
        form->setRowVisible(m_tpuCompiled, f.tpu);
    }
    // The compiler's flags are long: named in the row, their values in its tooltip.
    QStringList names, flags;
    for (const auto &[name, value] :
         {std::pair{"XLA_FLAGS", &f.xlaFlags}, std::pair{"LIBTPU_INIT_ARGS", &f.libtpuInitArgs}})
        if (!value->empty()) {
            names << QLatin1String(name);
            flags << QStringLiteral("%1=%2").arg(QLatin1String(name), fmt::fromStd(*value));
        }
    m_tpuSettings->setToolTip(fmt::plainToolTip(flags.join(QLatin1Char('\n'))));
    if (!names.isEmpty())
        m_tpuSettings->setText(m_tpuSettings->text() + separator +
                               tr("compiler flags set (%1)").arg(names.join(QStringLiteral(", "))));
}

void RunFigures::showVerdicts(const RunRecord &run, const RunEnvironment &env)
{
    const QStringList why = trModelTexts(run.validityReasons); // in the user's language
    if (!run.valid)
        m_validity->setText(fmt::missing());
    else if (*run.valid)
        m_validity->setText(QCoreApplication::translate("tp::RunDetailView", "valid evidence"));
    else
        m_validity->setText(QCoreApplication::translate("tp::RunDetailView", "<b>invalid</b>: %1")
                                .arg(why.join(QStringLiteral("; ")).toHtmlEscaped()));
    const QString policy =
        run.validityPolicy.empty() ? fmt::missing() : fmt::fromStd(run.validityPolicy);
    m_validity->setToolTip(fmt::plainToolTip(
        QCoreApplication::translate("tp::RunDetailView",
                                    "Judged by the store from the stored samples, validity "
                                    "policy %1")
            .arg(policy) +
        (why.isEmpty() ? QString() : QLatin1Char('\n') + why.join(QLatin1Char('\n')))));
    // The runner's own summary is a witness: where it disagrees with the store's figures, say so.
    QStringList differs, fields;
    for (const WitnessDisagreement &w : witnessDisagreements(run.witnessJson)) {
        differs << QCoreApplication::translate("tp::RunDetailView", "%1: runner %2, store %3")
                       .arg(fmt::fromStd(w.field), fmt::fromStd(w.runner), fmt::fromStd(w.store));
        fields << fmt::fromStd(w.field);
    }
    if (run.validityPolicy.empty())
        m_witness->setText(fmt::missing());
    else if (differs.isEmpty())
        m_witness->setText(
            QCoreApplication::translate("tp::RunDetailView", "agrees with the store"));
    else
        m_witness->setText(
            QCoreApplication::translate("tp::RunDetailView",
                                        "<b>disagrees</b> with the store on %n figure(s): %1",
                                        nullptr, int(fields.size()))
                .arg(fields.join(QStringLiteral(", ")).toHtmlEscaped()));
    m_witness->setToolTip(
        fmt::plainToolTip(differs.join(QLatin1Char('\n')))); // the values, runner against store
    // The float32 matmul precision the run measured under (torch's setting, TF32, TorchTPU's
    // passes): a float32 failure under a reduced mode is that mode's doing first.
    const std::string &matmul = env.matmulPrecision;
    const QString matmulText =
        matmul.empty() ? QString()
                       : QCoreApplication::translate("tp::RunDetailView", "; float32 matmuls: %1")
                             .arg(fmt::fromStd(matmul).toHtmlEscaped());
    if (run.precisionVerdict.empty())
        m_precision->setText(QCoreApplication::translate("tp::RunDetailView", "not checked") +
                             matmulText);
    else
        m_precision->setText(
            QCoreApplication::translate("tp::RunDetailView", "%1 (policy %2)")
                .arg(run.precisionVerdict == "pass"
                         ? QCoreApplication::translate("tp::RunDetailView", "pass")
                         : QCoreApplication::translate("tp::RunDetailView", "<b>fail</b>"),
                     fmt::fromStd(run.precisionPolicy).toHtmlEscaped()) +
            matmulText);
    m_cache->setText(run.cacheState.empty() ? fmt::missing() : fmt::fromStd(run.cacheState));
    m_resources->setText(run.peakRssBytes ? QLocale().formattedDataSize(*run.peakRssBytes)
                                          : fmt::missing());
}

} // namespace tp
