#!/usr/bin/env bash
# The tool's commands are those its function run_command dispatches to
# (its lines `if (strcmp(argv[1], "NAME") == 0) return cmd_...' in
# rankmetrics.w).  Four texts list them, and each must list exactly
# those, so that none can drift when a command is added:
#   - the book's table at the head of the part "The command-line tool", in
#     the same order, and its count ("This version has thirteen commands");
#   - the README's sentence "The tool has N commands: `a`, ... and `z`";
#   - the manual page: a line `.B rankmetrics NAME' in its SYNOPSIS and an
#     entry `.B NAME' in its COMMANDS;
#   - the usage text of `rankmetrics --help'.
# Run from the top directory after `make'.
. "$(dirname "${BASH_SOURCE[0]}")/booktest.sh"
words=(zero one two three four five six seven eight nine ten eleven twelve
  thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty)

sed -n '/^static int run_command(int argc, char \*\*argv)$/,/^}/p' rankmetrics.w |
  sed -n 's/.*strcmp(argv\[1\], "\([a-z_]*\)") == 0) return cmd_.*/\1/p' > "$out/table.txt"
n=$(wc -l < "$out/table.txt")
[ "$n" -ge 10 ] || fail "only $n commands found in run_command of rankmetrics.w"

# The book: the rows of the table that opens the part, up to the row "help".
awk '/^@\*\* The command-line tool\./ {p = 1; next} p && /^@/ {exit}
  p && /\\halign/ {t = 1; next} t && /^help&/ {exit} t' rankmetrics.w |
  sed 's/\\_/_/g; s/[ {&].*//' > "$out/book.txt"
cmp -s "$out/table.txt" "$out/book.txt" ||
  fail "the book's table of commands differs from run_command's (< run_command, > book):
$(diff "$out/table.txt" "$out/book.txt" || true)"
count=$(awk '/^@\*\* The command-line tool\./ {p = 1; next} p && /^@/ {exit} p' rankmetrics.w |
  tr '\n' ' ' | sed -n 's/.*This version has \([a-z]*\) commands.*/\1/p')
[ "$count" = "${words[$n]}" ] ||
  fail "the book says the tool has '${count:-no count}' commands; run_command has ${words[$n]}"

# The README.
line=$(tr '\n' ' ' < README.md | sed -n 's/.*The tool has \([a-z]*\) commands: \([^(]*\)(.*/\1|\2/p')
[ "${line%%|*}" = "${words[$n]}" ] ||
  fail "the README says the tool has '${line%%|*}' commands; run_command has ${words[$n]}"
printf '%s\n' "${line#*|}" | grep -o '`[a-z_]*`' | tr -d '`' | sort > "$out/readme.txt"
sort "$out/table.txt" > "$out/table.sorted"
cmp -s "$out/table.sorted" "$out/readme.txt" ||
  fail "the README's list of commands differs from run_command's:
$(diff "$out/table.sorted" "$out/readme.txt" || true)"

# The manual page and the usage text.
sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' rankmetrics.1 |
  sed -n 's/^\.B rankmetrics \([a-z_]*\).*/\1/p' | sort -u > "$out/synopsis.txt"
cmp -s "$out/table.sorted" "$out/synopsis.txt" ||
  fail "the manual's SYNOPSIS differs from run_command's commands:
$(diff "$out/table.sorted" "$out/synopsis.txt" || true)"
sed -n '/^\.SH COMMANDS/,/^\.SH /p' rankmetrics.1 |
  awk '/^\.TP/ {getline; if ($0 ~ /^\.B [a-z_]*$/) print $2}' | sort -u > "$out/mancmds.txt"
cmp -s "$out/table.sorted" "$out/mancmds.txt" ||
  fail "the manual's COMMANDS differ from run_command's commands:
$(diff "$out/table.sorted" "$out/mancmds.txt" || true)"
$TOOL --help | sed -n 's/^ *\(usage: \)\{0,1\}rankmetrics \([a-z_][a-z_]*\).*/\2/p' | sort -u > "$out/usage.txt"
cmp -s "$out/table.sorted" "$out/usage.txt" ||
  fail "the usage text differs from run_command's commands:
$(diff "$out/table.sorted" "$out/usage.txt" || true)"

finish "the book (its table and its count), the README, the manual and the usage text list the $n commands of run_command"
