// Command lines with the commands bash would run for each, as the policy sees them: one
// string per simple command, program basename then arguments, "?" for a part known only at
// run time (a leading "?" when the program name is). Top-level commands come first, then
// those inside substitutions. `null` marks a line bash refuses to parse.
// Wrappers (env, command, eval, bash -c...) are unwrapped by policy.ts after splitting,
// identically for any splitter, so here they appear as the splitter returns them.

export type Case = [line: string, expected: string[] | null];

/** The splitter expectations of test/shell/policy.test.ts. */
export const POLICY_TEST_CASES: Case[] = [
  ['a && b; c | d || e & f', ['a', 'b', 'c', 'd', 'e', 'f']],
  ['echo hi > out.txt 2>&1; cat < in', ['echo hi', 'cat']],
  ['echo a # git push', ['echo a']],
  ['( cd x && make ) | tee log', ['cd x', 'make', 'tee log']],
  ['{ a; b; }', ['a', 'b']],
  ['if test -f x; then rm x; elif true; then :; else ls; fi', ['test -f x', 'rm x', 'true', ':', 'ls']],
  ['for i in a b; do echo $i; done', ['echo ?']],
  ['while read l; do wc; done < f', ['read l', 'wc']],
  ['case $x in a) one;; b|c) two;; esac', ['one', 'two']],
  ['f() { inner; }; f', ['inner', 'f']],
  ['X=1 Y="a b" make all', ['make all']],
  ['echo $(whoami)', ['echo ?', 'whoami']],
  ['echo "x `id -u` y"', ['echo ?', 'id -u']],
  ['echo ${v:-$(hostname)}', ['echo ?', 'hostname']],
  ['diff <(sort a) >(cat)', ['diff ? ?', 'sort a', 'cat']],
  ['(( n = $(date +%s) ))', ['date +%s']],
  ['cat <<EOF\nrm -rf / $(uname)\nEOF\nls', ['cat', 'ls', 'uname']],
  ["cat <<'EOF'\nnot a command\nEOF", ['cat']],
  ["echo 'it''s' \"$HOME\" done", ['echo its ? done']],
  ["g'i't push", ['git push']],
  ['\\git push', ['git push']],
  ["$'\\x67it' push", ['git push']],
  ['/usr/bin/git push', ['git push']],
  ['./node_modules/.bin/tsc -p .', ['tsc -p .']],
  ['echo "abc', null],
  ["echo 'abc", null],
  ['echo $(ls', null],
  ['echo `ls', null],
  ['G=git; $G push', ['?'.concat(' push')]],
  ['gi* push', ['? push']],
];

/** Lines written to slip a command past a deny rule, and awkward but valid syntax. */
export const HOSTILE_CASES: Case[] = [
  // chaining
  ['a |& b', ['a', 'b']],
  ['a\nb', ['a', 'b']],
  ['a && \\\nb', ['a', 'b']],
  ['git \\\npush', ['git push']],
  ['a;b&&c||d|e', ['a', 'b', 'c', 'd', 'e']],
  // subshells and groups
  ['(a; (b)) && { c; }', ['a', 'b', 'c']],
  ['! git push', ['git push']],
  // command substitution in every place it expands
  ['echo $(a $(b))', ['echo ?', 'a ?', 'b']],
  ['echo `git push`', ['echo ?', 'git push']],
  ['echo "x $(git push) y"', ['echo ?', 'git push']],
  ['echo "$(echo "$(git push)")"', ['echo ?', 'echo ?', 'git push']],
  ['echo ${x:-$(git push)}', ['echo ?', 'git push']],
  ['echo ${x:-`git push`}', ['echo ?', 'git push']],
  // single quotes are plain text in double-quoted ${...}, heredoc bodies and arithmetic
  ['echo "${x:-\'$(git push)\'}"', ['echo ?', 'git push']],
  ['echo "${x:-\'`git push`\'}"', ['echo ?', 'git push']],
  ['echo ${x:-"\'"$(git push)}', ['echo ?', 'git push']],
  ["echo ${x:-'$(git push)'}", ['echo ?']],
  ["cat <<EOF\nit's $(git push)\nEOF", ['cat', 'git push']],
  ["echo $(( '$(git push)' ))", ['echo ?', 'git push']],
  ["(( x = '$(git push)' ))", ['git push']],
  ['echo $((1 + $(git push)))', ['echo ?', 'git push']],
  ['echo "${a[$(git push)]}"', ['echo ?', 'git push']],
  ['[[ $(git push) == x ]]', ['git push']],
  ['cat <<< $(git push)', ['cat', 'git push']],
  ['x=$(git push)', ['git push']],
  ['x=$(git push) y', ['y', 'git push']],
  ['a=(1 $(git push))', ['git push']],
  ['a+=(x `git push`); b=(1 2) c', ['c', 'git push']],
  ['export A=$(git push)', ['export ?', 'git push']],
  ['diff <(git push) >(b)', ['diff ? ?', 'git push', 'b']],
  ['ls > >(git push)', ['ls', 'git push']],
  // heredocs: unquoted bodies expand substitutions, on any line and after indentation
  ['cat <<EOF\n$(git push)\nEOF', ['cat', 'git push']],
  ['cat <<EOF\n  $(git push)\nEOF', ['cat', 'git push']],
  ['cat <<EOF\nx\n\t`git push`\nEOF', ['cat', 'git push']],
  ['cat <<-EOF\n\t$(git push)\n\tEOF', ['cat', 'git push']],
  ["cat <<'EOF'\n$(git push)\nEOF", ['cat']],
  ['cat <<EOF | sh\ngit push\nEOF', ['cat', 'sh']],
  ['cat <<EOF\nx\nEOF\ngit push', ['cat', 'git push']],
  ['cat <<A <<B\na\nA\n$(git push)\nB', ['cat', 'git push']],
  ['echo $(cat <<EOF\n$(git push)\nEOF\n)', ['echo ?', 'cat', 'git push']],
  // (upstream tree-sitter-bash issues 346 and 305: a heredoc followed by more of its line, or first)
  ["cat <<'EOF'; git push\nhello\nEOF", ['cat', 'git push']],
  ["cat <<'EOF' 2>&1 | git push\nhello\nEOF", ['cat', 'git push']],
  ['<<EOF git push\nhello\nEOF', ['git push']],
  // quoting
  ['"git" push', ['git push']],
  ['"g"i\'t\' push', ['git push']],
  ['echo "a\\"b" c', ['echo a"b c']],
  ["echo 'a\"b'", ['echo a"b']],
  ["echo '$(git push)'", ['echo $(git push)']],
  ['echo "\\$(git push)"', ['echo $(git push)']],
  ['echo \\$\\(git push\\)', ['echo $(git push)']],
  ['echo "a)b" \')\' \\( x \\)', ['echo a)b ) ( x )']],
  ['echo a\\;b', ['echo a;b']],
  // comments
  ['ls # $(git push)', ['ls']],
  ['ls #x\ngit push', ['ls', 'git push']],
  ['echo a#b', ['echo a#b']],
  // prefixes (unwrapped later by policy.ts)
  ['env X=1 git push', ['env X=1 git push']],
  ['X=1 git push', ['git push']],
  ['command git push', ['command git push']],
  ['exec git push', ['exec git push']],
  ['x=1 eval "git push"', ['eval git push']],
  // functions and control flow
  ['function g { git push; }', ['git push']],
  ['function h() ( git push )', ['git push']],
  ['if a; then b; elif c; then d; else e; fi', ['a', 'b', 'c', 'd', 'e']],
  ['while a; do b; done; until c; do d; done', ['a', 'b', 'c', 'd']],
  ['for x in $(git push); do b; done', ['b', 'git push']],
  ['for ((i=0;i<3;i++)); do b; done', ['b']],
  ['select x in a; do git push; done', ['git push']],
  ['case $(git push) in a) b;; esac', ['b', 'git push']],
  ['case x in (a) git push;; esac', ['git push']],
  ['case x in a) b;& c) d;;& e) f;; esac', ['b', 'd', 'f']],
  ['((x++)) && git push', ['git push']],
  ['echo {a,b} x*', ['echo ? ?']],
  // not bash
  ['if true; then', null],
  ['echo )', null],
  ['(a', null],
  ['echo \\$(git push)', null],
];

/** Ordinary agent command lines, for the speed comparison. */
export const TYPICAL_LINES: string[] = [
  'ls -la',
  'git status --short',
  'cd src && npm test -- --grep "parses a line" 2>&1 | tail -n 50',
  "grep -rn 'TODO' src/ | head -20",
  'find . -name "*.ts" -not -path "./node_modules/*" | xargs wc -l | sort -n | tail',
  'python3 -c "import sys; print(sys.version)"',
  'for f in $(git ls-files \'*.md\'); do wc -w "$f"; done',
  'cat <<EOF > notes.txt\nbuilt at $(date)\nEOF',
  "git log --oneline -n 20 --format='%h %s' && git diff --stat HEAD~1",
  'if [ -f package.json ]; then npm ci && npm run build; else echo "no package"; fi',
];
