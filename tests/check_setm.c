/* tests/check_setm.c -- Check tests of the metrics of a whole set (the
   section "Metrics of a whole set" of rankmetrics.w): coverage@K and the
   F-score of means fmean@K.

   Every expected value here is derived independently of the library:
   fractions worked out by hand (derivations in the comments, checked with
   Python's fractions module), or an oracle written in this file from the
   definitions in the book (its own ranking, its own distinct count, its own
   precision and recall with GMP mpq), sharing no code with the library.  No
   value printed by the library is pasted back.

   Definitions used (from the book):
     coverage@K[items=N] = #distinct ids among the top K of every list / N,
       the lists ranked by score with the tie rule (input order without
       scores); K = n without a cutoff; a list with items and no ids, or a
       NULL id, is RM_EIDS.  An empty set covers 0 items.
     fmean@K[beta2=b] = (1+b) P R / (b P + R), P and R the means over users of
       precision@K (hits in the top K over K; K = n without a cutoff; an
       empty list without a cutoff counts 0) and recall@K (hits over all
       relevant items, unretrieved ones included; 0 for a user without a
       relevant item, whatever undef says); 0 when P = R = 0; undefined (by
       undef) for an empty set.

   Suite "setm": tcases names, hand, oracle. */

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"
#include "testutil.h"

#define SETM_TIMEOUT 60
#define OR_CHUNKS 12     /* loop iterations of each oracle ... */
#define OR_PER 100       /* ... each with this many sets: 1200 per metric */
#define OR_MAXQ 6        /* most lists in a random set */
#define OR_MAXN 8        /* longest random list */
#define OR_MAXU 3        /* most unretrieved judged grades */
#define OR_POOL 14       /* identifiers to draw from */

/* ------------------------------------------------------------------------ */
/* Helpers.                                                                  */

static void free_gmp_str(char *s)
{
  void (*freefunc)(void *, size_t);
  mp_get_memory_functions(NULL, NULL, &freefunc);
  freefunc(s, strlen(s) + 1);
}

/* Check both paths of variant |name| on the set |q| of |nq| lists against
   the status |want_s| and, for a status >= 0, the fraction |want| (in any
   form mpq_set_str reads; it is canonicalized).  |single|: also check
   rm_value and rm_value_exact on q[0] (nq must be 1).  |why| labels
   messages. */
static void expect_set(const char *why, const char *name, const rm_list *q, size_t nq,
                       rm_status want_s, const char *want, int single)
{
  rm_variant v;
  rm_exact e;
  rm_status s;
  mpq_t x;
  char *ws = NULL;
  double want_d = 0, d = -1;
  int tern = 0, pass;
  tu_parse_or_fail(name, &v);
  ck_assert_msg(rm_variant_reads_set(&v), "%s: %s does not read a set", why, name);
  mpq_init(x);
  if (want_s >= 0) {
    ck_assert_msg(mpq_set_str(x, want, 10) == 0, "%s: bad fraction %s", why, want);
    mpq_canonicalize(x);
    ws = mpq_get_str(NULL, 10, x);
    want_d = tu_round_q(x, &tern);
  }
  for (pass = 0; pass < (single ? 2 : 1); pass++) {
    const char *how = pass ? "rm_value_exact" : "rm_value_set_exact";
    rm_exact_init(&e);
    s = pass ? rm_value_exact(&v, &q[0], &e) : rm_value_set_exact(&v, q, nq, &e);
    ck_assert_msg(s == want_s, "%s: %s %s status %d, want %d", why, how, name, (int) s,
                  (int) want_s);
    if (want_s >= 0) {
      ck_assert_msg(e.rational != NULL && strcmp(e.rational, ws) == 0,
                    "%s: %s %s = %s, want %s", why, how, name,
                    e.rational ? e.rational : "(none)", ws);
      ck_assert_msg(tu_bits(e.value) == tu_bits(want_d) && e.ternary == tern,
                    "%s: %s %s value %a ternary %d, want %a ternary %d", why, how, name,
                    e.value, e.ternary, want_d, tern);
    }
    rm_exact_clear(&e);
    how = pass ? "rm_value" : "rm_value_set";
    d = -1;
    s = pass ? rm_value(&v, &q[0], NULL, &d) : rm_value_set(&v, q, nq, NULL, &d);
    ck_assert_msg(s == want_s, "%s: %s %s status %d, want %d", why, how, name, (int) s,
                  (int) want_s);
    if (want_s >= 0)
      ck_assert_msg(rm_ulps_between(d, want_d) <= rm_ulp_bound(&v),
                    "%s: %s %s = %a, want %a within %g ulps", why, how, name, d, want_d,
                    rm_ulp_bound(&v));
  }
  if (ws) free_gmp_str(ws);
  mpq_clear(x);
}

/* ------------------------------------------------------------------------ */
/* 1. Names.                                                                 */

/* Canonical names written out by hand: the metric, its cutoff, then its keys
   in print order (items 3, beta2 8, rel 20, ties 60, undef 70); beta2 a
   fraction in lowest terms, printed as an integer, a terminating decimal
   (1/4 -> 0.25) or p/q. */
static const struct { const char *in, *canon; } canon_cases[] = {
  {"coverage@10[items=500]", "coverage@10[items=500,ties=input]"},
  {"coverage[items=1]", "coverage[items=1,ties=input]"},
  {"coverage[ties=id-desc,items=3]", "coverage[items=3,ties=id-desc]"},
  {"coverage@1[items=2147483647,ties=reverse]",
   "coverage@1[items=2147483647,ties=reverse]"},
  {"fmean@5", "fmean@5[beta2=1,rel=1,ties=input,undef=zero]"},
  {"fmean", "fmean[beta2=1,rel=1,ties=input,undef=zero]"},
  {"fmean[beta2=1/4,undef=one]", "fmean[beta2=0.25,rel=1,ties=input,undef=one]"},
  {"fmean@3[ties=pessimistic,beta2=2/6,rel=2]",
   "fmean@3[beta2=1/3,rel=2,ties=pessimistic,undef=zero]"},
  {"fmean[beta2=4.0]", "fmean[beta2=4,rel=1,ties=input,undef=zero]"},
  {"fmean@2[undef=error,ties=id-asc]", "fmean@2[beta2=1,rel=1,ties=id-asc,undef=error]"},
};
#define N_CANON (sizeof canon_cases / sizeof canon_cases[0])

START_TEST(test_canonical)
{
  rm_variant v, w;
  char buf[RM_NAME_MAX], buf2[RM_NAME_MAX];
  size_t len;
  tu_parse_or_fail(canon_cases[_i].in, &v);
  len = rm_variant_name(&v, buf, sizeof buf);
  ck_assert_msg(strcmp(buf, canon_cases[_i].canon) == 0 && len == strlen(buf),
                "'%s' prints as '%s' (%zu), want '%s'", canon_cases[_i].in, buf, len,
                canon_cases[_i].canon);
  ck_assert_msg(v.agg == RM_AGG_NONE && rm_variant_reads_set(&v),
                "'%s': agg %d, reads_set %d", canon_cases[_i].in, v.agg,
                rm_variant_reads_set(&v));
  ck_assert(v.metric == (strncmp(canon_cases[_i].in, "coverage", 8) == 0 ? RM_COVERAGE
                         : RM_FMEAN));
  tu_parse_or_fail(buf, &w);
  rm_variant_name(&w, buf2, sizeof buf2);
  ck_assert_str_eq(buf2, buf);
}
END_TEST

/* Fields read back by hand. */
START_TEST(test_fields)
{
  rm_variant v;
  tu_parse_or_fail("coverage@10[items=500]", &v);
  ck_assert(v.metric == RM_COVERAGE && v.k == 10 && v.items == 500
            && v.ties == RM_TIES_INPUT);
  tu_parse_or_fail("coverage[items=1]", &v);
  ck_assert(v.k == 0 && v.items == 1);
  /* items has no default: the catalogue's size is not in the lists */
  rm_variant_default(&v, RM_COVERAGE);
  ck_assert(v.items == RM_ITEMS_UNSET);
  tu_parse_or_fail("fmean@7[beta2=0.25,rel=3,ties=optimistic,undef=one]", &v);
  ck_assert(v.metric == RM_FMEAN && v.k == 7 && v.beta2 == 1 && v.beta2_den == 4
            && v.rel == 3 && v.ties == RM_TIES_OPTIMISTIC && v.undef == RM_UNDEF_ONE);
}
END_TEST

/* Refused names: an aggregator on a metric of a whole set, the tie rule
   average for fmean, items out of 1..2^31-1, keys these metrics do not use,
   beta2 out of range; coverage without items (it has no default). */
static const char *const reject_cases[] = {
  "mean:coverage", "micro:fmean", "sum:coverage@3[items=5]", "mean[weight=items]:fmean@2",
  "mean[skip=undef]:coverage", "micro:coverage",
  "fmean[ties=average]", "fmean@3[ties=average,beta2=4]", "coverage@1[ties=average]",
  "coverage[items=0]", "coverage[items=-1]", "coverage[items=2147483648]",
  "coverage[items=1.5]", "coverage[items=x]",
  "coverage[rel=2]", "coverage[undef=one]", "coverage[beta2=2]", "coverage[denom=list]",
  "fmean[items=10]", "fmean@2[denom=list]", "fmean[norm=min]", "fmean[hit=any]",
  "fmean[beta2=0]", "fmean[beta2=1000001]",
  "coverage", "coverage@2", "coverage[ties=id-asc]",
};
#define N_REJECT (sizeof reject_cases / sizeof reject_cases[0])

START_TEST(test_reject)
{
  rm_variant v;
  char msg[256] = "";
  rm_status s = rm_variant_parse(reject_cases[_i], &v, msg, sizeof msg);
  ck_assert_msg(s == RM_ENAME && msg[0] != '\0', "'%s': status %d, message '%s'",
                reject_cases[_i], (int) s, msg);
}
END_TEST

/* A cutoff out of 1..10^7 is RM_EK (the status code for it), with a message. */
START_TEST(test_bad_cutoff)
{
  static const char *const names[] = {"coverage@0", "fmean@10000001"};
  rm_variant v;
  char msg[256] = "";
  rm_status s = rm_variant_parse(names[_i], &v, msg, sizeof msg);
  ck_assert_msg(s == RM_EK && msg[0] != '\0', "'%s': status %d, message '%s'", names[_i],
                (int) s, msg);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 2. Hand cases.                                                            */

#define G(...) (const int[]){__VA_ARGS__}
#define S(...) (const double[]){__VA_ARGS__}
#define I(...) (const char *const[]){__VA_ARGS__}

/* CS1: three users without scores, ids x,y,z / y,x,w / z.  Top 2: {x,y},
   {y,x}, {z}: 3 distinct.  Top 1: x, y, z: 3.  Whole lists (and K = 10,
   beyond every list): x,y,z,w: 4. */
static const rm_list CS1[] = {
  {3, G(1, 0, 0), NULL, I("x", "y", "z"), 0, NULL, NULL, NULL, NULL},
  {3, G(0, 0, 1), NULL, I("y", "x", "w"), 0, NULL, NULL, NULL, NULL},
  {1, G(0), NULL, I("z"), 0, NULL, NULL, NULL, NULL},
};
/* Duplicates inside one list: p,p,q,p.  Top 3 {p,q}: 2; top 2 {p}: 1. */
static const rm_list CSDUP[] = {{4, G(0, 1, 0, 0), NULL, I("p", "p", "q", "p"), 0, NULL, NULL, NULL, NULL}};
/* Identifiers are byte strings: "A", "a", "a " are three. */
static const rm_list CSBYTES[] = {{3, G(0, 0, 0), NULL, I("A", "a", "a "), 0, NULL, NULL, NULL, NULL}};
/* CT: list A has scores 0.5,0.9,0.5,0.5, ids c,a,d,b, grades 1,0,0,1; a is
   first, then the tie of input positions 0,2,3 (ids c,d,b; grades 1,0,1):
     input        c d b  -> top 3 a,c,d   top 2 a,c
     reverse      b d c  -> a,b,d         a,b
     id-asc       b c d  -> a,b,c         a,b
     id-desc      d c b  -> a,d,c         a,d
     pessimistic  d c b  -> a,d,c         a,d   (grade 0 first, then input order)
     optimistic   c b d  -> a,c,b         a,c
   List B (no scores) has a,b; its top 3 is a,b (K beyond the list).
   coverage@3[items=5] = |top3(A) u {a,b}| / 5: input 4, reverse 3, id-asc 3,
   id-desc 4, pessimistic 4, optimistic 3.
   coverage@2[items=5]: input 3, reverse 2, id-asc 2, id-desc 3, pessimistic 3,
   optimistic 3. */
static const rm_list CT[] = {
  {4, G(1, 0, 0, 1), S(0.5, 0.9, 0.5, 0.5), I("c", "a", "d", "b"), 0, NULL, NULL, NULL, NULL},
  {2, G(0, 0), NULL, I("a", "b"), 0, NULL, NULL, NULL, NULL},
};
/* -0 and +0 tie: scores -0.0, 0.0, ids n, p; with a second list n.  Top 1
   under input: n; under reverse: p.  coverage@1[items=2]: input {n} 1/2,
   reverse {p,n} 1. */
static const rm_list CZERO[] = {
  {2, G(0, 0), S(-0.0, 0.0), I("n", "p"), 0, NULL, NULL, NULL, NULL},
  {1, G(0), NULL, I("n"), 0, NULL, NULL, NULL, NULL},
};
/* Empty lists may lack ids: two of them cover 0; with x,y they cover 2. */
static const rm_list CEMPTY[] = {
  {0, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL},
  {0, NULL, NULL, NULL, 1, G(1), NULL, NULL, NULL},
  {2, G(0, 1), NULL, I("x", "y"), 0, NULL, NULL, NULL, NULL},
};
/* Missing identifiers. */
static const rm_list CNOIDS[] = {{2, G(0, 1), NULL, NULL, 0, NULL, NULL, NULL, NULL}};
static const rm_list CNULLID[] = {{2, G(0, 1), NULL, I("x", NULL), 0, NULL, NULL, NULL, NULL}};
static const rm_list CSECOND[] = {
  {2, G(0, 1), NULL, I("x", "y"), 0, NULL, NULL, NULL, NULL},
  {1, G(1), S(0.5), NULL, 0, NULL, NULL, NULL, NULL},
};

/* S1 (fmean): u1 grades 1,1,0 with two relevant unretrieved (R = 4);
   u2 grades 0,1 with one relevant unretrieved (R = 2); u3 grades 0,0,0,1
   (R = 1).
   @2: P = 1, 1/2, 0 -> 1/2; R = 2/4, 1/2, 0 -> 1/3.
       F_b = (1+b)(1/6)/(b/2+1/3): b=1 2/5, b=4 5/14, b=1/4 5/11.
   no cutoff (K = n = 3,2,4): P = 2/3, 1/2, 1/4 -> 17/36; R = 1/2, 1/2, 1 -> 2/3.
       b=1 68/123, b=4 85/138, b=1/4 170/339.
   @5 (beyond every list): P = 2/5, 1/5, 1/5 -> 4/15; R -> 2/3.
       b=1 8/21, b=4 20/39, b=1/4 10/33. */
static const rm_list S1[] = {
  {3, G(1, 1, 0), NULL, NULL, 2, G(1, 1), NULL, NULL, NULL},
  {2, G(0, 1), NULL, NULL, 1, G(1), NULL, NULL, NULL},
  {4, G(0, 0, 0, 1), NULL, NULL, 0, NULL, NULL, NULL, NULL},
};
/* S2: u1 grades 2,1,0,2 with 2,1 unretrieved; u2 grades 1,1.
   @2[rel=2]: u1 top 2,1: h 1, P 1/2, R 1/3 (three items of grade 2); u2 h 0,
   P 0, R 0 (none relevant) -> P 1/4, R 1/6, F1 = (1/12)/(5/12) = 1/5.
   @2[rel=1]: u1 h 2, P 1, R 2/5; u2 h 2, P 1, R 1 -> P 1, R 7/10, F1 = 14/17. */
static const rm_list S2[] = {
  {4, G(2, 1, 0, 2), NULL, NULL, 2, G(2, 1), NULL, NULL, NULL},
  {2, G(1, 1), NULL, NULL, 0, NULL, NULL, NULL, NULL},
};
/* ST: u1 grades 1,0,0,1, scores 0.5,0.5,0.9,0.5, ids m,k,q,z (R = 2): rank 1
   is q (grade 0), rank 2 the first of the tie m,k,z (grades 1,0,1):
   input m, reverse z, id-asc k, id-desc z, pessimistic k, optimistic m.
   h@2 = 1, 1, 0, 1, 0, 1.  Alone: P = R = h/2, F1 = 1/2 or 0 (both means 0).
   With u2 grades 0,1 (P 1/2, R 1): h 1 -> P 1/2, R 3/4, F1 = 3/5;
   h 0 -> P 1/4, R 1/2, F1 = 1/3. */
static const rm_list ST[] = {
  {4, G(1, 0, 0, 1), S(0.5, 0.5, 0.9, 0.5), I("m", "k", "q", "z"), 0, NULL, NULL, NULL, NULL},
  {2, G(0, 1), NULL, NULL, 0, NULL, NULL, NULL, NULL},
};
static const rm_list STNOIDS[] = {{4, G(1, 0, 0, 1), S(0.5, 0.5, 0.9, 0.5), NULL, 0, NULL, NULL, NULL, NULL}};
/* SZ: no hits anywhere: u1 grades 0,0 with one relevant unretrieved, u2 an
   empty list.  P = R = 0 -> 0, a defined value whatever undef says. */
static const rm_list SZ[] = {
  {2, G(0, 0), NULL, NULL, 1, G(1), NULL, NULL, NULL},
  {0, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL},
};
/* SN: u1 grades 1,0 (P@2 1/2, R 1), u2 grades 0,0 (no relevant: R 0 even
   under undef=one) -> P 1/4, R 1/2, F1 = (1/4)/(3/4) = 1/3; were u2's recall
   1, it would be 2/5.  No cutoff: the same numbers. */
static const rm_list SN[] = {
  {2, G(1, 0), NULL, NULL, 0, NULL, NULL, NULL, NULL},
  {2, G(0, 0), NULL, NULL, 0, NULL, NULL, NULL, NULL},
};

#define SET(a) a, (sizeof a / sizeof a[0])
static const struct {
  const char *name;
  const rm_list *q;
  size_t nq;
  rm_status status;
  const char *value; /* a fraction; NULL for an error */
} hand[] = {
  /* coverage: duplicates across users, cutoffs, K beyond lists */
  {"coverage@2[items=8]", SET(CS1), RM_OK, "3/8"},
  {"coverage@1[items=6]", SET(CS1), RM_OK, "1/2"},
  {"coverage[items=8]", SET(CS1), RM_OK, "4/8"},
  {"coverage@10[items=8]", SET(CS1), RM_OK, "4/8"},
  {"coverage@3[items=3]", SET(CS1), RM_OK, "4/3"},   /* items too small: > 1 */
  {"coverage@2[items=1]", SET(CS1), RM_OK, "3"},     /* items=1: the plain count */
  {"coverage@3[items=10]", SET(CSDUP), RM_OK, "2/10"},
  {"coverage@2[items=10]", SET(CSDUP), RM_OK, "1/10"},
  {"coverage[items=7]", SET(CSBYTES), RM_OK, "3/7"},
  /* coverage: tie rules */
  {"coverage@3[items=5]", SET(CT), RM_OK, "4/5"},
  {"coverage@3[items=5,ties=input]", SET(CT), RM_OK, "4/5"},
  {"coverage@3[items=5,ties=reverse]", SET(CT), RM_OK, "3/5"},
  {"coverage@3[items=5,ties=id-asc]", SET(CT), RM_OK, "3/5"},
  {"coverage@3[items=5,ties=id-desc]", SET(CT), RM_OK, "4/5"},
  {"coverage@3[items=5,ties=pessimistic]", SET(CT), RM_OK, "4/5"},
  {"coverage@3[items=5,ties=optimistic]", SET(CT), RM_OK, "3/5"},
  {"coverage@2[items=5]", SET(CT), RM_OK, "3/5"},
  {"coverage@2[items=5,ties=reverse]", SET(CT), RM_OK, "2/5"},
  {"coverage@2[items=5,ties=id-asc]", SET(CT), RM_OK, "2/5"},
  {"coverage@2[items=5,ties=id-desc]", SET(CT), RM_OK, "3/5"},
  {"coverage@2[items=5,ties=pessimistic]", SET(CT), RM_OK, "3/5"},
  {"coverage@2[items=5,ties=optimistic]", SET(CT), RM_OK, "3/5"},
  {"coverage[items=5,ties=reverse]", SET(CT), RM_OK, "4/5"}, /* all of a,b,c,d */
  {"coverage@1[items=2]", SET(CZERO), RM_OK, "1/2"},
  {"coverage@1[items=2,ties=reverse]", SET(CZERO), RM_OK, "1"},
  /* coverage: empty set and empty lists */
  {"coverage@5[items=7]", NULL, 0, RM_OK, "0"},
  {"coverage[items=7]", CEMPTY, 2, RM_OK, "0"},
  {"coverage[items=7]", SET(CEMPTY), RM_OK, "2/7"},
  /* coverage: missing identifiers */
  {"coverage[items=5]", SET(CNOIDS), RM_EIDS, NULL},
  {"coverage@1[items=5]", SET(CNULLID), RM_EIDS, NULL},
  {"coverage[items=5]", SET(CSECOND), RM_EIDS, NULL},
  {"coverage[items=5,ties=id-asc]", SET(CSECOND), RM_EIDS, NULL},
  /* fmean with beta2 = 1, 4, 1/4 */
  {"fmean@2", SET(S1), RM_OK, "2/5"},
  {"fmean@2[beta2=4]", SET(S1), RM_OK, "5/14"},
  {"fmean@2[beta2=1/4]", SET(S1), RM_OK, "5/11"},
  {"fmean@2[beta2=0.25]", SET(S1), RM_OK, "5/11"},
  {"fmean", SET(S1), RM_OK, "68/123"},
  {"fmean[beta2=4]", SET(S1), RM_OK, "85/138"},
  {"fmean[beta2=1/4]", SET(S1), RM_OK, "170/339"},
  {"fmean@5", SET(S1), RM_OK, "8/21"},
  {"fmean@5[beta2=4]", SET(S1), RM_OK, "20/39"},
  {"fmean@5[beta2=1/4]", SET(S1), RM_OK, "10/33"},
  {"fmean@2[rel=2]", SET(S2), RM_OK, "1/5"},
  {"fmean@2[rel=1]", SET(S2), RM_OK, "14/17"},
  /* fmean: tie rules, two users */
  {"fmean@2", SET(ST), RM_OK, "3/5"},
  {"fmean@2[ties=reverse]", SET(ST), RM_OK, "3/5"},
  {"fmean@2[ties=id-asc]", SET(ST), RM_OK, "1/3"},
  {"fmean@2[ties=id-desc]", SET(ST), RM_OK, "3/5"},
  {"fmean@2[ties=pessimistic]", SET(ST), RM_OK, "1/3"},
  {"fmean@2[ties=optimistic]", SET(ST), RM_OK, "3/5"},
  {"fmean@2[ties=id-asc]", SET(STNOIDS), RM_EIDS, NULL},
  {"fmean@2[ties=input]", SET(STNOIDS), RM_OK, "1/2"},
  /* fmean: both means 0 is 0, not undefined */
  {"fmean@2", SET(SZ), RM_OK, "0"},
  {"fmean@2[undef=one]", SET(SZ), RM_OK, "0"},
  {"fmean[undef=error]", SET(SZ), RM_OK, "0"},
  /* fmean: recall 0 for a user without a relevant item, under any undef */
  {"fmean@2[undef=one]", SET(SN), RM_OK, "1/3"},
  {"fmean[undef=one]", SET(SN), RM_OK, "1/3"},
  {"fmean@2[undef=error]", SET(SN), RM_OK, "1/3"},
  /* fmean: the empty set is undefined */
  {"fmean@2", NULL, 0, RM_UNDEFINED, "0"},
  {"fmean@2[undef=zero]", NULL, 0, RM_UNDEFINED, "0"},
  {"fmean@2[undef=one]", NULL, 0, RM_UNDEFINED, "1"},
  {"fmean[beta2=4,undef=one]", NULL, 0, RM_UNDEFINED, "1"},
  {"fmean@2[undef=error]", NULL, 0, RM_EUNDEF, NULL},
};
#define N_HAND (sizeof hand / sizeof hand[0])

START_TEST(test_hand)
{
  char why[64];
  snprintf(why, sizeof why, "hand case %d", _i);
  expect_set(why, hand[_i].name, hand[_i].q, hand[_i].nq, hand[_i].status, hand[_i].value,
             0);
}
END_TEST

/* rm_value on one list is a set of one. */
static const struct {
  const char *name;
  const rm_list *l;
  rm_status status;
  const char *value;
} single[] = {
  /* CT's list A alone: top 2 under reverse a,b; under input a,c; whole list 4 */
  {"coverage@2[items=4,ties=reverse]", &CT[0], RM_OK, "1/2"},
  {"coverage@2[items=3]", &CT[0], RM_OK, "2/3"},
  {"coverage[items=3]", &CT[0], RM_OK, "4/3"},
  {"coverage[items=3]", &CNOIDS[0], RM_EIDS, NULL},
  /* ST's first user alone: h@2 = 1 (input, optimistic) or 0 (pessimistic) */
  {"fmean@2", &ST[0], RM_OK, "1/2"},
  {"fmean@2[ties=optimistic,beta2=4]", &ST[0], RM_OK, "1/2"},
  {"fmean@2[ties=pessimistic,undef=one]", &ST[0], RM_OK, "0"},
  /* S1's first user: @2 P 1, R 1/2: F1 = 1/(3/2) = 2/3; beta2=4: 5/2/(4+1/2) = 5/9 */
  {"fmean@2", &S1[0], RM_OK, "2/3"},
  {"fmean@2[beta2=4]", &S1[0], RM_OK, "5/9"},
};
#define N_SINGLE (sizeof single / sizeof single[0])

START_TEST(test_single)
{
  char why[64];
  snprintf(why, sizeof why, "single case %d", _i);
  expect_set(why, single[_i].name, single[_i].l, 1, single[_i].status, single[_i].value, 1);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 3. The oracle over random sets.                                           */

static const char *const tie_words[] = {"input", "reverse", "id-asc", "id-desc",
                                        "pessimistic", "optimistic"};
enum { T_INPUT, T_REVERSE, T_IDASC, T_IDDESC, T_PESS, T_OPT };
static const char *const pool[OR_POOL] = {"i0", "i1", "i2", "i3", "i4", "i5", "i6",
                                          "i7", "i8", "i9", "i10", "i11", "I1", "i1 "};
static const struct { const char *word; unsigned long p, q; } betas[] = {
  {"1", 1, 1}, {"4", 4, 1}, {"0.25", 1, 4}, {"2/3", 2, 3}, {"7/5", 7, 5}, {"0.1", 1, 10},
  {"1000000", 1000000, 1}, {"1/999999", 1, 999999},
};
#define N_BETAS (sizeof betas / sizeof betas[0])

typedef struct {
  size_t nq;
  rm_list q[OR_MAXQ];
  int g[OR_MAXQ][OR_MAXN], u[OR_MAXQ][OR_MAXU];
  double s[OR_MAXQ][OR_MAXN];
  const char *id[OR_MAXQ][OR_MAXN];
} rset;

static void random_set(tu_rng *r, rset *b)
{
  size_t j, i;
  b->nq = tu_below(r, OR_MAXQ + 1);
  for (j = 0; j < b->nq; j++) {
    rm_list *l = &b->q[j];
    int scored = tu_below(r, 3) != 0;
    l->n = tu_below(r, OR_MAXN + 1);
    l->n_unretrieved = tu_below(r, OR_MAXU + 1);
    for (i = 0; i < l->n; i++) {
      b->g[j][i] = (int) tu_below(r, 4);
      b->s[j][i] = 0.25 * (double) tu_below(r, 4) - 0.25; /* many ties, -0.25..0.5 */
      b->id[j][i] = pool[tu_below(r, OR_POOL)];
    }
    for (i = 0; i < l->n_unretrieved; i++) b->u[j][i] = (int) tu_below(r, 4);
    l->grade = b->g[j];
    l->score = scored ? b->s[j] : NULL;
    l->id = b->id[j];
    l->unretrieved_grade = b->u[j]; l->label = NULL; l->unjudged = NULL;
  }
}

/* Our own ranking: is input position a strictly before b? */
static int before(const rm_list *l, int t, size_t a, size_t b)
{
  int c;
  if (l->score == NULL) return a < b;
  if (l->score[a] != l->score[b]) return l->score[a] > l->score[b];
  switch (t) {
  case T_REVERSE: return a > b;
  case T_IDASC: c = strcmp(l->id[a], l->id[b]); return c < 0 || (c == 0 && a < b);
  case T_IDDESC: c = strcmp(l->id[a], l->id[b]); return c > 0 || (c == 0 && a < b);
  case T_PESS: return l->grade[a] < l->grade[b] || (l->grade[a] == l->grade[b] && a < b);
  case T_OPT: return l->grade[a] > l->grade[b] || (l->grade[a] == l->grade[b] && a < b);
  default: return a < b;
  }
}

static void oracle_rank(const rm_list *l, int t, size_t *perm)
{
  size_t i, j;
  for (i = 0; i < l->n; i++) perm[i] = i;
  for (i = 1; i < l->n; i++)  /* insertion sort by the strict order above */
    for (j = i; j > 0 && before(l, t, perm[j], perm[j - 1]); j--) {
      size_t x = perm[j]; perm[j] = perm[j - 1]; perm[j - 1] = x;
    }
}

static size_t top(unsigned long k, size_t n)
{
  return k && k < n ? (size_t) k : n;
}

static void oracle_coverage(const rset *b, unsigned long k, int t, unsigned long items,
                            mpq_t out)
{
  const char *seen[OR_MAXQ * OR_MAXN];
  size_t m = 0, j, r, c, perm[OR_MAXN];
  for (j = 0; j < b->nq; j++) {
    oracle_rank(&b->q[j], t, perm);
    for (r = 0; r < top(k, b->q[j].n); r++) {
      const char *x = b->q[j].id[perm[r]];
      for (c = 0; c < m && strcmp(seen[c], x) != 0; c++) ;
      if (c == m) seen[m++] = x;
    }
  }
  mpq_set_ui(out, (unsigned long) m, items);
  mpq_canonicalize(out);
}

/* Returns the status: RM_OK, or for an empty set the undef convention. */
static rm_status oracle_fmean(const rset *b, unsigned long k, int t, unsigned long bp,
                              unsigned long bq, int rel, int undef, mpq_t out)
{
  mpq_t P, R, x, b2, num, den;
  size_t j, r, i, perm[OR_MAXN];
  if (b->nq == 0) {
    if (undef == RM_UNDEF_ERROR) return RM_EUNDEF;
    mpq_set_ui(out, undef == RM_UNDEF_ONE, 1);
    return RM_UNDEFINED;
  }
  mpq_inits(P, R, x, b2, num, den, NULL);
  for (j = 0; j < b->nq; j++) {
    const rm_list *l = &b->q[j];
    unsigned long kk = k ? k : (unsigned long) l->n, h = 0, rr = 0;
    oracle_rank(l, t, perm);
    for (r = 0; r < top(k, l->n); r++) h += l->grade[perm[r]] >= rel;
    for (i = 0; i < l->n; i++) rr += l->grade[i] >= rel;
    for (i = 0; i < l->n_unretrieved; i++) rr += l->unretrieved_grade[i] >= rel;
    if (kk) { mpq_set_ui(x, h, kk); mpq_canonicalize(x); mpq_add(P, P, x); }
    if (rr) { mpq_set_ui(x, h, rr); mpq_canonicalize(x); mpq_add(R, R, x); }
  }
  mpq_set_ui(x, (unsigned long) b->nq, 1);
  mpq_div(P, P, x); mpq_div(R, R, x);
  mpq_set_ui(b2, bp, bq); mpq_canonicalize(b2);
  mpq_mul(den, b2, P); mpq_add(den, den, R);
  if (mpq_sgn(den) == 0) mpq_set_ui(out, 0, 1);
  else {
    mpq_set_ui(num, 1, 1); mpq_add(num, num, b2);
    mpq_mul(num, num, P); mpq_mul(num, num, R);
    mpq_div(out, num, den);
  }
  mpq_clears(P, R, x, b2, num, den, NULL);
  return RM_OK;
}

static void describe(char *buf, size_t len, const rset *b)
{
  size_t j, i, p = 0;
  p += (size_t) snprintf(buf + p, len - p, "{");
  for (j = 0; j < b->nq && p < len; j++) {
    const rm_list *l = &b->q[j];
    p += (size_t) snprintf(buf + p, len - p, "%s[", j ? " " : "");
    for (i = 0; i < l->n && p < len; i++)
      p += l->score ? (size_t) snprintf(buf + p, len - p, "%s%d:%g:%s", i ? "," : "",
                                        l->grade[i], l->score[i], l->id[i])
                    : (size_t) snprintf(buf + p, len - p, "%s%d:%s", i ? "," : "",
                                        l->grade[i], l->id[i]);
    for (i = 0; i < l->n_unretrieved && p < len; i++)
      p += (size_t) snprintf(buf + p, len - p, "%s%d", i ? "," : "|", l->unretrieved_grade[i]);
    if (p < len) p += (size_t) snprintf(buf + p, len - p, "]");
  }
  if (p < len) snprintf(buf + p, len - p, "}");
}

/* Both paths of |name| on |b| against the oracle's |want_s| and |want|. */
static void check_against(const char *name, const rset *b, rm_status want_s, const mpq_t want,
                          long set)
{
  rm_variant v;
  rm_exact e;
  rm_status s;
  double want_d = 0, d = -1;
  int tern = 0;
  char *ws = NULL, desc[1200];
  tu_parse_or_fail(name, &v);
  describe(desc, sizeof desc, b);
  if (want_s >= 0) { ws = mpq_get_str(NULL, 10, want); want_d = tu_round_q(want, &tern); }
  rm_exact_init(&e);
  s = rm_value_set_exact(&v, b->q, b->nq, &e);
  ck_assert_msg(s == want_s && (s < 0 || (e.rational && strcmp(e.rational, ws) == 0
                                          && tu_bits(e.value) == tu_bits(want_d)
                                          && e.ternary == tern)),
                "set %ld %s on %s: exact status %d %s (%a, %d), want %d %s (%a, %d)", set,
                name, desc, (int) s, s >= 0 && e.rational ? e.rational : "-",
                s >= 0 ? e.value : 0.0, e.ternary, (int) want_s, ws ? ws : "-", want_d, tern);
  rm_exact_clear(&e);
  s = rm_value_set(&v, b->q, b->nq, NULL, &d);
  ck_assert_msg(s == want_s && (s < 0 || rm_ulps_between(d, want_d) <= rm_ulp_bound(&v)),
                "set %ld %s on %s: double status %d %a, want %d %a within %g ulps", set, name,
                desc, (int) s, s >= 0 ? d : 0.0, (int) want_s, want_d, rm_ulp_bound(&v));
  if (b->nq == 1) {  /* a single list is a set of one */
    rm_exact_init(&e);
    s = rm_value_exact(&v, &b->q[0], &e);
    ck_assert_msg(s == want_s && (s < 0 || (e.rational && strcmp(e.rational, ws) == 0)),
                  "set %ld %s on %s: rm_value_exact status %d %s, want %d %s", set, name,
                  desc, (int) s, s >= 0 && e.rational ? e.rational : "-", (int) want_s,
                  ws ? ws : "-");
    rm_exact_clear(&e);
    s = rm_value(&v, &b->q[0], NULL, &d);
    ck_assert_msg(s == want_s && (s < 0 || rm_ulps_between(d, want_d) <= rm_ulp_bound(&v)),
                  "set %ld %s on %s: rm_value status %d %a, want %d %a", set, name, desc,
                  (int) s, s >= 0 ? d : 0.0, (int) want_s, want_d);
  }
  if (ws) free_gmp_str(ws);
}

static unsigned long random_k(tu_rng *r)
{
  return tu_below(r, 3) == 0 ? 0 : 1 + tu_below(r, OR_MAXN + 2);
}

static void put_k(char *buf, size_t len, const char *metric, unsigned long k)
{
  if (k) snprintf(buf, len, "%s@%lu", metric, k);
  else snprintf(buf, len, "%s", metric);
}

START_TEST(test_oracle_coverage)
{
  tu_rng r = {0x5e7c0f3a9d1ULL + (uint64_t) _i * 7919};
  int n;
  rset b;
  mpq_t want;
  mpq_init(want);
  for (n = 0; n < OR_PER; n++) {
    unsigned long k = random_k(&r), items = 1 + tu_below(&r, 40);
    int t = (int) tu_below(&r, 6);
    char head[32], name[128];
    random_set(&r, &b);
    if (tu_below(&r, 8) == 0) items = 2147483647UL;
    put_k(head, sizeof head, "coverage", k);
    snprintf(name, sizeof name, "%s[items=%lu,ties=%s]", head, items, tie_words[t]);
    oracle_coverage(&b, k, t, items, want);
    check_against(name, &b, RM_OK, want, (long) _i * OR_PER + n);
  }
  mpq_clear(want);
}
END_TEST

START_TEST(test_oracle_fmean)
{
  static const char *const undef_words[] = {"zero", "one", "error"};
  tu_rng r = {0xf3ea17ULL + (uint64_t) _i * 104729};
  int n;
  rset b;
  mpq_t want;
  mpq_init(want);
  for (n = 0; n < OR_PER; n++) {
    unsigned long k = random_k(&r);
    int t = (int) tu_below(&r, 6), rel = 1 + (int) tu_below(&r, 3);
    int undef = (int) tu_below(&r, 3);
    size_t bi = tu_below(&r, N_BETAS);
    char head[32], name[128];
    rm_status ws;
    random_set(&r, &b);
    put_k(head, sizeof head, "fmean", k);
    snprintf(name, sizeof name, "%s[beta2=%s,rel=%d,ties=%s,undef=%s]", head,
             betas[bi].word, rel, tie_words[t], undef_words[undef]);
    ws = oracle_fmean(&b, k, t, betas[bi].p, betas[bi].q, rel, undef, want);
    check_against(name, &b, ws, want, (long) _i * OR_PER + n);
  }
  mpq_clear(want);
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *suite_setm(void)
{
  Suite *s = suite_create("setm");
  TCase *tc = tcase_create("names");
  tcase_add_loop_test(tc, test_canonical, 0, (int) N_CANON);
  tcase_add_test(tc, test_fields);
  tcase_add_loop_test(tc, test_reject, 0, (int) N_REJECT);
  tcase_add_loop_test(tc, test_bad_cutoff, 0, 2);
  suite_add_tcase(s, tc);
  tc = tcase_create("hand");
  tcase_add_loop_test(tc, test_hand, 0, (int) N_HAND);
  tcase_add_loop_test(tc, test_single, 0, (int) N_SINGLE);
  suite_add_tcase(s, tc);
  tc = tcase_create("oracle");
  tcase_set_timeout(tc, SETM_TIMEOUT);
  tcase_add_loop_test(tc, test_oracle_coverage, 0, OR_CHUNKS);
  tcase_add_loop_test(tc, test_oracle_fmean, 0, OR_CHUNKS);
  suite_add_tcase(s, tc);
  return s;
}
