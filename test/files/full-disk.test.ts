// Writes on a full disk and on a read-only file system: every write path answers in band,
// says what happened to the user's file once in its dialect's words (never our temporary
// file's name), changes no file and leaves no file. The file system is a real 2 MB tmpfs,
// filled up, then remounted read-only; where mounting is not allowed the test is skipped.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { FailureCode } from '../../src/gen/codefly/base/v0/failure.js';
import { callTool, startTestServer } from '../helpers/server.js';

/** A fresh 2 MB tmpfs, or why there cannot be one here. */
function mountTmpfs(): { dir: string; run: (...args: string[]) => void; unmount: () => void } | string {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-disk-'));
  const mount = (...args: string[]) => spawnSync('mount', args, { encoding: 'utf8' });
  const r = mount('-t', 'tmpfs', '-o', 'size=2m,mode=0755', 'facet-test', dir);
  if (r.status !== 0) {
    rmdirSync(dir);
    return `mount -t tmpfs is not allowed here (${(r.stderr || r.error?.message || `exit ${r.status}`).trim()})`;
  }
  return {
    dir,
    run: (...args) => {
      const m = mount(...args);
      assert.equal(m.status, 0, m.stderr);
    },
    unmount: () => {
      spawnSync('umount', [dir]);
      rmdirSync(dir);
    },
  };
}

const NOTEBOOK = JSON.stringify({
  cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: ['print(1)\n'], outputs: [], execution_count: null }],
  metadata: {},
  nbformat: 4,
  nbformat_minor: 5,
});

/** Every file under `dir` with its bytes (the filler by size only). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.relative(dir, path.join(e.parentPath, e.name));
    out[p] = e.isDirectory()
      ? '<dir>'
      : e.name === 'filler'
        ? `<${statSync(path.join(dir, p)).size} bytes>`
        : readFileSync(path.join(dir, p), 'utf8');
  }
  return out;
}

/** A failure's words; Codex's JSON without its duration, which varies from run to run. */
function answer(error: string): string {
  if (!error.startsWith('{')) return error;
  const o = JSON.parse(error) as { metadata: Record<string, unknown> };
  delete o.metadata.duration_seconds;
  return JSON.stringify(o);
}

interface WriteCall {
  shape: string;
  tool: string;
  args: Record<string, unknown>;
  /** A call to make first in the same session (Claude reads a file before it changes it). */
  first?: { tool: string; args: Record<string, unknown> };
  /** The words expected on a full disk and on a read-only file system. */
  full: string;
  readOnly: string;
  /** Deleting frees space: a delete succeeds on a full disk. */
  onlyReadOnly?: boolean;
}

function calls(dir: string): WriteCall[] {
  const p = (n: string) => path.join(dir, n);
  const patch = (body: string) => `*** Begin Patch\n${body}\n*** End Patch`;
  const readFirst = (n: string) => ({ tool: 'Read', args: { file_path: p(n) } });
  const core = (n: string) => ({
    full: `no space left on the device for ${n}`,
    readOnly: `${n} is on a read-only file system`,
  });
  const claude = (n: string) => ({
    full: `No space left on the device for ${p(n)}.`,
    readOnly: `${p(n)} is on a read-only file system.`,
  });
  const gemini = (n: string) => ({
    full: `No space left on the device while writing ${p(n)}.`,
    readOnly: `${p(n)} is on a read-only file system, so it could not be written.`,
  });
  const codex = (n: string) => {
    // Codex's exec output, its duration left out (see `answer`).
    const out = (s: string) =>
      JSON.stringify({
        output: `${s}\nNo file was changed: the patch applies completely or not at all.`,
        metadata: { exit_code: 1 },
      });
    return { full: out(core(n).full), readOnly: out(core(n).readOnly) };
  };
  return [
    { shape: 'core', tool: 'fs.write', args: { path: 'big.txt', content: 'new\n' }, ...core('big.txt') },
    {
      shape: 'core',
      tool: 'fs.write',
      args: { path: 'big.txt', content: 'more\n', mode: 'append' },
      ...core('big.txt'),
    },
    {
      shape: 'core',
      tool: 'fs.write',
      args: { path: 'fresh.txt', content: 'new\n', mode: 'create' },
      ...core('fresh.txt'),
    },
    {
      shape: 'core',
      tool: 'fs.write',
      args: { path: 'sub/dir/fresh.txt', content: 'new\n' },
      ...core('sub/dir/fresh.txt'),
    },
    {
      shape: 'core',
      tool: 'fs.edit',
      args: { path: 'big.txt', old_string: 'old', new_string: 'new' },
      ...core('big.txt'),
    },
    {
      shape: 'core',
      tool: 'fs.apply_patch',
      args: { patch: patch('*** Update File: big.txt\n-old\n+new') },
      ...core('big.txt'),
    },
    {
      shape: 'core',
      tool: 'fs.apply_patch',
      args: { patch: patch('*** Add File: fresh.txt\n+new') },
      ...core('fresh.txt'),
    },
    {
      shape: 'core',
      tool: 'fs.apply_patch',
      args: { patch: patch('*** Delete File: big.txt') },
      ...core('big.txt'),
      onlyReadOnly: true,
    },
    {
      shape: 'core',
      tool: 'fs.notebook_edit',
      args: { path: 'nb.ipynb', cell_id: 'c1', new_source: 'print(2)\n' },
      ...core('nb.ipynb'),
    },
    { shape: 'claude', tool: 'Write', args: { file_path: p('fresh.txt'), content: 'new\n' }, ...claude('fresh.txt') },
    {
      shape: 'claude',
      tool: 'Write',
      args: { file_path: p('big.txt'), content: 'new\n' },
      first: readFirst('big.txt'),
      ...claude('big.txt'),
    },
    {
      shape: 'claude',
      tool: 'Edit',
      args: { file_path: p('big.txt'), old_string: 'old', new_string: 'new' },
      first: readFirst('big.txt'),
      ...claude('big.txt'),
    },
    {
      shape: 'gemini',
      tool: 'write_file',
      args: { file_path: p('fresh.txt'), content: 'new\n' },
      ...gemini('fresh.txt'),
    },
    { shape: 'gemini', tool: 'write_file', args: { file_path: p('big.txt'), content: 'new\n' }, ...gemini('big.txt') },
    {
      shape: 'codex@0.169.0',
      tool: 'apply_patch',
      args: { input: patch('*** Update File: big.txt\n@@\n-old\n+new') },
      ...codex('big.txt'),
    },
    {
      shape: 'codex@0.169.0',
      tool: 'apply_patch',
      args: { input: patch('*** Add File: fresh.txt\n+new') },
      ...codex('fresh.txt'),
    },
    {
      shape: 'codex@0.169.0',
      tool: 'apply_patch',
      args: { input: patch('*** Delete File: big.txt') },
      ...codex('big.txt'),
      onlyReadOnly: true,
    },
    {
      shape: 'qwen',
      tool: 'write_file',
      args: { file_path: p('fresh.txt'), content: 'new\n' },
      ...gemini('fresh.txt'),
    },
    {
      shape: 'anthropic',
      tool: 'str_replace_based_edit_tool',
      args: { command: 'create', path: p('fresh.txt'), file_text: 'new\n' },
      full: `Ran into a full disk (no space left on the device) while trying to write to ${p('fresh.txt')}`,
      readOnly: `Ran into a read-only file system while trying to write to ${p('fresh.txt')}`,
    },
    {
      shape: 'kimi@1.49',
      tool: 'WriteFile',
      args: { path: 'fresh.txt', content: 'new\n' },
      full: '<system>ERROR: No space is left on the device for `fresh.txt`.</system>',
      readOnly: '<system>ERROR: `fresh.txt` is on a read-only file system.</system>',
    },
    {
      shape: 'grok@0.0.34',
      tool: 'create_file',
      args: { path: 'fresh.txt', content: 'new\n' },
      full: 'Error: no space left on the device for fresh.txt',
      readOnly: 'Error: fresh.txt is on a read-only file system',
    },
    {
      shape: 'openai',
      tool: 'apply_patch',
      args: { type: 'create_file', path: 'fresh.txt', diff: '+new\n' },
      full: 'Error: no space left on the device for fresh.txt.',
      readOnly: 'Error: fresh.txt is on a read-only file system.',
    },
  ];
}

test('on a full disk and a read-only file system every write path answers in band, names the cause, changes and leaves no file', async (t) => {
  const fs = mountTmpfs();
  if (typeof fs === 'string') return t.skip(fs);
  const server = await startTestServer(['--root', fs.dir, '--shape', 'all']).catch((err) => {
    fs.unmount();
    throw err;
  });
  try {
    const { dir } = fs;
    writeFileSync(path.join(dir, 'big.txt'), 'old\n');
    writeFileSync(path.join(dir, 'nb.ipynb'), NOTEBOOK);
    // Fill the file system to the last byte.
    const fd = openSync(path.join(dir, 'filler'), 'w');
    for (const chunk of [Buffer.alloc(64 * 1024), Buffer.alloc(1)]) {
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        assert.equal((err as NodeJS.ErrnoException).code, 'ENOSPC');
      }
    }
    closeSync(fd);

    const round = async (label: 'full' | 'readOnly') => {
      for (const [i, c] of calls(dir).entries()) {
        if (label === 'full' && c.onlyReadOnly) continue;
        const session = `${label}-${i}`;
        if (c.first)
          assert.equal(
            (await callTool(server.client, c.first.tool, c.first.args, { shape: c.shape, session })).error,
            '',
          );
        const before = snapshot(dir);
        const r = await callTool(server.client, c.tool, c.args, { shape: c.shape, session });
        const what = `${label}: ${c.shape} ${c.tool} ${JSON.stringify(c.args)}`;
        assert.equal(answer(r.error), c[label], what);
        assert.equal(
          r.failure?.code,
          label === 'full' ? FailureCode.FAILURE_CODE_RESOURCE_EXHAUSTED : FailureCode.FAILURE_CODE_IO_FAILED,
          what,
        );
        assert.deepEqual(snapshot(dir), before, `${label}: ${c.tool} changed no file and left none`);
      }
    };
    await round('full');
    fs.run('-o', 'remount,ro', dir);
    await round('readOnly');
  } finally {
    await server.close();
    fs.unmount();
  }
});
