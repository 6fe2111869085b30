# Makefile for rankmetrics: one CWEB program, rankmetrics.w, tangled into a
# C library and a command-line tool, and woven into a book (doc/rankmetrics.pdf).
# GNU make 4.x.  The tangled C, the woven TeX and the PDF are build outputs;
# rankmetrics.w, tests/*.c and vectors/ are sources.

VERSION  = 0.1.0
SOMAJOR  = $(firstword $(subst ., ,$(VERSION)))

CFLAGS  ?= -std=c11 -O2 -g
# Always on, even when CFLAGS is given on the command line (which comes after
# WARN, so CFLAGS=-Wno-error=... still works).
WARN     = -Wall -Wextra -Werror
PKG_CONFIG ?= pkg-config

CTANGLE  = ctangle
CWEAVE   = cweave
PDFTEX   = pdftex -interaction=nonstopmode -halt-on-error

# MPFR and GMP: pkg-config when it knows them, else the plain flags.
MATH_LIBS := $(or $(shell $(PKG_CONFIG) --libs mpfr gmp 2>/dev/null),-lmpfr -lgmp) -lm -lz
MATH_CFLAGS := $(shell $(PKG_CONFIG) --cflags mpfr gmp 2>/dev/null)
# Check is only needed by `make check'; expanded only there.
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check)
CHECK_LIBS   = $(shell $(PKG_CONFIG) --libs check)

ALL_CFLAGS = $(CPPFLAGS) -I. $(MATH_CFLAGS) $(WARN) $(CFLAGS)

# Install locations.
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DOCDIR     ?= $(PREFIX)/share/doc/rankmetrics
# The golden vectors; the installed tool looks for them in ../share/rankmetrics/vectors
# from its own directory, so keep BINDIR and VECDIR under one PREFIX (or set
# RANKMETRICS_VECTORS).
VECDIR     ?= $(PREFIX)/share/rankmetrics/vectors
MANDIR     ?= $(PREFIX)/share/man
# The Python package (python/rankmetrics), laid out as Debian lays out
# python3 packages; the installed package finds the installed library by
# the path make install writes into rankmetrics/_libpath.py.
PYTHON     ?= /usr/bin/python3
PYTHONDIR  ?= $(PREFIX)/lib/python3/dist-packages
PY_SRCS     = $(filter-out python/rankmetrics/_libpath.py,$(wildcard python/rankmetrics/*.py))
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

# Reproducible PDF: the date TeX prints and stores is the last commit's.
ifeq ($(origin SOURCE_DATE_EPOCH),undefined)
SOURCE_DATE_EPOCH := $(or $(shell git log -1 --format=%ct 2>/dev/null),0)
endif
export SOURCE_DATE_EPOCH
export FORCE_SOURCE_DATE = 1

# Files ctangle writes (every @(file@> in rankmetrics.w, plus rankmetrics.c).
TANGLED  = rankmetrics.c rankmetrics.h rmtool.c examples.h verifydemo.c rmeval.c rmshared.h
HEADERS  = rankmetrics.h examples.h
STATIC   = librankmetrics.a
SHARED   = librankmetrics.so.$(VERSION)
SONAME   = librankmetrics.so.$(SOMAJOR)
TOOL     = rankmetrics
# Check sources linked into the ONE test runner; add tests/check_*.c here.
TEST_SRCS = tests/check_api.c tests/check_rankmetrics.c tests/check_ap.c tests/check_agg.c tests/check_prf.c tests/check_auc_err.c tests/check_cls.c tests/check_novelty.c tests/check_setm.c tests/check_corr.c tests/check_vectors.c tests/check_threads.c tests/check_judged.c tests/check_filter.c tests/check_trec.c tests/check_verify.c tests/check_disagree.c tests/check_eval.c tests/check_compare.c
TEST_SRCS += tests/check_divers.c
RUNNER   = tests/check_rankmetrics
# MetaPost figures the book includes (generated files, e.g. doc/fig-dcg.1).
# Add them here with a rule that makes them; doc/rankmetrics.pdf depends on them.
FIGURE_NAMES = fig-discount fig-roc003 fig-roc002 fig-pr004 fig-err
FIGURES  = $(addprefix doc/,$(addsuffix .mps,$(FIGURE_NAMES)))
DOCAUX   = $(addprefix doc/rankmetrics.,tex idx scn toc log pdf ref toc1 ref1 run1) \
  $(addprefix doc/rankmetrics-reader.,toc log pdf ref toc1 ref1 run1)

.DELETE_ON_ERROR:
.SUFFIXES:
MAKEFLAGS += --no-builtin-rules
.PHONY: all lib tool header doc lint check bench bench-side bench-all-trec faults check-sanitize check-valgrind fuzz fuzz-short vectors vectors-check install uninstall clean FORCE

all: lint lib tool header doc

# ---- Tangle ---------------------------------------------------------------
# One ctangle run writes every output; +c leaves unchanged files (and their
# mtimes) alone, so a stamp records that the tangle is current.  Run at the
# top level so `#line "rankmetrics.w"' is right.  ctangle may print an error
# ("! Double @ should be used in string") and still write its files, so any
# line starting with `!' fails the rule as well as a nonzero exit.  The stamp
# is forced when a tangled file has gone missing.
tangle.stamp: rankmetrics.w $(if $(filter-out $(wildcard $(TANGLED)),$(TANGLED)),FORCE)
	@rm -f $@
	@echo "$(CTANGLE) +c rankmetrics.w"
	@out=$$($(CTANGLE) +c rankmetrics.w 2>&1); rc=$$?; \
	  [ -z "$$out" ] || printf '%s\n' "$$out"; \
	  if [ $$rc -ne 0 ] || printf '%s\n' "$$out" | grep -q '^!'; then \
	    echo "ctangle failed (exit $$rc)" >&2; exit 1; fi
	@touch $@
$(TANGLED): tangle.stamp ;

# ---- Library: static (non-PIC) and shared (PIC, versioned) ------------------
lib: $(STATIC) $(SHARED) $(SONAME) librankmetrics.so

# Two translation units: the metrics (rankmetrics.c) and the evaluation
# engine (rmeval.c, which reads files and runs a thread: -pthread).  What the
# engine shares with the tool (rmshared.h) has hidden visibility: the tool
# links it from the static library, and the shared library does not export it.
rankmetrics.o: rankmetrics.c $(HEADERS)
	$(CC) $(ALL_CFLAGS) -c rankmetrics.c -o $@
rankmetrics.pic.o: rankmetrics.c $(HEADERS)
	$(CC) $(ALL_CFLAGS) -fPIC -c rankmetrics.c -o $@
rmeval.o: rmeval.c rmshared.h $(HEADERS)
	$(CC) $(ALL_CFLAGS) -pthread -c rmeval.c -o $@
rmeval.pic.o: rmeval.c rmshared.h $(HEADERS)
	$(CC) $(ALL_CFLAGS) -pthread -fPIC -c rmeval.c -o $@
$(STATIC): rankmetrics.o rmeval.o
	rm -f $@
	$(AR) rcs $@ rankmetrics.o rmeval.o
$(SHARED): rankmetrics.pic.o rmeval.pic.o
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined \
	  $(LDFLAGS) rankmetrics.pic.o rmeval.pic.o $(MATH_LIBS) -pthread -o $@
$(SONAME): $(SHARED)
	ln -sf $(SHARED) $@
librankmetrics.so: $(SONAME)
	ln -sf $(SONAME) $@

# ---- Tool ---------------------------------------------------------------------
tool: $(TOOL)
$(TOOL): rmtool.c rmshared.h $(HEADERS) $(STATIC)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) rmtool.c $(STATIC) $(MATH_LIBS) -pthread -o $@

# ---- The installed header -----------------------------------------------------
# The tangled rankmetrics.h has #line directives and no comment (ctangle drops
# them); the header that make install installs is written from the book by
# tools/mkheader.awk, with the comments beside each prototype as its
# documentation.  The script fails when a public prototype has no comment or
# a comment names an rm_ or RM_ identifier the header does not declare, and
# this rule fails when the result's C tokens (comments and #line dropped by
# the preprocessor) differ from the tangled header's: one source, no drift.
INSTALL_H = build/include/rankmetrics.h
header: $(INSTALL_H)
header_tokens = grep -v '^\#line' $(1) | $(CC) -fpreprocessed -dD -E -P -x c - | tr -d ' \t\n'
$(INSTALL_H): rankmetrics.w tools/mkheader.awk rankmetrics.h
	@mkdir -p $(dir $@)
	awk -f tools/mkheader.awk rankmetrics.w > $@.tmp
	@[ "$$($(call header_tokens,$@.tmp))" = "$$($(call header_tokens,rankmetrics.h))" ] || \
	  { echo "$@: its C differs from the tangled rankmetrics.h (see tools/mkheader.awk)" >&2; exit 1; }
	mv -f $@.tmp $@

# ---- Book ---------------------------------------------------------------------
# cweave writes doc/rankmetrics.{tex,idx,scn}; any nonzero exit fails (5 means
# an unused section).  pdftex runs at the top level and writes into doc/;
# TEXINPUTS puts doc/ first, so `\input examples' finds doc/examples.tex.
# pdftex runs twice: the first run writes the contents (doc/rankmetrics.toc)
# and the section and page of every label (doc/rankmetrics.ref), which the
# second run prints at the front (the contents and the paths of "How to read
# this book") and in the quick reference.  Both files are removed
# first, so that the PDF never depends on a file left by an older build, and
# the second run must write them unchanged (the front matter moves no
# section and no page) and resolve every reference.
doc: doc/rankmetrics.pdf doc/rankmetrics-reader.pdf

# The index keeps the book's concepts and its named identifiers, not the
# short local names (i, j, k, n, a, dx, ...): cweave indexes every identifier,
# so the entries whose key is an identifier of one or two characters (set in
# italic, \|{x} or \\{xy}, in bold, \&{xy}, or in typewriter type, \.{XY})
# are dropped from doc/rankmetrics.idx, with the continuation lines that carry
# their section numbers, and so are the system's names that start with an
# underscore (__attribute__, _GNU_SOURCE).  An entry is one line starting
# with \I and the lines after it that do not (no {1,2} in the pattern: mawk
# has no intervals).  The concepts lead: the entries the book writes itself
# (@^...@> in roman, @:...@> sorted by a key of their own, and @.@> in
# typewriter type, which is known from an identifier by a character that an
# upper-case C name does not have), then the line \rmidentifiers, which
# heads the identifiers in the full book and ends the index of the reader's
# edition.  cweave's -x would drop the whole index and the list of section
# names, so it is not used.
# One line of the woven TeX is corrected: cweave gives an identifier one
# category for the whole file, and `undef' must be an ordinary name (@s undef
# normal: the field of a variant, v->undef), so the directive #undef inside
# a function came out as `# undef', a `#' and a name apart; the sed sets it
# as cweave sets #define.
doc/rankmetrics.tex: rankmetrics.w
	@mkdir -p doc
	$(CWEAVE) rankmetrics.w - $@
	@sed -e 's/\\8\\# \\\\{undef}\\5/\\8\\#\\\&{undef} /' $@ > $@.tmp && mv -f $@.tmp $@
	@awk '/^\\I/ { \
	    drop = ($$0 ~ /^\\I(\\\||\\\\|\\&|\\\.)\{([A-Za-z0-9]|\\_)([A-Za-z0-9]|\\_)?\}, /) || \
	      ($$0 ~ /^\\I(\\\\|\\&|\\\.)\{\\_/); \
	    concept = ($$0 ~ /^\\I(\{|\\9)/) || \
	      ($$0 ~ /^\\I\\\.\{/ && $$0 !~ /^\\I\\\.\{[A-Z0-9\\_]*\}, /) } \
	  !drop { if (concept) c = c $$0 "\n"; else id = id $$0 "\n" } \
	  END { printf "%s\\rmidentifiers\n%s", c, id }' \
	  doc/rankmetrics.idx > doc/rankmetrics.idx.tmp && \
	  mv -f doc/rankmetrics.idx.tmp doc/rankmetrics.idx

doc/examples.tex: $(TOOL)
	@mkdir -p doc
	./$(TOOL) examples --tex > $@.tmp
	mv -f $@.tmp $@

# The pictures: the tool writes MetaPost programs from the library's own
# values, and mpost draws them (labels are typeset by TeX through makempx).
$(FIGURES): doc/figures.stamp ;
doc/figures.stamp: $(TOOL)
	@mkdir -p doc
	./$(TOOL) figures --out doc
	cd doc && for f in $(FIGURE_NAMES); do \
	  mpost -interaction=nonstopmode -halt-on-error $$f.mp >/dev/null || \
	  { cat $$f.log >&2; exit 1; }; done
	@touch $@

doc/disagree.tex: $(TOOL)
	@mkdir -p doc
	./$(TOOL) disagree all --budget 3600 --tex $@.tmp > /dev/null
	mv -f $@.tmp $@

doc/accuracy.tex: $(TOOL)
	@mkdir -p doc
	./$(TOOL) accuracy --tex > $@.tmp
	mv -f $@.tmp $@

# The book's worked example of verify: a wrong candidate (verifydemo.c, tangled
# from the book) run on the committed vectors, and the tool's report on it,
# folded and set in typewriter type.  The report must name the two variants
# the prose names, or the build stops.
build/verifydemo: verifydemo.c
	@mkdir -p build
	$(CC) $(WARN) $(CFLAGS) verifydemo.c -lm -o $@
doc/verify-demo.tex: $(TOOL) build/verifydemo $(wildcard vectors/*_test.txt)
	@mkdir -p doc build
	build/verifydemo vectors > build/verify-demo.txt
	./$(TOOL) verify --vectors vectors build/verify-demo.txt > build/verify-demo.out; \
	  rc=$$?; [ $$rc -eq 1 ] || { echo "verify-demo: verify exited $$rc, not 1" >&2; exit 1; }
	@grep -q "match ap\[norm=hits,rel=1,ties=input,undef=zero\] on" build/verify-demo.out && \
	  grep -q "match ndcg@10\[gain=exp2,discount=log2,ideal=judged,ties=input,undef=zero\] on" build/verify-demo.out || \
	  { cat build/verify-demo.out; echo "verify-demo: the report does not name ap[norm=hits] and ndcg@10[gain=exp2]" >&2; exit 1; }
	{ printf '%s\n' '\font\eighttt=cmtt8 \begingroup\eighttt\parindent=0pt\def\par{\leavevmode\endgraf}\obeylines\obeyspaces\def {\ }%'; \
	  fold -s -w 96 build/verify-demo.out | sed -e 's/\\/\\char92 /g' -e 's/[{}$$&#^_%~]/\\char`\\&/g' \
	    -e 's/^$$/\\strut/'; \
	  printf '%s\n' '\endgroup'; } > $@.tmp
	mv -f $@.tmp $@

# The adequacy of the committed vectors (the table of the part on them).
doc/adequacy.tex: $(TOOL) $(wildcard vectors/*_test.txt)
	@mkdir -p doc
	./$(TOOL) adequacy --tex $@.tmp > /dev/null
	mv -f $@.tmp $@

doc/rankmetrics.pdf: doc/rankmetrics.tex doc/examples.tex doc/accuracy.tex doc/disagree.tex doc/verify-demo.tex doc/adequacy.tex $(FIGURES) doc/bench-record.tex
	rm -f doc/rankmetrics.toc doc/rankmetrics.ref
	@echo "pdftex (first run: contents and labels; its output in doc/rankmetrics.run1)"
	@TEXINPUTS="doc:$${TEXINPUTS:-}:" $(PDFTEX) -output-directory=doc doc/rankmetrics.tex \
	  > doc/rankmetrics.run1 2>&1 || { cat doc/rankmetrics.run1; exit 1; }
	cp doc/rankmetrics.toc doc/rankmetrics.toc1
	cp doc/rankmetrics.ref doc/rankmetrics.ref1
	TEXINPUTS="doc:$${TEXINPUTS:-}:" $(PDFTEX) -output-directory=doc doc/rankmetrics.tex
	@cmp -s doc/rankmetrics.toc doc/rankmetrics.toc1 && cmp -s doc/rankmetrics.ref doc/rankmetrics.ref1 || \
	  { echo "doc/rankmetrics.pdf: the contents or the labels changed between the two runs" >&2; exit 1; }
	@if grep -n 'forward reference .* unknown' doc/rankmetrics.log; then \
	  echo "doc/rankmetrics.log: references unresolved on the second run" >&2; exit 1; fi
	@if grep -n 'Overfull \\hbox' doc/rankmetrics.log; then \
	  echo "doc/rankmetrics.log: overfull lines (see above); put long strings in displays" >&2; \
	  exit 1; fi

# The reader's edition: the same doc/rankmetrics.tex typeset with \rmreader
# defined, which leaves out the C and the sections for the implementation
# only (see the limbo of rankmetrics.w); its section numbers are the full
# book's, whose labels (doc/rankmetrics.ref) and index (doc/rankmetrics.idx)
# it reads.  Two runs, as for the full book, with the same checks.
READER_RUN = TEXINPUTS="doc:$${TEXINPUTS:-}:" $(PDFTEX) -output-directory=doc \
  -jobname=rankmetrics-reader '\def\rmreader{}\input rankmetrics'
doc/rankmetrics-reader.pdf: doc/rankmetrics.pdf
	rm -f doc/rankmetrics-reader.toc doc/rankmetrics-reader.ref
	@echo "pdftex (reader's edition, first run; its output in doc/rankmetrics-reader.run1)"
	@$(READER_RUN) > doc/rankmetrics-reader.run1 2>&1 || { cat doc/rankmetrics-reader.run1; exit 1; }
	cp doc/rankmetrics-reader.toc doc/rankmetrics-reader.toc1
	cp doc/rankmetrics-reader.ref doc/rankmetrics-reader.ref1
	$(READER_RUN)
	@cmp -s doc/rankmetrics-reader.toc doc/rankmetrics-reader.toc1 && \
	  cmp -s doc/rankmetrics-reader.ref doc/rankmetrics-reader.ref1 || \
	  { echo "$@: the contents or the labels changed between the two runs" >&2; exit 1; }
	@if grep -n 'forward reference .* unknown' doc/rankmetrics-reader.log; then \
	  echo "doc/rankmetrics-reader.log: references unresolved on the second run" >&2; exit 1; fi
	@if grep -n 'Overfull \\hbox' doc/rankmetrics-reader.log; then \
	  echo "doc/rankmetrics-reader.log: overfull lines (see above)" >&2; exit 1; fi

# ---- Lint -----------------------------------------------------------------------
lint:
	@grep -nE '[A-Za-z)]@[0-9kKnN]' rankmetrics.w; rc=$$?; \
	if [ $$rc -eq 0 ]; then \
	  echo "lint: a lone @ in TeX text is silently eaten by cweave; write @@ (e.g. ndcg@@10)" >&2; \
	  exit 1; fi; [ $$rc -eq 1 ]
	@LC_ALL=C grep -n '[^[:print:][:space:]]' rankmetrics.w; rc=$$?; \
	if [ $$rc -eq 0 ]; then \
	  echo "lint: plain TeX drops non-ASCII characters; write accents as TeX (J\\\"arvelin)" >&2; \
	  exit 1; fi; [ $$rc -eq 1 ]

# ---- Tests ----------------------------------------------------------------------
# make check builds everything, then runs the steps below two at a time
# (CHECK_JOBS) in a make of its own, with -k so that every step runs and
# reports, and --output-sync so that each step's lines come out together
# when it ends; any failure fails make check.  Then, alone and last, the
# Check runner, so that the last line printed is Check's summary.  The steps
# are independent: each writes only its own files under build/ or a
# mktemp directory, except the two that run make install into a staging
# directory (both write rankmetrics.pc), which run one after the other.
# The worked examples and the golden vectors regenerated byte for byte are
# steps like the others; the vectors' adequacy (every neighbour of a variant
# that is a different function fails one of its tests) is checked by
# tests/adequacy_test.sh, which runs `rankmetrics adequacy' and reads its
# report, so check-adequacy (the bare command) is not run twice.
CHECK_JOBS ?= 2
CHECK_SCRIPTS = verify_test order_test verify_all_test install_test header_test \
  readme_snippet_test readme_test adequacy_test sklearn_check r_check atlas_test \
  names_test trec_eval_test python_install_test eval_test merge_test hostile_test \
  io_test fault_test threads_eval_test numbers_test help_test disagree_test \
  reader_test commands_test claims_test mistakes_test wheel_test compare_test \
  significance_check
CHECK_SCRIPTS += divers_test
CHECK_SCRIPTS += catalog_test xgboost_check
CHECK_SCRIPTS += irm_test
CHECK_SCRIPTS += logloss_test
CHECK_SCRIPTS += verify_significance_test
CHECK_SCRIPTS += ils_test
CHECK_SCRIPTS += ranx_test
CHECK_SCRIPTS += serendipity_test
CHECK_SCRIPTS += similarity_test
CHECK_SCRIPTS += catentropy_test
CHECK_SCRIPTS += popbias_test
CHECK_SCRIPTS += sidenote_test
# The slowest steps first, so that the two lines of work end together.
CHECK_STEPS = check-sanitize check-valgrind test-fault_test test-threads_eval_test \
  vectors-check $(addprefix test-,$(filter-out fault_test threads_eval_test,$(CHECK_SCRIPTS))) \
  check-pytest check-examples
.PHONY: check-steps check-examples check-adequacy check-pytest $(addprefix test-,$(CHECK_SCRIPTS))

check: all $(RUNNER)
	@$(MAKE) --no-print-directory -k -j$(CHECK_JOBS) --output-sync=target check-steps
	$(RUNNER)

check-steps: $(CHECK_STEPS)
check-examples: $(TOOL)
	./$(TOOL) examples
check-adequacy: $(TOOL)
	./$(TOOL) adequacy
check-pytest: lib
	$(PYTHON) -m pytest -q -p no:cacheprovider python/tests
$(addprefix test-,$(CHECK_SCRIPTS)): test-%: $(TOOL)
	bash tests/$*.sh
test-fault_test test-threads_eval_test: faults
test-python_install_test: | test-install_test

$(RUNNER): $(TEST_SRCS) tests/suites.h tests/testutil.h $(HEADERS) $(STATIC)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) $(LDFLAGS) $(TEST_SRCS) $(STATIC) \
	  $(CHECK_LIBS) $(MATH_LIBS) -pthread -o $@

# ---- Sanitizers and valgrind ---------------------------------------------------
# The library and the Check runner rebuilt out of tree (build/san) under
# AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer, every
# suite run, and the run fails on any report, even one inside a forked test.
SAN_DIR    = build/san
SAN_FLAGS  = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
             -fno-omit-frame-pointer
SAN_ENV    = ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1 \
             UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The tool's own statuses are 0, 1 and 2; a sanitizer's report exits 97.
SAN_TOOL_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:exitcode=97 \
             UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=97
$(SAN_DIR)/rankmetrics.o: rankmetrics.c $(HEADERS)
	@mkdir -p $(SAN_DIR)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -c rankmetrics.c -o $@
$(SAN_DIR)/rmeval.o: rmeval.c rmshared.h $(HEADERS)
	@mkdir -p $(SAN_DIR)
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -pthread -c rmeval.c -o $@
$(SAN_DIR)/check_rankmetrics: $(TEST_SRCS) tests/suites.h tests/testutil.h $(HEADERS) $(SAN_DIR)/rankmetrics.o $(SAN_DIR)/rmeval.o
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) $(CHECK_CFLAGS) $(LDFLAGS) $(TEST_SRCS) \
	  $(SAN_DIR)/rankmetrics.o $(SAN_DIR)/rmeval.o $(CHECK_LIBS) $(MATH_LIBS) -pthread -o $@
# The tool too, so that its commands run under the sanitizers: verify over
# every vector of every family at once (tests/verify_all_test.sh).
$(SAN_DIR)/rankmetrics: rmtool.c rmshared.h $(HEADERS) $(SAN_DIR)/rankmetrics.o $(SAN_DIR)/rmeval.o
	$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) $(LDFLAGS) rmtool.c $(SAN_DIR)/rankmetrics.o $(SAN_DIR)/rmeval.o \
	  $(MATH_LIBS) -pthread -o $@
# hostile_test runs a few cases under the sanitizers too: on the tool that
# check-sanitize builds, named, so that it never looks at one half linked.
test-hostile_test: $(SAN_DIR)/rankmetrics
test-hostile_test: export SAN_TOOL = $(SAN_DIR)/rankmetrics
# Each suite runs in a process of its own (CK_RUN_SUITE), one make target
# a suite, so that make -j runs them side by side; the suites are those the
# test sources create, so a new suite is run without being listed here.
SAN_SUITES := $(shell sed -n 's/.*suite_create("\([a-z_0-9]*\)").*/\1/p' $(TEST_SRCS))
SAN_RUNS    = $(addprefix san-suite-,$(SAN_SUITES))
.PHONY: san-verify $(SAN_RUNS)
check-sanitize: san-verify $(SAN_RUNS)
	@echo "check-sanitize: $(words $(SAN_SUITES)) suites and verify's tests, no sanitizer report"
san-verify: $(SAN_DIR)/rankmetrics
	@echo "check-sanitize: verify's tests, the tool under ASan+UBSan"
	@$(SAN_TOOL_ENV) TOOL=$(SAN_DIR)/rankmetrics bash tests/verify_all_test.sh > $(SAN_DIR)/verify.log 2>&1 || \
	  { cat $(SAN_DIR)/verify.log; echo "check-sanitize: verify_all_test failed under the sanitizers" >&2; exit 1; }
	@$(SAN_TOOL_ENV) RANKMETRICS_VECTORS=vectors TOOL=$(SAN_DIR)/rankmetrics bash tests/verify_test.sh >> $(SAN_DIR)/verify.log 2>&1 || \
	  { cat $(SAN_DIR)/verify.log; echo "check-sanitize: verify_test failed under the sanitizers" >&2; exit 1; }
	@grep -E '^verify(_all)?_test:' $(SAN_DIR)/verify.log
$(SAN_RUNS): san-suite-%: $(SAN_DIR)/check_rankmetrics
	@rm -f $(SAN_DIR)/check-$*.rc
	@{ CK_RUN_SUITE=$* $(SAN_ENV) $(SAN_DIR)/check_rankmetrics; echo $$? > $(SAN_DIR)/check-$*.rc; } \
	  > $(SAN_DIR)/check-$*.log 2>&1
	@if grep -nE 'runtime error|ERROR: (Address|Leak)Sanitizer' $(SAN_DIR)/check-$*.log; then \
	  cat $(SAN_DIR)/check-$*.log; \
	  echo "check-sanitize: sanitizer reports in suite $* (see $(SAN_DIR)/check-$*.log)" >&2; exit 1; fi
	@[ "$$(cat $(SAN_DIR)/check-$*.rc)" = 0 ] && grep -q '^100%: Checks: [1-9]' $(SAN_DIR)/check-$*.log || \
	  { cat $(SAN_DIR)/check-$*.log; echo "check-sanitize: suite $* failed" >&2; exit 1; }
	@echo "check-sanitize: suite $*: $$(grep '^100%: Checks:' $(SAN_DIR)/check-$*.log)"

# The tool with fault injection (build/faults): RM_FAULT_ALLOC, RM_FAULT_WRITE
# and RM_FAULT_READ=N make the Nth allocation, output write or line read fail
# (see the book, "Files"); tests/fault_test.sh walks N over every such call.
FAULT_DIR = build/faults
faults: $(FAULT_DIR)/rankmetrics
# The engine (rmeval.c) is compiled again with the faults; the metrics are
# the ordinary object.
$(FAULT_DIR)/rankmetrics: rmtool.c rmeval.c rmshared.h $(HEADERS) rankmetrics.o
	@mkdir -p $(FAULT_DIR)
	$(CC) $(ALL_CFLAGS) -DRM_FAULTS $(LDFLAGS) rmtool.c rmeval.c rankmetrics.o $(MATH_LIBS) -pthread -o $@

# valgrind's memcheck on the library tests (the ordinary runner, not forked so
# that every test runs under valgrind in one process).  VG_SUITES picks the
# suites: the fast ones, all the library's code paths, a few minutes in all.
VALGRIND   = valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
             --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
             --track-origins=yes --quiet
# The tool under memcheck exits 99 on an error, apart from its own statuses.
VALGRIND_TOOL = $(subst --error-exitcode=1,--error-exitcode=99,$(VALGRIND))
VG_SUITES ?= api examples edges names independent ap prf auc_err cls novelty setm vectors threads eval
VG_RUNS = $(addprefix vg-suite-,$(VG_SUITES))
.PHONY: vg-verify $(VG_RUNS)
check-valgrind: $(VG_RUNS) vg-verify
$(VG_RUNS): vg-suite-%: $(RUNNER)
	@echo "valgrind: suite $*"
	@CK_FORK=no CK_RUN_SUITE=$* $(VALGRIND) $(RUNNER)
vg-verify: $(TOOL)
	@mkdir -p build
	@echo "valgrind: the tool's verify over all vectors"
	@TOOL_WRAP="$(VALGRIND_TOOL)" bash tests/verify_all_test.sh > build/valgrind-verify.log 2>&1 || \
	  { cat build/valgrind-verify.log; echo "check-valgrind: verify_all_test failed under valgrind" >&2; exit 1; }
	@tail -1 build/valgrind-verify.log

# ---- Fuzzing -------------------------------------------------------------------
# libFuzzer harnesses (tests/fuzz/fuzz_NAME.c), built with clang under ASan and
# UBSan into build/fuzz: the variant parser, the metrics, and the tool's file
# readers (trec: qrels and run; csv: delimited files; candidates: verify's
# candidate and vector files).  Each runs FUZZ_SECONDS on a scratch corpus seeded
# from the committed one, tests/fuzz/corpus/NAME (read only: new inputs go to
# build/fuzz/corpus-NAME; copy the interesting ones back by hand).  A crash
# or a broken invariant stops the run and leaves build/fuzz/crash-*.
FUZZ_CC      ?= clang
FUZZ_DIR      = build/fuzz
FUZZ_SECONDS ?= 60
# What bounds each harness's run: time (exploring; a new finding is a new bug)
# or, for fuzz-short, a fixed seed and count (the same inputs every time).
FUZZ_LIMIT   ?= -max_total_time=$(FUZZ_SECONDS)
FUZZ_NAMES    = variant metrics trec csv candidates
FUZZ_SAN      = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS   = $(CPPFLAGS) -I. $(MATH_CFLAGS) $(WARN) -Wno-missing-field-initializers -std=c11 -g -O1 -fno-omit-frame-pointer
$(FUZZ_DIR)/rankmetrics.o: rankmetrics.c $(HEADERS)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c rankmetrics.c -o $@
$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c rankmetrics.h $(FUZZ_DIR)/rankmetrics.o
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer $< $(FUZZ_DIR)/rankmetrics.o \
	  $(MATH_LIBS) -pthread -o $@
# The harnesses of the tool's file readers compile rmtool.c and rmeval.c into themselves.
$(addprefix $(FUZZ_DIR)/fuzz_,trec csv candidates): rmtool.c rmeval.c rmshared.h examples.h tests/fuzz/fuzz_tool.h
fuzz: $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_NAMES))
	@set -e; for h in $(FUZZ_NAMES); do \
	  mkdir -p $(FUZZ_DIR)/corpus-$$h; \
	  echo "fuzz: $$h ($(FUZZ_LIMIT))"; \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_DIR)/fuzz_$$h $(FUZZ_LIMIT) -max_len=4096 -timeout=10 \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crash-$$h- \
	    $(FUZZ_DIR)/corpus-$$h tests/fuzz/corpus/$$h 2>&1 | \
	    grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==|SUMMARY|invariant|.*runtime error)' || true; \
	  if ls $(FUZZ_DIR)/crash-$$h-* >/dev/null 2>&1; then \
	    echo "fuzz: $$h failed; reproduce with $(FUZZ_DIR)/fuzz_$$h $(FUZZ_DIR)/crash-$$h-*" >&2; exit 1; fi; \
	done
# The short run .ci/run calls after make check: 20000 inputs a harness from a
# fixed seed, so that CI's verdict does not depend on luck or machine speed.
fuzz-short:
	@$(MAKE) --no-print-directory fuzz FUZZ_LIMIT="-seed=1 -runs=20000"

# ---- Benchmark ------------------------------------------------------------------
# `make bench' (never part of make check): seeded synthetic inputs in
# build/bench, the evaluator's time and peak memory beside a floor that only
# reads and tokenises the same files.  BENCH_SCALE=100 divides every size by 100.
BENCH_SCALE ?= 1
build/bench/%: tests/bench/%.c
	@mkdir -p build/bench
	$(CC) $(WARN) $(CFLAGS) $< -o $@
bench: $(TOOL) build/bench/gen build/bench/floor
	BENCH_SCALE=$(BENCH_SCALE) bash tests/bench/bench.sh
# Its side-by-side part alone (trec_eval, scikit-learn, the growth on both
# paths), which keeps its data in tests/bench/record/ for the book.  BENCH_REPS=1 runs
# each case once instead of three times; TREC_EVAL=path names a trec_eval
# that is not on PATH.  The book inputs the record when it is there and says
# there is none when it is not; building the book never runs the bench.
bench-side: $(TOOL) build/bench/gen
	BENCH_SCALE=$(BENCH_SCALE) bash tests/bench/side.sh
# Its comparison of -m all_trec alone (trec_eval and `rankmetrics trec_eval',
# with -q and without, at 2*10^4 and 10^5 queries), which leaves the record as it is.
bench-all-trec: $(TOOL) build/bench/gen
	BENCH_SCALE=$(BENCH_SCALE) bash tests/bench/side.sh all_trec
# The book's record is written from the committed data of the last run
# (tests/bench/record/); without them the book says there is no record.
doc/bench-record.tex: tests/bench/side.sh $(wildcard tests/bench/record/*)
	if [ -s tests/bench/record/state ]; then bash tests/bench/side.sh --record; \
	else rm -f $@; fi

# ---- Golden vectors ---------------------------------------------------------
# Generate into a fresh temporary directory; only if that succeeds, rename each
# file into vectors/ and drop generated files that are no longer produced.
# vectors/README.md and vectors/.gitkeep are not generated and are kept.
vectors: $(TOOL)
	rm -rf vectors.tmp.d
	mkdir vectors.tmp.d
	./$(TOOL) vectors --out vectors.tmp.d
	@set -e; mkdir -p vectors; \
	for f in vectors.tmp.d/* vectors.tmp.d/.[!.]*; do \
	  if [ -d "$$f" ]; then echo "vectors: $$f is a directory; only files are supported" >&2; exit 1; fi; \
	done; \
	for f in vectors/* vectors/.[!.]*; do \
	  b=$${f#vectors/}; \
	  case $$b in README.md|.gitkeep) continue;; esac; \
	  if [ -f "$$f" ] && [ ! -e "vectors.tmp.d/$$b" ]; then echo "rm $$f"; rm -f "$$f"; fi; \
	done; \
	for f in vectors.tmp.d/* vectors.tmp.d/.[!.]*; do \
	  if [ -f "$$f" ]; then mv -f "$$f" vectors/; fi; \
	done
	rm -rf vectors.tmp.d

# A symbolic link planted in the directory is replaced, and its target kept.
vectors-check: $(TOOL)
	rm -rf build/vectors build/vectors.victim
	mkdir -p build/vectors
	echo victim > build/vectors.victim
	ln -s ../vectors.victim build/vectors/ap_test.json
	./$(TOOL) vectors --out build/vectors
	@test "$$(cat build/vectors.victim)" = victim && test ! -L build/vectors/ap_test.json || \
	  { echo "vectors --out followed a link planted in its directory" >&2; exit 1; }
	@diff -r -x README.md -x .gitkeep build/vectors vectors || \
	  { echo "vectors/ is stale: run make vectors" >&2; exit 1; }

# ---- Install ------------------------------------------------------------------
# pkg-config file; rewritten only when its text (e.g. PREFIX) changes.
# Requires.private names mpfr only when this system has mpfr.pc.
PC_REQUIRES = $(if $(shell $(PKG_CONFIG) --exists mpfr 2>/dev/null && echo y),Requires.private: mpfr\n)
pc_path = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
rankmetrics.pc: FORCE
	@printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: rankmetrics\nDescription: %s\nVersion: %s\n$(PC_REQUIRES)Cflags: -I$${includedir}\nLibs: -L$${libdir} -lrankmetrics\nLibs.private: -lmpfr -lgmp -lm -lz -lpthread\n' \
	  '$(PREFIX)' '$(call pc_path,$(LIBDIR))' '$(call pc_path,$(INCLUDEDIR))' \
	  'Ranking and recommendation metrics, double and correctly rounded (MPFR)' \
	  '$(VERSION)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; echo "wrote $@"; fi

install: $(STATIC) $(SHARED) $(TOOL) $(INSTALL_H) doc/rankmetrics.pdf doc/rankmetrics-reader.pdf rankmetrics.pc
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	  $(DESTDIR)$(BINDIR) $(DESTDIR)$(DOCDIR) $(DESTDIR)$(VECDIR)
	install -m 644 $(INSTALL_H) $(DESTDIR)$(INCLUDEDIR)/rankmetrics.h
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/$(STATIC)
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/$(SHARED)
	ln -sf $(SHARED) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/librankmetrics.so
	install -m 644 rankmetrics.pc $(DESTDIR)$(PKGCONFIGDIR)/rankmetrics.pc
	install -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/$(TOOL)
	install -m 644 doc/rankmetrics.pdf $(DESTDIR)$(DOCDIR)/rankmetrics.pdf
	install -m 644 doc/rankmetrics-reader.pdf $(DESTDIR)$(DOCDIR)/rankmetrics-reader.pdf
	install -m 644 vectors/README.md vectors/*_test.json vectors/*_test.txt \
	  vectors/significance.json vectors/significance.txt $(DESTDIR)$(VECDIR)
	@if [ -f rankmetrics.1 ]; then set -x; \
	  install -d $(DESTDIR)$(MANDIR)/man1 && \
	  install -m 644 rankmetrics.1 $(DESTDIR)$(MANDIR)/man1/rankmetrics.1; fi
	install -d $(DESTDIR)$(PYTHONDIR)/rankmetrics
	install -m 644 $(PY_SRCS) python/rankmetrics/py.typed $(DESTDIR)$(PYTHONDIR)/rankmetrics
	printf '# Written by make install: the library this package loads.\nLIBRARY = %s\n' \
	  "'$(LIBDIR)/$(SONAME)'" > $(DESTDIR)$(PYTHONDIR)/rankmetrics/_libpath.py

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/rankmetrics.h \
	  $(DESTDIR)$(LIBDIR)/$(STATIC) $(DESTDIR)$(LIBDIR)/$(SHARED) \
	  $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/librankmetrics.so \
	  $(DESTDIR)$(PKGCONFIGDIR)/rankmetrics.pc $(DESTDIR)$(BINDIR)/$(TOOL) \
	  $(DESTDIR)$(DOCDIR)/rankmetrics.pdf $(DESTDIR)$(DOCDIR)/rankmetrics-reader.pdf \
	  $(DESTDIR)$(MANDIR)/man1/rankmetrics.1
	rm -f $(DESTDIR)$(VECDIR)/README.md $(DESTDIR)$(VECDIR)/*_test.json $(DESTDIR)$(VECDIR)/*_test.txt \
	  $(DESTDIR)$(VECDIR)/significance.json $(DESTDIR)$(VECDIR)/significance.txt
	rm -rf $(DESTDIR)$(PYTHONDIR)/rankmetrics
	rmdir $(DESTDIR)$(PYTHONDIR) $(dir $(DESTDIR)$(PYTHONDIR)) 2>/dev/null || true
	rmdir $(DESTDIR)$(DOCDIR) $(DESTDIR)$(VECDIR) $(dir $(DESTDIR)$(VECDIR)) 2>/dev/null || true

# ---- Clean --------------------------------------------------------------------
clean:
	rm -rf $(TANGLED) tangle.stamp rankmetrics.o rankmetrics.pic.o rmeval.o rmeval.pic.o \
	  $(STATIC) $(SHARED) $(SONAME) librankmetrics.so $(TOOL) $(RUNNER) \
	  $(DOCAUX) doc/examples.tex doc/examples.tex.tmp doc/accuracy.tex doc/accuracy.tex.tmp doc/disagree.tex doc/disagree.tex.tmp doc/verify-demo.tex doc/verify-demo.tex.tmp doc/adequacy.tex doc/adequacy.tex.tmp doc/bench-record.tex doc/bench-record.tex.tmp $(FIGURES) doc/figures.stamp \
	  $(addprefix doc/,$(addsuffix .mp,$(FIGURE_NAMES)) $(addsuffix .log,$(FIGURE_NAMES)) $(addsuffix .mpx,$(FIGURE_NAMES))) \
	  build vectors.tmp.d rankmetrics.pc rankmetrics.pc.tmp python/rankmetrics.egg-info dist
