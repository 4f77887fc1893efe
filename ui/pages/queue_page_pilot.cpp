// The Queue page's "Run pilot": the selected pilot's evidence collected on PilotRun's worker
// thread (the orchestration library `torchpilot pilot` uses too), which does every database write.
// Its log lines go to the log view under a job id of its own (kPilotLogId), its steps to a
// progress bar.
#include "queue_page.h"

#include "pilot_run.h"
#include "runner/launch/run_queue.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>

#include <algorithm>

namespace tp
{

QLayout *QueuePage::setUpPilot(QHBoxLayout *buttons)
{
    m_pilot = new PilotRun(this);
    m_runPilot = new QPushButton(tr("Run pilot"));
    m_runPilot->setObjectName(QStringLiteral("runPilot"));
    m_runPilot->setToolTip(tr("Collect every piece of evidence the selected pilot needs, on both "
                              "sides (what 'torchpilot pilot' does), then say what is left for "
                              "the reviewer."));
    m_pilotPreset = new QComboBox;
    m_pilotPreset->setObjectName(QStringLiteral("pilotPreset"));
    // The preset names as the CLI spells them (--preset), so the combo stays narrow; what each
    // costs is in its tooltip.
    const std::pair<const char *, QString> presets[] = {
        {"smoke", tr("smoke: seconds, but fp32 runs are often too noisy to judge")},
        {"standard", tr("standard: the default, under a minute on 2 cores")},
        {"loadgen", tr("loadgen: MLPerf LoadGen's minimums, 60 s per run")}};
    for (const auto &[name, description] : presets) {
        m_pilotPreset->addItem(QString::fromLatin1(name), QString::fromLatin1(name));
        m_pilotPreset->setItemData(m_pilotPreset->count() - 1, description, Qt::ToolTipRole);
    }
    m_pilotPreset->setCurrentIndex(m_pilotPreset->findData(QStringLiteral("standard")));
    m_pilotPreset->setToolTip(tr("Protocol preset of the pilot's runs.") + QLatin1Char('\n') +
                              presets[0].second + QLatin1Char('\n') + presets[1].second +
                              QLatin1Char('\n') + presets[2].second);
    m_pilotPreset->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_cancelPilot = new QPushButton(tr("Cancel pilot"));
    m_cancelPilot->setObjectName(QStringLiteral("cancelPilot"));
    m_cancelPilot->setEnabled(false);
    buttons->addWidget(m_runPilot);
    buttons->addWidget(m_pilotPreset);
    buttons->addWidget(m_cancelPilot);

    m_pilotProgress = new QProgressBar;
    m_pilotProgress->setObjectName(QStringLiteral("pilotProgress"));
    m_pilotProgress->setFormat(QStringLiteral("%v/%m"));
    m_pilotProgress->setTextVisible(true);
    m_pilotProgress->setMaximumWidth(240);
    m_pilotProgress->hide();
    m_pilotStatus = new QLabel;
    m_pilotStatus->setTextFormat(Qt::PlainText); // the pilot's steps name workloads and gates
    m_pilotStatus->setObjectName(QStringLiteral("pilotStatus"));
    m_pilotStatus->setWordWrap(true);
    m_pilotStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *row = new QHBoxLayout;
    row->addWidget(m_pilotProgress);
    row->addWidget(m_pilotStatus, 1);

    connect(m_runPilot, &QPushButton::clicked, this, &QueuePage::runPilot);
    connect(m_cancelPilot, &QPushButton::clicked, this, [this] {
        m_cancelPilot->setEnabled(false);
        m_pilotStatus->setText(tr("Cancelling the pilot…"));
        m_pilot->cancel();
    });
    connect(m_pilot, &PilotRun::line, this,
            [this](const QString &line) { appendLog(kPilotLogId, line); });
    connect(m_pilot, &PilotRun::progress, this, &QueuePage::onPilotProgress);
    connect(m_pilot, &PilotRun::finished, this, &QueuePage::onPilotFinished);
    return row;
}

void QueuePage::runPilot()
{
    if (m_pilot->isRunning())
        return;
    if (m_queue->pendingCount() > 0) {
        m_pilotStatus->setText(tr("Wait for the queued runs to finish: parallel runs perturb "
                                  "each other's timings."));
        return;
    }
    m_logs.remove(kPilotLogId);
    if (!m_pilot->start(m_queue->databasePath(), m_pilotPreset->currentData().toString()))
        return; // its log line says why
    setPilotRunning(true);
    m_pilotProgress->setRange(0, 0); // busy until the first step says how many there are
    m_pilotProgress->show();
    m_pilotStatus->setText(tr("Pilot running (preset %1)…").arg(m_pilotPreset->currentText()));
    m_table->selectionModel()->clearCurrentIndex(); // selecting any job shows its log again
    showLogOf(kPilotLogId);
}

void QueuePage::setPilotRunning(bool running)
{
    m_newRun->setEnabled(!running);
    m_runPilot->setEnabled(!running);
    m_pilotPreset->setEnabled(!running);
    m_cancelPilot->setEnabled(running);
}

void QueuePage::onPilotProgress(int step, int total, const QString &what)
{
    if (total <= 0)
        return;
    m_pilotProgress->setRange(0, total);
    m_pilotProgress->setValue(std::clamp(step - 1, 0, total)); // steps done so far
    m_pilotStatus->setText(tr("Pilot step %1 of %2: %3").arg(step).arg(total).arg(what));
}

void QueuePage::onPilotFinished(int exitCode, bool cancelled)
{
    setPilotRunning(false);
    if (m_pilotProgress->maximum() == 0) // never got a step: stop the busy bar
        m_pilotProgress->setRange(0, 1);
    if (!cancelled && exitCode == 0)
        m_pilotProgress->setValue(m_pilotProgress->maximum());
    const QStringList left = m_pilot->leftForReviewer();
    QString text;
    if (cancelled)
        text = tr("Pilot cancelled");
    else if (exitCode != 0)
        text = tr("Pilot stopped with exit code %1").arg(exitCode);
    else if (left.isEmpty())
        text = tr("Pilot finished: every gate criterion judged from evidence");
    else
        text = tr("Pilot finished; left for the reviewer: %1").arg(left.join(QStringLiteral("; ")));
    m_pilotStatus->setText(text);
    appendLog(kPilotLogId, QStringLiteral("— ") + text);
    Q_EMIT pilotFinished(exitCode);
}

} // namespace tp
