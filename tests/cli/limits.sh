#!/usr/bin/env bash
# The largest inputs behave: 512x512 maps in every tool and the arena, a
# 256x256 snake board, endless and 100 MB files as maps, scripts, boards and
# traces (a clear error, a few MB of memory), and many games in flat memory
# with a progress bar on a terminal.
# Usage: limits.sh WAVESNAKE DATA MAXRSS_BIN
# The sizes that cost time come from the environment: LIMITS_GAMES (default
# 50000) and LIMITS_GARBAGE_MB (default 5); `make limits` runs a million
# games and 100 MB of garbage on the release build.
WS=$1 DATA=$2 MAXRSS=$3
GAMES=${LIMITS_GAMES:-50000} GARBAGE_MB=${LIMITS_GARBAGE_MB:-5}
source "$(dirname "$0")/lib.sh"

# rss_of CMD...: runs CMD (stdout and stderr to $TMP/out, $TMP/err), sets RSS (kB) and RC.
rss_of() {
    "$MAXRSS" "$TMP/rss" "$@" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    RSS=$(cat "$TMP/rss")
}

# ---- 512 x 512: the largest map, in every tool and the arena ----------------
# Floor everywhere, a wall across the middle with a gap at the bottom, the
# hero at (0,0), gold at the far corner, two monsters.
awk 'BEGIN {
    for (y = 0; y < 512; y++) {
        row = ""
        for (x = 0; x < 512; x++) {
            c = "."
            if (x == 256 && y < 511) c = "#"
            if (x == 0 && y == 0) c = "@"
            if (x == 511 && y == 511) c = "$"
            if (x == 300 && y == 10) c = "z"
            if (x == 100 && y == 400) c = "g"
            row = row c
        }
        print row
    }
}' >"$TMP/big.txt"
expect_status 0 "$WS" wave "$TMP/big.txt" 0 0
[ "$(wc -l <"$TMP/out")" -eq 512 ] && [ "$(head -c 512 "$TMP/out" | wc -c)" -eq 512 ] ||
    fail "wave on 512x512: not 512 rows of 512 cells"
grep -q '+' "$TMP/out" || fail "wave on 512x512: no distance beyond base 62 ('+')"
expect_status 0 "$WS" path "$TMP/big.txt" 0 0 511 511
grep -qx 'straight 1022, path 1022' "$TMP/out" || fail "path on 512x512: $(head -1 "$TMP/out")"
[ "$(wc -l <"$TMP/out")" -eq 513 ] || fail "path on 512x512: not 1 + 512 lines"
expect_status 0 "$WS" dmap "$TMP/big.txt" --gold -4
[ "$(wc -l <"$TMP/out")" -eq 512 ] || fail "dmap on 512x512: not 512 rows"
expect_status 0 "$WS" dmap "$TMP/big.txt" --safety
[ "$(wc -l <"$TMP/out")" -eq 512 ] || fail "dmap --safety on 512x512: not 512 rows"
printf 'enemy 500 500 chase 10\nturn 0 0 0 0\nturn 1 0 0 0\nturn 2 0 0 0\n' >"$TMP/big.script"
expect_status 0 "$WS" fsm "$TMP/big.txt" "$TMP/big.script"
grep -q '^turn 3: ' "$TMP/out" || fail "fsm on 512x512: no third turn"
expect_status 0 "$WS" arena --headless --map "$TMP/big.txt" --ticks 5 --seed 1
grep -q '(512x512)' "$TMP/out" || fail "arena on 512x512: $(head -c 200 "$TMP/out")"
# The largest snake board, drawn: a whole game on 256x256 takes hours (the
# window's frame time on it is a figure in docs/reliability.md), so here a
# few frames at full speed with every overlay, offscreen.
expect_status 0 env -u DISPLAY -u WAYLAND_DISPLAY "$WS" snake --screenshot "$TMP/big.png" --size 256x256 \
    --frames 4 --speed max --overlay all --seed 1
[ -s "$TMP/big.png" ] || fail "256x256 snake: no screenshot; $(head -c 200 "$TMP/err")"

# ---- endless, binary and 100 MB files: a clear error, a few MB ---------------
# Every reader goes through fileio_read: a map (the text tools, arena --map),
# an fsm script and a sea board each get a NUL-filled 100 MB file (sparse, no
# disk), endless /dev/zero and /dev/urandom, and GARBAGE_MB of text garbage
# (every byte but NUL: past the 4 MB limit, never read to its end).
rss_of "$WS" --version
base=$RSS
truncate -s 100M "$TMP/zeros.bin"
{ printf '\376'; head -c "$((GARBAGE_MB * 1024 * 1024))" /dev/urandom | tr '\000' '\001'; } >"$TMP/garbage.txt"
# check_file WHAT PATTERN CMD...: exit 2, one stderr line matching PATTERN,
# under KB (default 2048) kB over --version.
check_file() {
    local what=$1 pattern=$2 kb=${KB:-2048}
    shift 2
    rss_of "$@"
    [ "$RC" -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q "$pattern" "$TMP/err" ||
        fail "$what: exit $RC, $(head -c 300 "$TMP/err")"
    [ $((RSS - base)) -lt "$kb" ] || fail "$what: $RSS kB, $((RSS - base)) kB over --version"
}
for file in "$TMP/zeros.bin" /dev/urandom /dev/zero; do
    check_file "wave $file" 'map file .* is binary' "$WS" wave "$file" 1 1
    check_file "arena --map $file" 'is binary' "$WS" arena --headless --map "$file" --ticks 1
    check_file "fsm script $file" 'script file .* is binary' "$WS" fsm "$DATA/level.txt" "$file"
    check_file "counts $file" 'is binary' "$WS" counts "$file"
    # (random bytes may reach a newline before a NUL: then the header is wrong first)
    check_file "replay $file" 'binary data (byte 0x..): not a text trace\|not a wavesnake trace' \
        "$WS" replay "$file" --headless
done
# Text garbage and endless text: read up to the 4 MB limit, never further
# (the buffer that proves a file too large costs the 4 MB).
# check_big WHAT CMD...: exit 2, one line "is larger than 4194304 bytes", under 12 MB over --version.
check_big() {
    local what=$1
    shift
    rss_of "$@"
    [ "$RC" -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
        grep -q 'is larger than 4194304 bytes' "$TMP/err" ||
        fail "$what: exit $RC, $(head -c 300 "$TMP/err")"
    [ $((RSS - base)) -lt 12288 ] || fail "$what: $RSS kB, $((RSS - base)) kB over --version"
    echo "$what: max RSS $RSS kB (--version: $base kB)"
}
check_big "$GARBAGE_MB MB of garbage as a map (wave)" "$WS" wave "$TMP/garbage.txt" 1 1
check_big "$GARBAGE_MB MB of garbage as an arena map" "$WS" arena --headless --map "$TMP/garbage.txt" --ticks 1
check_big "$GARBAGE_MB MB of garbage as a script" "$WS" fsm "$DATA/level.txt" "$TMP/garbage.txt"
check_file "$GARBAGE_MB MB of garbage as a sea board" "is larger than" "$WS" counts "$TMP/garbage.txt"
check_big "endless text as a map" bash -c 'exec "$1" wave <(yes ..........) 1 1' _ "$WS"
# A trace is read a line at a time: garbage fails on its first line, and a
# valid start followed by a line of GARBAGE_MB bytes stops at 1 MB (its line
# buffer, doubled on the way, costs a few MB under ASan).
check_file "$GARBAGE_MB MB of garbage as a trace" 'garbage.txt:1: binary data' \
    "$WS" replay "$TMP/garbage.txt" --headless
{
    echo "wavesnake-trace 1"
    head -c "$((GARBAGE_MB * 1024 * 1024))" /dev/zero | tr '\000' 'x'
} >"$TMP/long.trace"
KB=8192 check_file "a trace line of $GARBAGE_MB MB" 'long.trace:2: line longer than 1048576 bytes' \
    "$WS" replay "$TMP/long.trace" --print

# ---- many games: flat memory, a progress bar on a terminal --------------------
rss_of "$WS" snake --headless --games 1000 --size 4x4 --seed 1 --jobs 2
few=$RSS
# Only the summary is kept: a million games print a million lines.
rss_of bash -c '"$1" snake --headless --games "$2" --size 4x4 --seed 1 --jobs 2 | grep "^summary"' \
    _ "$WS" "$GAMES"
grep -q "^summary: games $GAMES," "$TMP/out" || fail "$GAMES games: no summary"
echo "max RSS: 1000 games $few kB, $GAMES games $RSS kB"
[ "$RSS" -lt $((few + few / 10)) ] || fail "$GAMES games took $RSS kB, 1000 games $few kB (> +10 %)"
# `script` gives the run a terminal, so the bar is drawn; 20000 games take
# more than the bar's 100 ms, so it is redrawn before the last one.
script -qec "$WS snake --headless --games 20000 --size 4x4 --seed 1 >/dev/null" /dev/null \
    >"$TMP/tty" 2>&1 </dev/null
grep -q '20000/20000 games' "$TMP/tty" || fail "no final progress bar on a terminal"
[ "$(grep -o 'games' "$TMP/tty" | wc -l)" -ge 2 ] || fail "the progress bar is not redrawn"
grep -q 'games' <("$WS" snake --headless --games 3 --size 4x4 --seed 1 2>&1 >/dev/null) &&
    fail "a progress bar on a stderr that is not a terminal"
finish
