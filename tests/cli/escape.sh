#!/usr/bin/env bash
# Nothing from a file or an argument reaches the terminal raw: every message
# that quotes input shows its bytes as \xHH (ws_quote), whatever the input.
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"

ESC=$'\x1b'
# expect_escaped PATTERN CMD... : a usage error whose stderr holds only
# printable ASCII lines and matches PATTERN (grep -F: the escaped text).
expect_escaped() {
    local pattern=$1
    shift
    expect_status 2 "$@"
    if LC_ALL=C grep -q '[^[:print:]]' "$TMP/err"; then
        fail "raw bytes on stderr: $*"
        od -c "$TMP/err" | head -5 >&2
    fi
    if ! grep -qF -- "$pattern" "$TMP/err"; then
        fail "stderr does not hold '$pattern': $*"
        sed 's/^/  stderr: /' "$TMP/err" | cat -v | head -3 >&2
    fi
}

# Scripts: every token a message quotes.
printf 'enemy 8 3 chase \xfe\n' >"$TMP/life.script"
expect_escaped "LIFE '\\xfe' must be" "$WS" fsm "$DATA/level.txt" "$TMP/life.script"
printf 'enemy 8 3 \xfe\x9b31m 5\n' >"$TMP/state.script"
expect_escaped "unknown state '\\xfe\\x9b31m'" "$WS" fsm "$DATA/level.txt" "$TMP/state.script"
printf 'enemy 8 3 chase 5\nturn 2 3 \xff 0\n' >"$TMP/hit.script"
expect_escaped "HIT '\\xff' must be" "$WS" fsm "$DATA/level.txt" "$TMP/hit.script"
printf 'enemy 8 3 chase 5\nturn 2 3 0 \xc3\xa9\n' >"$TMP/hidden.script"
expect_escaped "HIDDEN '\\xc3\\xa9' must be" "$WS" fsm "$DATA/level.txt" "$TMP/hidden.script"
printf 'enemy 8 3 chase 5\nturn 2 3 0 0 \x1b[2J\n' >"$TMP/ctl.script"
expect_escaped "control character" "$WS" fsm "$DATA/level.txt" "$TMP/ctl.script"

# File names, in the messages of every reader (they come from argv).
evil="$TMP/a${ESC}]0;owned"$'\a'"b"
cp "$DATA/level.txt" "$TMP/bad${ESC}[31m.txt"
printf '#@\xfe\n' >"$TMP/bad${ESC}[31m.txt"
expect_escaped 'bad\x1b[31m.txt:1: byte 0xfe' "$WS" wave "$TMP/bad${ESC}[31m.txt" 1 0
expect_escaped '\x1b]0;owned\x07b' "$WS" wave "$evil" 1 1
expect_escaped '\x1b]0;owned\x07b' "$WS" fsm "$DATA/level.txt" "$evil"
expect_escaped '\x1b]0;owned\x07b' "$WS" counts "$evil"
expect_escaped '\x1b]0;owned\x07b' "$WS" arena --headless --map "$evil"
printf 'xx\n' >"$TMP/b${ESC}c.board"
expect_escaped 'b\x1bc.board: line 1 has 2 characters' "$WS" counts "$TMP/b${ESC}c.board"
printf '#.#\n' >"$TMP/m${ESC}c.txt"
expect_escaped "m\\x1bc.txt: the arena needs exactly one '@'" "$WS" arena --headless --map "$TMP/m${ESC}c.txt"
# Traces (the replay reader) and snake maps.
cp "$DATA/walls.trace" "$TMP/t${ESC}c.trace"
printf 'game 1 size 8 8 seed 42 policy gr\xfe\x1b[31m tail free\n' >>"$TMP/t${ESC}c.trace"
expect_escaped 't\x1bc.trace:16: ' "$WS" replay "$TMP/t${ESC}c.trace" --headless
expect_escaped '\x1b]0;owned\x07b' "$WS" replay "$evil" --print
printf '....\n.\xfe..\n' >"$TMP/s${ESC}c.txt"
expect_escaped 's\x1bc.txt' "$WS" snake --headless --map "$TMP/s${ESC}c.txt"
expect_escaped "--trace: cannot write '/nonexistent/\\x1b[2J'" \
    "$WS" snake --headless --seed 1 --size 4x4 --trace "/nonexistent/${ESC}[2J"

# Option values and words of the command line.
expect_escaped "--seed: '\\xfe' is not" "$WS" snake --headless --seed $'\xfe'
expect_escaped "--games: '1\\x1b[2J' is not a whole number" "$WS" snake --headless --games "1${ESC}[2J"
expect_escaped "--policy: unknown policy 'gr\\\\eedy\\x07'" "$WS" snake --headless --policy $'gr\\eedy\a'
expect_escaped "--size: '\\x1bx5' is not WIDTHxHEIGHT" "$WS" snake --headless --size "${ESC}x5"
expect_escaped "--speed: '\\x9b' is not a speed" "$WS" snake --speed $'\x9b'
expect_escaped "unknown overlay '\\x1b[0m'" "$WS" snake --overlay "wave,${ESC}[0m"
expect_escaped "unknown option '--\\x1b[5m'" "$WS" snake --headless "--${ESC}[5m=1"
expect_escaped "unexpected argument '\\x1b[5m'" "$WS" counts "$DATA/sea-empty.board" "${ESC}[5m"
expect_escaped "unknown mode or tool '\\x1b[5m'" "$WS" "${ESC}[5m"
expect_escaped "start x: '\\xfe' is not" "$WS" wave "$DATA/level.txt" $'\xfe' 3
expect_escaped "got ',\\x1b'" "$WS" bench --boards ",${ESC}"

# ---- Every message path, stdout and stderr alike, for names with ESC, CR, LF
# and DEL (issue 24): no byte but printable ASCII, tabs and line ends.
# expect_clean WANT CMD... : exit WANT, both streams clean.
expect_clean() {
    local want=$1
    shift
    expect_status "$want" "$@"
    local f
    for f in out err; do
        if LC_ALL=C grep -q "[^[:print:]$(printf '\t')]" "$TMP/$f"; then
            fail "raw bytes on std$f: $*"
            od -c "$TMP/$f" | head -5 >&2
        fi
    done
}
for odd in "e${ESC}[31mx" $'c\rr' $'n\nl' $'d\x7fl'; do
    d="$TMP/dir-$odd"
    mkdir -p "$d"
    "$WS" snake --headless --games 2 --seed 1 --size 5x5 --trace "$d/t.trace" >/dev/null ||
        fail "no trace in a folder named $(printf %q "$odd")"
    expect_clean 0 "$WS" replay "$d/t.trace" --headless
    expect_clean 0 "$WS" replay "$d/t.trace" --headless --json
    expect_clean 2 "$WS" replay "$d/no.trace" --headless
    expect_clean 2 "$WS" snake --headless --seed 1 --size 4x4 --trace "$d/no/t.trace"
    "$WS" snake --headless --games 2 --seed 1 --size 5x5 --json >"$d/s.json"
    expect_clean 0 "$WS" merge "$d/s.json" --json
    expect_clean 2 "$WS" merge "$d/s.json" "$d/t.trace"
    expect_clean 2 "$WS" merge "$d/s.json" "$d/s.json"
    expect_clean 2 "$WS" merge "$d/no.json"
    cp "$(dirname "$0")/../../assets/maps/arena.txt" "$d/a.txt"
    expect_clean 0 "$WS" arena --headless --ticks 5 --seed 1 --map "$d/a.txt"
    expect_clean 0 "$WS" arena --headless --ticks 5 --seed 1 --map "$d/a.txt" --json
    expect_clean 2 "$WS" snake --headless --map "$d/a.txt" --trace "$d/a.txt"
    expect_clean 2 "$WS" snake --frames 2 --screenshot "$d/x.png" --record "$d/a.txt"
    expect_clean 2 "$WS" bench --games 1 --boards 4x4 --policy greedy --markdown "$d/no/r.md"
    if "$WS" snake --size 6x6 --seed 1 --frames 2 --screenshot "$TMP/probe.png" >/dev/null 2>&1; then
        # The window's files: the screenshot and recording lines, and their errors.
        expect_clean 0 "$WS" snake --size 6x6 --seed 1 --frames 2 --screenshot "$d/s.png"
        expect_clean 2 "$WS" snake --size 6x6 --seed 1 --frames 2 --screenshot "$d/no/s.png"
        expect_clean 0 "$WS" snake --size 6x6 --seed 1 --frames 4 --window 320x240 \
            --screenshot "$d/r.png" --record "$d/r.gif"
        expect_clean 2 "$WS" snake --size 6x6 --seed 1 --frames 4 --window 320x240 \
            --screenshot "$d/r.png" --record "$d/no/r.gif"
        expect_clean 2 "$WS" bench --games 1 --boards 4x4 --policy greedy --chart "$d/no/c.png"
    fi
done
finish
