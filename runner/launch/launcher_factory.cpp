#include "launcher_factory.h"

#include "kube_launcher.h"

#include "local_launcher.h"
#include "rank_group_launcher.h"
#include "ssh_launcher.h"
#include <QCoreApplication>

namespace tp
{

Launcher *makeLauncher(const TargetProfile &profile, Store &store, QObject *parent, QString *error,
                       int worldSize)
{
    if (worldSize > 1) {
        if (profile.kind != TargetProfile::Kind::Local) {
            if (error)
                *error =
                    QCoreApplication::translate(
                        "tp::RankGroupLauncher",
                        "%1 ranks run on this machine only; a Kubernetes target's ranks come from "
                        "its TPU topology (one pod per host)")
                        .arg(worldSize);
            return nullptr;
        }
        const RunnerCommand command = profile.runnerCommand();
        const QString name = profile.name;
        return new RankGroupLauncher(
            store,
            [&store, command, name](QObject *p) {
                return new LocalLauncher(store, command, p, name);
            },
            parent);
    }
    switch (profile.kind) {
    case TargetProfile::Kind::Local:
        return new LocalLauncher(store, profile.runnerCommand(), parent, profile.name);
    case TargetProfile::Kind::Ssh:
        return new SshLauncher(store, profile, parent);
    case TargetProfile::Kind::Kubernetes:
        try {
            auto *launcher = new KubeLauncher(store, profile.kubeConfig(), profile.name, parent);
            launcher->setDefaultProfileSteps(profile.profileSteps);
            return launcher;
        } catch (const KubeError &e) {
            if (error)
                *error = QString::fromUtf8(e.what());
            return nullptr;
        }
    }
    return nullptr;
}

} // namespace tp
