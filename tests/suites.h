/* The suites of the other test files, one SUITE(constructor) line each.
   check_rankmetrics.c includes this twice: once to declare the
   constructors, once to add the suites to its runner.  A new file
   tests/check_FAMILY.c defines Suite *suite_FAMILY(void), gets a line here,
   and is listed in TEST_SRCS in the Makefile. */
SUITE(suite_api)
SUITE(suite_ap)
SUITE(suite_agg)
SUITE(suite_prf)
SUITE(suite_auc_err)
SUITE(suite_cls)
SUITE(suite_novelty)
SUITE(suite_setm)
SUITE(suite_corr)
SUITE(suite_vectors)
SUITE(suite_threads)
SUITE(suite_judged)
SUITE(suite_filter)
SUITE(suite_trec)
SUITE(suite_verify)
SUITE(suite_disagree)
SUITE(suite_eval)
SUITE(suite_compare)
SUITE(suite_divers)
