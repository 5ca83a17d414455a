// One small call of each tool family, with the files it needs: the subjects of the hot-path
// bench and of profile-call. Each lives in its own directory under bench/.work/hotpath.
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolboxClient } from '../src/gen/codefly/services/toolbox/v0/toolbox.js';
import { callTool } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORK = path.resolve(here, '../../bench/.work/hotpath');

export interface SmallCall {
  /** The family's name in reports. */
  label: string;
  tool: string;
  facetArgs: string[];
  /** The arguments of the next call (fs.edit alternates between two edits, so every call changes the file). */
  args: () => Record<string, unknown>;
  /** Run once on a fresh server before any call (fs.edit reads its file first, as read-before-edit asks). */
  prepare?: (client: ToolboxClient) => Promise<void>;
}

/** The 1 KB text file the fs.read bench and the foundation bench read. */
export function smallText(): string {
  return Array.from({ length: 20 }, (_, i) => `line ${i + 1} ${'x'.repeat(40)}`).join('\n') + '\n';
}

/** Builds the files of one family's call, in a fresh directory; `cleanup` removes them. */
export async function smallCalls(tool: string): Promise<{ subject: SmallCall; cleanup: () => void }> {
  const dir = path.join(WORK, tool.replace(/\W/g, '-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const root = realpathSync(dir);
  const base = ['--root', root, '--shape', 'core'];
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  switch (tool) {
    case 'fs.read':
      writeFileSync(path.join(root, 'small.txt'), smallText());
      return {
        subject: { label: 'fs.read 1 KB file', tool, facetArgs: base, args: () => ({ path: 'small.txt' }) },
        cleanup,
      };
    case 'search.grep': {
      // 50 source-like files of 40 lines; the pattern is on one line in every fifth.
      for (let i = 0; i < 50; i++) {
        const sub = path.join(root, `pkg${i % 5}`);
        mkdirSync(sub, { recursive: true });
        const lines = Array.from({ length: 40 }, (_, j) =>
          i % 5 === 0 && j === 20 ? `  const needle = ${i};` : `  const value${j} = compute(${i}, ${j});`,
        );
        writeFileSync(path.join(sub, `file${i}.ts`), `export function f${i}() {\n${lines.join('\n')}\n}\n`);
      }
      return {
        subject: { label: 'search.grep 50-file tree', tool, facetArgs: base, args: () => ({ pattern: 'needle' }) },
        cleanup,
      };
    }
    case 'fs.edit': {
      writeFileSync(path.join(root, 'edit.txt'), smallText().replace('line 10 ', 'line 10 alpha '));
      let n = 0;
      const args = () =>
        n++ % 2 === 0
          ? { path: 'edit.txt', old_string: 'alpha', new_string: 'beta' }
          : { path: 'edit.txt', old_string: 'beta', new_string: 'alpha' };
      const prepare = async (client: ToolboxClient) => void (await callTool(client, 'fs.read', { path: 'edit.txt' }));
      return { subject: { label: 'fs.edit 1 KB file', tool, facetArgs: base, args, prepare }, cleanup };
    }
    case 'shell.run':
      return {
        subject: { label: 'shell.run true', tool, facetArgs: base, args: () => ({ command: 'true' }) },
        cleanup,
      };
    // The same call with the sandbox off, against which `bash -c true` spawned directly is the fair reference.
    case 'shell.run:none':
      return {
        subject: {
          label: 'shell.run true, sandbox none',
          tool: 'shell.run',
          facetArgs: [...base, '--shell-sandbox', 'none'],
          args: () => ({ command: 'true' }),
        },
        cleanup,
      };
    default:
      throw new Error(`no small call for ${tool}: fs.read, search.grep, fs.edit, shell.run or shell.run:none`);
  }
}

export const FAMILIES = ['fs.read', 'search.grep', 'fs.edit', 'shell.run', 'shell.run:none'] as const;
