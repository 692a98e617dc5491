#!/usr/bin/env bash
# Traces replay under an independent checker (tests/replay.c), on both tail
# rules, odd boards and start lengths; a corrupted trace is caught.
WS=$1 DATA=$2 REPLAY=$3
source "$(dirname "$0")/lib.sh"

check_replay() { # name, wavesnake args...
    local name=$1
    shift
    "$WS" snake --headless "$@" --trace "$TMP/$name.trace" >"$TMP/$name.out" || fail "$name: exit $?"
    "$REPLAY" "$TMP/$name.trace" >/dev/null || fail "$name: the trace does not replay"
    local games
    games=$(grep -c '^game ' "$TMP/$name.trace")
    [ "$games" -eq "$(grep -c '^game ' "$TMP/$name.out")" ] || fail "$name: $games traced games"
    head -1 "$TMP/$name.trace" | grep -qx 'wavesnake-trace 1' || fail "$name: header"
}
check_replay free8 --games 60 --size 8x8 --seed 1
check_replay strict8 --games 60 --size 8x8 --seed 1 --strict-tail
check_replay odd --games 30 --size 7x5 --seed 11 --start-length 2
check_replay tiny --games 20 --size 2x3 --seed 4 --start-length 1
check_replay strict_wide --games 10 --size 13x6 --seed 5 --start-length 13 --strict-tail

# The trace's game lines say what docs/formats.md#snake-trace says.
sed -n 2p "$TMP/free8.trace" | grep -qx 'game 0 size 8 8 seed 1 policy greedy tail free' || fail "game line: $(sed -n 2p "$TMP/free8.trace")"
sed -n 3p "$TMP/free8.trace" | grep -qx 'snake 3 0 2 0 1 0 0 0' || fail "snake line: $(sed -n 3p "$TMP/free8.trace")"
grep -q '^game 1 size 8 8 seed 2 ' "$TMP/free8.trace" || fail "game 1 must use seed S+1"

# The checker must be able to fail: corrupt one move, one food, one end line.
awk 'NR==5 && /^[URDL]$/ { print ($0 == "L" ? "R" : "L"); next } { print }' "$TMP/free8.trace" >"$TMP/bad1"
"$REPLAY" "$TMP/bad1" >/dev/null 2>&1 && fail "replay accepted a changed move"
awk '/^food/ && !done && NR > 4 { print "food 0 0"; done = 1; next } { print }' "$TMP/free8.trace" >"$TMP/bad2"
"$REPLAY" "$TMP/bad2" >/dev/null 2>&1 && fail "replay accepted a moved food"
sed '0,/^end /s/^end \([a-z]*\) length \([0-9]*\)/end \1 length 1/' "$TMP/free8.trace" >"$TMP/bad3"
"$REPLAY" "$TMP/bad3" >/dev/null 2>&1 && fail "replay accepted a wrong end line"
finish
