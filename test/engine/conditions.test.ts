// One condition, one kind, one failure code: the condition table is complete, each condition
// builds an error of its own kind that the registry turns into one code, and no code outside
// the table names a condition by a bare string the compiler cannot check.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  CONDITION_KIND,
  EngineError,
  engineFailure,
  isCondition,
  isConditionName,
  withDetails,
  type Condition,
  type ConditionFacts,
} from '../../src/engine/errors.js';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { toFailure } from '../../src/registry/failure.js';

const conditions = Object.keys(CONDITION_KIND) as Condition[];
const raise = (c: Condition) => engineFailure(c, `probe ${c}`, {} as ConditionFacts[typeof c]);

// The repository's source, from dist/test/engine back to the checkout.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'gen' ? [] : sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });

test('every condition raises an error of its one kind, tagged with its name', () => {
  assert.ok(conditions.length > 100, `only ${conditions.length} conditions`);
  for (const c of conditions) {
    const err = raise(c);
    assert.ok(err instanceof EngineError);
    assert.equal(err.kind, CONDITION_KIND[c], c);
    assert.equal(err.condition, c);
    assert.equal(err.facts.condition, c);
    assert.ok(isCondition(err, c));
    assert.ok(isConditionName(c));
  }
  assert.equal(isConditionName('no_such_condition'), false);
});

test('every condition maps to exactly one failure code and retryable, whatever else the error carries', () => {
  for (const c of conditions) {
    const plain = toFailure(raise(c), 'probe');
    assert.notEqual(plain.code, FailureCode.FAILURE_CODE_UNSPECIFIED, c);
    // The same condition raised elsewhere with other facts, a field or a new message keeps its code.
    const dressed = toFailure(
      withDetails(raise(c), { field: 'x', message: 'other words', facts: { extra: 1 } }),
      'other',
    );
    assert.deepEqual(
      [dressed.code, dressed.retryable, dressed.transportCode],
      [plain.code, plain.retryable, plain.transportCode],
      c,
    );
  }
});

test('the guard tells conditions apart and rejects what is not an engine error', () => {
  const err = engineFailure('ambiguous', 'twice', { count: 2, editIndex: 0, rung: 'exact' }, { field: 'old_string' });
  assert.ok(isCondition(err, 'ambiguous'));
  assert.equal(isCondition(err, 'no_match'), false);
  assert.equal(isCondition(new Error('ambiguous'), 'ambiguous'), false);
  assert.equal(isCondition({ condition: 'ambiguous', facts: { condition: 'ambiguous' } }, 'ambiguous'), false);
  if (isCondition(err, 'ambiguous')) assert.equal(err.facts.count + 1, 3); // facts narrowed to numbers
  assert.deepEqual(err.facts, { count: 2, editIndex: 0, rung: 'exact', condition: 'ambiguous' });
  assert.equal(err.field, 'old_string');
});

test('every condition in the table is raised somewhere, and none is raised or compared as a bare string', () => {
  const files = [...sources(path.join(repo, 'src'))];
  const table = path.join(repo, 'src/engine/conditions.ts');
  const text = files
    .filter((f) => f !== table)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const unused = conditions.filter((c) => !text.includes(`'${c}'`));
  assert.deepEqual(unused, [], 'conditions no code raises');
  // A condition is built by engineFailure and read through err.condition or isCondition, never
  // written into facts or read back from them by hand.
  const bare: string[] = [];
  for (const f of files) {
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\bcondition: '\w+'(?!\s*\|)/.test(line) || /facts\??\.condition\s*[!=]==/.test(line)) {
          bare.push(`${path.relative(repo, f)}:${i + 1}`);
        }
      });
  }
  assert.deepEqual(bare, []);
});
