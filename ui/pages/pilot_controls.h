#pragma once
// The Queue page's "Run pilot" controls: the button, the preset (smoke, standard, loadgen), Cancel
// pilot, and a row with the pilot's progress bar and status line. They drive a PilotRun (the
// orchestration library on a worker thread) and tell the page what to log and when the pilot
// starts and ends; the page decides whether a pilot may start now (refusal()).
#include <QObject>
#include <QString>

#include <functional>

class QComboBox;
class QSpinBox;
class QHBoxLayout;
class QLabel;
class QLayout;
class QProgressBar;
class QPushButton;

namespace tp
{

class PilotRun;

class PilotControls : public QObject
{
    Q_OBJECT
public:
    // `databasePath` names the database the pilot runs on, asked for at each start.
    PilotControls(std::function<QString()> databasePath, QObject *parent);

    // Adds the buttons and the preset to `row`; returns the progress row to place below it.
    QLayout *addTo(QHBoxLayout *row);
    // Why a pilot may not start now (shown in the status line), or an empty string.
    void setRefusal(std::function<QString()> refusal) { m_refusal = std::move(refusal); }

    PilotRun *pilotRun() const { return m_pilot; }
    bool isRunning() const;

public Q_SLOTS:
    void runPilot(); // with the preset chosen, unless refused
    // Only the pilot's serving step: each side's peak QPS within the SLO (`torchpilot peak`),
    // with the same progress, log and Cancel; unless refused.
    void findPeak();

Q_SIGNALS:
    void started();                    // the pilot runs: its log starts afresh
    void logLine(const QString &line); // for the pilot's log
    void finished(int exitCode);       // its runs are stored
    void decided(); // it ran to its end (not cancelled, not stopped on an error): review it

private:
    void setRunning(bool running);
    void start(bool servingOnly);
    void onProgress(int step, int total, const QString &what);
    void onFinished(int exitCode, bool cancelled);

    std::function<QString()> m_databasePath, m_refusal;
    PilotRun *m_pilot = nullptr;
    QPushButton *m_runPilot = nullptr, *m_cancelPilot = nullptr, *m_findPeak = nullptr;
    bool m_servingOnly = false; // the running job is a peak search, not the whole pilot
    QComboBox *m_preset = nullptr;
    QSpinBox *m_profileSteps = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace tp
