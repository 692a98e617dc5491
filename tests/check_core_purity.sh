#!/usr/bin/env bash
# The core is pure (docs/conventions.md, "The core is pure"): C11 + libc
# memory, string and math functions, no SDL, no I/O, no clocks, no threads,
# no randomness of its own and no mutable variables outside the callers'
# structs. This script refuses what it can see of a breach.
#
# Usage: check_core_purity.sh SRC_CORE [LIBRARY.a ...]
#
# 1. The sources under SRC_CORE (*.c, *.h), with comments and string
#    literals blanked first, are grepped for forbidden includes, calls and
#    names, and for mutable file-scope and function-static variables.
#    A grep sees spelling, not meaning: a call through a macro or a function
#    pointer, or a global declared in an unusual layout, gets past it.
# 2. So the built libraries are checked too, when given (CTest passes the
#    core's four): every undefined symbol that no given library defines must
#    be on ALLOWED below, and no symbol may live in a writable data section
#    (.data, .bss, thread-local, common). Const tables live in .rodata or,
#    when they hold pointers, .data.rel.ro, and pass. What neither part sees:
#    a breach inside a header-only inline function no library compiles, and
#    an allowed function misused (snprintf is allowed, so is memcpy).
# Exit status 0 when pure, 1 with one FAIL line per kind of breach.
set -u
core=${1:?usage: check_core_purity.sh SRC_CORE [LIBRARY.a ...]}
shift
status=0

fail() { # fail WHAT HITS
    echo "FAIL: the core $1:" >&2
    echo "$2" >&2
    status=1
}

# ---- 1. the sources ---------------------------------------------------------
mapfile -t files < <(find "$core" -name '*.[ch]' | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || { echo "FAIL: no sources under $core" >&2; exit 1; }

# Each file with its comments and string/char literals blanked (line numbers
# kept), as "path:line:text" lines.
strip() {
    perl -0777 -ne '
        s{("(?:\\.|[^"\\\n])*")|(\x27(?:\\.|[^\x27\\\n])*\x27)|(/\*.*?\*/)|(//[^\n]*)}
         { defined $1 ? "\"\"" : defined $2 ? "\x27\x27" : do { (my $c = $&) =~ s/[^\n]//g; $c } }gse;
        my $n = 0;
        print "$ARGV:", ++$n, ":$_\n" for split /\n/, $_, -1;' "$@"
}
code=$(strip "${files[@]}")

# grep_code WHAT ERE: fails when a code line matches ERE.
grep_code() {
    local hits
    if hits=$(grep -E -- "$2" <<<"$code"); then
        fail "$1" "$hits"
    fi
}
# An identifier called as a function (not a member: a.read( or p->read( pass).
call() { echo "(^|[^A-Za-z0-9_.>])($1)[[:space:]]*\\("; }
word() { echo "(^|[^A-Za-z0-9_])($1)([^A-Za-z0-9_]|\$)"; }

# Includes are looked for in the files as written (blanking would hide "SDL.h").
grep_raw() { # grep_raw WHAT ERE
    local hits
    if hits=$(grep -HnE -- "$2" "${files[@]}"); then
        fail "$1" "$hits"
    fi
}
grep_raw "includes SDL" '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]SDL'
grep_raw "includes a thread, clock or OS header" \
    '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](pthread|threads|stdatomic|time|unistd|fcntl|signal|setjmp|dirent|sys/[a-z_]+)\.h[>"]'
grep_code "calls rand/srand (randomness comes from the Rng passed in)" "$(call 's?rand|random|srandom|rand_r|drand48')"
grep_code "reads a clock or sleeps (time comes from the caller)" \
    "$(call 'time|clock|clock_gettime|gettimeofday|timespec_get|nanosleep|sleep|usleep|difftime')"
grep_code "prints or formats outside memory (snprintf and vsnprintf only)" \
    "$(call 'printf|fprintf|vprintf|vfprintf|dprintf|vdprintf|sprintf|vsprintf|asprintf|vasprintf|puts|fputs|putchar|fputc|putc|perror|scanf|fscanf|vscanf|vfscanf|getchar|fgetc|getc|fgets|ungetc')"
grep_code "opens, reads or writes files" \
    "$(call 'fopen|freopen|fdopen|fclose|fread|fwrite|fflush|fseek|ftell|rewind|tmpfile|remove|rename|open|read|write|close|lseek|mkdir|unlink')"
grep_code "names a stream" "$(word 'FILE|stdin|stdout|stderr')"
grep_code "reads the environment or leaves the process (assert is the only way out)" \
    "$(call 'getenv|secure_getenv|setenv|system|exit|_Exit|quick_exit|abort|atexit|raise|signal|longjmp')"
grep_code "starts threads or locks" "$(call 'pthread_[a-z_]+|thrd_[a-z_]+|mtx_[a-z_]+|cnd_[a-z_]+|call_once')"
grep_code "has thread-local variables" "$(word '_Thread_local|thread_local|__thread')"
# Object declarations on one line (a static anywhere, or any declaration at
# column 0, which is file scope), not functions: mutable unless const binds
# the name (const T x, T *const p; not const T *p, a mutable pointer).
decls=$(perl -ne '
    my ($where, $t) = /^([^:]+:\d+:)(.*)$/ or next;
    my $line = $t;
    my $static = $t =~ s/^\s*static\s+//;
    next if !$static && ($t =~ /^\s/ || $t =~ /^(typedef|return|goto|case|default|else|do)\b/);
    $t =~ /^([^(){}=;]*?)\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*(=|;)/ or next;
    my $type = $1;
    next if $type !~ /\S/ || $type =~ /^\s*(struct|union|enum)\s*$/; # a forward declaration
    my $bind = $type =~ /\*/ ? ($type =~ s/^.*\*//r) : $type;
    print "$where$line\n" unless $bind =~ /\bconst\b/;' <<<"$code")
[ -z "$decls" ] || fail "has a mutable file-scope or static variable" "$decls"

# ---- 2. the built libraries ---------------------------------------------------
# libc functions the core may call: memory, strings, numbers from strings,
# snprintf/vsnprintf (formatting into a caller's buffer), math, and what the
# compiler calls for assert and errno. Sanitizer, stack-protector and
# fortified (__X_chk) or ISO-renamed (__isoc99_X, __isoc23_X) forms are
# mapped back to X or allowed below.
ALLOWED="malloc calloc realloc free
memcpy memmove memset memcmp memchr
strlen strnlen strcmp strncmp strchr strrchr strstr strspn strcspn strncpy
strtol strtoul strtoll strtoull strtod strtof
snprintf vsnprintf
isalpha isdigit isalnum isspace isupper islower isxdigit toupper tolower __ctype_b_loc
__ctype_toupper_loc __ctype_tolower_loc
sqrt sqrtf floor floorf ceil ceilf fabs fabsf round roundf lround lroundf fmod fmin fmax
pow powf exp expf log logf log2 log10 sin cos atan2 hypot
__assert_fail __errno_location __stack_chk_fail"
ALLOWED_PREFIX='^(__asan_|__ubsan_|__sanitizer_|__tsan_|__msan_|__lsan_)'

if [ "$#" -gt 0 ]; then
    for lib in "$@"; do
        [ -r "$lib" ] || { echo "FAIL: cannot read library $lib" >&2; exit 1; }
    done
    defined=$(nm --defined-only "$@" 2>/dev/null | awk 'NF == 3 {print $3}' | LC_ALL=C sort -u)
    undefined=$(nm --undefined-only "$@" 2>/dev/null | awk 'NF == 2 {print $2}' | LC_ALL=C sort -u)
    bad=""
    for s in $(LC_ALL=C comm -23 <(echo "$undefined") <(echo "$defined")); do
        base=$s
        [[ $base =~ ^__isoc(99|23)_(.*)$ ]] && base=${BASH_REMATCH[2]}
        [[ $base =~ ^__(.*)_chk$ ]] && base=${BASH_REMATCH[1]}
        [[ $s =~ $ALLOWED_PREFIX ]] && continue
        grep -qxF -- "$base" <<<"${ALLOWED//[[:space:]]/$'\n'}" && continue
        bad+="$s"$'\n'
    done
    [ -z "$bad" ] || fail "calls outside libc memory/string/math (undefined symbols not allowed)" "${bad%$'\n'}"
    # Writable sections: the symbols of each, with the object file. The
    # sanitizers' own bookkeeping (.L*, __asan/__ubsan/__sancov names) is theirs.
    data=$(nm -f sysv "$@" 2>/dev/null | awk -F'|' -v lib="" '
        /^Symbols from / { obj = $0; sub(/^Symbols from /, "", obj); sub(/:$/, "", obj); next }
        NF >= 7 {
            name = $1; gsub(/[[:space:]]/, "", name); sec = $7; gsub(/[[:space:]]/, "", sec)
            if (sec ~ /^(\.data|\.bss|\.tdata|\.tbss|COMMON|\*COM\*)($|\.)/ && sec !~ /^\.data\.rel\.ro/ &&
                name !~ /^(\.L|__asan|___asan|__odr_asan|__ubsan|__sancov|__tsan|__msan)/)
                print obj ": " name " in " sec
        }')
    [ -z "$data" ] || fail "has writable data (mutable globals or statics)" "$data"
fi

if [ "$status" -eq 0 ]; then
    echo "core purity: ${#files[@]} files${1:+, $# libraries}: no SDL, I/O, clocks, threads," \
        "randomness of its own or mutable variables"
fi
exit "$status"
