import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Writable } from 'node:stream';
import { createLogger, isoTimestamp } from '../../src/server/logger.js';

test('the cached ISO timestamp equals Date#toISOString at every millisecond width and across seconds', () => {
  const base = Date.UTC(2026, 10, 22, 4, 5, 6);
  for (const t of [
    base,
    base + 7,
    base + 42,
    base + 999,
    base + 1000,
    base + 1001,
    base + 86_400_000 + 5,
    base - 3_600_000 + 120,
  ]) {
    assert.equal(isoTimestamp(t), `,"time":"${new Date(t).toISOString()}"`);
  }
});

test('log lines carry the ISO time, the level and the service name', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const before = Date.now();
  createLogger('info', sink).info({ rpc: 'CallTool' }, 'done');
  const line = JSON.parse(lines[0]!) as Record<string, unknown>;
  assert.deepEqual(Object.keys(line), ['level', 'time', 'service', 'rpc', 'msg']);
  assert.equal(line.level, 30);
  assert.equal(line.service, 'facet');
  const t = Date.parse(line.time as string);
  assert.ok(t >= before && t <= Date.now(), `time ${line.time} within the call`);
  assert.match(line.time as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});
