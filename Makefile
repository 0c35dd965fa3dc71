# The two commands of the README. Each installs what is missing, configures, builds, runs.
#   make demo  — one full bot game of each game, with a readable log, then its replay
#   make test  — every test (dev preset: Debug, warnings as errors, invariants asserted)
# Also: make sanitize (the suite under ASan+UBSan), make fuzz (libFuzzer, clang, FUZZ_SECONDS
# per target), make bench (release benchmarks), make release (the fast Release tool:
# build/python/deckhand, the build `native` makes).

PACKAGES := cmake g++ make pkg-config libfmt-dev nlohmann-json3-dev doctest-dev libbenchmark-dev
JOBS ?= 2

.PHONY: demo test sanitize fuzz fuzz-corpus bench deps clean abi-check abi-baseline abi-library install native \
  coverage python python-test python-bench python-bench-selfplay web web-deps web-test \
  web-serve web-bench python-fuzz format format-check

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
	@echo "make demo: the dev preset's Debug build, build/dev/deckhand (invariants asserted, many"
	@echo "times slower than Release); make release builds the fast tool, make install installs it."
	cmake --preset dev
	cmake --build --preset dev -j $(JOBS) --target deckhand_cli
	./build/dev/deckhand demo --seed 2026 --out build/dev/demo

sanitize: deps
	cmake --preset sanitize
	cmake --build --preset sanitize -j $(JOBS)
	ctest --preset sanitize

FUZZ_SECONDS ?= 30
FUZZ_TARGETS := record action deserialize capi image table
# -O1: libFuzzer's advice, several times the executions of -O0; Debug keeps the invariant checks.
FUZZ_FLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

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
	  status=$$?; tail -5 build/fuzz/$$t.log; \
	  if [ $$status -ne 0 ]; then grep -E -A30 "^==[0-9]+==ERROR|^SUMMARY|deadly signal|Test unit written" build/fuzz/$$t.log | head -80; exit 1; fi; \
	done

# Grows the committed corpora: fuzzes as `make fuzz` does, then merges what was found with
# tests/fuzz/corpus, minimised (libFuzzer's -merge=1 keeps only inputs that add coverage), into
# tests/fuzz/corpus. Commit the result: CI's fuzzing then starts where the last run ended.
fuzz-corpus: fuzz
	@for t in $(FUZZ_TARGETS); do \
	  rm -rf build/fuzz/minimised/$$t && mkdir -p build/fuzz/minimised/$$t; \
	  ./build/fuzz/tests/fuzz/fuzz_$$t -merge=1 build/fuzz/minimised/$$t tests/fuzz/corpus/$$t \
	    build/fuzz/corpus/$$t > build/fuzz/$$t.merge.log 2>&1 || { tail -5 build/fuzz/$$t.merge.log; exit 1; }; \
	  rm -rf tests/fuzz/corpus/$$t && cp -r build/fuzz/minimised/$$t tests/fuzz/corpus/$$t; \
	  echo "$$t: $$(ls tests/fuzz/corpus/$$t | wc -l) inputs"; \
	done

bench: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS) --target deckhand_bench
	./build/release/bench/deckhand_bench

# Installs the libraries, headers, CMake package, pkg-config file and the deckhand tool under
# PREFIX, from the Release build of `native` (build/python, without tests or benchmarks; the
# installed .pc and CMake files find their prefix from where they lie, so --prefix is enough).
PREFIX ?= /usr/local
install: native
	cmake --build $(NATIVE_BUILD) -j $(JOBS)
	cmake --install $(NATIVE_BUILD) --prefix "$(PREFIX)"

# Line and branch coverage of src/ and capi/ by the whole suite (gcovr). CI fails below the
# thresholds, set a little under the figures measured (97.0% of lines, 87.9% of branches).
COVERAGE_LINES ?= 95
COVERAGE_BRANCHES ?= 85
# Atomic counters: tests run threads (arena --jobs, the table host), and racy counters can
# go negative, which gcov prints and gcovr refuses to parse.
COVERAGE_FLAGS := --coverage -O0 -fprofile-update=atomic
coverage: deps
	@$(MAKE) --no-print-directory deps PACKAGES="gcovr"
	cmake -S . -B build/coverage -DCMAKE_BUILD_TYPE=Debug -DDECKHAND_BUILD_BENCH=OFF \
	  -DCMAKE_C_FLAGS="$(COVERAGE_FLAGS)" -DCMAKE_CXX_FLAGS="$(COVERAGE_FLAGS)" \
	  -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage > /dev/null
	cmake --build build/coverage -j $(JOBS)
	find build/coverage -name '*.gcda' -delete
	ctest --test-dir build/coverage -j $(JOBS) --output-on-failure -E test_packaging
	gcovr --root . --object-directory build/coverage --filter 'src/' --filter 'capi/' \
	  --exclude-directories 'build/coverage/CMakeFiles/[0-9.]+' --exclude-unreachable-branches \
	  --exclude-throw-branches --print-summary \
	  --txt build/coverage/coverage.txt \
	  --fail-under-line $(COVERAGE_LINES) --fail-under-branch $(COVERAGE_BRANCHES)

# The C ABI against its committed baseline (docs/abi.md): libabigail's abidw describes the
# shared library's exported functions and the types they reach (from the public headers
# only), abidiff compares; an incompatible change fails, an addition is reported.
ABI_BUILD := build/abi
ABI_BASELINE := abi/libdeckhand.abi
ABI_DW = abidw --no-corpus-path --exported-interfaces-only --drop-private-types --suppressions abi/suppressions.ini --type-id-style hash --headers-dir capi/include --headers-dir $(ABI_BUILD)/generated/include
abi-library: deps
	@$(MAKE) --no-print-directory deps PACKAGES="abigail-tools"
	cmake -S . -B $(ABI_BUILD) -DCMAKE_BUILD_TYPE=Debug -DDECKHAND_BUILD_TESTS=OFF \
	  -DDECKHAND_BUILD_BENCH=OFF -DDECKHAND_BUILD_TOOLS=OFF > /dev/null
	cmake --build $(ABI_BUILD) -j $(JOBS) --target deckhand

abi-check: abi-library
	$(ABI_DW) --out-file $(ABI_BUILD)/current.abi $(ABI_BUILD)/libdeckhand.so
	@abidiff --suppressions abi/suppressions.ini $(ABI_BASELINE) $(ABI_BUILD)/current.abi \
	  > $(ABI_BUILD)/abidiff.txt; status=$$?; \
	cat $(ABI_BUILD)/abidiff.txt; \
	if [ $$((status & 8)) -ne 0 ]; then echo "abi-check: INCOMPATIBLE change to the C ABI (see above)"; exit 1; \
	elif [ $$((status & 3)) -ne 0 ]; then echo "abi-check: abidiff failed ($$status)"; exit 1; \
	elif [ $$((status & 4)) -ne 0 ]; then echo "abi-check: compatible additions; run 'make abi-baseline' when releasing"; \
	else echo "abi-check: the C ABI matches $(ABI_BASELINE)"; fi

abi-baseline: abi-library
	$(ABI_DW) --out-file $(ABI_BASELINE) $(ABI_BUILD)/libdeckhand.so
	@echo "wrote $(ABI_BASELINE)"

# The Python package (python/, docs/python.md): libdeckhand.so and the deckhand tool from a
# Release build of their own, then a platform wheel carrying the library, built with Debian's
# interpreter (the python3 first on PATH may be another one). python-test installs the wheel
# into a fresh venv, offline, and PettingZoo with what it needs from PyPI (pinned with hashes:
# python/tests/requirements.txt; no dependencies resolved), and runs the tests against the
# installed copy.
PY := /usr/bin/python3
PY_BUILD := build/python
PY_PACKAGES := python3-build python3-wheel python3-setuptools python3-numpy python3-pytest \
  python3-hypothesis python3-venv python3-distributed python3-pycparser \
  python3-typing-extensions
# The Release build of libdeckhand.so and the deckhand tool that the Python package and every
# binding (bindings/*) load and compare against: $(NATIVE_BUILD)/libdeckhand.so, $(NATIVE_BUILD)/deckhand.
NATIVE_BUILD := $(PY_BUILD)
native: deps
	cmake -S . -B $(NATIVE_BUILD) -DCMAKE_BUILD_TYPE=Release -DDECKHAND_BUILD_TESTS=OFF \
	  -DDECKHAND_BUILD_BENCH=OFF > /dev/null
	cmake --build $(NATIVE_BUILD) -j $(JOBS) --target deckhand deckhand_cli

python: native
	@$(MAKE) --no-print-directory deps PACKAGES="$(PY_PACKAGES)"
	cp -L $(PY_BUILD)/libdeckhand.so python/deckhand/libdeckhand.so
	rm -rf $(PY_BUILD)/dist python/build python/deckhand.egg-info
	cd python && $(PY) -m build --no-isolation --wheel --outdir ../$(PY_BUILD)/dist .
	@ls $(PY_BUILD)/dist/*.whl

python-test: python
	rm -rf $(PY_BUILD)/venv
	$(PY) -m venv --system-site-packages $(PY_BUILD)/venv
	$(PY_BUILD)/venv/bin/pip install --no-index --no-deps --quiet $(PY_BUILD)/dist/deckhand-*.whl
	$(PY_BUILD)/venv/bin/pip install --no-deps --require-hashes --quiet --disable-pip-version-check \
	  -r python/tests/requirements.txt
	cd $(PY_BUILD) && DECKHAND_CLI="$(CURDIR)/$(PY_BUILD)/deckhand" DECKHAND_EXPECT_INSTALLED=1 \
	  DECKHAND_EXPECT_PETTINGZOO=1 venv/bin/python -m pytest -q -p no:cacheprovider "$(CURDIR)/python/tests"

# Actions per second of VectorEnv and of the plain Game API (docs/python.md "Speed").
python-bench: python-test
	$(PY_BUILD)/venv/bin/python python/bench/bench_env.py

# VectorEnv and the AEC environment against the library's bots, per level (docs/performance.md
# "Python against bots").
.PHONY: python-bench-opponents
python-bench-opponents: python-test
	$(PY_BUILD)/venv/bin/python python/bench/bench_opponents.py

# Self-play throughput in process and on local Dask clusters of 1 and 2 workers
# (docs/distributed.md "Scaling").
python-bench-selfplay: python-test
	$(PY_BUILD)/venv/bin/python python/bench/bench_selfplay.py

# The npm package web/dist/ (docs/web.md): the library compiled by Debian's emscripten, the
# binding for CommonJS and ES modules, its types checked by tsc; the npm packages (typescript,
# playwright-core) come from web/package-lock.json. web-test runs the Node tests, comparing
# replay with the deckhand tool of the dev build, and the browser tests in Debian's headless
# Chromium (screenshots in build/web/screenshots), the online ones against the table server
# (server/, built by `make server`, started by the test). web-serve serves the app on 127.0.0.1.
WEB_PACKAGES := emscripten nodejs chromium python3-pycparser
WEB_PORT ?= 8080
web-deps: deps
	@$(MAKE) --no-print-directory deps PACKAGES="$(WEB_PACKAGES)"

web/node_modules/.package-lock.json: web/package-lock.json | web-deps
	cd web && npm ci --no-audit --no-fund

web: web-deps web/node_modules/.package-lock.json
	JOBS=$(JOBS) web/build-wasm.sh build/web
	node web/build.mjs build/web/deckhand_wasm.js
	node web/node_modules/typescript/bin/tsc -p web/tsconfig.json

web-test: web
	cmake --preset dev > /dev/null
	cmake --build --preset dev -j $(JOBS) --target deckhand_cli
	$(MAKE) --no-print-directory server
	DECKHAND_CLI="$(CURDIR)/build/dev/deckhand" DECKHAND_PYTHON=$(PY) node --test web/test/header.test.mjs web/test/api.test.mjs \
	  web/test/hostile.test.mjs web/test/table.test.mjs web/test/examples.test.mjs web/test/browser.test.mjs \
	  web/test/online.test.mjs

web-serve: web
	node web/serve.mjs --port $(WEB_PORT)

# Random playouts through the package in Node against the same through the native C ABI
# (Release), docs/performance.md "WebAssembly".
web-bench: web
	cmake -S . -B build/web/native -DCMAKE_BUILD_TYPE=Release -DDECKHAND_BUILD_TESTS=OFF \
	  -DDECKHAND_BUILD_BENCH=OFF -DDECKHAND_BUILD_TOOLS=OFF > /dev/null
	cmake --build build/web/native -j $(JOBS) --target deckhand
	cc -O2 -std=c99 -Icapi/include -Ibuild/web/native/generated/include web/bench/bench_native.c \
	  -Lbuild/web/native -ldeckhand -Wl,-rpath,$(CURDIR)/build/web/native -o build/web/bench_native
	build/web/bench_native
	node web/bench/bench_playout.mjs
	node web/bench/bench_bots.mjs expert

clean:
	rm -rf build

# Formatting by .clang-format with Debian's clang-format-14: `make format` rewrites the C and
# C++ files git knows, `make format-check` fails naming every file that differs (CI).
CLANG_FORMAT := clang-format-14
FORMATTED = $(shell git ls-files '*.c' '*.h' '*.cpp' '*.hpp')
format:
	@$(MAKE) --no-print-directory deps PACKAGES="clang-format-14"
	$(CLANG_FORMAT) -i $(FORMATTED)

format-check:
	@$(MAKE) --no-print-directory deps PACKAGES="clang-format-14"
	@drift=$$(for f in $(FORMATTED); do $(CLANG_FORMAT) --dry-run --Werror $$f >/dev/null 2>&1 || echo $$f; done); \
	if [ -n "$$drift" ]; then echo "not formatted as .clang-format says (run make format):"; echo "$$drift"; exit 1; fi; \
	echo "format-check: $(words $(FORMATTED)) files as .clang-format says"

# A fuzz target of the Python package's argument paths (python/fuzz/fuzz_args.py) with
# atheris from PyPI at a pinned version, in a venv of its own over the wheel of `make
# python`, for PY_FUZZ_SECONDS (docs/hostile-input.md).
ATHERIS_VERSION := 2.3.0
PY_FUZZ_SECONDS ?= 20
python-fuzz: python
	@[ -x $(PY_BUILD)/fuzz-venv/bin/python ] || $(PY) -m venv --system-site-packages $(PY_BUILD)/fuzz-venv
	$(PY_BUILD)/fuzz-venv/bin/pip install --quiet atheris==$(ATHERIS_VERSION)
	$(PY_BUILD)/fuzz-venv/bin/pip install --no-index --no-deps --force-reinstall --quiet $(PY_BUILD)/dist/deckhand-*.whl
	cd $(PY_BUILD) && fuzz-venv/bin/python "$(CURDIR)/python/fuzz/fuzz_args.py" -max_total_time=$(PY_FUZZ_SECONDS) \
	  -print_final_stats=1

# The Rust binding (bindings/rust: crates deckhand-sys and deckhand, over the library of
# `native`, linked with an rpath to it; docs/install.md). No crates from crates.io: nothing is
# downloaded. rust-test checks the formatting (rustfmt) and runs cargo test: the header check
# reads deckhand.h through tests/bindings/deckhand_header.py (python3-pycparser), the replay
# test runs the CLI of `native`.
RUST_DIR := bindings/rust
RUST_ENV := DECKHAND_LIB_DIR="$(CURDIR)/$(NATIVE_BUILD)" DECKHAND_CLI="$(CURDIR)/$(NATIVE_BUILD)/deckhand"
.PHONY: bindings-rust rust-test rust-toolchain
# cargo and rustc at least the workspace's rust-version (Debian's are older): said plainly.
RUST_MIN = $(shell sed -n 's/^rust-version *= *"\(.*\)"/\1/p' $(RUST_DIR)/Cargo.toml)
rust-toolchain:
	@command -v cargo > /dev/null && command -v rustc > /dev/null || { \
	  echo "no cargo/rustc on PATH: the Rust binding needs Rust $(RUST_MIN) or later (rustup: https://rustup.rs; Debian's rustc is older)"; exit 1; }
	@have=$$(rustc --version | awk '{print $$2}'); \
	if [ "$$(printf '%s\n%s\n' "$(RUST_MIN)" "$$have" | sort -V | head -n 1)" != "$(RUST_MIN)" ]; then \
	  echo "rustc $$have is older than $(RUST_MIN), the Rust binding's rust-version (rustup update, or PATH to a newer one)"; exit 1; fi

bindings-rust: native rust-toolchain
	cd $(RUST_DIR) && $(RUST_ENV) cargo build --locked --all-targets -j $(JOBS)

rust-test: native rust-toolchain
	@$(MAKE) --no-print-directory deps PACKAGES="python3-pycparser"
	cd $(RUST_DIR) && cargo fmt --all --check
	cd $(RUST_DIR) && $(RUST_ENV) cargo test --locked -j $(JOBS)

# The Go binding (bindings/go: module github.com/deckhand/deckhand-go, cgo against capi/include
# and the library of `native`, with an rpath to it; docs/install.md). Standard library only:
# nothing is downloaded. go-test checks gofmt and go vet and runs go test (the header check
# reads deckhand.h through tests/bindings/deckhand_header.py, python3-pycparser; the replay
# test runs the CLI of `native`).
# The library's directory: DECKHAND_LIB_DIR as for the other bindings, else that of `native`.
# cgo reads no environment variable of ours in its #cgo lines, so the directory goes in by
# CGO_LDFLAGS, which the go tool puts before the package's own flags (bindings/go/cgo.go: the
# default -L and rpath to build/python): the linker and the loader look there first.
GO_DIR := bindings/go
GO_LIB_DIR := $(if $(DECKHAND_LIB_DIR),$(abspath $(DECKHAND_LIB_DIR)),$(CURDIR)/$(NATIVE_BUILD))
GO_ENV := CGO_LDFLAGS="-L$(GO_LIB_DIR) -Wl,-rpath,$(GO_LIB_DIR) $(CGO_LDFLAGS)" DECKHAND_LIB_DIR="$(GO_LIB_DIR)"
.PHONY: bindings-go go-test go-toolchain
# go at least the version go.mod names (Debian's is older): said plainly.
GO_MIN = $(shell sed -n 's/^go \([0-9.]*\)$$/\1/p' $(GO_DIR)/go.mod)
go-toolchain:
	@command -v go > /dev/null || { \
	  echo "no go on PATH: the Go binding needs Go $(GO_MIN) or later with cgo (https://go.dev/dl; Debian's golang is older)"; exit 1; }
	@have=$$(go env GOVERSION | sed 's/^go//'); \
	if [ "$$(printf '%s\n%s\n' "$(GO_MIN)" "$$have" | sort -V | head -n 1)" != "$(GO_MIN)" ]; then \
	  echo "go $$have is older than $(GO_MIN), the version go.mod names (PATH to a newer one)"; exit 1; fi

bindings-go: native go-toolchain
	cd $(GO_DIR) && $(GO_ENV) go build -p $(JOBS) ./... && $(GO_ENV) go build -p $(JOBS) -o bin/replay ./cmd/replay

go-test: native go-toolchain
	@$(MAKE) --no-print-directory deps PACKAGES="python3-pycparser"
	@cd $(GO_DIR) && drift=$$(gofmt -l .); if [ -n "$$drift" ]; then \
	  echo "not formatted as gofmt says (run gofmt -w bindings/go):"; echo "$$drift"; exit 1; fi
	cd $(GO_DIR) && $(GO_ENV) go vet -p $(JOBS) ./...
	cd $(GO_DIR) && $(GO_ENV) DECKHAND_CLI="$(CURDIR)/$(NATIVE_BUILD)/deckhand" go test -p $(JOBS) -count=1 ./...

# The Java/Kotlin binding (bindings/java, JNA over the C ABI; bindings/java/README.md).
# java-test runs its JUnit tests (the Kotlin program among them) against the library of
# `make native`; bindings-java builds the jar and copies JNA beside it (target/lib) for
# bindings/java/replay, without tests. Maven's repository: ~/.m2 unless MVN_REPO names one.
JAVA_PACKAGES := openjdk-17-jdk-headless maven
MVN_REPO ?=
MVN := mvn -B -q -Dstyle.color=never -f bindings/java/pom.xml $(if $(MVN_REPO),-Dmaven.repo.local=$(MVN_REPO))
.PHONY: java-deps java-test bindings-java java-format java-format-check
java-deps:
	@command -v mvn > /dev/null && command -v javac > /dev/null || \
	  $(MAKE) --no-print-directory deps PACKAGES="$(JAVA_PACKAGES)"

java-test: native java-deps java-format-check
	@$(MAKE) --no-print-directory deps PACKAGES="python3-pycparser"
	$(MVN) -Ddeckhand.lib.dir=$(CURDIR)/$(NATIVE_BUILD) package
	@cat bindings/java/target/surefire-reports/TEST-*.xml | sed -n 's/.*<testsuite .* tests="\([0-9]*\)" errors="\([0-9]*\)" skipped="\([0-9]*\)" failures="\([0-9]*\)".*/\1 \2 \3 \4/p' | \
	  awk '{t += $$1; e += $$2; s += $$3; f += $$4} END {printf "java: %d passed, %d failed, %d skipped\n", t - e - s - f, e + f, s}'

bindings-java: native java-deps
	$(MVN) -Ddeckhand.lib.dir=$(CURDIR)/$(NATIVE_BUILD) -DskipTests package

# Java sources formatted by google-java-format (pinned; the all-deps jar fetched through
# Maven into build/java): java-format rewrites them, java-format-check names every file
# that differs.
GJF_VERSION := 1.28.0
GJF_JAR := build/java/google-java-format-$(GJF_VERSION)-all-deps.jar
GJF := java $(foreach p,api code file parser tree util,--add-exports=jdk.compiler/com.sun.tools.javac.$(p)=ALL-UNNAMED) -jar $(GJF_JAR)
JAVA_SOURCES = $(shell git ls-files 'bindings/java/*.java')
$(GJF_JAR): | java-deps
	$(MVN) org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
	  -Dartifact=com.google.googlejavaformat:google-java-format:$(GJF_VERSION):jar:all-deps \
	  -DoutputDirectory=$(CURDIR)/build/java
java-format: $(GJF_JAR)
	$(GJF) --replace $(JAVA_SOURCES)
java-format-check: $(GJF_JAR)
	@[ -n "$(JAVA_SOURCES)" ] || { echo "java-format-check: no Java sources known to git"; exit 0; }; \
	drift=$$($(GJF) --dry-run $(JAVA_SOURCES)); \
	if [ -n "$$drift" ]; then echo "not formatted as google-java-format $(GJF_VERSION) says (run make java-format):"; echo "$$drift"; exit 1; fi; \
	echo "java-format-check: $(words $(JAVA_SOURCES)) files as google-java-format says"

# The C# binding (bindings/dotnet/README.md): built with Debian's Mono (mcs) against the
# library of `make native` into build/dotnet/ (Deckhand.dll, the replay program, the tests,
# the NuGet layout and the Unity package); dotnet-test runs its tests under mono, among them
# every record of tests/ through bindings/dotnet/replay against the CLI.
DOTNET_PACKAGES := mono-devel
DOTNET_BUILD := build/dotnet
.PHONY: bindings-dotnet dotnet-test
bindings-dotnet: native
	@$(MAKE) --no-print-directory deps PACKAGES="$(DOTNET_PACKAGES)"
	bindings/dotnet/build.sh $(DOTNET_BUILD) $(NATIVE_BUILD)

dotnet-test: bindings-dotnet
	cd $(DOTNET_BUILD) && LD_LIBRARY_PATH="$(CURDIR)/$(NATIVE_BUILD)" DECKHAND_ROOT="$(CURDIR)" \
	  DECKHAND_CLI="$(CURDIR)/$(NATIVE_BUILD)/deckhand" DECKHAND_LIB_DIR="$(CURDIR)/$(NATIVE_BUILD)" \
	  DECKHAND_DOTNET_BUILD="$(CURDIR)/$(DOTNET_BUILD)" mono --debug tests.exe

# Every binding (bindings/*, docs/install.md): `make bindings` builds them all; each has its
# test target, run by .ci/run (rust-test, go-test, java-test, dotnet-test).
.PHONY: bindings bindings-test
bindings: bindings-rust bindings-go bindings-java bindings-dotnet
bindings-test: rust-test go-test java-test dotnet-test

# The fast tool: the Release build of `deckhand` (the same build as `native`, no second one);
# `make demo` and `make test` use the Debug build of the dev preset.
.PHONY: release
release: native
	@echo "the Release tool: $(NATIVE_BUILD)/deckhand (make install PREFIX=... installs it as bin/deckhand)"

# Every code block of README.md, docs/*.md, CONTRIBUTING.md and web/src/README.md runs as
# written (tests/docs/run_docs.py: sh, C, C++, CMake, Python, JavaScript as CommonJS and as an
# ES module; a block not run says why in the markdown). It uses the builds of native (through
# the README's `make install PREFIX=$HOME/.local`, HOME a scratch directory), python-test (the
# venv build/python/venv with the wheel), web (web/dist) and web-test (build/dev/deckhand, for
# the README's `make demo`): CI runs it after web-test. About 1 minute on 2 cores then.
.PHONY: docs-test docs-list
docs-test: native web-deps
	@[ -x $(PY_BUILD)/venv/bin/python ] || { echo "docs-test: no build/python/venv: run make python-test first"; exit 1; }
	@[ -f web/dist/index.cjs ] || { echo "docs-test: no web/dist: run make web first"; exit 1; }
	$(PY) tests/docs/run_docs.py

docs-list:
	$(PY) tests/docs/run_docs.py --list

# Other platforms (docs/install.md "Platforms"), Release builds of the library and of the
# tests they run, nothing else. windows-test cross-builds deckhand.dll (+ import library
# libdeckhand.dll.a, static libdeckhand.a) with Debian's mingw-w64 (cmake/mingw-w64.cmake) and
# runs the C tests and the quick doctest suites under wine (its prefix in build/wine).
# cross-test cross-builds for Linux ARM64 and s390x (big-endian) with Debian's cross
# compilers (cmake/linux-cross.cmake) and runs under qemu-user the C ABI tests, the property
# tests at 1/PROPERTY_DIVISOR of their counts and the shared vectors. Every target compares
# the vectors (tests/vectors) with tests/vectors/expected byte for byte.
WINDOWS_PACKAGES := cmake ninja-build doctest-dev g++-mingw-w64-x86-64-posix wine wine64
CROSS_PACKAGES := cmake ninja-build doctest-dev g++-aarch64-linux-gnu g++-s390x-linux-gnu qemu-user
CROSS_ARCHS ?= aarch64 s390x
PROPERTY_DIVISOR ?= 40
# Ninja builds the test programs side by side (CMake's Makefiles build one target at a time).
PLATFORM_CMAKE := -G Ninja -DCMAKE_BUILD_TYPE=Release -DDECKHAND_BUILD_TOOLS=OFF -DDECKHAND_BUILD_BENCH=OFF
PLATFORM_C_TESTS := test_capi test_table_capi test_solve_capi test_bots test_playout test_header_cxx test_vectors
# The fuzz targets replaying their committed corpora (hostile bytes through every reader).
PLATFORM_CORPUS_TESTS := fuzz_record fuzz_action fuzz_deserialize fuzz_capi fuzz_image fuzz_table
WINDOWS_TESTS := $(PLATFORM_C_TESTS) $(PLATFORM_CORPUS_TESTS) test_random_play test_common test_images test_records test_table \
  test_catalog test_toonerville_melds test_ghost_euchre_rules test_sheepshead_rules test_toonerville_rules
CROSS_TESTS := $(PLATFORM_C_TESTS) $(PLATFORM_CORPUS_TESTS) test_game_properties test_ghost_euchre_properties \
  test_sheepshead_properties test_toonerville_properties
# ctest's names of those tests (the property tests run in halves, the fuzz targets as _corpus).
platform_ctest = $(shell echo '^($(subst $(eval) ,|,$(strip $(1))))(_[0-9]+|_corpus)?$$')
WINE_ENV = WINEPREFIX="$(CURDIR)/build/wine/prefix" WINEDEBUG=-all WINEPATH='Z:$(subst /,\,$(CURDIR))\build\windows'
.PHONY: windows-test cross-test vectors-expected
windows-test:
	@$(MAKE) --no-print-directory deps PACKAGES="$(WINDOWS_PACKAGES)"
	cmake -S . -B build/windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake $(PLATFORM_CMAKE) > /dev/null
	cmake --build build/windows -j $(JOBS) --target deckhand deckhand_static $(WINDOWS_TESTS)
	@[ -d build/wine/prefix ] || { echo "first wine boot (build/wine/prefix)"; mkdir -p build/wine; \
	  $(WINE_ENV) wineboot -i > build/wine/boot.log 2>&1; $(WINE_ENV) wineserver -w; }
	cd build/windows && $(WINE_ENV) ctest -j $(JOBS) --output-on-failure -R '$(call platform_ctest,$(WINDOWS_TESTS))'
	@ls build/windows/deckhand.dll build/windows/libdeckhand.dll.a build/windows/libdeckhand.a

cross-test:
	@$(MAKE) --no-print-directory deps PACKAGES="$(CROSS_PACKAGES)"
	@for arch in $(CROSS_ARCHS); do \
	  echo "== $$arch-linux-gnu (qemu-$$arch)"; \
	  cmake -S . -B build/cross-$$arch -DCMAKE_TOOLCHAIN_FILE=cmake/linux-cross.cmake \
	    -DDECKHAND_CROSS_TRIPLE=$$arch-linux-gnu $(PLATFORM_CMAKE) > /dev/null && \
	  cmake --build build/cross-$$arch -j $(JOBS) --target deckhand deckhand_static $(CROSS_TESTS) && \
	  (cd build/cross-$$arch && DECKHAND_PROPERTY_DIVISOR=$(PROPERTY_DIVISOR) \
	    ctest -j $(JOBS) --output-on-failure -R '$(call platform_ctest,$(CROSS_TESTS))') || exit 1; \
	done

# Rewrites tests/vectors/expected from the library of `make native` (after a deliberate change
# of a deal, an image or a text; commit the result with the change that made it).
vectors-expected: native
	cc -O2 -std=c99 -Icapi/include -I$(NATIVE_BUILD)/generated/include tests/vectors/vectors.c \
	  -L$(NATIVE_BUILD) -ldeckhand -Wl,-rpath,$(CURDIR)/$(NATIVE_BUILD) -o $(NATIVE_BUILD)/vectors
	rm -rf tests/vectors/expected && mkdir -p tests/vectors/expected
	$(NATIVE_BUILD)/vectors write tests/vectors/expected

# The shared vectors in WebAssembly: tests/vectors/vectors.c compiled by emscripten against
# the archive web/build-wasm.sh builds for the npm package (build/web/cmake/libdeckhand.a,
# the same flags), run by Node with the host's files (NODERAWFS), compared with
# tests/vectors/expected byte for byte.
.PHONY: web-vectors
web-vectors: web-deps
	JOBS=$(JOBS) web/build-wasm.sh build/web
	emcc -O2 -std=c99 -Icapi/include -Ibuild/web/cmake/generated/include -c tests/vectors/vectors.c \
	  -o build/web/vectors.o
	NODE_PATH=/usr/share/nodejs em++ -O2 -fwasm-exceptions build/web/vectors.o build/web/cmake/libdeckhand.a \
	  -o build/web/vectors.js -sENVIRONMENT=node -sSINGLE_FILE=1 -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1
	node build/web/vectors.js check tests/vectors/expected

# The table server (server/, docs/server.md): npm ci and tsc. It needs the web package's build
# (web/dist): `make web` builds it when it is missing. server-run starts one process on
# 127.0.0.1 with an SQLite file under build/server; server-test runs the Node tests with real
# colyseus.js clients, PostgreSQL and Redis started on loopback by server/test/services.sh.
.PHONY: server server-run server-test
SERVER_PORT ?= 2567
web/dist/index.mjs:
	$(MAKE) web

server/node_modules/.package-lock.json: server/package-lock.json web/dist/index.mjs | web-deps
	cd server && npm ci --no-audit --no-fund

server: server/node_modules/.package-lock.json
	cd server && node node_modules/typescript/bin/tsc -p .

server-run: server
	mkdir -p build/server
	node server/bin/deckhand-server.mjs --port $(SERVER_PORT) --db build/server/deckhand.db

server-test: server
	DECKHAND_TEST_REQUIRE_PG=1 sh server/test/services.sh run \
	  node --test --test-concurrency=1 server/test/*.test.mjs
