#!/usr/bin/env bash
# --record FILE.gif: an animated GIF of the frames shown. Offscreen (no
# display) it must decode with one frame per reported frame, all on a
# 1280x720 canvas, loop forever, last as long as the run, end on the
# screenshot's picture, and keep the program's colours exactly. A bad path is
# one line and exit 2, and so is a full disk; --headless refuses
# it; a (dummy) window records too.
# Usage: record.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"
for tool in convert identify compare; do
  command -v "$tool" >/dev/null || { echo "FAIL: ImageMagick's $tool is missing (make deps)"; exit 1; }
done
run() { env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$WS" "$@"; }
# (grep reads all its input: under lib.sh's pipefail, grep -q would fail the pipe.)
has_color() { convert "$1" -format %c histogram:info:- | grep -i "$2" >/dev/null; }

# 1. The offscreen recording: 60 frames of 16 ms.
run snake --screenshot "$TMP/x.png" --frames 60 --record "$TMP/x.gif" --size 10x10 --seed 3 \
  >"$TMP/o1" 2>"$TMP/e1"
rc=$?
[ $rc -eq 0 ] || fail "--record exit $rc: $(cat "$TMP/e1")"
[ -s "$TMP/e1" ] && fail "unexpected stderr: $(cat "$TMP/e1")"
line=$(grep "^wavesnake: recorded $TMP/x.gif: " "$TMP/o1")
[ -n "$line" ] || fail "no 'recorded' line: $(cat "$TMP/o1")"
said=$(sed -n 's/.*x\.gif: \([0-9]*\) frames.*/\1/p' <<<"$line")
echo "program: $line"
identify "$TMP/x.gif" >"$TMP/frames" 2>"$TMP/ie" || fail "identify cannot read the GIF: $(cat "$TMP/ie")"
got=$(wc -l <"$TMP/frames")
echo "identify: $got frames"
[ -n "$said" ] && [ "$got" -eq "$said" ] || fail "identify lists $got frames, the program said '$said'"
# 60 frames at 16 ms, at most 25 GIF frames a second: 2 .. 25 frames.
[ "$got" -ge 2 ] && [ "$got" -le 25 ] || fail "$got frames for 60 frames of 16 ms (expected 2..25)"
canvases=$(identify -format '%W %H\n' "$TMP/x.gif" | sort -u)
[ "$canvases" = "1280 720" ] || fail "canvas sizes: '$canvases', expected '1280 720' only"
first=$(identify -format '%w %h' "$TMP/x.gif[0]")
[ "$first" = "1280 720" ] || fail "the first frame is '$first', expected the whole 1280 720"
smaller=$(identify -format '%w %h\n' "$TMP/x.gif" | tail -n +2 | grep -vc '^1280 720$')
[ "$smaller" -ge 1 ] || fail "no frame covers only the changed rectangle"
identify -verbose "$TMP/x.gif[0]" | grep 'Iterations: 0' >/dev/null || fail "the GIF does not loop forever"
cs=$(identify -format '%T\n' "$TMP/x.gif" | awk '{s += $1} END {print s}')
echo "delays add up to $cs cs"
# 60 frames of 16 ms = 0.96 s, the last one shown 40 ms: about 98 cs.
[ "$cs" -ge 94 ] && [ "$cs" -le 102 ] || fail "delays add up to $cs cs, expected about 98"
# The last frame is the screenshot's picture, with the program's colours intact.
convert "$TMP/x.gif" -coalesce "$TMP/co_%03d.png"
last=$(ls "$TMP"/co_*.png | tail -n 1)
psnr=$(compare -metric PSNR "$last" "$TMP/x.png" null: 2>&1 | awk '{print int($1)}')
echo "last frame vs the PNG: PSNR $psnr dB"
[ "$psnr" -ge 40 ] || fail "the last GIF frame differs from the screenshot (PSNR $psnr dB)"
for c in '#FF962D' '#FF4655' '#0E1016' '#DEE2EB'; do # head, food, background, text
  has_color "$last" "$c" || fail "colour $c is lost in the GIF"
done

# 2. An unwritable path: one line naming the file and the reason, exit 2, no PNG.
expect_usage_error "^wavesnake: recording: cannot write '$TMP/no/such/dir/x.gif': No such file" \
  run --screenshot "$TMP/y.png" --frames 3 --record "$TMP/no/such/dir/x.gif"
[ -e "$TMP/y.png" ] && fail "a PNG was written although --record failed"

# 3. A full disk: a file that cannot be written, one line, exit 2 (report.h).
if [ -w /dev/full ]; then
  expect_usage_error "^wavesnake: recording: cannot write '/dev/full': No space" \
    run --screenshot "$TMP/z.png" --frames 10 --record /dev/full
fi

# 4. --headless has no frames to record.
expect_usage_error 'record needs the window' run --headless --record "$TMP/h.gif"
[ -e "$TMP/h.gif" ] && fail "--headless wrote a GIF"

# 5. A window (dummy driver) records its frames too.
SDL_VIDEODRIVER=dummy SDL_FRAMEBUFFER_ACCELERATION=0 DBUS_SESSION_BUS_ADDRESS=disabled: \
  "$WS" --frames 40 --size 10x10 --seed 3 --window 640x400 --record "$TMP/w.gif" \
  >"$TMP/o5" 2>"$TMP/e5"
rc=$?
[ $rc -eq 0 ] || fail "window --record: exit $rc: $(cat "$TMP/e5")"
n=$(identify -format '%W %H\n' "$TMP/w.gif" 2>/dev/null | grep -c '^640 400$')
[ "$n" -ge 2 ] || fail "window recording: $n frames of 640x400"

finish
