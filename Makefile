# Conveniences around SwiftPM for people who expect `make install`.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1

.PHONY: build test install uninstall

build:
	swift build -c release

test:
	bash .ci/run

install: build
	install -Dm755 "$$(swift build -c release --show-bin-path)/stories-tui" "$(DESTDIR)$(BINDIR)/stories-tui"
	install -Dm644 docs/stories-tui.1 "$(DESTDIR)$(MANDIR)/stories-tui.1"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/stories-tui" "$(DESTDIR)$(MANDIR)/stories-tui.1"
