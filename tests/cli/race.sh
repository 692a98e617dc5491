#!/usr/bin/env bash
# The race (--race P1,P2): bad values and boards a named policy cannot play
# are exit 2 with one line; a headless race prints a line per heat and a
# table whose figures are exactly those of two single-policy headless runs
# with the same seeds, and --trace a trace per side equal to those runs'; `--screenshot` of a race draws two boards (two heads,
# two foods) side by side at 1280x720 and at 800x600, stacked in a tall
# window; two engines of one name race as engine:NAME and engine:NAME#2.
# Usage: race.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
WS=$1
DATA=$2
. "$(dirname "$0")/lib.sh"
for tool in convert identify; do
  command -v "$tool" >/dev/null || { echo "FAIL: ImageMagick's $tool is missing (make deps)"; exit 1; }
done

# ---- bad values: exit 2, one line --------------------------------------------
expect_usage_error "expected two policies" "$WS" snake --race greedy --headless
expect_usage_error "expected two policies" "$WS" snake --race greedy, --headless
expect_usage_error "expected two policies" "$WS" snake --race ,perfect --headless
expect_usage_error "expected two policies" "$WS" snake --race greedy,perfect,hamilton --headless
expect_usage_error "unknown policy 'fast'" "$WS" snake --race greedy,fast --headless
expect_usage_error "unknown policy" "$WS" snake --race "$(printf 'x%.0s' {1..80}),greedy" --headless
expect_usage_error "missing|needs a value|expects a value" "$WS" snake --race
expect_usage_error "race.*(not|does not|only)|snake" "$WS" sea --race greedy,perfect --headless
# A named policy the board refuses: exit 2 headless, in a window and offscreen.
expect_usage_error "hamilton.*even side|odd" "$WS" snake --race greedy,hamilton --size 5x5 --headless
expect_usage_error "perfect.*even side|odd" "$WS" snake --race perfect,greedy --size 7x5 \
  --screenshot "$TMP/never.png"
[ ! -e "$TMP/never.png" ] || fail "a refused race still wrote its screenshot"
MAPS="$(dirname "$0")/../../assets/maps/snake"
expect_usage_error "perfect.*walls" "$WS" snake --race greedy,perfect --map "$MAPS/spiral.txt" --headless
# (rooms.txt is whole 2x2 wall blocks, which perfect plays since perfect-record.)
expect_usage_error "perfect.*(walls|2x2)" "$WS" snake --race perfect,greedy --map "$MAPS/spiral.txt" \
  --screenshot "$TMP/never.png"
expect_usage_error "race plays every heat" "$WS" snake --race greedy,hamilton --headless --shard 0/2

# ---- headless: a line per heat and a table, equal to single runs -------------
"$WS" snake --race greedy,hamilton --headless --games 6 --seed 40 --size 8x8 >"$TMP/race.txt" \
  2>"$TMP/race.err" || fail "headless race exit $?: $(cat "$TMP/race.err")"
[ "$(grep -c '^heat ' "$TMP/race.txt")" -eq 6 ] || fail "expected 6 heat lines: $(cat "$TMP/race.txt")"
grep -q '^policy  *won  *dead  *stalled  *forfeit  *avg_length  *avg_steps  *heats_better$' "$TMP/race.txt" ||
  fail "no table header: $(cat "$TMP/race.txt")"
for p in greedy hamilton; do
  "$WS" snake --policy $p --headless --games 6 --seed 40 --size 8x8 >"$TMP/$p.txt" 2>/dev/null ||
    fail "single $p run failed"
  # game i seed S: won, length 64/64, steps N  ->  "p won length 64 steps N"
  sed -E 's/^game ([0-9]+) seed ([0-9]+): ([a-z]+), length ([0-9]+)\/[0-9]+, steps ([0-9]+),.*/\1 \2 '$p' \3 length \4 steps \5/;t;d' \
    "$TMP/$p.txt" >"$TMP/$p.want"
  side=$([ $p = greedy ] && echo 1 || echo 2)
  sed -E 's/^heat ([0-9]+) seed ([0-9]+): (.*) -> .*/\1 \2 \3/;t;d' "$TMP/race.txt" |
    awk -v side=$side -F' [|] ' '{ split($1, head, " "); if (side == 1) print $1; else print head[1] " " head[2] " " $2 }' \
    >"$TMP/$p.got"
  if ! diff -q "$TMP/$p.want" "$TMP/$p.got" >/dev/null; then
    fail "the race's $p games differ from a single $p run with the same seeds"
    diff "$TMP/$p.want" "$TMP/$p.got" | head -6 >&2
  fi
done
won=$(awk '$1 == "greedy" && NF == 8 {print $2}' "$TMP/race.txt")
want=$(grep -c ': won,' "$TMP/greedy.txt")
[ "$won" = "$want" ] || fail "table: greedy won '$won', single run won $want"
# On a map: both sides play its walls, as a single run with --map does.
"$WS" snake --race greedy,greedy --map "$MAPS/pillars.txt" --headless --games 2 --seed 5 \
  >"$TMP/map_race.txt" 2>/dev/null || fail "race on a map failed"
"$WS" snake --map "$MAPS/pillars.txt" --headless --games 2 --seed 5 >"$TMP/map_one.txt" 2>/dev/null ||
  fail "single run on a map failed"
want=$(sed -E 's/^game ([0-9]+) seed ([0-9]+): ([a-z]+), length ([0-9]+)\/[0-9]+, steps ([0-9]+),.*/\3 length \4 steps \5/;t;d' "$TMP/map_one.txt")
# Two sides of one name are told apart: the second is greedy#2.
got=$(sed -E 's/^heat [0-9]+ seed [0-9]+: greedy (.*) [|] greedy#2 .*/\1/;t;d' "$TMP/map_race.txt")
[ -n "$want" ] && [ "$want" = "$got" ] || fail "race on pillars: '$got', single run: '$want'"
"$WS" snake --race greedy,hamilton --headless --games 3 --seed 40 --size 8x8 --json >"$TMP/race.json" ||
  fail "--json race failed"
[ "$(grep -c '^{"heat":' "$TMP/race.json")" -eq 3 ] || fail "expected 3 JSON heats"
grep -q '^{"summary":true,"heats":3,' "$TMP/race.json" || fail "no JSON summary: $(tail -1 "$TMP/race.json")"

# ---- --trace: a trace per side, each the single run's ---------------------------
REPLAY=$3
for jobs in 1 2; do
  "$WS" snake --race greedy,hamilton --headless --games 3 --seed 40 --size 8x8 --jobs $jobs \
    --trace "$TMP/r$jobs.trace" >"$TMP/rt.out" 2>"$TMP/rt.err" || fail "race --trace: exit $?: $(cat "$TMP/rt.err")"
done
[ ! -e "$TMP/r1.trace" ] || fail "race --trace wrote the unnumbered name too"
for k in 1 2; do
  p=$([ $k = 1 ] && echo greedy || echo hamilton)
  "$WS" snake --policy $p --headless --games 3 --seed 40 --size 8x8 --trace "$TMP/single.trace" \
    >/dev/null 2>&1 || fail "single $p run with --trace failed"
  cmp -s "$TMP/single.trace" "$TMP/r1.$k.trace" || fail "side $k's trace is not the single $p run's"
  cmp -s "$TMP/r1.$k.trace" "$TMP/r2.$k.trace" || fail "side $k's trace differs with --jobs 2"
  "$WS" replay "$TMP/r1.$k.trace" --headless >/dev/null || fail "replay rejects side $k's trace"
  "$REPLAY" "$TMP/r1.$k.trace" >/dev/null || fail "ws_replay rejects side $k's trace"
done

# ---- screenshots: two boards ---------------------------------------------------
# Colours drawn by snake_draw.c: the head (255,150,45) and the food (255,70,85).
# With the overlays off (the HUD stays) each is one blob per board.
blobs() { # blobs PNG COLOUR -> how many 4-connected blobs of that exact colour
  convert "$1" -fill black +opaque "$2" -fill white -opaque "$2" \
    -define connected-components:verbose=true -define connected-components:area-threshold=4 \
    -connected-components 4 null: 2>/dev/null | grep -c 'srgb(255,255,255)'
}
shot() { # shot NAME WxH -> centres "x1 y1 x2 y2" of the two heads
  env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$WS" snake --race greedy,perfect \
    --seed 3 --overlay none --frames 40 --window "$2" --screenshot "$TMP/$1.png" >/dev/null \
    2>"$TMP/$1.err" || fail "race screenshot $2 exit $?: $(cat "$TMP/$1.err")"
  local heads foods
  heads=$(blobs "$TMP/$1.png" '#FF962D')
  foods=$(blobs "$TMP/$1.png" '#FF4655')
  echo "race screenshot $2: $heads heads, $foods foods"
  [ "$heads" -eq 2 ] || fail "race screenshot $2: $heads snake heads, expected 2"
  [ "$foods" -eq 2 ] || fail "race screenshot $2: $foods foods, expected 2"
}
shot wide 1280x720
shot small 800x600
shot tall 500x1000
# Side by side: the two heads sit at about the same height; stacked: one above the other.
centres() {
  convert "$TMP/$1.png" -fill black +opaque '#FF962D' -fill white -opaque '#FF962D' \
    -define connected-components:verbose=true -define connected-components:area-threshold=4 \
    -connected-components 4 null: 2>/dev/null |
    grep 'srgb(255,255,255)' | awk '{split($3, c, ","); printf "%d %d\n", c[1], c[2]}'
}
read -r ax ay bx by <<<"$(centres wide | tr '\n' ' ')"
[ "${bx:-0}" -gt $((${ax:-0} + 200)) ] || fail "1280x720: the boards are not side by side ($ax,$ay / $bx,$by)"
read -r ax ay bx by <<<"$(centres tall | tr '\n' ' ')"
[ "${by:-0}" -gt $((${ay:-0} + 150)) ] || fail "500x1000: the boards are not stacked ($ax,$ay / $bx,$by)"

# ---- two engines of one name in the window: told apart as headless ---------------
# The right one is engine:twin#2 on its board and in its fault line (flaky.py
# with N = 1 faults at once), never a second "engine 'twin'".
FLAKY="python3 $(dirname "$0")/../engines/flaky.py snake"
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$WS" snake \
  --race "engine:$FLAKY 1000000 twin,engine:$FLAKY 1 twin" --size 8x8 --seed 1 --frames 20 \
  --screenshot "$TMP/twins.png" >"$TMP/twins.out" 2>"$TMP/twins.err" ||
  fail "twins screenshot: exit $?: $(cat "$TMP/twins.err")"
grep -q '^wavesnake: snake 8x8, race engine:twin vs engine:twin#2, seed 1 ' "$TMP/twins.out" ||
  fail "twins: $(cat "$TMP/twins.out")"
grep -q "^wavesnake: engine 'twin#2', game 0 tick 0: an unknown line" "$TMP/twins.err" ||
  fail "twins: the fault line: $(cat "$TMP/twins.err")"
finish
