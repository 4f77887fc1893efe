#include "import_file.h"

#include "ingestor.h"
#include "model/store/store.h"
#include "model/store/store_merge.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <vector>

namespace tp
{

IngestReport importFile(Store &store, const std::string &path)
{
    // A device (/dev/zero, /dev/urandom, a terminal) is no stream file: refused unread.
    if (std::error_code ec; std::filesystem::is_character_file(path, ec) ||
                            std::filesystem::is_block_file(path, ec) ||
                            std::filesystem::is_directory(path, ec))
        throw StoreError("'" + path + "' is " +
                         (std::filesystem::is_directory(path, ec) ? "a directory" : "a device") +
                         ", not a contract stream or a TorchPilot database");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw StoreError("cannot read '" + path + "'");
    RunIngestor ingestor(store, path, "imported");
    // Blocks of 1 MiB: each is one group of lines, committed when it has been fed.
    std::vector<char> buf(std::size_t(1) << 20);
    while ((in.read(buf.data(), std::streamsize(buf.size())) || in.gcount() > 0) &&
           ingestor.report().stopped.empty())
        ingestor.feed(buf.data(), static_cast<std::size_t>(in.gcount()));
    IngestReport report = ingestor.finish();
    if (!report.stopped.empty())
        throw StoreError("'" + path + "': " + report.stopped + "; the import stopped there (the " +
                         std::to_string(report.runIds.size()) + " run(s) and " +
                         std::to_string(report.samples) + " sample(s) before it are stored)");
    if (report.runIds.empty()) {
        std::ifstream again(path, std::ios::binary);
        char first = 0;
        while (again.get(first) && std::isspace(static_cast<unsigned char>(first)))
            ;
        if (again && first != '{')
            throw StoreError("'" + path +
                             "' is neither a contract stream (JSON lines) nor a TorchPilot "
                             "database: it holds " +
                             describeContent(path));
        std::string why = report.warnings.empty() ? "the file is empty" : report.warnings.front();
        throw StoreError("'" + path + "' contains no run (" + why + ")");
    }
    return report;
}

} // namespace tp
