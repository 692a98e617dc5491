#!/usr/bin/env bash
# --record FILE.gif: an animated GIF of the frames shown. Offscreen (no
# display) it must decode with one frame per reported frame, all on a
# 1280x720 canvas, loop forever, last as long as the run, end on the
# screenshot's picture, and keep the program's colours exactly. A bad path is
# one line and exit 2; a full disk is one line and exit 1; --headless refuses
# it; a (dummy) window records too.
# Usage: record.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
for tool in convert identify compare; do
  command -v "$tool" >/dev/null || { echo "FAIL: ImageMagick's $tool is missing (make deps)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$BIN" "$@"; }
has_color() { convert "$1" -format %c histogram:info:- | grep -qi "$2"; }

# 1. The offscreen recording: 60 frames of 16 ms.
run snake --screenshot "$tmp/x.png" --frames 60 --record "$tmp/x.gif" --size 10x10 --seed 3 \
  >"$tmp/o1" 2>"$tmp/e1"
rc=$?
[ $rc -eq 0 ] || fail "--record exit $rc: $(cat "$tmp/e1")"
[ -s "$tmp/e1" ] && fail "unexpected stderr: $(cat "$tmp/e1")"
line=$(grep "^wavesnake: recorded $tmp/x.gif: " "$tmp/o1")
[ -n "$line" ] || fail "no 'recorded' line: $(cat "$tmp/o1")"
said=$(sed -n 's/.*x\.gif: \([0-9]*\) frames.*/\1/p' <<<"$line")
echo "program: $line"
identify "$tmp/x.gif" >"$tmp/frames" 2>"$tmp/ie" || fail "identify cannot read the GIF: $(cat "$tmp/ie")"
got=$(wc -l <"$tmp/frames")
echo "identify: $got frames"
[ -n "$said" ] && [ "$got" -eq "$said" ] || fail "identify lists $got frames, the program said '$said'"
# 60 frames at 16 ms, at most 25 GIF frames a second: 2 .. 25 frames.
[ "$got" -ge 2 ] && [ "$got" -le 25 ] || fail "$got frames for 60 frames of 16 ms (expected 2..25)"
canvases=$(identify -format '%W %H\n' "$tmp/x.gif" | sort -u)
[ "$canvases" = "1280 720" ] || fail "canvas sizes: '$canvases', expected '1280 720' only"
first=$(identify -format '%w %h' "$tmp/x.gif[0]")
[ "$first" = "1280 720" ] || fail "the first frame is '$first', expected the whole 1280 720"
smaller=$(identify -format '%w %h\n' "$tmp/x.gif" | tail -n +2 | grep -vc '^1280 720$')
[ "$smaller" -ge 1 ] || fail "no frame covers only the changed rectangle"
identify -verbose "$tmp/x.gif[0]" | grep -q 'Iterations: 0' || fail "the GIF does not loop forever"
cs=$(identify -format '%T\n' "$tmp/x.gif" | awk '{s += $1} END {print s}')
echo "delays add up to $cs cs"
# 60 frames of 16 ms = 0.96 s, the last one shown 40 ms: about 98 cs.
[ "$cs" -ge 94 ] && [ "$cs" -le 102 ] || fail "delays add up to $cs cs, expected about 98"
# The last frame is the screenshot's picture, with the program's colours intact.
convert "$tmp/x.gif" -coalesce "$tmp/co_%03d.png"
last=$(ls "$tmp"/co_*.png | tail -n 1)
psnr=$(compare -metric PSNR "$last" "$tmp/x.png" null: 2>&1 | awk '{print int($1)}')
echo "last frame vs the PNG: PSNR $psnr dB"
[ "$psnr" -ge 40 ] || fail "the last GIF frame differs from the screenshot (PSNR $psnr dB)"
for c in '#78FF8C' '#FF4655' '#0E1016' '#DEE2EB'; do # head, food, background, text
  has_color "$last" "$c" || fail "colour $c is lost in the GIF"
done

# 2. An unwritable path: one line naming the file and the reason, exit 2, no PNG.
run --screenshot "$tmp/y.png" --frames 3 --record "$tmp/no/such/dir/x.gif" >/dev/null 2>"$tmp/e2"
rc=$?
[ $rc -eq 2 ] || fail "unwritable --record path: exit $rc, expected 2"
[ "$(wc -l <"$tmp/e2")" -eq 1 ] && grep -q "^wavesnake: cannot write the recording $tmp/no/such/dir/x.gif: No such file" "$tmp/e2" \
  || fail "unwritable path message: $(cat "$tmp/e2")"
[ -e "$tmp/y.png" ] && fail "a PNG was written although --record failed"

# 3. A full disk: one line, exit 1.
if [ -w /dev/full ]; then
  run --screenshot "$tmp/z.png" --frames 10 --record /dev/full >/dev/null 2>"$tmp/e3"
  rc=$?
  [ $rc -eq 1 ] || fail "--record /dev/full: exit $rc, expected 1"
  [ "$(wc -l <"$tmp/e3")" -eq 1 ] && grep -q '^wavesnake: cannot write the recording /dev/full: No space' "$tmp/e3" \
    || fail "full disk message: $(cat "$tmp/e3")"
fi

# 4. --headless has no frames to record.
run --headless --record "$tmp/h.gif" >/dev/null 2>"$tmp/e4"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e4")" -eq 1 ] && grep -q -- '--record' "$tmp/e4" \
  || fail "--headless --record: exit $rc, $(cat "$tmp/e4")"
[ -e "$tmp/h.gif" ] && fail "--headless wrote a GIF"

# 5. A window (dummy driver) records its frames too.
SDL_VIDEODRIVER=dummy SDL_FRAMEBUFFER_ACCELERATION=0 DBUS_SESSION_BUS_ADDRESS=disabled: \
  "$BIN" --frames 40 --size 10x10 --seed 3 --window 640x400 --record "$tmp/w.gif" \
  >"$tmp/o5" 2>"$tmp/e5"
rc=$?
[ $rc -eq 0 ] || fail "window --record: exit $rc: $(cat "$tmp/e5")"
n=$(identify -format '%W %H\n' "$tmp/w.gif" 2>/dev/null | grep -c '^640 400$')
[ "$n" -ge 2 ] || fail "window recording: $n frames of 640x400"

if [ $fails -ne 0 ]; then
  echo "record: $fails check(s) failed"
  exit 1
fi
echo "record: all checks passed"
