# bheapsim: a binary heap and Kamp's B-heap under a VM page model.
#
#   make            ./bheapsim for this machine's ABI
#   make check      the Check suites (tests/) on a HEAP_PARANOIA build,
#                   as many at once as there are CPUs (tests/main.c),
#                   and the version check
#   make bench      ns/op with and without the page model
#   make cachegrind-check  the modeled caches' misses against cachegrind's
#   make time-check the time model's ns/op against measured (FULL=1: all)
#   make sanitize   the Check suites under ASan and UBSan
#   make reproduce  the article's figures into results/ (QUICK=1: small)
#   make reproduce-all  those and the large and slow ones (the page-size
#                   sweep, the kernel's faults, the caches, the time model)
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
LDLIBS  += -lm -lpthread

# The sources by job (README.md's source map): the leaf utilities that
# every other folder may use and that use none (base), then in the order
# data flows: the command line, the run, the heap and its layouts
# (binheap.c and bheap.c at the top), the memory models, what the host
# reports, and the report.
SRCDIRS = base cli run heap models host report
CORE = binheap.o bheap.o dary.o veb.o heap.o stream.o balance.o pipeline.o \
       vmsim.o pages.o stackdist.o stackcurve.o cache.o cachescan.o cachestamp.o cachetrace.o hier.o counted.o pagehist.o pagelru.o pagesmall.o pageopt.o \
       taps.o timemodel.o timelat.o predict.o latcurve.o threec.o hier_model.o vmsim_model.o curve_model.o time_model.o threec_model.o recorder.o model.o registry.o \
       arena.o kernel.o pmu.o machine.o \
       config.o parse.o options.o hieropt.o help.o args.o plan.o charts.o point.o need.o peak.o \
       sweep.o \
       experiment.o workload.o rig.o calibrate.o result.o progress.o stop.o \
       xalloc.o escape.o \
       report.o report_field.o field_names.o geometry.o cells.o outfile.o temps.o outputs.o plot.o svg.o explain_cmd.o explain_view.o compare.o compare_cmd.o \
       csvread.o \
       report_table.o table_title.o plot_axes.o plot_key.o plot_panels.o plot_title.o explain_text.o explain_svg.o explore.o \
       explore_page.o

# Sources may live elsewhere (make sanitize builds in build/sanitize);
# only sources are searched for, so no target is ever found up there.
# Objects go under $(O), never beside the sources.
SRCDIR ?= .
O ?= build/obj
SRCPATH = $(addprefix $(SRCDIR)/,$(SRCDIRS)) $(SRCDIR)
HEADERS = $(foreach d,$(SRCPATH),$(wildcard $(d)/*.h))
vpath %.c $(SRCPATH)
vpath %.h $(SRCPATH)
override CPPFLAGS += $(addprefix -I,$(SRCPATH))
OBJS = $(addprefix $(O)/,$(CORE))

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
TESTS = $(addprefix $(O)/tests/,main.o test_stream.o test_layout.o \
        test_heap.o test_vmsim.o test_parse.o test_cli.o reference.o \
        spawn.o trace.o table.o test_explain.o test_large.o test_manual.o \
        test_stackdist.o test_curve.o test_sweeps.o test_files.o \
        test_policy.o test_pmu.o test_machine.o test_cache.o \
        test_compare.o test_points.o test_exits.o test_names.o files.o \
        test_explore.o test_table.o test_veb.o test_dryrun.o test_time.o \
        test_messages.o test_plot.o test_arena.o test_threec.o test_recorder.o test_reliability.o \
        test_estimate.o test_counted.o test_jobs.o test_predict.o)

.PHONY: all check suites bench sanitize reproduce reproduce-all clean install uninstall \
    completion-check deb cachegrind-check time-check explorer-png

all: bheapsim

bheapsim: $(O)/main.o $(OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(O)/main.o $(OBJS) $(LDLIBS)

$(O)/%.o: %.c $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

# The page of explain --html has one owner, report/explore.html, made a
# C file at build time by tools/embed-page.sh.
PAGE_C = $(O)/gen/explore_page.c
$(PAGE_C): $(SRCDIR)/report/explore.html $(SRCDIR)/tools/embed-page.sh
	@mkdir -p $(@D)
	sh $(SRCDIR)/tools/embed-page.sh $(SRCDIR)/report/explore.html >$@.tmp
	mv $@.tmp $@

$(O)/explore_page.o: $(PAGE_C) $(HEADERS)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

# A new version must reach the binary; the help is its only user.
$(O)/help.o: $(SRCDIR)/debian/changelog

$(O)/tests/%.o: tests/%.c tests/tests.h tests/files.h $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CHECK_CFLAGS) $(ALL_CFLAGS) -c -o $@ $<

tests/run: $(TESTS) $(OBJS)
	@pkg-config --exists check || { echo "Check is missing: sh tools/install-deps.sh installs it" >&2; exit 1; }
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TESTS) $(OBJS) $(CHECK_LIBS) $(LDLIBS)

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
	BHEAPSIM=./bheapsim BHEAPSIM_MAN=$(SRCDIR)/bheapsim.1 \
	    BHEAPSIM_SRC=$(SRCDIR) tests/run
	sh $(SRCDIR)/tools/version-check.sh ./bheapsim $(SRCDIR)

bench: bheapsim
	sh tools/bench.sh ./bheapsim

# The modeled caches against valgrind's cachegrind (about 30 s here).
cachegrind-check: bheapsim
	sh $(SRCDIR)/tools/cachegrind-check.sh ./bheapsim

time-check: bheapsim
	sh $(SRCDIR)/tools/time-check.sh ./bheapsim

# ns per access of the stack-distance curve against vmsim; prints only.
build/stackdist-bench: tools/stackdist-bench.c $(addprefix $(O)/,stackdist.o stackcurve.o vmsim.o pagehist.o pagelru.o pagesmall.o pageopt.o pages.o) $(HEADERS)
	@mkdir -p build
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(filter %.c %.o,$^) $(LDLIBS)

# results/ again, or with QUICK=1 a small run into build/reproduce-quick/:
# the article's experiments, or (reproduce-all) those and the large and
# slow ones (tools/reproduce.sh says which steps each runs).  Each first
# builds every program its steps run, a job per processor unless make -j
# says how many: in a fresh clone that build is otherwise a
# serial one, and the per-ABI table's three programs wait for it.
REPRODUCE_BUILD = $(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,\
    -j$(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)) bheapsim abi

reproduce:
	$(REPRODUCE_BUILD)
	QUICK=$(QUICK) sh tools/reproduce.sh article

reproduce-all:
	$(REPRODUCE_BUILD)
	QUICK=$(QUICK) sh tools/reproduce.sh all

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

# The README's picture of explain --html, as headless chromium shows it
# in a 1280x800 window at access 60 with 6 resident pages.
explorer-png: bheapsim
	./bheapsim explain --layout all --html build/explorer.html
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	    --window-size=1280,800 --screenshot=$(SRCDIR)/results/explorer.png \
	    "file://$(abspath build/explorer.html)#access=60&budget=6"

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
	rm -f bheapsim tests/run
	rm -rf build

include $(dir $(lastword $(MAKEFILE_LIST)))mk/abi.mk
include $(dir $(firstword $(MAKEFILE_LIST)))mk/hardening.mk
