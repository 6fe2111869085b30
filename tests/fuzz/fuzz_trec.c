/* libFuzzer harness: `rankmetrics eval' on TREC judgments and a run.
   The input is the judgments, a line "===", then the run (without the
   line, the whole input is the run and the judgments are fixed).  Its first
   byte picks the options.  Invariant: no crash, no sanitizer report, no
   leak; every input gets exit status 0 or 1 (never a usage error). */
#include "fuzz_tool.h"
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const char fixed[] = "q1 0 d1 1\nq1 0 d2 0\nq2 0 d1 2\nq2 0 d3 1\n";
  const char *qp = fuzz_path("qrels"), *rp = fuzz_path("run");
  const uint8_t *sep = NULL;
  char *argv[24];
  int argc = 0, r;
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
  argv[argc++] = "-m"; argv[argc++] = "ap";
  argv[argc++] = "-m"; argv[argc++] = (opt & 1) ? "ndcg@10" : "micro:hr@3";
  if (opt & 2) argv[argc++] = "--unsorted";
  if (opt & 4) { argv[argc++] = "--dup"; argv[argc++] = "error"; }
  if (opt & 8) { argv[argc++] = "--judged-only"; argv[argc++] = "empty"; }
  if (opt & 16) { argv[argc++] = "--run-only"; argv[argc++] = "zero"; }
  if (opt & 32) argv[argc++] = "--exact";
  if (opt & 64) argv[argc++] = "--json";
  argv[argc++] = (char *) qp; argv[argc++] = (char *) rp;
  argv[argc] = NULL;
  r = cmd_eval(argc, argv);
  if (r != 0 && r != 1) { fprintf(stderr, "invariant failed: eval exit %d\n", r); abort(); }
  return 0;
}
