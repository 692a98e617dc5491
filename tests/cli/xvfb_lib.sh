# Helpers for the window tests under Xvfb (window_xvfb.sh, replay_window.sh):
# `source xvfb_lib.sh` inside the script xvfb-run runs. Checks print what they
# measured; `fails` counts the failed ones.
set -u
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# The software renderer, no GL and no D-Bus: clean under ASan (TOOLCHAIN.md).
export SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
export DBUS_SESSION_BUS_ADDRESS=disabled:

# start_window CMD...: runs CMD (stdout app.out, stderr app.err) and waits for
# its window; sets pid and wid, or exits 1 when no window appears.
start_window() {
  "$@" >app.out 2>app.err &
  pid=$!
  wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^wavesnake' | head -n 1)
  if [ -z "$wid" ]; then
    echo "FAIL: no wavesnake window appeared; stderr: $(cat app.err)"
    kill "$pid" 2>/dev/null
    exit 1
  fi
  timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
  sleep 1
}

# shot FILE [DELAY]: captures the screen after DELAY seconds (default 0.6).
shot() { sleep "${2:-0.6}"; import -window root "$1"; }
# ae A B: how many pixels differ.
ae() { compare -metric AE "$1" "$2" null: 2>&1 | awk '{print int($1)}'; }

# expect_same WHAT A B: A and B must be the same picture.
expect_same() {
  local d
  d=$(ae "$2" "$3")
  echo "$1: $d pixels differ"
  [ "$d" -eq 0 ] || fail "$1: the picture changed ($d pixels)"
}

# expect_changed WHAT A B [MIN]: more than MIN (default 0) pixels differ.
expect_changed() {
  local d
  d=$(ae "$2" "$3")
  echo "$1: $d pixels differ"
  [ "$d" -gt "${4:-0}" ] || fail "$1: not enough change ($d pixels, expected more than ${4:-0})"
}

# five_back_five_forward REF: ',' five times must show another picture than
# REF (the screen now), '.' five times then exactly REF again.
five_back_five_forward() {
  for _ in 1 2 3 4 5; do xdotool key comma; done
  shot back5.png
  expect_changed "',' five times" "$1" back5.png
  for _ in 1 2 3 4 5; do xdotool key period; done
  shot fwd5.png
  expect_same "',' five times then '.' five times" "$1" fwd5.png
}

# quit_window: Q must end the program with status 0 within 10 s.
quit_window() {
  xdotool key q
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then
    fail "Q did not quit"
    kill "$pid"
  fi
  wait "$pid"
  local rc=$?
  echo "exit status after Q: $rc"
  [ "$rc" -eq 0 ] || fail "Q quit with status $rc; stderr: $(cat app.err)"
}
