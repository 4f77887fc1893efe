#include "output_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tp
{

namespace
{

std::string quoted(const std::string &path)
{
    return "'" + path + "'";
}

std::pair<std::string, std::string> splitPath(const std::string &path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return {".", path};
    return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

// ".<name>.tp-<pid>-" : the prefix of this process's temporaries for `name`.
std::string temporaryPrefix(const std::string &name, long pid)
{
    return "." + name + ".tp-" + std::to_string(pid) + "-";
}

// The process's umask, read without changing it (umask() would, for every thread, meanwhile).
mode_t currentUmask()
{
    std::FILE *f = std::fopen("/proc/self/status", "re");
    unsigned int mask = 022;
    if (f) {
        char line[256];
        while (std::fgets(line, sizeof line, f))
            if (std::sscanf(line, "Umask: %o", &mask) == 1)
                break;
        std::fclose(f);
    }
    return static_cast<mode_t>(mask & 0777);
}

} // namespace

std::string fileKind(unsigned int mode)
{
    return S_ISLNK(mode)    ? "a symbolic link"
           : S_ISDIR(mode)  ? "a directory"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a regular file";
}

std::string outputRefusal(const std::string &path)
{
    if (path.empty())
        return "an empty path cannot be written";
    struct stat st {
    };
    if (::lstat(path.c_str(), &st) != 0)
        return errno == ENOENT ? std::string()
                               : "cannot write " + quoted(path) + ": " + std::strerror(errno);
    if (S_ISREG(st.st_mode))
        return {};
    return quoted(path) + " is " + fileKind(st.st_mode) +
           "; an output is written as a new regular file, so it is not replaced";
}

int removeStaleOutputTemporaries(const std::string &path)
{
    const auto [dir, name] = splitPath(path);
    const std::string prefix = "." + name + ".tp-";
    DIR *d = ::opendir(dir.c_str());
    if (!d)
        return 0;
    int removed = 0;
    while (const dirent *e = ::readdir(d)) {
        const std::string entry = e->d_name;
        if (entry.compare(0, prefix.size(), prefix) != 0)
            continue;
        char *end = nullptr;
        const long pid = std::strtol(entry.c_str() + prefix.size(), &end, 10);
        if (pid <= 0 || !end || *end != '-')
            continue;
        if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)
            continue; // its writer may still be running
        if (::unlinkat(::dirfd(d), entry.c_str(), 0) == 0)
            ++removed;
    }
    ::closedir(d);
    return removed;
}

void writeOutputFile(const std::string &path, std::string_view bytes)
{
    if (const std::string why = outputRefusal(path); !why.empty())
        throw OutputError(why);
    removeStaleOutputTemporaries(path);
    const auto [dir, name] = splitPath(path);
    std::string temp = dir + "/" + temporaryPrefix(name, static_cast<long>(::getpid())) + "XXXXXX";
    // mkostemp: O_CREAT | O_EXCL (never an existing file, never through a link), mode 0600.
    const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0)
        throw OutputError("cannot write " + quoted(path) + ": " + std::strerror(errno));
    auto failed = [&](const std::string &what) {
        const std::string why = std::strerror(errno);
        ::close(fd);
        ::unlink(temp.c_str());
        return OutputError("cannot write " + quoted(path) + ": " + what + why);
    };
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw failed("");
        done += std::size_t(n);
    }
    if (::fchmod(fd, 0666 & ~currentUmask()) != 0 || ::fsync(fd) != 0)
        throw failed("");
    if (::close(fd) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(temp.c_str());
        throw OutputError("cannot write " + quoted(path) + ": " + why);
    }
    // Checked again just before the rename: a link or FIFO planted meanwhile is refused too (the
    // rename would replace it, never write through it, but it is not ours to remove).
    if (const std::string why = outputRefusal(path); !why.empty()) {
        ::unlink(temp.c_str());
        throw OutputError(why);
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(temp.c_str());
        throw OutputError("cannot write " + quoted(path) + ": " + why);
    }
}

} // namespace tp
