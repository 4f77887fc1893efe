#pragma once
// A frozen sample read from a safetensors file (issue 43: the batch job's inputs or a side's
// embeddings), parsed by us, never unpickled. Layout: 8 bytes, the header's length N as an
// unsigned little-endian 64-bit integer; N bytes of UTF-8 JSON, an object mapping each tensor's
// name to {"dtype", "shape", "data_offsets": [begin, end]} (offsets into the bytes after the
// header) and, optionally, "__metadata__" (strings to strings); then the tensors' bytes, little
// endian, row-major.
//
// Threat model: the file is hostile. The header is at most kMaxSafetensorsHeader bytes and nests
// at most 64 levels; every tensor names a known dtype, a shape whose byte size (checked for
// overflow) is its offsets' span, and offsets inside the data; the tensors tile the data exactly
// (no hole, no overlap, nothing after), as the format's reference implementation requires.
// Anything else throws SafetensorsError naming the file and what is wrong; nothing is read past
// the bytes given, and memory is bounded by the file's size. No Qt.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tp
{

inline constexpr std::uint64_t kMaxSafetensorsHeader = 100'000'000; // the format's own bound

class SafetensorsError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct SafetensorInfo {
    std::string dtype; // "F32", "F16", "BF16", "F64", "I64", …
    std::vector<std::uint64_t> shape;
    std::uint64_t begin = 0, end = 0; // into the data after the header
};

struct Safetensors {
    std::map<std::string, SafetensorInfo> tensors;
    std::map<std::string, std::string> metadata;
    std::uint64_t dataOffset = 0; // where the data starts in the file: 8 + N
};

// The header of `bytes` (a whole file), checked as above; `origin` names it in errors.
Safetensors parseSafetensors(std::string_view bytes, const std::string &origin);

// A rank-2 F32 tensor's values, row-major, and its rows and columns.
struct Float32Matrix {
    std::size_t rows = 0, cols = 0;
    std::vector<float> values;
};
Float32Matrix readFloat32Matrix(std::string_view bytes, const Safetensors &file,
                                const std::string &name, const std::string &origin);

// A safetensors file holding one rank-2 F32 tensor `name` (rows × cols, row-major, little
// endian), with `metadata` in its header: what the runners write a frozen sample's embeddings as.
// Deterministic: the same values give the same bytes. Throws SafetensorsError when values.size()
// is not rows × cols.
std::string float32MatrixSafetensors(const std::string &name, std::size_t rows, std::size_t cols,
                                     const std::vector<float> &values,
                                     const std::map<std::string, std::string> &metadata = {});

// A regular file of at most `maxBytes`, whole: opened without blocking and without following a
// final symbolic link, then judged by the opened file (a FIFO, a device or a link is refused
// unread, and a file swapped after a check cannot be read in its place).
std::string readSafetensorsFile(const std::string &path, std::uint64_t maxBytes);

} // namespace tp
