/* score_fast.c: eval's shortcut for reading a score (ev_score_fast, Clinger's
   fast path) against strtod, bit for bit.  The engine's source (rmeval.c)
   is compiled in, as the fuzz harnesses do, so that its static functions
   can be called.  Random decimals of 1 to 18 digits, with or without a sign,
   a point and an exponent: every one the shortcut takes must be the double
   strtod gives and a score tool_score accepts, and every one it declines
   must be one it may decline (over 15 digits, an exponent, or not a score).
   Prints the counts; exits 1 on the first disagreement.  Usage: score_fast N */
#include "../rmeval.c"

static uint64_t sf_state = 88172645463325252ULL;
static uint64_t sf_next(void)
{
  sf_state ^= sf_state << 13; sf_state ^= sf_state >> 7; sf_state ^= sf_state << 17;
  return sf_state;
}
static int sf_check(const char *s, long *took)
{
  double x, y, z;
  int fast = ev_score_fast(s, &x);
  const char *bad = tool_score(s, &z);
  size_t digits = 0;
  const char *q;
  for (q = s; *q; q++) digits += *q >= '0' && *q <= '9';
  if (!fast) {
    if (bad == NULL && digits <= 15 && strpbrk(s, "eE") == NULL) {
      printf("score_fast: '%s' declined, yet it is a short score\n", s);
      return 0;
    }
    return 1;
  }
  ++*took;
  y = strtod(s, NULL);
  if (bad != NULL || memcmp(&x, &y, sizeof x) != 0 || memcmp(&x, &z, sizeof x) != 0) {
    printf("score_fast: '%s': shortcut %a, strtod %a, tool_score %s\n", s, x, y,
      bad ? bad : "accepts");
    return 0;
  }
  return 1;
}
int main(int argc, char **argv)
{
  static const char *const fixed[] = {"0", "-0", "+0", "0.", ".5", "-.5", "5.",
    ".", "-", "+", "", "1.2.3", "--1", "1e5", "1E-3", "0x10", "inf", "nan",
    " 1", "1 ", "123456789012345", "1234567890123456", "-999999999999999",
    "0.000000000000001", "0.0000000000000001", "9007199254740993",
    "3.14159265358979", "4.8", "-12.03125", "17", "1e400"};
  long n = argc > 1 ? atol(argv[1]) : 1000000, i, took = 0;
  size_t k;
  char s[64];
  for (k = 0; k < sizeof fixed / sizeof *fixed; k++)
    if (!sf_check(fixed[k], &took)) return 1;
  for (i = 0; i < n; i++) {
    uint64_t r = sf_next();
    int nd = 1 + (int) (r % 18), point = (int) ((r >> 8) % (unsigned) (nd + 2)) - 1, j;
    char *p = s;
    if ((r >> 16) % 4 == 0) *p++ = (r >> 18) % 2 ? '-' : '+';
    for (j = 0; j < nd; j++) {
      if (j == point) *p++ = '.';
      *p++ = (char) ('0' + sf_next() % 10);
    }
    if (point == nd) *p++ = '.';
    if ((r >> 24) % 16 == 0) p += sprintf(p, "e%d", (int) ((r >> 28) % 40) - 20);
    if ((r >> 32) % 64 == 0) *p++ = 'x'; /* not a score */
    *p = '\0';
    if (!sf_check(s, &took)) return 1;
  }
  printf("score_fast: %ld strings, %ld read by the shortcut, each as strtod reads it\n",
    n + (long) (sizeof fixed / sizeof *fixed), took);
  return 0;
}
