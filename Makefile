# Conveniences around SwiftPM: `make demo` on a fresh machine installs what the build needs, builds and
# plays an example deck; `make install` puts the release binary, the man page and the completions
# under PREFIX; `make deb` builds the Debian package (docs/PACKAGING.md). The Debian package list is
# scripts/debian-packages.txt (shared with .ci/run).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
# Where each shell looks for completions under PREFIX (zsh: in its default fpath for /usr/local).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DECK ?= Examples/welcome.json
export PATH := /opt/swift/usr/bin:$(PATH)
# The Swift standard library linked in: faster start, smaller footprint, no Swift runtime to install.
# STORIES_TUI_BUILD_COMMIT: --version names the commit that scripts/write-build-commit wrote down (in C:
# Sources/CBuildCommit, so that a new commit relinks instead of recompiling the TUI module).
# No $ORIGIN run path: with the standard library linked in there is nothing next to the binary to load,
# and an installed program must not look for libraries in the folder it sits in. Hardening as Debian
# builds C: `-z now` (with the linker's default RELRO: full RELRO) resolves every library symbol at start
# and makes the table read-only; _FORTIFY_SOURCE=2 checks the C image decoders' buffer calls.
# libstdc++, which the Swift runtime needs, is linked in too: as a shared library it was the largest the
# program loaded (about 1 ms and 1.5 MiB at start, Benchmarks/README.md). swiftc itself asks for
# -lstdc++, so the linker is shown first a folder that holds only libstdc++.a (STATIC_CXX_DIR).
# libgcc's unwinder (libgcc_eh.a, which gcc ships) is linked in for the same reason: libgcc_s was one
# more library to find, map and relocate before the first frame, for 13 functions (-static-libgcc).
# Swift imports _StringProcessing (regular expressions) and _Concurrency into every module unless told
# not to; linked in statically they were 2.2 MB of code and data that nothing here uses, 3 000 more
# relocations and 30 more page faults at every start. The code uses neither (a release build that
# needed them would not compile), and debug builds keep the implicit imports.
STATIC_CXX_DIR = $(CURDIR)/.build/static-libstdc++
# Each function gets its own section, and the linker places the ones a bar step and the start run
# together, in the order packaging/hot-symbols.txt lists them (written by Benchmarks/hot_sections.py):
# a step wakes with cold caches, and its code on a few pages costs fewer misses (Benchmarks/README.md).
# The linker is the toolchain's lld (/opt/swift/usr/bin/ld.lld, not gold): it packs the 20 000 relative
# relocations of a position-independent executable into DT_RELR (-z pack-relative-relocs, glibc >= 2.36),
# 3.6 KB instead of gold's 481 KB .rela.dyn that the loader read at every start (Benchmarks/README.md,
# "The first frame: lld, metadata accessors, threads after it").
# -disable-concrete-type-metadata-mangled-name-accessors: the metadata of a concrete generic type (an
# array of a struct, a dictionary) is had by calling its accessor, not by the runtime demangling the type's
# name and checking its conformances by scanning every conformance record: that was a fifth of the
# start's CPU (perf), for 36 KB more code.
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now \
	-Xcc -D_FORTIFY_SOURCE=2 -Xswiftc -L$(STATIC_CXX_DIR) -Xcc -DSTORIES_TUI_BUILD_COMMIT \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import \
	-Xswiftc -Xfrontend -Xswiftc -disable-implicit-concurrency-module-import \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file=$(CURDIR)/packaging/hot-symbols.txt -Xlinker --no-warn-symbol-ordering
RELEASE_BIN = $$(swift build $(RELEASE_FLAGS) --show-bin-path)/stories-tui

# `make deb`: the package's tree is installed under DEB_WORK/debian/stories-tui (the layout dpkg's tools
# expect), then scripts/build-deb writes stories-tui_VERSION_ARCH.deb here.
DEB_WORK = .build/deb

.PHONY: demo deps build test install uninstall deb release-flags

demo: deps build
	"$(RELEASE_BIN)" $(DECK)

deps:
	scripts/install-deps

build: $(STATIC_CXX_DIR)/libstdc++.a
	scripts/write-build-commit
	swift build $(RELEASE_FLAGS)

$(STATIC_CXX_DIR)/libstdc++.a:
	@archive=$$(gcc -print-file-name=libstdc++.a); [ -f "$$archive" ] || \
		{ echo "no libstdc++.a (Debian: libstdc++-12-dev)" >&2; exit 1; }; \
		mkdir -p "$(STATIC_CXX_DIR)" && ln -sf "$$archive" "$@"

# The release build's flags, for Benchmarks/run.py (which builds what `make install` builds).
release-flags: $(STATIC_CXX_DIR)/libstdc++.a
	@echo $(RELEASE_FLAGS)

test:
	bash .ci/run

install: build
	install -Dm755 "$(RELEASE_BIN)" "$(DESTDIR)$(BINDIR)/stories-tui"
	install -Dm644 docs/stories-tui.1 "$(DESTDIR)$(MANDIR)/stories-tui.1"
	install -Dm644 completions/stories-tui.bash "$(DESTDIR)$(BASHCOMPDIR)/stories-tui"
	install -Dm644 completions/_stories-tui "$(DESTDIR)$(ZSHCOMPDIR)/_stories-tui"
	install -Dm644 completions/stories-tui.fish "$(DESTDIR)$(FISHCOMPDIR)/stories-tui.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/stories-tui" "$(DESTDIR)$(MANDIR)/stories-tui.1" \
		"$(DESTDIR)$(BASHCOMPDIR)/stories-tui" "$(DESTDIR)$(ZSHCOMPDIR)/_stories-tui" \
		"$(DESTDIR)$(FISHCOMPDIR)/stories-tui.fish"

deb:
	rm -rf "$(DEB_WORK)"
	$(MAKE) install DESTDIR="$(CURDIR)/$(DEB_WORK)/debian/stories-tui" PREFIX=/usr \
		ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	scripts/build-deb "$(DEB_WORK)"
