#!/usr/bin/env python3
"""A sea engine for tests/test_frontend_sea.c: `sea_log.py LOG [DELAY_MS]`.
It shoots the first unknown cell, with `info cells` (that cell), `info wave`
(a value per cell that changes with every shot) and `info text`, and
appends to the file LOG each `game` and `end` line it reads and `answer`
once each shot is written: the test waits for an answer there, then one
frame reads it. DELAY_MS: it thinks that long before each answer."""
import sys
import time


def main():
    log = open(sys.argv[1], "a")
    delay = int(sys.argv[2]) / 1000.0 if len(sys.argv) > 2 else 0.0
    board = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "wavesnake":
            sys.stdout.write("name sea log\nready\n")
        elif words[0] in ("game", "end"):
            log.write(line)
        elif words[0] == "board":
            board = "".join(words[1:])
        elif words[0] == "go":
            time.sleep(delay)
            cell = board.index(".")
            x, y = cell % 10, cell // 10
            shots = sum(1 for c in board if c != ".")
            wave = " ".join(str((i * 7 + shots * 13) % 50 if board[i] == "." else -1)
                            for i in range(100))
            sys.stdout.write("info cells %d %d\ninfo wave %s\n" % (x, y, wave))
            sys.stdout.write("info text first unknown cell after %d\n" % shots)
            sys.stdout.write("shot %d %d\n" % (x, y))
            sys.stdout.flush()
            log.write("answer\n")
        elif words[0] == "quit":
            break
        sys.stdout.flush()
        log.flush()


try:
    main()
except BrokenPipeError:  # wavesnake stopped listening (the window closed mid-answer)
    sys.exit(0)
