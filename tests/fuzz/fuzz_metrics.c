/* libFuzzer harness: the metric functions, both paths, on arbitrary lists.
   The input is decoded as: one byte choosing a variant name from |names|,
   one byte choosing the cutoff (0: the name's own; 1..200: K; above: one of
   the hostile K values of |bad_k|), one byte for the length n (0..63), one
   for the number of unretrieved judged grades (0..7), then per item a grade
   byte, a score byte (and 8 raw bytes for a raw double), an id byte;
   missing bytes read as zero.  Grades and scores include the hostile
   values: negative and huge grades, NaN, infinities, -0, subnormals, huge
   scores; ids include duplicates, the empty id and NULL for the whole array.
   Invariants:
   - no crash, no out-of-bounds access, no undefined behaviour;
   - both paths return the same status (except RM_EHARD, the exact path's
     refusal to guess, and RM_ENOMEM);
   - with a value (RM_OK or RM_UNDEFINED), the double is within
     rm_ulp_bound ulps of the correctly rounded exact value;
   - nDCG with ideal=judged, list or topk (conventions that bound it) is in
     [0,1] on both paths. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "rankmetrics.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "invariant failed: %s (variant %s)\n", #c, vname); abort(); } } while (0)

static const char *const names[] = {
  "ndcg", "ndcg@10", "ndcg[gain=exp2,ideal=list]", "ndcg@5[ideal=topk]",
  "ndcg[ideal=judged,ties=pessimistic]", "ndcg[discount=jk,base=3,ties=optimistic]",
  "ndcg[ideal=ones]", "dcg@10", "idcg[gain=exp2]", "cg", "precision@5", "precision@5[denom=list]",
  "recall@10[ties=average]", "f@5[beta2=4]", "rprec", "hr@5[hit=rows]", "rr", "rr[hits=mean]",
  "lrap", "ap", "ap@10[norm=min]", "apstep", "ap11@3", "auc", "auc[ties=average]",
  "err@3[gmax=4]", "accuracy", "clf-f1[cut=3/4]", "mae", "rmse", "spearman", "kendall[tau=a]",
  "mean:ndcg@10", "micro:precision@5", "ndcg[undef=error]", "ap[undef=one]"
};
#define NV (sizeof names / sizeof names[0])
static const unsigned long bad_k[] = {0, 1, RM_K_MAX, RM_K_MAX + 1, ULONG_MAX, (unsigned long) -1 / 2};

typedef struct { const uint8_t *p; size_t n; } input;
static unsigned byte(input *in)
{
  if (in->n == 0) return 0;
  in->n--;
  return *in->p++;
}
static double raw_double(input *in)
{
  uint8_t b[8] = {0};
  double d;
  size_t i;
  for (i = 0; i < 8; i++) b[i] = (uint8_t) byte(in);
  memcpy(&d, b, sizeof d);
  return d;
}

static int grade_of(unsigned b)
{
  static const int special[6] = {-1, RM_GRADE_MAX, RM_GRADE_MAX + 1, INT_MAX, INT_MIN, 1000};
  return b < 250 ? (int) (b % 6) : special[b - 250];
}
static double score_of(unsigned b, input *in)
{
  static const double special[8] = {0.0, -0.0, 1.0, 0x1p-1074, 1e308, -1e308, 0.5, 0.25};
  if (b < 200) return (double) (b % 11) / 10.0;
  if (b < 208) return special[b - 200];
  if (b == 208) return NAN;
  if (b == 209) return INFINITY;
  if (b == 210) return -INFINITY;
  return raw_double(in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  input in = {data, size};
  static const char *const pool[8] = {"a", "b", "c", "d", "", "a", "\xff\xfe", "long-id-0123456789"};
  int grade[64], ug[8];
  double score[64];
  const char *id[64];
  rm_list l = {0};
  rm_variant v;
  rm_exact e;
  rm_status sd, sx;
  double d = -1;
  char msg[256];
  const char *vname;
  unsigned kb, flags;
  size_t n, nu, i;
  vname = names[byte(&in) % NV];
  if (rm_variant_parse(vname, &v, msg, sizeof msg) != RM_OK) { fprintf(stderr, "%s: %s\n", vname, msg); abort(); }
  kb = byte(&in);
  if (kb >= 1 && kb <= 200) v.k = kb;
  else if (kb > 200) v.k = bad_k[(kb - 201) % (sizeof bad_k / sizeof bad_k[0])];
  /* Known slow, not wrong: under ideal=ones the ideal list has K items, and
     the exact path sums K logarithmic terms (about 70 s at K = RM_K_MAX). */
  if (v.ideal == RM_IDEAL_ONES && v.k > 1000) return 0;
  n = byte(&in) % 64;
  flags = byte(&in);
  nu = flags % 8;
  for (i = 0; i < n; i++) {
    grade[i] = grade_of(byte(&in));
    score[i] = score_of(byte(&in), &in);
    id[i] = pool[byte(&in) % 8];
  }
  for (i = 0; i < nu; i++) ug[i] = grade_of(byte(&in));
  l.n = n;
  l.grade = grade;
  l.score = (flags & 8) ? NULL : score;
  l.id = (flags & 16) ? NULL : id;
  l.n_unretrieved = nu;
  l.unretrieved_grade = (flags & 32) && nu == 0 ? NULL : ug;
  sd = rm_value(&v, &l, NULL, &d);
  rm_exact_init(&e);
  sx = rm_value_exact(&v, &l, &e);
  if (sx != RM_EHARD && sx != RM_ENOMEM && sd != RM_ENOMEM) {
    if (sd != sx) { fprintf(stderr, "%s: double status %d, exact status %d\n", vname, sd, sx); abort(); }
    if (sd >= 0) {
      CHECK(!isnan(d) && !isnan(e.value));
      if (rm_ulps_between(d, e.value) > rm_ulp_bound(&v)) {
        fprintf(stderr, "%s: double %a exact %a bound %g\n", vname, d, e.value, rm_ulp_bound(&v));
        abort();
      }
      if (v.metric == RM_NDCG && v.agg == RM_AGG_NONE && v.ideal != RM_IDEAL_ONES) {
        CHECK(d >= 0 && d <= 1);
        CHECK(e.value >= 0 && e.value <= 1);
      }
    }
  }
  rm_exact_clear(&e);
  return 0;
}
