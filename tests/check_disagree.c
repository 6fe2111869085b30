/* tests/check_disagree.c -- the disagreement engine (rm_disagree_metric,
   rm_disagree_variants) through its C interface.  The witnesses are worked
   by hand: first-hit RR against the mean of the reciprocal ranks of the
   relevant positions splits first on grades 1,1 (1 against (1+1/2)/2 =
   3/4) and against their sum on the same list (1 against 3/2); mean:ap
   against micro:ap splits on the set {0} | {1} (the mean counts the
   first query's undefined AP as 0: 1/2; the micro average pools 1/1).
   Each witness's two values are also recomputed by rm_value, the other
   path.  The engine has no static state: two threads running the same
   search get what one serial run gets, field by field.  Bad options and
   names come back as statuses with a message; an allocator that fails
   at its Nth call gives RM_ENOMEM and no results; a progress callback
   stops a run.  Suite: disagree. */
#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"

/* The pair of |d| whose labels are |la| and |lb|, copied into |q|. */
static int find_pair(const rm_disagreement *d, const char *la, const char *lb,
  rm_disagree_pair *q)
{
  size_t i;
  for (i = 0; i < rm_disagreement_pairs(d); i++) {
    ck_assert_int_eq(rm_disagreement_pair(d, i, q), RM_OK);
    if (strcmp(q->la, la) == 0 && strcmp(q->lb, lb) == 0) return 1;
  }
  return 0;
}

/* The double of variant |name| at cutoff |k| on the witness, by rm_value. */
static double by_value(const char *name, unsigned long k, const rm_disagree_space *s)
{
  rm_variant v;
  double x = -1;
  ck_assert_int_eq(rm_variant_parse(name, &v, NULL, 0), RM_OK);
  v.k = k;
  if (s->nq == 2) ck_assert(rm_value_set(&v, s->list, 2, NULL, &x) >= 0);
  else ck_assert(rm_value(&v, &s->list[0], NULL, &x) >= 0);
  return x;
}

START_TEST(test_rr_witnesses)
{
  rm_disagree_options o;
  rm_disagreement *d;
  rm_disagree_pair q;
  const rm_disagree_space *g = &q.space[RM_SPACE_GRADED];
  char msg[200];
  rm_disagree_defaults(&o);
  o.max_length = 3; o.population = 20;
  ck_assert_int_eq(rm_disagree_metric("mrr", &o, &d, msg, sizeof msg), RM_OK);
  ck_assert_int_eq(rm_disagreement_stopped(d), 0);
  ck_assert_int_eq(rm_disagreement_sets(d), 0);
  ck_assert(find_pair(d, "hits=first", "hits=mean", &q));
  ck_assert(q.named);
  ck_assert_int_eq(g->state, RM_SPLIT_WITNESS);
  ck_assert_int_eq(g->nq, 1);
  ck_assert_int_eq(g->list[0].n, 2);
  ck_assert(g->list[0].grade[0] == 1 && g->list[0].grade[1] == 1);
  ck_assert(g->list[0].score == NULL && g->list[0].n_unretrieved == 0 && g->k == 0);
  ck_assert_str_eq(g->text[0], "1");
  ck_assert_str_eq(g->text[1], "3/4");
  ck_assert(g->value[0] == 1.0 && g->value[1] == 0.75);
  ck_assert(g->status[0] == RM_OK && g->status[1] == RM_OK);
  ck_assert(by_value(q.a, g->k, g) == 1.0 && by_value(q.b, g->k, g) == 0.75);
  ck_assert_str_eq(g->list[0].id[0], "b");
  ck_assert_str_eq(g->variant[0], q.a); /* no cutoff: the names as they are */
  ck_assert(strncmp(g->variant[1], "rr[hits=mean,", 13) == 0);
  ck_assert_int_eq(q.space[RM_SPACE_BINARY].state, RM_SPLIT_WITNESS); /* 1,1 is binary */
  ck_assert_int_eq(q.space[RM_SPACE_COND].state, RM_SPLIT_OPEN); /* not claimed */
  ck_assert_int_eq(q.random, 20);
  ck_assert(q.random_done);
  ck_assert(q.split > 0 && q.split <= 20 && q.max > 0 && q.median <= q.max);
  ck_assert(find_pair(d, "hits=first", "hits=sum", &q));
  ck_assert_str_eq(g->text[0], "1");
  ck_assert_str_eq(g->text[1], "3/2");
  ck_assert(by_value(q.b, g->k, g) == 1.5);
  rm_disagreement_free(d);
  /* hr, hit=any against hit=recall: 1,1 at K=1, the variants named with it */
  ck_assert_int_eq(rm_disagree_metric("hr", &o, &d, msg, sizeof msg), RM_OK);
  ck_assert(find_pair(d, "hit=any", "hit=recall", &q));
  ck_assert_int_eq(g->k, 1);
  ck_assert(strncmp(g->variant[0], "hr@1[hit=any,", 13) == 0);
  ck_assert(strncmp(g->variant[1], "hr@1[hit=recall,", 16) == 0);
  ck_assert_str_eq(g->text[0], "1");
  ck_assert_str_eq(g->text[1], "1/2");
  rm_disagreement_free(d);
}
END_TEST

START_TEST(test_pairs)
{
  rm_disagree_options o;
  rm_disagreement *d;
  rm_disagree_pair q;
  const rm_disagree_space *g = &q.space[RM_SPACE_GRADED];
  rm_disagree_defaults(&o);
  o.population = 0;
  ck_assert_int_eq(rm_disagree_variants("mean:ap", "micro:ap", &o, &d, NULL, 0), RM_OK);
  ck_assert(rm_disagreement_sets(d));
  ck_assert_int_eq(rm_disagreement_pairs(d), 1);
  ck_assert_int_eq(rm_disagreement_pair(d, 0, &q), RM_OK);
  ck_assert_str_eq(q.la, "a");
  ck_assert_int_eq(g->state, RM_SPLIT_WITNESS);
  ck_assert_int_eq(g->tried, 50); /* the 50th set, as the tool's report says */
  ck_assert_int_eq(g->nq, 2);
  ck_assert(g->list[0].n == 1 && g->list[0].grade[0] == 0);
  ck_assert(g->list[1].n == 1 && g->list[1].grade[0] == 1);
  ck_assert_str_eq(g->text[0], "1/2");
  ck_assert_str_eq(g->text[1], "1");
  ck_assert(by_value(q.a, 0, g) == 0.5 && by_value(q.b, 0, g) == 1.0);
  ck_assert_int_eq(q.random, 0);
  ck_assert_int_eq(rm_disagreement_pair(d, 1, &q), RM_EINVAL);
  rm_disagreement_free(d);
  /* two names of one variant: no pair */
  ck_assert_int_eq(rm_disagree_variants("ap", "ap[norm=rel]", &o, &d, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_disagreement_pairs(d), 0);
  rm_disagreement_free(d);
  /* hr@10[hit=any] against recall@10: input 50, grade 1 with a judged item
     of grade 1 not retrieved: a hit (1) against half the relevant items */
  ck_assert_int_eq(rm_disagree_variants("hr@10[hit=any]", "recall@10", &o, &d, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_disagreement_pair(d, 0, &q), RM_OK);
  ck_assert_int_eq(g->tried, 50);
  ck_assert(g->list[0].n == 1 && g->list[0].grade[0] == 1);
  ck_assert(g->list[0].n_unretrieved == 1 && g->list[0].unretrieved_grade[0] == 1);
  ck_assert_str_eq(g->text[1], "1/2");
  rm_disagreement_free(d);
}
END_TEST

START_TEST(test_arguments)
{
  rm_disagree_options o;
  rm_disagreement *d = (rm_disagreement *) &o;
  char msg[200];
  rm_disagree_defaults(&o);
  ck_assert_int_eq(rm_disagree_metric("rr", &o, NULL, msg, sizeof msg), RM_EINVAL);
  ck_assert_int_eq(rm_disagree_metric(NULL, &o, &d, msg, sizeof msg), RM_EINVAL);
  ck_assert(d == NULL);
  o.max_length = 0;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, msg, sizeof msg), RM_EINVAL);
  ck_assert(strstr(msg, "length bound") != NULL);
  o.max_length = RM_DISAGREE_MAXN + 1;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, NULL, 0), RM_EINVAL);
  rm_disagree_defaults(&o); o.budget = -1;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, msg, sizeof msg), RM_EINVAL);
  ck_assert(strstr(msg, "budget") != NULL);
  o.budget = NAN;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, msg, sizeof msg), RM_EINVAL);
  o.budget = INFINITY;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, msg, sizeof msg), RM_EINVAL);
  rm_disagree_defaults(&o); o.population = -1;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, msg, sizeof msg), RM_EINVAL);
  ck_assert(strstr(msg, "population") != NULL);
  rm_disagree_defaults(&o); o.flags = 4;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, msg, sizeof msg), RM_EINVAL);
  rm_disagree_defaults(&o);
  ck_assert_int_eq(rm_disagree_metric("zz", &o, &d, msg, sizeof msg), RM_ENAME);
  ck_assert_str_eq(msg, "unknown metric 'zz'");
  ck_assert(d == NULL);
  ck_assert_int_eq(rm_disagree_variants("ap@3", "ap[norm=foo]", &o, &d, msg, sizeof msg),
    RM_ENAME);
  ck_assert(strncmp(msg, "bad variant name 'ap[norm=foo]': ", 33) == 0);
  ck_assert_int_eq(rm_disagree_variants("ap", "mean:ap", &o, &d, msg, sizeof msg), RM_EINVAL);
  ck_assert_str_eq(msg, "'mean:ap' is an aggregate, 'ap' is not;"
    " give both an aggregator (mean:ap) or neither");
  ck_assert_int_eq(rm_disagree_variants("ap", NULL, &o, &d, msg, sizeof msg), RM_EINVAL);
  ck_assert_int_eq(rm_disagreement_pairs(NULL), 0);
  ck_assert_int_eq(rm_disagreement_pair(NULL, 0, NULL), RM_EINVAL);
  rm_disagreement_free(NULL);
  /* the spaces, counted by hand (tests/disagree_test.sh): 19374 lists up to
     length 5; 9687 sets of one list and 33894 of two */
  ck_assert_int_eq(rm_disagree_space_size(5, 0), 19374);
  ck_assert_int_eq(rm_disagree_space_size(5, 2), 9687);
  ck_assert_int_eq(rm_disagree_space_size(5, 3), 33894);
  ck_assert_int_eq(rm_disagree_space_size(0, 0), -1);
  ck_assert_int_eq(rm_disagree_space_size(5, 4), -1);
  ck_assert_str_eq(rm_disagree_id(0), "b");
  ck_assert_str_eq(rm_disagree_id(2), "a");
  ck_assert(rm_disagree_id(RM_DISAGREE_MAXN) == NULL && rm_disagree_id(-1) == NULL);
}
END_TEST

static int calls_seen;
static int stop_now(void *ctx, const rm_disagree_progress *p)
{
  int *n = ctx;
  ck_assert_str_eq(p->metric, "ndcg");
  ck_assert_int_eq(p->phase, RM_DISAGREE_LISTS);
  ck_assert_int_eq(p->done % 512, 0);
  return ++*n >= 2;
}

START_TEST(test_stop)
{
  rm_disagree_options o;
  rm_disagreement *d;
  rm_disagree_pair q;
  size_t i, open = 0;
  rm_disagree_defaults(&o);
  o.max_length = 6; o.progress = stop_now; o.ctx = &calls_seen;
  calls_seen = 0;
  ck_assert_int_eq(rm_disagree_metric("ndcg", &o, &d, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_disagreement_stopped(d), 2);
  ck_assert_int_eq(calls_seen, 2);
  for (i = 0; i < rm_disagreement_pairs(d); i++) {
    rm_disagreement_pair(d, i, &q);
    open += q.space[RM_SPACE_GRADED].state == RM_SPLIT_OPEN
      || q.space[RM_SPACE_BINARY].state == RM_SPLIT_OPEN;
    ck_assert_int_eq(q.random, 0); /* no population after a stop */
  }
  ck_assert_uint_gt(open, 0);
  rm_disagreement_free(d);
  rm_disagree_defaults(&o);
  o.max_length = 8; o.budget = 1e-9;
  ck_assert_int_eq(rm_disagree_metric("ndcg", &o, &d, NULL, 0), RM_OK);
  ck_assert_int_eq(rm_disagreement_stopped(d), 1);
  rm_disagreement_free(d);
  /* no flags: the pairs are set up, nothing searched */
  rm_disagree_defaults(&o);
  o.flags = 0; o.population = 0;
  ck_assert_int_eq(rm_disagree_metric("rr", &o, &d, NULL, 0), RM_OK);
  ck_assert_uint_gt(rm_disagreement_pairs(d), 2);
  rm_disagreement_pair(d, 0, &q);
  ck_assert(q.space[RM_SPACE_GRADED].state == RM_SPLIT_OPEN && q.space[RM_SPACE_GRADED].tried == 0);
  rm_disagreement_free(d);
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
  for (n = 1; n < 1000 && !ok; n++) {
    rm_disagree_options o;
    rm_disagreement *d = NULL;
    char msg[100];
    rm_status s;
    rm_disagree_defaults(&o);
    o.max_length = 2; o.population = 5; o.alloc = failing;
    calls = 0; fail_at = n;
    s = rm_disagree_metric("gauc", &o, &d, msg, sizeof msg);
    ck_assert(s == RM_OK || s == RM_ENOMEM);
    if (s == RM_ENOMEM) {
      ck_assert(d == NULL);
      ck_assert_str_eq(msg, "out of memory");
    } else {
      ck_assert(calls < n);
      ok = 1;
      ck_assert_uint_eq(rm_disagreement_pairs(d), 4);
      rm_disagreement_free(d);
    }
  }
  ck_assert(ok);
  ck_assert_int_gt(n, 3); /* the run's blocks were reached */
}
END_TEST

typedef struct { const char *metric; rm_disagreement *d; rm_status s; } job;
static void *run(void *arg)
{
  job *j = arg;
  rm_disagree_options o;
  rm_disagree_defaults(&o);
  o.max_length = 3; o.population = 20;
  j->s = rm_disagree_metric(j->metric, &o, &j->d, NULL, 0);
  return NULL;
}
static void same_results(const rm_disagreement *x, const rm_disagreement *y)
{
  size_t i, k;
  int sp, side;
  ck_assert_uint_eq(rm_disagreement_pairs(x), rm_disagreement_pairs(y));
  for (i = 0; i < rm_disagreement_pairs(x); i++) {
    rm_disagree_pair p, q;
    rm_disagreement_pair(x, i, &p); rm_disagreement_pair(y, i, &q);
    ck_assert_str_eq(p.a, q.a); ck_assert_str_eq(p.b, q.b);
    ck_assert(p.random == q.random && p.split == q.split && p.random_done == q.random_done);
    ck_assert(p.median == q.median && p.max == q.max);
    for (sp = 0; sp < RM_SPACES; sp++) {
      const rm_disagree_space *s = &p.space[sp], *t = &q.space[sp];
      ck_assert(s->state == t->state && s->tried == t->tried && s->near == t->near);
      ck_assert(s->nq == t->nq && s->k == t->k);
      for (k = 0; k < s->nq; k++) {
        ck_assert_uint_eq(s->list[k].n, t->list[k].n);
        ck_assert(memcmp(s->list[k].grade, t->list[k].grade, s->list[k].n * sizeof(int)) == 0);
      }
      if (s->state == RM_SPLIT_WITNESS)
        for (side = 0; side < 2; side++) ck_assert_str_eq(s->text[side], t->text[side]);
    }
  }
}

START_TEST(test_threads)
{
  job serial = {"ndcg", NULL, RM_OK}, par[2] = {{"ndcg", NULL, RM_OK}, {"ndcg", NULL, RM_OK}};
  pthread_t t[2];
  int k;
  run(&serial);
  ck_assert_int_eq(serial.s, RM_OK);
  for (k = 0; k < 2; k++) ck_assert_int_eq(pthread_create(&t[k], NULL, run, &par[k]), 0);
  for (k = 0; k < 2; k++) ck_assert_int_eq(pthread_join(t[k], NULL), 0);
  for (k = 0; k < 2; k++) {
    ck_assert_int_eq(par[k].s, RM_OK);
    same_results(serial.d, par[k].d);
    rm_disagreement_free(par[k].d);
  }
  rm_disagreement_free(serial.d);
}
END_TEST

Suite *suite_disagree(void)
{
  Suite *s = suite_create("disagree");
  TCase *tc = tcase_create("engine");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, test_rr_witnesses);
  tcase_add_test(tc, test_pairs);
  tcase_add_test(tc, test_arguments);
  tcase_add_test(tc, test_stop);
  tcase_add_test(tc, test_nomem);
  tcase_add_test(tc, test_threads);
  suite_add_tcase(s, tc);
  return s;
}
