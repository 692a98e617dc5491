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
#  2. Shards of a match killed (SIGKILL, SIGTERM) without their summary:
#     merge takes their games and says which are missing; a line cut in the
#     middle is refused; a killed match keeps its traces' whole games.
#  3. Every long command's stdout on /dev/full, closed, or a pipe closed
#     early: no hang, one line, the documented exit status, no engine left.
#  4. A run with several engines that do not quit (tests/engines/deaf.py)
#     tells them all to quit before it kills the first: their grace
#     seconds run together (each engine logs how many were still running
#     when it was told; one after another, the later ones saw fewer).
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
# Before its first heat: no seed played, no average (docs/formats.md#race-run_racec---race-p1p2).
interrupt race0 "$TMP/r0.mark" "$WS" snake --headless --race "engine:$SLEEPER 0 $TMP/r0.mark $MARK,greedy" \
    --size 6x6 --games 50 --seed 1 --engine-timeout 600000
[ "$STATUS" -eq 1 ] || fail "race0: Ctrl-C: exit $STATUS, expected 1: $(tail -2 "$TMP/race0.err")"
grep -qE '^race: 0 heats, seeds none, 6x6, ' "$TMP/race0.out" &&
    grep -qE '^greedy +0 +0 +0 +0 +- +- +0$' "$TMP/race0.out" &&
    tail -1 "$TMP/race0.out" | grep -qE '^stopped: Ctrl-C after 0 heats$' ||
    fail "race0: no heat, not 'seeds none' and '-' averages: $(cat "$TMP/race0.out")"
left_behind race0 "$MARK"

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

# ---- 2. A shard killed without its summary -------------------------------------------------
# Three shards of one match; the sleeper thinks for an hour after 400 moves
# in shards 1 and 2 (their marks), never in shard 0, which finishes.
for k in 0 1 2; do
    after=400
    [ $k -eq 0 ] && after=100000000
    rm -f "$TMP/sh$k.mark"
    "$WS" match "engine:$SLEEPER $after $TMP/sh$k.mark $MARK" greedy --size 6x6 --games 30 --seed 1 \
        --json --shard $k/3 --trace "$TMP/sh$k.trace" >"$TMP/sh$k.json" 2>"$TMP/sh$k.err" &
    eval "pid$k=\$!"
done
wait_for "$TMP/sh1.mark"
wait_for "$TMP/sh2.mark"
kill -KILL "$pid1"
kill -TERM "$pid2"
wait "$pid0" || fail "shard 0: exit $?: $(cat "$TMP/sh0.err")"
wait "$pid1"
[ $? -eq 137 ] || fail "shard 1: not ended by SIGKILL"
wait "$pid2"
[ $? -eq 143 ] || fail "shard 2: not ended by SIGTERM"
left_behind shards "$MARK"
grep -q '"match":"summary"' "$TMP/sh1.json" "$TMP/sh2.json" && fail "a killed shard has its summary"
# merge takes what they finished and says which games are missing.
games=$(cat "$TMP"/sh[012].json | grep -c '"match":"game"')
"$WS" merge "$TMP/sh0.json" "$TMP/sh1.json" "$TMP/sh2.json" >"$TMP/merged" 2>"$TMP/merged.err" ||
    fail "merge of killed shards: exit $?: $(cat "$TMP/merged.err")"
grep -q "^match: snake 6x6, .*, $games of 30 games, 2 players" "$TMP/merged" ||
    fail "merge of killed shards: not '$games of 30 games': $(head -1 "$TMP/merged")"
[ "$(wc -l <"$TMP/merged.err")" -eq 1 ] || fail "merge of killed shards: not one line: $(cat "$TMP/merged.err")"
for k in 1 2; do
    last=$(grep -o '"game":[0-9]*' "$TMP/sh$k.json" | tail -1 | cut -d: -f2)
    grep -q "'[^']*sh$k.json' ends without its summary (killed?) after game $last" "$TMP/merged.err" ||
        fail "merge: no word of sh$k.json cut after game $last: $(cat "$TMP/merged.err")"
done
grep -q "^wavesnake: merge: $((30 - games)) of games 0..29 are missing" "$TMP/merged.err" ||
    fail "merge: the count of missing games: $(cat "$TMP/merged.err")"
# Without shard 2's file, the note names that shard.
"$WS" merge "$TMP/sh0.json" "$TMP/sh1.json" >/dev/null 2>"$TMP/merged.err" || fail "merge 0+1: exit $?"
grep -q "no file holds shard 2/3" "$TMP/merged.err" || fail "merge 0+1: shard 2 unnamed: $(cat "$TMP/merged.err")"
# The traces: SIGTERM keeps the whole games as T.partial (as a snake run's),
# SIGKILL leaves the temporary file; both replay and merge. Traces do not
# say --games: the merged games_total is at least the last game + 1, never
# the count of games merged when some below it are missing.
for t in 1 2; do
    [ -f "$TMP/sh2.$t.trace.partial" ] || fail "SIGTERM: no sh2.$t.trace.partial: $(ls -a "$TMP" | grep sh2)"
done
"$REPLAY" "$TMP/sh2.2.trace.partial" >/dev/null || fail "ws_replay rejects sh2.2.trace.partial"
kill9=$(ls -a "$TMP" | grep '^\.sh1\.2\.trace\..*\.tmp$')
[ -n "$kill9" ] || fail "SIGKILL: no temporary trace: $(ls -a "$TMP" | grep sh1)"
"$WS" merge "$TMP/sh0.2.trace" "$TMP/sh2.2.trace.partial" >"$TMP/tm" 2>"$TMP/tm.err" ||
    fail "merge of traces: exit $?: $(cat "$TMP/tm.err")"
n=$(grep -o '^summary: games [0-9]*' "$TMP/tm" | grep -o '[0-9]*$')
total=$(grep -o 'games_total [0-9]*' "$TMP/tm" | grep -o '[0-9]*$')
[ "${total:-0}" -ge 28 ] || fail "merge of traces: games_total $total after games $n: $(cat "$TMP/tm")"
grep -q "missing" "$TMP/tm.err" || fail "merge of traces: no word of the missing games"
# A line cut in the middle (kill -9 while writing, a full disk): refused,
# exit 2, one line naming the file and the line; so is a cut trace.
head -c -7 "$TMP/sh0.json" >"$TMP/cut.json"
expect_usage_error "cut\.json:[0-9]*: cut short: the last line has no newline" \
    "$WS" merge "$TMP/cut.json" "$TMP/sh1.json"
grep -v '"match":"summary"' "$TMP/sh0.json" | head -c -4 >"$TMP/cutgame.json"
expect_usage_error "cutgame\.json:[0-9]*: cut short" "$WS" merge "$TMP/cutgame.json" "$TMP/sh1.json"
head -c -3 "$TMP/sh0.1.trace" >"$TMP/cut.trace"
expect_usage_error "cut\.trace:[0-9]*: " "$WS" merge "$TMP/cut.trace"

# Eight players and a plot: nine temporary files, every one guarded: on
# SIGTERM no temporary file is left, each trace kept as T.K.partial.
"$WS" match greedy greedy greedy greedy greedy greedy greedy greedy --size 6x6 --games 100000 --seed 1 \
    --trace "$TMP/e.trace" --plot "$TMP/e.svg" >"$TMP/e.out" 2>"$TMP/e.err" &
pid=$!
# (a signal sent before wavesnake runs can be lost in the forked shell)
until grep -q '^game ' "$TMP/e.out" 2>/dev/null; do sleep 0.1; done
kill -TERM $pid
wait $pid
[ $? -eq 143 ] || fail "8 players: not ended by SIGTERM"
ls -a "$TMP" | grep -q '^\.e\..*\.tmp$' && fail "8 players: a temporary file left: $(ls -a "$TMP" | grep '^\.e\.')"
[ "$(ls "$TMP" | grep -c '^e\.[1-8]\.trace\.partial$')" -eq 8 ] ||
    fail "8 players: not 8 partial traces: $(ls "$TMP" | grep '^e\.')"

# ---- 3. Output that cannot be written: a closed pipe, a full disk, a closed stdout ----------
# Every long command, on as many games as a run plays (10^8: without the
# check after each game this would play for days): stdout on /dev/full,
# closed (>&-), or a pipe whose reader left while SIGPIPE is ignored (as
# some launchers leave it) stops at the first game's line: one line,
# exit 2. With SIGPIPE at its default, `| head -1` ends it by SIGPIPE
# (141), as a fatal signal (docs/reliability.md). No engine is left.
LONG=100000000
ENG="engine:$SLEEPER $LONG $TMP/never.mark $MARK"
while IFS='|' read -r name args; do
    # shellcheck disable=SC2086
    set -- $args
    set -- "${@//@E@/$ENG}"
    for how in full closed pipe; do
        case $how in
        full) "$WS" "$@" >/dev/full 2>"$TMP/o.err" ;;
        closed) "$WS" "$@" >&- 2>"$TMP/o.err" ;;
        pipe) (trap '' PIPE; "$WS" "$@" 2>"$TMP/o.err" | head -1 >/dev/null) ;;
        esac
        st=$?
        [ "$st" -eq 2 ] || fail "$name >$how: exit $st, expected 2: $(cat "$TMP/o.err")"
        [ "$(wc -l <"$TMP/o.err")" -eq 1 ] && grep -q '^wavesnake: cannot write the output: ' "$TMP/o.err" ||
            fail "$name >$how: not one line 'cannot write the output': $(cat "$TMP/o.err")"
        left_behind "$name $how" "$MARK"
        ls -a "$TMP" | grep -qE '^\.?o\.([0-9]\.)?trace' &&
            fail "$name >$how: a trace or its temporary file left: $(ls -a "$TMP" | grep -E '^\.?o\.')"
    done
    "$WS" "$@" 2>"$TMP/o.err" | head -1 >/dev/null
    [ "${PIPESTATUS[0]}" -eq 141 ] || fail "$name | head -1: exit ${PIPESTATUS[0]}, expected 141 (SIGPIPE)"
    left_behind "$name head" "$MARK"
    ls -a "$TMP" | grep -qE '^\.o\..*\.tmp$' && fail "$name | head -1: a temporary file left"
    rm -f "$TMP"/o.*trace.partial
done <<LIST
match|match greedy @E@ --size 6x6 --games $LONG --seed 1
match json|match greedy @E@ --size 6x6 --games $LONG --seed 1 --json --trace $TMP/o.trace
race|snake --headless --games $LONG --size 6x6 --seed 1 --race greedy,@E@
sea match|match sea sampler @E@ --games $LONG --seed 1
snake|snake --headless --games $LONG --size 6x6 --seed 1 --trace $TMP/o.trace --policy @E@
sea|sea --headless --games $LONG --seed 1 --hunter @E@
LIST
# The same without an engine (a built-in plays: no process to stop).
for args in "snake --headless --games $LONG --size 6x6 --seed 1" "sea --headless --games $LONG --seed 1" \
    "match greedy hamilton --size 6x6 --games $LONG --seed 1"; do
    # shellcheck disable=SC2086
    (trap '' PIPE; "$WS" $args 2>"$TMP/o.err" | head -1 >/dev/null)
    grep -q '^wavesnake: cannot write the output: Broken pipe$' "$TMP/o.err" ||
        fail "$args | head -1, SIGPIPE ignored: $(cat "$TMP/o.err")"
    # shellcheck disable=SC2086
    "$WS" $args >/dev/full 2>"$TMP/o.err"
    grep -q '^wavesnake: cannot write the output: No space left on device$' "$TMP/o.err" ||
        fail "$args >/dev/full: $(cat "$TMP/o.err")"
done
# arena --headless prints its one line at the end: checked then.
"$WS" arena --headless --ticks 1000 --seed 1 >/dev/full 2>"$TMP/o.err"
[ $? -eq 2 ] && grep -q 'cannot write the output: No space left on device' "$TMP/o.err" ||
    fail "arena >/dev/full: $(cat "$TMP/o.err")"


# ---- 4. several engines that do not quit: told together -----------------------------
DEAF=$ENGINES/deaf.py
# deaf NAME SIDES CMD...: runs CMD (@D@ in it the engines' folder), waits
# for it, and checks that the SIDES engines were each told to quit while
# all SIDES ran.
deaf() {
    local name=$1 sides=$2
    shift 2
    local dir=$TMP/deaf.${name// /_}
    mkdir -p "$dir"
    local args=()
    for a in "$@"; do args+=("${a//@D@/$dir}"); done
    "${args[@]}" >"$dir/out" 2>"$dir/err"
    local n
    n=$(grep -c '^quit ' "$dir/quit.log" 2>/dev/null)
    [ "${n:-0}" -eq "$sides" ] || fail "$name: ${n:-0} engines told to quit, expected $sides"
    grep -v " alive $sides\$" "$dir/quit.log" | grep -q . &&
        fail "$name: an engine was told to quit after another was killed: $(tr '\n' ';' <"$dir/quit.log")"
    left_behind "$name" "$MARK"
}
deaf "snake --jobs 2" 2 "$WS" snake --headless --games 4 --jobs 2 --size 6x6 --seed 1 \
    --policy "engine:python3 $DEAF @D@ $MARK"
deaf "sea --jobs 2" 2 "$WS" sea --headless --games 4 --jobs 2 --seed 1 \
    --hunter "engine:python3 $DEAF @D@ sea $MARK"
deaf "match, two engines, --jobs 2" 4 "$WS" match "engine:python3 $DEAF @D@ $MARK" \
    "engine:python3 $DEAF @D@ $MARK" --size 6x6 --games 4 --seed 1 --jobs 2

finish
