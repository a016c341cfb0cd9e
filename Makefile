# calpolicy — the two quick-start commands are `make run` and `make test`.
SWIFT ?= swift
PY := .venv/bin/python

.PHONY: run test setup setup-test build release release-serve install uninstall deb image unit bench bench-serve serve fuzz clean

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

# The server's release build. Its own scratch folder: it links dynamically (libmicrohttpd) without
# the CLI's static flags, and sharing .build/release would rebuild one whenever the other is built.
SERVE_SCRATCH = .build/serve-release
release-serve: setup
	$(SWIFT) build -c release --product calpolicy-serve --scratch-path $(SERVE_SCRATCH)

# `make install PREFIX=/usr/local DESTDIR=`: release binaries (stripped; STRIP=0 keeps the debug
# info in them), policies, holiday data, man pages and completions generated from the binaries,
# the systemd unit, docs. Layout and variables: scripts/install.sh; docs/deploy.md.
PREFIX ?= /usr/local
DESTDIR ?=
STRIP ?= 1
INSTALL_ENV = PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" STRIP="$(STRIP)"
CLI_BINARY = .build/release/calpolicy
SERVE_BINARY = $(SERVE_SCRATCH)/release/calpolicy-serve

install: release release-serve
	$(INSTALL_ENV) scripts/install.sh $(CLI_BINARY) $(SERVE_BINARY)

uninstall:
	$(INSTALL_ENV) scripts/install.sh --uninstall $(CLI_BINARY) $(SERVE_BINARY)

# calpolicy_VERSION_amd64.deb in .build/deb (dpkg-deb, dpkg-shlibdeps, lintian): scripts/deb.sh.
deb: release release-serve
	scripts/deb.sh

# The container image calpolicy-serve:VERSION (FROM scratch, buildah): scripts/image.sh.
image: release release-serve
	scripts/image.sh

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
