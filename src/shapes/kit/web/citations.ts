// Grounded search answers: "[n]" markers inserted after each supported segment.
import type { Grounding } from '../../../engine/index.js';

/**
 * Inserts "[n]" markers after each grounded segment: support end indices are UTF-8 byte
 * offsets into the answer, so the insertion works on its bytes (later positions first).
 */
export function withCitations(answer: string, grounding: Grounding): string {
  const inserts: Array<{ at: number; mark: string }> = [];
  for (const s of grounding.supports) {
    const seg = s.segment as { endIndex?: number } | undefined;
    const idx = s.groundingChunkIndices as number[] | undefined;
    if (!seg || typeof seg.endIndex !== 'number' || !Array.isArray(idx) || idx.length === 0) continue;
    inserts.push({ at: seg.endIndex, mark: idx.map((i) => `[${i + 1}]`).join('') });
  }
  inserts.sort((a, b) => b.at - a.at);
  const bytes = Buffer.from(answer, 'utf8');
  const parts: Buffer[] = [];
  let end = bytes.length;
  for (const ins of inserts) {
    const at = Math.max(0, Math.min(ins.at, end));
    parts.unshift(bytes.subarray(at, end));
    parts.unshift(Buffer.from(ins.mark, 'utf8'));
    end = at;
  }
  parts.unshift(bytes.subarray(0, end));
  return Buffer.concat(parts).toString('utf8');
}
