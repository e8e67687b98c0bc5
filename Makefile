# Build, test, run and install the finger-painting client and its tools.
# `make run` and `make test` install the Debian packages they need first (as root, or through sudo).

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# The build configuration: `make build` and `make run` default to debug, `make install` to release.
CONFIG ?=
BUILD_CONFIG = $(or $(CONFIG),debug)
INSTALL_CONFIG = $(or $(CONFIG),release)
# The window programs' application IDs (xdg_toplevel.set_app_id): their desktop files and icons are named after them.
FINGERPAINT_ID = io.github.fingerpaint.FingerPaint
GESTURE_DEMO_ID = io.github.fingerpaint.GestureDemo

# Debian packages: build dependencies, and the real compositors and clients the tests run against.
BUILD_PACKAGES = libwayland-dev libwayland-bin libxkbcommon-dev libcairo2-dev libglib2.0-dev wayland-protocols pkg-config \
	fonts-dejavu-core libpng-dev libjpeg-dev zlib1g-dev libmypaint-dev mypaint-brushes gettext
TEST_PACKAGES = weston sway grim xkb-data procps shared-mime-info mutter kwin-wayland plasma-wayland-protocols dbus \
	desktop-file-utils poppler-utils wl-clipboard krita xvfb xauth mypaint librsvg2-bin locales $(PACKAGE_PACKAGES)
# The locales the translation tests run the window in (generated when missing: Debian ships only C.UTF-8).
TEST_LOCALES = fr_FR
# What `make deb` and its test use: dpkg-shlibdeps, lintian, appstreamcli, and a clean bookworm root to install into.
PACKAGE_PACKAGES = dpkg-dev lintian appstream mmdebstrap

.PHONY: all build test run deps test-deps package-deps clean generate protocols programs install install-data man uninstall deb fuzz sanitize docs translations

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
	@for l in $(TEST_LOCALES); do locale -a | grep -qix "$$l.utf8" || { echo "Generating the locale $$l.UTF-8"; \
		$$( [ "$$(id -u)" = 0 ] || echo sudo ) localedef -i $$l -f UTF-8 $$l.UTF-8; }; done

package-deps: deps
	$(call install_missing,$(PACKAGE_PACKAGES))

build: generate
	$(SWIFT) build -c $(BUILD_CONFIG)

# Every `import` of a package target must be a declared dependency: the build fails otherwise (issue #34).
# The example app is a package of its own (Examples/UndoGesture): its check builds it before the tests that run its
# program (Tests/UndoGestureProgramTests, which would build it themselves otherwise). Last, the Debian package is
# built (make deb, 2 to 4 minutes) and its own tests run on it (Tests/PackageTests, about a minute).
test: test-deps generate translations
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	SWIFT=$(SWIFT) scripts/check-undo-gesture.sh
	$(SWIFT) test --skip-build
	SWIFT=$(SWIFT) scripts/check-consumer.sh
	$(MAKE) deb
	FINGERPAINT_DEB=$(DEB) $(SWIFT) test --skip-build --filter PackageTests

# The reference documentation of the library products TouchUI, SeatStream, SeatInput, TouchUITesting and WaylandApp,
# with their articles (Sources/MODULE/MODULE.docc), as one static site in $(DOCS_DIR): serve the folder (for example
# `python3 -m http.server -d .build/docs`) and open /documentation/touchui. Any DocC warning fails the build, and so
# does a public symbol without a doc comment of its own (scripts/doc-coverage.swift, over the symbol graphs DocC read).
DOCS_DIR ?= .build/docs
DOCS_TARGETS = TouchUI SeatStream SeatInput TouchUITesting WaylandApp
docs:
	$(SWIFT) package --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
		$(foreach t,$(DOCS_TARGETS),--target $(t)) --enable-experimental-combined-documentation \
		--output-path $(DOCS_DIR) --transform-for-static-hosting --warnings-as-errors
	$(SWIFT) scripts/doc-coverage.swift "$$(dirname "$$($(SWIFT) build --show-bin-path)")/extracted-symbols" $(DOCS_TARGETS)

# The fuzzers (docs/reliability.md, "Fuzzing"): each target built with libFuzzer and AddressSanitizer, coverage in
# every module, then run for FUZZ_TIME seconds from its seed corpus (Fuzz/corpus/NAME) and the inputs that once made
# it trap (Fuzz/regressions/NAME). What it learns goes to .build-fuzz/corpus; a crash is written to
# Fuzz/regressions/NAME/ (keep it, with its fix) and fails the run. FUZZ_TIME=30 in CI. Inputs are at most 2 kB, 8 kB
# for openraster (its seeds are whole .ora files from Krita and MyPaint).
FUZZ_TIME ?= 60
FUZZ_TARGETS = document trace seat-events round-trip openraster image import brush-preset settings paste catalogue
FUZZ_BUILD = --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,trace-cmp,pc-table \
	--scratch-path .build-fuzz
fuzz: generate
	for target in $(FUZZ_TARGETS); do $(SWIFT) build $(FUZZ_BUILD) --product fuzz-$$target || exit 1; done
	for target in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$target Fuzz/regressions/$$target; \
		echo "make fuzz: fuzz-$$target for $(FUZZ_TIME) s"; \
		ASAN_OPTIONS=detect_leaks=0 .build-fuzz/debug/fuzz-$$target .build-fuzz/corpus/$$target Fuzz/corpus/$$target Fuzz/regressions/$$target \
			-max_total_time=$(FUZZ_TIME) -rss_limit_mb=3072 -max_len=$$(case $$target in openraster|import) echo 8192;; *) echo 2048;; esac) -detect_leaks=0 -print_final_stats=1 \
			-artifact_prefix=Fuzz/regressions/$$target/ 2>.build-fuzz/$$target.log || \
			{ tail -40 .build-fuzz/$$target.log; exit 1; }; \
		grep -E "^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)|DONE" .build-fuzz/$$target.log; \
	done

# The in-process tests (the journal's queue, the tile worker, the thumbnails, the gesture core) under
# ThreadSanitizer, then AddressSanitizer, each build in its own scratch folder (docs/reliability.md, "Sanitizers").
# A report fails the run. The program tests start sanitized children that run too slowly for their real-time
# traces; docs/reliability.md gives the result of running them by hand.
SANITIZED_TESTS = FingerPaintTests|GestureDemoTests|PaintModelTests|PaintRenderTests|PaintUITests|SeatInputTests|SeatStreamTests|TouchUITests|WaylandAppTests|WaylandClientTests
sanitize: test-deps generate
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(SANITIZED_TESTS)'
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter '$(SANITIZED_TESTS)'

# The painting program in a window on the user's compositor; with no compositor to reach, the bundled demo trace
# rendered to a PNG instead.
run: build translations
	@export FINGERPAINT_LOCALEDIR="$(CURDIR)/$(LOCALE_DIR)"; socket="$${WAYLAND_DISPLAY:-wayland-0}"; case "$$socket" in /*) ;; *) socket="$${XDG_RUNTIME_DIR}/$$socket";; esac; \
	if [ -n "$${XDG_RUNTIME_DIR}$${WAYLAND_DISPLAY}" ] && [ -S "$$socket" ]; then \
		$(SWIFT) run -c $(BUILD_CONFIG) --skip-build fingerpaint; \
	else \
		echo "make run: no Wayland compositor at $$socket (WAYLAND_DISPLAY=$${WAYLAND_DISPLAY:-unset}, XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-unset}); rendering the demo trace instead"; \
		mkdir -p out && $(SWIFT) run -c $(BUILD_CONFIG) --skip-build fingerpaint --replay assets/demo-trace.jsonl --output out/demo.png && \
		echo "make run: wrote $$(pwd)/out/demo.png"; \
	fi

# The translations (po/LANG.po for each language po/LINGUAS names), checked by msgfmt --check and built into
# $(LOCALE_DIR)/LANG/LC_MESSAGES/fingerpaint.mo; `make run` reads them there, `make install` installs them
# (docs/translations.md).
LINGUAS = $(shell sed -e 's/\#.*//' po/LINGUAS)
LOCALE_DIR = .build/locale
translations: deps
	for l in $(LINGUAS); do mkdir -p $(LOCALE_DIR)/$$l/LC_MESSAGES && \
		msgfmt --check -o $(LOCALE_DIR)/$$l/LC_MESSAGES/fingerpaint.mo po/$$l.po || exit 1; done

# The programs a user installs.
PROGRAMS = fingerpaint gesture-demo touch-replay kwin-replay
# The pages `--help` names, installed where the programs' help says.
DOC_PAGES = docs/trace-format.md docs/document-format.md docs/touch-replay.md docs/gesture-demo.md docs/kwin-replay.md \
	docs/pen-and-palm.md docs/export.md docs/settings.md docs/shapes.md docs/gallery.md

# The programs in the install configuration, the Swift runtime linked in.
programs: generate
	for p in $(PROGRAMS); do $(SWIFT) build -c $(INSTALL_CONFIG) --static-swift-stdlib --product $$p || exit 1; done

# Installs the programs, their manual pages and everything install-data installs. The Swift standard library and
# Foundation are linked statically, so the programs run where no Swift toolchain is installed.
install: programs man
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(foreach p,$(PROGRAMS),.build/$(INSTALL_CONFIG)/$(p)) $(DESTDIR)$(PREFIX)/bin/
	$(MAKE) install-data

# Manual pages from the programs' own --help (swift-argument-parser's generate-manual), in .build/man; the help's
# blank lines become paragraph breaks.
man: programs
	$(SWIFT) build --product generate-manual
	mkdir -p .build/man
	for p in $(PROGRAMS); do "$$($(SWIFT) build --show-bin-path)/generate-manual" .build/$(INSTALL_CONFIG)/$$p \
		--output-directory .build/man --date $$(git log -1 --format=%cs 2>/dev/null || date +%F) || exit 1; done
	sed -i -e '/^\.Ar subcommand$$/d' -e 's/^$$/.Pp/' .build/man/*.1

# Everything but the programs: desktop files and icons (named after their app_id), the software centre's listings
# (AppStream, written by scripts/metainfo.sh), the drawings' file type (shared-mime-info) and thumbnailer, the pages
# --help names, and the manual pages when `make man` made them; the MIME and desktop databases are refreshed when
# installing for real (not into DESTDIR).
install-data: translations
	scripts/metainfo.sh .build/metainfo
	install -d $(DESTDIR)$(PREFIX)/share/metainfo
	install -m 644 .build/metainfo/$(FINGERPAINT_ID).metainfo.xml .build/metainfo/$(GESTURE_DEMO_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/
	install -d $(DESTDIR)$(PREFIX)/share/applications $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps
	install -m 644 assets/$(FINGERPAINT_ID).desktop assets/$(GESTURE_DEMO_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/
	install -m 644 assets/$(FINGERPAINT_ID).svg assets/$(GESTURE_DEMO_ID).svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/
	install -d $(DESTDIR)$(PREFIX)/share/doc/fingerpaint
	install -m 644 $(DOC_PAGES) $(DESTDIR)$(PREFIX)/share/doc/fingerpaint/
	install -d $(DESTDIR)$(PREFIX)/share/mime/packages $(DESTDIR)$(PREFIX)/share/thumbnailers
	install -m 644 assets/fingerpaint-mime.xml $(DESTDIR)$(PREFIX)/share/mime/packages/fingerpaint.xml
	install -m 644 assets/$(FINGERPAINT_ID).thumbnailer $(DESTDIR)$(PREFIX)/share/thumbnailers/
	for l in $(LINGUAS); do install -d $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES && \
		install -m 644 $(LOCALE_DIR)/$$l/LC_MESSAGES/fingerpaint.mo $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/ || exit 1; done
	if ls .build/man/*.1 >/dev/null 2>&1; then install -d $(DESTDIR)$(PREFIX)/share/man/man1 && \
		install -m 644 $(foreach p,$(PROGRAMS),.build/man/$(p).1) $(DESTDIR)$(PREFIX)/share/man/man1/; fi
	@if [ -z "$(DESTDIR)" ] && command -v update-mime-database >/dev/null; then update-mime-database $(PREFIX)/share/mime; fi
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database >/dev/null; then update-desktop-database $(PREFIX)/share/applications; fi

# Also removes the files of versions before the reverse-DNS application IDs.
uninstall:
	rm -f $(foreach p,$(PROGRAMS),$(DESTDIR)$(PREFIX)/bin/$(p))
	rm -f $(foreach n,$(FINGERPAINT_ID) $(GESTURE_DEMO_ID) fingerpaint gesture-demo,$(DESTDIR)$(PREFIX)/share/applications/$(n).desktop $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(n).svg)
	rm -f $(foreach n,$(FINGERPAINT_ID) $(GESTURE_DEMO_ID),$(DESTDIR)$(PREFIX)/share/metainfo/$(n).metainfo.xml)
	rm -f $(DESTDIR)$(PREFIX)/share/mime/packages/fingerpaint.xml $(DESTDIR)$(PREFIX)/share/thumbnailers/$(FINGERPAINT_ID).thumbnailer
	rm -f $(foreach p,$(PROGRAMS),$(DESTDIR)$(PREFIX)/share/man/man1/$(p).1)
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/fingerpaint
	rm -f $(foreach l,$(LINGUAS),$(DESTDIR)$(PREFIX)/share/locale/$(l)/LC_MESSAGES/fingerpaint.mo)
	@if [ -z "$(DESTDIR)" ] && command -v update-mime-database >/dev/null; then update-mime-database $(PREFIX)/share/mime; fi

# The Debian package out/fingerpaint_VERSION_ARCH.deb, for machines without a Swift toolchain (docs/packaging.md).
DEB = out/fingerpaint_$(shell sed -n 's/.*public static let current = "\(.*\)".*/\1/p' Sources/CommandLineSupport/CommandLineSupport.swift)_$(shell dpkg --print-architecture).deb
deb: package-deps generate
	MAKE="$(MAKE)" SWIFT=$(SWIFT) scripts/make-deb.sh

clean:
	rm -rf .build $(CLIENT_GEN_DIR) $(SERVER_GEN_DIR)

# --- Wayland protocol code, generated by wayland-scanner from the system's XML (never committed) ---------------------
# protocols/client.list and protocols/server.list name the XML files (see protocols/README.md). `generate` runs a
# sub-make so the pkg-config look-ups below happen after `deps` has installed the packages they need.
# Each output depends on its XML file, so it is regenerated only when the XML is newer.

CLIENT_GEN_DIR = Sources/CWaylandProtocols/generated
SERVER_GEN_DIR = Sources/CWaylandServerProtocols/generated

WAYLAND_SCANNER := $(shell pkg-config --variable=wayland_scanner wayland-scanner 2>/dev/null)
WAYLAND_CORE_XML_DIR := $(shell pkg-config --variable=pkgdatadir wayland-scanner 2>/dev/null)
WAYLAND_PROTOCOLS_DIR := $(patsubst //%,/%,$(shell pkg-config --variable=pkgdatadir wayland-protocols 2>/dev/null))

# The list file's entries without comments: $(call required_entries,LIST) and $(call optional_entries,LIST).
required_entries = $(shell sed -e 's/\#.*//' $(1) | awk 'NF == 1 { print $$1 }')
optional_entries = $(shell sed -e 's/\#.*//' $(1) | awk 'NF == 2 && $$2 == "optional" { print $$1 }')
# An entry's XML file: wayland.xml is the core protocol, an absolute path is itself (KDE's protocols in
# /usr/share/plasma-wayland-protocols), everything else lives under wayland-protocols.
xml_path = $(if $(filter wayland.xml,$(1)),$(WAYLAND_CORE_XML_DIR)/wayland.xml,$(if $(filter /%,$(1)),$(1),$(WAYLAND_PROTOCOLS_DIR)/$(1)))
# A list's XML files: every required one, and the optional ones that exist here.
list_xml = $(foreach e,$(call required_entries,$(1)),$(call xml_path,$(e))) \
	$(wildcard $(foreach e,$(call optional_entries,$(1)),$(call xml_path,$(e))))
proto_name = $(basename $(notdir $(1)))
is_core = $(filter wayland,$(call proto_name,$(1)))

CLIENT_XML = $(call list_xml,protocols/client.list)
SERVER_XML = $(call list_xml,protocols/server.list)

# Outputs of one XML for one side ($(1) client|server, $(2) folder, $(3) XML): NAME-SIDE-protocol.h, and
# NAME-protocol.c except for the core protocol, whose interfaces libwayland-client and libwayland-server already hold.
side_outputs = $(2)/$(call proto_name,$(3))-$(1)-protocol.h $(if $(call is_core,$(3)),,$(2)/$(call proto_name,$(3))-protocol.c)
CLIENT_OUTPUTS = $(foreach x,$(CLIENT_XML),$(call side_outputs,client,$(CLIENT_GEN_DIR),$(x)))
SERVER_OUTPUTS = $(foreach x,$(SERVER_XML),$(call side_outputs,server,$(SERVER_GEN_DIR),$(x)))

# Rules for one XML on one side; written to a temporary file first so a failed run leaves nothing half-written.
define protocol_rules
$(2)/$(call proto_name,$(3))-$(1)-protocol.h: $(3)
	@mkdir -p $$(@D)
	$$(WAYLAND_SCANNER) $(1)-header $$< $$@.tmp && mv $$@.tmp $$@
ifeq ($(call is_core,$(3)),)
$(2)/$(call proto_name,$(3))-protocol.c: $(3)
	@mkdir -p $$(@D)
	$$(WAYLAND_SCANNER) private-code $$< $$@.tmp && mv $$@.tmp $$@
endif
endef
$(foreach x,$(CLIENT_XML),$(eval $(call protocol_rules,client,$(CLIENT_GEN_DIR),$(x))))
$(foreach x,$(SERVER_XML),$(eval $(call protocol_rules,server,$(SERVER_GEN_DIR),$(x))))

# Removes generated files no list asks for any more ($(1) folder, $(2) expected files), so SwiftPM never compiles them.
define prune_stale
	@for f in $(1)/*; do \
		[ -e "$$f" ] || continue; \
		case " $(2) " in *" $$f "*) ;; *) echo "Removing stale $$f"; rm -f "$$f" ;; esac; \
	done
endef

generate: deps
	@$(MAKE) --no-print-directory protocols

protocols: $(CLIENT_OUTPUTS) $(SERVER_OUTPUTS)
	@[ -n "$(WAYLAND_SCANNER)" ] && [ -n "$(WAYLAND_PROTOCOLS_DIR)" ] || \
		{ echo "wayland-scanner or wayland-protocols not found by pkg-config (run make deps)" >&2; exit 1; }
	$(call prune_stale,$(CLIENT_GEN_DIR),$(CLIENT_OUTPUTS))
	$(call prune_stale,$(SERVER_GEN_DIR),$(SERVER_OUTPUTS))
