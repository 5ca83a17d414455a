// Parser for the apply_patch envelope format (*** Begin Patch ... *** End Patch): Add, Delete and
// Update File hunks, Move to, @@ chunks and *** End of File. Errors point at the bad line
// (1-based, counted in the input as given).
import { EngineError, engineFailure } from '../errors.js';

export interface UpdateChunk {
  /** The `@@ <context>` line's text, searched for before the chunk's lines. */
  context?: string;
  oldLines: string[];
  newLines: string[];
  /** The chunk must match at the end of the file. */
  endOfFile: boolean;
}

export type PatchHunk =
  | { type: 'add'; path: string; contents: string; line: number }
  | { type: 'delete'; path: string; line: number }
  | { type: 'update'; path: string; moveTo?: string; chunks: UpdateChunk[]; line: number };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARK = '*** End of File';

function invalid(message: string, line?: number, text?: string): EngineError {
  return engineFailure(
    'invalid_patch',
    line ? `invalid patch at line ${line}: ${message}` : `invalid patch: ${message}`,
    { ...(line ? { line } : {}), ...(text !== undefined ? { text } : {}), reason: message },
    { field: 'patch' },
  );
}

/**
 * The last patch parsed: a call's patch is parsed for the paths it touches, then again to apply
 * it (a 3 MB patch took the loop ~5 ms each time).
 */
let last: { input: string; hunks: PatchHunk[] } | undefined;

/**
 * Parses a whole patch; also accepts it wrapped in a <<EOF heredoc, as the reference does. The
 * same patch parsed again soon after gives the same hunks (not to be changed by the caller).
 */
export function parsePatch(input: string): PatchHunk[] {
  if (last?.input === input) return last.hunks;
  const hunks = parseHunks(input);
  // Kept for a second at most: the call's own parses are done by then, and a big patch is not held on to.
  if (last === undefined) setTimeout(() => (last = undefined), 1000).unref();
  last = { input, hunks };
  return hunks;
}

function parseHunks(input: string): PatchHunk[] {
  const trimmed = input.trim();
  const lead = input.slice(0, input.indexOf(trimmed)).split('\n').length - 1; // lines dropped by the trim
  let lines = trimmed.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  let offset = lead; // lines[i] is input line offset + i + 1
  const envelope = (ls: string[]) => {
    if (ls[0]?.trim() !== BEGIN) return `the first line of the patch must be '${BEGIN}'`;
    if (ls.length < 2 || ls[ls.length - 1]!.trim() !== END) return `the last line of the patch must be '${END}'`;
    return undefined;
  };
  let problem = envelope(lines);
  if (problem) {
    const heredoc = lines.length >= 4 && /^<<(['"]?)EOF\1$/.test(lines[0]!) && lines[lines.length - 1]!.endsWith('EOF');
    if (!heredoc)
      throw invalid(
        problem,
        problem.startsWith('the first') ? offset + 1 : offset + lines.length,
        problem.startsWith('the first') ? lines[0] : lines[lines.length - 1],
      );
    lines = lines.slice(1, -1);
    offset += 1;
    problem = envelope(lines);
    if (problem) throw invalid(problem);
  }
  const body = lines.slice(1, -1);
  const hunks: PatchHunk[] = [];
  let i = 0;
  const lineNo = (k: number) => offset + k + 2; // body[k] is lines[k + 1]
  while (i < body.length) {
    const header = body[i]!.trim();
    const at = lineNo(i);
    if (header.startsWith(ADD)) {
      const path = header.slice(ADD.length);
      const added: string[] = [];
      i++;
      while (i < body.length && body[i]!.startsWith('+')) added.push(body[i++]!.slice(1));
      // Joined once: a rope of 60,000 pieces cost a flattening copy when first read.
      const contents = added.length === 0 ? '' : `${added.join('\n')}\n`;
      hunks.push({ type: 'add', path, contents, line: at });
    } else if (header.startsWith(DELETE)) {
      hunks.push({ type: 'delete', path: header.slice(DELETE.length), line: at });
      i++;
    } else if (header.startsWith(UPDATE)) {
      const path = header.slice(UPDATE.length);
      i++;
      let moveTo: string | undefined;
      if (i < body.length && body[i]!.startsWith(MOVE)) moveTo = body[i++]!.slice(MOVE.length);
      const chunks: UpdateChunk[] = [];
      while (i < body.length) {
        const l = body[i]!;
        if (l.trim() === '') {
          i++;
          continue;
        }
        if (l.startsWith('*')) break;
        const r = parseChunk(body, i, chunks.length === 0, lineNo);
        chunks.push(r.chunk);
        i = r.next;
      }
      if (chunks.length === 0) throw invalid(`update hunk for '${path}' is empty`, at, body[at - offset - 2]);
      hunks.push({ type: 'update', path, moveTo, chunks, line: at });
    } else {
      throw invalid(
        `'${header}' is not a valid hunk header (expected '${ADD}{path}', '${DELETE}{path}' or '${UPDATE}{path}')`,
        at,
        body[i],
      );
    }
  }
  for (const h of hunks) {
    if (h.path === '' || (h.type === 'update' && h.moveTo === '')) throw invalid('a file path is empty', h.line);
  }
  return hunks;
}

function parseChunk(
  body: string[],
  start: number,
  first: boolean,
  lineNo: (k: number) => number,
): { chunk: UpdateChunk; next: number } {
  let i = start;
  let context: string | undefined;
  const head = body[i]!;
  if (head === '@@') i++;
  else if (head.startsWith('@@ ')) {
    context = head.slice(3);
    i++;
  } else if (!first) {
    throw invalid(`expected an '@@' line to start the next chunk, got '${head}'`, lineNo(i), head);
  }
  const chunk: UpdateChunk = { context, oldLines: [], newLines: [], endOfFile: false };
  let diffLines = 0;
  for (; i < body.length; i++) {
    const l = body[i]!;
    if (l === EOF_MARK) {
      if (diffLines === 0) throw invalid(`'${EOF_MARK}' before any change line`, lineNo(i), l);
      chunk.endOfFile = true;
      i++;
      break;
    }
    const c = l[0];
    if (l === '') {
      chunk.oldLines.push('');
      chunk.newLines.push('');
    } else if (c === ' ') {
      chunk.oldLines.push(l.slice(1));
      chunk.newLines.push(l.slice(1));
    } else if (c === '+') chunk.newLines.push(l.slice(1));
    else if (c === '-') chunk.oldLines.push(l.slice(1));
    else {
      if (diffLines === 0) {
        throw invalid(
          `unexpected line in an update chunk: '${l}' (each line starts with ' ', '+' or '-')`,
          lineNo(i),
          l,
        );
      }
      break;
    }
    diffLines++;
  }
  if (diffLines === 0) throw invalid('update chunk has no lines', lineNo(start), head);
  return { chunk, next: i };
}
