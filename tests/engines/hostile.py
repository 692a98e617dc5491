#!/usr/bin/env python3
"""A hostile snake engine: `hostile.py MODE [ARGS]`. It plays like good.py
(the first safe move in U R D L order) and attacks wavesnake one way:

  fds           at each go writes into every descriptor 3..255, then lists
                /proc/self/fd: anything but 0, 1 and 2 is answered with the
                line "fds N ..." (an unknown line: a fault naming them)
  fds-parent    the same, and also reads wavesnake's /proc/PPID/fdinfo: a
                descriptor above 2 without close-on-exec ("parent N"), or a
                standard descriptor of wavesnake that is one of this
                engine's pipes ("clash N") are answered the same way
  pgrp SLEEP    moves itself into wavesnake's process group, starts a child
                there (sleep SLEEP), ignores SIGTERM and, after quit, waits
                forever
  escape PATH SLEEP [GAME]
                starts three processes that leave its process group: a child
                that calls setsid(), a grandchild that does the same after a
                double fork (its parent exits at once), a child that makes a
                group of its own; each runs `sleep SLEEP`. At the first go of
                its GAME-th game (default 1) it writes "pids LEADER A B C" to
                PATH (a file or a FIFO)
  double        answers each go twice ("move D" written twice)
  double-late   the same, the second answer 0.2 s after the first
  badinfo       after each answer a malformed info line ("info  late": two
                spaces), out of turn
  badinfo-late  the same, 0.2 s after the answer
  closein       after its first answer closes its stdin and writes "move R"
                every 10 ms, blind
  bigpipe       at each go, before its answer, makes its input pipe 1 MiB
                (F_SETPIPE_SZ on its stdin: wavesnake's POLLOUT then no
                longer says "all read"); at the next go, if the pipe is still
                that large, it answers "pipe-SIZE" (an unknown line: a fault)
Other arguments are ignored (the tests add a marker for pgrep)."""
import os
import signal
import sys
import time

MODE = sys.argv[1]
ARGS = sys.argv[2:]
DIRS = (("U", 0, -1), ("R", 1, 0), ("D", 0, 1), ("L", -1, 0))
O_CLOEXEC = 0o2000000
F_SETPIPE_SZ, F_GETPIPE_SZ = 1031, 1032


def say(s):
    os.write(1, s.encode())


def own_fds():
    """Descriptors of this process, without the one that lists them."""
    names = os.listdir("/proc/self/fd")
    fds = []
    for n in names:
        try:
            target = os.readlink("/proc/self/fd/" + n)
        except OSError:
            continue  # the listing's own descriptor, closed by now
        if target.startswith("/proc/") and target.endswith("/fd"):
            continue
        fds.append(int(n))
    return sorted(fds)


def parent_problems():
    ppid = os.getppid()
    found = []
    mine = {os.readlink("/proc/self/fd/0"), os.readlink("/proc/self/fd/1")}
    for n in sorted(os.listdir("/proc/%d/fd" % ppid), key=int):
        fd = int(n)
        try:
            target = os.readlink("/proc/%d/fd/%d" % (ppid, fd))
            info = open("/proc/%d/fdinfo/%d" % (ppid, fd)).read()
        except OSError:
            continue
        flags = int(info.split("flags:")[1].split()[0], 8)
        if fd > 2 and not flags & O_CLOEXEC:
            found.append("parent %d" % fd)
        if fd <= 2 and target in mine:
            found.append("clash %d" % fd)
    return found


def check_fds():
    for fd in range(3, 256):
        try:
            os.write(fd, b"hostile engine was here\n")
        except OSError:
            pass
    problems = ["fds " + " ".join(map(str, own_fds()))] if own_fds() != [0, 1, 2] else []
    if MODE == "fds-parent":
        problems += parent_problems()
    return problems


def sleeper(sleep_arg, setsid=False, own_group=False):
    """A child that runs `sleep sleep_arg`; returns its pid."""
    pid = os.fork()
    if pid == 0:
        if setsid:
            os.setsid()
        if own_group:
            os.setpgid(0, 0)
        os.closerange(0, 3)
        os.execvp("sleep", ["sleep", sleep_arg])
    return pid


def escape(sleep_arg):
    a = sleeper(sleep_arg, setsid=True)
    r, w = os.pipe()
    middle = os.fork()
    if middle == 0:  # the double fork: the grandchild is orphaned at once
        os.close(r)
        b = sleeper(sleep_arg, setsid=True)
        os.write(w, b"%d\n" % b)
        os._exit(0)
    os.close(w)
    b = int(os.read(r, 64).decode())
    os.close(r)
    os.waitpid(middle, 0)
    c = sleeper(sleep_arg, own_group=True)
    return [os.getpid(), a, b, c]


def move(w, h, body, walls):
    hx, hy = body[0]
    blocked = set(body[:-1]) | walls
    for d, dx, dy in DIRS:
        x, y = hx + dx, hy + dy
        if 0 <= x < w and 0 <= y < h and (x, y) not in blocked:
            return d
    return "U"


def main():
    w = h = 0
    walls = set()
    body = []
    pids = None
    games = gos = 0
    tell_game = int(ARGS[2]) if MODE == "escape" and len(ARGS) > 2 and ARGS[2].isdigit() else 1
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "wavesnake":
            if MODE == "pgrp":
                os.setpgid(0, os.getpgid(os.getppid()))
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                sleeper(ARGS[0])
            if MODE == "escape":
                pids = escape(ARGS[1])
            say("name hostile %s\nready\n" % MODE)
        elif kind == "game":
            w, h = int(words[1]), int(words[2])
            walls = set()
            games += 1
            gos = 0
        elif kind == "walls":
            v = list(map(int, words[2:]))
            walls = set(zip(v[0::2], v[1::2]))
        elif kind == "wall":
            walls ^= {(int(words[1]), int(words[2]))}
        elif kind == "snake":
            v = list(map(int, words[2:]))
            body = list(zip(v[0::2], v[1::2]))
        elif kind == "go":
            gos += 1
            if pids is not None and gos == 1 and games == tell_game:
                with open(ARGS[0], "a") as f:
                    f.write("pids %s\n" % " ".join(map(str, pids)))
            problems = check_fds() if MODE.startswith("fds") else []
            if MODE == "bigpipe":
                import fcntl
                size = fcntl.fcntl(0, F_GETPIPE_SZ)
                if gos > 1 and size != 4096:
                    problems = ["pipe %d" % size]
                fcntl.fcntl(0, F_SETPIPE_SZ, 1 << 20)
            if problems:
                say(", ".join(problems).replace(" ", "-").replace(",-", " ") + "\n")
                continue
            d = move(w, h, body, walls)
            say("move %s\n" % d)
            if MODE == "double":
                say("move %s\n" % d)
            if MODE == "double-late":
                time.sleep(0.2)
                say("move %s\n" % d)
            if MODE.startswith("badinfo"):
                if MODE == "badinfo-late":
                    time.sleep(0.2)
                say("info  late\n")
            if MODE == "closein":
                os.close(0)
                while True:
                    time.sleep(0.01)
                    say("move R\n")
        elif kind == "quit":
            if MODE == "pgrp":
                while True:
                    time.sleep(1000)
            break


main()
