#!/usr/bin/env bash
# F then F under a real window manager (openbox on Xvfb): the window goes
# fullscreen (the whole screen) and comes back to its own size (issue 14.6).
# Skipped (exit 77) when xvfb-run or openbox is not installed.
# Usage: window_fullscreen.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
BIN=$(readlink -f "$1")
for tool in xvfb-run openbox; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed"
    exit 77
  fi
done
command -v xdotool >/dev/null || { echo "FAIL: xdotool is missing (make deps)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/inner.sh" <<'INNER'
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
export DBUS_SESSION_BUS_ADDRESS=disabled:
openbox >wm.log 2>&1 &
wm=$!
sleep 1
"$BIN" --size 12x12 --seed 11 --speed 20 --window 800x500 >app.out 2>app.err &
pid=$!
wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^wavesnake' | head -n 1)
if [ -z "$wid" ]; then
  echo "FAIL: no wavesnake window appeared; stderr: $(cat app.err)"
  kill "$pid" "$wm" 2>/dev/null
  exit 1
fi
size() { xdotool getwindowgeometry "$wid" | awk '/Geometry/ {print $2}'; }
timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
sleep 1
before=$(size)
echo "window: $before"
[ "$before" = 800x500 ] || fail "the window opened at $before, not 800x500"
xdotool key f
sleep 1.5
full=$(size)
echo "after F: $full"
[ "$full" = 1280x800 ] || fail "F did not fill the 1280x800 screen ($full)"
xdotool key f
sleep 1.5
after=$(size)
echo "after F again: $after"
[ "$after" = "$before" ] || fail "F twice left the window at $after, not $before"
xdotool key q
for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && { fail "Q did not quit"; kill "$pid"; }
wait "$pid"
kill "$wm" 2>/dev/null
wait "$wm" 2>/dev/null
exit $((fails > 0))
INNER

cd "$tmp" || exit 1
if ! xvfb-run -a -s "-screen 0 1280x800x24" bash "$tmp/inner.sh" "$BIN"; then
  echo "window_fullscreen: failed"
  exit 1
fi
echo "window_fullscreen: all checks passed"
