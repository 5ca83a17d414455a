import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../src/engine/errors.js';
import { commandsOf, ShellPolicy } from '../../src/engine/shell/policy.js';
import { splitCommands } from '../../src/engine/shell/shell-words.js';

const programs = (line: string) =>
  commandsOf(line).map(
    (c) => (c.dynamic ? '?' : '') + [c.program, ...c.args.map((a) => (a.dynamic ? '?' : a.value))].join(' '),
  );

function refusal(p: ShellPolicy, line: string | string[]): EngineError | undefined {
  try {
    p.check(line);
    return undefined;
  } catch (err) {
    assert.ok(err instanceof EngineError);
    return err;
  }
}

test('the splitter finds every command of a compound line', () => {
  assert.deepEqual(programs('a && b; c | d || e & f'), ['a', 'b', 'c', 'd', 'e', 'f']);
  assert.deepEqual(programs('echo hi > out.txt 2>&1; cat < in'), ['echo hi', 'cat']);
  assert.deepEqual(programs('echo a # git push'), ['echo a']);
  assert.deepEqual(programs('( cd x && make ) | tee log'), ['cd x', 'make', 'tee log']);
  assert.deepEqual(programs('{ a; b; }'), ['a', 'b']);
  assert.deepEqual(programs('if test -f x; then rm x; elif true; then :; else ls; fi'), [
    'test -f x',
    'rm x',
    'true',
    ':',
    'ls',
  ]);
  assert.deepEqual(programs('for i in a b; do echo $i; done'), ['echo ?']);
  assert.deepEqual(programs('while read l; do wc; done < f'), ['read l', 'wc']);
  assert.deepEqual(programs('case $x in a) one;; b|c) two;; esac'), ['one', 'two']);
  assert.deepEqual(programs('f() { inner; }; f'), ['inner', 'f']);
  assert.deepEqual(programs('X=1 Y="a b" make all'), ['make all']);
});

test('the splitter looks inside substitutions, quotes and heredocs', () => {
  assert.deepEqual(programs('echo $(whoami)'), ['echo ?', 'whoami']);
  assert.deepEqual(programs('echo "x `id -u` y"'), ['echo ?', 'id -u']);
  assert.deepEqual(programs('echo ${v:-$(hostname)}'), ['echo ?', 'hostname']);
  assert.deepEqual(programs('diff <(sort a) >(cat)'), ['diff ? ?', 'sort a', 'cat']);
  assert.deepEqual(programs('(( n = $(date +%s) ))'), ['date +%s']);
  assert.deepEqual(programs('cat <<EOF\nrm -rf / $(uname)\nEOF\nls'), ['cat', 'ls', 'uname']);
  assert.deepEqual(programs("cat <<'EOF'\nnot a command\nEOF"), ['cat']);
  assert.deepEqual(programs("echo 'it''s' \"$HOME\" done"), ['echo its ? done']);
});

test('quote removal and escapes give the real program name', () => {
  assert.deepEqual(programs("g'i't push"), ['git push']);
  assert.deepEqual(programs('\\git push'), ['git push']);
  assert.deepEqual(programs("$'\\x67it' push"), ['git push']);
  assert.deepEqual(programs('/usr/bin/git push'), ['git push']);
  assert.deepEqual(programs('./node_modules/.bin/tsc -p .'), ['tsc -p .']);
});

test('unclosed quotes and brackets are reported, not guessed', () => {
  for (const bad of ['echo "abc', "echo 'abc", 'echo $(ls', 'echo `ls']) {
    const err = refusal(new ShellPolicy({ allow: [], deny: ['x'], routes: {} }), bad);
    assert.equal(err?.kind, 'invalid_argument', bad);
    assert.equal(err?.field, 'command');
  }
  assert.throws(() => splitCommands('echo "abc'));
});

test('deny rules cannot be dodged by chaining, wrapping or quoting', () => {
  const p = new ShellPolicy({ allow: [], deny: ['git push', 'rm -rf'], routes: {} });
  assert.equal(refusal(p, 'git status'), undefined);
  assert.equal(refusal(p, 'git pull && npm test'), undefined);
  // Options before the subcommand are looked past only as far as options go.
  assert.equal(refusal(p, 'git -C sub status'), undefined);
  assert.equal(refusal(p, 'git log --grep push'), undefined);
  assert.equal(refusal(p, 'git -C sub log push'), undefined);
  const dodges = [
    'git -C /tmp/elsewhere push',
    'git -c user.name=x push origin',
    'git --git-dir=.git --work-tree . push',
    'git --no-pager -P push',
    'git $OPTS push',
    'rm -v -rf /tmp/x',
    'git push',
    'git push origin main',
    'echo ok && git push',
    'true; git push',
    'echo x | git push',
    'false || git push',
    'sleep 1 & git push',
    '(git push)',
    '{ git push; }',
    'echo $(git push)',
    'echo `git push`',
    'echo "$(git push)"',
    "bash -c 'git push'",
    "sh -c 'echo && git push'",
    'bash -lc "bash -c \'git push\'"',
    'eval "git push"',
    'FOO=1 git push',
    'env FOO=1 git push',
    'env -i PATH=/bin git push',
    'command git push',
    'exec git push',
    'nohup git push',
    'nice -n 5 git push',
    'timeout 10 git push',
    'sudo -u root git push',
    'xargs -n1 git push',
    'find . -exec git push \\;',
    '/usr/bin/git push',
    "g'i't push",
    '\\git push',
    "$'\\x67it' push",
    'git $VERB',
    'if true; then git push; fi',
    'f() { git push; }',
    'rm -rf /tmp/x',
    'cat <<EOF\n$(rm -rf ~)\nEOF',
  ];
  for (const line of dodges) {
    const err = refusal(p, line);
    assert.equal(err?.kind, 'security_policy', `not refused: ${line}`);
    assert.ok(['git push', 'rm -rf'].includes(err!.facts.rule as string), `${line}: ${String(err!.facts.rule)}`);
    assert.match(err!.message, /deny rule "(git push|rm -rf)"/);
  }
  // A program name computed at run time cannot be checked: refused by name.
  const dyn = refusal(p, 'G=git; $G push');
  assert.equal(dyn?.kind, 'security_policy');
  assert.equal(dyn?.facts.rule, '<dynamic>');
  assert.equal(refusal(p, 'gi* push')?.facts.rule, '<dynamic>');
  // argv commands (Codex shell) are checked too, including bash -lc lines inside them.
  assert.equal(refusal(p, ['git', 'push'])?.facts.rule, 'git push');
  assert.equal(refusal(p, ['bash', '-lc', 'ls && git push'])?.facts.rule, 'git push');
  assert.equal(refusal(p, ['ls', '-la']), undefined);
});

test('deny rules see commands in the places a bash grammar tends to miss', () => {
  // Each of these runs git push in bash; tree-sitter-bash 0.25.1 misses the first four and
  // cannot parse the next three (see the top of words.ts).
  const p = new ShellPolicy({ allow: [], deny: ['git push'], routes: {} });
  for (const line of [
    'cat <<EOF\n  $(git push)\nEOF',
    'cat <<EOF\nx\n\t`git push`\nEOF',
    'cat <<-EOF\n\t$(git push)\n\tEOF',
    'echo ${x:-`git push`}',
    "cat <<'EOF'; git push\nhello\nEOF",
    "cat <<'EOF' 2>&1 | git push\nhello\nEOF",
    '<<EOF git push\nhello\nEOF',
    // Single quotes are plain text in a heredoc body, in "${...}" and in arithmetic.
    "cat <<EOF\nit's $(git push)\nEOF",
    'echo "${x:-\'$(git push)\'}"',
    'echo ${x:-"\'"$(git push)}',
    "echo $(( '$(git push)' ))",
    "(( x = '$(git push)' ))",
    // Array elements are words, and their substitutions run.
    'a=(1 $(git push))',
  ]) {
    assert.equal(refusal(p, line)?.facts.rule, 'git push', line);
  }
});

test('literal heredocs and array assignments run no command of their own', () => {
  assert.deepEqual(programs("cat <<'EOF' > x.sh\necho $(date) `id`\nEOF"), ['cat']);
  assert.deepEqual(programs('cat <<\\EOF\n$(date)\nEOF'), ['cat']);
  assert.deepEqual(programs('a=(1 "two" $(date)); b+=(x) ls'), ['ls', 'date']);
  assert.deepEqual(programs("echo ${x:-'$(date)'}"), ['echo ?']);
});

test('deny rules see through coproc, env -S, su -c, script -c and trap; {} is a word, not a brace expansion', () => {
  const p = new ShellPolicy({ allow: [], deny: ['git push'], routes: {} });
  for (const line of [
    'coproc git push',
    'coproc X { git push; }',
    "env -S 'git push'",
    'env --split-string="git push" origin',
    'su -c "git push"',
    'su root -c "git push"',
    'script -qc "git push" /dev/null',
    'trap "git push" EXIT',
    'xargs -I{} git push {}',
  ]) {
    assert.equal(refusal(p, line)?.facts.rule, 'git push', line);
  }
  assert.deepEqual(programs('echo {} -I{} {a,b} x{1..3} \\{a,b\\}'), ['echo {} -I{} ? ? {a,b}']);
  const allow = new ShellPolicy({ allow: ['ls'], deny: [], routes: {} });
  assert.equal(refusal(allow, 'xargs -I{} ls {}'), undefined);
  assert.equal(refusal(allow, "trap 'ls' EXIT"), undefined);
  assert.equal(refusal(allow, "trap 'rm x' EXIT")?.facts.program, 'rm');
  assert.equal(refusal(allow, "env -S 'rm x'")?.facts.program, 'rm');
  assert.equal(refusal(allow, 'su -c ls')?.facts.program, 'su');
});

test('allow rules admit only matching commands, every part of the line', () => {
  const p = new ShellPolicy({ allow: ['git status', 'ls', 'npm run *'], deny: [], routes: {} });
  for (const ok of [
    'git status',
    'ls -la',
    'ls && git status --short',
    'npm run build',
    "bash -c 'ls'",
    'env A=1 ls',
    'command ls',
  ]) {
    assert.equal(refusal(p, ok), undefined, ok);
  }
  for (const bad of [
    'rm x',
    'ls; rm x',
    'ls $(rm x)',
    'git push',
    'bash script.sh',
    'sudo ls',
    'npm install',
    'ls | sh',
    "git -c core.pager='sh -c id' status",
  ]) {
    const err = refusal(p, bad);
    assert.equal(err?.kind, 'security_policy', bad);
    assert.equal(err?.facts.list === 'allow' || err?.facts.list === 'dynamic', true, bad);
  }
});

test('a route refuses the program and names the toolbox that owns it', () => {
  const p = new ShellPolicy({ allow: [], deny: [], routes: { git: 'git-toolbox' } });
  const err = refusal(p, 'cd repo && /usr/bin/git commit -m x');
  assert.equal(err?.kind, 'security_policy');
  assert.equal(err?.routedTo, 'git-toolbox');
  assert.deepEqual(err?.facts, {
    rule: 'git=git-toolbox',
    list: 'route',
    program: 'git',
    command: '/usr/bin/git commit -m x',
    condition: 'routed_elsewhere',
  });
  assert.equal(refusal(p, 'ls'), undefined);
});

test('with no rules nothing is parsed or refused', () => {
  const p = new ShellPolicy({ allow: [], deny: [], routes: {} });
  assert.equal(p.open, true);
  assert.equal(refusal(p, 'echo "unclosed'), undefined);
});
