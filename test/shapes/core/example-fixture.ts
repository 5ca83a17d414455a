// The project tree the core catalog examples are written against, built fresh before each
// example so that every example runs on the same files: a README and a log long enough for
// their ranges, a notebook with the cell the examples name, a screenshot wider than 1000 px, a
// 3-page PDF, sources with the names the edit/grep/patch examples look for, npm scripts for
// the shell examples and a git work tree with one new file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { makePdf } from '../../helpers/pdf.js';

const lines = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n') + '\n';

export const FILES: Record<string, string> = {
  'README.md': lines('readme line', 30),
  'logs/app.log': lines('log line', 60),
  'docs/guide.md': '# Guide\nTODO: write the set-up section\n',
  'src/app.ts': 'let a = 1\nlet b = 2\noldName(a)\noldName(b)\n// TODO tidy up\n',
  'src/config.ts': 'export function parseConfig(argv: string[]) {\n  return argv;\n}\n',
  'src/util.ts': '// before 2\n// before 1\nconst x = a.b(c);\n// after 1\n// after 2\n',
  'src/a.py': 'def main():\n    print("hi")\n',
  'src/lib/strings.ts': 'export const greeting = "hello";\n',
  'package.json':
    JSON.stringify(
      {
        name: 'demo',
        version: '1.0.0',
        scripts: { test: 'echo tests passed', dev: 'echo dev server ready && sleep 30' },
      },
      null,
      2,
    ) + '\n',
  'package-lock.json': JSON.stringify({ name: 'demo', version: '1.0.0', lockfileVersion: 3 }, null, 2) + '\n',
  'analysis.ipynb':
    JSON.stringify(
      {
        cells: [
          { id: 'm0', cell_type: 'markdown', metadata: {}, source: ['# Analysis'] },
          {
            id: 'a1b2c3d4',
            cell_type: 'code',
            metadata: {},
            source: ['print(1)'],
            execution_count: 1,
            outputs: [{ output_type: 'stream', name: 'stdout', text: ['1\n'] }],
          },
        ],
        metadata: { language_info: { name: 'python' } },
        nbformat: 4,
        nbformat_minor: 5,
      },
      null,
      1,
    ) + '\n',
  'app/tracked.txt': 'tracked\n',
};

/** Modification times (seconds) set on the Markdown and TODO files so "newest first" is fixed. */
export const MTIMES: Record<string, number> = {
  'README.md': 1_700_000_000,
  'docs/guide.md': 1_700_000_200,
  'src/app.ts': 1_700_000_100,
  'package-lock.json': 1_700_000_300,
};

export const PDF = makePdf(3);
let screen: Buffer | undefined;

/** Empties `dir` and builds the tree in it. */
export async function buildTree(dir: string): Promise<void> {
  for (const e of readdirSync(dir)) rmSync(path.join(dir, e), { recursive: true, force: true });
  screen ??= await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#204060' } })
    .png()
    .toBuffer();
  for (const [rel, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  }
  writeFileSync(path.join(dir, 'docs/screen.png'), screen);
  writeFileSync(path.join(dir, 'docs/spec.pdf'), PDF);
  // A git work tree with one committed file and one new one: `git status --short` shows "?? new.txt".
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', path.join(dir, 'app'), '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', 'tracked.txt');
  git('commit', '-q', '-m', 'init');
  writeFileSync(path.join(dir, 'app/new.txt'), 'new\n');
  for (const [rel, s] of Object.entries(MTIMES)) utimesSync(path.join(dir, rel), s, s);
}

export function screenPng(): Buffer {
  return screen!;
}
