#!/usr/bin/env bash
# An engine in a real window under Xvfb, with real key presses (xdotool):
#   - examples/engines/snake.py plays: the board moves, and its `info path`
#     is drawn (P off takes the path-coloured pixels away, P on brings them
#     back); ',' five times shows another picture, '.' five times exactly
#     the one before (what the engine said is kept per tick);
#   - an engine that stops answering (tests/engines/bad.py silent) does not
#     freeze the window: the HUD's "thinking" clock keeps changing the
#     picture, then --engine-timeout forfeits the game with one line on
#     stderr naming the engine, the game and the tick;
#   - tests/engines/told.py logs what it said: five ticks back the path it
#     named at that tick is drawn, and it is not asked again;
#   - after Q no engine process is left.
# Skipped (exit 77) only when xvfb-run is not installed.
# Usage: engine_xvfb.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
. "$(dirname "$0")/xvfb_lib.sh"
WS_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export WS_ROOT
xvfb_test engine_xvfb "$1" xdotool import compare convert pgrep <<'INNER'
# A word of its own in each command line finds its processes (and no one
# else's: a whole word, so run 1234's mark is not a part of run 12345's).
mark="wsxvfb$$"
mark_re="(^|[^[:alnum:]_])$mark([^[:alnum:]_]|\$)"
gone() { # gone WHAT: no process of ours is left
  sleep 0.5
  if pgrep -f "$mark_re" >/dev/null; then
    fail "$1: engine processes left: $(pgrep -af "$mark_re")"
  fi
}
# Pixels of the path's colour (near white) on the board (left of the HUD).
white() {
  convert "$1" -crop 700x560+0+36 +repage -fill black -fuzz 4% +opaque '#F5F5FA' \
    -format '%[fx:int(mean*w*h+0.5)]' info:
}

start_window "$BIN" --size 12x12 --seed 11 --speed 20 --window 1024x640 \
  --policy "engine:python3 $WS_ROOT/examples/engines/snake.py $mark"
shot run1.png
shot run2.png 0.8
expect_changed "snake.py plays, 0.8 s apart" run1.png run2.png
xdotool key space
shot p_on.png 1.0
xdotool key p
shot p_off.png
on=$(white p_on.png) off=$(white p_off.png)
echo "path-coloured pixels: P on $on, P off $off"
[ "$on" -gt $((off + 50)) ] || fail "the engine's path is not drawn (P on $on, off $off pixels)"
xdotool key p
shot p_again.png
expect_same "P again: the same path" p_on.png p_again.png
five_back_five_forward p_on.png
grep -q "policy engine:snake.py" app.out || fail "stdout does not name the engine: $(cat app.out)"
quit_window
gone "snake.py after Q"

# told.py logs each answer ("T x0 y0 x1 y1 D": its path from the head):
# five ticks back the window draws the path it named at that tick, from
# what it kept, and the engine is not asked again (its log does not grow).
# 1024x640, 12x12: cells of 47 pixels, cell (0,0) at (76,36) (wheel_xvfb.sh).
start_window "$BIN" --size 12x12 --seed 11 --speed 10 --window 1024x640 \
  --policy "engine:python3 $WS_ROOT/tests/engines/told.py $PWD/told.log $mark"
sleep 1
xdotool key space
sleep 1
last=$(grep -v '^game' told.log | tail -n 1 | cut -d' ' -f1)
lines=$(wc -l <told.log)
for _ in 1 2 3 4 5; do xdotool key comma; done
sleep 1
import -window "$wid" told_back.png
[ "$(wc -l <told.log)" -eq "$lines" ] || fail "a step back asked the engine again"
read -r t x0 y0 x1 y1 d < <(grep "^$((last - 5)) " told.log | tail -n 1)
mx=$((76 + (x0 + x1) * 47 / 2 + 23)) my=$((36 + (y0 + y1) * 47 / 2 + 23))
px=$(convert told_back.png -format '%[fx:int(255*min(min(p{'"$mx,$my"'}.r,p{'"$mx,$my"'}.g),p{'"$mx,$my"'}.b))]' info:)
echo "tick $t: told path ($x0,$y0)->($x1,$y1) $d; pixel at ($mx,$my): min channel $px"
[ -n "$t" ] && [ "$px" -ge 225 ] || fail "tick $((last - 5)): the path told there is not drawn (pixel $px)"
quit_window
gone "told.py after Q"

start_window "$BIN" --size 12x12 --seed 11 --speed 20 --window 1024x640 \
  --engine-timeout 8000 --policy "engine:python3 $WS_ROOT/tests/engines/bad.py silent $mark"
shot wait1.png 0.2
shot wait2.png 1.2
expect_changed "waiting on a silent engine, the frames go on (the thinking clock)" wait1.png wait2.png
grep -q "no answer" app.err && fail "a fault before the timeout: $(cat app.err)"
for _ in $(seq 1 60); do grep -q "no answer" app.err && break; sleep 0.5; done
grep -q "wavesnake: engine 'python3', game 0 tick 1: no answer within 8000 ms" app.err ||
  fail "no fault line after the timeout; stderr: $(cat app.err)"
[ "$(grep -c 'no answer' app.err)" -eq 1 ] || fail "the fault line is not said once: $(cat app.err)"
quit_window
gone "bad.py silent after Q"
exit $((fails > 0))
INNER
