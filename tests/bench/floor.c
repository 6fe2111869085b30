/* floor.c: the floor of `make bench': a program that only reads and
   tokenises the files the evaluator reads, as cheaply as the evaluator could,
   so that the ratio of the two times is the cost of evaluating.
   floor trec QRELS RUN -- reads both files line by line (getline), splits
     each line at white space, and converts the grade of a judgment and the
     score of a run line (strtod).
   floor csv FILE [sort] -- reads the header and every row, splits at commas,
     converts the label and the score; with `sort', keeps the scores and sorts
     them (qsort of doubles), the least work any exact AUC must do.
   It prints a checksum so that nothing is optimised away. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int split(char *s, char d, char **f, int max)
{
  int n = 0;
  for (;;) {
    if (d == ' ') while (*s == ' ' || *s == '\t') s++;
    if (*s == '\0' || *s == '\n' || *s == '\r') return n;
    if (n < max) f[n] = s;
    n++;
    while (*s && *s != '\n' && *s != '\r' && (d == ' ' ? *s != ' ' && *s != '\t' : *s != d)) s++;
    if (*s == '\0') return n;
    if (*s == '\n' || *s == '\r') { *s = '\0'; return n; }
    *s++ = '\0';
  }
}
static int cmp(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}
static FILE *in(const char *path)
{
  FILE *f = fopen(path, "r");
  if (f == NULL) { perror(path); exit(1); }
  return f;
}

int main(int argc, char **argv)
{
  char *buf = NULL, *f[16];
  size_t cap = 0, nl = 0;
  double sum = 0;
  if (argc == 4 && strcmp(argv[1], "trec") == 0) {
    int k;
    for (k = 2; k < 4; k++) {
      FILE *fp = in(argv[k]);
      while (getline(&buf, &cap, fp) >= 0) {
        int n = split(buf, ' ', f, 16);
        nl++;
        if (n == 4) sum += strtod(f[3], NULL);
        else if (n >= 5) sum += strtod(f[4], NULL);
        sum += (double) strlen(f[0]) + (double) strlen(f[2]);
      }
      fclose(fp);
    }
  } else if ((argc == 3 || argc == 4) && strcmp(argv[1], "csv") == 0) {
    int sort = argc == 4 && strcmp(argv[3], "sort") == 0;
    FILE *fp = in(argv[2]);
    double *x = NULL;
    size_t nx = 0, cx = 0;
    if (getline(&buf, &cap, fp) < 0) return 1;
    while (getline(&buf, &cap, fp) >= 0) {
      int n = split(buf, ',', f, 16);
      double s;
      nl++;
      if (n < 4) continue;
      sum += strtod(f[2], NULL) + (double) strlen(f[0]) + (double) strlen(f[1]);
      s = strtod(f[3], NULL);
      if (sort) {
        if (nx == cx) { cx = 2 * cx + 1024; x = realloc(x, cx * sizeof *x); if (!x) return 1; }
        x[nx++] = s;
      } else sum += s;
    }
    fclose(fp);
    if (sort) { qsort(x, nx, sizeof *x, cmp); if (nx) sum += x[0] + x[nx / 2]; free(x); }
  } else {
    fputs("usage: floor trec QRELS RUN | floor csv FILE [sort]\n", stderr);
    return 2;
  }
  free(buf);
  printf("floor: %lu lines, checksum %.6g\n", (unsigned long) nl, sum);
  return 0;
}
