# Build, test, run and install the finger-painting client and its tools.
# `make run` and `make test` install the Debian packages they need first (as root, or through sudo).

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIG ?= debug

# Debian packages: build dependencies, and the real compositors the tests run against.
BUILD_PACKAGES = libwayland-dev libwayland-bin libxkbcommon-dev libcairo2-dev wayland-protocols pkg-config
TEST_PACKAGES = weston sway grim xkb-data

.PHONY: all build test run deps test-deps clean

all: build

# Installs whatever of the listed packages is missing; does nothing when all are there.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

build: deps
	$(SWIFT) build -c $(CONFIG)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

run: build
	$(SWIFT) run -c $(CONFIG) touchdump assets/two-fingers.jsonl

clean:
	rm -rf .build
