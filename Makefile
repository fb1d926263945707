# bheapsim: a binary heap and Kamp's B-heap under a VM page model.
#
#   make            ./bheapsim for this machine's ABI
#   make check      the Check suites (tests/) on a HEAP_PARANOIA build,
#                   and the version check
#   make bench      ns/op with and without the page model
#   make cachegrind-check  the modeled caches' misses against cachegrind's
#   make sanitize   the Check suites under ASan and UBSan
#   make reproduce  the article's figures into results/ (QUICK=1: small)
#   make install    bheapsim, bheapsim.1 and the bash completion under
#                   $(DESTDIR)$(PREFIX)
#   make uninstall  removes them again
#   make completion-check  the completion against --help and the names
#                   bheapsim accepts
#   make deb        the Debian package, into build/deb

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CPPFLAGS += -D_GNU_SOURCE
ALL_CFLAGS = $(WARN) $(CFLAGS)
LDLIBS  += -lm

CORE = binheap.o bheap.o dary.o heap.o vmsim.o arena.o config.o parse.o \
       workload.o experiment.o report.o outfile.o outputs.o plot.o progress.o \
       sweep.o explain.o options.o plan.o kernel.o result.o svg.o cells.o \
       compare.o stackdist.o pages.o cache.o cachescan.o hier.o hieropt.o pmu.o machine.o
HEADERS = $(wildcard $(SRCDIR)/*.h)

# Sources may live elsewhere (make sanitize builds in build/sanitize);
# only sources are searched for, so no target is ever found up there.
SRCDIR ?= .
vpath %.c $(SRCDIR)
vpath %.h $(SRCDIR)

# The version has one owner, the top entry of debian/changelog, which
# dpkg-buildpackage reads too; --version prints it.  override: make
# sanitize and tools/ci-hardening.sh set CPPFLAGS on the command line.
# tools/version-check.sh (run by make check) fails if they disagree.
BHEAPSIM_VERSION := $(shell sed -n '1s/^bheapsim (\([^ ]*\)).*/\1/p' \
    $(SRCDIR)/debian/changelog 2>/dev/null)
ifeq ($(BHEAPSIM_VERSION),)
$(error no version: the first line of $(SRCDIR)/debian/changelog must read 'bheapsim (VERSION) ...')
endif
override CPPFLAGS += -DBHEAPSIM_VERSION='"$(BHEAPSIM_VERSION)"'

CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null)
TESTS = tests/main.o tests/test_layout.o tests/test_heap.o \
        tests/test_vmsim.o tests/test_parse.o tests/test_cli.o \
        tests/reference.o tests/spawn.o tests/trace.o tests/table.o tests/test_explain.o tests/test_large.o \
        tests/test_manual.o tests/test_stackdist.o tests/test_curve.o \
        tests/test_sweeps.o \
        tests/test_files.o tests/test_policy.o tests/test_pmu.o \
        tests/test_machine.o tests/test_cache.o

.PHONY: all check suites bench sanitize reproduce clean install uninstall \
    completion-check deb cachegrind-check

all: bheapsim

bheapsim: main.o $(CORE)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ main.o $(CORE) $(LDLIBS)

%.o: %.c $(HEADERS)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

# A new version must reach the binary; main.o is the only user.
main.o: $(SRCDIR)/debian/changelog

tests/%.o: tests/%.c tests/tests.h $(HEADERS)
	$(CC) $(CPPFLAGS) -I. $(CHECK_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

tests/run: $(TESTS) $(CORE)
	@pkg-config --exists check || { echo "Check is missing: sh tools/install-deps.sh installs it" >&2; exit 1; }
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TESTS) $(CORE) $(CHECK_LIBS) $(LDLIBS)

# The suites run on a HEAP_PARANOIA build of their own (touch.h), whose
# sifts assert parent < child at every step; a separate tree, so those
# objects never mix with the normal ones.
# Absolute paths: check also runs inside other trees (ci-hardening.sh).
TOP := $(abspath $(SRCDIR))
PARANOIA = -D_GNU_SOURCE -DHEAP_PARANOIA -I$(TOP)

check:
	mkdir -p build/paranoia/tests
	$(MAKE) -f $(TOP)/Makefile -C build/paranoia SRCDIR=$(TOP) \
	    CPPFLAGS="$(PARANOIA)" suites

suites: bheapsim tests/run
	BHEAPSIM=./bheapsim BHEAPSIM_MAN=$(SRCDIR)/bheapsim.1 tests/run
	sh $(SRCDIR)/tools/version-check.sh ./bheapsim $(SRCDIR)

bench: bheapsim
	sh tools/bench.sh ./bheapsim

# The modeled caches against valgrind's cachegrind (about 30 s here).
cachegrind-check: bheapsim
	sh $(SRCDIR)/tools/cachegrind-check.sh ./bheapsim

# ns per access of the stack-distance curve against vmsim; prints only.
build/stackdist-bench: tools/stackdist-bench.c stackdist.o vmsim.o pages.o $(HEADERS)
	@mkdir -p build
	$(CC) $(CPPFLAGS) -I. $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(filter %.c %.o,$^) $(LDLIBS)

# results/ again, or with QUICK=1 a small run into build/reproduce-quick/.
reproduce: bheapsim build/ia32/bheapsim
	QUICK=$(QUICK) sh tools/reproduce.sh

# A separate tree, so sanitized objects never mix with the normal ones.
sanitize:
	rm -rf build/sanitize && mkdir -p build/sanitize/tests
	$(MAKE) -f ../../Makefile -C build/sanitize SRCDIR=../.. \
	    CPPFLAGS="-D_GNU_SOURCE -DHEAP_PARANOIA -I../.." \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    LDFLAGS="-fsanitize=address,undefined" suites

# PREFIX=/usr/local by default; DESTDIR stages the tree for a package.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1
# bash-completion looks here under every directory of XDG_DATA_DIRS
# (/usr/local/share and /usr/share by default).
COMPLETIONDIR = $(PREFIX)/share/bash-completion/completions

install: bheapsim
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) \
	    $(DESTDIR)$(COMPLETIONDIR)
	install -m 755 bheapsim $(DESTDIR)$(BINDIR)/bheapsim
	install -m 644 $(SRCDIR)/bheapsim.1 $(DESTDIR)$(MAN1DIR)/bheapsim.1
	install -m 644 $(SRCDIR)/completion/bheapsim.bash \
	    $(DESTDIR)$(COMPLETIONDIR)/bheapsim

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/bheapsim $(DESTDIR)$(MAN1DIR)/bheapsim.1 \
	    $(DESTDIR)$(COMPLETIONDIR)/bheapsim

completion-check: bheapsim
	bash $(SRCDIR)/tools/completion-check.sh ./bheapsim \
	    $(SRCDIR)/completion/bheapsim.bash

# The Debian package (debian/), built, tested and linted as on Debian:
# dpkg-buildpackage cleans the tree first (make clean: build/ goes too)
# and writes one directory up, so everything its .changes lists is
# moved from there into build/deb.  Variables and flags of this make
# are not passed down: debian/rules sets its own.
DEB_ARCH = $(shell dpkg --print-architecture 2>/dev/null)
DEB_CHANGES = bheapsim_$(BHEAPSIM_VERSION)_$(DEB_ARCH).changes

deb:
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL dpkg-buildpackage -us -uc -b
	@set -e; \
	files=$$(sed -n '/^Files:/,/^[^ ]/s/^ .* \([^ ]*\)$$/\1/p' \
	    ../$(DEB_CHANGES)); \
	rm -rf build/deb; mkdir -p build/deb; \
	for f in $(DEB_CHANGES) $$files; do mv ../$$f build/deb/; done; \
	echo "make deb: build/deb holds $(DEB_CHANGES) $$files" | tr '\n' ' '; \
	echo

clean:
	rm -f bheapsim *.o tests/*.o tests/run
	rm -rf build

include $(dir $(lastword $(MAKEFILE_LIST)))mk/abi.mk
include $(dir $(firstword $(MAKEFILE_LIST)))mk/hardening.mk
