# calpolicy — the two quick-start commands are `make run` and `make test`.
SWIFT ?= swift
PY := .venv/bin/python

.PHONY: run test setup setup-test build release unit oracles e2e bench fuzz clean

setup:
	@scripts/setup.sh

setup-test:
	@scripts/setup.sh test

# A fully static executable (Swift runtime, Foundation, liblua5.4.a and libm linked in)
# starts in about a third of the time of the dynamic build, close to `ncal`: there are
# no shared libraries to load and relocate. lld links it without gold's glibc warnings.
# Metadata of generic types such as Set<LuaFunctionSlot> is reached through accessors,
# not mangled names: demangling one checks each `Hashable` requirement by scanning every
# protocol conformance in the binary (Foundation's included), ~0.3 M instructions per
# new key type on a start that runs ~4 M in all.
RELEASE_FLAGS := -Xswiftc -static-executable -Xswiftc -use-ld=lld -Xlinker -lm -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

release: setup
	$(SWIFT) build -c release --product calpolicy $(RELEASE_FLAGS)

# Main job: evaluate a shipped policy for the current month.
run: release
	.build/release/calpolicy eval policies/us-federal-holidays.lua

build: setup
	$(SWIFT) build --build-tests

unit: build
	$(SWIFT) test --skip-build



# Everything CI runs.
test: setup-test
	@scripts/test-all.sh

bench: setup-test
	benchmarks/run.sh

# Bounded libFuzzer runs (FUZZ_SECONDS per target, default 60); see docs/reliability.md.
fuzz:
	scripts/fuzz.sh

clean:
	rm -rf .build .venv
