#!/usr/bin/Rscript
# Run R's metric packages on the golden vectors and write candidate files.
#
# Usage: Rscript tests/r_adapter.R [--vectors DIR] OUTDIR
#
# Reads the text twins DIR/*_test.txt (default: vectors/ next to tests/;
# no JSON reader is needed) and writes into OUTDIR one candidate file per
# function, in the format that `rankmetrics verify` reads: one line
# `FAMILY:TCID VALUE` per valid vector, VALUE the double R returns in C99
# hexadecimal (sprintf %a), or `error` when the function signals an error or
# returns NaN, NA or an infinity; `#` starts a comment line (the error, for
# the vector that follows).  Invalid vectors (inputs to be rejected) are
# skipped.
#
#   file                  function                     vectors
#   Metrics_auc           Metrics::auc                 auc
#   Metrics_apk           Metrics::apk                 ap, metric ap
#   Metrics_mapk          Metrics::mapk                aggregates, mean over ap
#   Metrics_f1            Metrics::f1                  prf, metric f
#   Metrics_accuracy      Metrics::accuracy            classification, accuracy
#   Metrics_precision     Metrics::precision           classification, clf-precision
#   Metrics_recall        Metrics::recall              classification, clf-recall
#   Metrics_fbeta_score   Metrics::fbeta_score         classification, clf-f1
#   Metrics_mae, _mse, _rmse                           classification, mae/mse/rmse
#   ModelMetrics_auc      ModelMetrics::auc            auc
#   ModelMetrics_precision, _recall, _f1Score          classification, clf-*
#   ModelMetrics_precision_below, ...   the same, cutoff just below c
#   ModelMetrics_mae, _mse, _rmse                      classification
#   pROC_auc              pROC::auc(pROC::roc(...))    auc (default direction)
#   pROC_auc_lt           the same, direction = "<"    auc
#   ROCR_auc              ROCR::performance(, "auc")   auc
#   stats_spearman        stats::cor(method="spearman") corr, spearman
#   stats_kendall         stats::cor(method="kendall")  corr, kendall
#
# Inputs given to the functions (one list = one call):
#   * binary labels: [grade >= t], t the `rel=` of the variant (1 without);
#   * scores: the scores, or, when there are none, n, n-1, ..., 1, so that
#     the input order is the ranking;
#   * apk, mapk, f1 take items, not scores: the relevant items are the
#     retrieved ones with grade >= t and the judged but unretrieved ones with
#     grade >= t (named u1, u2, ...), the retrieved items (named r1, r2, ...
#     by input position) in the order of decreasing score, equal scores in
#     input order (a stable sort), cut at the variant's @K for f1;
#     k = the variant's cutoff, or Inf without one;
#   * Metrics' precision, recall, accuracy and fbeta_score take 0/1
#     predictions: [score >= c], c the variant's `cut=` as a double;
#     ModelMetrics' take the scores and cutoff = c;
#   * mae, mse, rmse, cor: actual = the grades, predicted = the scores.
# Every function is called with its defaults otherwise.

suppressPackageStartupMessages({
  library(Metrics)
  library(ModelMetrics)
  library(pROC)
  library(ROCR)
})

args <- commandArgs(trailingOnly = TRUE)
vecdir <- NULL
if (length(args) >= 2 && args[1] == "--vectors") {
  vecdir <- args[2]
  args <- args[-(1:2)]
}
if (is.null(vecdir)) {
  self <- sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))
  vecdir <- file.path(dirname(normalizePath(self)), "..", "vectors")
}
if (length(args) != 1) {
  cat("usage: Rscript tests/r_adapter.R [--vectors DIR] OUTDIR\n", file = stderr())
  quit(status = 2)
}
outdir <- args[1]
dir.create(outdir, showWarnings = FALSE, recursive = TRUE)

# ---- Reading a text twin -------------------------------------------------
nums <- function(s) {
  if (s == "" || s == "none") return(numeric(0))
  as.numeric(strsplit(s, ",", fixed = TRUE)[[1]])
}
# one list of a test: grades, scores (NULL when none), judged grades
list_of <- function(g, s, j) {
  list(grades = nums(g), scores = if (s == "none") NULL else nums(s),
       judged = nums(j))
}
read_family <- function(stem) {
  lines <- readLines(file.path(vecdir, paste0(stem, "_test.txt")))
  tests <- list()
  variant <- NA
  cur <- NULL
  flush <- function() {
    if (!is.null(cur)) tests[[length(tests) + 1]] <<- cur
  }
  for (ln in lines) {
    if (startsWith(ln, "[variant = ")) {
      variant <- sub("^\\[variant = (.*)\\]$", "\\1", ln)
      next
    }
    if (!grepl("^[A-Za-z0-9]+ =( |$)", ln)) next
    key <- sub(" =.*$", "", ln)
    val <- sub("^[A-Za-z0-9]+ = ?", "", ln)
    if (key == "tcId") {
      flush()
      cur <- list(variant = variant, tcId = val, fields = list())
    } else if (!is.null(cur)) {
      cur$fields[[key]] <- val
    }
  }
  flush()
  lapply(tests, function(t) {
    f <- t$fields
    split <- function(x) {
      if (is.null(f$queries)) return(x)
      n <- as.integer(f$queries)
      p <- strsplit(x, ";", fixed = TRUE)[[1]]
      length(p) <- n # a trailing empty list has no text after its ';'
      p[is.na(p)] <- ""
      p
    }
    g <- split(f$grades); s <- split(f$scores); j <- split(f$judged)
    t$lists <- mapply(list_of, g, s, j, SIMPLIFY = FALSE, USE.NAMES = FALSE)
    t$valid <- identical(f$result, "valid")
    t
  })
}

# ---- Variant names ---------------------------------------------------------
# metric, cutoff (NA without), keys; for an aggregate the inner name's
parse_variant <- function(name) {
  inner <- sub("^.*:", "", name)
  m <- regmatches(inner, regexec("^([a-z0-9-]+)(@([0-9]+))?(\\[(.*)\\])?$", inner))[[1]]
  keys <- list()
  if (m[6] != "")
    for (kv in strsplit(m[6], ",", fixed = TRUE)[[1]]) {
      p <- strsplit(kv, "=", fixed = TRUE)[[1]]
      keys[[p[1]]] <- p[2]
    }
  list(metric = m[2], cutoff = if (m[4] == "") NA else as.numeric(m[4]),
       keys = keys, aggregate = grepl(":", name, fixed = TRUE))
}
rel_of <- function(v) if (is.null(v$keys$rel)) 1 else as.numeric(v$keys$rel)
cut_of <- function(v) {
  c <- if (is.null(v$keys$cut)) "0.5" else v$keys$cut
  p <- strsplit(c, "/", fixed = TRUE)[[1]]
  if (length(p) == 2) as.numeric(p[1]) / as.numeric(p[2]) else as.numeric(c)
}

# ---- Inputs ---------------------------------------------------------------
scores_of <- function(l) {
  if (is.null(l$scores)) as.numeric(rev(seq_along(l$grades))) else l$scores
}
labels_of <- function(l, v) as.numeric(l$grades >= rel_of(v))
ranked_ids <- function(l) {
  n <- length(l$grades)
  if (n == 0) return(character(0))
  sprintf("r%d", order(-scores_of(l), method = "radix")) # stable
}
relevant_ids <- function(l, v) {
  t <- rel_of(v)
  c(sprintf("r%d", which(l$grades >= t)), sprintf("u%d", which(l$judged >= t)))
}
k_of <- function(v) if (is.na(v$cutoff)) Inf else v$cutoff
# the largest double below c > 0 (c(1 - 2^-53) rounds to it)
below <- function(c) c * (1 - 2^-53)
predicted_of <- function(l, v) as.numeric(scores_of(l) >= cut_of(v))

# ---- The functions ---------------------------------------------------------
one <- function(f) function(t, v) f(t$lists[[1]], v)
jobs <- list(
  list("Metrics_auc", "auc", NULL,
       one(function(l, v) Metrics::auc(labels_of(l, v), scores_of(l)))),
  list("Metrics_apk", "ap", "ap",
       one(function(l, v) Metrics::apk(k_of(v), relevant_ids(l, v), ranked_ids(l)))),
  list("Metrics_mapk", "aggregates", "ap",
       function(t, v) Metrics::mapk(k_of(v),
                                    lapply(t$lists, relevant_ids, v = v),
                                    lapply(t$lists, ranked_ids))),
  list("Metrics_f1", "prf", "f",
       one(function(l, v) {
         r <- ranked_ids(l)
         Metrics::f1(relevant_ids(l, v), head(r, k_of(v)))
       })),
  list("Metrics_accuracy", "classification", "accuracy",
       one(function(l, v) Metrics::accuracy(labels_of(l, v), predicted_of(l, v)))),
  list("Metrics_precision", "classification", "clf-precision",
       one(function(l, v) Metrics::precision(labels_of(l, v), predicted_of(l, v)))),
  list("Metrics_recall", "classification", "clf-recall",
       one(function(l, v) Metrics::recall(labels_of(l, v), predicted_of(l, v)))),
  list("Metrics_fbeta_score", "classification", "clf-f1",
       one(function(l, v) Metrics::fbeta_score(labels_of(l, v), predicted_of(l, v)))),
  list("Metrics_mae", "classification", "mae",
       one(function(l, v) Metrics::mae(l$grades, scores_of(l)))),
  list("Metrics_mse", "classification", "mse",
       one(function(l, v) Metrics::mse(l$grades, scores_of(l)))),
  list("Metrics_rmse", "classification", "rmse",
       one(function(l, v) Metrics::rmse(l$grades, scores_of(l)))),
  list("ModelMetrics_auc", "auc", NULL,
       one(function(l, v) ModelMetrics::auc(labels_of(l, v), scores_of(l)))),
  list("ModelMetrics_precision", "classification", "clf-precision",
       one(function(l, v) ModelMetrics::precision(labels_of(l, v), scores_of(l), cut_of(v)))),
  list("ModelMetrics_recall", "classification", "clf-recall",
       one(function(l, v) ModelMetrics::recall(labels_of(l, v), scores_of(l), cut_of(v)))),
  list("ModelMetrics_f1Score", "classification", "clf-f1",
       one(function(l, v) ModelMetrics::f1Score(labels_of(l, v), scores_of(l), cut_of(v)))),
  # the same with cutoff = the largest double below c, so that its strict
  # score > cutoff is our score >= c
  list("ModelMetrics_precision_below", "classification", "clf-precision",
       one(function(l, v) ModelMetrics::precision(labels_of(l, v), scores_of(l), below(cut_of(v))))),
  list("ModelMetrics_recall_below", "classification", "clf-recall",
       one(function(l, v) ModelMetrics::recall(labels_of(l, v), scores_of(l), below(cut_of(v))))),
  list("ModelMetrics_f1Score_below", "classification", "clf-f1",
       one(function(l, v) ModelMetrics::f1Score(labels_of(l, v), scores_of(l), below(cut_of(v))))),
  list("ModelMetrics_mae", "classification", "mae",
       one(function(l, v) ModelMetrics::mae(l$grades, scores_of(l)))),
  list("ModelMetrics_mse", "classification", "mse",
       one(function(l, v) ModelMetrics::mse(l$grades, scores_of(l)))),
  list("ModelMetrics_rmse", "classification", "rmse",
       one(function(l, v) ModelMetrics::rmse(l$grades, scores_of(l)))),
  list("pROC_auc", "auc", NULL,
       one(function(l, v) as.numeric(pROC::auc(pROC::roc(labels_of(l, v), scores_of(l),
                                                        quiet = TRUE))))),
  list("pROC_auc_lt", "auc", NULL,
       one(function(l, v) as.numeric(pROC::auc(pROC::roc(labels_of(l, v), scores_of(l),
                                                        levels = c(0, 1), direction = "<",
                                                        quiet = TRUE))))),
  list("ROCR_auc", "auc", NULL,
       one(function(l, v) {
         p <- ROCR::prediction(scores_of(l), labels_of(l, v))
         ROCR::performance(p, "auc")@y.values[[1]]
       })),
  list("stats_spearman", "corr", "spearman",
       one(function(l, v) stats::cor(l$grades, scores_of(l), method = "spearman"))),
  list("stats_kendall", "corr", "kendall",
       one(function(l, v) stats::cor(l$grades, scores_of(l), method = "kendall")))
)

# the value as `hex` or `error`, and a note (the condition's message)
run <- function(fn, t, v) {
  note <- ""
  x <- withCallingHandlers(
    tryCatch(fn(t, v), error = function(e) {
      note <<- paste("error:", conditionMessage(e)); NULL
    }),
    warning = function(w) {
      if (note == "") note <<- paste("warning:", conditionMessage(w))
      invokeRestart("muffleWarning")
    })
  if (is.null(x) || length(x) != 1 || !is.finite(as.numeric(x)))
    return(list("error", if (note == "") paste("value", format(x)) else note))
  list(sprintf("%a", as.numeric(x)), note)
}

families <- list()
versions <- sprintf("R %s; Metrics %s, ModelMetrics %s, pROC %s, ROCR %s",
                    getRversion(), packageVersion("Metrics"),
                    packageVersion("ModelMetrics"), packageVersion("pROC"),
                    packageVersion("ROCR"))
for (job in jobs) {
  out <- job[[1]]; fam <- job[[2]]; metric <- job[[3]]; fn <- job[[4]]
  if (is.null(families[[fam]])) families[[fam]] <- read_family(fam)
  rows <- character(0)
  for (t in families[[fam]]) {
    if (!t$valid) next
    v <- parse_variant(t$variant)
    if (!is.null(metric) && v$metric != metric) next
    if (fam == "aggregates" && !v$aggregate) next
    r <- run(fn, t, v)
    note <- gsub("[\r\n]+", " ", r[[2]])
    if (note != "") rows <- c(rows, sprintf("# %s:%s %s", fam, t$tcId, substr(note, 1, 80)))
    rows <- c(rows, sprintf("%s:%s %s", fam, t$tcId, r[[1]]))
  }
  writeLines(c(sprintf("# candidate: %s, written by tests/r_adapter.R", out),
               paste("#", versions),
               sprintf("# family %s", fam), rows),
             file.path(outdir, paste0(out, ".txt")))
}
