# The two commands of the README. Each installs what is missing, configures, builds, runs.
#   make demo  — one full bot game of each game, with a readable log, then its replay
#   make test  — every test (dev preset: Debug, warnings as errors, invariants asserted)
# Also: make sanitize (the suite under ASan+UBSan), make bench (release benchmarks).

PACKAGES := cmake g++ make pkg-config libfmt-dev doctest-dev libbenchmark-dev
JOBS ?= 2

.PHONY: demo test sanitize bench deps clean

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

bench: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS) --target deckhand_bench
	./build/release/bench/deckhand_bench

clean:
	rm -rf build
