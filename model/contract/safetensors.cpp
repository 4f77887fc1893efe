#include "safetensors.h"

#include "json_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

namespace tp
{

using nlohmann::json;

namespace
{

// Bytes per element of each dtype the format names.
std::uint64_t elementSize(const std::string &dtype)
{
    static const std::map<std::string, std::uint64_t> sizes = {
        {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1},
        {"I16", 2},  {"U16", 2}, {"F16", 2}, {"BF16", 2},    {"I32", 4},
        {"U32", 4},  {"F32", 4}, {"F64", 8}, {"I64", 8},     {"U64", 8}};
    const auto it = sizes.find(dtype);
    return it == sizes.end() ? 0 : it->second;
}

std::uint64_t u64(const json &v, const std::string &where)
{
    if (!v.is_number_unsigned())
        throw SafetensorsError(where + " is not a non-negative integer");
    return v.get<std::uint64_t>();
}

} // namespace

Safetensors parseSafetensors(std::string_view bytes, const std::string &origin)
{
    if (bytes.size() < 8)
        throw SafetensorsError(origin + ": " + std::to_string(bytes.size()) +
                               " bytes, too short for a safetensors file (8-byte header length)");
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | static_cast<unsigned char>(bytes[std::size_t(i)]);
    if (n > kMaxSafetensorsHeader)
        throw SafetensorsError(origin + ": a header of " + std::to_string(n) +
                               " bytes, over the format's limit of " +
                               std::to_string(kMaxSafetensorsHeader));
    if (n > bytes.size() - 8)
        throw SafetensorsError(origin + ": the header says " + std::to_string(n) +
                               " bytes, but only " + std::to_string(bytes.size() - 8) + " follow");
    const std::string_view text = bytes.substr(8, std::size_t(n));
    if (jsonNestsDeeperThan(text, 64))
        throw SafetensorsError(origin + ": the header nests deeper than 64 levels");
    const json header = json::parse(text, nullptr, false);
    if (!header.is_object())
        throw SafetensorsError(origin + ": the header is not a JSON object");
    Safetensors out;
    out.dataOffset = 8 + n;
    const std::uint64_t dataBytes = bytes.size() - out.dataOffset;
    for (const auto &[name, entry] : header.items()) {
        const std::string where = origin + ": tensor '" + name + "'";
        if (name == "__metadata__") {
            if (!entry.is_object())
                throw SafetensorsError(origin + ": __metadata__ is not an object");
            for (const auto &[key, value] : entry.items()) {
                if (!value.is_string())
                    throw SafetensorsError(origin + ": __metadata__ '" + key + "' is not a string");
                out.metadata[key] = value.get<std::string>();
            }
            continue;
        }
        if (!entry.is_object() || entry.size() != 3 || !entry.contains("dtype") ||
            !entry.contains("shape") || !entry.contains("data_offsets"))
            throw SafetensorsError(where + " is not {dtype, shape, data_offsets}");
        SafetensorInfo t;
        if (!entry["dtype"].is_string() || !elementSize(entry["dtype"].get<std::string>()))
            throw SafetensorsError(where + " has an unknown dtype");
        t.dtype = entry["dtype"].get<std::string>();
        const json &shape = entry["shape"];
        const json &offsets = entry["data_offsets"];
        if (!shape.is_array() || shape.size() > 16)
            throw SafetensorsError(where + ": shape is not an array of at most 16 dimensions");
        std::uint64_t size = elementSize(t.dtype);
        for (const json &d : shape) {
            const std::uint64_t v = u64(d, where + ": a dimension");
            if (v != 0 && size > std::numeric_limits<std::uint64_t>::max() / v)
                throw SafetensorsError(where + ": its shape's byte size overflows");
            size *= v;
            t.shape.push_back(v);
        }
        if (!offsets.is_array() || offsets.size() != 2)
            throw SafetensorsError(where + ": data_offsets is not [begin, end]");
        t.begin = u64(offsets[0], where + ": data_offsets' begin");
        t.end = u64(offsets[1], where + ": data_offsets' end");
        if (t.begin > t.end || t.end > dataBytes)
            throw SafetensorsError(where + ": data_offsets [" + std::to_string(t.begin) + ", " +
                                   std::to_string(t.end) + "] outside the " +
                                   std::to_string(dataBytes) + " data bytes");
        if (t.end - t.begin != size)
            throw SafetensorsError(where + ": its shape makes " + std::to_string(size) +
                                   " bytes, its offsets span " + std::to_string(t.end - t.begin));
        out.tensors.emplace(name, std::move(t));
    }
    // The tensors tile the data: sorted by offset, each begins where the last ended.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
    for (const auto &[name, t] : out.tensors)
        spans.emplace_back(t.begin, t.end);
    std::sort(spans.begin(), spans.end());
    std::uint64_t at = 0;
    for (const auto &[begin, end] : spans) {
        if (begin != at)
            throw SafetensorsError(origin + ": the tensors' data " +
                                   (begin < at ? "overlaps" : "has a hole") + " at byte " +
                                   std::to_string(std::min(begin, at)));
        at = end;
    }
    if (at != dataBytes)
        throw SafetensorsError(origin + ": " + std::to_string(dataBytes - at) +
                               " data bytes belong to no tensor");
    return out;
}

Float32Matrix readFloat32Matrix(std::string_view bytes, const Safetensors &file,
                                const std::string &name, const std::string &origin)
{
    const auto it = file.tensors.find(name);
    if (it == file.tensors.end())
        throw SafetensorsError(origin + ": no tensor named '" + name + "'");
    const SafetensorInfo &t = it->second;
    if (t.dtype != "F32" || t.shape.size() != 2)
        throw SafetensorsError(origin + ": tensor '" + name + "' is " + t.dtype + " of rank " +
                               std::to_string(t.shape.size()) + ", not a float32 matrix");
    if (file.dataOffset + t.end > bytes.size())
        throw SafetensorsError(origin + ": tensor '" + name + "' lies past the bytes given");
    Float32Matrix m;
    m.rows = std::size_t(t.shape[0]);
    m.cols = std::size_t(t.shape[1]);
    m.values.resize(m.rows * m.cols);
    static_assert(sizeof(float) == 4);
    // Little endian on disk; this build's targets are little endian too.
    if (!m.values.empty())
        std::memcpy(m.values.data(), bytes.data() + file.dataOffset + t.begin, t.end - t.begin);
    return m;
}

std::string float32MatrixSafetensors(const std::string &name, std::size_t rows, std::size_t cols,
                                     const std::vector<float> &values,
                                     const std::map<std::string, std::string> &metadata)
{
    if (cols != 0 && rows > values.size() / cols)
        throw SafetensorsError(name + ": " + std::to_string(rows) + " × " + std::to_string(cols) +
                               " is more than the values given");
    if (values.size() != rows * cols)
        throw SafetensorsError(name + ": " + std::to_string(values.size()) + " values for a " +
                               std::to_string(rows) + " × " + std::to_string(cols) + " matrix");
    const std::uint64_t bytes = static_cast<std::uint64_t>(values.size()) * 4;
    json header = json::object();
    if (!metadata.empty())
        header["__metadata__"] = metadata;
    header[name] = {{"dtype", "F32"}, {"shape", {rows, cols}}, {"data_offsets", {0, bytes}}};
    std::string text = header.dump();            // keys sorted: the same header every time
    text.append((8 - text.size() % 8) % 8, ' '); // the data starts 8-aligned, as the format pads
    std::string out;
    out.reserve(8 + text.size() + bytes);
    const std::uint64_t n = text.size();
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
    out += text;
    for (float f : values) {
        std::uint32_t u = 0;
        std::memcpy(&u, &f, sizeof u);
        for (int i = 0; i < 4; ++i)
            out.push_back(static_cast<char>((u >> (8 * i)) & 0xff));
    }
    return out;
}

std::string readSafetensorsFile(const std::string &path, std::uint64_t maxBytes)
{
    // Opened first, without blocking (a FIFO opens at once) and without following a final link,
    // then judged by what was opened: a file swapped after a check cannot be read in its place.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        throw SafetensorsError(path + ": cannot be read (" + std::strerror(errno) + ")");
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        throw SafetensorsError(path + ": not a regular file");
    if (std::uint64_t(st.st_size) > maxBytes)
        throw SafetensorsError(path + ": " + std::to_string(st.st_size) +
                               " bytes, over the limit of " + std::to_string(maxBytes));
    std::string bytes(std::size_t(st.st_size), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw SafetensorsError(path + ": cannot be read whole");
        done += std::size_t(n);
    }
    return bytes;
}

} // namespace tp
