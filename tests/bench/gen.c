/* gen.c: seeded synthetic inputs for `make bench' (not part of make check).
   gen trec Q D SEED QRELS RUN  -- Q queries of D retrieved documents each:
     the run ("qid Q0 docno rank score tag", scores with one decimal, so
     ties are many, lines in decreasing score) and the judgments ("qid 0 docno
     grade", about half the retrieved documents judged, grades 0..3, plus 5
     judged documents per query that were not retrieved); both grouped by query.
   gen trecs Q D RUN grouped|shuffled  -- a run of the same documents, grouped
     or with its lines spread (see below), for the bench of any input order.
   gen csv N SEED FILE  -- N rows "user,item,label,score,one", 100 rows per
     user, labels 0/1 more likely 1 at higher scores, scores with four
     decimals (ties), the column `one' the same on every row (one group). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static uint64_t st;
static uint64_t next(void)
{
  uint64_t z = (st += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static int grade(void)
{
  unsigned r = (unsigned) (next() % 100);
  return r < 60 ? 0 : r < 85 ? 1 : r < 95 ? 2 : 3;
}
static FILE *out(const char *path)
{
  FILE *f = fopen(path, "w");
  if (f == NULL) { perror(path); exit(1); }
  setvbuf(f, NULL, _IOFBF, 1 << 20);
  return f;
}
static void done(FILE *f, const char *path)
{
  if (ferror(f) || fclose(f) != 0) { perror(path); exit(1); }
}

int main(int argc, char **argv)
{
  if (argc == 7 && strcmp(argv[1], "trec") == 0) {
    unsigned long q, nq = strtoul(argv[2], NULL, 10);
    int j, k, nd = atoi(argv[3]), *sc, *ord, cnt[50];
    FILE *qr, *run;
    st = strtoull(argv[4], NULL, 10);
    qr = out(argv[5]); run = out(argv[6]);
    sc = malloc((size_t) nd * sizeof *sc); ord = malloc((size_t) nd * sizeof *ord);
    if (!sc || !ord) return 1;
    for (q = 0; q < nq; q++) {
      memset(cnt, 0, sizeof cnt);
      for (j = 0; j < nd; j++) { sc[j] = (int) (next() % 50); cnt[sc[j]]++; }
      for (k = 49, j = 0; k >= 0; k--) {  /* documents by decreasing score */
        int i;
        if (cnt[k]) for (i = 0; i < nd; i++) if (sc[i] == k) ord[j++] = i;
      }
      for (j = 0; j < nd; j++) {
        int i = ord[j];
        unsigned long doc = (q * 7919UL + (unsigned long) i * 104729UL) % 1000000UL;
        fprintf(run, "q%07lu Q0 d%06lu %d %d.%d bench\n", q, doc, j + 1,
          sc[i] / 10, sc[i] % 10);
        if (next() & 1) fprintf(qr, "q%07lu 0 d%06lu %d\n", q, doc, grade());
      }
      for (j = 0; j < 5; j++) fprintf(qr, "q%07lu 0 u%d %d\n", q, j, grade());
    }
    done(qr, argv[5]); done(run, argv[6]);
    free(sc); free(ord);
    return 0;
  }
  if (argc == 5 && strcmp(argv[1], "csv") == 0) {
    unsigned long i, n = strtoul(argv[2], NULL, 10);
    FILE *f;
    st = strtoull(argv[3], NULL, 10);
    f = out(argv[4]);
    fputs("user,item,label,score,one\n", f);
    for (i = 0; i < n; i++) {
      unsigned s = (unsigned) (next() % 10000);
      int label = next() % 10000 < 2000 + s / 2;  /* P(1) from 0.2 to 0.7 */
      fprintf(f, "u%07lu,i%lu,%d,0.%04u,a\n", i / 100, i, label, s);
    }
    done(f, argv[4]);
    return 0;
  }
  if (argc == 6 && strcmp(argv[1], "trecs") == 0) {
    /* a run of the documents of `gen trec Q D' (the same names, so its
       judgments fit), each line a function of (query, index) alone, written
       grouped, or shuffled: line i is line k = (A i + B) mod N of the grouped
       order, A prime to N, so that every query is spread over the file. */
    unsigned long long i, k, nq = strtoull(argv[2], NULL, 10), nd = strtoull(argv[3], NULL, 10);
    unsigned long long n = nq * nd, a = 2654435761ULL % n, b = n / 3;
    int shuffled = strcmp(argv[5], "shuffled") == 0;
    FILE *run = out(argv[4]);
    for (;;) {  /* the next a prime to n */
      unsigned long long x = a, y = n;
      while (y) { unsigned long long t = x % y; x = y; y = t; }
      if (x == 1 || n <= 1) break;
      a++;
    }
    for (i = 0; i < n; i++) {
      unsigned long long q, j, doc, sc;
      k = shuffled ? (a * i + b) % n : i;
      q = k / nd; j = k % nd;
      doc = (q * 7919ULL + j * 104729ULL) % 1000000ULL;
      st = k * 0x9e3779b97f4a7c15ULL; sc = next() % 50;
      fprintf(run, "q%07llu Q0 d%06llu %llu %llu.%llu bench\n", q, doc, j + 1,
        sc / 10, sc % 10);
    }
    done(run, argv[4]);
    return 0;
  }
  fputs("usage: gen trec Q D SEED QRELS RUN | gen trecs Q D RUN grouped|shuffled"
    " | gen csv N SEED FILE\n", stderr);
  return 2;
}
