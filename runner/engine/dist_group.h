#pragma once
// The data-parallel group of one training run (torch-free header; dist_group.cpp uses c10d):
// rank 0's store (a FileStore in a private directory for a loopback rendezvous, local_rendezvous.h;
// a TCPStore served by rank 0 across hosts) and a ProcessGroupGloo on top of it. connect() forms
// the group and checks it: the same world size on every rank (keys tp/ws/<rank>), no rank twice
// (tp/join/<rank>) and one group key (tp/group, rank 0's execution key). Every wait is bounded by
// the group's timeout, so a rank that is gone is detected, never waited for forever.
#include "dist_checkpoint.h"
#include "dist_options.h"
#include "emitter.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace tp::runner
{

class GradientSync;

class DistError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

class DistGroup final : public KeyValueStore
{
public:
    DistGroup(const DistOptions &options, Emitter &emitter);
    ~DistGroup() override;

    // Rendezvous and checks; returns the group key. Throws DistError ("distributed: …").
    std::string connect(const std::string &ownExecutionKey);
    GradientSync &sync();
    // A group decision between steps: whether any rank wants `mine` (one all-reduce of a flag).
    // Throws DistError like a collective of the training.
    bool anyRank(bool mine);
    // The end of a run that trained: every rank checks in, and rank 0 (whose process serves the
    // store) waits for all of them before it exits. False when not all arrived in time.
    bool finish();
    // run_finished.summary["distributed"] without the identity: all-reduce count, seconds, bytes.
    nlohmann::json counters() const;
    // Whether a collective failed (the process then exits without tearing the group down).
    bool failed() const;

    void set(const std::string &key, const std::string &value) override;
    std::string get(const std::string &key) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

} // namespace tp::runner
