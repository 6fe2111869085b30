#!/usr/bin/env bash
# names_test.sh: the names of trec_eval and ir_measures (the book's section
# "Names of trec_eval and ir_measures").  1. Every row \ta{TREC}{IRM}{VARIANT}
# of its table: each name on the left, with the cutoff K set to 10, has the
# canonical name of the variant on the right, the meaning read from
# trec_eval's and ir_measures' sources; so the table is what the parser does.
# 2. The other spellings the section lists.  3. Names with no variant are
# refused by name, not as unknown metrics.  4. eval -m map -m P_10
# -m ndcg_cut_10 on a small file with a tie and grades, worked out by hand.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
RM=${TOOL:-./rankmetrics}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }
# same NAME DEFINITION: NAME parses, and to the canonical name of DEFINITION
same() {
  local a b
  a=$($RM name "$1" 2>"$T/name.err") || { bad "'$1' refused: $(cat "$T/name.err")"; return; }
  b=$($RM name "$2" 2>"$T/name.err") || { bad "definition '$2' refused: $(cat "$T/name.err")"; return; }
  if [ "$a" = "$b" ]; then ok; else bad "'$1' is '$a', expected '$b' (from '$2')"; fi
}

# ---- 1. the table of the book -------------------------------------------
awk '/^@\* Names of trec\\_eval and ir\\_measures\./ {p = 1} /^@\* The sources\./ {p = 0} p' \
  rankmetrics.w | grep '^\\ta{' | sed 's/@@/@/g; s/\\_/_/g; s/\\char`\\\([{}]\)/\1/g; s/^\\ta{//; s/}$//; s/}{/\t/g' > "$T/rows"
rows=$(wc -l < "$T/rows")
[ "$rows" -ge 19 ] || bad "the table has $rows rows, expected at least 19"
# An ir_measures name of pytrec_eval's reads the files as trec_eval 9.0.8
# (the text above the table): its variant has scores=float32 where it ranks,
# and negative=unjudged for bpref, infap, drop=unjudged and gain maps.
im_var() { # VARIANT NAME
  local v=$1 add=scores=float32,
  case $($RM name "$2" 2>&1 >/dev/null) in *"provider pytrec_eval"*) ;; *) echo "$v"; return ;; esac
  [ "$2" = NumRet ] && { echo "$v[allneg=empty]"; return; } # pytrec_eval's queries judged only -1
  case $v in *ties=*) ;; *) echo "$v"; return ;; esac
  case $v in *bpref*|*infap*|*drop=unjudged*|*gain=map*) add=negative=unjudged,$add ;; esac
  echo "${v/ties=/${add}ties=}"
}
while IFS=$'\t' read -r te im var notes; do
  var=${var//@K/@10}
  for cell in "$te" "$im"; do
    [ "$cell" = '\none' ] && continue
    IFS=',' read -ra names <<< "$cell"
    for n in "${names[@]}"; do
      n=${n# }; n=${n%_K}; n=${n%.K}; n=${n%@K}
      m=$n
      # restore the cutoff that the cell's spelling used
      case " $cell," in *" ${n}_K,"*) m=${n}_10 ;; *" ${n}.K,"*) m=${n}.10 ;; *" ${n}@K,"*) m=${n}@10 ;; esac
      if [ "$cell" = "$im" ]; then same "$m" "$(im_var "$var" "$m")"; else same "$m" "$var"; fi
    done
  done
done < "$T/rows"

# ---- 2. other spellings ----------------------------------------------------
same MAP 'ap[scores=float32,ties=id-desc]'
same 'MAP@5' 'ap@5[scores=float32,ties=id-desc]'
same 'Precision@5' 'precision@5[scores=float32,ties=id-desc]'
same 'Recall@10' 'recall@10[scores=float32,ties=id-desc]'
same MRR 'rr[scores=float32,ties=id-desc]'
same 'MRR@10' 'rr@10[ties=id-asc]'
same 'NDCG@10' 'ndcg@10[scores=float32,ties=id-desc]'
same RPrec 'rprec[scores=float32,ties=id-desc]'
same 'ir_measures:Rprec' 'rprec[scores=float32,ties=id-desc]'
same 'trec_eval:Rprec' 'rprec[ties=id-desc]'
same 'trec_eval:recall_5' 'recall@5[ties=id-desc]'
same "nDCG(dcg='exp-log2')@20" 'ndcg@20[gain=exp2,ties=id-desc]'
same 'nDCG(dcg=log2,judged_only=False)@3' 'ndcg@3[scores=float32,ties=id-desc]'
same 'P(rel=3)@5' 'precision@5[rel=3,scores=float32,ties=id-desc]'
same 'R(rel=2)@10' 'recall@10[rel=2,scores=float32,ties=id-desc]'
same 'RR(rel=2)@10' 'rr@10[rel=2,ties=id-asc]'
same 'SetF(beta=0.5,rel=2)' 'f[beta2=1/2,rel=2,scores=float32,ties=id-desc]'
same 'set_F_0.25' 'f[beta2=1/4,ties=id-desc]'
same 'mean:map' 'mean:ap[ties=id-desc]'
same 'mean[skip=norel]:ERR@20' 'mean[skip=norel]:err@20[gmax=4,ties=id-desc]'
# the measures of incomplete judgments (the chapter of that name)
same 'rbp_resid_p=0.5' 'rbp-resid[p=1/2,ties=id-desc]'
same 'rbp.p=0.95' 'rbp[p=19/20,gain=linear,ties=id-desc]'
same 'trec_eval:rbp' 'rbp[p=9/10,gain=linear,ties=id-desc]'
same 'unj_20' 'unj@20[ties=id-desc]'
same 'Bpref(rel=2)' 'bpref[rel=2,negative=unjudged,scores=float32,ties=id-desc]'
same 'infAP(rel=3)' 'infap[rel=3,negative=unjudged,scores=float32,ties=id-desc]'
same 'mean:infAP' 'mean:infap[negative=unjudged,scores=float32,ties=id-desc]'
same 'iprec_at_recall.0.3' 'iprec[at=3/10,level=round,ties=id-desc]'
same 'iprec_at_recall_1.00' 'iprec[at=1,level=round,ties=id-desc]'
same 'iprec_at_recall_0.00' 'iprec[at=0,level=round,ties=id-desc]'
same 'IPrec(rel=2)@0.5' 'iprec[at=1/2,level=trec9,rel=2,scores=float32,ties=id-desc]'
same 'NumRel(rel=1)' 'sum:nrel'
same 'NumRelRet(rel=3)' 'sum:nrelret[rel=3]'
same 'trec_eval:gm_map' 'gm:ap[ties=id-desc]'
same 'Rprec_mult.1.4' 'rprecm[mult=7/5,ties=id-desc]'
same 'SetRelP(rel=2)' 'recall[norm=min,rel=2,scores=float32,ties=id-desc]'
# our own names keep their meaning
same bpref 'bpref[ties=input]'
same rbp 'rbp[ties=input,p=0.9,gain=binary,rel=1]'
same ndcg 'ndcg[ties=input]'
same recall 'recall[ties=input]'
same dcg 'dcg[ties=input]'

# ---- 3. refusals ------------------------------------------------------------
refused() { # NAME TEXT: refused, with TEXT in the message, and not as unknown
  local e
  if e=$($RM name "$1" 2>&1); then bad "'$1' accepted as '$e'"; return; fi
  case "$e" in *"unknown metric"*) bad "'$1' refused as unknown: $e"; return ;; esac
  case "$e" in *"$2"*) ok ;; *) bad "'$1': message '$e' lacks '$2'" ;; esac
}
# NumRel(rel=2): pytrec_eval's provider lists NumRel(rel=Choices(1)), and no
# other provider computes NumRel, so ir_measures finds none for it
refused 'NumRel(rel=2)' "has no provider in its default pipeline"
# ir_measures prints NumRelRet as NumRet(rel=1) and SetRelP as
# SetP(relative=True) (measures/numret.py, measures/set_measures.py); its
# parser (util.py parse_measure) is Python's: blanks between tokens, the
# AT_PARAM by name (cutoff, or recall for IPrec), an empty call, and a
# value after @ that overrides the named one
same 'NumRet(rel=1)' 'sum:nrelret[rel=1]'
same 'NumRet(rel=2)' 'sum:nrelret[rel=2]'
same 'SetP(relative=True)' 'recall[norm=min,scores=float32,ties=id-desc]'
same 'SetP(rel=2,relative=True)' 'recall[norm=min,rel=2,scores=float32,ties=id-desc]'
same 'SetP(relative=False)' 'precision[scores=float32,ties=id-desc]'
same 'P(cutoff=5)' 'precision@5[scores=float32,ties=id-desc]'
same 'P(rel=2,cutoff=5)' 'precision@5[rel=2,scores=float32,ties=id-desc]'
same 'P(cutoff=5,rel=2)' 'precision@5[rel=2,scores=float32,ties=id-desc]'
same 'P(cutoff=5)@10' 'precision@10[scores=float32,ties=id-desc]'
same 'P()@5' 'precision@5[scores=float32,ties=id-desc]'
same 'IPrec(recall=0.3)' 'iprec[at=0.3,level=trec9,scores=float32,ties=id-desc]'
same 'P @ 5' 'precision@5[scores=float32,ties=id-desc]'
same 'P( rel = 2 ) @ 5' 'precision@5[rel=2,scores=float32,ties=id-desc]'
same 'nDCG(cutoff=10, judged_only=True)' 'ndcg@10[drop=unjudged,negative=unjudged,scores=float32,ties=id-desc]'
same "nDCG(dcg='exp-log2', cutoff=20)" 'ndcg@20[gain=exp2,ties=id-desc]'
same 'nDCG(gains={0: 1, 1: 4}, cutoff=3)' 'ndcg@3[gain=map:0=1;1=4,negative=unjudged,scores=float32,ties=id-desc]'
same 'Judged(cutoff=5)' 'judged@5[denom=list,ties=id-asc]'
same 'mean:P @ 5' 'mean:precision@5[scores=float32,ties=id-desc]'
refused 'Rprec(cutoff=5)' "takes no cutoff"
same 'trec_eval:G' 'ngain[ties=id-desc]'
same 'G' 'ngain[ties=id-desc]'
same 'trec_eval:ndcg_rel' 'ndcg-rel[ties=id-desc]'
same 'trec_eval:Rndcg' 'rndcg[ties=id-desc]'
for n in relstring ndcg_p yaap prefs_simp P_avgjg runid; do
  refused "trec_eval:$n" "trec_eval's ${n%%_[0-9]*} has no rankmetrics variant yet"
done
refused iprec_at_recall "needs one recall level"
refused 'iprec_at_recall.0.1,0.2' "several measures"
refused iprec_at_recall_1.5 "at is a recall level"
refused IPrec "needs a recall level"
refused Rprec_mult "needs one multiplier of R"
refused 'mean:num_rel' "already"
refused 'rbp.q=1' "takes the parameter p="
same unj 'unj[ties=input]'
same 'Judged' 'judged[ties=id-asc]'
same 'Judged@5' 'judged@5[denom=list,ties=id-asc]'
refused 'rbp[p=1]' "must be below 1"
same 'trec_eval:gm_bpref' 'gm:bpref[ties=id-desc]'
# ir_measures' diversity measures: ndeval's conventions as pyndeval computes
# them (the book's chapter on diversity): ranked by score, ties to the
# smaller name, alpha = beta = 1/2, cutoffs up to 20
same 'alpha_nDCG@20' 'alpha-ndcg@20[ties=id-asc]'
same 'alpha_DCG(alpha=0.3)@5' 'alpha-dcg@5[alpha=3/10,scale=ndeval,ties=id-asc]'
same 'ERR_IA@20' 'err-ia@20[scale=ndeval,ties=id-asc]'
same 'nERR_IA(rel=2)@10' 'nerr-ia@10[rel=2,ties=id-asc]'
same 'NRBP(beta=0.8)' 'nrbp[beta=4/5,ties=id-asc]'
same 'MAP_IA' 'ap-ia[ties=id-asc]'
same 'StRecall@10' 'strec@10[ties=id-asc]'
refused 'P_IA@21' "takes K up to 20"
same 'alpha_nDCG(judged_only=True)@5' 'alpha-ndcg@5[drop=unjudged,ties=id-asc]' # pyndeval's judged_only: the run's unjudged documents removed
refused 'StRecall' "needs a cutoff"
refused 'ndcg@10[ideal=greedy]' "ideals of the diversity measures"
# cwl_eval's RBP and SDCG (the book's note q): RBP over 1000 ranks, its
# persistence 0.8 by default and rel required; SDCG a DCG over the DCG of K
# ones, grades clipped to [min_rel, max_rel] and scaled to [0, 1]
same 'RBP(p=0.5,rel=1)' 'rbp[p=1/2,depth=1000,rel=1,ties=input]'
same 'RBP(rel=1)' 'rbp[p=4/5,depth=1000]'
same "ir_measures:RBP(rel=3,p=0.95)" 'rbp[p=19/20,depth=1000,rel=3]'
same 'mean:RBP(rel=1)' 'mean:rbp[p=0.8,depth=1000]'
same 'SDCG(max_rel=4)@10' 'ndcg@10[gain=clip:0..4,ideal=ones]'
same 'SDCG(max_rel=3,min_rel=1)@5' 'ndcg@5[ideal=ones,gain=clip:1..3]'
same "SDCG(dcg='log2',max_rel=2)@20" 'ndcg@20[gain=clip:0..2,ideal=ones]'
same 'SDCG(max_rel=2)@5000' 'ndcg@1000[gain=clip:0..2,ideal=ones]'
refused 'RBP' "without rel has no provider"
refused 'RBP(p=0.8)' "without rel has no provider"
refused 'RBP(rel=1)@10' "RBP@K has no provider"
refused 'RBP(p=1,rel=1)' "ir_measures asserts 'invalid param p=1'"
refused 'RBP(rel=0)' "rel must be a whole number from 1"
refused 'SDCG@10' "needs max_rel"
refused 'SDCG(max_rel=3)' "needs a cutoff"
refused "SDCG(max_rel=3,dcg='exp-log2')@10" "takes dcg=log2 only"
refused 'SDCG(max_rel=3,min_rel=-1)@10' "min_rel must be a whole number from 0"
refused 'SDCG(max_rel=3,min_rel=3)@10' "0 <= m < M <= 100"
refused 'SDCG(max_rel=3,rel=1)@10' "takes no parameter 'rel'"
refused 'ndcg[gain=clip:2..1]' "0 <= m < M <= 100"
refused 'ndcg[gain=clip]' "0 <= m < M <= 100"
refused 'rbp[gain=clip:0..2]' "cg, dcg, idcg, ndcg, insq, inst, nerr8..nerr11 and bpm only"
# cwl_eval's INSQ (the book's section on insq): T the target gain, default 1,
# grades clipped and scaled as SDCG's, max_rel required, no cutoff
same 'INSQ(max_rel=3)' 'insq[t=1,gain=clip:0..3,ties=input]'
same 'INSQ(T=0.5,max_rel=1)' 'insq[t=1/2,gain=clip:0..1]'
same 'INSQ(max_rel=3,min_rel=1,T=2.0)' 'insq[t=2,gain=clip:1..3]'
same 'mean:INSQ(max_rel=2)' 'mean:insq[gain=clip:0..2,ties=input]'
same 'insq' 'insq[t=1,gain=binary,rel=1,ties=input]'
refused 'INSQ' "needs max_rel"
refused 'INSQ(max_rel=3)@10' "INSQ takes no cutoff"
refused 'INSQ(max_rel=3,rel=1)' "takes no parameter 'rel'"
refused 'INSQ(max_rel=3,T=0)' "ir_measures asserts 'invalid param T=0'"
refused 'INSQ(max_rel=3,min_rel=3)' "0 <= m < M <= 100"
refused 'insq@10' "insq takes no cutoff"
refused 'insq[gain=linear]' "insq takes gain=binary or gain=clip:m..M"
refused 'insq[t=1001]' "t must be a fraction"
# cwl_eval's INST and NERR8..NERR11 (the book's chapter on adaptive C/W/L
# measures): INST and NERR11 take T as INSQ does, NERR10 p (default 0.9, not
# RBP's 0.8), NERR8 and NERR9 need a cutoff; all need max_rel
same 'INST(max_rel=3)' 'inst[t=1,gain=clip:0..3,ties=input]'
same 'INST(T=0.5,max_rel=2,min_rel=1)' 'inst[t=1/2,gain=clip:1..2,ties=input]'
same 'NERR8(max_rel=2)@10' 'nerr8@10[gain=clip:0..2,ties=input]'
same 'NERR8(max_rel=2)@5000' 'nerr8@1000[gain=clip:0..2,ties=input]'
same 'NERR9(min_rel=1,max_rel=4)@3' 'nerr9@3[gain=clip:1..4,ties=input]'
same 'NERR10(max_rel=1)' 'nerr10[p=9/10,gain=clip:0..1,ties=input]'
same 'NERR10(p=0.5,max_rel=3)' 'nerr10[p=1/2,gain=clip:0..3,ties=input]'
same 'NERR11(max_rel=3)' 'nerr11[t=1,gain=clip:0..3,ties=input]'
same 'NERR11(T=2.0,max_rel=3)' 'nerr11[t=2,gain=clip:0..3,ties=input]'
same 'mean:NERR11(max_rel=2)' 'mean:nerr11[gain=clip:0..2,ties=input]'
same 'ir_measures:INST(max_rel=1)' 'inst[gain=clip:0..1,ties=input]'
same 'inst' 'inst[t=1,gain=binary,rel=1,ties=input]'
same 'nerr8' 'nerr8[gain=binary,rel=1,ties=input]'
same 'nerr10' 'nerr10[p=0.9,gain=binary,rel=1,ties=input]'
refused 'INST' "INST needs max_rel"
refused 'INST(max_rel=3)@10' "INST takes no cutoff"
refused 'INST(max_rel=3,p=0.5)' "takes no parameter 'p'"
refused 'NERR8(max_rel=3)' "NERR8 needs a cutoff"
refused 'NERR9@10' "NERR9 needs max_rel"
refused 'NERR9(max_rel=3,T=2)@10' "takes no parameter 'T'"
refused 'NERR10(max_rel=3)@10' "NERR10 takes no cutoff"
refused 'NERR10(max_rel=3,rel=1)' "takes no parameter 'rel'"
refused 'NERR10(p=1,max_rel=3)' "ir_measures asserts 'invalid param p=1'"
refused 'NERR11(max_rel=3,T=0)' "ir_measures asserts 'invalid param T=0'"
refused 'NERR11(max_rel=3,min_rel=4)' "0 <= m < M <= 100"
refused 'inst@10' "inst takes no cutoff"
refused 'nerr10@10' "nerr10 takes no cutoff"
refused 'nerr11@10' "nerr11 takes no cutoff"
refused 'nerr9[gain=exp2]' "take gain=binary or gain=clip:m..M"
refused 'inst[ties=average]' "ties=average is not defined"
refused 'nerr8[t=2]' "does not apply"
refused 'inst[p=1/2]' "does not apply"
# cwl_eval's BPM (static): T as INSQ's, the cutoff K its cost budget, required
same 'BPM(max_rel=3)@10' 'bpm@10[t=1,gain=clip:0..3,ties=input]'
same 'BPM(T=2.0,max_rel=3,min_rel=1)@5' 'bpm@5[t=2,gain=clip:1..3,ties=input]'
same 'BPM(T=0.5,max_rel=1)@5000' 'bpm@1000[t=1/2,gain=clip:0..1,ties=input]'
same 'bpm' 'bpm[t=1,gain=binary,rel=1,ties=input]'
refused 'BPM(max_rel=3)' "BPM needs a cutoff"
refused 'BPM@10' "BPM needs max_rel"
refused 'BPM(max_rel=3,p=0.5)@10' "takes no parameter 'p'"
refused 'bpm[gain=exp2]' "take gain=binary or gain=clip:m..M"
refused 'bpm@5[ties=average]' "ties=average is not defined"
# the compat provider's Compat: RBO with the ideal ranking, normalised; p 0.95
same 'Compat' 'compat[p=19/20,ities=judgments,rel=1,ties=id-asc,undef=zero]'
same 'Compat(p=0.5)' 'compat[p=1/2,ities=judgments,ties=id-asc]'
same 'Compat(normalize=True,p=0.9)' 'compat[p=0.9,ities=judgments,ties=id-asc]'
same 'compat' 'compat[p=0.95,ties=input]'
same 'Compat(normalize=False)' 'compat[p=19/20,normalize=none,ities=judgments,ties=id-asc]'
refused 'Compat(normalize=maybe)' "normalize is True or False"
refused 'Compat@10' "Compat takes no cutoff"
refused 'Compat(rel=2)' "takes no parameter 'rel'"
same 'Compat(p=1.0)' 'compat[p=1,ities=judgments,ties=id-asc]'
refused 'Compat(p=1.5)' "must be at most 1"
refused 'compat@5' "compat takes no cutoff"
refused 'compat[ties=average]' "ties=average is not defined"
refused 'compat[gain=binary]' "does not apply"
refused 'rbp-resid[depth=1000]' "does not apply"
refused 'rbp[depth=0]' "depth must be a whole number"
# the accuracy provider's Accuracy: the pairs a relevant document above a
# nonrelevant one, ties in input order, our auc (which takes no cutoff); the
# provider yields no value where auc is undefined and fills in no default
# (its evaluator overrides iter_calc), so its mean skips those queries
same 'Accuracy' 'mean[skip=undef]:auc[rel=1,ties=input,undef=zero]'
same 'Accuracy(rel=3)' 'mean[skip=undef]:auc[rel=3]'
# Accuracy@K: the pairs among the top K only, auc's key depth (not a cutoff)
same 'Accuracy@10' 'mean[skip=undef]:auc[depth=10,ties=input]'
same 'Accuracy(rel=2)@3' 'mean[skip=undef]:auc[rel=2,depth=3,ties=input,undef=zero]'
same 'Accuracy@100000' 'mean[skip=undef]:auc[depth=100000,ties=input]'
# an aggregator written before it is the one taken
same 'mean:Accuracy@3' 'mean:auc[depth=3,ties=input]'
same 'mean[skip=norel]:Accuracy' 'mean[skip=norel]:auc[ties=input]'
refused 'Accuracy@100001' "takes K up to 100000"
refused 'auc@10' "auc takes no cutoff (auc[depth=K]"
refused 'auc[depth=3,ties=average]' "not ties=average"
refused 'auc[depth=0]' "depth must be a whole number"
same 'AP(judged_only=True)' 'ap[judged=only,negative=unjudged,scores=float32,ties=id-desc]'
same 'SetP(relative=False)' 'precision[scores=float32,ties=id-desc]'
# gain maps (the book's section "Gains given grade by grade")
same 'nDCG(gains={0:0,1:1})@10' 'ndcg@10[gain=map:0=0;1=1,negative=unjudged,scores=float32,ties=id-desc]'
same 'nDCG(gains={2: 9, 1: 3.5})' 'ndcg[gain=map:1=7/2;2=9,negative=unjudged,scores=float32,ties=id-desc]'
same 'trec_eval:ndcg.2=9,1=3.5' 'ndcg[gain=map:1=3.5;2=9,ties=id-desc]'
same 'ndcg_1=0.5' 'ndcg[gain=map:1=1/2,ties=id-desc]'
same 'dcg.0=1' 'dcg[gain=map:0=1,ties=id-desc]'
same 'ideal_dcg.1=2.5' 'idcg[gain=map:1=5/2]'
same 'ndcg[gain=map:3=1/3;0=0.25,isort=trunc]' 'ndcg[isort=trunc,gain=map:0=1/4;3=1/3]'
refused 'ndcg_rel.1=3' "gain map on ndcg_rel has no rankmetrics variant yet"
refused 'trec_eval:ndcg.foo=3' "a whole grade"
refused 'trec_eval:ndcg.1=-1' "a gain is a number from 0"
refused 'ndcg[gain=map:1=2;1=3]' "grade 1 twice"
# a map of any length (main refused more than 8 grades): LightGBM's
# label_gain lists 31; the squares of 0..30, read from our name, from
# ir_measures' gains and from trec_eval's map, are one variant
M31=$(awk 'BEGIN { for (g = 0; g <= 30; g++) printf "%s%d=%d", g ? ";" : "", g, g * g }')
same "ndcg[gain=map:$M31]" "ndcg[gain=map:$(printf '%s' "$M31" | tr ';' '\n' | sort -r | paste -sd';')]"
same "nDCG(gains={$(printf '%s' "$M31" | sed 's/=/:/g; s/;/,/g')})" "ndcg[gain=map:$M31,negative=unjudged,scores=float32,ties=id-desc]"
same "trec_eval:ndcg.$(printf '%s' "$M31" | tr ';' ',')" "ndcg[gain=map:$M31,ties=id-desc]"
refused "ndcg[gain=map:$M31;101=1]" "a whole grade from 0 to 100"
refused 'ndcg[gain=map]' "needs its gains"
refused 'rbp[gain=map:1=2]' "cg, dcg, idcg and ndcg only"
refused 'ndcg[isort=trunc]' "does not apply"
refused 'nDCG(gains={0:1},dcg=exp-log2)@10' "takes no gains"
refused 'nDCG(judged_only=True,dcg=exp-log2)@10' "takes no judged_only=True"
refused 'ndcg[drop=none]' "none is its default"
same 'dcg[drop=unjudged,discount=jk]' 'dcg[discount=jk,drop=unjudged]'
refused 'nDCG(dcg=exp-log2)' "no provider"
refused ERR "needs a cutoff"
refused 'P.5,10' "several measures"
refused P_0 "whole number"
refused 'Rprec@5' "takes no cutoff"
refused 'trec_eval:recall' "needs a cutoff"
refused 'nDCG(rel=2)@10' "no parameter 'rel'"
if e=$($RM name foo 2>&1); then bad "foo accepted"; else
  case "$e" in *"unknown metric 'foo'"*) ok ;; *) bad "foo: $e" ;; esac; fi

# the help text lists the names (rm_variant_help, so value, name and eval)
h=$($RM --help)
for n in "trec_eval's map" P_K recip_rank ndcg_cut_K trec_eval:ndcg "ir_measures' AP" nDCG 'ERR@K'; do
  case "$h" in *"$n"*) ok ;; *) bad "--help does not mention $n" ;; esac
done

# ---- 4. eval with trec_eval's names, worked out by hand ------------------
# q1 retrieves a (grade 2, score 1), b (0, score 3), c (1, score 3); d (1) is
# judged, not retrieved.  b and c tie; trec_eval puts the larger docno first,
# so the ranking is c, b, a (in the file's order it would be b, c, a).
#   R = 3 (a, c, d).  AP = (1/1 + 2/3)/3 = 5/9.  P@10 = 2/10.
#   DCG@10 = 1/log2(2) + 0 + 2/log2(4) = 2; the ideal of the judged grades
#   2, 1, 1, 0 is 2 + 1/log2(3) + 1/2, so nDCG@10 = 2/(5/2 + 1/log2(3)).
# q2 ranks y (0) then x (1).  AP = 1/2.  P@10 = 1/10.  nDCG@10 = 1/log2(3).
# The means: map = 19/36, P_10 = 3/20, ndcg_cut_10 the mean of the two.
printf '1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n2 0 x 1\n2 0 y 0\n' > "$T/q"
printf '1 Q0 a 1 1 t\n1 Q0 b 2 3 t\n1 Q0 c 3 3 t\n2 Q0 y 1 2 t\n2 Q0 x 2 1 t\n' > "$T/r"
if ! $RM eval --quiet --trec -q -m map -m P_10 -m ndcg_cut_10 "$T/q" "$T/r" > "$T/out" 2>&1; then
  bad "eval failed: $(cat "$T/out")"
else
  l3='(log(3)/log(2))'
  while read -r m q want; do
    got=$(awk -F'\t' -v m="$m" -v q="$q" '$1 == m && $2 == q {print $3}' "$T/out")
    w=$(awk "BEGIN {printf \"%.17g\", $want}")
    if [ -n "$got" ] && awk -v g="$got" -v w="$w" 'BEGIN {d = g - w; exit !(d < 1e-12 && d > -1e-12)}'; then ok
    else bad "eval $m $q: got '$got', expected $w ($want)"; fi
  done <<E
map 1 5/9
P_10 1 2/10
ndcg_cut_10 1 2/(5/2+1/$l3)
map 2 1/2
P_10 2 1/10
ndcg_cut_10 2 1/$l3
map all 19/36
P_10 all 3/20
ndcg_cut_10 all (2/(5/2+1/$l3)+1/$l3)/2
E
  [ "$(wc -l < "$T/out")" -eq 9 ] && ok || bad "eval wrote $(wc -l < "$T/out") lines, expected 9"
fi

# ---- 5. the counts, gm_map, 11pt_avg and iprec_at_recall on the same files --
# Counts: q1 retrieves 3 with R = 3 (a, c, d) and 2 of them; q2 retrieves 2
# with R = 1, found.  Sums: num_q 2, num_ret 5, num_rel 4, num_rel_ret 3.
# gm_map = sqrt(5/9 * 1/2) = sqrt(5/18).  11pt_avg, levels at lround(rho R):
# q1 (ranking c, b, a; R = 3) has counts 0,0,1,1,1,2,2,2,2,3,3 and 2 found,
# so levels 0.0-0.4 get P@1 = 1, 0.5-0.8 get P@3 = 2/3, 0.9 and 1.0 get 0:
# (5 + 8/3)/11 = 23/33.  q2 (y, x; R = 1) has counts 0 (0.0-0.4) and 1
# (0.5-1.0): every level gets P@2 = 1/2.  Mean (23/33 + 1/2)/2 = 79/132.
# iprec_at_recall_0.50: q1 count lround(1.5) = 2, P@3 = 2/3; q2 1/2; mean 7/12.
if ! $RM eval --quiet --trec -q -m num_q -m num_ret -m num_rel -m num_rel_ret \
    -m gm_map -m 11pt_avg -m iprec_at_recall_0.50 "$T/q" "$T/r" > "$T/out" 2>&1; then
  bad "eval failed: $(cat "$T/out")"
else
  while read -r m q want; do
    got=$(awk -F'\t' -v m="$m" -v q="$q" '$1 == m && $2 == q {print $3}' "$T/out")
    w=$(awk "BEGIN {printf \"%.17g\", $want}")
    if [ -n "$got" ] && awk -v g="$got" -v w="$w" 'BEGIN {d = g - w; exit !(d < 1e-12 && d > -1e-12)}'; then ok
    else bad "eval $m $q: got '$got', expected $w ($want)"; fi
  done <<E
num_q all 2
num_ret all 5
num_rel all 4
num_rel_ret all 3
num_rel 1 3
num_rel_ret 2 1
gm_map all sqrt(5/18)
11pt_avg 1 23/33
11pt_avg 2 1/2
11pt_avg all 79/132
iprec_at_recall_0.50 1 2/3
iprec_at_recall_0.50 all 7/12
E
fi

# ---- 6. eval and the measures of incomplete judgments, by hand -------------
# q1 judges d1 1, d3 0, d4 1, d5 0, d7 1, d8 0, d9 0 and retrieves, in order,
# d1 d2 d3 d4 d5 d6: d2 and d6 are unjudged.  R = 3, N = 4, min(N, R) = 3.
#   bpref: d1 scores 1, d4 (one nonrelevant above) 1 - 1/3: (5/3)/3 = 5/9.
#   infAP: 1 at d1; at d4 (j = 3, rho = 1, nu = 1, d2 outside the pool)
#     1/4 + (3/4)(2/3)(1+e)/(2+2e) = 1/2; (3/2)/3 = 1/2.
#   unj_5 = 1/5, Judged@5 = 4/5, num_nonrel_judged_ret = 2 (d3, d5).
#   rbp_resid (p = 0.9): 0.1 (0.9 + 0.9^5) + 0.9^6 = 0.68049.
#   Without the judgments' markers (every document judged), bpref would count
#   d2 as nonrelevant: 1 + (1 - 2/3) over 3 = 4/9, which is not what we want.
printf '1 0 d1 1\n1 0 d3 0\n1 0 d4 1\n1 0 d5 0\n1 0 d7 1\n1 0 d8 0\n1 0 d9 0\n' > "$T/q"
printf '1 Q0 d1 1 6 t\n1 Q0 d2 2 5 t\n1 Q0 d3 3 4 t\n1 Q0 d4 4 3 t\n1 Q0 d5 5 2 t\n1 Q0 d6 6 1 t\n' > "$T/r"
if ! $RM eval --quiet --trec -q -m trec_eval:bpref -m infAP -m unj_5 -m Judged@5 \
    -m num_nonrel_judged_ret -m rbp_resid "$T/q" "$T/r" > "$T/out" 2>&1; then
  bad "eval failed: $(cat "$T/out")"
else
  while read -r m want; do
    got=$(awk -F'\t' -v m="$m" '$1 == m && $2 == "1" {print $3}' "$T/out")
    w=$(awk "BEGIN {printf \"%.17g\", $want}")
    if [ -n "$got" ] && awk -v g="$got" -v w="$w" 'BEGIN {d = g - w; exit !(d < 1e-12 && d > -1e-12)}'; then ok
    else bad "eval $m: got '$got', expected $w ($want)"; fi
  done <<E
trec_eval:bpref 5/9
infAP 1/2
unj_5 1/5
Judged@5 4/5
num_nonrel_judged_ret 2
rbp_resid 0.68049
E
fi

# Judged@K divides by min(K, documents retrieved) since ir_measures 0.3.1
# (providers/judged_provider.py): q2 retrieves d1 (judged) alone, so Judged@5
# is 1/1 (it was 1/5); q3 retrieves d1 (judged 0) and d2 (unjudged): 1/2, and
# Judged without a cutoff is the same 1/2; Judged@1 of q3 is 1/1.
printf '2 0 d1 1\n3 0 d1 0\n3 0 d9 1\n' > "$T/q"
printf '2 Q0 d1 1 1 t\n3 Q0 d1 1 2 t\n3 Q0 d2 2 1 t\n' > "$T/r"
if ! $RM eval --quiet --trec -q -m Judged@5 -m Judged -m Judged@1 "$T/q" "$T/r" > "$T/out" 2>&1; then
  bad "eval Judged failed: $(cat "$T/out")"
else
  while read -r m q want; do
    got=$(awk -F'\t' -v m="$m" -v q="$q" '$1 == m && $2 == q {print $3}' "$T/out")
    [ "$got" = "$want" ] && ok || bad "eval $m of query $q: got '$got', expected $want"
  done <<E
Judged@5 2 1
Judged@5 3 0.5
Judged 3 0.5
Judged@1 3 1
E
fi

# Accuracy's mean leaves out the queries the accuracy provider gives no value
# (providers/accuracy_provider.py: "Only report if one relevant document was
# retrieved").  q1 ranks d1 (relevant) d2 d3: 1 at K=2 and whole.  q2 ranks
# d1 d3 d2 (relevant, third): Accuracy@2 has no value, so its mean is q1's 1
# (not (1+0)/2); Accuracy whole is 0 there (d2 below both), its mean 1/2.
printf '1 0 d1 1\n1 0 d2 0\n2 0 d1 0\n2 0 d2 1\n' > "$T/q"
printf '1 Q0 d1 1 3 t\n1 Q0 d2 2 2 t\n1 Q0 d3 3 1 t\n2 Q0 d1 1 3 t\n2 Q0 d3 2 2 t\n2 Q0 d2 3 1 t\n' > "$T/r"
if ! $RM eval --quiet --trec -m Accuracy@2 -m Accuracy "$T/q" "$T/r" > "$T/out" 2>&1; then
  bad "eval Accuracy failed: $(cat "$T/out")"
else
  while read -r m want; do
    got=$(awk -F'\t' -v m="$m" '$1 == m && $2 == "all" {print $3}' "$T/out")
    [ "$got" = "$want" ] && ok || bad "eval $m mean: got '$got', expected $want"
  done <<E
Accuracy@2 1
Accuracy 0.5
E
fi

# ---- 7. gain maps, worked out by hand ----------------------------------------
# ir_measures' own test of nDCG(gains={0:1,1:4}) (tests/test_pytrec_eval.py),
# its data written here.  q0: D0 1, D1 -1 (pooled, unjudged), D2 0, D3 2,
# D4 0; the run by score is D0 D2 D3 D1 D4, gains 4 1 2 0 1, so DCG = 4 +
# 1/lg3 + 2/2 + 1/lg6, and the judged gains 4 2 1 1 give IDCG = 4 + 2/lg3 +
# 1/2 + 1/lg5: 0.97177.  q1: D0 1, D3 2, D4 -1, D5 0; the run is D1 D4 D2 D3,
# of which only D3 (gain 2, rank 4) is judged and gains: DCG = 2/lg5 over
# IDCG = 4 + 2/lg3 + 1/2: 0.14949.  An unjudged document gains 0 though
# grade 0 gains 1.  ir_measures states five decimals (0.97177 for 0.971780): within 1e-5.
printf '0 0 D0 1
0 0 D1 -1
0 0 D2 0
0 0 D3 2
0 0 D4 0
1 0 D0 1
1 0 D3 2
1 0 D4 -1
1 0 D5 0
' > "$T/q"
printf '0 0 D0 1 0.8 run
0 0 D2 2 0.7 run
0 0 D1 3 0.3 run
0 0 D3 4 0.4 run
0 0 D4 5 0.1 run
1 0 D1 1 0.8 run
1 0 D4 2 0.7 run
1 0 D3 3 0.3 run
1 0 D2 4 0.4 run
' > "$T/r"
if ! $RM eval --quiet --trec -q --negative unjudged -m 'nDCG(gains={0:1,1:4})' "$T/q" "$T/r" > "$T/out" 2>&1; then
  bad "eval failed: $(cat "$T/out")"
else
  l() { echo "(log($1)/log(2))"; }
  while read -r q want; do
    got=$(awk -F'\t' -v q="$q" '$2 == q {print $3}' "$T/out")
    w=$(awk "BEGIN {printf \"%.17g\", $want}")
    if [ -n "$got" ] && awk -v g="$got" -v w="$w" 'BEGIN {d = g - w; exit !(d < 1e-12 && d > -1e-12)}'; then ok
    else bad "eval nDCG(gains) $q: got '$got', expected $w ($want)"; fi
    case "$q" in 0) r=0.97177 ;; 1) r=0.14949 ;; *) r= ;; esac
    [ -z "$r" ] || awk -v g="$got" -v r="$r" 'BEGIN {d = g - r; exit !(d < 1e-5 && d > -1e-5)}' \
      && ok || bad "nDCG(gains) $q: $got is not ir_measures' $r"
  done <<E
0 (5+1/$(l 3)+1/$(l 6))/(4.5+2/$(l 3)+1/$(l 5))
1 (2/$(l 5))/(4.5+2/$(l 3))
E
fi
# ir_measures' nDCG(judged_only=True), on the data of its own test of
# judged_only (tests/test_pytrec_eval.py): judgments D0 -1, D1 1, D3 2, D4 1;
# the run by score D0 D2 D3 D1 D4.  Without the unjudged D0 and D2 the run is
# D3 D1 D4, gains 2 1 1, the ideal ranking: exactly 1.  Kept, D3 D1 D4 stand
# at ranks 3 to 5: (2/2 + 1/lg5 + 1/lg6)/(2 + 1/lg3 + 1/2).
printf '0 0 D0 -1\n0 0 D1 1\n0 0 D3 2\n0 0 D4 1\n' > "$T/q"
printf '0 0 D0 1 0.8 run\n0 0 D2 2 0.7 run\n0 0 D1 3 0.3 run\n0 0 D3 4 0.4 run\n0 0 D4 5 0.1 run\n' > "$T/r"
same 'nDCG(judged_only=True)@4' 'ndcg@4[drop=unjudged,negative=unjudged,scores=float32,ties=id-desc]'
got=$($RM eval --quiet --trec -q --exact --negative unjudged -m 'nDCG(judged_only=True)' "$T/q" "$T/r" | awk -F'\t' '$2 == "0" {print $3}')
[ "$got" = 1 ] && ok || bad "nDCG(judged_only=True) gives '$got', expected 1"
got=$($RM eval --quiet --trec -q --negative unjudged -m 'nDCG' "$T/q" "$T/r" | awk -F'\t' '$2 == "0" {print $3}')
w=$(awk 'BEGIN {l2 = log(2); printf "%.17g", (1 + l2/log(5) + l2/log(6))/(2.5 + l2/log(3))}')
awk -v g="$got" -v w="$w" 'BEGIN {d = g - w; exit !(d < 1e-12 && d > -1e-12)}' && ok \
  || bad "nDCG without judged_only gives '$got', expected $w"
# trec_eval's sort of gains: judgments d1 1, d2 3, d3 0, the run d1 d2 and the
# map 1=3.5.  The run is the ideal ranking, so the definition gives exactly 1;
# trec_eval's truncating sort puts grade 3 (gain 3) before grade 1 (3.5) in
# the ideal list: (3.5 + 3/lg3)/(3 + 3.5/lg3) = 1.0354, which its drop-in prints.
printf 'q 0 d1 1\nq 0 d2 3\nq 0 d3 0\n' > "$T/q"
printf 'q Q0 d1 1 2 r\nq Q0 d2 2 1 r\n' > "$T/r"
got=$($RM eval --quiet --trec -q -m trec_eval:ndcg_1=3.5 --exact "$T/q" "$T/r" | awk -F'\t' '$2 == "q" {print $3}')
[ "$got" = 1 ] && ok || bad "trec_eval:ndcg_1=3.5 gives '$got', expected 1"
got=$($RM trec_eval -q -m ndcg.1=3.5 "$T/q" "$T/r" 2>&1)
want=$(printf 'ndcg_1=3.5            \tq\t1.0354\nndcg_1=3.5            \tall\t1.0354')
[ "$got" = "$want" ] && ok || bad "trec_eval -m ndcg.1=3.5 printed '$got'"
got=$($RM trec_eval -q --full -m ndcg.1=3.5 "$T/q" "$T/r" 2>&1 | awk -F'\t' '$2 == "q" {print $3}')
w=$(awk 'BEGIN {l = log(3)/log(2); printf "%.17g", (3.5 + 3/l)/(3 + 3.5/l)}')
awk -v g="$got" -v w="$w" 'BEGIN {d = g - w; exit !(d < 1e-12 && d > -1e-12)}' && ok \
  || bad "trec_eval --full -m ndcg.1=3.5 gives '$got', expected $w"

# trec_eval's sort depends on the order of its command line: out of order,
# with a gain that is not whole, the drop-in warns; in order it does not.
e=$($RM trec_eval -m ndcg.3=3,1=3.5 "$T/q" "$T/r" 2>&1 >/dev/null)
case "$e" in *"out of increasing order"*) ok ;; *) bad "no warning for ndcg.3=3,1=3.5: '$e'" ;; esac
e=$($RM trec_eval -m ndcg.1=3.5,3=3 "$T/q" "$T/r" 2>&1 >/dev/null)
[ -z "$e" ] && ok || bad "a warning for ndcg.1=3.5,3=3: '$e'"

# ---- 8. cwl_eval's RBP and SDCG through value and eval, by hand -------------
# RBP(p=0.5,rel=1) of the grades 1, 0, 1 over 1000 ranks: (1/2)(1 + 1/4) /
# (1 - 2^-1000) = 5 * 2^997 / (2^1000 - 1); 5 divides 2^1000 - 1 (2^4 = 1
# mod 5), so the fraction in lowest terms is 2^997 / ((2^1000 - 1) / 5).
want=$(echo "2^997; (2^1000 - 1) / 5" | BC_LINE_LENGTH=0 bc | paste -sd/)
got=$($RM value 'RBP(p=0.5,rel=1)' --grades 1,0,1 --exact 2>&1 | awk '$1 == "rational" {print $2}')
[ "$got" = "$want" ] && ok || bad "value RBP(p=0.5,rel=1): rational '$got', expected '$want'"
# q1 judges d1 2, d2 0, d3 3, d4 1, d6 1 (not retrieved); the run in file
# order d1 0.5, d2 0.5, d3 0.9, d4 0.5, d5 0.1 (unjudged) is ranked by score,
# ties in input order as cwl_eval's provider does (a stable sort): d3 d1 d2
# d4 d5, grades 3 2 0 1 -.  (Ties by docno descending would give d3 d4 d2 d1.)
#   RBP(p=0.5,rel=2): (1/2)(1 + 1/2) = 3/4, times 1/(1 - 2^-1000), which
#     a double does not see.  (d3 d4 d2 d1 would give 9/16.)
#   SDCG(max_rel=2)@3: gains 1 1 0 over three ones: (1 + 1/lg3)/(1 + 1/lg3 + 1/2).
#   SDCG(max_rel=3,min_rel=1)@4: gains (g-1)/2 clipped: 1 1/2 0 0, so
#     (1 + (1/2)/lg3) / (1 + 1/lg3 + 1/2 + 1/lg5).
#   Accuracy: of the 3 x 2 pairs of relevant (d3 d1 d4) and nonrelevant (d2,
#     d5 unjudged) documents, only d4 below d2 is wrong: 5/6.
#   Accuracy(rel=2): d3 and d1 above d2, d4 and d5: 1.  (d3 d4 d2 d1: 2/3.)
#   INSQ(max_rel=3): gains 1 2/3 0 1/3 0 at weights 1/(i+1)^2 (T = 1):
#     (1/4 + (2/3)/9 + (1/3)/25) / S2, S2 the sum of 1/i^2 for i = 2..1001.
#   INSQ(T=0.5,min_rel=1,max_rel=2): gains 1 1 0 0 at weights 1/i^2:
#     (1 + 1/4) / S1, S1 the sum for i = 1..1000.  (d3 d4 d2 d1: 1/S1.)
#   Under max_rel=4 the gains are 3/4 1/2 0 1/4 0, then 0 to rank 1000.
#   INST(max_rel=4), T = 1: z_i = i + 2 - S_i is 9/4, 11/4, 15/4, 9/2, then
#     i + 1/2; C_i = ((z_i - 1)/z_i)^2 gives P = 1, 25/81, (25/81)(49/121),
#     49/729 and from rank 5 on 2401/(729 (2i-1)^2) (telescoped), so
#     (3/4 + (25/81)/2 + (49/729)/4) over the sum of P; S5 = sum_{i=5}^{1000}
#     1/(2i-1)^2.
#   NERR8(max_rel=4)@3: C = 1 - G: P = 1, 1/4, 1/8: (3/4 + 1/16)/(11/8) = 7/11.
#   NERR9(max_rel=4)@3: C_i = (i/(i+1))(1 - G_i): P = 1, 1/8, 1/24:
#     (3/4 + 1/16)/(28/24) = 39/56.
#   NERR10(p=0.5,max_rel=4): C = (1 - G)/2: P = 1, 1/8, 1/32, 1/64, 3/512,
#     then halving: (3/4 + 1/16 + 1/256)/(1 + 1/8 + 1/32 + 1/64 + (3/512)
#     (2 - 2^-995)); a double does not see the 2^-995.
#   NERR11(T=0.5,max_rel=4): C_i = (i/(i+1))^2 (1 - G_i): P = 1, 1/16,
#     1/72, 1/128, 3/800, then 3/(32 i^2): (3/4 + 1/32 + 1/512) over
#     1 + 1/16 + 1/72 + 1/128 + (3/32) S3, S3 = sum_{i=5}^{1000} 1/i^2.
#   Accuracy@4: the top four d3 d1 d2 d4, relevant d3 d1 d4 and nonrelevant
#     d2: d4 below d2 is the one wrong pair of 3, so 2/3 (d5 is not read).
#   Accuracy(rel=2)@4: relevant d3 d1 above nonrelevant d2 d4: 1.
#   Compat(p=0.5): R = d3 d1 d2 d4 d5 (ties by docno ascending), the ideal
#     I = d3 d1 d4 d6 (grade 1: d4, scored 0.5, before d6, not retrieved);
#     D = 5, overlaps 1 2 2 3 3 and min(i,4) = 1 2 3 4 4: (1 + 1/2 + 1/6 +
#     3/32 + 3/80) / (1 + 1/2 + 1/4 + 1/8 + 1/20) = 863/924 (the provider's
#     compatibility() gives 0.9339826839826841 for these files).
#   BPM(max_rel=4)@10, T = 1: the gain reaches 5/4 >= T at rank 2: (5/4)/2.
#   BPM(T=2.0,max_rel=4)@4: the gain stays below 2; the cost stops it at
#     rank 4: (3/2)/4 = 3/8.
# INSQ(T=0.5,max_rel=1) of the grades 1, 0, 1: weights 1/i^2 over 1000 ranks,
# (1 + 1/9) / sum 1/i^2; bc gives its digits (the first 30 compared).
want=$(echo "scale=80; s=0; for (i=1; i<=1000; i++) s+=1/(i*i); (10/9)/s" | BC_LINE_LENGTH=0 bc | cut -c1-31)
got=$($RM value 'INSQ(T=0.5,max_rel=1)' --grades 1,0,1 --exact 2>&1 | awk '$1 == "decimal" {print substr($2, 1, 32)}')
[ "$got" = "0$want" ] && ok || bad "value INSQ(T=0.5,max_rel=1): decimal '$got', expected '0$want'"
# INST(max_rel=1) of the grades 1, 0, 1 (the book's example, T = 1):
# P = 1, 1/4, 1/9, then 4/(9(i-1)^2), so (1 + 1/9) / (1 + 1/4 + 1/9 +
# (4/9) sum_{k=3}^{999} 1/k^2); bc gives its digits (the first 30 compared).
want=$(echo "scale=80; s=0; for (k=3; k<=999; k++) s+=1/(k*k); (10/9)/(1+1/4+1/9+4*s/9)" | BC_LINE_LENGTH=0 bc | cut -c1-31)
got=$($RM value 'INST(max_rel=1)' --grades 1,0,1 --exact 2>&1 | awk '$1 == "decimal" {print substr($2, 1, 32)}')
[ "$got" = "0$want" ] && ok || bad "value INST(max_rel=1): decimal '$got', expected '0$want'"
printf '1 0 d1 2\n1 0 d2 0\n1 0 d3 3\n1 0 d4 1\n1 0 d6 1\n' > "$T/q"
printf '1 Q0 d1 1 0.5 t\n1 Q0 d2 2 0.5 t\n1 Q0 d3 3 0.9 t\n1 Q0 d4 4 0.5 t\n1 Q0 d5 5 0.1 t\n' > "$T/r"
if ! $RM eval --quiet --trec -q -m 'RBP(p=0.5,rel=2)' -m 'SDCG(max_rel=2)@3' \
    -m 'SDCG(max_rel=3,min_rel=1)@4' -m Accuracy -m 'Accuracy(rel=2)' \
    -m 'INSQ(max_rel=3)' -m 'INSQ(T=0.5,min_rel=1,max_rel=2)' -m 'INST(max_rel=4)' \
    -m 'NERR8(max_rel=4)@3' -m 'NERR9(max_rel=4)@3' -m 'NERR10(p=0.5,max_rel=4)' \
    -m 'NERR11(T=0.5,max_rel=4)' -m 'BPM(max_rel=4)@10' -m 'BPM(T=2.0,max_rel=4)@4' \
    -m 'Accuracy@4' -m 'Accuracy(rel=2)@4' -m 'Compat(p=0.5)' \
    "$T/q" "$T/r" > "$T/out" 2>&1; then
  bad "eval RBP, SDCG failed: $(cat "$T/out")"
else
  l() { echo "(log($1)/log(2))"; }
  S1=$(awk 'BEGIN {for (i = 1000; i >= 1; i--) s += 1 / (i * i); printf "%.17g", s}')
  S2=$(awk 'BEGIN {for (i = 1001; i >= 2; i--) s += 1 / (i * i); printf "%.17g", s}')
  S3=$(awk 'BEGIN {for (i = 1000; i >= 5; i--) s += 1 / (i * i); printf "%.17g", s}')
  S5=$(awk 'BEGIN {for (i = 1000; i >= 5; i--) s += 1 / ((2 * i - 1) ^ 2); printf "%.17g", s}')
  while IFS='|' read -r m want; do
    got=$(awk -F'\t' -v m="$m" '$1 == m && $2 == "1" {print $3}' "$T/out")
    w=$(awk "BEGIN {printf \"%.17g\", $want}")
    if [ -n "$got" ] && awk -v g="$got" -v w="$w" 'BEGIN {d = g - w; exit !(d < 1e-12 && d > -1e-12)}'; then ok
    else bad "eval $m: got '$got', expected $w ($want)"; fi
  done <<E
RBP(p=0.5,rel=2)|3/4
SDCG(max_rel=2)@3|(1+1/$(l 3))/(1.5+1/$(l 3))
SDCG(max_rel=3,min_rel=1)@4|(1+0.5/$(l 3))/(1.5+1/$(l 3)+1/$(l 5))
Accuracy|5/6
Accuracy(rel=2)|1
INSQ(max_rel=3)|(1/4+(2/3)/9+(1/3)/25)/$S2
INSQ(T=0.5,min_rel=1,max_rel=2)|1.25/$S1
INST(max_rel=4)|(3/4+25/162+49/2916)/(1+25/81+25*49/(81*121)+49/729+2401/729*$S5)
NERR8(max_rel=4)@3|7/11
NERR9(max_rel=4)@3|39/56
NERR10(p=0.5,max_rel=4)|(209/256)/(1+1/8+1/32+1/64+6/512)
NERR11(T=0.5,max_rel=4)|(401/512)/(1+1/16+1/72+1/128+3/32*$S3)
BPM(max_rel=4)@10|5/8
BPM(T=2.0,max_rel=4)@4|3/8
Accuracy@4|2/3
Accuracy(rel=2)@4|1
Compat(p=0.5)|863/924
E
fi

# ---- 7. a name not known gets the nearest known names (issue 25) -------
# The upper-case HR@10, AUC and HitRate@10 once got "expected a metric name",
# mrr only our rr; each must now name the intended names, whole, and the tool
# where to find the list.
suggests() {  # NAME WANTED...: every WANTED is among the suggestions
  local e n=$1; shift
  if e=$($RM name "$n" 2>&1); then bad "$n accepted"; return; fi
  case "$e" in *"unknown metric"*"did you mean"*) ;; *) bad "$n: no suggestion: $e"; return ;; esac
  case "$e" in *"'rankmetrics --help' lists every metric"*) ;; *) bad "$n: no list named: $e"; return ;; esac
  for w in "$@"; do case "$e" in *"$w"*) ;; *) bad "$n: '$w' not suggested: $e"; return ;; esac; done
  ok
}
suggests HR@10 "'hr@10'"
suggests AUC "'auc'"
suggests HitRate@10 "'hr@10'"
suggests mrr "'rr'" "ir_measures' 'MRR'"
suggests ndgc@10 "'ndcg@10'" "ir_measures' 'nDCG@10'"
suggests 'HR@10[hit=recall]' "'hr@10[hit=recall]'"
suggests Recip_rank "trec_eval's 'recip_rank'"
# verify names the families it knows, and the one meant
printf 'ndcg:1 0.5\n' > "$T/cand"
e=$($RM verify "$T/cand" 2>&1)
case "$e" in *"unknown family 'ndcg' (did you mean 'cg_dcg_ndcg'? the families are"*"prf"*"trec_aggregates"*) ok ;;
  *) bad "verify's unknown family: $e" ;; esac
# a refusal names what is missing: coverage counts items by identifiers
e=$($RM value 'coverage[items=10]' --grades 1,0,1 2>&1)
case "$e" in *"coverage counts items by their identifiers: give --ids"*) ok ;;
  *) bad "value coverage without ids: $e" ;; esac
case "$e" in *"tie rule"*) bad "value coverage blames the tie rule: $e" ;; *) ok ;; esac
e=$($RM value 'ndcg[ties=id-desc]' --grades 1,0,1 --scores 1,1,1 2>&1)
case "$e" in *"ties=id-desc compares the items' identifiers: give --ids"*) ok ;;
  *) bad "value ties=id-desc without ids: $e" ;; esac

# ---- 8. one name, one meaning, and eval says which (issue 25) -----------
# nDCG@10 is ir_measures' (ties by docno descending), ndcg@10 ours (input
# order): in one call they are two variants, and every output mode can say so;
# the ir_measures name's mean counts a judged query missing from the run
# (absent=empty), as ir_measures does.
# q1 ranks x (0, score 1), y (1, score 1): tied.  In input order y is at rank
# 2: nDCG@10 = (1/log2 3)/1; trec_eval's order puts y first: 1.
printf 'q1 0 x 0\nq1 0 y 1\n' > "$T/eq"
printf 'q1 Q0 x 1 1 t\nq1 Q0 y 2 1 t\n' > "$T/er"
D='ndcg@10[gain=linear,discount=log2,ideal=judged'
V1="mean[skip=none,weight=uniform,absent=empty,empty=nan]:$D,scores=float32,ties=id-desc,undef=zero]"
V2="mean[skip=none,weight=uniform]:$D,ties=input,undef=zero]"
out=$($RM eval --json -m nDCG@10 -m ndcg@10 "$T/eq" "$T/er" 2>"$T/e.err")
case "$out" in *'"measure":"nDCG@10","variant":"'"$V1"'"'*'"measure":"ndcg@10","variant":"'"$V2"'"'*) ok ;;
  *) bad "eval --json: two spellings, two variants: $out" ;; esac
case "$out" in *'"value":1}'*'"value":0.63092975357145'*) ok ;; *) bad "eval --json values: $out" ;; esac
# the summary: one line a measure, never buried, and the note once
for l in "rankmetrics: eval: nDCG@10 means $V1 (ir_measures' nDCG, as its provider pytrec_eval computes it)" \
         "rankmetrics: eval: ndcg@10 means $V2 (rankmetrics' own name)"; do
  grep -qxF "$l" "$T/e.err" && ok || bad "summary lacks the line '$l': $(cat "$T/e.err")"; done
[ "$(grep -c 'do not share one definition' "$T/e.err")" = 1 ] && ok || bad "no single note of mixed rules: $(cat "$T/e.err")"
grep -q 'break ties by 2 rules (ties=id-desc: nDCG@10; ties=input: ndcg@10)' "$T/e.err" && ok || bad "the note's rules: $(cat "$T/e.err")"
# MRR and MRR@10: ir_measures' two providers break ties in opposite ways
$RM eval -m MRR -m MRR@10 "$T/eq" "$T/er" 2>&1 >/dev/null | grep -q 'ties=id-desc: MRR; ties=id-asc: MRR@10).*(trec_eval: MRR; msmarco: MRR@10)' \
  && ok || bad "MRR beside MRR@10: no note"
# one program, one rule: no note; --quiet: nothing
e=$($RM eval -m map -m P_10 "$T/eq" "$T/er" 2>&1 >/dev/null)
case "$e" in *"do not share"*) bad "map with P_10 noted as mixed: $e" ;; *) ok ;; esac
[ -z "$($RM eval --quiet -m map -m ndcg "$T/eq" "$T/er" 2>&1 >/dev/null)" ] && ok || bad "--quiet wrote a note"
# the table and --trec on request
$RM eval --quiet --show-variants --trec -m nDCG@10 "$T/eq" "$T/er" | grep -qxF "nDCG@10	all	1	$V1" && ok || bad "--trec --show-variants"
$RM eval --quiet --show-variants -m ndcg@10 "$T/eq" "$T/er" | grep -q "^ndcg@10 *all *0.63092975357145[0-9]*  $(printf '%s' "$V2" | sed 's/[][]/\\&/g')\$" && ok || bad "table --show-variants: $($RM eval --quiet --show-variants -m ndcg@10 "$T/eq" "$T/er")"
$RM eval --quiet -m ndcg@10 "$T/eq" "$T/er" | grep -q 'ties=' && bad "the table shows variants unasked" || ok
# name says whose a name is
e=$($RM name MRR@10 2>&1 >/dev/null)
[ "$e" = "rankmetrics: name: MRR@10 is ir_measures' MRR, as its provider msmarco computes it" ] && ok || bad "name MRR@10: $e"
e=$($RM name map 2>&1 >/dev/null); [ "$e" = "rankmetrics: name: map is trec_eval's map" ] && ok || bad "name map: $e"
# the provider of each ir_measures name is its default pipeline's first
# that computes it (the notes of the book's table), through an aggregator too
while IFS='|' read -r n want; do
  e=$($RM name "$n" 2>&1 >/dev/null)
  [ "$e" = "rankmetrics: name: $n is $want" ] && ok || bad "name $n: '$e', want '$want'"
done <<'E'
mean[skip=norel]:ERR@20|ir_measures' ERR, as its provider gdeval computes it
nDCG(dcg=exp-log2)@10|ir_measures' nDCG, as its provider gdeval computes it
RBP(p=0.5,rel=1)|ir_measures' RBP, as its provider cwl_eval computes it
SDCG(max_rel=3)@10|ir_measures' SDCG, as its provider cwl_eval computes it
Accuracy@4|ir_measures' Accuracy, as its provider accuracy computes it
Compat(p=0.9)|ir_measures' Compat, as its provider compat computes it
Judged@10|ir_measures' Judged, as its provider judged computes it
RR|ir_measures' RR, as its provider pytrec_eval computes it
RR@5|ir_measures' RR, as its provider msmarco computes it
IPrec@0.3|ir_measures' IPrec, as its provider pytrec_eval computes it
ir_measures:Rprec|ir_measures' Rprec, as its provider pytrec_eval computes it
trec_eval:ndcg|trec_eval's ndcg
map_cut.10|trec_eval's map_cut
gm:trec_eval:bpref|trec_eval's bpref
gauc|a name in common use, of no one library
E
[ -z "$($RM name 'ndcg@10[gain=exp2]' 2>&1 >/dev/null)" ] && ok || bad "name of ours said something"
e=$($RM name ndcg 2>&1 >/dev/null)
[ "$e" = "rankmetrics: name: ndcg is rankmetrics' own name; trec_eval's is trec_eval:ndcg" ] && ok || bad "name ndcg: $e"
# without -m: trec_eval's official measures, what trec_eval 10.0 prints
# without -m (read from it once: runid, then these 29), named as such
$RM eval --trec "$T/eq" "$T/er" > "$T/off" 2> "$T/off.err" || bad "eval without -m failed: $(cat "$T/off.err")"
want='num_q num_ret num_rel num_rel_ret map gm_map Rprec trec_eval:bpref recip_rank'
for r in 0.00 0.10 0.20 0.30 0.40 0.50 0.60 0.70 0.80 0.90 1.00; do want="$want iprec_at_recall_$r"; done
want="$want P_5 P_10 P_15 P_20 P_30 P_100 P_200 P_500 P_1000"
got=$(cut -f1 "$T/off" | tr '\n' ' '); got=${got% }
[ "$got" = "$want" ] && ok || bad "eval without -m: '$got'"
grep -q "no -m: trec_eval's official measures" "$T/off.err" && ok || bad "the default set is not named: $(cat "$T/off.err")"
# trec_eval's order puts y first: num_rel_ret 1, map 1, P_5 1/5
[ "$(awk -F'\t' '$1 == "map" || $1 == "P_5" || $1 == "num_rel_ret" {printf "%s ", $3}' "$T/off")" = "1 1 0.2 " ] \
  && ok || bad "eval without -m values: $(cat "$T/off")"

echo "names_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
