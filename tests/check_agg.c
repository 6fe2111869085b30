/* tests/check_agg.c -- Check tests of aggregation over queries (the part
   "Aggregation" of rankmetrics.w): names of aggregated variants, hand cases,
   and independent oracles for rm_value_set and rm_value_set_exact.

   Every expected value here is derived independently of the library:
   fractions worked out by hand (in the comments, checked with Python's
   fractions), or an oracle written in this file from the definitions in the
   book (per-query values with GMP mpq, nDCG with MPFR at 256 bits), sharing
   no code with the library.  No value printed by the library is pasted back.

   Suite "agg": tcases names, hand, oracle, ndcg, single. */

#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"
#include "testutil.h"

#define AGG_TIMEOUT 60
#define OPREC 256          /* bits of the nDCG oracle */
#define MAXN 12            /* longest random list */
#define MAXU 3             /* most unretrieved judged grades */
#define MAXQ 8             /* most queries in a random set */
#define ORACLE_CHUNKS 12   /* loop iterations of the ratio oracle ... */
#define ORACLE_PER 50      /* ... each with this many sets: 600 sets */
#define NDCG_CHUNKS 8      /* loop iterations of the nDCG oracle ... */
#define NDCG_PER 30        /* ... each with this many sets: 240 sets */
#define SINGLE_N 200       /* random lists of the nq = 1 test */

/* ------------------------------------------------------------------------ */
/* Small helpers.                                                            */

/* mpq_get_str into a malloc'd string released with free_gmp_str. */
static void free_gmp_str(char *s)
{
  void (*freefunc)(void *, size_t);
  mp_get_memory_functions(NULL, NULL, &freefunc);
  freefunc(s, strlen(s) + 1);
}

/* ------------------------------------------------------------------------ */
/* 1. Names.                                                                 */

/* Canonical names written out by hand from the grammar and key order of the
   book: aggregator, its options skip then weight (weight with mean only),
   a colon, the metric, its cutoff, and every key it uses. */
static const struct {
  const char *in, *canon;
  int agg, skip, weight;
  rm_metric metric;
  unsigned long k;
} canon_cases[] = {
  {"mean:rr", "mean[skip=none,weight=uniform]:rr[hits=first,rel=1,ties=input,undef=zero]",
   RM_AGG_MEAN, RM_SKIP_NONE, RM_WEIGHT_UNIFORM, RM_RR, 0},
  {"micro:rr@5[hits=mean]", "micro[skip=none]:rr@5[hits=mean,rel=1,ties=input,undef=zero]",
   RM_AGG_MICRO, RM_SKIP_NONE, -1, RM_RR, 5},
  {"sum[skip=norel]:ndcg@10",
   "sum[skip=norel]:ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]",
   RM_AGG_SUM, RM_SKIP_NOREL, -1, RM_NDCG, 10},
  {"mean[weight=items,skip=undef]:lrap",
   "mean[skip=undef,weight=items]:lrap[rel=1,undef=one]",
   RM_AGG_MEAN, RM_SKIP_UNDEF, RM_WEIGHT_ITEMS, RM_LRAP, 0},
  {"mean[weight=positives]:rr@3[undef=error,rel=2,hits=sum]",
   "mean[skip=none,weight=positives]:rr@3[hits=sum,rel=2,ties=input,undef=error]",
   RM_AGG_MEAN, RM_SKIP_NONE, RM_WEIGHT_POSITIVES, RM_RR, 3},
  {"micro:lrap", "micro[skip=none]:lrap[rel=1,undef=one]",
   RM_AGG_MICRO, RM_SKIP_NONE, -1, RM_LRAP, 0},
  {"micro[skip=undef]:lrap[undef=zero]", "micro[skip=undef]:lrap[rel=1,undef=zero]",
   RM_AGG_MICRO, RM_SKIP_UNDEF, -1, RM_LRAP, 0},
  {"sum:cg", "sum[skip=none]:cg[gain=linear,ties=input]",
   RM_AGG_SUM, RM_SKIP_NONE, -1, RM_CG, 0},
  {"mean:dcg@5[gain=exp2]", "mean[skip=none,weight=uniform]:dcg@5[gain=exp2,discount=log2,ties=input]",
   RM_AGG_MEAN, RM_SKIP_NONE, RM_WEIGHT_UNIFORM, RM_DCG, 5},
  {"sum[skip=undef]:idcg", "sum[skip=undef]:idcg[gain=linear,discount=log2,ideal=judged]",
   RM_AGG_SUM, RM_SKIP_UNDEF, -1, RM_IDCG, 0},
  {"mean[weight=items]:ndcg", "mean[skip=none,weight=items]:ndcg[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]",
   RM_AGG_MEAN, RM_SKIP_NONE, RM_WEIGHT_ITEMS, RM_NDCG, 0},
};
#define N_CANON (sizeof canon_cases / sizeof canon_cases[0])

START_TEST(test_canonical)
{
  rm_variant v;
  char buf[RM_NAME_MAX];
  size_t len;
  const char *in = canon_cases[_i].in, *want = canon_cases[_i].canon;
  tu_parse_or_fail(in, &v);
  len = rm_variant_name(&v, buf, sizeof buf);
  ck_assert_msg(strcmp(buf, want) == 0, "'%s' printed as '%s', want '%s'", in, buf, want);
  ck_assert_msg(len == strlen(want), "'%s': length %zu, want %zu", in, len, strlen(want));
  ck_assert_msg(v.agg == canon_cases[_i].agg, "'%s': agg %d", in, v.agg);
  ck_assert_msg(v.skip == canon_cases[_i].skip, "'%s': skip %d", in, v.skip);
  if (canon_cases[_i].weight >= 0)
    ck_assert_msg(v.weight == canon_cases[_i].weight, "'%s': weight %d", in, v.weight);
  ck_assert_msg(v.metric == canon_cases[_i].metric, "'%s': metric %d", in, (int) v.metric);
  ck_assert_msg(v.k == canon_cases[_i].k, "'%s': k %lu", in, v.k);
}
END_TEST

/* Round trip over every aggregator and option with several metrics.  The
   input spells the options in both orders; the expected canonical name is
   assembled here from the hand-written canonical inner name. */
static const struct { const char *in, *canon; int ratio; } inner_cases[] = {
  {"rr", "rr[hits=first,rel=1,ties=input,undef=zero]", 1},
  {"rr@5[hits=sum]", "rr@5[hits=sum,rel=1,ties=input,undef=zero]", 1},
  {"rr@10[undef=error,hits=mean,rel=2]", "rr@10[hits=mean,rel=2,ties=input,undef=error]", 1},
  {"rr[ties=id-desc]", "rr[hits=first,rel=1,ties=id-desc,undef=zero]", 1},
  {"lrap", "lrap[rel=1,undef=one]", 1},
  {"lrap[undef=zero,rel=3]", "lrap[rel=3,undef=zero]", 1},
  {"ndcg@10", "ndcg@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]", 0},
  {"ndcg[gain=binary,rel=2,discount=jk,base=3]",
   "ndcg[gain=binary,rel=2,discount=jk,base=3,ideal=judged,ties=input,undef=zero]", 0},
  {"dcg@3[gain=exp2]", "dcg@3[gain=exp2,discount=log2,ties=input]", 0},
  {"cg", "cg[gain=linear,ties=input]", 0},
  {"idcg[ideal=topk]", "idcg[gain=linear,discount=log2,ideal=topk,ties=input]", 0},
};
#define N_INNER (sizeof inner_cases / sizeof inner_cases[0])

static const char *const aggw[] = {"-", "mean", "micro", "sum"};
static const char *const skipw[] = {"none", "undef", "norel"};
static const char *const weightw[] = {"uniform", "items", "positives"};

START_TEST(test_round_trip)
{
  int a, sk, wt, order, count = 0;
  for (a = RM_AGG_MEAN; a <= RM_AGG_SUM; a++) {
    if (a == RM_AGG_MICRO && !inner_cases[_i].ratio) continue; /* see test_reject */
    for (sk = 0; sk < 3; sk++)
      for (wt = 0; wt < (a == RM_AGG_MEAN ? 3 : 1); wt++)
        for (order = 0; order < 2; order++) {
          char in[256], want[256], p1[RM_NAME_MAX + 8], p2[RM_NAME_MAX + 8];
          rm_variant v1, v2;
          size_t n1;
          if (a == RM_AGG_MEAN) {
            if (order == 0)
              snprintf(in, sizeof in, "%s[skip=%s,weight=%s]:%s", aggw[a], skipw[sk],
                       weightw[wt], inner_cases[_i].in);
            else
              snprintf(in, sizeof in, "%s[weight=%s,skip=%s]:%s", aggw[a], weightw[wt],
                       skipw[sk], inner_cases[_i].in);
            snprintf(want, sizeof want, "%s[skip=%s,weight=%s]:%s", aggw[a], skipw[sk],
                     weightw[wt], inner_cases[_i].canon);
          } else {
            /* order 1: the default skip left out when it is none */
            if (order == 1 && sk == 0)
              snprintf(in, sizeof in, "%s:%s", aggw[a], inner_cases[_i].in);
            else
              snprintf(in, sizeof in, "%s[skip=%s]:%s", aggw[a], skipw[sk], inner_cases[_i].in);
            snprintf(want, sizeof want, "%s[skip=%s]:%s", aggw[a], skipw[sk],
                     inner_cases[_i].canon);
          }
          tu_parse_or_fail(in, &v1);
          n1 = rm_variant_name(&v1, p1, sizeof p1);
          ck_assert_msg(strcmp(p1, want) == 0, "'%s' printed as '%s', want '%s'", in, p1, want);
          ck_assert_msg(n1 == strlen(want) && n1 < RM_NAME_MAX, "'%s': length %zu", in, n1);
          ck_assert_msg(v1.agg == a && v1.skip == sk && (a != RM_AGG_MEAN || v1.weight == wt),
                        "'%s': fields agg=%d skip=%d weight=%d", in, v1.agg, v1.skip, v1.weight);
          tu_parse_or_fail(p1, &v2);
          rm_variant_name(&v2, p2, sizeof p2);
          ck_assert_msg(strcmp(p1, p2) == 0, "'%s': print-parse-print gives '%s'", p1, p2);
          ck_assert_msg(v2.agg == v1.agg && v2.skip == v1.skip && v2.metric == v1.metric
                        && v2.k == v1.k && (a != RM_AGG_MEAN || v2.weight == v1.weight),
                        "'%s': reparsed fields differ", p1);
          count++;
        }
  }
  ck_assert_msg(count >= 12, "%s: only %d combinations", inner_cases[_i].in, count);
}
END_TEST

static const char *const reject_cases[] = {
  "micro:ndcg",                 /* micro: not a ratio metric */
  "micro[skip=norel]:ndcg@10",
  "micro:cg", "micro:dcg@3", "micro:idcg",
  "sum[weight=items]:rr",       /* weight only with mean */
  "micro[weight=uniform]:rr",
  "mean[gain=exp2]:ndcg",       /* a metric key among the aggregator's options */
  "mean[hits=sum]:rr",
  "mean[undef=one]:rr",
  "mean:rr[skip=undef]",        /* an aggregator key among the metric's options */
  "mean:ndcg[weight=items]",
  "mean[skip=bad]:rr",          /* unknown values */
  "mean[weight=clicks]:rr",
  "mean",                       /* no metric */
  "mean:", "sum[skip=none]:",
  "mean[skip=none]rr",          /* missing colon */
  "mean[skip=none,skip=undef]:rr", /* a key twice */
  "mean[]:rr", "mean[skip=none:rr", "mean[skip]:rr",
  "mode:rr", "mean:mean:rr", "mean:rr:", ":rr", "mean::rr",
  "mean:lrap@5",                /* lrap takes no cutoff */
  "micro:rr[ties=average]",     /* rr refuses ties=average */
};
#define N_REJECT (sizeof reject_cases / sizeof reject_cases[0])

START_TEST(test_reject)
{
  rm_variant v, keep;
  char msg[256] = "";
  rm_status s;
  memset(&v, 0xA5, sizeof v);
  keep = v;
  s = rm_variant_parse(reject_cases[_i], &v, msg, sizeof msg);
  ck_assert_msg(s == RM_ENAME, "'%s': status %d, want RM_ENAME (%d)", reject_cases[_i],
                (int) s, (int) RM_ENAME);
  ck_assert_msg(memcmp(&v, &keep, sizeof v) == 0, "'%s': variant written on failure",
                reject_cases[_i]);
  ck_assert_msg(msg[0] != '\0', "'%s': no message", reject_cases[_i]);
}
END_TEST

/* Variants made by hand that no name can give are refused by the set
   functions; a variant without an aggregator is not a set variant. */
START_TEST(test_handmade_variants)
{
  static const int g[] = {1, 0};
  rm_list l = {2, g, NULL, NULL, 0, NULL, NULL, NULL, NULL};
  rm_variant v;
  rm_exact e;
  double d = -1;
  rm_exact_init(&e);
  rm_variant_default(&v, RM_NDCG);
  v.agg = RM_AGG_MICRO;
  ck_assert_msg(rm_value_set(&v, &l, 1, NULL, &d) == RM_ENAME, "micro ndcg, double path");
  ck_assert_msg(rm_value_set_exact(&v, &l, 1, &e) == RM_ENAME, "micro ndcg, exact path");
  rm_variant_default(&v, RM_RR);
  ck_assert_msg(rm_value_set(&v, &l, 1, NULL, &d) == RM_EINVAL, "no aggregator, double path");
  ck_assert_msg(rm_value_set_exact(&v, &l, 1, &e) == RM_EINVAL, "no aggregator, exact path");
  v.agg = RM_AGG_MEAN; v.skip = RM_SKIP_MISSING + 1;
  ck_assert_msg(rm_value_set(&v, &l, 1, NULL, &d) == RM_ENAME, "skip past the last, double path");
  v.skip = RM_SKIP_NONE; v.weight = RM_WEIGHT_QUERY + 1;
  ck_assert_msg(rm_value_set_exact(&v, &l, 1, &e) == RM_ENAME, "weight past query, exact path");
  v.weight = RM_WEIGHT_UNIFORM; v.agg = RM_AGG_MAX + 1;
  ck_assert_msg(rm_value_set(&v, &l, 1, NULL, &d) == RM_ENAME, "agg past max, double path");
  v.agg = RM_AGG_MEAN;
  ck_assert_msg(rm_value_set(&v, NULL, 1, NULL, &d) == RM_EINVAL, "q NULL, nq 1");
  ck_assert_msg(rm_value_set(&v, &l, 1, NULL, NULL) == RM_EINVAL, "out NULL");
  ck_assert_msg(d == -1, "value written on error");
  rm_exact_clear(&e);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 2. Hand cases.                                                            */

/* qa: grades 0,1,0,1.  rr first 1/2; sum 1/2+1/4 = 3/4; R = 2 so hits=mean
       3/8.  lrap: relevant at ranks 2 and 4, precisions 1/2 and 2/4, so
       (1/2+1/2)/2 = 1/2 (numerator 1, denominator 2).  4 items, 2 positives.
   qb: grades 0,0,0, nothing unretrieved: no relevant item.  rr first 0,
       sum 0, hits=mean 0/0 undefined; lrap 0/0 undefined.  3 items.
   qc: grades 0,0 and one unretrieved grade 2: its relevant item was not
       retrieved.  rr first 0, sum 0, hits=mean 0/1 = 0 (defined); lrap
       counts only retrieved relevant items: 0/0, undefined.  2 items,
       0 positives among them.
   qd: grades 1,1,0,0,1.  rr first 1; sum 1+1/2+1/5 = 17/10; R = 3 so
       hits=mean 17/30.  lrap: ranks 1,2,5, precisions 1, 1, 3/5, so
       (13/5)/3 = 13/15.  5 items, 3 positives.
   qe: grades 0,0,1,0 with scores .9,.5,.5,.1: the relevant item ties with
       an irrelevant one at ranks 2-3.  lrap counts the tie against it:
       1/3.  rr under ties=input: the tied irrelevant item (input position 1)
       comes first, rank 3, 1/3; pessimistic 1/3; optimistic 1/2; reverse
       (later input first) 1/2.
   The three queries of source 004 have first hits at ranks 2, 1, 3. */
static const int ga[] = {0, 1, 0, 1}, gb[] = {0, 0, 0}, gc[] = {0, 0}, uc[] = {2},
  gd[] = {1, 1, 0, 0, 1}, ge[] = {0, 0, 1, 0};
static const double se[] = {0.9, 0.5, 0.5, 0.1};
static const int g41[] = {0, 1, 0}, g42[] = {1, 0, 0}, g43[] = {0, 0, 1};
#define QA {4, ga, NULL, NULL, 0, NULL, NULL, NULL, NULL}
#define QB {3, gb, NULL, NULL, 0, NULL, NULL, NULL, NULL}
#define QC {2, gc, NULL, NULL, 1, uc, NULL, NULL, NULL}
#define QD {5, gd, NULL, NULL, 0, NULL, NULL, NULL, NULL}
#define QE {4, ge, se, NULL, 0, NULL, NULL, NULL, NULL}
#define QEMPTY {0, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL}
static const rm_list set_abcd[] = {QA, QB, QC, QD};
static const rm_list set_004[] = {{3, g41, NULL, NULL, 0, NULL, NULL, NULL, NULL}, {3, g42, NULL, NULL, 0, NULL, NULL, NULL, NULL},
                                  {3, g43, NULL, NULL, 0, NULL, NULL, NULL, NULL}};
static const rm_list set_ab[] = {QA, QB};
static const rm_list set_ac[] = {QA, QC};
static const rm_list set_bb[] = {QB, QB};
static const rm_list set_bc[] = {QB, QC};
static const rm_list set_ea[] = {QE, QA};
static const rm_list set_empties[] = {QEMPTY, QEMPTY};
static const rm_list set_b_empty[] = {QB, QEMPTY};

static const struct {
  const char *why, *name;
  const rm_list *q;
  size_t nq;
  rm_status status;
  const char *rational; /* NULL for an error */
} hand_cases[] = {
  /* MRR of source 004: (1/2 + 1 + 1/3)/3 = (11/6)/3 = 11/18. */
  {"004 MRR", "mean:rr", set_004, 3, RM_OK, "11/18"},
  {"004 sum", "sum:rr", set_004, 3, RM_OK, "11/6"},
  /* micro of first-hit rr: denominators are all 1, so also 11/18. */
  {"004 micro", "micro:rr", set_004, 3, RM_OK, "11/18"},
  /* skip: mean of 1/2, 0, 0, 1 over 4 = 3/8; norel drops qb only (qc has
     an unretrieved relevant item): 3/2 / 3 = 1/2; rr first is never
     undefined, so skip=undef keeps all four: 3/8. */
  {"skip none", "mean:rr", set_abcd, 4, RM_OK, "3/8"},
  {"skip norel", "mean[skip=norel]:rr", set_abcd, 4, RM_OK, "1/2"},
  {"skip undef, nothing undefined", "mean[skip=undef]:rr", set_abcd, 4, RM_OK, "3/8"},
  /* hits=mean: 3/8, undef(qb), 0, 17/30.  undef=zero: (3/8+17/30)/4 =
     (113/120)/4 = 113/480; skip=undef or norel drop qb: (113/120)/3 =
     113/360; undef=one: (113/120 + 1)/4 = 233/480. */
  {"hits=mean skip none", "mean:rr[hits=mean]", set_abcd, 4, RM_OK, "113/480"},
  {"hits=mean skip undef", "mean[skip=undef]:rr[hits=mean]", set_abcd, 4, RM_OK, "113/360"},
  {"hits=mean skip norel", "mean[skip=norel]:rr[hits=mean]", set_abcd, 4, RM_OK, "113/360"},
  {"hits=mean undef=one", "mean:rr[hits=mean,undef=one]", set_abcd, 4, RM_OK, "233/480"},
  /* lrap (undef=one): 1/2, 1, 1, 13/15 -> (101/30)/4 = 101/120; norel
     drops qb: (71/30)/3 = 71/90; skip=undef drops qb and qc:
     (41/30)/2 = 41/60. */
  {"lrap skip none", "mean:lrap", set_abcd, 4, RM_OK, "101/120"},
  {"lrap skip norel", "mean[skip=norel]:lrap", set_abcd, 4, RM_OK, "71/90"},
  {"lrap skip undef", "mean[skip=undef]:lrap", set_abcd, 4, RM_OK, "41/60"},
  /* sums: rr[hits=sum] 3/4 + 0 + 0 + 17/10 = 49/20. */
  {"sum hits=sum", "sum:rr[hits=sum]", set_abcd, 4, RM_OK, "49/20"},
  {"sum norel hits=sum", "sum[skip=norel]:rr[hits=sum]", set_abcd, 4, RM_OK, "49/20"},
  /* micro pooling of rr[hits=mean]: numerators 3/4, 0, 0, 17/10, denominators
     2, 0, 1, 3: (49/20)/6 = 49/120 (qb adds 0/0 either way). */
  {"micro hits=mean", "micro:rr[hits=mean]", set_abcd, 4, RM_OK, "49/120"},
  {"micro hits=mean skip undef", "micro[skip=undef]:rr[hits=mean]", set_abcd, 4, RM_OK, "49/120"},
  /* micro with norel and first-hit rr: (1/2+0+1)/3 = 1/2. */
  {"micro rr norel", "micro[skip=norel]:rr", set_abcd, 4, RM_OK, "1/2"},
  /* micro lrap: numerators 1, 0, 0, 13/5; denominators 2, 0, 0, 3:
     (18/5)/5 = 18/25. */
  {"micro lrap", "micro:lrap", set_abcd, 4, RM_OK, "18/25"},
  /* weight=items (4, 3, 2, 5 items): (4*1/2 + 5*1)/14 = 1/2; with norel
     (qb dropped): 7/11.  weight=positives (2, 0, 0, 3 retrieved relevant
     items): (2*1/2 + 3*1)/5 = 4/5. */
  {"weight items", "mean[weight=items]:rr", set_abcd, 4, RM_OK, "1/2"},
  {"weight items norel", "mean[skip=norel,weight=items]:rr", set_abcd, 4, RM_OK, "7/11"},
  {"weight positives", "mean[weight=positives]:rr", set_abcd, 4, RM_OK, "4/5"},
  /* hits=mean weighted: items (4*3/8 + 5*17/30)/14 = (13/3)/14 = 13/42;
     skip=undef (qb out): (13/3)/11 = 13/33; positives
     (2*3/8 + 3*17/30)/5 = (49/20)/5 = 49/100. */
  {"weight items hits=mean", "mean[weight=items]:rr[hits=mean]", set_abcd, 4, RM_OK, "13/42"},
  {"weight items skip undef", "mean[skip=undef,weight=items]:rr[hits=mean]", set_abcd, 4,
   RM_OK, "13/33"},
  {"weight positives hits=mean", "mean[weight=positives]:rr[hits=mean]", set_abcd, 4, RM_OK,
   "49/100"},
  /* ties: qe with qa.  lrap mean (1/3 + 1/2)/2 = 5/12; micro
     (1/3 + 1)/(1 + 2) = 4/9; rr input (1/3+1/2)/2 = 5/12; optimistic
     (1/2+1/2)/2 = 1/2; reverse, summed: 1/2 + 1/2 = 1. */
  {"ties lrap mean", "mean:lrap", set_ea, 2, RM_OK, "5/12"},
  {"ties lrap micro", "micro:lrap", set_ea, 2, RM_OK, "4/9"},
  {"ties rr input", "mean:rr", set_ea, 2, RM_OK, "5/12"},
  {"ties rr pessimistic", "mean:rr[ties=pessimistic]", set_ea, 2, RM_OK, "5/12"},
  {"ties rr optimistic", "mean:rr[ties=optimistic]", set_ea, 2, RM_OK, "1/2"},
  {"ties rr reverse", "sum:rr[ties=reverse]", set_ea, 2, RM_OK, "1"},
  /* The empty set: mean and micro undefined, sum 0. */
  {"empty mean", "mean:rr", NULL, 0, RM_UNDEFINED, "0"},
  {"empty mean, q not NULL", "mean:rr", set_abcd, 0, RM_UNDEFINED, "0"},
  {"empty mean error", "mean:rr[undef=error]", NULL, 0, RM_EUNDEF, NULL},
  {"empty mean undef=one", "mean[weight=items]:rr[undef=one]", NULL, 0, RM_UNDEFINED, "1"},
  {"empty micro", "micro:rr[hits=mean]", NULL, 0, RM_UNDEFINED, "0"},
  {"empty micro error", "micro:rr[undef=error]", NULL, 0, RM_EUNDEF, NULL},
  {"empty sum", "sum:rr", NULL, 0, RM_OK, "0"},
  {"empty sum error", "sum:rr[undef=error]", NULL, 0, RM_OK, "0"},
  {"empty lrap mean (undef=one)", "mean:lrap", NULL, 0, RM_UNDEFINED, "1"},
  {"empty ndcg mean", "mean:ndcg", NULL, 0, RM_UNDEFINED, "0"},
  {"empty ndcg sum", "sum:ndcg@5", NULL, 0, RM_OK, "0"},
  /* Every query skipped behaves as the empty set. */
  {"all norel mean", "mean[skip=norel]:rr", set_bb, 2, RM_UNDEFINED, "0"},
  {"all norel mean error", "mean[skip=norel]:rr[undef=error]", set_bb, 2, RM_EUNDEF, NULL},
  {"all norel micro", "micro[skip=norel]:rr", set_bb, 2, RM_UNDEFINED, "0"},
  {"all norel sum", "sum[skip=norel]:rr[undef=error]", set_bb, 2, RM_OK, "0"},
  {"all undef mean lrap", "mean[skip=undef]:lrap", set_bc, 2, RM_UNDEFINED, "1"},
  {"all undef mean lrap error", "mean[skip=undef]:lrap[undef=error]", set_bc, 2, RM_EUNDEF, NULL},
  {"all undef micro", "micro[skip=undef]:rr[hits=mean]", set_bb, 2, RM_UNDEFINED, "0"},
  {"all undef micro error", "micro[skip=undef]:rr[hits=mean,undef=error]", set_bb, 2,
   RM_EUNDEF, NULL},
  {"all undef sum", "sum[skip=undef]:lrap[undef=error]", set_bc, 2, RM_OK, "0"},
  {"all norel ndcg", "mean[skip=norel]:ndcg", set_bb, 2, RM_UNDEFINED, "0"},
  /* Weights that sum to zero: lists of no items, or no retrieved positive. */
  {"items weights all zero", "mean[weight=items]:rr", set_empties, 2, RM_UNDEFINED, "0"},
  {"positives weights all zero", "mean[weight=positives]:rr", set_b_empty, 2, RM_UNDEFINED, "0"},
  /* undef=error inside: qb's hits=mean is undefined -> error, unless
     skip=undef (or norel, which drops qb first); then qa alone: 3/8. */
  {"undef=error mean", "mean:rr[hits=mean,undef=error]", set_ab, 2, RM_EUNDEF, NULL},
  {"undef=error mean skip undef", "mean[skip=undef]:rr[hits=mean,undef=error]", set_ab, 2,
   RM_OK, "3/8"},
  {"undef=error mean skip norel", "mean[skip=norel]:rr[hits=mean,undef=error]", set_ab, 2,
   RM_OK, "3/8"},
  {"undef=error mean items skip undef", "mean[skip=undef,weight=items]:rr[hits=mean,undef=error]",
   set_ab, 2, RM_OK, "3/8"},
  {"undef=error sum", "sum:rr[hits=mean,undef=error]", set_ab, 2, RM_EUNDEF, NULL},
  {"undef=error sum skip undef", "sum[skip=undef]:rr[hits=mean,undef=error]", set_ab, 2,
   RM_OK, "3/8"},
  /* lrap of qc is undefined (no relevant item retrieved), and qc has a
     relevant item so norel keeps it: error; skip=undef: qa alone, 1/2. */
  {"undef=error lrap", "mean:lrap[undef=error]", set_ac, 2, RM_EUNDEF, NULL},
  {"undef=error lrap norel", "mean[skip=norel]:lrap[undef=error]", set_ac, 2, RM_EUNDEF, NULL},
  {"undef=error lrap skip undef", "mean[skip=undef]:lrap[undef=error]", set_ac, 2, RM_OK, "1/2"},
  /* undef=error with no undefined query: qa, qc: (3/8 + 0)/2 = 3/16. */
  {"undef=error, all defined", "mean:rr[hits=mean,undef=error]", set_ac, 2, RM_OK, "3/16"},
};
#define N_HAND (sizeof hand_cases / sizeof hand_cases[0])

START_TEST(test_hand)
{
  rm_variant v;
  rm_exact e;
  rm_work w;
  rm_status s;
  double d = -1, want = 0;
  int tern = 0;
  const char *why = hand_cases[_i].why, *name = hand_cases[_i].name;
  tu_parse_or_fail(name, &v);
  if (hand_cases[_i].rational) {
    mpq_t x;
    mpq_init(x);
    ck_assert_msg(mpq_set_str(x, hand_cases[_i].rational, 10) == 0, "%s: bad fraction", why);
    mpq_canonicalize(x);
    want = tu_round_q(x, &tern);
    mpq_clear(x);
  }
  rm_exact_init(&e);
  s = rm_value_set_exact(&v, hand_cases[_i].q, hand_cases[_i].nq, &e);
  ck_assert_msg(s == hand_cases[_i].status, "%s: %s exact status %d, want %d", why, name,
                (int) s, (int) hand_cases[_i].status);
  if (s >= 0) {
    ck_assert_msg(e.rational != NULL && strcmp(e.rational, hand_cases[_i].rational) == 0,
                  "%s: %s exact %s, want %s", why, name, e.rational ? e.rational : "(irrational)",
                  hand_cases[_i].rational);
    ck_assert_msg(tu_bits(e.value) == tu_bits(want), "%s: %s exact double %a, want %a", why, name,
                  e.value, want);
    ck_assert_msg(e.ternary == tern, "%s: %s ternary %d, want %d", why, name, e.ternary, tern);
  }
  rm_exact_clear(&e);
  rm_work_init(&w);
  s = rm_value_set(&v, hand_cases[_i].q, hand_cases[_i].nq, &w, &d);
  rm_work_free(&w);
  ck_assert_msg(s == hand_cases[_i].status, "%s: %s double status %d, want %d", why, name,
                (int) s, (int) hand_cases[_i].status);
  if (s >= 0) {
    double u = rm_ulps_between(d, want);
    ck_assert_msg(u <= rm_ulp_bound(&v), "%s: %s double %a, want %a: %g ulps, bound %g", why,
                  name, d, want, u, rm_ulp_bound(&v));
  } else
    ck_assert_msg(d == -1, "%s: %s double written on error", why, name);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Random sets, and the oracle's own ranking.                               */

typedef struct {
  int n, nu, scored;
  int grade[MAXN], ugrade[MAXU];
  double score[MAXN];
} qbuf;

static const double score_pool[] = {2.0, 1.0, 0.5, 0.0, -0.0, 1.0};

static void random_query(tu_rng *r, qbuf *b)
{
  int i;
  b->n = (int) tu_below(r, MAXN + 1);
  b->nu = tu_below(r, 3) == 0 ? (int) tu_below(r, MAXU + 1) : 0;
  b->scored = tu_below(r, 4) != 0;
  for (i = 0; i < b->n; i++) {
    unsigned g = tu_below(r, 7); /* grades 0..3, zero more often */
    b->grade[i] = g > 3 ? 0 : (int) g;
    b->score[i] = score_pool[tu_below(r, sizeof score_pool / sizeof score_pool[0])];
  }
  for (i = 0; i < b->nu; i++) b->ugrade[i] = (int) tu_below(r, 4);
}

static rm_list list_of(const qbuf *b)
{
  rm_list l = {0};
  l.n = (size_t) b->n;
  l.grade = b->grade;
  l.score = b->scored ? b->score : NULL;
  l.id = NULL;
  l.n_unretrieved = (size_t) b->nu;
  l.unretrieved_grade = b->ugrade;
  return l;
}

enum { T_INPUT, T_PESS, T_OPT, T_REV };
static const char *const tiesw[] = {"input", "pessimistic", "optimistic", "reverse"};

/* -1 when input position a ranks before b, 1 when after: a total order. */
static int order_cmp(const qbuf *b, int ties, int x, int y)
{
  if (b->scored && b->score[x] != b->score[y]) return b->score[x] > b->score[y] ? -1 : 1;
  if (!b->scored) return x < y ? -1 : 1;
  switch (ties) {
  case T_PESS: if (b->grade[x] != b->grade[y]) return b->grade[x] < b->grade[y] ? -1 : 1; break;
  case T_OPT: if (b->grade[x] != b->grade[y]) return b->grade[x] > b->grade[y] ? -1 : 1; break;
  case T_REV: return x > y ? -1 : 1;
  default: break;
  }
  return x < y ? -1 : 1;
}

/* perm[r] = input position at rank r+1, by selection sort. */
static void oracle_rank(const qbuf *b, int ties, int *perm)
{
  int i, j;
  for (i = 0; i < b->n; i++) perm[i] = i;
  for (i = 0; i < b->n; i++) {
    int best = i;
    for (j = i + 1; j < b->n; j++) if (order_cmp(b, ties, perm[j], perm[best]) < 0) best = j;
    if (best != i) { int t = perm[i]; perm[i] = perm[best]; perm[best] = t; }
  }
}

static int n_rel_all(const qbuf *b, int rel)
{
  int i, c = 0;
  for (i = 0; i < b->n; i++) c += b->grade[i] >= rel;
  for (i = 0; i < b->nu; i++) c += b->ugrade[i] >= rel;
  return c;
}

static int n_rel_retrieved(const qbuf *b, int rel)
{
  int i, c = 0;
  for (i = 0; i < b->n; i++) c += b->grade[i] >= rel;
  return c;
}

/* ------------------------------------------------------------------------ */
/* 3. The ratio oracle: rr (all hits modes) and lrap.                        */

enum { M_RR_FIRST, M_RR_SUM, M_RR_MEAN, M_LRAP, N_M };
static const char *const undefw[] = {"zero", "one", "error"};

/* Per-query numerator and denominator, from the definitions of the book. */
static void oracle_ratio(const qbuf *b, int m, int rel, int k, int ties, mpq_t num, mpq_t den)
{
  int perm[MAXN], r, kk = k && k < b->n ? k : b->n, j, i;
  mpq_t t;
  mpq_init(t);
  mpq_set_ui(num, 0, 1);
  if (m == M_LRAP) {
    /* LRAP = (1/|Y|) sum_{j in Y} |{i in Y: s_i >= s_j}| / |{i: s_i >= s_j}|;
       without scores the input order is the ranking: "s_i >= s_j" is i <= j. */
    int y = 0;
    for (j = 0; j < b->n; j++) {
      int above = 0, rabove = 0;
      if (b->grade[j] < rel) continue;
      y++;
      for (i = 0; i < b->n; i++) {
        int ge = b->scored ? b->score[i] >= b->score[j] : i <= j;
        if (ge) { above++; rabove += b->grade[i] >= rel; }
      }
      mpq_set_ui(t, (unsigned long) rabove, (unsigned long) above);
      mpq_canonicalize(t);
      mpq_add(num, num, t);
    }
    mpq_set_ui(den, (unsigned long) y, 1);
  } else {
    oracle_rank(b, ties, perm);
    for (r = 0; r < kk; r++)
      if (b->grade[perm[r]] >= rel) {
        mpq_set_ui(t, 1, (unsigned long) (r + 1));
        mpq_add(num, num, t);
        if (m == M_RR_FIRST) break;
      }
    mpq_set_ui(den, m == M_RR_MEAN ? (unsigned long) n_rel_all(b, rel) : 1, 1);
  }
  mpq_clear(t);
}

/* The aggregation rules of the book, applied to the per-query parts. */
static rm_status oracle_aggregate(int agg, int skip, int weight, int undef, int nq,
                                  const qbuf *b, int rel, mpq_t *num, mpq_t *den, mpq_t out)
{
  mpq_t S, W, x, wt;
  int j;
  rm_status st = RM_OK;
  mpq_inits(S, W, x, wt, NULL);
  for (j = 0; j < nq; j++) {
    int undefined = mpq_sgn(den[j]) == 0;
    if (skip == RM_SKIP_NOREL && n_rel_all(&b[j], rel) == 0) continue;
    if (agg == RM_AGG_MICRO) {
      if (undefined && skip == RM_SKIP_UNDEF) continue;
      mpq_add(S, S, num[j]); mpq_add(W, W, den[j]);
      continue;
    }
    if (undefined) {
      if (skip == RM_SKIP_UNDEF) continue;
      if (undef == RM_UNDEF_ERROR) { st = RM_EUNDEF; break; }
      mpq_set_ui(x, undef == RM_UNDEF_ONE, 1);
    } else mpq_div(x, num[j], den[j]);
    if (agg == RM_AGG_SUM || weight == RM_WEIGHT_UNIFORM) mpq_set_ui(wt, 1, 1);
    else if (weight == RM_WEIGHT_ITEMS) mpq_set_ui(wt, (unsigned long) b[j].n, 1);
    else mpq_set_ui(wt, (unsigned long) n_rel_retrieved(&b[j], rel), 1);
    mpq_mul(x, x, wt);
    mpq_add(S, S, x); mpq_add(W, W, wt);
  }
  if (st == RM_OK) {
    if (agg == RM_AGG_SUM) mpq_set(out, S);
    else if (mpq_sgn(W) == 0) {
      if (undef == RM_UNDEF_ERROR) st = RM_EUNDEF;
      else { mpq_set_ui(out, undef == RM_UNDEF_ONE, 1); st = RM_UNDEFINED; }
    } else mpq_div(out, S, W);
  }
  mpq_clears(S, W, x, wt, NULL);
  return st;
}

typedef struct {
  long checked, exact_bad, double_bad, statuses[3];
  char first_exact[512], first_double[512];
} tally;

static void note(char *dst, long *count, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));
static void note(char *dst, long *count, const char *fmt, ...)
{
  va_list ap;
  if ((*count)++ > 0) return;
  va_start(ap, fmt);
  vsnprintf(dst, 512, fmt, ap);
  va_end(ap);
}

static void describe_set(char *out, size_t len, const qbuf *b, int nq)
{
  size_t p = 0;
  int j, i;
  for (j = 0; j < nq && p + 64 < len; j++) {
    p += (size_t) snprintf(out + p, len - p, "%s{g=", j ? " " : "");
    for (i = 0; i < b[j].n && p + 32 < len; i++)
      p += (size_t) snprintf(out + p, len - p, "%s%d", i ? "," : "", b[j].grade[i]);
    if (b[j].scored) {
      p += (size_t) snprintf(out + p, len - p, " s=");
      for (i = 0; i < b[j].n && p + 32 < len; i++)
        p += (size_t) snprintf(out + p, len - p, "%s%g", i ? "," : "", b[j].score[i]);
    }
    if (b[j].nu) {
      p += (size_t) snprintf(out + p, len - p, " u=");
      for (i = 0; i < b[j].nu && p + 32 < len; i++)
        p += (size_t) snprintf(out + p, len - p, "%s%d", i ? "," : "", b[j].ugrade[i]);
    }
    p += (size_t) snprintf(out + p, len - p, "}");
  }
}

/* Compare one aggregated variant with the oracle on a set. */
static void check_ratio_variant(tally *t, const char *name, int agg, int skip, int weight,
                                int undef, int nq, const qbuf *b, int rel, mpq_t *num,
                                mpq_t *den, const rm_list *lists, rm_work *w, long set)
{
  rm_variant v;
  rm_exact e;
  rm_status want_s, s;
  mpq_t want;
  double want_d = 0, d = -1;
  int tern = 0;
  char wstr[128] = "", desc[600];
  mpq_init(want);
  tu_parse_or_fail(name, &v);
  want_s = oracle_aggregate(agg, skip, weight, undef, nq, b, rel, num, den, want);
  if (want_s >= 0) {
    char *ws = mpq_get_str(NULL, 10, want);
    snprintf(wstr, sizeof wstr, "%s", ws);
    free_gmp_str(ws);
    want_d = tu_round_q(want, &tern);
  }
  t->checked++;
  t->statuses[want_s == RM_OK ? 0 : want_s == RM_UNDEFINED ? 1 : 2]++;
  rm_exact_init(&e);
  s = rm_value_set_exact(&v, lists, (size_t) nq, &e);
  if (s != want_s || (s >= 0 && (e.rational == NULL || strcmp(e.rational, wstr) != 0
                                 || tu_bits(e.value) != tu_bits(want_d) || e.ternary != tern))) {
    describe_set(desc, sizeof desc, b, nq);
    note(t->first_exact, &t->exact_bad, "set %ld %s on %s: exact status %d value %s (%a), "
         "want status %d value %s (%a)", set, name, desc, (int) s,
         s >= 0 && e.rational ? e.rational : "-", s >= 0 ? e.value : 0.0, (int) want_s,
         want_s >= 0 ? wstr : "-", want_d);
  }
  rm_exact_clear(&e);
  s = rm_value_set(&v, lists, (size_t) nq, w, &d);
  if (s != want_s || (s >= 0 && !(rm_ulps_between(d, want_d) <= rm_ulp_bound(&v)))) {
    describe_set(desc, sizeof desc, b, nq);
    note(t->first_double, &t->double_bad, "set %ld %s on %s: double status %d value %a, "
         "want status %d value %a (bound %g ulps)", set, name, desc, (int) s, s >= 0 ? d : 0.0,
         (int) want_s, want_d, rm_ulp_bound(&v));
  }
  mpq_clear(want);
}

START_TEST(test_oracle_ratio)
{
  tally t;
  rm_work w;
  long set;
  memset(&t, 0, sizeof t);
  rm_work_init(&w);
  for (set = (long) _i * ORACLE_PER; set < (long) (_i + 1) * ORACLE_PER; set++) {
    tu_rng r = {0x5eed0000ULL + (uint64_t) set};
    qbuf b[MAXQ];
    rm_list lists[MAXQ] = {{0}};
    mpq_t num[MAXQ], den[MAXQ];
    int nq = 1 + (int) tu_below(&r, MAXQ), j, m, a, sk, wt;
    int rel = tu_below(&r, 3) == 0 ? 2 : 1;
    int k = tu_below(&r, 3) == 0 ? 0 : 1 + (int) tu_below(&r, 6);
    int ties = (int) tu_below(&r, 4);
    unsigned ur = tu_below(&r, 10);
    int undef = ur < 4 ? RM_UNDEF_ZERO : ur < 7 ? RM_UNDEF_ONE : RM_UNDEF_ERROR;
    for (j = 0; j < nq; j++) {
      random_query(&r, &b[j]);
      lists[j] = list_of(&b[j]);
      mpq_init(num[j]); mpq_init(den[j]);
    }
    for (m = 0; m < N_M; m++) {
      char inner[128];
      static const char *const hitsw[] = {"first", "sum", "mean"};
      for (j = 0; j < nq; j++) oracle_ratio(&b[j], m, rel, k, ties, num[j], den[j]);
      if (m == M_LRAP)
        snprintf(inner, sizeof inner, "lrap[rel=%d,undef=%s]", rel, undefw[undef]);
      else if (k)
        snprintf(inner, sizeof inner, "rr@%d[hits=%s,rel=%d,ties=%s,undef=%s]", k, hitsw[m],
                 rel, tiesw[ties], undefw[undef]);
      else
        snprintf(inner, sizeof inner, "rr[hits=%s,rel=%d,ties=%s,undef=%s]", hitsw[m], rel,
                 tiesw[ties], undefw[undef]);
      for (a = RM_AGG_MEAN; a <= RM_AGG_SUM; a++)
        for (sk = 0; sk < 3; sk++)
          for (wt = 0; wt < (a == RM_AGG_MEAN ? 3 : 1); wt++) {
            char name[256];
            if (a == RM_AGG_MEAN)
              snprintf(name, sizeof name, "mean[skip=%s,weight=%s]:%s", skipw[sk], weightw[wt],
                       inner);
            else
              snprintf(name, sizeof name, "%s[skip=%s]:%s", aggw[a], skipw[sk], inner);
            check_ratio_variant(&t, name, a, sk, wt, undef, nq, b, rel, num, den, lists, &w, set);
          }
    }
    for (j = 0; j < nq; j++) { mpq_clear(num[j]); mpq_clear(den[j]); }
  }
  rm_work_free(&w);
  ck_assert_msg(t.checked == ORACLE_PER * N_M * 15, "only %ld variants checked", t.checked);
  ck_assert_msg(t.exact_bad == 0, "oracle chunk %d: %ld of %ld exact results wrong; first: %s",
                _i, t.exact_bad, t.checked, t.first_exact);
  ck_assert_msg(t.double_bad == 0, "oracle chunk %d: %ld of %ld double results wrong; first: %s",
                _i, t.double_bad, t.checked, t.first_double);
  /* The generator must reach every status, or the test is weaker than it looks. */
  ck_assert_msg(t.statuses[0] > 0 && t.statuses[1] + t.statuses[2] > 0,
                "oracle chunk %d: statuses ok/undefined/eundef seen %ld/%ld/%ld", _i,
                t.statuses[0], t.statuses[1], t.statuses[2]);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 4. Means of nDCG, with MPFR at 256 bits.                                  */

/* nDCG@K of one query (K = 0: none): linear gain, discount lg(i+1), ideal
   from all judged grades sorted decreasingly, ties in input order.  Returns
   0 when the ideal DCG is 0 (undefined; the caller applies undef=zero). */
static int oracle_ndcg(const qbuf *b, int k, mpfr_t out)
{
  int perm[MAXN], ideal[MAXN + MAXU], m = 0, i, j, kk;
  mpfr_t dcg, idcg, t, lg;
  mpfr_inits2(OPREC, dcg, idcg, t, lg, (mpfr_ptr) 0);
  mpfr_set_ui(dcg, 0, MPFR_RNDN);
  mpfr_set_ui(idcg, 0, MPFR_RNDN);
  oracle_rank(b, T_INPUT, perm);
  kk = k && k < b->n ? k : b->n;
  for (i = 0; i < kk; i++) {
    mpfr_set_ui(lg, (unsigned long) i + 2, MPFR_RNDN);
    mpfr_log2(lg, lg, MPFR_RNDN);
    mpfr_set_ui(t, (unsigned long) b->grade[perm[i]], MPFR_RNDN);
    mpfr_div(t, t, lg, MPFR_RNDN);
    mpfr_add(dcg, dcg, t, MPFR_RNDN);
  }
  for (i = 0; i < b->n; i++) ideal[m++] = b->grade[i];
  for (i = 0; i < b->nu; i++) ideal[m++] = b->ugrade[i];
  for (i = 1; i < m; i++) /* insertion sort, decreasing */
    for (j = i; j > 0 && ideal[j] > ideal[j - 1]; j--) {
      int x = ideal[j]; ideal[j] = ideal[j - 1]; ideal[j - 1] = x;
    }
  kk = k && k < m ? k : m;
  for (i = 0; i < kk; i++) {
    mpfr_set_ui(lg, (unsigned long) i + 2, MPFR_RNDN);
    mpfr_log2(lg, lg, MPFR_RNDN);
    mpfr_set_ui(t, (unsigned long) ideal[i], MPFR_RNDN);
    mpfr_div(t, t, lg, MPFR_RNDN);
    mpfr_add(idcg, idcg, t, MPFR_RNDN);
  }
  i = mpfr_zero_p(idcg) ? 0 : 1;
  if (i) mpfr_div(out, dcg, idcg, MPFR_RNDN);
  else mpfr_set_ui(out, 0, MPFR_RNDN);
  mpfr_clears(dcg, idcg, t, lg, (mpfr_ptr) 0);
  return i;
}

/* Rounds y to the nearest double; returns 0 when y lies within 2^-200
   (relative) of a midpoint between two doubles, where a 256-bit evaluation
   cannot decide. */
static int decide_double(const mpfr_t y, double *d)
{
  mpfr_t mid, diff;
  double nb[2];
  int i, ok = 1;
  *d = mpfr_get_d(y, MPFR_RNDN);
  if (mpfr_zero_p(y)) return 1;
  nb[0] = nextafter(*d, -INFINITY); nb[1] = nextafter(*d, INFINITY);
  mpfr_inits2(OPREC, mid, diff, (mpfr_ptr) 0);
  for (i = 0; i < 2; i++) {
    mpfr_set_d(mid, *d, MPFR_RNDN);
    mpfr_add_d(mid, mid, nb[i], MPFR_RNDN); /* exact: 54 bits suffice */
    mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
    mpfr_sub(diff, y, mid, MPFR_RNDN);
    mpfr_abs(diff, diff, MPFR_RNDN);
    mpfr_div(diff, diff, y, MPFR_RNDN);
    if (mpfr_cmp_d(diff, 0x1p-200) <= 0) ok = 0;
  }
  mpfr_clears(mid, diff, (mpfr_ptr) 0);
  return ok;
}

static const struct { const char *name; int agg, skip, weight, k; } ndcg_variants[] = {
  {"mean:ndcg", RM_AGG_MEAN, RM_SKIP_NONE, RM_WEIGHT_UNIFORM, 0},
  {"mean[weight=items]:ndcg", RM_AGG_MEAN, RM_SKIP_NONE, RM_WEIGHT_ITEMS, 0},
  {"mean[skip=norel,weight=positives]:ndcg@3", RM_AGG_MEAN, RM_SKIP_NOREL, RM_WEIGHT_POSITIVES, 3},
  {"sum:ndcg@5", RM_AGG_SUM, RM_SKIP_NONE, RM_WEIGHT_UNIFORM, 5},
};
#define N_NDCG_V (sizeof ndcg_variants / sizeof ndcg_variants[0])

START_TEST(test_oracle_ndcg)
{
  long set, checked = 0, skipped = 0, exact_bad = 0, double_bad = 0;
  char first_exact[512] = "", first_double[512] = "";
  rm_work w;
  rm_work_init(&w);
  for (set = (long) _i * NDCG_PER; set < (long) (_i + 1) * NDCG_PER; set++) {
    tu_rng r = {0xdc600000ULL + (uint64_t) set};
    qbuf b[MAXQ];
    rm_list lists[MAXQ] = {{0}};
    int nq = 1 + (int) tu_below(&r, MAXQ), j;
    size_t vi;
    for (j = 0; j < nq; j++) { random_query(&r, &b[j]); lists[j] = list_of(&b[j]); }
    for (vi = 0; vi < N_NDCG_V; vi++) {
      rm_variant v;
      rm_exact e;
      rm_status s, want_s = RM_OK;
      mpfr_t S, x;
      unsigned long W = 0;
      double want = 0, d;
      char desc[600];
      tu_parse_or_fail(ndcg_variants[vi].name, &v);
      mpfr_inits2(OPREC, S, x, (mpfr_ptr) 0);
      mpfr_set_ui(S, 0, MPFR_RNDN);
      for (j = 0; j < nq; j++) {
        unsigned long wt;
        if (ndcg_variants[vi].skip == RM_SKIP_NOREL && n_rel_all(&b[j], 1) == 0) continue;
        oracle_ndcg(&b[j], ndcg_variants[vi].k, x); /* undefined -> 0 (undef=zero) */
        wt = ndcg_variants[vi].agg == RM_AGG_SUM ? 1
           : ndcg_variants[vi].weight == RM_WEIGHT_ITEMS ? (unsigned long) b[j].n
           : ndcg_variants[vi].weight == RM_WEIGHT_POSITIVES
             ? (unsigned long) n_rel_retrieved(&b[j], 1) : 1;
        mpfr_mul_ui(x, x, wt, MPFR_RNDN);
        mpfr_add(S, S, x, MPFR_RNDN);
        W += wt;
      }
      if (ndcg_variants[vi].agg != RM_AGG_SUM) {
        if (W == 0) { want_s = RM_UNDEFINED; mpfr_set_ui(S, 0, MPFR_RNDN); }
        else mpfr_div_ui(S, S, W, MPFR_RNDN);
      }
      if (!decide_double(S, &want)) { skipped++; mpfr_clears(S, x, (mpfr_ptr) 0); continue; }
      mpfr_clears(S, x, (mpfr_ptr) 0);
      checked++;
      rm_exact_init(&e);
      s = rm_value_set_exact(&v, lists, (size_t) nq, &e);
      if (s != want_s || tu_bits(e.value) != tu_bits(want)) {
        describe_set(desc, sizeof desc, b, nq);
        note(first_exact, &exact_bad, "set %ld %s on %s: exact status %d %a, want %d %a", set,
             ndcg_variants[vi].name, desc, (int) s, e.value, (int) want_s, want);
      }
      rm_exact_clear(&e);
      d = -1;
      s = rm_value_set(&v, lists, (size_t) nq, &w, &d);
      if (s != want_s || !(rm_ulps_between(d, want) <= rm_ulp_bound(&v))) {
        describe_set(desc, sizeof desc, b, nq);
        note(first_double, &double_bad, "set %ld %s on %s: double status %d %a, want %d %a "
             "(bound %g)", set, ndcg_variants[vi].name, desc, (int) s, d, (int) want_s, want,
             rm_ulp_bound(&v));
      }
    }
  }
  rm_work_free(&w);
  if (skipped)
    fprintf(stderr, "agg/ndcg chunk %d: %ld values within 2^-200 of a rounding boundary "
            "skipped\n", _i, skipped);
  ck_assert_msg(checked + skipped == NDCG_PER * (long) N_NDCG_V, "ndcg chunk %d: %ld checked",
                _i, checked);
  ck_assert_msg(exact_bad == 0, "ndcg chunk %d: %ld of %ld exact wrong; first: %s", _i,
                exact_bad, checked, first_exact);
  ck_assert_msg(double_bad == 0, "ndcg chunk %d: %ld of %ld double wrong; first: %s", _i,
                double_bad, checked, first_double);
}
END_TEST

/* Perfect rankings: every query's list in decreasing grade order, at least
   one positive grade, no relevant item left unretrieved: every nDCG is 1, so
   any weighted mean is exactly 1. */
START_TEST(test_ndcg_perfect)
{
  static const char *const names[] = {"mean:ndcg", "mean[weight=items]:ndcg",
    "mean[weight=positives]:ndcg", "mean[skip=norel]:ndcg@4", "mean[skip=undef]:ndcg@2"};
  tu_rng r = {0x9e7f0000ULL + (uint64_t) _i};
  qbuf b[MAXQ];
  rm_list lists[MAXQ] = {{0}};
  int nq = 1 + (int) tu_below(&r, MAXQ), j, i, jj;
  size_t vi;
  for (j = 0; j < nq; j++) {
    random_query(&r, &b[j]);
    if (b[j].n == 0) b[j].n = 1;
    b[j].grade[0] = 1 + (int) tu_below(&r, 3);
    for (i = 1; i < b[j].n; i++) /* sort decreasingly */
      for (jj = i; jj > 0 && b[j].grade[jj] > b[j].grade[jj - 1]; jj--) {
        int x = b[j].grade[jj]; b[j].grade[jj] = b[j].grade[jj - 1]; b[j].grade[jj - 1] = x;
      }
    for (i = 0; i < b[j].n; i++) b[j].score[i] = (double) b[j].grade[i]; /* equal grades tie */
    for (i = 0; i < b[j].nu; i++) b[j].ugrade[i] = 0;
    lists[j] = list_of(&b[j]);
  }
  for (vi = 0; vi < sizeof names / sizeof names[0]; vi++) {
    rm_variant v;
    rm_exact e;
    rm_status s;
    double d = -1;
    tu_parse_or_fail(names[vi], &v);
    rm_exact_init(&e);
    s = rm_value_set_exact(&v, lists, (size_t) nq, &e);
    ck_assert_msg(s == RM_OK && e.rational && strcmp(e.rational, "1") == 0 && e.value == 1.0
                  && e.ternary == 0, "perfect set %d, %s: exact status %d rational %s value %a",
                  _i, names[vi], (int) s, e.rational ? e.rational : "(irrational)", e.value);
    rm_exact_clear(&e);
    s = rm_value_set(&v, lists, (size_t) nq, NULL, &d);
    ck_assert_msg(s == RM_OK && rm_ulps_between(d, 1.0) <= rm_ulp_bound(&v),
                  "perfect set %d, %s: double status %d value %a", _i, names[vi], (int) s, d);
  }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 5. rm_value with an aggregated variant is rm_value_set with nq = 1.       */

static const char *const single_names[] = {
  "mean:rr", "micro:rr[hits=mean]", "sum:lrap", "mean[weight=items]:rr@3[hits=sum]",
  "mean[skip=undef]:ndcg@5", "micro[skip=norel]:lrap", "sum[skip=norel]:dcg@4",
  "mean[weight=positives]:ndcg", "mean[skip=undef]:rr[hits=mean,undef=error]",
  "micro:lrap[undef=error]", "sum:cg[gain=exp2]", "mean:idcg@3",
};
#define N_SINGLE (sizeof single_names / sizeof single_names[0])

START_TEST(test_single)
{
  const char *name = single_names[_i];
  rm_variant v;
  rm_work w;
  int n, statuses = 0;
  tu_parse_or_fail(name, &v);
  rm_work_init(&w);
  for (n = 0; n < SINGLE_N; n++) {
    tu_rng r = {0x51e60000ULL + (uint64_t) n};
    qbuf b;
    rm_list l = {0};
    rm_exact e1, e2;
    rm_status s1, s2;
    double d1 = -1, d2 = -2;
    random_query(&r, &b);
    l = list_of(&b);
    s1 = rm_value(&v, &l, &w, &d1);
    s2 = rm_value_set(&v, &l, 1, &w, &d2);
    ck_assert_msg(s1 == s2, "%s, list %d: rm_value status %d, rm_value_set %d", name, n,
                  (int) s1, (int) s2);
    if (s1 >= 0)
      ck_assert_msg(tu_bits(d1) == tu_bits(d2), "%s, list %d: rm_value %a, rm_value_set %a", name,
                    n, d1, d2);
    statuses |= 1 << (s1 == RM_OK ? 0 : s1 == RM_UNDEFINED ? 1 : 2);
    rm_exact_init(&e1); rm_exact_init(&e2);
    s1 = rm_value_exact(&v, &l, &e1);
    s2 = rm_value_set_exact(&v, &l, 1, &e2);
    ck_assert_msg(s1 == s2, "%s, list %d: rm_value_exact status %d, rm_value_set_exact %d",
                  name, n, (int) s1, (int) s2);
    if (s1 >= 0) {
      ck_assert_msg(tu_bits(e1.value) == tu_bits(e2.value) && e1.ternary == e2.ternary
                    && ((e1.rational == NULL && e2.rational == NULL)
                        || (e1.rational && e2.rational && strcmp(e1.rational, e2.rational) == 0))
                    && strcmp(e1.decimal, e2.decimal) == 0,
                    "%s, list %d: rm_value_exact %s (%a), rm_value_set_exact %s (%a)", name, n,
                    e1.rational ? e1.rational : e1.decimal, e1.value,
                    e2.rational ? e2.rational : e2.decimal, e2.value);
      /* mean:rr on one list is that list's first-hit reciprocal rank, by
         the oracle. */
      if (_i == 0) {
        mpq_t num, den;
        int tern;
        double want;
        mpq_inits(num, den, NULL);
        oracle_ratio(&b, M_RR_FIRST, 1, 0, T_INPUT, num, den);
        mpq_div(num, num, den);
        want = tu_round_q(num, &tern);
        ck_assert_msg(tu_bits(e1.value) == tu_bits(want), "mean:rr, list %d: %a, want %a", n,
                      e1.value, want);
        mpq_clears(num, den, NULL);
      }
    }
    rm_exact_clear(&e1); rm_exact_clear(&e2);
  }
  rm_work_free(&w);
  ck_assert_msg(statuses & 1, "%s: no list gave RM_OK", name);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 6. Which queries are terms of an aggregate: rm_value_set_counts.         */

/* Lists worked by hand.  A: retrieved grades 2, 0, 1 and one unretrieved
   judged item of grade 1.  B: retrieved 0, 0, nothing unretrieved.  C:
   nothing retrieved, one unretrieved item of grade 3.  D: retrieved 1, 1.
   R: ratings only (no grades), 3.5 and 0.5. */
static const int cnt_ga[] = {2, 0, 1}, cnt_ua[] = {1}, cnt_gb[] = {0, 0}, cnt_uc[] = {3}, cnt_gd[] = {1, 1};
static const char *const cnt_lr[] = {"3.5", "0.5"};
static const rm_list LA = {3, cnt_ga, NULL, NULL, 1, cnt_ua, NULL, NULL, NULL};
static const rm_list LB = {2, cnt_gb, NULL, NULL, 0, NULL, NULL, NULL, NULL};
static const rm_list LC = {0, NULL, NULL, NULL, 1, cnt_uc, NULL, NULL, NULL};
static const rm_list LD = {2, cnt_gd, NULL, NULL, 0, NULL, NULL, NULL, NULL};
static const rm_list LR = {2, NULL, NULL, NULL, 0, NULL, cnt_lr, NULL, NULL};
static const struct {
  const char *name;
  const rm_list *l;
  rm_status t;
  int want;
  double weight; /* when want is 1 */
  const char *why;
} count_cases[] = {
  {"mean[skip=norel]:ap", &LA, RM_OK, 1, 1, "A has grades 2 and 1 >= rel 1"},
  {"mean[skip=norel]:ap", &LB, RM_OK, 0, 0, "B has no grade >= 1"},
  {"mean[skip=norel]:ap", &LC, RM_OK, 1, 1, "C's unretrieved 3 is relevant"},
  {"mean[skip=norel]:ap", &LB, RM_EUNDEF, 0, 0, "norel leaves B out whatever its value"},
  {"mean[skip=norel]:ap[rel=2]", &LD, RM_OK, 0, 0, "D's grades 1 are below rel 2"},
  {"mean[skip=norel]:ap[rel=2]", &LA, RM_OK, 1, 1, "A's grade 2 reaches rel 2"},
  {"mean[skip=missing]:ap", &LC, RM_OK, 0, 0, "C retrieved nothing"},
  {"mean[skip=missing]:ap", &LB, RM_OK, 1, 1, "B retrieved two items"},
  {"mean[skip=undef]:ap", &LA, RM_UNDEFINED, 0, 0, "undefined value, skip=undef"},
  {"mean[skip=undef]:ap", &LA, RM_EUNDEF, 0, 0, "undef=error value, skip=undef"},
  {"mean[skip=undef]:ap", &LA, RM_OK, 1, 1, "a defined value counts"},
  {"mean[skip=undef]:ap", &LA, RM_EGRADE, 1, 1, "an error is not an undefined value"},
  {"mean[skip=none]:ap", &LB, RM_UNDEFINED, 1, 1, "skip=none keeps everything"},
  {"mean[weight=items]:ap", &LA, RM_OK, 1, 3, "A retrieved 3 items"},
  {"mean[weight=positives]:ap", &LA, RM_OK, 1, 2, "A retrieved 2 items >= 1 (the unretrieved one not)"},
  {"mean[weight=positives]:ap[rel=2]", &LA, RM_OK, 1, 1, "A retrieved 1 item >= 2"},
  {"mean[weight=positives]:ap", &LB, RM_OK, 1, 0, "B retrieved none >= 1"},
  {"mean[weight=positives]:mae", &LR, RM_OK, 1, 1, "ratings 3.5 >= 1, 0.5 < 1"},
  {"sum:ap", &LA, RM_OK, 1, 1, "a sum weighs 1"},
  {"gm:ap", &LA, RM_OK, 1, 1, "a geometric mean weighs 1"},
  {"micro:precision@2", &LA, RM_OK, 1, 1, "a micro average weighs 1"},
  {"micro[skip=undef]:precision@2", &LA, RM_UNDEFINED, 0, 0, "zero denominator, skip=undef"},
};
#define N_COUNT (sizeof count_cases / sizeof count_cases[0])

START_TEST(test_counts)
{
  rm_variant v;
  double wt = -1;
  int got;
  tu_parse_or_fail(count_cases[_i].name, &v);
  got = rm_value_set_counts(&v, count_cases[_i].l, count_cases[_i].t, &wt);
  ck_assert_msg(got == count_cases[_i].want, "%s (%s): %d, want %d", count_cases[_i].name,
                count_cases[_i].why, got, count_cases[_i].want);
  if (got == 1)
    ck_assert_msg(wt == count_cases[_i].weight, "%s (%s): weight %g, want %g",
                  count_cases[_i].name, count_cases[_i].why, wt, count_cases[_i].weight);
  else
    ck_assert_msg(wt == -1, "%s: the weight was written for a query left out", count_cases[_i].name);
  ck_assert_int_eq(rm_value_set_counts(&v, count_cases[_i].l, count_cases[_i].t, NULL), got);
}
END_TEST

/* The rule is the one rm_value_set follows: a query left out by
   skip=norel is left out before its value is asked for, so undef=error on
   it is no error.  AP of (1, 0) is 1; of (0, 0) it is 0/0. */
START_TEST(test_counts_set)
{
  static const int g1[] = {1, 0}, g2[] = {0, 0};
  rm_list q[2] = {{2, g1, NULL, NULL, 0, NULL, NULL, NULL, NULL}, {2, g2, NULL, NULL, 0, NULL, NULL, NULL, NULL}};
  rm_variant v;
  double d = -1;
  tu_parse_or_fail("mean[skip=norel]:ap[undef=error]", &v);
  ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_OK);
  ck_assert(d == 1);
  tu_parse_or_fail("mean[skip=none]:ap[undef=error]", &v);
  ck_assert_int_eq(rm_value_set(&v, q, 2, NULL, &d), RM_EUNDEF);
  tu_parse_or_fail("ap", &v);
  ck_assert_int_eq(rm_value_set_counts(&v, &q[0], RM_OK, NULL), RM_EINVAL);
  ck_assert_int_eq(rm_value_set_counts(NULL, &q[0], RM_OK, NULL), RM_EINVAL);
  tu_parse_or_fail("mean:ap", &v);
  ck_assert_int_eq(rm_value_set_counts(&v, NULL, RM_OK, NULL), RM_EINVAL);
}
END_TEST

/* ------------------------------------------------------------------------ */

Suite *suite_agg(void)
{
  Suite *s = suite_create("agg");
  TCase *tc;
  tc = tcase_create("names");
  tcase_add_loop_test(tc, test_canonical, 0, (int) N_CANON);
  tcase_add_loop_test(tc, test_round_trip, 0, (int) N_INNER);
  tcase_add_loop_test(tc, test_reject, 0, (int) N_REJECT);
  tcase_add_test(tc, test_handmade_variants);
  suite_add_tcase(s, tc);
  tc = tcase_create("hand");
  tcase_add_loop_test(tc, test_hand, 0, (int) N_HAND);
  suite_add_tcase(s, tc);
  tc = tcase_create("oracle");
  tcase_set_timeout(tc, AGG_TIMEOUT);
  tcase_add_loop_test(tc, test_oracle_ratio, 0, ORACLE_CHUNKS);
  suite_add_tcase(s, tc);
  tc = tcase_create("ndcg");
  tcase_set_timeout(tc, AGG_TIMEOUT);
  tcase_add_loop_test(tc, test_oracle_ndcg, 0, NDCG_CHUNKS);
  tcase_add_loop_test(tc, test_ndcg_perfect, 0, 20);
  suite_add_tcase(s, tc);
  tc = tcase_create("counts");
  tcase_add_loop_test(tc, test_counts, 0, (int) N_COUNT);
  tcase_add_test(tc, test_counts_set);
  suite_add_tcase(s, tc);
  tc = tcase_create("single");
  tcase_set_timeout(tc, AGG_TIMEOUT);
  tcase_add_loop_test(tc, test_single, 0, (int) N_SINGLE);
  suite_add_tcase(s, tc);
  return s;
}
