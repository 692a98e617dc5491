#!/usr/bin/env python3
"""A snake engine whose thinking the tests set, for the engine session's and
the window's tests (tests/test_engine_session.c, tests/test_frontend_engine.c):

  thinker.py [--delay MS] [--crash-at T [--once FILE]] [--bad-info-at T] [--stderr]
             [--name NAME] [--say WORDS] [--last-words] [--stderr-line TEXT]
             [--bump-at T]

It moves to the first free cell in U R D L order (deterministic: the same
state gets the same move, so a trace of it replays against it) and answers
each go with `info path` (its head, then the cell it moves to), `info text
tick T going D`. --delay sleeps MS ms before each answer; --crash-at exits
with status 3 when asked about tick T (each time it is asked, or with --once
only while FILE does not exist, which it then creates); --bad-info-at
writes a malformed info line (two spaces) before the answer at tick T;
--stderr writes "thinker: tick T" on its standard error at every go; --name
says NAME in the handshake instead of "thinker"; --say puts WORDS (one
argument) before "tick T going D" in the info text; --last-words writes
"thinker: end WORDS" on its standard error at each `end` and "thinker: quit"
at `quit`, what it says after its last answer; --stderr-line writes TEXT
(one argument, kept as given: spaces, a long word) on its standard error at
every go, after --stderr's line; --bump-at answers tick T with the first
direction that is not free (the edge, a wall or its body: a death while a
free cell is next to the head)."""
import sys
import time

DIRS = (("U", 0, -1), ("R", 1, 0), ("D", 0, 1), ("L", -1, 0))


def option(name, default):
    if name in sys.argv:
        return int(sys.argv[sys.argv.index(name) + 1])
    return default


def main():
    delay = option("--delay", 0) / 1000.0
    crash_at = option("--crash-at", -1)
    bad_at = option("--bad-info-at", -1)
    bump_at = option("--bump-at", -1)
    chatty = "--stderr" in sys.argv
    last_words = "--last-words" in sys.argv
    say = sys.argv[sys.argv.index("--say") + 1] + " " if "--say" in sys.argv else ""
    err_line = sys.argv[sys.argv.index("--stderr-line") + 1] if "--stderr-line" in sys.argv else None
    name = sys.argv[sys.argv.index("--name") + 1] if "--name" in sys.argv else "thinker"
    once = sys.argv[sys.argv.index("--once") + 1] if "--once" in sys.argv else None
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
            out.write("name %s\nready\n" % name)
        elif kind == "game":
            w, h = int(words[1]), int(words[2])
            walls = set()
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
            if tick == crash_at:
                if once is None:
                    sys.exit(3)
                try:
                    open(once, "x").close()
                    sys.exit(3)
                except FileExistsError:
                    pass
            if chatty:
                sys.stderr.write("thinker: tick %d\n" % tick)
                sys.stderr.flush()
            if err_line is not None:
                sys.stderr.write(err_line + "\n")
                sys.stderr.flush()
            if delay > 0:
                time.sleep(delay)
            hx, hy = body[0]
            blocked = set(body[:-1]) | walls
            move, nx, ny = "U", hx, hy - 1
            for d, dx, dy in DIRS:
                x, y = hx + dx, hy + dy
                free = 0 <= x < w and 0 <= y < h and (x, y) not in blocked
                if free != (tick == bump_at):
                    move, nx, ny = d, x, y
                    break
            if tick == bad_at:
                out.write("info  cells 1\n")
            if 0 <= nx < w and 0 <= ny < h:
                out.write("info path %d %d %d %d\n" % (hx, hy, nx, ny))
            out.write("info text %stick %d going %s\n" % (say, tick, move))
            out.write("move %s\n" % move)
        elif kind == "end" and last_words:
            sys.stderr.write("thinker: %s\n" % line.strip())
            sys.stderr.flush()
        elif kind == "quit":
            if last_words:
                sys.stderr.write("thinker: quit\n")
                sys.stderr.flush()
            break
        out.flush()


try:
    main()
except BrokenPipeError:  # wavesnake stopped reading (it quit, or killed the game)
    sys.exit(0)
