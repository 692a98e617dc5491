#!/usr/bin/env bash
# Statistics with forfeits, from real engine processes that fail on purpose
# (tests/engines/flaky.py fails the games whose seed is a multiple of N,
# bad.py crashes at its second `go`): the sea summary's shot figures are
# over the finished games alone (none when every game was forfeit), and in a
# race a forfeit loses the heat whatever its length and steps were.
# Usage: forfeit_stats.sh WAVESNAKE_BIN DATA_DIR ENGINES_DIR
set -u
WS=$1
DATA=$2
ENGINES=$3
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "python3 is missing: skipped"; exit 77; }
FLAKY=$ENGINES/flaky.py
BAD=$ENGINES/bad.py

# ---- sea: the shot figures are over the finished games ------------------------
# Seeds 1..4 with flaky N=2: games 1 and 3 (seeds 2, 4) are forfeit, games 0
# and 2 sink the fleet. The figures must be those of the two finished games.
"$WS" sea --headless --games 4 --seed 1 --hunter "engine:$FLAKY sea 2" >"$TMP/sea.txt" \
    2>"$TMP/sea.err"
[ $? -eq 1 ] || fail "sea with forfeits: exit status is not 1"
[ "$(grep -c 'an unknown line' "$TMP/sea.err")" -eq 2 ] ||
    fail "sea: expected two fault lines: $(cat "$TMP/sea.err")"
shots=$(sed -E 's/^game [0-9]+ seed [0-9]+: ([0-9]+) shots$/\1/;t;d' "$TMP/sea.txt" | sort -n)
[ "$(echo "$shots" | wc -l)" -eq 2 ] || fail "sea: expected two finished games: $(cat "$TMP/sea.txt")"
lo=$(echo "$shots" | head -1)
hi=$(echo "$shots" | tail -1)
median=$(awk -v a="$lo" -v b="$hi" 'BEGIN { printf "%.1f", (a + b) / 2 }')
grep -qE "^summary: games 4, forfeit 2, .*, median $median, min $lo, max $hi, p10 $lo, p90 $lo," \
    "$TMP/sea.txt" || fail "sea: figures not over the finished games ($lo $hi): $(grep '^summary' "$TMP/sea.txt")"
"$WS" sea --headless --games 4 --seed 1 --json --hunter "engine:$FLAKY sea 2" >"$TMP/sea.json" \
    2>/dev/null
grep -qE "\"median\":$median,\"min\":$lo,\"max\":$hi,\"p10\":$lo,\"p90\":$lo," "$TMP/sea.json" ||
    fail "sea --json: figures not over the finished games: $(tail -1 "$TMP/sea.json")"
# Every game forfeit: no figure at all, and the decision times agree.
"$WS" sea --headless --games 3 --seed 1 --hunter "engine:$FLAKY sea 1" >"$TMP/none.txt" 2>/dev/null
grep -qE '^summary: games 3, forfeit 3, .*shots mean none, median none, min none, max none, p10 none, p90 none,' \
    "$TMP/none.txt" || fail "sea, every game forfeit: $(grep '^summary' "$TMP/none.txt")"
grep -q 'histogram' "$TMP/none.txt" && fail "sea, every game forfeit: a histogram of no game"
"$WS" sea --headless --games 3 --seed 1 --json --hunter "engine:$FLAKY sea 1" >"$TMP/none.json" \
    2>/dev/null
grep -qE '"mean":null,"avg_shots":null,"median":null,"min":null,"max":null,"p10":null,"p90":null,' \
    "$TMP/none.json" || fail "sea --json, every game forfeit: $(tail -1 "$TMP/none.json")"
grep -q -- '-1' "$TMP/none.json" && fail "sea --json, every game forfeit: a -1 figure"

# ---- race: a forfeit loses the heat ----------------------------------------------
# On 6x6 both snakes start at length 4 heading right: bad.py 'plain' moves R
# into the wall (dead, steps 2, length 4); bad.py 'crash' crashes at its
# second go (forfeit, steps 1, length 4): the same length and fewer steps,
# which must not win the heat. Both engines are named bad.py: the second is
# told apart as bad.py#2.
timeout 60 "$WS" snake --race "engine:$BAD crash snake,engine:$BAD plain snake" --headless \
    --games 1 --size 6x6 --seed 5 >"$TMP/race.txt" 2>"$TMP/race.err"
[ $? -eq 1 ] || fail "race with a forfeit: exit status is not 1"
B='engine:[^ ]*bad\.py'
grep -qE "^heat 0 seed 5: $B forfeit length 4 steps 1 [|] $B#2 dead length 4 steps 2 -> $B#2\$" \
    "$TMP/race.txt" || fail "race: the forfeit won or the heat line is wrong: $(head -1 "$TMP/race.txt")"
grep -qE "^$B#2 +0 +1 +0 +0 +4.00 +2.0 +1\$" "$TMP/race.txt" ||
    fail "race: the table does not give the heat to the dead side: $(cat "$TMP/race.txt")"
finish
