#!/usr/bin/env python3
"""An engine that does not quit: `deaf.py DIR [sea]`, for tests/cli/stop.sh.

It plays trivially (snake: R, U, L, D in turn; sea: the first unknown
cell). At the start it writes its pid to DIR/pid.PID. When wavesnake tells it
to quit (the `quit` line, or its stdin closed) it appends a line to
DIR/quit.log, `quit PID alive N`, N the engines of DIR still running then
(not zombies), and sleeps on, ignoring SIGTERM, until SIGKILL. So the log
says whether every engine of a run was told to quit while the others still
ran (their grace seconds together) or only once the one before had been
killed (one after another: fewer alive)."""
import os
import signal
import sys
import time

DIR = sys.argv[1]
SEA = len(sys.argv) > 2 and sys.argv[2] == "sea"


def running(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def main():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    me = os.getpid()
    open(os.path.join(DIR, "pid.%d" % me), "w").close()
    out = sys.stdout
    board, turn = "", 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "wavesnake":
            out.write("ready\n")
        elif words[0] == "board":
            board = "".join(words[1:])
        elif words[0] == "go":
            if SEA:
                cell = board.index(".")
                out.write("shot %d %d\n" % (cell % 10, cell // 10))
            else:
                out.write("move %s\n" % "RULD"[turn % 4])
                turn += 1
        elif words[0] == "quit":
            break
        out.flush()
    pids = [int(n[4:]) for n in os.listdir(DIR) if n.startswith("pid.")]
    alive = sum(1 for p in pids if running(p))
    with open(os.path.join(DIR, "quit.log"), "a") as f:
        f.write("quit %d alive %d\n" % (me, alive))
    while True:
        time.sleep(1000)


try:
    main()
except BrokenPipeError:
    pass
