#include "launcher_factory.h"

#include "kube_launcher.h"
#include "local_launcher.h"
#include "ssh_launcher.h"

namespace tp
{

Launcher *makeLauncher(const TargetProfile &profile, Store &store, QObject *parent, QString *error)
{
    switch (profile.kind) {
    case TargetProfile::Kind::Local:
        return new LocalLauncher(store, profile.runnerCommand(), parent, profile.name);
    case TargetProfile::Kind::Ssh:
        return new SshLauncher(store, profile, parent);
    case TargetProfile::Kind::Kubernetes:
        try {
            return new KubeLauncher(store, profile.kubeConfig(), profile.name, parent);
        } catch (const KubeError &e) {
            if (error)
                *error = QString::fromUtf8(e.what());
            return nullptr;
        }
    }
    return nullptr;
}

} // namespace tp
