/* tests/check_trec.c -- Check tests of the measures of trec_eval added by the
   chapter "Measures of trec_eval" of rankmetrics.w: the geometric mean
   aggregator gm (gm_map), the counts nq, nret, nrel, nrelret (summed by
   sum:), interpolated precision iprec and ap11 with level=round (11pt_avg).

   Expected values are derived independently of the library: fractions
   worked by hand (in the comments), trec_eval's level placement computed
   here the way its C code computes it (doubles and lround), an oracle for
   interpolated precision that walks the ranking backwards as trec_eval's
   m_iprec_at_recall.c describes (our own code, in GMP rationals), and an
   oracle for the geometric mean with MPFR at 256 bits over average
   precisions computed here in GMP, one of binG with MPFR, and one of G
   (ngain) with MPFR that also checks G = binG on binary grades, and one
   of ndcg_rel (ndcg-rel), per list and as a mean over lists, and one of
   Rndcg (rndcg).  No value printed by the library is
   pasted back.

   Suite "trec": tcases hand, levels, oracle. */

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"
#include "testutil.h"

#define TREC_TIMEOUT 60
#define MAXN 14      /* longest random list */
#define MAXU 4       /* most unretrieved judged grades */
#define MAXQ 6       /* most queries of a random set */
#define ORACLE_N 400 /* random lists of the iprec oracle */
#define GM_N 200     /* random sets of the gm oracle */

/* ------------------------------------------------------------------------ */
/* 1. Hand cases: one list, the exact fraction.                             */

#define L(...) (const int[]){__VA_ARGS__}, sizeof (int[]){__VA_ARGS__} / sizeof (int)
#define NOU NULL, 0
static const struct {
  const char *name;
  const int *g; size_t n;
  const int *u; size_t nu;
  const char *q; /* the exact value, as GMP writes it */
} hand[] = {
  /* R = 2, one relevant at rank 1.  Textbook levels ceil(2 rho) <= 1 reach
     0.0 .. 0.5: 6/11.  trec_eval's lround(2 rho) = 0,0,0,1,1,1,1,1,2,2,2:
     eight levels need at most one relevant item: 8/11. */
  {"ap11", L(1, 0), L(1), "6/11"},
  {"ap11[level=round]", L(1, 0), L(1), "8/11"},
  {"11pt_avg", L(1, 0), L(1), "8/11"},
  {"iprec[at=0.6]", L(1, 0), L(1), "0"},        /* ceil(1.2) = 2 > 1 found */
  /* trec_eval's G (ngain): gains over log2(2 + C_r - S_r), C_r the ideal
     prefix with costs at least 1, S_r the run's gain so far.  Run 1,3:
     ideal 3,1; rank 1: C = 3, S = 1, 1/log2 4 = 1/2; rank 2: C = 4, S = 4,
     3/log2 2 = 3; total gain 4: (1/2 + 3)/4 = 7/8.  Run 0,2 with a 2
     unretrieved: C = 2, 4, S = 0, 2: (2/log2 4)/4 = 1/4.  Run 0,0,1 with a
     1 unretrieved: C = 3 at rank 3 (cost 1 past the ideal), S = 1: (1/2)/2
     = 1/4, binG's value.  The ideal order 2,1,0 scores 1. */
  {"ngain", L(1, 3), NOU, "7/8"},
  {"G", L(0, 2), L(2), "1/4"},
  {"ngain", L(0, 0, 1), L(1), "1/4"},
  {"ngain[ties=id-desc]", L(2, 1, 0), NOU, "1"},
  /* ndcg_rel: the ideal run 1,1 has two points of nDCG 1: 1.  Run 2,0 with
     a 2 unretrieved: the point at rank 1 is 2/2 = 1, the missed item scores
     DCG_2/IDCG_2 = 2/(2 + 2/log2 3), irrational; run 3 alone: 1. */
  {"ndcg_rel", L(1, 1), NOU, "1"},
  {"ndcg-rel[ties=id-desc]", L(3), NOU, "1"},
  /* Rndcg: run 2,1 is ideal, points 1 and 2, both 1: 1.  Run 0,1 with a 1
     unretrieved: I = 1,1, point 2 only: DCG_2/IDCG_2 = (1/lg3)/(1+1/lg3)
     is irrational; run 1,0,0,0 with R = 1: points M = 1 and n = 4 > 2, both
     nDCG 1: 1.  Run 0,1,0,0: points 1 (0/1) and 4 (1/lg 3 over 1): not
     rational; run 0,0,0 with a 1 unretrieved: both points 0: 0. */
  {"Rndcg", L(2, 1), NOU, "1"},
  {"rndcg", L(1, 0, 0, 0), NOU, "1"},
  {"rndcg[ties=id-desc]", L(0, 0, 0), L(1), "0"},
  {"iprec[at=0.6,level=round]", L(1, 0), L(1), "1"}, /* lround(1.2) = 1 */
  {"iprec[at=0.7,level=round]", L(1, 0), L(1), "1"}, /* lround(1.4) = 1 */
  {"iprec[at=0.8,level=round]", L(1, 0), L(1), "0"}, /* lround(1.6) = 2 */
  /* Run 0,1,0,1 with R = 3: precision 1/2 at both hits.  trec_eval's
     counts 0,0,1,1,1,2,2,2,2,3,3, two found: 9 levels of 1/2 = 9/22; the
     textbook's ceil counts 0,1,1,1,2,2,2,3,...: 7 levels = 7/22. */
  {"ap11[level=round]", L(0, 1, 0, 1), L(1), "9/22"},
  {"ap11", L(0, 1, 0, 1), L(1), "7/22"},
  /* R = 1: lround(0.5) = 1 (halves go up), lround(0.4) = 0.  Run 0,0,1:
     every level needs the one hit at rank 3, P = 1/3. */
  {"iprec[at=0.5,level=round]", L(0, 0, 1), NOU, "1/3"},
  {"iprec[at=0.4,level=round]", L(0, 0, 1), NOU, "1/3"},
  /* level 0 takes the best precision anywhere: run 0,1,1,0 best 2/3. */
  {"iprec[at=0]", L(0, 1, 1, 0), NOU, "2/3"},
  /* at = 1/3 with R = 3 (one unretrieved): ceil(1) = 1, best P from the
     first hit on: ranks 2 (1/2), 3 (2/3): 2/3. */
  {"iprec[at=1/3]", L(0, 1, 1, 0), L(1), "2/3"},
  /* cutoff 2: only rank 2 reaches one hit: 1/2. */
  {"iprec@2[at=1/3]", L(0, 1, 1, 0), L(1), "1/2"},
  /* set_map = h^2/(n R): run 1,0,1,0 with R = 3: 4/12 = 1/3; cut at 2:
     1/(2*3) = 1/6; no relevant item: undefined, 0. */
  {"setap", L(1, 0, 1, 0), L(1), "1/3"},
  {"setap@2", L(1, 0, 1, 0), L(1), "1/6"},
  {"set_map", L(1, 0, 1, 0), L(1), "1/3"},
  /* Rprec_mult: rank floor(m R + 0.9) in doubles, R = 3.  m = 0.4: 2.1 ->
     2, h = 1: 1/2 (the nearest count would be 1: value 1).  m = 0.2: 1.5
     -> 1: 1.  m = 2: 6.9 -> 6 beyond the run of 4: 2/6 = 1/3.  m = 1 is
     Rprec: rank 3, 2/3. */
  {"rprecm[mult=0.4]", L(1, 0, 1, 0), L(1), "1/2"},
  {"Rprec_mult_0.20", L(1, 0, 1, 0), L(1), "1"},
  {"Rprec_mult_2.00", L(1, 0, 1, 0), L(1), "1/3"},
  {"rprecm", L(1, 0, 1, 0), L(1), "2/3"},
  /* relative_P_K = h_K / min(K, R): K = 2: 1/2; K = 10: 2/3.
     set_relative_P = h_n / min(n, R) = 2/3; with R = 1 of n = 4: 1/1. */
  {"relative_P_2", L(1, 0, 1, 0), L(1), "1/2"},
  {"relative_P.10", L(1, 0, 1, 0), L(1), "2/3"},
  {"set_relative_P", L(1, 0, 1, 0), L(1), "2/3"},
  {"set_relative_P", L(0, 0, 1, 0), NOU, "1"},
  /* utility = tp h + fp (n-h) + fn (R-h) + tn (docs+h-n-R): run
     1,0,2,0,0 with one relevant missed: h = 2, n = 5, R = 3.  Defaults
     (1,-1,0,0): 2 - 3 = -1.  tp=2: 4 - 3 = 1.  fn=-1, tn=1, docs=100:
     2 - 3 - 1 + 94 = 92.  rel=2: h = 1, R = 1: 1 - 4 = -3. */
  {"utility", L(1, 0, 2, 0, 0), L(1), "-1"},
  {"utility[tp=2]", L(1, 0, 2, 0, 0), L(1), "1"},
  {"utility[fn=-1,tn=1,docs=100]", L(1, 0, 2, 0, 0), L(1), "92"},
  {"utility[rel=2]", L(1, 0, 2, 0, 0), L(1), "-3"},
  {"trec_eval:utility", L(0, 0), NOU, "-2"},
  /* counts */
  {"nq", L(0, 0), NOU, "1"},
  {"nret", L(0, 3, 0), L(2, 2), "3"},
  {"nrel", L(0, 3, 0), L(2, 2, 0), "3"},
  {"nrel[rel=3]", L(0, 3, 0), L(2, 2, 0), "1"},
  {"nrelret", L(1, 3, 0, 2), L(2, 2), "3"},
  {"nrelret[rel=2]", L(1, 3, 0, 2), L(2, 2), "2"},
};
#define N_HAND (sizeof hand / sizeof hand[0])

START_TEST(test_hand)
{
  rm_variant v;
  rm_list l = {0};
  rm_exact e;
  mpq_t want;
  double d;
  rm_status s;
  tu_parse_or_fail(hand[_i].name, &v);
  l.n = hand[_i].n; l.grade = hand[_i].g;
  l.n_unretrieved = hand[_i].nu; l.unretrieved_grade = hand[_i].u;
  rm_exact_init(&e);
  s = rm_value_exact(&v, &l, &e);
  ck_assert_msg(s == RM_OK, "%s: exact status %d", hand[_i].name, (int) s);
  ck_assert_msg(e.rational && strcmp(e.rational, hand[_i].q) == 0,
    "%s: exact %s, expected %s", hand[_i].name, e.rational ? e.rational : "(irrational)",
    hand[_i].q);
  mpq_init(want);
  mpq_set_str(want, hand[_i].q, 10);
  ck_assert(tu_same_bits(e.value, tu_round_q(want, NULL)));
  s = rm_value(&v, &l, NULL, &d);
  ck_assert_msg(s == RM_OK && tu_same_bits(d, e.value), "%s: double %.17g", hand[_i].name, d);
  mpq_clear(want);
  rm_exact_clear(&e);
}
END_TEST

/* Sets: the counts summed, and geometric means worked by hand. */
#define Q(g, u) {sizeof (int[]){0, RM_UNPAREN2 g} / sizeof (int) - 1, \
  (const int[]){0, RM_UNPAREN2 g} + 1, NULL, NULL, \
  sizeof (int[]){0, RM_UNPAREN2 u} / sizeof (int) - 1, (const int[]){0, RM_UNPAREN2 u} + 1, NULL, NULL, \
  NULL}
#define RM_UNPAREN2(...) __VA_ARGS__
static const rm_list set_a[] = {Q((1, 0, 2, 0), (1)), Q((0, 0), ())};
static const rm_list set_b[] = {Q((0, 1), ()), Q((0, 0, 0, 0, 0, 0, 0, 1), ())};
static const rm_list set_c[] = {Q((1), ()), Q((0), (1))};
static const rm_list set_d[] = {Q((0, 0, 0, 1), ()), Q((0, 0), ())};
static const rm_list set_e[] = {Q((1, 1), ()), Q((1, 0), ()), Q((0, 1, 0, 0), ())};
static const struct {
  const char *name;
  const rm_list *q; size_t nq;
  const char *rational; /* NULL for an irrational value */
  double expect;        /* from Python's decimal module at 60 digits */
} sets[] = {
  /* set_a: q1 retrieves 4, R = 3 (grades 1, 2 and one unretrieved 1),
     2 retrieved relevant; q2 retrieves 2, R = 0. */
  {"sum:nq", set_a, 2, "2", 2},
  {"num_q", set_a, 2, "2", 2},
  {"sum:nret", set_a, 2, "6", 6},
  {"num_rel", set_a, 2, "3", 3},
  {"num_rel_ret", set_a, 2, "2", 2},
  {"sum:nrel[rel=2]", set_a, 2, "1", 1},
  /* AP 1/2 and 1/8: sqrt(1/16) = 1/4, a rational root. */
  {"gm:ap", set_b, 2, "1/4", 0.25},
  {"gm_map", set_b, 2, "1/4", 0.25},
  /* AP 1 and 0 -> floor 1e-5: 10^(-5/2). */
  {"gm:ap", set_c, 2, NULL, 0x1.9e7c6e43390b7p-9},
  /* AP 1/4 and a query without relevant items (0 -> floor), or skipped. */
  {"gm:ap", set_d, 2, NULL, 0x1.9e7c6e43390b7p-10},
  {"gm[skip=norel]:ap", set_d, 2, "1/4", 0.25},
  /* AP 1, 1 and 1/2: cube root of 1/2, irrational. */
  {"gm:ap", set_e, 3, NULL, 0x1.965fea53d6e3dp-1},
  /* precision 1, 1/2, 1/4: cube root of 1/8 = 1/2. */
  {"gm:precision", set_e, 3, "1/2", 0.5},
};
#define N_SETS (sizeof sets / sizeof sets[0])

START_TEST(test_sets)
{
  rm_variant v;
  rm_exact e;
  double d;
  rm_status s;
  tu_parse_or_fail(sets[_i].name, &v);
  rm_exact_init(&e);
  s = rm_value_set_exact(&v, sets[_i].q, sets[_i].nq, &e);
  ck_assert_msg(s == RM_OK, "%s: exact status %d", sets[_i].name, (int) s);
  if (sets[_i].rational)
    ck_assert_msg(e.rational && strcmp(e.rational, sets[_i].rational) == 0,
      "%s (%d): exact %s, expected %s", sets[_i].name, _i,
      e.rational ? e.rational : "(irrational)", sets[_i].rational);
  else ck_assert_msg(e.rational == NULL, "%s: rational %s", sets[_i].name, e.rational);
  ck_assert_msg(tu_same_bits(e.value, sets[_i].expect), "%s (%d): exact %a, expected %a",
    sets[_i].name, _i, e.value, sets[_i].expect);
  s = rm_value_set(&v, sets[_i].q, sets[_i].nq, NULL, &d);
  ck_assert(s == RM_OK);
  ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "%s: double %a, %g ulps",
    sets[_i].name, d, tu_ulps(d, e.value));
  rm_exact_clear(&e);
}
END_TEST

/* The geometric mean of root mean square errors: per-user RMSEs of
   prediction 0 against grades (3) and (1): 3 and 1, GM sqrt(3). */
START_TEST(test_gm_rmse)
{
  const rm_list q[] = {
    {1, (const int[]){3}, (const double[]){0}, NULL, 0, NULL, NULL, NULL, NULL},
    {1, (const int[]){1}, (const double[]){0}, NULL, 0, NULL, NULL, NULL, NULL}};
  rm_variant v;
  rm_exact e;
  rm_status s;
  double d;
  tu_parse_or_fail("gm:rmse", &v);
  rm_exact_init(&e);
  s = rm_value_set_exact(&v, q, 2, &e);
  ck_assert_msg(s == RM_OK, "gm:rmse status %d", (int) s);
  ck_assert_msg(e.rational == NULL, "gm:rmse rational %s", e.rational);
  ck_assert_msg(tu_same_bits(e.value, sqrt(3.0)), "gm:rmse %a", e.value); /* sqrt is exact */
  ck_assert(rm_value_set(&v, q, 2, NULL, &d) == RM_OK);
  ck_assert(tu_ulps(d, e.value) <= rm_ulp_bound(&v));
  rm_exact_clear(&e);
}
END_TEST

/* Names that must be refused. */
static const char *const refuse[] = {"ap11[level=exact]", "iprec[at=2]",
  "iprec[at=1/2,ties=average]", "nq@5", "nrel[ties=id-desc]", "gm[weight=items]:ap",
  "micro:nq[x=1]", "iprec_at_recall", "IPrec"};
#define N_REFUSE (sizeof refuse / sizeof refuse[0])

START_TEST(test_refuse)
{
  rm_variant v;
  ck_assert_msg(rm_variant_parse(refuse[_i], &v, NULL, 0) == RM_ENAME, "%s accepted",
    refuse[_i]);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 2. trec_eval's placement of levels: lround of the double 0.j times R, as
   its C code computes it, is not always the nearest count of the exact jR/10
   rounded half up, floor((2jR + 10)/20): at a half the double product can
   fall below it (0.7 * 45 = 31.499999999999996).  The book says 18724 pairs
   (j, R) with R < 10^6 differ, all of them halves going down; count them
   here, and check R = 45, level 0.7 through the library: 31 relevant items
   found at ranks 1..31 of R = 45 reach trec_eval's count 31 (precision 1),
   but not the exact half's 32 (the textbook's ceil(31.5) = 32 too: 0). */

START_TEST(test_levels)
{
  static const double tenth[11] = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8,
    0.9, 1.0};
  long r, j, differ = 0, down = 0;
  int g[31], u[14];
  rm_list l = {0};
  rm_variant v;
  double d;
  for (r = 0; r < 1000000; r++)
    for (j = 0; j <= 10; j++) {
      volatile double x = tenth[j] * (double) r;
      long a = lround(x), b = (2 * j * r + 10) / 20;
      if (a != b) differ++;
      if (a == b - 1 && (j * r) % 10 == 5) down++;
    }
  ck_assert_msg(differ == 18724 && down == differ, "%ld differ, %ld halves down", differ, down);
  for (r = 0; r < 31; r++) g[r] = 1;
  for (r = 0; r < 14; r++) u[r] = 1;
  l.n = 31; l.grade = g; l.n_unretrieved = 14; l.unretrieved_grade = u;
  tu_parse_or_fail("iprec[at=0.7,level=round]", &v);
  ck_assert(rm_value(&v, &l, NULL, &d) == RM_OK && d == 1);
  tu_parse_or_fail("iprec_at_recall_0.70", &v);
  ck_assert(rm_value(&v, &l, NULL, &d) == RM_OK && d == 1);
  tu_parse_or_fail("iprec[at=0.7]", &v);
  ck_assert(rm_value(&v, &l, NULL, &d) == RM_OK && d == 0);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 3. Oracles on random lists.                                              */

typedef struct {
  int g[MAXN], u[MAXU];
  size_t n, nu;
  rm_list l;
} rcase;

static void random_list(tu_rng *r, rcase *c)
{
  size_t i;
  c->n = tu_below(r, MAXN + 1);
  c->nu = tu_below(r, MAXU + 1);
  for (i = 0; i < c->n; i++) c->g[i] = (int) tu_below(r, 4) - (tu_below(r, 3) == 0 ? 0 : 1);
  for (i = 0; i < c->n; i++) if (c->g[i] < 0) c->g[i] = 0;
  for (i = 0; i < c->nu; i++) c->u[i] = (int) tu_below(r, 3);
  memset(&c->l, 0, sizeof c->l);
  c->l.n = c->n; c->l.grade = c->g; c->l.n_unretrieved = c->nu; c->l.unretrieved_grade = c->u;
}

/* trec_eval's interpolated precision at level rho_j = tenth[j], as its
   m_iprec_at_recall.c describes it: the count c = lround(rho R); walking
   from the end of the run, keep the best precision seen; when the walk
   passes the c-th relevant item, that best value is the level's; a level
   whose count exceeds the relevant items found is 0, one of count 0 takes
   the best precision of the whole run.  In rationals, rel threshold t. */
static void oracle_iprec(const int *g, size_t n, size_t R, int t, long c, mpq_t out)
{
  size_t i, found = 0, so_far;
  mpq_t p;
  mpq_init(p);
  mpq_set_ui(out, 0, 1);
  for (i = 0; i < n; i++) found += g[i] >= t;
  (void) R;
  if ((long) found < c || n == 0) { mpq_clear(p); return; }
  so_far = found;
  for (i = n; i > 0; i--) {
    if (so_far > 0) {
      mpq_set_ui(p, (unsigned long) so_far, (unsigned long) i);
      mpq_canonicalize(p);
      if (mpq_cmp(p, out) > 0) mpq_set(out, p);
    }
    if (g[i - 1] >= t) {
      if ((long) so_far == c) break;
      so_far--;
    }
  }
  mpq_clear(p);
}

START_TEST(test_oracle_iprec)
{
  static const double tenth[11] = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8,
    0.9, 1.0};
  tu_rng r = {0x7265635f69707263ULL};
  rcase c;
  int k, j, t;
  mpq_t want, sum, num, den;
  mpq_inits(want, sum, num, den, NULL);
  for (k = 0; k < ORACLE_N; k++) {
    size_t R = 0, i;
    random_list(&r, &c);
    t = 1 + (int) tu_below(&r, 2);
    for (i = 0; i < c.n; i++) R += c.g[i] >= t;
    for (i = 0; i < c.nu; i++) R += c.u[i] >= t;
    mpq_set_ui(sum, 0, 1);
    for (j = 0; j <= 10; j++) {
      char name[80];
      rm_variant v;
      rm_exact e;
      double d;
      mpq_t got;
      long cnt = lround(tenth[j] * (double) R);
      oracle_iprec(c.g, c.n, R, t, cnt, want);
      mpq_add(sum, sum, want);
      snprintf(name, sizeof name, "iprec[at=%d/10,level=round,rel=%d]", j, t);
      tu_parse_or_fail(name, &v);
      rm_exact_init(&e);
      ck_assert(rm_value_exact(&v, &c.l, &e) >= 0);
      if (R == 0) { ck_assert(e.value == 0); rm_exact_clear(&e); continue; }
      ck_assert(e.rational != NULL);
      mpq_init(got); mpq_set_str(got, e.rational, 10);
      ck_assert_msg(mpq_equal(got, want), "case %d level %d: %s, oracle %s", k, j,
        e.rational, mpq_get_str(NULL, 10, want));
      ck_assert(rm_value(&v, &c.l, NULL, &d) >= 0 && tu_same_bits(d, e.value));
      mpq_clear(got);
      rm_exact_clear(&e);
    }
    if (R > 0) {
      char name[80];
      rm_variant v;
      rm_exact e;
      mpq_t got;
      snprintf(name, sizeof name, "ap11[level=round,rel=%d]", t);
      tu_parse_or_fail(name, &v);
      mpq_set_ui(num, 11, 1);
      mpq_div(sum, sum, num);
      rm_exact_init(&e);
      ck_assert(rm_value_exact(&v, &c.l, &e) == RM_OK && e.rational);
      mpq_init(got); mpq_set_str(got, e.rational, 10);
      ck_assert_msg(mpq_equal(got, sum), "case %d: 11pt %s", k, e.rational);
      mpq_clear(got);
      rm_exact_clear(&e);
    }
  }
  mpq_clears(want, sum, num, den, NULL);
}
END_TEST

/* The geometric mean of APs: AP in rationals here, then
   exp(mean(log(max(AP, 1e-5)))) with MPFR at 256 bits; the library's
   exact double must be its rounding, and its double path within
   rm_ulp_bound. */
static void oracle_ap(const rcase *c, mpq_t ap)
{
  size_t i, h = 0, R = 0;
  mpq_t t;
  mpq_init(t);
  mpq_set_ui(ap, 0, 1);
  for (i = 0; i < c->n; i++) R += c->g[i] >= 1;
  for (i = 0; i < c->nu; i++) R += c->u[i] >= 1;
  for (i = 0; i < c->n; i++)
    if (c->g[i] >= 1) {
      h++;
      mpq_set_ui(t, (unsigned long) h, (unsigned long) (i + 1));
      mpq_canonicalize(t);
      mpq_add(ap, ap, t);
    }
  if (R) { mpq_set_ui(t, (unsigned long) R, 1); mpq_div(ap, ap, t); }
  mpq_clear(t);
}

START_TEST(test_oracle_gm)
{
  tu_rng r = {0x676d5f6f7261636cULL};
  rcase c[MAXQ];
  rm_list l[MAXQ];
  int k;
  mpq_t ap, fl;
  mpfr_t s, x;
  rm_variant v;
  mpq_inits(ap, fl, NULL);
  mpq_set_ui(fl, 1, 100000);
  mpfr_inits2(256, s, x, (mpfr_ptr) 0);
  tu_parse_or_fail("gm:ap", &v);
  for (k = 0; k < GM_N; k++) {
    size_t nq = 1 + tu_below(&r, MAXQ), j;
    rm_exact e;
    double d, want;
    mpfr_set_ui(s, 0, MPFR_RNDN);
    for (j = 0; j < nq; j++) {
      random_list(&r, &c[j]);
      l[j] = c[j].l;
      oracle_ap(&c[j], ap);
      if (mpq_cmp(ap, fl) < 0) mpq_set(ap, fl);
      mpfr_set_q(x, ap, MPFR_RNDN);
      mpfr_log(x, x, MPFR_RNDN);
      mpfr_add(s, s, x, MPFR_RNDN);
    }
    mpfr_div_ui(s, s, (unsigned long) nq, MPFR_RNDN);
    mpfr_exp(s, s, MPFR_RNDN);
    want = mpfr_get_d(s, MPFR_RNDN);
    rm_exact_init(&e);
    ck_assert(rm_value_set_exact(&v, l, nq, &e) == RM_OK);
    /* 256 bits decide the double unless the value sits on a boundary,
       which a random case does not; allow the neighbour all the same only
       when MPFR's value is that close */
    ck_assert_msg(tu_same_bits(e.value, want), "set %d: exact %a, oracle %a", k, e.value, want);
    ck_assert(rm_value_set(&v, l, nq, NULL, &d) == RM_OK);
    ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "set %d: double %a, exact %a", k,
      d, e.value);
    rm_exact_clear(&e);
  }
  mpfr_clears(s, x, (mpfr_ptr) 0);
  mpq_clears(ap, fl, NULL);
}
END_TEST

/* binG = (1/R) sum over hits of 1/log2(2 + m), m the nonrelevant items
   above: an oracle with MPFR at 256 bits on random lists; the exact double
   must be its rounding, the double path within the bound.  By hand: run
   1,0,0,1,0 with one more relevant unretrieved: (1 + 1/2)/3 = 1/2. */
START_TEST(test_oracle_bing)
{
  tu_rng r = {0x62696e47ULL};
  rcase c;
  int k;
  rm_variant v;
  mpfr_t s, x;
  mpfr_inits2(256, s, x, (mpfr_ptr) 0);
  tu_parse_or_fail("binG", &v);
  {
    int g[] = {1, 0, 0, 1, 0}, u[] = {1};
    rm_list l = {5, g, NULL, NULL, 1, u, NULL, NULL, NULL};
    rm_exact e;
    rm_exact_init(&e);
    ck_assert(rm_value_exact(&v, &l, &e) == RM_OK && e.rational && strcmp(e.rational, "1/2") == 0);
    rm_exact_clear(&e);
  }
  for (k = 0; k < ORACLE_N; k++) {
    size_t i, m = 0, R = 0;
    rm_exact e;
    double d;
    random_list(&r, &c);
    for (i = 0; i < c.n; i++) R += c.g[i] >= 1;
    for (i = 0; i < c.nu; i++) R += c.u[i] >= 1;
    rm_exact_init(&e);
    if (R == 0) {
      ck_assert(rm_value_exact(&v, &c.l, &e) == RM_UNDEFINED && e.value == 0);
      rm_exact_clear(&e);
      continue;
    }
    mpfr_set_ui(s, 0, MPFR_RNDN);
    for (i = 0; i < c.n; i++)
      if (c.g[i] >= 1) {
        mpfr_set_ui(x, (unsigned long) (2 + m), MPFR_RNDN);
        mpfr_log2(x, x, MPFR_RNDN);
        mpfr_ui_div(x, 1, x, MPFR_RNDN);
        mpfr_add(s, s, x, MPFR_RNDN);
      } else m++;
    mpfr_div_ui(s, s, (unsigned long) R, MPFR_RNDN);
    ck_assert(rm_value_exact(&v, &c.l, &e) == RM_OK);
    ck_assert_msg(tu_same_bits(e.value, mpfr_get_d(s, MPFR_RNDN)), "case %d: %a", k, e.value);
    ck_assert(rm_value(&v, &c.l, NULL, &d) == RM_OK);
    ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "case %d: double %a exact %a", k, d,
      e.value);
    rm_exact_clear(&e);
  }
  mpfr_clears(s, x, (mpfr_ptr) 0);
}
END_TEST

/* trec_eval's G: an oracle with MPFR at 256 bits that builds the ideal
   gains by counting the grades (3 down to 1), not by sorting; the exact
   double must be its rounding and the double path within the bound.  On
   binary grades G must equal binG (both paths), a second oracle. */
START_TEST(test_oracle_ngain)
{
  tu_rng r = {0x6e6761696eULL};
  rcase c;
  int k;
  rm_variant v, vb;
  mpfr_t s, x;
  mpfr_inits2(256, s, x, (mpfr_ptr) 0);
  tu_parse_or_fail("ngain", &v);
  tu_parse_or_fail("bing", &vb);
  for (k = 0; k < ORACLE_N; k++) {
    size_t i, cnt[4] = {0, 0, 0, 0};
    unsigned long tot = 0, cost = 0, got = 0;
    int lev = 3;
    size_t left;
    rm_exact e, eb;
    double d, db;
    random_list(&r, &c);
    for (i = 0; i < c.n; i++) cnt[c.g[i]]++;
    for (i = 0; i < c.nu; i++) cnt[c.u[i]]++;
    tot = 3 * cnt[3] + 2 * cnt[2] + cnt[1];
    rm_exact_init(&e);
    if (tot == 0) {
      ck_assert(rm_value_exact(&v, &c.l, &e) == RM_UNDEFINED && e.value == 0);
      rm_exact_clear(&e);
      continue;
    }
    mpfr_set_ui(s, 0, MPFR_RNDN);
    left = cnt[3];
    for (i = 0; i < c.n; i++) {
      while (lev > 0 && left == 0) { lev--; left = lev > 0 ? cnt[lev] : 0; }
      cost += lev > 1 ? (unsigned long) lev : 1;
      if (left > 0) left--;
      got += (unsigned long) c.g[i];
      if (c.g[i] > 0) {
        mpfr_set_ui(x, 2 + cost - got, MPFR_RNDN);
        mpfr_log2(x, x, MPFR_RNDN);
        mpfr_ui_div(x, (unsigned long) c.g[i], x, MPFR_RNDN);
        mpfr_add(s, s, x, MPFR_RNDN);
      }
    }
    mpfr_div_ui(s, s, tot, MPFR_RNDN);
    ck_assert(rm_value_exact(&v, &c.l, &e) == RM_OK);
    ck_assert_msg(tu_same_bits(e.value, mpfr_get_d(s, MPFR_RNDN)), "case %d: %a", k, e.value);
    ck_assert(rm_value(&v, &c.l, NULL, &d) == RM_OK);
    ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "case %d: double %a exact %a", k, d,
      e.value);
    rm_exact_clear(&e);
    for (i = 0; i < c.n; i++) if (c.g[i] > 1) c.g[i] = 1;
    for (i = 0; i < c.nu; i++) if (c.u[i] > 1) c.u[i] = 1;
    rm_exact_init(&e); rm_exact_init(&eb);
    if (rm_value_exact(&vb, &c.l, &eb) == RM_OK) {
      ck_assert(rm_value_exact(&v, &c.l, &e) == RM_OK);
      ck_assert_msg(tu_same_bits(e.value, eb.value), "binary case %d: %a %a", k, e.value,
        eb.value);
      ck_assert(rm_value(&v, &c.l, NULL, &d) == RM_OK && rm_value(&vb, &c.l, NULL, &db) == RM_OK);
      ck_assert_msg(tu_ulps(d, db) <= 8, "binary case %d: %a %a", k, d, db);
    }
    rm_exact_clear(&e); rm_exact_clear(&eb);
  }
  mpfr_clears(s, x, (mpfr_ptr) 0);
}
END_TEST

/* trec_eval's ndcg_rel: the nDCG at each retrieved item of positive grade,
   and the nDCG of the whole run for each one not retrieved, over M.  The
   oracle (MPFR, 256 bits) takes the ideal gains by counting grades; one
   value per random list, and the mean over the first MAXQ lists through
   rm_value_set_exact, which must round the oracle's mean. */
static void ndcgrel_oracle(const rcase *c, mpfr_t out, size_t *Mp)
{
  size_t i, cnt[4] = {0, 0, 0, 0}, M, h = 0, r;
  int ig[MAXN + MAXU];
  mpfr_t dcg, idcg, x, s;
  mpfr_inits2(256, dcg, idcg, x, s, (mpfr_ptr) 0);
  for (i = 0; i < c->n; i++) cnt[c->g[i]]++;
  for (i = 0; i < c->nu; i++) cnt[c->u[i]]++;
  M = cnt[1] + cnt[2] + cnt[3];
  for (i = 0; i < M; i++) ig[i] = i < cnt[3] ? 3 : i < cnt[3] + cnt[2] ? 2 : 1;
  mpfr_set_ui(dcg, 0, MPFR_RNDN); mpfr_set_ui(idcg, 0, MPFR_RNDN); mpfr_set_ui(s, 0, MPFR_RNDN);
  for (r = 1; r <= c->n || r <= M; r++) {
    if (r <= M) {
      mpfr_set_ui(x, (unsigned long) (r + 1), MPFR_RNDN); mpfr_log2(x, x, MPFR_RNDN);
      mpfr_ui_div(x, (unsigned long) ig[r - 1], x, MPFR_RNDN); mpfr_add(idcg, idcg, x, MPFR_RNDN);
    }
    if (r > c->n || c->g[r - 1] <= 0) continue;
    mpfr_set_ui(x, (unsigned long) (r + 1), MPFR_RNDN); mpfr_log2(x, x, MPFR_RNDN);
    mpfr_ui_div(x, (unsigned long) c->g[r - 1], x, MPFR_RNDN); mpfr_add(dcg, dcg, x, MPFR_RNDN);
    mpfr_div(x, dcg, idcg, MPFR_RNDN); mpfr_add(s, s, x, MPFR_RNDN);
    h++;
  }
  if (M > 0) {
    mpfr_div(x, dcg, idcg, MPFR_RNDN); mpfr_mul_ui(x, x, (unsigned long) (M - h), MPFR_RNDN);
    mpfr_add(s, s, x, MPFR_RNDN); mpfr_div_ui(s, s, (unsigned long) M, MPFR_RNDN);
  }
  mpfr_set(out, s, MPFR_RNDN);
  *Mp = M;
  mpfr_clears(dcg, idcg, x, s, (mpfr_ptr) 0);
}

START_TEST(test_oracle_ndcgrel)
{
  tu_rng r = {0x6e64637272ULL};
  rcase c[MAXQ];
  rm_list ls[MAXQ];
  int k;
  size_t j, M;
  rm_variant v, vm;
  rm_exact e;
  double d;
  mpfr_t y, mean;
  mpfr_inits2(256, y, mean, (mpfr_ptr) 0);
  tu_parse_or_fail("ndcg-rel", &v);
  tu_parse_or_fail("mean:ndcg-rel[undef=one]", &vm);
  for (k = 0; k < ORACLE_N; k++) {
    random_list(&r, &c[0]);
    ndcgrel_oracle(&c[0], y, &M);
    rm_exact_init(&e);
    if (M == 0) {
      ck_assert(rm_value_exact(&v, &c[0].l, &e) == RM_UNDEFINED && e.value == 0);
      rm_exact_clear(&e);
      continue;
    }
    ck_assert(rm_value_exact(&v, &c[0].l, &e) == RM_OK);
    ck_assert_msg(tu_same_bits(e.value, mpfr_get_d(y, MPFR_RNDN)), "case %d: %a", k, e.value);
    ck_assert(rm_value(&v, &c[0].l, NULL, &d) == RM_OK);
    ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "case %d: double %a exact %a", k, d,
      e.value);
    rm_exact_clear(&e);
  }
  for (k = 0; k < 50; k++) {
    mpfr_set_ui(mean, 0, MPFR_RNDN);
    for (j = 0; j < MAXQ; j++) {
      random_list(&r, &c[j]);
      ls[j] = c[j].l;
      ndcgrel_oracle(&c[j], y, &M);
      if (M == 0) mpfr_set_ui(y, 1, MPFR_RNDN); /* undef=one */
      mpfr_add(mean, mean, y, MPFR_RNDN);
    }
    mpfr_div_ui(mean, mean, MAXQ, MPFR_RNDN);
    rm_exact_init(&e);
    ck_assert(rm_value_set_exact(&vm, ls, MAXQ, &e) == RM_OK);
    ck_assert_msg(tu_same_bits(e.value, mpfr_get_d(mean, MPFR_RNDN)), "set %d: %a", k, e.value);
    rm_exact_clear(&e);
  }
  mpfr_clears(y, mean, (mpfr_ptr) 0);
}
END_TEST

/* trec_eval's Rndcg: the mean of nDCG at the ranks where the ideal gain
   drops (counted here from the grade counts: after the 3s, after the 2s,
   after the 1s) and at n when n > M + 1, DCG at min(k, n) over IDCG at
   min(k, M); undefined without a relevant or a positive grade. */
START_TEST(test_oracle_rndcg)
{
  tu_rng r = {0x526e646367ULL};
  rcase c;
  int k;
  rm_variant v;
  mpfr_t dcg[MAXN + MAXU + 2], idcg[MAXN + MAXU + 2], s, x;
  size_t i;
  for (i = 0; i < MAXN + MAXU + 2; i++) mpfr_inits2(256, dcg[i], idcg[i], (mpfr_ptr) 0);
  mpfr_inits2(256, s, x, (mpfr_ptr) 0);
  tu_parse_or_fail("rndcg", &v);
  for (k = 0; k < ORACLE_N; k++) {
    size_t cnt[4] = {0, 0, 0, 0}, M, P = 0, pts[5], j, top;
    rm_exact e;
    double d;
    random_list(&r, &c);
    for (i = 0; i < c.n; i++) cnt[c.g[i]]++;
    for (i = 0; i < c.nu; i++) cnt[c.u[i]]++;
    M = cnt[1] + cnt[2] + cnt[3];
    rm_exact_init(&e);
    if (M == 0) {
      ck_assert(rm_value_exact(&v, &c.l, &e) == RM_UNDEFINED);
      rm_exact_clear(&e);
      continue;
    }
    top = c.n > M ? c.n : M;
    mpfr_set_ui(dcg[0], 0, MPFR_RNDN); mpfr_set_ui(idcg[0], 0, MPFR_RNDN);
    for (i = 1; i <= top; i++) {
      int ig = i <= cnt[3] ? 3 : i <= cnt[3] + cnt[2] ? 2 : i <= M ? 1 : 0;
      int g = i <= c.n ? c.g[i - 1] : 0;
      mpfr_set_ui(x, (unsigned long) (i + 1), MPFR_RNDN); mpfr_log2(x, x, MPFR_RNDN);
      mpfr_ui_div(x, 1, x, MPFR_RNDN);
      mpfr_mul_ui(s, x, (unsigned long) g, MPFR_RNDN); mpfr_add(dcg[i], dcg[i - 1], s, MPFR_RNDN);
      mpfr_mul_ui(s, x, (unsigned long) ig, MPFR_RNDN); mpfr_add(idcg[i], idcg[i - 1], s, MPFR_RNDN);
    }
    for (j = 3; j >= 1; j--) /* the end of each block of the ideal */
      if (cnt[j]) pts[P++] = (j == 3 ? 0 : j == 2 ? cnt[3] : cnt[3] + cnt[2]) + cnt[j];
    if (c.n > M + 1) pts[P++] = c.n;
    mpfr_set_ui(s, 0, MPFR_RNDN);
    for (j = 0; j < P; j++) {
      size_t a = pts[j] < c.n ? pts[j] : c.n, b = pts[j] < M ? pts[j] : M;
      mpfr_div(x, dcg[a], idcg[b], MPFR_RNDN); mpfr_add(s, s, x, MPFR_RNDN);
    }
    mpfr_div_ui(s, s, (unsigned long) P, MPFR_RNDN);
    ck_assert(rm_value_exact(&v, &c.l, &e) == RM_OK);
    ck_assert_msg(tu_same_bits(e.value, mpfr_get_d(s, MPFR_RNDN)), "case %d: %a", k, e.value);
    ck_assert(rm_value(&v, &c.l, NULL, &d) == RM_OK);
    ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "case %d: double %a exact %a", k, d,
      e.value);
    rm_exact_clear(&e);
  }
  for (i = 0; i < MAXN + MAXU + 2; i++) mpfr_clears(dcg[i], idcg[i], (mpfr_ptr) 0);
  mpfr_clears(s, x, (mpfr_ptr) 0);
}
END_TEST

/* rm_relstring, worked by hand: scores d1 2, d2 1, d3 1, d4 3, d5 0.5, grades
   12, 0, 2, 1, 0, d2 not judged (marker 1) and d5 pooled but unjudged (marker 2).
   Ties by id descending rank d4 d1 d3 d2 d5: '1', '>' (12 > 9), '2', '-', '.';
   ascending puts d2 before d3. */
START_TEST(test_relstring)
{
  static const char *const id[] = {"d1", "d2", "d3", "d4", "d5"};
  static const double sc[] = {2, 1, 1, 3, 0.5};
  static const int g[] = {12, 0, 2, 1, 0};
  static const unsigned char u[] = {0, 1, 0, 0, 2};
  rm_list l = {5, g, sc, id, 0, NULL, NULL, u, NULL};
  char b[16];
  ck_assert_int_eq(rm_relstring(&l, RM_TIES_ID_DESC, 10, b, sizeof b), RM_OK);
  ck_assert_str_eq(b, "1>2-.");
  ck_assert_int_eq(rm_relstring(&l, RM_TIES_ID_ASC, 10, b, sizeof b), RM_OK);
  ck_assert_str_eq(b, "1>-2.");
  ck_assert_int_eq(rm_relstring(&l, RM_TIES_ID_DESC, 3, b, sizeof b), RM_OK);
  ck_assert_str_eq(b, "1>2");
  ck_assert_int_eq(rm_relstring(&l, RM_TIES_ID_DESC, 0, b, sizeof b), RM_OK);
  ck_assert_str_eq(b, "");
  ck_assert_int_eq(rm_relstring(&l, RM_TIES_ID_DESC, 10, b, 5), RM_EINVAL);
  ck_assert_str_eq(b, "");
  l.unjudged = NULL; /* every item judged: the grades */
  ck_assert_int_eq(rm_relstring(&l, RM_TIES_ID_DESC, 10, b, sizeof b), RM_OK);
  ck_assert_str_eq(b, "1>200");
  l.id = NULL; /* ties by name need the names */
  ck_assert_int_eq(rm_relstring(&l, RM_TIES_ID_DESC, 10, b, sizeof b), RM_EIDS);
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *suite_trec(void)
{
  Suite *s = suite_create("trec");
  TCase *tc = tcase_create("hand");
  tcase_add_loop_test(tc, test_hand, 0, (int) N_HAND);
  tcase_add_loop_test(tc, test_sets, 0, (int) N_SETS);
  tcase_add_test(tc, test_gm_rmse);
  tcase_add_test(tc, test_relstring);
  tcase_add_loop_test(tc, test_refuse, 0, (int) N_REFUSE);
  suite_add_tcase(s, tc);
  tc = tcase_create("levels");
  tcase_set_timeout(tc, TREC_TIMEOUT);
  tcase_add_test(tc, test_levels);
  suite_add_tcase(s, tc);
  tc = tcase_create("oracle");
  tcase_set_timeout(tc, TREC_TIMEOUT);
  tcase_add_test(tc, test_oracle_iprec);
  tcase_add_test(tc, test_oracle_gm);
  tcase_add_test(tc, test_oracle_bing);
  tcase_add_test(tc, test_oracle_ngain);
  tcase_add_test(tc, test_oracle_ndcgrel);
  tcase_add_test(tc, test_oracle_rndcg);
  suite_add_tcase(s, tc);
  return s;
}
