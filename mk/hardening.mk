# mk/hardening.mk: fuzzing, memcheck, large heaps and the textbook heap
# that make bench measures bheapsim against.
#
# Included at the end of the top Makefile, whose WARN, CPPFLAGS,
# ALL_CFLAGS, LDFLAGS, LDLIBS and HEADERS it reuses.
#
#   make fuzz          builds the libFuzzer targets of tests/fuzz with clang
#                      and runs each for FUZZ_SECONDS (default 30) from a
#                      copy of its seed corpus in tests/fuzz/corpus; fails on
#                      any crash, leaving the input in build/fuzz/artifacts
#   make valgrind      a short simulation, a sweep and explain under
#                      valgrind memcheck: no error, no leak (tools/valgrind.sh)
#   make large-heap    2^28 items, the array model, with time and max RSS
#                      (tools/large-heap.sh; needs about 6 GiB)
#   make ci-hardening  all of issue 7's CI checks (tools/ci-hardening.sh)
#   build/textbook     the plain array heap of tools/textbook.c, built with
#                      bheapsim's flags; make bench runs it

FUZZ_CC ?= clang
FUZZ_SECONDS ?= 30
FUZZ_BUILD = build/fuzz
# The code under test is traced for coverage; the harnesses and their
# oracles are only sanitized: their loops must not steer the fuzzer, and
# traced comparisons in them cost most of its time.
FUZZ_SANITIZE = -g -O1 -fsanitize=address,undefined \
    -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_TRACED = $(FUZZ_SANITIZE) -fsanitize=fuzzer-no-link
FUZZ_CFLAGS = $(CPPFLAGS) -I. -Itests $(CHECK_CFLAGS) $(WARN)
# sweep.c reads config.c's names (--sweep policy=), config.c lists the
# layouts, whose code reports to a stream (stream.c), and config.c sizes
# the models: the parser links them all; the heap's harness feeds the
# page model from a taker of its own (fuzz_heap.c).
FUZZ_MODELS = traced/vmsim.o traced/pagehist.o traced/pagelru.o \
    traced/pagesmall.o \
    traced/pageopt.o traced/stackdist.o traced/stackcurve.o \
    traced/pages.o traced/cache.o \
    traced/cachescan.o \
    traced/cachestamp.o traced/cachetrace.o traced/hier.o traced/stream.o \
    traced/timemodel.o traced/timelat.o traced/predict.o traced/latcurve.o \
    traced/pipeline.o traced/balance.o traced/counted.o
FUZZ_PARSE_OBJS = $(addprefix $(FUZZ_BUILD)/,harness/fuzz_parse.o \
    traced/parse.o traced/sweep.o traced/config.o traced/heap.o \
    traced/binheap.o traced/bheap.o traced/dary.o traced/veb.o $(FUZZ_MODELS))
FUZZ_HEAP_OBJS = $(addprefix $(FUZZ_BUILD)/,harness/fuzz_heap.o \
    harness/reference.o traced/heap.o traced/binheap.o traced/bheap.o \
    traced/dary.o traced/veb.o $(FUZZ_MODELS))
FUZZ_CSV_OBJS = $(addprefix $(FUZZ_BUILD)/,harness/fuzz_csv.o \
    traced/csvread.o)

.PHONY: fuzz fuzz-build valgrind large-heap ci-hardening

# The yardstick is built exactly as bheapsim is, or the ratio means nothing.
bench: build/textbook

build/textbook: tools/textbook.c prng.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -I. $(ALL_CFLAGS) $(LDFLAGS) -o $@ tools/textbook.c $(LDLIBS)

fuzz-build: $(FUZZ_BUILD)/fuzz_parse $(FUZZ_BUILD)/fuzz_heap \
    $(FUZZ_BUILD)/fuzz_csv

$(FUZZ_BUILD)/traced/%.o: %.c $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_TRACED) -c -o $@ $<

$(FUZZ_BUILD)/harness/%.o: tests/fuzz/%.c $(HEADERS) tests/tests.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SANITIZE) -c -o $@ $<

# fuzz_heap takes reference.c's parent rules, declared in tests/tests.h.
$(FUZZ_BUILD)/harness/reference.o: tests/reference.c tests/tests.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SANITIZE) -c -o $@ tests/reference.c

$(FUZZ_BUILD)/fuzz_parse: $(FUZZ_PARSE_OBJS)
	$(FUZZ_CC) $(FUZZ_SANITIZE) -fsanitize=fuzzer -o $@ $(FUZZ_PARSE_OBJS)

$(FUZZ_BUILD)/fuzz_heap: $(FUZZ_HEAP_OBJS)
	$(FUZZ_CC) $(FUZZ_SANITIZE) -fsanitize=fuzzer -o $@ $(FUZZ_HEAP_OBJS)

$(FUZZ_BUILD)/fuzz_csv: $(FUZZ_CSV_OBJS)
	$(FUZZ_CC) $(FUZZ_SANITIZE) -fsanitize=fuzzer -o $@ $(FUZZ_CSV_OBJS)

fuzz: fuzz-build
	sh tools/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

valgrind: bheapsim
	sh tools/valgrind.sh ./bheapsim

large-heap: bheapsim
	sh tools/large-heap.sh ./bheapsim

ci-hardening:
	sh tools/ci-hardening.sh
