#!/usr/bin/env python3
"""A snake engine that keeps a log of what it said, for the window's tests
(tests/test_frontend.c): `told.py LOG [--delay MS]`. It moves to the first
free cell in U R D L order and answers each go with `info path` (its head,
then the cell it moves to), `info cells` (its head) and `info text tick T
going D`. Each answer is one line of LOG, "T x0 y0 x1 y1 D", written before
the move (--delay: MS ms before it, as a slow engine's answer comes after
its log line); each `game` block it receives is a line "game SEED"."""
import sys
import time

DIRS = (("U", 0, -1), ("R", 1, 0), ("D", 0, 1), ("L", -1, 0))


def main():
    log = open(sys.argv[1], "a")
    delay = 0.0
    if "--delay" in sys.argv:
        delay = int(sys.argv[sys.argv.index("--delay") + 1]) / 1000.0
    out = sys.stdout
    w = h = 0
    walls = set()
    body = []
    tick = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "wavesnake":
            out.write("name told\nready\n")
        elif kind == "game":
            w, h = int(words[1]), int(words[2])
            walls = set()
            log.write("game %s\n" % words[-1])
        elif kind == "walls":
            v = list(map(int, words[2:]))
            walls = set(zip(v[0::2], v[1::2]))
        elif kind == "wall":
            walls ^= {(int(words[1]), int(words[2]))}
        elif kind == "tick":
            tick = int(words[1])
        elif kind == "snake":
            v = list(map(int, words[2:]))
            body = list(zip(v[0::2], v[1::2]))
        elif kind == "go":
            hx, hy = body[0]
            blocked = set(body[:-1]) | walls
            move, nx, ny = "U", hx, hy - 1
            for d, dx, dy in DIRS:
                x, y = hx + dx, hy + dy
                if 0 <= x < w and 0 <= y < h and (x, y) not in blocked:
                    move, nx, ny = d, x, y
                    break
            log.write("%d %d %d %d %d %s\n" % (tick, hx, hy, nx, ny, move))
            log.flush()
            if delay > 0:
                time.sleep(delay)
            if 0 <= nx < w and 0 <= ny < h:
                out.write("info path %d %d %d %d\n" % (hx, hy, nx, ny))
            out.write("info cells %d %d\n" % (hx, hy))
            out.write("info text tick %d going %s\n" % (tick, move))
            out.write("move %s\n" % move)
        elif kind == "quit":
            break
        out.flush()


main()
