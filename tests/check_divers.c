/* Tests of the diversity measures (book: "Diversity and intent-aware
   measures"): values worked out by hand, the exact ideal against a brute
   force over every ordering written here, the double path against the exact
   one on random lists, refusals, and the smallest greedy/exact witness.
   No expected value comes from ndeval. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"
#include "testutil.h"

/* The book's worked example: subtopics 1..3; a = {1,2}, b = {1}, c = {3}
   retrieved in that order (scores 3, 2, 1); d judged, relevant to none. */
static const int hg[] = {1, 1, 0, 1, 0, 0, 0, 0, 1}, hu[] = {0, 0, 0}, hp[] = {1, 1, 1};
static const double hs[] = {3, 2, 1};
static const char *const hid[] = {"a", "b", "c"}, *const huid[] = {"d"};

static void hand_lists(rm_list *l, rm_subtopics *s)
{
  memset(l, 0, sizeof *l); memset(s, 0, sizeof *s);
  l->n = 3; l->grade = hp; l->score = hs; l->id = hid;
  l->n_unretrieved = 1; l->unretrieved_grade = hu;
  s->m = 3; s->grade = hg; s->unretrieved_grade = hu; s->unretrieved_id = huid;
}

/* Both paths: the fraction (or NULL for an irrational value) and the
   double, to the bit on the exact path and within the bound on the other. */
static void both(const char *name, const rm_list *l, const rm_subtopics *s,
  const char *frac, double want)
{
  rm_variant v;
  rm_exact e;
  double d;
  tu_parse_or_fail(name, &v);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_div_value_exact(&v, l, s, &e), RM_OK);
  if (frac) ck_assert_msg(e.rational && strcmp(e.rational, frac) == 0, "%s: %s, not %s",
    name, e.rational ? e.rational : "irrational", frac);
  else ck_assert_msg(e.rational == NULL, "%s: rational %s", name, e.rational);
  ck_assert_msg(tu_ulps(e.value, want) <= (frac ? 0 : 1), "%s: %.17g, not %.17g", name,
    e.value, want);
  ck_assert_int_eq(rm_div_value(&v, l, s, NULL, &d), RM_OK);
  ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "%s: double %.17g", name, d);
  rm_exact_clear(&e);
}

/* G = 2, 1/2, 1 at ranks 1..3 (b repeats subtopic 1); the greedy ideal is
   a, c, b with gains 2, 1, 1/2. */
START_TEST(test_divers_hand)
{
  rm_list l;
  rm_subtopics s;
  double lg3 = log2(3.0);
  hand_lists(&l, &s);
  both("alpha-dcg@3", &l, &s, NULL, 2.5 + 1 / (2 * lg3));
  both("alpha-ndcg@3", &l, &s, NULL, (2.5 + 1 / (2 * lg3)) / (2.25 + 1 / lg3));
  both("err-ia@3", &l, &s, "31/72", 31.0 / 72);          /* (1/2)/3 (2 + 1/4 + 1/3) */
  both("nerr-ia@3", &l, &s, "31/32", 31.0 / 32);         /* (31/12) / (8/3) */
  both("nrbp", &l, &s, "5/8", 0.625);                    /* (3/4)/3 (2 + 1/4 + 1/4) */
  both("nnrbp", &l, &s, "20/21", 20.0 / 21);             /* (5/2) / (21/8) */
  both("p-ia@3", &l, &s, "4/9", 4.0 / 9);                /* (2 + 1 + 1) / (3 * 3) */
  both("p-ia@6", &l, &s, "2/9", 2.0 / 9);                /* divided by K, not n */
  both("ap-ia", &l, &s, "7/9", 7.0 / 9);                 /* (1 + 1 + 1/3) / 3 */
  both("strec@1", &l, &s, "2/3", 2.0 / 3);
  both("strec@3", &l, &s, "1", 1);
  /* the ideal ideal: 3 (1 + 1/4 + 1/12) = 4 for err-ia@3 */
  both("err-ia@3[scale=ideal]", &l, &s, "31/48", 31.0 / 48);
  both("err-ia@1[scale=ndeval]", &l, &s, "2", 2);        /* ndeval divides from rank 2 */
  both("err-ia@1[scale=ideal]", &l, &s, "2/3", 2.0 / 3);
  both("alpha-dcg@1[scale=ndeval]", &l, &s, "2", 2);
  /* alpha = 0: plain binary gains 2, 1, 1; alpha = 1: b adds nothing */
  both("err-ia@3[alpha=1]", &l, &s, "7/9", 7.0 / 9);     /* (1/3)(2 + 0 + 1/3) */
  both("nerr-ia@3[alpha=0]", &l, &s, "1", 1); /* gains 2, 1, 1 whatever the order */
  /* reverse ties reverse nothing here (no ties); order=rank: the input order */
  both("strec@1[order=rank]", &l, &s, "2/3", 2.0 / 3);
}
END_TEST

/* weights=given: w = 1, 3, 0 (subtopic 3 weighs nothing), W = 4.
   strec@1 = (1 + 3)/4 = 1; p-ia@2 = (1*2/2 + 3*1/2)/4 = 5/8;
   err-ia@3 = (1/2)/4 (G1 + G2/2 + G3/3) with G = 4, 1/2, 0: 17/32. */
START_TEST(test_divers_weights)
{
  static const double w[] = {1, 3, 0}, bad[] = {1, -1, 0};
  rm_list l;
  rm_subtopics s;
  rm_variant v;
  double d;
  hand_lists(&l, &s);
  s.weight = w;
  both("strec@1[weights=given]", &l, &s, "1", 1);
  both("p-ia@2[weights=given]", &l, &s, "5/8", 0.625);
  both("err-ia@3[weights=given]", &l, &s, "17/32", 17.0 / 32);
  tu_parse_or_fail("strec@1[weights=given]", &v);
  s.weight = NULL;
  ck_assert_int_eq(rm_div_value(&v, &l, &s, NULL, &d), RM_EINVAL);
  s.weight = bad;
  ck_assert_int_eq(rm_div_value(&v, &l, &s, NULL, &d), RM_EGRADE);
}
END_TEST

START_TEST(test_divers_refusals)
{
  static const int neg[] = {1, -1, 0, 1, 0, 0, 0, 0, 1};
  rm_list l;
  rm_subtopics s;
  rm_variant v, p;
  rm_exact e;
  double d;
  char msg[200];
  hand_lists(&l, &s);
  tu_parse_or_fail("alpha-ndcg@3", &v);
  tu_parse_or_fail("ap", &p);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EINVAL);   /* no subtopics */
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EINVAL);
  rm_exact_clear(&e);
  ck_assert_int_eq(rm_div_value(&p, &l, &s, NULL, &d), RM_EINVAL); /* not of the family */
  ck_assert_int_eq(rm_div_value(&v, &l, NULL, NULL, &d), RM_EINVAL);
  s.grade = neg;
  ck_assert_int_eq(rm_div_value(&v, &l, &s, NULL, &d), RM_EGRADE);
  s.grade = NULL;
  ck_assert_int_eq(rm_div_value(&v, &l, &s, NULL, &d), RM_EINVAL);
  ck_assert(rm_metric_subtopics(RM_STREC) && !rm_metric_subtopics(RM_AP));
  ck_assert_int_eq(rm_variant_parse("alpha-ndcg[ideal=exact]", &v, msg, sizeof msg), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("nnrbp@5[ideal=exact]", &v, msg, sizeof msg), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("alpha-dcg[scale=ideal]", &v, msg, sizeof msg), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("alpha-ndcg@5[alpha=3/2]", &v, msg, sizeof msg), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("err-ia@5[ties=average]", &v, msg, sizeof msg), RM_ENAME);
  ck_assert_int_eq(rm_variant_parse("ndcg@5[ideal=greedy]", &v, msg, sizeof msg), RM_ENAME);
  /* a query with nothing relevant: undefined, 0 under undef=zero */
  s.grade = hu; s.m = 1; l.n = 1; l.n_unretrieved = 0;
  tu_parse_or_fail("alpha-ndcg@3", &v);
  ck_assert_int_eq(rm_div_value(&v, &l, &s, NULL, &d), RM_UNDEFINED);
  ck_assert(d == 0);
}
END_TEST

/* Random pools for the two tests below: n retrieved and u unretrieved items
   over m subtopics, grades 0..2, about a third relevant. */
typedef struct { int g[12 * 5], ug[6 * 5], pg[12]; double sc[12]; size_t n, u, m; } rpool;

static void rpool_make(tu_rng *r, rpool *p, rm_list *l, rm_subtopics *s)
{
  size_t i;
  p->n = 1 + tu_below(r, 6); p->u = tu_below(r, 3); p->m = 1 + tu_below(r, 4);
  for (i = 0; i < p->n * p->m; i++) p->g[i] = tu_below(r, 3) ? 0 : 1 + (int) tu_below(r, 2);
  for (i = 0; i < p->u * p->m; i++) p->ug[i] = tu_below(r, 3) ? 0 : 1;
  for (i = 0; i < p->n; i++) { p->pg[i] = 0; p->sc[i] = (double) tu_below(r, 4); }
  memset(l, 0, sizeof *l); memset(s, 0, sizeof *s);
  l->n = p->n; l->grade = p->pg; l->score = p->sc;
  l->n_unretrieved = p->u; l->unretrieved_grade = p->pg;
  s->m = p->m; s->grade = p->g; s->unretrieved_grade = p->ug;
}

/* alpha-DCG@K (alpha = 1/2) of a sequence of pool items, from the
   definition: pool item i < n is retrieved item i, then the unretrieved. */
static double brute_dcg(const rpool *p, const size_t *seq, size_t k)
{
  int c[5] = {0};
  double x = 0;
  size_t r, t;
  for (r = 0; r < k; r++) {
    const int *row = seq[r] < p->n ? p->g + seq[r] * p->m : p->ug + (seq[r] - p->n) * p->m;
    double gain = 0;
    for (t = 0; t < p->m; t++) if (row[t] >= 1) gain += ldexp(1.0, -c[t]++);
    x += gain / log2((double) r + 2);
  }
  return x;
}
/* the largest over every ordered choice of k items of the pool */
static double brute_best(const rpool *p, size_t *seq, size_t r, size_t k, unsigned used)
{
  size_t i, np = p->n + p->u;
  double best = r == k ? brute_dcg(p, seq, k) : 0;
  if (r == k) return best;
  for (i = 0; i < np; i++)
    if (!(used >> i & 1)) {
      double x;
      seq[r] = i;
      x = brute_best(p, seq, r + 1, k, used | 1u << i);
      if (x > best) best = x;
    }
  return best;
}

/* ideal=exact against the brute force; ideal=greedy never below it. */
START_TEST(test_divers_exact_ideal)
{
  tu_rng r = {20261128};
  int it;
  for (it = 0; it < 300; it++) {
    rpool p;
    rm_list l;
    rm_subtopics s;
    rm_variant v, g;
    char name[64];
    size_t k, seq[8], run[12], i;
    double dx, dg, best, mine;
    rpool_make(&r, &p, &l, &s);
    k = 1 + tu_below(&r, (unsigned) (p.n + p.u < 4 ? p.n + p.u : 4));
    snprintf(name, sizeof name, "alpha-ndcg@%lu[ideal=exact,order=rank]", (unsigned long) k);
    tu_parse_or_fail(name, &v);
    g = v; g.ideal = RM_IDEAL_GREEDY;
    if (rm_div_value(&v, &l, &s, NULL, &dx) != RM_OK) continue; /* nothing relevant */
    ck_assert_int_eq(rm_div_value(&g, &l, &s, NULL, &dg), RM_OK);
    best = brute_best(&p, seq, 0, k < p.n + p.u ? k : p.n + p.u, 0);
    for (i = 0; i < p.n; i++) run[i] = i;
    mine = brute_dcg(&p, run, k < p.n ? k : p.n) / best;
    ck_assert_msg(fabs(dx - mine) <= 1e-12 * mine + 1e-300, "exact ideal %.17g, brute %.17g", dx, mine);
    ck_assert_msg(dg >= dx * (1 - 1e-12), "greedy %.17g below exact %.17g", dg, dx);
  }
}
END_TEST

/* The double path within its bound of the exact one, every measure. */
START_TEST(test_divers_paths)
{
  static const char *const names[] = {"alpha-dcg@%u[alpha=%s]", "alpha-ndcg@%u[alpha=%s]",
    "err-ia@%u[alpha=%s,scale=ideal]", "nerr-ia@%u[alpha=%s]", "nrbp[alpha=%s,beta=1/3]",
    "nnrbp[alpha=%s,beta=3/4]", "p-ia@%u", "ap-ia", "strec@%u",
    "alpha-ndcg@%u[alpha=%s,ideal=exact]", "alpha-dcg@%u[alpha=%s,scale=ndeval]"};
  static const char *const alphas[] = {"1/2", "1/3", "0.9", "0", "1"};
  tu_rng r = {7};
  int it;
  for (it = 0; it < 400; it++) {
    rpool p;
    rm_list l;
    rm_subtopics s;
    rm_variant v;
    rm_exact e;
    char name[80];
    const char *f = names[tu_below(&r, 11)];
    unsigned k = 1 + tu_below(&r, 8);
    double d;
    rm_status sd, sx;
    rpool_make(&r, &p, &l, &s);
    if (strstr(f, "%u") == f + strcspn(f, "%")) snprintf(name, sizeof name, f, k, alphas[tu_below(&r, 5)]);
    else snprintf(name, sizeof name, f, alphas[tu_below(&r, 5)]);
    tu_parse_or_fail(name, &v);
    rm_exact_init(&e);
    sd = rm_div_value(&v, &l, &s, NULL, &d);
    sx = rm_div_value_exact(&v, &l, &s, &e);
    ck_assert_msg(sd == sx, "%s: statuses %d and %d", name, sd, sx);
    if (sd >= 0) ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "%s: %.17g against %.17g",
      name, d, e.value);
    rm_exact_clear(&e);
  }
}
END_TEST

/* The smallest witness of greedy against exact, worked by hand: items
   d01 = {1,3}, d02 = {2,4}, d03 = {3,4} all gain 2 at rank 1; ndeval's rule
   takes the largest name, d03, after which d01 and d02 gain 1 + 1/2 each:
   2 + (3/2)/lg 3.  The exact ideal d01, d02 gains 2 + 2/lg 3 at K = 2; no
   judgments of two items, or of three over fewer subtopics, differ. */
START_TEST(test_divers_witness)
{
  rm_variant v;
  rm_div_found f;
  tu_parse_or_fail("alpha-ndcg", &v);
  ck_assert_int_eq(rm_div_witness(&v, 6, &f), RM_OK);
  ck_assert(f.n == 3 && f.m == 4 && f.k == 2);
  ck_assert(f.rows[0] == 5 && f.rows[1] == 10 && f.rows[2] == 12);
  ck_assert(f.n_greedy == 2 && f.greedy[0] == 2 && f.greedy[1] == 1);
  ck_assert(f.n_exact == 2 && f.exact[0] == 0 && f.exact[1] == 1);
  ck_assert(fabs(f.greedy_value - (2 + 1.5 / log2(3.0))) < 1e-15);
  ck_assert(fabs(f.exact_value - (2 + 2 / log2(3.0))) < 1e-15);
  ck_assert_int_eq(rm_div_witness(&v, 2, &f), RM_UNDEFINED);
  tu_parse_or_fail("ap-ia", &v);
  ck_assert_int_eq(rm_div_witness(&v, 6, &f), RM_EINVAL);
}
END_TEST

Suite *suite_divers(void)
{
  Suite *s = suite_create("divers");
  TCase *tc = tcase_create("divers");
  tcase_add_test(tc, test_divers_hand);
  tcase_add_test(tc, test_divers_weights);
  tcase_add_test(tc, test_divers_refusals);
  tcase_add_test(tc, test_divers_exact_ideal);
  tcase_add_test(tc, test_divers_paths);
  tcase_add_test(tc, test_divers_witness);
  suite_add_tcase(s, tc);
  return s;
}
