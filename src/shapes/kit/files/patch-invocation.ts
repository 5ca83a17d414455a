// Commands that are really apply_patch calls: Codex models often send a patch through a
// shell tool, as argv ["apply_patch", PATCH] or as a `bash -lc` heredoc script
// (`[cd DIR &&] apply_patch <<'EOF' … EOF`). Those are applied as patches, not run.
import { EngineError, engineFailure } from '../../../engine/index.js';
import type { Scope } from '../../../engine/index.js';

export interface PatchInvocation {
  patch: string;
  /** The directory of a `cd DIR &&` prefix, relative paths in the patch start there. */
  cd?: string;
}

const COMMANDS = new Set(['apply_patch', 'applypatch']);
const SHELLS = new Set(['bash', 'zsh', 'sh', '/bin/bash', '/bin/zsh', '/bin/sh', '/usr/bin/bash', '/usr/bin/zsh']);
const WORD = String.raw`(?:'[^']*'|"[^"]*"|[^\s;&|'"<>]+)`;
const HEREDOC = new RegExp(
  String.raw`^\s*(?:cd\s+(${WORD})\s*&&\s*)?(?:apply_patch|applypatch)\s*<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2[ \t]*\n([\s\S]*?)\n[ \t]*\3\s*$`,
);

function unquote(w: string): string {
  return (w.startsWith("'") && w.endsWith("'")) || (w.startsWith('"') && w.endsWith('"')) ? w.slice(1, -1) : w;
}

function bare(text: string): EngineError {
  return engineFailure(
    'patch_without_apply_patch',
    'this looks like a patch, but apply_patch was not called: send it as ["apply_patch", "<patch>"] or call the apply_patch tool',
    { preview: text.slice(0, 40) },
    { field: 'command' },
  );
}

const looksLikePatch = (s: string) => s.trimStart().startsWith('*** Begin Patch');

/** The patch a shell script applies, if the whole script is one apply_patch heredoc. */
export function patchFromScript(script: string): PatchInvocation | undefined {
  const m = HEREDOC.exec(script);
  if (m) return { patch: m[4]!, ...(m[1] !== undefined ? { cd: unquote(m[1]) } : {}) };
  if (looksLikePatch(script)) throw bare(script);
  return undefined;
}

/** The patch an argv applies: ["apply_patch", PATCH], or a shell -c/-lc script of that form. */
export function patchFromArgv(argv: readonly string[]): PatchInvocation | undefined {
  if (argv.length === 2 && COMMANDS.has(argv[0]!)) return { patch: argv[1]! };
  if (argv.length === 3 && SHELLS.has(argv[0]!) && (argv[1] === '-c' || argv[1] === '-lc'))
    return patchFromScript(argv[2]!);
  if (argv.length === 1 && looksLikePatch(argv[0]!)) throw bare(argv[0]!);
  return undefined;
}

/** Where the relative paths of a patch sent through a command start: `base`, or the script's `cd DIR` from there. */
export async function patchDir(scope: Scope, base: string, cd: string | undefined): Promise<string> {
  if (cd === undefined) return base;
  const r = await scope.resolve(cd, base, 'cmd');
  if (!r.exists)
    throw new EngineError('not_found', `the directory ${cd} does not exist`, {
      field: 'cmd',
      facts: { path: cd, resolved: r.real },
    });
  return r.real;
}
