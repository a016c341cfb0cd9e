# calpolicy — the two quick-start commands are `make run` and `make test`.
SWIFT ?= swift
PY := .venv/bin/python

.PHONY: run test setup setup-test build release unit bench bench-serve serve fuzz clean

setup:
	@scripts/setup.sh

setup-test:
	@scripts/setup.sh test

# Release flags (a fully static executable linked with lld in the order of
# scripts/startup.order, plus one undocumented frontend flag) come from
# scripts/release-flags.sh, which keeps only what this toolchain accepts and says on stderr
# what it dropped; the reasons for each flag are there. Evaluated only by `make release`;
# `make release RELEASE_FLAGS=` builds without any.
RELEASE_FLAGS = $(shell scripts/release-flags.sh)

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

# calpolicy serve under wrk, beside nginx serving the same JSON (installs wrk and nginx).
bench-serve:
	benchmarks/serve.sh

# The HTTP server on 127.0.0.1:8080 for the shipped holiday policy (docs/http-api.md).
serve: setup
	$(SWIFT) build -c release --product calpolicy-serve
	.build/release/calpolicy-serve policies/us-federal-holidays.lua --watch

# Bounded libFuzzer runs (FUZZ_SECONDS per target, default 60); see docs/reliability.md.
fuzz:
	scripts/fuzz.sh

clean:
	rm -rf .build .venv
