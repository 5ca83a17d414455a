// One validated config from flags over FACET_* twins over defaults; bad values name the option.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, helpText, OPTIONS, parseConfig } from '../../src/config.js';

const cwd = '/srv/app';

test('defaults: loopback TCP, the working directory as root, every shape with core first', () => {
  const c = parseConfig([], {}, cwd);
  assert.deepEqual(c.listen, { host: '127.0.0.1', port: 50051 });
  assert.deepEqual(c.roots, ['/srv/app']);
  assert.equal(c.defaultShape, 'core');
  assert.equal(c.token, null);
  assert.equal(c.readOnly, false);
});

test('flags beat environment twins, which beat defaults', () => {
  const env = { FACET_LISTEN: '127.0.0.1:6000', FACET_READ_ONLY: 'true', FACET_ROOT: 'a,b' };
  const c = parseConfig(['--listen=127.0.0.1:7000'], env, cwd);
  assert.deepEqual(c.listen, { host: '127.0.0.1', port: 7000 });
  assert.equal(c.readOnly, true);
  assert.deepEqual(c.roots, ['/srv/app/a', '/srv/app/b']);
  assert.deepEqual(parseConfig(['--root', 'x', '--root', '/y'], {}, cwd).roots, ['/srv/app/x', '/y']);
});

test('bad values stop start-up with a message naming the option', () => {
  const bad: Array<[string[], string]> = [
    [['--listen', 'nowhere'], '--listen must be host:port (e.g. 127.0.0.1:50051), got "nowhere"'],
    [['--listen', '127.0.0.1:70000'], '--listen port must be at most 65535, got 70000'],
    [['--grace-ms', 'soon'], '--grace-ms must be a whole number, got "soon"'],
    [['--session-max', '0'], '--session-max must be between 1 and 1000000, got 0'],
    [['--read-only=perhaps'], '--read-only must be true or false, got "perhaps"'],
    [
      ['--shape', 'klingon'],
      '--shape: unknown shape "klingon" (known: ' + parseConfig([], {}, cwd).shapes.join(', ') + ', all)',
    ],
    [['--grep-backend', 'grep'], '--grep-backend must be auto, rg or fallback, got "grep"'],
    [['--tls-cert', 'c.pem'], '--tls-cert and --tls-key go together'],
    [['--log-level', 'loud'], '--log-level must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [['--frobnicate'], 'unknown option --frobnicate (see --help)'],
    [['--token'], '--token needs a value'],
    [['serve'], 'unexpected argument "serve" (see --help)'],
    [['--listen', 'none'], '--listen is "none" and no --socket is set: nothing to serve on'],
    [['--shell-route', 'git'], '--shell-route entries look like program=toolbox, got "git"'],
    [['--shell-allow', '('], '--shell-allow: shell rule "(" is empty'],
    [
      ['--web-allow-hosts', '999.1.1.1/44'],
      '--web-allow-hosts: web allow list: "999.1.1.1/44" is neither a host name nor an address range',
    ],
    [['--searxng-url', 'searx.local'], '--searxng-url must be an http or https URL, got "searx.local"'],
  ];
  for (const [argv, message] of bad)
    assert.throws(
      () => parseConfig(argv, {}, cwd),
      (e: Error) => e instanceof ConfigError && e.message === message,
      argv.join(' '),
    );
  assert.throws(() => parseConfig([], { FACET_GRACE_MS: '-1' }, cwd), {
    message: 'FACET_GRACE_MS must be a whole number, got "-1"',
  });
});

test('a bad value from a FACET_* variable names the variable; a flag that overrides it names the flag', () => {
  const bad: Array<[NodeJS.ProcessEnv, string]> = [
    [{ FACET_SESSION_MAX: '0' }, 'FACET_SESSION_MAX must be between 1 and 1000000, got 0'],
    [{ FACET_READ_ONLY: 'perhaps' }, 'FACET_READ_ONLY must be true or false, got "perhaps"'],
    [{ FACET_LISTEN: 'nowhere' }, 'FACET_LISTEN must be host:port (e.g. 127.0.0.1:50051), got "nowhere"'],
    [{ FACET_LISTEN: '127.0.0.1:70000' }, 'FACET_LISTEN port must be at most 65535, got 70000'],
    [
      { FACET_LISTEN: '0.0.0.0:1' },
      'FACET_LISTEN 0.0.0.0:1 is not a loopback address: set --token or --tls-cert/--tls-key, or --insecure to accept the risk',
    ],
    [
      { FACET_SHAPE: 'klingon' },
      'FACET_SHAPE: unknown shape "klingon" (known: core, claude, codex, gemini, qwen, kimi, grok, anthropic, openai, all)',
    ],
    [
      { FACET_LOG_LEVEL: 'loud' },
      'FACET_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [{ FACET_GREP_BACKEND: 'grep' }, 'FACET_GREP_BACKEND must be auto, rg or fallback, got "grep"'],
    [{ FACET_SHELL_ROUTE: 'git' }, 'FACET_SHELL_ROUTE entries look like program=toolbox, got "git"'],
    [
      { FACET_SEARCH_PROVIDER: 'bing' },
      'FACET_SEARCH_PROVIDER: unknown provider "bing" (known: tavily, gemini, brave, searxng)',
    ],
    [{ FACET_TAVILY_SEARCH_DEPTH: 'deep' }, 'FACET_TAVILY_SEARCH_DEPTH must be basic or advanced, got "deep"'],
    [{ FACET_TLS_KEY: 'k.pem' }, '--tls-cert and FACET_TLS_KEY go together'],
    // Values the engine compiles (command rules, the web allow list) and the providers' URLs.
    [{ FACET_SHELL_ALLOW: '(' }, 'FACET_SHELL_ALLOW: shell rule "(" is empty'],
    [{ FACET_SHELL_DENY: 'rm,;' }, 'FACET_SHELL_DENY: shell rule ";" is empty'],
    [
      { FACET_WEB_ALLOW_HOSTS: '10.0.0.0/33' },
      'FACET_WEB_ALLOW_HOSTS: web allow list: bad prefix length in "10.0.0.0/33"',
    ],
    [
      { FACET_WEB_ALLOW_HOSTS: 'http://x' },
      'FACET_WEB_ALLOW_HOSTS: web allow list: "http://x" is neither a host name nor an address range',
    ],
    [
      { FACET_TAVILY_BASE_URL: 'api.tavily.com' },
      'FACET_TAVILY_BASE_URL must be an http or https URL, got "api.tavily.com"',
    ],
    [{ FACET_GEMINI_BASE_URL: 'ftp://x' }, 'FACET_GEMINI_BASE_URL must be an http or https URL, got "ftp://x"'],
    [{ FACET_BRAVE_BASE_URL: '::' }, 'FACET_BRAVE_BASE_URL must be an http or https URL, got "::"'],
    [{ FACET_SEARXNG_URL: 'searx.local' }, 'FACET_SEARXNG_URL must be an http or https URL, got "searx.local"'],
  ];
  for (const [env, message] of bad)
    assert.throws(
      () => parseConfig([], env, cwd),
      (e: Error) => e instanceof ConfigError && e.message === message,
      JSON.stringify(env),
    );
  assert.throws(() => parseConfig(['--grace-ms', 'x'], { FACET_GRACE_MS: '5' }, cwd), {
    message: '--grace-ms must be a whole number, got "x"',
  });
});

test('with checkPaths, roots must be directories, the shell a program, TLS files readable, named by their source', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-config-'));
  const file = path.join(dir, 'file.txt');
  writeFileSync(file, 'x');
  const check = { checkPaths: true };
  try {
    assert.deepEqual(parseConfig(['--root', dir], {}, dir, check).roots, [dir]);
    assert.throws(() => parseConfig(['--root', file], {}, dir, check), {
      message: `--root: ${file} is not a directory`,
    });
    assert.throws(() => parseConfig([], { FACET_ROOT: '/nonexistent' }, dir, check), {
      message: 'FACET_ROOT: /nonexistent does not exist',
    });
    assert.throws(() => parseConfig([], { FACET_ROOT: file }, dir, check), {
      message: `FACET_ROOT: ${file} is not a directory`,
    });
    assert.throws(() => parseConfig(['--shell', file], {}, dir, check), {
      message: `--shell: ${file} is not an executable program`,
    });
    assert.throws(() => parseConfig([], { FACET_SHELL: '/nonexistent/bash' }, dir, check), {
      message: 'FACET_SHELL: /nonexistent/bash is not an executable program',
    });
    assert.throws(() => parseConfig(['--tls-cert', 'nope.pem', '--tls-key', file], {}, dir, check), {
      message: `--tls-cert: ${path.join(dir, 'nope.pem')} cannot be read`,
    });
    assert.throws(() => parseConfig(['--state-dir', file], {}, dir, check), {
      message: `--state-dir: ${file} is not a directory`,
    });
    // A bare shell name is looked up on PATH, as a shell would; so is a bare ripgrep name.
    assert.equal(parseConfig(['--shell', 'sh'], {}, dir, check).shell.path, 'sh');
    assert.throws(() => parseConfig(['--shell', 'no-such-shell-facet'], {}, dir, check), {
      message: '--shell: no-such-shell-facet is not an executable program',
    });
    assert.throws(() => parseConfig([], { FACET_RG_PATH: '/nonexistent/rg' }, dir, check), {
      message: 'FACET_RG_PATH: /nonexistent/rg is not an executable program',
    });
    assert.throws(() => parseConfig(['--rg-path', file], {}, dir, check), {
      message: `--rg-path: ${file} is not an executable program`,
    });
    // Without checkPaths nothing on the machine is looked at.
    assert.deepEqual(parseConfig(['--root', file], {}, dir).roots, [file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a non-loopback address needs a token, TLS or --insecure', () => {
  assert.throws(() => parseConfig(['--listen', '0.0.0.0:50051'], {}, cwd), {
    message:
      '--listen 0.0.0.0:50051 is not a loopback address: set --token or --tls-cert/--tls-key, or --insecure to accept the risk',
  });
  assert.equal(parseConfig(['--listen', '0.0.0.0:50051', '--token', 't'], {}, cwd).token, 't');
  assert.equal(parseConfig(['--listen', '0.0.0.0:50051', '--insecure'], {}, cwd).insecure, true);
  assert.deepEqual(parseConfig(['--listen', '[::1]:9'], {}, cwd).listen, { host: '::1', port: 9 });
});

test('--help lists every option with its environment twin', () => {
  const help = helpText();
  for (const o of OPTIONS) {
    assert.ok(help.includes(`--${o.flag}`), o.flag);
    assert.ok(help.includes(`[${o.env}]`), o.env);
  }
});

test('the README configuration table has a row for every option, and the version matches package.json', async () => {
  const { readFileSync } = await import('node:fs');
  const readme = readFileSync('README.md', 'utf8');
  // The whole row: flag, variable, default and meaning, as --help prints them.
  for (const o of OPTIONS) {
    const row = `| \`--${o.flag}\` | \`${o.env}\` | ${o.default ? `\`${o.default}\`` : ''} | ${o.help} |`;
    assert.ok(readme.includes(row), `README row for --${o.flag}: ${row}`);
  }
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const { VERSION } = await import('../../src/version.js');
  assert.equal(VERSION, pkg.version);
});

test('each --token is one caller, taken whole; --session-scope is caller (default) or shared', () => {
  const c = parseConfig(['--token', 'a,b', '--token', 'c'], {}, cwd);
  assert.deepEqual([c.tokens, c.token, c.sessionScope], [['a,b', 'c'], 'a,b', 'caller']);
  assert.deepEqual(parseConfig([], { FACET_TOKEN: 'x,y' }, cwd).tokens, ['x,y']);
  assert.deepEqual(parseConfig([], {}, cwd).tokens, []);
  assert.equal(parseConfig(['--session-scope', 'shared'], {}, cwd).sessionScope, 'shared');
  assert.throws(
    () => parseConfig(['--session-scope', 'token'], {}, cwd),
    (e: Error) => e instanceof ConfigError && e.message === '--session-scope must be caller or shared, got "token"',
  );
});
