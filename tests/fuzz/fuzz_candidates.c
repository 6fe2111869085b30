/* libFuzzer harness: the readers of `rankmetrics verify'.  First byte even:
   the input is a candidate file, read against a small fixed vector file;
   odd: the input is the vector file rr_test.txt, read with a fixed
   candidate.  Invariant: no crash, no sanitizer report, no leak; a reader
   either accepts or reports (a count of bad lines, or failure). */
#include "fuzz_tool.h"
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const char vec[] =
    "[variant = rr@5[hits=sum,rel=1,ties=input,undef=zero]]\n\ntcId = 1\n"
    "grades = 1,0\nscores = 2,1\nids = a,b\njudged = 1\nresult = valid\n"
    "status = ok\nvalue = 0x1p+0\n\ntcId = 2\ngrades = 9\nscores = none\n"
    "ids = none\njudged =\nresult = invalid\nerror = grade\n";
  static const char cand[] = "rr:1 1\nrr:2 invalid\n";
  verify_state st;
  const char *vp, *cp = fuzz_path("cand");
  int f;
  uint8_t opt = size ? data[0] : 0;
  if (size) { data++; size--; }
  vp = fuzz_path("rr_test.txt");
  for (f = 0; vector_families[f].stem; f++)
    if (strcmp(vector_families[f].stem, "rr") == 0) break;
  if (vector_families[f].stem == NULL) abort();
  if (opt & 1) {
    fuzz_write(vp, data, size);
    fuzz_write(cp, (const uint8_t *) cand, sizeof cand - 1);
  } else {
    fuzz_write(vp, (const uint8_t *) vec, sizeof vec - 1);
    fuzz_write(cp, data, size);
  }
  memset(&st, 0, sizeof st);
  st.dir = fuzz_dir;
  st.v = tool_verifier("verify", fuzz_dir);
  /* The fixed vector file must load.  Loaded first, so that a failure of
     read_candidate below can only be a candidate naming another family,
     whose file is missing here: a correct refusal, not a fault. */
  if ((opt & 1) == 0 && rm_verifier_load(st.v, "rr") != RM_OK) {
    fprintf(stderr, "invariant failed: the fixed vector file did not load\n"); abort(); }
  (void) read_candidate(&st, cp); /* accepts, or reports on stderr */
  rm_verifier_free(st.v);
  return 0;
}
