/* tests/check_api.c -- Check tests of the interface that does not depend on
   the layout of rm_variant: rm_variant_new and rm_variant_free (the section
   "Variants on the heap"), and the spelling gauc of the aggregation part.

   Expected values are worked by hand:
   - precision@2 of the grades 1, 0, 1 in input order is 1/2 = 0.5;
   - the three GAUC users of the book (4 impressions with 1 click above the
     3 others: AUC 1; 3 impressions with clicks at .8 and .4 around a
     non-click at .6: AUC 1/2; 2 impressions without a click: left out),
     weighted by impressions: (4*1 + 3*(1/2)) / (4 + 3) = 5.5/7 = 11/14.

   Suite api; case heap. */

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"

START_TEST(test_variant_new)
{
  static const int g[] = {1, 0, 1};
  rm_list l = {3, g, NULL, NULL, 0, NULL, NULL, NULL};
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
  rm_list q[3] = {{4, g1, s1, NULL, 0, NULL, NULL, NULL}, {3, g2, s2, NULL, 0, NULL, NULL, NULL},
    {2, g3, s3, NULL, 0, NULL, NULL, NULL}};
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

Suite *suite_api(void)
{
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("heap");
  tcase_add_test(tc, test_variant_new);
  tcase_add_test(tc, test_variant_new_refused);
  tcase_add_test(tc, test_variant_new_many);
  tcase_add_test(tc, test_gauc);
  suite_add_tcase(s, tc);
  return s;
}
