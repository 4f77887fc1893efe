#pragma once
// The pods of the Kubernetes Job that KubeLauncher (kube_launcher.h) runs, by completion index:
// the only pod of a single-host Job, one pod per rank of an Indexed Job (k8s_job.h). It reads
// `kubectl get pods` (which index a pod is, when it was created and started, on which node) and,
// once every pod has started, follows each index >= 1 with a `kubectl logs -f` of its own into a
// run of its own (its own ingestor), so each rank is one run; index 0 streams through the
// launcher. At the end it records each rank's scheduling and the Job's status on the rank's run,
// ends the ranks' runs and says which rank failed.
//
// Its messages are worded in KubeLauncher's translation context (KubeLauncher::tr), like every
// other message of the Kubernetes launcher.
#include "runner/launch/k8s/k8s_job.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QProcess;

namespace tp
{

class RunIngestor;
class Store;

class KubeRankPods : public QObject
{
    Q_OBJECT
public:
    // One pod as the latest `kubectl get pods` showed it.
    struct PodState {
        QString pod;     // its name
        QString state;   // its phase, or its container's waiting reason
        QString message; // kubectl's explanation (may be empty)
    };
    // What one pod list says about the Job's pods.
    struct Listing {
        std::optional<PodState> failed;  // a pod that will not start (image, config): stop there
        std::optional<PodState> waiting; // the first pod still waiting, for the log
        std::size_t notStarted = 0;      // indexes without a started pod (0: every one started)
    };

    // launchEnded: true once the launcher's own stream has ended; ranks' output is dropped then.
    KubeRankPods(Store &store, KubeJobConfig config, QString targetName,
                 std::function<bool()> launchEnded, QObject *parent = nullptr);
    ~KubeRankPods() override;

    // The `hosts` pods of Job `jobName`, none listed yet (`service`: its headless Service, for
    // multi-host Jobs). The previous Job's pods are dropped, their log streams deleted.
    void reset(const QString &jobName, const QString &service, std::size_t hosts);
    std::size_t size() const { return m_pods.size(); }
    bool empty() const { return m_pods.empty(); }
    QString podName(std::size_t index) const { return m_pods[index].name; }

    // Takes in a `kubectl get pods -o json` of the Job's pods.
    Listing update(const QJsonObject &podList);
    // Follows every index >= 1 with `kubectl logs -f` (kubectl: the program to run).
    void startRankLogs(const QString &kubectl);
    // The log stream of `index` ended (index 0: the launcher's own).
    void markLogsEnded(std::size_t index) { m_pods[index].logsEnded = true; }
    bool allLogsEnded() const;
    // Kills the log streams of indexes >= 1: running ones, each waited for up to waitMs, with
    // waitMs > 0; all of them at once without waiting otherwise.
    void killLogs(int waitMs = 0);

    // The source stored with index's run: k8s://<context>/<namespace>/<job>[/<index>].
    QString streamSource(std::size_t index) const;
    // The k8s_scheduling event of index's run.
    nlohmann::json scheduling(std::size_t index) const;
    // The items of a `kubectl get events -o json` that concern the Job or one of its pods.
    nlohmann::json events(const QJsonObject &eventList) const;
    // Ends the runs of indexes >= 1 as the launcher ends index 0's: failure is the launch's,
    // jobFailure the Job's Failed condition, job the k8s_job event (null: none). Returns what went
    // wrong with those ranks, if anything.
    QString finishRanks(const QString &failure, const QString &jobFailure,
                        const nlohmann::json &job, bool cancelled);

Q_SIGNALS:
    void logLine(const QString &line); // a rank's kubectl stderr, or a rank's store failure
    void rankLogsEnded();              // the log stream of an index >= 1 ended

private:
    struct Pod {
        QString name, node;
        QDateTime created, started;
        QProcess *logs = nullptr;              // index >= 1: its own kubectl logs -f
        std::unique_ptr<RunIngestor> ingestor; // index >= 1: its own run
        QByteArray stderrBuffer;
        bool logsEnded = false, storeFailed = false;
    };
    int podIndex(const QJsonObject &pod) const;
    void startLogs(std::size_t index, const QString &kubectl);
    void onStderr(std::size_t index);
    void onOutput(std::size_t index, const QByteArray &chunk);

    Store &m_store;
    KubeJobConfig m_config;
    QString m_target;
    std::function<bool()> m_launchEnded;
    QString m_jobName, m_service;
    std::vector<Pod> m_pods; // by completion index
};

} // namespace tp
