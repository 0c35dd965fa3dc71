# The two commands of the README. Each installs what is missing, configures, builds, runs.
#   make demo  — one full bot game of each game, with a readable log, then its replay
#   make test  — every test (dev preset: Debug, warnings as errors, invariants asserted)
# Also: make sanitize (the suite under ASan+UBSan), make fuzz (libFuzzer, clang, FUZZ_SECONDS
# per target), make bench (release benchmarks).

PACKAGES := cmake g++ make pkg-config libfmt-dev doctest-dev libbenchmark-dev
JOBS ?= 2

.PHONY: demo test sanitize fuzz bench deps clean

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build/dev/CMakeCache.txt: | deps
	cmake --preset dev

test: deps
	cmake --preset dev
	cmake --build --preset dev -j $(JOBS)
	ctest --preset dev

demo: deps
	cmake --preset dev
	cmake --build --preset dev -j $(JOBS) --target deckhand_cli
	./build/dev/deckhand demo --seed 2026 --out build/dev/demo

sanitize: deps
	cmake --preset sanitize
	cmake --build --preset sanitize -j $(JOBS)
	ctest --preset sanitize

FUZZ_SECONDS ?= 30
FUZZ_TARGETS := record action deserialize capi image
FUZZ_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

fuzz: deps
	@$(MAKE) --no-print-directory deps PACKAGES="clang libclang-rt-14-dev"
	cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
	  -DDECKHAND_FUZZ=ON -DDECKHAND_BUILD_TOOLS=OFF -DDECKHAND_BUILD_BENCH=OFF \
	  -DCMAKE_C_FLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" -DCMAKE_CXX_FLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" \
	  -DCMAKE_EXE_LINKER_FLAGS="$(FUZZ_FLAGS)" -DCMAKE_SHARED_LINKER_FLAGS="$(FUZZ_FLAGS)"
	cmake --build build/fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p build/fuzz/corpus/$$t && cp -n tests/fuzz/corpus/$$t/* build/fuzz/corpus/$$t/ ; \
	  echo "fuzzing $$t for $(FUZZ_SECONDS) s"; \
	  ./build/fuzz/tests/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    build/fuzz/corpus/$$t tests/fuzz/corpus/$$t > build/fuzz/$$t.log 2>&1; \
	  status=$$?; tail -5 build/fuzz/$$t.log; [ $$status -eq 0 ] || exit 1; \
	done

bench: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS) --target deckhand_bench
	./build/release/bench/deckhand_bench

clean:
	rm -rf build
