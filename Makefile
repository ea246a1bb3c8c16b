# Conveniences around SwiftPM: `make demo` on a fresh machine installs what the build needs, builds and
# plays an example deck; `make install` puts the release binary, the man page and the completions
# under PREFIX. The Debian package list is scripts/debian-packages.txt (shared with .ci/run).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
# Where each shell looks for completions under PREFIX (zsh: in its default fpath for /usr/local).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DECK ?= Examples/welcome.json
export PATH := /opt/swift/usr/bin:$(PATH)
# A fully static executable (Swift runtime, ncursesw, the image libraries, glibc): no dynamic loader,
# no libstdc++.so, no relocations at start. Against the Swift standard library alone linked in, the first
# frame takes 4 ms of CPU instead of 6 and the peak RSS is 7 MiB instead of 10 (Benchmarks/README.md).
# Static archives must be named after the objects: tinfo for ncursesw, pcre2-8 for glib, z for libpng.
# The linker warns that glibc's dlopen (the Swift runtime's optional prespecializations library) and
# getpwnam (glib's user database) need the same glibc at run time; neither is reached by this program.
# STORIES_TUI_BUILD_COMMIT: --version names the commit that scripts/write-build-commit wrote down.
RELEASE_FLAGS = -c release -Xswiftc -static-executable -Xlinker -lncursesw -Xlinker -ltinfo \
	-Xlinker -lpcre2-8 -Xlinker -lz -Xswiftc -DSTORIES_TUI_BUILD_COMMIT
RELEASE_BIN = $$(swift build $(RELEASE_FLAGS) --show-bin-path)/stories-tui

.PHONY: demo deps build test install uninstall

demo: deps build
	"$(RELEASE_BIN)" $(DECK)

deps:
	scripts/install-deps

build:
	scripts/write-build-commit
	swift build $(RELEASE_FLAGS)

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
