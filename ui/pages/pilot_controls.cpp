#include "pilot_controls.h"

#include "pilot_run.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace tp
{

PilotControls::PilotControls(std::function<QString()> databasePath, QObject *parent)
    : QObject(parent), m_databasePath(std::move(databasePath)), m_pilot(new PilotRun(this))
{
}

bool PilotControls::isRunning() const
{
    return m_pilot->isRunning();
}

QLayout *PilotControls::addTo(QHBoxLayout *buttons)
{
    m_runPilot = new QPushButton(tr("Run pilot"));
    m_runPilot->setObjectName(QStringLiteral("runPilot"));
    m_runPilot->setToolTip(tr("Collect every piece of evidence the selected pilot needs, on both "
                              "sides (what 'torchpilot pilot' does), then say what is left for "
                              "the reviewer."));
    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("pilotPreset"));
    // The preset names as the CLI spells them (--preset), so the combo stays narrow; what each
    // costs is in its tooltip.
    const std::pair<const char *, QString> presets[] = {
        {"smoke", tr("smoke: seconds, but fp32 runs are often too noisy to judge")},
        {"standard", tr("standard: the default, under a minute on 2 cores")},
        {"loadgen", tr("loadgen: MLPerf LoadGen's minimums, 60 s per run")}};
    for (const auto &[name, description] : presets) {
        m_preset->addItem(QString::fromLatin1(name), QString::fromLatin1(name));
        m_preset->setItemData(m_preset->count() - 1, description, Qt::ToolTipRole);
    }
    m_preset->setCurrentIndex(m_preset->findData(QStringLiteral("standard")));
    m_preset->setToolTip(tr("Protocol preset of the pilot's runs.") + QLatin1Char('\n') +
                         presets[0].second + QLatin1Char('\n') + presets[1].second +
                         QLatin1Char('\n') + presets[2].second);
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_profileSteps = new QSpinBox;
    m_profileSteps->setObjectName(QStringLiteral("pilotProfileSteps"));
    m_profileSteps->setRange(0, 1000);
    m_profileSteps->setValue(5);
    m_profileSteps->setPrefix(tr("Profile steps: "));
    m_profileSteps->setToolTip(
        tr("Calls of each inference run profiled after its steady phase (0: none). The "
           "compatibility gate compares the two sides' host round-trips from these profiles; the "
           "traces are kept next to the database."));
    m_findPeak = new QPushButton(tr("Find peak QPS"));
    m_findPeak->setObjectName(QStringLiteral("findPeak"));
    m_findPeak->setToolTip(
        tr("Each side's peak QPS within the pilot's SLO: server-scenario runs (Poisson arrivals, "
           "a queue and a dynamic batcher) at a start rate, halved until one meets the SLO, "
           "doubled until one misses it, then bisected; every probe a stored run (what "
           "'torchpilot peak' does)."));
    m_cancelPilot = new QPushButton(tr("Cancel pilot"));
    m_cancelPilot->setObjectName(QStringLiteral("cancelPilot"));
    m_cancelPilot->setEnabled(false);
    buttons->addWidget(m_runPilot);
    buttons->addWidget(m_preset);
    buttons->addWidget(m_profileSteps);
    buttons->addWidget(m_findPeak);
    buttons->addWidget(m_cancelPilot);

    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("pilotProgress"));
    m_progress->setFormat(QStringLiteral("%v/%m"));
    m_progress->setTextVisible(true);
    m_progress->setMaximumWidth(240);
    m_progress->hide();
    m_status = new QLabel;
    m_status->setTextFormat(Qt::PlainText); // the pilot's steps name workloads and gates
    m_status->setObjectName(QStringLiteral("pilotStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *row = new QHBoxLayout;
    row->addWidget(m_progress);
    row->addWidget(m_status, 1);

    connect(m_runPilot, &QPushButton::clicked, this, &PilotControls::runPilot);
    connect(m_findPeak, &QPushButton::clicked, this, &PilotControls::findPeak);
    connect(m_cancelPilot, &QPushButton::clicked, this, [this] {
        m_cancelPilot->setEnabled(false);
        m_status->setText(m_servingOnly ? tr("Cancelling the peak search…")
                                        : tr("Cancelling the pilot…"));
        m_pilot->cancel();
    });
    connect(m_pilot, &PilotRun::line, this, &PilotControls::logLine);
    connect(m_pilot, &PilotRun::progress, this, &PilotControls::onProgress);
    connect(m_pilot, &PilotRun::finished, this, &PilotControls::onFinished);
    return row;
}

void PilotControls::runPilot()
{
    start(false);
}

void PilotControls::findPeak()
{
    start(true);
}

void PilotControls::start(bool servingOnly)
{
    if (m_pilot->isRunning())
        return;
    if (const QString why = m_refusal ? m_refusal() : QString(); !why.isEmpty()) {
        m_status->setText(why);
        return;
    }
    Q_EMIT started();
    if (!m_pilot->start(m_databasePath(), m_preset->currentData().toString(),
                        m_profileSteps->value(), servingOnly))
        return; // its log line says why
    m_servingOnly = servingOnly;
    setRunning(true);
    m_progress->setRange(0, 0); // busy until the first step says how many there are
    m_progress->show();
    m_status->setText(servingOnly ? tr("Peak search running…")
                                  : tr("Pilot running (preset %1)…").arg(m_preset->currentText()));
}

void PilotControls::setRunning(bool running)
{
    m_runPilot->setEnabled(!running);
    m_findPeak->setEnabled(!running);
    m_preset->setEnabled(!running);
    m_profileSteps->setEnabled(!running);
    m_cancelPilot->setEnabled(running);
}

void PilotControls::onProgress(int step, int total, const QString &what)
{
    if (total <= 0)
        return;
    m_progress->setRange(0, total);
    m_progress->setValue(std::clamp(step - 1, 0, total)); // steps done so far
    m_status->setText(tr("Pilot step %1 of %2: %3").arg(step).arg(total).arg(what));
}

void PilotControls::onFinished(int exitCode, bool cancelled)
{
    setRunning(false);
    if (m_progress->maximum() == 0) // never got a step: stop the busy bar
        m_progress->setRange(0, 1);
    if (!cancelled && exitCode == 0)
        m_progress->setValue(m_progress->maximum());
    const QStringList left = m_pilot->leftForReviewer();
    QString text;
    if (m_servingOnly)
        text = cancelled       ? tr("Peak search cancelled")
               : exitCode != 0 ? tr("Peak search stopped with exit code %1").arg(exitCode)
                               : tr("Peak search finished: each side's peak is in the log, the "
                                    "Charts and the Compare page");
    else if (cancelled)
        text = tr("Pilot cancelled");
    else if (exitCode != 0)
        text = tr("Pilot stopped with exit code %1").arg(exitCode);
    else if (left.isEmpty())
        text = tr("Pilot finished: every gate criterion judged from evidence");
    else
        text = tr("Pilot finished; left for the reviewer: %1").arg(left.join(QStringLiteral("; ")));
    m_status->setText(text);
    Q_EMIT logLine(QStringLiteral("— ") + text);
    Q_EMIT finished(exitCode);
    if (!cancelled && exitCode != 2)
        Q_EMIT decided();
}

} // namespace tp
