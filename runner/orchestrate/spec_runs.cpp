#include "spec_runs.h"

#include "runner/launch/launcher_factory.h"
#include "runner/launch/local_launcher.h"
#include "runner/launch/target_profiles.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>

#include <memory>

namespace tp
{
namespace
{
struct Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

constexpr int kCancelGraceMs = 3000; // a cancelled run's time to record itself
} // namespace

std::optional<TargetProfile> resolveTarget(const QString &name, const QString &profilesFile,
                                           const QString &runnerOverride, QString *why)
{
    TargetProfiles profiles(profilesFile);
    std::optional<TargetProfile> target;
    if (name == QLatin1String("local") || profiles.load(why)) { // local needs no file
        target = profiles.find(name);
        if (!target)
            *why = Cli::tr("no target named '%1' in %2 (see 'torchpilot targets --list')")
                       .arg(name, profiles.path());
    }
    if (!target)
        return std::nullopt;
    if (!runnerOverride.isEmpty() && target->kind == TargetProfile::Kind::Kubernetes)
        target->kubernetes.insert(QStringLiteral("runner"), runnerOverride); // in the image
    else if (!runnerOverride.isEmpty())
        target->runnerPath = runnerOverride;
    if (target->isLocal() && target->runnerPath.isEmpty())
        target->runnerPath = LocalLauncher::locateRunner();
    if (const QStringList problems = target->validate(); !problems.isEmpty()) {
        *why = problems.join(QLatin1Char(' '));
        return std::nullopt;
    }
    return target;
}

int SpecRunsResult::failures() const
{
    int n = setupError.isEmpty() ? 0 : 1;
    for (const SpecRun &r : runs)
        n += r.launch.status != QLatin1String("ok");
    return n;
}

SpecRunsResult runSpecsInTurn(const TargetProfile &target, Store &store,
                              const std::vector<RunSpec> &specs, const SpecRunObserver &observer,
                              const std::atomic_bool *cancel)
{
    SpecRunsResult out;
    for (const RunSpec &spec : specs) {
        if (cancel && cancel->load()) {
            out.cancelled = true;
            break;
        }
        std::unique_ptr<Launcher> launcher(
            makeLauncher(target, store, nullptr, &out.setupError, spec.worldSize));
        if (!launcher)
            break;
        QEventLoop loop;
        SpecRun run{spec,
                    target.isLocal() ? spec.label()
                                     : spec.label() + QStringLiteral(" @ ") + target.name,
                    {}};
        QObject::connect(launcher.get(), &Launcher::finished, &loop, [&](const LaunchResult &r) {
            run.launch = r;
            loop.quit();
        });
        if (observer.log)
            QObject::connect(launcher.get(), &Launcher::logLine, &loop, observer.log);
        QTimer watch; // the cancel flag, from any thread
        watch.setInterval(50);
        QObject::connect(&watch, &QTimer::timeout, &loop, [&] {
            if (cancel && cancel->load()) {
                out.cancelled = true;
                watch.stop();
                launcher->cancelAndWait(kCancelGraceMs); // emits finished(): the loop quits
            }
        });
        if (observer.started)
            observer.started(spec);
        launcher->start(spec);
        if (run.launch.status.isEmpty()) { // finished() comes from the event loop
            watch.start();
            loop.exec();
        }
        out.runs.push_back(run);
        if (observer.ended)
            observer.ended(run);
        if (out.cancelled)
            break;
    }
    return out;
}

} // namespace tp
