// The README's set-up and inspection commands, and CI, install and call what they should:
// the test command installs every system program the tests run; buf is named by its scoped
// package, which npx resolves from any folder.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const readme = readFileSync('README.md', 'utf8');
const ci = readFileSync('.ci/run', 'utf8');

test('the README test command and CI install ripgrep, poppler-utils, python3, bubblewrap and git', () => {
  assert.ok(
    readme.includes(
      'apt-get update && apt-get install -y ripgrep poppler-utils python3 bubblewrap git && npm install && npm test',
    ),
  );
  for (const [program, pkg] of [
    ['rg', 'ripgrep'],
    ['pdftoppm', 'poppler-utils'],
    ['python3', 'python3'],
    ['bwrap', 'bubblewrap'],
    ['git', 'git'],
  ]) {
    assert.ok(ci.includes(`command -v ${program} >/dev/null 2>&1 || missing+=(${pkg})`), pkg);
  }
});

test('buf is called through its scoped package; the server has a terminal of its own; grpcurl has a source', () => {
  assert.doesNotMatch(readme + ci, /npx buf /);
  assert.equal(readme.match(/npx @bufbuild\/buf curl /g)?.length, 6);
  assert.ok(readme.includes('With the server running in its own terminal (`npm start`), from a second one.'));
  assert.ok(readme.includes('go install github.com/fullstorydev/grpcurl/cmd/grpcurl@latest'));
});

test('the README says what the shell can reach and how to run the image on a workspace owned by another user', () => {
  assert.ok(readme.includes('Inside the shell sandbox (the default wherever bubblewrap runs;'));
  assert.ok(readme.includes("a shell command runs as the server's user and can read, write, run and connect to"));
  assert.ok(readme.includes('--security-opt seccomp=unconfined --security-opt'));
  assert.ok(readme.includes('docker run --user "$(stat -c %u:%g "$PWD")"'));
});

test('CI installs and tests as the README says, with no npm configuration of its own', () => {
  assert.ok(readme.includes('npm install && npm start\n'));
  assert.ok(readme.includes('&& npm install && npm test\n'));
  assert.match(ci, /^npm install --no-audit --no-fund$/m);
  assert.match(ci, /^npm test$/m);
  // A fresh machine has no npm_config_* settings: CI must pass without any (node-pty once needed nodedir).
  assert.doesNotMatch(ci, /npm_config_|npm config set/);
});
