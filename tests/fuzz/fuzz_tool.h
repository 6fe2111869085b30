#define _POSIX_C_SOURCE 200809L /* as rmtool.c: getline, mkdtemp */
#define _GNU_SOURCE /* as rmtool.c and rmeval.c: NSIG, fopencookie (compressed input) */
/* Shared by the harnesses of the tool's file readers: the tool's source,
   rmtool.c, and the engine's, rmeval.c, are compiled into the harness (the
   tool's main renamed), so that their static readers can be called; its messages go to /dev/null, and its
   output too unless the harness sets fuzz_out (stderr and stdout are
   redirected only inside rmtool.c, not for libFuzzer or the sanitizers).  Each input is written to a scratch file, since the readers
   take file names. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static FILE *fuzz_null(void)
{
  static FILE *f;
  if (f == NULL && (f = fopen("/dev/null", "w")) == NULL) abort();
  return f;
}
/* A harness may catch the tool's standard output in a file of its own. */
static FILE *fuzz_out;
static FILE *fuzz_stdout(void)
{
  return fuzz_out ? fuzz_out : fuzz_null();
}
#undef stderr
#undef stdout
#define stderr fuzz_null()
#define stdout fuzz_stdout()
#define main rankmetrics_main
#include "../../rmtool.c"
#include "../../rmeval.c"
#undef main
#undef stderr
#undef stdout
#define stderr stderr
#define stdout stdout
static char fuzz_dir[64];
static const char *fuzz_path(const char *name)
{
  static char p[4][128];
  static int k;
  if (fuzz_dir[0] == '\0') {
    snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/rmfuzz.XXXXXX");
    if (mkdtemp(fuzz_dir) == NULL) abort();
  }
  k = (k + 1) % 4;
  snprintf(p[k], sizeof p[k], "%s/%s", fuzz_dir, name);
  return p[k];
}
static void fuzz_write(const char *path, const uint8_t *d, size_t n)
{
  FILE *f = fopen(path, "wb");
  if (f == NULL || fwrite(d, 1, n, f) != n || fclose(f) != 0) abort();
}
