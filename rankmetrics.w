% rankmetrics.w --- the literate reference implementation of ranking metrics.
\def\title{RANKMETRICS}
\def\topofcontents{\null\vfill
  \centerline{\titlefont The {\ttitlefont RANKMETRICS} reference}
  \vskip 15pt
  \centerline{Ranking and recommendation metrics, defined exactly and computed twice}
  \vskip 8pt
  \centerline{(Version 0.1.0)}\vfill}
\def\botofcontents{\vfill\noindent
  To cite one exact definition, cite its variant name as this book prints it,
  for example
  \smallskip\centerline{\.{ndcg@@10[gain=exp2,discount=log2,ideal=judged,ties=input,undef=zero]}}
  \smallskip\noindent together with the version of this book.}
\let\maybe=\iftrue
% cwebmac's cross-references (``See also section'', ``This code is used in
% section'') go through \note, a name the text may want for its own notes (the
% table of trec_eval's names defines one).  They keep cwebmac's own macro.
\let\cwebnote=\note
\def\A{\cwebnote{See also section}}\def\As{\cwebnote{See also sections}}
\def\Q{\cwebnote{This code is cited in section}}
\def\Qs{\cwebnote{This code is cited in sections}}
\def\U{\cwebnote{This code is used in section}}
\def\Us{\cwebnote{This code is used in sections}}
\secpagedepth=2
\def\DCG{{\rm DCG}} \def\nDCG{{\rm nDCG}} \def\IDCG{{\rm IDCG}} \def\CG{{\rm CG}}
\def\src#1{{\tt #1}}          % a seed source, cited by its file name
\def\variant#1{\hbox{\tt #1}} % a stable variant name; at-signs are doubled
\def\ulp{\mathop{\rm ulp}}
\def\RNDN{{\tt RNDN}}
% Values computed by the program itself, read from doc/examples.tex, which
% the build writes with `rankmetrics examples --tex'.  A missing value stops TeX.
\def\rmget#1#2{\expandafter\ifx\csname rm#1:#2\endcsname\relax
  \errmessage{rankmetrics: no computed value #1 for example #2}\else
  \csname rm#1:#2\endcsname\fi}
\def\ours#1{\rmget{short}{#1}}   % 15 significant digits, correctly rounded
\def\oursl#1{\rmget{dec}{#1}}    % 40 significant digits, correctly rounded
\def\ourshex#1{\rmget{hex}{#1}}  % the correctly rounded double, in C99 hex
\def\oursq#1{\rmget{q}{#1}}      % the exact rational, when there is one
\def\printed#1{\rmget{printed}{#1}}
% Labels for sections: \here{x} records the current section number, and
% \secref{x} prints it.  A label defined earlier is known at once.  The quick
% reference at the front points forwards into every chapter, so \here also
% writes each label to doc/rankmetrics.ref, which the next pdftex run reads
% first: the Makefile runs pdftex twice.  A label that is still unknown when
% the file was there to read stops TeX; on a first run it prints ?? and a
% message, and the Makefile checks that the second run has none.
\newread\rmin \newwrite\rmrefs \newif\ifrmrefsread
\def\rmlabel#1#2{\expandafter\gdef\csname rmfwd:#1\endcsname{#2}}
\openin\rmin=\jobname.ref
\ifeof\rmin \rmrefsreadfalse \else \closein\rmin \rmrefsreadtrue \input \jobname.ref \fi
\immediate\openout\rmrefs=\jobname.ref
\def\here#1{\expandafter\xdef\csname rmsec:#1\endcsname{\secno}%
  \immediate\write\rmrefs{\string\rmlabel{#1}{\secno}}}
\def\secref#1{\expandafter\ifx\csname rmsec:#1\endcsname\relax
  \expandafter\ifx\csname rmfwd:#1\endcsname\relax
    \ifrmrefsread \errmessage{rankmetrics: no section labelled #1}\else
    \message{rankmetrics: forward reference #1 unknown on this run}\S??\fi
  \else \S\csname rmfwd:#1\endcsname\fi
  \else \S\csname rmsec:#1\endcsname\fi}
\font\eighttt=cmtt8 % the tables of the quick reference, and their math:
\font\eighti=cmmi8 \font\eightsy=cmsy8 \font\sixrm=cmr6 \font\sixi=cmmi6
\font\sixsy=cmsy6
\def\qrfonts{\eightrm \baselineskip 9.5pt \def\m##1{{\eighttt ##1}}%
  \textfont0=\eightrm \scriptfont0=\sixrm \textfont1=\eighti \scriptfont1=\sixi
  \textfont2=\eightsy \scriptfont2=\sixsy}
\def\oursname#1{\rmget{name}{#1}} % the canonical variant name, from the printer
\def\acc#1{\rmget{acc}{#1}}       % measured accuracy, from `rankmetrics accuracy'
\input supp-pdf.mkii % MetaPost pictures in plain pdfTeX
\def\figure#1#2{\par\medskip\centerline{\convertMPtoPDF{#1.mps}{1}{1}}
  \smallskip\centerline{\sevenrm #2}\medskip}
\input examples
\input accuracy
% The contents, at the front.  cwebmac gathers them in \jobname.toc while the
% book is typeset and prints them after the index; we print the previous
% run's file before section 1 instead, and \con prints nothing.  The file is
% read whole into a token list before anything is typeset, because the
% first page shipped out opens the same file for writing.  The contents page
% has cwebmac's page number 0 and the book's first page is page 1, so the
% contents cannot move a page number.
\newtoks\rmcontents
\openin\rmin=\jobname.toc
\ifeof\rmin \else \closein\rmin
  {\def\ZZ#1#2#3#4#5{\global\rmcontents=\expandafter{\the\rmcontents
     \contentsline{#1}{#2}{#3}{#4}{#5}}%
   \ifx\rmfirst\undefined \gdef\rmfirst{{{\tensy x}#3}{#2}{#1}}\fi}%
   \input \jobname.toc }\fi
{\rightskip 0pt \hyphenpenalty 50 \tolerance 200 \baselineskip 11pt
  \titletrue \pageno=\contentspagenumber
  \def\grouptitle{TABLE OF CONTENTS}
  \topofcontents \startpdf
  \line{\hfil Section\hbox to3em{\hss Page}}%
  \the\rmcontents
  \botofcontents \par
  % the running head of page 1 is taken from the mark at the foot of this page
  \ifx\rmfirst\undefined\else \mark{\rmfirst}\fi \vfill\eject}
\global\pageno=1
\def\con{\par\vfill\eject\end}
@s mpfr_t int
@s mpfr_ptr int
@s mpfr_exp_t int
@s mpfr_prec_t int
@s mpfr_rnd_t int
@s mpq_t int
@s mpz_t int
@s uint64_t int
@s rm_status int
@s rm_list int
@s rm_variant int
@s rm_metric int
@s rm_gain int
@s rm_discount int
@s rm_ideal int
@s rm_ties int
@s rm_undef int
@s rm_exact int
@s rm_work int
@s rm_example int
@s loglin int
@s lterm int
@s nsum int
@s restrict const
@s line normal
@s error normal
@s class normal
@s new normal
@s undef normal

@** Introduction.
This is {\tt rankmetrics}, a reference for the metrics by which search
engines and recommender systems are judged: hit ratio, precision, recall,
reciprocal rank, average precision, the cumulative-gain family, AUC and their
relatives.  Everyone computes these numbers and few agree on them.  The same
name covers different formulas: ``nDCG'' may use the grade or $2^{\rm grade}-1$
as the gain, and may build its ideal list from every judged item, from the
items that were returned, or from nothing but a row of ones; ties in the
scores may be broken by input order, by document name, or averaged away.
Two correct programs then disagree in the second decimal, and nobody can
say which one is right, because neither says exactly what it computes.

This book settles such questions by writing every definition down exactly,
giving every variant a name, and computing each value twice.

@ The book has three kinds of reader.  A reader who wants to learn a metric
reads its chapter: the definition, where each of our sources states it and
how they differ, and the worked examples of the sources recomputed, with every
misprinted number shown beside the right one.  An engineer who must
validate another implementation (in Python, Java, SQL, Spark) uses the
variant names and the exact values.  A researcher with a run file uses the
library's fast path, and the exact path when a doubt must be settled.

The program behind the book is a C library and a command-line tool.
Every metric is computed on two paths.
The {\it double path\/} is fast: it works in IEEE double precision, does not
allocate per call when the caller supplies a workspace, and comes with a
proven bound on its error in units in the last place.
The {\it exact path\/} uses GNU MPFR and GMP: a value that is rational is
computed as an exact fraction and rounded once; a value with logarithms is
enclosed in an interval that is narrowed until its rounding to double is
decided.  Its results are the correctly rounded values, proven, not hoped.
The two paths share everything but the arithmetic (the validation of
input, the order of the items, the choice of the ideal list), so a
difference between them can only be a rounding error, and the tests hold
every such difference to the stated bound.

@ Our sources are five Chinese blog posts about these metrics, cited by the
number of their file, \src{000} to \src{004}; \secref{bib} lists them with
title, author and date.  They were chosen because they are typical: between them they state
most of the common definitions, and they also contain most of the common
mistakes.  Every formula and every worked example in them is treated in the
chapter of its metric, and the part called Errata lists every printed number
that is wrong.

Each metric chapter has the same shape: the definition in mathematics; where
each source states it and how the sources differ; the worked examples with the
source's printed number beside ours; the variants, each with its name; then
the double code and the exact code, near each other.  Every number that this
book prints as ``ours'' was computed by the program while the book was
built, and the same numbers are checked by the test suite against values
derived by hand.

@ The tangled program consists of four files.  \.{rankmetrics.h} is the
public interface; \.{rankmetrics.c} is the library; \.{rmtool.c} is the
command-line tool \.{rankmetrics}; \.{examples.h} is the table of worked
examples that the tool and the test suite share.  The test suite itself,
in \.{tests/}, is written in plain C with the Check framework.

The library has the following outline.  Everything that is not part of the
interface is |static|.

@c
@<Library include files@>@;
@h
@<Private types@>@;
@<Private functions@>@;
@<The table of metrics@>@;
@<Public functions@>@;

@ @<Library include files@>=
#include "rankmetrics.h"
#include <stddef.h>
#include <math.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <stdarg.h>
#include <gmp.h>
#include <mpfr.h>

@ The header collects its pieces from all over the book, each next to the
code it declares.  It needs nothing but \.{<stddef.h>}: a program that uses
the library does not need the headers of MPFR or GMP.

The comment after each prototype is the function's documentation, in the
manner of \.{zlib.h}: what it does, who owns what, what it returns on
error.  ctangle drops comments, and its \.{rankmetrics.h} is for the
compiler only; the header that \.{make install} installs,
\.{build/include/rankmetrics.h}, is written from this book by
\.{tools/mkheader.awk}, which expands the sections of the header as
ctangle does but keeps their layout and their comments, with the TeX of
the comments turned into plain text.  The script stops when a prototype
has no comment or a comment names an identifier \.{rm\_...} that the
header does not declare, and the Makefile stops when the C of the two
headers differs by a token, so the documentation cannot drift from the
code.  \.{tests/header\_test.sh} checks all three.
@^interface@>@^documentation of the header@>

@(rankmetrics.h@>=
/* rankmetrics.h: the interface of librankmetrics, ranking and
   recommendation metrics computed in double precision and, exactly, with
   MPFR.  The book \.{rankmetrics.pdf} defines every metric and variant.

   Names.  A variant is named as \.{ndcg@@10[gain=exp2]} or
   \.{mean[skip=undef]:auc}; |rm_variant_parse| reads a name,
   |rm_variant_name| prints the canonical one.

   Ownership.  The library reads the caller's arrays (an |rm_list| and what
   it points to, names, variants) during a call and keeps no pointer to
   them afterwards.  Memory the library allocates is released by the
   matching function: an |rm_exact|'s string |rational| by |rm_exact_clear|,
   an |rm_work|'s arrays by |rm_work_free|, a variant of |rm_variant_new| by
   |rm_variant_free|.

   Errors.  A function that can fail returns an |rm_status|: |RM_OK| (0),
   |RM_UNDEFINED| (a value set by the variant's convention), or a negative
   error, after which no result has been written.  |rm_strerror| explains a
   status.  The library never prints, exits or aborts.

   Threads.  Every function may be called from several threads at once; the
   library has no mutable global state.  Each thread needs its own
   |rm_work| and |rm_exact|.

   ABI.  The struct |rm_variant| grows as keys are added: its size and
   layout may change in any release, so a program that must keep working
   with a newer shared library, or that is not written in C, allocates
   variants with |rm_variant_new| (or as |rm_variant_size| bytes) and
   never reads their fields.  |rm_list| and |rm_exact| are stable within a
   major version; |rm_list_size| and |rm_exact_size| let a foreign caller
   check its copy of their layout. */
#ifndef RANKMETRICS_H
#define RANKMETRICS_H
#include <stddef.h>
@<Public constants@>@;
@<Public types@>@;
@<Public prototypes@>@;
#endif

@ @<Public constants@>=
#define RM_VERSION "0.1.0"

@* Quick reference.\here{q:ref}
Every metric, every key with its words, and every aggregator, each with the
section that defines it.  A variant is named
\.{metric@@K[key=word,...]}, optionally after an aggregator,
\.{mean[skip=norel]:ap}; the grammar is in \secref{q:names}.  A key that is
left out takes its default, which is the first word of each list below
(\.{lrap}'s \.{undef} is \.{one}); \.{rankmetrics name} prints a variant's
name with every default, \.{rankmetrics --help} lists for each metric
exactly the words the parser accepts, and the help of the command
\.{value} repeats the tables below in brief.  Below, $h$ is the number of relevant
items in the top~$K$, $R$ the number of relevant items of the query
(retrieved or not), $n$ the length of the list and $t$ the relevance
threshold.  Besides the keys in the table, every metric of binary relevance
reads \.{rel}, every metric that ranks reads \.{ties}, and every metric that
can be undefined reads \.{undef}.  The commands of the tool are in
\secref{q:tool}.

\medskip
{\qrfonts
\halign to\hsize{\m{#}\hfil\tabskip 1em&\hfil#\hfil&#\hfil&\m{#}\hfil
  \tabskip 0pt plus 1fil&\hfil#\tabskip 0pt\cr
\noalign{\hrule\smallskip}
{\eightrm metric}&\.{@@K}&what it computes&{\eightrm its own keys}&\S\cr
\noalign{\smallskip\hrule\smallskip}
cg&yes&the sum of the gains $G(g_i)$ of the top $K$&gain&\secref{q:cg}\cr
dcg&yes&the sum of $G(g_i)/D(i)$ over the top $K$&gain discount base&\secref{q:cg}\cr
idcg&yes&the DCG of the ideal list&gain discount base ideal&\secref{q:cg}\cr
ndcg&yes&DCG/IDCG&gain discount base ideal&\secref{q:cg}\cr
precision&yes&$h/K$&denom&\secref{q:prf}\cr
recall&yes&$h/R$&norm&\secref{q:prf}\cr
f&yes&the $F_\beta$ of one query's precision and recall&beta2&\secref{q:f}\cr
rprec&no&R-precision: precision at rank $R$&&\secref{q:rprec}\cr
hr&yes&hit ratio, in four readings&hit&\secref{q:hr}\cr
rr&yes&reciprocal rank, in three readings&hits&\secref{q:rr}\cr
lrap&no&scikit-learn's label ranking average precision&&\secref{q:lrap}\cr
ap&yes&average precision&norm&\secref{q:ap}\cr
apstep&no&scikit-learn's step-function average precision&&\secref{q:apstep}\cr
ap11&yes&11-point interpolated average precision&&\secref{q:ap11}\cr
auc&no&area under the ROC curve of one list&&\secref{q:auc}\cr
err&yes&expected reciprocal rank&gmax&\secref{q:err}\cr
accuracy&no&$(TP+TN)/n$, positive when the score is at least the cut&cut&\secref{q:clf}\cr
clf-precision&no&$TP/(TP+FP)$&cut&\secref{q:clf}\cr
clf-recall&no&$TP/(TP+FN)$&cut&\secref{q:clf}\cr
clf-f1&no&$2TP/(2TP+FP+FN)$&cut&\secref{q:clf}\cr
mae&no&mean absolute error of the scores against the grades&&\secref{q:clf}\cr
mse&no&mean squared error&&\secref{q:clf}\cr
rmse&no&the root of the mean squared error&&\secref{q:clf}\cr
spearman&no&Spearman's rho of scores and grades&&\secref{corr-def}\cr
kendall&no&Kendall's tau of scores and grades&tau&\secref{corr-def}\cr
coverage&yes&distinct items of all users' top $K$, over $N$ (a set)&items&\secref{q:coverage}\cr
fmean&yes&$F_\beta$ of the precision and recall averaged over users (a set)&beta2&\secref{q:set}\cr
novelty&yes&mean self-information $-\lg p(i)$ of the top $K$ (a set)&floor&\secref{F001.11}\cr
bpref&yes&binary preference over judged items (trec\_eval's)&&\secref{q:judged}\cr
infap&yes&inferred average precision (trec\_eval's)&&\secref{q:judged}\cr
nonrel-judged&yes&judged nonrelevant items in the top $K$&&\secref{q:judged}\cr
judged&yes&share of the top $K$ that is judged&&\secref{q:judged}\cr
unj&yes&share of the top $K$ that is unjudged&&\secref{q:judged}\cr
rbp&yes&rank-biased precision&p&\secref{q:judged}\cr
rbp-resid&yes&what unjudged and unseen ranks could add to RBP&p&\secref{q:judged}\cr
nq&no&1 for each query (\m{sum:nq} is trec\_eval's num\_q)&&\secref{q:counts}\cr
nret&no&the items retrieved, $n$&&\secref{q:counts}\cr
nrel&no&the relevant items, $R$&&\secref{q:counts}\cr
nrelret&no&the relevant items retrieved, $h_n$&&\secref{q:counts}\cr
iprec&yes&interpolated precision at a recall level&at level&\secref{q:iprec}\cr
setap&yes&set average precision $h^2/(kR)$ (trec\_eval's set\_map)&&\secref{q:setap}\cr
rprecm&no&precision at rank $\lfloor mR+0.9\rfloor$ (Rprec\_mult)&mult&\secref{q:setap}\cr
bing&no&trec\_eval's binary G&&\secref{q:bing}\cr
ngain&no&trec\_eval's G, gains over an ideal cost&&\secref{q:ngain}\cr
ndcg-rel&no&nDCG averaged over the relevant items (ndcg\_rel)&&\secref{q:ndcgrel}\cr
rndcg&no&nDCG averaged where the ideal gain changes (Rndcg)&&\secref{q:rndcg}\cr
utility&no&trec\_eval's utility of the retrieved set&tp fp fn tn docs&\secref{q:utility}\cr
\noalign{\smallskip\hrule}}}

@ The keys and their words.  Some words are refused in some combinations,
and the parser says why: \.{ties=average} is refused by \.{f},
\.{rprec}, \.{rr}, \.{ap}, \.{ap11}, \.{err}, \.{coverage}, \.{fmean},
\.{novelty}, \.{iprec}, \.{setap}, \.{rprecm}, \.{bing}, \.{ngain}, \.{ndcg-rel}, \.{rndcg}, the seven metrics of
incomplete judgments, by \.{hr} with \.{hit=any}, and by the cumulative-gain family
with \.{ideal=topk}.

\medskip
{\qrfonts
\halign to\hsize{\m{#}\hfil\tabskip 1em&\m{#}\hfil&#\hfil
  \tabskip 0pt plus 1fil&\hfil#\tabskip 0pt\cr
\noalign{\hrule\smallskip}
{\eightrm key}&{\eightrm word}&what it means&\S\cr
\noalign{\smallskip\hrule\smallskip}
gain&linear&$G(g)=g$, the grade itself&\secref{q:gain}\cr
&exp2&$G(g)=2^g-1$&\cr
&binary&$G(g)=1$ when $g\ge t$, else 0&\cr
rel&1..100&the relevance threshold $t$ (default 1); the gain family reads it only with \m{gain=binary}&\secref{q:rel}\cr
discount&log2&$D(i)=\lg(i+1)$&\secref{q:discount}\cr
&jk&$D(i)=\max(1,\log_b i)$, J\"arvelin and Kek\"al\"ainen's&\cr
base&2..65536&the base $b$ of \m{discount=jk} (default 2)&\secref{q:discount}\cr
ideal&judged&every judged item, retrieved or not, sorted by grade&\secref{q:ideal}\cr
&list&the retrieved list, sorted by grade&\cr
&topk&the first $K$ retrieved items, sorted by grade&\cr
&ones&$K$ items of gain 1, whatever the judgments&\cr
ties&input&tied items keep their input order&\secref{q:ties}\cr
&id-asc&by identifier, ascending (the MS MARCO evaluator)&\cr
&id-desc&by identifier, descending (trec\_eval)&\cr
&pessimistic&lower grades first&\cr
&optimistic&higher grades first&\cr
&average&the mean over all orders of the tied items (scikit-learn)&\cr
&reverse&reverse input order, the last first&\cr
undef&zero&an undefined value (0/0) is reported as 0&\secref{q:undef}\cr
&one&as 1&\cr
&error&as an error&\cr
denom&k&precision divides by $K$ (with a cutoff only)&\secref{q:denom}\cr
&list&by the ranks that exist, $\min(K,n)$&\cr
norm&rel&recall and AP divide by $R$&\secref{q:norm}\cr
&min&by $\min(K,R)$&\cr
&hits&by $h$ (AP only)&\cr
beta2&$p/q$&$\beta^2$ of the $F$-measure (default 1)&\secref{q:f}\cr
hit&any&1 when $h\ge1$, else 0&\secref{q:hr}\cr
&recall&$h/R$&\cr
&precision&$h/K$&\cr
&rows&$h/n$&\cr
hits&first&$1/r$ of the first relevant item at rank $r$&\secref{q:rr}\cr
&sum&the sum of $1/r$ over the relevant items in the top $K$&\cr
&mean&that sum over $R$&\cr
gmax&1..30&the largest grade of ERR (default 4)&\secref{q:gmax}\cr
p&$1/1000..999/1000$&the persistence of RBP, a fraction (default 0.9)&\secref{q:judged}\cr
cut&$p/q$&predicted positive when the score is at least the cut (default $1/2$)&\secref{q:clf}\cr
tau&b&Kendall's $\tau_b$, corrected for ties&\secref{corr-def}\cr
&a&Kendall's $\tau_a$&\cr
items&$N$&the size of the catalogue, 1 to $2^{31}-1$; no default&\secref{q:coverage}\cr
floor&none&an item nobody rated makes novelty undefined&\secref{F001.11}\cr
&code&its $p(i)$ is raised to $10^{-8}$&\cr
at&$p/q$&the recall level of \m{iprec}, 0 to 1 (default 0)&\secref{q:iprec}\cr
level&exact&a level $\rho$ is reached at $\lceil\rho R\rceil$ hits&\secref{q:iprec}\cr
&round&at trec\_eval's nearest count (its 11pt\_avg: \m{ap11[level=round]})&\cr
mult&$p/q$&the multiple of $R$ in \m{rprecm} (default 1)&\secref{q:setap}\cr
tp fp fn tn&$-10^6$..$10^6$&\m{utility}'s weights of the four cells (default 1, $-1$, 0, 0)&\secref{q:utility}\cr
docs&$N$&the documents in the collection, for \m{tn} (default 0)&\secref{q:utility}\cr
\noalign{\smallskip\hrule}}}

@ The aggregators, written before a name with a colon, and their keys.

\medskip
{\qrfonts
\halign to\hsize{\m{#}\hfil\tabskip 1em&\m{#}\hfil&#\hfil
  \tabskip 0pt plus 1fil&\hfil#\tabskip 0pt\cr
\noalign{\hrule\smallskip}
mean&&the mean of the queries' values (a macro average)&\secref{q:agg}\cr
micro&&for a ratio metric, the sum of the numerators over the sum of the denominators&\cr
sum&&the sum of the queries' values&\cr
gm&&the geometric mean, each value first raised to $10^{-5}$ (trec\_eval's gm\_map)&\secref{q:gm}\cr
skip&none&every query counts&\cr
&undef&queries whose value is undefined are left out&\cr
&norel&queries without a relevant item are left out&\cr
&missing&queries that retrieved nothing are left out&\cr
weight&uniform&in \m{mean}, every query weighs 1&\cr
&items&a query weighs its number of items&\cr
&positives&a query weighs its number of relevant items&\cr
\noalign{\smallskip\hrule}}}

@** Conventions.
This part fixes the notation, the input every metric reads, how a ranking is
built from scores, and how a variant is named.  Every later part relies on it.

@* Notation.\here{q:rel}
A {\it query\/} (or a user, in a recommender) has a ranked list of $n$
retrieved items.  Ranks are 1-based: the item at rank~$i$ is the $i$th item
of the list, $1\le i\le n$.  Each item has a {\it grade}~$g_i$, a whole number
from 0 to |RM_GRADE_MAX|; grade~0 means not relevant.  Where a metric needs a
yes-or-no relevance, an item is relevant when its grade is at least the
{\it relevance threshold\/}~$t$, which is~1 unless a variant says otherwise.
A {\it cutoff\/}~$K\ge1$ restricts a metric to the first $K$ ranks; when
the list is shorter than~$K$ the missing ranks contribute nothing to sums
over the list, and each metric says what else $K>n$ changes.  We write
$\lg x$ for $\log_2 x$.

The limits are generous and explicit: a grade above |RM_GRADE_MAX| is an
error, not a silently huge gain, and so is a cutoff above |RM_K_MAX|.
@^grade@>@^cutoff@>@^relevance threshold@>

@<Public constants@>=
#define RM_GRADE_MAX 100 /* largest grade; $2^{100}-1$ is still a modest gain */
#define RM_K_MAX 10000000UL /* largest cutoff $K$ */

@* The input model.
A query's input is its ranked list and its judgments.  The list gives, for
each retrieved item in the order of the input, its grade, its score and its
identifier.  The judgments may also grade items that were {\it not\/}
retrieved: an ideal ranking built ``from all judged items'' needs them.  We
keep the list as parallel arrays, which suits both a C caller and a reader
of files.

\smallskip
\item{$\bullet$} |grade[i]|, for $0\le i<n$, is the grade of the item at input
position~$i$ (0-based, as in C; ranks are 1-based).
\item{$\bullet$} |score[i]| is its score; higher scores rank first.  When |score|
is |NULL|, the input order {\it is\/} the ranking and there are no ties.
\item{$\bullet$} |id[i]| is its identifier, a string; only the tie rules that
compare identifiers need it, and it may be |NULL| otherwise.
\item{$\bullet$} |unretrieved_grade[j]|, for $0\le j<|n_unretrieved|$, are the
grades of judged items that are not in the list.
\item{$\bullet$} |label[i]|, optional, is the item's {\it rating\/} written
as a string: a decimal such as \.{3.5}, \.{-0.25} or \.{4e-1}, or a
fraction such as \.{10/3}.  Only the metrics that read values, the rating
errors MAE, MSE and RMSE and the rank correlations, read it (see
\secref{q:labels}); the field is last so that a caller that zeroes
the structure and knows nothing of it keeps working.
\item{$\bullet$} |unjudged[i]|, optional, says whether the item at
position~$i$ was judged: 0~if it was, 1~if it was retrieved but never
judged (not in the pool), and 2~if it was in the pool but left without a
judgment (trec\_eval's negative grades).  |NULL| means that every retrieved
item was judged.  Only the metrics of incomplete judgments read it (see
\secref{q:judged}); every other metric takes an unjudged item at its grade,
which the caller sets to~0, the usual reading of an unjudged document as not
relevant.  It is last for the same reason as |label|.
\smallskip

\noindent The library never keeps a pointer into the caller's arrays after a
call returns.
@^input model@>

@<Public types@>=
typedef struct rm_list {
  size_t n; /* number of retrieved items */
  const int *grade; /* |grade[i]|: grade of the item at input position |i| */
  const double *score; /* |NULL|: input order is the ranking */
  const char *const *id; /* |NULL| unless a tie rule compares identifiers */
  size_t n_unretrieved; /* judged items that were not retrieved */
  const int *unretrieved_grade;
  const char *const *label; /* |NULL|, or the ratings as decimal strings */
  const unsigned char *unjudged; /* |NULL|: every retrieved item is judged */
} rm_list;

@ {\it Ratings and grades.}  A grade is a whole number because the metrics
of a ranking use it as one: $2^g-1$ is a gain, $g\ge t$ decides relevance,
and the ideal ranking counts items grade by grade.  A rating is a value:
MovieLens' users give half stars, so a rating of $3{1\over2}$ is common
data, and MAE, MSE and RMSE only subtract it from a prediction.  We
therefore let a list carry its ratings beside its grades, as strings, and
read them as written.  A string, not a |double|, because the exact path
promises the value of the data, and the data of a rating file are decimals:
\.{3.3} is $33/10$, while the double nearest to it is
$3.29999999999999982236431605997495353221893310546875$; a pair of integer
arrays (numerator, denominator) would say the same thing but makes every
caller turn decimals into fractions, which is the part that goes wrong.  The
double path reads the string with |strtod|, which is what any program that
reads the file with doubles does, and costs one conversion per item.

When |label| is given, |grade| may be |NULL|, and then a metric that needs
grades (everything but MAE, MSE, RMSE, Spearman's rho and Kendall's tau)
refuses the list with
|RM_EGRADE|: a rating such as 3.5 is not a grade, and we do not round it
into one.  A caller whose ratings are all whole numbers passes them as
grades too, and every metric then accepts the list.  When both are given,
the rating errors and the correlations read |label|, the other metrics
|grade|.
@^ratings@>@^labels@>

@* Status codes.
Every function of the library that can fail returns an |rm_status|.  Zero is
success.  A positive status is a success with a remark: |RM_UNDEFINED| says
that the value was undefined in mathematics (an ideal DCG of~0, say) and was
set by the named convention of the variant.  A negative status is an error,
and then no value is written.  The library never prints, never exits and
never aborts; the tool turns statuses into messages.
@^status codes@>@^undefined values@>

@<Public types@>=
typedef enum {
  RM_OK = 0, /* success */
  RM_UNDEFINED = 1, /* undefined; value set by the variant's convention */
  RM_EINVAL = -1, /* a null pointer, or arrays missing for a nonzero count */
  RM_EGRADE = -2, /* a grade out of range, or a rating where a grade is needed */
  RM_ESCORE = -3, /* a score that is NaN or infinite */
  RM_EK = -4, /* a cutoff below 1 or above |RM_K_MAX| */
  RM_ENAME = -5, /* a malformed or unknown variant name */
  RM_EIDS = -6, /* a tie rule needs identifiers and some are missing */
  RM_ENOMEM = -7, /* out of memory */
  RM_EUNDEF = -8, /* undefined, and the variant says it is an error */
  RM_EHARD = -9 /* the exact path could not decide the rounding */
} rm_status;

@ Each status has a one-line explanation, for messages.

@<Public prototypes@>=
const char *rm_strerror(rm_status s);
/* A one-line English explanation of the status |s|, for messages: a static
   string, never |NULL|, not to be freed. */

@ @<Public functions@>=
const char *rm_strerror(rm_status s)
{
  switch (s) {
  case RM_OK: return "success";
  case RM_UNDEFINED: return "undefined; value set by the variant's convention";
  case RM_EINVAL: return "invalid argument: null pointer or missing array";
  case RM_EGRADE: return "grade out of range (0..100, and at most gmax for err),"
    " or a rating where a whole grade is needed, or a malformed rating";
  case RM_ESCORE: return "score is NaN or infinite";
  case RM_EK: return "cutoff out of range (must be 1..10000000)";
  case RM_ENAME: return "malformed or unknown variant name";
  case RM_EIDS: return "the tie rule needs an identifier for every item";
  case RM_ENOMEM: return "out of memory";
  case RM_EUNDEF: return "value undefined (the variant says undef=error)";
  case RM_EHARD: return "exact path could not decide the rounding";
  }
  return "unknown status";
}

@* Building the ranking.\here{q:ties}
Most inputs do not come ranked: they come with scores, and the ranking is
the order of decreasing score.  Equal scores (ties) are common: scores are
quantised, classifiers saturate, and constant baselines tie everything.  The
order of tied items is not a detail.  For one query with grades 1,~0,~0 all
scored alike, trec\_eval ranks the relevant item last and reports an nDCG of
$1/2$, a program that keeps the input order reports~1, and scikit-learn
reports the average over all orders, $\ours{T-ties-avg}$.  So the rule for ties is part
of every variant, under one of seven names.
@^ties@>

\smallskip
\item{$\bullet$} \.{input}: tied items keep their input order (a stable sort).
This is what Python's |sorted|, pandas' stable sorts, and any caller who
passes a list already in order get.
\item{$\bullet$} \.{reverse}: tied items come in reverse input order, the last
first.  This is what a stable {\it ascending\/} sort read from its end gives,
as scikit-learn's |ndcg_score| with |ignore_ties=True| does, and what a
rank-sum AUC over a stable ascending sort counts.
\item{$\bullet$} \.{id-asc}, \.{id-desc}: tied items are ordered by their
identifiers, compared as byte strings, ascending or descending.  trec\_eval
breaks ties by {\it descending\/} document number; the MS~MARCO evaluator by
ascending identifier.
\item{$\bullet$} \.{pessimistic}: within a tie, lower grades come first, the
worst order for the ranking being judged.  scikit-learn's label ranking
average precision takes ranks this way.
\item{$\bullet$} \.{optimistic}: within a tie, higher grades come first.
\item{$\bullet$} \.{average}: the value is the mean of the metric over all
orders of the tied items, each equally likely.  For a metric that is a sum of
gain times a weight that depends on the rank (the DCG is one), this mean is
obtained by giving every rank of a tie the mean gain of the tied items
(McSherry and Najork, 2008).  scikit-learn's |ndcg_score| does this.
\smallskip

\noindent Within \.{pessimistic} and \.{optimistic}, items of equal grade keep
their input order; that cannot change any value.

@<Public types@>=
typedef enum {
  RM_TIES_INPUT, RM_TIES_ID_ASC, RM_TIES_ID_DESC,
  RM_TIES_PESSIMISTIC, RM_TIES_OPTIMISTIC, RM_TIES_AVERAGE, RM_TIES_REVERSE
} rm_ties;

@ The comparison says whether the item at input position~|a| must be ranked
strictly before the one at~|b|.  Scores are compared as numbers, so $-0$ and
$+0$ tie; NaN never reaches here (see |@<Check the list@>|).  For
\.{average} the order inside a tie is immaterial: the metric looks at the
tie as a whole.

@<Private functions@>=
static int ranks_before(const rm_list *l, rm_ties t, size_t a, size_t b)
{
  double sa = l->score[a], sb = l->score[b];
  if (sa != sb) return sa > sb;
  switch (t) {
  case RM_TIES_ID_ASC: return strcmp(l->id[a], l->id[b]) < 0;
  case RM_TIES_ID_DESC: return strcmp(l->id[a], l->id[b]) > 0;
  case RM_TIES_PESSIMISTIC: return l->grade[a] < l->grade[b];
  case RM_TIES_OPTIMISTIC: return l->grade[a] > l->grade[b];
  case RM_TIES_REVERSE: return a > b;
  default: return 0;
  }
}

@ The ranking is a permutation |perm|: |perm[r]| is the input position of
the item at rank $r+1$.  We build it with a bottom-up merge sort, which is
stable (so \.{input} needs no key of its own), takes $O(n\log n)$ time
whatever the ties, and needs one scratch array |tmp| of $n$ entries that the
caller supplies, so that the double path can run without allocating.  A merge
takes from the right run only when its item ranks strictly before the left
one's; when the tie rule looks at nothing but the scores (\.{input} and
\.{average}), that test is written out, and the two arrays trade roles
after each pass instead of being copied.

Lists often come ranked already: a TREC run is written in rank order, and
a caller may have sorted its list.  One pass finds out: if no item ranks
strictly before the item just above it in the input, the input order is
already the stable sort's result (a stable sort by a strict weak order has
one result), and the sort is skipped.  Under \.{reverse} every tie fails
this test, as it should.

@<Private functions@>=
static void rank_items(const rm_list *l, rm_ties t, size_t *perm, size_t *tmp)
{
  size_t n = l->n, w, i, *src = perm, *dst = tmp, *x;
  const double *sc = l->score;
  int by_score = t == RM_TIES_INPUT || t == RM_TIES_AVERAGE;
  for (i = 0; i < n; i++) perm[i] = i;
  if (sc == NULL) return;
  for (i = 1; i < n && !ranks_before(l, t, i, i - 1); i++) continue;
  if (i >= n) return; /* already ranked */
  for (w = 1; w < n; w *= 2) {
    for (i = 0; i < n; i += 2 * w) {
      size_t mid = i + w < n ? i + w : n, hi = i + 2 * w < n ? i + 2 * w : n;
      size_t a = i, b = mid, k = i;
      if (by_score)
        while (a < mid && b < hi)
          dst[k++] = sc[src[b]] > sc[src[a]] ? src[b++] : src[a++];
      else
        while (a < mid && b < hi)
          dst[k++] = ranks_before(l, t, src[b], src[a]) ? src[b++] : src[a++];
      while (a < mid) dst[k++] = src[a++];
      while (b < hi) dst[k++] = src[b++];
    }
    x = src; src = dst; dst = x;
  }
  if (src != perm) memcpy(perm, src, n * sizeof *perm);
}

@ A {\it tie group\/} is a maximal run of ranks whose items have equal
scores.  Under \.{average} the metrics need the end of the group that starts
at rank index~|r| (0-based).  Without scores every group has one item.

@<Private functions@>=
static size_t tie_end(const rm_list *l, const size_t *perm, size_t r)
{
  size_t e = r + 1;
  if (l->score == NULL) return e;
  while (e < l->n && l->score[perm[e]] == l->score[perm[r]]) e++;
  return e;
}

@ Both paths check the list the same way before they compute anything.
The checks are the contract of every metric function: a list with a nonzero
count has its array; every grade is in range; every score is a finite number;
and a tie rule that compares identifiers, when the variant has a tie rule at
all, has an identifier for every item.

@<Check the list@>=
{
  size_t i_;
  if (l == NULL || (l->n > 0 && l->grade == NULL && l->label == NULL) ||
      (l->n_unretrieved > 0 && l->unretrieved_grade == NULL)) return RM_EINVAL;
  if (l->label != NULL)
    for (i_ = 0; i_ < l->n; i_++) if (!label_ok(l->label[i_])) return RM_EGRADE;
  if (l->n > 0 && l->grade == NULL && !reads_labels(v)) return RM_EGRADE;
  for (i_ = 0; l->grade != NULL && i_ < l->n; i_++)
    if (l->grade[i_] < 0 || l->grade[i_] > RM_GRADE_MAX) return RM_EGRADE;
  for (i_ = 0; i_ < l->n_unretrieved; i_++)
    if (l->unretrieved_grade[i_] < 0 || l->unretrieved_grade[i_] > RM_GRADE_MAX)
      return RM_EGRADE;
  for (i_ = 0; l->unjudged != NULL && i_ < l->n; i_++)
    if (l->unjudged[i_] > 2) return RM_EGRADE;
  if (l->score != NULL) {
    for (i_ = 0; i_ < l->n; i_++)
      if (!isfinite(l->score[i_])) return RM_ESCORE;
    if (key_used(v, KEY_TIES)
        && (v->ties == RM_TIES_ID_ASC || v->ties == RM_TIES_ID_DESC)) {
      if (l->id == NULL) return RM_EIDS;
      for (i_ = 0; i_ < l->n; i_++) if (l->id[i_] == NULL) return RM_EIDS;
    }
  }
}

@ A rating\here{q:labels} is read by three small functions: |label_ok| checks
its spelling, |label_d| gives the double nearest to it, and |label_q| its
exact value.  A decimal is an optional sign, digits with an optional point
(at least one digit in all) and an optional exponent of at most four
digits; a fraction is an optional sign, digits, a slash and digits not all
zero.  Nothing else is a rating: no spaces, no \.{inf}, no \.{nan}, no
hexadecimal, and no rating whose double would be infinite.  The rating
errors read the rating of item~|i| through |rating_d| and |rating_q|, which
fall back to the grade when the list has no ratings.

@<Private functions@>=
static const char *skip_digits(const char *s)
{
  while (*s >= '0' && *s <= '9') s++;
  return s;
}
static double label_d(const char *s)
{
  mpq_t q;
  mpfr_t x;
  double d;
  if (strchr(s, '/') == NULL) return strtod(s, NULL);
  mpq_init(q); mpfr_init2(x, 53);
  mpq_set_str(q, s + (*s == '+'), 10);
  mpq_canonicalize(q);
  mpfr_set_q(x, q, MPFR_RNDN);
  d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x); mpq_clear(q);
  return d;
}
static int label_ok(const char *s)
{
  const char *p, *q;
  if (s == NULL) return 0;
  p = s + (*s == '+' || *s == '-');
  q = skip_digits(p);
  if (*q == '/') {
    const char *r = skip_digits(q + 1);
    if (q == p || r == q + 1 || *r != '\0') return 0;
    for (q++; *q == '0'; q++) ;
    if (q == r) return 0; /* a zero denominator */
  } else {
    if (*q == '.') {
      const char *r = skip_digits(q + 1);
      if (q == p && r == q + 1) return 0;
      q = r;
    } else if (q == p) return 0;
    if (*q == 'e' || *q == 'E') {
      const char *r = q + 1 + (q[1] == '+' || q[1] == '-');
      q = skip_digits(r);
      if (q == r || q - r > 4) return 0;
    }
    if (*q != '\0') return 0;
  }
  return isfinite(label_d(s));
}

@ The exact value of a decimal $m\cdot10^{e}$ with $f$ digits after the
point is the integer of its digits times $10^{e-f}$.

@<Private functions@>=
static void label_q(mpq_t v, const char *s)
{
  size_t n = strlen(s), j = 0;
  char *d = malloc(n + 2);
  long e = 0, f = 0;
  int neg = *s == '-', point = 0;
  mpz_t t;
  if (strchr(s, '/') != NULL || d == NULL) {
    free(d);
    mpq_set_str(v, s + (*s == '+'), 10);
    mpq_canonicalize(v);
    return;
  }
  for (s += (*s == '+' || *s == '-'); *s && *s != 'e' && *s != 'E'; s++)
    if (*s == '.') point = 1;
    else { d[j++] = *s; f += point; }
  d[j] = '\0';
  if (*s) e = strtol(s + 1, NULL, 10);
  mpz_init(t);
  mpz_set_str(mpq_numref(v), d, 10);
  if (neg) mpz_neg(mpq_numref(v), mpq_numref(v));
  mpz_ui_pow_ui(t, 10, (unsigned long) labs(e - f));
  if (e - f >= 0) { mpz_mul(mpq_numref(v), mpq_numref(v), t); mpz_set_ui(mpq_denref(v), 1); }
  else mpz_set(mpq_denref(v), t);
  mpq_canonicalize(v);
  mpz_clear(t); free(d);
}
static int reads_labels(const rm_variant *v)
{
  return v->metric == RM_MAE || v->metric == RM_MSE || v->metric == RM_RMSE
    || v->metric == RM_SPEARMAN || v->metric == RM_KENDALL;
}
static double rating_d(const rm_list *l, size_t i)
{
  return l->label ? label_d(l->label[i]) : (double) l->grade[i];
}
static void rating_q(mpq_t q, const rm_list *l, size_t i)
{
  if (l->label) label_q(q, l->label[i]); else mpq_set_si(q, l->grade[i], 1);
}

@ {\it One rule for reading a label.}\here{q:numbers}  A label in a file or
on a command line is a grade, a rating, or an error, and every reader of
the tool decides which by one function, |rm_label_kind|, so that the TREC
judgments, a delimited file's labels and \.{value --grades} agree.
A {\it grade\/} is written as an optional sign, decimal digits, and
optionally a point followed by nothing but zeros (\.{2}, \.{+2}, \.{2.},
\.{2.00}, \.{-0}); its value must be from 0 to |RM_GRADE_MAX|.  A whole
number so written below~0 is reported apart (|RM_LABEL_NEGATIVE|): TREC's
judgments use $-1$ and $-2$ for judged non-relevant documents, and the
readers of files take it as grade~0 and count it.  Any other label that
|label_ok| accepts is a {\it rating\/} (\.{3.5}, \.{1e2}, \.{10/3},
\.{0.99999999999999999999}, a whole number above |RM_GRADE_MAX|): only the
metrics that read values (MAE, MSE, RMSE, Spearman's rho, Kendall's tau)
take it, read exactly as written.  Everything else is refused: no spaces,
no hexadecimal, no \.{inf} or \.{nan}, no rating whose double would be
infinite.  The rule is strict on purpose.  trec\_eval reads a grade with
|atoi|, so \.{0.99999999999999999999}, \.{1e2} and \.{0x10} are 0, 1 and 0
there, and a reader built on |strtod| makes them 1, 100 and~16; a label
whose meaning depends on the program that reads it is refused rather than
read one of three ways.  The table in ``Bad input and its answer'' gives
the answer for each spelling.
@^grade, spelling of@>@^ratings, spelling of@>@^labels, one rule for@>

@<Public constants@>=
#define RM_LABEL_BAD 0 /* neither a grade nor a rating */
#define RM_LABEL_GRADE 1 /* a whole grade from 0 to |RM_GRADE_MAX| */
#define RM_LABEL_NEGATIVE 2 /* a whole number below 0, written as a grade */
#define RM_LABEL_RATING 3 /* any other rating, such as 3.5 */

@ @<Public prototypes@>=
int rm_label_kind(const char *s, int *grade);
/* Classifies the label |s| by the book's one rule (section ``One rule for
   reading a label''): |RM_LABEL_GRADE| with |*grade| set, |RM_LABEL_NEGATIVE|
   with |*grade| set to 0, |RM_LABEL_RATING|, or |RM_LABEL_BAD| (also for
   |NULL|).  |grade| may be |NULL|.  Thread-safe. */
int rm_label_cmp(const char *a, const char *b);
/* Compares two labels that |rm_label_kind| accepts by their exact values:
   $-1$, 0 or 1 as |a| is below, equal to or above |b| (\.{3.50} equals
   \.{7/2}); $-2$ when either is not a label.  Thread-safe. */

@ @<Public functions@>=
int rm_label_kind(const char *s, int *grade)
{
  const char *p, *q;
  long g = 0;
  if (s == NULL) return RM_LABEL_BAD;
  p = s + (*s == '+' || *s == '-');
  for (q = p; *q >= '0' && *q <= '9'; q++)
    if (g <= RM_GRADE_MAX) g = 10 * g + (*q - '0');
  if (q > p) {
    if (*q == '.') for (q++; *q == '0'; q++) ;
    if (*q == '\0' && *s == '-' && g > 0) {
      if (grade) *grade = 0;
      return RM_LABEL_NEGATIVE;
    }
    if (*q == '\0' && g <= RM_GRADE_MAX) {
      if (grade) *grade = (int) g;
      return RM_LABEL_GRADE;
    }
  }
  return label_ok(s) ? RM_LABEL_RATING : RM_LABEL_BAD;
}
int rm_label_cmp(const char *a, const char *b)
{
  mpq_t x, y;
  int c;
  if (!rm_label_kind(a, NULL) || !rm_label_kind(b, NULL)) return -2;
  mpq_inits(x, y, NULL);
  label_q(x, a); label_q(y, b);
  c = mpq_cmp(x, y);
  mpq_clears(x, y, NULL);
  return (c > 0) - (c < 0);
}

@ The double path of the rating errors needs the error $g-s$ of an item
rounded once, as it is for a whole grade: with the double nearest to 3.3 in
place of $33/10$, an error of a score near 3.3 would lose all its digits.
A rating that |strtod| reads exactly, such as a half star, is subtracted in
doubles; |label_exact| decides that from the digits: $m\cdot10^{-f}$ with
$m<2^{63}$ is a double when $5^f$ divides~$m$ and the quotient is below
$2^{53}$ (for $f\le0$, when $m\cdot10^{-f}<2^{53}$).  Any other rating is
subtracted exactly in rationals and rounded once, which costs a few hundred
nanoseconds, paid only for such ratings.

@<Private functions@>=
static int label_exact(const char *s)
{
  unsigned long long m = 0, p = 1;
  long f = 0, e = 0;
  int point = 0, nd = 0;
  if (*s == '+' || *s == '-') s++;
  for (; *s && *s != 'e' && *s != 'E'; s++) {
    if (*s == '.') { point = 1; continue; }
    if (*s < '0' || *s > '9') return 0; /* a fraction */
    if (m == 0 && *s == '0') { f += point; continue; }
    if (++nd > 18) return 0;
    m = 10 * m + (unsigned long long) (*s - '0'); f += point;
  }
  if (*s) e = strtol(s + 1, NULL, 10);
  f -= e;
  if (m == 0) return 1;
  if (f <= 0) {
    for (; f < 0; f++) { if (m > (1ULL << 53) / 10) return 0; m *= 10; }
    return m <= (1ULL << 53);
  }
  if (f > 27) return 0;
  while (f-- > 0) p *= 5;
  return m % p == 0 && m / p <= (1ULL << 53);
}
static double rating_err_d(const rm_list *l, size_t i)
{
  mpq_t g, t;
  mpfr_t x;
  double d;
  if (l->label == NULL) return (double) l->grade[i] - l->score[i];
  if (label_exact(l->label[i])) return strtod(l->label[i], NULL) - l->score[i];
  mpq_inits(g, t, NULL); mpfr_init2(x, 53);
  label_q(g, l->label[i]); mpq_set_d(t, l->score[i]); mpq_sub(g, g, t);
  mpfr_set_q(x, g, MPFR_RNDN);
  d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x); mpq_clears(g, t, NULL);
  return d;
}

@* Variant names.\here{q:names}
A {\it variant\/} is one exact definition: a metric together with every
choice that changes its value.  Each variant has one name, a short string
that the library, the command line, the golden vectors and this book all
use.  The grammar is
$$\vbox{\halign{\hfil$\langle\hbox{#}\rangle$\quad&$#$\hfil\cr
name&::=\ \langle\hbox{metric}\rangle\ [\ \hbox{\tt@@}\,\langle\hbox{cutoff}\rangle\ ]\
  [\ \hbox{\tt[}\ \langle\hbox{option}\rangle\ \{\ \hbox{\tt,}\ \langle\hbox{option}\rangle\ \}\ \hbox{\tt]}\ ]\cr
option&::=\ \langle\hbox{key}\rangle\ \hbox{\tt=}\ \langle\hbox{value}\rangle\cr
cutoff&::=\ \hbox{a decimal integer from 1 to |RM_K_MAX|, no sign, no leading zero}\cr}}$$
with no spaces anywhere.  Without a cutoff a metric looks at the whole list.
Options may come in any order, each key at most once, and a key the variant
does not use is an error rather than something silently ignored: a
threshold on a gain that has no threshold is a mistake worth hearing about.
An option that is left out takes its default.
@^variant names@>

The {\it canonical\/} name, which the printer writes, has the cutoff when
there is one and then {\it every\/} key that the variant uses, in a fixed
order, defaults included.  So the canonical name of \.{ndcg@@10} is
$$\hbox{\tt ndcg@@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]}$$
and a reader who meets such a name needs no knowledge of our defaults.  The
parser and the printer are inverse: printing a parsed name gives the
canonical name, and parsing a canonical name gives the variant back.

@ Each metric chapter of this book adds its metrics and the keys they read;
the machinery of names is written once, here, and knows them only through
three tables that the chapters extend: the codes of the metrics
(|@<Metric codes@>|), the specifications of the keys (|@<Key
specifications@>|) and, at the end of the library, the table of metrics with
their names and their two paths (|@<Metric specifications@>|).  Three keys
mean the same for every metric that takes them, so they are defined here:
\.{rel}, the relevance threshold~$t$, an integer from 1 to~100 (default~1);
\.{ties}, the tie rule (default \.{input}); and \.{undef}, what to report for
a value that is undefined in mathematics (default \.{zero}).\here{q:undef}

The variant itself is a metric, a cutoff, and one |int| field for each key;
a field that its metric does not read is ignored, so that two variants with
one name have one value.

@<Public types@>=
typedef enum {@+ @<Metric codes@>@; RM_N_METRICS @+} rm_metric;
typedef enum {@+ RM_UNDEF_ZERO, RM_UNDEF_ONE, RM_UNDEF_ERROR @+} rm_undef;
typedef struct rm_variant {
  rm_metric metric;
  unsigned long k; /* cutoff $K$; 0 means none */
  int rel; /* relevance threshold $t$ */
  int ties; /* an |rm_ties| */
  int undef; /* an |rm_undef| */
  @<Fields of a variant@>@;
} rm_variant;

@ The printer and the parser are driven by the table of keys, so that they
cannot drift apart.  A key takes a word from its list (the word's index is
the field's value), a whole number in a range, or a fraction (two fields, the
numerator and the denominator, kept in lowest terms).  A key is part of a
variant's name when the variant's metric takes it (each metric lists its
keys in the table of metrics) and, for a key that refines another choice,
when its condition |when| holds.  The keys are printed in increasing
|order|: a metric's own keys first (orders below~10), then the keys of the
cumulative-gain family and the common keys, interleaved so that a key that
refines another follows it (\.{rel} after \.{gain}, \.{base} after
\.{discount}).

@d K(key) (1ULL << (key)) /* the set holding |key| */
@d FIELD(f) offsetof(rm_variant, f)

@<Private types@>=
enum {@+ @<Key codes@>@; N_KEYS @+};
typedef struct {
  const char *name;
  const char *const *words; /* |NULL| for a number or a fraction */
  long lo, hi; /* range of a number, or of a fraction's numerator */
  size_t field, den; /* offsets of the field(s); |den| is 0 but for a fraction */
  int (*when)(const rm_variant *); /* a further condition, or |NULL| */
  int order; /* keys are printed in increasing |order| */
  int outer; /* 1 for an option of the aggregator (see the part on aggregation) */
} key_spec;
struct loglin; /* see |@<Private types@>| in the part on exact arithmetic */
typedef struct {
  const char *name;
  unsigned long long keys; /* the keys this metric takes */
  rm_status (*d)(const rm_variant *, const rm_list *, const size_t *, double *);
  rm_status (*x)(const rm_variant *, const rm_list *, const size_t *, rm_exact *);
  double (*bound)(const rm_variant *); /* error bound of |d|, in ulps */
  const char *(*refuse)(const rm_variant *); /* why a variant is undefined */
  void (*defaults)(rm_variant *); /* defaults that differ from the common ones */
  rm_status (*qratio)(const rm_variant *, const rm_list *, const size_t *,
    mpq_t, mpq_t); /* a rational metric's numerator and denominator */
  rm_status (*dratio)(const rm_variant *, const rm_list *, const size_t *,
    double *, double *); /* the same in double precision */
  rm_status (*forms)(const rm_variant *, const rm_list *, const size_t *,
    struct loglin *, struct loglin *); /* a logarithmic metric's forms */
  rm_status (*set_d)(const rm_variant *, const rm_list *, size_t, rm_work *,
    double *); /* a metric of a whole set: its double path */
  rm_status (*set_x)(const rm_variant *, const rm_list *, size_t,
    rm_exact *); /* and its exact path */
} metric_spec;

@ @<Key codes@>=
KEY_GAIN, KEY_REL, KEY_DISCOUNT, KEY_BASE, KEY_IDEAL, KEY_TIES, KEY_UNDEF,

@ @<Private functions@>=
static const char *const ties_words[] = {"input", "id-asc", "id-desc",
  "pessimistic", "optimistic", "average", "reverse", NULL};
static const char *const undef_words[] = {"zero", "one", "error", NULL};
static const metric_spec metrics[RM_N_METRICS]; /* see |@<The table of metrics@>| */
@<Words and conditions of keys@>@;
static const key_spec keys[N_KEYS] = {
  @<Key specifications@>@;
};

@ The three common keys.  \.{rel} is read by every metric of binary
relevance; a metric with a gain (the cumulative-gain family) reads it only
with \.{gain=binary}.  \.{ties} is read by every metric that ranks, except
that \.{idcg} ranks only for \.{ideal=topk}.  \.{undef} is read by the
metrics that can be undefined.

@^keys of names, \.{rel}@>@^keys of names, \.{ties}@>@^keys of names, \.{undef}@>
@<Key specifications@>=
[KEY_REL] = {"rel", NULL, 1, RM_GRADE_MAX, FIELD(rel), 0, rel_when, 20},
[KEY_TIES] = {"ties", ties_words, 0, 0, FIELD(ties), 0, ties_when, 60},
[KEY_UNDEF] = {"undef", undef_words, 0, 0, FIELD(undef), 0, NULL, 70},

@ @<Words and conditions of keys@>=
static int rel_when(const rm_variant *v)
{
  return !(metrics[v->metric].keys & K(KEY_GAIN)) || v->gain == RM_GAIN_BINARY;
}
static int ties_when(const rm_variant *v)
{
  return v->metric != RM_IDCG || v->ideal == RM_IDEAL_TOPK;
}

@ These functions are the only place that maps keys to fields.

@<Private functions@>=
static long key_get(const rm_variant *v, int key)
{
  return *(const int *) ((const char *) v + keys[key].field);
}
static long key_den(const rm_variant *v, int key)
{
  return *(const int *) ((const char *) v + keys[key].den);
}
static void key_set(rm_variant *v, int key, long x, long d)
{
  *(int *) ((char *) v + keys[key].field) = (int) x;
  if (keys[key].den) *(int *) ((char *) v + keys[key].den) = (int) d;
}
static int key_used(const rm_variant *v, int key)
{
  if (keys[key].outer ? v->agg == RM_AGG_NONE : !(metrics[v->metric].keys & K(key)))
    return 0;
  return keys[key].when == NULL || keys[key].when(v);
}
static int key_words(int key)
{
  int n = 0;
  while (keys[key].words[n]) n++;
  return n;
}

@ A variant made by hand, not by the parser, may hold values that no name
could produce.  Every key that the variant uses is checked against its
range, and the metric may refuse a combination (see |@<The table of
metrics@>|); fields the variant does not use are not looked at.  The parser
runs the same check after reading a name.

@<Private functions@>=
static rm_status check_keys(const rm_variant *v)
{
  int key;
  if ((unsigned) v->agg > RM_AGG_GM) return RM_ENAME;
  if (v->agg == RM_AGG_MICRO && metrics[v->metric].qratio == NULL) return RM_ENAME;
  if (v->agg != RM_AGG_NONE && ((metrics[v->metric].qratio == NULL
      && metrics[v->metric].forms == NULL && v->metric != RM_NDCG_REL
      && v->metric != RM_RNDCG)
      || metrics[v->metric].set_d)) return RM_ENAME;
  if ((v->metric == RM_NDCG_REL || v->metric == RM_RNDCG) && v->agg == RM_AGG_GM)
    return RM_ENAME;
  for (key = 0; key < N_KEYS; key++) {
    long x;
    if (!key_used(v, key)) continue;
    x = key_get(v, key);
    if (keys[key].words ? x < 0 || x >= key_words(key)
        : x < keys[key].lo || x > keys[key].hi) return RM_ENAME;
    if (keys[key].den && (key_den(v, key) < 1 || key_den(v, key) > keys[key].hi))
      return RM_ENAME;
  }
  return RM_OK;
}

@ @<Public prototypes@>=
void rm_variant_default(rm_variant *v, rm_metric m);
/* Sets |*v| to the metric |m| with every key at its default and no
   aggregator; does nothing when |v| is |NULL|.  A metric out of range is
   stored as given, and every function that reads the variant refuses it. */
rm_status rm_variant_parse(const char *name, rm_variant *v,
  char *msg, size_t msglen);
/* Reads the variant named |name| (ours, or a name of trec\_eval or
   ir\_measures, or \.{gauc}) into |*v|.  On error returns |RM_ENAME| (or
   |RM_EINVAL| for a null pointer), leaves |*v| alone and, when |msg| is not
   |NULL|, writes at most |msglen| bytes of a message giving the column. */
size_t rm_variant_name(const rm_variant *v, char *buf, size_t len);
/* Writes the canonical name of |*v|, every key shown, as |snprintf| does:
   at most |len| bytes with the null, and returns the length of the whole
   name (less than |RM_NAME_MAX|), so a result |>= len| means truncation.
   A null |v|, or one whose metric, aggregator or keys are out of range,
   gives 0 and the empty string; |buf| may be |NULL| when |len| is 0. */

@ Defaults are zero for every word key (the first word of each list is the
default) and set here for the others; a metric may change them (see |@<The
table of metrics@>|).

@<Public functions@>=
void rm_variant_default(rm_variant *v, rm_metric m)
{
  if (v == NULL) return;
  memset(v, 0, sizeof *v);
  v->metric = m;
  v->rel = 1;
  @<Set the numeric defaults of a variant@>@;
  if ((unsigned) m < RM_N_METRICS && metrics[m].defaults) metrics[m].defaults(v);
}

@ A summary of every name the parser accepts, generated from the same
tables, serves the tool's help text, so that the help cannot drift from the
parser.  Like the printer it returns the length of the whole text and writes
at most |len| bytes.

@<Public prototypes@>=
size_t rm_variant_help(char *buf, size_t len);
/* Writes the help text on variant names (metrics, keys, words) into |buf|
   as |snprintf| does and returns its whole length. */

@ The summary is written straight into the caller's buffer, through
|help_put|, which appends like |snprintf| and counts what it could not
write, so that the function keeps no buffer of its own: a |static| one would
be shared by every thread that asks for help at the same time, and would
bound the length of the text.
@^thread safety@>

@<Private functions@>=
static void help_put(char *buf, size_t len, size_t *p, const char *fmt, ...)
{
  va_list ap;
  int r;
  va_start(ap, fmt);
  r = *p < len ? vsnprintf(buf + *p, len - *p, fmt, ap) : vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (r > 0) *p += (size_t) r;
}

@ A list of every word of every key would promise more than the parser
keeps: \.{ap[ties=average]} is refused, \.{rel=} goes with \.{gain=binary}
only, \.{denom=} needs a cutoff.  So the summary lists a word only after
asking the parser's own tests whether a name with that word would be
accepted.  |help_accepts| runs the checks that end |rm_variant_parse|
(|@<Check that every option given is used by the variant@>|) on a variant
|w| whose given keys are the set |given|: every given key is used, the
metric does not refuse the variant, and every value is in range.

@<Private functions@>=
static int help_accepts(const rm_variant *w, unsigned long long given)
{
  int key;
  for (key = 0; key < N_KEYS; key++)
    if ((given & K(key)) && !key_used(w, key)) return 0;
  if (metrics[w->metric].refuse && metrics[w->metric].refuse(w)) return 0;
  return check_keys(w) == RM_OK;
}

@ The words of a key fall into groups: those the parser accepts with every
other key at its default, and those it accepts only under a condition,
which is a cutoff or one word of another key (the first key, in printing
order, that makes a difference).  |help_cond| finds the condition of value
$x/d$ of |key| on the variant |b| with the given keys |given|: it writes
\.{@@K} or \.{key2=}{\it words\/} (every word of the other key that admits
it, separated by bars) into
|c|, and returns 0 when the value is accepted as it is, 1 when under the
condition, and $-1$ when never.

@<Private functions@>=
static int next_key(int key); /* the key printed after |key|, see below */
static int help_cond(const rm_variant *b, unsigned long long given, int key,
  long x, long d, char *c, size_t clen)
{
  rm_variant w = *b;
  int k2;
  c[0] = '\0';
  key_set(&w, key, x, d);
  if (help_accepts(&w, given | K(key))) return 0;
  w.k = 5;
  if (help_accepts(&w, given | K(key))) { snprintf(c, clen, "@@K"); return 1; }
  for (k2 = next_key(-1); k2 >= 0; k2 = next_key(k2)) {
    int i, n = 0;
    size_t p = 0;
    if (k2 == key || keys[k2].outer || keys[k2].words == NULL
        || !(metrics[b->metric].keys & K(k2))) continue;
    for (i = 0; keys[k2].words[i]; i++) {
      w = *b;
      key_set(&w, k2, i, 1);
      key_set(&w, key, x, d);
      if (i == key_get(b, k2)
          || !help_accepts(&w, given | K(key) | K(k2))) continue;
      if (n++) help_put(c, clen, &p, "|%s", keys[k2].words[i]);
      else help_put(c, clen, &p, "%s=%s", keys[k2].name, keys[k2].words[i]);
    }
    if (n) return 1;
  }
  return -1;
}

@ The line of one metric.  A metric whose bare name is refused has a key
without a default (\.{coverage}'s \.{items}); the first numeric key that
makes the name acceptable at the bottom of its range is marked
\.{(required)} and given in every further test.  Each key is then written
as one or more groups \.{key=}{\it words\/}, a group of words that need a
condition followed by it in parentheses and without a space, so that every
group is one word:
$$\hbox{\tt rel=1..100(gain=binary)\quad
  ties=average(hit=recall\char124 precision\char124 rows)}$$

@<Private functions@>=
static void help_metric(char *buf, size_t len, size_t *p, rm_metric m)
{
  rm_variant b;
  unsigned long long given = 0;
  int key, req = -1;
  char c[160];
  rm_variant_default(&b, m);
  if (!help_accepts(&b, 0))
    for (key = next_key(-1); key >= 0 && req < 0; key = next_key(key)) {
      rm_variant w = b;
      if (keys[key].outer || keys[key].words || !(metrics[m].keys & K(key))) continue;
      key_set(&w, key, keys[key].lo, 1);
      if (help_accepts(&w, K(key))) req = key, b = w, given = K(key);
    }
  help_put(buf, len, p, "  %s%s", metrics[m].name,
    rm_metric_takes_cutoff(m) ? "[@@K]" : "");
  for (key = next_key(-1); key >= 0; key = next_key(key)) {
    if (keys[key].outer || !(metrics[m].keys & K(key))) continue;
    if (keys[key].words) @<Write the groups of words of |key|@>@;
    else {
      int r = help_cond(&b, given & ~K(key), key, keys[key].lo, 1, c, sizeof c);
      if (r < 0) continue;
      help_put(buf, len, p, " %s=", keys[key].name);
      if (keys[key].den) help_put(buf, len, p, "p/q");
      else help_put(buf, len, p, "%ld..%ld", keys[key].lo, keys[key].hi);
      if (key == req) help_put(buf, len, p, "(required)");
      else if (r > 0) help_put(buf, len, p, "(%s)", c);
    }
  }
  help_put(buf, len, p, "\n");
}

@ Words are grouped by their condition, and a group is written where its
first word stands in the key's list, so that the default's group comes
first.  A word the parser never accepts for this metric is not written at
all.

@<Write the groups of words of |key|@>=
{
  int nw = key_words(key), i, j, r[16], done[16];
  char cond[16][160];
  for (i = 0; i < nw && i < 16; i++) {
    r[i] = help_cond(&b, given, key, i, 1, cond[i], sizeof cond[i]);
    done[i] = r[i] < 0;
  }
  for (i = 0; i < nw && i < 16; i++) {
    if (done[i]) continue;
    help_put(buf, len, p, " %s=%s", keys[key].name, keys[key].words[i]);
    for (j = i + 1; j < nw && j < 16; j++)
      if (!done[j] && r[j] == r[i] && strcmp(cond[j], cond[i]) == 0) {
        help_put(buf, len, p, "|%s", keys[key].words[j]);
        done[j] = 1;
      }
    if (r[i] > 0) help_put(buf, len, p, "(%s)", cond[i]);
  }
}

@ The summary ends with the aggregators and with the names of trec\_eval
and ir\_measures that the parser takes (see the section ``Names of
trec\_eval and ir\_measures''), and \.{gauc}.

@<Public functions@>=
size_t rm_variant_help(char *buf, size_t len)
{
  size_t p = 0;
  int m;
  if (buf == NULL) len = 0;
  if (len > 0) buf[0] = '\0';
  for (m = 0; m < RM_N_METRICS; m++) help_metric(buf, len, &p, (rm_metric) m);
  help_put(buf, len, &p, "aggregators, written before a name:"
    " mean[skip=none|undef|norel|missing,weight=uniform|items|positives]:NAME,\n"
    "  micro[skip=...]:NAME (ratio metrics), sum[skip=...]:NAME,\n"
    "  gm[skip=...]:NAME (geometric mean, floor 1e-5)\n");
  help_put(buf, len, &p, "names of other libraries, for what they compute there:\n"
    "  trec_eval's map, map_cut_K, P_K (or P.K), recall_K, success_K, Rprec,\n"
    "  recip_rank, ndcg_cut_K, ideal_dcg, set_P, set_recall, set_F[.X], num_q,\n"
    "  num_ret, num_rel, num_rel_ret, gm_map, 11pt_avg, iprec_at_recall_X (its\n"
    "  ndcg and dcg are written trec_eval:ndcg, trec_eval:dcg);\n"
    "  ir_measures' AP[@@K], AP(rel=T), P@@K, R@@K, RR[@@K], Rprec, nDCG[@@K],\n"
    "  nDCG(dcg=exp-log2)@@K, Success@@K, ERR@@K, SetP, SetR, SetF[(beta=X)],\n"
    "  NumQ, NumRet, NumRel, NumRelRet, IPrec@@X\n"
    "  and the common GAUC, gauc: mean[skip=undef,weight=items]:auc[ties=average]\n");
  return p;
}

@ The same tables, as data, for programs that walk the names: the
metrics by code, whether each takes a cutoff, the keys it reads (those of
its name, in the order of the canonical name), the keys of each
aggregator, the words of a key whose values are words, and the range of
a key whose values are numbers: |rm_key_range| returns 1 for a whole
number in $[|lo|,|hi|]$, 2 for a fraction $p/q$ whose numerator is in that
range, and 0 for a key of words or no key.  The tool's \.{verify} and
\.{disagree} enumerate variants with them.  A key list is
written into |names|, at most |max| of them, and its length returned.
@^interface@>

@<Public prototypes@>=
const char *rm_metric_name(rm_metric m);
/* The word of metric |m| (\.{ndcg}), a static string; |NULL| when |m| is
   out of range. */
int rm_metric_takes_cutoff(rm_metric m);
/* Nonzero when metric |m| takes a cutoff \.{@@K}. */
size_t rm_metric_keys(rm_metric m, const char **names, size_t max);
/* Stores in |names| (at most |max| of them; |names| may be |NULL|) the
   static names of the keys that metric |m| reads, and returns how many
   there are. */
size_t rm_aggregator_keys(rm_agg a, const char **names, size_t max);
/* The same for the aggregator |a|; 0 for |RM_AGG_NONE|. */
const char *const *rm_key_words(const char *key);
/* The words a key takes, a static array ending in |NULL|; |NULL| when
   |key| is unknown or takes a number. */
int rm_key_range(const char *key, long *lo, long *hi);
/* For a key that takes a number, stores its least and greatest values
   (either pointer may be |NULL|) and returns 1 for a whole number, 2 for a
   fraction; 0 when |key| is unknown or takes words. */

@ A metric that refuses a cutoff says so when asked with $K=1$, as the
help text finds out too.  The keys of an aggregator are its outer keys that
apply to it (\.{weight} belongs to \.{mean} only).

@<Public functions@>=
const char *rm_metric_name(rm_metric m)
{
  return (unsigned) m < RM_N_METRICS ? metrics[m].name : NULL;
}
int rm_metric_takes_cutoff(rm_metric m)
{
  rm_variant v;
  const char *r;
  if ((unsigned) m >= RM_N_METRICS) return 0;
  rm_variant_default(&v, m);
  v.k = 1;
  r = metrics[m].refuse ? metrics[m].refuse(&v) : NULL;
  return !(r && strstr(r, "cutoff"));
}
size_t rm_metric_keys(rm_metric m, const char **names, size_t max)
{
  size_t n = 0;
  int key;
  if ((unsigned) m >= RM_N_METRICS) return 0;
  for (key = next_key(-1); key >= 0; key = next_key(key))
    if (!keys[key].outer && (metrics[m].keys & K(key))) {
      if (n < max && names) names[n] = keys[key].name;
      n++;
    }
  return n;
}
size_t rm_aggregator_keys(rm_agg a, const char **names, size_t max)
{
  rm_variant v;
  size_t n = 0;
  int key;
  if (a == RM_AGG_NONE || (unsigned) a > RM_AGG_GM) return 0;
  rm_variant_default(&v, (rm_metric) 0);
  v.agg = a;
  for (key = next_key(-1); key >= 0; key = next_key(key))
    if (keys[key].outer && key_used(&v, key)) {
      if (n < max && names) names[n] = keys[key].name;
      n++;
    }
  return n;
}
const char *const *rm_key_words(const char *key)
{
  int k;
  if (key == NULL) return NULL;
  for (k = 0; k < N_KEYS; k++)
    if (strcmp(keys[k].name, key) == 0) return keys[k].words;
  return NULL;
}
int rm_key_range(const char *key, long *lo, long *hi)
{
  int k;
  if (key == NULL) return 0;
  for (k = 0; k < N_KEYS; k++)
    if (strcmp(keys[k].name, key) == 0 && keys[k].words == NULL) {
      if (lo) *lo = keys[k].lo;
      if (hi) *hi = keys[k].hi;
      return keys[k].den ? 2 : 1;
    }
  return 0;
}

@ {\it Sizes, for other languages.}  A program in another language reaches
the library through a foreign-function interface, such as Python's
\.{ctypes} (the chapter ``Calling the oracle from Python'' does this), and
cannot read this header.  It can copy |rm_list| and |rm_exact|, whose fields
are those of the input model and of an exact result, but a copy of
|rm_variant| would be wrong after the next metric chapter, since every
chapter adds fields of its own.  So such a caller keeps a variant as opaque
bytes, |rm_variant_size()| of them, filled by |rm_variant_parse| and read by
the library alone; an array of |nv| variants for |rm_values| is |nv| times
as many bytes, aligned as a |double|.  The other two sizes let a copied
layout check itself when it is loaded, rather than corrupt memory later.
@^interface@>@^foreign-function interface@>

@<Public prototypes@>=
size_t rm_variant_size(void);
/* The size of an |rm_variant| in this library, for a caller that keeps
   variants as opaque bytes; it changes between releases. */
size_t rm_list_size(void);
/* The size of an |rm_list|, to check a copied layout. */
size_t rm_exact_size(void);
/* The size of an |rm_exact|, to check a copied layout. */

@ @<Public functions@>=
size_t rm_variant_size(void)@+{@+ return sizeof (rm_variant);@+}
size_t rm_list_size(void)@+{@+ return sizeof (rm_list);@+}
size_t rm_exact_size(void)@+{@+ return sizeof (rm_exact);@+}

@ {\it Variants on the heap.}  A C program compiled against this header
and linked with a later shared library would be wrong in the same way if
it declared an |rm_variant| itself: its |sizeof| is the old one.  So the
ABI-stable way to hold a variant is a pointer that the library allocates
and frees.  |rm_variant_new| parses a name into a fresh variant, and
returns |NULL| with a message (the parser's, or ``out of memory'') on
failure; |rm_variant_free| releases it, and takes |NULL|.  Every function
that reads a variant takes the pointer.  The struct stays in the header for
the programs that are built with the library and want to read its fields,
and for the old interface, which keeps working.
@^interface@>@^ABI@>

@<Public prototypes@>=
rm_variant *rm_variant_new(const char *name, char *msg, size_t msglen);
/* A variant parsed from |name| in memory the library allocates, or |NULL|
   with a message in |msg| (as |rm_variant_parse| writes it) when the name
   is refused or memory runs out.  This is the ABI-stable way to hold a
   variant: the caller never depends on the size or layout of
   |rm_variant|.  Release it with |rm_variant_free|. */
void rm_variant_free(rm_variant *v);
/* Frees a variant of |rm_variant_new|; |v| may be |NULL|. */

@ @<Public functions@>=
rm_variant *rm_variant_new(const char *name, char *msg, size_t msglen)
{
  rm_variant w, *v;
  if (name == NULL) {
    if (msg && msglen) snprintf(msg, msglen, "no name given");
    return NULL;
  }
  if (rm_variant_parse(name, &w, msg, msglen) != RM_OK) return NULL;
  if ((v = malloc(sizeof *v)) == NULL) {
    if (msg && msglen) snprintf(msg, msglen, "out of memory");
    return NULL;
  }
  *v = w;
  return v;
}
void rm_variant_free(rm_variant *v)@+{@+ free(v);@+}

@ The printer works like |snprintf|: it writes at most |len| bytes including
the terminating null, and returns the length of the whole name, so that a
caller can tell truncation.  The longest name of this version has fewer than
|RM_NAME_MAX| characters.

@<Public constants@>=
#define RM_NAME_MAX 160 /* a buffer this long holds any canonical name */

@ A variant made by hand may hold a metric, an aggregator or a word of a key
that is past the end of its table; the printer would read past the table to
print it.  Such a variant has no name: the printer checks it as |rm_value|
checks its keys (a null pointer, a metric or aggregator out of range, a key
that the variant uses out of its range) and then returns~0 with the empty
string, which no valid variant prints.  The check reads only the lengths of
the tables, so that a metric added later is covered without a change here.
As with |snprintf|, |buf| may be |NULL| when |len| is~0.
@^validation of a variant@>

@<Public functions@>=
size_t rm_variant_name(const rm_variant *v, char *buf, size_t len)
{
  char s[RM_NAME_MAX + 32];
  size_t p;
  int key, first = 1;
  if (buf == NULL) len = 0;
  if (v == NULL || (unsigned) v->metric >= RM_N_METRICS || check_keys(v) != RM_OK)
    { if (len) buf[0] = '\0'; return 0; }
  p = 0;
  if (v->agg != RM_AGG_NONE) @<Print the aggregator and its options@>;
  p += (size_t) sprintf(s + p, "%s", metrics[v->metric].name);
  if (v->k) p += (size_t) sprintf(s + p, "@@%lu", v->k);
  for (key = next_key(-1); key >= 0; key = next_key(key)) {
    if (!key_used(v, key) || keys[key].outer) continue;
    s[p++] = first ? '[' : ',';
    first = 0;
    p += (size_t) sprintf(s + p, "%s=", keys[key].name);
    if (keys[key].words) p += (size_t) sprintf(s + p, "%s", keys[key].words[key_get(v, key)]);
    else if (keys[key].den) p += put_fraction(s + p, key_get(v, key), key_den(v, key));
    else p += (size_t) sprintf(s + p, "%ld", key_get(v, key));
  }
  if (!first) s[p++] = ']';
  s[p] = '\0';
  if (len > 0) {
    size_t c = p < len ? p : len - 1;
    memcpy(buf, s, c);
    buf[c] = '\0';
  }
  return p;
}

@ The key printed after |key| (or first, for $-1$) is the next in the order
of the pairs $(|order|,\hbox{code})$, so that two keys of equal |order| are
both printed, the one of smaller code first.

@<Private functions@>=
static int key_before(int a, int b) /* is |a| printed before |b|? */
{
  return keys[a].order < keys[b].order || (keys[a].order == keys[b].order && a < b);
}
static int next_key(int key)
{
  int k, best = -1;
  for (k = 0; k < N_KEYS; k++)
    if ((key < 0 || key_before(key, k)) && (best < 0 || key_before(k, best))) best = k;
  return best;
}

@ A fraction $p/q$ in lowest terms is printed as the integer $p$ when $q=1$,
as a terminating decimal when $q$ divides $10^9$ (so $1/4$ is \.{0.25}), and as
\.{p/q} otherwise.  The parser reads all three forms.

@<Private functions@>=
static size_t put_fraction(char *s, long p, long q)
{
  long t = 1, e = 0;
  if (q == 1) return (size_t) sprintf(s, "%ld", p);
  while (e < 9 && t % q != 0) t *= 10, e++;
  if (t % q == 0)
    return (size_t) sprintf(s, "%ld.%0*ld", p / q, (int) e, (p % q) * (t / q));
  return (size_t) sprintf(s, "%ld/%ld", p, q);
}

@ The parser reads a name left to right.  On error it returns |RM_ENAME|
and, when |msg| is not |NULL|, writes a message that gives the column
(1-based) and what was wrong; for an unknown word it suggests the nearest
valid one.  The variant is written only on success.
@^error messages@>

@<Public functions@>=
rm_status rm_variant_parse(const char *name, rm_variant *v,
  char *msg, size_t msglen)
{
  rm_variant w, o;
  const char *p = name;
  char word[64];
  int m, seen[N_KEYS] = {0};
  rm_status s;
  if (name == NULL || v == NULL) return RM_EINVAL;
  memset(&o, 0, sizeof o);
  @<Read an optional aggregator and its options into |o|@>;
  if ((m = read_alias(name, p, &w, msg, msglen)) < 0) return RM_ENAME;
  if (m == 0) {
    @<Read the metric word and set the defaults@>;
    @<Read an optional cutoff@>;
    if ((s = read_options(name, &p, &w, seen, 0, msg, msglen)) != RM_OK) return s;
    if (*p != '\0') {
      bad(msg, msglen, name, p, "unexpected '%c' after the name", *p);
      return RM_ENAME;
    }
  }
  if (m == 1 && w.agg != RM_AGG_NONE) {
    if (o.agg != RM_AGG_NONE) {
      bad(msg, msglen, name, p, "%s is already a mean over users:"
        " write it without an aggregator", p);
      return RM_ENAME;
    }
  } else w.agg = o.agg, w.skip = o.skip, w.weight = o.weight;
  @<Check that every option given is used by the variant@>;
  *v = w;
  return RM_OK;
}

@ After the aggregator comes either a name of ours or a name of trec\_eval
or ir\_measures, which |read_alias| reads (see the section ``Names of
trec\_eval and ir\_measures'' below).  It returns 1 when it has read the
rest of the name into |w|, 0 when the rest is not one of those names, and
$-1$ when it is one that we cannot take, with the reason in |msg|.

@<Private functions@>=
static int read_alias(const char *name, const char *p, rm_variant *w,
  char *msg, size_t msglen); /* defined in the section on other libraries' names */

@ Messages are written by one function.  It prefixes the column.

@<Private functions@>=
static void bad(char *msg, size_t msglen, const char *name, const char *at,
  const char *fmt, ...)
{
  va_list ap;
  int c;
  if (msg == NULL || msglen == 0) return;
  c = snprintf(msg, msglen, "column %d: ", (int) (at - name) + 1);
  if (c < 0 || (size_t) c >= msglen) return;
  va_start(ap, fmt);
  vsnprintf(msg + c, msglen - (size_t) c, fmt, ap);
  va_end(ap);
}

@ A word is a run of lower-case letters, digits, hyphens, points and
slashes (the last two for fractions).

@<Private functions@>=
static const char *read_word(const char *p, char *word, size_t len)
{
  size_t i = 0;
  while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'
      || *p == '.' || *p == '/') {
    if (i + 1 < len) word[i++] = *p;
    p++;
  }
  word[i] = '\0';
  return p;
}

@ To suggest a word we take the one at the least edit distance (Levenshtein:
insertions, deletions and substitutions each cost one).  Words here are short,
so a quadratic table of one row is plenty.

@<Private functions@>=
static int edit_distance(const char *a, const char *b)
{
  int row[64], i, j, la = (int) strlen(a), lb = (int) strlen(b);
  if (lb > 62) lb = 62;
  for (j = 0; j <= lb; j++) row[j] = j;
  for (i = 1; i <= la; i++) {
    int diag = row[0], up;
    row[0] = i;
    for (j = 1; j <= lb; j++) {
      int best = diag + (a[i - 1] != b[j - 1]);
      up = row[j];
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  return row[lb];
}
static const char *nearest(const char *w, const char *const *words)
{
  const char *best = words[0];
  int d = edit_distance(w, words[0]), i;
  for (i = 1; words[i]; i++) {
    int e = edit_distance(w, words[i]);
    if (e < d) d = e, best = words[i];
  }
  return best;
}
static int lookup(const char *w, const char *const *words)
{
  int i;
  for (i = 0; words[i]; i++) if (strcmp(w, words[i]) == 0) return i;
  return -1;
}

@ @<Read the metric word and set the defaults@>=
{
  const char *names[RM_N_METRICS + 1];
  for (m = 0; m < RM_N_METRICS; m++) names[m] = metrics[m].name;
  names[RM_N_METRICS] = NULL;
  p = read_word(p, word, sizeof word);
  if ((m = lookup(word, names)) < 0) {
    if (word[0] == '\0') bad(msg, msglen, name, p, "expected a metric name");
    else bad(msg, msglen, name, name, "unknown metric '%s' (did you mean '%s'?)",
      word, nearest(word, names));
    return RM_ENAME;
  }
  rm_variant_default(&w, (rm_metric) m);
}

@ A cutoff is written in the canonical way only: digits, no sign, no leading
zero, so that every cutoff has exactly one spelling.

@<Read an optional cutoff@>=
if (*p == '@@') {
  const char *q = ++p;
  unsigned long k = 0;
  if (*p < '1' || *p > '9') {
    bad(msg, msglen, name, p, "the cutoff after '@@' must be a whole number"
      " from 1 to %lu without a sign or leading zero", RM_K_MAX);
    return RM_EK;
  }
  while (*p >= '0' && *p <= '9') {
    if (k > RM_K_MAX) break;
    k = 10 * k + (unsigned long) (*p++ - '0');
  }
  if (k > RM_K_MAX || (*p >= '0' && *p <= '9')) {
    bad(msg, msglen, name, q, "the cutoff is larger than %lu", RM_K_MAX);
    return RM_EK;
  }
  w.k = k;
}

@ @<Read an optional list of options@>=
if (*p == '[') {
  do {
    const char *at = ++p;
    int key;
    long x, d = 1;
    p = read_word(p, word, sizeof word);
    @<Find the key named |word|, or fail@>;
    if (seen[key]) {
      bad(msg, msglen, name, at, "the key '%s' is given twice", word);
      return RM_ENAME;
    }
    if (keys[key].outer != outer) {
      bad(msg, msglen, name, at, outer ? "'%s' is an option of the metric, not of"
        " the aggregator" : "'%s' is an option of an aggregator: write it as"
        " mean[%s=...]:metric", word, word);
      return RM_ENAME;
    }
    seen[key] = (int) (at - name) + 1;
    if (*p != '=') {
      bad(msg, msglen, name, p, "expected '=' after '%s'", keys[key].name);
      return RM_ENAME;
    }
    at = ++p;
    p = read_word(p, word, sizeof word);
    @<Convert the value |word| of |key| to |x| and |d|, or fail@>;
    key_set(w, key, x, d);
  } while (*p == ',');
  if (*p != ']') {
    bad(msg, msglen, name, p, "expected ',' or ']'");
    return RM_ENAME;
  }
  p++;
}

@ @<Find the key named |word|, or fail@>=
for (key = 0; key < N_KEYS; key++) if (strcmp(word, keys[key].name) == 0) break;
if (key == N_KEYS) {
  const char *names[N_KEYS + 1];
  int i;
  for (i = 0; i < N_KEYS; i++) names[i] = keys[i].name;
  names[N_KEYS] = NULL;
  if (word[0] == '\0') bad(msg, msglen, name, at, "expected a key");
  else bad(msg, msglen, name, at, "unknown key '%s' (did you mean '%s'?)",
    word, nearest(word, names));
  return RM_ENAME;
}

@ @<Convert the value |word| of |key| to |x| and |d|, or fail@>=
if (keys[key].words) {
  if ((x = lookup(word, keys[key].words)) < 0) {
    bad(msg, msglen, name, at, "'%s' is not a value of %s (did you mean '%s'?)",
      word, keys[key].name, nearest(word, keys[key].words));
    return RM_ENAME;
  }
} else if (keys[key].den) {
  if (!read_fraction(word, &x, &d) || x < keys[key].lo || x > keys[key].hi
      || d > keys[key].hi) {
    bad(msg, msglen, name, at, "%s must be a fraction p, p/q or a decimal,"
      " with p and q from %ld to %ld", keys[key].name, keys[key].lo, keys[key].hi);
    return RM_ENAME;
  }
} else {
  char *end;
  const char *d = word + (word[0] == '-' && keys[key].lo < 0); /* a sign, if allowed */
  x = strtol(word, &end, 10);
  if (!((d[0] >= '1' && d[0] <= '9') || (d == word && d[0] == '0' && d[1] == '\0'))
      || *end != '\0' || x < keys[key].lo || x > keys[key].hi) {
    bad(msg, msglen, name, at, "%s must be a whole number from %ld to %ld",
      keys[key].name, keys[key].lo, keys[key].hi);
    return RM_ENAME;
  }
}

@ A fraction is read exactly: \.{3}, \.{3/4} or \.{0.75}, each reduced to
lowest terms, and its bounds are checked on the reduced fraction, so that a
value is accepted or refused whatever form it is written in.  This matters
because |put_fraction| below prints $99999993/4$ as \.{24999998.25}, whose
digits read as $2499999825/100$: that name must read back.  The digits are
gathered in |long long| below $10^{18}$, more than the printer ever writes
($p<10^8$ and at most nine decimals).

@<Private functions@>=
static long long gcd(long long a, long long b)
{
  while (b) { long long t = a % b; a = b; b = t; }
  return a;
}
static int read_fraction(const char *w, long *p, long *q)
{
  const long long big = 100000000000000000LL; /* $10^{17}$ */
  long long a = 0, b = 1, g;
  int digits = 0;
  for (; *w >= '0' && *w <= '9'; w++, digits++) {
    if (a >= big) return 0;
    a = 10 * a + (*w - '0');
  }
  if (*w == '.') {
    for (w++; *w >= '0' && *w <= '9'; w++, digits++) {
      if (a >= big || b >= big) return 0;
      a = 10 * a + (*w - '0'); b *= 10;
    }
  } else if (*w == '/') {
    const char *d0 = ++w;
    b = 0;
    for (; *w >= '0' && *w <= '9'; w++) {
      if (b >= big) return 0;
      b = 10 * b + (*w - '0');
    }
    if (w == d0 || b == 0) return 0;
  }
  if (*w != '\0' || digits == 0) return 0;
  g = gcd(a, b);
  if (g > 1) a /= g, b /= g;
  if (a > 100000000LL || b > 100000000LL) return 0;
  *p = (long) a; *q = (long) b;
  return 1;
}

@ The options of a metric and those of an aggregator are read by one
function; |outer| says which kind are allowed.

@<Private functions@>=
static rm_status read_options(const char *name, const char **pp, rm_variant *w,
  int *seen, int outer, char *msg, size_t msglen)
{
  const char *p = *pp;
  char word[64];
  @<Read an optional list of options@>;
  *pp = p;
  return RM_OK;
}

@ After all options are read we know the whole variant, and can say which
option does not belong, and whether the metric defines the variant at all
(the cumulative-gain family, for one, refuses \.{ideal=topk} with
\.{ties=average}).

@<Check that every option given is used by the variant@>=
{
  int key;
  for (key = 0; key < N_KEYS; key++)
    if (seen[key] && !key_used(&w, key)) {
      bad(msg, msglen, name, name + seen[key] - 1,
        "the key '%s' does not apply to this variant%s", keys[key].name,
        key == KEY_REL ? " (rel= goes with gain=binary)" :
        key == KEY_BASE ? " (base= goes with discount=jk)" :
        key == KEY_LEVEL ? " (ap11 takes level=round only; exact is its default)" : "");
      return RM_ENAME;
    }
  if (metrics[w.metric].refuse && metrics[w.metric].refuse(&w)) {
    bad(msg, msglen, name, name, "%s", metrics[w.metric].refuse(&w));
    return RM_ENAME;
  }
  if (check_keys(&w) != RM_OK) {
    bad(msg, msglen, name, name, w.agg == RM_AGG_MICRO && metrics[w.metric].qratio
      ? "a value of the variant is out of range" : w.agg == RM_AGG_MICRO
      ? "micro averages only metrics that are ratios" : metrics[w.metric].set_d
      ? "this metric is of a whole set of queries and takes no aggregator" :
      "this metric cannot be aggregated in this version");
    return RM_ENAME;
  }
}

@* Names of trec\_eval and ir\_measures.\here{q:alias}
Most users of a ranking metric meet it under the name that trec\_eval or
ir\_measures gives it: \.{map}, \.{P\_10}, \.{ndcg\_cut.10}, \.{nDCG@@10},
\.{AP(rel=2)}.  The parser takes those names too, wherever it takes one of
ours (\.{rankmetrics name}, \.{value}, \.{eval}, \.{verify}, the
library), and reads each as the variant of this book that the library
computes under it: trec\_eval as its version~10.0 computes it, and
ir\_measures as its {\it default\/} pipeline does, which hands a measure to
the first ``provider'' that supports it, in the order |runtime|,
|pytrec_eval|, |cwl_eval|, |compat|, |pyndeval|, |judged|, |msmarco|,
|gdeval|, |accuracy|, |ranx| (file \.{ir\_measures/\_\_init\_\_.py},
commit dc04a88f, version 0.4.3); |cwl_eval| and |ranx| are optional
dependencies that a plain install lacks, and are skipped when absent.  So
\.{rankmetrics name nDCG@@10} prints
$$\hbox{\tt ndcg@@10[gain=linear,discount=log2,ideal=judged,ties=id-desc,undef=zero]}$$
and the two commands
$$\vbox{\halign{\.{#}\hfil\cr
rankmetrics eval -q -m map -m P\_10 QRELS RUN\cr
trec\_eval -q -m map -m P.10 QRELS RUN\cr}}$$
compute the same values.  The table below gives every name
that is taken; \.{tests/names\_test.sh} reads its rows and checks that each
name on the left means the variant on the right.
@^trec\_eval@>@^ir\_measures@>@^pytrec\_eval@>@^gdeval@>@^aliases@>

A name of ours comes first: \.{ndcg}, \.{dcg}, \.{recall}, \.{bpref} and
\.{rbp} are ours, and trec\_eval's measures of those names are written
\.{trec\_eval:ndcg}, \.{trec\_eval:dcg}, \.{trec\_eval:recall\_10},
\.{trec\_eval:bpref} and \.{trec\_eval:rbp} (ours break ties by input
order, trec\_eval's by identifier).  Either library's name may be
written after its library and a colon, which also keeps a name of ours from
being taken for the other library's (\.{ir\_measures:Rprec}), and after an
aggregator, as in \.{mean[skip=norel]:ERR@@20}.  A name the other library
defines and this book has no variant for is refused with a message that
says so, for example ``trec\_eval's yaap has no rankmetrics variant yet'',
rather than as an unknown metric.

@ The names taken, and what they mean.  A variant shows only the keys that
differ from their defaults, as in the atlas; \.{K} stands for a cutoff, a
whole number from 1, and $t$ for a relevance threshold.  trec\_eval writes a
cutoff after a point on its command line (\.{-m P.10}) and after an
underscore in its output (\.{P\_10}); both are taken.  ir\_measures also
takes the names \.{MAP}, \.{Precision}, \.{Recall}, \.{MRR}, \.{NDCG} and
\.{RPrec} for \.{AP}, \.{P}, \.{R}, \.{RR}, \.{nDCG} and \.{Rprec}, and its
parameters \.{judged\_only=False} and \.{dcg=log2}, which are its defaults.
The letters point to the notes that follow.

\font\altt=cmtt8
\def\none{\eightrm---}
\def\ta#1#2#3#4{\altt#1&\altt#2&\altt#3&#4\cr}
$$\vbox{\eightrm\baselineskip9.5pt\halign{#\hfil\quad&#\hfil\quad&#\hfil\quad&#\hfil\cr
\eightrm trec\_eval 10.0&\eightrm ir\_measures&\eightrm variant&\eightrm notes\cr
\noalign{\smallskip\hrule\smallskip}
\ta{map}{AP}{ap[ties=id-desc]}{a, b, c}
\ta{map\_cut\_K, map\_cut.K}{AP@@K}{ap@@K[ties=id-desc]}{a, b, c, d}
\ta{\none}{AP(rel=2)}{ap[rel=2,ties=id-desc]}{a, e}
\ta{P\_K, P.K}{P@@K}{precision@@K[ties=id-desc]}{a, b, d}
\ta{recall\_K, recall.K}{R@@K}{recall@@K[ties=id-desc]}{a, b, c, d}
\ta{success\_K, success.K}{Success@@K}{hr@@K[ties=id-desc]}{a, b, d}
\ta{Rprec}{Rprec}{rprec[ties=id-desc]}{a, b, c}
\ta{recip\_rank}{RR}{rr[ties=id-desc]}{a, b}
\ta{\none}{RR@@K}{rr@@K[ties=id-asc]}{f}
\ta{trec\_eval:ndcg}{nDCG}{ndcg[ties=id-desc]}{a, g}
\ta{ndcg\_cut\_K, ndcg\_cut.K}{nDCG@@K}{ndcg@@K[ties=id-desc]}{a, g}
\ta{\none}{nDCG(dcg=exp-log2)@@K}{ndcg@@K[gain=exp2,ties=id-desc]}{h}
\ta{\none}{ERR@@K}{err@@K[gmax=4,ties=id-desc]}{h}
\ta{trec\_eval:dcg}{\none}{dcg[ties=id-desc]}{a, g}
\ta{ideal\_dcg}{\none}{idcg}{g}
\ta{set\_P}{SetP}{precision[ties=id-desc]}{a, i}
\ta{set\_recall}{SetR}{recall[ties=id-desc]}{a, c, i}
\ta{set\_F, set\_F.1}{SetF}{f[beta2=1,ties=id-desc]}{a, c, i, j}
\ta{set\_F.2, set\_F\_2}{SetF(beta=2)}{f[beta2=2,ties=id-desc]}{a, c, i, j}
\ta{trec\_eval:bpref}{Bpref, BPref}{bpref[ties=id-desc]}{a, b, c, o}
\ta{infAP}{infAP}{infap[ties=id-desc]}{a, b, c, o}
\ta{num\_nonrel\_judged\_ret}{\none}{nonrel-judged[ties=id-desc]}{a, b, o}
\ta{unj\_K, unj.K}{\none}{unj@@K[ties=id-desc]}{a, o}
\ta{\none}{Judged@@K}{judged@@K[ties=id-asc]}{o}
\ta{trec\_eval:rbp}{\none}{rbp[gain=linear,ties=id-desc]}{a, p}
\ta{rbp.p=0.8, rbp\_p=0.8}{\none}{rbp[p=0.8,gain=linear,ties=id-desc]}{a, p}
\ta{rbp\_resid}{\none}{rbp-resid[ties=id-desc]}{a, o, p}
\ta{rbp\_resid.p=0.8}{\none}{rbp-resid[p=0.8,ties=id-desc]}{a, o, p}
\ta{num\_q}{NumQ}{sum:nq}{k}
\ta{num\_ret}{NumRet}{sum:nret}{k}
\ta{num\_rel}{NumRel}{sum:nrel}{b, k}
\ta{num\_rel\_ret}{NumRelRet}{sum:nrelret}{b, k}
\ta{gm\_map}{\none}{gm:ap[ties=id-desc]}{a, b, l}
\ta{11pt\_avg}{\none}{ap11[level=round,ties=id-desc]}{a, b, m}
\ta{iprec\_at\_recall\_0.30}{IPrec@@0.3}{iprec[at=0.3,level=round,ties=id-desc]}{a, b, m}
\ta{relative\_P\_K, relative\_P.K}{\none}{recall@@K[norm=min,ties=id-desc]}{a, b, c, n}
\ta{set\_relative\_P}{SetRelP}{recall[norm=min,ties=id-desc]}{a, b, c, n}
\ta{set\_map}{SetAP}{setap[ties=id-desc]}{a, b, c, n}
\ta{Rprec\_mult\_0.20}{\none}{rprecm[mult=0.2,ties=id-desc]}{a, b, c, n}
\ta{binG}{\none}{bing[ties=id-desc]}{a, b, c, n}
\ta{trec\_eval:utility}{\none}{utility}{b, n}
\ta{gm\_bpref}{\none}{gm:bpref[ties=id-desc]}{a, l, o}
}}$$

\def\note#1{\smallbreak\noindent\hangindent 1.5em\hbox to 1.5em{(#1)\hss}}
\note{a}trec\_eval (its file \.{form\_res\_rels.c}) orders the run of a
query by score, descending, and tied documents by identifier, descending:
\.{ties=id-desc}.  pytrec\_eval, which ir\_measures calls, embeds that code.
trec\_eval keeps every document of the run unless its option \.{-M}~$n$
keeps the first~$n$ of that order (the default is no limit, |MAXLONG| in
\.{trec\_eval.c}; a run of 1200 documents with its one relevant document
at rank 1100 gives \.{map} $1/1100$ in both); with \.{-M}~$n$ the names
mean their variants on the first $n$ documents.
\note{b}A document is relevant when its grade is at least trec\_eval's
relevance level, option \.{-l}, default~1; with \.{-l}~$t$ each name above
means its variant with \.{rel=}$t$, which is ir\_measures' \.{(rel=}$t$\.{)}.
Judged documents that were not retrieved count in the denominators:
$R$ is the number of judged documents of grade $\ge t$ (its
\.{num\_rel}).
\note{c}A query with no relevant document has the value~0 (trec\_eval
leaves the value it initialised), our \.{undef=zero}.
\note{d}A cutoff beyond the end of the run is filled with nonrelevant
documents (\.{m\_P.c} says so): precision divides by $K$, our
\.{denom=k}.
\note{e}ir\_measures' \.{rel=}$t$ is trec\_eval's \.{-l}~$t$ for \.{P},
\.{R}, \.{AP}, \.{RR}, \.{Rprec}, \.{Success}, \.{SetP}, \.{SetR} and
\.{SetF}; it is our \.{rel=}$t$.  \.{nDCG} has no such parameter.
\note{f}|pytrec_eval| takes \.{RR} only without a cutoff, so \.{RR@@K} goes to
the |msmarco| provider (|cwl_eval| takes no cutoff either), which sorts by
score descending and then by identifier {\it ascending\/}: \.{RR} and
\.{RR@@10} break ties in opposite directions.  Its threshold is \.{rel}
too.
\note{g}The gain of a document is its grade itself, whatever the
relevance level (\.{m\_ndcg.c}: ``gain values are set to the appropriate
relevance level''), and the ideal list is made of the judged documents:
our \.{gain=linear}, \.{ideal=judged}.  trec\_eval's own gains
(\.{-m ndcg.1=3.5}) are not taken, nor ir\_measures' \.{gains=}.
\note{h}The |gdeval| provider runs TREC's \.{gdeval.pl}, which needs a
cutoff, gains $2^g-1$, breaks ties by identifier descending, and refuses
grades above its \.{MAX\_JUDGMENT} of~4; ERR's probability of stopping is
$(2^g-1)/2^4$, our \.{gmax=4}.  It gives no value to a query without a
relevant document (nor does the |msmarco| provider, note~f); see the
means, below.
\note{i}A measure of the retrieved set: the whole run of the query, with
no cutoff (our variant without \.{@@K}).  \.{set\_P} of a query that
retrieved nothing is~0, as is ours.
\note{j}trec\_eval's \.{set\_F.}$x$ computes $(x+1)PR/(xP+R)$, so its
parameter is $\beta^2$, not~$\beta$; ir\_measures passes its \.{beta}
through unchanged.  Both are read as \.{beta2=}$x$, whatever its form
(\.{set\_F.0.5}, \.{SetF(beta=0.5)}).  F is 0 when nothing relevant was
retrieved.
\note{k}A sum over the queries, not a mean (\.{m\_num\_rel.c}: ``Summary
figure is sum of individual topics''); the name stands for the whole
aggregate, so \.{eval} prints each query's count and their sum.  Under
\.{-c} trec\_eval's summary \.{num\_rel} ignores \.{-l}; see
\secref{q:counts}.  ir\_measures' \.{NumRet(rel=}$t$\.{)}, which means
\.{NumRelRet}, is not taken; \.{NumRel} and \.{NumRelRet} take \.{rel}.
\note{l}The geometric mean over queries, each value first raised to
$10^{-5}$ (\secref{q:gm}); trec\_eval prints it only in the summary.
\note{m}Each recall level~$\rho$ is reached at the nearest count of relevant
items, $\hbox{\tt lround}(\rho R)$, not at $\lceil\rho R\rceil$
(\secref{q:iprec}): \.{11pt\_avg} is not our default \.{ap11}.
trec\_eval's \.{-m iprec\_at\_recall} prints eleven values, one for each
tenth; here each is a name of its own, \.{iprec\_at\_recall\_0.00} to
\.{iprec\_at\_recall\_1.00} (or \.{.0.3}, or ir\_measures' \.{IPrec@@0.3}),
and the level may be any fraction from 0 to~1.
\note{n}See \secref{q:setap} (\.{binG}: \secref{q:bing}; \.{utility}:
\secref{q:utility}, whose coefficients are keys); \.{Rprec\_mult}'s rank is $\lfloor mR+0.9\rfloor$,
and each multiplier is a name of its own, as each level is.
\note{o}A measure of incomplete judgments (\secref{q:judged}): it reads
which retrieved documents are judged, which \.{eval} takes from the
judgments (a document they do not name is unjudged).  trec\_eval reads a
negative grade as ``in the pool but unjudged'' (our marker~2), while
\.{eval} reads it as~0 and judged, so on judgments with negative grades
\.{bpref}, \.{infAP}, \.{unj} and \.{num\_nonrel\_judged\_ret} differ.
ir\_measures' \.{Judged@@K} breaks ties by identifier ascending, divides by
$K$, and counts a document as judged when the judgments name it at all.
\note{p}trec\_eval's \.{rbp} reads two uninitialised variables when it
decides whether to rescale the gains (see \secref{q:judged-te}); its names
mean our \.{rbp[gain=linear]}, the gains $g/M$ that the code means, which
is what trec\_eval computes when those variables happen to be harmless.  The default
persistence of both is $0.9$; \.{rbp\_resid} leaves~0 when the run has no
unjudged document, where ours gives $p^n$.  ir\_measures' \.{RBP} (default
$p=0.8$) has no provider in a plain install (|cwl_eval| and |trectools|
are optional), and is refused.

\smallbreak\noindent {\it The means.}  Each name but those of notes k
and~l is of one query, and \.{eval} takes its mean over the queries it
evaluates.  trec\_eval~10.0
averages the queries that are both judged and in the run, and ignores a
query of the run without judgments, as \.{eval} does by default; but a
judged query missing from the run stops it (exit status~4) unless it is
given \.{-c}, which counts such a query as~0, as \.{eval --judged-only
empty} does.  ir\_measures gives every judged query that a provider left
without a value its measure's default,~0 (|Evaluator.iter_calc| in
\.{providers/base.py}), so all its means are those of \.{eval
--judged-only empty}, including those of \.{RR@@K} and \.{ERR@@K}, whose
providers leave out the queries without a relevant document.  The mean
that the original \.{gdeval.pl} of TREC's Web track prints leaves them
out (ir\_measures' copy prints no mean); that mean is
\.{mean[skip=norel]:ERR@@20}.

@ {\it How the rows were checked.}  Each row was read from trec\_eval's
\.{m\_*.c} files at commit f4253652, ``Updating CHANGELOG for version
10.0'' (its binary still calls itself 10.0-rc3), and from
ir\_measures' providers, and the rows of trec\_eval were run: we built
trec\_eval 10.0 outside this project and compared its values, per query
(\.{-q}), with \.{rankmetrics eval} on a few small files of judgments and
runs with ties, grades $-2$ to~3 (a negative grade is read as~0 by
\.{eval}, and trec\_eval agrees) and thresholds \.{-l}~1, 2 and~3,
differing only in trec\_eval's printing to four decimals.  The rows of \.{gdeval.pl} (note~h) were run the same
way, with the copy that ir\_measures ships and Perl, and agree to its five
printed decimals.  For the row of the |msmarco| provider (note~f) we ran
its |compute_metrics| on the order the provider makes; it agrees with
\.{rr@@5[ties=id-asc]} exactly, and differs from \.{ties=id-desc} on 7
of 30 queries.  The means were checked on trec\_eval, with and without
\.{-c}, and read in ir\_measures.  \.{tests/names\_test.sh} keeps one small comparison with
trec\_eval, its values worked out by hand; the project's tests never run
trec\_eval itself.

@ {\emergencystretch=2em The names that these two libraries define and that this book cannot
express yet are refused by name.  From trec\_eval: \.{runid},
\.{relstring}, \.{ndcg\_p} and \.{yaap};
the measures \.{map\_avgjg}, \.{P\_avgjg}, \.{Rprec\_mult\_avgjg} of multiple
judgments and the fourteen \.{prefs\_}$\ldots$ of preferences.  From
ir\_measures: \.{RBP}, \.{StRecall}, \.{Compat}, \.{Accuracy}, \.{BPM}, \.{SDCG},
\.{INST}, \.{INSQ}, \.{NERR8} to \.{NERR11}, \.{NRBP}, \.{nNRBP},
\.{alpha\_DCG}, \.{alpha\_nDCG}, \.{AP\_IA}, \.{MAP\_IA}, \.{P\_IA},
\.{ERR\_IA}, \.{nERR\_IA}, the measures of diversity; also \.{ERR} and
\.{nDCG(dcg=exp-log2)} without a cutoff, which no provider of the default
pipeline computes, and any measure with \.{judged\_only=True}.  A list of
cutoffs, such as trec\_eval's \.{P.5,10}, is several measures and is
refused too: each needs a name of its own.\par}

@ The table the parser reads.  An entry names its library, the library's
name, what may follow it (|'-'| nothing, |'k'| a cutoff, |'?'| a cutoff or
nothing, |'x'| the optional weight of \.{set\_F}, |'p'| the optional
persistence \.{p=}$x$ of \.{rbp}, |'r'| a recall level, |'m'| a multiplier of $R$) and the variant, as our
metric and its options without the brackets; an entry without a metric is a
name we refuse.  An ir\_measures entry lists the parameters it takes.  An
entry of |CN| is a name in common use that is no library's, such as
\.{gauc}, and stands for a whole variant, aggregator and all.  A
name whose meaning changes with its cutoff (\.{RR}) has two entries.

@d TE "trec_eval"
@d IM "ir_measures"
@d CN "common" /* a name in common use, of no one library (\.{gauc}) */
@d PREL 1 /* takes \.{rel=} */
@d PJUDGED 2 /* takes \.{judged\_only=} */
@d PDCG 4 /* takes \.{dcg=} */
@d PBETA 8 /* takes \.{beta=} */
@d PGAINS 16 /* takes \.{gains=}, which we refuse */
@d PRELATIVE 32 /* takes \.{relative=}, which we take only as \.{False} */

@<Private types@>=
typedef struct {
  const char *lib, *name;
  char arg;
  const char *metric, *opts;
  unsigned params;
} alias_spec;

@ @<Private functions@>=
static const alias_spec aliases[] = {
  {TE, "map", '-', "ap", "ties=id-desc", 0},
  {TE, "map_cut", 'k', "ap", "ties=id-desc", 0},
  {TE, "P", 'k', "precision", "ties=id-desc", 0},
  {TE, "recall", 'k', "recall", "ties=id-desc", 0},
  {TE, "success", 'k', "hr", "ties=id-desc", 0},
  {TE, "Rprec", '-', "rprec", "ties=id-desc", 0},
  {TE, "recip_rank", '-', "rr", "ties=id-desc", 0},
  {TE, "ndcg", '-', "ndcg", "ties=id-desc", 0},
  {TE, "ndcg_cut", 'k', "ndcg", "ties=id-desc", 0},
  {TE, "dcg", '-', "dcg", "ties=id-desc", 0},
  {TE, "ideal_dcg", '-', "idcg", "", 0},
  {TE, "set_P", '-', "precision", "ties=id-desc", 0},
  {TE, "set_recall", '-', "recall", "ties=id-desc", 0},
  {TE, "set_F", 'x', "f", "ties=id-desc", 0},
  {TE, "bpref", '-', "bpref", "ties=id-desc", 0},
  {TE, "infAP", '-', "infap", "ties=id-desc", 0},
  {TE, "num_nonrel_judged_ret", '-', "nonrel-judged", "ties=id-desc", 0},
  {TE, "unj", 'k', "unj", "ties=id-desc", 0},
  {TE, "rbp", 'p', "rbp", "gain=linear,ties=id-desc", 0},
  {TE, "rbp_resid", 'p', "rbp-resid", "ties=id-desc", 0},
  {TE, "num_q", '-', "sum:nq", "", 0},
  {TE, "num_ret", '-', "sum:nret", "", 0},
  {TE, "num_rel", '-', "sum:nrel", "", 0},
  {TE, "num_rel_ret", '-', "sum:nrelret", "", 0},
  {TE, "gm_map", '-', "gm:ap", "ties=id-desc", 0},
  {TE, "11pt_avg", '-', "ap11", "level=round,ties=id-desc", 0},
  {TE, "iprec_at_recall", 'r', "iprec", "level=round,ties=id-desc", 0},
  {TE, "relative_P", 'k', "recall", "norm=min,ties=id-desc", 0},
  {TE, "set_relative_P", '-', "recall", "norm=min,ties=id-desc", 0},
  {TE, "set_map", '-', "setap", "ties=id-desc", 0},
  {TE, "Rprec_mult", 'm', "rprecm", "ties=id-desc", 0},
  {TE, "binG", '-', "bing", "ties=id-desc", 0},
  {TE, "G", '-', "ngain", "ties=id-desc", 0},
  {TE, "ndcg_rel", '-', "ndcg-rel", "ties=id-desc", 0},
  {TE, "Rndcg", '-', "rndcg", "ties=id-desc", PREL},
  {TE, "utility", '-', "utility", "", 0},
  {TE, "gm_bpref", '-', "gm:bpref", "ties=id-desc", 0},
  @<Names of trec\_eval that we refuse@>@;
  {CN, "gauc", '-', "mean[skip=undef,weight=items]:auc", "ties=average", 0},
  {IM, "AP", '?', "ap", "ties=id-desc", PREL | PJUDGED},
  {IM, "MAP", '?', "ap", "ties=id-desc", PREL | PJUDGED},
  {IM, "P", 'k', "precision", "ties=id-desc", PREL | PJUDGED},
  {IM, "Precision", 'k', "precision", "ties=id-desc", PREL | PJUDGED},
  {IM, "R", 'k', "recall", "ties=id-desc", PREL | PJUDGED},
  {IM, "Recall", 'k', "recall", "ties=id-desc", PREL | PJUDGED},
  {IM, "RR", '-', "rr", "ties=id-desc", PREL | PJUDGED},
  {IM, "RR", 'k', "rr", "ties=id-asc", PREL | PJUDGED},
  {IM, "MRR", '-', "rr", "ties=id-desc", PREL | PJUDGED},
  {IM, "MRR", 'k', "rr", "ties=id-asc", PREL | PJUDGED},
  {IM, "Rprec", '-', "rprec", "ties=id-desc", PREL | PJUDGED},
  {IM, "RPrec", '-', "rprec", "ties=id-desc", PREL | PJUDGED},
  {IM, "nDCG", '?', "ndcg", "ties=id-desc", PDCG | PGAINS | PJUDGED},
  {IM, "NDCG", '?', "ndcg", "ties=id-desc", PDCG | PGAINS | PJUDGED},
  {IM, "Success", 'k', "hr", "ties=id-desc", PREL | PJUDGED},
  {IM, "ERR", 'k', "err", "gmax=4,ties=id-desc", 0},
  {IM, "SetP", '-', "precision", "ties=id-desc", PREL | PJUDGED | PRELATIVE},
  {IM, "SetR", '-', "recall", "ties=id-desc", PREL},
  {IM, "SetF", '-', "f", "ties=id-desc", PREL | PBETA | PJUDGED},
  {IM, "Bpref", '-', "bpref", "ties=id-desc", PREL},
  {IM, "BPref", '-', "bpref", "ties=id-desc", PREL},
  {IM, "infAP", '-', "infap", "ties=id-desc", PREL},
  {IM, "Judged", 'k', "judged", "ties=id-asc", 0},
  {IM, "NumQ", '-', "sum:nq", "", 0},
  {IM, "NumRet", '-', "sum:nret", "", 0},
  {IM, "NumRel", '-', "sum:nrel", "", PREL},
  {IM, "NumRelRet", '-', "sum:nrelret", "", PREL},
  {IM, "IPrec", 'r', "iprec", "level=round,ties=id-desc", PREL},
  {IM, "SetRelP", '-', "recall", "norm=min,ties=id-desc", PREL},
  {IM, "SetAP", '-', "setap", "ties=id-desc", PREL},
  @<Names of ir\_measures that we refuse@>@;
  {NULL, NULL, 0, NULL, NULL, 0}
};

@ @<Names of trec\_eval that we refuse@>=
{TE, "runid", '-', NULL, NULL, 0}, {TE, "relstring", '-', NULL, NULL, 0},
{TE, "ndcg_p", '-', NULL, NULL, 0},
{TE, "yaap", '-', NULL, NULL, 0}, {TE, "map_avgjg", '-', NULL, NULL, 0},
{TE, "P_avgjg", '-', NULL, NULL, 0}, {TE, "Rprec_mult_avgjg", '-', NULL, NULL, 0},
{TE, "prefs_num_prefs_poss", '-', NULL, NULL, 0},
{TE, "prefs_num_prefs_ful", '-', NULL, NULL, 0},
{TE, "prefs_num_prefs_ful_ret", '-', NULL, NULL, 0},
{TE, "prefs_simp", '-', NULL, NULL, 0}, {TE, "prefs_pair", '-', NULL, NULL, 0},
{TE, "prefs_avgjg", '-', NULL, NULL, 0},
{TE, "prefs_avgjg_Rnonrel", '-', NULL, NULL, 0},
{TE, "prefs_simp_ret", '-', NULL, NULL, 0},
{TE, "prefs_pair_ret", '-', NULL, NULL, 0},
{TE, "prefs_avgjg_ret", '-', NULL, NULL, 0},
{TE, "prefs_avgjg_Rnonrel_ret", '-', NULL, NULL, 0},
{TE, "prefs_simp_imp", '-', NULL, NULL, 0},
{TE, "prefs_pair_imp", '-', NULL, NULL, 0},
{TE, "prefs_avgjg_imp", '-', NULL, NULL, 0},

@ @<Names of ir\_measures that we refuse@>=
{IM, "RBP", '?', NULL, NULL, 0},
{IM, "StRecall", '?', NULL, NULL, 0}, {IM, "Compat", '?', NULL, NULL, 0},
{IM, "Accuracy", '?', NULL, NULL, 0}, {IM, "BPM", '?', NULL, NULL, 0},
{IM, "SDCG", '?', NULL, NULL, 0}, {IM, "INST", '?', NULL, NULL, 0},
{IM, "INSQ", '?', NULL, NULL, 0}, {IM, "NERR8", '?', NULL, NULL, 0},
{IM, "NERR9", '?', NULL, NULL, 0}, {IM, "NERR10", '?', NULL, NULL, 0},
{IM, "NERR11", '?', NULL, NULL, 0}, {IM, "NRBP", '?', NULL, NULL, 0},
{IM, "nNRBP", '?', NULL, NULL, 0}, {IM, "alpha_DCG", '?', NULL, NULL, 0},
{IM, "alpha_nDCG", '?', NULL, NULL, 0}, {IM, "AP_IA", '?', NULL, NULL, 0},
{IM, "MAP_IA", '?', NULL, NULL, 0}, {IM, "P_IA", '?', NULL, NULL, 0},
{IM, "ERR_IA", '?', NULL, NULL, 0}, {IM, "nERR_IA", '?', NULL, NULL, 0},

@ |read_alias| first decides whether the rest |p| of the name is ours: a
metric word of ours followed by nothing, a cutoff or options.  If not, an
explicit library prefix restricts the search; ir\_measures' form is tried
first, since its identifiers are whole words (\.{P\_IA} is its name, not
trec\_eval's \.{P} with a cutoff), and then trec\_eval's.  A rest that is
neither library's name is left to the parser of our names, whose message
(``unknown metric'') is the right one.

@<Private functions@>=
static int id_char(int c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
    || c == '_';
}
static const char *whose(const char *lib)
{
  return strcmp(lib, TE) == 0 ? "trec_eval's" : "ir_measures'";
}
static int alias_im(const char *name, const char *p, const char *lib,
  rm_variant *w, char *msg, size_t msglen);
static int alias_te(const char *name, const char *p, const char *lib,
  rm_variant *w, char *msg, size_t msglen);
static int alias_common(const char *name, const char *p, rm_variant *w,
  char *msg, size_t msglen);
static int read_alias(const char *name, const char *p, rm_variant *w,
  char *msg, size_t msglen)
{
  const char *lib = NULL;
  int r;
  if (strncmp(p, TE ":", sizeof TE) == 0) lib = TE, p += sizeof TE;
  else if (strncmp(p, IM ":", sizeof IM) == 0) lib = IM, p += sizeof IM;
  else {
    char word[64];
    const char *q = read_word(p, word, sizeof word);
    int m;
    for (m = 0; m < RM_N_METRICS; m++)
      if (strcmp(word, metrics[m].name) == 0 && (*q == '\0' || *q == '@@' || *q == '['))
        return 0;
  }
  if (lib == NULL && (r = alias_common(name, p, w, msg, msglen)) != 0) return r;
  if ((lib == NULL || strcmp(lib, IM) == 0)
      && (r = alias_im(name, p, lib, w, msg, msglen)) != 0) return r;
  if ((lib == NULL || strcmp(lib, TE) == 0)
      && (r = alias_te(name, p, lib, w, msg, msglen)) != 0) return r;
  if (lib == NULL) return 0;
  bad(msg, msglen, name, p, "%s has no measure named '%s'", lib, p);
  return -1;
}

@ Both forms end in |alias_make|, which writes our name of the entry |a|
with the cutoff |k| (a string of digits, or |NULL|) and the further options
|more|, and reads it with our parser.  The name it writes is checked once
more there, so that a threshold out of range, say, is refused with our
message.

@<Private functions@>=
static int alias_make(const char *name, const char *p, const alias_spec *a,
  const char *k, const char *more, rm_variant *w, char *msg, size_t msglen)
{
  char s[RM_NAME_MAX], m2[160];
  snprintf(s, sizeof s, "%s%s%s%s%s%s%s%s", a->metric, k ? "@@" : "", k ? k : "",
    a->opts[0] || more[0] ? "[" : "", a->opts, a->opts[0] && more[0] ? "," : "",
    more, a->opts[0] || more[0] ? "]" : "");
  if (rm_variant_parse(s, w, m2, sizeof m2) != RM_OK) {
    bad(msg, msglen, name, p, "%s %s means %s, which is refused: %s",
      whose(a->lib), a->name, s, m2);
    return -1;
  }
  return 1;
}

@ The entry of library |lib| named by the |n| characters at |p| that takes
a cutoff when |cut| is nonzero, or failing that any entry of that name, or
|NULL|.

@<Private functions@>=
static const alias_spec *find_alias(const char *lib, const char *p, size_t n,
  int cut)
{
  const alias_spec *a, *any = NULL;
  for (a = aliases; a->lib; a++)
    if (strcmp(a->lib, lib) == 0 && strlen(a->name) == n && strncmp(a->name, p, n) == 0) {
      if (a->arg == '?' || (cut ? a->arg == 'k' : a->arg != 'k')) return a;
      if (any == NULL) any = a;
    }
  return any;
}

@ A refusal says whose name it was.

@<Private functions@>=
static int alias_refuse(const char *name, const char *p, const alias_spec *a,
  char *msg, size_t msglen)
{
  bad(msg, msglen, name, p, "%s %s has no rankmetrics variant yet", whose(a->lib),
    a->name);
  return -1;
}
static int digits_ok(const char *s) /* a whole number from 1, no leading zero */
{
  if (*s < '1' || *s > '9') return 0;
  while (*s >= '0' && *s <= '9') s++;
  return *s == '\0';
}

@ A name in common use (the |CN| rows: \.{gauc}, see the section on GAUC)
is a whole variant, aggregator and all, and is taken only alone: a cutoff or
options after it are refused, since the variant it stands for is the place
to change one, and so is an aggregator before it (see |rm_variant_parse|).

@<Private functions@>=
static int alias_common(const char *name, const char *p, rm_variant *w,
  char *msg, size_t msglen)
{
  const char *q = p;
  const alias_spec *a;
  while (id_char(*q)) q++;
  if ((a = find_alias(CN, p, (size_t) (q - p), 0)) == NULL) return 0;
  if (*q != '\0') {
    bad(msg, msglen, name, q, "%s takes no cutoff or options: write the variant"
      " it stands for, %s[%s], and change that", a->name, a->metric, a->opts);
    return -1;
  }
  return alias_make(name, p, a, NULL, "", w, msg, msglen);
}

@ ir\_measures writes \.{Name(key=value,...)@@K}, a string value possibly
in quotes, as Python prints it.  The parameters are read one at a time into
the options |more| of our name.

@<Private functions@>=
static int alias_im(const char *name, const char *p, const char *lib,
  rm_variant *w, char *msg, size_t msglen)
{
  const char *q = p, *at, *k = NULL;
  const alias_spec *a;
  char more[64] = "", kbuf[24];
  int exp = 0, beta = 0;
  size_t n;
  while (id_char(*q)) q++;
  n = (size_t) (q - p);
  if (*q != '\0' && *q != '(' && *q != '@@') return 0;
  if ((a = find_alias(IM, p, n, 0)) == NULL) return 0;
  if (a->metric == NULL && lib == NULL && find_alias(TE, p, n, 0)) {
    bad(msg, msglen, name, p, "trec_eval's and ir_measures' %s have no"
      " rankmetrics variant yet", a->name);
    return -1;
  }
  if (a->metric == NULL) return alias_refuse(name, p, a, msg, msglen);
  at = strchr(q, '@@');
  if (a->arg == 'r') @<Read the recall level after ir\_measures' |a|, or fail@>;
  if (at) {
    if (!digits_ok(at + 1) || strlen(at + 1) >= sizeof kbuf) {
      bad(msg, msglen, name, at + 1, "the cutoff after '@@' must be a whole number"
        " from 1 without a sign or leading zero");
      return -1;
    }
    strcpy(kbuf, at + 1);
    k = kbuf;
  }
  a = find_alias(IM, p, n, k != NULL);
  if (*q == '(') @<Read ir\_measures' parameters, or fail@>;
  if (q != (at ? at : q + strlen(q))) {
    bad(msg, msglen, name, q, "unexpected '%c' after ir_measures' %s", *q, a->name);
    return -1;
  }
  if (exp) @<Make |a| gdeval's nDCG, or fail@>;
  @<Check the cutoff of |a|@>;
  if (strcmp(a->metric, "f") == 0 && !beta)
    snprintf(more + strlen(more), sizeof more - strlen(more), "%sbeta2=1",
      more[0] ? "," : "");
  return alias_make(name, p, a, k, more, w, msg, msglen);
}

@ @<Check the cutoff of |a|@>=
if (a->arg == 'k' && k == NULL) {
  bad(msg, msglen, name, p, "%s %s needs a cutoff, as %s%s10", whose(a->lib), a->name,
    a->name, strcmp(a->lib, IM) == 0 ? "@@" : "_");
  return -1;
}
if (a->arg == '-' && k != NULL) {
  bad(msg, msglen, name, p, "%s %s takes no cutoff", whose(a->lib), a->name);
  return -1;
}

@ Only \.{gdeval.pl} computes \.{nDCG(dcg=exp-log2)}, and only with a
cutoff.

@<Make |a| gdeval's nDCG, or fail@>=
{
  static const alias_spec gd = {IM, "nDCG(dcg=exp-log2)", 'k', "ndcg",
    "gain=exp2,ties=id-desc", 0};
  if (k == NULL) {
    bad(msg, msglen, name, p, "ir_measures' nDCG(dcg=exp-log2) without a cutoff"
      " has no provider in its default pipeline");
    return -1;
  }
  a = &gd;
}

@ @<Read ir\_measures' parameters, or fail@>=
{
  do {
    char key[24], val[24];
    size_t i = 0, j = 0;
    const char *kat = ++q, *vat;
    while (id_char(*q) && i + 1 < sizeof key) key[i++] = *q++;
    key[i] = '\0';
    if (*q++ != '=') {
      bad(msg, msglen, name, q - 1, "expected '=' after '%s'", key);
      return -1;
    }
    vat = q;
    if (*q == '\'' || *q == '"') {
      char c = *q++;
      while (*q && *q != c && j + 1 < sizeof val) val[j++] = *q++;
      if (*q++ != c) {
        bad(msg, msglen, name, vat, "unterminated string");
        return -1;
      }
    } else
      while ((id_char(*q) || *q == '.' || *q == '-') && j + 1 < sizeof val)
        val[j++] = *q++;
    val[j] = '\0';
    if (i + 1 == sizeof key || j + 1 == sizeof val) {
      bad(msg, msglen, name, kat, "a parameter of ir_measures' %s is too long", a->name);
      return -1;
    }
    @<Take the parameter |key|=|val| of |a|, or fail@>;
  } while (*q == ',');
  if (*q++ != ')') {
    bad(msg, msglen, name, q - 1, "expected ',' or ')'");
    return -1;
  }
}

@ @<Take the parameter |key|=|val| of |a|, or fail@>=
if (strcmp(key, "rel") == 0 && (a->params & PREL)) {
  if (!digits_ok(val)) {
    bad(msg, msglen, name, vat, "rel must be a whole number from 1");
    return -1;
  }
  snprintf(more + strlen(more), sizeof more - strlen(more), "%srel=%s",
    more[0] ? "," : "", val);
} else if ((strcmp(key, "judged_only") == 0 && (a->params & PJUDGED))
    || (strcmp(key, "relative") == 0 && (a->params & PRELATIVE))) {
  if (strcmp(val, "True") == 0) {
    bad(msg, msglen, name, kat, "ir_measures' %s(%s=True) has no rankmetrics"
      " variant yet", a->name, key);
    return -1;
  }
  if (strcmp(val, "False") != 0) {
    bad(msg, msglen, name, vat, "%s is True or False", key);
    return -1;
  }
} else if (strcmp(key, "dcg") == 0 && (a->params & PDCG)) {
  if (strcmp(val, "exp-log2") == 0) exp = 1;
  else if (strcmp(val, "log2") != 0) {
    bad(msg, msglen, name, vat, "dcg is log2 or exp-log2");
    return -1;
  }
} else if (strcmp(key, "beta") == 0 && (a->params & PBETA)) {
  snprintf(more + strlen(more), sizeof more - strlen(more), "%sbeta2=%s",
    more[0] ? "," : "", val);
  beta = 1;
} else if (strcmp(key, "gains") == 0 && (a->params & PGAINS)) {
  bad(msg, msglen, name, kat, "ir_measures' %s(gains=...) has no rankmetrics"
    " variant yet", a->name);
  return -1;
} else {
  bad(msg, msglen, name, kat, "ir_measures' %s takes no parameter '%s' here",
    a->name, key);
  return -1;
}

@ trec\_eval writes a measure and its parameter after a point or an
underscore: \.{P.10}, \.{P\_10}, \.{set\_F.0.5}.  The name is the longest
entry that the rest begins with and that is followed by the end, a point
or an underscore, so that \.{map\_cut\_10} is \.{map\_cut} with~10, not
\.{map} with \.{cut\_10}.

@<Private functions@>=
static int alias_te(const char *name, const char *p, const char *lib,
  rm_variant *w, char *msg, size_t msglen)
{
  const alias_spec *a, *best = NULL;
  const char *arg;
  char more[48] = "";
  for (a = aliases; a->lib; a++) {
    size_t n = strlen(a->name);
    if (strcmp(a->lib, TE) == 0 && strncmp(p, a->name, n) == 0
        && (p[n] == '\0' || p[n] == '.' || p[n] == '_')
        && (best == NULL || n > strlen(best->name))) best = a;
  }
  if (best == NULL) return 0;
  a = best;
  arg = p + strlen(a->name);
  if (*arg) arg++;
  if (a->metric == NULL) return alias_refuse(name, p, a, msg, msglen);
  if (strchr(arg, ',')) {
    bad(msg, msglen, name, arg, "trec_eval's %s with several parameters is"
      " several measures: give each a name of its own", a->name);
    return -1;
  }
  if (a->arg == 'p') {
    if (*arg && (strncmp(arg, "p=", 2) != 0 || strlen(arg) > 32)) {
      bad(msg, msglen, name, arg, "trec_eval's %s takes the parameter p=, as"
        " %s.p=0.8", a->name, a->name);
      return -1;
    }
    snprintf(more, sizeof more, "p=%s", *arg ? arg + 2 : "0.9");
    return alias_make(name, p, a, NULL, more, w, msg, msglen);
  }
  if (a->arg == 'r' || a->arg == 'm') @<Read the recall level |arg| of
    trec\_eval's |a|, or fail@>;
  if (a->arg == 'x') {
    if (strlen(arg) > 32) {
      bad(msg, msglen, name, arg, "the parameter of trec_eval's set_F is too long");
      return -1;
    }
    snprintf(more, sizeof more, "beta2=%s", *arg ? arg : "1");
    return alias_make(name, p, a, NULL, more, w, msg, msglen);
  }
  if (*arg && !digits_ok(arg)) {
    bad(msg, msglen, name, arg, "the cutoff of trec_eval's %s must be a whole"
      " number from 1 without a sign or leading zero", a->name);
    return -1;
  }
  {
    const char *k = *arg ? arg : NULL;
    @<Check the cutoff of |a|@>;
    (void) lib;
    return alias_make(name, p, a, k, more, w, msg, msglen);
  }
}

@ A recall level, trec\_eval's parameter of \.{iprec\_at\_recall}
(the |'r'| entries), is a fraction from 0 to~1 in any of the forms of the
key \.{at}, and a multiplier of \.{Rprec\_mult} (|'m'|) one of the key
\.{mult}; their checks are the keys'.

@<Read the recall level |arg| of trec\_eval's |a|, or fail@>=
{
  long x, d;
  if (*arg == '\0' || strlen(arg) > 20 || !read_fraction(arg, &x, &d)) {
    bad(msg, msglen, name, arg, "trec_eval's %s needs one %s, as %s_%s", a->name,
      a->arg == 'r' ? "recall level from 0 to 1" : "multiplier of R", a->name,
      a->arg == 'r' ? "0.30" : "0.20");
    return -1;
  }
  snprintf(more, sizeof more, "%s=%s", a->arg == 'r' ? "at" : "mult", arg);
  return alias_make(name, p, a, NULL, more, w, msg, msglen);
}

@ ir\_measures writes the level after \.{@@}, and its parameters before.

@<Read the recall level after ir\_measures' |a|, or fail@>=
{
  long x, d;
  if (at == NULL || strlen(at + 1) > 20 || !read_fraction(at + 1, &x, &d)) {
    bad(msg, msglen, name, p, "ir_measures' %s needs a recall level from 0 to 1,"
      " as %s@@0.3", a->name, a->name);
    return -1;
  }
  snprintf(more, sizeof more, "at=%s", at + 1);
  if (*q == '(') @<Read ir\_measures' parameters, or fail@>;
  if (q != at) {
    bad(msg, msglen, name, q, "unexpected '%c' after ir_measures' %s", *q, a->name);
    return -1;
  }
  return alias_make(name, p, a, NULL, more, w, msg, msglen);
}

@* The sources.\here{bib}
Five blog posts, written in Chinese, are the sources whose every formula and
worked example this book treats.  In the text we cite a source by the number
of its file, \src{000} to \src{004}; here each is listed with its title,
author and date, as far as the file records them.  Plain \TeX\ cannot set
Chinese characters, so each title is given in Hanyu Pinyin (without tone
marks) followed by an English translation in brackets; the characters
themselves are in the files.  Three of the files name neither author nor
date: what a file does not say is marked as missing, not guessed.  Their
text was extracted from web pages, and some of it was lost on the way:
formulas set as images, tables, the ends of two posts.  Where a number is
lost we say so; where it can be recovered from what survives we recover it
and say how.
@^sources@>@^bibliography@>

\def\bib#1#2#3{\smallbreak\noindent\hangindent 3em\hbox to 3em{[\src{#1}]\hss}%
  file \src{#1\_#2.txt}\hfil\break #3\par}
\bib{000}{0ec1f0283de4c3f9}{{\it Paixu (ranker) moxing limian changyong de pingjia zhibiao
shuli\/} [A survey of the evaluation metrics in common use for ranking
models].  Blog post; no author and no date in the file, which is text
extracted from a PDF print of the page.  It surveys hit ratio, MAP, MRR and the
CG/DCG/nDCG family, with Python code for three of them; its text breaks off
in the middle of the nDCG example, right after the DCG.}
\bib{001}{2e9bf761b3089294}{{\it Tuijian xitong zhong changyong pingjia zhibiao ji qi
shixian\/} [Common evaluation metrics of recommender systems and their
implementation].  Blog post on CSDN, to judge by the page furniture the
extraction kept; no author and no date in the file.  It defines recall, precision, F-score,
hit ratio, MRR, MAP and nDCG for top-$K$ recommendation, and novelty, with a
PyTorch evaluator class; its worked examples were images and are lost.}
\bib{002}{99164a9873301b8b}{Peng Jiangjun, {\it [Jishu fenxi] liu: Sousuo paixu --- zhibiao
jieshao yu xuanze\/} [Technical analysis, part 6: search ranking, the metrics
and how to choose them].  Republished ``with the author's permission'' on
4~November 2019.  It discusses
nDCG, MAP, ``MRR'', AUC and GAUC for search ranking; its formulas were
images, its worked arithmetic survives, and has several errors.}
\bib{003}{67084013e7b3df28}{BY (the author's signature in the post's header), {\it Jiqi
xuexi zhong de pinggu zhibiao\/} [Evaluation metrics in machine learning],
subtitled {\it Pinggu zhibiao huizong\/} [A summary of evaluation metrics].
Blog post of 18~March 2019, on the blog whose earlier posts it links
(\.{yougth.top}).  It covers
classification metrics, AUC (with code), GAUC, the CG/DCG/nDCG family and
hit ratio.}
\bib{004}{7c0f0b5a1381237a}{{\it Paixu suanfa LTR de pingjia zhibiao\/} [Evaluation metrics
of learning-to-rank algorithms].  Blog post on CSDN, to judge by the page
furniture; no author and no date in the file.  It defines MRR and MAP for learning to
rank; the page ends after its first AP example.}

@** What each library computes.\here{atlas}
A user who reads ``MAP@@10'' in a paper, or calls a function named |ndcg|,
wants to know which of the variants of this book was computed.  This part is
an atlas: library by library and function by function, the variant name
each computes by default and with its common options.  It is the map; the
metric chapters are the territory, and the names used here are defined
there.  Every name below is one the parser accepts: \.{make check} takes
them from this part, passes each to \.{rankmetrics name} and fails on the
first it refuses (\.{tests/atlas\_test.sh}).
@^atlas of libraries@>@^libraries, what they compute@>

Each row says how we know.  ``Checked'' means that \.{make check} runs the
function itself over the golden vectors and \.{rankmetrics verify} finds
that variant (scikit-learn and R's packages Metrics, ModelMetrics, pROC and
ROCR, as Debian~12 packages them; the sections ``What scikit-learn
computes'' and ``What R computes'' in the part on golden vectors give the
counts).  Otherwise the row names the public source file the variant was
read from, and the heading of the library names the repository and the
version read, as a tag or the first hex digits of a commit.  Reading is
weaker than running: a row that was only read may be wrong in a case the
reader did not think of, and we would welcome a run that settles it.
Where a library computes something no variant of ours expresses, the row
says ``no variant yet'' and what it computes.

@ {\it How to read the rows.}  A name shows only the keys that differ from
their defaults; \.{rankmetrics name} prints the full name.  A cutoff is
shown as \.{@@10} and stands for whatever $K$ the function is given.  The tie
rule is the library's where it has one (trec\_eval orders tied documents by
identifier, descending: \.{ties=id-desc}).  Where the order of tied scores
is left to a sort routine (ranx, torchmetrics, RecBole's top-$K$,
TF-Ranking, which shuffles), the row shows \.{ties=input}, the value it
computes on lists without ties.  Libraries that take one score per
candidate (scikit-learn, torchmetrics, TF-Ranking) cannot be told about
relevant items that were not retrieved: on their input the judged items are
the list, and the ideal of nDCG and the denominators of recall and AP count
relevant items among the candidates.  The column ``split'' points to the
table of splits at the end of this part, which gives the smallest input on
which the library's variant and another library's variant of the same name
differ.  A relevance threshold $t$ (trec\_eval's \.{-l}, ranx's \.{rel\_lvl})
is the key \.{rel=t} wherever the variant has it.

\font\attt=cmtt8
\def\atlasbegin{\par\medskip\begingroup\eightrm\baselineskip9.5pt
  \halign\bgroup\attt##\hfil\quad&\attt##\hfil\quad&\hfil##\hfil\quad&##\hfil\cr
  \eightrm function&\eightrm variant&\eightrm split&\eightrm how known\cr
  \noalign{\smallskip\hrule}}
\def\atlasend{\egroup\endgroup\par\medskip}
\def\alib#1{\noalign{\smallskip}\multispan4{\bf #1}\hfil\cr\noalign{\smallskip}}
\def\an#1{#1} % a variant name of the atlas; tests/atlas_test.sh checks each
\def\nov#1{{\eightrm no variant yet: #1}}

@ {\it The TREC tools.}  trec\_eval is the reference of TREC's evaluations;
pytrec\_eval (by C. Van Gysel, commit 0d8571ef) embeds its code
(a trec\_eval older than v9.0.6) and computes the same measures;
ir\_measures hands each measure to a ``provider'', so one call can mix
tie rules.  A query with judgments but missing from the run is left out of
trec\_eval~9's mean, counted as~0 with \.{-c} and by ir\_measures, and
stops trec\_eval 10.0-rc3 (exit status~4) without \.{-c}.
@^trec\_eval@>@^pytrec\_eval@>@^ir\_measures@>@^gdeval@>
\atlasbegin
\alib{trec\_eval \eightrm usnistgov/trec\_eval, tag v9.0.8 (d95ca64) and 10.0-rc3 (f4253652)}
map&\an{ap[ties=id-desc]}&A&m\_map.c\cr
map\_cut.K&\an{ap@@10[ties=id-desc]}&A&m\_map\_cut.c\cr
P.K&\an{precision@@10[ties=id-desc]}&G&m\_P.c\cr
set\_P&\an{precision[ties=id-desc]}&&m\_set\_P.c\cr
recall.K&\an{recall@@10[ties=id-desc]}&F&m\_recall.c\cr
Rprec&\an{rprec[ties=id-desc]}&&m\_Rprec.c\cr
success.K&\an{hr@@10[ties=id-desc]}&I&m\_success.c\cr
recip\_rank&\an{rr[ties=id-desc]}&H, J&m\_recip\_rank.c\cr
ndcg&\an{ndcg[ties=id-desc]}&B, C, L&m\_ndcg.c\cr
ndcg\_cut.K&\an{ndcg@@10[ties=id-desc]}&B, C&m\_ndcg\_cut.c\cr
set\_F.1&\an{f[beta2=1]}&N&m\_set\_F.c\cr
set\_F.2 (x = beta squared)&\an{f[beta2=2]}&N&m\_set\_F.c\cr
bpref&\nov{Buckley and Voorhees' bpref}&&m\_bpref.c\cr
infAP&\nov{Yilmaz and Aslam's estimate}&&m\_infap.c\cr
map, v9 mean&\an{mean[skip=missing]:ap[ties=id-desc]}&&trec\_eval.c\cr
map, with -c&\an{mean:ap[ties=id-desc]}&&trec\_eval.c\cr
\alib{gdeval.pl \eightrm trec-web/trec-web-2014, commit eb769d1a (and ir\_measures' copy)}
ndcg@@K&\an{mean[skip=norel]:ndcg@@20[gain=exp2,ties=id-desc]}&C&src/eval/gdeval.pl\cr
err@@K&\an{mean[skip=norel]:err@@20[gmax=4,ties=id-desc]}&&src/eval/gdeval.pl\cr
\alib{ir\_measures \eightrm terrierteam/ir\_measures, commit dc04a88f}
AP, P@@k, R@@k, nDCG@@k&{\eightrm trec\_eval's, as above}&&providers/pytrec\_eval\_provider.py\cr
AP (the mean)&\an{mean:ap[ties=id-desc]}&&providers/base.py\cr
RR&\an{rr[ties=id-desc]}&J&providers/pytrec\_eval\_provider.py\cr
RR@@10&\an{rr@@10[ties=id-asc]}&J&providers/msmarco\_provider.py\cr
nDCG(dcg='exp-log2')@@k&\an{mean:ndcg@@20[gain=exp2,ties=id-desc]}&C&providers/gdeval\_provider.py\cr
ERR@@k (the mean)&\an{mean:err@@20[gmax=4,ties=id-desc]}&&providers/base.py\cr
SetF(beta=2)&\an{f[beta2=2]}{\eightrm: its beta is beta squared}&N&providers/pytrec\_eval\_provider.py\cr
Bpref, infAP, ERR\_IA&\nov{see trec\_eval, ndeval}&&providers/\cr
\atlasend

@ {\it Python libraries for retrieval.}  ranx computes its measures with
numba kernels of its own; torchmetrics takes a score and a target per
candidate; scikit-learn's ranking functions take one row of scores per
query; SciPy's rank correlations take two vectors.  (SciPy's $\tau_b$
divides by two square roots in turn, and so misses a correctly rounded~1
by an ulp: on grades 0,~0,~1 scored 0,~0,~1 it gives $1-2^{-53}$.)
@^ranx@>@^torchmetrics@>@^scikit-learn@>@^SciPy@>
\atlasbegin
\alib{ranx \eightrm AmenRa/ranx, commit 2cae52f0, ranx/metrics/}
ndcg@@k&\an{ndcg@@10}&B, C&ndcg.py\cr
ndcg\_burges@@k&\an{ndcg@@10[gain=exp2]}&C&ndcg.py\cr
ndcg@@k-l2&\nov{drops judgments below 2, keeps gains}&&ndcg.py\cr
map@@k&\an{ap@@10}&A&average\_precision.py\cr
precision@@k&\an{precision@@10}&G&precision.py\cr
recall@@k&\an{recall@@10}&F&recall.py\cr
mrr@@k&\an{rr@@10}&H&reciprocal\_rank.py\cr
hit\_rate@@k&\an{hr@@10}&I&hit\_rate.py\cr
hits@@k&\nov{the number of hits}&&hits.py\cr
r-precision&\an{rprec}&&r\_precision.py\cr
f1@@k&\an{f@@10[beta2=1]}&&f1.py\cr
bpref, rbp&\nov{bpref; rank-biased precision}&&bpref.py\cr
\alib{torchmetrics \eightrm Lightning-AI/torchmetrics, commit dab03339, src/torchmetrics/functional/retrieval/}
retrieval\_average\_precision&\an{ap@@10[norm=hits]}&A&average\_precision.py\cr
retrieval\_precision&\an{precision@@10}&G&precision.py\cr
\quad adaptive\_k=True&\an{precision@@10[denom=list]}&G&precision.py\cr
retrieval\_recall&\an{recall@@10}&F&recall.py\cr
retrieval\_reciprocal\_rank&\an{rr@@10}&H&reciprocal\_rank.py\cr
retrieval\_hit\_rate&\an{hr@@10}&I&hit\_rate.py\cr
retrieval\_normalized\_dcg&\an{ndcg@@10[ideal=list,ties=average]}&B, L&ndcg.py\cr
retrieval\_r\_precision&\an{rprec}&&r\_precision.py\cr
retrieval\_auroc&\an{auc[ties=average]}&K&auroc.py\cr
empty\_target\_action=pos&\an{ap@@10[norm=hits,undef=one]}&&retrieval/base.py\cr
\quad =skip, the mean&\an{mean[skip=norel]:ap@@10[norm=hits]}&&retrieval/base.py\cr
from 1.7.4&\nov{items scored 0 or less not retrieved}&&CHANGELOG.md\cr
\alib{scikit-learn 1.2.1 \eightrm Debian python3-sklearn}
roc\_auc\_score&\an{auc[ties=average]}&K&checked\cr
average\_precision\_score&\an{apstep}&&checked\cr
ndcg\_score&\an{ndcg@@10[ideal=list,ties=average]}&B, L&checked\cr
\quad ignore\_ties=True&\an{ndcg@@10[ideal=list,ties=reverse]}&B&metrics/\_ranking.py\cr
dcg\_score&\an{dcg@@10[ties=average]}&&checked\cr
label\_ranking\_average\_pr\dots&\an{lrap[undef=one]}&&checked\cr
\alib{SciPy 1.10.1 \eightrm Debian python3-scipy, scipy/stats/\_stats\_py.py}
spearmanr&\an{spearman}&&\_stats\_py.py\cr
kendalltau&\an{kendall}&O&\_stats\_py.py\cr
\quad variant='c'&\nov{Stuart's tau-c}&&\_stats\_py.py\cr
\atlasend

@ {\it Recommender libraries.}  These take a ranked list of item
identifiers and a set of relevant ones, so they know the relevant items
that were not recommended, and mostly ignore grades.
@^RecBole@>@^Microsoft Recommenders@>@^Spark MLlib@>@^TensorFlow Ranking@>
@^LensKit@>@^Elliot@>
\atlasbegin
\alib{RecBole \eightrm RUCAIBox/RecBole, commit 7b02be5e, recbole/evaluator/metrics.py}
Hit@@K&\an{hr@@10}&I&metrics.py\cr
Recall@@K&\an{recall@@10}&F&metrics.py\cr
Precision@@K&\an{precision@@10}&G&metrics.py\cr
MRR@@K&\an{rr@@10}&H&metrics.py\cr
MAP@@K&\an{ap@@10[norm=min]}&A&metrics.py\cr
NDCG@@K&\an{ndcg@@10[gain=binary]}&D&metrics.py\cr
AUC&\an{auc[ties=average]}&K&metrics.py\cr
GAUC&\an{mean[skip=undef,weight=positives]:auc[ties=average]}&M&metrics.py\cr
ItemCoverage@@K&\an{coverage@@10[items=1000]}{\eightrm, 1000 items}&&metrics.py\cr
TailPercentage, Gini\dots&\nov{popularity and diversity}&&metrics.py\cr
\alib{Microsoft Recommenders \eightrm recommenders-team/recommenders, commit b02c95e2}
precision\_at\_k&\an{precision@@10}&G&evaluation/python\_evaluation.py\cr
recall\_at\_k&\an{recall@@10}&F&evaluation/python\_evaluation.py\cr
ndcg\_at\_k&\an{ndcg@@10[gain=binary]}&D&evaluation/python\_evaluation.py\cr
\quad score\_type=raw&\an{ndcg@@10}&D&evaluation/python\_evaluation.py\cr
\quad score\_type=exp&\an{ndcg@@10[gain=exp2]}&C&evaluation/python\_evaluation.py\cr
map\_at\_k (PR 2004 on)&\an{ap@@10[norm=min]}&A&evaluation/python\_evaluation.py\cr
map&\an{ap@@10}&A&evaluation/python\_evaluation.py\cr
r\_precision\_at\_k&\nov{hits in the top min(k,~R), over R}&&evaluation/python\_evaluation.py\cr
mrr\_score (deeprec)&\an{rr[hits=mean]}&H&models/deeprec/deeprec\_utils.py\cr
group\_auc (deeprec)&\an{mean:auc[ties=average]}&M&models/deeprec/deeprec\_utils.py\cr
\alib{Spark MLlib \eightrm apache/spark, commit 075aa42e, mllib/\dots/evaluation/RankingMetrics.scala}
precisionAt(k)&\an{precision@@10}&G&RankingMetrics.scala\cr
recallAt(k)&\an{recall@@10}&F&RankingMetrics.scala\cr
ndcgAt(k)&\an{ndcg@@10[gain=binary]}&D&RankingMetrics.scala\cr
\quad with relevance&\an{ndcg@@10[gain=exp2]}{\eightrm, labels sorted}&C&RankingMetrics.scala\cr
meanAveragePrecision&\an{ap}&A&RankingMetrics.scala\cr
meanAveragePrecisionAt(k)&\an{ap@@10[norm=min]}&A&RankingMetrics.scala\cr
\alib{TensorFlow Ranking \eightrm tensorflow/ranking, commit 5b1d1338, tensorflow\_ranking/python/metrics\_impl.py}
MRRMetric&\an{rr@@10}&H&metrics\_impl.py\cr
HitsMetric&\an{hr@@10}&I&metrics\_impl.py\cr
NDCGMetric&\an{ndcg@@10[gain=exp2,ideal=list]}&B, C&metrics\_impl.py\cr
PrecisionMetric&\an{precision@@10[denom=list]}&G&metrics\_impl.py\cr
RecallMetric&\an{recall@@10}&F&metrics\_impl.py\cr
MeanAveragePrecisionMetric&\an{ap@@10}&A&metrics\_impl.py\cr
ARP, OPA, BPref, AlphaDCG&\nov{four measures}&&metrics\_impl.py\cr
\alib{LensKit \eightrm lenskit/lkpy, v2026.3.0 (3bd1c175), src/lenskit/metrics/ranking/}
NDCG(k)&\an{ndcg@@10[gain=binary,discount=jk]}&D, E&\_dcg.py\cr
\quad gain=\dots&\an{ndcg@@10[discount=jk]}&E&\_dcg.py\cr
Precision(k)&\an{precision@@10[denom=list]}&G&\_pr.py\cr
Recall(k)&\an{recall@@10[norm=min]}&F&\_pr.py\cr
AveragePrecision(k)&\an{ap@@10[norm=min]}{\eightrm, lists of k or more}&A&\_map.py\cr
RecipRank(k)&\an{rr@@10}&H&\_recip.py\cr
Hit(k)&\an{hr@@10}&I&\_hit.py\cr
\alib{Elliot \eightrm sisinflab/elliot, commit fc27efed, elliot/evaluation/metrics/accuracy/}
nDCG, threshold 1&\an{mean[skip=norel]:ndcg@@10[gain=exp2]}&C&ndcg/\cr
Precision&\an{mean[skip=norel]:precision@@10}&G&precision/\cr
Recall&\an{mean[skip=norel]:recall@@10}&F&recall/\cr
MRR&\an{mean[skip=norel]:rr@@10}&H&mrr/\cr
HR&\an{mean[skip=norel]:hr@@10}&I&hit\_rate/\cr
MAP&\nov{the mean of P@@1, \dots, P@@K}&&map/\cr
\atlasend
\noindent Two rows need a word.  LensKit's |AveragePrecision| divides by
$\min(R,n)$ with $n$ the length of the list cut at~$k$; that is
\.{norm=min} when the list has $k$ items or more, and no variant of ours
when it is shorter.  Spark's |ndcgAt| with relevance values sums the ideal
gains in the order the caller lists the relevant items, so it is
\.{gain=exp2} only when they come sorted by decreasing grade, and can exceed~1
otherwise.

@ {\it R, and code for click-through rates.}  The R functions are checked:
\.{make check} runs them (section ``What R computes'').  The others are
research code that many CTR papers copied.
@^R@>@^Metrics (R package)@>@^ModelMetrics (R package)@>@^pROC (R package)@>
@^ROCR (R package)@>@^GAUC@>
\atlasbegin
\alib{Metrics 0.1.4 \eightrm Debian r-cran-metrics}
apk(k, actual, predicted)&\an{ap@@10[norm=min]}&A&checked\cr
apk(Inf, ...)&\an{ap}&A&checked\cr
mapk(Inf, ...)&\an{mean:ap}&&checked\cr
auc&\an{auc[ties=average]}&K&checked\cr
f1(actual, predicted)&\an{f[beta2=1]}{\eightrm, the whole list}&&checked\cr
accuracy, on 0/1&\an{accuracy}&&checked\cr
precision, recall, on 0/1&\an{clf-precision}, \an{clf-recall}&&checked\cr
fbeta\_score, on 0/1&\an{clf-f1}&&checked\cr
mae, mse, rmse&\an{mae}, \an{mse}, \an{rmse}&&checked\cr
\alib{ModelMetrics 1.2.2.2 \eightrm Debian r-cran-modelmetrics}
auc&\an{auc[ties=average]}&K&checked\cr
precision, recall, f1Score&\nov{positive when score exceeds cutoff}&&checked\cr
mae, mse, rmse&\an{mae}, \an{mse}, \an{rmse}&&checked\cr
\alib{pROC 1.18.0 \eightrm Debian r-cran-proc}
auc(roc(y, s))&\nov{direction chosen by medians}&&checked\cr
\quad direction="<"&\an{auc[ties=average]}&K&checked\cr
\alib{ROCR 1.0.11 \eightrm Debian r-cran-rocr}
performance(, "auc")&\an{auc[ties=average]}&K&checked\cr
\alib{R 4.2.2 \eightrm stats, Debian r-base-core}
cor(, method="spearman")&\an{spearman}&&checked\cr
cor(, method="kendall")&\an{kendall}&O&checked\cr
\alib{DIN reference code \eightrm zhougr1993/DeepInterestNetwork, din/model.py (2db0cd98), din/train.py (58dcc8d8)}
mf\_auc, its GAUC&\an{mean:auc[ties=pessimistic]}&K, M&din/model.py\cr
calc\_auc&\nov{trapezoids per sample, in sort order}&&din/train.py\cr
\alib{x-deeplearning \eightrm alibaba/x-deeplearning}
GaucCalcOp&\nov{per-sample trapezoids, edge groups lost}&M&xdl/core/ops/gauc\_calc\_op.cc, 9d2714b4\cr
DIEN calc\_auc&\nov{a trapezoid biased low}&&DIEN/script/utils.py, 2194de3a\cr
\alib{RankLib \eightrm jattenberg/RankLib, commit 7dae2827}
ERRScorer&\an{err@@10[gmax=4]}&&metric/ERRScorer.java\cr
\atlasend

@ {\it The splits.}  Where two rows above use one name for two variants,
the smallest witness of their split is one test of the golden vectors of
disagreements (for GAUC's weights, of aggregates), named below as family and
test number; the part ``Where the definitions disagree'' explains how the
witnesses are found, and the tool's command \.{disagree} finds them again.  Each split below gives the two variants, who computes
which, and the test that separates them (its input, and the two values);
the test of \.{make check} that checks the names also checks that each
test named here is a witness of that very pair.  The witnesses have no
tied scores unless the split is about ties, so the libraries' tie rules
do not enter them.
\def\asplit#1#2#3#4{#3:#4} % variant A, variant B, vector family, tcId
$$\vbox{\eightrm\baselineskip9.5pt\halign{#\hfil\enspace&\attt#\hfil\enspace&#\hfil\enspace&#\hfil\cr
&\eightrm variant&\eightrm who&\eightrm witness, and the two values\cr
\noalign{\smallskip\hrule\smallskip}
A&\an{ap@@1}&trec\_eval, ranx, Spark, TF-R&\asplit{ap@@1}{ap@@1[norm=min]}{disagreements}{437}:
  grades 1,~1: 1/2\cr
&\an{ap@@1[norm=min]}&RecBole, MS Recs, R's apk&against 1\cr
&\an{ap@@1[norm=hits]}&torchmetrics&\asplit{ap@@1}{ap@@1[norm=hits]}{disagreements}{439}: also 1\cr
B&\an{ndcg}&trec\_eval, ranx, RecBole&\asplit{ndcg}{ndcg[ideal=list]}{disagreements}{127}:
  grade 1, judged 1: 0.6131\cr
&\an{ndcg[ideal=list]}&scikit-learn, torchmetrics, TF-R&against 1\cr
C&\an{ndcg}&trec\_eval, ranx, scikit-learn&\asplit{ndcg}{ndcg[gain=exp2]}{disagreements}{119}:
  grades 1,~2: 0.8597\cr
&\an{ndcg[gain=exp2]}&gdeval, TF-R, Elliot&against 0.7967\cr
D&\an{ndcg}&trec\_eval, ranx&\asplit{ndcg}{ndcg[gain=binary]}{disagreements}{121}:
  grades 1,~2: 0.8597\cr
&\an{ndcg[gain=binary]}&RecBole, Spark, LensKit&against 1\cr
E&\an{ndcg}&all but LensKit&\asplit{ndcg}{ndcg[discount=jk]}{disagreements}{125}:
  grades 0,~1: 0.6309\cr
&\an{ndcg[discount=jk]}&LensKit&against 1\cr
F&\an{recall@@1}&trec\_eval, ranx, RecBole, Spark&\asplit{recall@@1}{recall@@1[norm=min]}{disagreements}{231}:
  grades 1,~1: 1/2\cr
&\an{recall@@1[norm=min]}&LensKit (BEIR's R\_cap)&against 1\cr
G&\an{precision@@5}&trec\_eval, ranx, Spark, RecBole&grades 1,~0,~1 (see below): \oursq{T-prf-p-k}\cr
&\an{precision@@5[denom=list]}&LensKit, TF-R&against \oursq{T-prf-p-list}\cr
H&\an{rr}&trec\_eval, ranx, RecBole&\asplit{rr}{rr[hits=mean]}{disagreements}{397}:
  grades 1,~1: 1\cr
&\an{rr[hits=mean]}&MS Recs' mrr\_score&against 3/4\cr
I&\an{hr@@1}&trec\_eval, ranx, RecBole, Elliot&\asplit{hr@@1}{hr@@1[hit=recall]}{disagreements}{353}:
  grades 1,~1: 1\cr
&\an{hr@@1[hit=recall]}&papers; Elliot's docstring&against 1/2\cr
J&\an{rr[ties=id-desc]}&ir\_measures' RR&\asplit{rr[ties=id-desc]}{rr[ties=id-asc]}{disagreements}{412}:
  grades 0,~1, scores tied: 1\cr
&\an{rr[ties=id-asc]}&ir\_measures' RR@@10&against 1/2\cr
K&\an{auc[ties=pessimistic]}&DIN's mf\_auc&\asplit{auc[ties=pessimistic]}{auc[ties=average]}{disagreements}{553}:
  grades 0,~1, tied: 0\cr
&\an{auc[ties=average]}&scikit-learn, R, RecBole&against 1/2\cr
L&\an{ndcg[ties=id-desc]}&trec\_eval&\asplit{ndcg[ties=id-desc]}{ndcg[ties=average]}{disagreements}{165}:
  grades 0,~1, tied: 1\cr
&\an{ndcg[ties=average]}&scikit-learn, torchmetrics&against 0.8155\cr
M&\an{mean[skip=undef,weight=items]:auc}&the DIN paper&\asplit{mean[skip=undef,weight=items]:auc}
  {mean[skip=undef,weight=positives]:auc}{aggregates}{37}:
  two users: 3/10\cr
&\an{mean[skip=undef,weight=positives]:auc}&RecBole&against 1/4\cr
N&\an{f[beta2=2]}&trec\_eval's set\_F.2&{\it P\/}=1/2, {\it R\/}=1: 3/4 (see below)\cr
&\an{f[beta2=4]}&scikit-learn, beta=2&against 5/6\cr
O&\an{kendall}&R's cor, SciPy&\asplit{kendall}{kendall[tau=a]}{disagreements}{623}:
  grades 0,~0,~1: 1\cr
&\an{kendall[tau=a]}&&against 2/3\cr}}$$
Splits G and~N have no test in the witness file: \.{disagree} compares the
words of a key, and a cutoff beyond the list (G) or a number such as
\.{beta2} (N) is outside its search.  Their inputs are the worked example
of the chapter on precision (five recommended, three in the list, two
relevant) and the case $P=1/2$, $R=1$ of two items, one relevant.

@ {\it No variant yet.}  Collected from the rows above, the quantities that
a user meets under a familiar name and that this book cannot yet name: trec\_eval's
bpref and infAP; rank-biased precision (ranx, ir\_measures); ranx's nDCG
with a relevance threshold, which drops the judgments below it but keeps
the grades of the rest as gains; MS Recommenders' |r_precision_at_k|;
Elliot's MAP, the mean of $P@@1$, \dots,~$P@@K$; LensKit's AP on a list
shorter than~$k$; torchmetrics' retrieval metrics from 1.7.4 on, which
treat an item scored 0 or below as not retrieved; ModelMetrics'
classification metrics, which predict positive only when the score
exceeds the cutoff; pROC's default AUC, which turns the curve around when
the positives' median score is the lower one; and the AUCs of CTR code
that add trapezoids sample by sample in the order of a sort, so that tied
scores give an order-dependent value.  TF-Ranking's random order of ties
has no variant either, but its expected value over the shuffles has:
\.{ties=average} is the mean over all orders of the tied items (section
``Building the ranking'').

@** Exact arithmetic.
The exact path returns, for every value, the double nearest to the true value
(ties to even, MPFR's \RNDN), the sign of the rounding error, the true value as
a fraction when it is rational, and the true value to 40 significant decimal
digits, also correctly rounded.  This part builds the means: exact results,
rounding of fractions, a normal form for sums of logarithmic terms, and an
interval loop that decides the rounding of the rest.

@* Exact results.
An |rm_exact| holds one result of the exact path.  The fraction is a string
|"p/q"| in lowest terms (or |"p"| when $q=1$), allocated by the library and
released by |rm_exact_clear|; it is |NULL| when the value is irrational.

@<Public types@>=
typedef struct rm_exact {
  double value; /* the correctly rounded double (\RNDN) */
  int ternary; /* sign of $|value|-x$ for the true value $x$ */
  char *rational; /* $x$ as |"p/q"|, or |NULL| when $x$ is irrational */
  char decimal[RM_DECIMAL_MAX]; /* $x$ to 40 significant digits, correctly rounded */
  unsigned long prec; /* bits of working precision that decided it; 0 if rational */
  int hard_bits; /* $x$ lies within $2^{-|hard_bits|}$ ulp of a rounding boundary */
} rm_exact;

@ @<Public prototypes@>=
void rm_exact_init(rm_exact *e);
/* Makes |*e| empty; call it before the first use of |*e|.  Ignores |NULL|. */
void rm_exact_clear(rm_exact *e);
/* Frees the string |e->rational| that the exact path allocated and makes
   |*e| empty again; |*e| may then be reused or dropped.  Ignores |NULL|. */

@ @<Public functions@>=
void rm_exact_init(rm_exact *e)
{
  if (e == NULL) return;
  e->value = 0; e->ternary = 0; e->rational = NULL;
  e->decimal[0] = '\0'; e->prec = 0; e->hard_bits = 0;
}

@ How hard was the rounding?  A value $x$ that is not a double lies between
its rounding $d$ and the neighbour $d'$ of $d$ on the side of~$x$; the
rounding boundary is their midpoint $m$.  If $\vert x-m\vert=2^{-h-1}\vert
d'-d\vert$, deciding the rounding took about $h$ bits beyond the 53 of the
double, and |hard_bits| is $\lfloor h\rfloor$ (0 for an exact double).  The
golden vectors flag values with $h\ge10$ as hard to round: an implementation
whose error is a hundredth of an ulp may still round them the wrong way.
The function takes $x$ from |lo|, a value of at least 64 bits within the last
enclosure, which is more than close enough to measure~$h$.

@<Private functions@>=
static void measure_hardness(rm_exact *e, const mpfr_t x)
{
  mpfr_t d, n, m;
  long ex;
  e->hard_bits = 0;
  if (e->ternary == 0 || e->value == 0 || !isfinite(e->value)) return;
  mpfr_inits2(mpfr_get_prec(x) + 64, d, n, m, (mpfr_ptr) 0);
  mpfr_set_d(d, e->value, MPFR_RNDN);
  mpfr_set_prec(n, 53); mpfr_set_d(n, e->value, MPFR_RNDN);
  if (e->ternary < 0) mpfr_nextabove(n); else mpfr_nextbelow(n);
  mpfr_add(m, d, n, MPFR_RNDN); mpfr_div_2ui(m, m, 1, MPFR_RNDN); /* exact */
  mpfr_sub(n, n, d, MPFR_RNDN); mpfr_abs(n, n, MPFR_RNDN); /* $\vert d'-d\vert$ */
  mpfr_sub(m, x, m, MPFR_RNDN); mpfr_abs(m, m, MPFR_RNDN); /* $\vert x-m\vert$ */
  if (mpfr_zero_p(m)) { e->hard_bits = 999; goto done; }
  mpfr_div(m, m, n, MPFR_RNDN);
  mpfr_get_d_2exp(&ex, m, MPFR_RNDN); /* $m=f\cdot2^{ex}$, $1/2\le f<1$ */
  e->hard_bits = ex < -1 ? (int) (-ex - 1) : 0;
done:
  mpfr_clears(d, n, m, (mpfr_ptr) 0);
}
void rm_exact_clear(rm_exact *e)
{
  if (e == NULL) return;
  free(e->rational);
  rm_exact_init(e);
}

@ The decimal string has exactly 40 significant digits.  It is written in
positional notation when the value lies between $10^{-6}$ and $10^{40}$, for
example
$$\vbox{\halign{\.{#}\hfil\cr \oursl{T-ideal-judged}\cr \oursl{E000.4-cg}\cr}}$$
(the nDCG of a case in the chapter on cumulative gain, and a CG of~11), and
otherwise in scientific notation, \.{1.234\dots e-60}; zero is written
\.{0}.  Values that small do occur: the mean squared error of a prediction
off by $10^{-30}$.  One function formats the 40 digits |d| of a value $0.d_1d_2\ldots d_{40}\times
10^{e}$.

@d DIGITS 40 /* significant digits of the decimal string */
@d DEC_EMAX 40 /* positional notation for $10^{-6}\le x<10^{40}$ */
@d DEC_EMIN (-5)

@<Private functions@>=
static void put_decimal(char *out, const char *d, long e)
{
  char *o = out;
  long i;
  if (*d == '-') *o++ = *d++; /* a negative value: its sign, then its digits */
  if (e < DEC_EMIN || e > DEC_EMAX) {
    *o++ = d[0]; *o++ = '.';
    for (i = 1; i < DIGITS; i++) *o++ = d[i];
    sprintf(o, "e%+ld", e - 1);
    return;
  }
  if (e <= 0) {
    *o++ = '0'; *o++ = '.';
    for (i = 0; i < -e; i++) *o++ = '0';
    for (i = 0; i < DIGITS; i++) *o++ = d[i];
  } else {
    for (i = 0; i < DIGITS || i < e; i++) {
      if (i == e) *o++ = '.';
      *o++ = i < DIGITS ? d[i] : '0';
    }
  }
  *o = '\0';
}

@ Most values of this book are not negative, but a rank correlation can be;
a negative value is written with its sign in front of the same 40 digits.
The rounding of a fraction $x=a/b>0$ to 40 digits is exact integer
arithmetic.  We find $e$ with $10^{e-1}\le x<10^e$, form $N=\lfloor
x\cdot10^{40-e}\rfloor$ with remainder, round half to even, and if the
rounding carried to $10^{40}$ we have the digits of $10^{e}$.
@^correct rounding@>

@<Private functions@>=
static int decimal_of_q(char *out, const mpq_t x)
{
  mpz_t a, b, t;
  long e;
  int c;
  char *d;
  if (mpq_sgn(x) == 0) { strcpy(out, "0"); return 1; }
  mpz_inits(a, b, t, NULL);
  mpz_abs(a, mpq_numref(x)); mpz_set(b, mpq_denref(x));
  e = (long) mpz_sizeinbase(a, 10) - (long) mpz_sizeinbase(b, 10);
  @<Adjust |e| so that $10^{e-1}\le a/b<10^e$@>;
  if (DIGITS - e >= 0) { mpz_ui_pow_ui(t, 10, (unsigned long) (DIGITS - e)); mpz_mul(a, a, t); }
  else { mpz_ui_pow_ui(t, 10, (unsigned long) (e - DIGITS)); mpz_mul(b, b, t); }
  mpz_fdiv_qr(t, a, a, b); /* |t| is $N$, |a| the remainder */
  mpz_mul_2exp(a, a, 1);
  c = mpz_cmp(a, b);
  if (c > 0 || (c == 0 && mpz_odd_p(t))) mpz_add_ui(t, t, 1);
  d = malloc(mpz_sizeinbase(t, 10) + 3);
  mpz_get_str(d, 10, t);
  if (strlen(d) > DIGITS) { d[DIGITS] = '\0'; e++; }
  c = 1;
  if (mpq_sgn(x) < 0) { memmove(d + 1, d, strlen(d) + 1); d[0] = '-'; }
  put_decimal(out, d, e);
  free(d);
  mpz_clears(a, b, t, NULL);
  return c;
}

@ The estimate from the numbers of digits is off by at most one either way.

@<Adjust |e| so that $10^{e-1}\le a/b<10^e$@>=
for (;;) {
  if (e >= 0) { mpz_ui_pow_ui(t, 10, (unsigned long) e); mpz_mul(t, t, b);
    c = mpz_cmp(a, t) < 0; }
  else { mpz_ui_pow_ui(t, 10, (unsigned long) -e); mpz_mul(t, t, a);
    c = mpz_cmp(t, b) < 0; }
  if (!c) { e++; continue; }
  if (e - 1 >= 0) { mpz_ui_pow_ui(t, 10, (unsigned long) (e - 1)); mpz_mul(t, t, b);
    c = mpz_cmp(a, t) >= 0; }
  else { mpz_ui_pow_ui(t, 10, (unsigned long) (1 - e)); mpz_mul(t, t, a);
    c = mpz_cmp(t, b) >= 0; }
  if (!c) { e--; continue; }
  break;
}

@ Below $2^{-1022}$ doubles are spaced $2^{-1074}$ apart, so a value there has
fewer than 53 significant bits: with $x=f\cdot2^E$, $1/2\le f<1$, it keeps
$E+1074$ of them.  Rounding to 53 bits and then to those would round twice;
we round once, at that precision.  A value below half the smallest subnormal
rounds to zero.

@<Round |x| again at the spacing...@>=
{
  long p = (long) mpfr_get_exp(d) + 1074;
  if (p < 1) {
    mpfr_set_zero(d, mpq_sgn(x));
    e->ternary = -mpq_sgn(x); /* $x$ lies strictly inside $(-2^{-1075},2^{-1075})$ */
  } else {
    mpfr_set_prec(d, (mpfr_prec_t) p);
    e->ternary = mpfr_set_q(d, x, MPFR_RNDN);
  }
}

@ A caller that needs only the correctly rounded double and its ternary value
(see \secref{q:filter}) marks its result by setting |hard_bits| to
|ROUNDED_ONLY| before the call; the rounding of a fraction then goes through
|rounded_from_q| of that section, which leaves the fraction, the decimal and
the hardness out.

@d ROUNDED_ONLY (-1) /* in |hard_bits| before a call: the double and the ternary only */

@<Private functions@>=
static rm_status rounded_from_q(rm_exact *e, const mpq_t x);

@ A rational result is complete after one rounding.  MPFR's |mpfr_set_q| rounds
a fraction correctly to the precision of its target, and its return value is
the ternary value; with 53 bits the target is a double.  (The values of this
book are far from the overflow and underflow thresholds, so no subnormal or
infinite case arises; |decimal_of_q| refuses absurd exponents all the same.)

@<Private functions@>=
static rm_status exact_from_q(rm_exact *e, const mpq_t x)
{
  mpfr_t d;
  if (e->hard_bits == ROUNDED_ONLY) return rounded_from_q(e, x);
  mpfr_init2(d, 53);
  e->ternary = mpfr_set_q(d, x, MPFR_RNDN);
  if (!mpfr_zero_p(d) && mpfr_get_exp(d) < -1021)
    @<Round |x| again at the spacing of subnormal doubles@>;
  e->ternary = (e->ternary > 0) - (e->ternary < 0);
  e->value = mpfr_get_d(d, MPFR_RNDN);
  mpfr_set_prec(d, 256);
  mpfr_set_q(d, x, MPFR_RNDN); /* $x$ to 256 bits, to measure the hardness */
  measure_hardness(e, d);
  mpfr_clear(d);
  e->prec = 0;
  free(e->rational);
  if ((e->rational = mpq_get_str(NULL, 10, x)) == NULL) return RM_ENOMEM;
  if (!decimal_of_q(e->decimal, x)) return RM_EHARD;
  return RM_OK;
}

@* Sums of logarithmic terms.
The values of the cumulative-gain family are sums of gains divided by
logarithms.  With the discount $\lg(i+1)$ the term at rank~$i$ is
$$ {g\over\lg(i+1)} = g\cdot{\ln 2\over\ln(i+1)}, $$
and with J\"arvelin and Kek\"al\"ainen's discount $\max(1,\log_b i)$ it is $g$ for
$i\le b$ and $g\ln b/\ln i$ beyond.  Some of these terms are rational:
$1/\lg 4=1/2$, $1/\log_3 9=1/2$.  So a sum may be rational although its terms
involve logarithms, as the DCG of grades 1,~0,~1 is $1+1/\lg4=3/2$, and an
exact path must know when.  (This matters in practice: a loop that narrows an
interval around $3/2$ can decide that the double is $1.5$, but never whether
the true value lies above or below it.)

We therefore write every such sum in a normal form.  Let $B$ be the base of
the discount (2, or $b$).  Every integer $x\ge2$ is uniquely $x=r^m$ with
$m\ge1$ as large as possible; then $r$ is not a perfect power, and we call it
the {\it root\/} of~$x$.  Since $\ln B/\ln x=(1/m)\,\ln B/\ln r$, and since
$\ln B/\ln r=p$ is an integer when $r$ is the root of $B=r^p$, every sum of
our terms is
$$ c_0 + \sum_{r} c_r\,\lambda_r, \qquad \lambda_r={\ln B\over \ln r},$$
with rational coefficients $c_0$ and $c_r\ge0$, over distinct roots $r$ other
than the root of~$B$.  We call this the {\it log-linear form}.
@^log-linear form@>

@ When is such a sum rational?  If every $c_r$ is zero it is the fraction
$c_0$.  Otherwise it is irrational as far as anyone knows: for a single root
it is $c_0+c_r\log_r B$, and $\log_r B$ is transcendental by the
Gelfond--Schneider theorem; for several roots the numbers $1$, $\lambda_r$
are believed to be linearly independent over the rationals (it would follow
from Schanuel's conjecture) but this is not proven.  Our results do not rest
on the conjecture.  A value that is rational but not detected as such would
only make the interval loop below run to its precision limit and return
|RM_EHARD|; it could never produce a wrong number.
@^Schanuel's conjecture@>

The same reasoning decides the ratio of two such sums, the nDCG: it is
rational exactly when the two coefficient vectors are proportional (a perfect
ranking gives nDCG${}=1$ although both DCGs are irrational), and then it is
the factor of proportion.

@<Private types@>=
typedef struct {
  unsigned long root; /* $r$ */
  mpq_t c; /* coefficient $c_r$ of $\lambda_r$ */
} lterm;
typedef struct loglin {
  unsigned long base; /* $B$ */
  unsigned long broot; /* the root of $B$ */
  unsigned long bpow; /* $p$ with $B=|broot|^p$ */
  mpq_t c0; /* the rational part */
  size_t n, cap; /* terms used and allocated */
  lterm *t;
} loglin;

@ The root of $x$ is found by trying each exponent $m$ from the largest
possible down (no larger than $\lfloor\lg x\rfloor$, since $r\ge2$); for each the candidate $r=\lfloor x^{1/m}\rceil$ from floating
point is corrected by exact integer comparison.  Arguments here are below
$2^{32}$, so $r^m$ is computed exactly in 64 bits with an early stop.

@<Private functions@>=
static int power_is(unsigned long r, int m, unsigned long x)
{
  unsigned long long y = 1;
  int i;
  for (i = 0; i < m; i++) { y *= r; if (y > x) return 1; }
  return y == x ? 0 : -1;
}
static unsigned long root_of(unsigned long x, int *mp)
{
  int m, top = 0;
  while (top < 31 && (2UL << top) <= x) top++; /* $2^{top}\le x<2^{top+1}$: no $m>top$ can work */
  for (m = top; m >= 2; m--) {
    unsigned long r = (unsigned long) (pow((double) x, 1.0 / m) + 0.5);
    if (r < 2) continue;
    while (r > 2 && power_is(r, m, x) > 0) r--;
    while (power_is(r, m, x) < 0) r++;
    if (power_is(r, m, x) == 0) { *mp = m; return r; }
  }
  *mp = 1;
  return x;
}

@ The form is built one term at a time: |loglin_add| adds $g\cdot \ln B/\ln x$
for a rational $g\ge0$ and an integer $x\ge2$, and |loglin_add_q| adds a
rational.  Terms are appended; |loglin_normalize| later sorts them by root,
merges equal roots and drops zero coefficients, which makes the form unique.

@<Private functions@>=
static void loglin_init(loglin *f, unsigned long base)
{
  int p;
  f->base = base;
  f->broot = root_of(base, &p);
  f->bpow = (unsigned long) p;
  mpq_init(f->c0);
  f->n = f->cap = 0;
  f->t = NULL;
}
static void loglin_clear(loglin *f)
{
  size_t j;
  for (j = 0; j < f->n; j++) mpq_clear(f->t[j].c);
  free(f->t);
  mpq_clear(f->c0);
}
static rm_status loglin_add(loglin *f, const mpq_t g, unsigned long x)
{
  int m;
  unsigned long r = root_of(x, &m);
  mpq_t c;
  if (mpq_sgn(g) == 0) return RM_OK;
  mpq_init(c);
  mpq_set_ui(c, 1, (unsigned long) m);
  mpq_mul(c, c, g); /* $g/m$ */
  if (r == f->broot) {
    mpq_t p;
    mpq_init(p); mpq_set_ui(p, f->bpow, 1);
    mpq_mul(c, c, p); mpq_add(f->c0, f->c0, c);
    mpq_clear(p); mpq_clear(c);
    return RM_OK;
  }
  if (f->n == f->cap) {
    size_t cap = f->cap ? 2 * f->cap : 16;
    lterm *t = realloc(f->t, cap * sizeof *t);
    if (t == NULL) { mpq_clear(c); return RM_ENOMEM; }
    f->t = t; f->cap = cap;
  }
  f->t[f->n].root = r;
  mpq_init(f->t[f->n].c);
  mpq_swap(f->t[f->n].c, c);
  f->n++;
  mpq_clear(c);
  return RM_OK;
}
static void loglin_add_q(loglin *f, const mpq_t g)
{
  mpq_add(f->c0, f->c0, g);
}

@ @<Private functions@>=
static int lterm_cmp(const void *a, const void *b)
{
  unsigned long x = ((const lterm *) a)->root, y = ((const lterm *) b)->root;
  return (x > y) - (x < y);
}
static void loglin_normalize(loglin *f)
{
  size_t i, j = 0;
  if (f->n > 1) qsort(f->t, f->n, sizeof *f->t, lterm_cmp);
  for (i = 0; i < f->n; i++) {
    if (j > 0 && f->t[j - 1].root == f->t[i].root) {
      mpq_add(f->t[j - 1].c, f->t[j - 1].c, f->t[i].c);
      mpq_clear(f->t[i].c);
    } else if (i != j) {
      f->t[j].root = f->t[i].root;
      mpq_init(f->t[j].c); mpq_swap(f->t[j].c, f->t[i].c); mpq_clear(f->t[i].c);
      j++;
    } else j++;
  }
  f->n = j;
  for (i = j = 0; i < f->n; i++) {
    if (mpq_sgn(f->t[i].c) == 0) { mpq_clear(f->t[i].c); continue; }
    if (i != j) {
      f->t[j].root = f->t[i].root;
      mpq_init(f->t[j].c); mpq_swap(f->t[j].c, f->t[i].c); mpq_clear(f->t[i].c);
    }
    j++;
  }
  f->n = j;
}

@ A normalized form is zero when it has no terms and $c_0=0$; it is rational
when it has no terms.  Two normalized forms $u$, $v$ with $u\ne0$ are
proportional, $v=\lambda u$, when they have the same roots and every
coefficient of $v$ is $\lambda$ times that of~$u$; |loglin_ratio| then sets
|q| to~$\lambda$ and returns~1.  A zero $v$ is proportional with $\lambda=0$.

@<Private functions@>=
static int loglin_is_zero(const loglin *f)
{
  return f->n == 0 && mpq_sgn(f->c0) == 0;
}
static int loglin_ratio(mpq_t q, const loglin *v, const loglin *u)
{
  size_t j;
  mpq_t t;
  if (loglin_is_zero(v)) { mpq_set_ui(q, 0, 1); return 1; }
  if (v->n != u->n) return 0;
  for (j = 0; j < u->n; j++) if (v->t[j].root != u->t[j].root) return 0;
  if (mpq_sgn(u->c0) != 0) mpq_div(q, v->c0, u->c0);
  else if (mpq_sgn(v->c0) != 0) return 0;
  else mpq_div(q, v->t[0].c, u->t[0].c);
  mpq_init(t);
  mpq_mul(t, q, u->c0);
  j = mpq_equal(t, v->c0) ? 0 : u->n + 1;
  for (; j < u->n; j++) {
    mpq_mul(t, q, u->t[j].c);
    if (!mpq_equal(t, v->t[j].c)) break;
  }
  mpq_clear(t);
  return j == u->n;
}

@* Enclosures and Ziv's loop.
An irrational value is decided by enclosing it.  At a working precision of
$w$ bits we compute two MPFR numbers $\ell\le x\le h$ by evaluating the
log-linear form twice, once with every operation rounded down and once with
every operation rounded up.  This is sound because every operation we use is
monotone in the direction that matters: logarithms of integers are positive
and increasing, all coefficients $c_r$ are nonnegative, and
$$\lambda_r={\ln B\over\ln r}\in
\Bigl[{\nabla\ln B\over\Delta\ln r},\,{\Delta\ln B\over\nabla\ln r}\Bigr],$$
where $\nabla$ and $\Delta$ are MPFR's correctly rounded operations toward
$-\infty$ and $+\infty$, and likewise for products and sums.  No error
analysis with constants is needed: the enclosure holds at every precision,
because each rounding moves the bound outward.
@^Ziv's loop@>@^error bound@>@^enclosure@>

Since rounding to nearest is monotone, if $\ell$ and $h$ round to the same
double~$d$, so does~$x$, and $d$ is the correctly rounded value.  If moreover
$d<\ell$, the rounding went down and the ternary value is $-1$; if $d>h$, it
is $+1$.  The same argument applied to the rounding to 40 decimal digits
decides the decimal string.  Otherwise we double $w$ and try again: this is
Ziv's strategy.  Each bound is within a few units of $2^{-w}$ times the sum
of the absolute values of the terms from $x$, so the interval shrinks
geometrically and the loop ends unless $x$ is exactly a double, a midpoint
between two doubles, or a 40-digit decimal or midpoint.  All of those are
rational, so an irrational $x$ is always decided; a rational $x$ never enters
the loop.  The loop stops at |RM_PREC_MAX| bits all the same, and reports
|RM_EHARD| rather than guess.

@<Public constants@>=
#define RM_PREC_MAX 65536 /* the exact path's largest working precision, in bits */
#define RM_DECIMAL_MAX 96 /* size of the 40-digit decimal string, with its null */

@ Both bounds are computed in one pass.  A logarithm rounded up is the
one rounded down moved up by one unit in the last place, unless it is
exact (only $\ln1=0$ is): the rounding down of an inexact $y$ is the largest
number of the precision below $y$, and the next one above is the
rounding up.  So each logarithm is computed once, rounded down, and the
bounds are those of two separate passes rounded down and up, bit for bit.

The same few roots recur in every form of a run (the ranks 2 to 11 of an
nDCG at 10 have the roots 2, 3, 5, 6, 7, 10, 11), so the logarithms of
small roots are kept, per enclosure and per precision, in a |logcache|
that the caller owns: nothing is kept between calls.

@d LOGC 128 /* roots below this have their logarithms kept */
@<Private types@>=
typedef struct {
  unsigned char have[LOGC]; /* |d[x]| and |u[x]| hold $\ln x$ rounded down and up */
  mpfr_t d[LOGC], u[LOGC];
} logcache;

@ The loop's first pass, at 64 bits, is the one that runs on every value, so
the logarithms of the roots below |LOGC| at 64 bits, rounded down, are a
table: $\ln x=m\cdot2^{e}$ exactly representable at 64 bits, from MPFR's
|mpfr_log_ui| rounded down (written by a short program and pasted here).
The value rounded up is the next number above, as before, since $\ln x$ is
irrational for $x\ge2$.  |rm_log_table_errors| recomputes every entry with
MPFR and counts those that differ; the filter's test asserts zero.  (On a
machine whose |unsigned long| has fewer than 64 bits the table is left out
and every logarithm is computed.)

@<Private types@>=
#if ULONG_MAX >= 0xffffffffffffffff
static const struct {@+ unsigned long m; long e; @+} ln64[LOGC - 2] = {
{0xb17217f7d1cf79abUL,-64}, {0x8c9f53d5681854bbUL,-63}, {0xb17217f7d1cf79abUL,-63},
{0xce020fbf6c699b57UL,-63}, {0xe5585fd151001191UL,-63}, {0xf913957192d2baa3UL,-63},
{0x851591f9dd5b9b40UL,-62}, {0x8c9f53d5681854bbUL,-62}, {0x935d8dddaaa8ac16UL,-62},
{0x99771dbbf9ba5dbdUL,-62}, {0x9f08b5e69cf3e733UL,-62}, {0xa42821598c6287f4UL,-62},
{0xa8e650b6bddd3bbcUL,-62}, {0xad50b1ca6a40f809UL,-62}, {0xb17217f7d1cf79abUL,-62},
{0xb5535e0fd3fbce77UL,-62}, {0xb8fbd9d35c8c3326UL,-62}, {0xbc71b03025996390UL,-62},
{0xbfba13db9f1c8a81UL,-62}, {0xc2d974a37d7587afUL,-62}, {0xc5d3a3b9ee2e3c28UL,-62},
{0xc8abefee8d9f8048UL,-62}, {0xcb653be49167c59eUL,-62}, {0xce020fbf6c699b57UL,-62},
{0xd084a75780d6665fUL,-62}, {0xd2eefdc01c247f18UL,-62}, {0xd542d6b4b2511a27UL,-62},
{0xd781c65e6ff0f5ebUL,-62}, {0xd9ad37c85eb4d674UL,-62}, {0xdbc67244895acf88UL,-62},
{0xddce9df5c6435816UL,-62}, {0xdfc6c7a6adc6881bUL,-62}, {0xe1afe40dc86face2UL,-62},
{0xe38ad2987f9e2afdUL,-62}, {0xe5585fd151001191UL,-62}, {0xe7194771d63de9bcUL,-62},
{0xe8ce362e1a0d41faUL,-62}, {0xea77cb44406eb251UL,-62}, {0xec1699d9939068ecUL,-62},
{0xedab2a2c75626d5dUL,-62}, {0xef35faa171e9661aUL,-62}, {0xf0b780b0a76088b2UL,-62},
{0xf23029b7e2a21a93UL,-62}, {0xf3a05bb51e4d2267UL,-62}, {0xf50875ec82135eb3UL,-62},
{0xf668d17c8785b2ccUL,-62}, {0xf7c1c1e285dba409UL,-62}, {0xf913957192d2baa3UL,-62},
{0xfa5e95bd60dd79c2UL,-62}, {0xfba307fa8807f8d5UL,-62}, {0xfce12d55754a44caUL,-62},
{0xfe19434111e555a3UL,-62}, {0xff4b83be10985d83UL,-62}, {0x803c12cdd7f795b4UL,-61},
{0x80cfae5953627c49UL,-61}, {0x8160ad0d6cd2c6f6UL,-61}, {0x81ef262e32326a2bUL,-61},
{0x827b2fce394bc5b5UL,-61}, {0x8304dee329945a6fUL,-61}, {0x838c47589360670dUL,-61},
{0x84117c213ee756f9UL,-61}, {0x84948f4718c0d906UL,-61}, {0x851591f9dd5b9b40UL,-61},
{0x8594949ca14baad0UL,-61}, {0x8611a6d2511d3343UL,-61}, {0x868cd78940896b05UL,-61},
{0x87063505de71c5a6UL,-61}, {0x877dcceca0d5d553UL,-61}, {0x87f3ac4b3a0904b4UL,-61},
{0x8867dfa126b647adUL,-61}, {0x88da72e7a2b9f7feUL,-61}, {0x894b7199117f319aUL,-61},
{0x89bae6b7e558e413UL,-61}, {0x8a28dcd5103ae2daUL,-61}, {0x8a955e1607409032UL,-61},
{0x8b00743a6191dd87UL,-61}, {0x8b6a28a11a71485eUL,-61}, {0x8bd2844d7d8b97f7UL,-61},
{0x8c398febc40223abUL,-61}, {0x8c9f53d5681854bbUL,-61}, {0x8d03d81534eb25e4UL,-61},
{0x8d67246b17240cf0UL,-61}, {0x8dc9404fb32ea242UL,-61}, {0x8e2a32f7c5184e11UL,-61},
{0x8e8a03574dea338eUL,-61}, {0x8ee8b82491fe9024UL,-61}, {0x8f4657daeb8afc7fUL,-61},
{0x8fa2e8bd7457b1c5UL,-61}, {0x8ffe70d989608069UL,-61}, {0x9058f6092ae5f2a2UL,-61},
{0x90b27df53b439e8fUL,-61}, {0x910b0e179eb37cf3UL,-61}, {0x9162abbd3dfcc89bUL,-61},
{0x91b95c07ede7189dUL,-61}, {0x920f23f03d27c13aUL,-61}, {0x926408472a5fc007UL,-61},
{0x92b80db7c3a34c87UL,-61}, {0x930b38c8b0e9593cUL,-61}, {0x935d8dddaaa8ac16UL,-61},
{0x93af1138ddd185f1UL,-61}, {0x93ffc6fc3e3deba0UL,-61}, {0x944fb32ac89f5f32UL,-61},
{0x949ed9a9b4df119aUL,-61}, {0x94ed3e4199d52aadUL,-61}, {0x953ae49f832c9a07UL,-61},
{0x9587d055fa3adb8fUL,-61}, {0x95d404de02861df7UL,-61}, {0x961f85980aa8323eUL,-61},
{0x966a55ccd23184eaUL,-61}, {0x96b478ae45250a0dUL,-61}, {0x96fdf1584d9c6b7eUL,-61},
{0x9746c2d19c1addc3UL,-61}, {0x978ef00c670cb62cUL,-61}, {0x97d67be721ea26faUL,-61},
{0x981d692d2c6c5960UL,-61}, {0x9863ba977a3d6e57UL,-61}, {0x98a972cd3385b4eaUL,-61},
{0x98ee94644eb295e4UL,-61}, {0x993321e223ce49a5UL,-61}, {0x99771dbbf9ba5dbdUL,-61},
{0x99ba8a578d9a5642UL,-61}, {0x99fd6a0b94b74bddUL,-61}, {0x9a3fbf203921462fUL,-61},
{0x9a818bcf914f3481UL,-61}, {0x9ac2d24612fac83cUL,-61}, {0x9b0394a3017210b1UL,-61},
};
#endif

@ @<Public prototypes@>=
int rm_log_table_errors(void);
/* The number of entries of the library's table of 64-bit logarithms that
   differ from MPFR's (0 when the table is right, or absent). */

@ @<Public functions@>=
int rm_log_table_errors(void)
{
  int bad = 0;
#if ULONG_MAX >= 0xffffffffffffffff
  unsigned long x;
  mpfr_t a, b;
  mpfr_inits2(FILTER_PREC, a, b, (mpfr_ptr) 0);
  for (x = 2; x < LOGC; x++) {
    mpfr_log_ui(a, x, MPFR_RNDD);
    mpfr_set_ui_2exp(b, ln64[x - 2].m, ln64[x - 2].e, MPFR_RNDN);
    bad += !mpfr_equal_p(a, b);
  }
  mpfr_clears(a, b, (mpfr_ptr) 0);
  mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
#endif
  return bad;
}

@ @<Private functions@>=
static void logcache_init(logcache *c)
{
  memset(c->have, 0, sizeof c->have);
}
static void logcache_clear(logcache *c)
{
  int x;
  for (x = 0; x < LOGC; x++) if (c->have[x]) mpfr_clears(c->d[x], c->u[x], (mpfr_ptr) 0);
}
static void log_both(mpfr_t d, mpfr_t u, unsigned long x, logcache *c)
{
  int t;
#if ULONG_MAX >= 0xffffffffffffffff
  if (mpfr_get_prec(d) == FILTER_PREC && x >= 2 && x < LOGC) {
    mpfr_set_ui_2exp(d, ln64[x - 2].m, ln64[x - 2].e, MPFR_RNDN); /* exact */
    mpfr_set(u, d, MPFR_RNDN); mpfr_nextabove(u);
    return;
  }
#endif
  if (c != NULL && x < LOGC && c->have[x] && mpfr_get_prec(c->d[x]) == mpfr_get_prec(d)) {
    mpfr_set(d, c->d[x], MPFR_RNDN); mpfr_set(u, c->u[x], MPFR_RNDN);
    return;
  }
  t = mpfr_log_ui(d, x, MPFR_RNDD);
  mpfr_set(u, d, MPFR_RNDN);
  if (t != 0) mpfr_nextabove(u);
  if (c == NULL || x >= LOGC) return;
  if (!c->have[x]) mpfr_inits2(mpfr_get_prec(d), c->d[x], c->u[x], (mpfr_ptr) 0);
  else { mpfr_set_prec(c->d[x], mpfr_get_prec(d)); mpfr_set_prec(c->u[x], mpfr_get_prec(d)); }
  c->have[x] = 1;
  mpfr_set(c->d[x], d, MPFR_RNDN); mpfr_set(c->u[x], u, MPFR_RNDN);
}
static void loglin_bounds(mpfr_t lo, mpfr_t hi, const loglin *f, logcache *c)
{
  mpfr_prec_t w = mpfr_get_prec(lo);
  mpfr_t bd, bu, rd, ru, t;
  size_t j;
  mpfr_inits2(w, bd, bu, rd, ru, t, (mpfr_ptr) 0);
  log_both(bd, bu, f->base, c); /* $\ln B$ */
  mpfr_set_ui(lo, 0, MPFR_RNDN); mpfr_set_ui(hi, 0, MPFR_RNDN);
  for (j = 0; j < f->n; j++) {
    log_both(rd, ru, f->t[j].root, c); /* $\ln r$ */
    mpfr_div(t, bd, ru, MPFR_RNDD); /* $\lambda_r$, rounded down */
    mpfr_div(ru, bu, rd, MPFR_RNDU); /* and up */
    mpfr_set_q(rd, f->t[j].c, MPFR_RNDD);
    mpfr_mul(t, t, rd, MPFR_RNDD); mpfr_add(lo, lo, t, MPFR_RNDD);
    mpfr_set_q(rd, f->t[j].c, MPFR_RNDU);
    mpfr_mul(ru, ru, rd, MPFR_RNDU); mpfr_add(hi, hi, ru, MPFR_RNDU);
  }
  mpfr_add_q(lo, lo, f->c0, MPFR_RNDD);
  mpfr_add_q(hi, hi, f->c0, MPFR_RNDU);
  mpfr_clears(bd, bu, rd, ru, t, (mpfr_ptr) 0);
}

@ The loop is written once, for any value that can be enclosed: a function
|enclose| sets $\ell$ and $h$ at the precision of its arguments and returns~1,
or returns~0 when that precision is too low to say anything.  The enclosure
of a single form, or of a quotient $v/u$ of two forms with $v,u>0$, is one
such function: $[\nabla(\ell_v/h_u),\Delta(h_v/\ell_u)]$, useless while
$\ell_u$ is not yet positive.  The mean of many quotients, in the part on
aggregation, is another.

@<Private types@>=
typedef int (*enclose_fn)(mpfr_t lo, mpfr_t hi, const void *ctx);

@ @<Private functions@>=
static rm_status ziv(rm_exact *e, enclose_fn enclose, const void *ctx)
{
  mpfr_t lo, hi;
  mpfr_prec_t w;
  rm_status s = RM_EHARD;
  mpfr_inits2(64, lo, hi, (mpfr_ptr) 0);
  for (w = 64; w <= RM_PREC_MAX; w *= 2) {
    mpfr_set_prec(lo, w); mpfr_set_prec(hi, w);
    if (!enclose(lo, hi, ctx)) continue;
    @<If the enclosure decides the double and the decimal, record them and
      |break|@>;
  }
  mpfr_clears(lo, hi, (mpfr_ptr) 0);
  return s;
}

@ @<Private types@>=
typedef struct {@+ const loglin *num, *den; @+} loglin_pair; /* |den| may be |NULL| */

@ @<Private functions@>=
static int enclose_quotient(mpfr_t lo, mpfr_t hi, const loglin *num,
  const loglin *den, logcache *c)
{
  mpfr_t a, b;
  int ok = 1;
  loglin_bounds(lo, hi, num, c);
  if (den == NULL) return 1;
  mpfr_inits2(mpfr_get_prec(lo), a, b, (mpfr_ptr) 0);
  loglin_bounds(a, b, den, c);
  if (mpfr_sgn(a) <= 0) ok = 0;
  else {
    mpfr_div(lo, lo, b, MPFR_RNDD);
    mpfr_div(hi, hi, a, MPFR_RNDU);
  }
  mpfr_clears(a, b, (mpfr_ptr) 0);
  return ok;
}
static int enclose_pair(mpfr_t lo, mpfr_t hi, const void *ctx)
{
  const loglin_pair *q = ctx;
  logcache c;
  int ok;
  logcache_init(&c);
  ok = enclose_quotient(lo, hi, q->num, q->den, &c);
  logcache_clear(&c);
  return ok;
}
static rm_status exact_from_loglin(rm_exact *e, const loglin *num,
  const loglin *den)
{
  loglin_pair q;
  q.num = num; q.den = den;
  return ziv(e, enclose_pair, &q);
}

@ |mpfr_get_d| and |mpfr_get_str| both round correctly, so comparing what
they give for the two ends of the enclosure is exactly the test of the
argument above.

@<If the enclosure decides...@>=
{
  double dl = mpfr_get_d(lo, MPFR_RNDN), dh = mpfr_get_d(hi, MPFR_RNDN);
  mpfr_exp_t el, eh;
  char *sl, *sh;
  int same;
  if (dl != dh) continue;
  if (mpfr_cmp_d(lo, dl) > 0) e->ternary = -1;
  else if (mpfr_cmp_d(hi, dl) < 0) e->ternary = 1;
  else continue;
  if (e->hard_bits == ROUNDED_ONLY) @<Record the double alone and |break|@>;
  sl = mpfr_get_str(NULL, &el, 10, DIGITS, lo, MPFR_RNDN);
  sh = mpfr_get_str(NULL, &eh, 10, DIGITS, hi, MPFR_RNDN);
  same = sl && sh && el == eh && strcmp(sl, sh) == 0;
  if (same) put_decimal(e->decimal, sl, (long) el);
  mpfr_free_str(sl); mpfr_free_str(sh);
  if (!same) continue;
  e->value = dl; e->prec = (unsigned long) w;
  measure_hardness(e, lo);
  free(e->rational); e->rational = NULL;
  s = RM_OK;
  break;
}

@ The exact value of a form is then: the fraction, rounded once, when the form
is rational; the result of the loop otherwise.  The same for a quotient, with
the proportionality test in place of ``has no terms''.

@<Private functions@>=
static rm_status exact_of(rm_exact *e, const loglin *num, const loglin *den)
{
  mpq_t q;
  int rational;
  rm_status s;
  mpq_init(q);
  if (den == NULL) { rational = num->n == 0; mpq_set(q, num->c0); }
  else rational = loglin_ratio(q, num, den);
  s = rational ? exact_from_q(e, q) : exact_from_loglin(e, num, den);
  mpq_clear(q);
  return s;
}

@ One more form is the quotient $a/\sqrt b$ of a rational $a$ of either sign
and a rational $b>0$: correlation coefficients have it.  It is rational
exactly when $b$ is the square of a fraction, that is, when its numerator and
denominator in lowest terms are both perfect squares; then it is a fraction,
rounded once.  Otherwise it is irrational ($a\ne0$), and its enclosure divides
the outward-rounded bounds of $a$ by those of $\sqrt b$, taking the larger
root for the lower bound when $a\ge0$ and the smaller when $a<0$, so that
each end moves away from the value.

@<Private functions@>=
static int enclose_qsqrt(mpfr_t lo, mpfr_t hi, const void *ctx)
{
  const mpq_srcptr *q = ctx; /* $a$ and $b$ */
  mpfr_t sl, sh;
  int neg = mpq_sgn(q[0]) < 0, ok;
  mpfr_inits2(mpfr_get_prec(lo), sl, sh, (mpfr_ptr) 0);
  mpfr_set_q(sl, q[1], MPFR_RNDD); mpfr_sqrt(sl, sl, MPFR_RNDD);
  mpfr_set_q(sh, q[1], MPFR_RNDU); mpfr_sqrt(sh, sh, MPFR_RNDU);
  ok = mpfr_sgn(sl) > 0;
  mpfr_set_q(lo, q[0], MPFR_RNDD); mpfr_set_q(hi, q[0], MPFR_RNDU);
  if (ok) {
    mpfr_div(lo, lo, neg ? sl : sh, MPFR_RNDD);
    mpfr_div(hi, hi, neg ? sh : sl, MPFR_RNDU);
  }
  mpfr_clears(sl, sh, (mpfr_ptr) 0);
  return ok;
}
static rm_status exact_q_over_sqrt(rm_exact *e, const mpq_t a, const mpq_t b)
{
  mpq_srcptr q[2];
  if (mpq_sgn(a) == 0 || (mpz_perfect_square_p(mpq_numref(b))
      && mpz_perfect_square_p(mpq_denref(b)))) {
    mpq_t r;
    rm_status s;
    mpq_init(r);
    mpz_sqrt(mpq_numref(r), mpq_numref(b)); mpz_sqrt(mpq_denref(r), mpq_denref(b));
    mpq_canonicalize(r);
    if (mpq_sgn(a) != 0) mpq_div(r, a, r);
    else mpq_set_ui(r, 0, 1);
    s = exact_from_q(e, r);
    mpq_clear(r);
    return s;
  }
  q[0] = a; q[1] = b;
  return ziv(e, enclose_qsqrt, q);
}

@* A certified filter for the rounded double.\here{q:filter}
Most callers of the exact path want its double and nothing else: the
evaluator's \.{--exact}, which prints one double per query and one per
aggregate, is the chief of them.  Yet every call pays for the rest of the
result: the fraction as a string, 40 correctly rounded digits (a handful of
powers of ten in GMP), the hardness measured at 256 bits, and, for an
irrational value, a Ziv loop that must decide 40 decimal digits, some 133
bits, and so runs at 64, 128 and 256 bits although the double was decided at
the first.  Measured on 10\,000 queries of 100 documents with the four
measures of the benchmark (\.{ap}, \.{ndcg@@10}, \.{precision@@10}, \.{rr}),
about three quarters of the time (by \.{perf}) goes to the enclosures of
nDCG's logarithmic forms, a little more than half of it per query and the
rest in the mean of nDCG over all the queries, and nearly all of that to
MPFR's logarithms, computed for every term at 64, 128 and 256 bits and
rounded each way; about two per cent goes to rounding fractions and writing
their strings and 40 digits, and the rest to forms, ranking and reading.
@^filter, certified@>@^Ziv's loop@>

The functions of this section give the exact path's double and ternary
value alone, by a filter in the manner of the correctly rounded mathematical
libraries (CRlibm, CORE-MATH): a cheap evaluation with a proven bound that
either decides the rounding, or declines and lets the full machinery decide
it.  They return, bit for bit, the |value| and |ternary| of |rm_value_exact|
and |rm_value_set_exact|, and the same status; they never guess.

@<Public prototypes@>=
rm_status rm_value_rounded(const rm_variant *v, const rm_list *l, double *out,
  int *ternary, int *filtered);
/* The exact path's correctly rounded double of |rm_value_exact| into |*out|
   and its ternary value into |*ternary| (which may be |NULL|), without the
   fraction, the decimal or the hardness; |*filtered| (may be |NULL|) is 1
   when the fast filter decided, 0 when it declined and the full exact
   path did.  Returns the status of |rm_value_exact|. */
rm_status rm_value_set_rounded(const rm_variant *v, const rm_list *q, size_t nq,
  double *out, int *ternary, int *filtered);
/* The same for |rm_value_set_exact|. */

@ Both are the exact path with its result marked |ROUNDED_ONLY|.  The mark
travels with the result to the two places where a result is completed: the
rounding of a fraction, |exact_from_q|, and the Ziv loop.  A result decided
with |prec| 0 (a fraction rounded in integer arithmetic) or at the loop's
first precision of 64 bits was decided by the filter.

@d FILTER_PREC 64 /* the first precision of the Ziv loop */
@<Public functions@>=
static rm_status rounded_result(rm_exact *e, rm_status s, double *out,
  int *ternary, int *filtered)
{
  *out = e->value;
  if (ternary) *ternary = e->ternary;
  if (filtered) *filtered = e->prec == 0 || e->prec == FILTER_PREC;
  e->hard_bits = 0;
  rm_exact_clear(e);
  return s;
}
rm_status rm_value_rounded(const rm_variant *v, const rm_list *l, double *out,
  int *ternary, int *filtered)
{
  rm_exact e;
  if (out == NULL) return RM_EINVAL;
  rm_exact_init(&e); e.hard_bits = ROUNDED_ONLY;
  return rounded_result(&e, rm_value_exact(v, l, &e), out, ternary, filtered);
}
rm_status rm_value_set_rounded(const rm_variant *v, const rm_list *q, size_t nq,
  double *out, int *ternary, int *filtered)
{
  rm_exact e;
  if (out == NULL) return RM_EINVAL;
  rm_exact_init(&e); e.hard_bits = ROUNDED_ONLY;
  return rounded_result(&e, rm_value_set_exact(v, q, nq, &e), out, ternary,
    filtered);
}

@ {\it Fractions.}  Let $x=p/q$ in lowest terms, $q\ge1$, and suppose
$\vert p\vert<2^{53}$ and $q<2^{53}$.  Then $p$ and $q$ are doubles, and the
IEEE division $d=p\oslash q$ is $x$ rounded to nearest, ties to even: that
is what IEEE~754 requires of a division in the default rounding mode, and it
is MPFR's \RNDN\ at 53 bits.  No subnormal or overflow can intervene, since
$x=0$ or $2^{-53}<1/q\le\vert x\vert\le\vert p\vert<2^{53}$; so the special
rounding of |exact_from_q| below $2^{-1022}$ never applies, and $d$ is the
double |exact_from_q| returns.  (This needs C's double arithmetic to be
IEEE binary64 without extended precision, which |FLT_EVAL_METHOD==0|
promises; where it does not, the filter is compiled out and always
declines.  It also needs the default rounding mode and a compiler that
keeps divisions as written: no \.{-ffast-math}, which may replace $p/q$ by
$p\cdot(1/q)$, two roundings.  The tests of the filter would see either.)

The ternary value is the sign of $d-x$, that is of $dq-p$.  The remainder
$r=p-dq$ is itself a double, and so |fma(-d,q,p)|, which rounds $p-dq$ once,
returns it exactly.  Proof: write $d=D\cdot2^k$ with an integer $D$,
$2^{52}\le\vert D\vert<2^{53}$ (or $d=0=r$).  Since $d$ is the nearest
double, $\vert x-d\vert\le2^{k-1}$, so $\vert r\vert=q\vert x-d\vert\le
q\,2^{k-1}$.  If $k\ge0$, $r=p-Dq2^k$ is an integer of magnitude at most
$q\,2^{k-1}$; and $2^{52+k}\le\vert d\vert\le2^{53}$ forces $k\le1$, so
$\vert r\vert\le q<2^{53}$, a double.  If $k<0$, $r$ is a multiple $R\cdot
2^{k}$ of $2^k$ with $\vert R\vert\le q/2<2^{52}$, a double again.  Hence
the ternary value is $-\mathop{\rm sign} r$, with no rounding anywhere.

The filter declines when the numerator or the denominator has more than 53
bits, which happens to means over many queries (their denominators are
least common multiples) but hardly to one query's fraction; MPFR's
|mpfr_set_q| then rounds as before.  Either way nothing else is computed:
no string, no decimal, no hardness.
@^correct rounding@>

@<Private functions@>=
static rm_status rounded_from_q(rm_exact *e, const mpq_t x)
{
  mpfr_t d;
  free(e->rational); e->rational = NULL;
  e->decimal[0] = '\0';
#if FLT_EVAL_METHOD == 0
  if (mpz_sizeinbase(mpq_numref(x), 2) <= 53 && mpz_sizeinbase(mpq_denref(x), 2) <= 53) {
    double p = mpz_get_d(mpq_numref(x)), q = mpz_get_d(mpq_denref(x)), r;
    e->value = p / q;
    r = fma(-e->value, q, p); /* $p-dq$, exact */
    e->ternary = (r < 0) - (r > 0);
    e->prec = 0;
    return RM_OK;
  }
#endif
  mpfr_init2(d, 53);
  e->ternary = mpfr_set_q(d, x, MPFR_RNDN);
  if (!mpfr_zero_p(d) && mpfr_get_exp(d) < -1021)
    @<Round |x| again at the spacing of subnormal doubles@>;
  e->ternary = (e->ternary > 0) - (e->ternary < 0);
  e->value = mpfr_get_d(d, MPFR_RNDN);
  mpfr_clear(d);
  e->prec = 1; /* declined: MPFR rounded it */
  return RM_OK;
}

@ {\it Irrational values.}  The loop of the previous section decides the
double and its ternary value from an enclosure $\ell\le x\le h$ before it
looks at the decimal: $\ell$ and $h$ round to the same double $d$, and $x$
lies strictly on one side of~$d$.  That argument needs nothing from the
decimal, and the double and the ternary value are functions of $x$ alone
($d=\RNDN(x)$, the sign of $d-x$), so any enclosure that decides them
decides the same ones as the full loop.  Marked |ROUNDED_ONLY|, the loop
therefore stops at the first precision that decides the double, and skips
the decimal and the hardness.  The first precision is 64 bits, where each
bound of a form carries a relative error of a few units of $2^{-64}$ per
term; the filter is the loop's first pass, and it declines, letting the loop
go on to 128 bits and beyond exactly as before, only when $x$ lies within
about $2^{-8}$ ulp of a midpoint between doubles (the double is undecided)
or of a double (the ternary value is), or when the lower bound of a
denominator is not yet positive.  The suite \.{filter}
(\.{tests/check\_filter.c}) compares the filter with the full path on every
golden vector and on thousands of seeded random lists, bit for bit, and
counts: on random lists it declines about one value in two hundred (about
one nDCG in a hundred, no precision or reciprocal rank at all).  Among the
$10^4$ values $B/\lg3+C/\lg5$, $1\le B,C\le100$, it declines 48, and each of
them lies within $2^{-4}$ ulp of a midpoint or of a double.  A fraction it
declines by hand: the AP of relevant items at the prime ranks to 47, whose
denominator has more than 53 bits.

@<Record the double alone and |break|@>=
{
  e->value = dl; e->prec = (unsigned long) w;
  free(e->rational); e->rational = NULL;
  e->decimal[0] = '\0';
  s = RM_OK;
  break;
}

@ What it gained, and what is left.  With the filter, the logarithms
computed once for both bounds (|loglin_bounds|), kept for the roots that
recur in one enclosure (|logcache|) and read from a table at 64 bits, the
evaluator's \.{--exact} on the benchmark's four measures took, in CPU
seconds on this project's machine (24~November 2026): for $10^4$ queries of
100 documents 0.65 against 6.66 before, and 0.24 on the double path; for
$10^5$ queries 6.6 against 2.4 on the double path, 2.75 times, where it took
about 28 times before.  Its memory is another matter: the exact aggregates
keep every query (about 470~MB for $10^5$ queries), because the tool
computes them with |rm_value_set_exact| at the end.

Left for later: the 64-bit pass is still MPFR arithmetic, a division, two
products and two sums per term and bound; a double-double evaluation of the
same forms with a proven error bound would decide most values in a fraction
of that time.  A query's fraction is still built in GMP by the metric's
|qratio| before the filter sees it, where 64-bit integers with overflow
checks would do; and the mean over queries recomputes every query's exact
value, where the tool could add them as it goes.

@* The double path and its accuracy.
The double path computes the same sums in IEEE double precision.  Its terms
are all nonnegative, and it adds them with Neumaier's compensated summation,
which carries the rounding error of each addition in a second variable.  For
nonnegative terms the computed sum $\hat s$ of exact doubles $x_i$ satisfies
$\vert\hat s-s\vert\le u\,s+O(nu^2)\,s$, where $u=2^{-53}$ is the unit roundoff: one
rounding, whatever the number of terms, up to lists far longer than any
ranking ($nu$ stays below $2^{-29}$ for $n\le|RM_K_MAX|$).
@^Neumaier summation@>@^accuracy of the double path@>

@<Private types@>=
typedef struct {@+ double s, c; @+} nsum; /* sum and compensation */

@ @<Private functions@>=
static void nsum_add(nsum *a, double x)
{
  double t = a->s + x;
  if (isinf(t)) { a->s = t; a->c = 0; return; } /* an overflow stays $\pm\infty$, not NaN */
  if (fabs(a->s) >= fabs(x)) a->c += (a->s - t) + x;
  else a->c += (x - t) + a->s;
  a->s = t;
}

@ Errors of the double path are stated in {\it ulps\/} of the true value $x$:
$\ulp(x)=2^{e-52}$ when $2^e\le x<2^{e+1}$.  A relative error of $k$ units
roundoff, $\vert\hat x-x\vert\le ku\,x$, is less than $k$~ulps, because
$x<2^{e+1}$ and $2^{e+1}u=\ulp(x)$.  Each metric states its bound as a number
of ulps, |rm_ulp_bound| returns it, and the tests check it against the exact
path on thousands of random lists.

We assume that the C library's |log2| is faithful: its result is one of the
two doubles around the true logarithm, a relative error below $2u$.  This is
true of the GNU C library, whose |log2| is within about half an ulp.  The
bounds below count, for each operation, its relative error in units~$u$; they
are first-order bounds, and the $O(u^2)$ terms are far below one ulp.

@<Public prototypes@>=
double rm_ulp_bound(const rm_variant *v);
/* The proven bound, in ulps, on the error of |rm_value| for the variant
   |*v|: its result lies within that many doubles of the exact value.
   Returns 0 for a null variant or one whose fields are out of range. */

@** Metrics.
Each metric family has a chapter of the same shape: definition, sources,
worked examples, variants, then the double code and the exact code.  The
chapters are: cumulative gain (CG, DCG, nDCG); precision, recall, $F$ and the
hit ratio; reciprocal rank; average precision; the area under the ROC curve;
expected reciprocal rank; classification and rating errors; rank
correlation; and what
\src{001}'s evaluator computes.  Means over queries are the subject of the
next part, which ends with two metrics of a whole set of users: catalogue
coverage, the $F$-score of averaged precision and recall, and \src{001}'s
novelty.

@* Computing a value.
The library computes any variant with two functions, one per path.  Both
read the variant and the list and nothing else; both check the variant (see
|@<Check the variant@>|) and the list (see |@<Check the list@>|) first, and on
any error return a negative status without writing the result.  A positive
status |RM_UNDEFINED| comes with a value set by the variant's convention.
@^interface@>

|rm_value| is the double path.  It needs two arrays of $n$ indices for the
ranking; a caller that evaluates many queries passes an |rm_work| that keeps
them between calls, so that no call allocates once the workspace has grown
to the longest list.  With |w| set to |NULL| the function allocates and frees
its own.  |rm_value_exact| is the exact path; its result must have been
initialized with |rm_exact_init| and is released with |rm_exact_clear|.
|rm_ulp_bound| gives the proven bound of the double path for a variant, in
ulps (see |@<Private types@>| for how errors are counted).

@<Public types@>=
typedef struct rm_work {
  size_t cap; /* entries in each array */
  size_t *perm, *tmp; /* the ranking, and scratch for the sort */
} rm_work;

@ @<Public prototypes@>=
void rm_work_init(rm_work *w);
/* Makes |*w| an empty workspace.  The library grows its arrays as lists
   need; the caller owns it and releases it with |rm_work_free|. */
void rm_work_free(rm_work *w);
/* Frees the arrays of |*w| and makes it empty again.  Ignores |NULL|. */
rm_status rm_value(const rm_variant *v, const rm_list *l, rm_work *w,
  double *out);
/* The double path: computes the variant |*v| of the list |*l| into |*out|.
   |w| may be |NULL| (the call then allocates its own).  Returns |RM_OK|,
   |RM_UNDEFINED| (value set by the variant's \.{undef}), or a negative
   status and leaves |*out| alone. */
rm_status rm_value_exact(const rm_variant *v, const rm_list *l, rm_exact *out);
/* The exact path: the same value, correctly rounded, with its fraction
   when rational and 40 digits, into |*out|, which |rm_exact_init| made;
   release it with |rm_exact_clear|.  Returns as |rm_value| does, or
   |RM_EHARD| when |RM_PREC_MAX| bits do not decide the rounding. */

@ @<Public functions@>=
void rm_work_init(rm_work *w)
{
  if (w == NULL) return;
  w->cap = 0; w->perm = w->tmp = NULL;
}
void rm_work_free(rm_work *w)
{
  if (w == NULL) return;
  free(w->perm); free(w->tmp);
  rm_work_init(w);
}

@ @<Private functions@>=
static rm_status work_reserve(rm_work *w, size_t n)
{
  size_t *p, *t;
  if (n <= w->cap && w->perm != NULL && w->tmp != NULL) return RM_OK;
  if (n < 16) n = 16;
  p = realloc(w->perm, n * sizeof *p);
  if (p == NULL) return RM_ENOMEM;
  w->perm = p;
  t = realloc(w->tmp, n * sizeof *t);
  if (t == NULL) return RM_ENOMEM;
  w->tmp = t; w->cap = n;
  return RM_OK;
}

@ The variant is checked as the parser checks a name: every key it uses must
be in range, and its metric must not refuse it.

@<Check the variant@>=
if (v == NULL) return RM_EINVAL;
if ((unsigned) v->metric >= RM_N_METRICS) return RM_ENAME;
if (v->k > RM_K_MAX) return RM_EK;
if (check_keys(v) != RM_OK) return RM_ENAME;
if (metrics[v->metric].refuse && metrics[v->metric].refuse(v)) return RM_ENAME;

@ The two paths are the same four steps: check, rank, compute through the
table of metrics, clean up.  A metric whose variant has no tie rule sees the
input order (ranking by score with ties in input order), which it may ignore.

@<Public functions@>=
rm_status rm_value(const rm_variant *v, const rm_list *l, rm_work *w,
  double *out)
{
  rm_work own;
  rm_status s;
  @<Check the variant@>;
  if (v->agg != RM_AGG_NONE || metrics[v->metric].set_d)
    return rm_value_set(v, l, 1, w, out);
  @<Check the list@>;
  if (out == NULL) return RM_EINVAL;
  if (w == NULL) { rm_work_init(&own); w = &own; }
  if ((s = work_reserve(w, l->n)) == RM_OK) {
    rank_items(l, key_used(v, KEY_TIES) ? v->ties : RM_TIES_INPUT, w->perm, w->tmp);
    s = metrics[v->metric].d(v, l, w->perm, out);
  }
  if (w == &own) rm_work_free(&own);
  return s;
}
rm_status rm_value_exact(const rm_variant *v, const rm_list *l, rm_exact *out)
{
  rm_work w;
  rm_status s;
  @<Check the variant@>;
  if (v->agg != RM_AGG_NONE || metrics[v->metric].set_d)
    return rm_value_set_exact(v, l, 1, out);
  @<Check the list@>;
  if (out == NULL) return RM_EINVAL;
  rm_work_init(&w);
  if ((s = work_reserve(&w, l->n)) == RM_OK) {
    rank_items(l, key_used(v, KEY_TIES) ? v->ties : RM_TIES_INPUT, w.perm, w.tmp);
    s = metrics[v->metric].x(v, l, w.perm, out);
  }
  rm_work_free(&w);
  mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
  return s;
}
double rm_ulp_bound(const rm_variant *v)
{
  double b;
  if (v == NULL || (unsigned) v->metric >= RM_N_METRICS || check_keys(v) != RM_OK)
    return 0;
  b = metrics[v->metric].bound(v);
  switch (v->agg) {
  case RM_AGG_MEAN: return b + 3;
  case RM_AGG_MICRO: return 2 * b + 3;
  case RM_AGG_SUM: return b + 1;
  case RM_AGG_GM: return b + GM_BOUND;
  default: return b;
  }
}

@ {\it Several variants of one list.}  An evaluator computes a handful of
variants on every query, and most of them share one tie rule; for a metric
that reads ten ranks, ranking the list is most of the work.  |rm_values|
computes |nv| variants of one list on the double path and ranks the list
once for each distinct tie rule among them.  For every~|i|, |st[i]| and
|out[i]| are what |rm_value(&v[i], l, w, &out[i])| would give, bit for bit:
the same checks, the same ranking, the same function of the table.  The
function itself returns |RM_EINVAL| when an array is missing and
|RM_ENOMEM| when the workspace cannot grow (the variants not yet computed
then have that status too); otherwise |RM_OK|, whatever the variants'
statuses.
@^ranking once@>

@<Public prototypes@>=
rm_status rm_values(const rm_variant *v, size_t nv, const rm_list *l,
  rm_work *w, double *out, rm_status *st);
/* Computes the |nv| variants |v[0..nv-1]| of one list, ranking it once per
   tie rule: |out[i]| and |st[i]| are what |rm_value| gives for |v[i]|.
   Returns |RM_EINVAL| or |RM_ENOMEM| when it cannot run, else |RM_OK|. */

@ The check of the variant becomes a function (the list's is |check_list|,
which the means over queries use too), and a variant that passes both
waits, marked |PENDING| (a status no function returns), for the ranking of
its tie rule.

@d PENDING 2
@<Public functions@>=
static rm_status variant_status(const rm_variant *v)
{
  @<Check the variant@>;
  return RM_OK;
}
static rm_ties tie_rule(const rm_variant *v)
{
  return key_used(v, KEY_TIES) ? (rm_ties) v->ties : RM_TIES_INPUT;
}
rm_status rm_values(const rm_variant *v, size_t nv, const rm_list *l,
  rm_work *w, double *out, rm_status *st)
{
  rm_work own;
  rm_status s = RM_OK;
  size_t i, j;
  if (nv > 0 && (v == NULL || out == NULL || st == NULL)) return RM_EINVAL;
  for (i = 0; i < nv; i++) {
    if ((st[i] = variant_status(&v[i])) != RM_OK) continue;
    if (v[i].agg != RM_AGG_NONE || metrics[v[i].metric].set_d)
      st[i] = rm_value_set(&v[i], l, 1, w, &out[i]);
    else if ((st[i] = check_list(&v[i], l)) == RM_OK) st[i] = PENDING;
  }
  if (w == NULL) { rm_work_init(&own); w = &own; }
  for (i = 0; i < nv; i++) {
    rm_ties t;
    if (st[i] != PENDING) continue; /* a refused variant's fields are not read */
    t = tie_rule(&v[i]);
    if (s == RM_OK) s = work_reserve(w, l->n);
    if (s != RM_OK) { st[i] = s; continue; }
    rank_items(l, t, w->perm, w->tmp);
    for (j = i; j < nv; j++)
      if (st[j] == PENDING && tie_rule(&v[j]) == t)
        st[j] = metrics[v[j].metric].d(&v[j], l, w->perm, &out[j]);
  }
  if (w == &own) rm_work_free(&own);
  return s;
}

@ An undefined value is reported the same way by every metric, on both
paths: under \.{undef=zero} or \.{undef=one} the value is 0 or~1 and the
status |RM_UNDEFINED|; under \.{undef=error} there is no value and the status
is |RM_EUNDEF|.
@^undefined values@>

@<Private functions@>=
static rm_status undefined_d(const rm_variant *v, double *out)
{
  if (v->undef == RM_UNDEF_ERROR) return RM_EUNDEF;
  *out = v->undef == RM_UNDEF_ONE ? 1.0 : 0.0;
  return RM_UNDEFINED;
}
static rm_status undefined_x(const rm_variant *v, rm_exact *out)
{
  mpq_t q;
  rm_status s;
  if (v->undef == RM_UNDEF_ERROR) return RM_EUNDEF;
  mpq_init(q);
  mpq_set_ui(q, v->undef == RM_UNDEF_ONE ? 1 : 0, 1);
  s = exact_from_q(out, q);
  mpq_clear(q);
  return s == RM_OK ? RM_UNDEFINED : s;
}

@ Most metrics are ratios of two rational numbers computed from the list: a
count of hits over a count of items, a sum of precisions over a number of
relevant items.  Such a metric gives its numerator and denominator (the
fields |qratio| and |dratio| of its row) and takes the two functions below as
its paths: the value is the quotient, rounded once on the exact path and
divided once on the double path, and a zero denominator makes the value
undefined.  Keeping the two parts apart also lets a mean over queries pool
numerators and denominators (a {\it micro\/} mean) as well as average the
quotients.

@<Private functions@>=
static rm_status ratio_d(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *out)
{
  double num, den;
  rm_status s = metrics[v->metric].dratio(v, l, perm, &num, &den);
  if (s != RM_OK) return s;
  if (den == 0) return undefined_d(v, out);
  *out = num / den;
  return RM_OK;
}
static rm_status ratio_x(const rm_variant *v, const rm_list *l,
  const size_t *perm, rm_exact *out)
{
  mpq_t num, den;
  rm_status s;
  mpq_inits(num, den, NULL);
  s = metrics[v->metric].qratio(v, l, perm, num, den);
  if (s == RM_OK) {
    if (mpq_sgn(den) == 0) s = undefined_x(v, out);
    else { mpq_div(num, num, den); s = exact_from_q(out, num); }
  }
  mpq_clears(num, den, NULL);
  return s;
}

@ Two quantities of binary relevance recur in these metrics: whether the item
at rank~$r$ is relevant, $b_r=[g_r\ge t]$, and the number $R$ of relevant
items of the query, retrieved or not.

@<Private functions@>=
static int relevant(const rm_variant *v, const rm_list *l, const size_t *perm,
  size_t r)
{
  return l->grade[perm[r]] >= v->rel;
}
static size_t n_relevant(const rm_variant *v, const rm_list *l)
{
  size_t i, c = 0;
  for (i = 0; i < l->n; i++)
    c += l->grade ? l->grade[i] >= v->rel : rating_d(l, i) >= v->rel;
  for (i = 0; i < l->n_unretrieved; i++) c += l->unretrieved_grade[i] >= v->rel;
  return c;
}

@ One key\here{q:norm} is shared by several later chapters: \.{norm}, the normaliser of a
recall or an average precision.  It is the number $R$ of relevant items
(\.{rel}, the default), $\min(K,R)$ (\.{min}), or the number of relevant
items retrieved in the top~$K$ (\.{hits}); each metric says which it accepts.

@<Public types@>=
typedef enum {@+ RM_NORM_REL, RM_NORM_MIN, RM_NORM_HITS @+} rm_norm;

@ @<Fields of a variant@>=
int norm; /* an |rm_norm| */

@ @<Key codes@>=
KEY_NORM,

@ @^keys of names, \.{norm}@>
@<Key specifications@>=
[KEY_NORM] = {"norm", norm_words, 0, 0, FIELD(norm), 0, NULL, 6},

@ @<Words and conditions of keys@>=
static const char *const norm_words[] = {"rel", "min", "hits", NULL};

@ Three small functions serve as the refusals and defaults of many metrics:
a metric that takes no cutoff, one whose expectation over tie orders this
version does not compute, and one whose undefined value is~1 by default.

@<Private functions@>=
static const char *no_average(const rm_variant *v)
{
  return v->ties == RM_TIES_AVERAGE
    ? "ties=average is not defined for this metric in this version" : NULL;
}
static const char *no_cutoff(const rm_variant *v)
{
  return v->k ? "this metric takes no cutoff" : NULL;
}
static void undef_one(rm_variant *v)
{
  v->undef = RM_UNDEF_ONE;
}

@ The table of metrics closes the library's private part: every metric
chapter adds its rows to |@<Metric specifications@>|.  A row names the
metric, lists the keys it takes, and gives its double path, its exact path,
the bound of its double path, and optionally a function that refuses
undefined combinations and one that sets its own defaults.

@<The table of metrics@>=
static const metric_spec metrics[RM_N_METRICS] = {
  @<Metric specifications@>@;
};

@* Cumulative gain, DCG and nDCG.\here{q:cg}
The cumulative-gain family scores a ranked list by the grades of its items,
counting an item less the lower it is ranked.  Each grade $g$ is turned into
a {\it gain\/} $G(g)\ge0$ and each rank $i$ has a {\it discount\/} $D(i)\ge1$.
With the list's grades $g_1,\ldots,g_n$ in rank order and a cutoff $K$ (or
$K=n$ when there is none), let $k=\min(K,n)$; then
$$\CG@@K=\sum_{i=1}^{k}G(g_i),\qquad
  \DCG@@K=\sum_{i=1}^{k}{G(g_i)\over D(i)}.$$
The {\it ideal\/} DCG is the DCG of the best possible ranking of an ideal list
$I$ of grades $\hat g_1\ge\hat g_2\ge\cdots\ge\hat g_{\vert I\vert}$:
$$\IDCG@@K=\sum_{j=1}^{\min(K,\vert I\vert)}{G(\hat g_j)\over D(j)},\qquad
  \nDCG@@K={\DCG@@K\over\IDCG@@K}.$$
Sorting the ideal grades in decreasing order does maximise the sum, because
$D$ is nondecreasing (rearrangement inequality).  When the ideal list
contains every retrieved item, as three of our four ideal lists do, $\IDCG\ge
\DCG$ and $0\le\nDCG\le1$.  When $\IDCG@@K=0$ (no item of the ideal list has a
positive gain) the nDCG is $0/0$, undefined; what is reported then is a
convention of the variant, named by its key \.{undef} (below).
The four metrics are named \.{cg}, \.{dcg}, \.{idcg} and \.{ndcg}.
@^cumulative gain@>@^discounted cumulative gain@>@^nDCG@>@^ideal DCG@>

@ The {\it gain\/} is one of three functions of the grade:\here{q:gain}
$$\vbox{\halign{\tt#\hfil\quad&$#$\hfil\quad&#\hfil\cr
gain=linear&G(g)=g&the grade itself (trec\_eval, scikit-learn)\cr
gain=exp2&G(g)=2^g-1&Burges et al.; gdeval, TF-Ranking\cr
gain=binary&G(g)=[g\ge t]&1 for a relevant item, 0 otherwise\cr}}$$
The two first agree on grades 0 and~1 and part from grade~2 on, where
$2^g-1>g$; so on binary judgments the linear and exponential variants are
equal, and on graded ones they are not.  The exact gain is an integer, even
$2^{100}-1$; the double gain $2^g-1$ is exact up to $g=53$ and within half an
ulp beyond.
@^trec\_eval@>@^scikit-learn@>@^gdeval@>

@<Public types@>=
typedef enum {@+ RM_GAIN_LINEAR, RM_GAIN_EXP2, RM_GAIN_BINARY @+} rm_gain;

@ @<Fields of a variant@>=
int gain; /* an |rm_gain| */

@ @^keys of names, \.{gain}@>
@<Key specifications@>=
[KEY_GAIN] = {"gain", gain_words, 0, 0, FIELD(gain), 0, NULL, 10},

@ @<Words and conditions of keys@>=
static const char *const gain_words[] = {"linear", "exp2", "binary", NULL};

@ @<Private functions@>=
static double gain_d(const rm_variant *v, int g)
{
  switch (v->gain) {
  case RM_GAIN_EXP2: return ldexp(1.0, g) - 1.0;
  case RM_GAIN_BINARY: return g >= v->rel ? 1.0 : 0.0;
  default: return (double) g;
  }
}
static void gain_q(mpq_t out, const rm_variant *v, int g)
{
  switch (v->gain) {
  case RM_GAIN_EXP2:
    mpz_set_ui(mpq_numref(out), 0);
    mpz_setbit(mpq_numref(out), (mp_bitcnt_t) g);
    mpz_sub_ui(mpq_numref(out), mpq_numref(out), 1);
    mpz_set_ui(mpq_denref(out), 1);
    break;
  case RM_GAIN_BINARY: mpq_set_ui(out, g >= v->rel, 1); break;
  default: mpq_set_ui(out, (unsigned long) g, 1); break;
  }
}

@ The {\it discount\/}\here{q:discount} is $\lg(i+1)$ (\.{discount=log2}), the form every one
of our sources uses and most software too, or J\"arvelin and Kek\"al\"ainen's
original $\max(1,\log_b i)$ (\.{discount=jk}, with \.{base=}$b$), which leaves
the first $b$ ranks undiscounted: with $b=2$ an item at rank~2 counts as much
as one at rank~1.  LensKit uses the latter by default.  A logarithm to another
base times a constant changes DCG by a constant factor and nDCG not at all,
so the natural logarithm needs no variant of its own.  The weights $1/D(i)$
of the three discounts against rank, as the library computes them (the part on the tool draws the
pictures of this book):
\figure{fig-discount}{The weight $1/D(i)$ of rank $i$ for the discount $D(i)$
named beside each curve.}

The double discount is $\lg(i+1)$ from the C library (faithful, $2u$) or
$\lg i/\lg b$ (two logarithms and a division, $5u$).  The exact term is added
to a log-linear form (see |@<Private functions@>| of the previous part):
$G/\lg(i+1)$ is $G\cdot\lambda$ with $x=i+1$, $B=2$, and $G/\log_b i$ is $G$
when $i\le b$ and $G\cdot\lambda$ with $x=i$, $B=b$ beyond.
@^LensKit@>

@<Public types@>=
typedef enum {@+ RM_DISCOUNT_LOG2, RM_DISCOUNT_JK @+} rm_discount;

@ The base is read only with \.{discount=jk}.

@<Fields of a variant@>=
int discount; /* an |rm_discount| */
int base; /* base $b$ of \.{discount=jk} */

@ @^keys of names, \.{discount}@>@^keys of names, \.{base}@>
@<Key specifications@>=
[KEY_DISCOUNT] = {"discount", discount_words, 0, 0, FIELD(discount), 0, NULL, 30},
[KEY_BASE] = {"base", NULL, 2, 65536, FIELD(base), 0, base_when, 40},

@ @<Words and conditions of keys@>=
static const char *const discount_words[] = {"log2", "jk", NULL};
static int base_when(const rm_variant *v)
{
  return v->discount == RM_DISCOUNT_JK;
}

@ @<Set the numeric defaults of a variant@>=
v->base = 2;

@ @<Private functions@>=
static double discount_d(const rm_variant *v, size_t i)
{
  if (v->discount == RM_DISCOUNT_JK)
    return i <= (size_t) v->base ? 1.0 : log2((double) i) / log2((double) v->base);
  return log2((double) i + 1.0);
}
static unsigned long discount_base(const rm_variant *v)
{
  return v->discount == RM_DISCOUNT_JK ? (unsigned long) v->base : 2;
}
static rm_status add_term_q(loglin *f, const rm_variant *v, const mpq_t g,
  size_t i)
{
  if (v->discount == RM_DISCOUNT_JK) {
    if (i <= (size_t) v->base) { loglin_add_q(f, g); return RM_OK; }
    return loglin_add(f, g, (unsigned long) i);
  }
  return loglin_add(f, g, (unsigned long) i + 1);
}

@ The {\it ideal list\/}\here{q:ideal} is where the variants of nDCG part most, because the
sources and the software read ``the best possible ranking'' in four ways:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\cr
ideal=judged&every judged item of the query, retrieved or not (trec\_eval, ranx)\cr
ideal=list&the retrieved list, sorted by grade (scikit-learn, TF-Ranking)\cr
ideal=topk&the first $K$ retrieved items, sorted by grade\cr
ideal=ones&$K$ items of gain 1, whatever the judgments\cr}}$$
\.{judged} is the only one under which a system is penalised for relevant
items it failed to retrieve.  \.{list} forgives them, and \.{topk} (a common
slip in recommender code, that sorts the hits it found) forgives even the
relevant items it retrieved below rank~$K$, so that any ranking whose top $K$
holds no item of positive gain below one of zero gain scores~1.
\.{ones} ignores the judgments altogether; with binary gain it is
$\sum_{i\le K}1/\lg(i+1)$, as in \src{001\_2e9bf761b3089294.txt}, and it keeps
nDCG below~1 whenever a query has fewer than $K$ relevant items.  Without a
cutoff, \.{ones} has $n$ items.

Both paths take the ideal grades as counts per grade, which sorts them in
linear time and without allocation; the function returns the length of the
ideal list after the cutoff.  For \.{ones} it returns that length only: its
gains are not grades.
@^trec\_eval@>@^scikit-learn@>@^ranx@>

@<Public types@>=
typedef enum {@+ RM_IDEAL_JUDGED, RM_IDEAL_LIST, RM_IDEAL_TOPK, RM_IDEAL_ONES @+} rm_ideal;

@ @<Fields of a variant@>=
int ideal; /* an |rm_ideal| */

@ @^keys of names, \.{ideal}@>
@<Key specifications@>=
[KEY_IDEAL] = {"ideal", ideal_words, 0, 0, FIELD(ideal), 0, NULL, 50},

@ @<Words and conditions of keys@>=
static const char *const ideal_words[] = {"judged", "list", "topk", "ones", NULL};

@ @<Private functions@>=
static size_t ideal_counts(const rm_variant *v, const rm_list *l,
  const size_t *perm, size_t *count)
{
  size_t i, m = 0, top = v->k && v->k < l->n ? v->k : l->n;
  for (i = 0; i <= RM_GRADE_MAX; i++) count[i] = 0;
  switch (v->ideal) {
  case RM_IDEAL_ONES: return v->k ? v->k : l->n;
  case RM_IDEAL_TOPK:
    for (i = 0; i < top; i++) count[l->grade[perm[i]]]++;
    m = top; break;
  case RM_IDEAL_JUDGED: case RM_IDEAL_LIST:
    for (i = 0; i < l->n; i++) count[l->grade[i]]++;
    m = l->n;
    if (v->ideal == RM_IDEAL_LIST) break;
    for (i = 0; i < l->n_unretrieved; i++) count[l->unretrieved_grade[i]]++;
    m += l->n_unretrieved; break;
  }
  return v->k && v->k < m ? v->k : m;
}

@ A {\it cutoff beyond the list\/}, $K>n$, is common (a query returns three
items and we ask for nDCG@@10).  Sums over the list stop at~$n$: the missing
ranks are taken as items of gain~0, which is also what trec\_eval and
scikit-learn do.  The ideal list is not cut at~$n$ but at~$K$: under
\.{judged} a query with five relevant items and a list of three has an ideal
of five terms at $K=10$, and its nDCG is below~1 however good the three.
Under \.{list} the ideal has the same $n$ items and a perfect short list
scores~1.
@^trec\_eval@>@^scikit-learn@>

@ {\it Ties.} Under the rules \.{input}, \.{id-asc}, \.{id-desc},
\.{pessimistic} and \.{optimistic} the ranking is one permutation and the
sums above apply to it.  Under \.{average} the value is the mean over all
orders of every tie group.  A tie group occupying ranks $a,\ldots,e$ contributes
$\sum_{i=a}^{e}G(g_{\pi(i)})/D(i)$ under the order $\pi$; averaged over all
orders, each rank of the group receives each item of the group equally often,
so the mean contribution is
$$ \bar G\sum_{i=a}^{e}{1\over D(i)},\qquad \bar G={1\over e-a+1}\sum_{i=a}^{e}G(g_i),$$
with the cutoff cutting the sum over ranks but not the mean, which is taken
over the whole group.  The ideal list does not depend on the order, so the
mean nDCG is the mean DCG over the ideal DCG.  This is scikit-learn's
``tie-averaged'' DCG.
@^scikit-learn@>

@ {\it Undefined values.}  The ideal DCG is 0 when no item of the ideal list
has a positive gain, for example a query without relevant items; then the
nDCG is undefined.  The variant names what is reported:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\cr
undef=zero&the value 0 and status |RM_UNDEFINED| (trec\_eval, scikit-learn)\cr
undef=one&the value 1 and status |RM_UNDEFINED| (XGBoost's default)\cr
undef=error&no value, status |RM_EUNDEF|\cr}}$$
Whether such a query then counts in a mean over queries is a separate
question, of aggregation.  The DCG and the ideal DCG are always defined.
@^undefined values@>
@^trec\_eval@>@^scikit-learn@>

@ {\it Where the sources state it.}\here{sources}  Four of the five sources define the family
(\src{004\_7c0f0b5a1381237a.txt} names nDCG and stops before defining it).
All four use the discount $\lg(i+1)$; they differ in the gain and in the ideal
list, and one of them differs from itself.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm gain&\rm ideal list&\rm name here\cr
\noalign{\smallskip\hrule\smallskip}
\src{000}, F000.7--10&linear (CG, DCG)&list, re-sorted&\.{ndcg@@K[ideal=list]}\cr
\src{000}, F000.11&$2^g-1$ (IDCG only)&sorted relevant items&\.{idcg@@K[gain=exp2,\dots]}\cr
\src{001}, F001.8--10&binary&$K$ ones&\.{ndcg@@K[gain=binary,ideal=ones]}\cr
\src{002}, F002.2--4&$2^g-1$ (or linear)&list, re-sorted&\.{ndcg@@K[gain=exp2,ideal=list]}\cr
\src{003}, F003.7--9&linear (CG), $2^g-1$ (DCG)&all judged items&\.{ndcg@@K[gain=exp2,ideal=judged]}\cr}}$$
(In tables a source is abbreviated to its number.  Formulas and worked
examples are numbered in the order in which they appear in each source:
F000.7 is the seventh formula of \src{000\_0ec1f0283de4c3f9.txt}, E000.4 its
fourth worked example.)

\src{000\_0ec1f0283de4c3f9.txt} defines $\CG_p=\sum_{i\le p}{\rm rel}_i$
(F000.7), the weight $1/\lg(i+1)$ (F000.8), and $\DCG_p=\sum_{i\le p}{\rm
rel}_i/\lg(i+1)$ (F000.9), also written ${\rm rel}_1+\sum_{i=2}^p{\rm
rel}_i/\lg(i+1)$, which is the same since $\lg2=1$.  It defines $\nDCG_p=
\DCG_p/\IDCG_p$ (F000.10), to be computed per user and then averaged, and
its prose takes the ideal to be the returned results sorted by relevance.
But its formula for the ideal (F000.11) sums $(2^{{\rm rel}_i}-1)/\lg(i+1)$
over the relevance-sorted list: an exponential gain in the denominator under
a linear gain in the numerator.  Taken literally this deflates nDCG whenever
some grade is 2 or more; the post seems to have combined two versions of a
popular encyclopedia article.  It also claims that nDCG lies in $(0,1]$; zero
is reached by any list with no relevant item in the top~$K$.

\src{001\_2e9bf761b3089294.txt} uses binary relevance: $\DCG@@K=\sum_{i\le K}
{\rm rel}(i)/\lg(i+1)$ (F001.9) and an ideal DCG of $\sum_{i\le K}1/\lg(i+1)$
(F001.10), the same for every user, in its prose and in its code; nDCG is
averaged over users (F001.8).  A user with one relevant item, found at rank~1,
scores $1/\IDCG@@10=\ours{F001.10-ndcg}$ at $K=10$ where the ideal from the
judgments gives~1.

\src{002\_99164a9873301b8b.txt} uses $2^g-1$ and says that the grade itself
may serve as the gain (F002.2); CG is computed with the true grades in the
order being judged, and is order-free unless cut.  Its DCG has the divisor
$\lg(i+1)$, printed as 1, 1.58, 2, 2.32, 2.58 (F002.3), and its nDCG divides by
the DCG of the {\it same\/} documents in their true order (F002.4).

\src{003\_67084013e7b3df28.txt} defines CG with the grade as gain (F003.7), DCG
with $2^g-1$ (F003.8), and builds the ideal in its example from all judged
items, including two that were not recommended (F003.9).

@ The worked examples of this chapter are also rows of a table that the
command-line tool and the test suite share.  Each row gives an identifier, the
source, the variant, the input (grades, and scores and identifiers where ties
matter, and the grades of judged items that were not retrieved), the number the
source prints, our verdict, and the exact value that we derived by hand,
independently of this program: the fraction when the value is rational, and
in every case the correctly rounded double.  The build of this book runs every
row through both paths and prints the computed values where the text says
``ours''; the tests fail if a computed value differs from the row.

@(examples.h@>=
#include <stddef.h>
#include "rankmetrics.h"
#define RM_G(...) @[(const int[]){__VA_ARGS__}@], @[sizeof (int[]){__VA_ARGS__}@] / sizeof (int)@t\2\2@>
#define RM_S(...) @[(const double[]){__VA_ARGS__}@]
#define RM_I(...) @[(const char *const[]){__VA_ARGS__}@]
#define RM_NONE @t\ @>NULL, 0
typedef struct rm_example {
  const char *id; /* label used by the book and the tests */
  const char *source; /* seed file, or |NULL| for a case of our own */
  const char *name; /* the variant */
  const int *grade; size_t n; /* the retrieved list, in input order */
  const double *score; /* |NULL|: input order is the ranking */
  const char *const *ids;
  const int *judged; size_t n_judged; /* judged but not retrieved */
  const char *printed; /* the number the source prints, or |NULL| */
  const char *verdict; /* \.{agrees}, \.{erratum}, \.{not printed}, \.{case} */
  int status; /* |RM_OK|, or |RM_UNDEFINED| */
  const char *rational; /* the exact value, when it is rational */
  double expect; /* the correctly rounded double */
} rm_example;
static const rm_example rm_examples[] = {
@<Worked examples@>@;
};
#define RM_N_EXAMPLES (sizeof rm_examples / sizeof rm_examples[0])
#define RM_EXAMPLE_MAX 64 /* items of the longest example with markers */
static inline void rm_example_list(const rm_example *x, rm_list *l, int *g,
  unsigned char *u)
{ /* |g| and |u| hold |RM_EXAMPLE_MAX| entries */
  size_t i, neg = 0;
  for (i = 0; i < x->n; i++) neg += x->grade[i] < 0;
  l->n = x->n; l->grade = x->grade; l->score = x->score; l->id = x->ids;
  l->n_unretrieved = x->n_judged; l->unretrieved_grade = x->judged;
  l->label = NULL; l->unjudged = NULL;
  if (neg == 0 || x->n > RM_EXAMPLE_MAX) return;
  for (i = 0; i < x->n; i++) {
    g[i] = x->grade[i] < 0 ? 0 : x->grade[i];
    u[i] = (unsigned char) (x->grade[i] < 0 ? -x->grade[i] : 0);
  }
  l->grade = g; l->unjudged = u;
}

@ {\it Example: CG ignores the order} (\src{000}, E000.3).\here{E000.3}  The source
compares an ideal order B3, B2, B1 with a recommended order B1, B3, B2 and
says that their CG is the same, without giving grades.  It is the same for
any grades; with grade $k$ for B$k$ both are $\ours{E000.3-cg-rec}$.  The
DCG tells them apart: \ours{E000.3-dcg-ideal} for the ideal order and
\ours{E000.3-dcg-rec} for the recommended one (the source gives neither).

@<Worked examples@>=
@/{"E000.3-cg-ideal", "000_0ec1f0283de4c3f9.txt", "cg[gain=linear]",
  RM_G(3, 2, 1), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK, "6", 0x1.8p+2},
@/{"E000.3-cg-rec", "000_0ec1f0283de4c3f9.txt", "cg[gain=linear]",
  RM_G(1, 3, 2), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK, "6", 0x1.8p+2},
@/{"E000.3-dcg-ideal", "000_0ec1f0283de4c3f9.txt", "dcg[gain=linear]",
  RM_G(3, 2, 1), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK, NULL,
  0x1.30c24e60d4d4fp+2}, /* $3+2/\lg3+1/2$ */
@/{"E000.3-dcg-rec", "000_0ec1f0283de4c3f9.txt", "dcg[gain=linear]",
  RM_G(1, 3, 2), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK, NULL,
  0x1.f246eb227e7eep+1}, /* $1+3/\lg3+1$ */

@ {\it Example: the encyclopedia's six articles} (\src{000}, E000.4).\here{E000.4}  Six
articles have grades 3, 2, 3, 0, 1, 2 in the order the model ranks them.  The
source writes CG as the sum $3+2+3+0+1+2$ without a total; it is
$\ours{E000.4-cg}$.  Its DCG, term by term:
$$\vbox{\halign{\hfil#\quad&\hfil#\quad&\hfil$#$\quad&\hfil#\quad&#\hfil\cr
rank $i$&grade&\lg(i+1)&printed&ours\cr
\noalign{\smallskip\hrule\smallskip}
1&3&1&3&3\cr
2&2&1.585&1.26&\ours{E000.4-t2}\cr
3&3&2&1.5&1.5\cr
4&0&2.322&0&0\cr
5&1&2.585&\printed{E000.4-t5}&\ours{E000.4-t5}\cr
6&2&2.807&0.71&\ours{E000.4-t6}\cr
\noalign{\smallskip\hrule\smallskip}
&&&\printed{E000.4-dcg}&\ours{E000.4-dcg}\cr}}$$
The total 6.86 is right: $\DCG@@6=3+2/\lg3+3/2+1/\lg6+2/\lg7$, which is
$$\oursl{E000.4-dcg}\ldots,\qquad\hbox{correctly rounded \.{\ourshex{E000.4-dcg}}}.$$
The fifth term is not: $1/\lg6$ is $\ours{E000.4-t5}$, which rounds to 0.39; the
printed 0.38 is truncated, and the printed terms add up to 6.85, not to the
6.86 printed after them.  A small erratum, listed as such.  (A program that
adds these terms naively in double precision gets a double one ulp above the
correctly rounded one; a reason to test every printed number.)

@<Worked examples@>=
@/{"E000.4-cg", "000_0ec1f0283de4c3f9.txt", "cg@@6[gain=linear]",
  RM_G(3, 2, 3, 0, 1, 2), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK,
  "11", 0x1.6p+3},
@/{"E000.4-t2", "000_0ec1f0283de4c3f9.txt", "dcg@@2[gain=linear]",
  RM_G(0, 2), NULL, NULL, RM_NONE, "1.26", "agrees", RM_OK, NULL,
  0x1.430939835353dp+0}, /* $2/\lg3$ */
@/{"E000.4-t5", "000_0ec1f0283de4c3f9.txt", "dcg@@5[gain=linear]",
  RM_G(0, 0, 0, 0, 1), NULL, NULL, RM_NONE, "0.38", "erratum", RM_OK, NULL,
  0x1.8c23246dc0a9fp-2}, /* $1/\lg6$ */
@/{"E000.4-t6", "000_0ec1f0283de4c3f9.txt", "dcg@@6[gain=linear]",
  RM_G(0, 0, 0, 0, 0, 2), NULL, NULL, RM_NONE, "0.71", "agrees", RM_OK, NULL,
  0x1.6cc193acea9b5p-1}, /* $2/\lg7$ */
@/{"E000.4-dcg", "000_0ec1f0283de4c3f9.txt", "dcg@@6[gain=linear]",
  RM_G(3, 2, 3, 0, 1, 2), NULL, NULL, RM_NONE, "6.86", "agrees", RM_OK, NULL,
  0x1.b71cb31d4e330p+2},

@ The source's text ends right after the DCG, so its IDCG and nDCG are lost.
We can say what they would have been under each reading.  With the linear gain
and the ideal made of the same six items (grades 3, 3, 2, 2, 1, 0), as the
source's prose describes, $\IDCG@@6=\ours{E000.4-idcg-list}$ and $\nDCG@@6=
\ours{E000.4-ndcg-list}$.  With the source's own formula for the ideal, gain
$2^g-1$, $\IDCG@@6=\ours{E000.4-idcg-exp}$, and dividing the linear DCG by it
gives $0.4701$: the mixed reading halves the score.  The encyclopedia that
the example comes from adds two judged documents that were not retrieved,
graded 3 and~2; with the ideal from all judged items it has $\IDCG@@6=
\ours{E000.4-idcg-wiki}$ and $\nDCG@@6=\ours{E000.4-ndcg-wiki}$.  None of
these numbers is in the source.

@<Worked examples@>=
@/{"E000.4-idcg-list", "000_0ec1f0283de4c3f9.txt", "idcg@@6[gain=linear,ideal=list]",
  RM_G(3, 2, 3, 0, 1, 2), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK, NULL,
  0x1.c90610aa2568fp+2}, /* $3+3/\lg3+1+2/\lg5+1/\lg6$ */
@/{"E000.4-ndcg-list", "000_0ec1f0283de4c3f9.txt", "ndcg@@6[gain=linear,ideal=list]",
  RM_G(3, 2, 3, 0, 1, 2), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK, NULL,
  0x1.ebef0d38cdeccp-1},
@/{"E000.4-idcg-exp", "000_0ec1f0283de4c3f9.txt", "idcg@@6[gain=exp2,ideal=list]",
  RM_G(3, 2, 3, 0, 1, 2), NULL, NULL, RM_NONE, NULL, "not printed", RM_OK, NULL,
  0x1.d30d70ea6a113p+3}, /* $7+7/\lg3+3/2+3/\lg5+1/\lg6$ */
@/{"E000.4-idcg-wiki", NULL, "idcg@@6[gain=linear,ideal=judged]",
  RM_G(3, 2, 3, 0, 1, 2), NULL, NULL, RM_G(3, 2), NULL, "case", RM_OK, NULL,
  0x1.17b03ab34f638p+3}, /* $3+3/\lg3+3/2+2/\lg5+2/\lg6+2/\lg7$ */
@/{"E000.4-ndcg-wiki", NULL, "ndcg@@6[gain=linear,ideal=judged]",
  RM_G(3, 2, 3, 0, 1, 2), NULL, NULL, RM_G(3, 2), NULL, "case", RM_OK, NULL,
  0x1.91ebd4b5c9658p-1},

@ {\it Example: five documents} (\src{002}, E002.1).\here{E002.1}  The table of this
example was an image and is lost, but what survives determines it.  The true
order is Doc\_1, Doc\_2, Doc\_5, Doc\_4, Doc\_3, the model's order Doc\_2, Doc\_1,
Doc\_5, Doc\_4, Doc\_3; with gain $2^g-1$ the CG of both is~5 and the CG@@1
is~3 for the true order and~1 for the model's.  So Doc\_1 has grade~2
($2^2-1=3$), Doc\_2 grade~1, and the remaining gain of~1 falls on exactly one
of the last three, which must be Doc\_5 because the true order is sorted.
(The grades come from scores through a mapping the post gives in words,
F002.1: grade~2 from 0.8 up, 1 from 0.5, 0 below; which side each boundary
falls on is not said, and nothing here depends on it.)\here{F002.1}  The
grades in the model's order are 1, 2, 1, 0, 0.  Every CG printed agrees:
$$\vbox{\halign{#\hfil\quad&\hfil#\quad&\hfil#\quad&#\hfil\cr
&printed&ours&\cr
CG, model's order&\printed{E002.1-cg}&\ours{E002.1-cg}&agrees\cr
CG, true order&\printed{E002.1-cg-gt}&\ours{E002.1-cg-gt}&agrees\cr
CG@@1, model's order&\printed{E002.1-cg1}&\ours{E002.1-cg1}&agrees\cr
CG@@1, true order&\printed{E002.1-cg1-gt}&\ours{E002.1-cg1-gt}&agrees\cr
DCG@@5, model's order&\printed{E002.1-dcg}&\ours{E002.1-dcg}&erratum\cr
DCG@@5, true order (IDCG)&\printed{E002.1-idcg}&\ours{E002.1-idcg}&erratum\cr
nDCG@@5&\printed{E002.1-ndcg}&\ours{E002.1-ndcg}&erratum\cr}}$$
The three others are wrong.  The model's DCG is printed as
$(2^1-1)/1+(2^2-1)/1.58+(2^1-1)/2+(2^1-1)/2.32+(2^0-1)/2.58=1.551$: the fourth
term uses grade~1 for Doc\_4, which has grade~0 by the source's own CG, and
the printed expression does not even evaluate to 1.551: with grades 1, 2, 1, 1, 0
it is $\ours{E002.1-as-printed}$.
The true DCG is printed as $(2^2-1)/1+(2^1-1)/1.58+(2^1-1)/2+0+0=3.148$, and
3.1486 a line later; that expression evaluates to about 4.13, which is nearly
the right value $3.5+1/\lg3$.  We searched for a convention that would give
1.551 or 3.148 (other gains, other logarithms, other discounts, any grades
from 0 to 3) and found none that fits the example.  Finally $1.551/3.1486$ is
0.49260, so the printed 0.4925 is also truncated; the right nDCG is
$\ours{E002.1-ndcg}$, not half of it.

@<Worked examples@>=
@/{"E002.1-cg", "002_99164a9873301b8b.txt", "cg[gain=exp2]",
  RM_G(1, 2, 1, 0, 0), NULL, NULL, RM_NONE, "5", "agrees", RM_OK, "5", 0x1.4p+2},
@/{"E002.1-cg-gt", "002_99164a9873301b8b.txt", "cg[gain=exp2]",
  RM_G(2, 1, 1, 0, 0), NULL, NULL, RM_NONE, "5", "agrees", RM_OK, "5", 0x1.4p+2},
@/{"E002.1-cg1", "002_99164a9873301b8b.txt", "cg@@1[gain=exp2]",
  RM_G(1, 2, 1, 0, 0), NULL, NULL, RM_NONE, "1", "agrees", RM_OK, "1", 0x1p+0},
@/{"E002.1-cg1-gt", "002_99164a9873301b8b.txt", "cg@@1[gain=exp2]",
  RM_G(2, 1, 1, 0, 0), NULL, NULL, RM_NONE, "3", "agrees", RM_OK, "3", 0x1.8p+1},
@/{"E002.1-dcg", "002_99164a9873301b8b.txt", "dcg@@5[gain=exp2]",
  RM_G(1, 2, 1, 0, 0), NULL, NULL, RM_NONE, "1.551", "erratum", RM_OK, NULL,
  0x1.b246eb227e7eep+1}, /* $1+3/\lg3+1/2$ */
@/{"E002.1-as-printed", "002_99164a9873301b8b.txt", "dcg@@5[gain=exp2]",
  RM_G(1, 2, 1, 1, 0), NULL, NULL, RM_NONE, "1.551", "erratum", RM_OK, NULL,
  0x1.e96753f4889dcp+1}, /* $1+3/\lg3+1/2+1/\lg5$: the printed terms */
@/{"E002.1-idcg", "002_99164a9873301b8b.txt", "idcg@@5[gain=exp2,ideal=list]",
  RM_G(1, 2, 1, 0, 0), NULL, NULL, RM_NONE, "3.148", "erratum", RM_OK, NULL,
  0x1.086127306a6a8p+2}, /* $3+1/\lg3+1/2$ */
@/{"E002.1-ndcg", "002_99164a9873301b8b.txt", "ndcg@@5[gain=exp2,ideal=list]",
  RM_G(1, 2, 1, 0, 0), NULL, NULL, RM_NONE, "0.4925", "erratum", RM_OK, NULL,
  0x1.a4833b300b81dp-1},

@ {\it Example: five films} (\src{003}, E003.3).\here{E003.3}  Five films are recommended
with ratings 5, 3, 2, 1, 2 in recommended order; two more films were rated,
4 and~0, but not recommended.  The ideal top five of all seven ratings is 5,
4, 3, 2, 2.
$$\vbox{\halign{#\hfil\quad&\hfil#\quad&\hfil#\quad&#\hfil\cr
&printed&ours&\cr
CG@@5 (linear gain)&\printed{E003.3-cg}&\ours{E003.3-cg}&agrees\cr
DCG@@5 (gain $2^g-1$)&\printed{E003.3-dcg}&\ours{E003.3-dcg}&agrees\cr
IDCG@@5&\printed{E003.3-idcg}&\ours{E003.3-idcg}&erratum\cr
nDCG@@5&\printed{E003.3-ndcg}&\ours{E003.3-ndcg}&erratum\cr}}$$
The ideal DCG is printed as $31+9.5+3.5+1.3+1.2=46.5$.  Its terms
$15/\lg3=9.464$ and $3/\lg5=1.292$ were rounded to one decimal {\it before\/}
adding, which moves the sum up by 0.08: the right value is 46.4 to one
decimal.  The nDCG is then printed as $38.5/46.5=0.827$, but $38.5/46.5$ is
$0.82796$, which rounds to 0.828, so the last step truncated as well; the
right value is $\ours{E003.3-ndcg}$.

@<Worked examples@>=
@/{"E003.3-cg", "003_67084013e7b3df28.txt", "cg@@5[gain=linear]",
  RM_G(5, 3, 2, 1, 2), NULL, NULL, RM_G(4, 0), "13", "agrees", RM_OK, "13",
  0x1.ap+3},
@/{"E003.3-dcg", "003_67084013e7b3df28.txt", "dcg@@5[gain=exp2]",
  RM_G(5, 3, 2, 1, 2), NULL, NULL, RM_G(4, 0), "38.5", "agrees", RM_OK, NULL,
  0x1.340fdbb210431p+5}, /* $31+7/\lg3+3/2+1/\lg5+3/\lg6$ */
@/{"E003.3-idcg", "003_67084013e7b3df28.txt", "idcg@@5[gain=exp2,ideal=judged]",
  RM_G(5, 3, 2, 1, 2), NULL, NULL, RM_G(4, 0), "46.5", "erratum", RM_OK, NULL,
  0x1.73550ffcbbf17p+5}, /* $31+15/\lg3+7/2+3/\lg5+3/\lg6$ */
@/{"E003.3-ndcg", "003_67084013e7b3df28.txt", "ndcg@@5[gain=exp2,ideal=judged]",
  RM_G(5, 3, 2, 1, 2), NULL, NULL, RM_G(4, 0), "0.827", "erratum", RM_OK, NULL,
  0x1.a8c2fca27c32ep-1},

@ {\it Example: the ideal of $K$ ones} (\src{001}, F001.10).\here{F001.10}  The source's
code computes the ideal DCG once, as $\sum_{i=1}^{K}1/\lg(i+1)$, which at
$K=10$ is $\ours{F001.10-idcg}$.  A user with a single relevant item, ranked
first, then scores $\ours{F001.10-ndcg}$, where the ideal built from the
judgments gives $\ours{F001.10-ndcg-judged}$.  The source prints no value;
these show what its definition does.

@<Worked examples@>=
@/{"F001.10-idcg", "001_2e9bf761b3089294.txt", "idcg@@10[gain=binary,rel=1,ideal=ones]",
  RM_G(1, 0, 0, 0, 0, 0, 0, 0, 0, 0), NULL, NULL, RM_NONE, NULL, "not printed",
  RM_OK, NULL, 0x1.22c9ad1b21972p+2},
@/{"F001.10-ndcg", "001_2e9bf761b3089294.txt", "ndcg@@10[gain=binary,ideal=ones]",
  RM_G(1, 0, 0, 0, 0, 0, 0, 0, 0, 0), NULL, NULL, RM_NONE, NULL, "not printed",
  RM_OK, NULL, 0x1.c2bf78d2f3fa2p-3},
@/{"F001.10-ndcg-judged", "001_2e9bf761b3089294.txt", "ndcg@@10[gain=binary]",
  RM_G(1, 0, 0, 0, 0, 0, 0, 0, 0, 0), NULL, NULL, RM_NONE, NULL, "not printed",
  RM_OK, "1", 0x1p+0},

@ {\it Cases small enough to check by hand.}  Each choice of the variant
changes the value on some small input; here is one for each, with the value
worked out in closed form.  The disagreements between implementations that
these choices explain are the everyday ones: they are how two teams get
different nDCG from the same run.

{\it The ideal list.}  Three items are relevant, with grade~1; the list is
$a,x,y,b$ with $a$ and $b$ relevant and the third relevant item not
retrieved; we take nDCG@@3 with binary gain.  DCG@@3 is~1 in every case.
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
ideal=judged&$1/(1+1/\lg3+1/2)$&\ours{T-ideal-judged}\cr
ideal=judged, discount=jk&$1/(1+1+1/\lg3)=\ln3/\ln18$&\ours{T-ideal-jk}\cr
ideal=list&$1/(1+1/\lg3)=\ln3/\ln6$&\ours{T-ideal-list}\cr
ideal=topk&$1/1$&\ours{T-ideal-topk}\cr}}$$

@<Worked examples@>=
@/{"T-ideal-judged", NULL, "ndcg@@3[gain=binary]", RM_G(1, 0, 0, 1), NULL, NULL,
  RM_G(1), NULL, "case", RM_OK, NULL, 0x1.e08a9a33e7b6dp-2},
@/{"T-ideal-jk", NULL, "ndcg@@3[gain=binary,discount=jk,base=2]", RM_G(1, 0, 0, 1),
  NULL, NULL, RM_G(1), NULL, "case", RM_OK, NULL, 0x1.85374ce5d5647p-2},
@/{"T-ideal-list", NULL, "ndcg@@3[gain=binary,ideal=list]", RM_G(1, 0, 0, 1), NULL,
  NULL, RM_G(1), NULL, "case", RM_OK, NULL, 0x1.39ee6dc91fab0p-1},
@/{"T-ideal-topk", NULL, "ndcg@@3[gain=binary,ideal=topk]", RM_G(1, 0, 0, 1), NULL,
  NULL, RM_G(1), NULL, "case", RM_OK, "1", 0x1p+0},

@ {\it The gain and the discount.}  Two items graded 1 and~2, ranked in that
order; nDCG@@2 with the ideal from the judgments (grades 2,~1).
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
gain=linear&$(1+2/\lg3)/(2+1/\lg3)=\ln12/\ln18$&\ours{T-gain-linear}\cr
gain=exp2&$(1+3/\lg3)/(3+1/\lg3)=\ln24/\ln54$&\ours{T-gain-exp2}\cr
gain=binary&$(1+1/\lg3)/(1+1/\lg3)$&\ours{T-gain-binary}\cr
discount=jk&$(1+2)/(2+1)$&\ours{T-gain-jk}\cr}}$$
With a single relevant item at rank~2, \.{discount=log2} gives
$1/\lg3=\ours{T-log2-rank2}$ and \.{discount=jk} gives $\ours{T-jk-rank2}$:
J\"arvelin and Kek\"al\"ainen do not discount the first $b$ ranks.

@<Worked examples@>=
@/{"T-gain-linear", NULL, "ndcg@@2", RM_G(1, 2), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, NULL, 0x1.b82d0ca73fe95p-1},
@/{"T-gain-exp2", NULL, "ndcg@@2[gain=exp2]", RM_G(1, 2), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, NULL, 0x1.97ea0e59a8b3ep-1},
@/{"T-gain-binary", NULL, "ndcg@@2[gain=binary]", RM_G(1, 2), NULL, NULL, RM_NONE,
  NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-gain-jk", NULL, "ndcg@@2[discount=jk]", RM_G(1, 2), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "1", 0x1p+0},
@/{"T-log2-rank2", NULL, "ndcg", RM_G(0, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, NULL, 0x1.430939835353dp-1},
@/{"T-jk-rank2", NULL, "ndcg[discount=jk]", RM_G(0, 1), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "1", 0x1p+0},

@ {\it Ties.}  Three items $d_1,d_2,d_3$, given in that order, all with score
1.0; only $d_1$ is relevant (grade~1).  The nDCG under each tie rule:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
ties=input&$d_1$ first&\ours{T-ties-input}\cr
ties=id-asc&$d_1$ first&\ours{T-ties-idasc}\cr
ties=id-desc&$d_3,d_2,d_1$: $1/\lg4$&\ours{T-ties-iddesc}\cr
ties=pessimistic&$d_1$ last: $1/\lg4$&\ours{T-ties-pess}\cr
ties=optimistic&$d_1$ first&\ours{T-ties-opt}\cr
ties=average&${1\over3}(1+1/\lg3+1/2)=\ln108/(6\ln3)$&\ours{T-ties-avg}\cr}}$$
The last is scikit-learn's value; the third is trec\_eval's.
@^trec\_eval@>@^scikit-learn@>

@<Worked examples@>=
@/{"T-ties-input", NULL, "ndcg", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-ties-idasc", NULL, "ndcg[ties=id-asc]", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-ties-iddesc", NULL, "ndcg[ties=id-desc]", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-ties-pess", NULL, "ndcg[ties=pessimistic]", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-ties-opt", NULL, "ndcg[ties=optimistic]", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-ties-avg", NULL, "ndcg[ties=average]", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, NULL, 0x1.6badbdd6711bfp-1},

@ {\it Exact values among logarithms.}  The DCG of grades 1,~0,~0 is exactly 1
and that of 1,~0,~1 exactly $1+1/\lg4=3/2$; the nDCG of a perfect ranking of
grades 3,~2,~1 is exactly~1 although its DCG is irrational.  These are the
cases an interval loop alone could never finish, and the reason for the
log-linear form.  A query with no relevant item has an ideal DCG of~0: under
\.{undef=zero} its nDCG is reported as~0, under \.{undef=one} as~1, both with
the status |RM_UNDEFINED|.

@<Worked examples@>=
@/{"T-exact-1", NULL, "dcg", RM_G(1, 0, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "1", 0x1p+0},
@/{"T-exact-3/2", NULL, "dcg", RM_G(1, 0, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "3/2", 0x1.8p+0},
@/{"T-exact-perfect", NULL, "ndcg[gain=exp2]", RM_G(3, 2, 1), NULL, NULL, RM_NONE,
  NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-undef-zero", NULL, "ndcg@@5", RM_G(0, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},
@/{"T-undef-one", NULL, "ndcg@@5[undef=one]", RM_G(0, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_UNDEFINED, "1", 0x1p+0},

@ {\it The double path.}  One function sums the gains of the list, with or
without discounts; it serves CG and DCG.  It walks the ranks in order; under
\.{ties=average} it takes each tie group whole, and gives each of its ranks
within the cutoff the group's mean gain.  The mean is a compensated sum and a
division, two more roundings.

@<Private functions@>=
static double list_sum_d(const rm_variant *v, const rm_list *l,
  const size_t *perm, int discounted)
{
  size_t n = l->n, k = v->k && v->k < n ? v->k : n, r = 0, j;
  nsum s = {0, 0};
  while (r < k) {
    size_t e = v->ties == RM_TIES_AVERAGE ? tie_end(l, perm, r) : r + 1;
    double g;
    if (e == r + 1) g = gain_d(v, l->grade[perm[r]]);
    else {
      nsum t = {0, 0};
      for (j = r; j < e; j++) nsum_add(&t, gain_d(v, l->grade[perm[j]]));
      g = (t.s + t.c) / (double) (e - r);
    }
    for (j = r; j < e && j < k; j++)
      nsum_add(&s, discounted ? g / discount_d(v, j + 1) : g);
    r = e;
  }
  return s.s + s.c;
}

@ The ideal DCG walks the grades from the highest down, each as many times as
it occurs in the ideal list, until the list or the cutoff ends.

@<Private functions@>=
static double ideal_d(const rm_variant *v, const rm_list *l, const size_t *perm)
{
  size_t count[RM_GRADE_MAX + 1], m = ideal_counts(v, l, perm, count), r = 0;
  int g;
  nsum s = {0, 0};
  if (v->ideal == RM_IDEAL_ONES) {
    for (r = 0; r < m; r++) nsum_add(&s, 1.0 / discount_d(v, r + 1));
    return s.s + s.c;
  }
  for (g = RM_GRADE_MAX; g >= 0 && r < m; g--) {
    double x = gain_d(v, g);
    size_t c;
    for (c = count[g]; c > 0 && r < m; c--, r++) nsum_add(&s, x / discount_d(v, r + 1));
  }
  return s.s + s.c;
}

@ Now the double path of the four metrics.  The ideal DCG is exactly zero in
double precision exactly when it is zero in truth (a sum of positive terms
cannot round to zero at these magnitudes), so both paths agree on which
values are undefined.

@<Private functions@>=
static rm_status cgf_d(const rm_variant *v, const rm_list *l, const size_t *perm,
  double *out)
{
  double ideal;
  switch (v->metric) {
  case RM_CG: *out = list_sum_d(v, l, perm, 0); break;
  case RM_DCG: *out = list_sum_d(v, l, perm, 1); break;
  case RM_IDCG: *out = ideal_d(v, l, perm); break;
  default:
    if ((ideal = ideal_d(v, l, perm)) == 0) return undefined_d(v, out);
    *out = list_sum_d(v, l, perm, 1) / ideal;
  }
  return RM_OK;
}

@ {\it The accuracy of the double path.}  Counting relative errors in units
$u$ (see |@<Private types@>| for the summation): a gain is exact, except that
$2^g-1$ may round ($u$) and a tie-averaged gain costs a sum and a division
($2u$); a discount costs $2u$ for $\lg(i+1)$ and $5u$ for $\lg i/\lg b$; a
term adds one division ($u$) and the compensated sum one rounding ($u$).  So
with $\gamma$ for the gain and $\delta$ for the discount
$$\hbox{CG}:\ \gamma+1,\qquad \hbox{DCG}:\ \gamma+\delta+2,\qquad
  \hbox{IDCG}:\ \gamma'+\delta+2,\qquad
  \hbox{nDCG}:\ (\gamma+\delta+2)+(\gamma'+\delta+2)+1,$$
where $\gamma'$ leaves out the averaging, since the ideal list has no ties.
These are the bounds |rm_ulp_bound| returns, in ulps; for the default
\.{ndcg} they give 9~ulps.  They are generous, as the measurements in the
part on golden vectors show.

@<Private functions@>=
static double cgf_bound(const rm_variant *v)
{
  double g = v->gain == RM_GAIN_EXP2 ? 1 : 0;
  double ga = g + (v->ties == RM_TIES_AVERAGE ? 2 : 0);
  double d = v->discount == RM_DISCOUNT_JK ? 5 : 2;
  switch (v->metric) {
  case RM_CG: return ga + 1;
  case RM_DCG: return ga + d + 2;
  case RM_IDCG: return g + d + 2;
  default: return (ga + d + 2) + (g + d + 2) + 1;
  }
}

@ The distance between two doubles in ulps is the number of doubles between
them: for finite doubles of one sign it is the difference of their bit
patterns read as integers.  The tests and the tool use it to hold the double
path to its bound.

@<Public prototypes@>=
double rm_ulps_between(double a, double b);
/* The number of doubles between |a| and |b|, to compare a result with a
   bound of |rm_ulp_bound|. */

@ @<Public functions@>=
double rm_ulps_between(double a, double b)
{
  long long x, y;
  if (a == b) return 0;
  if (isnan(a) || isnan(b)) return INFINITY;
  memcpy(&x, &a, sizeof x); memcpy(&y, &b, sizeof y);
  if (x < 0) x = LLONG_MIN - x; /* map to a monotone integer scale */
  if (y < 0) y = LLONG_MIN - y;
  return x > y ? (double) ((unsigned long long) x - (unsigned long long) y)
    : (double) ((unsigned long long) y - (unsigned long long) x);
}

@ {\it The exact path.}  It mirrors the double path with rationals: each term
goes into a log-linear form, the forms are normalized, and then |exact_of|
rounds a rational form once or runs the loop on an irrational one.

@<Private functions@>=
static rm_status list_sum_q(const rm_variant *v, const rm_list *l,
  const size_t *perm, int discounted, loglin *f)
{
  size_t n = l->n, k = v->k && v->k < n ? v->k : n, r = 0, j;
  rm_status s = RM_OK;
  mpq_t g, t;
  mpq_inits(g, t, NULL);
  while (r < k && s == RM_OK) {
    size_t e = v->ties == RM_TIES_AVERAGE ? tie_end(l, perm, r) : r + 1;
    mpq_set_ui(g, 0, 1);
    for (j = r; j < e; j++) { gain_q(t, v, l->grade[perm[j]]); mpq_add(g, g, t); }
    mpq_set_ui(t, (unsigned long) (e - r), 1);
    mpq_div(g, g, t); /* the mean gain of the group */
    for (j = r; j < e && j < k && s == RM_OK; j++)
      if (discounted) s = add_term_q(f, v, g, j + 1);
      else loglin_add_q(f, g);
    r = e;
  }
  mpq_clears(g, t, NULL);
  loglin_normalize(f);
  return s;
}

@ @<Private functions@>=
static rm_status ideal_q(const rm_variant *v, const rm_list *l,
  const size_t *perm, loglin *f)
{
  size_t count[RM_GRADE_MAX + 1], m = ideal_counts(v, l, perm, count), r = 0, c;
  int g;
  rm_status s = RM_OK;
  mpq_t x;
  mpq_init(x);
  if (v->ideal == RM_IDEAL_ONES) {
    mpq_set_ui(x, 1, 1);
    for (r = 0; r < m && s == RM_OK; r++) s = add_term_q(f, v, x, r + 1);
  } else
    for (g = RM_GRADE_MAX; g >= 0 && r < m && s == RM_OK; g--) {
      gain_q(x, v, g);
      for (c = count[g]; c > 0 && r < m && s == RM_OK; c--, r++)
        s = add_term_q(f, v, x, r + 1);
    }
  mpq_clear(x);
  loglin_normalize(f);
  return s;
}

@ And the exact path of the four metrics.  Each value is a quotient of two
log-linear forms, the denominator being the constant~1 except for \.{ndcg};
|cgf_forms| builds them into two forms the caller has initialized with
|loglin_init|, and |cgf_x| decides the quotient.  A mean over queries uses
the forms directly (see the part on aggregation).

@<Private functions@>=
static rm_status cgf_forms(const rm_variant *v, const rm_list *l,
  const size_t *perm, loglin *num, loglin *den)
{
  rm_status s;
  switch (v->metric) {
  case RM_CG: s = list_sum_q(v, l, perm, 0, num); break;
  case RM_DCG: s = list_sum_q(v, l, perm, 1, num); break;
  case RM_IDCG: s = ideal_q(v, l, perm, num); break;
  default: s = list_sum_q(v, l, perm, 1, num);
    if (s == RM_OK) s = ideal_q(v, l, perm, den);
    return s;
  }
  mpq_set_ui(den->c0, 1, 1);
  return s;
}
static rm_status cgf_x(const rm_variant *v, const rm_list *l, const size_t *perm,
  rm_exact *out)
{
  loglin num, den;
  rm_status s;
  loglin_init(&num, discount_base(v));
  loglin_init(&den, discount_base(v));
  s = cgf_forms(v, l, perm, &num, &den);
  if (s == RM_OK) s = loglin_is_zero(&den) ? undefined_x(v, out)
    : exact_of(out, &num, den.n == 0 && mpq_cmp_ui(den.c0, 1, 1) == 0 ? NULL : &den);
  loglin_clear(&num); loglin_clear(&den);
  return s;
}

@ The four metrics in the tables.  All take a gain and a tie rule (ties may
change which items are in the top~$K$, or, for \.{idcg}, which form its
\.{topk} ideal); all but \.{cg} a discount; \.{idcg} and \.{ndcg} an
ideal list; \.{ndcg} alone can be undefined.  The combination of the ideal
\.{topk} with \.{ties=average} is refused: which items make the top~$K$ is
then a matter of chance, and the ratio would not be a ratio of expectations.

@d CGF_KEYS (K(KEY_GAIN) | K(KEY_REL) | K(KEY_TIES))

@<Metric codes@>=
RM_CG, RM_DCG, RM_IDCG, RM_NDCG,

@ @<Metric specifications@>=
[RM_CG] = {"cg", CGF_KEYS, cgf_d, cgf_x, cgf_bound, NULL, NULL, NULL, NULL,
  cgf_forms},
[RM_DCG] = {"dcg", CGF_KEYS | K(KEY_DISCOUNT) | K(KEY_BASE), cgf_d, cgf_x,
  cgf_bound, NULL, NULL, NULL, NULL, cgf_forms},
[RM_IDCG] = {"idcg", CGF_KEYS | K(KEY_DISCOUNT) | K(KEY_BASE) | K(KEY_IDEAL),
  cgf_d, cgf_x, cgf_bound, topk_average, NULL, NULL, NULL, cgf_forms},
[RM_NDCG] = {"ndcg", CGF_KEYS | K(KEY_DISCOUNT) | K(KEY_BASE) | K(KEY_IDEAL)
  | K(KEY_UNDEF), cgf_d, cgf_x, cgf_bound, topk_average, NULL, NULL, NULL,
  cgf_forms},

@ @<Private functions@>=
static const char *topk_average(const rm_variant *v)
{
  return v->ideal == RM_IDEAL_TOPK && v->ties == RM_TIES_AVERAGE
    ? "ideal=topk is not defined with ties=average" : NULL;
}

@* Precision, recall, F and hit ratio.\here{q:prf}
The simplest measures of a ranked list count its hits, the relevant items
among the first few.  Let $b_r=[g_r\ge t]$ be the relevance of the item at
rank~$r$, $K$ the cutoff, $k=\min(K,n)$ the ranks that exist, $h_k=\sum_{r\le
k}b_r$ the number of hits, and $R$ the number of relevant items of the query,
retrieved or not.  Without a cutoff we take $K=n$ throughout this chapter, so
that the whole list is looked at.  Five metrics are made of these counts:
$$\eqalign{
\hbox{precision:}\quad&P@@K={h_k\over K}\quad\hbox{or}\quad{h_k\over k};\cr
\hbox{recall:}\quad&{\rm Rec}@@K={h_k\over R}\quad\hbox{or}\quad{h_k\over\min(K,R)};\cr
\hbox{F-measure:}\quad&F_\beta@@K={(1+\beta^2)\,P@@K\cdot{\rm Rec}@@K\over
  \beta^2\,P@@K+{\rm Rec}@@K};\cr
\hbox{R-precision:}\quad&{\rm RP}={h_{\min(R,n)}\over R};\cr
\hbox{hit ratio:}\quad&{\rm HR}@@K=[h_k\ge1],\quad{h_k\over R},\quad{h_k\over K}
  \quad\hbox{or}\quad{h_k\over n}.\cr}$$
Precision is the share of the ranks looked at that hold a hit; recall is the
share of the relevant items that were found; the F-measure is a weighted
harmonic mean of the two; R-precision is the precision at the cutoff $R$,
where a perfect ranking scores~1 whatever $R$; and ``hit ratio'' is a name
under which the sources and the libraries compute four different things.
They are the metrics \.{precision}, \.{recall}, \.{f}, \.{rprec} and
\.{hr}; the choices in each are named by keys described below.  All are
ratios of whole numbers, so their exact path is a fraction rounded once.
@^precision@>@^recall@>@^F-measure@>@^R-precision@>@^hit ratio@>

A value whose denominator is zero is undefined, and what is reported then
is named by the key \.{undef} as for every metric: a precision over no
ranks (an empty list, without a cutoff or with \.{denom=list}), a recall,
an F-measure or an R-precision of a query with no relevant item ($R=0$)
(and a recall under \.{norm=min} of an empty list without a cutoff), and
the hit ratios \.{hit=recall}, \.{hit=precision} and \.{hit=rows} under the
same conditions.  The indicator $[h_k\ge1]$ is always defined: a query
without a relevant item has no hit, and scores~0.

@ {\it The denominator of precision.}\here{q:denom}  When the list is at least $K$ long,
$k=K$ and there is nothing to choose.  When it is shorter, trec\_eval's
\.{P}, ranx, Spark and torchmetrics by default still divide by~$K$, as if the
missing ranks held irrelevant items, so a perfect list of three items scores
$3/10$ at $K=10$; LensKit, TF-Ranking and torchmetrics with
\.{adaptive\_k} divide by the $k=\min(K,n)$ ranks that exist, and score it~1.
The key \.{denom} names the choice: \.{denom=k} (the default) divides
by~$K$, \.{denom=list} by~$k$.  Without a cutoff both divide by~$n$, so the
key belongs to a variant only when it has a cutoff.
@^cutoff beyond the list@>
@^trec\_eval@>@^ranx@>@^torchmetrics@>@^LensKit@>@^Spark MLlib@>

@<Public types@>=
typedef enum {@+ RM_DENOM_K, RM_DENOM_LIST @+} rm_denom;

@ @<Fields of a variant@>=
int denom; /* an |rm_denom| */

@ @<Key codes@>=
KEY_DENOM,

@ @^keys of names, \.{denom}@>
@<Key specifications@>=
[KEY_DENOM] = {"denom", denom_words, 0, 0, FIELD(denom), 0, denom_when, 7},

@ @<Words and conditions of keys@>=
static const char *const denom_words[] = {"k", "list", NULL};
static int denom_when(const rm_variant *v)
{
  return v->k != 0;
}

@ {\it The denominator of recall} is the key \.{norm}, which this chapter
shares with others (it is defined in the part on computing a value):
\.{norm=rel} (the default) divides by~$R$, as trec\_eval's \.{recall}, ranx, RecBole, Spark,
torchmetrics and TF-Ranking do; \.{norm=min} divides by $\min(K,R)$, the
``capped'' recall of LensKit and of BEIR's \.{R\_cap}, which reaches~1
whenever the top $K$ is all relevant, even if there were more relevant
items than places.  \.{norm=hits} would make every recall with a hit equal
to~1, and recall refuses it.

{\it The weight of recall in the F-measure.}  $F_\beta$ weighs recall
$\beta^2$ times as much as precision.  Its parameter is given as $\beta^2$,
not as $\beta$, because the two conventions in use differ exactly there:
scikit-learn's |fbeta_score(beta=2)| means $\beta=2$, which is
\.{beta2=4} here, while trec\_eval's \.{set\_F.}$x$ and ir\_measures'
|SetF(beta=x)| pass $x=\beta^2$ directly, so that their ``2'' is
\.{beta2=2}.  The key \.{beta2} is a fraction from $1/10^6$ to $10^6$,
written \.{4}, \.{0.25} or \.{1/3}; the default \.{beta2=1} is the
F$_1$ score, the harmonic mean of precision and recall.
@^F-measure@>
@^trec\_eval@>@^scikit-learn@>@^RecBole@>@^ranx@>@^torchmetrics@>@^ir\_measures@>@^LensKit@>@^Spark MLlib@>

@<Fields of a variant@>=
int beta2, beta2_den; /* $\beta^2$ of \.{f}, a fraction in lowest terms */

@ @<Key codes@>=
KEY_BETA2,

@ @^keys of names, \.{beta2}@>
@<Key specifications@>=
[KEY_BETA2] = {"beta2", NULL, 1, 1000000, FIELD(beta2), FIELD(beta2_den), NULL, 8},

@ @<Set the numeric defaults of a variant@>=
v->beta2 = 1; v->beta2_den = 1;

@ {\it The F-measure of one query.}\here{q:f}  We define $F_\beta$ per query, from the
precision (\.{denom=k}) and the recall (\.{norm=rel}) at the same cutoff;
a mean of the F-measures of many queries, or an F-measure of their mean
precision and mean recall, is a question of aggregation, treated in the
part on aggregation.  With $P=h_k/K$ and ${\rm Rec}=h_k/R$ and $\beta^2=p/q$,
$${(1+\beta^2)\,P\,{\rm Rec}\over\beta^2P+{\rm Rec}}
 ={(1+\beta^2)\,h_k^2/(KR)\over h_k(\beta^2R+K)/(KR)}
 ={(1+\beta^2)\,h_k\over\beta^2R+K}={(p+q)\,h_k\over pR+qK}.$$
The last form has no $0/0$ when $h_k=0$ and $R>0$: then $P$ and ${\rm Rec}$
are both~0, the harmonic mean of two zeros, and we define $F_\beta=0$, the
limit of the formula and what trec\_eval reports.  It is also the value
for an empty list without a cutoff ($K=0$), whose precision alone would be
undefined.  When $R=0$ recall is undefined, and so is $F_\beta$.  Without a
cutoff, $F_\beta$ is trec\_eval's set-based \.{set\_F}: precision and recall
of the whole retrieved set.
@^trec\_eval@>

@ {\it R-precision}\here{q:rprec} looks at the first $R$ ranks, as many as there are
relevant items; when the list is shorter it looks at what exists, as if the
list were padded with irrelevant items, but still divides by~$R$.  This is
trec\_eval's \.{Rprec} and ranx's \.{r-precision}.  It chooses its own
cutoff, so \.{rprec} refuses one.
@^R-precision@>
@^trec\_eval@>@^ranx@>

@ {\it Hit ratio.}\here{q:hr}  Under this one name the sources and the libraries
compute four quantities, and the key \.{hit} names them:
$$\vbox{\halign{\tt#\hfil\quad&$#$\hfil\quad&#\hfil\cr
hit=any&[h_k\ge1]&a hit at all: trec\_eval's \.{success}, ranx, RecBole, LensKit\cr
hit=recall&h_k/R&the recall $h_k/R$, as many papers and two sources define it\cr
hit=precision&h_k/K&hits per recommended item, as two sources compute it\cr
hit=rows&h_k/n&hits per candidate row, as one source's code computes it\cr}}$$
The default is what most libraries compute:
$$\hbox{\.{hr@@K[hit=any]} = trec\_eval's \.{success@@K} = ranx's
\.{hit\_rate@@K} = RecBole's \.{Hit@@K}.}$$
\.{hit=recall} equals
\.{recall[norm=rel]} and \.{hit=precision} equals \.{precision[denom=k]}:
they are kept under the name \.{hr} so that a reader who meets ``HR'' can
name what was computed.  With one relevant item per query, the common
leave-one-out protocol, \.{any} and \.{recall} agree, which is how the
ambiguity survives.  (A plain count of hits, ranx's \.{hits}, is $h_k$
itself, $K$ times \.{hit=precision}.)
@^hit ratio@>@^success at $K$@>
@^trec\_eval@>@^RecBole@>@^ranx@>@^LensKit@>

@<Public types@>=
typedef enum {@+ RM_HIT_ANY, RM_HIT_RECALL, RM_HIT_PRECISION, RM_HIT_ROWS @+} rm_hit;

@ @<Fields of a variant@>=
int hit; /* an |rm_hit| */

@ @<Key codes@>=
KEY_HIT,

@ @^keys of names, \.{hit}@>
@<Key specifications@>=
[KEY_HIT] = {"hit", hit_words, 0, 0, FIELD(hit), 0, NULL, 4},

@ @<Words and conditions of keys@>=
static const char *const hit_words[] = {"any", "recall", "precision", "rows", NULL};

@ {\it Ties.}  Precision, recall and the hit ratios \.{recall},
\.{precision} and \.{rows} are sums of $b_r$ over the top~$k$ divided by a
number that does not depend on the order, so their mean over all orders of
the tied items is the expected number of hits in the top~$k$ over the same
denominator.  Under \.{ties=average} every rank of a tie group receives the
group's mean relevance, as for the DCG.  Only the group that straddles
rank~$k$ is cut: a group of $g$ items with $c$ relevant, of which $m$ ranks
lie within the top~$k$, contributes $mc/g$ expected hits, and every other
group its $c$ hits or nothing.  So the expected number of hits is
$$\bar h_k=h'+{mc\over g},$$
with $h'$ the hits of the groups wholly within the top~$k$.  The indicator
$[h_k\ge1]$ is not linear in the $b_r$, and this version refuses
\.{ties=average} for \.{hr[hit=any]}.  $F_\beta$ and R-precision are linear
in $h_k$ too, and their means over orders would be as easy; no source and no
library we know computes them, and this version refuses the rule for \.{f}
and \.{rprec} rather than invent a convention nobody checks.
@^ties@>

@ {\it Where the sources state it.}\here{prf-sources}  Three sources define
these metrics; two of them give ``hit ratio'' two meanings each.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm definition&\rm name here\cr
\noalign{\smallskip\hrule\smallskip}
\src{000}, F000.1&hits over relevant items, pooled&\.{hr@@K[hit=recall]}, pooled\cr
\src{000}, F000.2&hits over recommended items, summed&\.{hr@@K[hit=precision]}\cr
\src{000}, code C000.1&hits over all candidate rows, pooled&\.{hr@@K[hit=rows]}, pooled\cr
\src{001}, F001.1&$h_K/\vert T(u)\vert$, mean over users&\.{recall@@K}\cr
\src{001}, F001.2&$h_K/K$, mean over users&\.{precision@@K}\cr
\src{001}, F001.3&$F_\beta$ of the mean $P$ and mean recall&\.{f@@K}, aggregated\cr
\src{001}, F001.4&any hit, mean over users&\.{hr@@K[hit=any]}\cr
\src{003}, F003.2--3&classification precision and recall&not a ranking metric\cr
\src{003}, F003.10&hits over ground truth&\.{hr@@K[hit=recall]}\cr
\src{003}, E003.4--5&hits over $K$&\.{hr@@K[hit=precision]}\cr}}$$
``Pooled'' means that the source adds numerators and denominators over all
users before dividing; ``mean'' that it averages per-user values.  Both are
ways of aggregating the per-query values defined here, and the part on
aggregation treats them; this chapter gives the value of each query.

@ {\it Source \src{000\_0ec1f0283de4c3f9.txt}.}\here{F000.1}\here{F000.2}
It calls HR ``a common measure of recall'' and defines it as
$${\rm HR}@@K={{\rm NumberOfHits}@@K\over\vert{\rm GT}\vert}
 ={\sum_u h_K(u)\over\sum_u R(u)}\qquad\hbox{(F000.1)},$$
the hits of all users in their top~$K$ over the sizes of all their test sets:
per user this is \.{hr@@K[hit=recall]}, pooled over users.  In the same
section it explains the formula differently: recommend $M$ items to a user,
count the hits $N$ among them, the user's hit rate is $N/M$, and ``the final
HR is the sum of all users' hit rates'' (F000.2).  With $M=K$ that is
\.{hr@@K[hit=precision]} per user, and summed, not averaged, so that it is not
even bounded by~1; ``sum'' is probably a slip for ``mean''.  Its example
(below) cannot tell the two readings apart.  Its code (C000.1, below)
computes a third thing.

@ {\it Source \src{001\_2e9bf761b3089294.txt}.}\here{F001.1}\here{F001.2}\here{F001.3}\here{F001.4}
It writes $R(u)$ for the list recommended to user~$u$ and $T(u)$ for the
user's test items, and defines
$${\rm Recall}@@K={1\over U}\sum_u{\vert R(u)\cap T(u)\vert\over\vert T(u)\vert},
\qquad {\rm Precision}@@K={1\over U}\sum_u{\vert R(u)\cap T(u)\vert\over\vert R(u)\vert}
={1\over U}\sum_u{\vert R(u)\cap T(u)\vert\over K}$$
(F001.1, F001.2): per user, \.{recall@@K} and \.{precision@@K}, averaged over
users.  The equality $\vert R(u)\vert=K$ in the second holds only when $K$ items
were recommended; when fewer were, the middle form is \.{denom=list} and
the right one \.{denom=k}, the default, which is also what its code divides by.
Its F-score (F001.3) is $F_\beta=(1+\beta^2)PR/(\beta^2P+R)$ with $P$ and $R$
the {\it user-averaged\/} precision and recall: an F-measure of two means,
not a mean of F-measures, and so a variant of aggregation; the per-query
\.{f@@K} defined here is what it combines, and the source's code computes no
F at all.  Its hit ratio (F001.4) is the share of users with at least one
hit, the mean of \.{hr@@K[hit=any]}, in the formula and in the code.  The
code's recall also counts duplicate test rows in $\vert T(u)\vert$ but not in the
intersection: a test list $5,5,6$ with both items recommended gives $2/3$
where the definition gives~1.

@ {\it Source \src{003\_67084013e7b3df28.txt}.}\here{F003.2}\here{F003.3}\here{F003.10}
It defines precision and recall of a classifier,
$${\rm precision}={{\rm TP}\over{\rm TP}+{\rm FP}},\qquad
  {\rm recall}={{\rm TP}\over{\rm TP}+{\rm FN}}\qquad\hbox{(F003.2, F003.3)},$$
counted over predicted and actual positives.  These are a different metric,
of a set of yes-or-no predictions with no ranking and no cutoff, treated
with the classification metrics as \.{clf-precision} and \.{clf-recall}
(see the chapter on classification).  They meet the ranking
metrics in one place: if the top~$K$ of a list is taken as the items
predicted positive, then ${\rm TP}=h_k$, ${\rm TP}+{\rm FP}=k$ and ${\rm
TP}+{\rm FN}=R$, so classification precision is \.{precision@@K[denom=list]}
(equal to the default when $n\ge K$) and classification recall is
\.{recall@@K}.  Its hit ratio is ${\rm HR}@@K={\rm NumberOfHits}@@K/{\rm GT}$
(F003.10), the formula of \src{000}, which it also calls a measure of
recall; but both of its examples divide by~$K$.

@ {\it Example: three users} (\src{000}, E000.1).\here{E000.1}  Three users
have 10, 12 and 8 test items, and 6, 5 and 4 of them appear in their top-10
lists.  We give each user a list of ten items with the hits first and the
remaining test items as judged items that were not retrieved.  Per user:
$$\vbox{\halign{#\hfil\quad&\hfil#\quad&\hfil#\quad&\hfil#\quad&\hfil#\cr
user&$R$&$h_{10}$&\.{hr@@10[hit=recall]}&\.{hr@@10[hit=precision]}\cr
\noalign{\smallskip\hrule\smallskip}
1&10&6&\oursq{E000.1-u1}&\oursq{E000.1-u1-p}\cr
2&12&5&\oursq{E000.1-u2}&\oursq{E000.1-u2-p}\cr
3&8&4&\oursq{E000.1-u3}&\oursq{E000.1-u3-p}\cr}}$$
The source prints one number, $(6+5+4)/(10+12+8)=0.5$, the
pooled value of its formula F000.1, which is correct; it is computed in the
part on aggregation.  It is not the mean of the per-user recalls, which is
$91/180\approx0.5056$.  Read by the prose (F000.2), the per-user values are
the precisions in the last column; their sum is $3/2$, and their mean is
again $1/2$, by the coincidence $10+12+8=3\cdot10$.

@<Worked examples@>=
@/{"E000.1-u1", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=recall]",
  RM_G(1, 1, 1, 1, 1, 1, 0, 0, 0, 0), NULL, NULL, RM_G(1, 1, 1, 1), NULL,
  "not printed", RM_OK, "3/5", 0x1.3333333333333p-1},
@/{"E000.1-u2", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=recall]",
  RM_G(1, 1, 1, 1, 1, 0, 0, 0, 0, 0), NULL, NULL, RM_G(1, 1, 1, 1, 1, 1, 1), NULL,
  "not printed", RM_OK, "5/12", 0x1.aaaaaaaaaaaabp-2},
@/{"E000.1-u3", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=recall]",
  RM_G(1, 1, 1, 1, 0, 0, 0, 0, 0, 0), NULL, NULL, RM_G(1, 1, 1, 1), NULL,
  "not printed", RM_OK, "1/2", 0x1p-1},
@/{"E000.1-u1-p", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=precision]",
  RM_G(1, 1, 1, 1, 1, 1, 0, 0, 0, 0), NULL, NULL, RM_G(1, 1, 1, 1), NULL,
  "not printed", RM_OK, "3/5", 0x1.3333333333333p-1},
@/{"E000.1-u2-p", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=precision]",
  RM_G(1, 1, 1, 1, 1, 0, 0, 0, 0, 0), NULL, NULL, RM_G(1, 1, 1, 1, 1, 1, 1), NULL,
  "not printed", RM_OK, "1/2", 0x1p-1},
@/{"E000.1-u3-p", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=precision]",
  RM_G(1, 1, 1, 1, 0, 0, 0, 0, 0, 0), NULL, NULL, RM_G(1, 1, 1, 1), NULL,
  "not printed", RM_OK, "2/5", 0x1.999999999999ap-2},

@ {\it Example: one user's top 100} (\src{003}, E003.4).\here{E003.4}  The
model recommends 100 items to a user, who clicks 30 of them, and the source
says that HR@@100 is 30\% (0.30).  Dividing the hits by~$K$, as it does,
\.{hr@@100[hit=precision]} is $\oursq{E003.4}$; the source agrees.  Under its
own formula, hits over the ground truth (F003.10), the value would need the
number of the user's relevant items, which the example does not give; it is
30\% only if the user has exactly 100.  The lists of this and the next example
are long, and a macro writes ten equal grades.

@<Worked examples@>=
#define PRF_X10(g) g, g, g, g, g, g, g, g, g, g
@/{"E003.4", "003_67084013e7b3df28.txt", "hr@@100[hit=precision]",
  RM_G(PRF_X10(1), PRF_X10(1), PRF_X10(1), PRF_X10(0), PRF_X10(0), PRF_X10(0),
  PRF_X10(0), PRF_X10(0), PRF_X10(0), PRF_X10(0)), NULL, NULL, RM_NONE, "0.30",
  "agrees", RM_OK, "3/10", 0x1.3333333333333p-2},

@ {\it Example: three users' top 100} (\src{003}, E003.5).\here{E003.5}  Three
users have ``hit rates'' of 70, 10 and~40, which are in fact numbers of hits
in a top~100: per user \.{hr@@100[hit=precision]} is $\oursq{E003.5-a}$,
$\oursq{E003.5-b}$ and $\oursq{E003.5-c}$.  The source pools them,
$(70+10+40)/(3\cdot100)=120/300$, and prints 30\%; but $120/300=2/5$ is
40\%.  No reading of the printed inputs gives 30\%, which was most likely
copied from the previous example: an erratum, listed with the pooled value
in the part on aggregation.

@<Worked examples@>=
@/{"E003.5-a", "003_67084013e7b3df28.txt", "hr@@100[hit=precision]",
  RM_G(PRF_X10(1), PRF_X10(1), PRF_X10(1), PRF_X10(1), PRF_X10(1), PRF_X10(1),
  PRF_X10(1), PRF_X10(0), PRF_X10(0), PRF_X10(0)), NULL, NULL, RM_NONE, NULL,
  "not printed", RM_OK, "7/10", 0x1.6666666666666p-1},
@/{"E003.5-b", "003_67084013e7b3df28.txt", "hr@@100[hit=precision]",
  RM_G(PRF_X10(1), PRF_X10(0), PRF_X10(0), PRF_X10(0), PRF_X10(0), PRF_X10(0),
  PRF_X10(0), PRF_X10(0), PRF_X10(0), PRF_X10(0)), NULL, NULL, RM_NONE, NULL,
  "not printed", RM_OK, "1/10", 0x1.999999999999ap-4},
@/{"E003.5-c", "003_67084013e7b3df28.txt", "hr@@100[hit=precision]",
  RM_G(PRF_X10(1), PRF_X10(1), PRF_X10(1), PRF_X10(1), PRF_X10(0), PRF_X10(0),
  PRF_X10(0), PRF_X10(0), PRF_X10(0), PRF_X10(0)), NULL, NULL, RM_NONE, NULL,
  "not printed", RM_OK, "2/5", 0x1.999999999999ap-2},

@ {\it What \src{000}'s HitRate code computes.}\here{C000.1}  The source's
function |HitRate(test_df, topk=20, ...)| groups a data frame of candidate
rows (user, label, score) by user, and for every group with at least |topk|
rows sorts it by decreasing score, adds the sum of the labels of the first
|topk| rows to a count of hits, and adds the number of {\it all\/} the
group's rows to a count of items.  It returns
$${\sum_u h_K(u)\over\sum_u n(u)}$$
over the groups kept: per user \.{hr@@K[hit=rows]}, pooled.  This is the
recall of F000.1 only if every candidate row of a user is a test item, and
the precision of F000.2 only if a user has exactly $K$ rows; in general it
divides by negative rows as well.  Its defects:

\smallskip
\item{$\bullet$} it groups by |item_id| by default, not by user, and its
comment says so; the default column names |labels| and |scores| are not the
|label| and |pred_score| of the frame it describes, so the defaults fail;
\item{$\bullet$} a user with fewer than |topk| rows is dropped from both
counts without a word (a matter of aggregation), and if no user is left the
division by zero raises |ZeroDivisionError|;
\item{$\bullet$} pandas' |sort_values| is not stable by default, so the rows of
tied scores that make the top~$K$ are arbitrary;
\item{$\bullet$} labels are added as they are, so a graded label~2 counts as
two hits, where \.{rel} makes a binary relevance first;
\item{$\bullet$} the module uses |np| and never imports it.
\smallskip

\noindent On the source's own example, with each user's ten recommended
items followed by the user's other test items (rows of 14, 17 and 14), the
code's per-user values are $\oursq{C000.1-u1}$, $\oursq{C000.1-u2}$ and
$\oursq{C000.1-u3}$ and its result $15/45=1/3$, not 0.5.  If each
user's frame held only the ten recommended items, it would compute the
precisions of \secref{E000.1} and, pooled, $15/30=1/2$.

@<Worked examples@>=
@/{"C000.1-u1", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=rows]",
  RM_G(1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1), NULL, NULL, RM_NONE, NULL,
  "not printed", RM_OK, "3/7", 0x1.b6db6db6db6dbp-2},
@/{"C000.1-u2", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=rows]",
  RM_G(1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1), NULL, NULL, RM_NONE,
  NULL, "not printed", RM_OK, "5/17", 0x1.2d2d2d2d2d2d3p-2},
@/{"C000.1-u3", "000_0ec1f0283de4c3f9.txt", "hr@@10[hit=rows]",
  RM_G(1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1), NULL, NULL, RM_NONE, NULL,
  "not printed", RM_OK, "2/7", 0x1.2492492492492p-2},

@ {\it Cases small enough to check by hand.}  Each key of the chapter changes
the value on some small input; the inputs are those on which libraries
disagree in practice.

{\it Hit ratio.}  The ground truth is $\{a,b,c\}$ and the top three are
$a,b,x$: a hit at all, two of three relevant items found.
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
hr@@3[hit=any]&RecBole, ranx, trec\_eval \.{success\_3}&\oursq{T-prf-hr-any}\cr
hr@@3[hit=recall]&``HR = hits/GT''&\oursq{T-prf-hr-recall}\cr
hr@@3[hit=precision]&hits per item shown&\oursq{T-prf-hr-prec}\cr}}$$
@^trec\_eval@>@^RecBole@>@^ranx@>

@<Worked examples@>=
@/{"T-prf-hr-any", NULL, "hr@@3", RM_G(1, 1, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "1", 0x1p+0},
@/{"T-prf-hr-recall", NULL, "hr@@3[hit=recall]", RM_G(1, 1, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"T-prf-hr-prec", NULL, "hr@@3[hit=precision]", RM_G(1, 1, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},

@ {\it Recall and precision at a cutoff.}  Four items are relevant and the
list is $a,b$, both relevant, at $K=2$: recall divides by four or by
$\min(2,4)$.  Two items are relevant and the list is $a,x,b$, three items,
at $K=5$: precision divides by five or by three.
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
recall@@2&$h_2/R=2/4$ (trec\_eval, ranx, RecBole)&\oursq{T-prf-rec-rel}\cr
recall@@2[norm=min]&$h_2/\min(2,R)=2/2$ (LensKit, BEIR)&\oursq{T-prf-rec-min}\cr
precision@@5&$h_3/K=2/5$ (trec\_eval, ranx, Spark)&\oursq{T-prf-p-k}\cr
precision@@5[denom=list]&$h_3/k=2/3$ (LensKit, TF-Ranking)&\oursq{T-prf-p-list}\cr}}$$
@^trec\_eval@>@^RecBole@>@^ranx@>@^LensKit@>@^Spark MLlib@>

@<Worked examples@>=
@/{"T-prf-rec-rel", NULL, "recall@@2", RM_G(1, 1), NULL, NULL, RM_G(1, 1), NULL,
  "case", RM_OK, "1/2", 0x1p-1},
@/{"T-prf-rec-min", NULL, "recall@@2[norm=min]", RM_G(1, 1), NULL, NULL, RM_G(1, 1),
  NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-prf-p-k", NULL, "precision@@5", RM_G(1, 0, 1), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "2/5", 0x1.999999999999ap-2},
@/{"T-prf-p-list", NULL, "precision@@5[denom=list]", RM_G(1, 0, 1), NULL, NULL,
  RM_NONE, NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},

@ {\it The F-measure.}  Two items are returned, one of them relevant, and it
is the only relevant item: $P=1/2$, ${\rm Rec}=1$, and $F_\beta=(1+\beta^2)/
(\beta^2+2)$.  What scikit-learn calls $F_2$ and what trec\_eval calls
\.{set\_F.2} are different numbers:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
f&$F_1=2/3$&\oursq{T-prf-f-1}\cr
f[beta2=4]&scikit-learn |fbeta_score(beta=2)|: $5/6$&\oursq{T-prf-f-4}\cr
f[beta2=2]&trec\_eval \.{set\_F.2}, ir\_measures |SetF(beta=2)|: $3/4$&\oursq{T-prf-f-2}\cr
f[beta2=0.25]&$\beta=1/2$, precision weighs more: $5/9$&\oursq{T-prf-f-q}\cr}}$$
With no hit and a relevant item that was not found, $F_\beta$ is
$\oursq{T-prf-f-zero}$ by the definition above; with no relevant item at all
it is undefined, and \.{undef=zero} reports $\oursq{T-prf-f-undef}$ with the
status |RM_UNDEFINED|.
@^trec\_eval@>@^scikit-learn@>@^ir\_measures@>

@<Worked examples@>=
@/{"T-prf-f-1", NULL, "f", RM_G(1, 0), NULL, NULL, RM_NONE, NULL, "case", RM_OK,
  "2/3", 0x1.5555555555555p-1},
@/{"T-prf-f-4", NULL, "f[beta2=4]", RM_G(1, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"T-prf-f-2", NULL, "f[beta2=2]", RM_G(1, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "3/4", 0x1.8p-1},
@/{"T-prf-f-q", NULL, "f[beta2=0.25]", RM_G(1, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "5/9", 0x1.1c71c71c71c72p-1},
@/{"T-prf-f-zero", NULL, "f@@2", RM_G(0, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "0", 0x0p+0},
@/{"T-prf-f-undef", NULL, "f@@2", RM_G(0, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},

@ {\it R-precision.}  Three items are relevant and the list is $a,x,b,c$:
the first three ranks hold two of them, $\oursq{T-prf-rprec}$, although all
three were found by rank~4.  With the list $a,x$ only two ranks exist and the
value is $\oursq{T-prf-rprec-short}$, still over~$R=3$.

@<Worked examples@>=
@/{"T-prf-rprec", NULL, "rprec", RM_G(1, 0, 1, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"T-prf-rprec-short", NULL, "rprec", RM_G(1, 0), NULL, NULL, RM_G(1, 1), NULL,
  "case", RM_OK, "1/3", 0x1.5555555555555p-2},

@ {\it Ties and empty lists.}  Three items $d_1,d_2,d_3$, given in that
order, all with score 1.0, and only $d_1$ relevant.  At $K=2$ the top two
hold $d_1$ under \.{ties=input} and not under trec\_eval's \.{ties=id-desc};
averaged over the six orders, $d_1$ is in the top two with probability $2/3$:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
precision@@2&$1/2$&\oursq{T-prf-tie-input}\cr
precision@@2[ties=id-desc]&$0/2$&\oursq{T-prf-tie-iddesc}\cr
precision@@2[ties=average]&$(2/3)/2$&\oursq{T-prf-tie-avg}\cr
recall@@2[ties=average]&$(2/3)/1$&\oursq{T-prf-tie-avg-rec}\cr}}$$
An empty list has precision $\oursq{T-prf-empty-k}$ at $K=5$ (no hit in five
places), but no precision under \.{denom=list} (no place at all), which
\.{undef=zero} reports as $\oursq{T-prf-empty-list}$ with |RM_UNDEFINED|.
@^trec\_eval@>

@<Worked examples@>=
@/{"T-prf-tie-input", NULL, "precision@@2", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-prf-tie-iddesc", NULL, "precision@@2[ties=id-desc]", RM_G(1, 0, 0),
  RM_S(1, 1, 1), RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-prf-tie-avg", NULL, "precision@@2[ties=average]", RM_G(1, 0, 0),
  RM_S(1, 1, 1), RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1/3",
  0x1.5555555555555p-2},
@/{"T-prf-tie-avg-rec", NULL, "recall@@2[ties=average]", RM_G(1, 0, 0),
  RM_S(1, 1, 1), RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "2/3",
  0x1.5555555555555p-1},
@/{"T-prf-empty-k", NULL, "precision@@5", RM_NONE, NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "0", 0x0p+0},
@/{"T-prf-empty-list", NULL, "precision@@5[denom=list]", RM_NONE, NULL, NULL,
  RM_NONE, NULL, "case", RM_UNDEFINED, "0", 0x0p+0},

@ The code.  Every metric of the chapter is a ratio of counts, and one
function counts: it walks the first $k$ ranks, group by group under
\.{ties=average} and rank by rank otherwise, and returns the expected hits
as $h'+mc/g$ (with $mc=0$, $g=1$ when no group is cut, and always without
\.{ties=average}).  The counts are whole numbers, kept in
|unsigned long long|.

@s prf_hits int
@<Private types@>=
typedef struct {
  unsigned long long h; /* hits $h'$ of the groups wholly in the top $k$ */
  unsigned long long mc, g; /* the cut group's share: $mc/g$ expected hits */
} prf_hits;

@ @<Private functions@>=
static prf_hits top_hits(const rm_variant *v, const rm_list *l,
  const size_t *perm, size_t k)
{
  prf_hits x = {0, 0, 1};
  size_t r = 0, e, j, c;
  while (r < k) {
    e = v->ties == RM_TIES_AVERAGE ? tie_end(l, perm, r) : r + 1;
    for (c = 0, j = r; j < e; j++) c += (size_t) relevant(v, l, perm, j);
    if (e <= k) x.h += c;
    else x.mc = (unsigned long long) (k - r) * c, x.g = e - r;
    r = e;
  }
  return x;
}

@ The denominator $D$ of precision, recall and the hit ratios; it is~1 for
\.{hit=any}, whose numerator is the indicator.  Here |K| is the cutoff, or
$n$ without one, and |R| the number of relevant items, counted only when it
is needed.

@<Private functions@>=
static unsigned long long prf_den(const rm_variant *v, const rm_list *l)
{
  unsigned long long n = l->n, K = v->k ? v->k : n, k = K < n ? K : n, R;
  if (v->metric == RM_PRECISION) return v->k && v->denom == RM_DENOM_LIST ? k : K;
  if (v->metric == RM_HR && v->hit != RM_HIT_RECALL)
    return v->hit == RM_HIT_PRECISION ? K : v->hit == RM_HIT_ROWS ? n : 1;
  R = n_relevant(v, l);
  return v->metric == RM_RECALL && v->norm == RM_NORM_MIN && K < R ? K : R;
}

@ The double path of precision, recall and the hit ratios.  Without
\.{ties=average} it returns the hits over~$D$, two whole numbers; with it,
$(h'g+mc)/(gD)$, which is the same ratio with the fraction cleared.  For
F-measure and R-precision see below.

@<Private functions@>=
static rm_status prf_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n;
  prf_hits x = top_hits(v, l, perm, k);
  unsigned long long d = prf_den(v, l);
  if (v->metric == RM_HR && v->hit == RM_HIT_ANY) {
    *num = x.h > 0 ? 1.0 : 0.0; *den = 1.0;
  } else {
    *num = (double) (x.h * x.g + x.mc); *den = (double) (x.g * d);
  }
  return RM_OK;
}

@ The exact path of the same, in rationals: $h'+mc/g$ over~$D$.

@<Private functions@>=
static void q_set_ull(mpq_t q, unsigned long long a, unsigned long long b)
{
  mpz_set_ui(mpq_numref(q), (unsigned long) a);
  mpz_set_ui(mpq_denref(q), (unsigned long) b);
  mpq_canonicalize(q);
}
static rm_status prf_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n;
  prf_hits x = top_hits(v, l, perm, k);
  mpq_t t;
  if (v->metric == RM_HR && v->hit == RM_HIT_ANY) {
    mpq_set_ui(num, x.h > 0, 1); mpq_set_ui(den, 1, 1);
    return RM_OK;
  }
  mpq_init(t);
  q_set_ull(num, x.mc, x.g);
  q_set_ull(t, x.h, 1);
  mpq_add(num, num, t);
  q_set_ull(den, prf_den(v, l), 1);
  mpq_clear(t);
  return RM_OK;
}

@ The F-measure is $(p+q)h_k/(pR+qK)$ with $\beta^2=p/q$ (see above), set
to $0/0$ when $R=0$ so that it is undefined; R-precision is
$h_{\min(R,n)}/R$.  Neither takes \.{ties=average}, so $h_k$ is a whole
number.  One function gives the three counts $h$, $R$ and~$K$ (the cutoff,
or $n$); the double path forms the two products in 64-bit integers, the
exact path in GMP's.

@<Private functions@>=
static void fr_counts(const rm_variant *v, const rm_list *l, const size_t *perm,
  unsigned long long *h, unsigned long long *R, unsigned long long *K)
{
  unsigned long long n = l->n, k;
  *R = n_relevant(v, l);
  *K = v->metric == RM_RPREC ? *R : v->k ? v->k : n;
  k = *K < n ? *K : n;
  *h = top_hits(v, l, perm, (size_t) k).h;
}
static rm_status fr_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  unsigned long long h, R, K, p = (unsigned long long) v->beta2,
    q = (unsigned long long) v->beta2_den;
  fr_counts(v, l, perm, &h, &R, &K);
  if (v->metric == RM_RPREC) { *num = (double) h; *den = (double) R; }
  else {
    *num = (double) ((p + q) * h);
    *den = R == 0 ? 0.0 : (double) (p * R + q * K);
  }
  return RM_OK;
}
static rm_status fr_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  unsigned long long h, R, K;
  fr_counts(v, l, perm, &h, &R, &K);
  q_set_ull(num, h, 1); q_set_ull(den, R, 1);
  if (v->metric == RM_F && R > 0) {
    mpz_t t;
    mpz_init(t);
    mpz_mul_ui(mpq_numref(num), mpq_numref(num),
      (unsigned long) (v->beta2 + v->beta2_den)); /* $(p+q)h$ */
    mpz_mul_ui(mpq_numref(den), mpq_numref(den), (unsigned long) v->beta2);
    mpz_set_ui(t, (unsigned long) K);
    mpz_addmul_ui(mpq_numref(den), t, (unsigned long) v->beta2_den); /* $pR+qK$ */
    mpz_clear(t);
  }
  return RM_OK;
}

@ {\it The accuracy of the double path.}  Counting as in the chapter on
cumulative gain, each rounding costs one unit~$u$.  Without \.{ties=average}
the double path divides two whole numbers, each exact as a double below
$2^{53}$: one division, 1~ulp.  (For $F_\beta$ the numerator $(p+q)h_k$
and the denominator $pR+qK$ stay below $2^{53}$ as long as the list and the
judgments hold fewer than $2^{32}$ items, since $p,q\le10^6<2^{20}$.)  The
quotient of two exact doubles is in fact correctly rounded, so on these
lists the two paths give the same double; the tests check that too.  Under
\.{ties=average} the products $h'g+mc$ and $gD$, exact in 64 bits for lists
of fewer than $2^{32}$ items, may exceed $2^{53}$ and round once each when
converted, and the bound is 3~ulps
(for lists of fewer than $2^{26}$ items both are exact and the result is
again correctly rounded).  \.{hr[hit=any]} is 0 or~1 exactly: 0~ulps.
Measured over the random lists of the part on golden vectors, the largest
errors are \acc{precision}, \acc{recall}, \acc{f}, \acc{rprec} and
\acc{hr}~ulps for the five metrics.

@<Private functions@>=
static double prf_bound(const rm_variant *v)
{
  if (v->metric == RM_HR && v->hit == RM_HIT_ANY) return 0;
  return v->ties == RM_TIES_AVERAGE ? 3 : 1;
}

@ The variants that the chapter does not define, and the reasons given to a
caller.

@<Private functions@>=
static const char *recall_refuse(const rm_variant *v)
{
  return v->norm == RM_NORM_HITS ? "recall takes norm=rel or norm=min" : NULL;
}
static const char *rprec_refuse(const rm_variant *v)
{
  const char *why = no_cutoff(v);
  return why ? why : no_average(v);
}
static const char *hr_refuse(const rm_variant *v)
{
  return v->hit == RM_HIT_ANY && v->ties == RM_TIES_AVERAGE
    ? "ties=average is not defined for hr with hit=any" : NULL;
}

@ @<Metric codes@>=
RM_PRECISION, RM_RECALL, RM_F, RM_RPREC, RM_HR,

@ All five read the relevance threshold, a tie rule and \.{undef}; each adds
its own key, but R-precision, which has none.

@d PRF_KEYS (K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF))

@<Metric specifications@>=
@/[RM_PRECISION] = {"precision", PRF_KEYS | K(KEY_DENOM), ratio_d, ratio_x, prf_bound,
  NULL, NULL, prf_qratio, prf_dratio},
@/[RM_RECALL] = {"recall", PRF_KEYS | K(KEY_NORM), ratio_d, ratio_x, prf_bound,
  recall_refuse, NULL, prf_qratio, prf_dratio},
@/[RM_F] = {"f", PRF_KEYS | K(KEY_BETA2), ratio_d, ratio_x, prf_bound, no_average,
  NULL, fr_qratio, fr_dratio},
@/[RM_RPREC] = {"rprec", PRF_KEYS, ratio_d, ratio_x, prf_bound, rprec_refuse, NULL,
  fr_qratio, fr_dratio},
@/[RM_HR] = {"hr", PRF_KEYS | K(KEY_HIT), ratio_d, ratio_x, prf_bound, hr_refuse,
  NULL, prf_qratio, prf_dratio},

@ The vectors of the chapter: every value of every key, the cutoffs that
matter (1, beyond the list, none), and the tie rules.

@<Vector variant lists@>=
static const char *const prf_variants[] = {"precision", "precision@@1",
  "precision@@5", "precision@@10[denom=list]", "precision@@5[ties=average]",
  "precision@@10[denom=list,ties=average]", "precision@@5[rel=2]",
  "precision@@10[ties=id-desc]", "precision[undef=one]",
  "recall", "recall@@5", "recall@@10[norm=min]", "recall@@5[ties=average]",
  "recall@@10[norm=min,ties=average]", "recall@@10[ties=pessimistic]",
  "recall@@5[rel=3,undef=one]",
  "f", "f@@5", "f@@10[beta2=4]", "f@@10[beta2=0.25]", "f@@5[beta2=1/3]",
  "f@@10[ties=reverse]", "rprec", "rprec[ties=optimistic]", "rprec[rel=2]",
  "hr@@1", "hr@@5", "hr@@10[ties=id-asc]", "hr@@10[hit=recall]",
  "hr@@10[hit=precision]", "hr@@10[hit=rows]", "hr@@5[hit=rows,ties=average]",
  "hr@@5[hit=recall,ties=average]", "hr[hit=precision,undef=one]", NULL};

@ @<Vector families@>=
{"prf", "precision, recall, F and hit ratio: precision, recall, f, rprec, hr",
  1ULL << RM_PRECISION | 1ULL << RM_RECALL | 1ULL << RM_F | 1ULL << RM_RPREC
  | 1ULL << RM_HR, prf_variants},

@* Reciprocal rank.\here{q:rr}
The reciprocal rank rewards a ranking for putting a relevant item near the
top: an item at rank~$r$ is worth $1/r$.  Let $b_r=[g_r\ge t]$ be the
relevance of the item at rank~$r$, $k=\min(K,n)$ the ranks looked at, and $R$
the number of relevant items of the query, retrieved or not.  Three readings
of ``reciprocal rank'' are in use:
$$\eqalign{
\hbox{first hit:}\quad&{\rm RR}@@K={1\over r_1},\quad r_1=\min\{r\le k:b_r=1\}\quad(0\hbox{ if there is none});\cr
\hbox{sum over hits:}\quad&{\rm RR}_\Sigma@@K=\sum_{r=1}^{k}{b_r\over r};\cr
\hbox{mean over relevant items:}\quad&{\rm RR}_\mu@@K={1\over R}\sum_{r=1}^{k}{b_r\over r}.\cr}$$
The first is the reciprocal rank of trec\_eval and of nearly every library;
it ignores every relevant item after the first.  The second counts them all,
so it can exceed~1.  The third divides the second by the number of relevant
items; it is 0/0, undefined, for a query without any.  The {\it mean\/}
reciprocal rank, MRR, is the mean of one of these over queries (see the part
on aggregation).  They are the metric \.{rr} with the key \.{hits}:
\.{first} (the default), \.{sum} or \.{mean}.
@^reciprocal rank@>@^MRR@>

All three are rational, and their exact path is a fraction rounded once.
Under \.{ties=average} the expected first-hit reciprocal rank is not the
reciprocal rank of any single order; this version does not define it, and the
metric refuses that tie rule.
@^trec\_eval@>

@<Public types@>=
typedef enum {@+ RM_HITS_FIRST, RM_HITS_SUM, RM_HITS_MEAN @+} rm_hits;

@ @<Fields of a variant@>=
int hits; /* an |rm_hits| */

@ @<Key codes@>=
KEY_HITS,

@ @^keys of names, \.{hits}@>
@<Key specifications@>=
[KEY_HITS] = {"hits", hits_words, 0, 0, FIELD(hits), 0, NULL, 5},

@ @<Words and conditions of keys@>=
static const char *const hits_words[] = {"first", "sum", "mean", NULL};

@ {\it Where the sources state it.}\here{rr-sources}  Every source that names
MRR defines one of the three, and two of them contradict themselves.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm definition&\rm name here\cr
\noalign{\smallskip\hrule\smallskip}
\src{000}, F000.5&first relevant item, mean over users&\.{rr[hits=first]}\cr
\src{000}, F000.6&Tianchi: sum over hits in the top 5&\.{rr@@5[hits=sum]}\cr
\src{000}, code C000.3&scikit-learn's LRAP, called ``MRR''&\.{lrap}\cr
\src{001}, F001.5&first hit in the top $K$&\.{rr@@K[hits=first]}\cr
\src{002}, F002.6&mean of $1/r$ over the relevant items&\.{rr[hits=mean]}\cr
\src{004}, F004.1&first relevant result, mean over queries&\.{rr[hits=first]}\cr}}$$
\src{000\_0ec1f0283de4c3f9.txt} gives the usual formula, ${\rm MRR}=
(1/\vert Q\vert)\sum_i 1/{\rm rank}_i$ with ${\rm rank}_i$ the position of the
first ground-truth item (F000.5), but introduces it as the rank of the ``most
relevant'' document, which is the same thing only for binary relevance.  It
then presents the score of the Tianchi news-recommendation contest, also
called MRR: for each user, $\sum_{k\le5}s(k)/k$ with $s(k)=1$ when the $k$th
article was clicked (F000.6), which counts every hit.  In that contest each
user has exactly one clicked article, and then the sum is the first-hit
reciprocal rank; with several clicks it is not.
\src{001\_2e9bf761b3089294.txt} restricts the first hit to the top~$K$ and
scores~0 without one (F001.5), as its code does.
\src{002\_99164a9873301b8b.txt} describes MRR in words as the reciprocal of
the rank of ``the standard answer'', but its worked example averages $1/r$
over all four relevant documents (F002.6).
\src{004\_7c0f0b5a1381237a.txt} defines the first-hit MRR and averages over
queries (F004.1), but its prose says that ``the final score is the sum of all
scores''; its example takes the mean.
@^scikit-learn@>

@ {\it Examples: the Tianchi score} (\src{000}, E000.2).\here{E000.2}  Five articles are
recommended; the source scores four cases.
$$\vbox{\halign{#\hfil\quad&\hfil#\quad&\hfil#\quad&\hfil#\cr
&printed&\.{rr@@5[hits=sum]}&\.{rr@@5[hits=first]}\cr
\noalign{\smallskip}
hit at rank 1&1&\ours{E000.2-a}&\ours{E000.2-a-first}\cr
hit at rank 2&1/2&\ours{E000.2-b}&\ours{E000.2-b-first}\cr
no hit&0&\ours{E000.2-c}&\ours{E000.2-c-first}\cr
hits at ranks 1 and 3&$1/1+1/3$&\oursq{E000.2-d}&\ours{E000.2-d-first}\cr}}$$
All agree with the source's own formula; the last case, $4/3>1$, shows that
it is a sum and not the reciprocal rank of the first hit.  (The prose also
says that $s({\rm user}_1,2\ldots4)$ are~0, meaning $2\ldots5$.)

@<Worked examples@>=
@/{"E000.2-a", "000_0ec1f0283de4c3f9.txt", "rr@@5[hits=sum]", RM_G(1, 0, 0, 0, 0),
  NULL, NULL, RM_NONE, "1", "agrees", RM_OK, "1", 0x1p+0},
@/{"E000.2-b", "000_0ec1f0283de4c3f9.txt", "rr@@5[hits=sum]", RM_G(0, 1, 0, 0, 0),
  NULL, NULL, RM_NONE, "1/2", "agrees", RM_OK, "1/2", 0x1p-1},
@/{"E000.2-c", "000_0ec1f0283de4c3f9.txt", "rr@@5[hits=sum]", RM_G(0, 0, 0, 0, 0),
  NULL, NULL, RM_NONE, "0", "agrees", RM_OK, "0", 0x0p+0},
@/{"E000.2-d", "000_0ec1f0283de4c3f9.txt", "rr@@5[hits=sum]", RM_G(1, 0, 1, 0, 0),
  NULL, NULL, RM_NONE, "1/1+1/3", "agrees", RM_OK, "4/3", 0x1.5555555555555p+0},
@/{"E000.2-a-first", NULL, "rr@@5", RM_G(1, 0, 0, 0, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "1", 0x1p+0},
@/{"E000.2-b-first", NULL, "rr@@5", RM_G(0, 1, 0, 0, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "1/2", 0x1p-1},
@/{"E000.2-c-first", NULL, "rr@@5", RM_G(0, 0, 0, 0, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "0", 0x0p+0},
@/{"E000.2-d-first", NULL, "rr@@5", RM_G(1, 0, 1, 0, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "1", 0x1p+0},

@ {\it Example: four relevant documents} (\src{002}, E002.3).\here{E002.3}
One topic has relevant documents at ranks 1, 2, 4 and~7 of seven.  The source
computes $(1/1+1/2+1/4+1/7)/4=0.475$.  The sum is $53/28$, and divided by four
it is $\oursq{E002.3}=\ours{E002.3}$, which rounds to 0.473: the printed
0.475 comes from taking $1/7$ as 0.15 ($1+0.5+0.25+0.15=1.9$ and
$1.9/4=0.475$).  An erratum.  The first-hit reciprocal rank of the same
topic is $\ours{E002.3-first}$, and the Tianchi sum $\oursq{E002.3-sum}$.

@<Worked examples@>=
@/{"E002.3", "002_99164a9873301b8b.txt", "rr[hits=mean]", RM_G(1, 1, 0, 1, 0, 0, 1),
  NULL, NULL, RM_NONE, "0.475", "erratum", RM_OK, "53/112", 0x1.e492492492492p-2},
@/{"E002.3-first", NULL, "rr", RM_G(1, 1, 0, 1, 0, 0, 1), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "1", 0x1p+0},
@/{"E002.3-sum", NULL, "rr[hits=sum]", RM_G(1, 1, 0, 1, 0, 0, 1), NULL, NULL,
  RM_NONE, NULL, "case", RM_OK, "53/28", 0x1.e492492492492p+0},

@ {\it Example: three queries} (\src{004}, E004.1).\here{E004.1}  Three shopping queries
have their first correct result at ranks 2, 1 and~3.  Their reciprocal ranks
are $\oursq{E004.1-q1}$, $\oursq{E004.1-q2}$ and $\oursq{E004.1-q3}$, and the
source's MRR, their mean $(1/2+1+1/3)/3=11/18$, agrees; it is recomputed in
the part on aggregation.  Read literally, the prose's ``sum of all scores''
would give $11/6$.

@<Worked examples@>=
@/{"E004.1-q1", "004_7c0f0b5a1381237a.txt", "rr", RM_G(0, 1, 0), NULL, NULL,
  RM_NONE, "1/2", "agrees", RM_OK, "1/2", 0x1p-1},
@/{"E004.1-q2", "004_7c0f0b5a1381237a.txt", "rr", RM_G(1, 0, 0), NULL, NULL,
  RM_NONE, "1", "agrees", RM_OK, "1", 0x1p+0},
@/{"E004.1-q3", "004_7c0f0b5a1381237a.txt", "rr", RM_G(0, 0, 1), NULL, NULL,
  RM_NONE, "1/3", "agrees", RM_OK, "1/3", 0x1.5555555555555p-2},

@ {\it Cutoffs and ties.}\here{rr-cases}  The cutoff matters only for a first hit below it:
relevant items at ranks 2 and~4 give $\ours{T-rr-cut1}$ for \.{rr@@1},
$\oursq{T-rr-cut3}$ for \.{rr@@3}.  Ties matter as for nDCG: three items of
equal score, only the first relevant, give $\ours{T-rr-input}$ under
\.{ties=input} and $\oursq{T-rr-iddesc}$ under trec\_eval's \.{ties=id-desc}.
@^trec\_eval@>

@<Worked examples@>=
@/{"T-rr-cut1", NULL, "rr@@1", RM_G(0, 1, 0, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "0", 0x0p+0},
@/{"T-rr-cut3", NULL, "rr@@3", RM_G(0, 1, 0, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "1/2", 0x1p-1},
@/{"T-rr-input", NULL, "rr", RM_G(1, 0, 0), RM_S(1, 1, 1), RM_I("d1", "d2", "d3"),
  RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-rr-iddesc", NULL, "rr[ties=id-desc]", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},

@ The code.  One pass over the first $k$ ranks gives the sum of $b_r/r$, or
stops at the first hit.  On the double path each term $1/r$ is one division
($u$), the compensated sum one more ($u$), and \.{hits=mean} a final
division ($u$): bounds of 1, 2 and 3~ulps.

@<Private functions@>=
static rm_status rr_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, r;
  nsum s = {0, 0};
  for (r = 0; r < k; r++)
    if (relevant(v, l, perm, r)) {
      nsum_add(&s, 1.0 / (double) (r + 1));
      if (v->hits == RM_HITS_FIRST) break;
    }
  *num = s.s + s.c;
  *den = v->hits == RM_HITS_MEAN ? (double) n_relevant(v, l) : 1.0;
  return RM_OK;
}
static rm_status rr_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, r;
  mpq_t t;
  mpq_init(t);
  mpq_set_ui(num, 0, 1);
  for (r = 0; r < k; r++)
    if (relevant(v, l, perm, r)) {
      mpq_set_ui(t, 1, (unsigned long) (r + 1));
      mpq_add(num, num, t);
      if (v->hits == RM_HITS_FIRST) break;
    }
  mpq_clear(t);
  mpq_set_ui(den, v->hits == RM_HITS_MEAN ? (unsigned long) n_relevant(v, l) : 1, 1);
  return RM_OK;
}
static double rr_bound(const rm_variant *v)
{
  return v->hits == RM_HITS_FIRST ? 1 : v->hits == RM_HITS_SUM ? 2 : 3;
}

@ @<Metric codes@>=
RM_RR,

@ @<Metric specifications@>=
[RM_RR] = {"rr", K(KEY_HITS) | K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), ratio_d,
  ratio_x, rr_bound, no_average, NULL, rr_qratio, rr_dratio},

@ {\it What \src{000}'s ``MRR'' code computes.}\here{C000.3}\here{q:lrap}  The source's
function named MRR collects the label and score vectors of every user and
calls scikit-learn's |label_ranking_average_precision_score| (LRAP).  For one
list with relevant set $Y$ (the relevant items among those scored), LRAP is
$${\rm LRAP}={1\over\vert Y\vert}\sum_{j\in Y}
  {\vert\{i\in Y: s_i\ge s_j\}\vert\over\vert\{i: s_i\ge s_j\}\vert},$$
an average precision in which every tie is counted against the ranking (an
item's rank is the number of items scored at least as high).  It is not a
reciprocal rank: it equals the first-hit reciprocal rank, with pessimistic
ties, only when a list has exactly one relevant item, which is the common
protocol of one positive among sampled negatives and probably why the source
calls it MRR.  A list with no relevant item scores~1 in scikit-learn, so the
metric \.{lrap} defaults to \.{undef=one}; it has no cutoff and no tie rule
of its own choosing.  The source's code also has defects beyond the name:
its default column names do not match the frame it describes, it groups by
item where it means user, it drops silently every user with fewer than
|topk| rows, it ignores |topk| as a cutoff, and it fails when users have
lists of different lengths.

Example: relevance $(0,0,1,0)$ with scores $(0.9,0.5,0.5,0.1)$; the relevant
item ties with one irrelevant item, so its rank is~3 and
${\rm LRAP}=\oursq{C000.3-lrap}$, which is also the first-hit reciprocal rank
under \.{ties=pessimistic}; under \.{ties=optimistic} the reciprocal rank is
$\oursq{C000.3-rr}$.
@^scikit-learn@>

@<Worked examples@>=
@/{"C000.3-lrap", "000_0ec1f0283de4c3f9.txt", "lrap", RM_G(0, 0, 1, 0),
  RM_S(0.9, 0.5, 0.5, 0.1), NULL, RM_NONE, NULL, "not printed", RM_OK, "1/3",
  0x1.5555555555555p-2},
@/{"C000.3-rr", NULL, "rr[ties=optimistic]", RM_G(0, 0, 1, 0), RM_S(0.9, 0.5, 0.5, 0.1), NULL,
  RM_NONE, NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-lrap-two", NULL, "lrap", RM_G(1, 0, 1, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"T-lrap-none", NULL, "lrap", RM_G(0, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "1", 0x1p+0},

@ For each relevant item $j$ the two counts are the items and the relevant
items at or above its pessimistic rank: the end of its tie group in the
ranking.  Walking the ranking once, group by group, gives them all.  The
double path divides each count ($u$), sums ($u$) and divides by $\vert
Y\vert$ ($u$): 3~ulps.

@<Private functions@>=
static rm_status lrap_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t r = 0, e, j, above = 0, rel_above = 0, y = 0;
  nsum s = {0, 0};
  while (r < l->n) {
    size_t here = 0;
    e = tie_end(l, perm, r);
    for (j = r; j < e; j++) here += relevant(v, l, perm, j);
    above += e - r; rel_above += here; y += here;
    for (j = 0; j < here; j++) nsum_add(&s, (double) rel_above / (double) above);
    r = e;
  }
  *num = s.s + s.c; *den = (double) y;
  return RM_OK;
}
static rm_status lrap_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t r = 0, e, j, above = 0, rel_above = 0, y = 0;
  mpq_t t;
  mpq_init(t);
  mpq_set_ui(num, 0, 1);
  while (r < l->n) {
    size_t here = 0;
    e = tie_end(l, perm, r);
    for (j = r; j < e; j++) here += relevant(v, l, perm, j);
    above += e - r; rel_above += here; y += here;
    if (here) {
      mpq_set_ui(t, (unsigned long) (rel_above * here), (unsigned long) above);
      mpq_canonicalize(t);
      mpq_add(num, num, t);
    }
    r = e;
  }
  mpq_clear(t);
  mpq_set_ui(den, (unsigned long) y, 1);
  return RM_OK;
}
static double lrap_bound(const rm_variant *v)
{
  (void) v;
  return 3;
}

@ @<Metric codes@>=
RM_LRAP,

@ The vectors of the chapter.

@<Vector variant lists@>=
static const char *const rr_variants[] = {"rr", "rr@@1", "rr@@5", "rr@@10[hits=sum]",
  "rr[hits=mean]", "rr@@10[hits=mean,undef=one]", "rr@@10[ties=id-desc]",
  "rr@@10[ties=reverse]", "rr@@10[ties=pessimistic]", "rr@@10[ties=optimistic]",
  "rr@@5[rel=2]", "lrap", "lrap[rel=2,undef=zero]", NULL};

@ @<Vector families@>=
{"rr", "reciprocal rank: rr, lrap", 1ULL << RM_RR | 1ULL << RM_LRAP, rr_variants},

@ @<Metric specifications@>=
[RM_LRAP] = {"lrap", K(KEY_REL) | K(KEY_UNDEF), ratio_d, ratio_x, lrap_bound,
  no_cutoff, undef_one, lrap_qratio, lrap_dratio},

@* Average precision.\here{q:ap}
Average precision rewards a ranking for putting {\it all\/} its relevant
items near the top: it is the mean, over the relevant items, of the
precision at their ranks.  Let $b_r=[g_r\ge t]$ be the relevance of the item
at rank~$r$, $h_r=b_1+\cdots+b_r$ the number of relevant items in the top~$r$,
${\rm P}@@r=h_r/r$ the precision there, $k=\min(K,n)$ the ranks looked at,
and $R$ the number of relevant items of the query, retrieved or not.  Then
$${\rm AP}@@K={1\over N}\sum_{r=1}^{k}b_r\,{\rm P}@@r
  ={1\over N}\sum_{r=1}^{k}b_r\,{h_r\over r},$$
and the readings of the name differ only in the normaliser~$N$, which is the
shared key \.{norm}:
$$\vbox{\halign{\tt#\hfil\quad&$#$\hfil\quad&#\hfil\cr
norm=rel&N=R&trec\_eval's \.{map} and \.{map\_cut}, ranx\cr
norm=min&N=\min(K,R)&Spark's \.{meanAveragePrecisionAt}, RecBole,\cr
&&MS Recommenders' \.{map\_at\_k}\cr
norm=hits&N=h_k&torchmetrics' \.{retrieval\_average\_precision}\cr}}$$
Without a cutoff \.{norm=min} is \.{norm=rel}.  With $N=R$ a relevant item
that is not in the top~$k$ counts with precision~0; with $N=h_k$ it does not
count at all, so that one relevant item at rank~1 gives $1$ however many were
missed.  When $N=0$ the value is $0/0$, undefined, and the key \.{undef}
says what is reported (default \.{zero}).  For \.{rel} and \.{min} that
happens only for a query without relevant items; for \.{hits} also when none
of them is in the top~$k$.  The metric is \.{ap}.  The {\it mean\/} average
precision, MAP, is the mean of the average precisions of the queries; it is
computed in the part on aggregation.
@^average precision@>@^MAP@>

Average precision is rational, and its exact path is a fraction rounded
once.  As for the first-hit reciprocal rank, the expected average precision
over the orders of a tie is not the value of any one order, and this version
does not define it: the metric refuses \.{ties=average}.
@^trec\_eval@>@^RecBole@>@^ranx@>@^torchmetrics@>@^Spark MLlib@>

@ {\it The step AP of scikit-learn.}\here{q:apstep}  scikit-learn's |average_precision_score|
reads a list not as a ranking but as a set of scored items, and integrates
its precision--recall curve as a step function.  Let $s_1>s_2>\cdots$ be the
{\it distinct\/} scores, and for the threshold $s_j$ let $A_j$ be the number
of items scored at least $s_j$ and $H_j$ the number of relevant items among
them; let $P$ be the number of relevant items in the list ({\it not\/}
counting those never retrieved, which have no score).  Then
$${\rm AP}_{\rm step}=\sum_j (R_j-R_{j-1})\,P_j,\qquad R_j={H_j\over P},\quad
  P_j={H_j\over A_j},\quad R_0=0.$$
A group of tied items is one step, and every relevant item in it gets the
precision at the {\it end\/} of the group.  Without scores every item is a
threshold of its own, and the step AP is \.{ap[norm=hits]} of the whole
list.  There is no cutoff (the metric refuses one), and there is no tie rule
to choose: the semantics of ties are fixed.  With no relevant item in the
list the value is undefined; scikit-learn has returned NaN (before version
1.1) and 0 (since), so the metric takes \.{undef} with the default
\.{zero}.  The metric is \.{apstep}; it takes \.{rel} and \.{undef}.
@^step average precision@>@^scikit-learn@>

Grouping the steps by items shows that \.{apstep} is \.{lrap} (see
\secref{C000.3}) under another convention for the undefined case: a tie
group that ends at rank~$e$ adds $(H/P)\cdot(\hbox{its relevant
items})/A$ with $H=h_e$ and $A=e$, and LRAP gives each of those relevant
items the same ratio $h_e/e$ (the pessimistic rank of an item is the end of
its group).  A list with no relevant item is 1 for LRAP and 0 or NaN for
scikit-learn's AP, and that is all that tells them apart.

@ {\it Interpolated AP.}\here{q:ap11}  The eleven-point interpolated average precision of
Manning, Raghavan and Sch\"utze ({\sl Introduction to Information
Retrieval}, \S8.4) first makes the precision--recall curve monotone.  The
{\it interpolated precision\/} at recall level~$\rho$ is the best precision at
any recall at least as large:
$$p_{\rm interp}(\rho)=\max_{\rho'\ge\rho}p(\rho').$$
Over a ranked list the points of the curve are the ranks $i\le k$, at recall
$h_i/R$ (with $R$ all the relevant items, retrieved or not) and precision
${\rm P}@@i$, so
$$p_{\rm interp}(\rho)=\max\{\,{\rm P}@@i: i\le k,\ h_i/R\ge\rho\,\}
  \quad(0\hbox{ if there is no such }i),\qquad
  {\rm AP}_{11}@@K={1\over11}\sum_{j=0}^{10}p_{\rm interp}(j/10).$$
Recall levels that the top~$k$ never reaches get~0.  We compare $h_i/R\ge
j/10$ exactly, as $10h_i\ge jR$.  With $R=0$ the value is undefined.  The
metric is \.{ap11}; it takes a cutoff, \.{rel}, \.{ties} (but not
\.{average}, as for \.{ap}) and \.{undef}.
@^interpolated precision@>@^eleven-point average precision@>

@ {\it Where the sources state it.}\here{ap-sources}\here{F000.3}%
\here{F002.5}\here{F004.2}\here{E000.5}  Four of the five sources define
average precision, with two normalisers between them; one more source's code
computes scikit-learn's step AP.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm definition&\rm name here\cr
\noalign{\smallskip\hrule\smallskip}
\src{000}, F000.3&mean of P@@r over all relevant items&\.{ap}\cr
\src{000}, code C000.2&scikit-learn's step AP, per user&\.{apstep}\cr
\src{001}, F001.7&mean of P@@r over the hits in the top $K$&\.{ap@@K[norm=hits]}\cr
\src{002}, F002.5&mean of $k/{\rm pos}_k$ over the relevant items&\.{ap}\cr
\src{004}, F004.2--3&the same, after IIR \S8.4&\.{ap}\cr
\src{004}&interpolated MAP, described only&\.{ap11} (our reading)\cr}}$$
\src{000\_0ec1f0283de4c3f9.txt} gives, for a user $u$ with ground truth
$\Omega_u$ and $p_{ui}$ the position of item~$i$ (F000.3),
$${\rm AP}_u={1\over\vert\Omega_u\vert}\sum_{i\in\Omega_u}
  {\sum_{j\in\Omega_u}h(p_{uj}<p_{ui})+1\over p_{ui}},$$
where the numerator counts the relevant items at or above~$i$, so each term
is ${\rm P}@@p_{ui}$ and the normaliser is all the relevant items: \.{ap}.
There is no cutoff, and every ground-truth item is assumed to have a
position.  The prose around it goes astray twice: it sorts by score in
{\it ascending\/} order and then counts the relevant items ``on the left'',
which are the lower-ranked ones, and it says that ``taking the top-$K$
precisions is AP'', leaving out the mean.  The formula is what we follow.
The example that should have made it ``clear at once'' was an image and is
lost (E000.5).  MAP is the mean over users (F000.4).

\src{001\_2e9bf761b3089294.txt} defines AP@@$K$ as
$(1/\vert R(u)\cap T(u)\vert)\sum_{k\le K}{\rm Precision}(k)\,{\rm rel}(k)$
(F001.7): the normaliser is the number of hits in the top~$K$, and its code
does the same and returns 0 without a hit (see below).  Its
worked examples were images and are lost.

\src{002\_99164a9873301b8b.txt} states its formulas as images, which are
lost; the prose says that ``MAP is the mean over topics of the average
precision'', its arithmetic divides $\sum_k k/{\rm pos}_k$ by the number of
relevant documents (F002.5), and ``if the system returns no relevant
document, the precision defaults to~0'', which is what \.{ap} gives for a
query that has relevant items but retrieves none.  The post computes MAP on
labels from 0 to~3 without saying which count as relevant; that choice is the
key \.{rel}.

\src{004\_7c0f0b5a1381237a.txt} gives the MAP of {\sl Introduction to
Information Retrieval},
$${\rm MAP}(Q)={1\over\vert Q\vert}\sum_{j=1}^{\vert Q\vert}{1\over m_j}
  \sum_{k=1}^{m_j}{\rm Precision}(R_{jk}),$$
with $R_{jk}$ the ranking down to the $k$th relevant document (F004.2), and
its example uses the same thing written over
ranks, $(1/m)\sum_k{\rm P}@@k\cdot{\rm rel}(k)$ (F004.3).  The mean is over
all $m_j$ relevant documents; that a relevant document never retrieved
counts with precision~0 is said in the book, not in the post.  The post also
describes an ``interpolated MAP'' (interpolated precision at each recall
level, averaged, then averaged over queries) but does not say which recall
levels or which interpolation; it is not defined there.  \.{ap11} is the
usual reading, the eleven levels of IIR with the maximum to the right.
@^scikit-learn@>

@ {\it Example: one query of seven results} (\src{004}, E004.2).\here{E004.2}%
\here{E004.3}
The relevance column of the source's table was lost in extraction; the
printed expression $(1\cdot1+1\cdot1+{2\over3}\cdot0+{2\over4}\cdot0+
{3\over5}\cdot1+{3\over6}\cdot0+{3\over7}\cdot0)/3$ gives it back: relevant
items at ranks 1, 2 and~5 of seven, and $m=3$.
$$\vbox{\halign{#\hfil\quad&&\hfil$#$\quad\cr
rank $r$&1&2&3&4&5&6&7\cr
$b_r$&1&1&0&0&1&0&0\cr
${\rm P}@@r$&1&1&2/3&2/4&3/5&3/6&3/7\cr
$b_r\,{\rm P}@@r$&1&1&0&0&3/5&0&0\cr}}$$
The terms add to $13/5$, and ${\rm AP}=13/15$: the source prints
\printed{E004.2}, and ours is $\oursq{E004.2}=\ours{E004.2}$.  They agree.
The second query of the source, and with it the MAP, are lost: the page ends
after the first (E004.3).  The precision after each rank against the recall,
and the interpolated precision $p_{\rm interp}(r)=\max_{r'\ge r}p(r')$ above
it, whose values at the eleven recall levels make the 11-point AP of this
query, $\oursq{E004.2-ap11}$:
\figure{fig-pr004}{Precision against recall after each rank of 004's first
query (dots) and the interpolated precision (the step curve).}

@<Worked examples@>=
@/{"E004.2", "004_7c0f0b5a1381237a.txt", "ap", RM_G(1, 1, 0, 0, 1, 0, 0), NULL, NULL,
  RM_NONE, "13/15", "agrees", RM_OK, "13/15", 0x1.bbbbbbbbbbbbcp-1},
@/{"E004.2-hits", NULL, "ap[norm=hits]", RM_G(1, 1, 0, 0, 1, 0, 0), NULL, NULL,
  RM_NONE, NULL, "case", RM_OK, "13/15", 0x1.bbbbbbbbbbbbcp-1},

@ {\it Example: one topic} (\src{002}, E002.2).\here{E002.2}  One topic has
four relevant documents, found at ranks 1, 2, 4 and~7 of seven.  The source
computes $(1/1+2/2+3/4+4/7)/4=0.83$; the sum is $93/28$ and the average
precision $\oursq{E002.2}=\ours{E002.2}$, which rounds to the printed
\printed{E002.2}.  It agrees.  Every relevant document is retrieved, so
$h_7=R$ and \.{ap[norm=hits]} gives the same, $\oursq{E002.2-hits}$; the
example cannot tell the two normalisers apart.  This topic is the first of a
widely copied two-topic example; the second topic is not in the source, and
we do not treat it.

@<Worked examples@>=
@/{"E002.2", "002_99164a9873301b8b.txt", "ap", RM_G(1, 1, 0, 1, 0, 0, 1), NULL, NULL,
  RM_NONE, "0.83", "agrees", RM_OK, "93/112", 0x1.a924924924925p-1},
@/{"E002.2-hits", NULL, "ap[norm=hits]", RM_G(1, 1, 0, 1, 0, 0, 1), NULL, NULL,
  RM_NONE, NULL, "case", RM_OK, "93/112", 0x1.a924924924925p-1},

@ {\it Normalising by the hits} (\src{001}, F001.7).\here{F001.7}  The
evaluator of \src{001} adds $h_r/r$ at each hit and divides by the number
of hits, or returns 0 without one.  A toy case shows what that means: the
ground truth is $\{1,2,3,4\}$ and the top three recommendations are items
1, 9 and~8, so the grades are $(1,0,0)$ and three relevant items are never
retrieved.  The code's \.{ap@@3[norm=hits]} is $\oursq{F001.7-hits}$, a
perfect score; \.{ap@@3} is $\oursq{F001.7-rel}$ and \.{ap@@3[norm=min]} is
$\oursq{F001.7-min}$.  Without a hit the code's 0 is our \.{undef=zero}.

@<Worked examples@>=
@/{"F001.7-hits", NULL, "ap@@3[norm=hits]", RM_G(1, 0, 0), NULL, NULL, RM_G(1, 1, 1),
  NULL, "case", RM_OK, "1", 0x1p+0},
@/{"F001.7-rel", NULL, "ap@@3", RM_G(1, 0, 0), NULL, NULL, RM_G(1, 1, 1), NULL, "case",
  RM_OK, "1/4", 0x1p-2},
@/{"F001.7-min", NULL, "ap@@3[norm=min]", RM_G(1, 0, 0), NULL, NULL, RM_G(1, 1, 1),
  NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},

@ {\it The three normalisers on one list.}  Three items are relevant; the
ranking is $a,x,b,y,z$ with $a$ and $b$ relevant and the third never
retrieved, and $K=2$, so the top two hold one hit, at rank~1, and the sum is
${\rm P}@@1=1$.  Then \.{ap@@2} divides by $R=3$ and gives
$\oursq{T-ap-rel2}$ (trec\_eval's \.{map\_cut\_2}), \.{ap@@2[norm=min]} by
$\min(2,3)=2$ and gives $\oursq{T-ap-min2}$ (Spark, RecBole), and
\.{ap@@2[norm=hits]} by $h_2=1$ and gives $\oursq{T-ap-hits2}$
(torchmetrics).  Over the whole list \.{ap} is $(1+2/3)/3=\oursq{T-ap-full}$,
\.{apstep} divides by the two relevant items that were scored,
$\oursq{T-apstep-full}$, and \.{ap11} is $\oursq{T-ap11-full}$ (precision~1
up to recall 0.3, $2/3$ from 0.4 to 0.6, and recall $2/3$ is the most the
list reaches).  A cutoff beyond the list changes only \.{norm=min}:
relevant items at ranks 1 and~3 of three, $R=2$, give
\.{ap@@10[norm=min]}${}=(1+2/3)/\min(10,2)=\oursq{T-ap-kbeyond}$.
@^trec\_eval@>@^RecBole@>@^torchmetrics@>@^Spark MLlib@>

@<Worked examples@>=
@/{"T-ap-rel2", NULL, "ap@@2", RM_G(1, 0, 1, 0, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "1/3", 0x1.5555555555555p-2},
@/{"T-ap-min2", NULL, "ap@@2[norm=min]", RM_G(1, 0, 1, 0, 0), NULL, NULL, RM_G(1), NULL,
  "case", RM_OK, "1/2", 0x1p-1},
@/{"T-ap-hits2", NULL, "ap@@2[norm=hits]", RM_G(1, 0, 1, 0, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-ap-full", NULL, "ap", RM_G(1, 0, 1, 0, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "5/9", 0x1.1c71c71c71c72p-1},
@/{"T-apstep-full", NULL, "apstep", RM_G(1, 0, 1, 0, 0), NULL, NULL, RM_G(1), NULL,
  "case", RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"T-ap11-full", NULL, "ap11", RM_G(1, 0, 1, 0, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "6/11", 0x1.1745d1745d174p-1},
@/{"T-ap-kbeyond", NULL, "ap@@10[norm=min]", RM_G(1, 0, 1), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},

@ {\it Undefined values and the threshold.}  A query without relevant items
has $R=0$: \.{ap} of grades $(0,0)$ is undefined, reported as
$\ours{T-ap-norel}$.  A query whose one relevant item is at rank~3 has no
hit in the top two: \.{ap@@2} is a defined $\ours{T-ap-nohit-rel}$,
\.{ap@@2[norm=hits]} is undefined and reported as $\ours{T-ap-nohit}$, or
$\ours{T-ap-nohit-one}$ under \.{undef=one}.  \.{apstep} counts only the
relevant items in the list: grades $(0,0)$ with one relevant item never
retrieved are undefined for it ($\ours{T-apstep-none}$), while \.{ap} gives
a defined~$\ours{T-ap-unret}$.  \.{ap11} is undefined with $R=0$
($\ours{T-ap11-none}$).  The threshold selects the relevant items: grades
$(2,1,0,3)$ under \.{ap[rel=2]} have relevant items at ranks 1 and~4 only,
and $(1+2/4)/2=\oursq{T-ap-rel}$.

@<Worked examples@>=
@/{"T-ap-norel", NULL, "ap", RM_G(0, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},
@/{"T-ap-nohit-rel", NULL, "ap@@2", RM_G(0, 0, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "0", 0x0p+0},
@/{"T-ap-nohit", NULL, "ap@@2[norm=hits]", RM_G(0, 0, 1), NULL, NULL, RM_NONE, NULL,
  "case", RM_UNDEFINED, "0", 0x0p+0},
@/{"T-ap-nohit-one", NULL, "ap@@2[norm=hits,undef=one]", RM_G(0, 0, 1), NULL, NULL,
  RM_NONE, NULL, "case", RM_UNDEFINED, "1", 0x1p+0},
@/{"T-apstep-none", NULL, "apstep", RM_G(0, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},
@/{"T-ap-unret", NULL, "ap", RM_G(0, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "0", 0x0p+0},
@/{"T-ap11-none", NULL, "ap11", RM_G(0, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},
@/{"T-ap-rel", NULL, "ap[rel=2]", RM_G(2, 1, 0, 3), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "3/4", 0x1.8p-1},

@ {\it What \src{000}'s MAP code computes.}\here{C000.2}  The source's
function |MAP| groups the rows (by the column |item_id| unless told
otherwise, as its ``MRR'' does; see \secref{C000.3}), drops every group with
fewer than |topk| rows, calls scikit-learn's
|average_precision_score(labels, scores)| on each remaining group {\it
whole}, and averages the results that are not NaN.  Per user that is
\.{apstep}, and the mean over users belongs to the part on aggregation.  Its
defects:
\smallskip
\item{$\bullet$} There is no top-$K$ truncation: |topk| only decides which
users are kept, so the result is not a MAP@@$K$ for any~$K$.
\item{$\bullet$} A user without positives gives NaN under scikit-learn
before 1.1, which the |isnan| test skips, and 0 since (scikit-learn pull
request 19085), which is counted and pulls the mean down: the output depends
on the installed version.  \.{undef=zero} is the newer behaviour; the older
one removes the user, a choice of the aggregation.
\item{$\bullet$} Graded labels are not supported: older versions raise
``multiclass format is not supported'', newer ones read the labels as classes
and want a score column per class.  They must be made binary first, which is
what \.{rel} does.
\item{$\bullet$} As in the ``MRR'' code, |np| is never imported and the
default column names do not match the frame described.
\smallskip
\noindent On ties the step AP is not the average precision of any order of
the list.  With relevance $(1,0,1)$ and scores $(0.5,0.5,0.3)$ the first two
items are one threshold, at recall $1/2$ and precision $1/2$, and the third
reaches recall~1 at precision $2/3$: $(1/2)(1/2)+(1/2)(2/3)=
\oursq{C000.2}$.  The rank AP is $\oursq{C000.2-input}$ with the ties in
input order and $\oursq{C000.2-pess}$ with the relevant item last.  With all
three scores equal the step AP is a single step, $\oursq{T-apstep-tie}$,
while the three orders give $\oursq{T-ap-opt}$ (\.{ties=optimistic}),
$\oursq{T-ap-input}$ (\.{input}) and $\oursq{T-ap-pess}$
(\.{pessimistic}): $2/3$ is none of them, nor their mean, $29/36$.  Ties
matter for \.{ap} as they did for the reciprocal rank: grades $(1,0,0)$
scored alike give $\ours{T-ap-iddesc-in}$ in input order and
$\oursq{T-ap-iddesc}$ under trec\_eval's \.{ties=id-desc}.
@^trec\_eval@>@^scikit-learn@>

@<Worked examples@>=
@/{"C000.2", "000_0ec1f0283de4c3f9.txt", "apstep", RM_G(1, 0, 1), RM_S(0.5, 0.5, 0.3),
  NULL, RM_NONE, NULL, "not printed", RM_OK, "7/12", 0x1.2aaaaaaaaaaabp-1},
@/{"C000.2-input", NULL, "ap", RM_G(1, 0, 1), RM_S(0.5, 0.5, 0.3), NULL, RM_NONE, NULL,
  "case", RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"C000.2-pess", NULL, "ap[ties=pessimistic]", RM_G(1, 0, 1), RM_S(0.5, 0.5, 0.3),
  NULL, RM_NONE, NULL, "case", RM_OK, "7/12", 0x1.2aaaaaaaaaaabp-1},
@/{"T-apstep-tie", NULL, "apstep", RM_G(1, 0, 1), RM_S(1, 1, 1), NULL, RM_NONE, NULL,
  "case", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"T-ap-opt", NULL, "ap[ties=optimistic]", RM_G(1, 0, 1), RM_S(1, 1, 1), NULL, RM_NONE,
  NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-ap-input", NULL, "ap", RM_G(1, 0, 1), RM_S(1, 1, 1), NULL, RM_NONE, NULL, "case",
  RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"T-ap-pess", NULL, "ap[ties=pessimistic]", RM_G(1, 0, 1), RM_S(1, 1, 1), NULL,
  RM_NONE, NULL, "case", RM_OK, "7/12", 0x1.2aaaaaaaaaaabp-1},
@/{"T-ap-iddesc-in", NULL, "ap", RM_G(1, 0, 0), RM_S(1, 1, 1), RM_I("d1", "d2", "d3"),
  RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-ap-iddesc", NULL, "ap[ties=id-desc]", RM_G(1, 0, 0), RM_S(1, 1, 1),
  RM_I("d1", "d2", "d3"), RM_NONE, NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},

@ {\it Example: the interpolated AP of \src{004}'s query.}  The source
describes interpolated MAP without defining it, so it computes no value; we
compute \.{ap11} for its query of E004.2.  The ranks reach recall $1/3$,
$2/3$, $2/3$, $2/3$, $1$, $1$, $1$ with precision $1$, $1$, $2/3$, $1/2$,
$3/5$, $1/2$, $3/7$.  Rank~2 reaches recall $2/3$ at precision~1, so
$p_{\rm interp}(\rho)=1$ for the seven levels $\rho\le0.6$; the four levels
from 0.7 to~1 need rank~5 or later, where the best precision is $3/5$:
$${\rm AP}_{11}={7\cdot1+4\cdot{3\over5}\over11}=\oursq{E004.2-ap11}
  =\ours{E004.2-ap11},$$
a little below the non-interpolated $13/15$.  Cut at three ranks, the
levels from 0.7 on are never reached and count~0: \.{ap11@@3} is
$\oursq{E004.2-ap11-cut3}$.  For \src{002}'s topic (E002.2) the levels up to
0.5 have precision~1, 0.6 and~0.7 have $3/4$, and 0.8 to~1 have $4/7$:
$(6+2\cdot{3\over4}+3\cdot{4\over7})/11=\oursq{E002.2-ap11}$.  On the tie of
\secref{C000.2}, \.{ap11} is $\oursq{T-ap11-input}$ in input order and
$\oursq{T-ap11-pess}$ under \.{ties=pessimistic}, where the precision never
exceeds $2/3$.

@<Worked examples@>=
@/{"E004.2-ap11", NULL, "ap11", RM_G(1, 1, 0, 0, 1, 0, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "47/55", 0x1.b586fb586fb58p-1},
@/{"E004.2-ap11-cut3", NULL, "ap11@@3", RM_G(1, 1, 0, 0, 1, 0, 0), NULL, NULL, RM_NONE,
  NULL, "case", RM_OK, "7/11", 0x1.45d1745d1745dp-1},
@/{"E002.2-ap11", NULL, "ap11", RM_G(1, 1, 0, 1, 0, 0, 1), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "129/154", 0x1.ace213f2b3885p-1},
@/{"T-ap11-input", NULL, "ap11", RM_G(1, 0, 1), RM_S(0.5, 0.5, 0.3), NULL, RM_NONE,
  NULL, "case", RM_OK, "28/33", 0x1.b26c9b26c9b27p-1},
@/{"T-ap11-pess", NULL, "ap11[ties=pessimistic]", RM_G(1, 0, 1), RM_S(0.5, 0.5, 0.3),
  NULL, RM_NONE, NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},

@ The code of \.{ap}.  One pass over the first $k$ ranks counts the hits and
adds $h_r/r$ at each relevant rank; the normaliser is chosen at the end.  On
the double path each term $h_r/r$ is one division of two integers, exact as
doubles ($u$), the compensated sum adds one more ($u$), and the division by
$N$ in |ratio_d| a third ($u$): a bound of 3~ulps.  The exact path reduces
each term, since |mpq_add| wants canonical operands.

@<Private functions@>=
static size_t ap_norm(const rm_variant *v, const rm_list *l, size_t hits)
{
  size_t nrel;
  if (v->norm == RM_NORM_HITS) return hits;
  nrel = n_relevant(v, l);
  return v->norm == RM_NORM_MIN && v->k && v->k < nrel ? (size_t) v->k : nrel;
}
static rm_status ap_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, r, h = 0;
  nsum s = {0, 0};
  for (r = 0; r < k; r++)
    if (relevant(v, l, perm, r)) nsum_add(&s, (double) ++h / (double) (r + 1));
  *num = s.s + s.c;
  *den = (double) ap_norm(v, l, h);
  return RM_OK;
}
static rm_status ap_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, r, h = 0;
  mpq_t t;
  mpq_init(t);
  mpq_set_ui(num, 0, 1);
  for (r = 0; r < k; r++)
    if (relevant(v, l, perm, r)) {
      mpq_set_ui(t, (unsigned long) ++h, (unsigned long) (r + 1));
      mpq_canonicalize(t);
      mpq_add(num, num, t);
    }
  mpq_clear(t);
  mpq_set_ui(den, (unsigned long) ap_norm(v, l, h), 1);
  return RM_OK;
}
static double ap_bound(const rm_variant *v)
{
  (void) v;
  return 3;
}

@ The code of \.{apstep} is that of \.{lrap} (see \secref{C000.3}), whose
numerator walks the ranking group by group and gives each relevant item
$h_e/e$ at the end $e$ of its group, and whose denominator is the number of
relevant items in the list: the step AP, as shown above.  Only the row of the
table differs, by the default \.{undef=zero}.  Its bound is the same 3~ulps:
one division per term, the compensated sum, and the division by~$P$.

@ The code of \.{ap11}.  One pass over the first $k$ ranks keeps, for each
level $j$, the rank $i$ of the best precision among the ranks that reach
recall $j/10$ so far, comparing $h_i/i$ with cross products of integers, so
that both paths pick the same rank; |ib[j]| is 0 when no rank reaches the
level.  So the double path divides the exact best $h_i/i$ once for each
$p_{\rm interp}$ ($u$); with the compensated sum ($u$) and the division by
11 ($u$) the bound is again 3~ulps.

@<Private functions@>=
static size_t level_count(int level, unsigned long long p, unsigned long long q,
  size_t nrel); /* the count that reaches a level, see \secref{q:iprec} */
static size_t ap11_points(const rm_variant *v, const rm_list *l,
  const size_t *perm, size_t hb[11], size_t ib[11])
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, nrel = n_relevant(v, l), r, h = 0;
  int j;
  for (j = 0; j <= 10; j++) hb[j] = ib[j] = 0;
  for (r = 0; r < k; r++) {
    h += (size_t) relevant(v, l, perm, r);
    for (j = 0; j <= 10; j++)
      if (h >= level_count(v->level, (unsigned long long) j, 10, nrel)
          && (ib[j] == 0 || h * ib[j] > hb[j] * (r + 1)))
        hb[j] = h, ib[j] = r + 1;
  }
  return nrel;
}
static rm_status ap11_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t hb[11], ib[11], nrel = ap11_points(v, l, perm, hb, ib);
  nsum s = {0, 0};
  int j;
  for (j = 0; j <= 10; j++)
    if (ib[j]) nsum_add(&s, (double) hb[j] / (double) ib[j]);
  *num = s.s + s.c;
  *den = nrel ? 11.0 : 0.0;
  return RM_OK;
}
static rm_status ap11_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t hb[11], ib[11], nrel = ap11_points(v, l, perm, hb, ib);
  mpq_t t;
  int j;
  mpq_init(t);
  mpq_set_ui(num, 0, 1);
  for (j = 0; j <= 10; j++)
    if (ib[j]) {
      mpq_set_ui(t, (unsigned long) hb[j], (unsigned long) ib[j]);
      mpq_canonicalize(t);
      mpq_add(num, num, t);
    }
  mpq_clear(t);
  mpq_set_ui(den, nrel ? 11 : 0, 1);
  return RM_OK;
}

@ @<Metric codes@>=
RM_AP, RM_APSTEP, RM_AP11,

@ The three rows.  \.{ap} and \.{ap11} refuse \.{ties=average} (the
function |no_average| of the reciprocal rank), \.{apstep} a cutoff (its
|no_cutoff|).

@<Metric specifications@>=
[RM_AP] = {"ap", K(KEY_NORM) | K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), ratio_d,
  ratio_x, ap_bound, no_average, NULL, ap_qratio, ap_dratio},
@/[RM_APSTEP] = {"apstep", K(KEY_REL) | K(KEY_UNDEF), ratio_d, ratio_x, lrap_bound,
  no_cutoff, NULL, lrap_qratio, lrap_dratio},
@/[RM_AP11] = {"ap11", K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF) | K(KEY_LEVEL), ratio_d,
  ratio_x,
  ap_bound, no_average, NULL, ap11_qratio, ap11_dratio},

@ The vectors of the chapter.

@<Vector variant lists@>=
static const char *const ap_variants[] = {"ap", "ap@@1", "ap@@5", "ap@@10",
  "ap@@10[norm=min]", "ap[norm=min]", "ap@@10[norm=hits]", "ap[norm=hits,undef=one]",
  "ap@@10[ties=id-desc]", "ap@@10[ties=id-asc]", "ap@@10[ties=reverse]",
  "ap@@10[ties=pessimistic]", "ap@@10[ties=optimistic]", "ap@@5[rel=2]",
  "apstep", "apstep[rel=2,undef=one]", "ap11", "ap11@@5", "ap11@@10[ties=id-desc]",
  "ap11@@10[ties=pessimistic]", "ap11[rel=2,undef=one]", NULL};

@ @<Vector families@>=
{"ap", "average precision: ap, apstep, ap11",
  1ULL << RM_AP | 1ULL << RM_APSTEP | 1ULL << RM_AP11, ap_variants},

@* Area under the ROC curve.\here{q:auc}
The area under the ROC curve, AUC, asks how well the ranking separates the
relevant items from the others, wherever it puts them.  In one list of $n$
retrieved items, the {\it positives\/} are the items with grade at least the
threshold~$t$ and the {\it negatives\/} the rest; there are $P$ and $N$ of
them.  A positive--negative pair is {\it correctly ordered\/} when the
positive is ranked above the negative, and
$${\rm AUC}={1\over PN}\,\bigl\vert\{(i,j): i\hbox{ positive},\ j\hbox{ negative},\
  \rho_i<\rho_j\}\bigr\vert,$$
where $\rho_i$ is the rank of item~$i$ in the ranking built by the tie rule
of the variant (key \.{ties}, as for every metric).  It is the fraction of
the $PN$ pairs that the ranking gets right: 1 when every positive is above
every negative, 0 when every one is below, and about $1/2$ for a ranking that
knows nothing.  Under \.{ties=average} a positive and a negative of equal
score count as half a correct pair:
$${\rm AUC}={1\over PN}\sum_{i\ {\rm positive}}\ \sum_{j\ {\rm negative}}
  \Bigl([s_i>s_j]+{\textstyle{1\over2}}[s_i=s_j]\Bigr).$$
Only retrieved items take part: the judged items that were not retrieved
have no rank and no score, and AUC ignores them.  The metric has no cutoff
(a cutoff $K$ is refused), because AUC judges the whole ranking, and it is
undefined, $0/0$, when $PN=0$: a list with no positive or no negative (an
empty list among them).  Its key \.{undef} names what is then reported, as for
nDCG; scikit-learn's |roc_auc_score| has in successive versions raised an
error, returned~0.0 with a warning, and returned NaN.  The metric is named
\.{auc}; its canonical name is
$$\hbox{\tt auc[rel=1,ties=input,undef=zero]}$$
and scikit-learn's AUC is \.{auc[ties=average]}.
@^area under the ROC curve@>@^AUC@>@^ROC curve@>
@^scikit-learn@>

@ {\it Ties.}  Why half?  For a tied positive--negative pair, exchanging the
two items maps the orders of their tie group in which the positive comes
first one-to-one onto those in which it comes second, so over all orders,
equally likely, the pair is correct with probability exactly $1/2$; and AUC
is a sum over pairs, so its mean over all orders counts every tied pair
$1/2$.  That is, \.{ties=average} is the same rule as for nDCG: the mean of
the metric over all orders of the ties.  The other tie rules build one order
and count its pairs: with \.{ties=pessimistic} every tied pair is wrong, with
\.{ties=optimistic} every one right, and the mean lies between.
@^ties@>

@ {\it Three forms of one number.}  The pair count under \.{ties=average} is
also the Mann--Whitney statistic, and the area under the ROC curve.  Number
the items upward, so that the lowest score has {\it ascending rank\/}~1, and
give tied items the mean of their positions (mid-ranks).  The mid-rank of a
positive~$i$ is one more than the number of items scored below it, plus half
the number of others tied with it.  Summed over the positives, the items
below and tied are of two kinds: positives, where each pair of positives is
counted once in all (fully by the higher, or half by each when they tie),
which with the $P$ ones gives $P+P(P-1)/2=P(P+1)/2$; and negatives, counted
$1$ when below and $1/2$ when tied, which is our numerator $U$.  So
$${\rm AUC}={U\over PN}={\sum_{i\ {\rm positive}}{\rm midrank}_i-P(P+1)/2\over PN},$$
the rank-sum formula of \src{003\_67084013e7b3df28.txt} (F003.5).

The {\it ROC curve\/} plots, for each threshold $\theta$, the true positive
rate ${\rm TPR}=\vert\{\hbox{positives}: s\ge\theta\}\vert/P$ against the false
positive rate ${\rm FPR}=\vert\{\hbox{negatives}: s\ge\theta\}\vert/N$, from
$(0,0)$ to $(1,1)$ as $\theta$ falls through the distinct scores.  A group of
items of one score with $p$ positives and $q$ negatives moves the curve from
$(F,T)$ to $(F+q/N,\,T+p/P)$: up for positives alone, right for negatives
alone, and along a diagonal segment when both are present.  The area under
that segment is a trapezoid, $(q/N)(T+p/(2P))$, and with $T=a/P$ for the $a$
positives scored above the group it is $(qa+pq/2)/(PN)$: $q\,a$ correct pairs
with the items above and $pq/2$, half of the tied pairs, within the group.
Summed over the groups this is $U/(PN)$ again; the diagonal is exactly the
half credit.  This is how scikit-learn computes |roc_auc_score|, one point
per distinct score, and it is the walk our code makes.  A program that adds
one trapezoid per {\it item\/} instead of per distinct score draws a
staircase through the tie that depends on the order of the tied items, and
gets the value of whatever tie rule its sort happens to implement.
@^Mann--Whitney statistic@>@^rank-sum formula@>
@^scikit-learn@>

@ {\it Where the sources state it.}\here{F002.7}\here{F003.5}  Two sources
define AUC, each as the fraction of correctly ordered pairs; one of them
adds the rank-sum formula, a hand example with ties, and code.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm definition&\rm name here\cr
\noalign{\smallskip\hrule\smallskip}
\src{002}, F002.7&correct pairs over all pairs; ties unstated&\.{auc}\cr
\src{003}, F003.4&correct pairs over all pairs&\.{auc}\cr
\src{003}, F003.5&rank sum with mid-ranks&\.{auc[ties=average]}\cr
\src{003}, C003.1&rank sum, ranks = positions of a stable sort&\.{auc[ties=reverse]}\cr
\src{003}, C003.2&rank sum with mid-ranks&\.{auc[ties=average]}\cr
\src{003}, C003.3&scikit-learn |roc_auc_score|&\.{auc[ties=average]}\cr}}$$
\src{002\_99164a9873301b8b.txt} describes the ROC curve (false positive
rate against true positive rate over all thresholds), says that AUC is the
probability that a random positive is scored above a random negative, and
computes it as the number of correctly ordered positive--negative pairs over
the number of pairs (F002.7).  Its formula was an image and is lost; the
prose does not say what a tie counts.  It recommends AUC for skewed samples,
since it needs no threshold, and links to a proof that the area equals the
pair count.

\src{003\_67084013e7b3df28.txt} gives the same pair count (F003.4; the
words of its denominator are garbled, but mean the number of pairs) and then the
rank-sum formula
$${\rm AUC}={\sum_{i\in{\rm positive}}{\rm rank}_i-M(M+1)/2\over M\cdot N}$$
with $M$ positives, $N$ negatives and ${\rm rank}_i$ the {\it ascending\/}
rank (F003.5).  Its worked example gives tied items the mean of their ranks,
which makes it the Mann--Whitney form above.  Its prose has two slips: it
calls $4+3+2+1$ ``the arrangement count $M\cdot(M+1)$'', which is
$M(M+1)/2$, and calls $M\cdot N$ ``the total number of samples'', which is
the number of pairs.
@^scikit-learn@>

@ {\it Example: sixteen pairs} (\src{002}, E002.4).\here{E002.4}  Four
documents are positive and four negative; of the $4\times4=16$ pairs, the
source counts 10 correctly ordered and prints ${\rm AUC}=0.625$.  The
arithmetic agrees: $10/16=5/8$.  The table of scores and the ROC figure were
images and are lost, so the count of 10 cannot be re-derived, and what a tie
counted is unknown.  For a row of our table we take one ranking that has this
count, a negative first, then three positives, two negatives, a positive and
a negative; any other ranking with 10 correct pairs gives the same
$\oursq{E002.4}=\ours{E002.4}$.  Its ROC curve, a staircase since no scores
tie, with the area under it:
\figure{fig-roc002}{The ROC curve of the ranking chosen for 002's example
(not the source's lost figure); area $5/8$.}

@<Worked examples@>=
@/{"E002.4", "002_99164a9873301b8b.txt", "auc", RM_G(0, 1, 1, 1, 0, 0, 1, 0), NULL,
  NULL, RM_NONE, "0.625", "agrees", RM_OK, "5/8", 0x1.4p-1},

@ {\it Example: seven samples with a four-way tie} (\src{003},
E003.1).\here{E003.1}  The source's table:
$$\vbox{\halign{\hfil#\quad&\hfil#\quad&\hfil#\quad&\hfil#\cr
item&label&score&printed rank\cr
\noalign{\smallskip\hrule\smallskip}
A&1&0.8&7\cr B&1&0.7&6\cr C&0&0.5&5\cr D&0&0.5&4\cr E&1&0.5&3\cr F&1&0.5&2\cr
G&0&0.3&1\cr}}$$
There are $M=4$ positives and $N=3$ negatives.  The printed ranks break the
four-way tie at 0.5 in the table's order, arbitrarily.  With them the source
first writes the numerator $7+6+3+2-(4+3+2+1)=8$, which would give
$8/12=\oursq{E003.1-naive}$ (\.{auc} with \.{ties=input} on the table's
order; the source prints no such value), and then, giving the four tied items
the mean rank $(5+4+3+2)/4$, computes
$${7+6+(5+4+3+2)/4+(5+4+3+2)/4-4\cdot5/2\over4\cdot3}={10\over12}.$$
Ours is $\oursq{E003.1}=\ours{E003.1}$, which agrees; by pairs, A and B beat
all three negatives, and E and F each beat G and tie C and~D, so
$3+3+2+2=10$ of 12.  Over all orders of the tie the pair count ranges from
$\oursq{T-auc-E003.1-pess}$ (\.{ties=pessimistic}: C and D above E and F) to
$\oursq{T-auc-E003.1-opt}$ (\.{ties=optimistic}), and $5/6$ is the midpoint.
The ROC curve shows it: the tie is one diagonal segment, and the two orders
that count the tied pairs all against or all for the ranking go round it
(the part on the tool draws the pictures of this book).
\figure{fig-roc003}{The ROC curve of the seven items over distinct scores
(solid; shaded area $5/6$), and the two extreme orders of the tie (dashed).}

@<Worked examples@>=
@/{"E003.1", "003_67084013e7b3df28.txt", "auc[ties=average]",
  RM_G(1, 1, 0, 0, 1, 1, 0), RM_S(0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.3),
  RM_I("A", "B", "C", "D", "E", "F", "G"), RM_NONE, "10/12", "agrees", RM_OK, "5/6",
  0x1.aaaaaaaaaaaabp-1},
@/{"E003.1-naive", "003_67084013e7b3df28.txt", "auc", RM_G(1, 1, 0, 0, 1, 1, 0),
  RM_S(0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.3), RM_I("A", "B", "C", "D", "E", "F", "G"),
  RM_NONE, NULL, "not printed", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"T-auc-E003.1-pess", NULL, "auc[ties=pessimistic]", RM_G(1, 1, 0, 0, 1, 1, 0),
  RM_S(0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.3), RM_I("A", "B", "C", "D", "E", "F", "G"),
  RM_NONE, NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"T-auc-E003.1-opt", NULL, "auc[ties=optimistic]", RM_G(1, 1, 0, 0, 1, 1, 0),
  RM_S(0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.3), RM_I("A", "B", "C", "D", "E", "F", "G"),
  RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},

@ {\it What \src{003}'s code computes} (E003.2).\here{E003.2}\here{C003.1}%
\here{C003.2}\here{C003.3}  The source's script runs three functions on
$$\hbox{\tt labels=[0,1,1,0,0,1,1]},\qquad
  \hbox{\tt scores=[0.3,0.5,0.5,0.5,0.5,0.7,0.8]},$$
the table's items in the order G, E, F, C, D, B, A; it prints no output.

|calc_auc_simple| (C003.1) sorts the (score, label) pairs in ascending order
with Python's |sorted|, which is stable, takes the 1-based positions of the
positives as their ranks, and applies the rank-sum formula without averaging
the ties.  A stable ascending sort read from its end lists tied items in
reverse input order, which is our tie rule \.{reverse}; so the function
computes \.{auc[ties=reverse]}, and its value depends on the order of the
input within the tie.  On the script's data the positives land at positions
2, 3, 6 and~7, and it returns $(18-10)/12=\oursq{E003.2-simple}$; on the same
items in the table's order A$\,\ldots\,$G it returns $\oursq{E003.2-simple-table}$.
Neither is the $5/6$ that the post derives by hand: a code defect.

|calc_auc| (C003.2) scans, for every positive, left and right over the items
of exactly equal score and takes the mean of their positions: a correct
mid-rank, so it computes \.{auc[ties=average]}, $\oursq{E003.2-calc}$ on the
script's data.  It takes $O(ng)$ time for ties of size~$g$, $O(n^2)$ at
worst; our walk over tie groups is $O(n)$ after the sort.  The script's third
line calls scikit-learn's |roc_auc_score| (C003.3), which computes the
trapezoidal area of the ROC curve over distinct scores, the same $5/6$.  But
the last line is \.{print 'sklearn AUC:', ...}, Python~2 syntax in a script
whose first line is \.{\#!/usr/bin/env python3}; under Python~3 the whole
file is a syntax error, and none of the three lines ever runs.
@^scikit-learn@>

@<Worked examples@>=
@/{"E003.2-simple", "003_67084013e7b3df28.txt", "auc[ties=reverse]",
  RM_G(0, 1, 1, 0, 0, 1, 1), RM_S(0.3, 0.5, 0.5, 0.5, 0.5, 0.7, 0.8), NULL, RM_NONE,
  NULL, "not printed", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"E003.2-simple-table", "003_67084013e7b3df28.txt", "auc[ties=reverse]",
  RM_G(1, 1, 0, 0, 1, 1, 0), RM_S(0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.3), NULL, RM_NONE,
  NULL, "not printed", RM_OK, "1", 0x1p+0},
@/{"E003.2-calc", "003_67084013e7b3df28.txt", "auc[ties=average]",
  RM_G(0, 1, 1, 0, 0, 1, 1), RM_S(0.3, 0.5, 0.5, 0.5, 0.5, 0.7, 0.8), NULL, RM_NONE,
  NULL, "not printed", RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},

@ {\it Group AUC.}\here{F002.8}\here{F003.6}  Both sources that define AUC
also define a {\it group\/} AUC, GAUC: compute AUC inside each group, then
average.  \src{002\_99164a9873301b8b.txt} takes a group to be one search
request and a plain mean (F002.8; ``CAUC'' in its text is a typo);
\src{003\_67084013e7b3df28.txt} takes a group to be a user and weights each
user's AUC by the user's number of impressions (F003.6, ``uAUC'').
@^GAUC, its definitions@>  A group
is one list of this library, so the per-group values are the metric
\.{auc}, and the means are computed in the part on aggregation, which also
says what becomes of a group whose AUC is undefined.  In its names the two
sources' GAUCs, leaving out the groups of one class, are
$$\vbox{\halign{#\hfil\quad&\tt#\hfil\cr
\src{002}, F002.8&mean[skip=undef]:auc\cr
\src{003}, F003.6&mean[skip=undef,weight=items]:auc[ties=average]\cr}}$$
(neither source says what it does with such a group).  The three users that
show how the weightings differ: u1 has one click scored 0.9 and non-clicks
0.5, 0.4, 0.3; u2 clicks scored 0.8 and 0.4 and a non-click 0.6; u3 two
impressions and no click.  Their AUCs are $\oursq{T-auc-u1}$,
$\oursq{T-auc-u2}$ and undefined (reported as $\ours{T-auc-u3}$ under
\.{undef=zero}).

@<Worked examples@>=
@/{"T-auc-u1", NULL, "auc[ties=average]", RM_G(1, 0, 0, 0), RM_S(0.9, 0.5, 0.4, 0.3),
  NULL, RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-auc-u2", NULL, "auc[ties=average]", RM_G(1, 1, 0), RM_S(0.8, 0.4, 0.6), NULL,
  RM_NONE, NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-auc-u3", NULL, "auc[ties=average]", RM_G(0, 0), RM_S(0.7, 0.2), NULL, RM_NONE,
  NULL, "case", RM_UNDEFINED, "0", 0x0p+0},

@ {\it Cases small enough to check by hand.}  One click~$b$ and one
non-click~$a$, both scored 0.5 and given in the order $b,a$: the pair is the
whole AUC, and each tie rule decides it.
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
ties=input&$b$ first&\ours{T-auc-tie-input}\cr
ties=reverse&$a$ first&\ours{T-auc-tie-reverse}\cr
ties=id-asc&$a$ first&\ours{T-auc-tie-idasc}\cr
ties=id-desc&$b$ first&\ours{T-auc-tie-iddesc}\cr
ties=pessimistic&the non-click first&\ours{T-auc-tie-pess}\cr
ties=optimistic&the click first&\ours{T-auc-tie-opt}\cr
ties=average&half a pair&\ours{T-auc-tie-avg}\cr}}$$
scikit-learn gives $1/2$, as \.{ties=average}; a strict pairwise accuracy
$[s_i>s_j]$, which some code calls AUC, gives~0, as \.{ties=pessimistic}.
Without the tie (click 0.9, non-click 0.1) every rule gives
$\ours{T-auc-notie}$.

The threshold: grades 1, 2, 0 in that order give $\ours{T-auc-rel1}$ with
\.{rel=1} (positives the first two) and $\oursq{T-auc-rel2}$ with
\.{rel=2} (one positive, at rank~2, below a negative).  Judged items that were
not retrieved change nothing: the same list with two more relevant judgments
gives $\ours{T-auc-unretrieved}$.  All positive, all negative, or empty, the
value is undefined: $\ours{T-auc-allpos}$ under \.{undef=zero},
$\ours{T-auc-empty-one}$ for the empty list under \.{undef=one}.
@^scikit-learn@>

@<Worked examples@>=
@/{"T-auc-tie-input", NULL, "auc", RM_G(1, 0), RM_S(0.5, 0.5), RM_I("b", "a"), RM_NONE,
  NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-auc-tie-reverse", NULL, "auc[ties=reverse]", RM_G(1, 0), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-auc-tie-idasc", NULL, "auc[ties=id-asc]", RM_G(1, 0), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-auc-tie-iddesc", NULL, "auc[ties=id-desc]", RM_G(1, 0), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-auc-tie-pess", NULL, "auc[ties=pessimistic]", RM_G(1, 0), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-auc-tie-opt", NULL, "auc[ties=optimistic]", RM_G(1, 0), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-auc-tie-avg", NULL, "auc[ties=average]", RM_G(1, 0), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-auc-notie", NULL, "auc[ties=pessimistic]", RM_G(1, 0), RM_S(0.9, 0.1), NULL,
  RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-auc-rel1", NULL, "auc", RM_G(1, 2, 0), NULL, NULL, RM_NONE, NULL, "case", RM_OK,
  "1", 0x1p+0},
@/{"T-auc-rel2", NULL, "auc[rel=2]", RM_G(1, 2, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "1/2", 0x1p-1},
@/{"T-auc-unretrieved", NULL, "auc[rel=2]", RM_G(1, 2, 0), NULL, NULL, RM_G(2, 3), NULL,
  "case", RM_OK, "1/2", 0x1p-1},
@/{"T-auc-allpos", NULL, "auc", RM_G(1, 2, 3), NULL, NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},
@/{"T-auc-empty-one", NULL, "auc[undef=one]", RM_NONE, NULL, NULL, RM_NONE, NULL,
  "case", RM_UNDEFINED, "1", 0x1p+0},

@ The code.  One walk down the ranking, a tie group at a time under
\.{ties=average} and an item at a time otherwise, counts the positives~$a$
seen above and adds, for a group of $p$ positives and $q$ negatives,
$q(2a+p)$ to twice the numerator: the trapezoid of the ROC curve, doubled so
that it stays an integer.  The counts are exact integers (below $2^{64}$ for
lists of fewer than $2^{32}$ items), and both paths divide the same two:
the exact path once as a fraction, the double path after converting them.
@^AUC@>

@<Private functions@>=
static void auc_pairs(const rm_variant *v, const rm_list *l, const size_t *perm,
  unsigned long long *twice_u, unsigned long long *pos, unsigned long long *neg)
{
  size_t r = 0, e, j;
  unsigned long long a = 0, u2 = 0, q = 0;
  while (r < l->n) {
    unsigned long long pg = 0, qg;
    e = v->ties == RM_TIES_AVERAGE ? tie_end(l, perm, r) : r + 1;
    for (j = r; j < e; j++) pg += (unsigned long long) relevant(v, l, perm, j);
    qg = (unsigned long long) (e - r) - pg;
    u2 += qg * (2 * a + pg);
    a += pg; q += qg;
    r = e;
  }
  *twice_u = u2; *pos = a; *neg = q;
}


@ GMP sets an integer from an |unsigned long|, which may have 32 bits, so a
count is set in two halves.  The fraction is $2U/(2PN)$; |ratio_x| reduces
it, and a zero denominator makes the value undefined.

@<Private functions@>=
static void mpz_set_ull(mpz_t z, unsigned long long x)
{
  mpz_set_ui(z, (unsigned long) (x >> 32));
  mpz_mul_2exp(z, z, 32);
  mpz_add_ui(z, z, (unsigned long) (x & 0xffffffffULL));
}
static rm_status auc_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  unsigned long long u2, p, q;
  mpz_t a, b;
  auc_pairs(v, l, perm, &u2, &p, &q);
  mpz_inits(a, b, NULL);
  mpz_set_ull(a, u2);
  mpq_set_z(num, a);
  mpz_set_ull(a, p);
  mpz_set_ull(b, q);
  mpz_mul(a, a, b);
  mpz_mul_2exp(a, a, 1);
  mpq_set_z(den, a);
  mpz_clears(a, b, NULL);
  return RM_OK;
}

@ {\it The accuracy of the double path.}  The double path converts the
counts and divides.  When $2PN<2^{53}$, which holds for every list of at most
$2^{26}$ items, the conversions and the product are exact and the one
division rounds correctly: the double path then returns the correctly
rounded value, half an ulp.  For longer lists the conversion of the
numerator, the product $PN$ and the division each round once ($u$), so the
bound that |rm_ulp_bound| returns, valid for every list of fewer than
$2^{32}$ items, is 3~ulps.

@<Private functions@>=
static rm_status auc_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  unsigned long long u2, p, q;
  auc_pairs(v, l, perm, &u2, &p, &q);
  *num = (double) u2;
  *den = 2.0 * ((double) p * (double) q);
  return RM_OK;
}
static double auc_bound(const rm_variant *v)
{
  (void) v;
  return 3;
}

@ The metric takes the threshold, every tie rule, and a convention for the
undefined value, and refuses a cutoff.

@<Metric codes@>=
RM_AUC,

@ @<Metric specifications@>=
[RM_AUC] = {"auc", K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), ratio_d, ratio_x,
  auc_bound, no_cutoff, NULL, auc_qratio, auc_dratio, NULL},

@ The vectors of the chapter: every tie rule, two thresholds, and the
conventions for an undefined value that a vector can hold (\.{undef=error}
has no value to write).

@<Vector variant lists@>=
static const char *const auc_variants[] = {"auc", "auc[ties=average]",
  "auc[ties=reverse]", "auc[ties=pessimistic]", "auc[ties=optimistic]",
  "auc[ties=id-asc]", "auc[ties=id-desc]", "auc[rel=2]",
  "auc[rel=3,ties=average]", "auc[ties=average,undef=one]", NULL};

@ @<Vector families@>=
{"auc", "area under the ROC curve: auc", 1ULL << RM_AUC, auc_variants},

@* Expected reciprocal rank.\here{q:err}
The expected reciprocal rank, ERR, models a user who reads the list from the
top and stops at the first item that satisfies; an item of grade~$g$
satisfies with probability
$$R(g)={2^g-1\over2^{g_{\max}}},$$
independently of the others, where $g_{\max}$ is the largest grade of the
scale.  The user reaches rank~$r$ with probability $\prod_{i<r}(1-R_i)$ and
stops there with probability $R_r$ times that, and ERR is the expected
reciprocal of the rank where the user stops, counting~0 when the user does
not stop within the first $k=\min(K,n)$ ranks:
$${\rm ERR}@@K=\sum_{r=1}^{k}{1\over r}\,R_r\prod_{i=1}^{r-1}(1-R_i),
  \qquad R_r=R(g_r).$$
An item is worth less the more, and the better, items above it: a relevant
item below an excellent one counts little, which is ERR's point against DCG,
where it counts the same whatever is above.  If $R$ were 1 for a relevant
item and 0 for the rest, ERR would be the first-hit reciprocal rank; but
$R(g)<1$ even at the top grade, $R(g_{\max})=1-2^{-g_{\max}}$.
ERR is not normalised by an ideal ranking: a perfect list scores below~1,
and the best possible value depends on the judgments.  It is always
defined; an empty list, or one of grade-0 items, scores~0.  A cutoff beyond
the list changes nothing, since the ranks past $n$ hold no items.  The metric
is \.{err}, with the key \.{gmax} for $g_{\max}$, and every tie rule but
\.{average} (whose mean over orders is not the value of any one order and is
not defined in this version).  All its values are rational: the
denominators are powers of two and the ranks.
@^expected reciprocal rank@>@^ERR@>@^cascade model@>
\figure{fig-err}{The cascade on the grades 3, 1, 0, 2, 4, 1 ($g_{\max}=4$):
reaching rank $r$ and stopping there, from ERR@@$r$ (see {\sevenrm\secref{q:figs}})}

@ {\it The largest grade.}\here{q:gmax}  The key \.{gmax} is a whole number from 1 to~30,
default~4, as in gdeval (the evaluation script of the TREC Web tracks, and
ir\_measures' \.{ERR@@k}) and RankLib, which both fix it at~4 (RankLib's
|ERRScorer| divides by 16, ``we assume the relevance scale of $\{0..4\}$'');
the Yahoo! learning-to-rank challenge used the same $(2^g-1)/16$.  The
paper's general form takes $g_{\max}$ from the collection, and a fork of
trec\_eval takes~5 by default.  A grade above $g_{\max}$ would give $R>1$, a
probability above one, and gdeval stops with a format error on a judgment
above~4.  We refuse such a list too: the functions of this metric return
|RM_EGRADE| when a grade, retrieved or only judged, exceeds $g_{\max}$, on
both paths.  They check it themselves, because the common check of the list
(|@<Check the list@>|) knows the library's limit |RM_GRADE_MAX| and nothing
of the variant.  So \.{err} on grades 0 to~5 needs \.{gmax=5} or more.
@^trec\_eval@>@^ir\_measures@>@^RankLib@>@^gdeval@>

@<Fields of a variant@>=
int gmax; /* largest grade $g_{\max}$ of \.{err} */

@ @<Key codes@>=
KEY_GMAX,

@ @^keys of names, \.{gmax}@>
@<Key specifications@>=
[KEY_GMAX] = {"gmax", NULL, 1, 30, FIELD(gmax), 0, NULL, 3, 0},

@ @<Set the numeric defaults of a variant@>=
v->gmax = 4;

@ {\it Where the sources state it.}\here{err-sources}  None of the five
sources defines ERR.  \src{004\_7c0f0b5a1381237a.txt} names it in its list of
metrics and says that nDCG and ERR, unlike MRR and MAP, handle graded
relevance (``labels 1, 2, 3, 4, 5, five levels'') and weight the top ranks;
its text ends before it defines either.  The definition above is that of
Chapelle, Metzler, Zhang and Grinspan (CIKM 2009), not of our sources, and
the software that implements it differs in $g_{\max}$ alone:
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm definition&\rm name here\cr
\noalign{\smallskip\hrule\smallskip}
\src{004}&named, not defined&---\cr
Chapelle et al.~2009&$R=(2^g-1)/2^{g_{\max}}$, $g_{\max}$ the top grade&\.{err[gmax=}$g_{\max}$\.{]}\cr
gdeval, ir\_measures, RankLib&$R=(2^g-1)/16$&\.{err@@K[gmax=4]}\cr
a trec\_eval fork&$R=(2^g-1)/32$ by default&\.{err@@K[gmax=5]}\cr}}$$
Five levels graded 1 to~5, as \src{004} has them, need \.{gmax=5}.
@^trec\_eval@>@^ir\_measures@>@^RankLib@>@^gdeval@>

@ {\it Example: two documents and the largest grade.}  The list $d_1$
(grade~1), $d_2$ (grade~2); ERR@@2.  With $g_{\max}=4$:
$$\vbox{\halign{\hfil#\quad&\hfil#\quad&\hfil$#$\quad&\hfil$#$\quad&\hfil$#$\cr
rank&grade&R_r&\prod_{i<r}(1-R_i)&{\rm term}\cr
\noalign{\smallskip\hrule\smallskip}
1&1&1/16&1&1/16\cr
2&2&3/16&15/16&45/512\cr
\noalign{\smallskip\hrule\smallskip}
&&&&77/512\cr}}$$
So gdeval reports $\oursq{T-err-gmax4}=\ours{T-err-gmax4}$; taking
$g_{\max}=2$, the largest grade present, as the paper's general form does for
this collection, gives $1/4+{1\over2}\cdot{3\over4}\cdot{3\over4}=
\oursq{T-err-gmax2}$, and the fork's default $g_{\max}=5$ gives
$\oursq{T-err-gmax5}$.  One list, three values between 0.08 and~0.53: the
value of ERR means nothing without its $g_{\max}$.  The cutoff beyond the
list, \.{err@@10}, gives the same $\oursq{T-err-k10}$.
@^gdeval@>

@<Worked examples@>=
@/{"T-err-gmax4", NULL, "err@@2", RM_G(1, 2), NULL, NULL, RM_NONE, NULL, "case", RM_OK,
  "77/512", 0x1.34p-3},
@/{"T-err-gmax2", NULL, "err@@2[gmax=2]", RM_G(1, 2), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "17/32", 0x1.1p-1},
@/{"T-err-gmax5", NULL, "err@@2[gmax=5]", RM_G(1, 2), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "157/2048", 0x1.3ap-4},
@/{"T-err-k10", NULL, "err@@10", RM_G(1, 2), NULL, NULL, RM_NONE, NULL, "case", RM_OK,
  "77/512", 0x1.34p-3},

@ {\it Cases small enough to check by hand.}  Three items graded 2, 0, 1
with $g_{\max}=4$: the terms are $3/16$, $0$ (an item of grade~0 stops
nobody, and the user goes on with probability $13/16$) and
${1\over3}\cdot{1\over16}\cdot{13\over16}=13/768$, so ERR is
$\oursq{T-err-three}=\ours{T-err-three}$, and ERR@@2 is
$\oursq{T-err-three-2}$.  Two items graded~1 under \.{gmax=1} each stop
the user with probability $1/2$: $1/2+{1\over2}\cdot{1\over2}\cdot{1\over2}
=\oursq{T-err-binary}$.  The empty list scores $\ours{T-err-empty}$.

Ties: items $b$ (grade~0) and $a$ (grade~4), given in that order with equal
scores.  The item of grade~4 first gives $R=15/16$, second
${1\over2}\cdot{15\over16}$:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\quad&\hfil#\cr
ties=input&$b$ first&\oursq{T-err-tie-input}\cr
ties=reverse&$a$ first&\oursq{T-err-tie-reverse}\cr
ties=id-asc&$a$ first&\oursq{T-err-tie-idasc}\cr
ties=id-desc&$b$ first&\oursq{T-err-tie-iddesc}\cr
ties=pessimistic&grade 0 first&\oursq{T-err-tie-pess}\cr
ties=optimistic&grade 4 first&\oursq{T-err-tie-opt}\cr}}$$

@<Worked examples@>=
@/{"T-err-three", NULL, "err", RM_G(2, 0, 1), NULL, NULL, RM_NONE, NULL, "case", RM_OK,
  "157/768", 0x1.a2aaaaaaaaaabp-3},
@/{"T-err-three-2", NULL, "err@@2", RM_G(2, 0, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "3/16", 0x1.8p-3},
@/{"T-err-binary", NULL, "err[gmax=1]", RM_G(1, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "5/8", 0x1.4p-1},
@/{"T-err-empty", NULL, "err@@10", RM_NONE, NULL, NULL, RM_NONE, NULL, "case", RM_OK,
  "0", 0x0p+0},
@/{"T-err-tie-input", NULL, "err", RM_G(0, 4), RM_S(0.5, 0.5), RM_I("b", "a"), RM_NONE,
  NULL, "case", RM_OK, "15/32", 0x1.ep-2},
@/{"T-err-tie-reverse", NULL, "err[ties=reverse]", RM_G(0, 4), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "15/16", 0x1.ep-1},
@/{"T-err-tie-idasc", NULL, "err[ties=id-asc]", RM_G(0, 4), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "15/16", 0x1.ep-1},
@/{"T-err-tie-iddesc", NULL, "err[ties=id-desc]", RM_G(0, 4), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "15/32", 0x1.ep-2},
@/{"T-err-tie-pess", NULL, "err[ties=pessimistic]", RM_G(0, 4), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "15/32", 0x1.ep-2},
@/{"T-err-tie-opt", NULL, "err[ties=optimistic]", RM_G(0, 4), RM_S(0.5, 0.5),
  RM_I("b", "a"), RM_NONE, NULL, "case", RM_OK, "15/16", 0x1.ep-1},

@ The exact path.  One pass over the first $k$ ranks keeps the probability
$p$ of reaching the current rank; at an item with $R_r>0$ it adds $pR_r/r$
and takes $pR_r$ from~$p$, since $p(1-R_r)=p-pR_r$.  Both paths first check
every grade against $g_{\max}$.

@<Private functions@>=
static int xrr_grades_fit(const rm_variant *v, const rm_list *l)
{
  size_t i;
  for (i = 0; i < l->n; i++) if (l->grade[i] > v->gmax) return 0;
  for (i = 0; i < l->n_unretrieved; i++)
    if (l->unretrieved_grade[i] > v->gmax) return 0;
  return 1;
}
static rm_status xrr_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, r;
  mpq_t p, x, t;
  if (!xrr_grades_fit(v, l)) return RM_EGRADE;
  mpq_inits(p, x, t, NULL);
  mpq_set_ui(p, 1, 1);
  mpq_set_ui(num, 0, 1);
  for (r = 0; r < k; r++) {
    int g = l->grade[perm[r]];
    if (g == 0) continue;
    mpz_set_ui(mpq_numref(x), 0);
    mpz_setbit(mpq_numref(x), (mp_bitcnt_t) g);
    mpz_sub_ui(mpq_numref(x), mpq_numref(x), 1);
    mpz_set_ui(mpq_denref(x), 0);
    mpz_setbit(mpq_denref(x), (mp_bitcnt_t) v->gmax);
    mpq_canonicalize(x); /* $R_r$ */
    mpq_mul(t, x, p);
    mpq_sub(p, p, t);
    mpq_set_ui(x, 1, (unsigned long) (r + 1));
    mpq_mul(t, t, x);
    mpq_add(num, num, t);
  }
  mpq_clears(p, x, t, NULL);
  mpq_set_ui(den, 1, 1);
  return RM_OK;
}

@ {\it The double path and its accuracy.}  Everything but the product is
exact or rounds a fixed number of times.  $R_r=(2^g-1)/2^{g_{\max}}$ is exact
in double, since $2^g-1$ is an integer below $2^{53}$ for $g\le g_{\max}\le30$
and the division is by a power of two; so is the factor $1-R_r=(2^{g_{\max}}
-2^g+1)/2^{g_{\max}}$.  A term $R_r\cdot p/r$ rounds twice.  The trouble is
the running product $p$: kept in one double, every factor rounds it once,
the term at rank~$r$ carries about $r$ roundings, and the bound becomes
$(k+1)u$, which grows with the cutoff and, without a cutoff, with the list.
So we keep $p$ in two doubles, $p=p_h+p_l$ with $\vert p_l\vert\le u\,p_h$:
the product $p_h f$ by an exact factor~$f$ is split exactly into $h+e$ by a
fused multiply-add ($e={\rm fma}(p_h,f,-h)$ is exact), and $p_lf+e$ is
rounded into the new low part.  Each step adds a relative error below
$3u^2$ (two roundings of the small part), so after $k$ steps $p_h+p_l$ is
within $3ku^2$ of~$p$, which is
far below $u$ for any list shorter than $2^{40}$ items.  Then the term
uses $p_h$ (relative error $u$ for $p$), multiplies by $R_r$ ($u$) and
divides by $r$ ($u$), and the compensated sum adds one more ($u$): 4~ulps,
whatever $K$ and whatever the list, the bound |rm_ulp_bound| returns.  (A
product that underflows makes its terms smaller than $2^{-1000}$, while a
product below $1/2$ means the sum already exceeds $1/(2k)$: the absolute
errors of underflow are far below one ulp of the value.)

@<Private functions@>=
static rm_status xrr_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, r;
  double top = ldexp(1.0, v->gmax), ph = 1.0, pl = 0.0; /* $p=ph+pl$ */
  nsum s = {0, 0};
  if (!xrr_grades_fit(v, l)) return RM_EGRADE;
  for (r = 0; r < k; r++) {
    double c = ldexp(1.0, l->grade[perm[r]]) - 1.0; /* $2^g-1$, exact */
    double f, h, e;
    if (c == 0) continue;
    nsum_add(&s, c / top * ph / (double) (r + 1));
    f = (top - c) / top; /* $1-R_r$, exact */
    h = ph * f;
    e = fma(ph, f, -h); /* $ph\cdot f-h$, exact */
    pl = pl * f + e;
    ph = h + pl; /* renormalize: $\vert pl\vert\le u\,ph$ */
    pl -= ph - h;
  }
  *num = s.s + s.c;
  *den = 1.0;
  return RM_OK;
}
static double xrr_bound(const rm_variant *v)
{
  (void) v;
  return 4;
}

@ @<Metric codes@>=
RM_ERR,

@ @<Metric specifications@>=
[RM_ERR] = {"err", K(KEY_GMAX) | K(KEY_TIES), ratio_d, ratio_x, xrr_bound,
  no_average, NULL, xrr_qratio, xrr_dratio, NULL},

@ The vectors of the chapter.  The random lists have grades 0 to~4, so
every variant here has $g_{\max}\ge4$.

@<Vector variant lists@>=
static const char *const err_variants[] = {"err", "err@@1", "err@@3", "err@@5",
  "err@@10", "err@@10[gmax=5]", "err@@20[gmax=30]", "err[ties=reverse]",
  "err@@5[ties=pessimistic]", "err@@5[ties=optimistic]", "err@@10[ties=id-asc]",
  "err@@10[ties=id-desc]", NULL};

@ @<Vector families@>=
{"err", "expected reciprocal rank: err", 1ULL << RM_ERR, err_variants},

@* Classification and rating errors.\here{q:clf}
Two sources name metrics that judge single predictions rather than a
ranking.  \src{003\_67084013e7b3df28.txt} defines the accuracy, precision and
recall of a classifier; \src{001\_2e9bf761b3089294.txt} names the rating
errors MAE, MSE and RMSE.  They read the same input as the ranking metrics:
an item's grade is its true label or rating, and its score the prediction.
@^classification metrics@>@^accuracy@>@^MAE@>@^RMSE@>

For a classifier an item is {\it positive\/} when its grade is at least the
relevance threshold~$t$ and {\it predicted positive\/} when its score is at
least a cut~$c$, the key \.{cut} (a fraction, default $1/2$).  Counting true
and false positives and negatives over the $n$ items of the list,
$$\hbox{accuracy}={TP+TN\over n},\quad
  \hbox{precision}={TP\over TP+FP},\quad
  \hbox{recall}={TP\over TP+FN},\quad
  F_1={2\,TP\over 2\,TP+FP+FN}.$$
Each is 0/0 for some input (no items; nothing predicted positive; no
positives), and then undefined.  For rating errors with truth $g_i$ and
prediction $s_i$,
$${\rm MAE}={1\over n}\sum_i\vert g_i-s_i\vert,\qquad
  {\rm MSE}={1\over n}\sum_i(g_i-s_i)^2,\qquad {\rm RMSE}=\sqrt{\rm MSE},$$
undefined for $n=0$.  The metrics are \.{accuracy}, \.{clf-precision},
\.{clf-recall}, \.{clf-f1}, \.{mae}, \.{mse} and \.{rmse}; they take no
cutoff and no tie rule, and they need scores.

@ {\it Where the sources state them.}\here{F003.1}  \src{003} defines
${\rm ACC}={\rm right}/{\rm all}$ (F003.1), precision as $TP/(TP+FP)$, ``the
share of true positives among the predicted positives'' (F003.2), and recall
as $TP/(TP+FN)$ (F003.3).  These are the precision and recall of a
classifier: no ranking and no cutoff, unlike precision@@$K$ and recall@@$K$ of
the chapter on precision and recall, although the two agree when the top~$K$
is taken as the predicted positives.  Neither source says where the cut lies;
\src{002} remarks that accuracy needs one, which is why it prefers AUC.
\src{001} has three headings and no formulas (F001, section~1): MAE, MSE and
``Root Mean {\it Absolute\/} Error (RMSE)'', where {\it Squared\/} is meant;
the section number 1.2 also appears twice.  No source has a worked example
of these metrics; the cases below are ours.

@ {\it Cases.}  Five items with labels 1, 1, 0, 0, 1 and scores 0.9, 0.4,
0.6, 0.2, 0.5.  At the default cut $1/2$ (a score of exactly 0.5 is predicted
positive) there are 2 true positives, 1 false positive, 1 false negative and
1 true negative: accuracy $\oursq{T-clf-acc}$, precision $\oursq{T-clf-prec}$,
recall $\oursq{T-clf-rec}$, $F_1=\oursq{T-clf-f1}$.  At \.{cut=0.6} the item
scored 0.5 turns negative: accuracy $\oursq{T-clf-acc6}$, precision
$\oursq{T-clf-prec6}$, recall $\oursq{T-clf-rec6}$, $F_1=\oursq{T-clf-f16}$.

Three ratings 3, 5, 2 predicted as 2.5, 5, 4 have errors 0.5, 0 and~2:
${\rm MAE}=\oursq{T-mae}$, ${\rm MSE}=\oursq{T-mse}$ and
${\rm RMSE}=\sqrt{17/12}=\ours{T-rmse}$, irrational; ratings 0,~0 predicted
0.5,~0.5 have ${\rm RMSE}=\oursq{T-rmse-exact}$ exactly.

@<Worked examples@>=
@/{"T-clf-acc", NULL, "accuracy", RM_G(1, 1, 0, 0, 1), RM_S(0.9, 0.4, 0.6, 0.2, 0.5),
  NULL, RM_NONE, NULL, "case", RM_OK, "3/5", 0x1.3333333333333p-1},
@/{"T-clf-prec", NULL, "clf-precision", RM_G(1, 1, 0, 0, 1),
  RM_S(0.9, 0.4, 0.6, 0.2, 0.5), NULL, RM_NONE, NULL, "case", RM_OK, "2/3",
  0x1.5555555555555p-1},
@/{"T-clf-rec", NULL, "clf-recall", RM_G(1, 1, 0, 0, 1), RM_S(0.9, 0.4, 0.6, 0.2, 0.5),
  NULL, RM_NONE, NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"T-clf-f1", NULL, "clf-f1", RM_G(1, 1, 0, 0, 1), RM_S(0.9, 0.4, 0.6, 0.2, 0.5),
  NULL, RM_NONE, NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"T-clf-acc6", NULL, "accuracy[cut=0.6]", RM_G(1, 1, 0, 0, 1),
  RM_S(0.9, 0.4, 0.6, 0.2, 0.5), NULL, RM_NONE, NULL, "case", RM_OK, "2/5",
  0x1.999999999999ap-2},
@/{"T-clf-prec6", NULL, "clf-precision[cut=0.6]", RM_G(1, 1, 0, 0, 1),
  RM_S(0.9, 0.4, 0.6, 0.2, 0.5), NULL, RM_NONE, NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-clf-rec6", NULL, "clf-recall[cut=0.6]", RM_G(1, 1, 0, 0, 1),
  RM_S(0.9, 0.4, 0.6, 0.2, 0.5), NULL, RM_NONE, NULL, "case", RM_OK, "1/3",
  0x1.5555555555555p-2},
@/{"T-clf-f16", NULL, "clf-f1[cut=0.6]", RM_G(1, 1, 0, 0, 1),
  RM_S(0.9, 0.4, 0.6, 0.2, 0.5), NULL, RM_NONE, NULL, "case", RM_OK, "2/5",
  0x1.999999999999ap-2},
@/{"T-mae", NULL, "mae", RM_G(3, 5, 2), RM_S(2.5, 5, 4), NULL, RM_NONE, NULL, "case",
  RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"T-mse", NULL, "mse", RM_G(3, 5, 2), RM_S(2.5, 5, 4), NULL, RM_NONE, NULL, "case",
  RM_OK, "17/12", 0x1.6aaaaaaaaaaabp+0},
@/{"T-rmse", NULL, "rmse", RM_G(3, 5, 2), RM_S(2.5, 5, 4), NULL, RM_NONE, NULL, "case",
  RM_OK, NULL, 0x1.30b3713738289p+0}, /* $\sqrt{17/12}$ */
@/{"T-rmse-exact", NULL, "rmse", RM_G(0, 0), RM_S(0.5, 0.5), NULL, RM_NONE, NULL,
  "case", RM_OK, "1/2", 0x1p-1},

@ The cut is written as a fraction $c=p/q$, but a score is a double, and the
comparison that every program makes is between doubles: a program that reads
the cut \.{0.6} holds the double nearest to $3/5$, which lies {\it below\/}
$3/5$, and so does a score read as 0.6; the two are equal, and the score
passes.  We define the comparison the same way, so that our values are those
of such programs: a score $s$ is predicted positive when $s\ge\hat c$, where
$\hat c$ is $c$ rounded to the nearest double.  (Compared with $c$ exactly,
the score 0.6 would fall below the cut 0.6.)  Both paths compute $\hat c$
with MPFR, so they decide every item alike.

@<Public types@>=
typedef enum {@+ RM_CUT_DEFAULT_NUM = 1, RM_CUT_DEFAULT_DEN = 2 @+} rm_cut_default;

@ @<Fields of a variant@>=
int cut, cut_den; /* the cut $c$ as a fraction */

@ @<Key codes@>=
KEY_CUT,

@ @<Key specifications@>=
[KEY_CUT] = {"cut", NULL, 0, 100000000, FIELD(cut), FIELD(cut_den), NULL, 9, 0},

@ @<Set the numeric defaults of a variant@>=
v->cut = RM_CUT_DEFAULT_NUM; v->cut_den = RM_CUT_DEFAULT_DEN;

@ @<Private functions@>=
static double cut_double(const rm_variant *v)
{
  mpq_t c;
  mpfr_t x;
  double d;
  mpq_init(c); mpfr_init2(x, 53);
  mpq_set_ui(c, (unsigned long) v->cut, (unsigned long) v->cut_den);
  mpq_canonicalize(c);
  mpfr_set_q(x, c, MPFR_RNDN);
  d = mpfr_get_d(x, MPFR_RNDN); /* exact: |x| has 53 bits */
  mpfr_clear(x); mpq_clear(c);
  return d;
}

@ The four classification metrics count the confusion matrix once and take
their ratio of counts.  Counts are exact in both paths, so the double path
makes one division: 1~ulp.

@<Private functions@>=
static rm_status confusion(const rm_variant *v, const rm_list *l, size_t c[4])
{
  size_t i;
  double cu;
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  cu = cut_double(v);
  c[0] = c[1] = c[2] = c[3] = 0; /* $TP$, $FP$, $FN$, $TN$ */
  for (i = 0; i < l->n; i++) {
    int y = l->grade[i] >= v->rel, p = l->score[i] >= cu;
    c[y ? (p ? 0 : 2) : (p ? 1 : 3)]++;
  }
  return RM_OK;
}
static void clf_counts(const rm_variant *v, const size_t c[4], size_t n,
  unsigned long *num, unsigned long *den)
{
  switch (v->metric) {
  case RM_ACCURACY: *num = c[0] + c[3]; *den = n; break;
  case RM_CLF_PRECISION: *num = c[0]; *den = c[0] + c[1]; break;
  case RM_CLF_RECALL: *num = c[0]; *den = c[0] + c[2]; break;
  default: *num = 2 * c[0]; *den = 2 * c[0] + c[1] + c[2]; break;
  }
}
static rm_status clf_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t c[4];
  unsigned long a, b;
  rm_status s = confusion(v, l, c);
  (void) perm;
  if (s != RM_OK) return s;
  clf_counts(v, c, l->n, &a, &b);
  *num = (double) a; *den = (double) b;
  return RM_OK;
}
static rm_status clf_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t c[4];
  unsigned long a, b;
  rm_status s = confusion(v, l, c);
  (void) perm;
  if (s != RM_OK) return s;
  clf_counts(v, c, l->n, &a, &b);
  mpq_set_ui(num, a, 1); mpq_set_ui(den, b, 1);
  return RM_OK;
}
static double one_ulp(const rm_variant *v)
{
  (void) v;
  return 1;
}
static const char *no_cutoff_no_ties(const rm_variant *v)
{
  return v->k ? "this metric takes no cutoff" : NULL;
}

@ @<Metric codes@>=
RM_ACCURACY, RM_CLF_PRECISION, RM_CLF_RECALL, RM_CLF_F1,

@ @d CLF_KEYS (K(KEY_REL) | K(KEY_CUT) | K(KEY_UNDEF))

@<Metric specifications@>=
[RM_ACCURACY] = {"accuracy", CLF_KEYS, ratio_d, ratio_x, one_ulp,
  no_cutoff_no_ties, NULL, clf_qratio, clf_dratio, NULL},
[RM_CLF_PRECISION] = {"clf-precision", CLF_KEYS, ratio_d, ratio_x, one_ulp,
  no_cutoff_no_ties, NULL, clf_qratio, clf_dratio, NULL},
[RM_CLF_RECALL] = {"clf-recall", CLF_KEYS, ratio_d, ratio_x, one_ulp,
  no_cutoff_no_ties, NULL, clf_qratio, clf_dratio, NULL},
[RM_CLF_F1] = {"clf-f1", CLF_KEYS, ratio_d, ratio_x, one_ulp,
  no_cutoff_no_ties, NULL, clf_qratio, clf_dratio, NULL},

@ The rating errors.  MAE and MSE are ratios: the sum of the errors or of
their squares, over~$n$.  A double score is a dyadic fraction, so the exact
errors are fractions too (|mpq_set_d| is exact).  On the double path an
error $g-s$ is one rounding; its absolute value is exact and its square one
more rounding on top of the doubled relative error; the compensated sum and
the division add one each: MAE within 3~ulps, MSE within~5.

@<Private functions@>=
static rm_status err_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t i;
  nsum s = {0, 0};
  (void) perm;
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  for (i = 0; i < l->n; i++) {
    double e = rating_err_d(l, i);
    nsum_add(&s, v->metric == RM_MAE ? fabs(e) : e * e);
  }
  *num = s.s + s.c; *den = (double) l->n;
  return RM_OK;
}
static rm_status err_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t i;
  mpq_t e, g;
  (void) perm;
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  mpq_inits(e, g, NULL);
  mpq_set_ui(num, 0, 1);
  for (i = 0; i < l->n; i++) {
    mpq_set_d(e, l->score[i]);
    rating_q(g, l, i);
    mpq_sub(e, g, e);
    if (v->metric == RM_MAE) mpq_abs(e, e); else mpq_mul(e, e, e);
    mpq_add(num, num, e);
  }
  mpq_clears(e, g, NULL);
  mpq_set_ui(den, (unsigned long) l->n, 1);
  return RM_OK;
}
static double err_bound(const rm_variant *v)
{
  return v->metric == RM_MAE ? 3 : v->metric == RM_MSE ? 5 : 4;
}

@ The double path of the three metrics scales the errors by the power of two
$2^k$ that brings the largest into $[1/2,1)$, which is exact, and scales the
result back: without it a score of $10^{308}$ would overflow the sum (and a
compensated sum would turn the overflow into NaN), and a subnormal error
would square to~0.  Errors far below the largest may still vanish in the
scaling; they are below the rounding error of the sum.  A mean square above
the largest double is $\infty$ on both paths.

RMSE is the square root of MSE, that is $q/\sqrt q$ for the MSE~$q$: the
form $a/\sqrt b$ of the part on exact arithmetic, rational exactly when $q$
is the square of a fraction.  On the double path the root halves the
relative error of the MSE ($5u/2$) and adds one rounding: 4~ulps.

@<Private functions@>=
static rm_status err_d(const rm_variant *v, const rm_list *l, const size_t *perm,
  double *out)
{
  size_t i;
  double m = 0, x;
  int k = 0;
  nsum s = {0, 0};
  (void) perm;
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  if (l->n == 0) return undefined_d(v, out);
  for (i = 0; i < l->n; i++) {
    double e = fabs(rating_err_d(l, i));
    if (e > m) m = e;
  }
  if (m > 0 && isfinite(m)) { frexp(m, &k); k = -k; } /* $m\cdot2^k\in[1/2,1)$ */
  for (i = 0; i < l->n; i++) {
    double e = ldexp(rating_err_d(l, i), k);
    nsum_add(&s, v->metric == RM_MAE ? fabs(e) : e * e);
  }
  x = (s.s + s.c) / (double) l->n;
  *out = v->metric == RM_MAE ? ldexp(x, -k) : v->metric == RM_MSE ? ldexp(x, -2 * k)
    : ldexp(sqrt(x), -k);
  return RM_OK;
}
static rm_status rmse_x(const rm_variant *v, const rm_list *l, const size_t *perm,
  rm_exact *out)
{
  mpq_t num, den;
  rm_status s;
  mpq_inits(num, den, NULL);
  s = err_qratio(v, l, perm, num, den);
  if (s == RM_OK) {
    if (mpq_sgn(den) == 0) s = undefined_x(v, out);
    else {
      mpq_div(num, num, den);
      s = exact_q_over_sqrt(out, num, num);
    }
  }
  mpq_clears(num, den, NULL);
  return s;
}

@ @<Metric codes@>=
RM_MAE, RM_MSE, RM_RMSE,

@ @<Metric specifications@>=
[RM_MAE] = {"mae", K(KEY_UNDEF), err_d, ratio_x, err_bound, no_cutoff_no_ties,
  NULL, err_qratio, err_dratio, NULL},
[RM_MSE] = {"mse", K(KEY_UNDEF), err_d, ratio_x, err_bound, no_cutoff_no_ties,
  NULL, err_qratio, err_dratio, NULL},
[RM_RMSE] = {"rmse", K(KEY_UNDEF), err_d, rmse_x, err_bound, no_cutoff_no_ties,
  NULL, err_qratio, err_dratio, NULL},

@ {\it Pooled and per-user RMSE.}\here{q:pooled}  Over a set of users RMSE
is reported two ways, and they differ.  The {\it pooled\/} RMSE takes the
root once, of the squared errors of all rows over the number of rows; it is
the RMSE of the Netflix Prize and of most papers on rating prediction, and
it is the micro average \.{micro:rmse}: the numerators (sums of squared
errors) and the denominators (counts) of the users add up, and the root is
taken of the quotient.  The {\it mean of per-user RMSEs\/}, \.{mean:rmse},
takes each user's root first and averages the roots, so that every user
weighs alike and a user with one bad prediction weighs as much as one with
a hundred.  The evaluator's \.{-m rmse} means the pooled one.  Both paths
compute both: the pooled one as the root of a fraction, the mean as a sum
of roots, each rational or a term of Ziv's loop.

User~A rates two films 3.5 and~4 and is predicted 3 and~4.5: squared errors
$1/4$ and~$1/4$, RMSE $\sqrt{1/4}=1/2$.  User~B rates two films 1 and~1 and
is predicted 4.5 and~4.5: squared errors $49/4$ each, RMSE $7/2$.  The mean
of the two RMSEs is $(1/2+7/2)/2=2$.  The pooled RMSE is
$\sqrt{(1/4+1/4+49/4+49/4)/4}=\sqrt{100/16}=5/2$.  The pooled value is
never below the mean of the roots when the users have equally many rows (the
root is concave), and here the one bad user pulls it up by a half.  MAE and
MSE have no such split when the users have equally many rows: their mean
and micro average agree then, and differ otherwise by the weights.

@ {\it Ratings.}\here{q:ratings}  The rating errors read ratings as written
(see \secref{q:labels}), so their cases may have half stars and decimals.
Ratings 3.5 and~4 predicted 3 and~4.5 have errors $1/2$ and $-1/2$: MAE
and RMSE $1/2$, MSE $1/4$.  Ratings 3.3 and~4.7 predicted 3 and~5 are
$33/10$ and $47/10$, with errors $3/10$ and $-3/10$: MAE $3/10$, MSE
$9/100$, RMSE $\sqrt{9/100}=3/10$, all exact; a program that holds the
ratings as the doubles nearest them gets an MAE of $0.2999999999999998$ (the
double below $3.3$ is $3.3-1.8\cdot10^{-16}$ and the one below $4.7$ is
$4.7-1.8\cdot10^{-16}$).  Ratings $-1.5$ and $2.25$ predicted 0 and~2 give
${\rm MAE}=(3/2+1/4)/2=7/8$.  Ratings 0.1 and~0.2 predicted 0 and~0 have
${\rm MSE}=(1/100+4/100)/2=1/40$ and an irrational ${\rm RMSE}=\sqrt{1/40}$.

A rating is no grade: accuracy, and every metric of a ranking, refuses a
list whose labels are 0.5 and~1 with |RM_EGRADE|, and the vectors hold that
refusal as an invalid test.

@<Write the groups of ratings@>=
if (fam->metrics & 1ULL << RM_MAE) {
  static const struct {@+ const char *name; const char *lab[2]; double sc[2]; @+}
    rc[] = {
    {"mae", {"3.5", "4"}, {3, 4.5}}, {"mse", {"3.5", "4"}, {3, 4.5}},
    {"rmse", {"3.5", "4"}, {3, 4.5}}, {"mae", {"3.3", "4.7"}, {3, 5}},
    {"mse", {"3.3", "4.7"}, {3, 5}}, {"rmse", {"3.3", "4.7"}, {3, 5}},
    {"mae", {"-1.5", "2.25"}, {0, 2}}, {"mse", {"0.1", "0.2"}, {0, 0}},
    {"rmse", {"0.1", "0.2"}, {0, 0}}};
  size_t i;
  for (i = 0; i < sizeof rc / sizeof rc[0] && ok; i++) {
    rm_variant v;
    rm_list l = {0};
    char nm[RM_NAME_MAX];
    rm_variant_parse(rc[i].name, &v, NULL, 0);
    rm_variant_name(&v, nm, sizeof nm);
    l.n = 2; l.label = rc[i].lab; l.score = rc[i].sc;
    @<Open a group for |nm|@>;
    ok = write_test(&o, &v, &l, "ratings read as written, a case of the book", 0, 0, 0);
    fputs("\n      ]}", o.json);
  }
}

@ The vectors of the chapter.  Random cases have scores in $[0,1]$ and grades
0 to~4, which suits both kinds of metric.

@<Vector variant lists@>=
static const char *const clf_variants[] = {"accuracy", "accuracy[cut=0.75]",
  "clf-precision", "clf-recall", "clf-f1", "clf-f1[rel=2,cut=1/4]", "mae", "mse",
  "rmse", "mse[undef=one]", NULL};

@ @<Vector families@>=
{"classification", "classification and rating errors: accuracy, clf-precision,"
  " clf-recall, clf-f1, mae, mse, rmse", 1ULL << RM_ACCURACY | 1ULL << RM_CLF_PRECISION
  | 1ULL << RM_CLF_RECALL | 1ULL << RM_CLF_F1 | 1ULL << RM_MAE | 1ULL << RM_MSE
  | 1ULL << RM_RMSE, clf_variants},

@* Rank correlation.\here{corr-def}
A rank correlation measures how well one order agrees with another: here the
order of the items by their grades (the truth) and their order by the
scores (the prediction).  It is $+1$ when the two orders agree, $-1$ when one
is the reverse of the other, and near~0 when they are unrelated.  Let
$x_i=g_i$ and $y_i=s_i$ be the grade and the score of the item at input
position~$i$, $1\le i\le n$; when the list carries ratings (such as
MovieLens' half stars, see \secref{q:labels}), $x_i$ is the rating, read
exactly as written, and two ratings tie when they are equal as numbers.  The {\it mid-rank\/} of $x_i$ is its rank in
increasing order, tied values sharing the mean of the ranks they occupy:
$$\varrho(x_i)=\#\{j:x_j<x_i\}+{\#\{j:x_j=x_i\}+1\over2},$$
a multiple of $1\over2$; likewise $\varrho(y_i)$.  The mid-ranks of a list
always add up to $n(n+1)/2$, so their mean is $\bar\varrho=(n+1)/2$ with or
without ties.  {\it Spearman's rho\/} is the Pearson correlation of the
mid-ranks:
$$\rho={a\over\sqrt b},\qquad a=\sum_i(\varrho(x_i)-\bar\varrho)(\varrho(y_i)-\bar\varrho),\qquad
b=\sum_i(\varrho(x_i)-\bar\varrho)^2\cdot\sum_i(\varrho(y_i)-\bar\varrho)^2.$$
{\it Kendall's tau\/} counts pairs.  A pair $i<j$ is {\it concordant\/} when
$(x_i-x_j)(y_i-y_j)>0$ and {\it discordant\/} when it is $<0$; a pair tied in
$x$ or in~$y$ is neither.  With $C$ and $D$ the numbers of concordant and
discordant pairs, $n_0=n(n-1)/2$ the number of pairs, $n_1$ the pairs tied
in~$x$ and $n_2$ the pairs tied in~$y$,
$$\tau_a={C-D\over n_0},\qquad \tau_b={C-D\over\sqrt{(n_0-n_1)(n_0-n_2)}}.$$
All three lie in $[-1,1]$.  Without ties $\tau_a=\tau_b$; with ties $\tau_a$
cannot reach $\pm1$, and $\tau_b$, Kendall's correction of 1945, can.
@^rank correlation@>@^Spearman's rho@>@^Kendall's tau@>@^mid-ranks@>

The metrics are \.{spearman} and \.{kendall}; the latter has the key
\.{tau}, \.{b} (the default) or \.{a}.  Each is undefined when its
denominator is~0: $\rho$ and $\tau_b$ when $n<2$ or all grades are equal or
all scores are equal, $\tau_a$ only when $n<2$.  (All scores equal gives
$\tau_a=0$, a defined value.)  An undefined value is reported under the key
\.{undef}, as everywhere in this book.  Neither metric ranks: there is no
cutoff (a cutoff is refused) and no tie rule, because the formulas deal with
ties themselves, through mid-ranks and through $n_1$ and~$n_2$.  Both need
scores, and a list without them is an invalid argument.  Judged items that
were not retrieved have no score and are ignored.

@ {\it Where the sources state it.}\here{N000.RC}  Nowhere.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm definition&\rm name here\cr
\noalign{\smallskip\hrule\smallskip}
\src{000}, introduction&``RC (Rank Correction)'', named only&\.{spearman}, \.{kendall}?\cr
\src{001}--\src{004}&not named&---\cr}}$$
\src{000\_0ec1f0283de4c3f9.txt} lists ``RC (Rank Correction)'' among the
metrics of a recommender in its introduction and never mentions it again: no
formula, no example, no code.  ``Rank Correction'' is not a metric we know;
it is probably {\it rank correlation}, mistyped.  The other four sources do
not name it.  So the definitions above are not from the sources: they are the
standard ones of the statistics literature (Spearman, 1904; Kendall, 1938,
and for $\tau_b$ 1945).  We give
both common rank correlations because the source does not say which it
means; no source has a worked example, and the cases below are ours.

What the common libraries compute: SciPy's |spearmanr| is the Pearson
correlation of the average ranks, our \.{spearman}; its |kendalltau|
computes $\tau_b$ by default (\.{variant='b'}), our \.{kendall}, and offers
Stuart's $\tau_c$, which this version does not define.  Both return NaN
where our value is undefined.

@ {\it Spearman's rho without ties.}\here{corr-rational}  Without ties the
mid-ranks of each side are $1,\ldots,n$ in some order, so both sums of
squares are $\sum_{r=1}^n(r-\bar\varrho)^2=n(n^2-1)/12$ and $b$ is the
square $\bigl(n(n^2-1)/12\bigr)^2$.  With $d_i=\varrho(x_i)-\varrho(y_i)$,
$\sum_i d_i^2=2\cdot n(n^2-1)/12-2a$, and so
$$\rho=1-{6\sum_i d_i^2\over n(n^2-1)},$$
the textbook formula, a fraction.  With ties the two sums of squares are
smaller and differ, and this formula applied to mid-ranks is {\it not\/}
Spearman's rho (below, it gives $33/40=0.825$ for a case whose $\rho$ is
$\ours{T-corr-ties}$).  In general $\rho$ is rational exactly when $b$ is the square
of a fraction, and $\tau_b$ exactly when $(n_0-n_1)(n_0-n_2)$ is a square
(when $n_1=n_2$, for one); otherwise, if $C\ne D$, the value is irrational and
the exact path decides it with |exact_q_over_sqrt| of the part on exact
arithmetic, for negative values too.

@ {\it Cases.}\here{corr-cases}  Eight small lists, chosen so that each
value can be checked by hand:
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\rm case&\rm grades $x$&\rm scores $y$\cr
\noalign{\smallskip\hrule\smallskip}
perfect&0, 1, 2, 3&0.1, 0.2, 0.3, 0.4\cr
reversal&0, 1, 2, 3&0.4, 0.3, 0.2, 0.1\cr
no ties&0, 1, 2, 3&0.2, 0.1, 0.4, 0.3\cr
ties&0, 0, 1, 2, 2&0.1, 0.3, 0.2, 0.4, 0.4\cr
irrational&0, 0, 1, 2&0.1, 0.2, 0.3, 0.4\cr
negative&3, 1, 2, 2, 0&0.1, 0.5, 0.25, 0.75, 1\cr
zero&0, 1, 2&0.5, 0.1, 0.5\cr
flat&0, 1, 2&0.5, 0.5, 0.5\cr}}$$
and their values:
$$\vbox{\halign{#\hfil\quad&$#$\hfil\quad&$#$\hfil\quad&$#$\hfil\cr
\rm case&\rho\ (\.{spearman})&\tau_b\ (\.{kendall})&\tau_a\ (\.{kendall[tau=a]})\cr
\noalign{\smallskip\hrule\smallskip}
perfect&\oursq{T-corr-perfect}&\oursq{T-corr-perfect-tb}&\oursq{T-corr-perfect-ta}\cr
reversal&\oursq{T-corr-reversal}&\oursq{T-corr-reversal-tb}&\oursq{T-corr-reversal-ta}\cr
no ties&\oursq{T-corr-noties}&\oursq{T-corr-noties-tb}&\oursq{T-corr-noties-ta}\cr
ties&\ours{T-corr-ties}&\ours{T-corr-ties-tb}&\oursq{T-corr-ties-ta}\cr
irrational&\ours{T-corr-irr}&\ours{T-corr-irr-tb}&\oursq{T-corr-irr-ta}\cr
negative&\ours{T-corr-neg}&\ours{T-corr-neg-tb}&\oursq{T-corr-neg-ta}\cr
zero&\oursq{T-corr-zero}&\oursq{T-corr-zero-tb}&\oursq{T-corr-zero-ta}\cr
flat&\hbox{undefined}&\hbox{undefined}&\oursq{T-corr-flat-ta}\cr}}$$
By hand: in ``no ties'' the rank differences are $\pm1$, $\sum d_i^2=4$ and
$\rho=1-24/60=3/5$; two of the six pairs are discordant, so
$\tau_a=\tau_b=(4-2)/6$.  In ``ties'' the mid-ranks are $(1.5,1.5,3,4.5,4.5)$
and $(1,3,2,4.5,4.5)$, both of mean~3; the sums of squares are $9$ and
$19/2$, so $a=15/2$, $b=171/2$ and $\rho=(15/2)/\sqrt{171/2}=5/\sqrt{38}$
(the textbook formula would give $1-6\cdot3.5/120=33/40$); there are
$C=7$ concordant and $D=1$ discordant pairs, $n_1=2$ pairs tied in~$x$ and
$n_2=1$ in~$y$, so $\tau_a=6/10$ but $\tau_b=6/\sqrt{8\cdot9}=1/\sqrt2$, the
tie correction at work.  ``Irrational'' has $\rho=(9/2)/\sqrt{45/2}=3/\sqrt{10}$
and $\tau_b=5/\sqrt{30}$, and ``negative'' $\rho=-8/\sqrt{95}$,
$\tau_a=-7/10$ and $\tau_b=-7/\sqrt{90}$.  The irrational values are, as
correctly rounded doubles and to 40 digits,
$$\vbox{\halign{#\hfil\quad&\.{#}\hfil\quad&\.{#}\hfil\cr
ties, $\rho$&\ourshex{T-corr-ties}&\oursl{T-corr-ties}\cr
ties, $\tau_b$&\ourshex{T-corr-ties-tb}&\oursl{T-corr-ties-tb}\cr
irrational, $\rho$&\ourshex{T-corr-irr}&\oursl{T-corr-irr}\cr
negative, $\rho$&\ourshex{T-corr-neg}&\oursl{T-corr-neg}\cr
negative, $\tau_b$&\ourshex{T-corr-neg-tb}&\oursl{T-corr-neg-tb}\cr}}$$
and a 300-bit evaluation of $a/\sqrt b$ (with mpmath) agrees with each.
Reversing one of the two orders changes the sign of every correlation and
nothing else, so ``reversal'' is the negative of ``perfect'', and
``negative'' the negative of its {\it mirror}, the same grades with the
scores $0.9$, $0.5$, $0.75$, $0.25$, $0$ (the tests check both): for
$\rho=-8/\sqrt{95}$ the double is the negative of the mirror's, and the
ternary value, the sign of the rounding error, is $-1$ where the mirror's is
$+1$.  In
``zero'' $a=0$ and one concordant pair balances one discordant pair: every
value is exactly~0, a positive zero.  ``Flat'' has all scores equal, so
$\rho$ and $\tau_b$ are $0/0$ and set by \.{undef}: $\ours{T-corr-flat}$ by
default, $\ours{T-corr-flat-one}$ under \.{undef=one}; but
$\tau_a=0/3$ is defined.  A list of one item leaves all three undefined.

SciPy~1.10 (|spearmanr|, |kendalltau|) returns the same values on these
lists up to two units in the last place (0.6000000000000001 for $3/5$,
0.3333333333333334 for $1/3$), and NaN for ``flat''.

@<Worked examples@>=
@/{"T-corr-perfect", NULL, "spearman", RM_G(0, 1, 2, 3), RM_S(0.1, 0.2, 0.3, 0.4),
  NULL, RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-corr-perfect-tb", NULL, "kendall", RM_G(0, 1, 2, 3), RM_S(0.1, 0.2, 0.3, 0.4),
  NULL, RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-corr-perfect-ta", NULL, "kendall[tau=a]", RM_G(0, 1, 2, 3),
  RM_S(0.1, 0.2, 0.3, 0.4), NULL, RM_NONE, NULL, "case", RM_OK, "1", 0x1p+0},
@/{"T-corr-noties", NULL, "spearman", RM_G(0, 1, 2, 3), RM_S(0.2, 0.1, 0.4, 0.3),
  NULL, RM_NONE, NULL, "case", RM_OK, "3/5", 0x1.3333333333333p-1},
@/{"T-corr-noties-tb", NULL, "kendall", RM_G(0, 1, 2, 3), RM_S(0.2, 0.1, 0.4, 0.3),
  NULL, RM_NONE, NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},
@/{"T-corr-noties-ta", NULL, "kendall[tau=a]", RM_G(0, 1, 2, 3),
  RM_S(0.2, 0.1, 0.4, 0.3), NULL, RM_NONE, NULL, "case", RM_OK, "1/3",
  0x1.5555555555555p-2},
@/{"T-corr-ties", NULL, "spearman", RM_G(0, 0, 1, 2, 2), RM_S(0.1, 0.3, 0.2, 0.4, 0.4),
  NULL, RM_NONE, NULL, "case", RM_OK, NULL, 0x1.9f496e38ac351p-1}, /* $5/\sqrt{38}$ */
@/{"T-corr-ties-tb", NULL, "kendall", RM_G(0, 0, 1, 2, 2),
  RM_S(0.1, 0.3, 0.2, 0.4, 0.4), NULL, RM_NONE, NULL, "case", RM_OK, NULL,
  0x1.6a09e667f3bcdp-1}, /* $1/\sqrt2$ */
@/{"T-corr-ties-ta", NULL, "kendall[tau=a]", RM_G(0, 0, 1, 2, 2),
  RM_S(0.1, 0.3, 0.2, 0.4, 0.4), NULL, RM_NONE, NULL, "case", RM_OK, "3/5",
  0x1.3333333333333p-1},
@/{"T-corr-irr", NULL, "spearman", RM_G(0, 0, 1, 2), RM_S(0.1, 0.2, 0.3, 0.4),
  NULL, RM_NONE, NULL, "case", RM_OK, NULL, 0x1.e5b9d136c6d96p-1}, /* $3/\sqrt{10}$ */
@/{"T-corr-irr-tb", NULL, "kendall", RM_G(0, 0, 1, 2), RM_S(0.1, 0.2, 0.3, 0.4),
  NULL, RM_NONE, NULL, "case", RM_OK, NULL, 0x1.d363d1848dcbfp-1}, /* $5/\sqrt{30}$ */
@/{"T-corr-irr-ta", NULL, "kendall[tau=a]", RM_G(0, 0, 1, 2), RM_S(0.1, 0.2, 0.3, 0.4),
  NULL, RM_NONE, NULL, "case", RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"T-corr-reversal", NULL, "spearman", RM_G(0, 1, 2, 3), RM_S(0.4, 0.3, 0.2, 0.1),
  NULL, RM_NONE, NULL, "case", RM_OK, "-1", -0x1p+0},
@/{"T-corr-reversal-tb", NULL, "kendall", RM_G(0, 1, 2, 3), RM_S(0.4, 0.3, 0.2, 0.1),
  NULL, RM_NONE, NULL, "case", RM_OK, "-1", -0x1p+0},
@/{"T-corr-reversal-ta", NULL, "kendall[tau=a]", RM_G(0, 1, 2, 3),
  RM_S(0.4, 0.3, 0.2, 0.1), NULL, RM_NONE, NULL, "case", RM_OK, "-1", -0x1p+0},
@/{"T-corr-neg", NULL, "spearman", RM_G(3, 1, 2, 2, 0),
  RM_S(-0.9, -0.5, -0.75, -0.25, 0), NULL, RM_NONE, NULL, "case", RM_OK, NULL,
  -0x1.a43da0adc6899p-1}, /* $-8/\sqrt{95}$ */
@/{"T-corr-neg-tb", NULL, "kendall", RM_G(3, 1, 2, 2, 0),
  RM_S(-0.9, -0.5, -0.75, -0.25, 0), NULL, RM_NONE, NULL, "case", RM_OK, NULL,
  -0x1.79c969d54553cp-1}, /* $-7/\sqrt{90}$ */
@/{"T-corr-neg-ta", NULL, "kendall[tau=a]", RM_G(3, 1, 2, 2, 0),
  RM_S(-0.9, -0.5, -0.75, -0.25, 0), NULL, RM_NONE, NULL, "case", RM_OK, "-7/10",
  -0x1.6666666666666p-1},
@/{"T-corr-mirror", NULL, "spearman", RM_G(3, 1, 2, 2, 0),
  RM_S(0.9, 0.5, 0.75, 0.25, 0), NULL, RM_NONE, NULL, "case", RM_OK, NULL,
  0x1.a43da0adc6899p-1}, /* $8/\sqrt{95}$ */
@/{"T-corr-mirror-tb", NULL, "kendall", RM_G(3, 1, 2, 2, 0),
  RM_S(0.9, 0.5, 0.75, 0.25, 0), NULL, RM_NONE, NULL, "case", RM_OK, NULL,
  0x1.79c969d54553cp-1}, /* $7/\sqrt{90}$ */
@/{"T-corr-mirror-ta", NULL, "kendall[tau=a]", RM_G(3, 1, 2, 2, 0),
  RM_S(0.9, 0.5, 0.75, 0.25, 0), NULL, RM_NONE, NULL, "case", RM_OK, "7/10",
  0x1.6666666666666p-1},
@/{"T-corr-zero", NULL, "spearman", RM_G(0, 1, 2), RM_S(0.5, 0.1, 0.5), NULL, RM_NONE,
  NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-corr-zero-tb", NULL, "kendall", RM_G(0, 1, 2), RM_S(0.5, 0.1, 0.5), NULL,
  RM_NONE, NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-corr-zero-ta", NULL, "kendall[tau=a]", RM_G(0, 1, 2), RM_S(0.5, 0.1, 0.5), NULL,
  RM_NONE, NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-corr-flat", NULL, "spearman", RM_G(0, 1, 2), RM_S(0.5, 0.5, 0.5), NULL, RM_NONE,
  NULL, "case", RM_UNDEFINED, "0", 0x0p+0},
@/{"T-corr-flat-one", NULL, "spearman[undef=one]", RM_G(0, 1, 2), RM_S(0.5, 0.5, 0.5),
  NULL, RM_NONE, NULL, "case", RM_UNDEFINED, "1", 0x1p+0},
@/{"T-corr-flat-tb", NULL, "kendall", RM_G(0, 1, 2), RM_S(0.5, 0.5, 0.5), NULL,
  RM_NONE, NULL, "case", RM_UNDEFINED, "0", 0x0p+0},
@/{"T-corr-flat-ta", NULL, "kendall[tau=a]", RM_G(0, 1, 2), RM_S(0.5, 0.5, 0.5), NULL,
  RM_NONE, NULL, "case", RM_OK, "0", 0x0p+0},
@/{"T-corr-one", NULL, "spearman", RM_G(1), RM_S(0.5), NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},
@/{"T-corr-one-ta", NULL, "kendall[tau=a,undef=one]", RM_G(1), RM_S(0.5), NULL,
  RM_NONE, NULL, "case", RM_UNDEFINED, "1", 0x1p+0},

@ The code of the key \.{tau}.

@<Public types@>=
typedef enum {@+ RM_TAU_B, RM_TAU_A @+} rm_tau;

@ @<Fields of a variant@>=
int tau; /* an |rm_tau| */

@ @<Key codes@>=
KEY_TAU,

@ @^keys of names, \.{tau}@>
@<Key specifications@>=
[KEY_TAU] = {"tau", tau_words, 0, 0, FIELD(tau), 0, NULL, 2, 0},

@ @<Words and conditions of keys@>=
static const char *const tau_words[] = {"b", "a", NULL};

@ Both paths of Spearman's rho start from the same integers.  Twice a
mid-rank minus twice the mean, $c_i=2\varrho(x_i)-(n+1)$, is an integer, and
$\rho=\sum c_ic'_i/\sqrt{\sum c_i^2\sum c'^2_i}$ for the doubled, centred
mid-ranks $c_i$ of the grades and $c'_i$ of the scores: doubling multiplies
$a$ by~4 and $b$ by~16.  Grades are integers from 0 to |RM_GRADE_MAX|, so a
count of each grade gives them: with $L$ items below grade~$g$ and $m$ items
at~$g$, $c=2L+m+1-(n+1)=2L+m-n$.  The scores come ranked in |perm|, in
decreasing order with equal scores adjacent; a tie group at rank indices
$r\le j<e$ has $n-e$ items below it, and $c'=2(n-e)+(e-r)+1-(n+1)=n-e-r$.
All in $O(n)$ after the sort.  The function returns |NULL| when it cannot
allocate.

A list with ratings (see \secref{q:labels}) is ranked by its ratings, read
exactly: |corr_keys| gives each item the {\it dense rank\/} of its rating,
the number of distinct ratings below it, by sorting the exact values, so
that two ratings tie exactly when they are equal as decimals (\.{3.5} and
\.{3.50} tie; \.{0.1} and \.{0.10000000000000000001} do not, though their
doubles are equal).  Both paths then work on these whole keys as on grades,
and agree.  Without ratings the key is the grade, and there are
$|RM_GRADE_MAX|+1$ keys.

@<Private functions@>=
typedef struct {@+ mpq_ptr q; size_t i; @+} corr_item;
static int corr_item_cmp(const void *a, const void *b)
{
  return mpq_cmp(((const corr_item *) a)->q, ((const corr_item *) b)->q);
}
static size_t *corr_keys(const rm_list *l, size_t *nk)
{
  size_t n = l->n, i, *key = malloc((n ? n : 1) * sizeof *key);
  mpq_t *q;
  corr_item *it;
  if (key == NULL) return NULL;
  if (l->label == NULL) {
    for (i = 0; i < n; i++) key[i] = (size_t) l->grade[i];
    *nk = RM_GRADE_MAX + 1;
    return key;
  }
  q = malloc((n ? n : 1) * sizeof *q); it = malloc((n ? n : 1) * sizeof *it);
  if (q == NULL || it == NULL) { free(q); free(it); free(key); return NULL; }
  for (i = 0; i < n; i++) {
    mpq_init(q[i]); label_q(q[i], l->label[i]);
    it[i].q = q[i]; it[i].i = i;
  }
  qsort(it, n, sizeof *it, corr_item_cmp);
  for (i = 0, *nk = 0; i < n; i++) {
    if (i > 0 && mpq_cmp(it[i].q, it[i - 1].q) != 0) ++*nk;
    key[it[i].i] = *nk;
  }
  *nk += 1;
  for (i = 0; i < n; i++) mpq_clear(q[i]);
  free(q); free(it);
  return key;
}
static long *corr_ranks(const rm_list *l, const size_t *perm)
{
  size_t *cnt, *below, n = l->n, i, r, e, j, nk, *key = corr_keys(l, &nk);
  long *c = malloc(2 * (n ? n : 1) * sizeof *c);
  cnt = key ? malloc(2 * nk * sizeof *cnt) : NULL;
  if (c == NULL || cnt == NULL) { free(c); free(key); free(cnt); return NULL; }
  below = cnt + nk;
  for (i = 0; i < nk; i++) cnt[i] = 0;
  for (i = 0; i < n; i++) cnt[key[i]]++;
  for (i = 0, r = 0; i < nk; i++) { below[i] = r; r += cnt[i]; }
  for (i = 0; i < n; i++)
    c[i] = 2 * (long) below[key[i]] + (long) cnt[key[i]] - (long) n;
  free(key); free(cnt);
  for (r = 0; r < n; r = e) {
    e = tie_end(l, perm, r);
    for (j = r; j < e; j++) c[n + perm[j]] = (long) n - (long) e - (long) r;
  }
  return c;
}

@ The exact path sums the products in GMP integers and hands $A=\sum
c_ic'_i$ and $B=\sum c_i^2\sum c'^2_i$ to |exact_q_over_sqrt|: a fraction
when $B$ is a square, Ziv's loop otherwise.  The double path makes the same
sums with |nsum_add|.  They are sums of integers, and they are exact: every
term is an integer of magnitude at most $n^2$, a double for $n<2^{26}$; while
the partial sums stay below $2^{53}$ no addition rounds, and beyond that each
rounding error of Neumaier's step is itself an integer, computed exactly and
added exactly to the compensation, whose magnitude stays far below $2^{53}$
for $n<2^{26}$ (at most $n$ errors of at most $n^3\cdot2^{-54}$ each).  So
each of the three sums, compensation added last, is its exact value rounded
once ($u$), however the terms cancel.  For $n\le2^{18}$ no sum exceeds
$n(n^2-1)/3<2^{53}$ and they are exact.  Then the product of the two sums
of squares is one rounding ($u$), the square root halves the relative error
so far and adds one ($3u/2+u$), and the division adds the error of $A$ and
one more: in all $4.5u$, a bound of 5~ulps, valid for $n<2^{26}$ (which
covers every list this library is meant for, and $n\le2^{20}$ in
particular); for $n\le2^{18}$ the sums are exact and it is $2.5u$, 3~ulps.
A value $A=0$ is returned as $+0$ exactly.
@^accuracy of the double path@>

@<Private functions@>=
static rm_status spearman_d(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *out)
{
  nsum a = {0, 0}, sx = {0, 0}, sy = {0, 0};
  size_t i, n = l->n;
  long *c;
  double A, X, Y;
  if (n > 0 && l->score == NULL) return RM_EINVAL;
  if ((c = corr_ranks(l, perm)) == NULL) return RM_ENOMEM;
  for (i = 0; i < n; i++) {
    nsum_add(&a, (double) (c[i] * c[n + i]));
    nsum_add(&sx, (double) (c[i] * c[i]));
    nsum_add(&sy, (double) (c[n + i] * c[n + i]));
  }
  free(c);
  A = a.s + a.c; X = sx.s + sx.c; Y = sy.s + sy.c;
  if (X == 0 || Y == 0) return undefined_d(v, out);
  *out = A == 0 ? 0.0 : A / sqrt(X * Y);
  return RM_OK;
}
static rm_status spearman_x(const rm_variant *v, const rm_list *l,
  const size_t *perm, rm_exact *out)
{
  mpz_t sx, sy, t;
  mpq_t A, B;
  size_t i, n = l->n;
  long *c;
  rm_status s;
  if (n > 0 && l->score == NULL) return RM_EINVAL;
  if ((c = corr_ranks(l, perm)) == NULL) return RM_ENOMEM;
  mpz_inits(sx, sy, t, NULL);
  mpq_inits(A, B, NULL);
  for (i = 0; i < n; i++) {
    mpz_set_si(t, c[i]); mpz_mul_si(t, t, c[n + i]);
    mpz_add(mpq_numref(A), mpq_numref(A), t);
    mpz_set_si(t, c[i]); mpz_mul_si(t, t, c[i]); mpz_add(sx, sx, t);
    mpz_set_si(t, c[n + i]); mpz_mul_si(t, t, c[n + i]); mpz_add(sy, sy, t);
  }
  free(c);
  mpz_mul(mpq_numref(B), sx, sy);
  if (mpq_sgn(B) == 0) s = undefined_x(v, out);
  else s = exact_q_over_sqrt(out, A, B);
  mpz_clears(sx, sy, t, NULL);
  mpq_clears(A, B, NULL);
  return s;
}

@ Kendall's counts come from all $n(n-1)/2$ pairs, compared directly.  That
is $O(n^2)$ time; an $O(n\log n)$ count by merge sort exists (Knight, 1966),
but ranked lists are short and the plain count is obviously right.  The
function gives $C-D$, $n_0$, $n_1$ and $n_2$, all exact integers, and
returns |RM_ENOMEM| when it cannot allocate the keys.

@<Private functions@>=
static rm_status corr_pairs(const rm_list *l, long *cd, unsigned long *n1,
  unsigned long *n2, unsigned long *n0)
{
  size_t i, j, nk, *key = corr_keys(l, &nk);
  if (key == NULL) return RM_ENOMEM;
  *cd = 0; *n1 = *n2 = 0;
  for (i = 0; i < l->n; i++)
    for (j = i + 1; j < l->n; j++) {
      int dx = (key[i] > key[j]) - (key[i] < key[j]);
      int dy = (l->score[i] > l->score[j]) - (l->score[i] < l->score[j]);
      *n1 += dx == 0; *n2 += dy == 0;
      *cd += dx * dy;
    }
  free(key);
  *n0 = (unsigned long) (l->n * (l->n - (l->n > 0)) / 2);
  return RM_OK;
}

@ $\tau_a$ is a ratio of integers, and takes the common ratio paths: one
division, 1~ulp.  $\tau_b$ is $(C-D)/\sqrt{(n_0-n_1)(n_0-n_2)}$: both factors
are integers and doubles (below $2^{53}$ for $n<2^{26}$), their product is
one rounding ($u$), the square root halves it and adds one ($u/2+u$), and
the division one more: $2.5u$, a bound of 3~ulps.  The exact path is again
|exact_q_over_sqrt|.

@<Private functions@>=
static rm_status kendall_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  long cd;
  unsigned long n1, n2, n0;
  rm_status s;
  (void) v; (void) perm;
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  if ((s = corr_pairs(l, &cd, &n1, &n2, &n0)) != RM_OK) return s;
  mpq_set_si(num, cd, 1); mpq_set_ui(den, n0, 1);
  return RM_OK;
}
static rm_status kendall_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  long cd;
  unsigned long n1, n2, n0;
  rm_status s;
  (void) v; (void) perm;
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  if ((s = corr_pairs(l, &cd, &n1, &n2, &n0)) != RM_OK) return s;
  *num = (double) cd; *den = (double) n0;
  return RM_OK;
}
static rm_status kendall_d(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *out)
{
  long cd;
  unsigned long n1, n2, n0;
  rm_status s;
  if (v->tau == RM_TAU_A) return ratio_d(v, l, perm, out);
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  if ((s = corr_pairs(l, &cd, &n1, &n2, &n0)) != RM_OK) return s;
  if (n0 == n1 || n0 == n2) return undefined_d(v, out);
  *out = cd == 0 ? 0.0 : (double) cd / sqrt((double) (n0 - n1) * (double) (n0 - n2));
  return RM_OK;
}
static rm_status kendall_x(const rm_variant *v, const rm_list *l,
  const size_t *perm, rm_exact *out)
{
  long cd;
  unsigned long n1, n2, n0;
  mpq_t A, B;
  rm_status s;
  if (v->tau == RM_TAU_A) return ratio_x(v, l, perm, out);
  if (l->n > 0 && l->score == NULL) return RM_EINVAL;
  if ((s = corr_pairs(l, &cd, &n1, &n2, &n0)) != RM_OK) return s;
  if (n0 == n1 || n0 == n2) return undefined_x(v, out);
  mpq_inits(A, B, NULL);
  mpq_set_si(A, cd, 1);
  mpz_set_ui(mpq_numref(B), n0 - n1);
  mpz_mul_ui(mpq_numref(B), mpq_numref(B), n0 - n2);
  s = exact_q_over_sqrt(out, A, B);
  mpq_clears(A, B, NULL);
  return s;
}
static double corr_bound(const rm_variant *v)
{
  return v->metric == RM_SPEARMAN ? 5 : v->tau == RM_TAU_A ? 1 : 3;
}

@ Both metrics refuse a cutoff.  Only $\tau_a$, a ratio, can be averaged
over queries (see the part on aggregation, whose exact path takes a
query's value as a fraction or as log-linear forms); $\tau_b$ and $\rho$,
quotients by a square root, cannot in this version.

@<Private functions@>=
static const char *corr_refuse(const rm_variant *v)
{
  if (v->k) return "this metric takes no cutoff";
  if (v->metric == RM_KENDALL && v->tau == RM_TAU_B && v->agg != RM_AGG_NONE)
    return "only kendall[tau=a] can be aggregated in this version";
  return NULL;
}

@ @<Metric codes@>=
RM_SPEARMAN, RM_KENDALL,

@ @<Metric specifications@>=
[RM_SPEARMAN] = {"spearman", K(KEY_UNDEF), spearman_d, spearman_x, corr_bound,
  corr_refuse, NULL, NULL, NULL, NULL},
[RM_KENDALL] = {"kendall", K(KEY_TAU) | K(KEY_UNDEF), kendall_d, kendall_x,
  corr_bound, corr_refuse, NULL, kendall_qratio, kendall_dratio, NULL},

@ The vectors of the chapter.  The random cases of the generator have few
distinct grades and five score levels, so ties are everywhere, and many
lists have all grades equal: the undefined cases are well covered.

@<Vector variant lists@>=
static const char *const corr_variants[] = {"spearman", "spearman[undef=one]",
  "kendall", "kendall[tau=a]", "kendall[tau=b,undef=one]",
  "kendall[tau=a,undef=one]", NULL};

@ @<Vector families@>=
{"corr", "rank correlation: spearman, kendall", 1ULL << RM_SPEARMAN
  | 1ULL << RM_KENDALL, corr_variants},

@* What 001's evaluator computes.\here{C001}
\src{001\_2e9bf761b3089294.txt} ends with a PyTorch class |Evaluator| that
scores a recommender.  Each of its methods is one of our variants, and the
class reports the plain mean over users of each; in our names:
$$\vbox{\halign{\tt#\hfil\quad&\tt#\hfil\cr
\rm method&\rm variant\cr
\noalign{\smallskip\hrule\smallskip}
get\_Recall&mean:recall@@K[norm=rel] (with a defect, below)\cr
get\_Precision&mean:precision@@K[denom=k]\cr
get\_HR&mean:hr@@K[hit=any]\cr
get\_RR&mean:rr@@K[hits=first]\cr
get\_AP&mean:ap@@K[norm=hits]\cr
get\_NDCG&mean:ndcg@@K[gain=binary,ideal=ones]\cr}}$$
It computes no F-score and no novelty, although the text defines both.
The post's four worked examples (an MRR, a precision@@$K$ and two average
precisions) were images and are lost (E001).\here{E001}

Its defects, each with what it changes:
\smallskip
\item{$\bullet$} The ideal DCG is $\sum_{i\le K}1/\lg(i+1)$ for every user
(F001.10): a user with one relevant item ranked first scores
$\ours{F001.10-ndcg}$ at $K=10$ (see \secref{F001.10}).
\item{$\bullet$} AP is divided by the hits in the top~$K$ (F001.7): one hit at
rank~1 scores~1 however many relevant items were missed; with four relevant
items and one found first the code's AP is $\oursq{C001-ap}$, where
normalising by~$R$ gives $\oursq{C001-ap-rel}$.
\item{$\bullet$} Recall divides the deduplicated hits by the number of test
rows, duplicates included: test items 5, 5, 6, both recommended, give
$\oursq{C001-recall}$, not~1.  (Our input has no duplicate items; the code's
value is that of a query with one more relevant item, never retrieved.)
\item{$\bullet$} |self.popularity| is never assigned, so |get_Novelty| would
raise an error, and it is never called.  |num_users| is the largest user
identifier, not a count; batching makes an empty last batch when the number
of users divides evenly; items already seen in training are not masked; item
identifiers are assumed to run from 1 to the number of items; and
|torch.topk| leaves the order of ties to the implementation.
\smallskip

@<Worked examples@>=
@/{"C001-ap", "001_2e9bf761b3089294.txt", "ap@@3[norm=hits]", RM_G(1, 0, 0), NULL,
  NULL, RM_G(1, 1, 1), NULL, "not printed", RM_OK, "1", 0x1p+0},
@/{"C001-ap-rel", NULL, "ap@@3", RM_G(1, 0, 0), NULL, NULL, RM_G(1, 1, 1), NULL,
  "case", RM_OK, "1/4", 0x1p-2},
@/{"C001-recall", "001_2e9bf761b3089294.txt", "recall@@10", RM_G(1, 1), NULL, NULL,
  RM_G(1), NULL, "not printed", RM_OK, "2/3", 0x1.5555555555555p-1},

@** Aggregation.\here{q:agg}
A metric of one query becomes a number for a system by averaging over
queries: MRR is the mean reciprocal rank, MAP the mean average precision, and
nDCG@@10 as papers report it is the mean of the per-query values.  Three
choices change that number, and the sources and the libraries make all of
them differently.
\smallskip
\item{$\bullet$} {\it How values are combined.}  The {\it mean\/} (a macro
average) averages the per-query values.  The {\it micro\/} average pools:
for a metric that is a ratio, it sums the numerators and the denominators
over queries and divides once, so that a query with many relevant items
weighs more; \src{000}'s hit ratio, hits over all relevant items of all users,
is a micro average of recall.  The {\it sum\/} adds the values, as
\src{000}'s prose does for its hit ratio.
\item{$\bullet$} {\it Weights.}  A mean may weight each query by one
(\.{uniform}), by its number of items (\.{items}: impressions, in the
GAUC of the DIN paper and of \src{003}) or by its number of relevant items
among them (\.{positives}: clicks, as RecBole's GAUC).
@^GAUC, its weights@>
\item{$\bullet$} {\it Which queries count.}  \.{skip=none} counts every
query, an undefined value entering with the value its convention gives
(trec\_eval, scikit-learn); \.{skip=undef} leaves out queries whose value is
undefined (RecBole's and DIN's GAUC drop users with one class only);
\.{skip=norel} leaves out queries with no relevant item at all (gdeval,
Elliot); \.{skip=missing} leaves out queries that retrieved nothing.  A query
that has judgments but is missing from the run is a list of no items with
its judgments as unretrieved grades: under \.{skip=none} it counts, usually
as~0 (trec\_eval's \.{-c} option and ir\_measures), and under
\.{skip=missing} it is left out (trec\_eval~9 without \.{-c}).
\smallskip
\noindent An aggregated variant is named by its aggregator, the aggregator's
options and a colon before the variant of one query:
$$\vbox{\halign{\tt#\hfil\cr
mean[skip=none,weight=uniform]:rr@@10[hits=first,rel=1,ties=input,undef=zero]\cr
micro[skip=none]:hr@@10[hit=recall,rel=1,ties=input,undef=zero]\cr}}$$
The aggregators are \.{mean}, \.{micro}, \.{sum} and \.{gm}, the
geometric mean of trec\_eval's \.{gm\_map} (see \secref{q:gm}); \.{weight} belongs to
\.{mean} only, and \.{micro} to the metrics that are ratios, and to RMSE,
whose micro average is the root of the micro average of its square, the
pooled RMSE (see \secref{q:pooled}).  A set of no
counted queries has an undefined mean and micro average (the convention of
the inner variant's \.{undef} then applies) and a sum of~0.
@^aggregation@>@^mean over queries@>@^micro average@>
@^trec\_eval@>@^scikit-learn@>@^RecBole@>@^ir\_measures@>@^Elliot@>@^gdeval@>

@<Public types@>=
typedef enum {@+ RM_AGG_NONE, RM_AGG_MEAN, RM_AGG_MICRO, RM_AGG_SUM, RM_AGG_GM @+} rm_agg;
typedef enum {@+ RM_SKIP_NONE, RM_SKIP_UNDEF, RM_SKIP_NOREL, RM_SKIP_MISSING @+} rm_skip;
typedef enum {@+ RM_WEIGHT_UNIFORM, RM_WEIGHT_ITEMS, RM_WEIGHT_POSITIVES @+} rm_weight;

@ @<Fields of a variant@>=
int agg; /* an |rm_agg|; |RM_AGG_NONE| for a single query */
int skip; /* an |rm_skip| */
int weight; /* an |rm_weight| */

@ @<Key codes@>=
KEY_SKIP, KEY_WEIGHT,

@ @^keys of names, \.{skip}@>@^keys of names, \.{weight}@>
@<Key specifications@>=
[KEY_SKIP] = {"skip", skip_words, 0, 0, FIELD(skip), 0, NULL, 1, 1},
[KEY_WEIGHT] = {"weight", weight_words, 0, 0, FIELD(weight), 0, weight_when, 2, 1},

@ @<Words and conditions of keys@>=
static const char *const agg_words[] = {"-", "mean", "micro", "sum", "gm", NULL};
static const char *const skip_words[] = {"none", "undef", "norel", "missing", NULL};
static const char *const weight_words[] = {"uniform", "items", "positives", NULL};
static int weight_when(const rm_variant *v)
{
  return v->agg == RM_AGG_MEAN;
}

@ The printer writes the aggregator first.

@<Print the aggregator and its options@>=
{
  int first = 1;
  p += (size_t) sprintf(s + p, "%s", agg_words[v->agg]);
  for (key = next_key(-1); key >= 0; key = next_key(key)) {
    if (!keys[key].outer || !key_used(v, key)) continue;
    p += (size_t) sprintf(s + p, "%c%s=%s", first ? '[' : ',', keys[key].name,
      keys[key].words[key_get(v, key)]);
    first = 0;
  }
  p += (size_t) sprintf(s + p, "%s:", first ? "" : "]");
}

@ The parser recognizes an aggregator by its word followed by \.[ or \.:, so
that no metric can be mistaken for one.

@<Read an optional aggregator and its options into |o|@>=
{
  const char *q = read_word(p, word, sizeof word);
  int a = lookup(word, agg_words);
  if (a > 0 && (*q == '[' || *q == ':')) {
    o.agg = a;
    p = q;
    if ((s = read_options(name, &p, &o, seen, 1, msg, msglen)) != RM_OK) return s;
    if (*p != ':') {
      bad(msg, msglen, name, p, "expected ':' between the aggregator and the metric");
      return RM_ENAME;
    }
    p++;
  }
}

@ The interface for a set of queries mirrors the one for a single query.  A
variant without an aggregator is refused here, unless its metric is one of a
whole set (see the last section of this part); a variant with one may be
given to |rm_value| too, which treats its list as a set of one query.

@<Public prototypes@>=
rm_status rm_value_set(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, double *out);
/* The double path of an aggregated variant (\.{mean:ap}) or of a metric of
   a whole set (coverage) over the |nq| queries |q[0..nq-1]|.  Returns as
   |rm_value| does. */
int rm_variant_reads_set(const rm_variant *v);
/* Nonzero when |*v| must be computed with |rm_value_set|; 0 for a null
   variant or one whose metric or aggregator is out of range (which
   |rm_value| then refuses). */
rm_status rm_value_set_exact(const rm_variant *v, const rm_list *q, size_t nq,
  rm_exact *out);
/* The exact path of |rm_value_set|, as |rm_value_exact|. */

@ A variant reads a set of queries when it has an aggregator or its metric is
one of a whole set.

@<Public functions@>=
int rm_variant_reads_set(const rm_variant *v)
{
  return v != NULL && (unsigned) v->metric < RM_N_METRICS
    && (unsigned) v->agg <= RM_AGG_GM
    && (v->agg != RM_AGG_NONE || metrics[v->metric].set_d != NULL);
}

@ Every query's list is checked as a single list is.

@<Private functions@>=
static rm_status check_list(const rm_variant *v, const rm_list *l)
{
  @<Check the list@>;
  return RM_OK;
}
static double query_weight(const rm_variant *v, const rm_list *l)
{
  size_t i, c = 0;
  if (v->weight == RM_WEIGHT_UNIFORM) return 1;
  if (v->weight == RM_WEIGHT_ITEMS) return (double) l->n;
  for (i = 0; i < l->n; i++)
    c += l->grade ? l->grade[i] >= v->rel : rating_d(l, i) >= v->rel;
  return (double) c;
}

@ The double path.  The inner variant |u| is the variant without its
aggregator.  For each query we get the value, or for a micro average the
numerator and the denominator, and decide whether the query counts.  Sums are
compensated; the bound is the inner variant's plus three roundings for a
mean (the product by the weight, the sum, the division), plus one for a sum,
and twice the inner bound plus three for a micro average, since the
numerator and the denominator each carry up to the inner error.

@<Public functions@>=
rm_status rm_value_set(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, double *out)
{
  rm_variant u;
  rm_work own;
  nsum a = {0, 0}, b = {0, 0};
  size_t j;
  rm_status s = RM_OK;
  @<Check the variant@>;
  if ((q == NULL && nq > 0) || out == NULL) return RM_EINVAL;
  if (metrics[v->metric].set_d) {
    if (w == NULL) { rm_work_init(&own); w = &own; }
    s = metrics[v->metric].set_d(v, q, nq, w, out);
    if (w == &own) rm_work_free(&own);
    return s;
  }
  if (v->agg == RM_AGG_NONE) return RM_EINVAL;
  u = *v; u.agg = RM_AGG_NONE;
  if (w == NULL) { rm_work_init(&own); w = &own; }
  for (j = 0; j < nq && s >= 0; j++) @<Add query |j| to the sums |a| and |b|@>;
  if (w == &own) rm_work_free(&own);
  if (s < 0) return s;
  switch (v->agg) {
  case RM_AGG_SUM: *out = a.s + a.c; return RM_OK;
  case RM_AGG_GM: @<Turn the sum of logarithms |a| over |b| queries into the
    geometric mean@>;
  default:
    if (b.s + b.c == 0) return undefined_d(&u, out);
    *out = (a.s + a.c) / (b.s + b.c);
    if (v->agg == RM_AGG_MICRO && u.metric == RM_RMSE) *out = sqrt(*out);
    return RM_OK;
  }
}

@ For a mean, |a| collects the weighted values and |b| the weights; for a
micro average, the numerators and the denominators; for a sum, the values.

@<Add query |j| to the sums...@>=
{
  const rm_list *l = &q[j];
  double x, num = 0, den = 0;
  rm_status t;
  if ((s = check_list(&u, l)) != RM_OK) break;
  if ((s = work_reserve(w, l->n)) != RM_OK) break;
  if (v->skip == RM_SKIP_NOREL && n_relevant(&u, l) == 0) continue;
  if (v->skip == RM_SKIP_MISSING && l->n == 0) continue;
  rank_items(l, key_used(&u, KEY_TIES) ? u.ties : RM_TIES_INPUT, w->perm, w->tmp);
  if (v->agg == RM_AGG_MICRO) {
    if ((s = metrics[u.metric].dratio(&u, l, w->perm, &num, &den)) != RM_OK) break;
    if (den == 0 && v->skip == RM_SKIP_UNDEF) continue;
    nsum_add(&a, num); nsum_add(&b, den);
    continue;
  }
  t = metrics[u.metric].d(&u, l, w->perm, &x);
  if ((t == RM_UNDEFINED || t == RM_EUNDEF) && v->skip == RM_SKIP_UNDEF) continue;
  if (t < 0) { s = t; break; }
  if (v->agg == RM_AGG_SUM) nsum_add(&a, x);
  else if (v->agg == RM_AGG_GM) {
    nsum_add(&a, log(x < GM_FLOOR ? GM_FLOOR : x)); nsum_add(&b, 1);
  } else {
    double wt = query_weight(v, l);
    nsum_add(&a, wt * x); nsum_add(&b, wt);
  }
}

@ The exact path keeps the aggregate as a rational part plus a list of
irrational terms, each a nonnegative rational weight times a quotient of two
log-linear forms (an nDCG, say).  A query whose value is rational (every
ratio metric, and a cumulative-gain value whose forms turn out rational)
adds to the rational part.  When no irrational term is left the aggregate is
a fraction rounded once; otherwise Ziv's loop encloses it, every term by its
own enclosure, all rounded outward, so that the argument of the part on exact
arithmetic applies unchanged.

@<Private types@>=
typedef struct {
  mpq_t c; /* the weight of the term */
  loglin num, den;
} agg_term;
typedef struct {
  mpq_t q; /* the rational part */
  size_t n, cap;
  agg_term *t;
  size_t nr, capr; /* roots: term |j| is $r_{2j}\sqrt{r_{2j+1}}$ */
  mpq_t *r;
} aggregate;

@ @<Private functions@>=
static void agg_clear(aggregate *g)
{
  size_t i;
  for (i = 0; i < g->n; i++) {
    mpq_clear(g->t[i].c); loglin_clear(&g->t[i].num); loglin_clear(&g->t[i].den);
  }
  free(g->t);
  for (i = 0; i < 2 * g->nr; i++) mpq_clear(g->r[i]);
  free(g->r);
  mpq_clear(g->q);
}
static int enclose_aggregate(mpfr_t lo, mpfr_t hi, const void *ctx)
{
  const aggregate *g = ctx;
  mpfr_t a, b, c;
  size_t i;
  int ok = 1;
  logcache lc; /* the logarithms of the roots, shared by all the terms */
  logcache_init(&lc);
  mpfr_inits2(mpfr_get_prec(lo), a, b, c, (mpfr_ptr) 0);
  mpfr_set_q(lo, g->q, MPFR_RNDD);
  mpfr_set_q(hi, g->q, MPFR_RNDU);
  for (i = 0; i < g->n && ok; i++) {
    ok = enclose_quotient(a, b, &g->t[i].num, &g->t[i].den, &lc);
    mpfr_set_q(c, g->t[i].c, MPFR_RNDD);
    mpfr_mul(a, a, c, MPFR_RNDD); mpfr_add(lo, lo, a, MPFR_RNDD);
    mpfr_set_q(c, g->t[i].c, MPFR_RNDU);
    mpfr_mul(b, b, c, MPFR_RNDU); mpfr_add(hi, hi, b, MPFR_RNDU);
  }
  for (i = 0; i < g->nr; i++) {
    mpfr_set_q(a, g->r[2 * i + 1], MPFR_RNDD); mpfr_sqrt(a, a, MPFR_RNDD);
    mpfr_set_q(c, g->r[2 * i], MPFR_RNDD);
    mpfr_mul(a, a, c, MPFR_RNDD); mpfr_add(lo, lo, a, MPFR_RNDD);
    mpfr_set_q(b, g->r[2 * i + 1], MPFR_RNDU); mpfr_sqrt(b, b, MPFR_RNDU);
    mpfr_set_q(c, g->r[2 * i], MPFR_RNDU);
    mpfr_mul(b, b, c, MPFR_RNDU); mpfr_add(hi, hi, b, MPFR_RNDU);
  }
  logcache_clear(&lc);
  mpfr_clears(a, b, c, (mpfr_ptr) 0);
  return ok;
}

@ The exact path itself.  |S| and |W| are the rational sums (of weighted
values and of weights, or of numerators and denominators).

@<Public functions@>=
rm_status rm_value_set_exact(const rm_variant *v, const rm_list *q, size_t nq,
  rm_exact *out)
{
  rm_variant u;
  rm_work w;
  aggregate g;
  mpq_t W, num, den, x;
  size_t j, i;
  rm_status s = RM_OK;
  @<Check the variant@>;
  if ((q == NULL && nq > 0) || out == NULL) return RM_EINVAL;
  if (metrics[v->metric].set_x) {
    s = metrics[v->metric].set_x(v, q, nq, out);
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    return s;
  }
  if (v->agg == RM_AGG_NONE) return RM_EINVAL;
  u = *v; u.agg = RM_AGG_NONE;
  if (v->agg == RM_AGG_GM) {
    s = gm_exact(v, &u, q, nq, out);
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    return s;
  }
  rm_work_init(&w);
  mpq_init(g.q); g.n = g.cap = 0; g.t = NULL; g.nr = g.capr = 0; g.r = NULL;
  mpq_inits(W, num, den, x, NULL);
  for (j = 0; j < nq && s >= 0; j++) @<Add query |j| exactly to |g| and |W|@>;
  if (s >= 0) @<Turn the sums into the exact aggregate@>;
  mpq_clears(W, num, den, x, NULL);
  agg_clear(&g);
  rm_work_free(&w);
  mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
  return s;
}

@ A query's value is exact: a fraction from |qratio|, or two forms from
|forms|.  Only an irrational quotient becomes a term of its own.

@<Add query |j| exactly...@>=
{
  const rm_list *l = &q[j];
  int undefined = 0, irrational = 0, root = 0;
  loglin fn, fd;
  if ((s = check_list(&u, l)) != RM_OK) break;
  if ((s = work_reserve(&w, l->n)) != RM_OK) break;
  if (v->skip == RM_SKIP_NOREL && n_relevant(&u, l) == 0) continue;
  if (v->skip == RM_SKIP_MISSING && l->n == 0) continue;
  rank_items(l, key_used(&u, KEY_TIES) ? u.ties : RM_TIES_INPUT, w.perm, w.tmp);
  loglin_init(&fn, 2); loglin_init(&fd, 2);
  if (u.metric == RM_NDCG_REL || u.metric == RM_RNDCG) @<Add the points of \.{ndcg-rel} to |g|, or
    note that the query's value is |undefined|@>@;
  else if (metrics[u.metric].qratio) {
    if ((s = metrics[u.metric].qratio(&u, l, w.perm, num, den)) != RM_OK) goto next;
    undefined = mpq_sgn(den) == 0;
    if (v->agg == RM_AGG_MICRO) {
      if (!(undefined && v->skip == RM_SKIP_UNDEF)) {
        mpq_add(g.q, g.q, num); mpq_add(W, W, den);
      }
      goto next;
    }
    if (!undefined) mpq_div(x, num, den);
    if (!undefined && u.metric == RM_RMSE) @<Take the root of |x|, or make it a root term@>;
  } else {
    loglin_clear(&fn); loglin_clear(&fd);
    loglin_init(&fn, discount_base(&u)); loglin_init(&fd, discount_base(&u));
    if ((s = metrics[u.metric].forms(&u, l, w.perm, &fn, &fd)) != RM_OK) goto next;
    loglin_normalize(&fd);
    undefined = loglin_is_zero(&fd);
    if (!undefined) irrational = !loglin_ratio(x, &fn, &fd);
  }
  if (undefined) {
    if (v->skip == RM_SKIP_UNDEF) goto next;
    if (u.undef == RM_UNDEF_ERROR) { s = RM_EUNDEF; goto next; }
    mpq_set_ui(x, u.undef == RM_UNDEF_ONE ? 1 : 0, 1);
  }
  @<Add the value |x|, or the term |fn/fd|, with the query's weight@>;
next:
  loglin_clear(&fn); loglin_clear(&fd);
}

@ A query of \.{ndcg-rel} or \.{rndcg} (\secref{q:ndcgrel}) is a weighted sum of
quotients itself; its points join the sum directly, and only an undefined
value goes the common way.

@<Add the points of \.{ndcg-rel}...@>=
{
  mpq_t wt;
  mpq_init(wt);
  mpq_set_d(wt, v->agg == RM_AGG_SUM ? 1.0 : query_weight(v, l));
  s = (u.metric == RM_RNDCG ? rndcg_terms : ndcgrel_terms)(&u, l, w.perm, wt, &g,
    &undefined);
  if (s == RM_OK && !undefined) mpq_add(W, W, wt);
  mpq_clear(wt);
  if (s != RM_OK || !undefined) goto next;
}

@ @<Add the value |x|, or the term...@>=
{
  mpq_t wt;
  mpq_init(wt);
  mpq_set_d(wt, v->agg == RM_AGG_SUM ? 1.0 : query_weight(v, l));
  mpq_add(W, W, wt);
  if (root) mpq_mul(g.r[2 * g.nr - 2], g.r[2 * g.nr - 2], wt);
  else if (!irrational) { mpq_mul(x, x, wt); mpq_add(g.q, g.q, x); }
  else {
    if (g.n == g.cap) {
      size_t cap = g.cap ? 2 * g.cap : 8;
      agg_term *t = realloc(g.t, cap * sizeof *t);
      if (t == NULL) { s = RM_ENOMEM; mpq_clear(wt); goto next; }
      g.t = t; g.cap = cap;
    }
    mpq_init(g.t[g.n].c); mpq_set(g.t[g.n].c, wt);
    g.t[g.n].num = fn; g.t[g.n].den = fd;
    loglin_init(&fn, 2); loglin_init(&fd, 2); /* the term owns the forms now */
    g.n++;
  }
  mpq_clear(wt);
}

@ A mean of RMSEs is a sum of square roots.  The root of a mean square
that is the square of a fraction is that fraction, and it joins the
rational part; any other root is irrational and becomes a term
$w\sqrt x$ of its own, enclosed by rounding the root and the product
outward.  (A sum of such terms with positive weights is irrational, so Ziv's
loop ends.)  The weight is stored later, when the query's weight is known:
the term is pushed with weight~1 and |irrational| tells the code below to
multiply it.

@<Take the root of |x|...@>=
{
  if (mpz_perfect_square_p(mpq_numref(x)) && mpz_perfect_square_p(mpq_denref(x))) {
    mpz_sqrt(mpq_numref(x), mpq_numref(x)); mpz_sqrt(mpq_denref(x), mpq_denref(x));
  } else {
    if (g.nr == g.capr) {
      size_t cap = g.capr ? 2 * g.capr : 8;
      mpq_t *r = realloc(g.r, 2 * cap * sizeof *r);
      if (r == NULL) { s = RM_ENOMEM; goto next; }
      g.r = r; g.capr = cap;
    }
    mpq_init(g.r[2 * g.nr]); mpq_init(g.r[2 * g.nr + 1]);
    mpq_set_ui(g.r[2 * g.nr], 1, 1); mpq_set(g.r[2 * g.nr + 1], x);
    g.nr++;
    root = 1;
  }
}

@ For a mean and a micro average we divide by |W|, which must not be zero.

@<Turn the sums into the exact aggregate@>=
{
  if (v->agg != RM_AGG_SUM) {
    if (mpq_sgn(W) == 0) s = undefined_x(&u, out);
    else {
      mpq_div(g.q, g.q, W);
      for (i = 0; i < g.n; i++) mpq_div(g.t[i].c, g.t[i].c, W);
      for (i = 0; i < g.nr; i++) mpq_div(g.r[2 * i], g.r[2 * i], W);
    }
  }
  if (s == RM_OK && v->agg == RM_AGG_MICRO && u.metric == RM_RMSE)
    s = exact_q_over_sqrt(out, g.q, g.q); /* the pooled RMSE */
  else if (s == RM_OK) s = g.n == 0 && g.nr == 0 ? exact_from_q(out, g.q)
    : ziv(out, enclose_aggregate, &g);
}

@ {\it Examples over queries.}  A worked example over several queries is a
row of its own table: the variant, the queries' lists, the printed value and
the exact value derived by hand.  The macro |RM_Q| makes one query from a
parenthesized list of grades and one of unretrieved grades.

@(examples.h@>=
#define RM_UNPAREN(...) __VA_ARGS__
#define RM_Q(g, j) @[{@[sizeof (int[]){RM_UNPAREN g}@] / sizeof (int), \
  @[(const int[]){RM_UNPAREN g}@], NULL, NULL, @[sizeof (int[]){0, RM_UNPAREN j}@] / sizeof (int) - 1, \
  @[(const int[]){0, RM_UNPAREN j}@] + 1, NULL, NULL}@]@t\2\2\2\2@>
typedef struct rm_set_example {
  const char *id, *source, *name;
  const rm_list *q; size_t nq; /* the queries */
  const char *printed, *verdict;
  int status;
  const char *rational;
  double expect;
} rm_set_example;
#define RM_QS(...) @[(const rm_list[]){__VA_ARGS__}@], \
  @[sizeof (rm_list[]){__VA_ARGS__}@] / sizeof (rm_list)@t\2\2@>
@<Lists of the examples over queries@>@;
static const rm_set_example rm_set_examples[] = {
@<Examples over several queries@>@;
};
#define RM_N_SET_EXAMPLES (sizeof rm_set_examples / sizeof rm_set_examples[0])

@ {\it The mean reciprocal rank of three queries} (\src{004}, E004.1).\here{E004.1-mrr}  The
three queries of the reciprocal-rank chapter have first hits at ranks 2, 1
and~3, so ${\rm MRR}=(1/2+1+1/3)/3=\oursq{E004.1}$, as printed.  The prose's
``sum of all scores'' would be \oursq{E004.1-sum}.

@<Examples over several queries@>=
@/{"E004.1", "004_7c0f0b5a1381237a.txt", "mean:rr",
  RM_QS(RM_Q((0, 1, 0), ()), RM_Q((1, 0, 0), ()), RM_Q((0, 0, 1), ())),
  "11/18", "agrees", RM_OK, "11/18", 0x1.38e38e38e38e4p-1},
@/{"E004.1-sum", "004_7c0f0b5a1381237a.txt", "sum:rr",
  RM_QS(RM_Q((0, 1, 0), ()), RM_Q((1, 0, 0), ()), RM_Q((0, 0, 1), ())),
  NULL, "case", RM_OK, "11/6", 0x1.d555555555555p+0},

@ {\it Cases.}  Which queries count changes the mean.  Three queries: the
first has its only relevant item at rank~1, the second has no relevant item,
the third's relevant item was not retrieved (a list of one irrelevant item
with one unretrieved relevant grade).  For the first-hit reciprocal rank the
values are 1, 0 and~0; so \.{mean:rr} is $\oursq{T-agg-none}$, and
\.{mean[skip=norel]:rr} is $\oursq{T-agg-norel}$.  For \.{rr[hits=mean]} the
second value is undefined: under \.{undef=zero} the mean is
$\oursq{T-agg-undef0}$, with \.{skip=undef} it is $\oursq{T-agg-skipundef}$.
The micro average of \.{rr[hits=mean]} pools numerators and denominators:
over the first and the third query, $(1+0)/(1+1)=\oursq{T-agg-micro}$.  If the third query retrieved nothing at
all (a missing query), trec\_eval~9 leaves it out, \.{mean[skip=missing]:rr}
$=\oursq{T-agg-missing}$, and with \.{-c} counts it as~0, \.{mean:rr}
$=\oursq{T-agg-missing-c}$.
Means of irrational values: the nDCG of two queries, one ranked perfectly
(exactly~1) and one with its relevant item at rank~2 ($1/\lg3$), has mean
$(1+1/\lg3)/2=\ours{T-agg-ndcg}$; weighted by items (two and three), it is
$(2+3/\lg3)/5=\ours{T-agg-ndcg-items}$.
@^trec\_eval@>

@<Examples over several queries@>=
@/{"T-agg-missing", NULL, "mean[skip=missing]:rr",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 0), ()), RM_Q((), (1))),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-agg-missing-c", NULL, "mean:rr",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 0), ()), RM_Q((), (1))),
  NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},
@/{"T-agg-none", NULL, "mean:rr",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 0), ()), RM_Q((0), (1))),
  NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},
@/{"T-agg-norel", NULL, "mean[skip=norel]:rr",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 0), ()), RM_Q((0), (1))),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-agg-undef0", NULL, "mean:rr[hits=mean]",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 0), ()), RM_Q((0), (1))),
  NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},
@/{"T-agg-skipundef", NULL, "mean[skip=undef]:rr[hits=mean]",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 0), ()), RM_Q((0), (1))),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-agg-micro", NULL, "micro:rr[hits=mean]",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0), (1))),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-agg-ndcg", NULL, "mean:ndcg",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 1, 0), ())),
  NULL, "case", RM_OK, NULL, 0x1.a1849cc1a9a9fp-1},
@/{"T-agg-ndcg-items", NULL, "mean[weight=items]:ndcg",
  RM_QS(RM_Q((1, 0), ()), RM_Q((0, 1, 0), ())),
  NULL, "case", RM_OK, NULL, 0x1.8e9f2281fecbep-1},

@ {\it The hit ratio of three users} (\src{000}, E000.1).\here{E000.1-pooled}
Three users have 10, 12 and 8 relevant items and 6, 5 and 4 of them in their
top~10.  The source's formula divides all hits by all relevant items, a micro
average of recall, and prints $(6+5+4)/(10+12+8)=0.5$: it agrees,
$\oursq{E000.1}$.  Its prose reads the hit ratio differently, as the {\it sum\/}
over users of each user's hits over the number recommended, which is
$\oursq{E000.1-prose}$, not a rate at all; the mean of the same precisions is
$\oursq{E000.1-meanprec}$, equal to the printed value only because
$10+12+8=3\cdot10$.  The mean of per-user recall is $\oursq{E000.1-meanrec}$, and
the any-hit rate of \src{001} is $\oursq{E000.1-any}$.  Five readings of one
example, three values.

@<Examples over several queries@>=
@/{"E000.1", "000_0ec1f0283de4c3f9.txt", "micro:hr@@10[hit=recall]", RM_QS(E000_1_USERS),
  "0.5", "agrees", RM_OK, "1/2", 0x1p-1},
@/{"E000.1-prose", "000_0ec1f0283de4c3f9.txt", "sum:hr@@10[hit=precision]",
  RM_QS(E000_1_USERS), NULL, "case", RM_OK, "3/2", 0x1.8p+0},
@/{"E000.1-meanprec", NULL, "mean:hr@@10[hit=precision]", RM_QS(E000_1_USERS), NULL,
  "case", RM_OK, "1/2", 0x1p-1},
@/{"E000.1-meanrec", NULL, "mean:hr@@10[hit=recall]", RM_QS(E000_1_USERS), NULL,
  "case", RM_OK, "91/180", 0x1.02d82d82d82d8p-1},
@/{"E000.1-any", NULL, "mean:hr@@10[hit=any]", RM_QS(E000_1_USERS), NULL, "case",
  RM_OK, "1", 0x1p+0},

@ The users of that example, as lists: ten recommended items each, the hits
first, and the relevant items not recommended as unretrieved grades.

@<Lists of the examples over queries@>=
#define RM_X10(g) g, g, g, g, g, g, g, g, g, g
#define E000_1_USERS @t\ @>RM_Q((1, 1, 1, 1, 1, 1, 0, 0, 0, 0), (1, 1, 1, 1)), \
  RM_Q((1, 1, 1, 1, 1, 0, 0, 0, 0, 0), (1, 1, 1, 1, 1, 1, 1)), \
  RM_Q((1, 1, 1, 1, 0, 0, 0, 0, 0, 0), (1, 1, 1, 1))
#define E003_5_USERS @t\ @>RM_Q((RM_X10(1), RM_X10(1), RM_X10(1), RM_X10(1), RM_X10(1), \
    RM_X10(1), RM_X10(1), RM_X10(0), RM_X10(0), RM_X10(0)), ()), \
  RM_Q((RM_X10(1), RM_X10(0), RM_X10(0), RM_X10(0), RM_X10(0), RM_X10(0), RM_X10(0), \
    RM_X10(0), RM_X10(0), RM_X10(0)), ()), \
  RM_Q((RM_X10(1), RM_X10(1), RM_X10(1), RM_X10(1), RM_X10(0), RM_X10(0), RM_X10(0), \
    RM_X10(0), RM_X10(0), RM_X10(0)), ())
#define C000_1_USERS @t\ @>RM_Q((1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0), ()), \
  RM_Q((1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), ()), \
  RM_Q((1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), ())

@ {\it The hit ratio of three users} (\src{003}, E003.5).\here{E003.5-pooled}
Three users have 70, 10 and 40 clicked items in their top~100; the source
divides the hits by users times~$K$ and prints $(70+10+40)/(3\cdot100)
=120/300=30\%$.  But $120/300$ is $\oursq{E003.5}$, that is 40\%: an erratum
(the 30\% of the single-user example just before was probably copied).  The
variant is the micro average of \.{hr@@100[hit=precision]}, equal here to the
mean, since every user has the same~$K$.

@<Examples over several queries@>=
@/{"E003.5", "003_67084013e7b3df28.txt", "micro:hr@@100[hit=precision]",
  RM_QS(E003_5_USERS), "0.30", "erratum", RM_OK, "2/5", 0x1.999999999999ap-2},

@ {\it What \src{000}'s HitRate code computes, over users} (C000.1).  The
code adds, per group, the hits in the top~$K$ and the number of {\it all\/}
candidate rows, and divides the sums: the micro average of
\.{hr@@K[hit=rows]}.  With three users of 14, 17 and 14 candidates and the
hits of the example above it is $15/45=\oursq{C000.1-pooled}$, where the
source's own formula gives $1/2$.

@<Examples over several queries@>=
@/{"C000.1-pooled", "000_0ec1f0283de4c3f9.txt", "micro:hr@@10[hit=rows]",
  RM_QS(C000_1_USERS), NULL, "not printed", RM_OK, "1/3", 0x1.5555555555555p-2},

@ {\it MAP} (\src{002}, E002.2; \src{004}, F004.2).  The mean average
precision is \.{mean:ap}; over \src{002}'s single topic it is its AP,
$\oursq{E002.2-map}$.

@<Examples over several queries@>=
@/{"E002.2-map", "002_99164a9873301b8b.txt", "mean:ap",
  RM_QS(RM_Q((1, 1, 0, 1, 0, 0, 1), ())), "0.83", "agrees", RM_OK, "93/112",
  0x1.a924924924925p-1},

@ {\it GAUC} (\src{002}, F002.8 and E002.5; \src{003}, F003.6).\here{GAUC}
GAUC is a mean of per-group AUCs.  \src{002} groups by search request and
takes the plain mean; \src{003} groups by user and weights each user by his
impressions, as the DIN paper does; RecBole weights by clicks; and every
implementation must decide what to do with a group of one class, whose AUC
is undefined.  Three users, with 4 impressions and 1 click (AUC~1), 3
impressions and 2 clicks (AUC $1/2$) and 2 impressions without a click:
$$\vbox{\halign{\tt#\hfil\quad&\hfil#\cr
mean[skip=undef,weight=items]:auc&\oursq{GAUC-items}\cr
mean[skip=undef,weight=positives]:auc&\oursq{GAUC-positives}\cr
mean[skip=undef]:auc&\oursq{GAUC-uniform}\cr
mean:auc&\oursq{GAUC-zero}\cr}}$$
The last counts the one-class user as~0, as a per-user mean of a
scikit-learn that returns 0.0 for it would.  \src{002}'s own example (E002.5)
was an image and is lost.  A widely circulated example tells the same
story, and we give it as a case of our own, not as the source's: five
impressions of two users scored in ascending order
$-,+,-,+,+$ by model A and $-,+,+,-,+$ by model B have global AUCs of
$\oursq{X-gauc-A}$ and $\oursq{X-gauc-B}$, while every user's clicks lie above
his non-clicks in both, so the GAUC of both is $\oursq{X-gauc-both}$.


@<Examples over several queries@>=
@/{"GAUC-items", NULL, "mean[skip=undef,weight=items]:auc", RM_QS(GAUC_USERS), NULL,
  "case", RM_OK, "11/14", 0x1.9249249249249p-1},
@/{"GAUC-positives", NULL, "mean[skip=undef,weight=positives]:auc", RM_QS(GAUC_USERS),
  NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"GAUC-uniform", NULL, "mean[skip=undef]:auc", RM_QS(GAUC_USERS), NULL, "case", RM_OK,
  "3/4", 0x1.8p-1},
@/{"GAUC-zero", NULL, "mean:auc", RM_QS(GAUC_USERS), NULL, "case", RM_OK, "1/2",
  0x1p-1},
@/{"X-gauc-A", NULL, "mean:auc", RM_QS(RM_QSC((0, 1, 0, 1, 1), (1, 2, 3, 4, 5))), NULL,
  "case", RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"X-gauc-B", NULL, "mean:auc", RM_QS(RM_QSC((0, 1, 1, 0, 1), (1, 2, 3, 4, 5))), NULL,
  "case", RM_OK, "2/3", 0x1.5555555555555p-1},
@/{"X-gauc-both", NULL, "mean[skip=undef,weight=items]:auc",
  RM_QS(RM_QSC((0, 1, 1), (1, 2, 4)), RM_QSC((0, 1), (3, 5))), NULL, "case", RM_OK,
  "1", 0x1p+0},

@ The GAUC users, with scores: a query made by |RM_QSC| has grades and scores
and no unretrieved items.

@<Lists of the examples over queries@>=
#define RM_QSC(g, s) {sizeof (int[]){RM_UNPAREN g} / sizeof (int), \
  (const int[]){RM_UNPAREN g}, (const double[]){RM_UNPAREN s}, NULL, 0, NULL, NULL, NULL}
#define GAUC_USERS RM_QSC((1, 0, 0, 0), (0.9, 0.5, 0.4, 0.3)), \
  RM_QSC((1, 1, 0), (0.8, 0.4, 0.6)), RM_QSC((0, 0), (0.7, 0.2))

@ {\it The name \.{gauc}.}  GAUC (also ``group AUC'' or ``uAUC'') is
the common name, and the parser takes \.{gauc} for its common definition:
$$\hbox{\tt mean[skip=undef,weight=items]:auc[ties=average]}$$
that is, the AUC of each user, weighted by the user's impressions, over the
users who have both a click and a non-click.  It is a row of the table of
other libraries' names (|CN|, a name of no one library), taken only alone:
\.{gauc@@10}, \.{gauc[...]} and \.{mean:gauc} are refused with the full
name to edit instead.
@^GAUC@>@^uAUC@>

Impressions are the default weight because GAUC was defined with them.
The DIN paper (Zhou et al., KDD 2018, arXiv 1706.06978) writes
$\sum_u w_u{\rm AUC}_u/\sum_u w_u$ with $w_u$ the number of impressions
of user~$u$ (as quoted in zhougr1993/DeepInterestNetwork issue~71);
\src{003} gives the same formula (F003.6), and x-deeplearning's
|GaucCalcOp| (\.{xdl/core/ops/gauc\_calc\_op.cc}) weights each group by
its samples.  RecBole's GAUC (\.{recbole/evaluator/metrics.py}) weights by
clicks instead, citing the same paper; its value is
\.{mean[skip=undef,weight=positives]:auc[ties=average]}, which is
$\oursq{GAUC-positives}$ on the three users above, where \.{gauc} is
$\oursq{GAUC-items}$ (none of their scores is tied).  Both leave out a user of
one class, whose AUC is $0/0$: \.{skip=undef}.  Ties are averaged
(\.{ties=average}, a tied pair counts one half), as RecBole's average ranks
and scikit-learn do: a user's scores are often tied, and averaging is the
one rule that does not depend on the order of the input.  x-deeplearning
and the DIN code break ties by the order of their sort instead, and
x-deeplearning also drops the first and the last group of a batch; no
variant reproduces those.

@* Metrics of a whole set.\here{q:set}
Three metrics of our sources are not means of per-query values.  The {\it
catalogue coverage\/} is the share of all items of a catalogue that appear in
at least one user's top~$K$; it looks at all users at once.  And the
$F$-score of \src{001} (F001.3) is computed from the precision and the
recall {\it averaged over users\/}:
$$F_\beta@@K={(1+\beta^2)\,\bar P\,\bar R\over\beta^2\bar P+\bar R},\qquad
  \bar P={1\over U}\sum_u P_u@@K,\quad \bar R={1\over U}\sum_u R_u@@K,$$
which is not the mean of the users' $F$ values (the metric \.{mean:f}).  These
metrics take a set of queries, are named without an aggregator, and are
computed by |rm_value_set| and |rm_value_set_exact|; given to |rm_value| a
single list is a set of one.  Their rows in the table of metrics have two
more functions, the two paths over a set.
@^catalogue coverage@>@^F-score of means@>

@ The metric \.{coverage}\here{q:coverage} has the key \.{items}, the size $N$ of the
catalogue, from 1 to $2^{31}-1$.  The lists cannot tell it (an item that no
user was shown is in no list), and no number would be a sensible default, so
the key has none: a name of coverage without \.{items=} is refused, with a
message that names the key.  (An earlier version took $N=1$, which made
coverage the plain count of distinct items, a number above~1 that looked like
a share.)  A value above~1 still means that \.{items} is too small for the
data.  It counts the
distinct identifiers among the first $K$ items of every list, ranked by the
tie rule; identifiers are compared as byte strings, and every list with items
must have them.  Coverage is the count over~$N$, exact in both paths.  The
metric \.{fmean} has the keys of \.{f}; precision divides by~$K$ and recall
by~$R$, as \src{001} does; a user without relevant items has recall~0, and
a user with an empty list (and no cutoff) precision~0.  Neither metric
defines \.{ties=average}.
It is undefined for an empty set; it is 0 when both means are~0.

@<Public types@>=
typedef enum {@+ RM_ITEMS_UNSET = 0 @+} rm_items_default; /* \.{items} not given */

@ @<Fields of a variant@>=
int items; /* the catalogue size $N$ of \.{coverage} */

@ @<Key codes@>=
KEY_ITEMS,

@ @^keys of names, \.{items}@>
@<Key specifications@>=
[KEY_ITEMS] = {"items", NULL, 1, 2147483647L, FIELD(items), 0, NULL, 3, 0},

@ @<Set the numeric defaults of a variant@>=
v->items = RM_ITEMS_UNSET;

@ The coverage count.  The first $k$ identifiers of each list are collected,
sorted, and counted once each.

@<Private functions@>=
static int id_cmp(const void *a, const void *b)
{
  return strcmp(*(const char *const *) a, *(const char *const *) b);
}
static rm_status coverage_count(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, size_t *count)
{
  size_t j, r, total = 0, m = 0;
  const char **all;
  rm_status s = RM_OK;
  for (j = 0; j < nq; j++) {
    if ((s = check_list(v, &q[j])) != RM_OK) return s;
    if (q[j].n > 0 && q[j].id == NULL) return RM_EIDS;
    for (r = 0; r < q[j].n; r++) if (q[j].id[r] == NULL) return RM_EIDS;
    total += v->k && v->k < q[j].n ? v->k : q[j].n;
  }
  if ((all = malloc((total ? total : 1) * sizeof *all)) == NULL) return RM_ENOMEM;
  for (j = 0; j < nq && s == RM_OK; j++) {
    size_t k = v->k && v->k < q[j].n ? v->k : q[j].n;
    if ((s = work_reserve(w, q[j].n)) != RM_OK) break;
    rank_items(&q[j], v->ties, w->perm, w->tmp);
    for (r = 0; r < k; r++) all[m++] = q[j].id[w->perm[r]];
  }
  if (s == RM_OK) {
    if (m > 1) qsort(all, m, sizeof *all, id_cmp);
    for (*count = 0, r = 0; r < m; r++)
      if (r == 0 || strcmp(all[r], all[r - 1]) != 0) ++*count;
  }
  free(all);
  return s;
}

@ The two paths of coverage.  Both the count and $N$ are exact, so the double
quotient is the correctly rounded value.

@<Private functions@>=
static rm_status coverage_sd(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, double *out)
{
  size_t c;
  rm_status s = coverage_count(v, q, nq, w, &c);
  if (s == RM_OK) *out = (double) c / (double) v->items;
  return s;
}
static rm_status coverage_sx(const rm_variant *v, const rm_list *q, size_t nq,
  rm_exact *out)
{
  rm_work w;
  size_t c;
  rm_status s;
  rm_work_init(&w);
  s = coverage_count(v, q, nq, &w, &c);
  rm_work_free(&w);
  if (s == RM_OK) {
    mpq_t x;
    mpq_init(x);
    mpq_set_ui(x, (unsigned long) c, (unsigned long) v->items);
    mpq_canonicalize(x);
    s = exact_from_q(out, x);
    mpq_clear(x);
  }
  return s;
}

@ The $F$-score of means takes each user's precision and recall from their
own chapter's functions: precision@@$K$ with \.{denom=k} and recall@@$K$ with
\.{norm=rel}.  The exact path sums fractions; the double path sums each
user's two quotients (1~ulp each), then the two means (a compensated sum and
a division: 2 more), and forms $F$ from them: $\beta^2$ and $1+\beta^2$
(1~each), two products, a sum and a division, about 12~ulps in all.

@<Private functions@>=
static rm_status fmean_means(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, mpq_t P, mpq_t R, double *dp, double *dr)
{
  rm_variant p = *v, r = *v;
  size_t j;
  nsum sp = {0, 0}, sr = {0, 0};
  mpq_t num, den;
  rm_status s = RM_OK;
  p.metric = RM_PRECISION; p.denom = RM_DENOM_K;
  r.metric = RM_RECALL; r.norm = RM_NORM_REL; r.undef = RM_UNDEF_ZERO;
  mpq_inits(num, den, NULL);
  mpq_set_ui(P, 0, 1); mpq_set_ui(R, 0, 1);
  for (j = 0; j < nq && s == RM_OK; j++) {
    double a, b;
    if ((s = check_list(v, &q[j])) != RM_OK) break;
    if ((s = work_reserve(w, q[j].n)) != RM_OK) break;
    rank_items(&q[j], v->ties, w->perm, w->tmp);
    metrics[RM_PRECISION].dratio(&p, &q[j], w->perm, &a, &b);
    nsum_add(&sp, b == 0 ? 0 : a / b);
    metrics[RM_PRECISION].qratio(&p, &q[j], w->perm, num, den);
    if (mpq_sgn(den)) { mpq_div(num, num, den); mpq_add(P, P, num); }
    metrics[RM_RECALL].dratio(&r, &q[j], w->perm, &a, &b);
    nsum_add(&sr, b == 0 ? 0 : a / b);
    metrics[RM_RECALL].qratio(&r, &q[j], w->perm, num, den);
    if (mpq_sgn(den)) { mpq_div(num, num, den); mpq_add(R, R, num); }
  }
  mpq_clears(num, den, NULL);
  if (s == RM_OK && nq > 0) {
    mpq_t n;
    mpq_init(n); mpq_set_ui(n, (unsigned long) nq, 1);
    mpq_div(P, P, n); mpq_div(R, R, n);
    mpq_clear(n);
    *dp = (sp.s + sp.c) / (double) nq; *dr = (sr.s + sr.c) / (double) nq;
  }
  return s;
}

@ @<Private functions@>=
static rm_status fmean_sd(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, double *out)
{
  mpq_t P, R;
  double dp = 0, dr = 0, b2 = (double) v->beta2 / (double) v->beta2_den;
  rm_status s;
  mpq_inits(P, R, NULL);
  s = fmean_means(v, q, nq, w, P, R, &dp, &dr);
  mpq_clears(P, R, NULL);
  if (s != RM_OK) return s;
  if (nq == 0) return undefined_d(v, out);
  *out = dp + dr == 0 ? 0.0 : (1 + b2) * dp * dr / (b2 * dp + dr);
  return RM_OK;
}
static rm_status fmean_sx(const rm_variant *v, const rm_list *q, size_t nq,
  rm_exact *out)
{
  mpq_t P, R, b2, t, u;
  double dp, dr;
  rm_work w;
  rm_status s;
  rm_work_init(&w);
  mpq_inits(P, R, b2, t, u, NULL);
  s = fmean_means(v, q, nq, &w, P, R, &dp, &dr);
  rm_work_free(&w);
  if (s == RM_OK && nq == 0) s = undefined_x(v, out);
  else if (s == RM_OK) {
    mpq_set_ui(b2, (unsigned long) v->beta2, (unsigned long) v->beta2_den);
    mpq_canonicalize(b2);
    mpq_mul(u, b2, P); mpq_add(u, u, R); /* $\beta^2\bar P+\bar R$ */
    if (mpq_sgn(u) == 0) mpq_set_ui(t, 0, 1);
    else {
      mpq_set_ui(t, 1, 1); mpq_add(t, t, b2);
      mpq_mul(t, t, P); mpq_mul(t, t, R); mpq_div(t, t, u);
    }
    s = exact_from_q(out, t);
  }
  mpq_clears(P, R, b2, t, u, NULL);
  return s;
}
static double set_bound(const rm_variant *v)
{
  return v->metric == RM_COVERAGE ? 1 : 12;
}
static const char *coverage_refuse(const rm_variant *v)
{
  return v->items == RM_ITEMS_UNSET ? "coverage needs items=N, the number of"
    " items in the catalogue, which the lists cannot tell" : no_average(v);
}

@ @<Metric codes@>=
RM_COVERAGE, RM_FMEAN,

@ @<Metric specifications@>=
[RM_COVERAGE] = {"coverage", K(KEY_ITEMS) | K(KEY_TIES), NULL, NULL, set_bound,
  coverage_refuse, NULL, NULL, NULL, NULL, coverage_sd, coverage_sx},
[RM_FMEAN] = {"fmean", K(KEY_BETA2) | K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), NULL,
  NULL, set_bound, no_average, NULL, NULL, NULL, NULL, fmean_sd, fmean_sx},

@ {\it Examples.}  Two users' top~2 are $a,b$ and $b,c$ in a catalogue of 10
items: coverage@@2 is $\oursq{T-coverage}$; their whole lists $a,b,d$ and
$b,c,a$ cover $\oursq{T-coverage-all}$.  For the $F$-score, two users with
$K=2$: the first has relevant items at ranks 1 and~2 of 2 and no other
(P~$=1$, R~$=1$), the second one relevant item at rank~2 and three more not
retrieved (P~$=1/2$, R~$=1/4$).  Then $\bar P=3/4$ and $\bar R=5/8$, and
$F_1=2\bar P\bar R/(\bar P+\bar R)=\oursq{T-fmean}$, while the mean of the
users' own $F_1$ values, 1 and~$1/3$, is $\oursq{T-meanf}$.

@<Examples over several queries@>=
@/{"T-coverage", NULL, "coverage@@2[items=10]",
  RM_QS(RM_QID((1, 0, 0), ("a", "b", "d")), RM_QID((0, 1, 0), ("b", "c", "a"))),
  NULL, "case", RM_OK, "3/10", 0x1.3333333333333p-2},
@/{"T-coverage-all", NULL, "coverage[items=10]",
  RM_QS(RM_QID((1, 0, 0), ("a", "b", "d")), RM_QID((0, 1, 0), ("b", "c", "a"))),
  NULL, "case", RM_OK, "2/5", 0x1.999999999999ap-2},
@/{"T-fmean", "001_2e9bf761b3089294.txt", "fmean@@2",
  RM_QS(RM_Q((1, 1), ()), RM_Q((0, 1), (1, 1, 1))), NULL, "case", RM_OK, "15/22",
  0x1.5d1745d1745d1p-1},
@/{"T-meanf", NULL, "mean:f@@2",
  RM_QS(RM_Q((1, 1), ()), RM_Q((0, 1), (1, 1, 1))), NULL, "case", RM_OK, "2/3",
  0x1.5555555555555p-1},

@ Lists with identifiers for the coverage example.

@<Lists of the examples over queries@>=
#define RM_QID(g, i) {sizeof (int[]){RM_UNPAREN g} / sizeof (int), \
  (const int[]){RM_UNPAREN g}, NULL, (const char *const[]){RM_UNPAREN i}, 0, NULL, NULL, NULL}

@ {\it Novelty} (\src{001}, F001.11 and F001.12).\here{F001.11}  \src{001}
defines the popularity-based novelty of a recommender as the mean
self-information of the recommended items,
$${\rm Novelty}@@K={1\over U}\sum_u{1\over K}\sum_{i\in R(u)}-\lg p(i),\qquad
  p(i)={\vert\{u: r_{u,i}\ne\emptyset\}\vert\over U},$$
where $R(u)$ is user~$u$'s top~$K$ and $p(i)$ the fraction of the $U$ users
who rated item~$i$.  Our input has no separate rating log, so we read it from
the set itself: user $u$ has {\it rated\/} item $i$ when $i$ appears in $u$'s
list with a grade of at least the relevance threshold.  (That is the natural
reading when the lists hold the users' judged items; with a rating log, make
each user's list hold his rated items with grade~1.)  Items are told apart by
their identifiers.  An item that no user rated has $p(i)=0$ and infinite
self-information: under \.{floor=none}, the default, the value is then
undefined; under \.{floor=code}, $p(i)$ is raised to $10^{-8}$, as the
source's code does (it clamps with |max(p, 1e-8)|), which caps a term at
$8\lg10$.  Without a cutoff, $K$ is each user's list length.  The source's
code never sets the popularity it reads, and never calls the method.
@^novelty@>

@<Public types@>=
typedef enum {@+ RM_FLOOR_NONE, RM_FLOOR_CODE @+} rm_floor;

@ @<Fields of a variant@>=
int floor; /* an |rm_floor| */

@ @<Key codes@>=
KEY_FLOOR,

@ @^keys of names, \.{floor}@>
@<Key specifications@>=
[KEY_FLOOR] = {"floor", floor_words, 0, 0, FIELD(floor), 0, NULL, 4, 0},

@ @<Words and conditions of keys@>=
static const char *const floor_words[] = {"none", "code", NULL};

@ The counts $\vert\{u: u\hbox{ rated }i\}\vert$ come from the pairs (item,
user) of rated items, sorted and made unique; an item's count is then found
by binary search.

@<Private types@>=
typedef struct {@+ const char *id; size_t user; @+} id_user;

@ @<Private functions@>=
static int idu_cmp(const void *a, const void *b)
{
  const id_user *x = a, *y = b;
  int c = strcmp(x->id, y->id);
  return c ? c : (x->user > y->user) - (x->user < y->user);
}
static size_t raters(const id_user *r, size_t m, const char *id)
{
  size_t lo = 0, hi = m, first, c = 0;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (strcmp(r[mid].id, id) < 0) lo = mid + 1; else hi = mid;
  }
  for (first = lo; first < m && strcmp(r[first].id, id) == 0; first++)
    c += first == lo || r[first].user != r[first - 1].user;
  return c;
}
static rm_status rated_pairs(const rm_variant *v, const rm_list *q, size_t nq,
  id_user **out, size_t *m)
{
  size_t j, i, total = 0;
  id_user *r;
  for (j = 0; j < nq; j++) {
    rm_status s = check_list(v, &q[j]);
    if (s != RM_OK) return s;
    if (q[j].n > 0 && q[j].id == NULL) return RM_EIDS;
    for (i = 0; i < q[j].n; i++) if (q[j].id[i] == NULL) return RM_EIDS;
    total += q[j].n;
  }
  if ((r = malloc((total ? total : 1) * sizeof *r)) == NULL) return RM_ENOMEM;
  *m = 0;
  for (j = 0; j < nq; j++)
    for (i = 0; i < q[j].n; i++)
      if (q[j].grade[i] >= v->rel) { r[*m].id = q[j].id[i]; r[*m].user = j; ++*m; }
  if (*m > 1) qsort(r, *m, sizeof *r, idu_cmp);
  *out = r;
  return RM_OK;
}

@ The exact value is a sum of terms $c\lg(U/n_i)$ with rational weights $c$,
and every such sum can be written over the primes, $\sum_p w_p\lg p$, by
factoring the integers.  The logarithms of distinct primes are linearly
independent over the rationals (if $\sum_p w_p\ln p=0$ with integers $w_p$,
then $\prod_p p^{w_p}=1$, and unique factorization makes every $w_p$ zero),
so the value is rational exactly when every odd prime has weight~0, and is
then~$w_2$.  This time the decision rests on a theorem, not on a conjecture.
Otherwise Ziv's loop encloses it, each weight of either sign multiplied by
the bound of $\lg p$ that moves the product away from the value.

@<Private types@>=
typedef struct {@+ unsigned long p; mpq_t w; @+} pterm;
typedef struct {@+ size_t n, cap; pterm *t; @+} plog; /* $\sum_p w_p\lg p$ */

@ @<Private functions@>=
static rm_status plog_add1(plog *f, unsigned long p, const mpq_t c)
{
  size_t i;
  for (i = 0; i < f->n; i++) if (f->t[i].p == p) break;
  if (i == f->n) {
    if (f->n == f->cap) {
      size_t cap = f->cap ? 2 * f->cap : 16;
      pterm *t = realloc(f->t, cap * sizeof *t);
      if (t == NULL) return RM_ENOMEM;
      f->t = t; f->cap = cap;
    }
    f->t[i].p = p; mpq_init(f->t[i].w); f->n++;
  }
  mpq_add(f->t[i].w, f->t[i].w, c);
  return RM_OK;
}
static rm_status plog_add(plog *f, unsigned long x, const mpq_t c) /* $c\lg x$ */
{
  unsigned long p;
  rm_status s = RM_OK;
  for (p = 2; p * p <= x && s == RM_OK; p++)
    while (x % p == 0 && s == RM_OK) { x /= p; s = plog_add1(f, p, c); }
  if (x > 1 && s == RM_OK) s = plog_add1(f, x, c);
  return s;
}
static void plog_clear(plog *f)
{
  size_t i;
  for (i = 0; i < f->n; i++) mpq_clear(f->t[i].w);
  free(f->t);
}
static int enclose_plog(mpfr_t lo, mpfr_t hi, const void *ctx)
{
  const plog *f = ctx;
  mpfr_t a, b;
  size_t i;
  mpfr_inits2(mpfr_get_prec(lo), a, b, (mpfr_ptr) 0);
  mpfr_set_ui(lo, 0, MPFR_RNDN); mpfr_set_ui(hi, 0, MPFR_RNDN);
  for (i = 0; i < f->n; i++) {
    if (f->t[i].p == 2) {
      mpfr_add_q(lo, lo, f->t[i].w, MPFR_RNDD); mpfr_add_q(hi, hi, f->t[i].w, MPFR_RNDU);
      continue;
    }
    mpfr_set_ui(a, f->t[i].p, MPFR_RNDN); mpfr_log2(a, a, MPFR_RNDD);
    mpfr_set_ui(b, f->t[i].p, MPFR_RNDN); mpfr_log2(b, b, MPFR_RNDU);
    if (mpq_sgn(f->t[i].w) >= 0) {
      mpfr_mul_q(a, a, f->t[i].w, MPFR_RNDD); mpfr_mul_q(b, b, f->t[i].w, MPFR_RNDU);
      mpfr_add(lo, lo, a, MPFR_RNDD); mpfr_add(hi, hi, b, MPFR_RNDU);
    } else {
      mpfr_mul_q(b, b, f->t[i].w, MPFR_RNDD); mpfr_mul_q(a, a, f->t[i].w, MPFR_RNDU);
      mpfr_add(lo, lo, b, MPFR_RNDD); mpfr_add(hi, hi, a, MPFR_RNDU);
    }
  }
  mpfr_clears(a, b, (mpfr_ptr) 0);
  return 1;
}

@ The constant $\ln2$ rounded to the nearest double (C11 has no name for it).

@<Private functions@>=
static const double ln2 = 0x1.62e42fefa39efp-1;

@ The two paths of novelty walk the users, rank each list, and add the
self-information of each item in its top~$K$.  The exact path adds
$\lg U-\lg n_i$ (or $\lg10^8$ under the floor) with the weight $1/(UK)$.  On
the double path a term is $\lg(U/n_i)$ when $n_i\le U/2$ (a division and a
faithful logarithm of a number at least~2: below $4u$ relative) and otherwise
$-\log_2(1+(n_i-U)/U)$ through |log1p|, whose argument lies in $(-1/2,0]$
(below $6u$); the sums and the two divisions add four more: 10~ulps.

@<Private functions@>=
static rm_status novelty_run(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, plog *f, double *out)
{
  id_user *r = NULL;
  size_t m = 0, j, t, U = nq;
  nsum all = {0, 0};
  rm_status s = rated_pairs(v, q, nq, &r, &m);
  mpq_t c;
  mpq_init(c);
  for (j = 0; j < nq && s == RM_OK; j++) {
    size_t k = v->k ? v->k : q[j].n, top = k < q[j].n ? k : q[j].n;
    nsum u = {0, 0};
    if (k == 0) continue;
    if ((s = work_reserve(w, q[j].n)) != RM_OK) break;
    rank_items(&q[j], v->ties, w->perm, w->tmp);
    mpq_set_ui(c, 1, (unsigned long) (U * k)); mpq_canonicalize(c);
    for (t = 0; t < top && s == RM_OK; t++) {
      size_t n = raters(r, m, q[j].id[w->perm[t]]);
      if (n == 0 || (v->floor == RM_FLOOR_CODE && (double) n * 1e8 < (double) U)) {
        if (v->floor == RM_FLOOR_NONE) { s = RM_UNDEFINED; break; }
        nsum_add(&u, 0x1.a934f0979a371p+4); /* $8\lg10$, rounded */
        if (f) s = plog_add(f, 100000000UL, c);
        continue;
      }
      nsum_add(&u, 2 * n <= U ? log2((double) U / (double) n)
        : -log1p(((double) n - (double) U) / (double) U) / ln2);
      if (f && (s = plog_add(f, (unsigned long) U, c)) == RM_OK) {
        mpq_neg(c, c); s = plog_add(f, (unsigned long) n, c); mpq_neg(c, c);
      }
    }
    nsum_add(&all, (u.s + u.c) / (double) k);
  }
  mpq_clear(c);
  free(r);
  if (s == RM_OK) *out = (all.s + all.c) / (double) U;
  return s;
}

@ @<Private functions@>=
static rm_status novelty_sd(const rm_variant *v, const rm_list *q, size_t nq,
  rm_work *w, double *out)
{
  rm_status s;
  if (nq == 0) return undefined_d(v, out);
  s = novelty_run(v, q, nq, w, NULL, out);
  return s == RM_UNDEFINED ? undefined_d(v, out) : s;
}
static rm_status novelty_sx(const rm_variant *v, const rm_list *q, size_t nq,
  rm_exact *out)
{
  plog f = {0, 0, NULL};
  rm_work w;
  double d;
  size_t i;
  int rational = 1;
  rm_status s;
  if (nq == 0) return undefined_x(v, out);
  rm_work_init(&w);
  s = novelty_run(v, q, nq, &w, &f, &d);
  rm_work_free(&w);
  if (s == RM_UNDEFINED) s = undefined_x(v, out);
  else if (s == RM_OK) {
    mpq_t x;
    mpq_init(x);
    for (i = 0; i < f.n; i++)
      if (f.t[i].p == 2) mpq_set(x, f.t[i].w);
      else if (mpq_sgn(f.t[i].w) != 0) rational = 0;
    s = rational ? exact_from_q(out, x) : ziv(out, enclose_plog, &f);
    mpq_clear(x);
  }
  plog_clear(&f);
  return s;
}
static double novelty_bound(const rm_variant *v)
{
  (void) v;
  return 10;
}

@ @<Metric codes@>=
RM_NOVELTY,

@ @<Metric specifications@>=
[RM_NOVELTY] = {"novelty", K(KEY_FLOOR) | K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF),
  NULL, NULL, novelty_bound, no_average, NULL, NULL, NULL, NULL, novelty_sd,
  novelty_sx},

@ {\it Cases.}  Four users are all recommended the items $a$ and~$b$; the
first rated both, the second only~$a$, the others neither.  So
$p(a)=1/2$, $p(b)=1/4$, every user's top two carry $1+2$ bits, and the
novelty@@2 is $\oursq{T-novelty}$ exactly.  Three users whose top two hold
one item rated by two of the three and one rated by one of them have novelty
$\lg3-1/2=\ours{T-novelty-irr}$.  An item nobody rated makes the novelty
undefined, and under the source's floor its term is $8\lg10$.

@<Examples over several queries@>=
@/{"T-novelty", "001_2e9bf761b3089294.txt", "novelty@@2",
  RM_QS(RM_QID((1, 1), ("a", "b")), RM_QID((1, 0), ("a", "b")),
    RM_QID((0, 0), ("a", "b")), RM_QID((0, 0), ("a", "b"))),
  NULL, "case", RM_OK, "3/2", 0x1.8p+0},
@/{"T-novelty-irr", NULL, "novelty@@2",
  RM_QS(RM_QID((1, 0), ("a", "b")), RM_QID((1, 0), ("a", "c")),
    RM_QID((0, 1, 1), ("a", "c", "b"))),
  NULL, "case", RM_OK, NULL, 0x1.15c01a39fbd68p+0},

@* Incomplete judgments.\here{q:judged}
Test collections are judged by pooling: the top documents of some runs are
judged and the rest never are.  A run that was not in the pool retrieves
documents nobody judged, and every metric so far reads such a document as
its caller graded it, normally~0, not relevant.  That is a guess, and for a
new run often a wrong one.  The metrics of this chapter read the marker
|unjudged| of the input model instead: an item is {\it judged\/} when its
marker is~0 (or the list has no markers), {\it unjudged\/} when it is~1,
and {\it pooled but unjudged\/} when it is~2, a document of the pool left
without a judgment, which trec\_eval's judgments write with a negative
grade.  Items that were judged but not retrieved are graded as before, by
|unretrieved_grade|.
@^incomplete judgments@>@^unjudged items@>@^pooling@>

Write $t$ for the relevance threshold, $R$ for the number of judged items
of grade $\ge t$, retrieved or not, and $N$ for the number of judged items
of grade $<t$, retrieved or not: the judged nonrelevant ones.  For the item
at rank~$r$ write $b_r=1$ when it is judged and relevant, $\bar b_r=1$ when
it is judged and not relevant, and $u_r=1$ when it is not judged (either
kind).  Every metric here takes a cutoff~$K$ and then looks at the first
$k=\min(K,n)$ ranks only, as trec\_eval's option \.{-M}~$K$ does; without a
cutoff, $k=n$.  All of them take every tie rule but \.{average}.

\smallskip
\item{$\bullet$} \.{bpref}, binary preference (Buckley and Voorhees,
SIGIR 2004), in trec\_eval's form: with $n_r$ the number of judged
nonrelevant items ranked above rank~$r$ and $D=\min(R,N)$,
$${\rm bpref}={1\over R}\sum_{r\le k,\ b_r=1}\Bigl(1-{\min(n_r,R)\over D}\Bigr),$$
a term being~1 when $n_r=0$ (and so whenever $D=0$).  Unjudged items are
skipped: they neither count in $n_r$ nor score.  With $R=0$ it is
undefined, and trec\_eval reports~0, our \.{undef=zero}.
\item{$\bullet$} \.{infap}, inferred average precision (Yilmaz and Aslam,
CIKM 2006), in trec\_eval's form: at a judged relevant item at rank
$r=j+1$, with $\rho$ judged relevant, $\nu$ judged nonrelevant and $\pi$
pooled-but-unjudged items above it,
$${\rm infAP}={1\over R}\sum_{r\le k,\ b_r=1}{1\over r}\Bigl(1+(\rho+\nu+\pi)
  {\rho+\epsilon\over\rho+\nu+2\epsilon}\Bigr),\qquad\epsilon=10^{-5},$$
undefined for $R=0$ (trec\_eval: 0).
\item{$\bullet$} \.{nonrel-judged}, the number of judged nonrelevant items
in the first $k$ ranks, $\sum_{r\le k}\bar b_r$.  trec\_eval calls it
\.{num\_nonrel\_judged\_ret}.
\item{$\bullet$} \.{judged@@K}, the fraction of the first $K$ ranks that
hold a judged item, $\sum_{r\le k}(1-u_r)/K$, ir\_measures' \.{Judged@@K};
and \.{unj@@K}, the fraction that hold an unjudged one,
$\sum_{r\le k}u_r/K$, trec\_eval's \.{unj}.  Ranks past the end of the list
count in the denominator and hold nothing (trec\_eval: ``it is assumed
irrelevant (not unjudged) docs fill in the rest'').  Without a cutoff the
denominator is~$n$, and an empty list is undefined.
\item{$\bullet$} \.{rbp}, rank-biased precision (Moffat and Zobel, TOIS
2008) with persistence~$p$, key \.{p}, default $9/10$ as in trec\_eval:
$${\rm RBP}=(1-p)\sum_{r\le k}[g_r\ge t]\,p^{r-1},$$
which reads grades only (an unjudged item counts at its grade, 0 for
\.{eval}); with \.{gain=linear} the indicator becomes the graded gain
$g_r/M$, $M$ the largest judged grade of the query (or~1 if it is smaller),
and unjudged items gain nothing; and \.{rbp-resid}, its residual, the most that RBP could still
grow if every unjudged item of the first $k$ ranks, and every rank past
the $k$th, held a relevant item:
$${\rm RBP}_{\rm resid}=(1-p)\sum_{r\le k}u_r\,p^{r-1}+p^k.$$
\smallskip
\noindent All of these values are rational.  The sections below say where
each one differs from its textbook and from trec\_eval's program, and work
examples by hand.

@<Fields of a variant@>=
int p, p_den; /* persistence $p$ of \.{rbp}, a fraction in lowest terms */

@ @<Key codes@>=
KEY_P,

@ The key \.{p} is a fraction from $1/1000$ to $999/1000$: its numerator and
denominator are at most 1000 and the metric refuses $p\ge1$.  The bound
keeps $p^{r-1}$ of a short list far from the underflow of a double.
@^keys of names, \.{p}@>

@<Key specifications@>=
[KEY_P] = {"p", NULL, 1, 1000, FIELD(p), FIELD(p_den), NULL, 4, 0},

@ @<Set the numeric defaults of a variant@>=
v->p = 9; v->p_den = 10;

@ @<Private functions@>=
static const char *p_below_one(const rm_variant *v)
{
  if (v->p >= v->p_den) return "the persistence p must be below 1";
  if (v->metric == RM_RBP && v->gain == RM_GAIN_EXP2)
    return "rbp takes gain=binary or gain=linear";
  return no_average(v);
}
static void rbp_defaults(rm_variant *v)
{
  v->gain = RM_GAIN_BINARY;
}

@ {\it How trec\_eval computes them.}\here{q:judged-te}  trec\_eval~10.0
(files \.{m\_bpref.c}, \.{m\_infap.c}, \.{m\_rbp.c}, \.{m\_rbp\_resid.c},
\.{m\_unjudged.c}, \.{m\_num\_nonrel\_judged\_ret.c} and
\.{form\_res\_rels.c}) gives each retrieved document one of four codes: its
grade when judged, $-1$ (``not in pool'') when the judgments do not name
it, and $-2$ (``in pool but unjudged'') when they name it with a negative
grade; our markers 0, 1 and~2.  Then:
\smallskip
\item{$\bullet$} {\it bpref} walks the run, skips both kinds of unjudged
documents, counts judged nonrelevant ones, and at a relevant one adds~1, or
$1-\min(n_r,R)/\min(N,R)$ once a nonrelevant one was seen; it divides by
$R$ when $R>0$ and leaves~0 otherwise.  $N$ is the number of judged
documents below the threshold, retrieved or not.  The paper of 2004 divided
by~$R$ and counted only the first $R$ nonrelevant documents retrieved,
$1-\min(n_r,R)/R$; trec\_eval's $\min(N,R)$ is the correction for queries
with fewer judged nonrelevant documents than relevant ones (the paper's
formula could not fall to~0 there, however bad the run: with every
nonrelevant document above every relevant one each term is still
$1-N/R$).  So one relevant document behind the only
judged nonrelevant one, with $R=2$, scores $1-1/1=0$ in trec\_eval and
$1-1/2$ in the paper.
@^bpref@>@^trec\_eval@>
\item{$\bullet$} {\it infAP} walks the run with its 0-based position~$j$;
at a relevant document it adds~1 when $j=0$ and otherwise
$${1\over j+1}+{j\over j+1}\cdot{\rho+\nu+\pi\over j}\cdot
  {\rho+\epsilon\over\rho+\nu+2\epsilon},$$
which is our term, since the $j$'s cancel.  $(\rho+\nu+\pi)/j$ is the
fraction of the documents above that were in the pool; a document outside
the pool is taken as nonrelevant, and the precision among pooled ones is
estimated from the judged ones, with $\epsilon$ keeping $0/0$ away.  So
the estimate assumes that the judged documents are a uniform random sample
of the pool, which is how the TREC tracks that report infAP sampled it.
trec\_eval's $\epsilon$ is the double nearest to $10^{-5}$; we take
$10^{-5}$ exactly, which moves the value by far less than its last printed
digit.  With every document of the run judged, $\pi=0$, $\rho+\nu=j$, and the
term is $(1+j\,(\rho+\epsilon)/(j+2\epsilon))/(j+1)$: the precision at~$r$
up to~$\epsilon$, so infAP is AP then, slightly below it.  The later
sampled measures (Yilmaz, Kanoulas and Aslam's xinfAP, ``statAP'') weight
each stratum of the pool by its sampling rate, which a list of markers
cannot express; they are not here.
@^infAP@>@^trec\_eval@>
\item{$\bullet$} {\it rbp} gives a retrieved document its gain (its grade
unless the judgments set gains) and, meaning to rescale gains into
$[0,1]$, compares them with a minimum and a maximum that it never
initialises: the variables |min| and |max| of |te_calc_rbp| are read
before they are written, so whether the gains are rescaled, and how, depends
on whatever the stack held.  On binary judgments the rescaling, when it
happens, is $(g-\min)/(\max-\min)$ of garbage and the value can be
anything.  What the code means is plain from its comment (``normalize
gains to $[0,1]$''): a gain $g/M$ for the grades $0..M$ of the query when
$M>1$, and the grade itself on binary judgments.  That is our
\.{rbp[gain=linear]}, and on 300 random files (below) our build of
trec\_eval gave exactly it, its stack happening to hold harmless values;
another build, or another compiler, may not.  The default of our \.{rbp}
is binary relevance $g\ge t$, Moffat and Zobel's definition.
@^rbp@>@^trec\_eval, defects of@>
\item{$\bullet$} {\it rbp\_resid} adds $p^{r-1}$ for each document of the
run with a negative code and reports $(1-p)\sum+p^n$, our definition; but
it writes the value only when some document of the run is unjudged, and
otherwise leaves~0, though the ranks past the $n$th still leave $p^n$ open.
Ours reports $p^n$ there too.
@^rbp\_resid@>
\item{$\bullet$} {\it unj} at cutoff $K$ counts the documents with a
negative code in the first $K$ and divides by~$K$; trec\_eval's default
cutoffs are 5, 10 and~20.  {\it num\_nonrel\_judged\_ret} is the number of
documents retrieved, less those outside the pool, those pooled but
unjudged, and the relevant ones.
\smallskip
\noindent ir\_measures' \.{Judged@@K} (its |judged| provider) sorts by score
descending and then by identifier {\it ascending}, and counts a document as
judged when the judgments name it at all, whatever its grade, so that a
pooled but unjudged document (our marker~2) counts as judged there and as
unjudged in trec\_eval's \.{unj}; it divides by~$K$.

@ {\it Checked against trec\_eval.}  We built trec\_eval 10.0 outside
this project and ran it and our \.{eval}, both with \.{-q}, on 300 random pairs of
judgments and runs (1010 queries: up to 40 documents, some judged and
some not, grades 0 to~3, scores on few levels so that ties abound),
comparing every query's value with trec\_eval's four decimals.  These
agreed on all 1010 queries:
$$\vbox{\halign{\.{#}\hfil\quad&\.{#}\hfil\quad&\.{#}\hfil\cr
trec\_eval:bpref&infAP&num\_nonrel\_judged\_ret\cr
unj\_5, unj\_10, unj\_20&trec\_eval:rbp&rbp.p=0.5 (binary and graded)\cr}}$$
and \.{rbp\_resid} and \.{rbp\_resid.p=0.8} agreed on the 825 queries
whose run has an unjudged document and differed on the other 185, exactly
where trec\_eval leaves~0 and we report $p^n$.  With trec\_eval's
\.{-M}~5 on 150 of those files, its \.{bpref}, \.{infAP},
\.{num\_nonrel\_judged\_ret} and \.{rbp\_resid} equalled our variants at
the cutoff~5 (such as \.{bpref@@5[ties=id-desc]}) on all 1996 values, save
again the residuals that trec\_eval leaves at~0.
The tests of the project do not run trec\_eval; they check the
hand-worked values below.

@ {\it Example: bpref and infAP by hand.}\here{E-judged}  Six retrieved
documents, ranked as given: $d_1$ relevant, $d_2$ unjudged, $d_3$
nonrelevant, $d_4$ relevant, $d_5$ nonrelevant, $d_6$ relevant, and three
judged documents not retrieved, of grades 1, 0,~0.  So $R=4$, $N=4$ and
$D=4$.  bpref: the terms are 1 (nothing nonrelevant above $d_1$),
$1-1/4$ and $1-2/4$, and ${\rm bpref}=(9/4)/4=\oursq{T-bpref}$.  infAP: at
$d_1$ the term is~1; at $d_4$ ($r=4$, $\rho=1$, $\nu=1$, $\pi=0$, $d_2$ being
outside the pool) it is ${1\over4}(1+2\cdot{1+\epsilon\over2+2\epsilon})=
{1\over2}$; at $d_6$ ($\rho=2$, $\nu=2$) it is ${1\over6}(1+4\cdot{2+\epsilon
\over4+2\epsilon})={1\over2}$; so ${\rm infAP}=2/4=\oursq{T-infap}$, where
$\epsilon$ cancels.  The same run has $\oursq{T-nonrel-judged}$ judged
nonrelevant documents, \.{judged@@2}${}=\oursq{T-judged-2}$,
\.{judged@@5}${}=\oursq{T-judged-5}$, \.{judged@@10}${}=\oursq{T-judged-10}$
(five judged in ten ranks), \.{judged}${}=\oursq{T-judged-all}$, and
\.{unj@@10}${}=\oursq{T-unj-10}$.

In the table of worked examples a grade of $-1$ stands for an item
retrieved but not judged (grade~0, marker~1) and $-2$ for one pooled but
unjudged (grade~0, marker~2); |rm_example_list| makes the list.

@<Worked examples@>=
@/{"T-bpref", NULL, "bpref", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL, RM_G(1, 0, 0), NULL,
  "case", RM_OK, "9/16", 0x1.2p-1},
@/{"T-infap", NULL, "infap", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL, RM_G(1, 0, 0), NULL,
  "case", RM_OK, "1/2", 0x1p-1},
@/{"T-nonrel-judged", NULL, "nonrel-judged", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL,
  RM_G(1, 0, 0), NULL, "case", RM_OK, "2", 0x1p+1},
@/{"T-judged-2", NULL, "judged@@2", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL, RM_G(1, 0, 0),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-judged-5", NULL, "judged@@5", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL, RM_G(1, 0, 0),
  NULL, "case", RM_OK, "4/5", 0x1.999999999999ap-1},
@/{"T-judged-10", NULL, "judged@@10", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL,
  RM_G(1, 0, 0), NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-judged-all", NULL, "judged", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL, RM_G(1, 0, 0),
  NULL, "case", RM_OK, "5/6", 0x1.aaaaaaaaaaaabp-1},
@/{"T-unj-10", NULL, "unj@@10", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL, RM_G(1, 0, 0),
  NULL, "case", RM_OK, "1/10", 0x1.999999999999ap-4},

@ {\it Example: where trec\_eval's bpref and infAP leave the textbook.}  A
nonrelevant $d_1$, then a relevant $d_2$, and one relevant document not
retrieved: $R=2$, $N=1$.  bpref's one term is $1-\min(1,2)/\min(1,2)=0$, so
${\rm bpref}=\oursq{T-bpref-minNR}$; the paper's $1-1/2$ would give $1/4$.
infAP's term at $d_2$ is ${1\over2}(1+1\cdot{\epsilon\over1+2\epsilon})=
{1\over2}+{1\over2\cdot100002}$, and over $R=2$ that is
$\oursq{T-infap-eps}$, not AP's $1/4$: the $\epsilon$ shows in the sixth
digit.  A list without a relevant judged document has bpref
$\oursq{T-bpref-norel}$, undefined, and infAP the same.

Pooled but unjudged: $d_1$ relevant, $d_2$ pooled but unjudged, $d_3$
relevant, nothing else judged ($R=2$, $N=0$).  bpref skips $d_2$ and gives
$\oursq{T-bpref-pool}$.  infAP's term at $d_3$ has $\rho=1$, $\nu=0$,
$\pi=1$: ${1\over3}(1+2\cdot{1+\epsilon\over1+2\epsilon})={1\over3}+
{2\over3}\cdot{100001\over100002}$, and infAP is
$\oursq{T-infap-pool}$; had $d_2$ been outside the pool, $\pi=0$ and the
term ${1\over3}+{1\over3}\cdot{100001\over100002}$, infAP
$\oursq{T-infap-nonpool}$.

@<Worked examples@>=
@/{"T-bpref-minNR", NULL, "bpref", RM_G(0, 1), NULL, NULL, RM_G(1), NULL, "case", RM_OK,
  "0", 0x0p+0},
@/{"T-infap-eps", NULL, "infap", RM_G(0, 1), NULL, NULL, RM_G(1), NULL, "case", RM_OK,
  "100003/400008", 0x1.0000a7c4d0614p-2},
@/{"T-bpref-norel", NULL, "bpref", RM_G(0, -1, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_UNDEFINED, "0", 0x0p+0},
@/{"T-bpref-pool", NULL, "bpref", RM_G(1, -2, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "1", 0x1p+0},
@/{"T-infap-pool", NULL, "infap", RM_G(1, -2, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "300005/300006", 0x1.ffff902775148p-1},
@/{"T-infap-nonpool", NULL, "infap", RM_G(1, -1, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "500009/600012", 0x1.aaaa72be6534fp-1},

@ {\it Example: RBP and its residual.}  The run of the first example with
$p=1/2$: relevant at ranks 1, 4 and~6, so
${\rm RBP}={1\over2}(1+{1\over8}+{1\over32})=\oursq{T-rbp-half}$; its one
unjudged item, at rank~2, and the ranks past the sixth leave
${1\over2}\cdot{1\over2}+{1\over64}=\oursq{T-rbp-resid-half}$.  With
trec\_eval's $p=9/10$: ${1\over10}(1+0.729+0.59049)=\oursq{T-rbp}$ and
${1\over10}\cdot{9\over10}+0.9^6=\oursq{T-rbp-resid}$.  Two judged items
graded 1,~0 leave only the ranks past the list: the residual is
$p^2=\oursq{T-rbp-resid-judged}$ for $p=1/2$, where trec\_eval reports~0.
A cutoff of 3 on the first run gives ${\rm RBP}@@3=\oursq{T-rbp-3}$ and a
residual ${1\over4}+{1\over8}=\oursq{T-rbp-resid-3}$.  Graded: three items
of grades 2, 0,~1 with $p=1/2$ give ${1\over2}(1+{1\over4})=
\oursq{T-rbp-binary}$ on binary relevance and ${1\over2}({2\over2}+
{1\over4}\cdot{1\over2})=\oursq{T-rbp-linear}$ with \.{gain=linear} ($M=2$);
a judged item of grade~4 that was not retrieved makes $M=4$ and the value
${1\over2}({2\over4}+{1\over4}\cdot{1\over4})=\oursq{T-rbp-linear-4}$.

@<Worked examples@>=
@/{"T-rbp-half", NULL, "rbp[p=0.5]", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL,
  RM_G(1, 0, 0), NULL, "case", RM_OK, "37/64", 0x1.28p-1},
@/{"T-rbp-resid-half", NULL, "rbp-resid[p=0.5]", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL,
  RM_G(1, 0, 0), NULL, "case", RM_OK, "17/64", 0x1.1p-2},
@/{"T-rbp", NULL, "rbp", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL, RM_G(1, 0, 0), NULL,
  "case", RM_OK, "231949/1000000", 0x1.db0813cab81f9p-3},
@/{"T-rbp-resid", NULL, "rbp-resid", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL,
  RM_G(1, 0, 0), NULL, "case", RM_OK, "621441/1000000", 0x1.3e2d83c6c97d9p-1},
@/{"T-rbp-resid-judged", NULL, "rbp-resid[p=0.5]", RM_G(1, 0), NULL, NULL, RM_NONE,
  NULL, "case", RM_OK, "1/4", 0x1p-2},
@/{"T-rbp-3", NULL, "rbp@@3[p=0.5]", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL,
  RM_G(1, 0, 0), NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"T-rbp-binary", NULL, "rbp[p=0.5]", RM_G(2, 0, 1), NULL, NULL, RM_NONE, NULL,
  "case", RM_OK, "5/8", 0x1.4p-1},
@/{"T-rbp-linear", NULL, "rbp[p=0.5,gain=linear]", RM_G(2, 0, 1), NULL, NULL, RM_NONE,
  NULL, "case", RM_OK, "9/16", 0x1.2p-1},
@/{"T-rbp-linear-4", NULL, "rbp[p=0.5,gain=linear]", RM_G(2, 0, 1), NULL, NULL, RM_G(4),
  NULL, "case", RM_OK, "9/32", 0x1.2p-2},
@/{"T-rbp-resid-3", NULL, "rbp-resid@@3[p=0.5]", RM_G(1, -1, 0, 1, 0, 1), NULL, NULL,
  RM_G(1, 0, 0), NULL, "case", RM_OK, "3/8", 0x1.8p-2},

@ The paths.  Every metric of this chapter walks the first $k$ ranks once.
Whether the item at rank~$r$ is judged is |judged_at|; its grade is read
only when it is judged (an unjudged item's grade is whatever the caller
put there).

@<Private functions@>=
static int unjudged_at(const rm_list *l, const size_t *perm, size_t r)
{
  return l->unjudged ? l->unjudged[perm[r]] : 0;
}
static size_t judged_cut(const rm_variant *v, const rm_list *l)
{
  return v->k && v->k < l->n ? v->k : l->n;
}
static void judged_counts(const rm_variant *v, const rm_list *l, size_t *rel,
  size_t *nonrel)
{
  size_t i;
  *rel = *nonrel = 0;
  for (i = 0; i < l->n; i++) {
    if (l->unjudged && l->unjudged[i]) continue;
    if (l->grade[i] >= v->rel) ++*rel;@+ else ++*nonrel;
  }
  for (i = 0; i < l->n_unretrieved; i++)
    if (l->unretrieved_grade[i] >= v->rel) ++*rel;@+ else ++*nonrel;
}

@ bpref is an integer over an integer: each term is $(D-\min(n_r,R))/D$,
so ${\rm bpref}=S/(DR)$ with $S=\sum(D-\min(n_r,R))$, where $D$ is taken
as~1 when it is~0 (then every $n_r$ is~0 and every term~1).  Both paths
compute $S$ and $DR$ as integers; the double path rounds once, in the
division, as long as they stay below $2^{53}$, which every list does that
fits in memory ($DR\le n^2$ would need $n>2^{26}$ judged items).

@<Private functions@>=
static void bpref_parts(const rm_variant *v, const rm_list *l,
  const size_t *perm, unsigned long long *s, unsigned long long *den)
{
  size_t R, N, D, k = judged_cut(v, l), r, seen = 0;
  judged_counts(v, l, &R, &N);
  D = N < R ? N : R;
  if (D == 0) D = 1;
  *s = 0; *den = (unsigned long long) D * R;
  for (r = 0; r < k; r++) {
    if (unjudged_at(l, perm, r)) continue;
    if (!relevant(v, l, perm, r)) seen++;
    else *s += D - (seen < R ? seen : R);
  }
}
static rm_status bpref_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  unsigned long long s, d;
  bpref_parts(v, l, perm, &s, &d);
  mpq_set_d(num, (double) s); mpq_set_d(den, (double) d); /* exact below $2^{53}$ */
  return RM_OK;
}
static rm_status bpref_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  unsigned long long s, d;
  bpref_parts(v, l, perm, &s, &d);
  *num = (double) s; *den = (double) d;
  return RM_OK;
}

@ infAP's term at a relevant item, with $e=10^5$ so that $\epsilon=1/e$,
is $(b+Pa)/(b\,r)$ where $a=e\rho+1$, $b=e(\rho+\nu)+2$ and
$P=\rho+\nu+\pi$.  The exact path adds these fractions; the double path
forms $b+Pa$ and $br$ exactly (both below $2^{53}$ for lists of fewer
than $2^{21}$ items), divides once and adds in a compensated sum, and the
division by $R$ rounds once more: three roundings, and 4~ulps is the bound
we claim.

@d INFAP_E 100000 /* $1/\epsilon$ */
@<Private functions@>=
typedef struct {@+ size_t rho, nu, pi; @+} infap_state;
static int infap_next(const rm_variant *v, const rm_list *l, const size_t *perm,
  size_t r, infap_state *st, double *a, double *b, double *c)
{ /* 1 at a relevant item, with its term $(a+c)/b$ */
  int u = unjudged_at(l, perm, r);
  double P, ee = INFAP_E;
  if (u == 2) { st->pi++; return 0; }
  if (u) return 0;
  if (!relevant(v, l, perm, r)) { st->nu++; return 0; }
  P = (double) (st->rho + st->nu + st->pi);
  *b = ee * (double) (st->rho + st->nu) + 2;
  *a = *b; *c = P * (ee * (double) st->rho + 1);
  *b *= (double) (r + 1);
  st->rho++;
  return 1;
}
static rm_status infap_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t R, N, k = judged_cut(v, l), r;
  infap_state st = {0, 0, 0};
  mpq_t t;
  double a, b, c;
  judged_counts(v, l, &R, &N);
  mpq_init(t);
  mpq_set_ui(num, 0, 1);
  for (r = 0; r < k; r++)
    if (infap_next(v, l, perm, r, &st, &a, &b, &c)) {
      mpz_set_d(mpq_numref(t), a); mpz_set_d(mpq_denref(t), c);
      mpz_add(mpq_numref(t), mpq_numref(t), mpq_denref(t));
      mpz_set_d(mpq_denref(t), b);
      mpq_canonicalize(t);
      mpq_add(num, num, t);
    }
  mpq_clear(t);
  mpq_set_ui(den, (unsigned long) R, 1);
  return RM_OK;
}
static rm_status infap_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t R, N, k = judged_cut(v, l), r;
  infap_state st = {0, 0, 0};
  nsum s = {0, 0};
  double a, b, c;
  judged_counts(v, l, &R, &N);
  for (r = 0; r < k; r++)
    if (infap_next(v, l, perm, r, &st, &a, &b, &c)) nsum_add(&s, (a + c) / b);
  *num = s.s + s.c; *den = (double) R;
  return RM_OK;
}

@ The counts: judged nonrelevant items (over~1), and the judged or unjudged
items of the first $k$ ranks over $K$, or over $n$ without a cutoff.

@<Private functions@>=
static rm_status count_parts(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t k = judged_cut(v, l), r, c = 0;
  for (r = 0; r < k; r++) {
    int u = unjudged_at(l, perm, r);
    if (v->metric == RM_NONREL_JUDGED) c += !u && !relevant(v, l, perm, r);
    else if (v->metric == RM_UNJ) c += u != 0;
    else c += u == 0;
  }
  *num = (double) c;
  *den = v->metric == RM_NONREL_JUDGED ? 1.0 : v->k ? (double) v->k : (double) l->n;
  return RM_OK;
}
static rm_status count_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  return count_parts(v, l, perm, num, den);
}
static rm_status count_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  double a, b;
  count_parts(v, l, perm, &a, &b);
  mpq_set_d(num, a); mpq_set_d(den, b);
  return RM_OK;
}
static double zero_bound(const rm_variant *v)
{
  (void) v;
  return 0;
}

@ RBP and its residual.  With $p=c/d$, ${\rm RBP}=(d-c)S/d$ where $S$ is
the sum of $p^{r-1}$ over the relevant ranks, and the residual is
$p^k+(d-c)S'/d$ with $S'$ the sum over the unjudged ranks.  The exact path
keeps $p^{r-1}$ as a fraction.  The double path keeps it as an unevaluated
sum of two doubles, as \.{err} does its product: $p$ itself is $p_h+p_l$
with $p_h=c/d$ rounded and $p_l=(c-p_hd)/d$, whose numerator a fused
multiply-add gives exactly, and each multiplication by $p$ adds a relative
error of a few $u^2$, so that $p^{r-1}$ is within $4ru^2$ of the truth, far
below $u$ for any list that fits in memory.  The terms (their high parts)
go into a compensated sum ($u$), which is multiplied by $(d-c)/d$ (two
roundings) and, for the residual, added to $p^k$ (one more): 5~ulps.  A
power below the smallest normal double ($2^{-1022}$, reached at rank 103
for $p=1/1000$) loses its relative accuracy; its terms are then below
$2^{-1022}$ and matter only to a value that is itself that small.

@<Private functions@>=
static int rbp_counts(const rm_variant *v, const rm_list *l, const size_t *perm,
  size_t r)
{ /* the weight of rank $r$: a gain, or 1 for an unjudged item */
  if (v->metric == RM_RBP_RESID) return unjudged_at(l, perm, r) != 0;
  if (v->gain == RM_GAIN_BINARY) return relevant(v, l, perm, r);
  return unjudged_at(l, perm, r) ? 0 : l->grade[perm[r]];
}
static int rbp_top(const rm_variant *v, const rm_list *l)
{ /* the divisor $M$ of \.{gain=linear}: the largest judged grade, at least 1 */
  size_t i;
  int m = 1;
  if (v->metric != RM_RBP || v->gain != RM_GAIN_LINEAR) return 1;
  for (i = 0; i < l->n; i++)
    if (!(l->unjudged && l->unjudged[i]) && l->grade[i] > m) m = l->grade[i];
  for (i = 0; i < l->n_unretrieved; i++)
    if (l->unretrieved_grade[i] > m) m = l->unretrieved_grade[i];
  return m;
}
static rm_status rbp_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t k = judged_cut(v, l), r;
  mpq_t pw, p, x;
  mpq_inits(pw, p, x, NULL);
  mpq_set_ui(p, (unsigned long) v->p, (unsigned long) v->p_den);
  mpq_canonicalize(p);
  mpq_set_ui(pw, 1, 1);
  mpq_set_ui(num, 0, 1);
  for (r = 0; r < k; r++) {
    int c = rbp_counts(v, l, perm, r);
    if (c == 1) mpq_add(num, num, pw);
    else if (c > 1) {
      mpq_set_ui(x, (unsigned long) c, 1);
      mpq_mul(x, x, pw);
      mpq_add(num, num, x);
    }
    mpq_mul(pw, pw, p);
  }
  mpq_set_ui(p, (unsigned long) (v->p_den - v->p),
    (unsigned long) v->p_den * (unsigned long) rbp_top(v, l));
  mpq_canonicalize(p);
  mpq_mul(num, num, p);
  if (v->metric == RM_RBP_RESID) mpq_add(num, num, pw);
  mpq_set_ui(den, 1, 1);
  mpq_clears(pw, p, x, NULL);
  return RM_OK;
}
static rm_status rbp_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t k = judged_cut(v, l), r;
  double c = v->p, d = v->p_den;
  double ph = c / d, pl = fma(-ph, d, c) / d, xh = 1.0, xl = 0.0;
  nsum s = {0, 0};
  for (r = 0; r < k; r++) {
    double h, e;
    int g = rbp_counts(v, l, perm, r);
    if (g) nsum_add(&s, g == 1 ? xh : xh * g);
    h = xh * ph;
    e = fma(xh, ph, -h) + (xh * pl + xl * ph);
    xh = h + e; xl = e - (xh - h);
  }
  *num = (s.s + s.c) * ((d - c) / (d * rbp_top(v, l)));
  if (v->metric == RM_RBP_RESID) *num += xh;
  *den = 1.0;
  return RM_OK;
}
static double rbp_bound(const rm_variant *v)
{
  return v->metric == RM_RBP && v->gain == RM_GAIN_LINEAR ? 6 : 5;
}
static double judged_bound(const rm_variant *v)
{
  return v->metric == RM_INFAP ? 4 : 1;
}

@ @<Metric codes@>=
RM_BPREF, RM_INFAP, RM_NONREL_JUDGED, RM_JUDGED, RM_UNJ, RM_RBP, RM_RBP_RESID,

@ @<Metric specifications@>=
[RM_BPREF] = {"bpref", K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), ratio_d, ratio_x,
  judged_bound, no_average, NULL, bpref_qratio, bpref_dratio, NULL},
[RM_INFAP] = {"infap", K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), ratio_d, ratio_x,
  judged_bound, no_average, NULL, infap_qratio, infap_dratio, NULL},
[RM_NONREL_JUDGED] = {"nonrel-judged", K(KEY_REL) | K(KEY_TIES), ratio_d, ratio_x,
  zero_bound, no_average, NULL, count_qratio, count_dratio, NULL},
[RM_JUDGED] = {"judged", K(KEY_TIES) | K(KEY_UNDEF), ratio_d, ratio_x, judged_bound,
  no_average, NULL, count_qratio, count_dratio, NULL},
[RM_UNJ] = {"unj", K(KEY_TIES) | K(KEY_UNDEF), ratio_d, ratio_x, judged_bound,
  no_average, NULL, count_qratio, count_dratio, NULL},
[RM_RBP] = {"rbp", K(KEY_P) | K(KEY_GAIN) | K(KEY_REL) | K(KEY_TIES), ratio_d, ratio_x,
  rbp_bound, p_below_one, rbp_defaults, rbp_qratio, rbp_dratio, NULL},
[RM_RBP_RESID] = {"rbp-resid", K(KEY_P) | K(KEY_TIES), ratio_d, ratio_x, rbp_bound,
  p_below_one, NULL, rbp_qratio, rbp_dratio, NULL},

@ The vectors of the chapter.  Their random lists carry markers: a
family whose metrics read them gets, after each random list, one marker
per item (see |random_unjudged|).  No variant here has $p=1/2$: its values
are dyadic fractions, and on a long list one can fall exactly halfway
between two doubles, whose 40 digits then cannot name the double that
rounding to even chose.

@<Vector variant lists@>=
static const char *const judged_variants[] = {"bpref", "bpref@@5",
  "bpref[rel=2]", "bpref[ties=id-desc]", "bpref[undef=one]", "infap", "infap@@10",
  "infap[rel=2]", "infap[ties=id-desc]", "nonrel-judged", "nonrel-judged@@5",
  "nonrel-judged[rel=3]", "judged", "judged@@1", "judged@@5", "judged@@10[ties=id-asc]",
  "judged@@20[undef=one]", "unj@@5", "unj@@10", "unj@@20[ties=id-desc]", "unj",
  "rbp", "rbp@@5", "rbp[p=0.6]", "rbp[p=0.8,rel=2]", "rbp[p=0.95,ties=id-desc]",
  "rbp[gain=linear]", "rbp@@10[p=0.8,gain=linear,ties=id-desc]",
  "rbp[p=1/3]", "rbp-resid", "rbp-resid@@5", "rbp-resid[p=0.4]",
  "rbp-resid[p=0.95,ties=id-desc]", "rbp-resid@@20[p=0.001]", NULL};

@ @<Vector families@>=
{"judged", "incomplete judgments: bpref, infap, nonrel-judged, judged, unj, rbp,"
  " rbp-resid", 1ULL << RM_BPREF | 1ULL << RM_INFAP | 1ULL << RM_NONREL_JUDGED
  | 1ULL << RM_JUDGED | 1ULL << RM_UNJ | 1ULL << RM_RBP | 1ULL << RM_RBP_RESID,
  judged_variants},

@* Measures of trec\_eval.\here{q:trecm}
trec\_eval~10.0 computes some thirty measures, and most of them are
variants of the chapters before (the table of \secref{q:alias} says which).
This chapter adds most of the rest that need no knowledge of which
retrieved documents were judged: the geometric mean over queries
(\.{gm\_map}), the counts that trec\_eval sums over queries (\.{num\_q},
\.{num\_ret}, \.{num\_rel}, \.{num\_rel\_ret}), the interpolated
precision at recall levels with trec\_eval's own placement of those levels
(\.{iprec\_at\_recall}, \.{11pt\_avg}), the set measures \.{set\_map}
and \.{set\_relative\_P}, \.{relative\_P}, \.{Rprec\_mult}, \.{binG}
and \.{utility}.  For each we give the definition, what trec\_eval's code computes
(its files \.{m\_*.c}, read at version 10.0), and where the two differ.
The measures that read which documents are judged (\.{bpref}, \.{infAP},
\.{rbp}, \.{num\_nonrel\_judged\_ret} and their kin) are not here.
@^trec\_eval@>

{\it What is not here yet.}  \.{relstring} is not a number: trec\_eval
prints, for each query, the grades of the first ten retrieved documents as
a string of characters (\.{m\_relstring.c}), so it is no variant of the
library, whose values are numbers; it belongs to the output of a command
that prints trec\_eval's lines, and the parser refuses the name.
\.{G} is \.{ngain} (\secref{q:ngain}), \.{ndcg\_rel} is
\.{ndcg-rel} (\secref{q:ndcgrel}) and \.{Rndcg} is \.{rndcg}
(\secref{q:rndcg}), with trec\_eval's default gains; its gain map
(\.{-m ndcg.1=3.5,2=9}), a key whose value is a function of the grade, is
left for later.

@ {\it The geometric mean.}\here{q:gm}  The arithmetic mean of per-query
values lets a few very good queries hide many bad ones; the geometric mean
$$\hbox{GM}=\Bigl(\prod_{j=1}^n\max(x_j,\varepsilon)\Bigr)^{1/n}
  =\exp\Bigl({1\over n}\sum_{j=1}^n\ln\max(x_j,\varepsilon)\Bigr)$$
rewards a system for being good on every query, and a single query
of value~0 would make it 0 whatever the others, so each value is first
raised to a floor~$\varepsilon$.  trec\_eval's \.{gm\_map} is this mean of
the average precisions with $\varepsilon=10^{-5}$ (its |MIN_GEO_MEAN|,
\.{trec\_eval.h}): \.{m\_gm\_map.c} stores $\ln\max({\rm AP},10^{-5})$ for
each query, and \.{meas\_avg.c} (|te_calc_avg_meas_s_gm|) takes $\exp$ of
their mean; with \.{-c} a judged query missing from the run enters as
$\ln10^{-5}$, the floor, just as a query whose AP is~0.  \.{gm\_bpref} is
the same mean of bpref.
@^geometric mean@>@^gm\_map@>@^MIN\_GEO\_MEAN@>

Here it is the aggregator \.{gm}, which takes any variant of one query:
\.{gm:ap[ties=id-desc]} is \.{gm\_map}.  The floor is trec\_eval's,
$\varepsilon=10^{-5}$, and it is not a key: no other source we know uses a
geometric mean with another floor.  A value below the floor (0, or a negative
correlation) is raised to it; an undefined value enters with its
convention's value (\.{undef=zero} gives 0, hence the floor) or, under
\.{skip=undef}, not at all; \.{skip} works as for the other aggregators,
and a set of no counted queries is undefined.  \.{weight} belongs to
\.{mean} only.

The exact path is the correctly rounded value of GM.  When every $x_j$ is
rational, $\hbox{GM}^n=\prod\max(x_j,\varepsilon)$ is a fraction $P$, and GM
is rational exactly when the numerator and the denominator of $P$ in
lowest terms are $n$th powers; we test that (GMP's |mpz_root| says whether
a root is exact) and round the root once.  Otherwise GM is irrational and
Ziv's loop decides it, enclosing each $\ln\max(x_j,\varepsilon)$ by
logarithms rounded outward, as the mean of nDCGs is enclosed.  (A product of
irrational nDCG values could in principle be rational; the loop would then
stop at |RM_PREC_MAX| with |RM_EHARD| rather than guess.)  A root mean
square error $\sqrt{m}$ enters as ${1\over2}\ln\max(m,\varepsilon^2)$, so
that its square root is never taken.

{\it The double path} adds the logarithms with the compensated sum and
takes one exponential.  Its error, counted in units $u=2^{-53}$ of the
result: the inner value's relative error of $b$ ulps becomes an absolute
error of at most $b\,u$ in its logarithm; the logarithm itself errs by at
most one ulp of $\vert\ln x\vert\le\ln10^5<11.6$, the compensated sum and the
division by~$n$ add at most $2\cdot11.6\,u$ to the mean of logarithms, and
an absolute error~$\delta$ in the argument of $\exp$ is a relative error of
about~$\delta$ in its result, to which $\exp$ adds an ulp.  So the bound is
$b+36$~ulps; we state $b+40$.

@d GM_FLOOR 1e-5 /* trec\_eval's |MIN_GEO_MEAN| */
@d GM_BOUND 40 /* ulps added to the inner bound by the geometric mean */

@<Turn the sum of logarithms |a| over |b| queries...@>=
if (b.s + b.c == 0) return undefined_d(&u, out);
*out = exp((a.s + a.c) / (b.s + b.c));
return RM_OK;

@ The exact path collects the floored values: the rational ones as
fractions $y_j$ with an exponent $e_j$ (the value is $y_j^{e_j/2}$, so
$e_j=2$ but for a root mean square error), and the irrational ones as
pairs of forms.

@<Private types@>=
typedef struct {
  size_t n; /* the counted queries */
  size_t nr, capr; /* rational values |r[i]| with exponents |e[i]| */
  mpq_t *r;
  int *e;
  size_t nt, capt; /* irrational values |t[2i]/t[2i+1]| */
  loglin *t;
  mpq_t floor; /* $\varepsilon$ */
} gm_set;

@ One query.  The value is found as |rm_value_set_exact| finds it; a
rational value is floored here, an irrational one in the enclosure.

@<Private functions@>=
static rm_status gm_add(gm_set *g, const rm_variant *v, const rm_variant *u,
  const rm_list *l, rm_work *w)
{
  loglin fn, fd;
  mpq_t num, den;
  int undefined = 0, rational = 1, e = 2;
  rm_status s;
  if ((s = check_list(u, l)) != RM_OK) return s;
  if ((s = work_reserve(w, l->n)) != RM_OK) return s;
  if (v->skip == RM_SKIP_NOREL && n_relevant(u, l) == 0) return RM_OK;
  if (v->skip == RM_SKIP_MISSING && l->n == 0) return RM_OK;
  rank_items(l, key_used(u, KEY_TIES) ? u->ties : RM_TIES_INPUT, w->perm, w->tmp);
  if (g->nr == g->capr || g->nt == g->capt)
    @<Make room for one more value of each kind in |g|@>;
  mpq_inits(num, den, NULL);
  loglin_init(&fn, discount_base(u)); loglin_init(&fd, discount_base(u));
  if (metrics[u->metric].qratio) {
    s = metrics[u->metric].qratio(u, l, w->perm, num, den);
    undefined = s == RM_OK && mpq_sgn(den) == 0;
    if (s == RM_OK && !undefined) mpq_div(num, num, den);
    if (u->metric == RM_RMSE) e = 1;
  } else {
    s = metrics[u->metric].forms(u, l, w->perm, &fn, &fd);
    if (s == RM_OK) {
      loglin_normalize(&fd);
      undefined = loglin_is_zero(&fd);
      if (!undefined) rational = loglin_ratio(num, &fn, &fd);
    }
  }
  if (s == RM_OK && undefined) {
    if (v->skip == RM_SKIP_UNDEF) goto done;
    if (u->undef == RM_UNDEF_ERROR) { s = RM_EUNDEF; goto done; }
    mpq_set_ui(num, u->undef == RM_UNDEF_ONE ? 1 : 0, 1);
    rational = 1;
  }
  if (s != RM_OK) goto done;
  g->n++;
  if (rational) {
    mpq_set(den, g->floor);
    if (e == 1) mpq_mul(den, den, den);
    if (mpq_cmp(num, den) < 0) mpq_set(num, den);
    mpq_init(g->r[g->nr]); mpq_set(g->r[g->nr], num); g->e[g->nr++] = e;
  } else {
    g->t[2 * g->nt] = fn; g->t[2 * g->nt + 1] = fd; g->nt++;
    loglin_init(&fn, 2); loglin_init(&fd, 2); /* |g| owns the forms now */
  }
done:
  loglin_clear(&fn); loglin_clear(&fd);
  mpq_clears(num, den, NULL);
  return s;
}

@ @<Make room for one more value...@>=
{
  size_t cr = g->capr ? 2 * g->capr : 8, ct = g->capt ? 2 * g->capt : 8;
  mpq_t *r = g->nr == g->capr ? realloc(g->r, cr * sizeof *r) : g->r;
  if (r == NULL) return RM_ENOMEM;
  g->r = r;
  if (g->nr == g->capr) {
    int *ee = realloc(g->e, cr * sizeof *ee);
    if (ee == NULL) return RM_ENOMEM;
    g->e = ee; g->capr = cr;
  }
  if (g->nt == g->capt) {
    loglin *t = realloc(g->t, 2 * ct * sizeof *t);
    if (t == NULL) return RM_ENOMEM;
    g->t = t; g->capt = ct;
  }
}

@ The enclosure of $\ln\hbox{GM}$'s exponential: every logarithm rounded
outward, the sum and the division by $n$ too, and $\exp$ in each direction.

@<Private functions@>=
static int enclose_gm(mpfr_t lo, mpfr_t hi, const void *ctx)
{
  const gm_set *g = ctx;
  mpfr_t a, b, fl, fh;
  size_t i;
  int ok = 1;
  logcache lc; /* the logarithms of the roots, shared by all the terms */
  logcache_init(&lc);
  mpfr_inits2(mpfr_get_prec(lo), a, b, fl, fh, (mpfr_ptr) 0);
  mpfr_set_q(fl, g->floor, MPFR_RNDD); mpfr_set_q(fh, g->floor, MPFR_RNDU);
  mpfr_set_ui(lo, 0, MPFR_RNDN); mpfr_set_ui(hi, 0, MPFR_RNDN);
  for (i = 0; i < g->nr; i++) {
    mpfr_set_q(a, g->r[i], MPFR_RNDD); mpfr_log(a, a, MPFR_RNDD);
    mpfr_set_q(b, g->r[i], MPFR_RNDU); mpfr_log(b, b, MPFR_RNDU);
    if (g->e[i] == 1) { mpfr_div_2ui(a, a, 1, MPFR_RNDD); mpfr_div_2ui(b, b, 1, MPFR_RNDU); }
    mpfr_add(lo, lo, a, MPFR_RNDD); mpfr_add(hi, hi, b, MPFR_RNDU);
  }
  for (i = 0; i < g->nt && ok; i++) {
    ok = enclose_quotient(a, b, &g->t[2 * i], &g->t[2 * i + 1], &lc);
    if (mpfr_less_p(a, fl)) mpfr_set(a, fl, MPFR_RNDD);
    if (mpfr_less_p(b, fh)) mpfr_set(b, fh, MPFR_RNDU);
    mpfr_log(a, a, MPFR_RNDD); mpfr_log(b, b, MPFR_RNDU);
    mpfr_add(lo, lo, a, MPFR_RNDD); mpfr_add(hi, hi, b, MPFR_RNDU);
  }
  mpfr_div_ui(lo, lo, (unsigned long) g->n, MPFR_RNDD); mpfr_exp(lo, lo, MPFR_RNDD);
  mpfr_div_ui(hi, hi, (unsigned long) g->n, MPFR_RNDU); mpfr_exp(hi, hi, MPFR_RNDU);
  mpfr_clears(a, b, fl, fh, (mpfr_ptr) 0);
  logcache_clear(&lc);
  return ok;
}

@ The geometric mean itself: a rational root when there is one, Ziv's loop
otherwise.  With only rational values $\hbox{GM}^{2n}=\prod y_j^{e_j}$.

@<Private functions@>=
static rm_status gm_exact(const rm_variant *v, const rm_variant *u,
  const rm_list *q, size_t nq, rm_exact *out)
{
  gm_set g;
  rm_work w;
  size_t j;
  rm_status s = RM_OK;
  memset(&g, 0, sizeof g);
  mpq_init(g.floor); mpq_set_ui(g.floor, 1, 100000);
  rm_work_init(&w);
  for (j = 0; j < nq && s >= 0; j++) s = gm_add(&g, v, u, &q[j], &w);
  if (s >= 0 && g.n == 0) s = undefined_x(u, out);
  else if (s >= 0 && g.nt == 0) @<Take the rational root of the product, or
    |ziv|@>@;
  else if (s >= 0) s = ziv(out, enclose_gm, &g);
  for (j = 0; j < g.nr; j++) mpq_clear(g.r[j]);
  for (j = 0; j < 2 * g.nt; j++) loglin_clear(&g.t[j]);
  free(g.r); free(g.e); free(g.t);
  mpq_clear(g.floor);
  rm_work_free(&w);
  return s;
}

@ The product is formed numerator by numerator and denominator by
denominator, and reduced once.

@<Take the rational root...@>=
{
  mpq_t p;
  mpz_t a, b;
  int exact;
  mpq_init(p); mpz_inits(a, b, NULL);
  mpz_set_ui(mpq_numref(p), 1); mpz_set_ui(mpq_denref(p), 1);
  for (j = 0; j < g.nr; j++) {
    int i;
    for (i = 0; i < g.e[j]; i++) {
      mpz_mul(mpq_numref(p), mpq_numref(p), mpq_numref(g.r[j]));
      mpz_mul(mpq_denref(p), mpq_denref(p), mpq_denref(g.r[j]));
    }
  }
  mpq_canonicalize(p);
  exact = mpz_root(a, mpq_numref(p), 2 * (unsigned long) g.n)
    && mpz_root(b, mpq_denref(p), 2 * (unsigned long) g.n);
  if (exact) {
    mpz_set(mpq_numref(p), a); mpz_set(mpq_denref(p), b);
    s = exact_from_q(out, p);
  } else s = ziv(out, enclose_gm, &g);
  mpz_clears(a, b, NULL); mpq_clear(p);
}

@ {\it Examples.}  Two queries with average precisions $1/2$ (one relevant
item, at rank~2) and $1/8$ (at rank~8) have the arithmetic mean
$5/16$ and the geometric mean $\sqrt{1/16}=\oursq{TE-gm-rational}$, a
rational root.  A query with AP~1 and one with AP~0 have the geometric mean
$\sqrt{1\cdot10^{-5}}=10^{-5/2}=\ours{TE-gm-floor}$: the floor decides it,
and trec\_eval prints 0.0032.  Three such queries, AP 1, $1/2$ and 0, give
$(1/200000)^{1/3}=\ours{TE-gm-three}$.  The nDCG of a perfect list (1) and of
a list with its relevant item at rank~2 ($1/\lg3$) have the geometric mean
$(\lg3)^{-1/2}=\ours{TE-gm-ndcg}$, where Ziv's loop encloses irrational
terms.  Under \.{skip=norel} a query with no relevant item is left out:
with AP $1/4$ and such a query, \.{gm[skip=norel]:ap} is
$\oursq{TE-gm-norel}$ while \.{gm:ap} is $\sqrt{10^{-5}/4}=\ours{TE-gm-none}$.

@<Examples over several queries@>=
@/{"TE-gm-rational", NULL, "gm:ap", RM_QS(RM_Q((0, 1), ()),
    RM_Q((0, 0, 0, 0, 0, 0, 0, 1), ())), NULL, "case", RM_OK, "1/4", 0x1p-2},
@/{"TE-gm-floor", NULL, "gm:ap", RM_QS(RM_Q((1), ()), RM_Q((0), (1))), NULL,
  "case", RM_OK, NULL, 0x1.9e7c6e43390b7p-9},
@/{"TE-gm-three", NULL, "gm:ap", RM_QS(RM_Q((1), ()), RM_Q((0, 1), ()),
    RM_Q((0), (1))), NULL, "case", RM_OK, NULL, 0x1.182996eb78836p-6},
@/{"TE-gm-ndcg", NULL, "gm:ndcg", RM_QS(RM_Q((1, 0), ()), RM_Q((0, 1, 0), ())),
  NULL, "case", RM_OK, NULL, 0x1.96afe9f9fc8a8p-1},
@/{"TE-gm-norel", NULL, "gm[skip=norel]:ap", RM_QS(RM_Q((0, 0, 0, 1), ()),
    RM_Q((0, 0), ())), NULL, "case", RM_OK, "1/4", 0x1p-2},
@/{"TE-gm-none", NULL, "gm:ap", RM_QS(RM_Q((0, 0, 0, 1), ()), RM_Q((0, 0), ())),
  NULL, "case", RM_OK, NULL, 0x1.9e7c6e43390b7p-10},

@ {\it The counts.}\here{q:counts}  trec\_eval prints four counts for each
query and their {\it sums\/} over the queries, not their means: \.{num\_q},
the number of queries evaluated (1 for each); \.{num\_ret}, the number~$n$
of documents retrieved; \.{num\_rel}, the number~$R$ of judged documents of
grade at least the relevance level, retrieved or not; and
\.{num\_rel\_ret}, the number $h_n$ of those among the retrieved.  They are
the metrics \.{nq}, \.{nret}, \.{nrel} and \.{nrelret} here, each a whole
number, and trec\_eval's names mean their sums: \.{num\_rel} is
\.{sum:nrel}.  \.{nrel} and \.{nrelret} read \.{rel}; none takes a cutoff
(trec\_eval's \.{-M}~$m$ cuts the run before anything is counted, and
\.{num\_ret} is then $\min(n,m)$) and none is ever undefined.  Under
trec\_eval's \.{-c} a judged query missing from the run is a list of no
items: it counts in \.{num\_q} and \.{num\_rel}, and adds 0 to the
others.  trec\_eval's code (\.{m\_num\_q.c} and its neighbours) adds the
per-query values and never divides, with two quirks under \.{-c}: its
\.{num\_q} is then the number of judged queries, which is what \.{sum:nq}
gives on the lists of \.{-c}; and its summary \.{num\_rel} is recounted
from the judgments of every judged query with grade above~0, whatever the
relevance level \.{-l}, so that with \.{-c -l 2} it is \.{sum:nrel[rel=1]},
not \.{sum:nrel[rel=2]} (the per-query values do follow \.{-l}).
ir\_measures' \.{NumQ}, \.{NumRet}, \.{NumRel} and \.{NumRelRet} are the
same sums (its provider is pytrec\_eval).

For example, two queries: the first retrieves grades $(1,0,2,0)$ with one
more relevant document unretrieved, the second retrieves $(0,0)$ and has
no relevant document.  Then \.{sum:nq} is $\oursq{TE-num-q}$, \.{sum:nret}
is $4+2=\oursq{TE-num-ret}$, \.{sum:nrel} is $3+0=\oursq{TE-num-rel}$,
\.{sum:nrelret} is $2+0=\oursq{TE-num-rel-ret}$, and with \.{rel=2} the
last two are $\oursq{TE-num-rel2}$ and $\oursq{TE-num-rel-ret2}$.
@^num\_q@>@^num\_ret@>@^num\_rel@>@^num\_rel\_ret@>

@<Private functions@>=
static size_t count_of(const rm_variant *v, const rm_list *l)
{
  size_t i, c = 0;
  switch (v->metric) {
  case RM_NQ: return 1;
  case RM_NRET: return l->n;
  case RM_NREL: return n_relevant(v, l);
  default:
    for (i = 0; i < l->n; i++)
      c += l->grade ? l->grade[i] >= v->rel : rating_d(l, i) >= v->rel;
    return c;
  }
}
static rm_status tally_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  (void) perm;
  *num = (double) count_of(v, l); *den = 1;
  return RM_OK;
}
static rm_status tally_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  (void) perm;
  mpq_set_ui(num, (unsigned long) count_of(v, l), 1); mpq_set_ui(den, 1, 1);
  return RM_OK;
}
static double count_bound(const rm_variant *v)
{
  (void) v;
  return 0; /* a whole number below $2^{53}$ is exact */
}

@ @<Metric codes@>=
RM_NQ, RM_NRET, RM_NREL, RM_NRELRET,

@ @<Metric specifications@>=
@/[RM_NQ] = {"nq", 0, ratio_d, ratio_x, count_bound, no_cutoff, NULL, tally_qratio,
  tally_dratio},
@/[RM_NRET] = {"nret", 0, ratio_d, ratio_x, count_bound, no_cutoff, NULL, tally_qratio,
  tally_dratio},
@/[RM_NREL] = {"nrel", K(KEY_REL), ratio_d, ratio_x, count_bound, no_cutoff, NULL,
  tally_qratio, tally_dratio},
@/[RM_NRELRET] = {"nrelret", K(KEY_REL), ratio_d, ratio_x, count_bound, no_cutoff,
  NULL, tally_qratio, tally_dratio},

@ @<Examples over several queries@>=
@/{"TE-num-q", NULL, "sum:nq", RM_QS(TE_COUNT_QS), NULL, "case", RM_OK, "2", 0x1p+1},
@/{"TE-num-ret", NULL, "sum:nret", RM_QS(TE_COUNT_QS), NULL, "case", RM_OK, "6",
  0x1.8p+2},
@/{"TE-num-rel", NULL, "sum:nrel", RM_QS(TE_COUNT_QS), NULL, "case", RM_OK, "3",
  0x1.8p+1},
@/{"TE-num-rel-ret", NULL, "sum:nrelret", RM_QS(TE_COUNT_QS), NULL, "case", RM_OK, "2",
  0x1p+1},
@/{"TE-num-rel2", NULL, "sum:nrel[rel=2]", RM_QS(TE_COUNT_QS), NULL, "case", RM_OK, "1",
  0x1p+0},
@/{"TE-num-rel-ret2", NULL, "sum:nrelret[rel=2]", RM_QS(TE_COUNT_QS), NULL, "case",
  RM_OK, "1", 0x1p+0},

@ @<Lists of the examples over queries@>=
#define TE_COUNT_QS RM_Q((1, 0, 2, 0), (1)), RM_Q((0, 0), ())

@ {\it Interpolated precision at a recall level.}\here{q:iprec}  The
interpolated precision at recall level $\rho$ was defined with \.{ap11}
(\secref{q:ap11}): the best precision at any rank whose recall is at
least~$\rho$.  Since recall at rank~$i$ is $h_i/R$, ``at least $\rho$''
means $h_i\ge\rho R$, that is $h_i\ge c(\rho)$ with $c(\rho)=\lceil\rho
R\rceil$ relevant items, and
$$p_{\rm interp}(\rho)=\max\{\,h_i/i: i\le k,\ h_i\ge c(\rho)\,\}
  \quad(0\hbox{ if there is no such }i).$$
The metric \.{iprec} is that value at the one level given by its key
\.{at}, a fraction from 0 to~1 (\.{iprec[at=0.3]}); it takes a cutoff,
\.{rel}, \.{ties} (not \.{average}, as \.{ap11}) and \.{undef}, and is
undefined when $R=0$.
@^interpolated precision@>@^iprec\_at\_recall@>@^11pt\_avg@>

trec\_eval's \.{iprec\_at\_recall} (\.{m\_iprec\_at\_recall.c}) and
\.{11pt\_avg} (\.{m\_11pt\_avg.c}) compute the same maximum, walking the run
backwards, but they place each level at
$$c(\rho)=\hbox{\tt lround}(\rho\cdot R),$$
the count of relevant items {\it nearest\/} to $\rho R$, halves rounded up
(its code comments that trec\_eval~9 added 0.9 and truncated instead), with
$\rho$ the double nearest the level and the product a double.  A
level is then reached as soon as the recall is within half a relevant item
of it: with $R=2$, the levels 0.3 to 0.7 all have $c=1$ ($0.6$, $0.8$, $1$,
$1.2$ and $1.4$ round to~1), so one relevant item retrieved reaches seven
levels, where the textbook's $\lceil\rho R\rceil$ lets it reach only 0.1 to
0.5.  The key \.{level} names the placement: \.{level=exact} (the default)
is $\lceil\rho R\rceil$, \.{level=round} is trec\_eval's nearest count,
computed as trec\_eval computes it.  \.{ap11} takes the key
too, and shows it only as \.{level=round}, so that its other names are
unchanged; \.{11pt\_avg} is \.{ap11[level=round,ties=id-desc]} and
\.{iprec\_at\_recall\_0.30} is \.{iprec[at=0.3,level=round,ties=id-desc]}.
That computation is part of the definition, because at a half it is not
the nearest count of the exact $\rho R$: the double nearest 0.7 is a
little below it, and $0.7\cdot45=31.5$ comes out as
$31.499999999999996\ldots$, which \.{lround} takes to~31, where the exact
half would go up to~32.  Of the eleven tenths and the $R$ below $10^6$,
18724 pairs are such halves that go down (\.{tests/check\_trec.c} counts
them, and checks $R=45$ through the library).  So \.{level=round} computes
$c(\rho)=\hbox{\tt lround}(\hat\rho\otimes R)$, $\hat\rho$ the double
nearest $\rho$ and $\otimes$ the product rounded to a double, on both paths
alike: it is an integer, and the exact path needs nothing more.

{\it Why 8/11.}  A query with $R=2$ whose run has one relevant document, at
rank~1: the precision there is~1, and no later rank does better.  The
textbook reaches the levels $\rho$ with $\lceil2\rho\rceil\le1$, that is
0.0 to 0.5: six levels of precision~1 and five of~0, ${\rm
AP}_{11}=\oursq{TE-11pt-exact}$.  trec\_eval's counts for the eleven
levels are $0,0,0,1,1,1,1,1,2,2,2$ ($\hbox{\tt lround}(0.2)=0$,
$\hbox{\tt lround}(1.4)=1$, $\hbox{\tt lround}(1.6)=2$), so eight levels
need at most one relevant item and get precision~1:
$\oursq{TE-11pt-round}$, as trec\_eval prints (0.7273).  The same
query's \.{iprec\_at\_recall\_0.60} is $\oursq{TE-iprec-06-round}$ where the
textbook's is $\oursq{TE-iprec-06-exact}$.  For a run $(0,1,0,1)$ with
$R=3$: the precisions at the hits are $1/2$ and $1/2$, the counts of
trec\_eval's levels are $0,0,1,1,1,2,2,2,2,3,3$, and \.{11pt\_avg} is
$9\cdot{1\over2}/11=\oursq{TE-11pt-r3}$ where \.{ap11} is
$(7\cdot{1\over2})/11=\oursq{TE-11pt-r3-exact}$ (the textbook reaches the
levels up to $2/3$, 0.0 to 0.6).

@<Public types@>=
typedef enum {@+ RM_LEVEL_EXACT, RM_LEVEL_ROUND @+} rm_level;

@ @<Fields of a variant@>=
int at, at_den; /* the recall level $\rho$ of \.{iprec}, a fraction */
int level; /* an |rm_level| */

@ @<Key codes@>=
KEY_AT, KEY_LEVEL,

@ @^keys of names, \.{at}@>@^keys of names, \.{level}@>
@<Key specifications@>=
[KEY_AT] = {"at", NULL, 0, 1000000, FIELD(at), FIELD(at_den), NULL, 3},
[KEY_LEVEL] = {"level", level_words, 0, 0, FIELD(level), 0, level_when, 4},

@ @<Words and conditions of keys@>=
static const char *const level_words[] = {"exact", "round", NULL};
static int level_when(const rm_variant *v)
{
  return v->metric == RM_IPREC || v->level != RM_LEVEL_EXACT;
}

@ @<Set the numeric defaults of a variant@>=
v->at = 0; v->at_den = 1;

@ The count $c(\rho)$ for $\rho=p/q$: $\lceil pR/q\rceil$ in integers (with
$p\le q\le10^6$ and $R<2^{32}$ the product fits in 64 bits), or trec\_eval's
$\hbox{\tt lround}(\hat\rho\otimes R)$; $p/q$ divided in doubles is the
double nearest $\rho$, as trec\_eval's |atof| of the level's decimal is.

@<Private functions@>=
static size_t level_count(int level, unsigned long long p, unsigned long long q,
  size_t nrel)
{
  unsigned long long r = (unsigned long long) nrel;
  if (level == RM_LEVEL_ROUND)
    return (size_t) lround((double) p / (double) q * (double) nrel);
  return (size_t) ((p * r + q - 1) / q);
}
static const char *iprec_refuse(const rm_variant *v)
{
  if (v->at > v->at_den) return "at is a recall level, from 0 to 1";
  return no_average(v);
}

@ The code of \.{iprec}: as \.{ap11}'s, for one level, and the value is the
best $h_i/i$ itself, a ratio of two whole numbers: the double path divides
once (1~ulp).

@<Private functions@>=
static void iprec_point(const rm_variant *v, const rm_list *l, const size_t *perm,
  size_t *hb, size_t *ib, size_t *nrel)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, r, h = 0, c;
  *nrel = n_relevant(v, l);
  c = level_count(v->level, (unsigned long long) v->at,
    (unsigned long long) v->at_den, *nrel);
  *hb = *ib = 0;
  for (r = 0; r < k; r++) {
    h += (size_t) relevant(v, l, perm, r);
    if (h >= c && (*ib == 0 || h * *ib > *hb * (r + 1))) *hb = h, *ib = r + 1;
  }
}
static rm_status iprec_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t hb, ib, nrel;
  iprec_point(v, l, perm, &hb, &ib, &nrel);
  *num = (double) hb;
  *den = nrel == 0 ? 0.0 : ib == 0 ? 1.0 : (double) ib;
  return RM_OK;
}
static rm_status iprec_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t hb, ib, nrel;
  iprec_point(v, l, perm, &hb, &ib, &nrel);
  mpq_set_ui(num, (unsigned long) hb, 1);
  mpq_set_ui(den, nrel == 0 ? 0 : ib == 0 ? 1 : (unsigned long) ib, 1);
  return RM_OK;
}
static double iprec_bound(const rm_variant *v)
{
  (void) v;
  return 1;
}

@ @<Metric codes@>=
RM_IPREC,

@ @<Metric specifications@>=
@/[RM_IPREC] = {"iprec", K(KEY_AT) | K(KEY_LEVEL) | K(KEY_REL) | K(KEY_TIES)
  | K(KEY_UNDEF), ratio_d, ratio_x, iprec_bound, iprec_refuse, NULL, iprec_qratio,
  iprec_dratio},

@ The worked examples of this section.

@<Worked examples@>=
@/{"TE-11pt-exact", NULL, "ap11", RM_G(1, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "6/11", 0x1.1745d1745d174p-1},
@/{"TE-11pt-round", NULL, "ap11[level=round]", RM_G(1, 0), NULL, NULL, RM_G(1),
  "0.7273", "case", RM_OK, "8/11", 0x1.745d1745d1746p-1},
@/{"TE-iprec-06-round", NULL, "iprec[at=0.6,level=round]", RM_G(1, 0), NULL, NULL,
  RM_G(1), NULL, "case", RM_OK, "1", 0x1p+0},
@/{"TE-iprec-06-exact", NULL, "iprec[at=0.6]", RM_G(1, 0), NULL, NULL, RM_G(1), NULL,
  "case", RM_OK, "0", 0x0p+0},
@/{"TE-11pt-r3", NULL, "ap11[level=round]", RM_G(0, 1, 0, 1), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "9/22", 0x1.a2e8ba2e8ba2fp-2},
@/{"TE-11pt-r3-exact", NULL, "ap11", RM_G(0, 1, 0, 1), NULL, NULL, RM_G(1), NULL,
  "case", RM_OK, "7/22", 0x1.45d1745d1745dp-2},
@/{"TE-iprec-none", NULL, "iprec[at=0.5]", RM_G(0, 0), NULL, NULL, RM_NONE, NULL,
  "case", RM_UNDEFINED, "0", 0x0p+0},
@/{"TE-nrelret", NULL, "nrelret[rel=2]", RM_G(1, 0, 2, 3), NULL, NULL, RM_G(2), NULL,
  "case", RM_OK, "2", 0x1p+1},


@ {\it Set measures and precision at multiples of $R$.}\here{q:setap}
trec\_eval's \.{set\_map} (\.{m\_set\_map.c}) is the average precision of
the retrieved set taken as unranked: every relevant retrieved item gets the
set's precision $h_n/n$, every relevant item not retrieved gets~0, so
$${\rm setAP}={h_n\over R}\cdot{h_n\over n}={h_n^2\over nR},$$
the product of the set's recall and precision.  It is the metric \.{setap}
here (ir\_measures' \.{SetAP}); with a cutoff it is the same of the first
$k=\min(K,n)$ items, which is what trec\_eval's \.{-M}~$K$ gives.  It reads
\.{rel}, \.{ties} (with a cutoff they matter; \.{average} is refused) and
\.{undef}: a query that retrieves nothing or has no relevant item is
undefined, 0 in trec\_eval.  A run $(1,0,1,0)$ with $R=3$ has
$2^2/(4\cdot3)=\oursq{TE-setap}$.
@^set\_map@>@^SetAP@>

trec\_eval's \.{relative\_P.}$K$ (in its file \.{m\_rel\_P.c}) divides
the hits in the top~$K$ by the most there could be, $\min(K,R)$: it is our
\.{recall@@K[norm=min]}.  Its \.{set\_relative\_P} (in \.{m\_set\_rel\_P.c}),
which is $h_n/\min(n,R)$, is \.{recall[norm=min]}, and ir\_measures calls
it \.{SetRelP}.  Both give 0 when $R=0$, as \.{undef=zero} does.

\.{Rprec\_mult.}$m$ (\.{m\_Rprec\_mult.c}) is the precision at the rank
$c=mR$, for multipliers $m$ of $R$ (by default 0.2, 0.4, \dots,~2.0), so
that queries with many and few relevant items are compared at the same
point of their rankings.  trec\_eval makes the rank a whole number by
$c=\lfloor\hat m\otimes R\oplus0.9\rfloor$ in doubles (the old rounding
that \.{iprec\_at\_recall} gave up; $\hat m$ the double nearest~$m$), and
divides by~$c$ even when the run is shorter:
$${\rm RP}_m={h_{\min(c,n)}\over c}.$$
With $m=1$ this is \.{rprec}.  The metric is \.{rprecm}, with the key
\.{mult}, a fraction from $1/10^6$ to $10^6$ (default~1); it takes no
cutoff, and is undefined when $c=0$ (when $R=0$, in particular), which
trec\_eval reports as~0.  With $R=3$ and the run $(1,0,1,0)$,
\.{Rprec\_mult\_0.60} has $c=\lfloor1.8+0.9\rfloor=2$ and value
$\oursq{TE-rprecm-06}$; \.{Rprec\_mult\_2.00} has $c=6$ beyond the run, and
value $2/6=\oursq{TE-rprecm-2}$.  Adding 0.9 is not rounding to the nearest:
the two differ where $mR$ has a fraction from 0.1 to below 0.5, such as
$m=0.4$, $R=3$, where $mR=1.2$ gives trec\_eval's $c=2$
($\oursq{TE-rprecm-04}$ here) and the nearest count~1.
@^Rprec\_mult@>@^relative\_P@>@^set\_relative\_P@>

@<Fields of a variant@>=
int mult, mult_den; /* the multiplier $m$ of \.{rprecm}, a fraction */

@ @<Key codes@>=
KEY_MULT,

@ @^keys of names, \.{mult}@>
@<Key specifications@>=
[KEY_MULT] = {"mult", NULL, 1, 1000000, FIELD(mult), FIELD(mult_den), NULL, 5},

@ @<Set the numeric defaults of a variant@>=
v->mult = 1; v->mult_den = 1;

@ The code.  Both are ratios of whole numbers: one division on the double
path, 1~ulp (the numerator $h^2$ and the denominator $nR$ are exact in a
double while the list holds fewer than $2^{26}$ items).

@<Private functions@>=
static size_t hits_in(const rm_variant *v, const rm_list *l, const size_t *perm,
  size_t k)
{
  size_t r, h = 0;
  for (r = 0; r < k && r < l->n; r++) h += (size_t) relevant(v, l, perm, r);
  return h;
}
static size_t rprecm_rank(const rm_variant *v, size_t nrel)
{
  return (size_t) ((double) v->mult / (double) v->mult_den * (double) nrel + 0.9);
}
static rm_status setap_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, h = hits_in(v, l, perm, k);
  *num = (double) h * (double) h;
  *den = (double) k * (double) n_relevant(v, l);
  return RM_OK;
}
static rm_status setap_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t k = v->k && v->k < l->n ? v->k : l->n, h = hits_in(v, l, perm, k);
  mpz_set_ui(mpq_numref(num), (unsigned long) h);
  mpz_mul_ui(mpq_numref(num), mpq_numref(num), (unsigned long) h);
  mpz_set_ui(mpq_denref(num), 1);
  mpz_set_ui(mpq_numref(den), (unsigned long) k);
  mpz_mul_ui(mpq_numref(den), mpq_numref(den), (unsigned long) n_relevant(v, l));
  mpz_set_ui(mpq_denref(den), 1);
  return RM_OK;
}
static rm_status rprecm_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  size_t c = rprecm_rank(v, n_relevant(v, l));
  *num = (double) hits_in(v, l, perm, c);
  *den = (double) c;
  return RM_OK;
}
static rm_status rprecm_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  size_t c = rprecm_rank(v, n_relevant(v, l));
  mpq_set_ui(num, (unsigned long) hits_in(v, l, perm, c), 1);
  mpq_set_ui(den, (unsigned long) c, 1);
  return RM_OK;
}
static double setap_bound(const rm_variant *v)
{
  (void) v;
  return 1;
}
static const char *rprecm_refuse(const rm_variant *v)
{
  const char *why = no_cutoff(v);
  return why ? why : no_average(v);
}

@ @<Metric codes@>=
RM_SETAP, RM_RPRECM,

@ @<Metric specifications@>=
@/[RM_SETAP] = {"setap", K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), ratio_d, ratio_x,
  setap_bound, no_average, NULL, setap_qratio, setap_dratio},
@/[RM_RPRECM] = {"rprecm", K(KEY_MULT) | K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF),
  ratio_d, ratio_x, setap_bound, rprecm_refuse, NULL, rprecm_qratio, rprecm_dratio},

@ @<Worked examples@>=
@/{"TE-setap", NULL, "setap", RM_G(1, 0, 1, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "1/3", 0x1.5555555555555p-2},
@/{"TE-rprecm-06", NULL, "rprecm[mult=0.6]", RM_G(1, 0, 1, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"TE-rprecm-2", NULL, "rprecm[mult=2]", RM_G(1, 0, 1, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "1/3", 0x1.5555555555555p-2},
@/{"TE-rprecm-04", NULL, "rprecm[mult=0.4]", RM_G(1, 0, 1, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"TE-relp", NULL, "relative_P_2", RM_G(1, 0, 1, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "1/2", 0x1p-1},
@/{"TE-setrelp", NULL, "set_relative_P", RM_G(1, 0, 1, 0), NULL, NULL, RM_G(1),
  NULL, "case", RM_OK, "2/3", 0x1.5555555555555p-1},

@ {\it Binary G.}\here{q:bing}  trec\_eval's \.{binG} (\.{m\_binG.c},
``experimental measure'', 2008) discounts a relevant item not by its rank
but by the nonrelevant items above it: a relevant item with $m$ nonrelevant
items ranked before it gains $1/\lg(2+m)$, and the sum is divided by~$R$,
$${\rm binG}={1\over R}\sum_{r:\,b_r=1}{1\over\lg(2+m_r)},\qquad
  m_r=r-h_r.$$
A run whose relevant items all come first scores $h_n/R$, its recall, and
each nonrelevant item pushes the later hits down as a rank would in DCG.
The metric is \.{bing}; it reads \.{rel}, \.{ties} (not \.{average}) and
\.{undef} (undefined when $R=0$, which trec\_eval reports as~0), and takes
no cutoff.  Its value is a sum of logarithmic terms over an integer, exact
on the path of \secref{q:cg}'s forms: the run $(0,1,0,1)$ with $R=2$ has
$m=1$ and $m=2$, so ${\rm binG}=(1/\lg3+1/\lg4)/2=\ours{TE-bing}$, and the
run $(1,0,0,1,0)$ with a third relevant item unretrieved has
$(1/\lg2+1/\lg4)/3=\oursq{TE-bing-q}$, rational.  The double path adds
$1/\lg(2+m)$ with the compensated sum and divides by~$R$: a logarithm and a
division per term (2~ulps, all terms positive), the sum and the last
division, 4~ulps.  trec\_eval's \.{G}, the same with graded gains and an
ideal, is \.{ngain} (\secref{q:ngain}).
@^binG@>

@<Private functions@>=
static rm_status bing_forms(const rm_variant *v, const rm_list *l,
  const size_t *perm, loglin *num, loglin *den)
{
  size_t r, m = 0;
  rm_status s = RM_OK;
  mpq_t one;
  mpq_init(one); mpq_set_ui(one, 1, 1);
  for (r = 0; r < l->n && s == RM_OK; r++)
    if (relevant(v, l, perm, r)) s = loglin_add(num, one, (unsigned long) (2 + m));
    else m++;
  mpq_set_ui(den->c0, (unsigned long) n_relevant(v, l), 1);
  loglin_normalize(num);
  mpq_clear(one);
  return s;
}
static rm_status bing_x(const rm_variant *v, const rm_list *l, const size_t *perm,
  rm_exact *out)
{
  loglin num, den;
  rm_status s;
  loglin_init(&num, 2); loglin_init(&den, 2);
  s = bing_forms(v, l, perm, &num, &den);
  if (s == RM_OK) s = loglin_is_zero(&den) ? undefined_x(v, out) : exact_of(out, &num, &den);
  loglin_clear(&num); loglin_clear(&den);
  return s;
}
static rm_status bing_d(const rm_variant *v, const rm_list *l, const size_t *perm,
  double *out)
{
  size_t r, m = 0, nrel = n_relevant(v, l);
  nsum s = {0, 0};
  if (nrel == 0) return undefined_d(v, out);
  for (r = 0; r < l->n; r++)
    if (relevant(v, l, perm, r)) nsum_add(&s, 1.0 / log2((double) (2 + m)));
    else m++;
  *out = (s.s + s.c) / (double) nrel;
  return RM_OK;
}
static double bing_bound(const rm_variant *v)
{
  (void) v;
  return 4;
}

@ @<Metric codes@>=
RM_BING,

@ @<Metric specifications@>=
@/[RM_BING] = {"bing", K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), bing_d, bing_x,
  bing_bound, rprecm_refuse, NULL, NULL, NULL, bing_forms},

@ @<Worked examples@>=
@/{"TE-bing", NULL, "bing", RM_G(0, 1, 0, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, NULL, 0x1.21849cc1a9a9fp-1},
@/{"TE-bing-q", NULL, "binG", RM_G(1, 0, 0, 1, 0), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, "1/2", 0x1p-1},

@ {\it Utility.}\here{q:utility}  trec\_eval's \.{utility}
(\.{m\_utility.c}), from the filtering tracks of TREC, scores the retrieved
set as a contingency table: each relevant item retrieved is worth~$a$, each
nonrelevant item retrieved~$b$, each relevant item missed~$c$ and each
nonrelevant item not retrieved~$d$,
$$U=a\,h_n+b\,(n-h_n)+c\,(R-h_n)+d\,(N+h_n-n-R),$$
with $N$ the number of documents in the collection (trec\_eval's option
\.{-N}, default~0).  The defaults are $a=1$, $b=-1$, $c=d=0$, so that
$U=2h_n-n$.  The metric is \.{utility}, with the keys \.{tp}, \.{fp},
\.{fn} and \.{tn} for $a$, $b$, $c$ and~$d$, whole numbers from $-10^6$ to
$10^6$ (defaults 1, $-1$, 0, 0), and \.{docs} for~$N$ (default~0), named
after the cells of the table they weigh; it reads \.{rel} and takes no
cutoff (trec\_eval's \.{-M} cuts the run first).  A value is a whole number,
negative as often as not, and never undefined.  trec\_eval takes
coefficients with fractions too (they are doubles); ours are whole, which
covers the uses of the TREC tracks, such as $a=2$, $b=-1$.  The run
$(1,0,2,0,0)$ with one relevant item missed has $h=2$, $n=5$, $R=3$:
$U=2\cdot2-5=\oursq{TE-utility}$, and with \.{tp=2} it is
$4-3=\oursq{TE-utility-2}$; with \.{fn=-1,tn=1,docs=100} it is
$2-3-1+(100+2-5-3)=\oursq{TE-utility-tn}$.
@^utility@>

@<Fields of a variant@>=
int tp, fp, fn, tn; /* the weights of \.{utility} */
int docs; /* its collection size $N$ */

@ @<Key codes@>=
KEY_TP, KEY_FP, KEY_FN, KEY_TN, KEY_DOCS,

@ @^keys of names, \.{tp}, \.{fp}, \.{fn}, \.{tn}, \.{docs}@>
@<Key specifications@>=
[KEY_TP] = {"tp", NULL, -1000000, 1000000, FIELD(tp), 0, NULL, 5},
[KEY_FP] = {"fp", NULL, -1000000, 1000000, FIELD(fp), 0, NULL, 5},
[KEY_FN] = {"fn", NULL, -1000000, 1000000, FIELD(fn), 0, NULL, 5},
[KEY_TN] = {"tn", NULL, -1000000, 1000000, FIELD(tn), 0, NULL, 5},
[KEY_DOCS] = {"docs", NULL, 0, 2147483647, FIELD(docs), 0, NULL, 5},

@ @<Set the numeric defaults of a variant@>=
v->tp = 1; v->fp = -1; v->fn = 0; v->tn = 0; v->docs = 0;

@ The value in 64-bit integers: each product is below $10^6\cdot2^{32}$,
and their sum below $2^{63}$; it is a ratio over~1 for the two paths, and
exact in a double while below $2^{53}$ in magnitude.

@<Private functions@>=
static long long utility_of(const rm_variant *v, const rm_list *l,
  const size_t *perm)
{
  long long h = (long long) hits_in(v, l, perm, l->n), n = (long long) l->n,
    r = (long long) n_relevant(v, l);
  return v->tp * h + v->fp * (n - h) + v->fn * (r - h) + v->tn * (v->docs + h - n - r);
}
static rm_status utility_dratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, double *num, double *den)
{
  *num = (double) utility_of(v, l, perm); *den = 1;
  return RM_OK;
}
static rm_status utility_qratio(const rm_variant *v, const rm_list *l,
  const size_t *perm, mpq_t num, mpq_t den)
{
  long long u = utility_of(v, l, perm);
  mpz_set_si(mpq_numref(num), (long) u); mpz_set_ui(mpq_denref(num), 1);
  mpq_set_ui(den, 1, 1);
  return RM_OK;
}

@ @<Metric codes@>=
RM_UTILITY,

@ @<Metric specifications@>=
@/[RM_UTILITY] = {"utility", K(KEY_TP) | K(KEY_FP) | K(KEY_FN) | K(KEY_TN) | K(KEY_DOCS)
  | K(KEY_REL), ratio_d, ratio_x, count_bound, no_cutoff, NULL, utility_qratio,
  utility_dratio},

@ @<Worked examples@>=
@/{"TE-utility", NULL, "utility", RM_G(1, 0, 2, 0, 0), NULL, NULL, RM_G(1), NULL,
  "case", RM_OK, "-1", -0x1p+0},
@/{"TE-utility-2", NULL, "utility[tp=2]", RM_G(1, 0, 2, 0, 0), NULL, NULL, RM_G(1), NULL,
  "case", RM_OK, "1", 0x1p+0},
@/{"TE-utility-tn", NULL, "utility[fn=-1,tn=1,docs=100]", RM_G(1, 0, 2, 0, 0), NULL,
  NULL, RM_G(1), NULL, "case", RM_OK, "92", 0x1.7p+6},

@ {\it Normalized gain.}\here{q:ngain}  trec\_eval's \.{G} (\.{m\_G.c},
``experimental measure'', 2008) is \.{binG} with graded gains and a
discount that compares the run with the ideal ranking.  Let the gain of a
grade $g$ be $\gamma(g)=g$ when $g>0$ and $0$ otherwise, let
$I_1\ge I_2\ge\cdots$ be the positive gains of all judged items of the
query in decreasing order ($I_j=0$ past them), and let
$$C_r=\sum_{j\le r}\max(I_j,1),\qquad S_r=\sum_{j\le r}\gamma(g_j)$$
be the cost of the ideal prefix (each rank costs at least~1) and the gain
the run has gathered down to rank~$r$.  Then
$${\rm G}={1\over\sum_j I_j}\sum_{r:\,\gamma(g_r)>0}
  {\gamma(g_r)\over\lg(2+C_r-S_r)}.$$
An item is discounted by how far the run lags the ideal when it arrives,
not by its rank: an item whose predecessors gathered all the gain they
could is worth its full gain.  The retrieved positive gains are some of
the $I_j$, so $S_r\le\sum_{j\le r}I_j\le C_r$ and every argument is at
least~2; with binary grades $C_r=r$ for $r\le R$ and $C_r-S_r$ is the
number of nonrelevant items above rank~$r$ (for $r>R$ the costs of~1
keep it so), which is \.{binG}.  A run in the ideal order scores~1.
The metric is \.{ngain}; it reads \.{ties} and \.{undef} (undefined when
no judged item has a positive grade, which trec\_eval reports as~0); the
threshold \.{rel} has no part in it, and it takes no cutoff.

trec\_eval computes the same sum in three loops (while the ideal gain is
positive, past it, and over the ideal alone), in doubles; the sums $C_r$
and $S_r$ are whole numbers, so its only rounding is in the logarithms and
the sum.  It takes the gain of grade~$g$ from its gain table (by default
$g$, from \.{-m G.1=3.5,2=9}), and an item whose grade is not in the
table, unjudged or negative, gains~0, as here.
The retrieved grades $(1,2,0)$, with no other judged item, have $I=(2,1)$,
$C=(2,3,4)$ and $S=(1,3,3)$: ${\rm G}=(1/\lg3+2/\lg2)/3=\ours{TE-ngain}$;
the grades $(0,2)$ with a second item of grade~2 unretrieved have
$C_2=4$, $S_2=2$ and ${\rm G}=(2/\lg4)/4=\oursq{TE-ngain-q}$.  The exact
path builds the sum as a form of \secref{q:cg}, over a whole number; the
double path adds the terms with the compensated sum and divides, 4~ulps as
for \.{binG}.
@^G (trec\_eval)@>

@<Private functions@>=
static int grade_desc(const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x < y) - (x > y);
}
static rm_status ngain_ideal(const rm_list *l, int **ideal, size_t *m,
  unsigned long long *total)
{
  size_t i, k = 0;
  int *t = malloc((l->n + l->n_unretrieved + 1) * sizeof *t);
  if (t == NULL) return RM_ENOMEM;
  *total = 0;
  for (i = 0; i < l->n; i++)
    if (l->grade[i] > 0) t[k++] = l->grade[i];
  for (i = 0; i < l->n_unretrieved; i++)
    if (l->unretrieved_grade[i] > 0) t[k++] = l->unretrieved_grade[i];
  if (k > 1) qsort(t, k, sizeof *t, grade_desc);
  for (i = 0; i < k; i++) *total += (unsigned long long) t[i];
  *ideal = t; *m = k;
  return RM_OK;
}
static rm_status ngain_forms(const rm_variant *v, const rm_list *l,
  const size_t *perm, loglin *num, loglin *den)
{
  size_t r, m;
  int *ideal;
  unsigned long long c = 0, s = 0, tot;
  rm_status st = ngain_ideal(l, &ideal, &m, &tot);
  mpq_t g;
  (void) v;
  if (st != RM_OK) return st;
  mpq_init(g);
  for (r = 0; r < l->n && st == RM_OK; r++) {
    int x = l->grade[perm[r]];
    c += r < m && ideal[r] > 1 ? (unsigned long long) ideal[r] : 1;
    if (x <= 0) continue;
    s += (unsigned long long) x;
    mpq_set_ui(g, (unsigned long) x, 1);
    st = loglin_add(num, g, (unsigned long) (2 + c - s));
  }
  mpq_set_ui(g, (unsigned long) tot, 1);
  mpq_set(den->c0, g);
  loglin_normalize(num);
  mpq_clear(g); free(ideal);
  return st;
}
static rm_status ngain_x(const rm_variant *v, const rm_list *l, const size_t *perm,
  rm_exact *out)
{
  loglin num, den;
  rm_status s;
  loglin_init(&num, 2); loglin_init(&den, 2);
  s = ngain_forms(v, l, perm, &num, &den);
  if (s == RM_OK) s = loglin_is_zero(&den) ? undefined_x(v, out) : exact_of(out, &num, &den);
  loglin_clear(&num); loglin_clear(&den);
  return s;
}
static rm_status ngain_d(const rm_variant *v, const rm_list *l, const size_t *perm,
  double *out)
{
  size_t r, m;
  int *ideal;
  unsigned long long c = 0, s = 0, tot;
  nsum sum = {0, 0};
  rm_status st = ngain_ideal(l, &ideal, &m, &tot);
  if (st != RM_OK) return st;
  for (r = 0; r < l->n; r++) {
    int x = l->grade[perm[r]];
    c += r < m && ideal[r] > 1 ? (unsigned long long) ideal[r] : 1;
    if (x <= 0) continue;
    s += (unsigned long long) x;
    nsum_add(&sum, (double) x / log2((double) (2 + c - s)));
  }
  free(ideal);
  if (tot == 0) return undefined_d(v, out);
  *out = (sum.s + sum.c) / (double) tot;
  return RM_OK;
}

@ @<Metric codes@>=
RM_NGAIN,

@ @<Metric specifications@>=
@/[RM_NGAIN] = {"ngain", K(KEY_TIES) | K(KEY_UNDEF), ngain_d, ngain_x,
  bing_bound, rprecm_refuse, NULL, NULL, NULL, ngain_forms},

@ @<Worked examples@>=
@/{"TE-ngain", NULL, "ngain", RM_G(1, 2, 0), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, NULL, 0x1.c103132bc6714p-1},
@/{"TE-ngain-q", NULL, "G", RM_G(0, 2), NULL, NULL, RM_G(2), NULL, "case",
  RM_OK, "1/4", 0x1p-2},

@ {\it nDCG over the relevant items.}\here{q:ndcgrel}  trec\_eval's
\.{ndcg\_rel} (\.{m\_ndcg\_rel.c}, ``experimental measure'') averages nDCG
at the ranks of the items of positive gain, one point per such item of the
judgments.  With the gains $\gamma$ and ideal gains $I_1\ge\cdots\ge I_M>0$
of \secref{q:ngain}, ${\rm DCG}_r=\sum_{j\le r}\gamma(g_j)/\lg(j+1)$ and
${\rm IDCG}_k=\sum_{j\le\min(k,M)}I_j/\lg(j+1)$,
$${\rm ndcg\_rel}={1\over M}\biggl(\sum_{r\le n:\,\gamma(g_r)>0}
  {{\rm DCG}_r\over{\rm IDCG}_r}+(M-h)\,{{\rm DCG}_n\over{\rm IDCG}_M}\biggr),$$
$h$ the number of retrieved items of positive gain: an item of the
judgments that was not retrieved scores the nDCG of the whole run.  The
ideal DCG stops growing at~$M$, so past rank~$M$ every point is the nDCG
at that rank, as in \.{ndcg}.  The metric is \.{ndcg-rel}; it reads
\.{ties} and \.{undef} (undefined when $M=0$, where trec\_eval's last
step divides $0$ by~$0$ and leaves its value at~0), no \.{rel} and no
cutoff.  trec\_eval computes the same in doubles, in the three loops of
\.{G}; it adds the points in rank order and divides once.

The grades $(0,1)$ with a second item of grade~1 unretrieved have $M=2$,
${\rm DCG}_2=1/\lg3$, ${\rm IDCG}_2=1+1/\lg3$; both points are
${\rm DCG}_2/{\rm IDCG}_2=1/(\lg3+1)=1/\lg6$, so ${\rm ndcg\_rel}=1/\lg6=
\ours{TE-ndcgrel}$; the ideal run $(1,1)$ has two points of~1, and
${\rm ndcg\_rel}=\oursq{TE-ndcgrel-q}$.  The value is a weighted sum of
quotients of forms of \secref{q:cg}, so the exact path encloses it as a
mean of nDCGs (the |aggregate| of the part on aggregation), and a mean over
queries adds each query's quotients to one such sum.  The double path
keeps both DCGs with the compensated sum and adds the points with it too:
the nDCG bound of \.{ndcg} for each point, one ulp for the weight, one for
the sum and one for the division, 12~ulps.
@^ndcg\_rel@>

@<Private functions@>=
static void loglin_copy(loglin *d, const loglin *s)
{
  size_t j;
  loglin_init(d, s->base);
  mpq_set(d->c0, s->c0);
  if (s->n == 0) return;
  d->t = malloc(s->n * sizeof *d->t);
  if (d->t == NULL) return; /* the caller sees |d->n == 0 < s->n| */
  for (j = 0; j < s->n; j++) {
    d->t[j].root = s->t[j].root;
    mpq_init(d->t[j].c); mpq_set(d->t[j].c, s->t[j].c);
  }
  d->n = d->cap = s->n;
}
static rm_status agg_push(aggregate *g, const mpq_t c, const loglin *num,
  const loglin *den)
{
  loglin a, b;
  mpq_t x;
  loglin_copy(&a, num); loglin_copy(&b, den);
  if (a.n < num->n || b.n < den->n) {
    loglin_clear(&a); loglin_clear(&b);
    return RM_ENOMEM;
  }
  loglin_normalize(&a); loglin_normalize(&b);
  mpq_init(x);
  if (loglin_ratio(x, &a, &b)) {
    mpq_mul(x, x, c); mpq_add(g->q, g->q, x);
    loglin_clear(&a); loglin_clear(&b);
  } else {
    if (g->n == g->cap) {
      size_t cap = g->cap ? 2 * g->cap : 8;
      agg_term *t = realloc(g->t, cap * sizeof *t);
      if (t == NULL) { loglin_clear(&a); loglin_clear(&b); mpq_clear(x); return RM_ENOMEM; }
      g->t = t; g->cap = cap;
    }
    mpq_init(g->t[g->n].c); mpq_set(g->t[g->n].c, c);
    g->t[g->n].num = a; g->t[g->n].den = b;
    g->n++;
  }
  mpq_clear(x);
  return RM_OK;
}

@ |ndcgrel_terms| adds $w$ times the value of one query to the sum |g|, or
sets |*undefined| and adds nothing.

@<Private functions@>=
static rm_status ndcgrel_terms(const rm_variant *v, const rm_list *l,
  const size_t *perm, const mpq_t w, aggregate *g, int *undefined)
{
  size_t r, M, h = 0;
  int *ideal;
  unsigned long long tot;
  loglin dcg, idcg;
  mpq_t c, x;
  rm_status s = ngain_ideal(l, &ideal, &M, &tot);
  (void) v;
  *undefined = 0;
  if (s != RM_OK) return s;
  if (M == 0) { free(ideal); *undefined = 1; return RM_OK; }
  loglin_init(&dcg, 2); loglin_init(&idcg, 2);
  mpq_inits(c, x, NULL);
  mpq_set_ui(c, 1, (unsigned long) M); mpq_mul(c, c, w);
  for (r = 1; r <= l->n || r <= M; r++) {
    int y = r <= l->n ? l->grade[perm[r - 1]] : 0;
    if (r <= M) {
      mpq_set_ui(x, (unsigned long) ideal[r - 1], 1);
      if ((s = loglin_add(&idcg, x, (unsigned long) (r + 1))) != RM_OK) break;
    }
    if (y <= 0) continue;
    mpq_set_ui(x, (unsigned long) y, 1);
    if ((s = loglin_add(&dcg, x, (unsigned long) (r + 1))) != RM_OK) break;
    if ((s = agg_push(g, c, &dcg, &idcg)) != RM_OK) break;
    h++;
  }
  if (s == RM_OK && h < M) {
    mpq_set_ui(x, (unsigned long) (M - h), 1); mpq_mul(c, c, x);
    s = agg_push(g, c, &dcg, &idcg);
  }
  mpq_clears(c, x, NULL);
  loglin_clear(&dcg); loglin_clear(&idcg); free(ideal);
  return s;
}
static rm_status ndcgrel_x(const rm_variant *v, const rm_list *l, const size_t *perm,
  rm_exact *out)
{
  aggregate g;
  mpq_t w;
  int undefined;
  rm_status s;
  mpq_init(g.q); g.n = g.cap = 0; g.t = NULL; g.nr = g.capr = 0; g.r = NULL;
  mpq_init(w); mpq_set_ui(w, 1, 1);
  s = ndcgrel_terms(v, l, perm, w, &g, &undefined);
  if (s == RM_OK) s = undefined ? undefined_x(v, out)
    : g.n == 0 ? exact_from_q(out, g.q) : ziv(out, enclose_aggregate, &g);
  mpq_clear(w); agg_clear(&g);
  return s;
}
static rm_status ndcgrel_d(const rm_variant *v, const rm_list *l, const size_t *perm,
  double *out)
{
  size_t r, M, h = 0;
  int *ideal;
  unsigned long long tot;
  nsum dcg = {0, 0}, idcg = {0, 0}, sum = {0, 0};
  rm_status s = ngain_ideal(l, &ideal, &M, &tot);
  if (s != RM_OK) return s;
  if (M == 0) { free(ideal); return undefined_d(v, out); }
  for (r = 1; r <= l->n || r <= M; r++) {
    int y = r <= l->n ? l->grade[perm[r - 1]] : 0;
    if (r <= M) nsum_add(&idcg, ideal[r - 1] / log2((double) (r + 1)));
    if (y <= 0) continue;
    nsum_add(&dcg, y / log2((double) (r + 1)));
    nsum_add(&sum, (dcg.s + dcg.c) / (idcg.s + idcg.c));
    h++;
  }
  nsum_add(&sum, (double) (M - h) * ((dcg.s + dcg.c) / (idcg.s + idcg.c)));
  free(ideal);
  *out = (sum.s + sum.c) / (double) M;
  return RM_OK;
}
static double ndcgrel_bound(const rm_variant *v)
{
  (void) v;
  return 12;
}

@ @<Metric codes@>=
RM_NDCG_REL,

@ @<Metric specifications@>=
@/[RM_NDCG_REL] = {"ndcg-rel", K(KEY_TIES) | K(KEY_UNDEF), ndcgrel_d, ndcgrel_x,
  ndcgrel_bound, rprecm_refuse, NULL, NULL, NULL, NULL},

@ @<Worked examples@>=
@/{"TE-ndcgrel", NULL, "ndcg-rel", RM_G(0, 1), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, NULL, 0x1.8c23246dc0a9fp-2},
@/{"TE-ndcgrel-q", NULL, "ndcg_rel", RM_G(1, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "1", 0x1p+0},

@ {\it nDCG at the changes of the ideal gain.}\here{q:rndcg}  trec\_eval's
\.{Rndcg} (\.{m\_Rndcg.c}, ``experimental measure'') averages nDCG at the
ranks where the ideal ranking passes from one gain to a lower one: with the
ideal gains $I_1\ge\cdots\ge I_M>0$ of \secref{q:ngain}, the points are the
ranks $k<M$ with $I_{k+1}<I_k$, the rank~$M$, and the length~$n$ of the run
when $n>M+1$,
$${\rm Rndcg}={1\over|P|}\sum_{k\in P}
  {{\rm DCG}_{\min(k,n)}\over{\rm IDCG}_{\min(k,M)}},$$
with the DCGs of \secref{q:ndcgrel}.  trec\_eval's description says the last
point is ``at num\_retrieved''; its code takes it only when the run is at
least two items longer than~$M$ (at $n=M+1$ the loop that would add it
has already ended), and we follow the code.  The metric is \.{rndcg}; it
reads \.{ties}, \.{undef} and \.{rel}: the value is undefined when no item
has a grade of at least \.{rel} (trec\_eval's \.{-l}; it reports~0) or
none has a positive grade.  Worked by hand: the grades $(0,2,1)$ with an
item of grade~1 unretrieved have $I=(2,1,1)$, $M=3=n$, points $\{1,3\}$:
${\rm DCG}_1/{\rm IDCG}_1=0$ and ${\rm DCG}_3/{\rm IDCG}_3=(2/\lg3+1/2)/
(2+1/\lg3+1/2)$, and ${\rm Rndcg}=\ours{TE-rndcg}$; the ideal run $(2,1)$
has points $\{1,2\}$ and ${\rm Rndcg}=\oursq{TE-rndcg-q}$.  Both paths are
those of \.{ndcg-rel}: a mean of quotients of forms, enclosed on the exact
path, 12~ulps on the double path.
@^Rndcg@>

@<Private functions@>=
static rm_status rndcg_terms(const rm_variant *v, const rm_list *l,
  const size_t *perm, const mpq_t w, aggregate *g, int *undefined)
{
  size_t r, M, P = 0;
  int *ideal;
  unsigned long long tot;
  loglin dcg, idcg;
  mpq_t c, x;
  rm_status s = ngain_ideal(l, &ideal, &M, &tot);
  *undefined = 0;
  if (s != RM_OK) return s;
  if (M == 0 || n_relevant(v, l) == 0) { free(ideal); *undefined = 1; return RM_OK; }
  for (r = 1; r <= M; r++) P += r == M || ideal[r] != ideal[r - 1];
  P += l->n > M + 1;
  loglin_init(&dcg, 2); loglin_init(&idcg, 2);
  mpq_inits(c, x, NULL);
  mpq_set_ui(c, 1, (unsigned long) P); mpq_mul(c, c, w);
  for (r = 1; r <= l->n || r <= M; r++) {
    int y = r <= l->n ? l->grade[perm[r - 1]] : 0;
    if (r <= M) {
      mpq_set_ui(x, (unsigned long) ideal[r - 1], 1);
      if ((s = loglin_add(&idcg, x, (unsigned long) (r + 1))) != RM_OK) break;
    }
    if (y > 0) {
      mpq_set_ui(x, (unsigned long) y, 1);
      if ((s = loglin_add(&dcg, x, (unsigned long) (r + 1))) != RM_OK) break;
    }
    if (r <= M && (r == M || ideal[r] != ideal[r - 1])
        && (s = agg_push(g, c, &dcg, &idcg)) != RM_OK) break;
  }
  if (s == RM_OK && l->n > M + 1) s = agg_push(g, c, &dcg, &idcg);
  mpq_clears(c, x, NULL);
  loglin_clear(&dcg); loglin_clear(&idcg); free(ideal);
  return s;
}
static rm_status rndcg_x(const rm_variant *v, const rm_list *l, const size_t *perm,
  rm_exact *out)
{
  aggregate g;
  mpq_t w;
  int undefined;
  rm_status s;
  mpq_init(g.q); g.n = g.cap = 0; g.t = NULL; g.nr = g.capr = 0; g.r = NULL;
  mpq_init(w); mpq_set_ui(w, 1, 1);
  s = rndcg_terms(v, l, perm, w, &g, &undefined);
  if (s == RM_OK) s = undefined ? undefined_x(v, out)
    : g.n == 0 ? exact_from_q(out, g.q) : ziv(out, enclose_aggregate, &g);
  mpq_clear(w); agg_clear(&g);
  return s;
}
static rm_status rndcg_d(const rm_variant *v, const rm_list *l, const size_t *perm,
  double *out)
{
  size_t r, M, P = 0;
  int *ideal;
  unsigned long long tot;
  nsum dcg = {0, 0}, idcg = {0, 0}, sum = {0, 0};
  rm_status s = ngain_ideal(l, &ideal, &M, &tot);
  if (s != RM_OK) return s;
  if (M == 0 || n_relevant(v, l) == 0) { free(ideal); return undefined_d(v, out); }
  for (r = 1; r <= l->n || r <= M; r++) {
    int y = r <= l->n ? l->grade[perm[r - 1]] : 0;
    if (r <= M) nsum_add(&idcg, ideal[r - 1] / log2((double) (r + 1)));
    if (y > 0) nsum_add(&dcg, y / log2((double) (r + 1)));
    if (r <= M && (r == M || ideal[r] != ideal[r - 1])) {
      nsum_add(&sum, (dcg.s + dcg.c) / (idcg.s + idcg.c)); P++;
    }
  }
  if (l->n > M + 1) { nsum_add(&sum, (dcg.s + dcg.c) / (idcg.s + idcg.c)); P++; }
  free(ideal);
  *out = (sum.s + sum.c) / (double) P;
  return RM_OK;
}

@ @<Metric codes@>=
RM_RNDCG,

@ @<Metric specifications@>=
@/[RM_RNDCG] = {"rndcg", K(KEY_REL) | K(KEY_TIES) | K(KEY_UNDEF), rndcg_d, rndcg_x,
  ndcgrel_bound, rprecm_refuse, NULL, NULL, NULL, NULL},

@ @<Worked examples@>=
@/{"TE-rndcg", NULL, "rndcg", RM_G(0, 2, 1), NULL, NULL, RM_G(1), NULL, "case",
  RM_OK, NULL, 0x1.201dc96d3384ep-2},
@/{"TE-rndcg-q", NULL, "Rndcg", RM_G(2, 1), NULL, NULL, RM_NONE, NULL, "case",
  RM_OK, "1", 0x1p+0},

@ {\it How this chapter was checked against trec\_eval.}  We built
trec\_eval~10.0 (commit f4253652) outside the project and ran it with
\.{-q} and the measures \.{num\_q}, \.{num\_ret}, \.{num\_rel},
\.{num\_rel\_ret}, \.{gm\_map}, \.{11pt\_avg}, \.{iprec\_at\_recall} (its
eleven levels), \.{relative\_P} (its nine cutoffs), \.{set\_relative\_P},
\.{set\_map}, \.{Rprec\_mult} (its ten multipliers), \.{binG} and
\.{utility} (its default coefficients) on 300
random files of judgments and runs: one to six queries, lists of 1 to 60
documents, ties of scores, grades from $-1$ to~3, relevance levels
\.{-l}~1 and~2.  \.{rankmetrics eval} with the names of this chapter (and
\.{rel=2} for \.{-l}~2) printed the same 50\,342 values, per query and
over all, each within trec\_eval's four decimals.  (Three earlier files
whose query had only the grade $-1$ made trec\_eval stop with ``Can't
calculate measure''; that is a matter of trec\_eval's reading of
judgments, not of these measures.)  \.{G}, \.{ndcg\_rel} and
\.{Rndcg} were compared the same way, through \.{rankmetrics trec\_eval -q},
on 200 random files (up to four queries, grades $-1$ to~3, ties of scores),
alone and with \.{-c} and \.{-l}~2: every line was trec\_eval's, save one
file whose only judgment is $-1$, where trec\_eval stops.  The project's tests never run
trec\_eval: \.{tests/check\_trec.c} derives its values by hand and by
oracles of its own.

@ The golden vectors of this chapter are two families of their own, so that
the families before it keep their contents: \.{trec} for the metrics of one
query (with the worked examples above whose labels begin \.{TE-}), and
\.{trec\_aggregates} for the sums and geometric means over queries, written
as the family \.{aggregates} is (\secref{q:agg}), with the examples over
queries labelled \.{TE-}.  For the same reason the family
\.{disagreements} leaves out the metrics of this chapter and the pairs that
differ in \.{level}: the search of \secref{disagree} still finds them (its
smallest witness of \.{ap11} against \.{ap11[level=round]} is the 8/11 of
\secref{q:iprec}, on grades $(1,1)$ at cutoff~1), and the family \.{trec}
holds the witnesses that tell those variants apart.

@<Vector variant lists@>=
static const char *const trec_variants[] = {"nq", "nret", "nrel", "nrel[rel=2]",
  "nrelret", "nrelret[rel=3]", "iprec[at=0]", "iprec[at=0.5]",
  "iprec[at=0.3,level=round,ties=id-desc]", "iprec[at=1,level=round]",
  "iprec@@5[at=0.2]", "iprec[at=0.7,level=round,rel=2]", "iprec[at=1/3,undef=one]",
  "iprec@@10[at=0.6,level=round,ties=pessimistic]", "ap11[level=round]",
  "ap11[level=round,ties=id-desc]", "ap11@@5[level=round]",
  "ap11[level=round,rel=2,undef=one]", "setap", "setap@@5[ties=id-desc]",
  "setap[rel=2,undef=one]", "rprecm[mult=0.2]", "rprecm[mult=0.4,ties=id-desc]",
  "rprecm[mult=2,rel=2]", "rprecm[mult=1/3,undef=one]", "bing", "bing[ties=id-desc]",
  "bing[rel=2,undef=one]", "utility", "utility[tp=2]", "utility[fn=-1,rel=2]",
  "utility[tn=1,docs=1000]", "ngain", "ngain[ties=id-desc]", "ngain[undef=one]",
  "ndcg-rel", "ndcg-rel[ties=id-desc]", "ndcg-rel[undef=one]",
  "rndcg", "rndcg[ties=id-desc]", "rndcg[rel=2,undef=one]", NULL};
static const char *const trec_set_variants[] = {"gm:ap", "gm[skip=norel]:ap",
  "gm:ap[ties=id-desc]", "gm:ndcg@@10", "gm:rr", "gm[skip=undef]:rprec",
  "gm:precision@@5", "sum:nq", "sum:nret", "sum:nrel", "sum:nrelret",
  "sum:nrelret[rel=2]", "mean:ap11[level=round]",
  "mean:iprec[at=0.5,level=round]", NULL};

@ @<Vector families@>=
{"trec", "trec_eval's measures of one query: nq, nret, nrel, nrelret, iprec,"
  " ap11[level=round], setap, rprecm, bing, utility, ngain, ndcg-rel, rndcg", 1ULL << RM_NQ | 1ULL << RM_NRET | 1ULL << RM_NREL
  | 1ULL << RM_NRELRET | 1ULL << RM_IPREC | 1ULL << RM_SETAP | 1ULL << RM_RPRECM
  | 1ULL << RM_BING | 1ULL << RM_UTILITY | 1ULL << RM_NGAIN
  | 1ULL << RM_NDCG_REL | 1ULL << RM_RNDCG, trec_variants},
{"trec_aggregates", "trec_eval's sums and geometric means over queries", 0,
  trec_set_variants},

@** Where the definitions disagree.
\here{disagree}\input disagree
Five sources and a dozen libraries use one name for several numbers.  The
question every team asks sooner or later, ``why does our HR@@10 not match
the paper's?'', has an answer that can be {\it computed}: for two variants of
one metric there is a smallest input on which they give different numbers,
or there is none among the inputs we can enumerate.  The tool's subcommand
\.{disagree} finds it.  For every metric name it compares pairs of
variants, searches all small inputs in order of size for the first one on
which the two exact values differ, and measures on random populations how
often and by how much they differ.  The full tables, two rows for each of
the \dispairs\ pairs, are in the appendix ``The tables of disagreement''
near the end of the book (\secref{distables}); they are written by the tool when the book is
built (the file \.{doc/disagree.tex}, read here), and so are the counts and
the summary this part prints.
@^disagreements@>@^witness@>

@ {\it The splits that matter, in brief.}\here{dis:summary}  Most of the
pairs split somewhere; a few split {\it often}, between sources or
libraries that a reader is likely to compare.  They are these.
\smallskip
\item{$\bullet$} {\it Hit ratio}: the fraction of users with a hit
(\.{hit=any}, \src{001}) against pooled recall (\.{hit=recall}, \src{000}).
\item{$\bullet$} {\it Reciprocal rank}: the first hit's (\.{hits=first},
trec\_eval, ranx, RecBole) against the mean over every relevant position
(\.{hits=mean}, the ``MRR'' of \src{002} and Microsoft Recommenders'
\.{mrr\_score}).
\item{$\bullet$} {\it Average precision's denominator}: the relevant items
(\.{norm=rel}: trec\_eval, \src{000}, \src{002}, \src{004}) against the hits
within the cutoff (\.{norm=hits}: \src{001}, torchmetrics).
\item{$\bullet$} {\it nDCG's ideal}: every judged item (\.{ideal=judged},
trec\_eval, ranx, RecBole) against the retrieved list sorted
(\.{ideal=list}, scikit-learn, torchmetrics, TF-Ranking); and {\it its gain}: linear (trec\_eval, scikit-learn) against
$2^g-1$ (\.{gain=exp2}, Burges et~al., \src{002}, \src{003}).
\item{$\bullet$} {\it nDCG's ties}: trec\_eval's order by descending
identifier (\.{ties=id-desc}) against scikit-learn's mean over the orders of
the tied items (\.{ties=average}).
\item{$\bullet$} {\it AUC's ties}: the input order against mid-ranks
(\.{ties=average}, scikit-learn and the rank-sum formula).
\item{$\bullet$} {\it Precision's denominator}: the cutoff $K$
(\.{denom=k}, trec\_eval's P@@K) against the length of the list within it
(\.{denom=list}: LensKit, TF-Ranking, torchmetrics with
\.{adaptive\_k}), which differ only when the list is shorter than~$K$.
\item{$\bullet$} {\it GAUC's weights}: the plain mean of the groups' AUCs
(\src{002}) against the mean weighted by impressions (\src{003}).
\smallskip
\noindent For each, the table below gives the smallest witness (its grades
and cutoff over its scores, as in the full tables), the two values on it,
and the split rate: the share of \dispop\ random queries of a realistic
shape on which the two values differ, with its 95\% interval, drawn as a
bar (half a point per percent, the interval as a thin line across it, a
tick at~100\%).  A rate near~100\% means that a comparison of the two numbers is
almost never a comparison of one quantity; a rate of a few percent means
that the split lives in a corner (a short list, a tie) that a test suite
must visit on purpose.  Every number here is read from the same run of the
tool as the full tables.
@^trec\_eval@>@^scikit-learn@>@^RecBole@>@^ranx@>@^torchmetrics@>@^LensKit@>
@^TensorFlow Ranking@>@^Microsoft Recommenders@>@^GAUC, the split of its weights@>

\def\dissum#1#2#3#4#5#6#7#8#9{\.{#1}&\distt #2&\distt #4&#6&#8\%&
  \disbar#8/#9\end\cr
  &\distt #3&\distt #5&#7&#9&\cr\noalign{\smallskip}}
% The bar: the rate in gray, half a point per percent, with its 95% interval
% as a thin black line across it and a tick at 100%.
\def\disbar#1/#2--#3\end{\hbox to 50pt{\dimen0=#1pt \dimen2=#2pt \dimen4=#3pt
  \pdfliteral{0.6 g}\vrule height6pt depth-1pt width.5\dimen0 \pdfliteral{0 g}%
  \kern-.5\dimen0
  \kern.5\dimen2 \dimen4=.5\dimen4 \advance\dimen4 by-.5\dimen2
  \vrule height3.9pt depth-3.1pt width\dimen4 \hss
  \vrule height7pt depth0pt width.2pt}}
$$\vbox{\eightrm\baselineskip9.5pt\tabskip0pt
\halign{#\hfil\quad&#\hfil\quad&#\hfil\quad&#\hfil\quad&\hfil#\quad&#\hfil\cr
metric&variants&smallest witness&values&split, \%&0\hskip40pt 100\cr
\noalign{\smallskip}
\dissummary}}$$

@ {\it Which pairs.}  A metric's variants are its default and the variants
that change {\it one\/} word-valued key of the default (\.{hits=mean} for
\.{rr}, \.{ties=average} for \.{auc}, \.{undef=one} for any metric with an
undefined case); the pairs are every two of them that differ in one key:
the default against each other word, then any two other words of a key
(\.{ties=id-desc}, trec\_eval's, against \.{ties=average},
scikit-learn's: on two tied items with grades 0,~1 and identifiers \.{b},
\.{c}, trec\_eval ranks \.{c} first and its nDCG is~1, while the mean over
both orders is $(1+1/\lg3)/2$).  The tool learns the keys and their words from
the library's tables (|rm_metric_keys|, |rm_key_words|), as \.{verify}
does, so it knows no key the parser does not.  Among these pairs are the splits the sources themselves name: the four readings of the hit ratio (\.{hit=any}, \.{recall},
\.{precision}, \.{rows}), the three reciprocal ranks (\.{hits=first},
\.{sum}, \.{mean}), the three normalisers of average precision
(\.{norm=rel}, \.{min}, \.{hits}), the four ideal rankings of nDCG
(\.{ideal=judged}, \.{list}, \.{topk}, \.{ones}) and its two gains, and the
AUC of mid-ranks against the two orders that break ties badly
(\.{ties=average} against \.{reverse} and \.{pessimistic}).  A pair is
compared with the same cutoff on both sides.  (Two names given on the
command line are a pair of their own, and keep their own cutoffs: see
``any two variants'' below.)
@^trec\_eval@>@^scikit-learn@>

@ {\it The search space, in order of size.}  An input is a list of $n$
retrieved items, $1\le n\le L$ (the length bound, 5 by default), with
grades $0$, $1$ or~$2$; without scores (the input order is the ranking) or,
for $n\ge2$, with scores $0$ or~$1$, so that ties occur; with no cutoff or a
cutoff $K=1$, \dots,~$n+1$ (for metrics that take one: the last is one beyond
the list, where a metric that divides by~$K$ and one that divides by the
length of the list part, as \.{precision[denom=k]} and \.{denom=list} do);
and with no judged
item outside the list, or one of grade~1.  Items carry the identifiers
\.{b}, \.{c}, \.{a}, \.{e}, \.{f}, \.{d}, \dots\ in input order, so that from
$n=3$ on neither identifier tie rule is the input order.  The size of an input is the number of items it judges,
retrieved or not, $s=n+u$ with $u\in\{0,1\}$ the unretrieved items.  The
inputs are visited by increasing $s$; for equal $s$ the one without an
unretrieved item first; then without scores before with scores; then by
cutoff, none first; then by grades in lexicographic order, then by scores
in lexicographic order.  The first input on which the two variants' exact
values differ is the pair's {\it smallest witness}.  The same pass finds
the smallest witness with binary grades (grades 0 and~1 only; the order
restricted to them is the same order), which tells whether a split needs
graded labels.

The space has $18+\sum_{2\le n\le L}2\cdot(n+2)\cdot3^n(1+2^n)$ inputs for a
metric with a cutoff; each step of $L$ multiplies it by about~7:
$L=4$ gives \disspacefour\ inputs, $L=5$ gives \disspacefive, $L=6$ gives \disspacesix.  A
pair that has a witness stops at it, mostly within the first few hundred
inputs; only the pairs that agree walk the whole space, once for all of
them together, so the cost of a run is that of the agreeing pairs.  The
default $L=5$ keeps \.{rankmetrics disagree all} (\dispairs\ pairs under
\disnames\ names, GAUC's sets among them) well under a minute on one core
(13 seconds before the cutoff one beyond the list joined the space, which
made it a sixth larger); $L=4$ takes a seventh of that and $L=6$ seven
times as much.
@^search space@>

@ {\it Deciding a difference.}  There is no tolerance.  Two results differ
if the double path's values are further apart, in ulps, than the sum of
the two variants' proven bounds (|rm_ulp_bound|): then the exact values
differ for certain.  Otherwise both are computed on the exact path, and
they differ if their correctly rounded doubles differ, or their 40-digit
decimals differ, or both are fractions and the fractions differ.  Equal
fractions (in lowest terms, so equal strings) are equal.  Two irrational
values, or a fraction and an irrational value, that agree in the double and
in 40 digits are equal when their definitions are one expression on the
input (see |dis_same_definition| for the three cases); otherwise they are
{\it not\/} proved equal: the tool says ``agree to 40 digits'' for them and
counts them apart.  A result that is an error (under
\.{undef=error}) differs from any number and equals another error.  When
no input of the space is a witness, the tool says the pair agrees on all
inputs up to length~$L$, and how many inputs that was; that is a statement
about the space searched, never a proof beyond it.
@^exact comparison@>

@ {\it Where they agree.}  Some pairs agree on a described part of the
space.  Average precision normalised by the number of relevant items
equals average precision normalised by the hits whenever every relevant
item is retrieved within~$K$ (then both denominators count the same
items); the same holds for recall.  For these pairs the search also visits
only the inputs that meet that condition (ranking by the default tie rule)
and reports either agreement on all of them or a counterexample to the
claim.  Linear and exponential gains agree on binary grades
($2^1-1=1$), and so do the binary gain with the other two: the binary
column of the search shows it.

@ {\it How often, and by how much.}  A smallest witness says that two
variants split, not that the split matters.  For each metric the tool draws
a seeded population of queries of a realistic shape: list lengths from 10
to 1000 (uniform in the logarithm), one to five relevant items with grades
1 to~3 placed at random, scores on a coarse scale so that ties are common
and relevant items tend to rank higher, up to two judged items that were
not retrieved, and a cutoff of none, 5, 10 or~20.  For each pair it
reports the fraction of queries on which the two values differ, decided as
above on the double path with the exact path for the close calls, with a
95\% Wilson interval, and the median and largest $\vert a-b\vert$ over the
queries where they differ.
@^Wilson interval@>

@ {\it The sources' own disagreements.}  Among the pairs are the splits of
the seed sources.  The hit ratio of \src{000} is pooled recall (\.{hit=recall}),
that of \src{001} the fraction of users with a hit (\.{hit=any}), that of
\src{000}'s code a count over candidate rows (\.{hit=rows}), and \src{003}'s
examples compute precision (\.{hit=precision}); any two of them split on a
list of two relevant items.  The ``MRR'' of \src{002} is the mean of
reciprocal ranks over the relevant positions, $53/112$ on its own example,
where first-hit RR gives~1; the smallest witness is the list $1,1$, with
values $1$ and~$3/4$.  Average precision normalised by the relevant items
(\src{000}, \src{002}, \src{004}) and by the hits (\src{001}) split as
soon as one relevant item is not retrieved within the cutoff: grades $1,1$
with $K=1$ give $1/2$ against~1.  The four ideal rankings of \src{000},
\src{001}, \src{002} and \src{003} (\.{ideal=judged}, \.{ones}, \.{list},
\.{topk}) split on lists of one or two items.  Linear and exponential gain
(\src{000} against \src{002} and \src{003}) agree on every binary input and
split on the grades $1,2$:
$$\nDCG_{\rm lin}={1+2/\lg3\over2+1/\lg3}\ne
  \nDCG_{\rm exp}={1+3/\lg3\over3+1/\lg3}.$$
The GAUC of \src{002} and \src{003} differ in the weights of the mean, not
in a per-query value, so their witness is a set of queries (see the GAUC
section below and the table \.{gauc}): two users, with grades $0,1$ (AUC~0,
two impressions) and $0,1,0$ (AUC~$1/2$, three), give the plain mean
$(0+1/2)/2=1/4$ and the weighted mean $(2\cdot0+3\cdot1/2)/5=3/10$.  The
report of the tool gives the 40 digits of every irrational value.  In a table,
$^\star$ marks a split of the sources; a witness is written as its grades
and cutoff (\.{K1}) over its scores (\.{s0,1}) and the grade of its
unretrieved judged item (\.{j1}); $^b$ says that no input with binary
grades is a witness.  The split column gives the rate over \dispop\
random queries over its 95\% interval, the last column the median over the
largest difference.  The tables themselves, metric by metric, are in the
appendix ``The tables of disagreement'' (\secref{distables}).

@ The subcommand.  Its arguments are metric names or \.{all} (or two
variant names, a pair: see ``any two variants'' below), and options:
\.{--max-length} $L$ (1 to |DIS_MAXN|), \.{--budget} seconds (default 300),
\.{--tex} {\it FILE}.  It prints one report per pair on standard output,
shows progress on standard error when that is a terminal, and stops
cleanly when the budget runs out, naming the pairs it did not finish.
The smallest witnesses, found again at the default length, are also
golden vectors, flagged \.{Disagreement}: the family \.{disagreements}
of the part ``Golden vectors''.

@<Tool functions@>=
#include <time.h>
#include <unistd.h>
#define DIS_MAXN 8 /* longest list the search accepts */
#define DIS_LEN 5 /* the default length bound */
#define DIS_MAXV 48 /* variants of one metric */
#define DIS_MAXP 128 /* pairs of one metric */
#define DIS_POP 160 /* queries of the random population of a metric */
#define DIS_POPN 1000 /* longest list of the population */
#define DIS_VAL 112 /* room for an exact value as text */
enum {@+ SP_BIN, SP_GRADED, SP_COND, DIS_SPACES @+};
typedef struct {
  int n, u, k, scored;
  int grade[DIS_MAXN], judged;
  double score[DIS_MAXN];
} dis_case;
typedef struct {
  char canon[RM_NAME_MAX]; /* its canonical name */
  rm_variant v;
} dis_var;
typedef struct {
  int a, b, named, cond; /* variants; named by the sources; condition applies */
  char la[48], lb[48]; /* what makes them: \.{hits=first}, \.{hits=mean} */
  int state[DIS_SPACES]; /* 0 unfinished, 1 witness, 2 agree, 3 not searched */
  long tried[DIS_SPACES], near[DIS_SPACES];
  dis_case wit[DIS_SPACES], wit2[DIS_SPACES]; /* a set's witness has two queries */
  int nq[DIS_SPACES]; /* queries in the witness */
  char val[DIS_SPACES][2][DIS_VAL];
  long pop, split; /* population queries compared, and where they differ */
  double med, max;
  int pop_done;
} dis_pair;
typedef struct {
  char name[32];
  int cut; /* takes a cutoff */
  int sets; /* its variants are aggregates: an input is a set of queries */
  int own_k; /* a pair of any two names: each keeps the cutoff of its name */
  int nv, np;
  dis_var var[DIS_MAXV];
  dis_pair pair[DIS_MAXP];
} dis_metric;
typedef struct {@+ int dd, dx; rm_status sd, sx; double d; rm_exact x; @+} dis_val;
static double dis_deadline;
static int dis_stopped, dis_tty;
static double dis_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

@ The keys of a metric whose values are words come from the library's
tables; numeric keys (\.{rel=1..100}, \.{beta2=p/q}) are left alone.
|dis_add| parses a name and adds the variant unless a variant with the same
canonical name is there already; it returns its index, or $-1$ if the
parser refuses the name.

@<Tool functions@>=
static int dis_add(dis_metric *m, const char *name)
{
  rm_variant v;
  char msg[200], canon[RM_NAME_MAX];
  int i;
  if (rm_variant_parse(name, &v, msg, sizeof msg) != RM_OK) return -1;
  rm_variant_name(&v, canon, sizeof canon);
  for (i = 0; i < m->nv; i++) if (strcmp(m->var[i].canon, canon) == 0) return i;
  if (m->nv == DIS_MAXV) return -1;
  m->var[m->nv].v = v;
  strcpy(m->var[m->nv].canon, canon);
  return m->nv++;
}
static void dis_add_pair(dis_metric *m, int a, int b, int named, int cond,
  const char *la, const char *lb)
{
  int i;
  dis_pair *p;
  if (a < 0 || b < 0 || a == b) return;
  for (i = 0; i < m->np; i++)
    if ((m->pair[i].a == a && m->pair[i].b == b) || (m->pair[i].a == b && m->pair[i].b == a)) {
      m->pair[i].named |= named; m->pair[i].cond |= cond; return; }
  if (m->np == DIS_MAXP) return;
  p = &m->pair[m->np++];
  memset(p, 0, sizeof *p);
  p->a = a; p->b = b; p->named = named; p->cond = cond;
  snprintf(p->la, sizeof p->la, "%s", la);
  snprintf(p->lb, sizeof p->lb, "%s", lb);
}

@ The splits named by the sources, as metric, key and two words; the condition flag marks the pairs checked under ``every relevant
item is retrieved within $K$''.

@<Tool functions@>=
static const struct {@+ const char *metric, *key, *w1, *w2; int cond; @+} dis_named[] = {
  {"hr", "hit", "any", "recall", 0}, {"hr", "hit", "any", "precision", 0},
  {"hr", "hit", "any", "rows", 0}, {"hr", "hit", "recall", "precision", 0},
  {"hr", "hit", "recall", "rows", 0}, {"hr", "hit", "precision", "rows", 0},
  {"rr", "hits", "first", "sum", 0}, {"rr", "hits", "first", "mean", 0},
  {"rr", "hits", "sum", "mean", 0},
  {"ap", "norm", "rel", "min", 1}, {"ap", "norm", "rel", "hits", 1},
  {"ap", "norm", "min", "hits", 1},
  {"recall", "norm", "rel", "hits", 1},
  {"ndcg", "ideal", "judged", "list", 0}, {"ndcg", "ideal", "judged", "topk", 0},
  {"ndcg", "ideal", "judged", "ones", 0}, {"ndcg", "ideal", "list", "topk", 0},
  {"ndcg", "ideal", "list", "ones", 0}, {"ndcg", "ideal", "topk", "ones", 0},
  {"ndcg", "gain", "linear", "exp2", 0},
  {"auc", "ties", "average", "reverse", 0}, {"auc", "ties", "average", "pessimistic", 0},
  {NULL, NULL, NULL, NULL, 0}};

@ Setting up a metric: the default, one variant per other word of each word
key (the keys and their words come from the library's tables,
|rm_metric_keys| and |rm_key_words|), then the named pairs.  A key that
applies only with a cutoff (\.{denom} of precision) is absent from the
default's name; its words are then written with the cutoff~1, which is only
a placeholder, since the search gives both variants the input's cutoff, and
at no cutoff the key is not read: so \.{precision[denom=k]} and
\.{precision[denom=list]} are compared at every $K$.  |dis_key_value| finds
the value of a key in a canonical name.

@<Tool functions@>=
static const char *dis_key_value(const char *canon, const char *key)
{
  const char *p;
  size_t kl = strlen(key);
  for (p = strchr(canon, '['); p; p = strchr(p + 1, ','))
    if (strncmp(p + 1, key, kl) == 0 && p[kl + 1] == '=') return p + kl + 2;
  return NULL;
}

static int dis_setup(dis_metric *m, rm_metric mi)
{
  const char *keyname[64];
  char name[200], lab[48], dl[48];
  size_t nk = rm_metric_keys(mi, keyname, 64), t;
  int def, i;
  if (rm_metric_name(mi) == NULL) return 0;
  m->cut = rm_metric_takes_cutoff(mi);
  snprintf(m->name, sizeof m->name, "%s", rm_metric_name(mi));
  m->nv = m->np = 0;
  if ((def = dis_add(m, m->name)) < 0) return 0;
  for (t = 0; t < nk && t < 64; t++) {
    const char *const *words = rm_key_words(keyname[t]), *at;
    char dw[40] = "", c1[RM_NAME_MAX];
    int idx[DIS_MAXV], nw = 0, x, y, w, at1 = 0;
    char wl[DIS_MAXV][48];
    rm_variant d1;
    if (words == NULL) continue; /* a numeric key */
    at = dis_key_value(m->var[def].canon, keyname[t]);
    if (at == NULL && m->cut) { /* a key that applies only with a cutoff */
      snprintf(name, sizeof name, "%s@@1", m->name);
      if (rm_variant_parse(name, &d1, NULL, 0) == RM_OK) {
        rm_variant_name(&d1, c1, sizeof c1);
        at1 = (at = dis_key_value(c1, keyname[t])) != NULL;
      }
    }
    if (at != NULL) sscanf(at, "%39[^],]", dw);
    for (w = 0; words[w]; w++) {
      int j;
      if (strcmp(words[w], dw) == 0) j = def;
      else {
        snprintf(name, sizeof name, "%s%s[%s=%s]", m->name, at1 ? "@@1" : "", keyname[t],
          words[w]);
        j = dis_add(m, name);
      }
      if (j < 0 || nw == DIS_MAXV) continue;
      idx[nw] = j;
      snprintf(wl[nw++], sizeof wl[0], "%s=%s", keyname[t], words[w]);
    }
    snprintf(dl, sizeof dl, "%s=%s", keyname[t], dw[0] ? dw : "(unset)");
    for (x = 0; x < nw; x++) /* the default against each other word first */
      if (idx[x] != def) dis_add_pair(m, def, idx[x], 0, 0, dl, wl[x]);
    for (x = 0; x < nw; x++)
      for (y = x + 1; y < nw; y++)
        if (idx[x] != def && idx[y] != def) dis_add_pair(m, idx[x], idx[y], 0, 0, wl[x], wl[y]);
  }
  for (i = 0; dis_named[i].metric; i++) {
    int a, b;
    if (strcmp(dis_named[i].metric, m->name) != 0) continue;
    snprintf(name, sizeof name, "%s[%s=%s]", m->name, dis_named[i].key, dis_named[i].w1);
    snprintf(lab, sizeof lab, "%s=%s", dis_named[i].key, dis_named[i].w1);
    a = dis_add(m, name);
    snprintf(name, sizeof name, "%s[%s=%s]", m->name, dis_named[i].key, dis_named[i].w2);
    snprintf(dl, sizeof dl, "%s=%s", dis_named[i].key, dis_named[i].w2);
    b = dis_add(m, name);
    dis_add_pair(m, a, b, 1, dis_named[i].cond, lab, dl);
  }
  return m->np > 0;
}

@ A value is computed at most once per input and variant: |dis_get| fills
the double (|need_x| zero) or the exact result on demand.  The variant
takes the input's cutoff; a negative |k| leaves it the cutoff of its name
(the pairs of any two names, below).

@<Tool functions@>=
static void dis_get(const dis_var *dv, int k, const rm_list *l, size_t nq, dis_val *c,
  int need_x)
{
  rm_variant v = dv->v;
  int one = v.agg == RM_AGG_NONE; /* a value of one list */
  if (k >= 0) v.k = (unsigned long) k;
  if (!c->dd) {
    c->sd = one ? rm_value(&v, l, NULL, &c->d) : rm_value_set(&v, l, nq, NULL, &c->d);
    c->dd = 1;
  }
  if (need_x && !c->dx) {
    rm_exact_init(&c->x);
    c->sx = one ? rm_value_exact(&v, l, &c->x) : rm_value_set_exact(&v, l, nq, &c->x);
    c->dx = 1;
  }
}
static void dis_clear(dis_val *c, int n)
{
  int i;
  for (i = 0; i < n; i++) { if (c[i].dx) rm_exact_clear(&c[i].x); c[i].dd = c[i].dx = 0; }
}

@ The comparison, as described above under ``deciding a difference'': 1 if the values differ, 0 if they are
equal (equal fractions, or both errors), $-1$ if they agree to 40 digits
without a proof of equality.

@<Tool functions@>=
@<Prove two variants the same on an input@>@;
static int dis_compare(const dis_var *va, const dis_var *vb, int k, const rm_list *l,
  size_t nq, dis_val *a, dis_val *b)
{
  rm_variant x = va->v, y = vb->v;
  if (k >= 0) x.k = y.k = (unsigned long) k;
  dis_get(va, k, l, nq, a, 0); dis_get(vb, k, l, nq, b, 0);
  if (a->sd < 0 || b->sd < 0) return (a->sd < 0) != (b->sd < 0);
  if (rm_ulps_between(a->d, b->d) > rm_ulp_bound(&x) + rm_ulp_bound(&y)) return 1;
  dis_get(va, k, l, nq, a, 1); dis_get(vb, k, l, nq, b, 1);
  if (a->sx < 0 || b->sx < 0) return -1; /* the exact path could not decide */
  if (a->x.value != b->x.value || strcmp(a->x.decimal, b->x.decimal) != 0) return 1;
  if (a->x.rational && b->x.rational) return strcmp(a->x.rational, b->x.rational) != 0;
  return dis_same_definition(va, vb, l, nq, a, b) ? 0 : -1;
}
static void dis_show(char *out, const dis_var *dv, int k, const rm_list *l, size_t nq,
  dis_val *c)
{
  dis_get(dv, k, l, nq, c, 1);
  if (c->sx < 0) snprintf(out, DIS_VAL, "error (%s)", rm_strerror(c->sx));
  else if (c->x.rational && strlen(c->x.rational) < DIS_VAL) strcpy(out, c->x.rational);
  else snprintf(out, DIS_VAL, "%s", c->x.decimal);
}

@ {\it Equal by definition.}  Values that are irrational and agree in 40
digits are proved equal when the two definitions, written out on the input,
are one expression; then the values are equal however many digits one
computes.  Three cases cover the pairs that agree on whole spaces, each a
pair that differs in one key only (the test: setting that key of the one to
the other's gives the same canonical name):
\smallskip
\item{$\bullet$} \.{undef}, when neither value is undefined (both statuses
|RM_OK|): the convention is read only for an undefined value;
\item{$\bullet$} \.{gain}, when every grade of the input is 0 or~1 and a
binary gain has the threshold~1: then $g=2^g-1=[g\ge1]$ for every item, so
both sums have the same terms, in the list and in its ideal;
\item{$\bullet$} \.{ties}, when no two items of a list have equal scores
(or there are no scores): every tie rule then gives the same ranking, and
the mean over the orders of a tie is the one order.
\smallskip
\noindent These are statements about the definitions in this book, which
the library implements; a pair that agrees in 40 digits for any other
reason is still reported as unproved.
@^exact comparison@>

@<Prove two variants the same on an input@>=
static int dis_only_key(const dis_var *va, const dis_var *vb, int key)
{
  rm_variant t = vb->v;
  char nm[RM_NAME_MAX];
  if (key == 0) t.undef = va->v.undef;
  else if (key == 1) { t.gain = va->v.gain; t.rel = va->v.rel; }
  else t.ties = va->v.ties;
  rm_variant_name(&t, nm, sizeof nm);
  return strcmp(nm, va->canon) == 0;
}
static int dis_same_definition(const dis_var *va, const dis_var *vb, const rm_list *l,
  size_t nq, const dis_val *a, const dis_val *b)
{
  size_t q, i, j;
  if (dis_only_key(va, vb, 0)) return a->sx == RM_OK && b->sx == RM_OK;
  if (dis_only_key(va, vb, 1)) {
    if ((va->v.gain == RM_GAIN_BINARY && va->v.rel != 1)
        || (vb->v.gain == RM_GAIN_BINARY && vb->v.rel != 1)) return 0;
    for (q = 0; q < nq; q++) {
      for (i = 0; i < l[q].n; i++) if (l[q].grade[i] > 1) return 0;
      for (i = 0; i < l[q].n_unretrieved; i++) if (l[q].unretrieved_grade[i] > 1) return 0;
    }
    return 1;
  }
  if (dis_only_key(va, vb, 2)) {
    for (q = 0; q < nq; q++)
      if (l[q].score)
        for (i = 0; i < l[q].n; i++)
          for (j = i + 1; j < l[q].n; j++) if (l[q].score[i] == l[q].score[j]) return 0;
    return 1;
  }
  return 0;
}

@ An input as a list for the library; the identifiers are \.{a}, \.{b},
\dots\ in input order (the population uses \.{d0000}, \dots).

@<Tool functions@>=
static const char *const dis_ids[DIS_MAXN] = {"b", "c", "a", "e", "f", "d", "h", "g"};
static rm_list dis_list(const dis_case *c)
{
  rm_list l = {0};
  l.n = (size_t) c->n; l.grade = c->grade;
  l.score = c->scored ? c->score : NULL;
  l.id = dis_ids;
  l.n_unretrieved = (size_t) c->u; l.unretrieved_grade = &c->judged;
  return l;
}
static void dis_case_text(char *out, size_t len, const dis_case *c)
{
  size_t o = 0;
  int i;
  o += (size_t) snprintf(out + o, len - o, "grades ");
  for (i = 0; i < c->n; i++) o += (size_t) snprintf(out + o, len - o, "%s%d", i ? "," : "", c->grade[i]);
  if (c->scored) {
    o += (size_t) snprintf(out + o, len - o, "; scores ");
    for (i = 0; i < c->n; i++) o += (size_t) snprintf(out + o, len - o, "%s%g", i ? "," : "", c->score[i]);
  }
  if (c->k) o += (size_t) snprintf(out + o, len - o, "; K %d", c->k);
  if (c->u) o += (size_t) snprintf(out + o, len - o, "; judged %d", c->judged);
}

@ The condition under which some pairs agree: every relevant item (grade at
least 1) is retrieved, and within $K$ in the ranking by decreasing score
with ties in input order.

@<Tool functions@>=
static int dis_all_within_k(const dis_case *c)
{
  int i, j;
  if (c->u) return 0;
  if (c->k == 0) return 1;
  for (i = 0; i < c->n; i++) {
    int rank = 1;
    if (c->grade[i] == 0) continue;
    if (c->scored)
      for (j = 0; j < c->n; j++)
        rank += c->score[j] > c->score[i] || (c->score[j] == c->score[i] && j < i);
    else rank = i + 1;
    if (rank > c->k) return 0;
  }
  return 1;
}

@ The search of one metric: one pass over the inputs in order of size,
comparing every pair that still lacks a witness in a space the input
belongs to.  It returns when every pair is settled, at the end of the
space, or when the budget runs out.  With |graded_only| (the golden
vectors want the smallest witnesses and nothing else) the binary space and
the condition are not searched: their state is~3.  One step, |dis_try|,
compares a pair on one input, a list or a set, in the spaces the input
belongs to, and records the first witness; the search of sets uses it too.
Under |own_k| it gives each variant the cutoff of its name, not the
input's.

@<Tool functions@>=
static void dis_settle(dis_metric *m) /* at the end: no witness means agreement */
{
  int i, sp;
  for (i = 0; i < m->np; i++)
    for (sp = 0; sp < DIS_SPACES; sp++)
      if (m->pair[i].state[sp] == 0 && (sp != SP_COND || m->pair[i].cond))
        m->pair[i].state[sp] = 2;
}
static void dis_try(dis_metric *m, dis_pair *q, const int *in, int k, const rm_list *l,
  size_t nq, dis_val *val, const dis_case *c1, const dis_case *c2)
{
  int sp, r, any = 0;
  if (m->own_k) k = -1;
  for (sp = 0; sp < DIS_SPACES; sp++) any |= in[sp] && q->state[sp] == 0;
  if (!any) return;
  r = dis_compare(&m->var[q->a], &m->var[q->b], k, l, nq, &val[q->a], &val[q->b]);
  for (sp = 0; sp < DIS_SPACES; sp++) {
    if (!in[sp] || q->state[sp] != 0) continue;
    q->tried[sp]++;
    if (r < 0) q->near[sp]++;
    if (r == 1) {
      q->state[sp] = 1; q->wit[sp] = *c1; q->nq[sp] = (int) nq;
      if (c2) q->wit2[sp] = *c2;
      dis_show(q->val[sp][0], &m->var[q->a], k, l, nq, &val[q->a]);
      dis_show(q->val[sp][1], &m->var[q->b], k, l, nq, &val[q->b]);
    }
  }
}
static void dis_search(dis_metric *m, int maxlen, int graded_only)
{
  dis_val val[DIS_MAXV];
  int s, u, sc, k, open, i;
  long count = 0;
  memset(val, 0, sizeof val);
  if (graded_only)
    for (i = 0; i < m->np; i++) m->pair[i].state[SP_BIN] = m->pair[i].state[SP_COND] = 3;
  for (s = 1; s <= maxlen + 1; s++)
  for (u = 0; u <= 1; u++) {
    int n = s - u;
    if (n < 1 || n > maxlen) continue;
    for (sc = 0; sc <= (n >= 2); sc++)
    for (k = 0; k <= (m->cut ? n + 1 : 0); k++) {
      long ng = 1, ns = sc ? 1L << n : 1, gi, si;
      for (i = 0; i < n; i++) ng *= 3;
      for (gi = 0; gi < ng; gi++)
      for (si = 0; si < ns; si++) {
        dis_case c;
        rm_list l = {0};
        long t = gi;
        int bin = 1, cond, p;
        c.n = n; c.u = u; c.k = k; c.scored = sc; c.judged = 1;
        for (i = n - 1; i >= 0; i--) { c.grade[i] = (int) (t % 3); t /= 3; bin &= c.grade[i] <= 1; }
        for (i = 0; i < n; i++) c.score[i] = (double) ((si >> (n - 1 - i)) & 1);
        cond = dis_all_within_k(&c);
        l = dis_list(&c);
        open = 0;
        for (p = 0; p < m->np; p++) {
          int in[DIS_SPACES];
          in[SP_BIN] = bin; in[SP_GRADED] = 1; in[SP_COND] = m->pair[p].cond && cond;
          dis_try(m, &m->pair[p], in, k, &l, 1, val, &c, NULL);
        }
        dis_clear(val, m->nv);
        for (p = 0; p < m->np; p++)
          open += m->pair[p].state[SP_BIN] == 0 || m->pair[p].state[SP_GRADED] == 0
            || (m->pair[p].cond && m->pair[p].state[SP_COND] == 0);
        if (open == 0) return;
        if (++count % 512 == 0) {
          if (dis_now() > dis_deadline) { dis_stopped = 1; return; }
          if (dis_tty) fprintf(stderr, "\r%-12s length %d, %ld inputs   ", m->name, n, count);
        }
      }
    }
  }
  dis_settle(m);
}

@ The population of a metric is drawn from a seeded generator
(splitmix64), the same for every run, so the rates printed in this book are
reproducible.

@<Tool functions@>=
static unsigned long long dis_rand(unsigned long long *s)
{
  unsigned long long z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static double dis_unit(unsigned long long *s)
{
  return (double) (dis_rand(s) >> 11) * 0x1p-53;
}
typedef struct {
  int n, u, k;
  int grade[DIS_POPN], judged[2];
  double score[DIS_POPN];
} dis_query;
static const char *dis_pids[DIS_POPN];
static void dis_draw(dis_query *q, unsigned long long *s, int cut)
{
  static const int ks[4] = {0, 5, 10, 20};
  int i, r, levels;
  q->n = (int) (10.0 * pow(100.0, dis_unit(s)));
  if (q->n > DIS_POPN) q->n = DIS_POPN;
  levels = q->n / 4 + 2;
  for (i = 0; i < q->n; i++) q->grade[i] = 0;
  r = 1 + (int) (dis_rand(s) % 5);
  for (i = 0; i < r; i++) q->grade[dis_rand(s) % (unsigned) q->n] = 1 + (int) (dis_rand(s) % 3);
  for (i = 0; i < q->n; i++)
    q->score[i] = (double) (dis_rand(s) % (unsigned) levels) + (q->grade[i] ? levels / 2 : 0);
  q->u = (int) (dis_rand(s) % 3);
  for (i = 0; i < q->u; i++) q->judged[i] = 1 + (int) (dis_rand(s) % 3);
  q->k = cut ? ks[dis_rand(s) % 4] : 0;
}

@ The rates.  Each random query (or set) is compared under every pair by
|dis_pop_compare|, which keeps the differences; |dis_pop_close| gives the
median.  For $x$ differences among $N$ queries the Wilson interval is
$${\hat p+z^2/2N\pm z\sqrt{\hat p(1-\hat p)/N+z^2/4N^2}\over1+z^2/N}$$
with $\hat p=x/N$ and $z=1.96$.

@<Tool functions@>=
static void dis_wilson(long x, long n, double *lo, double *hi)
{
  double z = 1.96, p = n ? (double) x / (double) n : 0, nn = (double) (n ? n : 1);
  double c = p + z * z / (2 * nn), h = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));
  *lo = (c - h) / (1 + z * z / nn); *hi = (c + h) / (1 + z * z / nn);
  if (*lo < 0) *lo = 0;
  if (*hi > 1) *hi = 1;
}
static int dis_cmpd(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}
static double dis_diff[DIS_MAXP][DIS_POP]; /* the differences of each pair */
static void dis_pop_compare(dis_metric *m, int k, const rm_list *l, size_t nq,
  dis_val *val)
{
  int p;
  if (m->own_k) k = -1;
  for (p = 0; p < m->np; p++) {
    dis_pair *r = &m->pair[p];
    int d = dis_compare(&m->var[r->a], &m->var[r->b], k, l, nq, &val[r->a], &val[r->b]);
    r->pop++;
    if (d == 1) {
      double x = val[r->a].sd < 0 || val[r->b].sd < 0 ? NAN : fabs(val[r->a].d - val[r->b].d);
      dis_diff[p][r->split++] = x;
      if (x > r->max) r->max = x;
    }
  }
  dis_clear(val, m->nv);
}
static void dis_pop_close(dis_metric *m, int done)
{
  int p;
  long i;
  for (p = 0; p < m->np; p++) {
    dis_pair *r = &m->pair[p];
    double *diff = dis_diff[p];
    long nn = 0;
    for (i = 0; i < r->split; i++) if (!isnan(diff[i])) diff[nn++] = diff[i];
    qsort(diff, (size_t) nn, sizeof diff[0], dis_cmpd);
    r->med = nn ? (nn % 2 ? diff[nn / 2] : (diff[nn / 2 - 1] + diff[nn / 2]) / 2) : 0;
    r->pop_done = done;
  }
}
static unsigned long long dis_pop_open(dis_metric *m) /* the metric's seed */
{
  unsigned long long seed = 0x5eedULL;
  const char *c;
  int p;
  for (c = m->name; *c; c++) seed = seed * 131 + (unsigned char) *c;
  for (p = 0; p < m->np; p++) { m->pair[p].pop = m->pair[p].split = 0; m->pair[p].max = 0; }
  return seed;
}
static void dis_population(dis_metric *m, int npop)
{
  static dis_query q;
  dis_val val[DIS_MAXV];
  unsigned long long seed = dis_pop_open(m);
  int t;
  memset(val, 0, sizeof val);
  for (t = 0; t < npop; t++) {
    rm_list l = {0};
    if (dis_now() > dis_deadline) { dis_stopped = 1; break; }
    if (dis_tty) fprintf(stderr, "\r%-12s population %d/%d          ", m->name, t, npop);
    dis_draw(&q, &seed, m->cut);
    l.n = (size_t) q.n; l.grade = q.grade; l.score = q.score; l.id = dis_pids;
    l.n_unretrieved = (size_t) q.u; l.unretrieved_grade = q.judged;
    dis_pop_compare(m, q.k, &l, 1, val);
  }
  dis_pop_close(m, t == npop);
}

@ {\it GAUC: a split of weights.}  The GAUC of \src{002} is the plain mean
of the per-group AUCs, that of \src{003} the mean weighted by impressions;
RecBole weights by clicks, and a mean that keeps the groups of one class
counts their AUC as~0.  By name:
$$\vbox{\halign{\.{#}\hfil\quad&#\hfil\cr
mean[skip=undef]:auc&\src{002}\cr
mean[skip=undef,weight=items]:auc&\src{003}\cr
mean[skip=undef,weight=positives]:auc&RecBole\cr
mean:auc&groups of one class count~0\cr}}$$
These variants differ in how per-query
values are combined, so no single list separates them: a witness is a {\it
set\/} of queries.  The tool searches sets of one or two lists with at most
$L$ items in all, by increasing number of items, one list before two, the
first list's length increasing, each list in the order of the per-query
search (without scores before with scores, grades, then scores; no cutoff
and no unretrieved item, which AUC does not read).  The random population is
of sets of 2 to 20 queries drawn as above.  With $L=\dismaxlen$ there are
\dissets\ sets: \dissetsone\ of one list and \dissetstwo\ of two.  A set is not a list, so these witnesses are in the
tables and the tool's report but not in the golden vectors, whose tests hold
one list each.
@^GAUC@>
@^RecBole@>

@<Tool functions@>=
static long dis_count(int n) /* lists of length |n|: grades, and scores or none */
{
  long g = 1;
  int i;
  for (i = 0; i < n; i++) g *= 3;
  return g * (1 + (n >= 2 ? 1L << n : 0));
}
static void dis_sets(int maxlen, long *one, long *two) /* the sets searched */
{
  int s, n1;
  *one = *two = 0;
  for (s = 1; s <= maxlen; s++) {
    *one += dis_count(s);
    for (n1 = 1; n1 < s; n1++) *two += dis_count(n1) * dis_count(s - n1);
  }
}
static void dis_case_at(dis_case *c, int n, long x)
{
  long ng = 1, gi, si;
  int i;
  for (i = 0; i < n; i++) ng *= 3;
  c->n = n; c->u = 0; c->k = 0; c->judged = 1;
  c->scored = x >= ng;
  if (c->scored) { x -= ng; gi = x >> n; si = x & ((1L << n) - 1); }
  else { gi = x; si = 0; }
  for (i = n - 1; i >= 0; i--) { c->grade[i] = (int) (gi % 3); gi /= 3; }
  for (i = 0; i < n; i++) c->score[i] = (double) ((si >> (n - 1 - i)) & 1);
}
static int dis_setup_gauc(dis_metric *m)
{
  static const char *const v[4] = {"mean[skip=undef]:auc",
    "mean[skip=undef,weight=items]:auc", "mean[skip=undef,weight=positives]:auc",
    "mean:auc"};
  static const char *const lab[4] = {"weight=uniform", "weight=items",
    "weight=positives", "skip=none"};
  int i[4], k;
  memset(m, 0, sizeof *m);
  snprintf(m->name, sizeof m->name, "gauc");
  m->sets = 1;
  for (k = 0; k < 4; k++) if ((i[k] = dis_add(m, v[k])) < 0) return 0;
  dis_add_pair(m, i[0], i[1], 1, 0, lab[0], lab[1]);
  dis_add_pair(m, i[0], i[2], 0, 0, lab[0], lab[2]);
  dis_add_pair(m, i[1], i[2], 0, 0, lab[1], lab[2]);
  dis_add_pair(m, i[0], i[3], 0, 0, "skip=undef", lab[3]);
  return 1;
}

@ The search of the sets, as |dis_search| for lists.

@<Tool functions@>=
static void dis_search_sets(dis_metric *m, int maxlen)
{
  dis_val val[DIS_MAXV];
  int s, nq, n1, i, p;
  long count = 0;
  memset(val, 0, sizeof val);
  for (s = 1; s <= maxlen; s++)
  for (nq = 1; nq <= 2; nq++)
  for (n1 = nq == 1 ? s : 1; n1 <= (nq == 1 ? s : s - 1); n1++) {
    int n2 = s - n1;
    long x1, x2, c1 = dis_count(n1), c2 = nq == 2 ? dis_count(n2) : 1;
    for (x1 = 0; x1 < c1; x1++)
    for (x2 = 0; x2 < c2; x2++) {
      dis_case c[2];
      rm_list l[2] = {{0}};
      int bin = 1, open = 0;
      dis_case_at(&c[0], n1, x1);
      if (nq == 2) dis_case_at(&c[1], n2, x2);
      for (i = 0; i < nq; i++) {
        int j;
        for (j = 0; j < c[i].n; j++) bin &= c[i].grade[j] <= 1;
        l[i] = dis_list(&c[i]);
      }
      for (p = 0; p < m->np; p++) {
        int in[DIS_SPACES];
        in[SP_BIN] = bin; in[SP_GRADED] = 1; in[SP_COND] = 0;
        dis_try(m, &m->pair[p], in, 0, l, (size_t) nq, val, &c[0], nq == 2 ? &c[1] : NULL);
      }
      dis_clear(val, m->nv);
      for (p = 0; p < m->np; p++)
        open += m->pair[p].state[SP_BIN] == 0 || m->pair[p].state[SP_GRADED] == 0;
      if (open == 0) return;
      if (++count % 512 == 0) {
        if (dis_now() > dis_deadline) { dis_stopped = 1; return; }
        if (dis_tty) fprintf(stderr, "\r%-12s %d items, %ld sets   ", m->name, s, count);
      }
    }
  }
  dis_settle(m);
}

@ The population of sets: |DIS_POP| sets of 2 to 20 queries, each drawn by
|dis_draw|, from the metric's own seed.

@<Tool functions@>=
static void dis_population_sets(dis_metric *m, int npop)
{
  static dis_query q[20];
  dis_val val[DIS_MAXV];
  unsigned long long seed = dis_pop_open(m);
  int i, t;
  memset(val, 0, sizeof val);
  for (t = 0; t < npop; t++) {
    rm_list l[20] = {{0}};
    int nq = 2 + (int) (dis_rand(&seed) % 19);
    if (dis_now() > dis_deadline) { dis_stopped = 1; break; }
    if (dis_tty) fprintf(stderr, "\r%-12s population %d/%d          ", m->name, t, npop);
    for (i = 0; i < nq; i++) {
      dis_draw(&q[i], &seed, 0);
      l[i].n = (size_t) q[i].n; l[i].grade = q[i].grade; l[i].score = q[i].score;
      l[i].id = dis_pids; l[i].n_unretrieved = 0; l[i].unretrieved_grade = q[i].judged;
    }
    dis_pop_compare(m, 0, l, (size_t) nq, val);
  }
  dis_pop_close(m, t == npop);
}

@ The report of a pair on standard output.

@<Tool functions@>=
static void dis_print(const dis_metric *m, const dis_pair *q, int maxlen)
{
  static const char *const what[DIS_SPACES] = {"binary grades   ", "grades 0..2     ",
    "every relevant item retrieved within K"};
  char w[200];
  int sp;
  printf("%s: %s | %s%s\n", m->name, q->la, q->lb, q->named ? "   (a split of the sources)" : "");
  for (sp = 0; sp < DIS_SPACES; sp++) {
    if (sp == SP_COND && !q->cond) continue;
    printf("  %s%s", what[sp], sp == SP_COND ? "\n    " : "");
    if (q->state[sp] == 1) {
      dis_case_text(w, sizeof w, &q->wit[sp]);
      if (q->nq[sp] == 2) {
        size_t o = strlen(w);
        snprintf(w + o, sizeof w - o, " | ");
        dis_case_text(w + o + 3, sizeof w - o - 3, &q->wit2[sp]);
      }
      printf("smallest witness %s: %s vs %s\n", w, q->val[sp][0], q->val[sp][1]);
    } else if (q->state[sp] == 2) {
      printf("agree on all %ld inputs up to length %d", q->tried[sp], maxlen);
      if (q->near[sp]) printf(" (%ld of them agree to 40 digits only, not proved equal)", q->near[sp]);
      putchar('\n');
    } else printf("not finished (budget), %ld inputs searched\n", q->tried[sp]);
  }
  if (q->pop) {
    double lo, hi;
    dis_wilson(q->split, q->pop, &lo, &hi);
    printf("  random %s  %ld of %ld differ (%.1f%%, 95%% CI %.1f..%.1f%%)",
      m->sets ? "sets   " : "queries", q->split,
      q->pop, 100.0 * (double) q->split / (double) q->pop, 100 * lo, 100 * hi);
    if (q->split) printf("; |a-b| median %.3g, max %.3g", q->med, q->max);
    printf("%s\n", q->pop_done ? "" : "; not finished (budget)");
  }
}

@ The tables of the book.  Each pair takes two lines: its two variants,
the witness (grades and cutoff, then scores and the unretrieved item), the
two values, the split rate and its interval, the median and the largest
difference.  Fractions are printed whole; an irrational value by its first
digits.

@<Tool functions@>=
static void dis_tex_value(FILE *f, const char *v)
{
  if (strncmp(v, "error", 5) == 0) fputs("error", f);
  else if (strchr(v, '/') || strlen(v) <= 12) fputs(v, f);
  else fprintf(f, "%.12s\\dots", v);
}
static void dis_tex_grades(FILE *f, const dis_case *c, int which)
{
  int i;
  if (which == 0) {
    for (i = 0; i < c->n; i++) fprintf(f, "%s%d", i ? "," : "", c->grade[i]);
    if (c->k) fprintf(f, " K%d", c->k);
  } else {
    if (c->scored) {
      fputs("s", f);
      for (i = 0; i < c->n; i++) fprintf(f, "%s%g", i ? "," : "", c->score[i]);
    }
    if (c->u) fprintf(f, "%sj%d", c->scored ? " " : "", c->judged);
  }
}
static void dis_tex(FILE *f, const dis_metric *m, int maxlen)
{
  int p;
  fprintf(f, "\\disbegin{%s}\n", m->name);
  for (p = 0; p < m->np; p++) {
    const dis_pair *q = &m->pair[p];
    int line;
    for (line = 0; line < 2; line++) {
      fprintf(f, "%s%s&", line ? q->lb : q->la, line == 0 && q->named ? "$^\\star$" : "");
      if (q->state[SP_GRADED] == 1) {
        dis_tex_grades(f, &q->wit[SP_GRADED], line);
        if (q->nq[SP_GRADED] == 2) {
          fputs(line == 0 || q->wit[SP_GRADED].scored || q->wit2[SP_GRADED].scored
            ? " $\\vert$ " : "", f);
          dis_tex_grades(f, &q->wit2[SP_GRADED], line);
        }
        if (line == 0 && q->state[SP_BIN] == 2) fputs("$^b$", f);
        fputs("&", f);
        dis_tex_value(f, q->val[SP_GRADED][line]);
      } else if (line == 0) fprintf(f, q->state[SP_GRADED] == 2 ? "agree, $L=%d$&" : "unfinished&", maxlen);
      else fputs("&", f);
      fputs("&", f);
      if (q->pop && line == 0) fprintf(f, "%.1f\\%%&%s", 100.0 * (double) q->split / (double) q->pop,
        q->split ? "" : "--");
      else if (q->pop) {
        double lo, hi;
        dis_wilson(q->split, q->pop, &lo, &hi);
        fprintf(f, "%.1f--%.1f&", 100 * lo, 100 * hi);
      } else fputs("&", f);
      if (q->split && line == 0) fprintf(f, "%.2g", q->med);
      if (q->split && line == 1) fprintf(f, "%.2g", q->max);
      fputs(line ? "\\cr\\noalign{\\smallskip}\n" : "\\cr\n", f);
    }
  }
  fputs("\\disend\n", f);
  for (p = 0; p < m->np; p++) {
    const dis_pair *q = &m->pair[p];
    if (!q->cond) continue;
    fprintf(f, "\\disnote{%s}{%s}{%s}{", m->name, q->la, q->lb);
    if (q->state[SP_COND] == 2) fprintf(f, "agree on all %ld inputs up to length %d in which every"
      " relevant item is retrieved within $K$%s", q->tried[SP_COND], maxlen,
      q->near[SP_COND] ? " (to 40 digits only)" : "");
    else if (q->state[SP_COND] == 1) {
      fputs("do {\\it not\\/} agree when every relevant item is retrieved within $K$: ", f);
      dis_tex_grades(f, &q->wit[SP_COND], 0);
    } else fputs("unfinished", f);
    fputs("}\n", f);
  }
}

@ The head of the generated file defines the table macros, and the numbers
that the text of this part prints about the search: the pairs and names
compared, the size of the space of lists at $L=4$, 5 and~6 (for a metric
with a cutoff; |dis_space| counts them as |dis_search| visits them), and
that of GAUC's sets at the length bound.  The tables themselves become the
macro \.{\\distables}, so that the file can be read at the start of the part
and the tables set at its end.  A value that is in the table is the exact
value; the tool's own report gives 40 digits.

@<Tool functions@>=
static long dis_space(int maxlen, int cut) /* the lists |dis_search| visits */
{
  long total = 0, g;
  int n, i;
  for (n = 1; n <= maxlen; n++) {
    for (g = 1, i = 0; i < n; i++) g *= 3;
    total += 2 * (cut ? n + 2 : 1) * g * (1 + (n >= 2 ? 1L << n : 0));
  }
  return total;
}
static void dis_tex_num(FILE *f, const char *name, long x) /* with thin spaces */
{
  char d[32];
  int n, i;
  n = snprintf(d, sizeof d, "%ld", x);
  fprintf(f, "\\def\\%s{", name);
  for (i = 0; i < n; i++) fprintf(f, "%s%c", i && (n - i) % 3 == 0 ? "\\," : "", d[i]);
  fputs("}\n", f);
}
static void dis_tex_counts(FILE *f, const dis_metric *ms, int nm, int maxlen)
{
  long pairs = 0, one, two;
  int i;
  for (i = 0; i < nm; i++) pairs += ms[i].np;
  dis_sets(maxlen, &one, &two);
  dis_tex_num(f, "dispairs", pairs); dis_tex_num(f, "disnames", nm);
  dis_tex_num(f, "disspacefour", dis_space(4, 1));
  dis_tex_num(f, "disspacefive", dis_space(5, 1));
  dis_tex_num(f, "disspacesix", dis_space(6, 1));
  dis_tex_num(f, "dissets", one + two); dis_tex_num(f, "dissetsone", one);
  dis_tex_num(f, "dissetstwo", two);
}
static void dis_tex_head(FILE *f, int maxlen, int npop)
{
  fprintf(f, "%% written by rankmetrics disagree; do not edit\n"
    "\\font\\distt=cmtt8\n"
    "\\def\\dismaxlen{%d}\\def\\dispop{%d}\n"
    "\\def\\disbegin#1{\\par\\medskip\\noindent{\\tt #1}\\par\\nobreak\\smallskip"
    "\\begingroup\\eightrm\\baselineskip9.5pt\\tabskip0pt\n"
    "\\halign\\bgroup\\distt##\\hfil\\quad&\\distt##\\hfil\\quad&##\\hfil\\quad&"
    "\\hfil##\\quad&\\hfil##\\cr\n"
    "\\eightrm variants&\\eightrm smallest witness&values&split, \\%%&"
    "$\\vert a-b\\vert$\\cr\\noalign{\\smallskip}}\n"
    "\\def\\disend{\\egroup\\endgroup\\par}\n"
    "\\def\\disnote#1#2#3#4{\\par\\noindent{\\eightrm \\.{#2} and \\.{#3}: #4.}\\par}\n",
    maxlen, npop);
}

@ The summary at the head of this part reads a few pairs out of the same
results: the splits most often met between the sources and between the
libraries.  Each becomes a call of \.{\\dissum} with nine arguments
$$\hbox{\.{\\dissum\{metric\}\{a\}\{b\}\{witness\}\{witness, second line\}%
\{value a\}\{value b\}\{rate\}\{interval\}}}$$
inside the macro \.{\\dissummary}; the book defines \.{\\dissum} (a row and a bar
whose length is the rate), so the summary's numbers are the tables' numbers.
A pair of the list that the run did not compare is left out.

@<Tool functions@>=
static const struct {@+ const char *metric, *a, *b; @+} dis_summary[] = {
  {"hr", "hit=any", "hit=recall"}, {"rr", "hits=first", "hits=mean"},
  {"ap", "norm=rel", "norm=hits"}, {"ndcg", "ideal=judged", "ideal=list"},
  {"ndcg", "gain=linear", "gain=exp2"}, {"ndcg", "ties=id-desc", "ties=average"},
  {"auc", "ties=input", "ties=average"}, {"precision", "denom=k", "denom=list"},
  {"gauc", "weight=uniform", "weight=items"}, {NULL, NULL, NULL}};
static void dis_tex_summary(FILE *f, const dis_metric *ms, int nm)
{
  int s, i, p;
  fputs("\\long\\def\\dissummary{%\n", f);
  for (s = 0; dis_summary[s].metric; s++)
    for (i = 0; i < nm; i++) if (strcmp(ms[i].name, dis_summary[s].metric) == 0)
      for (p = 0; p < ms[i].np; p++) {
        const dis_pair *q = &ms[i].pair[p];
        int line;
        if (strcmp(q->la, dis_summary[s].a) || strcmp(q->lb, dis_summary[s].b)) continue;
        if (q->state[SP_GRADED] != 1 || !q->pop) continue;
        fprintf(f, "\\dissum{%s}{%s}{%s}", ms[i].name, q->la, q->lb);
        for (line = 0; line < 2; line++) {
          fputs("{", f);
          dis_tex_grades(f, &q->wit[SP_GRADED], line);
          if (q->nq[SP_GRADED] == 2) {
            fputs(line == 0 || q->wit[SP_GRADED].scored || q->wit2[SP_GRADED].scored
              ? " $\\vert$ " : "", f);
            dis_tex_grades(f, &q->wit2[SP_GRADED], line);
          }
          fputs("}", f);
        }
        for (line = 0; line < 2; line++) {
          fputs("{", f); dis_tex_value(f, q->val[SP_GRADED][line]); fputs("}", f); }
        {@+ double lo, hi;
          dis_wilson(q->split, q->pop, &lo, &hi);
          fprintf(f, "{%.1f}{%.1f--%.1f}%%\n", 100.0 * (double) q->split / (double) q->pop,
            100 * lo, 100 * hi);
        @+}
      }
  fputs("}\n", f);
}

@ {\it Any two variants.}  The pairs above are the tool's choice: two
variants of one metric that differ in one key, under one cutoff.  The
question users bring is about two names of their own, often of different
metrics or cutoffs, and sometimes of aggregates.  Is trec\_eval's
\.{ndcg@@10[ties=id-desc]} scikit-learn's
\.{ndcg@@10[ideal=list,ties=average]}?  Is a hit ratio with \.{hit=any} the
recall at~10?  Is the mean of average precision its micro average?  So
\.{disagree} also takes two full variant names and puts that one pair
through the search, the comparison and the population above, unchanged.
A {\it variant name\/} has a cutoff, keys or an aggregator, and so contains
\.{@@}, \.{[} or~\.{:}, which a metric name never does; a call with a
variant name among its names is a pair, and must name exactly two.  The
option \.{--pair} makes a pair of two plain names: \.{disagree --pair rr ap}
compares the default reciprocal rank with the default average precision,
where \.{disagree rr ap} compares the variants of each.  One variant name
alone, a third name, \.{all} or \.{--tex} beside a pair is a usage error,
and so is a name the parser refuses (the names of a pair are the parser's:
\.{mrr} is not one of them).
@^pair of variants@>
@^trec\_eval@>@^scikit-learn@>

@<Tool functions@>=
static int dis_is_variant(const char *s) /* a cutoff, keys or an aggregator */
{
  return strpbrk(s, "@@[:") != NULL;
}

@ {\it The space of a pair.}  Each name keeps its own cutoff, and the
search varies none.  So \.{ap[norm=rel]} and \.{ap[norm=min]}, which divide
by $R$ and by $\min(R,K)$, are one function when there is no cutoff, and
the search shows it on every input by equal fractions.  A cutoff $K>L$
truncates no input of the space (at most $L$ items retrieved and $L+1$
judged), and the tool says so in a note.  Where a definition reads the
cutoff only to truncate, the space cannot tell it from no cutoff:
\.{hr@@10[hit=any]} and \.{hr[hit=any]} are equal on it, and only the
random queries, of 10 to 1000 items, tell them apart.  Where it reads the
cutoff otherwise, the space still does: \.{precision@@10} divides by~10,
\.{precision} by the length of the list.  Every input carries what either variant
may read, whether it reads it or not: grades, scores or none, the
identifiers \.{b}, \.{c}, \.{a}, \dots\ (so that \.{ties=id-desc} is always
defined), and the unretrieved judged item; both variants see the same
input.  Two aggregates are compared on the sets of one or two lists
searched for GAUC (without unretrieved items) and on the population of
sets.  An aggregate and a value of one list are not compared: a list is a
set of one only if one says so, and the tool refuses the pair in one line
that names the aggregator to add (\.{mean:ap} for \.{ap}).  A value that is
undefined is what its variant's \.{undef} convention makes it: a number
for \.{zero} and \.{one}, which the report marks as undefined, and for
\.{error} an error, which differs from every number.  An input on which one
variant has a value and the other an error is therefore a witness, and is
printed with the error.

@<Tool functions@>=
static void dis_pair_space(const dis_metric *m, int maxlen)
{
  long one, two;
  int i;
  dis_sets(maxlen, &one, &two);
  if (m->sets) printf("space: %ld sets of one or two lists, 1 to %d items in all;\n",
    one + two, maxlen);
  else printf("space: %ld lists of 1 to %d items;\n", dis_space(maxlen, 0), maxlen);
  fputs("       grades 0..2; no scores, or scores 0,1; ids", stdout);
  for (i = 0; i < maxlen; i++) printf("%c%s", i ? ',' : ' ', dis_ids[i]);
  puts(" in input order;");
  if (m->sets) puts("       no judged item outside the lists;");
  else puts("       no judged item outside the list, or one of grade 1;");
  puts("       no cutoff but the names' own");
  for (i = 0; i < 2; i++)
    if (m->var[i].v.k > (unsigned long) maxlen)
      printf("note: the cutoff %lu of %c is beyond every list searched\n",
        m->var[i].v.k, "ab"[i]);
}

@ {\it The report of a pair.}  It names the two variants canonically as
\.{a} and~\.{b}, says which space was searched and how large it is, and
gives one verdict.  \.{differ}: the smallest witness (its grades, scores,
identifiers and unretrieved judged item, and its place in the order of the
search) and both exact values, the fraction when the value is rational and
40 digits otherwise.  \.{equal on every list up to length}~$L$, with the
number of inputs: every input gave equal fractions, or values proved equal
by definition.  \.{agree}: no witness, but some values were equal in 40
digits only.  \.{unfinished}: the budget ran out first.  After a witness,
whether grades 0 and~1 suffice for a split; last, the split rate on
\dispop\ random queries (or sets) with its 95\% interval.  The exit status
is 0 whenever the comparison ran, whether the two differ or not (as for the
metrics: a script reads the verdict, the first word of its line); it is 2
for a usage error or a name the parser refuses.

@<Tool functions@>=
static void dis_pair_case(char *w, size_t len, const dis_pair *q, int sp)
{
  size_t o;
  int i, j;
  w[0] = '\0';
  for (j = 0; j < q->nq[sp]; j++) {
    const dis_case *c = j ? &q->wit2[sp] : &q->wit[sp];
    o = strlen(w);
    if (j) o += (size_t) snprintf(w + o, len - o, " | ");
    dis_case_text(w + o, len - o, c);
    o = strlen(w);
    o += (size_t) snprintf(w + o, len - o, "; ids");
    for (i = 0; i < c->n; i++)
      o += (size_t) snprintf(w + o, len - o, "%c%s", i ? ',' : ' ', dis_ids[i]);
  }
}
static void dis_pair_values(const dis_metric *m, const dis_pair *q, int sp)
{
  rm_list l[2] = {{0}};
  dis_val val[2];
  char out[DIS_VAL];
  int i;
  memset(val, 0, sizeof val);
  l[0] = dis_list(&q->wit[sp]); l[1] = dis_list(&q->wit2[sp]);
  for (i = 0; i < 2; i++) {
    dis_show(out, &m->var[i ? q->b : q->a], -1, l, (size_t) q->nq[sp], &val[i]);
    printf("  %c = %s%s\n", "ab"[i], out, val[i].sx != RM_UNDEFINED ? ""
      : "   (undefined; the value of its undef= convention)");
  }
  dis_clear(val, 2);
}

@ The verdict comes from the states of the search (1 a witness, 2 none in
the whole space), the split rate from the population.

@<Tool functions@>=
static void dis_pair_print(const dis_metric *m, int maxlen)
{
  const dis_pair *q = &m->pair[0];
  char w[400], up[40];
  int i, j, bin = 1;
  long t = q->tried[SP_GRADED];
  if (m->sets) snprintf(up, sizeof up, "set up to %d items", maxlen);
  else snprintf(up, sizeof up, "list up to length %d", maxlen);
  if (q->state[SP_GRADED] == 1) {
    dis_pair_case(w, sizeof w, q, SP_GRADED);
    printf("differ: smallest witness (input %ld of the search) %s\n", t, w);
    dis_pair_values(m, q, SP_GRADED);
    for (j = 0; j < q->nq[SP_GRADED]; j++) {
      const dis_case *c = j ? &q->wit2[SP_GRADED] : &q->wit[SP_GRADED];
      for (i = 0; i < c->n; i++) bin &= c->grade[i] <= 1;
    }
    if (bin) puts("  grades 0 and 1 suffice");
    else if (q->state[SP_BIN] == 1) {
      dis_pair_case(w, sizeof w, q, SP_BIN);
      printf("  with grades 0 and 1 only: smallest witness %s\n", w);
      dis_pair_values(m, q, SP_BIN);
    } else if (q->state[SP_BIN] == 2) puts("  with grades 0 and 1 only: no witness");
  } else if (q->state[SP_GRADED] == 2 && q->near[SP_GRADED] == 0)
    printf("equal on every %s (%ld inputs)\n", up, t);
  else if (q->state[SP_GRADED] == 2) {
    printf("agree on every %s (%ld inputs), ", up, t);
    printf("on %ld of them to 40 digits only, not proved equal\n", q->near[SP_GRADED]);
  } else printf("unfinished: no witness among the first %ld inputs (budget)\n", t);
  if (q->pop) {
    double lo, hi;
    dis_wilson(q->split, q->pop, &lo, &hi);
    printf("random: differ on %ld of %ld random %s", q->split, q->pop,
      m->sets ? "sets of 2 to 20 queries" : "queries");
    printf(" (%.1f%%, 95%% CI %.1f..%.1f%%)",
      100.0 * (double) q->split / (double) q->pop, 100 * lo, 100 * hi);
    if (q->split) printf("; |a-b| median %.3g, max %.3g", q->med, q->max);
    printf("%s\n", q->pop_done ? "" : "; not finished (budget)");
  } else puts("random: not run (budget)");
}

@ The pair's run: the names are parsed (for the parser's message), the pair
is refused if one name is an aggregate and the other not, and otherwise it
becomes a metric of two variants and one pair, named \.{pair} (the seed of
its population: every pair is compared on the same random queries).

@<Tool functions@>=
static int dis_pair_run(const char *na, const char *nb, int maxlen)
{
  const char *name[2];
  rm_variant v[2];
  char msg[200];
  dis_metric *m;
  int i, a, b;
  name[0] = na; name[1] = nb;
  for (i = 0; i < 2; i++)
    if (rm_variant_parse(name[i], &v[i], msg, sizeof msg) != RM_OK) {
      fprintf(stderr, "rankmetrics: disagree: bad variant name '%s': %s\n", name[i], msg);
      return 2; }
  if ((v[0].agg == RM_AGG_NONE) != (v[1].agg == RM_AGG_NONE)) {
    i = v[0].agg == RM_AGG_NONE; /* the aggregate */
    fprintf(stderr, "rankmetrics: disagree: '%s' is an aggregate, '%s' is not;",
      name[i], name[1 - i]);
    fprintf(stderr, " give both an aggregator (mean:%s) or neither\n", name[1 - i]);
    return 2; }
  if ((m = calloc(1, sizeof *m)) == NULL) {
    fputs("rankmetrics: disagree: out of memory\n", stderr); return 1; }
  snprintf(m->name, sizeof m->name, "pair");
  m->sets = v[0].agg != RM_AGG_NONE; m->own_k = 1;
  a = dis_add(m, na); b = dis_add(m, nb);
  printf("a: %s\nb: %s\n", m->var[a].canon, m->var[b].canon);
  if (a == b) puts("equal: the two names are one variant");
  else {
    dis_add_pair(m, a, b, 0, 0, "a", "b");
    dis_pair_space(m, maxlen);
    if (m->sets) dis_search_sets(m, maxlen);@+else dis_search(m, maxlen, 0);
    if (!dis_stopped && m->sets) dis_population_sets(m, DIS_POP);
    else if (!dis_stopped) dis_population(m, DIS_POP);
    if (dis_tty) fputs("\r                                                  \r", stderr);
    dis_pair_print(m, maxlen);
    if (dis_stopped)
      fputs("rankmetrics: disagree: budget exhausted; see the report\n", stderr);
  }
  free(m);
  return 0;
}

@ {\it Examples.}  The call
$$\hbox{\.{rankmetrics disagree 'ndcg@@10[ties=id-desc]' 'ndcg@@10[ideal=list,ties=average]'}}$$
asks whether trec\_eval's nDCG is scikit-learn's.  The search visits the three lists of one item (grades 0,
1,~2: both give~0, the convention for an undefined nDCG, then 1 and~1), the nine lists of two without
scores (no tie, and every judged item is retrieved, so the two rank alike
and have one ideal) and the four scored lists with grades $0,0$ (both~0).
The 17th input, grades $0,1$ with scores $0,0$ and identifiers \.{b}
and~\.{c}, is the smallest witness: trec\_eval's rule puts \.{c}, the
relevant item, first, and its nDCG is~1; the mean over both orders of the
tie is $(1+1/\lg3)/2=0.8154648767857287185497635571713804271498$, to 40
digits.  Grades 0 and~1 suffice, and the two differ on 117 of the 160
random queries.

\.{hr@@10[hit=any]} and \.{recall@@10} are both~1 on a list that retrieves
every relevant item, and both~0 on one that retrieves none; their smallest
witness is the 50th input, the first that retrieves one relevant item and
not another: grades~1 with a judged item of grade~1 not retrieved, where
any hit gives~1 and recall~$1/2$.  \.{ap[norm=rel]} and \.{ap[norm=min]}
are equal on all $6+90+486+2754+16038=19374$ lists up to length~5
($2\cdot3^n(1+2^n)$ of length $n\ge2$, with or without the unretrieved
item, and $2\cdot3$ of length~1), as they must be: without a cutoff
$\min(R,K)=R$.  And \.{mean:ap} and \.{micro:ap} split on the 50th set,
two lists of one item with grades 0 and~1: the mean counts the query
without a relevant item as~0 (its \.{undef=zero}) and gives~$1/2$, while
the micro average takes neither numerator nor denominator from it and
gives~1.
@^trec\_eval@>@^scikit-learn@>

@ The command.  Names may be given as the sources write them: \.{mrr} is
\.{rr} and \.{map} is \.{ap}; \.{gauc} names the sets searched above, and
comes after the metrics of one list.

@<Tool functions@>=
static const char *dis_alias(const char *s)
{
  if (strcmp(s, "mrr") == 0) return "rr";
  if (strcmp(s, "map") == 0) return "ap";
  return s;
}
static int cmd_disagree(int argc, char **argv)
{
  static char pid[DIS_POPN][8];
  const char *names[64], *texfile = NULL;
  int nn = 0, all = 0, maxlen = DIS_LEN, i, nm = 0, bad = 0, mi, sets = 0, pair = 0;
  double budget = 300;
  dis_metric *ms;
  FILE *tex = NULL;
  @<Read the arguments of \.{disagree}@>;
  for (i = 0; i < DIS_POPN; i++) { snprintf(pid[i], sizeof pid[i], "d%04d", (i * 7919) % DIS_POPN); dis_pids[i] = pid[i]; }
  dis_tty = isatty(2);
  dis_deadline = dis_now() + budget;
  dis_stopped = 0;
  if (pair) return dis_pair_run(names[0], names[1], maxlen);
  ms = calloc(40, sizeof *ms);
  if (ms == NULL) { fputs("rankmetrics: disagree: out of memory\n", stderr); return 1; }
  for (mi = 0; nm < 40 && mi < RM_N_METRICS; mi++) {
    const char *mname = rm_metric_name((rm_metric) mi);
    int j, want = all;
    for (j = 0; j < nn; j++) if (strcmp(dis_alias(names[j]), mname) == 0) { want = 1; names[j] = ""; }
    if (!want || !dis_setup(&ms[nm], (rm_metric) mi)) continue;
    if (!dis_stopped) dis_search(&ms[nm], maxlen, 0);
    if (!dis_stopped) dis_population(&ms[nm], DIS_POP);
    for (j = 0; j < ms[nm].np; j++) dis_print(&ms[nm], &ms[nm].pair[j], maxlen);
    nm++;
  }
  for (i = 0; i < nn; i++) if (strcmp(names[i], "gauc") == 0) { names[i] = ""; sets = 1; }
  if ((all || sets) && nm < 40 && dis_setup_gauc(&ms[nm])) {
    int j;
    if (!dis_stopped) dis_search_sets(&ms[nm], maxlen);
    if (!dis_stopped) dis_population_sets(&ms[nm], DIS_POP);
    for (j = 0; j < ms[nm].np; j++) dis_print(&ms[nm], &ms[nm].pair[j], maxlen);
    nm++;
  }
  for (i = 0; i < nn; i++) if (names[i][0]) {
    fprintf(stderr, "rankmetrics: disagree: unknown metric '%s'\n", names[i]); bad = 1; }
  if (dis_tty) fputs("\r                                                  \r", stderr);
  if (bad) { free(ms); return 2; }
  if (dis_stopped) @<Say which pairs were not finished@>;
  if (texfile) {
    tool_out o;
    if ((tex = out_open(&o, "disagree", texfile)) == NULL) { free(ms); return 1; }
    dis_tex_head(tex, maxlen, DIS_POP);
    dis_tex_counts(tex, ms, nm, maxlen);
    dis_tex_summary(tex, ms, nm);
    fputs("\\long\\def\\distables{%\n", tex);
    for (i = 0; i < nm; i++) dis_tex(tex, &ms[i], maxlen);
    fputs("}\n", tex);
    if (!out_close(&o, "disagree")) { free(ms); return 1; }
  }
  free(ms);
  return 0;
}

@ @<Read the arguments of \.{disagree}@>=
for (i = 0; i < argc; i++) {
  if (strcmp(argv[i], "--max-length") == 0 && i + 1 < argc) {
    maxlen = atoi(argv[++i]);
    if (maxlen < 1 || maxlen > DIS_MAXN) {
      fprintf(stderr, "rankmetrics: disagree: --max-length must be 1..%d\n", DIS_MAXN); return 2; }
  } else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc) {
    budget = atof(argv[++i]);
    if (!(budget > 0)) { fputs("rankmetrics: disagree: --budget must be positive\n", stderr); return 2; }
  } else if (strcmp(argv[i], "--tex") == 0 && i + 1 < argc) texfile = argv[++i];
  else if (strcmp(argv[i], "--pair") == 0) pair = 2;
  else if (argv[i][0] == '-') {
    fprintf(stderr, "rankmetrics: disagree: unknown option '%s'\n", argv[i]); return 2; }
  else if (strcmp(argv[i], "all") == 0) all = 1;
  else if (nn < 64) {
    if (dis_is_variant(argv[i]) && !pair) pair = 1;
    names[nn++] = argv[i]; }
}
@<Refuse a pair that is not two names@>;
if (nn == 0 && !all) {
  fputs("rankmetrics: disagree: name a metric or 'all'\n", stderr); return 2; }

@ A pair is two names and nothing else that names metrics: not one variant
name alone (that is the commonest slip: a metric's variants are named by
the metric), not three, not \.{all}, and no tables.

@<Refuse a pair that is not two names@>=
if (pair && nn == 1 && !all) {
  fprintf(stderr, "rankmetrics: disagree: a pair needs two names, not only '%s'%s\n",
    names[0], pair == 1 ? " (for the variants of a metric, name the metric)" : "");
  return 2; }
if (pair && (nn != 2 || all)) {
  fprintf(stderr, "rankmetrics: disagree: %s is two names; no third, no 'all'\n",
    pair == 2 ? "--pair A B" : "a pair"); return 2; }
if (pair && texfile) {
  fputs("rankmetrics: disagree: --tex writes the tables of metrics, not a pair\n", stderr);
  return 2; }

@ @<Say which pairs were not finished@>=
{
  int j;
  printf("budget of %g seconds exhausted; not finished:", budget);
  for (i = 0; i < nm; i++)
    for (j = 0; j < ms[i].np; j++) {
      const dis_pair *q = &ms[i].pair[j];
      if (q->state[SP_GRADED] == 0 || q->state[SP_BIN] == 0 || (q->cond && q->state[SP_COND] == 0)
          || !q->pop_done)
        printf(" %s(%s|%s)", ms[i].name, q->la, q->lb);
    }
  printf("%s\n", nm ? "" : " all");
  fprintf(stderr, "rankmetrics: disagree: budget exhausted; see the report\n");
}
@** Golden vectors.
The exact path's results are most useful outside this program: anyone who
implements one of our variants, in any language, can test an implementation
against them without trusting ours.  The tool writes them into the directory
\.{vectors/} of the repository, where they are kept under version control,
and the test suite regenerates them and compares the bytes, so the committed
vectors are always what this program computes.  \.{vectors/README.md}
describes the format for readers who never open this book.
@^golden vectors@>

Each family has two files with the same content: a JSON file in the manner of
Project Wycheproof, for any language with a JSON reader, and a plain text
twin that C and the shell read line by line.  For the cumulative-gain family
they are \.{vectors/cg\_dcg\_ndcg\_test.json} and
\.{vectors/cg\_dcg\_ndcg\_test.txt}.  The JSON file has a header (|algorithm|,
|schema|, |generatorVersion|, |numberOfTests|, |header| lines, and |notes|
that define every flag once) and then |testGroups|, one per variant name, each
holding its tests.  A test has a |tcId| unique in the file, a |comment|, its
|flags|, the input (|grades|, |scores| or |null|, |ids| or |null|, |judged|),
and the result: |"valid"| with the correctly rounded double in C99 hexadecimal
(|value|), 17 significant digits (|decimal17|), 40 significant digits
(|decimal40|) and the fraction (|rational|, or |null|), and a |status| of
|"ok"| or |"undefined"| (the value then set by the variant's \.{undef}
convention).  Values are never written in a form that could round twice:
the hexadecimal form is exact, and a reader should parse that one.

@ The vectors of a family are, first, every worked example of the book, then
for each variant in a fixed list a number of seeded random lists.  The random
lists are small and nasty: short, often shorter than the cutoff, often empty
of relevant items, with scores drawn from five values so that ties are
everywhere, grades 0 to~4, and up to three judged items that were not
retrieved.  The generator is SplitMix64 with a fixed seed, written out here so
that the vectors do not depend on any library's random numbers.

@<Tool functions@>=
typedef struct {@+ unsigned long long s; @+} rng;
static unsigned long long rng_next(rng *r)
{
  unsigned long long z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static int rng_below(rng *r, int n) /* uniform enough for test inputs */
{
  return (int) (rng_next(r) % (unsigned long long) n);
}

@ A random case owns its arrays; |random_case| fills one.  Most lists have
fewer than 13 items; one in eight has up to 63, and one in 32 from 100 to
1023, long enough for cutoffs of 100 to bite.  Identifiers are \.{d000},
\.{d001}, \dots\ in a random order, so that the identifier tie rules do not
simply reproduce the input order.

@<Tool functions@>=
#define MAX_CASE 1024
typedef struct {
  int grade[MAX_CASE], judged[4];
  unsigned char unj[MAX_CASE]; /* the markers, when |l.unjudged| points here */
  double score[MAX_CASE];
  char idbuf[MAX_CASE][8];
  const char *id[MAX_CASE];
  rm_list l;
} rand_case;
static void random_case(rng *r, rand_case *c)
{
  static const double levels[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
  int n, i, relevant = rng_below(r, 4) != 0;
  n = rng_below(r, 32) == 0 ? 100 + rng_below(r, MAX_CASE - 100)
    : rng_below(r, 8) == 0 ? 13 + rng_below(r, 51) : rng_below(r, 13);
  for (i = 0; i < n; i++) {
    c->grade[i] = relevant ? (rng_below(r, 3) == 0 ? rng_below(r, 5) : 0) : 0;
    c->score[i] = levels[rng_below(r, 5)];
    sprintf(c->idbuf[i], "d%03d", i);
  }
  for (i = n - 1; i > 0; i--) { /* shuffle the identifiers */
    int j = rng_below(r, i + 1);
    char t[8];
    memcpy(t, c->idbuf[i], 8); memcpy(c->idbuf[i], c->idbuf[j], 8);
    memcpy(c->idbuf[j], t, 8);
  }
  for (i = 0; i < n; i++) c->id[i] = c->idbuf[i];
  c->l.n = (size_t) n; c->l.grade = c->grade; c->l.score = c->score;
  c->l.id = c->id; c->l.label = NULL; c->l.unjudged = NULL;
  c->l.n_unretrieved = (size_t) rng_below(r, 4);
  for (i = 0; i < (int) c->l.n_unretrieved; i++)
    c->judged[i] = relevant ? rng_below(r, 5) : 0;
  c->l.unretrieved_grade = c->judged;
}

@ The lists of the metrics of incomplete judgments (\secref{q:judged}) also
carry markers: after |random_case| has drawn a list, |random_unjudged|
makes one item in eight unjudged and one in eight pooled but unjudged,
each of grade~0.  It draws its own numbers after the list's, so that only
the family that calls it sees a different sequence.

@<Tool functions@>=
static int judged_metric(rm_metric m)
{
  return m == RM_BPREF || m == RM_INFAP || m == RM_NONREL_JUDGED || m == RM_JUDGED
    || m == RM_UNJ || m == RM_RBP || m == RM_RBP_RESID;
}
static void random_unjudged(rng *r, rand_case *c)
{
  size_t i;
  for (i = 0; i < c->l.n; i++) {
    int k = rng_below(r, 8);
    c->unj[i] = (unsigned char) (k == 0 ? 1 : k == 1 ? 2 : 0);
    if (c->unj[i]) c->grade[i] = 0;
  }
  c->l.unjudged = c->unj;
}

@ Each metric chapter gives a family of vectors: a file name, a title, the set
of its metrics (the worked examples of those metrics go into its file) and
the variants that get random vectors.  These cover every value of every key
at least once, and the combinations that the sources and the common
libraries use.  The families are listed in |@<Vector families@>|, after their
lists of variants in |@<Vector variant lists@>|.

@<Tool functions@>=
typedef struct {
  const char *stem, *algorithm; /* file name stem; title */
  unsigned long long metrics; /* its metrics, as a set of codes */
  const char *const *variants; /* |NULL|-terminated */
} vector_family;
@<Vector variant lists@>@;
static const vector_family vector_families[] = {
  @<Vector families@>@;
  {NULL, NULL, 0, NULL}};

@ @<Vector families@>=
{"cg_dcg_ndcg", "cumulative gain: cg, dcg, idcg, ndcg",
  1ULL << RM_CG | 1ULL << RM_DCG | 1ULL << RM_IDCG | 1ULL << RM_NDCG, cg_variants},

@ @<Vector variant lists@>=
static const char *const cg_variants[] = {
  "cg", "cg@@5", "cg@@5[gain=exp2]", "cg@@5[ties=average]",
  "dcg", "dcg@@5", "dcg@@10[gain=exp2]", "dcg@@5[gain=binary,rel=2]",
  "dcg@@10[discount=jk]", "dcg@@10[discount=jk,base=3]", "dcg@@5[ties=average]",
  "dcg@@5[ties=id-desc]", "dcg@@5[ties=id-asc]",
  "idcg@@10", "idcg@@10[ideal=list]", "idcg@@10[ideal=topk]",
  "idcg@@10[gain=binary,ideal=ones]", "idcg@@5[gain=exp2,discount=jk,base=2]",
  "ndcg", "ndcg@@1", "ndcg@@5", "ndcg@@10", "ndcg@@100", "ndcg@@10[gain=exp2]",
  "ndcg@@10[gain=binary]", "ndcg@@10[ideal=list]", "ndcg@@10[gain=exp2,ideal=list]",
  "ndcg@@10[ideal=topk]", "ndcg@@10[gain=binary,ideal=ones]",
  "ndcg@@10[discount=jk]", "ndcg@@10[discount=jk,base=10]",
  "ndcg@@10[ties=pessimistic]", "ndcg@@10[ties=optimistic]",
  "ndcg@@10[ties=average]", "ndcg@@10[ties=id-desc]", "ndcg@@10[ties=id-asc]",
  "ndcg@@10[undef=one]", "ndcg@@10[gain=exp2,ties=average]",
  "ndcg@@10[ideal=list,ties=average]", "ndcg@@5[ideal=list,ties=average]",
  "dcg@@10[ties=average]",
  NULL};
#define CASES_PER_VARIANT 16
#define HARD_TRIES 2000 /* random lists searched per variant for hard cases */
#define SET_CASES 8 /* random sets per variant of the aggregates */

@ A test's flags are computed from its input and result.  They are defined
once, in the |notes| of the file.

@<Tool functions@>=
static const char *const flag_notes[][2] = {
  {"SourceExample", "A worked example of one of the five sources, with the"
    " value derived by hand in the book."},
  {"Erratum", "The source prints a different number for this value; the"
    " book's Errata part explains it."},
  {"Disagreement", "The smallest input on which this variant and another"
    " variant of the same metric give different exact values (the book's"
    " search, Where the definitions disagree); the comment names the other"
    " variant and its value."},
  {"Neighbour", "An input on which a neighbour of the variant (the same name"
    " with one key changed; the book's Golden vectors part) has another"
    " correctly rounded value or status: added so that the group tells them"
    " apart; the comment names the neighbour and its value."},
  {"Ties", "Some scores are equal, so the tie rule of the variant matters."},
  {"KBeyondList", "The cutoff is larger than the list."},
  {"NoRelevant", "No item of the list or of the judgments has a positive grade."},
  {"EmptyList", "The list has no items."},
  {"Unretrieved", "Some judged items were not retrieved."},
  {"ExactlyRepresentable", "The true value is a double: ternary value 0."},
  {"Rational", "The true value is rational; the fraction is given."},
  {"Undefined", "The value is undefined (0/0, say); it is set by the"
    " variant's undef convention."},
  {"LongList", "The list has 100 items or more."},
  {"HardToRound", "The true value lies within 2^-10 ulp of a rounding boundary"
    " of the double: an error of 1/1000 ulp can round it the wrong way."},
  {"BadGrade", "A grade is out of range: the input must be rejected."},
  {"MissingIds", "A tie rule needs identifiers that are missing: the input must"
    " be rejected."},
  {"BadScore", "A score is not finite (written 1e999, read as infinity): the"
    " input must be rejected."},
  {"MissingScores", "The variant needs scores (a classifier's cut, a"
    " correlation) and the list has none: the input must be rejected."},
  {"UndefinedError", "The value is undefined and the variant says undef=error:"
    " the input must be rejected."},
  {NULL, NULL}};
static int has_ties(const rm_list *l)
{
  size_t i, j;
  if (l->score == NULL) return 0;
  for (i = 0; i < l->n; i++)
    for (j = i + 1; j < l->n; j++) if (l->score[i] == l->score[j]) return 1;
  return 0;
}

@ One writer serves both files: it prints one test in JSON and in text.  The
comment, the flags and the inputs are known to the caller; the results come
from the exact path, and a vector that the exact path cannot decide is an
error, never a guess.

@<Tool functions@>=
typedef struct {@+ FILE *json, *text; int count, disagreement, neighbour; @+} vec_out;
static void json_ints(FILE *f, const int *a, size_t n)
{
  size_t i;
  fputc('[', f);
  for (i = 0; i < n; i++) fprintf(f, i ? ",%d" : "%d", a[i]);
  fputc(']', f);
}

@ A score is written with 17 significant digits, which read back exactly.
JSON has no infinity, so an infinite score (a vector that must be rejected)
is written \.{1e999}, a number too large for any double, which |strtod|,
Python's |json| and JavaScript's |JSON.parse| all read as infinity.  A NaN
has no such spelling and is not in the vectors.

@<Tool functions@>=
static void put_score(FILE *f, double x, int comma)
{
  if (comma) fputc(',', f);
  if (isinf(x)) fputs(x > 0 ? "1e999" : "-1e999", f);
  else fprintf(f, "%.17g", x);
}

@ A list is written as four fields, and a fifth, \.{unjudged}, the markers of
the input model, when it has them (only the family of incomplete judgments
does); in the text twin a set of queries
writes each field once, its queries separated by semicolons (the
separator of the command line's \.{value}), so that a field of one query
reads as before.  An empty list is nothing between its semicolons.

@<Tool functions@>=
static void json_list(FILE *f, const rm_list *l)
{
  size_t i;
  fputs("\"grades\": ", f);
  if (l->label) { /* ratings, written as they are: JSON numbers */
    fputc('[', f);
    for (i = 0; i < l->n; i++) fprintf(f, i ? ",%s" : "%s", l->label[i]);
    fputc(']', f);
  } else json_ints(f, l->grade, l->n);
  fputs(", \"scores\": ", f);
  if (l->score == NULL) fputs("null", f);
  else {
    fputc('[', f);
    for (i = 0; i < l->n; i++) put_score(f, l->score[i], i > 0);
    fputc(']', f);
  }
  fputs(", \"ids\": ", f);
  if (l->id == NULL) fputs("null", f);
  else {
    fputc('[', f);
    for (i = 0; i < l->n; i++) fprintf(f, i ? ",\"%s\"" : "\"%s\"", l->id[i]);
    fputc(']', f);
  }
  fputs(", \"judged\": ", f);
  json_ints(f, l->unretrieved_grade, l->n_unretrieved);
  if (l->unjudged) { /* only the lists of incomplete judgments have markers */
    fputs(", \"unjudged\": [", f);
    for (i = 0; i < l->n; i++) fprintf(f, i ? ",%d" : "%d", l->unjudged[i]);
    fputc(']', f);
  }
}
static void text_sep(FILE *f, size_t j, int nonempty)
{
  if (j) fputc(';', f);
  else if (nonempty) fputc(' ', f);
}
static void text_lists(FILE *f, const rm_list *q, size_t nq)
{
  size_t i, j;
  fputs("grades =", f);
  for (j = 0; j < nq; j++) {
    text_sep(f, j, q[j].n > 0 || nq > 1);
    for (i = 0; i < q[j].n; i++)
      if (q[j].label) fprintf(f, i ? ",%s" : "%s", q[j].label[i]);
      else fprintf(f, i ? ",%d" : "%d", q[j].grade[i]);
  }
  fputs("\nscores =", f);
  for (j = 0; j < nq; j++) {
    text_sep(f, j, q[j].score == NULL || q[j].n > 0 || nq > 1);
    if (q[j].score == NULL) fputs("none", f);
    else for (i = 0; i < q[j].n; i++) put_score(f, q[j].score[i], i > 0);
  }
  fputs("\nids =", f);
  for (j = 0; j < nq; j++) {
    text_sep(f, j, q[j].id == NULL || q[j].n > 0 || nq > 1);
    if (q[j].id == NULL) fputs("none", f);
    else for (i = 0; i < q[j].n; i++) fprintf(f, i ? ",%s" : "%s", q[j].id[i]);
  }
  fputs("\njudged =", f);
  for (j = 0; j < nq; j++) {
    text_sep(f, j, q[j].n_unretrieved > 0 || nq > 1);
    for (i = 0; i < q[j].n_unretrieved; i++)
      fprintf(f, i ? ",%d" : "%d", q[j].unretrieved_grade[i]);
  }
  for (j = 0; j < nq && q[j].unjudged == NULL; j++) continue;
  if (j < nq) {
    fputs("\nunjudged =", f);
    for (j = 0; j < nq; j++) {
      text_sep(f, j, q[j].unjudged == NULL || q[j].n > 0 || nq > 1);
      if (q[j].unjudged == NULL) fputs("none", f);
      else for (i = 0; i < q[j].n; i++) fprintf(f, i ? ",%d" : "%d", q[j].unjudged[i]);
    }
  }
  fputc('\n', f);
}
static const char *status_name(rm_status s);
static int write_set_test(vec_out *o, const rm_variant *v, const rm_list *q,
  size_t nq, int set, const char *comment, int source, int erratum, int invalid);
static int write_test(vec_out *o, const rm_variant *v, const rm_list *l,
  const char *comment, int source, int erratum, int invalid)
{
  return write_set_test(o, v, l, 1, 0, comment, source, erratum, invalid);
}
static void json_list(FILE *f, const rm_list *l);
static void text_lists(FILE *f, const rm_list *q, size_t nq);
static int write_set_test(vec_out *o, const rm_variant *v, const rm_list *q,
  size_t nq, int set, const char *comment, int source, int erratum, int invalid)
{
  rm_exact e;
  rm_status s;
  char d17[40], flags[300] = "";
  size_t i, j;
  int ok = 1;
  rm_exact_init(&e);
  s = set ? rm_value_set_exact(v, q, nq, &e) : rm_value_exact(v, q, &e);
  if ((s < 0) != invalid) {
    fprintf(stderr, "rankmetrics: vectors: test %d: %s\n", o->count + 1,
      s < 0 ? rm_strerror(s) : "an input meant to be invalid was accepted");
    rm_exact_clear(&e);
    return 0;
  }
  @<Compute the flags of the test into |flags|@>;
  snprintf(d17, sizeof d17, "%.17g", e.value);
  o->count++;
  @<Write the test in JSON@>;
  @<Write the test as text@>;
  rm_exact_clear(&e);
  return ok;
}

@ An invalid input is reported with the name of the status the library
returns for it.

@<Tool functions@>=
static const char *status_name(rm_status s)
{
  switch (s) {
  case RM_EINVAL: return "RM_EINVAL";
  case RM_EGRADE: return "RM_EGRADE";
  case RM_ESCORE: return "RM_ESCORE";
  case RM_EK: return "RM_EK";
  case RM_ENAME: return "RM_ENAME";
  case RM_EIDS: return "RM_EIDS";
  case RM_EUNDEF: return "RM_EUNDEF";
  default: return "RM_E";
  }
}

@ @<Compute the flags of the test...@>=
{
  int none = 1, ties = 0, beyond = 0, empty = 0, unret = 0, longl = 0;
  for (j = 0; j < nq; j++) {
    const rm_list *l = &q[j];
    for (i = 0; i < l->n; i++) if (l->grade == NULL || l->grade[i] > 0) none = 0;
    for (i = 0; i < l->n_unretrieved; i++) if (l->unretrieved_grade[i] > 0) none = 0;
    ties |= has_ties(l); beyond |= v->k > l->n; empty |= l->n == 0;
    unret |= l->n_unretrieved > 0; longl |= l->n >= 100;
  }
#define FLAG(c, name) if (c) strcat(strcat(flags, flags[0] ? "," : ""), "\"" name "\"")
  FLAG(source, "SourceExample"); FLAG(erratum, "Erratum");
  FLAG(o->disagreement, "Disagreement"); FLAG(o->neighbour, "Neighbour");
  FLAG(ties, "Ties"); FLAG(beyond, "KBeyondList");
  FLAG(none, "NoRelevant"); FLAG(empty, "EmptyList");
  FLAG(unret, "Unretrieved");
  FLAG(s >= 0 && e.ternary == 0, "ExactlyRepresentable");
  FLAG(s >= 0 && e.rational != NULL, "Rational");
  FLAG(s == RM_UNDEFINED, "Undefined"); FLAG(longl, "LongList");
  FLAG(s >= 0 && e.hard_bits >= 10, "HardToRound");
  FLAG(s == RM_EGRADE, "BadGrade"); FLAG(s == RM_EIDS, "MissingIds");
  FLAG(s == RM_ESCORE, "BadScore"); FLAG(s == RM_EINVAL, "MissingScores");
  FLAG(s == RM_EUNDEF, "UndefinedError");
#undef FLAG
}

@ Scores are printed with 17 significant digits, which read back exactly;
identifiers here are plain ASCII and need no escapes.

@<Write the test in JSON@>=
fprintf(o->json, "\n        {\"tcId\": %d, \"comment\": \"%s\", \"flags\": [%s],\n"
  "         ", o->count, comment, flags);
if (set) {
  fputs("\"queries\": [", o->json);
  for (j = 0; j < nq; j++) {
    fputs(j ? ",\n           {" : "\n           {", o->json);
    json_list(o->json, &q[j]);
    fputc('}', o->json);
  }
  fputc(']', o->json);
} else json_list(o->json, q);
if (s < 0) fprintf(o->json, ",\n         \"result\": \"invalid\", \"error\": \"%s\"}",
  status_name(s));
else {
  fprintf(o->json, ",\n         \"result\": \"valid\", \"status\": \"%s\", \"value\": \"%a\","
    " \"decimal17\": \"%s\",\n         \"decimal40\": \"%s\", \"rational\": ",
    s == RM_UNDEFINED ? "undefined" : "ok", e.value, d17, e.decimal);
  if (e.rational) fprintf(o->json, "\"%s\"}", e.rational);
  else fputs("null}", o->json);
}

@ The text twin writes the flags without quotes.

@<Write the test as text@>=
fprintf(o->text, "\ntcId = %d\ncomment = %s\nflags =", o->count, comment);
for (i = 0; flags[i]; i++) if (flags[i] != '"') fputc(flags[i], o->text);
  else if (i == 0) fputc(' ', o->text);
fputc('\n', o->text);
if (set) fprintf(o->text, "queries = %lu\n", (unsigned long) nq);
text_lists(o->text, q, nq);
if (s < 0) fprintf(o->text, "result = invalid\nerror = %s\n", status_name(s));
else fprintf(o->text, "result = valid\nstatus = %s\nvalue = %a\ndecimal = %s\nrational = %s\n",
  s == RM_UNDEFINED ? "undefined" : "ok", e.value, e.decimal,
  e.rational ? e.rational : "none");

@ {\it The neighbours of a variant.}
A vector that a wrong program passes tests nothing.  The wrong programs
most worth catching are those that compute a {\it neighbour\/} of the
variant: the same name with one choice made the other way.  A neighbour
of a variant differs from it in one key and nowhere else:
\smallskip
\item{$\bullet$} a key whose values are words takes each of its other
words (\.{gain=exp2} and \.{gain=binary} for \.{gain=linear});
\item{$\bullet$} a whole-number key takes the numbers next to its value,
one below and one above, when the parser accepts them (\.{rel=1} has only
\.{rel=2}; \.{gmax=30} only \.{gmax=29});
\item{$\bullet$} a fraction key ($\beta^2$, the cut of a classifier),
written $p/q$ in lowest terms, takes $(p-1)/q$, $(p+1)/q$, $2p/q$ and
$p/2q$, the nearest values and the nearest powers of two apart, so that
\.{beta2=1} has the neighbours \.{beta2=2} and \.{beta2=1/2};
\item{$\bullet$} the cutoff takes $K-1$ and $K+1$ and every other cutoff
that the caller says is in use (for a family of vectors, the cutoffs of
its variants, with ``no cutoff'' among them when a variant has none), and
a variant without a cutoff takes those cutoffs;
\item{$\bullet$} the name of an aggregate (\.{mean[skip=none,weight=uniform]:ap})
has the neighbours of its inner metric, the aggregator kept, and those
that change one key of the aggregator.
\smallskip
\noindent A key that the variant does not read is no neighbour: \.{rel} of
\.{ndcg[gain=linear]} does not exist.  A change of one key can make a
numeric key inapplicable (\.{gain=binary,rel=2} to \.{gain=linear}), and
then that key goes, since the variant has no such field any more; a change
that makes the parser refuse the name (\.{ideal=topk} with
\.{ties=average}) gives no neighbour.  Every neighbour is written by its
canonical name, each once, and the variant itself is never its own
neighbour.  The keys and their words come from the library's tables
(|rm_metric_keys|, |rm_aggregator_keys|, |rm_key_words|), so the function
knows no key the parser does not.
@^neighbours of a variant@>

@ The interface: |variant_neighbours(name,cuts,ncuts,out,max)| parses
|name|, writes at most |max| neighbours into |out| and returns their
number, or $-1$ when the name does not parse.  |cuts| holds |ncuts|
cutoffs in use, 0 for ``no cutoff''.  Each neighbour has its canonical
name, the key that changed (\.{K} for the cutoff), and the change as text
(\.{gain=exp2}, \.{@@11}, \.{no cutoff}).  It uses nothing but the
library's public functions, so \.{verify} can use it as well as the
vectors.

@<Tool functions@>=
#define NB_MAX 96 /* more than any variant of this version has */
typedef struct {
  char name[RM_NAME_MAX]; /* its canonical name */
  char key[16]; /* the key that changed, or \.{K} */
  char change[48]; /* the change, as text */
} neighbour;
typedef struct {@+ neighbour *out; int n, max; char canon[RM_NAME_MAX]; @+} nb_set;

@ A candidate name is parsed; when the parser says that a key does not
apply, that key is dropped and the name read again.  What parses is kept
under its canonical name unless it is the variant or is kept already.

@<Tool functions@>=
static void nb_drop(char *s, const char *key) /* remove the option |key| */
{
  char pat[40], *p, *end;
  size_t kl = strlen(key);
  snprintf(pat, sizeof pat, "%s=", key);
  for (p = strchr(s, '['); p && (p = strstr(p, pat)) != NULL; p += kl)
    if (p[-1] == '[' || p[-1] == ',') break;
  if (p == NULL) return;
  end = p + strcspn(p, ",]");
  if (*end == ',') memmove(p, end + 1, strlen(end + 1) + 1);
  else if (p[-1] == ',') memmove(p - 1, end, strlen(end) + 1);
  else memmove(p - 1, end + 1, strlen(end + 1) + 1); /* the only option */
}
static void nb_add(nb_set *z, const char *cand, const char *key, const char *change)
{
  char s[2 * RM_NAME_MAX], msg[200], canon[RM_NAME_MAX];
  rm_variant w;
  int tries, i;
  snprintf(s, sizeof s, "%s", cand);
  for (tries = 0; tries < 4; tries++) {
    const char *q;
    char dead[32];
    if (rm_variant_parse(s, &w, msg, sizeof msg) == RM_OK) break;
    if ((q = strstr(msg, "the key '")) == NULL || strstr(msg, "does not apply") == NULL
        || sscanf(q + 9, "%31[^']", dead) != 1) return;
    nb_drop(s, dead);
  }
  if (tries == 4) return;
  rm_variant_name(&w, canon, sizeof canon);
  if (strcmp(canon, z->canon) == 0) return;
  for (i = 0; i < z->n; i++) if (strcmp(z->out[i].name, canon) == 0) return;
  if (z->n == z->max) return;
  strcpy(z->out[z->n].name, canon);
  snprintf(z->out[z->n].key, sizeof z->out[0].key, "%s", key);
  snprintf(z->out[z->n++].change, sizeof z->out[0].change, "%s", change);
}

@ |nb_with| writes |canon| with the value of |key| replaced by |val|, in
the aggregator's options (|inner| zero) or the inner metric's; |nb_value|
finds the value as text.  Both return 0 when the name lacks the key.

@<Tool functions@>=
static const char *nb_find(const char *canon, int inner, const char *key)
{
  const char *colon = strchr(canon, ':'), *p, *end;
  size_t kl = strlen(key);
  p = inner && colon ? colon + 1 : canon;
  end = inner || !colon ? p + strlen(p) : colon;
  for (p = strchr(p, '['); p && p < end; p = strpbrk(p + 1, "[,"))
    if (strncmp(p + 1, key, kl) == 0 && p[kl + 1] == '=') return p + kl + 2;
  return NULL;
}
static int nb_value(const char *canon, int inner, const char *key, char *val, size_t len)
{
  const char *v = nb_find(canon, inner, key);
  if (v == NULL) return 0;
  snprintf(val, len, "%.*s", (int) strcspn(v, ",]"), v);
  return 1;
}
static int nb_with(const char *canon, int inner, const char *key, const char *val,
  char *out, size_t len)
{
  const char *v = nb_find(canon, inner, key);
  if (v == NULL) return 0;
  snprintf(out, len, "%.*s%s%s", (int) (v - canon), canon, val, v + strcspn(v, ",]"));
  return 1;
}

@ A value of a numeric key is read as a fraction $p/q$ (a whole number has
$q=1$); a key takes fractions when the parser accepts the value \.{1/2}
for it.

@<Tool functions@>=
static int nb_fraction(const char *s, long long *p, long long *q)
{
  long long a = 0, b = 1, x, y;
  for (; *s >= '0' && *s <= '9'; s++) a = 10 * a + (*s - '0');
  if (*s == '.') for (s++; *s >= '0' && *s <= '9'; s++) a = 10 * a + (*s - '0'), b *= 10;
  else if (*s == '/') for (b = 0, s++; *s >= '0' && *s <= '9'; s++) b = 10 * b + (*s - '0');
  if (*s != '\0' || b == 0) return 0;
  for (x = a, y = b; y; ) { long long t = x % y; x = y; y = t; }
  if (x > 1) a /= x, b /= x;
  *p = a; *q = b;
  return 1;
}

@ The neighbours of one list of options: the aggregator's (|inner| zero)
or the metric's.

@<Tool functions@>=
static void nb_keys(nb_set *z, int inner, const char **names, size_t nk)
{
  char val[40], cand[2 * RM_NAME_MAX], change[48], half[2 * RM_NAME_MAX];
  size_t t;
  int j;
  rm_variant w;
  for (t = 0; t < nk; t++) {
    const char *const *words = rm_key_words(names[t]);
    if (!nb_value(z->canon, inner, names[t], val, sizeof val)) continue;
    if (words) {
      for (j = 0; words[j]; j++) {
        if (strcmp(words[j], val) == 0) continue;
        nb_with(z->canon, inner, names[t], words[j], cand, sizeof cand);
        snprintf(change, sizeof change, "%s=%s", names[t], words[j]);
        nb_add(z, cand, names[t], change);
      }
    } else {
      long long p, q, c[4];
      int frac;
      if (!nb_fraction(val, &p, &q)) continue;
      nb_with(z->canon, inner, names[t], "1/2", half, sizeof half);
      frac = rm_variant_parse(half, &w, NULL, 0) == RM_OK;
      c[0] = p - 1; c[1] = p + 1; c[2] = 2 * p; c[3] = p;
      for (j = 0; j < (frac ? 4 : 2); j++) {
        long long d = j == 3 ? 2 * q : q, x = c[j], y = d;
        if (c[j] < 0) continue;
        while (y) { long long t = x % y; x = y; y = t; }
        if (x > 1) c[j] /= x, d /= x;
        if (d == 1) snprintf(val, sizeof val, "%lld", c[j]);
        else snprintf(val, sizeof val, "%lld/%lld", c[j], d);
        nb_with(z->canon, inner, names[t], val, cand, sizeof cand);
        snprintf(change, sizeof change, "%s=%s", names[t], val);
        nb_add(z, cand, names[t], change);
      }
    }
  }
}

@ The cutoff's neighbours, written into the inner name between the metric
and its options.

@<Tool functions@>=
static void nb_cutoff(nb_set *z, const rm_variant *v, const unsigned long *cuts,
  int ncuts)
{
  const char *inner = strchr(z->canon, ':'), *opts;
  unsigned long c[2];
  char cand[2 * RM_NAME_MAX], change[48];
  int j, nc = 0;
  inner = inner ? inner + 1 : z->canon;
  opts = inner + strcspn(inner, "@@[");
  if (opts[0] == '@@') opts += 1 + strspn(opts + 1, "0123456789");
  if (v->k > 1) c[nc++] = v->k - 1;
  if (v->k > 0 && v->k < RM_K_MAX) c[nc++] = v->k + 1;
  for (j = 0; j < nc + ncuts; j++) {
    unsigned long k = j < nc ? c[j] : cuts[j - nc];
    int m = (int) strcspn(inner, "@@[");
    if (k == v->k) continue;
    if (k) snprintf(cand, sizeof cand, "%.*s%.*s@@%lu%s", (int) (inner - z->canon),
      z->canon, m, inner, k, opts);
    else snprintf(cand, sizeof cand, "%.*s%.*s%s", (int) (inner - z->canon), z->canon,
      m, inner, opts);
    if (k) snprintf(change, sizeof change, "@@%lu", k);
    else snprintf(change, sizeof change, "no cutoff");
    nb_add(z, cand, "K", change);
  }
}

@ @<Tool functions@>=
static int variant_neighbours(const char *name, const unsigned long *cuts, int ncuts,
  neighbour *out, int max)
{
  const char *names[64];
  nb_set z;
  rm_variant v;
  if (rm_variant_parse(name, &v, NULL, 0) != RM_OK) return -1;
  z.out = out; z.n = 0; z.max = max;
  rm_variant_name(&v, z.canon, sizeof z.canon);
  if (v.agg != RM_AGG_NONE)
    nb_keys(&z, 0, names, rm_aggregator_keys((rm_agg) v.agg, names, 64));
  nb_keys(&z, 1, names, rm_metric_keys(v.metric, names, 64));
  if (rm_metric_takes_cutoff(v.metric)) nb_cutoff(&z, &v, cuts, ncuts);
  return z.n;
}

@ The command \.{neighbours} shows them: \.{rankmetrics neighbours
ndcg@@10 5 0} prints the neighbours of \.{ndcg@@10}, with the cutoffs 5 and
``none'' in use, one a line: the key, the change, the canonical name.

@<Tool functions@>=
static int cmd_neighbours(int argc, char **argv)
{
  neighbour nb[NB_MAX];
  unsigned long cuts[32];
  int i, n, nc = 0;
  char *end;
  if (argc < 1 || argc > 33) {
    fputs("rankmetrics: neighbours: usage: rankmetrics neighbours NAME [K...]\n", stderr);
    return 2;
  }
  for (i = 1; i < argc; i++) {
    cuts[nc] = strtoul(argv[i], &end, 10);
    if (end == argv[i] || *end != '\0' || cuts[nc] > RM_K_MAX) {
      fprintf(stderr, "rankmetrics: neighbours: '%s' is not a cutoff (0 for none)\n", argv[i]);
      return 2;
    }
    nc++;
  }
  if ((n = variant_neighbours(argv[0], cuts, nc, nb, NB_MAX)) < 0) {
    fprintf(stderr, "rankmetrics: neighbours: '%s' is not a variant name\n", argv[0]);
    return 2;
  }
  for (i = 0; i < n; i++) printf("%-8s %-16s %s\n", nb[i].key, nb[i].change, nb[i].name);
  return 0;
}

@ {\it Adequacy.}
The vectors of a variant are {\it adequate\/} when every neighbour of the
variant that is a different function fails at least one of them.  A
neighbour {\it fails\/} a test when a correct implementation of the
neighbour would be judged wrong by \.{verify} at zero ulps: it rejects an
input the test says is valid, or accepts one the test says is invalid, or
its correctly rounded double is not the test's.  Two variants are the same
{\it function\/} when no input tells them apart; then no vector can, and
none is needed.  So for each group of vectors and each neighbour of its
variant the question has three answers:
\smallskip
\item{$\bullet$} {\it distinguished}: the neighbour fails a test of the group;
\item{$\bullet$} {\it the same function}: no input tells them apart, either
by a rule of the definitions (below), or because none was found by the
search below, which is then named as the reason;
\item{$\bullet$} {\it undistinguished}: a program that computes the
neighbour passes every test of the group, although an input (the search
found one) tells the two apart.
\smallskip
\noindent Adequacy is measured for the groups of the variants in a
family's list, those with random cases; the worked examples of the same
variant count with them.  The worked examples of other variants and the
smallest witnesses of the family \.{disagreements} stand alone, one test a
variant: they document a value or a split, and are not meant to pin a
variant down.  A family's cutoffs in use, for the neighbours, are those of
its list.  The {\it adequacy\/} of a family is the number of neighbours
distinguished over the number that are different functions; the vectors
are adequate when the two are equal.
@^adequacy of the vectors@>

@ {\it The adequacy of these vectors.}  The build of this book runs the
command \.{rankmetrics adequacy} (see the section on \.{verify}) on the
committed vectors, and \.{make check} runs it too and fails on a
neighbour that is undistinguished.  Its numbers, per family: the groups
measured, the neighbours of their variants, distinguished over different
functions, and the neighbours that are the same function.
\input adequacy
$$\vbox{\halign{\tt#\hfil\quad&\hfil#\quad&\hfil#\quad&\hfil#\quad&\hfil#\cr
\rm family&\rm groups&\rm neighbours&\rm distinguished&\rm same\cr
\noalign{\smallskip\hrule\smallskip}
\adqrows}}$$
Before the generator added the witnesses of the next sections, 170 of
the 2190 neighbours that are different functions passed a whole group:
72 other cutoffs, 59 other tie rules, 16 other \.{undef} conventions, 9
other \.{skip} rules of an aggregate, and 14 others (\.{rel}, \.{ideal},
\.{norm}, \.{gain}, \.{cut}).  Among them \.{idcg@@10[ideal=topk]} passed
as \.{ideal=list}, \.{ndcg@@1} as \.{gain=exp2}, \.{gain=binary} and
\.{ideal=list}, and \.{ap@@10} as \.{norm=min}: the random lists are
short and sparse, so none put a relevant item below rank~10 that changes
the ideal, and none had more than ten relevant items.

The neighbours that are the same function, variant by variant (a dagger
marks a rule of the definitions; the others are so on the inputs
searched):

{\eightrm\baselineskip9.5pt\rightskip0pt plus1fil\noindent\adqsame\par}

\noindent They are of a few kinds, each a consequence of the definitions.
Without a cutoff, precision, recall, $F$, the hit ratio and the cumulative
gain read which items were retrieved, not their order, so no tie rule
changes them.  Some metrics are never undefined: the reciprocal rank with
\.{hits=first} or \.{sum} (a list without a relevant item has the value~0,
by definition), precision at a cutoff that divides by~$K$, the hit ratio
at a cutoff; for them \.{undef} is never read, and an aggregate's
\.{skip=undef} skips nothing.  At $K=1$ the one rank that counts has the
discount~1 under any discount, precision divides by~1 however its
denominator is chosen, and the first hit is the only hit.  The
J\"arvelin--Kek\"al\"ainen discount with base~$b$ is 1 up to rank~$b$ and
$\log_b r$ after it, so at $K=10$ the bases 10 and~11 agree on every rank
that counts.  The ideal of $K$ ones is $K$ items of gain~1 whatever the
grades, so \.{idcg[ideal=ones]} reads neither the gain nor the threshold
(a rule of the definitions, not searched), and at a cutoff its \.{ndcg} is
never 0/0.  A micro average pools counts, to which a
query without relevant items, or without retrieved items, adds nothing on
one side; and a query that retrieved nothing has the weight~0 in a mean
weighted by items.  Last, \.{norm=min} divides average precision or recall
by $\min(R,K)$, which is~$R$, the divisor of \.{norm=rel}, when there is no
cutoff (a rule too).

@ Whether a variant |a| fails a test: |l| holds the test's |nq| lists (a set
when |a| is an aggregate), |invalid| says the test must be rejected, and
|expect| is its correctly rounded value.  The double path decides when it
is far from |expect| (farther than its bound plus one ulp, as in the search
of \.{verify}); otherwise the exact path does.

@<Tool functions@>=
static int adq_fails(const rm_variant *a, const rm_list *l, size_t nq, int invalid,
  double expect, rm_work *w)
{
  rm_exact e;
  double d;
  int set = a->agg != RM_AGG_NONE, r;
  rm_status s = set ? rm_value_set(a, l, nq, NULL, &d) : rm_value(a, l, w, &d);
  if (invalid || s < 0) return (s < 0) != invalid;
  if (rm_ulps_between(d, expect) > rm_ulp_bound(a) + 1) return 1;
  rm_exact_init(&e);
  s = set ? rm_value_set_exact(a, l, nq, &e) : rm_value_exact(a, l, &e);
  r = s < 0 || e.value != expect; /* $+0$ and $-0$ are one value */
  rm_exact_clear(&e);
  return r;
}

@ {\it The same by definition.}  Two rules of this book make two
neighbours one function outright.  The normaliser \.{norm=min} divides by
$\min(R,K)$, which is $R$, that of \.{norm=rel}, when there is no cutoff;
so \.{ap[norm=min]} {\it is\/} \.{ap[norm=rel]} and \.{recall[norm=min]}
is \.{recall[norm=rel]}.  And the ideal \.{ones} is $K$ items of gain~1
whatever the judgments, so \.{idcg} with it reads neither \.{gain} nor
\.{rel}.  Such a pair is not searched.

@<Tool functions@>=
static const char *adq_same_by_definition(const rm_variant *v, const rm_variant *a,
  const char *key)
{
  const char *const *w = rm_key_words("norm");
  int rv, ra;
  char x[RM_NAME_MAX], y[RM_NAME_MAX], *p;
  if (v->metric == RM_IDCG && v->ideal == RM_IDEAL_ONES && a->ideal == RM_IDEAL_ONES
      && (strcmp(key, "gain") == 0 || strcmp(key, "rel") == 0))
    return "the ideal of K ones reads no grade";
  if (strcmp(key, "norm") != 0 || v->k != 0 || w == NULL) return NULL;
  rm_variant_name(v, x, sizeof x); rm_variant_name(a, y, sizeof y);
  rv = (p = strstr(x, "norm=")) != NULL && (strncmp(p + 5, "rel", 3) == 0
    || strncmp(p + 5, "min", 3) == 0);
  ra = (p = strstr(y, "norm=")) != NULL && (strncmp(p + 5, "rel", 3) == 0
    || strncmp(p + 5, "min", 3) == 0);
  return rv && ra ? "norm=min divides by min(R,K), which is R without a cutoff" : NULL;
}

@ {\it The search for a witness.}  An input tells a variant~|v| from a
neighbour~|a| when a test of~|v| on it would fail~|a|: the two statuses
differ in sign, or their correctly rounded doubles differ.  The search
visits, in this order:
\smallskip
\item{1.} every list of at most |ADQ_LEN| items, by increasing length,
with grades from a small set (0, 1,~2, the thresholds \.{rel} of both
variants, and their \.{gmax} when that is the key that differs), without
scores or (from two items on) with scores 0 and~1, and without or with
one unretrieved item of grade~1;
\item{2.} |ADQ_RANDOM| seeded random lists, of up to three items more
than the larger cutoff of the two (so that $K$ and $K+1$ can split),
with grades from the same set, scores or none, identifiers, and up to two
unretrieved items (the next section says how they are drawn);
\item{3.} the lists of the first part again, now with the exact path.
\smallskip
\noindent In the first two parts only a difference larger than the sum
of the two double paths' bounds counts, which settles almost every pair
at once; the third part, with a close call decided on the exact path,
is reached only by the pairs that agree everywhere before it.  There a
pair that differs in \.{undef} alone is equal on an input where neither
value is undefined, by definition, without the exact path: the
convention is read only for an undefined value.  For an aggregate each
list is a set of one query in the first and third parts, and a set of
one to three random lists in the second.  The first input that tells the
two apart is the witness.  When none does, the pair is reported as the
same function {\it on the inputs searched}, a statement about the
search, not a proof.

@<Tool functions@>=
#define ADQ_LEN 4 /* the exhaustive part: lists up to this length */
#define ADQ_RANDOM 3000 /* the random part: lists, or sets */
typedef struct {
  int nq; /* lists in the witness */
  rand_case c[3];
  rm_list l[3]; /* the lists, side by side, once the witness is found */
} adq_witness_t;
static int adq_split(const rm_variant *v, const rm_variant *a, const char *key,
  const rm_list *l, size_t nq, int exact, rm_work *w)
{
  double dv, da;
  int set = v->agg != RM_AGG_NONE, r;
  rm_status sv = set ? rm_value_set(v, l, nq, NULL, &dv) : rm_value(v, l, w, &dv);
  rm_status sa = set ? rm_value_set(a, l, nq, NULL, &da) : rm_value(a, l, w, &da);
  rm_exact e;
  if (sv < 0 || sa < 0) return (sv < 0) != (sa < 0);
  if (rm_ulps_between(dv, da) > rm_ulp_bound(v) + rm_ulp_bound(a) + 2) return 1;
  if (!exact || (strcmp(key, "undef") == 0 && sv == RM_OK && sa == RM_OK)) return 0;
  rm_exact_init(&e);
  if ((set ? rm_value_set_exact(v, l, nq, &e) : rm_value_exact(v, l, &e)) < 0) r = 0;
  else r = adq_fails(a, l, nq, 0, e.value, w);
  rm_exact_clear(&e);
  return r;
}

@ The set of grades, and a list of the search's first part from its
index: grades in base~|ng|, then scores in binary.

@<Tool functions@>=
static int adq_grades(const rm_variant *v, const rm_variant *a, const char *key, int *g)
{
  int n = 0, x[4], i, j, c;
  g[n++] = 0; g[n++] = 1; g[n++] = 2;
  c = 0;
  x[c++] = v->rel; x[c++] = a->rel;
  if (strcmp(key, "gmax") == 0) { x[c++] = v->gmax; x[c++] = a->gmax; }
  for (i = 0; i < c; i++) {
    for (j = 0; j < n && g[j] != x[i]; j++) continue;
    if (j == n) g[n++] = x[i];
  }
  return n;
}
static void adq_case(rand_case *rc, const int *g, int ng, int n, long gi, long si,
  int scored, int u)
{
  int i;
  for (i = n - 1; i >= 0; i--) { rc->grade[i] = g[gi % ng]; gi /= ng; }
  for (i = 0; i < n; i++) {
    rc->score[i] = (double) ((si >> (n - 1 - i)) & 1);
    snprintf(rc->idbuf[i], sizeof rc->idbuf[i], "%s", dis_ids[i]);
    rc->id[i] = rc->idbuf[i];
  }
  rc->judged[0] = 1;
  rc->l.n = (size_t) n; rc->l.grade = rc->grade;
  rc->l.score = scored ? rc->score : NULL; rc->l.id = rc->id;
  rc->l.n_unretrieved = (size_t) u; rc->l.unretrieved_grade = rc->judged;
  rc->l.unjudged = NULL; rc->l.label = NULL;
}

@ A random list of the second part: from a tenth to all of the items
relevant (so that a list can have more relevant items than a cutoff),
scores from the five levels or in sixteenths (so that a cut between two
levels can matter), the identifiers shuffled as in |random_case|.

@<Tool functions@>=
static void adq_random(rng *r, rand_case *rc, const int *g, int ng, int len)
{
  static const double levels[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
  static const int density[4] = {1, 3, 6, 10}; /* tenths of the items relevant */
  int n = rng_below(r, len + 1), i, scored = rng_below(r, 4) != 0;
  int p = density[rng_below(r, 4)];
  for (i = 0; i < n; i++) {
    rc->grade[i] = rng_below(r, 10) < p ? g[1 + rng_below(r, ng - 1)] : 0;
    rc->score[i] = rng_below(r, 2) ? levels[rng_below(r, 5)] : rng_below(r, 17) / 16.0;
    sprintf(rc->idbuf[i], "d%03d", i);
  }
  for (i = n - 1; i > 0; i--) { /* shuffle the identifiers */
    int j = rng_below(r, i + 1);
    char t[8];
    memcpy(t, rc->idbuf[i], 8); memcpy(rc->idbuf[i], rc->idbuf[j], 8);
    memcpy(rc->idbuf[j], t, 8);
  }
  for (i = 0; i < n; i++) rc->id[i] = rc->idbuf[i];
  rc->l.n = (size_t) n; rc->l.grade = rc->grade;
  rc->l.score = scored ? rc->score : NULL; rc->l.id = rc->id;
  rc->l.n_unretrieved = (size_t) rng_below(r, 3);
  for (i = 0; i < (int) rc->l.n_unretrieved; i++) rc->judged[i] = g[rng_below(r, ng)];
  rc->l.unretrieved_grade = rc->judged;
  rc->l.unjudged = NULL; rc->l.label = NULL;
}

@ The search.  It returns 1 with the witness in |wit|, or 0.  The seed
of the random part is the two names, so that every run finds the same
witness.

@<Tool functions@>=
static int adq_small(const rm_variant *v, const rm_variant *a, const char *key,
  const int *g, int ng, int exact, adq_witness_t *wit, rm_work *w)
{
  int n, u, sc, i;
  wit->nq = 1;
  for (n = 0; n <= ADQ_LEN; n++)
  for (u = 0; u <= 1; u++)
  for (sc = 0; sc <= (n >= 2); sc++) {
    long gi, si, cg = 1, cs = sc ? 1L << n : 1;
    for (i = 0; i < n; i++) cg *= ng;
    for (gi = 0; gi < cg; gi++)
      for (si = 0; si < cs; si++) {
        adq_case(&wit->c[0], g, ng, n, gi, si, sc, u);
        if (adq_split(v, a, key, &wit->c[0].l, 1, exact, w)) return 1;
      }
  }
  return 0;
}

static int adq_witness(const rm_variant *v, const rm_variant *a, const char *key,
  adq_witness_t *wit, rm_work *w)
{
  int g[8], ng = adq_grades(v, a, key, g), t, i, len;
  char x[RM_NAME_MAX], y[RM_NAME_MAX];
  rng r = {0x5eedULL};
  const char *c;
  rm_list l[3] = {{0}};
  if (adq_small(v, a, key, g, ng, 0, wit, w)) return 1;
  rm_variant_name(v, x, sizeof x); rm_variant_name(a, y, sizeof y);
  for (c = x; *c; c++) r.s = r.s * 131 + (unsigned char) *c;
  for (c = y; *c; c++) r.s = r.s * 131 + (unsigned char) *c;
  len = (int) (v->k > a->k ? v->k : a->k) + 3;
  if (len < 12) len = 12;
  if (len > MAX_CASE - 1) len = MAX_CASE - 1;
  for (t = 0; t < ADQ_RANDOM; t++) {
    wit->nq = v->agg != RM_AGG_NONE ? 1 + rng_below(&r, 3) : 1;
    for (i = 0; i < wit->nq; i++) {
      adq_random(&r, &wit->c[i], g, ng, len);
      if (judged_metric(v->metric) || judged_metric(a->metric))
        random_unjudged(&r, &wit->c[i]);
      l[i] = wit->c[i].l;
    }
    if (adq_split(v, a, key, l, (size_t) wit->nq, 0, w)) return 1;
  }
  return adq_small(v, a, key, g, ng, 1, wit, w);
}

@ A test, as the adequacy check sees it: its lists, whether it must be
rejected, and its correctly rounded value.  |adq_keep| makes one from an
input, with the value computed on the exact path.

@<Tool functions@>=
typedef struct {
  const rm_list *l; /* its lists: one, or the queries of a set */
  size_t nq;
  int invalid;
  double expect;
} adq_test;
static void adq_keep(adq_test *t, const rm_variant *v, const rm_list *l, size_t nq)
{
  rm_exact e;
  rm_status s;
  rm_exact_init(&e);
  s = v->agg != RM_AGG_NONE ? rm_value_set_exact(v, l, nq, &e) : rm_value_exact(v, l, &e);
  t->l = l; t->nq = nq; t->invalid = s < 0; t->expect = s < 0 ? 0 : e.value;
  rm_exact_clear(&e);
}

@ The cutoffs in use in a family: those of the variants of its list, with
0 when a variant that could take a cutoff has none.

@<Tool functions@>=
static int family_cutoffs(const vector_family *fam, unsigned long *cuts, int max)
{
  int k, i, n = 0;
  for (k = 0; fam->variants[k]; k++) {
    rm_variant v;
    if (rm_variant_parse(fam->variants[k], &v, NULL, 0) != RM_OK
        || !rm_metric_takes_cutoff(v.metric)) continue;
    for (i = 0; i < n && cuts[i] != v.k; i++) continue;
    if (i == n && n < max) cuts[n++] = v.k;
  }
  return n;
}

@ The generator's part.  After the random cases of a group (the |nt| tests
|t|), each neighbour of the variant that passes them all, and all the
witnesses added before it, and that the search tells apart, gets its
witness: a test flagged \.{Neighbour}, whose comment names the neighbour
and its value (or the status with which it refuses the input), so that
a reader can check that the neighbour fails it.  Each neighbour is visited
in the order of |variant_neighbours|, so the vectors are the same on every
run.  The function returns 0 when a test cannot be written.

@<Tool functions@>=
#define ADQ_MAXW 32 /* witnesses added to one group, at most */
static int adq_add_witnesses(vec_out *o, const rm_variant *v, const adq_test *t,
  int nt, const unsigned long *cuts, int ncuts)
{
  static adq_witness_t wit[ADQ_MAXW];
  static neighbour nb[NB_MAX];
  adq_test wt[ADQ_MAXW];
  char nm[RM_NAME_MAX];
  int nn, j, i, nw = 0, ok = 1;
  rm_work w;
  rm_variant_name(v, nm, sizeof nm);
  nn = variant_neighbours(nm, cuts, ncuts, nb, NB_MAX);
  rm_work_init(&w);
  for (j = 0; j < nn && ok; j++) {
    rm_variant a;
    int killed = 0;
    if (rm_variant_parse(nb[j].name, &a, NULL, 0) != RM_OK) continue;
    for (i = 0; i < nt && !killed; i++)
      killed = adq_fails(&a, t[i].l, t[i].nq, t[i].invalid, t[i].expect, &w);
    for (i = 0; i < nw && !killed; i++)
      killed = adq_fails(&a, wt[i].l, wt[i].nq, wt[i].invalid, wt[i].expect, &w);
    if (killed || adq_same_by_definition(v, &a, nb[j].key) || nw == ADQ_MAXW
        || !adq_witness(v, &a, nb[j].key, &wit[nw], &w)) continue;
    @<Write the witness |wit[nw]| that tells |v| from |a|@>;
    nw++;
  }
  rm_work_free(&w);
  return ok;
}

@ The neighbour's value is its fraction when that is short, else its 40
digits.

@<Write the witness |wit[nw]|...@>=
{
  rm_exact f;
  rm_status s;
  char comment[2 * RM_NAME_MAX + 200], val[RM_DECIMAL_MAX + 80];
  int set = v->agg != RM_AGG_NONE;
  for (i = 0; i < wit[nw].nq; i++) wit[nw].l[i] = wit[nw].c[i].l;
  adq_keep(&wt[nw], v, wit[nw].l, (size_t) wit[nw].nq);
  rm_exact_init(&f);
  s = set ? rm_value_set_exact(&a, wit[nw].l, (size_t) wit[nw].nq, &f)
    : rm_value_exact(&a, wit[nw].l, &f);
  if (s < 0) snprintf(comment, sizeof comment, "tells it from a neighbour: %.*s refuses"
    " it (%s)", RM_NAME_MAX, nb[j].name, status_name(s));
  else {
    snprintf(val, sizeof val, "%s", f.rational && strlen(f.rational) < 80 ? f.rational
      : f.decimal);
    snprintf(comment, sizeof comment, "tells it from a neighbour: %.*s gives %s",
      RM_NAME_MAX, nb[j].name, val);
  }
  rm_exact_clear(&f);
  fputc(',', o->json);
  o->neighbour = 1;
  ok = write_set_test(o, v, wit[nw].l, (size_t) wit[nw].nq, set, comment, 0, 0,
    wt[nw].invalid);
  o->neighbour = 0;
}

@ The command writes the two files of each family under temporary names in
the directory given (made if it does not exist), by |out_open|, and renames
them into place only when every file is complete, so an interrupted or
failed run never leaves a half-written vector file, nor (unless a rename
itself fails) a mixture of old and new families.  Within a file, tests are grouped by canonical
variant name: first a group for each worked example of the family, in the
order of the table, then the random groups.

@<Tool functions@>=
static int write_family(const char *dir, const vector_family *fam, tool_out *out);
static int in_family(const vector_family *fam, const rm_example *x);
static int family_variant_with(const vector_family *fam, const char *key, const char *val,
  char *out, size_t len);
static int bad_test(vec_out *o, int *groups, char *open, const char *name, const rm_list *l,
  const char *comment, rm_status want);
static int cmd_vectors(int argc, char **argv)
{
  int f, nf, ok = 1;
  tool_out *out;
  if (argc != 2 || strcmp(argv[0], "--out") != 0) {
    fputs("rankmetrics: vectors: usage: rankmetrics vectors --out DIR\n", stderr);
    return 2;
  }
  if (strlen(argv[1]) > 4000) {
    fputs("rankmetrics: vectors: the directory name is too long\n", stderr);
    return 2;
  }
  if (mkdir(argv[1], 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "rankmetrics: vectors: cannot create '%s': %s\n", argv[1],
      strerror(errno));
    return 1;
  }
  for (nf = 0; vector_families[nf].stem; nf++) ;
  out = tool_zalloc((size_t) nf * 2 * sizeof *out);
  for (f = 0; f < nf && ok; f++)
    ok = write_family(argv[1], &vector_families[f], out + 2 * f);
  @<Rename every family's files into place, or remove them all@>;
  free(out);
  return ok ? 0 : 1;
}

@ @<Rename every family's files into place...@>=
{
  int written = ok ? nf : f - 1; /* family |f - 1| failed and removed its own */
  for (f = 0; f < 2 * written; f++)
    if (ok) ok = out_commit(&out[f], "vectors");
    else out_abandon(&out[f]);
}
if (!ok) fprintf(stderr, "rankmetrics: vectors: failed; no vector file was replaced\n");

@ One family's two files.

@<Tool functions@>=
static int write_family(const char *dir, const vector_family *fam, tool_out *out)
{
  char jname[4200], tname[4200], *body = NULL;
  size_t blen = 0;
  FILE *jf;
  vec_out o = {NULL, NULL, 0, 0, 0};
  int ok = 1, groups = 0;
  snprintf(jname, sizeof jname, "%s/%s_test.json", dir, fam->stem);
  snprintf(tname, sizeof tname, "%s/%s_test.txt", dir, fam->stem);
  if ((jf = out_open(&out[0], "vectors", jname)) == NULL) return 0;
  if ((o.text = out_open(&out[1], "vectors", tname)) == NULL) {
    out_abandon(&out[0]); return 0; }
  if ((o.json = open_memstream(&body, &blen)) == NULL) {
    fprintf(stderr, "rankmetrics: vectors: out of memory\n");
    out_abandon(&out[0]); out_abandon(&out[1]);
    return 0;
  }
  fprintf(o.text, "# Golden vectors of rankmetrics %s: %s.\n# The text twin of"
    " %s_test.json; see vectors/README.md for the format.\n", RM_VERSION,
    fam->algorithm, fam->stem);
  if (fam->variants == disagreement_variants) @<Write the groups of disagreements@>@;
  else if (fam->variants == aggregate_variants || fam->variants == trec_set_variants)
    @<Write the groups of aggregates@>@;
  else {
    @<Write the groups of worked examples@>;
    @<Write the groups of ratings@>;
    @<Write the groups of random cases@>;
    if (fam->variants == judged_variants) @<Write the groups of disagreements@>@;
  }
  ok = !ferror(o.json) && ok;
  ok = (fclose(o.json) == 0) && ok;
  @<Write the header of the JSON file, then its tests@>;
  free(body);
  if (!ok) { out_abandon(&out[0]); out_abandon(&out[1]); return 0; }
  ok = out_finish(&out[0], "vectors");
  if (!ok) out_abandon(&out[1]);
  else if (!(ok = out_finish(&out[1], "vectors"))) out_abandon(&out[0]);
  return ok;
}

@ The tests of the JSON file are written to memory first, because its header
gives their number, and the search for hard cases decides it.

@<Write the header of the JSON file, then its tests@>=
{
  int k;
  fprintf(jf, "{\n  \"algorithm\": \"%s\",\n"
    "  \"schema\": \"rankmetrics_vectors_v1\",\n  \"generatorVersion\": \"%s\",\n"
    "  \"numberOfTests\": %d,\n  \"header\": [\n"
    "    \"Golden vectors of rankmetrics, written by its exact path (GNU MPFR, GMP).\",\n"
    "    \"value is the correctly rounded double (round to nearest, ties to even) in C99 hex;\",\n"
    "    \"decimal17 and decimal40 are correctly rounded decimals; rational is exact.\",\n"
    "    \"Variant names are defined in the book, doc/rankmetrics.pdf, and vectors/README.md.\"\n"
    "  ],\n  \"notes\": {", fam->algorithm, RM_VERSION, o.count);
  for (k = 0; flag_notes[k][0]; k++)
    fprintf(jf, "%s\n    \"%s\": {\"description\": \"%s\"}", k ? "," : "",
      flag_notes[k][0], flag_notes[k][1]);
  fputs("\n  },\n  \"testGroups\": [", jf);
  if (body) fwrite(body, 1, blen, jf);
  fputs("\n  ]\n}\n", jf);
}

@ A worked example belongs to the family of its metric.

@<Tool functions@>=
static int in_family(const vector_family *fam, const rm_example *x)
{
  rm_variant v;
  int te = strncmp(x->id, "TE-", 3) == 0; /* an example of \secref{q:trecm} */
  if (te || fam->variants == trec_variants) return te && fam->variants == trec_variants;
  if (rm_variant_parse(x->name, &v, NULL, 0) != RM_OK) return 0;
  return (fam->metrics >> v.metric) & 1;
}

@ @<Write the groups of worked examples@>=
{
  size_t i;
  for (i = 0; i < RM_N_EXAMPLES && ok; i++) {
    const rm_example *x = &rm_examples[i];
    rm_variant v;
    rm_list l = {0};
    int xg[RM_EXAMPLE_MAX];
    unsigned char xu[RM_EXAMPLE_MAX];
    char nm[RM_NAME_MAX], comment[200];
    if (!in_family(fam, x)) continue;
    rm_variant_parse(x->name, &v, NULL, 0);
    rm_variant_name(&v, nm, sizeof nm);
    rm_example_list(x, &l, xg, xu);
    snprintf(comment, sizeof comment, "%s%s%s%s%s", x->id,
      x->source ? ", source " : ", a case of the book",
      x->source ? x->source : "", x->printed ? ", printed " : "",
      x->printed ? x->printed : "");
    @<Open a group for |nm|@>;
    ok = write_test(&o, &v, &l, comment, x->source != NULL,
      strcmp(x->verdict, "erratum") == 0, 0);
    fputs("\n      ]}", o.json);
  }
}

@ Every worked example gets a group of its own, since consecutive rows of
the table rarely share a variant; the random cases get one group per
variant.

@<Open a group for |nm|@>=
fprintf(o.json, "%s\n    {\"variant\": \"%s\", \"tests\": [", groups++ ? "," : "", nm);
fprintf(o.text, "\n[variant = %s]\n", nm);

@ The random cases of every family start from the same seed, so adding a
family changes no other family's file.

@<Write the groups of random cases@>=
{
  int k, c, nt, ncuts;
  unsigned long cuts[32];
  rng r = {20261122};
  rand_case *kept = malloc((CASES_PER_VARIANT + 2) * sizeof *kept);
  adq_test t[CASES_PER_VARIANT + 2];
  ncuts = family_cutoffs(fam, cuts, 32);
  if (kept == NULL) ok = 0;
  for (k = 0; fam->variants[k] && ok; k++) {
    rm_variant v;
    char nm[RM_NAME_MAX], comment[64];
    rm_variant_parse(fam->variants[k], &v, NULL, 0);
    rm_variant_name(&v, nm, sizeof nm);
    @<Open a group for |nm|@>;
    for (c = nt = 0; c < CASES_PER_VARIANT && ok; c++) {
      random_case(&r, &kept[nt]);
      if (judged_metric(v.metric)) random_unjudged(&r, &kept[nt]);
      if (c) fputc(',', o.json);
      snprintf(comment, sizeof comment, "random case %d", c + 1);
      ok = write_test(&o, &v, &kept[nt].l, comment, 0, 0, 0);
      adq_keep(&t[nt], &v, &kept[nt].l, 1);
      nt++;
    }
    @<Add the hard-to-round cases of the variant@>;
    if (ok) ok = adq_add_witnesses(&o, &v, t, nt, cuts, ncuts);
    fputs("\n      ]}", o.json);
  }
  free(kept);
  @<Write the group of invalid inputs@>;
}

@ The search for hard cases: more seeded random lists per variant, of which
those whose true value lies within $2^{-10}$ ulp of a rounding boundary (see
|measure_hardness|) are kept, at most two per variant.  Random values are
that close once in about a thousand, so the search finds a few per family;
a search for much harder cases would construct them, which this version
does not.

@<Add the hard-to-round cases of the variant@>=
{
  rng h = {(unsigned long long) (1000003 * (k + 1))};
  int found = 0, tries;
  for (tries = 0; tries < HARD_TRIES && found < 2 && ok; tries++) {
    rm_exact e;
    random_case(&h, &kept[nt]);
    if (judged_metric(v.metric)) random_unjudged(&h, &kept[nt]);
    rm_exact_init(&e);
    if (rm_value_exact(&v, &kept[nt].l, &e) >= 0 && e.hard_bits >= 10) {
      fputc(',', o.json);
      snprintf(comment, sizeof comment, "hard to round: %d bits past the double",
        e.hard_bits);
      ok = write_test(&o, &v, &kept[nt].l, comment, 0, 0, 0);
      adq_keep(&t[nt], &v, &kept[nt].l, 1);
      nt++;
      found++;
    }
    rm_exact_clear(&e);
  }
}

@ Every family also has vectors that must be rejected, one for each
status that the library returns on bad input and that a vector can hold:
\smallskip
\item{$\bullet$} |RM_EGRADE|: a grade below~0, a grade above |RM_GRADE_MAX|,
the grade of an unretrieved judged item above it, and for \.{err} a grade
above the variant's \.{gmax};
\item{$\bullet$} |RM_ESCORE|: an infinite score;
\item{$\bullet$} |RM_EIDS|: a tie rule that compares identifiers (\.{ties=id-asc})
on a list with tied scores and no identifiers;
\item{$\bullet$} |RM_EINVAL|: a list without scores for a variant that needs
them (the classification and rating metrics, the correlations);
\item{$\bullet$} |RM_EUNDEF|: the empty list, under \.{undef=error}, for a
variant whose value is then undefined.
\smallskip
\noindent Each test is in a group of the variant it names: the first of the
family's list, or the first of the list that has the key concerned, with
that key set (\.{ties=id-asc}, \.{undef=error}); a family whose variants
lack the key has no such test.  A status the family's variant does not give
on the input (precision does not read scores it is not given) leaves the test
out.  The other statuses are not properties of an input: |RM_EK| and
|RM_ENAME| refuse a {\it name\/} (the cutoff is part of it), and a name that
does not parse has no group; |RM_ENOMEM| and |RM_EHARD| depend on the
machine, not on the input; |RM_EINVAL| for a null array has no spelling in
the files.  A program under test should refuse each input as the library
does, not compute a number.  The family \.{judged} has one more: a marker
of |unjudged| other than 0, 1 and~2, refused with |RM_EGRADE|.

@<Write the group of invalid inputs@>=
{
  static const int bad1[3] = {-1, 0, 1}, bad2[2] = {0, RM_GRADE_MAX + 1}, g2[2] = {1, 0},
    g3[3] = {1, 0, 1}, judged[1] = {RM_GRADE_MAX + 1};
  static int gx[2];
  static const double sc[3] = {0.5, 0.25, 0.125}, tied[3] = {0.5, 0.5, 0.25},
    inf[3] = {0.5, INFINITY, 0.25};
  rm_list l = {0};
  char base[RM_NAME_MAX], name[2 * RM_NAME_MAX], open[2 * RM_NAME_MAX] = "";
  rm_variant v;
  rm_variant_parse(fam->variants[0], &v, NULL, 0);
  rm_variant_name(&v, base, sizeof base);
#define BAD(nm, n_, g_, s_, id_, nu_, u_, why, want) \
  if (ok) { l.n = n_; l.grade = g_; l.score = s_; l.id = id_; l.n_unretrieved = nu_; \
    l.unretrieved_grade = u_; ok = bad_test(&o, &groups, open, nm, &l, why, want); }
  BAD(base, 3, bad1, sc, NULL, 0, NULL, "invalid: a negative grade", RM_EGRADE);
  BAD(base, 2, bad2, sc, NULL, 0, NULL, "invalid: a grade above 100", RM_EGRADE);
  BAD(base, 2, g2, sc, NULL, 1, judged, "invalid: a judged grade above 100", RM_EGRADE);
  BAD(base, 3, g3, inf, NULL, 0, NULL, "invalid: an infinite score", RM_ESCORE);
  BAD(base, 2, g2, NULL, NULL, 0, NULL, "invalid: no scores", RM_EINVAL);
  if (family_variant_with(fam, "ties", "id-asc", name, sizeof name))
    BAD(name, 3, g3, tied, NULL, 0, NULL, "invalid: tied scores and no identifiers",
      RM_EIDS);
  if (family_variant_with(fam, "gmax", NULL, name, sizeof name)) {
    rm_variant_parse(name, &v, NULL, 0);
    gx[0] = v.gmax + 1; gx[1] = 0;
    BAD(name, 2, gx, sc, NULL, 0, NULL, "invalid: a grade above gmax", RM_EGRADE);
  }
  if (family_variant_with(fam, "undef", "error", name, sizeof name))
    BAD(name, 0, g2, sc, NULL, 0, NULL, "invalid: the empty list, undefined", RM_EUNDEF);
  if (fam->metrics & 1ULL << RM_MAE) { /* a rating where a grade is needed */
    static const char *const half[2] = {"0.5", "1"};
    l.label = half;
    BAD(base, 2, NULL, sc, NULL, 0, NULL, "invalid: a rating 0.5 where accuracy needs"
      " a whole grade", RM_EGRADE);
    l.label = NULL;
  }
  if (fam->variants == judged_variants) { /* a marker that is not 0, 1 or 2 */
    static const unsigned char u3[2] = {0, 3};
    l.unjudged = u3;
    BAD(base, 2, g2, sc, NULL, 0, NULL, "invalid: an unjudged marker 3", RM_EGRADE);
    l.unjudged = NULL;
  }
#undef BAD
  if (open[0]) fputs("\n      ]}", o.json);
}

@ |family_variant_with| finds the first variant of the family's list whose
canonical name has |key| and writes its name with the key set to |val|
(kept as it is when |val| is |NULL|); it returns 0 when none has the key.

@<Tool functions@>=
static int family_variant_with(const vector_family *fam, const char *key, const char *val,
  char *out, size_t len)
{
  int k;
  rm_variant v;
  char canon[RM_NAME_MAX];
  for (k = 0; fam->variants[k]; k++) {
    if (rm_variant_parse(fam->variants[k], &v, NULL, 0) != RM_OK) continue;
    rm_variant_name(&v, canon, sizeof canon);
    if (nb_find(canon, 1, key) == NULL) continue;
    if (val == NULL) snprintf(out, len, "%s", canon);
    else nb_with(canon, 1, key, val, out, len);
    return 1;
  }
  return 0;
}

@ |bad_test| writes one invalid test when the variant |name| refuses the
list with the status |want|, and otherwise writes nothing.  Consecutive
tests of one variant share a group; |open| holds the name of the group that
is open, if any.

@<Tool functions@>=
static int bad_test(vec_out *o, int *groups, char *open, const char *name, const rm_list *l,
  const char *comment, rm_status want)
{
  rm_variant v;
  rm_exact e;
  rm_status s;
  char nm[RM_NAME_MAX];
  if (rm_variant_parse(name, &v, NULL, 0) != RM_OK) return 1;
  rm_exact_init(&e);
  s = rm_value_exact(&v, l, &e);
  rm_exact_clear(&e);
  if (s != want) return 1;
  rm_variant_name(&v, nm, sizeof nm);
  if (strcmp(open, nm) != 0) {
    if (open[0]) fputs("\n      ]}", o->json);
    fprintf(o->json, "%s\n    {\"variant\": \"%s\", \"tests\": [", (*groups)++ ? "," : "", nm);
    fprintf(o->text, "\n[variant = %s]\n", nm);
    strcpy(open, nm);
  } else fputc(',', o->json);
  return write_test(o, &v, l, comment, 0, 0, 1);
}

@ The last family holds the smallest witnesses of \.{rankmetrics disagree}
(see \secref{disagree}): for every metric and every pair of its variants
that the search separates at the default length bound ($L=5$), the
smallest witness with grades 0 to~2, written twice, once in a group of each
variant (both with the witness's cutoff), flagged \.{Disagreement}, with a
comment that names the other variant and its value.  An implementation
that passes the vectors of one variant cannot then be computing the other
one.  It reuses the search as it is, without the random population and
without a budget, so that the file is the same on every run; the search
takes a few seconds.  A side on which the variant has no value
(\.{undef=error} against a number) is an invalid test with the status
|RM_EUNDEF|.  The family has no worked examples and no random cases.  The
metrics of incomplete judgments (\secref{q:judged}), which came later, have
their smallest witnesses at the end of their own family, \.{judged}, so
that this file stayed as it was.
@^disagreements@>

@<Vector families@>=
{"disagreements", "smallest witnesses where two variants of one metric disagree",
  0, disagreement_variants},

@ @<Vector variant lists@>=
static const char *const disagreement_variants[] = {NULL};

@ Metric by metric, in the order of their codes (that of the help text);
pair by pair, in the order of the search's report.

@<Write the groups of disagreements@>=
{
  dis_metric *ms = calloc(1, sizeof *ms);
  int mi;
  if (ms == NULL) ok = 0;
  dis_tty = 0; dis_stopped = 0;
  dis_deadline = dis_now() + 1e9; /* no budget */
  for (mi = 0; ok && mi < RM_N_METRICS; mi++) {
    int j, side;
    if (judged_metric((rm_metric) mi) != (fam->variants == judged_variants)) continue;
    if (mi >= RM_NQ && mi <= RM_RNDCG) continue; /* see \secref{q:trecm} */
    if (!dis_setup(ms, (rm_metric) mi)) continue;
    dis_search(ms, DIS_LEN, 1);
    if (dis_stopped) ok = 0;
    for (j = 0; j < ms->np && ok; j++) {
      const dis_pair *q = &ms->pair[j];
      if (q->state[SP_GRADED] != 1 || strncmp(q->lb, "level=", 6) == 0) continue;
      for (side = 0; side < 2 && ok; side++)
        @<Write the witness of pair |q| in the group of its variant |side|@>;
    }
  }
  free(ms);
}

@ Both variants take the witness's cutoff, and the group is named by the
canonical name with it.  The other variant's value is computed again here
on the exact path, as the comment gives it: the fraction, or 40 digits, or
the status that refuses the input.

@<Write the witness of pair |q|...@>=
{
  const dis_case *c = &q->wit[SP_GRADED];
  rm_variant v = ms->var[side ? q->b : q->a].v, w = ms->var[side ? q->a : q->b].v;
  rm_list l = dis_list(c);
  rm_exact e, f;
  rm_status s, t;
  char nm[RM_NAME_MAX], other[RM_NAME_MAX], comment[2 * RM_NAME_MAX + 200];
  v.k = w.k = (unsigned long) c->k;
  rm_variant_name(&v, nm, sizeof nm);
  rm_variant_name(&w, other, sizeof other);
  rm_exact_init(&e); rm_exact_init(&f);
  s = rm_value_exact(&v, &l, &e);
  t = rm_value_exact(&w, &l, &f);
  if (t < 0) snprintf(comment, sizeof comment, "smallest witness%s: %s refuses it (%s)",
    q->named ? " of a split of the sources" : "", other, status_name(t));
  else snprintf(comment, sizeof comment, "smallest witness%s: %s gives %s",
    q->named ? " of a split of the sources" : "", other, f.rational ? f.rational : f.decimal);
  @<Open a group for |nm|@>;
  o.disagreement = 1;
  ok = write_test(&o, &v, &l, comment, 0, 0, s < 0);
  o.disagreement = 0;
  fputs("\n      ]}", o.json);
  rm_exact_clear(&e); rm_exact_clear(&f);
}

@ The family \.{aggregates} holds tests of several queries: a test is a
set of lists, and its variant an aggregate (\.{mean:ap} is MAP,
\.{mean:rr} MRR, \.{micro}, \.{sum}, the weights and the \.{skip} rules of
the chapter on aggregation).  In JSON such a test has a field \.{queries},
an array of objects with the four fields of a list, in place of those
fields; in the text twin it has a line \.{queries = N} and each of the four
fields holds its $N$ lists separated by semicolons.  Its groups are, in
order: the worked examples over queries of the book (|rm_set_examples|);
the smallest witnesses of GAUC's splits (see \secref{disagree}), each set in
a group of each of its two variants, flagged \.{Disagreement}; and random
sets of one to five of the random lists above for each variant of
|aggregate_variants| (a set on which the variant has no value, such as one
whose every query is skipped under \.{undef=error}, is an invalid test).  Flags that describe a list hold for a set when they
hold for one of its lists; \.{NoRelevant} when no list has a relevant item.
@^aggregates, vectors of@>

@<Vector families@>=
{"aggregates", "means and other aggregates over several queries", 0,
  aggregate_variants},

@ @<Vector variant lists@>=
static const char *const aggregate_variants[] = {
  "mean:ap", "mean[skip=norel]:ap", "mean[skip=missing]:ap", "micro:ap",
  "mean:rr", "mean:ndcg@@10", "mean[skip=undef]:ndcg@@10[undef=error]",
  "mean:dcg@@5[gain=exp2]", "mean:precision@@5", "micro:precision@@5",
  "mean:recall@@10[norm=min]", "micro:recall@@10", "mean:hr@@10",
  "micro:hr@@10[hit=recall]", "sum:hr@@10[hit=rows]", "mean:err@@10",
  "mean[skip=undef]:auc", "mean[weight=items]:auc",
  "mean[skip=undef,weight=positives]:auc", "micro:auc", NULL};

@ @<Write the groups of aggregates@>=
{
  size_t i;
  int k, c, j, ncuts;
  rng r = {20261123};
  rand_case *kept = malloc(5 * SET_CASES * sizeof *kept);
  rm_list qs[SET_CASES][5] = {{{0}}};
  adq_test t[SET_CASES];
  unsigned long cuts[32];
  int te = fam->variants == trec_set_variants; /* the family of \secref{q:trecm} */
  ncuts = family_cutoffs(fam, cuts, 32);
  if (kept == NULL) ok = 0;
  for (i = 0; i < RM_N_SET_EXAMPLES && ok; i++) {
    const rm_set_example *x = &rm_set_examples[i];
    rm_variant v;
    char nm[RM_NAME_MAX], comment[200];
    if ((strncmp(x->id, "TE-", 3) == 0) != te) continue;
    rm_variant_parse(x->name, &v, NULL, 0);
    rm_variant_name(&v, nm, sizeof nm);
    snprintf(comment, sizeof comment, "%s%s%s%s%s", x->id,
      x->source ? ", source " : ", a case of the book",
      x->source ? x->source : "", x->printed ? ", printed " : "",
      x->printed ? x->printed : "");
    @<Open a group for |nm|@>;
    ok = write_set_test(&o, &v, x->q, x->nq, 1, comment, x->source != NULL,
      strcmp(x->verdict, "erratum") == 0, 0);
    fputs("\n      ]}", o.json);
  }
  if (ok && !te) @<Write the witnesses of GAUC's splits@>;
  for (k = 0; fam->variants[k] && ok; k++) {
    rm_variant v;
    char nm[RM_NAME_MAX], comment[64];
    rm_variant_parse(fam->variants[k], &v, NULL, 0);
    rm_variant_name(&v, nm, sizeof nm);
    @<Open a group for |nm|@>;
    for (c = 0; c < SET_CASES && ok; c++) {
      double x;
      rand_case *rc = &kept[5 * c];
      rm_list *q = qs[c];
      int nq = 1 + rng_below(&r, 5);
      for (j = 0; j < nq; j++) { random_case(&r, &rc[j]); q[j] = rc[j].l; }
      if (c) fputc(',', o.json);
      snprintf(comment, sizeof comment, "random set %d of %d queries", c + 1, nq);
      ok = write_set_test(&o, &v, q, (size_t) nq, 1, comment, 0, 0,
        rm_value_set(&v, q, (size_t) nq, NULL, &x) < 0);
      adq_keep(&t[c], &v, q, (size_t) nq);
    }
    if (ok) ok = adq_add_witnesses(&o, &v, t, SET_CASES, cuts, ncuts);
    fputs("\n      ]}", o.json);
  }
  free(kept);
}

@ As for the lists (|@<Write the groups of disagreements@>|): the search
without its population and without a budget, each witness in a group of
each variant, the comment naming the other variant and its value.

@<Write the witnesses of GAUC's splits@>=
{
  dis_metric *ms = tool_zalloc(sizeof *ms);
  int p, side;
  dis_tty = 0; dis_stopped = 0;
  dis_deadline = dis_now() + 1e9;
  if (ms == NULL || !dis_setup_gauc(ms)) ok = 0;
  else dis_search_sets(ms, DIS_LEN);
  for (p = 0; ok && p < ms->np; p++) {
    const dis_pair *q = &ms->pair[p];
    if (q->state[SP_GRADED] != 1) continue;
    for (side = 0; side < 2 && ok; side++) {
      rm_list l[2] = {{0}};
      rm_variant v = ms->var[side ? q->b : q->a].v, w = ms->var[side ? q->a : q->b].v;
      rm_exact f;
      char nm[RM_NAME_MAX], other[RM_NAME_MAX], comment[2 * RM_NAME_MAX + 200];
      l[0] = dis_list(&q->wit[SP_GRADED]); l[1] = dis_list(&q->wit2[SP_GRADED]);
      rm_variant_name(&v, nm, sizeof nm);
      rm_variant_name(&w, other, sizeof other);
      rm_exact_init(&f);
      if (rm_value_set_exact(&w, l, (size_t) q->nq[SP_GRADED], &f) < 0) ok = 0;
      snprintf(comment, sizeof comment, "smallest witness%s: %s gives %s",
        q->named ? " of a split of the sources" : "", other,
        f.rational ? f.rational : f.decimal);
      rm_exact_clear(&f);
      if (!ok) break;
      @<Open a group for |nm|@>;
      o.disagreement = 1;
      ok = write_set_test(&o, &v, l, (size_t) q->nq[SP_GRADED], 1, comment, 0, 0, 0);
      o.disagreement = 0;
      fputs("\n      ]}", o.json);
    }
  }
  free(ms);
}

@ {\it Measured accuracy.}  The bound of the double path is proven; how close
it comes in practice is measured by \.{rankmetrics accuracy}, which runs the
same seeded random lists (longer ones too, up to 64 items) through both paths
for every variant of the vector list and reports the largest distance in ulps
between the double path and the correctly rounded value, per metric.  The
build of this book runs it, and its numbers are these:
$$\vbox{\halign{\tt#\hfil\quad&\hfil#\quad&\hfil#\cr
\rm metric&\rm largest error measured&\rm bound\cr
\noalign{\smallskip\hrule\smallskip}
cg&\acc{cg} ulps&\acc{cgbound}\cr
dcg&\acc{dcg} ulps&\acc{dcgbound}\cr
idcg&\acc{idcg} ulps&\acc{idcgbound}\cr
ndcg&\acc{ndcg} ulps&\acc{ndcgbound}\cr
rr&\acc{rr} ulps&\acc{rrbound}\cr
lrap&\acc{lrap} ulps&\acc{lrapbound}\cr
ap&\acc{ap} ulps&\acc{apbound}\cr
apstep&\acc{apstep} ulps&\acc{apstepbound}\cr
ap11&\acc{ap11} ulps&\acc{ap11bound}\cr
precision&\acc{precision} ulps&\acc{precisionbound}\cr
recall&\acc{recall} ulps&\acc{recallbound}\cr
f&\acc{f} ulps&\acc{fbound}\cr
rprec&\acc{rprec} ulps&\acc{rprecbound}\cr
hr&\acc{hr} ulps&\acc{hrbound}\cr
err&\acc{err} ulps&\acc{errbound}\cr
auc&\acc{auc} ulps&\acc{aucbound}\cr
spearman&\acc{spearman} ulps&\acc{spearmanbound}\cr
kendall&\acc{kendall} ulps&\acc{kendallbound}\cr
accuracy&\acc{accuracy} ulps&\acc{accuracybound}\cr
clf-precision&\acc{clf-precision} ulps&\acc{clf-precisionbound}\cr
clf-recall&\acc{clf-recall} ulps&\acc{clf-recallbound}\cr
clf-f1&\acc{clf-f1} ulps&\acc{clf-f1bound}\cr
mae&\acc{mae} ulps&\acc{maebound}\cr
mse&\acc{mse} ulps&\acc{msebound}\cr
rmse&\acc{rmse} ulps&\acc{rmsebound}\cr}}$$
over \acc{lists} lists in all.  The bound column gives the range of
|rm_ulp_bound| over the variants measured.  The test suite repeats the
measurement on ten thousand other lists and fails if any error exceeds its
variant's bound.
@^accuracy of the double path@>

@<Tool functions@>=
static int cmd_accuracy(int argc, char **argv)
{
  int tex = 0, n = 200, i, k, c, f, bad = 0, lists = 0, seen[RM_N_METRICS] = {0};
  double worst[RM_N_METRICS] = {0}, lo[RM_N_METRICS], hi[RM_N_METRICS] = {0};
  rng r = {1};
  for (k = 0; k < RM_N_METRICS; k++) lo[k] = 1e9;
  for (i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--tex") == 0) tex = 1;
    else if ((n = atoi(argv[i])) <= 0) {
      fputs("rankmetrics: accuracy: usage: rankmetrics accuracy [--tex] [N]\n", stderr);
      return 2;
    }
  }
  for (f = 0; vector_families[f].stem; f++)
  for (k = 0; vector_families[f].variants != aggregate_variants
      && vector_families[f].variants[k]; k++) { /* lists, not sets */
    rm_variant v;
    double b;
    rm_variant_parse(vector_families[f].variants[k], &v, NULL, 0);
    b = rm_ulp_bound(&v);
    seen[v.metric] = 1;
    if (b < lo[v.metric]) lo[v.metric] = b;
    if (b > hi[v.metric]) hi[v.metric] = b;
    for (c = 0; c < n; c++) {
      rand_case rc;
      double d, u;
      rm_exact e;
      random_case(&r, &rc);
      rm_exact_init(&e);
      if (rm_value(&v, &rc.l, NULL, &d) >= 0 && rm_value_exact(&v, &rc.l, &e) >= 0) {
        u = rm_ulps_between(d, e.value);
        if (u > worst[v.metric]) worst[v.metric] = u;
        if (u > b) bad++;
        lists++;
      } else bad++;
      rm_exact_clear(&e);
    }
  }
  for (k = 0; k < RM_N_METRICS; k++) {
    char mname[RM_NAME_MAX];
    rm_variant v;
    if (!seen[k]) continue;
    rm_variant_default(&v, (rm_metric) k);
    rm_variant_name(&v, mname, sizeof mname);
    mname[strcspn(mname, "[@@")] = '\0'; /* the metric's name alone */
    if (tex) {
      printf("\\expandafter\\def\\csname rmacc:%s\\endcsname{%g}\n", mname, worst[k]);
      if (lo[k] == hi[k])
        printf("\\expandafter\\def\\csname rmacc:%sbound\\endcsname{%g}\n", mname, lo[k]);
      else printf("\\expandafter\\def\\csname rmacc:%sbound\\endcsname{%g--%g}\n",
        mname, lo[k], hi[k]);
    } else printf("%-5s largest error %g ulps (bound %g to %g)\n", mname,
      worst[k], lo[k], hi[k]);
  }
  if (tex) printf("\\expandafter\\def\\csname rmacc:lists\\endcsname{%d}\n", lists);
  else printf("%d lists, %d outside the bound or failed\n", lists, bad);
  return bad ? 1 : 0;
}

@* What scikit-learn computes.
The vectors serve to check a real implementation, and we check one: the
ranking metrics of scikit-learn~1.2.1, as Debian packages it.  A script in
the directory \.{tests}, \.{sklearn\_adapter.py}, calls five of its functions on the inputs
of our vectors (the grades made 0/1 at the variant's threshold where the
function wants labels, the scores or, without scores, scores decreasing with
the input order, and never the judged items that were not retrieved, which
scikit-learn cannot be given), and another, \.{sklearn\_check.sh}, hands the
results to \.{rankmetrics verify}, which finds the variant each function
computes.  \.{make check} runs both.  Wherever scikit-learn returns a value,
it is that variant's value within 4~ulps:
$$\vbox{\halign{\tt#\hfil\enspace&\tt#\hfil\enspace&\hfil#\enspace&\hfil#\cr
\rm function&\rm variant&\rm values&\rm raised\cr
\noalign{\smallskip\hrule\smallskip}
roc\_auc\_score&auc[ties=average]&20&19\cr
average\_precision\_score&apstep&17&3\cr
ndcg\_score&ndcg[ideal=list,ties=average]&27&5\cr
dcg\_score&dcg[ties=average]&31&2\cr
\vtop{\hbox{label\_ranking\_average\_}\hbox{\quad precision\_score}}&lrap&20&0\cr}}$$
The counts are over the vectors of the variant in each row (at every
threshold \.{rel}, with \.{undef=zero} but for \.{lrap}, whose default is
\.{undef=one}); the test fails if they change, or if one value is more than
4~ulps from ours.  Most values are exact, the others one to four ulps away:
scikit-learn sums in floating point and does not round correctly, so an
implementation checked against it should allow a few ulps, and one checked
against our vectors need not.  How many are exact depends on the machine,
not only on scikit-learn: numpy's sums take their terms in another order
with other vector instructions of the processor (on two machines of the
same Debian the split for \.{ndcg\_score} was 13 exact and 14 within, and
14 and~13), so the test pins only that every value is one or the other.  Where the functions part from our
variants:
\smallskip
\item{$\bullet$} Every function raises on an empty list; |ndcg_score| and
|dcg_score| also on a single item (``only meaningful when there is more than
1 document''), where our nDCG is defined; |roc_auc_score| when a list has one
class only, where ours is undefined and reported by \.{undef}.
\item{$\bullet$} |average_precision_score| returns $-0$ for a list without a
retrieved positive, which is our $0$ under \.{undef=zero} (equal as numbers,
not as bits), and not our value under \.{undef=one}.
\item{$\bullet$} |ndcg_score| builds its ideal from the items it is given,
so it is \.{ideal=list}, never \.{ideal=judged}: on the encyclopedia example
with its two judged documents that were not retrieved it gives
$\ours{E000.4-ndcg-list}$ where the ideal from the judgments gives
$\ours{E000.4-ndcg-wiki}$ (see the worked example of six
articles).  It averages ties by default, as \.{ties=average}; with
|ignore_ties=True| it would be \.{ties=reverse}.
\item{$\bullet$} |label_ranking_average_precision_score| scores a list without
positives~1: it is \.{lrap[undef=one]}.  As the chapter on reciprocal rank
shows, on one list it equals |average_precision_score| but for that case.
\smallskip
@^scikit-learn@>

@* What R computes.
We check R the same way.  \.{tests/r\_adapter.R} reads the text twins of
the vectors (it needs no JSON reader), calls functions of four packages
from CRAN as Debian~12 packages them, Metrics~0.1.4, ModelMetrics~1.2.2.2,
pROC~1.18.0 and ROCR~1.0.11, and two of R~4.2.2's own |stats|, and
\.{tests/r\_check.sh} hands their results to \.{rankmetrics verify}.
\.{make check} runs both, and fails if a count below changes.  The inputs
are those of scikit-learn: labels $[g\ge t]$, the scores or, without them,
scores decreasing with the input order, and never the unretrieved items,
with three exceptions.  |apk|, |mapk| and |f1| take item identifiers, not
scores: the relevant items are the retrieved and the unretrieved ones with
a grade of at least~$t$, so these functions do see unretrieved items, and
the retrieved ones are passed ranked by decreasing score, equal scores in
input order, with $k$ the cutoff or |Inf| without one.  The classification
functions of Metrics take 0/1 predictions, which the adapter makes as
$[s\ge\hat c]$ for the variant's cut $c$ (see the chapter on classification);
ModelMetrics' take the scores and \.{cutoff}${}=\hat c$.
\def\rc#1{} % the checks of tests/r_check.sh whose counts the row prints
$$\vbox{\halign{\tt#\hfil\enspace&\tt#\hfil\enspace&\hfil#\enspace&\hfil#\enspace&\hfil#\enspace&\hfil#\cr
\rm function&\rm variant&\rm exact&\rm within&\rm errors&\rm other\cr
\noalign{\smallskip\hrule\smallskip}
\rc{Metrics_auc}Metrics::auc&auc[ties=average]&20&0&19&0\cr
\rc{ModelMetrics_auc}ModelMetrics::auc&auc[ties=average]&20&0&19&0\cr
\rc{ROCR_auc}ROCR::performance(,"auc")&auc[ties=average]&17&3&19&0\cr
\rc{pROC_auc_lt}pROC::auc, direction="<"&auc[ties=average]&17&3&19&0\cr
\rc{pROC_auc}pROC::auc, the default&auc[ties=average]&12&3&19&5\cr
\noalign{\smallskip}
\rc{Metrics_apk}Metrics::apk(k)&ap@@K[norm=min]&16&1&2&0\cr
\rc{Metrics_apk_all}Metrics::apk(Inf)&ap&8&5&12&0\cr
\rc{Metrics_mapk}Metrics::mapk(Inf)&mean:ap&2&3&5&0\cr
\rc{Metrics_f1}Metrics::f1&f[beta2=1]&13&4&0&0\cr
\rc{Metrics_f1_at_k}Metrics::f1, top $K$&f@@K[beta2=1]&10&5&0&3\cr
\noalign{\smallskip}
\rc{Metrics_accuracy}Metrics::accuracy&accuracy&22&6&7&0\cr
\rc{Metrics_precision}Metrics::precision&clf-precision&18&0&1&0\cr
\rc{Metrics_recall}Metrics::recall&clf-recall&6&0&13&0\cr
\rc{Metrics_fbeta_score}Metrics::fbeta\_score&clf-f1&15&8&13&0\cr
\rc{ModelMetrics_precision}ModelMetrics::precision&clf-precision&9&0&0&10\cr
\rc{ModelMetrics_precision_below}\quad cutoff below $\hat c$&clf-precision&19&0&0&0\cr
\rc{ModelMetrics_recall}ModelMetrics::recall&clf-recall&4&0&13&2\cr
\rc{ModelMetrics_recall_below}\quad cutoff below $\hat c$&clf-recall&6&0&13&0\cr
\rc{ModelMetrics_f1Score}ModelMetrics::f1Score&clf-f1&7&0&11&18\cr
\rc{ModelMetrics_f1Score_below}\quad cutoff below $\hat c$&clf-f1&17&8&11&0\cr
\rc{Metrics_mae,ModelMetrics_mae}Metrics::mae, ModelMetrics::mae&mae&15&1&4&0\cr
\rc{Metrics_mse,ModelMetrics_mse}Metrics::mse, ModelMetrics::mse&mse&18&1&1&1\cr
\rc{Metrics_rmse,ModelMetrics_rmse}Metrics::rmse, ModelMetrics::rmse&rmse&17&5&1&0\cr
\noalign{\smallskip}
\rc{stats_spearman}stats::cor(,method="spearman")&spearman&9&4&13&0\cr
\rc{stats_kendall}stats::cor(,method="kendall")&kendall&13&6&7&0\cr}}$$
The counts are over the vectors of the variant in each row (at every
threshold \.{rel} and cut \.{cut}, with \.{undef=zero}, \.{ties=input} where
the variant ranks, and \.{tau=b}).  ``Errors'' counts the inputs on which the
function stops with an error or returns |NaN| or |NA|, mostly where our value
is undefined; ``other'' the values that are neither exact nor within
4~ulps.  What we learnt by running them:
\smallskip
\item{$\bullet$} The four AUCs use mid-ranks, or trapezoids over distinct
scores, which is the same: \.{auc[ties=average]}.  Metrics and ModelMetrics
compute the rank sum exactly; ROCR and pROC add trapezoids and are off by
an ulp on three lists.  (ModelMetrics picks its algorithm with
\.{if (length(actual > 10000))}, a test that holds for every list that is not
empty; both of its algorithms use mid-ranks, so no value changes.)
\item{$\bullet$} pROC's |roc| has \.{direction="auto"} by default, and chooses
the direction from the medians of the two classes: when the negatives'
median is above the positives', it reads higher scores as negative.  Its
AUC is then $1-{}$ours: on the list of grades 0,~1 in that order (the
positive ranked second) our AUC is~0 and pROC's default is~1, and so on 5
of the 19 vectors.  That is no variant of ours, and not a maximum
either, since the medians, not the AUC, decide.  With \.{direction="<"} it is
\.{auc[ties=average]}.
\item{$\bullet$} The rating errors of Metrics and ModelMetrics read the
ratings of the vectors as R reads numbers, as doubles.  On the ratings 3.3
and~4.7 predicted 3 and~5 (\secref{q:ratings}) the MSE is $9/100$ exactly,
and theirs, the mean of the squares of the doubles' errors, is 7~ulps
below it: the ``other'' of the row is that conversion, not another
definition.  The MAE and RMSE of those ratings come within 4~ulps.
\item{$\bullet$} ModelMetrics' |precision|, |recall| and |f1Score| predict
positive when the score {\it exceeds\/} the cutoff, where our \.{cut} takes
$s\ge\hat c$.  On the five items of the chapter on classification (labels
1,~1, 0,~0, 1, scores 0.9, 0.4, 0.6, 0.2, 0.5) the item scored exactly 0.5
is positive for us and negative for ModelMetrics, whose precision is~$1/2$
where ours is $\oursq{T-clf-prec}$.  On the scores of the random vectors,
multiples of $1/4$, its values at cutoff~0.5 are those of \.{cut=0.75}, and
\.{verify} names that variant.  Given the cutoff $\hat c(1-2^{-53})$, the
largest double below~$\hat c$, it computes our variant on every vector
(the rows ``cutoff below''): the comparison is the only difference.  It
returns 0 for a precision with nothing predicted positive, our
\.{undef=zero}, but |NaN| for a recall without positives.
\item{$\bullet$} Metrics' \.{apk(k, actual, predicted)} divides by
$\min(\vert{\it actual}\vert,k)$: it is \.{ap@@K[norm=min]}, and with
$k=\infty$ plain \.{ap}.  It returns |NaN| (0/0) when nothing is relevant, and
stops with an error on an empty list: its loop
\.{for (i in 1:min(k, length(predicted)))} runs over $i=1$, 0 when the list is
empty, since R's $1{:}0$ counts down.  |mapk|, the mean of |apk| over
lists, is |NaN| as soon as one list has no relevant item, where
trec\_eval counts~0.
\item{$\bullet$} Metrics' |f1| treats both arguments as sets: on a whole list
it is \.{f[beta2=1]}.  Given the top $K$ of a list shorter than~$K$, its
precision divides by the list, not by~$K$: for one relevant item and
$K=2$ our \.{f@@2} is $2/3$ and |f1| gives~1 (3~vectors).  Metrics'
|precision|, |recall| and |fbeta_score| are means over the predicted or the
actual positives, |NaN| where there are none; |accuracy| is $1-{}$|ce|,
rounded twice, and within an ulp on 6~vectors.
\item{$\bullet$} R's correlation |cor| with the method \.{spearman} is
the Pearson correlation of mid-ranks, our \.{spearman}; with the method
\.{kendall} it is $\tau_b$, our \.{kendall}.  Both are |NA| when a list is constant.
\smallskip
\noindent No package was missing or broken in Debian~12.
@^R@>@^Metrics (R package)@>@^ModelMetrics (R package)@>
@^pROC (R package)@>@^ROCR (R package)@>

@** The command-line tool.\here{q:tool}
The tool \.{rankmetrics} puts the library on the command line.  This version
has twelve subcommands:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\cr
value {\it NAME} --grades {\it G} [{\it options}]&one value, on the double path, or both\cr
name {\it NAME}\dots&the canonical form of variant names\cr
eval -m {\it NAME}\dots\ {\it FILES}&evaluate a TREC run or a CSV file\cr
examples [--tex]&recompute every worked example of this book\cr
vectors --out {\it DIR}&write the golden test vectors\cr
accuracy [--tex] [{\it N}]&measure the double path against the exact path\cr
figures --out {\it DIR}&write the book's pictures as MetaPost programs\cr
verify {\it CANDIDATE}\dots&check another program's results against the vectors\cr
disagree {\it NAME}\dots\ or {\it A B}&where the variants of a metric, or two, disagree\cr
neighbours {\it NAME} [{\it K}\dots]&the variants one key away from {\it NAME}\cr
adequacy [--vectors {\it DIR}]&do the vectors tell every variant from its neighbours?\cr
help&the usage text\cr}}$$
The options of \.{value} are \.{--grades} (the grades in input order,
comma-separated), \.{--scores} (as many scores; without them the input order
is the ranking), \.{--ids} (identifiers, for the tie rules that read them),
\.{--judged} (grades of judged items that were not retrieved) and
\.{--exact}, which adds the exact path's result: the correctly rounded double
in decimal and in C99 hexadecimal, the 40-digit decimal, the fraction when
the value is rational, and the sign of the rounding error.

Errors are reported on standard error as \.{rankmetrics: } followed by what
was wrong and where, and the exit status is 2 for a usage error, 1 for a
failed check or computation, and 0 otherwise.  \.{--help} (or \.{-h})
alone prints the usage text on standard output; right after a command it
prints that command's help, with the meaning of every key word for the
commands that read variant names.

A result that never reaches its reader is a failure too: when standard
output cannot be written (a full disk, a closed pipe's reader that does not
raise a signal), the tool says so on standard error and exits with
status~2 (or the command's own nonzero status), never with~0.  An oracle
whose report was silently lost would be worse than none.  Every command
that prints results takes \.{-o FILE}, which writes them into |FILE|
atomically (see {\it Files}, below).
@^command-line tool@>@^silent failures@>

@(rmtool.c@>=
#define _POSIX_C_SOURCE 200809L /* for |mkdir| */
#ifdef RM_FAULTS
#define _GNU_SOURCE /* |fopencookie| */
#endif
#include <sys/stat.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#include <stdint.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rankmetrics.h"
#include "examples.h"
static void *tool_alloc(void *p, size_t n); /* see ``Memory'' */
static void *tool_zalloc(size_t n);
static char *tool_strdup(const char *s);
@<Files of the tool@>@;
@<Tool functions@>@;
static int run_command(int argc, char **argv);
int main(int argc, char **argv)
{
  tool_out o;
  int rc;
  @<Set up the faults, the signals and the line limit@>;
  if ((rc = take_output(&argc, argv, &o)) != 0) return rc;
  rc = run_command(argc, argv);
  return close_stdout(rc, &o, argc > 1 ? argv[1] : "");
}
static int run_command(int argc, char **argv)
{
  if (argc < 2) { usage(stderr); return 2; }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0
      || strcmp(argv[1], "help") == 0) { usage(stdout); return 0; }
  if (strcmp(argv[1], "--version") == 0) { printf("rankmetrics %s\n", RM_VERSION);
    return 0; }
  if (argc > 2 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
    return command_usage(argv[1], stdout); /* \.{rankmetrics eval --help} */
  if (strcmp(argv[1], "value") == 0) return cmd_value(argc - 2, argv + 2);
  if (strcmp(argv[1], "name") == 0) return cmd_name(argc - 2, argv + 2);
  if (strcmp(argv[1], "examples") == 0) return cmd_examples(argc - 2, argv + 2);
  if (strcmp(argv[1], "vectors") == 0) return cmd_vectors(argc - 2, argv + 2);
  if (strcmp(argv[1], "accuracy") == 0) return cmd_accuracy(argc - 2, argv + 2);
  if (strcmp(argv[1], "figures") == 0) return cmd_figures(argc - 2, argv + 2);
  if (strcmp(argv[1], "verify") == 0) return cmd_verify(argc - 2, argv + 2);
  if (strcmp(argv[1], "eval") == 0) return cmd_eval(argc - 2, argv + 2);
  if (strcmp(argv[1], "trec_eval") == 0) return cmd_trec_eval(argc - 2, argv + 2);
  if (strcmp(argv[1], "disagree") == 0) return cmd_disagree(argc - 2, argv + 2);
  if (strcmp(argv[1], "neighbours") == 0) return cmd_neighbours(argc - 2, argv + 2);
  if (strcmp(argv[1], "adequacy") == 0) return cmd_adequacy(argc - 2, argv + 2);
  fprintf(stderr, "rankmetrics: unknown command '%s' (try 'rankmetrics --help')\n",
    argv[1]);
  return 2;
}

@ The usage text is the tool's whole manual in brief; it lists the keys of
variant names as the parser knows them.

@<Tool functions@>=
static void usage(FILE *f)
{
  fputs("usage: rankmetrics value NAME --grades G [--scores S] [--ids I]\n"
    "                         [--judged J] [--exact]\n"
    "       rankmetrics name NAME...\n"
    "       rankmetrics eval -m NAME... [-q] [--trec|--json] [--exact] [--unsorted]\n"
    "                        [--dup error|first|last|max] [--run-only skip|zero]\n"
    "                        [--judged-only skip|empty] [--judged-docs-only]\n"
    "                        [--csv|--tsv] [--user C] [--item C] [--label C]\n"
    "                        [--score C] [--quiet] QRELS RUN | FILE\n"
    "       rankmetrics trec_eval [-q] [-c] [-n] [-l N] [-M N] [-m MEASURE]...\n"
    "                             [--full] [--exact] QRELS RUN\n"
    "       rankmetrics examples [--tex]\n"
    "       rankmetrics vectors --out DIR\n"
    "       rankmetrics accuracy [--tex] [N]\n"
    "       rankmetrics figures --out DIR\n"
    "       rankmetrics verify [--vectors DIR] [--ulps N | --rel X] [--quiet]\n"
    "                          CANDIDATE...\n"
    "       rankmetrics disagree [NAME...|all] [--max-length L] [--budget SECONDS]\n"
    "                            [--tex FILE]\n"
    "       rankmetrics disagree [--pair] A B [--max-length L] [--budget SECONDS]\n"
    "       rankmetrics neighbours NAME [K...]\n"
    "       rankmetrics adequacy [--vectors DIR] [--tex FILE]\n"
    "       rankmetrics --help | --version\n\n"
    "value     compute one variant on the double path; with --exact also on\n"
    "          the exact path (correctly rounded double, hex, 40 digits,\n"
    "          the fraction when the value is rational)\n"
    "name      print the canonical name of each variant NAME\n"
    "eval      evaluate TREC qrels+run or a CSV/TSV file with a header; NAME of one\n"
    "          query is aggregated as mean:NAME (see rankmetrics(1))\n"
    "examples  recompute every worked example of the book and check it;\n"
    "          --tex writes the values as TeX macros for the book\n"
    "vectors   write the golden test vectors (JSON and text) into DIR\n"
    "accuracy  measure the double path against the exact path on N seeded\n"
    "          random lists per variant (default 200)\n"
    "figures   write the book's pictures as MetaPost programs into DIR\n"
    "verify    check a candidate's results (lines FAMILY:TCID VALUE) against\n"
    "          the golden vectors in DIR (default vectors); exit 0 if all are\n"
    "          exact or within N ulps (default 0) or relative error X\n"
    "disagree  for each metric NAME (or all), the smallest inputs (lists up to\n"
    "          length L, default 5) on which two variants differ exactly, and\n"
    "          how often they differ on random queries; --tex writes the tables.\n"
    "          A and B are two full variant names (with @@K, [keys] or an\n"
    "          aggregator:, or any two names after --pair): their smallest\n"
    "          witness with both exact values, or equality on every input\n"
    "          searched, and their split rate; exit 0 whether they differ or not\n"
    "neighbours the variants that differ from NAME in one key (K: other cutoffs\n"
    "          to try, 0 for none)\n"
    "adequacy  for each variant with random vectors in DIR (default vectors),\n"
    "          whether its tests tell it from every neighbour that is a different\n"
    "          function; exit 1 if one passes them all; --tex writes the table\n\n"
    "G, J are comma-separated whole grades 0..100; S are scores; I are\n"
    "identifiers. Without --scores the order of --grades is the ranking.\n"
    "--judged gives grades of judged items that were not retrieved.\n\n"
    "-o FILE, given to any command but vectors and figures, writes its output\n"
    "into FILE instead of standard output, under a temporary name renamed over\n"
    "FILE only when complete; a link is followed, a device written in place.\n\n"
    "NAME is metric[@@K][key=value,...]; the first value of each key is its\n"
    "default, and a group key=words(COND) is accepted only with COND: a cutoff\n"
    "(@@K) or with a word of another key.  'rankmetrics COMMAND --help' prints\n"
    "the help of one command; 'rankmetrics value --help' says what every key\n"
    "and word means.\n", f);
  {
    char help[8192];
    rm_variant_help(help, sizeof help);
    fputs(help, f);
  }
  fputs("Examples:\n  rankmetrics value 'ndcg@@5[gain=exp2]' --grades 5,3,2,1,2"
    " --judged 4,0 --exact\n  rankmetrics value mean:rr --grades '0,1,0;1,0,0;0,0,1'\n", f);
}

@ Each command has a help of its own, which \.{rankmetrics COMMAND --help}
prints: its synopsis, what it does, what each option means and what it
prints.  The commands that read variant names (\.{value}, \.{name},
\.{eval}) go on with the names: the grammar, the metrics, every key with
the words the parser accepts (the library's |rm_variant_help|), and what
each word means.  The meanings are a table of their own, below; a test
(\.{tests/help\_test.sh}) checks that every word the parser accepts has one.
@^command-line tool@>

@<Tool functions@>=
static const struct {@+ const char *name, *text; int names; @+} cmd_help[] = {
  {"value", "usage: rankmetrics value NAME --grades G [--scores S] [--ids I]\n"
    "                         [--judged J] [--unjudged U] [--exact]\n\n"
    "Compute the variant NAME of one list on the double path; with --exact also\n"
    "on the exact path.  An aggregated NAME (mean:ap) or a metric of a whole set\n"
    "(coverage, fmean) reads several queries, separated by ';' in every option\n"
    "(--grades '1,0;0,1'); a query of --scores or --ids may be 'none'.\n\n"
    "  --grades G  the grades in input order: whole numbers 0..100, comma-separated;\n"
    "              for mae, mse, rmse, spearman and kendall also ratings, read\n"
    "              exactly as written (3.5, -1, 3.3 = 33/10, 10/3); no 1e2, 0x10\n"
    "  --scores S  as many finite scores; the ranking is by decreasing score, ties\n"
    "              by the variant's ties= rule.  Without it the input order is the\n"
    "              ranking\n"
    "  --ids I     identifiers, for ties=id-asc|id-desc, coverage and novelty\n"
    "  --judged J  grades of judged items that were not retrieved (ideal=judged,\n"
    "              recall, ap[norm=rel], r-precision, ...)\n"
    "  --unjudged U  one marker per grade: 0 judged, 1 retrieved but never judged,\n"
    "              2 in the pool but unjudged; read by bpref, infap, judged, unj,\n"
    "              nonrel-judged and rbp-resid (an unjudged item's grade should be 0)\n"
    "  --exact     also compute the value on the exact path (GMP/MPFR)\n\n"
    "Without --exact it prints the canonical name, a tab and the double.  With\n"
    "--exact it prints six rows:\n"
    "  variant   the canonical name\n"
    "  double    the double path's value, its error bound in ulps, how many ulps\n"
    "            it lies from the exact row, and on which side of the true value\n"
    "  exact     the true value correctly rounded to a double, and its C99 hex\n"
    "  decimal   the true value to 40 significant digits\n"
    "  rational  the true value as a fraction, or 'no (irrational)'\n"
    "  ternary   the sign of (exact row - true value): -1 rounded down, 0 the\n"
    "            exact row is the true value, +1 rounded up\n", 1},
  {"name", "usage: rankmetrics name NAME...\n\n"
    "Print the canonical name of each variant NAME: its cutoff and every key the\n"
    "variant reads, defaults included, in a fixed order.  A name the parser\n"
    "refuses stops the command with the column and the reason (exit 2).\n", 1},
  {"eval", "usage: rankmetrics eval -m NAME... [-q] [--trec|--json] [--exact]\n"
    "          [--unsorted] [--dup error|first|last|max] [--run-only skip|zero]\n"
    "          [--judged-only skip|empty] [--judged-docs-only] [--csv|--tsv]\n"
    "          [--user C] [--item C] [--label C] [--score C] [--quiet]\n"
    "          QRELS RUN | FILE\n\n"
    "Evaluate TREC judgments (qid iter docno grade) and a TREC run (qid Q0 docno\n"
    "rank score tag), or one CSV/TSV file with a header whose rows are grouped\n"
    "into queries by the user column.  '-' reads standard input.  A NAME of one\n"
    "query (ndcg@@10) is aggregated as mean:NAME, except rmse, which means\n"
    "micro:rmse, the root of the squared error pooled over all rows (mean:rmse\n"
    "is the mean of the users' RMSEs); a NAME with an aggregator (micro:hr@@10)\n"
    "by that aggregator.  In the judgments or a CSV/TSV file, mae, mse, rmse,\n"
    "spearman and kendall read labels that are ratings (3.5), exactly as\n"
    "written under --exact; other metrics need whole grades (2, 2.0; not 1e2).\n\n"
    "  -m NAME            a variant to compute (repeatable, at least one)\n"
    "  -q                 also write the value of every query\n"
    "  --trec             write measure<TAB>qid<TAB>value lines, the aggregate\n"
    "                     under 'all'\n"
    "  --json             write one JSON object per line\n"
    "  --exact            compute every value on the exact path\n"
    "  --unsorted         read the input into memory and sort it by query\n"
    "  --dup error|first|last|max   a document repeated in a query is an error\n"
    "                     naming both lines (the default), or keeps its first\n"
    "                     line, its last, or the line of highest grade, then score\n"
    "  --run-only skip|zero      a run query without judgments is left out, or\n"
    "                            has every grade 0\n"
    "  --judged-only skip|empty  a judged query missing from the run is left\n"
    "                            out, or is an empty list (trec_eval -c)\n"
    "  --judged-docs-only  retrieved documents without a judgment (or with a\n"
    "                     negative grade) leave the ranking first (trec_eval -J)\n"
    "  --csv, --tsv       the separator (default: tab if the header has one)\n"
    "  --user C, --item C, --label C, --score C   column names (defaults user,\n"
    "                     item, label, score; user and label are required); a\n"
    "                     named column must exist; --item none, --score none:\n"
    "                     no such column; a default matches Score, ' SCORE'\n"
    "  --quiet            no summary on standard error\n", 1},
  {"trec_eval", "usage: rankmetrics trec_eval [-q] [-c] [-n] [-l N] [-M N] [-N N]\n"
    "          [-m MEASURE[.PARAMS]]... [--full] [--exact] QRELS RUN\n\n"
    "trec_eval 10.0's command line and output: the same lines, in the same order,\n"
    "computed by eval with trec_eval's conventions (ties by docno descending).\n\n"
    "  -q          also print the value of every query\n"
    "  -m MEASURE  a measure (P, map, ndcg_cut, ...), with parameters after a point\n"
    "              (P.5,10 ndcg_cut.10 set_F.0.5), or official (the default), set,\n"
    "              all_trec; a nickname's measures not computed yet are named on\n"
    "              standard error and left out\n"
    "  -c          a judged query missing from the run counts, with value 0\n"
    "              (without -c it is an error, as in trec_eval)\n"
    "  -n          no summary ('all') lines\n"
    "  -l N        relevant means a grade of at least N (default 1)\n"
    "  -M N        keep the first N documents of each query\n"
    "  -N N        documents in the collection (read by no computed measure)\n"
    "  -J                 judged documents only (eval --judged-docs-only)\n"
    "  -R qrels, -T trec_results, -o, -D 0   taken; -Z refused\n"
    "  --full      17 significant digits instead of 4 decimals\n"
    "  --exact     compute on the exact path\n"
    "Exit status as trec_eval's: 1 usage or measure, 2 unreadable or malformed\n"
    "file, 4 repeated document or judged query missing from the run, 7 no query\n"
    "with both judgments and run lines.\n", 0},
  {"examples", "usage: rankmetrics examples [--tex]\n\n"
    "Recompute every worked example of the book on both paths and check it\n"
    "against the value derived by hand; exit 1 if any disagrees.\n"
    "  --tex   write the values as TeX macros, as the book reads them\n", 0},
  {"vectors", "usage: rankmetrics vectors --out DIR\n\n"
    "Write the golden test vectors, one JSON file and its text twin per family,\n"
    "into DIR.\n", 0},
  {"accuracy", "usage: rankmetrics accuracy [--tex] [N]\n\n"
    "Measure the double path against the exact path on N seeded random lists\n"
    "per variant (default 200), and print the largest error in ulps of each\n"
    "metric beside its proven bound.\n"
    "  --tex   write the figures as TeX macros for the book\n", 0},
  {"figures", "usage: rankmetrics figures --out DIR\n\n"
    "Write the book's pictures into DIR as MetaPost programs, drawn from the\n"
    "library's own values.\n", 0},
  {"verify", "usage: rankmetrics verify [--vectors DIR] [--ulps N | --rel X] [--quiet]\n"
    "          CANDIDATE...\n\n"
    "Check another implementation's results, lines 'FAMILY:TCID VALUE' in each\n"
    "CANDIDATE file, against the golden vectors, and name the variant the\n"
    "candidate's values match when they are not those asked for.\n"
    "  --vectors DIR  the golden vectors; without it $RANKMETRICS_VECTORS, else\n"
    "                 vectors beside the program, else ../share/rankmetrics/vectors\n"
    "                 from the program's directory (where make install puts them)\n"
    "  --ulps N       accept a value within N ulps of the vector's (default 0)\n"
    "  --rel X        accept a value within relative error X instead\n"
    "  --quiet        print only the summary\n"
    "Exit 0 when every value is accepted, 1 when one is not, 2 for a usage error\n"
    "or a malformed candidate line.\n", 0},
  {"disagree", "usage: rankmetrics disagree [NAME...|all] [--max-length L]\n"
    "          [--budget SECONDS] [--tex FILE]\n"
    "       rankmetrics disagree [--pair] A B [--max-length L] [--budget SECONDS]\n\n"
    "For each metric NAME (or all), find the smallest inputs on which two of its\n"
    "variants differ exactly, and how often they differ on random queries.\n"
    "With two variant names A and B (a name with @@, [ or : is a variant; --pair\n"
    "makes two plain names one pair), compare that pair: their smallest witness\n"
    "with both exact values, or equal on every list searched; each keeps its own\n"
    "cutoff.  Two aggregates (mean:ap, micro:ap) are compared on sets of queries.\n"
    "  --max-length L     the longest list searched, 1..8 (default 5)\n"
    "  --budget SECONDS   stop after this long (default 300)\n"
    "  --tex FILE         also write the tables for the book into FILE (not with a pair)\n"
    "Exit 0 when the search ran (the verdict is the first word of its line:\n"
    "differ, equal, agree or unfinished), 2 for a usage error or an unknown name.\n", 0},
  {"neighbours", "usage: rankmetrics neighbours NAME [K...]\n\n"
    "Print the variants one key away from NAME, one a line: the key, the change\n"
    "and the canonical name.  A word key takes each of its other words, a whole\n"
    "number the numbers next to it, a fraction p/q the values (p-1)/q, (p+1)/q,\n"
    "2p/q and p/2q, the cutoff K-1, K+1 and every K given (0 for no cutoff); an\n"
    "aggregate's keys change one at a time.  Exit 2 when NAME does not parse.\n", 0},
  {"adequacy", "usage: rankmetrics adequacy [--vectors DIR] [--tex FILE]\n\n"
    "For each variant with random vectors in DIR, check that its tests tell it\n"
    "from every neighbour (see neighbours) that is a different function: each\n"
    "is distinguished, the same function (with the reason), or undistinguished.\n"
    "  --vectors DIR  the golden vectors (found as verify finds them)\n"
    "  --tex FILE     also write the book's table into FILE\n"
    "Exit 0 when every different neighbour is distinguished, 1 when one passes\n"
    "all the tests of its variant, 2 for a usage error or an unreadable file.\n", 0},
  {NULL, NULL, 0}};

@ The meaning of every key and of each of its words.  A row with a word
of |NULL| introduces its key; the words follow.  The text is kept short;
the book has the definitions, and the sections cited by its quick
reference.

@<Tool functions@>=
static const struct {@+ const char *key, *word, *text; @+} word_help[] = {
  {"gain", NULL, "the gain G(g) of an item of grade g"},
  {"gain", "linear", "G(g) = g (trec_eval, scikit-learn)"},
  {"gain", "exp2", "G(g) = 2^g - 1 (Burges et al.)"},
  {"gain", "binary", "G(g) = 1 if g >= rel, else 0"},
  {"rel", NULL, "1..100: the relevance threshold t (default 1): relevant is"
    " grade >= t"},
  {"discount", NULL, "the discount D(i) of rank i"},
  {"discount", "log2", "D(i) = log2(i+1)"},
  {"discount", "jk", "D(i) = max(1, log_b i), Jarvelin and Kekalainen's, b = base"},
  {"base", NULL, "2..65536: the base b of discount=jk (default 2)"},
  {"ideal", NULL, "the ideal list of IDCG"},
  {"ideal", "judged", "every judged item, retrieved or not (trec_eval)"},
  {"ideal", "list", "the retrieved list sorted by grade (scikit-learn)"},
  {"ideal", "topk", "the first K retrieved items sorted by grade"},
  {"ideal", "ones", "K items of gain 1, whatever the judgments"},
  {"ties", NULL, "the order of items with equal scores"},
  {"ties", "input", "they keep their input order"},
  {"ties", "id-asc", "by identifier, ascending (byte strings)"},
  {"ties", "id-desc", "by identifier, descending (trec_eval)"},
  {"ties", "pessimistic", "lower grades first"},
  {"ties", "optimistic", "higher grades first"},
  {"ties", "average", "the mean of the metric over all orders of the tied items"},
  {"ties", "reverse", "reverse input order, the last first"},
  {"undef", NULL, "the value of an undefined metric (0/0); lrap's default is one"},
  {"undef", "zero", "0"},
  {"undef", "one", "1"},
  {"undef", "error", "no value: an error"},
  {"denom", NULL, "what precision@@K divides by when the list is shorter than K"},
  {"denom", "k", "K (trec_eval)"},
  {"denom", "list", "the ranks that exist, min(K, n)"},
  {"norm", NULL, "the normaliser of recall or average precision"},
  {"norm", "rel", "R, the number of relevant items, retrieved or not"},
  {"norm", "min", "min(K, R)"},
  {"norm", "hits", "the number of relevant items in the top K"},
  {"beta2", NULL, "p/q: beta squared of the F-measure (default 1, F1)"},
  {"hit", NULL, "what the hit ratio counts, with h hits in the top K"},
  {"hit", "any", "1 if h >= 1, else 0 (trec_eval's success)"},
  {"hit", "recall", "h / R"},
  {"hit", "precision", "h / K"},
  {"hit", "rows", "h / n, hits per candidate row"},
  {"hits", NULL, "which relevant items the reciprocal rank counts"},
  {"hits", "first", "1/r of the first relevant item"},
  {"hits", "sum", "the sum of 1/r over the relevant items in the top K"},
  {"hits", "mean", "that sum divided by R"},
  {"gmax", NULL, "1..30: the largest grade g_max of ERR (default 4)"},
  {"cut", NULL, "p/q: positive when the score is at least the cut (default 1/2)"},
  {"tau", NULL, "which Kendall's tau"},
  {"tau", "b", "tau-b, corrected for ties"},
  {"tau", "a", "tau-a, not corrected"},
  {"items", NULL, "1..2^31-1: the number of items in the catalogue (required)"},
  {"floor", NULL, "an item that no user rated, p(i) = 0"},
  {"floor", "none", "makes the value undefined"},
  {"floor", "code", "has p(i) raised to 1e-8, as the source's code does"},
  {"at", NULL, "p/q: the recall level of iprec, from 0 to 1 (default 0)"},
  {"level", NULL, "where a recall level rho is reached, with R relevant items"},
  {"level", "exact", "at ceil(rho R) relevant items found (the textbook)"},
  {"level", "round", "at lround(rho R) in doubles (trec_eval's 11pt_avg)"},
  {"mult", NULL, "p/q: the multiplier m of R in rprecm (default 1)"},
  {"tp", NULL, "-10^6..10^6: utility's weight of a relevant item retrieved (1)"},
  {"fp", NULL, "-10^6..10^6: of a nonrelevant item retrieved (default -1)"},
  {"fn", NULL, "-10^6..10^6: of a relevant item not retrieved (default 0)"},
  {"tn", NULL, "-10^6..10^6: of a nonrelevant item not retrieved (default 0)"},
  {"docs", NULL, "0..2^31-1: the documents in the collection, for tn (default 0)"},
  {"skip", NULL, "which queries an aggregator counts"},
  {"skip", "none", "every query"},
  {"skip", "undef", "those whose value is defined"},
  {"skip", "norel", "those with a relevant item"},
  {"skip", "missing", "those that retrieved something"},
  {"weight", NULL, "the weight of a query in mean"},
  {"weight", "uniform", "1"},
  {"weight", "items", "its number of items"},
  {"weight", "positives", "its number of relevant items"},
  {NULL, NULL, NULL}};

@ The metrics, one line each, for the same help.  \.{rankmetrics help}
prints this table when it is asked about metrics rather than about one
name: a reader who does not know that \.{hr} has four readings, or that
\.{apstep} is scikit-learn's, learns it here, with the key (in parentheses)
that chooses among the readings.  The table is the tool's, not the
library's: the library's own help (|rm_variant_help|) explains a name it is
given, this one lists the names there are.

@<Tool functions@>=
static const char *const metric_help[][2] = {
  {"cg", "cumulative gain: the sum of the gains of the top K"},
  {"dcg", "discounted cumulative gain: the sum of G(g)/D(i) over the top K"},
  {"idcg", "the DCG of the ideal list"},
  {"ndcg", "DCG / IDCG"},
  {"precision", "relevant items in the top K, divided by K"},
  {"recall", "relevant items in the top K, divided by R"},
  {"f", "the F-measure of one query's precision and recall"},
  {"rprec", "precision at rank R (R-precision)"},
  {"hr", "hit ratio, in one of four readings (hit=)"},
  {"rr", "reciprocal rank (hits=)"},
  {"lrap", "label ranking average precision (scikit-learn)"},
  {"ap", "average precision (norm=)"},
  {"apstep", "scikit-learn's step-function average precision"},
  {"ap11", "11-point interpolated average precision"},
  {"auc", "area under the ROC curve of one list"},
  {"err", "expected reciprocal rank (Chapelle et al.)"},
  {"accuracy", "share of items classified right by the score cut"},
  {"clf-precision", "precision of the items the score cut predicts positive"},
  {"clf-recall", "recall of the items the score cut predicts positive"},
  {"clf-f1", "F1 of clf-precision and clf-recall"},
  {"mae", "mean absolute error of the scores against the grades"},
  {"mse", "mean squared error of the scores against the grades"},
  {"rmse", "root of the mean squared error"},
  {"spearman", "Spearman's rho between scores and grades"},
  {"kendall", "Kendall's tau between scores and grades"},
  {"coverage", "distinct items of all users' top K, over items= (a set)"},
  {"fmean", "F of the precision and recall averaged over users (a set)"},
  {"novelty", "mean self-information -log2 p(i) of the top K (a set)"},
  {"nq", "1 for each query; sum:nq is trec_eval's num_q"},
  {"nret", "the number of items retrieved; sum:nret is num_ret"},
  {"nrel", "the number R of relevant items; sum:nrel is num_rel"},
  {"nrelret", "relevant items retrieved; sum:nrelret is num_rel_ret"},
  {"iprec", "interpolated precision at the recall level at= (level=)"},
  {"setap", "set average precision h^2/(n R) (trec_eval's set_map)"},
  {"rprecm", "precision at rank floor(mult R + 0.9) (trec_eval's Rprec_mult)"},
  {"bing", "sum of 1/log2(2 + nonrelevant above) over hits, over R (binG)"},
  {"ngain", "gain over log2(2 + ideal cost - gain so far), over total gain (G)"},
  {"ndcg-rel", "nDCG averaged over the relevant items (trec_eval's ndcg_rel)"},
  {"rndcg", "nDCG averaged where the ideal gain changes (trec_eval's Rndcg)"},
  {"utility", "tp h + fp (n-h) + fn (R-h) + tn (docs+h-n-R) (trec_eval's utility)"},
  {NULL, NULL}};

@ |command_usage| prints the help of one command and returns the exit
status.  A command without a help of its own (or a word that is no command)
gets the whole usage text, with a note on standard error, so that a command
added to the tool is never without help; \.{tests/help\_test.sh} checks that
every command of the usage text has its own.

@<Tool functions@>=
static int command_usage(const char *cmd, FILE *f)
{
  int c, i;
  for (c = 0; cmd_help[c].name; c++) if (strcmp(cmd, cmd_help[c].name) == 0) break;
  if (cmd_help[c].name == NULL) {
    fprintf(stderr, "rankmetrics: '%s' has no help of its own; the usage text"
      " follows\n", cmd);
    usage(f);
    return 0;
  }
  fputs(cmd_help[c].text, f);
  if (word_in(cmd, out_commands))
    fputs("  -o FILE   write the output into FILE, which is replaced only when it is\n"
      "            complete (a link is followed, a device written in place)\n", f);
  if (!cmd_help[c].names) return 0;
  fputs("\nNAME is [AGGREGATOR:]metric[@@K][key=value,...], without spaces; a key\n"
    "left out takes its default ('rankmetrics name' prints every default).\n"
    "\nMetrics:\n", f);
  for (i = 0; metric_help[i][0]; i++)
    fprintf(f, "  %-14s%s\n", metric_help[i][0], metric_help[i][1]);
  fputs("\nThe keys of each metric, with the words the parser accepts; a group\n"
    "key=words(COND) is accepted only with COND: a cutoff (@@K) or one of\n"
    "the words of another key:\n", f);
  {
    char help[8192];
    rm_variant_help(help, sizeof help);
    fputs(help, f);
  }
  fputs("\nWhat the keys and their words mean:\n", f);
  for (i = 0; word_help[i].key; i++)
    if (word_help[i].word == NULL) fprintf(f, "  %s=  %s\n", word_help[i].key,
      word_help[i].text);
    else fprintf(f, "    %-12s%s\n", word_help[i].word, word_help[i].text);
  fputs("\nAggregators, written before a name with a colon:\n"
    "  mean    the mean of the queries' values (macro average); keys skip, weight\n"
    "  micro   for a ratio metric, the sum of the numerators over the sum of the\n"
    "          denominators; key skip\n"
    "  sum     the sum of the queries' values; key skip\n"
    "  gm      the geometric mean, each value first raised to 1e-5 (trec_eval's\n"
    "          gm_map is gm:ap); key skip\n", f);
  return 0;
}

@ {\it Memory.}  Every block the tool allocates comes from |tool_alloc|
(or |tool_strdup|), which stops the tool with a message and status~1 when
memory runs out.  The library answers |RM_ENOMEM| and lets its caller
decide; the tool has one answer for every command, and so no reader can
go on with a null array, which a test under a small address-space limit
once showed \.{verify} doing.  A zero size asks for one byte, so that a
null pointer always means failure.
@^out of memory@>

@<Tool functions@>=
static void *tool_alloc(void *p, size_t n)
{
  p = fault_hit(FAULT_ALLOC) ? NULL : realloc(p, n ? n : 1);
  if (p == NULL) { fputs("rankmetrics: out of memory\n", stderr); exit(1); }
  return p;
}
static void *tool_zalloc(size_t n) /* zeroed */
{
  return memset(tool_alloc(NULL, n), 0, n ? n : 1);
}
static char *tool_strdup(const char *s)
{
  size_t n = strlen(s) + 1;
  return memcpy(tool_alloc(NULL, n), s, n);
}

@ {\it Files.}  The tool reads and writes files that strangers name, on
disks that fill up, and its answer must never be a shorter input or a lost
output taken for success.  Three rules, each kept by one function that
every command uses:
\smallskip
\item{$\bullet$} {\it Every line is read by |tool_getline|}, which tells
the end of a file from a read error and from a failed allocation, and stops
at a line longer than |tool_line_max| bytes.
\item{$\bullet$} {\it Every output file is opened by |out_start|} (through
|out_open|, or for \.{-o} in |take_output|), which decides where the bytes
go: a new or regular file is written under a temporary name beside it and
renamed over it only when complete; a symbolic link is followed, and the file it
names (which need not exist yet) is written the same way, so that the link
stays a link; a character device or a pipe (\.{/dev/full}, \.{/dev/stdout},
a FIFO) is written in place, since renaming a regular file over it would
destroy it; anything else (a directory, a block device, a socket) is
refused with a message.
\item{$\bullet$} {\it Every output is checked at its close}, standard output included
(|out_finish|, |close_stdout|): the stream's error indicator, which every
failed write sets and nothing but |clearerr| resets, then |fflush|,
|fsync| for a file about to be renamed, and |fclose|.  A failure is
reported as \.{cannot write 'FILE'} with the system's reason, the temporary
is removed, and the status is not~0.
\smallskip
\noindent A temporary that was not yet renamed is also removed when the tool
stops on \.{out of memory} (an |atexit| function) or is killed by
\.{SIGINT}, \.{SIGTERM}, \.{SIGHUP} or \.{SIGPIPE}; so nothing half-written
is ever left under any name.
@^out of memory@>@^atomic output@>@^symbolic links@>@^silent failures@>

@<Files of the tool@>=
@<Faults injected into the tool@>@;
@<Reading a line@>@;
@<Writing a file@>@;

@ {\it Fault injection.}  A failure of |malloc|, of |write| or of |read| is
hard to bring about on purpose, yet each must end in a message and a
nonzero status.  The tool built with \.{-DRM\_FAULTS} (\.{make faults}
writes it to \.{build/faults/rankmetrics}) makes them happen on request:
the environment variables \.{RM\_FAULT\_ALLOC}, \.{RM\_FAULT\_WRITE} and
\.{RM\_FAULT\_READ} set to $N$ make the $N$th allocation of |tool_alloc|
(line buffers included), the $N$th write of an output stream, or the $N$th
line read fail, the write with |ENOSPC| and the read with |EIO|.  When
\.{RM\_FAULT\_LOG} names a file, each fault that fires appends a line to
it, so that a test knows when $N$ has passed the last such call of a
command (\.{tests/fault\_test.sh} raises $N$ from 1 until then).  In the
faulty build every output stream, standard output and \.{eval}'s temporary
file included, is made by |fopencookie| over its descriptor, unbuffered, so
that every |fprintf| is a write of its own and can fail alone.  In the
ordinary build |fault_hit| is the constant~0 and all of this vanishes.
@^fault injection@>

@s off64_t int
@s ssize_t int
@s cookie_io_functions_t int
@s mode_t int
@<Faults injected into the tool@>=
enum {@+ FAULT_ALLOC, FAULT_WRITE, FAULT_READ @+};
#ifdef RM_FAULTS
static long fault_at[3], fault_count[3];
static int fault_hit(int k)
{
  static const char *const what[3] = {"alloc\n", "write\n", "read\n"};
  const char *log = getenv("RM_FAULT_LOG");
  if (fault_at[k] <= 0 || ++fault_count[k] != fault_at[k]) return 0;
  if (log) {
    int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0666);
    if (fd >= 0) { if (write(fd, what[k], strlen(what[k])) < 0) {} close(fd); }
  }
  return 1;
}
static ssize_t fault_write(void *c, const char *b, size_t n)
{
  size_t done = 0;
  if (fault_hit(FAULT_WRITE)) { errno = ENOSPC; return -1; }
  while (done < n) {
    ssize_t k = write((int) (intptr_t) c, b + done, n - done);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) return done ? (ssize_t) done : -1;
    done += (size_t) k;
  }
  return (ssize_t) n;
}
static ssize_t fault_read(void *c, char *b, size_t n)
{
  return read((int) (intptr_t) c, b, n);
}
static int fault_seek(void *c, off64_t *pos, int whence)
{
  off_t r = lseek((int) (intptr_t) c, (off_t) *pos, whence);
  if (r < 0) return -1;
  *pos = r;
  return 0;
}
static int fault_close(void *c)
{
  return close((int) (intptr_t) c);
}
static FILE *tool_fdopen(int fd, const char *mode)
{
  cookie_io_functions_t io = {fault_read, fault_write, fault_seek, fault_close};
  FILE *f = fopencookie((void *) (intptr_t) fd, mode, io);
  if (f) setvbuf(f, NULL, _IONBF, 0);
  return f;
}
#else
#define fault_hit(k) 0
#define tool_fdopen fdopen
#endif

@ Before any command runs, |main| reads the faults asked for (in the faulty
build, where standard output is also remade as a counted stream), has the
pending temporaries removed at any exit and on the four signals, and reads
\.{RANKMETRICS\_LINE\_MAX}, whose bad value is a usage error.

@<Set up the faults, the signals and the line limit@>=
#ifdef RM_FAULTS
{
  static const char *const var[3] = {"RM_FAULT_ALLOC", "RM_FAULT_WRITE", "RM_FAULT_READ"};
  int k;
  for (k = 0; k < 3; k++) if (getenv(var[k])) fault_at[k] = atol(getenv(var[k]));
  stdout = tool_fdopen(1, "w");
  if (stdout == NULL) return 2;
}
#endif
{
  static const int sig[4] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  const char *lm = getenv("RANKMETRICS_LINE_MAX");
  int k;
  atexit(out_remove_pending);
  for (k = 0; k < 4; k++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = out_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sig[k], &sa, NULL);
  }
  if (lm && *lm) {
    char *end;
    unsigned long long x;
    errno = 0;
    x = strtoull(lm, &end, 10);
    if (*end || errno || x < 1 || x > SIZE_MAX / 2 || lm[0] == '-') {
      fprintf(stderr, "rankmetrics: RANKMETRICS_LINE_MAX='%s' is not a number of"
        " bytes\n", lm);
      return 2;
    }
    tool_line_max = (size_t) x;
  }
}

@ {\it Reading a line.}  |getline| returns $-1$ alike at the end of a file,
after a read error and when it cannot allocate the line, and a reader that
took the last for the first once printed the mean of the queries before a
long line, with status~0.  |tool_getline| reads line number |line| of the
file |path| into |*buf| (of |*cap| bytes, grown as needed) and returns its
length, the newline included, as |getline| does; $-1$ at the end of the
file; and $-2$ after a read error, reported as \.{FILE:LINE: read error:}
and the system's reason (\.{FILE: is a directory} for a directory).  The
buffer grows through |tool_alloc|, which stops the tool with \.{out of
memory}.  A line longer than |tool_line_max| bytes, its newline not
counted, is the error \.{FILE:LINE: line longer than N bytes}, found as
soon as that many bytes have come without a newline; so an endless line
such as \.{/dev/zero} ends in an error, not in a machine out of memory.
The limit is 256~MiB; the environment variable \.{RANKMETRICS\_LINE\_MAX}
sets another (in bytes), for the tests, which read \.{/dev/zero} under a
limit of a kilobyte.

The line is read with |fgets|, in pieces of growing size (from 256 bytes to
a mebibyte, so that a short line costs little whatever the buffer), each
piece first filled with newlines.  |fgets| does not say how many bytes it
read, and a line may hold NUL bytes, which |line_check| must see to refuse
them.  After the call, the first newline in the piece is either the
line's own, and then the NUL that |fgets| wrote follows it, or one of the
filling, and then that NUL is just before it; the byte after it tells
which.  No newline at all means the piece is full.
@^out of memory@>@^long lines@>

@<Reading a line@>=
static size_t tool_line_max = (size_t) 256 << 20; /* bytes; a limit on memory may lower it */
static ssize_t tool_getline(char **buf, size_t *cap, FILE *f, const char *path,
  long line)
{
  size_t len = 0, piece = 256, most = tool_line_max + 2;
  if (fault_hit(FAULT_READ)) { errno = EIO; goto error; }
  for (;;) {
    size_t room;
    char *p, *nl;
    if (len > tool_line_max) goto too_long;
    if (*cap < len + piece && *cap < most) {
      size_t c = 2 * *cap > len + piece ? 2 * *cap : len + piece;
      *buf = tool_alloc(*buf, c < most ? c : most);
      *cap = c < most ? c : most;
    }
    room = *cap - len < piece ? *cap - len : piece;
    p = *buf + len;
    memset(p, '\n', room);
    if (fgets(p, (int) room, f) == NULL) {
      if (ferror(f)) goto error;
      if (len == 0) return -1; /* the end of the file */
      *p = '\0';
      break; /* a last line without its newline */
    }
    nl = memchr(p, '\n', room);
    if (nl == NULL) len += room - 1; /* the piece is full */
    else if (nl + 1 < p + room && nl[1] == '\0') { len = (size_t) (nl + 1 - *buf); break; }
    else {
      len = (size_t) (nl - 1 - *buf); /* the end of the file, or an error */
      if (ferror(f)) goto error;
      break;
    }
    if (piece < ((size_t) 1 << 20)) piece *= 2;
  }
  if (len - (len > 0 && (*buf)[len - 1] == '\n') <= tool_line_max)
    return (ssize_t) len;
too_long:
  fprintf(stderr, "%s:%ld: line longer than %zu bytes\n", path, line, tool_line_max);
  return -2;
error:
  if (errno == EISDIR) fprintf(stderr, "%s: is a directory\n", path);
  else fprintf(stderr, "%s:%ld: read error: %s\n", path, line, strerror(errno));
  return -2;
}

@ Input files are opened by |tool_open_in|, which refuses a directory at
once (|fopen| opens one for reading on Linux, and only the first read
fails).  The message names the command and the file.

@<Reading a line@>=
static FILE *tool_open_in(const char *cmd, const char *path)
{
  struct stat sb;
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "rankmetrics: %s: cannot open '%s': %s\n", cmd, path,
      strerror(errno));
    return NULL;
  }
  if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
    fprintf(stderr, "%s: is a directory\n", path);
    fclose(f);
    return NULL;
  }
  return f;
}

@ {\it Writing a file.}  An output file is a |tool_out|: its stream and
descriptor, the name the user gave (for messages), and when it is written
under a temporary name, that name and the file it will replace.  The
temporaries not yet renamed or removed form a list, which
|out_remove_pending| empties when the tool stops early.

@<Writing a file@>=
typedef struct tool_out_s {
  FILE *f; int fd;
  const char *name; /* as given */
  char *tmp, *dest; /* |tmp == NULL|: written in place */
  struct tool_out_s *next; /* the next pending temporary */
} tool_out;
static tool_out *out_pending;
static void out_remove_pending(void)
{
  tool_out *o;
  for (o = out_pending; o; o = o->next) if (o->tmp) unlink(o->tmp);
}
static void out_on_signal(int sig)
{
  out_remove_pending();
  signal(sig, SIG_DFL);
  raise(sig);
}
static void out_forget(tool_out *o)
{
  tool_out **q;
  for (q = &out_pending; *q; q = &(*q)->next) if (*q == o) { *q = o->next; break; }
}

@ |out_start| applies the rules above to |path| and returns a descriptor
open for writing, or $-1$ after a message.  The names \.{/dev/stdout},
\.{/dev/stderr} and \.{/dev/fd/N} are the tool's own descriptors, duplicated
rather than opened again, so that the output goes on where the shell's
redirection left it (opening \.{/proc/self/fd/1} again would start a
regular file from its first byte).  Any other name under \.{/dev/} or
\.{/proc/} that is not a directory is written in place.  A temporary is made
by |mkstemp| as \.{FILE.XXXXXX} beside the file it replaces, with that
file's permissions, or those of a new file (0666 less the |umask|).  A
file the user may not write is not replaced, though the directory would
allow the rename; a file with other hard links is replaced by a new one,
and the other names keep the old contents.

@<Writing a file@>=
@<Follow a symbolic link to the file it names@>@;
static int out_start(tool_out *o, const char *cmd, const char *path)
{
  struct stat sb, lsb;
  mode_t mode;
  size_t n;
  int fd;
  memset(o, 0, sizeof *o);
  o->fd = -1; o->name = path;
  if (strcmp(path, "/dev/stdout") == 0 || strcmp(path, "/dev/stderr") == 0
      || (strncmp(path, "/dev/fd/", 8) == 0 && path[8]
        && strspn(path + 8, "0123456789") == strlen(path + 8))) {
    int from = path[5] == 's' ? (path[8] == 'o' ? 1 : 2) : atoi(path + 8);
    if (from == 1) fflush(stdout);
    if ((fd = dup(from)) < 0) goto fail;
    return o->fd = fd;
  }
  if (lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode)) {
    if ((o->dest = out_follow(path)) == NULL) goto fail;
  } else o->dest = tool_strdup(path);
  if (stat(o->dest, &sb) != 0) {
    mode_t m;
    if (errno != ENOENT) goto fail_dest;
    m = umask(0); umask(m);
    mode = 0666 & ~m; /* a new file */
  } else {
    if (S_ISDIR(sb.st_mode)) {
      fprintf(stderr, "rankmetrics: %s: '%s' is a directory\n", cmd, path);
      goto refuse;
    }
    if (S_ISCHR(sb.st_mode) || S_ISFIFO(sb.st_mode) || (S_ISREG(sb.st_mode)
        && (strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0))) {
      free(o->dest); o->dest = NULL;
      if ((fd = open(path, O_WRONLY | (S_ISREG(sb.st_mode) ? 0 : O_TRUNC))) < 0)
        goto fail;
      return o->fd = fd; /* in place */
    }
    if (!S_ISREG(sb.st_mode)) {
      fprintf(stderr, "rankmetrics: %s: '%s' is neither a regular file, a character"
        " device nor a pipe; not written\n", cmd, path);
      goto refuse;
    }
    if (access(o->dest, W_OK) != 0) goto fail_dest; /* as opening it would */
    mode = sb.st_mode & 07777;
  }
  n = strlen(o->dest);
  o->tmp = tool_alloc(NULL, n + 8);
  memcpy(o->tmp, o->dest, n);
  memcpy(o->tmp + n, ".XXXXXX", 8);
  if ((fd = mkstemp(o->tmp)) < 0) {
    free(o->tmp); o->tmp = NULL;
    goto fail_dest;
  }
  if (fchmod(fd, mode) != 0) {} /* a file system without modes keeps its own */
  o->next = out_pending; out_pending = o;
  return o->fd = fd;
fail_dest:
  fprintf(stderr, "rankmetrics: %s: cannot write '%s': %s\n", cmd, path, strerror(errno));
refuse:
  free(o->dest); o->dest = NULL;
  return -1;
fail:
  fprintf(stderr, "rankmetrics: %s: cannot write '%s': %s\n", cmd, path, strerror(errno));
  return -1;
}

@ The file a symbolic link names is found by reading the link, and the link
it names if that is one too, up to 40 (then |ELOOP|, as the system says); a
relative target is read from the link's directory.

@<Follow a symbolic link...@>=
static char *out_follow(const char *path)
{
  char *cur = tool_strdup(path);
  int hops;
  for (hops = 0; hops < 40; hops++) {
    struct stat sb;
    char *t, *slash;
    size_t cap = 256;
    ssize_t n;
    if (lstat(cur, &sb) != 0 || !S_ISLNK(sb.st_mode)) return cur;
    for (;;) {
      t = tool_alloc(NULL, cap);
      if ((n = readlink(cur, t, cap)) < 0) { free(t); free(cur); return NULL; }
      if ((size_t) n < cap) break;
      free(t); cap *= 2;
    }
    t[n] = '\0';
    if (t[0] != '/' && (slash = strrchr(cur, '/')) != NULL) {
      size_t d = (size_t) (slash - cur) + 1;
      char *u = tool_alloc(NULL, d + (size_t) n + 1);
      memcpy(u, cur, d); memcpy(u + d, t, (size_t) n + 1);
      free(t); t = u;
    }
    free(cur); cur = t;
  }
  free(cur);
  errno = ELOOP;
  return NULL;
}

@ |out_open| gives a stream; |out_finish| checks and closes it;
|out_commit| renames the temporary into place; |out_close| does both; and
|out_abandon| closes and removes it, leaving the file it would have
replaced as it was.  A command that writes several files (\.{vectors})
finishes them all before it commits any.  |fsync| is asked before the
rename, so that a crash leaves the old file or the new one, and its
|EINVAL| (a file system that cannot sync) is not an error.

@<Writing a file@>=
static void out_abandon(tool_out *o)
{
  if (o->f) fclose(o->f);
  else if (o->fd >= 0) close(o->fd);
  o->f = NULL; o->fd = -1;
  if (o->tmp) { unlink(o->tmp); out_forget(o); }
  free(o->tmp); free(o->dest); o->tmp = o->dest = NULL;
}
static FILE *out_open(tool_out *o, const char *cmd, const char *path)
{
  int fd = out_start(o, cmd, path);
  if (fd < 0) return NULL;
  if ((o->f = tool_fdopen(fd, "w")) == NULL) {
    fprintf(stderr, "rankmetrics: %s: cannot write '%s': %s\n", cmd, path,
      strerror(errno));
    out_abandon(o);
  }
  return o->f;
}
static int out_finish(tool_out *o, const char *cmd)
{
  int e = 0, bad = 0;
  if (o->f == NULL) return 0; /* abandoned, or never opened */
  if (fflush(o->f) != 0) { bad = 1; e = errno; }
  if (ferror(o->f)) bad = 1;
  if (!bad && o->tmp && fsync(o->fd) != 0 && errno != EINVAL) { bad = 1; e = errno; }
  if (fclose(o->f) != 0 && !bad) { bad = 1; e = errno; }
  o->f = NULL; o->fd = -1;
  if (bad) {
    fprintf(stderr, "rankmetrics: %s: cannot write '%s': %s\n", cmd, o->name,
      e ? strerror(e) : "a write failed");
    out_abandon(o);
    return 0;
  }
  return 1;
}
static int out_commit(tool_out *o, const char *cmd)
{
  int ok = 1;
  if (o->tmp) {
    if (rename(o->tmp, o->dest) != 0) {
      fprintf(stderr, "rankmetrics: %s: cannot write '%s': %s\n", cmd, o->name,
        strerror(errno));
      unlink(o->tmp);
      ok = 0;
    }
    out_forget(o);
  }
  free(o->tmp); free(o->dest); o->tmp = o->dest = NULL;
  return ok;
}
static int out_close(tool_out *o, const char *cmd)
{
  return out_finish(o, cmd) && out_commit(o, cmd);
}

@ The temporary file of \.{eval}, which holds its output until the input
has been read to the end, is made by |tool_tmpfile| in the directory
\.{\$TMPDIR} (else \.{/tmp}), and unlinked at once, so that it disappears
with the process however the process ends.  (|tmpfile| would ignore
\.{TMPDIR}, and a test could not fill its directory.)  Its writes are
checked before it is copied.

@<Writing a file@>=
static FILE *tool_tmpfile(void)
{
  const char *dir = getenv("TMPDIR");
  char *t;
  size_t n;
  int fd, e;
  FILE *f;
  if (dir == NULL || *dir == '\0') dir = "/tmp";
  n = strlen(dir);
  t = tool_alloc(NULL, n + 16);
  memcpy(t, dir, n);
  memcpy(t + n, "/rmXXXXXX", 10);
  fd = mkstemp(t);
  e = errno;
  if (fd >= 0) unlink(t);
  free(t);
  if (fd < 0) { errno = e; return NULL; }
  if ((f = tool_fdopen(fd, "w+")) == NULL) { e = errno; close(fd); errno = e; }
  return f;
}

@ {\it Standard output, and \.{-o FILE}.}  Every command that prints
results (|out_commands|) takes \.{-o FILE}, anywhere among its arguments:
standard output is then |FILE|, opened by |out_start| under its rules,
and the file is renamed into place when the command ends with status~0, or
with status~1 for the commands whose~1 is a verdict on a complete report
(\.{verify}, \.{examples}, \.{accuracy}, \.{adequacy}); otherwise it is
removed and the old file is left as it was.  \.{-o -} is standard output.
|take_output| takes the option out of the arguments before the command
reads them; its status is 0, or 2 for a usage error.

@<Writing a file@>=
static const char *const out_commands[] = {"value", "name", "eval", "examples",
  "accuracy", "verify", "disagree", "neighbours", "adequacy", NULL};
static const char *const out_verdicts[] = {"verify", "examples", "accuracy",
  "adequacy", NULL};
static int word_in(const char *w, const char *const *list)
{
  for (; *list; list++) if (strcmp(w, *list) == 0) return 1;
  return 0;
}
static int take_output(int *argc, char **argv, tool_out *o)
{
  int i, fd;
  const char *path = NULL;
  memset(o, 0, sizeof *o);
  o->fd = -1;
  if (*argc < 3 || !word_in(argv[1], out_commands)) return 0;
  for (i = 2; i < *argc; i++) {
    if (strcmp(argv[i], "-o") != 0) continue;
    if (path || i + 1 >= *argc) {
      fprintf(stderr, "rankmetrics: %s: -o needs one FILE\n", argv[1]);
      return 2;
    }
    path = argv[i + 1];
    memmove(argv + i, argv + i + 2, (size_t) (*argc - i - 1) * sizeof *argv);
    *argc -= 2; i--;
  }
  if (path == NULL || strcmp(path, "-") == 0) return 0;
  if ((fd = out_start(o, argv[1], path)) < 0) return 1;
  fflush(stdout);
  if (dup2(fd, 1) < 0) {
    fprintf(stderr, "rankmetrics: %s: cannot write '%s': %s\n", argv[1], path,
      strerror(errno));
    out_abandon(o);
    return 1;
  }
  close(fd);
  o->fd = 1;
  return 0;
}

@ |close_stdout| is the last thing the tool does: as coreutils' function of
the name, it flushes standard output, checks its error indicator and
closes it, and a failure anywhere turns status~0 into~2 (a command's own
nonzero status is kept).  With \.{-o} it then renames the file into place,
or removes it.  A command that has already reported a failed write of
standard output (\.{eval}'s copy) sets |stdout_said| so the message is not
repeated.

@<Writing a file@>=
static int stdout_said;
static int close_stdout(int rc, tool_out *o, const char *cmd)
{
  int e = 0, bad = 0;
  if (fflush(stdout) != 0) { bad = 1; e = errno; }
  if (ferror(stdout)) bad = 1;
  if (!bad && o->tmp && fsync(1) != 0 && errno != EINVAL) { bad = 1; e = errno; }
  if (fclose(stdout) != 0 && !bad && errno != EBADF) { bad = 1; e = errno; }
  o->fd = -1;
  if (bad && !stdout_said) {
    if (o->name) fprintf(stderr, "rankmetrics: %s: cannot write '%s': %s\n", cmd,
      o->name, e ? strerror(e) : "a write failed");
    else fprintf(stderr, "rankmetrics: cannot write standard output: %s\n",
      e ? strerror(e) : "a write failed");
  }
  if (bad && rc == 0) rc = 2;
  if (o->tmp) {
    if (!bad && (rc == 0 || (rc == 1 && word_in(cmd, out_verdicts)))) {
      if (!out_commit(o, cmd) && rc == 0) rc = 2;
    } else {
      out_abandon(o);
      fprintf(stderr, "rankmetrics: %s: '%s' not written; it is as it was\n", cmd,
        o->name);
    }
  }
  return rc;
}

@ Lists on the command line are read strictly: a grade must be a whole
number in range, a score a finite number, and every item must be present
(\.{3,,2} is an error).  The reader returns the number of items, or $-1$
after printing a message that names the option, the item and its position.
A grade is read by the library's |rm_label_kind| and a score by
|tool_score|, the rules that every reader of the tool follows (see
\secref{q:numbers} and the next section).

@<Tool functions@>=
static const char *tool_score(const char *s, double *x);
static long count_items(const char *s)
{
  long n = 1;
  if (*s == '\0') return 0;
  for (; *s; s++) if (*s == ',') n++;
  return n;
}
static long read_grades(const char *opt, char *s, int **out)
{
  long n = count_items(s), i;
  int *g = tool_alloc(NULL, (size_t) (n ? n : 1) * sizeof *g);
  for (i = 0; i < n; i++) {
    size_t len = strcspn(s, ",");
    int last = s[len] == '\0';
    s[len] = '\0';
    if (rm_label_kind(s, &g[i]) != RM_LABEL_GRADE) {
      fprintf(stderr, "rankmetrics: %s: item %ld '%s' is not a whole grade"
        " from 0 to %d\n", opt, i + 1, s, RM_GRADE_MAX);
      free(g);
      return -1;
    }
    s += len + !last;
  }
  *out = g;
  return n;
}
static long read_scores(char *s, double **out)
{
  long n = count_items(s), i;
  double *d = tool_alloc(NULL, (size_t) (n ? n : 1) * sizeof *d);
  for (i = 0; i < n; i++) {
    size_t len = strcspn(s, ",");
    int last = s[len] == '\0';
    const char *bad;
    s[len] = '\0';
    if ((bad = tool_score(s, &d[i])) != NULL) {
      fprintf(stderr, "rankmetrics: --scores: item %ld '%s' %s\n", i + 1, s, bad);
      free(d);
      return -1;
    }
    s += len + !last;
  }
  *out = d;
  return n;
}

@ {\it One rule for reading a score.}\here{q:scores}  A score, in a run, a
delimited file or \.{--scores}, is written as an optional sign, decimal
digits with an optional point (at least one digit in all), and an optional
exponent (\.{e} or \.{E}, an optional sign, digits); it is read as the
double nearest to it, as |strtod| reads it.  Nothing else is a score: no
spaces, no hexadecimal (\.{0x1p-3}), no \.{inf}, \.{nan} or \.{infinity}.
Two spellings of the rule are refused although |strtod| would read them,
and they are refused alike: a score too large for a double (\.{1e400},
which would be infinite) and a score that is not zero but too small for
one (\.{1e-400}, which would be read as~0, and then tie with every score
of~0 and rank below every positive one).  A score that lands among the
subnormal doubles ($\vert x\vert<2^{-1022}$, down to $2^{-1074}$) is
accepted: it is a finite nonzero double that orders as its decimal does,
and the library computes with it exactly (\.{fuzz\_metrics} tries such
scores); it loses digits, as any decimal longer than 17 digits does.
|tool_score| returns |NULL| and the score, or the words that say what is
wrong, for the reader's message with its file and line.
@^scores, one rule for@>

@<Tool functions@>=
static const char *tool_score(const char *s, double *x)
{
  const char *q = s + (*s == '+' || *s == '-');
  int digits = 0, nonzero = 0;
  for (; *q >= '0' && *q <= '9'; q++) { digits++; nonzero |= *q != '0'; }
  if (*q == '.')
    for (q++; *q >= '0' && *q <= '9'; q++) { digits++; nonzero |= *q != '0'; }
  if (digits == 0) return "is not a finite number";
  if (*q == 'e' || *q == 'E') {
    q += 1 + (q[1] == '+' || q[1] == '-');
    if (*q < '0' || *q > '9') return "is not a finite number";
    while (*q >= '0' && *q <= '9') q++;
  }
  if (*q != '\0') return "is not a finite number";
  *x = strtod(s, NULL);
  if (!isfinite(*x)) return "is not a finite number: too large for a double";
  if (*x == 0 && nonzero)
    return "is not a finite number: not zero, but too small for a double (it would"
      " be read as 0)";
  return NULL;
}

@ A candidate's result (see \.{verify}) may also be a hexadecimal double,
so it is not a score; but it too is refused when it is not zero and would
be read as~0, as a score is: |tool_nonzero_digits| says whether the digits
before the exponent (\.{e}, or \.{p} after \.{0x}) are not all zeros.

@<Tool functions@>=
static int tool_nonzero_digits(const char *s)
{
  int hex;
  s += *s == '+' || *s == '-';
  hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  for (s += 2 * hex; *s && *s != (hex ? 'p' : 'e') && *s != (hex ? 'P' : 'E'); s++)
    if (*s != '0' && *s != '.') return 1;
  return 0;
}

@ The items of \.{--grades} may be ratings (see \secref{q:labels}): an
item that |rm_label_kind| reads as a rating or as a negative whole number,
such as \.{3.5}, \.{-1} or \.{10/3}, makes the query a list of ratings.
Its items are then kept as strings in |lab|, split in place in the copy
|s|, and the query has no grades, so that only the metrics that read
ratings (MAE, MSE, RMSE, \.{spearman}, \.{kendall}) accept it;
|*first| is the position of its first item that is not a grade, for the
message of a metric that needs grades.  A list of whole grades keeps its
strings as ratings too, which changes no value: a whole number reads the
same either way.

@<Tool functions@>=
static long read_ratings(char *s, int **grade, const char ***lab, long *first,
  int quiet)
{
  long n = count_items(s), i;
  int *g = tool_alloc(NULL, (size_t) (n ? n : 1) * sizeof *g);
  const char **r = tool_alloc(NULL, (size_t) (n ? n : 1) * sizeof *r);
  *first = 0;
  for (i = 0; i < n; i++) {
    size_t len = strcspn(s, ",");
    int last = s[len] == '\0', kind;
    s[len] = '\0';
    kind = rm_label_kind(s, &g[i]);
    if (kind == RM_LABEL_BAD) {
      if (!quiet) fprintf(stderr, "rankmetrics: --grades: item %ld '%s' is neither"
        " a whole grade from 0 to %d nor a rating such as 3.5\n", i + 1, s,
        RM_GRADE_MAX);
      free(g); free(r);
      return -1;
    }
    if (kind != RM_LABEL_GRADE && *first == 0) *first = i + 1;
    r[i] = s;
    s += len + !last;
  }
  if (*first) { free(g); g = NULL; }
  *grade = g; *lab = r;
  return n;
}

@ Identifiers are split at commas in a copy of the argument; an empty
identifier is refused, since no tie rule could use it.

@<Tool functions@>=
static long read_ids(char *s, const char ***out)
{
  long n = count_items(s), i;
  const char **id = tool_alloc(NULL, (size_t) (n ? n : 1) * sizeof *id);
  for (i = 0; i < n; i++) {
    size_t len = strcspn(s, ",");
    if (len == 0) {
      fprintf(stderr, "rankmetrics: --ids: item %ld is empty\n", i + 1);
      free(id);
      return -1;
    }
    id[i] = s;
    s += len;
    if (*s) *s++ = '\0';
  }
  *out = id;
  return n;
}

@ A variant name from the command line is parsed by the library's parser,
whose message already says where the name is wrong.

@<Tool functions@>=
static int parse_name(const char *name, rm_variant *v)
{
  char msg[200];
  if (rm_variant_parse(name, v, msg, sizeof msg) != RM_OK) {
    fprintf(stderr, "rankmetrics: bad variant name '%s': %s\n", name, msg);
    return 0;
  }
  return 1;
}
static int cmd_name(int argc, char **argv)
{
  int i;
  char buf[RM_NAME_MAX];
  if (argc == 0) { fputs("rankmetrics: name: give at least one NAME\n", stderr);
    return 2; }
  for (i = 0; i < argc; i++) {
    rm_variant v;
    if (!parse_name(argv[i], &v)) return 2;
    rm_variant_name(&v, buf, sizeof buf);
    puts(buf);
  }
  return 0;
}

@ The shortest decimal that reads back as the same double is what the tool
prints for a double; C99's \.{\%a} gives the hexadecimal form.

@<Tool functions@>=
static void shortest(char *buf, double x)
{
  int p;
  for (p = 1; p <= 17; p++) {
    snprintf(buf, 40, "%.*g", p, x);
    if (strtod(buf, NULL) == x) return;
  }
}

@ Two small helpers split an option into its queries.  An option of
\.{value} such as \.{--grades 1,0;0,1} holds one list per query, separated
by semicolons; |count_char| counts the separators, so that the options can
be checked to hold the same number of queries, and |next_piece| copies out
the piece that begins at |*s| as a new string that the readers of lists
parse, and moves |*s| past it and its semicolon.  The queries are read in
order, each from where the last one ended, so that reading $n$ queries costs
time linear in the length of the option; a first version found the $j$th
piece by counting $j$ semicolons from the start, which made 20,000 queries
take four seconds.

@<Tool functions@>=
static long count_char(const char *s, char c)
{
  long n = 0;
  for (; *s; s++) n += *s == c;
  return n;
}
static char *next_piece(const char **s)
{
  const char *e = strchr(*s, ';');
  size_t len = e ? (size_t) (e - *s) : strlen(*s);
  char *p = tool_alloc(NULL, len + 1);
  memcpy(p, *s, len);
  p[len] = '\0';
  *s += len + (e != NULL);
  return p;
}

@ The \.{value} command reads its options in any order after the name, builds
the list, and reports.  For an aggregated variant, each option may hold
several queries separated by semicolons, for example
\.{--grades '1,0,0;0,1'}; every option given must then hold the same number
of queries, and a query of \.{--scores} or \.{--ids} may be \.{none} (it
has none), as in the text twins of the golden vectors.  An undefined value is reported with the convention that set it.

@<Tool functions@>=
typedef struct {
  int *grade, *judged, *unjg; double *score; const char **id; char *ids;
  unsigned char *unj; /* the markers of \.{--unjudged} */
  const char **lab; char *labs; long first; /* the ratings, and the first that is no grade */
} owned;
static int cmd_value(int argc, char **argv)
{
  rm_variant v;
  const char *opt[5] = {NULL, NULL, NULL, NULL, NULL}, *at[5];
  static const char *const optname[5] = {"--grades", "--scores", "--ids", "--judged",
    "--unjudged"};
  rm_list *q = NULL;
  owned *own = NULL;
  long nq = 1, j;
  int exact = 0, i, rc = 2;
  double x;
  char name[RM_NAME_MAX], buf[40];
  rm_status s;
  if (argc < 1 || argv[0][0] == '-') {
    fputs("rankmetrics: value: the first argument must be a variant NAME\n", stderr);
    return 2;
  }
  if (!parse_name(argv[0], &v)) return 2;
  @<Read the options of \.{value}@>;
  @<Count the queries of \.{value}@>;
  q = tool_zalloc((size_t) nq * sizeof *q);
  own = tool_zalloc((size_t) nq * sizeof *own);
  memcpy(at, opt, sizeof at);
  for (j = 0; j < nq; j++) @<Read query |j| of every option@>;
  rc = 1;
  rm_variant_name(&v, name, sizeof name);
  s = rm_variant_reads_set(&v) ? rm_value_set(&v, q, (size_t) nq, NULL, &x)
    : rm_value(&v, q, NULL, &x);
  if (s == RM_EGRADE)
    for (j = 0; j < nq; j++)
      if (own[j].first) {
        fprintf(stderr, "rankmetrics: value: --grades: query %ld, item %ld '%s' is a"
          " rating, not a whole grade from 0 to %d; only mae, mse, rmse, spearman"
          " and kendall read ratings\n", j + 1, own[j].first, own[j].lab[own[j].first - 1],
          RM_GRADE_MAX);
        goto done;
      }
  if (s < 0) {
    fprintf(stderr, "rankmetrics: value: %s\n", rm_strerror(s));
    goto done;
  }
  shortest(buf, x);
  if (!exact) printf("%s\t%s\n", name, buf);
  else @<Print the exact result beside the double@>;
  if (s == RM_UNDEFINED)
    fprintf(stderr, "rankmetrics: note: the value is undefined; it is set by the"
      " convention undef=%s\n", v.undef == RM_UNDEF_ONE ? "one" : "zero");
  rc = 0;
done:
  for (j = 0; own && j < nq; j++) {
    free(own[j].grade); free(own[j].judged); free(own[j].score); free(own[j].id);
    free(own[j].ids); free(own[j].lab); free(own[j].labs);
    free(own[j].unjg); free(own[j].unj);
  }
  free(own); free(q);
  return rc;
}

@ The options of \.{value} are \.{--exact} and five that take an
argument: \.{--grades}, and the optional \.{--scores}, \.{--ids},
\.{--judged} and \.{--unjudged} (the names are in |optname|, in that order).  An unknown
option, one given twice, or one whose argument is missing is refused with
exit status~2 and a message naming it, so that a typing slip never leaves
an option silently at its default; \.{--grades} is the one option without
which there is no list.

@<Read the options of \.{value}@>=
for (i = 1; i < argc; i++) {
  const char *o = argv[i];
  int k;
  if (strcmp(o, "--exact") == 0) { exact = 1; continue; }
  for (k = 0; k < 5; k++) if (strcmp(o, optname[k]) == 0) break;
  if (k == 5 || opt[k] != NULL || i + 1 >= argc) {
    fprintf(stderr, "rankmetrics: value: %s option '%s'\n", k == 5 ? "unknown" :
      opt[k] ? "repeated" : "missing the argument of", o);
    return 2;
  }
  opt[k] = argv[++i];
}
if (opt[0] == NULL) {
  fputs("rankmetrics: value: --grades is required\n", stderr);
  return 2;
}

@ The number of queries is the number of pieces of \.{--grades}.  More
than one query is an error unless the variant reads a set (a mean, a micro
average, or a metric of a whole set): a plain metric of one list given two
lists would have to drop one, and we refuse rather than guess which.  Every
other list option must have exactly as many pieces, so that the $j$th
scores belong to the $j$th grades.

@<Count the queries of \.{value}@>=
{
  int k;
  nq = count_char(opt[0], ';') + 1;
  if (nq > 1 && !rm_variant_reads_set(&v)) {
    fputs("rankmetrics: value: ';' separates queries, which only a variant of a"
      " set reads (for example mean:NAME)\n", stderr);
    return 2;
  }
  for (k = 1; k < 5; k++)
    if (opt[k] && count_char(opt[k], ';') + 1 != nq) {
      fprintf(stderr, "rankmetrics: value: --grades has %ld queries but %s has %ld\n",
        nq, optname[k], count_char(opt[k], ';') + 1);
      return 2;
    }
}

@ Each option's $j$th query is copied out and read by the readers of lists.
The grades come first, since their number is the length of the list;
\.{--judged} gives the grades of judged items that were not retrieved, and
may have any length; scores, identifiers and the markers of \.{--unjudged}
(0, 1 or~2 per item, as |unjudged| of the input model) must have one entry
per grade, and the word \.{none} leaves a query without them (the input order is then
the ranking).  A mismatch names the query, counting from~1, and both
lengths.  The pieces are freed here, except the identifiers' text, which
the list keeps pointing into and which is freed with the list.

@<Read query |j| of every option@>=
{
  char *piece[5] = {NULL, NULL, NULL, NULL, NULL};
  long n, m;
  int k, bad = 0;
  for (k = 0; k < 5; k++) if (opt[k]) piece[k] = next_piece(&at[k]);
  own[j].labs = piece[0]; piece[0] = NULL;
  n = read_ratings(own[j].labs, &own[j].grade, &own[j].lab, &own[j].first, 0);
  if (n < 0) bad = 1;
  if (!bad && piece[3]) {
    m = read_grades("--judged", piece[3], &own[j].judged);
    if (m < 0) bad = 1; else q[j].n_unretrieved = (size_t) m;
  }
  if (!bad && piece[1] && strcmp(piece[1], "none") != 0) {
    m = read_scores(piece[1], &own[j].score);
    if (m < 0) bad = 1;
    else if (m != n) {
      fprintf(stderr, "rankmetrics: value: query %ld: --grades has %ld items but"
        " --scores has %ld\n", j + 1, n, m);
      bad = 1;
    }
  }
  if (!bad && piece[2] && strcmp(piece[2], "none") != 0) {
    own[j].ids = piece[2]; piece[2] = NULL;
    m = read_ids(own[j].ids, &own[j].id);
    if (m < 0) bad = 1;
    else if (m != n) {
      fprintf(stderr, "rankmetrics: value: query %ld: --grades has %ld items but"
        " --ids has %ld\n", j + 1, n, m);
      bad = 1;
    }
  }
  if (!bad && piece[4] && strcmp(piece[4], "none") != 0) {
    m = read_grades("--unjudged", piece[4], &own[j].unjg);
    if (m < 0) bad = 1;
    else if (m != n) {
      fprintf(stderr, "rankmetrics: value: query %ld: --grades has %ld items but"
        " --unjudged has %ld\n", j + 1, n, m);
      bad = 1;
    } else {
      own[j].unj = tool_alloc(NULL, (size_t) (n ? n : 1));
      for (m = 0; m < n; m++) {
        if (own[j].unjg[m] > 2) {
          fprintf(stderr, "rankmetrics: value: --unjudged: item %ld is %d, not 0, 1"
            " or 2\n", m + 1, own[j].unjg[m]);
          bad = 1; break;
        }
        own[j].unj[m] = (unsigned char) own[j].unjg[m];
      }
    }
  }
  for (k = 0; k < 5; k++) free(piece[k]);
  if (bad) goto done;
  q[j].n = (size_t) n; q[j].grade = own[j].grade; q[j].score = own[j].score;
  q[j].id = own[j].id; q[j].unretrieved_grade = own[j].judged;
  q[j].label = own[j].lab; q[j].unjudged = own[j].unj;
}

@ Four rows give values: the double path's, the exact path's correctly
rounded double, its 40 digits and its fraction.  The ternary value is the
sign of the rounding error of the {\it exact\/} row, and the row says so,
since a reader who meets ``the double is above the true value'' right
under a row named \.{double} takes it for that row.  The double row gets its
own side, which follows from the ternary value: a double $x$ below the
correctly rounded $y$ is below the true value~$t$ too (if $y$ was rounded up,
$t>y-\ulp/2>x$; if not, $t\ge y>x$), and likewise above; and $x=y$ lies on
$y$'s side.

@<Print the exact result beside the double@>=
{
  rm_exact e;
  rm_status t;
  char hb[40];
  int side;
  rm_exact_init(&e);
  t = rm_variant_reads_set(&v) ? rm_value_set_exact(&v, q, (size_t) nq, &e)
    : rm_value_exact(&v, q, &e);
  if (t < 0) {
    fprintf(stderr, "rankmetrics: value: exact path: %s\n", rm_strerror(t));
    rm_exact_clear(&e);
    goto done;
  }
  side = x < e.value ? -1 : x > e.value ? 1 : e.ternary;
  printf("variant   %s\n", name);
  printf("double    %s   (double path: bound %g ulps; %g ulps from the exact row; %s)\n",
    buf, rm_ulp_bound(&v), rm_ulps_between(x, e.value), side < 0 ? "below the true value"
    : side > 0 ? "above the true value" : "the true value");
  shortest(hb, e.value);
  printf("exact     %s   %a   (exact path: the true value correctly rounded)\n", hb,
    e.value);
  printf("decimal   %s   (the true value, 40 digits)\n", e.decimal);
  printf("rational  %s\n", e.rational ? e.rational : "no (irrational)");
  printf("ternary   %+d   (%s)\n", e.ternary, e.ternary == 0 ? "the exact row is the"
    " true value" : e.ternary < 0 ? "the exact row is below the true value: rounded"
    " down" : "the exact row is above the true value: rounded up");
  rm_exact_clear(&e);
}

@ The \.{examples} command runs every row of the table of worked examples
through both paths.  A row passes when the exact path's status, double and
fraction are those derived by hand in the row, and the double path is within
its bound of the exact one.  Without \.{--tex} it prints one line per row
and exits 1 if any row fails; with \.{--tex} it writes, for each row, the
macros that the book reads (see the limbo of this book), and still fails on
a wrong row, so a wrong number can never reach the book.

@<Tool functions@>=
static int run_example(const rm_example *x, rm_exact *e, double *d)
{
  rm_variant v;
  rm_list l = {0};
  int xg[RM_EXAMPLE_MAX];
  unsigned char xu[RM_EXAMPLE_MAX];
  rm_status s;
  rm_example_list(x, &l, xg, xu);
  if (rm_variant_parse(x->name, &v, NULL, 0) != RM_OK) return 0;
  if ((s = rm_value(&v, &l, NULL, d)) != x->status) return 0;
  if (rm_value_exact(&v, &l, e) != x->status) return 0;
  if (e->value != x->expect || signbit(e->value) != signbit(x->expect)) return 0;
  if ((e->rational == NULL) != (x->rational == NULL)) return 0;
  if (e->rational && strcmp(e->rational, x->rational) != 0) return 0;
  return rm_ulps_between(*d, e->value) <= rm_ulp_bound(&v);
}
static int run_set_example(const rm_set_example *x, rm_exact *e, double *d)
{
  rm_variant v;
  if (rm_variant_parse(x->name, &v, NULL, 0) != RM_OK) return 0;
  if (rm_value_set(&v, x->q, x->nq, NULL, d) != x->status) return 0;
  if (rm_value_set_exact(&v, x->q, x->nq, e) != x->status) return 0;
  if (e->value != x->expect || signbit(e->value) != signbit(x->expect)) return 0;
  if ((e->rational == NULL) != (x->rational == NULL)) return 0;
  if (e->rational && strcmp(e->rational, x->rational) != 0) return 0;
  return rm_ulps_between(*d, e->value) <= rm_ulp_bound(&v);
}

@ For the text the 40 digits are too many; the book prints 15 significant
digits (of the mantissa, for a value in scientific notation), rounded half
to even from the 40, and drops trailing zeros when the
40 digits show the value to be exact.  Rounding the correctly rounded 40
digits again could go wrong only if the 25 digits dropped were exactly a
half, $500\ldots0$; then we print all 40.

@<Tool functions@>=
static void short_positional(char *out, const char *dec);
static void short_decimal(char *out, const char *dec)
{
  const char *e = strchr(dec, 'e');
  char m[64];
  size_t k;
  if (*dec == '-') { *out++ = '-'; dec++; }
  if (e == NULL) { short_positional(out, dec); return; }
  k = (size_t) (e - dec) < sizeof m ? (size_t) (e - dec) : sizeof m - 1;
  memcpy(m, dec, k); m[k] = '\0';
  short_positional(out, m); /* the mantissa, $1\le m<10$ */
  if (strncmp(out, "10", 2) == 0 && (out[2] == '.' || out[2] == '\0'))
    sprintf(out, "1e%+ld", strtol(e + 1, NULL, 10) + 1);
  else strcat(out, e);
}
static void short_positional(char *out, const char *dec)
{
  char d[64];
  int nd = 0, point = -1, lead = 0, i, keep = 15, half = 1, rest_zero = 1;
  const char *p;
  for (p = dec; *p; p++) {
    if (*p == '.') { point = nd; continue; }
    if (nd == 0 && *p == '0') { lead++; continue; }
    d[nd++] = *p;
  }
  if (nd == 0) { strcpy(out, "0"); return; }
  if (point < 0) point = nd;
  for (i = keep; i < nd; i++) {
    if (i == keep ? d[i] != '5' : d[i] != '0') half = 0;
    if (d[i] != '0') rest_zero = 0;
  }
  if (half && !rest_zero) { strcpy(out, dec); return; }
  if (nd > keep && d[keep] >= '5') {
    for (i = keep - 1; i >= 0 && d[i] == '9'; i--) d[i] = '0';
    if (i >= 0) d[i]++;
    else { memmove(d + 1, d, (size_t) keep); d[0] = '1'; point++; }
  }
  nd = keep;
  while (nd > point && nd > 1 && d[nd - 1] == '0' && rest_zero) nd--;
  @<Write the |nd| digits of |d| with |lead| and |point| into |out|@>;
}

@ The decimal strings of the exact path have leading zeros only before the
point, so |lead| zeros mean the digits start |lead-1| places after it.

@<Write the |nd| digits...@>=
{
  char *o = out;
  if (point == 0 && lead > 0) {
    *o++ = '0'; *o++ = '.';
    for (i = 1; i < lead; i++) *o++ = '0';
    for (i = 0; i < nd; i++) *o++ = d[i];
  } else {
    for (i = 0; i < nd || i < point; i++) {
      if (i == point) *o++ = '.';
      *o++ = i < nd ? d[i] : '0';
    }
  }
  *o = '\0';
}

@ The command \.{examples} runs every worked example of the book through
both paths (|run_example|) and compares the result with the row: the exact
value with the fraction derived by hand, and the double with the correctly
rounded double of the row.  Without options it prints a line per example
(its identifier, variant, printed value, our value, the verdict, and ok or
FAIL) and a count at the end; an example that fails is also named on
standard error, with both paths' values in C99 hex, and the exit status is
1.  With \.{--tex} it also writes, for each
example, the \TeX\ macros that this book prints where the text says
``ours'', so that no number in the prose is copied by hand.

@<Tool functions@>=
static int cmd_examples(int argc, char **argv)
{
  int tex = argc == 1 && strcmp(argv[0], "--tex") == 0, bad = 0;
  size_t i;
  if (argc > 1 || (argc == 1 && !tex)) {
    fputs("rankmetrics: examples: the only option is --tex\n", stderr);
    return 2;
  }
  if (tex) puts("% Written by `rankmetrics examples --tex'; do not edit.");
  for (i = 0; i < RM_N_EXAMPLES; i++) {
    const rm_example *x = &rm_examples[i];
    rm_variant v;
    rm_exact e;
    double d = 0;
    char sd[80];
    int ok;
    rm_exact_init(&e);
    ok = run_example(x, &e, &d);
    short_decimal(sd, e.decimal);
    if (!ok) {
      bad++;
      fprintf(stderr, "rankmetrics: example %s (%s): got %a (double path %a),"
        " expected %a%s%s\n", x->id, x->name, e.value, d, x->expect,
        x->rational ? " = " : "", x->rational ? x->rational : "");
    }
    if (tex) @<Write the macros of example |x|@>@;
    else printf("%-20s %-40s %-8s %-18s %-12s %s\n", x->id, x->name,
      x->printed ? x->printed : "-", sd, x->verdict, ok ? "ok" : "FAIL");
    rm_exact_clear(&e);
  }
  for (i = 0; i < RM_N_SET_EXAMPLES; i++) @<Run the example over queries |i|@>;
  if (!tex) printf("%d of %d worked examples agree with their derived values\n",
    (int) (RM_N_EXAMPLES + RM_N_SET_EXAMPLES) - bad,
    (int) (RM_N_EXAMPLES + RM_N_SET_EXAMPLES));
  return bad ? 1 : 0;
}

@ The examples over several queries are run the same way, and write the same
macros.

@<Run the example over queries |i|@>=
{
  const rm_set_example *x = &rm_set_examples[i];
  rm_variant v;
  rm_exact e;
  double d = 0;
  char sd[80];
  int ok;
  rm_exact_init(&e);
  ok = run_set_example(x, &e, &d);
  short_decimal(sd, e.decimal);
  if (!ok) {
    bad++;
    fprintf(stderr, "rankmetrics: example %s (%s): got %a (double path %a),"
      " expected %a%s%s\n", x->id, x->name, e.value, d, x->expect,
      x->rational ? " = " : "", x->rational ? x->rational : "");
  }
  if (tex) @<Write the macros of example |x|@>@;
  else printf("%-20s %-40s %-8s %-18s %-12s %s\n", x->id, x->name,
    x->printed ? x->printed : "-", sd, x->verdict, ok ? "ok" : "FAIL");
  rm_exact_clear(&e);
}

@ The macros of one example are named by its identifier: \.{rmshort},
fifteen significant digits; \.{rmdec}, the forty-digit decimal;
\.{rmhex}, the double in hex; \.{rmq}, the fraction when the value is
rational; \.{rmname}, the canonical name of its variant as the printer
writes it; and \.{rmprinted}, the number the source prints.  The book's
macros \.{\\ours}, \.{\\oursl}, \.{\\ourshex}, \.{\\oursq},
\.{\\oursname} and \.{\\printed} read them, and stop \TeX\ when one is
missing.

@<Write the macros of example |x|@>=
{
  printf("\\expandafter\\def\\csname rmshort:%s\\endcsname{%s}\n", x->id, sd);
  printf("\\expandafter\\def\\csname rmdec:%s\\endcsname{%s}\n", x->id, e.decimal);
  printf("\\expandafter\\def\\csname rmhex:%s\\endcsname{%a}\n", x->id, e.value);
  if (e.rational)
    printf("\\expandafter\\def\\csname rmq:%s\\endcsname{%s}\n", x->id, e.rational);
  if (rm_variant_parse(x->name, &v, NULL, 0) == RM_OK) {
    char nm[RM_NAME_MAX];
    rm_variant_name(&v, nm, sizeof nm);
    printf("\\expandafter\\def\\csname rmname:%s\\endcsname{%s}\n", x->id, nm);
  }
  if (x->printed)
    printf("\\expandafter\\def\\csname rmprinted:%s\\endcsname{%s}\n", x->id,
      x->printed);
}

@* Evaluating run files.
The command \.{eval} computes named variants over files of real data.  It
reads two kinds of input.
\smallskip
\item{$\bullet$} {\it TREC files}, given as two arguments, the judgments
(qrels) and the run, as in
$$\hbox{\.{rankmetrics eval -m ap QRELS RUN}.}$$
A line of the judgments is \.{qid iter docno grade}; a line of the run is
\.{qid Q0 docno rank score tag}.  The rank and the tag are ignored: the
ranking is by score, ties broken by the variant's \.{ties} rule over the
input order and the docnos (trec\_eval's own order is \.{ties=id-desc}).
\item{$\bullet$} {\it Delimited files} with a header, given as one argument,
as in \.{rankmetrics eval -m auc data.csv}.  The separator is a tab if the header
has one, else a comma (\.{--csv} and \.{--tsv} force it); fields may be
quoted with \.{"}.  The columns are named by \.{--user}, \.{--item},
\.{--label} and \.{--score}, by default \.{user}, \.{item}, \.{label} and
\.{score}; the first and the third are required, and a column named by its
option must be in the header (\.{--item none} and \.{--score none} say there
is none; a default also matches a column that differs from it only in case,
such as \.{Score}: see |ev_column|).  Rows are grouped into
queries by the user column, each row is a retrieved item whose grade is
its label, and there are no unretrieved judged items.  Without a score
column the order of the rows is the ranking; without an item column the
items have no identifiers (a tie rule that reads them is then refused).
\smallskip
\noindent Grades are whole numbers up to |RM_GRADE_MAX| (a label may be
written \.{1.0} or \.{+1}, but not \.{1e0} or \.{0x1}: see
\secref{q:numbers}); a negative grade, as in the qrels of some tracks, is
read as~0 and counted.  A retrieved document without a judgment has
grade~0, and the list marks it unjudged (|unjudged| of the input model),
which the metrics of incomplete judgments read (\secref{q:judged}).  The
label of a judgment or of a delimited file's row may also be
a rating, such as MovieLens' \.{3.5}: MAE, MSE, RMSE, Spearman's rho and
Kendall's tau read every label as written (a negative one too), and a query
with a rating that is not a whole grade is refused, with its file and line,
when some other measure asks for its grades.  Scores follow the rule of
\secref{q:scores}.
@^evaluating run files@>@^TREC run files@>@^CSV files@>

@ {\it Which variants, and how they are aggregated.}  Every \.{-m NAME}
names one variant.  A name of one query, such as \.{ndcg@@10}, gives a value
per query and is aggregated as \.{mean:NAME}, the macro average over the
evaluated queries with uniform weights, as trec\_eval does.  A name with an
aggregator, such as \.{micro[skip=undef]:hr@@10} or
\.{mean[weight=items]:auc}, is aggregated by that aggregator; its values per
query are those of its inner variant.  A metric of a whole set has an
aggregate only.  The aggregate line names the variant it computes: its
canonical name is in the JSON output.

Which queries enter the set is decided before the aggregator's own
\.{skip} rule, by three conventions, each counted in the summary that
\.{eval} writes on standard error (\.{--quiet} drops it):
\smallskip
\item{$\bullet$} \.{--dup} \.{error}, \.{first}, \.{last} or \.{max}: a document
that appears twice in a query (in the run, the judgments or a delimited
file) is an error by default, reported with the file and both lines, since
the two lines may disagree and no choice between them is safe to make
silently.  \.{first} keeps the first line and drops the later ones (what
trec\_eval does with a repeated judgment), \.{last} keeps the last, and
\.{max} keeps the line with the highest grade or rating, ratings compared
exactly as written (a judgment, or a row of a delimited file), then the
highest score (a run's lines, which share the
document's judgment); a tie keeps the first.  The summary counts the lines
dropped.
\item{$\bullet$} \.{--run-only} \.{skip} or \.{zero}: a query of the run without any
judgment is left out (\.{skip}, the default, as trec\_eval), or evaluated
with every grade~0 (\.{zero}).
\item{$\bullet$} \.{--judged-only} \.{skip} or \.{empty}: a query of the judgments
missing from the run is left out (\.{skip}, the default, trec\_eval without
\.{-c}), or evaluated as an empty list whose judged items are all
unretrieved (\.{empty}, trec\_eval's \.{-c}).
\item{$\bullet$} \.{--judged-docs-only}: a retrieved document that has no
judgment, or a negative grade (its marker in |unjudged| is not~0), is
removed from the ranking before any measure sees it, and the documents below
it move up (trec\_eval's \.{-J}); it is no longer retrieved, so it counts
in no \.{nret}.  Without judgments (a single file) the option changes
nothing.
\smallskip

@ {\it Output.}  By default a plain table, one line per value:
measure, query and value, the aggregate under the query name \.{all}.
\.{--trec} writes the same lines as trec\_eval does,
\.{measure<TAB>qid<TAB>value}; \.{--json} writes one JSON object per line,
with the fields \.{measure} (as given), \.{variant} (canonical), \.{qid}
(\.{null} for the aggregate), \.{value}, and \.{undefined} when the value
was set by a convention.  Values per query are written only with \.{-q}.
\.{--exact} computes every value on the exact path and writes its correctly
rounded double.  All output is first written to a temporary file (in
\.{\$TMPDIR}) and copied to standard output only when the whole input has
been read without error, so an error leaves nothing half-written: it is
reported as \.{FILE:LINE: what was wrong} and the exit status is~1.
\.{-o FILE} writes the output into |FILE|, replaced only when the command
succeeds.

@ {\it Streaming.}  When the lines of each query are contiguous (the input
is grouped, for example sorted by query), the run or the delimited file is
read in one pass, one query at a time.  The judgments of a TREC evaluation
are read in the same pass, one query at a time beside the run, when both
files list their queries in one order: the same sequence of queries, or
both sorted in byte order or both in natural order (\.{q2} before
\.{q10}), with queries missing from either file (see |ev_match|).  The
memory held is then that of the largest query, whatever the number of
queries.  When the two files list their queries in different orders, the
judgments are read whole into memory and sorted, and the run is still
streamed.  The summary on standard error says which reading was used.

The aggregate is accumulated as the queries pass: for a \.{mean} or a
\.{sum} on the double path the tool repeats exactly the library's double
path of |rm_value_set| (the inner value of each query, the same \.{skip}
tests and weights, and the same compensated sums), so the number is the one
|rm_value_set| would return on the queries in the order read; the tests
check this bit for bit.  A \.{micro} average, a metric of a whole set and
every aggregate on the exact path need all the queries (the exact path keeps
a term for each irrational value), so for them the queries are kept, in a
compact copy, and given to |rm_value_set| or |rm_value_set_exact| at the
end.

When a query reappears after another one, the input is not grouped.  The
documented fallback: if the file can be rewound, everything computed so far
is dropped and the file is read again whole into memory, its lines sorted
stably by query, and evaluated from there; if it cannot (a pipe), the
reappearance is an error, and \.{--unsorted} asks for the in-memory reading
from the start.  Either way the values per query are the same; only the
order of the queries in the output differs (input order when streaming,
sorted by name in memory), and with it the last bits of a mean's sum.  A
judged query missing from the run is evaluated (under \.{--judged-only
empty}) where the judgments list it when they are streamed, and after the
run's queries otherwise.
@^streaming@>

@ {\it Hostile lines.}  Every reader of a file in this part and the next
(judgments, runs, delimited files, candidate results, the text twins of the
vectors) passes each line it reads through |line_check|.  A UTF-8 byte-order
mark at the very start of a file is dropped, since editors on some systems
write one and it would otherwise glue itself to the first column's name.  A
NUL byte anywhere in a line is refused as \.{FILE:LINE: NUL byte}: |tool_getline|
reads it, but every C string after it would end there and silently cut the
line.  Line ends \.{\\n} and \.{\\r\\n} are both accepted; every line is
read whole by |tool_getline|, up to |tool_line_max| bytes (256~MiB), and a
read error or a failed allocation is an error, never the end of the file.  Identifiers (query, document, user and
item) must be valid UTF-8; one that is not is refused as \.{FILE:LINE:
invalid UTF-8 in an identifier}, so that the JSON output is always valid and
two spellings of one name in different encodings are not silently taken for
two names.
@^byte-order mark@>@^NUL byte@>@^UTF-8@>

@s ssize_t int
@<Tool functions@>=
static const char *line_check(char *buf, size_t *len, long line)
{
  if (line == 1 && *len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
    memmove(buf, buf + 3, *len - 2);
    *len -= 3;
  }
  if (memchr(buf, '\0', *len) != NULL) return "NUL byte";
  return NULL;
}
static int utf8_ok(const char *t)
{
  const unsigned char *s = (const unsigned char *) t;
  while (*s) {
    unsigned c = *s++, lo = 0x80, hi = 0xBF;
    int k;
    if (c < 0x80) continue;
    if (c >= 0xC2 && c <= 0xDF) k = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
      k = 2;
      if (c == 0xE0) lo = 0xA0; /* no overlong form */
      if (c == 0xED) hi = 0x9F; /* no surrogate */
    } else if (c >= 0xF0 && c <= 0xF4) {
      k = 3;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F; /* nothing above U+10FFFF */
    } else return 0;
    if (*s < lo || *s > hi) return 0;
    s++;
    while (--k > 0) { if (*s < 0x80 || *s > 0xBF) return 0; s++; }
  }
  return 1;
}

@ The state of an evaluation.  A {\it record\/} is one line of input reduced
to what we use: its query, its document, its grade (for judgments and
delimited files), its score, and where it was read.  Strings live in pools
and are addressed by offsets, since a pool moves when it grows.

@<Tool functions@>=
typedef struct {@+ char *s; size_t len, cap; @+} ev_pool;
typedef struct {
  size_t q, d; /* offsets of the query and the document in a pool */
  int grade; /* $-1$: none (a run line) */
  int has_score;
  double score;
  long line;
  size_t seq; /* position in the file, for stable sorting */
  size_t lab; int rating; /* the label's offset, or $-1$; whether it is a rating */
} ev_rec;
static size_t ev_put(ev_pool *p, const char *s)
{
  size_t k = strlen(s) + 1, at = p->len;
  if (p->len + k > p->cap) {
    p->cap = 2 * (p->len + k) + 256;
    p->s = tool_alloc(p->s, p->cap);
  }
  memcpy(p->s + at, s, k);
  p->len += k;
  return at;
}

@ The judgments of one query reach the merge as a view, |ev_judg|, whether
they were streamed or read into memory.  |ev_jsource| reads the judgments
file one query at a time; |ev_order| follows the order of a file's queries;
|ev_names| is a set of query names.

@<Tool functions@>=
typedef struct {
  const char *q; size_t n;
  const char **d; const int *grade; const long *line;
} ev_judg;
typedef struct {
  FILE *f; char *buf; size_t cap; long line;
  int have; /* the fields below hold a line not yet in a query */
  int ready; /* |v| holds a query not yet used */
  int eof;
  char *f_q, *f_d; int grade; /* the fields of the last line read */
  const char *f_lab; /* its rating as written (|grade| is then $-1$), or |NULL| */
  ev_pool p; size_t *off; int *grade_a; long *line_a; const char **d;
  size_t n, cap_a; /* the lines of the query just read */
  ev_judg v;
} ev_jsource;
typedef struct {@+ ev_pool last; int any, inc[2]; @+} ev_order;
typedef struct {@+ uint64_t *slot; size_t n, cap; @+} ev_names;

@ Each measure keeps its variant |v| as given, the inner variant |u| whose
value a query has, the aggregated variant |a|, and the compensated sums of
its streamed aggregate, as |rm_value_set| keeps them.

@<Tool functions@>=
typedef struct {
  const char *given;
  rm_variant v, u, a;
  char canon[RM_NAME_MAX];
  int per; /* values per query exist */
  int stream; /* the aggregate is accumulated while reading */
  int input_ties; /* it breaks ties by input order */
  int ui; /* its inner variant's place in |rm_values|' arrays */
  double as, ac, bs, bc; /* the sums |a| and |b| of |rm_value_set| */
} ev_measure;
enum {@+ DUP_ERROR, DUP_FIRST, DUP_LAST, DUP_MAX @+}; /* \.{--dup} */
typedef struct {
  ev_measure *m; int nm;
  int per_query, format, exact, dup, run_zero, judged_empty, quiet,
    unsorted, keep, judged_docs; /* |format|: 0 table, 1 trec, 2 json */
  char delim; /* 0: from the header */
  const char *col[4]; /* user, item, label, score; |NULL|: none */
  int col_given[4]; /* named by its option, so it must be found as named */
  const char *qrels_path, *path;
  FILE *out;
  rm_work w;
  rm_variant *uv; double *uval; rm_status *ust; int nuv;
    /* the inner variants, computed together by |rm_values| */
  int progress; /* standard error is a terminal: show progress */
  double t0, t_shown; /* when reading began, when progress was last shown */
  @<Counters of an evaluation@>@;
  @<Judgments of an evaluation@>@;
  @<Kept queries of an evaluation@>@;
} ev_state;

@ @<Counters of an evaluation@>=
size_t n_eval, n_dup, n_run_only, n_judged_only, n_negative, n_unjudged;
size_t n_tie_dep; /* queries whose values may depend on the order of tied lines */
struct ev_sg_s *sg; size_t cap_sg; /* scores and grades, sorted */
int input_ties; /* some measure breaks ties by input order */

@ The compensated sum is the library's |nsum_add|, repeated here so that the
streamed aggregate is the library's to the last bit.

@<Tool functions@>=
static void ev_nsum(double *s, double *c, double x)
{
  double t = *s + x;
  if (fabs(*s) >= fabs(x)) *c += (*s - t) + x;
  else *c += (x - t) + *s;
  *s = t;
}

@ A measure's three variants.  A name without an aggregator (and not of a
whole set) is aggregated by the library's parse of \.{mean:NAME}, so that
the library, not the tool, decides whether the metric accepts it; the one
exception is \.{rmse}, which means \.{micro:rmse}, the root of the mean
squared error over all rows, since that is what a paper that reports the
RMSE of a rating predictor computes (\.{mean:rmse}, the mean of the users'
RMSEs, is asked for by its name; see \secref{q:pooled}).

@<Tool functions@>=
static int ev_measure_init(ev_measure *m, const char *given, int exact)
{
  char buf[RM_NAME_MAX + 8];
  memset(m, 0, sizeof *m);
  m->given = given;
  if (!parse_name(given, &m->v)) return 0;
  if (rm_variant_reads_set(&m->v)) {
    m->a = m->v;
    m->u = m->v; m->u.agg = RM_AGG_NONE;
    m->per = m->v.agg != RM_AGG_NONE;
  } else {
    if (strlen(given) > RM_NAME_MAX) {
      fprintf(stderr, "rankmetrics: eval: name too long '%s'\n", given);
      return 0;
    }
    snprintf(buf, sizeof buf, "%s:%s", m->v.metric == RM_RMSE ? "micro" : "mean",
      given);
    if (!parse_name(buf, &m->a)) return 0;
    m->u = m->v;
    m->per = 1;
  }
  rm_variant_name(&m->a, m->canon, sizeof m->canon);
  m->input_ties = strstr(m->canon, "ties=input") != NULL;
  m->stream = !exact && m->per
    && (m->a.agg == RM_AGG_MEAN || m->a.agg == RM_AGG_SUM);
  return 1;
}

@ Fields are split in place: a TREC line at white space, a delimited line at
its separator, where a field in double quotes may hold the separator and
\.{""} stands for one quote.  Both return the number of fields.

@<Tool functions@>=
static int ev_split_ws(char *s, char **f, int max)
{
  int n = 0;
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    if (*s == '\0') return n;
    if (n < max) f[n] = s;
    n++;
    while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n') s++;
    if (*s) *s++ = '\0';
  }
}
static int ev_split_delim(char *s, char d, char **f, int max)
{
  int n = 0;
  size_t k = strlen(s);
  while (k > 0 && (s[k - 1] == '\n' || s[k - 1] == '\r')) s[--k] = '\0';
  for (;;) {
    char *o = s;
    if (n < max) f[n] = s;
    n++;
    if (*s == '"') {
      s++;
      while (*s) {
        if (*s == '"' && s[1] == '"') { *o++ = '"'; s += 2; }
        else if (*s == '"') { s++; break; }
        else *o++ = *s++;
      }
      while (*s && *s != d) *o++ = *s++;
    } else while (*s && *s != d) *o++ = *s++;
    if (*s == '\0') { *o = '\0'; return n; }
    *o = '\0';
    s++;
  }
}

@ Numbers are read strictly, by the rules of \secref{q:numbers} and
\secref{q:scores}; a message names the file, the line and what was wrong.
|ev_grade| reads the label of a judgment or of a row: 1 and the grade, 2
for a rating (grade~0, which no measure that reads grades will see), 0
after a message.  A whole number below zero is read as~0 and counted.

@<Tool functions@>=
static int ev_grade(ev_state *st, const char *path, long line, const char *s,
  int *g)
{
  if (s[0] >= '0' && s[0] <= '9' && (s[1] == '\0'
      || (s[1] >= '0' && s[1] <= '9' && s[2] == '\0'))) {
    *g = s[1] ? 10 * (s[0] - '0') + s[1] - '0' : s[0] - '0';
    return 1; /* one or two digits: at most 99 */
  }
  switch (rm_label_kind(s, g)) {
  case RM_LABEL_GRADE: return 1;
  case RM_LABEL_NEGATIVE: st->n_negative++; *g = 0; return 1;
  case RM_LABEL_RATING: *g = 0; return 2;
  default: break;
  }
  fprintf(stderr, "%s:%ld: grade '%s' is not a whole number from 0 to %d, nor a"
    " rating such as 3.5\n", path, line, s, RM_GRADE_MAX);
  return 0;
}
static int ev_score(const char *path, long line, const char *s, double *x)
{
  const char *bad = tool_score(s, x);
  if (bad) fprintf(stderr, "%s:%ld: score '%s' %s\n", path, line, s, bad);
  return bad == NULL;
}

@ A {\it source\/} is the run or the delimited file being read, one record
at a time.  The header of a delimited file fixes the separator and the
indices of the four columns ($-1$ for an optional column that is absent).

@<Tool functions@>=
typedef struct {
  const char *path;
  FILE *f;
  char *buf; size_t cap;
  long line;
  int delimited;
  char delim;
  int col[4], ncol;
  char *f_q, *f_d; /* the fields of the record just read */
  int grade, has_score;
  double score;
  const char *f_label; /* a delimited file's label as written, or |NULL| */
  int rating; /* the label is a rating, not a whole grade */
  int noted; /* the note on a column matched loosely has been written */
} ev_source;
@ The columns of a delimited file are found in its header by
|ev_column|, which returns the index of column |k| (user, item, label,
score), $-1$ when an optional column is absent, or $-2$ after a message.  A
column named by its option must be in the header as written; otherwise the
message names the option, the column and every column of the header, since
a misspelt \.{--score} that was ignored would make the order of the rows
the ranking, and a misspelt \.{--item} would switch off the detection of
repeated items, both silently.  The word \.{none} given to \.{--item} or
\.{--score} says that the file has no such column (so a column that is
itself called \.{none} cannot be named).  A column left to its default
(\.{user}, \.{item}, \.{label}, \.{score}) is found as written or, when
no column is spelt so, as the one column that differs from it only in the
case of its letters or in spaces around it (\.{Score}, \.{ SCORE}): a
header written by a spreadsheet or by pandas often capitalises, and
ignoring its \.{Score} would be the silent error again.  Two such columns
(\.{Score} and \.{SCORE}) are refused, as is a header that has the column
twice; the choice between them is the user's, made with the option.  A
loose match is noted on standard error, once, unless \.{--quiet}.  The
default item and score columns may be absent, since a file of one user's
clicks in ranked order needs neither; but an absent score column makes the
order of the rows the ranking and an absent item column turns off the
detection of repeated items, so each is noted too (\.{--score none} and
\.{--item none} say it is meant, and silence the note).
@^columns of a delimited file@>

@<Tool functions@>=
static int ev_loose_eq(const char *a, const char *b)
{
  size_t n;
  while (*a == ' ') a++;
  for (n = strlen(a); n > 0 && a[n - 1] == ' '; n--) ;
  if (strlen(b) != n) return 0;
  for (; n > 0; n--, a++, b++)
    if (*a != *b && !(((*a | 32) == (*b | 32)) && (*a | 32) >= 'a' && (*a | 32) <= 'z'))
      return 0;
  return 1;
}
static void ev_list_columns(char **f, int n)
{
  int i;
  fputs("; its columns are", stderr);
  for (i = 0; i < n; i++) fprintf(stderr, "%s '%s'", i ? "," : "", f[i]);
  fputc('\n', stderr);
}
static int ev_column(ev_state *st, ev_source *s, int k, char **f, int n)
{
  static const char *const opt[4] = {"--user", "--item", "--label", "--score"};
  const char *c = st->col[k];
  int i, at = -1, exact = 0, loose = 0, lat = -1;
  if (c == NULL) return -1; /* \.{none} */
  for (i = 0; i < n; i++)
    if (strcmp(f[i], c) == 0) { if (exact++ == 0) at = i; }
    else if (!st->col_given[k] && ev_loose_eq(f[i], c)) { if (loose++ == 0) lat = i; }
  if (exact > 1) {
    fprintf(stderr, "%s:1: the header has %d columns '%s' (%s)\n", s->path, exact, c, opt[k]);
    return -2;
  }
  if (exact == 0 && loose > 1) {
    fprintf(stderr, "%s:1: no column '%s' (the default of %s), and %d that differ"
      " from it only in case or spaces: name one with %s", s->path, c, opt[k], loose,
      opt[k]);
    ev_list_columns(f, n);
    return -2;
  }
  if (exact == 0 && loose == 1) {
    at = lat;
    if (!s->noted && !st->quiet)
      fprintf(stderr, "rankmetrics: eval: %s:1: reading column '%s' as %s (the"
        " default '%s')\n", s->path, f[at], opt[k], c);
  }
  if (at < 0 && !st->col_given[k] && !s->noted && !st->quiet)
    fprintf(stderr, "rankmetrics: eval: %s:1: no column '%s': %s (%s none says"
      " so)\n", s->path, c, k == 3 ? "the order of the rows is the ranking"
      : "repeated items are not detected", opt[k]);
  if (at < 0 && (st->col_given[k] || k == 0 || k == 2)) {
    if (st->col_given[k])
      fprintf(stderr, "%s:1: %s names the column '%s', which the header lacks", s->path,
        opt[k], c);
    else fprintf(stderr, "%s:1: the header has no column '%s' (the default of %s)",
      s->path, c, opt[k]);
    ev_list_columns(f, n);
    return -2;
  }
  return at;
}
static int ev_header(ev_state *st, ev_source *s)
{
  char *f[256];
  int n, k;
  ssize_t got;
  size_t len;
  const char *bad;
  if ((got = tool_getline(&s->buf, &s->cap, s->f, s->path, 1)) < 0) {
    if (got == -1) fprintf(stderr, "%s:1: no header line (empty file)\n", s->path);
    return 0;
  }
  s->line = 1;
  len = (size_t) got;
  if ((bad = line_check(s->buf, &len, 1)) != NULL) {
    fprintf(stderr, "%s:1: %s\n", s->path, bad);
    return 0;
  }
  s->delim = st->delim ? st->delim : strchr(s->buf, '\t') ? '\t' : ',';
  n = ev_split_delim(s->buf, s->delim, f, 256);
  if (n > 256) { fprintf(stderr, "%s:1: more than 256 columns\n", s->path); return 0; }
  s->ncol = n;
  for (k = 0; k < 4; k++) if ((s->col[k] = ev_column(st, s, k, f, n)) == -2) return 0;
  s->noted = 1;
  return 1;
}

@ |ev_next| reads the next record: 1 when there is one, 0 at the end of the
file, $-1$ after an error.  Blank lines are skipped.

@<Tool functions@>=
static int ev_next(ev_state *st, ev_source *s)
{
  char *f[256];
  int n;
  for (;;) {
    ssize_t got;
    size_t len;
    const char *bad;
    if ((got = tool_getline(&s->buf, &s->cap, s->f, s->path, s->line + 1)) < 0)
      return got == -1 ? 0 : -1;
    s->line++;
    len = (size_t) got;
    if ((bad = line_check(s->buf, &len, s->line)) != NULL) {
      fprintf(stderr, "%s:%ld: %s\n", s->path, s->line, bad);
      return -1;
    }
    if (strspn(s->buf, " \t\r\n") == strlen(s->buf)) continue;
    break;
  }
  if (!s->delimited) {
    n = ev_split_ws(s->buf, f, 6);
    if (n != 6) {
      fprintf(stderr, "%s:%ld: a run line has %d fields, not 'qid Q0 docno rank"
        " score tag'\n", s->path, s->line, n);
      return -1;
    }
    s->f_q = f[0]; s->f_d = f[2]; s->grade = -1; s->has_score = 1;
    if (!utf8_ok(s->f_q) || !utf8_ok(s->f_d)) {
      fprintf(stderr, "%s:%ld: invalid UTF-8 in an identifier\n", s->path, s->line);
      return -1;
    }
    return ev_score(s->path, s->line, f[4], &s->score) ? 1 : -1;
  }
  n = ev_split_delim(s->buf, s->delim, f, 256);
  if (n != s->ncol) {
    fprintf(stderr, "%s:%ld: %d fields, but the header has %d\n", s->path,
      s->line, n, s->ncol);
    return -1;
  }
  s->f_q = f[s->col[0]];
  s->f_d = s->col[1] >= 0 ? f[s->col[1]] : NULL;
  if (!utf8_ok(s->f_q) || (s->f_d && !utf8_ok(s->f_d))) {
    fprintf(stderr, "%s:%ld: invalid UTF-8 in an identifier\n", s->path, s->line);
    return -1;
  }
  s->f_label = f[s->col[2]];
  switch (ev_grade(st, s->path, s->line, s->f_label, &s->grade)) {
  case 0: return -1;
  case 2: s->rating = 1; break;
  default: s->rating = 0;
  }
  s->has_score = s->col[3] >= 0;
  if (s->has_score && !ev_score(s->path, s->line, f[s->col[3]], &s->score))
    return -1;
  return 1;
}

@ The judgments can be read in two ways.  {\it Streamed}, one query at a
time beside the run, when both files list their queries in one order (see
|ev_match|); the memory held is then that of the largest query.  {\it In
memory}, read whole and sorted stably by query, when they do not; a query's
judgments are then found by binary search.  Either way the judgments of the
query at hand are given to the merge as a view, |ev_judg|.

@<Judgments of an evaluation@>=
int jstream; /* the judgments are streamed */
ev_jsource js; /* the judgments file */
ev_order run_ord, j_ord; /* the orders of the two files so far */
int decided; /* a merge decision relied on the orders */
ev_pool jp; /* in memory: strings of the judgments */
ev_rec *jr; size_t njr; /* in memory: the judgments, sorted by query */
size_t *jq_start, *jq_len; size_t njq; /* in memory: the judged queries */
char *jq_seen; /* in memory: the query was in the run */
ev_judg jv; const char **jv_d; int *jv_g; long *jv_l; size_t cap_jv;
  /* the view of a query in memory */
size_t *jclaim; char *jdrop; int *unret; size_t cap_jc;
  /* per judgment: the run line that took it, plus one; repeated; grades left */
uint32_t *ht; size_t ht_cap, ht_use; /* the hash table of a merge */
ev_names seen; int seen_on; /* the run's queries, when its order is unknown */

@ {\it Ratings in the judgments.}  A judgment's label may be a rating, such
as \.{3.5} (see \secref{q:labels}), for the measures that read values: MAE,
MSE, RMSE, Spearman's rho and Kendall's tau.  Such a judgment carries the
grade $-1$, which no reader gives otherwise, and its rating as written is
kept in the pool right after its document's name, where |ev_jlabel| finds
it; so the judgments travel as before, streamed or in memory, and the
merge hands the mark to the document that takes the judgment.  After the
merge, |ev_group_done| gives the list its labels: the rating of each
document that took a rated judgment, and the grade written as a number for
every other document (0 for an unjudged one).  A query with a rated
judgment is refused, with the judgment's file and line, unless every
measure reads ratings.  An unretrieved judged item keeps grade~0: the
measures that read ratings ignore unretrieved items.

@<Tool functions@>=
static size_t ev_put_doc(ev_pool *p, const ev_jsource *j)
{
  size_t at = ev_put(p, j->f_d);
  if (j->grade < 0) ev_put(p, j->f_lab);
  return at;
}
static const char *ev_jlabel(const char *d)@+{@+ return d + strlen(d) + 1;@+}
static const char *ev_grade_str(int g)
{
  static char t[RM_GRADE_MAX + 1][12];
  if (t[g][0] == '\0') snprintf(t[g], sizeof t[g], "%d", g);
  return t[g];
}
static const char *ev_jlab(const ev_judg *jv, size_t k)
{
  return jv->grade[k] < 0 ? ev_jlabel(jv->d[k]) : ev_grade_str(jv->grade[k]);
}
static int ev_jlarger(const ev_judg *jv, size_t k, size_t k0)
{
  if (jv->grade[k] >= 0 && jv->grade[k0] >= 0) return jv->grade[k] > jv->grade[k0];
  return rm_label_cmp(ev_jlab(jv, k), ev_jlab(jv, k0)) > 0;
}

@ One line of the judgments file, read and checked: 1 when there is one, 0
at the end of the file, $-1$ after an error.  Blank lines are skipped.

@<Tool functions@>=
static int ev_jline(ev_state *st, ev_jsource *j)
{
  char *fl[5];
  int n;
  for (;;) {
    ssize_t got;
    size_t len;
    const char *bad;
    if ((got = tool_getline(&j->buf, &j->cap, j->f, st->qrels_path, j->line + 1)) < 0)
      return got == -1 ? 0 : -1;
    j->line++;
    len = (size_t) got;
    if ((bad = line_check(j->buf, &len, j->line)) != NULL) {
      fprintf(stderr, "%s:%ld: %s\n", st->qrels_path, j->line, bad);
      return -1;
    }
    n = ev_split_ws(j->buf, fl, 5);
    if (n == 0) continue;
    if (n != 4) {
      fprintf(stderr, "%s:%ld: a judgment line has %d fields, not 'qid iter"
        " docno grade'\n", st->qrels_path, j->line, n);
      return -1;
    }
    switch (ev_grade(st, st->qrels_path, j->line, fl[3], &j->grade)) {
    case 0: return -1;
    case 2: j->grade = -1; j->f_lab = fl[3]; break; /* a rating */
    default: j->f_lab = NULL;
    }
    if (!utf8_ok(fl[0]) || !utf8_ok(fl[2])) {
      fprintf(stderr, "%s:%ld: invalid UTF-8 in an identifier\n",
        st->qrels_path, j->line);
      return -1;
    }
    j->f_q = fl[0]; j->f_d = fl[2];
    return 1;
  }
}

@ Opening the judgments starts a pass.  The first line is read at once, so
that an empty file is refused before anything else; it waits in the
reader's fields (|have|).  In memory, every line is read and sorted.

@<Tool functions@>=
static const char *ev_sort_pool; /* the pool that |ev_cmp_q| reads */
static int ev_cmp_q(const void *x, const void *y)
{
  const ev_rec *a = x, *b = y;
  int c = strcmp(ev_sort_pool + a->q, ev_sort_pool + b->q);
  return c ? c : a->seq < b->seq ? -1 : a->seq > b->seq;
}
static int ev_open_qrels(ev_state *st)
{
  ev_jsource *j = &st->js;
  size_t i, cap_r = 0;
  int r;
  if (j->f) fclose(j->f);
  j->line = 0; j->have = j->ready = j->eof = 0;
  if ((j->f = tool_open_in("eval", st->qrels_path)) == NULL) return 0;
  if ((r = ev_jline(st, j)) <= 0) {
    if (r == 0) fprintf(stderr, "%s:%ld: no judgments (empty file)\n",
      st->qrels_path, j->line ? j->line : 1);
    return 0;
  }
  j->have = 1;
  if (st->jstream) return 1;
  st->jp.len = 0; st->njr = st->njq = 0;
  do {
    ev_rec x;
    x.q = ev_put(&st->jp, j->f_q); x.d = ev_put_doc(&st->jp, j);
    x.grade = j->grade; x.has_score = 0; x.score = 0; x.line = j->line;
    x.seq = st->njr;
    if (st->njr == cap_r) { cap_r = 2 * cap_r + 1024;
      st->jr = tool_alloc(st->jr, cap_r * sizeof *st->jr); }
    st->jr[st->njr++] = x;
  } while ((r = ev_jline(st, j)) > 0);
  if (r < 0) return 0;
  ev_sort_pool = st->jp.s;
  qsort(st->jr, st->njr, sizeof *st->jr, ev_cmp_q);
  st->jq_start = tool_alloc(st->jq_start, (st->njr + 1) * sizeof(size_t));
  st->jq_len = tool_alloc(st->jq_len, (st->njr + 1) * sizeof(size_t));
  for (i = 0; i < st->njr; i++)
    if (i == 0 || strcmp(st->jp.s + st->jr[i - 1].q, st->jp.s + st->jr[i].q)) {
      st->jq_start[st->njq] = i; st->jq_len[st->njq++] = 1;
    } else st->jq_len[st->njq - 1]++;
  st->jq_seen = tool_alloc(st->jq_seen, st->njq + 1);
  memset(st->jq_seen, 0, st->njq + 1);
  return 1;
}

@ Streamed, the judgments of the next query are read into the reader's
pool: the lines up to the first of another query, which waits for the next
call.  The view |v| holds until the next call.  1 when there is a query, 0
at the end, $-1$ after an error.

@<Tool functions@>=
static int ev_jgroup(ev_state *st, ev_jsource *j)
{
  size_t i;
  int r;
  if (!j->have) return 0;
  j->p.len = 0; j->n = 0;
  ev_put(&j->p, j->f_q);
  for (;;) {
    if (j->n == j->cap_a) {
      j->cap_a = 2 * j->cap_a + 64;
      j->off = tool_alloc(j->off, j->cap_a * sizeof *j->off);
      j->grade_a = tool_alloc(j->grade_a, j->cap_a * sizeof *j->grade_a);
      j->line_a = tool_alloc(j->line_a, j->cap_a * sizeof *j->line_a);
      j->d = tool_alloc(j->d, j->cap_a * sizeof *j->d);
    }
    j->off[j->n] = ev_put_doc(&j->p, j);
    j->grade_a[j->n] = j->grade; j->line_a[j->n] = j->line; j->n++;
    if ((r = ev_jline(st, j)) < 0) return -1;
    if (r == 0) { j->have = 0; break; }
    if (strcmp(j->f_q, j->p.s) != 0) break;
  }
  for (i = 0; i < j->n; i++) j->d[i] = j->p.s + j->off[i];
  j->v.q = j->p.s; j->v.n = j->n; j->v.d = j->d;
  j->v.grade = j->grade_a; j->v.line = j->line_a;
  return 1;
}

@ In memory, a query is found by binary search and its view is built in
scratch arrays.

@<Tool functions@>=
static long ev_find_query(const ev_state *st, const char *q)
{
  size_t lo = 0, hi = st->njq;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(st->jp.s + st->jr[st->jq_start[mid]].q, q);
    if (c == 0) return (long) mid;
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  return -1;
}
static const ev_judg *ev_judg_mem(ev_state *st, size_t jq)
{
  size_t k, s = st->jq_start[jq], n = st->jq_len[jq];
  if (n > st->cap_jv) {
    st->cap_jv = 2 * n;
    st->jv_d = tool_alloc(st->jv_d, st->cap_jv * sizeof *st->jv_d);
    st->jv_g = tool_alloc(st->jv_g, st->cap_jv * sizeof *st->jv_g);
    st->jv_l = tool_alloc(st->jv_l, st->cap_jv * sizeof *st->jv_l);
  }
  for (k = 0; k < n; k++) {
    st->jv_d[k] = st->jp.s + st->jr[s + k].d;
    st->jv_g[k] = st->jr[s + k].grade; st->jv_l[k] = st->jr[s + k].line;
  }
  st->jv.q = st->jp.s + st->jr[s].q; st->jv.n = n;
  st->jv.d = st->jv_d; st->jv.grade = st->jv_g; st->jv.line = st->jv_l;
  return &st->jv;
}

@ {\it One order for two files.}  Streaming both files needs an order in
which both list their queries, so that a query missing from one of them is
known to be missing without reading on.  Two orders are tried at once:
byte order (|strcmp|, what \.{sort} gives under \.{LC\_ALL=C}) and {\it
natural\/} order, where runs of digits compare as numbers (\.{q2} before
\.{q10}; with equal numbers, fewer leading zeros first), what a program that
numbers its queries writes.  For each file |ev_order| keeps the last query
name and whether the names so far strictly increase in each order.

Natural order is a total order: a name is read as a sequence of tokens, a
single non-digit byte or a maximal run of digits; a run of digits compares
with a byte as its first digit does (every run lies between the bytes below
\.{0} and those above \.{9}), two runs by their values, and names
lexicographically by tokens; only then do leading zeros decide, at the first
run where they differ.

@<Tool functions@>=
static int ev_natcmp(const char *a, const char *b)
{
  int zeros = 0;
  while (*a && *b) {
    if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
      const char *x = a, *y = b;
      size_t la = 0, lb = 0;
      int c;
      while (*x == '0') x++;
      while (*y == '0') y++;
      while (x[la] >= '0' && x[la] <= '9') la++;
      while (y[lb] >= '0' && y[lb] <= '9') lb++;
      if (la != lb) return la < lb ? -1 : 1;
      if ((c = memcmp(x, y, la)) != 0) return c < 0 ? -1 : 1;
      if (zeros == 0 && x - a != y - b) zeros = x - a < y - b ? -1 : 1;
      a = x + la; b = y + lb;
    } else {
      if (*a != *b) return (unsigned char) *a < (unsigned char) *b ? -1 : 1;
      a++; b++;
    }
  }
  if (*a || *b) return *a ? 1 : -1;
  return zeros;
}
static int ev_qcmp(int k, const char *a, const char *b)
{
  return k ? ev_natcmp(a, b) : strcmp(a, b);
}
static void ev_order_reset(ev_order *o)
{
  o->any = 0; o->inc[0] = o->inc[1] = 1;
}
static void ev_order_next(ev_order *o, const char *q)
{
  int k;
  if (o->any)
    for (k = 0; k < 2; k++)
      if (o->inc[k] && ev_qcmp(k, o->last.s, q) >= 0) o->inc[k] = 0;
  o->any = 1;
  o->last.len = 0;
  ev_put(&o->last, q);
}

@ {\it The merge of the two files.}  For the run's query |q|, |ev_match|
reads the judgments on.  While the two files list the same queries in the
same order no order is needed: the next query of the judgments is |q|.
When it is not, the orders in which both files have increased so far
decide, if they agree: a judged query before |q| is missing from the run
(it is judged only, and handled at once), and one after |q| means that |q|
has no judgments.  Such a decision is right if both files go on increasing
in one of those orders to their ends, and the set of orders in which both
still increase only shrinks; so once a decision has been taken (|decided|)
the set must never become empty.  If it does, or if the orders disagree at a
decision, or if the judgments break both orders (so that a query could come
back), the pass returns~4 and is read again with the judgments in memory.
The function returns 1 with |*jv| set (or |NULL|), 0 after an error, or~4.

@<Tool functions@>=
static int ev_judged_only(ev_state *st, const ev_judg *jv);
static int ev_both_increase(const ev_state *st, int k)
{
  return st->run_ord.inc[k] && st->j_ord.inc[k];
}
static int ev_decisions_hold(const ev_state *st)
{
  return !st->decided || ev_both_increase(st, 0) || ev_both_increase(st, 1);
}
static int ev_jnext(ev_state *st)
{
  int r = ev_jgroup(st, &st->js);
  if (r <= 0) return r < 0 ? 0 : 2;
  ev_order_next(&st->j_ord, st->js.v.q);
  if (!ev_decisions_hold(st) || !(st->j_ord.inc[0] || st->j_ord.inc[1])) return 4;
  st->js.ready = 1;
  return 1;
}
static int ev_match(ev_state *st, const char *q, const ev_judg **jv)
{
  ev_jsource *j = &st->js;
  *jv = NULL;
  for (;;) {
    int k, r, na = 0, after = 0;
    if (!j->ready && (r = ev_jnext(st)) != 1) return r == 2 ? 1 : r;
    if (strcmp(j->v.q, q) == 0) { j->ready = 0; *jv = &j->v; return 1; }
    for (k = 0; k < 2; k++)
      if (ev_both_increase(st, k)) {
        int c = ev_qcmp(k, j->v.q, q) > 0;
        if (na++ && c != after) return 4;
        after = c;
      }
    if (na == 0) return 4;
    st->decided = 1;
    if (after) return 1;
    j->ready = 0;
    if (!ev_judged_only(st, &j->v)) return 0;
  }
}
static int ev_drain(ev_state *st) /* the judged queries after the run's last */
{
  for (;;) {
    int r;
    if (!st->js.ready && (r = ev_jnext(st)) != 1) return r == 2 ? 1 : r;
    st->js.ready = 0;
    if (!ev_judged_only(st, &st->js.v)) return 0;
  }
}

@ A {\it group\/} is the current query of the run or the delimited file:
its lines in input order, kept in the arrays of the list the library reads
(the merge fills in the grades and drops repeated lines in place), so that
a line costs 13 bytes, and 37 when it names a document, however long the
query.  The lines of documents are kept for the messages about repeats.

@<Tool functions@>=
typedef struct {
  ev_pool p; /* the query name at offset 0, then documents */
  size_t n, cap;
  size_t *d; long *line; /* documents' offsets in |p|, and their lines */
  long line0; /* the first line */
  int named; /* the lines name documents */
  size_t cap_d;
  int *grade; double *score; const char **id;
  char *drop;
  unsigned char *unj; /* 1 for a document without a judgment */
  int has_score;
  size_t *lab, cap_l; const char **labp; /* the labels' offsets in |p|, as written */
  int labeled; /* the lines have labels */
  long rated; /* the first line whose label is a rating, or 0 */
  size_t rated_at; /* and where that label is in |p| */
} ev_group;
static void ev_group_start(ev_group *g, const char *q)
{
  g->p.len = 0; g->n = 0; g->rated = 0;
  ev_put(&g->p, q);
}
static void ev_group_label(ev_group *g, const char *label, int rating, long line)
{
  if (g->n == 0) g->labeled = label != NULL;
  if (!g->labeled) return;
  if (g->n >= g->cap_l) {
    g->cap_l = 2 * g->n + 64;
    g->lab = tool_alloc(g->lab, g->cap_l * sizeof *g->lab);
    g->labp = tool_alloc(g->labp, g->cap_l * sizeof *g->labp);
  }
  g->lab[g->n] = ev_put(&g->p, label);
  if (rating && !g->rated) { g->rated = line; g->rated_at = g->lab[g->n]; }
}
static void ev_group_add(ev_group *g, const char *d, int grade, int has_score,
  double score, long line)
{
  if (g->n == g->cap) {
    g->cap = 2 * g->cap + 64;
    g->grade = tool_alloc(g->grade, g->cap * sizeof *g->grade);
    g->score = tool_alloc(g->score, g->cap * sizeof *g->score);
    g->drop = tool_alloc(g->drop, g->cap);
    g->unj = tool_alloc(g->unj, g->cap);
  }
  if (d && g->n == g->cap_d) {
    g->cap_d = g->cap;
    g->d = tool_alloc(g->d, g->cap_d * sizeof *g->d);
    g->line = tool_alloc(g->line, g->cap_d * sizeof *g->line);
    g->id = tool_alloc(g->id, g->cap_d * sizeof *g->id);
  }
  if (g->n == 0) { g->line0 = line; g->named = d != NULL; }
  if (g->named) { g->d[g->n] = ev_put(&g->p, d); g->line[g->n] = line; }
  g->grade[g->n] = grade; g->score[g->n] = score;
  g->has_score = has_score;
  g->n++;
}

@ Of two lines of one document, |ev_dup_larger| says whether the later, |i|,
wins under \.{--dup max}: in a run beside judgments both lines have the
document's one grade, so the higher score wins; in a delimited file each row
has its own label, so the higher label wins, then the higher score.  A tie
keeps the first line.  When the query has a rating, the labels are
compared by their exact values as written (|rm_label_cmp|), so that
\.{3.75} beats \.{3.5} and \.{7/2} ties with \.{3.50}; a judgment's rating
is compared the same way in the merge (|ev_jlarger|).

@<Tool functions@>=
static int ev_dup_larger(const ev_state *st, const ev_group *g, size_t i, size_t first)
{
  if (!st->qrels_path && g->rated && g->labeled) {
    int c = rm_label_cmp(g->p.s + g->lab[i], g->p.s + g->lab[first]);
    if (c != 0) return c > 0;
  } else if (!st->qrels_path && g->grade[i] != g->grade[first])
    return g->grade[i] > g->grade[first];
  return g->has_score && g->score[i] > g->score[first];
}

@ {\it Merging a query's lines.}  The documents of the group and the
judgments of its query meet in one hash table (open addressing, linear
probing, at most half full, FNV-1a hashes of the names): each entry is a
judgment or a line of the run, |2k+1| or |2i+2|.  The judgments go in
first, so that a repeated judgment is found; then each retrieved document
either takes its judgment (its grade), or finds a line of the run that came
first (a repeated document), or goes in unjudged, with grade~0.  The
judgments nobody took are the unretrieved judged items.  The work is linear
in the lines of the query; a first version sorted both lists by name
instead.  |g| or |jv| may be null (a judged-only query, or a query without
judgments), and so may the documents of a delimited file without an item
column, which are then neither merged nor checked for repeats.

@<Tool functions@>=
static uint64_t ev_hash(const char *s)
{
  uint64_t h = 14695981039346656037ULL;
  for (; *s; s++) h = (h ^ (unsigned char) *s) * 1099511628211ULL;
  return h;
}
static uint32_t *ev_slot(ev_state *st, const char *d, const ev_group *g,
  const ev_judg *jv)
{
  size_t mask = st->ht_use - 1, i = (size_t) ev_hash(d) & mask;
  for (;; i = (i + 1) & mask) {
    uint32_t e = st->ht[i];
    const char *o;
    if (e == 0) return &st->ht[i];
    e--;
    o = (e & 1) ? g->p.s + g->d[e >> 1] : jv->d[e >> 1];
    if (strcmp(o, d) == 0) return &st->ht[i];
  }
}
static int ev_merge(ev_state *st, ev_group *g, const ev_judg *jv, size_t *nu)
{
  size_t n = g ? g->n : 0, jn = jv ? jv->n : 0, i, k, cap = 16;
  int named = n > 0 && g->named;
  *nu = 0;
  if (n + jn >= 0x7fffffff) {
    fprintf(stderr, "%s: query '%s' has %lu lines, more than this version"
      " merges\n", st->path, g ? g->p.s : jv->q, (unsigned long) (n + jn));
    return 0;
  }
  if (jn > st->cap_jc) {
    st->cap_jc = 2 * jn;
    st->jclaim = tool_alloc(st->jclaim, st->cap_jc * sizeof *st->jclaim);
    st->jdrop = tool_alloc(st->jdrop, st->cap_jc);
    st->unret = tool_alloc(st->unret, st->cap_jc * sizeof *st->unret);
  }
  while (cap < 2 * (n + jn)) cap *= 2;
  if (cap > st->ht_cap) {
    st->ht_cap = cap;
    st->ht = tool_alloc(st->ht, cap * sizeof *st->ht);
  }
  st->ht_use = cap;
  memset(st->ht, 0, cap * sizeof *st->ht);
  for (k = 0; k < jn; k++) @<Enter judgment |k|, or drop it as repeated@>@;
  for (i = 0; i < n; i++) {
    g->drop[i] = 0; g->unj[i] = 0;
    if (named) @<Give document |i| its judgment, or drop it as repeated@>@;
  }
  for (k = 0; k < jn; k++)
    if (!st->jdrop[k] && !st->jclaim[k])
      st->unret[(*nu)++] = jv->grade[k] < 0 ? 0 : jv->grade[k]; /* a rating: 0 */
  return 1;
}

@ The judgments of a query and the documents of its run meet in one hash
table of identifiers.  A slot holds 0 when empty, an odd number $2k+1$ for
judgment~$k$, and an even number $2i+2$ for document~$i$ of the run that has
no judgment.  Entering judgment~$k$: an identifier judged twice is an error
under the default \.{--dup error}, with both line numbers; otherwise the
rule of \.{--dup} decides which judgment stays (the first, the last, or the
larger grade) and the other is marked dropped.

@<Enter judgment |k|...@>=
{
  uint32_t *e = ev_slot(st, jv->d[k], g, jv);
  st->jclaim[k] = 0; st->jdrop[k] = 0;
  if (*e) {
    size_t k0 = (*e - 1) >> 1;
    if (st->dup == DUP_ERROR) {
      fprintf(stderr, "%s:%ld: document '%s' is judged twice in query '%s'"
        " (first at line %ld; --dup first, last or max chooses one)\n",
        st->qrels_path, jv->line[k], jv->d[k], jv->q, jv->line[k0]);
      return 0;
    }
    st->n_dup++;
    if (st->dup == DUP_LAST || (st->dup == DUP_MAX && ev_jlarger(jv, k, k0))) {
      st->jdrop[k0] = 1; *e = (uint32_t) (2 * k + 1);
    } else st->jdrop[k] = 1;
  } else *e = (uint32_t) (2 * k + 1);
}

@ Looking up document~$i$ of the run.  An identifier the judgments do not
know enters the table as a run document, with grade~0 and the marker
|unj| of an unjudged document when there are judgments (it is counted among
the unjudged).  A judgment not yet claimed
gives the document its grade, and the document claims it (|jclaim|).  A
second sight of the identifier, whether its judgment is claimed or it is an
unjudged document seen before, is a repeated document: an error under
\.{--dup error}, else the rule of \.{--dup} keeps one of the two lines and
drops the other, the kept line taking the judgment with it.

@<Give document |i| its judgment...@>=
{
  const char *d = g->p.s + g->d[i];
  uint32_t *e = ev_slot(st, d, g, jv);
  size_t first;
  if (*e == 0) {
    *e = (uint32_t) (2 * i + 2);
    if (st->qrels_path) { g->grade[i] = 0; g->unj[i] = 1; st->n_unjudged++; }
    continue;
  }
  k = (*e - 1) >> 1;
  if (((*e - 1) & 1) == 0 && st->jclaim[k] == 0) {
    st->jclaim[k] = i + 1; g->grade[i] = jv->grade[k];
    continue;
  }
  first = (*e - 1) & 1 ? k : st->jclaim[k] - 1;
  if (st->dup == DUP_ERROR) {
    fprintf(stderr, "%s:%ld: document '%s' appears twice in query '%s' (first"
      " at line %ld; --dup first, last or max chooses one)\n", st->path, g->line[i],
      d, g->p.s, g->line[first]);
    return 0;
  }
  st->n_dup++;
  if (st->dup == DUP_LAST || (st->dup == DUP_MAX && ev_dup_larger(st, g, i, first))) {
    g->drop[first] = 1;
    if (st->qrels_path) { /* its judgment */
      g->grade[i] = g->grade[first]; g->unj[i] = g->unj[first];
    }
    if ((*e - 1) & 1) *e = (uint32_t) (2 * i + 2);@+ else st->jclaim[k] = i + 1;
  } else g->drop[i] = 1;
}

@ {\it Ties that decide a value.}  When a measure breaks ties by the order
of the input lines (\.{ties=input}, the default) and a query has two
documents with the same score and different grades, the value of that query
depends on which line came first, which a run file rarely means to say:
trec\_eval, for one, would order them by document name.  Such queries are
not an error, but the summary counts them, so that a value that rests on
the order of lines is never silent.  A list whose scores are already in
decreasing order (as runs are written) is checked in one pass; any other
is sorted first, on a copy.

@<Tool functions@>=
typedef struct ev_sg_s {@+ double score; int grade; @+} ev_sg;
static int ev_sg_cmp(const void *a, const void *b)
{
  const ev_sg *x = a, *y = b;
  return x->score < y->score ? 1 : x->score > y->score ? -1 : 0;
}
static int ev_ties_matter(const rm_list *l, ev_state *st)
{
  size_t i, n = l->n;
  int sorted = 1;
  for (i = 1; i < n && sorted; i++) sorted = l->score[i] <= l->score[i - 1];
  if (sorted) { /* a tie with two grades has two neighbours of unequal grade */
    for (i = 1; i < n; i++)
      if (l->score[i] == l->score[i - 1] && l->grade[i] != l->grade[i - 1]) return 1;
    return 0;
  }
  if (n > st->cap_sg) {
    st->cap_sg = 2 * n;
    st->sg = tool_alloc(st->sg, st->cap_sg * sizeof *st->sg);
  }
  for (i = 0; i < n; i++) { st->sg[i].score = l->score[i]; st->sg[i].grade = l->grade[i]; }
  qsort(st->sg, n, sizeof *st->sg, ev_sg_cmp);
  for (i = 1; i < n; i++)
    if (st->sg[i].score == st->sg[i - 1].score && st->sg[i].grade != st->sg[i - 1].grade)
      return 1;
  return 0;
}

@ A delimited file's labels are kept as written, so that MAE, MSE, RMSE and
the correlations read its ratings exactly (see \secref{q:labels}).  A label
that is a number but not a whole grade, such as \.{3.5}, is a rating; its
line gets the grade~0, which no measure may see: a query with a rating is
refused, with its file and line, unless every measure reads ratings.

@<Tool functions@>=
static int ev_ratings_fit(const ev_state *st, const char *path, long line,
  const char *lab)
{
  int i;
  for (i = 0; i < st->nm; i++) {
    int m = st->m[i].u.metric;
    if (m != RM_MAE && m != RM_MSE && m != RM_RMSE && m != RM_SPEARMAN
        && m != RM_KENDALL) {
      fprintf(stderr, "%s:%ld: label '%s' is a rating, not a whole grade from 0 to"
        " %d; only mae, mse, rmse, spearman and kendall read ratings, and %s does"
        " not\n", path, line, lab, RM_GRADE_MAX, st->m[i].given);
      return 0;
    }
  }
  return 1;
}

@ A complete group becomes a list: its judgments are found and merged in,
and the list is built in input order without the dropped lines.  The
function returns 1, 0 after an error, or 4 from |ev_match|.

@<Tool functions@>=
static int ev_trec_labels(ev_state *st, ev_group *g, const ev_judg *jv)
{
  size_t i, k;
  for (k = 0; k < jv->n && jv->grade[k] >= 0; k++) ;
  if (k == jv->n) return 0;
  if (!ev_ratings_fit(st, st->qrels_path, jv->line[k], ev_jlabel(jv->d[k]))) return -1;
  if (g->n > g->cap_l) {
    g->cap_l = g->n;
    g->lab = tool_alloc(g->lab, g->cap_l * sizeof *g->lab);
    g->labp = tool_alloc(g->labp, g->cap_l * sizeof *g->labp);
  }
  for (i = 0; i < g->n; i++) g->labp[i] = ev_grade_str(g->grade[i] < 0 ? 0 : g->grade[i]);
  for (k = 0; k < jv->n; k++)
    if (jv->grade[k] < 0 && st->jclaim[k] && !st->jdrop[k]) {
      i = st->jclaim[k] - 1;
      g->labp[i] = ev_jlabel(jv->d[k]); g->grade[i] = 0;
    }
  return 1;
}
static int ev_query(ev_state *st, const char *q, rm_list *l, long first_line);
static int ev_group_done(ev_state *st, ev_group *g)
{
  const char *q = g->p.s;
  const ev_judg *jv = NULL;
  size_t i, n = 0, nu = 0;
  int rated = 0; /* the judgments of the query have a rating */
  rm_list l = {0};
  if (g->n == 0) return 1;
  if (st->qrels_path) {
    if (st->jstream) {
      int r = ev_match(st, q, &jv);
      if (r != 1) return r;
    } else {
      long jq = ev_find_query(st, q);
      if (jq >= 0) { st->jq_seen[jq] = 1; jv = ev_judg_mem(st, (size_t) jq); }
    }
    if (jv == NULL) { st->n_run_only++; if (!st->run_zero) return 1; }
  }
  if (!ev_merge(st, g, jv, &nu)) return 0;
  if (g->rated && !ev_ratings_fit(st, st->path, g->rated, g->p.s + g->rated_at))
    return 0;
  if (jv && (rated = ev_trec_labels(st, g, jv)) < 0) return 0;
  for (i = 0; i < g->n; i++) {
    if (g->drop[i] || (st->judged_docs && g->unj[i])) continue;
    g->grade[n] = g->grade[i]; g->score[n] = g->score[i]; g->unj[n] = g->unj[i];
    if (g->named) g->id[n] = g->p.s + g->d[i];
    if (g->labeled) g->labp[n] = g->p.s + g->lab[i];
    else if (rated) g->labp[n] = g->labp[i];
    n++;
  }
  l.n = n; l.grade = g->grade; l.label = g->labeled || rated ? g->labp : NULL;
  l.score = g->has_score ? g->score : NULL;
  l.id = g->named ? g->id : NULL;
  l.n_unretrieved = nu; l.unretrieved_grade = st->unret;
  l.unjudged = st->qrels_path ? g->unj : NULL;
  if (st->input_ties && l.score && ev_ties_matter(&l, st)) st->n_tie_dep++;
  return ev_query(st, q, &l, g->line0);
}

@ A judged query missing from the run is counted; its repeated judgments
are counted too (the merge finds them); under \.{--judged-only empty} it is
evaluated as an empty list.

@<Tool functions@>=
static int ev_judged_only(ev_state *st, const ev_judg *jv)
{
  size_t nu, k;
  rm_list l = {0};
  st->n_judged_only++;
  if (!ev_merge(st, NULL, jv, &nu)) return 0;
  if (!st->judged_empty) return 1;
  for (k = 0; k < jv->n; k++) /* a rating among the unretrieved: as in |ev_trec_labels| */
    if (jv->grade[k] < 0
        && !ev_ratings_fit(st, st->qrels_path, jv->line[k], ev_jlabel(jv->d[k])))
      return 0;
  l.n = 0; l.grade = st->unret; l.score = NULL; l.id = NULL;
  l.n_unretrieved = nu; l.unretrieved_grade = st->unret;
  return ev_query(st, jv->q, &l, jv->line[0]);
}

@ A kept query is a compact copy of its list, for the aggregates that need
every query at the end.

@<Kept queries of an evaluation@>=
rm_list *kq; size_t nkq, cap_kq;

@ An empty array may come as a null pointer, which |memcpy| must not be
given even for no bytes (the fuzzer found this).

@<Tool functions@>=
static void *ev_dup(const void *p, size_t n)
{
  void *c = tool_alloc(NULL, n);
  if (n) memcpy(c, p, n);
  return c;
}
static void ev_keep(ev_state *st, const rm_list *l)
{
  rm_list *c;
  size_t i, len = 0;
  if (st->nkq == st->cap_kq) { st->cap_kq = 2 * st->cap_kq + 256;
    st->kq = tool_alloc(st->kq, st->cap_kq * sizeof *st->kq); }
  c = &st->kq[st->nkq++];
  *c = *l;
  c->grade = ev_dup(l->grade, l->n * sizeof(int));
  c->unretrieved_grade = ev_dup(l->unretrieved_grade, l->n_unretrieved * sizeof(int));
  if (l->unjudged) c->unjudged = ev_dup(l->unjudged, l->n);
  if (l->label) {
    const char **lab = tool_alloc(NULL, l->n * sizeof *lab);
    char *s;
    for (i = 0; i < l->n; i++) len += strlen(l->label[i]) + 1;
    s = tool_alloc(NULL, len);
    for (i = 0; i < l->n; i++) {
      size_t k = strlen(l->label[i]) + 1;
      memcpy(s, l->label[i], k); lab[i] = s; s += k;
    }
    c->label = lab; len = 0;
  }
  if (l->score) c->score = ev_dup(l->score, l->n * sizeof(double));
  if (l->id) {
    const char **id = tool_alloc(NULL, l->n * sizeof *id);
    char *s;
    for (i = 0; i < l->n; i++) len += strlen(l->id[i]) + 1;
    s = tool_alloc(NULL, len);
    for (i = 0; i < l->n; i++) {
      size_t k = strlen(l->id[i]) + 1;
      memcpy(s, l->id[i], k); id[i] = s; s += k;
    }
    c->id = id;
  }
}
static void ev_keep_free(ev_state *st)
{
  size_t j;
  for (j = 0; j < st->nkq; j++) {
    rm_list *c = &st->kq[j];
    free((void *) c->grade); free((void *) c->unretrieved_grade);
    free((void *) c->unjudged);
    free((void *) c->score);
    if (c->id) { if (c->n) free((void *) c->id[0]); free((void *) c->id); }
    if (c->label) { if (c->n) free((void *) c->label[0]); free((void *) c->label); }
  }
  free(st->kq); st->kq = NULL; st->nkq = st->cap_kq = 0;
}

@ Output.  A value is written as the shortest decimal that reads back as
the same double; the query |NULL| is the aggregate.  A query that the
aggregator's \.{skip} rule leaves out of the aggregate is not printed with
a value, since a number on its line would read as a term of the mean: the
table says \.{skipped}, the JSON line has \.{"value":null} and
\.{"skipped":true}, and the TREC format has no line for it, as trec\_eval
prints none for a query it does not evaluate.  A value set by the \.{undef}
convention is marked \.{(undefined)} in the table and \.{"undefined":true}
in JSON.
@^silent failures@>

@<Tool functions@>=
static void ev_json_string(FILE *f, const char *s)
{
  putc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char) *s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else putc(c, f);
  }
  putc('"', f);
}
static void ev_print(ev_state *st, const ev_measure *m, const char *q,
  double x, int undefined, int skipped)
{
  char buf[40];
  if (skipped) strcpy(buf, "skipped");@+ else shortest(buf, x);
  switch (st->format) {
  case 1: if (!skipped)
      fprintf(st->out, "%s\t%s\t%s\n", m->given, q ? q : "all", buf);
    break;
  case 2:
    fputs("{\"measure\":", st->out); ev_json_string(st->out, m->given);
    fputs(",\"variant\":", st->out); ev_json_string(st->out, m->canon);
    fputs(",\"qid\":", st->out);
    if (q) ev_json_string(st->out, q); else fputs("null", st->out);
    fprintf(st->out, ",\"value\":%s%s}\n", skipped ? "null,\"skipped\":true" : buf,
      undefined && !skipped ? ",\"undefined\":true" : "");
    break;
  default: fprintf(st->out, "%-24s %-10s %s%s\n", m->given, q ? q : "all", buf,
      undefined && !skipped ? " (undefined)" : "");
  }
}

@ One query through every measure.  Its value per query is the inner
variant's; for a streamed aggregate, the query then enters the sums exactly
as in |rm_value_set|: the tests of \.{skip=norel} and \.{skip=missing}, then
\.{skip=undef} on the value's status, then the weighted value.

@<Tool functions@>=
static int ev_counts(const ev_measure *m, const rm_list *l, rm_status t);
static int ev_query(ev_state *st, const char *q, rm_list *l, long first_line)
{
  int i, counts;
  st->n_eval++;
  if (st->keep) ev_keep(st, l);
  if (!st->exact && rm_values(st->uv, (size_t) st->nuv, l, &st->w, st->uval,
      st->ust) != RM_OK) {
    fputs("rankmetrics: eval: out of memory\n", stderr);
    return 0;
  }
  for (i = 0; i < st->nm; i++) {
    ev_measure *m = &st->m[i];
    rm_status t;
    double x;
    if (!m->per) continue;
    if (st->exact) t = rm_value_rounded(&m->u, l, &x, NULL, NULL);
    else { t = st->ust[m->ui]; x = st->uval[m->ui]; }
    if (t < 0 && !(t == RM_EUNDEF && m->a.skip == RM_SKIP_UNDEF)) {
      fprintf(stderr, "%s:%ld: query '%s': %s: %s\n", st->path, first_line, q,
        m->given, rm_strerror(t));
      return 0;
    }
    counts = ev_counts(m, l, t);
    if (st->per_query) ev_print(st, m, q, x, t == RM_UNDEFINED, !counts);
    if (m->stream && counts) @<Add the value |x| of this query to the sums of |m|@>;
  }
  return 1;
}

@ Whether a query enters the aggregate of |m|: the tests of \.{skip=norel}
and \.{skip=missing} on the list, then \.{skip=undef} on the status of the
value, as in |rm_value_set|.

@<Tool functions@>=
static int ev_counts(const ev_measure *m, const rm_list *l, rm_status t)
{
  size_t k, c = 0;
  if (m->a.skip == RM_SKIP_NOREL) {
    for (k = 0; k < l->n; k++) c += l->grade[k] >= m->a.rel;
    for (k = 0; k < l->n_unretrieved; k++) c += l->unretrieved_grade[k] >= m->a.rel;
    if (c == 0) return 0;
  }
  if (m->a.skip == RM_SKIP_MISSING && l->n == 0) return 0;
  if ((t == RM_UNDEFINED || t == RM_EUNDEF) && m->a.skip == RM_SKIP_UNDEF) return 0;
  return 1;
}

@ A streamed aggregate keeps running sums, not the values: a sum adds the
value, and a mean adds the weighted value to a numerator and the weight to
a denominator, each with Neumaier's compensation (|ev_nsum|).  The weight is
one, the number of items of the list (\.{weight=items}), or its number of
items at or above the aggregate's relevance threshold
(\.{weight=positives}), as the aggregation part defines them.

@<Add the value |x| of this query...@>=
{
  size_t k, c = 0;
  if (m->a.agg == RM_AGG_SUM) ev_nsum(&m->as, &m->ac, x);
  else {
    double wt = 1;
    if (m->a.weight == RM_WEIGHT_ITEMS) wt = (double) l->n;
    else if (m->a.weight == RM_WEIGHT_POSITIVES) {
      for (k = c = 0; k < l->n; k++) c += l->grade[k] >= m->a.rel;
      wt = (double) c;
    }
    ev_nsum(&m->as, &m->ac, wt * x); ev_nsum(&m->bs, &m->bc, wt);
  }
}

@ At the end, the aggregates.  An empty streamed mean takes the value that
|rm_value_set| gives a set of no queries, the inner convention's.

@<Tool functions@>=
static int ev_aggregates(ev_state *st)
{
  int i;
  for (i = 0; i < st->nm; i++) {
    ev_measure *m = &st->m[i];
    rm_status t;
    double x;
    if (m->stream && m->a.agg == RM_AGG_SUM) { x = m->as + m->ac; t = RM_OK; }
    else if (m->stream && m->bs + m->bc != 0) {
      x = (m->as + m->ac) / (m->bs + m->bc); t = RM_OK;
    } else if (m->stream) t = rm_value_set(&m->a, NULL, 0, NULL, &x);
    else if (st->exact) t = rm_value_set_rounded(&m->a, st->kq, st->nkq, &x, NULL, NULL);
    else t = rm_value_set(&m->a, st->kq, st->nkq, &st->w, &x);
    if (t < 0) {
      fprintf(stderr, "%s: %s: the aggregate: %s\n", st->path, m->given,
        rm_strerror(t));
      return 0;
    }
    ev_print(st, m, NULL, x, t == RM_UNDEFINED, 0);
  }
  return 1;
}

@ One pass over the run or the delimited file.  In streaming mode a record
of a new query closes the current group.  In memory mode every record is
stored first, sorted stably by query, and the groups are read off the
sorted records.  The pass returns 1 when done, 0 after an error, and asks
for another pass with 2 (a query reappears: the input is not grouped), 3
(the order of the queries is not known: keep their names) or 4 (the
judgments cannot be streamed beside this run).

A query that reappears after other queries must be noticed.  While the
run's queries strictly increase in byte or natural order, none can
reappear, and nothing is kept but the last name.  When they do not, a
seekable file is read again with |seen_on|, which keeps a 64-bit hash of
every query name in a set (|ev_seen|, open addressing, at most half full);
a pipe keeps the set from the start.  Two names with one hash would be taken
for a reappearance and cost a reading in memory, never a wrong value.
@^hash table@>

@<Tool functions@>=
static int ev_seen(ev_names *s, const char *q) /* 1 if seen; else adds it */
{
  uint64_t h = ev_hash(q) | 1; /* never 0, the empty slot */
  size_t i, k;
  if (2 * (s->n + 1) > s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 1024;
    uint64_t *slot = tool_alloc(NULL, cap * sizeof *slot);
    memset(slot, 0, cap * sizeof *slot);
    for (k = 0; k < s->cap; k++) if (s->slot[k]) {
      for (i = (size_t) (s->slot[k] >> 1) & (cap - 1); slot[i]; i = (i + 1) & (cap - 1))
        continue;
      slot[i] = s->slot[k];
    }
    free(s->slot); s->slot = slot; s->cap = cap;
  }
  for (i = (size_t) (h >> 1) & (s->cap - 1); s->slot[i]; i = (i + 1) & (s->cap - 1))
    if (s->slot[i] == h) return 1;
  s->slot[i] = h; s->n++;
  return 0;
}
static int ev_new_query(ev_state *st, const char *q)
{
  ev_order_next(&st->run_ord, q);
  if (st->jstream && !ev_decisions_hold(st)) return 4;
  if (st->seen_on) return ev_seen(&st->seen, q) ? 2 : 1;
  return st->run_ord.inc[0] || st->run_ord.inc[1] ? 1 : 3;
}

@ Progress.  When standard error is a terminal (and \.{--quiet} is not
given), a pass shows, about twice a second, the lines and queries read, the
rate in lines per second and, when the input is a regular file, the share
of its bytes read; the line is erased when the pass ends.  Otherwise nothing
is written, so a redirected standard error holds only the summary.  The
clock is read once every 16384 records, which costs nothing measurable.
@^progress@>

@<Tool functions@>=
static void ev_progress(ev_state *st, ev_source *s, int end)
{
  double now = dis_now(), pct = -1;
  struct stat sb;
  if (end) { fputs("\r\033[K", stderr); return; }
  if (now - st->t_shown < 0.5) return;
  st->t_shown = now;
  if (fstat(fileno(s->f), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0) {
    long at = ftell(s->f);
    if (at >= 0) pct = 100.0 * (double) at / (double) sb.st_size;
  }
  fprintf(stderr, "\rrankmetrics: eval: %ld lines, %lu queries, %.0f lines/s",
    s->line, (unsigned long) st->n_eval, (double) s->line / (now - st->t0 + 1e-9));
  if (pct >= 0) fprintf(stderr, ", %.0f%%", pct);
  fputs("\033[K", stderr);
}

@ One pass over the run.  Records are read one at a time (|ev_next|).  When
streaming, consecutive records with one query identifier form a group; a
new identifier closes the group (|ev_group_done| evaluates it) and opens the
next.  |ev_new_query| watches the order of the identifiers: when a query
reappears after others (the run is not grouped, code~2), when the order is
not yet known to be sorted and the seen identifiers must be remembered
(code~3), or when a choice made while streaming the judgments no longer
holds (code~4), the pass stops and hands the code back, and the command
runs another pass from the start of both files: in memory, remembering the
identifiers, or with the judgments in memory.  When the run is read into
memory, every record is kept with its line number and its
place in the file, sorted by query (a stable order: ties keep the file's
order), and then grouped in the same way.  An empty run is an error; after
the last group, the judged queries that the run never named are evaluated
(|ev_drain|) when the judgments are streamed.  The pass returns 1 when it
is done, 0 on an error, and one of those codes when it asks for another
pass.

@<Tool functions@>=
static int ev_pass(ev_state *st, ev_source *s, ev_group *g, int memory)
{
  ev_pool mp = {NULL, 0, 0};
  ev_rec *all = NULL;
  size_t nall = 0, cap = 0, i, nrec = 0;
  int r, rc = 1, open = 0, any = 0;
  while ((r = ev_next(st, s)) > 0) {
    any = 1;
    if (st->progress && (++nrec & 16383) == 0) ev_progress(st, s, 0);
    if (memory) {
      ev_rec x;
      x.q = ev_put(&mp, s->f_q); x.d = s->f_d ? ev_put(&mp, s->f_d) : (size_t) -1;
      x.grade = s->grade; x.has_score = s->has_score; x.score = s->score;
      x.lab = s->f_label ? ev_put(&mp, s->f_label) : (size_t) -1; x.rating = s->rating;
      x.line = s->line; x.seq = nall;
      if (nall == cap) { cap = 2 * cap + 1024; all = tool_alloc(all, cap * sizeof *all); }
      all[nall++] = x;
      continue;
    }
    if (!open || strcmp(g->p.s, s->f_q) != 0) {
      if (open && (rc = ev_group_done(st, g)) != 1) goto done;
      if ((rc = ev_new_query(st, s->f_q)) != 1) goto done;
      ev_group_start(g, s->f_q); open = 1;
    }
    ev_group_label(g, s->f_label, s->rating, s->line);
    ev_group_add(g, s->f_d, s->grade, s->has_score, s->score, s->line);
  }
  if (r < 0) { rc = 0; goto done; }
  if (!any) {
    fprintf(stderr, "%s:%ld: %s\n", s->path, s->line ? s->line : 1,
      s->delimited ? "no rows after the header" : "no run lines (empty file)");
    rc = 0; goto done;
  }
  if (memory) {
    ev_sort_pool = mp.s;
    if (nall) qsort(all, nall, sizeof *all, ev_cmp_q);
    for (i = 0; i < nall; i++) {
      if (!open || strcmp(g->p.s, mp.s + all[i].q) != 0) {
        if (open && (rc = ev_group_done(st, g)) != 1) goto done;
        ev_group_start(g, mp.s + all[i].q); open = 1;
      }
      ev_group_label(g, all[i].lab == (size_t) -1 ? NULL : mp.s + all[i].lab,
        all[i].rating, all[i].line);
      ev_group_add(g, all[i].d == (size_t) -1 ? NULL : mp.s + all[i].d,
        all[i].grade, all[i].has_score, all[i].score, all[i].line);
    }
  }
  if (open && (rc = ev_group_done(st, g)) != 1) goto done;
  if (st->qrels_path && st->jstream) rc = ev_drain(st);
done:
  if (st->progress && st->t_shown > 0) ev_progress(st, s, 1);
  free(mp.s); free(all);
  return rc;
}

@ The command.  Options come in any order; the files last.  A pass that
asks for another (see |ev_pass|) is repeated from the start of both files,
every counter and sum started again, with what it learnt: keep the names
of the run's queries (3), read the judgments into memory (4), or read the
run into memory as well (2).  Each can happen once, so there are at most
four passes; in practice a grouped and sorted input takes one.  The run is
streamed with the judgments only when both are regular files (a pipe cannot
be read twice), and a pipe keeps the names of its queries from the start.

@<Tool functions@>=
static int ev_regular(FILE *f)
{
  struct stat sb;
  return fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode);
}
static int cmd_eval(int argc, char **argv)
{
  ev_state st;
  ev_source src;
  ev_group g;
  const char *files[2];
  int nf = 0, i, rc = 1, pass, memory;
  memset(&st, 0, sizeof st); memset(&src, 0, sizeof src); memset(&g, 0, sizeof g);
  st.col[0] = "user"; st.col[1] = "item"; st.col[2] = "label"; st.col[3] = "score";
  st.m = tool_alloc(NULL, (size_t) (argc + 1) * sizeof *st.m);
  @<Read the options of \.{eval}@>;
  st.uv = tool_alloc(NULL, (size_t) st.nm * sizeof *st.uv);
  st.uval = tool_alloc(NULL, (size_t) st.nm * sizeof *st.uval);
  st.ust = tool_alloc(NULL, (size_t) st.nm * sizeof *st.ust);
  for (i = 0; i < st.nm; i++) {
    if (!ev_measure_init(&st.m[i], st.m[i].given, st.exact)) { rc = 2; goto done; }
    st.input_ties |= st.m[i].input_ties;
    if (!st.m[i].stream) st.keep = 1;
    if (st.m[i].per) { st.m[i].ui = st.nuv; st.uv[st.nuv++] = st.m[i].u; }
  }
  if (nf == 2) st.qrels_path = files[0];
  st.path = src.path = files[nf - 1];
  src.delimited = nf == 1;
  if ((src.f = strcmp(src.path, "-") ? tool_open_in("eval", src.path) : stdin) == NULL)
    goto done;
  st.seen_on = !ev_regular(src.f);
  st.jstream = !st.seen_on && !st.unsorted;
  if (st.qrels_path) {
    FILE *q = fopen(st.qrels_path, "r");
    if (q != NULL) { if (!ev_regular(q)) st.jstream = 0; fclose(q); }
  }
  st.progress = !st.quiet && isatty(2);
  st.t0 = dis_now(); st.t_shown = 0;
  rm_work_init(&st.w);
  for (memory = st.unsorted, pass = 0;; pass++) {
    int r;
    @<Start a pass of \.{eval}@>;
    if (src.delimited && !ev_header(&st, &src)) goto done;
    r = ev_pass(&st, &src, &g, memory);
    if (r == 1) break;
    if (r == 0) goto done;
    if (r == 2) { memory = 1; st.jstream = 0; }
    else if (r == 3) st.seen_on = 1;
    else st.jstream = 0;
    if (fseek(src.f, 0L, SEEK_SET) != 0) {
      fprintf(stderr, "%s:%ld: query '%s' reappears after other queries; the"
        " input is not grouped by query and cannot be reread: give --unsorted\n",
        src.path, src.line, src.f_q);
      goto done;
    }
  }
  if (st.qrels_path && !st.jstream)
    @<Evaluate the judged queries missing from the run@>;
  if (!ev_aggregates(&st)) goto done;
  @<Copy the output and write the summary@>;
  rc = 0;
done:
  if (src.f && src.f != stdin) fclose(src.f);
  if (st.out) fclose(st.out);
  rm_work_free(&st.w);
  ev_keep_free(&st);
  free(src.buf); free(g.p.s); free(g.d); free(g.line); free(g.drop); free(g.unj); free(g.grade);
  free(g.score); free(g.id); free(g.lab); free(g.labp);
  @<Free the judgments of an evaluation@>;
  free(st.m); free(st.uv); free(st.uval); free(st.ust);
  return rc;
}

@ Everything the judgments and the orders of the two files own is freed
here, once, at the end of the command, whether it succeeded or not.

@<Free the judgments of an evaluation@>=
if (st.js.f) fclose(st.js.f);
free(st.js.buf); free(st.js.p.s); free(st.js.off); free(st.js.grade_a);
free(st.js.line_a); free(st.js.d);
free(st.run_ord.last.s); free(st.j_ord.last.s);
free(st.jp.s); free(st.jr); free(st.jq_start); free(st.jq_len); free(st.jq_seen);
free(st.jv_d); free(st.jv_g); free(st.jv_l);
free(st.jclaim); free(st.jdrop); free(st.unret); free(st.ht); free(st.sg);
free(st.seen.slot)

@ The options of \.{eval}: \.{-q} for a value per query, \.{--trec} and
\.{--json} for the output's format, \.{--exact} for the exact path,
\.{--quiet} to leave out the summary on standard error, \.{--unsorted} to
read the run into memory at once, \.{--csv} and \.{--tsv} for delimited
files, and the options with an argument (the measures, the column names of
a delimited file, the rule for duplicates).  A word without a dash, or a
lone \.{-} for standard input, is a file; more than two is an error.

@<Read the options of \.{eval}@>=
for (i = 0; i < argc; i++) {
  const char *o = argv[i];
  int k;
  static const char *const colopt[4] = {"--user", "--item", "--label", "--score"};
  if (strcmp(o, "-q") == 0) { st.per_query = 1; continue; }
  if (strcmp(o, "--trec") == 0) { st.format = 1; continue; }
  if (strcmp(o, "--json") == 0) { st.format = 2; continue; }
  if (strcmp(o, "--exact") == 0) { st.exact = 1; continue; }
  if (strcmp(o, "--quiet") == 0) { st.quiet = 1; continue; }
  if (strcmp(o, "--judged-docs-only") == 0) { st.judged_docs = 1; continue; }
  if (strcmp(o, "--unsorted") == 0) { st.unsorted = 1; continue; }
  if (strcmp(o, "--csv") == 0) { st.delim = ','; continue; }
  if (strcmp(o, "--tsv") == 0) { st.delim = '\t'; continue; }
  if (o[0] != '-' || strcmp(o, "-") == 0) {
    if (nf == 2) { fputs("rankmetrics: eval: more than two files\n", stderr);
      return 2; }
    files[nf++] = o; continue;
  }
  if (i + 1 >= argc) {
    fprintf(stderr, "rankmetrics: eval: unknown option or missing argument '%s'\n", o);
    return 2;
  }
  if (strcmp(o, "-m") == 0) { st.m[st.nm++].given = argv[++i]; continue; }
  for (k = 0; k < 4; k++) if (strcmp(o, colopt[k]) == 0) break;
  if (k < 4) {
    st.col[k] = argv[++i]; st.col_given[k] = 1;
    if ((k == 1 || k == 3) && strcmp(st.col[k], "none") == 0) st.col[k] = NULL;
    continue;
  }
  if (strcmp(o, "--dup") == 0) {
    static const char *const dup_words[4] = {"error", "first", "last", "max"};
    for (k = 0; k < 4 && strcmp(argv[i + 1], dup_words[k]) != 0; k++) ;
    if (k < 4) { st.dup = (int) k; i++; continue; }
  }
  if (strcmp(o, "--run-only") == 0 && (strcmp(argv[i + 1], "skip") == 0
      || strcmp(argv[i + 1], "zero") == 0)) {
    st.run_zero = argv[++i][0] == 'z'; continue; }
  if (strcmp(o, "--judged-only") == 0 && (strcmp(argv[i + 1], "skip") == 0
      || strcmp(argv[i + 1], "empty") == 0)) {
    st.judged_empty = argv[++i][0] == 'e'; continue; }
  fprintf(stderr, "rankmetrics: eval: unknown option or bad value '%s %s'\n",
    o, argv[i + 1]);
  return 2;
}
if (st.nm == 0 || nf == 0) {
  fputs("rankmetrics: eval: give at least one -m NAME and a FILE (or QRELS RUN)\n",
    stderr);
  return 2;
}

@ A pass starts from nothing: a new temporary file for the output (the
output of an abandoned pass is thrown away with it, so that standard output
only ever receives one complete answer), the sums of every measure and the
counts of the summary at zero, the checks of order and the set of seen
queries emptied, and the judgments opened again.

@<Start a pass of \.{eval}@>=
if (st.out) fclose(st.out);
if ((st.out = tool_tmpfile()) == NULL) {
  fprintf(stderr, "rankmetrics: eval: no temporary file: %s\n", strerror(errno));
  goto done;
}
for (i = 0; i < st.nm; i++) st.m[i].as = st.m[i].ac = st.m[i].bs = st.m[i].bc = 0;
ev_keep_free(&st);
st.n_eval = st.n_run_only = st.n_unjudged = st.n_judged_only = 0;
st.n_negative = st.n_dup = st.n_tie_dep = 0;
src.line = 0;
ev_order_reset(&st.run_ord); ev_order_reset(&st.j_ord);
st.decided = 0;
st.seen.n = 0;
if (st.seen.slot) memset(st.seen.slot, 0, st.seen.cap * sizeof *st.seen.slot);
if (st.qrels_path && !ev_open_qrels(&st)) goto done;

@ @<Evaluate the judged queries missing from the run@>=
{
  size_t j;
  for (j = 0; j < st.njq; j++)
    if (!st.jq_seen[j] && !ev_judged_only(&st, ev_judg_mem(&st, j))) goto done;
}

@ Only a pass that ran to the end copies its output to standard output; a
write error there (a full disk, a closed pipe) is reported and fails the
command.  The summary on standard error says how many queries were
evaluated and how (streamed or in memory), and counts everything that was
read in a way the user may not have meant: repeated documents dropped,
unjudged documents read as grade~0, queries only in the run or only in the
judgments, negative grades, and values that depend on the order of tied
lines.

@<Copy the output and write the summary@>=
{
  @<Copy the temporary file to standard output, or |goto done|@>;
  if (!st.quiet) {
    fprintf(stderr, "rankmetrics: eval: %lu queries evaluated (%s%s); %lu repeated"
      " documents dropped", (unsigned long) st.n_eval, memory ? "read into memory"
      : "streamed", !st.qrels_path ? "" : st.jstream ? ", judgments streamed"
      : ", judgments in memory", (unsigned long) st.n_dup);
    if (st.qrels_path)
      fprintf(stderr, "; %lu unjudged retrieved documents read as grade 0;"
        " %lu queries only in the run (%s); %lu only in the judgments (%s)",
        (unsigned long) st.n_unjudged, (unsigned long) st.n_run_only,
        st.run_zero ? "zero" : "skipped", (unsigned long) st.n_judged_only,
        st.judged_empty ? "empty" : "skipped");
    fprintf(stderr, "; %lu negative grades read as 0", (unsigned long) st.n_negative);
    if (st.input_ties)
      fprintf(stderr, "; %lu queries with tied scores on documents of different"
        " grades, whose values under ties=input depend on the order of the lines",
        (unsigned long) st.n_tie_dep);
    fputc('\n', stderr);
  }
}
@ The copy is checked at every step, since the temporary file lives on a
disk that may be full: the error indicator of the temporary (set by any
failed write of the output), its flush, its length against the bytes read
back, and every write to standard output.  A temporary directory without
room once let 0 of 76~KB reach the output with status~0.  A failure leaves
standard output without the answer, says why, and the status is~1.

@<Copy the temporary file to standard output, or |goto done|@>=
{
  char buf[65536];
  size_t k;
  long total, copied = 0;
  if (fflush(st.out) != 0 || ferror(st.out) || (total = ftell(st.out)) < 0
      || fseek(st.out, 0L, SEEK_SET) != 0) {
    fprintf(stderr, "rankmetrics: eval: cannot write the temporary file: %s\n",
      strerror(errno));
    goto done;
  }
  while ((k = fread(buf, 1, sizeof buf, st.out)) > 0) {
    copied += (long) k;
    if (fwrite(buf, 1, k, stdout) != k) break;
  }
  if (ferror(st.out) || (copied != total && !ferror(stdout))) {
    fprintf(stderr, "rankmetrics: eval: cannot read the temporary file back\n");
    goto done;
  }
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "rankmetrics: eval: cannot write standard output: %s\n",
      strerror(errno));
    stdout_said = 1;
    goto done;
  }
}

@* Performance of the evaluator.
How fast is \.{eval}, measured against the least that any evaluator must do?
\.{make bench} (never part of \.{make check}) answers on seeded synthetic
inputs: \.{tests/bench/gen.c} writes a TREC run of $10^5$ queries of 100
documents (scores with one decimal, so ties are many; lines in rank order,
as runs are written) with graded judgments (about half the retrieved
documents judged, grades 0 to~3, five judged documents a query that were not
retrieved), both grouped by query, and a CSV file of $10^7$ rows, 100 a
user.  The {\it floor}, \.{tests/bench/floor.c}, reads the same files with
|getline|, splits every line into fields and converts the numbers; for AUC
over one group of $10^7$ scores it also sorts those scores (a |qsort| of
doubles), the least work any exact AUC must do.  A time is the median of
three runs, in elapsed seconds; memory is the largest peak resident size of
the three; both come from GNU \.{/usr/bin/time}.  \.{BENCH\_SCALE=100}
divides every size for a quick try.  The figures below are copied from the
report that \.{make bench} wrote (\.{build/bench/report.txt}) on
22~November 2026 on this project's machine, 2 cores (AMD EPYC), 23~GB; they
are a record of that run, not computed by the build, which does not run
the benchmark (it takes minutes and its times vary from run to run).
@^benchmark@>@^performance@>

$$\vbox{\halign{#\hfil&&\quad\hfil#\cr
input and measures&eval s&floor s&ratio&eval MB&floor MB\cr
\noalign{\smallskip\hrule\smallskip}
TREC $10^5\times100$, \.{ap ndcg@@10 precision@@10 rr}&1.67&1.08&1.55&2.5&1.5\cr
CSV $10^7$ rows, one group: \.{auc[ties=average]}, floor sorts&2.88&2.28&1.26&407&154\cr
CSV $10^7$ rows, $10^5$ users: the same, per user&1.52&0.91&1.67&2.4&1.5\cr
\noalign{\smallskip}
TREC $10^4\times10$, the four measures&0.02&0.01&&2.7&1.4\cr
TREC $10^5\times10$, the four measures&0.24&0.12&2.0&2.7&1.5\cr
TREC $10^6\times10$, the four measures&2.52&1.28&2.0&2.6&1.4\cr}}$$
The targets were: within twice the floor for \.{ap}, \.{ndcg@@10},
\.{precision@@10} and \.{rr} together; AUC over $10^7$ scores within twice a
sort of them; under 64~MB for sorted input of any length; and a time that
grows linearly with the number of queries.  All four are met on these inputs: the four measures
take 1.55 times the floor, AUC over $10^7$ scores 1.26 times a sort of them,
memory stays under 3~MB for grouped input of $10^4$ to $10^6$ queries, and
from $10^5$ to $10^6$ queries the time grows 10.5-fold (the floor's
10.7-fold); from $10^4$ to $10^5$ the times are too short to measure well
(0.02 seconds).  The ratio to the floor is the same, 2.0, at $10^5$ and
$10^6$ queries of 10 documents: the cost of evaluating a query is a constant
beside the cost of reading it.

Four things make it so.  (1) The judgments are read beside the run, one
query at a time, when the two files list their queries in one order
(|ev_match|), so the memory held is that of one query whatever the number
of queries: the last three rows hold about 2.7~MB for $10^4$ and for
$10^6$ queries alike.  (2) A query's documents meet their judgments in a hash
table (|ev_merge|), in time linear in its lines.  (3) The list is ranked
once for all the measures that share a tie rule (|rm_values|), and not at
all when it comes in rank order, as a TREC run does (|rank_items| checks
first).  (4) A query's lines are kept in the arrays the library reads, 13
bytes a line without a document name.

The first version of the evaluator, which read the judgments whole and
sorted them, sorted every query's documents by name and ranked each list
once per measure, took 5.8 times the floor and 404~MB on the first row, and
its time grew 15-fold from $10^5$ to $10^6$ queries.  Two costs remain by
design.  AUC over one group holds that group: its scores and grades and the
library's two arrays of indices (the ranking, and the merge sort's
scratch), about 40 bytes a row, which the second row shows; memory is
bounded by the largest query, not by 64~MB.  And the fallbacks cost memory:
judgments listed in another order than the run are read whole (about 60
bytes a judgment), and a run whose queries are not grouped is read whole.
The exact path (\.{--exact}) took about 0.8~milliseconds a query of 100
documents for the four measures of the first row (0.80 seconds for the
$10^3$ such queries of \.{BENCH\_SCALE=100}, against 0.03 on the double
path, by \.{time} on the same day), so a run of $10^5$ queries took over a
minute.  Since the certified filter of \secref{q:filter} it takes about 2.75
times the double path's CPU time (6.6 against 2.4 seconds for $10^5$
queries); \.{make bench} prints the ratio as a row of its own.

@* trec\_eval's command line.\here{q:tecmd}
The command \.{trec\_eval} takes trec\_eval's own command line and prints
trec\_eval's own output, so that a script written for trec\_eval runs
unchanged when the command
\.{rankmetrics} \.{trec\_eval} takes the place of trec\_eval:
$$\hbox{\.{rankmetrics trec\_eval -q -c -m map -m P.5,10 QRELS RUN}.}$$
It is a front end to \.{eval}: it turns trec\_eval's measures into our
variants by the table of \secref{q:alias}, has \.{eval} compute them, and
prints the values in trec\_eval's order and format.  What trec\_eval~10.0
(commit f4253652) does was read in its source (\.{trec\_eval.c},
\.{meas\_init.c}, \.{form\_res\_rels.c}, \.{get\_qrels.c},
\.{get\_trec\_results.c}, the \.{m\_*.c} files) and checked on a copy built
outside this project; \.{tests/trec\_eval\_test.sh} compares our output,
byte for byte, with lines that trec\_eval printed.
@^trec\_eval@>@^drop-in replacement@>

\smallskip\noindent{\it The options.}  Flags may be bundled (\.{-qc}) and an
option's argument attached (\.{-l2}, \.{-mP.10}) or separate; options may
come after the files, as with GNU |getopt_long|, which trec\_eval uses; its
long names (\.{--measure}, \.{--query\_eval\_wanted}, \dots) are taken too,
with their argument after \.{=} or as the next word.
\smallskip
\item{\.{-q}} also print the value of every query, before the summary.
\item{\.{-m} $M$} add measure $M$ (repeatable).  $M$ is a measure's name, a
name with parameters after a point (\.{P.5,10,30}, \.{ndcg\_cut.10},
\.{set\_F.0.5}, \.{iprec\_at\_recall.0.25}), or one of the nicknames
\.{official} (the default when no \.{-m} is given), \.{set} and
\.{all\_trec}.  A measure given twice is computed once; when several
\.{-m} give it parameters, the first is used, as in trec\_eval.  Cutoffs are
sorted increasing and printed after an underscore (\.{P\_5}); other
parameters are printed as written (\.{set\_F\_0.5}).  A measure whose
parameters are left out takes trec\_eval's defaults: cutoffs 5, 10, 15, 20,
30, 100, 200, 500, 1000 for \.{P}, \.{recall}, \.{ndcg\_cut},
\.{map\_cut} and \.{relative\_P}; 1, 5, 10 for \.{success}; recall levels
0.00 to 1.00 by tenths for \.{iprec\_at\_recall}.
\item{\.{-c}} a judged query missing from the run counts, with every value~0
(\.{eval --judged-only empty}).  Without it such a query stops trec\_eval
(status~4), and stops us too, with the query named.
\item{\.{-n}} no summary: only the lines of the queries (with \.{-q}).
\item{\.{-l} $t$} a document is relevant when its grade is at least $t$
(default 1): every variant that reads a threshold gets \.{rel=}$t$.  The
gain of nDCG is the grade whatever $t$, as in trec\_eval.  A level below~1
would make judged nonrelevant documents relevant, and is refused.
\item{\.{-M} $n$} keep only the first $n$ documents of each query, in
trec\_eval's order.  Where a variant with a cutoff is the same function it
is used: \.{map} becomes \.{ap@@}$n$, \.{recip\_rank} \.{rr@@}$n$,
\.{recall\_}$K$ \.{recall@@}$\min(K,n)$, \.{success\_}$K$
\.{hr@@}$\min(K,n)$, \.{set\_P} \.{precision@@}$n$\.{[denom=list]}, and a
cutoff $K\le n$ is left as it is.  For \.{Rprec}, \.{ndcg}, and \.{P\_}$K$ or
\.{ndcg\_cut\_}$K$ with $K>n$, no variant is that function; but their values
do not change when no document of positive grade lies beyond rank~$n$, so
they are computed on the whole run and the command checks, per query, that
\.{recall@@}$n$ equals \.{recall}; if not, it stops and says which query.
Other measures are refused with \.{-M}.
\item{\.{-N} $n$} the number of documents in the collection, read only by
trec\_eval's \.{utility} (its fourth parameter), which has no variant yet;
taken and unused.
\item{\.{-R qrels}, \.{-T trec\_results}} the only formats read; trec\_eval's
others (preferences, multiple judgment groups) are refused.
\item{\.{-o}} obsolete in trec\_eval and ignored there; ignored here.
\item{\.{-J}} judged documents only: every retrieved document without a
judgment, or with a negative grade, leaves the ranking before any measure
(\.{eval --judged-docs-only}), as in trec\_eval, whose counts \.{num\_ret}
and the like then count only judged documents.  trec\_eval removes a
document of negative grade too; \.{eval} removes it only when it reads
the grade as the marker~2 (pooled but unjudged), so on judgments with
negative grades the two agree only where \.{eval} does so.  A query
whose retrieved documents are all unjudged is still a query of the run (not
a missing one): its values are those of an empty list, where trec\_eval
prints \.{-nan} for \.{iprec\_at\_recall} (it divides 0 by~0) and we
print~0.
\item{\.{-Z}, \.{-D}} Z scores and debugging
output are refused (\.{-D 0} is taken).  \.{-h} prints this command's help;
\.{-v} names the version on standard error.
\item{\.{--full}} print every value with 17 significant digits, enough to
read back the double, instead of trec\_eval's four decimals.
\item{\.{--exact}} compute every value on the exact path (\.{eval
--exact}): the printed decimals are then those of the correctly rounded
value.
\smallskip

\noindent{\it The conventions}, all trec\_eval's.  A query's documents are
ranked by score, decreasing, and tied scores by document name, decreasing
in byte order (\.{ties=id-desc}); the rank column of the run is ignored.
Only queries with judgments are evaluated, in the byte order of their
names (so \.{10} comes before \.{2}); a query of the run without judgments
is ignored.  A negative grade is a judged document that is not relevant
(trec\_eval calls it ``unjudged in the pool'' and keeps it out of its
counts of grades, which changes only measures that have no variant yet).
The relevant documents~$R$ of a query are its judged documents of grade at
least~$t$, retrieved or not.  A document listed twice in a query, in the run
or in the judgments, is an error (trec\_eval: ``duplicate docs'',
status~4); we name the file and both lines.

\smallskip\noindent{\it The output.}  Each line is the measure's name padded
to 22 characters, a tab, the query (\.{all} for the summary), a tab and the
value, as
$$\hbox{\.{printf("\%-22s\\t\%s\\t\%6.4f\\n", name, qid, value)}}$$
writes them.  Counts (\.{num\_ret},
\.{num\_rel}, \.{num\_rel\_ret}, \.{num\_nonrel\_judged\_ret}, \.{num\_q})
are printed as whole numbers, and their summary is their sum, not their
mean; \.{runid} prints the tag of the run's last line.  With \.{-q} the
lines of each query come first, query by query, each query's measures in
trec\_eval's order; the summary follows, one line per measure in the same
order.  That order is trec\_eval's table of measures, not the order of the
\.{-m} options: \.{runid}, \.{num\_q}, \.{num\_ret}, \.{num\_rel},
\.{num\_rel\_ret}, \.{map}, \.{gm\_map}, \.{Rprec}, \.{bpref},
\.{recip\_rank}, \.{iprec\_at\_recall}, \.{P}, \.{relstring}, \.{recall},
\.{infAP}, \.{gm\_bpref}, \.{Rprec\_mult}, \.{utility}, \.{11pt\_avg},
\.{binG}, \.{G}, \.{dcg}, \.{ideal\_dcg}, \.{ndcg}, \.{ndcg\_rel},
\.{Rndcg}, \.{ndcg\_cut}, \.{map\_cut}, \.{relative\_P}, \.{success},
\.{set\_P}, \.{set\_relative\_P}, \.{set\_recall}, \.{set\_map}, \.{set\_F},
\.{num\_nonrel\_judged\_ret}, \.{yaap}, \.{rbp}, \.{rbp\_resid}, \.{unj}.
\.{runid}, \.{num\_q}, \.{gm\_map} and \.{gm\_bpref} have a summary line
only.

\smallskip\noindent{\it The four decimals.}  trec\_eval prints the double it
computed; we print ours, which is the exact value correctly rounded (with
\.{--exact}) or within a few units in the last place of it, so the printed
values agree except where the exact value lies on, or within such an error
of, the midpoint between two four-decimal numbers, where the rounding error of either
program decides the last digit.  For example a query with 22 relevant
documents whose run retrieves 5 of them, all at the top, has $P=1$,
$R=5/22$ and \.{set\_F.0.5} $=1.5PR/(0.5P+R)=15/32=0.46875$ exactly, a
double: \.{\%6.4f} rounds this exact tie to even and we print 0.4688,
while trec\_eval's double lies just below and it prints 0.4687
(\.{tests/trec\_eval/tie5.*}).  A tie that is not a double, such as a
mean \.{P\_10} of $9/160=0.05625$, is printed from the double nearest to
it, which lies on one side (here above: we print 0.0563), and trec\_eval's
may lie on the other (it printed 0.0562).  Such ties are rare, since the exact
value must be an odd multiple of $1/20000$; the random comparison of
\secref{q:tewhat} met 30 in 410\,356 lines.

\smallskip\noindent{\it Errors}, on standard error, with trec\_eval's exit
statuses so that scripts that test them keep working: 1 for a usage error
or a measure that is unknown, refused or not yet available; 2 for a file
that cannot be read or a malformed line (\.{FILE:LINE:} and what was wrong,
where trec\_eval says only ``Malformed line''); 4 for a document listed
twice and for a judged query missing from the run without \.{-c}; 7 when no
query has both judgments and a run.  Nothing is written on standard output
then (trec\_eval may already have printed the queries before the error).
Where trec\_eval reads loosely we refuse: a grade \.{1.5} (trec\_eval's
|atol| reads~1), a score \.{abc} (its |atof| reads~0), a cutoff \.{10x}.

@ {\it The measures asked for that have no variant yet.}  A measure named
in \.{-m} that the table of \secref{q:alias} refuses is an error (status~1,
with the table's reason).  A nickname is a promise of many lines, some of
which we may not compute yet (this version lacks \.{bpref}, \.{gm\_map},
\.{iprec\_at\_recall} and others, see \secref{q:tewhat}); rather than
refuse \.{official}, which is also the default, the command prints the
lines it can and names the others on standard error, one warning line,
exit status~0.  A script that needs one of the missing lines finds it
missing, not wrong.

@ The table of trec\_eval's measures, in the order trec\_eval prints them.
An entry gives the name, how it takes parameters (none, cutoffs that are
whole numbers, cutoffs that are real numbers, or one string of
parameters), its default cutoffs, and flags: the nicknames that include it,
whether it is a count (printed whole, summed), whether it has no line per
query, and the two entries that are not values of a variant, \.{runid} and
\.{num\_q}, which the command fills in itself.  The variant of a measure is
not here: it is the one that the name \.{trec\_eval:}{\it printed name\/}
means to the parser (\.{trec\_eval:P\_10}, \.{trec\_eval:set\_F\_0.5}), so
that a measure becomes available here the moment the table of names maps
it.  \.{relstring} prints a string per query, which \.{eval} cannot give,
and is marked as text.

@<Tool functions@>=
enum {@+ TE_PLAIN, TE_CUTL, TE_CUTD, TE_PARAM @+};
enum {
  TE_OFF = 1, /* in the nickname \.{official} */
  TE_SET = 2, /* in \.{set} */
  TE_ALL = 4, /* in \.{all\_trec} */
  TE_LONG = 8, /* a count: printed whole, summed over the queries */
  TE_NOPQ = 16, /* no line per query */
  TE_RUNID = 32, /* the run's tag */
  TE_NUMQ = 64, /* the number of queries */
  TE_TEXT = 128, /* a string, not a number */
  TE_OSA = TE_OFF | TE_SET | TE_ALL
};
#define TE_CUTS "5,10,15,20,30,100,200,500,1000"
typedef struct {
  const char *name;
  int kind; /* how it takes parameters */
  const char *defaults; /* its default cutoffs, or |NULL| */
  unsigned flags;
} te_spec;
static const te_spec te_table[] = {
  {"runid", TE_PLAIN, NULL, TE_OSA | TE_NOPQ | TE_RUNID},
  {"num_q", TE_PLAIN, NULL, TE_OSA | TE_NOPQ | TE_LONG | TE_NUMQ},
  {"num_ret", TE_PLAIN, NULL, TE_OSA | TE_LONG},
  {"num_rel", TE_PLAIN, NULL, TE_OSA | TE_LONG},
  {"num_rel_ret", TE_PLAIN, NULL, TE_OSA | TE_LONG},
  {"map", TE_PLAIN, NULL, TE_OFF | TE_ALL},
  {"gm_map", TE_PLAIN, NULL, TE_OFF | TE_ALL | TE_NOPQ},
  {"Rprec", TE_PLAIN, NULL, TE_OFF | TE_ALL},
  {"bpref", TE_PLAIN, NULL, TE_OFF | TE_ALL},
  {"recip_rank", TE_PLAIN, NULL, TE_OFF | TE_ALL},
  {"iprec_at_recall", TE_CUTD, "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1",
    TE_OFF | TE_ALL},
  {"P", TE_CUTL, TE_CUTS, TE_OFF | TE_ALL},
  {"relstring", TE_PARAM, NULL, TE_ALL | TE_TEXT},
  {"recall", TE_CUTL, TE_CUTS, TE_ALL},
  {"infAP", TE_PLAIN, NULL, TE_ALL},
  {"gm_bpref", TE_PLAIN, NULL, TE_ALL | TE_NOPQ},
  {"Rprec_mult", TE_CUTD, "0.2,0.4,0.6,0.8,1,1.2,1.4,1.6,1.8,2", TE_ALL},
  {"utility", TE_PARAM, NULL, TE_SET | TE_ALL},
  {"11pt_avg", TE_PARAM, NULL, TE_ALL},
  {"binG", TE_PLAIN, NULL, TE_ALL},
  {"G", TE_PARAM, NULL, TE_ALL},
  {"dcg", TE_PARAM, NULL, 0},
  {"ideal_dcg", TE_PARAM, NULL, 0},
  {"ndcg", TE_PARAM, NULL, TE_ALL},
  {"ndcg_rel", TE_PARAM, NULL, TE_ALL},
  {"Rndcg", TE_PARAM, NULL, TE_ALL},
  {"ndcg_cut", TE_CUTL, TE_CUTS, TE_ALL},
  {"map_cut", TE_CUTL, TE_CUTS, TE_ALL},
  {"relative_P", TE_CUTL, TE_CUTS, TE_ALL},
  {"success", TE_CUTL, "1,5,10", TE_ALL},
  {"set_P", TE_PLAIN, NULL, TE_SET | TE_ALL},
  {"set_relative_P", TE_PLAIN, NULL, TE_SET | TE_ALL},
  {"set_recall", TE_PLAIN, NULL, TE_SET | TE_ALL},
  {"set_map", TE_PLAIN, NULL, TE_SET | TE_ALL},
  {"set_F", TE_PARAM, NULL, TE_SET | TE_ALL},
  {"num_nonrel_judged_ret", TE_PLAIN, NULL, TE_ALL | TE_LONG},
  {"yaap", TE_PLAIN, NULL, 0},
  {"rbp", TE_PARAM, NULL, TE_ALL},
  {"rbp_resid", TE_PARAM, NULL, TE_ALL},
  {"unj", TE_CUTL, "5,10,20", TE_ALL},
  {NULL, 0, NULL, 0}};

@ The state of the command: its options, the measures marked (1 by name,
2 by a nickname) with the first parameters given to each, and the lines it
will print, its {\it items}: one per value name, such as \.{P\_10}, with
the name given to \.{eval} for it.  The value of item~$i$ for query~$j$ is
|val[j * ni + i]|.

@<Tool functions@>=
typedef struct {
  char name[64]; /* as trec\_eval prints it */
  const te_spec *s;
  char var[RM_NAME_MAX + 8]; /* the name given to \.{eval}, or empty */
  int check; /* computed untruncated under \.{-M}: check it */
} te_item;
typedef struct {
  int per_query, complete, summary, full, exact, help, version, judged;
  long rel, maxret;
  const char **marg; int nmarg;
  const char *files[2]; int nf;
  unsigned char mark[64]; const char *param[64];
  te_item *it; int ni;
  char missing[1024]; /* the measures of a nickname not computed yet */
  char **qid; double *val, *all, *probe; int *empty; size_t nq, capq;
  char *runid;
} te_state;

@ The options, as |getopt_long| reads trec\_eval's string
\.{hvqm:cl:nD:JN:M:R:T:oZ:} and its long names, and two of ours.  A word
that is not an option is a file; after \.{--} every word is.  |te_opt|
applies one option and returns $-1$, or the exit status of an error.

@<Tool functions@>=
static const struct {@+ const char *name; char c; @+} te_long[] = {
  {"help", 'h'}, {"version", 'v'}, {"query_eval_wanted", 'q'}, {"measure", 'm'},
  {"complete_rel_info_wanted", 'c'}, {"level_for_rel", 'l'}, {"nosummary", 'n'},
  {"Debug_level", 'D'}, {"Judged_docs_only", 'J'}, {"Number_docs_in_coll", 'N'},
  {"Max_retrieved_per_topic", 'M'}, {"Rel_info_format", 'R'},
  {"Results_format", 'T'}, {"Output_old_results_format", 'o'}, {"Zscore", 'Z'},
  {"full", 'F'}, {"exact", 'X'}, {NULL, 0}};
static int te_arg(char c) /* does option |c| take an argument? */
{
  return c && strchr("mlDNMRTZo", c) != NULL;
}
static int te_err(int status, const char *fmt, const char *a, const char *b)
{
  fputs("rankmetrics: trec_eval: ", stderr);
  fprintf(stderr, fmt, a, b);
  fputc('\n', stderr);
  return status;
}
static int te_number(const char *s, long lo, long *x) /* a whole number $\ge$ |lo| */
{
  char *end;
  errno = 0;
  *x = strtol(s, &end, 10);
  return end > s && *end == '\0' && errno == 0 && *x >= lo;
}
static int te_opt(te_state *t, char c, const char *a)
{
  switch (c) {
  case 'h': t->help = 1; break;
  case 'v': t->version = 1; break;
  case 'q': t->per_query = 1; break;
  case 'c': t->complete = 1; break;
  case 'n': t->summary = 0; break;
  case 'F': t->full = 1; break;
  case 'X': t->exact = 1; break;
  case 'o': break;
  case 'm': t->marg[t->nmarg++] = a; break;
  case 'l':
    if (!te_number(a, 1, &t->rel) || t->rel > RM_GRADE_MAX) {
      char top[24];
      snprintf(top, sizeof top, "%d", RM_GRADE_MAX);
      return te_err(1, "-l %s: the relevance level must be a whole number from 1"
        " to %s (below 1, judged nonrelevant documents would be relevant)", a, top);
    }
    break;
  case 'M':
    if (!te_number(a, 1, &t->maxret))
      return te_err(1, "-M %s: the number of documents kept must be a whole"
        " number from 1%s", a, "");
    break;
  case 'N': {
    long n;
    if (!te_number(a, 0, &n))
      return te_err(1, "-N %s: the number of documents must be a whole number%s",
        a, "");
    break;
  }
  case 'D':
    if (strcmp(a, "0") != 0)
      return te_err(1, "-D %s: trec_eval's debugging output is not reproduced%s",
        a, "");
    break;
  case 'R':
    if (strcmp(a, "qrels") != 0)
      return te_err(1, "-R %s: only judgments in the format 'qrels' are read%s", a, "");
    break;
  case 'T':
    if (strcmp(a, "trec_results") != 0)
      return te_err(1, "-T %s: only runs in the format 'trec_results' are read%s",
        a, "");
    break;
  case 'J': t->judged = 1; break;
  case 'Z':
    return te_err(1, "-Z %s: Z scores are not available%s", a, "");
  default: {
    char o[2] = {c, '\0'};
    return te_err(1, "unknown option '-%s'%s (try 'rankmetrics trec_eval --help')",
      o, "");
  }
  }
  return -1;
}
static int te_options(te_state *t, int argc, char **argv)
{
  int i, r, dd = 0;
  for (i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!dd && strcmp(a, "--") == 0) { dd = 1; continue; }
    if (dd || a[0] != '-' || a[1] == '\0') {
      if (t->nf == 2) return te_err(1, "more than two files ('%s')%s", a, "");
      t->files[t->nf++] = a;
      continue;
    }
    if (a[1] == '-') @<Apply the long option |a|, or return@>@;
    else {
      const char *p;
      for (p = a + 1; *p; p++) {
        const char *v = NULL;
        if (te_arg(*p) && *p != 'o') {
          v = p[1] ? p + 1 : i + 1 < argc ? argv[++i] : NULL;
          if (v == NULL) return te_err(1, "option '%s' needs an argument%s", a, "");
        }
        if ((r = te_opt(t, *p, v)) >= 0) return r;
        if (v) break;
      }
    }
  }
  return -1;
}

@ trec\_eval's table gives \.{--Output\_old\_results\_format} an argument,
though its short form \.{-o} takes none; both are kept.

@<Apply the long option |a|, or return@>=
{
  const char *eq = strchr(a, '='), *v = NULL;
  size_t n = eq ? (size_t) (eq - a - 2) : strlen(a + 2);
  int k;
  for (k = 0; te_long[k].name; k++)
    if (strlen(te_long[k].name) == n && strncmp(a + 2, te_long[k].name, n) == 0) break;
  if (te_long[k].name == NULL)
    return te_err(1, "unknown option '%s'%s (try 'rankmetrics trec_eval --help')",
      a, "");
  if (te_arg(te_long[k].c)) {
    v = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
    if (v == NULL) return te_err(1, "option '%s' needs an argument%s", a, "");
  } else if (eq) return te_err(1, "option '--%s' takes no argument%s",
    te_long[k].name, "");
  if ((r = te_opt(t, te_long[k].c, v)) >= 0) return r;
}

@ Marking the measures.  A nickname marks its members; a name marks its
entry, and the part after the first point, if any, is its parameters, kept
the first time.  The nicknames and measures of trec\_eval's other input
formats are refused by name.

@<Tool functions@>=
static int te_mark(te_state *t, const char *a)
{
  const char *dot = strchr(a, '.');
  size_t n = dot ? (size_t) (dot - a) : strlen(a), k;
  static const char *const other[] = {"all_prefs", "prefs", "qrels_jg",
    "prefs_", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg", NULL};
  unsigned nick = 0;
  if (dot && dot[1] == '\0')
    return te_err(1, "improper measure '%s': nothing after the point%s", a, "");
  if (n == 8 && strncmp(a, "official", 8) == 0) nick = TE_OFF;
  else if (n == 3 && strncmp(a, "set", 3) == 0) nick = TE_SET;
  else if (n == 8 && strncmp(a, "all_trec", 8) == 0) nick = TE_ALL;
  if (nick) {
    for (k = 0; te_table[k].name; k++)
      if (te_table[k].flags & nick) t->mark[k] |= 2;
    return -1;
  }
  for (k = 0; te_table[k].name; k++)
    if (strlen(te_table[k].name) == n && strncmp(a, te_table[k].name, n) == 0) {
      t->mark[k] |= 1;
      if (dot && t->param[k] == NULL) t->param[k] = dot + 1;
      return -1;
    }
  for (k = 0; other[k]; k++)
    if (strncmp(a, other[k], strlen(other[k])) == 0)
      return te_err(1, "measure '%s' reads trec_eval's preference or multiple"
        " judgment formats (-R prefs, qrels_jg), which are not read%s", a, "");
  return te_err(1, "unknown trec_eval measure '%s'%s", a, "");
}

@ The printed names of a measure: one per cutoff, sorted increasing, or one.
trec\_eval refuses a cutoff below 1 and a repeated one (status~2); so do
we, and a cutoff that is not a number.

@<Tool functions@>=
static int te_cmp_double(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}
static int te_expand(te_state *t, const te_spec *s, const char *param)
{
  double c[256];
  int n = 0, j;
  const char *p = param ? param : s->defaults;
  if (s->kind == TE_CUTL || s->kind == TE_CUTD) {
    char buf[1024], *w, *save = NULL;
    if (strlen(p) >= sizeof buf)
      return te_err(2, "too many cutoffs for '%s'%s", s->name, "");
    strcpy(buf, p);
    for (w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
      long x;
      char *end;
      if (n == 256) return te_err(2, "too many cutoffs for '%s'%s", s->name, "");
      if (s->kind == TE_CUTL) {
        if (!te_number(w, 1, &x))
          return te_err(2, "cutoff '%s' of '%s' is not a whole number from 1", w,
            s->name);
        c[n++] = (double) x;
      } else {
        c[n] = strtod(w, &end);
        if (end == w || *end || !isfinite(c[n]))
          return te_err(2, "cutoff '%s' of '%s' is not a number", w, s->name);
        n++;
      }
    }
    if (n == 0) return te_err(2, "no cutoff for '%s'%s", s->name, "");
    qsort(c, (size_t) n, sizeof *c, te_cmp_double);
    for (j = 1; j < n; j++)
      if (c[j] == c[j - 1]) return te_err(2, "cutoff given twice for '%s'%s", s->name, "");
  } else n = 1;
  t->it = tool_alloc(t->it, (size_t) (t->ni + n) * sizeof *t->it);
  for (j = 0; j < n; j++) {
    te_item *it = &t->it[t->ni++];
    memset(it, 0, sizeof *it);
    it->s = s;
    if (s->kind == TE_CUTL) snprintf(it->name, sizeof it->name, "%s_%ld", s->name,
      (long) c[j]);
    else if (s->kind == TE_CUTD) snprintf(it->name, sizeof it->name, "%s_%3.2f",
      s->name, c[j]);
    else if (s->kind == TE_PARAM && param) snprintf(it->name, sizeof it->name,
      "%s_%s", s->name, param);
    else snprintf(it->name, sizeof it->name, "%s", s->name);
  }
  return -1;
}

@ The variant of an item: the parser's meaning of \.{trec\_eval:}{\it
name}, with the threshold of \.{-l} and the depth of \.{-M} (see
|te_truncate|).  A count's summary is the sum of its values.  Returns 1, or
0 with the reason in |msg|.

@<Tool functions@>=
static int te_truncate(rm_variant *w, unsigned long n, int *check);
static int te_variant(te_state *t, te_item *it, char *msg, size_t len)
{
  rm_variant w;
  char a[96], s[RM_NAME_MAX];
  snprintf(a, sizeof a, "trec_eval:%s", it->name);
  if (it->s->flags & TE_TEXT) {
    snprintf(msg, len, "trec_eval's %s prints text, which this command does not"
      " compute yet", it->s->name);
    return 0;
  }
  if (rm_variant_parse(a, &w, msg, len) != RM_OK) return 0;
  if (t->rel > 1) w.rel = (int) t->rel;
  if (t->maxret && !te_truncate(&w, (unsigned long) t->maxret, &it->check)) {
    snprintf(msg, len, "trec_eval's %s with -M has no rankmetrics variant yet",
      it->name);
    return 0;
  }
  if (rm_variant_name(&w, s, sizeof s) >= sizeof s) {
    snprintf(msg, len, "the variant of %s has too long a name", it->name);
    return 0;
  }
  snprintf(it->var, sizeof it->var, "%s%s",
    (it->s->flags & TE_LONG) && w.agg == RM_AGG_NONE ? "sum:" : "", s);
  return 1;
}

@ Under \.{-M}~$n$ the ranking is cut after $n$ documents.  For AP (whose
denominator is~$R$), recall, the hit ratio and RR this is the cutoff
$\min(K,n)$, and for the precision of the whole set it is
\.{precision@@}$n$\.{[denom=list]}.  A cutoff $K\le n$ of precision or of the
cumulative gains already sees only the first $n$.  R-precision, nDCG
without a cutoff and these with $K>n$ read no document beyond rank~$n$
unless it has a positive grade: |check| asks for the test of that.  Every
other metric is refused.

@<Tool functions@>=
static int te_truncate(rm_variant *w, unsigned long n, int *check)
{
  switch (w->metric) {
  case RM_AP: case RM_RECALL: case RM_HR: case RM_RR:
    if (w->k == 0 || w->k > n) w->k = n;
    return 1;
  case RM_PRECISION:
    if (w->k == 0) { w->k = n; w->denom = RM_DENOM_LIST; return 1; }
    if (w->k > n) *check = 1;
    return 1;
  case RM_NDCG: case RM_DCG: case RM_CG:
    if (w->k == 0 || w->k > n) *check = 1;
    return 1;
  case RM_RPREC:
    *check = 1;
    return 1;
  default: return 0;
  }
}

@ \.{eval} is run as a function, its standard output and standard error sent
to temporary files, with the options that make it compute what trec\_eval
computes: every judged query (\.{--judged-only empty}; without \.{-c} the
missing ones are found and refused below), a value per query (\.{-q}), the
items' variants, in \.{--trec} lines, and probes at the end.  The
precision of the whole run is undefined exactly for a query with no
document in the run, a judged query missing from it, so
\.{precision[undef=one]} and \.{precision[undef=zero]} differ exactly
there; under \.{-M}~$n$,
\.{recall[ties=id-desc]} and \.{recall@@}$n$\.{[ties=id-desc]} differ
exactly when a document of positive grade lies beyond rank~$n$.

@<Tool functions@>=
static int te_eval(te_state *t, FILE *out, FILE *err)
{
  char **av = tool_alloc(NULL, (size_t) (2 * t->ni + 16) * sizeof *av);
  char cut[40];
  int n = 0, i, o, e, rc;
  av[n++] = "--quiet"; av[n++] = "--trec"; av[n++] = "-q";
  av[n++] = "--judged-only"; av[n++] = "empty";
  if (t->exact) av[n++] = "--exact";
  if (t->judged) av[n++] = "--judged-docs-only";
  for (i = 0; i < t->ni; i++)
    if (t->it[i].var[0]) { av[n++] = "-m"; av[n++] = t->it[i].var; }
  av[n++] = "-m"; av[n++] = "precision[undef=one]";
  av[n++] = "-m"; av[n++] = "precision[undef=zero]";
  snprintf(cut, sizeof cut, "recall@@%ld[ties=id-desc]", t->maxret);
  if (t->maxret) {
    av[n++] = "-m"; av[n++] = "recall[ties=id-desc]"; av[n++] = "-m"; av[n++] = cut;
  }
  av[n++] = (char *) t->files[0]; av[n++] = (char *) t->files[1];
  fflush(stdout); fflush(stderr);
  o = dup(1); e = dup(2);
  if (o < 0 || e < 0 || dup2(fileno(out), 1) < 0 || dup2(fileno(err), 2) < 0) {
    free(av);
    return te_err(2, "cannot redirect the output of eval%s%s", "", "");
  }
  rc = cmd_eval(n, av);
  fflush(stdout); fflush(stderr);
  dup2(o, 1); dup2(e, 2); close(o); close(e);
  free(av);
  return rc;
}

@ The words of a line, split in place at white space, at most |max| of them
kept; the number of words is returned.

@<Tool functions@>=
static int te_split(char *s, char **f, int max)
{
  int n = 0;
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    if (*s == '\0') return n;
    if (n < max) f[n] = s;
    n++;
    while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n') s++;
    if (*s) *s++ = '\0';
  }
}

@ \.{eval}'s lines, \.{measure<TAB>query<TAB>value}, come query by query, the
$m$ measures of a query together and in the order given, and end with the
$m$ summaries; so line~$k$ is measure $k\bmod m$ of query $\lfloor
k/m\rfloor$, and the last $m$ lines are the summaries, whatever the queries
are called (a query may be named \.{all}).  |te_read| stores the values by
item and query, the probes apart.

@<Tool functions@>=
static int te_read(te_state *t, FILE *out)
{
  int nm = 0, i, *em, np = t->maxret ? 4 : 2;
  char *line = NULL, *f[4];
  size_t cap = 0, k = 0, nl = 0, capl = 0;
  double *v = NULL;
  char **q = NULL;
  ssize_t got;
  for (i = 0; i < t->ni; i++) nm += t->it[i].var[0] != '\0';
  em = tool_alloc(NULL, (size_t) (nm + np) * sizeof *em);
  for (i = nm = 0; i < t->ni; i++) if (t->it[i].var[0]) em[nm++] = i;
  for (i = 0; i < np; i++) em[nm++] = -1 - i;
  rewind(out);
  while ((got = getline(&line, &cap, out)) > 0) {
    if (te_split(line, f, 3) < 3) continue;
    if (nl == capl) {
      capl = 2 * capl + 256;
      v = tool_alloc(v, capl * sizeof *v); q = tool_alloc(q, capl * sizeof *q);
    }
    v[nl] = strtod(f[2], NULL);
    q[nl] = nl % (size_t) nm == 0 ? tool_strdup(f[1]) : NULL;
    nl++;
  }
  free(line);
  if (nl % (size_t) nm != 0 || nl == 0) {
    for (k = 0; k < nl; k++) free(q[k]);
    free(v); free(q); free(em);
    return 0;
  }
  t->nq = nl / (size_t) nm - 1;
  t->qid = tool_alloc(NULL, (t->nq + 1) * sizeof *t->qid);
  t->val = tool_zalloc((t->nq + 1) * (size_t) t->ni * sizeof *t->val);
  t->all = tool_zalloc((size_t) (t->ni + 1) * sizeof *t->all);
  t->empty = tool_zalloc((t->nq + 1) * sizeof *t->empty);
  t->probe = tool_zalloc(4 * (t->nq + 1) * sizeof *t->probe);
  for (k = 0; k < nl; k++) {
    size_t j = k / (size_t) nm;
    int e = em[k % (size_t) nm];
    if (k % (size_t) nm == 0) { if (j < t->nq) t->qid[j] = q[k]; else free(q[k]); }
    if (j == t->nq) { if (e >= 0) t->all[e] = v[k]; }
    else if (e >= 0) t->val[j * (size_t) t->ni + (size_t) e] = v[k];
    else t->probe[4 * j + (size_t) (-1 - e)] = v[k];
  }
  for (k = 0; k < t->nq; k++) t->empty[k] = t->probe[4 * k] != t->probe[4 * k + 1];
  free(v); free(q); free(em);
  return 1;
}

@ A judged query missing from the run stops the command without \.{-c}, as
it stops trec\_eval, but with the file and line of the query's first
judgment (found by one more reading of the judgments, on this error only)
and with what to do.  Under \.{-M} a query with a document of positive
grade beyond the depth stops it when an item needs that check.

@<Tool functions@>=
static int te_cmp_qid(const void *a, const void *b);
static char **te_sort_q;
static int te_cmp_qid(const void *a, const void *b)
{
  return strcmp(te_sort_q[*(const size_t *) a], te_sort_q[*(const size_t *) b]);
}
static int te_in_run(te_state *t, const char *qid)
{ /* under \.{-J} an empty query may be one whose documents were all unjudged */
  FILE *f = fopen(t->files[1], "r");
  char *line = NULL, *fl[1];
  size_t cap = 0;
  int found = 0;
  while (f && !found && getline(&line, &cap, f) > 0)
    found = te_split(line, fl, 1) >= 1 && strcmp(fl[0], qid) == 0;
  if (f) fclose(f);
  free(line);
  return found;
}
static int te_missing(te_state *t, const size_t *ord)
{
  size_t j;
  int i, any = 0;
  for (j = 0; j < t->nq && !t->complete; j++)
    if (t->empty[ord[j]] && !(t->judged && te_in_run(t, t->qid[ord[j]]))) {
      const char *qid = t->qid[ord[j]];
      FILE *f = fopen(t->files[0], "r");
      char *line = NULL, *fl[1];
      size_t cap = 0;
      long n = 0, at = 0;
      while (f && at == 0 && getline(&line, &cap, f) > 0) {
        n++;
        if (te_split(line, fl, 1) >= 1 && strcmp(fl[0], qid) == 0) at = n;
      }
      if (f) fclose(f);
      free(line);
      fprintf(stderr, "%s:%ld: query '%s' is judged but has no line in the run %s"
        " (trec_eval stops here too; -c counts it, with every value 0)\n",
        t->files[0], at, qid, t->files[1]);
      return 4;
    }
  for (i = 0; i < t->ni; i++) if (t->it[i].check) any = 1;
  for (j = 0; j < t->nq && any; j++)
    if (t->probe[4 * ord[j] + 2] != t->probe[4 * ord[j] + 3]) {
      for (i = 0; !t->it[i].check; i++) continue;
      fprintf(stderr, "%s: with -M %ld, query '%s' has a document of positive grade"
        " beyond rank %ld, and trec_eval's %s of the first %ld documents has no"
        " rankmetrics variant yet\n", t->files[1], t->maxret, t->qid[ord[j]],
        t->maxret, t->it[i].name, t->maxret);
      return 1;
    }
  return -1;
}

@ \.{runid} is the tag of the run's last line that is neither blank nor a
comment (a line whose first visible character is \.{\#}), as trec\_eval
keeps it; \.{eval} has read the run already, so its lines are well formed.
A run read from standard input cannot be read again, and its \.{runid}
line is left out with a warning.

@<Tool functions@>=
static void te_runid(te_state *t)
{
  FILE *f;
  char *line = NULL, *fl[6];
  size_t cap = 0;
  if (strcmp(t->files[1], "-") == 0 || (f = fopen(t->files[1], "r")) == NULL) {
    fputs("rankmetrics: trec_eval: the run was read from standard input: no runid"
      " line\n", stderr);
    return;
  }
  while (getline(&line, &cap, f) > 0) {
    int n = te_split(line, fl, 6);
    if (n >= 6 && fl[0][0] != '#') { free(t->runid); t->runid = tool_strdup(fl[5]); }
  }
  fclose(f);
  free(line);
}

@ A line of output.  Counts are whole; other values have trec\_eval's four
decimals, or 17 significant digits with \.{--full}.

@<Tool functions@>=
static void te_line(const te_state *t, const te_item *it, const char *q, double x)
{
  if (it->s->flags & TE_LONG) printf("%-22s\t%s\t%ld\n", it->name, q, (long) x);
  else if (t->full) printf("%-22s\t%s\t%.17g\n", it->name, q, x);
  else printf("%-22s\t%s\t%6.4f\n", it->name, q, x);
}

@ The command.

@<Tool functions@>=
static int cmd_trec_eval(int argc, char **argv)
{
  te_state t;
  FILE *out = NULL, *err = NULL;
  char *etext = NULL;
  size_t k, j, *ord = NULL;
  int rc, i;
  memset(&t, 0, sizeof t);
  t.summary = 1; t.rel = 1;
  t.marg = tool_alloc(NULL, (size_t) (argc + 1) * sizeof *t.marg);
  if ((rc = te_options(&t, argc, argv)) >= 0) goto done;
  rc = 0;
  if (t.help) { rc = command_usage("trec_eval", stdout); goto done; }
  if (t.version) {
    fprintf(stderr, "rankmetrics trec_eval: trec_eval 10.0's command line"
      " (rankmetrics %s)\n", RM_VERSION);
    goto done;
  }
  if (t.nf != 2) {
    rc = te_err(1, "give the judgments and the run: rankmetrics trec_eval"
      " [OPTIONS] QRELS RUN%s%s", "", "");
    goto done;
  }
  if (t.nmarg == 0) te_mark(&t, "official");
  for (i = 0; i < t.nmarg; i++) if ((rc = te_mark(&t, t.marg[i])) >= 0) goto done;
  @<Make the items of the marked measures, or |goto done|@>;
  if ((out = tmpfile()) == NULL || (err = tmpfile()) == NULL) {
    rc = te_err(2, "no temporary file: %s%s", strerror(errno), "");
    goto done;
  }
  rc = te_eval(&t, out, err);
  @<Copy \.{eval}'s standard error to ours, and keep it in |etext|@>;
  if (rc != 0) { rc = etext && strstr(etext, "twice") ? 4 : 2; goto done; }
  if (!te_read(&t, out)) { rc = te_err(2, "eval wrote no values%s%s", "", ""); goto done; }
  if (t.nq == 0) {
    rc = te_err(7, "no query has both judgments in %s and lines in %s", t.files[0],
      t.files[1]);
    goto done;
  }
  ord = tool_alloc(NULL, t.nq * sizeof *ord);
  for (k = 0; k < t.nq; k++) ord[k] = k;
  te_sort_q = t.qid;
  qsort(ord, t.nq, sizeof *ord, te_cmp_qid);
  if ((rc = te_missing(&t, ord)) >= 0) goto done;
  rc = 0;
  if (t.missing[0])
    fprintf(stderr, "rankmetrics: trec_eval: not computed yet, so left out:%s\n",
      t.missing);
  if (t.per_query)
    for (k = 0; k < t.nq; k++)
      for (i = 0; i < t.ni; i++)
        if (!(t.it[i].s->flags & TE_NOPQ))
          te_line(&t, &t.it[i], t.qid[ord[k]], t.val[ord[k] * (size_t) t.ni + (size_t) i]);
  if (t.summary) for (i = 0; i < t.ni; i++) {
    if (t.it[i].s->flags & TE_RUNID) {
      te_runid(&t);
      if (t.runid) printf("%-22s\tall\t%s\n", "runid", t.runid);
    } else te_line(&t, &t.it[i], "all", t.it[i].s->flags & TE_NUMQ
      ? (double) t.nq : t.all[i]);
  }
done:
  if (out) fclose(out);
  if (err) fclose(err);
  for (j = 0; j < t.nq; j++) free(t.qid[j]);
  free(t.qid); free(t.val); free(t.all); free(t.empty); free(t.probe);
  free(t.it); free(t.marg); free(t.runid); free(etext); free(ord);
  return rc;
}

@ @<Copy \.{eval}'s standard error to ours...@>=
{
  long n;
  fflush(err);
  if ((n = ftell(err)) > 0) {
    etext = tool_alloc(NULL, (size_t) n + 1);
    rewind(err);
    n = (long) fread(etext, 1, (size_t) n, err);
    etext[n] = '\0';
    fputs(etext, stderr);
  }
}

@ A measure marked by name whose variant is refused is an error; one marked
only by a nickname is left out and named in the warning.

@<Make the items of the marked measures...@>=
for (k = 0; te_table[k].name; k++) if (t.mark[k]) {
  int first = t.ni, left = 0;
  if ((rc = te_expand(&t, &te_table[k], t.param[k])) >= 0) goto done;
  for (i = first; i < t.ni; i++) {
    char msg[300];
    if (te_table[k].flags & (TE_RUNID | TE_NUMQ)) continue;
    if (te_variant(&t, &t.it[i], msg, sizeof msg)) continue;
    if (t.mark[k] & 1) { rc = te_err(1, "%s%s", msg, ""); goto done; }
    if (!left && strlen(t.missing) + strlen(t.it[i].s->name) + 2 < sizeof t.missing) {
      strcat(t.missing, " "); strcat(t.missing, t.it[i].s->name);
    }
    left = 1;
    memmove(&t.it[i], &t.it[i + 1], (size_t) (t.ni - i - 1) * sizeof *t.it);
    t.ni--; i--;
  }
}
rc = 0;

@* What trec\_eval computes.\here{q:tewhat}
trec\_eval~10.0 prints, for \.{-m all\_trec}, the measures of the table
below (and \.{dcg}, \.{ideal\_dcg} and \.{yaap} when named); each line
gives the measure as trec\_eval prints it ($K$ a cutoff, $x$ a parameter),
ir\_measures' name for it where ir\_measures has one, and the variant of
this book that \.{rankmetrics trec\_eval} computes for it, or ``not yet''
where this version has none; \.{runid} and \.{num\_q} are written by the
command itself.  Every variant breaks ties by document name, descending,
and reads the relevance level of \.{-l} as its \.{rel=} (\secref{q:alias},
notes a and b); the notes of that section say how each was read from
trec\_eval's source and checked.  \.{tests/trec\_eval\_test.sh} reads the
rows: a variant must be what the parser makes of \.{trec\_eval:}{\it
name}, and a ``not yet'' must be refused, so a measure that gains a variant
must gain it here too.
@^trec\_eval@>

\def\tw#1#2#3{\altt#1&\altt#2&\altt#3\cr}
$$\vbox{\eightrm\baselineskip9.5pt\halign{#\hfil\quad&#\hfil\quad&#\hfil\cr
\eightrm trec\_eval 10.0&\eightrm ir\_measures&\eightrm variant\cr
\noalign{\smallskip\hrule\smallskip}
\tw{runid}{\none}{(the run's tag)}
\tw{num\_q}{NumQ}{(the number of queries)}
\tw{num\_ret}{NumRet}{sum:nret}
\tw{num\_rel}{NumRel}{sum:nrel}
\tw{num\_rel\_ret}{NumRelRet}{sum:nrelret}
\tw{map}{AP}{ap[ties=id-desc]}
\tw{gm\_map}{\none}{gm:ap[ties=id-desc]}
\tw{Rprec}{Rprec}{rprec[ties=id-desc]}
\tw{bpref}{Bpref}{bpref[ties=id-desc]}
\tw{recip\_rank}{RR}{rr[ties=id-desc]}
\tw{iprec\_at\_recall\_0.10}{IPrec@@0.1}{iprec[at=0.1,level=round,ties=id-desc]}
\tw{P\_10}{P@@10}{precision@@10[ties=id-desc]}
\tw{relstring}{\none}{not yet}
\tw{recall\_10}{R@@10}{recall@@10[ties=id-desc]}
\tw{infAP}{infAP}{infap[ties=id-desc]}
\tw{gm\_bpref}{\none}{gm:bpref[ties=id-desc]}
\tw{Rprec\_mult\_0.20}{\none}{rprecm[mult=0.2,ties=id-desc]}
\tw{utility}{\none}{utility}
\tw{11pt\_avg}{\none}{ap11[level=round,ties=id-desc]}
\tw{binG}{\none}{bing[ties=id-desc]}
\tw{G}{\none}{ngain[ties=id-desc]}
\tw{dcg}{\none}{dcg[ties=id-desc]}
\tw{ideal\_dcg}{\none}{idcg}
\tw{ndcg}{nDCG}{ndcg[ties=id-desc]}
\tw{ndcg\_rel}{\none}{ndcg-rel[ties=id-desc]}
\tw{Rndcg}{\none}{rndcg[ties=id-desc]}
\tw{ndcg\_cut\_10}{nDCG@@10}{ndcg@@10[ties=id-desc]}
\tw{map\_cut\_10}{AP@@10}{ap@@10[ties=id-desc]}
\tw{relative\_P\_10}{\none}{recall@@10[norm=min,ties=id-desc]}
\tw{success\_10}{Success@@10}{hr@@10[ties=id-desc]}
\tw{set\_P}{SetP}{precision[ties=id-desc]}
\tw{set\_relative\_P}{SetRelP}{recall[norm=min,ties=id-desc]}
\tw{set\_recall}{SetR}{recall[ties=id-desc]}
\tw{set\_map}{SetAP}{setap[ties=id-desc]}
\tw{set\_F}{SetF}{f[beta2=1,ties=id-desc]}
\tw{set\_F\_0.5}{SetF(beta=0.5)}{f[beta2=0.5,ties=id-desc]}
\tw{num\_nonrel\_judged\_ret}{\none}{nonrel-judged[ties=id-desc]}
\tw{yaap}{\none}{not yet}
\tw{rbp}{RBP}{rbp[gain=linear,ties=id-desc]}
\tw{rbp\_resid}{\none}{rbp-resid[ties=id-desc]}
\tw{unj\_10}{\none}{unj@@10[ties=id-desc]}
}}$$

@ {\it What the comparison found.}  On 300 small random pairs of
judgments and runs (one to six queries, up to 25 documents) and 100 larger
ones (up to 20 queries, up to 300 documents), with scores with many ties,
grades $-1$ to~3, judged queries missing from the run, queries of the run
without judgments and some runs not grouped by query, under no option,
\.{-c}, \.{-l 2}, \.{-c -l 3}, \.{-M 3}, \.{-M 5}, \.{-c -M 8} and \.{-c -M
1000}, \.{rankmetrics trec\_eval -q} and trec\_eval~10.0 were run 5\,000
times with \.{-m all\_trec} and extra cutoffs (a smaller list under
\.{-M}).  Of the 410\,356 lines of the measures we compute, all equal
trec\_eval's but 30, and each of the 30 is a value whose exact value ends
in a 5 at the fifth decimal, such as 0.21875 (\.{map}, a mean), 0.46875
(\.{set\_F\_0.5} of one query), 0.05625 and 0.20625 (\.{P\_10}, means) or
0.44375 (\.{map} of one query): the ties of \secref{q:tecmd}.  The exit
statuses agreed everywhere but in one case, met 92 times: a query whose
judgments are all negative stops trec\_eval (``Can't calculate measure'',
status~4), because \.{form\_res\_rels.c} asks for an array of
$\max(\hbox{grade})+1=0$ elements and takes the null answer for a failure;
we evaluate it as a query without relevant documents.  With \.{-M}, 543 of
the comparisons were refused by the check of \secref{q:tecmd} (a document
of positive grade beyond the depth, for \.{Rprec}, \.{ndcg}, \.{P\_10} or
\.{ndcg\_cut\_10}).  The script that ran trec\_eval is not part of the
project; \.{tests/trec\_eval\_test.sh} keeps trec\_eval's output for a few
files.

@* Verifying an implementation.
The golden vectors are meant for testing other programs, and one command of
the tool, \.{verify}, does the comparison for them: a program under test, the {\it candidate},
writes its results into a plain file, and the command reads them against
the vectors, reports every result that is not exact, sums up per variant,
and, where the results are wrong, looks for the variant that the candidate
computes instead.  The command line is
$$\vbox{\halign{\tt#\hfil\cr
rankmetrics verify [--vectors {\it DIR}] [--ulps {\it N} $\vert$ --rel {\it X}]\cr
\qquad[--quiet] {\it CANDIDATE}\dots\cr}}$$
where {\it DIR\/} holds the text twins of the vectors (by default the
directory that |vectors_dir| below finds),
\.{--ulps} sets the tolerance in units in the last place (default~0: only the
correctly rounded double is right), \.{--rel} sets it instead as a relative
error, and \.{--quiet} leaves out the results that are within the tolerance
but not exact.  A candidate file named \.{-} is standard input.
@^verify, the command@>@^candidate results@>

A candidate file has one result a line:
$$\vbox{\halign{\tt#\hfil\cr
\# results of my nDCG\cr
rr:12 0.5\cr
cg\_dcg\_ndcg:7 0x1.b71cb31d4e330p+2\cr
cg\_dcg\_ndcg:725 invalid\cr}}$$
that is, the vector's name {\it FAMILY\/}\.{:}{\it TCID}, where {\it
FAMILY\/} is the stem of the file \.{{\it FAMILY}\_test.txt} and {\it TCID\/}
the |tcId| of the test in it, then blanks, then the value: a decimal or a C99
hexadecimal double as |strtod| reads it, or the word \.{invalid} (the
candidate rejected the input) or \.{error} (it failed otherwise).  A \.{\#}
starts a comment that runs to the end of the line, and blank lines are
ignored.  A line that does not have this form, names an unknown family or a
test that the family does not have, or names a vector a second time, is
reported as {\it FILE\/}\.{:}{\it LINE\/}\.{: }{\it what was wrong}; every
such line is reported, and then the command exits with status~2 and no
verdict.  A vector that no line names is not checked; the summary says how
many were not given.

@ The verdict on one vector is one of three.  For a valid test the
candidate's number is {\it exact\/} when it is the expected double, bit for
bit (the two zeros count as equal), {\it within\/} the tolerance when its
distance in ulps (|rm_ulps_between|) is at most~$N$, or with \.{--rel}~$X$
when $\vert g-e\vert\le X\vert e\vert$ for the given $g$ and expected~$e$,
and {\it wrong\/} otherwise; \.{invalid} or \.{error} for a valid test is
wrong.  For an invalid test (a grade out of range, say) \.{invalid} and
\.{error} are right, and any number is wrong.  The exit status is 0 when
every vector given is exact or within the tolerance, 1 when one is wrong,
and 2 for a usage error or a malformed candidate line.

Every result that is not exact is printed with the test's name, its variant,
its input (long lists shortened), the expected double in hexadecimal and
with 17 significant digits, the given one, and their distance in ulps.  Then
a table gives, per variant, the counts of exact, within and wrong results,
and the totals close the report.

@ The command keeps the vectors of every family that a candidate names,
and for each the candidate's result.  Tests with one variant name form one
group, although the file writes a worked example's group apart from the
random ones of the same variant: the summary is per variant.

@<Tool functions@>=
enum {@+ GIVEN_NONE, GIVEN_NUMBER, GIVEN_INVALID, GIVEN_ERROR @+};
enum {@+ V_EXACT, V_WITHIN, V_WRONG @+};
#define MAX_FAMILIES 64
typedef struct {
  int fam, group; /* family (index in |vector_families|) and group */
  long tcid;
  int invalid, undefined; /* the input must be rejected; status undefined */
  double expect; /* the correctly rounded value of a valid test */
  char *err_name; /* the status that rejects an invalid test */
  char *shown[4]; /* grades, scores, ids, judged as the file writes them */
  char *unj_shown; /* the markers of the family \.{judged}, or |NULL| */
  long nq; /* queries of a set (the line \.{queries = N}); 0 for one list */
  rm_list l, *ls; /* the list; the lists of a set (|NULL| for one list) */
  char *own[4]; /* copies of the fields that the lists point into */
  int given; /* how the candidate gave it: |GIVEN_NONE| if it did not */
  double value; /* the candidate's number */
  const char *file; /* where the candidate gave it */
  long lineno;
} vvec;
typedef struct {
  int fam;
  char *name; /* the canonical variant name, as the file writes it */
  rm_variant v;
  int parsed; /* |v| holds the parsed name */
  int count[3], given; /* results by verdict, and results given */
} vgroup;
typedef struct {
  const char *dir; /* where the text twins are */
  int use_rel, quiet;
  double ulps, rel; /* the tolerance */
  vvec *vec;
  size_t nvec, capvec;
  vgroup *grp;
  size_t ngrp, capgrp;
  int loaded[MAX_FAMILIES]; /* 0 not yet read, 1 read */
  long *by_id[MAX_FAMILIES], n_id[MAX_FAMILIES]; /* |tcId| to index plus one */
} verify_state;

@ A group is found by family and name, or made.  The lists of groups are
short (a few hundred), so a linear search does.  The arrays grow by
|tool_alloc|.

@<Tool functions@>=
static int find_group(verify_state *st, int fam, const char *name)
{
  size_t g;
  vgroup *p;
  for (g = 0; g < st->ngrp; g++)
    if (st->grp[g].fam == fam && strcmp(st->grp[g].name, name) == 0) return (int) g;
  if (st->ngrp == st->capgrp) {
    st->capgrp = st->capgrp ? 2 * st->capgrp : 64;
    st->grp = tool_alloc(st->grp, st->capgrp * sizeof *st->grp);
  }
  p = &st->grp[st->ngrp];
  memset(p, 0, sizeof *p);
  p->fam = fam;
  p->name = tool_strdup(name);
  p->parsed = rm_variant_parse(name, &p->v, NULL, 0) == RM_OK;
  return (int) st->ngrp++;
}

@ The lists of a test are read without the checks of the command line's
readers, since an invalid test holds grades out of range (and scores that
are not finite) on purpose; but every item must be a number that reads
whole, and a grade must fit an |int|, or the line is refused.  The text twin writes an empty list as nothing after the
\.{=} and an absent one as \.{none}.

@<Tool functions@>=
static long vec_ints(const char *s, int **out)
{
  long n = count_items(s), i;
  int *a = tool_alloc(NULL, (size_t) (n ? n : 1) * sizeof *a);
  *out = a;
  for (i = 0; i < n; i++) {
    char *end;
    long x;
    errno = 0;
    x = strtol(s, &end, 10);
    if (end == s || (*end != ',' && *end != '\0') || errno || x < INT_MIN
        || x > INT_MAX) return -1;
    a[i] = (int) x;
    s = *end ? end + 1 : end;
  }
  return n;
}
static long vec_scores(const char *s, double **out)
{
  long n = count_items(s), i;
  double *a = tool_alloc(NULL, (size_t) (n ? n : 1) * sizeof *a);
  *out = a;
  for (i = 0; i < n; i++) {
    char *end;
    a[i] = strtod(s, &end);
    if (end == s || (*end != ',' && *end != '\0')) return -1;
    s = *end ? end + 1 : end;
  }
  return n;
}

@ One line of a test sets one field; lines the command does not need
(\.{comment}, \.{flags}, \.{decimal}, \.{rational}) are skipped.  The
function returns a message for a line it cannot read, or |NULL|.

@<Tool functions@>=
static const char *set_field(vvec *x, const char *key, const char *val)
{
  int k;
  static const char *const list_keys[4] = {"grades", "scores", "ids", "judged"};
  for (k = 0; k < 4; k++) if (strcmp(key, list_keys[k]) == 0) break;
  if (k < 4) {
    if (x->shown[k]) return "a list is given twice";
    x->shown[k] = tool_strdup(val);
  } else if (strcmp(key, "unjudged") == 0) {
    if (x->unj_shown) return "a list is given twice";
    x->unj_shown = tool_strdup(val);
  } else if (strcmp(key, "queries") == 0) {
    char *end;
    long n = strtol(val, &end, 10);
    if (x->nq) return "the number of queries is given twice";
    if (end == val || *end != '\0' || n < 1 || n > 1000000L)
      return "the number of queries is not 1..1000000";
    x->nq = n;
  } else if (strcmp(key, "result") == 0) {
    if (strcmp(val, "invalid") == 0) x->invalid = 1;
    else if (strcmp(val, "valid") != 0) return "the result is neither valid nor invalid";
  } else if (strcmp(key, "status") == 0) x->undefined = strcmp(val, "undefined") == 0;
  else if (strcmp(key, "value") == 0) {
    char *end;
    x->expect = strtod(val, &end);
    if (end == val || *end != '\0') return "the value is not a number";
    if (!isfinite(x->expect)) return "the value is not a finite number";
  } else if (strcmp(key, "error") == 0) x->err_name = tool_strdup(val);
  return NULL;
}

@ When a family's file is read, each test's lists are converted and its
lists for the library are set up, so that the search for the candidate's
variant can run the library on them.  The lists of a set are cut at the
semicolons first; each field must have as many parts as the set has
queries.

A test never points into itself or into the array of tests: that array
moves whenever |realloc| grows it, which happens as each new family is read,
so a pointer kept from one family to the next would dangle.  The one list of
a single-list test is therefore always reached as |x->l|, and |x->ls| is
set only for a set, whose lists live in a block of their own.  (Version
0.1.0 kept |x->ls=&x->l| and crashed when a candidate named two families.)
@^realloc, pointers into arrays moved by@>

Grades that are not whole are ratings (see \secref{q:ratings}), kept as
strings so that the library reads them exactly; a valid test of a variant
other than MAE, MSE, RMSE and the correlations may not have them, since no such test is
valid, while an invalid test may, to be refused.

@<Tool functions@>=
static const char *vec_list(const char *gs, const char *ss, char *is,
  const char *js, rm_list *l)
{
  int *grade, *judged;
  double *score;
  const char **id;
  long n, m;
  memset(l, 0, sizeof *l);
  n = vec_ints(gs, &grade);
  l->grade = grade;
  if (n < 0) { /* ratings (see \secref{q:labels}) */
    char *c = tool_strdup(gs);
    const char **lab;
    long first;
    free(grade); l->grade = NULL;
    if (c == NULL) return "out of memory";
    if ((n = read_ratings(c, &grade, &lab, &first, 1)) < 0) { free(c); return "a grade"
      " is not a whole number, nor a rating"; }
    l->grade = grade; l->label = lab;
    if (n == 0) free(c);
  }
  l->n = (size_t) n;
  m = vec_ints(js, &judged);
  l->unretrieved_grade = judged;
  if (m < 0) return "a judged grade is not a whole number";
  l->n_unretrieved = (size_t) m;
  if (strcmp(ss, "none") != 0) {
    m = vec_scores(ss, &score);
    l->score = score;
    if (m < 0) return "a score is not a number";
    if (m != n) return "scores and grades differ in number";
  }
  if (strcmp(is, "none") != 0) {
    if (count_items(is) != n) return "ids and grades differ in number";
    if (n == 0) id = tool_zalloc(sizeof *id);
    else if (read_ids(is, &id) != n) return "an identifier is empty";
    l->id = id;
  }
  return NULL;
}
static int vec_ratings_fit(const verify_state *st, const vvec *x)
{
  const char *nm = st->grp[x->group].name;
  long q;
  if (x->invalid) return 1; /* a rating where a grade is needed is such a test */
  for (q = 0; q < (x->nq ? x->nq : 1); q++) {
    const rm_list *l = x->nq ? &x->ls[q] : &x->l;
    if (l->label && l->grade == NULL && strstr(nm, "mae[") != nm
        && strstr(nm, "mse[") != nm && strstr(nm, "rmse[") != nm
        && strstr(nm, ":rmse[") == NULL && strstr(nm, ":mae[") == NULL
        && strstr(nm, ":mse[") == NULL && strstr(nm, "spearman[") != nm
        && strstr(nm, "kendall[") != nm && strstr(nm, ":kendall[") == NULL) return 0;
  }
  return 1;
}
static const char *finish_vector(vvec *x)
{
  char *part[4];
  long q, k;
  const char *msg = NULL;
  if (!x->shown[0] || !x->shown[1] || !x->shown[2] || !x->shown[3])
    return "a test lacks one of grades, scores, ids, judged";
  if (x->nq == 0) {
    x->own[2] = tool_strdup(x->shown[2]);
    msg = vec_list(x->shown[0], x->shown[1], x->own[2], x->shown[3], &x->l);
    if (msg == NULL && x->unj_shown) @<Read the markers of |x|@>;
    return msg;
  }
  if (x->unj_shown) return "a set of queries with markers of unjudged items";
  for (k = 0; k < 4; k++) {
    long semis = 0;
    const char *c;
    for (c = x->shown[k]; *c; c++) semis += *c == ';';
    if (semis != x->nq - 1) return "a list does not hold as many queries as the test";
  }
  for (k = 0; k < 4; k++) part[k] = x->own[k] = tool_strdup(x->shown[k]);
  x->ls = tool_zalloc((size_t) x->nq * sizeof *x->ls);
  for (q = 0; q < x->nq && msg == NULL; q++) {
    char *cut[4];
    for (k = 0; k < 4; k++) {
      cut[k] = part[k];
      part[k] += strcspn(part[k], ";");
      if (*part[k]) *part[k]++ = '\0';
    }
    msg = vec_list(cut[0], cut[1], cut[2], cut[3], &x->ls[q]);
  }
  return msg;
}
static void vvec_free(vvec *x) /* what reading the test allocated */
{
  long q, k;
  for (q = 0; q < (x->nq ? x->nq : 1); q++) {
    rm_list *l = x->nq ? (x->ls ? &x->ls[q] : NULL) : &x->l;
    if (l == NULL) break;
    free((void *) l->grade); free((void *) l->unretrieved_grade);
    free((void *) l->score); free((void *) l->id); free((void *) l->unjudged);
    if (l->label) { if (l->n) free((void *) l->label[0]); free((void *) l->label); }
  }
  if (x->nq) free(x->ls);
  free(x->unj_shown);
  for (k = 0; k < 4; k++) { free(x->shown[k]); free(x->own[k]); }
  free(x->err_name);
}

@ The markers of a list of the family \.{judged} (\secref{q:judged}): one
per item, each 0, 1 or~2 in a valid test; an invalid test may hold another
small number, which the library refuses.

@<Read the markers of |x|@>=
{
  int *u;
  long m = vec_ints(x->unj_shown, &u), i;
  unsigned char *c;
  if (m < 0 || m != (long) x->l.n) { free(u); return "unjudged and grades differ in number"; }
  c = tool_alloc(NULL, (size_t) (m ? m : 1));
  for (i = 0; i < m; i++) {
    if (u[i] < 0 || u[i] > 255) { free(u); free(c); return "a marker is not 0..255"; }
    c[i] = (unsigned char) u[i];
  }
  free(u);
  x->l.unjudged = c;
}

@ A family's text twin is read line by line with |getline|, since a long
list makes a line of many kilobytes.  A line \.{[variant = NAME]} opens a
group, a line \.{tcId = N} a test, and the other \.{key = value} lines fill
the test.  A file that does not read so is reported at its line.

@s ssize_t int
@<Tool functions@>=
static int load_family(verify_state *st, int f)
{
  char path[4200], *buf = NULL;
  const char *msg = NULL;
  size_t cap = 0, first = st->nvec, i;
  ssize_t len;
  long lineno = 0;
  int group = -1, cur = -1;
  FILE *in;
  snprintf(path, sizeof path, "%s/%s_test.txt", st->dir, vector_families[f].stem);
  if ((in = tool_open_in("verify", path)) == NULL) return 0;
  while (msg == NULL && (len = tool_getline(&buf, &cap, in, path, lineno + 1)) >= 0) {
    char *eq, *val;
    size_t ulen = (size_t) len;
    lineno++;
    if ((msg = line_check(buf, &ulen, lineno)) != NULL) break;
    len = (ssize_t) ulen;
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r')) buf[--len] = '\0';
    if (len == 0 || buf[0] == '#') continue;
    if (strncmp(buf, "[variant = ", 11) == 0 && buf[len - 1] == ']') {
      buf[len - 1] = '\0';
      group = find_group(st, f, buf + 11);
      cur = -1;
      continue;
    }
    if ((eq = strstr(buf, " =")) == NULL) { msg = "expected 'key = value'"; break; }
    *eq = '\0';
    val = eq + 2;
    if (*val == ' ') val++;
    if (!utf8_ok(buf) || !utf8_ok(val)) msg = "invalid UTF-8";
    else if (strcmp(buf, "tcId") == 0) @<Start a test of family |f|@>@;
    else if (cur < 0) msg = "a key outside a test";
    else msg = set_field(&st->vec[cur], buf, val);
  }
  if (len == -2) { free(buf); fclose(in); return 0; } /* reported */
  if (msg == NULL && st->nvec == first) msg = "no tests (empty file)";
  for (i = first; msg == NULL && i < st->nvec; i++) {
    msg = finish_vector(&st->vec[i]);
    if (msg == NULL && !vec_ratings_fit(st, &st->vec[i]))
      msg = "a grade is not a whole number (only mae, mse, rmse, spearman and"
        " kendall take ratings)";
  }
  if (msg) fprintf(stderr, "%s:%ld: %s\n", path, lineno, msg);
  free(buf);
  fclose(in);
  st->loaded[f] = 1;
  return msg == NULL;
}

@ A line \.{tcId = N} of a vectors file starts a test.  The number must be
a whole number from 1 to ten million, not given before in the family, and
the test must come after a \.{[variant = ...]} line, whose group it joins.
The test is appended to the array of all tests, and the family's index
|by_id| (grown on demand, zero for a number not used) maps the number to
its place plus one, so that a candidate's result can find its test in
constant time.

@<Start a test of family |f|@>=
{
  char *end;
  long id = strtol(val, &end, 10);
  vvec *x;
  if (group < 0) msg = "a test before the first [variant = ...] line";
  else if (end == val || *end != '\0' || id < 1 || id > 10000000L) msg = "a bad tcId";
  else {
    if (id >= st->n_id[f]) {
      long n = st->n_id[f], m = 2 * id + 16;
      st->by_id[f] = tool_alloc(st->by_id[f], (size_t) m * sizeof(long));
      while (n < m) st->by_id[f][n++] = 0;
      st->n_id[f] = m;
    }
    if (st->by_id[f][id]) msg = "the tcId is given twice";
    else {
      if (st->nvec == st->capvec) {
        st->capvec = st->capvec ? 2 * st->capvec : 1024;
        st->vec = tool_alloc(st->vec, st->capvec * sizeof *st->vec);
      }
      x = &st->vec[st->nvec];
      memset(x, 0, sizeof *x);
      x->fam = f; x->group = group; x->tcid = id;
      cur = (int) st->nvec++;
      st->by_id[f][id] = cur + 1;
    }
  }
}

@ A candidate's line is split at blanks into exactly two fields.  A family is
read the first time one of its vectors is named.  The function returns the
number of malformed lines, or $-1$ when a file cannot be read at all.

@<Tool functions@>=
static int read_candidate(verify_state *st, const char *file)
{
  FILE *in = strcmp(file, "-") == 0 ? stdin : tool_open_in("verify", file);
  const char *shown = in == stdin ? "(standard input)" : file;
  char *buf = NULL;
  size_t cap = 0;
  long lineno = 0;
  int nbad = 0, fatal = 0;
  if (in == NULL) return -1;
  ssize_t got;
  int nres = 0;
  while (!fatal && (got = tool_getline(&buf, &cap, in, shown, lineno + 1)) >= 0) {
    char *field[3] = {NULL, NULL, NULL}, *p = buf, *colon, *end, what[200] = "";
    int nf = 0, f = -1, given = GIVEN_NUMBER;
    long id = 0;
    double value = 0;
    size_t len = (size_t) got;
    const char *bad;
    lineno++;
    if ((bad = line_check(buf, &len, lineno)) != NULL) {
      fprintf(stderr, "%s:%ld: %s\n", shown, lineno, bad);
      nbad++;
      continue;
    }
    if ((p = strchr(buf, '#')) != NULL) *p = '\0';
    if (!utf8_ok(buf)) {
      fprintf(stderr, "%s:%ld: invalid UTF-8\n", shown, lineno);
      nbad++;
      continue;
    }
    for (p = strtok(buf, " \t\r\n"); p && nf < 3; p = strtok(NULL, " \t\r\n"))
      field[nf++] = p;
    if (nf == 0) continue;
    nres++;
    @<Check the two fields of the line, or set |what|@>;
    if (what[0]) {
      fprintf(stderr, "%s:%ld: %s\n", shown, lineno, what);
      nbad++;
    }
  }
  if (got == -2) fatal = 1; /* reported */
  if (!fatal && nres == 0 && nbad == 0) {
    fprintf(stderr, "%s:%ld: no results (empty file)\n", shown, lineno ? lineno : 1);
    nbad++;
  }
  free(buf);
  if (in != stdin) fclose(in);
  return fatal ? -1 : nbad;
}

@ A result line is \.{FAMILY:TCID VALUE}: the family must be one the tool
knows, the test number a whole number, and the value a finite number or
one of the words \.{invalid} (the candidate rejected the input) and
\.{error} (it failed otherwise).  Any other line sets |what|
to the reason, which the caller prints with the file and line number; a
line that is well formed is recorded.

@<Check the two fields of the line, or set |what|@>=
if (nf != 2 || (colon = strchr(field[0], ':')) == NULL)
  snprintf(what, sizeof what, "expected 'FAMILY:TCID VALUE'");
else {
  *colon = '\0';
  for (f = 0; vector_families[f].stem; f++)
    if (strcmp(field[0], vector_families[f].stem) == 0) break;
  errno = 0;
  id = strtol(colon + 1, &end, 10);
  if (vector_families[f].stem == NULL)
    snprintf(what, sizeof what, "unknown family '%.60s'", field[0]);
  else if (colon[1] < '0' || colon[1] > '9' || *end != '\0' || errno || id < 1)
    snprintf(what, sizeof what, "the test id '%.40s' is not a whole number", colon + 1);
  else if (strcmp(field[1], "invalid") == 0) given = GIVEN_INVALID;
  else if (strcmp(field[1], "error") == 0) given = GIVEN_ERROR;
  else {
    value = strtod(field[1], &end);
    if (end == field[1] || *end != '\0')
      snprintf(what, sizeof what, "'%.60s' is not a number, 'invalid' or 'error'",
        field[1]);
    else if (!isfinite(value))
      snprintf(what, sizeof what, "'%.60s' is not a finite number", field[1]);
    else if (value == 0 && tool_nonzero_digits(field[1]))
      snprintf(what, sizeof what, "'%.60s' is not zero, but too small for a double",
        field[1]);
  }
  if (what[0] == '\0') @<Record the candidate's result for test |id| of |f|@>@;
}

@ Recording a result: the family's vectors are read the first time one of
its tests is named (so a candidate that implements only nDCG never pays
for reading the others); a test number the family does not have, or a
test given twice, is reported with where it was first given.

@<Record the candidate's result for test |id| of |f|@>=
{
  vvec *x;
  if (!st->loaded[f] && !load_family(st, f)) fatal = 1;
  else if (id >= st->n_id[f] || st->by_id[f][id] == 0)
    snprintf(what, sizeof what, "there is no test %s:%ld in %.60s/%s_test.txt",
      field[0], id, st->dir, field[0]);
  else if ((x = &st->vec[st->by_id[f][id] - 1])->given != GIVEN_NONE)
    snprintf(what, sizeof what, "%s:%ld is given twice (first at %.60s:%ld)",
      field[0], id, x->file, x->lineno);
  else {
    x->given = given; x->value = value;
    x->file = shown; x->lineno = lineno;
  }
}

@ The verdict on a number $g$ against the expected double $e$, and on a
test as a whole.  The second also serves the search for the candidate's
variant below, with the value of an alternative variant as $e$.

@<Tool functions@>=
static int number_verdict(const verify_state *st, double g, double e)
{
  if (memcmp(&g, &e, sizeof g) == 0 || (g == 0 && e == 0)) return V_EXACT;
  if (st->use_rel ? fabs(g - e) <= st->rel * fabs(e) : rm_ulps_between(g, e) <= st->ulps)
    return V_WITHIN;
  return V_WRONG;
}
static int test_verdict(const verify_state *st, const vvec *x)
{
  if (x->invalid) return x->given == GIVEN_NUMBER ? V_WRONG : V_EXACT;
  if (x->given != GIVEN_NUMBER) return V_WRONG;
  return number_verdict(st, x->value, x->expect);
}

@ A list is shown whole when it is short, else its first items and its
length.

@<Tool functions@>=
static const char *ulps_text(double d) /* \.{1 ulp}, \.{3 ulps}; one call a statement */
{
  static char t[64];
  snprintf(t, sizeof t, "%.0f ulp%s", d, d == 1 ? "" : "s");
  return t;
}
static void show_list(const char *label, const char *s)
{
  if (*s == '\0') printf("%s -", label);
  else if (strlen(s) <= 48) printf("%s %s", label, s);
  else {
    int cut = 40;
    while (cut > 0 && s[cut] != ',') cut--;
    printf("%s %.*s,... (%ld items)", label, cut, s, count_items(s));
  }
}
static void show_result(const char *label, int given, double x, const char *why)
{
  printf("    %-9s", label);
  if (given == GIVEN_INVALID) puts("invalid");
  else if (given == GIVEN_ERROR) puts("error");
  else if (why) printf("invalid input (%s)\n", why);
  else printf("%a = %.17g\n", x, x);
}
static void report_test(const verify_state *st, const vvec *x, int verdict)
{
  static const char *const word[3] = {"exact", "within", "WRONG"};
  const vgroup *g = &st->grp[x->group];
  printf("%-6s %s:%ld  %s  (%s:%ld)\n", word[verdict], vector_families[x->fam].stem,
    x->tcid, g->name, x->file, x->lineno);
  fputs("    input    ", stdout);
  show_list("grades", x->shown[0]); show_list("; scores", x->shown[1]);
  show_list("; ids", x->shown[2]); show_list("; judged", x->shown[3]);
  putchar('\n');
  if (x->invalid) show_result("expected", GIVEN_NUMBER, 0, x->err_name ? x->err_name : "?");
  else show_result("expected", GIVEN_NUMBER, x->expect, NULL);
  if (x->undefined) puts("              (undefined: the value is set by the undef convention)");
  show_result("given", x->given, x->value, NULL);
  if (!x->invalid && x->given == GIVEN_NUMBER)
    printf("    distance %s\n", ulps_text(rm_ulps_between(x->value, x->expect)));
}

@ {\it Which variant does the candidate compute?}  The verdict above is
strict, and it should be: a value one ulp away from the correctly rounded
one is not that value.  Diagnosis is another question, and it needs another
measure.  A wrong result is most often a right result of another variant
(the candidate uses $2^g-1$ for the gain, or the other tie rule, or divides
AP by the hits), computed with the rounding noise of an ordinary program:
a candidate that sums its terms naively is a few ulps away from the
correctly rounded value of the variant it implements, on most lists, and
an exact comparison would then find that no variant agrees with it at all.
So for every variant with a wrong result, the command tries the variant's
{\it alternatives\/} and ranks them by how close they come to the
candidate's numbers.
@^diagnosis of a candidate@>

The distance of a result to an alternative is the distance in ulps
(|rm_ulps_between|) between the candidate's number and the alternative's
correctly rounded value; it is 0 when both reject the input, and infinite
when only one does.  An alternative {\it explains\/} a result when the
distance is at most |DIAG_ULPS|${}=1024$ ulps (a relative difference near
$2^{-43}$), or within the verdict's own tolerance when that is larger:
far above the noise of a sum of thousands of terms, far below the
difference between two definitions on the short lists of the vectors.
Alternatives are ranked by the number of results they explain (more first),
then by the largest distance among those (smaller first), then by the sum of
those distances, then by the number of keys they change (fewer first).  Two
alternatives that tie on the first three are equally good explanations:
the vectors cannot tell them apart, and the report lists them together
rather than pick one.  The group's own variant is measured the same way, so
that a candidate whose values are all within a few ulps of the expected
ones is told that its error is rounding, not a definition.

@ {\it The alternatives.}  They are the variants that differ from the
group's in the values of the metric's keys, both kinds:
\smallskip
\item{$\bullet$} the keys whose values are words (\.{gain}, \.{ideal},
\.{ties}, \.{norm}, \.{undef}, \dots): every combination of words when
there are at most |MAX_WORD_COMBOS| of them, which holds for every metric
of this version (\.{ndcg}, with the most keys, has $3\cdot2\cdot4\cdot7\cdot3
=504$ at a cutoff), and otherwise those that change one or two keys;
\item{$\bullet$} the keys whose values are numbers, one at a time: the
variant's neighbours in them (see ``The neighbours of a variant'': the
cutoff $K\pm1$, none, and the other cutoffs of the family; a whole number
$\pm1$; a fraction $p/q$ changed to $(p\pm1)/q$, $2p/q$ or $p/2q$), and for a
whole number also the common values 2, 3, 4, 5 and~10 where allowed
(\.{rel}, \.{gmax}, \.{base}, \.{items}); each such change is combined
with every combination of words, and counts as one change more;
\item{$\bullet$} for a set's variant, such as
\.{mean[skip=none,weight=uniform]:ap[...]}, the words of the aggregator's
keys (\.{skip}, \.{weight}), the inner metric's keys as above with the
aggregator kept, and the other aggregators with their defaults
(\.{micro:} for \.{mean:}, the split between macro and micro averages
that so often explains a different MAP).
\smallskip
\noindent The command learns the keys, their words and their ranges from
the library's own tables (|rm_metric_keys|, |rm_aggregator_keys|,
|rm_key_words|, |rm_key_range|), so it knows no key that the parser does
not.  A combination that the parser refuses (\.{ideal=topk} with
\.{ties=average}, say) is skipped, and each alternative is tried once,
under its canonical name.

@<Tool functions@>=
#define DIAG_ULPS 1024.0 /* a result this close is explained */
#define MAX_WORD_COMBOS 4096
#define MAX_ALTERNATIVES 32768 /* alternatives tried for one group */
#define MAX_WORD_KEYS 16
#define MAX_EDITS 64 /* changes of numeric keys of one name */
#define SHOW_TIED 6 /* alternatives named when several tie */
static const char *key_value(const char *canon, const char *key, size_t *vl);
typedef struct {
  char key[32];
  const char *word[16];
  int nw, cur; /* the number of words; the variant's word, or $-1$ if absent */
} word_key;
static size_t metric_of_name(const char *canon, const char **names, size_t max,
  int *metric) /* the keys of the metric or aggregator that |canon| starts with */
{
  static const char *const agg[4] = {"", "mean", "micro", "sum"};
  size_t mlen = strcspn(canon, "@@[:"), nn = 0;
  int m;
  *metric = -1;
  for (m = 1; m < 4; m++)
    if (strlen(agg[m]) == mlen && strncmp(canon, agg[m], mlen) == 0)
      return rm_aggregator_keys((rm_agg) m, names, max);
  for (m = 0; m < RM_N_METRICS; m++)
    if (strlen(rm_metric_name((rm_metric) m)) == mlen
        && strncmp(canon, rm_metric_name((rm_metric) m), mlen) == 0) {
      *metric = m;
      nn = rm_metric_keys((rm_metric) m, names, max);
    }
  return nn;
}
static int metric_word_keys(const char *canon, word_key *wk)
{
  const char *names[MAX_WORD_KEYS * 2];
  size_t nn, t;
  int n = 0, m;
  nn = metric_of_name(canon, names, MAX_WORD_KEYS * 2, &m);
  if (nn > MAX_WORD_KEYS * 2) nn = MAX_WORD_KEYS * 2;
  for (t = 0; t < nn && n < MAX_WORD_KEYS; t++) {
    const char *const *words = rm_key_words(names[t]);
    if (words == NULL || strlen(names[t]) >= sizeof wk[n].key) continue;
    @<Add the key |names[t]| with its |words| to |wk|@>;
  }
  return n;
}

@ The value of key |key| in a name: a pointer to it, with its length, or
|NULL| when the name does not write the key.

@<Tool functions@>=
static const char *key_value(const char *canon, const char *key, size_t *vl)
{
  char pat[40];
  const char *q = strchr(canon, '[');
  if (q == NULL || strlen(key) + 2 > sizeof pat) return NULL;
  snprintf(pat, sizeof pat, "%s=", key);
  while ((q = strstr(q, pat)) != NULL && q[-1] != '[' && q[-1] != ',') q++;
  if (q == NULL) return NULL;
  q += strlen(pat);
  *vl = strcspn(q, ",]");
  return q;
}

@ The variant's own word is read from its canonical name.

@<Add the key |names[t]|...@>=
{
  const char *q;
  size_t vl;
  strcpy(wk[n].key, names[t]);
  for (wk[n].nw = 0; words[wk[n].nw] && wk[n].nw < 16; wk[n].nw++)
    wk[n].word[wk[n].nw] = words[wk[n].nw];
  wk[n].cur = -1;
  if ((q = key_value(canon, wk[n].key, &vl)) != NULL) {
    int j;
    for (j = 0; j < wk[n].nw; j++)
      if (strlen(wk[n].word[j]) == vl && strncmp(q, wk[n].word[j], vl) == 0) wk[n].cur = j;
  }
  n++;
}

@ An alternative's name is the variant's canonical name with some words
replaced, and keys that the name lacks (they did not apply to the variant)
added.  If the parser refuses it because a numeric key no longer applies
(\.{rel} goes with \.{gain=binary} only), it is written again without the
numeric keys, which then take their defaults.

@<Tool functions@>=
static void alt_name(const char *canon, const word_key *wk, int nk, const int *c,
  int keep_numbers, char *out, size_t len)
{
  const char *br = strchr(canon, '['), *p;
  size_t o = br ? (size_t) (br - canon) : strlen(canon);
  int first = 1, i;
  if (o >= len) o = len - 1;
  memcpy(out, canon, o);
  out[o] = '\0';
  for (p = br; p && *p != ']' && *p; ) {
    size_t kl, vl;
    const char *val, *rest;
    p++;
    kl = strcspn(p, "=");
    val = p + kl + 1;
    vl = strcspn(val, ",]");
    rest = val + vl; /* the next |','| or |']'| of |canon| */
    for (i = 0; i < nk; i++)
      if (strlen(wk[i].key) == kl && strncmp(p, wk[i].key, kl) == 0) break;
    if (i < nk || keep_numbers) {
      if (i < nk && c[i] > 0) { val = wk[i].word[c[i] - 1]; vl = strlen(val); }
      o += (size_t) snprintf(out + o, len - o, "%c%.*s=%.*s", first ? '[' : ',',
        (int) kl, p, (int) vl, val);
      first = 0;
    }
    p = rest;
    if (o >= len) return;
  }
  for (i = 0; i < nk; i++)
    if (wk[i].cur < 0 && c[i] > 0) {
      o += (size_t) snprintf(out + o, len - o, "%c%s=%s", first ? '[' : ',',
        wk[i].key, wk[i].word[c[i] - 1]);
      first = 0;
      if (o >= len) return;
    }
  if (!first) snprintf(out + o, len - o, "]");
}

@ The changes of numeric keys of a name, one key at a time, as names
(not yet canonical: |alt_try| reads each through the parser).  They are
the name's neighbours in its numeric keys and its cutoff, as
|variant_neighbours| finds them with the cutoffs of the group's family,
and, for a whole-number key, the common values 2, 3, 4, 5 and~10 as well
(a threshold \.{rel=2} or a top grade \.{gmax=4} is a choice people make,
not a slip of one).

@<Tool functions@>=
static int numeric_edits(const vgroup *g, const char *base, char (*out)[RM_NAME_MAX],
  int max)
{
  static const long common[5] = {2, 3, 4, 5, 10};
  neighbour nb[NB_MAX];
  unsigned long cuts[32];
  const char *names[MAX_WORD_KEYS * 2];
  size_t nn, t;
  int m, n = 0, k, i;
  k = variant_neighbours(base, cuts, family_cutoffs(&vector_families[g->fam], cuts, 32),
    nb, NB_MAX);
  for (i = 0; i < k && n < max; i++)
    if (strcmp(nb[i].key, "K") == 0 || rm_key_range(nb[i].key, NULL, NULL) > 0)
      snprintf(out[n++], RM_NAME_MAX, "%s", nb[i].name);
  nn = metric_of_name(base, names, MAX_WORD_KEYS * 2, &m);
  if (nn > MAX_WORD_KEYS * 2) nn = MAX_WORD_KEYS * 2;
  for (t = 0; t < nn; t++) {
    long lo, hi;
    size_t vl;
    const char *v = key_value(base, names[t], &vl);
    if (v == NULL || rm_key_range(names[t], &lo, &hi) != 1) continue;
    for (i = 0; i < 5 && n < max; i++)
      if (common[i] >= lo && common[i] <= hi && common[i] != strtol(v, NULL, 10))
        snprintf(out[n++], RM_NAME_MAX, "%.*s%ld%s", (int) (v - base), base, common[i],
          v + vl);
  }
  return n;
}

@ The distance of a result to an alternative, as defined above.  The exact
path decides; the double path first rules out the alternatives that are
far off, which is safe because the double path is within |rm_ulp_bound|
ulps of the exact value: an alternative whose double is farther from the
candidate than the closeness allowed plus that bound (plus one ulp to spare)
cannot explain the result.

@<Tool functions@>=
static double diag_limit(const verify_state *st)
{
  return st->ulps > DIAG_ULPS ? st->ulps : DIAG_ULPS;
}
static int explains(const verify_state *st, double dist, double g, double e)
{
  return dist <= diag_limit(st) || (st->use_rel && fabs(g - e) <= st->rel * fabs(e));
}
static double alt_distance(const verify_state *st, const rm_variant *a, const vvec *x,
  rm_work *w)
{
  double d, b, u, r;
  rm_exact e;
  int set = x->nq > 0;
  rm_status s = set ? rm_value_set(a, x->ls, (size_t) x->nq, w, &d) : rm_value(a, &x->l, w, &d);
  if (x->given != GIVEN_NUMBER) return s < 0 ? 0 : INFINITY;
  if (s < 0) return INFINITY;
  b = rm_ulp_bound(a) + 1;
  u = nextafter(fabs(d), INFINITY) - fabs(d);
  if (rm_ulps_between(d, x->value) > diag_limit(st) + b
      && !(st->use_rel && fabs(d - x->value) <= st->rel * fabs(d) + (st->rel + 1) * b * u))
    return INFINITY;
  rm_exact_init(&e);
  s = set ? rm_value_set_exact(a, x->ls, (size_t) x->nq, &e) : rm_value_exact(a, &x->l, &e);
  r = s < 0 ? INFINITY : explains(st, rm_ulps_between(x->value, e.value), x->value, e.value)
    ? rm_ulps_between(x->value, e.value) : INFINITY;
  rm_exact_clear(&e);
  return r;
}

@ The search over one group.  |members| holds the group's tests that the
candidate gave.  Every alternative tried is remembered by its canonical
name in a hash set, so none is tried twice; those that explain at least one
result are kept with their scores, for the ranking.

@<Tool functions@>=
typedef struct {
  char name[RM_NAME_MAX];
  int changes, close; /* keys changed; results explained */
  double maxd, sumd; /* largest and summed distance of those */
} alt_found;
typedef struct {
  const verify_state *st;
  const vgroup *g;
  const size_t *members;
  int nmem;
  rm_work w;
  char (*tried)[RM_NAME_MAX]; uint32_t *hash; size_t ntried; /* the set */
  alt_found *found; size_t nfound, capfound;
} alt_search;
static void alt_score(alt_search *z, const rm_variant *a, alt_found *f)
{
  int j;
  f->close = 0; f->maxd = f->sumd = 0;
  for (j = 0; j < z->nmem; j++) {
    double d = alt_distance(z->st, a, &z->st->vec[z->members[j]], &z->w);
    if (d == INFINITY) continue;
    f->close++; f->sumd += d;
    if (d > f->maxd) f->maxd = d;
  }
}
static int alt_seen(alt_search *z, const char *canon)
{
  size_t mask = 2 * MAX_ALTERNATIVES - 1, i = (size_t) ev_hash(canon) & mask;
  for (;; i = (i + 1) & mask) {
    if (z->hash[i] == 0) break;
    if (strcmp(z->tried[z->hash[i] - 1], canon) == 0) return 1;
  }
  if (z->ntried == MAX_ALTERNATIVES) return 1; /* full: try no more */
  strcpy(z->tried[z->ntried], canon);
  z->hash[i] = (uint32_t) ++z->ntried;
  return 0;
}
static void alt_try(alt_search *z, const char *nm, int changes)
{
  rm_variant a;
  alt_found f;
  if (rm_variant_parse(nm, &a, NULL, 0) != RM_OK) return;
  rm_variant_name(&a, f.name, sizeof f.name);
  if (strcmp(f.name, z->g->name) == 0 || alt_seen(z, f.name)) return;
  f.changes = changes;
  alt_score(z, &a, &f);
  if (f.close == 0) return;
  if (z->nfound == z->capfound) {
    z->capfound = z->capfound ? 2 * z->capfound : 64;
    z->found = tool_alloc(z->found, z->capfound * sizeof *z->found);
  }
  z->found[z->nfound++] = f;
}

@ The words of |base|'s keys, every combination (or one or two changes when
the combinations are too many), each put between |prefix| and |suffix|:
for a set's variant, the aggregator before the inner metric's keys, or the
inner metric after the aggregator's.  |extra| counts the changes already
made to |base| (a numeric key).

@<Tool functions@>=
static void alt_keys(alt_search *z, const char *prefix, const char *base,
  const char *suffix, int extra)
{
  word_key wk[MAX_WORD_KEYS];
  int nk = metric_word_keys(base, wk), c[MAX_WORD_KEYS] = {0}, i, full;
  long total = 1;
  for (i = 0; i < nk; i++)
    if ((total *= wk[i].nw + 1) > MAX_WORD_COMBOS) total = MAX_WORD_COMBOS + 1;
  full = total <= MAX_WORD_COMBOS;
  for (;;) {
    @<Try the alternative of choices |c|@>;
    for (i = 0; i < nk && ++c[i] > wk[i].nw; i++) c[i] = 0;
    if (i == nk) break;
  }
}

@ Choice $c_i=0$ leaves key~$i$ as the variant has it; $c_i=j>0$ sets its
$j$th word.  A choice of the word the variant already has is the same as
none, so it is skipped.

@<Try the alternative of choices |c|@>=
{
  int changes = extra, skip = 0;
  char alt[2 * RM_NAME_MAX], nm[3 * RM_NAME_MAX];
  rm_variant a;
  for (i = 0; i < nk; i++)
    if (c[i] > 0) { if (c[i] - 1 == wk[i].cur) skip = 1; else changes++; }
  if (skip || (!full && changes - extra > 2)) goto next;
  alt_name(base, wk, nk, c, 1, alt, sizeof alt);
  snprintf(nm, sizeof nm, "%s%s%s", prefix, alt, suffix);
  if (rm_variant_parse(nm, &a, NULL, 0) != RM_OK) {
    alt_name(base, wk, nk, c, 0, alt, sizeof alt);
    snprintf(nm, sizeof nm, "%s%s%s", prefix, alt, suffix);
  }
  if (changes > 0) alt_try(z, nm, changes);
next: ;
}

@ The inner metric's alternatives: its words, and each change of a numeric
key with every combination of words.

@<Tool functions@>=
static void alt_metric(alt_search *z, const char *prefix, const char *base)
{
  char (*edit)[RM_NAME_MAX] = tool_alloc(NULL, MAX_EDITS * sizeof *edit);
  char nm[2 * RM_NAME_MAX];
  int ne = numeric_edits(z->g, base, edit, MAX_EDITS), e;
  alt_keys(z, prefix, base, "", 0);
  for (e = 0; e < ne; e++) {
    snprintf(nm, sizeof nm, "%s%s", prefix, edit[e]);
    alt_try(z, nm, 1);
    alt_keys(z, prefix, edit[e], "", 1);
  }
  free(edit);
}
static int alt_better(const alt_found *a, const alt_found *b) /* |a| ranks first */
{
  if (a->close != b->close) return a->close > b->close;
  if (a->maxd != b->maxd) return a->maxd < b->maxd;
  if (a->sumd != b->sumd) return a->sumd < b->sumd;
  if (a->changes != b->changes) return a->changes < b->changes;
  return strcmp(a->name, b->name) < 0;
}
static int alt_cmp(const void *p, const void *q)
{
  const alt_found *a = p, *b = q;
  return alt_better(a, b) ? -1 : alt_better(b, a) ? 1 : 0;
}
static int alt_equal(const alt_found *a, const alt_found *b)
{
  return a->close == b->close && a->maxd == b->maxd && a->sumd == b->sumd;
}
static void find_variant(const verify_state *st, const vgroup *g,
  const size_t *members, int nmem)
{
  static const char *const aggs[3] = {"mean", "micro", "sum"};
  alt_search z;
  alt_found own;
  rm_variant gv = g->v;
  const char *colon = strchr(g->name, ':');
  int i;
  memset(&z, 0, sizeof z);
  z.st = st; z.g = g; z.members = members; z.nmem = nmem;
  z.tried = tool_alloc(NULL, MAX_ALTERNATIVES * sizeof *z.tried);
  z.hash = tool_zalloc(2 * MAX_ALTERNATIVES * sizeof *z.hash);
  rm_work_init(&z.w);
  strcpy(own.name, g->name); own.changes = 0;
  alt_score(&z, &gv, &own);
  if (colon == NULL) alt_metric(&z, "", g->name);
  else {
    char pre[RM_NAME_MAX], nm[2 * RM_NAME_MAX];
    snprintf(pre, sizeof pre, "%.*s", (int) (colon - g->name), g->name);
    alt_keys(&z, "", pre, colon, 0); /* the aggregator's keys */
    snprintf(pre, sizeof pre, "%.*s", (int) (colon - g->name + 1), g->name);
    alt_metric(&z, pre, colon + 1); /* the inner metric's */
    for (i = 0; i < 3; i++)
      if (strncmp(g->name, aggs[i], strlen(aggs[i])) != 0
          || (g->name[strlen(aggs[i])] != '[' && g->name[strlen(aggs[i])] != ':')) {
        snprintf(nm, sizeof nm, "%s:%s", aggs[i], colon + 1);
        alt_try(&z, nm, 1);
      }
  }
  rm_work_free(&z.w);
  if (z.nfound > 1) qsort(z.found, z.nfound, sizeof *z.found, alt_cmp);
  @<Say which alternatives explain the results best@>;
  free(z.found); free(z.tried); free(z.hash);
}

@ The report names the best alternatives, all of those that tie with the
best (at most |SHOW_TIED|, then how many more), and the next two that do
less well; then how the group's own variant fares.  An alternative is
named only when it explains more results than the group's own variant, or
as many with a smaller largest distance.

@<Say which alternatives explain the results best@>=
{
  size_t top = 0, k, shown;
  int better = z.nfound > 0 && (z.found[0].close > own.close
    || (z.found[0].close == own.close && z.found[0].maxd < own.maxd));
  if (better) {
    while (top < z.nfound && alt_equal(&z.found[top], &z.found[0])) top++;
    if (top > 1)
      printf("  %lu variants explain the results equally well (the vectors do not"
        " tell them apart):\n", (unsigned long) top);
    for (k = 0, shown = 0; k < top && shown < SHOW_TIED; k++, shown++)
      printf("  the candidate's values match %s on %d of %d vectors, within %s\n",
        z.found[k].name, z.found[k].close, nmem, ulps_text(z.found[k].maxd));
    if (top > shown) printf("  (and %lu more on as many)\n", (unsigned long) (top - shown));
    for (k = top, shown = 0; k < z.nfound && shown < 2; k++, shown++)
      printf("  next: %s on %d of %d vectors, within %s\n", z.found[k].name,
        z.found[k].close, nmem, ulps_text(z.found[k].maxd));
  } else
    printf("  no variant with other values of the keys of %.*s explains more of the"
      " %d results than %s\n", (int) strcspn(g->name, "@@[:"), g->name, nmem, g->name);
  if (own.close == nmem)
    printf("  the values are within %s of this variant's on all %d vectors:"
      " a rounding difference, not another definition (see --ulps)\n", ulps_text(own.maxd), nmem);
  else
    printf("  this variant itself explains %d of the %d results (within %s)\n",
      own.close, nmem, ulps_text(diag_limit(st)));
}

@ {\it Where the vectors are.}  \.{--vectors} names the directory; without
it the command looks, in order, in the directory named by the environment
variable \.{RANKMETRICS\_VECTORS}, in \.{vectors} beside the program (the
tool built in a clone), and in
$$\.{../share/rankmetrics/vectors}$$
from the program's directory, where \.{make install} puts them: a tool
installed in \.{/usr/local/bin} finds the vectors in
$$\.{/usr/local/share/rankmetrics/vectors},$$
and a staged or moved installation still finds its own.  The program's directory
is read from \.{/proc/self/exe}; where that link is missing the lookup
falls back to \.{vectors} under the working directory.  A directory counts
when it holds the text twin of some family (a directory of one's own
vectors may hold one family only).  When none does, the command
stops at once with one line that names the places it looked and the option
that chooses one, rather than a complaint about a missing file later.
@^vectors, where verify finds them@>

@<Tool functions@>=
static int vectors_here(const char *dir)
{
  char path[4200];
  FILE *f;
  int k;
  for (k = 0; vector_families[k].stem; k++) {
    snprintf(path, sizeof path, "%s/%s_test.txt", dir, vector_families[k].stem);
    if ((f = fopen(path, "r")) != NULL) { fclose(f); return 1; }
  }
  return 0;
}
static const char *vectors_dir(const char *cmd)
{
  static char found[4200];
  char exe[4096];
  const char *env = getenv("RANKMETRICS_VECTORS");
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (env && *env) {
    if (vectors_here(env)) return env;
    fprintf(stderr, "rankmetrics: %s: no golden vectors in '%s' (from"
      " RANKMETRICS_VECTORS); give their directory with --vectors DIR\n", cmd, env);
    return NULL;
  }
  if (n > 0) {
    char *slash;
    exe[n] = '\0';
    if ((slash = strrchr(exe, '/')) != NULL) *slash = '\0';
    snprintf(found, sizeof found, "%s/vectors", exe);
    if (vectors_here(found)) return found;
    snprintf(found, sizeof found, "%s/../share/rankmetrics/vectors", exe);
    if (vectors_here(found)) return found;
  } else if (vectors_here("vectors")) return "vectors";
  fprintf(stderr, "rankmetrics: %s: no golden vectors found (looked beside the"
    " program and in its ../share/rankmetrics/vectors); give their directory"
    " with --vectors DIR\n", cmd);
  return NULL;
}

@ The command itself: options, then every candidate file, then the report.
Whatever the way out, |verify_free| releases what was read.

@<Tool functions@>=
static void verify_free(verify_state *st)
{
  size_t k, g;
  int f;
  for (k = 0; k < st->nvec; k++) vvec_free(&st->vec[k]);
  free(st->vec);
  for (g = 0; g < st->ngrp; g++) free(st->grp[g].name);
  free(st->grp);
  for (f = 0; f < MAX_FAMILIES; f++) free(st->by_id[f]);
}
static int cmd_verify(int argc, char **argv)
{
  verify_state st;
  int i, nbad = 0, nfiles = 0, f, total[3] = {0, 0, 0}, ulps_given = 0;
  long not_given = 0, given = 0;
  size_t k, g;
  memset(&st, 0, sizeof st);
  st.dir = NULL;
  @<Read the options of \.{verify}@>;
  if (st.dir == NULL && (st.dir = vectors_dir("verify")) == NULL) return 2;
  if (!vectors_here(st.dir)) {
    fprintf(stderr, "rankmetrics: verify: no golden vectors in '%s' (no FAMILY_test.txt);"
      " give their directory with --vectors DIR\n", st.dir);
    return 2;
  }
  for (i = 0; i < argc; i++) {
    int r;
    if (argv[i] == NULL) continue;
    nfiles++;
    if ((r = read_candidate(&st, argv[i])) < 0) { verify_free(&st); return 2; }
    nbad += r;
  }
  if (nfiles == 0) {
    fputs("rankmetrics: verify: give at least one CANDIDATE file\n", stderr);
    return 2;
  }
  if (nbad) {
    fprintf(stderr, "rankmetrics: verify: %d malformed line%s; no verdict\n", nbad,
      nbad == 1 ? "" : "s");
    verify_free(&st);
    return 2;
  }
  @<Judge every test given, and report those not exact@>;
  @<Print the summary per variant, with the variant the candidate computes@>;
  @<Print the totals@>;
  verify_free(&st);
  return total[V_WRONG] ? 1 : 0;
}

@ The options are taken out of |argv| (set to |NULL|); what remains names
the candidate files.

@<Read the options of \.{verify}@>=
for (i = 0; i < argc; i++) {
  const char *o = argv[i];
  char *end;
  if (strcmp(o, "--quiet") == 0) { st.quiet = 1; argv[i] = NULL; continue; }
  if (strcmp(o, "--vectors") != 0 && strcmp(o, "--ulps") != 0 && strcmp(o, "--rel") != 0) {
    if (o[0] == '-' && o[1] != '\0') {
      fprintf(stderr, "rankmetrics: verify: unknown option '%s'\n", o);
      return 2;
    }
    continue;
  }
  if (i + 1 >= argc) {
    fprintf(stderr, "rankmetrics: verify: missing the argument of '%s'\n", o);
    return 2;
  }
  argv[i] = NULL;
  if (strcmp(o, "--vectors") == 0) { st.dir = argv[++i]; argv[i] = NULL; continue; }
  if (strcmp(o, "--rel") == 0) st.use_rel = 1;@+ else ulps_given = 1;
  {
    double t = strtod(argv[++i], &end);
    if (end == argv[i] || *end != '\0' || !(t >= 0) || !isfinite(t)) {
      fprintf(stderr, "rankmetrics: verify: %s needs a number >= 0, not '%s'\n", o, argv[i]);
      return 2;
    }
    if (st.use_rel) st.rel = t; else st.ulps = t;
  }
  argv[i] = NULL;
}
if (st.use_rel && ulps_given) {
  fputs("rankmetrics: verify: give --ulps or --rel, not both\n", stderr);
  return 2;
}

@ Every test the candidate gave is judged (|test_verdict|): exact, within
the tolerance (\.{--ulps} or \.{--rel}), or wrong.  The counts go to the
totals and to the test's group, that is its variant; a wrong result is
reported at once with its input, and so is one merely within the tolerance
unless \.{--quiet} is given.  Tests the candidate did not give are only
counted: a candidate may implement a few variants.

@<Judge every test given...@>=
for (k = 0; k < st.nvec; k++) {
  vvec *x = &st.vec[k];
  int v;
  if (x->given == GIVEN_NONE) { not_given++; continue; }
  v = test_verdict(&st, x);
  given++;
  total[v]++;
  st.grp[x->group].count[v]++;
  st.grp[x->group].given++;
  if (v == V_WRONG || (v == V_WITHIN && !st.quiet)) report_test(&st, x, v);
}

@ The summary lists the variants by family, in the order of the files.

@<Print the summary per variant...@>=
printf("%sper variant (exact, within %g %s, wrong):\n", given > (long) total[V_EXACT]
  ? "\n" : "", st.use_rel ? st.rel : st.ulps, st.use_rel ? "relative" : "ulps");
for (f = 0; vector_families[f].stem; f++)
  for (g = 0; g < st.ngrp; g++) {
    vgroup *p = &st.grp[g];
    if (p->fam != f || p->given == 0) continue;
    printf("%5d %5d %5d  %s  (%s)\n", p->count[V_EXACT], p->count[V_WITHIN],
      p->count[V_WRONG], p->name, vector_families[f].stem);
    if (p->count[V_WRONG] && p->parsed) {
      size_t *members = tool_alloc(NULL, (size_t) p->given * sizeof *members);
      int nm = 0;
      for (k = 0; k < st.nvec; k++)
        if (st.vec[k].group == (int) g && st.vec[k].given != GIVEN_NONE) members[nm++] = k;
      find_variant(&st, p, members, nm);
      free(members);
    }
  }

@ @<Print the totals@>=
printf("%ld vectors given: %d exact, %d within the tolerance, %d wrong;"
  " %ld vectors not given\n", given, total[V_EXACT], total[V_WITHIN],
  total[V_WRONG], not_given);
puts(total[V_WRONG] ? "verify: FAIL" : "verify: PASS");

@ {\it A worked example: two classic mistakes.}  Here is how a report reads
when the candidate is wrong.  The program below is a candidate such as
people write: it reads the text twin of two families and computes, with
plain sums of doubles, the average precision of the group
$$\.{ap[norm=rel,rel=1,ties=input,undef=zero]}$$
and the nDCG@@10 of the group
$$\.{ndcg@@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]},$$
each for the tests whose lists hold at most twelve items.  It makes the two
mistakes this book meets most often: it divides AP by the number of
relevant items {\it retrieved\/} (the hits) instead of all relevant items,
and it takes the gain of grade~$g$ to be $2^g-1$ where the group's variant
says~$g$.  The build compiles it (\.{build/verifydemo}), runs it on the
committed vectors, gives its results to \.{rankmetrics verify --quiet},
and prints the report below exactly as the tool wrote it (long lines
folded at 96 characters).  The build also checks that the report names the
two variants the prose says it names, so that this page cannot drift from
what the tool does.
@^verify, a worked example@>

\medskip
\input verify-demo
\medskip

\noindent How to read it.  Each \.{WRONG} entry names the vector, the
group's variant and the candidate's line, shows the input, the expected
correctly rounded double (in C99 hexadecimal and with 17 digits), the
candidate's number and their distance in ulps.  Two kinds of entry appear.
Those a few ulps away are rounding: the naive sums of the candidate round
differently from the exact path on some lists, and the strict verdict
counts them wrong (give \.{--ulps 4} to accept them).  Those billions of
ulps away are definitions: AP by the hits differs from AP by the relevant
items only when a relevant item is left out (a nonempty \.{judged} list),
and the two gains differ only on grades above~1.  The table that follows
counts per variant, and under each variant with a wrong result comes the
diagnosis: the variant that explains the candidate's numbers best, on how
many of the vectors given, and within how many ulps.  It names
\.{ap[norm=hits,...]} and \.{ndcg@@10[gain=exp2,...]} though the
candidate's numbers are off by rounding as well, since the diagnosis
forgives a few ulps where the verdict does not.  When several variants are
listed as explaining equally well, the vectors given cannot tell them apart
(here the cutoffs 9, 10, 11 and 100 agree on lists of at most twelve items
with few relevant ones), and the remedy is to give more of the family's
vectors.  The last lines count the vectors: those not given were not
checked, and the verdict is \.{FAIL} because one result is wrong, however
close.

@ The candidate is a separate small program, written as a user would write
it and kept short: it knows nothing of the library.  Its reader takes the
text twin line by line, notes the group and the four lists of each test,
and at each \.{result = valid} line computes its value if the test is in
one of its two groups and short enough.

@(verifydemo.c@>=
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int parse_list(const char *s, double *a, int max) /* comma-separated */
{
  int n = 0;
  char *end;
  if (strcmp(s, "none") == 0) return -1;
  while (*s && n < max) {
    a[n++] = strtod(s, &end);
    if (end == s) return -2;
    s = *end == ',' ? end + 1 : end;
  }
  return *s ? -2 : n;
}
static void rank_by_score(const double *score, int n, int *order)
{ /* insertion sort, highest score first, equal scores in input order */
  int i, j;
  for (i = 0; i < n; i++) {
    for (j = i; j > 0 && score[order[j - 1]] < score[i]; j--) order[j] = order[j - 1];
    order[j] = i;
  }
}
static double naive_ap(const double *g, int n, const double *j, int nj)
{
  double sum = 0;
  int hits = 0, r;
  (void) j; (void) nj; /* the mistake: the relevant items left out are never counted */
  for (r = 0; r < n; r++)
    if (g[r] >= 1) { hits++; sum += (double) hits / (r + 1); }
  return hits ? sum / hits : 0;
}
static int by_grade_desc(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x < y) - (x > y);
}
static double naive_ndcg10(const double *g, int n, const double *j, int nj)
{
  double dcg = 0, idcg = 0, all[64];
  int r, m = 0;
  for (r = 0; r < n && r < 10; r++) dcg += (pow(2, g[r]) - 1) / log2(r + 2); /* the mistake */
  for (r = 0; r < n; r++) all[m++] = g[r];
  for (r = 0; r < nj; r++) all[m++] = j[r];
  qsort(all, (size_t) m, sizeof *all, by_grade_desc);
  for (r = 0; r < m && r < 10; r++) idcg += (pow(2, all[r]) - 1) / log2(r + 2);
  return idcg > 0 ? dcg / idcg : 0;
}
@<The candidate's |main|, which reads the text twins@>@;

@ The candidate reads the vectors files itself, as any implementation under
test would.  A line that names a variant opens a group, and only the two
groups it claims to implement (AP normalised by the relevant items, and
nDCG@@10 with linear gain) are answered.  Within them it remembers the
test number and the lists of each test as their lines pass, and answers
each valid test when its \.{result} line arrives; invalid tests, whose
input a correct candidate must refuse, are left unanswered, which
\.{verify} counts as not given.

@<The candidate's |main|...@>=
int main(int argc, char **argv)
{
  static const char *const fam[2] = {"ap", "cg_dcg_ndcg"};
  static const char *const grp[2] = {"ap[norm=rel,rel=1,ties=input,undef=zero]",
    "ndcg@@10[gain=linear,discount=log2,ideal=judged,ties=input,undef=zero]"};
  char path[1024], line[65536], list[4][65536];
  int f;
  if (argc != 2) { fputs("usage: verifydemo VECTORS-DIR\n", stderr); return 2; }
  for (f = 0; f < 2; f++) {
    FILE *in;
    int in_group = 0;
    long id = 0;
    snprintf(path, sizeof path, "%s/%s_test.txt", argv[1], fam[f]);
    if ((in = fopen(path, "r")) == NULL) { perror(path); return 1; }
    while (fgets(line, sizeof line, in)) {
      char *v = strstr(line, " =");
      line[strcspn(line, "\n")] = '\0';
      if (v) v += v[2] == ' ' ? 3 : 2; /* the value, empty for an empty list */
      if (strncmp(line, "[variant = ", 11) == 0)
        in_group = strncmp(line + 11, grp[f], strlen(grp[f])) == 0
          && line[11 + strlen(grp[f])] == ']';
      else if (v && strncmp(line, "tcId =", 6) == 0) id = atol(v);
      else if (v && strncmp(line, "grades =", 8) == 0) strcpy(list[0], v);
      else if (v && strncmp(line, "scores =", 8) == 0) strcpy(list[1], v);
      else if (v && strncmp(line, "judged =", 8) == 0) strcpy(list[3], v);
      else if (in_group && strcmp(line, "result = valid") == 0)
        @<Compute and print the candidate's value of test |id|@>@;
    }
    fclose(in);
  }
  return 0;
}

@ The candidate's value: the list is ranked by score when it has scores
(|rank_by_score|, equal scores in input order), else taken in input order, and the
naive formulas are applied in double precision; the answer is written as
\.{family:tcId} and the value in C99 hex, the format \.{verify} reads.
Lists longer than twelve items are skipped, so the demonstration stays
small.

@<Compute and print the candidate's value...@>=
{
  double g[64], s[64], j[64], ranked[64];
  int order[64], n = parse_list(list[0], g, 64), ns = parse_list(list[1], s, 64);
  int nj = parse_list(list[3], j, 64), r;
  if (n >= 0 && n <= 12 && nj >= 0 && ns != -2) {
    for (r = 0; r < n; r++) order[r] = r;
    if (ns >= 0) rank_by_score(s, n, order);
    for (r = 0; r < n; r++) ranked[r] = g[order[r]];
    printf("%s:%ld %a\n", fam[f], id, f == 0 ? naive_ap(ranked, n, j, nj)
      : naive_ndcg10(ranked, n, j, nj));
  }
}
@ {\it The command \.{adequacy}.}  It measures the adequacy of the vectors
(defined in the part ``Golden vectors'') in a directory, reading the text
twins with \.{verify}'s reader:
$$\hbox{\tt rankmetrics adequacy [--vectors {\it DIR}] [--tex {\it FILE}]}$$
For each family but \.{disagreements}, and each variant of the family's
list, it takes the group of that name and every neighbour of its variant,
with the family's cutoffs, and decides: distinguished, the same function
(with the reason), or undistinguished (with the witness the search found).
It prints the neighbours that are not distinguished and a line per
family; \.{--tex} writes the table of the book.  The exit status is 1 when
a neighbour is undistinguished, 2 for a usage error or a file that cannot
be read, and 0 otherwise.
@^adequacy, the command@>

@<Tool functions@>=
typedef struct {@+ int groups, nb, dist, undist, same; @+} adq_count;
static int cmd_adequacy(int argc, char **argv)
{
  verify_state st;
  const char *texfile = NULL;
  FILE *tex = NULL, *rows = NULL; /* the table's rows, then its list of pairs */
  tool_out tout;
  char *rbuf = NULL;
  size_t rlen = 0;
  int i, f, bad = 0;
  adq_count all = {0, 0, 0, 0, 0};
  rm_work w;
  memset(&st, 0, sizeof st);
  st.dir = NULL;
  for (i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--vectors") == 0 && i + 1 < argc) st.dir = argv[++i];
    else if (strcmp(argv[i], "--tex") == 0 && i + 1 < argc) texfile = argv[++i];
    else {
      fputs("rankmetrics: adequacy: usage: rankmetrics adequacy [--vectors DIR]"
        " [--tex FILE]\n", stderr);
      return 2;
    }
  }
  if (st.dir == NULL && (st.dir = vectors_dir("adequacy")) == NULL) return 2;
  if (texfile && (tex = out_open(&tout, "adequacy", texfile)) == NULL) return 2;
  if (tex && (rows = open_memstream(&rbuf, &rlen)) == NULL) {
    fprintf(stderr, "rankmetrics: adequacy: out of memory\n");
    out_abandon(&tout);
    return 2;
  }
  if (tex) fputs("% written by rankmetrics adequacy; do not edit\n"
    "\\font\\adqtt=cmtt8 \\hyphenchar\\adqtt=-1\n\\def\\adqrow#1#2#3#4#5#6{#1&#2&#3&#4/#5&#6\\cr}\n"
    "\\def\\adqc#1{{\\adqtt #1}}\\def\\adqvar#1#2{\\adqc{#2}: #1; }\n"
    "\\def\\adqsame{", tex);
  rm_work_init(&w);
  for (f = 0; vector_families[f].stem && !bad; f++) {
    const vector_family *fam = &vector_families[f];
    adq_count c = {0, 0, 0, 0, 0};
    unsigned long cuts[32];
    int ncuts, k;
    if (fam->variants == disagreement_variants) continue;
    if (!load_family(&st, f)) { bad = 1; break; }
    ncuts = family_cutoffs(fam, cuts, 32);
    for (k = 0; fam->variants[k]; k++)
      @<Judge every neighbour of the variant |fam->variants[k]|@>;
    if (tex) {
      const char *p;
      fputs("\\adqrow{", rows);
      for (p = fam->stem; *p; p++) fputs(*p == '_' ? "\\_" : (char[2]) {*p, 0}, rows);
      fprintf(rows, "}{%d}{%d}{%d}{%d}{%d}\n", c.groups, c.nb, c.dist, c.dist + c.undist,
        c.same);
    }
    printf("%s: %d groups, %d neighbours: %d distinguished of %d different functions,"
      " %d undistinguished; %d the same function\n", fam->stem, c.groups, c.nb, c.dist,
      c.dist + c.undist, c.undist, c.same);
    all.groups += c.groups; all.nb += c.nb; all.dist += c.dist;
    all.undist += c.undist; all.same += c.same;
  }
  rm_work_free(&w);
  @<Free what \.{adequacy} read@>;
  if (tex) fclose(rows);
  if (bad) { if (tex) out_abandon(&tout); free(rbuf); return 2; }
  printf("total: %d groups, %d neighbours: %d distinguished of %d different functions,"
    " %d undistinguished; %d the same function\n", all.groups, all.nb, all.dist,
    all.dist + all.undist, all.undist, all.same);
  if (tex) {
    fprintf(tex, "}\n\\def\\adqrows{%s\\noalign{\\smallskip}\n"
      "\\adqrow{total}{%d}{%d}{%d}{%d}{%d}}\n", rbuf ? rbuf : "", all.groups,
      all.nb, all.dist, all.dist + all.undist, all.same);
    free(rbuf);
    if (!out_close(&tout, "adequacy")) return 2;
  }
  puts(all.undist ? "adequacy: FAIL" : "adequacy: PASS");
  return all.undist ? 1 : 0;
}

@ A group's tests are those of the family's file under the variant's
canonical name: its random cases, its hard cases and witnesses, and any
worked example of the same name.

@<Judge every neighbour of the variant |fam->variants[k]|@>=
{
  static neighbour nb[NB_MAX];
  static adq_witness_t wit;
  rm_variant v;
  char nm[RM_NAME_MAX];
  int g, j, nn, shown = 0;
  size_t x;
  rm_variant_parse(fam->variants[k], &v, NULL, 0);
  rm_variant_name(&v, nm, sizeof nm);
  for (g = 0; g < (int) st.ngrp; g++)
    if (st.grp[g].fam == f && strcmp(st.grp[g].name, nm) == 0) break;
  nn = variant_neighbours(nm, cuts, ncuts, nb, NB_MAX);
  c.groups++;
  for (j = 0; j < nn; j++) {
    rm_variant a;
    const char *why;
    int killed = 0;
    rm_variant_parse(nb[j].name, &a, NULL, 0);
    c.nb++;
    for (x = 0; x < st.nvec && !killed && g < (int) st.ngrp; x++) {
      const vvec *t = &st.vec[x];
      if (t->group == g)
        killed = adq_fails(&a, t->nq ? t->ls : &t->l, t->nq ? (size_t) t->nq : 1,
          t->invalid, t->expect, &w);
    }
    if (killed) { c.dist++; continue; }
    if ((why = adq_same_by_definition(&v, &a, nb[j].key)) == NULL
        && adq_witness(&v, &a, nb[j].key, &wit, &w))
      @<Report the undistinguished neighbour |nb[j]| with its witness@>@;
    else {
      c.same++;
      printf("  same function    %s | %s: %s\n", fam->variants[k], nb[j].change,
        why ? why : "no witness among the lists searched");
      if (tex) fprintf(tex, "%s\\adqc{%s}%s", shown++ ? ", " : "\\adqvar{", nb[j].change,
        why ? "$^\\dagger$" : "");
    }
  }
  if (tex && shown) fprintf(tex, "}{%s}\n", fam->variants[k]);
}

@ A neighbour that no test of the group tells apart from its variant is
the finding of \.{adequacy}: it is printed with the change that makes it
(for example \.{norm=hits}) and the witness the search found, the grades of
each of its queries (the first twenty items of a long list), so that a test
with that input can be added to the vectors.

@<Report the undistinguished neighbour...@>=
{
  c.undist++;
  printf("  UNDISTINGUISHED  %s | %s: passes all tests of the group; witness",
    fam->variants[k], nb[j].change);
  for (i = 0; i < wit.nq; i++) {
    size_t q;
    printf("%s grades ", i ? " |" : "");
    for (q = 0; q < wit.c[i].l.n && q < 20; q++)
      printf("%s%d", q ? "," : "", wit.c[i].grade[q]);
    if (wit.c[i].l.n > 20) printf(",... (%lu items)", (unsigned long) wit.c[i].l.n);
  }
  putchar('\n');
}

@ The vectors, their groups and the families' indexes, as \.{adequacy}
read them, are freed at the end.

@<Free what \.{adequacy} read@>=
{
  size_t x, g;
  for (x = 0; x < st.nvec; x++) vvec_free(&st.vec[x]);
  free(st.vec);
  for (g = 0; g < st.ngrp; g++) free(st.grp[g].name);
  free(st.grp);
  for (f = 0; f < MAX_FAMILIES; f++) free(st.by_id[f]);
}

@ The book's table is two macros: \.{\\adqrows}, a row per family and the
total, and \.{\\adqsame}, for each variant with neighbours that are the
same function, the macro \.{\\adqvar} with their changes and the
variant's name; a dagger marks those that are the same by definition, the
others are so on the inputs searched.  The head of the file defines the
macros; the \.{\_} of a family's name is escaped.

@* Calling the oracle from Python.
Most of the implementations that people must validate are written in
Python: scikit-learn, torchmetrics, RecBole, ranx, ir\_measures, and the
metrics of a team's own code.  Their authors test with pytest, on inputs
that their own generators make, and a table of vectors fixed in advance
covers only the inputs someone thought of.  So the library is also a Python
package, \.{rankmetrics}, in the directory \.{python}: a test may hand
the oracle any list it likes and get the exact value back.
@^Python@>@^ctypes@>

The package calls \.{librankmetrics.so} through the standard library's
\.{ctypes}, so it needs no compiler beyond the one that built the library.
It looks for the library in the file that the environment variable
\.{RANKMETRICS\_LIB} names, else in the path that \.{make install} wrote
beside the installed package, else at the root of a built clone, else in
\.{PREFIX/lib} beside \.{PREFIX/lib/python3/dist-packages}, where \.{make
install} puts the package.  It copies the layouts of |rm_list| and
|rm_exact|, which |rm_list_size| and |rm_exact_size| confirm when the
library is loaded, and it keeps every parsed variant as opaque bytes,
|rm_variant_size()| of them (see the section on sizes in the part on
variant names).  Each call has its own result and no workspace of its own
(the library then allocates one), so that the package is as safe in threads
as the library: \.{ctypes} lets go of Python's global lock during a call, and
six threads that compute at once get the same bits as one.

\gdef\pybegin{\par\smallskip\begingroup\font\pytt=cmtt9 \pytt
  \parindent=1em \parskip=0pt \baselineskip=11pt
  \catcode`\_=12 \catcode`\#=12 \catcode`\&=12 \catcode`\^=12 \catcode`\$=12
  \def\par{\leavevmode\endgraf}\obeylines\pyspaces}
{\obeyspaces\gdef\pyspaces{\obeyspaces\def {\ }}}
\gdef\pyend{\endgroup\smallskip\noindent}

@ In a built clone, with \.{PYTHONPATH=python}, the example of the chapter
on average precision is one call:
\pybegin%
import rankmetrics as rm
r = rm.exact("ap@@10[norm=min]", grades=[1, 0, 1, 0], judged=[1])
print(r)
\pyend
prints the correctly rounded double, in decimal and in hexadecimal, the
direction of its rounding, the 40 digits and the fraction:
\pybegin%
0.5555555555555556 (0x1.1c71c71c71c72p-1, rounded up)
~~= 0.5555555555555555555555555555555555555556 = 5/9
\pyend
The result is an object with the fields |value|, |decimal|, |fraction| (a
Python \.{Fraction}, or \.{None} when the value is irrational), |ternary|,
|exact| and |undefined|.  The rest of the interface follows the library's:
$$\vbox{\halign{\tt#\hfil\quad&#\hfil\cr
value(name, grades, scores, ids, judged)&|rm_value|, a \.{float}\cr
exact(name, grades, scores, ids, judged)&|rm_value_exact|\cr
values(names, grades, \dots)&|rm_values|, the list ranked once a tie rule\cr
value\_set(name, queries), exact\_set&|rm_value_set|, |rm_value_set_exact|\cr
name(name)&the canonical name\cr
metrics(), keys(m), words(k), key\_range(k)&the names as data\cr
variants(name)&the variants near a name\cr
matching\_variants(values, inputs, names)&those that give these values\cr
evaluate(names, data)&columns grouped by user: each user and the mean\cr}}$$
A list may be Python lists or numpy arrays; a contiguous array of 32-bit
grades or of doubles is passed by its pointer, without a copy.  For MAE,
MSE and RMSE the grades may be ratings (see \secref{q:labels}): anything
that is not a whole grade from 0 to~100 is passed as the rating's exact
string, a \.{str} or \.{Decimal} as the decimal it spells (\.{"3.3"} is
$33/10$), a \.{Fraction} as itself, and a \.{float} as the double it is,
so that these two lines print 0.5 and~$3/10$:
\pybegin%
print(rm.value("rmse", grades=[3.5, 4], scores=[3, 4.5]))
print(rm.exact("mae", grades=["3.3", "4.7"], scores=[3, 5]).fraction)
\pyend  The markers of unjudged items (\secref{q:judged}) are a further
argument of |value|, |exact| and |values|, |unjudged|, one 0, 1 or~2 (or a truth value) per grade, and the key of the
same name of a query given as a dictionary. A bad
input raises \.{RankmetricsError}, which carries the library's status, its
name (\.{RM\_EGRADE}, say) and, for a bad name, the parser's message.
|evaluate| reads columns that are already in memory (a pandas data frame
with user, item, label and score columns, or plain arrays) and computes
with the functions above.  Reading run files and checking candidate files
remain in the tool, \.{eval} and \.{verify}; they will come to Python when
their engines move from the tool into the library.

@ The package's tests, in \.{python/tests}, run under pytest in \.{make
check}.  They compute every valid test of every family of golden vectors
and require the vector's double bit for bit, with its 40 digits, its
fraction and its status, and that every invalid test raise the status that
the vector names; they compare the package with the tool on random lists;
and they test the errors, the edge cases (an empty list, a cutoff beyond
the list, no relevant item), numpy and pandas inputs, and threads.

For tests of their own, users get the generators of these tests.
\.{rankmetrics.strategies.lists} is a strategy of the property-testing
library hypothesis, and |random_list| a plain generator from a seed, for a
suite without hypothesis.  Both draw small, hostile lists: scores from a few
values so that ties are common, binary or graded labels, judged items that
were not retrieved, empty lists, lists with every item relevant and lists
with none; \.{cutoffs} adds a~$K$ that is often beyond the list.  The
identifiers are shuffled: identifiers that follow the input order could not
tell \.{ties=id-asc} from \.{ties=input}, and a first version of the
generator had that flaw.
@^hypothesis@>@^property-based testing@>

@ A property test states that an implementation equals a named variant on
every input the strategy draws.  Here is the test of scikit-learn's
|roc_auc_score|, which is \.{auc[ties=average]} (see ``What scikit-learn
computes''); |scores_of| gives the scores, or scores decreasing with the
input order when there are none, and |close| allows a few ulps:
\pybegin%
@@settings(max_examples=1000)
@@given(lists(max_size=12, judged=False))
def test_roc_auc_score_is_auc_ties_average(inp):
~~~~y = [int(g >= 1) for g in inp["grades"]]
~~~~assume(0 < sum(y) < len(y))  # scikit-learn raises on one class
~~~~got = roc_auc_score(y, scores_of(inp))
~~~~want = rm.exact("auc[ties=average]", inp["grades"], scores_of(inp))
~~~~assert close(got, want.value), (got, want)
\pyend
The tests of |average_precision_score| (\.{apstep}) and |ndcg_score|
(\.{ndcg[ideal=list,ties=average]}, with a cutoff or without) are the same.
Each runs on a thousand examples, drawn the same way every time (the
profile is derandomized), and all three pass.  The vectors had shown
|ndcg_score| at most 4~ulps from the exact value; the random lists, with
many more ties, find it 6~ulps away, so its test allows~8.  Together the
tests of the package take about fifteen seconds.

@ The same kind of test catches a wrong implementation, and the oracle says
what the wrong one computes.  This average precision divides by the
relevant items it retrieved, not by all of them:
\pybegin%
def ap_by_hits(inp):
~~~~hits, s = 0, 0.0
~~~~for r, i in enumerate(ranked(inp), 1):
~~~~~~~~if inp["grades"][i] >= 1:
~~~~~~~~~~~~hits += 1
~~~~~~~~~~~~s += hits / r
~~~~return s / hits if hits else 0.0
\pyend
The property ``|ap_by_hits| equals \.{ap}'' fails, and hypothesis shrinks
its counterexample to the smallest: one relevant item retrieved and one
judged but not retrieved, where the function says~1 and \.{ap}
says~$1/2$.  The variants of \.{ap} are generated from the names as data
(54 of them: every norm, tie rule and convention for undefined values
that the library accepts), and the test keeps those whose exact values
are the function's on the falsifying examples and on two hundred seeded
lists:
\pybegin%
inputs = failed[-3:] + random_lists(14, 200)
observed = [ap_by_hits(x) for x in inputs]
rm.matching_variants(observed, inputs, rm.variants("ap"))
\pyend
One is left, and it is what the function computes.  In the same way, an
nDCG@@5 whose ideal list is built from the retrieved items alone is told
apart from the other 485 variants of \.{ndcg@@5}, and an MRR that adds the
reciprocal ranks of every relevant item from the other variants of
\.{mean:rr}.  The three names found are
$$\vbox{\halign{\tt#\hfil\cr
ap[norm=hits,rel=1,ties=input,undef=zero]\cr
ndcg@@5[gain=linear,discount=log2,ideal=list,ties=input,undef=zero]\cr
mean[skip=none,weight=uniform]:rr[hits=sum,rel=1,ties=input,undef=zero]\cr}}$$
and the test asserts each: a wrong implementation is not merely caught, it
is told which definition it implements.

@* Pictures.\here{q:figs}
Five pictures of this book are drawn by the program itself: the tool
computes their points with the library and writes them as MetaPost programs,
which the build runs through \.{mpost}.  So a picture cannot show a curve
other than the one the library computes.  \.{rankmetrics figures --out DIR}
writes \.{fig-discount.mp}, \.{fig-roc003.mp}, \.{fig-roc002.mp},
\.{fig-pr004.mp} and \.{fig-err.mp}.

The common preamble sets the output file name and the unit.  Each file is
written by |out_open| under a temporary name and renamed to \.{NAME.mp} by
|close_figure| only when it was written and closed without error, so no
half-written picture is ever left under its real name; a figure that
fails is abandoned, its temporary removed.  The figures are written one at a
time, through one |tool_out|.

@<Tool functions@>=
static tool_out fig_out;
static FILE *open_figure(const char *dir, const char *name, char *path, size_t len)
{
  FILE *f;
  snprintf(path, len, "%s/%s.mp", dir, name);
  if ((f = out_open(&fig_out, "figures", path)) == NULL) return NULL;
  fprintf(f, "%% Written by `rankmetrics figures'; do not edit.\n"
    "outputtemplate := \"%%j.mps\"; prologues := 3;\n"
    "defaultfont := \"cmr8\"; defaultscale := 1;\n");
  return f;
}

@ @<Tool functions@>=
static int close_figure(FILE *f, const char *path)
{
  (void) f; (void) path;
  return out_close(&fig_out, "figures");
}

@ The discount curves plot the weight $1/D(i)$ that each discount gives to
rank~$i$, for ranks 1 to~20: $1/\lg(i+1)$, and J\"arvelin and Kek\"al\"ainen's
$1/\max(1,\log_b i)$ for $b=2$ and $b=10$.  Each weight is computed as the DCG
of a list whose only item of grade~1 is at rank~$i$.

@<Tool functions@>=
static int figure_discount(const char *dir)
{
  static const char *const names[3] = {"dcg", "dcg[discount=jk,base=2]",
    "dcg[discount=jk,base=10]"};
  static const char *const style[3] = {"withcolor (0.7,0,0)",
    "dashed evenly withcolor (0,0,0.7)", "dashed withdots withcolor (0,0.45,0)"};
  int grade[20], c, i;
  char path[4200];
  FILE *f = open_figure(dir, "fig-discount", path, sizeof path);
  if (f == NULL) return 0;
  fputs("beginfig(1);\nu := 0.5cm; v := 4cm;\n"
    "draw (0,0)--(20.5u,0); draw (0,0)--(0,1.05v);\n", f);
  for (i = 1; i <= 20; i++)
    fprintf(f, "draw (%du,0)--(%du,-2pt);%s\n", i, i,
      i == 1 || i % 5 == 0 ? "" : "%");
  fputs("label.bot(\"1\",(1u,-2pt)); label.bot(\"5\",(5u,-2pt));\n"
    "label.bot(\"10\",(10u,-2pt)); label.bot(\"15\",(15u,-2pt));\n"
    "label.bot(\"20\",(20u,-2pt)); label.bot(\"rank\",(10.5u,-12pt));\n"
    "draw (0,v)--(-2pt,v); label.lft(\"1\",(-2pt,v));\n"
    "draw (0,0.5v)--(-2pt,0.5v); label.lft(\"0.5\",(-2pt,0.5v));\n", f);
  for (c = 0; c < 3; c++) {
    rm_variant v;
    rm_variant_parse(names[c], &v, NULL, 0);
    fputs("draw ", f);
    for (i = 1; i <= 20; i++) {
      rm_list l = {0, grade, NULL, NULL, 0, NULL, NULL, NULL};
      double w;
      memset(grade, 0, sizeof grade);
      grade[i - 1] = 1;
      l.n = (size_t) i;
      if (rm_value(&v, &l, NULL, &w) != RM_OK) { out_abandon(&fig_out); return 0; }
      fprintf(f, "%s(%du,%.6fv)", i > 1 ? "--" : "", i, w);
    }
    fprintf(f, " %s;\n", style[c]);
  }
  fputs("label.rt(btex $\\log_2(i+1)$ etex,(14u,0.12v)) withcolor (0.7,0,0);\n"
    "label.rt(btex $\\max(1,\\log_2 i)$ etex,(14u,0.36v+10pt)) withcolor (0,0,0.7);\n"
    "label.rt(btex $\\max(1,\\log_{10} i)$ etex,(13u,0.9v)) withcolor (0,0.45,0);\n"
    "endfig;\nend\n", f);
  return close_figure(f, path);
}

@ A ROC curve plots, for every threshold on the score from the highest down,
the fraction of negatives scored at or above it (false-positive rate, FPR)
against the fraction of positives (true-positive rate, TPR).  Items with
equal scores pass the threshold together, so a tie of positives and
negatives is one diagonal segment, and the area under it gives each tied
pair one half.  The figure draws \src{003}'s seven items (see its AUC
example): the curve over distinct thresholds with its area shaded, and, as
dashed paths, the two orders of the tie that count the tied pairs fully
against or for the ranking.

@<Tool functions@>=
static int figure_roc(const char *dir, const char *name, const int *label,
  const double *score, int n, const char *extra)
{
  int i = 0, pos = 0, neg = 0, tp = 0, fp = 0;
  char path[4200], pts[4000] = "(0,0)";
  FILE *f = open_figure(dir, name, path, sizeof path);
  if (f == NULL) return 0;
  for (i = 0; i < n; i++) pos += label[i], neg += !label[i];
  for (i = 0; i < n; ) {
    int j = i;
    while (j < n && (j == i || (score && score[j] == score[i]))) {
      tp += label[j]; fp += !label[j]; j++;
    }
    snprintf(pts + strlen(pts), sizeof pts - strlen(pts), "--(%d/%d,%d/%d)",
      fp, neg, tp, pos);
    i = j;
  }
  fprintf(f, "beginfig(1);\nu := 4cm;\npath roc; roc := (%s) scaled u;\n", pts);
  fputs("fill roc--(u,0)--cycle withcolor (0.85,0.9,1);\n"
    "draw (0,0)--(u,0)--(u,u)--(0,u)--cycle withcolor 0.6white;\n"
    "draw (0,0)--(u,u) dashed evenly withcolor 0.6white;\n", f);
  fputs(extra, f);
  fputs("pickup pencircle scaled 1pt; draw roc;\n"
    "pickup pencircle scaled 3pt; for k=0 upto length roc: drawdot point k of roc; endfor;\n"
    "label.bot(\"FPR\",(0.5u,-10pt)); label.lft(\"TPR\",(-10pt,0.5u));\n"
    "label.bot(\"0\",(0,0)); label.bot(\"1\",(u,0)); label.lft(\"1\",(0,u));\n"
    "endfig;\nend\n", f);
  return close_figure(f, path);
}
static int figure_roc003(const char *dir)
{
  static const int label[7] = {1, 1, 0, 0, 1, 1, 0};
  static const double score[7] = {0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.3};
  return figure_roc(dir, "fig-roc003", label, score, 7,
    "draw (0,0.5u)--(2/3u,0.5u)--(2/3u,u) dashed evenly withcolor (0.7,0,0);\n"
    "draw (0,0.5u)--(0,u)--(2/3u,u) dashed evenly withcolor (0,0.45,0);\n"
    "label(btex area $5/6$ etex,(0.7u,0.35u));\n"
    "label.rt(\"tie\",(1/3u,0.75u));\n");
}

@ \src{002}'s AUC example lost its scores, and its picture with them; the
figure draws the ranking we chose for its row (E002.4), one of the rankings
with the printed count of 10 correct pairs out of 16.

@<Tool functions@>=
static int figure_roc002(const char *dir)
{
  static const int label[8] = {0, 1, 1, 1, 0, 0, 1, 0};
  return figure_roc(dir, "fig-roc002", label, NULL, 8,
    "label(btex area $5/8$ etex,(0.7u,0.35u));\n");
}

@ The precision--recall figure draws \src{004}'s first query (relevance
1,~1,~0,~0,~1,~0,~0 with three relevant items): the point (recall, precision)
after each rank, and the interpolated precision
$p_{\rm interp}(r)=\max_{r'\ge r}p(r')$, the step curve above them, with the
eleven recall levels $0,0.1,\ldots,1$ of the 11-point average marked.

@<Tool functions@>=
static int figure_pr004(const char *dir)
{
  static const int rel[7] = {1, 1, 0, 0, 1, 0, 0};
  int i, h = 0, R = 3, hk[7];
  double p[7], r[7], best;
  char path[4200];
  FILE *f = open_figure(dir, "fig-pr004", path, sizeof path);
  if (f == NULL) return 0;
  for (i = 0; i < 7; i++) {
    h += rel[i]; hk[i] = h;
    r[i] = (double) h / R; p[i] = (double) h / (i + 1);
  }
  fputs("beginfig(1);\nu := 4cm;\n"
    "draw (0,0)--(u,0)--(u,u)--(0,u)--cycle withcolor 0.6white;\n"
    "label.bot(\"recall\",(0.5u,-10pt)); label.lft(\"precision\",(-10pt,0.5u));\n"
    "label.bot(\"0\",(0,0)); label.bot(\"1\",(u,0)); label.lft(\"1\",(0,u));\n"
    "pickup pencircle scaled 1pt;\n", f);
  fputs("draw ", f);
  for (i = 0; i <= 10; i++) {
    double lev = i / 10.0;
    int k;
    best = 0;
    for (k = 0; k < 7; k++) if (10 * hk[k] >= i * R && p[k] > best) best = p[k];
    fprintf(f, "%s(%.4fu,%.6fu)", i ? "--" : "", lev, best);
  }
  fputs(" withcolor (0.7,0,0);\npickup pencircle scaled 4pt;\n", f);
  for (i = 0; i < 7; i++) fprintf(f, "drawdot (%.6fu,%.6fu);\n", r[i], p[i]);
  fputs("pickup pencircle scaled 2.5pt;\n"
    "for k=0 upto 10: drawdot (k/10*u,-4pt) withcolor (0.7,0,0); endfor;\n"
    "label.rt(btex interpolated precision etex,(0.05u,1.08u)) withcolor (0.7,0,0);\n"
    "endfig;\nend\n", f);
  return close_figure(f, path);
}

@ The ERR cascade draws, for the graded list $3,1,0,2,4,1$ under the
default $g_{\max}=4$, the probability that the user reaches each rank (the
light bar) and the probability of stopping there (the dark bar inside it).
Both come from the library: the probability of stopping at rank~$r$ is
$r\,({\rm ERR}@@r-{\rm ERR}@@(r-1))$, since the term of rank~$r$ in the sum
is that probability over~$r$, and the probability of reaching rank~$r$ is
one less the probabilities of stopping above it.  The grade of each item is
written under its bar; the list's ERR is the sum of the dark bars, each
divided by its rank.

@<Tool functions@>=
static int figure_err(const char *dir)
{
  static const int grade[6] = {3, 1, 0, 2, 4, 1};
  double prev = 0, reach = 1;
  int r;
  char path[4200], name[16];
  FILE *f = open_figure(dir, "fig-err", path, sizeof path);
  if (f == NULL) return 0;
  fputs("beginfig(1);\nu := 1cm; v := 3cm;\n"
    "draw (0,0)--(6.5u,0); draw (0,0)--(0,1.05v);\n"
    "draw (0,v)--(-2pt,v); label.lft(\"1\",(-2pt,v));\n"
    "draw (0,0.5v)--(-2pt,0.5v); label.lft(\"0.5\",(-2pt,0.5v));\n"
    "label.bot(\"rank\",(3.5u,-20pt));\n", f);
  for (r = 1; r <= 6; r++) {
    rm_variant v;
    rm_list l = {6, grade, NULL, NULL, 0, NULL, NULL, NULL};
    double e, stop;
    snprintf(name, sizeof name, "err@@%d", r);
    if (rm_variant_parse(name, &v, NULL, 0) != RM_OK
        || rm_value(&v, &l, NULL, &e) != RM_OK) { out_abandon(&fig_out); return 0; }
    stop = r * (e - prev);
    fprintf(f, "fill (%d.2u,0)--(%d.8u,0)--(%d.8u,%.6fv)--(%d.2u,%.6fv)--cycle"
      " withcolor (0.85,0.9,1);\n", r - 1, r - 1, r - 1, reach, r - 1, reach);
    fprintf(f, "fill (%d.35u,0)--(%d.65u,0)--(%d.65u,%.6fv)--(%d.35u,%.6fv)--cycle"
      " withcolor (0,0,0.6);\n", r - 1, r - 1, r - 1, stop, r - 1, stop);
    fprintf(f, "label.bot(\"%d\",(%d.5u,0)); label.bot(\"g=%d\",(%d.5u,-9pt));\n",
      r, r - 1, grade[r - 1], r - 1);
    reach -= stop;
    prev = e;
  }
  fputs("label.rt(btex reaches rank $r$ etex,(4.2u,1.0v)) withcolor (0.4,0.5,0.8);\n"
    "label.rt(btex stops at rank $r$ etex,(4.2u,0.88v)) withcolor (0,0,0.6);\n"
    "endfig;\nend\n", f);
  return close_figure(f, path);
}

@ @<Tool functions@>=
static int cmd_figures(int argc, char **argv)
{
  if (argc != 2 || strcmp(argv[0], "--out") != 0) {
    fputs("rankmetrics: figures: usage: rankmetrics figures --out DIR\n", stderr);
    return 2;
  }
  if (!figure_discount(argv[1]) || !figure_roc003(argv[1]) || !figure_roc002(argv[1])
      || !figure_pr004(argv[1]) || !figure_err(argv[1])) {
    fprintf(stderr, "rankmetrics: figures: cannot write in '%s'\n", argv[1]);
    return 1;
  }
  return 0;
}

@** Hostile input.
This library reads lists, names and numbers that strangers wrote, and it is
linked into programs it does not know.  It must not crash, must not read or
write out of bounds, and must not give a number for input it did not
understand.  This part says what each bad input gets, and which test shows
it.  Three make targets run the library under tools that look for the
faults no ordinary test sees.  \.{make check-sanitize} builds the library and
the test runner again in \.{build/san}, under AddressSanitizer and
UndefinedBehaviorSanitizer.  It runs every suite and fails on any report.
\.{make check-valgrind} runs the library's suites under valgrind's memcheck,
leak check included.  \.{make fuzz} runs the libFuzzer harnesses of
\.{tests/fuzz} for \.{FUZZ\_SECONDS} each, also under both sanitizers.
@^hostile input@>@^fuzzing@>@^sanitizers@>

@* Bad input and its answer.
The library answers every bad input with a status (see |@<Public types@>|).
It does not abort, exit or print.  A negative status comes with no value, on
both paths, and the fuzzer checks that the two paths return the same status.
The table lists the bad inputs that reach the library so far.  The third
column names the test: a Check test of \.{tests/check\_rankmetrics.c}, or a
harness of \.{tests/fuzz}.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&\.{#}\hfil\cr
\bf input&\bf answer&\bf test\cr
\noalign{\smallskip}
score NaN, $+\infty$ or $-\infty$&|RM_ESCORE|&test\_edge\_errors, fuzz\_metrics\cr
grade below 0 or too large&|RM_EGRADE|&test\_edge\_errors, fuzz\_metrics\cr
judged grade out of range&|RM_EGRADE|&test\_edge\_errors, fuzz\_metrics\cr
a rating where a grade is needed&|RM_EGRADE|&test\_ratings, hostile\_test\cr
a malformed rating (\.{3,5}, \.{inf})&|RM_EGRADE|&test\_ratings, test\_api\cr
cutoff 0, signed, 01, empty&|RM_ENAME|, ``cutoff''&test\_names\_rejections\cr
cutoff above |RM_K_MAX|&|RM_ENAME|, |RM_EK|&test\_names\_rejections\cr
unknown metric, key or word&|RM_ENAME|, nearest name&test\_names\_rejections\cr
malformed or repeated option&|RM_ENAME|, column&test\_names\_rejections\cr
any bytes as a name&status and message&fuzz\_variant\cr
NUL byte in a name&name ends at the NUL&fuzz\_variant\cr
empty list, no relevant item&|RM_UNDEFINED| or |RM_EUNDEF|&test\_edge\_empty\cr
duplicate identifiers&accepted&fuzz\_metrics\cr
null pointer, missing array&|RM_EINVAL|&test\_edge\_errors\cr
tie rule without identifiers&|RM_EIDS|&test\_edge\_errors\cr
score $10^{308}$ or subnormal&a value (scaled)&fuzz\_metrics\cr
variant's metric out of range&|RM_ENAME|, no name&test\_metric\_out\_of\_range\cr
variant's aggregator out of range&|RM_ENAME|, no name&test\_agg\_out\_of\_range\cr
a key's value out of range&|RM_ENAME|, no name&test\_word\_out\_of\_range\cr
null variant to the printer&empty name&test\_null\_and\_buffer\cr
null to a |void| function&ignored&test\_null\_and\_buffer\cr
null buffer for the printer&the length&test\_null\_and\_buffer\cr
workspace missing an array&grown&test\_work\_half\_missing\cr
null rating in a list of ratings&|RM_EGRADE|&test\_list\_fields\cr
a label \.{0x10}, \.{inf}, \.{1e999}&|RM_LABEL_BAD|&test\_label\_kind\cr
ratings equal as numbers&|rm_label_cmp| gives 0&test\_label\_cmp\cr
\noalign{\smallskip}}}$$
The rows that name a variant's fields concern a variant made by hand, not by
the parser; such a variant has no name (the printer writes the empty string
and returns~0) and no bound (|rm_ulp_bound| gives~0).  Every function that reads a variant checks the fields it reads
against the lengths of the tables before it reads them (|check_keys|), so a
metric added to the tables is covered without a change to the checks.  The
tests of these rows are in \.{tests/check\_api.c}, case \.{fields}, and
each crashed or read past a table before the checks were added.
Every message of |rm_variant_parse| gives the column (counting from~1) and
says what was wrong.  For an unknown word it also gives the nearest valid
word, so \.{ndgc@@10} gets ``unknown metric `ndgc' (did you mean
`ndcg'?)''.  The harness \.{fuzz\_variant} feeds the parser arbitrary bytes.
A name that is refused must come back with a status and a message that
ends inside the buffer, even a buffer of 8 bytes.  An accepted name must
print in fewer than |RM_NAME_MAX| characters, and the printed name must
parse again to the same variant: the same canonical name, and the same value
on a fixed list.  The harness \.{fuzz\_metrics} decodes a variant, a cutoff
(hostile ones included), grades, scores and identifiers from its input.  On
every input the two paths must return the same status.  When there is a
value, the double must be within |rm_ulp_bound| ulps of the exact value.
nDCG under \.{ideal=judged}, \.{list} or \.{topk} must lie in $[0,1]$.

@ The tool's readers of files answer a bad line with \.{FILE:LINE: what was
wrong} on standard error and a non-zero exit, and print no value; the
readers are those of \.{eval} (TREC judgments and runs, delimited files) and
of \.{verify} (candidate results, the text twins of the vectors), and each
line passes |line_check| (see \.{Evaluating run files}).  Every row is a case
of \.{tests/hostile\_test.sh}; the harnesses \.{fuzz\_trec}, \.{fuzz\_csv}
and \.{fuzz\_candidates} compile the tool's source into themselves and feed
its readers arbitrary bytes, under both sanitizers and LeakSanitizer.
$$\vbox{\halign{#\hfil\quad&#\hfil\cr
\bf input&\bf answer\cr
\noalign{\smallskip}
\.{\\r\\n} line ends&accepted\cr
UTF-8 byte-order mark at the start&dropped, accepted\cr
NUL byte&\.{FILE:LINE: NUL byte}\cr
line of a megabyte or more&read whole\cr
invalid UTF-8 in an identifier&\.{invalid UTF-8 in an identifier}\cr
invalid UTF-8 in a candidate line&\.{invalid UTF-8} (comments exempt)\cr
missing or extra field&the count of fields found\cr
run line without its tag&refused: six fields, as trec\_eval\cr
empty file, or header only&\.{no judgments}, \.{no run lines}, \dots\cr
score NaN, infinite, not a number&\.{score '...' is not a finite number}\cr
score too large, or nonzero but rounding to 0&the same, and which\cr
candidate value NaN or infinite&\.{'...' is not a finite number}\cr
candidate value nonzero, read as 0&\.{'...' is not zero, but too small}\cr
grade hexadecimal, $\pm\infty$, spaced&\.{grade '...' is not a whole number}\cr
grade fractional or huge (a rating)&refused unless every measure reads ratings\cr
grade negative (TREC's $-1$, $-2$)&read as 0, counted in the summary\cr
\.{--score}, \.{--item}, \dots\ naming no column&\.{--score names the column '...'}, the columns\cr
header \.{Score} for the default \.{score}&read, and noted; two such refused\cr
a column twice in the header&\.{the header has 2 columns '...'}\cr
vector list item missing or bad&\.{a grade is not a whole number}, \dots\cr
\noalign{\smallskip}}}$$
A negative grade is the one bad-looking input that is accepted: TREC's
judgments use $-1$ and $-2$ for documents judged non-relevant or spam, and
trec\_eval reads them as not relevant, so \.{eval} does too and says how many
it read.  An output file is never left half-written: \.{eval} copies its
output from a temporary file only at the end, and every file a command
writes (\.{-o}, \.{--tex}, \.{vectors}, \.{figures}) is written under a
temporary name and renamed into place when complete (see the next
section).  The harness \.{fuzz\_csv} found one fault: a delimited file has no
unretrieved judged items, and the copy of a kept query passed |memcpy| a
null pointer for them (harmless in practice, undefined in C); |ev_dup| now
copies nothing then.

@ {\it Files that cannot be read or written.}  An audit of the tool
done as a hostile user would do it found six ways to end with status~0 and a
wrong or missing answer; four were about files: an allocation failure
taken for the end of the input (a 60~MB line under a memory limit gave the
mean of the queries before it, 0.8333 for the true 0.6111), standard output
on a full disk, \.{eval}'s temporary file in a full directory (0 of
76~KB reached the output), and \.{disagree --tex} renaming a regular file
over a symbolic link or over \.{/dev/full}.  Each has now one answer, given
by the functions of {\it Files} in the tool's part (|tool_getline|,
|out_start|, |close_stdout|), and a test.  The test \.{fault\_test.sh} runs
the tool built with \.{-DRM\_FAULTS}, which fails the $N$th allocation,
output write or line read on request, for every~$N$ that a few
representative commands reach (\.{eval} on TREC and CSV files, with
\.{-q}, to a file and to standard output, \.{value}, \.{verify}, and
\.{disagree --tex}; every $N$ up to 60, then every ninth); \.{io\_test.sh}
brings the other cases about for real on the ordinary build.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&\.{#}\hfil\cr
\bf case&\bf answer&\bf test\cr
\noalign{\smallskip}
an allocation fails, anywhere&\.{out of memory}, status 1&fault\_test\cr
a 30 MB line under \.{ulimit -v}&the right value, or \.{out of memory}&io\_test\cr
a read error&\.{FILE:LINE: read error: }{\it reason}&fault\_test\cr
a directory as input&\.{FILE: is a directory}&io\_test\cr
\.{/dev/zero} as input&\.{FILE:1: line longer than N bytes}&io\_test\cr
a line longer than |tool_line_max|&the same; a line of $N$ bytes is read&io\_test\cr
the last line without a newline&read&io\_test\cr
standard output on a full disk&\.{cannot write standard output}, status 2&io\_test\cr
\.{\$TMPDIR} full (16 kB tmpfs)&\.{cannot write the temporary file}&io\_test\cr
\.{\$TMPDIR} missing&\.{no temporary file}&io\_test\cr
any output write fails&\.{cannot write 'FILE'}, temporary removed&fault\_test\cr
\.{-o} or \.{--tex} a regular file&replaced by a rename when complete&io\_test\cr
the command fails under \.{-o}&the old file kept, with its mode&io\_test\cr
\.{-o} or \.{--tex} a symbolic link&the file it names replaced, the link kept&io\_test\cr
\.{-o} or \.{--tex} a device or FIFO&written in place; its errors reported&io\_test\cr
\.{-o /dev/stdout}&the tool's standard output, appended&io\_test\cr
\.{-o} a directory or a socket&refused&io\_test\cr
\.{-o} in a missing directory&\.{cannot write 'FILE'}&io\_test\cr
out of memory or a signal mid-output&temporaries removed&fault\_test\cr
\noalign{\smallskip}}}$$
The answer is an error with status~1 unless the table says otherwise; a
failed write of standard output turns status~0 into~2.  \.{-o} renames the
file into place when the command ends with status~0, or with status~1
from \.{verify}, \.{examples}, \.{accuracy} and \.{adequacy}, whose~1 is a
verdict on a complete report; otherwise the old file is kept and a line on
standard error says so.  The limit of a line is set for the tests by
\.{RANKMETRICS\_LINE\_MAX} (bytes).
@^fault injection@>@^out of memory@>@^silent failures@>

@ {\it Numbers: one rule, every reader.}\here{q:spellings}  Each spelling
below gets one answer from every reader of the tool: \.{value --grades}
and \.{--judged}, a TREC judgment, a delimited file's label, and for the
scores \.{value --scores}, a run and a delimited file's score.  The rules
are those of \secref{q:numbers} (labels, |rm_label_kind|) and
\secref{q:scores} (scores, |tool_score|); trec\_eval's answers, which read a
grade with |atoi| and a score with |atof|, are given beside them.  The
tests are in \.{tests/numbers\_test.sh}.
$$\vbox{\halign{\.{#}\hfil\quad&#\hfil\quad&#\hfil\cr
\rm label&\rm here&\rm trec\_eval\cr
\noalign{\smallskip}
2, +2, 2., 2.0, 002&the grade 2&2\cr
-0&the grade 0&0\cr
-1, -2.0&in a file: grade 0, counted; in \.{value}: a rating&$-1$, $-2$\cr
3.5, 10/3, 2.01&a rating&3, 10, 2\cr
0.99999999999999999999&a rating, read exactly&0\cr
1e2&a rating, 100&1\cr
101, 99999999999&a rating (above |RM_GRADE_MAX|)&101, overflow\cr
0x10, 0x1p3&refused&0\cr
inf, nan&refused&0\cr
1e999, 1/0&refused&1\cr
{\rm a space inside, an empty item}&refused&---\cr
\noalign{\medskip}
\rm score&\rm here&\rm trec\_eval\cr
\noalign{\smallskip}
1.5, -2, .5, 5., +1E+2, 1e-3&the double nearest&the same\cr
0e-400, -0&0&0\cr
1e-310, -4.9e-324&a subnormal double, accepted&the same\cr
1e-400, -2.5e-999&refused: nonzero, would be 0&0\cr
1e400, -1e400&refused: too large&$\pm\infty$\cr
0x10, 0x1p-3&refused&16, 0.125\cr
inf, nan, infinity&refused&$\infty$, NaN, $\infty$\cr
1e, 1.5.2&refused&1, 1.5\cr
\noalign{\smallskip}}}$$
A rating is refused, with its file and line, by every measure that needs a
grade; MAE, MSE, RMSE, \.{spearman} and \.{kendall} read it exactly as
written.  In a file, a negative whole number is TREC's mark of a judged
non-relevant document and becomes grade~0 (the summary counts it); on the
command line, where no convention asks for it, it stays what it is, a
rating.  \.{verify} reads the text twins of the vectors with readers of its
own, on purpose more lenient: an invalid test holds a grade out of range or
a score that is not finite, and the twin must carry it to the candidate.
@^grade, spelling of@>@^scores, one rule for@>

@ The fuzzer found two bugs, both now fixed.  The double path of \.{mae},
\.{mse} and \.{rmse} broke on extreme scores: scores of $10^{308}$ gave NaN
with status |RM_OK|, because a sum or a squared error overflowed (and a
compensated sum turned the overflow into NaN), though the exact values are
finite; and a subnormal score gave~0, because its square underflowed.  The
errors are now scaled by a power of two (see the chapter on rating errors),
and the harness checks such scores like any other.  One case is open, and
it is cost, not a wrong value.  Under \.{ideal=ones} the ideal list has
$K$ items, and at $K=|RM_K_MAX|$ the exact path takes about a minute.
Finally, AUC's pair counts are exact on both paths: the exact path counts
in GMP, the double path in 64-bit |size_t|, exact up to $1.8\cdot10^{19}$
pairs, and converts the count to a double once.  The test
|test_auc_huge_counts| goes past $10^{10}$ pairs: 100,000 positives and as
many negatives, alternating, give $99999/200000$ on both paths.

@ {\it Pointers into arrays that move.}  A crash of version 0.1.0 came from a
pointer kept into an array that |realloc| later moved (\.{verify} over two
families; see |finish_vector|).  Every array that grows was read again for
the same mistake; each is safe for the reason given.
\smallskip
\item{$\bullet$} The terms of a logarithmic form (|loglin_add|), of a
product of primes (|plog_add1|) and of an exact aggregate (the |agg_term|
array): reached by index only; the forms handed to Ziv's loop point into
the array after the last term is added.
\item{$\bullet$} The workspace |rm_work| (|work_reserve|): its two arrays are
read through the workspace after each reservation, never kept across one.
\item{$\bullet$} The evaluator's pools of strings (|ev_put|): addressed by
offsets, and the views of a query's judgments and documents (|ev_judg|, the
identifiers of a list) are built only after the query's last line is in
the pool.
\item{$\bullet$} The evaluator's per-query arrays (|ev_group_add|, the
claims and the hash table of |ev_merge|): reached by index, rebuilt per
query.
\item{$\bullet$} \.{verify}'s tests, groups and index (|verify_grow|): a
test reaches its own list as a field, never through a pointer to itself,
and groups are reached by index; the test |verify_all_test.sh| reads every
family in one run, plainly, under AddressSanitizer and under valgrind.
\smallskip
@^realloc, pointers into arrays moved by@>

@* Thread safety.
Several threads may call the library at once.  The library keeps no
mutable state outside its arguments: its tables are |const|, and its
results go to buffers the caller supplies.  The one exception was the help
text, which |rm_variant_help| built in a |static| buffer.  It now writes
straight into the caller's buffer (see |help_put|).  Each thread needs its
own |rm_work| and its own |rm_exact|.
@^thread safety@>

MPFR keeps caches of constants such as $\ln 2$, one set per thread.  A
thread that ends without freeing them leaks them.  So |rm_value_exact| and
|rm_value_set_exact| free the calling thread's caches before they return,
with |mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE)|.  This costs about a tenth of
the exact path's time, and a caller has nothing to do at thread exit.  The
exact path does assume MPFR's default exponent range, which is also kept
per thread, so a caller should not narrow that range in a thread that calls
the library.

The test \.{tests/check\_threads.c} first computes, in one thread, both paths
for 24 variants on 64 seeded random lists, with the canonical names and
the help text.  Four threads then repeat all of it at once, each starting
at a different place, and every result must agree in every bit.  Under
\.{make check-valgrind} the same test shows that no MPFR cache is left
behind.  Without the two changes of this part, valgrind finds the leaked
caches and the test finds a help text that another thread was writing.
@** Errata.
Every number printed in a source that is wrong by the source's own
definition, with the right value and the place where this book treats it.
A number is wrong when it differs from the value of the formula that the
source itself states by more than the source's own rounding.
$$\vbox{\halign{#\hfil\quad&#\hfil\quad&\hfil#\quad&\hfil#\quad&#\hfil\quad&#\hfil\cr
\rm source&\rm quantity&\rm printed&\rm right&\rm reason&\cr
\noalign{\smallskip\hrule\smallskip}
\src{000}, E000.4&fifth DCG term $1/\lg6$&\printed{E000.4-t5}&\ours{E000.4-t5}&truncated, not rounded&\secref{E000.4}\cr
\src{002}, E002.1&DCG@@5, model's order&\printed{E002.1-dcg}&\ours{E002.1-dcg}&a wrong grade&\secref{E002.1}\cr
\src{002}, E002.1&DCG@@5, true order&\printed{E002.1-idcg}&\ours{E002.1-idcg}&not reproducible&\secref{E002.1}\cr
\src{002}, E002.1&nDCG@@5&\printed{E002.1-ndcg}&\ours{E002.1-ndcg}&the two above&\secref{E002.1}\cr
\src{003}, E003.3&IDCG@@5&\printed{E003.3-idcg}&\ours{E003.3-idcg}&rounded terms&\secref{E003.3}\cr
\src{003}, E003.3&nDCG@@5&\printed{E003.3-ndcg}&\ours{E003.3-ndcg}&truncated&\secref{E003.3}\cr
\src{002}, E002.3&mean RR of 4 items&\printed{E002.3}&\ours{E002.3}&$1/7$ taken as $0.15$&\secref{E002.3}\cr
\src{003}, E003.5&HR of 3 users&30\%&\ours{E003.5}&$120/300$ is 40\%&\secref{E003.5-pooled}\cr}}$$
Each is discussed with its example, in the section given.  The code in the
sources has defects of its own, not printed numbers but wrong programs:
\src{000}'s three functions (\secref{C000.1}, \secref{C000.2},
\secref{C000.3}), \src{001}'s evaluator (\secref{C001}), and \src{003}'s
|calc_auc_simple| and its Python~2 script (\secref{C003.1}, \secref{C003.3}).  Beside the numbers,
\src{000\_0ec1f0283de4c3f9.txt} states an ideal DCG whose gain ($2^g-1$) is
not its DCG's (linear), and claims that nDCG is never~0 (\secref{sources}).
@^errata@>

@** Appendix: the sources, item by item.
Every formula, worked example and piece of code in the five sources, with
the section of this book that treats it.  Formulas and examples are numbered
in the order of each source (F for a formula, E for a worked example, C for
code).  For an example the table gives the number the source prints and
ours, correctly rounded, and its status: it {\it agrees}, it is an
{\it erratum}, the source prints {\it no} value, or the example is
{\it lost}.  Items marked ``---'' in the section column are not treated in
this version of the book.
@^sources, items of@>

$$\vbox{\halign{#\hfil\quad&#\hfil\quad&\tt#\hfil\quad&#\hfil\cr
\rm item&\rm content&\rm variant&\rm\S\cr
\noalign{\smallskip\hrule\smallskip}
F000.1&HR: hits over relevant, pooled&micro:hr@@K[hit=recall]&\secref{F000.1}\cr
F000.2&HR, prose: sum of hits over $M$&sum:hr@@K[hit=precision]&\secref{F000.2}\cr
F000.3&AP over all relevant items&ap[norm=rel]&\secref{F000.3}\cr
F000.4&MAP, the mean of AP&mean:ap&\secref{E002.2}\cr
F000.5&MRR, first relevant item&mean:rr&\secref{rr-sources}\cr
F000.6&Tianchi score, all hits&rr@@5[hits=sum]&\secref{rr-sources}\cr
F000.7--9&CG, weight, DCG (linear gain)&dcg[gain=linear]&\secref{sources}\cr
F000.10&nDCG, averaged over users&mean:ndcg&\secref{sources}\cr
F000.11&IDCG with gain $2^g-1$&idcg[gain=exp2]&\secref{sources}\cr
F001.1&Recall@@$K$, mean over users&mean:recall@@K&\secref{F001.1}\cr
F001.2&Precision@@$K$, mean over users&mean:precision@@K&\secref{F001.2}\cr
F001.3&$F_\beta$ of averaged P and R&fmean@@K&\secref{F001.3}\cr
F001.4&HR, any hit&mean:hr@@K[hit=any]&\secref{F001.4}\cr
F001.5&MRR@@$K$, first hit&mean:rr@@K&\secref{rr-sources}\cr
F001.6--7&MAP@@$K$, AP over hits&mean:ap@@K[norm=hits]&\secref{F001.7}\cr
F001.8--9&nDCG@@$K$, binary DCG&ndcg@@K[gain=binary]&\secref{sources}\cr
F001.10&IDCG from $K$ ones&ideal=ones&\secref{F001.10}\cr
F001.11--12&novelty, popularity $p(i)$&novelty@@K&\secref{F001.11}\cr
F001, \S1&MAE, MSE, RMSE (names only)&mae, mse, rmse&\secref{F003.1}\cr
F002.1&grades from scores&&\secref{F002.1}\cr
F002.2--4&CG, DCG, nDCG (gain $2^g-1$)&ndcg[gain=exp2,ideal=list]&\secref{sources}\cr
F002.5&MAP by example&mean:ap&\secref{F002.5}\cr
F002.6&``MRR'': mean over relevant items&rr[hits=mean]&\secref{rr-sources}\cr
F002.7&AUC by pair count&auc&\secref{F002.7}\cr
F002.8&GAUC, mean over requests&mean[skip=undef]:auc&\secref{F002.8}\cr
F003.1--3&accuracy, precision, recall&accuracy, clf-\dots&\secref{F003.1}\cr
F003.4--5&AUC, pairs and rank sum&auc[ties=average]&\secref{F003.5}\cr
F003.6&GAUC, weighted by impressions&mean[weight=items]:auc&\secref{F003.6}\cr
F003.7--9&CG, DCG, nDCG (judged ideal)&ndcg[gain=exp2]&\secref{sources}\cr
F003.10&HR: hits over relevant&hr@@K[hit=recall]&\secref{F003.10}\cr
F004.1&MRR, first relevant result&mean:rr&\secref{rr-sources}\cr
F004.2--3&MAP, AP over relevant items&mean:ap&\secref{F004.2}\cr}}$$

@ The worked examples.  A quantity the source computes but does not print is
``---'' in the printed column; a lost example has no values.

$$\vbox{\halign{#\hfil\quad&#\hfil\quad&\hfil#\quad&\hfil#\quad&#\hfil\quad&#\hfil\cr
\rm item&\rm quantity&\rm printed&\rm ours&\rm status&\rm\S\cr
\noalign{\smallskip\hrule\smallskip}
E000.1&HR of three users&\printed{E000.1}&\oursq{E000.1}&agrees&\secref{E000.1-pooled}\cr
E000.2&Tianchi scores, four cases&1, 1/2, 0, \dots&\oursq{E000.2-d}&agrees&\secref{E000.2}\cr
E000.3&CG of two orders&same&\oursq{E000.3-cg-rec}&agrees&\secref{E000.3}\cr
E000.4&CG&---&\oursq{E000.4-cg}&no value&\secref{E000.4}\cr
&DCG@@6&\printed{E000.4-dcg}&\ours{E000.4-dcg}&agrees&\secref{E000.4}\cr
&fifth DCG term&\printed{E000.4-t5}&\ours{E000.4-t5}&erratum&\secref{E000.4}\cr
&IDCG, nDCG&---&&lost&\secref{E000.4}\cr
E000.5&AP example (an image)&&&lost&\secref{E000.5}\cr
E001&four examples (images)&&&lost&\secref{E001}\cr
E002.1&CG, CG@@1 (four values)&5, 5, 3, 1&\oursq{E002.1-cg}, \dots&agrees&\secref{E002.1}\cr
&DCG@@5, model's order&\printed{E002.1-dcg}&\ours{E002.1-dcg}&erratum&\secref{E002.1}\cr
&DCG@@5, true order&\printed{E002.1-idcg}&\ours{E002.1-idcg}&erratum&\secref{E002.1}\cr
&nDCG@@5&\printed{E002.1-ndcg}&\ours{E002.1-ndcg}&erratum&\secref{E002.1}\cr
E002.2&AP of one topic (MAP)&\printed{E002.2}&\ours{E002.2}&agrees&\secref{E002.2}\cr
E002.3&``MRR'' of one topic&\printed{E002.3}&\ours{E002.3}&erratum&\secref{E002.3}\cr
E002.4&AUC, 10 of 16 pairs&\printed{E002.4}&\ours{E002.4}&agrees&\secref{E002.4}\cr
E002.5&GAUC against AUC&&&lost&\secref{GAUC}\cr
E003.1&AUC with ties&\printed{E003.1}&\oursq{E003.1}&agrees&\secref{E003.1}\cr
E003.2&the code on its data&---&see C003&no value&\secref{E003.2}\cr
E003.3&CG@@5, DCG@@5&13, 38.5&\oursq{E003.3-cg}, \ours{E003.3-dcg}&agrees&\secref{E003.3}\cr
&IDCG@@5&\printed{E003.3-idcg}&\ours{E003.3-idcg}&erratum&\secref{E003.3}\cr
&nDCG@@5&\printed{E003.3-ndcg}&\ours{E003.3-ndcg}&erratum&\secref{E003.3}\cr
E003.4&HR of one user&30\%&\oursq{E003.4}&agrees&\secref{E003.4}\cr
E003.5&HR of three users&30\%&\oursq{E003.5}&erratum&\secref{E003.5-pooled}\cr
E004.1&MRR of three queries&\printed{E004.1}&\oursq{E004.1}&agrees&\secref{E004.1}\cr
E004.2&AP of query 1&\printed{E004.2}&\oursq{E004.2}&agrees&\secref{E004.2}\cr
E004.3&query 2 and the MAP&&&lost&\secref{E004.3}\cr}}$$

@ The code.

$$\vbox{\halign{#\hfil\quad&#\hfil\quad&\tt#\hfil\quad&#\hfil\cr
\rm item&\rm what it is&\rm what it computes&\rm\S\cr
\noalign{\smallskip\hrule\smallskip}
C000.1&\src{000}'s |HitRate|&micro:hr@@K[hit=rows]&\secref{C000.1}\cr
C000.2&\src{000}'s |MAP|&mean:apstep&\secref{C000.2}\cr
C000.3&\src{000}'s ``|MRR|''&mean:lrap&\secref{C000.3}\cr
C001&\src{001}'s |Evaluator|&means of six variants&\secref{C001}\cr
C003.1&\src{003}'s |calc_auc_simple|&auc[ties=reverse]&\secref{C003.1}\cr
C003.2&\src{003}'s |calc_auc|&auc[ties=average]&\secref{C003.2}\cr
C003.3&the scikit-learn call&auc[ties=average]&\secref{C003.3}\cr}}$$
\src{000} also names a metric ``RC'' (rank correlation, probably) and defines
nothing of it; the chapter on rank correlation gives the standard
definitions (\secref{N000.RC}).  \src{001} names diversity, serendipity and coverage without
defining them; \src{002} names the average predicted position and the online
rates CTR, CVR and LCVR.  None of them is treated in this version.

@** Appendix: the tables of disagreement.\here{distables}
These are the results of \.{rankmetrics disagree all}, read from
\.{doc/disagree.tex}; the part ``Where the definitions disagree'' explains
the search, the rates and the notation, and its first pages summarise the
splits that matter most.  Each pair takes two rows: its two variants, the
smallest witness (grades and cutoff \.{K1} over scores \.{s0,1} and the
grade \.{j1} of an unretrieved judged item), the two exact values, the
split rate over \dispop\ random queries over its 95\% interval, and the
median over the largest difference.  $^\star$ marks a split named by the
sources, $^b$ a pair that no input with binary grades separates.
@^disagreements, tables of@>

\medskip
\distables

@** Index.
Here is a list of the identifiers of this program and of the ideas it
treats, with the sections where each is defined (underlined) and used.
