#include "local_rendezvous.h"

#include "model/contract/output_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace tp::runner
{
namespace
{

// Field 22 of /proc/PID/stat (the start time in clock ticks); empty when PID is not running.
std::string startTime(long pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    if (!std::getline(in, stat))
        return {};
    const auto paren = stat.rfind(')'); // the command name may hold spaces and parentheses
    if (paren == std::string::npos)
        return {};
    std::istringstream fields(stat.substr(paren + 1));
    std::string f;
    for (int i = 3; i <= 22 && fields >> f; ++i) // field 3 (state) follows the name
        if (i == 22)
            return f;
    return {};
}

struct Owner {
    long pid = 0;
    std::string start;
};

// The owner file's process, when it names one; a file that is a link or too long names none.
bool readOwner(const std::string &path, Owner &owner)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return false;
    char buf[64] = {};
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return false;
    std::istringstream in(std::string(buf, std::size_t(n)));
    return static_cast<bool>(in >> owner.pid >> owner.start) && owner.pid > 0;
}

bool alive(const Owner &o)
{
    return !o.start.empty() && startTime(o.pid) == o.start;
}

std::string privateDirectory()
{
    const char *runtime = std::getenv("XDG_RUNTIME_DIR");
    struct stat st {
    };
    std::string dir = runtime && *runtime && ::stat(runtime, &st) == 0 && S_ISDIR(st.st_mode)
                          ? std::string(runtime) + "/torchpilot"
                          : "/tmp/torchpilot-rendezvous-" + std::to_string(::getuid());
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
        throw RendezvousError("cannot create the rendezvous directory " + dir + ": " +
                              std::strerror(errno));
    if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::getuid() ||
        (st.st_mode & 077) != 0)
        throw RendezvousError("the rendezvous directory " + dir +
                              " is not a directory of this user's only (mode 0700, not a link): "
                              "remove it or fix its mode");
    return dir;
}

} // namespace

bool isLoopbackHost(const std::string &host)
{
    return host == "localhost" || host.rfind("127.", 0) == 0 || host == "::1";
}

LocalRendezvous::LocalRendezvous(int port) : m_dir(privateDirectory())
{
    m_store = m_dir + "/store-" + std::to_string(port);
    m_owner = m_dir + "/owner-" + std::to_string(port);
}

LocalRendezvous::~LocalRendezvous()
{
    Owner o;
    if (m_published && readOwner(m_owner, o) && o.pid == ::getpid())
        ::unlink(m_owner.c_str());
}

void LocalRendezvous::claim(const std::string &rendezvous)
{
    if (Owner o; readOwner(m_owner, o) && o.pid != ::getpid() && alive(o))
        throw RendezvousError("rendezvous " + rendezvous + " is in use by process " +
                              std::to_string(o.pid));
    ::unlink(m_owner.c_str());
    ::unlink(m_store.c_str());
}

void LocalRendezvous::publish()
{
    const std::string line = std::to_string(::getpid()) + " " + startTime(::getpid()) + "\n";
    // A new file beside it, renamed into place (nothing planted there is followed); a leftover
    // of a killed process is removed by the next publish (threat model I4, I5).
    try {
        writeOutputFile(m_owner, line);
    } catch (const OutputError &e) {
        throw RendezvousError(e.what());
    }
    m_published = true;
}

bool LocalRendezvous::awaitOwner(std::chrono::milliseconds timeout) const
{
    const auto until = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (Owner o; readOwner(m_owner, o) && alive(o))
            return true;
        if (std::chrono::steady_clock::now() >= until)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

} // namespace tp::runner
