#include "sample_codec.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>

namespace tp
{

namespace
{

// Byte b of value i goes to position b * count + i: the sign/exponent and high mantissa bytes
// of timings vary little and line up, which is what zstd can compress.
void shuffle(const double *values, std::size_t count, unsigned char *out)
{
    const auto *bytes = reinterpret_cast<const unsigned char *>(values); // little-endian hosts
    for (std::size_t b = 0; b < 8; ++b) {
        unsigned char *plane = out + b * count;
        for (std::size_t i = 0; i < count; ++i)
            plane[i] = bytes[8 * i + b];
    }
}

void unshuffle(const unsigned char *in, std::size_t count, std::vector<double> &out)
{
    const std::size_t base = out.size();
    out.resize(base + count);
    // One byte plane at a time (sequential reads; little-endian: byte b of value i is at 8i + b).
    auto *bytes = reinterpret_cast<unsigned char *>(out.data() + base);
    for (std::size_t b = 0; b < 8; ++b) {
        const unsigned char *plane = in + b * count;
        for (std::size_t i = 0; i < count; ++i)
            bytes[8 * i + b] = plane[i];
    }
}

} // namespace

EncodedChunk encodeChunk(const double *values, std::size_t count)
{
    if (count == 0)
        throw SampleCodecError("a sample chunk needs at least one value");
    EncodedChunk c;
    c.min = c.max = values[0];
    for (std::size_t i = 0; i < count; ++i) {
        c.min = std::min(c.min, values[i]);
        c.max = std::max(c.max, values[i]);
        c.sum += values[i];
    }
    // Compressed only where it pays: at least a quarter smaller. Timings printed with 17 digits
    // gain about a tenth (their low mantissa bytes are noise), which is not worth decoding every
    // chunk each time a long run is read; quantised or repeated values gain far more. A probe of
    // the first 512 values decides for a full chunk, so incompressible data costs little.
    const std::size_t raw = count * 8;
    auto compressed = [](const double *v, std::size_t n, std::string &packed) {
        std::string shuffled(n * 8, '\0');
        shuffle(v, n, reinterpret_cast<unsigned char *>(shuffled.data()));
        packed.assign(ZSTD_compressBound(n * 8), '\0');
        const std::size_t size =
            ZSTD_compress(packed.data(), packed.size(), shuffled.data(), n * 8, 1);
        return ZSTD_isError(size) ? n * 8 : size;
    };
    auto pays = [](std::size_t size, std::size_t rawSize) { return size <= rawSize / 4 * 3; };
    std::string packed;
    const std::size_t probe = std::min<std::size_t>(count, 512);
    const bool worthTrying = count <= probe || pays(compressed(values, probe, packed), probe * 8);
    const std::size_t n = worthTrying ? compressed(values, count, packed) : raw;
    if (worthTrying && pays(n, raw)) {
        packed.resize(n);
        c.codec = chunk::ShuffledZstd;
        c.data = std::move(packed);
        return c;
    }
    c.codec = chunk::Raw;
    c.data.assign(reinterpret_cast<const char *>(values), raw); // little-endian hosts only
    return c;
}

void decodeChunk(int codec, const void *data, std::size_t size, std::size_t count,
                 std::vector<double> &out)
{
    // Bounded before anything is allocated: a stored count is never trusted (count × 8 could
    // overflow, or ask for gigabytes).
    if (count == 0 || count > chunk::kMaxChunk)
        throw SampleCodecError("a sample chunk claims " + std::to_string(count) +
                               " values; a chunk holds 1 to " + std::to_string(chunk::kMaxChunk));
    const std::size_t raw = count * 8;
    if (codec == chunk::Raw) {
        if (size != raw)
            throw SampleCodecError("a raw sample chunk of " + std::to_string(count) +
                                   " values holds " + std::to_string(size) + " bytes");
        const std::size_t base = out.size();
        out.resize(base + count);
        std::memcpy(out.data() + base, data, raw);
        return;
    }
    if (codec != chunk::ShuffledZstd)
        throw SampleCodecError("unknown sample chunk codec " + std::to_string(codec));
    // The frame must say it holds exactly those bytes (a frame without its content size, or
    // with another, is refused before decompressing).
    const unsigned long long declared = ZSTD_getFrameContentSize(data, size);
    if (declared != raw)
        throw SampleCodecError(
            "a compressed sample chunk of " + std::to_string(count) + " values " +
            (declared == ZSTD_CONTENTSIZE_ERROR ? std::string("is not a zstd frame")
             : declared == ZSTD_CONTENTSIZE_UNKNOWN
                 ? std::string("does not state its size")
                 : "declares " + std::to_string(declared) + " bytes instead of " +
                       std::to_string(raw)));
    std::string shuffled(raw, '\0');
    const std::size_t n = ZSTD_decompress(shuffled.data(), raw, data, size);
    if (ZSTD_isError(n) || n != raw)
        throw SampleCodecError("a compressed sample chunk of " + std::to_string(count) +
                               " values is corrupt" +
                               (ZSTD_isError(n) ? std::string(": ") + ZSTD_getErrorName(n) : ""));
    unshuffle(reinterpret_cast<const unsigned char *>(shuffled.data()), count, out);
}

} // namespace tp
