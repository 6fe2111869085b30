/* tests/check_judged.c -- Check tests of the chapter "Incomplete judgments"
   (bpref, infap, nonrel-judged, judged, unj, rbp, rbp-resid).

   Expected values are derived independently of the library: fractions
   worked out by hand (in the comments), and an oracle written here from the
   descriptions of trec_eval's loops in the book, in GMP rationals, with its
   own ranking (a stable sort by score, ties by input order or by
   identifier).  The oracle's infAP uses trec_eval's form with the position
   j, not the library's simplified term.  The double path is checked against
   the exact path within rm_ulp_bound.

   Suite judged; cases: hand, oracle, cwl, insq, adaptive, compat, errors. */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <math.h>
#include "rankmetrics.h"
#include "testutil.h"

/* One value on both paths: the exact path's fraction must be want (or, for
   want NULL, the status undefined with value 0), and the double path within
   the bound of it. */
static void both(const char *name, const int *g, size_t n, const unsigned char *u,
  size_t nu, const int *ug, const char *want)
{
  rm_list l = {n, g, NULL, NULL, nu, ug, NULL, u, NULL};
  rm_variant v;
  rm_exact e;
  rm_status s, t;
  double d = -1;
  ck_assert_msg(rm_variant_parse(name, &v, NULL, 0) == RM_OK, "%s", name);
  rm_exact_init(&e);
  s = rm_value_exact(&v, &l, &e);
  if (want) {
    ck_assert_msg(s == RM_OK, "%s: status %d", name, (int) s);
    ck_assert_msg(strcmp(e.rational, want) == 0, "%s: %s, want %s", name, e.rational, want);
  } else {
    ck_assert_msg(s == RM_UNDEFINED && e.value == 0, "%s: status %d", name, (int) s);
  }
  t = rm_value(&v, &l, NULL, &d);
  ck_assert_int_eq(t, s);
  ck_assert_msg(rm_ulps_between(d, e.value) <= rm_ulp_bound(&v), "%s: double %a, exact %a",
    name, d, e.value);
  rm_exact_clear(&e);
}

#define G(...) (const int[]){__VA_ARGS__}, sizeof (int[]){__VA_ARGS__} / sizeof (int)
#define U(...) (const unsigned char[]){__VA_ARGS__}

START_TEST(test_hand)
{
  /* R=3 (two retrieved, one not), N=1, D=min(1,3)=1.  d1 nonrelevant; at
     d2 and d3 one nonrelevant is above: 1-1/1=0 each.  bpref=0. */
  both("bpref", G(0, 1, 1), NULL, 1, (const int[]){1}, "0");
  /* R=2, N=4 (d2, d3 and two not retrieved), D=2: d1 scores 1; d4 has two
     nonrelevant above: 1-2/2=0.  bpref=1/2; bpref@3 sees only d1: 1/2. */
  both("bpref", G(1, 0, 0, 1), NULL, 2, (const int[]){0, 0}, "1/2");
  both("bpref@3", G(1, 0, 0, 1), NULL, 2, (const int[]){0, 0}, "1/2");
  /* The same run with d2 unjudged: N=3, D=2; d4 has one nonrelevant above,
     1-1/2, so bpref=(1+1/2)/2=3/4. */
  both("bpref", G(1, 0, 0, 1), U(0, 1, 0, 0), 2, (const int[]){0, 0}, "3/4");
  /* rel=2: grades 2,1,2 with nothing else judged: R=2, N=1 (the 1), D=1;
     d1 scores 1, d3 has one below the threshold above: 0.  bpref=1/2. */
  both("bpref[rel=2]", G(2, 1, 2), NULL, 0, NULL, "1/2");
  /* No relevant judged item: undefined. */
  both("bpref", G(0, 0), U(1, 0), 0, NULL, NULL);
  both("infap", G(0, 0), NULL, 0, NULL, NULL);
  /* infAP: an unjudged item outside the pool above the one relevant item:
     j=1, rho=nu=pi=0: 1/2 + (1/2)(0/1)(eps/2eps) = 1/2. */
  both("infap", G(0, 1), U(1, 0), 0, NULL, "1/2");
  /* In the pool but unjudged: pi=1, rho=nu=0: 1/2 + (1/2)(1/1)(eps/(2 eps))
     = 3/4. */
  both("infap", G(0, 1), U(2, 0), 0, NULL, "3/4");
  /* Every item judged and relevant: each term is 1/(j+1)+(j/(j+1))(j/j)
     (j+eps)/(j+2eps); j=1: 1/2 + (1/2)(100001/100002) = 200003/200004;
     sum 1 + 200003/200004 = 400007/200004, over R=2: 400007/400008. */
  both("infap", G(1, 1), NULL, 0, NULL, "400007/400008");
  /* nonrel-judged[rel=2] of 1, 0, 2, unjudged: the 1 and the 0. */
  both("nonrel-judged[rel=2]", G(1, 0, 2, 0), U(0, 0, 0, 1), 0, NULL, "2");
  both("nonrel-judged@1", G(0, 0), NULL, 0, NULL, "1");
  /* judged and unj: two unjudged of three. */
  both("judged@3", G(0, 0, 1), U(1, 2, 0), 0, NULL, "1/3");
  both("unj@3", G(0, 0, 1), U(1, 2, 0), 0, NULL, "2/3");
  both("unj@5", G(0, 0, 1), U(1, 2, 0), 0, NULL, "2/5");
  both("unj", G(0, 0, 1), U(1, 2, 0), 0, NULL, "2/3");
  both("judged@2", G(0, 0, 1), NULL, 0, NULL, "1");
  both("judged", G(0), NULL, 0, NULL, "1");
  /* denom=list, ir_measures' Judged@K since 0.3.1 (providers/judged_provider.py:
     judged_c / min(K, len(run))): one judged item retrieved of one is 1/1 at
     K=5, where judged@5 divides by 5; two unjudged of three at K=5: 1/3. */
  both("judged@5[denom=list]", G(0), NULL, 0, NULL, "1");
  both("judged@5", G(0), NULL, 0, NULL, "1/5");
  both("judged@5[denom=list]", G(0, 0, 1), U(1, 2, 0), 0, NULL, "1/3");
  both("judged@2[denom=list]", G(0, 0, 1), U(1, 2, 0), 0, NULL, "0");
  {
    rm_list l = {0, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL};
    rm_variant v;
    double d;
    char msg[200];
    /* an empty list has no rank to divide by: 0/0 */
    ck_assert(rm_variant_parse("judged@4[denom=list]", &v, NULL, 0) == RM_OK);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_UNDEFINED);
    /* denom=k is judged's default and is not written; denom=list needs a cutoff */
    ck_assert(rm_variant_parse("judged@4[denom=k]", &v, msg, sizeof msg) == RM_ENAME);
    ck_assert_msg(strstr(msg, "judged takes denom=list only") != NULL, "%s", msg);
    ck_assert(rm_variant_parse("judged[denom=list]", &v, NULL, 0) == RM_ENAME);
  }
  {
    rm_list l = {0, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL};
    rm_variant v;
    double d;
    ck_assert(rm_variant_parse("judged", &v, NULL, 0) == RM_OK);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_UNDEFINED); /* 0/0 */
    ck_assert(rm_variant_parse("judged@4", &v, NULL, 0) == RM_OK);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert(d == 0);
  }
  /* rbp-resid@2[p=1/2] of two unjudged items: (1/2)(1+1/2) + (1/2)^2 = 1. */
  both("rbp-resid@2[p=0.5]", G(0, 0, 1), U(1, 1, 0), 0, NULL, "1");
  /* rbp[p=1/3]: relevant at 1 and 3: (2/3)(1 + 1/9) = 20/27. */
  both("rbp[p=1/3]", G(1, 0, 1), NULL, 0, NULL, "20/27");
  /* gain=linear ignores unjudged items' grades... which the caller set to 0
     anyway; M is the largest judged grade, 3 here: (1/2)(3/3 + (1/4)(1/3))
     = 13/24. */
  both("rbp[p=0.5,gain=linear]", G(3, 0, 1), U(0, 1, 0), 0, NULL, "13/24");
  /* rbp-resid of a list with nothing unjudged: p^n = (9/10)^2. */
  both("rbp-resid", G(1, 0), NULL, 0, NULL, "81/100");
}
END_TEST

/* ---- the oracle ----------------------------------------------------------- */

#define OMAX 40
typedef struct {
  size_t n, nu;
  int g[OMAX], ug[4];
  unsigned char u[OMAX];
  double s[OMAX];
  const char *id[OMAX];
  char idb[OMAX][8];
} olist;

static int by_id_desc;
static const olist *cur;
static int cmp(const void *a, const void *b)
{
  size_t i = *(const size_t *) a, j = *(const size_t *) b;
  int c;
  if (cur->s[i] != cur->s[j]) return cur->s[i] > cur->s[j] ? -1 : 1;
  if (by_id_desc) { c = strcmp(cur->id[j], cur->id[i]); if (c) return c; }
  return i < j ? -1 : 1;
}

/* The value of the variant's metric in the oracle, as a fraction; returns 0
   for an undefined value.  rel is t, k the cutoff (0 none), c/d the
   persistence. */
static int oracle(mpq_t out, rm_metric m, const olist *o, int t, size_t k, int c, int d,
  int linear)
{
  size_t ord[OMAX], i, j, kk;
  long R = 0, N = 0, rel = 0, non = 0, pool = 0, cnt = 0, M = 1;
  mpq_t x, y, pw, p;
  int ok = 1;
  for (i = 0; i < o->n; i++) ord[i] = i;
  cur = o;
  qsort(ord, o->n, sizeof *ord, cmp); /* the indices are distinct: a total order */
  kk = k && k < o->n ? k : o->n;
  for (i = 0; i < o->n; i++)
    if (!o->u[i]) { if (o->g[i] >= t) R++; else N++; if (o->g[i] > M) M = o->g[i]; }
  for (i = 0; i < o->nu; i++) { if (o->ug[i] >= t) R++; else N++; if (o->ug[i] > M) M = o->ug[i]; }
  mpq_inits(x, y, pw, p, NULL);
  mpq_set_ui(out, 0, 1);
  mpq_set_ui(pw, 1, 1);
  mpq_set_ui(p, (unsigned long) c, (unsigned long) d);
  mpq_canonicalize(p);
  for (j = 0; j < kk; j++) {
    size_t r = ord[j];
    int un = o->u[r], isrel = !un && o->g[r] >= t;
    switch (m) {
    case RM_BPREF:
      if (un) break;
      if (!isrel) { non++; break; }
      if (non == 0) mpq_set_ui(x, 1, 1);
      else { /* 1 - min(non, R)/min(N, R) */
        mpq_set_ui(x, (unsigned long) (non < R ? non : R), (unsigned long) (N < R ? N : R));
        mpq_canonicalize(x);
        mpq_set_ui(y, 1, 1);
        mpq_sub(x, y, x);
      }
      mpq_add(out, out, x);
      break;
    case RM_INFAP:
      if (un == 1) break;
      if (un == 2) { pool++; break; }
      if (!isrel) { non++; break; }
      rel++;
      if (j == 0) mpq_set_ui(x, 1, 1);
      else { /* 1/(j+1) + (j/(j+1)) ((rel-1+non+pool)/j) ((rel-1+e)/(rel-1+non+2e)) */
        mpq_set_ui(x, 1, (unsigned long) (j + 1));
        mpq_set_ui(y, (unsigned long) j, (unsigned long) (j + 1));
        mpq_canonicalize(y);
        {
          mpq_t f;
          mpq_init(f);
          mpq_set_ui(f, (unsigned long) (rel - 1 + non + pool), (unsigned long) j);
          mpq_canonicalize(f);
          mpq_mul(y, y, f);
          mpq_set_ui(f, (unsigned long) (100000 * (rel - 1) + 1),
            (unsigned long) (100000 * (rel - 1 + non) + 2));
          mpq_canonicalize(f);
          mpq_mul(y, y, f);
          mpq_clear(f);
        }
        mpq_add(x, x, y);
      }
      mpq_add(out, out, x);
      break;
    case RM_NONREL_JUDGED: cnt += !un && !isrel; break;
    case RM_JUDGED: cnt += !un; break;
    case RM_UNJ: cnt += un != 0; break;
    case RM_RBP:
      if (linear ? (!un && o->g[r] > 0) : isrel) {
        mpq_set_ui(x, linear ? (unsigned long) o->g[r] : 1, linear ? (unsigned long) M : 1);
        mpq_canonicalize(x);
        mpq_mul(x, x, pw);
        mpq_add(out, out, x);
      }
      mpq_mul(pw, pw, p);
      break;
    case RM_RBP_RESID:
      if (un) mpq_add(out, out, pw);
      mpq_mul(pw, pw, p);
      break;
    default: ck_abort_msg("not a metric of this chapter");
    }
  }
  switch (m) {
  case RM_BPREF: case RM_INFAP:
    if (R == 0) ok = 0;
    else { mpq_set_ui(x, 1, (unsigned long) R); mpq_mul(out, out, x); }
    break;
  case RM_NONREL_JUDGED: mpq_set_ui(out, (unsigned long) cnt, 1); break;
  case RM_JUDGED: case RM_UNJ:
    if ((k ? k : o->n) == 0) ok = 0;
    else { mpq_set_ui(out, (unsigned long) cnt, (unsigned long) (k ? k : o->n)); mpq_canonicalize(out); }
    break;
  case RM_RBP: case RM_RBP_RESID:
    mpq_set_ui(x, (unsigned long) (d - c), (unsigned long) d);
    mpq_canonicalize(x);
    mpq_mul(out, out, x);
    if (m == RM_RBP_RESID) mpq_add(out, out, pw); /* pw is p^kk */
    break;
  default: break;
  }
  mpq_clears(x, y, pw, p, NULL);
  return ok;
}

START_TEST(test_oracle)
{
  static const char *const names[] = {"bpref", "bpref@5", "bpref[rel=2]", "bpref[ties=id-desc]",
    "infap", "infap@7", "infap[rel=2,ties=id-desc]", "nonrel-judged", "nonrel-judged@3[rel=2]",
    "judged@5", "judged", "unj@10[ties=id-desc]", "unj", "rbp", "rbp@6[p=0.5]",
    "rbp[p=2/3,rel=2]", "rbp[gain=linear,ties=id-desc]", "rbp-resid", "rbp-resid@4[p=0.3]",
    "rbp-resid[p=0.99,ties=id-desc]"};
  tu_rng r = {20261124};
  int it, nn;
  size_t seen = 0, undef = 0;
  for (it = 0; it < 400; it++) {
    olist o;
    size_t i;
    rm_list l;
    memset(&o, 0, sizeof o);
    o.n = tu_below(&r, it % 10 == 0 ? OMAX : 14);
    o.nu = tu_below(&r, 4);
    for (i = 0; i < o.n; i++) {
      unsigned k = tu_below(&r, 6);
      o.u[i] = (unsigned char) (k == 0 ? 1 : k == 1 ? 2 : 0);
      o.g[i] = o.u[i] ? 0 : tu_below(&r, 3) ? 0 : (int) tu_below(&r, 4);
      o.s[i] = tu_below(&r, 4) / 4.0;
      snprintf(o.idb[i], sizeof o.idb[i], "d%02u", tu_below(&r, 100));
      o.id[i] = o.idb[i];
    }
    for (i = 0; i < o.nu; i++) o.ug[i] = (int) tu_below(&r, 4);
    l.n = o.n; l.grade = o.g; l.score = o.s; l.id = o.id; l.n_unretrieved = o.nu;
    l.unretrieved_grade = o.ug; l.label = NULL; l.unjudged = tu_below(&r, 8) ? o.u : NULL;
    if (l.unjudged == NULL) memset(o.u, 0, sizeof o.u);
    for (nn = 0; nn < (int) (sizeof names / sizeof names[0]); nn++) {
      rm_variant v;
      rm_exact e;
      rm_status s;
      double dv;
      mpq_t q;
      int def;
      ck_assert(rm_variant_parse(names[nn], &v, NULL, 0) == RM_OK);
      by_id_desc = v.ties == RM_TIES_ID_DESC;
      if (by_id_desc) { /* identifiers must be distinct for one order */
        for (i = 0; i < o.n; i++) snprintf(o.idb[i], sizeof o.idb[i], "d%02u", (unsigned) ((i * 37 + it) % 100));
      }
      mpq_init(q);
      def = oracle(q, v.metric, &o, v.rel, v.k, v.p, v.p_den, v.gain == RM_GAIN_LINEAR);
      rm_exact_init(&e);
      s = rm_value_exact(&v, &l, &e);
      if (!def) {
        ck_assert_msg(s == RM_UNDEFINED, "%s case %d: status %d, the oracle finds it undefined",
          names[nn], it, (int) s);
        undef++;
      } else {
        mpq_t got;
        ck_assert_msg(s == RM_OK, "%s case %d: status %d", names[nn], it, (int) s);
        mpq_init(got);
        ck_assert(mpq_set_str(got, e.rational, 10) == 0);
        ck_assert_msg(mpq_equal(got, q), "%s case %d: library %s, oracle %s", names[nn], it,
          e.rational, mpq_get_str(NULL, 10, q));
        ck_assert(tu_same_bits(e.value, mpq_get_d(q)) || e.ternary != 0);
        mpq_clear(got);
      }
      ck_assert_int_eq(rm_value(&v, &l, NULL, &dv), s);
      ck_assert_msg(rm_ulps_between(dv, e.value) <= rm_ulp_bound(&v), "%s case %d: double %a,"
        " exact %a", names[nn], it, dv, e.value);
      rm_exact_clear(&e);
      mpq_clear(q);
      seen++;
    }
  }
  ck_assert_uint_eq(seen, 400 * (sizeof names / sizeof names[0]));
  ck_assert(undef > 0); /* the cases reach the undefined values too */
}
END_TEST

/* ir_measures' measures of cwl_eval (the book's note q): rbp[depth=N] is
   (1-p)/(1-p^N) times the sum of p^(r-1) over the relevant items of the
   first N ranks; gain=clip:m..M is (min(max(g,m),M)-m)/(M-m), 0 for an
   unjudged item.  Fractions worked out by hand. */
START_TEST(test_cwl)
{
  mpz_t a, b;
  char *want;
  /* p=1/2, N=3, relevant at 1, 3 and 4: (1/2)(1 + 1/4)/(1 - 1/8) = 5/7. */
  both("rbp[p=0.5,depth=3]", G(1, 0, 1, 1), NULL, 0, NULL, "5/7");
  /* Every one of the N ranks relevant: (2/3)(1 + 1/3)/(1 - 1/9) = 1. */
  both("rbp[p=1/3,depth=2]", G(1, 1, 1), NULL, 0, NULL, "1");
  /* The cutoff cuts the sum, not the normaliser: (1/2)(1)/(3/4) = 2/3. */
  both("rbp@1[p=0.5,depth=2]", G(1, 1), NULL, 0, NULL, "2/3");
  /* gain=linear (M = 2): (1/2)(2/2 + (1/2)(1/2))/(3/4) = 5/6. */
  both("rbp[p=0.5,depth=2,gain=linear]", G(2, 1), NULL, 0, NULL, "5/6");
  /* An unjudged item of grade 0 is not relevant: (1/2)(1/2)/(3/4) = 1/3. */
  both("rbp[p=0.5,depth=2]", G(0, 1, 1), U(1, 0, 0), 0, NULL, "1/3");
  /* RBP(p=0.5,rel=1) of 1, 0, 1: (1/2)(5/4)/(1 - 2^-1000)
     = 5 * 2^997/(2^1000 - 1), reduced by 5, which divides 2^1000 - 1. */
  mpz_inits(a, b, NULL);
  mpz_ui_pow_ui(a, 2, 997);
  mpz_ui_pow_ui(b, 2, 1000);
  mpz_sub_ui(b, b, 1);
  ck_assert(mpz_divisible_ui_p(b, 5));
  mpz_divexact_ui(b, b, 5);
  want = malloc(mpz_sizeinbase(a, 10) + mpz_sizeinbase(b, 10) + 3);
  ck_assert_ptr_nonnull(want);
  mpz_get_str(want, 10, a);
  strcat(want, "/");
  mpz_get_str(want + strlen(want), 10, b);
  both("RBP(p=0.5,rel=1)", G(1, 0, 1), NULL, 0, NULL, want);
  free(want);
  mpz_clears(a, b, NULL);
  /* clip:1..3 of 0 1 2 3 4: 0 0 1/2 1 1, CG 5/2. */
  both("cg[gain=clip:1..3]", G(0, 1, 2, 3, 4), NULL, 0, NULL, "5/2");
  /* An unjudged item gains 0 whatever grade it carries: 1 + 0. */
  both("cg[gain=clip:0..4]", G(4, 4), U(0, 1), 0, NULL, "1");
  /* Ranks 1 and 2 undiscounted (jk, base 2): 1/2 + 1 = 3/2. */
  both("dcg[gain=clip:0..2,discount=jk]", G(1, 2), NULL, 0, NULL, "3/2");
  /* The ideal of K ones: (1/2 + (1/2)/lg3)/(1 + 1/lg3) = 1/2. */
  both("ndcg@2[gain=clip:0..4,ideal=ones]", G(2, 2), NULL, 0, NULL, "1/2");
  /* The judged ideal 6, 1 (6 clipped to 3): 1 + 1/3 under jk. */
  both("idcg[gain=clip:0..3,discount=jk]", G(1), NULL, 1, (const int[]){6}, "4/3");
  /* 3, 0 and a judged 2 not retrieved, clip 1..3: 1 over 1 + 1/2. */
  both("ndcg[gain=clip:1..3,discount=jk]", G(3, 0), NULL, 1, (const int[]){2}, "2/3");
  /* SDCG(max_rel=2)@3 of 2, 3, 1: (5/4 + 1/lg3)/(3/2 + 1/lg3), irrational:
     the double path within its bound of the exact path (both() with NULL
     would mean undefined, so this one is checked by hand). */
  {
    rm_variant v;
    rm_list l = {3, (const int[]){2, 3, 1}, NULL, NULL, 0, NULL, NULL, NULL, NULL};
    rm_exact e;
    double d, x = 1 / log2(3.0);
    ck_assert(rm_variant_parse("SDCG(max_rel=2)@3", &v, NULL, 0) == RM_OK);
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert_msg(fabs(e.value - (1.25 + x) / (1.5 + x)) < 1e-15, "%a", e.value);
    ck_assert(rm_ulps_between(d, e.value) <= rm_ulp_bound(&v));
    rm_exact_clear(&e);
  }
}
END_TEST

/* INSQ as cwl_eval defines it, not as the library computes it: the
   continuation C_j = ((j+2T-1)/(j+2T))^2 multiplied out rank by rank
   (cwl_metrics.py's w_vector, with no telescoping), T = c/d, over 1000
   ranks; gain a[i]/b at rank i+1 of the n given, 0 beyond.  The fraction
   in lowest terms, as a string to free. */
static char *insq_oracle(long c, long d, const long *a, long b, size_t n)
{
  mpq_t w, cj, num, den, x;
  long j;
  char *s;
  mpq_inits(w, cj, num, den, x, NULL);
  mpq_set_ui(w, 1, 1);
  for (j = 1; j <= 1000; j++) {
    if ((size_t) j <= n && a[j - 1]) {
      mpq_set_ui(x, (unsigned long) a[j - 1], (unsigned long) b);
      mpq_canonicalize(x);
      mpq_mul(x, x, w);
      mpq_add(num, num, x);
    }
    mpq_add(den, den, w);
    /* (j + 2c/d - 1)/(j + 2c/d) = (dj + 2c - d)/(dj + 2c), squared */
    mpz_set_si(mpq_numref(cj), d * j + 2 * c - d);
    mpz_set_si(mpq_denref(cj), d * j + 2 * c);
    mpq_canonicalize(cj);
    mpq_mul(cj, cj, cj);
    mpq_mul(w, w, cj);
  }
  mpq_div(num, num, den);
  s = mpq_get_str(NULL, 10, num);
  mpq_clears(w, cj, num, den, x, NULL);
  return s;
}

static void insq_check(const char *name, const int *g, size_t n, const unsigned char *u,
  long c, long d, const long *a, long b)
{
  char *want = insq_oracle(c, d, a, b, n);
  both(name, g, n, u, 0, NULL, want);
  free(want);
}

START_TEST(test_insq)
{
  static int many[1001];
  rm_variant v;
  rm_list l = {3, (const int[]){1, 0, 1}, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  rm_exact e;
  size_t i;
  /* T = 1/2: weights 1/i^2, so 1, 0, 1 gives (1 + 1/9)/(sum of 1/i^2 to
     1000) = 0.67588524119545455142... (bc, scale 80). */
  insq_check("insq[t=1/2]", G(1, 0, 1), NULL, 1, 2, (const long[]){1, 0, 1}, 1);
  ck_assert(rm_variant_parse("INSQ(T=0.5,max_rel=1)", &v, NULL, 0) == RM_OK);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_msg(fabs(e.value - 0.67588524119545455142) < 1e-16, "%.20g", e.value);
  rm_exact_clear(&e);
  /* INSQ(max_rel=3), T = 1: grades 3 2 0 1 gain 1 2/3 0 1/3; a grade 3
     unjudged gains 0, and so does rank 1001 and beyond. */
  insq_check("INSQ(max_rel=3)", G(3, 2, 0, 1), NULL, 1, 1, (const long[]){3, 2, 0, 1}, 3);
  insq_check("INSQ(max_rel=3)", G(3, 3, 2), U(0, 1, 0), 1, 1, (const long[]){3, 0, 2}, 3);
  insq_check("insq[t=7/3,gain=clip:1..3]", G(0, 1, 2, 4), NULL, 7, 3,
    (const long[]){0, 0, 1, 2}, 2);
  insq_check("insq[t=1000,rel=2]", G(2, 1, 3), NULL, 1000, 1, (const long[]){1, 0, 1}, 1);
  insq_check("insq[t=1/1000]", G(0, 1), NULL, 1, 1000, (const long[]){0, 1}, 1);
  /* No item: 0.  Every one of the 1000 ranks of gain 1: 1, whatever T;
     the 1001st is not read; every gain 1/2: 1/2. */
  both("insq", (const int[]){0}, 0, NULL, 0, NULL, "0");
  for (i = 0; i < 1001; i++) many[i] = 1;
  both("insq[t=3/7]", many, 1000, NULL, 0, NULL, "1");
  both("insq[t=50]", many, 1001, NULL, 0, NULL, "1");
  both("insq[gain=clip:0..2]", many, 1000, NULL, 0, NULL, "1/2");
  many[1000] = 0;
  both("insq", many, 1001, NULL, 0, NULL, "1");
}
END_TEST

/* The adaptive measures of cwl_eval (INST, NERR8..NERR11) as its files
   cwl_inst.py and cwl_nerr.py write the continuation C_i of rank i
   (1-based), not as the library computes it: INST from T_i = T - S_i and
   (i+T+T_i-1)/(i+T+T_i), squared; NERR8 1-G_i while i < K, else 0; NERR9
   i/(i+1) (1-G_i) while i < K; NERR10 p (1-G_i); NERR11 ((i+2T-1)/(i+2T))^2
   (1-G_i); BPM (cwl_bpm.py, static, each item costing 1) 1 while S_i < T
   and i < K, else 0.  Weights P_1 = 1, P_{i+1} = P_i C_i over the first 1000 ranks
   (the first min(K,1000) where K applies), value sum P_i G_i / sum P_i, in
   reduced GMP fractions at every step.  G_i = a[i-1]/b for i <= n, else 0.
   T = tc/td, p = pc/pd.  Returns the fraction as a string to free. */
static char *adapt_oracle(const char *m, long tc, long td, long pc, long pd, long k,
  const long *a, long b, size_t n)
{
  mpq_t P, S, T, Ti, c, g, x, num, den;
  long i, D = k && k < 1000 ? k : 1000;
  char *s;
  mpq_inits(P, S, T, Ti, c, g, x, num, den, NULL);
  mpq_set_ui(P, 1, 1);
  mpq_set_ui(T, (unsigned long) tc, (unsigned long) td); mpq_canonicalize(T);
  for (i = 1; i <= D; i++) {
    mpq_set_ui(g, (size_t) i <= n ? (unsigned long) a[i - 1] : 0, (unsigned long) b);
    mpq_canonicalize(g);
    mpq_add(S, S, g);
    mpq_mul(x, P, g); mpq_add(num, num, x);
    mpq_add(den, den, P);
    mpq_set_ui(x, 1, 1); mpq_sub(x, x, g); /* 1 - G_i */
    if (strcmp(m, "inst") == 0) {
      mpq_sub(Ti, T, S); /* T_i */
      mpq_set_si(c, i, 1); mpq_add(c, c, T); mpq_add(c, c, Ti); /* i + T + T_i */
      mpq_set_ui(x, 1, 1); mpq_sub(x, c, x); /* minus 1 */
      mpq_div(c, x, c); mpq_mul(c, c, c);
    } else if (strcmp(m, "nerr8") == 0) {
      if (i < k) mpq_set(c, x); else mpq_set_ui(c, 0, 1);
    } else if (strcmp(m, "nerr9") == 0) {
      if (i < k) { mpq_set_ui(c, (unsigned long) i, (unsigned long) i + 1); mpq_mul(c, c, x); }
      else mpq_set_ui(c, 0, 1);
    } else if (strcmp(m, "nerr10") == 0) {
      mpq_set_ui(c, (unsigned long) pc, (unsigned long) pd); mpq_canonicalize(c);
      mpq_mul(c, c, x);
    } else if (strcmp(m, "bpm") == 0) { /* cwl_bpm.py, every cost 1: both budgets */
      mpq_set_ui(c, mpq_cmp(S, T) < 0 && i < (k ? k : 1000) ? 1 : 0, 1);
    } else { /* nerr11 */
      mpq_set_si(c, i, 1); mpq_add(c, c, T); mpq_add(c, c, T); /* i + 2T */
      mpq_set_ui(g, 1, 1); mpq_sub(g, c, g);
      mpq_div(c, g, c); mpq_mul(c, c, c); mpq_mul(c, c, x);
    }
    mpq_mul(P, P, c);
  }
  mpq_div(num, num, den);
  s = mpq_get_str(NULL, 10, num);
  mpq_clears(P, S, T, Ti, c, g, x, num, den, NULL);
  return s;
}

static void adapt_check(const char *name, const char *m, long tc, long td, long pc,
  long pd, long k, const int *g, size_t n, const unsigned char *u, const long *a, long b)
{
  char *want = adapt_oracle(m, tc, td, pc, pd, k, a, b, n);
  both(name, g, n, u, 0, NULL, want);
  free(want);
}

START_TEST(test_adaptive)
{
  static int many[1001];
  size_t i, j;
  unsigned long seed = 12345;
  /* The book's examples, by hand: INST, T = 1, grades 1 0 1 is (10/9) over
     1 + 1/4 + 1/9 + (4/9) sum_{k=3}^{999} 1/k^2 = 0.72328889063538140807...
     (Python's fractions, and bc in names_test); NERR8@3 and NERR9@3 of the
     gains 1/2 0 1: 1/2 and 8/17; NERR10 p=1/2 and NERR11 T=1/2 of 0 1: 1/3
     and 1/5 (the second rank's continuation is 0). */
  adapt_check("inst", "inst", 1, 1, 0, 1, 0, G(1, 0, 1), NULL, (const long[]){1, 0, 1}, 1);
  both("nerr8@3[gain=clip:0..2]", G(1, 0, 2), NULL, 0, NULL, "1/2");
  both("nerr9@3[gain=clip:0..2]", G(1, 0, 2), NULL, 0, NULL, "8/17");
  both("nerr10[p=1/2]", G(0, 1), NULL, 0, NULL, "1/3");
  both("nerr11[t=1/2]", G(0, 1), NULL, 0, NULL, "1/5");
  {
    rm_variant v;
    rm_exact e;
    rm_list l = {3, (const int[]){1, 0, 1}, NULL, NULL, 0, NULL, NULL, NULL, NULL};
    ck_assert(rm_variant_parse("INST(max_rel=1)", &v, NULL, 0) == RM_OK);
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
    ck_assert_msg(strncmp(e.decimal, "0.72328889063538140807", 22) == 0, "%s", e.decimal);
    rm_exact_clear(&e);
  }
  /* Against the oracle: clipped gains, unjudged items (gain 0), T below
     1/2 (INST's C_1 = 16 at T = 1/10 and a first gain of 1), cutoffs, and
     lists longer than 1000 ranks. */
  adapt_check("INST(max_rel=3)", "inst", 1, 1, 0, 1, 0, G(3, 2, 0, 1), NULL,
    (const long[]){3, 2, 0, 1}, 3);
  adapt_check("inst[t=1/10,gain=clip:0..2]", "inst", 1, 10, 0, 1, 0, G(2, 2, 1, 0, 2), NULL,
    (const long[]){2, 2, 1, 0, 2}, 2);
  adapt_check("inst[t=7/3,gain=clip:1..3]", "inst", 7, 3, 0, 1, 0, G(3, 3, 2), U(0, 1, 0),
    (const long[]){2, 0, 1}, 2);
  adapt_check("nerr8@2[gain=clip:0..4]", "nerr8", 1, 1, 0, 1, 2, G(1, 3, 4), NULL,
    (const long[]){1, 3, 4}, 4);
  adapt_check("NERR9(max_rel=4)@5", "nerr9", 1, 1, 0, 1, 5, G(1, 3, 0, 2, 4, 4), NULL,
    (const long[]){1, 3, 0, 2, 4, 4}, 4);
  adapt_check("nerr10[p=999/1000,gain=clip:0..3]", "nerr10", 1, 1, 999, 1000, 0,
    G(0, 1, 2, 0, 3), NULL, (const long[]){0, 1, 2, 0, 3}, 3);
  adapt_check("NERR10(max_rel=2)", "nerr10", 1, 1, 9, 10, 0, G(1, 1, 1), NULL,
    (const long[]){1, 1, 1}, 2);
  adapt_check("nerr11[t=1000,rel=2]", "nerr11", 1000, 1, 0, 1, 0, G(2, 1, 3), NULL,
    (const long[]){1, 0, 1}, 1);
  adapt_check("NERR11(T=0.001,max_rel=3)", "nerr11", 1, 1000, 0, 1, 0, G(0, 1, 2), NULL,
    (const long[]){0, 1, 2}, 3);
  for (j = 0; j < 6; j++) { /* seeded lists of 1 to 1200 items, grades 0..3 */
    static int gg[1200];
    static long aa[1200];
    size_t n;
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    n = 1 + (size_t) (seed >> 33) % (j < 3 ? 20 : 1200);
    for (i = 0; i < n; i++) {
      seed = seed * 6364136223846793005UL + 1442695040888963407UL;
      gg[i] = (int) ((seed >> 33) % 4);
      aa[i] = gg[i];
    }
    adapt_check("inst[t=3/2,gain=clip:0..3]", "inst", 3, 2, 0, 1, 0, gg, n, NULL, aa, 3);
    adapt_check("nerr9@700[gain=clip:0..3]", "nerr9", 1, 1, 0, 1, 700, gg, n, NULL, aa, 3);
    adapt_check("nerr10[p=4/5,gain=clip:0..3]", "nerr10", 1, 1, 4, 5, 0, gg, n, NULL, aa, 3);
    adapt_check("bpm@900[t=40,gain=clip:0..3]", "bpm", 40, 1, 0, 1, 900, gg, n, NULL, aa, 3);
  }
  /* Closed forms: every one of 1000 ranks of gain 1 gives 1 (INST, where
     at T = 1/1000 each C_i is 499^2 and P_1000 near 10^5390, beyond any
     double), and a first gain of 1 stops every NERR there: 1.  Every gain
     1/2 with NERR8@2: (1/2 + 1/4)/(1 + 1/2) = 1/2.  No item: 0. */
  for (i = 0; i < 1001; i++) many[i] = 1;
  both("inst[t=1/1000]", many, 1000, NULL, 0, NULL, "1");
  both("inst[t=1000]", many, 1001, NULL, 0, NULL, "1");
  both("nerr8", many, 1001, NULL, 0, NULL, "1");
  both("nerr10", many, 2, NULL, 0, NULL, "1");
  both("nerr11", many, 1, NULL, 0, NULL, "1");
  both("nerr8@2[gain=clip:0..2]", many, 1000, NULL, 0, NULL, "1/2");
  both("inst", (const int[]){0}, 0, NULL, 0, NULL, "0");
  both("nerr9@5", G(0, 0, 0), NULL, 0, NULL, "0");
  /* BPM, the book's examples: gains 1/2 0 1 1 under T = 1 stop at rank 3,
     (3/2)/3; with K = 2 at rank 2, (1/2)/2; under T = 3 the cost stops the
     user, (5/2)/4 at K = 4 and (5/2)/8 at K = 8 (ranks 5 to 8 gain 0).  Ten
     gains 1/10 reach T = 1 exactly at rank 10: 1/10 (cwl_eval's doubles
     give 1/20, the sum staying below 1).  BPM(max_rel=4)@10 of 3 2 0 1 0:
     5/4 at rank 2, so 5/8. */
  both("bpm[gain=clip:0..2]", G(1, 0, 2, 2), NULL, 0, NULL, "1/2");
  both("bpm@2[gain=clip:0..2]", G(1, 0, 2, 2), NULL, 0, NULL, "1/4");
  both("bpm@4[t=3,gain=clip:0..2]", G(1, 0, 2, 2), NULL, 0, NULL, "5/8");
  both("bpm@8[t=3,gain=clip:0..2]", G(1, 0, 2, 2), NULL, 0, NULL, "5/16");
  both("bpm@20[gain=clip:0..10]", G(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0), NULL, 0, NULL,
    "1/10");
  both("BPM(max_rel=4)@10", G(3, 2, 0, 1, 0), NULL, 0, NULL, "5/8");
  both("bpm[t=1000]", many, 1001, NULL, 0, NULL, "1"); /* reads all 1000 */
  both("bpm[t=2]", G(0, 0, 1), NULL, 0, NULL, "1/1000");
  adapt_check("bpm@11[t=2,gain=clip:0..3]", "bpm", 2, 1, 0, 1, 11,
    G(0, 1, 1, 3, 1, 0, 3, 3), NULL, (const long[]){0, 1, 1, 3, 1, 0, 3, 3}, 3);
  adapt_check("bpm[t=7/3,gain=clip:1..3,ties=input]", "bpm", 7, 3, 0, 1, 0,
    G(3, 3, 2, 2, 1, 3), U(0, 1, 0, 0, 0, 0), (const long[]){2, 0, 1, 1, 0, 2}, 2);
}
END_TEST

/* Compat as ir_measures' compat provider describes it, with lists and sets
   and not the library's counting: R is the list in input order (the list is
   given already ranked, no scores, so every score counts as positive); the
   ideal I holds the judged items of grade >= 1 (retrieved, in input order,
   then the unretrieved ones), stably sorted by grade descending; at each
   depth i <= D = max(n, |I|) the overlap of the first i of each is counted
   by comparing members, and the value is sum p^(i-1) overlap/i over sum
   p^(i-1) min(i,|I|)/i.  p = pc/pd.  Returns NULL when I is empty. */
static char *compat_oracle(long pc, long pd, const int *g, size_t n, const unsigned char *u,
  const int *ug, size_t nu)
{
  int key[64], gr[64], tmpk, tmpg;
  size_t m = 0, D, i, j, a, b;
  mpq_t w, p, x, num, den;
  char *s;
  for (i = 0; i < n; i++)
    if (!(u && u[i]) && g[i] >= 1) { key[m] = (int) i; gr[m++] = g[i]; }
  for (i = 0; i < nu; i++)
    if (ug[i] >= 1) { key[m] = -1 - (int) i; gr[m++] = ug[i]; }
  if (m == 0) return NULL;
  for (i = 1; i < m; i++) /* stable insertion sort by grade, descending */
    for (j = i; j > 0 && gr[j - 1] < gr[j]; j--) {
      tmpk = key[j]; key[j] = key[j - 1]; key[j - 1] = tmpk;
      tmpg = gr[j]; gr[j] = gr[j - 1]; gr[j - 1] = tmpg;
    }
  D = n > m ? n : m;
  mpq_inits(w, p, x, num, den, NULL);
  mpq_set_ui(w, 1, 1);
  mpq_set_ui(p, (unsigned long) pc, (unsigned long) pd); mpq_canonicalize(p);
  for (i = 1; i <= D; i++) {
    unsigned long ov = 0;
    for (a = 0; a < i && a < m; a++) /* members of I_i that are in R_i */
      for (b = 0; b < i && b < n; b++)
        if (key[a] == (int) b) ov++;
    mpq_set_ui(x, ov, (unsigned long) i); mpq_canonicalize(x);
    mpq_mul(x, x, w); mpq_add(num, num, x);
    mpq_set_ui(x, (unsigned long) (i < m ? i : m), (unsigned long) i); mpq_canonicalize(x);
    mpq_mul(x, x, w); mpq_add(den, den, x);
    mpq_mul(w, w, p);
  }
  mpq_div(num, num, den);
  s = mpq_get_str(NULL, 10, num);
  mpq_clears(w, p, x, num, den, NULL);
  return s;
}

static void compat_check(const char *name, long pc, long pd, const int *g, size_t n,
  const unsigned char *u, const int *ug, size_t nu)
{
  char *want = compat_oracle(pc, pd, g, n, u, ug, nu);
  both(name, g, n, u, nu, ug, want);
  free(want);
}

START_TEST(test_compat)
{
  unsigned long seed = 777;
  size_t j, i;
  /* The book's example: p = 1/2, grades 0 2 1: I = d2 d3, overlaps 0 1 2
     over D = 3: (1/4 + 1/6)/(1 + 1/2 + 1/6) = 1/4. */
  both("compat[p=1/2]", G(0, 2, 1), NULL, 0, NULL, "1/4");
  compat_check("compat[p=1/2]", 1, 2, G(0, 2, 1), NULL, NULL, 0);
  /* The ideal ranking itself gives 1; no relevant item, undefined (0). */
  both("compat", G(3, 2, 2, 1, 0, 0), NULL, 0, NULL, "1");
  /* Two relevant items not retrieved: R = 3 2, I = 3 2 u u, overlaps 1 2 2 2
     against 1 2 3 4 over D = 4: (1 + 19/20 + (361/400)(2/3) + (6859/8000)/2)
     / (1 + 19/20 + 361/400 + 6859/8000) = 143057/178074 (Python's fractions). */
  both("compat", G(3, 2), NULL, 2, (const int[]){1, 1}, "143057/178074");
  compat_check("compat", 19, 20, G(3, 2), NULL, (const int[]){1, 1}, 2);
  both("compat", G(0, 0), NULL, 1, (const int[]){0}, NULL);
  /* One relevant item, not retrieved, and nothing else: overlap 0. */
  both("compat", G(0), NULL, 1, (const int[]){2}, "0");
  /* An unjudged item of grade 2 is not in I: I = (rank 3), R = ranks 1..3:
     overlaps 0 0 1 over D = 3, p = 1/2: (1/12)/(1 + 1/4 + 1/12) = 1/16. */
  both("compat[p=1/2]", G(2, 0, 1), U(1, 0, 0), 0, NULL, "1/16");
  compat_check("compat[p=1/2]", 1, 2, G(2, 0, 1), U(1, 0, 0), NULL, 0);
  for (j = 0; j < 40; j++) { /* seeded lists, grades 0..3, some unjudged */
    int gg[30], ug[4];
    unsigned char uu[30];
    size_t n, nu;
    long pc = j % 4 == 0 ? 19 : j % 4 == 1 ? 1 : j % 4 == 2 ? 9 : 999;
    long pd = j % 4 == 0 ? 20 : j % 4 == 1 ? 2 : j % 4 == 2 ? 10 : 1000;
    char name[64];
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    n = (size_t) (seed >> 33) % 30;
    nu = (size_t) (seed >> 40) % 4;
    for (i = 0; i < n; i++) {
      seed = seed * 6364136223846793005UL + 1442695040888963407UL;
      gg[i] = (int) ((seed >> 33) % 4);
      uu[i] = (seed >> 50) % 5 == 0;
    }
    for (i = 0; i < nu; i++) ug[i] = (int) ((seed >> (20 + 2 * i)) % 4);
    snprintf(name, sizeof name, "compat[p=%ld/%ld]", pc, pd);
    compat_check(name, pc, pd, gg, n, uu, ug, nu);
  }
}
END_TEST

START_TEST(test_errors)
{
  int g[2] = {1, 0};
  unsigned char u[2] = {0, 3};
  rm_list l = {2, g, NULL, NULL, 0, NULL, NULL, u, NULL};
  rm_variant v;
  double d;
  ck_assert(rm_variant_parse("bpref", &v, NULL, 0) == RM_OK);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EGRADE); /* a marker above 2 */
  u[1] = 2;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(d == 1);
  ck_assert(rm_variant_parse("rbp[p=1]", &v, NULL, 0) == RM_ENAME);
  ck_assert(rm_variant_parse("rbp[p=1001/1002]", &v, NULL, 0) == RM_ENAME);
  ck_assert(rm_variant_parse("bpref[ties=average]", &v, NULL, 0) == RM_ENAME);
  ck_assert(rm_variant_parse("rbp-resid[rel=2]", &v, NULL, 0) == RM_ENAME);
  ck_assert(rm_variant_parse("inst@10", &v, NULL, 0) == RM_ENAME);
  ck_assert(rm_variant_parse("nerr10[p=2]", &v, NULL, 0) == RM_ENAME);
  ck_assert(rm_variant_parse("nerr8[gain=linear]", &v, NULL, 0) == RM_ENAME);
}
END_TEST

Suite *suite_judged(void)
{
  Suite *s = suite_create("judged");
  TCase *tc = tcase_create("hand");
  tcase_add_test(tc, test_hand);
  suite_add_tcase(s, tc);
  tc = tcase_create("oracle");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_oracle);
  suite_add_tcase(s, tc);
  tc = tcase_create("cwl");
  tcase_add_test(tc, test_cwl);
  suite_add_tcase(s, tc);
  tc = tcase_create("insq");
  tcase_add_test(tc, test_insq);
  suite_add_tcase(s, tc);
  tc = tcase_create("adaptive");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_adaptive);
  suite_add_tcase(s, tc);
  tc = tcase_create("compat");
  tcase_add_test(tc, test_compat);
  suite_add_tcase(s, tc);
  tc = tcase_create("errors");
  tcase_add_test(tc, test_errors);
  suite_add_tcase(s, tc);
  return s;
}
