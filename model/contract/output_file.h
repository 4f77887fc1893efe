#pragma once
// Writing an output file (threat model I4, I5): reports, exports, screenshots, traces, settings.
// The bytes go to a new file created beside the destination (O_CREAT | O_EXCL | O_NOFOLLOW, so
// nothing planted there is opened), are flushed to disk, and the file is renamed onto the
// destination. A destination that exists and is not a regular file (a symbolic link, a FIFO, a
// device, a directory, a socket) is refused, never replaced or written through. The temporary is
// removed on every error path, and one left by a killed writer is removed by the next write to
// the same destination. No Qt, no SQLite: shared with the C++ runner.
#include <stdexcept>
#include <string>
#include <string_view>

namespace tp
{

struct OutputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a file of mode `mode` (st_mode) is, for messages: "a symbolic link", "a FIFO", "a
// directory", "a character device", "a block device", "a socket", else "not a regular file".
std::string fileKind(unsigned int mode);

// Why `path` cannot be written as an output ("'out.pdf' is a FIFO; it is not replaced"), or
// empty when it can: it does not exist, or it is a regular file.
std::string outputRefusal(const std::string &path);

// Writes `bytes` to `path` as above, with the permissions a new file gets (0666 less the umask).
// Throws OutputError naming the path and what is wrong.
void writeOutputFile(const std::string &path, std::string_view bytes);

// The leftover temporaries of writeOutputFile beside `path` whose writer is no longer running:
// removed. Returns how many.
int removeStaleOutputTemporaries(const std::string &path);

} // namespace tp
