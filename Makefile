# wavesnake - the two commands a new user needs:
#   make run    install what is missing, build, start the windowed demo
#   make test   install what is missing, build with -Werror + ASan/UBSan, run every test
# Other targets: build, check, tsan, bench, valgrind, fuzz, soak, limits,
# catalog, clean (docs/reliability.md says what each one proves).

# The build directories are those of CMakePresets.json (release and dev:
# build/, test: build-test/, tsan: build-tsan/); plain `cmake --preset
# release` does the same as make.
BUILD      := build
TEST_BUILD := build-test
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
ARGS       ?=

# Debian packages the build, the tests (Xvfb window test) and the font need;
# clang builds the fuzzers (libFuzzer) and the second compiler of
# tests/same_results.sh; openbox is the window manager of the soak test;
# linux-perf profiles the perfect policy (docs/perfect.md, "Speed").
PACKAGES := build-essential cmake pkg-config libsdl2-dev libsdl2-ttf-dev \
            libsdl2-image-dev libgif-dev check xvfb xauth xdotool imagemagick valgrind \
            fonts-dejavu-core clang openbox python3 linux-perf

FUZZ_SECONDS ?= 60
SOAK_SECONDS ?= 600

.PHONY: deps build run test check tsan bench valgrind fuzz soak limits catalog clean

deps:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y --no-install-recommends $$missing; \
	fi

build: deps
	cmake --preset release
	cmake --build --preset release -j$(JOBS)

run: build
	./$(BUILD)/wavesnake $(ARGS)

# The core-purity grep and the target boundaries are CTest tests too
# (build_core_purity, build_boundaries), so plain `ctest` checks them.
test: deps
	cmake --preset test
	cmake --build --preset test -j$(JOBS)
	ctest --preset test -j$(JOBS)

# The fast loop for people changing the code: the release tree of `make
# build` (no sanitizers, so no second build of everything) and every test but
# those labelled slow or fuzz (tests/CMakeLists.txt: the long unit suites'
# walled games and rewinds, the soak, the fuzzers, the other compilers, the
# limits). About three minutes on 2 cores; `make test` is the full CI run.
check: deps
	cmake --preset dev
	cmake --build --preset dev -j$(JOBS)
	ctest --preset dev -j$(JOBS)

# ThreadSanitizer (build-tsan/) on the tests labelled threads: headless runs
# with --jobs N (the runner's workers) and GIF recordings (the encoder thread).
tsan: deps
	cmake --preset tsan
	cmake --build --preset tsan -j$(JOBS)
	ctest --preset tsan -j$(JOBS)

bench: build
	./$(BUILD)/wavesnake bench $(ARGS)

# Headless runs, text tools, a screenshot with a GIF recording and the unit
# tests under valgrind (release build, no sanitizers). test_snake_cycle plays
# thousands of games and takes over ten minutes under valgrind: the
# perfect-policy run above covers that code. test_engine checks real engine
# processes against wall-clock bounds (a group gone within 3 s of a signal)
# that valgrind's slowdown breaks: the engine runs above (headless, the sea,
# the window) cover the client. Leaks of kinds
# definite/indirect/possible fail; the "still reachable" blocks of glib's
# static initialisers (pulled in by SDL's libraries) are not ours and are only
# reported. tests/valgrind.supp names the "possibly lost" blocks that are
# not leaks (glibc's TLS vector of a thread still running at exit, or of a
# joined thread whose stack glibc keeps for reuse).
VALGRIND := valgrind -q --error-exitcode=3 --leak-check=full \
            --errors-for-leak-kinds=definite,indirect,possible \
            --suppressions=tests/valgrind.supp
valgrind: build
	$(VALGRIND) ./$(BUILD)/wavesnake snake --headless --games 5 --size 10x10 --seed 7 --jobs 2 --trace /dev/null >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake snake --headless --games 3 --size 8x8 --seed 7 --policy perfect >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake arena --headless --ticks 200 --generate 40x30 --monsters 50 --seed 7 >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake sea --headless --games 3 --seed 7 >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake wave tests/data/level.txt 8 3 >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake snake --screenshot /tmp/wavesnake-valgrind.png --frames 5 --size 10x10 --seed 7 --record /tmp/wavesnake-valgrind.gif >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake snake --headless --games 3 --size 8x8 --seed 7 --jobs 2 --policy "engine:python3 examples/engines/snake.py" --trace /dev/null >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake sea --headless --games 2 --seed 7 --hunter "engine:python3 examples/engines/hunter.py" >/dev/null
	$(VALGRIND) ./$(BUILD)/wavesnake snake --policy "engine:python3 examples/engines/snake.py" --screenshot /tmp/wavesnake-valgrind.png --frames 30 --size 8x8 --seed 7 >/dev/null
	for t in $(BUILD)/tests/test_*; do \
	  case $$t in *test_snake_cycle|*test_engine) continue;; esac; \
	  WS_TEST_ENGINES=$(CURDIR)/tests/engines WS_EXAMPLE_ENGINES=$(CURDIR)/examples/engines \
	  WS_ENGINE_CYCLE=$(CURDIR)/$(BUILD)/examples/engines/cycle WS_WAVESNAKE=$(CURDIR)/$(BUILD)/wavesnake \
	  CK_FORK=no CK_DEFAULT_TIMEOUT=600 $(VALGRIND) $$t >/dev/null || exit 1; \
	done
	@echo "valgrind: clean"

# libFuzzer (clang) on every reader of outside input: saved regressions
# first, then FUZZ_SECONDS per target (docs/reliability.md). `make test`
# runs the same for 20 s per target.
fuzz: deps
	cmake --preset fuzz
	cmake --build --preset fuzz -j$(JOBS)
	bash tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The window under Xvfb (ASan build) with a random storm of keys, clicks,
# drags, resizes and fullscreen toggles for SOAK_SECONDS; fails on a crash, a
# sanitizer report or RSS growth of 5 % after warm-up. `make test` runs 60 s.
soak: deps
	cmake --preset test
	cmake --build --preset test -j$(JOBS) --target wavesnake
	bash tests/soak.sh $(TEST_BUILD)/wavesnake $(SOAK_SECONDS)

# The largest inputs at full size on the release build: a million games on
# 4x4 (memory flat, the progress bar) and 100 MB of garbage as a map, a
# script and a board; `make test` runs tests/cli/limits.sh with 50000 games
# and 5 MB.
limits: build
	LIMITS_GAMES=1000000 LIMITS_GARBAGE_MB=100 \
	  bash tests/cli/limits.sh ./$(BUILD)/wavesnake tests/data ./$(BUILD)/tests/ws_maxrss

# Rewrites tests/catalog.txt (the seed catalog) after an intended change to
# an AI's decisions; commit the file with the change (docs/reliability.md).
catalog: build
	cmake --build --preset release -j$(JOBS) --target ws_catalog
	./$(BUILD)/ws_catalog write tests/catalog.txt
	@git diff --stat -- tests/catalog.txt 2>/dev/null || true

clean:
	rm -rf $(BUILD) $(TEST_BUILD) build-fuzz build-tsan
