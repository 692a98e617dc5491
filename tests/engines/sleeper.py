#!/usr/bin/env python3
"""An engine that stops answering, for the tests of stopping a run while an
engine thinks (tests/cli/stop.sh):

  sleeper.py AFTER MARK

It plays the snake or the sea (the handshake says which): it answers the
first AFTER requests (`go`) at once, the snake with the first free cell in
U R D L order, the sea with the first unknown cell; at the next `go` it
creates the file MARK (so that a test knows it thinks now) and sleeps an
hour, longer than any --engine-timeout (at most 10 minutes). A run that
waits for it after Ctrl-C hangs; one that stops at once does not. AFTER -1:
it creates MARK and sleeps at the handshake, before `ready`."""
import sys
import time

DIRS = (("U", 0, -1), ("R", 1, 0), ("D", 0, 1), ("L", -1, 0))


def snake_move(w, h, body, walls):
    hx, hy = body[0]
    blocked = set(body[:-1]) | walls
    for d, dx, dy in DIRS:
        x, y = hx + dx, hy + dy
        if 0 <= x < w and 0 <= y < h and (x, y) not in blocked:
            return "move " + d
    return "move U"


def main():
    after = int(sys.argv[1])
    mark = sys.argv[2]
    out = sys.stdout
    sea = False
    w = h = 0
    walls = set()
    body = []
    board = ""
    answered = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "wavesnake":
            if after < 0:
                open(mark, "w").close()
                time.sleep(3600)
            sea = words[-1] == "sea"
            out.write("name sleeper\nready\n")
        elif kind == "game" and not sea:
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
        elif kind == "board":
            board = "".join(words[1:])
        elif kind == "go":
            if answered == after:
                open(mark, "w").close()
                time.sleep(3600)
            answered += 1
            if sea:
                cell = board.index(".")
                out.write("shot %d %d\n" % (cell % 10, cell // 10))
            else:
                out.write(snake_move(w, h, body, walls) + "\n")
        elif kind == "quit":
            break
        out.flush()


try:
    main()
except BrokenPipeError:  # wavesnake stopped reading
    sys.exit(0)
