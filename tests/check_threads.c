/* Thread safety: the library keeps no hidden state, so four threads that call
   rm_value, rm_value_exact, rm_variant_parse, rm_variant_name and
   rm_variant_help at the same time get exactly what one thread gets alone.
   The reference results are computed first, single-threaded; then four
   pthreads each go over every (variant, list) pair, starting at different
   places so that different metrics and precisions run side by side, and
   count every result that differs from the reference in any bit (the
   double, the status, the exact rational, the 40-digit decimal, the
   canonical name, the help text).  Run under valgrind (make check-valgrind)
   it also shows that the exact path leaves no MPFR cache behind when a
   thread ends. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"

#define NT 4        /* threads */
#define NL 64       /* random lists */
#define MAXN 24     /* longest list */
#define MAXU 4      /* most unretrieved judged grades */
#define ROUNDS 1    /* passes of each thread over all pairs */

static const char *const names[] = {
  "ndcg@10", "ndcg[gain=exp2,ideal=list,ties=average]", "ndcg@5[ideal=topk]",
  "dcg@10[discount=jk,base=3]", "idcg@5[gain=exp2]", "cg@5",
  "precision@5", "recall@10[ties=average]", "f@5[beta2=4]", "rprec", "hr@5",
  "rr", "rr@10[ties=pessimistic]", "ap", "ap@10[norm=min]", "ap11@3",
  "auc[ties=average]", "err@3[gmax=4]", "accuracy[cut=1/2]", "mae",
  "spearman", "kendall[tau=a]", "mean:ndcg@10", "micro:precision@5"
};
#define NV (sizeof names / sizeof names[0])

typedef struct {
  size_t n, nu;
  int grade[MAXN], ugrade[MAXU];
  double score[MAXN];
  char idbuf[MAXN][8];
  const char *id[MAXN];
  rm_list l;
} tlist;

typedef struct {
  rm_status sd, sx;
  double d, x;
  char rational[256];
  char decimal[RM_DECIMAL_MAX];
} result;

static tlist lists[NL];
static rm_variant variants[NV];
static char canon[NV][RM_NAME_MAX];
static result ref[NV][NL];
static char *help_ref;
static size_t help_len;

static uint64_t splitmix64(uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void make_lists(void)
{
  uint64_t seed = 20241122;
  size_t j, i;
  for (j = 0; j < NL; j++) {
    tlist *t = &lists[j];
    t->n = (size_t) (splitmix64(&seed) % (MAXN + 1));
    t->nu = (size_t) (splitmix64(&seed) % (MAXU + 1));
    for (i = 0; i < t->n; i++) {
      t->grade[i] = (int) (splitmix64(&seed) % 5);
      /* a few score levels, so that ties are common */
      t->score[i] = (double) (splitmix64(&seed) % 6) / 5.0;
      snprintf(t->idbuf[i], sizeof t->idbuf[i], "d%u", (unsigned) (splitmix64(&seed) % 1000));
      t->id[i] = t->idbuf[i];
    }
    for (i = 0; i < t->nu; i++) t->ugrade[i] = (int) (splitmix64(&seed) % 4);
    t->l.n = t->n;
    t->l.grade = t->grade;
    t->l.score = t->score;
    t->l.id = t->id; t->l.label = NULL; t->l.unjudged = NULL;
    t->l.n_unretrieved = t->nu;
    t->l.unretrieved_grade = t->ugrade;
  }
}

static void compute(const rm_variant *v, const rm_list *l, rm_work *w, result *r)
{
  rm_exact e;
  memset(r, 0, sizeof *r);
  r->d = r->x = -1.0;
  r->sd = rm_value(v, l, w, &r->d);
  rm_exact_init(&e);
  r->sx = rm_value_exact(v, l, &e);
  if (r->sx >= 0) {
    r->x = e.value;
    snprintf(r->rational, sizeof r->rational, "%s", e.rational ? e.rational : "-");
    memcpy(r->decimal, e.decimal, sizeof r->decimal);
  }
  rm_exact_clear(&e);
}

static int same(const result *a, const result *b)
{
  return a->sd == b->sd && a->sx == b->sx
    && memcmp(&a->d, &b->d, sizeof a->d) == 0
    && memcmp(&a->x, &b->x, sizeof a->x) == 0
    && strcmp(a->rational, b->rational) == 0
    && strcmp(a->decimal, b->decimal) == 0;
}

static void *worker(void *arg)
{
  size_t t = (size_t) (uintptr_t) arg, bad = 0, round, k;
  size_t total = NV * NL;
  rm_work w;
  char *help = malloc(help_len + 1);
  rm_work_init(&w);
  for (round = 0; round < ROUNDS; round++)
    for (k = 0; k < total; k++) {
      /* thread t starts a quarter of the way further than thread t-1 */
      size_t q = (k + t * total / NT + round * 7) % total;
      size_t vi = q % NV, li = q / NV;
      rm_variant v;
      char msg[256], name[RM_NAME_MAX];
      result r;
      if (rm_variant_parse(names[vi], &v, msg, sizeof msg) != RM_OK) { bad++; continue; }
      rm_variant_name(&v, name, sizeof name);
      if (strcmp(name, canon[vi]) != 0) bad++;
      compute(&v, &lists[li].l, (k & 1) ? &w : NULL, &r);
      if (!same(&r, &ref[vi][li])) bad++;
      if (k % 97 == 0) {
        /* a refused name: the message must come back whole */
        if (rm_variant_parse("ndgc@10", &v, msg, sizeof msg) != RM_ENAME || msg[0] == '\0') bad++;
        if (help == NULL || rm_variant_help(help, help_len + 1) != help_len
            || strcmp(help, help_ref) != 0) bad++;
      }
    }
  rm_work_free(&w);
  free(help);
  return (void *) (uintptr_t) bad;
}

START_TEST(test_threads_agree)
{
  pthread_t th[NT];
  size_t vi, li, t, bad = 0;
  char msg[256];
  make_lists();
  help_len = rm_variant_help(NULL, 0);
  ck_assert_uint_gt(help_len, 0);
  help_ref = malloc(help_len + 1);
  ck_assert_ptr_nonnull(help_ref);
  ck_assert_uint_eq(rm_variant_help(help_ref, help_len + 1), help_len);
  ck_assert_uint_eq(strlen(help_ref), help_len);
  for (vi = 0; vi < NV; vi++) {
    ck_assert_msg(rm_variant_parse(names[vi], &variants[vi], msg, sizeof msg) == RM_OK,
                  "%s: %s", names[vi], msg);
    ck_assert_uint_lt(rm_variant_name(&variants[vi], canon[vi], sizeof canon[vi]), RM_NAME_MAX);
    for (li = 0; li < NL; li++) compute(&variants[vi], &lists[li].l, NULL, &ref[vi][li]);
  }
  for (t = 0; t < NT; t++)
    ck_assert_int_eq(pthread_create(&th[t], NULL, worker, (void *) (uintptr_t) t), 0);
  for (t = 0; t < NT; t++) {
    void *r;
    ck_assert_int_eq(pthread_join(th[t], &r), 0);
    bad += (size_t) (uintptr_t) r;
  }
  free(help_ref);
  ck_assert_msg(bad == 0, "%zu results differ from the single-threaded ones", bad);
}
END_TEST

/* The help text is written into the caller's buffer only: a short buffer gets
   a truncated, terminated prefix and the full length, as snprintf does. */
START_TEST(test_help_truncates)
{
  size_t n = rm_variant_help(NULL, 0);
  char small[16], *full = malloc(n + 1);
  ck_assert_ptr_nonnull(full);
  memset(small, 'x', sizeof small);
  ck_assert_uint_eq(rm_variant_help(small, sizeof small), n);
  ck_assert_uint_eq(strlen(small), sizeof small - 1);
  ck_assert_uint_eq(rm_variant_help(full, n + 1), n);
  ck_assert_int_eq(strncmp(small, full, sizeof small - 1), 0);
  free(full);
}
END_TEST

Suite *suite_threads(void)
{
  Suite *s = suite_create("threads");
  TCase *tc = tcase_create("threads");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_threads_agree);
  tcase_add_test(tc, test_help_truncates);
  suite_add_tcase(s, tc);
  return s;
}
