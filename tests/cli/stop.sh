#!/usr/bin/env bash
# Stopping a long command (docs/match.md, "Stopping, exit status";
# docs/reliability.md, "Nothing lost"):
#  1. Ctrl-C while an engine thinks: a match, a headless race and a sea
#     match print the summary of the finished games at once (the engine,
#     tests/engines/sleeper.py, would think for an hour, past the largest
#     --engine-timeout: without the fix this script hangs until the test's
#     timeout), exit 1, stop their engines and leave whole traces; a second
#     Ctrl-C ends the program through the guard (no temporary file left).
#     Headless snake and sea runs end at once on Ctrl-C, as on any fatal
#     signal, their engines stopped.
# Nothing here passes or fails on time: the waits are loops on files.
# Usage: stop.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN ENGINES_DIR
set -u
WS=$1
DATA=$2
REPLAY=$3
ENGINES=$4
. "$(dirname "$0")/lib.sh"
: "$DATA"
command -v python3 >/dev/null || { echo "python3 is missing: skipped"; exit 77; }
# A real SIGINT at its default action (a background job of a script starts
# with SIGINT ignored): env --default-signal, coreutils 8.31 and later.
env --default-signal=INT true 2>/dev/null || { echo "env --default-signal is missing: skipped"; exit 77; }
SLEEPER=$ENGINES/sleeper.py
MARK=wsstop$$ # in the engines' command lines, so that pgrep finds them

# wait_for FILE: until it exists (the engine thinks now).
wait_for() {
    while [ ! -e "$1" ]; do sleep 0.1; done
}

# interrupt NAME MARKFILE CMD...: runs CMD in the background, sends it one
# SIGINT once MARKFILE exists, waits for it to end; $TMP/NAME.out,
# $TMP/NAME.err, and $STATUS its exit status.
interrupt() {
    local name=$1 markfile=$2
    shift 2
    rm -f "$markfile"
    env --default-signal=INT "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" &
    local pid=$!
    wait_for "$markfile"
    kill -INT $pid
    wait $pid
    STATUS=$?
}

# stopped NAME WORD PATTERN: exit 1, the summary's last line says how many
# games (WORD: games, heats) were taken, and as many game lines (PATTERN)
# came before it; no engine process left behind.
stopped() {
    local name=$1 word=$2 pattern=$3 played
    [ "$STATUS" -eq 1 ] || fail "$name: Ctrl-C: exit $STATUS, expected 1: $(tail -2 "$TMP/$name.err")"
    played=$(grep -c "$pattern" "$TMP/$name.out")
    [ "$played" -ge 1 ] || fail "$name: no game finished before Ctrl-C: $(head -3 "$TMP/$name.out")"
    tail -1 "$TMP/$name.out" | grep -qE "^stopped: Ctrl-C after $played $word" ||
        fail "$name: the last line is not 'stopped: Ctrl-C after $played $word': $(tail -1 "$TMP/$name.out")"
    left_behind "$name" "$MARK"
}

# ---- 1. Ctrl-C while an engine thinks ------------------------------------------------------
# A match: the sleeper answers 400 moves (two games and a half on 6x6),
# then thinks; greedy plays the other side.
interrupt match "$TMP/m.mark" "$WS" match "engine:$SLEEPER 400 $TMP/m.mark $MARK" greedy \
    --size 6x6 --games 50 --seed 1 --engine-timeout 600000 --trace "$TMP/m.trace"
stopped match games '^game [0-9]* seed'
grep -q "games'$" "$TMP/match.out" || fail "match: no 'the figures are those games'' line"
# Its traces hold the finished games, whole, and replay; none of the game
# that gave up.
played=$(grep -c '^game [0-9]* seed' "$TMP/match.out")
for k in 1 2; do
    [ -f "$TMP/m.$k.trace" ] || { fail "match: no trace m.$k.trace: $(ls -a "$TMP")"; continue; }
    [ "$(grep -c '^game ' "$TMP/m.$k.trace")" -eq "$played" ] ||
        fail "match: m.$k.trace holds $(grep -c '^game ' "$TMP/m.$k.trace") games, expected $played"
    "$REPLAY" "$TMP/m.$k.trace" >/dev/null || fail "match: ws_replay rejects m.$k.trace"
done
ls -a "$TMP" | grep -q '\.tmp$' && fail "match: a temporary file left: $(ls -a "$TMP")"

# --jobs 2, JSON: both workers' games give up, the summary says interrupted.
interrupt json "$TMP/j.mark" "$WS" match greedy "engine:$SLEEPER 400 $TMP/j.mark $MARK" \
    --size 6x6 --games 50 --seed 1 --engine-timeout 600000 --jobs 2 --json
[ "$STATUS" -eq 1 ] || fail "json: Ctrl-C: exit $STATUS, expected 1"
played=$(grep -c '"match":"game"' "$TMP/json.out")
grep -qE "\"games\":$played,\"games_total\":50,.*\"stop\":\"interrupted\"" "$TMP/json.out" ||
    fail "json: the summary does not count the $played games printed: $(tail -1 "$TMP/json.out")"
left_behind json "$MARK"

# The headless race: a match printed as a race.
interrupt race "$TMP/r.mark" "$WS" snake --headless --race "engine:$SLEEPER 400 $TMP/r.mark $MARK,greedy" \
    --size 6x6 --games 50 --seed 1 --engine-timeout 600000
stopped race heats '^heat [0-9]* seed'

# A sea match: the sleeper shoots 150 times (two games and a half), then thinks.
interrupt sea "$TMP/s.mark" "$WS" match sea "engine:$SLEEPER 150 $TMP/s.mark $MARK" sampler \
    --games 50 --seed 1 --engine-timeout 600000
stopped sea games '^game [0-9]* seed'

# A second Ctrl-C ends the program as Ctrl-C would have before the match:
# through the guard, which removes the temporary files (here --plot's,
# opened before the engine's handshake, which never ends: the sleeper
# thinks at its hello when told -1) and stops the engines. The first Ctrl-C
# does not cut a handshake short; SIGINT is sent until the run ends.
rm -f "$TMP/h.mark"
env --default-signal=INT "$WS" match "engine:$SLEEPER -1 $TMP/h.mark $MARK" greedy --size 6x6 \
    --games 5 --seed 1 --plot "$TMP/h.svg" >"$TMP/h.out" 2>"$TMP/h.err" &
pid=$!
wait_for "$TMP/h.mark"
while kill -INT $pid 2>/dev/null; do sleep 0.2; done
wait $pid
STATUS=$?
[ "$STATUS" -eq 130 ] || fail "second Ctrl-C: exit $STATUS, expected 130 (SIGINT): $(cat "$TMP/h.err")"
ls -a "$TMP" | grep -q 'h\.svg' && fail "second Ctrl-C: --plot's file left: $(ls -a "$TMP" | grep h.svg)"
left_behind second "$MARK"

# Headless snake and sea runs print no summary on Ctrl-C: it is a fatal
# signal (docs/reliability.md), which ends them at once, their engines
# stopped and the trace's whole games kept as NAME.partial.
interrupt snake "$TMP/n.mark" "$WS" snake --headless --policy "engine:$SLEEPER 400 $TMP/n.mark $MARK" \
    --size 6x6 --games 50 --seed 1 --engine-timeout 600000 --trace "$TMP/n.trace"
[ "$STATUS" -eq 130 ] || fail "snake: Ctrl-C: exit $STATUS, expected 130"
grep -q "stopped by signal 2 (INT); --trace so far kept as '.*n.trace.partial'" "$TMP/snake.err" ||
    fail "snake: no line naming the partial trace: $(cat "$TMP/snake.err")"
"$REPLAY" "$TMP/n.trace.partial" >/dev/null || fail "snake: ws_replay rejects the partial trace"
left_behind snake "$MARK"
interrupt seahl "$TMP/h2.mark" "$WS" sea --headless --hunter "engine:$SLEEPER 150 $TMP/h2.mark $MARK" \
    --games 50 --seed 1 --engine-timeout 600000
[ "$STATUS" -eq 130 ] || fail "sea: Ctrl-C: exit $STATUS, expected 130"
left_behind seahl "$MARK"

finish
