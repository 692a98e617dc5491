# The one harness of the window tests under Xvfb (window_xvfb.sh,
# replay_window.sh, wheel_xvfb.sh). Two ways to use it:
#
#   . xvfb_lib.sh
#   xvfb_test NAME BIN TOOLS... <<'INNER'
#   ...checks...
#   INNER
#
# runs the inner script under `xvfb-run` in a fresh temporary directory
# (skips with exit 77 only when xvfb-run is not installed; a missing TOOL
# fails), with this file sourced and BIN set to the wavesnake binary
# (absolute); the inner script ends with `exit $((fails > 0))`. A script
# that has more to do than the Xvfb part (replay_window.sh: offscreen checks
# first, its own temporary files) sources this file itself and calls
# xvfb_run_inner on an inner script of its own.
#
# Helpers (defined by sourcing):
#   fail MSG              records a failed check ($fails counts them)
#   app_start ARGS...     starts BIN ARGS (stdout app.out, stderr app.err), waits
#                         for its window and focuses it: sets $pid and $wid
#   start_window CMD...   the same for a whole command line, then waits 1 s
#   app_quit, quit_window presses Q and checks that the program quits with
#                         status 0 and no sanitizer report
#   shot FILE [DELAY]     captures the screen after DELAY s (default 0.6)
#   wshot FILE [DELAY]    the same for the window alone
#   away                  moves the pointer off the window
#   ae A B                how many pixels differ
#   expect_same WHAT A B, expect_changed WHAT A B [MIN]
#   five_back_five_forward REF   ',' x5 changes the picture, '.' x5 gives REF again
# The software renderer, no GL and no D-Bus: clean under ASan (docs/reliability.md,
# "Sanitizers and the window").
set -u
XVFB_LIB=$(readlink -f "${BASH_SOURCE[0]}")
fails=${fails:-0}
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
export DBUS_SESSION_BUS_ADDRESS=disabled:

# ---- inside Xvfb ----------------------------------------------------------

# launch_window CMD...: runs CMD (stdout app.out, stderr app.err) and waits for
# its window; sets pid and wid, or exits 1 when no window appears.
launch_window() {
  "$@" >app.out 2>app.err &
  pid=$!
  wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^wavesnake' | head -n 1)
  if [ -z "$wid" ]; then
    echo "FAIL: no wavesnake window appeared; stderr: $(cat app.err)"
    kill "$pid" 2>/dev/null
    exit 1
  fi
  timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
}
app_start() { launch_window "$BIN" "$@"; }
start_window() {
  launch_window "$@"
  sleep 1
}

# app_quit: Q must end the program with status 0 within 10 s, and stderr
# must hold no sanitizer report.
app_quit() {
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
  if grep -qiE 'sanitizer|runtime error' app.err; then
    fail "sanitizer report: $(head -5 app.err)"
  fi
}
quit_window() { app_quit; }

# shot FILE [DELAY]: captures the screen after DELAY seconds (default 0.6).
shot() { sleep "${2:-0.6}"; import -window root "$1"; }
# wshot FILE [DELAY]: the same for the window ($wid) alone.
wshot() { sleep "${2:-0.6}"; import -window "$wid" "$1"; }
# away: the pointer off the window, so no tick is hovered on the timeline.
away() { xdotool mousemove 0 0; }
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

# ---- outside: starting Xvfb -----------------------------------------------

# xvfb_need TOOLS...: skips (exit 77) without xvfb-run, fails without a TOOL.
xvfb_need() {
  if ! command -v xvfb-run >/dev/null; then
    echo "SKIP: xvfb-run is not installed"
    exit 77
  fi
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (make deps)"; exit 1; }
  done
}

# xvfb_run_inner SCRIPT BIN: runs SCRIPT (which sources this file first, as
# xvfb_test's prelude does) under xvfb-run in the current directory, with
# $1 = BIN and $2 = this file. Returns its status.
xvfb_run_inner() {
  xvfb-run -a -s "-screen 0 1280x800x24" bash "$1" "$2" "$XVFB_LIB"
}

# xvfb_test NAME BIN TOOLS... < INNER: above.
xvfb_test() {
  local name=$1 bin
  bin=$(readlink -f "$2")
  shift 2
  xvfb_need "$@"
  local tmp rc
  tmp=$(mktemp -d)
  # The prelude, then the caller's script from stdin.
  printf '%s\n' 'BIN=$1' 'source "$2"' >"$tmp/inner.sh"
  cat >>"$tmp/inner.sh"
  (cd "$tmp" && xvfb_run_inner "$tmp/inner.sh" "$bin")
  rc=$?
  rm -rf "$tmp"
  if [ $rc -ne 0 ]; then
    echo "$name: failed"
    exit 1
  fi
  echo "$name: all checks passed"
}
