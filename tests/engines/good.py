#!/usr/bin/env python3
"""A well-behaved snake engine for tests/test_engine.c: the first legal move in
U R D L order that keeps off the body and the walls, with info lines."""
import sys

DIRS = (("U", 0, -1), ("R", 1, 0), ("D", 0, 1), ("L", -1, 0))


def main():
    out = sys.stdout
    w = h = 0
    walls = set()
    body = []
    ticks = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "wavesnake":
            out.write("name good test engine\nready\n")
        elif kind == "game":
            w, h = int(words[1]), int(words[2])
            walls = set()
        elif kind == "walls":
            v = list(map(int, words[2:]))
            walls = set(zip(v[0::2], v[1::2]))
        elif kind == "wall":
            walls ^= {(int(words[1]), int(words[2]))}
        elif kind == "snake":
            v = list(map(int, words[2:]))
            body = list(zip(v[0::2], v[1::2]))
        elif kind == "go":
            ticks += 1
            hx, hy = body[0]
            blocked = set(body[:-1]) | walls
            move = "U"
            for d, dx, dy in DIRS:
                x, y = hx + dx, hy + dy
                if 0 <= x < w and 0 <= y < h and (x, y) not in blocked:
                    move = d
                    break
            wave = " ".join(str((i % 7) - 1) for i in range(w * h))
            out.write("info path %d %d\n" % (hx, hy))
            out.write("info cells 0 0 %d %d\n" % (w - 1, h - 1))
            out.write("info wave %s\n" % wave)
            out.write("info future kind ignored\n")
            out.write("info text tick %d going %s\n" % (ticks, move))
            out.write("move %s\n" % move)
        elif kind == "quit":
            break
        out.flush()


main()
