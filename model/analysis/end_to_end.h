#pragma once
// Where one execution's time went, end to end (issue 43, the article's section 9). A run's own
// wall clock (its resources event) holds the parts the runner timed apart: preparation (model
// build, device placement, inputs, a resumed checkpoint), compile (the first call minus the
// steady median), warm-up (the first call's remaining steady share and the warm-up iterations),
// steady compute (a server or offline run's: its queries, start to the last done) and checkpoint
// writes; `other` is what the wall clock holds beyond them (process
// start, imports, checks, teardown). Before it come the waits no runner sees (a queue's, a
// cluster's capacity) and the attempts that were lost (invalid or failed runs this one repeats,
// their whole wall time and waits). The parts sum to `wall` by construction; where the timed
// parts exceed the run's wall clock (a clock mismatch) `other` is 0 and `overrun` says by how
// much. Every recorded time outside the physical range (sound_values.h) counts as 0. No Qt.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tp
{

enum class BreakdownPart {
    CapacityWait,
    Preparation,
    Compile,
    Warmup,
    Steady,
    Checkpoint,
    LostAttempts,
    Other
};
// "capacity_wait", "preparation", "compile", "warmup", "steady", "checkpoint", "lost_attempts",
// "other": the keys exports and the PDF use.
const char *breakdownKey(BreakdownPart part);
const std::vector<BreakdownPart> &breakdownParts();

struct EndToEnd {
    long long runId = 0;
    double capacityWait = 0, preparation = 0, compile = 0, warmup = 0, steady = 0, checkpoint = 0,
           lostAttempts = 0, other = 0;
    double wall = 0;    // capacityWait + lostAttempts + the run's own wall clock
    double overrun = 0; // timed parts beyond the run's wall clock (0 when consistent)
    std::size_t attemptsLost = 0;
    std::vector<long long> lostRuns; // the attempts it repeats, oldest first
    double part(BreakdownPart p) const;
};

// What one run recorded, as the breakdown reads it.
struct RunTimes {
    double wallSeconds = 0; // resources.wall_seconds
    double queueWait = 0, capacityWait = 0;
    double prepareSeconds = 0, compileSeconds = 0, firstCallSeconds = 0;
    double warmupSeconds = 0; // Σ warm-up iterations
    double steadySeconds = 0; // Σ steady iterations
    double medianSeconds = 0; // the steady median (the first call's share of steady work)
    double checkpointSeconds = 0;
};

// The breakdown of one run from its recorded times and the wall times of the attempts it repeats.
EndToEnd endToEnd(long long runId, const RunTimes &times,
                  const std::vector<std::pair<long long, double>> &lostAttemptWalls);

class EvidenceReader;
struct RunRecord;
// `run`'s times read from the evidence (its summary, checkpoint events, and with `readWaits` its
// queue and capacity waits); nullopt when it has no wall clock (an import without resources).
std::optional<RunTimes> runTimes(const EvidenceReader &evidence, const RunRecord &run,
                                 bool readWaits = true);
// The breakdown of `run`; `sideRuns` holds the runs its retry chain may name (retry_of: the
// execution key of the attempt it repeats, and so on back). nullopt without a wall clock.
std::optional<EndToEnd> endToEnd(const EvidenceReader &evidence, const RunRecord &run,
                                 const std::vector<RunRecord> &sideRuns);
// The breakdowns of those of `runs` with a wall clock, reading the evidence once for all.
std::vector<EndToEnd> endToEnd(const EvidenceReader &evidence, const std::vector<RunRecord> &runs,
                               const std::vector<RunRecord> &sideRuns);

// The breakdowns of a selection, summed per platform (device, mode, dtype): the Panels page's and
// the PDF's. An execution is a complete run with a wall clock that no other selected run repeats;
// it carries the attempts it repeats (lost) and its waits.
struct EndToEndGroup {
    std::string device, mode, dtype;
    std::size_t executions = 0;
    std::vector<long long> runIds; // the executions and the attempts they repeat, ascending
    EndToEnd total;                // the parts summed over the executions (runId 0)
};
std::vector<EndToEndGroup> endToEndGroups(const EvidenceReader &evidence,
                                          const std::vector<RunRecord> &runs,
                                          const std::function<void()> &checkCancel = {});

// Groups summed into one (a pilot side is normally one platform; the Compare view's and the
// PDF's side total): executions, parts and run ids added up.
EndToEndGroup sumGroups(const std::vector<EndToEndGroup> &groups);
// {"executions", "attempts_lost", "wall_seconds", "overrun_seconds", "parts": {breakdownKey:
// seconds, …}, "runs": […]}: compare's and export's form.
nlohmann::json endToEndJson(const EndToEndGroup &g);

} // namespace tp
