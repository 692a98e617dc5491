#!/usr/bin/env python3
"""A sea engine for tests/test_frontend_sea.c: `slow_restart.py FLAG`. Its
first run (no file FLAG yet; it creates it) says ready at once and shoots
off the board, a fault; every later run takes a second to say ready, then
shoots the first unknown cell. The window must keep drawing meanwhile."""
import os
import sys
import time


def main():
    flag = sys.argv[1]
    again = os.path.exists(flag)
    if not again:
        open(flag, "w").close()
    board = ""
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "wavesnake":
            if again:
                time.sleep(1)
            sys.stdout.write("ready\n")
        elif words[0] == "board":
            board = "".join(words[1:])
        elif words[0] == "go":
            cell = board.index(".") if again else 10
            sys.stdout.write("shot %d %d\n" % (cell % 10 + (0 if again else 10), cell // 10))
        elif words[0] == "quit":
            break
        sys.stdout.flush()


try:
    main()
except BrokenPipeError:
    sys.exit(0)
