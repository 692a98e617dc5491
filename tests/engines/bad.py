#!/usr/bin/env python3
"""Misbehaving engines for tests/test_engine.c: `bad.py MODE [snake|sea]`.
Each mode breaks the protocol one way (see MODES below); until then it
plays like a trivial engine (move R, or shoot the first unknown cell)."""
import os
import signal
import sys
import time

MODE = sys.argv[1]
# exit:   exits before ready            noready: never says ready
# crash:  SIGSEGV itself at the 2nd go  garbage: a control byte in a move at the 1st go
# garbageinfo: a control byte in an info line (a warning, not a fault)
# long:   a 2 MiB line at the 1st go    silent:  never answers the 2nd go
# unknown: an unknown line at the 1st go    badmove: "move X"
# badwave: a wave with too few values   offboard: a shot off the board (sea)
# again:  a shot at a known cell (sea)  ignorequit: ignores quit and SIGTERM
# early:  two answers to the 1st go     spaces: two spaces between words
# slow:   sleeps 0.15 s before each answer
# debug:  a debug print on stdout before ready
# spamcrash: 200 debug lines on stderr at the 2nd go, then "the last words", exit 4
# cellname: "shot A1" (sea)            wrongkind: the other game's answer at the 1st go
# oneend: stops at the first `end` (a loop that ends with its game)
# nonewline: "move R" without its newline at the 2nd go, then silence
# saidinfo: an info line at the 2nd go, then silence


def say(s):
    sys.stdout.write(s)
    sys.stdout.flush()


def main():
    if MODE == "ignorequit":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    gos = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "wavesnake":
            if MODE == "exit":
                sys.exit(3)
            if MODE == "noready":
                time.sleep(1000)
            if MODE == "debug":
                say("starting up\n")
            say("ready\n")
        elif words[0] == "board":
            rows = words[1:]
            board = rows
        elif words[0] == "go":
            gos += 1
            if MODE == "crash" and gos == 2:
                os.kill(os.getpid(), signal.SIGSEGV)
            if MODE == "slow":
                time.sleep(0.15)
            if MODE == "silent" and gos == 2:
                time.sleep(1000)
            if MODE == "spamcrash" and gos == 2:
                for i in range(200):
                    sys.stderr.write("debug line %d %s\n" % (i, "x" * 80))
                sys.stderr.write("the last words\n")
                sys.stderr.flush()
                sys.exit(4)
            if MODE == "nonewline" and gos == 2:
                say("move R")
                time.sleep(1000)
            if MODE == "saidinfo" and gos == 2:
                say("info text thinking\n")
                time.sleep(1000)
            if MODE == "garbage":
                say("move \x1b[31mR\n")
            if MODE == "garbageinfo":
                say("info text \x1b[31mred\n")
            if MODE == "long":
                say("info text " + "x" * (2 << 20) + "\n")
            if MODE == "unknown":
                say("hello there\n")
            if MODE == "badmove":
                say("move X\n")
            if MODE == "badwave":
                say("info wave 1 2 3\n")
            if MODE == "spaces":
                say("move  R\n")
            if MODE == "offboard":
                say("shot 10 0\n")
            if MODE == "cellname":
                say("shot A1\n")
            if MODE == "wrongkind":
                say("move R\n" if len(sys.argv) > 2 and sys.argv[2] == "sea" else "shot 1 1\n")
            if MODE == "again" and gos == 2:
                say("shot 0 0\n")
                continue
            if words and len(sys.argv) > 2 and sys.argv[2] == "sea":
                cell = "".join(board).index(".")
                say("shot %d %d\n" % (cell % 10, cell // 10))
            else:
                say("move R\n")
            if MODE == "early":
                say("move R\n")
        elif words[0] == "end" and MODE == "oneend":
            break
        elif words[0] == "quit" and MODE != "ignorequit":
            break
    if MODE == "ignorequit":
        time.sleep(1000)


main()
