#!/usr/bin/env bash
# Golden outputs of the text tools (docs/formats.md#text-tools).
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"

"$WS" wave "$DATA/level.txt" 8 3 >"$TMP/wave" || fail "wave exited $?"
diff -u "$DATA/level.wave" "$TMP/wave" || fail "wave level.txt 8 3 differs from level.wave"
"$WS" path "$DATA/level.txt" 8 3 2 3 >"$TMP/path" || fail "path exited $?"
diff -u "$DATA/level.path" "$TMP/path" || fail "path level.txt 8 3 2 3 differs from level.path"

# A hand-worked map: ragged rows (padded with '#'), an unreachable pocket,
# entity characters count as floor.
printf '#####\n#..z#\n#.#\n#$.#.\n' >"$TMP/small.txt"
printf '#####\n#012#\n#1###\n#23# \n' >"$TMP/small.wave"
"$WS" wave "$TMP/small.txt" 1 1 >"$TMP/out" || fail "wave small exited $?"
diff -u "$TMP/small.wave" "$TMP/out" || fail "wave on the hand-worked map"
"$WS" path "$TMP/small.txt" 1 1 1 3 >"$TMP/out" || fail "path small exited $?"
# (1,1) -> (1,2) -> (1,3): straight down; every floor cell prints '.'.
printf 'straight 2, path 2\n#####\n#g..#\n#*###\n#@.#.\n' >"$TMP/small.path"
diff -u "$TMP/small.path" "$TMP/out" || fail "path on the hand-worked map"
"$WS" path "$TMP/small.txt" 1 1 4 3 >"$TMP/out" || fail "path to an unreachable cell exited $?"
head -1 "$TMP/out" | grep -qx 'straight 5, path none' || fail "unreachable goal: $(head -1 "$TMP/out")"

# Base-62 digits beyond 61 print '+': a 70-cell corridor.
printf '%070d\n' 0 | tr 0 . >"$TMP/long.txt"
"$WS" wave "$TMP/long.txt" 0 0 >"$TMP/out" || fail "wave long exited $?"
[ "$(cut -c 11 "$TMP/out")" = a ] || fail "distance 10 should print 'a'"
[ "$(cut -c 37 "$TMP/out")" = A ] || fail "distance 36 should print 'A'"
[ "$(cut -c 62 "$TMP/out")" = Z ] || fail "distance 61 should print 'Z'"
[ "$(cut -c 63 "$TMP/out")" = + ] || fail "distance 62 should print '+'"
finish
