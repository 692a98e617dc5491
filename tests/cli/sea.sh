#!/usr/bin/env bash
# Sea battle from the command line: counts / shot golden vectors and bad
# boards, headless runs, --jobs, and a few games driven shot by shot by the
# independent referee (sea_drive) through `wavesnake shot`.
# usage: sea.sh WAVESNAKE DATA_DIR SEA_DRIVE
WS=$1 DATA=$2 DRIVE=$3
source "$(dirname "$0")/lib.sh"

# ---- counts: golden vectors --------------------------------------------------
"$WS" counts "$DATA/sea-empty.board" --length 4 >"$TMP/out" || fail "counts empty exited $?"
diff -u "$DATA/sea-empty.counts" "$TMP/out" || fail "counts sea-empty.board --length 4"
"$WS" counts "$DATA/sea-empty.board" >"$TMP/out" || fail "counts empty (default length) exited $?"
diff -u "$DATA/sea-empty.counts" "$TMP/out" || fail "default length on an empty board is 4"
"$WS" counts "$DATA/sea-d4.board" --length 4 >"$TMP/out" || fail "counts d4 exited $?"
diff -u "$DATA/sea-d4.counts" "$TMP/out" || fail "counts sea-d4.board --length 4"
"$WS" counts "$DATA/sea-d4.board" --length=4 >"$TMP/out" || fail "--length=4 exited $?"
diff -q "$DATA/sea-d4.counts" "$TMP/out" >/dev/null || fail "--length=4 form"
# 16 cells share the maximum before the shot, 9 after
n=$(tr ' ' '\n' <"$DATA/sea-empty.counts" | grep -cx 8)
[ "$n" = 16 ] || fail "empty board: $n cells with count 8, expected 16"
n=$(tr ' ' '\n' <"$DATA/sea-d4.counts" | grep -cx 8)
[ "$n" = 9 ] || fail "d4 board: $n cells with count 8, expected 9"

# ---- counts: a hand-worked board ---------------------------------------------
# Sunk 4 at A1-D1 with its halo left as '.'; rows 4-10 are water. The longest
# ship left is a 3 (the default length). Open: F1-J1, F2-J2 (A2-E2 and E1 are
# next to the sunk ship), A3-J3. By hand, 3-cell placements per cell:
#   rows 1 and 2: F..J in a row of 5 -> 1 2 3 2 1, plus one column placement
#   (F..J, rows 1-3) -> 2 3 4 3 2
#   row 3: a row of 10 -> 1 2 3 3 3 3 3 3 2 1, plus the column one on F..J
cat >"$TMP/hand.board" <<'EOF'
####......
..........
..........
oooooooooo
oooooooooo
oooooooooo
oooooooooo
oooooooooo
oooooooooo
oooooooooo
EOF
cat >"$TMP/hand.counts" <<'EOF'
0 0 0 0 0 2 3 4 3 2
0 0 0 0 0 2 3 4 3 2
1 2 3 3 3 4 4 4 3 2
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
EOF
"$WS" counts "$TMP/hand.board" >"$TMP/out" || fail "counts hand exited $?"
diff -u "$TMP/hand.counts" "$TMP/out" || fail "counts on the hand-worked board"

# ---- shot --------------------------------------------------------------------
for s in 1 2 3 4 5 6 7 8; do
    xy=$("$WS" shot "$DATA/sea-empty.board" --seed $s) || fail "shot exited $?"
    set -- $xy
    [ $# = 2 ] && [ "$1" -ge 3 ] && [ "$1" -le 6 ] && [ "$2" -ge 3 ] && [ "$2" -le 6 ] ||
        fail "shot on an empty board: '$xy' is not one of the 16 maxima"
    xy=$("$WS" shot "$DATA/sea-d4.board" --seed $s --hunter source) || fail "shot d4 exited $?"
    set -- $xy
    [ "$1" -ge 4 ] && [ "$1" -le 6 ] && [ "$2" -ge 4 ] && [ "$2" -le 6 ] ||
        fail "shot after D4: '$xy' is not one of the 9 maxima"
    "$WS" shot "$DATA/sea-empty.board" --seed $s --hunter sampler >"$TMP/out" || fail "shot sampler"
    grep -qxE '[0-9] [0-9]' "$TMP/out" || fail "shot --hunter sampler printed '$(cat "$TMP/out")'"
done
a=$("$WS" shot "$DATA/sea-empty.board" --seed 42)
b=$("$WS" shot "$DATA/sea-empty.board" --seed 42)
[ "$a" = "$b" ] || fail "shot --seed 42 is not repeatable: '$a' vs '$b'"
"$WS" shot "$DATA/sea-empty.board" 2>"$TMP/err" >/dev/null || fail "shot without --seed"
grep -q 'seed' "$TMP/err" || fail "shot without --seed does not print its clock seed"
# a hit with a miss on three sides: the only shot is the fourth side
printf '..........\n....o.....\n...oxo....\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n' >"$TMP/t.board"
for h in source sampler seed best; do # seed and best: the old names, still accepted
    [ "$("$WS" shot "$TMP/t.board" --seed 1 --hunter $h)" = "4 3" ] || fail "$h: finish the ship below E3"
done

# ---- bad input ---------------------------------------------------------------
printf '..........\n..........\n' >"$TMP/short.board"
expect_usage_error 'short.board.*2 lines' "$WS" counts "$TMP/short.board"
expect_usage_error 'short.board' "$WS" shot "$TMP/short.board" --seed 1
sed 's/^\.\.\.o/...O/' "$DATA/sea-d4.board" >"$TMP/char.board"
expect_usage_error "line 4 column 4.*'O'" "$WS" counts "$TMP/char.board"
printf '...........\n' | cat - "$DATA/sea-empty.board" | head -10 >"$TMP/wide.board"
expect_usage_error 'wide.board: line 1 has 11' "$WS" counts "$TMP/wide.board"
printf '#.#.#.#.#.\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n' >"$TMP/five.board"
expect_usage_error 'impossible.*5 sunk 1-cell ships' "$WS" counts "$TMP/five.board"
expect_usage_error 'impossible' "$WS" shot "$TMP/five.board" --seed 1
printf '##........\n.#........\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n' >"$TMP/bent.board"
expect_usage_error 'bent' "$WS" counts "$TMP/bent.board"
printf '#####.....\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n..........\n' >"$TMP/long.board"
expect_usage_error '5 cells long' "$WS" counts "$TMP/long.board"
expect_usage_error 'missing.board' "$WS" counts "$TMP/missing.board"
expect_usage_error 'empty' "$WS" counts /dev/null
expect_usage_error 'length' "$WS" counts "$DATA/sea-empty.board" --length 0
expect_usage_error 'length' "$WS" counts "$DATA/sea-empty.board" --length 11
expect_usage_error 'length' "$WS" counts "$DATA/sea-empty.board" --length x
expect_usage_error 'usage' "$WS" counts
expect_usage_error 'unknown option' "$WS" counts "$DATA/sea-empty.board" --frobnicate
expect_usage_error 'seed' "$WS" shot "$DATA/sea-empty.board" --seed -1
expect_usage_error "unknown hunter 'clever' \\(try: source, sampler\\)$" "$WS" shot "$DATA/sea-empty.board" --hunter clever
printf '####o###oo\noooooooooo\n###o##o##o\noooooooooo\n##o#o#o#oo\noooooooooo\n#ooooooooo\n..........\n..........\n..........\n' >"$TMP/over.board"
"$WS" counts "$TMP/over.board" >"$TMP/out" || fail "counts on a finished game exited $?"
[ "$(tr -d ' 0\n' <"$TMP/out")" = "" ] || fail "counts with no ship left should be all 0"
expect_usage_error 'every ship is sunk' "$WS" shot "$TMP/over.board" --seed 1

# ---- headless ------------------------------------------------------------------
"$WS" sea --headless --games 30 --seed 5 --hunter source >"$TMP/h1" || fail "sea headless exited $?"
[ "$(grep -c '^game ' "$TMP/h1")" = 30 ] || fail "expected 30 game lines"
grep -qE '^summary: games 30, forfeit 0, hunter source, placement random, seed 5, shots mean [0-9.]+, median [0-9.]+, min [0-9]+, max [0-9]+' "$TMP/h1" ||
    fail "summary line: $(grep summary "$TMP/h1")"
grep -q 'histogram' "$TMP/h1" || fail "no histogram"
# every game needs at least the 20 ship cells and never 100 shots
awk '/^game /{ if ($5 < 20 || $5 > 99) bad=1 } END { exit bad }' "$TMP/h1" || fail "shot counts out of range"
"$WS" sea --headless --games 30 --seed 5 --hunter seed --jobs 2 >"$TMP/h2" || fail "--jobs 2 exited $?" # seed: the old name of source
diff <(grep '^game ' "$TMP/h1") <(grep '^game ' "$TMP/h2") >/dev/null || fail "--jobs 2 changed the games"
"$WS" sea --headless --games 6 --seed 5 --json --placement edges >"$TMP/j" || fail "json exited $?"
[ "$(grep -c '^{"game":' "$TMP/j")" = 6 ] || fail "expected 6 JSON game objects"
grep -q '"summary":true,"games":6,"forfeit":0,"hunter":"sampler","placement":"edges"' "$TMP/j" ||
    fail "JSON summary: $(tail -1 "$TMP/j")"
expect_usage_error 'unknown hunter' "$WS" sea --headless --games 1 --hunter clever
expect_usage_error 'unknown placement' "$WS" sea --headless --games 1 --placement middle
expect_usage_error 'games' "$WS" sea --headless --games 0

# ---- driven through `wavesnake shot` by an independent referee -----------------
"$DRIVE" "$WS" 3 11 >"$TMP/d" || fail "sea_drive (source hunter) failed: $(tail -2 "$TMP/d")"
grep -q '^mean' "$TMP/d" || fail "sea_drive printed no mean"
"$DRIVE" "$WS" 1 12 --hunter sampler >"$TMP/d" || fail "sea_drive (sampler hunter) failed"
finish
