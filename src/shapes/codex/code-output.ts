// The answer of exec and wait in code mode: a header item ("Script completed|failed|running
// with cell ID N|terminated", the wall time to a tenth of a second, "Output:"), then one item
// per text() or image() of the script, then "Script error:" with the failure. The emitted text
// is held to the token budget (max_output_tokens, or wait's max_tokens) with exec_command's
// middle truncation and warning.
import { EngineError } from '../../engine/index.js';
import type { Blob } from '../../registry/types.js';
import type { Reply } from '../common/define.js';
import { cutText } from '../kit/text/text-cut.js';
import type { CellItem } from './code-cells.js';
import { withWarning } from './output.js';

export type CellStatus = 'completed' | 'failed' | 'terminated' | { running: string };

/** The header item. */
export const cellHeader = (status: CellStatus, wallSeconds: number) =>
  `Script ${typeof status === 'string' ? status : `running with cell ID ${status.running}`}\nWall time ${wallSeconds.toFixed(1)} seconds\nOutput:\n`;

/** What an undecodable image() becomes, as Codex words it. */
const IMAGE_OMITTED = 'image content omitted because it could not be processed';

/** The bytes and media type of a base64 data: URL of an image, or undefined when it is not one. */
function imageOf(url: string): Blob | undefined {
  const m = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(url);
  if (!m) return undefined;
  const data = Buffer.from(m[2]!, 'base64');
  const png = data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = data[0] === 0xff && data[1] === 0xd8;
  const gif = data.subarray(0, 4).toString('latin1') === 'GIF8';
  const webp = data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';
  return png || jpeg || gif || webp ? { mediaType: m[1]!.toLowerCase(), data: new Uint8Array(data) } : undefined;
}

/**
 * The reply for a cell's items under `status`; texts past the byte budget are cut (the first one over it keeps its head
 * and tail, later ones are dropped).
 */
export function cellReply(
  status: CellStatus,
  wallSeconds: number,
  items: readonly CellItem[],
  budgetBytes: number,
  error?: string,
  notes: readonly string[] = [],
): Reply {
  const parts: string[] = [];
  const blobs: Blob[] = [];
  let left = budgetBytes;
  for (const item of items) {
    if ('image' in item) {
      const blob = imageOf(item.image);
      if (blob) blobs.push(blob);
      else parts.push(IMAGE_OMITTED);
      continue;
    }
    if (left < 0) continue;
    const bytes = Buffer.byteLength(item.text, 'utf8');
    if (bytes <= left) {
      parts.push(item.text);
      left -= bytes;
    } else {
      parts.push(withWarning(cutText(item.text, left)));
      left = -1;
    }
  }
  if (error !== undefined) parts.push(`Script error:\n${error}`);
  const failed = status === 'failed';
  return {
    text: cellHeader(status, wallSeconds),
    ...(parts.length > 0 ? { parts } : {}),
    ...(blobs.length > 0 ? { blobs } : {}),
    host: {
      summary: `Script ${typeof status === 'string' ? status : `running as cell ${status.running}`}`,
      ...(notes.length > 0 ? { details: { notifications: [...notes] } } : {}),
    },
    ...(failed ? { failure: new EngineError('process_failed', error ?? 'the script failed') } : {}),
  };
}
