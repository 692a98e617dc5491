#!/usr/bin/env bash
# Tab at a past tick branches, in a real window under Xvfb with real key
# presses (xdotool; docs/replay.md, "Tab: another policy from here"):
#   - the tick before the Tab is kept as it was shown (greedy's board and
#     overlays: the same board pixels after the Tab as before it);
#   - the later ticks are dropped: '.' right after the Tab plays a new tick
#     (it does not show a kept one), and End shows another latest tick;
#   - the game goes on live with the next policy (Space: it moves).
# Skipped (exit 77) only when xvfb-run is not installed.
# Usage: tab_xvfb.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
. "$(dirname "$0")/xvfb_lib.sh"
xvfb_test tab_xvfb "$1" xdotool import convert compare <<'INNER'
# The board area at 1024x640 (layout_frame): x 12..705, y 36..601.
board() { convert "$1" -crop 693x565+12+36 +repage "$2"; }

app_start --size 12x12 --seed 11 --speed 10 --window 1024x640
away
sleep 3
xdotool key space # pause at the latest tick, about 30
wshot latest.png
for i in 1 2 3 4 5 6; do xdotool key comma; done
wshot before.png # T - 1, greedy's
xdotool key period # T
wshot at_t.png
xdotool key Tab # hamilton from T: the ticks after T are dropped
wshot tabbed.png
xdotool key comma # T - 1 again
wshot after.png
board before.png before_b.png
board after.png after_b.png
expect_same "the tick before the Tab, before and after it (board and overlays)" \
  before_b.png after_b.png
xdotool key period # T, hamilton's decision now
wshot t_again.png
board at_t.png at_t_b.png
board t_again.png t_again_b.png
expect_changed "tick T after the Tab (another policy's overlays)" at_t_b.png t_again_b.png
xdotool key period # T + 1: a new tick, hamilton's move
wshot new1.png
xdotool key End
wshot end.png
board latest.png latest_b.png
board end.png end_b.png
board new1.png new1_b.png
# The board alone: the HUD's notice of the Tab ("policy: hamilton from tick
# T") times out after 6 s of the window's clock, which a loaded machine can
# reach between these two shots.
expect_same "End right after one new tick is that tick" new1_b.png end_b.png
expect_changed "End after the Tab: not the dropped latest tick" latest_b.png end_b.png
xdotool key space
wshot live1.png 1.0
wshot live2.png 1.0
expect_changed "Space after the Tab: the game goes on live" live1.png live2.png
app_quit
exit $((fails > 0))
INNER
