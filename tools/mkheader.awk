# mkheader.awk: write the installed, documented rankmetrics.h from rankmetrics.w.
#
#   awk -f tools/mkheader.awk rankmetrics.w > build/include/rankmetrics.h
#
# ctangle drops every comment and adds #line directives and section markers,
# so the tangled rankmetrics.h is no reading for a user.  This script expands
# the root @(rankmetrics.h@> of the book the way ctangle does (named sections
# accumulate in order; @<name@> is replaced by its text; abbreviations ending
# in "..." are resolved), keeps the source's layout and its comments, and turns
# the TeX of a comment into plain text (|x| and \.{x} become x, $ is dropped,
# @@ becomes @).  The Makefile then checks that the result has the same C
# tokens as the tangled header, so the two cannot drift.
#
# It fails (exit 1, a message on stderr) when a public prototype, a
# declaration of a function named rm_..., is not followed by a comment, or
# when a comment names an rm_... or RM_... identifier that the header does not
# declare.  Only the constructs the header uses are handled; anything else
# (@d, @= verbatim) in a header section is an error rather than a quiet loss.

function norm(s) { gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
function full(s,   n, k, hit) {
  s = norm(s)
  if (s !~ /\.\.\.$/) return s
  s = substr(s, 1, length(s) - 3); hit = ""
  for (k in defined) if (index(k, s) == 1) { if (hit != "") return "ambiguous @<" s "...@>"; hit = k }
  if (hit == "") return "unknown @<" s "...@>"
  return hit
}
function die(m) { print "mkheader: " m > "/dev/stderr"; failed = 1; exit 1 }
# Start a section: close the code part of the previous one.
function start_code(line,   m, name) {
  m = match(line, /@[<(][^@]*@>=/)
  name = substr(line, m + 2, RLENGTH - 5)
  cur = name; pending[++npend] = name
  return substr(line, m + RLENGTH)
}
function add(name, text) { body[name] = (name in body) ? body[name] "\n" text : text }
BEGIN { cur = "" }
{
  line = $0; t = line
  while (match(t, /@<[^@]*@>/)) {   # every full name, used or defined
    n = norm(substr(t, RSTART + 2, RLENGTH - 4)); t = substr(t, RSTART + RLENGTH)
    if (n !~ /\.\.\.$/) defined[n] = 1
  }
  if (line ~ /^@([ \t*]|$)/) cur = ""   # a new section: TeX part first
  if (cur == "" && line ~ /@[<(][^@]*@>=/) {
    rest = start_code(line)
    # The same name may be written in full and abbreviated; resolve after reading.
    raw[++nchunk] = cur; text[nchunk] = rest; next
  }
  if (cur != "") text[nchunk] = text[nchunk] "\n" line
}
END {
  if (failed) exit 1
  for (i = 1; i <= nchunk; i++) { n = norm(raw[i]); if (n !~ /\.\.\.$/) defined[n] = 1 }
  # (a name broken across lines is not resolved; the header uses none)
  for (i = 1; i <= nchunk; i++) add(full(raw[i]), text[i])
  if (!("rankmetrics.h" in body)) die("no @(rankmetrics.h@> in the book")
  out = expand("rankmetrics.h", 0)
  out = tidy(out)
  check(out)
  printf "%s\n", out
}
# The text of a named section with its references expanded; a reference
# that is not alone on its line is replaced inline.
function expand(name, depth,   s, r, m, len, ref, pre, sub_, ind) {
  if (depth > 20) die("sections nest too deeply at @<" name "@>")
  if (!(name in body)) die("undefined @<" name "@>")
  s = body[name]; r = ""
  while ((m = match(s, /@<[^@]*@>/)) > 0) {
    len = RLENGTH   # the expansion below calls match() again
    ref = full(substr(s, m + 2, len - 4))
    pre = substr(s, 1, m - 1)
    sub_ = expand(ref, depth + 1)
    s = substr(s, m + len)
    if (depth > 0) {   # inside a declaration: one line per line, indented
      ind = pre; sub(/.*\n/, "", ind)
      if (ind ~ /[^ \t]/) {   # after code on its line: start a new line
        sub(/[ \t]+$/, "", pre); pre = pre "\n"; ind = "  "
        sub(/^(@;|@\+|[ \t])*/, "", s); s = "\n" ind s
      }
      sub(/[ \t]*$/, "", pre)
      sub_ = indent(sub_, ind)
    }
    r = r pre sub_
  }
  return r s
}
function indent(t, ind,   n, L, i, o) {
  n = split(t, L, "\n"); o = ""
  for (i = 1; i <= n; i++) {
    sub(/^[ \t]+/, "", L[i]); if (L[i] == "" || L[i] ~ /^(@;|@\/|@#)*$/) continue
    o = o (o == "" ? "" : "\n") ind L[i]
  }
  return o
}
# Drop CWEB's layout codes, turn the TeX of comments into text, squeeze blank lines.
function tidy(s,   n, i, L, out, t, blank, incom, was, c, seg, e) {
  if (s ~ /@[dc=]/ ) die("a header section uses @d, @c or @= (not supported here)")
  n = split(s, L, "\n"); out = ""; blank = 1; incom = 0
  for (i = 1; i <= n; i++) {
    t = L[i]
    gsub(/@t[^@]*@>/, "", t); gsub(/@\^[^@]*@>/, "", t); gsub(/@\.[^@]*@>/, "", t)
    gsub(/@;/, "", t); gsub(/@\//, "", t); gsub(/@#/, "", t); gsub(/@!/, "", t); gsub(/@\[/, "", t); gsub(/@\]/, "", t)
    gsub(/@\+/, " ", t); gsub(/@@/, "\001", t)
    # the TeX of comments only: split the line at comment boundaries
    seg = ""; was = incom   # squeeze only lines that are code from end to end
    while (t != "") {
      if (!incom) {
        c = index(t, "/*")
        if (c == 0) { seg = seg t; t = "" }
        else { seg = seg substr(t, 1, c + 1); t = substr(t, c + 2); incom = 1 }
      } else {
        e = index(t, "*/")
        if (e == 0) { seg = seg tex(t); t = "" }
        else { seg = seg tex(substr(t, 1, e - 1)) "*/"; t = substr(t, e + 2); incom = 0 }
      }
    }
    t = seg; gsub(/\001/, "@", t); sub(/[ \t]+$/, "", t)
    if (!was && !incom && index(t, "/*") == 0 && match(t, /^[ \t]*/)) {   # squeeze code
      c = substr(t, RLENGTH + 1); gsub(/[ \t]+/, " ", c); t = substr(t, 1, RLENGTH) c
    }
    if (t == "") { if (!blank) out = out "\n"; blank = 1; continue }
    out = out t "\n"; blank = 0
  }
  sub(/\n+$/, "", out)
  return out
}
function tex(s) {
  gsub(/\\\.\{/, "", s); gsub(/\\(it|tt|rm|bf|sl) /, "", s)
  gsub(/\\ge/, ">=", s); gsub(/\\le/, "<=", s); gsub(/\\ne/, "!=", s)
  gsub(/\\l?dots/, "...", s); gsub(/\\,/, "", s); gsub(/~/, " ", s)
  gsub(/\\_/, "_", s); gsub(/\\%/, "%", s); gsub(/\\#/, "#", s); gsub(/\\&/, "\\&", s)
  gsub(/[$|]/, "", s); gsub(/[{}]/, "", s); gsub(/\\/, "", s)
  gsub(/``|''/, "\"", s)
  return s
}
# Every prototype is followed by a comment; every rm_ or RM_ name that a
# comment mentions is declared by the header's code.
function check(s,   n, L, i, code, com, incom, t, c, e, w, proto, names, j, k, bad) {
  n = split(s, L, "\n"); incom = 0; code = ""; com = ""
  for (i = 1; i <= n; i++) {
    t = L[i]; c = ""
    while (t != "") {
      if (!incom) { k = index(t, "/*"); if (k == 0) { c = c t; t = "" } else { c = c substr(t, 1, k - 1); t = substr(t, k + 2); incom = 1 } }
      else { k = index(t, "*/"); if (k == 0) { com = com " " t; t = "" } else { com = com " " substr(t, 1, k - 1); t = substr(t, k + 2); incom = 0 } }
    }
    code = code " " c
    # A prototype: code that declares rm_...( at the start of a declaration.
    if (proto != "") {
      if (L[i] ~ /^[ \t]*\/\*/) proto = ""
      else if (c ~ /[^ \t]/) { print "mkheader: the prototype of " proto " has no comment after it" > "/dev/stderr"; bad = 1; proto = "" }
    }
    if (c ~ /^[a-z].*[ *]rm_[a-z0-9_]+\(/ && c !~ /^typedef/) {
      w = c; sub(/\(.*/, "", w); sub(/.*[ *]/, "", w); pending_proto = w
    }
    if (pending_proto != "" && c ~ /;/) {
      proto = pending_proto; pending_proto = ""
      if (L[i] ~ /;[ \t]*\/\*/) proto = ""    # the comment starts on the same line
      if (proto in seen) { print "mkheader: " proto " is declared twice" > "/dev/stderr"; bad = 1 }
      seen[proto] = 1
    }
  }
  if (proto != "") { print "mkheader: the prototype of " proto " has no comment after it" > "/dev/stderr"; bad = 1 }
  while (match(code, /[A-Za-z_][A-Za-z0-9_]*/)) { declared[substr(code, RSTART, RLENGTH)] = 1; code = substr(code, RSTART + RLENGTH) }
  while (match(com, /[rR][mM]_[A-Za-z0-9_]*/)) {
    w = substr(com, RSTART, RLENGTH); com = substr(com, RSTART + RLENGTH)
    if (!(w in declared)) { print "mkheader: a comment names " w ", which the header does not declare" > "/dev/stderr"; bad = 1 }
  }
  if (bad) { failed = 1; exit 1 }
}
