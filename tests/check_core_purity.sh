#!/usr/bin/env bash
# The core is pure C11 + libc (docs/conventions.md): it never includes SDL and never calls
# rand, srand, time or clock. Randomness comes from the PCG32 passed in and
# time from the caller as a tick count. Usage: check_core_purity.sh SRC_CORE
set -u
core=${1:?usage: check_core_purity.sh SRC_CORE}
status=0
if hits=$(grep -rnE '\b(s?rand|time|clock)[[:space:]]*\(' "$core"); then
    echo "FAIL: the core calls rand/srand/time/clock:" >&2
    echo "$hits" >&2
    status=1
fi
if hits=$(grep -rnE '#[[:space:]]*include[[:space:]]*[<"]SDL' "$core"); then
    echo "FAIL: the core includes SDL:" >&2
    echo "$hits" >&2
    status=1
fi
n=$(find "$core" -name '*.[ch]' | wc -l)
[ "$n" -gt 0 ] || { echo "FAIL: no sources under $core" >&2; exit 1; }
[ "$status" -eq 0 ] && echo "core purity: $n files, no SDL, no rand/srand/time/clock"
exit "$status"
