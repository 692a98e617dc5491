#!/usr/bin/env bash
# A real window under Xvfb, driven by real key presses (xdotool):
#   - the board moves while running, and Space freezes it (identical captures);
#   - W visibly toggles the wave overlay, F1 the help overlay (and back);
#   - time travel: ',' five times shows another picture, '.' five times
#     then gives exactly the picture from before (board, overlays, HUD,
#     timeline); a click at the timeline's left end shows tick 0, End comes back;
#   - a click on the board puts a wall there and the wave changes behind
#     it; a second click takes it away and the wave is as before;
#   - S writes a PNG into the working directory and prints its path;
#   - F then F under a window manager (openbox, when installed) fills the
#     screen and comes back to the window's own size;
#   - Q quits with status 0.
# Skipped (exit 77) only when xvfb-run is not installed.
# Usage: window_xvfb.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
. "$(dirname "$0")/xvfb_lib.sh"
xvfb_test window_xvfb "$1" xdotool import compare convert <<'INNER'
start_window "$BIN" --size 12x12 --seed 11 --speed 20 --window 1024x640

shot run1.png
shot run2.png 0.8
expect_changed "running, 0.8 s apart" run1.png run2.png

xdotool key space
shot pause1.png
shot pause2.png 1.0
expect_same "paused, 1 s apart (Space freezes the board)" pause1.png pause2.png

xdotool key w
shot wave_off.png
expect_changed "W (wave off)" pause2.png wave_off.png 500
xdotool key w
shot wave_on.png
expect_same "W again (wave on)" pause2.png wave_on.png

xdotool key F1
shot help_on.png
expect_changed "F1 (help on)" pause2.png help_on.png 20000
xdotool key F1
shot help_off.png
expect_same "F1 again (help off)" pause2.png help_off.png

five_back_five_forward pause2.png
# The timeline: 1024x640 puts it at y 640-12-21 .. 640-12 (layout_frame), x from 12.
xdotool mousemove --window "$wid" 14 617 click 1
shot tick0.png
expect_changed "a click on the timeline's left end" pause2.png tick0.png
# Off the timeline first: the pointer over it labels the tick under it.
xdotool mousemove --window "$wid" 900 300
xdotool key End
shot end.png
expect_same "End (back to the latest tick)" pause2.png end.png

# A wall changes the wave. Home goes to tick 0, whose board the seed fixes
# (`replay --print` of a trace of seed 11: head (3,0) heading right, food
# (3,11)); the path and the virtual snake are switched off, so only the wave
# colours the empty cells. The board is laid out as in wheel_xvfb.sh: cells
# 47 pixels, cell (0,0) at (76,36). A click on (3,5) puts a wall across the
# column below the head: the wave must change on cells (3,7)..(3,10), two
# steps further now, and the second click must give back the same colours.
xdotool key p v Home
wshot wall_before.png
xdotool mousemove --window "$wid" 240 294 click 1
wshot wall_on.png
xdotool mousemove --window "$wid" 240 294 click 1
wshot wall_off.png
xdotool mousemove --window "$wid" 900 300
column() { convert "$1" -crop 47x188+217+365 +repage "$2"; }
column wall_before.png col_before.png
column wall_on.png col_on.png
column wall_off.png col_off.png
expect_changed "a wall at (3,5): the wave below it" col_before.png col_on.png 1000
expect_same "the wall clicked away: the same wave" col_before.png col_off.png
xdotool key p v

xdotool key s
sleep 1
png=$(ls wavesnake-*.png 2>/dev/null | head -n 1)
[ -n "$png" ] && [ -s "$png" ] || fail "S wrote no wavesnake-*.png"
grep -q "^wavesnake: screenshot /.*/wavesnake-.*\.png" app.out || fail "S did not print the full path"

if command -v openbox >/dev/null; then
  openbox >wm.log 2>&1 &
  wm=$!
  sleep 1.5
  size() { xdotool getwindowgeometry "$wid" | awk '/Geometry/ {print $2}'; }
  timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
  before=$(size)
  xdotool key f
  sleep 1.5
  full=$(size)
  xdotool key f
  sleep 1.5
  after=$(size)
  echo "F: $before -> $full -> $after"
  [ "$full" = 1280x800 ] || fail "F did not fill the 1280x800 screen ($full)"
  [ "$after" = "$before" ] || fail "F twice left the window at $after, not $before"
else
  echo "openbox is not installed: F then F not checked"
fi
quit_window
[ -n "${wm:-}" ] && kill "$wm" 2>/dev/null
exit $((fails > 0))
INNER
