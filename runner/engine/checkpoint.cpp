#include "checkpoint.h"

#include "hostinfo.h"
#include "model/contract/json_file.h"

#include <openssl/evp.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tp::runner
{
namespace fs = std::filesystem;

namespace
{

std::string errnoText(const std::string &what, const std::string &path)
{
    return what + " " + path + ": " + std::strerror(errno);
}

void fsyncDirectory(const std::string &dir)
{
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        throw CheckpointError(errnoText("cannot open directory", dir));
    const int rc = ::fsync(fd);
    const int saved = errno;
    ::close(fd);
    errno = saved;
    if (rc != 0 && errno != EINVAL) // some file systems cannot sync a directory
        throw CheckpointError(errnoText("cannot fsync directory", dir));
}

} // namespace

std::string checkpointStepName(std::uint64_t step)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "step-%010llu", static_cast<unsigned long long>(step));
    return buf;
}

// "step-0000000019.json" → 19; false for any other name.
bool parseCheckpointManifestName(const std::string &name, std::uint64_t &step)
{
    if (name.size() != 20 || name.rfind("step-", 0) != 0 || name.substr(15) != ".json")
        return false;
    const std::string digits = name.substr(5, 10);
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    step = std::stoull(digits);
    return true;
}

std::string readCheckpointFile(const std::string &path, std::uint64_t maxBytes)
{
    // O_NOFOLLOW: a symbolic link is never followed out of (or within) the directory;
    // O_NONBLOCK: a FIFO does not wait for a writer. Only a regular file is read, and only up to
    // the size it had when it was opened.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        throw CheckpointError(errno == ELOOP ? path + " is a symbolic link, which is never read"
                                             : errnoText("cannot read", path));
    struct FdCloser {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    struct stat st {
    };
    if (::fstat(fd, &st) != 0)
        throw CheckpointError(errnoText("cannot read", path));
    if (!S_ISREG(st.st_mode))
        throw CheckpointError(path + " is not a regular file (" +
                              (S_ISFIFO(st.st_mode)  ? "a FIFO"
                               : S_ISDIR(st.st_mode) ? "a directory"
                                                     : "a device or socket") +
                              "), which is never read");
    if (static_cast<std::uint64_t>(st.st_size) > maxBytes)
        throw CheckpointError(path + " is " + std::to_string(st.st_size) +
                              " bytes, over the limit of " + std::to_string(maxBytes));
    std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw CheckpointError(errnoText("cannot read", path));
        if (n == 0)
            break;
        done += static_cast<std::size_t>(n);
    }
    bytes.resize(done);
    return bytes;
}

std::optional<nlohmann::json> readCheckpointManifest(const std::string &path,
                                                     std::vector<std::string> &problems)
{
    try {
        const std::string text = readCheckpointFile(path, kMaxManifestBytes);
        if (jsonNestsDeeperThan(text, kMaxConfigDepth)) // before the parser recurses (I3)
            throw CheckpointError(path + ": JSON nested deeper than " +
                                  std::to_string(kMaxConfigDepth) + " levels");
        return nlohmann::json::parse(text, nullptr, false);
    } catch (const CheckpointError &e) {
        problems.push_back(std::string(e.what()) + ": skipped");
        return std::nullopt;
    }
}

bool isPlainFileName(const std::string &name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
           name.find('\0') == std::string::npos;
}

void prepareCheckpointDirectory(const std::string &dir)
{
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw CheckpointError("cannot create checkpoint directory " + dir +
                              (ec ? ": " + ec.message() : std::string()));
    if (::access(dir.c_str(), W_OK) != 0)
        throw CheckpointError(errnoText("cannot write to checkpoint directory", dir));
}

std::vector<std::uint64_t> manifestStepsNewestFirst(const std::string &dir)
{
    std::vector<std::uint64_t> steps;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        std::uint64_t step = 0;
        if (parseCheckpointManifestName(entry.path().filename().string(), step))
            steps.push_back(step);
    }
    std::sort(steps.rbegin(), steps.rend());
    return steps;
}

std::string sha256Hex(const std::string &bytes)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
        throw CheckpointError("SHA-256 failed");
    static const char *hex = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < length; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 15];
    }
    return out;
}

void writeFileAtomically(const std::string &path, const std::string &bytes)
{
    const fs::path target(path);
    const std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
    // A new file of an unpredictable name (O_EXCL): nothing planted at a temporary name is
    // followed or overwritten. rename() replaces a symbolic link at `path`, never its target.
    std::string tmp = path + ".tmp-XXXXXX";
    const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0)
        throw CheckpointError(errnoText("cannot create", tmp));
    ::fchmod(fd, 0644);
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const std::string why = errnoText("cannot write", tmp);
            ::close(fd);
            ::unlink(tmp.c_str());
            throw CheckpointError(why);
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        const std::string why = errnoText("cannot fsync", tmp);
        ::close(fd);
        ::unlink(tmp.c_str());
        throw CheckpointError(why);
    }
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = errnoText("cannot rename onto", path);
        ::unlink(tmp.c_str());
        throw CheckpointError(why);
    }
    fsyncDirectory(dir);
}

CheckpointWriter::CheckpointWriter(std::string dir, int every, int keep)
    : m_dir(std::move(dir)), m_every(std::max(1, every)), m_keep(std::max(1, keep))
{
    prepareCheckpointDirectory(m_dir);
    std::error_code ec;
    // Temporary files of a writer that was killed mid-write are never part of a checkpoint.
    for (const auto &entry : fs::directory_iterator(m_dir, ec))
        if (entry.path().filename().string().find(".tmp-") != std::string::npos &&
            entry.path().filename().string().rfind("step-", 0) == 0)
            fs::remove(entry.path(), ec);
}

bool CheckpointWriter::due(std::uint64_t completedSteps) const
{
    return completedSteps > 0 && completedSteps % static_cast<std::uint64_t>(m_every) == 0;
}

CheckpointInfo CheckpointWriter::write(std::uint64_t step, const std::string &state,
                                       const nlohmann::json &config)
{
    const auto t0 = std::chrono::steady_clock::now();
    CheckpointInfo info;
    info.step = step;
    const std::string base = (fs::path(m_dir) / checkpointStepName(step)).string();
    info.statePath = base + ".ckpt";
    info.manifestPath = base + ".json";
    info.bytes = static_cast<long long>(state.size());
    info.sha256 = sha256Hex(state);
    writeFileAtomically(info.statePath, state);
    info.manifest = {{"format", kCheckpointFormat},
                     {"step", step},
                     {"next_step", step + 1},
                     {"state_file", fs::path(info.statePath).filename().string()},
                     {"bytes", info.bytes},
                     {"sha256", info.sha256},
                     {"written_at", utcNowIso(/*microseconds=*/true)},
                     {"config", config}};
    writeFileAtomically(info.manifestPath, info.manifest.dump(2) + "\n");
    prune();
    info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return info;
}

void CheckpointWriter::prune() const
{
    const std::vector<std::uint64_t> steps = manifestStepsNewestFirst(m_dir);
    std::error_code ec;
    for (std::size_t i = static_cast<std::size_t>(m_keep); i < steps.size(); ++i) {
        const fs::path base = fs::path(m_dir) / checkpointStepName(steps[i]);
        fs::remove(base.string() + ".json",
                   ec); // the manifest first: never a manifest without state
        fs::remove(base.string() + ".ckpt", ec);
    }
}

CheckpointScan scanCheckpoints(const std::string &dir)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw CheckpointError("checkpoint directory " + dir + " does not exist");
    std::vector<std::uint64_t> steps;
    std::vector<std::string> orphans;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        std::uint64_t step = 0;
        if (parseCheckpointManifestName(name, step))
            steps.push_back(step);
        else if (name.size() == 20 && name.rfind("step-", 0) == 0 && name.substr(15) == ".ckpt" &&
                 !fs::exists(entry.path().parent_path() / (name.substr(0, 15) + ".json")))
            orphans.push_back(name);
    }
    if (ec)
        throw CheckpointError("cannot list checkpoint directory " + dir + ": " + ec.message());
    std::sort(steps.rbegin(), steps.rend());
    std::sort(orphans.rbegin(), orphans.rend());
    CheckpointScan scan;
    for (const std::string &name : orphans)
        scan.problems.push_back(name +
                                " has no manifest (an interrupted write or removal): skipped");
    for (std::uint64_t step : steps) {
        CheckpointInfo info;
        info.step = step;
        const std::string base = (fs::path(dir) / checkpointStepName(step)).string();
        info.manifestPath = base + ".json";
        const std::string label = checkpointStepName(step) + ".json";
        const std::optional<nlohmann::json> read =
            readCheckpointManifest(info.manifestPath, scan.problems);
        if (!read)
            continue;
        const nlohmann::json &m = *read;
        if (!m.is_object() || m.value("format", std::string()) != kCheckpointFormat ||
            !m.contains("bytes") || !m["bytes"].is_number_integer() || !m.contains("sha256") ||
            !m["sha256"].is_string() || m.value("step", ~0ULL) != step ||
            !m.contains("state_file") || !m["state_file"].is_string()) {
            scan.problems.push_back(label + " is not a complete checkpoint manifest");
            continue;
        }
        const std::string stateFile = m["state_file"].get<std::string>();
        if (!isPlainFileName(stateFile)) {
            scan.problems.push_back(label + " names state file '" + stateFile +
                                    "', which is not a file of the checkpoint directory");
            continue;
        }
        info.statePath = (fs::path(dir) / stateFile).string();
        info.bytes = m["bytes"].get<long long>();
        info.sha256 = m["sha256"].get<std::string>();
        info.manifest = m;
        if (info.bytes < 0 || static_cast<std::uint64_t>(info.bytes) > kMaxStateBytes) {
            scan.problems.push_back(label + " names a state of " + std::to_string(info.bytes) +
                                    " bytes, over the limit of " + std::to_string(kMaxStateBytes));
            continue;
        }
        const auto status = fs::symlink_status(info.statePath, ec);
        if (ec || !fs::is_regular_file(status)) {
            scan.problems.push_back(label + ": state file " + stateFile +
                                    (ec || !fs::exists(status)
                                         ? " is missing"
                                         : " is not a regular file (a symbolic link is never "
                                           "followed)"));
            continue;
        }
        const auto size = fs::file_size(info.statePath, ec);
        if (static_cast<long long>(size) != info.bytes) {
            scan.problems.push_back(label + ": state file has " + std::to_string(size) +
                                    " bytes, the manifest says " + std::to_string(info.bytes) +
                                    " (torn or truncated)");
            continue;
        }
        scan.usable.push_back(std::move(info));
    }
    return scan;
}

std::string readCheckpointState(const CheckpointInfo &info)
{
    std::string bytes = readCheckpointFile(info.statePath, kMaxStateBytes);
    if (static_cast<long long>(bytes.size()) != info.bytes)
        throw CheckpointError(info.statePath + " has " + std::to_string(bytes.size()) +
                              " bytes, the manifest says " + std::to_string(info.bytes));
    if (sha256Hex(bytes) != info.sha256)
        throw CheckpointError(info.statePath + " does not match the SHA-256 in its manifest");
    return bytes;
}

} // namespace tp::runner
