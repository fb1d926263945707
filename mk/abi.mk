# mk/abi.mk: bheapsim built once per ABI, and run side by side.
#
# Included at the end of the top Makefile, whose CORE, HEADERS, WARN,
# CPPFLAGS and ALL_CFLAGS it reuses, so every ABI compiles the same
# sources with the same warnings.
#
#   make abi        build/{x86-64,x32,ia32}/bheapsim and bheapsim-static
#                   (objects in build/ABI/obj, or for x86-64 make's own
#                   where the compiler's flags build x86-64)
#   make x32check   can this kernel execute x32?  One line says why not
#   make compare    one workload on every ABI: a table on stdout,
#                   build/compare.csv and build/compare.md
#   make deps       installs the Debian packages all of this needs
#
# make compare takes ITEMS, OPS, WORKLOAD, MODEL, RESIDENT and VM
# (bheapsim's --items, --ops, --workload, --model, --resident and --vm),
# GUEST=auto|always|never, KERNEL=path to a bzImage for the guest,
# ACCEL=auto|kvm|tcg, GUEST_MEM (qemu -m) and GUEST_TIMEOUT (seconds).
# See tools/compare.sh.

ABIS = x86-64 x32 ia32
ABI_FLAGS.x86-64 = -m64
ABI_FLAGS.x32 = -mx32
ABI_FLAGS.ia32 = -m32

ABI_BUILD = build
# Each ABI's objects.  Where the compiler, with make's flags, builds
# x86-64 (LP64), -m64 changes nothing, so the x86-64 programs link the
# objects that make builds for ./bheapsim, in $(O), rather than compile
# them all again.
ABI_NATIVE_X86_64 := $(shell printf '' | $(CC) $(CPPFLAGS) $(ALL_CFLAGS) \
    -dM -E - 2>/dev/null | grep -c -e '^.define __x86_64__ ' \
    -e '^.define __LP64__ ')
ABI_OBJ.x86-64 = $(if $(filter 2,$(ABI_NATIVE_X86_64)),$(O),$(ABI_BUILD)/x86-64/obj)
ABI_OBJ.x32 = $(ABI_BUILD)/x32/obj
ABI_OBJ.ia32 = $(ABI_BUILD)/ia32/obj
ABI_TOOLCHAIN = $(ABI_BUILD)/abi-toolchain.ok
ABI_PROGRAMS = $(foreach a,$(ABIS),$(ABI_BUILD)/$(a)/bheapsim \
    $(ABI_BUILD)/$(a)/bheapsim-static)
X32PROBE = $(ABI_BUILD)/x32probe
GUEST_INIT = $(ABI_BUILD)/guest/init

ITEMS ?= 500K
OPS ?=
WORKLOAD ?= replace
MODEL ?= array
RESIDENT ?=
VM ?= sim
GUEST ?= auto
KERNEL ?=
ACCEL ?= auto
GUEST_MEM ?= 1G
GUEST_TIMEOUT ?= 3600

.PHONY: abi deps x32check compare

abi: $(ABI_PROGRAMS) $(X32PROBE) $(GUEST_INIT)

# Fails before any compiling, with the packages to install, when gcc cannot
# compile and link -mx32 and -m32 programs, dynamic and static.
$(ABI_TOOLCHAIN):
	@mkdir -p $(@D)
	@printf 'int main(void) { return 0; }\n' >$(@D)/abi-toolchain.c
	@: >$(@D)/abi-toolchain.log
	@for flag in -mx32 -m32; do \
		for link in "" -static; do \
			$(CC) $$flag $$link -o $(@D)/abi-toolchain \
			    $(@D)/abi-toolchain.c 2>>$(@D)/abi-toolchain.log || { \
			echo "make abi: '$(CC) $$flag$${link:+ $$link}' cannot build a" \
			    "program ($(@D)/abi-toolchain.log says why): install" \
			    "the Debian packages gcc-multilib libc6-dev-x32" \
			    "libc6-dev-i386, as 'make deps' does" >&2; exit 1; }; \
		done; \
	done
	@rm -f $(@D)/abi-toolchain $(@D)/abi-toolchain.c
	@touch $@

# abi_rules ABI: objects in build/ABI/obj, a dynamic and a static program
# (linked from ABI_OBJ.ABI's objects).
define abi_rules
$(ABI_BUILD)/$(1)/obj/%.o: %.c $$(HEADERS) | $$(ABI_TOOLCHAIN)
	@mkdir -p $$(@D)
	$$(CC) $$(CPPFLAGS) $$(ALL_CFLAGS) $$(ABI_FLAGS.$(1)) -c -o $$@ $$<

$(ABI_BUILD)/$(1)/obj/help.o: $$(SRCDIR)/debian/changelog

$(ABI_BUILD)/$(1)/obj/explore_page.o: $$(PAGE_C) $$(HEADERS) | $$(ABI_TOOLCHAIN)
	@mkdir -p $$(@D)
	$$(CC) $$(CPPFLAGS) $$(ALL_CFLAGS) $$(ABI_FLAGS.$(1)) -c -o $$@ $$<

$(ABI_BUILD)/$(1)/bheapsim: $$(addprefix $$(ABI_OBJ.$(1))/,main.o $$(CORE))
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $$(ABI_FLAGS.$(1)) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)

$(ABI_BUILD)/$(1)/bheapsim-static: $$(addprefix $$(ABI_OBJ.$(1))/,main.o $$(CORE))
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $$(ABI_FLAGS.$(1)) $$(LDFLAGS) -static -o $$@ $$^ $$(LDLIBS)
endef
$(foreach a,$(ABIS),$(eval $(call abi_rules,$(a))))

# No C library: the probe must run where no x32 libc is installed.
$(X32PROBE): tools/x32probe.c | $(ABI_TOOLCHAIN)
	@mkdir -p $(@D)
	$(CC) -mx32 -Os -static -nostdlib -ffreestanding -fno-stack-protector \
	    -fno-pie -no-pie -fno-asynchronous-unwind-tables -o $@ tools/x32probe.c

$(GUEST_INIT): tools/guest/init.c | $(ABI_TOOLCHAIN)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -m64 $(LDFLAGS) -static -o $@ tools/guest/init.c

deps:
	sh tools/install-deps.sh abi

x32check: $(X32PROBE)
	@sh tools/x32check.sh -v $(X32PROBE) || [ $$? -eq 1 ]

compare: abi
	ITEMS='$(ITEMS)' OPS='$(OPS)' WORKLOAD='$(WORKLOAD)' MODEL='$(MODEL)' \
	RESIDENT='$(RESIDENT)' VM='$(VM)' GUEST='$(GUEST)' KERNEL='$(KERNEL)' \
	ACCEL='$(ACCEL)' GUEST_MEM='$(GUEST_MEM)' GUEST_TIMEOUT='$(GUEST_TIMEOUT)' \
	BUILD='$(ABI_BUILD)' \
	    sh tools/compare.sh
