/* libFuzzer harness: the variant-name parser, rm_variant_parse.
   Invariants, beyond "no crash, no out-of-bounds access, no undefined
   behaviour" (AddressSanitizer and UndefinedBehaviorSanitizer):
   - a refused name gets a status RM_ENAME (or RM_EK, RM_EINVAL) and a
     non-empty, terminated message, even into a short buffer;
   - an accepted name prints (rm_variant_name) to fewer than RM_NAME_MAX
     characters, and print(parse(s)) parses again to the same variant:
     the same canonical name, and the same value on a fixed list;
   - rm_variant_name is snprintf-like: a short buffer gets a terminated
     prefix and the full length. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "invariant failed: %s\n", #c); abort(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char s[1024], msg[256], small[8], name[RM_NAME_MAX + 8], again[RM_NAME_MAX + 8];
  rm_variant v, w;
  rm_status st;
  size_t n, m;
  if (size >= sizeof s) size = sizeof s - 1;
  memcpy(s, data, size);
  s[size] = '\0'; /* a NUL byte inside the input ends the name there */
  memset(msg, 'x', sizeof msg);
  st = rm_variant_parse(s, &v, msg, sizeof msg);
  if (st != RM_OK) {
    CHECK(st < 0);
    CHECK(memchr(msg, '\0', sizeof msg) != NULL);
    CHECK(msg[0] != '\0');
    memset(small, 'x', sizeof small);
    CHECK(rm_variant_parse(s, &w, small, sizeof small) == st);
    CHECK(memchr(small, '\0', sizeof small) != NULL);
    CHECK(rm_variant_parse(s, &w, NULL, 0) == st);
    return 0;
  }
  n = rm_variant_name(&v, name, sizeof name);
  CHECK(n < RM_NAME_MAX && strlen(name) == n);
  memset(small, 'x', sizeof small);
  CHECK(rm_variant_name(&v, small, sizeof small) == n);
  CHECK(strlen(small) == (n < sizeof small ? n : sizeof small - 1));
  CHECK(strncmp(small, name, strlen(small)) == 0);
  st = rm_variant_parse(name, &w, msg, sizeof msg);
  if (st != RM_OK) { fprintf(stderr, "%s -> %s: %s\n", s, name, msg); abort(); }
  m = rm_variant_name(&w, again, sizeof again);
  if (m != n || strcmp(name, again) != 0) {
    fprintf(stderr, "%s -> %s -> %s\n", s, name, again);
    abort();
  }
  { /* the same variant computes the same value */
    static const int g[5] = {2, 0, 1, 0, 3};
    static const double sc[5] = {0.9, 0.8, 0.8, 0.5, 0.1};
    static const char *const id[5] = {"a", "b", "c", "d", "e"};
    static const int ug[2] = {1, 0};
    rm_list l = {5, g, sc, id, 2, ug, NULL, NULL};
    double d1 = -1, d2 = -1;
    rm_status s1 = rm_value(&v, &l, NULL, &d1), s2 = rm_value(&w, &l, NULL, &d2);
    CHECK(s1 == s2);
    CHECK(s1 < 0 || memcmp(&d1, &d2, sizeof d1) == 0);
  }
  return 0;
}
