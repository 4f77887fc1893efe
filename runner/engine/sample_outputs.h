#pragma once
// The frozen sample's outputs (issue 43, model/contract/frozen_sample.h): after the steady
// phase, --sample-items items drawn from --sample-seed run through the measured model in batches
// of the run's batch, and their embeddings are written to --outputs as a safetensors file; an
// outputs event names it with its sha256, rows, dim and whether they were all finite.
//
// Never stored twice: a file already at that path holding the same bytes is kept as it is
// (written: false); one holding anything else, or that is not a regular file, is refused with
// an error naming it and is not overwritten. Torch-free: the workload draws and embeds.
#include "emitter.h"
#include "options.h"
#include "protocol.h"
#include "workload.h"

namespace tp::runner
{

void writeSampleOutputs(Workload &w, const RunOptions &o, long long batch, Emitter &emitter,
                        const RunControl &control);

} // namespace tp::runner
