#pragma once
// One place that turns a target profile into the launcher that runs there.
#include "launcher.h"
#include "target_profile.h"

namespace tp {

// A launcher for `profile`, owned by `parent`, writing into `store`: LocalLauncher for "local"
// (the profile's runnerPath, or LocalLauncher::locateRunner() when empty), SshLauncher for ssh.
// Returns nullptr and sets *error for a kind that has no launcher yet (kubernetes).
Launcher *makeLauncher(const TargetProfile &profile, Store &store, QObject *parent,
                       QString *error = nullptr);

} // namespace tp
