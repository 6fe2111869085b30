/* tests/check_verify.c -- the verification engine (rm_verifier) through its
   C interface, on the committed vectors of the family rr.  The expected
   values are worked by hand: rr:1 ranks grades 1,0,0,0,0, so its
   reciprocal rank is 1; rr:2 ranks 0,1,0,0,0, so 1/2.  An allocator that
   fails at its Nth call shows that every failure comes back as RM_ENOMEM
   (never a crash, never a wrong verdict), and two threads with a verifier
   each get the same verdicts.  Suite: verify. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"

#define VEC_DIR "vectors"

static rm_status add(rm_verifier *v, const char *text, long line)
{
  char buf[256];
  snprintf(buf, sizeof buf, "%s", text);
  return rm_verifier_add_line(v, buf, strlen(buf), "t", line);
}

START_TEST(test_verdicts)
{
  rm_verifier *v;
  rm_verdict d;
  rm_verify_group g;
  size_t i, n = 0;
  ck_assert_int_eq(rm_verifier_new(VEC_DIR, &v), RM_OK);
  ck_assert_int_eq(add(v, "rr:1 1 # by hand", 1), RM_OK);
  ck_assert_int_eq(add(v, "  ", 2), RM_OK);
  ck_assert_int_eq(add(v, "rr:2 0x1.0000000000001p-1", 3), RM_OK);
  ck_assert_int_eq(rm_verifier_lines(v), 2);
  ck_assert_int_eq(add(v, "rr:1 1", 4), RM_EFORMAT);
  ck_assert(strstr(rm_verifier_message(v), "given twice (first at t:1)") != NULL);
  ck_assert_int_eq(add(v, "nosuch:1 1", 5), RM_EFORMAT);
  ck_assert_int_eq(rm_verifier_add(v, "rr", 3, RM_GIVEN_INVALID, 0, "t", 6), RM_OK);
  for (i = 0; i < rm_verifier_tests(v); i++) {
    ck_assert_int_eq(rm_verifier_verdict(v, i, &d), RM_OK);
    if (d.verdict == RM_VERDICT_NONE) continue;
    n++;
    if (d.tcid == 1) {
      ck_assert(d.expected == 1.0 && d.observed == 1.0);
      ck_assert_int_eq(d.verdict, RM_VERDICT_EXACT);
    } else if (d.tcid == 2) {
      ck_assert(d.expected == 0.5);
      ck_assert(d.ulps == 1);
      ck_assert_int_eq(d.verdict, RM_VERDICT_WRONG);
    }
  }
  ck_assert_int_eq(n, 3);
  ck_assert_int_eq(rm_verifier_group(v, 0, &g), RM_OK);
  ck_assert_str_eq(g.family, "rr");
  rm_verifier_set_tolerance(v, 1, 0, 0);
  for (i = 0; i < rm_verifier_tests(v); i++) {
    rm_verifier_verdict(v, i, &d);
    if (d.tcid == 2) ck_assert_int_eq(d.verdict, RM_VERDICT_WITHIN);
  }
  ck_assert_int_eq(rm_verifier_verdict(v, rm_verifier_tests(v), &d), RM_EINVAL);
  rm_verifier_free(v);
  ck_assert_int_eq(rm_verifier_new("/nonexistent", &v), RM_OK);
  ck_assert_int_eq(add(v, "rr:1 1", 1), RM_EVECTORS);
  ck_assert(strstr(rm_verifier_message(v), "cannot open") != NULL);
  rm_verifier_free(v);
}
END_TEST

/* A tie order of its own (issue 25): one test of the variant rr (ties by
   input order) of a vectors directory of our own, grades 0,1 under tied
   scores.  By input order the relevant item is second: 1/2; reversed, or
   optimistically, it is first: 1; pessimistically second: 1/2.  A
   candidate that says 1 is explained by ties=reverse, not by ties=input,
   and lies between the two bounds; one that says 3 lies outside them. */
static rm_verifier *own_rr(char *dir)
{
  char path[64];
  FILE *f;
  rm_verifier *v;
  ck_assert(mkdtemp(dir) != NULL);
  snprintf(path, sizeof path, "%s/rr_test.txt", dir);
  ck_assert((f = fopen(path, "w")) != NULL);
  fputs("[variant = rr[hits=first,rel=1,ties=input,undef=zero]]\n\ntcId = 1\n"
    "comment = check_verify\nflags = Ties\ngrades = 0,1\nscores = 0.5,0.5\nids = none\n"
    "judged =\nresult = valid\nstatus = ok\nvalue = 0x1p-1\ndecimal = 0.5\n"
    "rational = 1/2\n", f);
  fclose(f);
  ck_assert_int_eq(rm_verifier_new(dir, &v), RM_OK);
  return v;
}
static void own_rr_free(rm_verifier *v, const char *dir)
{
  char path[64];
  rm_verifier_free(v);
  snprintf(path, sizeof path, "%s/rr_test.txt", dir);
  remove(path); remove(dir);
}
START_TEST(test_tie_free)
{
  char dir[] = "/tmp/check_verify.XXXXXX";
  rm_verifier *v = own_rr(dir);
  int yes = -1, count = -1;
  ck_assert_int_eq(add(v, "rr:1 1", 1), RM_OK);
  ck_assert_int_eq(rm_verifier_explains(v, 0, "rr[ties=reverse]", &yes), RM_OK);
  ck_assert_int_eq(yes, 1);
  ck_assert_int_eq(rm_verifier_explains(v, 0, "rr", &yes), RM_OK);
  ck_assert_int_eq(yes, 0);
  ck_assert_int_eq(rm_verifier_explains(v, 0, "nosuch", &yes), RM_ENAME);
  ck_assert_int_eq(rm_verifier_explains(v, 1, "rr", &yes), RM_EINVAL);
  ck_assert_int_eq(rm_verifier_tie_free(v, 0,
    "rr[hits=first,rel=1,ties=input,undef=zero]", &count), RM_OK);
  ck_assert_int_eq(count, 1);
  ck_assert_int_eq(rm_verifier_tie_free(v, 0, "rr@1[hits=first,rel=1,ties=input,"
    "undef=zero]", &count), RM_OK);
  ck_assert_int_eq(count, 1); /* @1: 0 or 1, and 1 it is */
  ck_assert_int_eq(rm_verifier_tie_free(v, 0, "mae", &count), RM_ENAME); /* no ties= */
  ck_assert_int_eq(rm_verifier_tie_free(v, 1, "rr[ties=input]", &count), RM_EINVAL);
  own_rr_free(v, dir);
  strcpy(dir, "/tmp/check_verify.XXXXXX");
  v = own_rr(dir);
  ck_assert_int_eq(add(v, "rr:1 3", 1), RM_OK);
  ck_assert_int_eq(rm_verifier_tie_free(v, 0, "rr[ties=input]", &count), RM_OK);
  ck_assert_int_eq(count, 0);
  own_rr_free(v, dir);
}
END_TEST

/* A null verifier, a null line and a tolerance that is no tolerance: the
   getters of a null verifier crashed (rm_verifier_tests(NULL) read
   v->nvec), a null line reached memchr, and NaN, an infinite or a negative
   tolerance was taken, a verification that fails every result or passes
   every one (rr:2 given as 0, its value 1/2, passed under ulps = inf). */
START_TEST(test_hostile_arguments)
{
  rm_verifier *v;
  rm_verdict d;
  size_t i;
  const double bad[] = {-1, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
  ck_assert_int_eq(rm_verifier_tests(NULL), 0);
  ck_assert_int_eq(rm_verifier_groups(NULL), 0);
  ck_assert_int_eq(rm_verifier_lines(NULL), 0);
  ck_assert_str_eq(rm_verifier_message(NULL), "");
  ck_assert_int_eq(rm_verifier_set_tolerance(NULL, 1, 0, 0), RM_EINVAL);
  rm_verifier_set_alloc(NULL, NULL);
  rm_verifier_set_loader(NULL, NULL, NULL);
  ck_assert_int_eq(rm_verifier_add_line(NULL, NULL, 0, "t", 1), RM_EINVAL);
  ck_assert_int_eq(rm_verifier_add(NULL, "rr", 1, RM_GIVEN_NUMBER, 1, "t", 1), RM_EINVAL);
  ck_assert_int_eq(rm_verifier_load(NULL, "rr"), RM_EINVAL);
  ck_assert_int_eq(rm_verifier_vectors_line(NULL, "rr", NULL, 0, 1), RM_EINVAL);
  ck_assert_int_eq(rm_verifier_vectors_end(NULL, "rr"), RM_EINVAL);
  ck_assert(rm_verifier_explain_limit(NULL) >= 0);
  ck_assert_int_eq(rm_verifier_new(VEC_DIR, &v), RM_OK);
  ck_assert_int_eq(rm_verifier_add_line(v, NULL, 0, "t", 1), RM_EINVAL);
  ck_assert_int_eq(rm_verifier_vectors_line(v, "rr", NULL, 0, 1), RM_EINVAL);
  ck_assert_int_eq(rm_verifier_load(v, NULL), RM_EINVAL);
  /* a vectors line or end outside a loader's call: the end finished the
     last family's tests again, and leaked their lists */
  {
    char line[] = "tcId = 1";
    ck_assert_int_eq(rm_verifier_vectors_line(v, "rr", line, strlen(line), 1), RM_EINVAL);
    ck_assert_int_eq(rm_verifier_vectors_end(v, "rr"), RM_EINVAL);
  }
  ck_assert_int_eq(rm_verifier_vectors_line(v, NULL, NULL, 0, 1), RM_EINVAL);
  ck_assert_int_eq(add(v, "rr:2 0", 1), RM_OK);
  for (i = 0; i < sizeof bad / sizeof *bad; i++) {
    ck_assert_int_eq(rm_verifier_set_tolerance(v, bad[i], 0, 0), RM_EINVAL);
    ck_assert_int_eq(rm_verifier_set_tolerance(v, 0, bad[i], 1), RM_EINVAL);
  }
  ck_assert_int_eq(rm_verifier_set_tolerance(v, 0, 0.5, 2), RM_EINVAL);
  ck_assert(strstr(rm_verifier_message(v), "tolerance") != NULL);
  /* the tolerance stayed 0 ulps: 0 is wrong for 1/2 */
  for (i = 0; i < rm_verifier_tests(v); i++) {
    ck_assert_int_eq(rm_verifier_verdict(v, i, &d), RM_OK);
    if (d.tcid == 2) ck_assert_int_eq(d.verdict, RM_VERDICT_WRONG);
  }
  /* a relative error of 1 does hold 0 against 1/2: |0 - 1/2| <= 1/2 */
  ck_assert_int_eq(rm_verifier_set_tolerance(v, 0, 1, 1), RM_OK);
  for (i = 0; i < rm_verifier_tests(v); i++) {
    rm_verifier_verdict(v, i, &d);
    if (d.tcid == 2) ck_assert_int_eq(d.verdict, RM_VERDICT_WITHIN);
  }
  rm_verifier_free(v);
}
END_TEST

static long fail_at, calls;
static void *failing(void *p, size_t n)
{
  return ++calls == fail_at ? NULL : realloc(p, n);
}

START_TEST(test_nomem)
{
  long n;
  int ok = 0;
  for (n = 1; n < 100000 && !ok; n++) {
    rm_verifier *v;
    rm_explanation own;
    size_t ne;
    int given;
    rm_status s;
    ck_assert_int_eq(rm_verifier_new(VEC_DIR, &v), RM_OK);
    rm_verifier_set_alloc(v, failing);
    calls = 0; fail_at = n;
    s = add(v, "rr:2 0.25", 1);
    if (s == RM_OK) s = rm_verifier_explain(v, 0, &own, &ne, &given);
    ck_assert(s == RM_OK || s == RM_ENOMEM);
    if (s == RM_OK && calls < n) {
      ok = 1;
      ck_assert_int_eq(given, 1); /* the search ran to its end */
    }
    rm_verifier_free(v);
  }
  ck_assert_msg(ok, "no run without a failure");
  ck_assert_int_gt(n, 10); /* the allocations were reached */
}
END_TEST

static void *worker(void *arg)
{
  rm_verifier *v;
  rm_verdict d;
  size_t i;
  double *sum = arg;
  *sum = 0;
  if (rm_verifier_new(VEC_DIR, &v) != RM_OK) return NULL;
  for (i = 1; i <= 40; i++) {
    char line[64];
    snprintf(line, sizeof line, "rr:%lu 0.5", (unsigned long) i);
    if (add(v, line, (long) i) != RM_OK) *sum -= 1000;
  }
  for (i = 0; i < rm_verifier_tests(v); i++) {
    rm_verifier_verdict(v, i, &d);
    if (d.verdict != RM_VERDICT_NONE) *sum += d.verdict * 100.0 + d.ulps;
  }
  rm_verifier_free(v);
  return NULL;
}

START_TEST(test_threads)
{
  pthread_t t[4];
  double sum[4], one;
  int k;
  worker(&one);
  for (k = 0; k < 4; k++) pthread_create(&t[k], NULL, worker, &sum[k]);
  for (k = 0; k < 4; k++) pthread_join(t[k], NULL);
  ck_assert(one > 0);
  for (k = 0; k < 4; k++) ck_assert(sum[k] == one);
}
END_TEST

Suite *suite_verify(void)
{
  Suite *s = suite_create("verify");
  TCase *tc = tcase_create("verifier");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, test_verdicts);
  tcase_add_test(tc, test_nomem);
  tcase_add_test(tc, test_hostile_arguments);
  tcase_add_test(tc, test_threads);
  tcase_add_test(tc, test_tie_free);
  suite_add_tcase(s, tc);
  return s;
}
