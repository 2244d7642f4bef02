# reader — build, run and test. See README.md (Quick start).
#
#   make run    install what is missing (apt), build, open the bundled sample book
#   make test   install what is missing, run the whole test suite
#
SWIFT      ?= swift
APT_PKGS   := libxml2-dev libzip-dev libicu-dev unicode-data pkg-config tmux libhyphen-dev \
              libmobi-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libchafa-dev libglib2.0-dev zlib1g-dev \
              libturbojpeg0-dev libpng-dev libwebp-dev libgif-dev \
              hyphen-en-us hyphen-en-gb hyphen-de hyphen-fr hyphen-es hyphen-it hyphen-pt-pt \
              hyphen-pt-br hyphen-ru hyphen-nl hyphen-pl hyphen-sv \
              zsh fish man-db groff-base
SAMPLE     := Fixtures/sample/sample.txt
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release run test bench check-xterm install install-files uninstall clean
PREFIX     ?= $(HOME)/.local

# Installs the Debian packages the build and the tests need, only when one is missing.
deps:
	@missing=""; for p in $(APT_PKGS); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

# The Swift runtime and Foundation are linked in (--static-swift-stdlib): the dynamic
# loader then has fewer libraries to bind, and every command starts ~6 ms sooner
# (docs/PERFORMANCE.md, "First frame from one chapter"). The toolchain's lld packs the
# binary's 80,000 relative relocations (-z pack-relative-relocs, glibc ≥ 2.36): 34 KB
# for the loader to read instead of 1.9 MB, the executable still position-independent
# (docs/PERFORMANCE.md, "Libraries loaded on first use"). The functions the reader's common
# runs execute are placed together (Tools/release/symbol-order.txt, made by
# Tools/release/make-symbol-order.sh; functions it does not name go after them): the kernel
# maps code 64 KB around each page touched, so spread code costs megabytes of memory
# (docs/PERFORMANCE.md, "Code in the order it runs").
# Our Swift and C functions are compiled into sections of their own (-function-sections)
# so the order can place each; the compiler's unnamed private helpers, which no order file
# can name, are gathered by Tools/release/local-functions.ld (docs/PERFORMANCE.md, "The
# reader without Foundation").
# libstdc++ is linked in as well (the toolchain's `-lstdc++` finds the archive in
# STATIC_CXX first): one library fewer to map and relocate, 1 MB less resident and ~0.6 ms
# off every start (docs/PERFORMANCE.md, "Start-up, freed memory and the XML check"). Its symbols stay private
# (the toolchain links archives with --exclude-libs ALL), so ICU, which libxml2 loads with
# its own libstdc++.so, never shares one with the Swift runtime.
# Nothing is exported from the executable (the toolchain asks for --export-dynamic):
# no library looks a symbol up in it, its 8,500 exported names cost 0.6 MB of tables the
# loader reads whenever a library opened later resolves its symbols, and the generated
# wrappers of Libraries loaded on first use (docs/ARCHITECTURE.md), which bear the
# library functions' own names, must not stand in for them inside the libraries.
STATIC_CXX    := $(CURDIR)/.build/static-libstdc++
RELEASE_FLAGS := --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
                 -Xlinker --symbol-ordering-file=$(CURDIR)/Tools/release/symbol-order.txt -Xlinker --no-warn-symbol-ordering \
                 -Xswiftc -L$(STATIC_CXX) -Xlinker --no-export-dynamic \
                 -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
                 -Xlinker -T -Xlinker $(CURDIR)/Tools/release/local-functions.ld
release: deps
	@mkdir -p $(STATIC_CXX); archive="$$($(dir $(realpath $(shell command -v $(SWIFT))))clang -print-file-name=libstdc++.a 2>/dev/null)"; \
	if [ -f "$$archive" ]; then ln -sf "$$archive" $(STATIC_CXX)/libstdc++.a; else rm -f $(STATIC_CXX)/libstdc++.a; fi
	@# SwiftPM does not know the order file or the linker script: a newer one must relink the
	@# reader. Nor does it always recompile when only these flags change: a change clears the
	@# release build once.
	@for f in Tools/release/symbol-order.txt Tools/release/local-functions.ld; do \
	    if [ $$f -nt .build/release/reader ]; then rm -f .build/release/reader; fi; done
	@if [ "$$(cat .build/release-flags 2>/dev/null)" != '$(RELEASE_FLAGS)' ]; then \
	    rm -rf .build/$$(uname -m)-unknown-linux-gnu/release; mkdir -p .build; echo '$(RELEASE_FLAGS)' > .build/release-flags; fi
	$(SWIFT) build -c release --product reader $(RELEASE_FLAGS)

run: release
	.build/release/reader $(SAMPLE)

test: deps
	$(SWIFT) test --disable-swift-testing

bench: deps
	$(SWIFT) build -c release --product layout-bench
	.build/release/layout-bench $(BENCH_FILES)

# The real-terminal check of the pictures (docs/IMAGES.md, "Real-terminal check"): xterm
# under Xvfb draws images-bench's sixel of a fixture; its screenshot must match the
# recorded one. Its packages are installed here only, not by `make deps`.
XTERM_PKGS := xvfb xterm x11-apps xdotool
check-xterm:
	@missing=""; for p in $(XTERM_PKGS); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	$(SWIFT) build -c release --product images-bench
	$(SWIFT) build -c release --product reader
	Tools/check/xterm-images.sh --expect docs/images/xterm-sixel-fixture.png -- \
	    .build/release/images-bench --emit sixel Fixtures/images/gradient-64x48.jpg --cells 30x15 --upscale
	@# The reader itself, images auto (xterm answers DA1 with sixel): the page, then a page on (the picture erased).
	@rm -rf /tmp/reader-xterm-check
	Tools/check/xterm-images.sh --expect docs/images/xterm-reader-sixel.png -- env XDG_STATE_HOME=/tmp/reader-xterm-check/s \
	    XDG_CACHE_HOME=/tmp/reader-xterm-check/c XDG_CONFIG_HOME=/tmp/reader-xterm-check/f .build/release/reader Fixtures/pictures/book.html
	@rm -rf /tmp/reader-xterm-check
	Tools/check/xterm-images.sh --expect docs/images/xterm-reader-sixel-turned.png --keys 'space' -- env XDG_STATE_HOME=/tmp/reader-xterm-check/s \
	    XDG_CACHE_HOME=/tmp/reader-xterm-check/c XDG_CONFIG_HOME=/tmp/reader-xterm-check/f .build/release/reader Fixtures/pictures/book.html
	@# The fixed-layout manga: its first page fills the screen, and ← (right to left) shows the second.
	@rm -rf /tmp/reader-xterm-check
	Tools/check/xterm-images.sh --expect docs/images/xterm-manga-rtl-page1.png -- env XDG_STATE_HOME=/tmp/reader-xterm-check/s \
	    XDG_CACHE_HOME=/tmp/reader-xterm-check/c XDG_CONFIG_HOME=/tmp/reader-xterm-check/f .build/release/reader Fixtures/epub/fxl-manga-rtl.epub
	@rm -rf /tmp/reader-xterm-check
	Tools/check/xterm-images.sh --expect docs/images/xterm-manga-rtl-page2.png --keys 'Left' -- env XDG_STATE_HOME=/tmp/reader-xterm-check/s \
	    XDG_CACHE_HOME=/tmp/reader-xterm-check/c XDG_CONFIG_HOME=/tmp/reader-xterm-check/f .build/release/reader Fixtures/epub/fxl-manga-rtl.epub
	@rm -rf /tmp/reader-xterm-check
	@# z (fit width) on a page three bands tall: its top across the text width, then a screen down (its rows 39–77).
	Tools/check/xterm-images.sh --expect docs/images/xterm-fit-width.png --keys 'z' -- env XDG_STATE_HOME=/tmp/reader-xterm-check/s \
	    XDG_CACHE_HOME=/tmp/reader-xterm-check/c XDG_CONFIG_HOME=/tmp/reader-xterm-check/f .build/release/reader Fixtures/epub/fxl-tall-bands.epub
	@rm -rf /tmp/reader-xterm-check
	Tools/check/xterm-images.sh --expect docs/images/xterm-fit-width-scrolled.png --keys 'z space' -- env XDG_STATE_HOME=/tmp/reader-xterm-check/s \
	    XDG_CACHE_HOME=/tmp/reader-xterm-check/c XDG_CONFIG_HOME=/tmp/reader-xterm-check/f .build/release/reader Fixtures/epub/fxl-tall-bands.epub
	@rm -rf /tmp/reader-xterm-check

# The binary, the man page and the shell completions under PREFIX (default ~/.local).
# The files `make install` puts under PREFIX (and `make uninstall` removes).
INSTALLED  := bin/reader share/man/man1/reader.1 share/bash-completion/completions/reader \
              share/zsh/site-functions/_reader share/fish/vendor_completions.d/reader.fish
BIN        ?= .build/release/reader

install: release install-files

# The copy alone, of BIN (a build already made): what `install` does after building.
install-files:
	install -Dm755 $(BIN) $(PREFIX)/bin/reader
	install -Dm644 docs/reader.1 $(PREFIX)/share/man/man1/reader.1
	install -Dm644 Tools/completions/reader.bash $(PREFIX)/share/bash-completion/completions/reader
	install -Dm644 Tools/completions/_reader $(PREFIX)/share/zsh/site-functions/_reader
	install -Dm644 Tools/completions/reader.fish $(PREFIX)/share/fish/vendor_completions.d/reader.fish

uninstall:
	rm -f $(addprefix $(PREFIX)/,$(INSTALLED))

clean:
	rm -rf .build
