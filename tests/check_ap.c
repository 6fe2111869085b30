/* tests/check_ap.c -- tests of the average-precision family: ap, apstep, ap11.

   Every expected value here is derived independently of the library: a
   fraction worked out by hand (with Python's fractions module), an exact
   oracle written in this file from the definitions in the book (GMP
   rationals, its own ranking by insertion sort, scikit-learn's threshold
   formula for apstep, the max-to-the-right rule for ap11), or the other
   path of the library (double against exact, within rm_ulp_bound).  No value
   printed by the library is pasted back as an expectation.

   Test cases: rows (the worked examples against the oracle), paths (double
   vs exact vs oracle on seeded random lists), hand (hand-derived values of
   every variant choice), edges, names. */

#include <check.h>
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

#define AP_MAXN 48     /* longest random list */
#define AP_MAXU 4      /* most unretrieved judged items */
#define AP_LISTS 4000  /* random lists of the paths test */
#define AP_TIMEOUT 120

/* ------------------------------------------------------------------------ */
/* A test list that owns its arrays. */

typedef struct {
  size_t n, nu;
  int grade[AP_MAXN], ugrade[AP_MAXU];
  double score[AP_MAXN];
  char idbuf[AP_MAXN][8];
  const char *id[AP_MAXN];
  int scored;
} aplist;

static rm_list ap_to_list(const aplist *t)
{
  rm_list l = {0};
  l.n = t->n;
  l.grade = t->grade;
  l.score = t->scored ? t->score : NULL;
  l.id = t->id;
  l.n_unretrieved = t->nu;
  l.unretrieved_grade = t->ugrade;
  return l;
}

static void ap_set(aplist *t, size_t n, const int *g, const double *s,
                   const char *const *ids, size_t nu, const int *ug)
{
  size_t i;
  memset(t, 0, sizeof *t);
  t->n = n; t->nu = nu;
  t->scored = s != NULL;
  for (i = 0; i < n; i++) {
    t->grade[i] = g[i];
    if (s) t->score[i] = s[i];
    snprintf(t->idbuf[i], sizeof t->idbuf[i], "%s", ids ? ids[i] : "x");
    t->id[i] = t->idbuf[i];
  }
  for (i = 0; i < nu; i++) t->ugrade[i] = ug[i];
}

static void ap_random(tu_rng *r, aplist *t)
{
  static const double levels[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
  unsigned dense = tu_below(r, 4); /* 0: no relevant item at all */
  size_t i;
  memset(t, 0, sizeof *t);
  t->n = tu_below(r, 6) == 0 ? 20 + tu_below(r, AP_MAXN - 19) : tu_below(r, 14);
  t->scored = tu_below(r, 4) != 0;
  for (i = 0; i < t->n; i++) {
    t->grade[i] = dense && tu_below(r, 4) < dense ? (int) tu_below(r, 4) : 0;
    t->score[i] = tu_below(r, 3) ? levels[tu_below(r, 5)] : (double) tu_below(r, 1000) / 7.0;
    snprintf(t->idbuf[i], sizeof t->idbuf[i], "d%03u", tu_below(r, 1000));
    t->id[i] = t->idbuf[i];
  }
  t->nu = tu_below(r, AP_MAXU);
  for (i = 0; i < t->nu; i++) t->ugrade[i] = dense ? (int) tu_below(r, 4) : 0;
}

/* ------------------------------------------------------------------------ */
/* The oracle.  Ranking: a stable insertion sort by descending score, ties
   by the rule.  Values: exact rationals from the definitions. */

static int ap_before(const aplist *t, rm_ties rule, size_t a, size_t b)
{
  if (!t->scored) return a < b;
  if (t->score[a] != t->score[b]) return t->score[a] > t->score[b];
  switch (rule) {
  case RM_TIES_REVERSE: return a > b;
  case RM_TIES_ID_ASC: return strcmp(t->id[a], t->id[b]) < 0;
  case RM_TIES_ID_DESC: return strcmp(t->id[a], t->id[b]) > 0;
  case RM_TIES_PESSIMISTIC: return t->grade[a] < t->grade[b];
  case RM_TIES_OPTIMISTIC: return t->grade[a] > t->grade[b];
  default: return 0;
  }
}

static void ap_rank(const aplist *t, rm_ties rule, int *b, int rel)
{
  size_t order[AP_MAXN], i, j;
  for (i = 0; i < t->n; i++) {
    size_t x = i;
    for (j = i; j > 0 && ap_before(t, rule, x, order[j - 1]); j--) order[j] = order[j - 1];
    order[j] = x;
  }
  for (i = 0; i < t->n; i++) b[i] = t->grade[order[i]] >= rel;
}

static unsigned long ap_nrel(const aplist *t, int rel)
{
  unsigned long c = 0;
  size_t i;
  for (i = 0; i < t->n; i++) c += t->grade[i] >= rel;
  for (i = 0; i < t->nu; i++) c += t->ugrade[i] >= rel;
  return c;
}

/* Sets q to the value and returns 1, or returns 0 when it is undefined. */
static int oracle_ap(mpq_t q, const rm_variant *v, const aplist *t)
{
  int b[AP_MAXN];
  size_t k = v->k && v->k < t->n ? v->k : t->n, r;
  unsigned long h = 0, R = ap_nrel(t, v->rel), N;
  mpq_t x;
  ap_rank(t, (rm_ties) v->ties, b, v->rel);
  mpq_init(x);
  mpq_set_ui(q, 0, 1);
  for (r = 0; r < k; r++)
    if (b[r]) {
      h++;
      mpq_set_ui(x, h, r + 1); mpq_canonicalize(x);
      mpq_add(q, q, x);
    }
  if (v->norm == RM_NORM_REL) N = R;
  else if (v->norm == RM_NORM_MIN) N = v->k && v->k < R ? v->k : R;
  else N = h;
  if (N) { mpq_set_ui(x, N, 1); mpq_div(q, q, x); }
  mpq_clear(x);
  return N != 0;
}

/* scikit-learn's step AP, by its definition over distinct thresholds. */
static int oracle_apstep(mpq_t q, const rm_variant *v, const aplist *t)
{
  double thr[AP_MAXN], sc[AP_MAXN];
  size_t nt = 0, i, j;
  unsigned long P = 0, prev = 0;
  mpq_t x;
  for (i = 0; i < t->n; i++) {
    sc[i] = t->scored ? t->score[i] : -(double) i;
    P += t->grade[i] >= v->rel;
  }
  mpq_set_ui(q, 0, 1);
  if (P == 0) return 0;
  for (i = 0; i < t->n; i++) { /* distinct scores, descending */
    for (j = 0; j < nt && thr[j] != sc[i]; j++) ;
    if (j == nt) {
      for (j = nt++; j > 0 && thr[j - 1] < sc[i]; j--) thr[j] = thr[j - 1];
      thr[j] = sc[i];
    }
  }
  mpq_init(x);
  for (j = 0; j < nt; j++) {
    unsigned long A = 0, H = 0;
    for (i = 0; i < t->n; i++)
      if (sc[i] >= thr[j]) { A++; H += t->grade[i] >= v->rel; }
    /* (R_j - R_{j-1}) P_j = ((H - prev) / P) (H / A) */
    mpq_set_ui(x, (H - prev) * H, P * A); mpq_canonicalize(x);
    mpq_add(q, q, x);
    prev = H;
  }
  mpq_clear(x);
  return 1;
}

static int oracle_ap11(mpq_t q, const rm_variant *v, const aplist *t)
{
  int b[AP_MAXN];
  size_t k = v->k && v->k < t->n ? v->k : t->n, i;
  unsigned long R = ap_nrel(t, v->rel), h[AP_MAXN];
  unsigned j;
  mpq_t best, x, rho, rec;
  mpq_set_ui(q, 0, 1);
  if (R == 0) return 0;
  ap_rank(t, (rm_ties) v->ties, b, v->rel);
  for (i = 0; i < k; i++) h[i] = (i ? h[i - 1] : 0) + (unsigned long) b[i];
  mpq_inits(best, x, rho, rec, NULL);
  for (j = 0; j <= 10; j++) {
    /* level=round: trec_eval's count lround(0.j * R), in doubles as its
       m_11pt_avg.c computes it; otherwise recall h/R >= j/10 exactly */
    static const double tenth[11] = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8,
      0.9, 1.0};
    long cnt = lround(tenth[j] * (double) R);
    mpq_set_ui(rho, j, 10); mpq_canonicalize(rho);
    mpq_set_ui(best, 0, 1);
    for (i = 0; i < k; i++) {
      mpq_set_ui(rec, h[i], R); mpq_canonicalize(rec);
      if (v->level == RM_LEVEL_ROUND ? (long) h[i] < cnt : mpq_cmp(rec, rho) < 0) continue;
      mpq_set_ui(x, h[i], i + 1); mpq_canonicalize(x);
      if (mpq_cmp(x, best) > 0) mpq_set(best, x);
    }
    mpq_add(q, q, best);
  }
  mpq_set_ui(x, 11, 1);
  mpq_div(q, q, x);
  mpq_clears(best, x, rho, rec, NULL);
  return 1;
}

static int oracle(mpq_t q, const rm_variant *v, const aplist *t)
{
  switch (v->metric) {
  case RM_AP: return oracle_ap(q, v, t);
  case RM_APSTEP: return oracle_apstep(q, v, t);
  default: return oracle_ap11(q, v, t);
  }
}

/* ------------------------------------------------------------------------ */
/* Checks. */

/* Runs both paths on (v, t) and checks them against the oracle. */
static void check_case(const rm_variant *v, const aplist *t, const char *ctx)
{
  rm_list l = ap_to_list(t);
  rm_exact e;
  rm_status se, sd;
  double d = -1, want;
  mpq_t q, got;
  int defined;
  char nm[RM_NAME_MAX];
  rm_variant_name(v, nm, sizeof nm);
  mpq_inits(q, got, NULL);
  defined = oracle(q, v, t);
  if (!defined) mpq_set_ui(q, v->undef == RM_UNDEF_ONE ? 1 : 0, 1);
  want = tu_round_q(q, NULL);
  rm_exact_init(&e);
  se = rm_value_exact(v, &l, &e);
  sd = rm_value(v, &l, NULL, &d);
  ck_assert_msg(se == sd, "%s %s: exact status %d, double status %d", ctx, nm, (int) se, (int) sd);
  if (!defined && v->undef == RM_UNDEF_ERROR)
    ck_assert_msg(se == RM_EUNDEF, "%s %s: status %d, want RM_EUNDEF", ctx, nm, (int) se);
  else {
    ck_assert_msg(se == (defined ? RM_OK : RM_UNDEFINED), "%s %s: status %d, oracle %s", ctx, nm,
                  (int) se, defined ? "defined" : "undefined");
    ck_assert_msg(e.rational != NULL, "%s %s: no fraction", ctx, nm);
    ck_assert(mpq_set_str(got, e.rational, 10) == 0);
    mpq_canonicalize(got);
    ck_assert_msg(mpq_equal(got, q), "%s %s: fraction %s, oracle %s", ctx, nm, e.rational,
                  mpq_get_str(NULL, 10, q));
    ck_assert_msg(e.value == want, "%s %s: exact %a, oracle %a", ctx, nm, e.value, want);
    ck_assert_msg(tu_ulps(d, want) <= rm_ulp_bound(v), "%s %s: double %a, exact %a, %g ulps > %g",
                  ctx, nm, d, want, tu_ulps(d, want), rm_ulp_bound(v));
  }
  rm_exact_clear(&e);
  mpq_clears(q, got, NULL);
}

static void parse_ok(const char *name, rm_variant *v)
{
  char msg[200] = "";
  rm_status s = rm_variant_parse(name, v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "parse '%s': %d %s", name, (int) s, msg);
}

/* ------------------------------------------------------------------------ */
/* rows: every worked example of the family, against the oracle and its
   hand-derived row, on both paths. */

static int in_ap_family(const rm_example *x, rm_variant *v)
{
  if (rm_variant_parse(x->name, v, NULL, 0) != RM_OK) return 0;
  return v->metric == RM_AP || v->metric == RM_APSTEP || v->metric == RM_AP11;
}

START_TEST(test_rows)
{
  const rm_example *x = &rm_examples[_i];
  rm_variant v;
  aplist t;
  rm_list l = {0};
  rm_exact e;
  double d;
  if (!in_ap_family(x, &v)) return;
  ck_assert(x->n <= AP_MAXN && x->n_judged <= AP_MAXU);
  ap_set(&t, x->n, x->grade, x->score, x->ids, x->n_judged, x->judged);
  check_case(&v, &t, x->id);
  l = ap_to_list(&t);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), x->status);
  ck_assert_msg(e.value == x->expect, "%s: exact %a, row %a", x->id, e.value, x->expect);
  ck_assert_msg(x->rational && strcmp(e.rational, x->rational) == 0, "%s: %s, row %s", x->id,
                e.rational, x->rational ? x->rational : "none");
  rm_exact_clear(&e);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), x->status);
  ck_assert_msg(tu_ulps(d, x->expect) <= rm_ulp_bound(&v), "%s: double %a, row %a", x->id, d,
                x->expect);
}
END_TEST

START_TEST(test_rows_present)
{
  /* the chapter's rows are all there: a count made by hand */
  size_t i, c = 0;
  rm_variant v;
  for (i = 0; i < RM_N_EXAMPLES; i++) c += in_ap_family(&rm_examples[i], &v);
  ck_assert_uint_ge(c, 36);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* paths: seeded random lists, a random variant of each metric per list. */

static const char *const ties_w[] = {"input", "id-asc", "id-desc", "pessimistic",
                                     "optimistic", "average", "reverse"};
static const char *const norm_w[] = {"rel", "min", "hits"};
static const char *const undef_w[] = {"zero", "one", "error"};

static void random_name(tu_rng *r, int metric, size_t n, char *buf, size_t len)
{
  int p = 0;
  unsigned tie;
  p += snprintf(buf + p, len - (size_t) p, "%s", metric == 0 ? "ap" : metric == 1 ? "apstep" : "ap11");
  if (metric != 1 && tu_below(r, 3)) {
    unsigned long k = tu_below(r, 3) ? 1 + tu_below(r, 12) : (unsigned long) n + 1 + tu_below(r, 5);
    p += snprintf(buf + p, len - (size_t) p, "@%lu", k);
  }
  p += snprintf(buf + p, len - (size_t) p, "[rel=%u", 1 + tu_below(r, 3));
  if (metric == 0) p += snprintf(buf + p, len - (size_t) p, ",norm=%s", norm_w[tu_below(r, 3)]);
  if (metric != 1) {
    do tie = tu_below(r, 7); while (tie == RM_TIES_AVERAGE);
    p += snprintf(buf + p, len - (size_t) p, ",ties=%s", ties_w[tie]);
  }
  snprintf(buf + p, len - (size_t) p, ",undef=%s]", undef_w[tu_below(r, 8) == 0 ? 2 : tu_below(r, 2)]);
}

START_TEST(test_paths)
{
  tu_rng r = {0x61702d7061746873ULL};
  int it, m, cover_t[7] = {0}, cover_n[3] = {0}, cover_u[3] = {0}, cover_m[3] = {0};
  int beyond = 0, ties_seen = 0, empty = 0, undefined = 0;
  double worst[3] = {0, 0, 0};
  for (it = 0; it < AP_LISTS; it++) {
    aplist t;
    ap_random(&r, &t);
    empty += t.n == 0;
    for (m = 0; m < 3; m++) {
      char name[120], ctx[64];
      rm_variant v;
      mpq_t q;
      random_name(&r, m, t.n, name, sizeof name);
      parse_ok(name, &v);
      snprintf(ctx, sizeof ctx, "list %d", it);
      check_case(&v, &t, ctx);
      cover_m[m]++;
      if (m != 1) cover_t[v.ties]++;
      if (m == 0) cover_n[v.norm]++;
      cover_u[v.undef]++;
      beyond += v.k > t.n;
      if (t.scored && v.metric != RM_APSTEP) {
        size_t i, j;
        for (i = 0; i < t.n; i++)
          for (j = i + 1; j < t.n; j++) ties_seen += t.score[i] == t.score[j];
      }
      mpq_init(q);
      if (!oracle(q, &v, &t)) undefined++;
      else { /* the measured error, for the record */
        rm_list l = ap_to_list(&t);
        double d;
        if (rm_value(&v, &l, NULL, &d) == RM_OK && tu_ulps(d, tu_round_q(q, NULL)) > worst[m])
          worst[m] = tu_ulps(d, tu_round_q(q, NULL));
      }
      mpq_clear(q);
    }
  }
  for (m = 0; m < 7; m++) if (m != RM_TIES_AVERAGE) ck_assert_msg(cover_t[m] > 0, "ties %d", m);
  for (m = 0; m < 3; m++) ck_assert(cover_n[m] > 0 && cover_u[m] > 0 && cover_m[m] > 0);
  ck_assert(beyond > 0 && ties_seen > 0 && empty > 0 && undefined > 0);
  printf("ap paths: max observed error in ulps: ap %.0f, apstep %.0f, ap11 %.0f over %d lists\n",
         worst[0], worst[1], worst[2], AP_LISTS);
  fflush(stdout);
}
END_TEST

/* apstep is lrap with undef=zero, on every list (a fact proved in the book). */
START_TEST(test_apstep_is_lrap)
{
  tu_rng r = {0x6c726170ULL};
  int it;
  rm_variant a, b;
  parse_ok("apstep", &a);
  parse_ok("lrap[undef=zero]", &b);
  for (it = 0; it < 1000; it++) {
    aplist t;
    rm_list l = {0};
    rm_exact ea, eb;
    ap_random(&r, &t);
    l = ap_to_list(&t);
    rm_exact_init(&ea); rm_exact_init(&eb);
    ck_assert_int_eq(rm_value_exact(&a, &l, &ea), rm_value_exact(&b, &l, &eb));
    ck_assert_str_eq(ea.rational, eb.rational);
    rm_exact_clear(&ea); rm_exact_clear(&eb);
  }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* hand: values derived by hand (Python fractions), every variant choice. */

typedef struct {
  const char *name;
  size_t n; int g[8]; int scored; double s[8]; const char *id[8];
  size_t nu; int ug[4];
  rm_status status; const char *q; double d;
} hand_case;

static const hand_case hand[] = {
  /* the three normalisers: relevant {a,b,c}, ranking a x b y z, c unretrieved */
  {"ap@2", 5, {1, 0, 1, 0, 0}, 0, {0}, {0}, 1, {1}, RM_OK, "1/3", 0x1.5555555555555p-2},
  {"ap@2[norm=min]", 5, {1, 0, 1, 0, 0}, 0, {0}, {0}, 1, {1}, RM_OK, "1/2", 0.5},
  {"ap@2[norm=hits]", 5, {1, 0, 1, 0, 0}, 0, {0}, {0}, 1, {1}, RM_OK, "1", 1.0},
  {"ap@4[norm=min]", 5, {1, 0, 1, 0, 0}, 0, {0}, {0}, 1, {1}, RM_OK, "5/9", 0x1.1c71c71c71c72p-1},
  {"ap[norm=min]", 5, {1, 0, 1, 0, 0}, 0, {0}, {0}, 1, {1}, RM_OK, "5/9", 0x1.1c71c71c71c72p-1},
  {"ap[norm=hits]", 5, {1, 0, 1, 0, 0}, 0, {0}, {0}, 1, {1}, RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
  {"ap11@2", 5, {1, 0, 1, 0, 0}, 0, {0}, {0}, 1, {1}, RM_OK, "4/11", 0x1.745d1745d1746p-2},
  /* K beyond the list: min(K,R) uses K, not the list length */
  {"ap@10[norm=min]", 3, {1, 0, 1}, 0, {0}, {0}, 2, {1, 1}, RM_OK, "5/12", 0x1.aaaaaaaaaaaabp-2},
  {"ap@10", 3, {1, 0, 1}, 0, {0}, {0}, 0, {0}, RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
  /* the relevance threshold, graded lists */
  {"ap[rel=2]", 4, {2, 1, 0, 3}, 0, {0}, {0}, 0, {0}, RM_OK, "3/4", 0.75},
  {"ap[rel=3]", 4, {2, 1, 0, 3}, 0, {0}, {0}, 1, {3}, RM_OK, "1/8", 0.125},
  {"apstep[rel=3]", 4, {2, 1, 0, 3}, 0, {0}, {0}, 1, {3}, RM_OK, "1/4", 0.25},
  {"ap11[rel=2]", 4, {2, 1, 0, 3}, 0, {0}, {0}, 0, {0}, RM_OK, "17/22", 0x1.8ba2e8ba2e8bap-1},
  /* every tie rule: grades 1,0,0,1, the last item alone on top */
  {"ap", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0, {0}, RM_OK, "1", 1.0},
  {"ap[ties=reverse]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0, {0},
   RM_OK, "3/4", 0.75},
  {"ap[ties=id-asc]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0, {0},
   RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
  {"ap[ties=id-desc]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0, {0},
   RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
  {"ap[ties=pessimistic]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0,
   {0}, RM_OK, "3/4", 0.75},
  {"ap[ties=optimistic]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0,
   {0}, RM_OK, "1", 1.0},
  {"ap11[ties=reverse]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0, {0},
   RM_OK, "17/22", 0x1.8ba2e8ba2e8bap-1},
  {"ap11[ties=id-asc]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0, {0},
   RM_OK, "28/33", 0x1.b26c9b26c9b27p-1},
  {"ap11[ties=optimistic]", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0,
   {0}, RM_OK, "1", 1.0},
  {"apstep", 4, {1, 0, 0, 1}, 1, {.5, .5, .5, .9}, {"d2", "d1", "d3", "d0"}, 0, {0}, RM_OK,
   "3/4", 0.75},
  /* 000's tie example, C000.2 */
  {"apstep", 3, {1, 0, 1}, 1, {.5, .5, .3}, {0}, 0, {0}, RM_OK, "7/12", 0x1.2aaaaaaaaaaabp-1},
  {"ap", 3, {1, 0, 1}, 1, {.5, .5, .3}, {0}, 0, {0}, RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
  {"ap[ties=reverse]", 3, {1, 0, 1}, 1, {.5, .5, .3}, {0}, 0, {0}, RM_OK, "7/12",
   0x1.2aaaaaaaaaaabp-1},
  /* all relevant */
  {"ap", 3, {1, 2, 3}, 0, {0}, {0}, 0, {0}, RM_OK, "1", 1.0},
  {"apstep", 3, {1, 2, 3}, 1, {1, 1, 1}, {0}, 0, {0}, RM_OK, "1", 1.0},
  {"ap11@2", 3, {1, 2, 3}, 0, {0}, {0}, 0, {0}, RM_OK, "7/11", 0x1.45d1745d1745dp-1},
  /* empty lists */
  {"ap", 0, {0}, 0, {0}, {0}, 0, {0}, RM_UNDEFINED, "0", 0.0},
  {"ap", 0, {0}, 0, {0}, {0}, 2, {1, 0}, RM_OK, "0", 0.0},
  {"ap[norm=hits,undef=one]", 0, {0}, 0, {0}, {0}, 2, {1, 0}, RM_UNDEFINED, "1", 1.0},
  {"apstep[undef=one]", 0, {0}, 0, {0}, {0}, 1, {1}, RM_UNDEFINED, "1", 1.0},
  {"ap11@3", 0, {0}, 0, {0}, {0}, 1, {1}, RM_OK, "0", 0.0},
  {"ap11[undef=one]", 0, {0}, 0, {0}, {0}, 0, {0}, RM_UNDEFINED, "1", 1.0},
  /* no relevant item in the list, one never retrieved */
  {"ap[norm=min,undef=one]", 2, {0, 0}, 0, {0}, {0}, 1, {2}, RM_OK, "0", 0.0},
  {"apstep", 2, {0, 0}, 0, {0}, {0}, 1, {2}, RM_UNDEFINED, "0", 0.0},
};

START_TEST(test_hand)
{
  const hand_case *h = &hand[_i];
  aplist t;
  rm_variant v;
  rm_list l = {0};
  rm_exact e;
  double d;
  char ctx[64];
  ap_set(&t, h->n, h->g, h->scored ? h->s : NULL, h->id[0] ? h->id : NULL, h->nu, h->ug);
  parse_ok(h->name, &v);
  l = ap_to_list(&t);
  rm_exact_init(&e);
  ck_assert_msg(rm_value_exact(&v, &l, &e) == h->status, "hand %d %s: exact status", _i, h->name);
  ck_assert_msg(strcmp(e.rational, h->q) == 0, "hand %d %s: %s, want %s", _i, h->name, e.rational,
                h->q);
  ck_assert_msg(e.value == h->d, "hand %d %s: %a, want %a", _i, h->name, e.value, h->d);
  rm_exact_clear(&e);
  ck_assert_msg(rm_value(&v, &l, NULL, &d) == h->status, "hand %d %s: double status", _i, h->name);
  ck_assert_msg(tu_ulps(d, h->d) <= 3, "hand %d %s: double %a, want %a", _i, h->name, d, h->d);
  snprintf(ctx, sizeof ctx, "hand %d", _i);
  check_case(&v, &t, ctx); /* and the oracle agrees with the hand */
}
END_TEST

/* ------------------------------------------------------------------------ */
/* edges: errors, undef=error, refused variants made by hand. */

START_TEST(test_edges)
{
  static const int g[] = {0, 0, 1};
  static const double s[] = {1, 1, 1};
  rm_list l = {3, g, s, NULL, 0, NULL, NULL, NULL, NULL};
  rm_variant v;
  rm_exact e;
  double d = 42;
  /* undef=error: no value, RM_EUNDEF, on both paths */
  parse_ok("ap@2[norm=hits,undef=error]", &v);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_EUNDEF);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EUNDEF);
  ck_assert(d == 42);
  /* the same list is defined under norm=rel */
  parse_ok("ap@2[undef=error]", &v);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(d == 0);
  /* ties=average set by hand is refused by both paths */
  parse_ok("ap", &v);
  v.ties = RM_TIES_AVERAGE;
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_ENAME);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  parse_ok("ap11", &v);
  v.ties = RM_TIES_AVERAGE;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  /* a cutoff set by hand on apstep is refused */
  parse_ok("apstep", &v);
  v.k = 2;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  /* a norm out of range set by hand */
  parse_ok("ap", &v);
  v.norm = 4; /* 3 is norm=list, of the chapter on more single-list variants */
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_ENAME);
  /* apstep ignores a stray tie rule field: it has none */
  parse_ok("apstep", &v);
  v.ties = RM_TIES_ID_DESC; /* ids are missing, but apstep does not use them */
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_OK);
  ck_assert(d == 1.0 / 3.0); /* one step: 1 relevant of 3, recall 1 at precision 1/3 */
  /* a tie rule on identifiers without identifiers */
  parse_ok("ap[ties=id-desc]", &v);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &d), RM_EIDS);
  /* a null list */
  parse_ok("ap11", &v);
  ck_assert_int_eq(rm_value(&v, NULL, NULL, &d), RM_EINVAL);
  /* the bounds stated in the book */
  parse_ok("ap@10[norm=hits]", &v); ck_assert(rm_ulp_bound(&v) == 3);
  parse_ok("apstep", &v); ck_assert(rm_ulp_bound(&v) == 3);
  parse_ok("ap11@5", &v); ck_assert(rm_ulp_bound(&v) == 3);
  rm_exact_clear(&e);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* names: canonical names written out by hand, and refused names. */

START_TEST(test_names)
{
  static const char *const pairs[][2] = {
    {"ap", "ap[norm=rel,rel=1,ties=input,undef=zero]"},
    {"ap@10[norm=min]", "ap@10[norm=min,rel=1,ties=input,undef=zero]"},
    {"ap@5[undef=one,ties=id-desc,norm=hits,rel=2]", "ap@5[norm=hits,rel=2,ties=id-desc,undef=one]"},
    {"apstep", "apstep[rel=1,undef=zero]"},
    {"apstep[undef=error]", "apstep[rel=1,undef=error]"},
    {"ap11", "ap11[rel=1,ties=input,undef=zero]"},
    {"ap11@3[ties=reverse]", "ap11@3[rel=1,ties=reverse,undef=zero]"},
  };
  static const char *const bad[][2] = {
    {"ap[ties=average]", "ties=average"},
    {"ap11@5[ties=average]", "ties=average"},
    {"apstep@10", "no cutoff"},
    {"apstep[ties=input]", "does not apply"},
    {"apstep[norm=rel]", "does not apply"},
    {"ap11[norm=hits]", "does not apply"},
    {"ap[norm=hit]", "did you mean 'hits'"},
    {"ap@0", "cutoff"},
    {"aps", "did you mean"},
  };
  size_t i;
  for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    rm_variant v, w;
    char buf[RM_NAME_MAX];
    parse_ok(pairs[i][0], &v);
    ck_assert_uint_eq(rm_variant_name(&v, buf, sizeof buf), strlen(pairs[i][1]));
    ck_assert_str_eq(buf, pairs[i][1]);
    parse_ok(buf, &w);
    ck_assert(memcmp(&v, &w, sizeof v) == 0);
  }
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    rm_variant v;
    char msg[200] = "";
    rm_status s = rm_variant_parse(bad[i][0], &v, msg, sizeof msg);
    ck_assert_msg(s == RM_ENAME || (s == RM_EK && strstr(bad[i][1], "cutoff")),
                  "'%s' gave %d", bad[i][0], (int) s);
    ck_assert_msg(strstr(msg, bad[i][1]) != NULL, "'%s': message '%s' lacks '%s'", bad[i][0], msg,
                  bad[i][1]);
  }
}
END_TEST

Suite *suite_ap(void)
{
  Suite *s = suite_create("ap");
  TCase *tc = tcase_create("ap");
  tcase_set_timeout(tc, AP_TIMEOUT);
  tcase_add_loop_test(tc, test_rows, 0, (int) RM_N_EXAMPLES);
  tcase_add_test(tc, test_rows_present);
  tcase_add_loop_test(tc, test_hand, 0, (int) (sizeof hand / sizeof hand[0]));
  tcase_add_test(tc, test_paths);
  tcase_add_test(tc, test_apstep_is_lrap);
  tcase_add_test(tc, test_edges);
  tcase_add_test(tc, test_names);
  suite_add_tcase(s, tc);
  return s;
}
