/* tests/check_rankmetrics.c -- the Check test runner of rankmetrics.

   Every expected value in this file is derived independently of the library:
   a fraction worked out by hand, a closed form evaluated here with MPFR at
   256 bits (an oracle written from the definitions in the book, sharing no
   code with the library), or the other path of the library (double against
   exact).  No value printed by the library is pasted back as an expectation.

   Suites: examples, independent, paths, properties, edges, names. */

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"
#include "testutil.h"
#include "examples.h"

#define MAXN 300          /* longest random list */
#define MAXU 12           /* most unretrieved judged grades */
#define OPREC 256         /* precision of the oracle, in bits */
#define TIMEOUT 120       /* seconds, per test */
#define N_PATHS 10000     /* random lists of the "paths" suite */
#define N_INDEP 300       /* random lists of the "independent" suite */

/* ------------------------------------------------------------------------ */
/* Assertions on doubles, by bit pattern or in ulps (tests/testutil.h).      */

#define ck_assert_ulps(got, want, n, ctx) do { \
    double g_ = (got), w_ = (want), n_ = (n); \
    double d_ = tu_ulps(g_, w_); \
    ck_assert_msg(d_ <= n_, "%s: got %a, want %a: %.0f ulps apart, allowed %g", \
                  (ctx), g_, w_, d_, n_); \
  } while (0)

#define ck_assert_bits(got, want, ctx) do { \
    double g_ = (got), w_ = (want); \
    ck_assert_msg(tu_same_bits(g_, w_), "%s: got %a, want %a", (ctx), g_, w_); \
  } while (0)

static int streq_or_null(const char *a, const char *b)
{
  if (a == NULL || b == NULL) return a == b;
  return strcmp(a, b) == 0;
}

/* ------------------------------------------------------------------------ */
/* Test lists.                                                               */

typedef struct {
  size_t n, nu;
  int grade[MAXN];
  double score[MAXN];
  char idbuf[MAXN][16];
  const char *id[MAXN];
  int ugrade[MAXU];
  int scored, named; /* pass score[], id[] to the library */
} tlist;

static rm_list to_list(const tlist *t)
{
  rm_list l = {0};
  l.n = t->n;
  l.grade = t->grade;
  l.score = t->scored ? t->score : NULL;
  l.id = t->named ? t->id : NULL;
  l.n_unretrieved = t->nu;
  l.unretrieved_grade = t->ugrade;
  return l;
}

static void tlist_clear(tlist *t)
{
  size_t i;
  t->n = t->nu = 0;
  t->scored = t->named = 0;
  for (i = 0; i < MAXN; i++) t->id[i] = t->idbuf[i];
}

static void set_grades(tlist *t, size_t n, const int *g)
{
  size_t i;
  t->n = n;
  for (i = 0; i < n; i++) t->grade[i] = g[i];
}

/* A short description of a list, for failure messages. */
static void describe(const tlist *t, char *buf, size_t len)
{
  size_t i, p = 0;
  int c;
#define PUT(...) do { if (p < len) { c = snprintf(buf + p, len - p, __VA_ARGS__); \
    if (c > 0) p += (size_t) c; } } while (0)
  PUT("n=%zu grades=[", t->n);
  for (i = 0; i < t->n && i < 40; i++) PUT("%s%d", i ? "," : "", t->grade[i]);
  if (t->n > 40) PUT(",...");
  PUT("]");
  if (t->scored) {
    PUT(" scores=[");
    for (i = 0; i < t->n && i < 40; i++) PUT("%s%g", i ? "," : "", t->score[i]);
    if (t->n > 40) PUT(",...");
    PUT("]");
  }
  if (t->named) {
    PUT(" ids=[");
    for (i = 0; i < t->n && i < 20; i++) PUT("%s%s", i ? "," : "", t->id[i]);
    if (t->n > 20) PUT(",...");
    PUT("]");
  }
  PUT(" judged=[");
  for (i = 0; i < t->nu; i++) PUT("%s%d", i ? "," : "", t->ugrade[i]);
  PUT("]");
#undef PUT
  if (len > 0 && p >= len) buf[len - 1] = '\0';
}

/* Random ingredients. */
static const double score_pool[] = {1.0, 0.5, 0.0, -0.0, 2.5, -1.0, 0.25, 3.0};

static void gen_grades(tu_rng *r, tlist *t, size_t n, int gmax)
{
  size_t i;
  t->n = n;
  for (i = 0; i < n; i++) t->grade[i] = (int) tu_below(r, (unsigned) gmax + 1);
}

static void gen_unretrieved(tu_rng *r, tlist *t, size_t nu, int gmax)
{
  size_t i;
  t->nu = nu;
  for (i = 0; i < nu; i++) t->ugrade[i] = (int) tu_below(r, (unsigned) gmax + 1);
}

/* Scores from a small pool (including -0 and +0), so that ties are common. */
static void gen_scores_tied(tu_rng *r, tlist *t)
{
  size_t i;
  unsigned m = 1 + tu_below(r, 8);
  t->scored = 1;
  for (i = 0; i < t->n; i++) t->score[i] = score_pool[tu_below(r, m)];
}

/* Pairwise distinct scores, in random order. */
static void gen_scores_distinct(tu_rng *r, tlist *t)
{
  size_t i, j, perm[MAXN];
  for (i = 0; i < t->n; i++) perm[i] = i;
  for (i = t->n; i > 1; i--) {
    size_t tmp;
    j = tu_below(r, (unsigned) i);
    tmp = perm[i - 1]; perm[i - 1] = perm[j]; perm[j] = tmp;
  }
  t->scored = 1;
  for (i = 0; i < t->n; i++) t->score[i] = 0.75 * (double) perm[i] - 7.0;
}

/* Identifiers "d<number>", duplicates possible. */
static void gen_ids(tu_rng *r, tlist *t)
{
  size_t i;
  t->named = 1;
  for (i = 0; i < t->n; i++) {
    snprintf(t->idbuf[i], sizeof t->idbuf[i], "d%u", tu_below(r, 3 * (unsigned) t->n + 1));
    t->id[i] = t->idbuf[i];
  }
}

/* Distinct identifiers. */
static void gen_ids_distinct(tu_rng *r, tlist *t)
{
  size_t i;
  unsigned off = tu_below(r, 1000);
  t->named = 1;
  for (i = 0; i < t->n; i++) {
    snprintf(t->idbuf[i], sizeof t->idbuf[i], "x%u", (unsigned) ((i * 7919 + off) % 100003));
    t->id[i] = t->idbuf[i];
  }
}

static const int jk_bases[] = {2, 3, 10};

/* A random variant of metric m, with only the keys of its name set (the
   other fields keep their defaults, as after parsing a name). */
static void gen_variant(tu_rng *r, rm_variant *v, rm_metric m, size_t n)
{
  rm_variant_default(v, m);
  v->gain = (rm_gain) tu_below(r, 3);
  if (v->gain == RM_GAIN_BINARY) v->rel = 1 + (int) tu_below(r, 4);
  if (m != RM_CG) {
    v->discount = (rm_discount) tu_below(r, 2);
    if (v->discount == RM_DISCOUNT_JK) v->base = jk_bases[tu_below(r, 3)];
  }
  if (m == RM_IDCG || m == RM_NDCG) v->ideal = (rm_ideal) tu_below(r, 4);
  if (m != RM_IDCG || v->ideal == RM_IDEAL_TOPK) {
    v->ties = (rm_ties) tu_below(r, 6);
    if (m != RM_CG && m != RM_DCG && v->ideal == RM_IDEAL_TOPK && v->ties == RM_TIES_AVERAGE)
      v->ties = (rm_ties) tu_below(r, 5);
  }
  if (m == RM_NDCG) v->undef = (rm_undef) tu_below(r, 3);
  switch (tu_below(r, 6)) {
  case 0: v->k = 0; break;
  case 1: v->k = 1; break;
  case 2: v->k = 5; break;
  case 3: v->k = 10; break;
  case 4: v->k = 100; break;
  default: v->k = (unsigned long) n + 1 + tu_below(r, 20); break;
  }
}

static const char *vname(const rm_variant *v, char *buf)
{
  rm_variant_name(v, buf, RM_NAME_MAX);
  return buf;
}

/* ------------------------------------------------------------------------ */
/* The ranking, written independently: a stable insertion sort by score
   (descending), ties broken by the rule.  Not used for ties=average. */

static int before(const tlist *t, rm_ties rule, size_t a, size_t b)
{
  double sa = t->score[a], sb = t->score[b];
  if (sa > sb) return 1;
  if (sa < sb) return 0;
  switch (rule) {
  case RM_TIES_ID_ASC: return strcmp(t->id[a], t->id[b]) < 0;
  case RM_TIES_ID_DESC: return strcmp(t->id[a], t->id[b]) > 0;
  case RM_TIES_PESSIMISTIC: return t->grade[a] < t->grade[b];
  case RM_TIES_OPTIMISTIC: return t->grade[a] > t->grade[b];
  default: return 0;
  }
}

static void my_rank(const tlist *t, rm_ties rule, size_t *order)
{
  size_t i, j;
  for (i = 0; i < t->n; i++) {
    size_t x = i;
    j = i;
    if (t->scored)
      while (j > 0 && before(t, rule, x, order[j - 1])) { order[j] = order[j - 1]; j--; }
    order[j] = x;
  }
}

/* ------------------------------------------------------------------------ */
/* The oracle: the definitions of the book, evaluated with MPFR at 256 bits. */

/* A gain map: the listed gain num/den of a grade, the grade itself when it
   is not listed, and 0 for an unjudged item (a negative grade in a row). */
static void o_map(long *num, long *den, const rm_variant *v, int grade)
{
  int i;
  *num = grade < 0 ? 0 : grade; *den = 1;
  for (i = 0; i < v->gmap_n; i++)
    if (grade >= 0 && v->gmap_grade[i] == grade) { *num = v->gmap_num[i]; *den = v->gmap_den[i]; }
}
static void o_gain(mpfr_t g, const rm_variant *v, int grade)
{
  long num, den;
  /* gmin=t (ranx's rel_lvl): a grade below t gains nothing, under the
     linear and the exponential gain */
  if (v->gmin && grade < v->gmin && (v->gain == RM_GAIN_LINEAR || v->gain == RM_GAIN_EXP2)) {
    mpfr_set_ui(g, 0, MPFR_RNDN);
    return;
  }
  switch (v->gain) {
  case RM_GAIN_MAP:
    o_map(&num, &den, v, grade);
    mpfr_set_si(g, num, MPFR_RNDN);
    mpfr_div_si(g, g, den, MPFR_RNDN);
    break;
  case RM_GAIN_EXP2:
    mpfr_set_ui_2exp(g, 1, (mpfr_exp_t) grade, MPFR_RNDN);
    mpfr_sub_ui(g, g, 1, MPFR_RNDN);
    break;
  case RM_GAIN_BINARY: mpfr_set_si(g, grade >= v->rel ? 1 : 0, MPFR_RNDN); break;
  default: mpfr_set_si(g, grade, MPFR_RNDN); break;
  }
}

/* The discount of 1-based rank i: lg(i+1), or max(1, log_b i). */
static void o_discount(mpfr_t d, const rm_variant *v, size_t i)
{
  if (v->discount == RM_DISCOUNT_LOG2) {
    mpfr_set_ui(d, (unsigned long) i + 1, MPFR_RNDN);
    mpfr_log2(d, d, MPFR_RNDN);
  } else if (i <= (size_t) v->base) {
    mpfr_set_ui(d, 1, MPFR_RNDN);
  } else {
    mpfr_t b;
    mpfr_init2(b, OPREC);
    mpfr_set_ui(d, (unsigned long) i, MPFR_RNDN);
    mpfr_log2(d, d, MPFR_RNDN);
    mpfr_set_ui(b, (unsigned long) v->base, MPFR_RNDN);
    mpfr_log2(b, b, MPFR_RNDN);
    mpfr_div(d, d, b, MPFR_RNDN);
    mpfr_clear(b);
  }
}

/* out = sum over ranks 1..L of G(g[i-1]) [/ D(i)]; ones: every gain is 1. */
static void o_sum(mpfr_t out, const rm_variant *v, const int *g, size_t L,
                  int discounted, int ones)
{
  mpfr_t x, d;
  size_t i;
  mpfr_inits2(OPREC, x, d, (mpfr_ptr) 0);
  mpfr_set_ui(out, 0, MPFR_RNDN);
  for (i = 1; i <= L; i++) {
    if (ones) mpfr_set_ui(x, 1, MPFR_RNDN);
    else o_gain(x, v, g[i - 1]);
    if (discounted) {
      o_discount(d, v, i);
      mpfr_div(x, x, d, MPFR_RNDN);
    }
    mpfr_add(out, out, x, MPFR_RNDN);
  }
  mpfr_clears(x, d, (mpfr_ptr) 0);
}

static int cmp_int_desc(const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x < y) - (x > y);
}
/* Grades by their mapped gain, decreasing, compared exactly. */
static const rm_variant *map_v;
static int cmp_gain_desc(const void *a, const void *b)
{
  long x, dx, y, dy;
  o_map(&x, &dx, map_v, *(const int *) a);
  o_map(&y, &dy, map_v, *(const int *) b);
  return (x * dy < y * dx) - (x * dy > y * dx);
}

/* The ideal DCG, from the ranked grades (needed for topk) and the judgments. */
static void o_ideal(mpfr_t out, const rm_variant *v, const int *ranked, size_t n,
                    const int *u, size_t nu)
{
  int ideal[MAXN + MAXU];
  size_t m = 0, i, L, top = (v->k && v->k < n) ? v->k : n;
  if (v->ideal == RM_IDEAL_ONES) {
    o_sum(out, v, NULL, v->k ? v->k : n, 1, 1);
    return;
  }
  if (v->ideal == RM_IDEAL_TOPK) for (i = 0; i < top; i++) ideal[m++] = ranked[i];
  else {
    for (i = 0; i < n; i++) ideal[m++] = ranked[i];
    if (v->ideal == RM_IDEAL_JUDGED || v->ideal == RM_IDEAL_HITS)
      for (i = 0; i < nu; i++) ideal[m++] = u[i];
  }
  if (v->gain == RM_GAIN_MAP) { map_v = v; qsort(ideal, m, sizeof ideal[0], cmp_gain_desc); }
  else qsort(ideal, m, sizeof ideal[0], cmp_int_desc);
  L = (v->k && v->k < m) ? v->k : m;
  if (v->ideal == RM_IDEAL_HITS && top < L) L = top; /* Elasticsearch: cut at the hits */
  o_sum(out, v, ideal, L, 1, 0);
}

/* The value of variant v on the grades in ranked order (no ties to average).
   Returns 0, or 1 when the nDCG is undefined (out is then not set). */
static int oracle(mpfr_t out, const rm_variant *v, const int *ranked, size_t n,
                  const int *u, size_t nu)
{
  size_t k = (v->k && v->k < n) ? v->k : n;
  mpfr_t den;
  int undefined = 0;
  switch (v->metric) {
  case RM_CG: o_sum(out, v, ranked, k, 0, 0); break;
  case RM_DCG: o_sum(out, v, ranked, k, 1, 0); break;
  case RM_IDCG: o_ideal(out, v, ranked, n, u, nu); break;
  case RM_NDCG:
    mpfr_init2(den, OPREC);
    o_ideal(den, v, ranked, n, u, nu);
    if (mpfr_zero_p(den)) undefined = 1;
    else {
      o_sum(out, v, ranked, k, 1, 0);
      mpfr_div(out, out, den, MPFR_RNDN);
    }
    mpfr_clear(den);
    break;
  default:
    ck_abort_msg("oracle: metric %d is not of the cumulative-gain family", (int) v->metric);
  }
  return undefined;
}

/* The mean over every order of the tie groups, by brute force: every
   permutation of the list whose scores do not increase is one order.
   Gives the numerator (cg or dcg at the cutoff) averaged; small n only. */
typedef struct {
  const tlist *t;
  const rm_variant *v;
  int discounted;
  size_t n, k, used[16], chosen[16];
  mpfr_t *w; /* 1/D(i), i = 1..k (index i-1); unused when not discounted */
  mpfr_t *gain; /* G(grade[j]) */
  mpfr_t acc, x, y;
  unsigned long count;
} bf_state;

static void bf_rec(bf_state *s, size_t depth)
{
  size_t j;
  if (depth == s->n) {
    size_t i;
    mpfr_set_ui(s->x, 0, MPFR_RNDN);
    for (i = 0; i < s->k; i++) {
      if (s->discounted) mpfr_mul(s->y, s->gain[s->chosen[i]], s->w[i], MPFR_RNDN);
      else mpfr_set(s->y, s->gain[s->chosen[i]], MPFR_RNDN);
      mpfr_add(s->x, s->x, s->y, MPFR_RNDN);
    }
    mpfr_add(s->acc, s->acc, s->x, MPFR_RNDN);
    s->count++;
    return;
  }
  for (j = 0; j < s->n; j++) {
    if (s->used[j]) continue;
    if (depth > 0 && s->t->score[j] > s->t->score[s->chosen[depth - 1]]) continue;
    s->used[j] = 1;
    s->chosen[depth] = j;
    bf_rec(s, depth + 1);
    s->used[j] = 0;
  }
}

static void o_average_sum(mpfr_t out, const rm_variant *v, const tlist *t, int discounted)
{
  bf_state s;
  size_t i;
  mpfr_t w[16], gain[16];
  s.t = t; s.v = v; s.discounted = discounted; s.n = t->n;
  s.k = (v->k && v->k < t->n) ? v->k : t->n;
  for (i = 0; i < t->n; i++) {
    s.used[i] = 0;
    mpfr_inits2(OPREC, w[i], gain[i], (mpfr_ptr) 0);
    o_gain(gain[i], v, t->grade[i]);
    o_discount(w[i], v, i + 1);
    mpfr_ui_div(w[i], 1, w[i], MPFR_RNDN);
  }
  s.w = w; s.gain = gain;
  mpfr_inits2(OPREC, s.acc, s.x, s.y, (mpfr_ptr) 0);
  mpfr_set_ui(s.acc, 0, MPFR_RNDN);
  s.count = 0;
  bf_rec(&s, 0);
  if (s.count == 0) mpfr_set_ui(out, 0, MPFR_RNDN);
  else mpfr_div_ui(out, s.acc, s.count, MPFR_RNDN);
  mpfr_clears(s.acc, s.x, s.y, (mpfr_ptr) 0);
  for (i = 0; i < t->n; i++) mpfr_clears(w[i], gain[i], (mpfr_ptr) 0);
}

/* The oracle for any list: ranks it by our own sort (or averages by brute
   force under ties=average, n <= 8), then applies the definitions. */
static int has_ties(const tlist *t)
{
  size_t i, j;
  if (!t->scored) return 0;
  for (i = 0; i < t->n; i++)
    for (j = 0; j < i; j++) if (t->score[i] == t->score[j]) return 1;
  return 0;
}

static int oracle_list(mpfr_t out, const rm_variant *v, const tlist *t)
{
  size_t order[MAXN], i;
  int ranked[MAXN];
  if (v->ties == RM_TIES_AVERAGE && has_ties(t) && v->metric != RM_IDCG) {
    mpfr_t den;
    int undefined = 0;
    ck_assert_msg(t->n <= 8, "oracle: brute-force average needs n <= 8");
    if (v->metric != RM_NDCG) {
      o_average_sum(out, v, t, v->metric == RM_DCG);
      return 0;
    }
    for (i = 0; i < t->n; i++) ranked[i] = t->grade[i]; /* order is immaterial */
    mpfr_init2(den, OPREC);
    o_ideal(den, v, ranked, t->n, t->ugrade, t->nu);
    if (mpfr_zero_p(den)) undefined = 1;
    else {
      o_average_sum(out, v, t, 1);
      mpfr_div(out, out, den, MPFR_RNDN);
    }
    mpfr_clear(den);
    return undefined;
  }
  my_rank(t, v->ties, order);
  for (i = 0; i < t->n; i++) ranked[i] = t->grade[order[i]];
  return oracle(out, v, ranked, t->n, t->ugrade, t->nu);
}

/* ------------------------------------------------------------------------ */
/* Checking an exact result.                                                 */

/* Parse a positional decimal (no sign, no exponent, no superfluous leading
   zero).  Returns the number of significant digits (0 for zero), with up
   to 63 of them in dig and e10 such that the value is 0.dig * 10^e10;
   -1 when malformed. */
static int parse_decimal(const char *s, char *dig, long *e10)
{
  const char *p;
  int nd = 0, dot = 0, started = 0;
  long intd = 0, zeros = 0;
  if (s[0] == '-') s++; /* a negative value: the digits follow its sign */
  if ((p = strchr(s, 'e')) != NULL) { /* scientific: d.ddd...e+-N */
    char m[80];
    size_t k = (size_t) (p - s);
    if (k == 0 || k >= sizeof m) return -1;
    memcpy(m, s, k); m[k] = '\0';
    nd = parse_decimal(m, dig, e10);
    if (nd > 0) *e10 += strtol(p + 1, NULL, 10);
    return nd;
  }
  if (s[0] == '\0' || s[0] == '.') return -1;
  if (s[0] == '0' && s[1] != '\0' && s[1] != '.') return -1;
  for (p = s; *p; p++) {
    if (*p == '.') {
      if (dot || p[1] == '\0') return -1;
      dot = 1;
      continue;
    }
    if (*p < '0' || *p > '9') return -1;
    if (!started && *p == '0') { if (dot) zeros++; continue; }
    started = 1;
    if (!dot) intd++;
    if (nd < 63) dig[nd] = *p;
    nd++;
  }
  dig[nd < 63 ? nd : 63] = '\0';
  if (!started) { *e10 = 0; return strcmp(s, "0") == 0 ? 0 : -1; }
  *e10 = intd > 0 ? intd : -zeros;
  return nd;
}

/* The decimal string must be x correctly rounded to 40 significant digits
   (x is the oracle's 256-bit value; zero is written "0"). */
static void check_decimal(const char *dec, mpfr_t x, const char *ctx)
{
  char dig[64];
  long e10;
  int nd = parse_decimal(dec, dig, &e10);
  if (mpfr_zero_p(x)) {
    ck_assert_msg(strcmp(dec, "0") == 0, "%s: decimal of zero is '%s', want '0'", ctx, dec);
    return;
  }
  ck_assert_msg(nd == 40, "%s: decimal '%s' has %d significant digits, want 40", ctx, dec, nd);
  {
    mpfr_exp_t ex;
    char *want = mpfr_get_str(NULL, &ex, 10, 40, x, MPFR_RNDN);
    ck_assert_msg(want != NULL, "%s: mpfr_get_str failed", ctx);
    ck_assert_msg(strcmp(dig, want) == 0 && e10 == (long) ex,
                  "%s: decimal '%s', want 0.%s e%ld", ctx, dec, want, (long) ex);
    mpfr_free_str(want);
  }
}

/* An exact result against the oracle's 256-bit value x: the double is x
   rounded to nearest; the fraction, when given, equals x; the ternary is
   the sign of value - x; the decimal is x to 40 digits. */
static void check_exact_against(const rm_exact *e, mpfr_t x, const char *ctx)
{
  double d = mpfr_get_d(x, MPFR_RNDN);
  ck_assert_msg(tu_same_bits(e->value, d), "%s: exact path %a, oracle %a (rational %s)",
                ctx, e->value, d, e->rational ? e->rational : "none");
  if (e->rational != NULL) {
    mpq_t q, qd;
    mpfr_t diff;
    int c;
    mpq_inits(q, qd, NULL);
    ck_assert_msg(mpq_set_str(q, e->rational, 10) == 0, "%s: bad fraction '%s'", ctx, e->rational);
    mpq_canonicalize(q);
    {
      char *back = mpq_get_str(NULL, 10, q);
      ck_assert_msg(strcmp(back, e->rational) == 0, "%s: fraction '%s' is not in lowest terms",
                    ctx, e->rational);
      free(back);
    }
    mpfr_init2(diff, OPREC);
    mpfr_set_q(diff, q, MPFR_RNDN);
    mpfr_sub(diff, diff, x, MPFR_RNDN);
    mpfr_abs(diff, diff, MPFR_RNDN);
    if (!mpfr_zero_p(x)) mpfr_div(diff, diff, x, MPFR_RNDN);
    ck_assert_msg(mpfr_cmp_ui_2exp(diff, 1, -200) <= 0,
                  "%s: fraction %s differs from the oracle's value", ctx, e->rational);
    mpfr_clear(diff);
    mpq_set_d(qd, e->value);
    c = mpq_cmp(qd, q);
    ck_assert_msg(e->ternary == (c > 0) - (c < 0), "%s: ternary %d, but %a %s %s", ctx,
                  e->ternary, e->value, c > 0 ? ">" : c < 0 ? "<" : "=", e->rational);
    mpq_clears(q, qd, NULL);
  } else {
    int c = mpfr_cmp_d(x, d); /* x > d: rounded down, ternary -1 */
    ck_assert_msg(c != 0, "%s: no fraction given, but the value is the double %a", ctx, d);
    ck_assert_msg(e->ternary == (c > 0 ? -1 : 1), "%s: ternary %d, want %d", ctx,
                  e->ternary, c > 0 ? -1 : 1);
  }
  check_decimal(e->decimal, x, ctx);
}

/* Two exact results are the same result. */
static void check_exact_same(const rm_exact *a, const rm_exact *b, const char *ctx)
{
  ck_assert_msg(tu_same_bits(a->value, b->value), "%s: %a vs %a", ctx, a->value, b->value);
  ck_assert_msg(streq_or_null(a->rational, b->rational), "%s: fraction %s vs %s", ctx,
                a->rational ? a->rational : "none", b->rational ? b->rational : "none");
  ck_assert_msg(strcmp(a->decimal, b->decimal) == 0, "%s: decimal %s vs %s", ctx,
                a->decimal, b->decimal);
  ck_assert_msg(a->ternary == b->ternary, "%s: ternary %d vs %d", ctx, a->ternary, b->ternary);
}

/* Compute on both paths; the exact one must succeed with want_status. */
static rm_status exact_of_list(const rm_variant *v, const tlist *t, rm_exact *e)
{
  rm_list l = to_list(t);
  return rm_value_exact(v, &l, e);
}

/* ======================================================================== */
/* Suite "examples": every worked example of the book, on both paths.       */

START_TEST(test_example_row)
{
  const rm_example *x = &rm_examples[_i];
  rm_variant v;
  rm_list l = {0};
  int xg[RM_EXAMPLE_MAX];
  unsigned char xu[RM_EXAMPLE_MAX];
  rm_exact e;
  rm_status s;
  char msg[256] = "", dig[64];
  long e10;
  double d = -1;
  int nd;

  s = rm_variant_parse(x->name, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "%s: name '%s' rejected (%d): %s", x->id, x->name, (int) s, msg);
  rm_example_list(x, &l, xg, xu);

  rm_exact_init(&e);
  s = rm_value_exact(&v, &l, &e);
  ck_assert_msg(s == x->status, "%s: exact path status %d, want %d", x->id, (int) s, x->status);
  ck_assert_msg(tu_same_bits(e.value, x->expect), "%s: exact path %a, want %a", x->id, e.value,
                x->expect);
  ck_assert_msg(streq_or_null(e.rational, x->rational), "%s: fraction %s, want %s", x->id,
                e.rational ? e.rational : "none", x->rational ? x->rational : "none");
  nd = parse_decimal(e.decimal, dig, &e10);
  if (x->expect == 0)
    ck_assert_msg(strcmp(e.decimal, "0") == 0, "%s: decimal '%s', want '0'", x->id, e.decimal);
  else
    ck_assert_msg(nd == 40, "%s: decimal '%s' has %d significant digits, want 40", x->id,
                  e.decimal, nd);
  ck_assert_msg(tu_same_bits(strtod(e.decimal, NULL), x->expect),
                "%s: decimal '%s' reads as %a, want %a", x->id, e.decimal,
                strtod(e.decimal, NULL), x->expect);
  if (x->rational) { /* the ternary follows from the fraction */
    mpq_t q, qd;
    int c;
    mpq_inits(q, qd, NULL);
    ck_assert(mpq_set_str(q, x->rational, 10) == 0);
    mpq_canonicalize(q);
    mpq_set_d(qd, x->expect);
    c = mpq_cmp(qd, q);
    ck_assert_msg(e.ternary == (c > 0) - (c < 0), "%s: ternary %d", x->id, e.ternary);
    mpq_clears(q, qd, NULL);
  }
  rm_exact_clear(&e);

  s = rm_value(&v, &l, NULL, &d);
  ck_assert_msg(s == x->status, "%s: double path status %d, want %d", x->id, (int) s, x->status);
  ck_assert_ulps(d, x->expect, rm_ulp_bound(&v), x->id);
}
END_TEST

/* The rows against our oracle as well: a wrong row would show up here. */
START_TEST(test_example_oracle)
{
  const rm_example *x = &rm_examples[_i];
  rm_variant v;
  tlist t;
  mpfr_t y;
  size_t i;
  int undefined;
  tlist_clear(&t);
  ck_assert(rm_variant_parse(x->name, &v, NULL, 0) == RM_OK);
  /* this oracle knows the cumulative-gain family; other families' rows are
     checked against their own oracles in their own files */
  if (v.metric != RM_CG && v.metric != RM_DCG && v.metric != RM_IDCG && v.metric != RM_NDCG)
    return;
  /* trec_eval's faulty sort is not this oracle's; the row T-gmap-trunc was
     computed apart, in 60-digit decimal arithmetic, from (3.5 lg3 + 3)/(3 lg3 + 3.5) */
  if (v.gain == RM_GAIN_MAP && v.isort == RM_ISORT_TRUNC) return;
  set_grades(&t, x->n, x->grade);
  if (x->score) { t.scored = 1; for (i = 0; i < x->n; i++) t.score[i] = x->score[i]; }
  if (x->ids) { t.named = 1; for (i = 0; i < x->n; i++) t.id[i] = x->ids[i]; }
  if (v.drop == RM_DROP_UNJUDGED) { /* the unjudged items (negative grades) leave */
    size_t m = 0;
    for (i = 0; i < x->n; i++)
      if (x->grade[i] >= 0) {
        t.grade[m] = x->grade[i];
        if (x->score) t.score[m] = x->score[i];
        if (x->ids) t.id[m] = x->ids[i];
        m++;
      }
    t.n = m;
  }
  t.nu = x->n_judged;
  for (i = 0; i < x->n_judged; i++) t.ugrade[i] = x->judged[i];
  mpfr_init2(y, OPREC);
  undefined = oracle_list(y, &v, &t);
  if (undefined) {
    ck_assert_msg(x->status == RM_UNDEFINED, "%s: the oracle finds the value undefined", x->id);
    ck_assert_bits(x->expect, v.undef == RM_UNDEF_ONE ? 1.0 : 0.0, x->id);
  } else {
    ck_assert_msg(x->status == RM_OK, "%s: the oracle finds a value", x->id);
    ck_assert_msg(tu_same_bits(mpfr_get_d(y, MPFR_RNDN), x->expect), "%s: row says %a, oracle %a",
                  x->id, x->expect, mpfr_get_d(y, MPFR_RNDN));
  }
  mpfr_clear(y);
}
END_TEST

static Suite *suite_examples(void)
{
  Suite *s = suite_create("examples");
  TCase *tc = tcase_create("rows");
  tcase_set_timeout(tc, TIMEOUT);
  tcase_add_loop_test(tc, test_example_row, 0, (int) RM_N_EXAMPLES);
  tcase_add_loop_test(tc, test_example_oracle, 0, (int) RM_N_EXAMPLES);
  suite_add_tcase(s, tc);
  return s;
}

/* ======================================================================== */
/* Suite "independent": the exact path against the oracle, bitwise.        */

static void random_small_list(tu_rng *r, tlist *t, int with_distinct_scores)
{
  tlist_clear(t);
  gen_grades(r, t, tu_below(r, 13), 4);
  gen_unretrieved(r, t, tu_below(r, 4), 4);
  if (with_distinct_scores) gen_scores_distinct(r, t);
  gen_ids_distinct(r, t);
}

START_TEST(test_independent_random)
{
  tu_rng r = {0x1dec0de5eedULL};
  int it, m;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  mpfr_t y;
  mpfr_init2(y, OPREC);
  for (it = 0; it < N_INDEP; it++) {
    tlist t;
    random_small_list(&r, &t, (int) tu_below(&r, 2));
    for (m = RM_CG; m <= RM_NDCG; m++) {
      rm_variant v;
      rm_exact e;
      rm_status s;
      int undefined;
      gen_variant(&r, &v, (rm_metric) m, t.n);
      v.k = tu_below(&r, 4) == 0 ? 0 : 1 + tu_below(&r, 15); /* K 1..15 or none */
      if (v.ties == RM_TIES_AVERAGE && v.ideal == RM_IDEAL_TOPK) v.ties = RM_TIES_INPUT;
      describe(&t, desc, sizeof desc);
      snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, vname(&v, nm), desc);
      undefined = oracle_list(y, &v, &t);
      rm_exact_init(&e);
      s = exact_of_list(&v, &t, &e);
      if (undefined) {
        rm_status want = v.undef == RM_UNDEF_ERROR ? RM_EUNDEF : RM_UNDEFINED;
        ck_assert_msg(s == want, "%s: status %d, want %d (ideal DCG 0)", ctx, (int) s, (int) want);
        if (s == RM_UNDEFINED) {
          ck_assert_bits(e.value, v.undef == RM_UNDEF_ONE ? 1.0 : 0.0, ctx);
          ck_assert_msg(strcmp(e.rational, v.undef == RM_UNDEF_ONE ? "1" : "0") == 0,
                        "%s: fraction %s", ctx, e.rational);
        }
      } else {
        ck_assert_msg(s == RM_OK, "%s: status %d, want RM_OK", ctx, (int) s);
        check_exact_against(&e, y, ctx);
      }
      rm_exact_clear(&e);
    }
  }
  mpfr_clear(y);
}
END_TEST

/* ties=average against the mean over every order of the ties, enumerated. */
START_TEST(test_independent_average)
{
  tu_rng r = {0xa5e7a6eULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  mpfr_t y;
  mpfr_init2(y, OPREC);
  for (it = 0; it < 150; it++) {
    tlist t;
    rm_variant v;
    rm_exact e;
    rm_status s;
    int undefined;
    tlist_clear(&t);
    gen_grades(&r, &t, 1 + tu_below(&r, 7), 4);
    gen_unretrieved(&r, &t, tu_below(&r, 3), 4);
    gen_scores_tied(&r, &t);
    do gen_variant(&r, &v, (rm_metric) (it % 3 == 0 ? RM_CG : it % 3 == 1 ? RM_DCG : RM_NDCG), t.n);
    while (v.ideal == RM_IDEAL_TOPK);
    v.ties = RM_TIES_AVERAGE;
    if (v.k > 10) v.k = 1 + tu_below(&r, 8);
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, vname(&v, nm), desc);
    undefined = oracle_list(y, &v, &t);
    rm_exact_init(&e);
    s = exact_of_list(&v, &t, &e);
    if (undefined)
      ck_assert_msg(s == (v.undef == RM_UNDEF_ERROR ? RM_EUNDEF : RM_UNDEFINED), "%s: status %d",
                    ctx, (int) s);
    else {
      ck_assert_msg(s == RM_OK, "%s: status %d", ctx, (int) s);
      check_exact_against(&e, y, ctx);
    }
    rm_exact_clear(&e);
  }
  mpfr_clear(y);
}
END_TEST

static Suite *suite_independent(void)
{
  Suite *s = suite_create("independent");
  TCase *tc = tcase_create("oracle");
  tcase_set_timeout(tc, TIMEOUT);
  tcase_add_test(tc, test_independent_random);
  tcase_add_test(tc, test_independent_average);
  suite_add_tcase(s, tc);
  return s;
}

/* ======================================================================== */
/* Suite "paths": the double path within its bound of the exact path.      */

START_TEST(test_paths_random)
{
  static const char *const mnames[] = {"cg", "dcg", "idcg", "ndcg"};
  tu_rng r = {0x9a7b5ULL};
  double maxu[4] = {0, 0, 0, 0};
  long cover_m[4] = {0}, cover_g[3] = {0}, cover_d[4] = {0}, cover_i[4] = {0},
       cover_t[6] = {0}, cover_u[3] = {0}, cover_k[3] = {0};
  rm_work w;
  int it, i;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  rm_work_init(&w);
  for (it = 0; it < N_PATHS; it++) {
    static tlist t;
    rm_variant v;
    rm_exact e;
    rm_status se, sd;
    double d = -1, ulps;
    unsigned roll = tu_below(&r, 100);
    size_t n = roll < 3 ? 61 + tu_below(&r, 240) : tu_below(&r, 61);
    int gmax = roll >= 3 && roll < 28 ? 12 : 4;
    tlist_clear(&t);
    gen_grades(&r, &t, n, gmax);
    gen_unretrieved(&r, &t, tu_below(&r, 8) == 0 ? tu_below(&r, MAXU + 1) : tu_below(&r, 4), gmax);
    switch (tu_below(&r, 4)) {
    case 0: break; /* input order */
    case 1: gen_scores_distinct(&r, &t); break;
    default: gen_scores_tied(&r, &t); break;
    }
    gen_ids(&r, &t);
    if (tu_below(&r, 4) == 0 && !t.scored) t.named = 0;
    gen_variant(&r, &v, (rm_metric) tu_below(&r, 4), n);

    rm_exact_init(&e);
    se = exact_of_list(&v, &t, &e);
    {
      rm_list l = to_list(&t);
      sd = rm_value(&v, &l, (it & 1) ? &w : NULL, &d);
    }
    if (se != sd || se < 0 || rm_ulps_between(d, e.value) > rm_ulp_bound(&v)) {
      describe(&t, desc, sizeof desc);
      snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, vname(&v, nm), desc);
    } else ctx[0] = '\0';
    ck_assert_msg(se == sd, "%s: exact status %d, double status %d", ctx, (int) se, (int) sd);
    ck_assert_msg(se == RM_OK || se == RM_UNDEFINED
                  || (se == RM_EUNDEF && v.metric == RM_NDCG && v.undef == RM_UNDEF_ERROR),
                  "%s: status %d on a valid list", ctx, (int) se);
    if (se >= 0) {
      ulps = tu_ulps(d, e.value);
      ck_assert_msg(ulps == rm_ulps_between(d, e.value), "rm_ulps_between(%a, %a) = %g, want %g",
                    d, e.value, rm_ulps_between(d, e.value), ulps);
      ck_assert_ulps(d, e.value, rm_ulp_bound(&v), ctx);
      if (se == RM_UNDEFINED) ck_assert_bits(d, e.value, ctx);
      if (ulps > maxu[v.metric]) maxu[v.metric] = ulps;
    }
    rm_exact_clear(&e);
    cover_m[v.metric]++; cover_g[v.gain]++;
    cover_d[v.discount == RM_DISCOUNT_LOG2 ? 0 : v.base == 2 ? 1 : v.base == 3 ? 2 : 3]++;
    if (v.metric == RM_IDCG || v.metric == RM_NDCG) cover_i[v.ideal]++;
    if (v.metric != RM_IDCG) cover_t[v.ties]++;
    if (v.metric == RM_NDCG) cover_u[v.undef]++;
    cover_k[v.k == 0 ? 0 : v.k > n ? 2 : 1]++;
  }
  rm_work_free(&w);
  for (i = 0; i < 4; i++) ck_assert_msg(cover_m[i] > 0 && cover_d[i] > 0 && cover_i[i] > 0, "coverage");
  for (i = 0; i < 3; i++) ck_assert_msg(cover_g[i] > 0 && cover_u[i] > 0 && cover_k[i] > 0, "coverage");
  for (i = 0; i < 6; i++) ck_assert_msg(cover_t[i] > 0, "coverage");
  printf("paths: max observed error in ulps: %s %.0f, %s %.0f, %s %.0f, %s %.0f over %d lists\n",
         mnames[0], maxu[0], mnames[1], maxu[1], mnames[2], maxu[2], mnames[3], maxu[3], N_PATHS);
  fflush(stdout);
}
END_TEST

static Suite *suite_paths(void)
{
  Suite *s = suite_create("paths");
  TCase *tc = tcase_create("double-vs-exact");
  tcase_set_timeout(tc, TIMEOUT);
  tcase_add_test(tc, test_paths_random);
  suite_add_tcase(s, tc);
  return s;
}

/* ======================================================================== */
/* Suite "properties": invariants of the exact path on random lists.        */

static void random_prop_list(tu_rng *r, tlist *t, size_t nmax)
{
  tlist_clear(t);
  gen_grades(r, t, tu_below(r, (unsigned) nmax + 1), 4);
  gen_unretrieved(r, t, tu_below(r, 4), 4);
  if (tu_below(r, 3)) gen_scores_tied(r, t);
  gen_ids(r, t);
}

/* 0 <= nDCG <= 1 under the ideals that contain the ranked items. */
START_TEST(test_prop_ndcg_range)
{
  tu_rng r = {0x0b0dULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  for (it = 0; it < 1000; it++) {
    tlist t;
    rm_variant v;
    rm_exact e;
    rm_status s;
    random_prop_list(&r, &t, 30);
    do gen_variant(&r, &v, RM_NDCG, t.n); while (v.ideal == RM_IDEAL_ONES);
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, vname(&v, nm), desc);
    rm_exact_init(&e);
    s = exact_of_list(&v, &t, &e);
    ck_assert_msg(s == RM_OK || s == RM_UNDEFINED || s == RM_EUNDEF, "%s: status %d", ctx, (int) s);
    if (s >= 0)
      ck_assert_msg(e.value >= 0 && e.value <= 1, "%s: nDCG %a outside [0,1]", ctx, e.value);
    rm_exact_clear(&e);
  }
}
END_TEST

/* A list already sorted by grade has nDCG exactly 1 under ideal=list. */
START_TEST(test_prop_ndcg_perfect)
{
  tu_rng r = {0x1111ULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  for (it = 0; it < 500; it++) {
    tlist t;
    rm_variant v;
    rm_exact e;
    rm_status s;
    tlist_clear(&t);
    gen_grades(&r, &t, 1 + tu_below(&r, 40), 4);
    gen_unretrieved(&r, &t, tu_below(&r, 4), 4);
    qsort(t.grade, t.n, sizeof t.grade[0], cmp_int_desc);
    t.grade[0] = 4; /* a positive gain for every gain and threshold */
    gen_variant(&r, &v, RM_NDCG, t.n);
    v.ideal = RM_IDEAL_LIST;
    if (it % 2 == 0) v.k = 0;
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, vname(&v, nm), desc);
    rm_exact_init(&e);
    s = exact_of_list(&v, &t, &e);
    ck_assert_msg(s == RM_OK, "%s: status %d", ctx, (int) s);
    ck_assert_msg(e.rational != NULL && strcmp(e.rational, "1") == 0, "%s: fraction %s, want 1",
                  ctx, e.rational ? e.rational : "none");
    ck_assert_bits(e.value, 1.0, ctx);
    ck_assert_msg(e.ternary == 0, "%s: ternary %d", ctx, e.ternary);
    ck_assert_msg(strcmp(e.decimal, "1.000000000000000000000000000000000000000") == 0,
                  "%s: decimal %s", ctx, e.decimal);
    rm_exact_clear(&e);
  }
}
END_TEST

/* On grades 0 and 1, 2^g - 1 = g: linear and exp2 agree exactly. */
START_TEST(test_prop_linear_exp2_binary_grades)
{
  tu_rng r = {0x2222ULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  for (it = 0; it < 600; it++) {
    tlist t;
    rm_variant v, w;
    rm_exact a, b;
    rm_status sa, sb;
    tlist_clear(&t);
    gen_grades(&r, &t, tu_below(&r, 30), 1);
    gen_unretrieved(&r, &t, tu_below(&r, 4), 1);
    if (tu_below(&r, 2)) gen_scores_tied(&r, &t);
    gen_ids(&r, &t);
    gen_variant(&r, &v, (rm_metric) tu_below(&r, 4), t.n);
    v.gain = RM_GAIN_LINEAR;
    w = v;
    w.gain = RM_GAIN_EXP2;
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s vs exp2, %s", it, vname(&v, nm), desc);
    rm_exact_init(&a); rm_exact_init(&b);
    sa = exact_of_list(&v, &t, &a);
    sb = exact_of_list(&w, &t, &b);
    ck_assert_msg(sa == sb, "%s: status %d vs %d", ctx, (int) sa, (int) sb);
    if (sa >= 0) check_exact_same(&a, &b, ctx);
    rm_exact_clear(&a); rm_exact_clear(&b);
  }
}
END_TEST

/* CG without a cutoff is the sum of all gains: any order, any tie rule. */
START_TEST(test_prop_cg_permutation)
{
  tu_rng r = {0x3333ULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  for (it = 0; it < 500; it++) {
    tlist t, u;
    rm_variant v;
    rm_exact a, b;
    size_t i, j;
    random_prop_list(&r, &t, 40);
    gen_variant(&r, &v, RM_CG, t.n);
    v.k = 0;
    u = t;
    for (i = 0; i < MAXN; i++) u.id[i] = u.idbuf[i];
    for (i = u.n; i > 1; i--) { /* shuffle grade, score and id together */
      int g; double sc; char tmp[16];
      j = tu_below(&r, (unsigned) i);
      g = u.grade[i - 1]; u.grade[i - 1] = u.grade[j]; u.grade[j] = g;
      sc = u.score[i - 1]; u.score[i - 1] = u.score[j]; u.score[j] = sc;
      memcpy(tmp, u.idbuf[i - 1], 16); memcpy(u.idbuf[i - 1], u.idbuf[j], 16);
      memcpy(u.idbuf[j], tmp, 16);
    }
    if (tu_below(&r, 2)) u.scored = 0;
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, vname(&v, nm), desc);
    rm_exact_init(&a); rm_exact_init(&b);
    ck_assert_msg(exact_of_list(&v, &t, &a) == RM_OK, "%s", ctx);
    ck_assert_msg(exact_of_list(&v, &u, &b) == RM_OK, "%s", ctx);
    check_exact_same(&a, &b, ctx);
    rm_exact_clear(&a); rm_exact_clear(&b);
  }
}
END_TEST

/* pessimistic <= average <= optimistic, for cg, dcg and ndcg. */
START_TEST(test_prop_average_between)
{
  tu_rng r = {0x4444ULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  for (it = 0; it < 600; it++) {
    tlist t;
    rm_variant v;
    rm_exact lo, av, hi;
    rm_status s1, s2, s3;
    rm_metric m = it % 3 == 0 ? RM_CG : it % 3 == 1 ? RM_DCG : RM_NDCG;
    tlist_clear(&t);
    gen_grades(&r, &t, tu_below(&r, 40), 4);
    gen_unretrieved(&r, &t, tu_below(&r, 4), 4);
    gen_scores_tied(&r, &t);
    do gen_variant(&r, &v, m, t.n); while (v.ideal == RM_IDEAL_TOPK);
    describe(&t, desc, sizeof desc);
    rm_exact_init(&lo); rm_exact_init(&av); rm_exact_init(&hi);
    v.ties = RM_TIES_PESSIMISTIC; s1 = exact_of_list(&v, &t, &lo);
    v.ties = RM_TIES_AVERAGE; s2 = exact_of_list(&v, &t, &av);
    v.ties = RM_TIES_OPTIMISTIC; s3 = exact_of_list(&v, &t, &hi);
    snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, vname(&v, nm), desc);
    ck_assert_msg(s1 == s2 && s2 == s3, "%s: statuses %d %d %d", ctx, (int) s1, (int) s2, (int) s3);
    if (s1 >= 0)
      ck_assert_msg(lo.value <= av.value && av.value <= hi.value,
                    "%s: pessimistic %a, average %a, optimistic %a", ctx, lo.value, av.value,
                    hi.value);
    rm_exact_clear(&lo); rm_exact_clear(&av); rm_exact_clear(&hi);
  }
}
END_TEST

/* With pairwise distinct scores every tie rule gives the same value. */
START_TEST(test_prop_distinct_scores)
{
  tu_rng r = {0x5555ULL};
  int it, ti;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  for (it = 0; it < 300; it++) {
    tlist t;
    rm_variant v;
    rm_exact base;
    rm_status s0;
    tlist_clear(&t);
    gen_grades(&r, &t, tu_below(&r, 30), 4);
    gen_unretrieved(&r, &t, tu_below(&r, 4), 4);
    gen_scores_distinct(&r, &t);
    gen_ids(&r, &t);
    gen_variant(&r, &v, (rm_metric) (it % 3 == 0 ? RM_CG : it % 3 == 1 ? RM_DCG : RM_NDCG), t.n);
    v.ties = RM_TIES_INPUT;
    describe(&t, desc, sizeof desc);
    rm_exact_init(&base);
    s0 = exact_of_list(&v, &t, &base);
    for (ti = 1; ti < 6; ti++) {
      rm_exact e;
      rm_status s;
      if (ti == RM_TIES_AVERAGE && v.ideal == RM_IDEAL_TOPK && v.metric == RM_NDCG) continue;
      v.ties = (rm_ties) ti;
      snprintf(ctx, sizeof ctx, "list %d, %s vs ties=input, %s", it, vname(&v, nm), desc);
      rm_exact_init(&e);
      s = exact_of_list(&v, &t, &e);
      ck_assert_msg(s == s0, "%s: status %d vs %d", ctx, (int) s, (int) s0);
      if (s >= 0) check_exact_same(&e, &base, ctx);
      rm_exact_clear(&e);
    }
    rm_exact_clear(&base);
  }
}
END_TEST

/* A scored list equals the same list sorted by our own sort and given
   without scores, for every tie rule that is one permutation. */
START_TEST(test_prop_scores_vs_presorted)
{
  tu_rng r = {0x6666ULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  for (it = 0; it < 1000; it++) {
    tlist t, u;
    rm_variant v;
    rm_exact a, b;
    rm_status sa, sb;
    size_t order[MAXN], i;
    tlist_clear(&t);
    gen_grades(&r, &t, tu_below(&r, 40), 4);
    gen_unretrieved(&r, &t, tu_below(&r, 4), 4);
    gen_scores_tied(&r, &t);
    gen_ids(&r, &t);
    gen_variant(&r, &v, (rm_metric) tu_below(&r, 4), t.n);
    v.ties = (rm_ties) tu_below(&r, 5); /* not average */
    my_rank(&t, v.ties, order);
    tlist_clear(&u);
    u.n = t.n; u.nu = t.nu;
    for (i = 0; i < t.n; i++) u.grade[i] = t.grade[order[i]];
    for (i = 0; i < t.nu; i++) u.ugrade[i] = t.ugrade[i];
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s (ties=%d), %s", it, vname(&v, nm), (int) v.ties, desc);
    rm_exact_init(&a); rm_exact_init(&b);
    sa = exact_of_list(&v, &t, &a);
    sb = exact_of_list(&v, &u, &b);
    ck_assert_msg(sa == sb, "%s: status %d, presorted %d", ctx, (int) sa, (int) sb);
    if (sa >= 0) check_exact_same(&a, &b, ctx);
    rm_exact_clear(&a); rm_exact_clear(&b);
  }
}
END_TEST

/* rm_values ranks a list once per tie rule and must give, for every variant,
   the status and the bits of rm_value on that variant alone. */
static const char *const values_names[] = {
  "ap", "ndcg@10", "precision@10", "rr", "ap@5[ties=id-asc,norm=min]",
  "ndcg@5[ties=average]", "dcg@3[ties=average,gain=exp2]", "auc",
  "auc[ties=average]", "err@10", "recall@5[ties=pessimistic]",
  "hr@3[ties=reverse]", "mean:ap", "rr[ties=optimistic]", "apstep", "lrap",
  "rprec[ties=id-desc]", "precision@5[ties=id-asc]", "cg@4", "ndcg[undef=error]",
};
#define N_VALUES_NAMES (sizeof values_names / sizeof *values_names)

START_TEST(test_prop_values_rank_once)
{
  tu_rng r = {0x8888ULL};
  rm_work w;
  int it;
  char ctx[RM_NAME_MAX + 1024], desc[700];
  rm_work_init(&w);
  for (it = 0; it < 3000; it++) {
    tlist t;
    rm_list l = {0};
    rm_variant v[12];
    double out[12];
    rm_status st[12];
    size_t nv = 1 + tu_below(&r, 12), i;
    tlist_clear(&t);
    gen_grades(&r, &t, tu_below(&r, 60), 5);
    gen_unretrieved(&r, &t, tu_below(&r, 4), 3);
    if (tu_below(&r, 5)) gen_scores_tied(&r, &t);
    if (tu_below(&r, 4)) gen_ids(&r, &t);
    for (i = 0; i < nv; i++)
      tu_parse_or_fail(values_names[tu_below(&r, N_VALUES_NAMES)], &v[i]);
    l = to_list(&t);
    describe(&t, desc, sizeof desc);
    ck_assert_int_eq(rm_values(v, nv, &l, tu_below(&r, 2) ? &w : NULL, out, st), RM_OK);
    for (i = 0; i < nv; i++) {
      double x = -7;
      rm_status s = rm_value(&v[i], &l, NULL, &x);
      snprintf(ctx, sizeof ctx, "list %d, variant %lu of %lu, %s", it,
        (unsigned long) i, (unsigned long) nv, desc);
      ck_assert_msg(st[i] == s, "%s: rm_values status %d, rm_value %d", ctx,
        (int) st[i], (int) s);
      if (s >= 0) ck_assert_bits(out[i], x, ctx);
    }
  }
  rm_work_free(&w);
}
END_TEST

/* A list already in ranked order skips the sort (rank_items checks the
   order first).  The same items presented in the order of the test's own
   ranking (my_rank) must give the value of the shuffled list, bit for bit,
   under every tie rule that orders items (input, ids, grades). */
START_TEST(test_prop_presorted_same_ranking)
{
  static const char *const names[] = {"ap", "ndcg@10", "precision@3", "rr",
    "err@5", "recall@4", "dcg", "hr@2"};
  static const char *const rules[] = {"input", "id-asc", "id-desc",
    "pessimistic", "optimistic"};
  tu_rng r = {0x9999ULL};
  int it;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX + 32], desc[700];
  for (it = 0; it < 3000; it++) {
    tlist t, u;
    rm_variant v;
    rm_list a, b;
    size_t order[MAXN], i;
    unsigned k = tu_below(&r, 5);
    double x = -7, y = -8;
    rm_status sx, sy;
    tlist_clear(&t);
    gen_grades(&r, &t, tu_below(&r, 80), 4);
    gen_unretrieved(&r, &t, tu_below(&r, 3), 4);
    gen_scores_tied(&r, &t);
    gen_ids(&r, &t);
    snprintf(nm, sizeof nm, "%s[ties=%s]", names[tu_below(&r, 8)], rules[k]);
    tu_parse_or_fail(nm, &v);
    my_rank(&t, v.ties, order);
    tlist_clear(&u);
    u.n = t.n; u.nu = t.nu; u.scored = u.named = 1;
    for (i = 0; i < t.n; i++) {
      u.grade[i] = t.grade[order[i]]; u.score[i] = t.score[order[i]];
      memcpy(u.idbuf[i], t.idbuf[order[i]], sizeof u.idbuf[i]);
    }
    for (i = 0; i < t.nu; i++) u.ugrade[i] = t.ugrade[i];
    a = to_list(&t); b = to_list(&u);
    sx = rm_value(&v, &a, NULL, &x);
    sy = rm_value(&v, &b, NULL, &y);
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s, %s", it, nm, desc);
    ck_assert_msg(sx == sy, "%s: status %d, presorted %d", ctx, (int) sx, (int) sy);
    if (sx >= 0) ck_assert_bits(y, x, ctx);
  }
}
END_TEST

/* The tables of names as data (rm_metric_name, rm_metric_takes_cutoff,
   rm_metric_keys, rm_aggregator_keys, rm_key_words), against lists written
   here from the book, and against the parser: every metric's name parses to
   its own code, and NAME@5 parses exactly when the metric takes a cutoff. */
START_TEST(test_names_as_data)
{
  static const char *const ndcg_keys[] = {"gain", "gmin", "isort", "rel", "discount",
    "base", "ideal", "ties", "undef"}; /* not drop, which only parses, see the book;
    gmin: ranx's level, from which grades gain */
  static const char *const auc_keys[] = {"depth", "max_fpr", "pauc", "rel", "ties",
    "undef"}; /* depth: the pairs of the top K, ir_measures' Accuracy@K; max_fpr
    and pauc: scikit-learn's partial AUC */
  static const char *const ties[] = {"input", "id-asc", "id-desc", "pessimistic",
    "optimistic", "average", "reverse"};
  const char *k[64];
  const char *const *w;
  char nm[64], msg[200];
  size_t n, i;
  int m, cut_seen = 0, nocut_seen = 0;
  rm_variant v;
  n = rm_metric_keys(RM_NDCG, k, 64);
  ck_assert_uint_eq(n, 9);
  for (i = 0; i < n; i++) ck_assert_str_eq(k[i], ndcg_keys[i]);
  for (m = 0; m < RM_N_METRICS; m++)
    if (strcmp(rm_metric_name((rm_metric) m), "auc") == 0) {
      n = rm_metric_keys((rm_metric) m, k, 64);
      ck_assert_uint_eq(n, 6);
      for (i = 0; i < n; i++) ck_assert_str_eq(k[i], auc_keys[i]);
      ck_assert_int_eq(rm_metric_takes_cutoff((rm_metric) m), 0);
    }
  ck_assert_uint_eq(rm_metric_keys(RM_NDCG, k, 2), 9); /* counts past max */
  w = rm_key_words("ties");
  ck_assert_ptr_nonnull(w);
  for (i = 0; i < 7; i++) ck_assert_str_eq(w[i], ties[i]);
  ck_assert_ptr_null(w[7]);
  ck_assert_ptr_null(rm_key_words("rel")); /* numeric */
  ck_assert_ptr_null(rm_key_words("nosuchkey"));
  ck_assert_ptr_null(rm_key_words(NULL));
  { /* the ranges the help text prints: rel=1..100, base=2..65536, beta2=p/q */
    long lo = 0, hi = 0;
    ck_assert_int_eq(rm_key_range("rel", &lo, &hi), 1);
    ck_assert_int_eq(lo, 1); ck_assert_int_eq(hi, 100);
    ck_assert_int_eq(rm_key_range("base", &lo, &hi), 1);
    ck_assert_int_eq(lo, 2); ck_assert_int_eq(hi, 65536);
    ck_assert_int_eq(rm_key_range("gmax", &lo, &hi), 1);
    ck_assert_int_eq(lo, 1); ck_assert_int_eq(hi, 30);
    ck_assert_int_eq(rm_key_range("beta2", NULL, NULL), 2);
    ck_assert_int_eq(rm_key_range("cut", NULL, NULL), 2);
    ck_assert_int_eq(rm_key_range("ties", &lo, &hi), 0); /* words */
    ck_assert_int_eq(rm_key_range("nosuchkey", &lo, &hi), 0);
    ck_assert_int_eq(rm_key_range(NULL, &lo, &hi), 0);
  }
  ck_assert_uint_eq(rm_aggregator_keys(RM_AGG_MEAN, k, 64), 2);
  ck_assert_str_eq(k[0], "skip"); ck_assert_str_eq(k[1], "weight");
  ck_assert_uint_eq(rm_aggregator_keys(RM_AGG_MICRO, k, 64), 1);
  ck_assert_str_eq(k[0], "skip");
  ck_assert_uint_eq(rm_aggregator_keys(RM_AGG_SUM, k, 64), 1);
  ck_assert_uint_eq(rm_aggregator_keys(RM_AGG_NONE, k, 64), 0);
  ck_assert_ptr_null(rm_metric_name(RM_N_METRICS));
  for (m = 0; m < RM_N_METRICS; m++) {
    const char *name = rm_metric_name((rm_metric) m);
    int cut = rm_metric_takes_cutoff((rm_metric) m);
    /* coverage and topk-auc have a key without a default, which every name must give */
    const char *req = strcmp(name, "coverage") == 0 ? "items=10"
      : strcmp(name, "topk-auc") == 0 ? "items=100000" : NULL;
    ck_assert_ptr_nonnull(name);
    if (req) {
      ck_assert_int_eq(rm_variant_parse(name, &v, msg, sizeof msg), RM_ENAME);
      ck_assert_msg(strstr(msg, "needs items=") != NULL, "%s: %s", name, msg);
      snprintf(nm, sizeof nm, "%s[%s]", name, req);
      ck_assert_int_eq(rm_variant_parse(nm, &v, msg, sizeof msg), RM_OK);
    } else ck_assert_int_eq(rm_variant_parse(name, &v, msg, sizeof msg), RM_OK);
    ck_assert_int_eq((int) v.metric, m);
    snprintf(nm, sizeof nm, req ? "%s@5[%s]" : "%s@5%s", name, req ? req : "");
    ck_assert_msg((rm_variant_parse(nm, &v, msg, sizeof msg) == RM_OK) == cut,
      "%s: takes_cutoff %d, but the parser says %s", nm, cut, msg);
    cut_seen |= cut; nocut_seen |= !cut;
    /* some word of every word key it reads makes a name the parser knows:
       alone, with a cutoff, or with a word of another key (its condition) */
    n = rm_metric_keys((rm_metric) m, k, 64);
    for (i = 0; i < n; i++) {
      size_t j, ok = 0;
      if ((w = rm_key_words(k[i])) == NULL) continue;
      for (j = 0; w[j]; j++) {
        size_t i2, j2;
        const char *pre = req ? req : "", *comma = req ? "," : "";
        snprintf(nm, sizeof nm, "%s[%s%s%s=%s]", name, pre, comma, k[i], w[j]);
        ok += rm_variant_parse(nm, &v, msg, sizeof msg) == RM_OK;
        snprintf(nm, sizeof nm, "%s@5[%s%s%s=%s]", name, pre, comma, k[i], w[j]); /* a cutoff's key */
        ok += rm_variant_parse(nm, &v, msg, sizeof msg) == RM_OK;
        /* isort's condition is a gain map, which is not a word of gain */
        snprintf(nm, sizeof nm, "%s[gain=map:1=2,%s=%s]", name, k[i], w[j]);
        ok += rm_variant_parse(nm, &v, msg, sizeof msg) == RM_OK;
        /* pauc's condition is a fraction of max_fpr below 1 */
        snprintf(nm, sizeof nm, "%s[max_fpr=1/2,%s=%s]", name, k[i], w[j]);
        ok += rm_variant_parse(nm, &v, msg, sizeof msg) == RM_OK;
        for (i2 = 0; i2 < n; i2++) { /* with a word of another key, its condition */
          const char *const *w2 = rm_key_words(k[i2]);
          if (i2 == i || w2 == NULL) continue;
          for (j2 = 0; w2[j2]; j2++) {
            snprintf(nm, sizeof nm, "%s[%s%s%s=%s,%s=%s]", name, pre, comma, k[i2], w2[j2],
              k[i], w[j]);
            ok += rm_variant_parse(nm, &v, msg, sizeof msg) == RM_OK;
          }
        }
      }
      ck_assert_msg(ok > 0, "%s: no word of %s parses", name, k[i]);
    }
  }
  ck_assert(cut_seen && nocut_seen);
}
END_TEST

/* A variant is one definition with one name: the fields that its name does
   not show (the keys that do not apply) must not change its value. */
START_TEST(test_prop_name_determines_value)
{
  tu_rng r = {0x7777ULL};
  int it;
  char ctx[2 * RM_NAME_MAX + 1280], nm[RM_NAME_MAX], nm2[RM_NAME_MAX], desc[700];
  for (it = 0; it < 2000; it++) {
    tlist t;
    rm_variant v, w, back;
    rm_exact a, b;
    rm_status sa, sb;
    random_prop_list(&r, &t, 12);
    gen_variant(&r, &v, (rm_metric) tu_below(&r, 4), t.n);
    w = v; /* now scramble what the name does not show */
    if (w.gain != RM_GAIN_BINARY) w.rel = 1 + (int) tu_below(&r, 100);
    if (w.metric == RM_CG) w.discount = (rm_discount) tu_below(&r, 2);
    if (w.metric == RM_CG || w.discount != RM_DISCOUNT_JK) w.base = 2 + (int) tu_below(&r, 20);
    if (w.metric == RM_CG || w.metric == RM_DCG) w.ideal = (rm_ideal) tu_below(&r, 4);
    if (w.metric == RM_IDCG && w.ideal != RM_IDEAL_TOPK) w.ties = (rm_ties) tu_below(&r, 6);
    if (w.metric != RM_NDCG) w.undef = (rm_undef) tu_below(&r, 3);
    rm_variant_name(&v, nm, sizeof nm);
    rm_variant_name(&w, nm2, sizeof nm2);
    ck_assert_str_eq(nm, nm2);
    ck_assert(rm_variant_parse(nm2, &back, NULL, 0) == RM_OK);
    describe(&t, desc, sizeof desc);
    snprintf(ctx, sizeof ctx, "list %d, %s with hidden fields rel=%d discount=%d base=%d "
             "ideal=%d ties=%d undef=%d, %s", it, nm, w.rel, (int) w.discount, w.base,
             (int) w.ideal, (int) w.ties, (int) w.undef, desc);
    rm_exact_init(&a); rm_exact_init(&b);
    sa = exact_of_list(&back, &t, &a);
    sb = exact_of_list(&w, &t, &b);
    ck_assert_msg(sa == sb, "%s: status %d (from the name), %d (hand-made)", ctx, (int) sa, (int) sb);
    if (sa >= 0) check_exact_same(&b, &a, ctx);
    rm_exact_clear(&a); rm_exact_clear(&b);
  }
}
END_TEST

static Suite *suite_properties(void)
{
  Suite *s = suite_create("properties");
  TCase *tc = tcase_create("invariants");
  tcase_set_timeout(tc, TIMEOUT);
  tcase_add_test(tc, test_prop_ndcg_range);
  tcase_add_test(tc, test_prop_ndcg_perfect);
  tcase_add_test(tc, test_prop_linear_exp2_binary_grades);
  tcase_add_test(tc, test_prop_cg_permutation);
  tcase_add_test(tc, test_prop_average_between);
  tcase_add_test(tc, test_prop_distinct_scores);
  tcase_add_test(tc, test_prop_scores_vs_presorted);
  tcase_add_test(tc, test_prop_name_determines_value);
  tcase_add_test(tc, test_prop_values_rank_once);
  tcase_add_test(tc, test_prop_presorted_same_ranking);
  tcase_add_test(tc, test_names_as_data);
  suite_add_tcase(s, tc);
  return s;
}

/* ======================================================================== */
/* Suite "edges".                                                           */

static rm_variant parsed(const char *name)
{
  rm_variant v;
  char msg[256] = "";
  rm_status s = rm_variant_parse(name, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "'%s' rejected: %s", name, msg);
  return v;
}

/* Both paths on grades g (no scores), optionally with unretrieved grades. */
typedef struct {
  rm_status se, sd;
  rm_exact e;
  double d;
  rm_variant v;
} both;

static both run_both(const char *name, const int *g, size_t n, const int *u, size_t nu)
{
  both b;
  rm_variant v = parsed(name);
  rm_list l = {0};
  l.n = n; l.grade = g; l.score = NULL; l.id = NULL;
  l.n_unretrieved = nu; l.unretrieved_grade = u;
  rm_exact_init(&b.e);
  b.v = v;
  b.d = -12345.0;
  b.se = rm_value_exact(&v, &l, &b.e);
  b.sd = rm_value(&v, &l, NULL, &b.d);
  return b;
}

/* A rational result, given by hand: fraction, double, ternary. */
static void expect_rational(const char *ctx, both *b, rm_status st, const char *q, double d,
                            int ternary, const char *decimal)
{
  ck_assert_msg(b->se == st, "%s: exact status %d, want %d", ctx, (int) b->se, (int) st);
  ck_assert_msg(b->sd == st, "%s: double status %d, want %d", ctx, (int) b->sd, (int) st);
  ck_assert_msg(b->e.rational && strcmp(b->e.rational, q) == 0, "%s: fraction %s, want %s", ctx,
                b->e.rational ? b->e.rational : "none", q);
  ck_assert_bits(b->e.value, d, ctx);
  ck_assert_msg(b->e.ternary == ternary, "%s: ternary %d, want %d", ctx, b->e.ternary, ternary);
  if (decimal) ck_assert_msg(strcmp(b->e.decimal, decimal) == 0, "%s: decimal %s, want %s", ctx,
                             b->e.decimal, decimal);
  ck_assert_ulps(b->d, d, rm_ulp_bound(&b->v), ctx);
  if (st == RM_UNDEFINED) ck_assert_bits(b->d, d, ctx);
  rm_exact_clear(&b->e);
}

static const char DEC1[] = "1.000000000000000000000000000000000000000";

START_TEST(test_edge_empty)
{
  int none[1] = {0}, u2[1] = {2}, u0[2] = {0, 0};
  both b;
  rm_variant v;
  rm_list l = {0};
  rm_exact e;
  double d;
  b = run_both("cg", none, 0, NULL, 0);
  expect_rational("cg of []", &b, RM_OK, "0", 0.0, 0, "0");
  b = run_both("dcg@5", none, 0, NULL, 0);
  expect_rational("dcg@5 of []", &b, RM_OK, "0", 0.0, 0, "0");
  b = run_both("idcg", none, 0, NULL, 0);
  expect_rational("idcg of []", &b, RM_OK, "0", 0.0, 0, "0");
  b = run_both("ndcg", none, 0, NULL, 0);
  expect_rational("ndcg[undef=zero] of []", &b, RM_UNDEFINED, "0", 0.0, 0, "0");
  b = run_both("ndcg[undef=one]", none, 0, NULL, 0);
  expect_rational("ndcg[undef=one] of []", &b, RM_UNDEFINED, "1", 1.0, 0, DEC1);
  /* undef=error: no value, and *out untouched on both paths. */
  v = parsed("ndcg[undef=error]");
  l.n = 0; l.grade = NULL; l.score = NULL; l.id = NULL; l.n_unretrieved = 0;
  l.unretrieved_grade = NULL;
  rm_exact_init(&e);
  e.value = 42.0; e.ternary = 7; strcpy(e.decimal, "sentinel");
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EUNDEF);
  ck_assert(e.value == 42.0 && e.ternary == 7 && e.rational == NULL);
  ck_assert_str_eq(e.decimal, "sentinel");
  d = 42.0;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EUNDEF);
  ck_assert(d == 42.0);
  /* unretrieved judged items of grade 0 only: still undefined. */
  b = run_both("ndcg", none, 0, u0, 2);
  expect_rational("ndcg of [] judged [0,0]", &b, RM_UNDEFINED, "0", 0.0, 0, "0");
  /* an empty list with a relevant unretrieved item: 0 / 2 = 0, defined. */
  b = run_both("ndcg", none, 0, u2, 1);
  expect_rational("ndcg of [] judged [2]", &b, RM_OK, "0", 0.0, 0, "0");
  b = run_both("ndcg@10[gain=exp2,undef=error]", none, 0, u2, 1);
  expect_rational("ndcg@10[exp2] of [] judged [2]", &b, RM_OK, "0", 0.0, 0, "0");
  /* idcg of [] judged [2] is 2 (rank 1, discount 1). */
  b = run_both("idcg", none, 0, u2, 1);
  expect_rational("idcg of [] judged [2]", &b, RM_OK, "2", 2.0, 0,
                  "2.000000000000000000000000000000000000000");
}
END_TEST

START_TEST(test_edge_exact_values)
{
  both b;
  /* dcg [1,0,0] = 1/lg 2 = 1. */
  b = run_both("dcg", (int[]){1, 0, 0}, 3, NULL, 0);
  expect_rational("dcg [1,0,0]", &b, RM_OK, "1", 1.0, 0, DEC1);
  /* dcg [1,0,1] = 1 + 1/lg 4 = 3/2. */
  b = run_both("dcg", (int[]){1, 0, 1}, 3, NULL, 0);
  expect_rational("dcg [1,0,1]", &b, RM_OK, "3/2", 1.5, 0,
                  "1.500000000000000000000000000000000000000");
  /* dcg [0,0,0,0,0,0,3] = 3/lg 8 = 1. */
  b = run_both("dcg", (int[]){0, 0, 0, 0, 0, 0, 3}, 7, NULL, 0);
  expect_rational("dcg [0,0,0,0,0,0,3]", &b, RM_OK, "1", 1.0, 0, DEC1);
  /* jk base 3: rank 1 undiscounted, rank 9 discounted by log_3 9 = 2:
     1 + 5/2 = 7/2. */
  b = run_both("dcg[discount=jk,base=3]", (int[]){1, 0, 0, 0, 0, 0, 0, 0, 5}, 9, NULL, 0);
  expect_rational("dcg[jk,3] [1,0,0,0,0,0,0,0,5]", &b, RM_OK, "7/2", 3.5, 0,
                  "3.500000000000000000000000000000000000000");
  /* jk base 4, rank 8: log_4 8 = 3/2, so 3 / (3/2) = 2. */
  b = run_both("dcg[discount=jk,base=4]", (int[]){0, 0, 0, 0, 0, 0, 0, 3}, 8, NULL, 0);
  expect_rational("dcg[jk,4] [0,0,0,0,0,0,0,3]", &b, RM_OK, "2", 2.0, 0,
                  "2.000000000000000000000000000000000000000");
  /* cg[gain=binary,rel=3] of [2,3,4,100] = 3. */
  b = run_both("cg[gain=binary,rel=3]", (int[]){2, 3, 4, 100}, 4, NULL, 0);
  expect_rational("cg[binary,rel=3]", &b, RM_OK, "3", 3.0, 0,
                  "3.000000000000000000000000000000000000000");
  /* cg[gain=exp2] of [3,1] = 7 + 1 = 8. */
  b = run_both("cg[gain=exp2]", (int[]){3, 1}, 2, NULL, 0);
  expect_rational("cg[exp2] [3,1]", &b, RM_OK, "8", 8.0, 0,
                  "8.000000000000000000000000000000000000000");
  /* ndcg@1[ideal=ones] of [3] = 3/1 = 3: ideal=ones can exceed 1. */
  b = run_both("ndcg@1[ideal=ones]", (int[]){3}, 1, NULL, 0);
  expect_rational("ndcg@1[ideal=ones] [3]", &b, RM_OK, "3", 3.0, 0,
                  "3.000000000000000000000000000000000000000");
  /* ndcg@2[ideal=topk] of [1,0,3]: the top 2 hold grades 1,0, ideal 1,0: 1. */
  b = run_both("ndcg@2[ideal=topk]", (int[]){1, 0, 3}, 3, NULL, 0);
  expect_rational("ndcg@2[ideal=topk] [1,0,3]", &b, RM_OK, "1", 1.0, 0, DEC1);
  /* ndcg@3[gain=exp2,ideal=ones] of [1,1,1]: dcg = idcg = 1 + 1/lg3 + 1/2,
     both irrational, their ratio 1. */
  b = run_both("ndcg@3[gain=exp2,ideal=ones]", (int[]){1, 1, 1}, 3, NULL, 0);
  expect_rational("ndcg@3[exp2,ones] [1,1,1]", &b, RM_OK, "1", 1.0, 0, DEC1);
  /* A rational ratio of two proportional irrational forms:
     ndcg@2[ideal=ones] of [2,2] = 2(1 + 1/lg3) / (1 + 1/lg3) = 2. */
  b = run_both("ndcg@2[ideal=ones]", (int[]){2, 2}, 2, NULL, 0);
  expect_rational("ndcg@2[ones] [2,2]", &b, RM_OK, "2", 2.0, 0,
                  "2.000000000000000000000000000000000000000");
  /* ndcg@2[ideal=judged] of [1,1] judged [3,3] (linear):
     (1 + 1/lg3) / (3 + 3/lg3) = 1/3. */
  b = run_both("ndcg@2", (int[]){1, 1}, 2, (int[]){3, 3}, 2);
  expect_rational("ndcg@2 [1,1] judged [3,3]", &b, RM_OK, "1/3", 1.0 / 3.0, -1,
                  "0.3333333333333333333333333333333333333333");
  /* All grades 0. */
  b = run_both("dcg", (int[]){0, 0, 0, 0}, 4, NULL, 0);
  expect_rational("dcg [0,0,0,0]", &b, RM_OK, "0", 0.0, 0, "0");
  b = run_both("ndcg[gain=exp2,undef=one]", (int[]){0, 0, 0, 0}, 4, NULL, 0);
  expect_rational("ndcg[undef=one] [0,0,0,0]", &b, RM_UNDEFINED, "1", 1.0, 0, DEC1);
  /* ndcg@2[gain=binary,rel=3] of [2,2,5]: the ideal (judged) has the 5,
     so it is 1, and the top 2 hold nothing relevant: 0, defined. */
  b = run_both("ndcg@2[gain=binary,rel=3,undef=one]", (int[]){2, 2, 5}, 3, NULL, 0);
  expect_rational("ndcg@2[binary,rel=3] [2,2,5]", &b, RM_OK, "0", 0.0, 0, "0");
}
END_TEST

/* Large values are valid input: grades go up to 100, and 2^100 - 1 is "a
   modest gain" (the book, Notation).  cg[gain=exp2] of [100] is 2^100 - 1,
   which rounds up to 2^100 (ternary +1); its 40 significant digits are the
   31 of the integer and nine zeros. */
START_TEST(test_edge_large_values)
{
  both b;
  b = run_both("cg[gain=exp2]", (int[]){27}, 1, NULL, 0);
  expect_rational("cg[exp2] [27]", &b, RM_OK, "134217727", 134217727.0, 0,
                  "134217727.0000000000000000000000000000000");
  b = run_both("cg[gain=exp2]", (int[]){100}, 1, NULL, 0);
  expect_rational("cg[exp2] [100]", &b, RM_OK, "1267650600228229401496703205375",
                  0x1p+100, 1, "1267650600228229401496703205375.000000000");
}
END_TEST

/* Closed forms at 256 bits, independent of the library. */
static void lg(mpfr_t out, unsigned long x)
{
  mpfr_set_ui(out, x, MPFR_RNDN);
  mpfr_log2(out, out, MPFR_RNDN);
}

/* out = sum_i c[i] / lg(i + 2) for i < n (ranks 1..n). */
static void dcg_form(mpfr_t out, const double *c, size_t n)
{
  mpfr_t t;
  size_t i;
  mpfr_init2(t, OPREC);
  mpfr_set_ui(out, 0, MPFR_RNDN);
  for (i = 0; i < n; i++) {
    lg(t, (unsigned long) i + 2);
    mpfr_d_div(t, c[i], t, MPFR_RNDN);
    mpfr_add(out, out, t, MPFR_RNDN);
  }
  mpfr_clear(t);
}

/* The exact result against a closed form: double rounded to nearest, the
   ternary the sign of value - x, no fraction. */
static void expect_irrational(const char *ctx, both *b, mpfr_t x)
{
  ck_assert_msg(b->se == RM_OK && b->sd == RM_OK, "%s: statuses %d %d", ctx, (int) b->se,
                (int) b->sd);
  ck_assert_msg(b->e.rational == NULL, "%s: fraction %s for an irrational value", ctx,
                b->e.rational);
  check_exact_against(&b->e, x, ctx);
  ck_assert_ulps(b->d, b->e.value, rm_ulp_bound(&b->v), ctx);
  rm_exact_clear(&b->e);
}

START_TEST(test_edge_closed_forms)
{
  mpfr_t x, y, t;
  both b;
  mpfr_inits2(OPREC, x, y, t, (mpfr_ptr) 0);

  /* dcg [0,1] = 1/lg 3. */
  dcg_form(x, (const double[]){0, 1}, 2);
  b = run_both("dcg", (int[]){0, 1}, 2, NULL, 0);
  expect_irrational("dcg [0,1]", &b, x);

  /* dcg [3,2,1] = 3 + 2/lg 3 + 1/2. */
  dcg_form(x, (const double[]){3, 2, 1}, 3);
  b = run_both("dcg", (int[]){3, 2, 1}, 3, NULL, 0);
  expect_irrational("dcg [3,2,1]", &b, x);

  /* K beyond the list: dcg@10 [3,2] = dcg [3,2] = 3 + 2/lg 3. */
  dcg_form(x, (const double[]){3, 2}, 2);
  b = run_both("dcg@10", (int[]){3, 2}, 2, NULL, 0);
  expect_irrational("dcg@10 [3,2]", &b, x);
  b = run_both("dcg", (int[]){3, 2}, 2, NULL, 0);
  expect_irrational("dcg [3,2]", &b, x);

  /* idcg@10[ideal=judged] of [3,2] judged [1,1]: 3 + 2/lg3 + 1/lg4 + 1/lg5,
     four terms although n = 2. */
  dcg_form(x, (const double[]){3, 2, 1, 1}, 4);
  b = run_both("idcg@10", (int[]){3, 2}, 2, (int[]){1, 1}, 2);
  expect_irrational("idcg@10[judged] [3,2] judged [1,1]", &b, x);
  /* ... cut at K = 3: 3 + 2/lg3 + 1/2. */
  dcg_form(x, (const double[]){3, 2, 1}, 3);
  b = run_both("idcg@3", (int[]){3, 2}, 2, (int[]){1, 1}, 2);
  expect_irrational("idcg@3[judged] [3,2] judged [1,1]", &b, x);
  /* ... and ideal=list ignores them: 3 + 2/lg3. */
  dcg_form(x, (const double[]){3, 2}, 2);
  b = run_both("idcg@10[ideal=list]", (int[]){3, 2}, 2, (int[]){1, 1}, 2);
  expect_irrational("idcg@10[list] [3,2] judged [1,1]", &b, x);
  /* ideal=ones with K beyond the list: K terms, 1/lg2 + ... + 1/lg6. */
  dcg_form(x, (const double[]){1, 1, 1, 1, 1}, 5);
  b = run_both("idcg@5[ideal=ones]", (int[]){3, 2}, 2, NULL, 0);
  expect_irrational("idcg@5[ones] [3,2]", &b, x);

  /* ndcg@2 of [1,2] = (1 + 2/lg3) / (2 + 1/lg3). */
  dcg_form(x, (const double[]){1, 2}, 2);
  dcg_form(y, (const double[]){2, 1}, 2);
  mpfr_div(x, x, y, MPFR_RNDN);
  b = run_both("ndcg@2", (int[]){1, 2}, 2, NULL, 0);
  expect_irrational("ndcg@2 [1,2]", &b, x);

  /* ndcg[gain=exp2] of [1,0,0,2] = (1 + 3/lg5) / (3 + 1/lg3). */
  dcg_form(x, (const double[]){1, 0, 0, 3}, 4);
  dcg_form(y, (const double[]){3, 1}, 2);
  mpfr_div(x, x, y, MPFR_RNDN);
  b = run_both("ndcg[gain=exp2]", (int[]){1, 0, 0, 2}, 4, NULL, 0);
  expect_irrational("ndcg[exp2] [1,0,0,2]", &b, x);

  /* ndcg[discount=jk,base=3] of [0,0,0,1] = (1 / log_3 4) / 1 = lg3 / 2. */
  lg(x, 3);
  mpfr_div_ui(x, x, 2, MPFR_RNDN);
  b = run_both("ndcg[discount=jk,base=3]", (int[]){0, 0, 0, 1}, 4, NULL, 0);
  expect_irrational("ndcg[jk,3] [0,0,0,1]", &b, x);

  /* idcg@10[gain=binary,ideal=ones]: sum_{i=1}^{10} 1/lg(i+1). */
  dcg_form(x, (const double[]){1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 10);
  b = run_both("idcg@10[gain=binary,ideal=ones]", (int[]){1, 0, 0}, 3, NULL, 0);
  expect_irrational("idcg@10[binary,ones]", &b, x);

  mpfr_clears(x, y, t, (mpfr_ptr) 0);
}
END_TEST

/* dcg[gain=exp2] of [100, 100] = (2^100 - 1)(1 + 1/lg 3), irrational. */
START_TEST(test_edge_large_irrational)
{
  mpfr_t x, t;
  both b;
  mpfr_inits2(OPREC, x, t, (mpfr_ptr) 0);
  mpfr_set_ui_2exp(t, 1, 100, MPFR_RNDN);
  mpfr_sub_ui(t, t, 1, MPFR_RNDN);
  lg(x, 3);
  mpfr_ui_div(x, 1, x, MPFR_RNDN);
  mpfr_add_ui(x, x, 1, MPFR_RNDN);
  mpfr_mul(x, x, t, MPFR_RNDN);
  b = run_both("dcg[gain=exp2]", (int[]){100, 100}, 2, NULL, 0);
  expect_irrational("dcg[exp2] [100,100]", &b, x);
  mpfr_clears(x, t, (mpfr_ptr) 0);
}
END_TEST

/* Every error status, on both paths, leaving the result alone. */
static void expect_error(const char *ctx, const rm_variant *v, const rm_list *l, rm_status want)
{
  rm_exact e;
  double d = 42.0;
  rm_status s;
  rm_exact_init(&e);
  e.value = 42.0; e.ternary = 7; strcpy(e.decimal, "sentinel");
  s = rm_value_exact(v, l, &e);
  ck_assert_msg(s == want, "%s: exact status %d, want %d", ctx, (int) s, (int) want);
  ck_assert_msg(e.value == 42.0 && e.ternary == 7 && e.rational == NULL
                && strcmp(e.decimal, "sentinel") == 0, "%s: exact result written", ctx);
  s = rm_value(v, l, NULL, &d);
  ck_assert_msg(s == want, "%s: double status %d, want %d", ctx, (int) s, (int) want);
  ck_assert_msg(d == 42.0, "%s: double result written", ctx);
}

START_TEST(test_edge_errors)
{
  static const int g3[] = {1, 0, 2};
  static const double sc[] = {1, 1, 0.5};
  static const char *const ids[] = {"a", "b", "c"};
  static const char *const ids_hole[] = {"a", NULL, "c"};
  rm_variant v = parsed("ndcg@5"), w;
  rm_list l, good;
  double d;
  rm_exact e;
  char ctx[128];
  int i;

  memset(&good, 0, sizeof good);
  good.n = 3; good.grade = g3; good.score = sc; good.id = ids;
  good.n_unretrieved = 0; good.unretrieved_grade = NULL;

  /* bad grades, in the list and in the judgments */
  l = good; l.grade = (const int[]){1, -1, 2};
  expect_error("grade -1", &v, &l, RM_EGRADE);
  l = good; l.grade = (const int[]){1, 101, 2};
  expect_error("grade 101", &v, &l, RM_EGRADE);
  l = good; l.n_unretrieved = 2; l.unretrieved_grade = (const int[]){3, -1};
  expect_error("unretrieved grade -1", &v, &l, RM_EGRADE);
  l = good; l.n_unretrieved = 1; l.unretrieved_grade = (const int[]){101};
  expect_error("unretrieved grade 101", &v, &l, RM_EGRADE);
  l = good; l.grade = (const int[]){1, 100, 2}; /* the largest grade is fine */
  { rm_exact_init(&e); ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK); rm_exact_clear(&e); }

  /* bad scores */
  l = good; l.score = (const double[]){1, NAN, 0};
  expect_error("NaN score", &v, &l, RM_ESCORE);
  l = good; l.score = (const double[]){INFINITY, 1, 0};
  expect_error("+inf score", &v, &l, RM_ESCORE);
  l = good; l.score = (const double[]){1, 0, -INFINITY};
  expect_error("-inf score", &v, &l, RM_ESCORE);

  /* identifiers */
  for (i = 0; i < 2; i++) {
    w = parsed(i ? "ndcg[ties=id-desc]" : "dcg[ties=id-asc]");
    l = good; l.id = NULL;
    snprintf(ctx, sizeof ctx, "ties=%s, id NULL", i ? "id-desc" : "id-asc");
    expect_error(ctx, &w, &l, RM_EIDS);
    l = good; l.id = ids_hole;
    snprintf(ctx, sizeof ctx, "ties=%s, id[1] NULL", i ? "id-desc" : "id-asc");
    expect_error(ctx, &w, &l, RM_EIDS);
    /* without scores the input order is the ranking: no ids needed */
    l = good; l.id = NULL; l.score = NULL;
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&w, &l, &e), RM_OK);
    rm_exact_clear(&e);
    ck_assert_int_eq(rm_value(&w, &l, NULL, &d), RM_OK);
  }

  /* null pointers and missing arrays */
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, NULL, &e), RM_EINVAL);
  ck_assert_int_eq(rm_value(&v, NULL, NULL, &d), RM_EINVAL);
  ck_assert_int_eq(rm_value_exact(NULL, &good, &e), RM_EINVAL);
  ck_assert_int_eq(rm_value(NULL, &good, NULL, &d), RM_EINVAL);
  ck_assert_int_eq(rm_value_exact(&v, &good, NULL), RM_EINVAL);
  ck_assert_int_eq(rm_value(&v, &good, NULL, NULL), RM_EINVAL);
  l = good; l.grade = NULL;
  expect_error("grade NULL, n = 3", &v, &l, RM_EINVAL);
  l = good; l.n_unretrieved = 2; l.unretrieved_grade = NULL;
  expect_error("unretrieved_grade NULL, n_unretrieved = 2", &v, &l, RM_EINVAL);
  l = good; l.n = 0; l.grade = NULL; l.score = NULL; l.id = NULL; /* fine: nothing to read */
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_UNDEFINED);

  /* hand-made variants that no name could produce */
  w = v; w.k = RM_K_MAX + 1;
  expect_error("k = RM_K_MAX + 1", &w, &good, RM_EK);
  w = v; w.k = (unsigned long) -1;
  expect_error("k = ULONG_MAX", &w, &good, RM_EK);
  w = parsed("cg"); w.k = RM_K_MAX; /* the largest cutoff is fine */
  { rm_exact_init(&e); ck_assert_int_eq(rm_value_exact(&w, &good, &e), RM_OK);
    ck_assert_str_eq(e.rational, "3"); rm_exact_clear(&e); }
  w = v; w.metric = RM_N_METRICS; expect_error("metric past the last", &w, &good, RM_ENAME);
  w = v; w.metric = (rm_metric) -1; expect_error("metric -1", &w, &good, RM_ENAME);
  w = v; w.gain = (rm_gain) 3; expect_error("gain 3", &w, &good, RM_ENAME);
  w = v; w.discount = (rm_discount) 2; expect_error("discount 2", &w, &good, RM_ENAME);
  w = v; w.ideal = (rm_ideal) 4; expect_error("ideal 4", &w, &good, RM_ENAME);
  w = v; w.ties = (rm_ties) (RM_TIES_REVERSE + 1); expect_error("ties past the last rule", &w, &good, RM_ENAME);
  w = v; w.undef = (rm_undef) 3; expect_error("undef 3", &w, &good, RM_ENAME);
  /* rel and base are checked when the variant reads them, and ignored
     otherwise: a variant is what its name says */
  w = v; w.gain = RM_GAIN_BINARY; w.rel = 0; expect_error("rel 0", &w, &good, RM_ENAME);
  w = v; w.gain = RM_GAIN_BINARY; w.rel = 101; expect_error("rel 101", &w, &good, RM_ENAME);
  w = v; w.discount = RM_DISCOUNT_JK; w.base = 1; expect_error("base 1", &w, &good, RM_ENAME);
  w = v; w.discount = RM_DISCOUNT_JK; w.base = 65537;
  expect_error("base 65537", &w, &good, RM_ENAME);
  { double a, b;
    w = v; w.gain = RM_GAIN_LINEAR; w.rel = 0; /* unused: ignored */
    ck_assert_int_eq(rm_value(&w, &good, NULL, &a), rm_value(&v, &good, NULL, &b));
    ck_assert(a == b); }
  w = v; w.ideal = RM_IDEAL_TOPK; w.ties = RM_TIES_AVERAGE;
  expect_error("ndcg ideal=topk ties=average", &w, &good, RM_ENAME);

  /* every status has its own message */
  {
    static const rm_status all[] = {RM_OK, RM_UNDEFINED, RM_EINVAL, RM_EGRADE, RM_ESCORE, RM_EK,
      RM_ENAME, RM_EIDS, RM_ENOMEM, RM_EUNDEF, RM_EHARD};
    size_t a, b;
    for (a = 0; a < sizeof all / sizeof all[0]; a++) {
      ck_assert(rm_strerror(all[a]) != NULL && rm_strerror(all[a])[0] != '\0');
      for (b = 0; b < a; b++) ck_assert_str_ne(rm_strerror(all[a]), rm_strerror(all[b]));
    }
    ck_assert_str_eq(rm_strerror((rm_status) 99), "unknown status");
  }
}
END_TEST

/* rm_ulps_between against values worked out by hand. */
START_TEST(test_edge_ulps_between)
{
  ck_assert(rm_ulps_between(1.0, 1.0) == 0);
  ck_assert(rm_ulps_between(1.0, nextafter(1.0, 2.0)) == 1);
  ck_assert(rm_ulps_between(nextafter(1.0, 0.0), 1.0) == 1);
  ck_assert(rm_ulps_between(1.0, 2.0) == 0x1p52);
  ck_assert(rm_ulps_between(0.0, -0.0) == 0);
  ck_assert(rm_ulps_between(0x1p-1074, -0x1p-1074) == 2);
  ck_assert(rm_ulps_between(-1.0, -2.0) == 0x1p52);
  ck_assert(isinf(rm_ulps_between(NAN, 1.0)));
  ck_assert(tu_ulps(1.0, nextafter(1.0, 2.0)) == 1);
  ck_assert(tu_ulps(0x1p-1074, -0x1p-1074) == 2);
}
END_TEST

/* One workspace across many lists gives what a fresh one gives. */
START_TEST(test_edge_work_reuse)
{
  static const size_t lens[] = {5, 200, 0, 1, 37, 300, 2, 120, 16, 17, 0, 299, 3};
  tu_rng r = {0x3e35eULL};
  rm_work w;
  size_t i;
  int rep;
  char ctx[RM_NAME_MAX + 1024], nm[RM_NAME_MAX], desc[700];
  rm_work_init(&w);
  for (rep = 0; rep < 20; rep++)
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
      static tlist t;
      rm_variant v;
      rm_list l = {0};
      double a = -1, b = -2;
      rm_status sa, sb;
      tlist_clear(&t);
      gen_grades(&r, &t, lens[i], 4);
      gen_unretrieved(&r, &t, tu_below(&r, 4), 4);
      gen_scores_tied(&r, &t);
      gen_ids(&r, &t);
      gen_variant(&r, &v, (rm_metric) tu_below(&r, 4), t.n);
      l = to_list(&t);
      sa = rm_value(&v, &l, &w, &a);
      sb = rm_value(&v, &l, NULL, &b);
      describe(&t, desc, sizeof desc);
      snprintf(ctx, sizeof ctx, "%s, %s", vname(&v, nm), desc);
      ck_assert_msg(sa == sb, "%s: status %d with workspace, %d without", ctx, (int) sa, (int) sb);
      if (sa >= 0) ck_assert_bits(a, b, ctx);
      ck_assert_msg(w.cap >= lens[i], "workspace of %zu for a list of %zu", w.cap, lens[i]);
    }
  rm_work_free(&w);
  ck_assert(w.cap == 0 && w.perm == NULL && w.tmp == NULL);
}
END_TEST

/* Ties: the rules on one small list, values worked out by hand.
   grades [0,2,1,2], scores [1,1,1,0], ids [c,a,b,d]:
   input:       0,2,1 | 2 -> dcg@3 = 0 + 2/lg3 + 1/2
   id-asc:      a,b,c = 2,1,0 | 2 -> 2 + 1/lg3
   id-desc:     c,b,a = 0,1,2 | 2 -> 1/lg3 + 2/2 = 1 + 1/lg3
   pessimistic: 0,1,2 -> 1 + 1/lg3
   optimistic:  2,1,0 -> 2 + 1/lg3
   average:     mean gain 1 at ranks 1..3 -> 1 + 1/lg3 + 1/2 */
START_TEST(test_edge_ties_by_hand)
{
  static const int g[] = {0, 2, 1, 2};
  static const double sc[] = {1, 1, 1, 0};
  static const char *const ids[] = {"c", "a", "b", "d"};
  static const char *const rule[] = {"input", "id-asc", "id-desc", "pessimistic", "optimistic",
    "average"};
  /* (c1 + c2/lg3) with c = the rational part and the lg3 coefficient. */
  static const double c0[] = {0.5, 2, 1, 1, 2, 1.5}, c3[] = {2, 1, 1, 1, 1, 1};
  int i;
  for (i = 0; i < 6; i++) {
    char name[64];
    rm_variant v;
    rm_list l = {0};
    rm_exact e;
    mpfr_t x, t;
    double d;
    snprintf(name, sizeof name, "dcg@3[ties=%s]", rule[i]);
    v = parsed(name);
    l.n = 4; l.grade = g; l.score = sc; l.id = ids; l.n_unretrieved = 0;
    l.unretrieved_grade = NULL;
    mpfr_inits2(OPREC, x, t, (mpfr_ptr) 0);
    lg(t, 3);
    mpfr_d_div(x, c3[i], t, MPFR_RNDN);
    mpfr_add_d(x, x, c0[i], MPFR_RNDN);
    rm_exact_init(&e);
    ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
    check_exact_against(&e, x, name);
    ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
    ck_assert_ulps(d, e.value, rm_ulp_bound(&v), name);
    rm_exact_clear(&e);
    mpfr_clears(x, t, (mpfr_ptr) 0);
  }
}
END_TEST

static Suite *suite_edges(void)
{
  Suite *s = suite_create("edges");
  TCase *tc = tcase_create("edges");
  tcase_set_timeout(tc, TIMEOUT);
  tcase_add_test(tc, test_edge_empty);
  tcase_add_test(tc, test_edge_exact_values);
  tcase_add_test(tc, test_edge_large_values);
  tcase_add_test(tc, test_edge_closed_forms);
  tcase_add_test(tc, test_edge_large_irrational);
  tcase_add_test(tc, test_edge_errors);
  tcase_add_test(tc, test_edge_ulps_between);
  tcase_add_test(tc, test_edge_work_reuse);
  tcase_add_test(tc, test_edge_ties_by_hand);
  suite_add_tcase(s, tc);
  return s;
}

/* ======================================================================== */
/* Suite "names": the parser and the printer.                               */

/* The canonical name, built here from the grammar of the book. */
static void my_name(const rm_variant *v, char *out, size_t len)
{
  static const char *const M[] = {"cg", "dcg", "idcg", "ndcg"};
  static const char *const G[] = {"linear", "exp2", "binary"};
  static const char *const D[] = {"log2", "jk"};
  static const char *const I[] = {"judged", "list", "topk", "ones"};
  static const char *const T[] = {"input", "id-asc", "id-desc", "pessimistic", "optimistic",
    "average"};
  static const char *const U[] = {"zero", "one", "error"};
  size_t p = 0;
#define ADD(...) (p += (size_t) snprintf(out + p, len - p, __VA_ARGS__))
  ADD("%s", M[v->metric]);
  if (v->k) ADD("@%lu", v->k);
  ADD("[gain=%s", G[v->gain]);
  if (v->gain == RM_GAIN_BINARY) ADD(",rel=%d", v->rel);
  if (v->metric != RM_CG) {
    ADD(",discount=%s", D[v->discount]);
    if (v->discount == RM_DISCOUNT_JK) ADD(",base=%d", v->base);
  }
  if (v->metric == RM_IDCG || v->metric == RM_NDCG) ADD(",ideal=%s", I[v->ideal]);
  if (v->metric != RM_IDCG || v->ideal == RM_IDEAL_TOPK) ADD(",ties=%s", T[v->ties]);
  if (v->metric == RM_NDCG) ADD(",undef=%s", U[v->undef]);
  ADD("]");
#undef ADD
}

static int same_variant(const rm_variant *a, const rm_variant *b)
{
  return a->metric == b->metric && a->k == b->k && a->gain == b->gain && a->rel == b->rel
    && a->discount == b->discount && a->base == b->base && a->ideal == b->ideal
    && a->ties == b->ties && a->undef == b->undef;
}

START_TEST(test_names_round_trip)
{
  static const unsigned long ks[] = {0, 1, 10, RM_K_MAX};
  static const int rels[] = {1, 2, 100}, bases[] = {2, 3, 65536};
  int m, g, ri, dsc, bi, id, ti, ui, ki, count = 0, refused = 0;
  for (m = 0; m < 4; m++)
    for (g = 0; g < 3; g++)
      for (ri = 0; ri < (g == RM_GAIN_BINARY ? 3 : 1); ri++)
        for (dsc = 0; dsc < (m != RM_CG ? 2 : 1); dsc++)
          for (bi = 0; bi < (dsc == RM_DISCOUNT_JK ? 3 : 1); bi++)
            for (id = 0; id < (m == RM_IDCG || m == RM_NDCG ? 4 : 1); id++)
              for (ti = 0; ti < (m != RM_IDCG || id == RM_IDEAL_TOPK ? 6 : 1); ti++)
                for (ui = 0; ui < (m == RM_NDCG ? 3 : 1); ui++)
                  for (ki = 0; ki < 4; ki++) {
                    rm_variant v, back;
                    char want[RM_NAME_MAX + 64], got[RM_NAME_MAX], again[RM_NAME_MAX],
                      msg[256];
                    size_t len;
                    rm_status s;
                    rm_variant_default(&v, (rm_metric) m);
                    v.gain = (rm_gain) g;
                    if (g == RM_GAIN_BINARY) v.rel = rels[ri];
                    v.discount = (rm_discount) dsc;
                    if (dsc == RM_DISCOUNT_JK) v.base = bases[bi];
                    v.ideal = (rm_ideal) id;
                    v.ties = (rm_ties) ti;
                    v.undef = (rm_undef) ui;
                    v.k = ks[ki];
                    my_name(&v, want, sizeof want);
                    len = rm_variant_name(&v, got, sizeof got);
                    ck_assert_str_eq(got, want);
                    ck_assert_uint_eq(len, strlen(want));
                    ck_assert_uint_lt(len, RM_NAME_MAX);
                    s = rm_variant_parse(got, &back, msg, sizeof msg);
                    if ((m == RM_NDCG || m == RM_IDCG) && id == RM_IDEAL_TOPK
                        && ti == RM_TIES_AVERAGE) {
                      ck_assert_msg(s == RM_ENAME, "'%s' accepted", got);
                      refused++;
                      continue;
                    }
                    ck_assert_msg(s == RM_OK, "'%s' rejected: %s", got, msg);
                    ck_assert_msg(same_variant(&v, &back), "'%s' parses to another variant",
                                  got);
                    rm_variant_name(&back, again, sizeof again);
                    ck_assert_str_eq(again, got);
                    count++;
                  }
  /* 4 ks x [cg 5x6 + dcg 5x4x6 + idcg 5x4x(3+6) + ndcg 5x4x4x6x3]; the
     topk-with-average names are refused: ndcg 5x4x3, idcg 5x4 per k */
  ck_assert_int_eq(count + refused, 4 * (30 + 120 + 180 + 1440));
  ck_assert_int_eq(refused, 4 * (5 * 4 * 3 + 5 * 4));
}
END_TEST

static void expect_canonical(const char *in, const char *want)
{
  rm_variant v;
  char got[RM_NAME_MAX], msg[256] = "";
  rm_status s = rm_variant_parse(in, &v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "'%s' rejected: %s", in, msg);
  rm_variant_name(&v, got, sizeof got);
  ck_assert_msg(strcmp(got, want) == 0, "'%s' prints as '%s', want '%s'", in, got, want);
}

START_TEST(test_names_canonical)
{
  expect_canonical("ndcg@10", "ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]");
  expect_canonical("cg[gain=binary,rel=2]", "cg[gain=binary,rel=2,ties=input]");
  expect_canonical("idcg@5[ideal=ones,discount=jk,base=10]",
                   "idcg@5[gain=linear,discount=jk,base=10,ideal=ones]");
  expect_canonical("cg", "cg[gain=linear,ties=input]");
  expect_canonical("dcg", "dcg[gain=linear,discount=log2,ties=input]");
  expect_canonical("idcg", "idcg[gain=linear,discount=log2,ideal=judged]");
  expect_canonical("dcg[discount=jk]", "dcg[gain=linear,discount=jk,base=2,ties=input]");
  expect_canonical("ndcg@10000000[gain=binary]",
                   "ndcg@10000000[gain=binary,rel=1,discount=log2,ideal=judged,ties=input,undef=zero]");
  expect_canonical("dcg[discount=jk,base=65536,gain=binary,rel=100]",
                   "dcg[gain=binary,rel=100,discount=jk,base=65536,ties=input]");
  /* the canonical name of a canonical name is itself */
  expect_canonical("ndcg@3[gain=exp2,discount=jk,base=3,ideal=topk,ties=id-desc,undef=error]",
                   "ndcg@3[gain=exp2,discount=jk,base=3,ideal=topk,ties=id-desc,undef=error]");
}
END_TEST

/* All 5040 orders of seven options give one canonical name. */
START_TEST(test_names_any_order)
{
  static const char *const opt[7] = {"gain=binary", "rel=2", "discount=jk", "base=3",
    "ideal=list", "ties=optimistic", "undef=error"};
  static const char want[] =
    "ndcg@7[gain=binary,rel=2,discount=jk,base=3,ideal=list,ties=optimistic,undef=error]";
  int p[7], c[7], i, count = 0;
  for (i = 0; i < 7; i++) { p[i] = i; c[i] = 0; }
  /* Heap's algorithm */
  for (i = 0;;) {
    char name[256];
    size_t q = 0;
    int j;
    q += (size_t) snprintf(name + q, sizeof name - q, "ndcg@7");
    for (j = 0; j < 7; j++)
      q += (size_t) snprintf(name + q, sizeof name - q, "%c%s", j ? ',' : '[', opt[p[j]]);
    snprintf(name + q, sizeof name - q, "]");
    expect_canonical(name, want);
    count++;
    while (i < 7 && c[i] >= i) c[i++] = 0;
    if (i >= 7) break;
    {
      int a = i % 2 ? c[i] : 0, t = p[a];
      p[a] = p[i]; p[i] = t;
    }
    c[i]++;
    i = 0;
  }
  ck_assert_int_eq(count, 5040);
}
END_TEST

static void expect_reject(const char *in, rm_status want, const char *needle)
{
  rm_variant v;
  char msg[256];
  rm_status s;
  memset(msg, 0, sizeof msg);
  rm_variant_default(&v, RM_CG);
  v.k = 777; v.rel = 77; /* a sentinel: the variant is written only on success */
  s = rm_variant_parse(in, &v, msg, sizeof msg);
  ck_assert_msg(s == want, "'%s': status %d, want %d (message: %s)", in, (int) s, (int) want, msg);
  ck_assert_msg(v.k == 777 && v.rel == 77 && v.metric == RM_CG, "'%s': variant written on error",
                in);
  ck_assert_msg(strstr(msg, needle) != NULL, "'%s': message '%s' lacks '%s'", in, msg, needle);
  ck_assert_msg(strncmp(msg, "column ", 7) == 0, "'%s': message '%s' gives no column", in, msg);
  ck_assert_int_eq(rm_variant_parse(in, &v, NULL, 0), want);
}

START_TEST(test_names_rejections)
{
  rm_variant v;
  expect_reject("ndcg@0", RM_EK, "cutoff");
  expect_reject("ndcg@01", RM_EK, "cutoff");
  expect_reject("ndcg@-3", RM_EK, "cutoff");
  expect_reject("ndcg@", RM_EK, "cutoff");
  expect_reject("ndcg@99999999999", RM_EK, "cutoff");
  expect_reject("ndcg@10000001", RM_EK, "cutoff");
  expect_reject("ndgc", RM_ENAME, "'ndcg'");
  expect_reject("ndcg[gian=exp2]", RM_ENAME, "'gain'");
  expect_reject("ndcg[gain=exp]", RM_ENAME, "'exp2'");
  expect_reject("ndcg[gain=exp2,gain=linear]", RM_ENAME, "twice");
  expect_reject("dcg[rel=2]", RM_ENAME, "rel= goes with gain=binary");
  expect_reject("dcg[base=10]", RM_ENAME, "base= goes with discount=jk");
  expect_reject("cg[discount=jk]", RM_ENAME, "'discount' does not apply");
  expect_reject("idcg[ties=average]", RM_ENAME, "'ties' does not apply");
  expect_reject("dcg[undef=one]", RM_ENAME, "'undef' does not apply");
  expect_reject("cg[ideal=list]", RM_ENAME, "'ideal' does not apply");
  expect_reject("ndcg[ideal=topk,ties=average]", RM_ENAME, "ties=average");
  expect_reject("ndcg[ties=average,ideal=topk]", RM_ENAME, "ties=average");
  expect_reject("ndcg[", RM_ENAME, "expected a key");
  expect_reject("ndcg[]", RM_ENAME, "expected a key");
  expect_reject("ndcg[gain=exp2", RM_ENAME, "expected ',' or ']'");
  expect_reject("ndcg[gain=exp2,]", RM_ENAME, "expected a key");
  expect_reject("ndcg[gain]", RM_ENAME, "expected '='");
  expect_reject("ndcg[gain=]", RM_ENAME, "not a value of gain");
  expect_reject("ndcg ", RM_ENAME, "unexpected ' '");
  expect_reject("ndcg[gain=exp2] ", RM_ENAME, "unexpected ' '");
  expect_reject("ndcg@10x", RM_ENAME, "unexpected 'x'");
  expect_reject("", RM_ENAME, "expected a metric");
  expect_reject("Ndcg", RM_ENAME, "unknown metric 'Ndcg' (did you mean 'ndcg', ir_measures' 'nDCG'"); /* case aside, ours first */
  expect_reject("ndcg[gain=binary,rel=0]", RM_ENAME, "rel must be");
  expect_reject("ndcg[gain=binary,rel=101]", RM_ENAME, "rel must be");
  expect_reject("ndcg[gain=binary,rel=02]", RM_ENAME, "rel must be");
  expect_reject("ndcg[discount=jk,base=1]", RM_ENAME, "base must be");
  expect_reject("ndcg[discount=jk,base=65537]", RM_ENAME, "base must be");
  expect_reject("ndcg[discount=jk,base=99999999999999999999999]", RM_ENAME, "base must be");
  /* column of the error */
  expect_reject("ndcg[gain=exp2,gian=linear]", RM_ENAME, "column 16");
  ck_assert_int_eq(rm_variant_parse(NULL, &v, NULL, 0), RM_EINVAL);
  ck_assert_int_eq(rm_variant_parse("ndcg", NULL, NULL, 0), RM_EINVAL);
}
END_TEST

/* The names of trec_eval and ir_measures (the book's section on them): each
   means the variant of ours written on its right, which is what trec_eval
   10.0 and ir_measures' default providers compute (ties by docno descending
   but for the msmarco provider's RR@k, pytrec_eval's scores at single
   precision as its trec_eval 9.0.8 keeps them, gains the grades, gdeval's gains
   2^g - 1 and ERR's top grade 4); names we have no variant for are refused
   by name, and our own names keep their meaning. */
START_TEST(test_names_other_libraries)
{
  static const char *const pairs[][2] = {
    {"map", "ap[ties=id-desc]"}, {"map_cut_10", "ap@10[ties=id-desc]"},
    {"map_cut.5", "ap@5[ties=id-desc]"}, {"P_10", "precision@10[ties=id-desc]"},
    {"P.5", "precision@5[ties=id-desc]"}, {"recall_10", "recall@10[ties=id-desc]"},
    {"success_1", "hr@1[ties=id-desc]"}, {"Rprec", "rprec[scores=float32,ties=id-desc]"},
    {"recip_rank", "rr[ties=id-desc]"}, {"trec_eval:ndcg", "ndcg[ties=id-desc]"},
    {"ndcg_cut_10", "ndcg@10[ties=id-desc]"}, {"ndcg_cut.20", "ndcg@20[ties=id-desc]"},
    {"set_P", "precision[ties=id-desc]"}, {"set_recall", "recall[ties=id-desc]"},
    {"set_F", "f[beta2=1,ties=id-desc]"}, {"set_F.2", "f[beta2=2,ties=id-desc]"},
    {"ideal_dcg", "idcg"}, {"trec_eval:dcg", "dcg[ties=id-desc]"},
    {"nDCG@10", "ndcg@10[scores=float32,ties=id-desc]"},
    {"nDCG", "ndcg[scores=float32,ties=id-desc]"},
    {"AP(rel=2)", "ap[rel=2,scores=float32,ties=id-desc]"},
    {"AP@10", "ap@10[scores=float32,ties=id-desc]"},
    {"P@5", "precision@5[scores=float32,ties=id-desc]"},
    {"R@10", "recall@10[scores=float32,ties=id-desc]"},
    {"RR", "rr[scores=float32,ties=id-desc]"}, {"RR@10", "rr@10[ties=id-asc]"},
    {"Success@10", "hr@10[scores=float32,ties=id-desc]"}, {"ERR@20", "err@20[gmax=4,ties=id-desc]"},
    {"SetP", "precision[scores=float32,ties=id-desc]"},
    {"SetR", "recall[scores=float32,ties=id-desc]"},
    {"SetF", "f[beta2=1,scores=float32,ties=id-desc]"},
    {"SetF(beta=2.0)", "f[beta2=2,scores=float32,ties=id-desc]"},
    {"nDCG(dcg=exp-log2)@10", "ndcg@10[gain=exp2,ties=id-desc]"},
    {"mean[skip=norel]:ERR@20", "mean[skip=norel]:err@20[gmax=4,ties=id-desc]"},
    {"ndcg", "ndcg[ties=input]"}, {"recall", "recall[ties=input]"}};
  size_t i;
  rm_variant v;
  for (i = 0; i < sizeof pairs / sizeof *pairs; i++) {
    char a[RM_NAME_MAX], b[RM_NAME_MAX];
    rm_variant x = parsed(pairs[i][0]), y = parsed(pairs[i][1]);
    rm_variant_name(&x, a, sizeof a);
    rm_variant_name(&y, b, sizeof b);
    ck_assert_msg(strcmp(a, b) == 0, "'%s' is '%s', want '%s'", pairs[i][0], a, b);
  }
  v = parsed("map");
  ck_assert(v.metric == RM_AP && v.ties == RM_TIES_ID_DESC && v.k == 0 && v.rel == 1);
  v = parsed("P_10");
  ck_assert(v.metric == RM_PRECISION && v.ties == RM_TIES_ID_DESC && v.k == 10);
  v = parsed("RR@10");
  ck_assert(v.metric == RM_RR && v.ties == RM_TIES_ID_ASC && v.k == 10);
  ck_assert_int_eq(rm_variant_parse("nDCG@10", &v, NULL, 0), RM_OK);
  v = parsed("trec_eval:bpref");
  ck_assert(v.metric == RM_BPREF && v.ties == RM_TIES_ID_DESC && v.rel == 1);
  v = parsed("bpref"); /* ours: ties by input order */
  ck_assert(v.metric == RM_BPREF && v.ties == RM_TIES_INPUT);
  v = parsed("Judged@10");
  ck_assert(v.metric == RM_JUDGED && v.ties == RM_TIES_ID_ASC && v.k == 10);
  v = parsed("infAP");
  ck_assert(v.metric == RM_INFAP && v.ties == RM_TIES_ID_DESC);
  v = parsed("rbp_resid.p=0.8");
  ck_assert(v.metric == RM_RBP_RESID && v.p == 4 && v.p_den == 5);
  v = parsed("trec_eval:rbp");
  ck_assert(v.metric == RM_RBP && v.p == 9 && v.p_den == 10 && v.ties == RM_TIES_ID_DESC
            && v.gain == RM_GAIN_LINEAR);
  v = parsed("rbp");
  ck_assert(v.metric == RM_RBP && v.gain == RM_GAIN_BINARY);
  expect_reject("rbp[gain=exp2]", RM_ENAME, "gain=binary or gain=linear");
  expect_reject("rbp[p=1]", RM_ENAME, "below 1");
  expect_reject("rbp[p=3/2]", RM_ENAME, "below 1");
  expect_reject("relstring", RM_ENAME, "trec_eval's relstring has no rankmetrics variant yet");
  v = parsed("gm_map");
  ck_assert(v.metric == RM_AP && v.agg == RM_AGG_GM && v.ties == RM_TIES_ID_DESC);
  v = parsed("11pt_avg");
  ck_assert(v.metric == RM_AP11 && v.level == RM_LEVEL_ROUND && v.ties == RM_TIES_ID_DESC);
  v = parsed("Rndcg");
  ck_assert(v.metric == RM_RNDCG && v.ties == RM_TIES_ID_DESC);
  v = parsed("NumRelRet");
  ck_assert(v.metric == RM_NRELRET && v.agg == RM_AGG_SUM && v.rel == 1);
  v = parsed("IPrec@0.5");
  ck_assert(v.metric == RM_IPREC && v.at == 1 && v.at_den == 2 && v.level == RM_LEVEL_TREC9);
  expect_reject("StRecall", RM_ENAME, "ir_measures' StRecall needs a cutoff");
  expect_reject("RBP(p=0.8)", RM_ENAME, "ir_measures' RBP without rel has no provider");
  v = parsed("AP(judged_only=True)"); /* trec_eval -J: the unjudged leave first */
  ck_assert(v.metric == RM_AP && v.judged == 1);
  expect_reject("RR(judged_only=True)@5", RM_ENAME, "has no provider");
  expect_reject("P.5,10", RM_ENAME, "several measures");
  expect_reject("P", RM_ENAME, "needs a cutoff");
  expect_reject("map@10", RM_ENAME, "unknown metric 'map'");
  expect_reject("trec_eval:nosuch", RM_ENAME, "trec_eval has no measure");
  v = parsed("gm_bpref");
  ck_assert(v.metric == RM_BPREF && v.agg == RM_AGG_GM && v.ties == RM_TIES_ID_DESC);
}
END_TEST

START_TEST(test_names_truncation)
{
  static const char full[] = "ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]";
  rm_variant v = parsed("ndcg@10");
  char buf[128];
  size_t n = strlen(full), len;
  memset(buf, 'Z', sizeof buf);
  len = rm_variant_name(&v, buf, 10);
  ck_assert_uint_eq(len, n);
  ck_assert_str_eq(buf, "ndcg@10[g");
  ck_assert_int_eq(buf[10], 'Z');
  memset(buf, 'Z', sizeof buf);
  ck_assert_uint_eq(rm_variant_name(&v, buf, 1), n);
  ck_assert_int_eq(buf[0], '\0');
  ck_assert_int_eq(buf[1], 'Z');
  memset(buf, 'Z', sizeof buf);
  ck_assert_uint_eq(rm_variant_name(&v, buf, 0), n);
  ck_assert_int_eq(buf[0], 'Z');
  ck_assert_uint_eq(rm_variant_name(&v, NULL, 0), n);
  memset(buf, 'Z', sizeof buf);
  ck_assert_uint_eq(rm_variant_name(&v, buf, n), n); /* one byte short */
  ck_assert_uint_eq(strlen(buf), n - 1);
  ck_assert_int_eq(strncmp(buf, full, n - 1), 0);
  memset(buf, 'Z', sizeof buf);
  ck_assert_uint_eq(rm_variant_name(&v, buf, n + 1), n);
  ck_assert_str_eq(buf, full);
  ck_assert_int_eq(buf[n + 1], 'Z');
}
END_TEST

/* rm_variant_size and its siblings: a caller that sees a variant as opaque
   bytes (the Python package, through ctypes) parses names into an array of
   rm_variant_size() bytes a variant and hands it to rm_values; the values
   must be those of variants declared in C. */
START_TEST(test_names_opaque_sizes)
{
  static const char *const names[] = {"ndcg@3[gain=exp2]", "ap", "rr@2",
    "auc[ties=average]"};
  static const int g[] = {1, 0, 2, 0, 1};
  static const double sc[] = {.9, .5, .5, .2, .1};
  rm_list l = {5, g, sc, NULL, 1, (const int[]){3}, NULL, NULL, NULL};
  size_t sz = rm_variant_size(), i, nv = sizeof names / sizeof names[0];
  double *buf, out[4];
  rm_status st[4];
  ck_assert_uint_eq(sz, sizeof (rm_variant));
  ck_assert_uint_eq(rm_list_size(), sizeof (rm_list));
  ck_assert_uint_eq(rm_exact_size(), sizeof (rm_exact));
  buf = calloc(nv * sz / sizeof (double) + 1, sizeof (double));
  ck_assert_ptr_nonnull(buf);
  for (i = 0; i < nv; i++)
    ck_assert_int_eq(rm_variant_parse(names[i],
      (rm_variant *) ((char *) buf + i * sz), NULL, 0), RM_OK);
  ck_assert_int_eq(rm_values((const rm_variant *) buf, nv, &l, NULL, out, st), RM_OK);
  for (i = 0; i < nv; i++) {
    rm_variant v = parsed(names[i]);
    double x;
    ck_assert_int_eq(st[i], rm_value(&v, &l, NULL, &x));
    ck_assert(memcmp(&x, &out[i], sizeof x) == 0);
  }
  free(buf);
}
END_TEST

static Suite *suite_names(void)
{
  Suite *s = suite_create("names");
  TCase *tc = tcase_create("parse-print");
  tcase_set_timeout(tc, TIMEOUT);
  tcase_add_test(tc, test_names_round_trip);
  tcase_add_test(tc, test_names_canonical);
  tcase_add_test(tc, test_names_any_order);
  tcase_add_test(tc, test_names_rejections);
  tcase_add_test(tc, test_names_other_libraries);
  tcase_add_test(tc, test_names_truncation);
  tcase_add_test(tc, test_names_opaque_sizes);
  suite_add_tcase(s, tc);
  return s;
}

/* ======================================================================== */

#define SUITE(f) Suite *f(void);
#include "suites.h"
#undef SUITE

int main(void)
{
  SRunner *sr = srunner_create(suite_examples());
  int failed;
  srunner_add_suite(sr, suite_independent());
  srunner_add_suite(sr, suite_paths());
  srunner_add_suite(sr, suite_properties());
  srunner_add_suite(sr, suite_edges());
  srunner_add_suite(sr, suite_names());
#define SUITE(f) srunner_add_suite(sr, f());
#include "suites.h"
#undef SUITE
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
