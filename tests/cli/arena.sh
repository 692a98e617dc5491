#!/usr/bin/env bash
# The arena's text tools (dmap, fsm) and headless runs, including bad input.
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"

# ---- fsm: the golden vector ------------------------------------------------
"$WS" fsm "$DATA/level.txt" "$DATA/chase.script" >"$TMP/out" || fail "fsm exited $?"
diff -u "$DATA/chase.out" "$TMP/out" || fail "fsm level.txt chase.script differs from chase.out"

# The largest LIFE a script may give (1000000000): full life is no reason to
# flee (life * 4 overflowed an int and the enemy fled at once).
printf '#######\n#.....#\n#######\n' >"$TMP/corridor.txt"
printf 'enemy 1 1 chase 1000000000\nturn 4 1 0 0\nturn 4 1 800000000 0\n' >"$TMP/big.script"
cat >"$TMP/want" <<'X'
turn 1: chase, enemy (2, 1), path 2, life 1000000000
turn 2: chase -> flee, enemy (2, 1), path 2, life 200000000
X
"$WS" fsm "$TMP/corridor.txt" "$TMP/big.script" >"$TMP/out" || fail "fsm with LIFE 1000000000 exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "fsm with the largest LIFE"

# ---- dmap: a hand-worked map (docs/arena.md) ---------------------------------
# A loop, a dead end, a sealed pocket at (1,5) and a ragged last row.
printf '#######\n#@..$.#\n#.##..#\n#...#.#\n###.###\n#.#\n' >"$TMP/small.txt"
cat >"$TMP/want" <<'X'
# # # # # # #
# 0 1 1 0 1 #
# 1 # # 1 2 #
# 2 3 4 # 3 #
# # # 5 # # #
# . # # # # #
X
"$WS" dmap "$TMP/small.txt" >"$TMP/out" || fail "dmap exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap with gold at 0"
cat >"$TMP/want" <<'X'
# # # # # # #
# -1 -2 -3 -4 -3 #
# 0 # # -3 -2 #
# 1 2 3 # -1 #
# # # 4 # # #
# . # # # # #
X
"$WS" dmap "$TMP/small.txt" --gold -4 >"$TMP/out" || fail "dmap --gold -4 exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap --gold -4"
"$WS" dmap --gold=-4 "$TMP/small.txt" >"$TMP/out" || fail "dmap --gold=-4 exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap --gold=-4 (option first)"
# Safety: hero distances 0..6 scale to 0 -1 -2 -3 -4 -6 -7, then relax.
cat >"$TMP/want" <<'X'
# # # # # # #
# -1 -2 -3 -4 -5 #
# -2 # # -5 -6 #
# -3 -4 -5 # -7 #
# # # -6 # # #
# . # # # # #
X
"$WS" dmap "$TMP/small.txt" --safety >"$TMP/out" || fail "dmap --safety exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap --safety"
"$WS" dmap "$TMP/small.txt" --safety --gold -40 >"$TMP/out" || fail "dmap --safety --gold exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap --safety ignores the gold"
# Two heroes are two sources.
printf '@...@\n' >"$TMP/two.txt"
echo "0 1 2 1 0" >"$TMP/want"
"$WS" dmap "$TMP/two.txt" >"$TMP/out" || fail "dmap two heroes exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap with two '@'"

# No '@' is no error: the sources are the '@' and '$' cells there are, and a
# cell no source reaches prints '.' (docs/formats.md#text-tools).
printf '#####\n#..$#\n#.#.#\n#####\n' >"$TMP/gold.txt"
cat >"$TMP/want" <<'X'
# # # # #
# -2 -3 -4 #
# -1 # -3 #
# # # # #
X
"$WS" dmap "$TMP/gold.txt" --gold -4 >"$TMP/out" || fail "dmap of gold alone exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap of a map with '$' and no '@'"
cat >"$TMP/want" <<'X'
# # # # #
# . . . #
# . # . #
# # # # #
X
"$WS" dmap "$TMP/gold.txt" --safety >"$TMP/out" || fail "dmap --safety without '@' exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap --safety without '@': every cell unreached"
printf '###\n#.#\n###\n' >"$TMP/nohero.txt"
printf '# # #\n# . #\n# # #\n' >"$TMP/want"
"$WS" dmap "$TMP/nohero.txt" >"$TMP/out" || fail "dmap without a source exited $?"
diff -u "$TMP/want" "$TMP/out" || fail "dmap without a source: every cell unreached"

# ---- bad input: one line, exit 2 ---------------------------------------------
expect_usage_error "missing|no such" "$WS" dmap "$TMP/missing.txt"
expect_usage_error "gold" "$WS" dmap "$TMP/small.txt" --gold x
expect_usage_error "gold" "$WS" dmap "$TMP/small.txt" --gold
expect_usage_error "gold" "$WS" dmap "$TMP/small.txt" --gold 99999999999
expect_usage_error "unknown option" "$WS" dmap "$TMP/small.txt" --flee
expect_usage_error "usage" "$WS" dmap "$TMP/small.txt" "$TMP/small.txt"
expect_usage_error "usage" "$WS" dmap
printf '#\x01#\n' >"$TMP/binary.txt"
expect_usage_error "binary.txt" "$WS" dmap "$TMP/binary.txt"

printf 'enemy 8 3 sleep 16\nturn 4 4 0\n' >"$TMP/short.script"
expect_usage_error "short.script: line 2" "$WS" fsm "$DATA/level.txt" "$TMP/short.script"
printf 'enemy 8 3 dance 16\n' >"$TMP/state.script"
expect_usage_error "unknown state 'dance'" "$WS" fsm "$DATA/level.txt" "$TMP/state.script"
printf 'enemy 7 3 sleep 16\n' >"$TMP/wall.script"
expect_usage_error "on a wall" "$WS" fsm "$DATA/level.txt" "$TMP/wall.script"
printf 'enemy 16 3 sleep 16\n' >"$TMP/out.script"
expect_usage_error "outside" "$WS" fsm "$DATA/level.txt" "$TMP/out.script"
printf 'enemy 8 3 sleep 16\nturn 0 0 0 0\n' >"$TMP/herowall.script"
expect_usage_error "hero \(0, 0\) is on a wall" "$WS" fsm "$DATA/level.txt" "$TMP/herowall.script"
printf 'enemy 8 3 sleep 16\nturn 4 4 0 5\n' >"$TMP/hidden.script"
expect_usage_error "HIDDEN" "$WS" fsm "$DATA/level.txt" "$TMP/hidden.script"
: >"$TMP/empty.script"
expect_usage_error "empty.script" "$WS" fsm "$DATA/level.txt" "$TMP/empty.script"
expect_usage_error "missing|no such" "$WS" fsm "$DATA/level.txt" "$TMP/none.script"
expect_usage_error "missing|no such" "$WS" fsm "$TMP/none.txt" "$DATA/chase.script"
expect_usage_error "usage" "$WS" fsm "$DATA/level.txt"

# ---- headless arena ------------------------------------------------------------
"$WS" arena --headless --ticks 50 --seed 3 >"$TMP/out" 2>"$TMP/err" || fail "arena default map exited $?"
grep -q '^arena: ticks 50, monsters 9 ' "$TMP/out" || fail "arena summary: $(cat "$TMP/out")"
"$WS" arena --headless --ticks 40 --seed 3 --json --generate 64x48 --monsters 100 >"$TMP/json" ||
    fail "arena --json exited $?"
for key in ticks monsters map_recomputes tick_us_mean hero_alive gold_collected; do
    grep -q "\"$key\":" "$TMP/json" || fail "JSON summary lacks $key: $(cat "$TMP/json")"
done
grep -q '"ticks":40,"monsters":100,' "$TMP/json" || fail "JSON counts: $(cat "$TMP/json")"
hash() { grep -o '"hash":"[0-9a-f]*"' "$1"; }
"$WS" arena --headless --ticks 40 --seed 3 --json --generate 64x48 --monsters 100 --naive >"$TMP/naive" ||
    fail "arena --naive exited $?"
[ "$(hash "$TMP/json")" = "$(hash "$TMP/naive")" ] || fail "naive and shared runs differ"
grep -q '"naive":true' "$TMP/naive" || fail "naive flag not reported"
# The default map is found next to the binary from any directory.
(cd "$TMP" && "$WS" arena --headless --ticks 5 --seed 1 >"$TMP/out" 2>&1) || fail "default map from another directory: $(cat "$TMP/out")"
"$WS" arena --headless --ticks 5 --seed 1 --map "$DATA/level.txt" >"$TMP/out" 2>&1
[ $? -eq 2 ] || fail "a map without '@' should be refused"

expect_usage_error "missing|no such" "$WS" arena --headless --map "$TMP/none.txt"
expect_usage_error "combined" "$WS" arena --headless --map "$TMP/small.txt" --generate 20x20
expect_usage_error "generate" "$WS" arena --headless --generate 600x600
expect_usage_error "generate" "$WS" arena --headless --generate 4x4
expect_usage_error "free cells" "$WS" arena --headless --map "$TMP/small.txt" --monsters 50
expect_usage_error "exactly one '@'" "$WS" arena --headless --map "$TMP/two.txt"
expect_usage_error "ticks" "$WS" arena --headless --ticks 0
# A character that is no arena cell is an error naming line and column (docs/arena.md#maps).
printf '#####\n#@ .#\n#####\n' >"$TMP/space.txt"
expect_usage_error "space.txt: line 2, column 3: ' ' is not an arena map character" \
    "$WS" arena --headless --ticks 5 --map "$TMP/space.txt"
# Odd but valid maps run: the hero alone on one cell, no monsters, unreachable gold.
printf '@\n' >"$TMP/one.txt"
printf '#####\n#@#$#\n#####\n' >"$TMP/walled.txt"
for m in one walled; do
    "$WS" arena --headless --ticks 30 --seed 2 --map "$TMP/$m.txt" >"$TMP/out" 2>&1 ||
        fail "arena on $m.txt exited $?: $(cat "$TMP/out")"
    grep -q "^arena: ticks 30, monsters 0 (0 alive), .*gold_collected 0, " "$TMP/out" ||
        fail "arena on $m.txt: $(cat "$TMP/out")"
done
expect_usage_error "--layer: unknown layer 'treasure'" "$WS" arena --headless --ticks 5 --layer treasure
expect_usage_error "--layer: unknown layer 'treasure'" "$WS" arena --headless --ticks 5 --arena-map treasure
expect_usage_error "unknown option|not an option|arena" "$WS" arena --headless --hunter sampler

# ---- the window view, offscreen (no display needed) ----------------------------
for m in hero safety desire; do
    # --arena-map: the old name of --layer, still accepted
    opt=--layer
    [ "$m" = safety ] && opt=--arena-map
    if SDL_VIDEODRIVER=dummy "$WS" arena --screenshot "$TMP/arena-$m.png" --frames 20 --seed 1 \
        "$opt" "$m" --overlay heatmap,numbers,path,hud >"$TMP/out" 2>&1; then
        [ "$(head -c 4 "$TMP/arena-$m.png" | od -An -c | tr -d ' ')" = "211PNG" ] ||
            fail "arena --screenshot ($m) did not write a PNG"
    elif ! grep -q "has no window" "$TMP/out"; then
        fail "arena --screenshot ($m) failed: $(cat "$TMP/out")"
    fi
done
expect_status 2 env SDL_VIDEODRIVER=dummy "$WS" arena --screenshot "$TMP/x.png" --layer nope
# A binary without its assets/ folder, run from another directory: the
# default map is named with where it was looked for (it was "map file
# 'assets/maps/arena.txt': No such file or directory").
mkdir "$TMP/bare" && cp "$WS" "$TMP/bare/wavesnake"
(cd "$TMP" && expect_usage_error "^wavesnake: no default arena map: assets/maps/arena.txt is neither here nor next to the wavesnake binary; give --map FILE or --generate WxH\$" \
    "$TMP/bare/wavesnake" arena --headless --ticks 2 --seed 1)
(cd "$TMP" && expect_status 0 "$TMP/bare/wavesnake" arena --headless --ticks 2 --seed 1 --generate 16x16)
finish
