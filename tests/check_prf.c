/* tests/check_prf.c -- tests of the chapter "Precision, recall, F and hit
   ratio": the metrics precision, recall, f, rprec and hr.

   Every expected value here is derived independently of the library: exact
   fractions worked out by hand (checked with Python's fractions module), or
   an oracle written in this file from the definitions of the book.  The
   oracle ranks the list by its own insertion sort, counts hits itself, and
   computes each metric from its textbook form with GMP rationals: the
   F-measure from P and Rec as (1+b2) P Rec/(b2 P + Rec), not from the
   library's rearranged form; ties=average by enumerating every order of the
   tied items and taking the mean.  No value printed by the library is
   pasted back as an expectation.

   Test cases: rows (the worked examples against the oracle), oracle (random
   lists, exact path against the oracle), paths (double path against exact
   path), variants (one hand case per key value), edges, names. */

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "rankmetrics.h"
#include "testutil.h"
#include "examples.h"

#define PMAXN 128   /* longest list of these tests (the worked examples have 100) */
#define PMAXU 8     /* most unretrieved judged grades */
#define PTIMEOUT 60

/* ------------------------------------------------------------------------ */
/* Lists.                                                                    */

typedef struct {
  size_t n, nu;
  int grade[PMAXN];
  double score[PMAXN];
  char idbuf[PMAXN][8];
  const char *id[PMAXN];
  int ugrade[PMAXU];
  int scored, named;
} plist;

static void plist_init(plist *t)
{
  size_t i;
  memset(t, 0, sizeof *t);
  for (i = 0; i < PMAXN; i++) {
    snprintf(t->idbuf[i], sizeof t->idbuf[i], "x%03u", (unsigned) i);
    t->id[i] = t->idbuf[i];
  }
}

static rm_list plist_view(const plist *t)
{
  rm_list l = {0};
  l.n = t->n;
  l.grade = t->n ? t->grade : NULL;
  l.score = t->scored ? t->score : NULL;
  l.id = t->named ? t->id : NULL;
  l.n_unretrieved = t->nu;
  l.unretrieved_grade = t->nu ? t->ugrade : NULL;
  return l;
}

static void plist_describe(const plist *t, char *buf, size_t len)
{
  size_t i, p = 0;
  int c;
#define PPUT(...) do { if (p < len) { c = snprintf(buf + p, len - p, __VA_ARGS__); \
    if (c > 0) p += (size_t) c; } } while (0)
  PPUT("grades=[");
  for (i = 0; i < t->n && i < 40; i++) PPUT("%s%d", i ? "," : "", t->grade[i]);
  PPUT("]");
  if (t->scored) {
    PPUT(" scores=[");
    for (i = 0; i < t->n && i < 40; i++) PPUT("%s%g", i ? "," : "", t->score[i]);
    PPUT("]");
  }
  if (t->named) {
    PPUT(" ids=[");
    for (i = 0; i < t->n && i < 20; i++) PPUT("%s%s", i ? "," : "", t->id[i]);
    PPUT("]");
  }
  PPUT(" judged=[");
  for (i = 0; i < t->nu; i++) PPUT("%s%d", i ? "," : "", t->ugrade[i]);
  PPUT("]");
#undef PPUT
  if (len > 0 && p >= len) buf[len - 1] = '\0';
}

/* ------------------------------------------------------------------------ */
/* The oracle.                                                               */

/* Our own ranking: insertion sort (stable) with the tie rule as a key. */
static int before(const plist *t, int ties, size_t a, size_t b)
{
  double sa = t->score[a], sb = t->score[b];
  int c;
  if (sa > sb) return 1;
  if (sa < sb) return 0;
  switch (ties) {
  case RM_TIES_REVERSE: return a > b;
  case RM_TIES_ID_ASC: c = strcmp(t->id[a], t->id[b]); return c < 0;
  case RM_TIES_ID_DESC: c = strcmp(t->id[a], t->id[b]); return c > 0;
  case RM_TIES_PESSIMISTIC: return t->grade[a] < t->grade[b];
  case RM_TIES_OPTIMISTIC: return t->grade[a] > t->grade[b];
  default: return 0;
  }
}

static void oracle_rank(const plist *t, int ties, size_t *ord)
{
  size_t i, j;
  for (i = 0; i < t->n; i++) ord[i] = i;
  if (!t->scored) return;
  for (i = 1; i < t->n; i++) {
    size_t x = ord[i];
    for (j = i; j > 0 && before(t, ties, x, ord[j - 1]); j--) ord[j] = ord[j - 1];
    ord[j] = x;
  }
}

static unsigned long count_rel(const rm_variant *v, const plist *t)
{
  size_t i;
  unsigned long c = 0;
  for (i = 0; i < t->n; i++) c += t->grade[i] >= v->rel;
  for (i = 0; i < t->nu; i++) c += t->ugrade[i] >= v->rel;
  return c;
}

static unsigned long hits_in(const rm_variant *v, const plist *t, const size_t *ord,
  unsigned long k)
{
  unsigned long i, h = 0;
  for (i = 0; i < k && i < t->n; i++) h += t->grade[ord[i]] >= v->rel;
  return h;
}

/* The metric on one order, from the definitions; 0 when undefined. */
static int oracle_one(mpq_t out, const rm_variant *v, const plist *t, const size_t *ord)
{
  unsigned long n = (unsigned long) t->n, K = v->k ? v->k : n;
  unsigned long k = K < n ? K : n, R = count_rel(v, t), h = hits_in(v, t, ord, k), d;
  switch (v->metric) {
  case RM_PRECISION:
    d = (v->k && v->denom == RM_DENOM_LIST) ? k : K;
    if (d == 0) return 0;
    mpq_set_ui(out, h, d);
    break;
  case RM_RECALL:
    d = v->norm == RM_NORM_MIN ? (K < R ? K : R) : R;
    if (d == 0) return 0;
    mpq_set_ui(out, h, d);
    break;
  case RM_RPREC: /* with a cutoff, the hits of the top min(K, R) over R (MS Recommenders) */
    if (R == 0) return 0;
    mpq_set_ui(out, hits_in(v, t, ord, v->k && v->k < R ? v->k : R), R);
    break;
  case RM_HR:
    switch (v->hit) {
    case RM_HIT_ANY: mpq_set_ui(out, h >= 1, 1); return 1;
    case RM_HIT_RECALL: d = R; break;
    case RM_HIT_PRECISION: d = K; break;
    default: d = n; break;
    }
    if (d == 0) return 0;
    mpq_set_ui(out, h, d);
    break;
  case RM_F: {
    mpq_t P, Rec, b2, a, b;
    if (R == 0) return 0;
    if (h == 0) { mpq_set_ui(out, 0, 1); return 1; }
    mpq_inits(P, Rec, b2, a, b, NULL);
    mpq_set_ui(P, h, K); mpq_canonicalize(P);
    mpq_set_ui(Rec, h, R); mpq_canonicalize(Rec);
    mpq_set_ui(b2, (unsigned long) v->beta2, (unsigned long) v->beta2_den);
    mpq_canonicalize(b2);
    mpq_mul(a, P, Rec);              /* P Rec */
    mpq_set_ui(b, 1, 1);
    mpq_add(b, b, b2);               /* 1 + b2 */
    mpq_mul(a, a, b);                /* (1+b2) P Rec */
    mpq_mul(b, b2, P);
    mpq_add(b, b, Rec);              /* b2 P + Rec */
    mpq_div(out, a, b);
    mpq_clears(P, Rec, b2, a, b, NULL);
    return 1;
  }
  default:
    ck_abort_msg("oracle: not a metric of this chapter");
  }
  mpq_canonicalize(out);
  return 1;
}

/* ties=average: every order consistent with the scores, enumerated. */
typedef struct {
  const rm_variant *v;
  const plist *t;
  size_t ord[PMAXN];
  int used[PMAXN];
  mpq_t sum, one;
  unsigned long count;
  int defined;
} enum_state;

static void enumerate(enum_state *s, size_t depth)
{
  size_t i;
  double best = -INFINITY;
  if (depth == s->t->n) {
    s->defined = oracle_one(s->one, s->v, s->t, s->ord);
    if (s->defined) mpq_add(s->sum, s->sum, s->one);
    s->count++;
    return;
  }
  for (i = 0; i < s->t->n; i++)
    if (!s->used[i] && s->t->score[i] > best) best = s->t->score[i];
  for (i = 0; i < s->t->n; i++)
    if (!s->used[i] && s->t->score[i] == best) {
      s->used[i] = 1; s->ord[depth] = i;
      enumerate(s, depth + 1);
      s->used[i] = 0;
    }
}

static int oracle(mpq_t out, const rm_variant *v, const plist *t)
{
  size_t ord[PMAXN];
  if (v->ties == RM_TIES_AVERAGE && t->scored && t->n > 0) {
    enum_state *s = calloc(1, sizeof *s);
    mpq_t c;
    int d;
    ck_assert(s != NULL);
    ck_assert_msg(t->n <= 8, "oracle: too many items to enumerate");
    s->v = v; s->t = t;
    mpq_inits(s->sum, s->one, c, NULL);
    enumerate(s, 0);
    d = s->defined;
    mpq_set_ui(c, s->count, 1);
    mpq_div(out, s->sum, c);
    mpq_clears(s->sum, s->one, c, NULL);
    free(s);
    return d;
  }
  oracle_rank(t, v->ties, ord);
  return oracle_one(out, v, t, ord);
}

/* The correctly rounded double of a fraction a/b (our own, by hand): the
   quotient of two doubles that hold a and b exactly is correctly rounded. */
static rm_variant parsed(const char *name)
{
  rm_variant v;
  char msg[200] = "";
  rm_status s = rm_variant_parse(name, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "parse '%s': %s", name, msg);
  return v;
}

static int in_chapter(rm_metric m)
{
  return m == RM_PRECISION || m == RM_RECALL || m == RM_F || m == RM_RPREC || m == RM_HR;
}

/* Compare both paths of the library with the oracle's value on one list. */
static void check_against_oracle(const rm_variant *v, const plist *t, const char *ctx)
{
  mpq_t want;
  rm_list l = plist_view(t);
  rm_exact e;
  rm_status s;
  double d = -1, wd;
  int defined;
  mpq_init(want);
  defined = oracle(want, v, t);
  rm_exact_init(&e);
  s = rm_value_exact(v, &l, &e);
  if (!defined) {
    rm_status ws = v->undef == RM_UNDEF_ERROR ? RM_EUNDEF : RM_UNDEFINED;
    ck_assert_msg(s == ws, "%s: exact status %d, want %d (undefined)", ctx, (int) s, (int) ws);
    if (s == RM_UNDEFINED) {
      ck_assert_msg(e.value == (v->undef == RM_UNDEF_ONE ? 1.0 : 0.0), "%s: undef value %a",
                    ctx, e.value);
      ck_assert_str_eq(e.rational, v->undef == RM_UNDEF_ONE ? "1" : "0");
    }
    ck_assert_int_eq(rm_value(v, &l, NULL, &d), ws);
    if (ws == RM_UNDEFINED) ck_assert(tu_same_bits(d, e.value));
  } else {
    char *ws;
    ck_assert_msg(s == RM_OK, "%s: exact status %d, want RM_OK", ctx, (int) s);
    ws = mpq_get_str(NULL, 10, want);
    ck_assert_msg(e.rational && strcmp(e.rational, ws) == 0, "%s: fraction %s, want %s", ctx,
                  e.rational ? e.rational : "none", ws);
    wd = tu_round_q(want, NULL);
    ck_assert_msg(tu_same_bits(e.value, wd), "%s: exact path %a, want %a", ctx, e.value, wd);
    ck_assert_int_eq(rm_value(v, &l, NULL, &d), RM_OK);
    ck_assert_msg(tu_ulps(d, wd) <= rm_ulp_bound(v), "%s: double path %a, want %a", ctx, d, wd);
    free(ws);
  }
  rm_exact_clear(&e);
  mpq_clear(want);
}

/* ======================================================================== */
/* The worked examples of the chapter against the oracle.                   */

START_TEST(test_prf_rows)
{
  size_t i, j;
  int seen = 0;
  for (i = 0; i < RM_N_EXAMPLES; i++) {
    const rm_example *x = &rm_examples[i];
    rm_variant v;
    plist t;
    mpq_t q, want;
    int defined;
    if (rm_variant_parse(x->name, &v, NULL, 0) != RM_OK || !in_chapter(v.metric)) continue;
    seen++;
    plist_init(&t);
    ck_assert(x->n <= PMAXN && x->n_judged <= PMAXU);
    t.n = x->n; t.nu = x->n_judged;
    for (j = 0; j < x->n; j++) t.grade[j] = x->grade[j];
    for (j = 0; j < x->n_judged; j++) t.ugrade[j] = x->judged[j];
    if (x->score) { t.scored = 1; for (j = 0; j < x->n; j++) t.score[j] = x->score[j]; }
    if (x->ids) { t.named = 1; for (j = 0; j < x->n; j++) t.id[j] = x->ids[j]; }
    mpq_inits(q, want, NULL);
    defined = oracle(want, &v, &t);
    ck_assert_msg(defined == (x->status == RM_OK), "%s: the oracle finds it %s", x->id,
                  defined ? "defined" : "undefined");
    if (defined) {
      ck_assert_msg(x->rational != NULL, "%s: a rational value needs its fraction", x->id);
      ck_assert(mpq_set_str(q, x->rational, 10) == 0);
      mpq_canonicalize(q);
      ck_assert_msg(mpq_equal(q, want), "%s: row says %s, oracle %s", x->id, x->rational,
                    mpq_get_str(NULL, 10, want));
      ck_assert_msg(tu_same_bits(x->expect, tu_round_q(want, NULL)), "%s: row's double %a, oracle %a", x->id,
                    x->expect, tu_round_q(want, NULL));
    } else
      ck_assert(tu_same_bits(x->expect, v.undef == RM_UNDEF_ONE ? 1.0 : 0.0));
    check_against_oracle(&v, &t, x->id);
    mpq_clears(q, want, NULL);
  }
  ck_assert_msg(seen >= 30, "only %d worked examples of the chapter", seen);
}
END_TEST

/* ======================================================================== */
/* Random variants and lists.                                                */

static void random_variant(tu_rng *r, rm_variant *v, int allow_average)
{
  static const int b2[][2] = {{1, 1}, {4, 1}, {2, 1}, {1, 4}, {1, 3}, {7, 5}, {1000000, 1},
                              {1, 1000000}, {999999, 1000000}};
  rm_metric m;
  switch (tu_below(r, 5)) {
  case 0: m = RM_PRECISION; break;
  case 1: m = RM_RECALL; break;
  case 2: m = RM_F; break;
  case 3: m = RM_RPREC; break;
  default: m = RM_HR; break;
  }
  rm_variant_default(v, m);
  v->k = m == RM_RPREC || tu_below(r, 5) == 0 ? 0 : 1 + tu_below(r, 14);
  v->rel = tu_below(r, 3) == 0 ? 2 + (int) tu_below(r, 2) : 1;
  v->ties = (int) tu_below(r, 7);
  v->undef = (int) tu_below(r, 3);
  v->denom = (int) tu_below(r, 2);
  v->norm = (int) tu_below(r, 2);
  v->hit = (int) tu_below(r, 4);
  {
    unsigned j = tu_below(r, sizeof b2 / sizeof b2[0]);
    v->beta2 = b2[j][0]; v->beta2_den = b2[j][1];
  }
  if (v->ties == RM_TIES_AVERAGE
      && (!allow_average || m == RM_F || m == RM_RPREC || (m == RM_HR && v->hit == RM_HIT_ANY)))
    v->ties = RM_TIES_INPUT;
}

static void random_list(tu_rng *r, plist *t, size_t maxn)
{
  static const double pool[] = {1.0, 0.5, 0.0, -0.0, 2.0, -1.0};
  size_t i, j;
  unsigned levels = 1 + tu_below(r, 6), gmax = 1 + tu_below(r, 4);
  int rich = tu_below(r, 5) != 0;
  plist_init(t);
  t->n = tu_below(r, (unsigned) maxn + 1);
  for (i = 0; i < t->n; i++) {
    t->grade[i] = rich ? (int) tu_below(r, gmax + 1) : 0;
    t->score[i] = pool[tu_below(r, levels)];
  }
  t->nu = tu_below(r, 4);
  for (i = 0; i < t->nu; i++) t->ugrade[i] = rich ? (int) tu_below(r, gmax + 1) : 0;
  t->scored = tu_below(r, 4) != 0;
  t->named = 1;
  for (i = t->n; i > 1; i--) { /* shuffle the identifiers */
    const char *x;
    j = tu_below(r, (unsigned) i);
    x = t->id[i - 1]; t->id[i - 1] = t->id[j]; t->id[j] = x;
  }
}

/* The exact and double paths against the oracle on small lists. */
START_TEST(test_prf_oracle_random)
{
  tu_rng r = {0x5eedf00dULL};
  int it;
  char ctx[RM_NAME_MAX + 1200], nm[RM_NAME_MAX], desc[900];
  for (it = 0; it < 1500; it++) {
    plist t;
    rm_variant v;
    random_list(&r, &t, 7);
    random_variant(&r, &v, 1);
    rm_variant_name(&v, nm, sizeof nm);
    plist_describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, nm, desc);
    check_against_oracle(&v, &t, ctx);
  }
}
END_TEST

/* The double path within its bound of the exact path, on longer lists; and,
   as the book claims for lists of these sizes, the same double. */
START_TEST(test_prf_paths)
{
  tu_rng r = {0xbadc0ffeeULL};
  rm_work w;
  int it, cover[5][8] = {{0}};
  char ctx[RM_NAME_MAX + 1200], nm[RM_NAME_MAX], desc[900];
  rm_work_init(&w);
  for (it = 0; it < 4000; it++) {
    static plist t;
    rm_variant v;
    rm_exact e;
    rm_status se, sd;
    rm_list l = {0};
    double d = -1;
    random_list(&r, &t, tu_below(&r, 10) == 0 ? PMAXN : 30);
    random_variant(&r, &v, 1);
    l = plist_view(&t);
    rm_exact_init(&e);
    se = rm_value_exact(&v, &l, &e);
    sd = rm_value(&v, &l, (it & 1) ? &w : NULL, &d);
    if (se != sd || (se >= 0 && !tu_same_bits(d, e.value))) {
      rm_variant_name(&v, nm, sizeof nm);
      plist_describe(&t, desc, sizeof desc);
      snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, nm, desc);
    } else ctx[0] = '\0';
    ck_assert_msg(se == sd, "%s: exact status %d, double status %d", ctx, (int) se, (int) sd);
    ck_assert_msg(se == RM_OK || se == RM_UNDEFINED || (se == RM_EUNDEF && v.undef == RM_UNDEF_ERROR),
                  "%s: status %d", ctx, (int) se);
    if (se >= 0) {
      ck_assert_msg(tu_ulps(d, e.value) <= rm_ulp_bound(&v), "%s: %a vs %a", ctx, d, e.value);
      ck_assert_msg(tu_same_bits(d, e.value), "%s: double %a, exact %a", ctx, d, e.value);
    }
    rm_exact_clear(&e);
    cover[v.metric == RM_PRECISION ? 0 : v.metric == RM_RECALL ? 1 : v.metric == RM_F ? 2
          : v.metric == RM_RPREC ? 3 : 4][v.ties]++;
  }
  rm_work_free(&w);
  {
    int m, k;
    for (m = 0; m < 5; m++)
      for (k = 0; k < 7; k++)
        if (k != RM_TIES_AVERAGE || m == 0 || m == 1 || m == 4)
          ck_assert_msg(cover[m][k] > 0, "coverage: metric %d ties %d", m, k);
  }
}
END_TEST

/* The bounds the book states. */
START_TEST(test_prf_bounds)
{
  {
    rm_variant v = parsed("precision@10");
    ck_assert(rm_ulp_bound(&v) == 1);
  }
  {
    rm_variant v = parsed("recall@10[ties=average]");
    ck_assert(rm_ulp_bound(&v) == 3);
  }
  {
    rm_variant v = parsed("hr@10");
    ck_assert(rm_ulp_bound(&v) == 0);
  }
  {
    rm_variant v = parsed("hr@10[hit=rows,ties=average]");
    ck_assert(rm_ulp_bound(&v) == 3);
  }
  {
    rm_variant v = parsed("f[beta2=1/3]");
    ck_assert(rm_ulp_bound(&v) == 1);
  }
  {
    rm_variant v = parsed("rprec");
    ck_assert(rm_ulp_bound(&v) == 1);
  }
}
END_TEST

/* ======================================================================== */
/* Hand cases: one or more per value of every key.  Values by hand.         */

typedef struct {
  const char *name;
  int n; int g[12];
  int nu; int u[4];
  int scored; double s[12];
  const char *want; /* the fraction, or NULL when undefined */
  rm_status status;
} hand_case;

static const hand_case hand[] = {
  /* precision: denom=k and denom=list, K below, at and beyond n; no cutoff */
  {"precision@2", 4, {1, 0, 1, 1}, 0, {0}, 0, {0}, "1/2", RM_OK},
  {"precision@2[denom=list]", 4, {1, 0, 1, 1}, 0, {0}, 0, {0}, "1/2", RM_OK},
  {"precision@4", 4, {1, 0, 1, 1}, 0, {0}, 0, {0}, "3/4", RM_OK},
  {"precision@10", 4, {1, 0, 1, 1}, 0, {0}, 0, {0}, "3/10", RM_OK},
  {"precision@10[denom=list]", 4, {1, 0, 1, 1}, 0, {0}, 0, {0}, "3/4", RM_OK},
  {"precision", 4, {1, 0, 1, 1}, 0, {0}, 0, {0}, "3/4", RM_OK},
  {"precision@3[rel=2]", 4, {2, 1, 3, 2}, 0, {0}, 0, {0}, "2/3", RM_OK},
  {"precision@1", 3, {0, 0, 0}, 2, {1, 1}, 0, {0}, "0", RM_OK},
  /* recall: norm=rel and norm=min */
  {"recall@2", 3, {1, 1, 0}, 2, {1, 1}, 0, {0}, "1/2", RM_OK},
  {"recall@2[norm=min]", 3, {1, 1, 0}, 2, {1, 1}, 0, {0}, "1", RM_OK},
  {"recall@10[norm=min]", 3, {1, 1, 0}, 2, {1, 1}, 0, {0}, "1/2", RM_OK},
  {"recall", 3, {1, 0, 1}, 1, {1}, 0, {0}, "2/3", RM_OK},
  {"recall[norm=min]", 2, {1, 0}, 2, {1, 1}, 0, {0}, "1/2", RM_OK}, /* min(n=2, R=3) */
  {"recall@3[rel=3]", 4, {3, 2, 4, 3}, 1, {5}, 0, {0}, "1/2", RM_OK},
  /* f: beta2 as a fraction, with and without a cutoff */
  {"f@4", 4, {1, 1, 0, 0}, 2, {1, 0}, 0, {0}, "4/7", RM_OK}, /* P 1/2, Rec 2/3 */
  {"f@4[beta2=4]", 4, {1, 1, 0, 0}, 2, {1, 0}, 0, {0}, "5/8", RM_OK}, /* 5*2/(4*3+4) */
  {"f@4[beta2=1/4]", 4, {1, 1, 0, 0}, 2, {1, 0}, 0, {0}, "10/19", RM_OK},
  {"f@10", 2, {1, 1}, 0, {0}, 0, {0}, "1/3", RM_OK}, /* 2*2/(2+10) */
  {"f[beta2=2/3]", 3, {0, 1, 1}, 1, {1}, 0, {0}, "2/3", RM_OK},  /* (5/3) 2/((2/3) 3 + 3) */
  {"f@1", 2, {0, 1}, 0, {0}, 0, {0}, "0", RM_OK},
  /* rprec */
  {"rprec", 5, {0, 1, 1, 0, 1}, 0, {0}, 0, {0}, "2/3", RM_OK},
  {"rprec", 5, {1, 1, 1, 0, 0}, 2, {1, 0}, 0, {0}, "3/4", RM_OK},
  {"rprec[rel=2]", 3, {2, 1, 2}, 0, {0}, 0, {0}, "1/2", RM_OK},
  /* hr: the four meanings */
  {"hr@2", 4, {0, 1, 1, 1}, 0, {0}, 0, {0}, "1", RM_OK},
  {"hr@1", 4, {0, 1, 1, 1}, 0, {0}, 0, {0}, "0", RM_OK},
  {"hr@2[hit=recall]", 4, {0, 1, 1, 1}, 1, {1}, 0, {0}, "1/4", RM_OK},
  {"hr@2[hit=precision]", 4, {0, 1, 1, 1}, 1, {1}, 0, {0}, "1/2", RM_OK},
  {"hr@6[hit=precision]", 4, {0, 1, 1, 1}, 1, {1}, 0, {0}, "1/2", RM_OK},
  {"hr@2[hit=rows]", 4, {0, 1, 1, 1}, 1, {1}, 0, {0}, "1/4", RM_OK},
  {"hr@6[hit=rows]", 4, {0, 1, 1, 1}, 1, {1}, 0, {0}, "3/4", RM_OK},
  {"hr", 2, {0, 0}, 1, {1}, 0, {0}, "0", RM_OK},
  /* undefined, and undef=zero/one */
  {"recall@5", 3, {0, 0, 0}, 1, {0}, 0, {0}, NULL, RM_UNDEFINED},
  {"recall@5[undef=one]", 3, {0, 0, 0}, 0, {0}, 0, {0}, NULL, RM_UNDEFINED},
  {"f[undef=one]", 2, {0, 0}, 0, {0}, 0, {0}, NULL, RM_UNDEFINED},
  {"rprec", 0, {0}, 0, {0}, 0, {0}, NULL, RM_UNDEFINED},
  {"precision", 0, {0}, 3, {1, 1, 1}, 0, {0}, NULL, RM_UNDEFINED},
  {"hr[hit=rows]", 0, {0}, 1, {1}, 0, {0}, NULL, RM_UNDEFINED},
  {"hr@3[hit=recall,undef=one]", 2, {0, 0}, 0, {0}, 0, {0}, NULL, RM_UNDEFINED},
  {"hr[hit=precision]", 0, {0}, 1, {1}, 0, {0}, NULL, RM_UNDEFINED},
  {"hr@3[hit=precision]", 0, {0}, 1, {1}, 0, {0}, "0", RM_OK},
  {"hr@3", 0, {0}, 0, {0}, 0, {0}, "0", RM_OK},
  {"f", 0, {0}, 1, {1}, 0, {0}, "0", RM_OK},  /* K = n = 0, R = 1: F = 0 */
  /* all relevant */
  {"precision@3", 3, {1, 1, 1}, 0, {0}, 0, {0}, "1", RM_OK},
  {"recall@3", 3, {1, 1, 1}, 0, {0}, 0, {0}, "1", RM_OK},
  {"f@3[beta2=0.5]", 3, {1, 1, 1}, 0, {0}, 0, {0}, "1", RM_OK},
  {"rprec", 3, {1, 1, 1}, 0, {0}, 0, {0}, "1", RM_OK},
  {"f@5", 3, {1, 1, 1}, 0, {0}, 0, {0}, "3/4", RM_OK}, /* P 3/5, Rec 1 */
  /* ties: five items scored 2,1,1,1,0 with grades 0,1,0,1,1 (ids x000..x004) */
  {"precision@2", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/2", RM_OK},
  {"precision@2[ties=reverse]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/2", RM_OK},
  {"precision@2[ties=id-asc]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/2", RM_OK},
  {"precision@3[ties=id-desc]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/3", RM_OK},
  {"precision@3[ties=input]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/3", RM_OK},
  {"precision@3[ties=pessimistic]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/3", RM_OK},
  {"precision@3[ties=optimistic]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "2/3", RM_OK},
  {"precision@2[ties=pessimistic]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "0", RM_OK},
  {"precision@2[ties=average]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/3", RM_OK},
  {"precision@3[ties=average]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "4/9", RM_OK},
  {"recall@3[ties=average]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "4/9", RM_OK},
  {"hr@3[hit=rows,ties=average]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "4/15", RM_OK},
  {"hr@4[ties=average,hit=precision]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/2", RM_OK},
  {"rprec[ties=optimistic]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "2/3", RM_OK},
  {"rprec[ties=pessimistic]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1/3", RM_OK},
  {"hr@2[ties=pessimistic]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "0", RM_OK},
  {"hr@2[ties=optimistic]", 5, {0, 1, 0, 1, 1}, 0, {0}, 1, {2, 1, 1, 1, 0}, "1", RM_OK},
};

START_TEST(test_prf_hand)
{
  const hand_case *c = &hand[_i];
  rm_variant v = parsed(c->name);
  plist t;
  rm_list l = {0};
  rm_exact e;
  rm_status s;
  double d;
  int i;
  plist_init(&t);
  t.n = (size_t) c->n; t.nu = (size_t) c->nu;
  for (i = 0; i < c->n; i++) t.grade[i] = c->g[i], t.score[i] = c->s[i];
  for (i = 0; i < c->nu; i++) t.ugrade[i] = c->u[i];
  t.scored = c->scored; t.named = c->scored;
  l = plist_view(&t);
  rm_exact_init(&e);
  s = rm_value_exact(&v, &l, &e);
  ck_assert_msg(s == c->status, "%s (case %d): status %d, want %d", c->name, _i, (int) s,
                (int) c->status);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), c->status);
  if (c->want) {
    mpq_t q;
    char *str;
    mpq_init(q);
    ck_assert(mpq_set_str(q, c->want, 10) == 0);
    mpq_canonicalize(q);
    str = mpq_get_str(NULL, 10, q);
    ck_assert_msg(strcmp(e.rational, str) == 0, "%s (case %d): %s, want %s", c->name, _i,
                  e.rational, str);
    ck_assert_msg(tu_same_bits(e.value, tu_round_q(q, NULL)), "%s: exact %a", c->name, e.value);
    ck_assert_msg(tu_same_bits(d, tu_round_q(q, NULL)), "%s: double %a", c->name, d);
    free(str);
    mpq_clear(q);
  } else {
    double u = v.undef == RM_UNDEF_ONE ? 1.0 : 0.0;
    ck_assert_msg(tu_same_bits(e.value, u) && tu_same_bits(d, u), "%s: undefined as %a/%a", c->name,
                  e.value, d);
  }
  rm_exact_clear(&e);
  check_against_oracle(&v, &t, c->name); /* and the oracle agrees with the hand */
}
END_TEST

/* Identities between variants the book states. */
START_TEST(test_prf_identities)
{
  tu_rng r = {0x1d3171e5ULL};
  int it;
  for (it = 0; it < 600; it++) {
    plist t;
    rm_list l = {0};
    unsigned long K = 1 + tu_below(&r, 12);
    char a[64], b[64];
    rm_variant va, vb;
    int pair;
    random_list(&r, &t, 12);
    l = plist_view(&t);
    for (pair = 0; pair < 4; pair++) {
      rm_exact ea, eb;
      rm_status sa, sb;
      switch (pair) {
      case 0: snprintf(a, sizeof a, "hr@%lu[hit=recall]", K);
        snprintf(b, sizeof b, "recall@%lu", K); break;
      case 1: snprintf(a, sizeof a, "hr@%lu[hit=precision]", K);
        snprintf(b, sizeof b, "precision@%lu", K); break;
      case 2: snprintf(a, sizeof a, "f@%lu[beta2=1]", K); /* F1 = 2h/(R+K) */
        snprintf(b, sizeof b, "f@%lu[beta2=3/3]", K); break;
      default: snprintf(a, sizeof a, "precision@%lu[denom=list]", K + 100);
        snprintf(b, sizeof b, "precision"); break;
      }
      va = parsed(a); vb = parsed(b);
      rm_exact_init(&ea); rm_exact_init(&eb);
      sa = rm_value_exact(&va, &l, &ea);
      sb = rm_value_exact(&vb, &l, &eb);
      ck_assert_msg(sa == sb, "%s vs %s: status %d vs %d", a, b, (int) sa, (int) sb);
      ck_assert_msg(tu_same_bits(ea.value, eb.value), "%s vs %s: %a vs %a", a, b, ea.value, eb.value);
      rm_exact_clear(&ea); rm_exact_clear(&eb);
    }
    /* hit=any is the indicator of a positive hit=precision */
    {
      rm_exact ea, eb;
      snprintf(a, sizeof a, "hr@%lu", K);
      snprintf(b, sizeof b, "hr@%lu[hit=precision]", K);
      va = parsed(a); vb = parsed(b);
      rm_exact_init(&ea); rm_exact_init(&eb);
      ck_assert_int_eq(rm_value_exact(&va, &l, &ea), RM_OK);
      ck_assert_int_eq(rm_value_exact(&vb, &l, &eb), RM_OK);
      ck_assert(ea.value == (eb.value > 0 ? 1.0 : 0.0));
      rm_exact_clear(&ea); rm_exact_clear(&eb);
    }
  }
}
END_TEST

/* ======================================================================== */
/* Refused names and variants.                                               */

static void expect_refused(const char *name, const char *fragment)
{
  rm_variant v;
  char msg[300] = "";
  rm_status s = rm_variant_parse(name, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_ENAME || (s == RM_EK && strstr(fragment, "cutoff")),
                "'%s' was accepted (status %d)", name, (int) s);
  ck_assert_msg(strstr(msg, fragment) != NULL, "'%s': message '%s' lacks '%s'", name, msg,
                fragment);
}

START_TEST(test_prf_refused)
{
  expect_refused("hr@5[ties=average]", "ties=average is not defined for hr with hit=any");
  expect_refused("hr[hit=any,ties=average]", "hit=any");
  expect_refused("f@5[ties=average]", "ties=average is not defined");
  expect_refused("rprec[ties=average]", "ties=average is not defined");
  expect_refused("rprec@5[ties=average]", "ties=average is not defined");
  expect_refused("coverage-error@5", "takes no cutoff");
  expect_refused("ranking-loss@5", "takes no cutoff");
  expect_refused("recall@5[norm=list]", "recall takes norm=rel or norm=min");
  expect_refused("coverage-error[ties=average]", "ties=average is not defined");
  expect_refused("recall@5[norm=hits]", "recall takes norm=rel or norm=min");
  expect_refused("precision[denom=list]", "the key 'denom' does not apply");
  expect_refused("precision[denom=k]", "the key 'denom' does not apply");
  expect_refused("recall@5[denom=list]", "the key 'denom' does not apply");
  expect_refused("precision@5[denom=all]", "'all' is not a value of denom");
  expect_refused("precision@5[norm=min]", "the key 'norm' does not apply");
  expect_refused("precision@5[beta2=2]", "the key 'beta2' does not apply");
  expect_refused("hr@5[beta2=2]", "the key 'beta2' does not apply");
  expect_refused("f@5[hit=any]", "the key 'hit' does not apply");
  expect_refused("recall[hit=recall]", "the key 'hit' does not apply");
  expect_refused("rprec[norm=min]", "the key 'norm' does not apply");
  expect_refused("rprec[gain=binary]", "the key 'gain' does not apply");
  expect_refused("hr@5[hit=all]", "did you mean 'any'");
  expect_refused("hr@5[hit=recal]", "did you mean 'recall'");
  expect_refused("f[beta2=0]", "beta2 must be a fraction");
  expect_refused("f[beta2=1000001]", "beta2 must be a fraction");
  expect_refused("f[beta2=1/1000001]", "beta2 must be a fraction");
  expect_refused("f[beta2=1/0]", "beta2 must be a fraction");
  expect_refused("f[beta2=-1]", "beta2 must be a fraction");
  expect_refused("f[beta2=]", "beta2 must be a fraction");
  expect_refused("f[beta2=2,beta2=3]", "given twice");
  expect_refused("presicion@5", "did you mean 'precision@5'");
  expect_refused("precision@0", "cutoff");
}
END_TEST

/* A variant made by hand that no name could produce is refused by both paths. */
START_TEST(test_prf_refused_by_hand)
{
  static const int g[3] = {1, 0, 1};
  rm_list l = {3, g, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  rm_variant v;
  rm_exact e;
  double d;
  int c;
  for (c = 0; c < 9; c++) {
    switch (c) {
    case 0: v = parsed("f@2"); v.beta2 = 0; break;
    case 1: v = parsed("f@2"); v.beta2_den = 0; break;
    case 2: v = parsed("f@2"); v.beta2_den = 1000001; break;
    case 3: v = parsed("hr@2"); v.hit = 4; break;
    case 4: v = parsed("hr@2"); v.ties = RM_TIES_AVERAGE; break;
    case 5: v = parsed("recall@2"); v.norm = RM_NORM_HITS; break;
    case 6: v = parsed("coverage-error"); v.k = 2; break;
    case 7: v = parsed("precision@2"); v.denom = 2; break;
    default: v = parsed("f"); v.ties = RM_TIES_AVERAGE; break;
    }
    rm_exact_init(&e);
    ck_assert_msg(rm_value(&v, &l, NULL, &d) == RM_ENAME, "case %d: double path", c);
    ck_assert_msg(rm_value_exact(&v, &l, &e) == RM_ENAME, "case %d: exact path", c);
    rm_exact_clear(&e);
  }
  /* a field the variant does not use is not looked at */
  v = parsed("precision");
  v.denom = 99; v.beta2 = 0; v.hit = -3;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(d == 2.0 / 3.0);
  /* undef=error */
  v = parsed("recall[undef=error]");
  {
    static const int z[2] = {0, 0};
    rm_list lz = {2, z, NULL, NULL, 0, NULL, NULL, NULL, NULL};
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value(&v, &lz, NULL, &d), RM_EUNDEF);
    ck_assert_int_eq(rm_value_exact(&v, &lz, &e), RM_EUNDEF);
    rm_exact_clear(&e);
  }
}
END_TEST

/* ======================================================================== */
/* Canonical names, written out by hand.                                     */

static void expect_name(const char *in, const char *want)
{
  rm_variant v = parsed(in), w;
  char buf[RM_NAME_MAX];
  rm_variant_name(&v, buf, sizeof buf);
  ck_assert_str_eq(buf, want);
  w = parsed(buf);
  rm_variant_name(&w, buf, sizeof buf);
  ck_assert_str_eq(buf, want);
}

START_TEST(test_prf_names)
{
  expect_name("precision@10", "precision@10[denom=k,rel=1,ties=input,undef=zero]");
  expect_name("precision", "precision[rel=1,ties=input,undef=zero]");
  expect_name("precision@5[undef=one,denom=list,rel=2]",
              "precision@5[denom=list,rel=2,ties=input,undef=one]");
  expect_name("recall@10", "recall@10[norm=rel,rel=1,ties=input,undef=zero]");
  expect_name("recall[norm=min,ties=average]", "recall[norm=min,rel=1,ties=average,undef=zero]");
  expect_name("f", "f[beta2=1,rel=1,ties=input,undef=zero]");
  expect_name("f@10[beta2=4]", "f@10[beta2=4,rel=1,ties=input,undef=zero]");
  expect_name("f[beta2=1/4]", "f[beta2=0.25,rel=1,ties=input,undef=zero]");
  expect_name("f[beta2=2/6]", "f[beta2=1/3,rel=1,ties=input,undef=zero]");
  expect_name("f[beta2=0.5]", "f[beta2=0.5,rel=1,ties=input,undef=zero]");
  expect_name("f[beta2=8/4]", "f[beta2=2,rel=1,ties=input,undef=zero]");
  expect_name("f[beta2=1/8]", "f[beta2=0.125,rel=1,ties=input,undef=zero]");
  expect_name("f[beta2=0.000001]", "f[beta2=0.000001,rel=1,ties=input,undef=zero]");
  expect_name("f[beta2=1000000]", "f[beta2=1000000,rel=1,ties=input,undef=zero]");
  expect_name("rprec", "rprec[rel=1,ties=input,undef=zero]");
  expect_name("rprec[ties=id-desc]", "rprec[rel=1,ties=id-desc,undef=zero]");
  expect_name("hr@10", "hr@10[hit=any,rel=1,ties=input,undef=zero]");
  expect_name("hr[hit=rows]", "hr[hit=rows,rel=1,ties=input,undef=zero]");
  expect_name("hr@100[ties=average,hit=precision]",
              "hr@100[hit=precision,rel=1,ties=average,undef=zero]");
  {
    rm_variant v;
    rm_variant_default(&v, RM_F);
    ck_assert_int_eq(v.beta2, 1);
    ck_assert_int_eq(v.beta2_den, 1);
    ck_assert_int_eq(v.hit, RM_HIT_ANY);
    ck_assert_int_eq(v.denom, RM_DENOM_K);
  }
}
END_TEST

/* ======================================================================== */
/* The chapter "Coverage error, ranking loss and R-precision at a cutoff",   */
/* worked by hand: scikit-learn's coverage_error and label_ranking_loss      */
/* count a tie against the ranking (ties=pessimistic by default).            */

/* NAME on grades G scored S (n items, nu judged unretrieved of grades U):
   exact fraction WANT on the exact path, the double path within its bound. */
static void single2_case(const char *name, size_t n, const int *g, const double *s,
                         size_t nu, const int *u, const char *want)
{
  static const char *const ids[] = {"a", "b", "c", "d", "e", "f"};
  rm_variant v = parsed(name);
  rm_list l = {0};
  rm_exact e;
  double d;
  mpq_t q;
  l.n = n; l.grade = g; l.score = s; l.id = s ? ids : NULL;
  l.n_unretrieved = nu; l.unretrieved_grade = u;
  mpq_init(q);
  ck_assert(mpq_set_str(q, want, 10) == 0);
  mpq_canonicalize(q);
  rm_exact_init(&e);
  ck_assert_msg(rm_value_exact(&v, &l, &e) <= RM_UNDEFINED, "%s: exact path refused", name);
  ck_assert_msg(tu_same_bits(e.value, tu_round_q(q, NULL)), "%s: exact %a, want %s", name,
                e.value, want);
  ck_assert_msg(rm_value(&v, &l, NULL, &d) <= RM_UNDEFINED, "%s: double path refused", name);
  ck_assert_msg(tu_ulps(d, tu_round_q(q, NULL)) <= rm_ulp_bound(&v), "%s: double %a, want %s",
                name, d, want);
  rm_exact_clear(&e);
  mpq_clear(q);
}

START_TEST(test_single2_hand)
{
  /* a b c d, grades 1 0 1 0, scores 4 3 3 1: c (relevant) ties b */
  static const int g[4] = {1, 0, 1, 0}, g2[4] = {1, 0, 1, 1}, one[1] = {1};
  static const int none[3] = {0, 0, 0}, all[2] = {1, 1}, gr[5] = {2, 0, 1, 0, 2};
  static const int three[1] = {3};
  static const double s[4] = {4, 3, 3, 1};
  /* name, n, grades, scores, unretrieved, their grades, the value */
  const struct {
    const char *name;
    size_t n;
    const int *g;
    const double *s;
    size_t nu;
    const int *u;
    const char *want;
  } c[] = {
    /* the items scored at least 3, the lowest relevant score: a, b, c */
    {"coverage-error", 4, g, s, 0, NULL, "3"},
    {"coverage-error[ties=optimistic]", 4, g, s, 0, NULL, "2"},
    {"coverage-error[ties=input]", 4, g, s, 0, NULL, "3"}, /* b before c */
    /* no relevant item: scikit-learn's 0 is undef=zero; undef=one gives 1 */
    {"coverage-error", 3, none, NULL, 0, NULL, "0"},
    {"coverage-error[undef=one]", 3, none, NULL, 0, NULL, "1"},
    /* a judged relevant item not retrieved is never seen */
    {"coverage-error", 4, g, s, 1, one, "3"},
    /* at rel=2 only the items of grade 2 count: the last is at rank 5 */
    {"coverage-error[rel=2]", 5, gr, NULL, 0, NULL, "5"},
    /* pairs (a,b) (a,d) (c,b) (c,d): only (c,b) is wrong, tied */
    {"ranking-loss", 4, g, s, 0, NULL, "1/4"},
    {"ranking-loss[ties=average]", 4, g, s, 0, NULL, "1/8"},
    {"ranking-loss[ties=optimistic]", 4, g, s, 0, NULL, "0"},
    {"ranking-loss", 2, all, NULL, 0, NULL, "0"}, /* no negative */
    {"ranking-loss[undef=one]", 2, all, NULL, 0, NULL, "1"},
    /* 2 0 1 0 2 in input order: P=3, N=2; the wrong pairs are (c,b), (e,b),
       (e,d): 3/6 */
    {"ranking-loss", 5, gr, NULL, 0, NULL, "1/2"},
    /* at rel=2: P=2 (a, e), N=3; e is below b, c and d: 3/6 */
    {"ranking-loss[rel=2]", 5, gr, NULL, 0, NULL, "1/2"},
    /* 1 0 1 1 and a relevant item not retrieved: R = 4 */
    {"rprec", 4, g2, NULL, 1, one, "3/4"},
    {"rprec@3", 4, g2, NULL, 1, one, "1/2"},
    {"rprec@2", 4, g2, NULL, 1, one, "1/4"},
    {"rprec@1", 4, g2, NULL, 1, one, "1/4"},
    {"rprec@10", 4, g2, NULL, 1, one, "3/4"}, /* K >= R: rprec */
    /* Elliot's MAP, the mean of P@1..P@K: (1 + 1/2 + 2/3)/3 on 1 0 1 */
    {"precision-mean", 3, g, NULL, 0, NULL, "13/18"},
    /* past the list P@4 = 2/4 and P@5 = 2/5 still divide by the rank */
    {"precision-mean@5", 3, g, NULL, 0, NULL, "46/75"},
    /* at rel=2 on 2 0 1 0 2: (1 + 1/2 + 1/3 + 1/4 + 2/5)/5 */
    {"precision-mean[rel=2]", 5, gr, NULL, 0, NULL, "149/300"},
    {"precision-mean", 3, none, NULL, 0, NULL, "0"}, /* R = 0: undefined */
    {"precision-mean[undef=one]", 3, none, NULL, 1, one, "0"}, /* R = 1, none seen */
    /* 1 1 with a third relevant item unretrieved, cut at 5: min(5, 3) = 3
       under norm=min, min(5, 3, 2) = 2 under norm=list (LightGBM, LensKit) */
    {"ap@5[norm=min]", 2, all, NULL, 1, one, "2/3"},
    {"ap@5[norm=list]", 2, all, NULL, 1, one, "1"},
    /* 1 0 1 1, R = 4: at 3, min(3, 4, 4) = 3 as norm=min: (1 + 2/3)/3 */
    {"ap@3[norm=list]", 4, g2, NULL, 1, one, "5/9"},
    /* no relevant item: LightGBM's 1 is undef=one */
    {"ap@10[norm=list,undef=one]", 3, none, NULL, 0, NULL, "1"},
    /* Elasticsearch: one hit of grade 1, a judged 3 not returned; the ideal
       is cut at the one hit, 2^3 - 1 = 7 */
    {"ndcg@10[gain=exp2,ideal=hits]", 1, one, NULL, 1, three, "1/7"},
    /* 1 1 and a third item of grade 1 not returned: cut at the two hits the
       ideal is the list itself, 1 (ideal=judged would add 1/2 at rank 3) */
    {"ndcg@10[ideal=hits]", 2, all, NULL, 1, one, "1"},
  };
  size_t i;
  for (i = 0; i < sizeof c / sizeof c[0]; i++)
    single2_case(c[i].name, c[i].n, c[i].g, c[i].s, c[i].nu, c[i].u, c[i].want);
  expect_name("coverage-error", "coverage-error[rel=1,ties=pessimistic,undef=zero]");
  expect_name("ranking-loss[ties=average]", "ranking-loss[rel=1,ties=average,undef=zero]");
  expect_name("rprec@5", "rprec@5[rel=1,ties=input,undef=zero]");
}
END_TEST

/* ranking-loss is 1 - auc under the same tie rule, pessimistic or average,
   wherever both are defined (random tied lists, exact fractions). */
START_TEST(test_single2_auc)
{
  tu_rng r = {0x5e1f2c3bULL};
  int it, side;
  for (it = 0; it < 300; it++) {
    plist t;
    rm_list l;
    random_list(&r, &t, 9);
    l = plist_view(&t);
    for (side = 0; side < 2; side++) {
      rm_variant a = parsed(side ? "ranking-loss[ties=average]" : "ranking-loss"),
        b = parsed(side ? "auc[ties=average]" : "auc[ties=pessimistic]");
      rm_exact ea, eb;
      mpq_t qa, qb;
      rm_exact_init(&ea); rm_exact_init(&eb);
      if (rm_value_exact(&a, &l, &ea) == RM_OK && rm_value_exact(&b, &l, &eb) == RM_OK) {
        mpq_inits(qa, qb, NULL);
        ck_assert(mpq_set_str(qa, ea.rational, 10) == 0);
        ck_assert(mpq_set_str(qb, eb.rational, 10) == 0);
        mpq_add(qa, qa, qb);
        ck_assert_msg(mpq_cmp_ui(qa, 1, 1) == 0, "case %d: %s + %s is not 1", it,
                      ea.rational, eb.rational);
        mpq_clears(qa, qb, NULL);
      }
      rm_exact_clear(&ea); rm_exact_clear(&eb);
    }
  }
}
END_TEST

/* cornac's NCRR by hand: the sum of 1/r over the hits of the top k over the
   sum of 1/i for i up to min(R, k); R counts relevant items not retrieved. */
START_TEST(test_ncrr_hand)
{
  static const int g[5] = {0, 1, 0, 1, 1}, two[3] = {1, 1, 0}, one[1] = {1};
  static const int ones[3] = {1, 1, 1}, late[4] = {0, 0, 1, 1}, none[2] = {0, 0};
  static const int gr[4] = {2, 1, 0, 2};
  static const double s[4] = {1, 3, 3, 2};
  /* (1/2 + 1/4 + 1/5) / (1 + 1/2 + 1/3 + 1/4) = (19/20) / (25/12) */
  single2_case("ncrr", 5, g, NULL, 1, one, "57/125");
  single2_case("ncrr@3", 5, g, NULL, 1, one, "3/11"); /* (1/2) / (11/6) */
  single2_case("ncrr@1", 5, g, NULL, 1, one, "0");
  single2_case("ncrr@2", 3, two, NULL, 3, ones, "1"); /* ideal for its length */
  single2_case("ncrr", 4, late, NULL, 0, NULL, "7/18"); /* (7/12) / (3/2) */
  single2_case("ncrr", 2, none, NULL, 0, NULL, "0"); /* R = 0: undefined */
  single2_case("ncrr[undef=one]", 2, none, NULL, 0, NULL, "1");
  single2_case("ncrr", 0, NULL, NULL, 1, one, "0"); /* an empty list */
  /* at rel=2 the hits are a and d, ranked 4 and 3 by score (b, c tied in
     input order): (1/3 + 1/4) / (1 + 1/2) */
  single2_case("ncrr[rel=2]", 4, gr, s, 0, NULL, "7/18");
  /* at rel=1, R = 3: b c d a in input order hits 1, 3, 4, (19/12) / (11/6);
     ties=pessimistic puts c (grade 0) before b: hits 2, 3, 4 */
  single2_case("ncrr", 4, gr, s, 0, NULL, "19/22");
  single2_case("ncrr[ties=pessimistic]", 4, gr, s, 0, NULL, "13/22");
  expect_name("ncrr@5", "ncrr@5[rel=1,ties=input,undef=zero]");
}
END_TEST

/* RecBole's LogLoss by hand: labels 1, 0 scored 1/2 each lose ln 2; labels
   1, 0, 1 scored 0.9, 0.2, 0 lose -ln 0.9 - ln 0.8 - ln 1e-15 over 3, the 0
   clipped to 1e-15 (the correctly rounded doubles, worked to 60 digits). */
START_TEST(test_logloss_hand)
{
  static const int g2[2] = {1, 0}, g3[3] = {1, 0, 1}, g4[4] = {2, 1, 0, 2};
  static const double s2[2] = {0.5, 0.5}, s3[3] = {0.9, 0.2, 0}, s4[4] = {0.8, 0.4, 0.1, 0.6};
  const struct {
    const char *name;
    size_t n;
    const int *g;
    const double *s;
    double want;
  } c[] = {
    {"logloss", 2, g2, s2, 0x1.62e42fefa39efp-1},
    {"logloss", 3, g3, s3, 0x1.73eaeba6d7f54p+3},
    /* at rel=2 the labels are 1, 0, 0, 1: -(ln 0.8 + ln 0.6 + ln 0.9 + ln 0.6)/4 */
    {"logloss[rel=2]", 4, g4, s4, 0x1.59a3c75850bacp-2},
  };
  size_t i;
  for (i = 0; i < sizeof c / sizeof c[0]; i++) {
    rm_variant v = parsed(c[i].name);
    rm_list l = {0};
    rm_exact e;
    double d;
    l.n = c[i].n; l.grade = c[i].g; l.score = c[i].s;
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
    ck_assert_msg(tu_same_bits(e.value, c[i].want), "%s: exact %a, want %a", c[i].name,
                  e.value, c[i].want);
    ck_assert_msg(e.rational == NULL, "%s: a log loss is irrational", c[i].name);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert_msg(tu_ulps(d, c[i].want) <= rm_ulp_bound(&v), "%s: double %a", c[i].name, d);
    rm_exact_clear(&e);
  }
  {
    rm_variant v = parsed("logloss");
    rm_list l = {0};
    double d;
    l.n = 2; l.grade = g2; /* no scores: refused */
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EINVAL);
    l.n = 0; l.grade = NULL; /* an empty list: undefined */
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_UNDEFINED);
    ck_assert_int_eq(rm_variant_parse("gm:logloss", &v, NULL, 0), RM_ENAME);
    ck_assert_int_eq(rm_variant_parse("micro:logloss", &v, NULL, 0), RM_ENAME);
    ck_assert_int_eq(rm_variant_parse("logloss@5", &v, NULL, 0), RM_ENAME);
  }
}
END_TEST

/* logloss over users (issue 30): the book's two users, labels 1, 0 scored 1/2
   each (ln 2) and one relevant item scored 1/4 (ln 4), have the mean
   (3/2) ln 2 and the pooled (4/3) ln 2, whose double is ...7eap-1 (the
   double of ln 2 times 4/3 rounds to ...7e9p-1).  On random users the pooled
   form, mean[weight=items], is bit for bit the logloss of one list holding
   every row, a mean over users of one length is the pooled form, and the
   double path of every aggregator is within its bound. */
static rm_status ll_set(const char *name, const rm_list *q, size_t nq, rm_exact *e,
  double *d)
{
  rm_variant v = parsed(name);
  rm_status s;
  rm_exact_init(e);
  s = rm_value_set_exact(&v, q, nq, e);
  ck_assert_int_eq(rm_value_set(&v, q, nq, NULL, d), s);
  if (s == RM_OK)
    ck_assert_msg(tu_ulps(*d, e->value) <= rm_ulp_bound(&v), "%s: double %a, exact %a",
                  name, *d, e->value);
  return s;
}
START_TEST(test_logloss_agg)
{
  static const int g1[2] = {1, 0}, g2[1] = {1};
  static const double s1[2] = {0.5, 0.5}, s2[1] = {0.25};
  static const char *const aggs[] = {"mean:logloss", "mean[weight=items]:logloss",
    "median:logloss", "min:logloss", "max:logloss", "sum:logloss",
    "mean[skip=undef]:logloss[rel=2]"};
  rm_list q[5] = {{0}};
  int g[5][8], ga[40];
  double sc[5][8], sa[40], d, d2;
  rm_exact e, f;
  tu_rng r = {3034};
  size_t i, j, k, n, nq;
  q[0].n = 2; q[0].grade = g1; q[0].score = s1;
  q[1].n = 1; q[1].grade = g2; q[1].score = s2;
  ck_assert_int_eq(ll_set("mean:logloss", q, 2, &e, &d), RM_OK);
  ck_assert_msg(tu_same_bits(e.value, 0x1.0a2b23f3bab73p+0), "mean: %a", e.value);
  ck_assert(e.rational == NULL);
  rm_exact_clear(&e);
  ck_assert_int_eq(ll_set("mean[weight=items]:logloss", q, 2, &e, &d), RM_OK);
  ck_assert_msg(tu_same_bits(e.value, 0x1.d9303fea2f7eap-1), "pooled: %a", e.value);
  rm_exact_clear(&e);
  for (k = 0; k < 40; k++) {
    rm_list one = {0};
    rm_variant v = parsed("logloss");
    nq = 1 + tu_below(&r, 5);
    n = 1 + tu_below(&r, 8);
    for (i = 0, one.n = 0; i < nq; i++) {
      q[i].n = k % 2 ? n : 1 + tu_below(&r, 8); /* every other set: one length */
      q[i].grade = g[i]; q[i].score = sc[i];
      for (j = 0; j < q[i].n; j++) {
        static const double pick[6] = {0, 1, 0.5, 1e-17, 0.9, 0.3};
        g[i][j] = (int) tu_below(&r, 3);
        sc[i][j] = tu_below(&r, 3) ? pick[tu_below(&r, 6)] : (double) tu_next(&r) / 0x1p64;
        ga[one.n] = g[i][j]; sa[one.n++] = sc[i][j];
      }
    }
    one.grade = ga; one.score = sa;
    rm_exact_init(&f);
    ck_assert_int_eq(rm_value_exact(&v, &one, &f), RM_OK);
    ck_assert_int_eq(ll_set("mean[weight=items]:logloss", q, nq, &e, &d), RM_OK);
    ck_assert_msg(tu_same_bits(e.value, f.value), "set %zu: pooled %a, one list %a", k, e.value,
                  f.value);
    ck_assert_str_eq(e.decimal, f.decimal);
    rm_exact_clear(&e);
    if (k % 2) {
      ck_assert_int_eq(ll_set("mean:logloss", q, nq, &e, &d2), RM_OK);
      ck_assert_msg(tu_same_bits(e.value, f.value), "set %zu: mean %a, one list %a", k,
                    e.value, f.value);
      rm_exact_clear(&e);
    }
    rm_exact_clear(&f);
    for (i = 0; i < sizeof aggs / sizeof aggs[0]; i++) {
      ll_set(aggs[i], q, nq, &e, &d);
      rm_exact_clear(&e);
    }
  }
}
END_TEST

Suite *suite_prf(void)
{
  Suite *s = suite_create("prf");
  TCase *tc = tcase_create("prf");
  tcase_set_timeout(tc, PTIMEOUT);
  tcase_add_test(tc, test_prf_rows);
  tcase_add_test(tc, test_prf_oracle_random);
  tcase_add_test(tc, test_prf_paths);
  tcase_add_test(tc, test_prf_bounds);
  tcase_add_loop_test(tc, test_prf_hand, 0, (int) (sizeof hand / sizeof hand[0]));
  tcase_add_test(tc, test_prf_identities);
  tcase_add_test(tc, test_prf_refused);
  tcase_add_test(tc, test_prf_refused_by_hand);
  tcase_add_test(tc, test_prf_names);
  tcase_add_test(tc, test_single2_hand);
  tcase_add_test(tc, test_single2_auc);
  tcase_add_test(tc, test_ncrr_hand);
  tcase_add_test(tc, test_logloss_hand);
  tcase_add_test(tc, test_logloss_agg);
  suite_add_tcase(s, tc);
  return s;
}
