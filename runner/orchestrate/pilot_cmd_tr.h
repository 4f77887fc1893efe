#pragma once
// The translation context of the pilot's own words ("PilotCmd", as the CLI's `pilot` has always
// used), shared by its plan (pilot_plan.cpp) and its evidence collection (pilot_evidence.cpp).
#include <QCoreApplication>

namespace tp
{
namespace
{
struct PilotCmd {
    Q_DECLARE_TR_FUNCTIONS(PilotCmd)
};
} // namespace
} // namespace tp
