#!/usr/bin/env bash
# Engines headless (docs/engines.md): real engine processes play snake games,
# races and sea games instead of a built-in AI. A deterministic engine gives
# the same output and traces with --jobs 1 and 2; the C example that follows
# hamilton's cycle plays hamilton's games move for move; every fault forfeits
# its game with one line, keeps the trace (which replays in both checkers),
# leaves no process behind and takes bounded time; an engine that cannot
# start is exit 2 (one that never says ready: engine_noready.sh); a move
# into a wall is a death, not a fault; and nothing read from a trace ever
# starts a program.
WS=$1 DATA=$2 REPLAY=$3 CYCLE=$4 ENGINES=$5 EXAMPLES=$6
source "$(dirname "$0")/lib.sh"
: "$DATA"
BAD=$ENGINES/bad.py
GOOD=$ENGINES/good.py
# A word in every engine command line (and in the children the test's own
# engines start), so that pgrep finds any process a run left behind.
MARK=wsengtest$$
SLEEP=1000.$$ # `sleep $SLEEP`: a child with the marker's number in its command line

# left NAME: fails if a process of this test is still running.
left() { left_behind "$1" "$MARK|sleep $SLEEP"; }

# replays NAME TRACE: the trace checks out in wavesnake and in the independent checker.
replays() {
    "$WS" replay "$2" --headless >"$TMP/replay.out" 2>"$TMP/replay.err" ||
        fail "$1: 'replay --headless' rejects the trace: $(cat "$TMP/replay.err")"
    "$REPLAY" "$2" >/dev/null 2>"$TMP/replay.err" ||
        fail "$1: ws_replay rejects the trace: $(cat "$TMP/replay.err")"
}

# ---- a well-behaved engine ------------------------------------------------------
timeout 60 "$WS" snake --headless --games 3 --size 8x8 --seed 4 \
    --policy "engine:$GOOD $MARK" --trace "$TMP/good.trace" >"$TMP/good.out" 2>"$TMP/good.err" ||
    fail "good engine: exit $?: $(cat "$TMP/good.err")"
[ "$(grep -c '^game ' "$TMP/good.out")" -eq 3 ] || fail "good engine: expected 3 game lines"
grep -q '^summary: games 3, .* forfeit 0, .*policy engine:good_test_engine,' "$TMP/good.out" ||
    fail "good engine: summary: $(tail -1 "$TMP/good.out")"
[ "$(grep -c ' policy engine:good_test_engine tail free$' "$TMP/good.trace")" -eq 3 ] ||
    fail "good engine: the game lines do not name the engine: $(grep '^game' "$TMP/good.trace")"
replays good "$TMP/good.trace"
[ ! -s "$TMP/good.err" ] || fail "good engine: stderr: $(head -3 "$TMP/good.err")"
left good

# The Python example (examples/engines/snake.py), when it is there.
if [ -f "$EXAMPLES/snake.py" ]; then
    timeout 120 "$WS" snake --headless --games 2 --size 10x10 --seed 1 \
        --policy "engine:python3 $EXAMPLES/snake.py $MARK" --trace "$TMP/example.trace" \
        >"$TMP/example.out" 2>"$TMP/example.err" ||
        fail "snake.py: exit $?: $(cat "$TMP/example.err")"
    replays snake.py "$TMP/example.trace"
    left snake.py
else
    echo "note: no $EXAMPLES/snake.py yet"
fi

# ---- cycle plays hamilton's games move for move ---------------------------------
policyless() { sed -E 's/^(game .* policy )[^ ]+ /\1P /' "$1"; }
for args in "--size 8x8 --games 4" "--size 10x6 --games 2 --strict-tail" "--size 4x4 --games 3"; do
    # shellcheck disable=SC2086
    "$WS" snake --headless --seed 7 $args --policy hamilton --trace "$TMP/ham.trace" >/dev/null ||
        fail "hamilton $args: exit $?"
    # shellcheck disable=SC2086
    timeout 60 "$WS" snake --headless --seed 7 $args --policy "engine:$CYCLE $MARK" \
        --trace "$TMP/cyc.trace" >/dev/null 2>"$TMP/cyc.err" || fail "cycle $args: exit $?"
    grep -q '^game 0 .* policy engine:cycle ' "$TMP/cyc.trace" ||
        fail "cycle $args: game line $(grep -m1 '^game' "$TMP/cyc.trace")"
    cmp -s <(policyless "$TMP/ham.trace") <(policyless "$TMP/cyc.trace") ||
        fail "cycle $args: not hamilton's trace: $(diff <(policyless "$TMP/ham.trace") <(policyless "$TMP/cyc.trace") | head -4)"
    left "cycle $args"
done

# ---- --jobs 1 and --jobs 2: the same games, lines and traces ----------------------
untimed() { grep '^game ' "$1" | sed -E 's/, decision [0-9.]+ us$//'; }
for jobs in 1 2; do
    timeout 60 "$WS" snake --headless --games 6 --size 7x7 --seed 11 --jobs $jobs \
        --policy "engine:$GOOD $MARK" --trace "$TMP/j$jobs.trace" >"$TMP/j$jobs.out" ||
        fail "--jobs $jobs: exit $?"
done
cmp -s "$TMP/j1.trace" "$TMP/j2.trace" || fail "--jobs 1 and 2 write different traces"
cmp -s <(untimed "$TMP/j1.out") <(untimed "$TMP/j2.out") || fail "--jobs 1 and 2 print different games"
cmp -s <(tail -1 "$TMP/j1.out" | sed -E 's/decision.*policy/policy/') \
    <(tail -1 "$TMP/j2.out" | sed -E 's/decision.*policy/policy/') ||
    fail "--jobs 1 and 2 print different summaries"
# Faults too, in game order, with each worker's engine started afresh.
for jobs in 1 2; do
    timeout 60 "$WS" snake --headless --games 4 --size 6x6 --seed 3 --jobs $jobs \
        --policy "engine:$BAD crash snake $MARK" --trace "$TMP/cj$jobs.trace" \
        >"$TMP/cj$jobs.out" 2>"$TMP/cj$jobs.err"
    [ $? -eq 1 ] || fail "crash --jobs $jobs: exit status is not 1"
done
cmp -s "$TMP/cj1.trace" "$TMP/cj2.trace" || fail "crash: --jobs 1 and 2 write different traces"
cmp -s <(grep '^wavesnake:' "$TMP/cj1.err") <(grep '^wavesnake:' "$TMP/cj2.err") ||
    fail "crash: --jobs 1 and 2 print different fault lines"
[ "$(grep -c '^wavesnake: engine .*, game [0-3] tick 1: ' "$TMP/cj1.err")" -eq 4 ] ||
    fail "crash: expected one fault line per game: $(cat "$TMP/cj1.err")"
grep -q '^summary: games 4, won 0, dead 0, stalled 0, forfeit 4,' "$TMP/cj1.out" ||
    fail "crash: summary $(tail -1 "$TMP/cj1.out")"
left jobs

# ---- faults: one game each ----------------------------------------------------------
# The test's own engines: one that exits after its first move leaving a
# child behind, one that ignores quit and SIGTERM after a move into the wall.
cat >"$TMP/orphan.sh" <<EOF
#!/bin/sh
sleep $SLEEP &
read hello
echo ready
while read line; do
  case "\$line" in
    go) echo "move R"; exit 0 ;;
  esac
done
EOF
cat >"$TMP/deaf.sh" <<EOF
#!/bin/sh
trap '' TERM
sleep $SLEEP &
read hello
echo ready
while read line; do
  case "\$line" in
    go) echo "move U" ;;
    quit) sleep 30 ;;
  esac
done
EOF
chmod +x "$TMP/orphan.sh" "$TMP/deaf.sh"

# fault NAME MODE-WANT ENGINE...: one game on 6x6 with --engine-timeout 300
# (FAULT_TIMEOUT=MS for a fault that needs longer to arrive): exit 1,
# exactly one fault line matching WANT, the trace ends forfeit and
# replays, nothing left, within the timeout.
fault() {
    local name=$1 want=$2
    shift 2
    local t0=$SECONDS
    timeout 60 "$WS" snake --headless --games 1 --size 6x6 --seed 2 --engine-timeout "${FAULT_TIMEOUT:-300}" \
        --policy "engine:$*" --trace "$TMP/$name.trace" >"$TMP/$name.out" 2>"$TMP/$name.err"
    local rc=$?
    [ "$rc" -eq 1 ] || fail "$name: exit $rc, expected 1: $(cat "$TMP/$name.err")"
    local lines
    # One line on stderr in all: not even the shell's "Segmentation fault".
    lines=$(wc -l <"$TMP/$name.err")
    [ "$lines" -eq 1 ] || fail "$name: $lines lines on stderr: $(cat "$TMP/$name.err")"
    grep -qE "^wavesnake: engine '[^']+', game 0 tick [0-9]+: .*($want)" "$TMP/$name.err" ||
        fail "$name: fault line does not match /$want/: $(cat "$TMP/$name.err")"
    tail -1 "$TMP/$name.trace" | grep -qE '^end forfeit length [0-9]+ steps [0-9]+$' ||
        fail "$name: the trace ends $(tail -1 "$TMP/$name.trace")"
    grep -q '^game 0 seed 2: forfeit,' "$TMP/$name.out" || fail "$name: game line $(head -1 "$TMP/$name.out")"
    grep -q ' forfeit 1,' "$TMP/$name.out" || fail "$name: summary $(tail -1 "$TMP/$name.out")"
    replays "$name" "$TMP/$name.trace"
    left "$name"
    [ $((SECONDS - t0)) -le 20 ] || fail "$name: took $((SECONDS - t0)) s"
}
fault crash 'signal 11|SEGV' "$BAD" crash snake "$MARK"
fault garbage 'printable' "$BAD" garbage snake "$MARK"
# 2 MiB through a pipe: on a loaded machine more than 300 ms, and the
# fault must be the line's length, not the clock's.
FAULT_TIMEOUT=10000 fault long '1 MiB' "$BAD" long snake "$MARK"
fault silent 'no answer within 300 ms' "$BAD" silent snake "$MARK"
fault unknown 'unknown line' "$BAD" unknown snake "$MARK"
fault badmove 'bad move' "$BAD" badmove snake "$MARK"
fault orphan 'exited|closed' "$TMP/orphan.sh" "$MARK"

# An engine's stderr: each line said with the job, the game and the tick it
# came before (two jobs: whose line is whose), quoted; a crash's traceback
# before its fault line.
"$WS" snake --headless --games 2 --jobs 2 --size 6x6 --seed 2 \
    --policy "engine:python3 $ENGINES/thinker.py --stderr" >"$TMP/said.out" 2>"$TMP/said.err" ||
    fail "stderr: exit $?: $(cat "$TMP/said.err")"
for g in 0 1; do
    grep -qE "^wavesnake: engine 'thinker' \[job [01] game $g tick 3\]: thinker: tick 3\$" "$TMP/said.err" ||
        fail "stderr: no line of game $g tick 3: $(head -5 "$TMP/said.err")"
done
# What an engine writes after its last answer (at its job's last `end`, at
# `quit`) is said too, once it has stopped, as [job N end]: in a snake run,
# a sea run and a match, each engine by its name there.
lastw() { # NAME FILE: the last words of engine NAME are in FILE
    grep -qx "wavesnake: engine '$1' \[job 0 end\]: thinker: quit" "$2" &&
        grep -qE "^wavesnake: engine '$1' \[job 0 end\]: thinker: end (won|dead|stalled) " "$2" ||
        fail "last words of $1: $(grep -c . "$2") lines, last: $(tail -3 "$2")"
}
"$WS" snake --headless --games 2 --size 6x6 --seed 2 \
    --policy "engine:python3 $ENGINES/thinker.py --last-words" >/dev/null 2>"$TMP/lastw.err" ||
    fail "last words: exit $?: $(cat "$TMP/lastw.err")"
lastw thinker "$TMP/lastw.err"
timeout 60 "$WS" match "engine:python3 $ENGINES/thinker.py --last-words --name y" \
    "engine:python3 $ENGINES/thinker.py --last-words --name y" --size 6x6 --games 2 --seed 1 \
    >/dev/null 2>"$TMP/lastwm.err" || fail "match last words: exit $?: $(cat "$TMP/lastwm.err")"
lastw y "$TMP/lastwm.err"
lastw 'y#2' "$TMP/lastwm.err"
cat >"$TMP/seawords.py" <<'EOF'
import sys
for line in sys.stdin:
    w = line.split()
    if w[0] == "wavesnake":
        print("name seawords\nready", flush=True)
    elif w[0] == "board":
        cell = "".join(w[1:]).index(".")
    elif w[0] == "go":
        print("shot %d %d" % (cell % 10, cell // 10), flush=True)
    elif w[0] == "end":
        print("thinker: " + line.strip(), file=sys.stderr, flush=True)
    elif w[0] == "quit":
        print("thinker: quit", file=sys.stderr, flush=True)
        break
EOF
timeout 60 "$WS" sea --headless --games 2 --seed 1 --hunter "engine:python3 $TMP/seawords.py" \
    >/dev/null 2>"$TMP/lastws.err" || fail "sea last words: exit $?: $(cat "$TMP/lastws.err")"
grep -qx "wavesnake: engine 'seawords' \[job 0 end\]: thinker: quit" "$TMP/lastws.err" &&
    grep -qE "^wavesnake: engine 'seawords' \[job 0 end\]: thinker: end shots [0-9]+\$" \
        "$TMP/lastws.err" || fail "sea last words: $(cat "$TMP/lastws.err")"
"$WS" snake --headless --games 1 --size 6x6 --seed 2 \
    --policy "engine:python3 -c 'print(\"ready\", flush=True); 1/0'" >/dev/null 2>"$TMP/tb.err"
grep -q "^wavesnake: engine 'python3' \[job 0 game 0 tick 0\]: ZeroDivisionError" "$TMP/tb.err" ||
    fail "traceback: $(cat "$TMP/tb.err")"
tail -1 "$TMP/tb.err" | grep -q 'exited with status 1' || fail "traceback: $(tail -1 "$TMP/tb.err")"

# A malformed info line is a warning, not a fault: the games go on (dead at
# the wall, exit 0) and the warning is said once for the run, quoted.
"$WS" snake --headless --games 3 --size 6x6 --seed 2 --policy "engine:$BAD garbageinfo snake $MARK" \
    >"$TMP/warn.out" 2>"$TMP/warn.err" || fail "garbageinfo: exit $?: $(cat "$TMP/warn.err")"
[ "$(wc -l <"$TMP/warn.err")" -eq 1 ] || fail "garbageinfo: stderr: $(cat "$TMP/warn.err")"
grep -qF "game 0 tick 0: a byte that is not printable ASCII: \"info text \\x1b[31mred\" (dropped)" \
    "$TMP/warn.err" || fail "garbageinfo: $(cat "$TMP/warn.err")"
grep -q ' forfeit 0,' "$TMP/warn.out" || fail "garbageinfo: $(tail -1 "$TMP/warn.out")"

# docs/engines.md: `info path` and `info cells` hold at most W*H cells (a
# path may come back to a cell) and may hold none; one more is a malformed
# line, dropped with a warning.
cat >"$TMP/cellsmax.py" <<'EOF'
import sys
extra = int(sys.argv[1])
for line in sys.stdin:
    w = line.split()
    if w[0] == "wavesnake":
        print("name cellsmax\nready", flush=True)
    elif w[0] == "game":
        W, H = int(w[1]), int(w[2])
    elif w[0] == "go":
        cells = " ".join("%d %d" % (i % W, i // W % H) for i in range(W * H + extra))
        print("info path %s\ninfo cells %s\ninfo path\ninfo cells\ninfo path %s" % (cells, cells, cells), flush=True)
        print("move U", flush=True)
    elif w[0] == "quit":
        break
EOF
"$WS" snake --headless --games 1 --size 4x3 --seed 1 --policy "engine:python3 $TMP/cellsmax.py 0" \
    >/dev/null 2>"$TMP/cellsmax.err" || fail "W*H cells: exit $?: $(cat "$TMP/cellsmax.err")"
[ ! -s "$TMP/cellsmax.err" ] || fail "W*H cells: $(cat "$TMP/cellsmax.err")"
"$WS" snake --headless --games 1 --size 4x3 --seed 1 --policy "engine:python3 $TMP/cellsmax.py 1" \
    >/dev/null 2>"$TMP/cellsmax.err" || fail "W*H+1 cells: exit $?: $(cat "$TMP/cellsmax.err")"
grep -q "tick 0: more cells than the board has: \"info path 0 0 1 0 .*(dropped)$" "$TMP/cellsmax.err" ||
    fail "W*H+1 cells: $(cat "$TMP/cellsmax.err")"

# An engine slower than 100 ms (the histogram's last bucket): its p99 is not
# reported below the time every decision took (3 answers of 0.15 s each).
"$WS" snake --headless --games 1 --size 6x6 --seed 1 --policy "engine:$BAD slow snake $MARK" \
    >"$TMP/slow.out" 2>"$TMP/slow.err" || fail "slow: exit $?: $(cat "$TMP/slow.err")"
p99=$(sed -n 's/.*decision_us_p99 \([0-9.]*\),.*/\1/p' "$TMP/slow.out")
awk -v p="$p99" 'BEGIN { exit !(p >= 150000) }' || fail "slow: decision_us_p99 '$p99' below 150000: $(tail -1 "$TMP/slow.out")"

# Ignoring quit is no fault of a game: it dies in the wall, and the engine
# with its child is killed 1 s after quit.
t0=$SECONDS
timeout 60 "$WS" snake --headless --games 1 --size 6x6 --seed 2 \
    --policy "engine:$TMP/deaf.sh $MARK" --trace "$TMP/deaf.trace" >"$TMP/deaf.out" 2>"$TMP/deaf.err" ||
    fail "deaf: exit $?: $(cat "$TMP/deaf.err")"
grep -q '^game 0 seed 2: dead,' "$TMP/deaf.out" || fail "deaf: $(head -1 "$TMP/deaf.out")"
replays deaf "$TMP/deaf.trace"
left deaf
[ $((SECONDS - t0)) -le 10 ] || fail "deaf: took $((SECONDS - t0)) s"

# A move into a wall is a death, not a fault: exit 0, and the trace (the
# move, then the end) replays.
timeout 60 "$WS" snake --headless --games 2 --size 6x6 --seed 2 \
    --policy "engine:$BAD plain snake $MARK" --trace "$TMP/wall.trace" >"$TMP/wall.out" 2>"$TMP/wall.err" ||
    fail "wall: exit $?: $(cat "$TMP/wall.err")"
[ "$(grep -c ': dead,' "$TMP/wall.out")" -eq 2 ] || fail "wall: $(cat "$TMP/wall.out")"
[ ! -s "$TMP/wall.err" ] || fail "wall: stderr $(cat "$TMP/wall.err")"
tail -2 "$TMP/wall.trace" | tr '\n' ' ' | grep -qE '^R end dead length 4 steps 2 $' ||
    fail "wall: the trace ends $(tail -2 "$TMP/wall.trace" | tr '\n' ' ')"
replays wall "$TMP/wall.trace"
# An illegal move anywhere but last is still a fault of the trace.
sed '0,/^R$/s//L/' "$TMP/good.trace" >"$TMP/illegal.trace"
expect_status 2 "$WS" replay "$TMP/illegal.trace" --headless
grep -q 'illegal move L' "$TMP/err" || fail "illegal move inside a game: $(cat "$TMP/err")"
"$REPLAY" "$TMP/illegal.trace" >/dev/null 2>&1 && fail "ws_replay accepts an illegal move inside a game"
left wall

# ---- engines that cannot play at all: exit 2, one line ---------------------------
expect_usage_error "engine .*exited with status 3 before ready" \
    timeout 60 "$WS" snake --headless --seed 1 --policy "engine:$BAD exit snake $MARK"
# What the engine (here the shell) wrote on its stderr comes first, tagged
# [start]; the last line is the reason, one line.
expect_status 2 timeout 60 "$WS" snake --headless --seed 1 --policy "engine:./no-such-engine-$MARK"
tail -n 1 "$TMP/err" | grep -q "^wavesnake: engine '\./no-such-engine-$MARK': exited with status 127 (the shell found no such command) before ready\$" &&
    grep -q "^wavesnake: engine '.*' \[start\]: .*not found" "$TMP/err" &&
    [ "$(grep -vc "\[start\]" "$TMP/err")" -eq 1 ] ||
    fail "an engine that cannot start: $(cat "$TMP/err")"
# A file that is not executable: the shell's 126, said as such.
printf 'not a program\n' >"$TMP/not-exec-$MARK"
expect_status 2 timeout 60 "$WS" snake --headless --seed 1 --policy "engine:$TMP/not-exec-$MARK"
tail -n 1 "$TMP/err" | grep -q 'status 126 (the shell could not run it: not executable?) before ready$' ||
    fail "an engine that is not executable: $(cat "$TMP/err")"
# (An engine that never says ready: cli_engine_noready, 10 s of waiting.)

# ---- a low limit of open files (ulimit -n) --------------------------------------
# The engine's pipes take 6 descriptors in wavesnake (4 when the stderr pipe
# does not fit: its stderr is then wavesnake's). Its child put them on 0..2
# through copies that needed 3 more, failed under limits 7..12 and exited
# 127 before the shell ran: "the shell found no such command", false. Now
# the child takes no descriptor: these limits play; below them, the one line
# says what is short (docs/engines.md#faults). Each run starts from
# descriptors 0..2 alone (the ones this script inherited closed), so the
# limits mean the same wherever the test runs.
# low_limit N OUT: the snake example engine plays a game under ulimit -n N;
# its stdout in $TMP/OUT.out, its stderr in $TMP/OUT.err, $STATUS its status.
low_limit() {
    (
        for fd in $(ls /proc/$BASHPID/fd); do
            [ "$fd" -gt 2 ] && [ "$fd" -lt 255 ] && eval "exec $fd>&-"
        done
        ulimit -n "$1" && exec timeout 60 "$WS" snake --headless --games 1 --size 10x10 --seed 1 \
            --policy "engine:python3 $EXAMPLES/snake.py $MARK"
    ) >"$TMP/$2.out" 2>"$TMP/$2.err"
    STATUS=$?
}
for n in 7 9 12; do
    low_limit "$n" "fd$n"
    [ "$STATUS" -eq 0 ] && grep -q '^game 0 seed 1: ' "$TMP/fd$n.out" ||
        fail "ulimit -n $n: the engine did not play: exit $STATUS: $(cat "$TMP/fd$n.err")"
done
low_limit 6 fd6
[ "$STATUS" -eq 2 ] && [ "$(wc -l <"$TMP/fd6.err")" -eq 1 ] &&
    grep -q "^wavesnake: engine 'python3': cannot make a pipe: Too many open files (ulimit -n is 6; " \
        "$TMP/fd6.err" ||
    fail "ulimit -n 6: not one line saying the descriptors are short, exit 2: exit $STATUS: $(cat "$TMP/fd6.err")"
left "low limit"

# ---- options ------------------------------------------------------------------------
expect_usage_error "engine: needs a command" "$WS" snake --headless --policy engine:
expect_usage_error "engine: needs a command" "$WS" snake --headless --policy "engine:  "
expect_usage_error "--engine-timeout goes with an engine" "$WS" snake --headless --engine-timeout 500
expect_usage_error "--engine-timeout goes with an engine" "$WS" sea --headless --engine-timeout 500
expect_usage_error "--engine-timeout" "$WS" snake --headless --policy engine:x --engine-timeout 0
expect_usage_error "unknown policy 'fast' \\(try: greedy, hamilton, perfect, or engine:CMD\\)$" \
    "$WS" snake --headless --policy fast
expect_usage_error "unknown hunter 'fast' \\(try: source, sampler, or engine:CMD\\)$" \
    "$WS" sea --headless --hunter fast
expect_usage_error "replay: --policy names an engine" "$WS" replay "$TMP/good.trace" --policy greedy
# a word that is no policy at all gets replay's line too, not a list of the
# built-in names replay refuses
expect_usage_error "replay: --policy names an engine" "$WS" replay "$TMP/good.trace" --policy fast
expect_usage_error "replay: --policy names an engine" "$WS" replay --policy fast "$TMP/good.trace"
"$WS" snake --help >"$TMP/help" 2>&1 || fail "snake --help: exit $?"
grep -q -- '--engine-timeout MS' "$TMP/help" || fail "--help does not list --engine-timeout"
grep -q 'engine:CMD' "$TMP/help" || fail "--help does not say engine:CMD"

# ---- a trace names an engine, it never runs one ---------------------------------
# The game line's name is a program that would leave a file if anything ran it.
cat >"$TMP/runme" <<EOF
#!/bin/sh
touch "$TMP/ran"
EOF
chmod +x "$TMP/runme"
sed -E 's/ policy engine:good_test_engine / policy engine:runme /' "$TMP/good.trace" >"$TMP/named.trace"
(
    cd "$TMP" || exit 1
    PATH=$TMP:$PATH "$WS" replay named.trace --headless >/dev/null || echo "replay --headless failed" >&2
    PATH=$TMP:$PATH "$WS" replay named.trace --print --game 1 --tick 3 >/dev/null ||
        echo "replay --print failed" >&2
    # The window's path too (without a display it stops before any window).
    PATH=$TMP:$PATH env -u DISPLAY -u WAYLAND_DISPLAY "$WS" replay named.trace >/dev/null 2>&1
    # --policy engine:CMD shows an engine's thoughts in the window: with
    # --headless or --print it would do nothing, so it is refused (and
    # starts nothing).
    for mode in --headless "--print --game 1 --tick 3"; do
        # shellcheck disable=SC2086
        PATH=$TMP:$PATH "$WS" replay named.trace $mode --policy engine:runme >/dev/null 2>"$TMP/pol.err"
        rc=$?
        [ "$rc" -eq 2 ] && grep -q "^wavesnake: replay: --policy engine:CMD shows its thoughts in the window; " "$TMP/pol.err" ||
            echo "replay $mode --policy engine: exit $rc, $(cat "$TMP/pol.err")" >&2
    done
) 2>"$TMP/named.err"
[ ! -s "$TMP/named.err" ] || fail "replay of an engine trace: $(cat "$TMP/named.err")"
[ ! -e "$TMP/ran" ] || fail "replaying a trace ran the engine it names"

# ---- merge counts forfeits --------------------------------------------------------
for k in 0 1; do
    timeout 60 "$WS" snake --headless --games 4 --size 6x6 --seed 3 --shard $k/2 --json \
        --policy "engine:$BAD crash snake $MARK" --trace "$TMP/shard$k.trace" \
        >"$TMP/shard$k.json" 2>/dev/null
done
"$WS" merge "$TMP/shard0.trace" "$TMP/shard1.trace" >"$TMP/merged" 2>"$TMP/merged.err" ||
    fail "merge of forfeit traces: exit $?: $(cat "$TMP/merged.err")"
grep -q '^summary: games 4, won 0, dead 0, stalled 0, forfeit 4,' "$TMP/merged" ||
    fail "merge: $(cat "$TMP/merged")"
"$WS" merge "$TMP/shard0.json" "$TMP/shard1.json" >"$TMP/mergedj" 2>"$TMP/merged.err" ||
    fail "merge of forfeit JSON: exit $?: $(cat "$TMP/merged.err")"
grep -q '^summary: games 4, won 0, dead 0, stalled 0, forfeit 4,' "$TMP/mergedj" ||
    fail "merge JSON: $(cat "$TMP/mergedj")"
"$WS" merge --json "$TMP/shard0.json" "$TMP/shard1.json" | grep -q '"forfeit":4,' ||
    fail "merge --json does not count the forfeits"
left merge

# ---- races ------------------------------------------------------------------------
timeout 60 "$WS" snake --race "hamilton,engine:$CYCLE $MARK" --headless --games 2 --size 6x6 \
    --seed 5 >"$TMP/race.out" 2>"$TMP/race.err" || fail "race: exit $?: $(cat "$TMP/race.err")"
grep -qE '^heat 0 seed 5: hamilton won length 36 steps [0-9]+ [|] engine:cycle won length 36 steps [0-9]+ -> tie$' \
    "$TMP/race.out" || fail "race: $(head -1 "$TMP/race.out")"
timeout 60 "$WS" snake --race "engine:$BAD crash snake $MARK,greedy" --headless --games 2 --size 6x6 \
    --seed 5 >"$TMP/race2.out" 2>"$TMP/race2.err"
[ $? -eq 1 ] || fail "race with a crashing engine: exit status is not 1"
[ "$(grep -c "^wavesnake: engine '[^']*', game [01] tick 1: " "$TMP/race2.err")" -eq 2 ] ||
    fail "race with a crashing engine: $(cat "$TMP/race2.err")"
grep -qE '^heat 1 seed 6: engine:[^ ]+ forfeit length 4 steps 1 [|] greedy ' "$TMP/race2.out" ||
    fail "race with a crashing engine: $(cat "$TMP/race2.out")"
left race

# ---- the sea ------------------------------------------------------------------------
timeout 60 "$WS" sea --headless --games 3 --seed 1 --hunter "engine:$BAD plain sea $MARK" \
    >"$TMP/sea.out" 2>"$TMP/sea.err" || fail "sea engine: exit $?: $(cat "$TMP/sea.err")"
grep -q '^summary: games 3, forfeit 0, hunter engine:' "$TMP/sea.out" ||
    fail "sea engine: $(tail -1 "$TMP/sea.out")"
if [ -f "$EXAMPLES/hunter.py" ]; then
    timeout 120 "$WS" sea --headless --games 2 --seed 1 \
        --hunter "engine:python3 $EXAMPLES/hunter.py $MARK" >"$TMP/hunter.out" 2>"$TMP/hunter.err" ||
        fail "hunter.py: exit $?: $(cat "$TMP/hunter.err")"
    grep -q '^summary: games 2, forfeit 0, hunter engine:' "$TMP/hunter.out" ||
        fail "hunter.py: $(tail -1 "$TMP/hunter.out")"
    left hunter.py
else
    echo "note: no $EXAMPLES/hunter.py yet"
fi
# seafault NAME WANT MODE: exit 1, one fault line, the run goes on with game 1.
seafault() {
    timeout 60 "$WS" sea --headless --games 2 --seed 1 --engine-timeout 300 \
        --hunter "engine:$BAD $3 sea $MARK" >"$TMP/$1.out" 2>"$TMP/$1.err"
    local rc=$?
    [ "$rc" -eq 1 ] || fail "sea $1: exit $rc, expected 1"
    [ "$(grep -c '^wavesnake: ' "$TMP/$1.err")" -eq 2 ] ||
        fail "sea $1: expected a fault line per game: $(cat "$TMP/$1.err")"
    grep -qE "^wavesnake: engine '[^']+', game 0 tick [0-9]+: .*($2)" "$TMP/$1.err" ||
        fail "sea $1: fault line does not match /$2/: $(cat "$TMP/$1.err")"
    grep -q '^game 1 seed 2: forfeit after [0-9]* shots$' "$TMP/$1.out" ||
        fail "sea $1: $(cat "$TMP/$1.out")"
    grep -q '^summary: games 2, forfeit 2,' "$TMP/$1.out" || fail "sea $1: $(tail -1 "$TMP/$1.out")"
    left "sea $1"
}
# The sea says a dropped info line as the snake does (once a run, quoted, in
# game order with --jobs 2), and --json says why a game was forfeit.
"$WS" sea --headless --games 3 --seed 1 --jobs 2 --hunter "engine:$BAD garbageinfo sea $MARK" \
    >"$TMP/seawarn.out" 2>"$TMP/seawarn.err" || fail "sea garbageinfo: exit $?: $(cat "$TMP/seawarn.err")"
[ "$(wc -l <"$TMP/seawarn.err")" -eq 1 ] || fail "sea garbageinfo: stderr: $(cat "$TMP/seawarn.err")"
grep -qF "', game 0 tick 0: a byte that is not printable ASCII: \"info text \\x1b[31mred\" (dropped)" \
    "$TMP/seawarn.err" || fail "sea garbageinfo: $(cat "$TMP/seawarn.err")"
grep -q '^summary: games 3, forfeit 0,' "$TMP/seawarn.out" || fail "sea garbageinfo: $(tail -1 "$TMP/seawarn.out")"
"$WS" sea --headless --games 2 --seed 1 --json --hunter "engine:$BAD unknown sea $MARK" \
    >"$TMP/seajson.out" 2>/dev/null
grep -q '^{"game":1,"seed":2,"forfeit":true,"shots":0,"fault":"engine .*, game 1 tick 0: an unknown line: \\"hello there\\"; stdout is for protocol lines, debug prints go to stderr"}$' \
    "$TMP/seajson.out" || fail "sea --json fault: $(cat "$TMP/seajson.out")"
left "sea warnings"
seafault offboard 'off the board|shot' offboard
seafault again 'not unknown|already|shot' again
seafault unknown 'unknown line' unknown
seafault silent 'no answer within 300 ms' silent
seafault crash 'signal 11|SEGV' crash

# ---- names an engine chooses ----------------------------------------------------
# An engine that names itself "x#2" cannot take the name wavesnake gives the
# second "x": three players of a match keep three names, so no pair or rank
# row stands for two players.
THINK="python3 $ENGINES/thinker.py"
timeout 60 "$WS" match "engine:$THINK --name x $MARK" "engine:$THINK --name x#2 $MARK" \
    "engine:$THINK --name x $MARK" --size 6x6 --games 1 --seed 1 >"$TMP/names.out" 2>"$TMP/names.err" ||
    fail "names: exit $?: $(cat "$TMP/names.err")"
grep -qE '^game 0 seed 1: engine:x [^|]+[|] engine:x#2 [^|]+[|] engine:x#3 ' "$TMP/names.out" ||
    fail "names: $(grep '^game 0' "$TMP/names.out")"
[ "$(grep -cE '^engine:x(#[0-9])? - engine:x#[0-9] ' "$TMP/names.out")" -eq 3 ] &&
    [ "$(grep -E '^engine:x(#[0-9])? - engine:x#[0-9] ' "$TMP/names.out" | awk '{ print $1, $3 }' | sort -u | wc -l)" -eq 3 ] ||
    fail "names: the pairs are not three pairs of distinct players: $(grep ' - ' "$TMP/names.out")"
left names
# Two engines of one name in a race: the fault line names the one that
# faulted as the tables do (twin#2), not a name both of them have.
FLAKY="python3 $ENGINES/flaky.py"
timeout 60 "$WS" snake --headless --race "engine:$FLAKY snake 1000000 twin $MARK,engine:$FLAKY snake 1 twin $MARK" \
    --size 6x6 --games 1 --seed 1 >"$TMP/twins.out" 2>"$TMP/twins.err"
[ $? -eq 1 ] || fail "twins: exit status is not 1: $(cat "$TMP/twins.err")"
[ "$(cat "$TMP/twins.err")" = "wavesnake: engine 'twin#2', game 0 tick 0: an unknown line: \"this is not a move\"; stdout is for protocol lines, debug prints go to stderr" ] ||
    fail "twins: $(cat "$TMP/twins.err")"
grep -q '^heat 0 seed 1: engine:twin [a-z]* length [0-9]* steps [0-9]* | engine:twin#2 forfeit ' "$TMP/twins.out" ||
    fail "twins: $(cat "$TMP/twins.out")"
left twins
# A race and a match say a dropped info line as a single run does: once a
# player a run, naming the player as the tables do, the games going on.
timeout 60 "$WS" snake --headless --race "greedy,engine:$BAD garbageinfo snake $MARK" --size 6x6 \
    --games 3 --seed 1 >"$TMP/racewarn.out" 2>"$TMP/racewarn.err" ||
    fail "race garbageinfo: exit $?: $(cat "$TMP/racewarn.err")"
[ "$(wc -l <"$TMP/racewarn.err")" -eq 1 ] &&
    grep -qF "', game 0 tick 0: a byte that is not printable ASCII: \"info text \\x1b[31mred\" (dropped)" \
        "$TMP/racewarn.err" || fail "race garbageinfo: stderr: $(cat "$TMP/racewarn.err")"
timeout 60 "$WS" match sea sampler "engine:python3 $ENGINES/bad.py badwave sea $MARK" \
    "engine:python3 $ENGINES/bad.py garbageinfo sea $MARK" --games 3 --jobs 2 --seed 1 \
    >"$TMP/matchwarn.out" 2>"$TMP/matchwarn.err" || fail "match warnings: exit $?: $(cat "$TMP/matchwarn.err")"
[ "$(wc -l <"$TMP/matchwarn.err")" -eq 2 ] &&
    grep -q "^wavesnake: engine 'python3', game 0 tick 0: a wave with fewer values .* (dropped)\$" "$TMP/matchwarn.err" &&
    grep -q "^wavesnake: engine 'python3#2', game 0 tick 0: a byte that is not printable ASCII: .* (dropped)\$" \
        "$TMP/matchwarn.err" || fail "match warnings: stderr: $(cat "$TMP/matchwarn.err")"
left warnings
# What two engines of one name write on stderr is said with the names the
# tables give them, never twice "engine 'x'".
timeout 60 "$WS" match "engine:$THINK --stderr --name x $MARK" "engine:$THINK --stderr --name x $MARK" \
    --size 6x6 --games 1 --seed 1 >/dev/null 2>"$TMP/twinsaid.err" || fail "twin stderr: exit $?"
grep -qx "wavesnake: engine 'x' \[job 0 game 0 tick 3\]: thinker: tick 3" "$TMP/twinsaid.err" &&
    grep -qx "wavesnake: engine 'x#2' \[job 0 game 0 tick 3\]: thinker: tick 3" "$TMP/twinsaid.err" ||
    fail "twin stderr: $(grep 'tick 3\]' "$TMP/twinsaid.err")"
left "twin stderr"

left end
finish
