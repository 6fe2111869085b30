/* libFuzzer harness: `rankmetrics eval' on a delimited file.  The first
   byte picks the separator option, the column names and the other options.
   Invariant: no crash, no sanitizer report, no leak; exit status 0 or 1. */
#include "fuzz_tool.h"
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *p = fuzz_path("data.csv");
  char *argv[24];
  int argc = 0, r;
  uint8_t opt = size ? data[0] : 0;
  if (size) { data++; size--; }
  fuzz_write(p, data, size);
  argv[argc++] = "--quiet";
  argv[argc++] = "-q";
  argv[argc++] = "-m"; argv[argc++] = (opt & 1) ? "auc" : "ap";
  argv[argc++] = "-m"; argv[argc++] = (opt & 2) ? "ndcg@5" : "mean[weight=items]:rr";
  if ((opt & 12) == 4) argv[argc++] = "--csv";
  if ((opt & 12) == 8) argv[argc++] = "--tsv";
  if (opt & 16) { argv[argc++] = "--score"; argv[argc++] = "s"; }
  if (opt & 32) { argv[argc++] = "--dup"; argv[argc++] = "error"; }
  if (opt & 64) argv[argc++] = "--unsorted";
  if (opt & 128) argv[argc++] = "--exact";
  argv[argc++] = (char *) p;
  argv[argc] = NULL;
  r = cmd_eval(argc, argv);
  if (r != 0 && r != 1) { fprintf(stderr, "invariant failed: eval exit %d\n", r); abort(); }
  return 0;
}
