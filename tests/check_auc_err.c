/* tests/check_auc_err.c -- Check tests of the chapters "Area under the ROC
   curve" (auc) and "Expected reciprocal rank" (err).

   Expected values are derived independently of the library: fractions worked
   out by hand, and two oracles written here from the definitions in the book
   that share no code with the library.  The AUC oracle counts every
   positive-negative pair (O(n^2)) and decides a tied pair from the tie rule
   directly; the ERR oracle sorts with its own comparator and sums the
   definition in GMP rationals.  Both are rounded to double with MPFR.  The
   double path is checked against the exact path within rm_ulp_bound.

   Suite auc_err; cases: examples, oracle, paths, variants, edges, names. */

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"
#include "testutil.h"
#include "examples.h"


/* Pair counts beyond 32 bits and beyond 10^10: m = 100,000 positives and as
   many negatives, alternating, a negative first.  The i-th negative (from 0)
   has i positives above it, so the correct pairs number m(m-1)/2 out of m^2,
   and AUC = (m-1)/(2m) = 99999/200000 (worked by hand; 4,999,950,000 correct
   pairs of 10^10).  All positives above all negatives gives 1; all scores
   equal under ties=average gives 1/2: every pair a tie. */
START_TEST(test_auc_huge_counts)
{
  const size_t m = 100000, n = 2 * m;
  int *g = malloc(n * sizeof *g);
  double *sc = malloc(n * sizeof *sc);
  rm_list l = {n, g, sc, NULL, 0, NULL, NULL, NULL, NULL};
  rm_variant v;
  rm_exact e;
  double d;
  size_t i;
  ck_assert(g != NULL && sc != NULL);
  for (i = 0; i < n; i++) { g[i] = (int) (i % 2); sc[i] = (double) (n - i); }
  ck_assert_int_eq(rm_variant_parse("auc", &v, NULL, 0), RM_OK);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_str_eq(e.rational, "99999/200000");
  ck_assert(e.value == 0x1.fffeb074a771dp-2); /* 0.499995: float(Fraction(99999, 200000)).hex() */
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert_msg(rm_ulps_between(d, e.value) <= rm_ulp_bound(&v), "double %a", d);
  for (i = 0; i < n; i++) g[i] = i < m;
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_str_eq(e.rational, "1");
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(d == 1.0);
  ck_assert_int_eq(rm_variant_parse("auc[ties=average]", &v, NULL, 0), RM_OK);
  for (i = 0; i < n; i++) sc[i] = 0.5;
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_str_eq(e.rational, "1/2");
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(d == 0.5);
  rm_exact_clear(&e);
  free(g); free(sc);
}
END_TEST

Suite *suite_auc_err(void);

#define AE_MAXN 48      /* longest random list */
#define AE_PATHS 4000   /* random lists per family in the "paths" case */
#define AE_ORACLE 1500  /* random lists per family in the "oracle" case */

/* ------------------------------------------------------------------------ */
/* Test lists.                                                               */

typedef struct {
  size_t n, nu;
  int grade[AE_MAXN + 8], ugrade[4];
  double score[AE_MAXN + 8];
  char idbuf[AE_MAXN + 8][8];
  const char *id[AE_MAXN + 8];
  int scored;
} ae_list;

static rm_list ae_view(const ae_list *t)
{
  rm_list l = {0};
  l.n = t->n;
  l.grade = t->grade;
  l.score = t->scored ? t->score : NULL;
  l.id = t->id;
  l.n_unretrieved = t->nu;
  l.unretrieved_grade = t->ugrade;
  return l;
}

/* A random list: short, many ties, grades 0..gmax, identifiers shuffled. */
static void ae_random(tu_rng *r, ae_list *t, int gmax)
{
  static const double levels[6] = {-1.5, 0.0, 0.25, 0.5, 0.75, 1e300};
  int i, nlev = 1 + tu_below(r, 6), dense = tu_below(r, 4);
  t->n = (size_t) (tu_below(r, 6) == 0 ? tu_below(r, AE_MAXN + 1) : tu_below(r, 12));
  t->scored = tu_below(r, 8) != 0;
  for (i = 0; i < (int) t->n; i++) {
    t->grade[i] = dense == 0 ? 0 : (tu_below(r, dense + 1) == 0 ? 0 : tu_below(r, gmax + 1));
    t->score[i] = levels[tu_below(r, nlev)];
    sprintf(t->idbuf[i], "x%03d", i);
  }
  for (i = (int) t->n - 1; i > 0; i--) {
    int j = tu_below(r, i + 1);
    char tmp[8];
    memcpy(tmp, t->idbuf[i], 8); memcpy(t->idbuf[i], t->idbuf[j], 8); memcpy(t->idbuf[j], tmp, 8);
  }
  for (i = 0; i < (int) t->n; i++) t->id[i] = t->idbuf[i];
  t->nu = (size_t) tu_below(r, 4);
  for (i = 0; i < (int) t->nu; i++) t->ugrade[i] = tu_below(r, gmax + 1);
}

static void ae_set(ae_list *t, size_t n, const int *g, const double *s)
{
  size_t i;
  memset(t, 0, sizeof *t);
  t->n = n;
  t->scored = s != NULL;
  for (i = 0; i < n; i++) {
    t->grade[i] = g[i];
    if (s) t->score[i] = s[i];
    sprintf(t->idbuf[i], "x%03d", (int) i);
    t->id[i] = t->idbuf[i];
  }
}

/* ------------------------------------------------------------------------ */
/* The AUC oracle: every positive-negative pair, decided from the definition.
   Sets the fraction; returns 0 when P*N = 0 (undefined). */

static int oracle_tied_pair_right(const rm_variant *v, const ae_list *t, size_t i, size_t j)
{
  /* i positive, j negative, equal scores: is i ranked above j?  Returns 2
     for a whole pair, 1 for half a pair, 0 for none. */
  switch (v->ties) {
  case RM_TIES_INPUT: return i < j ? 2 : 0;
  case RM_TIES_REVERSE: return i > j ? 2 : 0;
  case RM_TIES_ID_ASC: return strcmp(t->id[i], t->id[j]) < 0 ? 2 : 0;
  case RM_TIES_ID_DESC: return strcmp(t->id[i], t->id[j]) > 0 ? 2 : 0;
  case RM_TIES_PESSIMISTIC: return 0; /* the lower grade, the negative, first */
  case RM_TIES_OPTIMISTIC: return 2;
  default: return 1; /* average */
  }
}

static int oracle_auc(mpq_t out, const rm_variant *v, const ae_list *t)
{
  size_t i, j;
  unsigned long twice = 0, p = 0, q = 0;
  for (i = 0; i < t->n; i++) {
    if (t->grade[i] >= v->rel) p++;
    else q++;
  }
  if (p == 0 || q == 0) return 0;
  for (i = 0; i < t->n; i++) {
    if (t->grade[i] < v->rel) continue;
    for (j = 0; j < t->n; j++) {
      if (t->grade[j] >= v->rel) continue;
      if (!t->scored) twice += i < j ? 2 : 0;
      else if (t->score[i] > t->score[j]) twice += 2;
      else if (t->score[i] == t->score[j]) twice += (unsigned long) oracle_tied_pair_right(v, t, i, j);
    }
  }
  mpq_set_ui(out, twice, 2 * p * q);
  mpq_canonicalize(out);
  return 1;
}

/* ------------------------------------------------------------------------ */
/* The ERR oracle: its own sort, then the definition term by term.           */

static const rm_variant *cmp_v;
static const ae_list *cmp_t;

static int oracle_cmp(const void *a, const void *b)
{
  size_t i = *(const size_t *) a, j = *(const size_t *) b;
  const ae_list *t = cmp_t;
  int c = 0;
  if (t->scored && t->score[i] != t->score[j]) return t->score[i] > t->score[j] ? -1 : 1;
  if (t->scored) switch (cmp_v->ties) {
    case RM_TIES_REVERSE: c = i > j ? -1 : 1; break;
    case RM_TIES_ID_ASC: c = strcmp(t->id[i], t->id[j]); break;
    case RM_TIES_ID_DESC: c = -strcmp(t->id[i], t->id[j]); break;
    case RM_TIES_PESSIMISTIC: c = t->grade[i] - t->grade[j]; break;
    case RM_TIES_OPTIMISTIC: c = t->grade[j] - t->grade[i]; break;
    default: break;
    }
  if (c) return c;
  return i < j ? -1 : i > j ? 1 : 0;
}

static void oracle_err(mpq_t out, const rm_variant *v, const ae_list *t)
{
  size_t order[AE_MAXN + 8], i, k;
  mpq_t reach, stop, term;
  for (i = 0; i < t->n; i++) order[i] = i;
  cmp_v = v; cmp_t = t;
  qsort(order, t->n, sizeof order[0], oracle_cmp);
  k = v->k && v->k < t->n ? v->k : t->n;
  mpq_inits(reach, stop, term, NULL);
  mpq_set_ui(reach, 1, 1);
  mpq_set_ui(out, 0, 1);
  for (i = 0; i < k; i++) {
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_ui_pow_ui(a, 2, (unsigned long) t->grade[order[i]]);
    mpz_sub_ui(a, a, 1);
    mpz_ui_pow_ui(b, 2, (unsigned long) v->gmax);
    mpq_set_num(stop, a); mpq_set_den(stop, b); mpq_canonicalize(stop); /* R_r */
    mpq_mul(term, reach, stop);
    mpz_set_ui(a, 1); mpz_set_ui(b, (unsigned long) (i + 1));
    mpq_set_num(stop, a); mpq_set_den(stop, b);
    mpq_mul(term, term, stop);
    mpq_add(out, out, term); /* += reach * R_r / r */
    mpz_ui_pow_ui(a, 2, (unsigned long) v->gmax);
    mpz_ui_pow_ui(b, 2, (unsigned long) t->grade[order[i]]);
    mpz_sub(a, a, b); mpz_add_ui(a, a, 1); /* 2^gmax - 2^g + 1 */
    mpz_ui_pow_ui(b, 2, (unsigned long) v->gmax);
    mpq_set_num(stop, a); mpq_set_den(stop, b); mpq_canonicalize(stop);
    mpq_mul(reach, reach, stop); /* *= 1 - R_r */
    mpz_clears(a, b, NULL);
  }
  mpq_clears(reach, stop, term, NULL);
}

/* ------------------------------------------------------------------------ */
/* Helpers: a variant from a name; both paths against a fraction.            */

static rm_variant ae_parse(const char *name)
{
  rm_variant v;
  char msg[256] = "";
  rm_status s = rm_variant_parse(name, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "'%s' rejected: %s", name, msg);
  return v;
}

/* Both paths give the fraction q (status RM_OK), the exact path exactly and
   the double path within its bound. */
static void ae_expect_q(const rm_variant *v, const ae_list *t, const mpq_t q, const char *ctx)
{
  rm_list l = ae_view(t);
  rm_exact e;
  rm_status s;
  double d = -1, want = tu_round_q(q, NULL);
  char *qs = mpq_get_str(NULL, 10, q);
  rm_exact_init(&e);
  s = rm_value_exact(v, &l, &e);
  ck_assert_msg(s == RM_OK, "%s: exact status %d", ctx, (int) s);
  ck_assert_msg(e.rational && strcmp(e.rational, qs) == 0, "%s: fraction %s, want %s", ctx,
                e.rational ? e.rational : "none", qs);
  ck_assert_msg(tu_same_bits(e.value, want), "%s: exact %a, want %a", ctx, e.value, want);
  rm_exact_clear(&e);
  s = rm_value(v, &l, NULL, &d);
  ck_assert_msg(s == RM_OK, "%s: double status %d", ctx, (int) s);
  ck_assert_msg(tu_ulps(d, want) <= rm_ulp_bound(v), "%s: double %a, want %a (bound %g)", ctx,
                d, want, rm_ulp_bound(v));
  free(qs);
}

static void ae_expect_str(const char *name, size_t n, const int *g, const double *s,
                          const char *frac)
{
  ae_list t;
  rm_variant v = ae_parse(name);
  mpq_t q;
  ae_set(&t, n, g, s);
  mpq_init(q);
  ck_assert(mpq_set_str(q, frac, 10) == 0);
  mpq_canonicalize(q);
  ae_expect_q(&v, &t, q, name);
  mpq_clear(q);
}

/* The AUC is undefined: both paths say so under each convention; opts are
   further options, each followed by a comma. */
/* The oracle's value |q| when it |defined| one, else the variant must be
   undefined with the value 0 of undef=zero. */
static void ae_expect_oracle(const rm_variant *v, const ae_list *t, int defined,
  const mpq_t q, const char *ctx)
{
  rm_list l;
  double d = -1;
  if (defined) { ae_expect_q(v, t, q, ctx); return; }
  l = ae_view(t);
  ck_assert_msg(rm_value(v, &l, NULL, &d) == RM_UNDEFINED && d == 0, "%s", ctx);
}

static void ae_expect_undefined(const char *opts, const ae_list *t)
{
  static const char *const conv[3] = {"zero", "one", "error"};
  int u;
  for (u = 0; u < 3; u++) {
    char name[128];
    rm_variant v;
    rm_list l = ae_view(t);
    rm_exact e;
    double d = -1;
    rm_status s;
    snprintf(name, sizeof name, "auc[%sundef=%s]", opts, conv[u]);
    v = ae_parse(name);
    rm_exact_init(&e);
    s = rm_value_exact(&v, &l, &e);
    if (u == 2) ck_assert_msg(s == RM_EUNDEF, "%s: exact status %d", name, (int) s);
    else {
      ck_assert_msg(s == RM_UNDEFINED, "%s: exact status %d", name, (int) s);
      ck_assert(tu_same_bits(e.value, u == 1 ? 1.0 : 0.0));
    }
    rm_exact_clear(&e);
    s = rm_value(&v, &l, NULL, &d);
    if (u == 2) ck_assert_msg(s == RM_EUNDEF, "%s: double status %d", name, (int) s);
    else {
      ck_assert_msg(s == RM_UNDEFINED, "%s: double status %d", name, (int) s);
      ck_assert(tu_same_bits(d, u == 1 ? 1.0 : 0.0));
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Variants swept by the random cases.                                       */

static const char *const ae_ties[7] = {"input", "id-asc", "id-desc", "pessimistic",
                                       "optimistic", "average", "reverse"};

static rm_variant ae_auc_variant(int ti, int rel)
{
  char name[96];
  snprintf(name, sizeof name, "auc[rel=%d,ties=%s]", rel, ae_ties[ti]);
  return ae_parse(name);
}

static rm_variant ae_err_variant(int ti, unsigned long k, int gmax)
{
  char name[96];
  if (k) snprintf(name, sizeof name, "err@%lu[gmax=%d,ties=%s]", k, gmax, ae_ties[ti]);
  else snprintf(name, sizeof name, "err[gmax=%d,ties=%s]", gmax, ae_ties[ti]);
  return ae_parse(name);
}

/* ======================================================================== */
/* Case "examples": the rows of the two chapters against the oracles.       */

START_TEST(test_rows_oracle)
{
  size_t x, seen = 0;
  for (x = 0; x < RM_N_EXAMPLES; x++) {
    const rm_example *r = &rm_examples[x];
    rm_variant v;
    ae_list t;
    mpq_t q;
    size_t i;
    if (rm_variant_parse(r->name, &v, NULL, 0) != RM_OK) continue;
    if (v.metric != RM_AUC && v.metric != RM_ERR) continue;
    if (v.maxfpr != v.maxfpr_den) continue; /* the partial AUC: test_pauc_oracle */
    seen++;
    ae_set(&t, r->n, r->grade, r->score);
    if (r->ids) for (i = 0; i < r->n; i++) t.id[i] = r->ids[i];
    t.nu = r->n_judged;
    for (i = 0; i < r->n_judged; i++) t.ugrade[i] = r->judged[i];
    mpq_init(q);
    if (v.metric == RM_AUC && !oracle_auc(q, &v, &t)) {
      ck_assert_msg(r->status == RM_UNDEFINED, "%s: the oracle finds it undefined", r->id);
      ck_assert_msg(tu_same_bits(r->expect, v.undef == RM_UNDEF_ONE ? 1.0 : 0.0), "%s", r->id);
    } else {
      char *qs;
      if (v.metric == RM_ERR) oracle_err(q, &v, &t);
      qs = mpq_get_str(NULL, 10, q);
      ck_assert_msg(r->status == RM_OK, "%s: the oracle finds a value", r->id);
      ck_assert_msg(r->rational && strcmp(r->rational, qs) == 0, "%s: row %s, oracle %s", r->id,
                    r->rational ? r->rational : "none", qs);
      ck_assert_msg(tu_same_bits(r->expect, tu_round_q(q, NULL)), "%s: row %a, oracle %a", r->id,
                    r->expect, tu_round_q(q, NULL));
      ae_expect_q(&v, &t, q, r->id);
      free(qs);
    }
    mpq_clear(q);
  }
  ck_assert_msg(seen >= 30, "only %zu rows of auc and err", seen);
}
END_TEST

/* The printed numbers of the sources, by hand. */
START_TEST(test_source_values)
{
  static const int e3g[7] = {1, 1, 0, 0, 1, 1, 0};
  static const double e3s[7] = {0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.3};
  static const int c3g[7] = {0, 1, 1, 0, 0, 1, 1};
  static const double c3s[7] = {0.3, 0.5, 0.5, 0.5, 0.5, 0.7, 0.8};
  static const int e2g[8] = {0, 1, 1, 1, 0, 0, 1, 0};
  /* 003 E003.1: (7+6+3.5+3.5-10)/12 = 10/12 */
  ae_expect_str("auc[ties=average]", 7, e3g, e3s, "10/12");
  /* the printed ranks 7..1 without averaging: (7+6+3+2-10)/12 */
  ae_expect_str("auc", 7, e3g, e3s, "8/12");
  /* calc_auc_simple: stable ascending sort = ties=reverse read from the top */
  ae_expect_str("auc[ties=reverse]", 7, c3g, c3s, "2/3");
  ae_expect_str("auc[ties=reverse]", 7, e3g, e3s, "1");
  ae_expect_str("auc[ties=average]", 7, c3g, c3s, "5/6");
  ae_expect_str("auc[ties=pessimistic]", 7, c3g, c3s, "2/3");
  ae_expect_str("auc[ties=optimistic]", 7, c3g, c3s, "1");
  /* 002 E002.4: 10 of 16 pairs */
  ae_expect_str("auc", 8, e2g, NULL, "10/16");
}
END_TEST

/* ======================================================================== */
/* Case "oracle": random lists against the oracles, every tie rule.         */

START_TEST(test_auc_oracle)
{
  tu_rng r = {0x5eed0a0cULL};
  int c;
  for (c = 0; c < AE_ORACLE; c++) {
    ae_list t;
    rm_variant v;
    mpq_t q;
    char ctx[64];
    ae_random(&r, &t, 4);
    v = ae_auc_variant(c % 7, 1 + tu_below(&r, 3));
    snprintf(ctx, sizeof ctx, "auc random list %d", c);
    mpq_init(q);
    ae_expect_oracle(&v, &t, oracle_auc(q, &v, &t), q, ctx);
    mpq_clear(q);
  }
}
END_TEST

/* ir_measures' Accuracy@K as its accuracy provider computes it: the run
   sorted by score, ties in input order (a stable sort, done here by
   insertion), and walking the first K documents it keeps, after each
   relevant one, the count of nonrelevant ones below it so far; the value is
   1 - (sum over the relevant of the nonrelevant above them) / (N R), N and
   R the nonrelevant and relevant among the K.  Returns 0 when R = 0 (no
   value there) or N = 0 (its division by zero). */
static int oracle_accuracy_at(mpq_t out, int rel, size_t K, const ae_list *t)
{
  size_t ord[AE_MAXN + 1], i, j;
  unsigned long above = 0, sum = 0, r = 0;
  for (i = 0; i < t->n; i++) { /* stable insertion sort by decreasing score */
    for (j = i; j > 0 && t->scored && t->score[ord[j - 1]] < t->score[i]; j--)
      ord[j] = ord[j - 1];
    ord[j] = i;
  }
  for (i = 0; i < t->n && i < K; i++)
    if (t->grade[ord[i]] >= rel) { r++; sum += above; }
    else above++;
  if (r == 0 || above == 0) return 0;
  mpq_set_ui(out, above * r - sum, above * r); /* 1 - sum/(N R) */
  mpq_canonicalize(out);
  return 1;
}

START_TEST(test_accuracy_at)
{
  tu_rng r = {0xacc0a7ULL};
  int c;
  /* By hand: grades 1 0 0 1 give 1/2 whole, 1 at depth 3 (both pairs of
     the first three right), undefined at depth 1 (no nonrelevant). */
  ae_expect_str("auc", 4, (const int[]){1, 0, 0, 1}, NULL, "1/2");
  ae_expect_str("auc[depth=3]", 4, (const int[]){1, 0, 0, 1}, NULL, "1");
  ae_expect_str("Accuracy@3", 4, (const int[]){1, 0, 0, 1}, NULL, "1");
  ae_expect_str("auc[depth=4]", 4, (const int[]){1, 0, 0, 1}, NULL, "1/2");
  ae_expect_str("auc[depth=9]", 4, (const int[]){1, 0, 0, 1}, NULL, "1/2");
  {
    ae_list t;
    ae_set(&t, 4, (const int[]){1, 0, 0, 1}, NULL);
    ae_expect_undefined("depth=1,", &t);
  }
  for (c = 0; c < AE_ORACLE; c++) {
    ae_list t;
    rm_variant v;
    mpq_t q;
    char ctx[96], name[64];
    size_t K;
    int rel;
    ae_random(&r, &t, 3);
    K = 1 + (size_t) tu_below(&r, (int) t.n + 2);
    rel = 1 + tu_below(&r, 2);
    snprintf(name, sizeof name, "Accuracy(rel=%d)@%zu", rel, K);
    v = ae_parse(name);
    snprintf(ctx, sizeof ctx, "%s of random list %d", name, c);
    mpq_init(q);
    ae_expect_oracle(&v, &t, oracle_accuracy_at(q, rel, K, &t), q, ctx);
    mpq_clear(q);
  }
}
END_TEST

START_TEST(test_err_oracle)
{
  static const unsigned long ks[5] = {0, 1, 3, 10, 100};
  tu_rng r = {0x5eed0e44ULL};
  int c;
  for (c = 0; c < AE_ORACLE; c++) {
    ae_list t;
    rm_variant v;
    mpq_t q;
    char ctx[64];
    int gmax = tu_below(&r, 4) == 0 ? 1 + tu_below(&r, 30) : 4;
    ae_random(&r, &t, gmax);
    v = ae_err_variant(c % 7 == 5 ? 6 : c % 7, ks[tu_below(&r, 5)], gmax);
    snprintf(ctx, sizeof ctx, "err random list %d", c);
    mpq_init(q);
    oracle_err(q, &v, &t);
    ae_expect_q(&v, &t, q, ctx);
    mpq_clear(q);
  }
}
END_TEST

/* ======================================================================== */
/* Case "paths": double against exact within rm_ulp_bound.                  */

static void ae_paths(const rm_variant *v, const ae_list *t, double *worst, const char *ctx)
{
  rm_list l = ae_view(t);
  rm_exact e;
  double d = -1, u;
  rm_status s1, s2;
  rm_exact_init(&e);
  s1 = rm_value_exact(v, &l, &e);
  s2 = rm_value(v, &l, NULL, &d);
  ck_assert_msg(s1 == s2 && s1 >= 0, "%s: statuses %d and %d", ctx, (int) s1, (int) s2);
  u = tu_ulps(d, e.value);
  ck_assert_msg(u <= rm_ulp_bound(v), "%s: double %a, exact %a: %g ulps, bound %g", ctx, d,
                e.value, u, rm_ulp_bound(v));
  if (u > *worst) *worst = u;
  rm_exact_clear(&e);
}

START_TEST(test_auc_paths)
{
  tu_rng r = {20261122ULL};
  double worst = 0;
  int c;
  for (c = 0; c < AE_PATHS; c++) {
    ae_list t;
    rm_variant v;
    ae_random(&r, &t, 4);
    v = ae_auc_variant(tu_below(&r, 7), 1 + tu_below(&r, 4));
    if (tu_below(&r, 2)) v.undef = RM_UNDEF_ONE;
    ae_paths(&v, &t, &worst, "auc paths");
  }
  /* short lists: the counts are exact, so the quotient is correctly rounded */
  ck_assert_msg(worst == 0, "auc: largest error %g ulps on short lists", worst);
}
END_TEST

START_TEST(test_err_paths)
{
  static const unsigned long ks[6] = {0, 1, 2, 5, 10, 40};
  tu_rng r = {20261123ULL};
  double worst = 0;
  int c;
  for (c = 0; c < AE_PATHS; c++) {
    ae_list t;
    rm_variant v;
    int ti = tu_below(&r, 6), gmax = 1 + tu_below(&r, 30);
    ae_random(&r, &t, gmax < 8 ? gmax : 4 + (int) tu_below(&r, (unsigned) (gmax - 3)));
    v = ae_err_variant(ti == 5 ? 6 : ti, ks[tu_below(&r, 6)], gmax);
    ae_paths(&v, &t, &worst, "err paths");
  }
  ck_assert(worst <= 4);
}
END_TEST

/* Long lists: the bound of err does not grow with k; auc counts stay exact. */
START_TEST(test_long_lists)
{
  static int g[6000];
  static double s[6000];
  tu_rng r = {77};
  rm_variant v;
  rm_list l = {0};
  rm_exact e;
  double d, worst = 0;
  size_t i, n = 6000;
  int rep;
  for (rep = 0; rep < 3; rep++) {
    for (i = 0; i < n; i++) {
      g[i] = tu_below(&r, 50) == 0 ? tu_below(&r, 5) : (rep == 2 ? 0 : 1);
      s[i] = (double) tu_below(&r, 100);
    }
    l.n = n; l.grade = g; l.score = s; l.id = NULL; l.n_unretrieved = 0;
    l.unretrieved_grade = NULL;
    v = ae_parse(rep == 0 ? "err" : rep == 1 ? "err@5000[ties=optimistic]" : "err[gmax=9]");
    rm_exact_init(&e);
    ck_assert(rm_value_exact(&v, &l, &e) == RM_OK);
    ck_assert(rm_value(&v, &l, NULL, &d) == RM_OK);
    ck_assert_msg(tu_ulps(d, e.value) <= 4, "long err list %d: %a vs %a", rep, d, e.value);
    if (tu_ulps(d, e.value) > worst) worst = tu_ulps(d, e.value);
    rm_exact_clear(&e);
    v = ae_parse(rep == 0 ? "auc" : rep == 1 ? "auc[ties=average]" : "auc[rel=2,ties=reverse]");
    rm_exact_init(&e);
    ck_assert(rm_value_exact(&v, &l, &e) == RM_OK);
    ck_assert(rm_value(&v, &l, NULL, &d) == RM_OK);
    ck_assert_msg(tu_same_bits(d, e.value), "long auc list %d: %a vs %a", rep, d, e.value);
    rm_exact_clear(&e);
  }
  ck_assert_double_eq(rm_ulp_bound(&v), 3);
  /* 2000 items of grade 1 under gmax=30: the probability of reaching a rank
     stays near 1 and is rounded at every step of a plain running product */
  for (i = 0; i < 2000; i++) g[i] = 1;
  l.n = 2000; l.score = NULL;
  v = ae_parse("err[gmax=30]");
  rm_exact_init(&e);
  ck_assert(rm_value_exact(&v, &l, &e) == RM_OK);
  ck_assert(rm_value(&v, &l, NULL, &d) == RM_OK);
  ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "2000 items: %a vs %a", d, e.value);
  rm_exact_clear(&e);
  ck_assert(worst <= 4);
}
END_TEST

/* ======================================================================== */
/* Case "variants": properties and every choice of the two metrics.         */

/* average = (pessimistic + optimistic) / 2, and under average, negating the
   scores gives 1 - AUC. */
START_TEST(test_auc_properties)
{
  tu_rng r = {4242};
  int c;
  for (c = 0; c < 1500; c++) {
    ae_list t, neg;
    rm_list l = {0}, ln = {0};
    rm_exact a, pe, op, an;
    rm_variant va, vp, vo;
    mpq_t qa, qp, qo, qn;
    int rel = 1 + tu_below(&r, 3);
    size_t i;
    rm_status s;
    ae_random(&r, &t, 4);
    t.scored = 1;
    neg = t;
    for (i = 0; i < t.n; i++) { neg.score[i] = -t.score[i]; neg.id[i] = neg.idbuf[i]; }
    l = ae_view(&t); ln = ae_view(&neg);
    va = ae_auc_variant(5, rel); vp = ae_auc_variant(3, rel); vo = ae_auc_variant(4, rel);
    rm_exact_init(&a); rm_exact_init(&pe); rm_exact_init(&op); rm_exact_init(&an);
    s = rm_value_exact(&va, &l, &a);
    ck_assert(rm_value_exact(&vp, &l, &pe) == s && rm_value_exact(&vo, &l, &op) == s);
    ck_assert(rm_value_exact(&va, &ln, &an) == s);
    if (s == RM_OK) {
      mpq_inits(qa, qp, qo, qn, NULL);
      mpq_set_str(qa, a.rational, 10); mpq_set_str(qp, pe.rational, 10);
      mpq_set_str(qo, op.rational, 10); mpq_set_str(qn, an.rational, 10);
      mpq_add(qp, qp, qo);
      mpq_div_2exp(qp, qp, 1);
      ck_assert_msg(mpq_equal(qa, qp), "average %s is not the mean of %s and %s", a.rational,
                    pe.rational, op.rational);
      mpq_add(qn, qn, qa);
      ck_assert_msg(mpq_cmp_ui(qn, 1, 1) == 0, "negated scores: %s + %s", a.rational, an.rational);
      mpq_clears(qa, qp, qo, qn, NULL);
    }
    rm_exact_clear(&a); rm_exact_clear(&pe); rm_exact_clear(&op); rm_exact_clear(&an);
  }
}
END_TEST

START_TEST(test_auc_choices)
{
  static const int g2[2] = {1, 0};
  static const double tie[2] = {0.5, 0.5}, notie[2] = {0.9, 0.1};
  static const char *const want[7] = {"1", "1", "0", "0", "1", "1/2", "0"};
  static const int g3[3] = {1, 2, 0};
  static const int u1[4] = {1, 0, 0, 0}, u2[3] = {1, 1, 0};
  static const double su1[4] = {0.9, 0.5, 0.4, 0.3}, su2[3] = {0.8, 0.4, 0.6};
  int ti;
  /* one click x000 and one non-click x001, tied: ids x000 < x001 */
  for (ti = 0; ti < 7; ti++) {
    char name[64];
    snprintf(name, sizeof name, "auc[ties=%s]", ae_ties[ti]);
    ae_expect_str(name, 2, g2, tie, want[ti]);
    ae_expect_str(name, 2, g2, notie, "1");
  }
  /* the threshold */
  ae_expect_str("auc", 3, g3, NULL, "1");
  ae_expect_str("auc[rel=2]", 3, g3, NULL, "1/2");
  /* the users of the group AUC */
  ae_expect_str("auc[ties=average]", 4, u1, su1, "1");
  ae_expect_str("auc[ties=average]", 3, u2, su2, "1/2");
  /* a ranking wholly inverted */
  {
    static const int inv[5] = {0, 0, 0, 1, 1};
    ae_expect_str("auc", 5, inv, NULL, "0");
  }
}
END_TEST

START_TEST(test_err_choices)
{
  static const int d12[2] = {1, 2}, three[3] = {2, 0, 1}, ones[2] = {1, 1};
  static const int g04[2] = {0, 4};
  static const double tie[2] = {0.5, 0.5};
  /* ids are x000 (grade 0) and x001 (grade 4) */
  static const char *const want[7] = {"15/32", "15/32", "15/16", "15/32", "15/16", NULL,
                                      "15/16"};
  int ti;
  ae_expect_str("err@2", 2, d12, NULL, "77/512");
  ae_expect_str("err@2[gmax=2]", 2, d12, NULL, "17/32");
  ae_expect_str("err@2[gmax=5]", 2, d12, NULL, "157/2048");
  ae_expect_str("err@10", 2, d12, NULL, "77/512");
  ae_expect_str("err@1", 2, d12, NULL, "1/16");
  ae_expect_str("err", 3, three, NULL, "157/768");
  ae_expect_str("err@2", 3, three, NULL, "3/16");
  ae_expect_str("err[gmax=1]", 2, ones, NULL, "5/8");
  for (ti = 0; ti < 7; ti++) {
    char name[64];
    if (!want[ti]) continue;
    snprintf(name, sizeof name, "err[ties=%s]", ae_ties[ti]);
    ae_expect_str(name, 2, g04, tie, want[ti]);
  }
  /* the top grade: R = 1 - 2^-gmax, never 1 */
  {
    static const int top[1] = {30};
    ae_expect_str("err[gmax=30]", 1, top, NULL, "1073741823/1073741824");
  }
}
END_TEST

/* ======================================================================== */
/* Case "edges": empty lists, undefined values, errors, refusals.           */

START_TEST(test_edges)
{
  ae_list t;
  rm_list l = {0};
  rm_variant v;
  rm_exact e;
  double d = -7;
  static const int none[3] = {0, 0, 0}, all[3] = {1, 2, 1}, over[2] = {1, 5};
  /* auc: empty, no relevant, all relevant are undefined on both paths */
  ae_set(&t, 0, none, NULL);
  ae_expect_undefined("", &t);
  ae_set(&t, 3, none, NULL);
  ae_expect_undefined("", &t);
  ae_set(&t, 3, all, NULL);
  ae_expect_undefined("ties=average,", &t);
  /* unretrieved judgments are ignored: all negative plus relevant judgments */
  ae_set(&t, 3, none, NULL);
  t.nu = 2; t.ugrade[0] = 3; t.ugrade[1] = 1;
  ae_expect_undefined("", &t);
  /* err: empty list is 0, K beyond the list, no relevant is 0 */
  ae_set(&t, 0, none, NULL);
  ae_expect_str("err", 0, none, NULL, "0");
  ae_expect_str("err@100", 0, none, NULL, "0");
  ae_expect_str("err@5", 3, none, NULL, "0");
  /* a grade above gmax: RM_EGRADE on both paths, retrieved or judged */
  v = ae_parse("err");
  ae_set(&t, 2, over, NULL);
  l = ae_view(&t);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EGRADE);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
  ck_assert(d == -7);
  v = ae_parse("err@1"); /* even beyond the cutoff */
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EGRADE);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
  v = ae_parse("err[gmax=5]");
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  rm_exact_clear(&e);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ae_set(&t, 2, all, NULL);
  t.nu = 1; t.ugrade[0] = 5;
  l = ae_view(&t);
  v = ae_parse("err");
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EGRADE);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
  rm_exact_clear(&e);
  /* a variant made by hand with a cutoff is refused for auc; average for err */
  v = ae_parse("auc");
  v.k = 10;
  ae_set(&t, 2, all, NULL);
  l = ae_view(&t);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_ENAME);
  v = ae_parse("err");
  v.ties = RM_TIES_AVERAGE;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  v = ae_parse("err");
  v.gmax = 31;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  v.gmax = 0;
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_ENAME);
  rm_exact_clear(&e);
  /* a grade above the library's limit is the common check's error */
  {
    static const int huge[1] = {RM_GRADE_MAX + 1};
    ae_set(&t, 1, huge, NULL);
    l = ae_view(&t);
    v = ae_parse("err[gmax=30]");
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
    v = ae_parse("auc");
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
  }
}
END_TEST

START_TEST(test_refused_names)
{
  static const char *const bad[] = {"auc@10", "auc@1[ties=average]", "auc[gmax=4]",
    "auc[depth=2,ties=average]", "auc[depth=0]", "auc[depth=100001]", "Accuracy@100001",
    "err[ties=average]", "err@5[gmax=0]", "err[gmax=31]", "err[gmax=4.5]", "err[rel=2]",
    "err[undef=one]", "auc[hits=first]", "err@0", "auc[rel=0]", "err[gmax=]", NULL};
  int i;
  for (i = 0; bad[i]; i++) {
    rm_variant v;
    char msg[256] = "";
    rm_status s = rm_variant_parse(bad[i], &v, msg, sizeof msg);
    ck_assert_msg(s == RM_ENAME || s == RM_EK, "'%s' accepted (%d)", bad[i], (int) s);
    ck_assert_msg(msg[0] != '\0', "'%s': no message", bad[i]);
  }
  {
    rm_variant v;
    char msg[256] = "";
    ck_assert_int_eq(rm_variant_parse("auc@10", &v, msg, sizeof msg), RM_ENAME);
    ck_assert_msg(strstr(msg, "cutoff") != NULL, "message: %s", msg);
    ck_assert_int_eq(rm_variant_parse("err[ties=average]", &v, msg, sizeof msg), RM_ENAME);
    ck_assert_msg(strstr(msg, "average") != NULL, "message: %s", msg);
    ck_assert_int_eq(rm_variant_parse("err[gmax=31]", &v, msg, sizeof msg), RM_ENAME);
    ck_assert_msg(strstr(msg, "gmax") != NULL, "message: %s", msg);
  }
}
END_TEST

/* ======================================================================== */
/* Case "names": canonical names written out by hand.                        */

START_TEST(test_names)
{
  static const char *const pairs[][2] = {
    {"auc", "auc[rel=1,ties=input,undef=zero]"},
    {"auc[ties=average,rel=2]", "auc[rel=2,ties=average,undef=zero]"},
    {"auc[undef=one,ties=reverse]", "auc[rel=1,ties=reverse,undef=one]"},
    {"err", "err[gmax=4,ties=input]"},
    {"err@10", "err@10[gmax=4,ties=input]"},
    {"err[ties=id-desc,gmax=5]", "err[gmax=5,ties=id-desc]"},
    {"err@1[gmax=30,ties=optimistic]", "err@1[gmax=30,ties=optimistic]"},
    {NULL, NULL}};
  int i;
  for (i = 0; pairs[i][0]; i++) {
    rm_variant v, w;
    char buf[RM_NAME_MAX];
    size_t n;
    v = ae_parse(pairs[i][0]);
    n = rm_variant_name(&v, buf, sizeof buf);
    ck_assert_str_eq(buf, pairs[i][1]);
    ck_assert_uint_eq(n, strlen(pairs[i][1]));
    w = ae_parse(buf);
    n = rm_variant_name(&w, buf, sizeof buf);
    ck_assert_str_eq(buf, pairs[i][1]);
  }
  {
    rm_variant v;
    char buf[RM_NAME_MAX];
    rm_variant_default(&v, RM_ERR);
    ck_assert_int_eq(v.gmax, 4);
    rm_variant_name(&v, buf, sizeof buf);
    ck_assert_str_eq(buf, "err[gmax=4,ties=input]");
    rm_variant_default(&v, RM_AUC);
    rm_variant_name(&v, buf, sizeof buf);
    ck_assert_str_eq(buf, "auc[rel=1,ties=input,undef=zero]");
    ck_assert_double_eq(rm_ulp_bound(&v), 3);
    rm_variant_default(&v, RM_ERR);
    v.k = 10000000UL;
    ck_assert_double_eq(rm_ulp_bound(&v), 4); /* does not grow with K */
  }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* XGBoost's AUCs of a group (the book's section on them), worked by hand:
   pair-auc counts every pair in the order grade down, input position up, a
   tie one half; aucpr integrates the interpolated precision, so that the
   ranking 1,0,1,0 gives 1 - ln(3/2)/2 and 0,1 gives 1 - ln 2. */

static rm_list xg_list(size_t n, const int *g, const double *s)
{
  rm_list l = {0};
  l.n = n; l.grade = g; l.score = s;
  return l;
}

static void xg_rational(const char *name, rm_list l, const char *want, rm_status st)
{
  rm_variant v;
  rm_exact e;
  double d = -1;
  tu_parse_or_fail(name, &v);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), st);
  ck_assert_msg(e.rational && strcmp(e.rational, want) == 0, "%s: exact %s, by hand %s",
                name, e.rational ? e.rational : e.decimal, want);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), st);
  ck_assert_msg(tu_bits(d) == tu_bits(e.value), "%s: double %a, exact %a", name, d, e.value);
  rm_exact_clear(&e);
}

/* 1 - ln(a/b)/c, correctly rounded */
static double xg_one_minus_log(unsigned long a, unsigned long b, unsigned long c)
{
  mpfr_t x;
  double r;
  mpfr_init2(x, 256);
  mpfr_set_ui(x, a, MPFR_RNDN); mpfr_div_ui(x, x, b, MPFR_RNDN);
  mpfr_log(x, x, MPFR_RNDN); mpfr_div_ui(x, x, c, MPFR_RNDN);
  mpfr_ui_sub(x, 1, x, MPFR_RNDN);
  r = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  return r;
}

static void xg_irrational(const char *name, const rm_list *l, size_t nq, double want)
{
  rm_variant v;
  rm_exact e;
  double d = -1;
  tu_parse_or_fail(name, &v);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, l, nq, &e), RM_OK);
  ck_assert_msg(e.rational == NULL && tu_bits(e.value) == tu_bits(want),
                "%s: exact %s (%a), by hand %a", name, e.rational ? e.rational : e.decimal,
                e.value, want);
  ck_assert_int_eq(rm_value_set(&v, l, nq, NULL, &d), RM_OK);
  ck_assert_msg(rm_ulps_between(d, want) <= rm_ulp_bound(&v), "%s: double %a, by hand %a",
                name, d, want);
  rm_exact_clear(&e);
}

START_TEST(test_xgboost)
{
  static const int g4[4] = {1, 2, 1, 0}, g012[3] = {0, 1, 2}, g111[3] = {1, 1, 1},
    pr[4] = {1, 0, 1, 0}, g01[2] = {0, 1}, g100[3] = {1, 0, 0}, g11[2] = {1, 1};
  static const double s4[4] = {0.2, 0.9, 0.5, 0.5}, s4b[4] = {0.5, 0.9, 0.2, 0.5},
    tied[3] = {0.5, 0.5, 0.5}, spr[4] = {0.9, 0.8, 0.3, 0.1}, s100[3] = {0.5, 0.5, 0.1};
  rm_list two[2];
  double a = xg_one_minus_log(3, 2, 2);
  /* pair-auc: 3 + 0 + 0 + 1/2 of six pairs; the grade-1 rows swapped, 4.5 */
  xg_rational("pair-auc", xg_list(4, g4, s4), "7/12", RM_OK);
  xg_rational("pair-auc", xg_list(4, g4, s4b), "3/4", RM_OK);
  /* without scores the input order is the ranking: grades up lose every
     pair, one grade wins every pair; all tied, every pair is a half */
  xg_rational("pair-auc", xg_list(3, g012, NULL), "0", RM_OK);
  xg_rational("pair-auc", xg_list(3, g111, NULL), "1", RM_OK);
  xg_rational("pair-auc", xg_list(3, g111, tied), "1/2", RM_OK);
  /* below three items XGBoost leaves the group out: undefined */
  xg_rational("pair-auc", xg_list(2, g01, NULL), "0", RM_UNDEFINED);
  xg_rational("pair-auc[undef=one]", xg_list(2, g01, NULL), "1", RM_UNDEFINED);
  /* aucpr: a tie group of one positive and one negative first, 1/2, rational */
  xg_rational("aucpr", xg_list(3, g100, s100), "1/2", RM_OK);
  xg_rational("aucpr", xg_list(2, g11, NULL), "0", RM_UNDEFINED);
  xg_rational("aucpr[rel=2,undef=one]", xg_list(4, pr, spr), "1", RM_UNDEFINED);
  two[0] = xg_list(4, pr, spr);
  two[1] = xg_list(2, g01, NULL);
  xg_irrational("mean:aucpr", two, 1, a);
  xg_irrational("mean:aucpr", two + 1, 1, xg_one_minus_log(2, 1, 1));
  /* the mean of the two is (2 - ln(3/2)/2 - ln 2)/2 = 1 - ln(6)/4 */
  xg_irrational("mean:aucpr", two, 2, xg_one_minus_log(6, 1, 4));
  /* XGBoost's aggregate: the groups it keeps */
  two[1] = xg_list(2, g11, NULL);
  xg_irrational("mean[skip=undef]:aucpr", two, 2, a);
  two[0] = xg_list(4, g4, s4);
  two[1] = xg_list(2, g01, NULL);
  {
    rm_variant v;
    rm_exact e;
    tu_parse_or_fail("mean[skip=undef]:pair-auc", &v);
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_set_exact(&v, two, 2, &e), RM_OK);
    ck_assert_str_eq(e.rational, "7/12");
    rm_exact_clear(&e);
  }
}
END_TEST

Suite *suite_auc_err(void)
{
  Suite *s = suite_create("auc_err");
  TCase *tc;
  tc = tcase_create("examples");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_rows_oracle);
  tcase_add_test(tc, test_source_values);
  suite_add_tcase(s, tc);
  tc = tcase_create("oracle");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_auc_oracle);
  tcase_add_test(tc, test_accuracy_at);
  tcase_add_test(tc, test_err_oracle);
  suite_add_tcase(s, tc);
  tc = tcase_create("paths");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_auc_paths);
  tcase_add_test(tc, test_err_paths);
  tcase_add_test(tc, test_long_lists);
  tcase_add_test(tc, test_auc_huge_counts);
  suite_add_tcase(s, tc);
  tc = tcase_create("variants");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_auc_properties);
  tcase_add_test(tc, test_auc_choices);
  tcase_add_test(tc, test_err_choices);
  suite_add_tcase(s, tc);
  tc = tcase_create("edges");
  tcase_add_test(tc, test_edges);
  tcase_add_test(tc, test_refused_names);
  suite_add_tcase(s, tc);
  tc = tcase_create("names");
  tcase_add_test(tc, test_names);
  suite_add_tcase(s, tc);
  tc = tcase_create("xgboost");
  tcase_add_test(tc, test_xgboost);
  suite_add_tcase(s, tc);
  return s;
}
