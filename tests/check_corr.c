/* tests/check_corr.c -- Check tests of the chapter "Rank correlation"
   (spearman, kendall[tau=b|a]).

   Expected values are derived independently of the library:
   - hand fractions (Python's fractions module) and hexadecimal doubles of
     the irrational cases from mpmath at 300 bits; SciPy 1.10's spearmanr and
     kendalltau (Debian's python3-scipy) were run on the same lists and agree
     to within 2 units in the last place (they are not correctly rounded:
     0.6000000000000001 for 3/5) and return NaN for the undefined cases;
   - an oracle written here from the definitions: mid-ranks as GMP
     rationals (halves) counted in O(n^2), a and b as rationals, and for an
     irrational value the square root of the exact square a^2/b enclosed at
     256 bits with MPFR (a different route from the library's a/sqrt(b));
     Kendall's counts from all pairs;
   - the other path: the double path within rm_ulp_bound of the exact path,
     and within the chapter's tighter claims for short lists (sums exact for
     n <= 2^18: spearman and tau-b 2.5u, i.e. 3 ulps; tau-a 1 ulp).

   Suite corr; cases: examples, oracle, paths, knight, variants, edges, names. */

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

Suite *suite_corr(void);

#define CO_MAXN 40       /* longest random list of the oracle case */
#define CO_ORACLE 2500   /* random lists in the oracle case (x 3 variants) */
#define CO_PATHS 3000    /* random lists in the paths case (x 3 variants) */
#define CO_PATHN 200     /* longest random list of the paths case */

/* ------------------------------------------------------------------------ */
/* Random lists with many ties.                                              */

typedef struct {
  int grade[600];
  double score[600];
  int judged[3];
  rm_list l;
} co_case;

static void co_random(tu_rng *r, co_case *c, int maxn)
{
  static const double lv[] = {-1.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 3.0};
  int n = tu_below(r, maxn + 1), i;
  int gk = 1 + tu_below(r, 4);         /* distinct grades: 1..4, or many */
  int sk = 1 + tu_below(r, 8);         /* distinct score levels */
  int wide = tu_below(r, 4) == 0;      /* grades 0..100, scores all distinct */
  for (i = 0; i < n; i++) {
    c->grade[i] = wide ? tu_below(r, 101) : tu_below(r, gk);
    c->score[i] = wide ? (double) (tu_next(r) >> 11) * 0x1p-53 - 0.5
                       : lv[tu_below(r, sk)];
  }
  memset(&c->l, 0, sizeof c->l);
  c->l.n = (size_t) n;
  c->l.grade = c->grade;
  c->l.score = c->score; c->l.label = NULL;
  c->l.n_unretrieved = (size_t) tu_below(r, 3);
  for (i = 0; i < 3; i++) c->judged[i] = tu_below(r, 5);
  c->l.unretrieved_grade = c->judged;
}

/* ------------------------------------------------------------------------ */
/* The oracle.                                                               */

typedef struct {
  int undefined;
  int rational;
  char *q;            /* the fraction, when rational */
  double value;       /* correctly rounded */
  int ternary;
  char dec[128];      /* 40 digits, formatted as the library does for |x|<=1 */
} co_truth;

enum { CO_SPEARMAN, CO_TAU_B, CO_TAU_A, CO_TAU_C };

/* Format 40 significant digits d (with a '-' in front for a negative value)
   of a value 0.d1d2... x 10^e, for -5 <= e <= 1. */
static void co_format(char *out, const char *d, long e)
{
  char *o = out;
  long i;
  if (*d == '-') *o++ = *d++;
  ck_assert(e >= -5 && e <= 1);
  if (e <= 0) {
    *o++ = '0'; *o++ = '.';
    for (i = 0; i < -e; i++) *o++ = '0';
    for (i = 0; i < 40; i++) *o++ = d[i];
  } else {
    *o++ = d[0]; *o++ = '.';
    for (i = 1; i < 40; i++) *o++ = d[i];
  }
  *o = '\0';
}

static void co_from_q(co_truth *t, const mpq_t q)
{
  mpfr_t f;
  mpfr_exp_t e;
  char *s;
  int tern;
  t->rational = 1;
  t->q = mpq_get_str(NULL, 10, q);
  mpfr_init2(f, 53);
  tern = mpfr_set_q(f, q, MPFR_RNDN);
  t->value = mpfr_get_d(f, MPFR_RNDN);
  t->ternary = (tern > 0) - (tern < 0);
  if (mpq_sgn(q) == 0) { strcpy(t->dec, "0"); mpfr_clear(f); return; }
  mpfr_set_prec(f, 1024); /* our fractions have short decimal expansions or
                             none: no 40-digit midpoint arises */
  mpfr_set_q(f, q, MPFR_RNDN);
  s = mpfr_get_str(NULL, &e, 10, 40, f, MPFR_RNDN);
  co_format(t->dec, s, (long) e);
  mpfr_free_str(s);
  mpfr_clear(f);
}

/* x = sign(a) * sqrt(a^2/b), irrational: enclose at 256 bits. */
static void co_from_sqrt(co_truth *t, const mpq_t a, const mpq_t b)
{
  mpq_t sq;
  mpfr_t lo, hi, x;
  mpfr_exp_t el, eh;
  char *sl, *sh;
  double dl, dh;
  int neg = mpq_sgn(a) < 0;
  mpq_init(sq);
  mpq_mul(sq, a, a);
  mpq_div(sq, sq, b);
  mpfr_inits2(256, lo, hi, x, (mpfr_ptr) 0);
  mpfr_set_q(lo, sq, MPFR_RNDD); mpfr_sqrt(lo, lo, MPFR_RNDD);
  mpfr_set_q(hi, sq, MPFR_RNDU); mpfr_sqrt(hi, hi, MPFR_RNDU);
  if (neg) { /* negate and swap: [-hi, -lo] */
    mpfr_neg(x, lo, MPFR_RNDN); mpfr_neg(lo, hi, MPFR_RNDN); mpfr_set(hi, x, MPFR_RNDN);
  }
  dl = mpfr_get_d(lo, MPFR_RNDN); dh = mpfr_get_d(hi, MPFR_RNDN);
  ck_assert(tu_same_bits(dl, dh));
  t->value = dl;
  if (mpfr_cmp_d(lo, dl) > 0) t->ternary = -1;
  else if (mpfr_cmp_d(hi, dl) < 0) t->ternary = 1;
  else ck_abort_msg("oracle: the enclosure does not decide the ternary value");
  sl = mpfr_get_str(NULL, &el, 10, 40, lo, MPFR_RNDN);
  sh = mpfr_get_str(NULL, &eh, 10, 40, hi, MPFR_RNDN);
  ck_assert(el == eh && strcmp(sl, sh) == 0);
  co_format(t->dec, sl, (long) el);
  mpfr_free_str(sl); mpfr_free_str(sh);
  mpfr_clears(lo, hi, x, (mpfr_ptr) 0);
  mpq_clear(sq);
  t->rational = 0; t->q = NULL;
}

/* a / sqrt(b), b > 0: rational iff a = 0 or a^2/b is a square of a fraction */
static void co_quot_sqrt(co_truth *t, const mpq_t a, const mpq_t b)
{
  mpq_t sq, r;
  mpq_inits(sq, r, NULL);
  mpq_mul(sq, a, a);
  mpq_div(sq, sq, b);
  if (mpz_perfect_square_p(mpq_numref(sq)) && mpz_perfect_square_p(mpq_denref(sq))) {
    mpz_sqrt(mpq_numref(r), mpq_numref(sq));
    mpz_sqrt(mpq_denref(r), mpq_denref(sq));
    mpq_canonicalize(r);
    if (mpq_sgn(a) < 0) mpq_neg(r, r);
    co_from_q(t, r);
  } else co_from_sqrt(t, a, b);
  mpq_clears(sq, r, NULL);
}

/* Mid-rank of v[i] among v[0..n-1]: #{v_j < v_i} + (#{v_j = v_i} + 1)/2 */
static void co_midrank_int(mpq_t r, const int *v, size_t n, size_t i)
{
  size_t j, lt = 0, eq = 0;
  for (j = 0; j < n; j++) { lt += v[j] < v[i]; eq += v[j] == v[i]; }
  mpq_set_ui(r, (unsigned long) (2 * lt + eq + 1), 2);
  mpq_canonicalize(r);
}

static void co_midrank_dbl(mpq_t r, const double *v, size_t n, size_t i)
{
  size_t j, lt = 0, eq = 0;
  for (j = 0; j < n; j++) { lt += v[j] < v[i]; eq += v[j] == v[i]; }
  mpq_set_ui(r, (unsigned long) (2 * lt + eq + 1), 2);
  mpq_canonicalize(r);
}

static void co_oracle(co_truth *t, int which, const rm_list *l)
{
  size_t n = l->n, i, j;
  memset(t, 0, sizeof *t);
  if (which == CO_SPEARMAN) {
    mpq_t mean, rx, ry, a, sx, sy, p;
    mpq_inits(mean, rx, ry, a, sx, sy, p, NULL);
    mpq_set_ui(mean, (unsigned long) n + 1, 2);
    mpq_canonicalize(mean);
    for (i = 0; i < n; i++) {
      co_midrank_int(rx, l->grade, n, i);
      co_midrank_dbl(ry, l->score, n, i);
      mpq_sub(rx, rx, mean); mpq_sub(ry, ry, mean);
      mpq_mul(p, rx, ry); mpq_add(a, a, p);
      mpq_mul(p, rx, rx); mpq_add(sx, sx, p);
      mpq_mul(p, ry, ry); mpq_add(sy, sy, p);
    }
    mpq_mul(p, sx, sy);
    if (mpq_sgn(p) == 0) t->undefined = 1;
    else co_quot_sqrt(t, a, p);
    mpq_clears(mean, rx, ry, a, sx, sy, p, NULL);
  } else {
    long c = 0, d = 0, n1 = 0, n2 = 0, n0 = (long) (n * (n ? n - 1 : 0) / 2);
    mpq_t a, b;
    for (i = 0; i < n; i++)
      for (j = i + 1; j < n; j++) {
        int gx = l->grade[i] == l->grade[j], gy = l->score[i] == l->score[j];
        n1 += gx; n2 += gy;
        if (gx || gy) continue;
        if ((l->grade[i] < l->grade[j]) == (l->score[i] < l->score[j])) c++;
        else d++;
      }
    mpq_inits(a, b, NULL);
    mpq_set_si(a, c - d, 1);
    if (which == CO_TAU_C) { /* Stuart: 2m(C-D)/(n^2(m-1)), m the fewer classes */
      long dx = 0, dy = 0, m;
      for (i = 0; i < n; i++) {
        int newx = 1, newy = 1;
        for (j = 0; j < i; j++) {
          if (l->grade[j] == l->grade[i]) newx = 0;
          if (l->score[j] == l->score[i]) newy = 0;
        }
        dx += newx; dy += newy;
      }
      m = dx < dy ? dx : dy;
      if (m < 2) t->undefined = 1;
      else {
        mpq_set_si(a, 2 * m * (c - d), 1);
        mpq_set_si(b, (long) n * (long) n * (m - 1), 1);
        mpq_div(a, a, b); co_from_q(t, a);
      }
    } else if (which == CO_TAU_A) {
      if (n0 == 0) t->undefined = 1;
      else { mpq_set_si(b, n0, 1); mpq_div(a, a, b); co_from_q(t, a); }
    } else {
      mpz_set_si(mpq_numref(b), (n0 - n1));
      mpz_mul_si(mpq_numref(b), mpq_numref(b), (n0 - n2));
      if (mpq_sgn(b) == 0) t->undefined = 1;
      else co_quot_sqrt(t, a, b);
    }
    mpq_clears(a, b, NULL);
  }
  if (t->undefined) { /* default undef=zero */
    t->value = 0; t->ternary = 0; t->rational = 1;
    t->q = malloc(2); strcpy(t->q, "0"); strcpy(t->dec, "0");
  }
}

static void co_truth_clear(co_truth *t)
{
  if (t->q) free(t->q); /* from mpq_get_str or malloc: both the default allocator */
  t->q = NULL;
}

static const char *const co_names[4] = {"spearman", "kendall", "kendall[tau=a]",
  "kendall[tau=c]"};
static const double co_tight[4] = {3, 3, 1, 4};

static void co_variant(rm_variant *v, int which)
{
  char msg[200];
  ck_assert_int_eq(rm_variant_parse(co_names[which], v, msg, sizeof msg), RM_OK);
}

/* The exact path agrees with the truth in every field; the double path is
   within the bound. */
static void co_check(int which, const rm_list *l, const co_truth *t, double tight)
{
  rm_variant v;
  rm_exact e;
  double d = -7;
  rm_status s, sd;
  co_variant(&v, which);
  rm_exact_init(&e);
  s = rm_value_exact(&v, l, &e);
  ck_assert_int_eq(s, t->undefined ? RM_UNDEFINED : RM_OK);
  ck_assert_msg(tu_same_bits(e.value, t->value), "%s n=%zu: exact %a, oracle %a",
    co_names[which], l->n, e.value, t->value);
  ck_assert_int_eq(e.ternary, t->ternary);
  ck_assert_str_eq(e.decimal, t->dec);
  if (t->rational) { ck_assert_ptr_nonnull(e.rational); ck_assert_str_eq(e.rational, t->q); }
  else ck_assert_ptr_null(e.rational);
  sd = rm_value(&v, l, NULL, &d);
  ck_assert_int_eq(sd, s);
  ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v),
    "%s n=%zu: double %a exact %a", co_names[which], l->n, d, e.value);
  ck_assert_msg(tu_ulps(d, e.value) <= tight, "%s n=%zu: double %a exact %a (tight)",
    co_names[which], l->n, d, e.value);
  if (t->value == 0) ck_assert(tu_same_bits(d, 0.0));
  rm_exact_clear(&e);
}

/* ------------------------------------------------------------------------ */
/* examples                                                                  */

START_TEST(test_rows_oracle)
{
  size_t i;
  int seen = 0;
  for (i = 0; i < RM_N_EXAMPLES; i++) {
    const rm_example *x = &rm_examples[i];
    rm_variant v;
    rm_list l = {0};
    co_truth t;
    int which;
    if (strncmp(x->name, "spearman", 8) && strncmp(x->name, "kendall", 7)) continue;
    ck_assert_int_eq(rm_variant_parse(x->name, &v, NULL, 0), RM_OK);
    which = v.metric == RM_SPEARMAN ? CO_SPEARMAN : v.tau == RM_TAU_A ? CO_TAU_A
      : v.tau == RM_TAU_C ? CO_TAU_C : CO_TAU_B;
    memset(&l, 0, sizeof l);
    l.n = x->n; l.grade = x->grade; l.score = x->score;
    co_oracle(&t, which, &l);
    ck_assert_int_eq(x->status, t.undefined ? RM_UNDEFINED : RM_OK);
    if (!t.undefined) {
      ck_assert_msg(tu_same_bits(x->expect, t.value), "%s: row %a oracle %a", x->id,
        x->expect, t.value);
      if (t.rational) ck_assert_str_eq(x->rational, t.q);
      else ck_assert_ptr_null(x->rational);
      co_check(which, &l, &t, co_tight[which]);
    }
    co_truth_clear(&t);
    seen++;
  }
  ck_assert_int_ge(seen, 20);
}
END_TEST

/* Hand values: fractions by hand, irrational doubles from mpmath at 300
   bits, 40-digit strings from mpmath; confirmed against SciPy (see top). */
static void co_expect(const char *name, const int *g, const double *s, size_t n,
  double want, int tern, const char *q, const char *dec)
{
  rm_variant v;
  rm_list l = {0};
  rm_exact e;
  double d;
  memset(&l, 0, sizeof l);
  l.n = n; l.grade = g; l.score = s;
  ck_assert_int_eq(rm_variant_parse(name, &v, NULL, 0), RM_OK);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_msg(tu_same_bits(e.value, want), "%s: %a want %a", name, e.value, want);
  ck_assert_int_eq(e.ternary, tern);
  if (q) ck_assert_str_eq(e.rational, q); else ck_assert_ptr_null(e.rational);
  if (dec) ck_assert_str_eq(e.decimal, dec);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(tu_ulps(d, want) <= rm_ulp_bound(&v));
  rm_exact_clear(&e);
}

START_TEST(test_hand_values)
{
  static const int g4[] = {0, 1, 2, 3}, g5[] = {0, 0, 1, 2, 2}, gi[] = {0, 0, 1, 2},
    gn[] = {3, 1, 2, 2, 0};
  static const double up[] = {0.1, 0.2, 0.3, 0.4}, down[] = {0.4, 0.3, 0.2, 0.1},
    sw[] = {0.2, 0.1, 0.4, 0.3}, s5[] = {0.1, 0.3, 0.2, 0.4, 0.4},
    sn[] = {0.1, 0.5, 0.25, 0.75, 1};
  co_expect("spearman", g4, up, 4, 1, 0, "1", "1.000000000000000000000000000000000000000");
  co_expect("kendall", g4, up, 4, 1, 0, "1", NULL);
  co_expect("kendall[tau=a]", g4, up, 4, 1, 0, "1", NULL);
  co_expect("spearman", g4, down, 4, -1, 0, "-1", "-1.000000000000000000000000000000000000000");
  co_expect("kendall", g4, down, 4, -1, 0, "-1", NULL);
  co_expect("kendall[tau=a]", g4, down, 4, -1, 0, "-1", NULL);
  /* no ties: sum d^2 = 4, rho = 1 - 24/60 = 3/5; C=4, D=2: tau = 1/3 */
  co_expect("spearman", g4, sw, 4, 0x1.3333333333333p-1, -1, "3/5",
    "0.6000000000000000000000000000000000000000");
  co_expect("kendall", g4, sw, 4, 0x1.5555555555555p-2, -1, "1/3", NULL);
  co_expect("kendall[tau=a]", g4, sw, 4, 0x1.5555555555555p-2, -1, "1/3", NULL);
  /* ties: rho = 5/sqrt(38), tau_b = 1/sqrt(2), tau_a = 3/5 */
  co_expect("spearman", g5, s5, 5, 0x1.9f496e38ac351p-1, 1, NULL,
    "0.8111071056538126908223937344018742401626");
  co_expect("kendall", g5, s5, 5, 0x1.6a09e667f3bcdp-1, 1, NULL,
    "0.7071067811865475244008443621048490392848");
  co_expect("kendall[tau=a]", g5, s5, 5, 0x1.3333333333333p-1, -1, "3/5", NULL);
  /* irrational: rho = 3/sqrt(10), tau_b = sqrt(30)/6, tau_a = 5/6 */
  co_expect("spearman", gi, up, 4, 0x1.e5b9d136c6d96p-1, -1, NULL,
    "0.9486832980505137995996680633298155601159");
  co_expect("kendall", gi, up, 4, 0x1.d363d1848dcbfp-1, 1, NULL,
    "0.9128709291752768557616163046680035565879");
  co_expect("kendall[tau=a]", gi, up, 4, 0x1.aaaaaaaaaaaabp-1, 1, "5/6", NULL);
  /* negative: rho = -8/sqrt(95), tau_b = -7/sqrt(90), tau_a = -7/10; the
     ternary value is the sign of (double - true value) */
  co_expect("spearman", gn, sn, 5, -0x1.a43da0adc6899p-1, -1, NULL,
    "-0.8207826816681232763653400589389137094107");
  co_expect("kendall", gn, sn, 5, -0x1.79c969d54553cp-1, -1, NULL,
    "-0.7378647873726218441330751603676343245346");
  co_expect("kendall[tau=a]", gn, sn, 5, -0x1.6666666666666p-1, 1, "-7/10",
    "-0.7000000000000000000000000000000000000000");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* oracle                                                                    */

START_TEST(test_oracle)
{
  tu_rng r = {0x636f7272u};
  co_case c;
  int k, which, undefined = 0, irrational = 0, negative = 0;
  for (k = 0; k < CO_ORACLE; k++) {
    co_random(&r, &c, CO_MAXN);
    for (which = 0; which < 3; which++) {
      co_truth t;
      co_oracle(&t, which, &c.l);
      undefined += t.undefined; irrational += !t.rational;
      negative += t.value < 0;
      co_check(which, &c.l, &t, co_tight[which]);
      co_truth_clear(&t);
    }
  }
  ck_assert_int_gt(undefined, 100);
  ck_assert_int_gt(irrational, 1000);
  ck_assert_int_gt(negative, 1000);
}
END_TEST

/* Stuart's tau-c (SciPy's kendalltau(variant='c')), by hand and against
   the quadratic oracle on the random lists of test_oracle.  2, 1, 1, 0
   scored 4, 3, 1, 2: C = 4, D = 1, m = 3, tau-c = 2*3*3/(16*2) = 9/16
   (SciPy 1.10.1: 0.5625); without ties tau-c = tau-a (1/3 above). */
START_TEST(test_tauc)
{
  static const int g4[] = {0, 1, 2, 3}, gt[] = {2, 1, 1, 0};
  static const double sw[] = {0.2, 0.1, 0.4, 0.3}, st[] = {4, 3, 1, 2};
  tu_rng r = {0x74617563u};
  co_case c;
  int k, undefined = 0, differs = 0;
  co_expect("kendall[tau=c]", gt, st, 4, 0x1.2p-1, 0, "9/16",
    "0.5625000000000000000000000000000000000000");
  co_expect("kendall[tau=c]", g4, sw, 4, 0x1.5555555555555p-2, -1, "1/3", NULL);
  for (k = 0; k < CO_ORACLE; k++) {
    co_truth t, ta;
    co_random(&r, &c, CO_MAXN);
    co_oracle(&t, CO_TAU_C, &c.l);
    co_oracle(&ta, CO_TAU_A, &c.l);
    undefined += t.undefined;
    differs += !t.undefined && !ta.undefined && !tu_same_bits(t.value, ta.value);
    co_check(CO_TAU_C, &c.l, &t, co_tight[CO_TAU_C]);
    co_truth_clear(&t); co_truth_clear(&ta);
  }
  ck_assert_int_gt(undefined, 10);
  ck_assert_int_gt(differs, 100);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* paths                                                                     */

START_TEST(test_paths)
{
  tu_rng r = {0x70617468u};
  co_case c;
  rm_work w;
  int k, which;
  rm_work_init(&w);
  for (k = 0; k < CO_PATHS; k++) {
    co_random(&r, &c, CO_PATHN);
    for (which = 0; which < 3; which++) {
      rm_variant v;
      rm_exact e;
      double d;
      rm_status s;
      co_variant(&v, which);
      rm_exact_init(&e);
      s = rm_value_exact(&v, &c.l, &e);
      ck_assert(s == RM_OK || s == RM_UNDEFINED);
      ck_assert_int_eq(rm_value(&v, &c.l, &w, &d), s);
      ck_assert(e.value >= -1 && e.value <= 1);
      ck_assert_msg(tu_ulps(d, e.value) <= co_tight[which], "%s: %a vs %a",
        co_names[which], d, e.value);
      ck_assert(tu_ulps(d, e.value) <= rm_ulp_bound(&v));
      rm_exact_clear(&e);
    }
  }
  rm_work_free(&w);
}
END_TEST

/* A list of 2^19 items: the sums of squares exceed 2^53, so the double path
   rounds them; the bound of 5 ulps must still hold. */
START_TEST(test_long_list)
{
  enum { N = 1 << 19 };
  int *g = malloc(N * sizeof *g);
  double *s = malloc(N * sizeof *s);
  tu_rng r = {0x6c6f6e67u};
  rm_list l = {0};
  rm_variant v;
  rm_exact e;
  double d;
  size_t i;
  int rep;
  ck_assert(g != NULL && s != NULL);
  memset(&l, 0, sizeof l);
  l.n = N; l.grade = g; l.score = s;
  ck_assert_int_eq(rm_variant_parse("spearman", &v, NULL, 0), RM_OK);
  for (rep = 0; rep < 3; rep++) {
    for (i = 0; i < N; i++) {
      g[i] = tu_below(&r, 101);
      /* weakly correlated with the grade, or strongly, or not at all */
      s[i] = (double) (tu_next(&r) >> 11) * 0x1p-53 + (rep == 0 ? 0 : rep == 1 ? 1e-3 : 1.0) * g[i];
    }
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "%a vs %a", d, e.value);
    rm_exact_clear(&e);
  }
  /* Kendall on a list of 3000 (4.5 million pairs) */
  l.n = 3000;
  for (i = 0; i < l.n; i++) { g[i] = tu_below(&r, 5); s[i] = tu_below(&r, 50) + 0.5 * g[i]; }
  for (rep = 0; rep < 2; rep++) {
    ck_assert_int_eq(rm_variant_parse(rep ? "kendall[tau=a]" : "kendall", &v, NULL, 0), RM_OK);
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert(e.value > 0);
    ck_assert(tu_ulps(d, e.value) <= rm_ulp_bound(&v));
    rm_exact_clear(&e);
  }
  free(g); free(s);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Knight's count                                                            */

/* The quadratic count the library used before Knight's (rankmetrics.w,
   "Kendall's counts"), kept here as the oracle of the O(n log n) one:
   every pair compared directly. */
static void co_pairs_quadratic(const rm_list *l, long *cd, unsigned long *n1,
  unsigned long *n2, unsigned long *n0)
{
  size_t i, j;
  *cd = 0; *n1 = *n2 = 0;
  for (i = 0; i < l->n; i++)
    for (j = i + 1; j < l->n; j++) {
      int dx = (l->grade[i] > l->grade[j]) - (l->grade[i] < l->grade[j]);
      int dy = (l->score[i] > l->score[j]) - (l->score[i] < l->score[j]);
      *n1 += dx == 0; *n2 += dy == 0;
      *cd += dx * dy;
    }
  *n0 = (unsigned long) (l->n * (l->n - (l->n > 0)) / 2);
}

/* Random lists of up to 600 items, full of ties (few grades, few score
   levels, -0.0 beside 0.0): tau-a on the exact path is the fraction
   (C-D)/n0 of the quadratic count, and tau-b on the double path is the
   bits of (C-D)/sqrt((n0-n1)(n0-n2)) computed from its counts, or
   undefined when a factor is 0. */
START_TEST(test_knight)
{
  static const double lv[] = {-1.0, -0.0, 0.0, 0.5, 2.0, 7.25};
  tu_rng r = {0x6b6e6967u};
  static int g[600];
  static double sc[600];
  rm_list l;
  rm_variant va, vb;
  int k, ties = 0;
  ck_assert_int_eq(rm_variant_parse("kendall[tau=a]", &va, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_variant_parse("kendall", &vb, NULL, 0), RM_OK);
  for (k = 0; k < 400; k++) {
    size_t n = tu_below(&r, 601), i;
    unsigned gk = 1 + tu_below(&r, 6), sk = 1 + tu_below(&r, 6);
    long cd;
    unsigned long n1, n2, n0;
    rm_exact e;
    mpq_t want, got;
    double d;
    rm_status s;
    for (i = 0; i < n; i++) {
      g[i] = (int) tu_below(&r, gk);
      sc[i] = k % 5 == 0 ? (double) tu_below(&r, 1000) : lv[tu_below(&r, sk)];
    }
    memset(&l, 0, sizeof l);
    l.n = n; l.grade = g; l.score = sc;
    co_pairs_quadratic(&l, &cd, &n1, &n2, &n0);
    ties += n1 > 0 && n2 > 0;
    rm_exact_init(&e);
    s = rm_value_exact(&va, &l, &e);
    if (n < 2) { ck_assert_int_eq(s, RM_UNDEFINED); rm_exact_clear(&e); continue; }
    ck_assert_int_eq(s, RM_OK);
    ck_assert(e.rational != NULL);
    mpq_inits(want, got, NULL);
    mpq_set_si(want, cd, n0); mpq_canonicalize(want);
    ck_assert_int_eq(mpq_set_str(got, e.rational, 10), 0); mpq_canonicalize(got);
    ck_assert_msg(mpq_equal(want, got), "tau-a of %zu items: %s, the pairs give %ld/%lu",
      n, e.rational, cd, n0);
    mpq_clears(want, got, NULL);
    rm_exact_clear(&e);
    s = rm_value(&vb, &l, NULL, &d);
    if (n0 == n1 || n0 == n2) { ck_assert_int_eq(s, RM_UNDEFINED); continue; }
    ck_assert_int_eq(s, RM_OK);
    ck_assert_msg(tu_same_bits(d, cd == 0 ? 0.0
      : (double) cd / sqrt((double) (n0 - n1) * (double) (n0 - n2))),
      "tau-b of %zu items: %a", n, d);
  }
  ck_assert_int_gt(ties, 200);
}
END_TEST

/* 300000 items: Knight's count takes milliseconds, the quadratic one about
   a minute (past this case's timeout).  Grades alternate 0, 1 under
   increasing scores: C - D = n/2 (worked in the test), so tau-a = 1/(n-1)
   exactly; and tau-b, with n1 = 2 C(n/2, 2) and n2 = 0, is checked on the
   double path against its formula. */
START_TEST(test_kendall_long)
{
  enum { N = 300000 };
  int *g = malloc(N * sizeof *g);
  double *sc = malloc(N * sizeof *sc), d;
  rm_list l;
  rm_variant v;
  rm_exact e;
  char want[32];
  unsigned long n0 = (unsigned long) N * (N - 1) / 2, n1 = 2UL * (N / 2) * (N / 2 - 1) / 2;
  size_t i;
  ck_assert(g != NULL && sc != NULL);
  for (i = 0; i < N; i++) { g[i] = (int) (i % 2); sc[i] = (double) i; }
  memset(&l, 0, sizeof l);
  l.n = N; l.grade = g; l.score = sc;
  ck_assert_int_eq(rm_variant_parse("kendall[tau=a]", &v, NULL, 0), RM_OK);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  snprintf(want, sizeof want, "1/%d", N - 1);
  ck_assert_str_eq(e.rational, want);
  rm_exact_clear(&e);
  ck_assert_int_eq(rm_variant_parse("kendall", &v, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(tu_same_bits(d, (double) (N / 2) / sqrt((double) (n0 - n1) * (double) n0)));
  free(g); free(sc);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* variants                                                                  */

static double co_value(const char *name, const rm_list *l, rm_status want)
{
  rm_variant v;
  rm_exact e;
  double d, x;
  ck_assert_int_eq(rm_variant_parse(name, &v, NULL, 0), RM_OK);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, l, &e), want);
  ck_assert_int_eq(rm_value(&v, l, NULL, &d), want);
  x = e.value;
  if (want >= 0) ck_assert(tu_ulps(d, x) <= rm_ulp_bound(&v));
  rm_exact_clear(&e);
  return x;
}

START_TEST(test_variants)
{
  /* tau=a and tau=b differ exactly when there are ties */
  static const int g[] = {0, 0, 1, 2, 2};
  static const double s[] = {0.1, 0.3, 0.2, 0.4, 0.4};
  static const int gflat[] = {2, 2, 2};
  static const double sup[] = {0.1, 0.2, 0.3};
  rm_list l = {0};
  memset(&l, 0, sizeof l);
  l.n = 5; l.grade = g; l.score = s;
  ck_assert(tu_same_bits(co_value("kendall[tau=a]", &l, RM_OK), 0x1.3333333333333p-1));
  ck_assert(tu_same_bits(co_value("kendall[tau=b]", &l, RM_OK), 0x1.6a09e667f3bcdp-1));
  ck_assert(tu_same_bits(co_value("kendall", &l, RM_OK), 0x1.6a09e667f3bcdp-1));
  /* the no-ties formula 1 - 6 sum d^2/(n(n^2-1)) on mid-ranks would give
     33/40; Spearman's rho is 5/sqrt(38) */
  ck_assert(!tu_same_bits(co_value("spearman", &l, RM_OK), 0x1.a666666666666p-1));
  /* all grades equal: rho and tau_b undefined, tau_a = 0 (defined) */
  l.n = 3; l.grade = gflat; l.score = sup;
  ck_assert(tu_same_bits(co_value("spearman", &l, RM_UNDEFINED), 0.0));
  ck_assert(tu_same_bits(co_value("spearman[undef=one]", &l, RM_UNDEFINED), 1.0));
  co_value("spearman[undef=error]", &l, RM_EUNDEF);
  ck_assert(tu_same_bits(co_value("kendall", &l, RM_UNDEFINED), 0.0));
  ck_assert(tu_same_bits(co_value("kendall[undef=one]", &l, RM_UNDEFINED), 1.0));
  co_value("kendall[undef=error]", &l, RM_EUNDEF);
  ck_assert(tu_same_bits(co_value("kendall[tau=a]", &l, RM_OK), 0.0));
  ck_assert(tu_same_bits(co_value("kendall[tau=a,undef=error]", &l, RM_OK), 0.0));
}
END_TEST

/* Aggregation: only tau=a, a ratio.  q1: tau_a = 3/3, q2: 2/6.  Mean 2/3,
   micro (3+2)/(3+6) = 5/9. */
START_TEST(test_aggregation)
{
  static const int g1[] = {0, 1, 2}, g2[] = {0, 1, 2, 3};
  static const double s1[] = {0.1, 0.2, 0.3}, s2[] = {0.2, 0.1, 0.4, 0.3};
  rm_list q[2] = {{0}};
  rm_variant v;
  rm_exact e;
  double d;
  char msg[200];
  memset(q, 0, sizeof q);
  q[0].n = 3; q[0].grade = g1; q[0].score = s1;
  q[1].n = 4; q[1].grade = g2; q[1].score = s2;
  ck_assert_int_eq(rm_variant_parse("mean:kendall[tau=a]", &v, msg, sizeof msg), RM_OK);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, q, 2, &e), RM_OK);
  ck_assert_str_eq(e.rational, "2/3");
  ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_OK);
  ck_assert(tu_ulps(d, e.value) <= rm_ulp_bound(&v));
  rm_exact_clear(&e);
  ck_assert_int_eq(rm_variant_parse("micro:kendall[tau=a]", &v, msg, sizeof msg), RM_OK);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, q, 2, &e), RM_OK);
  ck_assert_str_eq(e.rational, "5/9");
  ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_OK);
  ck_assert(tu_ulps(d, e.value) <= rm_ulp_bound(&v));
  rm_exact_clear(&e);
  /* a variant made by hand that aggregates tau_b is refused on both paths */
  rm_variant_default(&v, RM_KENDALL);
  v.agg = RM_AGG_MEAN;
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, q, 2, &e), RM_ENAME);
  ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_ENAME);
  rm_exact_clear(&e);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* edges                                                                     */

START_TEST(test_edges)
{
  static const int g[] = {0, 1, 2, 1}, gbad[] = {0, 101}, jud[] = {4, 4};
  static const double s[] = {0.3, 0.1, 0.5, 0.2}, snan[] = {0.1, NAN},
    sz[] = {0.0, -0.0, 0.0}, szero[] = {0.5, 0.1, 0.5}, s2[] = {0.1, 0.9};
  static const int gz[] = {0, 1, 2};
  int which;
  rm_list l = {0};
  for (which = 0; which < 3; which++) {
    rm_variant v;
    rm_exact e;
    double d = 5, d2;
    co_variant(&v, which);
    /* empty list, no scores: undefined, 0 */
    memset(&l, 0, sizeof l);
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_UNDEFINED);
    ck_assert(tu_same_bits(e.value, 0.0));
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_UNDEFINED);
    ck_assert(tu_same_bits(d, 0.0));
    rm_exact_clear(&e);
    /* one item: undefined */
    l.n = 1; l.grade = g; l.score = s;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_UNDEFINED);
    /* two items: +1 */
    l.n = 2; l.grade = g; l.score = s2;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert(tu_same_bits(d, 1.0));
    /* scores are required */
    l.n = 4; l.grade = g; l.score = NULL;
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EINVAL);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EINVAL);
    rm_exact_clear(&e);
    /* NaN score, grade out of range */
    l.n = 2; l.grade = g; l.score = snan;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ESCORE);
    l.grade = gbad; l.score = s;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
    /* judged items not retrieved are ignored */
    l.n = 4; l.grade = g; l.score = s;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    l.n_unretrieved = 2; l.unretrieved_grade = jud;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d2), RM_OK);
    ck_assert(tu_same_bits(d, d2));
    l.n_unretrieved = 0; l.unretrieved_grade = NULL;
    /* -0 and +0 tie: all scores equal */
    l.n = 3; l.grade = gz; l.score = sz;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), which == CO_TAU_A ? RM_OK : RM_UNDEFINED);
    /* a value of exactly 0 is +0 on both paths, with fraction "0" */
    l.score = szero;
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
    ck_assert(tu_same_bits(e.value, 0.0));
    ck_assert_int_eq(e.ternary, 0);
    ck_assert_str_eq(e.rational, "0");
    ck_assert_str_eq(e.decimal, "0");
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert(tu_same_bits(d, 0.0));
    rm_exact_clear(&e);
    /* the ranking and the workspace play no part: a workspace reused */
    {
      rm_work w;
      rm_work_init(&w);
      l.grade = g; l.score = s; l.n = 4;
      ck_assert_int_eq(rm_value(&v, &l, &w, &d), RM_OK);
      ck_assert_int_eq(rm_value(&v, &l, &w, &d2), RM_OK);
      ck_assert(tu_same_bits(d, d2));
      rm_work_free(&w);
    }
  }
}
END_TEST

START_TEST(test_refused)
{
  static const char *const bad[] = {"spearman@10", "kendall@5", "kendall@1[tau=a]",
    "kendall[tau=d]", "kendall@5[tau=c]", "spearman[tau=a]", "spearman[ties=average]",
    "kendall[ties=input]", "kendall[rel=2]", "spearman[norm=rel]", "mean:spearman",
    "micro:spearman", "mean:kendall", "mean:kendall[tau=b]", "micro:kendall",
    "sum:kendall[tau=b]", NULL};
  int i;
  for (i = 0; bad[i]; i++) {
    rm_variant v;
    char msg[256];
    msg[0] = '\0';
    ck_assert_msg(rm_variant_parse(bad[i], &v, msg, sizeof msg) == RM_ENAME,
      "accepted %s", bad[i]);
    ck_assert_msg(msg[0] != '\0', "no message for %s", bad[i]);
  }
  {
    rm_variant v;
    char msg[256];
    ck_assert_int_eq(rm_variant_parse("spearman@10", &v, msg, sizeof msg), RM_ENAME);
    ck_assert_ptr_nonnull(strstr(msg, "cutoff"));
    ck_assert_int_eq(rm_variant_parse("mean:kendall", &v, msg, sizeof msg), RM_ENAME);
    ck_assert_ptr_nonnull(strstr(msg, "tau=a"));
    /* a cutoff set by hand is refused by both paths */
    rm_variant_default(&v, RM_SPEARMAN);
    v.k = 3;
    {
      static const int g[] = {0, 1};
      static const double s[] = {0.1, 0.2};
      rm_list l = {0};
      rm_exact e;
      double d;
      memset(&l, 0, sizeof l);
      l.n = 2; l.grade = g; l.score = s;
      rm_exact_init(&e);
      ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_ENAME);
      ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
      rm_variant_default(&v, RM_KENDALL);
      v.tau = 3; /* no such word (2 is tau=c) */
      ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
      rm_exact_clear(&e);
    }
  }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* names                                                                     */

START_TEST(test_names)
{
  static const char *const pairs[][2] = {
    {"spearman", "spearman[undef=zero]"},
    {"spearman[undef=one]", "spearman[undef=one]"},
    {"kendall", "kendall[tau=b,undef=zero]"},
    {"kendall[tau=a]", "kendall[tau=a,undef=zero]"},
    {"kendall[undef=error,tau=a]", "kendall[tau=a,undef=error]"},
    {"mean:kendall[tau=a]", "mean[skip=none,weight=uniform]:kendall[tau=a,undef=zero]"},
    {"micro:kendall[tau=a]", "micro[skip=none]:kendall[tau=a,undef=zero]"},
    {NULL, NULL}};
  int i;
  rm_variant v;
  char buf[RM_NAME_MAX];
  for (i = 0; pairs[i][0]; i++) {
    ck_assert_int_eq(rm_variant_parse(pairs[i][0], &v, NULL, 0), RM_OK);
    rm_variant_name(&v, buf, sizeof buf);
    ck_assert_str_eq(buf, pairs[i][1]);
    ck_assert_int_eq(rm_variant_parse(buf, &v, NULL, 0), RM_OK);
    rm_variant_name(&v, buf, sizeof buf);
    ck_assert_str_eq(buf, pairs[i][1]);
  }
  rm_variant_default(&v, RM_KENDALL);
  ck_assert_int_eq(v.tau, RM_TAU_B);
  ck_assert_int_eq(v.undef, RM_UNDEF_ZERO);
  /* the bounds the chapter proves */
  ck_assert_int_eq(rm_variant_parse("spearman", &v, NULL, 0), RM_OK);
  ck_assert_double_eq(rm_ulp_bound(&v), 5);
  ck_assert_int_eq(rm_variant_parse("kendall", &v, NULL, 0), RM_OK);
  ck_assert_double_eq(rm_ulp_bound(&v), 3);
  ck_assert_int_eq(rm_variant_parse("kendall[tau=a]", &v, NULL, 0), RM_OK);
  ck_assert_double_eq(rm_ulp_bound(&v), 1);
}
END_TEST

Suite *suite_corr(void)
{
  Suite *s = suite_create("corr");
  TCase *tc;
  tc = tcase_create("examples");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_rows_oracle);
  tcase_add_test(tc, test_hand_values);
  suite_add_tcase(s, tc);
  tc = tcase_create("oracle");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_oracle);
  tcase_add_test(tc, test_tauc);
  suite_add_tcase(s, tc);
  tc = tcase_create("paths");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_paths);
  tcase_add_test(tc, test_long_list);
  suite_add_tcase(s, tc);
  tc = tcase_create("knight");
  tcase_set_timeout(tc, 20);
  tcase_add_test(tc, test_knight);
  tcase_add_test(tc, test_kendall_long);
  suite_add_tcase(s, tc);
  tc = tcase_create("variants");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_variants);
  tcase_add_test(tc, test_aggregation);
  suite_add_tcase(s, tc);
  tc = tcase_create("edges");
  tcase_add_test(tc, test_edges);
  tcase_add_test(tc, test_refused);
  suite_add_tcase(s, tc);
  tc = tcase_create("names");
  tcase_add_test(tc, test_names);
  suite_add_tcase(s, tc);
  return s;
}
