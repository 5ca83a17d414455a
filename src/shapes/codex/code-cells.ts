// Codex's exec cells: each exec call starts a script (a cell, numbered from 1 per session); the
// call waits until the script ends, yields (yield_control), or yield_time_ms passes, and answers
// with what the script emitted meanwhile. A cell still running is kept for `wait`, which waits on
// it again, or terminates it. Values a script stores outlive it, for the session's later cells.
import type { Engine, Session } from '../../engine/index.js';
import type { Call } from '../common/define.js';
import { CODE_PRELUDE, type PreludeInput, type ScriptPost } from './code-prelude.js';

type ScriptRun = ReturnType<Engine['scripts']['start']>;
type ScriptEnd = Awaited<ScriptRun['done']>;

/** One thing a cell emitted, in order. */
export type CellItem = { text: string } | { image: string };

export interface Cell {
  readonly id: string;
  readonly run: ScriptRun;
  /** Emitted since the last answer. */
  items: CellItem[];
  /** The script's error, once it failed. */
  error?: string;
  /** How its process ended, once it did (or exit() was called). */
  ended?: ScriptEnd;
  /** Set once the script's realm is ready: its yield time counts from then, not from the process's start. */
  started: boolean;
  /** Set by yield_control until an answer takes it. */
  yielded: boolean;
  /** Called on every change a waiting call may care about (an item, a yield, the end). */
  wake?: () => void;
  /** Texts of notify(): Codex injects them into the model's context; Facet hands them to the host. */
  notes: string[];
}

interface Cells {
  next: number;
  live: Map<string, Cell>;
  stored: Record<string, unknown>;
}

/** The most cells of a session running at once. */
export const MAX_LIVE_CELLS = 8;

const cellsOf = (session: Session) =>
  session.bag<Cells>('codex.code.cells', () => ({ next: 1, live: new Map(), stored: {} }));

export const findCell = (session: Session, id: string): Cell | undefined => cellsOf(session).live.get(id);
export const forgetCell = (session: Session, id: string): boolean => cellsOf(session).live.delete(id);
export const liveCells = (session: Session): number => cellsOf(session).live.size;

/** The file name a script's stack frames give (as Codex names its module). */
export const SCRIPT_FILE = 'exec_main.mjs';

/**
 * Starts a cell running `source`; nested tool calls go to `callTool`, which answers with the JSON of the value or of
 * the thrown one.
 */
export function startCell(
  c: Call,
  source: string,
  tools: PreludeInput['tools'],
  callTool: (name: string, args: string) => Promise<{ ok: boolean; value: string }>,
): Cell {
  const cells = cellsOf(c.session);
  const id = String(cells.next++);
  const input: PreludeInput = { tools, stored: cells.stored, filename: SCRIPT_FILE, lines: source.split('\n').length };
  const holder: { cell?: Cell } = {};
  const run = c.engine.scripts.start(c, {
    prelude: CODE_PRELUDE,
    source,
    filename: SCRIPT_FILE,
    input: JSON.stringify(input),
    call: callTool,
    post(data) {
      const m = JSON.parse(data) as ScriptPost;
      const cell = holder.cell!;
      if (m.k === 'text') cell.items.push({ text: m.text });
      else if (m.k === 'image') cell.items.push({ image: m.url });
      else if (m.k === 'notify') cell.notes.push(m.text);
      else if (m.k === 'store') cells.stored[m.key] = m.value;
      else if (m.k === 'started') cell.started = true;
      else if (m.k === 'yield') cell.yielded = true;
      else if (m.k === 'error') cell.error ??= m.text;
      else if (m.k === 'exit') {
        // exit() ends the script at once, whatever timers or calls are pending.
        cell.ended ??= { kind: 'finished' };
        run.kill();
      }
      cell.wake?.();
    },
  });
  const cell: Cell = { id, run, items: [], started: false, yielded: false, notes: [] };
  holder.cell = cell;
  cells.live.set(id, cell);
  void run.done.then((end) => {
    cell.ended ??= end;
    cell.wake?.();
  });
  return cell;
}

/** How a wait on a cell ended. */
export type Settled = 'ended' | 'yielded' | 'timed_out' | 'aborted';

/** Waits until the cell ends, yields, `ms` pass, or the call is cancelled. */
export function settle(cell: Cell, ms: number, signal: AbortSignal): Promise<Settled> {
  if (cell.ended) return Promise.resolve('ended');
  if (cell.yielded) return Promise.resolve('yielded');
  return new Promise((resolve) => {
    const done = (why: Settled) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      cell.wake = undefined;
      resolve(why);
    };
    const onAbort = () => done('aborted');
    let timer: NodeJS.Timeout | undefined;
    const clock = () => (timer ??= setTimeout(() => done('timed_out'), ms));
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) return done('aborted');
    if (cell.started) clock();
    cell.wake = () => {
      if (cell.ended) done('ended');
      else if (cell.yielded) done('yielded');
      else if (cell.started) clock();
    };
  });
}

/** The cell's items since the last answer, taken (a yield is taken with them). */
export function takeItems(cell: Cell): CellItem[] {
  const items = cell.items;
  cell.items = [];
  cell.yielded = false;
  return items;
}
