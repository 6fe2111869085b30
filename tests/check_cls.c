/* tests/check_cls.c -- tests of the chapter "Classification and rating
   errors": accuracy, clf-precision, clf-recall, clf-f1 (keys cut, rel,
   undef) and mae, mse, rmse (key undef).

   Every expected value is derived independently of the library: fractions
   worked out by hand (checked with Python's fractions module), or an oracle
   written here from the definitions of the book with GMP rationals and MPFR
   at 256 bits.  The oracle takes the cut as the double nearest to p/q by an
   IEEE division of the two (exactly representable) integers, which is
   correctly rounded.  No value printed by the library is pasted back.

   Test cases: hand (hand fractions of every metric, the cut boundary, rel),
   undef (every undefined case under zero/one/error), einval (no scores),
   names (canonical names and refusals), agg (micro/mean over queries),
   random (the oracle against both paths on seeded random lists). */

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

#define CLS_MAXN 40
#define CLS_LISTS 3000
#define CLS_TIMEOUT 120

/* ------------------------------------------------------------------------ */
/* Uniform doubles. */

static double cls_unit(tu_rng *r) /* uniform in [0,1), 53 random bits */
{
  return (double) (tu_next(r) >> 11) * 0x1p-53;
}

/* ------------------------------------------------------------------------ */
/* Small helpers. */

static rm_list mk_list(size_t n, const int *g, const double *s)
{
  rm_list l = {0};
  memset(&l, 0, sizeof l);
  l.n = n; l.grade = g; l.score = s;
  return l;
}

static rm_variant parse_ok(const char *name)
{
  rm_variant v;
  char msg[256] = "";
  rm_status s = rm_variant_parse(name, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "parse %s: %d %s", name, (int) s, msg);
  return v;
}

/* Asserts both paths give the fraction `frac` (a hand value "p/q"). */
static void expect_q(const char *name, size_t n, const int *g, const double *s,
  const char *frac)
{
  rm_variant v = parse_ok(name);
  rm_list l = mk_list(n, g, s);
  rm_exact e;
  mpq_t q, dq;
  mpfr_t f;
  double d = -1, want;
  int tern;
  rm_status st;
  mpq_inits(q, dq, NULL);
  mpfr_init2(f, 53);
  ck_assert_int_eq(mpq_set_str(q, frac, 10), 0);
  mpq_canonicalize(q);
  tern = mpfr_set_q(f, q, MPFR_RNDN);
  want = mpfr_get_d(f, MPFR_RNDN);
  rm_exact_init(&e);
  st = rm_value_exact(&v, &l, &e);
  ck_assert_msg(st == RM_OK, "%s exact status %d", name, (int) st);
  ck_assert_msg(e.rational && strcmp(e.rational, frac) == 0,
    "%s: rational %s, want %s", name, e.rational ? e.rational : "(null)", frac);
  ck_assert_msg(e.value == want, "%s: value %a want %a", name, e.value, want);
  ck_assert_int_eq(e.ternary, (tern > 0) - (tern < 0));
  rm_exact_clear(&e);
  st = rm_value(&v, &l, NULL, &d);
  ck_assert_msg(st == RM_OK, "%s double status %d", name, (int) st);
  ck_assert_msg(rm_ulps_between(d, want) <= rm_ulp_bound(&v),
    "%s: double %a, want %a", name, d, want);
  mpq_clears(q, dq, NULL);
  mpfr_clear(f);
}

/* Asserts an undefined value under undef = zero, one and error. */
static void expect_undef(const char *metric, size_t n, const int *g, const double *s)
{
  static const char *const u[3] = {"zero", "one", "error"};
  int i;
  for (i = 0; i < 3; i++) {
    char name[128];
    rm_variant v;
    rm_list l = mk_list(n, g, s);
    rm_exact e;
    double d = -7;
    rm_status st;
    if (strchr(metric, '['))
      snprintf(name, sizeof name, "%.*s,undef=%s]", (int) strlen(metric) - 1, metric, u[i]);
    else snprintf(name, sizeof name, "%s[undef=%s]", metric, u[i]);
    v = parse_ok(name);
    rm_exact_init(&e);
    st = rm_value_exact(&v, &l, &e);
    if (i == 2) ck_assert_msg(st == RM_EUNDEF, "%s exact status %d", name, (int) st);
    else {
      ck_assert_msg(st == RM_UNDEFINED, "%s exact status %d", name, (int) st);
      ck_assert_msg(e.value == (double) i, "%s: %a", name, e.value);
      ck_assert_msg(e.rational && strcmp(e.rational, i ? "1" : "0") == 0, "%s", name);
      ck_assert_int_eq(e.ternary, 0);
    }
    rm_exact_clear(&e);
    st = rm_value(&v, &l, NULL, &d);
    if (i == 2) ck_assert_msg(st == RM_EUNDEF, "%s double status %d", name, (int) st);
    else {
      ck_assert_msg(st == RM_UNDEFINED, "%s double status %d", name, (int) st);
      ck_assert_msg(d == (double) i, "%s: %a", name, d);
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Hand cases.  Fractions from Python:
     F(tp+tn, n), F(tp, tp+fp), F(tp, tp+fn), F(2tp, 2tp+fp+fn). */

START_TEST(test_hand_clf)
{
  /* positives at rel=1: items 0,2,3,5; at rel=2: items 0,3.
     predicted at cut 1/2: items 0,1,3,4 (item 2 is the double just below
     0.5); at cut 3/5: items 3,4 (0.6 read as a double equals the cut). */
  static const int g[6] = {2, 0, 1, 3, 0, 1};
  const double s[6] = {0.5, 0.5, nextafter(0.5, 0), 0.6, 0.7, 0.1};
  /* rel=1, cut=1/2: TP 2 (0,3), FP 2 (1,4), FN 2 (2,5), TN 0 */
  expect_q("accuracy", 6, g, s, "1/3");
  expect_q("clf-precision", 6, g, s, "1/2");
  expect_q("clf-recall", 6, g, s, "1/2");
  expect_q("clf-f1", 6, g, s, "1/2");
  /* rel=2: TP 2 (0,3), FP 2 (1,4), FN 0, TN 2 (2,5) */
  expect_q("accuracy[rel=2]", 6, g, s, "2/3");
  expect_q("clf-precision[rel=2]", 6, g, s, "1/2");
  expect_q("clf-recall[rel=2]", 6, g, s, "1");
  expect_q("clf-f1[rel=2]", 6, g, s, "2/3");
  /* cut=0.6, rel=1: TP 1 (3), FP 1 (4), FN 3 (0,2,5), TN 1 (1) */
  expect_q("accuracy[cut=0.6]", 6, g, s, "1/3");
  expect_q("clf-precision[cut=3/5]", 6, g, s, "1/2");
  expect_q("clf-recall[cut=0.6]", 6, g, s, "1/4");
  expect_q("clf-f1[cut=0.60]", 6, g, s, "1/3");
  /* cut=3/4, rel=2: nothing predicted; TP 0, FN 2, TN 4 */
  expect_q("accuracy[rel=2,cut=3/4]", 6, g, s, "2/3");
  expect_q("clf-recall[cut=0.75,rel=2]", 6, g, s, "0");
  expect_q("clf-f1[cut=3/4,rel=2]", 6, g, s, "0");
  /* cut=0: every item predicted; rel=1: TP 4, FP 2 */
  expect_q("accuracy[cut=0]", 6, g, s, "2/3");
  expect_q("clf-precision[cut=0]", 6, g, s, "2/3");
  expect_q("clf-recall[cut=0]", 6, g, s, "1");
  expect_q("clf-f1[cut=0]", 6, g, s, "4/5");
  /* cut=1/10: item 5 (0.1 == double nearest 1/10) is predicted: TP 4 FP 2 */
  expect_q("clf-recall[cut=1/10]", 6, g, s, "1");
  /* cut=0.7: only item 4 (0.7 == cut): TP 0 FP 1 FN 4 TN 1 */
  expect_q("accuracy[cut=0.7]", 6, g, s, "1/6");
  expect_q("clf-precision[cut=0.7]", 6, g, s, "0");
}
END_TEST

START_TEST(test_hand_cut_boundary)
{
  /* cut 1/3: the double nearest 1/3 is 0.3333333333333333 (below 1/3);
     a score equal to it is positive, the next double below is not.
     TP 1 (item 0), FN 1 (item 1), FP 1 (item 2), TN 1 (item 3).
     (Compared with 1/3 exactly, items 0 and 2 would be negative:
     precision undefined, recall 0.) */
  static const int g[4] = {1, 1, 0, 0};
  const double s[4] = {0.3333333333333333, nextafter(0.3333333333333333, 0),
    0.3333333333333333, 0.2};
  /* cut 0.6: 0.6 positive, 0.5999999999999999 not; TP 1, FN 1, FP 1 */
  static const int g6[3] = {1, 0, 1};
  const double s6[3] = {0.6, 0.6, nextafter(0.6, 0)};
  ck_assert(0.3333333333333333 == 1.0 / 3.0);
  expect_q("accuracy[cut=1/3]", 4, g, s, "1/2");
  expect_q("clf-precision[cut=1/3]", 4, g, s, "1/2");
  expect_q("clf-recall[cut=1/3]", 4, g, s, "1/2");
  expect_q("clf-f1[cut=2/6]", 4, g, s, "1/2");
  expect_q("accuracy[cut=0.6]", 3, g6, s6, "1/3");
  expect_q("clf-precision[cut=0.6]", 3, g6, s6, "1/2");
  expect_q("clf-recall[cut=0.6]", 3, g6, s6, "1/2");
  expect_q("clf-f1[cut=0.6]", 3, g6, s6, "1/2");
  /* the chapter's own case: 0.5 positive at the default cut */
  {
    static const int g5[5] = {1, 1, 0, 0, 1};
    static const double s5[5] = {0.9, 0.4, 0.6, 0.2, 0.5};
    expect_q("accuracy", 5, g5, s5, "3/5");
    expect_q("clf-f1", 5, g5, s5, "2/3");
    expect_q("clf-f1[cut=0.6]", 5, g5, s5, "2/5");
    expect_q("clf-recall[cut=0.6]", 5, g5, s5, "1/3");
  }
}
END_TEST

/* exact rmse check against a hand fraction, or a hand hex double when
   irrational (frac NULL; want = math.sqrt of the exact double MSE, correctly
   rounded by IEEE, ternary from F(want)**2 vs MSE). */
static void expect_rmse(size_t n, const int *g, const double *s, const char *frac,
  double want, int tern)
{
  rm_variant v = parse_ok("rmse");
  rm_list l = mk_list(n, g, s);
  rm_exact e;
  double d;
  if (frac) { expect_q("rmse", n, g, s, frac); return; }
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_msg(e.rational == NULL, "irrational rmse has rational %s", e.rational);
  ck_assert_msg(e.value == want, "rmse %a want %a", e.value, want);
  ck_assert_int_eq(e.ternary, tern);
  ck_assert_uint_gt(e.prec, 0);
  rm_exact_clear(&e);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(rm_ulps_between(d, want) <= rm_ulp_bound(&v));
}

START_TEST(test_hand_err)
{
  /* errors 0.5, 0.25, 0, 1.75: MAE 5/8, MSE (1/4+1/16+0+49/16)/4 = 27/32 */
  static const int gE[4] = {4, 0, 1, 3};
  static const double sE[4] = {3.5, 0.25, 1, 4.75};
  /* errors 0.5 each: MAE 1/2, MSE 1/4, RMSE 1/2 */
  static const int gR[4] = {1, 2, 0, 3};
  static const double sR[4] = {0.5, 2.5, 0.5, 2.5};
  static const int gR2[2] = {0, 3};
  static const double sR2[2] = {0.75, 3.75}; /* MSE 9/16 -> 3/4 */
  static const int gR3[1] = {2};
  static const double sR3[1] = {0.125}; /* MSE 225/64 -> 15/8 */
  static const int gH[2] = {0, 1};
  static const double sH[2] = {0, 0}; /* MSE 1/2 -> sqrt(1/2) */
  static const int g3[3] = {3, 5, 2};
  static const double s3[3] = {2.5, 5, 4}; /* MAE 5/6, MSE 17/12 */
  expect_q("mae", 4, gE, sE, "5/8");
  expect_q("mse", 4, gE, sE, "27/32");
  expect_rmse(4, gE, sE, NULL, 0x1.d64d51e0db1c6p-1, 1);
  expect_q("mae", 4, gR, sR, "1/2");
  expect_q("mse", 4, gR, sR, "1/4");
  expect_rmse(4, gR, sR, "1/2", 0, 0);
  expect_q("mse", 2, gR2, sR2, "9/16");
  expect_rmse(2, gR2, sR2, "3/4", 0, 0);
  expect_q("mae[undef=one]", 1, gR3, sR3, "15/8");
  expect_rmse(1, gR3, sR3, "15/8", 0, 0);
  expect_q("mse", 2, gH, sH, "1/2");
  expect_rmse(2, gH, sH, NULL, 0x1.6a09e667f3bcdp-1, 1);
  expect_q("mae", 3, g3, s3, "5/6");
  expect_q("mse[undef=error]", 3, g3, s3, "17/12");
  /* perfect prediction: 0 */
  expect_q("mae", 2, gH, (const double[]){0, 1}, "0");
  expect_rmse(2, gH, (const double[]){0, 1}, "0", 0, 0);
}
END_TEST

/* A tiny error: grade 0, score 1e-22 (Python: F(1e-22), its square).  The
   value 1e-44 is still within the decimal range of the exact path. */
START_TEST(test_tiny_error)
{
  static const int g[1] = {0};
  static const double s[1] = {1e-22};
  expect_q("mae", 1, g, s, "4253529586511731/42535295865117307932921825928971026432");
  expect_q("mse", 1, g, s, "18092513943330657293408600616361/"
    "1809251394333065553493296640760748560207343510400633813116524750123642650624");
  expect_rmse(1, g, s, "4253529586511731/42535295865117307932921825928971026432", 0, 0);
}
END_TEST

/* Score 1e-30 for grade 0 gives MSE = F(1e-30)**2, about 1e-60, a valid
   input; the exact path once refused it (its decimal string had no room for
   such exponents); now it is written in scientific notation. */
START_TEST(test_tiny_error_bug)
{
  static const int g[1] = {0};
  static const double s[1] = {1e-30};
  expect_q("mse", 1, g, s, "31828687130226350402922180025/3182868713022634509794446388139"
    "6533766429193651030253916189694521162207808802136034115584");
}
END_TEST

/* ------------------------------------------------------------------------ */

START_TEST(test_undef)
{
  static const int g[3] = {0, 0, 1};
  static const double lo[3] = {0.1, 0.2, 0.3};
  static const int g0[2] = {0, 0};
  static const double s0[2] = {0.1, 0.2};
  static const char *const all[7] = {"accuracy", "clf-precision", "clf-recall",
    "clf-f1", "mae", "mse", "rmse"};
  int i;
  /* n = 0, scores NULL or not: every metric undefined */
  for (i = 0; i < 7; i++) {
    expect_undef(all[i], 0, NULL, NULL);
    expect_undef(all[i], 0, g, lo);
  }
  /* nothing predicted positive: precision 0/0 */
  expect_undef("clf-precision", 3, g, lo);
  expect_undef("clf-precision[cut=0.31]", 3, g, lo);
  /* no positives: recall 0/0 */
  expect_undef("clf-recall", 2, g0, s0);
  expect_undef("clf-recall[rel=2]", 3, g, lo);
  /* no positive, nothing predicted: F1 0/0 */
  expect_undef("clf-f1", 2, g0, s0);
  expect_undef("clf-f1[rel=2,cut=1]", 3, g, lo);
  /* ... but defined when one of them is not empty */
  expect_q("clf-f1[undef=one]", 3, g, lo, "0");              /* FN 1 */
  expect_q("clf-f1[cut=1/10,rel=2,undef=one]", 3, g, lo, "0"); /* FP 3 */
  expect_q("clf-precision[cut=0.3,undef=one]", 3, g, lo, "1"); /* 0.3 >= 0.3 */
  expect_q("accuracy[undef=one]", 2, g0, s0, "1");
}
END_TEST

START_TEST(test_einval)
{
  static const int g[2] = {1, 0};
  static const char *const all[7] = {"accuracy", "clf-precision", "clf-recall",
    "clf-f1", "mae", "mse", "rmse[undef=one]"};
  int i;
  for (i = 0; i < 7; i++) {
    rm_variant v = parse_ok(all[i]);
    rm_list l = mk_list(2, g, NULL);
    rm_exact e;
    double d = 5;
    rm_exact_init(&e);
    ck_assert_msg(rm_value_exact(&v, &l, &e) == RM_EINVAL, "%s exact", all[i]);
    ck_assert_msg(rm_value(&v, &l, NULL, &d) == RM_EINVAL, "%s double", all[i]);
    ck_assert(d == 5);
    rm_exact_clear(&e);
  }
  /* inside an aggregate too */
  {
    static const double s[2] = {0.5, 0.5};
    rm_list q[2] = {{0}};
    rm_variant v = parse_ok("micro:mae");
    rm_exact e;
    double d;
    q[0] = mk_list(2, g, s); q[1] = mk_list(2, g, NULL);
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_set_exact(&v, q, 2, &e), RM_EINVAL);
    ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_EINVAL);
    rm_exact_clear(&e);
  }
  /* a hand-made variant with a zero denominator of the cut is refused */
  {
    static const double s[2] = {0.5, 0.5};
    rm_variant v = parse_ok("accuracy");
    rm_list l = mk_list(2, g, s);
    double d;
    v.cut_den = 0;
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  }
}
END_TEST

/* ------------------------------------------------------------------------ */

static void expect_name(const char *in, const char *want)
{
  rm_variant v = parse_ok(in);
  char buf[RM_NAME_MAX];
  rm_variant_name(&v, buf, sizeof buf);
  ck_assert_msg(strcmp(buf, want) == 0, "%s -> %s, want %s", in, buf, want);
  /* the canonical name reads back as itself */
  v = parse_ok(buf);
  rm_variant_name(&v, buf, sizeof buf);
  ck_assert_str_eq(buf, want);
}

static void expect_refused(const char *in)
{
  rm_variant v;
  char msg[256] = "";
  rm_status s = rm_variant_parse(in, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_ENAME, "%s: status %d", in, (int) s);
  ck_assert_msg(msg[0] != '\0', "%s: no message", in);
}

/* Ratings as written (issue 13 item 4).  By hand:
   3.5,4 against 3,4.5: errors 1/2,-1/2: MAE 1/2, MSE 1/4, RMSE 1/2.
   3.3,4.7 against 3,5: 33/10 and 47/10, errors 3/10,-3/10: MAE 3/10,
   MSE 9/100, RMSE 3/10 -- exact, not the value of the doubles near 3.3.
   Users A (3.5,4 vs 3,4.5) and B (1,1 vs 4.5,4.5): squared errors
   1/4,1/4,49/4,49/4; pooled RMSE sqrt(100/16)=5/2, mean of RMSEs
   (1/2+7/2)/2=2. */
static void expect_rating(const char *name, const char *const *lab, size_t n,
  const double *s, const char *frac, double want)
{
  rm_variant v = parse_ok(name);
  rm_list l = {0};
  rm_exact e;
  double d;
  l.n = n; l.label = lab; l.score = s;
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_msg(e.rational && strcmp(e.rational, frac) == 0, "%s: %s, want %s", name,
    e.rational ? e.rational : "(irrational)", frac);
  ck_assert_msg(e.value == want, "%s: exact %a want %a", name, e.value, want);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert_msg(rm_ulps_between(d, want) <= rm_ulp_bound(&v), "%s: double %a", name, d);
  rm_exact_clear(&e);
}

START_TEST(test_ratings)
{
  static const char *const half[2] = {"3.5", "4"}, *const dec[2] = {"3.3", "4.7"},
    *const ub[2] = {"1", "1"}, *const bad[2] = {"3,5", "1"};
  static const double sh[2] = {3, 4.5}, sd[2] = {3, 5}, sb[2] = {4.5, 4.5};
  static const int whole[2] = {3, 4};
  rm_list q[2] = {{0}}, l = {0};
  rm_variant v;
  rm_exact e;
  double d;
  expect_rating("mae", half, 2, sh, "1/2", 0.5);
  expect_rating("mse", half, 2, sh, "1/4", 0.25);
  expect_rating("rmse", half, 2, sh, "1/2", 0.5);
  expect_rating("mae", dec, 2, sd, "3/10", 0.3);
  expect_rating("mse", dec, 2, sd, "9/100", 0.09);
  expect_rating("rmse", dec, 2, sd, "3/10", 0.3);
  /* pooled and mean RMSE, both paths */
  q[0].n = 2; q[0].label = half; q[0].score = sh;
  q[1].n = 2; q[1].label = ub; q[1].score = sb;
  rm_exact_init(&e);
  v = parse_ok("micro:rmse");
  ck_assert_int_eq(rm_value_set_exact(&v, q, 2, &e), RM_OK);
  ck_assert_str_eq(e.rational, "5/2");
  ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_OK);
  ck_assert(d == 2.5);
  v = parse_ok("mean:rmse");
  ck_assert_int_eq(rm_value_set_exact(&v, q, 2, &e), RM_OK);
  ck_assert_str_eq(e.rational, "2");
  ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_OK);
  ck_assert(d == 2);
  /* a rating is no grade; a malformed rating is refused */
  l.n = 2; l.label = half; l.score = sh;
  v = parse_ok("accuracy");
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EGRADE);
  l.label = bad; v = parse_ok("mae");
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE);
  /* with grades beside, the grades serve accuracy and the ratings mae */
  l.grade = whole; l.label = half;
  v = parse_ok("accuracy[cut=3]");
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(d == 1);
  v = parse_ok("mae");
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_str_eq(e.rational, "1/2");
  rm_exact_clear(&e);
}
END_TEST

START_TEST(test_names)
{
  expect_name("accuracy", "accuracy[cut=0.5,rel=1,undef=zero]");
  expect_name("clf-f1[cut=2/8]", "clf-f1[cut=0.25,rel=1,undef=zero]");
  expect_name("rmse", "rmse[undef=zero]");
  expect_name("mae", "mae[undef=zero]");
  expect_name("mse[undef=one]", "mse[undef=one]");
  expect_name("accuracy[cut=1/3]", "accuracy[cut=1/3,rel=1,undef=zero]");
  expect_name("accuracy[cut=2/6]", "accuracy[cut=1/3,rel=1,undef=zero]");
  expect_name("clf-precision[undef=error,rel=2,cut=3/4]",
    "clf-precision[cut=0.75,rel=2,undef=error]");
  expect_name("clf-recall[cut=0.50]", "clf-recall[cut=0.5,rel=1,undef=zero]");
  expect_name("clf-recall[cut=1/8]", "clf-recall[cut=0.125,rel=1,undef=zero]");
  expect_name("clf-recall[cut=1/1024]", "clf-recall[cut=1/1024,rel=1,undef=zero]");
  expect_name("accuracy[cut=0]", "accuracy[cut=0,rel=1,undef=zero]");
  expect_name("accuracy[cut=4/2]", "accuracy[cut=2,rel=1,undef=zero]");
  expect_name("accuracy[cut=3/2]", "accuracy[cut=1.5,rel=1,undef=zero]");
  /* bounds hold for the reduced fraction: 99999993/4 = 24999998.25, whose
     digits 2499999825/100 exceed 10^8 (found by fuzz_variant) */
  expect_name("accuracy[cut=99999993/4]", "accuracy[cut=24999998.25,rel=1,undef=zero]");
  expect_name("accuracy[cut=24999998.250]", "accuracy[cut=24999998.25,rel=1,undef=zero]");
  expect_name("accuracy[cut=200000000/4]", "accuracy[cut=50000000,rel=1,undef=zero]");
  expect_name("micro:mae", "micro[skip=none]:mae[undef=zero]");
  expect_name("mean:accuracy",
    "mean[skip=none,weight=uniform]:accuracy[cut=0.5,rel=1,undef=zero]");
  expect_refused("accuracy@5");
  expect_refused("mae@1");
  expect_refused("mae[ties=input]");
  expect_refused("accuracy[ties=average]");
  expect_refused("mae[rel=2]");
  expect_refused("rmse[cut=0.5]");
  expect_refused("accuracy[cut=-1]");
  expect_refused("accuracy[cut=1/0]");
  expect_refused("accuracy[cut=]");
  expect_refused("accuracy[cut=0.5.1]");
  expect_refused("accuracy[cut=100000001]");
  expect_refused("accuracy[cut=1/100000001]");
  expect_refused("accuracy[cut=100000000.5]");
  expect_refused("accuracy[cut=99999999999999999999999]");
  expect_refused("accuracy[cut=200000000/3]");
  expect_refused("accuracy[cut=1/0.5]");
  expect_refused("accuracy[undef=nan]");
  expect_refused("accuracy[rel=0]");
  /* since issue 13 item 4, rmse aggregates: micro is the pooled root */
  expect_name("micro:rmse", "micro[skip=none]:rmse[undef=zero]");
  expect_name("mean:rmse", "mean[skip=none,weight=uniform]:rmse[undef=zero]");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Aggregation, hand fractions (Python):
   Q1 grades 3,5,2 scores 2.5,5,4: MAE 5/6 (sum 5/2 over 3);
   Q2 grade 1 score 1.25: MAE 1/4; Q3 empty: MAE undefined.
   micro:mae = (5/2+1/4)/(3+1) = 11/16; mean:mae = (5/6+1/4+0)/3 = 13/36;
   mean[skip=undef]:mae = 13/24; mean[weight=items]:mae = (3*5/6+1/4)/4 = 11/16.
   Classification queries A1 (the chapter's case), A2 grades 0,1 scores 0.7,0.2,
   A3 grades 1,1,0 scores 0.5,0.6,0.4, A4 grade 1 score 0.1:
   at cut 1/2 accuracies 3/5, 0, 1, 0; precisions 2/3 (TP2 FP1), 0 (FP1),
   1 (TP2), undefined (no predicted).  */

static void expect_set(const char *name, const rm_list *q, size_t nq, const char *frac)
{
  rm_variant v = parse_ok(name);
  rm_exact e;
  mpq_t x;
  mpfr_t f;
  double want, d = -1;
  rm_status st;
  mpq_init(x); mpfr_init2(f, 53);
  ck_assert_int_eq(mpq_set_str(x, frac, 10), 0);
  mpfr_set_q(f, x, MPFR_RNDN);
  want = mpfr_get_d(f, MPFR_RNDN);
  rm_exact_init(&e);
  st = rm_value_set_exact(&v, q, nq, &e);
  ck_assert_msg(st == RM_OK, "%s: exact status %d", name, (int) st);
  ck_assert_msg(e.rational && strcmp(e.rational, frac) == 0, "%s: %s want %s", name,
    e.rational ? e.rational : "(null)", frac);
  ck_assert_msg(e.value == want, "%s: %a want %a", name, e.value, want);
  rm_exact_clear(&e);
  st = rm_value_set(&v, q, nq, NULL, &d);
  ck_assert_msg(st == RM_OK, "%s: double status %d", name, (int) st);
  ck_assert_msg(rm_ulps_between(d, want) <= rm_ulp_bound(&v), "%s: %a want %a",
    name, d, want);
  mpq_clear(x); mpfr_clear(f);
}

START_TEST(test_agg)
{
  static const int g1[3] = {3, 5, 2}, g2[1] = {1};
  static const double s1[3] = {2.5, 5, 4}, s2[1] = {1.25};
  static const int a1[5] = {1, 1, 0, 0, 1}, a2[2] = {0, 1}, a3[3] = {1, 1, 0}, a4[1] = {1};
  static const double b1[5] = {0.9, 0.4, 0.6, 0.2, 0.5}, b2[2] = {0.7, 0.2},
    b3[3] = {0.5, 0.6, 0.4}, b4[1] = {0.1};
  rm_list q[3] = {{0}}, c[4] = {{0}};
  q[0] = mk_list(3, g1, s1); q[1] = mk_list(1, g2, s2); q[2] = mk_list(0, NULL, NULL);
  c[0] = mk_list(5, a1, b1); c[1] = mk_list(2, a2, b2);
  c[2] = mk_list(3, a3, b3); c[3] = mk_list(1, a4, b4);
  expect_set("micro:mae", q, 3, "11/16");
  expect_set("mean:mae", q, 3, "13/36");
  expect_set("mean[skip=undef]:mae", q, 3, "13/24");
  expect_set("mean[weight=items]:mae", q, 3, "11/16");
  expect_set("micro:mae", q, 2, "11/16");
  /* micro:mse = (1/4+0+4 + 1/16)/4 = 69/64 */
  expect_set("micro:mse", q, 3, "69/64");
  expect_set("mean:accuracy", c, 3, "8/15");
  expect_set("mean[weight=items]:accuracy", c, 3, "3/5");
  expect_set("micro:accuracy", c, 3, "3/5");
  /* cut 0.6: accuracies 2/5, 0, 2/3 -> (2/5+2/3)/3 = 16/45 */
  expect_set("mean:accuracy[cut=0.6]", c, 3, "16/45");
  /* precision: micro (2+0+2+0)/(3+1+2+0) = 2/3; mean over 4 with A4 as 0: 5/12;
     with A4 as 1: 2/3; A4 skipped: 5/9 */
  expect_set("micro:clf-precision", c, 4, "2/3");
  expect_set("mean:clf-precision", c, 4, "5/12");
  expect_set("mean:clf-precision[undef=one]", c, 4, "2/3");
  expect_set("mean[skip=undef]:clf-precision", c, 4, "5/9");
  /* a mean under undef=error with an undefined query fails */
  {
    rm_variant v = parse_ok("mean:clf-precision[undef=error]");
    rm_exact e;
    double d;
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_set_exact(&v, c, 4, &e), RM_EUNDEF);
    ck_assert_int_eq(rm_value_set(&v, c, 4, NULL, &d), RM_EUNDEF);
    rm_exact_clear(&e);
  }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* The random oracle. */

typedef struct {
  size_t n;
  int g[CLS_MAXN];
  double s[CLS_MAXN];
} clist;

static double random_score(tu_rng *r)
{
  static const double fixed[10] = {0.0, 0.25, 0.5, 0.6, 0.75, 1.0, 0.3333333333333333,
    0.1, 0.7, 2.0};
  switch (tu_below(r, 6)) {
  case 0: case 1: return fixed[tu_below(r, 10)];
  case 2: { /* a neighbour of a likely cut (not of 0: see test_tiny_error) */
    double c = fixed[1 + tu_below(r, 9)];
    return tu_below(r, 2) ? nextafter(c, -1) : nextafter(c, 2);
  }
  case 3: return cls_unit(r);
  case 4: return (double) tu_below(r, 9) / 2.0; /* 0, 0.5, ..., 4 */
  default: return cls_unit(r) * 4.5;
  }
}

static void random_list(tu_rng *r, clist *t)
{
  size_t i;
  unsigned k = tu_below(r, 10);
  t->n = k == 0 ? 0 : k <= 2 ? 1 + tu_below(r, 3) : 1 + tu_below(r, CLS_MAXN);
  for (i = 0; i < t->n; i++) {
    t->g[i] = (int) tu_below(r, 5);
    t->s[i] = random_score(r);
  }
}

static void random_cut(tu_rng *r, long *p, long *q)
{
  static const long cuts[10][2] = {{1, 2}, {3, 5}, {1, 3}, {3, 4}, {1, 4}, {0, 1},
    {1, 1}, {1, 10}, {7, 10}, {2, 7}};
  if (tu_below(r, 4)) { unsigned i = tu_below(r, 10); *p = cuts[i][0]; *q = cuts[i][1]; }
  else { *q = 1 + (long) tu_below(r, 1000); *p = (long) tu_below(r, (unsigned) *q + 1); }
}

/* The oracle of a classification metric: returns 0 when undefined. */
static int oracle_clf(mpq_t out, int metric, const clist *t, long p, long q, int rel)
{
  double c = (double) p / (double) q; /* IEEE division: the nearest double */
  unsigned long tp = 0, fp = 0, fn = 0, tn = 0, a, b;
  size_t i;
  for (i = 0; i < t->n; i++) {
    int y = t->g[i] >= rel, pr = t->s[i] >= c;
    if (y && pr) tp++; else if (pr) fp++; else if (y) fn++; else tn++;
  }
  switch (metric) {
  case 0: a = tp + tn; b = t->n; break;
  case 1: a = tp; b = tp + fp; break;
  case 2: a = tp; b = tp + fn; break;
  default: a = 2 * tp; b = 2 * tp + fp + fn; break;
  }
  if (b == 0) return 0;
  mpq_set_ui(out, a, b);
  mpq_canonicalize(out);
  return 1;
}

/* MAE (metric 0) or MSE (1): returns 0 when undefined. */
static int oracle_err(mpq_t out, int metric, const clist *t)
{
  mpq_t e, x;
  size_t i;
  if (t->n == 0) return 0;
  mpq_inits(e, x, NULL);
  mpq_set_ui(out, 0, 1);
  for (i = 0; i < t->n; i++) {
    mpq_set_d(x, t->s[i]);
    mpq_set_si(e, t->g[i], 1);
    mpq_sub(e, e, x);
    if (metric == 0) mpq_abs(e, e); else mpq_mul(e, e, e);
    mpq_add(out, out, e);
  }
  mpq_set_ui(x, (unsigned long) t->n, 1);
  mpq_div(out, out, x);
  mpq_clears(e, x, NULL);
  return 1;
}

typedef struct {
  unsigned long checked, undefined, rmse_rational, rmse_irrational;
  double worst[7];
} cls_stats;

/* Compares both paths with the oracle.  kind: 0 rational value q (defined),
   1 undefined, 2 irrational rmse of the MSE q. */
static void compare(const char *name, const clist *t, int kind, const mpq_t q,
  cls_stats *st, int slot)
{
  rm_variant v = parse_ok(name);
  rm_list l = mk_list(t->n, t->g, t->s);
  rm_exact e;
  double d = -1, want = 0;
  rm_status sx, sd;
  rm_exact_init(&e);
  sx = rm_value_exact(&v, &l, &e);
  sd = rm_value(&v, &l, NULL, &d);
  st->checked++;
  if (kind == 1) {
    st->undefined++;
    if (v.undef == RM_UNDEF_ERROR) {
      ck_assert_msg(sx == RM_EUNDEF && sd == RM_EUNDEF, "%s: %d %d", name, (int) sx, (int) sd);
    } else {
      double u = v.undef == RM_UNDEF_ONE ? 1 : 0;
      ck_assert_msg(sx == RM_UNDEFINED && sd == RM_UNDEFINED, "%s: %d %d n=%zu", name,
        (int) sx, (int) sd, t->n);
      ck_assert_msg(e.value == u && d == u, "%s: %a %a", name, e.value, d);
      ck_assert_str_eq(e.rational, u ? "1" : "0");
    }
    rm_exact_clear(&e);
    return;
  }
  ck_assert_msg(sx == RM_OK && sd == RM_OK, "%s: status %d %d n=%zu", name, (int) sx,
    (int) sd, t->n);
  if (kind == 0) {
    mpfr_t f;
    char *str = mpq_get_str(NULL, 10, q);
    int tern;
    mpq_t w;
    mpfr_init2(f, 53);
    tern = mpfr_set_q(f, q, MPFR_RNDN);
    want = mpfr_get_d(f, MPFR_RNDN);
    ck_assert_msg(e.rational && strcmp(e.rational, str) == 0, "%s: %s want %s", name,
      e.rational ? e.rational : "(null)", str);
    ck_assert_msg(e.value == want, "%s: %a want %a", name, e.value, want);
    ck_assert_int_eq(e.ternary, (tern > 0) - (tern < 0));
    /* the ternary once more, from the double itself */
    mpq_init(w); mpq_set_d(w, e.value);
    ck_assert_int_eq(e.ternary, (mpq_cmp(w, q) > 0) - (mpq_cmp(w, q) < 0));
    mpq_clear(w);
    free(str);
    mpfr_clear(f);
  } else {
    /* sqrt of the MSE q at 256 bits, rounded to nearest */
    mpfr_t f;
    mpq_t w;
    int c;
    mpfr_init2(f, 256);
    mpfr_set_q(f, q, MPFR_RNDN);
    mpfr_sqrt(f, f, MPFR_RNDN);
    want = mpfr_get_d(f, MPFR_RNDN);
    ck_assert_msg(e.rational == NULL, "%s: irrational but %s", name, e.rational);
    ck_assert_msg(e.value == want, "%s: %a want %a", name, e.value, want);
    /* ternary: sign(value - sqrt q) = sign(value^2 - q), never 0 */
    mpq_init(w); mpq_set_d(w, e.value); mpq_mul(w, w, w);
    c = mpq_cmp(w, q);
    ck_assert(c != 0);
    ck_assert_int_eq(e.ternary, c > 0 ? 1 : -1);
    mpq_clear(w);
    mpfr_clear(f);
  }
  {
    double u = rm_ulps_between(d, want);
    ck_assert_msg(u <= rm_ulp_bound(&v), "%s: double %a exact %a (%g ulps, bound %g)",
      name, d, want, u, rm_ulp_bound(&v));
    if (u > st->worst[slot]) st->worst[slot] = u;
  }
  rm_exact_clear(&e);
}

START_TEST(test_random)
{
  static const char *const clf[4] = {"accuracy", "clf-precision", "clf-recall", "clf-f1"};
  static const char *const undefs[3] = {"zero", "one", "error"};
  tu_rng r = {0x5eed0c15ULL};
  cls_stats st;
  clist t;
  mpq_t q, root;
  int i, m;
  memset(&st, 0, sizeof st);
  mpq_inits(q, root, NULL);
  for (i = 0; i < CLS_LISTS; i++) {
    char name[128];
    random_list(&r, &t);
    for (m = 0; m < 4; m++) {
      long p, d;
      int rel = 1 + (int) tu_below(&r, 4);
      const char *u = undefs[tu_below(&r, 3)];
      int def;
      random_cut(&r, &p, &d);
      snprintf(name, sizeof name, "%s[cut=%ld/%ld,rel=%d,undef=%s]", clf[m], p, d, rel, u);
      def = oracle_clf(q, m, &t, p, d, rel);
      compare(name, &t, def ? 0 : 1, q, &st, m);
    }
    for (m = 0; m < 3; m++) {
      const char *u = undefs[tu_below(&r, 3)];
      static const char *const err[3] = {"mae", "mse", "rmse"};
      int def;
      snprintf(name, sizeof name, "%s[undef=%s]", err[m], u);
      def = oracle_err(q, m == 0 ? 0 : 1, &t);
      if (!def) { compare(name, &t, 1, q, &st, 4 + m); continue; }
      if (m < 2) { compare(name, &t, 0, q, &st, 4 + m); continue; }
      if (mpz_perfect_square_p(mpq_numref(q)) && mpz_perfect_square_p(mpq_denref(q))) {
        mpz_sqrt(mpq_numref(root), mpq_numref(q));
        mpz_sqrt(mpq_denref(root), mpq_denref(q));
        compare(name, &t, 0, root, &st, 6);
        st.rmse_rational++;
      } else {
        compare(name, &t, 2, q, &st, 6);
        st.rmse_irrational++;
      }
    }
  }
  mpq_clears(q, root, NULL);
  /* the run must have exercised every kind of case */
  ck_assert_uint_ge(st.undefined, 500);
  ck_assert_uint_ge(st.rmse_rational, 100);
  ck_assert_uint_ge(st.rmse_irrational, 1000);
  if (getenv("CLS_VERBOSE"))
    fprintf(stderr, "cls random: %lu checks, %lu undefined, rmse %lu rational %lu"
      " irrational; worst ulps %g %g %g %g %g %g %g\n", st.checked, st.undefined,
      st.rmse_rational, st.rmse_irrational, st.worst[0], st.worst[1], st.worst[2],
      st.worst[3], st.worst[4], st.worst[5], st.worst[6]);
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *suite_cls(void)
{
  Suite *s = suite_create("cls");
  TCase *tc;
  tc = tcase_create("hand");
  tcase_add_test(tc, test_hand_clf);
  tcase_add_test(tc, test_hand_cut_boundary);
  tcase_add_test(tc, test_hand_err);
  tcase_add_test(tc, test_tiny_error);
  tcase_add_test(tc, test_tiny_error_bug);
  suite_add_tcase(s, tc);
  tc = tcase_create("undef");
  tcase_add_test(tc, test_undef);
  tcase_add_test(tc, test_einval);
  suite_add_tcase(s, tc);
  tc = tcase_create("names");
  tcase_add_test(tc, test_names);
  tcase_add_test(tc, test_ratings);
  suite_add_tcase(s, tc);
  tc = tcase_create("agg");
  tcase_add_test(tc, test_agg);
  suite_add_tcase(s, tc);
  tc = tcase_create("random");
  tcase_set_timeout(tc, CLS_TIMEOUT);
  tcase_add_test(tc, test_random);
  suite_add_tcase(s, tc);
  return s;
}
