# Build and install plist-lsp (docs/install.md).
#   make                              build the release binary (.build/release/plist-lsp)
#   make install PREFIX=/usr/local    build it and copy it to $(PREFIX)/bin, and the rules' page
#                                     (docs/diagnostics.md, where diagnostics link) to
#                                     $(PREFIX)/share/doc/plist-lsp (DESTDIR is honoured)
#   make static, make install-static  the same as make and make install: on Linux every build is
#                                     one static executable already (Package.swift)
#   make uninstall PREFIX=…           remove $(PREFIX)/bin/plist-lsp and its share/doc/plist-lsp
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
# The server finds the rules' page here, beside its executable (BINDIR/../share/doc/plist-lsp):
# keep BINDIR and DOCDIR under one PREFIX.
DOCDIR ?= $(PREFIX)/share/doc/plist-lsp
SWIFT ?= swift
CONFIGURATION ?= release
BUILD_DIR ?= .build/$(CONFIGURATION)
SWIFT_BUILD_FLAGS ?=

.PHONY: all build static install install-static uninstall

all: build

build:
	$(SWIFT) build -c $(CONFIGURATION) --product plist-lsp $(SWIFT_BUILD_FLAGS)

static: build

install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DOCDIR)"
	install -m 755 "$(BUILD_DIR)/plist-lsp" "$(DESTDIR)$(BINDIR)/plist-lsp"
	install -m 644 docs/diagnostics.md "$(DESTDIR)$(DOCDIR)/diagnostics.md"

install-static: static
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DOCDIR)"
	install -m 755 "$(BUILD_DIR)/plist-lsp" "$(DESTDIR)$(BINDIR)/plist-lsp"
	install -m 644 docs/diagnostics.md "$(DESTDIR)$(DOCDIR)/diagnostics.md"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/plist-lsp" "$(DESTDIR)$(DOCDIR)/diagnostics.md"
	-rmdir "$(DESTDIR)$(DOCDIR)"
