#pragma once
// The frozen sample of a batch job (issue 43): what both runners and the store agree on. A run
// given --outputs FILE draws --sample-items inputs from --sample-seed (each item from its own
// generator, so the sample does not depend on the batch it runs in), runs them through the model
// after the steady phase, and writes their embeddings (one row per item, float32) as the tensor
// kEmbeddingsTensor of a safetensors file (safetensors.h). An `outputs` event names the file with
// its sha256; a file that already holds the same bytes is not written again. --outputs naming a
// directory writes outputsFileName(execution key) inside it: the outputs are addressed by the
// run's execution key. No Qt, no torch.
#include <string>

namespace tp::frozen
{

inline constexpr const char *kOutputsEvent = "outputs"; // contract revision 4
inline constexpr const char *kEmbeddingsTensor = "embeddings";
// The largest frozen sample: recall@k ranks every item against every other (exact search,
// items² · dim multiply-adds per side, every time the gates are evaluated). bench/
// retrieval_search measured 15.7 s for one pair of 4096 × 256 samples (2.7× the bare dot
// products) on a 2-core VM, 0.005 s for the default 256 × 32: larger samples wait for an
// approximate search or a cached result.
inline constexpr long long kMaxSampleItems = 4096;

// The file an --outputs DIRECTORY holds a run's outputs in: its execution key with every byte
// outside [A-Za-z0-9._-] replaced by '_', at most 160 of them, then ".safetensors" (never "." or
// "..", never a path).
std::string outputsFileName(const std::string &executionKey);

} // namespace tp::frozen
