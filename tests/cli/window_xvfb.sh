#!/usr/bin/env bash
# A real window under Xvfb, driven by real key presses (xdotool):
#   - the board moves while running, and Space freezes it (identical captures);
#   - W visibly toggles the wave overlay, F1 the help overlay (and back);
#   - S writes a PNG into the working directory and prints its path;
#   - Q quits with status 0.
# Skipped (exit 77) only when xvfb-run is not installed.
# Usage: window_xvfb.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
. "$(dirname "$0")/xvfb_lib.sh"
xvfb_test window_xvfb "$1" xdotool import compare <<'INNER'
app_start --size 12x12 --seed 11 --speed 20 --window 1024x640
sleep 1
shot() { sleep "${2:-0.6}"; import -window root "$1"; }
ae() { compare -metric AE "$1" "$2" null: 2>&1 | awk '{print int($1)}'; }

shot run1.png
shot run2.png 0.8
d=$(ae run1.png run2.png); echo "running, 0.8 s apart: $d pixels differ"
[ "$d" -gt 0 ] || fail "the board does not move while running"

xdotool key space
shot pause1.png
shot pause2.png 1.0
d=$(ae pause1.png pause2.png); echo "paused, 1 s apart: $d pixels differ"
[ "$d" -eq 0 ] || fail "Space does not freeze the board ($d pixels changed)"

xdotool key w
shot wave_off.png
d=$(ae pause2.png wave_off.png); echo "W (wave off): $d pixels differ"
[ "$d" -gt 500 ] || fail "W does not visibly toggle the wave overlay ($d pixels)"
xdotool key w
shot wave_on.png
d=$(ae pause2.png wave_on.png); echo "W again (wave on): $d pixels differ from before"
[ "$d" -eq 0 ] || fail "W twice does not restore the picture ($d pixels)"

xdotool key F1
shot help_on.png
d=$(ae pause2.png help_on.png); echo "F1 (help on): $d pixels differ"
[ "$d" -gt 20000 ] || fail "F1 does not visibly show the help overlay ($d pixels)"
xdotool key F1
shot help_off.png
d=$(ae pause2.png help_off.png); echo "F1 again (help off): $d pixels differ from before"
[ "$d" -eq 0 ] || fail "F1 twice does not close the help ($d pixels)"

xdotool key s
sleep 1
png=$(ls wavesnake-*.png 2>/dev/null | head -n 1)
[ -n "$png" ] && [ -s "$png" ] || fail "S wrote no wavesnake-*.png"
grep -q "^wavesnake: screenshot wavesnake-.*\.png" app.out || fail "S did not print the path"

app_quit
exit $((fails > 0))
INNER
