/* Tests of novelty@K (book: "Metrics of a whole set"), against values worked
   out by hand and against an oracle written here from 001's definition:
   p(i) = (users whose list holds i with grade >= rel) / U, and
   novelty = (1/U) sum_u (1/K) sum_{i in top K of u} -log2 p(i),
   with p raised to 1e-8 under floor=code, evaluated with MPFR at 256 bits. */
#include <check.h>
#include <math.h>
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

/* EPC and EFD (book: "EPC and EFD, with a rank discount"), by hand.
   L: a,b rated 1,0; a,c rated 1,1; a,b rated 0,0 (pop=pos: n_a 2, n_c 1,
   U 3, C 2).  Under disc=log the user's two ranks weigh lg3/(1+lg3) and
   1/(1+lg3); the novelties 1-2/3 at rank 1 and 2/3 at rank 2 sum alike
   over the two ranks (2/3 each), so the discounts sum to 1: 1/3, rational. */
static const int L1[] = {1, 0}, L2[] = {1, 1}, L3[] = {0, 0};
static const char *const Lab[] = {"a", "b"}, *const Lac[] = {"a", "c"};
static rm_list Lq[3] = {{2, L1, NULL, Lab, 0, NULL, NULL, NULL, NULL},
                        {2, L2, NULL, Lac, 0, NULL, NULL, NULL, NULL},
                        {2, L3, NULL, Lab, 0, NULL, NULL, NULL, NULL}};

static void exact_is(const char *nm, const rm_list *q, size_t n, const char *frac)
{
  rm_variant v = name(nm);
  rm_exact e;
  double d;
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, q, n, &e), RM_OK);
  ck_assert_msg(e.rational && strcmp(e.rational, frac) == 0, "%s: %s, not %s", nm,
                e.rational ? e.rational : "irrational", frac);
  ck_assert_int_eq(rm_value_set(&v, q, n, NULL, &d), RM_OK);
  ck_assert_msg(rm_ulps_between(d, e.value) <= rm_ulp_bound(&v), "%s: double %a, exact %a", nm, d, e.value);
  rm_exact_clear(&e);
}
static void undefined_is(const char *nm, const rm_list *q, size_t n)
{
  rm_variant v = name(nm);
  rm_exact e;
  rm_exact_init(&e);
  ck_assert_msg(rm_value_set_exact(&v, q, n, &e) == RM_UNDEFINED, "%s: not undefined", nm);
  rm_exact_clear(&e);
}
static void irrational_near(const char *nm, const rm_list *q, size_t n, double want)
{
  rm_variant v = name(nm);
  rm_exact e;
  double d;
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_set_exact(&v, q, n, &e), RM_OK);
  ck_assert_msg(e.rational == NULL, "%s: rational %s", nm, e.rational);
  ck_assert_msg(rm_ulps_between(e.value, want) <= 4, "%s: exact %a, by hand %a", nm, e.value, want);
  ck_assert_int_eq(rm_value_set(&v, q, n, NULL, &d), RM_OK);
  ck_assert_msg(rm_ulps_between(d, e.value) <= rm_ulp_bound(&v), "%s: double %a, exact %a", nm, d, e.value);
  rm_exact_clear(&e);
}

START_TEST(test_epc_efd_hand)
{
  /* one user rated a (of a,b); the other rated nothing: n_a 1, U 2, C 1;
     under disc=log a at rank 1 weighs lg3/(1+lg3): (1/2) lg3/(1+lg3) */
  static const int g1[] = {1, 0}, g0[] = {0, 0};
  static const char *const ba[] = {"b", "a"};
  rm_list one[2] = {{2, g1, NULL, Lab, 0, NULL, NULL, NULL, NULL}, {2, g0, NULL, ba, 0, NULL, NULL, NULL, NULL}};
  /* grades 2,1 of a,b and 1 of a: relevance=discounted weighs 3 and 1;
     n_a 2, n_b 1, U 2: ((3(1-1) + 1(1-1/2))/2 + 0)/2 = 1/8 */
  static const int h1[] = {2, 1}, h2[] = {1};
  static const char *const a[] = {"a"};
  rm_list two[2] = {{2, h1, NULL, Lab, 0, NULL, NULL, NULL, NULL}, {1, h2, NULL, a, 0, NULL, NULL, NULL, NULL}};
  /* four users, each one relevant item of its own: n 1 of S 4, lg 4 = 2 */
  static const char *const ia[] = {"a"}, *const ib[] = {"b"}, *const ic[] = {"c"}, *const id[] = {"d"};
  static const int r1[] = {1}, r11[] = {1, 1};
  static const char *const cd[] = {"c", "d"};
  rm_list four[4] = {{1, r1, NULL, ia, 0, NULL, NULL, NULL, NULL}, {1, r1, NULL, ib, 0, NULL, NULL, NULL, NULL},
                     {1, r1, NULL, ic, 0, NULL, NULL, NULL, NULL}, {1, r1, NULL, id, 0, NULL, NULL, NULL, NULL}};
  rm_list pairs[2] = {{2, r11, NULL, Lab, 0, NULL, NULL, NULL, NULL}, {2, r11, NULL, cd, 0, NULL, NULL, NULL, NULL}};
  const double l3 = log2(3.0);
  exact_is("epc@2", Lq, 3, "1/3");
  exact_is("epc@2[disc=log]", Lq, 3, "1/3");
  exact_is("epc@2[relevance=discounted]", two, 2, "1/8");
  exact_is("efd@1", four, 4, "2");
  exact_is("efd@1[disc=log]", four, 4, "2");
  exact_is("efd@2[disc=log]", pairs, 2, "2"); /* 2 d(0,2) + 2 d(1,2) = 2 */
  irrational_near("epc@2[disc=log]", one, 2, 0.5 * l3 / (1 + l3));
  /* L under efd: S 3; (lg(3/2) + lg(3/2) + lg 3)/2/2 and, discounted,
     (2 lg(3/2) lg3 + lg 3)/(1+lg3)/2 */
  irrational_near("efd@2", Lq, 3, (2 * log2(1.5) + l3) / 4);
  irrational_near("efd@2[disc=log]", Lq, 3, (2 * log2(1.5) * l3 + l3) / (1 + l3) / 2);
}
END_TEST

/* The item table of EFD under an external popularity (the API that eval
   uses): a 1, b 2, c 5 (sum 8); u1's b,x and u2's c, all relevant; x is
   not in the file and takes a's novelty lg 8: ((2 + 3)/2 + lg(8/5))/2.
   Without any positive count, the value is undefined and says why.  A
   weight of a discount leaves the table as p/q:S and comes back. */
START_TEST(test_efd_table)
{
  static const int g11[] = {1, 1}, g1[] = {1};
  static const char *const bx[] = {"b", "x"}, *const c1[] = {"c"};
  rm_list u1 = {2, g11, NULL, bx, 0, NULL, NULL, NULL, NULL}, u2 = {1, g1, NULL, c1, 0, NULL, NULL, NULL, NULL};
  rm_variant v = name("efd@2[pop=file]"), w = name("efd@2[pop=file,disc=log]");
  rm_cat *c = rm_cat_new(), *e = rm_cat_new(), *z = rm_cat_new();
  rm_exact x;
  double d;
  char why[200];
  size_t i;
  int slots = 0;
  rm_exact_init(&x);
  ck_assert_int_eq(rm_cat_popularity(c, "a", 1), RM_OK);
  ck_assert_int_eq(rm_cat_popularity(c, "b", 2), RM_OK);
  ck_assert_int_eq(rm_cat_popularity(c, "c", 5), RM_OK);
  ck_assert_int_eq(rm_cat_add(c, &v, &u1), RM_OK);
  ck_assert_int_eq(rm_cat_add(c, &v, &u2), RM_OK);
  ck_assert_int_eq(rm_cat_value_exact(&v, c, &x, why, sizeof why), RM_OK);
  ck_assert(rm_ulps_between(x.value, 2.75 - log2(5.0) / 2) <= 2);
  ck_assert_int_eq(rm_cat_value(&v, c, &d, why, sizeof why), RM_OK);
  ck_assert(rm_ulps_between(d, x.value) <= rm_ulp_bound(&v));
  ck_assert_int_eq(rm_cat_popularity(z, "*", 10), RM_OK);
  ck_assert_int_eq(rm_cat_add(z, &v, &u2), RM_OK);
  ck_assert_int_eq(rm_cat_value(&v, z, &d, why, sizeof why), RM_UNDEFINED);
  ck_assert_msg(strstr(why, "no item has a popularity above 0") != NULL, "%s", why);
  ck_assert_int_eq(rm_cat_add(e, &w, &u1), RM_OK);
  for (i = 0; i < rm_cat_items(e); i++) {
    unsigned long pop, expo;
    char *s;
    rm_cat_item(e, i, &pop, &expo, &s);
    slots += strcmp(s, "1:2") == 0 || strcmp(s, "1:3") == 0; /* t 2: slots 2 and 3 */
    free(s);
  }
  ck_assert_int_eq(slots, 2);
  ck_assert_int_eq(rm_cat_put(e, "y", 0, 1, "1/2:3"), RM_OK);
  ck_assert_int_eq(rm_cat_put(e, "y", 0, 1, "1/2:0"), RM_EINVAL);
  ck_assert_int_eq(rm_cat_put(e, "y", 0, 1, "1/2:"), RM_EINVAL);
  ck_assert_int_eq(rm_cat_put(e, "y", 0, 1, "1/2:3x"), RM_EINVAL);
  rm_cat_free(c); rm_cat_free(e); rm_cat_free(z);
  rm_exact_clear(&x);
}
END_TEST

/* APLT and ACLT (book: "APLT and ACLT, and the long tail"), by hand on L:
   n_a 2, n_c 1, n_b 0, S 3.  head 4/5: a (2 < 12/5), then c (3): the head
   is a, c and the tail b, in the first and third users' top two: APLT
   (1/2 + 0 + 1/2)/3 = 1/3, ACLT (1 + 0 + 1)/3 = 2/3.  head 1/2: a alone
   (2 >= 3/2), the tail b, c: APLT 1/2, ACLT 1.  head 1: every item with a
   popularity, the tail b alone again.  Without a rating there is no head. */
START_TEST(test_aplt_aclt_hand)
{
  rm_variant v;
  static const int z[] = {0, 0};
  rm_list none[1] = {{2, z, NULL, Lab, 0, NULL, NULL, NULL, NULL}};
  exact_is("aplt@2", Lq, 3, "1/3");
  exact_is("aclt@2", Lq, 3, "2/3");
  exact_is("aplt@2[head=1/2]", Lq, 3, "1/2");
  exact_is("aclt@2[head=1/2]", Lq, 3, "1");
  exact_is("aplt@2[head=1]", Lq, 3, "1/3");
  exact_is("aclt@2[pop=all]", Lq, 3, "1/3"); /* n_a 3, n_b 2, n_c 1: head 4/5 of 6 is a, b */
  undefined_is("aplt@2", none, 1);
  ck_assert_int_eq(rm_variant_parse("aplt[head=3/2]", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("aclt[head=0]", &v, NULL, 0), RM_ENAME);
}
END_TEST

/* ExposureGini and user coverage (book: "Exposure and users"), by hand on
   the items of L (a,b; a,c; a,b) over four items.  p = 1/2: a 3, b 1,
   c 1/2, 0; sorted up with -3,-1,1,3: (-1/2 + 1 + 9)/(4 * 9/2) = 19/36.
   p = 17/20: a 3, b 17/10, c 17/20: (197/20)/(4 * 111/20) = 197/444.
   p = 1/2 without items: N = 3, sorted 1/2,1,3 with -2,0,2: 5/(3 * 9/2) =
   10/27.  Two users a,b and b,a: a and b 3/2 each, 0.  Every list has two
   items: user-coverage@2 3, @3 0; a user shown nothing is no exposure. */
START_TEST(test_xgini_ucov_hand)
{
  rm_variant v;
  static const char *const Lba[] = {"b", "a"};
  rm_list turned[2] = {{2, L3, NULL, Lab, 0, NULL, NULL, NULL, NULL},
                       {2, L3, NULL, Lba, 0, NULL, NULL, NULL, NULL}};
  rm_list none[1] = {{0, L3, NULL, Lab, 0, NULL, NULL, NULL, NULL}};
  exact_is("exposure-gini@2[items=4,p=1/2]", Lq, 3, "19/36");
  exact_is("exposure-gini@2[items=4]", Lq, 3, "197/444");
  exact_is("exposure-gini@2[p=1/2]", Lq, 3, "10/27");
  exact_is("exposure-gini@2[items=2,p=1/2]", turned, 2, "0");
  exact_is("gini@2[items=4]", Lq, 3, "5/12"); /* the counts 3,2,1,0: a fraction sort too */
  exact_is("user-coverage@2", Lq, 3, "3");
  exact_is("user-coverage@3", Lq, 3, "0");
  exact_is("user-coverage", none, 1, "0");
  undefined_is("exposure-gini", none, 1);
  undefined_is("exposure-gini@2[items=2]", Lq, 3); /* 3 items shown */
  ck_assert_int_eq(rm_variant_parse("exposure-gini[p=1]", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("mean:user-coverage", &v, NULL, 0), RM_ENAME);
}
END_TEST

/* RecBole's TailPercentage (book: "RecBole's tail percentage"), by hand on
   L (a,b; a,c; a,b, rated a; a,c; nothing): n_a 2, n_c 1, n_b 0, so the
   items with a popularity are c, a (b, of popularity 0, is never tail).
   tail 1/10: max(floor(2/10), 1) = 1 item, c, shown to the second user
   only: (0 + 1/2 + 0)/3 = 1/6.  tail 1 is a share (RecBole tests
   tail > 1): both, (1/2 + 1 + 1/2)/3 = 2/3; tail 2 a count, n <= 2: both
   again; tail 3/2 a count, n <= 1: c, 1/6; tail 1/2: floor(2/2) = 1, c.
   pop=all: n_a 3, n_b 2, n_c 1; tail 2/3 cuts 2, c and b, one in every
   list: 1/2; tail 1/3 cuts 1, c: 1/6.  Ties at the cut go by identifier:
   users x,y, both rated, and y, not rated: n_x = n_y = 1, tail 1/2 cuts
   x alone (y would give (1/2 + 1)/2 = 3/4): (1/2 + 0)/2 = 1/4.  No user:
   undefined. */
START_TEST(test_tailpct_hand)
{
  rm_variant v;
  char buf[RM_NAME_MAX];
  static const int one[] = {1, 1}, zero[] = {0};
  static const char *const xy[] = {"x", "y"}, *const y[] = {"y"};
  rm_list ties[2] = {{2, one, NULL, xy, 0, NULL, NULL, NULL, NULL},
                     {1, zero, NULL, y, 0, NULL, NULL, NULL, NULL}};
  exact_is("tailpct@2", Lq, 3, "1/6");
  exact_is("tailpct@2[tail=1]", Lq, 3, "2/3");
  exact_is("tailpct@2[tail=2]", Lq, 3, "2/3");
  exact_is("tailpct@2[tail=3/2]", Lq, 3, "1/6");
  exact_is("tailpct@2[tail=0.5]", Lq, 3, "1/6");
  exact_is("tailpct@2[pop=all,tail=2/3]", Lq, 3, "1/2");
  exact_is("tailpct@2[pop=all,tail=1/3]", Lq, 3, "1/6");
  exact_is("tailpct@2[tail=1/2]", ties, 2, "1/4");
  undefined_is("tailpct@2", Lq, 0);
  v = name("tailpct@10");
  rm_variant_name(&v, buf, sizeof buf);
  ck_assert_str_eq(buf, "tailpct@10[pop=pos,tail=0.1,rel=1,ties=input]");
  ck_assert_int_eq(rm_variant_parse("tailpct[tail=0]", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("tailpct[head=1/2]", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("mean:tailpct", &v, NULL, 0), RM_ENAME);
}
END_TEST

/* The names: epc keeps its name at the defaults, and reads them. */
START_TEST(test_epc_efd_names)
{
  char buf[RM_NAME_MAX];
  rm_variant v = name("epc@10[disc=none,relevance=binary]");
  rm_variant_name(&v, buf, sizeof buf);
  ck_assert_str_eq(buf, "epc@10[pop=pos,rel=1,ties=input]");
  v = name("efd@10");
  rm_variant_name(&v, buf, sizeof buf);
  ck_assert_str_eq(buf, "efd@10[pop=pos,disc=none,relevance=binary,rel=1,ties=input]");
  v = name("epc@10[relevance=discounted,disc=log]");
  rm_variant_name(&v, buf, sizeof buf);
  ck_assert_str_eq(buf, "epc@10[pop=pos,disc=log,relevance=discounted,rel=1,ties=input]");
  ck_assert_int_eq(rm_variant_parse("novelty[disc=log]", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("efd[disc=exp]", &v, NULL, 0), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("mean:efd", &v, NULL, 0), RM_ENAME);
}
END_TEST

/* LensKit's MeanPopRank (book: "Mean popularity rank"), by hand on L:
   pop=pos n_a 2, n_c 1, n_b 0: q_c 1/2, q_a 1, q_b 0; the users' means 1/2,
   3/4, 1/2: 7/12.  pop=all n_a 3, n_b 2, n_c 1: q 1, 2/3, 1/3; means 5/6,
   2/3, 5/6: 7/9.  At @1 every top is a: 1.  Tied popularities share their
   mean rank: a,b and c,d with a, b, c relevant, each n = 1, rank 2 of 3:
   2/3 and 1/3, mean 1/2.  A user shown nothing is left out, not a 0. */
START_TEST(test_poprank_hand)
{
  static const int t1[] = {1, 1}, t2[] = {1, 0};
  static const char *const Lcd[] = {"c", "d"};
  rm_list tied[2] = {{2, t1, NULL, Lab, 0, NULL, NULL, NULL, NULL},
                     {2, t2, NULL, Lcd, 0, NULL, NULL, NULL, NULL}};
  rm_list with_empty[4] = {Lq[0], Lq[1], Lq[2], {0, L3, NULL, Lab, 0, NULL, NULL, NULL, NULL}};
  rm_list none[1] = {{0, L3, NULL, Lab, 0, NULL, NULL, NULL, NULL}};
  exact_is("poprank@2", Lq, 3, "7/12");
  exact_is("poprank@2[pop=all]", Lq, 3, "7/9");
  exact_is("poprank@1", Lq, 3, "1");
  exact_is("poprank", tied, 2, "1/2");
  exact_is("poprank@2", with_empty, 4, "7/12");
  exact_is("arp@2", with_empty, 4, "7/8"); /* ARP counts that user: (1 + 3/2 + 1)/4 */
  exact_is("poprank@2", Lq + 2, 1, "0"); /* nothing rated relevant: every q is 0 */
  undefined_is("poprank@2", none, 1);
}
END_TEST

Suite *suite_novelty(void)
{
  Suite *s = suite_create("novelty");
  TCase *tc = tcase_create("novelty");
  tcase_add_test(tc, test_novelty_hand);
  tcase_add_test(tc, test_novelty_edges);
  tcase_add_loop_test(tc, test_novelty_oracle, 0, 10);
  tcase_add_test(tc, test_epc_efd_hand);
  tcase_add_test(tc, test_efd_table);
  tcase_add_test(tc, test_epc_efd_names);
  tcase_add_test(tc, test_aplt_aclt_hand);
  tcase_add_test(tc, test_poprank_hand);
  tcase_add_test(tc, test_xgini_ucov_hand);
  tcase_add_test(tc, test_tailpct_hand);
  suite_add_tcase(s, tc);
  return s;
}
