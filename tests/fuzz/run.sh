#!/usr/bin/env bash
# Runs libFuzzer targets: first every saved regression input (a finding that
# must stay fixed), then a timed run from the seed corpus.
# Usage: run.sh BUILD_DIR SECONDS [TARGET...]   (default: every target the
# build lists in fuzz-targets.txt). Exit 1 on any crash, leak, sanitizer
# report, timeout or broken harness check; the input is kept as
# BUILD_DIR/fuzz-out/TARGET/crash-* (copy it to regressions/TARGET/ with the fix).
set -uo pipefail
build=$(cd "${1:?usage: run.sh BUILD_DIR SECONDS [TARGET...]}" && pwd) || exit 2
seconds=${2:?usage: run.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets <"$build/fuzz-targets.txt"; fi
status=0
for t in "${targets[@]}"; do
    bin=$build/tests/fuzz/fuzz_$t
    out=$build/fuzz-out/$t
    if [ ! -x "$bin" ]; then
        echo "FAIL: $t: $bin is not built" >&2
        status=1
        continue
    fi
    mkdir -p "$out/corpus"
    # Regressions: each file runs once; any failure is a regression.
    regs=("$here/regressions/$t"/*)
    if [ -e "${regs[0]}" ]; then
        if ! "$bin" -close_fd_mask=3 -rss_limit_mb=2048 "${regs[@]}" >"$out/regressions.log" 2>&1; then
            echo "FAIL: $t: a saved regression input fails again:" >&2
            grep -E 'ERROR|Running:|SUMMARY' "$out/regressions.log" | tail -5 >&2
            status=1
            continue
        fi
        echo "ok: $t: ${#regs[@]} regression input(s) pass"
    fi
    # The timed run: new inputs go to the build's corpus, never to the repo's seeds.
    (cd "$out" && "$bin" -max_total_time="$seconds" -close_fd_mask=3 -timeout=60 \
        -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 -artifact_prefix="$out/" \
        "$out/corpus" "$here/corpus/$t") >"$out/run.log" 2>&1
    rc=$?
    stats=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$out/run.log" | tail -1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/run.log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/run.log")
    if [ "$rc" -ne 0 ] || ls "$out"/crash-* "$out"/leak-* "$out"/timeout-* >/dev/null 2>&1; then
        echo "FAIL: $t: libFuzzer found a failure (exit $rc); input and report in $out" >&2
        grep -E 'ERROR|SUMMARY|Test unit written' "$out/run.log" | head -5 >&2
        status=1
        continue
    fi
    echo "ok: $t: ${seconds}s, ${execs:-?} runs, ${speed:-?} exec/s; last: ${stats:-?}"
done
exit "$status"
