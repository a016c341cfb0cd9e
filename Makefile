# calpolicy — the two quick-start commands are `make run` and `make test`.
SWIFT ?= swift
PY := .venv/bin/python

.PHONY: run test setup setup-test build release unit oracles e2e bench fuzz clean

setup:
	@scripts/setup.sh

setup-test:
	@scripts/setup.sh test

release: setup
	$(SWIFT) build -c release --product calpolicy

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

clean:
	rm -rf .build .venv
