"""The loopback rendezvous of the Python runner's data-parallel groups (tp_rendezvous): a c10d
FileStore in a private directory instead of a TCPStore that listens on every interface. Real rank
processes (gloo, torch 1.13): a 2-rank group forms with no socket listening on the rendezvous
port, every TCP socket of its ranks (gloo's connections) on loopback; a stale owner file (a dead
process, a reused pid, garbage) does not block a new group; a second rank 0 on a port whose owner
is alive fails with "in use"; a private directory others can access is refused. Units: the directory's checks, the
owner file and /proc/PID/stat's start time, the loopback interface."""
import ipaddress
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest

import dist_testlib as dl
import runner_testlib as lib

sys.path.insert(0, lib.PYDIR)

from torchpilot_pyrunner import tp_rendezvous  # noqa: E402
from torchpilot_pyrunner.tp_safe_files import Refused  # noqa: E402

LISTEN = "0A"  # the TCP state column of /proc/net/tcp{,6}


def _address(text):
    """(address, port) of /proc/net/tcp's hex form: IPv4 as one little-endian word, IPv6 as four."""
    host, port = text.split(":")
    raw = bytes.fromhex(host)
    if len(raw) == 4:
        return socket.inet_ntop(socket.AF_INET, raw[::-1]), int(port, 16)
    words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
    return socket.inet_ntop(socket.AF_INET6, words), int(port, 16)


def tcp_sockets():
    """[(address, port, state, socket inode)] of every TCP socket on this host."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                lines = f.read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            found.append(_address(fields[1]) + (fields[3], fields[9]))
    return found


def socket_inodes(pid):
    inodes = set()
    fd_dir = "/proc/%d/fd" % pid
    for fd in os.listdir(fd_dir):
        try:
            link = os.readlink(os.path.join(fd_dir, fd))
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[len("socket:["):-1])
    return inodes


def is_loopback(address):
    ip = ipaddress.ip_address(address)
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def read_step(rank):
    """Reads a rank's stdout up to its first train_step line."""
    while True:
        line = rank.proc.stdout.readline()
        if not line:
            raise AssertionError("the rank ended before its first step")
        rank.lines.append(line)
        if json.loads(line)["event"] == "train_step":
            return


def failed_error(test, rc, evs, err):
    test.assertEqual(rc, 1, err)
    fin = lib.one(evs, "run_finished")
    test.assertEqual(fin["status"], "failed")
    test.assertEqual(evs[0]["event"], "run_started")
    return fin["error"]


class FileStoreGroups(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="tp-rdzv-")
        self.env = {"XDG_RUNTIME_DIR": self.tmp.name}
        self.dir = os.path.join(self.tmp.name, "torchpilot")
        self.port = dl.free_port()
        self.ranks = []

    def tearDown(self):
        for r in self.ranks:
            r.kill()
        self.tmp.cleanup()

    def rank(self, world, rank, args, timeout=20, stdout_pipe=False):
        r = dl.Rank(dl.TRAIN + list(args) + dl.group_args(world, rank, self.port, timeout),
                    env=self.env, stdout_pipe=stdout_pipe)
        self.ranks.append(r)
        return r

    def group(self, steps=3):
        ranks = [self.rank(2, r, ["--steps", str(steps)]) for r in (0, 1)]
        return [r.wait(60) for r in ranks]

    def test_group_forms_without_listening_on_the_port(self):
        with tempfile.TemporaryDirectory() as ck:
            args = ["--steps", "100000", "--checkpoint-dir", ck,  # a train_step line per step
                    "--checkpoint-every", "100000"]
            ranks = [self.rank(2, r, args, stdout_pipe=True) for r in (0, 1)]
            for r in ranks:
                read_step(r)
            sockets = tcp_sockets()
            self.assertNotIn(self.port, [port for _, port, state, _ in sockets if state == LISTEN])
            with self.assertRaises(ConnectionRefusedError):
                socket.create_connection(("127.0.0.1", self.port), timeout=5).close()
            for r in ranks:
                own = [s for s in sockets if s[3] in socket_inodes(r.proc.pid)]
                self.assertTrue(own, "rank %d holds no TCP socket (gloo's)" % ranks.index(r))
                for address, port, state, _ in own:
                    self.assertTrue(is_loopback(address), (r.proc.pid, address, port, state))
            st = os.lstat(self.dir)
            self.assertEqual(st.st_mode & 0o777, 0o700)
            self.assertTrue(os.path.isfile(os.path.join(self.dir, "store-%d" % self.port)))
            owner = tp_rendezvous.read_owner(os.path.join(self.dir, "owner-%d" % self.port))
            self.assertEqual(owner[0], ranks[0].proc.pid)
            self.assertTrue(tp_rendezvous.alive(owner))

    def test_stale_owner_does_not_block(self):
        os.mkdir(self.dir, 0o700)
        owner = os.path.join(self.dir, "owner-%d" % self.port)
        gone = subprocess.Popen(["true"])
        gone.wait()
        me = tp_rendezvous.start_time(os.getpid())
        for text in ("%d 12345\n" % gone.pid,  # a process that ended
                     "%d %d\n" % (os.getpid(), me + 1),  # a live pid, another start time: reused
                     "garbage\n"):
            with self.subTest(owner=text):
                with open(owner, "w") as f:
                    f.write(text)
                with open(os.path.join(self.dir, "store-%d" % self.port), "w") as f:
                    f.write("a previous group's keys")
                for rc, evs, err in self.group():
                    self.assertEqual(rc, 0, err)
                    d = lib.one(evs, "run_started")["env"]["distributed"]
                    self.assertEqual(d["rendezvous_store"], "file")

    def test_second_rank_0_is_refused_while_the_first_lives(self):
        first = self.rank(2, 0, ["--steps", "3"])
        owner = os.path.join(self.dir, "owner-%d" % self.port)
        t0 = time.monotonic()
        while tp_rendezvous.read_owner(owner) is None and time.monotonic() - t0 < 30:
            time.sleep(0.05)
        rc, evs, err = self.rank(2, 0, ["--steps", "3"]).wait(60)
        error = failed_error(self, rc, evs, err)
        self.assertEqual(error, "distributed: rendezvous 127.0.0.1:%d is in use by process %d"
                         % (self.port, first.proc.pid))
        self.assertIsNone(first.proc.poll())  # the first one still waits for its rank 1
        rc, _, err = self.rank(2, 1, ["--steps", "3"]).wait(60)
        self.assertEqual(rc, 0, err)
        self.assertEqual(first.wait(60)[0], 0)

    def test_private_directory_others_can_access_is_refused(self):
        os.mkdir(self.dir)
        os.chmod(self.dir, 0o755)
        rc, evs, err = self.rank(1, 0, ["--steps", "1"]).wait(60)
        error = failed_error(self, rc, evs, err)
        self.assertEqual(error, "distributed: rendezvous 127.0.0.1:%d: the rendezvous directory "
                         "%s is refused: other users can access it (mode 0755; it must be 0700)"
                         % (self.port, self.dir))
        self.assertEqual(os.listdir(self.dir), [])


class RendezvousUnits(unittest.TestCase):
    def test_directory(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(tp_rendezvous.rendezvous_dir({"XDG_RUNTIME_DIR": d}),
                             os.path.join(d, "torchpilot"))
        fallback = "/tmp/torchpilot-rendezvous-%d" % os.getuid()
        self.assertEqual(tp_rendezvous.rendezvous_dir({"XDG_RUNTIME_DIR": "/nonexistent/x"}),
                         fallback)
        self.assertEqual(tp_rendezvous.rendezvous_dir({}), fallback)

    def test_private_directory_checks(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "torchpilot")
            tp_rendezvous.private_dir(path)
            self.assertEqual(os.lstat(path).st_mode & 0o777, 0o700)
            tp_rendezvous.private_dir(path)  # an existing good one is taken
            os.chmod(path, 0o750)
            with self.assertRaisesRegex(Refused, "other users can access it \\(mode 0750"):
                tp_rendezvous.private_dir(path)
            os.rmdir(path)
            real = os.path.join(d, "real")
            os.mkdir(real, 0o700)
            os.symlink(real, path)
            with self.assertRaisesRegex(Refused, "^the rendezvous directory %s is refused: it is "
                                                 "a symbolic link$" % path):
                tp_rendezvous.private_dir(path)
            os.unlink(path)
            with open(path, "w"):
                pass
            with self.assertRaisesRegex(Refused, "it is not a directory"):
                tp_rendezvous.private_dir(path)
            os.unlink(path)
            if os.getuid() == 0:
                os.mkdir(path, 0o700)
                os.chown(path, 1, 1)
                with self.assertRaisesRegex(Refused, "it is owned by uid 1, not by this user "
                                                     "\\(uid 0\\)"):
                    tp_rendezvous.private_dir(path)

    def test_owner_and_start_time(self):
        with open("/proc/self/stat", "rb") as f:
            expected = int(f.read().rpartition(b")")[2].split()[19])
        self.assertEqual(tp_rendezvous.start_time(os.getpid()), expected)
        with tempfile.TemporaryDirectory() as d:
            owner = os.path.join(d, "owner-1")
            self.assertIsNone(tp_rendezvous.read_owner(owner))
            for text, parsed in (("%d %d\n" % (os.getpid(), expected), (os.getpid(), expected)),
                                 ("12 x\n", None), ("1 2 3\n", None), ("", None)):
                with open(owner, "w") as f:
                    f.write(text)
                self.assertEqual(tp_rendezvous.read_owner(owner), parsed, text)
            self.assertTrue(tp_rendezvous.alive((os.getpid(), expected)))
            self.assertFalse(tp_rendezvous.alive((os.getpid(), expected + 1)))
            self.assertFalse(tp_rendezvous.alive(None))
            os.unlink(owner)
            os.symlink("/proc/self/stat", owner)  # a link is never read
            self.assertIsNone(tp_rendezvous.read_owner(owner))

    def test_loopback(self):
        for host in ("localhost", "127.0.0.1", "127.1.2.3", "::1"):
            self.assertTrue(tp_rendezvous.is_loopback(host), host)
        for host in ("10.0.0.1", "myhost", "::ffff:127.0.0.1", "0.0.0.0"):
            self.assertFalse(tp_rendezvous.is_loopback(host), host)
        name = tp_rendezvous.loopback_interface()
        self.assertIsNotNone(name)
        with open("/sys/class/net/%s/flags" % name) as f:
            self.assertTrue(int(f.read(), 16) & tp_rendezvous.IFF_LOOPBACK)


if __name__ == "__main__":
    unittest.main()
