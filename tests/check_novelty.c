/* Tests of novelty@K (book: "Metrics of a whole set"), against values worked
   out by hand and against an oracle written here from 001's definition:
   p(i) = (users whose list holds i with grade >= rel) / U, and
   novelty = (1/U) sum_u (1/K) sum_{i in top K of u} -log2 p(i),
   with p raised to 1e-8 under floor=code, evaluated with MPFR at 256 bits. */
#include <check.h>
#include <gmp.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"
#include "testutil.h"

static rm_variant name(const char *s)
{
  rm_variant v;
  char msg[200];
  ck_assert_msg(rm_variant_parse(s, &v, msg, sizeof msg) == RM_OK, "%s: %s", s, msg);
  return v;
}

/* Four users all recommended a, b; the first rated both, the second only a:
   p(a) = 2/4, p(b) = 1/4, each user's top two carry 1 + 2 bits: 3/2. */
START_TEST(test_novelty_hand)
{
  static const int g1[] = {1, 1}, g2[] = {1, 0}, g0[] = {0, 0};
  static const char *const ab[] = {"a", "b"};
  rm_list q[4] = {{2, g1, NULL, ab, 0, NULL, NULL, NULL, NULL}, {2, g2, NULL, ab, 0, NULL, NULL, NULL, NULL},
                  {2, g0, NULL, ab, 0, NULL, NULL, NULL, NULL}, {2, g0, NULL, ab, 0, NULL, NULL, NULL, NULL}};
  rm_variant v = name("novelty@2");
  rm_exact e;
  double d;
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, q, 4, &e), RM_OK);
  ck_assert_str_eq(e.rational, "3/2");
  ck_assert(e.value == 1.5 && e.ternary == 0);
  ck_assert_int_eq(rm_value_set(&v, q, 4, NULL, &d), RM_OK);
  ck_assert(d == 1.5);
  /* at K = 1 only a counts: 1 bit each */
  v = name("novelty@1");
  ck_assert_int_eq(rm_value_set_exact(&v, q, 4, &e), RM_OK);
  ck_assert_str_eq(e.rational, "1");
  /* rel = 2: nobody rated anything, p = 0: undefined, or 8 log2 10 under the floor */
  v = name("novelty@2[rel=2]");
  ck_assert_int_eq(rm_value_set_exact(&v, q, 4, &e), RM_UNDEFINED);
  ck_assert(e.value == 0);
  v = name("novelty@2[rel=2,undef=error]");
  ck_assert_int_eq(rm_value_set(&v, q, 4, NULL, &d), RM_EUNDEF);
  v = name("novelty@2[floor=code,rel=2]");
  ck_assert_int_eq(rm_value_set_exact(&v, q, 4, &e), RM_OK);
  ck_assert_ptr_null(e.rational); /* 8 log2 10 = 8 + 8 log2 5 is irrational */
  ck_assert(e.value == 0x1.a934f0979a371p+4); /* 26.5754247590988987..., mpmath */
  rm_exact_clear(&e);
}
END_TEST

/* Identifiers are required; an empty set is undefined. */
START_TEST(test_novelty_edges)
{
  static const int g[] = {1, 0};
  rm_list q[1] = {{2, g, NULL, NULL, 0, NULL, NULL, NULL, NULL}};
  rm_variant v = name("novelty@2");
  rm_exact e;
  double d;
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, q, 1, &e), RM_EIDS);
  ck_assert_int_eq(rm_value_set(&v, q, 1, NULL, &d), RM_EIDS);
  ck_assert_int_eq(rm_value_set_exact(&v, q, 0, &e), RM_UNDEFINED);
  ck_assert_int_eq(rm_value_set(&v, NULL, 0, NULL, &d), RM_UNDEFINED);
  ck_assert(d == 0);
  ck_assert_int_eq(rm_variant_parse("mean:novelty", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("novelty[ties=average]", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("novelty[floor=zero]", &v, NULL, 0), RM_ENAME);
  v = name("novelty@5[floor=code]");
  {
    char buf[RM_NAME_MAX];
    rm_variant_name(&v, buf, sizeof buf);
    ck_assert_str_eq(buf, "novelty@5[floor=code,rel=1,ties=input,undef=zero]");
  }
  rm_exact_clear(&e);
}
END_TEST

/* The oracle: users' lists in rank order (no scores), ids from a small pool. */
START_TEST(test_novelty_oracle)
{
  static const char *const pool[8] = {"i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7"};
  tu_rng seed = {0x5eedULL + (uint64_t) _i};
  int round;
  for (round = 0; round < 100; round++) {
    int U = 1 + (int) tu_below(&seed, 6), K = 1 + (int) tu_below(&seed, 4), floor = (int) tu_below(&seed, 2);
    int grade[6][6], n[6], u, i, j, rated[8];
    const char *ids[6][6];
    rm_list q[6] = {{0}};
    rm_variant v;
    char nm[64];
    mpfr_t acc, t, tot;
    int undefined = 0;
    for (u = 0; u < U; u++) {
      n[u] = (int) tu_below(&seed, 6);
      for (i = 0; i < n[u]; i++) {
        int dup;
        do { /* distinct items within a list */
          ids[u][i] = pool[tu_below(&seed, 8)];
          for (dup = 0, j = 0; j < i; j++) dup |= ids[u][j] == ids[u][i];
        } while (dup);
        grade[u][i] = (int) tu_below(&seed, 3);
      }
      q[u].n = (size_t) n[u]; q[u].grade = grade[u]; q[u].score = NULL; q[u].id = ids[u];
      q[u].n_unretrieved = 0; q[u].unretrieved_grade = NULL;
    }
    for (i = 0; i < 8; i++) {
      rated[i] = 0;
      for (u = 0; u < U; u++)
        for (j = 0; j < n[u]; j++) rated[i] += ids[u][j] == pool[i] && grade[u][j] >= 1;
    }
    mpfr_inits2(256, acc, t, tot, (mpfr_ptr) 0);
    mpfr_set_ui(tot, 0, MPFR_RNDN);
    for (u = 0; u < U && !undefined; u++) {
      mpfr_set_ui(acc, 0, MPFR_RNDN);
      for (j = 0; j < n[u] && j < K; j++) {
        int c = 0;
        for (i = 0; i < 8; i++) if (ids[u][j] == pool[i]) c = rated[i];
        if (c == 0 || (floor && (double) c * 1e8 < U)) {
          if (!floor) { undefined = 1; break; }
          mpfr_set_ui(t, 100000000UL, MPFR_RNDN);
        } else { mpfr_set_ui(t, (unsigned long) U, MPFR_RNDN); mpfr_div_ui(t, t, (unsigned long) c, MPFR_RNDN); }
        mpfr_log2(t, t, MPFR_RNDN);
        mpfr_add(acc, acc, t, MPFR_RNDN);
      }
      mpfr_div_ui(acc, acc, (unsigned long) K, MPFR_RNDN);
      mpfr_add(tot, tot, acc, MPFR_RNDN);
    }
    mpfr_div_ui(tot, tot, (unsigned long) U, MPFR_RNDN);
    snprintf(nm, sizeof nm, "novelty@%d[floor=%s]", K, floor ? "code" : "none");
    v = name(nm);
    {
      rm_exact e;
      double d;
      rm_status s, sd;
      rm_exact_init(&e);
      s = rm_value_set_exact(&v, q, (size_t) U, &e);
      sd = rm_value_set(&v, q, (size_t) U, NULL, &d);
      if (undefined) {
        ck_assert_msg(s == RM_UNDEFINED && sd == RM_UNDEFINED, "%s: round %d not undefined", nm, round);
      } else {
        double want = mpfr_get_d(tot, MPFR_RNDN);
        ck_assert_msg(s == RM_OK && sd == RM_OK, "%s: round %d status %d/%d", nm, round, s, sd);
        ck_assert_msg(e.value == want, "%s round %d: exact %a, oracle %a", nm, round, e.value, want);
        ck_assert_msg(rm_ulps_between(d, e.value) <= rm_ulp_bound(&v), "%s round %d: double %a, exact %a",
                      nm, round, d, e.value);
      }
      rm_exact_clear(&e);
    }
    mpfr_clears(acc, t, tot, (mpfr_ptr) 0);
  }
}
END_TEST

Suite *suite_novelty(void)
{
  Suite *s = suite_create("novelty");
  TCase *tc = tcase_create("novelty");
  tcase_add_test(tc, test_novelty_hand);
  tcase_add_test(tc, test_novelty_edges);
  tcase_add_loop_test(tc, test_novelty_oracle, 0, 10);
  suite_add_tcase(s, tc);
  return s;
}
