#!/usr/bin/env bash
# replay and engines (offscreen, docs/engines.md): a trace names an engine,
# it never runs one; `replay FILE --policy engine:CMD` asks that engine at
# the tick shown, after a fresh `game` block, and shows its answer.
#   - a headless game of tests/engines/told.py writes a trace (and told's log);
#   - `replay --screenshot` of it starts no program (no second log appears);
#   - `replay --tick 7 --policy engine:told.py LOG2 --screenshot`: LOG2 holds
#     a game block and told's answer for tick 7, the same line as the first
#     log's (the same state, the same answer); stdout says the info shown is
#     the engine's.
# Usage: replay_engine.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
BIN=$(readlink -f "$1")
ENGINES=$(cd "$(dirname "$0")/../engines" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export SDL_VIDEODRIVER=dummy SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0

"$BIN" snake --headless --games 1 --size 8x8 --seed 9 \
  --policy "engine:python3 $ENGINES/told.py $tmp/log1" --trace trace.txt >/dev/null ||
  fail "the headless game with told.py failed"
[ -s log1 ] || fail "told.py wrote no log"

"$BIN" replay trace.txt --tick 7 --window 640x360 --screenshot plain.png >plain.out 2>plain.err ||
  fail "replay --screenshot failed: $(cat plain.err)"
[ -e log2 ] && fail "a plain replay started a program"
grep -q "greedy's overlays" plain.out || fail "a plain replay does not say greedy's overlays: $(cat plain.out)"

"$BIN" replay trace.txt --tick 7 --window 640x360 \
  --policy "engine:python3 $ENGINES/told.py $tmp/log2" --screenshot eng.png >eng.out 2>eng.err ||
  fail "replay --policy engine:told.py failed: $(cat eng.err)"
[ -s eng.png ] || fail "no screenshot"
grep -q "shown: the engine's info" eng.out || fail "stdout does not say the engine's info: $(cat eng.out)"
head -n 1 log2 | grep -q '^game 9$' || fail "the engine's first lines were not a game block: $(head -3 log2)"
want=$(grep '^7 ' log1 | head -n 1)
got=$(grep '^7 ' log2 | head -n 1)
echo "tick 7: headless \"$want\", replay \"$got\""
[ -n "$want" ] && [ "$want" = "$got" ] || fail "tick 7 told differently: \"$want\" vs \"$got\""
exit $((fails > 0))
