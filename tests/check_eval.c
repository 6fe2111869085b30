/* The library's door to eval's engine (rm_eval_files): values worked by hand
   on small judgments, runs and a CSV file that the test writes, the statuses
   and messages of errors (a missing file, a short line, a bad name), the
   allocator failed at every call in turn (RM_ENOMEM each time, no descriptor
   left open, then the right values; under valgrind no block lost either),
   a run that is not grouped (its abandoned pass gives nothing), two evaluators in two threads, and progress reports, one of which asks
   to stop (RM_ESTOP, no value). */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rankmetrics.h"

static char dir[64];
static char qrels[96], run[96], shuffled[96], csv[96], shortline[96];

static void put(const char *path, const char *text)
{
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  ck_assert_int_eq(fclose(f), 0);
}

/* q1: d1 (grade 1), d2 (0), d3 (1) ranked in that order; q2: d4 (0) then
   d1 (2).  AP: q1 (1/1 + 2/3)/2 = 5/6, q2 (1/2)/1 = 1/2, mean 2/3.
   P@2: 1/2 and 1/2.  RR: 1 and 1/2, mean 3/4. */
static void setup(void)
{
  strcpy(dir, "/tmp/check_evalXXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(qrels, sizeof qrels, "%s/qrels", dir);
  snprintf(run, sizeof run, "%s/run", dir);
  snprintf(shuffled, sizeof shuffled, "%s/shuffled", dir);
  snprintf(csv, sizeof csv, "%s/d.csv", dir);
  snprintf(shortline, sizeof shortline, "%s/short", dir);
  put(qrels, "q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 1\nq2 0 d1 2\nq2 0 d4 0\n");
  put(run, "q1 Q0 d1 1 3.0 t\nq1 Q0 d2 2 2.0 t\nq1 Q0 d3 3 1.0 t\n"
    "q2 Q0 d4 1 2.0 t\nq2 Q0 d1 2 1.0 t\n");
  put(shuffled, "q1 Q0 d1 1 3.0 t\nq2 Q0 d4 1 2.0 t\nq1 Q0 d2 2 2.0 t\n"
    "q2 Q0 d1 2 1.0 t\nq1 Q0 d3 3 1.0 t\n");
  put(csv, "user,item,label,score\nu1,a,1,0.9\nu1,b,0,0.8\nu1,c,1,0.1\n"
    "u2,a,0,0.5\nu2,d,2,0.4\n");
  put(shortline, "q1 Q0 d1 1 3.0 t\nq1 Q0 d2\n");
}
static void teardown(void)
{
  unlink(qrels); unlink(run); unlink(shuffled); unlink(csv); unlink(shortline);
  rmdir(dir);
}

/* What the callback received: up to 16 values. */
typedef struct {
  int n, measure[16], undefined[16], skipped[16];
  char query[16][8];
  double x[16];
} got;
static void collect(void *ctx, int measure, const char *query, double x,
  int undefined, int skipped)
{
  got *g = ctx;
  ck_assert_int_lt(g->n, 16);
  g->measure[g->n] = measure;
  snprintf(g->query[g->n], sizeof g->query[0], "%s", query ? query : "(all)");
  g->x[g->n] = x; g->undefined[g->n] = undefined; g->skipped[g->n] = skipped;
  g->n++;
}
static double find(const got *g, int measure, const char *query)
{
  int i;
  for (i = 0; i < g->n; i++)
    if (g->measure[i] == measure && strcmp(g->query[i], query) == 0) return g->x[i];
  ck_abort_msg("no value of measure %d for %s", measure, query);
  return 0;
}

static const char *const trio[] = {"ap", "precision@2", "rr"};

START_TEST(trec_by_hand)
{
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  got g;
  memset(&o, 0, sizeof o); memset(&g, 0, sizeof g);
  o.measures = trio; o.n_measures = 3; o.per_query = 1;
  ck_assert_int_eq(rm_eval_files(e, &o, qrels, run, collect, &g), RM_OK);
  ck_assert_int_eq(g.n, 3 * 2 + 3);
  ck_assert_double_eq_tol(find(&g, 0, "q1"), 5.0 / 6, 1e-15);
  ck_assert_double_eq_tol(find(&g, 0, "q2"), 0.5, 1e-15);
  ck_assert_double_eq_tol(find(&g, 0, "(all)"), 2.0 / 3, 1e-15);
  ck_assert_double_eq(find(&g, 1, "q1"), 0.5);
  ck_assert_double_eq(find(&g, 1, "(all)"), 0.5);
  ck_assert_double_eq(find(&g, 2, "q2"), 0.5);
  ck_assert_double_eq(find(&g, 2, "(all)"), 0.75);
  /* the order of eval -q: each query's measures, then the aggregates */
  ck_assert_str_eq(g.query[0], "q1"); ck_assert_int_eq(g.measure[0], 0);
  ck_assert_str_eq(g.query[3], "q2");
  ck_assert_str_eq(g.query[6], "(all)"); ck_assert_int_eq(g.measure[8], 2);
  ck_assert_str_eq(rm_evaluator_message(e), "");
  /* the exact path: the same doubles (5/6, 1/2 and 2/3 correctly rounded) */
  memset(&g, 0, sizeof g); o.exact = 1;
  ck_assert_int_eq(rm_eval_files(e, &o, qrels, run, collect, &g), RM_OK);
  ck_assert_double_eq(find(&g, 0, "q1"), 5.0 / 6);
  ck_assert_double_eq(find(&g, 0, "(all)"), 2.0 / 3);
  rm_evaluator_free(e);
}
END_TEST

/* Rows grouped by user: u1 a(1) b(0) c(1), u2 a(0) d(2), by score.
   RR 1 and 1/2; P@1 1 and 0. */
START_TEST(csv_by_hand)
{
  static const char *const two[] = {"rr", "precision@1"};
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  got g;
  memset(&o, 0, sizeof o); memset(&g, 0, sizeof g);
  o.measures = two; o.n_measures = 2;
  ck_assert_int_eq(rm_eval_files(e, &o, NULL, csv, collect, &g), RM_OK);
  ck_assert_int_eq(g.n, 2); /* no -q: the aggregates only */
  ck_assert_double_eq(find(&g, 0, "(all)"), 0.75);
  ck_assert_double_eq(find(&g, 1, "(all)"), 0.5);
  rm_evaluator_free(e);
}
END_TEST

/* The rows of csv_by_hand given as columns (rm_eval_columns): the same
   values; shuffled, with labels as C ints; u2 given one more judged item
   of grade 1 that no row retrieved: RR 1/2 stays, P@1 0, recall@1 0 of 2.
   And what eval refuses in a file is refused, a row's number for the line. */
static const char users[] = "u1\0u1\0u1\0u2\0u2";
static const char items[] = "a\0b\0c\0a\0d";
static const char labels[] = "1\0" "0\0" "1\0" "0\0" "2";
static const double scores[] = {0.9, 0.8, 0.1, 0.5, 0.4};
START_TEST(columns_by_hand)
{
  static const char *const three[] = {"rr", "precision@1", "recall@1"};
  static const char su[] = "u2\0u1\0u1\0u2\0u1", si[] = "d\0c\0a\0a\0b";
  static const int sg[] = {2, 1, 1, 0, 0};
  static const double ss[] = {0.4, 0.1, 0.9, 0.5, 0.8};
  static const int jg[] = {1};
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  rm_columns c;
  got g;
  memset(&o, 0, sizeof o); memset(&g, 0, sizeof g); memset(&c, 0, sizeof c);
  o.measures = three; o.n_measures = 3; o.per_query = 1;
  c.n = 5; c.user = users; c.item = items; c.label = labels; c.score = scores;
  ck_assert_int_eq(rm_eval_columns(e, &o, &c, collect, &g), RM_OK);
  ck_assert_int_eq(g.n, 3 * 2 + 3);
  ck_assert_double_eq(find(&g, 0, "u1"), 1);
  ck_assert_double_eq(find(&g, 0, "(all)"), 0.75);
  ck_assert_double_eq(find(&g, 1, "(all)"), 0.5);
  ck_assert_double_eq(find(&g, 2, "u2"), 0); /* 0 of its 1 relevant item */
  memset(&g, 0, sizeof g);
  c.user = su; c.item = si; c.label = NULL; c.grade = sg; c.score = ss;
  c.n_judged = 1; c.judged_user = "u2"; c.judged_grade = jg;
  ck_assert_int_eq(rm_eval_columns(e, &o, &c, collect, &g), RM_OK);
  ck_assert_double_eq(find(&g, 0, "u2"), 0.5);
  ck_assert_double_eq(find(&g, 2, "u1"), 0.5); /* 1 of its 2 relevant items */
  ck_assert_double_eq(find(&g, 2, "u2"), 0); /* 0 of 2: d, and the judged one */
  ck_assert_double_eq(find(&g, 0, "(all)"), 0.75);
  /* errors, as eval's in a file: a row's number for the line */
  memset(&g, 0, sizeof g);
  c.n_judged = 0; c.user = users; c.item = items; c.grade = NULL; c.score = scores;
  c.label = "1\0" "0\0" "x\0" "0\0" "2";
  ck_assert_int_eq(rm_eval_columns(e, &o, &c, collect, &g), RM_EFORMAT);
  ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), "rows:3: grade 'x'"));
  c.label = labels; c.item = "a\0b\0a\0a\0d"; c.name = "frame";
  ck_assert_int_eq(rm_eval_columns(e, &o, &c, collect, &g), RM_EFORMAT);
  ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), "frame:3: document 'a' appears"
    " twice"));
  ck_assert_int_eq(g.n, 0);
  c.n = 0;
  ck_assert_int_eq(rm_eval_columns(e, &o, &c, collect, &g), RM_EINVAL);
  ck_assert_str_eq(rm_evaluator_message(e), "no rows");
  rm_evaluator_free(e);
}
END_TEST

/* rm_eval_columns with judged items, its allocator failing at every call in
   turn: RM_ENOMEM and no value, until the clean run. */
static void *fail_realloc(void *ctx, void *p, size_t n);
typedef struct { long calls, fail_at; } failing;
START_TEST(columns_out_of_memory)
{
  static const int jg[] = {1};
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  rm_columns c;
  failing f;
  got g;
  long n;
  memset(&o, 0, sizeof o); memset(&c, 0, sizeof c);
  o.measures = trio; o.n_measures = 3; o.per_query = 1;
  c.n = 5; c.user = users; c.item = items; c.label = labels; c.score = scores;
  c.n_judged = 1; c.judged_user = "u2"; c.judged_grade = jg;
  rm_evaluator_set_alloc(e, fail_realloc, &f);
  for (n = 1; n < 2000; n++) {
    rm_status s;
    f.calls = 0; f.fail_at = n; memset(&g, 0, sizeof g);
    s = rm_eval_columns(e, &o, &c, collect, &g);
    if (f.calls < n) {
      ck_assert_int_eq(s, RM_OK);
      ck_assert_double_eq(find(&g, 2, "(all)"), 0.75);
      break;
    }
    ck_assert_int_eq(s, RM_ENOMEM);
    ck_assert_int_eq(g.n, 0);
  }
  ck_assert_int_lt(n, 2000);
  rm_evaluator_free(e);
}
END_TEST

/* rm_eval_partial of the columns is the state of eval --partial of the file
   of those rows, byte for byte (the file's columns user,item,label,score);
   rm_eval_merge of the states of u1 and of u2 gives the aggregates of one
   run: RR 3/4, P@1 1/2. */
typedef struct { char b[4096]; size_t n; } bytes;
static void take_state(void *ctx, const char *b, size_t n)
{
  bytes *s = ctx;
  ck_assert_uint_lt(s->n + n, sizeof s->b);
  memcpy(s->b + s->n, b, n); s->n += n;
}
static void put_bytes(const char *path, const bytes *s)
{
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  ck_assert_uint_eq(fwrite(s->b, 1, s->n, f), s->n);
  ck_assert_int_eq(fclose(f), 0);
}
START_TEST(partial_and_merge)
{
  static const char *const two[] = {"rr", "precision@1"};
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  rm_columns c;
  bytes a, b, f;
  char pa[128], pb[128];
  const char *states[2];
  got g;
  memset(&o, 0, sizeof o); memset(&c, 0, sizeof c);
  memset(&a, 0, sizeof a); memset(&b, 0, sizeof b); memset(&f, 0, sizeof f);
  o.measures = two; o.n_measures = 2;
  c.n = 5; c.user = users; c.item = items; c.label = labels; c.score = scores;
  ck_assert_int_eq(rm_eval_partial(e, &o, NULL, NULL, &c, take_state, &a), RM_OK);
  ck_assert_int_eq(rm_eval_partial(e, &o, NULL, csv, NULL, take_state, &f), RM_OK);
  ck_assert_uint_eq(a.n, f.n);
  ck_assert_int_eq(memcmp(a.b, f.b, a.n), 0);
  ck_assert_ptr_nonnull(strstr(a.b, "\nnames 2\nu1\nu2\n"));
  /* the two users apart, merged */
  memset(&a, 0, sizeof a);
  c.n = 3;
  ck_assert_int_eq(rm_eval_partial(e, &o, NULL, NULL, &c, take_state, &a), RM_OK);
  c.n = 2; c.user = users + 9; c.item = items + 6; c.label = labels + 6;
  c.score = scores + 3;
  ck_assert_int_eq(rm_eval_partial(e, &o, NULL, NULL, &c, take_state, &b), RM_OK);
  snprintf(pa, sizeof pa, "%s/a.state", dir); snprintf(pb, sizeof pb, "%s/b.state", dir);
  put_bytes(pa, &a); put_bytes(pb, &b);
  states[0] = pb; states[1] = pa;
  memset(&g, 0, sizeof g);
  ck_assert_int_eq(rm_eval_merge(e, states, 2, collect, &g), RM_OK);
  ck_assert_int_eq(g.n, 2);
  ck_assert_double_eq(find(&g, 0, "(all)"), 0.75);
  ck_assert_double_eq(find(&g, 1, "(all)"), 0.5);
  /* one state twice: refused, naming the query */
  states[0] = pa;
  memset(&g, 0, sizeof g);
  ck_assert_int_eq(rm_eval_merge(e, states, 2, collect, &g), RM_EFORMAT);
  ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), "'u1'"));
  ck_assert_int_eq(g.n, 0);
  /* a state has no values per query */
  o.per_query = 1;
  ck_assert_int_eq(rm_eval_partial(e, &o, NULL, NULL, &c, take_state, &b), RM_EINVAL);
  unlink(pa); unlink(pb);
  rm_evaluator_free(e);
}
END_TEST

/* A run that is not grouped: the first pass is abandoned and the input
   sorted; the callback gets each value once, the queries in byte order. */
START_TEST(not_grouped)
{
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  got g;
  memset(&o, 0, sizeof o); memset(&g, 0, sizeof g);
  o.measures = trio; o.n_measures = 1; o.per_query = 1;
  ck_assert_int_eq(rm_eval_files(e, &o, qrels, shuffled, collect, &g), RM_OK);
  ck_assert_int_eq(g.n, 3);
  ck_assert_str_eq(g.query[0], "q1"); ck_assert_str_eq(g.query[1], "q2");
  ck_assert_double_eq_tol(g.x[2], 2.0 / 3, 1e-15);
  /* a delimited file not grouped (the rows of csv_by_hand, shuffled): the
     second pass looked for judgments to test for order with fopen(NULL),
     which valgrind's make check-valgrind reported */
  {
    static const char *const rr[] = {"rr"};
    char path[128];
    snprintf(path, sizeof path, "%s/s.csv", dir);
    put(path, "user,item,label,score\nu2,d,2,0.4\nu1,c,1,0.1\nu1,a,1,0.9\n"
      "u2,a,0,0.5\nu1,b,0,0.8\n");
    memset(&g, 0, sizeof g); o.measures = rr;
    ck_assert_int_eq(rm_eval_files(e, &o, NULL, path, collect, &g), RM_OK);
    unlink(path);
    ck_assert_double_eq(find(&g, 0, "u2"), 0.5);
    ck_assert_double_eq(find(&g, 0, "(all)"), 0.75);
  }
  rm_evaluator_free(e);
}
END_TEST

START_TEST(errors)
{
  static const char *const bad[] = {"ap[norm=nonsense]"};
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  got g;
  char missing[128], want[128];
  memset(&o, 0, sizeof o); memset(&g, 0, sizeof g);
  o.measures = trio; o.n_measures = 1;
  snprintf(missing, sizeof missing, "%s/nothing", dir);
  ck_assert_int_eq(rm_eval_files(e, &o, qrels, missing, collect, &g), RM_EIO);
  ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), missing));
  ck_assert_int_eq(rm_eval_files(e, &o, qrels, shortline, collect, &g), RM_EFORMAT);
  snprintf(want, sizeof want, "%s:2:", shortline);
  ck_assert_msg(strncmp(rm_evaluator_message(e), want, strlen(want)) == 0,
    "message '%s' does not start with '%s'", rm_evaluator_message(e), want);
  o.measures = bad;
  ck_assert_int_eq(rm_eval_files(e, &o, qrels, run, collect, &g), RM_ENAME);
  ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), "ap[norm=nonsense]"));
  o.measures = trio; o.dup = 7;
  ck_assert_int_eq(rm_eval_files(e, &o, qrels, run, collect, &g), RM_EINVAL);
  ck_assert_int_eq(g.n, 0); /* no failed call gave a value */
  ck_assert_int_eq(rm_eval_files(NULL, &o, qrels, run, collect, &g), RM_EINVAL);
  ck_assert_uint_eq(rm_eval_options_size(), sizeof (rm_eval_options));
  rm_evaluator_free(e);
}
END_TEST

/* The descriptors open in this process. */
static int open_fds(void)
{
  DIR *d = opendir("/proc/self/fd");
  int n = 0;
  if (d == NULL) return -1;
  while (readdir(d) != NULL) n++;
  closedir(d);
  return n;
}

/* An allocator that fails its Nth call. */
static void *fail_realloc(void *ctx, void *p, size_t n)
{
  failing *f = ctx;
  if (++f->calls == f->fail_at) return NULL;
  return realloc(p, n);
}
START_TEST(out_of_memory)
{
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  failing f;
  got g;
  long n;
  int hits = 0, fds = open_fds();
  memset(&o, 0, sizeof o);
  o.measures = trio; o.n_measures = 3; o.per_query = 1;
  rm_evaluator_set_alloc(e, fail_realloc, &f);
  for (n = 1; n < 2000; n++) {
    rm_status s;
    f.calls = 0; f.fail_at = n; memset(&g, 0, sizeof g);
    s = rm_eval_files(e, &o, qrels, run, collect, &g);
    if (f.calls < n) { /* past the last allocation: a clean run */
      ck_assert_int_eq(s, RM_OK);
      ck_assert_double_eq_tol(find(&g, 0, "(all)"), 2.0 / 3, 1e-15);
      break;
    }
    hits++;
    ck_assert_msg(s == RM_ENOMEM, "allocation %ld failed: status %d, '%s'", n, s,
      rm_evaluator_message(e));
    ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), "out of memory"));
    ck_assert_int_eq(g.n, 0);
    ck_assert_int_eq(open_fds(), fds); /* the jump left no stream open */
  }
  ck_assert_int_gt(hits, 10);
  ck_assert_int_lt(n, 2000);
  rm_evaluator_free(e);
}
END_TEST

/* Two evaluators in two threads, one with a low memory bound (which lowers
   its line limit) and one without, each 30 times. */
static void *twice(void *arg)
{
  int k = *(int *) arg, i, bad = 0;
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  memset(&o, 0, sizeof o);
  o.measures = trio; o.n_measures = 3; o.per_query = 1;
  if (k) o.memory = 65536;
  for (i = 0; i < 30; i++) {
    got g;
    memset(&g, 0, sizeof g);
    if (rm_eval_files(e, &o, qrels, k ? run : shuffled, collect, &g) != RM_OK
        || g.n != 9 || find(&g, 2, "(all)") != 0.75 || find(&g, 1, "q2") != 0.5)
      bad++;
  }
  rm_evaluator_free(e);
  return (void *) (long) bad;
}
START_TEST(two_threads)
{
  pthread_t t[2];
  int k[2] = {0, 1}, i;
  void *r;
  for (i = 0; i < 2; i++) ck_assert_int_eq(pthread_create(&t[i], NULL, twice, &k[i]), 0);
  for (i = 0; i < 2; i++) {
    ck_assert_int_eq(pthread_join(t[i], &r), 0);
    ck_assert_int_eq((long) r, 0);
  }
}
END_TEST

/* Progress, and a request to stop: a run of 2000 queries of 20 lines. */
typedef struct { int calls, stop_at; long lines; } prog;
static int on_progress(void *ctx, long lines, size_t queries, double percent)
{
  prog *p = ctx;
  p->calls++; p->lines = lines;
  ck_assert(percent <= 100);
  ck_assert_uint_le(queries, 2000);
  return p->calls == p->stop_at;
}
static void open_two(char *a, char *b, size_t n, const char *na, const char *nb,
  FILE **fa, FILE **fb) /* two new files of the directory, for writing */
{
  snprintf(a, n, "%s/%s", dir, na); snprintf(b, n, "%s/%s", dir, nb);
  *fa = fopen(a, "w"); *fb = fopen(b, "w");
  ck_assert_ptr_nonnull(*fa); ck_assert_ptr_nonnull(*fb);
}
START_TEST(progress_and_stop)
{
  static const char *const ap[] = {"ap"};
  char big[128], bigq[128];
  rm_evaluator *e = rm_evaluator_new();
  rm_eval_options o;
  prog p;
  got g;
  FILE *f, *q;
  int i, k, threads;
  open_two(big, bigq, sizeof big, "big", "bigq", &f, &q);
  for (i = 0; i < 2000; i++) {
    fprintf(q, "q%d 0 d1 1\n", i);
    for (k = 0; k < 20; k++) fprintf(f, "q%d Q0 d%d %d %d t\n", i, k, k + 1, 20 - k);
  }
  ck_assert_int_eq(fclose(f), 0); ck_assert_int_eq(fclose(q), 0);
  memset(&o, 0, sizeof o);
  o.measures = ap; o.n_measures = 1;
  rm_evaluator_set_progress(e, on_progress, &p);
  for (threads = 1; threads <= 2; threads++) {
    o.threads = threads;
    memset(&p, 0, sizeof p); memset(&g, 0, sizeof g);
    ck_assert_int_eq(rm_eval_files(e, &o, bigq, big, collect, &g), RM_OK);
    ck_assert_int_ge(p.calls, 1);
    ck_assert(p.lines >= 16384 && p.lines <= 40000);
    ck_assert_double_eq(find(&g, 0, "(all)"), 0.5); /* d1, the relevant one, is 2nd */
    memset(&p, 0, sizeof p); memset(&g, 0, sizeof g); p.stop_at = 1;
    ck_assert_int_eq(rm_eval_files(e, &o, bigq, big, collect, &g), RM_ESTOP);
    ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), "stopped by the caller"));
    ck_assert_int_eq(g.n, 0);
  }
  rm_evaluator_free(e);
  unlink(big); unlink(bigq);
}
END_TEST

/* A stop asked while the values are given: 20000 queries with -q are
   20001 values, and the report is asked again after 16384 of them, with
   lines -1; the call then gives no more values and returns RM_ESTOP. */
typedef struct { long given, asked, at; } giving;
static void count_value(void *ctx, int measure, const char *query, double x,
  int undefined, int skipped)
{
  (void) measure; (void) query; (void) x; (void) undefined; (void) skipped;
  ((giving *) ctx)->given++;
}
static int stop_giving(void *ctx, long lines, size_t queries, double percent)
{
  giving *v = ctx;
  if (lines >= 0) return 0; /* the run is read: go on */
  ck_assert_uint_eq(queries, 20000);
  ck_assert_double_eq(percent, 100);
  v->asked++; v->at = v->given;
  return 1;
}
static const char *const ap_only[] = {"ap"};
START_TEST(stop_while_giving)
{
  char big[128], bigq[128];
  FILE *f, *q;
  giving v;
  int i;
  rm_eval_options o = {.measures = ap_only, .n_measures = 1, .per_query = 1};
  rm_evaluator *e;
  open_two(big, bigq, sizeof big, "give", "giveq", &f, &q);
  for (i = 0; i < 20000; i++) {
    fprintf(q, "q%d 0 d1 1\n", i); fprintf(f, "q%d Q0 d1 1 1 t\n", i); }
  ck_assert_int_eq(fclose(f), 0); ck_assert_int_eq(fclose(q), 0);
  e = rm_evaluator_new();
  memset(&v, 0, sizeof v);
  ck_assert_int_eq(rm_eval_files(e, &o, bigq, big, count_value, &v), RM_OK);
  ck_assert_int_eq(v.given, 20001); /* no report without a progress function */
  rm_evaluator_set_progress(e, stop_giving, &v);
  memset(&v, 0, sizeof v);
  ck_assert_int_eq(rm_eval_files(e, &o, bigq, big, count_value, &v), RM_ESTOP);
  ck_assert_int_eq(v.asked, 1);
  ck_assert_int_eq(v.at, 16384);
  ck_assert_int_eq(v.given, 16384); /* none after the stop */
  ck_assert_ptr_nonnull(strstr(rm_evaluator_message(e), "stopped by the caller"));
  rm_evaluator_free(e);
  unlink(big); unlink(bigq);
}
END_TEST

Suite *suite_eval(void)
{
  Suite *s = suite_create("eval");
  TCase *tc = tcase_create("files");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, trec_by_hand);
  tcase_add_test(tc, csv_by_hand);
  tcase_add_test(tc, columns_by_hand);
  tcase_add_test(tc, partial_and_merge);
  tcase_add_test(tc, columns_out_of_memory);
  tcase_add_test(tc, not_grouped);
  tcase_add_test(tc, errors);
  tcase_add_test(tc, out_of_memory);
  tcase_add_test(tc, two_threads);
  tcase_add_test(tc, progress_and_stop);
  tcase_add_test(tc, stop_while_giving);
  suite_add_tcase(s, tc);
  return s;
}
