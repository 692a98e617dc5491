#!/usr/bin/env bash
# `wavesnake replay FILE` in the window (docs/replay.md):
#   offscreen: --tick T gives the same PNG every time and another one at T+1;
#   under Xvfb, driven by real key presses (xdotool):
#   - it opens paused (two captures a second apart are identical);
#   - ',' five times shows another picture, '.' five times restores it exactly;
#   - ']' shows the next game, '[' comes back;
#   - --stats reports the seeks; Q quits with status 0;
#   - a pipe (<(cat FILE)) opens, and ']' works on it (the file is read once);
#   - a trace cut off inside a game opens with its complete games.
# The Xvfb part is skipped (exit 77) only when xvfb-run is not installed.
# Usage: replay_window.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
BIN=$(readlink -f "$1")
LIB=$(readlink -f "$(dirname "$0")/xvfb_lib.sh")
source "$LIB" # fail, expect_same, expect_changed, xvfb_run_inner (the shared harness)
for tool in compare identify; do
  command -v "$tool" >/dev/null || { echo "FAIL: ImageMagick's $tool is missing (make deps)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# Three short games with their traces; game 1 is opened at tick 20.
"$BIN" snake --headless --games 3 --size 8x8 --seed 1 --strict-tail --trace t.txt >/dev/null \
  || { echo "FAIL: cannot write a trace"; exit 1; }

# ---- offscreen --------------------------------------------------------------
offscreen() { env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$BIN" replay t.txt "$@"; }
offscreen --game 1 --tick 20 --screenshot a.png --window 800x500 >o1 2>e1 || fail "replay --screenshot: $(cat e1)"
offscreen --game 1 --tick 20 --screenshot b.png --window 800x500 >/dev/null 2>&1
offscreen --game 1 --tick 21 --screenshot c.png --window 800x500 >/dev/null 2>&1
[ "$(identify -format '%w %h' a.png 2>/dev/null)" = "800 500" ] || fail "no 800x500 replay screenshot"
expect_same "replay --tick 20 twice" a.png b.png
expect_changed "replay --tick 20 vs --tick 21" a.png c.png
grep -q "game 1 (2 of 3), 8x8, policy greedy, tick 20 of" o1 || fail "replay did not say what it opened: $(cat o1)"

# ---- a real window under Xvfb -------------------------------------------------
if ! command -v xvfb-run >/dev/null; then
  echo "SKIP: xvfb-run is not installed"
  [ $fails -eq 0 ] || exit 1
  exit 77
fi
for tool in xdotool import; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (make deps)"; exit 1; }
done
cat >inner.sh <<'INNER'
BIN=$1
source "$2"
start_window "$BIN" replay t.txt --game 1 --tick 20 --window 1024x640 --stats

shot open1.png
shot open2.png 1.0
expect_same "opened, 1 s apart (the replay opens paused)" open1.png open2.png
five_back_five_forward open2.png
xdotool key bracketright
shot next.png
expect_changed "']' (next game)" open2.png next.png
grep -q "game 2 (3 of 3)" app.out || fail "']' did not open game 2: $(cat app.out)"
xdotool key bracketleft
sleep 0.5
grep -q "game 1 (2 of 3)" <(tail -n 1 app.out) || fail "'[' did not come back to game 1"
quit_window
grep -E "^time travel: 10 seeks" app.out || fail "--stats does not report the 10 seeks: $(cat app.out)"

# A pipe is read once: the window opens it, and ']' loads the next game from
# the bytes kept (the pipe cannot be read again).
start_window "$BIN" replay <(cat t.txt) --game 1 --tick 20 --window 1024x640
shot pipe.png
grep -q "game 1 (2 of 3)" app.out || fail "a pipe did not open game 1: $(cat app.out app.err)"
d=$(ae open1.png pipe.png) # the HUD names the file: /dev/fd/N, not t.txt
echo "a pipe vs the file: $d pixels differ (the file's name)"
[ "$d" -lt 1000 ] || fail "a pipe opens another picture than the file ($d pixels)"
xdotool key bracketright
sleep 0.8
grep -q "game 2 (3 of 3)" app.out || fail "']' in a pipe's replay did not open game 2: $(cat app.out app.err)"
quit_window

# A trace cut off inside a game (a killed run) opens with its complete games.
head -n -1 t.txt >cut.txt
start_window "$BIN" replay cut.txt --window 1024x640
grep -q "its 2 complete games open" app.err || fail "the cut trace is not told: $(cat app.err)"
grep -q "(1 of 2)\|(2 of 2)" app.out || fail "the cut trace did not open a complete game: $(cat app.out)"
quit_window
exit $((fails > 0))
INNER
xvfb_run_inner inner.sh "$BIN" || fails=$((fails + 1))
if [ $fails -ne 0 ]; then
  echo "replay_window: failed"
  exit 1
fi
echo "replay_window: all checks passed"
