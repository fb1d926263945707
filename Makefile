# bheapsim: a binary heap and Kamp's B-heap under a VM page model.
#
#   make            ./bheapsim for this machine's ABI
#   make check      the Check suites (tests/) on a HEAP_PARANOIA build
#   make bench      ns/op with and without the page model
#   make sanitize   the Check suites under ASan and UBSan
#   make reproduce  the article's figures into results/ (QUICK=1: small)
#   make install    bheapsim and bheapsim.1 under $(DESTDIR)$(PREFIX)
#   make uninstall  removes them again

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CPPFLAGS += -D_GNU_SOURCE
ALL_CFLAGS = $(WARN) $(CFLAGS)
LDLIBS  += -lm

CORE = binheap.o bheap.o dary.o heap.o vmsim.o arena.o config.o parse.o \
       workload.o experiment.o report.o outfile.o outputs.o plot.o progress.o \
       sweep.o explain.o options.o plan.o kernel.o result.o svg.o cells.o \
       compare.o stackdist.o pages.o
HEADERS = $(wildcard $(SRCDIR)/*.h)

# Sources may live elsewhere (make sanitize builds in build/sanitize);
# only sources are searched for, so no target is ever found up there.
SRCDIR ?= .
vpath %.c $(SRCDIR)
vpath %.h $(SRCDIR)

CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null)
TESTS = tests/main.o tests/test_layout.o tests/test_heap.o \
        tests/test_vmsim.o tests/test_parse.o tests/test_cli.o \
        tests/reference.o tests/spawn.o tests/test_explain.o tests/test_large.o \
        tests/test_manual.o tests/test_stackdist.o tests/test_curve.o \
        tests/test_sweeps.o \
        tests/test_files.o tests/test_policy.o

.PHONY: all check suites bench sanitize reproduce clean install uninstall

all: bheapsim

bheapsim: main.o $(CORE)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ main.o $(CORE) $(LDLIBS)

%.o: %.c $(HEADERS)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

tests/%.o: tests/%.c tests/tests.h $(HEADERS)
	$(CC) $(CPPFLAGS) -I. $(CHECK_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

tests/run: $(TESTS) $(CORE)
	@pkg-config --exists check || { echo "Check is missing: sh tools/install-deps.sh installs it" >&2; exit 1; }
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TESTS) $(CORE) $(CHECK_LIBS) $(LDLIBS)

# The suites run on a HEAP_PARANOIA build of their own (touch.h), whose
# sifts assert parent < child at every step; a separate tree, so those
# objects never mix with the normal ones.
PARANOIA = -D_GNU_SOURCE -DHEAP_PARANOIA -I../..

check:
	mkdir -p build/paranoia/tests
	$(MAKE) -f ../../Makefile -C build/paranoia SRCDIR=../.. \
	    CPPFLAGS="$(PARANOIA)" suites

suites: bheapsim tests/run
	BHEAPSIM=./bheapsim BHEAPSIM_MAN=$(SRCDIR)/bheapsim.1 tests/run

bench: bheapsim
	sh tools/bench.sh ./bheapsim

# results/ again, or with QUICK=1 a small run into build/reproduce-quick/.
reproduce: bheapsim build/ia32/bheapsim
	QUICK=$(QUICK) sh tools/reproduce.sh

# A separate tree, so sanitized objects never mix with the normal ones.
sanitize:
	rm -rf build/sanitize && mkdir -p build/sanitize/tests
	$(MAKE) -f ../../Makefile -C build/sanitize SRCDIR=../.. \
	    CPPFLAGS="$(PARANOIA)" \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    LDFLAGS="-fsanitize=address,undefined" suites

# PREFIX=/usr/local by default; DESTDIR stages the tree for a package.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1

install: bheapsim
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR)
	install -m 755 bheapsim $(DESTDIR)$(BINDIR)/bheapsim
	install -m 644 $(SRCDIR)/bheapsim.1 $(DESTDIR)$(MAN1DIR)/bheapsim.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/bheapsim $(DESTDIR)$(MAN1DIR)/bheapsim.1

clean:
	rm -f bheapsim *.o tests/*.o tests/run
	rm -rf build

include $(dir $(lastword $(MAKEFILE_LIST)))mk/abi.mk
include $(dir $(firstword $(MAKEFILE_LIST)))mk/hardening.mk
