/* libFuzzer harness: `rankmetrics eval' on TREC judgments and a run.
   The input is the judgments, a line "===", then the run (without the
   line, the whole input is the run and the judgments are fixed).  Its first
   byte picks the options.  Invariants: no crash, no sanitizer report, no
   leak; every input gets exit status 0 or 1 (never a usage error); and the
   streamed reading (judgments beside the run, with its fallbacks) gives the
   exit status and the values per query of the reading in memory
   (--unsorted), line for line once sorted: both keep the first of repeated
   lines, and only the order of the queries may differ. */
#include "fuzz_tool.h"
/* Runs eval with its output caught; *out gets the lines of values per
   query (not the aggregates, whose sums may differ in the last bits with the
   order of the queries), sorted. */
static int cmp_line(const void *a, const void *b)
{
  return strcmp(*(char *const *) a, *(char *const *) b);
}
static int fuzz_eval(int argc, char **argv, char **out)
{
  char *buf = NULL, *line, *save = NULL, **lines = NULL, *res;
  size_t len = 0, n = 0, cap = 0, i, total = 1;
  int r;
  if ((fuzz_out = tmpfile()) == NULL) abort();
  r = cmd_eval(argc, argv);
  fflush(fuzz_out);
  len = (size_t) ftell(fuzz_out);
  rewind(fuzz_out);
  if ((buf = malloc(len + 1)) == NULL || fread(buf, 1, len, fuzz_out) != len) abort();
  buf[len] = '\0';
  fclose(fuzz_out);
  fuzz_out = NULL;
  for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (strstr(line, "\tall\t") || strstr(line, "\"qid\":null")) continue;
    if (n == cap && (lines = realloc(lines, (cap = 2 * cap + 16) * sizeof *lines)) == NULL) abort();
    lines[n++] = line;
    total += strlen(line) + 1;
  }
  if (n) qsort(lines, n, sizeof *lines, cmp_line);
  if ((res = malloc(total)) == NULL) abort();
  res[0] = '\0';
  for (i = 0; i < n; i++) { strcat(res, lines[i]); strcat(res, "\n"); }
  free(lines); free(buf);
  *out = res;
  return r;
}
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const char fixed[] = "q1 0 d1 1\nq1 0 d2 0\nq2 0 d1 2\nq2 0 d3 1\n";
  const char *qp = fuzz_path("qrels"), *rp = fuzz_path("run");
  const uint8_t *sep = NULL;
  char *argv[24];
  char *out[2];
  int argc = 0, r, r2;
  uint8_t opt = size ? data[0] : 0;
  size_t i;
  if (size) { data++; size--; }
  for (i = 0; i + 5 <= size; i++)
    if (memcmp(data + i, "\n===\n", 5) == 0) { sep = data + i; break; }
  if (sep) {
    fuzz_write(qp, data, (size_t) (sep - data) + 1);
    fuzz_write(rp, sep + 5, size - (size_t) (sep - data) - 5);
  } else {
    fuzz_write(qp, (const uint8_t *) fixed, sizeof fixed - 1);
    fuzz_write(rp, data, size);
  }
  argv[argc++] = "--quiet";
  argv[argc++] = "-q";
  argv[argc++] = "--trec";
  argv[argc++] = "-m"; argv[argc++] = (opt & 128) ? "rmse" : "ap"; /* 128: ratings */
  argv[argc++] = "-m";
  argv[argc++] = (opt & 128) ? "kendall[tau=a]" : (opt & 1) ? "ndcg@10" : "micro:hr@3";
  if (opt & 4) { argv[argc++] = "--dup"; argv[argc++] = "error"; }
  if (opt & 8) { argv[argc++] = "--judged-only"; argv[argc++] = "empty"; }
  if (opt & 16) { argv[argc++] = "--run-only"; argv[argc++] = "zero"; }
  if (opt & 32) argv[argc++] = "--exact";
  if (opt & 64) argv[argc++] = "--json";
  argv[argc++] = (char *) qp; argv[argc++] = (char *) rp;
  argv[argc] = NULL;
  r = fuzz_eval(argc, argv, &out[0]);
  if (r != 0 && r != 1) { fprintf(stderr, "invariant failed: eval exit %d\n", r); abort(); }
  if (opt & 2) { /* the same in memory */
    memmove(argv + 1, argv, (size_t) (argc + 1) * sizeof *argv);
    argv[0] = "--unsorted";
    argc++;
    r2 = fuzz_eval(argc, argv, &out[1]);
    if (r2 != r) { fprintf(stderr, "invariant failed: exit %d streamed, %d in memory\n", r, r2);
      abort(); }
    if (r == 0 && strcmp(out[0], out[1]) != 0) {
      fprintf(stderr, "invariant failed: values per query differ\n--- streamed\n%s"
        "--- in memory\n%s", out[0], out[1]);
      abort();
    }
    free(out[1]);
  }
  free(out[0]);
  return 0;
}
