#!/usr/bin/env python3
"""An engine that fails on some games, for the statistics' tests (match,
sea, race): `flaky.py snake|sea N [NAME]`. On a game whose seed is a multiple
of N it answers its first `go` with an unknown line (a fault: the game is
forfeit); on the others it plays a plain game. Sea: the first unknown cell
in row-major order (every game sinks the fleet). Snake: the first move in
U R D L order that keeps off the body, so it finishes its games (mostly
dead). NAME, when given, is the name it says in the handshake."""
import sys

DIRS = (("U", 0, -1), ("R", 1, 0), ("D", 0, 1), ("L", -1, 0))


def say(s):
    sys.stdout.write(s)
    sys.stdout.flush()


def main():
    mode, every = sys.argv[1], int(sys.argv[2])
    name = sys.argv[3] if len(sys.argv) > 3 else None
    w = h = 0
    body, board = [], []
    fail = False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "wavesnake":
            say(("name %s\n" % name if name else "") + "ready\n")
        elif kind == "game":
            seed = int(words[words.index("seed") + 1])
            fail = seed % every == 0
            if mode == "snake":
                w, h = int(words[1]), int(words[2])
        elif kind == "snake":
            v = list(map(int, words[2:]))
            body = list(zip(v[0::2], v[1::2]))
        elif kind == "board":
            board = words[1:]
        elif kind == "go":
            if fail:
                say("this is not a move\n")
                continue
            if mode == "sea":
                cell = "".join(board).index(".")
                say("shot %d %d\n" % (cell % 10, cell // 10))
                continue
            hx, hy = body[0]
            move = "U"
            for d, dx, dy in DIRS:
                x, y = hx + dx, hy + dy
                if 0 <= x < w and 0 <= y < h and (x, y) not in body[:-1]:
                    move = d
                    break
            say("move %s\n" % move)
        elif kind == "quit":
            break


main()
