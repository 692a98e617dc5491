#!/usr/bin/env bash
# An engine that never says ready (docs/engines.md, "Faults"): the run gives
# up after the handshake's 10 s with one line and exit status 2, and leaves
# no process behind. Apart from cli_engine because it is 10 s of waiting
# (label slow: `make test` runs it, `make check` does not).
WS=$1 DATA=$2 ENGINES=$3
source "$(dirname "$0")/lib.sh"
: "$DATA"
MARK=wsnoready$$ # in the engine's command line, so that pgrep finds it

t0=$SECONDS
expect_usage_error "engine .*no ready within 10 s" \
    timeout 60 "$WS" snake --headless --seed 1 --policy "engine:$ENGINES/bad.py noready snake $MARK"
[ $((SECONDS - t0)) -le 20 ] || fail "noready: took $((SECONDS - t0)) s"
[ $((SECONDS - t0)) -ge 9 ] || fail "noready: gave up after $((SECONDS - t0)) s, before 10 s"
left_behind noready "$MARK"
finish
