#!/usr/bin/env bash
# The windowed front end without a real display: a smoke run under SDL's
# dummy video driver (N frames, then exit 0, with frame statistics), and the
# one-line "no display" error that suggests --headless (no DISPLAY at all, or
# a DISPLAY that nobody answers).
# Usage: window_dummy.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# libdbus leaks a buffer that LeakSanitizer reports at exit (docs/reliability.md,
# "Sanitizers and the window").
export DBUS_SESSION_BUS_ADDRESS=disabled:

# 1. Smoke run: 120 frames in a (dummy) window, then a clean exit.
SDL_VIDEODRIVER=dummy SDL_FRAMEBUFFER_ACCELERATION=0 DBUS_SESSION_BUS_ADDRESS=disabled: \
  "$BIN" --frames 120 --size 12x12 --seed 1 --speed max --stats >"$tmp/o1" 2>"$tmp/e1"
rc=$?
[ $rc -eq 0 ] || fail "dummy-driver run: exit $rc: $(cat "$tmp/e1")"
grep -q 'seed 1 ' "$tmp/o1" || fail "seed not printed: $(cat "$tmp/o1")"
grep -q '^frames 120 .*median [0-9.]* ms, p99 [0-9.]* ms' "$tmp/o1" \
  || fail "--stats line missing: $(cat "$tmp/o1")"

# 2. `wavesnake snake` and plain `wavesnake` both open the window.
SDL_VIDEODRIVER=dummy SDL_FRAMEBUFFER_ACCELERATION=0 "$BIN" snake --frames 3 >/dev/null 2>&1 \
  || fail "'wavesnake snake --frames 3' failed"

# 3. No display and no --headless: exactly one line that suggests --headless, exit 1.
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$BIN" --frames 5 >"$tmp/o3" 2>"$tmp/e3"
rc=$?
[ $rc -eq 1 ] || fail "no display: exit $rc, expected 1"
[ "$(wc -l <"$tmp/e3")" -eq 1 ] || fail "no display: expected one line, got: $(cat "$tmp/e3")"
grep -q '^wavesnake: cannot open a window.*--headless' "$tmp/e3" \
  || fail "no display message: $(cat "$tmp/e3")"

# 4. A DISPLAY that nobody answers: the same one line (SDL must not fall back to
#    an invisible offscreen window and report success).
env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:987 "$BIN" --frames 5 >"$tmp/o4" 2>"$tmp/e4"
rc=$?
[ $rc -eq 1 ] || fail "dead DISPLAY: exit $rc, expected 1"
[ "$(wc -l <"$tmp/e4")" -eq 1 ] && grep -q '^wavesnake: cannot open a window.*--headless' "$tmp/e4" \
  || fail "dead DISPLAY message: $(cat "$tmp/e4")"

if [ $fails -ne 0 ]; then
  echo "window_dummy: $fails check(s) failed"
  exit 1
fi
echo "window_dummy: all checks passed"
