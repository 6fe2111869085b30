/* tests/check_compare.c -- Check tests of the part "Is one run better than
   another?" (ttest, sign, wilcoxon, randomization, bootstrap; rm_p_adjust).

   Expected values are derived independently of the library:
   - the worked example of the part, by hand: sign p = 2(1+4)/16 = 5/8,
     randomization p = 6/16, Wilcoxon exact p = 2*3/16, all as fractions;
   - a sign-test p by the binomial sum written here with GMP's binomials;
   - the exact randomization p of 12 queries from an enumeration written
     here (plain loops over 2^12 masks in integers);
   - the t test's rational cases of the proof (n=2, t^2=1: p=1/2; n=3,
     t^2=1/4: p=2/3), and its irrational p against SciPy 1.10's
     ttest_rel (Debian's python3-scipy) on the worked example:
     0.24519388179494744, within 1e-14 relative;
   - Holm, BH and Bonferroni worked by hand on three p-values; the Student
     interval of the worked example from R's qt;
   - true ties (rm_test_run_q): B - A = 1/2, 1/6, -1/6 as fractions (AP of
     1 - 1/2, 1/2 - 1/3, 1/6 - 1/3), by hand: randomization 6/8 = 3/4,
     Wilcoxon 2*3/8 = 3/4; the same differences as doubles break the tie
     of 1/6 and 1/6 and give 1/2 and 1/2 (the double path);
   - rm_compare_runs on three runs with the sign test: p = 1/4 and 1, then
     1 for the third pair, adjusted by hand (the book's example in
     "Several runs at once": Holm 1/2, 1; all pairs Holm and BH 3/4, 1, 1).

   Suite compare; cases: names, hand, mc. */

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "rankmetrics.h"

static const double ea[4] = {1, 0.5, 0.25, 1}, eb[4] = {0.5, 0.25, 0.5, 0};

static void run(const char *name, const double *a, const double *b, size_t n,
  int exact, rm_test_result *r)
{
  rm_test t;
  ck_assert_int_eq(rm_test_parse(name, &t), RM_OK);
  rm_test_result_init(r);
  ck_assert_int_eq(rm_test_run(&t, a, b, n, exact, 1, r), RM_OK);
}
static void expect_q(const char *name, const double *a, const double *b, size_t n,
  const char *q)
{
  rm_test_result r;
  run(name, a, b, n, 1, &r);
  ck_assert_msg(r.xp.rational && strcmp(r.xp.rational, q) == 0, "%s: %s, not %s",
    name, r.xp.rational ? r.xp.rational : "(irrational)", q);
  rm_test_result_clear(&r);
}

START_TEST(test_names)
{
  static const char *const in[][2] = {
    {"ttest", "ttest[sided=two]"},
    {"sign[sided=less]", "sign[sided=less]"},
    {"wilcoxon[method=normal]", "wilcoxon[zero=wilcox,method=normal,cc=no,sided=two]"},
    {"wilcoxon[cc=yes,method=normal,zero=pratt]",
     "wilcoxon[zero=pratt,method=normal,cc=yes,sided=two]"},
    {"randomization", "randomization[method=mc,n=10000,seed=1,plusone=yes,sided=two]"},
    {"randomization[method=exact]", "randomization[method=exact,sided=two]"},
    {"bootstrap[ci=bca,level=90]", "bootstrap[ci=bca,n=10000,seed=1,level=90]"}};
  static const char *const bad[] = {"ttest[]", "ttest[sided=two,sided=two]",
    "wilcoxon[cc=yes]", "randomization[method=exact,n=100]", "sign[zero=pratt]",
    "bootstrap[sided=two]", "randomization[n=0]", "randomization[n=010]",
    "ttest[sided=two,]", "tttest", "bootstrap[level=100]"};
  size_t i;
  char buf[256];
  rm_test t;
  for (i = 0; i < sizeof in / sizeof *in; i++) {
    ck_assert_int_eq(rm_test_parse(in[i][0], &t), RM_OK);
    rm_test_name(&t, buf, sizeof buf);
    ck_assert_str_eq(buf, in[i][1]);
    ck_assert_int_eq(rm_test_parse(buf, &t), RM_OK);
  }
  for (i = 0; i < sizeof bad / sizeof *bad; i++)
    ck_assert_msg(rm_test_parse(bad[i], &t) == RM_ENAME, "%s was read", bad[i]);
}
END_TEST

START_TEST(test_worked_example)
{
  rm_test_result r;
  expect_q("sign", ea, eb, 4, "5/8");
  expect_q("sign[sided=greater]", ea, eb, 4, "5/16");
  expect_q("randomization[method=exact]", ea, eb, 4, "3/8");
  expect_q("wilcoxon", ea, eb, 4, "3/8");
  expect_q("wilcoxon[sided=greater]", ea, eb, 4, "3/16");
  run("wilcoxon", ea, eb, 4, 1, &r);
  ck_assert(r.stat == 8.5);
  rm_test_result_clear(&r);
  run("ttest", ea, eb, 4, 1, &r);
  ck_assert(fabs(r.p - 0.24519388179494744) < 1e-14 * 0.245);
  ck_assert(r.xp.rational == NULL);
  ck_assert(fabs(r.stat * r.stat - 27.0 / 13) < 1e-14);
  rm_test_result_clear(&r);
  {
    double m, lo, hi; /* R: 3/8 -+ qt(0.975, 3) * sqrt(13/48) / 2 (SciPy's t.ppf
      is 1.5e-13 off here) */
    ck_assert_int_eq(rm_mean_diff(ea, eb, 4, 0.95, &m, &lo, &hi), RM_OK);
    ck_assert(m == 0.375 && fabs(lo + 0.45309878360446376) < 1e-14
      && fabs(hi - 1.20309878360446376) < 1e-14);
  }
}
END_TEST

/* n=2, d=(1,0): t^2 = 1, theta = pi/4, p = 1/2 exactly.  n=3, d=(1,1,-1):
   t^2 = 1/4, y = 1/9, A = 1/3, p = 2/3. */
START_TEST(test_t_rational)
{
  static const double a2[2] = {1, 0}, b2[2] = {0, 0}, a3[3] = {1, 1, -1}, b3[3] = {0, 0, 0};
  rm_test_result r;
  expect_q("ttest", a2, b2, 2, "1/2");
  expect_q("ttest", a3, b3, 3, "2/3");
  expect_q("ttest[sided=greater]", a3, b3, 3, "1/3");
  rm_test t;
  rm_test_parse("ttest", &t);
  rm_test_result_init(&r);
  ck_assert_int_eq(rm_test_run(&t, a2, a2, 2, 1, 1, &r), RM_EUNDEF);
  ck_assert_int_eq(rm_test_run(&t, a2, b2, 1, 0, 1, &r), RM_EUNDEF);
  rm_test_result_clear(&r);
}
END_TEST

/* Twelve queries, values in sixteenths: the library's exact p against a
   count of the 4096 sign vectors made here in integers; and a sign test's p
   by the binomial sum. */
START_TEST(test_enumeration)
{
  static const int za[12] = {9, 3, 16, 5, 7, 12, 0, 4, 11, 8, 2, 15},
    zb[12] = {4, 5, 10, 5, 1, 9, 3, 4, 6, 2, 2, 9};
  double a[12], b[12];
  long obs = 0, s;
  unsigned long c = 0, m;
  int i, pos = 0, nz = 0;
  char want[64];
  mpz_t bin, sum;
  mpq_t q;
  for (i = 0; i < 12; i++) { a[i] = za[i] / 16.0; b[i] = zb[i] / 16.0; obs += za[i] - zb[i];
    pos += za[i] > zb[i]; nz += za[i] != zb[i]; }
  for (m = 0; m < 4096; m++) {
    for (s = 0, i = 0; i < 12; i++) s += (m >> i & 1 ? -1 : 1) * (za[i] - zb[i]);
    c += labs(s) >= labs(obs);
  }
  mpq_init(q);
  mpq_set_ui(q, c, 4096); mpq_canonicalize(q);
  gmp_snprintf(want, sizeof want, "%Qd", q);
  expect_q("randomization[method=exact]", a, b, 12, want);
  mpz_inits(bin, sum, NULL);
  for (i = 0; i <= nz - pos; i++) { mpz_bin_uiui(bin, (unsigned long) nz, (unsigned long) i);
    mpz_add(sum, sum, bin); }
  mpz_mul_2exp(sum, sum, 1);
  mpq_set_num(q, sum); mpz_ui_pow_ui(bin, 2, (unsigned long) nz); mpq_set_den(q, bin);
  mpq_canonicalize(q);
  if (mpq_cmp_ui(q, 1, 1) > 0) mpq_set_ui(q, 1, 1);
  gmp_snprintf(want, sizeof want, "%Qd", q);
  expect_q("sign", a, b, 12, want);
  mpz_clears(bin, sum, NULL); mpq_clear(q);
}
END_TEST

START_TEST(test_p_adjust)
{
  static const double p[3] = {0.01, 0.04, 0.03};
  double h[3], bh[3], bf[3];
  ck_assert_int_eq(rm_p_adjust("holm", p, 3, h), RM_OK);
  ck_assert_int_eq(rm_p_adjust("bh", p, 3, bh), RM_OK);
  ck_assert_int_eq(rm_p_adjust("bonferroni", p, 3, bf), RM_OK);
  ck_assert(fabs(h[0] - 0.03) < 1e-15 && fabs(h[1] - 0.06) < 1e-15 && fabs(h[2] - 0.06) < 1e-15);
  ck_assert(fabs(bh[0] - 0.03) < 1e-15 && fabs(bh[1] - 0.04) < 1e-15 && fabs(bh[2] - 0.04) < 1e-15);
  ck_assert(fabs(bf[0] - 0.03) < 1e-15 && fabs(bf[1] - 0.12) < 1e-15 && fabs(bf[2] - 0.09) < 1e-15);
  ck_assert_int_eq(rm_p_adjust("sidak", p, 3, h), RM_ENAME);
}
END_TEST

/* The Monte Carlo count is the same on one thread and two; the +1 rule. */
START_TEST(test_mc_threads)
{
  rm_test t;
  rm_test_result r1, r2;
  ck_assert_int_eq(rm_test_parse("randomization[n=2001,seed=7]", &t), RM_OK);
  rm_test_result_init(&r1); rm_test_result_init(&r2);
  ck_assert_int_eq(rm_test_run(&t, ea, eb, 4, 1, 1, &r1), RM_OK);
  ck_assert_int_eq(rm_test_run(&t, ea, eb, 4, 1, 2, &r2), RM_OK);
  ck_assert(r1.count == r2.count && r1.total == 2001 && r1.p == r2.p);
  ck_assert(r1.p == (double) (r1.count + 1) / 2002);
  ck_assert(r1.lo < 0.375 && 0.375 < r1.hi);
  rm_test_result_clear(&r1); rm_test_result_clear(&r2);
}
END_TEST

/* True ties: the exact fractions against their doubles. */
START_TEST(test_true_ties)
{
  static const double a[3] = {1, 0.5, 1.0 / 6}, b[3] = {0.5, 1.0 / 3, 1.0 / 3};
  static const char *const xa[3] = {"1", "1/2", "1/6"}, *const xb[3] = {"1/2", "1/3", "2/6"};
  static const char *const names[2] = {"randomization[method=exact]", "wilcoxon"};
  rm_test t;
  rm_test_result r;
  int k;
  for (k = 0; k < 2; k++) {
    ck_assert_int_eq(rm_test_parse(names[k], &t), RM_OK);
    rm_test_result_init(&r);
    ck_assert_int_eq(rm_test_run_q(&t, a, b, xa, xb, 3, 1, &r), RM_OK);
    ck_assert_msg(r.xp.rational && strcmp(r.xp.rational, "3/4") == 0, "%s: %s", names[k],
      r.xp.rational ? r.xp.rational : "(irrational)");
    rm_test_result_clear(&r);
    expect_q(names[k], a, b, 3, "1/2"); /* the doubles' tie, broken */
  }
  ck_assert_int_eq(rm_test_parse("sign", &t), RM_OK);
  rm_test_result_init(&r);
  {
    static const char *const bad[3] = {"1", "1/0", "x"};
    ck_assert_int_eq(rm_test_run_q(&t, a, b, bad, xb, 3, 1, &r), RM_EINVAL);
  }
  rm_test_result_clear(&r);
}
END_TEST

/* Several runs: the book's example of rm_compare_runs, adjusted by hand. */
START_TEST(test_compare_runs)
{
  static const double v[9] = {0.5, 0.5, 0.5, 1, 1, 1, 1, 1, 0};
  static const char *const corr[3] = {"bonferroni", "holm", "bh"};
  static const double base2[3] = {1, 1, 1}, all3[3][3] = {{0.75, 1, 1}, {0.75, 1, 1},
    {0.75, 1, 1}};
  rm_test t;
  rm_comparison *c;
  size_t nc;
  int k;
  ck_assert_int_eq(rm_test_parse("sign", &t), RM_OK);
  for (k = 0; k < 3; k++) {
    ck_assert_int_eq(rm_compare_runs(&t, 1, 3, 1, 3, v, NULL, 0, 0, corr[k], 1, 1, 0.95,
      &c, &nc), RM_OK);
    ck_assert_uint_eq(nc, 2);
    ck_assert(c[0].a == 1 && c[0].b == 0 && c[1].a == 2 && c[1].b == 0);
    ck_assert(c[0].r[0].p == 0.25 && c[1].r[0].p == 1);
    ck_assert(c[0].win == 3 && c[1].win == 2 && c[1].loss == 1);
    ck_assert_msg(c[0].adj[0] == 0.5 && c[1].adj[0] == base2[k], "%s: %g %g", corr[k],
      c[0].adj[0], c[1].adj[0]);
    rm_comparisons_free(c, nc);
    ck_assert_int_eq(rm_compare_runs(&t, 1, 3, 1, 3, v, NULL, 1, 0, corr[k], 1, 1, 0.95,
      &c, &nc), RM_OK);
    ck_assert_uint_eq(nc, 3);
    ck_assert(c[2].a == 2 && c[2].b == 1 && c[2].tie == 2 && c[2].loss == 1);
    ck_assert_msg(c[0].adj[0] == all3[k][0] && c[1].adj[0] == all3[k][1] && c[2].adj[0] == all3[k][2], "%s all: %g %g %g",
      corr[k], c[0].adj[0], c[1].adj[0], c[2].adj[0]);
    rm_comparisons_free(c, nc);
  }
  ck_assert_int_eq(rm_compare_runs(&t, 1, 3, 1, 3, v, NULL, 0, 0, "sidak", 1, 1, 0.95,
    &c, &nc), RM_ENAME);
}
END_TEST

Suite *suite_compare(void)
{
  Suite *s = suite_create("compare");
  TCase *tc = tcase_create("names");
  tcase_add_test(tc, test_names);
  tcase_add_test(tc, test_p_adjust);
  suite_add_tcase(s, tc);
  tc = tcase_create("hand");
  tcase_add_test(tc, test_worked_example);
  tcase_add_test(tc, test_t_rational);
  tcase_add_test(tc, test_enumeration);
  tcase_add_test(tc, test_true_ties);
  tcase_add_test(tc, test_compare_runs);
  suite_add_tcase(s, tc);
  tc = tcase_create("mc");
  tcase_add_test(tc, test_mc_threads);
  suite_add_tcase(s, tc);
  return s;
}
