#!/usr/bin/env bash
# Every picture and number wavesnake writes besides traces, read back by an
# independent reader (outputs_check.py: PNG through zlib, GIF through its own
# LZW decoder, SVG through xml.etree, the headless lines and --json) and
# checked against what docs/formats.md, docs/replay.md and docs/match.md say:
# - snake and sea headless summaries (text and --json): counts, means, sd,
#   median, min, max, p10, p90 and the histogram recomputed from the games;
# - match --plot: well-formed, each histogram's bins hold the games the
#   match's --json lines give, the mean line at the mean, nothing drawn
#   outside its panel (a band of a few games' interval used to run off it);
# - bench --markdown: two runs agree on every column its text says is the
#   same on every machine (games/s, a wall-clock figure, was not named);
# - bench --markdown to a pipe writes the table (it used to read its own
#   pipe first and wait forever);
# - an output named /dev/stdout (or the file standard output is) takes it:
#   the trace, GIF, SVG or Markdown alone there, the run's lines on stderr
#   (--plot, like --record, takes a pipe or a device of any name);
# - every file output into a closed pipe: one line, exit 2 (it used to die
#   of SIGPIPE without a word);
# - --screenshot and --record (when the build has a window): the PNG and the
#   GIF are valid, of the --window size; the GIF's delays add up to the
#   frames' time (16 ms each offscreen, the last GIF frame shown 40 ms) at
#   25 frames/s at most, no delay under 2 cs (browsers show those for
#   10 cs: the forced last frame, 16 ms after the one before, had 1 cs),
#   and its last frame is the screenshot.
# Usage: outputs.sh WAVESNAKE DATA_DIR ENGINES_DIR (tests/engines)
WS=$1 DATA=$2 ENGINES=$3
source "$(dirname "$0")/lib.sh"
CHECK="python3 $(dirname "$0")/outputs_check.py"
MAPS=$(dirname "$0")/../../assets/maps/snake

# check WHAT CHECKER-ARGS... : runs the checker, its FAIL lines become ours.
check() {
    local what=$1
    shift
    $CHECK "$@" >"$TMP/check.out" 2>&1 || {
        fail "$what:"
        sed 's/^/  /' "$TMP/check.out" | head -5 >&2
    }
}

# ---- headless summaries -----------------------------------------------------------
# summary MODE ARGS: the run's text and --json summaries, each read back.
n=0
summary() {
    local mode=$1 args=$2 json
    for json in "" --json; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$WS" "$mode" --headless $args $json >"$TMP/s$n.out" 2>/dev/null ||
            fail "$mode --headless $args $json: exit $?"
        check "$mode --headless $args $json" "$mode" "$TMP/s$n.out" $json
    done
}
for args in "--games 1 --size 2x2 --seed 1" "--games 7 --size 2x3 --seed 1" \
    "--games 40 --size 5x7 --seed 3" "--games 30 --size 6x6 --policy hamilton --seed 3" \
    "--games 12 --size 6x6 --policy perfect --seed 3 --jobs 2" \
    "--games 10 --map $MAPS/rooms.txt --seed 3" \
    "--games 10 --size 9x4 --strict-tail --seed 9 --shard 1/3" \
    "--games 2000 --size 4x4 --seed 1 --jobs 2" \
    "--games 20000 --size 2x2 --seed 18446744073709551000 --jobs 2"; do
    summary snake "$args"
done
for args in "--games 1 --seed 1" "--games 2 --seed 1" "--games 400 --seed 1 --hunter source" \
    "--games 30 --seed 4 --placement edges --hunter source --jobs 2"; do
    summary sea "$args"
done

# Engines that forfeit (tests/engines/bad.py): the fault on each game, none
# of the shot figures.
for mode in "snake --size 6x6 --policy" "sea --hunter"; do
    for json in "" --json; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$WS" $mode "engine:python3 $ENGINES/bad.py badmove ${mode%% *}" --headless --games 2 \
            --seed 1 $json >"$TMP/s$n.out" 2>/dev/null
        [ $? -eq 1 ] || fail "${mode%% *} with a forfeiting engine $json: exit status not 1"
        check "${mode%% *} with a forfeiting engine $json" "${mode%% *}" "$TMP/s$n.out" $json
    done
done

# ---- match --plot --------------------------------------------------------------------
for args in "greedy hamilton --size 4x4 --games 2 --seed 3" \
    "greedy hamilton --size 6x6 --games 3 --seed 7" \
    "greedy hamilton --size 4x4 --games 5 --seed 1" \
    "greedy hamilton --size 4x4 --games 1 --seed 1" \
    "greedy greedy --size 6x6 --games 30 --seed 1" \
    "greedy hamilton perfect --size 6x6 --games 40 --seed 2" \
    "greedy hamilton --size 8x8 --games 150 --seed 5 --jobs 2" \
    "sea sampler source --games 6 --seed 3" "sea source source --games 100 --seed 2"; do
    rm -f "$TMP/p.svg"
    # shellcheck disable=SC2086
    "$WS" match $args --plot "$TMP/p.svg" --json >"$TMP/m.json" 2>/dev/null ||
        fail "match $args --plot: exit $?"
    check "match $args --plot" svg "$TMP/p.svg" "$TMP/m.json"
done

# An engine that forfeits every game: its series is drawn flat, the others as usual.
"$WS" match "engine:python3 $ENGINES/bad.py badmove" greedy --size 8x8 --games 3 --seed 1 \
    --plot "$TMP/p.svg" --json >"$TMP/m.json" 2>/dev/null
[ $? -eq 1 ] || fail "match with a forfeiting engine --plot: exit status not 1"
check "match with a forfeiting engine --plot" svg "$TMP/p.svg" "$TMP/m.json"

# --plot on a pipe or a device, as --record: /dev/stdout takes standard
# output (the SVG alone there, the JSON lines on stderr), and the first
# bytes of it through head are the SVG's. head may leave before the rest
# is written: standard output closed ends the run by SIGPIPE (141), as
# `| head -1` does (docs/reliability.md#nothing-lost); either way no error line.
"$WS" match greedy hamilton --size 6x6 --games 3 --seed 7 --plot /dev/stdout --json \
    2>"$TMP/po.json" | cat >"$TMP/po.svg"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || fail "match --plot /dev/stdout | cat: exit $rc: $(head -2 "$TMP/po.json")"
check "match --plot /dev/stdout | cat" svg "$TMP/po.svg" "$TMP/po.json"
"$WS" match greedy hamilton --size 4x4 --games 2 --seed 3 --plot /dev/stdout 2>"$TMP/po.err" |
    head -c 100 >"$TMP/po.head"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || [ "$rc" -eq 141 ] ||
    fail "match --plot /dev/stdout | head -c 100: exit $rc: $(head -2 "$TMP/po.err")"
grep -q '^wavesnake: ' "$TMP/po.err" &&
    fail "match --plot /dev/stdout | head -c 100: an error line: $(grep '^wavesnake: ' "$TMP/po.err")"
[ "$(head -c 5 "$TMP/po.head")" = "<svg " ] && [ "$(wc -c <"$TMP/po.head")" -eq 100 ] ||
    fail "match --plot /dev/stdout | head -c 100: not the SVG's first bytes: $(head -c 100 "$TMP/po.head")"

# ---- bench --markdown into a pipe ------------------------------------------------------
# A pipe has no hand-written tail to keep: the table goes through at once.
timeout 120 "$WS" bench --games 1 --boards 4x4 --policy greedy --markdown /dev/stdout </dev/null |
    cat >"$TMP/md.out"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || fail "bench --markdown /dev/stdout | cat: exit $rc (124: it waited on its own pipe)"
[ "$(head -1 "$TMP/md.out")" = "# Snake benchmark results" ] ||
    fail "bench --markdown /dev/stdout: the Markdown does not start the output: $(head -1 "$TMP/md.out")"
grep -q '^snake benchmark' "$TMP/md.out" && fail "bench --markdown /dev/stdout: bench's own table in the Markdown"

# ---- an output on standard output takes it ---------------------------------------------
# --trace /dev/stdout into a pipe, into a file, and --trace F > F: the same
# bytes as --trace into a file of its own, the run's lines on stderr
# (fileio.h: the run's lines would mix with the trace, or the trace's rename
# would replace the file they go to).
runs="--headless --games 3 --size 6x6 --seed 4"
# shellcheck disable=SC2086
"$WS" snake $runs --trace "$TMP/own.trace" >/dev/null || fail "snake --trace: exit $?"
# shellcheck disable=SC2086
"$WS" snake $runs --trace /dev/stdout 2>"$TMP/so.err" | cat >"$TMP/so-pipe.trace"
cmp -s "$TMP/own.trace" "$TMP/so-pipe.trace" || fail "--trace /dev/stdout | cat: not the trace alone"
# shellcheck disable=SC2086
"$WS" snake $runs --trace /dev/stdout >"$TMP/so-file.trace" 2>"$TMP/so-file.err"
cmp -s "$TMP/own.trace" "$TMP/so-file.trace" || fail "--trace /dev/stdout > FILE: not the trace alone"
grep -q '^summary: games 3,' "$TMP/so-file.err" ||
    fail "--trace /dev/stdout > FILE: the summary is lost (it went to the file the trace replaced)"
# shellcheck disable=SC2086
"$WS" snake $runs --trace "$TMP/same.trace" >"$TMP/same.trace" 2>/dev/null
cmp -s "$TMP/own.trace" "$TMP/same.trace" || fail "--trace F > F: not the trace alone"
[ "$(grep -c '^game [0-9]* seed' "$TMP/so.err")" -eq 3 ] && grep -q '^summary: games 3,' "$TMP/so.err" ||
    fail "--trace /dev/stdout: the run's lines are not on stderr"

# Two runs of one benchmark: what the table says is the same on every machine is.
for k in 1 2; do
    "$WS" bench --games 3 --boards 4x4,6x6 --policy greedy --policy hamilton \
        --markdown "$TMP/b$k.md" >/dev/null || fail "bench --markdown: exit $?"
done
check "bench --markdown twice" mdsame "$TMP/b1.md" "$TMP/b2.md"

# ---- a closed pipe -------------------------------------------------------------------------
# Every file output on a pipe whose reader is gone (fd 3, named through a
# link of the right extension): one line naming it, exit 2, not a silent
# SIGPIPE. Standard output stays a file.
CLOSED='import os, subprocess, sys
r, w = os.pipe()
os.close(r)
os.dup2(w, 3)
p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=open(os.environ["ERR"], "w"), pass_fds=(3,))
sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)'
for ext in svg png gif md trace pipe; do ln -s /dev/fd/3 "$TMP/closed.$ext"; done
# closed_pipe NAME CMD...: CMD writes NAME ($TMP/closed.EXT) into the closed pipe.
closed_pipe() {
    local name=$1
    shift
    ERR=$TMP/closed.err python3 -c "$CLOSED" "$@"
    local rc=$?
    if [ "$rc" -ne 2 ] || [ "$(wc -l <"$TMP/closed.err")" -ne 1 ] ||
        ! grep -q "cannot write '$TMP/closed.$name': Broken pipe" "$TMP/closed.err"; then
        fail "$* into a closed pipe: exit $rc (141: SIGPIPE), stderr: $(head -2 "$TMP/closed.err")"
    fi
}
closed_pipe trace "$WS" snake --headless --games 3 --size 4x4 --seed 1 --trace "$TMP/closed.trace"
closed_pipe svg "$WS" match greedy hamilton --size 4x4 --games 3 --seed 1 --plot "$TMP/closed.svg"
# A pipe's name need not say .svg (closed.pipe names the pipe on fd 3).
closed_pipe pipe "$WS" match greedy hamilton --size 4x4 --games 3 --seed 1 --plot "$TMP/closed.pipe"
closed_pipe md "$WS" bench --games 1 --boards 4x4 --policy greedy --markdown "$TMP/closed.md"
if "$WS" snake --size 8x8 --seed 1 --frames 2 --screenshot "$TMP/probe.png" >/dev/null 2>&1; then
    closed_pipe png "$WS" bench --games 1 --boards 4x4 --policy greedy --chart "$TMP/closed.png"
    closed_pipe png "$WS" snake --size 8x8 --seed 1 --frames 5 --screenshot "$TMP/closed.png"
    closed_pipe gif "$WS" snake --size 8x8 --seed 1 --frames 5 --screenshot "$TMP/x.png" \
        --record "$TMP/closed.gif"
fi
# Standard output closed is still SIGPIPE (docs/reliability.md), also while
# a file output is on a pipe.
"$WS" snake --headless --games 300 --size 6x6 --seed 1 | head -1 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" -eq 141 ] || fail "snake --headless | head -1: exit $rc, expected 141 (SIGPIPE)"
# ... at once, with a trace on a pipe: 3000 games' lines overfill the pipe
# to head, so a run that stops at the closed pipe never ends its trace.
mkfifo "$TMP/fifo.trace"
cat "$TMP/fifo.trace" >"$TMP/piped.trace" &
cat_pid=$!
"$WS" snake --headless --games 3000 --size 4x4 --seed 1 --trace "$TMP/fifo.trace" | head -1 >/dev/null
rc=${PIPESTATUS[0]}
wait "$cat_pid"
[ "$rc" -eq 141 ] || fail "| head -1 with a trace on a pipe: exit $rc, expected 141 (SIGPIPE)"
[ "$(grep -c '^end ' "$TMP/piped.trace")" -lt 3000 ] ||
    fail "| head -1 with a trace on a pipe: the run played on to the end"

# ---- screenshots and recordings ----------------------------------------------------------
if "$WS" snake --size 8x8 --seed 1 --frames 2 --screenshot "$TMP/probe.png" >/dev/null 2>&1; then
    while read -r win frames mode args; do
        rm -f "$TMP/a.png" "$TMP/a.gif"
        # shellcheck disable=SC2086
        "$WS" $mode $args --window "$win" --frames "$frames" --screenshot "$TMP/a.png" \
            --record "$TMP/a.gif" >/dev/null 2>"$TMP/err" ||
            fail "$mode $args --window $win --frames $frames: exit $?: $(head -1 "$TMP/err")"
        check "$mode $args --window $win: the PNG" png "$TMP/a.png" "${win%x*}" "${win#*x}"
        check "$mode $args --window $win --frames $frames: the GIF" \
            gif "$TMP/a.gif" "${win%x*}" "${win#*x}" "$frames" "$TMP/a.png"
    done <<EOF
320x240 1 snake --size 2x2 --seed 1
320x240 2 snake --size 2x2 --seed 1
320x240 10 snake --size 4x4 --seed 2 --speed 60
321x241 30 snake --size 3x5 --seed 2
333x555 40 snake --size 7x9 --seed 4 --speed 1
400x300 120 snake --size 4x4 --seed 7 --speed 1000
640x480 60 snake --size 8x8 --seed 3 --speed max --overlay all
320x240 30 snake --map $MAPS/rooms.txt --seed 1
320x240 40 arena --seed 5
320x240 40 sea --seed 5
EOF
    # --record /dev/stdout | ...: the GIF alone (the window's lines on stderr).
    "$WS" snake --size 6x6 --seed 3 --window 320x240 --frames 20 --screenshot "$TMP/o.png" \
        --record /dev/stdout 2>"$TMP/o.err" | cat >"$TMP/o.gif"
    check "--record /dev/stdout | cat" gif "$TMP/o.gif" 320 240 20 "$TMP/o.png"
    grep -q '^wavesnake: recorded /dev/stdout' "$TMP/o.err" ||
        fail "--record /dev/stdout: the recorded line is not on stderr"
    # Without --frames a screenshot draws 60 frames (formats.md).
    "$WS" snake --size 6x6 --seed 2 --window 320x240 --screenshot "$TMP/d.png" \
        --record "$TMP/d.gif" >/dev/null 2>&1 || fail "--screenshot without --frames: exit $?"
    check "--screenshot without --frames: the GIF" gif "$TMP/d.gif" 320 240 60 "$TMP/d.png"
else
    echo "note: no offscreen window in this build: the PNG and GIF checks are skipped"
fi

finish
