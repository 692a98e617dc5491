# Shared harness for the window tests under Xvfb: `. xvfb_lib.sh`, then
# `xvfb_test NAME BIN TOOLS... <<'INNER' ... INNER`. The inner script runs
# under `xvfb-run` in a fresh temporary directory with:
#   BIN          the wavesnake binary (absolute)
#   fail MSG     records a failed check (the inner script ends with `exit $((fails > 0))`)
#   app_start ARGS...  starts BIN ARGS (stdout app.out, stderr app.err), waits
#                for its window and focuses it: sets $pid and $wid
#   app_quit     presses Q and checks that the program quits with status 0
#                and no sanitizer report
# The software renderer, no GL and no D-Bus: clean under ASan (TOOLCHAIN.md).
# Skips (exit 77) only when xvfb-run is not installed; a missing TOOL fails.

xvfb_test() {
  local name=$1 bin
  bin=$(readlink -f "$2")
  shift 2
  if ! command -v xvfb-run >/dev/null; then
    echo "SKIP: xvfb-run is not installed"
    exit 77
  fi
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (make deps)"; exit 1; }
  done
  local tmp
  tmp=$(mktemp -d)
  # The prelude, then the caller's script from stdin.
  cat >"$tmp/inner.sh" <<'PRELUDE'
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
export DBUS_SESSION_BUS_ADDRESS=disabled:
app_start() {
  "$BIN" "$@" >app.out 2>app.err &
  pid=$!
  wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^wavesnake' | head -n 1)
  if [ -z "$wid" ]; then
    echo "FAIL: no wavesnake window appeared; stderr: $(cat app.err)"
    kill "$pid" 2>/dev/null
    exit 1
  fi
  timeout 10 xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
}
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
PRELUDE
  cat >>"$tmp/inner.sh"
  local rc
  (cd "$tmp" && xvfb-run -a -s "-screen 0 1280x800x24" bash "$tmp/inner.sh" "$bin")
  rc=$?
  rm -rf "$tmp"
  if [ $rc -ne 0 ]; then
    echo "$name: failed"
    exit 1
  fi
  echo "$name: all checks passed"
}
