// grep: a ripgrep regex over the files under a path (hidden files included, .gitignore kept),
// matching lines grouped by file, newest file first, at most 100 shown.
import path from 'node:path';
import { type GrepResult, isEngineError } from '../../engine/index.js';
import { defineTool, type Reply } from '../common/define.js';
import { TAGS } from '../tags.js';
import { devOk, devWords, zodObject } from './dev-result.js';

const MAX_SHOWN = 100;
const MAX_LINE = 2000;
const NOTHING = 'No matches found.';
const SKIPPED = '(Some paths were inaccessible and skipped)';

interface Args {
  pattern: string;
  path?: string;
  include?: string;
}

const schema = zodObject({ pattern: { type: 'string' }, path: { type: 'string' }, include: { type: 'string' } }, [
  'pattern',
]);

/** The matching lines as grok-dev lists them, paths relative to the current directory. */
function listing(r: GrepResult, cwd: string): string {
  const out = [`Found ${r.total} matches${r.total > MAX_SHOWN ? ` (showing first ${MAX_SHOWN})` : ''}`];
  r.files.forEach((f, i) => {
    if (i > 0) out.push('');
    out.push(`${path.relative(cwd, f.path)}:`);
    for (const l of f.lines) {
      const text = l.text.length > MAX_LINE ? `${l.text.slice(0, MAX_LINE)}...` : l.text;
      out.push(`  Line ${l.line}: ${text}`);
    }
  });
  if (r.total > MAX_SHOWN)
    out.push(
      '',
      `(Results truncated: showing ${MAX_SHOWN} of ${r.total} matches. Consider using a more specific path or pattern.)`,
    );
  return out.join('\n');
}

export const grep = defineTool<Args>({
  name: 'grep',
  summary: 'Search file contents with a regular expression; matching lines by file, newest files first.',
  description: [
    'Searches file contents with a regular expression (ripgrep syntax, e.g. "log.*Error", "function\\s+\\w+") under',
    'path (a directory or file; default the current directory), hidden files included and .gitignore respected.',
    'include keeps only files matching a glob ("*.js", "*.{ts,tsx}"). The answer lists the matching lines by file,',
    'files newest first, at most 100 lines; lines over 2000 characters are cut. To count matches, use bash with rg.',
  ],
  ...schema,
  tags: [TAGS.filesystem, TAGS.readOnly, TAGS.search],
  examples: [
    {
      description: 'Where a function is defined',
      arguments: { pattern: 'function\\s+parseConfig', include: '*.ts' },
      expectedOutcome: 'Found 1 matches, then src/config.ts: and "  Line 12: function parseConfig(…".',
    },
  ],
  idempotency: 'idempotent',
  errorModes: [
    'No match: "No matches found." (success). An invalid regex or a path that does not exist: "No matches found." and',
    '"(Some paths were inaccessible and skipped)" (success, as ripgrep\'s exit 2). A path outside the workspace:',
    '{"success":false,"error":"Access denied: …"}.',
  ],
  async call({ pattern, path: where, include }, c): Promise<Reply> {
    if (pattern === '') return { text: JSON.stringify({ success: false, error: 'pattern is required' }) };
    let r: GrepResult;
    try {
      r = await c.engine.search.grep(c, {
        pattern,
        paths: [where ?? '.'],
        hidden: true,
        globs: [...(include ? [include] : []), '!.git/*'],
        mode: 'content',
        sort: 'mtime-desc',
        limit: MAX_SHOWN,
        maxLineLength: MAX_LINE + 1,
      });
    } catch (err) {
      // ripgrep's exit 2 (a bad regex, a missing path) is no error to grok-dev: no matches, some paths skipped.
      if (
        isEngineError(err) &&
        (err.kind === 'not_found' || (err.kind === 'invalid_argument' && !err.facts.violations))
      )
        return devOk(`${NOTHING}\n${SKIPPED}`);
      throw err;
    }
    const host = { counts: { matches: r.total, files: r.totalFiles }, truncated: r.truncated };
    if (r.total === 0) return devOk(NOTHING, {}, host);
    return devOk(listing(r, c.session.cwd ?? c.scope.primary), {}, host);
  },
  errors: devWords<Args>(schema.schema, {}, 'error'),
});
