#!/usr/bin/env bash
# Hostile engines against the real program (docs/reliability.md, "Engines
# touch nothing but their game"). An engine (tests/engines/hostile.py) that
# writes into every descriptor it has and reads wavesnake's own descriptor
# flags; one started with stdin and stdout closed; one that moves into
# wavesnake's process group and ignores quit (headless and in the window);
# one whose processes escape its group (setsid, a double fork); wavesnake
# killed by a fatal signal or a closed pipe (`| head -1`) while they run;
# two answers to one go, and an engine that closes its input: each gives
# the same result on every run, nothing is left behind, no temporary file
# stays, and a stopped run's trace is kept under a name it prints.
#
# Usage: hostile.sh WAVESNAKE DATA REPLAY ENGINES window|no-window
WS=$1 DATA=$2 REPLAY=$3 ENGINES=$4 WINDOW=$5
source "$(dirname "$0")/lib.sh"
: "$DATA"
H=$ENGINES/hostile.py
# "${FRESH[@]}" CMD...: CMD with no descriptor above 2 and INT/QUIT at their default.
FRESH=(python3 "$(dirname "$0")/fresh.py")
MARK=wshostile$$
SLEEP=1000.$$ # the escaped processes run `sleep $SLEEP`: pgrep finds them
ulimit -c 0   # SIGQUIT, SIGSEGV and SIGABRT would write core files

# left NAME: fails if a process of this test is still running (killed by pid).
left() { left_behind "$1" "$MARK|sleep $SLEEP"; }

# gone NAME PIDS...: fails for each pid still running as one of this test's
# processes (killed by pid). A zombie has ended (its new parent, init, may
# not have reaped it yet on a loaded machine), and a pid that now names a
# process without the marks is another process that got the number: both
# are gone.
OURS="(^|[^[:alnum:]_])($MARK|sleep $SLEEP)([^[:alnum:]_]|\$)"
gone() {
    local name=$1 p state cmd
    shift
    for p in "$@"; do
        state=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -c1) || continue
        [ -n "$state" ] && [ "$state" != Z ] || continue
        cmd=$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)
        [[ $cmd =~ $OURS ]] || continue
        fail "$name: process $p is left: $cmd"
        kill -KILL "$p" 2>/dev/null
    done
}

# The check itself: an ended process not yet reaped (a zombie) and a
# process that is not this test's are not "left".
bash -c "sleep 0 & echo \$! >'$TMP/zombie.pid'; exec sleep 30" &
zparent=$!
sleep 30 &
other_pid=$!
for _ in $(seq 100); do
    [ -s "$TMP/zombie.pid" ] && [ "$(sed 's/.*) //' "/proc/$(cat "$TMP/zombie.pid")/stat" 2>/dev/null | cut -c1)" = Z ] && break
    sleep 0.05
done
gone "the check of gone" "$(cat "$TMP/zombie.pid")" "$other_pid"
kill -KILL "$zparent" "$other_pid" 2>/dev/null
wait "$zparent" "$other_pid" 2>/dev/null

# no_tmp NAME: fails if a temporary output file is left in $TMP.
no_tmp() {
    local tmps
    tmps=$(find "$TMP" -name '.*.tmp' | head -3)
    [ -z "$tmps" ] || fail "$1: temporary files left: $tmps"
}

# replays NAME TRACE: the trace checks out in wavesnake and in the independent checker.
replays() {
    "$WS" replay "$2" --headless >"$TMP/replay.out" 2>"$TMP/replay.err" ||
        fail "$1: 'replay --headless' rejects the trace: $(cat "$TMP/replay.err")"
    "$REPLAY" "$2" >/dev/null 2>"$TMP/replay.err" ||
        fail "$1: ws_replay rejects the trace: $(cat "$TMP/replay.err")"
}

# ---- 1. an engine holds its three pipes and nothing else ----------------------------
# hostile.py writes into descriptors 3..255 at every go and answers "fds ...",
# "parent N" (a descriptor of wavesnake without close-on-exec) or "clash N"
# instead of a move when it finds one: a fault that names it.
timeout 120 "${FRESH[@]}" "$WS" snake --headless --games 2 --size 6x6 --seed 2 --trace "$TMP/fds.trace" \
    --policy "engine:python3 $H fds-parent $MARK" >"$TMP/fds.out" 2>"$TMP/fds.err" ||
    fail "fds: exit $?: $(cat "$TMP/fds.err")"
[ ! -s "$TMP/fds.err" ] || fail "fds: $(head -3 "$TMP/fds.err")"
replays fds "$TMP/fds.trace"
if [ "$WINDOW" = window ]; then
    # Offscreen with a GIF being recorded: the font and the GIF's temporary file are open.
    SDL_VIDEODRIVER=dummy SDL_FRAMEBUFFER_ACCELERATION=0 timeout 120 "${FRESH[@]}" "$WS" snake \
        --size 6x6 --seed 2 --frames 30 --screenshot "$TMP/fds.png" --record "$TMP/fds.gif" \
        --policy "engine:python3 $H fds-parent $MARK" >"$TMP/fdsw.out" 2>"$TMP/fdsw.err" ||
        fail "fds offscreen: exit $?: $(cat "$TMP/fdsw.err")"
    grep -q 'engine' "$TMP/fdsw.err" && fail "fds offscreen: $(head -3 "$TMP/fdsw.err")"
    [ -s "$TMP/fds.gif" ] || fail "fds offscreen: no GIF"
fi
left fds

# ---- 2. stdin and stdout closed when wavesnake starts ---------------------------------
# No pipe may take fd 1 (the results would go into the engine, "clash 1");
# the output still cannot be written, and says so.
timeout 120 "${FRESH[@]}" "$WS" snake --headless --games 2 --size 6x6 --seed 2 \
    --policy "engine:python3 $H fds-parent $MARK" <&- >&- 2>"$TMP/closed.err"
rc=$?
[ "$rc" -eq 2 ] || fail "stdio closed: exit $rc, expected 2: $(cat "$TMP/closed.err")"
[ "$(cat "$TMP/closed.err")" = "wavesnake: cannot write the output: Bad file descriptor" ] ||
    fail "stdio closed: $(head -3 "$TMP/closed.err")"
left "stdio closed"

# ---- 3. an engine in wavesnake's process group that ignores quit ---------------------
# Waiting for it is bounded (quit, 1 s, SIGKILL to the leader itself): the
# run ends, headless and in the window, and neither it nor its child is left.
t0=$SECONDS
timeout 60 "${FRESH[@]}" "$WS" snake --headless --games 2 --size 6x6 --seed 2 \
    --policy "engine:python3 $H pgrp $SLEEP $MARK" >"$TMP/pgrp.out" 2>"$TMP/pgrp.err" ||
    fail "pgrp: exit $?: $(cat "$TMP/pgrp.err")"
[ $((SECONDS - t0)) -le 30 ] || fail "pgrp: took $((SECONDS - t0)) s"
left pgrp
if [ "$WINDOW" = window ]; then
    SDL_VIDEODRIVER=dummy SDL_FRAMEBUFFER_ACCELERATION=0 timeout 60 "${FRESH[@]}" "$WS" snake --frames 30 \
        --size 6x6 --seed 2 --policy "engine:python3 $H pgrp $SLEEP $MARK" \
        >"$TMP/pgrpw.out" 2>"$TMP/pgrpw.err" || fail "pgrp window: exit $?: $(cat "$TMP/pgrpw.err")"
    left "pgrp window"
fi

# ---- 4. processes that escape the engine's group ------------------------------------
timeout 120 "${FRESH[@]}" "$WS" snake --headless --games 2 --size 6x6 --seed 2 \
    --policy "engine:python3 $H escape $TMP/escape.pids $SLEEP 1 $MARK" >"$TMP/escape.out" \
    2>"$TMP/escape.err" || fail "escape: exit $?: $(cat "$TMP/escape.err")"
read -r _ pids <"$TMP/escape.pids"
# shellcheck disable=SC2086
gone escape $pids
left escape

# ---- 5. wavesnake stopped by a fatal signal while they run ---------------------------
# The engine tells a FIFO its pids at the first go of its second game: the
# first game is in the trace by then. Every process is gone when wavesnake
# is; no temporary file stays; the trace is kept as t.trace.partial, named
# on stderr, and its complete games replay.
mkfifo "$TMP/fifo"
exec 7<>"$TMP/fifo"
for sig in QUIT USR1 ALRM SEGV ABRT TERM INT HUP; do
    rm -f "$TMP/sig.trace.partial"
    "${FRESH[@]}" "$WS" snake --headless --games 100000 --size 8x8 --seed 2 --trace "$TMP/sig.trace" \
        --policy "engine:python3 $H escape $TMP/fifo $SLEEP 2 $MARK" >/dev/null 2>"$TMP/sig.err" &
    wpid=$!
    if ! read -r -t 120 -u 7 _ pids; then
        fail "$sig: the engine never got to its second game"
        kill -KILL "$wpid"
    fi
    kill "-$sig" "$wpid"
    wait "$wpid"
    rc=$?
    want=$((128 + $(kill -l "$sig")))
    # (SIGSEGV under AddressSanitizer: its report, then exit 1.)
    [ "$rc" -eq "$want" ] || { [ "$sig" = SEGV ] && [ "$rc" -ne 0 ]; } ||
        fail "$sig: exit $rc, expected $want"
    # shellcheck disable=SC2086
    gone "$sig" $pids
    left "$sig"
    no_tmp "$sig"
    grep -q "^wavesnake: stopped by signal [0-9]* ($sig); --trace so far kept as '$TMP/sig.trace.partial'\$" \
        "$TMP/sig.err" || fail "$sig: stderr does not name the kept trace: $(head -3 "$TMP/sig.err")"
    [ ! -e "$TMP/sig.trace" ] || fail "$sig: the trace was written under its own name"
    replays "$sig" "$TMP/sig.trace.partial"
done
exec 7>&-

# `| head -1`: wavesnake's next line raises SIGPIPE; the same cleanup.
"${FRESH[@]}" "$WS" snake --headless --games 100000 --size 6x6 --seed 2 --trace "$TMP/pipe.trace" \
    --policy "engine:python3 $H escape $TMP/pipe.pids $SLEEP 1 $MARK" 2>"$TMP/pipe.err" |
    head -1 >"$TMP/pipe.out"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 141 ] || fail "| head -1: exit $rc, expected 141 (SIGPIPE)"
grep -q '^game 0 seed 2: ' "$TMP/pipe.out" || fail "| head -1: $(cat "$TMP/pipe.out")"
read -r _ pids <"$TMP/pipe.pids"
# shellcheck disable=SC2086
gone "| head -1" $pids
left "| head -1"
no_tmp "| head -1"
grep -q "(PIPE); --trace so far kept as '$TMP/pipe.trace.partial'" "$TMP/pipe.err" ||
    fail "| head -1: $(cat "$TMP/pipe.err")"

# ---- 6. answers out of turn: the same result on every run ----------------------------
# Two answers to one go (at once, and the second 0.2 s late) are a fault at
# the next tick; an engine that closes its input is a fault at the first
# request it cannot read, never a game played blind.
for mode in double double-late closein; do
    for run in 1 2 3; do
        timeout 60 "$WS" snake --headless --games 2 --size 6x6 --seed 2 \
            --policy "engine:python3 $H $mode $MARK" --trace "$TMP/$mode.$run.trace" \
            >"$TMP/$mode.$run.out" 2>"$TMP/$mode.$run.err"
        rc=$?
        [ "$rc" -eq 1 ] || fail "$mode run $run: exit $rc, expected 1"
    done
    case $mode in
    closein) want='closed its input' ;;
    *) want='wrote "move R" before go' ;;
    esac
    [ "$(grep -c "^wavesnake: engine 'hostile_$mode', game [01] tick 1: $want\$" "$TMP/$mode.1.err")" -eq 2 ] ||
        fail "$mode: $(cat "$TMP/$mode.1.err")"
    for run in 2 3; do
        cmp -s "$TMP/$mode.1.err" "$TMP/$mode.$run.err" || fail "$mode: run $run says otherwise"
        cmp -s "$TMP/$mode.1.trace" "$TMP/$mode.$run.trace" || fail "$mode: run $run plays otherwise"
    done
    replays "$mode" "$TMP/$mode.1.trace"
    left "$mode"
done

finish
