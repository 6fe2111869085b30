/* tests/check_filter.c -- the certified filter of the exact path
   (rm_value_rounded, rm_value_set_rounded) against the full exact path.

   On seeded random lists, for rational metrics (ap, rr, precision, recall,
   f1) and irrational ones (dcg, ndcg at several cutoffs and gains), the
   filter must return the status, the double (bit for bit) and the ternary
   value of rm_value_exact / rm_value_set_exact; it must decide most of them
   itself.  Hand-made cases it must decline: fractions whose numerator or
   denominator exceed 53 bits (an AP with relevant items at prime ranks, a
   mean reciprocal rank over first hits at the primes to 47), and a DCG
   found by search within 2^-8 ulp of a midpoint between doubles.  The table
   of 64-bit logarithms must agree with MPFR.  The counts are printed.
   rm_value_enclosed, on the same lists, must give the same status and
   double, the fraction itself twice for a rational value, and for an
   irrational one an enclosure [lo, hi] that meets the 40 correctly rounded
   digits' interval and is narrower than 2^-54 (64 bits) or 2^-118 (128
   bits) of the value.
   The integer filter (rm_value_fixed, the book's section 'An integer filter
   for the means of eval'): its table of discounts must agree with MPFR's
   directed roundings; on seeded random lists, for every variant it handles,
   it must decide every defined value with the double of rm_value_exact, bit
   for bit, inside an enclosure that holds the exact value (the fraction, or
   rm_value_enclosed's 128-bit enclosure) and is narrower than 2^-70; it must
   leave the variants it does not handle alone (0); widened by the tests'
   slack of 2^100 units it must decline every value (2), still enclosing it;
   and it must decide all 10^4 DCG values B/lg 3 + C/lg 5 of
   test_near_midpoint, those the 64-bit filter declines among them, with the
   exact path's double.
   Suite: filter. */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"
#include "testutil.h"

#define FI_LISTS 5000 /* random lists, each through every variant below */

static const char *const fi_names[] = {
  "ap", "rr", "precision@10", "recall@5", "ndcg@10", "ndcg", "dcg@5",
  "ndcg@3[gain=linear]", "mean:ap", "mean:ndcg@10"
};
#define FI_NV (sizeof fi_names / sizeof fi_names[0])

/* rm_value_enclosed against the full exact path's result e. */
static void fi_enclosed(const rm_variant *v, const rm_list *l, const char *what,
  rm_status s, const rm_exact *e)
{
  int wide;
  for (wide = 0; wide < 2; wide++) {
    char *lo = NULL, *hi = NULL;
    double r = -1;
    rm_status t = rm_value_enclosed(v, l, wide, &r, &lo, &hi);
    ck_assert_msg(s == t, "%s: enclosed status %d, exact %d", what, (int) t, (int) s);
    if (s < 0) { ck_assert(lo == NULL && hi == NULL); continue; }
    ck_assert_msg(tu_same_bits(r, e->value), "%s: enclosed %a, exact %a", what, r, e->value);
    if (e->rational) {
      ck_assert_msg(strcmp(lo, e->rational) == 0 && strcmp(hi, e->rational) == 0,
        "%s: enclosed %s %s, fraction %s", what, lo, hi, e->rational);
    } else {
      mpq_t a, b;
      mpfr_t dl, dh, w;
      mpq_inits(a, b, NULL);
      ck_assert(mpq_set_str(a, lo, 10) == 0 && mpq_set_str(b, hi, 10) == 0);
      mpq_canonicalize(a); mpq_canonicalize(b);
      mpfr_inits2(256, dl, dh, w, (mpfr_ptr) 0);
      mpfr_strtofr(dl, e->decimal, NULL, 10, MPFR_RNDD);
      mpfr_strtofr(dh, e->decimal, NULL, 10, MPFR_RNDU);
      mpfr_abs(w, dl, MPFR_RNDU); mpfr_mul_d(w, w, 1e-38, MPFR_RNDU);
      mpfr_sub(dl, dl, w, MPFR_RNDD); mpfr_add(dh, dh, w, MPFR_RNDU);
      ck_assert_msg(mpq_cmp(a, b) < 0 && mpfr_cmp_q(dh, a) >= 0 && mpfr_cmp_q(dl, b) <= 0,
        "%s: enclosure [%s, %s] misses %s", what, lo, hi, e->decimal);
      mpq_sub(b, b, a); /* the width, against the value */
      mpfr_set_q(w, b, MPFR_RNDU);
      mpfr_mul_2si(w, w, wide ? 118 : 54, MPFR_RNDU);
      mpfr_abs(dh, dh, MPFR_RNDN);
      ck_assert_msg(mpfr_cmp(w, dh) <= 0, "%s: enclosure [%s, %s] wide", what, lo, hi);
      mpfr_clears(dl, dh, w, (mpfr_ptr) 0);
      mpq_clears(a, b, NULL);
    }
    free(lo); free(hi);
  }
}

/* One comparison; returns 1 when the filter decided, 0 when it declined. */
static int fi_compare(const rm_variant *v, const rm_list *l, size_t nq,
  const char *what)
{
  rm_exact e;
  rm_status s, t;
  double r = -12345.678;
  int tern = 7, filt = 7;
  rm_exact_init(&e);
  s = rm_variant_reads_set(v) ? rm_value_set_exact(v, l, nq, &e)
    : rm_value_exact(v, l, &e);
  t = rm_variant_reads_set(v) ? rm_value_set_rounded(v, l, nq, &r, &tern, &filt)
    : rm_value_rounded(v, l, &r, &tern, &filt);
  ck_assert_msg(s == t, "%s: status %d, the exact path %d", what, (int) t, (int) s);
  if (s >= 0) {
    ck_assert_msg(tu_same_bits(r, e.value) && tern == e.ternary,
      "%s: filter %a (ternary %d), exact path %a (%d)", what, r, tern, e.value,
      e.ternary);
    ck_assert_msg(filt == 0 || filt == 1, "%s: filtered flag %d", what, filt);
  }
  if (!rm_variant_reads_set(v)) fi_enclosed(v, l, what, s, &e);
  rm_exact_clear(&e);
  return s >= 0 ? filt : 1;
}

START_TEST(test_log_table)
{
  ck_assert_int_eq(rm_log_table_errors(), 0);
}
END_TEST

/* A seeded random list of 1 to maxn items (grades 0 to 1..4, scores below
   smax, so with ties) and up to two unretrieved judged items. */
static void fi_random_list(tu_rng *g, rm_list *l, int *grade, double *score,
  unsigned maxn, unsigned smax)
{
  size_t n = 1 + tu_below(g, maxn), j;
  int top = 1 + (int) tu_below(g, 4);
  for (j = 0; j < n; j++) {
    grade[j] = (int) tu_below(g, (unsigned) top + 1);
    score[j] = (double) tu_below(g, smax);
  }
  l->n = n; l->grade = grade; l->score = score; l->id = NULL; l->label = NULL;
  l->unjudged = NULL; l->n_unretrieved = tu_below(g, 3); l->unretrieved_grade = grade;
}

START_TEST(test_random_lists)
{
  rm_variant v[FI_NV];
  tu_rng g = {20261124};
  long dec[FI_NV] = {0}, decl[FI_NV] = {0}, all = 0, alld = 0;
  size_t i, k;
  static int grade[64];
  static double score[64];
  char msg[200];
  for (k = 0; k < FI_NV; k++)
    ck_assert_msg(rm_variant_parse(fi_names[k], &v[k], msg, sizeof msg) == RM_OK,
      "%s: %s", fi_names[k], msg);
  for (i = 0; i < FI_LISTS; i++) {
    rm_list l;
    char what[80];
    fi_random_list(&g, &l, grade, score, 40, 1000);
    for (k = 0; k < FI_NV; k++) {
      int f;
      snprintf(what, sizeof what, "list %zu, %s", i, fi_names[k]);
      f = fi_compare(&v[k], &l, 1, what);
      if (f) dec[k]++; else decl[k]++;
    }
  }
  for (k = 0; k < FI_NV; k++) {
    printf("filter: %-20s decided %ld of %d random lists, declined %ld\n", fi_names[k],
      dec[k], FI_LISTS, decl[k]);
    all += dec[k] + decl[k]; alld += decl[k];
    /* a real filter: it decides nearly all ordinary values itself */
    ck_assert_msg(decl[k] * 40 <= FI_LISTS, "%s: declined %ld of %d", fi_names[k],
      decl[k], FI_LISTS);
  }
  printf("filter: declined %ld of %ld values (%.3f%%)\n", alld, all, 100.0 * alld / all);
  fflush(stdout);
}
END_TEST

/* Fractions longer than 53 bits: the filter must decline, and agree. */
START_TEST(test_long_fractions)
{
  static const int primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
  enum { NP = sizeof primes / sizeof primes[0] };
  static int g[60], q[NP][48];
  rm_list l, ls[NP];
  rm_variant v;
  char msg[200];
  size_t i, j;
  for (i = 0; i < 60; i++) g[i] = 0;
  for (i = 0; i < NP; i++) g[primes[i] - 1] = 1; /* relevant at the prime ranks */
  l.n = 60; l.grade = g; l.score = NULL; l.id = NULL; l.label = NULL; l.unjudged = NULL;
  l.n_unretrieved = 0; l.unretrieved_grade = g;
  /* AP = (1/15)(1/2+2/3+3/5+...+15/47): its denominator is 15 times the
     product of the primes to 47 over common factors, far beyond 2^53 */
  ck_assert(rm_variant_parse("ap", &v, msg, sizeof msg) == RM_OK);
  ck_assert_int_eq(fi_compare(&v, &l, 1, "ap at prime ranks"), 0);
  /* the first hit of query i at rank primes[i]: MRR = (sum 1/p)/15 */
  for (i = 0; i < NP; i++) {
    for (j = 0; j < 48; j++) q[i][j] = j + 1 == (size_t) primes[i];
    ls[i].n = 48; ls[i].grade = q[i]; ls[i].score = NULL; ls[i].id = NULL;
    ls[i].label = NULL; ls[i].unjudged = NULL; ls[i].n_unretrieved = 0; ls[i].unretrieved_grade = q[i];
  }
  ck_assert(rm_variant_parse("mean:rr", &v, msg, sizeof msg) == RM_OK);
  ck_assert_int_eq(fi_compare(&v, ls, NP, "mean:rr at the primes"), 0);
  /* and a short fraction is decided: rr of the first list, 1/2 */
  ck_assert(rm_variant_parse("rr", &v, msg, sizeof msg) == RM_OK);
  ck_assert_int_eq(fi_compare(&v, &l, 1, "rr = 1/2"), 1);
}
END_TEST

/* Irrational values near a midpoint: the DCG of grades 0, B, 0, C under
   linear gain is B/lg 3 + C/lg 5.  Of the 10^4 pairs 1 <= B, C <= 100, a few
   dozen lie within about 2^-8 ulp of a midpoint between doubles or of a
   double (where the ternary value is hard); the filter must decline them
   (and only a few), and the full path must confirm that each one it
   declined is within 2^-4 ulp of a midpoint (4 hard bits) or of a double. */
/* Whether the true value (its 40 digits, some 133 bits) lies within 2^-4
   ulp of its double: then the ternary value, not the double, is hard. */
static int fi_near_double(const rm_exact *e)
{
  mpfr_t x, d;
  int near;
  mpfr_inits2(256, x, d, (mpfr_ptr) 0);
  mpfr_set_str(x, e->decimal, 10, MPFR_RNDN);
  mpfr_set_d(d, e->value, MPFR_RNDN);
  mpfr_sub(x, x, d, MPFR_RNDN); mpfr_abs(x, x, MPFR_RNDN);
  mpfr_mul_2si(x, x, 53 - (long) mpfr_get_exp(d) + 4, MPFR_RNDN); /* in 2^-4 ulps */
  near = mpfr_cmp_ui(x, 1) < 0;
  mpfr_clears(x, d, (mpfr_ptr) 0);
  return near;
}

START_TEST(test_near_midpoint)
{
  rm_variant v;
  char msg[200];
  static int g[4];
  rm_list l;
  int B, C, found = 0, hard = 0;
  ck_assert(rm_variant_parse("dcg[gain=linear]", &v, msg, sizeof msg) == RM_OK);
  l.n = 4; l.grade = g; l.score = NULL; l.id = NULL; l.label = NULL; l.unjudged = NULL;
  l.n_unretrieved = 0; l.unretrieved_grade = g;
  for (B = 1; B <= 100; B++)
    for (C = 1; C <= 100; C++) {
      rm_exact e;
      g[0] = 0; g[1] = B; g[2] = 0; g[3] = C;
      if (fi_compare(&v, &l, 1, "dcg near a midpoint") == 1) continue;
      found++;
      rm_exact_init(&e);
      ck_assert(rm_value_exact(&v, &l, &e) == RM_OK);
      if (e.hard_bits >= 4 || fi_near_double(&e)) hard++;
      if (found == 1)
        printf("filter: declines B/lg 3 + C/lg 5 for B = %d, C = %d: %s, %d hard bits\n",
          B, C, e.decimal, e.hard_bits);
      rm_exact_clear(&e);
    }
  printf("filter: declined %d of 10000 values B/lg 3 + C/lg 5, %d of them within"
    " 2^-4 ulp of a midpoint or a double\n", found, hard);
  fflush(stdout);
  ck_assert_msg(found > 0, "the filter never declined near a midpoint");
  ck_assert_msg(found < 10000 / 20, "declined %d of 10000", found);
  ck_assert_int_eq(hard, found);
}
END_TEST

START_TEST(test_fx_table)
{
  ck_assert_int_eq(rm_fx_table_errors(), 0);
}
END_TEST

/* v*2^-96 for the two limbs of an end of rm_fixed */
static void fx_q(mpq_t q, const unsigned long long *v)
{
  mpz_set_ui(mpq_numref(q), (unsigned long) v[1]);
  mpz_mul_2exp(mpq_numref(q), mpq_numref(q), 64);
  mpz_add_ui(mpq_numref(q), mpq_numref(q), (unsigned long) v[0]);
  mpz_set_ui(mpq_denref(q), 1); mpz_mul_2exp(mpq_denref(q), mpq_denref(q), 96);
  mpq_canonicalize(q);
}

/* rm_value_fixed against the full exact path; returns what it returned. */
static int fx_compare(const rm_variant *v, const rm_list *l, int slack, const char *what)
{
  rm_exact e;
  rm_fixed f;
  rm_status s;
  double x = -1;
  int r;
  mpq_t lo, hi, a, b;
  rm_exact_init(&e);
  s = rm_value_exact(v, l, &e);
  r = rm_value_fixed(v, l, NULL, slack, &x, &f);
  ck_assert_msg(r >= 0 && r <= 2, "%s: returned %d", what, r);
  if (r == 0) { rm_exact_clear(&e); return 0; }
  ck_assert_msg(s == RM_OK, "%s: decided %a where the exact path's status is %d", what, x, (int) s);
  if (r == 1)
    ck_assert_msg(tu_same_bits(x, e.value), "%s: integer filter %a, exact path %a", what,
      x, e.value);
  mpq_inits(lo, hi, a, b, NULL);
  fx_q(lo, f.lo); fx_q(hi, f.hi);
  if (e.rational) {
    ck_assert(mpq_set_str(a, e.rational, 10) == 0);
    mpq_canonicalize(a);
    ck_assert_msg(mpq_cmp(lo, a) <= 0 && mpq_cmp(a, hi) <= 0, "%s: %s outside", what,
      e.rational);
  } else {
    char *sa = NULL, *sb = NULL;
    double d;
    ck_assert(rm_value_enclosed(v, l, 1, &d, &sa, &sb) == RM_OK);
    ck_assert(mpq_set_str(a, sa, 10) == 0 && mpq_set_str(b, sb, 10) == 0);
    mpq_canonicalize(a); mpq_canonicalize(b);
    ck_assert_msg(mpq_cmp(lo, b) <= 0 && mpq_cmp(a, hi) <= 0, "%s: enclosures apart",
      what);
    free(sa); free(sb);
  }
  if (slack == 0) { /* narrow: below 2^-70 */
    mpq_sub(a, hi, lo);
    mpq_mul_2exp(a, a, 70);
    ck_assert_msg(mpq_cmp_ui(a, 1, 1) < 0, "%s: enclosure wider than 2^-70", what);
  }
  mpq_clears(lo, hi, a, b, NULL);
  rm_exact_clear(&e);
  return r;
}

#define FX_LISTS 1000
static const char *const fx_names[] = {
  "ap", "ap@5[norm=min]", "ap@10[norm=hits]", "ap[ties=pessimistic]", "rr",
  "rr@5[hits=sum]", "rr[hits=mean]", "precision@10", "precision@7[denom=list]",
  "precision@5[ties=average]", "recall@20", "recall@5[ties=average]", "hr@10",
  "ndcg", "ndcg@10", "ndcg@20[gain=binary]", "ndcg@10[ideal=list]",
  "ndcg@10[ideal=topk]", "ndcg@10[ideal=ones]", "ndcg@10[ties=optimistic]",
  "ndcg@3[rel=2,gain=binary]", "dcg@5", "dcg"
};
static const char *const fx_not[] = {
  "ndcg@10[gain=exp2]", "dcg[discount=jk]", "ndcg@10[ties=average]",
  "ndcg@10[drop=unjudged]", "cg@5", "err@10", "mean:ap", "f@10"
};
#define FX_NV (sizeof fx_names / sizeof fx_names[0])
#define FX_NN (sizeof fx_not / sizeof fx_not[0])

START_TEST(test_fx_random)
{
  rm_variant v[FX_NV], w[FX_NN];
  tu_rng g = {20261128};
  static int grade[100];
  static double score[100];
  long n1 = 0, n2 = 0, nund = 0, nslack = 0;
  char msg[200], what[80];
  size_t i, k;
  for (k = 0; k < FX_NV; k++)
    ck_assert_msg(rm_variant_parse(fx_names[k], &v[k], msg, sizeof msg) == RM_OK,
      "%s: %s", fx_names[k], msg);
  for (k = 0; k < FX_NN; k++)
    ck_assert_msg(rm_variant_parse(fx_not[k], &w[k], msg, sizeof msg) == RM_OK,
      "%s: %s", fx_not[k], msg);
  for (i = 0; i < FX_LISTS; i++) {
    rm_list l;
    fi_random_list(&g, &l, grade, score, i % 10 == 0 ? 100 : 30, 20);
    for (k = 0; k < FX_NV; k++) {
      int r;
      rm_exact e;
      snprintf(what, sizeof what, "list %zu, %s", i, fx_names[k]);
      r = fx_compare(&v[k], &l, 0, what);
      if (r == 0) { /* only an undefined value is left to the caller */
        rm_exact_init(&e);
        ck_assert_msg(rm_value_exact(&v[k], &l, &e) != RM_OK, "%s: not handled", what);
        rm_exact_clear(&e);
        nund++;
        continue;
      }
      if (r == 1) n1++; else n2++;
      if (i % 5 == 0) { /* widened far beyond an ulp: it must decline */
        snprintf(what, sizeof what, "list %zu, %s, slack 2^100", i, fx_names[k]);
        ck_assert_int_eq(fx_compare(&v[k], &l, 100, what), 2);
        nslack++;
      }
    }
    for (k = 0; k < FX_NN; k++) {
      snprintf(what, sizeof what, "list %zu, %s", i, fx_not[k]);
      ck_assert_int_eq(fx_compare(&w[k], &l, 0, what), 0);
    }
  }
  printf("filter: the integer filter decided %ld values, declined %ld, left %ld"
    " undefined ones; with slack it declined all %ld\n", n1, n2, nund, nslack);
  fflush(stdout);
  ck_assert_msg(n2 == 0, "declined %ld ordinary values", n2);
}
END_TEST

/* rm_values_fixed, which ranks a list once per tie rule for several
   variants (the handled ones, with four tie rules among them, and those the
   filter leaves alone), against rm_value_fixed variant by variant: the
   same return, double and enclosure, with and without slack. */
START_TEST(test_fx_values)
{
  rm_variant v[FX_NV + FX_NN];
  tu_rng g = {20261129};
  static int grade[100];
  static double score[100];
  double out[FX_NV + FX_NN], x;
  rm_fixed enc[FX_NV + FX_NN], f;
  int r[FX_NV + FX_NN];
  char msg[200];
  size_t i, k, nv = FX_NV + FX_NN;
  long n1 = 0;
  rm_work w;
  for (k = 0; k < nv; k++) {
    const char *name = k < FX_NV ? fx_names[k] : fx_not[k - FX_NV];
    ck_assert_msg(rm_variant_parse(name, &v[k], msg, sizeof msg) == RM_OK, "%s", name);
  }
  rm_work_init(&w);
  for (i = 0; i < 300; i++) {
    rm_list l;
    int slack = i % 7 == 0 ? 100 : 0;
    fi_random_list(&g, &l, grade, score, i % 10 == 0 ? 100 : 30, 20);
    rm_values_fixed(v, nv, &l, &w, slack, out, enc, r);
    for (k = 0; k < nv; k++) {
      int rk = rm_value_fixed(&v[k], &l, NULL, slack, &x, &f);
      ck_assert_msg(r[k] == rk, "list %zu, variant %zu: %d against %d", i, k, r[k], rk);
      if (rk == 0) continue;
      n1 += rk == 1;
      ck_assert_msg(tu_same_bits(out[k], x), "list %zu, variant %zu: %a against %a",
        i, k, out[k], x);
      ck_assert(memcmp(&enc[k], &f, sizeof f) == 0);
    }
  }
  rm_work_free(&w);
  ck_assert_msg(n1 > 1000, "only %ld values decided", n1);
}
END_TEST

/* The DCG values of test_near_midpoint, some within 2^-8 ulp of a midpoint
   or of a double: the 64-bit filter declines a few dozen, the integer
   filter, some 2^-80 wide, must decide every one, as the exact path. */
START_TEST(test_fx_near_midpoint)
{
  rm_variant v;
  char msg[200];
  static int g[4];
  rm_list l;
  int B, C, decided = 0;
  ck_assert(rm_variant_parse("dcg[gain=linear]", &v, msg, sizeof msg) == RM_OK);
  l.n = 4; l.grade = g; l.score = NULL; l.id = NULL; l.label = NULL; l.unjudged = NULL;
  l.n_unretrieved = 0; l.unretrieved_grade = g;
  for (B = 1; B <= 100; B++)
    for (C = 1; C <= 100; C++) {
      g[0] = 0; g[1] = B; g[2] = 0; g[3] = C;
      decided += fx_compare(&v, &l, 0, "dcg near a midpoint, integer filter") == 1;
    }
  ck_assert_int_eq(decided, 10000);
}
END_TEST

Suite *suite_filter(void)
{
  Suite *s = suite_create("filter");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_log_table);
  tcase_add_test(tc, test_random_lists);
  tcase_add_test(tc, test_long_fractions);
  tcase_add_test(tc, test_near_midpoint);
  tcase_add_test(tc, test_fx_table);
  tcase_add_test(tc, test_fx_random);
  tcase_add_test(tc, test_fx_values);
  tcase_add_test(tc, test_fx_near_midpoint);
  suite_add_tcase(s, tc);
  return s;
}
