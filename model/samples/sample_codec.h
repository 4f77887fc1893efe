#pragma once
// Samples are stored in chunks (table sample_chunks, schema v9): one row per contract `phase`
// line, at most kMaxChunk consecutive samples, with their count, min, max and sum, and the
// packed values in a BLOB. The values are the exact doubles (lossless): little-endian IEEE-754,
// byte-shuffled (all first bytes, then all second bytes, …) and compressed with zstd when that
// pays; a chunk zstd cannot shrink stays raw. No Qt, no SQLite.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class SampleCodecError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

namespace chunk
{
inline constexpr std::size_t kMaxChunk = 4096; // = the runner's samples per phase line
enum Codec : int { Raw = 0, ShuffledZstd = 1 };
} // namespace chunk

struct EncodedChunk {
    int codec = chunk::Raw;
    std::string data;
    double min = 0, max = 0, sum = 0;
};

// Encodes `count` values starting at `values`; count must be at least 1.
EncodedChunk encodeChunk(const double *values, std::size_t count);
// Appends the `count` values of a stored chunk to `out`; throws SampleCodecError when the blob
// does not hold exactly that many values (a corrupt or foreign row), when count is not within
// 1..chunk::kMaxChunk (so decoding never allocates more than 32 KiB per chunk), or when a zstd
// frame does not declare exactly count × 8 bytes of content.
void decodeChunk(int codec, const void *data, std::size_t size, std::size_t count,
                 std::vector<double> &out);

} // namespace tp
