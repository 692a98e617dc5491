#!/usr/bin/env python3
"""A sea engine for the window's tests (tests/test_frontend_engine.c):
`sea_wave.py V`. It shoots the first unknown cell and answers each go with
`info wave` of 100 times V (an integer, -1 .. 2^31-1) and `info text waved`."""
import sys


def main():
    value = sys.argv[1]
    board = ""
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "wavesnake":
            sys.stdout.write("name sea wave\nready\n")
        elif words[0] == "board":
            board = "".join(words[1:])
        elif words[0] == "go":
            cell = board.index(".")
            sys.stdout.write("info wave " + " ".join([value] * 100) + "\n")
            sys.stdout.write("info text waved\n")
            sys.stdout.write("shot %d %d\n" % (cell % 10, cell // 10))
        elif words[0] == "quit":
            break
        sys.stdout.flush()


try:
    main()
except BrokenPipeError:
    sys.exit(0)
