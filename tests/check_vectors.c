/* tests/check_vectors.c -- every committed golden vector against the library.

   The runner is started from the top directory (by `make check'), so the
   vectors are read from "vectors/": every file *_test.txt there, one loop
   iteration per file, so that a failure names the file.  The text twin is
   parsed line by line (fgets, strtol, strtod; no JSON parser); the number of
   tests is compared with "numberOfTests" of the JSON twin, found by strstr.

   For a valid test both paths must return the status of the vector: the
   exact path its double bit for bit, its 40-digit decimal and its fraction
   (string equality), the double path a value within rm_ulp_bound ulps of
   the vector's.  An invalid test must be refused by both paths with the
   status the vector names, and the output must be left alone.

   The vectors themselves were written by the library's exact path, so the
   file also checks them against oracles that share no code with it: a
   fraction is read with GMP (mpq, which must be in lowest terms) and rounded
   once with MPFR to 53 bits, which must give `value'; the decimal is read
   exactly as a fraction and must lie within half a unit of its 40th digit of
   the fraction; every decimal must read back (strtod) to `value'; an
   undefined value must be the one of the variant's undef convention; and the
   flags that follow from the input (Ties, EmptyList, Rational, ...) are
   recomputed here.  A test flagged Disagreement (the smallest witnesses of
   `rankmetrics disagree': every test of disagreements_test.txt, and the
   tests of aggregates_test.txt and judged_test.txt whose comment begins
   "smallest witness")
   names another variant and its value in its comment: that variant,
   computed here on the same input, must give the value named, and it must
   differ from the test's own result.  A test flagged Neighbour (a witness
   that tells the group's variant from a neighbour, one key away) is
   checked the same way.

   A test of judged_test.txt may have a line "unjudged = M,M,..." with one
   marker 0, 1 or 2 per item (rm_list's unjudged); without it every item is
   judged.

   A test of ils_test.txt has a line "features = I:F:W,..." (or "none"): its
   table of item features, read into an rm_feat that rm_feat_use makes the
   table of both paths while the test is computed.  A test of
   serendipity_test.txt has one more line, "history = I,I,..." (or "none"):
   the items its user saw, which rm_history_use makes the history of the
   test's list while it is computed.

   A test of a set of queries (aggregates_test.txt) has a line "queries = N"
   (N >= 1) before its lists; each of grades, scores, ids and judged then
   holds exactly N parts separated by ';', one per query in order (a part of
   scores or ids is "none" or a list; an empty part is an empty list).  Its
   variant reads a set (an aggregate such as mean:ap, or a metric of a whole
   set such as coverage) and is computed with rm_value_set_exact and
   rm_value_set in place of rm_value_exact and rm_value, with the same checks
   (the same ulp bound, rm_ulp_bound, for the double path).  A flag
   that describes a list (Ties, KBeyondList, EmptyList, Unretrieved,
   LongList) holds for a set when it holds for one of its lists; NoRelevant
   when no list has a grade > 0.  A test without a queries line is a single
   list.  Suite: vectors. */

#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, strtok_r under -std=c11 */
#include <check.h>
#include <dirent.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"
#include "testutil.h"

#define VEC_DIR "vectors"
#define VEC_MAX_FILES 64
#define VEC_LINE (1 << 18)     /* longest line read (a list of 1023 scores is ~20 kB) */
#define VEC_TIMEOUT 120        /* seconds, per file */
#define VEC_SENTINEL (-12345.678)
#define VEC_MAX_QUERIES 100000 /* largest N of "queries = N" */

static char vec_files[VEC_MAX_FILES][256];
static int vec_nfiles;
static int vec_too_many;

/* Totals shared between the forked children of the loop test and the parent,
   which prints them in the teardown of an unchecked fixture. */
typedef struct {
  long tests[VEC_MAX_FILES];
  double maxulps[VEC_MAX_FILES];
  int done[VEC_MAX_FILES];
} vec_totals;
static vec_totals *vec_tot;
/* How often the filter of rm_value_rounded decided and declined, in the
   file being read (each file runs in its own forked child). */
static long vec_filtered, vec_declined;

/* ------------------------------------------------------------------------ */
/* Failures are collected per file, every one printed on stderr, and reported
   by one assertion at the end with the first of them.                       */

typedef struct {
  const char *file;
  int nfail;
  char first[512];
} vec_ctx;

static void vec_fail(vec_ctx *c, long tcid, const char *fmt, ...)
{
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (tcid > 0) fprintf(stderr, "vectors: %s: tcId %ld: %s\n", c->file, tcid, msg);
  else fprintf(stderr, "vectors: %s: %s\n", c->file, msg);
  if (c->nfail++ == 0) {
    if (tcid > 0) snprintf(c->first, sizeof c->first, "tcId %ld: %s", tcid, msg);
    else snprintf(c->first, sizeof c->first, "%s", msg);
  }
}

/* ------------------------------------------------------------------------ */
/* One test of a text file.                                                 */

enum {
  F_TCID = 1 << 0, F_COMMENT = 1 << 1, F_FLAGS = 1 << 2, F_GRADES = 1 << 3,
  F_SCORES = 1 << 4, F_IDS = 1 << 5, F_JUDGED = 1 << 6, F_RESULT = 1 << 7,
  F_STATUS = 1 << 8, F_VALUE = 1 << 9, F_DECIMAL = 1 << 10,
  F_RATIONAL = 1 << 11, F_ERROR = 1 << 12, F_QUERIES = 1 << 13,
  F_UNJUDGED = 1 << 14, /* optional: the markers of the family judged */
  F_FEATURES = 1 << 15, /* optional: the table of item features of the family ils */
  F_HISTORY = 1 << 16 /* optional: the user's history of the family serendipity */
};
#define F_COMMON (F_TCID | F_COMMENT | F_FLAGS | F_GRADES | F_SCORES | F_IDS \
  | F_JUDGED | F_RESULT)
#define F_VALID (F_COMMON | F_STATUS | F_VALUE | F_DECIMAL | F_RATIONAL)
#define F_INVALID (F_COMMON | F_ERROR)

/* The lists of one query. */
typedef struct {
  int *grade; size_t n;
  double *score; size_t nscore; int has_score;
  char *idbuf; const char **id; size_t nid; int has_id;
  int *judged; size_t nj;
  int *unj; size_t nunj; int has_unj; unsigned char *unjc;
  char *labbuf; const char **label; /* ratings, when the grades are not whole */
} vec_query;

/* A test: one list (set = 0, nq = 1), or a set of nq queries. */
typedef struct {
  unsigned seen;
  long tcid;
  char flags[400];
  int set;
  size_t nq;
  vec_query *q;
  int valid;
  char status[32], value[64], decimal[RM_DECIMAL_MAX + 8], error[32];
  char *rational;
  char comment[RM_NAME_MAX + 200];
  rm_feat *feat; /* the family ils: its table of features, or NULL */
  vec_query hist; /* the family serendipity: the history as a list of ids */
  int has_hist;
} vec_test;

static void test_clear(vec_test *t)
{
  size_t j;
  for (j = 0; t->q && j < t->nq; j++) {
    vec_query *q = &t->q[j];
    free(q->grade); free(q->score); free(q->idbuf); free(q->id); free(q->judged);
    free(q->unj); free(q->unjc);
    free(q->labbuf); free(q->label);
  }
  free(t->q);
  free(t->rational);
  rm_feat_free(t->feat);
  free(t->hist.idbuf); free(t->hist.id);
  memset(t, 0, sizeof *t);
}

static size_t count_items(const char *s)
{
  size_t n = 1;
  if (*s == '\0') return 0;
  for (; *s; s++) if (*s == ',') n++;
  return n;
}

/* A comma-separated list of integers; 0 on a malformed list. */
static int parse_ints(const char *s, int **out, size_t *n)
{
  size_t k = count_items(s), i;
  char *end;
  *out = malloc((k ? k : 1) * sizeof **out);
  *n = k;
  if (*out == NULL) return 0;
  for (i = 0; i < k; i++) {
    long x = strtol(s, &end, 10);
    if (end == s || (*end != ',' && *end != '\0') || x < -1000000 || x > 1000000)
      return 0;
    (*out)[i] = (int) x;
    s = *end ? end + 1 : end;
  }
  return *s == '\0';
}

/* Ratings (3.5, -1.5, 3.3): kept as the strings the library reads exactly. */
static int parse_ratings(const char *s, vec_query *q)
{
  size_t k = count_items(s), i;
  char *p;
  free(q->grade); q->grade = NULL;
  q->labbuf = malloc(strlen(s) + 1);
  q->label = malloc((k ? k : 1) * sizeof *q->label);
  if (q->labbuf == NULL || q->label == NULL) return 0;
  strcpy(q->labbuf, s);
  for (i = 0, p = q->labbuf; i < k; i++) {
    char *c = strchr(p, ',');
    if (c) *c = '\0';
    if (*p == '\0') return 0;
    q->label[i] = p;
    p = c ? c + 1 : p + strlen(p);
  }
  q->n = k;
  return 1;
}

static int parse_doubles(const char *s, double **out, size_t *n)
{
  size_t k = count_items(s), i;
  char *end;
  *out = malloc((k ? k : 1) * sizeof **out);
  *n = k;
  if (*out == NULL) return 0;
  for (i = 0; i < k; i++) {
    double x = strtod(s, &end);
    if (end == s || (*end != ',' && *end != '\0')) return 0;
    (*out)[i] = x;
    s = *end ? end + 1 : end;
  }
  return *s == '\0';
}

static int parse_ids(const char *s, vec_query *t)
{
  size_t k = count_items(s), i;
  char *p;
  t->idbuf = malloc(strlen(s) + 1);
  t->id = malloc((k ? k : 1) * sizeof *t->id);
  if (t->idbuf == NULL || t->id == NULL) return 0;
  strcpy(t->idbuf, s);
  for (i = 0, p = t->idbuf; i < k; i++) {
    char *c = strchr(p, ',');
    if (c) *c = '\0';
    if (*p == '\0') return 0;
    t->id[i] = p;
    p = c ? c + 1 : p + strlen(p);
  }
  t->nid = k;
  return 1;
}

/* A list field (grades, scores, ids, judged): the value is one list, or for
   a set exactly nq parts separated by ';', one per query.  The single list
   is allocated here when no "queries" line came first. */
static int read_lists(vec_test *t, const char *key, unsigned bit, const char *val,
  char *why, size_t whylen)
{
  size_t j, parts = 1;
  const char *c;
  char *buf, *p;
  int ok = 1;
  if (t->q == NULL) {
    if ((t->q = calloc(1, sizeof *t->q)) == NULL) {
      snprintf(why, whylen, "out of memory"); return 0;
    }
    t->nq = 1;
  }
  if (t->set) for (c = val; *c; c++) parts += *c == ';';
  if (parts != t->nq) {
    snprintf(why, whylen, "%zu parts in '%.20s', queries = %zu", parts, key, t->nq);
    return 0;
  }
  if ((buf = malloc(strlen(val) + 1)) == NULL) {
    snprintf(why, whylen, "out of memory"); return 0;
  }
  strcpy(buf, val);
  for (j = 0, p = buf; j < t->nq && ok; j++) {
    vec_query *q = &t->q[j];
    char *end = t->set ? strchr(p, ';') : NULL;
    if (end) *end = '\0';
    switch (bit) {
    case F_GRADES:
      ok = parse_ints(p, &q->grade, &q->n) || parse_ratings(p, q);
      break;
    case F_SCORES:
      if (strcmp(p, "none") != 0) {
        q->has_score = 1;
        ok = parse_doubles(p, &q->score, &q->nscore);
      }
      break;
    case F_IDS:
      if (strcmp(p, "none") != 0) { q->has_id = 1; ok = parse_ids(p, q); }
      break;
    case F_UNJUDGED:
      if (strcmp(p, "none") != 0) {
        size_t i;
        q->has_unj = 1;
        ok = parse_ints(p, &q->unj, &q->nunj);
        if (ok && (q->unjc = malloc(q->nunj + 1)) == NULL) ok = 0;
        for (i = 0; ok && i < q->nunj; i++) {
          ok = q->unj[i] >= 0 && q->unj[i] <= 255; /* the library refuses above 2 */
          if (ok) q->unjc[i] = (unsigned char) q->unj[i];
        }
      }
      break;
    default: ok = parse_ints(p, &q->judged, &q->nj); break;
    }
    if (!ok && t->set)
      snprintf(why, whylen, "malformed part %zu of '%.20s': '%.60s'", j + 1, key, p);
    else if (!ok) snprintf(why, whylen, "malformed value of '%.20s': '%.60s'", key, val);
    p = end ? end + 1 : p + strlen(p);
  }
  free(buf);
  return ok;
}

static int copy_str(char *dst, size_t len, const char *src)
{
  if (strlen(src) >= len) return 0;
  strcpy(dst, src);
  return 1;
}

/* The table of item features of a test of ils_test.txt: "none", or triples
   ITEM:FEATURE:WEIGHT separated by commas. */
static int read_features(vec_test *t, const char *val)
{
  char *buf, *p, *c, *f, *w;
  int ok = 1;
  if ((t->feat = rm_feat_new()) == NULL) return 0;
  if (strcmp(val, "none") == 0) return 1;
  if ((buf = malloc(strlen(val) + 1)) == NULL) return 0;
  strcpy(buf, val);
  for (p = buf; ok && p; p = c) {
    if ((c = strchr(p, ',')) != NULL) *c++ = '\0';
    f = strchr(p, ':');
    w = f ? strchr(f + 1, ':') : NULL;
    ok = f != NULL && w != NULL && f > p && w > f + 1 && w[1] != '\0';
    if (ok) { *f++ = '\0'; *w++ = '\0'; ok = rm_feat_add(t->feat, p, f, w) == RM_OK; }
  }
  free(buf);
  return ok;
}

/* Reads one "key = value" line into t; returns 0 with a message on error. */
static int read_field(vec_test *t, const char *key, const char *val,
  char *why, size_t whylen)
{
  static const struct { const char *name; unsigned bit; } keys[] = {
    {"tcId", F_TCID}, {"comment", F_COMMENT}, {"flags", F_FLAGS},
    {"grades", F_GRADES}, {"scores", F_SCORES}, {"ids", F_IDS},
    {"judged", F_JUDGED}, {"result", F_RESULT}, {"status", F_STATUS},
    {"value", F_VALUE}, {"decimal", F_DECIMAL}, {"rational", F_RATIONAL},
    {"error", F_ERROR}, {"queries", F_QUERIES}, {"unjudged", F_UNJUDGED},
    {"features", F_FEATURES}, {"history", F_HISTORY}, {NULL, 0}};
  unsigned bit = 0;
  int k, ok = 1;
  for (k = 0; keys[k].name; k++) if (strcmp(key, keys[k].name) == 0) bit = keys[k].bit;
  if (bit == 0) { snprintf(why, whylen, "unknown key '%s'", key); return 0; }
  if (t->seen & bit) { snprintf(why, whylen, "key '%s' twice", key); return 0; }
  t->seen |= bit;
  switch (bit) {
  case F_TCID: {
    char *end;
    t->tcid = strtol(val, &end, 10);
    ok = end != val && *end == '\0' && t->tcid > 0;
    break;
  }
  case F_COMMENT: ok = copy_str(t->comment, sizeof t->comment, val); break;
  case F_FLAGS: ok = copy_str(t->flags, sizeof t->flags, val); break;
  case F_QUERIES: {
    char *end;
    long n = strtol(val, &end, 10);
    if (t->q != NULL) {
      snprintf(why, whylen, "'queries' after the lists"); return 0;
    }
    ok = end != val && *end == '\0' && n >= 1 && n <= VEC_MAX_QUERIES;
    if (ok && (t->q = calloc((size_t) n, sizeof *t->q)) == NULL) {
      snprintf(why, whylen, "out of memory"); return 0;
    }
    if (ok) { t->set = 1; t->nq = (size_t) n; }
    break;
  }
  case F_GRADES: case F_SCORES: case F_IDS: case F_JUDGED: case F_UNJUDGED:
    return read_lists(t, key, bit, val, why, whylen);
  case F_RESULT:
    ok = strcmp(val, "valid") == 0 || strcmp(val, "invalid") == 0;
    t->valid = strcmp(val, "valid") == 0;
    break;
  case F_STATUS: ok = copy_str(t->status, sizeof t->status, val); break;
  case F_VALUE: ok = copy_str(t->value, sizeof t->value, val); break;
  case F_DECIMAL: ok = copy_str(t->decimal, sizeof t->decimal, val); break;
  case F_RATIONAL:
    if (strcmp(val, "none") != 0) {
      t->rational = malloc(strlen(val) + 1);
      ok = t->rational != NULL;
      if (ok) strcpy(t->rational, val);
    }
    break;
  case F_ERROR: ok = copy_str(t->error, sizeof t->error, val); break;
  case F_FEATURES: ok = read_features(t, val); break;
  case F_HISTORY: /* the names of the items the user saw, or "none" */
    t->has_hist = 1;
    if (strcmp(val, "none") != 0) ok = parse_ids(val, &t->hist);
    break;
  default: break;
  }
  if (!ok) snprintf(why, whylen, "malformed value of '%s': '%.60s'", key, val);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* Oracles that share no code with the library.                             */

static int status_of_name(const char *s, rm_status *out)
{
  static const struct { const char *name; rm_status s; } names[] = {
    {"RM_EINVAL", RM_EINVAL}, {"RM_EGRADE", RM_EGRADE},
    {"RM_ESCORE", RM_ESCORE}, {"RM_EK", RM_EK}, {"RM_ENAME", RM_ENAME},
    {"RM_EIDS", RM_EIDS}, {"RM_ENOMEM", RM_ENOMEM}, {"RM_EUNDEF", RM_EUNDEF},
    {"RM_EHARD", RM_EHARD}, {NULL, RM_OK}};
  int k;
  for (k = 0; names[k].name; k++)
    if (strcmp(s, names[k].name) == 0) { *out = names[k].s; return 1; }
  return 0;
}

/* The decimal as an exact fraction; *ulp gets 10^(position of its last
   digit).  Returns the number of significant digits, or -1 if malformed. */
static int decimal_to_q(const char *s, mpq_t x, mpq_t ulp)
{
  char digits[RM_DECIMAL_MAX + 8];
  size_t nd = 0;
  long frac = 0, ex = 0;
  int neg = 0, point = 0, sig;
  const char *p = s;
  mpz_t m, pw;
  if (*p == '-') { neg = 1; p++; }
  for (; *p; p++) {
    if (*p >= '0' && *p <= '9') {
      if (nd + 1 >= sizeof digits) return -1;
      digits[nd++] = *p;
      if (point) frac++;
    } else if (*p == '.' && !point) point = 1;
    else break;
  }
  if (nd == 0) return -1;
  digits[nd] = '\0';
  if (*p == 'e' || *p == 'E') {
    char *end;
    ex = strtol(p + 1, &end, 10);
    if (end == p + 1 || *end != '\0') return -1;
  } else if (*p != '\0') return -1;
  { const char *q = digits; while (*q == '0') q++; sig = (int) strlen(q); }
  mpz_inits(m, pw, NULL);
  mpz_set_str(m, digits, 10);
  if (neg) mpz_neg(m, m);
  ex -= frac;
  mpz_ui_pow_ui(pw, 10, (unsigned long) labs(ex));
  mpq_set_z(x, m);
  mpq_set_z(ulp, pw);
  if (ex < 0) mpq_inv(ulp, ulp);
  mpq_mul(x, x, ulp);
  mpq_canonicalize(x);
  mpz_clears(m, pw, NULL);
  return sig;
}

/* Checks of the vector that need no library: the fraction, the decimal, the
   value of an undefined result. */
static void check_vector_alone(vec_ctx *c, const vec_test *t, const rm_variant *v,
  double want, int undefined)
{
  mpq_t x, d, ulp, diff;
  int sig;
  double back;
  char *end;
  mpq_inits(x, d, ulp, diff, NULL);
  back = strtod(t->decimal, &end);
  if (end == t->decimal || *end != '\0')
    vec_fail(c, t->tcid, "malformed decimal '%s'", t->decimal);
  else if (back != want)
    vec_fail(c, t->tcid, "decimal %s reads as %a, value is %a", t->decimal, back, want);
  sig = decimal_to_q(t->decimal, d, ulp);
  if (sig < 0) vec_fail(c, t->tcid, "malformed decimal '%s'", t->decimal);
  else if (sig != 40 && !(sig == 0 && strcmp(t->decimal, "0") == 0))
    vec_fail(c, t->tcid, "decimal '%s' has %d significant digits, not 40",
      t->decimal, sig);
  if (t->rational) {
    if (mpq_set_str(x, t->rational, 10) != 0 || mpz_sgn(mpq_denref(x)) == 0)
      vec_fail(c, t->tcid, "malformed fraction '%s'", t->rational);
    else {
      char *canon;
      mpq_canonicalize(x);
      canon = mpq_get_str(NULL, 10, x);
      if (strcmp(canon, t->rational) != 0)
        vec_fail(c, t->tcid, "fraction '%s' is not in lowest terms (%s)",
          t->rational, canon);
      { void (*fr)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &fr);
        fr(canon, strlen(canon) + 1); }
      { /* the fraction rounded once to a double */
        double g = tu_round_q(x, NULL);
        if (!(fabs(g) > 0 && fabs(g) < DBL_MIN) && !tu_same_bits(g, want)
            && !(g == 0 && want == 0))
          vec_fail(c, t->tcid, "fraction %s rounds to %a, value is %a",
            t->rational, g, want);
      }
      { /* ExactlyRepresentable iff the fraction is the double */
        int exact, flagged = strstr(t->flags, "ExactlyRepresentable") != NULL;
        mpq_set_d(diff, want);
        exact = mpq_equal(diff, x);
        if (exact != flagged)
          vec_fail(c, t->tcid, "%s ExactlyRepresentable, but %s = %a %s",
            flagged ? "flagged" : "not flagged", t->rational, want,
            exact ? "exactly" : "inexactly");
      }
      if (sig >= 0) { /* the decimal within half a unit of its last digit */
        mpq_sub(diff, d, x);
        mpq_abs(diff, diff);
        mpq_mul_2exp(diff, diff, 1);
        if (mpq_cmp(diff, ulp) > 0)
          vec_fail(c, t->tcid, "decimal %s is not %s to 40 digits", t->decimal,
            t->rational);
      }
    }
  } else if (strstr(t->flags, "ExactlyRepresentable"))
    vec_fail(c, t->tcid, "an irrational value flagged ExactlyRepresentable");
  if (undefined) {
    double u = v->undef == RM_UNDEF_ONE ? 1.0 : 0.0;
    if (v->undef == RM_UNDEF_ERROR)
      vec_fail(c, t->tcid, "status undefined under undef=error");
    else if (!tu_same_bits(want, u))
      vec_fail(c, t->tcid, "undefined value %a, the convention gives %a", want, u);
  }
  mpq_clears(x, d, ulp, diff, NULL);
}

/* The flags that follow from the input and the result; a flag of a list
   holds for a set when it holds for one of its lists. */
static int has_flag(const char *flags, const char *name)
{
  size_t n = strlen(name);
  const char *p = flags;
  while ((p = strstr(p, name)) != NULL) {
    if ((p == flags || p[-1] == ',') && (p[n] == ',' || p[n] == '\0')) return 1;
    p += n;
  }
  return 0;
}

static void check_flags(vec_ctx *c, const vec_test *t, const rm_variant *v,
  rm_status want)
{
  static const char *const known[] = {"SourceExample", "Erratum", "Ties",
    "KBeyondList", "NoRelevant", "EmptyList", "Unretrieved",
    "ExactlyRepresentable", "Rational", "Undefined", "LongList", "HardToRound",
    "BadGrade", "MissingIds", "BadScore", "MissingScores", "UndefinedError",
    "Disagreement", "Neighbour", NULL};
  char buf[400], *tok, *save = NULL;
  int ties = 0, rel = 0, beyond = 0, empty = 0, unret = 0, longl = 0, k;
  size_t i, j, m;
  strcpy(buf, t->flags);
  for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    for (k = 0; known[k] && strcmp(known[k], tok) != 0; k++) {}
    if (!known[k]) vec_fail(c, t->tcid, "unknown flag '%s'", tok);
  }
  for (m = 0; m < t->nq; m++) {
    const vec_query *q = &t->q[m];
    int tied = 0;
    if (q->has_score)
      for (i = 0; i < q->n && !tied; i++)
        for (j = i + 1; j < q->n; j++) if (q->score[i] == q->score[j]) { tied = 1; break; }
    ties |= tied;
    for (i = 0; i < q->n; i++) if (q->label || q->grade[i] > 0) rel = 1;
    for (i = 0; i < q->nj; i++) if (q->judged[i] > 0) rel = 1;
    beyond |= v->k > q->n;
    empty |= q->n == 0;
    unret |= q->nj > 0;
    longl |= q->n >= 100;
  }
#define FLAG(name, cond) \
  if (has_flag(t->flags, name) != !!(cond)) \
    vec_fail(c, t->tcid, "flag %s is %s", name, (cond) ? "missing" : "wrong")
  FLAG("Ties", ties);
  FLAG("KBeyondList", beyond);
  FLAG("NoRelevant", !rel);
  FLAG("EmptyList", empty);
  FLAG("Unretrieved", unret);
  FLAG("Rational", t->valid && t->rational != NULL);
  FLAG("Undefined", t->valid && want == RM_UNDEFINED);
  FLAG("LongList", longl);
  FLAG("BadGrade", !t->valid && want == RM_EGRADE);
  FLAG("MissingIds", !t->valid && want == RM_EIDS);
  FLAG("BadScore", !t->valid && want == RM_ESCORE);
  FLAG("MissingScores", !t->valid && want == RM_EINVAL);
  FLAG("UndefinedError", !t->valid && want == RM_EUNDEF);
  FLAG("Erratum", has_flag(t->flags, "Erratum") && has_flag(t->flags, "SourceExample"));
  FLAG("Neighbour", strncmp(t->comment, "tells it from a neighbour: ", 27) == 0);
  FLAG("Disagreement", strcmp(c->file, "disagreements_test.txt") == 0
    || ((strcmp(c->file, "aggregates_test.txt") == 0
         || strcmp(c->file, "judged_test.txt") == 0)
        && strncmp(t->comment, "smallest witness", 16) == 0));
#undef FLAG
}

/* A Disagreement test: its comment ends "...: OTHER gives VALUE" or
   "...: OTHER refuses it (STATUS)".  OTHER on the test's input must give
   VALUE (its fraction, else its 40 digits) or STATUS, and must differ from
   the test: another status, or another fraction or 40 digits.  For a set,
   OTHER is computed on the same set of lists l[0..nq-1].  A test flagged
   Neighbour ("tells it from a neighbour: OTHER gives VALUE", OTHER one key
   away from the test's variant) is checked the same way; its VALUE is the
   fraction when that is short, else the 40 digits, and either is accepted. */
static void check_disagreement(vec_ctx *c, const vec_test *t, const rm_list *l)
{
  char buf[sizeof t->comment], *name, *rest, msg[200];
  rm_variant w;
  rm_exact e;
  rm_status s;
  int refuses;
  strcpy(buf, t->comment);
  if ((name = strstr(buf, ": ")) == NULL) {
    vec_fail(c, t->tcid, "Disagreement: comment '%s' names no variant", t->comment); return;
  }
  name += 2;
  if ((rest = strchr(name, ' ')) == NULL) {
    vec_fail(c, t->tcid, "Disagreement: comment '%s' gives no value", t->comment); return;
  }
  *rest++ = '\0';
  refuses = strncmp(rest, "refuses it (", 12) == 0;
  if (!refuses && strncmp(rest, "gives ", 6) != 0) {
    vec_fail(c, t->tcid, "Disagreement: comment '%s' gives no value", t->comment); return;
  }
  if (rm_variant_parse(name, &w, msg, sizeof msg) != RM_OK) {
    vec_fail(c, t->tcid, "Disagreement: variant %s: %s", name, msg); return;
  }
  rm_exact_init(&e);
  s = t->set ? rm_value_set_exact(&w, l, t->nq, &e) : rm_value_exact(&w, l, &e);
  if (refuses) {
    rm_status named;
    size_t n = strlen(rest);
    if (n < 14 || rest[n - 1] != ')') vec_fail(c, t->tcid, "Disagreement: '%s'", rest);
    else {
      rest[n - 1] = '\0';
      if (!status_of_name(rest + 12, &named) || named != s)
        vec_fail(c, t->tcid, "Disagreement: %s gives status %d, the comment says %s",
          name, (int) s, rest + 12);
    }
    if (!t->valid && s >= 0) vec_fail(c, t->tcid, "Disagreement: both refuse the input");
  } else {
    const char *got = s < 0 ? "(refused)" : e.rational ? e.rational : e.decimal;
    if (strcmp(got, rest + 6) != 0 && (s < 0 || strcmp(e.decimal, rest + 6) != 0))
      vec_fail(c, t->tcid, "Disagreement: %s gives %s, the comment says %s", name, got,
        rest + 6);
    if (t->valid && s >= 0) {
      int same = strcmp(e.decimal, t->decimal) == 0 && (e.rational == NULL) ==
        (t->rational == NULL) && (e.rational == NULL || strcmp(e.rational, t->rational) == 0);
      if (same) vec_fail(c, t->tcid, "Disagreement: %s gives the same value", name);
    }
  }
  rm_exact_clear(&e);
}

/* ------------------------------------------------------------------------ */
/* One test against both paths.                                             */

static void run_test(vec_ctx *c, vec_test *t, const rm_variant *v, int v_ok,
  rm_work *w, double *maxulps)
{
  static const int empty_i[1] = {0};
  static const double empty_d[1] = {0};
  static const char *const empty_id[1] = {NULL};
  rm_list *l;
  rm_status want = RM_OK, s;
  rm_exact e;
  double d, wantv = 0;
  size_t j;
  if ((t->seen & F_RESULT)
      && (t->seen & ~(unsigned) (F_QUERIES | F_UNJUDGED | F_FEATURES | F_HISTORY))
         != (t->valid ? F_VALID : F_INVALID)) {
    vec_fail(c, t->tcid, "fields missing or out of place (mask %#x)", t->seen);
    return;
  }
  if (!(t->seen & F_RESULT)) { vec_fail(c, t->tcid, "no result"); return; }
  if (!v_ok) { vec_fail(c, t->tcid, "the variant of the group does not parse"); return; }
  for (j = 0; j < t->nq; j++) {
    const vec_query *q = &t->q[j];
    char where[40] = "";
    if (t->set) snprintf(where, sizeof where, "query %zu: ", j + 1);
    if (q->has_score && q->nscore != q->n) {
      vec_fail(c, t->tcid, "%s%zu scores for %zu grades", where, q->nscore, q->n);
      return;
    }
    if (q->has_id && q->nid != q->n) {
      vec_fail(c, t->tcid, "%s%zu ids for %zu grades", where, q->nid, q->n);
      return;
    }
  }

  if (t->valid) {
    char *end;
    if (strcmp(t->status, "ok") == 0) want = RM_OK;
    else if (strcmp(t->status, "undefined") == 0) want = RM_UNDEFINED;
    else { vec_fail(c, t->tcid, "status '%s'", t->status); return; }
    wantv = strtod(t->value, &end);
    if (end == t->value || *end != '\0') {
      vec_fail(c, t->tcid, "malformed value '%s'", t->value); return;
    }
    check_vector_alone(c, t, v, wantv, want == RM_UNDEFINED);
  } else if (!status_of_name(t->error, &want) || want >= 0) {
    vec_fail(c, t->tcid, "unknown error '%s'", t->error); return;
  }
  check_flags(c, t, v, want);

  /* The lists of the queries (one for a single list). */
  if ((l = malloc(t->nq * sizeof *l)) == NULL) {
    vec_fail(c, t->tcid, "out of memory"); return;
  }
  for (j = 0; j < t->nq; j++) {
    const vec_query *q = &t->q[j];
    l[j].n = q->n;
    l[j].grade = q->label ? NULL : q->n ? q->grade : empty_i;
    l[j].label = q->label;
    l[j].score = q->has_score ? (q->n ? q->score : empty_d) : NULL;
    l[j].id = q->has_id ? (q->n ? (const char *const *) q->id : empty_id) : NULL;
    l[j].n_unretrieved = q->nj;
    l[j].unretrieved_grade = q->nj ? q->judged : empty_i;
    l[j].unjudged = q->has_unj ? q->unjc : NULL;
    if (q->has_unj && q->nunj != q->n) {
      vec_fail(c, t->tcid, "unjudged has %zu markers for %zu items", q->nunj, q->n);
      free(l); return;
    }
  }
  if (has_flag(t->flags, "Disagreement") || has_flag(t->flags, "Neighbour"))
    check_disagreement(c, t, l);

  /* The exact path. */
  rm_exact_init(&e);
  e.value = VEC_SENTINEL;
  strcpy(e.decimal, "unset");
  s = t->set ? rm_value_set_exact(v, l, t->nq, &e) : rm_value_exact(v, l, &e);
  if (s != want)
    vec_fail(c, t->tcid, "exact path: status %d (%s), the vector says %s", (int) s,
      rm_strerror(s), t->valid ? t->status : t->error);
  else if (t->valid) {
    if (!tu_same_bits(e.value, wantv))
      vec_fail(c, t->tcid, "exact path: %a, the vector says %a", e.value, wantv);
    if (strcmp(e.decimal, t->decimal) != 0)
      vec_fail(c, t->tcid, "exact path: decimal %s, the vector says %s", e.decimal,
        t->decimal);
    if ((e.rational == NULL) != (t->rational == NULL)
        || (e.rational && strcmp(e.rational, t->rational) != 0))
      vec_fail(c, t->tcid, "exact path: fraction %s, the vector says %s",
        e.rational ? e.rational : "none", t->rational ? t->rational : "none");
    if ((e.hard_bits >= 10) != has_flag(t->flags, "HardToRound"))
      vec_fail(c, t->tcid, "exact path: %d hard bits, HardToRound %s", e.hard_bits,
        has_flag(t->flags, "HardToRound") ? "set" : "unset");
  } else if (!tu_same_bits(e.value, VEC_SENTINEL) || e.rational != NULL
             || strcmp(e.decimal, "unset") != 0)
    vec_fail(c, t->tcid, "exact path: refused the input but wrote its result");

  /* The filter: the same status, double and ternary value as the exact path. */
  {
    double r = VEC_SENTINEL;
    int tern = 7, filt = 7;
    rm_status sr = t->set ? rm_value_set_rounded(v, l, t->nq, &r, &tern, &filt)
      : rm_value_rounded(v, l, &r, &tern, &filt);
    if (sr != s)
      vec_fail(c, t->tcid, "filter: status %d, the exact path %d", (int) sr, (int) s);
    else if (s >= 0 && (!tu_same_bits(r, e.value) || tern != e.ternary))
      vec_fail(c, t->tcid, "filter: %a (ternary %d), the exact path %a (%d)", r, tern,
        e.value, e.ternary);
    else if (s >= 0) { if (filt == 1) vec_filtered++; else if (filt == 0) vec_declined++; else
      vec_fail(c, t->tcid, "filter: filtered flag %d", filt); }
  }
  rm_exact_clear(&e);

  /* The double path. */
  d = VEC_SENTINEL;
  s = t->set ? rm_value_set(v, l, t->nq, NULL, &d) : rm_value(v, l, w, &d);
  if (s != want)
    vec_fail(c, t->tcid, "double path: status %d (%s), the vector says %s", (int) s,
      rm_strerror(s), t->valid ? t->status : t->error);
  else if (t->valid) {
    double u = rm_ulps_between(d, wantv), b = rm_ulp_bound(v);
    if (!(u <= b))
      vec_fail(c, t->tcid, "double path: %a is %g ulps from %a, bound %g", d, u,
        wantv, b);
    if (u > *maxulps) *maxulps = u;
  } else if (!tu_same_bits(d, VEC_SENTINEL))
    vec_fail(c, t->tcid, "double path: refused the input but wrote %a", d);
  free(l);
}

/* ------------------------------------------------------------------------ */
/* One file.                                                                */

static long json_count(vec_ctx *c, const char *txt)
{
  char path[600], *buf, *p, *end;
  size_t len = strlen(txt), cap = 1 << 20, got = 0, r;
  FILE *f;
  long n = -1;
  snprintf(path, sizeof path, VEC_DIR "/%.*s.json", (int) (len - 4), txt);
  if ((f = fopen(path, "r")) == NULL) {
    vec_fail(c, 0, "cannot open %s", path); return -1;
  }
  buf = malloc(cap + 1);
  while (buf && (r = fread(buf + got, 1, cap - got, f)) > 0) {
    got += r;
    if (got == cap) {
      char *nb = realloc(buf, 2 * cap + 1);
      if (nb == NULL) { free(buf); buf = NULL; break; }
      buf = nb; cap *= 2;
    }
  }
  fclose(f);
  if (buf == NULL) { vec_fail(c, 0, "out of memory reading %s", path); return -1; }
  buf[got] = '\0';
  if ((p = strstr(buf, "\"numberOfTests\":")) == NULL)
    vec_fail(c, 0, "%s has no numberOfTests", path);
  else {
    p += strlen("\"numberOfTests\":");
    n = strtol(p, &end, 10);
    if (end == p) { vec_fail(c, 0, "%s: malformed numberOfTests", path); n = -1; }
  }
  free(buf);
  return n;
}

/* The family of diversity (a row of subtopic grades per item, the book's
   "Golden vectors of diversity") is read by the library's verification
   engine, whose reader of the rows the book describes; each test is then
   computed again on both paths: a valid test's exact value must be the
   file's value (and its status undefined when the file says so), the
   double path within rm_ulp_bound of it, and an invalid test refused by
   both. */
static void div_file(vec_ctx *c, long *ntests, double *maxulps)
{
  rm_verifier *v;
  size_t i, n;
  rm_work w;
  if (rm_verifier_new(VEC_DIR, &v) != RM_OK) { vec_fail(c, 0, "no verifier"); return; }
  if (rm_verifier_load(v, "diversity") != RM_OK) {
    vec_fail(c, 0, "the verifier refuses the file: %s", rm_verifier_message(v));
    rm_verifier_free(v);
    return;
  }
  n = rm_verifier_tests(v);
  rm_work_init(&w);
  for (i = 0; i < n; i++) {
    rm_verdict t;
    const rm_list *l;
    const rm_subtopics *s;
    size_t nq;
    rm_variant a;
    rm_exact e;
    rm_status sx, sd;
    double d = 0, u;
    rm_verifier_verdict(v, i, &t);
    rm_verifier_lists(v, i, &l, &nq);
    rm_verifier_subtopics(v, i, &s);
    (*ntests)++;
    if (s == NULL || rm_variant_parse(t.variant, &a, NULL, 0) != RM_OK) {
      vec_fail(c, t.tcid, "no subtopics, or a variant that does not parse");
      continue;
    }
    rm_exact_init(&e);
    sx = rm_div_value_exact(&a, l, s, &e);
    sd = rm_div_value(&a, l, s, &w, &d);
    if (t.invalid) {
      if (sx >= 0 || sd >= 0) vec_fail(c, t.tcid, "an invalid input was accepted");
    } else if (sx < 0 || sd < 0) vec_fail(c, t.tcid, "a valid input was refused");
    else if (e.value != t.expected || (sx == RM_UNDEFINED) != t.undefined)
      vec_fail(c, t.tcid, "exact path: %a, the file says %a", e.value, t.expected);
    else if ((u = rm_ulps_between(d, e.value)) > rm_ulp_bound(&a))
      vec_fail(c, t.tcid, "double path: %g ulps off, beyond its bound", u);
    else if (u > *maxulps) *maxulps = u;
    rm_exact_clear(&e);
  }
  rm_work_free(&w);
  rm_verifier_free(v);
}

START_TEST(test_vector_file)
{
  static char line[VEC_LINE];
  vec_ctx c;
  char path[600], group[RM_NAME_MAX + 64] = "", msg[200];
  FILE *f;
  rm_variant v;
  rm_work w;
  vec_test t;
  int v_ok = 0, in_group = 0, lineno = 0;
  long ntests = 0, last_id = 0, json_n;
  vec_filtered = vec_declined = 0;
  double maxulps = 0;

  memset(&c, 0, sizeof c);
  c.file = vec_files[_i];
  memset(&t, 0, sizeof t);
  rm_work_init(&w);
  snprintf(path, sizeof path, VEC_DIR "/%s", c.file);
  f = fopen(path, "r");
  ck_assert_msg(f != NULL, "vectors: cannot open %s", path);
  if (strcmp(c.file, "diversity_test.txt") == 0) div_file(&c, &ntests, &maxulps);
  else for (;;) {
    char *got = fgets(line, sizeof line, f), *eq, *val;
    size_t len;
    if (got != NULL) {
      lineno++;
      len = strlen(line);
      if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
      else if (!feof(f)) {
        vec_fail(&c, 0, "line %d is longer than %d bytes", lineno, VEC_LINE);
        break;
      }
    }
    /* A blank line, a group or the end closes the test being read. */
    if (got == NULL || line[0] == '\0' || line[0] == '[') {
      if (t.seen) {
        if (!(t.seen & F_TCID)) vec_fail(&c, 0, "a test before line %d has no tcId", lineno);
        else {
          ntests++;
          if (t.tcid <= last_id)
            vec_fail(&c, t.tcid, "tcId does not increase (after %ld)", last_id);
          last_id = t.tcid;
          if (!in_group) vec_fail(&c, t.tcid, "a test outside any group");
          else {
            const char *const *h = t.hist.id;
            if (t.feat) ck_assert_int_eq(rm_feat_use(t.feat), RM_OK);
            if (t.has_hist) ck_assert_int_eq(rm_history_use(&h, &t.hist.nid, 1), RM_OK);
            run_test(&c, &t, &v, v_ok, &w, &maxulps);
            rm_feat_use(NULL);
            rm_history_use(NULL, NULL, 0);
          }
        }
        test_clear(&t);
      }
      if (got == NULL) break;
    }
    if (line[0] == '\0' || line[0] == '#') continue;
    if (line[0] == '[') {
      len = strlen(line);
      in_group = 1;
      if (strncmp(line, "[variant = ", 11) != 0 || line[len - 1] != ']'
          || len - 12 >= sizeof group) {
        vec_fail(&c, 0, "line %d: malformed group line", lineno);
        v_ok = 0;
        continue;
      }
      memcpy(group, line + 11, len - 12);
      group[len - 12] = '\0';
      v_ok = rm_variant_parse(group, &v, msg, sizeof msg) == RM_OK;
      if (!v_ok) vec_fail(&c, 0, "line %d: variant %s: %s", lineno, group, msg);
      else {
        char canon[RM_NAME_MAX];
        rm_variant_name(&v, canon, sizeof canon);
        if (strcmp(canon, group) != 0)
          vec_fail(&c, 0, "line %d: variant %s is not canonical (%s)", lineno,
            group, canon);
      }
      continue;
    }
    if ((eq = strchr(line, '=')) == NULL || eq == line || eq[-1] != ' ') {
      vec_fail(&c, t.tcid, "line %d: not 'key = value'", lineno);
      continue;
    }
    eq[-1] = '\0';
    val = eq + 1;
    if (*val == ' ') val++;
    if (!read_field(&t, line, val, msg, sizeof msg))
      vec_fail(&c, t.tcid, "line %d: %s", lineno, msg);
  }
  fclose(f);
  test_clear(&t);
  rm_work_free(&w);

  if (ntests == 0) vec_fail(&c, 0, "no tests");
  json_n = json_count(&c, c.file);
  if (json_n >= 0 && json_n != ntests)
    vec_fail(&c, 0, "%ld tests, the JSON twin says numberOfTests %ld", ntests, json_n);
  printf("vectors: %s: %ld tests, double path max error %g ulps; the filter decided"
    " %ld and declined %ld\n", c.file, ntests, maxulps, vec_filtered, vec_declined);
  fflush(stdout);
  if (vec_tot) {
    vec_tot->tests[_i] = ntests;
    vec_tot->maxulps[_i] = maxulps;
    vec_tot->done[_i] = 1;
  }
  ck_assert_msg(c.nfail == 0, "vectors: %s: %d failures; the first: %s", c.file,
    c.nfail, c.first);
}
END_TEST

START_TEST(test_vector_files)
{
  int k;
  ck_assert_msg(!vec_too_many, "vectors: more than %d files in " VEC_DIR,
    VEC_MAX_FILES);
  ck_assert_msg(vec_nfiles > 0, "vectors: no *_test.txt in " VEC_DIR
    " (is the runner started from the top directory?)");
  for (k = 0; k < vec_nfiles; k++) {
    char path[600];
    FILE *f;
    size_t len = strlen(vec_files[k]);
    snprintf(path, sizeof path, VEC_DIR "/%.*s.json", (int) (len - 4), vec_files[k]);
    f = fopen(path, "r");
    ck_assert_msg(f != NULL, "vectors: %s has no JSON twin %s", vec_files[k], path);
    fclose(f);
  }
}
END_TEST

static void totals_setup(void)
{
  void *p = mmap(NULL, sizeof *vec_tot, PROT_READ | PROT_WRITE,
    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  vec_tot = p == MAP_FAILED ? NULL : p;
  if (vec_tot) memset(vec_tot, 0, sizeof *vec_tot);
}

static void totals_teardown(void)
{
  long n = 0;
  double m = 0;
  int k, files = 0;
  if (vec_tot == NULL) return;
  for (k = 0; k < vec_nfiles; k++)
    if (vec_tot->done[k]) {
      files++;
      n += vec_tot->tests[k];
      if (vec_tot->maxulps[k] > m) m = vec_tot->maxulps[k];
    }
  printf("vectors: total: %ld tests in %d of %d files, double path max error %g ulps\n",
    n, files, vec_nfiles, m);
  fflush(stdout);
  munmap(vec_tot, sizeof *vec_tot);
  vec_tot = NULL;
}

static int name_cmp(const void *a, const void *b)
{
  return strcmp((const char *) a, (const char *) b);
}

static void list_files(void)
{
  DIR *d = opendir(VEC_DIR);
  struct dirent *de;
  vec_nfiles = 0;
  if (d == NULL) return;
  while ((de = readdir(d)) != NULL) {
    size_t len = strlen(de->d_name);
    if (len <= 9 || strcmp(de->d_name + len - 9, "_test.txt") != 0) continue;
    if (vec_nfiles == VEC_MAX_FILES || len >= sizeof vec_files[0]) {
      vec_too_many = 1;
      continue;
    }
    strcpy(vec_files[vec_nfiles++], de->d_name);
  }
  closedir(d);
  qsort(vec_files, (size_t) vec_nfiles, sizeof vec_files[0], name_cmp);
}

Suite *suite_vectors(void)
{
  Suite *s = suite_create("vectors");
  TCase *tc = tcase_create("files");
  list_files();
  tcase_set_timeout(tc, VEC_TIMEOUT);
  tcase_add_test(tc, test_vector_files);
  tcase_add_unchecked_fixture(tc, totals_setup, totals_teardown);
  tcase_add_loop_test(tc, test_vector_file, 0, vec_nfiles);
  suite_add_tcase(s, tc);
  return s;
}
