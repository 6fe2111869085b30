/* Helpers shared by the Check suites: a seeded generator, two ways of
   comparing doubles, and the correctly rounded double of a fraction.  They
   are our own, written apart from the library, so that no test checks the
   library against a copy of itself. */

#ifndef RM_TESTUTIL_H
#define RM_TESTUTIL_H

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "rankmetrics.h"

/* splitmix64: every suite draws its random cases from a fixed seed, so a
   failure reproduces. */
typedef struct { uint64_t s; } tu_rng;

static inline uint64_t tu_next(tu_rng *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (the modulo bias is far too small to matter here). */
static inline unsigned tu_below(tu_rng *r, unsigned n)
{
  return (unsigned) (tu_next(r) % n);
}

static inline uint64_t tu_bits(double x)
{
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

/* Bit for bit: tells -0 from +0, and equal NaNs are equal. */
static inline int tu_same_bits(double a, double b)
{
  return tu_bits(a) == tu_bits(b);
}

/* Number of doubles between a and b, on the monotone integer scale of the
   bit patterns where -0 and +0 coincide; infinite when either is a NaN. */
static inline double tu_ulps(double a, double b)
{
  uint64_t ua = tu_bits(a), ub = tu_bits(b);
  int64_t x, y;
  if (isnan(a) || isnan(b)) return INFINITY;
  x = (ua >> 63) ? -(int64_t) (ua & 0x7fffffffffffffffULL) : (int64_t) ua;
  y = (ub >> 63) ? -(int64_t) (ub & 0x7fffffffffffffffULL) : (int64_t) ub;
  return x > y ? (double) ((uint64_t) x - (uint64_t) y)
               : (double) ((uint64_t) y - (uint64_t) x);
}

/* The correctly rounded double of a fraction, by MPFR, and (when ternary is
   not NULL) the sign of that double minus the fraction. */
static inline double tu_round_q(const mpq_t x, int *ternary)
{
  mpfr_t t;
  double d;
  int tern;
  mpfr_init2(t, 53);
  tern = mpfr_set_q(t, x, MPFR_RNDN);
  d = mpfr_get_d(t, MPFR_RNDN);
  mpfr_clear(t);
  if (ternary) *ternary = (tern > 0) - (tern < 0);
  return d;
}

static inline void tu_parse_or_fail(const char *name, rm_variant *v)
{
  char msg[256] = "";
  rm_status s = rm_variant_parse(name, v, msg, sizeof msg);
  ck_assert_msg(s == RM_OK, "parsing '%s': status %d (%s)", name, (int) s, msg);
}

#endif
