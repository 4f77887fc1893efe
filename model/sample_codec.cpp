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
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t bits;
        std::memcpy(&bits, &values[i], 8);
        for (std::size_t b = 0; b < 8; ++b)
            out[b * count + i] = static_cast<unsigned char>(bits >> (8 * b));
    }
}

void unshuffle(const unsigned char *in, std::size_t count, std::vector<double> &out)
{
    const std::size_t base = out.size();
    out.resize(base + count);
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t bits = 0;
        for (std::size_t b = 0; b < 8; ++b)
            bits |= std::uint64_t(in[b * count + i]) << (8 * b);
        std::memcpy(&out[base + i], &bits, 8);
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
    const std::size_t raw = count * 8;
    std::string shuffled(raw, '\0');
    shuffle(values, count, reinterpret_cast<unsigned char *>(shuffled.data()));
    std::string packed(ZSTD_compressBound(raw), '\0');
    const std::size_t n = ZSTD_compress(packed.data(), packed.size(), shuffled.data(), raw, 1);
    if (!ZSTD_isError(n) && n < raw - raw / 16) { // pays: at least 1/16 smaller
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
    std::string shuffled(raw, '\0');
    const std::size_t n = ZSTD_decompress(shuffled.data(), raw, data, size);
    if (ZSTD_isError(n) || n != raw)
        throw SampleCodecError("a compressed sample chunk of " + std::to_string(count) +
                               " values is corrupt" +
                               (ZSTD_isError(n) ? std::string(": ") + ZSTD_getErrorName(n) : ""));
    unshuffle(reinterpret_cast<const unsigned char *>(shuffled.data()), count, out);
}

} // namespace tp
