#!/usr/bin/env bash
# Soak: the real window under Xvfb (with openbox, so fullscreen and resizes
# behave as on a desktop) takes a random storm of keys, clicks, drags,
# resizes and fullscreen toggles over every mode for SECONDS, then quits.
# Passes when the program neither crashes nor reports anything under
# ASan/UBSan (leaks included, at exit), quits with status 0, and its RSS
# after warm-up grows by less than 5 %.
# Warm-up: first a tour that allocates what is kept for good (every mode,
# every overlay, the help, fullscreen, a GIF recording started and stopped),
# then the storm for the first half of the run: the text cache keeps up to
# 2048 rendered labels (window/text.c) and takes minutes of changing numbers
# to fill. Growth compares the RSS floor (the lowest sample) of the first
# window after warm-up with that of the last (a window is a sixth of the run,
# at most 60 s): a leak raises the floor, while a transient (a GIF being
# recorded holds its frame pool) only lifts single samples.
# Prints the events sent and the RSS at start, after warm-up and at the end.
# Usage: soak.sh WAVESNAKE_BIN [SECONDS] [SEED]   (`make soak`; CTest: 60 s)
set -u
BIN=$(readlink -f "${1:?usage: soak.sh WAVESNAKE_BIN [SECONDS] [SEED]}")
SECONDS_TOTAL=${2:-600}
SEED=${3:-$(date +%s)}
for tool in xvfb-run xdotool openbox; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (make deps)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/inner.sh" <<'INNER'
set -u
BIN=$1 TOTAL=$2 SEED=$3
RANDOM=$SEED
# The software renderer, no GL and no D-Bus: clean under ASan (docs/reliability.md,
# "Sanitizers and the window").
export SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
export DBUS_SESSION_BUS_ADDRESS=disabled:
# Reports go to files (checked below); a small quarantine, so that freed
# memory held back by ASan does not pass for growth.
export ASAN_OPTIONS=log_path=$PWD/asan:quarantine_size_mb=4:detect_leaks=1
export UBSAN_OPTIONS=log_path=$PWD/ubsan:print_stacktrace=1:halt_on_error=1
openbox >openbox.log 2>&1 &
wm=$!
sleep 1
"$BIN" --seed 7 --speed 200 --window 1024x640 >app.out 2>app.err &
pid=$!
wid=$(timeout 60 xdotool search --sync --onlyvisible --name '^wavesnake' | head -n 1)
if [ -z "$wid" ]; then
    echo "FAIL: no wavesnake window appeared; stderr: $(cat app.err)"
    kill "$pid" "$wm" 2>/dev/null
    exit 1
fi
xdotool windowactivate --sync "$wid" >/dev/null 2>&1 || xdotool windowfocus "$wid"
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0; }

# Keys: every binding of the help, the time-travel keys (harmless where they
# do not exist yet), steering, and keys that mean nothing. Never Esc or Q.
KEYS=(1 2 3 r Tab w p v h g d plus minus KP_Add KP_Subtract space n comma period Home End
      bracketleft bracketright F1 question Up Down Left Right a x z 0 9 BackSpace F5 Return)
RARE=(f s c)   # fullscreen, screenshot, GIF recording: slower, so fewer
declare -A sent=()
events=0
start=$(date +%s)
warm=$((TOTAL / 2))
win=$((TOTAL / 6 < 60 ? TOTAL / 6 : 60))
rss_start=$(rss) rss_warm=0 rss_last=0 rss_max=0 next_sample=$start
echo "soak: seed $SEED, $TOTAL s, warm-up $warm s, floor windows $win s, pid $pid"
# The tour: every mode with every overlay and the help, fullscreen and back,
# a short GIF recording.
for mode in 1 2 3; do
    xdotool key $mode w p v h g d F1 sleep 0.3 F1 Tab sleep 0.3 >/dev/null 2>&1
done
xdotool key f sleep 1 key f sleep 0.5 key c sleep 2 key c sleep 1 key 1 >/dev/null 2>&1
sent[tour]=35 events=35
while :; do
    now=$(date +%s)
    elapsed=$((now - start))
    [ "$elapsed" -ge "$TOTAL" ] && break
    kill -0 "$pid" 2>/dev/null || break
    if [ "$now" -ge "$next_sample" ]; then
        r=$(rss)
        echo "  t=${elapsed}s rss ${r} kB, events $events"
        if [ "$elapsed" -ge "$warm" ] && [ "$elapsed" -lt $((warm + win)) ]; then
            [ "$rss_warm" -eq 0 ] || [ "$r" -lt "$rss_warm" ] && rss_warm=$r
        fi
        if [ "$elapsed" -ge $((TOTAL - win)) ]; then
            [ "$rss_last" -eq 0 ] || [ "$r" -lt "$rss_last" ] && rss_last=$r
        fi
        [ "$elapsed" -ge "$warm" ] && [ "$r" -gt "$rss_max" ] && rss_max=$r
        next_sample=$((now + 5))
    fi
    # One xdotool call carries a batch of events.
    cmd=()
    read -r W H < <(xdotool getwindowgeometry "$wid" 2>/dev/null |
        awk '/Geometry/ {split($2, g, "x"); print g[1], g[2]}')
    W=${W:-1024} H=${H:-640}
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12; do
        x=$((RANDOM % W)) y=$((RANDOM % H))
        case $((RANDOM % 20)) in
        0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8)
            k=${KEYS[RANDOM % ${#KEYS[@]}]}
            cmd+=(key "$k"); sent[key]=$((${sent[key]:-0} + 1)) ;;
        9 | 10 | 11)
            cmd+=(mousemove --window "$wid" "$x" "$y" click $((RANDOM % 3 == 0 ? 3 : 1)))
            sent[click]=$((${sent[click]:-0} + 1)) ;;
        12 | 13)
            cmd+=(mousemove --window "$wid" "$x" "$y" mousedown 1)
            for _ in 1 2 3 4; do
                cmd+=(mousemove --window "$wid" $((RANDOM % W)) $((RANDOM % H)) sleep 0.02)
            done
            cmd+=(mouseup 1); sent[drag]=$((${sent[drag]:-0} + 1)) ;;
        14)
            cmd+=(windowsize "$wid" $((320 + RANDOM % 960)) $((240 + RANDOM % 560)))
            sent[resize]=$((${sent[resize]:-0} + 1)) ;;
        15)
            if [ $((RANDOM % 8)) -eq 0 ]; then
                k=${RARE[RANDOM % ${#RARE[@]}]}
                cmd+=(key "$k"); sent[$k]=$((${sent[$k]:-0} + 1))
            else
                cmd+=(key space); sent[key]=$((${sent[key]:-0} + 1))
            fi ;;
        *)
            cmd+=(sleep 0.05) ; continue ;;
        esac
        events=$((events + 1))
    done
    xdotool "${cmd[@]}" >/dev/null 2>&1
done
rss_end=$(rss)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
if kill -0 "$pid" 2>/dev/null; then
    # Quit for real, so that LeakSanitizer checks the exit.
    xdotool windowactivate --sync "$wid" >/dev/null 2>&1
    xdotool key Escape >/dev/null 2>&1
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
        xdotool key q >/dev/null 2>&1
        sleep 3
    fi
    if kill -0 "$pid" 2>/dev/null; then
        fail "the program did not quit on Esc / Q"
        kill "$pid"
    fi
    wait "$pid"
    rc=$?
    [ "$rc" -eq 0 ] || fail "exit status $rc after Esc"
else
    wait "$pid"
    fail "the program died after $elapsed s (exit $?)"
fi
kill "$wm" 2>/dev/null
summary=""
for k in "${!sent[@]}"; do summary="$summary $k ${sent[$k]},"; done
echo "soak: $events events in $elapsed s:${summary%,}"
echo "soak: RSS start ${rss_start} kB, after warm-up ${rss_warm} kB (floor of ${warm}-$((warm + win)) s), max after warm-up ${rss_max} kB, last ${rss_last} kB (floor of the last $win s), end ${rss_end} kB"
if cat asan.* ubsan.* 2>/dev/null | grep -q .; then
    fail "sanitizer reports:"
    cat asan.* ubsan.* 2>/dev/null | grep -E 'ERROR|SUMMARY|#[0-4] ' | head -20
fi
grep -qiE 'sanitizer|runtime error' app.err && { fail "sanitizer output on stderr"; grep -iE 'ERROR|runtime error' app.err | head -5; }
if [ "$rss_warm" -gt 0 ] && [ "$rss_last" -gt 0 ]; then
    growth=$(( (rss_last - rss_warm) * 1000 / rss_warm ))
    echo "soak: RSS growth after warm-up $((growth / 10)).$((growth < 0 ? -growth % 10 : growth % 10)) %"
    limit=${SOAK_GROWTH_PERMILLE:-50} # 5 %; the one-minute CTest run allows more (see tests/CMakeLists.txt)
    [ "$growth" -lt "$limit" ] || fail "RSS grew by $((growth / 10)) % after warm-up (limit $((limit / 10)) %)"
fi
exit $((fails > 0))
INNER

cd "$tmp" || exit 1
xvfb-run -a -s "-screen 0 1280x800x24" bash "$tmp/inner.sh" "$BIN" "$SECONDS_TOTAL" "$SEED"
rc=$?
[ $rc -eq 0 ] && echo "soak: passed" || echo "soak: failed"
exit $rc
