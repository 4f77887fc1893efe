#pragma once
// One place that turns a target profile into the launcher that runs there.
#include "launcher.h"
#include "target_profile.h"

namespace tp
{

// A launcher for `profile`, owned by `parent`, writing into `store`: LocalLauncher for "local"
// (the profile's runnerCommand(): the C++ runner, or an interpreter and torchpilot_runner.py),
// SshLauncher for ssh, KubeLauncher for kubernetes. Returns nullptr and sets *error when the
// profile's Kubernetes settings are invalid. worldSize > 1: a RankGroupLauncher of that many
// local ranks (local targets only; anything else is an error).
Launcher *makeLauncher(const TargetProfile &profile, Store &store, QObject *parent,
                       QString *error = nullptr, int worldSize = 1);

} // namespace tp
