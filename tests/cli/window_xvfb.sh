#!/usr/bin/env bash
# A real window under Xvfb, driven by real key presses (xdotool):
#   - the board moves while running, and Space freezes it (identical captures);
#   - W visibly toggles the wave overlay, F1 the help overlay (and back);
#   - time travel: ',' five times shows another picture, '.' five times
#     then gives exactly the picture from before (board, overlays, HUD,
#     timeline); a click at the timeline's left end shows tick 0, End comes back;
#   - S writes a PNG into the working directory and prints its path;
#   - Q quits with status 0.
# Skipped (exit 77) only when xvfb-run is not installed.
# Usage: window_xvfb.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
BIN=$(readlink -f "$1")
if ! command -v xvfb-run >/dev/null; then
  echo "SKIP: xvfb-run is not installed"
  exit 77
fi
for tool in xdotool import compare; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (make deps)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/inner.sh" <<'INNER'
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# The software renderer, no GL and no D-Bus: clean under ASan (TOOLCHAIN.md).
export SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
export DBUS_SESSION_BUS_ADDRESS=disabled:
"$BIN" --size 12x12 --seed 11 --speed 20 --window 1024x640 >app.out 2>app.err &
pid=$!
wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^wavesnake' | head -n 1)
if [ -z "$wid" ]; then
  echo "FAIL: no wavesnake window appeared; stderr: $(cat app.err)"
  kill "$pid" 2>/dev/null
  exit 1
fi
timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
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

for _ in 1 2 3 4 5; do xdotool key comma; done
shot back5.png
d=$(ae pause2.png back5.png); echo "',' five times: $d pixels differ"
[ "$d" -gt 0 ] || fail "',' five times does not change the picture"
for _ in 1 2 3 4 5; do xdotool key period; done
shot fwd5.png
d=$(ae pause2.png fwd5.png); echo "',' five times then '.' five times: $d pixels differ from before"
[ "$d" -eq 0 ] || fail "five ticks back and five forward do not restore the picture ($d pixels)"
# The timeline: 1024x640 puts it at y 640-12-21 .. 640-12 (layout_frame), x from 12.
xdotool mousemove --window "$wid" 14 617 click 1
shot tick0.png
d=$(ae pause2.png tick0.png); echo "click on the timeline's left end: $d pixels differ"
[ "$d" -gt 0 ] || fail "a click on the timeline does not seek"
xdotool key End
shot end.png
d=$(ae pause2.png end.png); echo "End: $d pixels differ from before"
[ "$d" -eq 0 ] || fail "End does not come back to the latest tick ($d pixels)"
xdotool mousemove --window "$wid" 900 300

xdotool key s
sleep 1
png=$(ls wavesnake-*.png 2>/dev/null | head -n 1)
[ -n "$png" ] && [ -s "$png" ] || fail "S wrote no wavesnake-*.png"
grep -q "^wavesnake: screenshot wavesnake-.*\.png" app.out || fail "S did not print the path"

xdotool key q
for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
if kill -0 "$pid" 2>/dev/null; then
  fail "Q did not quit"
  kill "$pid"
fi
wait "$pid"
rc=$?
echo "exit status after Q: $rc"
[ "$rc" -eq 0 ] || fail "Q quit with status $rc; stderr: $(cat app.err)"
exit $((fails > 0))
INNER

cd "$tmp" || exit 1
xvfb-run -a -s "-screen 0 1280x800x24" bash "$tmp/inner.sh" "$BIN"
rc=$?
if [ $rc -ne 0 ]; then
  echo "window_xvfb: failed"
  exit 1
fi
echo "window_xvfb: all checks passed"
