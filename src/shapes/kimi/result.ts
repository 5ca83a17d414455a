// Kimi CLI's result framing: a tool's short message goes to the model inside
// <system>…</system> (errors as <system>ERROR: …</system>), followed by the tool's output
// as its own text part; a result with neither says the output is empty. Output of the
// shell, grep and web tools is capped like Kimi's result builder: 50,000 characters in all
// and (for some tools) 2,000 per line, with a note in the message when anything was cut.
import { EngineError } from '../../engine/index.js';
import type { ContentItem, ToolResult } from '../../registry/types.js';
import { fail, ok, type HostBlock } from '../common/result.js';

export const MAX_CHARS = 50_000;
export const MAX_LINE_LENGTH = 2000;
const MARKER = '[...truncated]';
export const TRUNCATED_NOTE = 'Output is truncated to fit in the message.';

export const system = (message: string): string => `<system>${message}</system>`;
export const systemError = (message: string): string => `<system>ERROR: ${message}</system>`;

/** A successful Kimi result: the message (if any) framed, then the output (if any). */
export function kimiOk(message: string, output: string, host: HostBlock, extra: ContentItem[] = []): ToolResult {
  const parts = [...(message ? [system(message)] : []), ...(output ? [output] : [])];
  if (parts.length === 0 && extra.length === 0) parts.push(system('Tool output is empty.'));
  const [first, ...rest] = parts.length > 0 ? parts : [''];
  return ok(first!, host, [...rest.map((text) => ({ text })), ...extra]);
}

/** A failed Kimi result: the framed error, then any output the tool produced. */
export function kimiFail(message: string, output: string, err: EngineError, host: HostBlock): ToolResult {
  return fail(systemError(message), err, host, output ? [{ text: output }] : []);
}

/** Cuts a line (its break kept) to `max` characters ending in `marker`, as Kimi does. */
export function cutLine(line: string, max: number, marker: string): string {
  if (line.length <= max) return line;
  const brk = /[\r\n]+$/.exec(line)?.[0] ?? '';
  const end = marker + brk;
  return line.slice(0, Math.max(max, end.length) - end.length) + end;
}

/** Accumulates output under Kimi's caps: total characters, and characters per line (null: no line cap). */
export class OutputBuilder {
  private out = '';
  truncated = false;

  constructor(
    private readonly maxChars = MAX_CHARS,
    private readonly maxLine: number | null = MAX_LINE_LENGTH,
  ) {}

  get full(): boolean {
    return this.out.length >= this.maxChars;
  }

  write(text: string): void {
    for (const line of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
      if (this.full) {
        this.truncated = true;
        return;
      }
      const room = this.maxChars - this.out.length;
      const cut = cutLine(line, this.maxLine === null ? room : Math.min(room, this.maxLine), MARKER);
      if (cut !== line) this.truncated = true;
      this.out += cut;
    }
  }

  get text(): string {
    return this.out;
  }

  /** The message with the truncation note added when something was cut. */
  message(message: string, endWithPeriod = true): string {
    let m = message;
    if (m && endWithPeriod && !m.endsWith('.')) m += '.';
    if (!this.truncated) return m;
    return m ? `${m} ${TRUNCATED_NOTE}` : TRUNCATED_NOTE;
  }
}

/**
 * Runs a tool body; an EngineError it throws becomes a framed Kimi error result worded by
 * `words`, with `output` (if any) after it.
 */
export async function framed(
  host: HostBlock,
  run: () => Promise<ToolResult>,
  words: (err: EngineError) => string,
  output: (err: EngineError) => Promise<string> = async () => '',
): Promise<ToolResult> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    return kimiFail(words(err), await output(err), err, host);
  }
}
