// Which language server speaks for which file: TypeScript/JavaScript and Python through the
// npm packages Facet depends on (resolved from its own node_modules, never PATH, so the
// version is the one tested), Go, Rust and C/C++ through gopls, rust-analyzer and clangd
// when they are on PATH. `--lsp-server language=command` replaces any of them.
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface LanguageSpec {
  /** The pool's key and the name a tool shows (typescript, python, go, rust, c). */
  name: string;
  /** languageId for didOpen, by extension. */
  ids: Record<string, string>;
  /** Files that mark a project root, nearest first. */
  markers: string[];
  /** The server's program and arguments, or why there is none. */
  command(): { argv: string[]; server: string } | { missing: string };
  initializationOptions?(): unknown;
}

const require = createRequire(import.meta.url);

function onPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

function npmServer(
  pkg: string,
  entry: string,
  server: string,
): () => { argv: string[]; server: string } | { missing: string } {
  return () => {
    try {
      return { argv: [process.execPath, require.resolve(`${pkg}/${entry}`), '--stdio'], server };
    } catch {
      return { missing: `${server} is not installed (npm package ${pkg})` };
    }
  };
}

function pathServer(program: string, args: string[]): () => { argv: string[]; server: string } | { missing: string } {
  return () => {
    const found = onPath(program);
    return found ? { argv: [found, ...args], server: program } : { missing: `${program} was not found on PATH` };
  };
}

export const LANGUAGES: readonly LanguageSpec[] = [
  {
    name: 'typescript',
    ids: {
      '.ts': 'typescript',
      '.mts': 'typescript',
      '.cts': 'typescript',
      '.tsx': 'typescriptreact',
      '.js': 'javascript',
      '.mjs': 'javascript',
      '.cjs': 'javascript',
      '.jsx': 'javascriptreact',
    },
    markers: ['tsconfig.json', 'jsconfig.json', 'package.json'],
    command: npmServer('typescript-language-server', 'lib/cli.mjs', 'typescript-language-server'),
    // The typescript Facet ships (5.x, which still has tsserver), whatever the project holds.
    initializationOptions: () => ({
      tsserver: { path: require.resolve('typescript/lib/tsserver.js') },
      preferences: { includeCompletionsForModuleExports: false },
    }),
  },
  {
    name: 'python',
    ids: { '.py': 'python', '.pyi': 'python' },
    markers: ['pyrightconfig.json', 'pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt'],
    command: npmServer('pyright', 'langserver.index.js', 'pyright'),
  },
  { name: 'go', ids: { '.go': 'go' }, markers: ['go.work', 'go.mod'], command: pathServer('gopls', []) },
  { name: 'rust', ids: { '.rs': 'rust' }, markers: ['Cargo.toml'], command: pathServer('rust-analyzer', []) },
  {
    name: 'c',
    ids: { '.c': 'c', '.h': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.hpp': 'cpp', '.hh': 'cpp' },
    markers: ['compile_commands.json', 'compile_flags.txt', '.clangd'],
    command: pathServer('clangd', []),
  },
];

/** The language of a file by its extension, and its languageId; undefined when no server speaks for it. */
export function languageOf(file: string): { spec: LanguageSpec; languageId: string } | undefined {
  const ext = path.extname(file).toLowerCase();
  for (const spec of LANGUAGES) {
    const languageId = spec.ids[ext];
    if (languageId) return { spec, languageId };
  }
  return undefined;
}

/** A language spec whose command is replaced by `argv` (a --lsp-server entry). */
export function withCommand(spec: LanguageSpec, argv: string[]): LanguageSpec {
  // `node server.mjs` is named for its script, not for node.
  const named =
    argv.length > 1 && /^(node|python3?|bun|deno)$/.test(path.basename(argv[0]!)) ? argv[1]! : (argv[0] ?? spec.name);
  return { ...spec, command: () => ({ argv, server: path.basename(named) }), initializationOptions: undefined };
}
