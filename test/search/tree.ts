// A generated tree for the search tests: nested .gitignores, hidden files, symlinks (one
// out of scope), binary files, non-UTF-8 and UTF-16 text, CRLF, an extra ignore file.
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/server.js';

export interface Tree {
  root: string;
  outside: string;
  cleanup(): void;
}

export function makeTree(): Tree {
  const { dir: root, cleanup: c1 } = tempDir('facet-search-');
  const { dir: outside, cleanup: c2 } = tempDir('facet-outside-');
  const w = (rel: string, data: string | Buffer, mtimeSec?: number): void => {
    const p = path.join(root, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, data);
    if (mtimeSec !== undefined) utimesSync(p, mtimeSec, mtimeSec);
  };
  w('.gitignore', '*.log\nbuild/\n!keep.log\n');
  w('a.txt', 'alpha foo\nbeta\ngamma Foo\ndelta\nepsilon foo foo\nzeta\neta\ntheta foo\n', 1_000_000);
  w('app.log', 'foo in an ignored log\n');
  w('keep.log', 'foo in a kept log\n', 1_000_100);
  w('build/out.txt', 'foo in an ignored folder\n');
  w('.hidden/secret.txt', 'foo hidden\n');
  w('.env', 'FOO=1\n');
  w('.git/HEAD', 'foo in git\n');
  w('src/.gitignore', 'generated.ts\n');
  w('src/main.ts', 'import { foo } from "./util";\nexport const bar = foo(1);\n// TODO: café\n', 1_000_200);
  w('src/util.ts', 'export function foo(x: number) {\n  return x + 1;\n}\n', 1_000_300);
  w('src/generated.ts', 'foo generated\n');
  w('src/nested/deep.py', 'def foo():\n    return "Foo"\n', 1_000_400);
  w('bin.dat', Buffer.concat([Buffer.from('foo\0binary\n'), Buffer.from('foo again\n')]));
  w('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x66, 0x6f, 0x6f, 0x0a]), 1_000_500);
  w(
    'utf16.txt',
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('utf16 foo line\nsecond\n', 'utf16le')]),
    1_000_600,
  );
  w('crlf.txt', 'foo crlf\r\nplain\r\n', 1_000_700);
  w('uni.txt', 'naïve Ωmega straße\nTAB\there\nnumbers 123 ٣٤٥\nfoo_bar foo-bar\nend. $5 [x] {y}\n', 1_000_900);
  w('.geminiignore', 'gemini-secret.txt\n');
  w('gemini-secret.txt', 'foo for gemini only\n', 1_000_800);
  writeFileSync(path.join(outside, 'escaped.txt'), 'foo outside the scope\n');
  symlinkSync(outside, path.join(root, 'link-out'));
  symlinkSync(path.join(root, 'src'), path.join(root, 'link-in'));
  symlinkSync(path.join(outside, 'escaped.txt'), path.join(root, 'file-link-out.txt'));
  return {
    root,
    outside,
    cleanup() {
      c1();
      c2();
    },
  };
}
