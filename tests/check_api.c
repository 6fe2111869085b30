/* tests/check_api.c -- Check tests of the interface that does not depend on
   the layout of rm_variant: rm_variant_new and rm_variant_free (the section
   "Variants on the heap"), and the spelling gauc of the aggregation part.

   Expected values are worked by hand:
   - precision@2 of the grades 1, 0, 1 in input order is 1/2 = 0.5;
   - the three GAUC users of the book (4 impressions with 1 click above the
     3 others: AUC 1; 3 impressions with clicks at .8 and .4 around a
     non-click at .6: AUC 1/2; 2 impressions without a click: left out),
     weighted by impressions: (4*1 + 3*(1/2)) / (4 + 3) = 5.5/7 = 11/14.

   Case fields (the book's "Bad input and its answer"): a variant made by
   hand with a metric, an aggregator or a key word past the end of its
   table has no name (0 and the empty string) and no bound, and every
   function that computes refuses it with RM_ENAME; null pointers are
   ignored by the functions that return nothing; a workspace whose second
   array is missing is grown, not read.

   Case labels (the book's "One rule for reading a label"): the spelling
   table of rm_label_kind, exact comparison by rm_label_cmp, and rank
   correlations of ratings, worked by hand: ratings 3.5, 4, 4.0 against
   scores 1, 2, 3 have pairs (1,2) and (1,3) concordant and (2,3) tied in
   the ratings, so C - D = 2, n0 = 3, n1 = 1, n2 = 0: tau_a = 2/3 and
   tau_b = 2/sqrt(2*3); the doubled centred mid-ranks are -2, 1, 1 and -2,
   0, 2, so rho = 6/sqrt(6*8) = sqrt(3)/2.  The ratings 0.1 and
   0.10000000000000000001 have one double but differ, so tau_a is 1, not 0.

   Suite api; cases heap, fields, labels. */

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"

START_TEST(test_variant_new)
{
  static const int g[] = {1, 0, 1};
  rm_list l = {3, g, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  char msg[128] = "", a[RM_NAME_MAX], b[RM_NAME_MAX];
  rm_variant s, *v = rm_variant_new("precision@2", msg, sizeof msg);
  double x = -1, y = -1;
  ck_assert_ptr_nonnull(v);
  ck_assert_int_eq(rm_variant_parse("precision@2", &s, NULL, 0), RM_OK);
  rm_variant_name(v, a, sizeof a);
  rm_variant_name(&s, b, sizeof b);
  ck_assert_str_eq(a, b);
  ck_assert_int_eq(rm_value(v, &l, NULL, &x), RM_OK);
  ck_assert_int_eq(rm_value(&s, &l, NULL, &y), RM_OK);
  ck_assert(x == 0.5 && y == 0.5);
  rm_variant_free(v);
}
END_TEST

START_TEST(test_variant_new_refused)
{
  char msg[128] = "";
  ck_assert_ptr_null(rm_variant_new("precision@0", msg, sizeof msg));
  ck_assert(msg[0] != '\0');
  msg[0] = '\0';
  ck_assert_ptr_null(rm_variant_new("no-such-metric", msg, sizeof msg));
  ck_assert(strstr(msg, "unknown") != NULL);
  ck_assert_ptr_null(rm_variant_new(NULL, msg, sizeof msg));
  ck_assert_ptr_null(rm_variant_new("nope", NULL, 0));
  rm_variant_free(NULL);
}
END_TEST

/* Many variants held only by pointer, as a program built against an older
   header would hold them, and used in one call of rm_value_set. */
START_TEST(test_variant_new_many)
{
  rm_variant *v[64];
  int i;
  for (i = 0; i < 64; i++) {
    v[i] = rm_variant_new(i % 2 ? "mean:ap" : "ndcg@10[gain=exp2]", NULL, 0);
    ck_assert_ptr_nonnull(v[i]);
  }
  ck_assert_int_eq(rm_variant_reads_set(v[1]), 1);
  ck_assert_int_eq(rm_variant_reads_set(v[0]), 0);
  for (i = 0; i < 64; i++) rm_variant_free(v[i]);
}
END_TEST

/* gauc is the impression-weighted mean of the users' AUCs, ties averaged,
   one-class users left out. */
START_TEST(test_gauc)
{
  static const int g1[] = {1, 0, 0, 0}, g2[] = {1, 1, 0}, g3[] = {0, 0};
  static const double s1[] = {0.9, 0.5, 0.4, 0.3}, s2[] = {0.8, 0.4, 0.6},
    s3[] = {0.7, 0.2};
  rm_list q[3] = {{4, g1, s1, NULL, 0, NULL, NULL, NULL, NULL}, {3, g2, s2, NULL, 0, NULL, NULL, NULL, NULL},
    {2, g3, s3, NULL, 0, NULL, NULL, NULL, NULL}};
  rm_variant v, d;
  char a[RM_NAME_MAX], b[RM_NAME_MAX], msg[256] = "";
  double x = -1;
  ck_assert_int_eq(rm_variant_parse("gauc", &v, msg, sizeof msg), RM_OK);
  ck_assert_int_eq(rm_variant_parse("mean[skip=undef,weight=items]:auc[ties=average]",
    &d, NULL, 0), RM_OK);
  rm_variant_name(&v, a, sizeof a);
  rm_variant_name(&d, b, sizeof b);
  ck_assert_str_eq(a, b);
  ck_assert_int_eq(rm_value_set(&v, q, 3, NULL, &x), RM_OK);
  ck_assert(x == 11.0 / 14.0);
  ck_assert_int_eq(rm_variant_parse("mean:gauc", &v, msg, sizeof msg), RM_ENAME);
  ck_assert(strstr(msg, "already a mean") != NULL);
  ck_assert_int_eq(rm_variant_parse("gauc@10", &v, msg, sizeof msg), RM_ENAME);
  ck_assert(strstr(msg, "mean[skip=undef,weight=items]:auc[ties=average]") != NULL);
  ck_assert_int_eq(rm_variant_parse("gauc[ties=input]", &v, NULL, 0), RM_ENAME);
}
END_TEST

/* A variant whose field |f| is set to |x| after a valid parse of |name|:
   the printer gives nothing, the bound is 0, and the computing functions
   refuse it. */
static void refused(const char *name, int which, int x)
{
  static const int g[] = {1, 0, 1};
  rm_list l = {3, g, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  rm_variant v;
  rm_exact e;
  rm_status st = RM_OK;
  char buf[RM_NAME_MAX] = "unchanged";
  double out = -1;
  ck_assert_int_eq(rm_variant_parse(name, &v, NULL, 0), RM_OK);
  ck_assert_uint_gt(rm_variant_name(&v, buf, sizeof buf), 0);
  if (which == 0) v.metric = (rm_metric) x;
  else if (which == 1) v.agg = x;
  else v.ties = x;
  ck_assert_uint_eq(rm_variant_name(&v, buf, sizeof buf), 0);
  ck_assert_str_eq(buf, "");
  ck_assert(rm_ulp_bound(&v) == 0);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &out), RM_ENAME);
  ck_assert(out == -1);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_ENAME);
  rm_exact_clear(&e);
  ck_assert_int_eq(rm_value_set(&v, &l, 1, NULL, &out), RM_ENAME);
  ck_assert_int_eq(rm_values(&v, 1, &l, NULL, &out, &st), RM_OK);
  ck_assert_int_eq(st, RM_ENAME);
}

START_TEST(test_metric_out_of_range)
{
  refused("ap", 0, RM_N_METRICS);
  refused("ap", 0, -1);
  refused("mean:ap", 0, RM_N_METRICS + 1000);
}
END_TEST

START_TEST(test_agg_out_of_range)
{
  rm_variant v;
  refused("mean:ap", 1, RM_AGG_MAX + 1);
  refused("mean:ap", 1, -1);
  refused("ap", 1, 1 << 20);
  ck_assert_int_eq(rm_variant_parse("ap", &v, NULL, 0), RM_OK);
  v.agg = RM_AGG_MAX + 1;
  ck_assert_int_eq(rm_variant_reads_set(&v), 0);
}
END_TEST

START_TEST(test_word_out_of_range)
{
  refused("auc[ties=average]", 2, 1000);
  refused("auc[ties=average]", 2, -1);
  refused("mean:ndcg@10", 2, 1 << 24);
}
END_TEST

START_TEST(test_null_and_buffer)
{
  rm_variant v;
  char buf[RM_NAME_MAX];
  size_t n;
  ck_assert_uint_eq(rm_variant_name(NULL, buf, sizeof buf), 0);
  ck_assert_str_eq(buf, "");
  ck_assert_int_eq(rm_variant_parse("ap", &v, NULL, 0), RM_OK);
  n = rm_variant_name(&v, buf, sizeof buf);
  ck_assert_uint_eq(rm_variant_name(&v, NULL, 0), n);
  ck_assert_uint_eq(rm_variant_name(&v, NULL, 5), n);
  ck_assert_uint_eq(strlen(buf), n);
  ck_assert(rm_ulp_bound(NULL) == 0);
  ck_assert_int_eq(rm_variant_reads_set(NULL), 0);
  rm_variant_default(NULL, RM_AP);
  rm_exact_init(NULL);
  rm_exact_clear(NULL);
  rm_work_init(NULL);
  rm_work_free(NULL);
}
END_TEST

START_TEST(test_work_half_missing)
{
  static const int g[] = {0, 1, 1};
  rm_list l = {3, g, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  rm_variant v;
  rm_work w;
  double x = -1;
  /* precision@2 of 0, 1, 1 in input order: 1/2 */
  ck_assert_int_eq(rm_variant_parse("precision@2", &v, NULL, 0), RM_OK);
  w.cap = 100; w.perm = malloc(100 * sizeof *w.perm); w.tmp = NULL;
  ck_assert_ptr_nonnull(w.perm);
  ck_assert_int_eq(rm_value(&v, &l, &w, &x), RM_OK);
  ck_assert(x == 0.5);
  rm_work_free(&w);
}
END_TEST

START_TEST(test_list_fields)
{
  static const int g[] = {1, 0};
  static const char *const lab[] = {"1", NULL};
  rm_list l = {2, NULL, NULL, NULL, 0, NULL, lab, NULL, NULL};
  rm_variant v;
  double x = -1;
  ck_assert_int_eq(rm_variant_parse("rmse", &v, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &x), RM_EGRADE);
  l.label = NULL;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &x), RM_EINVAL);
  l.grade = g; l.n_unretrieved = 2;
  ck_assert_int_eq(rm_value(&v, &l, NULL, &x), RM_EINVAL);
  ck_assert(x == -1);
}
END_TEST

START_TEST(test_label_kind)
{
  static const struct { const char *s; int kind, grade; } t[] = {
    {"0", RM_LABEL_GRADE, 0}, {"2", RM_LABEL_GRADE, 2}, {"+2", RM_LABEL_GRADE, 2},
    {"2.", RM_LABEL_GRADE, 2}, {"2.000", RM_LABEL_GRADE, 2}, {"-0", RM_LABEL_GRADE, 0},
    {"007", RM_LABEL_GRADE, 7}, {"100", RM_LABEL_GRADE, 100},
    {"-1", RM_LABEL_NEGATIVE, 0}, {"-2.0", RM_LABEL_NEGATIVE, 0},
    {"101", RM_LABEL_RATING, -1}, {"3.5", RM_LABEL_RATING, -1},
    {"1e2", RM_LABEL_RATING, -1}, {"10/3", RM_LABEL_RATING, -1},
    {"0.99999999999999999999", RM_LABEL_RATING, -1}, {"2.01", RM_LABEL_RATING, -1},
    {"99999999999999999999999", RM_LABEL_RATING, -1}, {".5", RM_LABEL_RATING, -1},
    {"0x10", RM_LABEL_BAD, -1}, {" 1", RM_LABEL_BAD, -1}, {"1 ", RM_LABEL_BAD, -1},
    {"inf", RM_LABEL_BAD, -1}, {"nan", RM_LABEL_BAD, -1}, {"1e999", RM_LABEL_BAD, -1},
    {"", RM_LABEL_BAD, -1}, {"+", RM_LABEL_BAD, -1}, {"1/0", RM_LABEL_BAD, -1},
    {"3,5", RM_LABEL_BAD, -1}, {"1e", RM_LABEL_BAD, -1}};
  size_t i;
  for (i = 0; i < sizeof t / sizeof t[0]; i++) {
    int g = -1;
    ck_assert_msg(rm_label_kind(t[i].s, &g) == t[i].kind, "label '%s'", t[i].s);
    if (t[i].grade >= 0) ck_assert_int_eq(g, t[i].grade);
  }
  ck_assert_int_eq(rm_label_kind(NULL, NULL), RM_LABEL_BAD);
  ck_assert_int_eq(rm_label_kind("4", NULL), RM_LABEL_GRADE);
}
END_TEST

START_TEST(test_label_cmp)
{
  ck_assert_int_eq(rm_label_cmp("3.5", "7/2"), 0);
  ck_assert_int_eq(rm_label_cmp("3.50", "35e-1"), 0);
  ck_assert_int_eq(rm_label_cmp("0.1", "0.10000000000000000001"), -1);
  ck_assert_int_eq(rm_label_cmp("10/3", "3.333333333333333333"), 1);
  ck_assert_int_eq(rm_label_cmp("-1", "0"), -1);
  ck_assert_int_eq(rm_label_cmp("x", "0"), -2);
  ck_assert_int_eq(rm_label_cmp("1", NULL), -2);
}
END_TEST

/* The whole part of a rating, as a threshold sees it: worked by hand. */
START_TEST(test_label_floor)
{
  static const struct { const char *s; int floor; } t[] = {
    {"3.5", 3}, {"0.99999999999999999999", 0}, {"1e0", 1}, {"7/3", 2},
    {"-0.5", 0}, {"-1", 0}, {"150", 100}, {"1e2", 100}, {"999e-1", 99},
    {"10/10", 1}, {"+.5", 0}, {"100.5", 100}, {"4", 4}, {"2.000", 2},
    {"19999999999999999999/10000000000000000000", 1}, {"x", -1}, {"", -1}};
  size_t i;
  for (i = 0; i < sizeof t / sizeof t[0]; i++)
    ck_assert_msg(rm_label_floor(t[i].s) == t[i].floor, "label '%s': %d, not %d",
      t[i].s, rm_label_floor(t[i].s), t[i].floor);
  ck_assert_int_eq(rm_label_floor(NULL), -1);
}
END_TEST

/* A mean over ratings counts a rating as relevant by its exact value:
   0.99999999999999999999 is below 1 (its nearest double is not), 1e0 and
   7/3 are not.  MAE 1/2 and 4/3 with the first user skipped: 11/12; weighed
   by positives, the same. */
START_TEST(test_ratings_relevant)
{
  static const char *const l1[] = {"0.99999999999999999999"}, *const l2[] = {"1e0"},
    *const l3[] = {"7/3"};
  static const double s1[] = {0.5}, s3[] = {1};
  rm_list q[3] = {{1, NULL, s1, NULL, 0, NULL, l1, NULL, NULL},
    {1, NULL, s1, NULL, 0, NULL, l2, NULL, NULL}, {1, NULL, s3, NULL, 0, NULL, l3, NULL, NULL}};
  const char *names[2] = {"mean[skip=norel]:mae", "mean[weight=positives]:mae"};
  int j;
  for (j = 0; j < 2; j++) {
    rm_variant v;
    rm_exact e;
    double x = -1;
    rm_exact_init(&e);
    ck_assert_int_eq(rm_variant_parse(names[j], &v, NULL, 0), RM_OK);
    ck_assert_int_eq(rm_value_set(&v, q, 3, NULL, &x), RM_OK);
    ck_assert_msg(x == 11.0 / 12, "%s: %.17g", names[j], x);
    ck_assert_int_eq(rm_value_set_exact(&v, q, 3, &e), RM_OK);
    ck_assert_str_eq(e.rational, "11/12");
    rm_exact_clear(&e);
  }
}
END_TEST

/* |name| of the list labelled |lab| with scores 1, 2, ...: both paths. */
static void corr_of(const char *name, const char *const *lab, size_t n, double want,
  const char *rational)
{
  static const double sc[] = {1, 2, 3, 4};
  rm_list l = {n, NULL, sc, NULL, 0, NULL, lab, NULL, NULL};
  rm_variant v;
  rm_exact e;
  double x = -9;
  ck_assert_int_eq(rm_variant_parse(name, &v, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &x), RM_OK);
  ck_assert_msg(fabs(x - want) <= 4e-16, "%s: %.17g, want %.17g", name, x, want);
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_msg(e.value == want, "%s exact: %.17g, want %.17g", name, e.value, want);
  if (rational) ck_assert_str_eq(e.rational, rational);
  rm_exact_clear(&e);
}

START_TEST(test_corr_ratings)
{
  static const char *const r[] = {"3.5", "4", "4.0"};
  static const char *const d[] = {"0.1", "0.10000000000000000001"};
  static const char *const h[] = {"7/2", "3.50"};
  corr_of("kendall[tau=a]", r, 3, 2.0 / 3, "2/3");
  corr_of("kendall", r, 3, 0.816496580927726, NULL); /* 2/sqrt(6) */
  corr_of("spearman", r, 3, 0.8660254037844386, NULL); /* sqrt(3)/2 */
  corr_of("kendall[tau=a]", d, 2, 1, "1");
  corr_of("kendall[tau=a]", h, 2, 0, "0");
}
END_TEST

/* Given similarities (rm_sim, eval --similarity): each text reads exactly
   or is refused; a pair serves both orders, is accepted again with its
   value and refused with another (the two calls named); ILS of a, b, c
   with s(a,b) = 1/2, s(a,c) = 1/3, s(b,c) = 1/4 is 13/36 exactly, and
   serendipity of b (relevant) and d after the history a is (1 - 1/2)/2,
   the pair b, d and d, a being absent (0). */
START_TEST(test_sim_table)
{
  static const char *const good[] = {"1/2", "-0.25", "1e-3", ".5", "5.", "+1/3", "0",
    "-2/7", "1E+2"};
  static const char *const bad[] = {"0x1p-1", "nan", "inf", "1e400", "1e-400", "1/0",
    " 1", "1 ", "", "+", "1e", "1e123456", "--1", "1/-2", "1,5", "/2", "1/"};
  static const char *const abc[] = {"a", "b", "c"}, *const bd[] = {"b", "d"};
  static const char *const h0[] = {"a"}, *const *const hist[] = {h0};
  static const size_t hn[] = {1};
  static const int g[] = {1, 0, 0};
  rm_sim *t = rm_sim_new();
  rm_list l = {0};
  rm_variant v;
  rm_exact e;
  size_t i, first = 9, second = 9;
  double x = -1;
  ck_assert_ptr_nonnull(t);
  for (i = 0; i < sizeof good / sizeof *good; i++)
    ck_assert_msg(rm_sim_add(t, "x", "y", good[i]) == RM_OK, "'%s' refused", good[i]);
  for (i = 0; i < sizeof bad / sizeof *bad; i++)
    ck_assert_msg(rm_sim_add(t, "x", "y", bad[i]) == RM_EFORMAT, "'%s' read", bad[i]);
  ck_assert_int_eq(rm_sim_add(t, "x", NULL, "1"), RM_EINVAL);
  ck_assert_int_eq(rm_sim_use(t, &first, &second), RM_EFORMAT); /* x y: 1/2, then -1/4 */
  ck_assert_uint_eq(first, 0); ck_assert_uint_eq(second, 1);
  rm_sim_free(t);
  t = rm_sim_new();
  ck_assert_int_eq(rm_sim_add(t, "a", "b", "1/2"), RM_OK);
  ck_assert_int_eq(rm_sim_add(t, "c", "a", "1/3"), RM_OK);
  ck_assert_int_eq(rm_sim_add(t, "b", "c", "0.25"), RM_OK);
  ck_assert_int_eq(rm_sim_add(t, "b", "a", "0.5"), RM_OK); /* again, one value */
  ck_assert_int_eq(rm_sim_use(t, NULL, NULL), RM_OK);
  ck_assert_int_eq(rm_variant_parse("ils", &v, NULL, 0), RM_OK);
  l.n = 3; l.grade = g; l.id = abc;
  rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_str_eq(e.rational, "13/36");
  ck_assert(e.value == 13.0 / 36);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &x), RM_OK);
  ck_assert_msg(fabs(x - 13.0 / 36) <= 0x1p-53, "ils double %.17g", x);
  ck_assert_int_eq(rm_variant_parse("serendipity", &v, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_history_use(hist, hn, 1), RM_OK);
  l.n = 2; l.id = bd;
  rm_exact_clear(&e); rm_exact_init(&e);
  ck_assert_int_eq(rm_value_exact(&v, &l, &e), RM_OK);
  ck_assert_str_eq(e.rational, "1/4");
  rm_history_use(NULL, NULL, 0);
  ck_assert_int_eq(rm_variant_parse("srecall", &v, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &x), RM_EINVAL); /* it counts features */
  ck_assert_int_eq(rm_sim_add(t, "a", "b", "0.4"), RM_OK);
  ck_assert_int_eq(rm_sim_use(t, &first, &second), RM_EFORMAT);
  ck_assert_uint_eq(first, 0); ck_assert_uint_eq(second, 4);
  ck_assert_int_eq(rm_variant_parse("ils", &v, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_value(&v, &l, NULL, &x), RM_EINVAL); /* no table named */
  rm_exact_clear(&e);
  rm_sim_use(NULL, NULL, NULL);
  rm_sim_free(t);
}
END_TEST

/* rm_feat_find and rm_sim_find, which eval's note on what the side inputs
   lack reads: an item's place among the table's distinct items in byte
   order, -1 for one it lacks and for every item before the table is used. */
START_TEST(test_side_find)
{
  rm_feat *f = rm_feat_new();
  rm_sim *t = rm_sim_new();
  ck_assert_ptr_nonnull(f); ck_assert_ptr_nonnull(t);
  ck_assert_int_eq(rm_feat_add(f, "b", "x", NULL), RM_OK);
  ck_assert_int_eq(rm_feat_add(f, "a", "y", "2"), RM_OK);
  ck_assert_int_eq(rm_feat_add(f, "b", "z", NULL), RM_OK);
  ck_assert_int_eq(rm_feat_find(f, "a"), -1); /* not yet used */
  ck_assert_int_eq(rm_feat_use(f), RM_OK);
  ck_assert_int_eq(rm_feat_find(f, "a"), 0);
  ck_assert_int_eq(rm_feat_find(f, "b"), 1);
  ck_assert_int_eq(rm_feat_find(f, "item_a"), -1);
  ck_assert_int_eq(rm_feat_find(NULL, "a"), -1);
  rm_feat_use(NULL); rm_feat_free(f);
  ck_assert_int_eq(rm_sim_add(t, "c", "a", "1/3"), RM_OK);
  ck_assert_int_eq(rm_sim_add(t, "b", "a", "1/2"), RM_OK);
  ck_assert_int_eq(rm_sim_find(t, "c"), -1);
  ck_assert_int_eq(rm_sim_use(t, NULL, NULL), RM_OK);
  ck_assert_int_eq(rm_sim_find(t, "a"), 0);
  ck_assert_int_eq(rm_sim_find(t, "b"), 1);
  ck_assert_int_eq(rm_sim_find(t, "c"), 2); /* named second in its pair */
  ck_assert_int_eq(rm_sim_find(t, "d"), -1);
  rm_sim_use(NULL, NULL, NULL); rm_sim_free(t);
}
END_TEST

Suite *suite_api(void)
{
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("heap");
  tcase_add_test(tc, test_variant_new);
  tcase_add_test(tc, test_side_find);
  tcase_add_test(tc, test_variant_new_refused);
  tcase_add_test(tc, test_variant_new_many);
  tcase_add_test(tc, test_gauc);
  suite_add_tcase(s, tc);
  tc = tcase_create("fields");
  tcase_add_test(tc, test_metric_out_of_range);
  tcase_add_test(tc, test_agg_out_of_range);
  tcase_add_test(tc, test_word_out_of_range);
  tcase_add_test(tc, test_null_and_buffer);
  tcase_add_test(tc, test_work_half_missing);
  tcase_add_test(tc, test_list_fields);
  suite_add_tcase(s, tc);
  tc = tcase_create("labels");
  tcase_add_test(tc, test_label_kind);
  tcase_add_test(tc, test_label_cmp);
  tcase_add_test(tc, test_label_floor);
  tcase_add_test(tc, test_ratings_relevant);
  tcase_add_test(tc, test_corr_ratings);
  suite_add_tcase(s, tc);
  tc = tcase_create("similarities");
  tcase_add_test(tc, test_sim_table);
  suite_add_tcase(s, tc);
  return s;
}
