#!/usr/bin/env bash
# `wavesnake replay FILE` without a window (docs/history.md, docs/formats.md#replay---print):
# --headless checks every game and reports like a headless run, --json as
# JSON lines, --print prints a tick's board and agrees with the independent
# reader (tests/replay.c, `--print G T`) at ticks 0, 1, mid and last of games
# of several seeds, policies, both tail rules and walled boards; every bad
# trace is one line "FILE:LINE: what is wrong" and exit 2, never a crash.
WS=$1 DATA=$2 REPLAY=$3
source "$(dirname "$0")/lib.sh"
MAPS=$(dirname "$0")/../../assets/maps/snake
FIX=$DATA/replay.trace # 6x6 strict, seeds 18..20: won, won, dead (at tick 252)

# ---- --headless -------------------------------------------------------------
expect_status 0 "$WS" replay "$FIX" --headless
grep -q '^game 0 seed 18: won, length 36/36, steps 316, policy greedy, size 6x6, tail strict$' "$TMP/out" ||
    fail "game 0 line: $(head -1 "$TMP/out")"
grep -q '^game 2 seed 20: dead, length 33/36, steps 252,' "$TMP/out" || fail "game 2 line"
grep -q '^summary: games 3, won 2, dead 1, stalled 0, forfeit 0, avg_length 35.000, avg_steps 250.00, ticks 750,' "$TMP/out" ||
    fail "summary: $(tail -1 "$TMP/out")"
[ "$(wc -l <"$TMP/out")" -eq 4 ] || fail "expected 3 game lines and a summary"

expect_status 0 "$WS" replay "$FIX" --headless --json
grep -q '^{"game":2,"seed":20,"outcome":"dead","length":33,"cells":36,"steps":252,"policy":"greedy","size":"6x6","tail":"strict","walls":0}$' "$TMP/out" ||
    fail "JSON game 2: $(sed -n 3p "$TMP/out")"
grep -q '^{"summary":true,"games":3,"won":2,"dead":1,"stalled":0,"forfeit":0,"avg_length":35.000,"avg_steps":250.00,"ticks":750,"wall_s":' "$TMP/out" ||
    fail "JSON summary: $(tail -1 "$TMP/out")"

# A headless run and the check of its trace agree game by game.
"$WS" snake --headless --size 9x7 --games 6 --seed 3 --strict-tail --start-length 2 \
    --trace "$TMP/run.trace" >"$TMP/run.out" || fail "headless run: exit $?"
"$WS" replay "$TMP/run.trace" --headless >"$TMP/run.check" || fail "replay --headless: exit $?"
strip() { sed -n 's/^\(game [0-9]* seed [0-9]*: [a-z]*, length [0-9/]*, steps [0-9]*\).*/\1/p' "$1"; }
diff <(strip "$TMP/run.out") <(strip "$TMP/run.check") >/dev/null || fail "replay --headless disagrees with the run"

# The independent reader's own verdict counts the games in words.
"$REPLAY" "$FIX" | grep -qx 'replay: 3 games, every move legal, food and outcomes as the rules say' ||
    fail "ws_replay on 3 games: $("$REPLAY" "$FIX" 2>&1)"
"$WS" snake --headless --size 6x6 --games 1 --seed 5 --trace "$TMP/one.trace" >/dev/null || fail "one game: exit $?"
"$REPLAY" "$TMP/one.trace" | grep -q '^replay: 1 game, every move legal' ||
    fail "ws_replay on 1 game: $("$REPLAY" "$TMP/one.trace" 2>&1)"

# ---- --print against the independent reader -----------------------------------
# compare TRACE [GAMES]: its first GAMES games (default 2), ticks 0, 1, mid, last.
compared=0
compare() {
    local trace=$1 g=0 steps
    for steps in $(sed -n 's/^end [a-z]* length [0-9]* steps \([0-9]*\)$/\1/p' "$trace" | head -"${2:-2}"); do
        local number
        number=$(grep '^game ' "$trace" | sed -n "$((g + 1))s/^game \([0-9]*\) .*/\1/p")
        for t in 0 1 $((steps / 2)) "$steps"; do
            [ "$t" -lt 0 ] || [ "$t" -gt "$steps" ] && continue
            "$WS" replay "$trace" --game "$number" --tick "$t" --print >"$TMP/ws.board" 2>"$TMP/ws.err" ||
                { fail "$(basename "$trace") game $number tick $t: exit $?: $(cat "$TMP/ws.err")"; continue; }
            "$REPLAY" "$trace" --print "$g" "$t" >"$TMP/ref.board" 2>"$TMP/ref.err" ||
                { fail "$(basename "$trace") game $g tick $t: ws_replay: $(cat "$TMP/ref.err")"; continue; }
            if ! cmp -s "$TMP/ws.board" "$TMP/ref.board"; then
                fail "$(basename "$trace") game $number tick $t: the boards differ"
                diff "$TMP/ws.board" "$TMP/ref.board" | head -6 >&2
            fi
            compared=$((compared + 1))
        done
        g=$((g + 1))
    done
}
"$WS" snake --headless --size 8x8 --games 3 --seed 5 --trace "$TMP/greedy.trace" >/dev/null || fail "greedy run"
"$WS" snake --headless --size 6x6 --games 2 --seed 8 --policy hamilton --strict-tail --trace "$TMP/hamilton.trace" >/dev/null || fail "hamilton run"
"$WS" snake --headless --size 8x6 --games 2 --seed 2 --policy perfect --trace "$TMP/perfect.trace" >/dev/null || fail "perfect run"
"$WS" snake --headless --size 3x2 --games 2 --seed 1 --start-length 1 --trace "$TMP/tiny.trace" >/dev/null || fail "tiny run"
"$WS" snake --headless --map "$MAPS/pillars.txt" --games 1 --seed 4 --strict-tail --trace "$TMP/pillars.trace" >/dev/null || fail "pillars run"
compare "$FIX" 3 # won, won, dead
for trace in "$DATA/walls.trace" "$TMP/greedy.trace" "$TMP/hamilton.trace" "$TMP/perfect.trace" \
    "$TMP/tiny.trace" "$TMP/pillars.trace" "$TMP/run.trace"; do
    compare "$trace"
done
[ "$compared" -ge 50 ] || fail "only $compared boards compared"

# The format itself, on the fixture with walls and toggles: tick 1 is the
# board after move 1 (D) and after the toggle at (2,3) made before move 2.
"$WS" replay "$DATA/walls.trace" --tick 1 --print >"$TMP/w1" || fail "walls tick 1: exit $?"
printf 'game 0 tick 1 length 3 food 0 2\n#..#..\n.#.to.\n*...H.\n..#.#.\n' | cmp -s - "$TMP/w1" ||
    { fail "walls tick 1 board"; cat "$TMP/w1" >&2; }
# Defaults: the first game that did not win (game 2), 10 ticks before its end.
"$WS" replay "$FIX" --print | head -1 | grep -qx 'game 2 tick 242 length [0-9]* food [0-9]* [0-9]*' ||
    fail "default game and tick: $("$WS" replay "$FIX" --print | head -1)"
"$WS" replay "$TMP/tiny.trace" --tick 0 --print | head -1 | grep -qx 'game 0 tick 0 length 1 food [0-9] [0-9]' ||
    fail "tiny tick 0"
"$WS" replay "$TMP/tiny.trace" --game 0 --tick 0 --print | tail -n +2 | grep -q 't' && fail "a tail drawn at length 1"
"$WS" replay "$TMP/greedy.trace" --game 0 --tick "$(sed -n 's/^end won length [0-9]* steps //p' "$TMP/greedy.trace" | head -1)" --print |
    head -1 | grep -q 'length 64 food none$' || fail "a full board says food none"

# ---- bad traces: FILE:LINE: what, exit 2, one line, never a crash ---------------
# bad NAME LINE PATTERN [replay options...]: $TMP/NAME.trace is rejected at LINE.
bad() {
    local name=$1 line=$2 pattern=$3
    shift 3
    local opts=("$@")
    [ ${#opts[@]} -eq 0 ] && opts=(--headless)
    expect_usage_error "^$TMP/$name.trace:$line: .*$pattern" "$WS" replay "$TMP/$name.trace" "${opts[@]}"
}
# edit NAME SED-SCRIPT: a copy of the fixture, edited.
edit() {
    sed "$2" "$FIX" >"$TMP/$1.trace"
    cmp -s "$FIX" "$TMP/$1.trace" && fail "$1: the edit changed nothing"
}
last=$(wc -l <"$FIX")
head -n $((last - 1)) "$FIX" >"$TMP/truncated.trace"
bad truncated $last 'ends inside game 2'
head -c $(($(wc -c <"$FIX") - 3)) "$FIX" >"$TMP/cut.trace" # "end dead length 33 steps 2"
bad cut $last 'end line disagrees'
head -n 3 "$FIX" >"$TMP/nofood.trace"
bad nofood 4 'ends inside game 0'
edit header '1s/1$/2/'
bad header 1 'unsupported trace version'
edit notrace '1s/.*/hello/'
bad notrace 1 'not a wavesnake trace'
# Line 5 is the first move, R: L runs into the body.
edit illegal '5s/^R$/L/'
bad illegal 5 'illegal move L at tick 0: \(2, 0\) is the snake.s body'
edit offboard '5s/^R$/U/'
bad offboard 5 'illegal move U at tick 0: off the board'
edit food '4s/^food 4 1$/food 5 1/'
bad food 4 'placement rule puts it at \(4, 1\)'
edit unknown '6s/^.*$/X/'
bad unknown 6 "unknown line 'X'"
edit token '2s/tail strict$/tail strict extra/'
bad token 2 'unexpected text after the game line'
edit tail '2s/tail strict$/tail loose/'
bad tail 2 'tail must be free or strict'
edit size0 '2s/size 6 6/size 1 6/'
bad size0 2 'board size 1x6 is outside 2..256'
edit size1 '2s/size 6 6/size 6 300/'
bad size1 2 'board size 6x300 is outside 2..256'
edit size2 '2s/size 6 6/size 99999999999999999999999 6/'
bad size2 2 'bad board size'
edit seed '2s/seed 18/seed -1/'
bad seed 2 'bad seed'
edit start '3s/^snake 3 0 2 0 1 0 0 0$/snake 4 0 3 0 2 0 1 0/'
bad start 3 'start rule'
edit endline "\$s/length 33/length 34/"
bad endline "$last" 'end line disagrees with the game: dead, length 33, steps 252'
edit nonumber '2s/^game 0/game x/'
bad nonumber 2 'bad game line'
# Words are separated by single spaces on every line, as the writer writes
# them: a trailing space, a double space or a tab is a fault wherever it is
# (a move line refused "R " while a food line took "food 4 1 ").
edit spacemove '5s/^R$/R /'
bad spacemove 5 'single spaces'
edit spacefood '4s/$/ /'
bad spacefood 4 'single spaces'
edit spacesnake '3s/^snake 3/snake  3/'
bad spacesnake 3 'single spaces'
edit tabgame '2s/ size/\tsize/'
bad tabgame 2 'single spaces'
edit spaceend "\$s/^end/ end/"
bad spaceend "$last" 'single spaces'
edit endtoken "\$s/\$/ x/"
bad endtoken "$last" 'bad end line'
edit foodtoken '4s/$/ 9/'
bad foodtoken 4 'food line of the start'
# The independent reader (tests/replay.c) refuses them too.
for t in spacemove spacefood spacesnake tabgame spaceend endtoken foodtoken; do
    "$REPLAY" "$TMP/$t.trace" >/dev/null 2>"$TMP/ref.err" && fail "ws_replay accepts $t.trace"
    [ "$(wc -l <"$TMP/ref.err")" -eq 1 ] || fail "ws_replay on $t.trace: not one line: $(cat "$TMP/ref.err")"
done
printf 'wavesnake-trace 1\n' >"$TMP/nogames.trace"
bad nogames 2 'no games'
: >"$TMP/empty.trace"
bad empty 1 'empty file'
# Binary data: a NUL byte inside the file, and random bytes after the header.
{ head -n 10 "$FIX"; printf 'R\0\n'; } >"$TMP/nul.trace"
bad nul 11 'binary data \(byte 0x00\)'
"$REPLAY" "$TMP/nul.trace" >/dev/null 2>&1 && fail "ws_replay accepts a NUL byte"
{ head -n 1 "$FIX"; printf '\x89PNG\r\n\x1a\n'; } >"$TMP/png.trace"
bad png 2 'binary data'
head -c 4096 /dev/urandom >"$TMP/random.trace"
expect_usage_error "^$TMP/random.trace:1: " "$WS" replay "$TMP/random.trace" --headless
# A move after the end: the fixture's first game followed by one more move.
awk '{ print } /^end / && !done { print "R"; done = 1 }' "$FIX" >"$TMP/after.trace"
bad after $(($(grep -n '^end ' "$FIX" | head -1 | cut -d: -f1) + 1)) "expected a game line, not 'R'"
edit food2 '0,/^[URDL]$/s//food 1 1/'
bad food2 5 'a food line where nothing was eaten'
# Game numbers must increase.
{ cat "$FIX"; sed -n '2,/^end /p' "$FIX"; } >"$TMP/again.trace"
bad again $((last + 1)) 'game numbers must increase'
# A tick past the end, a game not in the file (also exit 2, one line).
cp "$FIX" "$TMP/fix.trace"
# The tick past the end is a usage error (no FILE:LINE:), naming the last valid tick.
expect_usage_error '^wavesnake: --tick 253: game 2 ends at tick 252, the last valid tick \(use 0\.\.252\)$' \
    "$WS" replay "$TMP/fix.trace" --game 2 --tick 253 --print
expect_usage_error '^wavesnake: --tick 99999999: game 2 ends at tick 252,' \
    "$WS" replay "$TMP/fix.trace" --game 2 --tick 99999999
expect_usage_error '^wavesnake: --tick 317: game 0 ends at tick 316,' \
    "$WS" replay "$TMP/fix.trace" --game 0 --tick 317 --print
expect_status 0 "$WS" replay "$TMP/fix.trace" --game 2 --tick 252 --print
expect_usage_error "has no game 7" "$WS" replay "$TMP/fix.trace" --game 7 --print
expect_usage_error "cannot open" "$WS" replay "$TMP/missing.trace" --headless
expect_usage_error "pick one" "$WS" replay "$FIX" --headless --print
expect_usage_error "goes with --headless" "$WS" replay "$FIX" --json --print
# The checks every command shares (options_check): a screenshot is a PNG or a
# JPEG, and --headless shows no frame to record or measure; nothing is written.
expect_usage_error "screenshot .*x.bmp.*\\.png or \\.jpg" "$WS" replay "$FIX" --screenshot "$TMP/x.bmp"
[ ! -e "$TMP/x.bmp" ] || fail "replay wrote a screenshot it refused"
expect_usage_error "--record needs the window" "$WS" replay "$FIX" --headless --record "$TMP/z.gif" --stats
[ ! -e "$TMP/z.gif" ] || fail "replay wrote a recording it refused"
expect_usage_error "--stats measures the window" "$WS" replay "$FIX" --headless --stats
# --print and --headless draw no frame either: a --screenshot, --record or
# --stats with them is refused, not silently dropped (no file written).
expect_usage_error "--screenshot draws the window; --print" "$WS" replay "$FIX" --print --screenshot "$TMP/p.png"
expect_usage_error "--screenshot draws the window; --headless" "$WS" replay "$FIX" --headless --screenshot "$TMP/p.png"
[ ! -e "$TMP/p.png" ] || fail "replay wrote a screenshot with --print or --headless"
expect_usage_error "--record needs the window.*--print" "$WS" replay "$FIX" --print --record "$TMP/p.gif"
[ ! -e "$TMP/p.gif" ] || fail "replay wrote a recording with --print"
expect_usage_error "--stats measures the window.*--print" "$WS" replay "$FIX" --print --stats
expect_usage_error "replay" "$WS" replay
expect_usage_error "^wavesnake: --tick: '-1' is not a tick \\(0 = the start" "$WS" replay "$FIX" --tick -1 --print
expect_usage_error "^wavesnake: --tick: 'x' is not a tick" "$WS" replay "$FIX" --tick x --print

# ---- a trace cut off inside a game (a killed run) -------------------------------
# --headless checks the complete games (printed), then one error line about the
# cut game, exit 2; --print (and the window, replay_window.sh) opens the
# complete games, saying on stderr that the file is cut.
"$WS" replay "$TMP/truncated.trace" --headless >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] || fail "a cut trace --headless: not exit 2"
[ "$(grep -c '^game [01] seed' "$TMP/out")" -eq 2 ] || fail "a cut trace --headless: the 2 complete games are not listed: $(cat "$TMP/out")"
grep -q '^summary' "$TMP/out" && fail "a cut trace --headless printed a summary"
[ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q "truncated.trace:$last: the file ends inside game 2" "$TMP/err" ||
    fail "a cut trace --headless: not one line about game 2: $(cat "$TMP/err")"
for t in truncated cut; do
    "$WS" replay "$TMP/$t.trace" --print >"$TMP/out" 2>"$TMP/err" || fail "a cut trace ($t) --print: exit $?: $(cat "$TMP/err")"
    head -1 "$TMP/out" | grep -qx 'game 0 tick 306 length [0-9]* food [0-9]* [0-9]*' ||
        fail "a cut trace ($t) --print does not open game 0 (the complete games won): $(head -1 "$TMP/out")"
    grep -q "^wavesnake: $TMP/$t.trace:$last: .*: its 2 complete games open$" "$TMP/err" ||
        fail "a cut trace ($t) --print does not say it is cut: $(cat "$TMP/err")"
done
expect_status 0 "$WS" replay "$TMP/truncated.trace" --game 1 --tick 0 --print
expect_usage_error "has no game 2 \\(it has 2, numbered 0 to 1, then it is cut off\\)" \
    "$WS" replay "$TMP/truncated.trace" --game 2 --print
bad nofood 4 'ends inside game 0' --print # no complete game: nothing opens

# ---- a pipe: read once ----------------------------------------------------------
"$WS" replay "$FIX" --game 1 --tick 100 --print >"$TMP/file.board" || fail "--print of the file"
"$WS" replay <(cat "$FIX") --game 1 --tick 100 --print >"$TMP/pipe.board" 2>"$TMP/err" ||
    fail "--print of a pipe: exit $?: $(cat "$TMP/err")"
cmp -s "$TMP/file.board" "$TMP/pipe.board" || fail "--print of a pipe differs from the file's"
"$WS" replay <(cat "$FIX") --print >"$TMP/pipe.board" 2>"$TMP/err" || fail "--print of a pipe, default game: $(cat "$TMP/err")"
head -1 "$TMP/pipe.board" | grep -qx 'game 2 tick 242 length [0-9]* food [0-9]* [0-9]*' || fail "pipe: default game and tick"
"$WS" replay <(cat "$FIX") --headless >"$TMP/out" 2>"$TMP/err" || fail "--headless of a pipe: $(cat "$TMP/err")"
grep -q '^summary: games 3, won 2, dead 1,' "$TMP/out" || fail "--headless of a pipe: $(tail -1 "$TMP/out")"
"$WS" replay <(cat "$TMP/truncated.trace") --game 1 --tick 5 --print >"$TMP/out" 2>"$TMP/err" ||
    fail "a cut trace through a pipe: $(cat "$TMP/err")"
grep -q 'its 2 complete games open$' "$TMP/err" || fail "a cut pipe: $(cat "$TMP/err")"
expect_usage_error "^/dev/fd/[0-9]*:$last: .*'X'" "$WS" replay <(sed '$s/.*/X/' "$FIX") --print

# ---- bench history runs (its figures are timings: printed, never judged) ------
expect_status 0 "$WS" bench history --boards 6x6 --policy greedy --policy perfect --samples 20
grep -qE '^greedy +6x6 +[0-9]+ ' "$TMP/out" || fail "bench history: no greedy row: $(cat "$TMP/out")"
grep -qE '^perfect +6x6 +[0-9]+ ' "$TMP/out" || fail "bench history: no perfect row"
expect_usage_error '^wavesnake: bench history: --games does not apply ' "$WS" bench history --games 3

# ---- 100 MB files: streamed, memory bounded, one line, quickly ------------------
# rss_of CMD...: the peak resident set in kB (GNU time), or 0 without it.
rss_of() {
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$TMP/rss" "$@" >"$TMP/out" 2>"$TMP/err"
        tail -1 "$TMP/rss"
    else
        "$@" >"$TMP/out" 2>"$TMP/err"
        echo 0
    fi
}
big=$((100 * 1024 * 1024))
{ echo 'wavesnake-trace 1'; head -c "$big" /dev/zero | tr '\0' '\n'; } >"$TMP/blank.trace"
kb=$(rss_of "$WS" replay "$TMP/blank.trace" --headless)
grep -qE "^$TMP/blank.trace:$((big + 2)): .*no games" "$TMP/err" || fail "100 MB of blank lines: $(cat "$TMP/err")"
[ "$kb" -lt 90000 ] || fail "100 MB of blank lines took $kb kB"
rm -f "$TMP/blank.trace"
{ echo 'wavesnake-trace 1'; head -c "$big" /dev/zero | tr '\0' 'x'; } >"$TMP/long.trace"
kb=$(rss_of "$WS" replay "$TMP/long.trace" --headless)
grep -qE "^$TMP/long.trace:2: line longer than" "$TMP/err" || fail "a 100 MB line: $(cat "$TMP/err")"
[ "$kb" -lt 90000 ] || fail "a 100 MB line took $kb kB"
rm -f "$TMP/long.trace"
head -c "$big" /dev/urandom >"$TMP/garbage.trace"
expect_usage_error "^$TMP/garbage.trace:1: " "$WS" replay "$TMP/garbage.trace" --headless
rm -f "$TMP/garbage.trace"
finish
