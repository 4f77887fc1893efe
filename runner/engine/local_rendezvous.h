#pragma once
// The rendezvous of a rank group on one host, without a listening socket. libtorch 1.13's
// TCPStore binds rank 0's server to every interface, with no authentication and no option to bind
// one address; for a loopback rendezvous (localhost, 127.*, ::1) the ranks meet instead through a
// c10d FileStore in a directory only this user can reach. The Python runner uses the same files
// (runner/python/torchpilot_pyrunner/tp_distributed.py):
//   directory  $XDG_RUNTIME_DIR/torchpilot when that is a directory, else
//              /tmp/torchpilot-rendezvous-<uid>; mode 0700, owned by this user, not a link
//   store-<port>  the FileStore
//   owner-<port>  "PID STARTTIME\n" of rank 0 (STARTTIME: field 22 of /proc/PID/stat), written
//                 once its store exists; a rank joins only while that process is alive.
// Rank 0 refuses a port whose owner is alive (as a bound port would), and replaces the files of an
// owner that is gone. No torch.
#include <chrono>
#include <stdexcept>
#include <string>

namespace tp::runner
{

class RendezvousError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

bool isLoopbackHost(const std::string &host);

class LocalRendezvous
{
public:
    // Creates or checks the private directory; throws RendezvousError naming it.
    explicit LocalRendezvous(int port);
    ~LocalRendezvous(); // rank 0: removes its owner file (a later group may use the port)

    const std::string &storePath() const { return m_store; }
    // Rank 0, before its store is created: throws RendezvousError ("… is in use by process P")
    // when a live process owns the port; removes the files of an owner that is gone.
    void claim(const std::string &rendezvous);
    // Rank 0, once its store file exists: this process becomes the owner.
    void publish();
    // Other ranks: waits until a live owner has published, at most `timeout`; false on timeout.
    bool awaitOwner(std::chrono::milliseconds timeout) const;

private:
    std::string m_dir, m_store, m_owner;
    bool m_published = false;
};

} // namespace tp::runner
