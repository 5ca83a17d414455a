// What one read found, as plain data without its bytes: the range shown, the encoding, the
// media type and pixel size, the cell count. Tools hand it to hosts as they are.
import type { ReadResult } from '../../../engine/index.js';

/** The structured description of one read (no bytes). */
export function describeRead(r: ReadResult): Record<string, unknown> {
  // Built field by field: object spread is slow on this per-call path (see read.ts).
  const out: Record<string, unknown> = { path: r.path, kind: r.kind, size: r.size };
  switch (r.kind) {
    case 'text':
      out.startLine = r.startLine;
      out.endLine = r.endLine;
      out.hasMore = r.hasMore;
      if (r.totalLines !== undefined) out.totalLines = r.totalLines;
      out.encoding = r.encoding;
      if (r.bom) out.bom = true;
      out.lineEnding = r.lineEnding;
      if (r.truncatedLines.length) out.truncatedLines = r.truncatedLines;
      if (r.stoppedBy === 'budget') out.stoppedBy = 'budget';
      break;
    case 'image':
    case 'pdf':
      out.mediaType = r.mediaType;
      if (r.width) {
        out.width = r.width;
        out.height = r.height;
      }
      break;
    case 'binary':
      if (r.mediaType) out.mediaType = r.mediaType;
      break;
    case 'notebook':
      out.cells = r.notebook.cells.length;
      break;
  }
  return out;
}
